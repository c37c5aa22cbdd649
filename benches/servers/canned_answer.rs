//! The ceiling of the service on this machine: `POST /v1/adjudicate` answered with the ruling
//! of `tests/data/game200.json` computed once at start-up, so that no chess runs per request.
//!
//! Each request is still deserialized, its answer still built (cloned from the canned one:
//! the same allocations) and serialized, so what remains is the cost of the contract's answer
//! and of the HTTP stack:
//!
//! - by default, behind the real service stack (`http::server::run`: every middleware layer,
//!   the connection limits and timeouts);
//! - with `--bare`, behind a bare axum router, like `benches/servers/parse_only.rs`;
//! - with `--precomputed`, behind a bare axum router that sends **the same answer bytes** as
//!   the service, serialized once at start-up from the real ruling and then sent as clones of
//!   one `Bytes` (no allocation, no serialization per request). The body is still parsed, into
//!   a plainly derived request type (`ceiling.rs`). This is the ceiling of issue 15: the service's own work (the
//!   chess, building and serializing the answer, the middleware) is everything it does beyond
//!   this server.
//!
//! Compared with the service in the same run (`scripts/ab.sh`, which uses `--precomputed` as
//! its baseline), it bounds the throughput ratio that any speed-up of the service could reach.
//!
//! ```text
//! cargo build --release --features harness --bin xiangqi-arbiter --example canned_answer
//! bash scripts/ab.sh target/release/xiangqi-arbiter \
//!     target/release/examples/canned_answer "target/release/examples/canned_answer --bare"
//! ```

use std::process::ExitCode;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use clap::Parser;
use xiangqi_arbiter::api::answer::{AdjudicateResponse, LegalMovesResponse, RulesetsResponse};
use xiangqi_arbiter::api::request::{AdjudicateRequest, Game, LegalMovesRequest};
use xiangqi_arbiter::api::{ApiError, Arbiter, LawArbiter, Limits};
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::extract::ApiJson;

#[path = "ceiling.rs"]
mod ceiling;

/// The same allocator as the service and the baseline.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAME200: &str = include_str!("../../tests/data/game200.json");

/// Canned-answer server.
#[derive(Debug, Parser)]
struct Args {
    /// Serve on a bare axum router instead of the service's stack.
    #[arg(long)]
    bare: bool,
    /// Serve on a bare axum router that sends the answer's bytes, serialized once.
    #[arg(long, conflicts_with = "bare")]
    precomputed: bool,
    #[command(flatten)]
    config: Config,
}

/// An arbiter that answers every game with one precomputed ruling.
struct Canned(AdjudicateResponse);

impl Arbiter for Canned {
    fn adjudicate(&self, game: &Game) -> Result<AdjudicateResponse, ApiError> {
        std::hint::black_box(game.moves.len());
        Ok(self.0.clone())
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        LawArbiter.legal_moves(req)
    }

    fn rulesets(&self) -> RulesetsResponse {
        LawArbiter.rulesets()
    }
}

async fn bare_adjudicate(
    State(arbiter): State<Arc<Canned>>,
    axum::Json(req): axum::Json<AdjudicateRequest>,
) -> Result<ApiJson<AdjudicateResponse>, ApiError> {
    // As the service does: the request checked once into a game, then ruled.
    arbiter
        .adjudicate(&req.check(&Limits::DEFAULT, None)?)
        .map(ApiJson)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let canned = match serde_json::from_str::<AdjudicateRequest>(GAME200)
        .map_err(|e| e.to_string())
        .and_then(|req| {
            req.check(&Limits::DEFAULT, None)
                .and_then(|game| LawArbiter.adjudicate(&game))
                .map_err(|e| e.to_string())
        }) {
        Ok(resp) => Arc::new(Canned(resp)),
        Err(e) => {
            eprintln!("canned_answer: cannot rule on the fixture: {e}");
            return ExitCode::FAILURE;
        }
    };
    let served = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .and_then(|rt| {
            rt.block_on(async {
                if args.precomputed {
                    // The service's answer bytes: `ApiJson` serializes with `serde_json` too.
                    let answer =
                        Bytes::from(serde_json::to_vec(&canned.0).map_err(std::io::Error::other)?);
                    let app = Router::new()
                        .route("/v1/adjudicate", post(ceiling::precomputed_adjudicate))
                        .with_state(answer);
                    let listener = tokio::net::TcpListener::bind(args.config.addr).await?;
                    axum::serve(listener, app).await
                } else if args.bare {
                    let app = Router::new()
                        .route("/v1/adjudicate", post(bare_adjudicate))
                        .with_state(canned);
                    let listener = tokio::net::TcpListener::bind(args.config.addr).await?;
                    axum::serve(listener, app).await
                } else {
                    xiangqi_arbiter::http::server::run(&args.config, canned).await
                }
            })
        });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("canned_answer: {e}");
            ExitCode::FAILURE
        }
    }
}
