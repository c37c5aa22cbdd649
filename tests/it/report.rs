//! The printable ruling, `POST /v1/report`: a self-contained page, well-formed XML, with the
//! verdict, the articles, the moves (the cycle highlighted, the occurrences marked), one
//! diagram per position of the cycle, the request id and the time.

use crate::common::app::{
    body_bytes, body_json, content_type, expect_problem, law_app, post_json, send,
};
use crate::common::cxa_games::{
    NINE_ROUNDS_FEN, NINE_ROUNDS_REFUSED, PAWN_CHECK_FEN, PAWN_CHECK_MOVES, nine_rounds_then,
};
use crate::common::public::public_cases;
use axum::Router;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};

const XHTML: &str = "http://www.w3.org/1999/xhtml";
const SVG: &str = "http://www.w3.org/2000/svg";

fn case(id: &str) -> Value {
    let c = public_cases().into_iter().find(|c| c.id == id).unwrap();
    json!({ "fen": c.fen, "moves": c.moves })
}

async fn report(app: &Router, body: &Value, request_id: &str) -> String {
    let req = Request::post("/v1/report")
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-request-id", request_id)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let resp = send(app, req).await;
    let status = resp.status();
    let ct = content_type(&resp);
    let html = String::from_utf8(body_bytes(resp).await).unwrap();
    assert_eq!(status, StatusCode::OK, "{html}");
    assert_eq!(ct, "text/html; charset=utf-8");
    html
}

async fn ruling(app: &Router, body: &Value) -> Value {
    body_json(send(app, post_json("/v1/adjudicate", body.to_string())).await).await
}

/// The page read as XML (its `<!DOCTYPE html>` allowed).
fn xml(html: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(html, options)
        .unwrap_or_else(|e| panic!("not XML: {e}"))
}

fn by_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|c| c == class))
        })
        .collect()
}

fn text_of(node: roxmltree::Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

#[tokio::test]
async fn a_perpetual_chase_is_reported_on_one_page() {
    let app = law_app();
    let game = case("E3@3");
    let answer = ruling(&app, &game).await;
    let html = report(&app, &game, "desk-42").await;
    let doc = xml(&html);
    let root = doc.root_element();
    assert_eq!(root.tag_name().namespace(), Some(XHTML));
    assert_eq!(root.attribute("lang"), Some("vi"));

    // Self-contained and printable: inline style for A4, no script, nothing fetched.
    assert!(html.contains("@page{size:A4"));
    for node in doc.descendants() {
        let name = node.tag_name().name();
        assert!(
            !matches!(name, "script" | "link" | "img" | "iframe"),
            "{name}"
        );
        assert!(node.attribute("src").is_none() && node.attribute("href").is_none());
    }

    // The verdict, the violator, the articles.
    let verdict = &by_class(&doc, "verdict")[0];
    assert_eq!(verdict.attribute("data-verdict"), Some("must_change"));
    assert!(text_of(*verdict).contains("Phải đổi nước / Must change"));
    assert!(text_of(by_class(&doc, "violator")[0]).contains("Đỏ / Red"));
    let refs: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-ref"))
        .collect();
    let expected: Vec<&str> = answer["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["ref"].as_str().unwrap())
        .collect();
    assert_eq!(refs, expected);
    assert!(refs.contains(&"23.3"));
    for article in answer["articles"].as_array().unwrap() {
        assert!(html.contains(article["summary"]["en"].as_str().unwrap()));
    }
    let explanation = text_of(by_class(&doc, "explanation")[0]);
    assert!(explanation.contains(answer["explanation"]["vi"].as_str().unwrap()));
    assert!(explanation.contains(answer["explanation"]["en"].as_str().unwrap()));

    // Every move with its number; the cycle's moves highlighted, in order; the occurrences.
    let cycle = answer["repetition"]["cycle"].as_array().unwrap();
    let highlighted: Vec<u64> = by_class(&doc, "cycle")
        .iter()
        .filter_map(|n| n.attribute("data-ply"))
        .map(|p| p.parse().unwrap())
        .collect();
    let cycle_plies: Vec<u64> = cycle.iter().map(|m| m["ply"].as_u64().unwrap()).collect();
    assert_eq!(highlighted, cycle_plies);
    for m in cycle {
        let ply = m["ply"].as_u64().unwrap().to_string();
        let cell = doc
            .descendants()
            .find(|n| n.tag_name().name() == "td" && n.attribute("data-ply") == Some(&ply))
            .unwrap();
        assert!(text_of(cell).contains(m["move"].as_str().unwrap()));
        let row = cell.parent_element().unwrap();
        let number = text_of(row.first_element_child().unwrap());
        assert_eq!(number, format!("{}.", m["move_number"]));
    }
    let rep = &answer["repetition"];
    let occurrences: Vec<String> = by_class(&doc, "occ")
        .iter()
        .filter_map(|n| n.attribute("data-ply"))
        .map(str::to_owned)
        .collect();
    let expected: Vec<String> = ["first_ply", "previous_ply", "trigger_ply"]
        .iter()
        .map(|k| rep[k].to_string())
        .collect();
    assert_eq!(occurrences, expected);

    // One diagram per position of the cycle, each with its arrows.
    let figures: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "figure")
        .collect();
    assert_eq!(figures.len(), cycle.len());
    for (figure, m) in figures.iter().zip(cycle) {
        assert_eq!(
            figure.attribute("data-ply"),
            Some(m["ply"].to_string().as_str())
        );
        let svg = figure.first_element_child().unwrap();
        assert_eq!(svg.tag_name().namespace(), Some(SVG));
        assert_eq!(svg.attribute("data-lang"), Some("vi"));
        let chases = svg
            .descendants()
            .filter(|n| n.attribute("class") == Some("arrow chase"))
            .count();
        assert_eq!(chases, m["chases"].as_array().unwrap().len());
    }
    assert_eq!(html.matches("<svg").count(), cycle.len());
    let mut ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let all = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all, "ids are unique in the page");
    assert!(all >= cycle.len() * 90);

    // Who asked, and when (UTC, RFC 3339).
    assert_eq!(text_of(by_class(&doc, "request-id")[0]), "desk-42");
    let time = doc
        .descendants()
        .find(|n| n.tag_name().name() == "time")
        .unwrap();
    let stamp = time.attribute("datetime").unwrap();
    assert_eq!(stamp.len(), 20, "{stamp}");
    assert!(stamp.starts_with("20") && stamp.ends_with('Z') && &stamp[10..11] == "T");
}

