//! Every record under `tests/data/records/` (issue 16's "Done when"): sent as `game`, it gets
//! the verdict, violator and articles its game gets as a moves array. The records are game200
//! and public repetition cases (`tests/data/public.json`) in every format and layout we
//! have: ours, the ones the cchess library wrote (`cchess/`), and ones written in the layouts
//! of XQBase PGN files, 东萍 (dpxq.com) pages and paper score sheets. The folder's README says
//! where each comes from. A game named `mirrored <case>` is the public case's colour mirror
//! (Black moves first, and the violator is the other side): the records of issue 32 that need
//! Black to move first hold those.
//!
//! `encodings/` holds one record in five encodings (issue 32): each is sent as the body
//! itself, with its charset and without, and gets the ruling of its moves and the answer of
//! the same text sent as JSON, but for `record_encoding`.
//!
//! XQF files (XQStudio's binary format) cannot be downloaded here: `common::xqf` writes them
//! by the format's description, plain (version 1.0) and obfuscated (1.1, 1.2, 1.8), for a game
//! from the start, a set-up position with Black to move, and a game with a variation and
//! comments; each, sent as the body, gets the ruling of its main line as a moves array.

use std::path::Path;

use crate::common::app::{body_json, law_app, post_json, send};
use crate::common::chess::{mirror_colours, mv, position};
use crate::common::xqf::{self, XqfGame};
use axum::body::Body;
use axum::http::{Request, header};
use serde_json::{Value, json};
use xiangqi_arbiter::xiangqi::Move;

const DIR: &str = "tests/data/records";

/// Each record, the game it holds (`game200` or a public case's id), and whether it names its
/// start itself (a sheet without tags does not: the request's `fen` gives it).
const RECORDS: [(&str, &str, bool); 28] = [
    ("game200_iccs.pgn", "game200", true),
    ("game200_wxf.pgn", "game200", true),
    ("game200_chinese.pgn", "game200", true),
    ("game200_vn_sheet.txt", "game200", false),
    ("game200_dhtmlxq.txt", "game200", true),
    ("game200_xqbase.pgn", "game200", true),
    ("game200_dpxq.html", "game200", true),
    ("E14_plus_xqbase_iccs.pgn", "E14@+", true),
    ("E3_plus_xqbase_wxf.pgn", "E3@+", true),
    ("E12_3_sheet_chinese.txt", "E12@3", false),
    ("E1_plus_dhtmlxq.txt", "E1@+", true),
    ("cchess/game200.pgn", "game200", true),
    ("cchess/E1_plus.pgn", "E1@+", true),
    ("cchess/E3_plus.pgn", "E3@+", true),
    ("cchess/E12_3.pgn", "E12@3", true),
    ("cchess/E14_plus.pgn", "E14@+", true),
    // Issue 32: records as the world writes them.
    ("E1_plus_mirrored_black_first.pgn", "mirrored E1@+", true),
    ("E3_plus_mirrored_dhtmlxq.html", "mirrored E3@+", true),
    ("E14_plus_wxf_fullwidth.pgn", "E14@+", true),
    ("game200_dpxq_text.txt", "game200", true),
    ("E12_3_sheet_vn_numbered.txt", "E12@3", false),
    ("E12_3_sheet_vn_free_header.txt", "E12@3", false),
    ("game200_sheet_chinese_glued.txt", "game200", true),
    ("E8_plus_sheet_en_cr.txt", "E8@+", true),
    ("game200_sheet_vn_spelled.txt", "game200", true),
    ("game200_playok_wxf.txt", "game200", true),
    ("E14_plus_xboard_coordinates.pgn", "E14@+", true),
    ("game200_xboard_san.pgn", "game200", true),
];

/// Each record of `encodings/`, its encoding's label (as `charset` and as `record_encoding`),
/// and whether it starts with a byte-order mark. All hold public case E3@+ and are the same
/// text, `make.py` beside them says how they were written.
const ENCODED: [(&str, &str, bool); 5] = [
    ("encodings/E3_plus_utf8.pgn", "utf-8", false),
    ("encodings/E3_plus_gbk.pgn", "gbk", false),
    ("encodings/E3_plus_big5.pgn", "big5", false),
    ("encodings/E3_plus_utf16le_bom.pgn", "utf-16le", true),
    ("encodings/E3_plus_utf16be_bom.pgn", "utf-16be", true),
];

/// The start and moves of `game`.
fn game(id: &str) -> (Value, Value) {
    if let Some(case) = id.strip_prefix("mirrored ") {
        let (fen, moves) = game(case);
        let start = mirror_colours(&position(fen.as_str().expect("a FEN")));
        let moves: Vec<String> = moves
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                let m = mv(m.as_str().expect("a move"));
                Move::new(m.from.mirror_rank(), m.to.mirror_rank()).to_string()
            })
            .collect();
        return (json!(start.to_fen()), json!(moves));
    }
    let v: Value = if id == "game200" {
        serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON")
    } else {
        let all: Value =
            serde_json::from_str(include_str!("../data/public.json")).expect("the fixture is JSON");
        all["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("no public case {id}"))
            .clone()
    };
    (v["fen"].clone(), v["moves"].clone())
}

