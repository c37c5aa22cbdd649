//! The Vietnamese Xiangqi Law of 2004 (Decision 1409/2004/QĐ-UBTDTT/TT1),
//! the default book: its points of Articles 7, 12, 23 and 24 ([`Point`]),
//! their texts, and how the law cites each finding.

use super::book::{
    Article, Book, ByLang, CitationStyle, Ground, Lang, PinnedPiece, Readings, Translation,
    Wording, points,
};

/// The Vietnamese law.
pub static BOOK: Book = Book {
    id: "vn2004",
    title: ByLang {
        vi: "Luật Cờ tướng Việt Nam 2004 (Quyết định 1409/2004/QĐ-UBTDTT/TT1)",
        en: "Vietnamese Xiangqi Law 2004 (Decision 1409/2004/QĐ-UBTDTT/TT1)",
        zh: "越南象棋规则（2004年版，依第1409/2004/QĐ-UBTDTT/TT1号决定颁布）",
    },
    original: Lang::Vi,
    translations: &[Translation {
        lang: Lang::Zh,
        note: ByLang {
            vi: "Bản tiếng Trung là bản dịch của chúng tôi từ văn bản luật tiếng Việt, không phải văn bản chính thức.",
            en: "The Chinese texts are our translation of the Vietnamese law, not an official text.",
            zh: "中文文本是我们根据越南文法规翻译的，并非官方文本。",
        },
    }],
    // 50 moves of each side (Article 12).
    no_capture_limit: 100,
    readings: Readings {
        discovered_check_threat_is_chase: false,
        chase_priority: false,
        several_on_protected_is_no_chase: false,
        pinned_piece: PinnedPiece::Any,
        offers_count_in_chase: true,
        attacks_forbidden_in_any_mix: false,
        mate_threats_attack: false,
        check_wins_are_chases: false,
        exchange_gain_is_chase: false,
        king_and_pawn_chase_only_alone: false,
        graded_when_both_forbidden: false,
        nine_rounds: false,
        key_defensive_point: false,
        self_inflicted_exposure: false,
        capture_into_mate_is_no_threat: false,
        capture_into_check_win_is_no_threat: false,
        joint_chase_by_participant: false,
        pinned_capturer_losing_is_no_threat: false,
        pawn_capture_check_is_chase: false,
        exchange_cutting_a_root_is_chase: false,
        losing_recapture_is_no_root: false,
        root_capture_at_a_loss_is_no_threat: false,
    },
    articles: ARTICLES,
    cites,
    // The label in every language: "Article 23, point 1", "Điều 23, điểm 1".
    citation_style: ByLang {
        vi: CitationStyle::Label,
        en: CitationStyle::Label,
        zh: CitationStyle::Label,
    },
    wording: Wording {
        must_change: ByLang {
            vi: "phải đổi nước, nếu không sẽ bị xử thua",
            en: "must change its move, or it loses",
            zh: "必须变着，否则判负",
        },
        both_check: ByLang {
            vi: "Hai bên vừa đỡ vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Điều 24.3 và Điều 7.2.c).",
            en: "Both sides check on every move, answering check with check: a draw if neither changes (Articles 24.3 and 7.2.c).",
            zh: "双方着着应将又将：如双方均不变着，判和（第24条第3款及第7条第2款c项）。",
        },
        both_chase: ByLang {
            vi: "Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).",
            en: "Both sides chase perpetually, breaking the same prohibition: a draw (Article 7.2.c).",
            zh: "双方同为长捉，犯同一禁例：判和（第7条第2款c项）。",
        },
        neither: ByLang {
            vi: "Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
            en: "Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
            zh: "双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
        },
        claim: ByLang {
            vi: "đấu thủ có quyền đề nghị trọng tài xử hòa",
            en: "a player may ask the arbiter to declare a draw",
            zh: "棋手有权请求裁判判和",
        },
        loss_after_warning: false,
    },
    provisional: None,
};

