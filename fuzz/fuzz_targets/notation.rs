//! Move notations: the first byte picks a position from a fixed list, the rest is
//! `;`-separated move texts. Each text is read in all four notations (never a panic); a
//! legal reading is written in every notation and read back to the same move, and the first
//! legal reading is played so later texts see later positions.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_arbiter::xiangqi::{Position, notation::Notation};

/// Positions where the notations have work to do: tandem pieces, both sides to move.
const FENS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1",
    "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/R8/2B6/9/3A5/9/R1BA1K3 w - - 0 1",
    "4k4/9/9/9/9/2p6/2p3p2/2p3p2/9/3K5 b - - 0 1",
    "3akab2/9/2n1b4/r8/9/9/9/3A5/r8/2BAK4 b - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let fen = FENS[usize::from(first) % FENS.len()];
    let mut pos = Position::from_fen(fen).expect("the fixed positions are valid");
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    for part in text.split(';') {
        let mut played = None;
        for notation in Notation::ALL {
            let Ok(m) = notation.parse_move(&pos, part) else {
                continue;
            };
            if pos.check_move(m).is_err() {
                continue;
            }
            for other in Notation::ALL {
                let written = other.format_move(&pos, m);
                assert_eq!(
                    other.parse_move(&pos, &written),
                    Ok(m),
                    "{pos:?}: {notation} {part:?} is {m:?}, written in {other} as {written:?}"
                );
            }
            played.get_or_insert(m);
        }
        match played {
            Some(m) => {
                pos.play(m).expect("checked above");
            }
            None => return,
        }
    }
});
