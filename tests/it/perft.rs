//! Perft against the reference counts in `tests/data/perft.txt`.
//!
//! CI runs every line up to a node budget; `cargo test --release -- --ignored`
//! runs the whole file (about 1.2 billion nodes).

use crate::common::chess::mirror_files;
use xiangqi_arbiter::xiangqi::{Position, perft};

/// Lines above this many nodes are left to the ignored full run.
const CI_NODE_LIMIT: u64 = 2_000_000;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/perft.txt");
    let mut fen = None;
    let mut cases = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(f) = line.strip_prefix("fen ") {
            fen = Some(f.to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest
                .split_whitespace()
                .map(|n| n.parse::<u64>().expect("number"));
            let (depth, nodes) = (it.next().unwrap() as u32, it.next().unwrap());
            cases.push(Case {
                fen: fen.clone().expect("fen line first"),
                depth,
                nodes,
            });
        } else {
            panic!("unexpected line in perft.txt: {line}");
        }
    }
    cases
}

fn run(limit: u64) {
    let cases = cases();
    assert!(cases.len() > 50, "the fixture has all reference lines");
    for case in cases.iter().filter(|c| c.nodes <= limit) {
        let pos = Position::from_fen(&case.fen).expect("reference FENs are legal");
        assert_eq!(
            perft(&pos, case.depth),
            case.nodes,
            "{} depth {}",
            case.fen,
            case.depth
        );
    }
}

#[test]
fn perft_matches_reference_within_ci_budget() {
    run(CI_NODE_LIMIT);
}

#[test]
#[ignore = "1.2 billion nodes: run with --release -- --ignored"]
fn perft_matches_whole_reference_file() {
    run(u64::MAX);
}

#[test]
fn mirrored_positions_have_equal_perft() {
    for case in cases().iter().filter(|c| c.depth == 3) {
        let mirrored = mirror_files(&Position::from_fen(&case.fen).unwrap());
        assert_eq!(perft(&mirrored, 3), case.nodes, "mirror of {}", case.fen);
    }
}
