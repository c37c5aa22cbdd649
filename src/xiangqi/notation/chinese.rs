//! Chinese notation, as Chinese and Taiwanese score sheets write it:
//! `炮二平五`, `马８进７`, `前车退二`.
//!
//! The same structure as [`super::wxf`] (files 1-9 from the mover's right,
//! steps or destination file), in characters. A move is four characters:
//! - the piece and its file, `炮二`; or a marker and the piece, `前车`;
//! - the action: `进` (or `進`) forward, `退` backward, `平` sideways;
//! - the number: steps for a straight move of a king, rook, cannon or pawn,
//!   else the destination file.
//!
//! Numbers are the side's own: Red writes Chinese numerals `一`-`九`, Black
//! digits, written full-width (`１`-`９`) and read full-width or ASCII.
//!
//! Pieces (written simplified, read in any of these forms, either side's
//! character for either side):
//!
//! | role | Red writes | Black writes | also read |
//! |------|------------|--------------|-----------|
//! | rook | `车` | `车` | `車` `俥` |
//! | horse | `马` | `马` | `馬` `傌` |
//! | cannon | `炮` | `炮` | `砲` `包` |
//! | elephant | `相` | `象` | |
//! | advisor | `仕` | `士` | |
//! | king | `帅` | `将` | `帥` `將` |
//! | pawn | `兵` | `卒` | |
//!
//! Two or more pieces of one role on one file (rooks, horses, cannons,
//! pawns) are told apart by a marker in place of the piece's file, as the
//! Python library `cchess` writes them:
//! - two: `前` (front) and `后` (rear, also read `後`): `前车进一`;
//! - three pawns: `前`, `中`, `后`;
//! - four or five pawns: `前`, then their place from the front, then `后`:
//!   Red `前兵`, `二兵`, `三兵`, (`四兵`,) `后兵`; Black `前卒`, `２卒`, `３卒`,
//!   (`４卒`,) `后卒`.
//!
//! Advisors and elephants keep their file even when two share it (`仕六进五`):
//! the two can never make the same move.
//!
//! **Our own choice** (`cchess` writes the same `前兵` for the front pawn of
//! each stacked file, which names two pawns): when two files each hold two or
//! more of the mover's pawns, every pawn on those files is numbered, the files
//! taken from the mover's right to left and each file front to back, as in the
//! xqbase convention for Chinese computer notation (ElephantEye): Red `一兵`,
//! `二兵` ... `五兵`, Black `１卒`, `２卒` ... `５卒`.
//!
//! Parsing is lenient where the meaning stays clear:
//! - `一`-`五` (and, for Black, digits) before the piece name the n-th pawn
//!   in the numbering above, which on a single stacked file is the n-th from
//!   the front: `二兵` reads the same under both conventions;
//! - the marker after the piece, as Hong Kong and Taiwanese sheets write
//!   it: `车前平三`, `炮後退一`;
//! - a marker and the pawns' file instead of the piece: `前三进一` (the
//!   front pawn on file three);
//! - as in WXF, a plain file where two pieces stand when only one of them can
//!   make the move (geometrically, else legally).
//!
//! Also our own choice: the numerals must be the side's own. A Red move
//! written with digits (`马8进7` when Red is to move) is a `syntax` error
//! rather than read as Red's file 8, because the numerals are how a score
//! sheet tells the two sides apart: such a text usually means the moves and
//! the side to move disagree.

use super::name::{Notation, NotationError};
use super::relative::{self, Description, Op, Pick, Reading, Spec};
use crate::xiangqi::{Color, Move, Position, Role};

/// What a Red move looks like, for error messages.
const EXPECTED_RED: &str = "a Red move in Chinese notation such as 炮二平五, 马八进七 or \
     前车进一: a piece (车 马 炮 相 仕 帅 兵) and its file in Chinese numerals 一-九, or a \
     marker (前 中 后 一-五) and the piece, then 进 退 or 平, then a Chinese numeral 一-九";

/// What a Black move looks like, for error messages.
const EXPECTED_BLACK: &str = "a Black move in Chinese notation such as 炮8平5, 马２进３ or \
     前车进1: a piece (车 马 炮 象 士 将 卒) and its file in digits 1-9 or １-９, or a \
     marker (前 中 后 1-5) and the piece, then 进 退 or 平, then a digit 1-9";

/// Red's numerals, 1 to 9.
const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Reads a Chinese move of the side to move in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let reading = Reading {
        notation: Notation::Chinese,
        text,
    };
    relative::resolve(pos, parse_spec(pos.turn(), text)?, reading)
}

