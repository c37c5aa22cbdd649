//! Speed of the rules core and of the adjudicator, measured with criterion.
//!
//! `cargo bench --bench rules` runs:
//! - `perft/start/5`: the start-position tree to depth 5 (133,312,995 leaves);
//! - `game200/replay` and `game200/adjudicate`: the shared 200-ply game
//!   (`tests/data/game200.json`), replayed with full legality checks, and
//!   replayed and ruled on;
//! - `chase300/replay` and `chase300/adjudicate`: a 300-ply game that ends in a
//!   perpetual chase, the same pair. Issue 3 asks the adjudication to cost at
//!   most three times the replay; compare the two lines of one run;
//! - `hostile/<game>/adjudicate`: the 1,024-ply games of `hostile_games.rs`,
//!   built to make the repetition analysis work hard. Issue 12 asks each to
//!   cost at most 15 times `game200/adjudicate`; compare the lines of one run.

#[path = "hostile_games.rs"]
mod hostile_games;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi_arbiter::adjudication::{
    Options, Replay, RuleSet, Verdict, law::Pattern, rule, rule_under,
};
use xiangqi_arbiter::xiangqi::{Color, Move, Position, Role, Square, perft};

fn game200() -> (Position, Vec<Move>) {
    game_of(include_str!("../tests/data/game200.json"))
}

/// A game fixture's start and moves (`{"fen": ..., "moves": [ICCS, ...]}`).
fn game_of(json: &str) -> (Position, Vec<Move>) {
    let v: serde_json::Value = serde_json::from_str(json).expect("fixture");
    let start = Position::from_fen(v["fen"].as_str().expect("fen")).expect("legal");
    let moves = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let m = m.as_str().expect("move");
            let sq = |s: &str| Square::from_iccs(s).expect("square");
            Move::new(sq(&m[..2]), sq(&m[2..]))
        })
        .collect();
    (start, moves)
}

/// 292 plies of two horses wandering on the right of the board (never
/// checking or capturing, no position three times), then Red's rook chasing
/// Black's unprotected cannon for 8 plies: a perpetual chase at ply 300.
fn chase300() -> (Position, Vec<Move>) {
    let start = Position::from_fen("4k4/9/c7n/9/9/9/9/9/9/1R1K4N w - - 0 1").expect("legal");
    let sq = |s: &str| Square::from_iccs(s).expect("square");
    let chase = [("b0", "a0"), ("a7", "b7"), ("a0", "b0"), ("b7", "a7")];
    (1..)
        .find_map(|seed| horse_walk(&start, 292, seed))
        .map(|mut moves| {
            for _ in 0..2 {
                moves.extend(chase.iter().map(|&(a, b)| Move::new(sq(a), sq(b))));
            }
            (start, moves)
        })
        .expect("some seed gives a walk")
}

/// A seeded random walk of the horses, `plies` long, in which no position
/// occurs three times and the last one is new; `None` if the walk gets stuck.
fn horse_walk(start: &Position, plies: usize, seed: u64) -> Option<Vec<Move>> {
    let mut pos = start.clone();
    let mut seen = std::collections::HashMap::from([(pos.key(), 1)]);
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut moves = Vec::new();
    while moves.len() < plies {
        let last = moves.len() + 1 == plies;
        let candidates: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let after = pos.after(*m);
                let count = seen.get(&after.key()).copied().unwrap_or(0);
                pos.piece_at(m.from).is_some_and(|p| p.role == Role::Horse)
                    && m.to.file() >= 5
                    && pos.piece_at(m.to).is_none()
                    && !after.is_check()
                    && count < if last { 1 } else { 2 }
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = candidates[(state % candidates.len() as u64) as usize];
        pos.play_unchecked(m);
        *seen.entry(pos.key()).or_insert(0) += 1;
        moves.push(m);
    }
    Some(moves)
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(25));
    let start = Position::new();
    group.bench_function("start/5", |b| b.iter(|| perft(black_box(&start), 5)));
    group.finish();
}

fn bench_game(c: &mut Criterion, name: &str, (start, moves): (Position, Vec<Move>)) {
    let mut group = c.benchmark_group(name);
    group.bench_function("replay", |b| {
        b.iter(|| Replay::from_moves(black_box(start.clone()), black_box(&moves)).expect("legal"))
    });
    group.bench_function("adjudicate", |b| {
        b.iter(|| {
            let replay =
                Replay::from_moves(black_box(start.clone()), black_box(&moves)).expect("legal");
            rule(&replay, Options::default())
        })
    });
    group.finish();
}

fn bench_games(c: &mut Criterion) {
    bench_game(c, "game200", game200());
    let chase = chase300();
    assert_eq!(chase.1.len(), 300);
    let ruling = rule(
        &Replay::from_moves(chase.0.clone(), &chase.1).expect("legal"),
        Options::default(),
    );
    assert_eq!(ruling.verdict, Verdict::MustChange);
    assert_eq!(ruling.violator, Some(Color::Red));
    let rep = ruling.repetition.expect("a repetition");
    assert!(matches!(rep.red.pattern, Pattern::PerpetualChase(_)));
    bench_game(c, "chase300", chase);
}

fn bench_hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    for game in hostile_games::all() {
        group.bench_function(format!("{}/adjudicate", game.name), |b| {
            b.iter(|| {
                let replay =
                    Replay::from_moves(black_box(game.start.clone()), black_box(&game.moves))
                        .expect("legal");
                rule(&replay, Options::default())
            })
        });
    }
    group.finish();
}

/// The worst cases under each rule book: game200, the hostile games and
/// `tests/data/walk1024.json` (the load script's worst game), ruled under
/// `book` (`by_book/<game>/<book>`): the CXA's mate-threat and exchange
/// searches must keep each within 15 times game200 under the same book.
fn bench_by_book(c: &mut Criterion) {
    let mut group = c.benchmark_group("by_book");
    let mut games: Vec<(String, Position, Vec<Move>)> = vec![{
        let (start, moves) = game200();
        ("game200".to_owned(), start, moves)
    }];
    let (start, moves) = game_of(include_str!("../tests/data/walk1024.json"));
    games.push(("walk1024".to_owned(), start, moves));
    for game in hostile_games::all() {
        games.push((game.name.to_owned(), game.start, game.moves));
    }
    for (name, start, moves) in &games {
        for book in RuleSet::ALL {
            group.bench_function(format!("{name}/{}", book.id()), |b| {
                b.iter(|| {
                    let replay = Replay::from_moves(black_box(start.clone()), black_box(moves))
                        .expect("legal");
                    rule_under(book, &replay, Options::for_ruleset(book))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_games,
    bench_hostile,
    bench_by_book,
    bench_perft
);
criterion_main!(benches);
