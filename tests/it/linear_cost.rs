//! The cost of a ruling grows with the game's length, not its square
//! (issue 12): on games built to make the repetition analysis work hard,
//! each ply is classified at most once and only a few cycles are judged in
//! full. Counted, not timed; `benches/rules.rs` times the same games.

#[path = "../../benches/hostile_games.rs"]
mod hostile_games;

use xiangqi_arbiter::adjudication::{
    Options, Replay, RuleSet, rule_counting_work, rule_counting_work_under,
};

#[test]
fn hostile_games_cost_at_most_one_analysis_per_ply() {
    for game in hostile_games::all() {
        assert_eq!(game.moves.len(), 1024, "{}", game.name);
        let replay = Replay::from_moves(game.start.clone(), &game.moves)
            .unwrap_or_else(|e| panic!("{}: illegal move {e:?}", game.name));
        let (ruling, work) = rule_counting_work(&replay, Options::default());
        eprintln!("{}: {} {:?}", game.name, ruling.verdict.code(), work);
        assert!(
            work.plies_analysed <= replay.plies(),
            "{}: {work:?}",
            game.name
        );
        assert!(
            work.cycles_judged > 100,
            "{}: the game repeats out of step ({work:?})",
            game.name
        );
        assert!(
            work.cycles_judged_in_full <= 8,
            "{}: the quick test settles the cycles nobody violates ({work:?})",
            game.name
        );
    }
}

/// The same under every rule book: the CXA's searches (mate threats, wins
/// by check) run per ply analysed, each bounded, so its cost stays linear.
#[test]
fn hostile_games_cost_at_most_one_analysis_per_ply_under_every_book() {
    for game in hostile_games::all() {
        let replay = Replay::from_moves(game.start.clone(), &game.moves)
            .unwrap_or_else(|e| panic!("{}: illegal move {e:?}", game.name));
        for book in RuleSet::ALL {
            let (ruling, work) =
                rule_counting_work_under(book, &replay, Options::for_ruleset(book));
            eprintln!("{} {book:?}: {} {work:?}", game.name, ruling.verdict.code());
            assert!(
                work.plies_analysed <= replay.plies(),
                "{} {book:?}",
                game.name
            );
            assert!(
                work.cycles_judged_in_full <= 8,
                "{} {book:?}: the quick test settles the cycles nobody violates ({work:?})",
                game.name
            );
        }
    }
}

/// A long game that never repeats a position gives the repetition rule
/// nothing to judge; the CXA's nine-round rule reads the play back from its
/// end only, so it analyses the few plies of the runs that reach the end,
/// not the game.
#[test]
fn a_long_game_without_repetition_costs_the_nine_round_rule_only_its_end() {
    use std::collections::HashSet;
    use xiangqi_arbiter::xiangqi::{Move, Position};
    // A walk from the start, each move the n-th quiet legal move by a fixed
    // sequence, never to a position seen before.
    let start = Position::new();
    let (mut pos, mut seen, mut moves) = (start.clone(), HashSet::new(), Vec::<Move>::new());
    seen.insert(pos.key());
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    while moves.len() < 600 {
        let fresh: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| pos.piece_at(m.to).is_none())
            .filter(|&m| {
                let after = pos.after(m);
                !seen.contains(&after.key()) && !after.legal_moves().is_empty()
            })
            .collect();
        if fresh.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = fresh[(seed % fresh.len() as u64) as usize];
        pos = pos.after(m);
        seen.insert(pos.key());
        moves.push(m);
    }
    assert!(moves.len() >= 200, "{} plies", moves.len());
    let replay = Replay::from_moves(start, &moves).expect("legal moves");
    let (ruling, work) = rule_counting_work_under(RuleSet::CXA2020, &replay, Options::default());
    assert!(ruling.repetition.is_none() && ruling.forbidden_run.is_none());
    assert!(work.plies_analysed <= 40, "{} plies: {work:?}", moves.len());
}
