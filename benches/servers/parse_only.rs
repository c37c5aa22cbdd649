//! Baseline for load tests: a bare axum server that only deserializes the adjudicate request
//! body (the same DTO as the real service) and answers a small JSON.
//!
//! It measures the physical limit of HTTP + JSON on this machine: compare the service's
//! `POST /v1/adjudicate` rate against this one's `POST /parse` in the same run.
//!
//! ```text
//! cargo run --release --features harness --example parse_only -- --addr 127.0.0.1:8081
//! ```

use std::net::SocketAddr;

use axum::routing::post;
use axum::{Json, Router};
use clap::Parser;
use serde_json::{Value, json};
use xiangqi_arbiter::api::request::AdjudicateRequest;

/// The same allocator as the service, so that the two compare like for like.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Parse-only baseline server.
#[derive(Debug, Parser)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8081")]
    addr: SocketAddr,
}

/// Deserializes the body and reports its size, so the parse cannot be optimized away.
async fn parse(Json(req): Json<AdjudicateRequest>) -> Json<Value> {
    Json(json!({ "verdict": "none", "plies": req.moves.len() }))
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let app = Router::new()
        .route("/parse", post(parse))
        .route("/v1/adjudicate", post(parse));
    let listener = tokio::net::TcpListener::bind(args.addr).await?;
    eprintln!("parse_only listening on {}", listener.local_addr()?);
    axum::serve(listener, app).await
}
