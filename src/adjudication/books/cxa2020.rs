//! The Chinese Xiangqi Association's 2020 repetition rules (棋例 of
//! 《象棋竞赛规则（2020）》), **provisional**: no primary text could be had.
//! The book is reconstructed from a third party's transcription of its
//! illustrated cases (图2–30, 参考图1–50: position, moves, the book's label
//! per move and its verdict) and the dozen articles that transcription
//! quotes word for word (`shared/rules/cxa.md`, which labels each point
//! \[S\] for the transcription, \[V\] for an older web copy, \[I\] for our
//! inference). Its citations name the article where one is quoted ("CXA
//! 2020 第24.13条") and otherwise the figure that shows the point ("CXA 2020
//! 图8"); `docs/rules.md` Part III reads every point with its evidence.

use super::book::{
    Article, Book, ByLang, CitationStyle, Ground, Lang, PinnedPiece, Readings, Translation,
    Wording, points,
};

/// The CXA 2020 rules, as reconstructed.
pub static BOOK: Book = Book {
    id: "cxa2020",
    title: ByLang {
        vi: "Luật cờ tướng Hiệp hội Cờ tướng Trung Quốc 2020, phần xử lặp (tạm thời, dựng lại từ các hình minh họa)",
        en: "Chinese Xiangqi Association Rules 2020, repetition rules (provisional, reconstructed from the illustrated cases)",
        zh: "中国象棋协会2020年象棋竞赛规则棋例（暂定，据图例重建）",
    },
    original: Lang::Zh,
    translations: &[
        Translation {
            lang: Lang::Vi,
            note: ByLang {
                vi: "Bản tiếng Việt là bản dịch của chúng tôi từ phần tóm tắt tiếng Trung, không phải văn bản chính thức.",
                en: "The Vietnamese texts are our translation of our Chinese summaries, not an official text.",
                zh: "越南文文本是我们根据中文摘要翻译的，并非官方文本。",
            },
        },
        Translation {
            lang: Lang::En,
            note: ByLang {
                vi: "Bản tiếng Anh là bản dịch của chúng tôi từ phần tóm tắt tiếng Trung, không phải văn bản chính thức.",
                en: "The English texts are our translation of our Chinese summaries, not an official text.",
                zh: "英文文本是我们根据中文摘要翻译的，并非官方文本。",
            },
        },
    ],
    // 60 rounds without a capture (2020 第4条, as a project's notes cite it).
    no_capture_limit: 120,
    readings: Readings {
        // 抽吃, winning a piece by checks, is a 捉 (28.3, 29.1; 图16).
        discovered_check_threat_is_chase: true,
        // The graded table of 26.9 replaces the AXF's priorities.
        chase_priority: false,
        // Joint chases count, even on a truly protected piece (图11, 图25).
        several_on_protected_is_no_chase: false,
        pinned_piece: PinnedPiece::Never,
        // 兑、献、拦、跟 are idle (24.8): an offer is no chasing move.
        offers_count_in_chase: false,
        attacks_forbidden_in_any_mix: true,
        mate_threats_attack: true,
        check_wins_are_chases: true,
        exchange_gain_is_chase: true,
        king_and_pawn_chase_only_alone: true,
        graded_when_both_forbidden: true,
        // Nine rounds of forbidden moves need no repetition (参考图8).
        nine_rounds: true,
        // 守和要点 (26.2, 图18; 参考图19, two attacking pieces, is no such case).
        key_defensive_point: true,
        // 自毙 (图13, 参考图19): the parry of one's own exposure wins nothing by
        // check; an answer to check chases nothing the check made.
        self_inflicted_exposure: true,
        // 不能离线 (29.4, 图7, 图10): a capture into mate is no threat.
        capture_into_mate_is_no_threat: true,
        // 避抽 (图16): a capture into a win by check is no threat, so a
        // move that takes it out of the check win chases.
        capture_into_check_win_is_no_threat: true,
        // 联合捉: a move whose piece takes part in a standing chase chases
        // (图11, 图25, 图27).
        joint_chase_by_participant: true,
        // 被牵子捉子 (26.5, 图23): a pinned capturer that loses more than it
        // takes threatens nothing.
        pinned_capturer_losing_is_no_threat: true,
        // A pawn's capture uncovering a check is a 捉 (26.8).
        pawn_capture_check_is_chase: true,
        exchange_cutting_a_root_is_chase: true,
        // 假根 (28.16, 参考图1, 参考图13): a root whose recapture loses.
        losing_recapture_is_no_root: true,
        // 做根子捉子 (参考图28, 图12): a root's capture at a loss is no threat.
        root_capture_at_a_loss_is_no_threat: true,
    },
    articles: ARTICLES,
    cites,
    citation_style: ByLang {
        vi: CitationStyle::Label,
        en: CitationStyle::Label,
        zh: CitationStyle::Label,
    },
    wording: Wording {
        must_change: ByLang {
            vi: "phải đổi nước, nếu không sẽ bị xử thua",
            en: "must change its move, or it loses",
            zh: "须变着，不变作负",
        },
        both_check: ByLang {
            vi: "Hai bên cùng chiếu mãi: nếu không bên nào đổi nước thì xử hòa (CXA 2020, điều 26.9.4).",
            en: "Both sides check perpetually: a draw if neither changes (CXA 2020, article 26.9.4).",
            zh: "双方均为长将：双方不变作和（CXA2020第26.9.4条）。",
        },
        both_chase: ByLang {
            vi: "Hai bên cùng đi nước cấm, không bên nào được ưu tiên: nếu không bên nào đổi nước thì xử hòa (CXA 2020, điều 26.9.4).",
            en: "Both sides play forbidden moves, neither graded above the other: a draw if neither changes (CXA 2020, article 26.9.4).",
            zh: "双方均为禁止着法，且无轻重之分：双方不变作和（CXA2020第26.9.4条）。",
        },
        neither: ByLang {
            vi: "Hai bên đều đi nước được phép: nếu không bên nào đổi nước thì xử hòa (CXA 2020, điều 25.2).",
            en: "Both sides play allowed moves: a draw if neither changes (CXA 2020, article 25.2).",
            zh: "双方均为允许着法：双方不变作和（CXA2020第25.2条）。",
        },
        claim: ByLang {
            vi: "ván cờ được xử hòa theo hạn nước tự nhiên",
            en: "the game is drawn by the natural move limit",
            zh: "按自然限着判和",
        },
        loss_after_warning: false,
    },
    provisional: Some(ByLang {
        vi: "Tạm thời: dựng lại từ các hình minh họa của luật 2020 theo bản chép của một bên thứ ba, chưa đối chiếu với văn bản chính thức. Các điểm suy luận: nước dọa hết tìm trong tối đa bốn nước chiếu liên tiếp; giá trị quân khi đổi quân; bảng xếp hạng khi hai bên cùng phạm luật; cách hiểu điểm thủ hòa, nước tự chuốc lấy, quân đòi đổi trong nước chiếu rút ăn quân, nước giải sát, nước đổi quân phá căn, căn mà ăn lại thì bị chiếu hết, căn mà ăn lại thì thiệt, quân làm căn được giải thoát, tính mới của nước dọa hết xét theo nước chiếu đầu tiên, và luật chín hiệp.",
        en: "Provisional: reconstructed from the 2020 rulebook's illustrated cases as transcribed by a third party, not checked against the official text. Points resting on inference: mate threats searched up to four checks in a row; the values in a complete exchange; the grading when both sides play forbidden moves; the reading of the key defensive point, of the self-inflicted, of a piece offered for exchange in a win by check, of a parry of mate, of an exchange that cuts a root, of a root whose recapture is mated, of a root whose recapture loses, of a root set free, of a mate threat's newness by its first check, and of the nine-round rule.",
        zh: "暂定：据第三方转录的2020年规则图例重建，未与官方文本核对。属推断的要点：杀着只搜索至多连续四步将军；完整交换的子力价值；双方均为禁止着法时的轻重分级；守和要点、自毙、抽吃中的兑子、解杀、以兑断根、反吃被杀之根、反吃得不偿失之假根、解脱根子、按首步将军判断杀着是否新生与九回合规则的解读。",
    }),
};

