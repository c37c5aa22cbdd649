//! The API's calls as plain functions: check a request once, then ask the [`Arbiter`]. The
//! HTTP handlers and the CLI both call these; neither checks anything itself.

use super::answer::{AdjudicateResponse, BatchItem, BatchResponse, RulesetsResponse};
use super::arbiter::{Arbiter, Cancel};
use super::error::ApiError;
use super::query;

use super::json::{parse_game, problem_language_of};
use super::request::{AdjudicateRequest, BatchRequest, Limits};
use super::wording;
use crate::adjudication::{Lang, RuleSet};

/// Checks one game request once ([`AdjudicateRequest::check`]) and rules on it.
/// `accept_language` is the client's `Accept-Language` header, if any.
pub fn adjudicate_one(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    req: AdjudicateRequest,
    accept_language: Option<&str>,
) -> Result<AdjudicateResponse, ApiError> {
    adjudicate_one_cancellable(arbiter, limits, req, accept_language, &Cancel::new())
}

/// [`adjudicate_one`] that gives up with [`ApiError::Cancelled`] once `cancel` is set.
pub fn adjudicate_one_cancellable(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    req: AdjudicateRequest,
    accept_language: Option<&str>,
    cancel: &Cancel,
) -> Result<AdjudicateResponse, ApiError> {
    let game = req.check(limits, accept_language)?;
    arbiter.adjudicate_cancellable(&game, cancel)
}

/// Checks the number of games, then rules on each ([`rule_all`]).
pub fn adjudicate_batch(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    req: &BatchRequest,
    cancel: &Cancel,
) -> Result<BatchResponse, ApiError> {
    req.check_limits(limits)?;
    let results = rule_all(
        arbiter,
        limits,
        req.games.iter().map(|g| g.get()),
        None,
        cancel,
    )?;
    Ok(BatchResponse { results })
}

/// Rules on each game (its JSON text), in order. A game that is not a valid request becomes
/// an inline 400 problem worded as for the same game sent alone. Each game is ruled, and its
/// problem worded, as if sent alone with the batch's `Accept-Language` (the header's value).
/// Stops with [`ApiError::Cancelled`] as soon as `cancel` is set: it is checked before every
/// game.
pub fn rule_all<'a>(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    games: impl IntoIterator<Item = &'a str>,
    accept_language: Option<&str>,
    cancel: &Cancel,
) -> Result<Vec<BatchItem>, ApiError> {
    let games = games.into_iter();
    let mut results = Vec::with_capacity(games.size_hint().0);
    for game in games {
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let ruled = match parse_game(game) {
            Ok(req) => {
                let lang = req.problem_language(accept_language);
                adjudicate_one_cancellable(arbiter, limits, req, accept_language, cancel)
                    .map_err(|e| (e, lang))
            }
            Err(e) => Err((e, problem_language_of(game.as_bytes(), accept_language))),
        };
        let item = match ruled {
            Ok(resp) => BatchItem::Verdict(Box::new(resp)),
            Err((ApiError::Cancelled, _)) => return Err(ApiError::Cancelled),
            Err((err, lang)) => BatchItem::Problem(err.to_problem_in(lang)),
        };
        results.push(item);
    }
    Ok(results)
}

/// The parameters `GET /v1/rulesets` knows.
pub const RULESETS_PARAMETERS: [&str; 1] = ["lang"];

/// `GET /v1/rulesets[?lang=…]`: the arbiter's rule books, each article labelled in `lang`
/// (else, as every answer labels it, in Vietnamese). An unknown parameter, one given twice
/// or a language we do not speak is a 400 `invalid-parameter` naming it.
pub fn rulesets(arbiter: &dyn Arbiter, query: Option<&str>) -> Result<RulesetsResponse, ApiError> {
    let mut lang = None;
    for parameter in query::parameters(query, &RULESETS_PARAMETERS) {
        let (name, value) = parameter?;
        lang = Some(
            Lang::from_code(&value)
                .ok_or_else(|| query::invalid(name, wording::unknown_lang(&value)))?,
        );
    }
    let mut answer = arbiter.rulesets();
    if let Some(lang) = lang {
        for book in &mut answer.rulesets {
            let Some(rules) = RuleSet::from_id(&book.id) else {
                continue;
            };
            for article in &mut book.articles {
                if let Some(c) = rules.citation(&article.reference) {
                    article.label = c.article().label.at(lang).into();
                }
            }
        }
    }
    Ok(answer)
}
