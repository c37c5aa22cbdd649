//! The v1 API handlers: extract, call the application layer ([`crate::api`]), count the
//! verdicts, answer.
//!
//! Small rulings run inline on the async worker; anything larger runs on the bounded ruling
//! pool ([`super::pool`]), which answers 503 `overloaded` when full and stops abandoned work.
//! While it is full, a large body is refused from its head, unread ([`super::admission`]).

use axum::extract::{RawQuery, State};

use super::admission::Admitted;
use super::error::{AcceptLanguage, LocalizedError, ProblemLang};
use super::extract::{AdjudicateBody, ApiJson, BatchBody, JsonText};
use super::metrics::record_verdict;
use super::state::AppState;
use crate::adjudication::Lang;
use crate::api::answer::{
    BatchItem, BatchResponse, GamesResponse, LegalMovesResponse, RulesetsResponse,
};
use crate::api::games::rule_record_games;
use crate::api::request::{BatchRequest, LegalMovesRequest};
use crate::api::upload::RecordUpload;
use crate::api::{ApiError, Arbiter, Cancel, rule_all};

/// Games of at most this many plies are ruled inline (tens of microseconds: see
/// `docs/performance.md`); longer ones go to the ruling pool.
pub const INLINE_PLIES_MAX: usize = 256;
/// Batches of at most this many games, and ...
pub const INLINE_BATCH_MAX: usize = 4;
/// ... at most this many bytes of games in all, are ruled inline; others go to the pool.
pub const INLINE_BATCH_BYTES: usize = 4 * 1024;

/// `POST /v1/adjudicate`: a JSON request, or a game record sent as the body with its options in
/// the query. `lang` (the body's, else the query's) wins over `Accept-Language`, for the
/// answer's texts and the problem's alike.
pub async fn adjudicate(
    State(state): State<AppState>,
    accept: AcceptLanguage,
    _: Admitted,
    AdjudicateBody(req): AdjudicateBody,
) -> Result<JsonText, LocalizedError> {
    let lang = req.problem_language(accept.text());
    let limits = state.limits;
    let plies = req.plies_at_most();
    let has_record = req.has_record();
    let header = accept.text().map(str::to_owned);
    let resp = check_and_rule(
        &state,
        plies,
        has_record,
        move || req.check(&limits, header.as_deref()),
        |arbiter, game, cancel| arbiter.adjudicate_cancellable(&game, cancel),
    )
    .await
    .map_err(|e| LocalizedError(e, lang))?;
    record_verdict(resp.verdict);
    Ok(JsonText(resp.to_json()))
}

/// Checks a request once, where that costs least, then runs `work` on the checked value
/// inline or on the ruling pool ([`rule`]). A list of moves is checked at once, on the async
/// worker: counting is cheap, and a refusal takes no pool slot. A `game` record is checked
/// on the worker that rules it, since reading it is work.
pub(super) async fn check_and_rule<C, T, F>(
    state: &AppState,
    plies: usize,
    has_record: bool,
    check: impl FnOnce() -> Result<C, ApiError> + Send + 'static,
    work: F,
) -> Result<T, ApiError>
where
    C: Send + 'static,
    T: Send + 'static,
    F: FnOnce(&dyn Arbiter, C, &Cancel) -> Result<T, ApiError> + Send + 'static,
{
    if has_record {
        rule(state, plies, move |arbiter, cancel| {
            work(arbiter, check()?, cancel)
        })
        .await
    } else {
        let checked = check()?;
        rule(state, plies, move |arbiter, cancel| {
            work(arbiter, checked, cancel)
        })
        .await
    }
}

/// Runs `work` inline for a game of at most [`INLINE_PLIES_MAX`] plies, else on the ruling
/// pool (every route that rules on one game). `plies` is what the request shows without
/// being read further ([`AdjudicateRequest::plies_at_most`]): a `game` record is bounded by
/// its length, so a long record goes to the pool like the same moves would.
pub(super) async fn rule<T, F>(state: &AppState, plies: usize, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&dyn Arbiter, &Cancel) -> Result<T, ApiError> + Send + 'static,
{
    if plies <= INLINE_PLIES_MAX {
        return work(state.arbiter.as_ref(), &Cancel::new());
    }
    let arbiter = state.arbiter.clone();
    state
        .pool
        .run(Cancel::new(), move |cancel| work(arbiter.as_ref(), cancel))
        .await?
}

