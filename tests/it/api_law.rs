//! The whole app with the real arbiter, in-process: what a client sees.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::app::{body_json, get, law_app, post_json, send};
use crate::common::public::public_cases;

async fn call(req: axum::http::Request<axum::body::Body>) -> (StatusCode, Value) {
    let resp = send(&law_app(), req).await;
    (resp.status(), body_json(resp).await)
}

#[tokio::test]
async fn every_public_case_through_http() {
    for case in public_cases() {
        let body = json!({ "fen": case.fen, "moves": case.moves, "ruleset": "vn2004" });
        let (status, answer) = call(post_json("/v1/adjudicate", body.to_string())).await;
        assert_eq!(status, 200);
        let expect = &case.expect;
        assert_eq!(answer["verdict"], json!(expect.verdict), "{}", case.id);
        assert_eq!(answer["violator"], json!(expect.violator), "{}", case.id);
        let refs: Vec<&str> = answer["articles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["ref"].as_str().unwrap())
            .collect();
        for r in &expect.articles_include {
            assert!(refs.contains(&r.as_str()), "{}: {refs:?}", case.id);
        }
    }
}

#[tokio::test]
async fn perpetual_chase_is_explained_and_audited() {
    let body = json!({
        "fen": "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "moves": ["b0a0", "a7b7", "a0b0", "b7a7", "b0a0", "a7b7", "a0b0", "b7a7"],
    });
    let (status, a) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(status, 200);
    assert_eq!(a["verdict"], "must_change");
    assert_eq!(a["violator"], "red");
    let rep = &a["repetition"];
    assert_eq!(
        (
            rep["first_ply"].as_u64(),
            rep["previous_ply"].as_u64(),
            rep["trigger_ply"].as_u64()
        ),
        (Some(0), Some(4), Some(8))
    );
    assert_eq!(rep["red"]["pattern"], "perpetual_chase");
    assert_eq!(rep["red"]["chased"]["role"], "cannon");
    let first = &rep["cycle"][0];
    assert_eq!(first["move"], "b0a0");
    assert_eq!(
        first["chases"][0],
        json!({"square": "a7", "role": "cannon", "protected": false, "protection": "unprotected", "kind": "chase", "by": [{"square": "a0", "role": "rook"}]})
    );
    let en = a["explanation"]["en"].as_str().unwrap();
    assert!(en.contains("chased Black's cannon a7/b7"), "{en}");
    assert!(a["explanation"]["vi"].as_str().unwrap().contains("bắt mãi"));
}

#[tokio::test]
async fn false_protection_is_told_apart_from_none() {
    // Red: Kf0, Rg7, Rh7. Black: Kd8, Cd6. The g-rook chases the cannon on
    // ranks 6 and 7. On d7 the king guards it, but recapturing would put the
    // king on the h-rook's rank: căn giả, Article 23.6.
    let body = json!({
        "fen": "9/3k5/6RR1/3c5/9/9/9/9/9/5K3 w - - 0 1",
        "moves": ["g7g6", "d6d7", "g6g7", "d7d6", "g7g6", "d6d7", "g6g7", "d7d6"],
    });
    let (status, a) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(status, 200);
    assert_eq!(a["verdict"], "must_change", "{a}");
    let cycle = &a["repetition"]["cycle"];
    let on = |i: usize| {
        (
            &cycle[i]["chases"][0]["square"],
            &cycle[i]["chases"][0]["protection"],
        )
    };
    assert_eq!(on(0), (&json!("d6"), &json!("unprotected")), "{a}");
    assert_eq!(on(2), (&json!("d7"), &json!("false_protection")), "{a}");
    assert_eq!(cycle[2]["chases"][0]["protected"], false);
}

#[tokio::test]
async fn notations_other_than_iccs_are_read() {
    for (notation, moves) in [
        ("uci", json!(["h3e3", "h10g8"])),
        ("wxf", json!(["C2=5", "H8+7"])),
        ("vn", json!(["P2-5", "M8.7"])),
    ] {
        let body = json!({ "moves": moves, "notation": notation });
        let (status, a) = call(post_json("/v1/adjudicate", body.to_string())).await;
        assert_eq!(status, 200, "{notation}");
        assert_eq!(
            a["position"]["fen"],
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        assert_eq!(a["repetition"]["cycle"], Value::Null);
    }
}

#[tokio::test]
async fn an_illegal_move_gives_its_ply_reason_and_the_position_before_it() {
    let body = json!({ "moves": ["h2e2", "h9g7", "e2e4"] });
    let (status, p) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(status, 422);
    assert_eq!(
        p["type"],
        "https://xiangqi-arbiter.dev/problems/illegal-move"
    );
    assert_eq!(p["ply"], 3);
    assert_eq!(p["move"], "e2e4");
    assert_eq!(p["reason"], "path_blocked");
    assert_eq!(
        p["fen"],
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
}

#[tokio::test]
async fn an_invalid_fen_lists_every_problem() {
    let body = json!({ "fen": "4k4/9/9/9/9/9/9/9/3A5/RRR1K4 w", "moves": [] });
    let (status, p) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(status, 422);
    let kinds: Vec<&str> = p["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["advisor_off_point", "too_many_pieces", "kings_facing"]
    );
}

#[tokio::test]
async fn legal_moves_in_five_notations_and_game_over() {
    let (status, a) = call(post_json("/v1/legal-moves", "{}")).await;
    assert_eq!(status, 200);
    let moves = a["legal_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 44);
    assert!(moves.contains(
        &json!({"iccs": "h2e2", "uci": "h3e3", "wxf": "C2=5", "vn": "P2-5", "chinese": "炮二平五"})
    ));
    let mate = json!({ "fen": "3k5/R8/3R5/9/9/9/9/9/9/4K4 b" });
    let (_, a) = call(post_json("/v1/legal-moves", mate.to_string())).await;
    assert_eq!(
        a["game_over"],
        json!({"winner": "red", "reason": "checkmate"})
    );
    assert_eq!(a["legal_moves"], json!([]));
    assert_eq!(a["position"]["in_check"], true);
}

#[tokio::test]
async fn rulesets_list_the_articles() {
    let (status, a) = call(get("/v1/rulesets")).await;
    assert_eq!(status, 200);
    let vn = &a["rulesets"][0];
    assert_eq!(vn["id"], "vn2004");
    assert_eq!(vn["default"], true);
    let refs: Vec<&str> = vn["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["ref"].as_str().unwrap())
        .collect();
    for r in [
        "7.1.g", "7.1.h", "7.2.b", "7.2.c", "12", "23.1", "23.10", "24.3", "24.4",
    ] {
        assert!(refs.contains(&r), "{r}");
    }
}

#[tokio::test]
async fn no_capture_limit_is_a_request_option() {
    let body = json!({ "moves": ["h2e2", "h9g7", "h0g2", "i9h9"], "no_capture_limit": 4 });
    let (_, a) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(
        a["no_capture"],
        json!({"plies": 4, "limit": 4, "draw_claimable": true})
    );
    assert!(
        a["articles"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["ref"] == "12")
    );
}

#[tokio::test]
async fn an_illegal_move_names_its_squares_in_iccs_whatever_its_notation() {
    // 1. C2=5 H8+7 2. C5+5: the central cannon cannot pass the two pawns on its file to
    // reach e7, in WXF and in Chinese notation alike.
    for (notation, moves) in [
        ("wxf", json!(["C2=5", "H8+7", "C5+5"])),
        ("chinese", json!(["炮二平五", "马８进７", "炮五进五"])),
    ] {
        let body = json!({ "moves": moves, "notation": notation });
        let (status, problem) = call(post_json("/v1/adjudicate", body.to_string())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
        assert_eq!(problem["ply"], 3, "{problem}");
        assert_eq!(problem["move"], moves[2], "{problem}");
        assert_eq!(problem["reason"], "path_blocked", "{problem}");
        assert_eq!(problem["iccs"], "e2e7", "{notation}: {problem}");
    }
}

/// Issue 35: where a reading of the CXA decides how a threat counts, the move's chase says
/// which (`reasons`): 参考图25's cannon return chases the cannon e7 because its root, the
/// elephants, would be mated on recapturing. The same game under the other books has no
/// `reasons` anywhere: their answers are unchanged.
#[tokio::test]
async fn a_cxa_chase_names_the_reading_that_makes_it() {
    let moves = [
        "e2f2", "f9e9", "f2e2", "e9f9", "e2f2", "f9e9", "f2e2", "e9f9",
    ];
    let fen = "2ba1kb2/4a2r1/4c1n2/p7p/2p2rpc1/4R4/P1PR2P1P/2N1C1N2/4A4/2BK1AB2 w - - 0 1";
    let body = json!({ "fen": fen, "moves": moves, "ruleset": "cxa2020" });
    let (status, answer) = call(post_json("/v1/adjudicate", body.to_string())).await;
    assert_eq!(status, 200);
    assert_eq!(
        (&answer["verdict"], &answer["violator"]),
        (&json!("must_change"), &json!("red"))
    );
    let return_move = answer["repetition"]["cycle"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["iccs"] == "f2e2")
        .unwrap();
    let chase = return_move["chases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["square"] == "e7")
        .unwrap();
    assert_eq!(chase["kind"], "chase");
    assert_eq!(chase["protection"], "true_protection");
    assert_eq!(chase["reasons"], json!(["root_into_mate"]));
    for book in ["vn2004", "axf"] {
        let body = json!({ "fen": fen, "moves": moves, "ruleset": book });
        let (status, answer) = call(post_json("/v1/adjudicate", body.to_string())).await;
        assert_eq!(status, 200);
        assert!(!answer.to_string().contains("\"reasons\""), "{book}");
    }
}
