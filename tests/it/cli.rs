//! The command line as a user runs it: the built binary, its standard input, output and exit
//! status (issue 16, part 8). Waits are bounded so that a hang fails the test instead of
//! stalling it; nothing asserts on time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use crate::common::app::{body_bytes, law_app, post_json, send};
use crate::common::cli::{BIN, run};
use serde_json::{Value, json};

/// How long a test waits for one answer before failing: a guard against hangs, not a speed
/// check.
const PATIENCE: Duration = Duration::from_secs(60);
/// A perpetual chase: Red's rook chases the cannon; the third occurrence at ply 8.
const CHASE_FEN: &str = "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1";

/// The answers of a run, one JSON value per line.
fn answers(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn kind(answer: &Value) -> &str {
    answer["type"]
        .as_str()
        .and_then(|t| t.rsplit('/').next())
        .unwrap_or("ruling")
}

fn game200() -> Value {
    serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON")
}

/// The binary with piped standard input and output, read line by line on a thread.
struct Conversation {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Conversation {
    fn start(args: &[&str]) -> Conversation {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Conversation {
            child,
            stdin,
            lines,
        }
    }

    fn say(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn hear(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(PATIENCE)
            .expect("an answer to the line just written, before any more input");
        serde_json::from_str(&line).unwrap()
    }

    fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        assert!(
            self.lines.recv_timeout(PATIENCE).is_err(),
            "no more answers"
        );
        status.code().unwrap()
    }
}

#[test]
fn each_line_is_answered_before_the_next_is_written() {
    let mut cli = Conversation::start(&["adjudicate"]);
    cli.say(r#"{"moves": ["h2e2", "h9g7"]}"#);
    let first = cli.hear();
    assert_eq!(first["position"]["plies"], 2, "{first}");
    // Only now is the second line written: the first answer did not wait for it, nor for the
    // end of the input.
    cli.say(&json!({ "fen": CHASE_FEN, "moves": ["b0a0", "a7b7", "a0b0", "b7a7", "b0a0", "a7b7", "a0b0", "b7a7"] }).to_string());
    let second = cli.hear();
    assert_eq!(second["verdict"], "must_change", "{second}");
    assert_eq!(cli.finish(), 0);

    let mut cli = Conversation::start(&["legal-moves"]);
    cli.say(r#"{"moves": ["h2e2"]}"#);
    assert_eq!(cli.hear()["position"]["plies"], 1);
    cli.say("not json");
    assert_eq!(kind(&cli.hear()), "malformed-json");
    assert_eq!(cli.finish(), 1);
}

#[test]
fn a_bad_line_is_answered_with_its_problem_and_reading_goes_on() {
    let input = [
        r#"{"moves": ["h2e2"]}"#,
        "this is not JSON",
        r#"{"moves": ["h2e2", "#, // cut short: the next line starts a new value
        r#"{"moves": ["e3e5"]}"#,
        r#"{"moves": "h2e2"}"#,
        r#"{"moves": ["h2e2"]} trailing words"#,
        "",
        r#"{"games": [{"moves": ["h2e2"]}, {"moves": ["e3e5"]}]}"#,
    ]
    .join("\n");
    let out = run(&["adjudicate"], &input);
    let kinds: Vec<String> = answers(&out).iter().map(|a| kind(a).to_owned()).collect();
    assert_eq!(
        kinds,
        [
            "ruling",
            "malformed-json",
            "malformed-json",
            "illegal-move",
            "malformed-json",
            "ruling",
            "malformed-json",
            "ruling", // the batch; its bad game is an inline problem
        ],
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(code(&out), 1);

    // One document over many lines is still one value.
    let pretty = serde_json::to_string_pretty(&json!({ "moves": ["h2e2", "h9g7"] })).unwrap();
    let out = run(&["adjudicate"], &pretty);
    assert_eq!(answers(&out).len(), 1);
    assert_eq!(code(&out), 0);
}

#[test]
fn a_record_file_gets_the_ruling_of_its_moves() {
    let g = game200();
    let moves = run(
        &["adjudicate"],
        &json!({ "fen": g["fen"], "moves": g["moves"] }).to_string(),
    );
    let expected = &answers(&moves)[0];
    let ruling = |a: &Value| {
        (
            a["verdict"].clone(),
            a["violator"].clone(),
            a["articles"].clone(),
            a["position"]["fen"].clone(),
        )
    };
    assert_eq!(expected["verdict"], "draw", "{expected}");
    for file in [
        "game200_iccs.pgn",
        "game200_wxf.pgn",
        "game200_chinese.pgn",
        "game200_dhtmlxq.txt",
    ] {
        let path = format!("tests/data/records/{file}");
        let out = run(&["adjudicate", &path], "");
        assert_eq!(
            code(&out),
            0,
            "{file}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        let got = answers(&out);
        assert_eq!(got.len(), 1, "{file}: one record, one answer");
        assert_eq!(ruling(&got[0]), ruling(expected), "{file}");
    }
    // A record on standard input, too.
    let pgn = std::fs::read_to_string("tests/data/records/game200_wxf.pgn").unwrap();
    let out = run(&["adjudicate", "-"], &pgn);
    assert_eq!(ruling(&answers(&out)[0]), ruling(expected));

    // The Vietnamese sheet has no tags: --fen gives its start, --notation its notation.
    let sheet = "tests/data/records/game200_vn_sheet.txt";
    let fen = g["fen"].as_str().unwrap();
    let out = run(&["adjudicate", sheet, "--fen", fen, "--notation", "vn"], "");
    assert_eq!(ruling(&answers(&out)[0]), ruling(expected));
    // A problem in a record points into the file.
    let out = run(
        &["adjudicate", "--fen", CHASE_FEN, "--notation", "iccs"],
        "1. b0a0 a7b7\n2. a0b0 b7a9\n",
    );
    let p = &answers(&out)[0];
    assert_eq!(kind(p), "illegal-move", "{p}");
    assert_eq!((p["line"].as_u64(), p["ply"].as_u64()), (Some(2), Some(4)));
    assert_eq!(code(&out), 1);
}

#[test]
fn flags_fill_the_fields_a_request_does_not_set() {
    let chase = [
        "R8=9", "C1=2", "R9=8", "C2=1", "R8=9", "C1=2", "R9=8", "C2=1",
    ];
    let flags = ["adjudicate", "--fen", CHASE_FEN, "--notation", "wxf"];
    // Filled from the flags: the chase position, moves in WXF.
    let out = run(&flags, &json!({ "moves": chase }).to_string());
    let a = &answers(&out)[0];
    assert_eq!(
        (a["verdict"].as_str(), a["violator"].as_str()),
        (Some("must_change"), Some("red")),
        "{a}"
    );
    assert_eq!(a["repetition"]["cycle"][0]["move"], "R8=9");
    // The request's own fields win over the flags.
    let own = json!({ "fen": null, "notation": "iccs", "moves": ["h2e2", "h9g7"] });
    let a = &answers(&run(&flags, &own.to_string()))[0];
    assert_eq!(a["position"]["plies"], 2, "{a}");
    assert_eq!(a["verdict"], "none");
    // In a batch, each game is filled.
    let batch = json!({ "games": [{ "moves": chase }, { "moves": ["h2e2"], "fen": null, "notation": "iccs" }] });
    let a = &answers(&run(&flags, &batch.to_string()))[0];
    assert_eq!(a["results"][0]["verdict"], "must_change", "{a}");
    assert_eq!(a["results"][1]["position"]["plies"], 1, "{a}");
    // --lang is sent as `lang`; the request is still answered.
    let out = run(&["adjudicate", "--lang", "en"], r#"{"moves": ["h2e2"]}"#);
    assert_eq!(kind(&answers(&out)[0]), "ruling");

    // legal-moves takes --fen and --notation.
    let out = run(
        &["legal-moves", "--fen", CHASE_FEN, "--notation", "wxf"],
        r#"{"moves": ["R8=9"]}"#,
    );
    let a = &answers(&out)[0];
    assert_eq!(
        a["position"]["fen"], "4k4/9/c8/9/9/9/9/9/9/R2K5 b - - 1 1",
        "{a}"
    );
    assert_eq!(code(&out), 0);
    // --lang is not a legal-moves flag: a usage error.
    assert_eq!(code(&run(&["legal-moves", "--lang", "en"], "")), 2);
}

#[test]
fn lang_words_problems_too() {
    let illegal = r#"{"moves": ["h2e2", "h9g7", "b0b5"]}"#;
    let own = r#"{"moves": ["h2e2", "h9g7", "b0b5"], "lang": "zh"}"#;
    let input = format!("{illegal}\n{own}\nnot json\n");
    let out = run(&["adjudicate", "--lang", "vi"], &input);
    let a = answers(&out);
    // --lang fills `lang`: the problem is in Vietnamese.
    assert_eq!(
        a[0]["detail"],
        "lượt 3 (nước thứ 2 của Đỏ): nước đi \"b0b5\" không hợp lệ: quân này không đi được như vậy"
    );
    // A request's own `lang` wins.
    assert_eq!(
        a[1]["detail"],
        "第3步（红方第2着）：着法\"b0b5\"不合规则：该棋子不能这样走"
    );
    assert_eq!(kind(&a[2]), "malformed-json");
    // A record file's problem follows --lang as well; without it, English.
    let record = "[Format \"ICCS\"]\n1. h2e2 h9g7\n2. b0b5\n";
    let a = &answers(&run(&["adjudicate", "--lang", "zh"], record))[0];
    assert_eq!(
        a["detail"],
        "棋谱第3行第4列：第3步（红方第2着）：着法\"b0b5\"不合规则：该棋子不能这样走"
    );
    let a = &answers(&run(&["adjudicate"], record))[0];
    assert_eq!(
        a["detail"],
        "line 3, column 4 of the game record: ply 3 (move 2, red): illegal move \"b0b5\": the piece cannot move that way"
    );
}

#[test]
fn exit_codes_are_distinct_and_documented() {
    // 0: every answer a ruling.
    assert_eq!(code(&run(&["adjudicate"], r#"{"moves": ["h2e2"]}"#)), 0);
    // 1: some answers were problems.
    assert_eq!(code(&run(&["adjudicate"], r#"{"moves": ["e3e5"]}"#)), 1);
    assert_eq!(code(&run(&["legal-moves"], "[")), 1);
    assert_eq!(code(&run(&["perft", "--fen", "x", "--depth", "1"], "")), 1);
    // 2: usage errors.
    assert_eq!(code(&run(&["adjudicate", "--no-such-flag"], "")), 2);
    assert_eq!(code(&run(&["perft"], "")), 2);
    // 3: I/O errors, an unreadable input...
    let out = run(&["adjudicate", "tests/data/records/no_such_file.pgn"], "");
    assert_eq!(code(&out), 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no_such_file.pgn"));
    assert_eq!(code(&run(&["legal-moves", "tests/data"], "")), 3);
    // ... or a standard output nobody reads any more.
    let mut child = Command::new(BIN)
        .arg("adjudicate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // Answers well beyond a pipe's buffer: another test's child forked at this moment holds
    // a copy of the closed read end until it execs (the engine's tests spawn many), and the
    // first answers may fit in the pipe meanwhile; later ones cannot.
    let _ = stdin.write_all(&b"{\"moves\": [\"h2e2\"]}\n".repeat(20_000));
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(3));

    // --help states them.
    for command in ["adjudicate", "legal-moves", "perft"] {
        let help = run(&[command, "--help"], "");
        assert_eq!(code(&help), 0);
        let text = String::from_utf8(help.stdout).unwrap();
        for line in [
            "Exit status:",
            "  0  ",
            "  1  ",
            "  2  usage error",
            "  3  I/O error",
        ] {
            assert!(
                text.contains(line),
                "{command} --help lacks {line:?}:\n{text}"
            );
        }
    }
}

#[tokio::test]
async fn answers_are_byte_for_byte_the_http_answers() {
    let g = game200();
    let bodies = [
        json!({ "fen": g["fen"], "moves": g["moves"] }),
        json!({ "moves": ["h2e2", "h9g7", "e2e4"] }),
        json!({ "games": [{ "moves": ["h2e2"] }, { "moves": ["e3e5"] }] }),
    ];
    let app = law_app();
    for body in bodies {
        let uri = if body.get("games").is_some() {
            "/v1/adjudicate/batch"
        } else {
            "/v1/adjudicate"
        };
        let http = body_bytes(send(&app, post_json(uri, body.to_string())).await).await;
        let out = run(&["adjudicate"], &body.to_string());
        let line = out.stdout.strip_suffix(b"\n").expect("one line");
        // Same bytes: the same keys in the same order (not sorted), the same values.
        assert_eq!(
            String::from_utf8_lossy(line),
            String::from_utf8_lossy(&http),
            "{uri}"
        );
    }
    // The top-level keys of a ruling come in the struct's order, not sorted.
    let out = run(&["adjudicate"], r#"{"moves": ["h2e2"]}"#);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(r#"{"verdict":"#), "{text}");
}

#[test]
fn json_that_is_not_utf8_is_a_problem_and_a_record_is_read_in_its_encoding() {
    // A JSON line with a byte that is not UTF-8: its problem, then the next line.
    let mut child = Command::new(BIN)
        .arg("adjudicate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"{\"moves\": [\"h2e2\xff\"]}\n{\"moves\": [\"h2e2\"]}\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let kinds: Vec<String> = answers(&out).iter().map(|a| kind(a).to_owned()).collect();
    assert_eq!(kinds, ["malformed-json", "ruling"]);
    let detail = answers(&out)[0]["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains("UTF-8"), "{detail}");
    assert_eq!(code(&out), 1);

    // A record saved as GBK (as some Chinese sites serve them) is read as GBK; declared as
    // Big5, it is a problem that says where it stops being Big5.
    // `[Event "編"]`, then 1. 炮二平五, in GBK: 編, BE 8E, is no Big5 character.
    let gbk: &[u8] = b"[Event \"\xbe\x8e\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5\n";
    let dir = std::env::temp_dir().join(format!("xa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("gbk.pgn");
    std::fs::write(&path, gbk).unwrap();
    let path = path.to_str().unwrap();
    let out = run(&["adjudicate", path], "");
    let a = &answers(&out)[0];
    assert_eq!(
        (kind(a), a["record_encoding"].as_str()),
        ("ruling", Some("gbk")),
        "{a}"
    );
    let out = run(&["adjudicate", "--charset", "big5", path], "");
    std::fs::remove_dir_all(&dir).unwrap();
    let p = &answers(&out)[0];
    assert_eq!(
        (kind(p), p["encoding"].as_str(), p["offset"].as_u64()),
        ("invalid-record", Some("big5"), Some(8)),
        "{p}"
    );
    assert_eq!(code(&out), 1);
}

#[tokio::test]
async fn a_record_file_is_read_in_its_own_encoding_as_the_http_api_reads_it() {
    const DIR: &str = "tests/data/records/encodings";
    let app = law_app();
    for (file, encoding) in [
        ("E3_plus_utf8.pgn", "utf-8"),
        ("E3_plus_gbk.pgn", "gbk"),
        ("E3_plus_big5.pgn", "big5"),
        ("E3_plus_utf16le_bom.pgn", "utf-16le"),
        ("E3_plus_utf16be_bom.pgn", "utf-16be"),
    ] {
        let path = format!("{DIR}/{file}");
        let bytes = std::fs::read(&path).unwrap();
        let req = axum::http::Request::post("/v1/adjudicate?lang=zh")
            .header(axum::http::header::CONTENT_TYPE, "application/x-chess-pgn")
            .body(axum::body::Body::from(bytes))
            .unwrap();
        let http = body_bytes(send(&app, req).await).await;
        for charset in [None, Some(encoding)] {
            let mut args = vec!["adjudicate", "--lang", "zh", &path];
            if let Some(label) = charset {
                args.extend(["--charset", label]);
            }
            let out = run(&args, "");
            assert_eq!(code(&out), 0, "{args:?}");
            let line = out.stdout.strip_suffix(b"\n").expect("one line");
            // The game's index and tags, then the HTTP answer's fields, byte for byte: E3@+'s
            // loss, and the encoding read.
            let rest = line
                .strip_prefix(b"{\"index\":1,\"tags\":")
                .expect("index and tags first");
            let mut tags = serde_json::Deserializer::from_slice(rest).into_iter::<Value>();
            assert!(tags.next().unwrap().unwrap()["Event"].is_string());
            let fields = &rest[tags.byte_offset()..];
            assert_eq!(
                String::from_utf8_lossy(fields),
                format!(",{}", String::from_utf8_lossy(&http[1..])),
                "{args:?}"
            );
            let a = &answers(&out)[0];
            assert_eq!(
                (&a["verdict"], &a["violator"], &a["record_encoding"]),
                (&json!("loss"), &json!("red"), &json!(encoding)),
                "{args:?}"
            );
        }
    }
    // A charset that names no encoding: a problem in --lang's language, exit status 1.
    let out = run(
        &[
            "adjudicate",
            "--charset",
            "klingon",
            "--lang",
            "vi",
            &format!("{DIR}/E3_plus_gbk.pgn"),
        ],
        "",
    );
    let p = &answers(&out)[0];
    assert_eq!(
        (kind(p), p["charset"].as_str()),
        ("unsupported-charset", Some("klingon"))
    );
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("không có bảng mã"),
        "{p}"
    );
    assert_eq!(code(&out), 1);
}
