//! WXF/AXF descriptive notation: `C2=5`, `H8+7`, `R1-1`.
//!
//! A move is four characters `<piece><file><op><n>`:
//! - piece: `K` king, `A` advisor, `E` or `B` elephant, `H` or `N` horse,
//!   `R` rook, `C` cannon, `P` pawn (either case; written uppercase, `E`
//!   and `H`);
//! - file: 1-9 counted from the **mover's** right (Red's 1 is file `i`,
//!   Black's 1 is file `a`);
//! - op: `+` forward, `-` backward, `=` or `.` sideways (written `=`);
//!   forward is towards the opponent;
//! - n: for a straight move of a king, rook, cannon or pawn, the number of
//!   steps; for a sideways move and for every advisor, elephant and horse
//!   move, the destination file.
//!
//! Tandem pieces, following the WXF notation standard (wxf.org, "Official
//! Xiangqi piece names and notation", AXF 1980/82, adopted by WXF 1997):
//! - Two rooks, horses, cannons or pawns on one file: the file is replaced by
//!   `+` (front) or `-` (rear): `C+=5`, `R--1`. `+C=5` (marker first) is
//!   also read.
//! - Advisors and elephants keep the file digit (`A6+5`, `E7-5`), as
//!   pyffish writes them: the two on one file can never make the same
//!   move.
//! - Three pawns on a file: `P+` front, `P<file>` middle, `P-` rear.
//! - Four pawns: `++` foremost, `P+` second, `P-` third, `--` rearmost (the
//!   letter is dropped); five pawns add the middle one as `P<file>`.
//! - Pawns stacked on two files: the letter is replaced by the file and the
//!   marker follows, the middle of three repeating the file: `3+`, `33`,
//!   `3-`, `7+`, `7-`.
//!
//! Parsing is lenient where the meaning stays clear:
//! - pyffish's form for stacked pawns, the pawn's place from the front
//!   (1 = front) followed by its file (`15=4`, `23+1`), is read when the
//!   two digits differ (equal digits are the WXF middle pawn above);
//! - `++`/`--` name the foremost/rearmost of any stack of two or more;
//! - a plain file where two pieces stand (`C3=5`, as older manuals write)
//!   is read when only one of them can make the move geometrically, or else
//!   only one legally; otherwise the error is `ambiguous`.
//!
//! Formatting always uses the standard forms above, so that every legal move
//! of a position gets a distinct text.

use super::name::{Notation, NotationError};
use super::relative::{self, Description, Op, Pick, Reading, Slot, Spec, digit_char};
use crate::xiangqi::{Move, Position, Role};

/// What a WXF move looks like, for error messages.
const EXPECTED: &str = "a WXF move such as C2=5, H8+7, R1-1 or C+=5: a piece letter \
     (K A E H R C P), its file 1-9 or a tandem marker + or -, then + - = or ., then a digit 1-9";

/// Reads a WXF move of the side to move in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let reading = Reading {
        notation: Notation::Wxf,
        text,
    };
    relative::resolve(pos, parse_spec(text)?, reading)
}