/// `POST /v1/adjudicate/batch`: every game ruled on independently, in order, each as if sent
/// alone with the batch's `Accept-Language`.
pub async fn adjudicate_batch(
    State(state): State<AppState>,
    accept: AcceptLanguage,
    _: Admitted,
    body: BatchBody,
) -> Result<JsonText, LocalizedError> {
    match body {
        BatchBody::Json(req) => adjudicate_json_batch(state, accept, req).await,
        BatchBody::Record(upload) => adjudicate_record_games(state, accept, upload).await,
    }
}

/// A record of many games sent as the batch's body: each game ruled as the same text sent
/// alone as a record would be, with its index and tags ([`crate::api::games`]), at most
/// `max_batch` games. Read and ruled inline when short enough to hold at most
/// [`INLINE_PLIES_MAX`] plies, else on the pool, as one record of that length would be.
async fn adjudicate_record_games(
    state: AppState,
    accept: AcceptLanguage,
    upload: RecordUpload,
) -> Result<JsonText, LocalizedError> {
    let lang = upload.problem_language(accept.text());
    let header = accept.text().map(str::to_owned);
    let limits = state.limits;
    let results = rule(&state, upload.plies_at_most(), move |arbiter, cancel| {
        let record = upload.games()?;
        rule_record_games(arbiter, &limits, &record, header.as_deref(), cancel)
    })
    .await
    .map_err(|e| LocalizedError(e, lang))?;
    for game in &results {
        if let BatchItem::Verdict(resp) = &game.item {
            record_verdict(resp.verdict);
        }
    }
    Ok(JsonText(GamesResponse { results }.to_json()))
}

/// A JSON batch: each game ruled as if sent alone.
async fn adjudicate_json_batch(
    state: AppState,
    accept: AcceptLanguage,
    req: BatchRequest,
) -> Result<JsonText, LocalizedError> {
    let in_header = ProblemLang(accept.lang());
    let header = accept.text().map(str::to_owned);
    let limits = state.limits;
    req.check_limits(&limits).map_err(|e| in_header.answer(e))?;
    let games = req.games;
    let bytes: usize = games.iter().map(|g| g.get().len()).sum();
    let results = if games.len() <= INLINE_BATCH_MAX && bytes <= INLINE_BATCH_BYTES {
        rule_all(
            state.arbiter.as_ref(),
            &limits,
            games.iter().map(|g| g.get()),
            header.as_deref(),
            &Cancel::new(),
        )
    } else {
        let arbiter = state.arbiter;
        state
            .pool
            .run(Cancel::new(), move |cancel| {
                rule_all(
                    arbiter.as_ref(),
                    &limits,
                    games.iter().map(|g| g.get()),
                    header.as_deref(),
                    cancel,
                )
            })
            .await
            .and_then(|ruled| ruled)
    }
    .map_err(|e| in_header.answer(e))?;
    for item in &results {
        if let BatchItem::Verdict(resp) = item {
            record_verdict(resp.verdict);
        }
    }
    Ok(JsonText(BatchResponse { results }.to_json()))
}

/// `POST /v1/legal-moves`: problems in `Accept-Language`'s language.
pub async fn legal_moves(
    State(state): State<AppState>,
    lang: ProblemLang,
    ApiJson(req): ApiJson<LegalMovesRequest>,
) -> Result<ApiJson<LegalMovesResponse>, LocalizedError> {
    req.check_limits(&state.limits)
        .and_then(|()| state.arbiter.legal_moves(&req))
        .map(ApiJson)
        .map_err(|e| lang.answer(e))
}

/// `GET /v1/rulesets[?lang=…]`: problems in `lang`'s language when it is one, else the
/// `Accept-Language`'s.
pub async fn rulesets(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    accept: AcceptLanguage,
) -> Result<ApiJson<RulesetsResponse>, LocalizedError> {
    crate::api::rulesets(state.arbiter.as_ref(), query.as_deref())
        .map(ApiJson)
        .map_err(|e| {
            let asked = form_urlencoded::parse(query.as_deref().unwrap_or("").as_bytes())
                .find(|(name, _)| name == "lang")
                .and_then(|(_, code)| Lang::from_code(&code));
            LocalizedError(e, asked.unwrap_or_else(|| accept.lang()))
        })
}
