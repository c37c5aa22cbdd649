//! The seam between the callers (the HTTP layer, the CLI) and the chess: they only talk to an
//! [`Arbiter`], through [`super::adjudicate_one`] and [`super::rule_all`].
//!
//! Implementations must be pure and fast (tens of microseconds per game). The HTTP layer calls
//! them directly on the async runtime for small requests, and on its bounded ruling pool for
//! anything larger; there they are handed a [`Cancel`] flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::answer::{AdjudicateResponse, LegalMovesResponse, RulesetsResponse};
use super::error::ApiError;
use super::moves::Moves;
use super::request::{Game, LegalMovesRequest};
use crate::adjudication::{Replay, Ruling};
use crate::xiangqi::{Move, Position};

/// Rules on games. Called through [`super::adjudicate_one`], the request has already been
/// checked once into a typed [`Game`] ([`AdjudicateRequest::check`]); everything about chess
/// is the arbiter's to judge.
///
/// [`AdjudicateRequest::check`]: super::request::AdjudicateRequest::check
pub trait Arbiter: Send + Sync + 'static {
    /// Rules on one game. Errors must be 4xx kinds (`InvalidFen`, `UnparsableMove`,
    /// `IllegalMove`, `InvalidRecord`, ...).
    fn adjudicate(&self, game: &Game) -> Result<AdjudicateResponse, ApiError>;

    /// Like [`Arbiter::adjudicate`], but gives up with [`ApiError::Cancelled`] soon after
    /// `cancel` is set. The default checks once, before starting; implementations whose
    /// games may be long should check along the way.
    fn adjudicate_cancellable(
        &self,
        game: &Game,
        cancel: &Cancel,
    ) -> Result<AdjudicateResponse, ApiError> {
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        self.adjudicate(game)
    }

    /// Rules on one game like [`Arbiter::adjudicate_cancellable`], and keeps the game itself
    /// (its start and moves) for what draws it: the diagrams and the printable report.
    ///
    /// Arbiters that do not replay real games (test doubles, a canned answer) keep this
    /// default, which answers 501 Not Implemented.
    fn rule_game<'g>(&self, game: &'g Game, cancel: &Cancel) -> Result<RuledGame<'g>, ApiError> {
        let _ = (game, cancel);
        Err(ApiError::Status {
            status: 501,
            reason: Some("Not Implemented"),
        })
    }

    /// The position after the moves and every legal move from it.
    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError>;

    /// The rule sets this arbiter applies.
    fn rulesets(&self) -> RulesetsResponse;
}

/// A game and the ruling on it: what [`Arbiter::rule_game`] answers.
#[derive(Debug, Clone)]
pub struct RuledGame<'g> {
    /// The answer `POST /v1/adjudicate` gives for the game.
    pub answer: AdjudicateResponse,
    /// The ruling the answer was written from: what the drawings mark (checks and chases, by
    /// square), read from the law's own values rather than back from the answer's text.
    pub ruling: Ruling,
    /// The game as replayed: its start, its moves (all legal) and its positions.
    pub replay: Replay,
    /// The moves as the request wrote them (a record's own text for a `game`), one per ply.
    pub sent: &'g Moves,
}

impl RuledGame<'_> {
    /// Plies played.
    pub fn plies(&self) -> usize {
        self.replay.plies()
    }

    /// The move of ply `ply` (1-based), if the game has it.
    pub fn mv(&self, ply: usize) -> Option<Move> {
        ply.checked_sub(1)
            .and_then(|i| self.replay.moves().get(i))
            .copied()
    }

    /// The position after `ply` plies (0 = the start), if the game is that long: replayed
    /// from the replay's checkpoint before it.
    pub fn position(&self, ply: usize) -> Option<Position> {
        (ply <= self.plies()).then(|| self.replay.position(ply))
    }
}

/// A flag that tells work to stop: set when the request that asked for it is abandoned
/// (its client went away, or its time ran out), read by the work between games and every
/// few plies. Cheap to clone; all clones share the flag.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag that is not set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the flag.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`Cancel::cancel`] has been called on any clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// A guard that sets the flag when dropped: held by a request's future, it cancels the
    /// work when hyper or the timeout drops that future.
    pub fn on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.clone())
    }
}

/// Sets its [`Cancel`] flag when dropped (see [`Cancel::on_drop`]).
#[derive(Debug)]
pub struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}
