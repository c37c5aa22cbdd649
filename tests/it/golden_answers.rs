//! The answers pinned byte for byte: `POST /v1/adjudicate` on every public
//! case, on game200 and on the chase positions of the law tests must give
//! exactly the bytes in `tests/data/golden/`, one file per game. A refactor
//! changes none of them; a deliberate change of wording or law re-blesses the
//! files (`XA_BLESS=1 cargo test --test integration golden_answers::`) and says
//! why in its commit.
//!
//! Each file is its answer laid out one member per line ([`layout`]), so that a
//! change reads as the lines it changes; taking the layout's white space out
//! again ([`compact`]) gives the answer's bytes, which is what is compared.

use std::collections::BTreeMap;

use crate::common::app::{body_bytes, law_app, post_json, send};
use crate::common::public::public_cases;
use serde_json::{Value, json};

/// One file per game: `<id>.json`.
const GOLDEN: &str = "tests/data/golden";

/// Games beyond the public cases whose answers carry the rarer fields:
/// chases with each kind of protection, a broken repetition, a loss.
const MORE: &[(&str, &str, &str)] = &[
    (
        "axf_d39",
        "3k5/9/9/9/9/9/1r7/9/c4Rn2/4KA3 b - - 0 1",
        "b3b1 f0e1 b1b3 e1f0 b3b1 f0e1 b1b3 e1f0",
    ),
    (
        "hand_over_loss",
        "1c2k2n1/9/C5r2/9/5N3/9/9/9/9/3K5 w - - 0 1",
        "f5e7 b9b7 e7f5 b7b9 f5e7 b9b7 e7f5 b7b9 f5e7",
    ),
    (
        "broken_draw_then_check",
        "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "d0d1 e9f9 d1d0 f9e9 d0d1 e9f9 d1d0 f9e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
    ),
    (
        "discovered_check_threat",
        "n3k4/6c2/4N4/9/3R5/9/9/6r2/9/3K5 w - - 0 1",
        "d5e5 a9b7 e5d5 b7a9 d5e5 a9b7 e5d5 b7a9",
    ),
    (
        "changed_after_must_change",
        "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "b0a0 a7b7 a0b0 b7a7 b0a0 a7b7 a0b0 b7a7 b0b1",
    ),
];

fn requests() -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = public_cases()
        .into_iter()
        .map(|c| (c.id.clone(), json!({ "fen": c.fen, "moves": c.moves })))
        .collect();
    let game200: Value =
        serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON");
    out.push((
        "game200".into(),
        json!({ "fen": game200["fen"], "moves": game200["moves"] }),
    ));
    for &(id, fen, moves) in MORE {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        out.push((id.into(), json!({ "fen": fen, "moves": moves })));
    }
    out
}

#[tokio::test]
async fn answers_are_byte_identical_to_the_golden_file() {
    let app = law_app();
    let mut answers = BTreeMap::new();
    for (id, request) in requests() {
        let resp = send(&app, post_json("/v1/adjudicate", request.to_string())).await;
        assert_eq!(resp.status(), 200, "{id}");
        let body = String::from_utf8(body_bytes(resp).await).expect("UTF-8 answers");
        answers.insert(id, body);
    }
    if std::env::var_os("XA_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(GOLDEN);
        std::fs::create_dir_all(GOLDEN).expect("the golden folder can be made");
        for (id, body) in &answers {
            std::fs::write(file_of(id), layout(body)).expect("a golden file is writable");
        }
        return;
    }
    let mut golden = BTreeMap::new();
    for entry in std::fs::read_dir(GOLDEN).expect("the golden folder") {
        let path = entry.expect("a golden file").path();
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a golden file is UTF-8");
        golden.insert(id, compact(&text));
    }
    assert_eq!(
        golden.keys().collect::<Vec<_>>(),
        answers.keys().collect::<Vec<_>>(),
        "the same games"
    );
    let changed: Vec<&String> = answers
        .iter()
        .filter(|(id, body)| golden[*id] != **body)
        .map(|(id, _)| id)
        .collect();
    assert!(
        changed.is_empty(),
        "answers changed for {changed:?}; if on purpose, re-bless with XA_BLESS=1"
    );
}

/// The file of game `id` (case ids hold `@` and `+`, which file names keep).
fn file_of(id: &str) -> std::path::PathBuf {
    std::path::Path::new(GOLDEN).join(format!("{id}.json"))
}

/// `json` (compact, as the service writes it) laid out one member or item per line, two
/// spaces a level, with nothing inside strings touched: [`compact`] undoes it exactly.
fn layout(json: &str) -> String {
    let mut out = String::with_capacity(json.len() * 2);
    let mut depth = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    let mut chars = json.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                // An empty object or array stays on its line.
                if matches!(chars.peek(), Some('}' | ']')) {
                    out.push(chars.next().unwrap());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth -= 1;
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out.push('\n');
    out
}

/// `text` without the white space [`layout`] put outside strings.
fn compact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

#[test]
fn the_layout_is_undone_exactly() {
    for json in [
        r#"{"a":[1,{"b":"x, y: {z}"}],"c":{},"d":[],"e":"q\"uo\\te","f":null}"#,
        r#"[]"#,
        r#"{"k":"line\nbreak\t and  spaces"}"#,
    ] {
        let laid = layout(json);
        assert_eq!(compact(&laid), json, "{laid}");
        assert!(laid.lines().count() > 1 || json.len() < 3);
    }
}
