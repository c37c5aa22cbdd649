//! Game records as arbiters have them, read into a start position and the
//! moves as written: PGN as xiangqi databases write it ([`pgn`]), a plain
//! numbered score sheet (the same move text without tags; header lines above
//! the moves, as in 东萍 (dpxq.com)'s plain-text export, go to the record's
//! tags), Vietnamese moves spelled out in words ([`spelled`]), and the
//! DhtmlXQ blocks of Chinese sites ([`dhtmlxq`]), the WXF file format PlayOK exports in
//! ([`wxf_file`]), and XQStudio's binary XQF files
//! ([`xqf`], told by their bytes before any decoding: [`sniff`]). Each move keeps where it
//! stands in the text (line, column) and its move number, so that an error
//! can point into the record. Which notation the moves are in is the
//! record's to say (PGN's `[Format]`) or [`detect_notation`]'s to find.
//!
//! A record's bytes in the encoding it was saved in (GBK, Big5, UTF-16, ...) are read into
//! text first ([`decode`]). Game files we recognise and cannot read (CCBridge's binary CBR
//! and CBL, its XML CBF) are refused as what they are ([`Unreadable`]), not misread as text.
//!
//! No I/O and no HTTP: bytes or text in, [`Record`] out.

pub mod decode;
pub mod dhtmlxq;
pub mod games;
pub mod pgn;
mod record;
pub mod spelled;
pub mod wxf_file;
pub mod xqf;

pub use record::{Format, Opened, Record, RecordError, RecordMove, RecordProblem, Unreadable};

use std::borrow::Cow;

use crate::xiangqi::Position;
use crate::xiangqi::notation::Notation;

/// Reads a record in any of the [`Format`]s, telling them apart by their
/// text: a first line `FORMAT …` and `START{` for a WXF file, `[DhtmlXQ` blocks anywhere (they are often pasted with the page around
/// them), else `[` tags first for PGN, otherwise a sheet. Lines may end in
/// LF, CR LF or CR alone (old Mac editors, some Windows exports).
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = &*lf_line_ends(text);
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('<') && text.contains("<ChineseChessRecord") {
        return Err(RecordError {
            line: 0,
            column: 0,
            problem: RecordProblem::Unreadable(Unreadable::Cbf),
        });
    }
    if wxf_file::is_wxf_file(text) {
        wxf_file::read(text)
    } else if dhtmlxq::is_dhtmlxq(text) {
        dhtmlxq::read(text)
    } else if start.starts_with('[') {
        pgn::read(text, Format::Pgn)
    } else {
        pgn::read(text, Format::Sheet)
    }
}

/// What a record's bytes are, told before they are decoded: a binary format has no
/// encoding, and decoded as text it would only give misleading errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sniffed {
    /// An XQF file ([`xqf::read`]).
    Xqf,
    /// A binary game file we do not read.
    Unreadable(Unreadable),
    /// Text, in some encoding ([`decode`], then [`read`]).
    Text,
}

/// What `bytes` are, by their first bytes: XQF's magic ([`xqf::is_xqf`]), CCBridge's
/// `CCBridge Record` or `CCBridgeLibrary` and a NUL, else text.
pub fn sniff(bytes: &[u8]) -> Sniffed {
    if xqf::is_xqf(bytes) {
        Sniffed::Xqf
    } else if bytes.starts_with(b"CCBridge Record\0") {
        Sniffed::Unreadable(Unreadable::Cbr)
    } else if bytes.starts_with(b"CCBridgeLibrary\0") {
        Sniffed::Unreadable(Unreadable::Cbl)
    } else {
        Sniffed::Text
    }
}

/// `text` with every line ending in LF: CR LF and a CR alone become LF, so that a CR-only
/// record does not read as one line (where `h9g7\r2.` would glue into one token). A copy only
/// when there is a CR.
fn lf_line_ends(text: &str) -> Cow<'_, str> {
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Why no single notation reads a record's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationMismatch {
    /// No notation reads every move as a legal move: for each, the first
    /// move it fails on (index into the moves).
    None(Vec<(Notation, usize)>),
    /// More than one notation reads every move, to different games.
    Ambiguous(Vec<Notation>),
}