#[tokio::test]
async fn lang_writes_the_page_in_one_language() {
    let app = law_app();
    let mut game = case("E3@3");
    game["lang"] = json!("zh");
    game["notation"] = json!("iccs");
    let html = report(&app, &game, "zh-1").await;
    let doc = xml(&html);
    assert_eq!(doc.root_element().attribute("lang"), Some("zh"));
    assert!(text_of(by_class(&doc, "verdict")[0]).contains("必须变着"));
    assert!(!html.contains("Must change"));
    assert!(html.contains("俥"), "Chinese piece labels");
    // ICCS moves are written once.
    assert!(by_class(&doc, "iccs").is_empty());
}

/// A game that ended on the board prints its result, not "no violation" (wording review,
/// M7): checkmate, Black to move, in every language of the page, with the full-width colon
/// in Chinese.
#[tokio::test]
async fn a_finished_game_prints_its_result_not_no_violation() {
    let app = law_app();
    let mate = json!({ "fen": "3k5/R8/3R5/9/9/9/9/9/9/4K4 b", "moves": [] });
    let html = report(&app, &mate, "mate").await;
    let doc = xml(&html);
    let verdict = text_of(by_class(&doc, "verdict")[0]);
    assert!(
        verdict.contains("Kết quả / Result: Đỏ thắng (chiếu hết) / Red wins (checkmate)"),
        "{verdict}"
    );
    assert!(by_class(&doc, "violator").is_empty());
    assert!(!html.contains("Không vi phạm") && !html.contains("No violation"));

    let mut zh = mate.clone();
    zh["lang"] = json!("zh");
    let html = report(&app, &zh, "mate-zh").await;
    let doc = xml(&html);
    assert_eq!(
        text_of(by_class(&doc, "verdict")[0]),
        "结果：红方胜（将死）"
    );
    assert!(html.contains("<title>裁决书</title>"));
}

