//! The fast reader of a game request (`api::json_fast`) against the serde reader it stands
//! in front of: on every body it reads, it must give the request serde gives; on every body
//! it leaves, serde alone answers (with the same problems as before, which the hostile and
//! strict-request tables pin).
//!
//! Bodies are built from a small grammar of the request's fields, mixing the common form
//! with what the fast reader must leave to serde: escapes, control characters, numbers in
//! other forms, unknown, repeated or escaped keys, nested values, bytes cut or swapped.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use xiangqi_arbiter::api::json::parse_part;
use xiangqi_arbiter::api::json_fast::read_game;
use xiangqi_arbiter::api::request::AdjudicateRequest;

/// A JSON string's body: plain text, or something with an escape or a control character.
fn string_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-i][0-9][a-i][0-9]",
        2 => "[ -~]{0,12}".prop_filter("plain", |s| !s.contains(['"', '\\'])),
        1 => "[炮马车兵象士将éèê]{1,6}",
        1 => Just("h2\\u0065".to_owned()),
        1 => Just("a\\nb".to_owned()),
        1 => Just("tab\there".to_owned()),
        1 => Just("\\\"".to_owned()),
        1 => Just("\u{7f}\u{1}".to_owned()),
    ]
}

fn string() -> impl Strategy<Value = String> {
    string_text().prop_map(|t| format!("\"{t}\""))
}

/// Any value a field may carry, right or wrong for it.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => string(),
        2 => prop::collection::vec(string(), 0..6).prop_map(|v| format!("[{}]", v.join(", "))),
        1 => prop::collection::vec(string(), 0..4).prop_map(|v| format!("[ {} ]", v.join(" ,\n"))),
        2 => any::<i64>().prop_map(|n| n.to_string()),
        1 => "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,3})?([eE][+-]?[0-9]{1,2})?",
        1 => "0[0-9]{1,3}",
        2 => prop_oneof![Just("true"), Just("false"), Just("null")].prop_map(str::to_owned),
        1 => prop_oneof![Just("nul"), Just("truex"), Just("-"), Just("{}"), Just("[1]"), Just("[\"a\",]")]
            .prop_map(str::to_owned),
    ]
}

/// A key: one of the game's fields, the parser's `strict`, a record, or a stranger.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop_oneof![
            Just("fen"), Just("moves"), Just("notation"), Just("ruleset"),
            Just("no_capture_limit"), Just("compare"), Just("lang"),
        ],
        1 => prop_oneof![Just("game"), Just("strict"), Just("FEN"), Just("mo\\u0076es"), Just("")],
    ]
    .prop_map(|k| format!("\"{k}\""))
}

fn whitespace() -> impl Strategy<Value = String> {
    "[ \t\n\r]{0,2}"
}

/// The common form: each of the game's fields at most once, with a value of its type, in
/// any order, `moves` always there.
fn common_form() -> impl Strategy<Value = String> {
    let plain = || "[a-zA-Z0-9 /._-]{0,12}".prop_map(|t| format!("\"{t}\""));
    let or_null = |s: BoxedStrategy<String>| prop_oneof![3 => s, 1 => Just("null".to_owned())];
    let members = (
        prop::option::of(or_null(plain().boxed())),
        prop::collection::vec("[a-i][0-9][a-i][0-9]|[A-Z][0-9][.=+-][0-9]", 0..12),
        prop::option::of(or_null(plain().boxed())),
        prop::option::of(or_null(any::<i32>().prop_map(|n| n.to_string()).boxed())),
        prop::option::of(or_null(
            prop_oneof![Just("true"), Just("false")]
                .prop_map(str::to_owned)
                .boxed(),
        )),
        prop::option::of(or_null(plain().boxed())),
        any::<u64>(),
        whitespace(),
    );
    members.prop_map(|(fen, moves, ruleset, limit, compare, lang, order, w)| {
        let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
        let mut fields: Vec<String> = [
            fen.map(|v| format!("\"fen\":{w}{v}")),
            Some(format!("\"moves\": [{}]", moves.join(&format!(",{w}")))),
            ruleset.map(|v| format!("\"ruleset\":{v}")),
            limit.map(|v| format!("{w}\"no_capture_limit\" : {v}")),
            compare.map(|v| format!("\"compare\":{v}{w}")),
            lang.map(|v| format!("\"lang\":{v}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        let n = fields.len();
        fields.rotate_left((order % n as u64) as usize);
        format!("{{{}}}", fields.join(","))
    })
}

/// A body: an object of members, sometimes cut short or with a byte changed.
fn body() -> impl Strategy<Value = String> {
    let member = (key(), whitespace(), value(), whitespace())
        .prop_map(|(k, w1, v, w2)| format!("{k}{w1}:{w2}{v}"));
    let object = (
        prop::collection::vec(member, 0..8),
        whitespace(),
        any::<bool>(),
    )
        .prop_map(|(members, w, with_moves)| {
            let mut members = members;
            if with_moves {
                members.push("\"moves\": [\"h2e2\", \"h9g7\"]".to_owned());
            }
            format!("{w}{{{}}}{w}", members.join(","))
        });
    let object = prop_oneof![object, common_form()];
    (object, any::<u16>(), 0..8u8).prop_map(|(body, at, change)| match change {
        0 if !body.is_empty() => {
            let cut = usize::from(at) % body.len();
            body.char_indices()
                .take_while(|(i, _)| *i < cut)
                .map(|(_, c)| c)
                .collect()
        }
        1 => format!("{body}x"),
        2 => body.replacen(',', "", 1),
        3 => body.replacen(':', " ", 1),
        _ => body,
    })
}

/// The body read by serde alone (`parse_part` has no fast path).
fn serde(body: &str) -> Option<AdjudicateRequest> {
    parse_part::<AdjudicateRequest>(body).ok()
}

/// Every generated body: when the fast reader reads it, serde reads the same request. The
/// grammar must keep both kinds of body frequent, or the test would prove nothing: at least
/// a tenth are read fast, and at least a tenth left to serde.
#[test]
fn the_fast_reader_reads_a_body_only_as_serde_does() {
    let mut runner = TestRunner::new(Config::with_cases(4000));
    let strategy = body();
    let (mut fast_read, mut left) = (0, 0);
    for _ in 0..4000 {
        let body = strategy.new_tree(&mut runner).expect("a body").current();
        match read_game(&body) {
            Some(fast) => {
                fast_read += 1;
                assert_eq!(serde(&body), Some(fast), "{body}");
            }
            None => left += 1,
        }
    }
    assert!(
        fast_read >= 400 && left >= 400,
        "{fast_read} read fast, {left} left"
    );
}

/// The common form is what the fast reader is for: every request of the public cases, as
/// the clients' examples write them, is read by it.
#[test]
fn the_fast_reader_reads_the_common_form() {
    let game200 = include_str!("../data/game200.json");
    for body in [
        game200,
        r#"{"moves": ["h2e2", "h9g7"]}"#,
        r#"{"fen": null, "moves": [], "ruleset": "axf", "lang": "en", "compare": true}"#,
        r#"{"moves": ["C2.5", "H8+7"], "notation": "wxf", "no_capture_limit": 120}"#,
    ] {
        let fast = read_game(body).expect("the common form");
        assert_eq!(serde(body), Some(fast), "{body}");
    }
}
