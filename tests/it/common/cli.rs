//! Running the binary itself, as a user of its command line does.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_xiangqi-arbiter");

/// Runs the binary with `args` on `stdin` to its end. The input is written from another
/// thread while the output is read, so that a long input cannot fill both pipes and stall;
/// a child that exits before reading everything (a usage error) closes its pipe, which is
/// ignored.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    let stdin = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    out
}
