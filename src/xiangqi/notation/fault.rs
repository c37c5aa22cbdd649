//! The facts of a move text that names no piece, too many, or a move its piece cannot make
//! ([`PieceFault`]), and the words of moves they are stated in ([`Op`], [`Pick`]). `Display`
//! states them in English; the API states them in its other languages from the same facts.

use std::fmt;

use crate::xiangqi::{Color, Role, Square};

/// The direction of a move, seen by the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Towards the opponent (WXF `+`, VN `.` tiến).
    Forward,
    /// Towards the mover's own side (WXF `-`, VN `/` thoái).
    Backward,
    /// Along the rank (WXF `=` or `.`, VN `-` bình).
    Sideways,
}

/// Which of the pieces of one role on one file a text names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Just the file: the only piece there, the middle pawn of three or
    /// five, or the one piece that can make the move.
    Plain,
    /// WXF `+`, VN `t`: the front one of two or three, the second of four
    /// or five.
    Front,
    /// WXF `-`, VN `s`: the rear one of two or three, the second-last of
    /// four or five.
    Rear,
    /// The middle pawn of three or five (WXF file digit, VN `g`).
    Middle,
    /// WXF `++`, VN `tt`: the foremost.
    Foremost,
    /// WXF `--`, VN `ss`: the rearmost.
    Rearmost,
    /// pyffish's form: the n-th from the front, counting from 0.
    Index(u8),
    /// Chinese `一兵`, `二兵`...: the n-th (from 0) of the pieces of the role
    /// that stand on files holding two or more of them, the files taken
    /// from the mover's right to left and each file front to back (the
    /// order of `relative::stacked`).
    Stacked(u8),
}

impl Pick {
    /// How the pick reads in an English error message ("there is no ...").
    fn name(self) -> String {
        match self {
            Pick::Plain => "such piece".to_string(),
            Pick::Front => "front one".to_string(),
            Pick::Rear => "rear one".to_string(),
            Pick::Middle => "middle one".to_string(),
            Pick::Foremost => "foremost one".to_string(),
            Pick::Rearmost => "rearmost one".to_string(),
            Pick::Index(i) => format!("number {} from the front", i + 1),
            Pick::Stacked(i) => format!(
                "number {} counting the stacked files from the right, each front to back",
                i + 1
            ),
        }
    }
}

/// Why no piece, or more than one, fits a move text, or why the piece it names cannot
/// move so on any board. Files are numbered as the notation numbers them, from the mover's
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceFault {
    /// `side` has no `role` on file `file`.
    NoneOnFile { side: Color, role: Role, file: u8 },
    /// `side` has `count` `role`s on file `file` (or, for `None`, on the files holding two or
    /// more), and none is the one `pick` names.
    NotThatOne {
        side: Color,
        role: Role,
        count: usize,
        file: Option<u8>,
        pick: Pick,
    },
    /// A tandem marker without a file, and `side` has no two `role`s on one file.
    NoTwoOnOneFile { side: Color, role: Role },
    /// A tandem marker without a file, and `side` has `role`s stacked on several files.
    StackedOnSeveralFiles { side: Color, role: Role },
    /// `count` `role`s of `side` stand on file `file` and more than one can make the move.
    SeveralOnFile {
        side: Color,
        role: Role,
        count: usize,
        file: u8,
    },
    /// No `role` of `side` can go to `to` (SAN, which names the destination).
    NoneReaches { side: Color, role: Role, to: Square },
    /// `count` `role`s of `side` can go to `to`, and the text does not say which (SAN).
    SeveralReach {
        side: Color,
        role: Role,
        to: Square,
        count: usize,
    },
    /// The `role` of `side` on `from` cannot go `op` by `n` on any board.
    CannotGo {
        side: Color,
        role: Role,
        from: Square,
        op: Op,
        n: u8,
        why: Unreachable,
    },
}

/// Why a piece cannot make a move on any board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// An advisor would leave the palace.
    OutOfPalace,
    /// An elephant would cross the river.
    AcrossTheRiver,
    /// A sideways move to the file the piece stands on.
    SameFile,
    /// The move would leave the board.
    OffTheBoard,
    /// An advisor, elephant or horse moved sideways.
    Sideways,
    /// An advisor, elephant or horse sent to a file its step cannot reach.
    ThatFile,
}

/// Whether `n` counts steps for `role` moving `op` (a straight move of a king, rook, cannon
/// or pawn), rather than naming the destination file.
pub fn counts_steps(role: Role, op: Op) -> bool {
    op != Op::Sideways && matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

/// "go forward 2 steps", "go sideways to file 5", for error messages.
fn travel(role: Role, op: Op, n: u8) -> String {
    let way = match op {
        Op::Forward => "forward",
        Op::Backward => "backward",
        Op::Sideways => "sideways",
    };
    match (counts_steps(role, op), n) {
        (true, 1) => format!("go {way} 1 step"),
        (true, _) => format!("go {way} {n} steps"),
        (false, _) => format!("go {way} to file {n}"),
    }
}

/// The role's name, with an `s` unless `count` is 1.
fn plural(role: Role, count: usize) -> String {
    if count == 1 {
        role.name().to_string()
    } else {
        format!("{}s", role.name())
    }
}

impl fmt::Display for PieceFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PieceFault::NoneOnFile { side, role, file } => {
                write!(f, "{side} has no {role} on file {file}")
            }
            PieceFault::NotThatOne {
                side,
                role,
                count,
                file,
                pick,
            } => {
                let pieces = plural(role, count);
                match file {
                    Some(file) => write!(f, "{side} has {count} {pieces} on file {file}"),
                    None => write!(
                        f,
                        "{side} has {count} {pieces} on files holding two or more"
                    ),
                }?;
                write!(f, ": there is no {}", pick.name())
            }
            PieceFault::NoTwoOnOneFile { side, role } => {
                write!(f, "{side} has no two {} on one file", plural(role, 2))
            }
            PieceFault::StackedOnSeveralFiles { side, role } => write!(
                f,
                "{side} has {} stacked on several files; write the file too",
                plural(role, 2)
            ),
            PieceFault::SeveralOnFile {
                side,
                role,
                count,
                file,
            } => write!(
                f,
                "{count} {side} {} stand on file {file}; mark the front or rear one",
                plural(role, count)
            ),
            PieceFault::NoneReaches { side, role, to } => {
                write!(f, "no {side} {role} can go to ICCS {to}")
            }
            PieceFault::SeveralReach {
                side,
                role,
                to,
                count,
            } => write!(
                f,
                "{count} {side} {} can go to ICCS {to}",
                plural(role, count)
            ),
            PieceFault::CannotGo {
                side,
                role,
                from,
                op,
                n,
                why,
            } => write!(
                f,
                "the {side} {role} on {from} cannot {}: {why}",
                travel(role, op, n)
            ),
        }
    }
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unreachable::OutOfPalace => "an advisor never leaves the palace",
            Unreachable::AcrossTheRiver => "an elephant never crosses the river",
            Unreachable::SameFile => "a sideways move must change file",
            Unreachable::OffTheBoard => "it would leave the board",
            Unreachable::Sideways => "advisors, elephants and horses never move sideways",
            Unreachable::ThatFile => "it cannot reach that file",
        })
    }
}
