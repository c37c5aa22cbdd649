//! Languages through HTTP (issue 16, part 5): `lang` in the body narrows the answer's texts to
//! one language; `Accept-Language` adds its language beside Vietnamese and English; nothing
//! asked keeps `vi` and `en`, as the API always answered. And moves named as the score sheet
//! names them (part 3): `move_number` beside `ply`, in the notation the request used.

use axum::http::{StatusCode, header::ACCEPT_LANGUAGE};
use serde_json::{Value, json};

use crate::common::app::{body_json, get, law_app, post_json, send};

const FEN: &str = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
const MOVES: [&str; 9] = [
    "a1a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9", "a8a9",
];

async fn adjudicate(body: Value, accept_language: Option<&str>) -> (StatusCode, Value) {
    let mut req = post_json("/v1/adjudicate", body.to_string());
    if let Some(l) = accept_language {
        req.headers_mut()
            .insert(ACCEPT_LANGUAGE, l.parse().expect("header value"));
    }
    let resp = send(&law_app(), req).await;
    (resp.status(), body_json(resp).await)
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

#[tokio::test]
async fn no_lang_keeps_vietnamese_and_english() {
    let (status, a) = adjudicate(json!({ "fen": FEN, "moves": MOVES }), None).await;
    assert_eq!(status, 200);
    assert_eq!(keys(&a["explanation"]), ["en", "vi"]);
    assert_eq!(keys(&a["articles"][0]["summary"]), ["en", "vi"]);
}

#[tokio::test]
async fn lang_zh_answers_in_chinese_only() {
    let (status, a) = adjudicate(json!({ "fen": FEN, "moves": MOVES, "lang": "zh" }), None).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(keys(&a["explanation"]), ["zh"]);
    assert_eq!(
        a["explanation"]["zh"],
        "第1回合红方后的局面在第5回合红方（车九进一，a8a9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车a8/a9每着皆将军，属长将（第23条第1项）。红方必须变着，否则判负（第7条第1款g项）。"
    );
    assert_eq!(keys(&a["articles"][0]["summary"]), ["zh"]);
    assert_eq!(a["articles"][0]["label"], "第7条第1款g项");
    assert_eq!(
        a["articles"][0]["summary"]["zh"],
        "对方长将，应变着而不变者，本方胜。"
    );
}

#[tokio::test]
async fn lang_vi_and_en_answer_in_that_language_only() {
    for lang in ["vi", "en"] {
        let (status, a) =
            adjudicate(json!({ "fen": FEN, "moves": MOVES, "lang": lang }), None).await;
        assert_eq!(status, 200);
        assert_eq!(keys(&a["explanation"]), [lang]);
    }
}

#[tokio::test]
async fn accept_language_adds_its_language_beside_vi_and_en() {
    let body = json!({ "fen": FEN, "moves": MOVES });
    let (_, a) = adjudicate(body.clone(), Some("zh-CN,zh;q=0.9,en;q=0.8")).await;
    assert_eq!(keys(&a["explanation"]), ["en", "vi", "zh"]);
    // A browser's English header changes nothing.
    let (_, plain) = adjudicate(body.clone(), None).await;
    let (_, en) = adjudicate(body.clone(), Some("en-US,en;q=0.9")).await;
    assert_eq!(en, plain);
    // `lang` wins over the header.
    let mut with_lang = body;
    with_lang["lang"] = json!("en");
    let (_, a) = adjudicate(with_lang, Some("zh")).await;
    assert_eq!(keys(&a["explanation"]), ["en"]);
}

#[tokio::test]
async fn an_unknown_lang_is_an_invalid_request() {
    let (status, p) = adjudicate(json!({ "moves": [], "lang": "fr" }), None).await;
    assert_eq!(status, 422);
    assert_eq!(p["field"], "lang", "{p}");
}

#[tokio::test]
async fn compare_follows_lang() {
    let body = json!({ "fen": FEN, "moves": MOVES, "lang": "zh", "compare": true });
    let (_, a) = adjudicate(body, None).await;
    for book in a["comparison"].as_array().expect("comparison") {
        assert_eq!(keys(&book["explanation"]), ["zh"]);
    }
}

#[tokio::test]
async fn rulesets_serve_three_languages_and_mark_the_translation() {
    let resp = send(&law_app(), get("/v1/rulesets")).await;
    let a = body_json(resp).await;
    for book in a["rulesets"].as_array().expect("rulesets") {
        assert_eq!(keys(&book["name"]), ["en", "vi", "zh"]);
        // Every language but the book's own is marked as our translation: Chinese for the
        // Vietnamese and Asian books, Vietnamese and English for the Chinese one.
        let translated: Vec<&str> = book["translations"]
            .as_array()
            .expect("translations")
            .iter()
            .map(|t| t["lang"].as_str().expect("a language"))
            .collect();
        let want: &[&str] = if book["id"] == "cxa2020" {
            &["vi", "en"]
        } else {
            &["zh"]
        };
        assert_eq!(translated, want, "{}", book["id"]);
        for t in book["translations"].as_array().expect("translations") {
            assert_eq!(keys(&t["note"]), ["en", "vi", "zh"]);
        }
        // Only the provisional book says so, in every language.
        if book["id"] == "cxa2020" {
            assert_eq!(keys(&book["provisional"]), ["en", "vi", "zh"]);
        } else {
            assert!(book.get("provisional").is_none(), "{}", book["id"]);
        }
        for article in book["articles"].as_array().expect("articles") {
            assert_eq!(keys(&article["summary"]), ["en", "vi", "zh"], "{article}");
        }
    }
}

#[tokio::test]
async fn moves_are_named_by_number_and_side_in_each_languages_notation() {
    // The same perpetual check in WXF, from a FEN whose full-move number is 23: English names
    // the moves in WXF, Vietnamese in the VN notation (issue 31: T8, U31).
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 23";
    let wxf = [
        "R9+8", "K4+1", "R9-1", "K4-1", "R9+1", "K4+1", "R9-1", "K4-1", "R9+1",
    ];
    let body = json!({ "fen": fen, "moves": wxf, "notation": "wxf" });
    let (status, a) = adjudicate(body, None).await;
    assert_eq!(status, 200, "{a}");
    let rep = &a["repetition"];
    assert_eq!(
        rep["trigger"],
        json!({ "ply": 9, "move_number": 27, "side": "red" })
    );
    let first = &rep["cycle"][0];
    assert_eq!(first["ply"], 6);
    assert_eq!(first["move_number"], 25);
    assert_eq!(first["side"], "black");
    let en = a["explanation"]["en"].as_str().expect("en");
    assert!(en.contains("after move 27 (Red: R9+1, a8a9)"), "{en}");
    assert!(en.contains("from move 25 (Black) to move 27 (Red)"), "{en}");
    let vi = a["explanation"]["vi"].as_str().expect("vi");
    assert!(vi.contains("sau nước 27 (lượt Đỏ: X9.1, a8a9)"), "{vi}");
    // WXF counts files from each player's right: the rook on a-file is on file 9.
    assert!(en.contains("with its rook on file 9"), "{en}");
    assert!(vi.contains("Xe 9 bên Đỏ chiếu liên tục"), "{vi}");
}

#[tokio::test]
async fn chinese_notation_names_moves_and_files_as_a_chinese_score_sheet() {
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 23";
    let moves = [
        "车九进八",
        "将4进1",
        "车九退一",
        "将4退1",
        "车九进一",
        "将4进1",
        "车九退一",
        "将4退1",
        "车九进一",
    ];
    let body = json!({ "fen": fen, "moves": moves, "notation": "chinese", "lang": "zh" });
    let (status, a) = adjudicate(body, None).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        a["explanation"]["zh"],
        "第23回合红方后的局面在第27回合红方（车九进一，a8a9）后第三次出现。循环中（自第25回合黑方至第27回合红方）红九路车每着皆将军，属长将（第23条第1项）。红方必须变着，否则判负（第7条第1款g项）。"
    );
}