/// Reads the text of a move of `us`, without the position.
fn parse_spec(us: Color, text: &str) -> Result<Spec, NotationError> {
    let expected = match us {
        Color::Red => EXPECTED_RED,
        Color::Black => EXPECTED_BLACK,
    };
    let syntax = || NotationError::syntax(Notation::Chinese, text, expected);
    let mut chars = text.chars();
    let (Some(a), Some(b), Some(action), Some(n), None) = (
        chars.next(),
        chars.next(),
        chars.next(),
        chars.next(),
        chars.next(),
    ) else {
        return Err(syntax());
    };
    let (role, file, pick) = designator(us, a, b).ok_or_else(|| match unknown_piece(us, a, b) {
        Some(c) => NotationError::UnknownPiece {
            notation: Notation::Chinese,
            text: text.to_string(),
            letter: c.to_string(),
        },
        None => syntax(),
    })?;
    let op = match action {
        '进' | '進' => Op::Forward,
        '退' => Op::Backward,
        '平' => Op::Sideways,
        _ => return Err(syntax()),
    };
    let n = numeral(us, n).ok_or_else(syntax)?;
    Ok(Spec {
        role,
        file,
        pick,
        op,
        n,
    })
}

/// Reads the first two characters: which piece moves.
fn designator(us: Color, a: char, b: char) -> Option<(Role, Option<u8>, Pick)> {
    if let Some(role) = role_of(a) {
        // 炮二, 车前
        return match (numeral(us, b), marker(b)) {
            (Some(file), _) => Some((role, Some(file), Pick::Plain)),
            (None, Some(pick)) => Some((role, None, pick)),
            (None, None) => None,
        };
    }
    if let Some(pick) = marker(a) {
        // 前车; 前三 (the front pawn on file three)
        return match (role_of(b), numeral(us, b)) {
            (Some(role), _) => Some((role, None, pick)),
            (None, Some(file)) => Some((Role::Pawn, Some(file), pick)),
            (None, None) => None,
        };
    }
    // 二兵, ２卒
    let place = place_numeral(us, a)?;
    role_of(b).map(|role| (role, None, Pick::Stacked(place - 1)))
}

/// The character in the piece's place if it is a word that names no piece.
fn unknown_piece(us: Color, a: char, b: char) -> Option<char> {
    let known = |c: char| role_of(c).is_some() || marker(c).is_some() || numeral(us, c).is_some();
    let word = |c: char| c.is_alphabetic() && !c.is_ascii();
    if word(a) && !known(a) && place_numeral(us, a).is_none() {
        Some(a)
    } else if (marker(a).is_some() || place_numeral(us, a).is_some()) && word(b) && !known(b) {
        Some(b)
    } else {
        None
    }
}

/// The role a piece character names, for either side, in simplified or
/// traditional script.
fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '车' | '車' | '俥' => Role::Rook,
        '马' | '馬' | '傌' => Role::Horse,
        '炮' | '砲' | '包' => Role::Cannon,
        '相' | '象' => Role::Elephant,
        '仕' | '士' => Role::Advisor,
        '帅' | '帥' | '将' | '將' => Role::King,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// A tandem marker: `前` the front one, `中` the middle one, `后` the rear one.
fn marker(c: char) -> Option<Pick> {
    match c {
        '前' => Some(Pick::Foremost),
        '中' => Some(Pick::Middle),
        '后' | '後' => Some(Pick::Rearmost),
        _ => None,
    }
}

/// A file or step number 1-9 as `us` writes it: Chinese numerals for Red,
/// ASCII or full-width digits for Black.
fn numeral(us: Color, c: char) -> Option<u8> {
    match us {
        Color::Red => RED_NUMERALS
            .iter()
            .position(|&r| r == c)
            .map(|i| i as u8 + 1),
        Color::Black => digit(c),
    }
}

/// An ASCII or full-width digit 1-9.
fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((u32::from(c) - u32::from('０')) as u8),
        _ => None,
    }
}

/// A pawn's place 1-5 written before the piece: `一`-`五` for either side,
/// digits too for Black (as `cchess` writes them).
fn place_numeral(us: Color, c: char) -> Option<u8> {
    let chinese = RED_NUMERALS[..5]
        .iter()
        .position(|&r| r == c)
        .map(|i| i as u8 + 1);
    let black = match us {
        Color::Black => digit(c).filter(|&d| d <= 5),
        Color::Red => None,
    };
    chinese.or(black)
}

/// The character written for a number 1-9 by `us`.
fn numeral_char(us: Color, n: u8) -> char {
    match us {
        Color::Red => RED_NUMERALS[usize::from(n - 1)],
        Color::Black => char::from_u32(u32::from('０') + u32::from(n)).expect("a full-width digit"),
    }
}

/// The character a score sheet writes for a piece of `role` of `us` (simplified; Red's and
/// Black's differ for five of the seven: 帅/将, 仕/士, 相/象, 兵/卒). Also the pieces' names in
/// the service's Chinese texts.
pub fn piece_name(us: Color, role: Role) -> &'static str {
    match (us, role) {
        (_, Role::Rook) => "车",
        (_, Role::Horse) => "马",
        (_, Role::Cannon) => "炮",
        (Color::Red, Role::Elephant) => "相",
        (Color::Black, Role::Elephant) => "象",
        (Color::Red, Role::Advisor) => "仕",
        (Color::Black, Role::Advisor) => "士",
        (Color::Red, Role::King) => "帅",
        (Color::Black, Role::King) => "将",
        (Color::Red, Role::Pawn) => "兵",
        (Color::Black, Role::Pawn) => "卒",
    }
}

