//! Regression tests for issue 12, "Cheap ways to take the service down": one test (or more)
//! per finding. Waits are bounded; time is only ever asserted as a generous upper bound on a
//! liveness check, and where a test needs an order of events it builds it with channels.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use crate::common::app::{body_bytes, body_json, expect_problem, get, post_json, send, test_app};
use crate::common::fake::{FakeArbiter, fake, verdict};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use futures_util::{StreamExt, stream};
use serde_json::{Value, json};
use xiangqi_arbiter::api::answer::*;
use xiangqi_arbiter::api::arbiter::{Arbiter, Cancel};
use xiangqi_arbiter::api::error::ApiError;
use xiangqi_arbiter::api::request::*;
use xiangqi_arbiter::api::{LawArbiter, Moves};
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::v1::INLINE_PLIES_MAX;

// ------------------------------------------------------------------------------------------
// Memory accounting: a global allocator that keeps, per thread, the bytes currently allocated
// and their peak. A request driven on a current-thread runtime allocates on one thread, so
// its peak is exact and the same on every run. It is the allocator of the whole integration
// binary (every test's allocations pass through it), but each thread reads only its own
// counts, so the tests running beside these on other threads do not move them.
// ------------------------------------------------------------------------------------------

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn account(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: forwards every call to the system allocator unchanged; the counters are
// thread-local cells that never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        account(layout.size() as isize);
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        account(-(layout.size() as isize));
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        account(new_size as isize - layout.size() as isize);
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of bytes allocated by this thread while `f` ran, above what was live before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, peak.max(0) as usize)
}

fn current_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A body of `bytes`, one byte per frame (what a chunked upload of one-byte chunks gives).
fn one_byte_frames(bytes: &'static [u8]) -> Body {
    Body::from_stream(stream::iter((0..bytes.len()).map(move |i| {
        Ok::<_, std::io::Error>(bytes::Bytes::from_static(&bytes[i..=i]))
    })))
}

