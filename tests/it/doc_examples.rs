//! Every example a reader is shown is executed, so none can go stale:
//! - each `curl` of `README.md` is sent to the real app in-process, and the answer shown after
//!   it (a JSON block, or a JSON comment on the same line) must equal the real answer (its
//!   body is `-d '...'` JSON, or `--data-binary @FILE` with its `-H 'content-type: ...'`; a
//!   pipe into `jq -c '{a, b}'` keeps those keys of the answer);
//! - each `echo ... | cargo run --release -- <subcommand>` of `README.md` is run with the
//!   binary, and must answer JSON;
//! - each answer example of `openapi.yaml` paired with a request must equal what the service
//!   answers to that request, status and all. A request is paired with an answer by name (a
//!   request example and an answer example of the same name in one operation), or carried by
//!   the answer example itself in `x-request` (problems, whose requests are often not valid
//!   against the request schema, so cannot be request examples). An answer example shared by
//!   several operations (a `$ref`'d response) must be the real answer of each.
//!
//! An answer example may be shortened: in README a string item `"... N more ..."` stands for
//! exactly N more items of the array (N in digits or words); in the spec, whose examples must
//! satisfy their schemas, an example whose `summary` says "shortened" may end any array early.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::app::{
    body_bytes, body_json, content_type, engine_app, get, law_app, post_json, send,
};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;

const README: &str = include_str!("../../README.md");

// ---------------------------------------------------------------------------------------------
// Comparing an example with an answer
// ---------------------------------------------------------------------------------------------

/// How many items a README placeholder such as `"... 42 more"` or `"... two more plies ..."`
/// stands for.
fn placeholder(item: &Value) -> Option<usize> {
    let text = item.as_str()?.strip_prefix("... ")?;
    let count = text.split_whitespace().next()?;
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    text.contains("more").then_some(())?;
    count
        .parse()
        .ok()
        .or_else(|| WORDS.iter().position(|w| *w == count))
}

/// Differences between an example and the real answer, as JSON pointers with both values.
fn diff(example: &Value, real: &Value, shortened: bool, at: &str, out: &mut Vec<String>) {
    match (example, real) {
        (Value::Object(e), Value::Object(r)) => {
            let keys: BTreeSet<&String> = e.keys().chain(r.keys()).collect();
            for k in keys {
                match (e.get(k), r.get(k)) {
                    (Some(ev), Some(rv)) => diff(ev, rv, shortened, &format!("{at}/{k}"), out),
                    (ev, rv) => out.push(format!("{at}/{k}: example {ev:?}, real {rv:?}")),
                }
            }
        }
        (Value::Array(e), Value::Array(r)) => {
            let (items, rest) = match e.last().and_then(placeholder) {
                Some(n) => (&e[..e.len() - 1], Some(n)),
                None => (&e[..], None),
            };
            let expected_len = match rest {
                Some(n) => Some(items.len() + n),
                None if shortened => None,
                None => Some(items.len()),
            };
            if let Some(len) = expected_len
                && len != r.len()
            {
                out.push(format!(
                    "{at}: example has {len} items, real answer {}",
                    r.len()
                ));
            }
            for (i, (ev, rv)) in items.iter().zip(r).enumerate() {
                diff(ev, rv, shortened, &format!("{at}/{i}"), out);
            }
            if items.len() > r.len() {
                out.push(format!("{at}: example has more items than the answer"));
            }
        }
        (e, r) if e == r => {}
        (e, r) => out.push(format!("{at}: example {e}, real {r}")),
    }
}

fn assert_same(what: &str, example: &Value, real: &Value, shortened: bool) {
    let mut out = Vec::new();
    diff(example, real, shortened, "", &mut out);
    assert!(
        out.is_empty(),
        "{what}: the example differs from the real answer:\n{}\nreal answer:\n{real}",
        out.join("\n")
    );
}

