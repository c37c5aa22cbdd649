//! `"moves_read": true` (issue 32): the answer lists every ply as read, its number and side on
//! the score sheet, its text as written and its ICCS; without it the answer is as it was.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::{Value, json};

use crate::common::app::{body_json, law_app, post_json, send};

async fn adjudicate(body: Value) -> Value {
    let resp = send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(resp.status(), 200);
    body_json(resp).await
}

/// `(number, side, text, iccs)` of each ply read.
fn plies(answer: &Value) -> Vec<(u64, String, String, String)> {
    answer["moves_read"]
        .as_array()
        .expect("moves_read")
        .iter()
        .map(|m| {
            (
                m["number"].as_u64().unwrap(),
                m["side"].as_str().unwrap().to_owned(),
                m["text"].as_str().unwrap().to_owned(),
                m["iccs"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn ply(number: u64, side: &str, text: &str, iccs: &str) -> (u64, String, String, String) {
    (number, side.to_owned(), text.to_owned(), iccs.to_owned())
}

#[tokio::test]
async fn a_moves_list_is_listed_as_sent_numbered_from_the_fen() {
    // Black to move at move 12: Black's 12th, then Red's 13th.
    let fen = "4k4/9/c8/9/9/9/9/9/9/1R1K5 b - - 0 12";
    let answer = adjudicate(json!({
        "fen": fen, "moves": ["C1=2", "R8=9", "C2=1"], "notation": "wxf", "moves_read": true
    }))
    .await;
    assert_eq!(
        plies(&answer),
        [
            ply(12, "black", "C1=2", "a7b7"),
            ply(13, "red", "R8=9", "b0a0"),
            ply(13, "black", "C2=1", "b7a7"),
        ]
    );
}

#[tokio::test]
async fn a_record_is_listed_as_written() {
    let game = "[Format \"Chinese\"]\n1. 炮二平五 马８进７\n2. 马二进三\n";
    let answer = adjudicate(json!({ "game": game, "moves_read": true })).await;
    assert_eq!(
        plies(&answer),
        [
            ply(1, "red", "炮二平五", "h2e2"),
            ply(1, "black", "马８进７", "h9g7"),
            ply(2, "red", "马二进三", "h0g2"),
        ]
    );
    // The same record as the body, asked in the query.
    let req = Request::post("/v1/adjudicate?moves_read=true")
        .header(header::CONTENT_TYPE, "application/x-chess-pgn")
        .body(Body::from(game))
        .unwrap();
    let resp = send(&law_app(), req).await;
    assert_eq!(resp.status(), 200);
    let raw = body_json(resp).await;
    assert_eq!(raw["moves_read"], answer["moves_read"]);
}

#[tokio::test]
async fn without_it_the_answer_is_as_before() {
    let moves = json!(["h2e2", "h9g7"]);
    let plain = adjudicate(json!({ "moves": moves })).await;
    assert!(plain.get("moves_read").is_none());
    for off in [json!(false), Value::Null] {
        let answer = adjudicate(json!({ "moves": moves, "moves_read": off })).await;
        assert_eq!(answer, plain);
    }
    // An empty game reads no move.
    let answer = adjudicate(json!({ "moves": [], "moves_read": true })).await;
    assert_eq!(answer["moves_read"], json!([]));
    // The query's value is checked as a boolean.
    let req = Request::post("/v1/adjudicate?moves_read=yes")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("1. h2e2"))
        .unwrap();
    assert_eq!(send(&law_app(), req).await.status(), 400);
}

#[tokio::test]
async fn each_ply_is_named_in_each_languages_notation() {
    // Issue 33, item 1: the desk shows the game in its reader's notation (WXF in English, VN in
    // Vietnamese, Chinese in Chinese), whatever notation the record was written in.
    let answer = adjudicate(json!({
        "game": "1. P2-5 M8.7\n2. M2.3",
        "moves_read": true,
    }))
    .await;
    let names: Vec<(&str, &str, &str, &str)> = answer["moves_read"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["iccs"].as_str().unwrap(),
                m["wxf"].as_str().unwrap(),
                m["vn"].as_str().unwrap(),
                m["chinese"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("h2e2", "C2=5", "P2-5", "炮二平五"),
            ("h9g7", "H8+7", "M8.7", "马８进７"),
            ("h0g2", "H2+3", "M2.3", "马二进三"),
        ]
    );
}
