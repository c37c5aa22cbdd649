//! What WXF, Vietnamese and Chinese notation share: a move is described
//! relative to its mover, as "the piece of this role on this file (or the
//! front/rear one of a tandem) goes forward/backward/sideways by n". The
//! notations differ in their glyphs and in how they name stacked pawns, so
//! they parse into a [`Spec`] that is resolved here, and format from a
//! [`Description`] computed here.
//!
//! Files are numbered 1-9 from the mover's right: Red's file 1 is `i`,
//! Black's file 1 is `a`. Forward is towards the opponent. For a straight
//! move of a king, rook, cannon or pawn, `n` counts steps; for a sideways
//! move, and for every advisor, elephant and horse move, `n` is the
//! destination file.

use arrayvec::ArrayVec;

pub(super) use super::fault::{Op, Pick};
use super::fault::{PieceFault, Unreachable};
use super::name::{Notation, NotationError};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square};

/// A parsed move text, not yet matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    /// The role of the moving piece.
    pub role: Role,
    /// The file number 1-9 from the mover's right, if the text names one.
    pub file: Option<u8>,
    /// Which piece of that role on the file.
    pub pick: Pick,
    /// The direction.
    pub op: Op,
    /// Steps or destination file, 1-9.
    pub n: u8,
}

/// How the moving piece is named when a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// By its file: alone on it, or an advisor or elephant (whose moves
    /// never coincide with the other one's on the same file).
    Alone,
    /// WXF `+`, VN `t`.
    Front,
    /// WXF file digit, VN `g`.
    Middle,
    /// WXF `-`, VN `s`.
    Rear,
    /// WXF `++`, VN `tt`.
    Foremost,
    /// WXF `--`, VN `ss`.
    Rearmost,
}

/// A move described relative to its mover, ready to be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Description {
    /// The role of the moving piece.
    pub role: Role,
    /// The from-file number, 1-9 from the mover's right.
    pub file: u8,
    /// How the piece is told apart from others of its role on the file.
    pub slot: Slot,
    /// A pawn on one of several files that each hold two or more pawns: the
    /// file must be written besides the tandem marker.
    pub multi: bool,
    /// The piece's place among those of its role on its file, 0 = front.
    pub place: u8,
    /// How many pieces of its role stand on its file.
    pub count: u8,
    /// The piece's place in [`stacked`] order (equal to `place` unless
    /// `multi`).
    pub stack_place: u8,
    /// The direction.
    pub op: Op,
    /// Steps or destination file, 1-9.
    pub n: u8,
}

