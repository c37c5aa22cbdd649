//! `ApiJson`: the JSON request body (extractor) and answer (responder), with problem+json
//! rejections.
//!
//! The body is read here rather than by axum's `Json`, for three reasons:
//! - **Memory.** Every data frame is copied into one buffer as it arrives, and the buffer
//!   never holds more than the body limit. (Collecting the frames first, as axum does, kept
//!   one small buffer and its bookkeeping per frame: 262,000 one-byte chunks cost about
//!   13 MiB per connection.)
//! - **One parser.** A body is read by [`crate::api::json::parse_json`], and a game inside a
//!   batch by [`crate::api::json::parse_game`], the same code, so they get the same answers,
//!   worded for people, and the same strictness (an unknown field is 422 `unknown-field`
//!   unless the object says `"strict": false`).
//!
//! [`AdjudicateBody`] reads `POST /v1/adjudicate`'s body, which may also be a game record sent
//! as it is (a record media type), into the same buffer; the application layer reads it
//! ([`crate::api::upload`]).
//!
//! Rejections: 415 for a content type other than JSON (or a record's, where the route takes
//! one) or any `Content-Encoding` but `identity`, 413 for a body over the limit, 400 for
//! anything that is not the expected JSON, 422 for a field the request does not know.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::body::Body;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use serde::Serialize;

use super::error::{LocalizedError, ProblemLang, accept_language};
use super::progress::BodyStalled;
use super::state::AppState;
use crate::api::error::{ApiError, ECHO_CHARS, elide};
use crate::api::json::{RequestBody, parse_json, problem_language_of};
use crate::api::request::{AdjudicateRequest, BatchRequest};
use crate::api::upload::{GameBody, GameOptions, RecordUpload, query_problem_language};
use crate::api::wording::{self, Fixed};

/// A JSON request body (extractor) or response body (responder).
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

/// Set once the request body has been read whole. The request deadline reads it to tell a
/// slow client (408, its body was still arriving) from a slow server (503).
#[derive(Debug, Clone, Default)]
pub struct BodyReceived(Arc<AtomicBool>);

impl BodyReceived {
    /// A flag, already set if `done`.
    pub fn new(done: bool) -> Self {
        Self(Arc::new(AtomicBool::new(done)))
    }

    /// Marks the body as received.
    pub fn set(&self) {
        self.0.store(true, Ordering::Release);
    }

    /// True once the body has been read whole.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

impl<T> FromRequest<AppState> for ApiJson<T>
where
    T: RequestBody,
{
    /// In the body's `lang` when the body reads that far, else in `Accept-Language`'s.
    type Rejection = LocalizedError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = accept_language(req.headers()).map(str::to_owned);
        let in_header = ProblemLang::of(req.headers());
        let bytes = read_json_body(req, state.max_body_bytes)
            .await
            .map_err(|e| in_header.answer(e))?;
        parse_json(&bytes)
            .map(ApiJson)
            .map_err(|e| LocalizedError(e, problem_language_of(&bytes, header.as_deref())))
    }
}

/// The body of `POST /v1/adjudicate`: a JSON request, or a game record sent as the body itself
/// with a record media type (`application/x-chess-pgn`, `text/plain`,
/// `application/octet-stream`; an optional `charset`), the game's options in the query
/// ([`GameOptions`]). The head is checked first (the media type, then the query: a parameter
/// the route does not know is refused before the body is read). With a JSON body, the query's
/// options fill the fields the body does not set.
#[derive(Debug)]
pub struct AdjudicateBody(pub GameBody);

impl FromRequest<AppState> for AdjudicateBody {
    /// In the query's `lang`, else `Accept-Language`'s; a JSON body's own `lang` first when
    /// it reads that far.
    type Rejection = LocalizedError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = accept_language(req.headers()).map(str::to_owned);
        let query = req.uri().query().map(str::to_owned);
        let lang = query_problem_language(query.as_deref(), header.as_deref());
        let in_lang = |e| LocalizedError(e, lang);
        let kind = body_kind(req.headers(), true).map_err(in_lang)?;
        let options = GameOptions::from_query(query.as_deref()).map_err(in_lang)?;
        let bytes = read_checked_body(req, state.max_body_bytes)
            .await
            .map_err(in_lang)?;
        let body = match kind {
            BodyKind::Json => {
                // The body's own `lang`, else the query's (checked already), else the header's.
                let fallback = options.lang.as_deref().or(header.as_deref());
                let mut req: AdjudicateRequest = parse_json(&bytes)
                    .map_err(|e| LocalizedError(e, problem_language_of(&bytes, fallback)))?;
                options.fill(&mut req);
                GameBody::Request(req)
            }
            BodyKind::Record { charset } => GameBody::Record(RecordUpload {
                bytes,
                charset,
                options,
            }),
        };
        Ok(AdjudicateBody(body))
    }
}

