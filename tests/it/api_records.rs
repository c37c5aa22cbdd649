//! Game records through the API (issue 16): the `game` field takes a PGN record, a numbered
//! score sheet or DhtmlXQ blocks instead of `moves`; the same game gets the same ruling
//! whatever its form, and a problem in a record says where in the record it is. A record may
//! also be the body itself (issue 32), in its own encoding, its options in the query.

use crate::common::app::{body_json, expect_problem, law_app, post_json, send};
use axum::body::Body;
use axum::http::{Request, header};
use serde_json::{Value, json};

async fn post(body: Value) -> axum::response::Response {
    send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await
}

async fn ruling(body: Value) -> (Value, Value, Value) {
    let resp = post(body).await;
    assert_eq!(resp.status(), 200);
    let a = body_json(resp).await;
    (
        a["verdict"].clone(),
        a["violator"].clone(),
        a["articles"].clone(),
    )
}

#[tokio::test]
async fn the_same_game_in_every_form_gets_the_same_ruling() {
    let game200: Value =
        serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON");
    let expected = ruling(json!({ "fen": game200["fen"], "moves": game200["moves"] })).await;
    for file in [
        "game200_iccs.pgn",
        "game200_wxf.pgn",
        "game200_chinese.pgn",
        "game200_dhtmlxq.txt",
    ] {
        let text = std::fs::read_to_string(format!("tests/data/records/{file}")).unwrap();
        assert_eq!(ruling(json!({ "game": text })).await, expected, "{file}");
    }
    // The numbered Vietnamese sheet has no tags: the start comes from `fen`, the notation is
    // detected.
    let sheet = std::fs::read_to_string("tests/data/records/game200_vn_sheet.txt").unwrap();
    let answer = ruling(json!({ "game": sheet, "fen": game200["fen"] })).await;
    assert_eq!(answer, expected);
}

#[tokio::test]
async fn a_perpetual_chase_written_as_a_wxf_score_sheet_is_ruled() {
    let body = json!({
        "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "game": "1. R8=9 C1=2 2. R9=8 C2=1\n3. R8=9 C1=2 4. R9=8 C2=1",
    });
    let resp = post(body).await;
    assert_eq!(resp.status(), 200);
    let a = body_json(resp).await;
    assert_eq!(
        (a["verdict"].as_str(), a["violator"].as_str()),
        (Some("must_change"), Some("red"))
    );
    // The cycle audit quotes the moves as the record writes them.
    assert_eq!(a["repetition"]["cycle"][0]["move"], "R8=9", "{a}");
}

#[tokio::test]
async fn problems_point_into_the_record() {
    const FEN: &str = "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1";
    // An illegal move: the move's own problem, with its line and column.
    let p = expect_problem(
        post(json!({ "fen": FEN, "game": "1. b0a0 a7b7\n2. a0b0 b7a9", "notation": "iccs" })).await,
        422,
        "illegal-move",
    )
    .await;
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64(), p["ply"].as_u64()),
        (Some(2), Some(9), Some(4)),
        "{p}"
    );
    // A record that does not read.
    let p = expect_problem(
        post(json!({ "game": "1. h2e2 {never closed" })).await,
        422,
        "invalid-record",
    )
    .await;
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(1), Some(9)),
        "{p}"
    );
    // No notation reads every move, and none further than the others: each is named with the
    // move it stops at.
    let p = expect_problem(
        post(json!({ "game": "1. zz h2e2" })).await,
        422,
        "invalid-record",
    )
    .await;
    let detail = p["detail"].as_str().unwrap();
    assert!(
        detail.contains("ICCS stops at \"zz\" (line 1, column 4)"),
        "{detail}"
    );
    // One notation reads further than the others: the record is in it, and the move it stops
    // at gets that notation's own problem, where it stands.
    let p = expect_problem(
        post(json!({ "game": "1. h2e2 zz" })).await,
        422,
        "unparsable-move",
    )
    .await;
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(1), Some(9)),
        "{p}"
    );
    // Moves twice, and two different starts, are refused.
    expect_problem(
        post(json!({ "game": "1. h2e2", "moves": ["h2e2"] })).await,
        422,
        "invalid-request",
    )
    .await;
    let pgn = format!("[FEN \"{FEN}\"]\n1. b0a0");
    expect_problem(
        post(json!({ "game": pgn, "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" })).await,
        422,
        "invalid-request",
    )
    .await;
}

#[tokio::test]
async fn a_spelled_out_move_that_is_not_one_is_worded_in_every_language() {
    for (lang, words) in [
        ("en", "is not a move spelled out in Vietnamese"),
        ("vi", "không phải nước đi viết bằng chữ"),
        ("zh", "不是用越南文写出的着法"),
    ] {
        let p = expect_problem(
            post(json!({ "game": "1. Pháo 2 bình, Mã 8 tấn 7", "lang": lang })).await,
            422,
            "invalid-record",
        )
        .await;
        let detail = p["detail"].as_str().expect("a detail");
        assert!(
            detail.contains("Pháo 2 bình Mã") && detail.contains(words),
            "{detail}"
        );
        assert_eq!(
            (p["line"].as_u64(), p["column"].as_u64()),
            (Some(1), Some(4))
        );
    }
}

