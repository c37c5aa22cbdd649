//! The v1 API handlers: extract, check limits, call the arbiter, map.
//!
//! Small rulings run inline on the async worker; anything larger runs on the bounded ruling
//! pool ([`super::pool`]), which answers 503 `overloaded` when full and stops abandoned work.

use axum::extract::State;

use super::dto::{
    AdjudicateRequest, AdjudicateResponse, BatchItem, BatchRequest, BatchResponse,
    LegalMovesRequest, LegalMovesResponse, Limits, RulesetsResponse,
};
use super::engine::{Arbiter, Cancel};
use super::error::ApiError;
use super::extract::{ApiJson, parse_game};
use super::metrics::record_verdict;
use super::state::AppState;

/// Games of at most this many plies are ruled inline (game200 takes about 75 µs); longer
/// ones go to the ruling pool.
pub const INLINE_PLIES_MAX: usize = 256;
/// Batches of at most this many games, and ...
pub const INLINE_BATCH_MAX: usize = 4;
/// ... at most this many bytes of games in all, are ruled inline; others go to the pool.
pub const INLINE_BATCH_BYTES: usize = 4 * 1024;

/// `POST /v1/adjudicate`.
pub async fn adjudicate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AdjudicateRequest>,
) -> Result<ApiJson<AdjudicateResponse>, ApiError> {
    let limits = state.limits;
    if req.moves.len() <= INLINE_PLIES_MAX {
        let resp = adjudicate_one(state.arbiter.as_ref(), &limits, &req)?;
        return Ok(ApiJson(resp));
    }
    // Refuse what the limits refuse before taking a worker.
    req.check_limits(&limits)?;
    let arbiter = state.arbiter;
    let resp = state
        .pool
        .run(Cancel::new(), move |cancel| {
            adjudicate_one_cancellable(arbiter.as_ref(), &limits, &req, cancel)
        })
        .await??;
    Ok(ApiJson(resp))
}

/// `POST /v1/adjudicate/batch`: every game ruled on independently, in order.
pub async fn adjudicate_batch(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<BatchRequest>,
) -> Result<ApiJson<BatchResponse>, ApiError> {
    let limits = state.limits;
    let games = req.games;
    if games.len() > limits.max_batch {
        return Err(ApiError::TooManyGames {
            count: games.len(),
            limit: limits.max_batch,
        });
    }
    let bytes: usize = games.iter().map(|g| g.get().len()).sum();
    let results = if games.len() <= INLINE_BATCH_MAX && bytes <= INLINE_BATCH_BYTES {
        rule_all(
            state.arbiter.as_ref(),
            &limits,
            games.iter().map(|g| g.get()),
            &Cancel::new(),
        )?
    } else {
        let arbiter = state.arbiter;
        state
            .pool
            .run(Cancel::new(), move |cancel| {
                rule_all(
                    arbiter.as_ref(),
                    &limits,
                    games.iter().map(|g| g.get()),
                    cancel,
                )
            })
            .await??
    };
    Ok(ApiJson(BatchResponse { results }))
}

/// `POST /v1/legal-moves`.
pub async fn legal_moves(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LegalMovesRequest>,
) -> Result<ApiJson<LegalMovesResponse>, ApiError> {
    req.check_limits(&state.limits)?;
    Ok(ApiJson(state.arbiter.legal_moves(&req)?))
}

/// `GET /v1/rulesets`.
pub async fn rulesets(State(state): State<AppState>) -> ApiJson<RulesetsResponse> {
    ApiJson(state.arbiter.rulesets())
}

/// Checks the limits and rules on one game, counting its verdict.
pub fn adjudicate_one(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    req: &AdjudicateRequest,
) -> Result<AdjudicateResponse, ApiError> {
    adjudicate_one_cancellable(arbiter, limits, req, &Cancel::new())
}

/// [`adjudicate_one`] that gives up with [`ApiError::Cancelled`] once `cancel` is set.
pub fn adjudicate_one_cancellable(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    req: &AdjudicateRequest,
    cancel: &Cancel,
) -> Result<AdjudicateResponse, ApiError> {
    req.check_limits(limits)?;
    let resp = arbiter.adjudicate_cancellable(req, cancel)?;
    record_verdict(resp.verdict);
    Ok(resp)
}

/// Rules on each game (its JSON text), in order. A game that is not a valid request becomes
/// an inline 400 problem worded as for the same game sent alone. Stops with
/// [`ApiError::Cancelled`] as soon as `cancel` is set: it is checked before every game.
pub fn rule_all<'a>(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    games: impl IntoIterator<Item = &'a str>,
    cancel: &Cancel,
) -> Result<Vec<BatchItem>, ApiError> {
    let games = games.into_iter();
    let mut results = Vec::with_capacity(games.size_hint().0);
    for game in games {
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let item = match parse_game(game)
            .and_then(|req| adjudicate_one_cancellable(arbiter, limits, &req, cancel))
        {
            Ok(resp) => BatchItem::Verdict(Box::new(resp)),
            Err(ApiError::Cancelled) => return Err(ApiError::Cancelled),
            Err(err) => BatchItem::Problem(err.to_problem()),
        };
        results.push(item);
    }
    Ok(results)
}
