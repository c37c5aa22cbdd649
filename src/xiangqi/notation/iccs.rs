//! ICCS coordinates: `h2e2`, the default notation.
//!
//! A move is its from-square and to-square, each a file letter `a`-`i` (from
//! Red's left) and a rank digit `0`-`9` (from Red's side). The parser accepts
//! either case and one optional `-` between the squares (`H2-E2`), nothing
//! else. It is purely syntactic: whether a piece stands there and may move
//! so is for [`Position::check_move`](crate::xiangqi::Position::check_move).
//! The writer always prints the lowercase form without a dash.

use super::name::{Notation, NotationError};
use crate::xiangqi::{Move, Square};

/// What an ICCS move looks like, for error messages.
const EXPECTED: &str = "two ICCS squares such as h2e2 or H2-E2 (files a-i, ranks 0-9)";

/// Reads `h2e2` or `H2-E2`.
pub fn parse(text: &str) -> Result<Move, NotationError> {
    let squares = match *text.as_bytes() {
        [a, b, c, d] | [a, b, b'-', c, d] => square(a, b).zip(square(c, d)),
        _ => None,
    };
    match squares {
        Some((from, to)) => Ok(Move::new(from, to)),
        None => Err(syntax(text)),
    }
}

/// Reads the plain four-byte form (`h2e2`, either case), else `None`; a
/// `Some` is what [`Notation::parse_move`](super::Notation::parse_move)
/// gives for the same text in ICCS. For a score sheet's hot loop: it skips
/// the trim, the dispatch and the error, which a caller asks
/// `parse_move` for when this says `None`.
#[inline]
pub fn parse_plain(text: &[u8]) -> Option<Move> {
    match *text {
        [a, b, c, d] => square(a, b)
            .zip(square(c, d))
            .map(|(from, to)| Move::new(from, to)),
        _ => None,
    }
}

/// The square of a file letter and a rank digit, by arithmetic alone: every
/// move of a score sheet passes here.
#[inline]
fn square(file: u8, rank: u8) -> Option<Square> {
    // Setting bit 5 lowercases `A`-`I` and maps no other byte into `a`-`i`.
    let (f, r) = ((file | 0x20).wrapping_sub(b'a'), rank.wrapping_sub(b'0'));
    (f < 9 && r < 10).then(|| Square::from_index_unchecked(r * 9 + f))
}

#[cold]
fn syntax(text: &str) -> NotationError {
    NotationError::syntax(Notation::Iccs, text, EXPECTED)
}

/// Appends `m` as `h2e2`.
pub fn write(m: Move, out: &mut String) {
    for sq in [m.from, m.to] {
        out.push(sq.file_char());
        out.push(char::from(b'0' + sq.rank()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_both_forms() {
        assert_eq!(parse("h2e2"), Ok(mv("h2e2")));
        assert_eq!(parse("H2-E2"), Ok(mv("h2e2")));
        assert_eq!(parse("i9i0"), Ok(mv("i9i0")));
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "", "h2e", "h2e2x", "h2--e2", "j2e2", "h2e10", "h-2e2", "h2_e2",
        ] {
            assert_eq!(parse(bad).unwrap_err().kind(), "syntax", "{bad}");
        }
    }

    #[test]
    fn the_plain_form_reads_as_parse_move_does() {
        let pos = crate::xiangqi::Position::new();
        for text in [
            "h2e2", "H2E2", "a0i9", "i9a0", "h2-e2", "h2e", "j2e2", "h2e:", " h2e", "h2e2 ",
        ] {
            match parse_plain(text.as_bytes()) {
                Some(m) => assert_eq!(Notation::Iccs.parse_move(&pos, text), Ok(m), "{text}"),
                None => assert!(
                    text.len() != 4 || Notation::Iccs.parse_move(&pos, text).is_err(),
                    "{text}"
                ),
            }
        }
        // Every four-byte text of square-like bytes agrees.
        let bytes: Vec<u8> = (b'0'..=b'9')
            .chain(b'A'..=b'K')
            .chain(b'a'..=b'k')
            .collect();
        for &a in &bytes {
            for &b in &bytes {
                let text = String::from_utf8(vec![a, b, b'e', b'2']).unwrap();
                let want = Notation::Iccs.parse_move(&pos, &text).ok();
                assert_eq!(parse_plain(text.as_bytes()), want, "{text}");
            }
        }
    }

    #[test]
    fn writes_lowercase() {
        let mut s = String::new();
        write(mv("a0i9"), &mut s);
        assert_eq!(s, "a0i9");
    }
}
