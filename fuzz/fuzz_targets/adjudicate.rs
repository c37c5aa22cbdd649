//! The whole request: arbitrary bytes as a JSON body. Anything that deserializes must get a
//! verdict or a 4xx problem, never a panic or a 5xx. The same bytes go to `legal-moves`.
//! The checks are `fuzz_checks::adjudicate`, shared with `tests/it/fuzz_regressions.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)] // the other targets' checks
#[path = "../../tests/it/common/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::adjudicate(data);
});