/// The law's points for each ground.
fn cites(ground: Ground) -> &'static [u8] {
    use Ground::*;
    use Point::*;
    match ground {
        Mate => points![A7_1a],
        Stalemate => points![A7_1b],
        CheckViolation => points![A7_1g],
        ChaseViolation => points![A7_1h],
        NoViolation => points![A7_2b],
        SameViolation => points![A7_2c],
        NoCapture => points![A12],
        PerpetualCheck => points![A23_1],
        ChecksMixed | DiscoveredCheckInTurn => points![A23_2],
        Chase { .. } | SeveralChasers | UncrossedPawnThreat => points![A23_3],
        ChasesInTurn => points![A23_4],
        ChasedBackSometimes => points![A23_5],
        FalseProtection | RookByCannon | RookByHorse | ProtectedThreat => points![A23_6],
        PinnedTarget | BlockedHorse => points![A23_7],
        OfferInChase => points![A23_8],
        // The Vietnamese law counts the offers as chases (23.8): the ground
        // arises under the Asian rules only.
        OffersBreakChase => &[],
        KingChase | PawnChase | OverHelped { .. } => points![A23_9],
        OffersOnly | BlocksOrOffers | DiscoveredCheckThreat => points![A23_10],
        // The Vietnamese law chases such a piece (23.7): the ground arises
        // under the Asian rules only.
        PinnedProtectedThreat => &[],
        MutualCheck => points![A24_3],
        CheckedBackSometimes => points![A24_4],
        // Readings of the CXA book only.
        MateThreats | AttacksInAnyMix | ExchangeGain | RootCutByExchange | RootIntoMate
        | RecaptureLoses | RootFreed | JointChase | CheckOutranks | JointChaseOutranks
        | KingAnswersCheck | KeyDefensivePoint | SelfInflicted | CaptureIntoMate | Undecided
        | NineRounds | PawnCaptureCheck => &[],
        // The Vietnamese law has no such exception (23.3: "one or more pieces").
        SeveralOnProtected => &[],
    }
}

/// A point of the Vietnamese law that a ruling may cite. The variants
/// follow the law's numbering (`A23_6` is Article 23, point 6) and its
/// order, so a set of points sorts as the law reads; entry `i` of `ARTICLES`.
#[allow(non_camel_case_types)] // the law's own numbers read better than camel case
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
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

