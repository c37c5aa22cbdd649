//! Records of many games (issue 32): the CLI rules every game of a file or a stream, one line
//! per game in order, a problem line for a game it cannot read, a progress bar on standard
//! error only when it is a terminal, and a summary at the end; `POST /v1/adjudicate/batch`
//! takes such a record as its body and answers the same items.

use std::process::{Command, Output};

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::{Value, json};
use xiangqi_arbiter::api::upload::{GameOptions, RecordUpload};

use crate::common::app::{body_json, expect_problem, law_app, send};
use crate::common::cli::{BIN, run};

/// A perpetual chase: Red's rook chases the cannon; Red loses at ply 9.
const CHASE: &str = "[Event \"chase\"]\n[FEN \"4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\
                     [Format \"ICCS\"]\n1. b0a0 a7b7 2. a0b0 b7a7 3. b0a0 a7b7 4. a0b0 b7a7 5. b0a0 0-1\n";

/// Three games: a chase, a game with an illegal move, and a short game without a result, the
/// next tag section ending it.
fn three_games() -> String {
    format!(
        "{CHASE}\n[Event \"illegal\"]\n[Format \"ICCS\"]\n1. h2e2 h9g7\n2. b0b5 *\n\n\
         [Event \"short\"]\n[Red \"Hồ Vinh Hoa\"]\n1. h2e2 h9g7\n[Event \"after\"]\n1. b0c2\n"
    )
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn kind(answer: &Value) -> &str {
    answer["type"]
        .as_str()
        .and_then(|t| t.rsplit('/').next())
        .unwrap_or("ruling")
}

/// `text` in a fresh file named `name`: its path.
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("xa-multigame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn every_game_of_a_file_is_ruled_in_order_and_a_bad_one_is_its_problem() {
    let path = file("three.pgn", &three_games());
    for out in [
        run(&["adjudicate", &path], ""),
        run(&["adjudicate"], &three_games()),
    ] {
        let got = lines(&out);
        let summary: Vec<(u64, &str, &str)> = got
            .iter()
            .map(|a| {
                (
                    a["index"].as_u64().unwrap(),
                    a["tags"]["Event"].as_str().unwrap_or(""),
                    kind(a),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (1, "chase", "ruling"),
                (2, "illegal", "illegal-move"),
                (3, "short", "ruling"),
                (4, "after", "ruling")
            ]
        );
        assert_eq!(
            (got[0]["verdict"].as_str(), got[0]["violator"].as_str()),
            (Some("loss"), Some("red"))
        );
        assert_eq!(got[0]["record_encoding"], "utf-8");
        assert_eq!(got[2]["tags"]["Red"], "Hồ Vinh Hoa");
        // The bad move is told by its line in the file.
        assert_eq!(got[1]["line"], 9, "{}", got[1]);
        // A problem: exit status 1; the summary on standard error, and only it when piped.
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "4 games, 1 repetition; verdicts: none 2, must_change 0, loss 1, draw 0; 1 unreadable\n"
        );
    }
}

#[test]
fn a_one_game_file_is_one_line_with_its_index_and_tags() {
    let out = run(&["adjudicate"], CHASE);
    let got = lines(&out);
    assert_eq!(got.len(), 1);
    assert_eq!(
        (got[0]["index"].as_u64(), got[0]["tags"]["Event"].as_str()),
        (Some(1), Some("chase"))
    );
    assert_eq!(got[0]["verdict"], "loss");
    assert_eq!(out.status.code(), Some(0));
    // A game without tags has an empty object of them.
    let out = run(&["adjudicate"], "1. h2e2 h9g7\n");
    assert_eq!(lines(&out)[0]["tags"], serde_json::json!({}));
}

#[test]
fn the_cli_reads_a_record_of_any_size() {
    // Over the HTTP API's 256 KiB body and 128 KiB record: a game with a long comment, and
    // games enough to pass it.
    let comment = format!("{{{}}}", "chú thích ".repeat(30_000));
    let long = format!("[Event \"long\"]\n1. h2e2 {comment} h9g7 *\n");
    let many = "[Event \"x\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n".repeat(8_000);
    let path = file("large.pgn", &format!("{long}{many}"));
    assert!(std::fs::metadata(&path).unwrap().len() > 512 * 1024);
    let out = run(&["adjudicate", &path], "");
    let got = lines(&out);
    assert_eq!(got.len(), 8_001);
    assert!(got.iter().all(|a| kind(a) == "ruling"), "{}", got[0]);
    assert_eq!(got[8_000]["index"], 8_001);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_record_that_does_not_decode_is_one_problem_line() {
    let out = run(
        &["adjudicate", "--charset", "klingon"],
        "1. h2e2 *\n1. h2e2 *\n",
    );
    let got = lines(&out);
    assert_eq!(got.len(), 1);
    assert_eq!(kind(&got[0]), "unsupported-charset");
    assert!(got[0].get("index").is_none());
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_progress_bar_is_drawn_under_a_terminal_and_not_through_a_pipe() {
    let games = "[Event \"x\"]\n1. h2e2 h9g7 *\n".repeat(3_000);
    let path = file("bar.pgn", &games);
    let out_path = format!("{path}.out");
    // `script` runs the command under a pseudo-terminal and copies what it writes there (its
    // standard error; standard output goes to a file) to its own standard output.
    let shell = format!("{BIN} adjudicate {path} > {out_path}");
    let under_tty = Command::new("script")
        .args(["-qec", &shell, "/dev/null"])
        .output()
        .expect("script(1) runs");
    assert!(under_tty.status.success(), "{under_tty:?}");
    let terminal = String::from_utf8_lossy(&under_tty.stdout);
    assert!(terminal.contains("/3000 games"), "{terminal:?}");
    assert!(
        terminal.contains("3000 games, 0 repetitions"),
        "{terminal:?}"
    );
    let answered = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(answered.lines().count(), 3_000);
    // Piped: the summary alone.
    let piped = run(&["adjudicate", &path], "");
    assert_eq!(
        String::from_utf8_lossy(&piped.stderr),
        "3000 games, 0 repetitions; verdicts: none 3000, must_change 0, loss 0, draw 0; 0 unreadable\n"
    );
    assert_eq!(piped.stdout, answered.as_bytes());
}

async fn post_record(uri: &str, body: impl Into<Vec<u8>>) -> axum::response::Response {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(body.into()))
        .unwrap();
    send(&law_app(), req).await
}

fn spec() -> Value {
    serde_norway::from_str(&std::fs::read_to_string("openapi.yaml").unwrap()).unwrap()
}

#[tokio::test]
async fn the_batch_route_rules_a_record_of_many_games_as_the_spec_shows() {
    let spec = spec();
    let op = &spec["paths"]["/v1/adjudicate/batch"]["post"];
    let record = op
        .pointer("/requestBody/content/text~1plain/examples/two_games/value")
        .and_then(Value::as_str)
        .expect("the record example");
    let want = &op
        .pointer("/responses/200/content/application~1json/examples/two_games/value")
        .expect("its answer");
    // README's example sends the same file.
    assert_eq!(
        std::fs::read_to_string("tests/data/multigame/two_games.pgn").unwrap(),
        record
    );
    let resp = post_record("/v1/adjudicate/batch", record).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(&body_json(resp).await, *want);
    // The CLI's lines are the same items.
    let out = run(&["adjudicate"], record);
    assert_eq!(&json!({ "results": lines(&out) }), *want);
}

#[tokio::test]
async fn a_record_batch_takes_the_query_options_and_the_batch_limit() {
    let resp = post_record(
        "/v1/adjudicate/batch?lang=zh&moves_read=true",
        three_games(),
    )
    .await;
    assert_eq!(resp.status(), 200);
    let got = body_json(resp).await;
    let results = got["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    assert_eq!(results[0]["explanation"].as_object().unwrap().len(), 1);
    assert!(results[0]["explanation"]["zh"].is_string());
    assert_eq!(results[0]["moves_read"].as_array().unwrap().len(), 9);
    assert_eq!(results[1]["line"], 9);
    assert_eq!(results[3]["tags"]["Event"], "after");
    // More games than a batch may hold.
    let many = "1. h2e2 *\n".repeat(257);
    let p = expect_problem(
        post_record("/v1/adjudicate/batch", many).await,
        422,
        "too-many-games",
    )
    .await;
    assert_eq!(
        (p["count"].as_u64(), p["limit"].as_u64()),
        (Some(257), Some(256))
    );
    // A parameter the route does not know, before the body is read.
    let p = expect_problem(
        post_record("/v1/adjudicate/batch?Ruleset=axf", "1. h2e2").await,
        400,
        "invalid-parameter",
    )
    .await;
    assert_eq!(p["parameter"], "Ruleset");
    // JSON sent as a record.
    expect_problem(
        post_record("/v1/adjudicate/batch", r#"{"games": []}"#).await,
        415,
        "unsupported-media-type",
    )
    .await;
}

/// Every sample of `tests/data/records/` holds one game, and is cut as one: its header lines,
/// result tags, `RESULT` lines, comments and blocks end no game early.
#[test]
fn every_one_game_sample_is_one_game() {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the records folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut found = Vec::new();
    files(std::path::Path::new("tests/data/records"), &mut found);
    found.retain(|p| {
        let name = p.file_name().unwrap().to_string_lossy();
        !name.ends_with(".md") && !name.ends_with(".py") && !name.starts_with('.')
    });
    assert!(found.len() >= 30, "{found:?}");
    for path in found {
        let upload = RecordUpload {
            bytes: std::fs::read(&path).unwrap(),
            charset: None,
            options: GameOptions::default(),
        };
        let games = upload.games().expect("a record").split().len();
        assert_eq!(games, 1, "{}", path.display());
    }
}

/// A file of several games as each source writes them (`tests/data/multigame/README.md`):
/// two DhtmlXQ boards on one page, two PlayOK game files one after the other. Each game is
/// cut at its block or its `FORMAT` line and gets the ruling of the same game sent alone.
#[test]
fn every_many_game_sample_is_cut_into_the_games_it_holds() {
    let ruling = |a: &Value| {
        (
            a["verdict"].clone(),
            a["violator"].clone(),
            a["position"]["plies"].clone(),
        )
    };
    let alone = |path: &str| ruling(&lines(&run(&["adjudicate", path], ""))[0]);
    for (file, games) in [
        (
            "tests/data/multigame/two_dhtmlxq.html",
            vec![
                alone("tests/data/records/E3_plus_mirrored_dhtmlxq.html"),
                alone("tests/data/records/game200_dhtmlxq.txt"),
            ],
        ),
        (
            "tests/data/multigame/two_playok_wxf.txt",
            vec![
                alone("tests/data/records/game200_playok_wxf.txt"),
                (json!("none"), Value::Null, json!(4)),
            ],
        ),
    ] {
        let got = lines(&run(&["adjudicate", file], ""));
        assert_eq!(got.len(), games.len(), "{file}");
        for (i, (a, want)) in got.iter().zip(&games).enumerate() {
            assert_eq!(a["index"], json!(i + 1), "{file}");
            assert_eq!(&ruling(a), want, "{file}, game {}", i + 1);
        }
        assert_ne!(games[0], games[1], "{file}: two different games");
    }
}
