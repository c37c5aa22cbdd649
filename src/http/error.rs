//! [`ApiError`]s as HTTP answers: an `application/problem+json` body (RFC 9457) with the
//! error's status, and the headers some kinds call for (`Retry-After`, `Accept-Encoding`).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::error::{ApiError, Problem, RETRY_AFTER_S};

/// Media type of error bodies.
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // 5xx answers are logged at ERROR by the trace layer, panics by the catch-panic hook.
        tracing::debug!(error = %self, "answering with a problem");
        let status =
            StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut resp = problem_response(status, &self.to_problem());
        let headers = resp.headers_mut();
        match self {
            ApiError::Overloaded { retry_after_s } => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after_s));
            }
            ApiError::Timeout { .. } | ApiError::NotReady | ApiError::Cancelled => {
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