/// The file number (1-9, from `color`'s right) of board file `file` (0 = a).
pub(super) const fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0 = a) of file number `number` (1-9) for `color`.
const fn board_file(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

/// The pieces of one role and colour on one file, front (most advanced)
/// first.
type FileList = ArrayVec<Square, 10>;

/// `color`'s pieces of `role` on board file `file`, front first.
fn pieces_on_file(pos: &Position, color: Color, role: Role, file: u8) -> FileList {
    let piece = Some(Piece::new(color, role));
    let mut list: FileList = (0..10)
        .filter_map(|rank| Square::new(file, rank))
        .filter(|&sq| pos.piece_at(sq) == piece)
        .collect();
    if color == Color::Red {
        list.reverse();
    }
    list
}

/// How many of `color`'s pieces of `role` stand on each board file.
fn file_counts(pos: &Position, color: Color, role: Role) -> [u8; 9] {
    let mut counts = [0; 9];
    for sq in pos.occupied_by(color) {
        if pos.piece_at(sq).is_some_and(|p| p.role == role) {
            counts[sq.file() as usize] += 1;
        }
    }
    counts
}

/// The board files holding two or more of `color`'s pieces of `role`.
fn tandem_files(pos: &Position, color: Color, role: Role) -> impl Iterator<Item = u8> {
    let counts = file_counts(pos, color, role);
    (0..9u8).filter(move |&f| counts[f as usize] >= 2)
}

/// `color`'s pieces of `role` on the files holding two or more of them:
/// files from `color`'s right to left, each front first.
pub(super) fn stacked(pos: &Position, color: Color, role: Role) -> FileList {
    let mut files: ArrayVec<u8, 9> = tandem_files(pos, color, role).collect();
    files.sort_by_key(|&f| file_number(color, f));
    files
        .into_iter()
        .flat_map(|f| pieces_on_file(pos, color, role, f))
        .collect()
}

/// The character of a digit 0-9.
pub(super) fn digit_char(n: u8) -> char {
    char::from(b'0' + n)
}

/// Describes the move `m` of `pos` for writing, or `None` if no piece
/// stands on its from-square.
pub(super) fn describe(pos: &Position, m: Move) -> Option<Description> {
    let Piece { color, role } = pos.piece_at(m.from)?;
    let on_file = pieces_on_file(pos, color, role, m.from.file());
    let index = on_file.iter().position(|&sq| sq == m.from)?;
    let slot = slot(role, on_file.len(), index);
    let multi =
        role == Role::Pawn && on_file.len() >= 2 && tandem_files(pos, color, role).count() >= 2;
    let stack_place = if multi {
        stacked(pos, color, role)
            .iter()
            .position(|&sq| sq == m.from)?
    } else {
        index
    };
    let op = if m.from.rank() == m.to.rank() {
        Op::Sideways
    } else if m.to.relative_rank(color) > m.from.relative_rank(color) {
        Op::Forward
    } else {
        Op::Backward
    };
    let n = if m.from.file() == m.to.file() {
        m.from.rank().abs_diff(m.to.rank())
    } else {
        file_number(color, m.to.file())
    };
    Some(Description {
        role,
        file: file_number(color, m.from.file()),
        slot,
        multi,
        place: index as u8,
        count: on_file.len() as u8,
        stack_place: stack_place as u8,
        op,
        n,
    })
}

/// How to name piece `index` (0 = front) of `count` of `role` on a file,
/// following the WXF rules for tandem pieces and pawns.
fn slot(role: Role, count: usize, index: usize) -> Slot {
    if count == 1 || matches!(role, Role::King | Role::Advisor | Role::Elephant) {
        return Slot::Alone;
    }
    match (count, index) {
        (2 | 3, 0) | (4 | 5, 1) => Slot::Front,
        (3, 1) | (5, 2) => Slot::Middle,
        (4 | 5, 0) => Slot::Foremost,
        (4, 3) | (5, 4) => Slot::Rearmost,
        _ => Slot::Rear,
    }
}

/// Context for building errors: the notation and the text being read.
#[derive(Clone, Copy)]
pub(super) struct Reading<'a> {
    /// The notation being read.
    pub notation: Notation,
    /// The whole move text.
    pub text: &'a str,
}

impl Reading<'_> {
    fn no_such_piece(self, detail: PieceFault) -> NotationError {
        NotationError::NoSuchPiece {
            notation: self.notation,
            text: self.text.to_string(),
            detail,
        }
    }

    fn ambiguous(self, detail: PieceFault) -> NotationError {
        NotationError::Ambiguous {
            notation: self.notation,
            text: self.text.to_string(),
            detail,
        }
    }

    fn impossible(self, detail: PieceFault) -> NotationError {
        NotationError::Impossible {
            notation: self.notation,
            text: self.text.to_string(),
            detail,
        }
    }
}

/// Finds the move `spec` describes in `pos`, for the side to move.
pub(super) fn resolve(pos: &Position, spec: Spec, reading: Reading) -> Result<Move, NotationError> {
    let us = pos.turn();
    if let (Pick::Stacked(i), None) = (spec.pick, spec.file) {
        return the_stacked_one(pos, spec, i, reading);
    }
    let file = match spec.file {
        Some(number) => board_file(us, number),
        None => the_tandem_file(pos, us, spec.role, reading)?,
    };
    let on_file = pieces_on_file(pos, us, spec.role, file);
    let number = file_number(us, file);
    if on_file.is_empty() {
        return Err(reading.no_such_piece(PieceFault::NoneOnFile {
            side: us,
            role: spec.role,
            file: number,
        }));
    }
    match pick_index(spec.pick, spec.role, on_file.len()) {
        Ok(Some(index)) => the_move(on_file[index], us, spec, reading),
        Ok(None) => choose(pos, &on_file, spec, reading),
        Err(()) => Err(reading.no_such_piece(PieceFault::NotThatOne {
            side: us,
            role: spec.role,
            count: on_file.len(),
            file: Some(number),
            pick: spec.pick,
        })),
    }
}

/// Piece `i` (from 0) in [`stacked`] order, for the Chinese `一兵`, `二兵`...
fn the_stacked_one(
    pos: &Position,
    spec: Spec,
    i: u8,
    reading: Reading,
) -> Result<Move, NotationError> {
    let us = pos.turn();
    let stack = stacked(pos, us, spec.role);
    match stack.get(usize::from(i)) {
        Some(&from) => the_move(from, us, spec, reading),
        None if stack.is_empty() => Err(reading.no_such_piece(PieceFault::NoTwoOnOneFile {
            side: us,
            role: spec.role,
        })),
        None => Err(reading.no_such_piece(PieceFault::NotThatOne {
            side: us,
            role: spec.role,
            count: stack.len(),
            file: None,
            pick: spec.pick,
        })),
    }
}

