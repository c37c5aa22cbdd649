//! Keeps `openapi.yaml` honest: its routes equal the router's, its examples satisfy its own
//! schemas, and what the app actually answers satisfies them too.

use std::collections::BTreeSet;

use crate::common::app::*;
use crate::common::cxa_games::{NINE_ROUNDS, NINE_ROUNDS_FEN, NINE_ROUNDS_REFUSED};
use crate::common::fake::fake;
use crate::common::public::public_cases;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use serde_json::{Value, json};
use xiangqi_arbiter::adjudication::RuleSet;
use xiangqi_arbiter::api::answer::{
    GameOverReason, Pattern, Protection, Role, Side, ThreatKind, Verdict,
};
use xiangqi_arbiter::api::error::NOTATIONS;
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::{Readiness, app_with_readiness, routes};
use xiangqi_arbiter::xiangqi::IllegalMoveReason;

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

fn spec() -> Value {
    serde_norway::from_str(include_str!("../../openapi.yaml")).expect("openapi.yaml is YAML")
}

/// A key written twice in one mapping (a schema's properties run into the next schema) is
/// an error, not the last one silently kept, as a JSON value would keep it.
#[test]
fn the_spec_has_no_key_twice() {
    let yaml = include_str!("../../openapi.yaml");
    if let Err(e) = serde_norway::from_str::<serde_norway::Value>(yaml) {
        panic!("openapi.yaml: {e}");
    }
    let twice = "components:\n  schemas:\n    A:\n      type: object\n      type: string\n";
    assert!(serde_norway::from_str::<serde_norway::Value>(twice).is_err());
}

fn spec_routes(spec: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for m in METHODS {
            if item.get(m).is_some() {
                out.insert((m.to_uppercase(), path.clone()));
            }
        }
    }
    out
}

/// Follows a local `$ref` (`#/a/b`) if `node` is one.
fn deref<'a>(spec: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(r) => {
            let target = spec
                .pointer(r.trim_start_matches('#'))
                .unwrap_or_else(|| panic!("dangling $ref {r}"));
            deref(spec, target)
        }
        None => node,
    }
}

/// A validator for `schema`, with the spec's components in scope for `$ref`s.
fn validator(spec: &Value, schema: &Value) -> jsonschema::Validator {
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": spec["components"],
        "allOf": [schema],
    });
    jsonschema::draft202012::new(&root).expect("schema compiles")
}

fn assert_valid(spec: &Value, schema: &Value, instance: &Value, what: &str) {
    let v = validator(spec, schema);
    let errors: Vec<String> = v.iter_errors(instance).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}\n{instance:#}");
}

/// Every example of a media type object: `example`, and each `examples.*.value`.
fn media_examples(spec: &Value, media: &Value) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    if let Some(e) = media.get("example") {
        out.push(("example".to_owned(), e.clone()));
    }
    if let Some(map) = media.get("examples").and_then(Value::as_object) {
        for (name, ex) in map {
            let ex = deref(spec, ex);
            out.push((name.clone(), ex["value"].clone()));
        }
    }
    out
}

#[test]
fn spec_lists_every_illegal_move_reason() {
    let spec = spec();
    let reason = &spec["components"]["schemas"]["IllegalMoveProblem"]["allOf"][1]["properties"]["reason"]
        ["enum"];
    let listed: BTreeSet<&str> = reason
        .as_array()
        .expect("the reason has an enum")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let known: BTreeSet<&str> = IllegalMoveReason::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(listed, known);
}

