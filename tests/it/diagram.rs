//! The diagrams: `GET /v1/diagram.svg` and `POST /v1/diagram`. Every answer is read with an
//! XML parser; the ids and classes the pages rely on are checked; a few drawings are kept as
//! golden files in `tests/data/diagrams/` (`XA_BLESS=1 cargo test --test integration diagram::` rewrites
//! them after a deliberate change of the drawing, which its commit explains).

use std::collections::BTreeMap;

use crate::common::app::{
    body_bytes, body_json, content_type, expect_problem, get, law_app, post_json, send,
};
use crate::common::cxa_games::{NINE_ROUNDS, NINE_ROUNDS_FEN};
use crate::common::public::public_cases;
use axum::Router;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use xiangqi_arbiter::xiangqi::{Position, Square};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const DIR: &str = "tests/data/diagrams";

async fn svg_of(app: &Router, req: Request<axum::body::Body>) -> String {
    let resp = send(app, req).await;
    let status = resp.status();
    let ct = content_type(&resp);
    let body = String::from_utf8(body_bytes(resp).await).expect("UTF-8");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ct, "image/svg+xml; charset=utf-8");
    body
}

async fn get_svg(app: &Router, query: &str) -> String {
    svg_of(app, get(&format!("/v1/diagram.svg{query}"))).await
}

async fn post_svg(app: &Router, body: Value) -> String {
    svg_of(app, post_json("/v1/diagram", body.to_string())).await
}

/// The text equals the golden file `name`, or rewrites it under `XA_BLESS=1`.
fn golden(name: &str, text: &str) {
    let path = format!("{DIR}/{name}");
    if std::env::var_os("XA_BLESS").is_some() {
        std::fs::create_dir_all(DIR).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (XA_BLESS=1 writes it)"));
    assert!(
        kept == text,
        "{path} differs from the drawing made now (XA_BLESS=1 rewrites it after a deliberate change)"
    );
}

/// What a drawing shows, read back from its XML.
#[derive(Debug, Default)]
struct Drawing {
    root: BTreeMap<String, String>,
    /// Hit targets: square -> (x, y).
    squares: BTreeMap<String, (f64, f64)>,
    /// Pieces: square -> (classes, data-piece, label, disc centre).
    pieces: BTreeMap<String, (String, String, String, (f64, f64))>,
    /// Arrows: (kind, from, to).
    arrows: Vec<(String, String, String)>,
    /// Marks: (kind, square).
    marks: Vec<(String, String)>,
    /// Every text of the board itself (river, file numbers).
    texts: Vec<String>,
}

fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing"))
        .parse()
        .unwrap()
}

fn read(svg: &str) -> Drawing {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS));
    let mut d = Drawing {
        root: root
            .attributes()
            .map(|a| (a.name().to_owned(), a.value().to_owned()))
            .collect(),
        ..Drawing::default()
    };
    for node in root.children().filter(|n| n.is_element()) {
        let class = node.attribute("class").unwrap_or("");
        let kinds: Vec<&str> = class.split_whitespace().collect();
        match (node.tag_name().name(), kinds.first().copied()) {
            ("rect", Some("sq")) => {
                let sq = node.attribute("data-square").unwrap().to_owned();
                assert_eq!(node.attribute("id"), Some(format!("sq-{sq}").as_str()));
                d.squares.insert(sq, (num(node, "x"), num(node, "y")));
            }
            ("g", Some("pc")) => {
                let sq = node.attribute("data-square").unwrap().to_owned();
                assert_eq!(node.attribute("id"), Some(format!("pc-{sq}").as_str()));
                let disc = node
                    .children()
                    .find(|c| c.attribute("class") == Some("disc"))
                    .expect("a disc");
                let label = node
                    .children()
                    .find(|c| c.has_tag_name((SVG_NS, "text")))
                    .and_then(|t| t.text())
                    .expect("a label")
                    .to_owned();
                d.pieces.insert(
                    sq,
                    (
                        class.to_owned(),
                        node.attribute("data-piece").unwrap().to_owned(),
                        label,
                        (num(disc, "cx"), num(disc, "cy")),
                    ),
                );
            }
            ("g", Some("arrow")) => {
                assert_eq!(kinds.len(), 2, "{class}");
                assert!(node.children().any(|c| c.has_tag_name((SVG_NS, "line"))));
                assert!(node.children().any(|c| c.has_tag_name((SVG_NS, "polygon"))));
                d.arrows.push((
                    kinds[1].to_owned(),
                    node.attribute("data-from").unwrap().to_owned(),
                    node.attribute("data-to").unwrap().to_owned(),
                ));
            }
            ("g", Some("mark")) => {
                assert_eq!(kinds.len(), 2, "{class}");
                d.marks.push((
                    kinds[1].to_owned(),
                    node.attribute("data-square").unwrap().to_owned(),
                ));
            }
            ("text", _) => d.texts.push(node.text().unwrap_or("").to_owned()),
            _ => {}
        }
    }
    d
}