async fn call(app: &Router, path: &str, body: Option<&str>) -> (StatusCode, Value) {
    let req = match body {
        Some(b) => post_json(path, b.to_owned()),
        None => get(path),
    };
    let resp = send(app, req).await;
    let status = resp.status();
    if content_type(&resp).contains("json") {
        (status, body_json(resp).await)
    } else {
        let text = String::from_utf8_lossy(&body_bytes(resp).await).into_owned();
        (status, Value::String(text))
    }
}

// ---------------------------------------------------------------------------------------------
// README
// ---------------------------------------------------------------------------------------------

/// A fenced block of README: its language and text.
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(lang) = line.strip_prefix("```") else {
            continue;
        };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        out.push((lang.to_owned(), body.join("\n")));
    }
    out
}

/// One shell command of a block: continuation lines joined, a trailing comment apart. A
/// quoted `-d` body may span lines.
fn commands(block: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut in_quote = false;
    for line in block.lines() {
        if !in_quote && line.trim_start().starts_with('#') {
            continue;
        }
        current.push_str(line);
        in_quote ^= line.matches('\'').count() % 2 == 1;
        if in_quote {
            current.push('\n');
        } else if current.ends_with('\\') {
            current.pop();
        } else {
            let command = std::mem::take(&mut current);
            // A comment outside quotes ends the command.
            let mut quoted = false;
            let mut cut = None;
            for (i, c) in command.char_indices() {
                match c {
                    '\'' => quoted = !quoted,
                    '#' if !quoted && command[..i].ends_with(' ') => {
                        cut = Some(i);
                        break;
                    }
                    _ => {}
                }
            }
            let (cmd, comment) = match cut {
                Some(i) => (
                    command[..i].trim().to_owned(),
                    Some(command[i + 1..].trim().to_owned()),
                ),
                None => (command.trim().to_owned(), None),
            };
            if !cmd.is_empty() {
                out.push((cmd, comment));
            }
        }
    }
    out
}

/// A README `curl` command: its path, its body, and the keys a `jq` after it keeps.
struct Curl {
    path: String,
    /// `-d '...'`: JSON text.
    body: Option<String>,
    /// `--data-binary @FILE` (a path from the repository's root) and the content type of its
    /// `-H 'content-type: ...'`.
    file: Option<(String, String)>,
    /// `| jq -c '{a, b}'`: the keys kept.
    keys: Option<Vec<String>>,
}

