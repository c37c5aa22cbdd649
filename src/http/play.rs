//! `POST /v1/engine/move`: the computer's move. The law's filter and the answer are
//! [`crate::api::play`]'s, the engine is [`crate::engine`]'s; here are only the order of the
//! three steps and where each runs (the rulings inline or on the pool, the search on the
//! engine pool).

use axum::extract::State;

use super::admission::Admitted;
use super::error::{AcceptLanguage, LocalizedError};
use super::extract::ApiJson;
use super::state::AppState;
use super::v1::{check_and_rule, rule};
use crate::api::ApiError;
use crate::api::play::{self, EngineMoveResponse};
use crate::api::request::EngineMoveRequest;

/// `POST /v1/engine/move`: the game checked and the law's filter made, the engine asked, its
/// move answered with the ruling after it. Problems speak the body's `lang`, else the
/// `Accept-Language`'s; without an engine, 503 `engine-unavailable` (after the request is
/// checked, so a bad request is told as such).
pub async fn engine_move(
    State(state): State<AppState>,
    accept: AcceptLanguage,
    _: Admitted,
    ApiJson(req): ApiJson<EngineMoveRequest>,
) -> Result<ApiJson<EngineMoveResponse>, LocalizedError> {
    let lang = req.game.problem_language(accept.text());
    let fail = |e: ApiError| LocalizedError(e, lang);
    let limits = state.limits;
    let plies = req.game.plies_at_most();
    let has_record = req.game.game.is_some();
    let header = accept.text().map(str::to_owned);
    let prepared = check_and_rule(
        &state,
        plies,
        has_record,
        move || req.check(&limits, header.as_deref()),
        play::prepare,
    )
    .await
    .map_err(fail)?;
    let Some(engine) = &state.engine else {
        return Err(fail(ApiError::EngineUnavailable));
    };
    let found = engine
        .search(&prepared.search)
        .await
        .map_err(|e| fail(play::engine_error(e)))?;
    let plies = prepared.search.moves.len() + 1;
    let answer = rule(&state, plies, move |arbiter, _| {
        play::answer(arbiter, prepared, found)
    })
    .await
    .map_err(fail)?;
    Ok(ApiJson(answer))
}
