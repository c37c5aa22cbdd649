//! Admission from the request head: while the ruling pool is full, a request whose body may
//! need the pool is answered 503 `overloaded` with `Retry-After` before its body is read.
//!
//! The pool's own refusal ([`super::pool`]) comes after the body was read and parsed, up to
//! the body limit: a client that retries at once without waiting for `Retry-After` then makes
//! the server read and parse every body only to refuse it. Decided from the head alone, a
//! refusal costs a head's parse. The head tells only the body's size, so the rule is by size:
//! a body over [`INLINE_BODY_BYTES`], or of unknown length (chunked), may hold a game long
//! enough for the pool; a smaller one is ruled inline and is never refused here. The answer
//! closes the connection, since the body it leaves unread would otherwise have to be drained.

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::error::ProblemLang;
use super::pool::RulingPool;
use super::state::AppState;

/// Bodies of at most this many bytes are taken to be ruled inline: 256 plies of ICCS moves
/// take about 2 KiB, and [`super::v1::INLINE_BATCH_BYTES`] is the same bound for batches.
pub const INLINE_BODY_BYTES: u64 = 4 * 1024;

/// An extractor that admits a ruling's request from its head (see the module doc). Put it
/// before the body's extractor.
#[derive(Debug, Clone, Copy)]
pub struct Admitted;

impl FromRequestParts<AppState> for Admitted {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        if !may_need_pool(parts) || state.pool.has_room() {
            return Ok(Admitted);
        }
        let mut resp = ProblemLang::of(&parts.headers)
            .answer(RulingPool::rejection())
            .into_response();
        resp.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
        Err(resp)
    }
}

/// True when the head announces a body over [`INLINE_BODY_BYTES`], or none of known length.
fn may_need_pool(parts: &Parts) -> bool {
    match parts.headers.get(header::CONTENT_LENGTH) {
        None => parts.headers.contains_key(header::TRANSFER_ENCODING),
        Some(length) => length
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_none_or(|n| n > INLINE_BODY_BYTES),
    }
}
