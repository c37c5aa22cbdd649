//! FEN: parse → print → parse round trips, and "every legal move is legal".

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_arbiter::xiangqi::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = Setup::from_fen(text) else {
        return;
    };
    let fen = setup.to_fen();
    let again = Setup::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not reparse: {e}"));
    assert_eq!(setup, again, "{text:?} → {fen:?} changed the setup");
    assert_eq!(again.to_fen(), fen, "to_fen is not canonical");

    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not reparse: {e}"));
    assert_eq!(pos, back, "{fen:?} changed on a round trip");
    assert_eq!(pos.key(), back.key());
    assert_eq!(pos.key(), pos.key_from_scratch());

    let legal = pos.legal_moves();
    assert_eq!(legal.len(), pos.count_legal_moves());
    assert_eq!(legal.is_empty(), !pos.has_legal_move());
    for m in legal {
        if let Err(reason) = pos.check_move(m) {
            panic!("{fen:?}: legal move {m:?} refused by check_move: {reason}");
        }
        let mut after = pos.clone();
        if let Err(reason) = after.play(m) {
            panic!("{fen:?}: legal move {m:?} refused by play: {reason}");
        }
        assert_eq!(after, pos.after(m));
        assert_eq!(
            after.key(),
            after.key_from_scratch(),
            "{fen:?} {m:?}: key drifts"
        );
        assert!(
            !after.is_in_check(pos.turn()),
            "{fen:?} {m:?} leaves the king in check"
        );
    }
});
