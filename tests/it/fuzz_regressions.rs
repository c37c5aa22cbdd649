//! Inputs that crashed a fuzz target (`fuzz/fuzz_targets/`), each fed to the target's own
//! checks (`common::fuzz_checks`, which the targets include), so that the bug stays fixed
//! without a nightly toolchain. See `fuzz/README.md` for the targets and how to run them.

use crate::common::fuzz_checks;
use xiangqi_arbiter::xiangqi::Position;

/// Found by review, confirmed on the `fen` target: a halfmove clock of `u32::MAX`
/// overflowed in `Position::play` (a panic with overflow checks, a silent wrap to 0
/// in release builds).
#[test]
fn halfmove_clock_at_u32_max_saturates() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 4294967295 1";
    let pos = fuzz_checks::fen(fen.as_bytes()).expect("the input is a position");
    assert!(!pos.legal_moves().is_empty(), "the target played some move");
    let mut pos = Position::from_fen(fen).unwrap();
    let m = pos.legal_moves()[0];
    pos.play(m).unwrap();
    assert_eq!(pos.halfmoves(), u32::MAX);

    let body = format!(r#"{{"fen": "{fen}", "moves": ["d0d1"]}}"#);
    let resp = fuzz_checks::adjudicate(body.as_bytes())
        .adjudicate
        .expect("a verdict");
    assert_eq!(resp.no_capture.plies, u32::MAX);
    assert!(resp.no_capture.draw_claimable);
}

/// Found by review, confirmed on the `fen` target: a full-move number of `u32::MAX`
/// overflowed after Black's move (in release builds it wrapped to 0, a FEN that
/// `from_fen` refuses).
#[test]
fn fullmove_number_at_u32_max_saturates() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 4294967295";
    let pos = fuzz_checks::fen(fen.as_bytes()).expect("the input is a position");
    assert!(!pos.legal_moves().is_empty(), "the target played some move");
    let body = format!(r#"{{"fen": "{fen}", "moves": ["e9e8"]}}"#);
    let resp = fuzz_checks::adjudicate(body.as_bytes())
        .adjudicate
        .expect("a verdict");
    assert!(
        resp.position.fen.ends_with(" 1 4294967295"),
        "{}",
        resp.position.fen
    );
}

/// The notation target's checks run on a seed-like input: the first byte picks the start
/// position, and every text of a short opening is read and played.
#[test]
fn notation_target_reads_and_plays_a_mixed_notation_opening() {
    let data = b"\x00h2e2;H2+3;M2.3;h10g8";
    assert_eq!(fuzz_checks::notation(data), 4);
}

/// The records target's checks on its seeds' kind of input: one record in every encoding,
/// each read, in the encoding it was written in, to the same verdict.
#[test]
fn records_target_reads_a_record_in_each_encoding_to_one_verdict() {
    for (file, name) in [
        ("E3_plus_utf8.pgn", "UTF-8"),
        ("E3_plus_gbk.pgn", "GBK"),
        ("E3_plus_big5.pgn", "Big5"),
        ("E3_plus_utf16le_bom.pgn", "UTF-16LE"),
        ("E3_plus_utf16be_bom.pgn", "UTF-16BE"),
    ] {
        let mut data = vec![0]; // no charset declared
        data.extend(std::fs::read(format!("tests/data/records/encodings/{file}")).unwrap());
        let run = fuzz_checks::records(&data);
        assert_eq!(run.encoding.map(|e| e.name()), Some(name), "{file}");
        let verdict = run.verdict.expect("a verdict");
        assert_eq!(
            verdict.record_encoding.as_deref(),
            Some(name.to_ascii_lowercase().as_str())
        );
    }
}

/// The records target on bytes that are not text in the charset declared, a lone lead byte
/// at the end, and an odd UTF-16 byte: each a 4xx, never a panic. A byte-order mark written
/// twice reads: the second is a character the reader skips.
#[test]
fn records_target_refuses_bytes_that_are_not_text() {
    for data in [
        &b"\x05[Event \"\xbe\x8e\"]\n1. h2e2"[..], // GBK's 編, declared Big5
        b"\x03 1. h2e2 \x81",                      // a GBK lead byte, then nothing
        b"\x00\xFF\xFE1\x00.\x00 ",                // UTF-16LE cut in the middle of a unit
        b"\x02\xC0\x80",                           // an overlong UTF-8 NUL
    ] {
        let run = fuzz_checks::records(data);
        assert!(run.encoding.is_none() && run.verdict.is_none(), "{data:?}");
    }
    let run = fuzz_checks::records(b"\x01\xEF\xBB\xBF\xEF\xBB\xBF1. h2e2");
    assert_eq!(run.verdict.expect("a verdict").position.plies, 1);
}
