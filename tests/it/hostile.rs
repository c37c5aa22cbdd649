//! Hostile input through the whole real application (`LawArbiter`, default limits): the
//! table of bad requests in `tests/data/hostile.json`, each with exactly one expected status
//! and problem type (its `about` says how a case is written), then a good request to show the
//! server still answers correctly. Every failing case is reported, by group and name.
//!
//! Covered: truncated, deeply nested and non-JSON bodies; wrong types and nulls for every
//! field; huge numbers; 1 MB strings; 100k moves; invalid UTF-8; every FEN defect kind;
//! every illegal-move reason; every notation error kind; unknown notation and rule set;
//! unknown fields; wrong content type, method and path; batch limits and a batch mixing
//! good and bad games.

use std::collections::BTreeSet;

use crate::common::app::{body_json, content_type, law_app, send};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, header};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use xiangqi_arbiter::api::error::PROBLEM_BASE;
use xiangqi_arbiter::xiangqi::IllegalMoveReason;

/// The fixture had this many cases when it replaced the table in code; it may grow, not
/// shrink.
const AT_LEAST: usize = 190;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[allow(dead_code)] // for readers of the file
    about: String,
    groups: Vec<Group>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Group {
    group: String,
    #[allow(dead_code)] // for readers of the file
    about: String,
    cases: Vec<Case>,
}

/// One request and what it must answer.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    /// Why the expectation is what it is, shown when the case fails.
    #[serde(default)]
    note: Option<String>,
    #[serde(default = "default_method")]
    method: String,
    #[serde(default = "default_path")]
    path: String,
    /// `null` in the file: no content type header.
    #[serde(default = "default_content_type")]
    content_type: Option<String>,
    /// A JSON body (a template: see `expand`). `null` is a body too, hence `present`.
    #[serde(default, deserialize_with = "present")]
    json: Option<Value>,
    /// A body sent as is.
    #[serde(default)]
    raw: Option<Text>,
    status: u16,
    /// Problem type slug; `None` for a 2xx answer.
    #[serde(default)]
    problem: Option<String>,
    #[serde(default)]
    check: Option<Check>,
    /// A guard on the fixture itself: the body must be shorter than this.
    #[serde(default)]
    body_shorter_than: Option<usize>,
}

fn default_method() -> String {
    "POST".to_owned()
}

fn default_path() -> String {
    "/v1/adjudicate".to_owned()
}

fn default_content_type() -> Option<String> {
    Some("application/json".to_owned())
}

/// Any value, `null` included, as `Some`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// Bytes too large or not text enough to write out.
#[derive(Deserialize)]
#[serde(untagged)]
enum Text {
    Plain(String),
    /// The parts one after another.
    Concat(Vec<Text>),
    Repeat {
        repeat: Box<Text>,
        times: usize,
    },
    /// Bytes that need not be UTF-8.
    Bytes {
        bytes: Vec<u8>,
    },
}

impl Text {
    fn bytes(&self) -> Vec<u8> {
        match self {
            Text::Plain(s) => s.as_bytes().to_vec(),
            Text::Concat(parts) => parts.iter().flat_map(Text::bytes).collect(),
            Text::Repeat { repeat, times } => repeat.bytes().repeat(*times),
            Text::Bytes { bytes } => bytes.clone(),
        }
    }
}