fn arrow(kind: &str, from: &str, to: &str) -> (String, String, String) {
    (kind.to_owned(), from.to_owned(), to.to_owned())
}

/// The pieces of a drawing are exactly those of the FEN, each with its colour and role.
fn assert_pieces_of(d: &Drawing, fen: &str) {
    let pos = Position::from_fen(fen).unwrap();
    let expected: Vec<(String, String)> = pos
        .board()
        .pieces()
        .map(|(sq, p)| {
            (
                sq.name().to_owned(),
                format!("pc {} {}", p.color.name(), p.role.name()),
            )
        })
        .collect();
    let drawn: Vec<(String, String)> = d
        .pieces
        .iter()
        .map(|(sq, (class, ..))| (sq.clone(), class.clone()))
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(drawn, expected);
    for (sq, (_, letter, ..)) in &d.pieces {
        let piece = pos.piece_at(Square::from_iccs(sq).unwrap()).unwrap();
        assert_eq!(letter, &piece.fen_char().to_string());
    }
}

#[tokio::test]
async fn the_start_position_is_drawn_whole() {
    let app = law_app();
    let svg = get_svg(&app, "").await;
    let d = read(&svg);
    assert_eq!(d.root["class"], "xq-board");
    assert_eq!(d.root["role"], "img");
    assert_eq!(d.root["data-flip"], "false");
    let start = Position::new().to_fen();
    assert_eq!(d.root["data-fen"], start);
    assert!(d.root["aria-label"].contains(&start));
    assert_eq!(d.squares.len(), 90);
    assert_pieces_of(&d, &start);
    assert!(d.arrows.is_empty() && d.marks.is_empty());
    // The river, and both sides' file numbers: Red's in Chinese numerals, Black's in digits.
    assert!(d.texts.iter().any(|t| t == "楚 河"));
    assert!(d.texts.iter().any(|t| t == "九") && d.texts.iter().any(|t| t == "1"));
    golden("start.svg", &svg);
}

#[tokio::test]
async fn labels_follow_the_language() {
    let app = law_app();
    for (lang, king, black_rook, river) in [
        ("zh", "帥", "車", "楚 河"),
        ("vi", "Tg", "X", "Sở Hà"),
        ("en", "K", "R", "Chu River"),
    ] {
        let svg = get_svg(&app, &format!("?lang={lang}")).await;
        let d = read(&svg);
        assert_eq!(d.pieces["e0"].2, king, "{lang}");
        assert_eq!(d.pieces["a9"].2, black_rook, "{lang}");
        assert!(d.texts.iter().any(|t| t == river), "{lang}: {:?}", d.texts);
        if lang != "zh" {
            // Digits for both sides.
            assert!(d.texts.iter().all(|t| t != "九"), "{lang}");
            golden(&format!("start-{lang}.svg"), &svg);
        }
    }
}

#[tokio::test]
async fn flipping_mirrors_every_coordinate() {
    let app = law_app();
    let plain = read(&get_svg(&app, "").await);
    let flipped_svg = get_svg(&app, "?flip=true").await;
    let flipped = read(&flipped_svg);
    assert_eq!(flipped.root["data-flip"], "true");
    let view: Vec<f64> = plain.root["viewBox"]
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let (width, height) = (view[2], view[3]);
    for (sq, &(x, y)) in &plain.squares {
        // A cell's corner mirrors to the opposite corner of the mirrored cell (cells are 50 wide).
        assert_eq!(
            flipped.squares[sq],
            (width - x - 50.0, height - y - 50.0),
            "{sq}"
        );
    }
    for (sq, (.., (cx, cy))) in &plain.pieces {
        assert_eq!(flipped.pieces[sq].3, (width - cx, height - cy), "{sq}");
    }
    // Red's king is at the bottom, then at the top.
    assert!(plain.pieces["e0"].3.1 > height / 2.0);
    assert!(flipped.pieces["e0"].3.1 < height / 2.0);
    golden("start-flip.svg", &flipped_svg);
}

