//! The cost of each stage of one ruling on `tests/data/game200.json`, for a
//! profiler: run a stage N times and count instructions with callgrind, which
//! gives the same figure on every run, unlike wall time on a shared machine.
//!
//! ```text
//! cargo build --release --features harness --example game200_cost
//! bash scripts/cost.sh             # every stage, per request, as below
//! valgrind --tool=callgrind target/release/examples/game200_cost <stage> 200
//! ```
//!
//! Stages: `setup` (only the fixture, to subtract), `parse` (deserialize the
//! request body into `AdjudicateRequest` with `serde_json` alone), `parse-api` (the
//! service's parser, `api::json::parse_json`, with its worded errors and strict
//! fields), `replay` (replay the decoded moves), `rule` (replay and
//! rule), `request` (read with `parse_json`, arbiter with its response, written with
//! `AdjudicateResponse::to_json`, as the handler does), `app`
//! (`POST /v1/adjudicate` through the whole router, every middleware layer
//! included, driven by `tower::ServiceExt::oneshot` on a current-thread runtime,
//! the answer's body read to the end). Per stage: (instructions - setup's) / N,
//! except `app` and the `loopback` stages, which are counted only inside their
//! request loop (after the set-up and one warm-up request): run them with
//! `--toggle-collect=game200_cost::measured*` and divide by N. Logging is set up as
//! the server does, with `RUST_LOG` (default `warn`, as `scripts/ab.sh` runs the
//! service).
//!
//! The allocator is the service's (mimalloc), wrapped to count allocations (and
//! reallocations): each run prints `allocations N` on standard error, and `app` and
//! the `loopback` stages also `measured allocations N`, those of their request loop.
//!
//! `app` counts what the service does per request above hyper: routing, every
//! layer, the body read, the ruling and the answer. It does not count hyper's
//! connection handling or the kernel.
//!
//! `loopback` serves the application as the binary does (`http::server::serve`: the
//! connection slots, timeouts and hyper) on 127.0.0.1, and sends it game200 N times
//! over one keep-alive connection from a minimal client in the same process;
//! `loopback-ceiling` does the same against issue 15's ceiling (a bare axum server
//! that parses the request and sends the same answer bytes, serialized once, like
//! `canned_answer --precomputed`). Callgrind counts the user-space instructions of
//! server and client, not the kernel's: the two per-request counts compare what the
//! service and its ceiling cost, in instructions.

use std::alloc::{GlobalAlloc, Layout};
use std::hint::black_box;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{Request, header};
use axum::routing::post;
use http_body_util::BodyExt;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use xiangqi_arbiter::adjudication::{Options, Replay, rule};
use xiangqi_arbiter::api::arbiter::Arbiter;
use xiangqi_arbiter::api::json::parse_json;
use xiangqi_arbiter::api::request::AdjudicateRequest;
use xiangqi_arbiter::api::{LawArbiter, Limits};
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::Readiness;
use xiangqi_arbiter::http::server::serve;
use xiangqi_arbiter::xiangqi::{Move, Position};

#[path = "ceiling.rs"]
mod ceiling;

/// The service's allocator, counted: the number of allocations of a run is printed on
/// standard error (`allocations N`), so allocations per request are (N - setup's) / runs.
#[global_allocator]
static ALLOCATOR: Counting = Counting(mimalloc::MiMalloc);

struct Counting(mimalloc::MiMalloc);

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to mimalloc unchanged; the counter has no effect on memory.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is mimalloc's.
        unsafe { self.0.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { self.0.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { self.0.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { self.0.realloc(ptr, layout, new_size) }
    }
}

const BODY: &str = include_str!("../../tests/data/game200.json");

fn main() -> ExitCode {
    let code = run();
    eprintln!("allocations {}", ALLOCATIONS.load(Ordering::Relaxed));
    code
}

fn run() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let stage = args.next().unwrap_or_default();
    let Some(runs) = args.next().and_then(|n| n.parse::<usize>().ok()) else {
        eprintln!(
            "usage: game200_cost <setup|parse|parse-api|replay|rule|request|app|loopback|\
             loopback-ceiling> <runs>"
        );
        return ExitCode::from(2);
    };
    if let Some(server) = match stage.as_str() {
        "loopback" => Some((Server::Service, runs)),
        "loopback-ceiling" => Some((Server::Ceiling, runs)),
        _ => None,
    } {
        init_logging();
        println!("{}", over_loopback(server.0, server.1));
        return ExitCode::SUCCESS;
    }
    if stage == "app" {
        init_logging();
        println!("{}", through_the_app(&Config::default(), runs));
        return ExitCode::SUCCESS;
    }
    let req: AdjudicateRequest = serde_json::from_str(BODY).expect("the fixture is a request");
    let start = Position::from_fen(req.fen.as_deref().expect("a FEN")).expect("a legal FEN");
    let moves: Vec<Move> = req
        .moves
        .iter()
        .map(|m| Move::from_iccs(m).expect("ICCS moves"))
        .collect();
    let mut sink = 0usize;
    for _ in 0..runs {
        sink += match stage.as_str() {
            "setup" => 0,
            "parse" => serde_json::from_str::<AdjudicateRequest>(black_box(BODY))
                .expect("the fixture is a request")
                .moves
                .len(),
            "parse-api" => parse_json::<AdjudicateRequest>(black_box(BODY.as_bytes()))
                .expect("the fixture is a request")
                .moves
                .len(),
            "replay" => replay(&start, &moves).plies(),
            "rule" => rule(&replay(&start, &moves), Options::default())
                .articles
                .len(),
            "request" => {
                let req: AdjudicateRequest =
                    parse_json(black_box(BODY.as_bytes())).expect("the fixture is a request");
                // Checked once into a game, as the service does (`api::adjudicate_one`).
                let game = req
                    .check(&Limits::DEFAULT, None)
                    .expect("within the limits");
                let resp = LawArbiter.adjudicate(&game).expect("the fixture is legal");
                // As the service writes it (`http::v1::adjudicate`).
                resp.to_json().len()
            }
            other => {
                eprintln!("unknown stage {other:?}");
                return ExitCode::from(2);
            }
        };
    }
    println!("{sink}");
    ExitCode::SUCCESS
}

