//! A fast reader for the common form of a game request, beside the serde reader of
//! [`super::json`], which stays the reference for every answer and every error.
//!
//! Reading a long game's body with serde_json cost more than replaying its moves (the figures
//! are in `docs/performance.md`, issue 15). Most requests have one form: an object of the game's
//! fields, each once, with plain values (strings without escapes, an integer, `true` or
//! `false`, `null`) and `moves` an array of plain strings. [`read_game`] reads that form in
//! one pass over the bytes, without serde.
//!
//! It answers only when it is sure, and then exactly as serde would: anything else (an
//! escape, a number with a fraction or an exponent, a `game` record, `strict`, an unknown or
//! repeated field, a missing `moves`, a syntax error) makes it answer `None`, and the body is
//! read by serde as before. The tests below and `tests/it/json_fast.rs` (a proptest over bodies of
//! every kind) hold the two readers to the same request on every body the fast one reads.

use super::moves::Moves;
use super::request::AdjudicateRequest;

/// The game request in `text` (a whole body, UTF-8 already), if it is in the common form.
pub fn read_game(text: &str) -> Option<AdjudicateRequest> {
    let mut s = Scanner { text, at: 0 };
    let mut req = AdjudicateRequest::of_moves(Moves::new());
    // Which fields were read: a repeated one is serde's error to word.
    let mut seen = 0u8;
    s.expect(b'{')?;
    if s.peek()? != b'}' {
        loop {
            let key = s.plain_string()?;
            s.expect(b':')?;
            let field = Field::named(key)?;
            if seen & field.bit() != 0 {
                return None;
            }
            seen |= field.bit();
            match field {
                Field::Fen => req.fen = s.string_or_null()?,
                Field::Moves => req.moves = s.moves()?,
                Field::Notation => req.notation = s.string_or_null()?,
                Field::Ruleset => req.ruleset = s.string_or_null()?,
                Field::NoCaptureLimit => req.no_capture_limit = s.integer_or_null()?,
                Field::Compare => req.compare = s.bool_or_null()?,
                Field::Lang => req.lang = s.string_or_null()?,
                Field::MovesRead => req.moves_read = s.bool_or_null()?,
            }
            if s.peek()? == b',' {
                s.at += 1;
            } else {
                break;
            }
        }
    }
    s.expect(b'}')?;
    s.skip_whitespace();
    // `moves` is required (without a `game`, which this reader leaves to serde).
    (s.at == text.len() && seen & Field::Moves.bit() != 0).then_some(req)
}

/// The fields of the common form. `game` and `strict` are not among them: serde reads those.
#[derive(Clone, Copy)]
enum Field {
    Fen,
    Moves,
    Notation,
    Ruleset,
    NoCaptureLimit,
    Compare,
    Lang,
    MovesRead,
}

impl Field {
    fn named(key: &str) -> Option<Field> {
        Some(match key {
            "fen" => Field::Fen,
            "moves" => Field::Moves,
            "notation" => Field::Notation,
            "ruleset" => Field::Ruleset,
            "no_capture_limit" => Field::NoCaptureLimit,
            "compare" => Field::Compare,
            "lang" => Field::Lang,
            "moves_read" => Field::MovesRead,
            _ => return None,
        })
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A cursor over the text. Every method answers `None` for what it does not read.
struct Scanner<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Scanner<'t> {
    fn skip_whitespace(&mut self) {
        let bytes = self.text.as_bytes();
        self.at = bytes.len() - skip_whitespace(&bytes[self.at..]).len();
    }

    /// The next byte after whitespace, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.skip_whitespace();
        self.text.as_bytes().get(self.at).copied()
    }

    /// Takes `byte` after whitespace.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Takes `word` (`null`, `true`, `false`) where the cursor is.
    fn word(&mut self, word: &str) -> Option<()> {
        self.text[self.at..]
            .starts_with(word)
            .then(|| self.at += word.len())
    }

