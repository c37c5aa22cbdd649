//! Ruling on repetition under a rule book ([`RuleSet`]): the Vietnamese
//! Xiangqi Law of 2004 (Decision 1409/2004/QĐ-UBTDTT/TT1, Articles 7, 12,
//! 22, 23 and 24), the default, the Asian (AXF/WXF) rules, or, provisionally,
//! the Chinese Xiangqi Association's 2020 rules.
//!
//! The arbiter's steps, one module each: [`replay`] the score sheet,
//! find the third occurrence and follow the game on ([`ruling`]), classify
//! each move of the cycle ([`cycle`], [`threats`], [`mate_threat`] where the
//! book counts mate threats), apply the law
//! ([`law`]) and explain it ([`explain`](mod@explain)), each rule book
//! one module of [`books`].

pub mod books;
pub mod cycle;
pub mod explain;
pub mod lang;
pub mod law;
pub mod mate_threat;
pub mod nine_rounds;
pub mod replay;
pub mod ruling;
pub mod threats;

pub use books::{Article, Book, ByLang, Citation, Ground, Lang, Readings, RuleSet};
pub use explain::{Explanation, Naming, explain, explain_named, explain_named_in};
pub use replay::{Replay, ReplayError};
/// For tests of a premise over many positions: calls `visit` with every
/// position of `games` pseudo-random games of at most `plies` plies from the
/// start, each before its move, the moves drawn from `seed` (xorshift64, the
/// same on every run), a capture now and then so that the games thin out.
#[cfg(test)]
pub(crate) fn for_each_random_position(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&crate::xiangqi::Position),
) {
    let mut seed = seed | 1;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _ in 0..games {
        let mut pos = crate::xiangqi::Position::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            visit(&pos);
            let captures = pos.legal_captures();
            let mv = if !captures.is_empty() && next(4) == 0 {
                captures[next(captures.len())]
            } else {
                moves[next(moves.len())]
            };
            pos.play(mv).expect("a legal move");
        }
    }
}

pub use ruling::{
    Again, InGame, NoCapture, Options, Repetition, Ruling, Verdict, Work, rule, rule_counting_work,
    rule_counting_work_under, rule_under,
};
