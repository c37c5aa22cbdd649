//! The rule books' articles as an answer writes them. Most of an answer's text is an
//! article's (its reference, label and summaries, known before any request), and an
//! `ArticleRef` of a book's own texts has one of a few shapes (which label, which
//! summaries): each shape of each article is written once, the first time an answer uses
//! it, then copied whole.

use std::sync::{LazyLock, OnceLock};

use crate::adjudication::RuleSet;

/// One article's texts (reference, labels, summaries), and its whole JSON as an `ArticleRef`
/// for each of its shapes, each written the first time an answer uses it.
pub(super) struct Article {
    texts: [&'static str; 7],
    whole: [OnceLock<Box<str>>; SHAPES],
}

/// An `ArticleRef`'s shapes: which of the three labels, and which of the three summaries.
const SHAPES: usize = 3 * 8;

impl Article {
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
            whole: [const { OnceLock::new() }; SHAPES],
        })
        .collect()
});

/// The article whose reference is `reference` itself (the same bytes in the program).
fn article(reference: &str) -> Option<&'static Article> {
    ARTICLES.iter().find(|a| same(a.texts[0], reference))
}

/// Whether `text` is `own` itself: the same bytes in the program, not only an equal
/// string (so that finding it costs no comparison of texts).
fn same(own: &str, text: &str) -> bool {
    std::ptr::eq(own.as_ptr(), text.as_ptr()) && own.len() == text.len()
}