/// Every article the law's points name, in the law's order: entry `i` is
/// the point numbered `i`.
static ARTICLES: &[Article] = &[
    Article {
        reference: "7.1.a",
        label: ByLang {
            vi: "Điều 7.1.a",
            en: "Article 7.1.a",
            zh: "第7条第1款a项",
        },
        summary: ByLang {
            vi: "Chiếu hết đối phương thì thắng.",
            en: "A player who checkmates the opponent wins.",
            zh: "将死对方者胜。",
        },
    },
    Article {
        reference: "7.1.b",
        label: ByLang {
            vi: "Điều 7.1.b",
            en: "Article 7.1.b",
            zh: "第7条第1款b项",
        },
        summary: ByLang {
            vi: "Thắng cờ nếu đối phương hết nước đi (bị vây khốn).",
            en: "A player wins if the opponent has no legal move (stalemate).",
            zh: "使对方无着可走（困毙）者胜。",
        },
    },
    Article {
        reference: "7.1.g",
        label: ByLang {
            vi: "Điều 7.1.g",
            en: "Article 7.1.g",
            zh: "第7条第1款g项",
        },
        summary: ByLang {
            vi: "Thắng cờ nếu đối phương chiếu mãi, phải đổi nước mà không đổi.",
            en: "A player wins if the opponent checks perpetually and does not change when required.",
            zh: "对方长将，应变着而不变者，本方胜。",
        },
    },
    Article {
        reference: "7.1.h",
        label: ByLang {
            vi: "Điều 7.1.h",
            en: "Article 7.1.h",
            zh: "第7条第1款h项",
        },
        summary: ByLang {
            vi: "Thắng cờ nếu đối phương phạm luật cấm mà mình không phạm, và đối phương không chịu đổi nước.",
            en: "A player wins if the opponent breaks a prohibition, the player does not, and the opponent refuses to change.",
            zh: "对方犯禁例而本方未犯，对方又不肯变着者，本方胜。",
        },
    },
    Article {
        reference: "7.2.b",
        label: ByLang {
            vi: "Điều 7.2.b",
            en: "Article 7.2.b",
            zh: "第7条第2款b项",
        },
        summary: ByLang {
            vi: "Hai bên đều không phạm luật cấm và không chịu đổi nước: hòa.",
            en: "Draw: neither side breaks a prohibition and neither will change.",
            zh: "双方均未犯禁例且均不肯变着：和棋。",
        },
    },
    Article {
        reference: "7.2.c",
        label: ByLang {
            vi: "Điều 7.2.c",
            en: "Article 7.2.c",
            zh: "第7条第2款c项",
        },
        summary: ByLang {
            vi: "Hai bên cùng phạm một luật cấm: hòa.",
            en: "Draw: both sides break the same prohibition.",
            zh: "双方犯同一禁例：和棋。",
        },
    },
    Article {
        reference: "12",
        label: ByLang {
            vi: "Điều 12",
            en: "Article 12",
            zh: "第12条",
        },
        summary: ByLang {
            vi: "Sau 50 nước liên tiếp không bên nào ăn quân, đấu thủ có quyền đề nghị trọng tài xử hòa.",
            en: "After 50 moves of each side in a row without a capture, a player may ask the arbiter to declare a draw.",
            zh: "连续50回合双方均未吃子，棋手有权请求裁判判和。",
        },
    },
    Article {
        reference: "23.1",
        label: ByLang {
            vi: "Điều 23, điểm 1",
            en: "Article 23, point 1",
            zh: "第23条第1项",
        },
        summary: ByLang {
            vi: "Chiếu mãi bị xử thua (một quân hay nhiều quân thay nhau chiếu).",
            en: "Perpetual check loses, by one piece or several in turn.",
            zh: "长将判负（一子或多子轮流将军）。",
        },
    },
    Article {
        reference: "23.2",
        label: ByLang {
            vi: "Điều 23, điểm 2",
            en: "Article 23, point 2",
            zh: "第23条第2项",
        },
        summary: ByLang {
            vi: "Dọa hết mãi, một chiếu một dọa hết, một chiếu một bắt, một chiếu một dừng...: hai bên không đổi thì hòa.",
            en: "Perpetual mate threats, one check one chase, one check one idle move...: a draw if neither changes.",
            zh: "长杀、一将一杀、一将一捉、一将一闲……：双方不变着则判和。",
        },
    },
    Article {
        reference: "23.3",
        label: ByLang {
            vi: "Điều 23, điểm 3",
            en: "Article 23, point 3",
            zh: "第23条第3项",
        },
        summary: ByLang {
            vi: "Một hay nhiều quân đuổi bắt mãi một quân thì xử thua, trừ bắt mãi Tốt chưa qua sông.",
            en: "A side whose piece or pieces perpetually chase one enemy piece loses, except when the piece chased is a pawn that has not crossed the river.",
            zh: "一子或多子长捉一子者判负，长捉未过河的兵（卒）除外。",
        },
    },
    Article {
        reference: "23.4",
        label: ByLang {
            vi: "Điều 23, điểm 4",
            en: "Article 23, point 4",
            zh: "第23条第4项",
        },
        summary: ByLang {
            vi: "Một quân lần lượt đuổi bắt mãi hai hay nhiều quân, hoặc hai quân thay nhau bắt mãi hai hay nhiều quân: hòa.",
            en: "One piece chasing two or more pieces in turn, or two pieces taking turns chasing two or more: a draw.",
            zh: "一子轮流捉两子以上，或两子轮流捉两子以上：和棋。",
        },
    },
    Article {
        reference: "23.5",
        label: ByLang {
            vi: "Điều 23, điểm 5",
            en: "Article 23, point 5",
            zh: "第23条第5项",
        },
        summary: ByLang {
            vi: "Hai bắt một bắt lại: bên hai bắt (cùng một quân) phạm luật bắt mãi.",
            en: "Two chases against one chase back: the side chasing the same piece twice is chasing perpetually.",
            zh: "两捉一还捉：两次捉同一子的一方犯长捉。",
        },
    },
    Article {
        reference: "23.6",
        label: ByLang {
            vi: "Điều 23, điểm 6",
            en: "Article 23, point 6",
            zh: "第23条第6项",
        },
        summary: ByLang {
            vi: "Bắt mãi quân có căn thật thì hòa, căn giả thì thua; Mã hoặc Pháo bắt mãi Xe có căn thật cũng thua.",
            en: "Chasing a truly protected piece is a draw, a falsely protected one loses; a horse or cannon chasing even a protected rook loses.",
            zh: "长捉有真根的子判和，长捉假根子判负；马或炮长捉有真根的车也判负。",
        },
    },
    Article {
        reference: "23.7",
        label: ByLang {
            vi: "Điều 23, điểm 7",
            en: "Article 23, point 7",
            zh: "第23条第7项",
        },
        summary: ByLang {
            vi: "Quân có căn thật nhưng bị ghim không đi được, hoặc Mã bị cản chân mà bị Mã đối phương đuổi bắt mãi, vẫn tính là bắt mãi.",
            en: "A protected piece that is pinned and cannot move, or a horse chased by a horse it cannot strike back, still counts as chased.",
            zh: "有真根但被牵制不能走动的子，或被马捉而蹩腿不能反吃的马，仍算被长捉。",
        },
    },
    Article {
        reference: "23.8",
        label: ByLang {
            vi: "Điều 23, điểm 8",
            en: "Article 23, point 8",
            zh: "第23条第8项",
        },
        summary: ByLang {
            vi: "Bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi.",
            en: "A perpetual chase mixed with exchange offers is still a perpetual chase.",
            zh: "长捉中夹带长兑，仍算长捉。",
        },
    },
    Article {
        reference: "23.9",
        label: ByLang {
            vi: "Điều 23, điểm 9",
            en: "Article 23, point 9",
            zh: "第23条第9项",
        },
        summary: ByLang {
            vi: "Tướng hoặc Tốt bắt mãi, kể cả khi phối hợp với một Xe, Mã hoặc Pháo: hòa.",
            en: "A king or pawn chasing perpetually, even with one rook, horse or cannon: a draw.",
            zh: "将（帅）或兵（卒）长捉，即使有一车、马或炮配合：和棋。",
        },
    },
    Article {
        reference: "23.10",
        label: ByLang {
            vi: "Điều 23, điểm 10",
            en: "Article 23, point 10",
            zh: "第23条第10项",
        },
        summary: ByLang {
            vi: "Cản mãi, thí quân mãi, đòi đổi mãi, dọa mãi chiếu rút bắt quân đều được phép; không đổi thì hòa.",
            en: "Perpetual blocking, sacrifices, exchange offers and threats to win a piece by a discovered check (chiếu rút bắt quân) are allowed: a draw if neither changes.",
            zh: "长拦、长献、长兑、长以闪将抽子相威胁均允许；不变着则判和。",
        },
    },
    Article {
        reference: "24.3",
        label: ByLang {
            vi: "Điều 24.3",
            en: "Article 24.3",
            zh: "第24条第3款",
        },
        summary: ByLang {
            vi: "Hai bên vừa đỡ vừa chiếu lại, không bên nào đổi: hòa.",
            en: "Both sides answer check with a counter-check and neither changes: a draw.",
            zh: "双方应将又将，均不变着：和棋。",
        },
    },
    Article {
        reference: "24.4",
        label: ByLang {
            vi: "Điều 24.4",
            en: "Article 24.4",
            zh: "第24条第4款",
        },
        summary: ByLang {
            vi: "Một bên chiếu liên tục, bên kia hai nước mới chiếu lại một lần: bên chiếu liên tục phải đổi, không đổi thì thua.",
            en: "One side checks on every move, the other checks back every second move: the continuous checker must change or lose.",
            zh: "一方着着将军，另一方隔一着才还将一次：着着将军的一方须变着，不变判负。",
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_names_its_own_row_of_the_table() {
        let all = [
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
        assert_eq!(all.len(), ARTICLES.len());
        for (i, p) in all.into_iter().enumerate() {
            assert_eq!(p as usize, i);
            // A7_1a reads 7.1.a, A23_6 reads 23.6.
            let mut name = format!("{p:?}")[1..].replace('_', ".");
            if name.ends_with(|c: char| c.is_ascii_lowercase()) {
                name.insert(name.len() - 1, '.');
            }
            assert_eq!(name, ARTICLES[i].reference, "{p:?}");
        }
    }
}
