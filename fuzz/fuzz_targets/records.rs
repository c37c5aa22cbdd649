//! Game records as bytes: the first byte picks a declared charset (or none), the rest is the
//! record in any encoding. Decoding (`records::decode`) and reading (`records::read`) never
//! panic; a malformed byte is told by an offset before which the bytes decode; a record that
//! reads, ruled as the HTTP API rules a record sent as the body, gets a verdict or a 4xx.
//! The checks are `fuzz_checks::records`, shared with `tests/it/fuzz_regressions.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)] // the other targets' checks
#[path = "../../tests/it/common/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::records(data);
});
