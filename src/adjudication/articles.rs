//! The rule books a ruling may follow, and the articles each one cites:
//! typed points ([`Point`]) for the code, a table of texts for the answers
//! (stable references, labels, one-line summaries in Vietnamese and
//! English). Today one book: the Vietnamese Xiangqi Law (Decision
//! 1409/2004/QĐ-UBTDTT/TT1).

/// A rule book a ruling follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The Vietnamese Xiangqi Law of 2004.
    #[default]
    Vn2004,
}

impl RuleSet {
    /// Every rule book, the default first.
    pub const ALL: [RuleSet; 1] = [RuleSet::Vn2004];

    /// The id requests use.
    pub const fn id(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "vn2004",
        }
    }

    /// The rule book with this id.
    pub fn from_id(id: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The book's title in Vietnamese.
    pub const fn title_vi(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "Luật Cờ tướng Việt Nam 2004 (Quyết định 1409/2004/QĐ-UBTDTT/TT1)",
        }
    }

    /// The book's title in English.
    pub const fn title_en(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "Vietnamese Xiangqi Law 2004 (Decision 1409/2004/QĐ-UBTDTT/TT1)",
        }
    }

    /// Every article the book cites, in its own order.
    pub fn articles(self) -> &'static [Article] {
        match self {
            RuleSet::Vn2004 => VN2004,
        }
    }

    /// Plies without a capture after which a draw may be claimed by
    /// default: 50 moves of each side (Article 12).
    pub const fn no_capture_limit(self) -> u32 {
        match self {
            RuleSet::Vn2004 => 100,
        }
    }
}

/// A point of the Vietnamese law that a ruling may cite. The variants
/// follow the law's numbering (`A23_6` is Article 23, point 6) and its
/// order, so a set of points sorts as the law reads.
#[allow(non_camel_case_types)] // the law's own numbers read better than camel case
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Point {
    /// Checkmate wins.
    A7_1a,
    /// Stalemate wins.
    A7_1b,
    /// Perpetual check, not changed, loses.
    A7_1g,
    /// A prohibition broken, not changed, loses.
    A7_1h,
    /// Nobody breaks a prohibition: draw.
    A7_2b,
    /// Both break the same prohibition: draw.
    A7_2c,
    /// No capture in 50 moves each: a draw may be claimed.
    A12,
    A23_1,
    A23_2,
    A23_3,
    A23_4,
    A23_5,
    A23_6,
    A23_7,
    A23_8,
    A23_9,
    A23_10,
    A24_3,
    A24_4,
}

impl Point {
    /// Every point, in the law's order (the order of [`VN2004`]).
    pub const ALL: [Point; 19] = [
        Point::A7_1a,
        Point::A7_1b,
        Point::A7_1g,
        Point::A7_1h,
        Point::A7_2b,
        Point::A7_2c,
        Point::A12,
        Point::A23_1,
        Point::A23_2,
        Point::A23_3,
        Point::A23_4,
        Point::A23_5,
        Point::A23_6,
        Point::A23_7,
        Point::A23_8,
        Point::A23_9,
        Point::A23_10,
        Point::A24_3,
        Point::A24_4,
    ];

    /// The point's article: its texts.
    pub fn article(self) -> &'static Article {
        &VN2004[self as usize]
    }

    /// The point's stable reference, e.g. `"23.6"`.
    pub fn reference(self) -> &'static str {
        self.article().reference
    }
}

/// One article (or point of an article) of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Article {
    /// Stable reference, e.g. `"23.1"` or `"7.1.g"`.
    pub reference: &'static str,
    /// How the law names it, e.g. `"Điều 23, điểm 1"`.
    pub label: &'static str,
    /// One-line summary in Vietnamese.
    pub summary_vi: &'static str,
    /// One-line summary in English.
    pub summary_en: &'static str,
}

const fn article(
    reference: &'static str,
    label: &'static str,
    summary_vi: &'static str,
    summary_en: &'static str,
) -> Article {
    Article {
        reference,
        label,
        summary_vi,
        summary_en,
    }
}

