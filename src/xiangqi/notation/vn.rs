//! Vietnamese score-sheet notation: `P2-5`, `M8.7`, `X1/1`, `Pt-4`.
//!
//! The same structure as [`super::wxf`] (files 1-9 from the mover's right,
//! steps or destination file), with Vietnamese letters and operators:
//! - pieces: `Tg` Tướng (king), `S` Sĩ (advisor), `T` Tượng (elephant),
//!   `X` Xe (rook), `P` Pháo (cannon), `M` Mã (horse), `B` Binh/Tốt (pawn);
//!   `C` (Chốt) is read as `B`;
//! - operators: `.` tiến (forward), `/` thoái (backward), `-` bình
//!   (sideways); typeset pages often write bình with a dash rather than a
//!   hyphen (`P2–5`), so the en dash `–`, the em dash `—` and the minus
//!   sign `−` are read as `-` too (the writer always writes `-`);
//! - tandem pieces: a marker after the letter instead of the file, `t`
//!   (trước, front) or `s` (sau, rear): `Pt-4`, `Xs.1`; a middle pawn of
//!   three is `g` (giữa): `Bg-6`. These three are the usage of Vietnamese
//!   score sheets and primers.
//!
//! Cases Vietnamese sources do not settle. The forms below are our own,
//! not found on any Vietnamese score sheet or primer we know of; they
//! mirror the WXF standard so that every legal move gets a distinct text:
//! - four or five pawns on a file: `Btt` foremost, `Bt`, (`Bg`), `Bs`,
//!   `Bss` rearmost (WXF `++`, `P+`, `P<file>`, `P-`, `--`);
//! - pawns stacked on two files: the file, then the marker: `B3t.1`,
//!   `B3g-4`, `B3s.1` (WXF `3+`, `33`, `3-`);
//! - advisors and elephants keep their file even when two share it (`S6.5`).
//!
//! Parsing accepts letters and markers in either case (`tg`, `p2-5`, `PT-4`),
//! a file together with a marker for any piece (`X3t.1`), the middle pawn of
//! three or five by its file alone (`B3-4`), and, as in WXF, a plain file
//! where two pieces stand when only one of them can make the move
//! (geometrically, else legally).

use super::name::{Notation, NotationError};
use super::relative::{self, Description, Op, Pick, Reading, Slot, Spec, digit_char};
use crate::xiangqi::{Move, Position, Role};

/// What a VN move looks like, for error messages.
const EXPECTED: &str = "a Vietnamese move such as P2-5, M8.7, X1/1 or Pt-4: a piece \
     (Tg S T X P M B), its file 1-9 and/or a marker t, s or g, then . / or -, then a digit 1-9";

/// Reads a VN move of the side to move in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let reading = Reading {
        notation: Notation::Vn,
        text,
    };
    relative::resolve(pos, parse_spec(text)?, reading)
}

/// The dashes typeset pages write for bình, read as `-`: en dash, em dash
/// and minus sign.
const DASHES: [char; 3] = ['\u{2013}', '\u{2014}', '\u{2212}'];

/// Reads the text alone, without a position.
fn parse_spec(text: &str) -> Result<Spec, NotationError> {
    let syntax = || NotationError::syntax(Notation::Vn, text, EXPECTED);
    // Errors quote the text as given; the reading sees ASCII operators.
    let plain = text.replace(DASHES, "-");
    let (role, rest) = piece(plain.as_bytes()).ok_or_else(|| match text.chars().next() {
        Some(c) if c.is_alphabetic() => NotationError::UnknownPiece {
            notation: Notation::Vn,
            text: text.to_string(),
            letter: c.to_string(),
        },
        _ => syntax(),
    })?;
    let (file, rest) = match rest.split_first() {
        Some((&c, tail)) if digit(c).is_some() => (digit(c), tail),
        _ => (None, rest),
    };
    let (marker, rest) = marker(rest);
    let pick = match (marker, file) {
        (Some(pick), _) => pick,
        (None, Some(_)) => Pick::Plain,
        (None, None) => return Err(syntax()),
    };
    let &[op, n] = rest else {
        return Err(syntax());
    };
    let op = match op {
        b'.' => Op::Forward,
        b'/' => Op::Backward,
        b'-' => Op::Sideways,
        _ => return Err(syntax()),
    };
    let n = digit(n).ok_or_else(syntax)?;
    Ok(Spec {
        role,
        file,
        pick,
        op,
        n,
    })
}

/// Reads the piece letters at the start; returns the role and the rest.
fn piece(bytes: &[u8]) -> Option<(Role, &[u8])> {
    if bytes.len() >= 2 && bytes[..2].eq_ignore_ascii_case(b"tg") {
        return Some((Role::King, &bytes[2..]));
    }
    let (&first, rest) = bytes.split_first()?;
    let role = match first.to_ascii_uppercase() {
        b'S' => Role::Advisor,
        b'T' => Role::Elephant,
        b'X' => Role::Rook,
        b'P' => Role::Cannon,
        b'M' => Role::Horse,
        b'B' | b'C' => Role::Pawn,
        _ => return None,
    };
    Some((role, rest))
}

