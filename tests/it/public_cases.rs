//! Every case of `tests/data/public.json` (from the shared adjudication set).

use crate::common::public::public_cases;
use xiangqi_arbiter::adjudication::{Options, Replay, rule};

#[test]
fn public_cases_get_the_expected_verdict() {
    let mut failures = Vec::new();
    for case in public_cases() {
        let replay = Replay::from_moves(case.start(), &case.iccs_moves()).expect("legal moves");
        let ruling = rule(&replay, Options::default());
        let expect = &case.expect;
        let violator = ruling.violator.map(|c| c.name().to_string());
        let refs: Vec<&str> = ruling.articles.iter().map(|a| a.reference).collect();
        let ok = ruling.verdict.code() == expect.verdict
            && violator == expect.violator
            && expect
                .articles_include
                .iter()
                .all(|r| refs.contains(&r.as_str()));
        if !ok {
            failures.push(format!(
                "{}: got {} {:?} {:?}\n  {}\n  expected {:?}",
                case.id,
                ruling.verdict.code(),
                violator,
                refs,
                xiangqi_arbiter::adjudication::explain(&ruling).en,
                expect
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
