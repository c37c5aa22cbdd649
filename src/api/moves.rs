//! The moves of a request as the client wrote them: one text, and where each move lies in it.
//!
//! A request's moves are short strings (`"h2e2"`), hundreds of them. Read as a `Vec<String>`,
//! each costs an allocation, a copy and a free, a third of the cost of reading it (measured
//! in `docs/performance.md`); kept together in one text, the whole list costs two
//! allocations. The text is either the moves one after the other (as serde reads them) or
//! the JSON array itself, quotes and commas included, copied once by the fast reader
//! ([`super::json_fast`]), which then only notes where each move lies.
//!
//! [`Moves`] reads and writes as a JSON array of strings, exactly as `Vec<String>` does: the
//! same accepted input, the same errors ("expected a sequence", "expected a string").

use std::fmt;
use std::ops::Index;

use serde::de::{DeserializeSeed, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A list of move texts, in the order played. Two lists are equal when their moves are.
#[derive(Clone, Default)]
pub struct Moves {
    /// Every move's text, and maybe more between them.
    text: String,
    /// Where each move lies in `text`: move `i` is `text[spans[i].0..spans[i].1]`.
    spans: Vec<(u32, u32)>,
    /// The length of the longest move, in bytes: the limits check it without a walk.
    longest: u32,
}

impl Moves {
    /// No moves.
    pub const fn new() -> Moves {
        Moves {
            text: String::new(),
            spans: Vec::new(),
            longest: 0,
        }
    }

    /// The moves that lie at `spans` in `text`; `None` if a span is not a range of `text`
    /// between character boundaries.
    pub(super) fn in_text(text: String, spans: Vec<(u32, u32)>) -> Option<Moves> {
        let mut longest = 0;
        if text.is_ascii() {
            // Every index is a character boundary: only the order and the length are
            // checked, for all the spans at once rather than with a branch each.
            let mut ranges = true;
            for &(start, end) in &spans {
                ranges &= (start <= end) & (end as usize <= text.len());
                longest = longest.max(end.wrapping_sub(start));
            }
            if !ranges {
                return None;
            }
        } else {
            for &(start, end) in &spans {
                text.get(start as usize..end as usize)?;
                longest = longest.max(end - start);
            }
        }
        Some(Moves {
            text,
            spans,
            longest,
        })
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Move `i` (0 is the first), if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&str> {
        let &(start, end) = self.spans.get(i)?;
        Some(&self.text[start as usize..end as usize])
    }

    /// The bytes of move `i` (0 is the first): [`get`](Self::get)'s text without the checks
    /// of character boundaries, for the replay, which reads most moves as bytes.
    ///
    /// # Panics
    /// If there is no move `i`.
    #[inline]
    pub fn bytes(&self, i: usize) -> &[u8] {
        let (start, end) = self.spans[i];
        &self.text.as_bytes()[start as usize..end as usize]
    }

    /// The length in bytes of the longest move (0 when there are none).
    pub fn longest(&self) -> usize {
        self.longest as usize
    }

    /// The first move, if any.
    pub fn first(&self) -> Option<&str> {
        self.get(0)
    }

    /// The moves in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            spans: self.spans.iter(),
        }
    }

    /// Adds a move at the end.
    ///
    /// # Panics
    /// If the moves' texts would reach 4 GiB, which no request body can carry.
    pub fn push(&mut self, mv: &str) {
        let start = u32::try_from(self.text.len()).expect("moves under 4 GiB");
        self.text.push_str(mv);
        let end = u32::try_from(self.text.len()).expect("moves under 4 GiB");
        self.longest = self.longest.max(end - start);
        self.spans.push((start, end));
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Moves {}

impl Index<usize> for Moves {
    type Output = str;

    #[inline]
    fn index(&self, i: usize) -> &str {
        match self.get(i) {
            Some(mv) => mv,
            None => panic!("move {i} of {}", self.len()),
        }
    }
}

/// The moves of a [`Moves`] in order.
#[derive(Debug, Clone)]
pub struct Iter<'m> {
    text: &'m str,
    spans: std::slice::Iter<'m, (u32, u32)>,
}

impl<'m> Iterator for Iter<'m> {
    type Item = &'m str;

    #[inline]
    fn next(&mut self) -> Option<&'m str> {
        let &(start, end) = self.spans.next()?;
        Some(&self.text[start as usize..end as usize])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'m> IntoIterator for &'m Moves {
    type Item = &'m str;
    type IntoIter = Iter<'m>;

    fn into_iter(self) -> Iter<'m> {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Moves {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Moves {
        let mut moves = Moves::new();
        moves.extend(iter);
        moves
    }
}

impl<S: AsRef<str>> Extend<S> for Moves {
    fn extend<I: IntoIterator<Item = S>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv.as_ref());
        }
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Moves {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for Moves {
    fn eq(&self, other: &[S]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Moves {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Moves, D::Error> {
        d.deserialize_seq(MovesVisitor)
    }
}

/// Reads the array, each element appended to the list in place.
struct MovesVisitor;

impl<'de> Visitor<'de> for MovesVisitor {
    type Value = Moves;

    // `Vec`'s word, so that a body that is not an array reads as it always did.
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Moves, A::Error> {
        let mut moves = Moves::new();
        // A move is four bytes in ICCS, the usual notation.
        let hint = seq.size_hint().unwrap_or(0).min(4096);
        moves.text.reserve(hint * 4);
        moves.spans.reserve(hint);
        while seq.next_element_seed(Append(&mut moves))?.is_some() {}
        Ok(moves)
    }
}

/// Reads one string onto the end of the list.
struct Append<'m>(&'m mut Moves);

impl<'de> DeserializeSeed<'de> for Append<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Append<'_> {
    type Value = ();

    // `String`'s word, so that an element that is not a string reads as it always did.
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: serde::de::Error>(self, mv: &str) -> Result<(), E> {
        self.0.push(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_as_an_array_of_strings() {
        let moves: Moves = serde_json::from_str(r#"["h2e2", "h9g7", "\u0068\n"]"#).unwrap();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves, ["h2e2", "h9g7", "h\n"]);
        assert_eq!(&moves[1], "h9g7");
        assert_eq!(moves.get(3), None);
        assert_eq!(
            serde_json::to_string(&moves).unwrap(),
            r#"["h2e2","h9g7","h\n"]"#
        );
        let none: Moves = serde_json::from_str("[]").unwrap();
        assert!(none.is_empty() && none.first().is_none());
    }

    #[test]
    fn refuses_what_a_vec_of_strings_refuses_in_the_same_words() {
        for body in [
            r#""h2e2""#,
            "[1]",
            "[null]",
            r#"["a", 2]"#,
            "{}",
            "[",
            r#"["a""#,
        ] {
            let ours = serde_json::from_str::<Moves>(body).unwrap_err().to_string();
            let vec = serde_json::from_str::<Vec<String>>(body)
                .unwrap_err()
                .to_string();
            assert_eq!(ours, vec, "{body}");
        }
    }

    #[test]
    fn moves_found_in_a_text_equal_the_same_moves_pushed() {
        let text = r#""h2e2", "炮二平五""#.to_owned();
        let found = Moves::in_text(text.clone(), vec![(1, 5), (9, 21)]).unwrap();
        let pushed: Moves = ["h2e2", "炮二平五"].into_iter().collect();
        assert_eq!(found, pushed);
        assert_eq!((found.longest(), &found[1]), (12, "炮二平五"));
        assert_eq!(
            (found.bytes(0), found.bytes(1)),
            (&b"h2e2"[..], "炮二平五".as_bytes())
        );
        assert_ne!(found, ["h2e2"].into_iter().collect::<Moves>());
        // Inside a character, or past the end: no list.
        assert!(Moves::in_text(text.clone(), vec![(9, 10)]).is_none());
        assert!(Moves::in_text(text, vec![(1, 99)]).is_none());
        // An ASCII text is checked another way: past the end, or backwards, is no list.
        let ascii = r#""h2e2", "h9g7""#.to_owned();
        let found = Moves::in_text(ascii.clone(), vec![(1, 5), (9, 13)]).unwrap();
        assert_eq!((found.longest(), &found[1]), (4, "h9g7"));
        assert!(Moves::in_text(ascii.clone(), vec![(1, 5), (9, 15)]).is_none());
        assert!(Moves::in_text(ascii, vec![(5, 1)]).is_none());
    }

    #[test]
    fn empty_moves_keep_their_places() {
        let moves: Moves = ["", "a0a1", ""].into_iter().collect();
        assert_eq!(moves.iter().collect::<Vec<_>>(), ["", "a0a1", ""]);
        assert_eq!(moves.longest(), 4);
        assert_eq!(format!("{moves:?}"), r#"["", "a0a1", ""]"#);
    }
}