// ---------------------------------------------------------------------------------------------
// A record sent as the body itself (issue 32): its options in the query, its bytes in their
// own encoding
// ---------------------------------------------------------------------------------------------

/// The perpetual chase of the README as a WXF sheet, with its start.
const CHASE_SHEET: &str = "[FEN \"4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\
                           1. R8=9 C1=2 2. R9=8 C2=1\n3. R8=9 C1=2 4. R9=8 C2=1";

/// `bytes` sent to `uri` as the body, with `content_type` and an `Accept-Language`.
async fn post_raw(
    uri: &str,
    content_type: &str,
    bytes: impl Into<Vec<u8>>,
    accept_language: Option<&str>,
) -> axum::response::Response {
    let mut req = Request::post(uri).header(header::CONTENT_TYPE, content_type);
    if let Some(lang) = accept_language {
        req = req.header(header::ACCEPT_LANGUAGE, lang);
    }
    send(&law_app(), req.body(Body::from(bytes.into())).unwrap()).await
}

#[tokio::test]
async fn a_record_sent_as_the_body_is_ruled_as_the_same_record_sent_as_json() {
    for (query, fields) in [
        ("", json!({})),
        (
            "?ruleset=axf&lang=vi",
            json!({ "ruleset": "axf", "lang": "vi" }),
        ),
        (
            "?compare=true&no_capture_limit=60&notation=wxf",
            json!({ "compare": true, "no_capture_limit": 60, "notation": "wxf" }),
        ),
    ] {
        let resp = post_raw(
            &format!("/v1/adjudicate{query}"),
            "application/x-chess-pgn",
            CHASE_SHEET,
            None,
        )
        .await;
        assert_eq!(resp.status(), 200, "{query}");
        let mut raw = body_json(resp).await;
        assert_eq!(raw["record_encoding"], "utf-8", "{query}");
        raw.as_object_mut().unwrap().remove("record_encoding");
        let mut body = fields;
        body["game"] = json!(CHASE_SHEET);
        let as_json = body_json(post(body).await).await;
        assert_eq!(raw, as_json, "{query}");
    }
}

#[tokio::test]
async fn with_a_json_body_the_query_fills_the_fields_the_body_does_not_set() {
    let body = json!({ "game": CHASE_SHEET, "lang": "en" }).to_string();
    let a = body_json(
        post_raw(
            "/v1/adjudicate?lang=zh&ruleset=axf",
            "application/json",
            body,
            None,
        )
        .await,
    )
    .await;
    // The body's `lang` wins; the query's `ruleset` fills the field the body lacks.
    assert!(
        a["explanation"]["en"].is_string() && a["explanation"].get("zh").is_none(),
        "{a}"
    );
    assert!(
        a["articles"][0]["ref"].as_str().unwrap().starts_with("AXF"),
        "{a}"
    );
    assert!(a.get("record_encoding").is_none(), "JSON is UTF-8: {a}");
}

#[tokio::test]
async fn the_query_is_checked_like_the_json_fields_in_the_asked_language() {
    for (query, status, slug, field) in [
        ("moves=h2e2", 400, "invalid-parameter", "moves"),
        ("lang=vi&lang=en", 400, "invalid-parameter", "lang"),
        ("compare=yes", 400, "invalid-parameter", "compare"),
        (
            "no_capture_limit=ten",
            400,
            "invalid-parameter",
            "no_capture_limit",
        ),
        ("ruleset=asian", 422, "unknown-ruleset", ""),
        ("notation=lan", 422, "unknown-notation", ""),
        (
            "no_capture_limit=0",
            422,
            "invalid-request",
            "no_capture_limit",
        ),
        ("lang=fr", 422, "invalid-request", "lang"),
    ] {
        for content_type in ["application/x-chess-pgn", "application/json"] {
            let body = if content_type.ends_with("json") {
                json!({ "game": CHASE_SHEET }).to_string()
            } else {
                CHASE_SHEET.to_owned()
            };
            let uri = format!("/v1/adjudicate?{query}");
            let p =
                expect_problem(post_raw(&uri, content_type, body, None).await, status, slug).await;
            if status == 400 {
                assert_eq!(p["parameter"], field, "{query}: {p}");
            } else if !field.is_empty() {
                assert_eq!(p["field"], field, "{query}: {p}");
            }
        }
    }
    // An unknown parameter, named in the query's `lang`, else the header's.
    let p = expect_problem(
        post_raw(
            "/v1/adjudicate?lang=zh&Ruleset=axf",
            "text/plain",
            CHASE_SHEET,
            Some("vi"),
        )
        .await,
        400,
        "invalid-parameter",
    )
    .await;
    assert_eq!(p["parameter"], "Ruleset");
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("查询参数Ruleset：未知参数"),
        "{p}"
    );
    let p = expect_problem(
        post_raw(
            "/v1/adjudicate?Ruleset=axf",
            "text/plain",
            CHASE_SHEET,
            Some("vi"),
        )
        .await,
        400,
        "invalid-parameter",
    )
    .await;
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("tham số truy vấn Ruleset"),
        "{p}"
    );
}