/// Appends the legal move `m` of `pos` in Chinese notation (ICCS if no piece
/// stands on its from-square).
pub fn write(pos: &Position, m: Move, out: &mut String) {
    match relative::describe(pos, m) {
        Some(d) => write_description(pos.turn(), d, out),
        None => super::iccs::write(m, out),
    }
}

/// Appends a described move of `us`: designator, action, number.
fn write_description(us: Color, d: Description, out: &mut String) {
    let piece = piece_name(us, d.role);
    let alone = d.count == 1 || matches!(d.role, Role::King | Role::Advisor | Role::Elephant);
    if alone {
        out.push_str(piece);
        out.push(numeral_char(us, d.file));
    } else {
        out.push(if d.multi {
            // Our own choice: every pawn of the stacked files numbered.
            numeral_char(us, d.stack_place + 1)
        } else if d.place == 0 {
            '前'
        } else if d.place + 1 == d.count {
            '后'
        } else if d.count == 3 {
            '中'
        } else {
            numeral_char(us, d.place + 1)
        });
        out.push_str(piece);
    }
    out.push(match d.op {
        Op::Forward => '进',
        Op::Backward => '退',
        Op::Sideways => '平',
    });
    out.push(numeral_char(us, d.n));
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
    fn score_sheet_openings() {
        let red = Position::new();
        let black = red.after(mv("h2e2"));
        for (pos, iccs, text) in [
            (&red, "h2e2", "炮二平五"),
            (&red, "b0c2", "马八进七"),
            (&red, "a0a1", "车九进一"),
            (&red, "c0e2", "相七进五"),
            (&red, "f0e1", "仕四进五"),
            (&red, "e0e1", "帅五进一"),
            (&red, "c3c4", "兵七进一"),
            (&black, "h7e7", "炮８平５"),
            (&black, "b9c7", "马２进３"),
            (&black, "g9e7", "象７进５"),
            (&black, "d9e8", "士４进５"),
            (&black, "g6g5", "卒７进１"),
        ] {
            assert_eq!(fmt(pos, iccs), text);
            assert_eq!(parse(pos, text), Ok(mv(iccs)), "{text}");
        }
    }

    #[test]
    fn reads_every_spelling() {
        let red = Position::new();
        let black = red.after(mv("h2e2"));
        for (pos, text, iccs) in [
            (&red, "砲二平五", "h2e2"),
            (&red, "包二平五", "h2e2"),
            (&red, "傌八進七", "b0c2"),
            (&red, "馬八进七", "b0c2"),
            (&red, "俥九進一", "a0a1"),
            (&red, "車九进一", "a0a1"),
            (&red, "象七进五", "c0e2"),
            (&red, "士四进五", "f0e1"),
            (&red, "將五进一", "e0e1"),
            (&red, "帥五进一", "e0e1"),
            (&red, "卒七进一", "c3c4"),
            (&black, "炮8平5", "h7e7"),
            (&black, "炮８平5", "h7e7"),
            (&black, "马2进3", "b9c7"),
            (&black, "帅5进1", "e9e8"),
        ] {
            assert_eq!(parse(pos, text), Ok(mv(iccs)), "{text}");
        }
    }

    #[test]
    fn numerals_are_the_sides_own() {
        let red = Position::new();
        let black = red.after(mv("h2e2"));
        for (pos, text) in [(&red, "马8进7"), (&red, "马八进7"), (&black, "马二进三")] {
            let e = parse(pos, text).unwrap_err();
            assert_eq!(e.kind(), "syntax", "{text}");
        }
    }

    #[test]
    fn designators() {
        use Color::*;
        assert_eq!(
            designator(Red, '炮', '二'),
            Some((Role::Cannon, Some(2), Pick::Plain))
        );
        assert_eq!(
            designator(Red, '前', '车'),
            Some((Role::Rook, None, Pick::Foremost))
        );
        assert_eq!(
            designator(Red, '车', '後'),
            Some((Role::Rook, None, Pick::Rearmost))
        );
        assert_eq!(
            designator(Red, '中', '兵'),
            Some((Role::Pawn, None, Pick::Middle))
        );
        assert_eq!(
            designator(Red, '前', '三'),
            Some((Role::Pawn, Some(3), Pick::Foremost))
        );
        assert_eq!(
            designator(Red, '二', '兵'),
            Some((Role::Pawn, None, Pick::Stacked(1)))
        );
        assert_eq!(
            designator(Black, '２', '卒'),
            Some((Role::Pawn, None, Pick::Stacked(1)))
        );
        assert_eq!(
            designator(Black, '三', '卒'),
            Some((Role::Pawn, None, Pick::Stacked(2)))
        );
        assert_eq!(designator(Red, '2', '兵'), None);
        assert_eq!(designator(Red, '六', '兵'), None);
        assert_eq!(designator(Black, '6', '卒'), None);
        assert_eq!(designator(Red, '前', '后'), None);
    }
}
