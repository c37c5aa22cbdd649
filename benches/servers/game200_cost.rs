//! The cost of each stage of one ruling on `tests/data/game200.json`, for a
//! profiler: run a stage N times and count instructions with callgrind, which
//! gives the same figure on every run, unlike wall time on a shared machine.
//!
//! ```text
//! cargo build --release --example game200_cost
//! valgrind --tool=callgrind target/release/examples/game200_cost <stage> 200
//! ```
//!
//! Stages: `setup` (only the fixture, to subtract), `parse` (deserialize the
//! request body), `replay` (replay the decoded moves), `rule` (replay and
//! rule), `request` (deserialize, arbiter with its response, serialize). Per
//! stage: (instructions - setup's) / N.

use std::hint::black_box;
use std::process::ExitCode;

use xiangqi_arbiter::adjudication::{Options, Replay, rule};
use xiangqi_arbiter::api::LawArbiter;
use xiangqi_arbiter::api::arbiter::Arbiter;
use xiangqi_arbiter::api::request::AdjudicateRequest;
use xiangqi_arbiter::xiangqi::{Move, Position};

const BODY: &str = include_str!("../../tests/data/game200.json");

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let stage = args.next().unwrap_or_default();
    let Some(runs) = args.next().and_then(|n| n.parse::<usize>().ok()) else {
        eprintln!("usage: game200_cost <setup|parse|replay|rule|request> <runs>");
        return ExitCode::from(2);
    };
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
            "replay" => replay(&start, &moves).plies(),
            "rule" => rule(&replay(&start, &moves), Options::default())
                .articles
                .len(),
            "request" => {
                let req: AdjudicateRequest =
                    serde_json::from_str(black_box(BODY)).expect("the fixture is a request");
                let resp = LawArbiter.adjudicate(&req).expect("the fixture is legal");
                serde_json::to_vec(&resp).expect("serializable").len()
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

fn replay(start: &Position, moves: &[Move]) -> Replay {
    Replay::from_moves(black_box(start.clone()), black_box(moves)).expect("the fixture is legal")
}