/// The strings of the enum at `pointer` (under `components/schemas`), `null` left out.
fn spec_enum(spec: &Value, pointer: &str) -> BTreeSet<String> {
    spec["components"]["schemas"]
        .pointer(pointer)
        .and_then(|e| e.get("enum"))
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{pointer} has an enum"))
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

fn names(names: impl IntoIterator<Item = &'static str>) -> BTreeSet<String> {
    names.into_iter().map(str::to_owned).collect()
}

/// Every enumerated wire name is spelled once in the code (`api::answer`'s `wire_enum!`s,
/// `Notation::name`, `RuleSet::id`), and the spec lists exactly those names.
#[test]
fn spec_enums_equal_the_wire_names() {
    let spec = spec();
    let cases = [
        ("/Side", names(Side::ALL.iter().map(|v| v.as_str()))),
        ("/Role", names(Role::ALL.iter().map(|v| v.as_str()))),
        (
            "/GameOver/properties/reason",
            names(GameOverReason::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "/AdjudicateResponse/properties/verdict",
            names(Verdict::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "/Chase/properties/protection",
            names(Protection::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "/Chase/properties/kind",
            names(ThreatKind::ALL.iter().map(|v| v.as_str())),
        ),
        (
            "/SidePattern/properties/pattern",
            names(Pattern::ALL.iter().map(|v| v.as_str())),
        ),
        ("/Notation", names(NOTATIONS)),
        (
            "/AdjudicateRequest/properties/ruleset",
            names(RuleSet::ALL.map(RuleSet::id)),
        ),
    ];
    for (pointer, code) in cases {
        assert_eq!(spec_enum(&spec, pointer), code, "{pointer}");
    }
}

#[test]
fn serde_writes_and_reads_the_wire_names() {
    for v in Verdict::ALL {
        let json = serde_json::to_value(v).unwrap();
        assert_eq!(json, v.as_str());
        assert_eq!(serde_json::from_value::<Verdict>(json).unwrap(), *v);
    }
    assert!(serde_json::from_value::<Verdict>(json!("Loss")).is_err());
}

#[test]
fn spec_routes_equal_router_routes() {
    let spec = spec();
    let router: BTreeSet<(String, String)> = routes()
        .into_iter()
        .map(|(m, p)| (m.to_string(), p.to_owned()))
        .collect();
    assert_eq!(spec_routes(&spec), router);
}

#[test]
fn every_example_satisfies_its_schema() {
    let spec = spec();
    let mut checked = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for m in METHODS {
            let Some(op) = item.get(m) else { continue };
            if let Some(body) = op.get("requestBody") {
                for (ct, media) in deref(&spec, body)["content"].as_object().unwrap() {
                    for (name, ex) in media_examples(&spec, media) {
                        let what = format!("{m} {path} request {ct} {name}");
                        assert_valid(&spec, &media["schema"], &ex, &what);
                        checked += 1;
                    }
                }
            }
            for (status, resp) in op["responses"].as_object().unwrap() {
                let resp = deref(&spec, resp);
                let Some(content) = resp.get("content").and_then(Value::as_object) else {
                    continue;
                };
                for (ct, media) in content {
                    let examples = media_examples(&spec, media);
                    if !ct.contains("yaml") {
                        assert!(
                            !examples.is_empty(),
                            "{m} {path} {status} {ct} has no example"
                        );
                    }
                    for (name, ex) in examples {
                        let what = format!("{m} {path} {status} {ct} {name}");
                        assert_valid(&spec, &media["schema"], &ex, &what);
                        checked += 1;
                    }
                }
            }
        }
    }
    // JSON Schema `examples` inside component schemas (e.g. the 404 and 405 problems).
    for (name, schema) in spec["components"]["schemas"].as_object().unwrap() {
        checked += check_schema_examples(&spec, schema, &format!("/components/schemas/{name}"));
    }
    assert!(checked >= 40, "only {checked} examples checked");
}

fn check_schema_examples(spec: &Value, node: &Value, pointer: &str) -> usize {
    let mut n = 0;
    match node {
        Value::Object(map) => {
            if let Some(Value::Array(examples)) = map.get("examples") {
                let schema = json!({ "$ref": format!("#{pointer}") });
                for ex in examples {
                    assert_valid(spec, &schema, ex, pointer);
                    n += 1;
                }
            }
            for (k, v) in map {
                if k != "examples" {
                    n += check_schema_examples(spec, v, &format!("{pointer}/{k}"));
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                n += check_schema_examples(spec, v, &format!("{pointer}/{i}"));
            }
        }
        _ => {}
    }
    n
}

#[tokio::test]
async fn every_spec_route_is_served() {
    let spec = spec();
    let app = test_app();
    for (method, path) in spec_routes(&spec) {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let req = Request::builder()
            .method(method.clone())
            .uri(&path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{}"))
            .unwrap();
        let status = send(&app, req).await.status();
        assert!(
            status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path} answered {status}"
        );
    }
}

/// Sends `req` and checks the answer against the spec's schema for that operation and status.
async fn check_against_spec(
    spec: &Value,
    app: &axum::Router,
    req: Request<Body>,
    path: &str,
) -> u16 {
    let method = req.method().as_str().to_lowercase();
    let resp = send(app, req).await;
    let status = resp.status().as_u16();
    let ct = content_type(&resp);
    let media_type = ct.split(';').next().unwrap().trim().to_owned();
    let body = body_bytes(resp).await;

    let op = &spec["paths"][path][&method];
    let declared = &op["responses"][status.to_string()];
    assert!(
        !declared.is_null(),
        "{method} {path}: status {status} not in spec"
    );
    let declared = deref(spec, declared);
    let media = &declared["content"][&media_type];
    assert!(
        !media.is_null(),
        "{method} {path} {status}: {media_type} not in spec"
    );
    if media_type.ends_with("json") {
        let instance: Value = serde_json::from_slice(&body).unwrap();
        assert_valid(
            spec,
            &media["schema"],
            &instance,
            &format!("{method} {path} {status}"),
        );
    }
    status
}

#[tokio::test]
async fn actual_answers_satisfy_the_spec() {
    let spec = spec();
    let readiness = Readiness::new();
    let app = app_with_readiness(&no_engine(), fake(), readiness.clone());

    // Every request example of every operation (the engine's: answered without an engine
    // here, `engine_answers_satisfy_the_spec` has them with one).
    for (path, item) in spec["paths"].as_object().unwrap() {
        if let Some(op) = item.get("post") {
            let media = &op["requestBody"]["content"]["application/json"];
            let want = if path == "/v1/engine/move" { 503 } else { 200 };
            for (_, ex) in media_examples(&spec, media) {
                let req = post_json(path, ex.to_string());
                assert_eq!(check_against_spec(&spec, &app, req, path).await, want);
            }
        }
        if item.get("get").is_some() {
            assert_eq!(check_against_spec(&spec, &app, get(path), path).await, 200);
        }
    }

    // Every error kind of the chess endpoints.
    let adjudicate_cases = [
        (r#"{"moves":["repeat"]}"#, 200),
        (r#"{"fen":"bad","moves":[]}"#, 422),
        (r#"{"moves":[],"notation":"lan"}"#, 422),
        (r#"{"moves":[],"ruleset":"asian"}"#, 422),
        (r#"{"moves":["??"]}"#, 422),
        (r#"{"moves":["x0x0"]}"#, 422),
        (r#"{"moves":[],"no_capture_limit":0}"#, 422),
        ("{", 400),
        (r#"{"moves":5}"#, 400),
        (r#"{"moves":["panic"]}"#, 500),
    ];
    for (body, want) in adjudicate_cases {
        for path in ["/v1/adjudicate", "/v1/legal-moves"] {
            if path == "/v1/legal-moves" && (body.contains("ruleset") || body.contains("capture")) {
                continue;
            }
            let got = check_against_spec(&spec, &app, post_json(path, body), path).await;
            assert_eq!(got, want, "{path} {body}");
        }
    }
    let too_many_moves = json!({ "moves": vec!["a"; 1025] }).to_string();
    let got = check_against_spec(
        &spec,
        &app,
        post_json("/v1/adjudicate", too_many_moves),
        "/v1/adjudicate",
    )
    .await;
    assert_eq!(got, 422);
    let huge = format!(r#"{{"moves":["{}"]}}"#, "a".repeat(300 * 1024));
    let got = check_against_spec(
        &spec,
        &app,
        post_json("/v1/adjudicate", huge),
        "/v1/adjudicate",
    )
    .await;
    assert_eq!(got, 413);
    let html = Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, "text/html")
        .body(Body::from("{}"))
        .unwrap();
    assert_eq!(
        check_against_spec(&spec, &app, html, "/v1/adjudicate").await,
        415
    );
    for path in ["/v1/adjudicate", "/v1/adjudicate/batch", "/v1/legal-moves"] {
        let gzip = Request::post(path)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::CONTENT_ENCODING, "gzip")
            .body(Body::from("{}"))
            .unwrap();
        assert_eq!(check_against_spec(&spec, &app, gzip, path).await, 415);
    }

    // Batch: inline problems, and the batch limit.
    let mixed = json!({"games": [{"moves": ["repeat"]}, {"moves": 5}, {"moves": ["x0x0"]}]});
    let req = post_json("/v1/adjudicate/batch", mixed.to_string());
    assert_eq!(
        check_against_spec(&spec, &app, req, "/v1/adjudicate/batch").await,
        200
    );
    let too_many = json!({ "games": vec![json!({"moves": []}); 257] });
    let req = post_json("/v1/adjudicate/batch", too_many.to_string());
    assert_eq!(
        check_against_spec(&spec, &app, req, "/v1/adjudicate/batch").await,
        422
    );

    // Readiness while draining.
    readiness.set_draining();
    assert_eq!(
        check_against_spec(&spec, &app, get("/readyz"), "/readyz").await,
        503
    );

    // 404 and 405 match their component schemas.
    let resp = send(&app, get("/nope")).await;
    let body = body_json(resp).await;
    assert_valid(
        &spec,
        &json!({"$ref": "#/components/schemas/NotFoundProblem"}),
        &body,
        "404",
    );
    let resp = send(&app, get("/v1/adjudicate")).await;
    let body = body_json(resp).await;
    assert_valid(
        &spec,
        &json!({"$ref": "#/components/schemas/MethodNotAllowedProblem"}),
        &body,
        "405",
    );
}

/// The real arbiter's answers (every public case, and each chess error kind)
/// satisfy the spec too, not only the test double's.
#[tokio::test]
async fn real_arbiter_answers_satisfy_the_spec() {
    let spec = spec();
    let app = law_app();
    for case in public_cases() {
        let body = json!({ "fen": case.fen, "moves": case.moves }).to_string();
        let got = check_against_spec(
            &spec,
            &app,
            post_json("/v1/adjudicate", body),
            "/v1/adjudicate",
        )
        .await;
        assert_eq!(got, 200, "{}", case.id);
    }
    // Under the CXA book: nine rounds of checks (must change, lost, broken),
    // and a chase a reading decides, with its `reasons` (参考图25).
    let nine = (NINE_ROUNDS_FEN, NINE_ROUNDS.join(" "));
    let cxa_games = [
        ("nine rounds", nine.0, nine.1.to_owned()),
        (
            "nine rounds lost",
            nine.0,
            format!("{} {}", nine.1, NINE_ROUNDS_REFUSED.join(" ")),
        ),
        (
            "nine rounds broken",
            nine.0,
            format!("{} d7d8 f0f1", nine.1),
        ),
        (
            "reasons",
            "2ba1kb2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N1C1N2/4A4/2BK1AB2 w - - 0 1",
            "e2f2 f9e9 f2e2 e9f9 e2f2 f9e9 f2e2 e9f9".to_owned(),
        ),
    ];
    for (label, fen, moves) in cxa_games {
        let moves: Vec<&str> = moves.split(' ').collect();
        let body = json!({ "fen": fen, "moves": moves, "ruleset": "cxa2020" }).to_string();
        let got = check_against_spec(
            &spec,
            &app,
            post_json("/v1/adjudicate", body),
            "/v1/adjudicate",
        )
        .await;
        assert_eq!(got, 200, "{label}");
    }
    let chess_errors = [
        (r#"{"moves":["h2e2","h9g7"]}"#, 200),
        (r#"{"fen":"9/9/9/9/9/9/9/9/9/9 w","moves":[]}"#, 422),
        (r#"{"moves":["h2e2"],"notation":"wxf"}"#, 422),
        (r#"{"moves":["C2=5","H8+7"],"notation":"wxf"}"#, 200),
        (r#"{"moves":["e3e5"]}"#, 422),
        (r#"{"moves":["zz"]}"#, 422),
    ];
    for (body, want) in chess_errors {
        for path in ["/v1/adjudicate", "/v1/legal-moves"] {
            let got = check_against_spec(&spec, &app, post_json(path, body), path).await;
            assert_eq!(got, want, "{path} {body}");
        }
    }
    // A game record sent as the body: the ruling with `record_encoding`, and each problem of
    // its query and its bytes.
    let big5 = std::fs::read("tests/data/records/encodings/E3_plus_big5.pgn").unwrap();
    for (query, content_type, body, want) in [
        ("", "application/x-chess-pgn", big5.clone(), 200),
        (
            "?ruleset=axf&compare=true",
            "text/plain; charset=big5",
            big5.clone(),
            200,
        ),
        ("?Ruleset=axf", "application/x-chess-pgn", big5.clone(), 400),
        (
            "?compare=yes",
            "application/json",
            br#"{"moves":[]}"#.to_vec(),
            400,
        ),
        ("", "text/plain; charset=klingon", big5.clone(), 415),
        ("", "text/plain; charset=utf-8", big5, 422),
    ] {
        let path = "/v1/adjudicate";
        let req = Request::post(format!("{path}{query}"))
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        let got = check_against_spec(&spec, &app, req, path).await;
        assert_eq!(got, want, "{query} {content_type}");
    }
    let batch =
        json!({ "games": [{"moves": ["h2e2"]}, {"moves": ["e3e5"]}, {"moves": 3}] }).to_string();
    let got = check_against_spec(
        &spec,
        &app,
        post_json("/v1/adjudicate/batch", batch),
        "/v1/adjudicate/batch",
    )
    .await;
    assert_eq!(got, 200);
}

#[tokio::test]
async fn engine_answers_satisfy_the_spec() {
    let spec = spec();
    let path = "/v1/engine/move";
    // Without an engine, and with a fake one that fails or is busy.
    let off = law_app();
    let body = r#"{"moves":[]}"#;
    assert_eq!(
        check_against_spec(&spec, &off, post_json(path, body), path).await,
        503
    );
    for (body, want) in [
        (r#"{"moves":[],"level":0}"#, 422),
        (r#"{"moves":[],"nodes":5,"level":2}"#, 422),
        (r#"{"moves":["e0e2"]}"#, 422),
        (
            r#"{"fen":"3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1","moves":["i0i9"]}"#,
            422,
        ),
    ] {
        assert_eq!(
            check_against_spec(&spec, &off, post_json(path, body), path).await,
            want
        );
    }
    let failing = xiangqi_arbiter::http::app(
        &Config {
            engine: Some("tests/data/engine/fake-engine.sh".into()),
            engine_args: vec!["garbage".into()],
            ..Config::default()
        },
        std::sync::Arc::new(xiangqi_arbiter::api::LawArbiter),
    );
    assert_eq!(
        check_against_spec(&spec, &failing, post_json(path, body), path).await,
        503
    );
    // With the real engine, every request example of the route, when it is installed (CI
    // installs it: there its absence fails).
    let Some(engine) = xiangqi_arbiter::engine::find_default() else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI=true but fairy-stockfish is not installed"
        );
        return;
    };
    let app = xiangqi_arbiter::http::app(
        &Config {
            engine: Some(engine.display().to_string()),
            ..Config::default()
        },
        std::sync::Arc::new(xiangqi_arbiter::api::LawArbiter),
    );
    let media = &spec["paths"][path]["post"]["requestBody"]["content"]["application/json"];
    for (name, ex) in media_examples(&spec, media) {
        let got = check_against_spec(&spec, &app, post_json(path, ex.to_string()), path).await;
        assert_eq!(got, 200, "{name}");
    }
}