/// The one board file where the side to move has two or more pieces of
/// `role`, for texts that give a tandem marker but no file.
fn the_tandem_file(
    pos: &Position,
    us: Color,
    role: Role,
    reading: Reading,
) -> Result<u8, NotationError> {
    let mut files = tandem_files(pos, us, role);
    match (files.next(), files.next()) {
        (Some(file), None) => Ok(file),
        (None, _) => Err(reading.no_such_piece(PieceFault::NoTwoOnOneFile { side: us, role })),
        (Some(_), Some(_)) => {
            Err(reading.ambiguous(PieceFault::StackedOnSeveralFiles { side: us, role }))
        }
    }
}

/// Which of `count` pieces on a file `pick` names (0 = front): `Ok(None)`
/// when only the move can tell, `Err` when no piece fits.
fn pick_index(pick: Pick, role: Role, count: usize) -> Result<Option<usize>, ()> {
    let index = match pick {
        Pick::Plain if count == 1 => 0,
        Pick::Plain if role == Role::Pawn && count % 2 == 1 => count / 2,
        Pick::Plain => return Ok(None),
        Pick::Front if count >= 4 => 1,
        Pick::Rear if count >= 4 => count - 2,
        Pick::Front | Pick::Foremost if count >= 2 => 0,
        Pick::Rear | Pick::Rearmost if count >= 2 => count - 1,
        Pick::Middle if count == 3 || count == 5 => count / 2,
        Pick::Index(i) | Pick::Stacked(i) if usize::from(i) < count => usize::from(i),
        _ => return Err(()),
    };
    Ok(Some(index))
}

/// Of several pieces on one file named by their file alone, the one that
/// can make the move: the only one for which it is geometrically possible,
/// else the only one for which it is legal.
fn choose(
    pos: &Position,
    on_file: &FileList,
    spec: Spec,
    reading: Reading,
) -> Result<Move, NotationError> {
    let us = pos.turn();
    let mut first_error = None;
    let mut possible: ArrayVec<Move, 10> = ArrayVec::new();
    for &from in on_file {
        match the_move(from, us, spec, reading) {
            Ok(m) => possible.push(m),
            Err(e) => first_error = first_error.or(Some(e)),
        }
    }
    if possible.len() == 1 {
        return Ok(possible[0]);
    }
    let Some(&m) = possible.first() else {
        return Err(first_error.expect("every piece failed"));
    };
    let mut legal = possible.iter().filter(|&&m| pos.is_legal(m));
    match (legal.next(), legal.next()) {
        (Some(&m), None) => Ok(m),
        _ => Err(reading.ambiguous(PieceFault::SeveralOnFile {
            side: us,
            role: spec.role,
            count: on_file.len(),
            file: file_number(us, m.from.file()),
        })),
    }
}

/// The move of the piece on `from` that `spec` describes, if the piece can
/// make such a move on some board.
fn the_move(from: Square, us: Color, spec: Spec, reading: Reading) -> Result<Move, NotationError> {
    destination(from, us, spec.role, spec.op, spec.n)
        .map(|to| Move::new(from, to))
        .map_err(|why| {
            reading.impossible(PieceFault::CannotGo {
                side: us,
                role: spec.role,
                from,
                op: spec.op,
                n: spec.n,
                why,
            })
        })
}

/// Where a `role` of `color` on `from` lands moving `op` by `n`, or why it
/// cannot.
fn destination(
    from: Square,
    color: Color,
    role: Role,
    op: Op,
    n: u8,
) -> Result<Square, Unreachable> {
    match role {
        Role::King | Role::Rook | Role::Cannon | Role::Pawn => straight(from, color, op, n),
        Role::Advisor => leap(from, color, op, n, &[(1, 1)]).and_then(|to| {
            if to.in_palace(color) {
                Ok(to)
            } else {
                Err(Unreachable::OutOfPalace)
            }
        }),
        Role::Elephant => leap(from, color, op, n, &[(2, 2)]).and_then(|to| {
            if to.on_own_half(color) {
                Ok(to)
            } else {
                Err(Unreachable::AcrossTheRiver)
            }
        }),
        Role::Horse => leap(from, color, op, n, &[(1, 2), (2, 1)]),
    }
}

