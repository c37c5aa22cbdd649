//! The drawing handlers: `GET /v1/diagram.svg`, `POST /v1/diagram` and `POST /v1/report`.
//! What they draw is [`crate::api::diagram`]'s and [`crate::api::report`]'s; here are only the
//! media types and policy, the caching of the GET, and the choice between ruling inline and on the pool.

use std::time::SystemTime;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::admission::Admitted;
use super::error::{AcceptLanguage, LocalizedError, ProblemLang};
use super::etag;
use super::extract::ApiJson;
use super::headers::DRAWING_CSP;
use super::middleware::REQUEST_ID;
use super::state::AppState;
use super::v1::check_and_rule;
use crate::adjudication::Lang;
use crate::api::ApiError;
use crate::api::diagram::{diagram_svg as query_svg, game_diagram_svg};
use crate::api::report::{Stamp, report_html};
use crate::api::request::{DiagramRequest, ReportRequest};

/// Media type of the diagrams.
pub const SVG_CONTENT_TYPE: &str = "image/svg+xml; charset=utf-8";
/// Media type of the report.
pub const HTML_CONTENT_TYPE: &str = "text/html; charset=utf-8";
/// How long a GET diagram may be cached: it depends on its URL and this server's version only.
pub const DIAGRAM_CACHE_CONTROL: &str = "public, max-age=86400";

/// `GET /v1/diagram.svg?fen=...&arrows=...&marks=...&flip=...&lang=...`, with an `ETag`; a
/// request whose `If-None-Match` names it is answered 304 without a body.
pub async fn diagram_svg(
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, LocalizedError> {
    let svg = query_svg(query.as_deref()).map_err(|e| ProblemLang::of(&headers).answer(e))?;
    let etag = etag::of(svg.as_bytes());
    let fresh = etag::is_current(&headers, &etag);
    let cache = [
        (header::ETAG, etag),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(DIAGRAM_CACHE_CONTROL),
        ),
    ];
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, cache).into_response());
    }
    Ok((cache, with_type(svg, SVG_CONTENT_TYPE)).into_response())
}

/// `POST /v1/diagram`: a position of a game, drawn with what the ruling says about it. Its
/// problems speak the body's `lang`, else the `Accept-Language`'s.
pub async fn diagram(
    State(state): State<AppState>,
    accept: AcceptLanguage,
    _: Admitted,
    ApiJson(req): ApiJson<DiagramRequest>,
) -> Result<Response, LocalizedError> {
    let in_lang = in_language(req.game.problem_language(accept.text()));
    let limits = state.limits;
    let plies = req.game.plies_at_most();
    let has_record = req.game.game.is_some();
    let header = accept.text().map(str::to_owned);
    let svg = check_and_rule(
        &state,
        plies,
        has_record,
        move || req.check(&limits, header.as_deref()),
        game_diagram_svg,
    )
    .await
    .map_err(in_lang)?;
    Ok(with_type(svg, SVG_CONTENT_TYPE))
}

/// `POST /v1/report`: the printable ruling, stamped with the request's id and the time. Its
/// languages, and its problems', are the body's `lang`, else the `Accept-Language`'s.
pub async fn report(
    State(state): State<AppState>,
    headers: HeaderMap,
    _: Admitted,
    ApiJson(ReportRequest { game: req, table }): ApiJson<ReportRequest>,
) -> Result<Response, LocalizedError> {
    let accept = AcceptLanguage::of(&headers);
    let in_lang = in_language(req.problem_language(accept.text()));
    let limits = state.limits;
    let plies = req.plies_at_most();
    let has_record = req.game.is_some();
    let header = accept.text().map(str::to_owned);
    // The request-id layer has set the header by now; a value that is no text cannot be.
    let request_id = headers
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let time = SystemTime::now();
    let html = check_and_rule(
        &state,
        plies,
        has_record,
        move || {
            table.check()?;
            let game = req.check(&limits, header.as_deref())?;
            Ok((game, table))
        },
        move |arbiter, (game, table), cancel| {
            let stamp = Stamp {
                request_id: &request_id,
                time,
                utc_offset_minutes: table.utc_offset_minutes,
            };
            report_html(arbiter, &game, &table.sheet, stamp, cancel)
        },
    )
    .await
    .map_err(in_lang)?;
    Ok(with_type(html, HTML_CONTENT_TYPE))
}

/// Answers an error in `lang`.
fn in_language(lang: Lang) -> impl Fn(ApiError) -> LocalizedError + Copy {
    move |e| LocalizedError(e, lang)
}

/// A drawing or the report: its media type and its policy ([`DRAWING_CSP`]).
fn with_type(body: String, content_type: &'static str) -> Response {
    let mut resp = body.into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(DRAWING_CSP),
    );
    resp
}
