//! The answers where a rule book parts from the default book (the
//! Vietnamese law, `vn2004`): `tests/data/axf_differences.json`, the one
//! list the tests read (`docs/rules.md`, part II, gives the same list with
//! its readings). Each listed case names its answer under the default book
//! and under every book that parts from it, once. On every public case,
//! diagram and law test every book must give the default book's verdict and
//! violator unless the case lists that book, and a listed answer must be
//! the one the book gives. The harness knows no book by name: a new book in
//! `RuleSet::ALL` is compared on every case.

use std::collections::BTreeMap;

use serde::Deserialize;
use xiangqi_arbiter::adjudication::{Options, Replay, RuleSet, Ruling, rule_under};
use xiangqi_arbiter::xiangqi::Color;

/// A verdict and violator, as the wire names them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Answer {
    pub verdict: String,
    pub violator: Option<String>,
}

impl Answer {
    pub fn of(r: &Ruling) -> Answer {
        Answer {
            verdict: r.verdict.code().to_owned(),
            violator: r.violator.map(|c: Color| c.name().to_owned()),
        }
    }
}

/// One listed difference. (Its `reading` in the file, the reading that makes the difference
/// as `docs/rules.md` names it, is for people: no test reads it.)
#[derive(Debug, Deserialize)]
pub struct Difference {
    /// A case id (`AXF-1@3`, a diagram id) or `law_points::<test name>`.
    pub case: String,
    /// The reading that makes the difference (as `docs/rules.md` names it).
    pub reading: String,
    /// The test that pins the answers.
    pub pinned_by: String,
    /// The answer under each book the case names, by book id: the default
    /// book's and each book's that parts from it.
    #[serde(flatten)]
    pub answers: BTreeMap<String, Answer>,
}

impl Difference {
    /// The listed answer under `book`, if the case names it.
    pub fn under(&self, book: RuleSet) -> Option<&Answer> {
        self.answers.get(book.id())
    }
}

#[derive(Deserialize)]
struct File {
    differences: Vec<Difference>,
}

/// Every listed difference.
pub fn differences() -> Vec<Difference> {
    let file: File = serde_json::from_str(include_str!("../../data/axf_differences.json"))
        .expect("tests/data/axf_differences.json reads");
    for d in &file.differences {
        for id in d.answers.keys() {
            assert!(RuleSet::from_id(id).is_some(), "{}: no book {id}", d.case);
        }
    }
    file.differences
}

/// Compares every book's ruling on `case` (`rule(book)`) with the default
/// book's: `Err` if a book differs and the case does not list it, or the
/// case lists an answer the book does not give.
pub fn compare(case: &str, rule: impl Fn(RuleSet) -> Ruling) -> Result<(), String> {
    let listed = differences().into_iter().find(|d| d.case == case);
    let default = RuleSet::default();
    let base = Answer::of(&rule(default));
    let mut wrong = Vec::new();
    if let Some(want) = listed.as_ref().and_then(|d| d.under(default))
        && *want != base
    {
        wrong.push(format!("listed as {} {want:?}, got {base:?}", default.id()));
    }
    for book in RuleSet::ALL.into_iter().filter(|&b| b != default) {
        let got = Answer::of(&rule(book));
        match listed.as_ref().and_then(|d| d.under(book)) {
            None if got == base => {}
            None => wrong.push(format!(
                "{} {base:?} but {} {got:?}, a difference tests/data/axf_differences.json does not list",
                default.id(),
                book.id()
            )),
            Some(want) if *want == got => {}
            Some(want) => wrong.push(format!(
                "listed as {} {want:?}, got {} {got:?}",
                book.id(),
                book.id()
            )),
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!("{case}: {}", wrong.join("; ")))
    }
}

/// For the law tests of `tests/it/law_points.rs`: rules `replay` under every
/// other book as well and compares with the default book's ruling `base`,
/// the case named after the running test. A law test may play several
/// games, some of which the books agree on, so a book the case lists is
/// not compared here (its listed answer is pinned by its own test); every
/// other book must answer as the default book.
pub fn check_law_test(replay: &Replay, options: Options, base: &Ruling) {
    let thread = std::thread::current();
    let name = thread
        .name()
        .unwrap_or("unnamed")
        .rsplit("::")
        .next()
        .unwrap_or("unnamed");
    let case = format!("law_points::{name}");
    let listed = differences().into_iter().find(|d| d.case == case);
    let want = Answer::of(base);
    for book in RuleSet::ALL
        .into_iter()
        .filter(|&b| b != RuleSet::default())
    {
        if listed.as_ref().is_some_and(|d| d.under(book).is_some()) {
            continue;
        }
        let got = Answer::of(&rule_under(book, replay, options));
        assert_eq!(
            got,
            want,
            "{case}: {} {want:?} but {} {got:?}, a difference tests/data/axf_differences.json does not list",
            RuleSet::default().id(),
            book.id()
        );
    }
}
