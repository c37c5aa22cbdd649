//! Problems in the request's language (issue 16, part 5): `lang` in the body, else
//! `Accept-Language`, selects the language of every problem's `detail` (and of the human
//! `message`s among its members). English stays the default, word for word as before; titles
//! stay English, like the type they name. One test per problem kind, through the router.

use axum::body::Body;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::{Request, header};
use futures_util::stream::{self, StreamExt};
use serde_json::{Value, json};
use xiangqi_arbiter::config::Config;

use crate::common::app::{app_with, body_json, get, law_app, post_json, send};

/// The problem answered to `body` at `path`, sent with `Accept-Language: header` if given.
async fn problem(path: &str, body: String, header: Option<&str>) -> Value {
    problem_from(&law_app(), path, body, header).await
}

async fn problem_from(
    app: &axum::Router,
    path: &str,
    body: impl Into<Body>,
    header: Option<&str>,
) -> Value {
    let mut req = post_json(path, body);
    if let Some(l) = header {
        req.headers_mut()
            .insert(ACCEPT_LANGUAGE, l.parse().expect("header value"));
    }
    let resp = send(app, req).await;
    assert!(resp.status().is_client_error() || resp.status().is_server_error());
    body_json(resp).await
}

/// The `detail` of `body`'s problem with `"lang"` set to vi, en and zh in turn.
async fn details(path: &str, body: Value) -> [String; 3] {
    let mut out: [String; 3] = Default::default();
    for (i, lang) in ["vi", "en", "zh"].into_iter().enumerate() {
        let mut b = body.clone();
        b["lang"] = json!(lang);
        let p = problem(path, b.to_string(), None).await;
        out[i] = p["detail"].as_str().expect("a detail").to_owned();
    }
    out
}

/// The `detail` of the problem answered to `body` with `Accept-Language` vi, en and zh.
async fn details_by_header(app: &axum::Router, path: &str, body: &str) -> [String; 3] {
    let mut out: [String; 3] = Default::default();
    for (i, lang) in ["vi", "en", "zh"].into_iter().enumerate() {
        let p = problem_from(app, path, body.to_owned(), Some(lang)).await;
        out[i] = p["detail"].as_str().expect("a detail").to_owned();
    }
    out
}

async fn english(path: &str, body: Value) -> Value {
    problem(path, body.to_string(), None).await
}

#[tokio::test]
async fn invalid_fen_names_groups_and_pieces_in_each_language() {
    // Three red rooks, and the 4th group covers 8 points.
    let fen = "3k5/9/9/8/9/9/9/R1R1R4/9/4K4 w - - 0 1";
    let body = json!({ "fen": fen, "moves": [] });
    let [vi, en, zh] = details("/v1/adjudicate", body.clone()).await;
    assert_eq!(
        en,
        "invalid FEN: the 4th group, \"8\", covers 8 points, expected 9"
    );
    assert_eq!(
        vi,
        "FEN không hợp lệ: nhóm thứ 4 (\"8\") chỉ chiếm 8 điểm, cần 9"
    );
    assert_eq!(zh, "FEN无效：第4组（\"8\"）只有8个点，应为9个");
    let fen = "3k5/9/9/9/9/9/9/R1R1R4/9/4K4 w - - 0 1";
    let body = json!({ "fen": fen, "moves": [] });
    let [vi, en, zh] = details("/v1/adjudicate", body.clone()).await;
    assert_eq!(en, "invalid FEN: three red rooks: at most two are allowed");
    assert_eq!(vi, "FEN không hợp lệ: ba Xe Đỏ: mỗi bên chỉ được có hai Xe");
    assert_eq!(zh, "FEN无效：三个红车：每方最多只能有两个");
    // The members say it too, in the same language.
    let mut zh_body = body;
    zh_body["lang"] = json!("zh");
    let p = problem("/v1/adjudicate", zh_body.to_string(), None).await;
    assert_eq!(
        p["problems"],
        json!([{ "kind": "too_many_pieces", "message": "三个红车：每方最多只能有两个" }])
    );
    assert_eq!(p["title"], "Invalid FEN");
}

#[tokio::test]
async fn setup_problems_name_pieces_as_a_player_would() {
    let fen = "5k3/9/9/9/9/9/9/9/9/3KA4 w - - 0 1";
    let body = json!({ "fen": fen, "moves": [] });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "invalid FEN: the red advisor on e0 (the 10th group) is off the palace diagonals"
    );
    assert_eq!(
        vi,
        "FEN không hợp lệ: Sĩ Đỏ ở e0 (nhóm thứ 10) không nằm trên đường chéo của cung"
    );
    assert_eq!(zh, "FEN无效：e0（第10组）的红仕不在九宫斜线上");
}

