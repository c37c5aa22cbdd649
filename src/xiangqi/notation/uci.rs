//! UCI coordinates as Fairy-Stockfish, pyffish and pychess write xiangqi
//! moves: `h3e3`, `h10g8`.
//!
//! Like ICCS, but ranks run `1`-`10` (ICCS rank + 1). The parser accepts
//! files `a`-`i` in either case and ranks `1`-`10` without leading zeros,
//! with no separator. It is purely syntactic, like [`super::iccs`]. The
//! writer prints lowercase.

use super::name::{Notation, NotationError};
use crate::xiangqi::{Move, Square};

/// What a UCI move looks like, for error messages.
const EXPECTED: &str = "two UCI squares such as h3e3 or h10g8 (files a-i, ranks 1-10)";

/// Reads `h3e3` or `h10g8`.
pub fn parse(text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::syntax(Notation::Uci, text, EXPECTED);
    let bytes = text.as_bytes();
    let (from, used) = square(bytes).ok_or_else(syntax)?;
    match square(&bytes[used..]) {
        Some((to, n)) if used + n == bytes.len() => Ok(Move::new(from, to)),
        _ => Err(syntax()),
    }
}

/// Reads one square at the start of `bytes`; returns it and its length.
fn square(bytes: &[u8]) -> Option<(Square, usize)> {
    let (&file, rest) = bytes.split_first()?;
    let (rank, len) = match rest {
        [b'1', b'0', ..] => (9, 3),
        [d @ b'1'..=b'9', ..] => (d - b'1', 2),
        _ => return None,
    };
    Square::from_iccs_bytes(file, b'0' + rank).map(|sq| (sq, len))
}

/// Appends `m` as `h3e3`.
pub fn write(m: Move, out: &mut String) {
    use std::fmt::Write;
    for sq in [m.from, m.to] {
        out.push(sq.file_char());
        write!(out, "{}", sq.rank() + 1).expect("writing to a String cannot fail");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_ranks_one_to_ten() {
        assert_eq!(parse("h3e3"), Ok(mv("h2e2")));
        assert_eq!(parse("h10g8"), Ok(mv("h9g7")));
        assert_eq!(parse("B1C3"), Ok(mv("b0c2")));
        assert_eq!(parse("a10a1"), Ok(mv("a9a0")));
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "", "h0e3", "h3e0", "h3e11", "h03e3", "h3-e3", "h3e3 x", "j3e3", "h3",
        ] {
            assert_eq!(parse(bad).unwrap_err().kind(), "syntax", "{bad}");
        }
    }

    #[test]
    fn writes_two_digit_ranks() {
        let mut s = String::new();
        write(mv("h9g7"), &mut s);
        assert_eq!(s, "h10g8");
    }
}