/// The CXA points for each ground.
fn cites(ground: Ground) -> &'static [u8] {
    use crate::xiangqi::Role::*;
    use Ground::*;
    use Point::*;
    match ground {
        Mate | Stalemate => points![A4],
        NoCapture => points![A4Limit],
        CheckViolation | ChaseViolation => points![A25_3],
        NoViolation => points![A25_2],
        SameViolation | MutualCheck => points![A26_9_4],
        PerpetualCheck => points![A24_13, A25_1, F6],
        // Checks mixed with idle moves only: 一将一闲 is allowed (图5).
        ChecksMixed => points![F5],
        Chase { target: Rook, .. } => points![F21],
        Chase { .. } => &[],
        SeveralChasers => points![A24_13],
        // Several pieces on one protected piece are a joint chase (图11).
        SeveralOnProtected => points![F11],
        PinnedTarget => &[],
        FalseProtection => points![R49],
        RookByCannon | RookByHorse => points![F21],
        BlockedHorse => &[],
        OfferInChase | OffersBreakChase | OffersOnly | BlocksOrOffers => points![A24_8],
        ChasedBackSometimes | CheckedBackSometimes => &[],
        ChasesInTurn => points![A24_13, R44],
        KingChase | OverHelped { .. } => points![A26_1],
        PawnChase => points![A26_1, F14],
        // 抽吃 is a chase here: these grounds arise under the Vietnamese law.
        DiscoveredCheckThreat | DiscoveredCheckInTurn => &[],
        // A pinned piece its king protects is not chased for being pinned
        // (参考图11's 炮6平5, no point of ours).
        PinnedProtectedThreat => &[],
        UncrossedPawnThreat => points![A1_2],
        ProtectedThreat => points![F23],
        MateThreats => points![F7],
        AttacksInAnyMix => points![A24_13, F8],
        ExchangeGain => points![A26_5, F26],
        RootCutByExchange => points![A26_5, F4],
        RootIntoMate => points![R25],
        RecaptureLoses => points![R1, R13],
        RootFreed => points![F12],
        JointChase => points![F11],
        CheckOutranks => points![A26_9_1],
        JointChaseOutranks => points![A26_9_2, A26_9_3],
        KingAnswersCheck => points![A26_1_3, F17],
        KeyDefensivePoint => points![A26_2, F18],
        SelfInflicted => points![F13],
        CaptureIntoMate => points![F7],
        Undecided => &[],
        NineRounds => points![R8],
        PawnCaptureCheck => points![A26_8],
    }
}

