//! The rule books a ruling may follow. Each book is one module that owns
//! everything about it, as one [`Book`] value: its id and titles, its
//! articles (stable references, labels and one-line summaries, each a
//! [`ByLang`]), the language of its own text and the notes on our
//! translations, its no-capture default, the [`Readings`] where it parts
//! from the others, how it cites each finding of the law ([`Ground`]) with
//! an exhaustive `match`, and the sentences its explanations word in its own
//! terms ([`Wording`]).
//!
//! [`RuleSet`] is a `Copy` handle to a book in `BOOKS`. Adding a book is
//! one new module here plus one entry in that list: a ground it does not
//! decide, or a language it does not write, does not compile.

pub mod axf;
mod book;
pub mod cxa2020;
pub mod vn2004;

pub use book::{
    Article, Book, ByLang, CitationStyle, Ground, Lang, PinnedPiece, Readings, Translation, Wording,
};

/// Every rule book this service knows, the default first. A [`RuleSet`] is
/// an index into it.
const BOOKS: &[&Book] = &[&vn2004::BOOK, &axf::BOOK, &cxa2020::BOOK];

/// A rule book a ruling follows: a `Copy` handle to its [`Book`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleSet(u8);

impl RuleSet {
    /// The Vietnamese Xiangqi Law of 2004, the default.
    pub const VN2004: RuleSet = RuleSet(0);
    /// The Asian Xiangqi Federation's rules (AXF/WXF "Asian rules").
    pub const AXF: RuleSet = RuleSet(1);
    /// The Chinese Xiangqi Association's 2020 rules, provisional.
    pub const CXA2020: RuleSet = RuleSet(2);

    /// Every rule book, the default first.
    pub const ALL: [RuleSet; BOOKS.len()] = {
        let mut all = [RuleSet(0); BOOKS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = RuleSet(i as u8);
            i += 1;
        }
        all
    };

    /// Everything the book is.
    pub fn book(self) -> &'static Book {
        BOOKS[usize::from(self.0)]
    }

    /// The id requests use.
    pub fn id(self) -> &'static str {
        self.book().id
    }

    /// The rule book with this id.
    pub fn from_id(id: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The book's title in `lang`.
    pub fn title(self, lang: Lang) -> &'static str {
        self.book().title.at(lang)
    }

    /// Every article the book cites, in its own order.
    pub fn articles(self) -> &'static [Article] {
        self.book().articles
    }

    /// Every point the book may cite, in its own order: entry `i` has the
    /// text `self.articles()[i]`.
    pub fn citations(self) -> impl Iterator<Item = Citation> {
        (0..self.articles().len()).map(move |i| Citation {
            book: self,
            point: i as u8,
        })
    }

    /// The citation of the article with this reference, if the book has it.
    pub fn citation(self, reference: &str) -> Option<Citation> {
        self.citations().find(|c| c.reference() == reference)
    }

    /// Plies without a capture after which a draw may be claimed by
    /// default.
    pub fn no_capture_limit(self) -> u32 {
        self.book().no_capture_limit
    }

    /// Why the book is provisional, if it is (see [`Book::provisional`]).
    pub fn provisional(self) -> Option<&'static ByLang<&'static str>> {
        self.book().provisional.as_ref()
    }

    /// The readings where this book parts from the others.
    pub fn readings(self) -> Readings {
        self.book().readings
    }

    /// The book's citations for a finding of the law, in the book's order
    /// (none when the book has no rule for it).
    pub fn cite(self, ground: Ground) -> Cites {
        Cites {
            book: self,
            points: (self.book().cites)(ground).iter(),
        }
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::ALL[0]
    }
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RuleSet({})", self.id())
    }
}

/// A book's citations of one finding ([`RuleSet::cite`]), in its order.
#[derive(Clone, Debug)]
pub struct Cites {
    book: RuleSet,
    points: std::slice::Iter<'static, u8>,
}

impl Iterator for Cites {
    type Item = Citation;

    fn next(&mut self) -> Option<Citation> {
        self.points.next().map(|&point| Citation {
            book: self.book,
            point,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.points.size_hint()
    }
}

impl ExactSizeIterator for Cites {}

/// A point of a book, as an answer cites it. An answer cites one book
/// only; citations of a book sort in the book's own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Citation {
    book: RuleSet,
    point: u8,
}

impl Citation {
    /// The cited text.
    pub fn article(self) -> &'static Article {
        &self.book.articles()[usize::from(self.point)]
    }