    /// A string with no escape and no control character: its text is the JSON's bytes.
    fn plain_string(&mut self) -> Option<&'t str> {
        let (start, end) = self.plain_string_span()?;
        // Both ends are ASCII quotes, so both are character boundaries.
        Some(&self.text[start..end])
    }

    /// Where the text of a plain string lies, between its quotes.
    fn plain_string_span(&mut self) -> Option<(usize, usize)> {
        self.expect(b'"')?;
        let (start, end) = (self.at, plain_text_end(self.text.as_bytes(), self.at)?);
        self.at = end + 1;
        Some((start, end))
    }

    /// `null`, after whitespace.
    fn null(&mut self) -> Option<bool> {
        if self.peek()? == b'n' {
            self.word("null")?;
            return Some(true);
        }
        Some(false)
    }

    fn string_or_null(&mut self) -> Option<Option<String>> {
        if self.null()? {
            return Some(None);
        }
        self.plain_string().map(|s| Some(s.to_owned()))
    }

    fn bool_or_null(&mut self) -> Option<Option<bool>> {
        match self.peek()? {
            b'n' => self.word("null").map(|()| None),
            b't' => self.word("true").map(|()| Some(true)),
            b'f' => self.word("false").map(|()| Some(false)),
            _ => None,
        }
    }

    /// An integer in JSON's plain form (`-?(0|[1-9][0-9]*)`), of at most 18 digits so that it
    /// fits an `i64`; a fraction or an exponent is serde's to read (`100.0` is accepted there).
    fn integer_or_null(&mut self) -> Option<Option<i64>> {
        if self.null()? {
            return Some(None);
        }
        let bytes = self.text.as_bytes();
        let negative = bytes.get(self.at) == Some(&b'-');
        let start = self.at + usize::from(negative);
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + digits;
        let leading_zero = digits > 1 && bytes[start] == b'0';
        if digits == 0 || digits > 18 || leading_zero {
            return None;
        }
        if let Some(b'.' | b'e' | b'E') = bytes.get(end) {
            return None;
        }
        let magnitude: i64 = self.text[start..end].parse().ok()?;
        self.at = end;
        Some(Some(if negative { -magnitude } else { magnitude }))
    }

    /// An array of plain strings, copied whole: the moves are found in the copy, not
    /// copied one by one. The loop walks the slice of what is left, and reads the common
    /// separator (`, ` before the next move) at once: a walk over whitespace on every move
    /// was a quarter of the reading.
    fn moves(&mut self) -> Option<Moves> {
        self.expect(b'[')?;
        let (bytes, open) = (self.text.as_bytes(), self.at);
        // Every offset below is within the body, whose length the body limit keeps far
        // below 4 GiB: one check here, and the offsets need none.
        u32::try_from(bytes.len()).ok()?;
        let offset = |rest: &[u8]| (bytes.len() - rest.len() - open) as u32;
        // A move and its separator take about eight bytes; a body padded with other things
        // must not reserve for them (1,024 moves is the default limit).
        let mut spans = Vec::with_capacity(((bytes.len() - open) / 8).min(1024));
        let mut rest = skip_whitespace(&bytes[open..]);
        if rest.first() != Some(&b']') {
            loop {
                let [b'"', text @ ..] = rest else {
                    return None;
                };
                let len = plain_text_end(text, 0)?;
                spans.push((offset(text), offset(text) + len as u32));
                let after = &text[len + 1..];
                rest = match after {
                    // The common separator, read without a walk over whitespace.
                    [b',', b' ', next @ ..] if next.first() == Some(&b'"') => next,
                    _ => match skip_whitespace(after) {
                        [b',', next @ ..] => skip_whitespace(next),
                        close @ [b']', ..] => {
                            rest = close;
                            break;
                        }
                        _ => return None,
                    },
                };
            }
        }
        let close = bytes.len() - rest.len();
        self.at = close + 1;
        Moves::in_text(self.text[open..close].to_owned(), spans)
    }
}

/// `bytes` without the JSON whitespace (space, tab, line feed, carriage return) it starts
/// with.
fn skip_whitespace(mut bytes: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b'\n' | b'\r', rest @ ..] = bytes {
        bytes = rest;
    }
    bytes
}

/// Where the text of a plain string that starts at `start` (after its opening quote) ends:
/// the index of its closing quote; `None` if an escape, a control character or the end of
/// the text comes first.
fn plain_text_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut end = start;
    // Eight bytes at a time (a move fits in one word), then the last few one by one.
    loop {
        let Some(word) = bytes.get(end..end + 8) else {
            while bytes.get(end).is_some_and(|&b| !ends_plain_text(b)) {
                end += 1;
            }
            break;
        };
        let stops = stops_in(u64::from_le_bytes(word.try_into().ok()?));
        if stops != 0 {
            end += (stops.trailing_zeros() / 8) as usize;
            break;
        }
        end += 8;
    }
    (bytes.get(end) == Some(&b'"')).then_some(end)
}