/// A point of the reconstructed book, an article where the transcription
/// quotes one, else a figure (`F8` is 图8, `R44` is 参考图44), in the order of
/// `ARTICLES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Point {
    /// 第1.2条: what counts as material, and the values.
    A1_2,
    /// 第4条: checkmate and stalemate.
    A4,
    /// 第4条: the natural move limit, 60 rounds without a capture.
    A4Limit,
    /// 第24.8条: 兑、献、拦、跟 are idle.
    A24_8,
    /// 第24.13条: the forbidden moves.
    A24_13,
    /// 第25.1条: one-sided perpetual check.
    A25_1,
    /// 第25.2条: allowed moves on both sides, a draw.
    A25_2,
    /// 第25.3条: one side forbidden, it must change.
    A25_3,
    /// 第26.1条: the king and pawns may chase.
    A26_1,
    /// 第26.1.3条: a king's move answering check is idle.
    A26_1_3,
    /// 第26.2条: the key defensive point of a side with one attacking piece.
    A26_2,
    /// 第26.5条: a complete exchange that wins material is a chase.
    A26_5,
    /// 第26.8条: a pawn's capture uncovering a check is a chase.
    A26_8,
    /// 第26.9.1条: perpetual check changes first.
    A26_9_1,
    /// 第26.9.2条: a single chaser of a rook against a joint chase.
    A26_9_2,
    /// 第26.9.3条: a single chaser of an unprotected piece against a joint
    /// chase.
    A26_9_3,
    /// 第26.9.4条: other forbidden moves on both sides, a draw.
    A26_9_4,
    /// 图4: an even exchange that cuts a root, winning a piece more.
    F4,
    /// 图5: one check, one idle move.
    F5,
    /// 图6: perpetual check, even with no other move.
    F6,
    /// 图7: perpetual mate threat.
    F7,
    /// 图8: one check, one chase.
    F8,
    /// 图11: a joint chase by rook and cannon.
    F11,
    /// 图12: a move that frees a root makes its capture a chase.
    F12,
    /// 图13: self-inflicted (自毙): the parry of one's own exposure.
    F13,
    /// 图14: a pawn chasing on its own.
    F14,
    /// 图17: a king's move answering check.
    F17,
    /// 图18: one check and one following move to the key defensive point.
    F18,
    /// 图21: chasing a rook.
    F21,
    /// 图23: a capture that loses in the exchange is idle.
    F23,
    /// 图26: chasing an under-protected piece.
    F26,
    /// 参考图1: a recapture that lets a second capture win is no root.
    R1,
    /// 参考图8: nine rounds of forbidden moves, no repetition needed.
    R8,
    /// 参考图13: a root whose recapture gives up more is a false one.
    R13,
    /// 参考图25: a protector whose recapture would be mated is no root.
    R25,
    /// 参考图44: one piece chasing several in turn.
    R44,
    /// 参考图49: a protector that cannot leave its line.
    R49,
}