/// The body of `POST /v1/adjudicate/batch`: a JSON batch, or a record of many games sent as
/// the body with a record media type (as for [`AdjudicateBody`]), every game's options in the
/// query. The query is read only with a record: a JSON batch carries its options in its games.
#[derive(Debug)]
pub enum BatchBody {
    /// A JSON batch.
    Json(BatchRequest),
    /// A record of one game or many, not yet read.
    Record(RecordUpload),
}

impl FromRequest<AppState> for BatchBody {
    /// A JSON batch's as [`ApiJson`]'s; a record's in the query's `lang`, else
    /// `Accept-Language`'s.
    type Rejection = LocalizedError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = accept_language(req.headers()).map(str::to_owned);
        let in_header = ProblemLang::of(req.headers());
        let query = req.uri().query().map(str::to_owned);
        let kind = body_kind(req.headers(), true).map_err(|e| in_header.answer(e))?;
        match kind {
            BodyKind::Json => {
                let bytes = read_checked_body(req, state.max_body_bytes)
                    .await
                    .map_err(|e| in_header.answer(e))?;
                parse_json(&bytes)
                    .map(BatchBody::Json)
                    .map_err(|e| LocalizedError(e, problem_language_of(&bytes, header.as_deref())))
            }
            BodyKind::Record { charset } => {
                let lang = query_problem_language(query.as_deref(), header.as_deref());
                let in_lang = |e| LocalizedError(e, lang);
                let options = GameOptions::from_query(query.as_deref()).map_err(in_lang)?;
                let bytes = read_checked_body(req, state.max_body_bytes)
                    .await
                    .map_err(in_lang)?;
                Ok(BatchBody::Record(RecordUpload {
                    bytes,
                    charset,
                    options,
                }))
            }
        }
    }
}

/// Checks the content type and encoding, then reads the whole body into one buffer of at
/// most `limit` bytes.
pub async fn read_json_body(req: Request, limit: usize) -> Result<Vec<u8>, ApiError> {
    body_kind(req.headers(), false)?;
    read_checked_body(req, limit).await
}

/// Reads the whole body of a request whose head has been checked into one buffer of at most
/// `limit` bytes.
async fn read_checked_body(req: Request, limit: usize) -> Result<Vec<u8>, ApiError> {
    let received = req.extensions().get::<BodyReceived>().cloned();
    let hint = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    let bytes = read_body(req.into_body(), limit, hint).await?;
    if let Some(received) = received {
        received.set();
    }
    Ok(bytes)
}

/// What a body's head says it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BodyKind {
    /// JSON.
    Json,
    /// A game record as it is, with the `charset` its media type declares, if any.
    Record { charset: Option<String> },
}

/// The kind of body the head announces, JSON or (when `records`) a game record; or 415 for
/// another media type, or for any `Content-Encoding` but `identity`.
fn body_kind(headers: &HeaderMap, records: bool) -> Result<BodyKind, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let kind = if is_json(content_type) {
        BodyKind::Json
    } else if records && is_record(content_type) {
        BodyKind::Record {
            charset: charset(content_type),
        }
    } else {
        let why = if records {
            Fixed::UnsupportedMediaTypeOrRecord
        } else {
            Fixed::UnsupportedMediaType
        };
        return Err(ApiError::UnsupportedMediaType { why });
    };
    // A body that claims an encoding is refused whatever it holds: decoding gzip would need a
    // decompressed-size limit and a ratio cap, and plain JSON labelled gzip is a lie.
    for value in headers.get_all(header::CONTENT_ENCODING) {
        let text = String::from_utf8_lossy(value.as_bytes());
        for coding in text.split(',') {
            let coding = coding.trim();
            if !coding.eq_ignore_ascii_case("identity") {
                return Err(ApiError::UnsupportedEncoding {
                    encoding: elide(coding, ECHO_CHARS),
                });
            }
        }
    }
    Ok(kind)
}

