//! Replaying a score sheet: every move checked for legality, every position
//! recoverable by the arbiter (Article 13.1: the arbiter replays the score sheet).

use crate::xiangqi::{Color, IllegalMoveReason, Move, Position, Square};

/// A game replayed from its start position.
///
/// Every ply's key, move and capture is kept; whole positions only every
/// [`CHECKPOINT_INTERVAL`] plies and at the end. The ruling needs positions
/// only for a repeating cycle's few plies, and copying a position on every
/// ply cost more than replaying a few plies from the checkpoint before.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `checkpoints[i]` is the position after ply `i * CHECKPOINT_INTERVAL`.
    checkpoints: Vec<Position>,
    last: Position,
    /// `keys[i]` is the repetition key of the position after ply `i`.
    keys: Vec<u64>,
    moves: Vec<Move>,
    /// `captures[i]` is true if ply `i + 1` took a piece.
    captures: Vec<bool>,
}

/// Plies between two kept positions: a position is at most this many
/// replayed plies away.
pub const CHECKPOINT_INTERVAL: usize = 16;

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

/// The error for the illegal move `mv` at `ply`. After a mate or stalemate no
/// move is legal: then the reason is that the game is over.
#[cold]
fn illegal<E>(
    ply: usize,
    mv: Move,
    before: &Position,
    reason: IllegalMoveReason,
) -> ReplayError<E> {
    ReplayError::Illegal {
        ply,
        mv,
        before: Box::new(before.clone()),
        reason: if before.has_legal_move() {
            reason
        } else {
            IllegalMoveReason::GameOver
        },
    }
}

impl Replay {
    /// Replays `count` moves from `start`, reading ply `i` (1-based) with
    /// `read(position_before, i)`. Stops at the first unreadable or illegal move.
    pub fn new<E>(
        start: Position,
        count: usize,
        mut read: impl FnMut(&Position, usize) -> Result<Move, E>,
    ) -> Result<Replay, ReplayError<E>> {
        let mut checkpoints = Vec::with_capacity(count / CHECKPOINT_INTERVAL + 1);
        // Filled in place ply by ply: cheaper than a push per ply onto each.
        let mut keys = vec![0; count + 1];
        let mut moves = vec![Move::new(Square::A0, Square::A0); count];
        let mut captures = vec![false; count];
        keys[0] = start.key();
        checkpoints.push(start.clone());
        let mut current = start;
        let slots = keys[1..]
            .iter_mut()
            .zip(moves.iter_mut().zip(&mut captures));
        for (ply, (key, (played, captured))) in (1..).zip(slots) {
            let mv = read(&current, ply).map_err(|error| ReplayError::Unreadable { ply, error })?;
            match current.play(mv) {
                Ok(taken) => *captured = taken.is_some(),
                Err(reason) => return Err(illegal(ply, mv, &current, reason)),
            }
            *key = current.key();
            *played = mv;
            if ply % CHECKPOINT_INTERVAL == 0 {
                // Cloned in place: a push would copy the clone once more.
                checkpoints.extend_from_slice(std::slice::from_ref(&current));
            }
        }
        Ok(Replay {
            checkpoints,
            last: current,
            keys,
            moves,
            captures,
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

    /// The position after `ply` plies (0 = the start), replayed from the
    /// checkpoint before it. To walk several plies, use
    /// [`positions`](Self::positions).
    pub fn position(&self, ply: usize) -> Position {
        self.positions(ply).next().expect("ply is at most plies()")
    }

    /// The positions after plies `from`, `from + 1`, ... up to the last:
    /// one move played per step after the first.
    pub fn positions(&self, from: usize) -> impl Iterator<Item = Position> + '_ {
        assert!(from <= self.plies(), "ply {from} of {}", self.plies());
        let checkpoint = from / CHECKPOINT_INTERVAL;
        let mut current = self.checkpoints[checkpoint].clone();
        for &mv in &self.moves[checkpoint * CHECKPOINT_INTERVAL..from] {
            current.play_unchecked(mv);
        }
        // `current` is the position after ply `at`; each step after the first
        // plays the next move (`moves[at]` is ply `at + 1`).
        let mut at = from;
        let mut started = false;
        std::iter::from_fn(move || {
            if started {
                current.play_unchecked(*self.moves.get(at)?);
                at += 1;
            }
            started = true;
            Some(current.clone())
        })
    }

    /// True if ply `ply` (1-based) took a piece.
    pub fn is_capture(&self, ply: usize) -> bool {
        self.captures[ply - 1]
    }

    /// The side that played ply `ply` (1-based).
    pub fn mover(&self, ply: usize) -> Color {
        let start = self.start().turn();
        if ply % 2 == 1 { start } else { start.other() }
    }

    /// The repetition key of the position after `ply` plies.
    pub fn key(&self, ply: usize) -> u64 {
        self.keys[ply]
    }

    /// Every repetition key: `keys()[p]` is the key after ply `p`.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Whether each ply took a piece: `captures()[p - 1]` for ply `p`.
    pub fn captures(&self) -> &[bool] {
        &self.captures
    }

    /// The move of ply `ply` (1-based).
    pub fn mv(&self, ply: usize) -> Move {
        self.moves[ply - 1]
    }

    /// Every move played: ply `p` is `moves()[p - 1]`.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The final position.
    pub fn last(&self) -> &Position {
        &self.last
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.checkpoints[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `plies` legal moves from the start, each chosen by a simple
    /// deterministic rule, with every position it passes through.
    fn walk(plies: usize) -> (Vec<Move>, Vec<Position>) {
        let mut positions = vec![Position::new()];
        let mut moves = Vec::new();
        for ply in 0..plies {
            let pos = positions.last().expect("never empty");
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[(ply * 7 + 3) % legal.len()];
            positions.push(pos.after(mv));
            moves.push(mv);
        }
        (moves, positions)
    }

    #[test]
    fn every_position_is_recovered_across_checkpoints() {
        let (moves, expected) = walk(3 * CHECKPOINT_INTERVAL + 5);
        assert!(
            moves.len() > 2 * CHECKPOINT_INTERVAL,
            "the walk is long enough"
        );
        let replay = Replay::from_moves(Position::new(), &moves).expect("legal moves");
        assert_eq!(replay.plies(), moves.len());
        assert_eq!(replay.last(), expected.last().expect("never empty"));
        for (ply, want) in expected.iter().enumerate() {
            assert_eq!(&replay.position(ply), want, "ply {ply}");
            assert_eq!(replay.key(ply), want.key(), "ply {ply}");
            let walked: Vec<Position> = replay.positions(ply).collect();
            assert_eq!(walked, expected[ply..], "positions from ply {ply}");
        }
        assert!(
            (1..=replay.plies()).any(|ply| replay.is_capture(ply)),
            "the walk captures"
        );
        for ply in 1..=replay.plies() {
            let before = &expected[ply - 1];
            assert_eq!(replay.mover(ply), before.turn(), "ply {ply}");
            assert_eq!(
                replay.is_capture(ply),
                before.piece_at(moves[ply - 1].to).is_some(),
                "ply {ply}"
            );
        }
    }
}