fn curl(cmd: &str) -> Option<Curl> {
    let (cmd, jq) = match cmd.split_once(" | jq ") {
        Some((cmd, jq)) => (cmd, Some(jq)),
        None => (cmd, None),
    };
    let rest = cmd.strip_prefix("curl ")?;
    let at = rest.find("localhost:8080")? + "localhost:8080".len();
    // The URL ends at a space, or at the quote closing a quoted URL.
    let path: String = rest[at..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '\'')
        .collect();
    let quoted = |flag: &str| {
        rest.find(flag)
            .map(|d| &rest[d + flag.len()..])
            .and_then(|b| b.find('\'').map(|end| b[..end].to_owned()))
    };
    let body = quoted("-d '");
    let file = rest.find("--data-binary @").map(|d| {
        let file: String = rest[d + "--data-binary @".len()..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let content_type = quoted("-H 'content-type: ").expect("a content type for the file");
        (file, content_type)
    });
    let keys = jq.map(|filter| {
        let inner = filter
            .trim()
            .strip_prefix("-c ")
            .unwrap_or(filter)
            .trim()
            .trim_matches('\'')
            .strip_prefix('{')
            .and_then(|f| f.strip_suffix('}'))
            .unwrap_or_else(|| panic!("only `jq -c '{{a, b}}'` is understood: {filter}"));
        inner.split(',').map(|k| k.trim().to_owned()).collect()
    });
    Some(Curl {
        path,
        body,
        file,
        keys,
    })
}

/// The single-quoted text `echo` prints, and the CLI subcommand it is piped into.
fn echo_to_cli(cmd: &str) -> Option<(String, String)> {
    let rest = cmd.strip_prefix("echo '")?;
    let (input, pipe) = rest.split_once('\'')?;
    let sub = pipe.split("-- ").nth(1)?.split_whitespace().next()?;
    Some((input.to_owned(), sub.to_owned()))
}

#[tokio::test]
async fn every_readme_example_answers_as_shown() {
    let app = law_app();
    // The computer's move is asked of the real engine where it is installed (always in CI).
    let engine = engine_app();
    let blocks = blocks(README);
    let (mut curls, mut answers, mut clis) = (0, 0, 0);
    for (i, (lang, text)) in blocks.iter().enumerate() {
        if lang != "sh" {
            continue;
        }
        let shown = blocks
            .get(i + 1)
            .filter(|(l, _)| l == "json")
            .map(|(_, t)| t);
        for (cmd, comment) in commands(text) {
            if let Some((input, sub)) = echo_to_cli(&cmd) {
                clis += 1;
                let out = run_cli(&sub, &input);
                for line in out.lines() {
                    let v: Value = serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("{cmd}: not JSON ({e}): {line}"));
                    assert!(v.get("type").is_none(), "{cmd}: a problem: {v}");
                }
                continue;
            }
            let Some(c) = curl(&cmd) else {
                continue;
            };
            curls += 1;
            let app = match (c.path.starts_with("/v1/engine/"), &engine) {
                (false, _) => &app,
                (true, Some(engine)) => engine,
                (true, None) => continue,
            };
            let (status, mut real) = match &c.file {
                None => call(app, &c.path, c.body.as_deref()).await,
                Some((file, content_type)) => {
                    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
                    let req = Request::post(c.path.as_str())
                        .header(header::CONTENT_TYPE, content_type.as_str())
                        .body(Body::from(bytes))
                        .unwrap();
                    let resp = send(app, req).await;
                    (resp.status(), body_json(resp).await)
                }
            };
            if let Some(keys) = &c.keys {
                real = keys.iter().map(|k| (k.clone(), real[k].clone())).collect();
            }
            // The answer shown: the JSON block after a block of one curl, or a JSON comment.
            let example = comment
                .as_deref()
                .and_then(|c| serde_json::from_str::<Value>(c).ok())
                .or_else(|| {
                    shown
                        .filter(|_| commands(text).len() == 1)
                        .map(|t| serde_json::from_str(t).unwrap_or_else(|e| panic!("{e}: {t}")))
                });
            match example {
                Some(example) => {
                    answers += 1;
                    assert_same(&cmd, &example, &real, false);
                }
                None => assert!(
                    status.is_success() || status == StatusCode::UNPROCESSABLE_ENTITY,
                    "{cmd}: {status} {real}"
                ),
            }
        }
    }
    assert!(curls >= 10, "only {curls} curl examples found");
    assert!(answers >= 6, "only {answers} answers compared");
    assert!(clis >= 2, "only {clis} CLI examples run");
}

#[test]
fn readme_perft_figure_is_the_start_positions() {
    let line = README
        .lines()
        .find(|l| l.contains("perft --depth 5"))
        .expect("the perft example");
    let nodes = line.rsplit("nodes ").next().unwrap().trim();
    let table = std::fs::read_to_string("tests/data/perft.txt").unwrap();
    let figure = table
        .lines()
        .skip_while(|l| !l.starts_with("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"))
        .find_map(|l| l.strip_prefix("perft 5 "));
    assert_eq!(
        figure,
        Some(nodes),
        "tests/data/perft.txt, the start position at depth 5"
    );
}

fn run_cli(sub: &str, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi-arbiter"))
        .arg(sub)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{input}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{sub} {input}: {:?}", out.status);
    String::from_utf8(out.stdout).unwrap()
}

// ---------------------------------------------------------------------------------------------
// openapi.yaml
// ---------------------------------------------------------------------------------------------

