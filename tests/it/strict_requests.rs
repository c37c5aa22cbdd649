//! Strict requests and errors for people (issue 16, parts 6 and 7), against the real arbiter:
//! an unknown field is a 422 `unknown-field` naming the nearest known field, in a game alone,
//! in each game of a batch, in the batch's own object, in legal-moves and in the CLI;
//! `"strict": false` ignores unknown fields; FEN, JSON and move problems are worded as a
//! player would say them.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::app::{body_json, expect_problem, law_app, post_json, send};
use axum::http::StatusCode;
use serde_json::Value;

async fn problem(path: &str, body: &str, status: u16, slug: &str) -> Value {
    let resp = send(&law_app(), post_json(path, body.to_owned())).await;
    expect_problem(resp, status, slug).await
}

async fn ok(path: &str, body: &str) -> Value {
    let resp = send(&law_app(), post_json(path, body.to_owned())).await;
    assert_eq!(resp.status(), StatusCode::OK, "{body}");
    body_json(resp).await
}

#[tokio::test]
async fn a_misspelt_fen_is_refused_not_ruled_from_the_start() {
    // Legal from the start position too: leniency would give a 200 for the wrong position.
    let body = r#"{"FEN": "4k4/9/9/9/9/9/9/9/9/3K5 w", "moves": ["h2e2"]}"#;
    let p = problem("/v1/adjudicate", body, 422, "unknown-field").await;
    assert_eq!(p["field"], "FEN");
    assert_eq!(p["suggestion"], "fen");
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .contains("did you mean `fen`?")
    );

    let lenient = r#"{"FEN": "4k4/9/9/9/9/9/9/9/9/3K5 w", "moves": ["h2e2"], "strict": false}"#;
    assert_eq!(ok("/v1/adjudicate", lenient).await["verdict"], "none");
}

#[tokio::test]
async fn legal_moves_is_strict_too() {
    let p = problem(
        "/v1/legal-moves",
        r#"{"moves": [], "notaton": "wxf"}"#,
        422,
        "unknown-field",
    )
    .await;
    assert_eq!(p["suggestion"], "notation");
    let answer = ok(
        "/v1/legal-moves",
        r#"{"moves": [], "notaton": "wxf", "strict": false}"#,
    )
    .await;
    assert_eq!(answer["legal_moves"].as_array().unwrap().len(), 44);
}

#[tokio::test]
async fn a_batch_answers_an_unknown_field_in_that_game_only() {
    let body = r#"{"games": [{"moves": ["h2e2"]}, {"moves": ["h2e2"], "rulset": "axf"},
        {"moves": ["h2e2"], "rulset": "axf", "strict": false}]}"#;
    let results = ok("/v1/adjudicate/batch", body).await["results"].clone();
    assert_eq!(results[0]["verdict"], "none");
    assert_eq!(
        results[1]["type"],
        "https://xiangqi-arbiter.dev/problems/unknown-field"
    );
    assert_eq!(results[1]["suggestion"], "ruleset");
    assert_eq!(results[2]["verdict"], "none");

    // The batch's own object is strict, and its `strict` is its own: it does not reach games.
    let p = problem(
        "/v1/adjudicate/batch",
        r#"{"game": []}"#,
        422,
        "unknown-field",
    )
    .await;
    assert_eq!(p["suggestion"], "games");
    let body = r#"{"games": [{"moves": [], "x": 1}], "x": 1, "strict": false}"#;
    let results = ok("/v1/adjudicate/batch", body).await["results"].clone();
    assert_eq!(results[0]["field"], "x");
}

#[test]
fn the_cli_reads_with_the_same_strictness() {
    let input = concat!(
        r#"{"moves": ["h2e2"], "Notation": "iccs"}"#,
        "\n",
        r#"{"moves": ["h2e2"], "Notation": "iccs", "strict": false}"#,
        "\n"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi-arbiter"))
        .arg("adjudicate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(
        answers[0]["type"],
        "https://xiangqi-arbiter.dev/problems/unknown-field"
    );
    assert_eq!(answers[0]["suggestion"], "notation");
    assert_eq!(answers[1]["verdict"], "none");
}

#[tokio::test]
async fn fen_problems_name_groups_and_pieces_as_a_player_would() {
    let body = r#"{"fen": "4k4/9/9/9/9/9/9/9/3A5/RRR1K4 w", "moves": []}"#;
    let p = problem("/v1/adjudicate", body, 422, "invalid-fen").await;
    let messages: Vec<&str> = p["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap())
        .collect();
    assert!(
        messages.contains(&"three red rooks: at most two are allowed"),
        "{messages:?}"
    );
    assert!(
        messages.contains(&"the red advisor on d1 (the 9th group) is off the palace diagonals"),
        "{messages:?}"
    );

    // The 4th group, counted from the left, as the FEN writes it.
    let body = r#"{"fen": "4k4/9/9/p1p1p1p1p1/9/9/9/9/9/4K4 w", "moves": []}"#;
    let p = problem("/v1/adjudicate", body, 422, "invalid-fen").await;
    assert_eq!(
        p["problems"][0]["message"],
        "the 4th group, \"p1p1p1p1p1\", covers more than 9 points"
    );
}

#[tokio::test]
async fn malformed_json_says_what_was_expected_and_where() {
    let p = problem(
        "/v1/adjudicate",
        "{\"moves\": [\"h2e2\"\n  \"h9g7\"]}",
        400,
        "malformed-json",
    )
    .await;
    assert_eq!(
        p["detail"],
        "the body is not valid JSON: expected `,` before the next item of the array, or `]` to \
         close it (line 2, column 3)"
    );
    let p = problem("/v1/adjudicate", "{\"moves\": [", 400, "malformed-json").await;
    let detail = p["detail"].as_str().unwrap();
    assert!(detail.contains("ends inside an array"), "{detail}");
    let p = problem("/v1/adjudicate", "", 400, "malformed-json").await;
    assert_eq!(p["detail"], "the body is empty: expected a JSON object");
}

#[tokio::test]
async fn move_problems_quote_the_move_once_and_carry_a_code_and_a_message() {
    let p = problem(
        "/v1/adjudicate",
        r#"{"moves": ["h2e2", "z9z8"]}"#,
        422,
        "unparsable-move",
    )
    .await;
    let detail = p["detail"].as_str().unwrap();
    assert_eq!(detail.matches("z9z8").count(), 1, "{detail}");
    assert_eq!(p["code"], "syntax");
    assert_eq!(p["code"], p["kind"]);
    let message = p["message"].as_str().unwrap();
    assert!(
        !message.contains("z9z8") && message.starts_with("expected"),
        "{message}"
    );

    let p = problem(
        "/v1/adjudicate",
        r#"{"moves": ["h2e2", "h7h0"]}"#,
        422,
        "illegal-move",
    )
    .await;
    let detail = p["detail"].as_str().unwrap();
    assert_eq!(detail.matches("h7h0").count(), 1, "{detail}");
    assert_eq!(p["code"], "cannon_needs_one_screen");
    assert_eq!(p["code"], p["reason"]);
    assert!(detail.ends_with(p["message"].as_str().unwrap()), "{p}");
}
