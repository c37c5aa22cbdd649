//! The cases of `tests/data/public.json`, the shared adjudication set.

use serde::Deserialize;
use xiangqi_arbiter::xiangqi::{Move, Position};

use super::chess::{mv, position};

/// One case: a start position, moves in ICCS, and what the ruling must say. (Its `title` in
/// the file is for people; its `ruleset` is `vn2004` for every case, which `public_cases`
/// checks, since the tests rule them under the default book.)
#[derive(Debug, Deserialize)]
pub struct PublicCase {
    pub id: String,
    ruleset: String,
    pub fen: String,
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// What a case's ruling must say.
#[derive(Debug, Deserialize)]
pub struct Expect {
    /// The wire name of the verdict (`"must_change"`).
    pub verdict: String,
    /// `"red"`, `"black"`, or none.
    pub violator: Option<String>,
    /// Article references the ruling must cite, among others.
    pub articles_include: Vec<String>,
}

impl PublicCase {
    pub fn start(&self) -> Position {
        position(&self.fen)
    }

    pub fn iccs_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| mv(m)).collect()
    }
}

#[derive(Deserialize)]
struct File {
    cases: Vec<PublicCase>,
}

/// Every case of the file, in its order (never empty).
pub fn public_cases() -> Vec<PublicCase> {
    let file: File = serde_json::from_str(include_str!("../../data/public.json"))
        .expect("tests/data/public.json reads");
    assert!(!file.cases.is_empty(), "tests/data/public.json has cases");
    for case in &file.cases {
        assert_eq!(
            case.ruleset, "vn2004",
            "{}: the tests rule under vn2004",
            case.id
        );
    }
    file.cases
}
