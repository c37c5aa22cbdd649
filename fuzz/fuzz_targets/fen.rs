//! FEN: parse → print → parse round trips, and "every legal move is legal".
//! The checks are `fuzz_checks::fen`, shared with `tests/it/fuzz_regressions.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)] // the other targets' checks
#[path = "../../tests/it/common/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fen(data);
});