#[tokio::test]
async fn moves_are_written_as_sent_beside_iccs() {
    let app = law_app();
    let body = json!({
        "notation": "wxf",
        "moves": ["C2=5", "H8+7", "H2+3", "R9=8"],
        "lang": "en"
    });
    let html = report(&app, &body, "wxf").await;
    let doc = xml(&html);
    let cells: Vec<(String, String)> = by_class(&doc, "mv")
        .iter()
        .zip(by_class(&doc, "iccs"))
        .map(|(m, i)| (text_of(*m), text_of(i)))
        .collect();
    assert_eq!(
        cells,
        [
            ("C2=5".to_owned(), "h2e2".to_owned()),
            ("H8+7".to_owned(), "h9g7".to_owned()),
            ("H2+3".to_owned(), "h0g2".to_owned()),
            ("R9=8".to_owned(), "i9h9".to_owned()),
        ]
    );
    // No repetition: the final position is drawn, once.
    assert_eq!(html.matches("<svg").count(), 1);
    assert!(html.contains("Final position"));
    assert!(by_class(&doc, "cycle").is_empty());
}

#[tokio::test]
async fn bad_reports_are_problems() {
    let app = law_app();
    for (body, status, slug) in [
        (
            json!({"moves": ["h2e2", "h9g7", "e2e9"]}),
            422,
            "illegal-move",
        ),
        (
            json!({"moves": ["h2e2"], "lang": "fr"}),
            422,
            "invalid-request",
        ),
        (json!({"moves": ["h2e2"], "ply": 1}), 422, "unknown-field"),
        (json!({"moves": "h2e2"}), 400, "malformed-json"),
        (json!({"fen": "9/9 w", "moves": []}), 422, "invalid-fen"),
        (
            json!({"moves": [], "utc_offset_minutes": 900}),
            422,
            "invalid-request",
        ),
        (
            json!({"moves": [], "sheet": {"event": "x".repeat(201)}}),
            422,
            "invalid-request",
        ),
        (
            json!({"moves": [], "sheet": {"table": "1"}}),
            400,
            "malformed-json",
        ),
    ] {
        let resp = send(&app, post_json("/v1/report", body.to_string())).await;
        expect_problem(resp, status, slug).await;
    }
}

/// The value of the fact `key` on the page (`data-fact`), and whether it is a blank line.
fn fact(doc: &roxmltree::Document, key: &str) -> Option<String> {
    doc.descendants()
        .find(|n| n.has_tag_name((XHTML, "td")) && n.attribute("data-fact") == Some(key))
        .map(text_of)
}

#[tokio::test]
async fn a_report_is_a_signed_record_of_its_table() {
    // Issue 33, item 6: the record's tags head the page, the arbiter's own facts override
    // them, a fact nobody gave is a blank line; the arbiter and both players sign; the time is
    // the arbiter's local time with its offset.
    let app = law_app();
    let pgn = "[Event \"Giải Hà Nội mở rộng 2026\"]\n[Round \"3\"]\n[Red \"Nguyễn Văn A\"]\n[Black \"Trần Văn B\"]\n[Date \"2026.12.04\"]\n1. h2e2 h9g7\n";
    let body = json!({
        "game": pgn,
        "lang": "vi",
        "sheet": {"board": "12", "black": "Trần Văn Bình", "arbiter": "Lê Văn C", "round": " "},
        "utc_offset_minutes": 420,
    });
    let html = report(&app, &body, "signed").await;
    let doc = xml(&html);
    assert_eq!(
        fact(&doc, "event").as_deref(),
        Some("Giải Hà Nội mở rộng 2026")
    );
    assert_eq!(
        fact(&doc, "round").as_deref(),
        Some("3"),
        "a blank value is the record's"
    );
    assert_eq!(fact(&doc, "board").as_deref(), Some("12"));
    assert_eq!(fact(&doc, "red").as_deref(), Some("Nguyễn Văn A"));
    assert_eq!(
        fact(&doc, "black").as_deref(),
        Some("Trần Văn Bình"),
        "the sheet overrides"
    );
    assert_eq!(fact(&doc, "arbiter").as_deref(), Some("Lê Văn C"));
    assert_eq!(fact(&doc, "date").as_deref(), Some("2026.12.04"));
    let signs: Vec<_> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-sign"))
        .collect();
    assert_eq!(signs, ["arbiter", "red", "black"]);
    assert!(html.contains("Chữ ký"), "{html}");
    // The drawings' legend: every kind of arrow, named.
    let kinds: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("key"))
        .filter_map(|n| n.attribute("data-kind"))
        .collect();
    assert_eq!(
        kinds,
        ["move", "check", "chase", "chase-false", "threat-true"]
    );
    let time = doc
        .descendants()
        .find(|n| n.has_tag_name((XHTML, "time")))
        .unwrap();
    let stamp = time.attribute("datetime").unwrap();
    assert!(stamp.ends_with("+07:00"), "{stamp}");
    assert!(text_of(time).ends_with("(UTC+07:00)"), "{}", text_of(time));
    // Without facts: blank lines to write on, and the time in UTC.
    let html = report(&app, &json!({"moves": ["h2e2"], "lang": "en"}), "bare").await;
    let doc = xml(&html);
    assert_eq!(fact(&doc, "event").as_deref(), Some(""));
    assert!(by_class(&doc, "blank").len() >= 6);
    let time = doc
        .descendants()
        .find(|n| n.has_tag_name((XHTML, "time")))
        .unwrap();
    assert!(time.attribute("datetime").unwrap().ends_with('Z'));
    assert!(text_of(time).ends_with("(UTC)"));
}

