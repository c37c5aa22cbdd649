//! The v1 API handlers: extract, check limits, call the arbiter, map.

use std::sync::Arc;

use axum::extract::State;

use super::dto::{
    AdjudicateRequest, AdjudicateResponse, BatchItem, BatchRequest, BatchResponse,
    LegalMovesRequest, LegalMovesResponse, Limits, RulesetsResponse,
};
use super::engine::Arbiter;
use super::error::ApiError;
use super::extract::ApiJson;
use super::metrics::record_verdict;
use super::state::AppState;

/// Batches up to this size run on the async worker; larger ones move to the blocking pool
/// (256 games at ~50 µs would otherwise stall a worker for ~13 ms).
const INLINE_BATCH_MAX: usize = 16;

/// `POST /v1/adjudicate`.
pub async fn adjudicate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AdjudicateRequest>,
) -> Result<ApiJson<AdjudicateResponse>, ApiError> {
    let resp = adjudicate_one(state.arbiter.as_ref(), &state.limits, &req)?;
    Ok(ApiJson(resp))
}

/// `POST /v1/adjudicate/batch`: every game ruled on independently, in order.
pub async fn adjudicate_batch(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<BatchRequest>,
) -> Result<ApiJson<BatchResponse>, ApiError> {
    let limits = state.limits;
    if req.games.len() > limits.max_batch {
        return Err(ApiError::TooManyGames {
            count: req.games.len(),
            limit: limits.max_batch,
        });
    }
    let results = if req.games.len() <= INLINE_BATCH_MAX {
        rule_all(state.arbiter.as_ref(), &limits, req.games)
    } else {
        let arbiter = Arc::clone(&state.arbiter);
        match tokio::task::spawn_blocking(move || rule_all(arbiter.as_ref(), &limits, req.games))
            .await
        {
            Ok(results) => results,
            // Re-raise an arbiter panic here so the catch-panic layer answers it as a 500.
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => return Err(ApiError::Internal),
        }
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
    req.check_limits(limits)?;
    let resp = arbiter.adjudicate(req)?;
    record_verdict(resp.verdict);
    Ok(resp)
}

/// Rules on each game; a game that is not a valid request becomes an inline 400 problem.
pub fn rule_all(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    games: Vec<serde_json::Value>,
) -> Vec<BatchItem> {
    games
        .into_iter()
        .map(|game| {
            // Worded like axum's rejection of the same game sent alone, the field's
            // path included; only the line and column of the body are not known here.
            serde_path_to_error::deserialize::<_, AdjudicateRequest>(game)
                .map_err(|e| ApiError::MalformedJson {
                    detail: format!(
                        "Failed to deserialize the JSON body into the target type: {e}"
                    ),
                })
                .and_then(|req| adjudicate_one(arbiter, limits, &req))
                .map_or_else(
                    |err| BatchItem::Problem(err.to_problem()),
                    |resp| BatchItem::Verdict(Box::new(resp)),
                )
        })
        .collect()
}
