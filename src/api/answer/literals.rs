//! The answer's texts as JSON string literals. serde_json escapes a string byte by byte, and
//! writes every string through the same checks however short: most of an answer's strings
//! are known before any request (the rule books' article texts, square names, wire names),
//! and the longest one it writes per request (the explanation) needs no escaping. A literal
//! written once, or a text checked eight bytes at a time, is copied whole instead.
//!
//! A literal is a `RawValue`, which only serde_json's serializers write as JSON (as the very
//! string it holds, in compact and pretty output alike): the answer types are serialized by
//! nothing else.

use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::{LazyLock, OnceLock};

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

use crate::adjudication::RuleSet;
use crate::xiangqi::Square;

/// A string as a JSON literal.
fn literal(text: &str) -> Box<RawValue> {
    serde_json::value::to_raw_value(text).expect("a string serializes")
}

/// Literals of a fixed set of `N` texts, each written the first time it is asked for (so
/// that a process pays only for the ones its answers use).
pub(crate) struct Table<const N: usize>([OnceLock<Box<RawValue>>; N]);

impl<const N: usize> Table<N> {
    pub(crate) const fn new() -> Self {
        Table([const { OnceLock::new() }; N])
    }

    /// The literal of text number `i`, which is always `text`.
    pub(crate) fn get(&self, i: usize, text: &str) -> &RawValue {
        self.0[i].get_or_init(|| literal(text))
    }
}

/// The square names' literals, by square index.
static SQUARES: Table<{ Square::COUNT }> = Table::new();

/// A square's name (`a4`) as JSON, or any other text as any string.
pub(super) fn square<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    match Square::from_iccs(text).filter(|sq| sq.name() == text) {
        Some(sq) => SQUARES.get(sq.index(), text).serialize(s),
        None => s.serialize_str(text),
    }
}

/// Squares' names as a JSON array ([`square`] each).
pub(super) fn squares<S: Serializer>(texts: &[Cow<'static, str>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(texts.iter().map(|t| SquareJson(t)))
}

struct SquareJson<'a>(&'a str);

impl Serialize for SquareJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        square(self.0, s)
    }
}

/// Texts shorter than this are escaped as any: for them the copy and the check below cost
/// more than escaping.
const LONG: usize = 64;

thread_local! {
    /// Where a long text is quoted to be checked; it grows to the longest text once.
    static QUOTED: RefCell<String> = const { RefCell::new(String::new()) };
}

/// `text` as a JSON string. A long text without a backslash is quoted and read back as a
/// JSON value: that reading (eight bytes at a time) accepts it exactly when no byte needs
/// escaping (no quote, no control character), and the quoted text is then copied whole.
/// Anything else, including every text that holds a backslash (which the reading would take
/// for an escape), is escaped by serde_json as any string.
pub(super) fn text<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    if text.len() < LONG || text.as_bytes().contains(&b'\\') {
        return s.serialize_str(text);
    }
    QUOTED.with(|quoted| {
        let Ok(mut json) = quoted.try_borrow_mut() else {
            return s.serialize_str(text);
        };
        json.clear();
        json.push('"');
        json.push_str(text);
        json.push('"');
        match serde_json::from_str::<&RawValue>(&json) {
            Ok(raw) => raw.serialize(s),
            Err(_) => s.serialize_str(text),
        }
    })
}

/// One article's texts (reference, labels, summaries) and their JSON, each written the first
/// time an answer uses it; and its whole JSON as an `ArticleRef`, for each of its shapes.
pub(super) struct Article {
    texts: [&'static str; 7],
    json: Table<7>,
    whole: [OnceLock<Box<str>>; SHAPES],
}

/// An `ArticleRef`'s shapes: which of the three labels, and which of the three summaries.
const SHAPES: usize = 3 * 8;

impl Article {
    /// The JSON of `text` if it is one of the article's own texts.
    fn literal(&self, text: &str) -> Option<&RawValue> {
        let i = self.texts.iter().position(|own| same(own, text))?;
        Some(self.json.get(i, self.texts[i]))
    }

    /// Which of the article's texts an `ArticleRef` of `label` and `summary` (Vietnamese,
    /// English, Chinese; empty when left out) holds, if each is the article's own: then that
    /// shape says all the `ArticleRef` writes.
    fn shape(&self, label: &str, summary: [&str; 3]) -> Option<usize> {
        let label = (1..=3).find(|&i| same(self.texts[i], label))? - 1;
        let mut present = 0;
        for (bit, (text, own)) in summary.into_iter().zip(&self.texts[4..]).enumerate() {
            if text.is_empty() {
                continue;
            }
            if !same(own, text) {
                return None;
            }
            present |= 1 << bit;
        }
        Some(label * 8 + present)
    }
}

/// The JSON of the `ArticleRef` of `reference`, `label` and `summary` when they are a rule
/// book's article's own texts ([`Article::shape`]): written by `write` the first time each
/// shape of each article is asked for, then copied.
pub(super) fn article_json(
    reference: &str,
    label: &str,
    summary: [&str; 3],
    write: impl FnOnce() -> String,
) -> Option<&'static str> {
    let a = article(reference)?;
    let shape = a.shape(label, summary)?;
    Some(a.whole[shape].get_or_init(|| write().into_boxed_str()))
}