/// Whether `b` ends a plain string's text: its closing quote, or what would need reading as
/// an escape or be refused (a backslash, a control character).
fn ends_plain_text(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// The bytes of `word` (little-endian) for which [`ends_plain_text`] holds, as their high bits:
/// exact for the lowest such byte, which is all a reader needs (a byte found is also one
/// above it may be flagged falsely, by the borrow of the subtraction).
fn stops_in(word: u64) -> u64 {
    const ONES: u64 = u64::MAX / 255;
    const HIGH: u64 = ONES << 7;
    let zero_in = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let quote = zero_in(word ^ (ONES * u64::from(b'"')));
    let backslash = zero_in(word ^ (ONES * u64::from(b'\\')));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    quote | backslash | control
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json::parse_part;

    /// The fast reader's answer, checked against serde's whenever it gives one.
    fn fast(body: &str) -> Option<AdjudicateRequest> {
        let ours = read_game(body);
        if let Some(req) = &ours {
            // `parse_part` is serde's reading alone.
            let serde = parse_part::<AdjudicateRequest>(body).ok();
            assert_eq!(serde.as_ref(), Some(req), "{body}");
        }
        ours
    }

    #[test]
    fn reads_the_common_form_as_serde_does() {
        for body in [
            r#"{"moves": []}"#,
            r#"{"moves": ["h2e2", "h9g7"]}"#,
            " {\n\t\"fen\" : null , \"moves\":[ \"h2e2\" ]\r} \n",
            r#"{"fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "moves": ["h2e2"], "notation": "iccs", "ruleset": "axf", "no_capture_limit": 120, "compare": true, "lang": "vi"}"#,
            r#"{"moves": ["炮二平五"], "notation": "chinese", "compare": false}"#,
            r#"{"moves": ["h2e2"], "no_capture_limit": -7, "compare": null, "lang": null}"#,
            r#"{"moves": ["h2e2"], "no_capture_limit": 0, "notation": null, "ruleset": null}"#,
            r#"{"moves": [], "no_capture_limit": -0}"#,
            r#"{"moves": [], "no_capture_limit": 999999999999999999}"#,
            r#"{"moves": [""], "fen": ""}"#,
            // Separators of every shape: the common `, ` and the others.
            "{\"moves\": [\"a0a1\", \"a9a8\",\"a1a0\" ,\"a8a9\",  \"b0c2\",\n\t\"b9c7\"]}",
            r#"{"moves": ["1234567", "12345678", "123456789", "éèê炮二平五 ~"]}"#,
        ] {
            assert!(fast(body).is_some(), "{body}");
        }
    }

    #[test]
    fn a_word_finds_the_first_byte_that_ends_plain_text() {
        for text in [
            "abcdefgh",
            "ab\"cdefg",
            "abcdefg\\",
            "a\u{1}\"xxxxx",
            "\"\"\"\"\"\"\"\"",
            "é\u{1f}\\\"éx",
            "\u{7f}éèê~\u{0}",
        ] {
            let bytes: [u8; 8] = text.as_bytes()[..8].try_into().unwrap();
            let first = bytes.iter().position(|&b| ends_plain_text(b));
            let stops = stops_in(u64::from_le_bytes(bytes));
            let found = (stops != 0).then(|| (stops.trailing_zeros() / 8) as usize);
            assert_eq!(found, first, "{text:?}");
        }
        // Every byte value, alone or before a stop.
        for b in 0..=255u8 {
            let word = u64::from_le_bytes([b, b'x', b'x', b'x', b'x', b'x', b'x', b'"']);
            let expected = if ends_plain_text(b) { 0 } else { 7 };
            assert_eq!(stops_in(word).trailing_zeros() / 8, expected, "{b}");
        }
    }

    #[test]
    fn leaves_everything_else_to_serde() {
        for body in [
            "",
            "[]",
            "{}",
            r#"{"fen": null}"#,
            r#"{"moves": null}"#,
            r#"{"moves": ["h2e2"], "moves": []}"#,
            r#"{"moves": ["h2\u0065"]}"#,
            r#"{"moves": ["h2e2"], "fen": "a\nb"}"#,
            "{\"moves\": [\"h2\te2\"]}",
            r#"{"moves": ["h2e2",]}"#,
            r#"{"moves": ["h2e2", ]}"#,
            r#"{"moves": ["h2e2", 5]}"#,
            r#"{"moves": ["h2e2", "#,
            r#"{"moves": ["h2e2", "h9"#,
            r#"{"moves": ["h2e2"],}"#,
            r#"{"moves": ["h2e2"]} x"#,
            r#"{"moves": ["h2e2"]"#,
            r#"{"moves": ["h2e2" "h9g7"]}"#,
            r#"{"moves": [1]}"#,
            r#"{"moves": "h2e2"}"#,
            r#"{"moves": [], "game": "1. h2e2"}"#,
            r#"{"moves": [], "strict": false}"#,
            r#"{"moves": [], "FEN": null}"#,
            r#"{"moves": [], "no_capture_limit": 120.0}"#,
            r#"{"moves": [], "no_capture_limit": 1e2}"#,
            r#"{"moves": [], "no_capture_limit": 012}"#,
            r#"{"moves": [], "no_capture_limit": -}"#,
            r#"{"moves": [], "no_capture_limit": 1234567890123456789}"#,
            r#"{"moves": [], "no_capture_limit": "120"}"#,
            r#"{"moves": [], "compare": "true"}"#,
            r#"{"moves": [], "compare": truex}"#,
            r#"{"moves": [], "lang": nul}"#,
            r#"{"moves": [], "fen": 5}"#,
            r#"{"mo\u0076es": []}"#,
        ] {
            assert!(fast(body).is_none(), "{body}");
        }
    }
}
