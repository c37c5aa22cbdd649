//! XQF files (XQStudio's binary game file): the first byte picks a version, the rest follows
//! the magic. Reading (`records::xqf::read`) never panics, whatever the keys, the piece table,
//! the texts' lengths or the move tree's flags and comment lengths say; a file that reads is
//! ruled as the HTTP API rules a record body, to a verdict or a 4xx. The checks are
//! `fuzz_checks::xqf`, shared with `tests/it/fuzz_regressions.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)] // the other targets' checks
#[path = "../../tests/it/common/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::xqf(data);
});
