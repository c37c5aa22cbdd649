//! A [`Setup`] is a position that is not necessarily legal: what a FEN says,
//! before anyone has checked it. [`Setup::validate`] lists everything wrong
//! with it; [`Position::from_setup`](super::Position::from_setup) turns a
//! good one into a position.

use std::fmt;

use super::board::Board;
use super::types::{Color, Piece, Role, Square};

/// A board, a side to move and two counters, not yet checked for legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    /// Plies since the last capture (the FEN halfmove clock).
    pub halfmoves: u32,
    /// The full-move number, starting at 1 and incremented after Black moves.
    pub fullmoves: u32,
}

impl Setup {
    /// The standard starting position, Red to move, built at compile time
    /// (the same as [`START_FEN`](super::START_FEN) read).
    pub const START: Setup = Setup {
        board: Board::START,
        turn: Color::Red,
        halfmoves: 0,
        fullmoves: 1,
    };
}

impl Default for Setup {
    /// An empty board, Red to move.
    fn default() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// One reason a setup cannot be a position of a real game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// A side has no king.
    MissingKing { color: Color },
    /// A side has more pieces of one role than the game starts with.
    TooManyPieces { color: Color, role: Role, count: u8 },
    /// A king stands outside its palace.
    KingOutsidePalace { color: Color, square: Square },
    /// An advisor stands on a point advisors never reach (off the palace diagonals).
    AdvisorOffPoint { color: Color, square: Square },
    /// An elephant stands on a point elephants never reach (they keep to
    /// seven points of their own half).
    ElephantOffPoint { color: Color, square: Square },
    /// A pawn stands behind its starting rank: pawns never retreat.
    PawnBehindStart { color: Color, square: Square },
    /// A pawn on its own half stands off the five starting files: it cannot
    /// move sideways before crossing the river.
    PawnOffStartingFile { color: Color, square: Square },
    /// The two kings face each other on an open file.
    KingsFacing,
    /// The side that just moved is in check: its king could be captured.
    OpponentInCheck { color: Color },
}

impl SetupProblem {
    /// A stable snake_case code for clients.
    pub fn kind(&self) -> &'static str {
        match self {
            SetupProblem::MissingKing { .. } => "missing_king",
            SetupProblem::TooManyPieces { .. } => "too_many_pieces",
            SetupProblem::KingOutsidePalace { .. } => "king_outside_palace",
            SetupProblem::AdvisorOffPoint { .. } => "advisor_off_point",
            SetupProblem::ElephantOffPoint { .. } => "elephant_off_point",
            SetupProblem::PawnBehindStart { .. } => "pawn_behind_start",
            SetupProblem::PawnOffStartingFile { .. } => "pawn_off_starting_file",
            SetupProblem::KingsFacing => "kings_facing",
            SetupProblem::OpponentInCheck { .. } => "opponent_in_check",
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::MissingKing { color } => write!(f, "{color} has no king"),
            SetupProblem::TooManyPieces { color, role, count } => write!(
                f,
                "{color} has {count} pieces of role {role}, at most {} allowed",
                role.max_count()
            ),
            SetupProblem::KingOutsidePalace { color, square } => {
                write!(f, "{color} king on {square} is outside its palace")
            }
            SetupProblem::AdvisorOffPoint { color, square } => {
                write!(f, "{color} advisor on {square} is off the palace diagonals")
            }
            SetupProblem::ElephantOffPoint { color, square } => {
                write!(
                    f,
                    "{color} elephant on {square} is on a point elephants cannot reach"
                )
            }
            SetupProblem::PawnBehindStart { color, square } => {
                write!(f, "{color} pawn on {square} is behind its starting rank")
            }
            SetupProblem::PawnOffStartingFile { color, square } => write!(
                f,
                "{color} pawn on {square} has not crossed the river but is off the starting files"
            ),
            SetupProblem::KingsFacing => f.write_str("the kings face each other on an open file"),
            SetupProblem::OpponentInCheck { color } => {
                write!(f, "{color} is in check but it is not {color}'s turn")
            }
        }
    }
}

/// Every problem found in a setup (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// True if an advisor of `color` can ever stand on `sq`: the five points of
/// its palace's diagonals.
fn advisor_point(color: Color, sq: Square) -> bool {
    sq.in_palace(color) && (sq.file() + sq.relative_rank(color)) % 2 == 1
}

/// True if an elephant of `color` can ever stand on `sq`: seven points of
/// its own half.
fn elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.relative_rank(color));
    matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

impl Setup {
    /// Lists every reason this setup cannot be a position, in board order.
    /// Empty means valid.
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let mut counts = [[0u8; 7]; 2];
        let mut kings = [None; 2];
        for (sq, piece) in self.board.pieces() {
            counts[piece.color.index()][piece.role as usize] += 1;
            if let Some(problem) = Self::placement_problem(sq, piece) {
                problems.push(problem);
            }
            if piece.role == Role::King {
                kings[piece.color.index()] = Some(sq);
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role as usize];
                if count > role.max_count() {
                    problems.push(SetupProblem::TooManyPieces { color, role, count });
                }
            }
            if kings[color.index()].is_none() {
                problems.push(SetupProblem::MissingKing { color });
            }
        }
        // The king-safety tests only make sense with exactly one king each.
        if let ([Some(red), Some(black)], [1, 1]) = (
            kings,
            [
                counts[0][Role::King as usize],
                counts[1][Role::King as usize],
            ],
        ) {
            if self.board.kings_face(red, black) {
                problems.push(SetupProblem::KingsFacing);
            } else {
                let waiting = self.turn.other();
                let king = if waiting == Color::Red { red } else { black };
                if self.board.king_attacked(king, waiting) {
                    problems.push(SetupProblem::OpponentInCheck { color: waiting });
                }
            }
        }
        problems
    }

    /// `Ok` if the setup is a legal position, else every problem found.
    pub fn validate(&self) -> Result<(), SetupError> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupError { problems })
        }
    }

    /// The problem with `piece` standing on `sq`, if any.
    fn placement_problem(sq: Square, piece: Piece) -> Option<SetupProblem> {
        let color = piece.color;
        let square = sq;
        match piece.role {
            Role::King if !sq.in_palace(color) => {
                Some(SetupProblem::KingOutsidePalace { color, square })
            }
            Role::Advisor if !advisor_point(color, sq) => {
                Some(SetupProblem::AdvisorOffPoint { color, square })
            }
            Role::Elephant if !elephant_point(color, sq) => {
                Some(SetupProblem::ElephantOffPoint { color, square })
            }
            Role::Pawn if sq.relative_rank(color) < 3 => {
                Some(SetupProblem::PawnBehindStart { color, square })
            }
            Role::Pawn if sq.on_own_half(color) && sq.file() % 2 == 1 => {
                Some(SetupProblem::PawnOffStartingFile { color, square })
            }
            _ => None,
        }
    }
}
