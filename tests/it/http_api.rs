//! In-process tests of every endpoint and every error kind, with the fake arbiter.

use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

use crate::common::app::*;
use crate::common::fake::{FakeArbiter, START_FEN, fake, verdict};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use futures_util::{StreamExt, stream};
use serde_json::json;
use xiangqi_arbiter::api::answer::{AdjudicateResponse, LegalMovesResponse, RulesetsResponse};
use xiangqi_arbiter::api::request::{Game, LegalMovesRequest};
use xiangqi_arbiter::api::{ApiError, Arbiter};
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::{Readiness, app_with_readiness};

// ------------------------------------------------------------------------------ operations

#[tokio::test]
async fn healthz_is_ok() {
    let resp = send(&test_app(), get("/healthz")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(body_json(resp).await, json!({"status": "ok"}));
}

#[tokio::test]
async fn head_healthz_is_ok() {
    let req = Request::head("/healthz").body(Body::empty()).unwrap();
    assert_eq!(send(&test_app(), req).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn readyz_turns_503_when_draining() {
    let readiness = Readiness::new();
    let app = app_with_readiness(&no_engine(), fake(), readiness.clone());
    let resp = send(&app, get("/readyz")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    // Without an engine the service is ready all the same: the engine is a detail.
    let ready = body_json(resp).await;
    assert_eq!(ready["status"], "ready");
    assert_eq!(ready["engine"]["status"], "off");

    readiness.set_draining();
    expect_problem(send(&app, get("/readyz")).await, 503, "not-ready").await;
    // Liveness is unaffected.
    assert_eq!(send(&app, get("/healthz")).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn openapi_is_served_as_yaml() {
    let resp = send(&test_app(), get("/openapi.yaml")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(content_type(&resp), "application/yaml");
    let body = body_bytes(resp).await;
    assert_eq!(body, include_bytes!("../../openapi.yaml"));
}

#[tokio::test]
async fn request_id_is_set_and_propagated() {
    let app = test_app();
    let resp = send(&app, get("/healthz")).await;
    let first = resp.headers()["x-request-id"].to_str().unwrap().to_owned();
    let resp = send(&app, get("/healthz")).await;
    let second = resp.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(!first.is_empty() && first != second, "{first} {second}");

    let req = Request::get("/healthz")
        .header("x-request-id", "abc-123")
        .body(Body::empty())
        .unwrap();
    let resp = send(&app, req).await;
    assert_eq!(resp.headers()["x-request-id"], "abc-123");

    // Errors carry it too.
    let resp = send(&app, get("/nope")).await;
    assert!(resp.headers().contains_key("x-request-id"));
}

#[tokio::test]
async fn responses_are_gzipped_when_asked() {
    let req = Request::get("/openapi.yaml")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let resp = send(&test_app(), req).await;
    assert_eq!(resp.headers()[header::CONTENT_ENCODING], "gzip");
}

#[tokio::test]
async fn cors_is_off_by_default_and_configurable() {
    let preflight = || {
        Request::builder()
            .method(Method::OPTIONS)
            .uri("/v1/adjudicate")
            .header(header::ORIGIN, "https://board.example")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .body(Body::empty())
            .unwrap()
    };
    let resp = send(&test_app(), preflight()).await;
    assert!(
        !resp
            .headers()
            .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN)
    );

    let config = Config {
        cors_origins: vec!["https://board.example".into()],
        ..Config::default()
    };
    let resp = send(&app_with(&config), preflight()).await;
    assert_eq!(
        resp.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN],
        "https://board.example"
    );
}

// ------------------------------------------------------------------------------ v1 happy paths

#[tokio::test]
async fn adjudicate_returns_the_arbiters_verdict() {
    let resp = send(
        &test_app(),
        post_json(
            "/v1/adjudicate",
            r#"{"moves":["h2e2","repeat"],"notation":"iccs","ruleset":"vn2004","no_capture_limit":60,"extra":{"ignored":true},"strict":false}"#,
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(content_type(&resp), "application/json");
    let body = body_json(resp).await;
    let expected = verdict(&["h2e2", "repeat"].into_iter().collect());
    assert_eq!(body, serde_json::to_value(expected).unwrap());
    assert_eq!(body["verdict"], "loss");
    assert_eq!(body["articles"][0]["ref"], "23.1");
    assert_eq!(body["repetition"]["cycle"][0]["move"], "repeat");
}

#[tokio::test]
async fn json_content_type_with_charset_is_accepted() {
    let req = Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
        .body(Body::from(r#"{"moves":[]}"#))
        .unwrap();
    assert_eq!(send(&test_app(), req).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn legal_moves_and_rulesets() {
    let app = test_app();
    let resp = send(&app, post_json("/v1/legal-moves", "{}")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let body = body_json(resp).await;
    assert_eq!(body["legal_moves"][0]["wxf"], "C2=5");
    assert_eq!(body["position"]["plies"], 0);

    let resp = send(&app, get("/v1/rulesets")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(body_json(resp).await["rulesets"][0]["id"], "vn2004");
}

#[tokio::test]
async fn batch_rules_each_game_independently() {
    let body = json!({"games": [
        {"moves": ["repeat"]},
        {"moves": 5},
        {"moves": ["h2e2", "x0x0"]},
        {"moves": [], "no_capture_limit": 0},
        "not even an object",
    ]});
    let resp = send(
        &test_app(),
        post_json("/v1/adjudicate/batch", body.to_string()),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let results = body_json(resp).await["results"].clone();
    assert_eq!(results.as_array().unwrap().len(), 5);
    assert_eq!(results[0]["verdict"], "loss");
    assert_eq!(results[1]["status"], 400);
    assert_eq!(
        results[1]["type"],
        "https://xiangqi-arbiter.dev/problems/malformed-json"
    );
    // The same words as for the game sent alone, the field named.
    let alone = body_json(
        send(
            &test_app(),
            post_json("/v1/adjudicate", json!({"moves": 5}).to_string()),
        )
        .await,
    )
    .await;
    let detail = results[1]["detail"].as_str().unwrap();
    assert!(
        detail.contains("moves: expected an array, got the number 5"),
        "{detail}"
    );
    assert!(
        alone["detail"].as_str().unwrap().starts_with(detail),
        "{alone} vs {detail}"
    );
    assert_eq!(
        results[2]["type"],
        "https://xiangqi-arbiter.dev/problems/illegal-move"
    );
    assert_eq!(results[2]["ply"], 2);
    assert_eq!(results[3]["field"], "no_capture_limit");
    assert_eq!(results[4]["status"], 400);
}

/// The fake arbiter, noting the thread each game is ruled on.
#[derive(Clone, Default)]
struct ThreadRecorder(Arc<Mutex<Vec<ThreadId>>>);

impl ThreadRecorder {
    fn threads(&self) -> Vec<ThreadId> {
        self.0.lock().unwrap().clone()
    }
}

impl Arbiter for ThreadRecorder {
    fn adjudicate(&self, req: &Game) -> Result<AdjudicateResponse, ApiError> {
        self.0.lock().unwrap().push(std::thread::current().id());
        FakeArbiter.adjudicate(req)
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        FakeArbiter.legal_moves(req)
    }

    fn rulesets(&self) -> RulesetsResponse {
        FakeArbiter.rulesets()
    }
}

/// Posts a batch of `n` games (even ones repeat: `loss`; odd ones: `none`) to an app around a
/// [`ThreadRecorder`]; checks the answers are in order, and returns the threads that ruled.
async fn batch_threads(n: usize) -> Vec<ThreadId> {
    let recorder = ThreadRecorder::default();
    let app = xiangqi_arbiter::http::app(&Config::default(), Arc::new(recorder.clone()));
    let games: Vec<_> = (0..n)
        .map(|i| {
            if i % 2 == 0 {
                json!({"moves": ["repeat"]})
            } else {
                json!({"moves": []})
            }
        })
        .collect();
    let resp = send(
        &app,
        post_json(
            "/v1/adjudicate/batch",
            json!({ "games": games }).to_string(),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let results = body_json(resp).await["results"].clone();
    assert_eq!(results.as_array().unwrap().len(), n);
    for (i, r) in results.as_array().unwrap().iter().enumerate() {
        let want = if i % 2 == 0 { "loss" } else { "none" };
        assert_eq!(r["verdict"], want, "game {i}");
    }
    recorder.threads()
}

/// `#[tokio::test]` runs a current-thread runtime: the test's own thread is its only async
/// worker, so a game ruled on any other thread was ruled off the async workers.
#[tokio::test]
async fn large_batch_runs_off_the_async_workers_in_order() {
    let worker = std::thread::current().id();
    let large = batch_threads(100).await;
    assert_eq!(large.len(), 100);
    assert!(large.iter().all(|&t| t != worker), "{large:?}");
    // The recorder can tell: a small batch is ruled inline, on the worker.
    let small = batch_threads(2).await;
    assert_eq!(small, [worker, worker]);
}

// ------------------------------------------------------------------------------ error kinds

#[tokio::test]
async fn malformed_json_is_400() {
    let app = test_app();
    for body in [
        "{",
        "",
        "[1,2",
        r#"{"moves": 5}"#,
        r#"{"fen": "x"}"#,
        r#"{"moves": ["a", 1]}"#,
        r#"{"moves": [], "no_capture_limit": 1e99}"#,
        r#"{"moves": [], "no_capture_limit": "ten"}"#,
        "null",
        "[]",
    ] {
        let resp = send(&app, post_json("/v1/adjudicate", body)).await;
        expect_problem(resp, 400, "malformed-json").await;
    }
    let invalid_utf8 = post_json("/v1/adjudicate", &b"{\"moves\":[\"\xff\"]}"[..]);
    expect_problem(send(&app, invalid_utf8).await, 400, "malformed-json").await;
}

#[tokio::test]
async fn wrong_content_type_is_415() {
    let app = test_app();
    let no_type = Request::post("/v1/adjudicate")
        .body(Body::from(r#"{"moves":[]}"#))
        .unwrap();
    expect_problem(send(&app, no_type).await, 415, "unsupported-media-type").await;

    let text = Request::post("/v1/legal-moves")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("{}"))
        .unwrap();
    expect_problem(send(&app, text).await, 415, "unsupported-media-type").await;
}

#[tokio::test]
async fn oversized_body_is_413_with_or_without_content_length() {
    let config = Config {
        max_body_bytes: 1024,
        ..Config::default()
    };
    let app = app_with(&config);
    let big = format!(r#"{{"moves":["{}"]}}"#, "a".repeat(2000));

    // Known length: rejected before the body is read.
    let body = expect_problem(
        send(&app, post_json("/v1/adjudicate", big.clone())).await,
        413,
        "payload-too-large",
    )
    .await;
    assert_eq!(body["limit"], 1024);

    // Streamed (chunked) body: rejected while reading.
    let chunks: Vec<Result<String, std::io::Error>> =
        vec![Ok(big[..600].into()), Ok(big[600..].into())];
    let req = post_json("/v1/adjudicate", Body::from_stream(stream::iter(chunks)));
    let body = expect_problem(send(&app, req).await, 413, "payload-too-large").await;
    assert_eq!(body["limit"], 1024);
}

#[tokio::test]
async fn unknown_route_is_404_and_wrong_method_is_405() {
    let app = test_app();
    let body = expect_problem(send(&app, get("/v2/adjudicate")).await, 404, "not-found").await;
    assert_eq!(body["detail"], "no route for /v2/adjudicate");

    let resp = send(&app, get("/v1/adjudicate")).await;
    assert_eq!(resp.headers()[header::ALLOW], "POST");
    let body = expect_problem(resp, 405, "method-not-allowed").await;
    assert_eq!(body["method"], "GET");

    let delete = Request::delete("/healthz").body(Body::empty()).unwrap();
    expect_problem(send(&app, delete).await, 405, "method-not-allowed").await;
}

#[tokio::test]
async fn each_422_kind() {
    let app = test_app();
    let cases = [
        (r#"{"fen":"bad","moves":[]}"#, "invalid-fen"),
        (r#"{"moves":[],"notation":"lan"}"#, "unknown-notation"),
        (r#"{"moves":[],"ruleset":"asian"}"#, "unknown-ruleset"),
        (r#"{"moves":["h2e2","??"]}"#, "unparsable-move"),
        (r#"{"moves":["h2e2","x0x0"]}"#, "illegal-move"),
        (r#"{"moves":[],"no_capture_limit":0}"#, "invalid-request"),
        (r#"{"moves":[],"no_capture_limit":-5}"#, "invalid-request"),
    ];
    for (body, slug) in cases {
        let resp = send(&app, post_json("/v1/adjudicate", body)).await;
        let problem = expect_problem(resp, 422, slug).await;
        match slug {
            "invalid-fen" => assert_eq!(problem["problems"].as_array().unwrap().len(), 2),
            "unknown-notation" => assert_eq!(problem["supported"][0], "iccs"),
            "unparsable-move" => {
                assert_eq!(problem["ply"], 2);
                assert_eq!(problem["move"], "??");
                assert!(problem["reason"].is_string());
            }
            "illegal-move" => {
                assert_eq!(problem["ply"], 2);
                assert_eq!(problem["move"], "x0x0");
                assert_eq!(problem["fen"], START_FEN);
                assert_eq!(problem["reason"], "no_piece");
                assert!(problem["detail"].as_str().unwrap().contains("no piece"));
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn content_limits_are_422() {
    let config = Config {
        max_moves: 3,
        max_batch: 2,
        ..Config::default()
    };
    let app = app_with(&config);
    let resp = send(
        &app,
        post_json("/v1/adjudicate", r#"{"moves":["a","b","c","d"]}"#),
    )
    .await;
    let p = expect_problem(resp, 422, "too-many-moves").await;
    assert_eq!(
        (p["count"].as_u64(), p["limit"].as_u64()),
        (Some(4), Some(3))
    );

    let resp = send(
        &app,
        post_json("/v1/legal-moves", r#"{"moves":["a","b","c","d"]}"#),
    )
    .await;
    expect_problem(resp, 422, "too-many-moves").await;

    let resp = send(
        &app,
        post_json(
            "/v1/adjudicate/batch",
            r#"{"games":[{"moves":[]},{"moves":[]},{"moves":[]}]}"#,
        ),
    )
    .await;
    let p = expect_problem(resp, 422, "too-many-games").await;
    assert_eq!(
        (p["count"].as_u64(), p["limit"].as_u64()),
        (Some(3), Some(2))
    );

    let long_fen = json!({"fen": "r".repeat(200), "moves": []}).to_string();
    let p = expect_problem(
        send(&app, post_json("/v1/adjudicate", long_fen)).await,
        422,
        "invalid-request",
    )
    .await;
    assert_eq!(p["field"], "fen");

    let long_move = json!({"moves": ["a".repeat(33)]}).to_string();
    let p = expect_problem(
        send(&app, post_json("/v1/legal-moves", long_move)).await,
        422,
        "invalid-request",
    )
    .await;
    assert_eq!(p["field"], "moves[0]");
}

#[tokio::test]
async fn legal_moves_errors_come_from_the_arbiter() {
    let resp = send(
        &test_app(),
        post_json("/v1/legal-moves", r#"{"moves":["x0x0"]}"#),
    )
    .await;
    expect_problem(resp, 422, "illegal-move").await;
}

#[tokio::test]
async fn a_panic_is_a_500_problem_not_a_dropped_connection() {
    let app = test_app();
    let resp = send(&app, post_json("/v1/adjudicate", r#"{"moves":["panic"]}"#)).await;
    expect_problem(resp, 500, "internal").await;

    // Also from the blocking pool used by large batches.
    let games: Vec<_> = (0..20).map(|_| json!({"moves": ["panic"]})).collect();
    let resp = send(
        &app,
        post_json(
            "/v1/adjudicate/batch",
            json!({ "games": games }).to_string(),
        ),
    )
    .await;
    expect_problem(resp, 500, "internal").await;

    // The app keeps answering.
    assert_eq!(send(&app, get("/healthz")).await.status(), StatusCode::OK);
}

/// On a paused clock: the timeout fires when the runtime has nothing else to do, at exactly
/// its deadline, without a real wait.
#[tokio::test(start_paused = true)]
async fn a_stalled_body_times_out_with_a_408_problem() {
    let config = Config {
        request_timeout_ms: 100,
        ..Config::default()
    };
    let app = app_with(&config);
    // A body that sends one chunk and then never finishes.
    let first: Result<&str, std::io::Error> = Ok(r#"{"moves":["#);
    let stalled = stream::iter([first]).chain(stream::pending());
    let req = post_json("/v1/adjudicate", Body::from_stream(stalled));
    let started = tokio::time::Instant::now();
    // The client's doing, not an outage: 408, not 503.
    let p = expect_problem(send(&app, req).await, 408, "request-timeout").await;
    assert_eq!(p["timeout_ms"], 100);
    // Not before the deadline (the clock only moves to pending timers).
    assert!(started.elapsed() >= Duration::from_millis(100));
}
