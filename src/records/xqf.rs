//! XQF, the binary game file of XQStudio (象棋演播室, by Dong Shiwei), the most common
//! Chinese game file: read into a [`Record`], its main line only, its comments and variations
//! skipped.
//!
//! Written by hand: no crate reads XQF (none on crates.io), and the format is small. The
//! layout is the one XQStudio's own field list (`XQFRW.pas`) gives, as the public readers of
//! the format document it:
//!
//! * **Header**, 1,024 bytes. `XQ` at 0, the version at 2 (`0x0A` is 1.0, ..., `0x12` is 1.8),
//!   then the keys: a mask at 3, four "or" bytes at 8-11, the keys' sum at 12, and the keys of
//!   the piece table (13), of a move's from-square (14) and its to-square (15). At 16, the
//!   **piece table**: one byte per piece, 32 of them in a fixed order (Red's rook, horse,
//!   elephant, advisor, king, advisor, elephant, horse, rook, two cannons, five pawns, then
//!   Black's the same), each a point `10 × file + rank` with file 0-8 from Red's left and rank
//!   0-9 from Red's side (ICCS's files and ranks), above 89 for a piece not on the board.
//!   At `0x32` who moves first (1 Black), at `0x33` the result (1 Red wins, 2 Black wins, 3
//!   or 4 a draw). Text fields are Pascal short strings (a length byte, then GB18030 text):
//!   the title at `0x50` (64 bytes), the event at `0xD0` (64), the date at `0x110`, the site
//!   at `0x120`, Red at `0x130`, Black at `0x140` (16 each), the opening at `0x150` (64), the
//!   annotator at `0x1D0` and the author at `0x1E0` (16 each).
//! * **Move tree**, from byte 1,024: one record per node, the start's node first, in
//!   preorder with the main continuation before the variation: four bytes (from-square,
//!   to-square, a tag, a spare byte), then a comment. Since a node's continuation comes
//!   straight after it, the main line is the run of records from the start while each says
//!   it has a continuation; the variations come after it and are never read. Version 1.0 and
//!   before (`<= 0x0A`): the squares are the point plus `0x18` and `0x20`, the tag's high
//!   nibble says "a continuation follows", its low one "a variation follows", and a 32-bit
//!   comment length always follows the four bytes.
//! * **The obfuscation of later versions** (`> 0x0A`): each key byte `k` of the header is
//!   stretched to `((((k² · 3 + 9) · 3 + 8) · 2 + 1) · 3 + 8) · c` mod 256, `c` the previous
//!   key (the piece table's key its own byte, the from-key the piece table's, the to-key the
//!   from-key's). The piece table's bytes are less its key and, from 1.2 (`0x0C`), rotated by
//!   it (byte `i` holds piece `(i + key + 1) mod 32`). Every byte from 1,024 on is less
//!   a byte of a 32-byte key: the text `[(C) Copyright Mr. Dong Shiwei.]`, each byte masked
//!   by one of four bytes made of the header's key bytes, the mask and the "or" bytes, picked
//!   by the byte's offset in the file. In a move, the squares are further less their keys;
//!   the tag's bit 7 says "a continuation follows", bit 6 "a variation follows", bit 5 "a
//!   comment follows", whose 32-bit length is more by `(sum · 256 + piece key byte) mod
//!   32000 + 767`.
//!
//! The start position is the piece table's, so a game from a set-up position reads as one.
//! The side to move is the colour of the piece the first move moves (as readers of the
//! format take it: the header's byte is not always set), else the header's. Moves come out
//! in ICCS; the header's text fields go to [`Record::tags`] under PGN's names (`Title`,
//! `Event`, `Date`, `Site`, `Red`, `Black`, `Opening`, `Annotator`, `Author`), and its result
//! to [`Record::result`] and the tag `Result` (`1-0`, `0-1`, `1/2-1/2`).
//!
//! Every offset is checked: a file cut short, a comment longer than the file, a square off
//! the board or a text field longer than its room is a [`RecordProblem`], never a panic or an
//! allocation the file's length does not bound. A record read here has no lines: its errors
//! and its moves stand at line 0, column 0, and the problem says the byte.

