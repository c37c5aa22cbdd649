//! Operations endpoints: liveness, readiness, metrics, and the fallbacks for unknown routes
//! and methods. The API description is an embedded asset ([`super::assets::OPENAPI`]).

use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::error::{LocalizedError, ProblemLang};
use super::extract::ApiJson;
use super::state::AppState;
use crate::api::error::{ApiError, elide};
use crate::api::wording;

/// The OpenAPI description, compiled in so the binary serves exactly the spec it was built with
/// (`GET /openapi.yaml`, [`super::assets::OPENAPI`]).
pub const OPENAPI_YAML: &str = include_str!("../../openapi.yaml");

/// `GET /healthz`: the process is alive (no dependencies to check).
pub async fn healthz() -> Response {
    ApiJson(json!({ "status": "ok" })).into_response()
}

/// `GET /readyz`: 200 while taking work, 503 problem once shutdown has begun. The engine's
/// state is a detail (`engine`), never a failure: without it only the computer opponent is
/// missing.
pub async fn readyz(State(state): State<AppState>, lang: ProblemLang) -> Response {
    if state.readiness.is_ready() {
        let engine = match &state.engine {
            None => json!({ "status": "off", "install": wording::INSTALL_HINT }),
            Some(pool) => {
                let h = pool.health();
                json!({
                    "status": if h.processes > 0 { "running" } else { "idle" },
                    "path": h.path,
                    "name": h.name,
                    "pool": h.pool,
                    "processes": h.processes,
                    "searching": h.searching,
                    "restarts": h.restarts,
                    "moves": h.moves,
                })
            }
        };
        ApiJson(json!({ "status": "ready", "engine": engine })).into_response()
    } else {
        lang.answer(ApiError::NotReady).into_response()
    }
}

/// `GET /metrics`: Prometheus text exposition.
pub async fn metrics(State(state): State<AppState>) -> Response {
    // Upkeep here keeps histogram memory bounded without a background task.
    state.metrics.run_upkeep();
    let mut text = state.metrics.render();
    text.push_str(&super::metrics::process_metrics());
    if let Some(pool) = &state.engine {
        text.push_str(&super::metrics::engine_metrics(pool));
    }
    let mut resp = text.into_response();
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    resp
}

/// Fallback for paths no route matches.
pub async fn not_found(req: Request) -> LocalizedError {
    ProblemLang::of(req.headers()).answer(ApiError::NotFound {
        // A path may be as long as hyper's head limit: never echo it whole.
        path: elide(req.uri().path(), 200),
    })
}

/// Fallback for known paths with an unsupported method (axum adds the `Allow` header).
pub async fn method_not_allowed(req: Request) -> LocalizedError {
    ProblemLang::of(req.headers()).answer(ApiError::MethodNotAllowed {
        method: req.method().to_string(),
        path: req.uri().path().to_owned(),
    })
}
