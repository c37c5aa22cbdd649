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