/// The cells of the move list marked with `class`, by ply.
fn marked_plies(doc: &roxmltree::Document, class: &str) -> Vec<u64> {
    by_class(doc, class)
        .iter()
        .filter_map(|n| n.attribute("data-ply"))
        .map(|p| p.parse().unwrap())
        .collect()
}

/// A repetition's losing move, the violator's move after the third occurrence, is marked ✗
/// in the move list, with its legend.
#[tokio::test]
async fn the_losing_move_of_a_repetition_is_marked() {
    let app = law_app();
    let mut game = case("E3@+");
    game["lang"] = json!("en");
    let answer = ruling(&app, &game).await;
    assert_eq!(answer["verdict"], "loss");
    let html = report(&app, &game, "desk-loss").await;
    let doc = xml(&html);
    let loss = answer["repetition"]["loss_ply"].as_u64().unwrap();
    assert_eq!(marked_plies(&doc, "loss"), [loss]);
    let legends: String = by_class(&doc, "legend")
        .iter()
        .map(|n| text_of(*n))
        .collect();
    assert!(legends.contains("✗ the losing move"), "{legends}");
}

/// Issue 35: nine rounds of forbidden moves under `cxa2020`, no position three times. The
/// report marks the rounds as it marks a cycle, and the move that attacked again and lost.
#[tokio::test]
async fn nine_rounds_of_forbidden_moves_are_marked_with_the_losing_move() {
    let app = law_app();
    let game = json!({
        "fen": NINE_ROUNDS_FEN,
        "moves": nine_rounds_then(&NINE_ROUNDS_REFUSED),
        "ruleset": "cxa2020",
        "lang": "zh",
    });
    let answer = ruling(&app, &game).await;
    assert_eq!(
        (&answer["verdict"], &answer["violator"]),
        (&json!("loss"), &json!("red"))
    );
    assert!(answer["repetition"].is_null());
    let run = &answer["forbidden_run"];
    let html = report(&app, &game, "desk-nine").await;
    let doc = xml(&html);
    let rounds: Vec<u64> = run["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds.first(), run["first_ply"].as_u64().as_ref());
    assert_eq!(rounds.last(), run["last_ply"].as_u64().as_ref());
    assert_eq!(marked_plies(&doc, "cycle"), rounds);
    assert_eq!(
        marked_plies(&doc, "loss"),
        [run["loss_ply"].as_u64().unwrap()]
    );
    let legends: String = by_class(&doc, "legend")
        .iter()
        .map(|n| text_of(*n))
        .collect();
    assert!(legends.contains("连续九回合禁止着法"), "{legends}");
    assert!(legends.contains("✗ 判负的一着"), "{legends}");
    // The last rounds drawn, ending with the losing move, each round's attack drawn as a
    // cycle's is (the rook's checks).
    let figures: Vec<u64> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "figure")
        .map(|n| n.attribute("data-ply").unwrap().parse().unwrap())
        .collect();
    let mut expected: Vec<u64> = rounds[rounds.len() - 3..].to_vec();
    expected.push(run["loss_ply"].as_u64().unwrap());
    assert_eq!(figures, expected);
    assert!(html.contains("最后几个回合禁止着法的局面"));
    assert!(
        html.contains("class=\"arrow check\""),
        "the rounds' checks are drawn"
    );
    // The losing move says what it was judged, as the rounds' moves do: it checks again.
    assert_eq!(run["next_move"]["ply"], run["loss_ply"]);
    assert_eq!(judged_at(&doc, "19"), ["本着：将。"]);
    assert_eq!(judged_at(&doc, "17"), ["本着：将。"]);
}

