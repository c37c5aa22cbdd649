//! The answers to some 2,000 random games ending in repetition cycles, pinned byte for byte.
//!
//! `tests/data/answer_corpus/requests.jsonl.gz` holds games from the standard position and
//! from every public case's position, under both rule books and in every language, each
//! ending in a lap repeated two or three times (`scripts/answer_corpus.py` made them, with
//! legal moves from pyffish). `answers.jsonl.gz` holds what `xiangqi-arbiter adjudicate`
//! answered. The golden answers (`golden_answers.rs`) pin the public cases; this corpus pins
//! the law on positions nobody chose, which is what an optimisation of the rules core or of
//! the cycle analysis must leave unchanged. A deliberate change of law or wording re-blesses
//! it (`XA_BLESS=1 cargo test --test integration answer_corpus::`) and says why in its commit.

use std::collections::BTreeSet;
use std::io::{Read, Write};

use crate::common::cli::run;
use serde_json::Value;

const REQUESTS: &str = "tests/data/answer_corpus/requests.jsonl.gz";
const ANSWERS: &str = "tests/data/answer_corpus/answers.jsonl.gz";

fn gunzip(path: &str) -> String {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    text
}

/// The CLI's answer to each line of `requests`, one line each.
fn answers_to(requests: &str) -> String {
    String::from_utf8(run(&["adjudicate"], requests).stdout).expect("the answers are UTF-8")
}

#[test]
fn the_answers_to_the_random_repetition_corpus_are_unchanged() {
    let requests = gunzip(REQUESTS);
    let got = answers_to(&requests);
    if std::env::var_os("XA_BLESS").is_some() {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        enc.write_all(got.as_bytes()).expect("in memory");
        std::fs::write(ANSWERS, enc.finish().expect("in memory")).expect("the corpus is writable");
        return;
    }
    let want = gunzip(ANSWERS);
    let (requests, want, got): (Vec<_>, Vec<_>, Vec<_>) = (
        requests.lines().collect(),
        want.lines().collect(),
        got.lines().collect(),
    );
    assert_eq!(want.len(), requests.len(), "one pinned answer per request");
    let differ: Vec<usize> = (0..requests.len())
        .filter(|&i| got.get(i) != want.get(i))
        .collect();
    if let Some(&i) = differ.first() {
        panic!(
            "{} of {} answers changed; the first, line {}:\nrequest {}\nwant    {}\ngot     {}",
            differ.len(),
            requests.len(),
            i + 1,
            requests[i],
            want[i],
            got.get(i).copied().unwrap_or("(no answer)")
        );
    }
}

/// The corpus is worth its size only if it holds every kind of ruling under both books.
#[test]
fn the_corpus_holds_every_verdict_under_both_rule_books() {
    let requests = gunzip(REQUESTS);
    let answers = gunzip(ANSWERS);
    let mut seen = BTreeSet::new();
    for (request, answer) in requests.lines().zip(answers.lines()) {
        let request: Value = serde_json::from_str(request).expect("a JSON request");
        let answer: Value = serde_json::from_str(answer).expect("a JSON answer");
        let book = request["ruleset"].as_str().unwrap_or("vn2004").to_owned();
        let verdict = answer["verdict"].as_str().expect("a ruling").to_owned();
        seen.insert((book, verdict));
    }
    for book in ["vn2004", "axf"] {
        for verdict in ["draw", "must_change", "loss"] {
            assert!(
                seen.contains(&(book.to_owned(), verdict.to_owned())),
                "no {verdict} under {book} in the corpus: {seen:?}"
            );
        }
    }
}