use encoding_rs::GB18030;

use super::record::{Format, Record, RecordError, RecordMove, RecordProblem};
use crate::xiangqi::notation::Notation;

/// The length of the header; the move tree starts here.
pub const HEADER_LEN: usize = 0x400;

/// The last version that stores everything as it is.
const PLAIN_UP_TO: u8 = 0x0A;
/// The first version that rotates the piece table.
const ROTATED_FROM: u8 = 0x0C;

/// The roles of the piece table's order, Red's sixteen then Black's (FEN letters).
const ORDER: [char; 16] = [
    'r', 'n', 'b', 'a', 'k', 'a', 'b', 'n', 'r', 'c', 'c', 'p', 'p', 'p', 'p', 'p',
];

/// The header's text fields: offset, room (the length byte included), and the PGN tag.
const FIELDS: [(usize, usize, &str); 9] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "Opening"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// The text the move tree's key is made of.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Whether `bytes` are an XQF file, by its magic: `XQ`, then a version byte that no text has
/// there (a control character), or, for version 1.0 (`0x0A`, a line feed), a NUL byte in the
/// header (its empty fields), which no text record has.
pub fn is_xqf(bytes: &[u8]) -> bool {
    match bytes {
        [b'X', b'Q', version, ..] => match version {
            b'\n' => bytes[..bytes.len().min(HEADER_LEN)].contains(&0),
            b'\t' | b'\r' => false,
            v => *v < 0x20 || *v >= 0x7F,
        },
        _ => false,
    }
}

/// The keys of a file, derived from its header.
struct Keys {
    /// Subtracted from each piece table byte.
    pieces: u8,
    /// Subtracted from a move's from-square byte, beyond `0x18`.
    from: u8,
    /// Subtracted from a move's to-square byte, beyond `0x20`.
    to: u8,
    /// Added to a comment's length.
    comment: i64,
    /// Subtracted from the byte at offset `o` of the move tree: `stream[o % 32]`; `None` for
    /// the plain versions.
    stream: Option<[u8; 32]>,
}

