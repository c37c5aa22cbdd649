//! The seam between the HTTP layer and the chess: handlers only talk to an [`Arbiter`].
//!
//! Implementations must be pure and fast (tens of microseconds per game): handlers call them
//! directly on the async runtime, except for large batches.

use super::dto::{
    AdjudicateRequest, AdjudicateResponse, LegalMovesRequest, LegalMovesResponse, RulesetsResponse,
};
use super::error::ApiError;

/// Rules on games. The request has already passed the HTTP layer's size checks
/// ([`AdjudicateRequest::check_limits`]); everything about chess is the arbiter's to judge.
pub trait Arbiter: Send + Sync + 'static {
    /// Rules on one game. Errors must be 4xx kinds (`InvalidFen`, `UnknownNotation`,
    /// `UnknownRuleset`, `UnparsableMove`, `IllegalMove`, `InvalidRequest`, ...).
    fn adjudicate(&self, req: &AdjudicateRequest) -> Result<AdjudicateResponse, ApiError>;

    /// The position after the moves and every legal move from it.
    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError>;

    /// The rule sets this arbiter applies.
    fn rulesets(&self) -> RulesetsResponse;
}
