//! Binary game files (issue 32): XQF files that are cut short, malformed or hostile get a
//! typed problem, never a panic; CCBridge's CBR, CBL and CBF are refused as what they are;
//! the CLI reads an XQF file as the HTTP API does. The samples come from `common::xqf`, the
//! rulings of well-formed files from `record_samples.rs`.

use axum::body::Body;
use axum::http::{Request, header};
use proptest::prelude::*;
use serde_json::{Value, json};
use xiangqi_arbiter::records::xqf::{self as reader, HEADER_LEN};
use xiangqi_arbiter::records::{RecordProblem, Unreadable};

use crate::common::app::{body_json, law_app, post_json, send};
use crate::common::cli::BIN;
use crate::common::fuzz_checks;
use crate::common::xqf::{self, KEYS, XqfGame};

/// E3@+ with a variation and a comment on its third move: small, and every part of a tree.
fn sample() -> XqfGame {
    XqfGame {
        fen: "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1".to_owned(),
        moves: [
            "b0a0", "a7b7", "a0b0", "b7a7", "b0a0", "a7b7", "a0b0", "b7a7", "b0a0",
        ]
        .map(str::to_owned)
        .to_vec(),
        variation: Some((3, vec!["d0d1".to_owned()])),
        comments: vec![(3, "车回".to_owned())],
        tags: vec![("Event", "测试".to_owned())],
        result: 2,
    }
}

/// The answer (status and body) to `bytes` sent as the body with `content_type` and `query`.
async fn upload(bytes: Vec<u8>, content_type: &str, query: &str) -> (u16, Value) {
    let req = Request::post(format!("/v1/adjudicate{query}"))
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(bytes))
        .unwrap();
    let resp = send(&law_app(), req).await;
    let status = resp.status().as_u16();
    (status, body_json(resp).await)
}

#[test]
fn every_cut_of_a_file_is_a_problem_that_says_where() {
    for version in [0x0A, 0x12] {
        let file = xqf::write(&sample(), version, KEYS);
        assert!(reader::read(&file).is_ok());
        let mut plies_cut = Vec::new();
        for len in 0..file.len() {
            let cut = &file[..len];
            // A whole header and nothing more is a game of no moves (a position); a cut in the
            // variation, after the main line, leaves the main line whole.
            match reader::read(cut) {
                Ok(record) => assert!(
                    len == HEADER_LEN && record.moves.is_empty() || record.moves.len() == 9,
                    "{len}"
                ),
                Err(e) => match e.problem {
                    RecordProblem::XqfTruncated { length, ply } => {
                        assert_eq!(length, len);
                        assert_eq!(ply.is_none(), len < HEADER_LEN, "{len}");
                        plies_cut.extend(ply);
                    }
                    other => panic!("{len}: {other:?}"),
                },
            }
        }
        plies_cut.dedup();
        // Cut inside the start's record and inside each move's (the variation is never read).
        assert_eq!(plies_cut, (0..=9).collect::<Vec<_>>(), "{version:#x}");
    }
}

#[test]
fn a_malformed_file_is_told_what_is_wrong() {
    let plain = xqf::write(&sample(), 0x0A, KEYS);
    // A move off the board: ply 2's from-square byte (the record at 1024 + 2 × 8).
    let mut bad = plain.clone();
    bad[HEADER_LEN + 16] = 0x18 + 95;
    assert_eq!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfSquare {
            ply: 2,
            offset: HEADER_LEN + 16
        }
    );
    // A negative comment length on the start's record.
    let mut bad = plain.clone();
    bad[HEADER_LEN + 4..HEADER_LEN + 8].copy_from_slice(&(-5i32).to_le_bytes());
    assert_eq!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfComment {
            ply: 0,
            offset: HEADER_LEN
        }
    );
    // A comment longer than the file.
    let mut bad = plain.clone();
    bad[HEADER_LEN + 4..HEADER_LEN + 8].copy_from_slice(&i32::MAX.to_le_bytes());
    assert!(matches!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfTruncated { ply: Some(0), .. }
    ));
    // Two pieces on one point: Black's king (piece 20) put on Red's (piece 4, on d0).
    let mut bad = plain.clone();
    bad[16 + 20] = bad[16 + 4];
    assert_eq!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfTwoPieces {
            square: "d0".to_owned()
        }
    );
    // A text field longer than its room, and one that is not GB18030.
    let mut bad = plain.clone();
    bad[0x130] = 16;
    assert!(matches!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfText {
            field: "Red",
            offset: 0x130,
            room: 15
        }
    ));
    let mut bad = plain;
    bad[0x130] = 1;
    bad[0x131] = 0xFF;
    assert!(matches!(
        reader::read(&bad).unwrap_err().problem,
        RecordProblem::XqfText { field: "Red", .. }
    ));
}

#[tokio::test]
async fn a_bad_xqf_file_is_a_422_in_the_asked_language() {
    let mut file = xqf::write(&sample(), 0x12, KEYS);
    file.truncate(HEADER_LEN + 10); // four bytes a record: inside the second move's

    for (lang, words) in [
        (
            "en",
            "the XQF file ends at byte 1034, inside the record of move 2",
        ),
        (
            "vi",
            "tệp XQF kết thúc ở byte 1034, giữa bản ghi của nước thứ 2",
        ),
        ("zh", "XQF文件在第1034字节处结束，位于第2步的记录之内"),
    ] {
        let (status, p) = upload(file.clone(), "application/x-xqf", &format!("?lang={lang}")).await;
        assert_eq!(status, 422, "{p}");
        assert_eq!(
            p["type"],
            "https://xiangqi-arbiter.dev/problems/invalid-record"
        );
        assert_eq!((&p["line"], &p["column"]), (&json!(0), &json!(0)));
        assert_eq!(p["detail"], words, "{lang}");
    }
    // An illegal move in an XQF file says its ply and move, not a line.
    let mut game = sample();
    game.moves[2] = "a0b1".to_owned(); // a rook does not move diagonally
    let (status, p) = upload(
        xqf::write(&game, 0x12, KEYS),
        "application/octet-stream",
        "",
    )
    .await;
    assert_eq!(status, 422, "{p}");
    assert_eq!(
        p["type"],
        "https://xiangqi-arbiter.dev/problems/illegal-move"
    );
    assert_eq!((&p["ply"], &p["move"]), (&json!(3), &json!("a0b1")), "{p}");
    assert!(p.get("line").is_none(), "{p}");
}

