//! The cost of a ruling grows with the game's length, not its square
//! (issue 12): on games built to make the repetition analysis work hard,
//! each ply is classified at most once and only a few cycles are judged in
//! full. Counted, not timed; `benches/rules.rs` times the same games.

#[path = "../../benches/hostile_games.rs"]
mod hostile_games;

use xiangqi_arbiter::adjudication::{Options, Replay, rule_counting_work};

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