/// A key byte stretched by the format's polynomial and multiplied by `by`, mod 256.
fn stretch(key: u8, by: u8) -> u8 {
    let k = u32::from(key);
    let p = ((((k * k * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8).wrapping_mul(u32::from(by));
    (p & 0xFF) as u8
}

impl Keys {
    /// The keys of `header` (at least 16 bytes).
    fn of(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= PLAIN_UP_TO {
            return Keys {
                pieces: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: None,
            };
        }
        let (mask, or) = (header[3], &header[8..12]);
        let (sum, xy, xyf, xyt) = (header[12], header[13], header[14], header[15]);
        let pieces = stretch(xy, xy);
        let from = stretch(xyf, pieces);
        let to = stretch(xyt, from);
        let comment = (i64::from(sum) * 256 + i64::from(xy)) % 32000 + 767;
        let masks = [
            (sum & mask) | or[0],
            (xy & mask) | or[1],
            (xyf & mask) | or[2],
            (xyt & mask) | or[3],
        ];
        let mut stream = [0u8; 32];
        for (i, k) in stream.iter_mut().enumerate() {
            *k = COPYRIGHT[i] & masks[i % 4];
        }
        Keys {
            pieces,
            from,
            to,
            comment,
            stream: Some(stream),
        }
    }
}

/// An error about the whole file (line 0, column 0).
fn problem(problem: RecordProblem) -> RecordError {
    RecordError {
        line: 0,
        column: 0,
        problem,
    }
}

/// Reads an XQF file: its start, its main line in ICCS, its result and its header's text.
pub fn read(bytes: &[u8]) -> Result<Record, RecordError> {
    let header = bytes.get(..HEADER_LEN).ok_or_else(|| {
        problem(RecordProblem::XqfTruncated {
            length: bytes.len(),
            ply: None,
        })
    })?;
    let version = header[2];
    let keys = Keys::of(header);
    let board = pieces(header, version, &keys)?;
    let mut tags = texts(header)?;
    let moves = main_line(bytes, version, &keys)?;
    let first_is_black = moves
        .first()
        .and_then(|&(from, _)| board[usize::from(from)])
        .map_or(header[0x32] == 1, |piece| piece.is_ascii_lowercase());
    let result = match header[0x33] {
        1 => Some("1-0"),
        2 => Some("0-1"),
        3 | 4 => Some("1/2-1/2"),
        _ => None,
    };
    if let Some(result) = result {
        tags.push(("Result".to_owned(), result.to_owned()));
    }
    Ok(Record {
        format: Format::Xqf,
        fen: Some(fen(&board, first_is_black)),
        notation: Some(Notation::Iccs),
        moves: moves
            .iter()
            .map(|&(from, to)| RecordMove {
                text: format!("{}{}", square(from), square(to)),
                line: 0,
                column: 0,
            })
            .collect(),
        result: result.map(str::to_owned),
        tags,
    })
}

/// A point (`10 × file + rank`, below 90) as an ICCS square.
fn square(point: u8) -> String {
    let file = char::from(b'a' + point / 10);
    format!("{file}{}", point % 10)
}

/// The board of the piece table: by point, the piece's FEN letter.
fn pieces(header: &[u8], version: u8, keys: &Keys) -> Result<[Option<char>; 90], RecordError> {
    let raw = &header[16..48];
    let mut table = [0u8; 32];
    for (i, &b) in raw.iter().enumerate() {
        let at = if version >= ROTATED_FROM {
            (i + usize::from(keys.pieces) + 1) % 32
        } else {
            i
        };
        table[at] = b.wrapping_sub(keys.pieces);
    }
    let mut board = [None; 90];
    for (i, &point) in table.iter().enumerate() {
        if point > 89 {
            continue; // not on the board
        }
        let role = ORDER[i % 16];
        let letter = if i < 16 {
            role.to_ascii_uppercase()
        } else {
            role
        };
        let cell = &mut board[usize::from(point)];
        if cell.is_some() {
            return Err(problem(RecordProblem::XqfTwoPieces {
                square: square(point),
            }));
        }
        *cell = Some(letter);
    }
    Ok(board)
}

/// The FEN of `board` with Black or Red to move.
fn fen(board: &[Option<char>; 90], black: bool) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match board[usize::from(file * 10 + rank)] {
                Some(letter) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if black { " b - - 0 1" } else { " w - - 0 1" });
    out
}

/// The header's text fields, as tags (empty ones left out).
fn texts(header: &[u8]) -> Result<Vec<(String, String)>, RecordError> {
    let mut tags = Vec::new();
    for (offset, room, tag) in FIELDS {
        let len = usize::from(header[offset]);
        let bad = || {
            problem(RecordProblem::XqfText {
                field: tag,
                offset,
                room: room - 1,
            })
        };
        if len >= room {
            return Err(bad());
        }
        let raw = &header[offset + 1..offset + 1 + len];
        let text = GB18030
            .decode_without_bom_handling_and_without_replacement(raw)
            .ok_or_else(bad)?;
        let text = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if !text.is_empty() {
            tags.push((tag.to_owned(), text.to_owned()));
        }
    }
    Ok(tags)
}

/// The move tree's bytes as read: each less its key, by its offset in the file.
struct Tree<'b> {
    bytes: &'b [u8],
    stream: Option<[u8; 32]>,
    at: usize,
}

impl Tree<'_> {
    /// The next `N` bytes, or `None` at the end of the file.
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let raw = self.bytes.get(self.at..self.at.checked_add(N)?)?;
        let mut out = [0u8; N];
        for (i, (o, &b)) in out.iter_mut().zip(raw).enumerate() {
            *o = match &self.stream {
                Some(key) => b.wrapping_sub(key[(self.at + i) % 32]),
                None => b,
            };
        }
        self.at += N;
        Some(out)
    }
}