#[tokio::test]
async fn bytes_that_are_not_text_in_their_charset_say_which_and_where_in_every_language() {
    // GBK's bytes declared as Big5: 編 in GBK, BE 8E, is no Big5 character.
    let (gbk, _, _) = encoding_rs::GBK.encode("[Event \"編\"]\n1. h2e2");
    for (lang, words) in [
        (
            "en",
            "the bytes at offset 8 (line 1, column 9) are not big5 text, the charset declared",
        ),
        (
            "vi",
            "các byte từ vị trí 8 (dòng 1, cột 9) không phải văn bản big5, bảng mã (charset) \
             được khai báo",
        ),
        (
            "zh",
            "第8字节起（第1行第9列）不是big5文本（所声明的字符集）",
        ),
    ] {
        let p = expect_problem(
            post_raw(
                &format!("/v1/adjudicate?lang={lang}"),
                "text/plain; charset=big5",
                gbk.clone(),
                None,
            )
            .await,
            422,
            "invalid-record",
        )
        .await;
        assert_eq!(p["detail"], words, "{p}");
        assert_eq!(
            (&p["encoding"], &p["offset"], &p["line"], &p["column"]),
            (&json!("big5"), &json!(8), &json!(1), &json!(9)),
            "{p}"
        );
    }
    // Declared UTF-8 that is not; the byte-order marks' UTF-8 and UTF-16 with a byte or a
    // lone surrogate they cannot read: a 4xx each, never a 500.
    let cases: [(&str, &[u8], &str, u64); 3] = [
        ("text/plain; charset=utf-8", b"1. h2e2 \xFF\xFE", "utf-8", 8),
        (
            "application/octet-stream",
            b"\xEF\xBB\xBF1. \xC0",
            "utf-8",
            6,
        ),
        ("text/plain", b"\xFF\xFE1\x00.\x00\x00\xD8", "utf-16le", 6),
    ];
    for (content_type, bytes, encoding, offset) in cases {
        let p = expect_problem(
            post_raw("/v1/adjudicate", content_type, bytes, None).await,
            422,
            "invalid-record",
        )
        .await;
        assert_eq!(
            (&p["encoding"], &p["offset"]),
            (&json!(encoding), &json!(offset)),
            "{p}"
        );
    }
}

#[tokio::test]
async fn a_charset_or_media_type_the_route_does_not_read_is_415() {
    let p = expect_problem(
        post_raw(
            "/v1/adjudicate?lang=vi",
            "text/plain; charset=klingon",
            CHASE_SHEET,
            None,
        )
        .await,
        415,
        "unsupported-charset",
    )
    .await;
    assert_eq!(p["charset"], "klingon");
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("không có bảng mã \"klingon\""),
        "{p}"
    );
    let p = expect_problem(
        post_raw("/v1/adjudicate", "text/html", CHASE_SHEET, None).await,
        415,
        "unsupported-media-type",
    )
    .await;
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .contains("application/x-chess-pgn"),
        "{p}"
    );
    // JSON sent without its media type (`fetch` sends a string as `text/plain`) is not read
    // as a record of one comment, ruled on no moves.
    let p = expect_problem(
        post_raw(
            "/v1/adjudicate",
            "text/plain;charset=UTF-8",
            r#" {"moves": ["h2e2"]}"#,
            None,
        )
        .await,
        415,
        "unsupported-media-type",
    )
    .await;
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("the body is JSON, sent as a game record"),
        "{p}"
    );
    // The other routes take JSON only, and say so.
    let p = expect_problem(
        post_raw("/v1/legal-moves", "text/plain", "1. h2e2", None).await,
        415,
        "unsupported-media-type",
    )
    .await;
    assert_eq!(p["detail"], "expected Content-Type: application/json");
}

#[tokio::test]
async fn a_record_body_has_the_json_bodys_limits() {
    // The body limit (413), and the record's own limit, counted on the text read.
    let config = xiangqi_arbiter::config::Config {
        max_body_bytes: 1024,
        ..Default::default()
    };
    let app = xiangqi_arbiter::http::app(
        &config,
        std::sync::Arc::new(xiangqi_arbiter::api::LawArbiter),
    );
    let req = Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, "application/x-chess-pgn")
        .body(Body::from("1. h2e2 h9g7 ".repeat(100)))
        .unwrap();
    expect_problem(send(&app, req).await, 413, "payload-too-large").await;
    let long = "{a comment} ".repeat(12_000);
    expect_problem(
        post_raw("/v1/adjudicate", "text/plain", long, None).await,
        422,
        "invalid-request",
    )
    .await;
}