#[tokio::test]
async fn vn_notation_names_a_chase_by_files() {
    let body = json!({
        "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "moves": ["X8-9", "P1-2", "X9-8", "P2-1", "X8-9", "P1-2", "X9-8", "P2-1", "X8-9"],
        "notation": "vn",
        "lang": "vi",
    });
    let (status, a) = adjudicate(body, None).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        a["explanation"]["vi"],
        "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: P2-1, b7a7). Xe 9/8 bên Đỏ đuổi bắt Pháo 1/2 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Pháo bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đỏ không đổi nước mà lặp lại ở nước 5 (lượt Đỏ: X8-9, b0a0), nên bị xử thua (Điều 7.1.h)."
    );
}

#[tokio::test]
async fn move_problems_say_the_move_number_and_side() {
    let (status, p) = adjudicate(json!({ "moves": ["h2e2", "h7h0"] }), None).await;
    assert_eq!(status, 422);
    assert_eq!(p["ply"], 2);
    assert_eq!(p["move_number"], 1);
    assert_eq!(p["side"], "black");
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("ply 2 (move 1, black): illegal move")
    );
    // Black to move first, at move 40: its second move is move 41.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 40";
    let body = json!({ "fen": fen, "moves": ["h7e7", "h2e2", "zz"] });
    let (status, p) = adjudicate(body, None).await;
    assert_eq!(status, 422);
    assert_eq!(p["ply"], 3);
    assert_eq!(p["move_number"], 41);
    assert_eq!(p["side"], "black");
}