    /// Stable reference, e.g. `"23.6"` or `"AXF 19"`.
    pub fn reference(self) -> &'static str {
        self.article().reference
    }

    /// The book the citation belongs to.
    pub fn ruleset(self) -> RuleSet {
        self.book
    }

    /// Writes how a sentence in `lang` names the article, in its book's citation style:
    /// `Điều 23, điểm 1`, `Article 23, point 1`, `AXF rule 6`.
    pub fn write_in(self, lang: Lang, f: &mut impl std::fmt::Write) -> std::fmt::Result {
        match self.book.book().citation_style.at(lang) {
            CitationStyle::Label => f.write_str(self.article().label.at(lang)),
            CitationStyle::Reference(prefix) => {
                f.write_str(prefix)?;
                f.write_str(self.reference())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Role;

    /// Every ground, to ask each book.
    fn grounds() -> Vec<Ground> {
        use Ground::*;
        let mut all = vec![
            Mate,
            Stalemate,
            CheckViolation,
            ChaseViolation,
            NoViolation,
            SameViolation,
            NoCapture,
            PerpetualCheck,
            ChecksMixed,
            SeveralChasers,
            SeveralOnProtected,
            PinnedTarget,
            FalseProtection,
            RookByCannon,
            RookByHorse,
            OverHelped { leader: Role::King },
            OverHelped { leader: Role::Pawn },
            BlockedHorse,
            OfferInChase,
            ChasedBackSometimes,
            ChasesInTurn,
            KingChase,
            PawnChase,
            OffersOnly,
            OffersBreakChase,
            BlocksOrOffers,
            UncrossedPawnThreat,
            ProtectedThreat,
            DiscoveredCheckThreat,
            DiscoveredCheckInTurn,
            PinnedProtectedThreat,
            MutualCheck,
            CheckedBackSometimes,
            MateThreats,
            AttacksInAnyMix,
            ExchangeGain,
            JointChase,
            CheckOutranks,
            JointChaseOutranks,
            KingAnswersCheck,
            KeyDefensivePoint,
            SelfInflicted,
            CaptureIntoMate,
            Undecided,
            NineRounds,
            PawnCaptureCheck,
            RootCutByExchange,
            RootIntoMate,
            RecaptureLoses,
            RootFreed,
        ];
        for target in Role::ALL {
            for by in Role::ALL {
                all.push(Chase { target, by });
            }
        }
        all
    }

    #[test]
    fn each_book_cites_only_its_own_articles_in_its_own_order() {
        for book in RuleSet::ALL {
            for g in grounds() {
                let cites: Vec<Citation> = book.cite(g).collect();
                assert!(cites.iter().all(|c| c.ruleset() == book), "{book:?} {g:?}");
                assert!(cites.windows(2).all(|w| w[0] < w[1]), "{book:?} {g:?}");
                // In range: reading the text does not panic.
                for c in cites {
                    assert!(!c.reference().is_empty());
                }
            }
        }
    }

    #[test]
    fn each_book_lists_its_citations_in_the_order_of_its_texts() {
        for book in RuleSet::ALL {
            let texts: Vec<&Article> = book.citations().map(Citation::article).collect();
            let table: Vec<&Article> = book.articles().iter().collect();
            assert_eq!(texts, table, "{book:?}");
        }
    }

    #[test]
    fn rule_sets_are_found_by_id_the_default_first() {
        for r in RuleSet::ALL {
            assert_eq!(RuleSet::from_id(r.id()), Some(r));
        }
        assert_eq!(RuleSet::from_id("nope"), None);
        assert_eq!(RuleSet::default(), RuleSet::ALL[0]);
        assert_eq!(RuleSet::VN2004.id(), "vn2004");
        assert_eq!(RuleSet::AXF.id(), "axf");
        assert_eq!(RuleSet::CXA2020.id(), "cxa2020");
    }

    #[test]
    fn every_text_is_written_and_chinese_summaries_end_as_sentences() {
        for book in RuleSet::ALL {
            for l in Lang::ALL {
                assert!(!book.title(l).is_empty(), "{book:?} {l:?}");
            }
            for a in book.articles() {
                for (l, text) in a.label.iter().chain(a.summary.iter()) {
                    assert!(!text.is_empty(), "{} {l:?}", a.reference);
                }
                assert!(a.summary.zh.ends_with('。'), "{}", a.reference);
            }
            for t in book.book().translations {
                assert_ne!(t.lang, book.book().original, "{book:?}");
            }
        }
    }

    #[test]
    fn references_are_unique_within_a_book() {
        for book in RuleSet::ALL {
            let table = book.articles();
            for (i, a) in table.iter().enumerate() {
                assert!(
                    table[i + 1..].iter().all(|b| b.reference != a.reference),
                    "{}",
                    a.reference
                );
            }
        }
    }
}