/// Verdict, violator and article refs of the answer to `body`.
async fn ruling(body: Value) -> (Value, Value, Vec<Value>) {
    let resp = send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await;
    let status = resp.status();
    let a = body_json(resp).await;
    assert_eq!(status, 200, "{a}");
    let refs = a["articles"]
        .as_array()
        .expect("articles")
        .iter()
        .map(|r| r["ref"].clone())
        .collect();
    (a["verdict"].clone(), a["violator"].clone(), refs)
}

#[tokio::test]
async fn every_record_gets_the_ruling_of_its_moves() {
    for (file, id, has_start) in RECORDS {
        let (fen, moves) = game(id);
        let expected = ruling(json!({ "fen": fen, "moves": moves })).await;
        let text = std::fs::read_to_string(Path::new(DIR).join(file)).expect("a record");
        let body = if has_start {
            json!({ "game": text })
        } else {
            json!({ "game": text, "fen": fen })
        };
        assert_eq!(ruling(body).await, expected, "{file}");
    }
}

#[tokio::test]
async fn public_case_records_get_the_expected_verdicts() {
    // Not only equal to the moves array's: the verdicts public.json expects, a guard against
    // a table that pairs a record with the wrong case.
    let all: Value =
        serde_json::from_str(include_str!("../data/public.json")).expect("the fixture is JSON");
    for (file, id, _) in RECORDS.iter().filter(|r| r.1 != "game200" && r.2) {
        let (id, mirrored) = match id.strip_prefix("mirrored ") {
            Some(case) => (case, true),
            None => (*id, false),
        };
        let case = all["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .find(|c| c["id"] == id)
            .expect("the case");
        let text = std::fs::read_to_string(Path::new(DIR).join(file)).expect("a record");
        let (verdict, violator, _) = ruling(json!({ "game": text })).await;
        let expect = &case["expect"];
        assert_eq!(verdict, expect["verdict"], "{file}");
        let expected = match expect.get("violator").and_then(Value::as_str) {
            Some("red") if mirrored => json!("black"),
            Some("black") if mirrored => json!("red"),
            Some(side) => json!(side),
            None => Value::Null,
        };
        assert_eq!(violator, expected, "{file}");
    }
}

/// The answer to `bytes` sent as the body with `content_type`.
async fn raw(bytes: Vec<u8>, content_type: &str) -> Value {
    let req = Request::post("/v1/adjudicate")
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(bytes))
        .unwrap();
    let resp = send(&law_app(), req).await;
    let status = resp.status();
    let a = body_json(resp).await;
    assert_eq!(status, 200, "{a}");
    a
}

#[tokio::test]
async fn every_encoding_of_a_record_gets_the_ruling_of_its_moves() {
    let (fen, moves) = game("E3@+");
    let expected = ruling(json!({ "fen": fen, "moves": moves })).await;
    assert_eq!(expected.0, "loss", "public case E3@+");
    let text = std::fs::read_to_string(Path::new(DIR).join(ENCODED[0].0)).expect("UTF-8");
    let body = json!({ "game": text });
    assert_eq!(ruling(body.clone()).await, expected);
    let as_json =
        body_json(send(&law_app(), post_json("/v1/adjudicate", body.to_string())).await).await;
    assert!(as_json.get("record_encoding").is_none(), "{as_json}");
    for (file, label, bom) in ENCODED {
        let bytes = std::fs::read(Path::new(DIR).join(file)).expect("a record");
        let mut content_types = vec![
            format!("application/x-chess-pgn; charset={label}"),
            "application/x-chess-pgn".to_owned(),
            "text/plain".to_owned(),
            "application/octet-stream".to_owned(),
        ];
        if bom {
            // A byte-order mark wins over the charset declared.
            content_types.push("text/plain; charset=gbk".to_owned());
        }
        for content_type in content_types {
            let mut a = raw(bytes.clone(), &content_type).await;
            let what = format!("{file} as {content_type}");
            assert_eq!(a["record_encoding"], label, "{what}");
            // The answer of the same text sent as JSON, but for `record_encoding`.
            a.as_object_mut().unwrap().remove("record_encoding");
            assert_eq!(a, as_json, "{what}");
        }
    }
}

/// The XQF samples: a game from the standard start with the header's texts and its result,
/// a set-up position with Black to move (the mirrored E1@+), and E3@+ with a variation that
/// branches at ply 3 and comments on the start and on two moves, which the main line skips.
fn xqf_samples() -> Vec<(&'static str, XqfGame)> {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a move").to_owned())
            .collect()
    };
    let sample = |id: &str| {
        let (fen, moves) = game(id);
        XqfGame {
            fen: fen.as_str().expect("a FEN").to_owned(),
            moves: strings(&moves),
            ..XqfGame::default()
        }
    };
    let mut from_start = sample("game200");
    from_start.tags = vec![
        ("Title", "测试对局".to_owned()),
        ("Event", "全国象棋个人赛".to_owned()),
        ("Date", "2026.12.04".to_owned()),
        ("Red", "红方棋手".to_owned()),
        ("Black", "黑方棋手".to_owned()),
    ];
    from_start.result = 3;
    let black_first = sample("mirrored E1@+");
    let mut variation = sample("E3@+");
    variation.variation = Some((3, vec!["d0d1".to_owned(), "e9e8".to_owned()]));
    variation.comments = vec![
        (0, "车捉炮".to_owned()),
        (2, "黑炮平回".to_owned()),
        (9, "长捉，红负".to_owned()),
    ];
    variation.result = 2;
    vec![
        ("game200", from_start),
        ("mirrored E1@+", black_first),
        ("E3@+", variation),
    ]
}