/// Reads an optional tandem marker (`t`, `s`, `g`, `tt`, `ss`).
fn marker(bytes: &[u8]) -> (Option<Pick>, &[u8]) {
    let lower = |i: usize| bytes.get(i).map(u8::to_ascii_lowercase);
    match (lower(0), lower(1)) {
        (Some(b't'), Some(b't')) => (Some(Pick::Foremost), &bytes[2..]),
        (Some(b's'), Some(b's')) => (Some(Pick::Rearmost), &bytes[2..]),
        (Some(b't'), _) => (Some(Pick::Front), &bytes[1..]),
        (Some(b's'), _) => (Some(Pick::Rear), &bytes[1..]),
        (Some(b'g'), _) => (Some(Pick::Middle), &bytes[1..]),
        _ => (None, bytes),
    }
}

/// A digit 1-9.
fn digit(c: u8) -> Option<u8> {
    matches!(c, b'1'..=b'9').then(|| c - b'0')
}

/// The VN letters written for `role`.
fn letters(role: Role) -> &'static str {
    match role {
        Role::King => "Tg",
        Role::Advisor => "S",
        Role::Elephant => "T",
        Role::Horse => "M",
        Role::Rook => "X",
        Role::Cannon => "P",
        Role::Pawn => "B",
    }
}

/// Appends the legal move `m` of `pos` in VN notation (ICCS if no piece
/// stands on its from-square).
pub fn write(pos: &Position, m: Move, out: &mut String) {
    match relative::describe(pos, m) {
        Some(d) => write_description(d, out),
        None => super::iccs::write(m, out),
    }
}

/// Appends a described move: letters, file and/or marker, op, number.
fn write_description(d: Description, out: &mut String) {
    out.push_str(letters(d.role));
    if d.multi || d.slot == Slot::Alone {
        out.push(digit_char(d.file));
    }
    out.push_str(match d.slot {
        Slot::Alone => "",
        Slot::Front => "t",
        Slot::Middle => "g",
        Slot::Rear => "s",
        Slot::Foremost => "tt",
        Slot::Rearmost => "ss",
    });
    out.push(match d.op {
        Op::Forward => '.',
        Op::Backward => '/',
        Op::Sideways => '-',
    });
    out.push(digit_char(d.n));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn score_sheet_examples() {
        let pos = Position::new();
        assert_eq!(parse(&pos, "P2-5"), Ok(mv("h2e2")));
        assert_eq!(parse(&pos, "M8.7"), Ok(mv("b0c2")));
        assert_eq!(parse(&pos, "p2-5"), Ok(mv("h2e2")));
        assert_eq!(parse(&pos, "B7.1"), Ok(mv("c3c4")));
        assert_eq!(parse(&pos, "C7.1"), Ok(mv("c3c4")));
        assert_eq!(parse(&pos, "tg5.1"), Ok(mv("e0e1")));
        assert_eq!(parse(&pos, "TG5.1"), Ok(mv("e0e1")));
        assert_eq!(parse(&pos, "S4.5"), Ok(mv("f0e1")));
        assert_eq!(parse(&pos, "T3.5"), Ok(mv("g0e2")));
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert_eq!(parse(&pos, "X9.1"), Ok(mv("a0a1")));
    }

    #[test]
    fn binh_may_be_typeset_with_a_dash() {
        let pos = Position::new();
        for text in ["P2-5", "P2\u{2013}5", "P2\u{2014}5", "P2\u{2212}5"] {
            assert_eq!(parse(&pos, text), Ok(mv("h2e2")), "{text}");
        }
        let mut s = String::new();
        write(&pos, mv("h2e2"), &mut s);
        assert_eq!(s, "P2-5");
        // The error quotes what was typed.
        let err = parse(&pos, "P2\u{2013}").unwrap_err().to_string();
        assert!(err.contains("P2\u{2013}"), "{err}");
    }

    #[test]
    fn markers() {
        assert_eq!(marker(b"t.1"), (Some(Pick::Front), &b".1"[..]));
        assert_eq!(marker(b"SS/1"), (Some(Pick::Rearmost), &b"/1"[..]));
        assert_eq!(marker(b"g-4"), (Some(Pick::Middle), &b"-4"[..]));
        assert_eq!(marker(b".1"), (None, &b".1"[..]));
    }

    #[test]
    fn writes_letters() {
        let pos = Position::new();
        let mut s = String::new();
        write(&pos, mv("e0e1"), &mut s);
        assert_eq!(s, "Tg5.1");
    }
}
