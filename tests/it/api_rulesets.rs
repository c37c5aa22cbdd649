//! The rule book chosen per request (issue 17): `"ruleset": "axf"` rules under the Asian
//! rules and cites only them; the default and `"vn2004"` cite only the Vietnamese law; both
//! books are listed by `GET /v1/rulesets`.

use crate::common::app::{body_json, get, law_app, post_json, send};
use crate::common::public::public_cases;
use serde_json::{Value, json};
use xiangqi_arbiter::adjudication::RuleSet;

async fn rule(ruleset: Option<&str>, fen: &str, moves: &[String]) -> Value {
    let mut body = json!({ "fen": fen, "moves": moves });
    if let Some(r) = ruleset {
        body["ruleset"] = json!(r);
    }
    let resp = send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(resp.status(), 200);
    body_json(resp).await
}

fn refs(answer: &Value) -> Vec<String> {
    let mut out: Vec<String> = answer["articles"]
        .as_array()
        .expect("articles")
        .iter()
        .map(|a| a["ref"].as_str().expect("a ref").to_owned())
        .collect();
    if let Some(rep) = answer["repetition"].as_object() {
        for side in ["red", "black"] {
            for r in rep[side]["articles"].as_array().expect("side articles") {
                out.push(r.as_str().expect("a ref").to_owned());
            }
        }
    }
    out
}

#[tokio::test]
async fn each_answer_cites_only_its_own_book() {
    for case in public_cases() {
        let axf = rule(Some("axf"), &case.fen, &case.moves).await;
        let vn = rule(Some("vn2004"), &case.fen, &case.moves).await;
        let default = rule(None, &case.fen, &case.moves).await;
        assert_eq!(vn, default, "{}: vn2004 is the default", case.id);
        assert!(!refs(&axf).is_empty(), "{}: {axf}", case.id);
        assert!(
            refs(&axf).iter().all(|r| r.starts_with("AXF ")),
            "{}: {:?}",
            case.id,
            refs(&axf)
        );
        assert!(
            refs(&vn).iter().all(|r| !r.starts_with("AXF")),
            "{}: {:?}",
            case.id,
            refs(&vn)
        );
        assert_eq!(axf["no_capture"]["limit"], 120, "{}", case.id);
        assert_eq!(vn["no_capture"]["limit"], 100, "{}", case.id);
    }
}

#[tokio::test]
async fn the_asian_rules_word_the_warning_their_way() {
    // Red's rook chases Black's unprotected cannon: AXF rule 18, and rule 3's warning.
    let moves: Vec<String> = ["b0a0", "a7b7", "a0b0", "b7a7"]
        .repeat(2)
        .into_iter()
        .map(String::from)
        .collect();
    let answer = rule(Some("axf"), "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1", &moves).await;
    assert_eq!(answer["verdict"], "must_change");
    assert_eq!(answer["violator"], "red");
    assert!(refs(&answer).contains(&"AXF 18".to_owned()), "{answer}");
    let en = answer["explanation"]["en"].as_str().expect("English");
    assert!(en.contains("AXF rule 3"), "{en}");
}

#[tokio::test]
async fn both_books_are_listed_with_their_articles() {
    let resp = send(&law_app(), get("/v1/rulesets")).await;
    let body = body_json(resp).await;
    let books = body["rulesets"].as_array().expect("rulesets");
    let ids: Vec<&str> = books.iter().map(|b| b["id"].as_str().unwrap()).collect();
    assert_eq!(ids, RuleSet::ALL.map(RuleSet::id));
    let defaults: Vec<bool> = books
        .iter()
        .map(|b| b["default"].as_bool().unwrap())
        .collect();
    assert_eq!(defaults, RuleSet::ALL.map(|b| b == RuleSet::default()));
    let axf_refs: Vec<&str> = books[1]["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["ref"].as_str().unwrap())
        .collect();
    assert!(axf_refs.contains(&"AXF 19"), "{axf_refs:?}");
    assert!(
        axf_refs.iter().all(|r| r.starts_with("AXF ")),
        "{axf_refs:?}"
    );
}

/// `"compare": true` answers both books side by side. On a perpetual threat to win a piece
/// by discovered check the books part: allowed under the Vietnamese law (23.10), a chase
/// under the Asian rules.
#[tokio::test]
async fn compare_answers_both_books_side_by_side() {
    // Red's cannon steps off and back onto the e-file, each time threatening to take the
    // horse d4 with a discovered check from the rook e0.
    const FEN: &str = "r3k4/9/9/9/2p1C4/2nN5/9/9/9/3KR4 w - - 0 1";
    let moves: Vec<&str> = ["e5e4", "c4a5", "e4e5", "a5c4"].repeat(2);
    let body = json!({
        "fen": FEN,
        "moves": moves,
        "compare": true,
    });
    let resp = send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(resp.status(), 200);
    let answer = body_json(resp).await;
    let books = answer["comparison"].as_array().expect("a comparison");
    let ids: Vec<&str> = books
        .iter()
        .map(|b| b["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(ids, RuleSet::ALL.map(RuleSet::id));
    // The main answer is the requested (default) book's, and equals its entry.
    assert_eq!(books[0]["verdict"], answer["verdict"]);
    assert_eq!(books[0]["articles"], answer["articles"]);
    assert_eq!(books[0]["verdict"], "draw", "{answer}");
    assert_ne!(books[1]["verdict"], "draw", "{answer}");
    let axf_refs: Vec<&str> = books[1]["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["ref"].as_str().unwrap())
        .collect();
    assert!(
        axf_refs.iter().all(|r| r.starts_with("AXF ")),
        "{axf_refs:?}"
    );
    // Without the flag there is no comparison at all.
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let plain = rule(None, FEN, &moves).await;
    assert!(plain.get("comparison").is_none());
}

/// `?lang=` labels each article in that language (wording review, T16); a language the
/// service does not speak, or a parameter the route does not have, is a 400 problem.
#[tokio::test]
async fn rulesets_label_their_articles_in_the_asked_language() {
    let app = law_app();
    for (lang, label) in [
        ("zh", "第23条第1项"),
        ("en", "Article 23, point 1"),
        ("vi", "Điều 23, điểm 1"),
    ] {
        let resp = send(&app, get(&format!("/v1/rulesets?lang={lang}"))).await;
        assert_eq!(resp.status(), 200);
        let body = body_json(resp).await;
        let labels: Vec<&str> = body["rulesets"][0]["articles"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["ref"] == "23.1")
            .map(|a| a["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, [label], "{lang}");
    }
    for query in ["lang=fr", "lang=zh&lang=vi", "language=zh"] {
        let resp = send(&app, get(&format!("/v1/rulesets?{query}"))).await;
        assert_eq!(resp.status(), 400, "{query}");
        let problem = body_json(resp).await;
        assert!(
            problem["type"]
                .as_str()
                .unwrap()
                .ends_with("/invalid-parameter"),
            "{problem}"
        );
    }
}
