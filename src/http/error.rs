//! [`ApiError`]s as HTTP answers: an `application/problem+json` body (RFC 9457) with the
//! error's status, and the headers some kinds call for (`Retry-After`, `Accept-Encoding`).

use std::convert::Infallible;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::adjudication::Lang;
use crate::api::error::{ApiError, Problem, RETRY_AFTER_S};
use crate::api::request::problem_language;

/// Media type of error bodies.
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// An [`ApiError`] answered with its texts in English.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        LocalizedError(self, Lang::En).into_response()
    }
}

/// An [`ApiError`] answered with its texts in a language: the request's `lang`, or its
/// `Accept-Language`'s ([`ProblemLang`]).
#[derive(Debug)]
pub struct LocalizedError(pub ApiError, pub Lang);

impl From<ApiError> for LocalizedError {
    /// An error answered in English.
    fn from(e: ApiError) -> Self {
        LocalizedError(e, Lang::En)
    }
}

impl IntoResponse for LocalizedError {
    fn into_response(self) -> Response {
        let LocalizedError(error, lang) = self;
        // 5xx answers are logged at ERROR by the trace layer, panics by the catch-panic hook.
        tracing::debug!(%error, "answering with a problem");
        let status =
            StatusCode::from_u16(error.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut resp = problem_response(status, &error.to_problem_in(lang));
        let headers = resp.headers_mut();
        match error {
            ApiError::Overloaded { retry_after_s } | ApiError::EngineBusy { retry_after_s } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after_s));
            }
            ApiError::Timeout { .. }
            | ApiError::NotReady
            | ApiError::Cancelled
            | ApiError::EngineFailed { .. } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_S));
            }
            ApiError::UnsupportedEncoding { .. } => {
                headers.insert(
                    header::ACCEPT_ENCODING,
                    HeaderValue::from_static("identity"),
                );
            }
            _ => {}
        }
        resp
    }
}

/// The `Accept-Language` of a request, as the header's text.
pub fn accept_language(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
}

/// A request's `Accept-Language` as sent, kept by a layer that may answer a problem after the
/// request has gone inward: read into a language only then, not on every request.
#[derive(Debug, Clone, Default)]
pub struct AcceptLanguage(Option<HeaderValue>);

impl AcceptLanguage {
    /// The header of `headers`, kept (a reference count, not a copy).
    pub fn of(headers: &HeaderMap) -> Self {
        AcceptLanguage(headers.get(header::ACCEPT_LANGUAGE).cloned())
    }

    /// The header's text, when it is text.
    pub fn text(&self) -> Option<&str> {
        self.0.as_ref().and_then(|v| v.to_str().ok())
    }

    /// The problems' language: the header's, else English.
    pub fn lang(&self) -> Lang {
        problem_language(None, self.text())
    }
}

/// A handler's `Accept-Language`: the one header it reads, without a copy of the whole map.
impl<S: Send + Sync> FromRequestParts<S> for AcceptLanguage {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(AcceptLanguage::of(&parts.headers))
    }
}

/// The language of the problems answered to a request that has no `lang` of its own (or
/// none read yet): its `Accept-Language`'s, else English.
#[derive(Debug, Clone, Copy)]
pub struct ProblemLang(pub Lang);

impl ProblemLang {
    /// The language of `headers`' `Accept-Language`.
    pub fn of(headers: &HeaderMap) -> Self {
        ProblemLang(problem_language(None, accept_language(headers)))
    }

    /// `error`, answered in this language.
    pub fn answer(self, error: ApiError) -> LocalizedError {
        LocalizedError(error, self.0)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ProblemLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(ProblemLang::of(&parts.headers))
    }
}

/// The error for a bare status some middleware answered with: described by the status alone.
pub fn status_error(status: StatusCode) -> ApiError {
    ApiError::Status {
        status: status.as_u16(),
        reason: status.canonical_reason(),
    }
}

/// A problem+json response with the given status and body.
pub fn problem_response(status: StatusCode, problem: &Problem) -> Response {
    // Serializing a Problem (strings, numbers, maps) cannot fail; keep a constant fallback
    // anyway so this path can never panic.
    let body = serde_json::to_vec(problem).unwrap_or_else(|_| {
        br#"{"type":"about:blank","title":"Error","status":500,"detail":"error"}"#.to_vec()
    });
    let mut resp = (status, body).into_response();
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
    );
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_status_keeps_its_reason() {
        let p = status_error(StatusCode::IM_A_TEAPOT).to_problem();
        assert_eq!(p.kind, "about:blank");
        assert_eq!((p.status, p.title.as_str()), (418, "I'm a teapot"));
        assert_eq!(p.detail, "HTTP 418 I'm a teapot");
    }
}
