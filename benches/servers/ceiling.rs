//! The ceiling of issue 15, shared by `canned_answer --precomputed` and `game200_cost`'s
//! `loopback-ceiling` stage: a bare axum handler that parses the request and sends the same
//! answer bytes every time.
//!
//! It reads the body into [`PlainRequest`], the v1 fields as a bare axum server would declare
//! them (every move its own `String`), not into the service's `AdjudicateRequest`: the
//! service's own parser is part of its own work, so making it cheaper must not move the
//! ceiling too. This is the request type the ceiling was first measured with (the derived
//! reading of `AdjudicateRequest` up to session 8): the same fields, the same types.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;

/// The v1 adjudicate request, plainly derived.
#[derive(Debug, serde::Deserialize)]
#[allow(dead_code)] // Read only to be parsed, as the ceiling's work is.
pub struct PlainRequest {
    #[serde(default)]
    pub fen: Option<String>,
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default)]
    pub notation: Option<String>,
    #[serde(default)]
    pub ruleset: Option<String>,
    #[serde(default)]
    pub no_capture_limit: Option<i64>,
    #[serde(default)]
    pub compare: Option<bool>,
    #[serde(default)]
    pub lang: Option<String>,
}

/// The ceiling's handler: parse the request, send the precomputed answer.
pub async fn precomputed_adjudicate(
    State(answer): State<Bytes>,
    axum::Json(req): axum::Json<PlainRequest>,
) -> impl IntoResponse {
    std::hint::black_box(req.moves.as_ref().map(Vec::len));
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        answer,
    )
}
