//! What a record reads into: the types every format shares.

use std::fmt;

use crate::xiangqi::notation::Notation;

/// The formats a record may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PGN with tags (`[FEN "..."]`, `[Format "WXF"]`, ...).
    Pgn,
    /// Numbered moves without tags: `1. C2=5 H8+7 2. H2+3 R9=8`.
    Sheet,
    /// `[DhtmlXQ_binit]` and `[DhtmlXQ_movelist]` blocks.
    DhtmlXq,
}

/// One move as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub text: String,
    /// 1-based line and column (in characters) of the move in the record.
    pub line: u32,
    pub column: u32,
}

/// A game record, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub format: Format,
    /// The start position, if the record gives one (else the standard start).
    pub fen: Option<String>,
    /// The notation the record declares, if it does.
    pub notation: Option<Notation>,
    pub moves: Vec<RecordMove>,
    /// The result as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

/// Why a record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RecordError {}