fn spec() -> Value {
    serde_norway::from_str(include_str!("../../openapi.yaml")).expect("openapi.yaml is YAML")
}

/// The example a node is, following a local `$ref`; and the `$ref` itself, if any.
fn resolve<'a>(spec: &'a Value, node: &'a Value) -> (&'a Value, Option<&'a str>) {
    match node.get("$ref").and_then(Value::as_str) {
        Some(r) => (
            spec.pointer(r.trim_start_matches('#'))
                .unwrap_or_else(|| panic!("dangling {r}")),
            Some(r),
        ),
        None => (node, None),
    }
}

/// A GET needs no request example: each JSON example of its 200 answer is compared.
async fn check_get_examples(spec: &Value, app: &Router, path: &str, op: &Value) -> usize {
    let Some(media) = op.pointer("/responses/200/content/application~1json") else {
        return 0;
    };
    let mut examples: Vec<(String, Value, bool)> = Vec::new();
    if let Some(e) = media.get("example") {
        examples.push(("example".to_owned(), e.clone(), false));
    }
    for (name, e) in media
        .get("examples")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let (e, _) = resolve(spec, e);
        let shortened = e["summary"]
            .as_str()
            .is_some_and(|s| s.contains("shortened"));
        examples.push((name.clone(), e["value"].clone(), shortened));
    }
    let (status, real) = call(app, path, None).await;
    assert_eq!(status, StatusCode::OK, "GET {path}");
    for (name, example, shortened) in &examples {
        assert_same(
            &format!("GET {path} example {name:?}"),
            example,
            &real,
            *shortened,
        );
    }
    examples.len()
}

/// Components examples no request can be paired with, and why.
const UNPAIRED: &[(&str, &str)] = &[(
    "TooManyMoves",
    "its request would be 1500 moves, over the schema's own maxItems",
)];

#[tokio::test]
async fn every_paired_spec_example_is_the_real_answer() {
    let spec = spec();
    let app = law_app();
    let mut paired = 0;
    let mut used: BTreeSet<String> = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if method == "get" {
                paired += check_get_examples(&spec, &app, path, op).await;
                continue;
            }
            let Some(requests) = op
                .pointer("/requestBody/content/application~1json/examples")
                .and_then(Value::as_object)
            else {
                continue;
            };
            for (status, response) in op["responses"].as_object().unwrap() {
                let (response, _) = resolve(&spec, response);
                let Some(content) = response.get("content").and_then(Value::as_object) else {
                    continue;
                };
                for media in content.values() {
                    let Some(examples) = media.get("examples").and_then(Value::as_object) else {
                        continue;
                    };
                    for (name, answer) in examples {
                        let (answer, reference) = resolve(&spec, answer);
                        let body = match (requests.get(name), answer.get("x-request")) {
                            (Some(request), _) => resolve(&spec, request).0["value"].to_string(),
                            (None, Some(request)) => request.to_string(),
                            (None, None) => continue,
                        };
                        if let Some(r) = reference {
                            used.insert(r.rsplit('/').next().unwrap().to_owned());
                        }
                        let what = format!("{method} {path} example {name:?}");
                        let (real_status, real) = call(&app, path, Some(&body)).await;
                        assert_eq!(real_status.as_str(), status, "{what}: {real}");
                        let shortened = answer["summary"]
                            .as_str()
                            .is_some_and(|s| s.contains("shortened"));
                        assert_same(&what, &answer["value"], &real, shortened);
                        paired += 1;
                    }
                }
            }
        }
    }
    assert!(paired >= 10, "only {paired} request/answer pairs");
    let all: BTreeSet<String> = spec["components"]["examples"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let unpaired: BTreeSet<String> = all.difference(&used).cloned().collect();
    let allowed: BTreeSet<String> = UNPAIRED.iter().map(|(n, _)| (*n).to_owned()).collect();
    assert_eq!(
        unpaired, allowed,
        "components examples no request is paired with"
    );
}