/// The destination of a king, rook, cannon or pawn move.
fn straight(from: Square, color: Color, op: Op, n: u8) -> Result<Square, Unreachable> {
    let forward: i8 = if color == Color::Red { 1 } else { -1 };
    let steps = n as i8;
    match op {
        Op::Sideways => {
            let file = board_file(color, n);
            if file == from.file() {
                Err(Unreachable::SameFile)
            } else {
                Ok(Square::new(file, from.rank()).expect("file and rank on the board"))
            }
        }
        Op::Forward => from
            .offset(0, forward * steps)
            .ok_or(Unreachable::OffTheBoard),
        Op::Backward => from
            .offset(0, -forward * steps)
            .ok_or(Unreachable::OffTheBoard),
    }
}

/// The destination of an advisor, elephant or horse move to file number
/// `n`, given the allowed (files, ranks) step shapes.
fn leap(
    from: Square,
    color: Color,
    op: Op,
    n: u8,
    shapes: &[(u8, u8)],
) -> Result<Square, Unreachable> {
    let forward: i8 = if color == Color::Red { 1 } else { -1 };
    let sign = match op {
        Op::Forward => forward,
        Op::Backward => -forward,
        Op::Sideways => return Err(Unreachable::Sideways),
    };
    let file = board_file(color, n);
    let files = file.abs_diff(from.file());
    let &(_, ranks) = shapes
        .iter()
        .find(|&&(f, _)| f == files)
        .ok_or(Unreachable::ThatFile)?;
    from.offset(file as i8 - from.file() as i8, sign * ranks as i8)
        .ok_or(Unreachable::OffTheBoard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_numbers_run_from_the_movers_right() {
        assert_eq!(file_number(Color::Red, 8), 1); // i
        assert_eq!(file_number(Color::Red, 0), 9); // a
        assert_eq!(file_number(Color::Black, 0), 1); // a
        for c in Color::ALL {
            for f in 0..9 {
                assert_eq!(board_file(c, file_number(c, f)), f);
            }
        }
    }

    #[test]
    fn slots_follow_the_wxf_pawn_rules() {
        use Slot::*;
        let slots = |count| {
            (0..count)
                .map(|i| slot(Role::Pawn, count, i))
                .collect::<Vec<_>>()
        };
        assert_eq!(slots(1), [Alone]);
        assert_eq!(slots(2), [Front, Rear]);
        assert_eq!(slots(3), [Front, Middle, Rear]);
        assert_eq!(slots(4), [Foremost, Front, Rear, Rearmost]);
        assert_eq!(slots(5), [Foremost, Front, Middle, Rear, Rearmost]);
        assert_eq!(slot(Role::Advisor, 2, 1), Alone);
        assert_eq!(slot(Role::Rook, 2, 1), Rear);
    }

    #[test]
    fn picks_invert_slots() {
        for count in 1..=5 {
            for index in 0..count {
                let pick = match slot(Role::Pawn, count, index) {
                    Slot::Alone => Pick::Plain,
                    Slot::Front => Pick::Front,
                    Slot::Middle => Pick::Plain,
                    Slot::Rear => Pick::Rear,
                    Slot::Foremost => Pick::Foremost,
                    Slot::Rearmost => Pick::Rearmost,
                };
                assert_eq!(pick_index(pick, Role::Pawn, count), Ok(Some(index)));
            }
        }
    }

    #[test]
    fn destinations() {
        let sq = |s| Square::from_iccs(s).unwrap();
        let red = Color::Red;
        assert_eq!(
            destination(sq("b0"), red, Role::Horse, Op::Forward, 7),
            Ok(sq("c2"))
        );
        assert_eq!(
            destination(sq("d0"), red, Role::Advisor, Op::Forward, 5),
            Ok(sq("e1"))
        );
        assert!(destination(sq("d2"), red, Role::Advisor, Op::Forward, 5).is_err());
        assert!(destination(sq("c4"), red, Role::Elephant, Op::Forward, 5).is_err());
        assert!(destination(sq("b0"), red, Role::Horse, Op::Forward, 5).is_err());
        assert!(destination(sq("a9"), red, Role::Rook, Op::Forward, 1).is_err());
        assert!(destination(sq("a9"), red, Role::Rook, Op::Sideways, 9).is_err());
        assert_eq!(
            destination(sq("a9"), Color::Black, Role::Rook, Op::Forward, 9),
            Ok(sq("a0"))
        );
    }
}