/// `Article` with the labels of an article of the 2020 rules.
macro_rules! article {
    ($reference:literal, $number:literal, $vi:literal, $en:literal, $zh:literal) => {
        Article {
            reference: $reference,
            label: ByLang {
                vi: concat!("CXA 2020, điều ", $number),
                en: concat!("CXA 2020, article ", $number),
                zh: concat!("CXA2020第", $number, "条"),
            },
            summary: ByLang {
                vi: $vi,
                en: $en,
                zh: $zh,
            },
        }
    };
}

/// `Article` with the labels of an illustrated case: a main figure (图) or
/// a reference figure (参考图).
macro_rules! figure {
    ($reference:literal, main $number:literal, $vi:literal, $en:literal, $zh:literal) => {
        Article {
            reference: $reference,
            label: ByLang {
                vi: concat!("CXA 2020, hình ", $number),
                en: concat!("CXA 2020, figure ", $number),
                zh: concat!("CXA2020图", $number),
            },
            summary: ByLang {
                vi: $vi,
                en: $en,
                zh: $zh,
            },
        }
    };
    ($reference:literal, reference $number:literal, $vi:literal, $en:literal, $zh:literal) => {
        Article {
            reference: $reference,
            label: ByLang {
                vi: concat!("CXA 2020, hình tham khảo ", $number),
                en: concat!("CXA 2020, reference figure ", $number),
                zh: concat!("CXA2020参考图", $number),
            },
            summary: ByLang {
                vi: $vi,
                en: $en,
                zh: $zh,
            },
        }
    };
}