/// The JSON value of a template: `{"$text": text}` is a string built as a `Text`,
/// `{"$array": value, "times": n}` an array of `n` copies of `value`.
fn expand(template: &Value) -> Result<Value, String> {
    Ok(match template {
        Value::Object(map) if map.contains_key("$text") => {
            if map.len() != 1 {
                return Err(format!("$text with other keys: {template}"));
            }
            let text: Text = serde_json::from_value(map["$text"].clone())
                .map_err(|e| format!("bad $text {template}: {e}"))?;
            Value::String(String::from_utf8(text.bytes()).map_err(|e| format!("$text: {e}"))?)
        }
        Value::Object(map) if map.contains_key("$array") => {
            let times = map.get("times").and_then(Value::as_u64);
            let (Some(times), 2) = (times, map.len()) else {
                return Err(format!("$array needs exactly a count `times`: {template}"));
            };
            Value::Array(vec![expand(&map["$array"])?; times as usize])
        }
        Value::Object(map) => {
            let mut out = serde_json::Map::new();
            for (key, value) in map {
                if key.starts_with('$') {
                    return Err(format!("unknown template {key}"));
                }
                out.insert(key.clone(), expand(value)?);
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(expand).collect::<Result<_, _>>()?),
        other => other.clone(),
    })
}

/// What a case must answer, beyond its status and problem type.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Check {
    /// `invalid-fen` whose `problems[].kind` are exactly these (order ignored).
    FenProblems(Vec<String>),
    /// `illegal-move` with this reason code, at this ply, with `fen` the position before it.
    IllegalMove {
        reason: String,
        ply: u64,
        fen_before: String,
    },
    /// `unparsable-move` at this ply whose `detail` contains this text (its `reason` is
    /// its code, `kind`).
    UnparsableMove { ply: u64, detail_contains: String },
    /// `invalid-request` or `unknown-field` about this field.
    Field(String),
    /// `unknown-field` suggesting this known field.
    Suggestion(String),
    /// `too-many-moves` / `too-many-games` with these numbers.
    TooMany { count: u64, limit: u64 },
    /// A 200 batch whose results have these problem slugs (`None` = a verdict).
    Batch(Vec<Option<String>>),
    /// A 200 answer with this `verdict`.
    Verdict(String),
}

impl Case {
    fn body(&self) -> Result<Vec<u8>, String> {
        let body = match (&self.json, &self.raw) {
            (Some(template), None) => expand(template)?.to_string().into_bytes(),
            (None, Some(text)) => text.bytes(),
            _ => return Err("needs exactly one of `json` and `raw`".to_owned()),
        };
        match self.body_shorter_than {
            Some(limit) if body.len() >= limit => Err(format!(
                "the fixture's body is {} bytes, meant to be under {limit}",
                body.len()
            )),
            _ => Ok(body),
        }
    }

