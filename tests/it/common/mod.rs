//! Test support for the integration tests (`crate::common`), one copy each:
//! - `app`: building the app in-process, sending requests, reading answers;
//! - `axf_differences`: where the AXF answers may differ from the Vietnamese ones;
//! - `fake`: an arbiter with fixed answers and one trigger per error kind;
//! - `chess`: squares, moves and positions from text, seeded random games, mirror images;
//! - `cli`: running the binary itself on some input;
//! - `cxa_games`: games of our own under the CXA 2020 book (nine rounds, a pawn's capture);
//! - `public`: the cases of `tests/data/public.json`;
//! - `xqf`: an XQF writer (XQStudio's binary game file), for samples we cannot download;
//! - `fuzz_checks`: the checks of the fuzz targets, which `fuzz/fuzz_targets/*.rs` include
//!   by path, so that `tests/it/fuzz_regressions.rs` runs exactly what the fuzzers run.

pub mod app;
pub mod axf_differences;
pub mod chess;
pub mod cli;
pub mod cxa_games;
pub mod fake;
pub mod fuzz_checks;
pub mod public;
pub mod xqf;
