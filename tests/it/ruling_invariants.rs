//! What must hold of every ruling, checked on random games that keep coming
//! back to the same few positions: each side shuttles up to two pieces
//! between two squares, so repetitions, draws, changes and losses follow
//! each other in every order the timing rules (Article 24, 7.1.g, 7.1.h)
//! can meet.

use proptest::prelude::*;
use xiangqi_arbiter::adjudication::{Options, Replay, RuleSet, Ruling, Verdict, rule, rule_under};
use xiangqi_arbiter::xiangqi::{Color, Move, Position, Square};

/// xorshift64: a reproducible stream from the proptest seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Up to two pieces of the side to move of `pos` that can step to an empty
/// square, as (home, away) pairs.
fn shuttles(pos: &Position, rng: &mut Rng) -> Vec<(Square, Square)> {
    let mut quiet: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.piece_at(m.to).is_none())
        .collect();
    let mut out: Vec<(Square, Square)> = Vec::new();
    while out.len() < 2 && !quiet.is_empty() {
        let m = quiet.swap_remove(rng.below(quiet.len()));
        if out.iter().all(|&(home, _)| home != m.from) {
            out.push((m.from, m.to));
        }
    }
    out
}

/// A random position after `walk` plies from the start, then up to `len`
/// plies in which each side only moves its shuttling pieces back and forth.
fn shuttle_game(seed: u64, walk: usize, len: usize) -> Option<(Position, Vec<Move>)> {
    let mut rng = Rng(seed | 1);
    let mut pos = Position::new();
    for _ in 0..walk {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    let mine = shuttles(&pos, &mut rng);
    let theirs = shuttles(&pos.after(*pos.legal_moves().first()?), &mut rng);
    let first = pos.turn();
    let moves = play_random(&pos, len, &mut rng, |p| {
        let pairs = if p.turn() == first { &mine } else { &theirs };
        pairs
            .iter()
            .flat_map(|&(a, b)| [Move::new(a, b), Move::new(b, a)])
            .collect()
    });
    Some((pos, moves))
}

/// Up to `len` plies from `start`, each a random legal move among
/// `candidates` of the position; stops where none is legal.
fn play_random(
    start: &Position,
    len: usize,
    rng: &mut Rng,
    candidates: impl Fn(&Position) -> Vec<Move>,
) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..len {
        let options: Vec<Move> = candidates(&pos)
            .into_iter()
            .filter(|&m| pos.is_legal(m))
            .collect();
        if options.is_empty() {
            break;
        }
        let m = options[rng.below(options.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// Small positions from `tests/it/law_points.rs` with a handful of moves each
/// side may play back and forth: checks, chases and idle moves, so that
/// violations, changes and losses come up.
const FIXTURES: [(&str, &str); 3] = [
    // A rook that checks from a9 or a8, or idles on b8; the king steps.
    (
        "3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1",
        "a8a9 a9a8 a8b8 b8a8 b8b9 b9b8 f0f1 f1f0 d9d8 d8d9 d9e9 e9d9 d8e8 e8d8",
    ),
    // A rook that chases a horse, which flees or hides; both kings step.
    (
        "3k5/9/9/2n6/9/9/9/9/9/R3K4 w - - 0 1",
        "a0c0 c0a0 a0b0 b0a0 e0e1 e1e0 c6a7 a7c6 c6b8 b8c6 d9d8 d8d9",
    ),
    // A rook that chases a cannon along two ranks; the cannon flees.
    (
        "4k4/9/c8/9/9/9/9/9/2R6/3K5 w - - 0 1",
        "c1a1 a1c1 a1b1 b1a1 b1c1 c1b1 d0d1 d1d0 a7b7 b7a7 a7c7 c7a7 e9e8 e8e9",
    ),
];

/// Up to `len` plies from a fixture, each a random legal move of its list.
fn fixture_game(fixture: usize, seed: u64, len: usize) -> (Position, Vec<Move>) {
    let (fen, list) = FIXTURES[fixture];
    let alphabet: Vec<Move> = list
        .split_whitespace()
        .map(|m| {
            let sq = |s: &str| Square::from_iccs(s).expect("an ICCS square");
            Move::new(sq(&m[..2]), sq(&m[2..]))
        })
        .collect();
    let start = Position::from_fen(fen).expect("a legal fixture");
    let moves = play_random(&start, len, &mut Rng(seed | 1), |_| alphabet.clone());
    (start, moves)
}

fn ruling(replay: &Replay) -> Ruling {
    rule(replay, Options::default())
}

fn check_one(replay: &Replay, r: &Ruling, plies: usize) -> Result<(), TestCaseError> {
    let violator_expected = matches!(r.verdict, Verdict::MustChange | Verdict::Loss);
    prop_assert_eq!(r.violator.is_some(), violator_expected, "{:?}", r.verdict);
    prop_assert_eq!(r.repetition.is_some(), r.verdict != Verdict::None);
    if let Some(rep) = &r.repetition {
        prop_assert!(rep.occurrences >= 3);
        prop_assert!(rep.first_ply <= rep.previous_ply);
        prop_assert!(rep.previous_ply < rep.trigger_ply && rep.trigger_ply <= plies);
        // The judged cycle closes: it ends where it began, and lists every
        // ply in between.
        prop_assert_eq!(replay.key(rep.previous_ply), replay.key(rep.trigger_ply));
        let listed: Vec<usize> = rep.cycle.iter().map(|p| p.ply).collect();
        let expected: Vec<usize> = (rep.previous_ply + 1..=rep.trigger_ply).collect();
        prop_assert_eq!(listed, expected);
        if let Some(loss) = rep.loss_ply {
            prop_assert_eq!(r.verdict, Verdict::Loss);
            prop_assert!(rep.trigger_ply < loss && loss <= plies);
            // The loser made the move that lost.
            let mover = if loss % 2 == 1 {
                replay.position(0).turn()
            } else {
                replay.position(0).turn().other()
            };
            prop_assert_eq!(Some(mover), r.violator);
            prop_assert!(r.game_end.is_none());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_prefix_rules_consistently_and_a_loss_is_final(
        seed in any::<u64>(),
        walk in 0usize..40,
        len in 8usize..40,
    ) {
        let Some((start, moves)) = shuttle_game(seed, walk, len) else {
            return Ok(());
        };
        check_every_prefix(&start, &moves)?;
    }

    #[test]
    fn every_prefix_of_a_forcing_game_rules_consistently(
        fixture in 0usize..FIXTURES.len(),
        seed in any::<u64>(),
        len in 8usize..48,
    ) {
        let (start, moves) = fixture_game(fixture, seed, len);
        check_every_prefix(&start, &moves)?;
    }
}

/// The ruling of a whole game under every book: a violator exactly when the
/// verdict names one, and a verdict only with what it rests on (a
/// repetition, or under the CXA nine rounds of forbidden moves). Random
/// middlegames reach the CXA's searches (mate threats, wins by check, the
/// exchanges and roots they weigh) in positions no figure has.
fn check_every_book(start: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    let replay = Replay::from_moves(start.clone(), moves).expect("legal");
    for book in RuleSet::ALL {
        let r = rule_under(book, &replay, Options::for_ruleset(book));
        let violator_expected = matches!(r.verdict, Verdict::MustChange | Verdict::Loss);
        prop_assert_eq!(
            r.violator.is_some(),
            violator_expected,
            "{:?} {:?}",
            book,
            r.verdict
        );
        if r.verdict != Verdict::None {
            prop_assert!(
                r.repetition.is_some() || r.forbidden_run.is_some(),
                "{:?}",
                book
            );
        }
        if r.forbidden_run.is_some() {
            prop_assert_eq!(book, RuleSet::CXA2020);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_book_rules_a_random_middlegame_consistently(
        seed in any::<u64>(),
        walk in 0usize..60,
        len in 8usize..60,
    ) {
        let Some((start, moves)) = shuttle_game(seed, walk, len) else {
            return Ok(());
        };
        check_every_book(&start, &moves)?;
    }

    #[test]
    fn every_book_rules_a_forcing_game_consistently(
        fixture in 0usize..FIXTURES.len(),
        seed in any::<u64>(),
        len in 8usize..48,
    ) {
        let (start, moves) = fixture_game(fixture, seed, len);
        check_every_book(&start, &moves)?;
    }
}

/// Rules on every prefix of the game: each ruling is consistent, and once a
/// side has lost, playing on changes nothing.
fn check_every_prefix(start: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    {
        let mut lost: Option<(usize, Option<Color>)> = None;
        for n in 1..=moves.len() {
            let replay = Replay::from_moves(start.clone(), &moves[..n]).expect("legal");
            let r = ruling(&replay);
            check_one(&replay, &r, n)?;
            let loss = r.repetition.as_ref().and_then(|rep| rep.loss_ply);
            match lost {
                // Playing on after a loss changes nothing.
                Some((ply, violator)) => {
                    prop_assert_eq!(loss, Some(ply), "prefix {} of {:?}", n, moves);
                    prop_assert_eq!(r.violator, violator);
                }
                None => {
                    if let Some(ply) = loss {
                        prop_assert_eq!(ply, n, "a loss is decided by the last move");
                        lost = Some((ply, r.violator));
                    }
                }
            }
        }
    }
    Ok(())
}
