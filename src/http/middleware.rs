//! Cross-cutting middleware of our own: problem+json for errors produced by tower layers,
//! the catch-panic answer, and the request span.

use std::any::Any;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderName, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tracing::Span;

use super::error::{ApiError, PROBLEM_CONTENT_TYPE};

/// Header carrying the request id (set when absent, echoed in the response).
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What the normalizer needs to describe middleware errors precisely.
#[derive(Debug, Clone, Copy)]
pub struct NormalizeConfig {
    /// Body limit, for 413.
    pub max_body_bytes: usize,
    /// Request timeout, for the 503 the timeout layer produces.
    pub request_timeout_ms: u64,
}

/// Turns bare error responses (tower-http's 413 and timeout, anything else without a body
/// of ours) into problem+json, so every error a client sees has the same shape.
pub async fn normalize_errors(State(cfg): State<NormalizeConfig>, resp: Response) -> Response {
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) || is_problem(&resp) {
        return resp;
    }
    let error = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge {
            limit: cfg.max_body_bytes,
        },
        // Only the timeout layer answers a bare 503 (readiness answers a problem).
        StatusCode::SERVICE_UNAVAILABLE => ApiError::Timeout {
            timeout_ms: cfg.request_timeout_ms,
        },
        status => ApiError::Status { status },
    };
    let (mut parts, _) = resp.into_parts();
    let mut fresh = error.into_response();
    // Keep headers such as `Allow` or CORS ones, but describe the new body.
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_ENCODING);
    for (name, value) in fresh.headers() {
        parts.headers.insert(name.clone(), value.clone());
    }
    *fresh.headers_mut() = parts.headers;
    fresh
}

fn is_problem(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with(PROBLEM_CONTENT_TYPE))
}

/// Catch-panic handler: a bug answers a 500 problem instead of dropping the connection.
pub fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response<Body> {
    let msg = err
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| err.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    tracing::error!(panic = %msg, "handler panicked");
    ApiError::Internal.into_response()
}

/// The span of one request: method, path and request id, never the body.
pub fn request_span<B>(req: &Request<B>) -> Span {
    let request_id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!(
        "request",
        method = %req.method(),
        path = %req.uri().path(),
        request_id = %request_id,
    )
}