/// 参考图13 of the CXA 2020 book, its cycle played twice, in the page's languages `extra` may
/// name.
fn r13(extra: Value) -> Value {
    let moves = ["b2d2", "b3d3", "d2b2", "d3b3"].repeat(2);
    let fen = "3ak1b2/2P1a4/4b4/p7p/9/P1P2R2P/1r6p/1C2B4/4A4/2BA1K2c w - - 0 1";
    let mut game = json!({ "fen": fen, "moves": moves, "ruleset": "cxa2020" });
    if let (Some(game), Some(extra)) = (game.as_object_mut(), extra.as_object()) {
        game.extend(extra.clone());
    }
    game
}

/// The drawn moves' judged texts, in the page's languages, by ply.
fn judged_at(doc: &roxmltree::Document, ply: &str) -> Vec<String> {
    let figure = doc
        .descendants()
        .find(|n| n.tag_name().name() == "figure" && n.attribute("data-ply") == Some(ply))
        .unwrap_or_else(|| panic!("no diagram of ply {ply}"));
    figure
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|c| c == "judged"))
        })
        .map(text_of)
        .collect()
}

/// Issue 35: under each drawn move of the cycle the report says what the ruling found it
/// does, in each of the page's languages, each chase with the CXA reading that made it one
/// (the answer's `reasons`). 参考图13: Black's rook on d3 chases the advisor d0, whose root's
/// every recapture loses; Red's cannon move of ply 7 is idle, and its move of ply 5 was not
/// searched; the rook back on b3 chases the cannon b2.
#[tokio::test]
async fn each_drawn_move_says_what_it_was_judged() {
    let app = law_app();
    let html = report(&app, &r13(json!({})), "desk-judged").await;
    let doc = xml(&html);
    assert_eq!(
        judged_at(&doc, "6"),
        [
            "Nước này: bắt Sĩ d0 (căn giả: ăn lại thì thiệt).",
            "This move: chases the advisor d0 (every recapture loses).",
        ]
    );
    assert_eq!(
        judged_at(&doc, "7"),
        ["Nước này: nhàn.", "This move: idle."]
    );
    // Red's cannon step of ply 5 was not searched: Red's move of ply 7 is idle already.
    assert_eq!(
        judged_at(&doc, "5"),
        [
            "Nước này: không xét thêm (quyết định không phụ thuộc vào nước này).",
            "This move: not searched further (the verdict does not turn on it).",
        ]
    );
    assert_eq!(
        judged_at(&doc, "8"),
        ["Nước này: bắt Pháo b2.", "This move: chases the cannon b2."]
    );
    let html = report(&app, &r13(json!({ "lang": "zh" })), "desk-judged-zh").await;
    assert_eq!(
        judged_at(&xml(&html), "6"),
        ["本着：捉仕d0（假根：反吃得不偿失）。"]
    );
}

