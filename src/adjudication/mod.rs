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
pub use ruling::{
    Again, InGame, NoCapture, Options, Repetition, Ruling, Verdict, Work, rule, rule_counting_work,
    rule_counting_work_under, rule_under,
};