static ARTICLES: LazyLock<Vec<Article>> = LazyLock::new(|| {
    RuleSet::ALL
        .into_iter()
        .flat_map(|book| book.articles())
        .map(|a| Article {
            texts: [
                a.reference,
                a.label.vi,
                a.label.en,
                a.label.zh,
                a.summary.vi,
                a.summary.en,
                a.summary.zh,
            ],
            json: Table::new(),
            whole: [const { OnceLock::new() }; SHAPES],
        })
        .collect()
});

/// The article whose reference is `reference` itself (see [`Article::literal`]).
pub(super) fn article(reference: &str) -> Option<&'static Article> {
    ARTICLES.iter().find(|a| same(a.texts[0], reference))
}

/// Whether `text` is `own` itself: the same bytes in the program, not only an equal
/// string (so that finding it costs no comparison of texts).
fn same(own: &str, text: &str) -> bool {
    std::ptr::eq(own.as_ptr(), text.as_ptr()) && own.len() == text.len()
}

/// A text as JSON: copied from `known`'s literal when it is one of its texts, else written
/// by [`text`].
pub(super) struct TextJson<'a>(pub &'a str, pub Option<&'static Article>);

impl Serialize for TextJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.1.and_then(|a| a.literal(self.0)) {
            Some(json) => json.serialize(s),
            None => text(self.0, s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `value` written by `write` as compact and as pretty JSON.
    fn written(write: impl Fn(&mut serde_json::Serializer<&mut Vec<u8>>)) -> String {
        let mut out = Vec::new();
        write(&mut serde_json::Serializer::new(&mut out));
        String::from_utf8(out).unwrap()
    }

    fn as_text(t: &str) -> String {
        written(|s| text(t, s).unwrap())
    }

    #[test]
    fn a_text_is_written_as_serde_json_escapes_it_whatever_it_holds() {
        let long = "Thế cờ sau nước thứ 96 của Đen xuất hiện lần thứ ba (a7c7), 红方第12着.";
        let mut texts = vec![String::new(), "h2e2".to_owned(), long.to_owned()];
        for hostile in [
            "\"",
            "\\",
            "\\n",
            "\\\"",
            "\n",
            "\t",
            "\u{0}",
            "\u{1f}",
            "\u{7f}",
            "\u{2028}",
            "炮二平五",
            "\\u0041",
            "\"}",
            "'",
        ] {
            texts.push(format!("{long}{hostile}"));
            texts.push(format!("{hostile}{long}"));
            texts.push(format!("{long}{hostile}{long}"));
            texts.push(hostile.to_owned());
        }
        for t in &texts {
            let json = as_text(t);
            assert_eq!(json, serde_json::to_string(t).unwrap(), "{t:?}");
            assert_eq!(serde_json::from_str::<String>(&json).unwrap(), *t);
        }
    }

    #[test]
    fn a_long_text_is_written_again_while_one_is_being_written() {
        // The quoting buffer is busy (as if a serializer wrote a text inside a text): the
        // text is escaped as any.
        let long = "x".repeat(2 * LONG);
        QUOTED.with(|q| {
            let _busy = q.borrow_mut();
            assert_eq!(as_text(&long), serde_json::to_string(&long).unwrap());
        });
    }

    #[test]
    fn squares_are_their_names_and_other_texts_are_escaped() {
        for sq in (0..Square::COUNT).filter_map(Square::from_index) {
            let json = written(|s| square(sq.name(), s).unwrap());
            assert_eq!(json, format!("\"{}\"", sq.name()));
        }
        for other in ["A4", "a", "j0", "a10", "\"a4", "a4\\"] {
            let json = written(|s| square(other, s).unwrap());
            assert_eq!(json, serde_json::to_string(other).unwrap(), "{other:?}");
        }
    }

    #[test]
    fn a_table_writes_each_literal_once() {
        static T: Table<2> = Table::new();
        let first: *const RawValue = T.get(1, "déjà \"vu\"");
        assert_eq!(T.get(1, "déjà \"vu\"").get(), r#""déjà \"vu\"""#);
        assert!(std::ptr::eq(first, T.get(1, "déjà \"vu\"")));
    }
}
