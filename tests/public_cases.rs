//! Every case of `tests/data/public.json` (from the shared adjudication set).

use serde_json::Value;
use xiangqi_arbiter::adjudication::{Options, Replay, rule};
use xiangqi_arbiter::xiangqi::{Move, Position, Square};

fn iccs(text: &str) -> Move {
    let from = Square::from_iccs(&text[..2]).expect("from square");
    let to = Square::from_iccs(&text[2..]).expect("to square");
    Move::new(from, to)
}

#[test]
fn public_cases_get_the_expected_verdict() {
    let data: Value = serde_json::from_str(include_str!("data/public.json")).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let start = Position::from_fen(case["fen"].as_str().unwrap()).expect("legal start");
        let moves: Vec<Move> = case["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| iccs(m.as_str().unwrap()))
            .collect();
        let replay = Replay::from_moves(start, &moves).expect("legal moves");
        let ruling = rule(&replay, Options::default());
        let expect = &case["expect"];
        let violator = ruling.violator.map(|c| c.name().to_string());
        let refs: Vec<&str> = ruling.articles.iter().map(|a| a.reference).collect();
        let ok = ruling.verdict.code() == expect["verdict"].as_str().unwrap()
            && violator.as_deref() == expect["violator"].as_str()
            && expect["articles_include"]
                .as_array()
                .unwrap()
                .iter()
                .all(|r| refs.contains(&r.as_str().unwrap()));
        if !ok {
            failures.push(format!(
                "{id}: got {} {:?} {:?}\n  {}\n  expected {}",
                ruling.verdict.code(),
                violator,
                refs,
                ruling.explanation.en,
                expect
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