/// The notation that reads every move of `moves`, played from `start`, as a
/// legal move. Notations that read the game to the same moves agree, so
/// only a real ambiguity is an error.
pub fn detect_notation(
    start: &Position,
    moves: &[RecordMove],
) -> Result<Notation, NotationMismatch> {
    let mut fits: Vec<(Notation, Vec<crate::xiangqi::Move>)> = Vec::new();
    let mut failures = Vec::new();
    for notation in Notation::ALL {
        match replay_as(notation, start, moves) {
            Ok(game) => fits.push((notation, game)),
            Err(at) => failures.push((notation, at)),
        }
    }
    match fits.as_slice() {
        [] => Err(NotationMismatch::None(failures)),
        [(notation, _)] => Ok(*notation),
        [(first, game), rest @ ..] => {
            if rest.iter().all(|(_, g)| g == game) {
                Ok(*first)
            } else {
                Err(NotationMismatch::Ambiguous(
                    fits.iter().map(|(n, _)| *n).collect(),
                ))
            }
        }
    }
}

/// The moves read in `notation` and played from `start`, or the index of
/// the first that is unreadable or illegal.
fn replay_as(
    notation: Notation,
    start: &Position,
    moves: &[RecordMove],
) -> Result<Vec<crate::xiangqi::Move>, usize> {
    let mut pos = start.clone();
    let mut game = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let mv = notation.parse_move(&pos, &m.text).map_err(|_| i)?;
        pos.play(mv).map_err(|_| i)?;
        game.push(mv);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_lf_and_cr_alone_end_lines_like_lf() {
        for text in [
            "1. h2e2 h9g7\n2. h0g2 i9h9\n",
            "1. h2e2 h9g7\r\n2. h0g2 i9h9\r\n",
            "1. h2e2 h9g7\r2. h0g2 i9h9\r",
        ] {
            let r = read(text).unwrap();
            let moves: Vec<_> = r
                .moves
                .iter()
                .map(|m| (&*m.text, m.line, m.column))
                .collect();
            assert_eq!(
                moves,
                [
                    ("h2e2", 1, 4),
                    ("h9g7", 1, 9),
                    ("h0g2", 2, 4),
                    ("i9h9", 2, 9)
                ],
                "{text:?}"
            );
        }
    }

    #[test]
    fn the_format_is_told_by_the_first_characters() {
        assert_eq!(read("1. h2e2 h9g7").unwrap().format, Format::Sheet);
        assert_eq!(read("[Event \"x\"]\n1. h2e2").unwrap().format, Format::Pgn);
        let dhtml = "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]";
        assert_eq!(read(dhtml).unwrap().format, Format::DhtmlXq);
    }

    #[test]
    fn binary_and_xml_game_files_are_told_by_their_first_bytes() {
        let mut cbr = b"CCBridge Record\0".to_vec();
        cbr.extend([0u8; 64]);
        assert_eq!(sniff(&cbr), Sniffed::Unreadable(Unreadable::Cbr));
        assert_eq!(
            sniff(b"CCBridgeLibrary\0\x01"),
            Sniffed::Unreadable(Unreadable::Cbl)
        );
        assert_eq!(sniff(b"1. h2e2 h9g7"), Sniffed::Text);
        assert_eq!(sniff(b"CCBridge Record: 1. h2e2"), Sniffed::Text);
        let cbf = "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
                   <ChineseChessRecord Version=\"1.0\">\n<Head></Head>\n\
                   <MoveList><Move value=\"00-00\"/></MoveList></ChineseChessRecord>";
        let e = read(cbf).unwrap_err();
        assert_eq!(e.problem, RecordProblem::Unreadable(Unreadable::Cbf));
        assert_eq!(
            e.problem.to_string(),
            "XML format CBF is not supported; export the game as PGN"
        );
    }

    #[test]
    fn the_notation_is_detected_when_exactly_one_reads_the_game() {
        let start = Position::new();
        let sheet = read("1. C2=5 H8+7 2. H2+3 R9=8").unwrap();
        assert_eq!(detect_notation(&start, &sheet.moves), Ok(Notation::Wxf));
        let sheet = read("1. h2e2 h9g7").unwrap();
        assert_eq!(detect_notation(&start, &sheet.moves), Ok(Notation::Iccs));
        let sheet = read("1. 炮二平五 马８进７").unwrap();
        assert_eq!(detect_notation(&start, &sheet.moves), Ok(Notation::Chinese));
        let sheet = read("1. h2e2 h9g7 2. zz").unwrap();
        match detect_notation(&start, &sheet.moves) {
            Err(NotationMismatch::None(failures)) => {
                assert!(failures.contains(&(Notation::Iccs, 2)), "{failures:?}")
            }
            other => panic!("{other:?}"),
        }
    }
}
