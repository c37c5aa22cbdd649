//! Game records through the API (issue 16): the `game` field takes a PGN record, a numbered
//! score sheet or DhtmlXQ blocks instead of `moves`; the same game gets the same ruling
//! whatever its form, and a problem in a record says where in the record it is.

use crate::common::app::{body_json, expect_problem, law_app, post_json, send};
use serde_json::{Value, json};

async fn post(body: Value) -> axum::response::Response {
    send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await
}

async fn ruling(body: Value) -> (Value, Value, Value) {
    let resp = post(body).await;
    assert_eq!(resp.status(), 200);
    let a = body_json(resp).await;
    (
        a["verdict"].clone(),
        a["violator"].clone(),
        a["articles"].clone(),
    )
}

#[tokio::test]
async fn the_same_game_in_every_form_gets_the_same_ruling() {
    let game200: Value =
        serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON");
    let expected = ruling(json!({ "fen": game200["fen"], "moves": game200["moves"] })).await;
    for file in [
        "game200_iccs.pgn",
        "game200_wxf.pgn",
        "game200_chinese.pgn",
        "game200_dhtmlxq.txt",
    ] {
        let text = std::fs::read_to_string(format!("tests/data/records/{file}")).unwrap();
        assert_eq!(ruling(json!({ "game": text })).await, expected, "{file}");
    }
    // The numbered Vietnamese sheet has no tags: the start comes from `fen`, the notation is
    // detected.
    let sheet = std::fs::read_to_string("tests/data/records/game200_vn_sheet.txt").unwrap();
    let answer = ruling(json!({ "game": sheet, "fen": game200["fen"] })).await;
    assert_eq!(answer, expected);
}

#[tokio::test]
async fn a_perpetual_chase_written_as_a_wxf_score_sheet_is_ruled() {
    let body = json!({
        "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "game": "1. R8=9 C1=2 2. R9=8 C2=1\n3. R8=9 C1=2 4. R9=8 C2=1",
    });
    let resp = post(body).await;
    assert_eq!(resp.status(), 200);
    let a = body_json(resp).await;
    assert_eq!(
        (a["verdict"].as_str(), a["violator"].as_str()),
        (Some("must_change"), Some("red"))
    );
    // The cycle audit quotes the moves as the record writes them.
    assert_eq!(a["repetition"]["cycle"][0]["move"], "R8=9", "{a}");
}

#[tokio::test]
async fn problems_point_into_the_record() {
    const FEN: &str = "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1";
    // An illegal move: the move's own problem, with its line and column.
    let p = expect_problem(
        post(json!({ "fen": FEN, "game": "1. b0a0 a7b7\n2. a0b0 b7a9", "notation": "iccs" })).await,
        422,
        "illegal-move",
    )
    .await;
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64(), p["ply"].as_u64()),
        (Some(2), Some(9), Some(4)),
        "{p}"
    );
    // A record that does not read.
    let p = expect_problem(
        post(json!({ "game": "1. h2e2 {never closed" })).await,
        422,
        "invalid-record",
    )
    .await;
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(1), Some(9)),
        "{p}"
    );
    // No notation reads every move: each is named with the move it stops at.
    let p = expect_problem(
        post(json!({ "game": "1. h2e2 zz" })).await,
        422,
        "invalid-record",
    )
    .await;
    let detail = p["detail"].as_str().unwrap();
    assert!(
        detail.contains("ICCS stops at \"zz\" (line 1, column 9)"),
        "{detail}"
    );
    // Moves twice, and two different starts, are refused.
    expect_problem(
        post(json!({ "game": "1. h2e2", "moves": ["h2e2"] })).await,
        422,
        "invalid-request",
    )
    .await;
    let pgn = format!("[FEN \"{FEN}\"]\n1. b0a0");
    expect_problem(
        post(json!({ "game": pgn, "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" })).await,
        422,
        "invalid-request",
    )
    .await;
}

#[tokio::test]
async fn a_spelled_out_move_that_is_not_one_is_worded_in_every_language() {
    for (lang, words) in [
        ("en", "is not a move spelled out in Vietnamese"),
        ("vi", "không phải nước đi viết bằng chữ"),
        ("zh", "不是用越南文写出的着法"),
    ] {
        let p = expect_problem(
            post(json!({ "game": "1. Pháo 2 bình, Mã 8 tấn 7", "lang": lang })).await,
            422,
            "invalid-record",
        )
        .await;
        let detail = p["detail"].as_str().expect("a detail");
        assert!(
            detail.contains("Pháo 2 bình Mã") && detail.contains(words),
            "{detail}"
        );
        assert_eq!(
            (p["line"].as_u64(), p["column"].as_u64()),
            (Some(1), Some(4))
        );
    }
}
