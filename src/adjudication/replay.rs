//! Replaying a score sheet: every move checked for legality, every position
//! kept for the arbiter (Article 13.1: the arbiter replays the score sheet).

use crate::xiangqi::{IllegalMoveReason, Move, Position};

/// A game replayed from its start position.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `positions[0]` is the start; `positions[i]` follows ply `i`.
    positions: Vec<Position>,
    /// `keys[i]` is `positions[i].key()`, kept contiguous for repetition scans.
    keys: Vec<u64>,
    moves: Vec<Move>,
}

/// Why a score sheet could not be replayed, at which ply (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<E> {
    /// The move text could not be read in the chosen notation.
    Unreadable { ply: usize, error: E },
    /// The move is not legal; `before` is the position an arbiter restores.
    Illegal {
        ply: usize,
        mv: Move,
        before: Box<Position>,
        reason: IllegalMoveReason,
    },
}

impl Replay {
    /// Replays `count` moves from `start`, reading ply `i` (1-based) with
    /// `read(position_before, i)`. Stops at the first unreadable or illegal move.
    pub fn new<E>(
        start: Position,
        count: usize,
        mut read: impl FnMut(&Position, usize) -> Result<Move, E>,
    ) -> Result<Replay, ReplayError<E>> {
        let mut positions = Vec::with_capacity(count + 1);
        let mut moves = Vec::with_capacity(count);
        let mut keys = Vec::with_capacity(count + 1);
        keys.push(start.key());
        positions.push(start);
        for ply in 1..=count {
            let before = positions.last().expect("never empty");
            let mv = read(before, ply).map_err(|error| ReplayError::Unreadable { ply, error })?;
            before
                .check_move(mv)
                .map_err(|reason| ReplayError::Illegal {
                    ply,
                    mv,
                    before: Box::new(before.clone()),
                    reason,
                })?;
            // Copy the position in place and play on the copy: one copy per ply.
            positions.extend_from_within(ply - 1..);
            let after = positions.last_mut().expect("just pushed");
            after.play_unchecked(mv);
            keys.push(after.key());
            moves.push(mv);
        }
        Ok(Replay {
            positions,
            keys,
            moves,
        })
    }

    /// Replays already-decoded moves.
    pub fn from_moves(
        start: Position,
        moves: &[Move],
    ) -> Result<Replay, ReplayError<std::convert::Infallible>> {
        Replay::new(start, moves.len(), |_, ply| Ok(moves[ply - 1]))
    }

    /// Number of plies played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The position after `ply` plies (0 = the start).
    pub fn position(&self, ply: usize) -> &Position {
        &self.positions[ply]
    }

    /// The repetition key of the position after `ply` plies.
    pub fn key(&self, ply: usize) -> u64 {
        self.keys[ply]
    }

    /// The move of ply `ply` (1-based).
    pub fn mv(&self, ply: usize) -> Move {
        self.moves[ply - 1]
    }

    /// The final position.
    pub fn last(&self) -> &Position {
        self.positions.last().expect("never empty")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
}