#[tokio::test]
async fn ccbridge_files_are_refused_as_what_they_are() {
    let mut cbr = b"CCBridge Record\0".to_vec();
    cbr.extend([0u8; 2300]);
    let mut cbl = b"CCBridgeLibrary\0".to_vec();
    cbl.extend([0u8; 600]);
    for (bytes, name) in [(cbr, "CBR"), (cbl, "CBL")] {
        for (lang, words) in [
            (
                "en",
                format!("binary format {name} is not supported; export the game as PGN"),
            ),
            (
                "vi",
                format!("không hỗ trợ định dạng nhị phân {name}; hãy xuất ván cờ ra PGN"),
            ),
            ("zh", format!("不支持二进制格式{name}；请将棋局导出为PGN")),
        ] {
            let (status, p) = upload(
                bytes.clone(),
                "application/octet-stream",
                &format!("?lang={lang}"),
            )
            .await;
            assert_eq!(status, 422, "{p}");
            assert_eq!(
                p["type"],
                "https://xiangqi-arbiter.dev/problems/unsupported-record-format"
            );
            assert_eq!((&p["format"], &p["detail"]), (&json!(name), &json!(words)));
        }
    }
    // CBF is XML: refused as a body and as a JSON `game` alike.
    let cbf = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n \
               <Head><Name>测试</Name></Head>\n <MoveList>\n  <Move value=\"00-00\"/>\n  \
               <Move value=\"77-47\"/>\n </MoveList>\n</ChineseChessRecord>\n";
    let (status, p) = upload(cbf.as_bytes().to_vec(), "text/plain", "").await;
    assert_eq!(status, 422, "{p}");
    assert_eq!(p["format"], "CBF");
    assert_eq!(
        p["detail"],
        "XML format CBF is not supported; export the game as PGN"
    );
    let resp = send(
        &law_app(),
        post_json(
            "/v1/adjudicate",
            json!({ "game": cbf, "lang": "zh" }).to_string(),
        ),
    )
    .await;
    assert_eq!(resp.status(), 422);
    let p = body_json(resp).await;
    assert_eq!(
        (&p["type"], &p["detail"]),
        (
            &json!("https://xiangqi-arbiter.dev/problems/unsupported-record-format"),
            &json!("不支持XML格式CBF；请将棋局导出为PGN")
        )
    );
    assert_eq!(
        xiangqi_arbiter::records::sniff(b"CCBridge Record\0"),
        xiangqi_arbiter::records::Sniffed::Unreadable(Unreadable::Cbr)
    );
}

#[test]
fn the_cli_reads_an_xqf_file_as_the_api_does() {
    let dir = std::env::temp_dir().join(format!("xa-xqf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("E3_plus.xqf");
    std::fs::write(&path, xqf::write(&sample(), 0x12, KEYS)).unwrap();
    let out = std::process::Command::new(BIN)
        .args(["adjudicate", path.to_str().unwrap()])
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a: Value = serde_json::from_slice(&out.stdout).expect("one JSON answer");
    assert_eq!(
        (&a["verdict"], &a["violator"]),
        (&json!("loss"), &json!("red"))
    );
    assert!(
        a["record_pgn"]
            .as_str()
            .unwrap()
            .contains("[Event \"测试\"]"),
        "{a}"
    );
    assert!(a.get("record_encoding").is_none());
}

#[test]
fn the_fuzz_target_reads_its_seeds_to_verdicts() {
    for version in [0x0A, 0x0B, 0x0C, 0x12] {
        let file = xqf::write(&sample(), version, KEYS);
        let first = fuzz_checks::XQF_VERSIONS
            .iter()
            .position(|&v| v == version)
            .unwrap() as u8;
        let mut data = vec![first];
        data.extend_from_slice(&file[3..]);
        let run = fuzz_checks::xqf(&data);
        assert!(matches!(run.record, Some(Ok(_))), "{version:#x}");
        assert_eq!(run.verdict.expect("a verdict").verdict.as_str(), "loss");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random bytes after an XQ header, of any length (a header alone, a header and a tree,
    /// less than a header), and the same with a real header before random trees: never a
    /// panic, always a verdict or a 4xx.
    #[test]
    fn random_bytes_after_an_xq_header_never_panic(
        version in 0usize..5,
        rest in proptest::collection::vec(any::<u8>(), 0..1400),
        tree in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let mut data = vec![version as u8];
        data.extend_from_slice(&rest);
        fuzz_checks::xqf(&data);
        let mut header = xqf::write(&sample(), fuzz_checks::XQF_VERSIONS[version], KEYS);
        header.truncate(HEADER_LEN);
        let mut data = vec![version as u8];
        data.extend_from_slice(&header[3..]);
        data.extend_from_slice(&tree);
        fuzz_checks::xqf(&data);
    }
}