#[tokio::test]
async fn arrows_and_marks_are_drawn_as_asked() {
    let app = law_app();
    let fen = "4k4/9/c8/9/9/9/9/9/9/R2K5 b - - 0 1";
    let query = format!(
        "?fen={}&arrows=a0a7:chase,h2e2:move,a7a0:chase-false,b0c2:threat-true,e9e8:check,a0a1:illegal&marks=a7:chased,e3:dest,a0:selected,b2:illegal,d0:occurrence,e9:check",
        fen.replace('/', "%2F").replace(' ', "+")
    );
    let d = read(&get_svg(&app, &query).await);
    assert_pieces_of(&d, fen);
    assert_eq!(
        d.arrows,
        vec![
            arrow("chase", "a0", "a7"),
            arrow("move", "h2", "e2"),
            arrow("chase-false", "a7", "a0"),
            arrow("threat-true", "b0", "c2"),
            arrow("check", "e9", "e8"),
            arrow("illegal", "a0", "a1"),
        ]
    );
    let marks: Vec<(&str, &str)> = d
        .marks
        .iter()
        .map(|(k, s)| (k.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        marks,
        [
            ("chased", "a7"),
            ("dest", "e3"),
            ("selected", "a0"),
            ("illegal", "b2"),
            ("occurrence", "d0"),
            ("check", "e9"),
        ]
    );
}

#[tokio::test]
async fn the_get_diagram_is_cached_by_etag() {
    let app = law_app();
    let resp = send(&app, get("/v1/diagram.svg?lang=en")).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let etag = resp.headers()[header::ETAG].to_str().unwrap().to_owned();
    assert!(
        resp.headers()[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .starts_with("public, max-age=")
    );
    let again = Request::get("/v1/diagram.svg?lang=en")
        .header(header::IF_NONE_MATCH, &etag)
        .body(axum::body::Body::empty())
        .unwrap();
    let resp = send(&app, again).await;
    assert_eq!(resp.status(), StatusCode::NOT_MODIFIED);
    assert!(body_bytes(resp).await.is_empty());
    // Another drawing, another tag.
    let other = send(&app, get("/v1/diagram.svg?lang=vi")).await;
    assert_ne!(other.headers()[header::ETAG].to_str().unwrap(), etag);
}

#[tokio::test]
async fn a_bad_query_names_its_parameter() {
    let app = law_app();
    for (query, status, slug, parameter) in [
        ("arrows=a0a7", 400, "invalid-parameter", Some("arrows")),
        ("arrows=a0a7:jump", 400, "invalid-parameter", Some("arrows")),
        ("arrows=a0a0:move", 400, "invalid-parameter", Some("arrows")),
        ("marks=k1:dest", 400, "invalid-parameter", Some("marks")),
        ("marks=a1:dest,", 400, "invalid-parameter", Some("marks")),
        ("flip=1", 400, "invalid-parameter", Some("flip")),
        ("lang=fr", 400, "invalid-parameter", Some("lang")),
        ("lang=en&lang=zh", 400, "invalid-parameter", Some("lang")),
        ("size=big", 400, "invalid-parameter", Some("size")),
        ("fen=", 422, "invalid-fen", None),
        ("fen=rnbakabnr%2F9", 422, "invalid-fen", None),
        (
            "fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4+w",
            422,
            "invalid-fen",
            None,
        ),
    ] {
        let resp = send(&app, get(&format!("/v1/diagram.svg?{query}"))).await;
        let problem = expect_problem(resp, status, slug).await;
        if let Some(p) = parameter {
            assert_eq!(problem["parameter"], p, "{query}: {problem}");
        }
    }
    let long = "a".repeat(2000);
    let resp = send(&app, get(&format!("/v1/diagram.svg?arrows={long}"))).await;
    let problem = expect_problem(resp, 400, "invalid-parameter").await;
    assert!(problem["detail"].as_str().unwrap().len() < 300, "{problem}");
}

fn case(id: &str) -> Value {
    let c = public_cases().into_iter().find(|c| c.id == id).unwrap();
    json!({ "fen": c.fen, "moves": c.moves })
}

/// The ruling's judged cycle, from `POST /v1/adjudicate`.
async fn cycle_of(app: &Router, game: &Value) -> Vec<Value> {
    let resp = send(app, post_json("/v1/adjudicate", game.to_string())).await;
    body_json(resp).await["repetition"]["cycle"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_chase_is_drawn_from_the_chaser_to_the_piece_the_ruling_names() {
    let app = law_app();
    // E3@3: Red's rook chases Black's unprotected cannon round a cycle of four plies.
    let game = case("E3@3");
    let cycle = cycle_of(&app, &game).await;
    let red = &cycle[0];
    let chase = &red["chases"][0];
    assert_eq!(chase["protection"], "unprotected");
    let (chaser, chased) = (
        chase["by"][0]["square"].as_str().unwrap(),
        chase["square"].as_str().unwrap(),
    );
    let ply = red["ply"].as_u64().unwrap();
    let mut body = game.clone();
    body["ply"] = json!(ply);
    let svg = post_svg(&app, body).await;
    let d = read(&svg);
    let iccs = red["iccs"].as_str().unwrap();
    assert_eq!(
        d.arrows,
        vec![
            arrow("move", &iccs[..2], &iccs[2..]),
            arrow("chase", chaser, chased)
        ]
    );
    assert_eq!(d.marks, vec![("chased".to_owned(), chased.to_owned())]);
    golden("e3-chase.svg", &svg);

    // Black's answer in the cycle chases nothing: its move alone.
    let black = &cycle[1];
    let mut body = game.clone();
    body["ply"] = black["ply"].clone();
    let d = read(&post_svg(&app, body).await);
    assert_eq!(d.arrows.len(), 1);
    assert!(d.marks.is_empty());

    // Before the cycle, the same move to the same position a round earlier: the same chase
    // (issue 33, item 10: the chase is shown where it first happened).
    let mut body = game.clone();
    body["ply"] = json!(1);
    let d = read(&post_svg(&app, body).await);
    assert_eq!(
        d.arrows,
        vec![arrow("move", "b0", "a0"), arrow("chase", "a0", "a7")]
    );

    // The start: no arrow at all; the request's own arrows and marks are added.
    let mut body = game;
    body["ply"] = json!(0);
    body["flip"] = json!(true);
    body["arrows"] = json!("a0a7:threat-true");
    body["marks"] = json!("e9:selected");
    let d = read(&post_svg(&app, body).await);
    assert_eq!(d.root["data-flip"], "true");
    assert_eq!(d.arrows, vec![arrow("threat-true", "a0", "a7")]);
    assert_eq!(d.marks, vec![("selected".to_owned(), "e9".to_owned())]);
}

/// Issue 35: a move of the nine rounds of forbidden moves (`cxa2020`, no position three
/// times) is drawn as a cycle's move is: the rook's check arrow on each of its checks, the
/// chased piece's arrow and mark on its chases. Under `vn2004` the same game has no ruling,
/// and the same plies show the move alone.
#[tokio::test]
async fn a_move_of_the_nine_rounds_is_drawn_as_a_cycles_move() {
    let app = law_app();
    let mut game = json!({
        "fen": NINE_ROUNDS_FEN,
        "moves": NINE_ROUNDS,
        "ruleset": "cxa2020",
    });
    let resp = send(&app, post_json("/v1/adjudicate", game.to_string())).await;
    let run = body_json(resp).await["forbidden_run"].clone();
    let red: Vec<&Value> = run["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["side"] == "red")
        .collect();
    assert_eq!(red.len(), 9);
    for m in &red {
        let mut body = game.clone();
        body["ply"] = m["ply"].clone();
        let d = read(&post_svg(&app, body).await);
        let attacks = d.arrows.iter().filter(|a| a.0 != "move").count();
        let expected = usize::from(m["check"] == true) + m["chases"].as_array().unwrap().len();
        assert!(expected > 0, "{m}");
        assert!(attacks >= expected, "{m} {:?}", d.arrows);
    }
    game["ruleset"] = json!("vn2004");
    game["ply"] = red[0]["ply"].clone();
    let d = read(&post_svg(&app, game).await);
    assert_eq!(d.arrows.len(), 1, "{:?}", d.arrows);
}

#[tokio::test]
async fn a_check_is_drawn_from_the_checker_to_the_king() {
    let app = law_app();
    // E1@3: Red's rook checks on every move of the cycle.
    let game = case("E1@3");
    let cycle = cycle_of(&app, &game).await;
    let ply_of_last_check = cycle.iter().rev().find(|m| m["check"] == true).unwrap()["ply"].clone();
    let mut body = game;
    body["ply"] = ply_of_last_check;
    let d = read(&post_svg(&app, body).await);
    let checked = Position::from_fen(&d.root["data-fen"]).unwrap();
    let king = checked.king(checked.turn()).name().to_owned();
    let checks: Vec<_> = d.arrows.iter().filter(|a| a.0 == "check").collect();
    assert!(!checks.is_empty(), "{:?}", d.arrows);
    for (_, from, to) in checks {
        assert_eq!(to, &king);
        let piece = checked.piece_at(Square::from_iccs(from).unwrap()).unwrap();
        assert_ne!(
            piece.color,
            checked.turn(),
            "the checker is the other side's"
        );
    }
}

#[tokio::test]
async fn a_chase_is_drawn_on_its_earlier_rounds_too() {
    // Issue 33, item 10: the chase the law judged on the last round is drawn where the same
    // move first made it, a whole cycle earlier; a ply of no round has no chase arrow.
    let app = law_app();
    let game = case("E3@3");
    let ruling = body_json(send(&app, post_json("/v1/adjudicate", game.to_string())).await).await;
    let rep = &ruling["repetition"];
    let length = rep["trigger_ply"].as_u64().unwrap() - rep["previous_ply"].as_u64().unwrap();
    let mut chased_somewhere = false;
    for m in rep["cycle"].as_array().unwrap() {
        let ply = m["ply"].as_u64().unwrap();
        let mut at = game.clone();
        at["ply"] = json!(ply);
        let now = read(&post_svg(&app, at).await);
        let mut before = game.clone();
        before["ply"] = json!(ply - length);
        let then = read(&post_svg(&app, before).await);
        let chases = |d: &Drawing| -> Vec<_> {
            d.arrows.iter().filter(|a| a.0 != "move").cloned().collect()
        };
        assert_eq!(chases(&then), chases(&now), "ply {ply} and a cycle before");
        chased_somewhere |= !chases(&now).is_empty();
    }
    assert!(chased_somewhere);
    let mut first = game;
    first["ply"] = json!(0);
    let d = read(&post_svg(&app, first).await);
    assert!(d.arrows.is_empty(), "{:?}", d.arrows);
}

#[tokio::test]
async fn a_king_in_check_is_marked_on_every_ply() {
    // Issue 33, item 7: a mate outside any repetition; the mated king is ringed, and a king not
    // in check is not.
    let app = law_app();
    let body = json!({ "fen": "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", "moves": ["a0a9"] });
    let d = read(&post_svg(&app, body.clone()).await);
    assert!(
        d.marks.contains(&("check".to_owned(), "d9".to_owned())),
        "{:?}",
        d.marks
    );
    let mut before = body;
    before["ply"] = json!(0);
    let d = read(&post_svg(&app, before).await);
    assert!(d.marks.iter().all(|(k, _)| k != "check"), "{:?}", d.marks);
}

#[tokio::test]
async fn a_truly_protected_target_is_a_threat_not_a_chase() {
    let app = law_app();
    // E6@3: the rook attacks a truly protected cannon: no chase, no chased mark.
    let game = case("E6@3");
    let cycle = cycle_of(&app, &game).await;
    let with_threat = cycle
        .iter()
        .find(|m| !m["chases"].as_array().unwrap().is_empty())
        .expect("a threat in the cycle");
    assert_eq!(with_threat["chases"][0]["protection"], "true_protection");
    let mut body = game;
    body["ply"] = with_threat["ply"].clone();
    body["lang"] = json!("en");
    let d = read(&post_svg(&app, body).await);
    let kinds: Vec<&str> = d.arrows.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(kinds, ["move", "threat-true"]);
    assert!(d.marks.is_empty());
    assert_eq!(d.root["data-lang"], "en");
}

#[tokio::test]
async fn bad_game_diagrams_are_problems() {
    let app = law_app();
    let game = case("E3@3");
    let with = |key: &str, value: Value| {
        let mut body = game.clone();
        body[key] = value;
        body.to_string()
    };
    for (body, status, slug) in [
        (with("ply", json!(9)), 422, "invalid-request"),
        (with("ply", json!(-1)), 422, "invalid-request"),
        (with("ply", json!(1.5)), 400, "malformed-json"),
        (with("arrows", json!("a0:move")), 422, "invalid-request"),
        (with("marks", json!("a0a1:dest")), 422, "invalid-request"),
        (with("lang", json!("fr")), 422, "invalid-request"),
        (with("flip", json!("yes")), 400, "malformed-json"),
        (with("plies", json!(3)), 422, "unknown-field"),
        (
            json!({"moves": ["h2e2", "h9g7", "e2e9"]}).to_string(),
            422,
            "illegal-move",
        ),
        (json!({"moves": ["zz"]}).to_string(), 422, "unparsable-move"),
        (
            json!({"fen": "9/9 w", "moves": []}).to_string(),
            422,
            "invalid-fen",
        ),
    ] {
        let resp = send(&app, post_json("/v1/diagram", body.clone())).await;
        let problem = expect_problem(resp, status, slug).await;
        if slug == "invalid-request" {
            assert!(problem["field"].is_string(), "{body}: {problem}");
        }
    }
    // The illegal move's problem is adjudicate's own.
    let body = json!({"moves": ["h2e2", "h9g7", "e2e9"]}).to_string();
    let a = body_json(send(&app, post_json("/v1/adjudicate", body.clone())).await).await;
    let d = body_json(send(&app, post_json("/v1/diagram", body)).await).await;
    assert_eq!(a, d);
}

#[tokio::test]
async fn a_falsely_protected_target_is_chased_all_the_same() {
    let app = law_app();
    // The game of tests/it/api_law.rs: the g-rook chases the cannon; on d7 the king guards it
    // only falsely (the recapture would put it on the h-rook's rank).
    let game = json!({
        "fen": "9/3k5/6RR1/3c5/9/9/9/9/9/5K3 w - - 0 1",
        "moves": ["g7g6", "d6d7", "g6g7", "d7d6", "g7g6", "d6d7", "g6g7", "d7d6"],
    });
    let cycle = cycle_of(&app, &game).await;
    let chase = &cycle[2]["chases"][0];
    assert_eq!(chase["protection"], "false_protection");
    let mut body = game;
    body["ply"] = cycle[2]["ply"].clone();
    let d = read(&post_svg(&app, body).await);
    let (by, target) = (
        chase["by"][0]["square"].as_str().unwrap(),
        chase["square"].as_str().unwrap(),
    );
    assert!(
        d.arrows.contains(&arrow("chase-false", by, target)),
        "{:?}",
        d.arrows
    );
    assert_eq!(d.marks, vec![("chased".to_owned(), target.to_owned())]);
}

#[tokio::test]
async fn drawing_problems_speak_the_language_asked_for() {
    let app = law_app();
    // GET: the query has no language of problems; Accept-Language gives it.
    let mut req = get("/v1/diagram.svg?flip=1");
    req.headers_mut()
        .insert(header::ACCEPT_LANGUAGE, "vi".parse().unwrap());
    let problem = expect_problem(send(&app, req).await, 400, "invalid-parameter").await;
    assert_eq!(
        problem["detail"],
        "tham số truy vấn flip: phải là true hoặc false, nhưng nhận được \"1\""
    );
    let problem = expect_problem(
        send(&app, get("/v1/diagram.svg?flip=1")).await,
        400,
        "invalid-parameter",
    )
    .await;
    assert_eq!(
        problem["detail"],
        "query parameter flip: expected true or false, got \"1\""
    );

    // POST: the body's lang, as for adjudicate.
    let mut game = case("E3@3");
    game["ply"] = json!(99);
    game["lang"] = json!("zh");
    let resp = send(&app, post_json("/v1/diagram", game.to_string())).await;
    let problem = expect_problem(resp, 422, "invalid-request").await;
    assert_eq!(
        problem["detail"],
        "ply: 应在0到8（本局的步数）之间，收到的是99"
    );
    let mut report = case("E3@3");
    report["moves"][2] = json!("a0a1");
    report["lang"] = json!("vi");
    let resp = send(&app, post_json("/v1/report", report.to_string())).await;
    let problem = expect_problem(resp, 422, "illegal-move").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("Đỏ"),
        "{problem}"
    );
}