/// Logging as the server sets it up, at `RUST_LOG` (default `warn`).
fn init_logging() {
    let config = Config {
        log_level: std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".to_owned()),
        ..Config::default()
    };
    xiangqi_arbiter::telemetry::init(&config);
}

/// Which server `over_loopback` runs.
#[derive(Debug, Clone, Copy)]
enum Server {
    /// The service, served as the binary serves it.
    Service,
    /// The ceiling: parse the request, send precomputed bytes.
    Ceiling,
}

/// Serves `server` on 127.0.0.1 and sends it game200 once to warm up, then `runs` times in
/// [`measured`], over one keep-alive connection; returns the total length of the answers'
/// bodies.
fn over_loopback(server: Server, runs: usize) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let config = Config::default();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a loopback port");
    let addr = listener.local_addr().expect("an address");
    // Spawned tasks run whenever the runtime is driven, by either `block_on` below.
    let served = match server {
        Server::Service => {
            let readiness = Readiness::new();
            let app = xiangqi_arbiter::http::app_with_readiness(
                &config,
                Arc::new(LawArbiter),
                readiness.clone(),
            );
            rt.spawn(async move {
                serve(listener, app, &config, readiness, std::future::pending()).await
            })
        }
        Server::Ceiling => {
            let req: AdjudicateRequest = serde_json::from_str(BODY).expect("a request");
            let game = req
                .check(&Limits::DEFAULT, None)
                .expect("within the limits");
            let answer = LawArbiter.adjudicate(&game).expect("a ruling");
            let bytes = Bytes::from(serde_json::to_vec(&answer).expect("serializable"));
            let app = Router::new()
                .route("/v1/adjudicate", post(ceiling::precomputed_adjudicate))
                .with_state(bytes);
            rt.spawn(async move { axum::serve(listener, app).await })
        }
    };
    let head = format!(
        "POST /v1/adjudicate HTTP/1.1\r\nHost: {addr}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        BODY.len()
    );
    let request = [head.as_bytes(), BODY.as_bytes()].concat();
    let mut buf = Vec::with_capacity(8192);
    let mut conn = rt.block_on(async {
        let mut conn = tokio::net::TcpStream::connect(addr)
            .await
            .expect("connected");
        conn.set_nodelay(true).expect("nodelay");
        conn.write_all(&request).await.expect("sent");
        read_answer(&mut conn, &mut buf).await;
        conn
    });
    let total = measured(&rt, async {
        let mut total = 0;
        for _ in 0..runs {
            conn.write_all(black_box(&request)).await.expect("sent");
            total += read_answer(&mut conn, &mut buf).await;
        }
        total
    });
    served.abort();
    total
}

/// Reads one HTTP/1.1 answer with a `content-length` and status 200; returns its body's
/// length.
async fn read_answer(conn: &mut tokio::net::TcpStream, buf: &mut Vec<u8>) -> usize {
    buf.clear();
    let (head_end, length) = loop {
        let mut chunk = [0u8; 4096];
        let n = conn.read(&mut chunk).await.expect("an answer");
        assert!(n > 0, "the server closed the connection");
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = std::str::from_utf8(&buf[..end]).expect("a text head");
            assert!(head.starts_with("HTTP/1.1 200"), "{head}");
            let length = head
                .lines()
                .find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                })
                .expect("a content-length");
            break (end + 4, length);
        }
    };
    while buf.len() < head_end + length {
        let mut chunk = [0u8; 4096];
        let n = conn.read(&mut chunk).await.expect("the body");
        assert!(n > 0, "the server closed the connection");
        buf.extend_from_slice(&chunk[..n]);
    }
    length
}

/// Sends game200 once to warm up, then `runs` times in [`measured`], through the whole
/// application as the server would, and returns the total length of the answers.
fn through_the_app(config: &Config, runs: usize) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let app: Router = xiangqi_arbiter::http::app(config, Arc::new(LawArbiter));
    let send = || async {
        let req = Request::post("/v1/adjudicate")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::CONTENT_LENGTH, BODY.len())
            .body(Body::from(black_box(BODY)))
            .expect("a request");
        let resp = app.clone().oneshot(req).await.expect("infallible");
        assert!(resp.status().is_success(), "{}", resp.status());
        resp.into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes()
            .len()
    };
    rt.block_on(send());
    measured(&rt, async {
        let mut total = 0;
        for _ in 0..runs {
            total += send().await;
        }
        total
    })
}

/// Drives `work` to completion. Everything the `app` and `loopback` stages count happens in
/// here: `scripts/cost.sh` runs them with `--toggle-collect=game200_cost::measured*`, so that
/// the set-up before it (the metrics recorder calibrates its clock for as long as the wall
/// clock says, which under valgrind is a different number of instructions on every run) is
/// not counted.
/// Its allocations are printed on standard error (`measured allocations N`).
#[inline(never)]
fn measured<F: std::future::Future>(rt: &tokio::runtime::Runtime, work: F) -> F::Output {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let output = rt.block_on(work);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
    eprintln!("measured allocations {allocations}");
    output
}

fn replay(start: &Position, moves: &[Move]) -> Replay {
    Replay::from_moves(black_box(start.clone()), black_box(moves)).expect("the fixture is legal")
}
