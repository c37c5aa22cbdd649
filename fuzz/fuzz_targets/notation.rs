//! Move notations: the first byte picks a position from a fixed list, the rest is
//! `;`-separated move texts. Each text is read in all four notations (never a panic); a
//! legal reading is written in every notation and read back to the same move, and the first
//! legal reading is played so later texts see later positions.
//! The checks are `fuzz_checks::notation`, shared with `tests/it/fuzz_regressions.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)] // the other targets' checks
#[path = "../../tests/it/common/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::notation(data);
});