#[tokio::test]
async fn illegal_move_reason_in_each_language_code_unchanged() {
    let body = json!({ "moves": ["h2e2", "h9g7", "b0b5"] });
    let [vi, en, zh] = details("/v1/adjudicate", body.clone()).await;
    assert_eq!(
        en,
        "ply 3 (move 2, red): illegal move \"b0b5\": the piece cannot move that way"
    );
    assert_eq!(
        vi,
        "lượt 3 (nước thứ 2 của Đỏ): nước đi \"b0b5\" không hợp lệ: quân này không đi được như vậy"
    );
    assert_eq!(
        zh,
        "第3步（红方第2着）：着法\"b0b5\"不合规则：该棋子不能这样走"
    );
    let mut vi_body = body;
    vi_body["lang"] = json!("vi");
    let p = problem("/v1/adjudicate", vi_body.to_string(), None).await;
    assert_eq!(p["reason"], "not_this_way");
    assert_eq!(p["code"], "not_this_way");
    assert_eq!(p["message"], "quân này không đi được như vậy");
}

#[tokio::test]
async fn unparsable_move_in_each_language() {
    let body = json!({ "moves": ["C2=5", "H8+7", "Q2+3"], "notation": "wxf" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "ply 3 (move 2, red): cannot read move \"Q2+3\" as WXF: unknown piece letter \"Q\""
    );
    assert_eq!(
        vi,
        "lượt 3 (nước thứ 2 của Đỏ): không đọc được nước đi \"Q2+3\" theo cách ghi WXF: không có quân nào ký hiệu là \"Q\""
    );
    assert_eq!(
        zh,
        "第3步（红方第2着）：无法读取着法\"Q2+3\"（按WXF记谱法）：未知的棋子字母\"Q\""
    );
    // The facts of a move no piece can make, in the words of each language.
    let body = json!({ "moves": ["H2+5"], "notation": "wxf" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "ply 1 (move 1, red): cannot read move \"H2+5\" as WXF: impossible: the red horse on h0 cannot go forward to file 5: it cannot reach that file"
    );
    assert_eq!(
        vi,
        "lượt 1 (nước thứ 1 của Đỏ): không đọc được nước đi \"H2+5\" theo cách ghi WXF: không thể đi như vậy: Mã Đỏ ở h0 không thể tiến tới cột 5: quân không tới được cột đó"
    );
    assert_eq!(
        zh,
        "第1步（红方第1着）：无法读取着法\"H2+5\"（按WXF记谱法）：不可能的着法：h0的红马不能进到五路：走不到那一路"
    );
    let body = json!({ "moves": ["前兵进一"], "notation": "chinese" });
    let [vi, _, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        vi,
        "lượt 1 (nước thứ 1 của Đỏ): không đọc được nước đi \"前兵进一\" theo cách ghi Trung Quốc: không có quân như vậy: bên Đỏ không có hai Tốt nào cùng một cột"
    );
    assert_eq!(
        zh,
        "第1步（红方第1着）：无法读取着法\"前兵进一\"（按中文记谱法）：没有这样的棋子：红方没有两个兵在同一路"
    );
    // A syntax error says what a move looks like; Black's Chinese moves use digits.
    let body = json!({ "moves": ["炮二平五", "马八进七"], "notation": "chinese" });
    let [vi, _, zh] = details("/v1/adjudicate", body).await;
    assert!(
        vi.contains("một nước của Đen theo cách ghi Trung Quốc"),
        "{vi}"
    );
    assert!(zh.contains("应为黑方中文着法"), "{zh}");
}

#[tokio::test]
async fn unknown_field_hint_in_each_language() {
    let body = json!({ "FEN": "x", "moves": [] });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "unknown field `FEN`: did you mean `fen`? Send \"strict\": false to ignore unknown fields."
    );
    assert_eq!(
        vi,
        "không có trường `FEN`: có phải ý bạn là `fen`? Gửi \"strict\": false để bỏ qua các trường lạ."
    );
    assert_eq!(
        zh,
        "未知字段`FEN`：是否想写`fen`？发送\"strict\": false可忽略未知字段。"
    );
}

#[tokio::test]
async fn invalid_request_fields_in_each_language() {
    let body = json!({ "moves": [], "no_capture_limit": 0 });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "no_capture_limit must be between 1 and 10000 plies, got 0"
    );
    assert_eq!(
        vi,
        "no_capture_limit phải từ 1 đến 10000 lượt, nhưng nhận được 0"
    );
    assert_eq!(zh, "no_capture_limit必须在1到10000步之间，收到的是0");
    let body = json!({ "moves": ["h2e2"], "game": "1. h2e2" });
    let [vi, _, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        vi,
        "gửi các nước đi bằng `moves` hoặc bằng biên bản `game`, không gửi cả hai"
    );
    assert_eq!(zh, "着法请用`moves`或`game`棋谱二者之一发送，不能同时使用");
}

