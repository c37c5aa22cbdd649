//! The answers where the Asian rules (`axf`) part from the Vietnamese law
//! (`vn2004`): `tests/data/axf_differences.json`, the one list the tests
//! read (`docs/rules.md`, part II, gives the same list with its readings).
//! On every public case, diagram and law test the two books must give the
//! same verdict and violator unless the case is listed here, and a listed
//! case must really differ as listed.

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
    pub vn2004: Answer,
    pub axf: Answer,
    /// The test that pins the AXF answer.
    pub pinned_by: String,
}

#[derive(Deserialize)]
struct File {
    differences: Vec<Difference>,
}

/// Every listed difference.
pub fn differences() -> Vec<Difference> {
    let file: File = serde_json::from_str(include_str!("../../data/axf_differences.json"))
        .expect("tests/data/axf_differences.json reads");
    file.differences
}

/// Compares the two books on `case`, given the Vietnamese ruling `vn`:
/// `Err` if they differ and the case is not listed, or is listed otherwise.
pub fn compare(case: &str, vn: &Ruling, axf: &Ruling) -> Result<(), String> {
    let (a_vn, a_axf) = (Answer::of(vn), Answer::of(axf));
    let listed = differences().into_iter().find(|d| d.case == case);
    match listed {
        None if a_vn == a_axf => Ok(()),
        None => Err(format!(
            "{case}: vn2004 {a_vn:?} but axf {a_axf:?}, a difference tests/data/axf_differences.json does not list"
        )),
        Some(d) if d.vn2004 == a_vn && d.axf == a_axf => Ok(()),
        Some(d) => Err(format!(
            "{case}: listed as vn2004 {:?} / axf {:?}, got vn2004 {a_vn:?} / axf {a_axf:?}",
            d.vn2004, d.axf
        )),
    }
}

/// For the law tests of `tests/it/law_points.rs`: rules `replay` under the
/// AXF as well and compares with the Vietnamese ruling `vn`, the case named
/// after the running test. A listed law test may also rule games the books
/// agree on (a test plays several), so only unlisted differences fail here.
pub fn check_law_test(replay: &Replay, options: Options, vn: &Ruling) {
    let thread = std::thread::current();
    let name = thread
        .name()
        .unwrap_or("unnamed")
        .rsplit("::")
        .next()
        .unwrap_or("unnamed");
    let case = format!("law_points::{name}");
    let axf = rule_under(RuleSet::Axf, replay, options);
    let listed = differences().into_iter().any(|d| d.case == case);
    if !listed && let Err(e) = compare(&case, vn, &axf) {
        panic!("{e}");
    }
}
