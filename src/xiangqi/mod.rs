//! The rules of xiangqi: board, pieces, legal moves, check and mate, FEN and
//! move notations. This module knows nothing of HTTP, JSON or the law on
//! repetition; everything else in the crate builds on it.
//!
//! ```
//! use xiangqi_arbiter::xiangqi::{Position, Move, Square};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = Move::new(Square::from_iccs("h2").unwrap(), Square::from_iccs("e2").unwrap());
//! pos.play(m).unwrap();
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```

mod attacks;
mod board;
mod fen;
mod movegen;
pub mod notation;
mod perft;
mod position;
mod setup;
mod square_set;
mod tables;
mod types;
mod zobrist;

pub use board::Board;
pub use fen::{FenError, ParseFenError, START_FEN};
pub use perft::{divide, perft};
pub use position::{GameEnd, IllegalMoveReason, MoveList, Position, move_number};
pub use setup::{Setup, SetupError, SetupProblem};
pub use square_set::SquareSet;
pub use types::{Color, Move, Piece, Role, Square};
