//! The WXF file format: the "Chinese Chess File Format" Huayong Yang drafted for the World
//! Xiangqi Federation (adapted from ICCS, USCF notation and SGF), in which PlayOK exports its
//! xiangqi games. Header lines `KEY value` (white space between, no colon, no brackets):
//! `FORMAT WXF` (the moves' format: `WXF` or `AXF`, the conventional `C2=5`; `ICCS`, `H2-E2`;
//! after a comma, piece symbols, ignored), `GAME`, `RED`, `BLACK`, `DATE`, `PLACE`, `EVENT`,
//! `ROUND`, `RESULT`, `FEN`; then the moves, numbered as a score sheet numbers them, between
//! `START{` and `}END` (what follows `}END` is not read; a second `}` before `END`, as some
//! exports write it, is skipped).
//!
//! The header goes to the record's tags under PGN's names (`PLACE` as `Site`, `GAME` as
//! `Game`, the others capitalised; a key we do not know as written), `FORMAT` to its notation,
//! `RESULT` and `FEN` to its result and start. The moves are read as a score sheet's
//! ([`super::pgn`]), each at its line and column in the file.

use super::pgn;
use super::record::{Format, Record, RecordError, RecordProblem};
use crate::xiangqi::notation::Notation;

/// The header keys PGN has a name for, and the name.
const TAGS: [(&str, &str); 9] = [
    ("GAME", "Game"),
    ("RED", "Red"),
    ("BLACK", "Black"),
    ("DATE", "Date"),
    ("PLACE", "Site"),
    ("EVENT", "Event"),
    ("ROUND", "Round"),
    ("RESULT", "Result"),
    ("FEN", "FEN"),
];

/// Whether `text` is a WXF file: its first line that is not blank is `FORMAT` and a value,
/// and `START{` opens its moves.
pub fn is_wxf_file(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty());
    first.is_some_and(|l| {
        l.get(..6).is_some_and(|k| k.eq_ignore_ascii_case("FORMAT"))
            && l[6..].starts_with(char::is_whitespace)
    }) && text.contains("START{")
}

/// Reads a WXF file (lines ending in LF).
pub fn read(text: &str) -> Result<Record, RecordError> {
    let start = text.find("START{").unwrap_or(text.len());
    let body_from = (start + "START{".len()).min(text.len());
    let rest = &text[body_from..];
    let end = rest
        .find("}END")
        .or_else(|| rest.find("END"))
        .map_or(text.len(), |i| body_from + i);
    // The moves end at the `}` (or `}}`) before `END`.
    let body_to = body_from
        + text[body_from..end]
            .trim_end_matches(['\n', '\r', ' ', '\t', '}'])
            .len();
    // The moves read where they stand: everything else blanked, one space a character.
    let masked: String = text
        .char_indices()
        .map(|(i, c)| match c {
            '\n' => '\n',
            _ if (body_from..body_to).contains(&i) => c,
            _ => ' ',
        })
        .collect();
    let mut record = pgn::read(&masked, Format::Sheet)?;
    record.format = Format::WxfFile;
    let mut tags = Vec::new();
    let mut result = None;
    for (i, line) in text[..start].lines().enumerate() {
        let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let line = line.trim().trim_start_matches('\u{feff}');
        let Some((key, value)) = line.split_once(char::is_whitespace) else {
            continue;
        };
        let value = value.trim();
        let upper = key.to_ascii_uppercase();
        match upper.as_str() {
            "FORMAT" => {
                let name = value.split(',').next().unwrap_or("").trim();
                record.notation = Some(notation(name).ok_or_else(|| RecordError {
                    line: line_no,
                    column: 1,
                    problem: RecordProblem::UnknownFormat(name.to_owned()),
                })?);
                continue;
            }
            "RESULT" if !value.is_empty() => result = Some(value.to_owned()),
            "FEN" if !value.is_empty() => record.fen = Some(value.to_owned()),
            _ => {}
        }
        let name = TAGS
            .iter()
            .find(|(k, _)| *k == upper)
            .map_or(key, |(_, name)| name);
        tags.push((name.to_owned(), value.to_owned()));
    }
    tags.append(&mut record.tags);
    record.tags = tags;
    if result.is_some() {
        record.result = result;
    }
    Ok(record)
}

/// The notation a `FORMAT` names: WXF (AXF is its other name), ICCS, or one of ours.
fn notation(name: &str) -> Option<Notation> {
    if name.eq_ignore_ascii_case("AXF") {
        return Some(Notation::Wxf);
    }
    Notation::ALL
        .into_iter()
        .find(|n| n.name().eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "FORMAT\tWXF\nGAME\tPlayOK\nRED\tan;1650\nBLACK\tbinh;1580\n\
                        DATE\t2026-12-04\nPLACE\twww.playok.com\nRESULT\t1-0\nSTART{\n  \
                        1. C2=5    H8+7\n  2. H2+3    R9=8\n}END\n";

    #[test]
    fn the_header_gives_tags_and_the_moves_stand_where_they_are() {
        assert!(is_wxf_file(FILE));
        assert!(!is_wxf_file("FORMATTED: 1. h2e2"));
        let r = read(FILE).unwrap();
        assert_eq!(r.format, Format::WxfFile);
        assert_eq!(r.notation, Some(Notation::Wxf));
        assert_eq!(r.result.as_deref(), Some("1-0"));
        let moves: Vec<_> = r
            .moves
            .iter()
            .map(|m| (m.text.as_str(), m.line, m.column))
            .collect();
        assert_eq!(
            moves,
            [
                ("C2=5", 9, 6),
                ("H8+7", 9, 14),
                ("H2+3", 10, 6),
                ("R9=8", 10, 14)
            ]
        );
        let tags: Vec<_> = r
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Game", "PlayOK"),
                ("Red", "an;1650"),
                ("Black", "binh;1580"),
                ("Date", "2026-12-04"),
                ("Site", "www.playok.com"),
                ("Result", "1-0")
            ]
        );
    }

    #[test]
    fn a_doubled_brace_and_what_follows_end_are_not_moves() {
        let r = read("FORMAT ICCS\nSTART{\n1. H2-E2 H9-G7 }}END\nnot a move\n").unwrap();
        assert_eq!(r.notation, Some(Notation::Iccs));
        assert_eq!(r.moves.len(), 2);
        let e = read("FORMAT LALG\nSTART{\n1. Ch2-e2\n}END").unwrap_err();
        assert_eq!(e.problem, RecordProblem::UnknownFormat("LALG".to_owned()));
    }
}