/// The main line's moves as points (from, to): the start's node, then each node while the
/// one before says a continuation follows.
fn main_line(bytes: &[u8], version: u8, keys: &Keys) -> Result<Vec<(u8, u8)>, RecordError> {
    let mut tree = Tree {
        bytes,
        stream: keys.stream,
        at: HEADER_LEN,
    };
    let mut moves = Vec::new();
    // Node 0 is the start (its squares mean nothing); node n is ply n.
    for ply in 0usize.. {
        let cut = || {
            problem(RecordProblem::XqfTruncated {
                length: bytes.len(),
                ply: Some(ply),
            })
        };
        let at = tree.at;
        if ply == 0 && at == bytes.len() {
            break; // a file of a header alone: no move
        }
        let [from, to, tag, _] = tree.take::<4>().ok_or_else(cut)?;
        let (next, comment) = if version <= PLAIN_UP_TO {
            let len = i32::from_le_bytes(tree.take::<4>().ok_or_else(cut)?);
            (tag & 0xF0 != 0, i64::from(len))
        } else if tag & 0x20 != 0 {
            let len = i32::from_le_bytes(tree.take::<4>().ok_or_else(cut)?);
            (tag & 0x80 != 0, i64::from(len) - keys.comment)
        } else {
            (tag & 0x80 != 0, 0)
        };
        if comment < 0 {
            return Err(problem(RecordProblem::XqfComment { ply, offset: at }));
        }
        let end = usize::try_from(comment)
            .ok()
            .and_then(|n| tree.at.checked_add(n))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(cut)?;
        tree.at = end;
        if ply > 0 {
            let from = from.wrapping_sub(0x18).wrapping_sub(keys.from);
            let to = to.wrapping_sub(0x20).wrapping_sub(keys.to);
            if from > 89 || to > 89 {
                return Err(problem(RecordProblem::XqfSquare { ply, offset: at }));
            }
            moves.push((from, to));
        }
        if !next {
            break;
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_magic_tells_xqf_from_text() {
        let mut file = vec![0u8; HEADER_LEN];
        file[..3].copy_from_slice(b"XQ\x12");
        assert!(is_xqf(&file));
        file[2] = 0x0A;
        assert!(is_xqf(&file));
        assert!(!is_xqf(b"XQ\nh2e2 h9g7\n"));
        assert!(!is_xqf(b"XQ game: 1. h2e2"));
        assert!(!is_xqf(b"[Event \"XQ\"]"));
        assert!(!is_xqf(b"XQ"));
    }

    #[test]
    fn the_keys_follow_the_formula() {
        // k = 1: ((((1·3+9)·3+8)·2+1)·3+8) = 275; · 1 mod 256 = 19.
        assert_eq!(stretch(1, 1), 19);
        // k = 0: ((((9·3+8)·2+1)·3+8) = 221.
        assert_eq!(stretch(0, 1), 221);
        assert_eq!(stretch(255, 255), {
            let k = 255u64;
            ((((((k * k * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * 255) % 256) as u8
        });
    }

    #[test]
    fn a_header_alone_is_a_game_of_no_moves_from_its_table() {
        let mut file = vec![0u8; HEADER_LEN];
        file[..3].copy_from_slice(b"XQ\x0A");
        file[16..48].fill(0xFF);
        file[16 + 4] = 40; // Red's king on e0
        file[16 + 20] = 49; // Black's king on e9
        file[0x32] = 1;
        let r = read(&file).unwrap();
        assert_eq!(r.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1"));
        assert!(r.moves.is_empty());
    }

    #[test]
    fn a_short_file_is_a_problem_not_a_panic() {
        let e = read(b"XQ\x12\0\0").unwrap_err();
        assert_eq!(
            e.problem,
            RecordProblem::XqfTruncated {
                length: 5,
                ply: None
            }
        );
    }
}
