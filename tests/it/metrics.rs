//! `/metrics` counts what the app answered. The Prometheus recorder is process-wide and every
//! integration test shares this binary's process, so the test runs again in a child process
//! of this binary, alone there (`--exact`, one thread): no other test moves the counters
//! between its two readings, and it can ask for exact differences.

use std::process::Command;

use crate::common::app::{body_bytes, content_type, get, post_json, send, test_app};
use axum::Router;
use axum::http::StatusCode;

/// Set in the child process that runs a test alone.
const ALONE: &str = "XA_TEST_ALONE";

/// Runs `test` (a name in this module) in a child process of this test binary, alone, and
/// fails with the child's output unless it passed. The child sees [`ALONE`] set.
fn run_alone(test: &str) {
    // `integration::metrics` → `metrics::test`, the name libtest knows the test by.
    let module = module_path!()
        .split_once("::")
        .map_or(module_path!(), |(_, m)| m);
    let name = format!("{module}::{test}");
    let out = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([name.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name} alone in a child process: {}\n{stdout}\n{stderr}",
        out.status
    );
}

/// The `/metrics` text.
async fn scrape(app: &Router) -> String {
    let resp = send(app, get("/metrics")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(content_type(&resp).starts_with("text/plain"));
    String::from_utf8(body_bytes(resp).await).unwrap()
}

/// The value of the sample of `name` with (at least) these `labels`, 0 if there is none yet.
fn sample(text: &str, name: &str, labels: &[&str]) -> u64 {
    let mut found = text.lines().filter(|line| {
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('{'))
            .is_some_and(|rest| labels.iter().all(|l| rest.contains(l)))
    });
    let Some(line) = found.next() else {
        return 0;
    };
    assert!(
        found.next().is_none(),
        "{name} {labels:?} names two samples"
    );
    let value = line.rsplit(' ').next().unwrap();
    value
        .parse::<f64>()
        .unwrap_or_else(|e| panic!("{line}: {e}")) as u64
}

#[test]
fn metrics_count_requests_and_verdicts() {
    if std::env::var_os(ALONE).is_none() {
        return run_alone("metrics_count_requests_and_verdicts");
    }
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(count_requests_and_verdicts());
}

/// The test itself, which needs the process to itself.
async fn count_requests_and_verdicts() {
    let app = test_app();
    let counters = |text: &str| {
        [
            sample(text, "xiangqi_verdicts_total", &[r#"verdict="loss""#]),
            sample(
                text,
                "xiangqi_http_requests_total",
                &[
                    r#"method="POST""#,
                    r#"route="/v1/adjudicate""#,
                    r#"status="200""#,
                ],
            ),
            sample(
                text,
                "xiangqi_http_requests_total",
                &[r#"route="unmatched""#, r#"status="404""#],
            ),
            sample(
                text,
                "xiangqi_http_request_duration_seconds_count",
                &[r#"method="POST""#, r#"route="/v1/adjudicate""#],
            ),
            // A method the routes do not serve: counted without a kept handle.
            sample(
                text,
                "xiangqi_http_requests_total",
                &[
                    r#"method="DELETE""#,
                    r#"route="/v1/adjudicate""#,
                    r#"status="405""#,
                ],
            ),
        ]
    };
    let before = counters(&scrape(&app).await);

    // Twice each: the first answer counts through a new handle, the second through the kept one.
    for _ in 0..2 {
        let resp = send(&app, post_json("/v1/adjudicate", r#"{"moves":["repeat"]}"#)).await;
        assert_eq!(resp.status(), StatusCode::OK);
        let resp = send(&app, get("/no/such/route")).await;
        assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    }
    let mut delete = get("/v1/adjudicate");
    *delete.method_mut() = axum::http::Method::DELETE;
    let resp = send(&app, delete).await;
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);

    let text = scrape(&app).await;
    let after = counters(&text);
    let added: Vec<u64> = after.iter().zip(before).map(|(a, b)| a - b).collect();
    assert_eq!(
        added,
        [2, 2, 2, 2, 1],
        "loss verdicts, adjudicate 200s, unmatched 404s, adjudicate latencies, adjudicate DELETE 405s; {before:?} → {after:?}\n{text}"
    );
    assert!(
        text.contains(r#"xiangqi_http_request_duration_seconds_bucket{method="POST",route="/v1/adjudicate",le="0.0001"}"#),
        "{text}"
    );
}