/// Reads the text alone, without a position.
fn parse_spec(text: &str) -> Result<Spec, NotationError> {
    let syntax = || NotationError::syntax(Notation::Wxf, text, EXPECTED);
    let &[a, b, op, n] = text.as_bytes() else {
        return Err(syntax());
    };
    let (role, file, pick) = designator(a, b).ok_or_else(|| match unknown_letter(a, b) {
        Some(letter) => NotationError::UnknownPiece {
            notation: Notation::Wxf,
            text: text.to_string(),
            letter: char::from(letter).to_string(),
        },
        None => syntax(),
    })?;
    let op = match op {
        b'+' => Op::Forward,
        b'-' => Op::Backward,
        b'=' | b'.' => Op::Sideways,
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

/// Reads the first two characters: which piece moves.
fn designator(a: u8, b: u8) -> Option<(Role, Option<u8>, Pick)> {
    let marker = |c: u8| match c {
        b'+' => Some(Pick::Front),
        b'-' => Some(Pick::Rear),
        _ => None,
    };
    match (a, b) {
        // C2, C+, C-
        _ if a.is_ascii_alphabetic() => {
            let role = role_of(a)?;
            match digit(b) {
                Some(file) => Some((role, Some(file), Pick::Plain)),
                None => Some((role, None, marker(b)?)),
            }
        }
        // ++ and -- (pawns)
        (b'+', b'+') => Some((Role::Pawn, None, Pick::Foremost)),
        (b'-', b'-') => Some((Role::Pawn, None, Pick::Rearmost)),
        // +C, -C
        (b'+' | b'-', _) => Some((role_of(b)?, None, marker(a)?)),
        // 3+, 3-, 33 (pawns on two files) and pyffish's 15 (place, file)
        _ => {
            let first = digit(a)?;
            match digit(b) {
                Some(file) if file == first => Some((Role::Pawn, Some(file), Pick::Middle)),
                Some(file) if first <= 5 => Some((Role::Pawn, Some(file), Pick::Index(first - 1))),
                Some(_) => None,
                None => Some((Role::Pawn, Some(first), marker(b)?)),
            }
        }
    }
}

/// The letter in the piece position (`Q2` or `+Q`) if it names no piece.
fn unknown_letter(a: u8, b: u8) -> Option<u8> {
    let letter = match a {
        b'+' | b'-' => b,
        _ => a,
    };
    (letter.is_ascii_alphabetic() && role_of(letter).is_none()).then_some(letter)
}

/// A digit 1-9.
fn digit(c: u8) -> Option<u8> {
    matches!(c, b'1'..=b'9').then(|| c - b'0')
}

/// The role of a WXF piece letter, in either case.
fn role_of(letter: u8) -> Option<Role> {
    Some(match letter.to_ascii_uppercase() {
        b'K' => Role::King,
        b'A' => Role::Advisor,
        b'E' | b'B' => Role::Elephant,
        b'H' | b'N' => Role::Horse,
        b'R' => Role::Rook,
        b'C' => Role::Cannon,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

/// The WXF letter written for `role` (XBoard's SAN writes the same).
pub(super) fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

/// Appends the legal move `m` of `pos` in WXF notation (ICCS if no piece
/// stands on its from-square).
pub fn write(pos: &Position, m: Move, out: &mut String) {
    match relative::describe(pos, m) {
        Some(d) => write_description(d, out),
        None => super::iccs::write(m, out),
    }
}

/// Appends a described move: designator, op, number.
fn write_description(d: Description, out: &mut String) {
    let file = digit_char(d.file);
    let (first, second) = match (d.multi, d.slot) {
        (true, Slot::Front) => (file, '+'),
        (true, Slot::Rear) => (file, '-'),
        (true, _) => (file, file),
        (false, Slot::Alone | Slot::Middle) => (letter(d.role), file),
        (false, Slot::Front) => (letter(d.role), '+'),
        (false, Slot::Rear) => (letter(d.role), '-'),
        (false, Slot::Foremost) => ('+', '+'),
        (false, Slot::Rearmost) => ('-', '-'),
    };
    out.push(first);
    out.push(second);
    out.push(match d.op {
        Op::Forward => '+',
        Op::Backward => '-',
        Op::Sideways => '=',
    });
    out.push(digit_char(d.n));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    fn fmt(pos: &Position, m: &str) -> String {
        let mut s = String::new();
        write(pos, mv(m), &mut s);
        s
    }

    #[test]
    fn pyffish_examples_from_the_start() {
        let red = Position::new();
        let black = red.after(mv("h2e2"));
        for (pos, iccs, wxf) in [
            (&red, "h2e2", "C2=5"),
            (&red, "b0c2", "H8+7"),
            (&red, "a0a1", "R9+1"),
            (&red, "h0g2", "H2+3"),
            (&red, "c0e2", "E7+5"),
            (&red, "h2h9", "C2+7"),
            (&black, "h7e7", "C8=5"),
            (&black, "b9c7", "H2+3"),
        ] {
            assert_eq!(fmt(pos, iccs), wxf);
            assert_eq!(parse(pos, wxf), Ok(mv(iccs)), "{wxf}");
        }
    }

    #[test]
    fn designators() {
        assert_eq!(
            designator(b'c', b'2'),
            Some((Role::Cannon, Some(2), Pick::Plain))
        );
        assert_eq!(
            designator(b'+', b'N'),
            Some((Role::Horse, None, Pick::Front))
        );
        assert_eq!(
            designator(b'-', b'-'),
            Some((Role::Pawn, None, Pick::Rearmost))
        );
        assert_eq!(
            designator(b'3', b'3'),
            Some((Role::Pawn, Some(3), Pick::Middle))
        );
        assert_eq!(
            designator(b'7', b'-'),
            Some((Role::Pawn, Some(7), Pick::Rear))
        );
        assert_eq!(
            designator(b'2', b'5'),
            Some((Role::Pawn, Some(5), Pick::Index(1)))
        );
        assert_eq!(designator(b'6', b'5'), None);
        assert_eq!(designator(b'+', b'-'), None);
        assert_eq!(designator(b'X', b'1'), None);
    }
}