#[tokio::test]
async fn an_unknown_lang_is_answered_in_the_header_language() {
    let body = json!({ "moves": [], "lang": "fr" }).to_string();
    let p = problem("/v1/adjudicate", body, Some("vi")).await;
    assert_eq!(p["field"], "lang");
    assert_eq!(
        p["detail"],
        "lang phải là vi, en hoặc zh, nhưng nhận được \"fr\""
    );
}

#[tokio::test]
async fn invalid_record_points_into_it_in_each_language() {
    let body = json!({ "game": "[Format \"Klingon\"]\n1. h2e2" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "line 1, column 1 of the game record: unknown [Format \"Klingon\"]: use ICCS, UCI, WXF, VN, Chinese or SAN"
    );
    assert_eq!(
        vi,
        "dòng 1, cột 1 của biên bản ván cờ: không biết [Format \"Klingon\"]: dùng ICCS, UCI, WXF, VN, Chinese hoặc SAN"
    );
    assert_eq!(
        zh,
        "棋谱第1行第1列：未知的[Format \"Klingon\"]：请用ICCS、UCI、WXF、VN、Chinese或SAN"
    );
    // No notation reads the moves: each says where it stops. (A notation that reads further
    // than the others gives its own problem: `a_sheet_read_furthest_in_one_notation_...`.)
    let body = json!({ "game": "Sheet\n2. zz" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert!(
        en.starts_with(
            "no notation reads every move as a legal move: ICCS stops at \"zz\" (line 2, column 4); UCI stops at \"zz\""
        ),
        "{en}"
    );
    assert!(
        vi.starts_with("không cách ghi nào đọc được mọi nước thành nước đi hợp lệ: cách ghi ICCS dừng ở \"zz\" (dòng 2, cột 4); cách ghi UCI"),
        "{vi}"
    );
    assert!(
        zh.starts_with(
            "没有一种记谱法能把每一着都读成合法着法：ICCS记谱法在\"zz\"（第2行第4列）处无法继续读取"
        ),
        "{zh}"
    );
}

#[tokio::test]
async fn a_sheet_read_furthest_in_one_notation_gets_that_notations_problem() {
    // Issue 33, item 4: a Vietnamese score sheet with a header line and an illegal move; only
    // VN reads its first moves, so its problem is VN's own, in each language.
    let sheet =
        "Giải vô địch Hà Nội 2026, ván 3\nNguyễn Văn A - Trần Văn B\n1. P2-5 M8.7\n2. M2.3 M7.6\n";
    let [vi, en, zh] = details("/v1/adjudicate", json!({ "game": sheet })).await;
    assert_eq!(
        vi,
        "dòng 4, cột 9 của biên bản ván cờ: lượt 4 (nước thứ 2 của Đen): nước đi \"M7.6\" không hợp lệ: Mã bị cản chân"
    );
    assert!(
        en.ends_with("illegal move \"M7.6\": the horse's leg is blocked"),
        "{en}"
    );
    assert!(zh.contains("M7.6"), "{zh}");
    // Two notations reading as far: no one is chosen.
    let [_, en, _] = details("/v1/adjudicate", json!({ "game": "1. zz" })).await;
    assert!(en.starts_with("no notation reads every move"), "{en}");
}

#[tokio::test]
async fn a_move_problem_in_a_record_says_where_in_each_language() {
    let body = json!({ "game": "[Format \"ICCS\"]\n1. h2e2 h9g7\n2. b0b5" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "line 3, column 4 of the game record: ply 3 (move 2, red): illegal move \"b0b5\": the piece cannot move that way"
    );
    assert_eq!(
        vi,
        "dòng 3, cột 4 của biên bản ván cờ: lượt 3 (nước thứ 2 của Đỏ): nước đi \"b0b5\" không hợp lệ: quân này không đi được như vậy"
    );
    assert_eq!(
        zh,
        "棋谱第3行第4列：第3步（红方第2着）：着法\"b0b5\"不合规则：该棋子不能这样走"
    );
}

#[tokio::test]
async fn limits_in_each_language() {
    let config = Config {
        max_moves: 2,
        max_batch: 1,
        ..Config::default()
    };
    let app = app_with(&config);
    let body = json!({ "moves": ["a", "b", "c"] }).to_string();
    let [vi, en, zh] = details_by_header(&app, "/v1/adjudicate", &body).await;
    assert_eq!(en, "3 moves, limit 2");
    assert_eq!(vi, "3 lượt đi, vượt giới hạn 2");
    assert_eq!(zh, "3步着法，超过上限2");
    let body = json!({ "games": [{ "moves": [] }, { "moves": [] }] }).to_string();
    let [vi, en, zh] = details_by_header(&app, "/v1/adjudicate/batch", &body).await;
    assert_eq!(en, "2 games, limit 1");
    assert_eq!(vi, "2 ván, vượt giới hạn 1");
    assert_eq!(zh, "2局，超过上限1");
    let small = app_with(&Config {
        max_body_bytes: 16,
        ..Config::default()
    });
    let body = json!({ "moves": ["h2e2", "h9g7"] }).to_string();
    let [vi, en, zh] = details_by_header(&small, "/v1/adjudicate", &body).await;
    assert_eq!(en, "request body larger than 16 bytes");
    assert_eq!(vi, "nội dung yêu cầu lớn hơn 16 byte");
    assert_eq!(zh, "请求体超过16字节");
}

#[tokio::test]
async fn not_found_and_method_not_allowed_follow_accept_language() {
    let app = law_app();
    let mut out = Vec::new();
    for lang in ["vi", "en", "zh"] {
        let req = Request::get("/v2/nothing")
            .header(ACCEPT_LANGUAGE, lang)
            .body(Body::empty())
            .unwrap();
        let p = body_json(send(&app, req).await).await;
        let req = Request::get("/v1/adjudicate")
            .header(ACCEPT_LANGUAGE, lang)
            .body(Body::empty())
            .unwrap();
        let q = body_json(send(&app, req).await).await;
        out.push((p["detail"].clone(), q["detail"].clone()));
        assert_eq!(p["title"], "Not found");
    }
    assert_eq!(
        out,
        [
            (
                json!("không có địa chỉ /v2/nothing"),
                json!("/v1/adjudicate không nhận phương thức GET")
            ),
            (
                json!("no route for /v2/nothing"),
                json!("GET is not allowed on /v1/adjudicate")
            ),
            (
                json!("没有路径/v2/nothing"),
                json!("/v1/adjudicate不接受GET方法")
            ),
        ]
    );
    // No header: English, as always.
    let p = body_json(send(&app, get("/v2/nothing")).await).await;
    assert_eq!(p["detail"], "no route for /v2/nothing");
}

/// On a paused clock, as in tests/it/http_api.rs: a body that never finishes.
#[tokio::test(start_paused = true)]
async fn a_timeout_follows_accept_language() {
    let app = app_with(&Config {
        request_timeout_ms: 100,
        ..Config::default()
    });
    let first: Result<&str, std::io::Error> = Ok(r#"{"moves":["#);
    let stalled = stream::iter([first]).chain(stream::pending());
    let mut req = post_json("/v1/adjudicate", Body::from_stream(stalled));
    req.headers_mut()
        .insert(ACCEPT_LANGUAGE, "zh-CN,zh;q=0.9".parse().unwrap());
    let p = body_json(send(&app, req).await).await;
    assert_eq!(p["detail"], "未能在100毫秒内收到完整的请求体");
}

#[tokio::test]
async fn malformed_json_answers_in_the_header_language_only() {
    // The body never reads as far as its `lang`: the header decides.
    let body = r#"{"lang": "vi", "moves": ["#;
    let [vi, en, zh] = details_by_header(&law_app(), "/v1/adjudicate", body).await;
    assert_eq!(
        en,
        "the body is not valid JSON: the text ends inside an array: expected more items or its closing `]` (line 1, column 25)"
    );
    assert_eq!(
        vi,
        "nội dung yêu cầu không phải JSON hợp lệ: văn bản kết thúc giữa một mảng: cần thêm phần tử hoặc dấu đóng `]` (dòng 1, cột 25)"
    );
    assert_eq!(
        zh,
        "请求体不是合法的JSON：文本在数组中途结束：应有更多元素或闭合的`]`（第1行第25列）"
    );
    // JSON of the wrong shape was read, `lang` included: it is worded in the body's language.
    let body = json!({ "moves": "h2e2", "lang": "zh" }).to_string();
    let p = problem("/v1/adjudicate", body, Some("vi")).await;
    assert_eq!(
        p["detail"],
        "moves：应为数组，收到的是字符串\"h2e2\"（第1行第27列）"
    );
    // A valid body's `lang` wins over the header.
    let body = json!({ "FEN": "x", "moves": [], "lang": "vi" }).to_string();
    let p = problem("/v1/adjudicate", body, Some("zh")).await;
    assert!(
        p["detail"].as_str().unwrap().starts_with("không có trường"),
        "{p}"
    );
    // Without `lang`, the header's first language we speak, q-values respected.
    let body = json!({ "FEN": "x", "moves": [] }).to_string();
    let p = problem("/v1/adjudicate", body, Some("fr;q=1, vi;q=0.4, zh;q=0.8")).await;
    assert!(p["detail"].as_str().unwrap().starts_with("未知字段"), "{p}");
}

#[tokio::test]
async fn batch_items_are_worded_in_their_own_lang_or_the_header() {
    let body = json!({ "games": [
        { "moves": ["h2e2", "h9g7", "b0b5"], "lang": "vi" },
        { "moves": ["h2e2", "h9g7", "b0b5"] },
        { "moves": ["h2e2", "h9g7", "b0b5"], "Lang": "en" },
    ]});
    let mut req = post_json("/v1/adjudicate/batch", body.to_string());
    req.headers_mut()
        .insert(ACCEPT_LANGUAGE, "zh".parse().unwrap());
    let resp = send(&law_app(), req).await;
    assert_eq!(resp.status(), 200);
    let a = body_json(resp).await;
    let results = a["results"].as_array().expect("results");
    assert_eq!(
        results[0]["detail"],
        "lượt 3 (nước thứ 2 của Đỏ): nước đi \"b0b5\" không hợp lệ: quân này không đi được như vậy"
    );
    assert_eq!(
        results[1]["detail"],
        "第3步（红方第2着）：着法\"b0b5\"不合规则：该棋子不能这样走"
    );
    assert!(
        results[2]["detail"]
            .as_str()
            .unwrap()
            .starts_with("未知字段`Lang`：是否想写`lang`？"),
        "{a}"
    );
}

#[tokio::test]
async fn english_stays_the_default() {
    // Nothing asked: the English texts, exactly as before languages came to problems.
    let p = english(
        "/v1/adjudicate",
        json!({ "moves": ["h2e2", "h9g7", "b0b5"] }),
    )
    .await;
    assert_eq!(
        p["detail"],
        "ply 3 (move 2, red): illegal move \"b0b5\": the piece cannot move that way"
    );
    assert_eq!(p["message"], "the piece cannot move that way");
    // A browser's English header changes nothing either.
    let body = json!({ "moves": ["h2e2", "h9g7", "b0b5"] }).to_string();
    let q = problem("/v1/adjudicate", body, Some("en-US,en;q=0.9")).await;
    assert_eq!(q, p);
}

#[tokio::test]
async fn content_type_problems_follow_accept_language() {
    let req = Request::post("/v1/legal-moves")
        .header(header::CONTENT_TYPE, "text/plain")
        .header(ACCEPT_LANGUAGE, "vi")
        .body(Body::from("{}"))
        .unwrap();
    let p = body_json(send(&law_app(), req).await).await;
    assert_eq!(p["detail"], "cần Content-Type: application/json");
    // `POST /v1/adjudicate` also takes a game record as the body, and says so.
    let req = Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, "text/html")
        .header(ACCEPT_LANGUAGE, "vi")
        .body(Body::from("{}"))
        .unwrap();
    let p = body_json(send(&law_app(), req).await).await;
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("cần Content-Type: application/json, hoặc biên bản ván cờ"),
        "{p}"
    );
}

#[tokio::test]
async fn a_san_move_two_pieces_could_make_is_ambiguous_in_each_language() {
    let body = json!({ "moves": ["Ce3"], "notation": "san" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert!(
        en.ends_with("ambiguous: 2 red cannons can go to ICCS e2"),
        "{en}"
    );
    assert!(vi.contains("cùng đi tới được điểm ICCS e2"), "{vi}");
    assert!(zh.contains("都能走到ICCS坐标e2"), "{zh}");
    let body =
        json!({ "fen": "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "moves": ["Ce3"], "notation": "san" });
    let [vi, en, zh] = details("/v1/adjudicate", body).await;
    assert!(en.ends_with("no red cannon can go to ICCS e2"), "{en}");
    assert!(vi.contains("nào đi tới được điểm ICCS e2"), "{vi}");
    assert!(zh.contains("没有能走到ICCS坐标e2的"), "{zh}");
}
