//! The integration tests, one binary (issue 30), laid out as ripgrep lays out its own: each
//! file beside this one is a module, and `common/` is their shared support. One binary links
//! axum, tokio and the crate once, not once per file: a fresh clone's `cargo test` compiles
//! and links one test executable where it used to link 36 (docs/performance.md, issue 30).
//!
//! Run one file's tests by its module path: `cargo test --test integration openapi::`, or a
//! single test with `cargo test --test integration -- --exact openapi::spec_lists_every_illegal_move_reason`.
//!
//! Every test shares one process, so none may count on being alone in it:
//! - `metrics` reads exact differences of the process-wide Prometheus recorder: it runs its
//!   test again in a child process of this binary, alone there;
//! - `reliability` installs this binary's `#[global_allocator]`, the system allocator that
//!   also counts, per thread, the bytes each thread holds (its memory tests read their own
//!   thread's count only, so other tests' allocations do not reach them);
//! - `server` alone uses the fake arbiter's `GATE` (once opened it stays open).
//!
//! Files read at run time are named from the package root (`tests/data/...`), where cargo
//! runs the tests; `include_str!` paths are relative to this directory (`../data/...`).

mod common;

mod answer_corpus;
mod api_lang;
mod api_law;
mod api_records;
mod api_rulesets;
mod axf_rules;
mod cli;
mod core_rules;
mod cxa2020;
mod deploy;
mod desk_assets;
mod diagram;
mod disputed_rulings;
mod doc_examples;
mod engine;
mod explanations;
mod fuzz_regressions;
mod golden_answers;
mod hostile;
mod http_api;
mod json_fast;
mod law_points;
mod linear_cost;
mod metrics;
mod mirror;
mod moves_read;
mod multigame;
mod notation;
mod openapi;
mod perft;
mod problem_lang;
mod public_cases;
mod record_samples;
mod records;
mod reliability;
mod report;
mod ruling_invariants;
mod security_headers;
mod server;
mod strict_requests;
mod xqf;
