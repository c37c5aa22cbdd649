use xiangqi_arbiter::adjudication::{Options, Replay, rule};
use xiangqi_arbiter::xiangqi::{Move, Position, Square};
fn main() {
    let v: serde_json::Value = serde_json::from_str(include_str!("../tests/data/game200.json")).unwrap();
    let start = Position::from_fen(v["fen"].as_str().unwrap()).unwrap();
    let moves: Vec<Move> = v["moves"].as_array().unwrap().iter().map(|m| { let m = m.as_str().unwrap(); Move::new(Square::from_iccs(&m[..2]).unwrap(), Square::from_iccs(&m[2..]).unwrap()) }).collect();
    let replay = Replay::from_moves(start, &moves).unwrap();
    println!("{} plies; last {}", moves.len(), replay.last());
    let t = std::time::Instant::now();
    let mut r = None;
    for _ in 0..20 { r = Some(rule(&Replay::from_moves(replay.start().clone(), &moves).unwrap(), Options::default())); }
    println!("{:?} per adjudication", t.elapsed() / 20);
    let t = std::time::Instant::now();
    for _ in 0..20 { std::hint::black_box(Replay::from_moves(replay.start().clone(), &moves).unwrap()); }
    println!("{:?} per replay", t.elapsed() / 20);
    let r = r.unwrap();
    println!("{} {:?} {:?}\n{}\n{}", r.verdict.code(), r.violator, r.articles.iter().map(|a| a.reference).collect::<Vec<_>>(), r.explanation.en, r.explanation.vi);
}