/// Every point the book cites, in the order of [`Point`]. The Chinese
/// summaries follow the quoted articles and the figures' captions; the
/// Vietnamese and English are our translation.
static ARTICLES: &[Article] = &[
    article!(
        "CXA 1.2",
        "1.2",
        "Xe, Mã, Pháo, Tốt qua sông, Sĩ, Tượng là quân có giá trị; Tướng và Tốt chưa qua sông thì không. Một Xe bằng hai quân Mã hoặc Pháo; Mã bằng Pháo; Sĩ bằng Tượng; giá trị Tốt qua sông thả nổi.",
        "Rooks, horses, cannons, crossed pawns, advisors and elephants are material; the king and uncrossed pawns are not. A rook equals two horses or cannons; a horse equals a cannon; an advisor equals an elephant; a crossed pawn's value floats.",
        "车马炮、过河兵、士相为子力，帅与未过河兵不是。一车相当于双马、双炮或一马一炮；马炮相等；士相相等；过河兵价值浮动。"
    ),
    article!(
        "CXA 4",
        "4",
        "Chiếu hết hoặc làm đối phương hết nước đi thì thắng.",
        "Checkmating the opponent, or leaving it without a legal move, wins.",
        "将死或困毙对方者胜。"
    ),
    Article {
        reference: "CXA 4 limit",
        label: ByLang {
            vi: "CXA 2020, điều 4 (hạn nước tự nhiên)",
            en: "CXA 2020, article 4 (natural move limit)",
            zh: "CXA2020第4条（自然限着）",
        },
        summary: ByLang {
            vi: "60 hiệp liên tiếp không bên nào ăn quân: xử hòa.",
            en: "Sixty rounds in a row without a capture: a draw.",
            zh: "连续60回合双方均未吃子，判和。",
        },
    },
    article!(
        "CXA 24.8",
        "24.8",
        "Đòi đổi, thí quân, cản và theo (兑、献、拦、跟) đều là nước nhàn.",
        "Offering an exchange, offering a piece, blocking and following (兑、献、拦、跟) are all idle moves.",
        "兑、献、拦、跟均属闲着。"
    ),
    article!(
        "CXA 24.13",
        "24.13",
        "Một bên lặp lại các nước tấn công chiếu mãi, dọa hết mãi, bắt mãi, một chiếu một dọa hết, một chiếu một bắt, một dọa hết một bắt: gọi chung là nước cấm.",
        "A side repeating attacking moves, perpetual check, perpetual mate threats, perpetual chase, one check and one mate threat, one check and one chase, one mate threat and one chase: all are forbidden moves.",
        "凡单方面走出长将、长杀、长捉、一将一杀、一将一捉、一杀一捉等循环重复的攻击性着法，统称为禁止着法。"
    ),
    article!(
        "CXA 25.1",
        "25.1",
        "Trong mọi trường hợp, một bên không được chiếu mãi.",
        "In no case may one side check perpetually.",
        "在任何情况下，均不允许单方面长将。"
    ),
    article!(
        "CXA 25.2",
        "25.2",
        "Hai bên đều đi nước được phép, không bên nào đổi: hòa.",
        "Both sides playing allowed moves and neither changing: a draw.",
        "双方均为允许着法，双方不变作和。"
    ),
    article!(
        "CXA 25.3",
        "25.3",
        "Một bên đi nước cấm, bên kia đi nước được phép: bên đi nước cấm phải đổi, không đổi bị xử thua.",
        "One side playing forbidden moves and the other allowed ones: the former must change, or it loses.",
        "一方为禁止着法，另一方为允许着法，应由前者变着，不变判负。"
    ),
    article!(
        "CXA 26.1",
        "26.1",
        "Tướng và Tốt tự mình được bắt mãi; nước của chúng tạo ra nước bắt của quân khác, hoặc cùng quân khác bắt, thì tính là bắt.",
        "The king and pawns may chase perpetually themselves; a chase their move creates for another piece, or makes with it, counts as a chase.",
        "帅（将）、兵（卒）本身允许长捉；走动后与其他子配合或其他子产生新的捉，按捉处理。"
    ),
    article!(
        "CXA 26.1.3",
        "26.1.3",
        "Đi Tướng để đỡ chiếu thì là nước nhàn, dù nó tạo ra nước bắt hay dọa hết.",
        "Moving the king to answer a check is idle, whatever chase or mate threat it makes.",
        "走动帅（将）应将而产生的捉、杀，按闲处理。"
    ),
    article!(
        "CXA 26.2",
        "26.2",
        "Bên giữ hòa chỉ còn một quân tấn công, chiếm điểm thủ hòa: nước bắt Sĩ, Tượng sinh ra kèm theo được xử là nhàn.",
        "A side defending for a draw with one attacking piece that takes the key defensive point: its incidental attacks on advisors and elephants are idle.",
        "守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按闲处理。"
    ),
    article!(
        "CXA 26.5",
        "26.5",
        "Sau khi đổi quân trọn vẹn mà được quân hoặc ngang giá trị thì là bắt; thiệt thì là nhàn.",
        "A capture that wins material after the complete exchange counts as a chase; one that loses in it is idle.",
        "完整互吃后价值相当或得子者，按捉；得不偿失者，按闲。"
    ),
    article!(
        "CXA 26.8",
        "26.8",
        "Tốt ăn quân mà làm lộ nước chiếu của quân khác thì tính là bắt.",
        "A pawn's capture that uncovers another piece's check counts as a chase.",
        "兵(卒)吃子时产生其他子将军，按捉处理。"
    ),
    article!(
        "CXA 26.9.1",
        "26.9.1",
        "Hai bên cùng đi nước cấm: bên chiếu mãi phải đổi trước.",
        "Both sides forbidden: the perpetual checker changes first.",
        "双方均为禁止着法时，长将一方优先变着。"
    ),
    article!(
        "CXA 26.9.2",
        "26.9.2",
        "Một bên một quân bắt mãi Xe, bên kia phối hợp nhiều quân bắt Xe: bên trước phải đổi.",
        "One side chasing a rook with single pieces, the other chasing a rook jointly: the former changes.",
        "凡单方长捉车，对方联合捉车，前者变着。"
    ),
    article!(
        "CXA 26.9.3",
        "26.9.3",
        "Một bên một quân bắt mãi quân không căn, bên kia phối hợp nhiều quân bắt quân không căn: bên trước phải đổi.",
        "One side chasing an unprotected piece with single pieces, the other chasing one jointly: the former changes.",
        "凡单方长捉无根子，对方联合捉无根子，前者变着。"
    ),
    article!(
        "CXA 26.9.4",
        "26.9.4",
        "Các trường hợp hai bên cùng đi nước cấm khác: hòa.",
        "Other cases of forbidden moves on both sides: a draw.",
        "其余双方均为禁止着法者，双方不变作和。"
    ),
    figure!(
        "CXA F4",
        main "4",
        "Dọa đổi quân ngang giá để phá căn của một quân khác rồi ăn thêm quân ấy là bắt.",
        "Threatening an even exchange that removes another piece's protector, then winning that piece too, is a chase.",
        "伏以兑子断根、多得一子者，判捉。"
    ),
    figure!(
        "CXA F5",
        main "5",
        "Một chiếu một nhàn được phép: hòa.",
        "One check and one idle move is allowed: a draw.",
        "一将一闲属允许着法，双方不变作和。"
    ),
    figure!(
        "CXA F6",
        main "6",
        "Chiếu mãi bị xử thua, dù bên chiếu không còn nước nào khác.",
        "Perpetual check loses, even when the checker has no other move.",
        "尽管无从变着，单方面长将仍判负。"
    ),
    figure!(
        "CXA F7",
        main "7",
        "Nước nào cũng dọa hết (bằng chiếu hoặc chiếu liên tiếp) là dọa hết mãi, bị cấm.",
        "Threatening mate (by a check or continuous checks) on every move is a perpetual mate threat, forbidden.",
        "步步伏杀（照将或连续照将将死），属长杀，为禁止着法。"
    ),
    figure!(
        "CXA F8",
        main "8",
        "Một chiếu một bắt là nước cấm.",
        "One check and one chase is forbidden.",
        "一将一捉属禁止着法。"
    ),
    figure!(
        "CXA F11",
        main "11",
        "Xe và Pháo phối hợp bắt một quân là bắt.",
        "A rook and a cannon chasing one piece together is a chase.",
        "车炮联合捉子，判捉。"
    ),
    figure!(
        "CXA F12",
        main "12",
        "Quân làm căn mà ăn quân thì bỏ mất nhiều hơn được, không phải là dọa; nước giải thoát nó khiến nước ăn ấy thành bắt.",
        "A root whose capture would give up more than it takes threatens nothing; the move that frees it makes that capture a chase.",
        "做根子捉子，得不偿失者不算捉；走子解脱其根子之责，使其可以吃子，判捉。"
    ),
    figure!(
        "CXA F13",
        main "13",
        "Tự chuốc lấy (自毙): nước đỡ lại mối dọa hết do chính nước chiếu trước của mình gây ra không tính là dọa chiếu ăn quân; nếu bắt trực tiếp quân không căn thì vẫn là bắt.",
        "Self-inflicted (自毙): a move parrying the mate threat one's own check exposed one to is no threat to win by check; a direct chase of an unprotected piece is still a chase.",
        "属自毙：解除己方将军所造成的杀势，不按抽吃论；如直接捉无根子，仍判捉。"
    ),
    figure!(
        "CXA F14",
        main "14",
        "Tốt tự mình bắt mãi được phép: nhàn.",
        "A pawn chasing on its own is allowed: idle.",
        "兵本身允许长捉，判闲。"
    ),
    figure!(
        "CXA F17",
        main "17",
        "Nước bắt hay dọa hết sinh ra khi đi Tướng đỡ chiếu là nhàn.",
        "A chase or mate threat made by the king's move answering check is idle.",
        "走动帅（将）应将后产生的捉、杀为闲。"
    ),
    figure!(
        "CXA F18",
        main "18",
        "Một chiếu một theo: chiếm điểm thủ hòa, nước bắt Tượng kèm theo là nhàn.",
        "One check and one following move: taking the key defensive point, the incidental attack on an elephant is idle.",
        "一将一跟，占据守和要点，附带产生的捉象按闲着处理。"
    ),
    figure!(
        "CXA F21",
        main "21",
        "Bắt mãi Xe là nước cấm.",
        "Chasing a rook perpetually is forbidden.",
        "长捉车属禁止着法。"
    ),
    figure!(
        "CXA F23",
        main "23",
        "Dọa ăn quân mà đổi quân thì thiệt: nhàn.",
        "Threatening a capture that loses in the exchange is idle.",
        "交换结果得不偿失，判闲。"
    ),
    figure!(
        "CXA F26",
        main "26",
        "Bắt quân thiếu căn (nhiều quân tấn công hơn quân bảo vệ) là bắt.",
        "Chasing an under-protected piece (more attackers than defenders) is a chase.",
        "捉少根子，判捉。"
    ),
    figure!(
        "CXA R1",
        reference "1",
        "Quân bảo vệ mà ăn lại thì để đối phương ăn tiếp một quân khác, thiệt hơn được, là căn giả: dọa ăn quân được nó bảo vệ là bắt.",
        "A protector whose recapture would let a second capture win more than it saves is a false root: threatening the piece is a chase.",
        "反吃后对方可再吃一子、得不偿失者，其根为假根；伏吃其所保之子，判捉。"
    ),
    figure!(
        "CXA R8",
        reference "8",
        "Chín hiệp liên tiếp đi nước cấm trên ba điểm trở lên thì phải đổi nước, không đổi bị xử thua, dù không có thế cờ nào lặp lại.",
        "Nine rounds in a row of forbidden moves on three or more points must change, or lose, though no position repeats.",
        "在三个或三个以上点上，连续以禁止着法达九个回合，须变着，不变作负，不以局面重复为限。"
    ),
    figure!(
        "CXA R13",
        reference "13",
        "Quân bảo vệ mà ăn lại thì bỏ mất một quân khác nó giữ, thiệt hơn được, là căn giả: dọa ăn quân được nó bảo vệ là bắt.",
        "A protector whose recapture would give up another piece it guards, losing more than it saves, is a false root: threatening the piece is a chase.",
        "保护子反吃则另一所保之子失根被吃，得不偿失者，为假根；伏吃其所保之子，判捉。"
    ),
    figure!(
        "CXA R25",
        reference "25",
        "Quân bảo vệ mà ăn lại thì bị chiếu hết không phải là căn: dọa ăn quân được nó bảo vệ là bắt.",
        "A protector whose recapture would be mated is no root: threatening the piece it guards is a chase.",
        "保护子反吃即遭将死者，不能算根；伏吃其所保之子，判捉。"
    ),
    figure!(
        "CXA R44",
        reference "44",
        "Một quân lần lượt bắt nhiều quân khác nhau vẫn là bắt mãi.",
        "One piece chasing different pieces in turn is still a perpetual chase.",
        "分捉多子仍属长捉。"
    ),
    figure!(
        "CXA R49",
        reference "49",
        "Quân bảo vệ không thể rời đường (rời thì bị chiếu hết) là căn giả.",
        "A protector that cannot leave its line (leaving it allows mate) is no protection.",
        "不能离线的子，其保护为假根。"
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_names_its_own_row_of_the_table() {
        let all = [
            Point::A1_2,
            Point::A4,
            Point::A4Limit,
            Point::A24_8,
            Point::A24_13,
            Point::A25_1,
            Point::A25_2,
            Point::A25_3,
            Point::A26_1,
            Point::A26_1_3,
            Point::A26_2,
            Point::A26_5,
            Point::A26_8,
            Point::A26_9_1,
            Point::A26_9_2,
            Point::A26_9_3,
            Point::A26_9_4,
            Point::F4,
            Point::F5,
            Point::F6,
            Point::F7,
            Point::F8,
            Point::F11,
            Point::F12,
            Point::F13,
            Point::F14,
            Point::F17,
            Point::F18,
            Point::F21,
            Point::F23,
            Point::F26,
            Point::R1,
            Point::R8,
            Point::R13,
            Point::R25,
            Point::R44,
            Point::R49,
        ];
        assert_eq!(all.len(), ARTICLES.len());
        for (i, p) in all.into_iter().enumerate() {
            assert_eq!(p as usize, i);
            let name = format!("{p:?}");
            let reference = ARTICLES[i].reference;
            match &name[..1] {
                "A" if p == Point::A4Limit => assert_eq!(reference, "CXA 4 limit"),
                "A" => assert_eq!(reference, format!("CXA {}", name[1..].replace('_', "."))),
                _ => assert_eq!(reference, format!("CXA {name}")),
            }
        }
    }
}