/// The media types of a game record sent as the body: PGN's (`application/x-chess-pgn`),
/// plain text, `application/octet-stream`, which a browser sends for a file whose type it
/// does not know (`.txt` aside, no record's extension is one it knows), and XQF's
/// (`application/x-xqf`, as some servers name `.xqf` files). The label does not decide how a
/// record is read: its bytes do (a binary XQF file by its magic, [`crate::api::upload`]).
pub const RECORD_MEDIA_TYPES: [&str; 4] = [
    "application/x-chess-pgn",
    "text/plain",
    "application/octet-stream",
    "application/x-xqf",
];

/// Whether a `Content-Type` is one of [`RECORD_MEDIA_TYPES`], parameters allowed.
fn is_record(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    RECORD_MEDIA_TYPES
        .iter()
        .any(|t| t.eq_ignore_ascii_case(essence))
}

/// The `charset` parameter of a `Content-Type`, unquoted, if it has one.
fn charset(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (name, value) = param.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// `application/json` or any `application/*+json`, parameters allowed (what axum's `Json`
/// accepted).
fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("").trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json")
            || subtype
                .len()
                .checked_sub(5)
                .and_then(|i| subtype.get(i..))
                .is_some_and(|suffix| suffix.eq_ignore_ascii_case("+json")))
}

/// Reads `body` into one buffer, frame by frame: each frame is copied and dropped at once,
/// so a body costs its length (at most `limit`, the buffer never grows past it) however it is
/// framed. `hint` is the announced length, used to size the buffer once.
pub async fn read_body(mut body: Body, limit: usize, hint: usize) -> Result<Vec<u8>, ApiError> {
    let mut buf: Vec<u8> = Vec::with_capacity(hint.min(limit));
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(body_error(limit))?;
        let Ok(data) = frame.into_data() else {
            continue; // trailers: nothing to keep
        };
        let needed = buf.len() + data.len();
        if needed > limit {
            return Err(ApiError::PayloadTooLarge { limit });
        }
        if needed > buf.capacity() {
            // Double, but never past the limit (`reserve` alone could reach twice the limit).
            let target = (buf.capacity() * 2).max(needed).max(1024).min(limit);
            buf.reserve_exact(target - buf.len());
        }
        buf.extend_from_slice(&data);
    }
    Ok(buf)
}

/// The error of a body that could not be read: over the limit (tower-http's limit layer says
/// so in its error), stalled past the body timeout (408), or cut off by the client.
fn body_error(limit: usize) -> impl Fn(axum::Error) -> ApiError {
    move |e| {
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&e);
        while let Some(err) = source {
            if err.is::<http_body_util::LengthLimitError>() {
                return ApiError::PayloadTooLarge { limit };
            }
            if let Some(stalled) = err.downcast_ref::<BodyStalled>() {
                return ApiError::RequestTimeout {
                    timeout_ms: stalled.timeout_ms,
                };
            }
            source = err.source();
        }
        ApiError::MalformedJson {
            detail: wording::body_unreadable(&elide(&e.to_string(), 200)),
        }
    }
}

/// Room for a ruling's answer (about 3 KB for a cycle of eight plies) in one
/// allocation, where axum's `Json` starts at 128 bytes and grows five times.
const ANSWER_CAPACITY: usize = 4096;

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(ANSWER_CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            // Our answers are plain data: this would be a bug, answered as one.
            Err(e) => {
                tracing::error!(error = %e, "cannot serialize an answer");
                ApiError::Internal.into_response()
            }
        }
    }
}

/// An answer already written as JSON (`AdjudicateResponse::to_json`), sent as it is.
#[derive(Debug)]
pub struct JsonText(pub String);

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.0,
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        for ok in [
            "application/json",
            "Application/JSON; charset=utf-8",
            "application/problem+json",
        ] {
            assert!(is_json(ok), "{ok}");
        }
        for bad in [
            "text/json",
            "application/jsonx",
            "json",
            "",
            "application/+jso",
        ] {
            assert!(!is_json(bad), "{bad}");
        }
    }

    #[test]
    fn record_content_types_and_their_charset() {
        for (content_type, charset) in [
            ("application/x-chess-pgn", None),
            ("Text/Plain; charset=GBK", Some("GBK")),
            ("text/plain;format=flowed; charset=\"big5\"", Some("big5")),
            ("application/octet-stream", None),
            ("application/x-xqf", None),
        ] {
            assert!(is_record(content_type), "{content_type}");
            assert_eq!(
                self::charset(content_type).as_deref(),
                charset,
                "{content_type}"
            );
        }
        for bad in ["text/html", "text/plainx", "", "application/pgn"] {
            assert!(!is_record(bad), "{bad}");
        }
    }
}
