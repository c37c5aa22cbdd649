//! Colour symmetry: mirroring a game (swap the colours and flip the board
//! top to bottom) swaps the violator and keeps the verdict and articles.

use crate::common::chess::{cycle_game, mirror_colours};
use crate::common::public::public_cases;
use proptest::prelude::*;
use xiangqi_arbiter::adjudication::{Options, Replay, Ruling, rule};
use xiangqi_arbiter::xiangqi::{Move, Position};

fn mirror_move(m: Move) -> Move {
    Move::new(m.from.mirror_rank(), m.to.mirror_rank())
}

fn ruling(start: &Position, moves: &[Move]) -> Ruling {
    rule(
        &Replay::from_moves(start.clone(), moves).expect("legal"),
        Options::default(),
    )
}

fn assert_mirrored(start: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    let a = ruling(start, moves);
    let mirrored: Vec<Move> = moves.iter().copied().map(mirror_move).collect();
    let b = ruling(&mirror_colours(start), &mirrored);
    prop_assert_eq!(a.verdict, b.verdict, "{} {:?}", start, moves);
    prop_assert_eq!(a.violator, b.violator.map(|c| c.other()));
    let refs = |r: &Ruling| r.articles.iter().map(|a| a.reference).collect::<Vec<_>>();
    prop_assert_eq!(refs(&a), refs(&b));
    let checks = |r: &Ruling| {
        r.repetition.as_ref().map(|rep| {
            rep.cycle
                .iter()
                .map(|p| (p.check, p.threats.len()))
                .collect::<Vec<_>>()
        })
    };
    prop_assert_eq!(checks(&a), checks(&b));
    Ok(())
}

#[test]
fn public_cases_mirror() {
    for case in public_cases() {
        assert_mirrored(&case.start(), &case.iccs_moves()).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mirrored_games_swap_the_violator(seed in any::<u64>(), walk in 0usize..60, extra in 0usize..3) {
        if let Some((start, moves)) = cycle_game(seed, walk, extra) {
            assert_mirrored(&start, &moves)?;
        }
    }
}