    fn request(&self) -> Result<Request<Body>, String> {
        let method = Method::from_bytes(self.method.as_bytes()).map_err(|e| e.to_string())?;
        let mut req = Request::builder().method(method).uri(&self.path);
        if let Some(ct) = &self.content_type {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        req.body(Body::from(self.body()?))
            .map_err(|e| e.to_string())
    }
}

fn fixture() -> Fixture {
    serde_json::from_str(include_str!("../data/hostile.json"))
        .unwrap_or_else(|e| panic!("tests/data/hostile.json: {e}"))
}

/// Runs one case; returns a description of what went wrong, if anything.
async fn run(app: &Router, case: &Case) -> Result<(), String> {
    let resp = send(app, case.request()?).await;
    let status = resp.status().as_u16();
    let ctype = content_type(&resp);
    let body = body_json(resp).await;
    let short = || {
        let s = body.to_string();
        s.chars().take(400).collect::<String>()
    };
    if status != case.status {
        return Err(format!(
            "status {status}, want {}: {}",
            case.status,
            short()
        ));
    }
    match &case.problem {
        Some(slug) => {
            if ctype != "application/problem+json" {
                return Err(format!("content type {ctype:?}"));
            }
            let want = format!("{PROBLEM_BASE}{slug}");
            if body["type"] != want.as_str() {
                return Err(format!("type {}, want {want}", body["type"]));
            }
            if body["status"] != case.status {
                return Err(format!(
                    "body status {}, want {}",
                    body["status"], case.status
                ));
            }
            if !body["title"].is_string() || !body["detail"].is_string() {
                return Err(format!("title/detail missing: {}", short()));
            }
        }
        None => {
            if !ctype.starts_with("application/json") {
                return Err(format!("content type {ctype:?}"));
            }
        }
    }
    let fail = |what: &str| Err(format!("{what}: {}", short()));
    match &case.check {
        None => {}
        Some(Check::FenProblems(kinds)) => {
            let mut got: Vec<&str> = body["problems"]
                .as_array()
                .map(|ps| ps.iter().filter_map(|p| p["kind"].as_str()).collect())
                .unwrap_or_default();
            let mut want: Vec<&str> = kinds.iter().map(String::as_str).collect();
            got.sort_unstable();
            want.sort_unstable();
            if got != want {
                return fail(&format!("fen problems {got:?}, want {want:?}"));
            }
        }
        Some(Check::IllegalMove {
            reason,
            ply,
            fen_before,
        }) => {
            if body["reason"] != reason.as_str() {
                return fail(&format!("reason, want {reason}"));
            }
            if body["ply"] != *ply {
                return fail(&format!("ply, want {ply}"));
            }
            if body["fen"] != fen_before.as_str() {
                return fail(&format!("fen, want {fen_before}"));
            }
            if !body["move"].is_string() {
                return fail("move missing");
            }
        }
        Some(Check::UnparsableMove {
            ply,
            detail_contains,
        }) => {
            if body["ply"] != *ply {
                return fail(&format!("ply, want {ply}"));
            }
            if body["reason"] != body["kind"] {
                return fail("reason is not the kind's code");
            }
            let detail = body["detail"].as_str().unwrap_or_default();
            if !detail.contains(detail_contains.as_str()) {
                return fail(&format!("detail lacks {detail_contains:?}"));
            }
        }
        Some(Check::Field(field)) if body["field"] != field.as_str() => {
            return fail(&format!("field, want {field}"));
        }
        Some(Check::TooMany { count, limit })
            if body["count"] != *count || body["limit"] != *limit =>
        {
            return fail(&format!("count/limit, want {count}/{limit}"));
        }
        Some(Check::Verdict(v)) if body["verdict"] != v.as_str() => {
            return fail(&format!("verdict, want {v}"));
        }
        Some(Check::Suggestion(s)) if body["suggestion"] != s.as_str() => {
            return fail(&format!("suggestion, want {s}"));
        }
        Some(
            Check::Field(_) | Check::TooMany { .. } | Check::Verdict(_) | Check::Suggestion(_),
        ) => {}
        Some(Check::Batch(slots)) => {
            let Some(results) = body["results"].as_array() else {
                return fail("no results");
            };
            if results.len() != slots.len() {
                return fail(&format!("{} results, want {}", results.len(), slots.len()));
            }
            for (i, (item, slot)) in results.iter().zip(slots.iter()).enumerate() {
                match slot {
                    None if item["verdict"].is_string() => {}
                    Some(slug) if item["type"] == format!("{PROBLEM_BASE}{slug}").as_str() => {
                        // An inline problem carries its own status, never a 5xx.
                        let s = item["status"].as_u64().unwrap_or(0);
                        if !(400..500).contains(&s) {
                            return fail(&format!("results[{i}] status {s}"));
                        }
                    }
                    _ => return fail(&format!("results[{i}], want {slot:?}")),
                }
            }
        }
    }
    Ok(())
}

#[tokio::test]
async fn hostile_requests_get_the_right_problem_and_the_server_keeps_working() {
    let app = law_app();
    let fixture = fixture();
    let cases: Vec<(&str, &Case)> = fixture
        .groups
        .iter()
        .flat_map(|g| g.cases.iter().map(move |c| (g.group.as_str(), c)))
        .collect();
    assert!(
        cases.len() >= AT_LEAST,
        "only {} cases, the fixture had {AT_LEAST}",
        cases.len()
    );
    let mut names = BTreeSet::new();
    for (_, case) in &cases {
        assert!(
            names.insert(case.name.as_str()),
            "duplicate case name {}",
            case.name
        );
    }

    let mut failures = Vec::new();
    for (group, case) in &cases {
        if let Err(why) = run(&app, case).await {
            let note = case
                .note
                .as_deref()
                .map(|n| format!("\n    note: {n}"))
                .unwrap_or_default();
            failures.push(format!(
                "{group}/{} ({} {}): {why}{note}",
                case.name, case.method, case.path
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );

    // Every illegal-move reason the rules core knows is exercised above.
    let reasons: BTreeSet<&str> = cases
        .iter()
        .filter_map(|(_, c)| match &c.check {
            Some(Check::IllegalMove { reason, .. }) => Some(reason.as_str()),
            _ => None,
        })
        .collect();
    let all: BTreeSet<&str> = IllegalMoveReason::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(reasons, all, "illegal-move reasons not covered");

    // After all that, the same app still rules correctly on a real game.
    let game200: Value = serde_json::from_str(include_str!("../data/game200.json")).unwrap();
    let resp = send(
        &app,
        Request::post("/v1/adjudicate")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(game200.to_string()))
            .unwrap(),
    )
    .await;
    assert_eq!(resp.status().as_u16(), 200);
    let body = body_json(resp).await;
    assert_eq!(body["position"]["plies"], 200, "{body}");
    assert!(body["repetition"].is_object(), "{body}");
    assert_eq!(body["verdict"], GAME200_VERDICT, "{body}");
}

/// The ruling on tests/data/game200.json.
const GAME200_VERDICT: &str = "draw";