/// The XQF samples kept as files in `xqf/` (the versions real files mostly have: 1.0, plain,
/// and 1.8, obfuscated), each the writer's bytes for a sample of [`xqf_samples`] (by its
/// game) and a version. `xqf/check_cchess.py` reads them with a third-party reader.
const XQF_FILES: [(&str, &str, u8); 6] = [
    ("xqf/game200_v10.xqf", "game200", 0x0A),
    ("xqf/game200_v18.xqf", "game200", 0x12),
    (
        "xqf/E1_plus_mirrored_black_first_v10.xqf",
        "mirrored E1@+",
        0x0A,
    ),
    (
        "xqf/E1_plus_mirrored_black_first_v18.xqf",
        "mirrored E1@+",
        0x12,
    ),
    ("xqf/E3_plus_variation_comments_v10.xqf", "E3@+", 0x0A),
    ("xqf/E3_plus_variation_comments_v18.xqf", "E3@+", 0x12),
];

/// The files of `xqf/` are the writer's bytes (`XA_BLESS=1` writes them anew), so the
/// samples a third-party reader checked are the ones the tests send.
#[test]
fn the_xqf_files_are_the_writers() {
    let samples = xqf_samples();
    for (file, id, version) in XQF_FILES {
        let sample = &samples.iter().find(|(i, _)| *i == id).expect("a sample").1;
        let bytes = xqf::write(sample, version, xqf::KEYS);
        let path = Path::new(DIR).join(file);
        if std::env::var_os("XA_BLESS").is_some() {
            std::fs::write(&path, &bytes).expect("written");
        }
        assert_eq!(std::fs::read(&path).expect("an XQF file"), bytes, "{file}");
    }
}

#[tokio::test]
async fn every_xqf_version_of_a_game_gets_the_ruling_of_its_moves() {
    for (id, sample) in xqf_samples() {
        let (fen, moves) = game(id);
        let expected = ruling(json!({ "fen": fen, "moves": moves })).await;
        for version in [0x0A, 0x0B, 0x0C, 0x12] {
            let bytes = xqf::write(&sample, version, xqf::KEYS);
            for content_type in ["application/octet-stream", "application/x-xqf"] {
                let what = format!("{id}, version {version:#04x}, as {content_type}");
                let a = raw(bytes.clone(), content_type).await;
                let refs: Vec<Value> = a["articles"]
                    .as_array()
                    .expect("articles")
                    .iter()
                    .map(|r| r["ref"].clone())
                    .collect();
                let got = (a["verdict"].clone(), a["violator"].clone(), refs);
                assert_eq!(got, expected, "{what}");
                assert!(a.get("record_encoding").is_none(), "{what}: {a}");
                // The game as PGN, sent again as `game`, is ruled the same.
                let pgn = a["record_pgn"].as_str().expect("record_pgn");
                assert_eq!(ruling(json!({ "game": pgn })).await, expected, "{what}");
            }
        }
    }
    // The header's texts and result reach the PGN.
    let (_, sample) = xqf_samples().remove(0);
    let a = raw(xqf::write(&sample, 0x12, xqf::KEYS), "application/x-xqf").await;
    let pgn = a["record_pgn"].as_str().expect("record_pgn");
    for tag in [
        "[Title \"测试对局\"]",
        "[Event \"全国象棋个人赛\"]",
        "[Date \"2026.12.04\"]",
        "[Red \"红方棋手\"]",
        "[Black \"黑方棋手\"]",
        "[Result \"1/2-1/2\"]",
        "[Format \"ICCS\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.trim_end().ends_with("1/2-1/2"), "{pgn}");
}

/// Every file of the folder is in [`RECORDS`] or [`ENCODED`], so a new record cannot go
/// untested.
#[test]
fn every_record_file_is_tested() {
    fn files(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("the records folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                files(&path, out);
            } else {
                let name = path.strip_prefix(DIR).expect("under DIR");
                out.push(name.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut found = Vec::new();
    files(Path::new(DIR), &mut found);
    found.retain(|f| !f.ends_with("README.md") && !f.ends_with(".py") && !f.starts_with('.'));
    found.sort();
    let mut listed: Vec<String> = RECORDS
        .iter()
        .map(|r| r.0)
        .chain(ENCODED.iter().map(|r| r.0))
        .chain(XQF_FILES.iter().map(|r| r.0))
        .map(str::to_owned)
        .collect();
    listed.sort();
    assert_eq!(found, listed);
}
