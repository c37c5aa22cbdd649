//! The articles of the Vietnamese Xiangqi Law (Decision 1409/2004/QĐ-UBTDTT/TT1)
//! that rulings cite, with stable references, Vietnamese labels and one-line
//! summaries in Vietnamese and English.

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

/// Every article the `vn2004` rule set cites, in the law's order.
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

/// Looks up an article of `vn2004` by reference.
pub fn vn2004(reference: &str) -> &'static Article {
    VN2004
        .iter()
        .find(|a| a.reference == reference)
        .unwrap_or_else(|| panic!("article {reference} is in the vn2004 table"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