/// Every article the `vn2004` rule set cites, in the law's order: entry
/// `i` is [`Point::ALL`]`[i]`.
pub static VN2004: &[Article] = &[
    article(
        "7.1.a",
        "Điều 7.1.a",
        "Chiếu hết đối phương thì thắng.",
        "A player who checkmates the opponent wins.",
    ),
    article(
        "7.1.b",
        "Điều 7.1.b",
        "Đối phương hết nước đi (bị vây khốn) thì thắng.",
        "A player whose opponent has no legal move (stalemate) wins.",
    ),
    article(
        "7.1.g",
        "Điều 7.1.g",
        "Đối phương chiếu mãi, phải đổi nước mà không đổi thì thắng.",
        "A player wins if the opponent checks perpetually and does not change when required.",
    ),
    article(
        "7.1.h",
        "Điều 7.1.h",
        "Đối phương phạm luật cấm mà không chịu đổi nước thì thắng.",
        "A player wins if the opponent breaks a prohibition and refuses to change.",
    ),
    article(
        "7.2.b",
        "Điều 7.2.b",
        "Hai bên đều không phạm luật cấm và không chịu đổi nước: hòa.",
        "Draw: neither side breaks a prohibition and neither will change.",
    ),
    article(
        "7.2.c",
        "Điều 7.2.c",
        "Hai bên cùng phạm một luật cấm: hòa.",
        "Draw: both sides break the same prohibition.",
    ),
    article(
        "12",
        "Điều 12",
        "50 nước liên tiếp không bên nào ăn quân: được đề nghị trọng tài xử hòa.",
        "After 50 moves by each side without a capture a player may claim a draw.",
    ),
    article(
        "23.1",
        "Điều 23, điểm 1",
        "Chiếu mãi bị xử thua (một quân hay nhiều quân thay nhau chiếu).",
        "Perpetual check loses, by one piece or several in turn.",
    ),
    article(
        "23.2",
        "Điều 23, điểm 2",
        "Dọa hết mãi, một chiếu một dọa hết, một chiếu một bắt, một chiếu một dừng...: hai bên không đổi thì hòa.",
        "Perpetual mate threats, one check one chase, one check one idle move...: a draw if neither changes.",
    ),
    article(
        "23.3",
        "Điều 23, điểm 3",
        "Một hay nhiều quân đuổi bắt mãi một quân thì xử thua, trừ bắt mãi Tốt chưa qua sông.",
        "One or more pieces perpetually chasing one piece lose, except chasing a pawn that has not crossed the river.",
    ),
    article(
        "23.4",
        "Điều 23, điểm 4",
        "Một quân lần lượt đuổi bắt hai hay nhiều quân: hòa.",
        "One piece chasing two or more pieces in turn: a draw.",
    ),
    article(
        "23.5",
        "Điều 23, điểm 5",
        "Hai bắt một bắt lại: bên hai bắt (cùng một quân) phạm luật bắt mãi.",
        "Two chases against one chase back: the side chasing the same piece twice is chasing perpetually.",
    ),
    article(
        "23.6",
        "Điều 23, điểm 6",
        "Bắt mãi quân có căn thật thì hòa, căn giả thì thua; Mã hoặc Pháo bắt mãi Xe có căn thật cũng thua.",
        "Chasing a truly protected piece is a draw, a falsely protected one loses; a horse or cannon chasing even a protected rook loses.",
    ),
    article(
        "23.7",
        "Điều 23, điểm 7",
        "Quân có căn thật nhưng bị ghim không đi được, hoặc Mã bị cản bị Mã đuổi, vẫn tính là bắt mãi.",
        "A protected piece that is pinned and cannot move, or a horse chased by a horse it cannot strike back, still counts as chased.",
    ),
    article(
        "23.8",
        "Điều 23, điểm 8",
        "Bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi.",
        "A perpetual chase mixed with exchange offers is still a perpetual chase.",
    ),
    article(
        "23.9",
        "Điều 23, điểm 9",
        "Tướng hoặc Tốt bắt mãi, kể cả khi phối hợp với một Xe, Mã hoặc Pháo: hòa.",
        "A king or pawn chasing perpetually, even with one rook, horse or cannon: a draw.",
    ),
    article(
        "23.10",
        "Điều 23, điểm 10",
        "Cản mãi, thí quân mãi, đòi đổi mãi, dọa hết mãi đều được phép; không đổi thì hòa.",
        "Perpetual blocking, sacrifices, exchange offers and mate threats are allowed: a draw if neither changes.",
    ),
    article(
        "24.3",
        "Điều 24.3",
        "Hai bên vừa đỡ vừa chiếu lại, không bên nào đổi: hòa.",
        "Both sides answer check with a counter-check and neither changes: a draw.",
    ),
    article(
        "24.4",
        "Điều 24.4",
        "Một bên chiếu liên tục, bên kia hai nước mới chiếu lại một lần: bên chiếu liên tục phải đổi, không đổi thì thua.",
        "One side checks on every move, the other checks back every second move: the continuous checker must change or lose.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_names_its_own_row_of_the_table() {
        assert_eq!(Point::ALL.len(), VN2004.len());
        for (i, p) in Point::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, i);
            // A7_1a reads 7.1.a, A23_6 reads 23.6.
            let mut name = format!("{p:?}")[1..].replace('_', ".");
            if name.ends_with(|c: char| c.is_ascii_lowercase()) {
                name.insert(name.len() - 1, '.');
            }
            assert_eq!(name, p.reference(), "{p:?}");
        }
    }

    #[test]
    fn rule_sets_are_found_by_id() {
        for r in RuleSet::ALL {
            assert_eq!(RuleSet::from_id(r.id()), Some(r));
        }
        assert_eq!(RuleSet::from_id("nope"), None);
        assert_eq!(RuleSet::default(), RuleSet::ALL[0]);
    }

    #[test]
    fn references_are_unique() {
        for (i, a) in VN2004.iter().enumerate() {
            assert!(
                VN2004[i + 1..].iter().all(|b| b.reference != a.reference),
                "{}",
                a.reference
            );
        }
    }
}
