//! Colour symmetry: mirroring a game (swap the colours and flip the board
//! top to bottom) swaps the violator and keeps the verdict and articles.

use proptest::prelude::*;
use serde_json::Value;
use xiangqi_arbiter::adjudication::{Options, Replay, Ruling, rule};
use xiangqi_arbiter::xiangqi::{Board, Move, Piece, Position, Square};

fn mirror_position(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    let mut board = Board::empty();
    for (sq, p) in setup.board.pieces() {
        board.set(sq.mirror_rank(), Some(Piece::new(p.color.other(), p.role)));
    }
    setup.board = board;
    setup.turn = setup.turn.other();
    Position::from_setup(setup).expect("a colour mirror of a legal position is legal")
}

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
    let b = ruling(&mirror_position(start), &mirrored);
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

fn sq(s: &str) -> Square {
    Square::from_iccs(s).unwrap()
}

#[test]
fn public_cases_mirror() {
    let data: Value = serde_json::from_str(include_str!("data/public.json")).unwrap();
    for case in data["cases"].as_array().unwrap() {
        let start = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        let moves: Vec<Move> = case["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let m = m.as_str().unwrap();
                Move::new(sq(&m[..2]), sq(&m[2..]))
            })
            .collect();
        assert_mirrored(&start, &moves).unwrap();
    }
}

/// A random legal position, then a two-move cycle played back and forth
/// until its first position has occurred three times (plus a little more).
fn cycle_game(seed: u64, walk: usize, extra: usize) -> Option<(Position, Vec<Move>)> {
    let mut state = seed | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut pos = Position::new();
    for _ in 0..walk {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[next(moves.len())]);
    }
    let start = pos.clone();
    let quiet = |p: &Position| -> Vec<Move> {
        p.legal_moves()
            .into_iter()
            .filter(|m| p.piece_at(m.to).is_none())
            .collect()
    };
    let qa = quiet(&pos);
    let a = *qa.get(next(qa.len().max(1)))?;
    let after_a = pos.after(a);
    let qb = quiet(&after_a);
    let b = *qb.get(next(qb.len().max(1)))?;
    let cycle = [a, b, Move::new(a.to, a.from), Move::new(b.to, b.from)];
    let mut moves = Vec::new();
    for i in 0..8 + extra {
        let m = cycle[i % 4];
        if !pos.is_legal(m) {
            return None;
        }
        pos.play_unchecked(m);
        moves.push(m);
    }
    Some((start, moves))
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
