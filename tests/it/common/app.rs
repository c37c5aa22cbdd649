//! Driving an app in-process: building it around the fake arbiter, requests, and reading
//! answers.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, Response, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use xiangqi_arbiter::config::Config;

use super::fake::fake;

/// The configuration of the tests' apps: the defaults, without an engine (the answers, of
/// `/readyz` too, are then the same on every machine; `engine.rs` builds its own).
pub fn no_engine() -> Config {
    Config {
        engine: Some("off".to_owned()),
        ..Config::default()
    }
}

pub fn test_app() -> Router {
    xiangqi_arbiter::http::app(&no_engine(), fake())
}

pub fn app_with(config: &Config) -> Router {
    xiangqi_arbiter::http::app(config, fake())
}

pub fn post_json(uri: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap()
}

pub fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

pub async fn send(app: &Router, req: Request<Body>) -> Response<Body> {
    app.clone().oneshot(req).await.unwrap()
}

pub async fn body_bytes(resp: Response<Body>) -> Vec<u8> {
    resp.into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec()
}

pub async fn body_json(resp: Response<Body>) -> Value {
    let bytes = body_bytes(resp).await;
    serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&bytes)))
}

pub fn content_type(resp: &Response<Body>) -> String {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// Asserts a problem+json answer of the given status and kind; returns its body.
pub async fn expect_problem(resp: Response<Body>, status: u16, slug: &str) -> Value {
    assert_eq!(resp.status().as_u16(), status, "status");
    assert_eq!(content_type(&resp), "application/problem+json");
    let body = body_json(resp).await;
    assert_eq!(
        body["type"],
        format!("https://xiangqi-arbiter.dev/problems/{slug}"),
        "{body}"
    );
    assert_eq!(body["status"], status);
    assert!(
        body["title"].is_string() && body["detail"].is_string(),
        "{body}"
    );
    body
}

/// The app around the real arbiter, with the default configuration but no engine.
pub fn law_app() -> Router {
    xiangqi_arbiter::http::app(
        &no_engine(),
        std::sync::Arc::new(xiangqi_arbiter::api::LawArbiter),
    )
}

/// The app around the real arbiter and the real engine (Fairy-Stockfish, `apt-get install
/// fairy-stockfish`), or `None` (said) where the engine is not installed; in CI (`CI=true`)
/// its absence is a failure, so the engine's tests never pass there without it.
pub fn engine_app() -> Option<Router> {
    let Some(path) = xiangqi_arbiter::engine::find_default() else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI=true but fairy-stockfish is not installed: .ci/run installs it (apt-get install -y fairy-stockfish)"
        );
        eprintln!("skipped: fairy-stockfish is not installed (apt-get install fairy-stockfish)");
        return None;
    };
    let config = Config {
        engine: Some(path.display().to_string()),
        ..Config::default()
    };
    Some(xiangqi_arbiter::http::app(
        &config,
        std::sync::Arc::new(xiangqi_arbiter::api::LawArbiter),
    ))
}
