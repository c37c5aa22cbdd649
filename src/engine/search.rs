//! A question to the engine ([`Search`]), its answer once checked ([`Found`]), and why there
//! may be none ([`Failure`], [`EngineError`]).

use std::time::Duration;

use super::uci::Score;
use crate::xiangqi::{Move, Position};

/// How long the engine thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `go nodes N`: the same move every time, on any machine.
    Nodes(u64),
    /// `go movetime T`.
    MoveTime(Duration),
}

impl Limit {
    /// The slowest an engine is expected to search, in nodes a second, to bound `go nodes`:
    /// a fifth of what Fairy-Stockfish does on one core here.
    pub const SLOWEST_NODES_PER_SECOND: u64 = 50_000;

    /// How long the search may take before the engine counts as hung: its own time (or its
    /// nodes at the slowest speed expected) and `grace`.
    pub(super) fn allowance(self, grace: Duration) -> Duration {
        match self {
            Limit::Nodes(n) => {
                grace
                    + Duration::from_millis(
                        n.saturating_mul(1_000) / Self::SLOWEST_NODES_PER_SECOND,
                    )
            }
            Limit::MoveTime(t) => t + grace,
        }
    }
}

/// One question to the engine: a game whose moves are all legal, and the moves it may choose.
#[derive(Debug, Clone)]
pub struct Search {
    /// The game's start.
    pub start: Position,
    /// Every move from the start, each legal.
    pub moves: Vec<Move>,
    /// The position after them (the engine's move is checked in it).
    pub last: Position,
    /// The moves the engine may choose from; empty: any legal move.
    pub searchmoves: Vec<Move>,
    /// The strength, 1-10; `None` is full strength.
    pub level: Option<u8>,
    /// How long it thinks.
    pub limit: Limit,
}

/// The engine's answer, checked: a legal move in the position, among the moves allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The move.
    pub mv: Move,
    /// Its last exact score, from the mover's side.
    pub score: Option<Score>,
    /// The depth reached.
    pub depth: Option<u32>,
    /// The engine's `id name`.
    pub engine: String,
}

/// Why an engine process was given up (and restarted).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// It could not be started, or failed its handshake.
    #[error("the engine did not start: {0}")]
    Start(String),
    /// It exited, or closed its output.
    #[error("the engine died")]
    Died,
    /// It did not answer before its deadline.
    #[error("the engine did not answer in time")]
    Timeout,
    /// It answered a move that is not legal, or not among those allowed.
    #[error("the engine answered {0}, which is not a legal move here")]
    IllegalMove(String),
    /// It answered something that is not a move.
    #[error("the engine answered nonsense: {0}")]
    Garbage(String),
}

impl Failure {
    /// A stable snake_case code (the problem's `reason`, the metric's label).
    pub fn code(&self) -> &'static str {
        match self {
            Failure::Start(_) => "start",
            Failure::Died => "died",
            Failure::Timeout => "timeout",
            Failure::IllegalMove(_) => "illegal_move",
            Failure::Garbage(_) => "garbage",
        }
    }

    /// Every code, for the metrics.
    pub const CODES: [&'static str; 5] = ["start", "died", "timeout", "illegal_move", "garbage"];
}

/// Why a search got no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// No engine is configured.
    #[error("no engine is configured")]
    Unavailable,
    /// Every process is busy and the queue is full (or the wait ran out).
    #[error("every engine is busy")]
    Busy,
    /// The engine failed; it has been restarted.
    #[error(transparent)]
    Failed(#[from] Failure),
}