/// Finding 3: a maximum body sent as 1-byte chunks costs about its size, as one frame does.
#[test]
fn a_body_of_one_byte_chunks_costs_its_size_not_a_buffer_per_chunk() {
    let limit = 256 * 1024;
    // A valid game padded by an unknown field (allowed: not strict) to just under the limit.
    let mut body = br#"{"moves": ["h2e2"], "strict": false, "pad": ""#.to_vec();
    body.resize(limit - 8, b'a');
    body.extend_from_slice(br#""}"#);
    let body: &'static [u8] = Box::leak(body.into_boxed_slice());

    let rt = current_thread();
    let app = xiangqi_arbiter::http::app(&Config::default(), Arc::new(FakeArbiter));
    let run = |body: Body| {
        rt.block_on(async {
            let resp = send(&app, post_json("/v1/adjudicate", body)).await;
            assert_eq!(resp.status(), StatusCode::OK);
        })
    };
    run(Body::from(body)); // warm up: metrics, lazy statics
    let ((), whole) = peak_during(|| run(Body::from(body)));
    let ((), chunked) = peak_during(|| run(one_byte_frames(body)));
    // One buffer of at most the limit (plus the answer and small change), however framed.
    // Keeping each frame until the end cost at least 32 bytes of bookkeeping per byte here.
    assert!(chunked < limit + 128 * 1024, "chunked peak {chunked} B");
    assert!(
        chunked < whole + limit,
        "chunked {chunked} B vs whole {whole} B"
    );
}

// ------------------------------------------------------------------------------------------
// One parser for a game alone and a game in a batch.
// ------------------------------------------------------------------------------------------

/// The answer to `game` sent alone and inside a batch (status and problem type or verdict).
async fn alone_and_in_batch(app: &Router, game: &str) -> ((u16, Value), (u16, Value)) {
    let resp = send(app, post_json("/v1/adjudicate", game.to_owned())).await;
    let status = resp.status().as_u16();
    let alone = body_json(resp).await;
    let batch = format!(r#"{{"games": [{game}]}}"#);
    let resp = send(app, post_json("/v1/adjudicate/batch", batch)).await;
    assert_eq!(resp.status(), StatusCode::OK, "the batch itself is fine");
    let item = body_json(resp).await["results"][0].clone();
    let item_status = item["status"].as_u64().map_or(200, |s| s as u16);
    ((status, alone), (item_status, item))
}

fn kind(answer: &Value) -> Value {
    answer
        .get("type")
        .cloned()
        .unwrap_or(answer["verdict"].clone())
}

#[tokio::test]
async fn a_game_gets_the_same_answer_alone_and_in_a_batch() {
    let app = test_app();
    let deep = |strict: &str| {
        format!(
            r#"{{"moves": ["h2e2"],{strict} "extra": {}1{}}}"#,
            "[".repeat(200),
            "]".repeat(200)
        )
    };
    let cases: Vec<(&str, String, u16)> = vec![
        (
            "duplicate moves key",
            r#"{"moves": ["h2e2"], "moves": ["repeat"]}"#.into(),
            400,
        ),
        ("200-deep unknown field", deep(""), 422),
        (
            "200-deep unknown field, not strict",
            deep(r#" "strict": false,"#),
            200,
        ),
        (
            "lone surrogate in an unknown field",
            r#"{"moves": ["h2e2"], "note": "\ud800"}"#.into(),
            422,
        ),
        (
            "lone surrogate in an unknown field, not strict",
            r#"{"moves": ["h2e2"], "note": "\ud800", "strict": false}"#.into(),
            200,
        ),
        ("misspelt fen", r#"{"Fen": "9/9", "moves": []}"#.into(), 422),
        ("moves not an array", r#"{"moves": 5}"#.into(), 400),
        ("not an object", "[1, 2]".into(), 400),
        ("missing moves", "{}".into(), 400),
        ("fine", r#"{"moves": ["repeat"]}"#.into(), 200),
    ];
    for (name, game, want) in cases {
        let ((s1, alone), (s2, item)) = alone_and_in_batch(&app, &game).await;
        assert_eq!(s1, want, "{name}: alone {alone}");
        assert_eq!(s2, want, "{name}: in a batch {item}");
        assert_eq!(kind(&alone), kind(&item), "{name}");
        if want == 400 {
            // The same words, less the line and column (which would count from the game).
            let (a, b) = (
                alone["detail"].as_str().unwrap(),
                item["detail"].as_str().unwrap(),
            );
            assert!(a.starts_with(b) || a.contains(b), "{name}: {a:?} vs {b:?}");
        }
    }
}

#[tokio::test]
async fn one_bad_game_never_fails_the_batch() {
    let app = test_app();
    let body = format!(
        r#"{{"games": [{{"moves": ["h2e2"], "strict": false, "x": {}{}}}, {{"moves": [], "moves": []}}, {{"moves": ["repeat"], "s": "\udc00", "strict": false}}, {{"moves": ["repeat"], "s": 1}}]}}"#,
        "[".repeat(300),
        "]".repeat(300)
    );
    let resp = send(&app, post_json("/v1/adjudicate/batch", body)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let results = body_json(resp).await["results"].clone();
    assert_eq!(results[0]["verdict"], "none");
    assert_eq!(results[1]["status"], 400);
    assert_eq!(results[2]["verdict"], "loss");
    assert_eq!(results[3]["status"], 422, "{}", results[3]);
    assert_eq!(results[3]["field"], "s");
}

// ------------------------------------------------------------------------------------------
// Details: short, and worded for people.
// ------------------------------------------------------------------------------------------

#[tokio::test]
async fn details_never_echo_a_large_value_and_never_name_rust_types() {
    let app = test_app();
    // 160,000 quotes: escaped, they were 320 KB of answer.
    let body = format!(r#"{{"moves": "{}"}}"#, r#"\""#.repeat(80_000));
    let resp = send(&app, post_json("/v1/adjudicate", body)).await;
    let p = expect_problem(resp, 400, "malformed-json").await;
    let detail = p["detail"].as_str().unwrap();
    assert!(detail.len() < 400, "{} bytes: {detail}", detail.len());
    assert!(detail.contains("more characters)"), "{detail}");
    assert!(
        detail.contains("moves: expected an array, got the string"),
        "{detail}"
    );

    for (body, words) in [
        (r#""a game""#, "expected an object"),
        (r#"{"moves": {}}"#, "expected an array"),
        (r#"{"fen": 1, "moves": []}"#, "expected a string"),
        (
            r#"{"notation": "iccs"}"#,
            r#"the field "moves" is required"#,
        ),
        (
            r#"{"moves": [], "moves": []}"#,
            r#"the field "moves" appears more than once"#,
        ),
    ] {
        let resp = send(&app, post_json("/v1/adjudicate", body)).await;
        let p = expect_problem(resp, 400, "malformed-json").await;
        let detail = p["detail"].as_str().unwrap();
        assert!(detail.contains(words), "{body}: {detail}");
        for rust in [
            "struct",
            "AdjudicateRequest",
            "sequence",
            "Failed to deserialize",
        ] {
            assert!(!detail.contains(rust), "{body}: {detail}");
        }
    }

    // An unknown path is not echoed whole either.
    let long = format!("/{}", "a".repeat(10_000));
    let p = expect_problem(send(&app, get(&long)).await, 404, "not-found").await;
    assert!(p["detail"].as_str().unwrap().len() < 400);
}

// ------------------------------------------------------------------------------------------
// Content-Encoding.
// ------------------------------------------------------------------------------------------

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

fn encoded(body: Vec<u8>, encoding: &str) -> Request<Body> {
    Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_ENCODING, encoding)
        .body(Body::from(body))
        .unwrap()
}

#[tokio::test]
async fn encoded_bodies_are_415_with_accept_encoding_zip_bombs_included() {
    let app = test_app();
    let game = br#"{"moves": ["repeat"]}"#.to_vec();

    // Plain JSON that claims to be gzip is not accepted as JSON.
    let resp = send(&app, encoded(game.clone(), "gzip")).await;
    assert_eq!(resp.headers()[header::ACCEPT_ENCODING], "identity");
    let p = expect_problem(resp, 415, "unsupported-encoding").await;
    assert_eq!(p["encoding"], "gzip");

    // Real gzip, and a bomb: 64 MiB of spaces in about 64 KiB, refused without inflating.
    let resp = send(&app, encoded(gzip(&game), "gzip")).await;
    expect_problem(resp, 415, "unsupported-encoding").await;
    let mut inner = game.clone();
    inner.splice(1..1, std::iter::repeat_n(b' ', 64 << 20));
    let bomb = gzip(&inner);
    assert!(bomb.len() < 256 * 1024, "the bomb fits the body limit");
    // `#[tokio::test]` runs on this thread alone, so the thread's peak is the request's.
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let resp = send(&app, encoded(bomb, "gzip")).await;
    let peak = PEAK.with(Cell::get) - base;
    expect_problem(resp, 415, "unsupported-encoding").await;
    assert!(
        peak < 1 << 20,
        "refusing the bomb took {peak} B: was it inflated?"
    );

    for coding in ["br", "deflate", "x-unknown, gzip", "GZIP"] {
        let resp = send(&app, encoded(game.clone(), coding)).await;
        expect_problem(resp, 415, "unsupported-encoding").await;
    }
    // `identity` is no encoding at all.
    let resp = send(&app, encoded(game, "identity")).await;
    assert_eq!(resp.status(), StatusCode::OK);
}

// ------------------------------------------------------------------------------------------
// x-request-id.
// ------------------------------------------------------------------------------------------

#[tokio::test]
async fn only_short_printable_request_ids_are_echoed() {
    let app = test_app();
    let with_id = |id: &[u8]| {
        Request::get("/healthz")
            .header("x-request-id", id)
            .body(Body::empty())
            .unwrap()
    };
    let good = "trace-1234_ABCD.xyz:9";
    let resp = send(&app, with_id(good.as_bytes())).await;
    assert_eq!(resp.headers()["x-request-id"], good);

    let long = "a".repeat(65);
    for bad in [
        long.as_bytes(),
        b"with space",
        b"tab\there",
        b"caf\xc3\xa9",
        b"",
    ] {
        let resp = send(&app, with_id(bad)).await;
        let echoed = resp.headers()["x-request-id"].as_bytes();
        assert_ne!(echoed, bad, "{:?}", String::from_utf8_lossy(bad));
        assert!(!echoed.is_empty() && echoed.len() <= 64);
        assert!(echoed.iter().all(u8::is_ascii_graphic));
    }
}

// ------------------------------------------------------------------------------------------
// Timeouts: the client's (408) or the server's (503 + Retry-After).
// ------------------------------------------------------------------------------------------

/// An arbiter whose games block until released, and that reports each game it starts.
#[derive(Clone)]
struct Gate {
    started: mpsc::SyncSender<usize>,
    release: Arc<Mutex<mpsc::Receiver<()>>>,
    ruled: Arc<AtomicUsize>,
    /// Games that saw their cancellation flag while blocked.
    saw_cancel: Arc<AtomicUsize>,
}

struct GateControl {
    started: mpsc::Receiver<usize>,
    release: mpsc::SyncSender<()>,
    ruled: Arc<AtomicUsize>,
    saw_cancel: Arc<AtomicUsize>,
}

fn gate() -> (Gate, GateControl) {
    let (started_tx, started_rx) = mpsc::sync_channel(1024);
    let (release_tx, release_rx) = mpsc::sync_channel(1024);
    let ruled = Arc::new(AtomicUsize::new(0));
    let saw_cancel = Arc::new(AtomicUsize::new(0));
    (
        Gate {
            started: started_tx,
            release: Arc::new(Mutex::new(release_rx)),
            ruled: Arc::clone(&ruled),
            saw_cancel: Arc::clone(&saw_cancel),
        },
        GateControl {
            started: started_rx,
            release: release_tx,
            ruled,
            saw_cancel,
        },
    )
}

impl Gate {
    /// Blocks until released or cancelled (at most 10 s), noting a cancellation.
    fn block(&self, cancel: &Cancel) {
        let n = self.ruled.fetch_add(1, Ordering::SeqCst) + 1;
        let _ = self.started.send(n);
        let release = self.release.lock().unwrap();
        for _ in 0..2000 {
            if cancel.is_cancelled() {
                self.saw_cancel.fetch_add(1, Ordering::SeqCst);
                return;
            }
            if release.recv_timeout(Duration::from_millis(5)).is_ok() {
                return;
            }
        }
    }
}

impl Arbiter for Gate {
    fn adjudicate(&self, req: &Game) -> Result<AdjudicateResponse, ApiError> {
        self.adjudicate_cancellable(req, &Cancel::new())
    }
    fn adjudicate_cancellable(
        &self,
        req: &Game,
        cancel: &Cancel,
    ) -> Result<AdjudicateResponse, ApiError> {
        if req.moves.first().is_some_and(|m| m == "block") {
            self.block(cancel);
        } else {
            self.ruled.fetch_add(1, Ordering::SeqCst);
        }
        Ok(verdict(&req.moves))
    }
    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        FakeArbiter.legal_moves(req)
    }
    fn rulesets(&self) -> RulesetsResponse {
        FakeArbiter.rulesets()
    }
}

/// A game long enough to be ruled on the pool, that blocks at the gate.
fn heavy_game() -> Value {
    let mut moves = vec!["block".to_owned()];
    moves.resize(INLINE_PLIES_MAX + 1, "h2e2".to_owned());
    json!({ "moves": moves })
}

/// Waits (bounded) for the next game to start at the gate.
fn next_start(control: &GateControl) -> usize {
    control
        .started
        .recv_timeout(Duration::from_secs(10))
        .expect("a game started at the gate")
}

#[tokio::test]
async fn a_slow_body_is_408_and_a_slow_ruling_is_503_with_retry_after() {
    let config = Config {
        request_timeout_ms: 200,
        ..Config::default()
    };
    let (arbiter, control) = gate();
    let app = xiangqi_arbiter::http::app(&config, Arc::new(arbiter));

    let first: Result<&str, std::io::Error> = Ok(r#"{"moves":["#);
    let stalled = stream::iter([first]).chain(stream::pending());
    let resp = send(
        &app,
        post_json("/v1/adjudicate", Body::from_stream(stalled)),
    )
    .await;
    assert!(!resp.headers().contains_key(header::RETRY_AFTER));
    expect_problem(resp, 408, "request-timeout").await;

    // The body arrived; the ruling is what took too long.
    let resp = send(&app, post_json("/v1/adjudicate", heavy_game().to_string())).await;
    assert_eq!(resp.headers()[header::RETRY_AFTER], "1");
    let p = expect_problem(resp, 503, "timeout").await;
    assert_eq!(p["timeout_ms"], 200);
    next_start(&control);
    control.release.send(()).unwrap();

    // Dashboards count 408 as the client's: a 4xx label, not a 5xx one.
    let metrics = send(&app, get("/metrics")).await;
    let text = String::from_utf8(body_bytes(metrics).await).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("xiangqi_http_requests_total")
                && l.contains(r#"route="/v1/adjudicate""#)
                && l.contains(r#"status="408""#)),
        "{text}"
    );
}

// ------------------------------------------------------------------------------------------
// The ruling pool: back-pressure, probes while it is full, cancellation.
// ------------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_answers_503_overloaded_and_probes_still_answer() {
    let config = Config {
        ruling_workers: 1,
        ruling_queue: 1,
        ..Config::default()
    };
    let (arbiter, control) = gate();
    let app = xiangqi_arbiter::http::app(&config, Arc::new(arbiter));
    let heavy = || post_json("/v1/adjudicate", heavy_game().to_string());

    // One ruling runs (blocked at the gate), one waits for the worker.
    let spawn = |req| {
        let app = app.clone();
        tokio::spawn(async move { send(&app, req).await })
    };
    let running = spawn(heavy());
    next_start(&control);
    let waiting = spawn(heavy());
    // The waiting one holds the queue's only place once the pool gauge says so; until then
    // a third request could take it, so wait (bounded) for the gauge.
    let mut queued = false;
    for _ in 0..200 {
        let text = String::from_utf8(body_bytes(send(&app, get("/metrics")).await).await).unwrap();
        if text
            .lines()
            .any(|l| l.starts_with("xiangqi_ruling_pool_waiting ") && !l.ends_with(" 0"))
        {
            queued = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(queued, "the second ruling waits for the worker");

    // A third is turned away at once, with Retry-After.
    let resp = send(&app, heavy()).await;
    assert_eq!(resp.headers()[header::RETRY_AFTER], "1");
    let p = expect_problem(resp, 503, "overloaded").await;
    assert_eq!(p["retry_after_s"], 1);

    // Probes and small rulings do not wait for the pool.
    for path in ["/healthz", "/readyz", "/metrics"] {
        let resp = tokio::time::timeout(Duration::from_secs(2), send(&app, get(path)))
            .await
            .unwrap_or_else(|_| panic!("{path} answered within 2 s"));
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
    }
    let small = post_json("/v1/adjudicate", r#"{"moves": ["h2e2"]}"#);
    let resp = tokio::time::timeout(Duration::from_secs(2), send(&app, small))
        .await
        .expect("a small ruling answered within 2 s");
    assert_eq!(resp.status(), StatusCode::OK);

    // Released, both queued rulings finish normally.
    control.release.send(()).unwrap();
    next_start(&control);
    control.release.send(()).unwrap();
    assert_eq!(running.await.unwrap().status(), StatusCode::OK);
    assert_eq!(waiting.await.unwrap().status(), StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_batch_stops_between_games() {
    let config = Config {
        request_timeout_ms: 300,
        ..Config::default()
    };
    let (arbiter, control) = gate();
    let app = xiangqi_arbiter::http::app(&config, Arc::new(arbiter));
    // 100 games; the third blocks at the gate until after the request has timed out.
    let mut games = vec![json!({"moves": ["h2e2"]}); 100];
    games[2] = json!({"moves": ["block"]});
    let body = json!({ "games": games }).to_string();

    let resp = send(&app, post_json("/v1/adjudicate/batch", body)).await;
    expect_problem(resp, 503, "timeout").await;
    assert_eq!(next_start(&control), 3);
    wait_for(
        || control.saw_cancel.load(Ordering::SeqCst) == 1,
        "the flag was set",
    )
    .await;

    // Give the abandoned work ample time to go on, were it going to.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        control.ruled.load(Ordering::SeqCst),
        3,
        "no game after the third"
    );
}

/// Waits (at most 5 s) until `done` holds.
async fn wait_for(done: impl Fn() -> bool, what: &str) {
    for _ in 0..500 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("not within 5 s: {what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_whose_client_hangs_up_stops_between_games() {
    let (arbiter, control) = gate();
    let addr = start_with(Config::default(), Arc::new(arbiter)).await;
    let mut games = vec![json!({"moves": ["h2e2"]}); 100];
    games[2] = json!({"moves": ["block"]});
    let body = json!({ "games": games }).to_string();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /v1/adjudicate/batch HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    assert_eq!(next_start(&control), 3);
    drop(stream); // the client goes away mid-ruling

    wait_for(
        || control.saw_cancel.load(Ordering::SeqCst) == 1,
        "the flag was set",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        control.ruled.load(Ordering::SeqCst),
        3,
        "no game after the third"
    );
}

#[test]
fn the_law_arbiter_checks_the_flag_while_replaying() {
    // 300 plies of a horse going back and forth, then an illegal move at ply 301: with the
    // flag set the replay stops at ply 64, before it could reach the illegal move.
    let mut moves: Moves = ["b0c2", "b9c7", "c2b0", "c7b9"]
        .iter()
        .cycle()
        .take(300)
        .collect();
    moves.push("a0a9");
    let req = AdjudicateRequest::of_moves(moves);
    let req = req
        .check(&Limits::DEFAULT, None)
        .expect("a game within the limits");
    let cancel = Cancel::new();
    let err = LawArbiter
        .adjudicate_cancellable(&req, &cancel)
        .unwrap_err();
    assert!(
        matches!(err, ApiError::IllegalMove { ply: 301, .. }),
        "{err:?}"
    );
    cancel.cancel();
    let err = LawArbiter
        .adjudicate_cancellable(&req, &cancel)
        .unwrap_err();
    assert_eq!(err, ApiError::Cancelled);
}

// ------------------------------------------------------------------------------------------
// Connections: slots, idle and non-reading clients, hyper's own rejections, metrics.
// ------------------------------------------------------------------------------------------

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Serves the fake arbiter on 127.0.0.1 until the test ends.
async fn start(config: Config) -> std::net::SocketAddr {
    start_with(config, fake()).await
}

/// Serves `arbiter` on 127.0.0.1 until the test ends.
async fn start_with(config: Config, arbiter: Arc<dyn Arbiter>) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let readiness = xiangqi_arbiter::http::Readiness::new();
    let router = xiangqi_arbiter::http::app_with_readiness(&config, arbiter, readiness.clone());
    tokio::spawn(async move {
        xiangqi_arbiter::http::server::serve(
            listener,
            router,
            &config,
            readiness,
            std::future::pending(),
        )
        .await
    });
    addr
}

/// Sends `raw` on a new connection and reads until the server closes it (at most 10 s).
async fn exchange(addr: std::net::SocketAddr, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    // The server may answer and close before it has read everything (a 431, say).
    let _ = stream.write_all(raw).await;
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut buf)).await;
    String::from_utf8_lossy(&buf).into_owned()
}

async fn metrics_text(addr: std::net::SocketAddr) -> String {
    exchange(
        addr,
        b"GET /metrics HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .await
}

/// The value of the first sample line starting with `prefix`, if any.
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beside_more_idle_connections_than_slots_a_good_request_is_answered() {
    let config = Config {
        max_connections: 8,
        // Long enough that, without eviction, the good request would wait for it.
        header_read_timeout_ms: 30_000,
        ..Config::default()
    };
    let addr = start(config).await;
    // Five times the limit in silent connections, kept open.
    let mut idle = Vec::new();
    for _ in 0..40 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    let body = r#"{"moves": ["h2e2"]}"#;
    let good = format!(
        "POST /v1/adjudicate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = tokio::time::timeout(Duration::from_secs(2), exchange(addr, good.as_bytes()))
        .await
        .expect("answered within 2 s beside 40 idle connections");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""verdict":"none""#), "{answer}");

    // The oldest idle connections were closed to make room; the newest are still open.
    let mut first = [0u8; 1];
    let closed = tokio::time::timeout(Duration::from_secs(2), idle[0].read(&mut first)).await;
    assert!(
        matches!(closed, Ok(Ok(0) | Err(_))),
        "the oldest was closed"
    );

    let text = metrics_text(addr).await;
    assert!(sample(&text, "xiangqi_http_connections_evicted_total").unwrap_or(0.0) >= 32.0);
    assert_eq!(sample(&text, "xiangqi_http_connections_max "), Some(8.0));
    let open = sample(&text, "xiangqi_http_connections_open ").expect("open gauge");
    assert!(open >= 1.0, "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reads_nothing_is_cut_by_the_write_timeout() {
    let config = Config {
        idle_timeout_ms: Some(0), // off: the write timeout alone must do it
        write_timeout_ms: 300,
        ..Config::default()
    };
    let addr = start(config).await;
    // A small receive window, and 400 pipelined requests for the spec (about 20 MB of
    // answers): the server's writes block long before it is done.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let one = b"GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n";
    stream.write_all(&one.repeat(400)).await.unwrap();

    // Not reading: wait (bounded) for the counter, then drain and see the connection end.
    let mut cut = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let text = metrics_text(addr).await;
        if sample(
            &text,
            r#"xiangqi_http_connection_errors_total{kind="write_timeout"}"#,
        )
        .is_some_and(|n| n >= 1.0)
        {
            cut = true;
            break;
        }
    }
    assert!(cut, "the non-reading client was cut");
    let mut sink = vec![0u8; 1 << 16];
    let mut total = 0usize;
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => total += n,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the connection ended");
    assert!(total < one.len() * 400 * 40, "not every answer was sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hyper_rejections_are_counted_in_metrics() {
    let config = Config {
        header_read_timeout_ms: 200,
        ..Config::default()
    };
    let addr = start(config).await;
    let bad = exchange(addr, b"NOT HTTP AT ALL\r\n\r\n").await;
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad:?}");
    let big = format!(
        "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let big = exchange(addr, big.as_bytes()).await;
    assert!(big.starts_with("HTTP/1.1 431"), "{big:?}");
    // The head limit is about 32 KiB (hyper checks it between reads, so one read more may
    // pass); hyper's default was about 400 KB per connection.
    let head = format!(
        "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    let head = exchange(addr, head.as_bytes()).await;
    assert!(head.starts_with("HTTP/1.1 431"), "{head:?}");
    let _slow = exchange(addr, b"GET /healthz HTTP/1.1\r\nHo").await;

    let text = metrics_text(addr).await;
    for kind in ["bad_request", "headers_too_large", "header_timeout"] {
        let line = format!(r#"xiangqi_http_connection_errors_total{{kind="{kind}"}}"#);
        assert!(
            sample(&text, &line).is_some_and(|n| n >= 1.0),
            "{kind}: {text}"
        );
    }
}

#[tokio::test]
async fn metrics_carry_process_build_and_pool_figures() {
    let app = test_app();
    let text = String::from_utf8(body_bytes(send(&app, get("/metrics")).await).await).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        text.contains(&format!(r#"xiangqi_build_info{{version="{version}"}} 1"#)),
        "{text}"
    );
    if cfg!(target_os = "linux") {
        assert!(
            sample(&text, "process_cpu_seconds_total ").is_some(),
            "{text}"
        );
        assert!(sample(&text, "process_resident_memory_bytes ").unwrap() > 1e6);
        assert!(sample(&text, "process_open_fds ").unwrap() >= 3.0);
        assert!(sample(&text, "process_max_fds ").unwrap() >= 3.0);
    }
}

// ------------------------------------------------------------------------------------------
// Packaging: deploy/ and the Dockerfile.
// ------------------------------------------------------------------------------------------

fn manifest(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_deployment_leaves_replicas_to_the_autoscaler_and_sets_the_timeouts() {
    let d = manifest("deploy/deployment.yaml");
    assert!(
        d["spec"].get("replicas").is_none(),
        "replicas fights the HPA on every apply"
    );
    assert_eq!(
        manifest("deploy/hpa.yaml")["kind"],
        "HorizontalPodAutoscaler"
    );

    let c = &d["spec"]["template"]["spec"]["containers"][0];
    let env = |name: &str| {
        c["env"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .and_then(|e| e["value"].as_str()?.parse::<u64>().ok())
    };
    let request = env("XA_REQUEST_TIMEOUT_MS").unwrap_or(10_000);
    let idle = env("XA_IDLE_TIMEOUT_MS").expect("idle timeout set");
    assert!(idle > request, "idle {idle} ms above the request timeout");
    assert!(env("XA_WRITE_TIMEOUT_MS").is_some_and(|ms| ms > 0));

    // The image the Deployment runs is the one the README (and the Dockerfile) build.
    let image = c["image"].as_str().unwrap();
    let readme = std::fs::read_to_string("README.md").unwrap();
    assert!(
        readme.contains(&format!("docker build -t {image} .")),
        "README builds {image}"
    );
    let dockerfile = std::fs::read_to_string("Dockerfile").unwrap();
    assert!(dockerfile.contains(&format!("docker build -t {image} .")));
    assert!(
        dockerfile.contains("XA_IDLE_TIMEOUT_MS="),
        "the image sets the idle timeout"
    );
    assert!(image.ends_with(&format!(":{}", env!("CARGO_PKG_VERSION"))));
}

#[test]
fn the_binary_defaults_turn_the_idle_and_write_timeouts_on() {
    let c = Config::default();
    assert!(c.idle_timeout().is_some_and(|t| t > c.request_timeout()));
    assert!(c.write_timeout().is_some());
}

// ------------------------------------------------------------------------------------------
// ---- Issue 28, responses: compression, echoes, security headers, small defects ----
// ------------------------------------------------------------------------------------------

mod responses {
    use super::*;

    fn accepting(req: Request<Body>, encoding: &'static str) -> Request<Body> {
        let (mut parts, body) = req.into_parts();
        parts
            .headers
            .insert(header::ACCEPT_ENCODING, encoding.parse().unwrap());
        Request::from_parts(parts, body)
    }

    fn header_of(resp: &axum::response::Response, name: header::HeaderName) -> String {
        resp.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    }

    /// Finding 1: an asset is gzipped once; a request that takes gzip allocates no encoder
    /// and no copy of the file (compressing Redoc per request cost 30-35 ms and about 0.5 MB).
    #[test]
    fn a_gzipped_asset_is_compressed_once_not_per_request() {
        let rt = current_thread();
        let app = test_app();
        let fetch = || {
            rt.block_on(async {
                let req = accepting(get("/docs/redoc.standalone.js"), "gzip");
                let resp = send(&app, req).await;
                assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip");
                body_bytes(resp).await.len()
            })
        };
        let first = fetch(); // compresses it, once
        let (again, peak) = peak_during(fetch);
        assert_eq!(again, first);
        assert!(first < 400 * 1024, "gzipped at the best level: {first} B");
        // The body read back into a `Vec` is the test's; the server's share is small change.
        assert!(
            peak < first + 64 * 1024,
            "peak {peak} B for a {first} B answer"
        );
    }

    /// Finding 1: small dynamic answers are not compressed (no packet to save); large ones
    /// are, with `Vary`, SVGs included.
    #[tokio::test]
    async fn only_dynamic_answers_of_a_kib_or_more_are_gzipped() {
        let app = test_app();
        let resp = send(&app, accepting(get("/healthz"), "gzip")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "");
        let small = send(&app, accepting(post_json("/v1/adjudicate", "{"), "gzip")).await;
        assert_eq!(header_of(&small, header::CONTENT_ENCODING), "");

        let games = vec![r#"{"moves": ["h2e2", "h9g7"]}"#; 36].join(", ");
        let batch = post_json("/v1/adjudicate/batch", format!(r#"{{"games": [{games}]}}"#));
        let resp = send(&app, accepting(batch, "gzip")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip");
        assert!(header_of(&resp, header::VARY).contains("accept-encoding"));

        let svg = get("/v1/diagram.svg?lang=en");
        let resp = send(&app, accepting(svg, "gzip")).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip");
    }
}

mod record_echoes {
    use super::*;
    use crate::common::app::law_app;
    use xiangqi_arbiter::api::error::FEN_ECHO_CHARS;

    #[test]
    fn a_fen_member_is_cut_at_the_longest_fen_a_request_may_send() {
        assert_eq!(FEN_ECHO_CHARS, MAX_FEN_CHARS);
    }

    /// Finding 4: a record's error never echoes a value whole. Each of these echoed about
    /// 100 KB (the first 300 KB: the move in `move`, in `reason` and in `detail`).
    #[tokio::test]
    async fn record_errors_echo_no_value_whole() {
        let app = law_app();
        let huge = "a".repeat(100_000);
        for (what, record) in [
            ("a token", format!("[Format \"ICCS\"]\n1. h2e2 {huge}")),
            ("a token of a sheet", format!("1. h2e2 h9g7 2. {huge}")),
            ("a format", format!("[Format \"{huge}\"]\n1. h2e2")),
            ("a FEN", format!("[FEN \"{huge}\"]\n1. h2e2")),
            ("a valueless tag", format!("[{huge}]\n1. h2e2")),
            ("an unquoted tag", format!("[{huge} value]\n1. h2e2")),
            ("an unquoted value", format!("[Event {huge}]\n1. h2e2")),
        ] {
            for lang in ["en", "vi", "zh"] {
                let body = json!({ "game": record, "lang": lang }).to_string();
                let resp = send(&app, post_json("/v1/adjudicate", body)).await;
                let status = resp.status();
                let bytes = body_bytes(resp).await;
                assert!(status.is_client_error(), "{what}: {status}");
                assert!(
                    bytes.len() < 2_000,
                    "{what} ({lang}): a {} B answer: {}",
                    bytes.len(),
                    String::from_utf8_lossy(&bytes[..300])
                );
                let p: Value = serde_json::from_slice(&bytes).unwrap();
                let detail = p["detail"].as_str().unwrap();
                // The detail keeps 40 characters of a value; a `fen` member, 128 (the longest
                // FEN a request may send).
                assert!(!detail.contains(&"a".repeat(41)), "{what} ({lang}): {p}");
                let text = String::from_utf8(bytes).unwrap();
                assert!(!text.contains(&"a".repeat(129)), "{what} ({lang}): {p}");
            }
        }
    }
}

mod small_defects {
    use super::*;
    use crate::common::app::law_app;

    /// Finding 9: a record whose lines end in CR alone reads like one with LF; its moves
    /// stood glued (`h9g72.`) and the game was a 422.
    #[tokio::test]
    async fn a_record_with_cr_only_line_ends_reads_like_lf() {
        let app = law_app();
        let mut answers = Vec::new();
        for record in [
            "1. h2e2 h9g7\n2. h0g2 i9h9\n",
            "1. h2e2 h9g7\r2. h0g2 i9h9\r",
            "1. h2e2 h9g7\r\n2. h0g2 i9h9\r\n",
        ] {
            let body = json!({ "game": record }).to_string();
            let resp = send(&app, post_json("/v1/adjudicate", body)).await;
            assert_eq!(resp.status(), StatusCode::OK, "{record:?}");
            let mut answer = body_json(resp).await;
            answer.as_object_mut().unwrap().remove("meta");
            answers.push(answer);
        }
        assert_eq!(answers[1], answers[0]);
        assert_eq!(answers[2], answers[0]);
        assert_eq!(answers[0]["position"]["plies"], 4);
    }

    /// Finding 9: `"lang": "VI"` was taken by `/v1/adjudicate` and refused by `/v1/diagram`
    /// (and the GET diagram). A language name is read in any case, everywhere.
    #[tokio::test]
    async fn language_names_are_read_in_any_case_by_every_route() {
        let app = law_app();
        let moves = json!(["h2e2", "h9g7"]);
        for (path, body) in [
            ("/v1/adjudicate", json!({ "moves": moves, "lang": "VI" })),
            ("/v1/diagram", json!({ "moves": moves, "lang": "VI" })),
            ("/v1/report", json!({ "moves": moves, "lang": "Vi" })),
        ] {
            let resp = send(&app, post_json(path, body.to_string())).await;
            assert_eq!(resp.status(), StatusCode::OK, "{path}");
        }
        let lower = body_bytes(send(&app, get("/v1/diagram.svg?lang=vi")).await).await;
        let upper = send(&app, get("/v1/diagram.svg?lang=VI")).await;
        assert_eq!(upper.status(), StatusCode::OK);
        assert_eq!(body_bytes(upper).await, lower);
        let req = post_json(
            "/v1/diagram",
            json!({ "moves": moves, "lang": "En" }).to_string(),
        );
        let svg = String::from_utf8(body_bytes(send(&app, req).await).await).unwrap();
        assert!(
            svg.contains(">R<") || svg.contains(">R</"),
            "WXF letters for en"
        );
    }

    /// Finding 9: raw GBK bytes in a string were reported as "a \u escape in a string is not
    /// a valid character"; the body has no `\u`: it is not UTF-8, at this byte, line, column.
    #[tokio::test]
    async fn a_body_that_is_not_utf8_is_told_so_with_where() {
        let app = test_app();
        // "炮二平五" in GBK, on the second line.
        let mut body = b"{\"moves\":\n  [\"".to_vec();
        body.extend_from_slice(&[0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5]);
        body.extend_from_slice(b"\"]}");
        for (lang, words) in [
            (
                "en",
                "the body is not UTF-8 text, as JSON must be: byte 15 (line 2, column 5)",
            ),
            ("vi", "không phải văn bản UTF-8"),
            ("zh", "不是JSON所要求的UTF-8文本：第15字节（第2行第5列）"),
        ] {
            let req = Request::post("/v1/adjudicate")
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::ACCEPT_LANGUAGE, lang)
                .body(Body::from(body.clone()))
                .unwrap();
            let p = expect_problem(send(&app, req).await, 400, "malformed-json").await;
            let detail = p["detail"].as_str().unwrap();
            assert!(detail.contains(words), "{lang}: {detail}");
            assert!(!detail.contains("\\u"), "{lang}: {detail}");
        }
    }
}

// ---- Issue 28, connections ----------------------------------------------------------------
// Records through the pool, admission from the head, fair connection handling (per-address
// cap, body deadline, eviction from the address holding the most slots), the send buffer.
// ------------------------------------------------------------------------------------------

/// An app on the gate arbiter whose pool (one worker, no queue) is held by a blocked ruling.
async fn app_with_a_full_pool() -> (Router, GateControl, tokio::task::JoinHandle<StatusCode>) {
    let config = Config {
        ruling_workers: 1,
        ruling_queue: 0,
        ..Config::default()
    };
    let (arbiter, control) = gate();
    let app = xiangqi_arbiter::http::app(&config, Arc::new(arbiter));
    let blocked = {
        let app = app.clone();
        tokio::spawn(async move {
            send(&app, post_json("/v1/adjudicate", heavy_game().to_string()))
                .await
                .status()
        })
    };
    next_start(&control);
    (app, control, blocked)
}

/// A numbered score sheet of `plies` plies (a horse going back and forth).
fn sheet(plies: usize) -> String {
    let moves = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let mut text = String::new();
    for ply in 0..plies {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(moves[ply % 4]);
        text.push(' ');
    }
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_record_is_ruled_on_the_pool_like_the_same_moves() {
    let (app, control, blocked) = app_with_a_full_pool().await;
    // A record over INLINE_PLIES_MAX plies, in a body small enough to pass the head's
    // admission: the pool itself refuses it, as it refuses the same game sent as moves.
    let long = json!({ "game": sheet(INLINE_PLIES_MAX + 64) }).to_string();
    assert!(long.len() < 4096, "{} bytes", long.len());
    let resp = send(&app, post_json("/v1/adjudicate", long)).await;
    expect_problem(resp, 503, "overloaded").await;
    // A short record is still ruled inline, full pool or not.
    let short = json!({ "game": sheet(8) }).to_string();
    let resp = send(&app, post_json("/v1/adjudicate", short)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    control.release.send(()).unwrap();
    assert_eq!(blocked.await.unwrap(), StatusCode::OK);
}

#[test]
fn a_record_is_read_once_and_the_reading_travels_to_the_ruling() {
    let req: AdjudicateRequest =
        serde_json::from_value(json!({ "game": sheet(INLINE_PLIES_MAX + 1) })).unwrap();
    assert!(!req.record.is_read());
    assert!(req.plies_at_most() > INLINE_PLIES_MAX);
    // Counting its moves against the limit reads it ...
    assert!(matches!(
        req.check_limits(&Limits::new(100, 1)),
        Err(ApiError::TooManyMoves { count, limit: 100 }) if count == INLINE_PLIES_MAX + 1
    ));
    assert!(req.record.is_read());
    // ... and the checked game the arbiter rules on takes that same reading, moved, not
    // read again.
    let first = req.record().unwrap().as_ref().unwrap().moves.as_ptr();
    let game = req.check(&Limits::DEFAULT, None).unwrap();
    let record = game.record.as_ref().expect("the game's record");
    assert!(std::ptr::eq(first, record.moves.as_ptr()));
    let answer = LawArbiter.adjudicate(&game).unwrap();
    assert_eq!(answer.position.plies as usize, INLINE_PLIES_MAX + 1);
}

/// A POST whose head announces `length` (or, with `None`, a chunked body) and whose body
/// never comes.
fn head_without_body(length: Option<usize>) -> Request<Body> {
    let mut req = Request::post("/v1/adjudicate").header(header::CONTENT_TYPE, "application/json");
    req = match length {
        Some(n) => req.header(header::CONTENT_LENGTH, n),
        None => req.header(header::TRANSFER_ENCODING, "chunked"),
    };
    let never = stream::pending::<Result<&'static str, std::io::Error>>();
    req.body(Body::from_stream(never)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_refuses_a_large_body_from_its_head_without_reading_it() {
    let (app, control, blocked) = app_with_a_full_pool().await;
    for length in [Some(200_000), None] {
        // The body never arrives: only an answer from the head can come back in time.
        let resp = tokio::time::timeout(
            Duration::from_secs(2),
            send(&app, head_without_body(length)),
        )
        .await
        .expect("refused from the head, the body unread");
        assert_eq!(resp.headers()[header::RETRY_AFTER], "1");
        assert_eq!(resp.headers()[header::CONNECTION], "close");
        expect_problem(resp, 503, "overloaded").await;
    }
    // A game record sent as the body is admitted the same way.
    let mut req = head_without_body(Some(200_000));
    req.headers_mut().insert(
        header::CONTENT_TYPE,
        "application/x-chess-pgn".parse().unwrap(),
    );
    let resp = tokio::time::timeout(Duration::from_secs(2), send(&app, req))
        .await
        .expect("refused from the head, the body unread");
    expect_problem(resp, 503, "overloaded").await;
    // In the asked language, like every problem.
    let mut req = head_without_body(None);
    req.headers_mut()
        .insert(header::ACCEPT_LANGUAGE, "vi".parse().unwrap());
    let p = expect_problem(send(&app, req).await, 503, "overloaded").await;
    assert!(p["detail"].as_str().unwrap().contains("máy chủ"), "{p}");
    // A small body is read and ruled inline, full pool or not.
    let resp = send(&app, post_json("/v1/adjudicate", r#"{"moves": ["h2e2"]}"#)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    control.release.send(()).unwrap();
    assert_eq!(blocked.await.unwrap(), StatusCode::OK);
}

#[tokio::test(start_paused = true)]
async fn a_head_whose_body_does_not_come_is_408_within_the_body_timeout() {
    let config = Config {
        body_timeout_ms: 500,
        request_timeout_ms: 10_000,
        ..Config::default()
    };
    let app = xiangqi_arbiter::http::app(&config, fake());
    let started = tokio::time::Instant::now();
    let resp = send(&app, head_without_body(Some(100))).await;
    let p = expect_problem(resp, 408, "request-timeout").await;
    assert_eq!(p["timeout_ms"], 500);
    // Paused time: the body timeout, not the request timeout.
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test(start_paused = true)]
async fn a_body_that_keeps_arriving_is_not_cut_by_the_body_timeout() {
    let config = Config {
        body_timeout_ms: 500,
        ..Config::default()
    };
    let app = xiangqi_arbiter::http::app(&config, fake());
    // Five parts 300 ms apart: 1.2 s in all, never 500 ms without a part.
    let parts = [r#"{"moves""#, r#": ["#, r#""h2e2""#, r#"]"#, r#"}"#];
    let slow = stream::iter(parts).then(|part| async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        Ok::<_, std::io::Error>(part)
    });
    let resp = send(&app, post_json("/v1/adjudicate", Body::from_stream(slow))).await;
    assert_eq!(resp.status(), StatusCode::OK);
}

/// Connects to `addr` from the loopback address `from` (127.0.0.x: another client).
async fn connect_from(from: [u8; 4], addr: std::net::SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Sends a keep-alive GET /healthz on `stream` and reads its answer's head (at most 5 s).
async fn healthz_on(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
        .await
        .map_or(0, |r| r.unwrap_or(0));
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

/// True once the server has closed `stream` (at most 3 s of waiting).
async fn is_closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    matches!(
        tokio::time::timeout(Duration::from_secs(3), stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_limit_the_address_holding_the_most_slots_gives_one_up() {
    let config = Config {
        max_connections: 4,
        max_connections_per_client: 0,
        header_read_timeout_ms: 30_000,
        ..Config::default()
    };
    let addr = start(config).await;
    // A keep-alive client, idle the longest ...
    let mut keep_alive = connect_from([127, 0, 0, 2], addr).await;
    assert!(
        healthz_on(&mut keep_alive)
            .await
            .starts_with("HTTP/1.1 200")
    );
    // ... and three silent connections of another address, newer.
    let mut crowd = Vec::new();
    for _ in 0..3 {
        crowd.push(connect_from([127, 0, 0, 1], addr).await);
    }
    // A third client needs a slot: the crowd's address gives up its oldest, not the
    // keep-alive client its only one.
    let mut newcomer = connect_from([127, 0, 0, 3], addr).await;
    assert!(healthz_on(&mut newcomer).await.starts_with("HTTP/1.1 200"));
    assert!(
        is_closed(&mut crowd[0]).await,
        "the crowd's oldest was closed"
    );
    assert!(
        healthz_on(&mut keep_alive)
            .await
            .starts_with("HTTP/1.1 200"),
        "the keep-alive client kept its connection"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_waiting_for_its_body_gives_its_slot_to_a_new_client() {
    let config = Config {
        max_connections: 2,
        max_connections_per_client: 0,
        // Neither timeout frees the slots within the test.
        body_timeout_ms: 30_000,
        request_timeout_ms: 30_000,
        idle_timeout_ms: Some(60_000),
        ..Config::default()
    };
    let addr = start(config).await;
    let mut heads = Vec::new();
    for _ in 0..2 {
        let mut head = connect_from([127, 0, 0, 1], addr).await;
        head.write_all(
            b"POST /v1/adjudicate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n",
        )
        .await
        .unwrap();
        heads.push(head);
    }
    // Let both heads be read (their requests are in flight, waiting for a body).
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut good = connect_from([127, 0, 0, 2], addr).await;
    let answer = healthz_on(&mut good).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    assert!(
        is_closed(&mut heads[0]).await,
        "the oldest head gave up its slot"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_cap_of_connections() {
    let config = Config {
        max_connections_per_client: 2,
        header_read_timeout_ms: 30_000,
        ..Config::default()
    };
    let addr = start(config).await;
    let mut other = connect_from([127, 0, 0, 3], addr).await;
    let mut own = Vec::new();
    for _ in 0..3 {
        own.push(connect_from([127, 0, 0, 2], addr).await);
    }
    // The third took the slot of the address's own oldest, though slots were free.
    assert!(
        is_closed(&mut own[0]).await,
        "the address's oldest was closed"
    );
    assert!(healthz_on(&mut own[2]).await.starts_with("HTTP/1.1 200"));
    assert!(healthz_on(&mut other).await.starts_with("HTTP/1.1 200"));
    let text = metrics_text(addr).await;
    assert!(sample(&text, "xiangqi_http_connections_evicted_total").unwrap_or(0.0) >= 1.0);
}

/// Bytes the kernel holds unsent or unacknowledged on the server's side of the connection
/// from local port `server` to local port `client` (Linux's /proc/net/tcp).
#[cfg(target_os = "linux")]
fn send_queue(server: u16, client: u16) -> Option<u64> {
    let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
    table.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let port = |field: &str| u16::from_str_radix(field.rsplit(':').next()?, 16).ok();
        if port(fields.get(1)?)? == server && port(fields.get(2)?)? == client {
            u64::from_str_radix(fields.get(4)?.split(':').next()?, 16).ok()
        } else {
            None
        }
    })
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_pipelines_and_never_reads_leaves_little_queued() {
    let config = Config::default();
    let listener = xiangqi_arbiter::http::server::bind(
        "127.0.0.1:0".parse().unwrap(),
        config.send_buffer_bytes,
    )
    .unwrap();
    let addr = listener.local_addr().unwrap();
    let readiness = xiangqi_arbiter::http::Readiness::new();
    let router = xiangqi_arbiter::http::app_with_readiness(&config, fake(), readiness.clone());
    tokio::spawn(async move {
        xiangqi_arbiter::http::server::serve(
            listener,
            router,
            &config,
            readiness,
            std::future::pending(),
        )
        .await
    });
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let client_port = stream.local_addr().unwrap().port();
    let (_reader, mut writer) = stream.into_split();
    // 200 pipelined requests for the 87 KB spec: 17 MB of answers, none read.
    let pipelined = b"GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n".repeat(200);
    tokio::spawn(async move { writer.write_all(&pipelined).await });
    // Sample until the queue stops growing (bounded): it ends near the send buffer.
    let mut peak = 0;
    for _ in 0..30 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        peak = peak.max(send_queue(addr.port(), client_port).unwrap_or(0));
    }
    assert!(peak > 0, "the server's side of the connection was found");
    assert!(peak <= 256 * 1024, "{peak} bytes queued");
}