/// 图16 of the CXA 2020 book: Red's rook back (车二退三) threatens to win the rook by check
/// (一将一抽车), a chase though it names no piece. The answer marks it (`wins_by_check`), only
/// under the book that counts it, and the printed ruling says it under the move.
#[tokio::test]
async fn a_threat_to_win_by_check_is_said_under_its_move() {
    let app = law_app();
    let moves = ["h6h9", "f9f8", "h9h6", "f8f9"].repeat(2);
    let fen = "3a1k3/4a4/3cb4/P2rp2R1/6b2/9/9/5C3/4A4/4KA3 w - - 0 1";
    let mut game = json!({ "fen": fen, "moves": moves, "ruleset": "cxa2020" });
    let answer = ruling(&app, &game).await;
    let cycle = answer["repetition"]["cycle"].as_array().unwrap();
    let marked: Vec<u64> = cycle
        .iter()
        .filter(|m| m["wins_by_check"] == json!(true))
        .map(|m| m["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(marked, [7]);
    let html = report(&app, &game, "desk-wins-by-check").await;
    assert_eq!(
        judged_at(&xml(&html), "7"),
        [
            "Nước này: dọa chiếu rút ăn quân.",
            "This move: threatens to win material by check.",
        ]
    );
    game["lang"] = json!("zh");
    let html = report(&app, &game, "desk-wins-by-check-zh").await;
    assert_eq!(judged_at(&xml(&html), "7"), ["本着：伏抽吃。"]);
    game["ruleset"] = json!("vn2004");
    let answer = ruling(&app, &game).await;
    let cycle = answer["repetition"]["cycle"].as_array().unwrap();
    assert!(cycle.iter().all(|m| m.get("wins_by_check").is_none()));
}

/// CXA 26.8: a pawn's capture that uncovers the rook's check counts as a chase; the answer
/// marks it (`pawn_capture_check`, beside `check`), only under the book that counts it so.
#[tokio::test]
async fn a_pawn_capture_uncovering_check_is_marked() {
    let app = law_app();
    let mut game = json!({
        "fen": PAWN_CHECK_FEN,
        "moves": PAWN_CHECK_MOVES,
        "ruleset": "cxa2020",
    });
    let answer = ruling(&app, &game).await;
    let first = &answer["forbidden_run"]["moves"][0];
    assert_eq!(
        (&first["check"], &first["pawn_capture_check"]),
        (&json!(true), &json!(true))
    );
    let marked = answer["forbidden_run"]["moves"].as_array().unwrap().iter();
    assert_eq!(
        marked
            .filter(|m| m.get("pawn_capture_check").is_some())
            .count(),
        1
    );
    game["ruleset"] = json!("vn2004");
    let answer = ruling(&app, &game).await;
    assert!(!answer.to_string().contains("pawn_capture_check"));
}

/// A page too long for one A4 sheet is printed smaller (a `fitNN` class on the body, NN
/// the scale in percent, applied in print only), so that the signatures stay on the
/// ruling's sheet: 参考图13 in Vietnamese and English cites seven articles. A short one is
/// printed as it is. Chromium's print of 参考图13's page in Vietnamese alone, which needs it
/// too, is checked to be one page in the desk's browser test.
#[tokio::test]
async fn a_long_page_is_printed_smaller_to_fit_one_sheet() {
    let app = law_app();
    let html = report(&app, &r13(json!({})), "desk-long").await;
    let class = body_class(&html);
    let scale: u32 = class
        .as_deref()
        .and_then(|c| c.strip_prefix("fit"))
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no fit class: {class:?}"));
    assert!(
        (75..=95).contains(&scale) && scale.is_multiple_of(5),
        "{scale}"
    );
    assert!(
        html.contains(&format!(".fit{scale}{{zoom:")),
        "the style scales fit{scale}"
    );
    let mut short = case("E3@3");
    short["lang"] = json!("vi");
    let html = report(&app, &short, "desk-short").await;
    assert_eq!(body_class(&html), None);
}

/// The page's `body` class, if it has one.
fn body_class(html: &str) -> Option<String> {
    let doc = xml(html);
    let body = doc.descendants().find(|n| n.tag_name().name() == "body");
    body.and_then(|b| b.attribute("class")).map(str::to_owned)
}

/// Under a book that counts mate threats, a judged move the ruling did not search (no
/// `mate_threat`: its side's verdict turns on its other moves) is not called idle. 图17 of
/// the CXA 2020 book: Red checks, Black's king steps up (an answer to check, searched and
/// idle), Red's rook steps back, and Black's king step back is left unsearched, Black's side
/// having an idle move already.
#[tokio::test]
async fn a_move_the_ruling_did_not_search_says_so() {
    let app = law_app();
    let moves = ["b7b8", "d8d7", "b8b7", "d7d8"].repeat(2);
    let game = json!({
        "fen": "1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1",
        "moves": moves,
        "ruleset": "cxa2020",
        "lang": "en",
    });
    let answer = ruling(&app, &game).await;
    let last = &answer["repetition"]["cycle"][3];
    assert_eq!(
        (&last["ply"], &last["mate_threat"]),
        (&json!(8), &Value::Null)
    );
    let doc_html = report(&app, &game, "desk-unsearched").await;
    let doc = xml(&doc_html);
    assert_eq!(judged_at(&doc, "5"), ["This move: check."]);
    assert_eq!(judged_at(&doc, "6"), ["This move: idle."]);
    assert_eq!(
        judged_at(&doc, "8"),
        ["This move: not searched further (the verdict does not turn on it)."]
    );
}
