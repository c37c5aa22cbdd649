//! Inputs that crashed a fuzz target (`fuzz/fuzz_targets/`), each fed through the same code
//! path as its target, so that the bug stays fixed without a nightly toolchain.
//! See `fuzz/README.md` for the targets and how to run them.

use xiangqi_arbiter::arbiter::LawArbiter;
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::dto::{AdjudicateRequest, Limits};
use xiangqi_arbiter::http::v1::adjudicate_one;
use xiangqi_arbiter::xiangqi::{Position, Setup};

/// The `fen` target's checks: round trips, and every legal move accepted by `check_move`
/// and `play`.
fn fen_target(text: &str) {
    let setup = Setup::from_fen(text).expect("the input parses");
    assert_eq!(Setup::from_fen(&setup.to_fen()), Ok(setup));
    let pos = Position::from_fen(text).expect("the input is a position");
    let back = Position::from_fen(&pos.to_fen()).expect("to_fen reparses");
    assert_eq!((&pos, pos.key()), (&back, back.key()));
    for m in pos.legal_moves() {
        assert_eq!(pos.check_move(m), Ok(()));
        let mut after = pos.clone();
        after.play(m).expect("a legal move plays");
        // The position after the move must print a FEN that reads back.
        let fen = after.to_fen();
        assert_eq!(Position::from_fen(&fen).as_ref(), Ok(&after), "{fen}");
    }
}

/// The `adjudicate` target's check: a verdict or a 4xx, never a panic.
fn adjudicate_target(body: &str) -> xiangqi_arbiter::http::dto::AdjudicateResponse {
    let config = Config::default();
    let limits = Limits {
        max_moves: config.max_moves,
        max_batch: config.max_batch,
    };
    let req: AdjudicateRequest = serde_json::from_str(body).expect("a request");
    adjudicate_one(&LawArbiter, &limits, &req).expect("a verdict")
}

/// Found by review, confirmed on the `fen` target: a halfmove clock of `u32::MAX`
/// overflowed in `Position::play` (a panic with overflow checks, a silent wrap to 0
/// in release builds).
#[test]
fn halfmove_clock_at_u32_max_saturates() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 4294967295 1";
    fen_target(fen);
    let mut pos = Position::from_fen(fen).unwrap();
    let m = pos.legal_moves()[0];
    pos.play(m).unwrap();
    assert_eq!(pos.halfmoves(), u32::MAX);

    let resp = adjudicate_target(&format!(r#"{{"fen": "{fen}", "moves": ["d0d1"]}}"#));
    assert_eq!(resp.no_capture.plies, u32::MAX);
    assert!(resp.no_capture.draw_claimable);
}

/// Found by review, confirmed on the `fen` target: a full-move number of `u32::MAX`
/// overflowed after Black's move (in release builds it wrapped to 0, a FEN that
/// `from_fen` refuses).
#[test]
fn fullmove_number_at_u32_max_saturates() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 4294967295";
    fen_target(fen);
    let resp = adjudicate_target(&format!(r#"{{"fen": "{fen}", "moves": ["e9e8"]}}"#));
    assert!(
        resp.position.fen.ends_with(" 1 4294967295"),
        "{}",
        resp.position.fen
    );
}
