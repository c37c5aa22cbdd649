//! The Asian Xiangqi Federation's rules (the "Asian rules" the World
//! Xiangqi Federation also uses): the rules a ruling cites ([`Rule`]), our
//! summaries of them, and how the book cites each finding.

use super::book::{
    Article, Book, ByLang, CitationStyle, Ground, Lang, PinnedPiece, Readings, Translation,
    Wording, points,
};

/// The Asian rules.
pub static BOOK: Book = Book {
    id: "axf",
    title: ByLang {
        vi: "Luật cờ tướng châu Á (Liên đoàn Cờ tướng châu Á, AXF/WXF)",
        en: "Asian Xiangqi Rules (Asian Xiangqi Federation, AXF/WXF)",
        zh: "亚洲象棋规则（亚洲象棋联合会，AXF/WXF）",
    },
    // Our summaries are of the WXF's English draft.
    original: Lang::En,
    translations: &[Translation {
        lang: Lang::Zh,
        note: ByLang {
            vi: "Bản tiếng Trung là bản dịch của chúng tôi từ phần tóm tắt các điều luật AXF, không phải văn bản chính thức.",
            en: "The Chinese texts are our translation of our summaries of the AXF rules, not the rule book's own text.",
            zh: "中文文本是我们根据对亚洲规则条文的摘要翻译的，并非规则原文。",
        },
    }],
    // 60 moves of each side in AXF practice (digest §2.5).
    no_capture_limit: 120,
    readings: Readings {
        discovered_check_threat_is_chase: true,
        chase_priority: true,
        several_on_protected_is_no_chase: true,
        pinned_piece: PinnedPiece::RookHeldByHorse,
        offers_count_in_chase: false,
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
    citation_style: ByLang {
        vi: CitationStyle::Label,
        en: CitationStyle::Label,
        zh: CitationStyle::Label,
    },
    wording: Wording {
        must_change: ByLang {
            vi: "phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua",
            en: "must change; after the referee's warning, a further repetition loses",
            zh: "必须变着；经裁判警告后仍重复者判负",
        },
        both_check: ByLang {
            vi: "Hai bên vừa đỡ chiếu vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 7).",
            en: "Both sides check on every move, answering check with check: a draw if neither changes (AXF rule 7).",
            zh: "双方着着应将又将：如双方均不变着，判和（亚洲规则第7条）。",
        },
        both_chase: ByLang {
            vi: "Hai bên cùng bắt mãi, cùng một lỗi: xử hòa.",
            en: "Both sides chase perpetually, the same offence: a draw.",
            zh: "双方同为长捉，犯规相同：判和。",
        },
        neither: ByLang {
            vi: "Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
            en: "Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
            zh: "双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
        },
        claim: ByLang {
            vi: "đấu thủ có quyền đề nghị trọng tài xử hòa",
            en: "a player may ask the referee to declare a draw",
            zh: "棋手有权请求裁判判和",
        },
        loss_after_warning: true,
    },
    provisional: None,
};

/// The Asian rules for each ground.
fn cites(ground: Ground) -> &'static [u8] {
    use crate::xiangqi::Role::*;
    use Ground::*;
    use Rule::*;
    match ground {
        Mate => points![R1],
        Stalemate => points![R2],
        CheckViolation | ChaseViolation => points![R3],
        NoViolation => points![R5],
        // Both sides alike: the rule of the offence (7 for checks) says it;
        // rule 5 is for repetitions without a violation.
        SameViolation => &[],
        NoCapture => points![NoCaptureLimit],
        PerpetualCheck => points![R6],
        ChecksMixed => points![R12],
        Chase {
            target: Rook,
            by: Cannon,
        } => points![R15],
        Chase {
            target: Cannon,
            by: Rook,
        } => points![R18],
        Chase {
            target: Horse,
            by: Rook,
        } => points![R23],
        Chase {
            target: Cannon,
            by: Cannon,
        }
        | Chase {
            target: Horse,
            by: Horse,
        } => points![R24],
        Chase { by: Cannon, .. } => points![R25],
        Chase { .. } => &[],
        SeveralChasers => points![R33],
        SeveralOnProtected => points![R35],
        PinnedTarget => points![R19],
        FalseProtection => points![R34],
        RookByCannon => points![R15],
        // The AXF extends rule 15's principle to a horse on a rook (diagrams
        // of rules 19 and 36), but no rule of its says so: no citation, rather
        // than a rule about cannons (issue 31: T5).
        RookByHorse => &[],
        BlockedHorse => points![R24],
        OfferInChase | OffersBreakChase => points![R36],
        ChasedBackSometimes => &[],
        ChasesInTurn => points![R32],
        KingChase | OverHelped { leader: King } => points![R28],
        PawnChase | OverHelped { .. } => points![R29],
        OffersOnly => points![R24],
        BlocksOrOffers => points![R40],
        // Discovered-check threats are chases under the AXF: these grounds
        // arise only under the Vietnamese law.
        DiscoveredCheckThreat | DiscoveredCheckInTurn => &[],
        PinnedProtectedThreat => points![R38],
        UncrossedPawnThreat => points![R25],
        ProtectedThreat => points![R17],
        MutualCheck => points![R7],
        CheckedBackSometimes => points![R8],
        // Readings of the CXA book only.
        MateThreats | AttacksInAnyMix | ExchangeGain | RootCutByExchange | RootIntoMate
        | RecaptureLoses | RootFreed | JointChase | CheckOutranks | JointChaseOutranks
        | KingAnswersCheck | KeyDefensivePoint | SelfInflicted | CaptureIntoMate | Undecided
        | NineRounds | PawnCaptureCheck => &[],
    }
}

/// A rule of the Asian (AXF) rules that a ruling may cite, numbered as in
/// the English draft the WXF publishes (`R19` is rule 19), in that order: entry `i` of `ARTICLES`.
/// The no-capture limit is AXF practice rather than a numbered rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rule {
    /// Checkmate wins.
    R1,
    /// A side left without a legal move loses.
    R2,
    /// A violation, warned by the referee and repeated, loses.
    R3,
    /// No violation on either side: draw.
    R5,
    /// Perpetual check is forbidden.
    R6,
    /// Both sides check perpetually: draw.
    R7,
    /// Two checks against one check back.
    R8,
    /// Perpetual threats of mate are allowed.
    R9,
    /// One check and one chase is allowed.
    R12,
    /// Cannons may not chase a rook perpetually.
    R15,
    /// A cannon chasing two rooks in turn is allowed.
    R16,
    /// Attacking a truly protected piece is no chase.
    R17,
    /// A rook may not chase an unprotected cannon perpetually.
    R18,
    /// A rook held immobile by a horse may not be chased.
    R19,
    /// A rook may not chase an unprotected horse perpetually.
    R23,
    /// Same-kind pieces: exchange, unless one cannot strike back.
    R24,
    /// Cannon chases, and the uncrossed pawn.
    R25,
    /// A cannon chases a standing rook by moving its screen.
    R26,
    /// A rook confined by a cannon.
    R27,
    /// The king may chase, alone or with one other piece.
    R28,
    /// A pawn may chase alone.
    R29,
    /// Chasing several pieces in turn is allowed.
    R32,
    /// Two pieces may not chase one piece perpetually.
    R33,
    /// A false root is no protection.
    R34,
    /// Several pieces on a protected piece is no chase.
    R35,
    /// A chase mixed with exchange offers stays a chase.
    R36,
    /// Perpetually threatening to check and capture is allowed.
    R38,
    /// Perpetual offers and sacrifices are allowed.
    R40,
    /// No capture in 60 moves of each side: a draw may be claimed (practice).
    NoCaptureLimit,
}

/// Every rule the book cites, in its order: entry `i` is the rule numbered
/// `i`. The summaries are our own paraphrases.
static ARTICLES: &[Article] = &[
    Article {
        reference: "AXF 1",
        label: ByLang {
            vi: "Luật AXF, điều 1",
            en: "AXF rule 1",
            zh: "亚洲规则第1条",
        },
        summary: ByLang {
            vi: "Chiếu hết đối phương thì thắng.",
            en: "A player who mates the opponent wins.",
            zh: "将死对方者胜。",
        },
    },
    Article {
        reference: "AXF 2",
        label: ByLang {
            vi: "Luật AXF, điều 2",
            en: "AXF rule 2",
            zh: "亚洲规则第2条",
        },
        summary: ByLang {
            vi: "Bên không còn nước đi hợp lệ thì thua.",
            en: "A player left without a legal move loses.",
            zh: "无合法着法可走的一方负。",
        },
    },
    Article {
        reference: "AXF 3",
        label: ByLang {
            vi: "Luật AXF, điều 3",
            en: "AXF rule 3",
            zh: "亚洲规则第3条",
        },
        summary: ByLang {
            vi: "Bên phạm luật cấm, đã được trọng tài nhắc đổi nước mà vẫn lặp lại, bị xử thua.",
            en: "A side that breaks a prohibition, is warned by the referee to change and repeats it anyway, loses.",
            zh: "犯禁例的一方经裁判警告须变着而仍重复者，判负。",
        },
    },
    Article {
        reference: "AXF 5",
        label: ByLang {
            vi: "Luật AXF, điều 5",
            en: "AXF rule 5",
            zh: "亚洲规则第5条",
        },
        summary: ByLang {
            vi: "Lặp lại mà không bên nào phạm luật cấm, không bên nào đổi: hòa.",
            en: "A repetition in which neither side breaks a prohibition and neither changes is a draw.",
            zh: "循环中双方均未犯禁例且均不变着：和棋。",
        },
    },
    Article {
        reference: "AXF 6",
        label: ByLang {
            vi: "Luật AXF, điều 6",
            en: "AXF rule 6",
            zh: "亚洲规则第6条",
        },
        summary: ByLang {
            vi: "Chiếu mãi, bằng một hay nhiều quân, là phạm luật trong mọi trường hợp.",
            en: "Checking on every move, with one piece or several, is forbidden in every case.",
            zh: "长将（一子或多子）在任何情况下均属犯规。",
        },
    },
    Article {
        reference: "AXF 7",
        label: ByLang {
            vi: "Luật AXF, điều 7",
            en: "AXF rule 7",
            zh: "亚洲规则第7条",
        },
        summary: ByLang {
            vi: "Hai bên cùng đỡ chiếu và chiếu lại liên tục: hòa.",
            en: "Both sides answering check with check on every move: a draw.",
            zh: "双方着着应将又将：和棋。",
        },
    },
    Article {
        reference: "AXF 8",
        label: ByLang {
            vi: "Luật AXF, điều 8",
            en: "AXF rule 8",
            zh: "亚洲规则第8条",
        },
        summary: ByLang {
            vi: "Một bên chiếu liên tục, bên kia cách một nước mới chiếu lại: bên chiếu liên tục phạm luật.",
            en: "A side checking on every move, against checks back on every second move, is the one that must change.",
            zh: "一方着着将军，另一方隔一着还将：着着将军的一方须变着。",
        },
    },
    Article {
        reference: "AXF 9",
        label: ByLang {
            vi: "Luật AXF, điều 9",
            en: "AXF rule 9",
            zh: "亚洲规则第9条",
        },
        summary: ByLang {
            vi: "Dọa hết mãi được phép, kể cả khi bị dọa hết lại: hòa.",
            en: "Threatening mate on every move is allowed, also when answered by mate threats: a draw.",
            zh: "长杀允许，对方以杀还杀时亦然：和棋。",
        },
    },
    Article {
        reference: "AXF 12",
        label: ByLang {
            vi: "Luật AXF, điều 12",
            en: "AXF rule 12",
            zh: "亚洲规则第12条",
        },
        summary: ByLang {
            vi: "Một chiếu một bắt, hay nhiều chiếu một bắt: các nước chiếu ngắt quãng việc bắt, hòa.",
            en: "Alternating checks and a chase (or several checks and one chase) is allowed: the checks break the chase.",
            zh: "一将一捉（或多将一捉）允许：将军使捉子中断，不成长捉。",
        },
    },
    Article {
        reference: "AXF 15",
        label: ByLang {
            vi: "Luật AXF, điều 15",
            en: "AXF rule 15",
            zh: "亚洲规则第15条",
        },
        summary: ByLang {
            vi: "Một hay hai Pháo không được bắt mãi Xe, dù Xe có căn và dù Xe đáp lại bằng các nước dọa bắt.",
            en: "One or two cannons may not chase a rook perpetually, even a protected rook, whatever the rook's replies threaten.",
            zh: "一炮或双炮不得长捉车，即使车有根，不论车的应着威胁什么。",
        },
    },
    Article {
        reference: "AXF 16",
        label: ByLang {
            vi: "Luật AXF, điều 16",
            en: "AXF rule 16",
            zh: "亚洲规则第16条",
        },
        summary: ByLang {
            vi: "Pháo lần lượt dọa hai Xe khác nhau: không phải bắt mãi.",
            en: "A cannon (or cannons) attacking two rooks in turn chases neither perpetually.",
            zh: "炮（或双炮）轮流攻击两个车，不算长捉。",
        },
    },
    Article {
        reference: "AXF 17",
        label: ByLang {
            vi: "Luật AXF, điều 17",
            en: "AXF rule 17",
            zh: "亚洲规则第17条",
        },
        summary: ByLang {
            vi: "Dọa quân có căn thật (như Xe dọa Pháo có căn) không tính là bắt.",
            en: "Attacking a truly protected piece, as a rook attacking a protected cannon, is not a chase.",
            zh: "攻击有真根的子（如车攻击有根的炮）不算捉。",
        },
    },
    Article {
        reference: "AXF 18",
        label: ByLang {
            vi: "Luật AXF, điều 18",
            en: "AXF rule 18",
            zh: "亚洲规则第18条",
        },
        summary: ByLang {
            vi: "Xe không được bắt mãi Pháo không căn, dù Pháo đáp lại bằng chiếu, dọa hết hay dọa bắt.",
            en: "A rook may not chase an unprotected cannon perpetually, whatever the cannon's replies threaten.",
            zh: "车不得长捉无根的炮，不论炮的应着威胁什么。",
        },
    },
    Article {
        reference: "AXF 19",
        label: ByLang {
            vi: "Luật AXF, điều 19",
            en: "AXF rule 19",
            zh: "亚洲规则第19条",
        },
        summary: ByLang {
            vi: "Không được bắt mãi Xe đang bị Mã đối phương khóa không đi được, dù Mã có căn hay không.",
            en: "A rook held immobile by an enemy horse may not be chased perpetually, whether or not the horse is protected.",
            zh: "对方不得长捉被马控制而不能走动的车，不论马有根与否。",
        },
    },
    Article {
        reference: "AXF 23",
        label: ByLang {
            vi: "Luật AXF, điều 23",
            en: "AXF rule 23",
            zh: "亚洲规则第23条",
        },
        summary: ByLang {
            vi: "Xe không được bắt mãi Mã không căn, dù Mã đáp lại bằng chiếu hay dọa bắt.",
            en: "A rook may not chase an unprotected horse perpetually, whatever the horse's replies are.",
            zh: "车不得长捉无根的马，不论马的应着如何。",
        },
    },
    Article {
        reference: "AXF 24",
        label: ByLang {
            vi: "Luật AXF, điều 24",
            en: "AXF rule 24",
            zh: "亚洲规则第24条",
        },
        summary: ByLang {
            vi: "Hai quân cùng loại dọa nhau mà ăn lại được là đòi đổi, hòa; không được bắt mãi quân không ăn lại được.",
            en: "Pieces of one kind attacking each other offer an exchange (a draw); one that cannot capture back may not be chased perpetually.",
            zh: "同类子互相攻击而能反吃是兑子（和棋）；不得长捉不能反吃的子。",
        },
    },
    Article {
        reference: "AXF 25",
        label: ByLang {
            vi: "Luật AXF, điều 25",
            en: "AXF rule 25",
            zh: "亚洲规则第25条",
        },
        summary: ByLang {
            vi: "Pháo dọa quân không căn (kể cả chỉ di chuyển ngòi) là bắt; bắt mãi Tốt chưa qua sông được phép.",
            en: "A cannon attacking an unprotected piece chases it, even when only its screen moves; an uncrossed pawn may be chased.",
            zh: "炮攻击无根子（即使只是炮架移动）属捉；长捉未过河的兵（卒）允许。",
        },
    },
    Article {
        reference: "AXF 26",
        label: ByLang {
            vi: "Luật AXF, điều 26",
            en: "AXF rule 26",
            zh: "亚洲规则第26条",
        },
        summary: ByLang {
            vi: "Pháo dọa Xe bằng cách di chuyển ngòi vẫn là bắt Xe, dù Xe không đi.",
            en: "A cannon chases a rook even if only the cannon's screen moves and the rook stands still.",
            zh: "只移动炮架而车不动，炮仍算捉车。",
        },
    },
    Article {
        reference: "AXF 27",
        label: ByLang {
            vi: "Luật AXF, điều 27",
            en: "AXF rule 27",
            zh: "亚洲规则第27条",
        },
        summary: ByLang {
            vi: "Xe bị Pháo kìm trên một đường: đi trên đường ấy không tính là bắt; đối phương cũng không được bắt mãi Xe ấy.",
            en: "A rook tied to its line by a cannon does not chase by moving along it, and may not be chased perpetually.",
            zh: "被炮牵制在一条线上的车，沿该线走动不算捉；对方也不得长捉该车。",
        },
    },
    Article {
        reference: "AXF 28",
        label: ByLang {
            vi: "Luật AXF, điều 28",
            en: "AXF rule 28",
            zh: "亚洲规则第28条",
        },
        summary: ByLang {
            vi: "Tướng được bắt mãi, một mình hay cùng một quân khác: hòa.",
            en: "The king may chase perpetually, alone or together with one other piece: a draw.",
            zh: "将（帅）可以长捉，单独或与另一子配合：和棋。",
        },
    },
    Article {
        reference: "AXF 29",
        label: ByLang {
            vi: "Luật AXF, điều 29",
            en: "AXF rule 29",
            zh: "亚洲规则第29条",
        },
        summary: ByLang {
            vi: "Tốt một mình được bắt mãi: hòa.",
            en: "A pawn chasing perpetually on its own is allowed: a draw.",
            zh: "兵（卒）单独长捉允许：和棋。",
        },
    },
    Article {
        reference: "AXF 32",
        label: ByLang {
            vi: "Luật AXF, điều 32",
            en: "AXF rule 32",
            zh: "亚洲规则第32条",
        },
        summary: ByLang {
            vi: "Một hay hai quân lần lượt dọa hai hay nhiều quân khác nhau: hòa.",
            en: "One or two pieces attacking two or more pieces in turn: a draw.",
            zh: "一子或两子轮流攻击两个或更多的子：和棋。",
        },
    },
    Article {
        reference: "AXF 33",
        label: ByLang {
            vi: "Luật AXF, điều 33",
            en: "AXF rule 33",
            zh: "亚洲规则第33条",
        },
        summary: ByLang {
            vi: "Hai quân thay nhau bắt mãi một quân không căn là phạm luật.",
            en: "Two pieces taking turns to chase one unprotected piece is a perpetual chase.",
            zh: "两子轮流长捉一个无根子属犯规。",
        },
    },
    Article {
        reference: "AXF 34",
        label: ByLang {
            vi: "Luật AXF, điều 34",
            en: "AXF rule 34",
            zh: "亚洲规则第34条",
        },
        summary: ByLang {
            vi: "Quân có căn giả (quân bảo vệ không ăn lại được) coi như không căn.",
            en: "A piece whose protector cannot legally recapture counts as unprotected.",
            zh: "保护者不能合法反吃的子（假根）视为无根。",
        },
    },
    Article {
        reference: "AXF 35",
        label: ByLang {
            vi: "Luật AXF, điều 35",
            en: "AXF rule 35",
            zh: "亚洲规则第35条",
        },
        summary: ByLang {
            vi: "Hai hay nhiều quân cùng dọa một quân có căn không tính là bắt mãi.",
            en: "Two or more pieces attacking one protected piece are not chasing it perpetually.",
            zh: "两子或多子攻击一个有根子，不算长捉。",
        },
    },
    Article {
        reference: "AXF 36",
        label: ByLang {
            vi: "Luật AXF, điều 36",
            en: "AXF rule 36",
            zh: "亚洲规则第36条",
        },
        summary: ByLang {
            vi: "Bắt mãi dù một số hay tất cả các nước đồng thời là đòi đổi vẫn là bắt mãi.",
            en: "A perpetual chase stays one even if some or all of its moves also offer an exchange.",
            zh: "长捉中部分或全部着法同时是兑子，仍属长捉。",
        },
    },
    Article {
        reference: "AXF 38",
        label: ByLang {
            vi: "Luật AXF, điều 38",
            en: "AXF rule 38",
            zh: "亚洲规则第38条",
        },
        summary: ByLang {
            vi: "Dọa mãi \"chiếu tướng kèm ăn quân\" (dọa ăn một quân có căn thật bị ghim không đi được) được phép: hòa.",
            en: "Perpetually threatening to \"check and capture\" (to take a truly protected piece that is pinned and cannot move) is allowed: a draw.",
            zh: "长打“将军吃子”（攻击被牵制而不能走动的真根子）允许：和棋。",
        },
    },
    Article {
        reference: "AXF 40",
        label: ByLang {
            vi: "Luật AXF, điều 40",
            en: "AXF rule 40",
            zh: "亚洲规则第40条",
        },
        summary: ByLang {
            vi: "Đòi đổi mãi, thí quân mãi (và cản mãi) được phép: hòa.",
            en: "Perpetually offering an exchange or a piece (or blocking) is allowed: a draw.",
            zh: "长兑、长献（及长拦）允许：和棋。",
        },
    },
    Article {
        reference: "AXF 60",
        label: ByLang {
            vi: "Thông lệ AXF: 60 nước không ăn quân",
            en: "AXF practice: 60 moves without a capture",
            zh: "亚洲惯例：60回合不吃子",
        },
        summary: ByLang {
            vi: "Sau 60 nước liên tiếp không bên nào ăn quân, đấu thủ có quyền đề nghị trọng tài xử hòa.",
            en: "After 60 moves of each side in a row without a capture, a player may ask the referee to declare a draw.",
            zh: "连续60回合双方均未吃子，棋手有权请求裁判判和。",
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_names_its_own_row_of_the_table() {
        let all = [
            Rule::R1,
            Rule::R2,
            Rule::R3,
            Rule::R5,
            Rule::R6,
            Rule::R7,
            Rule::R8,
            Rule::R9,
            Rule::R12,
            Rule::R15,
            Rule::R16,
            Rule::R17,
            Rule::R18,
            Rule::R19,
            Rule::R23,
            Rule::R24,
            Rule::R25,
            Rule::R26,
            Rule::R27,
            Rule::R28,
            Rule::R29,
            Rule::R32,
            Rule::R33,
            Rule::R34,
            Rule::R35,
            Rule::R36,
            Rule::R38,
            Rule::R40,
            Rule::NoCaptureLimit,
        ];
        assert_eq!(all.len(), ARTICLES.len());
        for (i, r) in all.into_iter().enumerate() {
            assert_eq!(r as usize, i);
            let a = &ARTICLES[i];
            if r != Rule::NoCaptureLimit {
                assert_eq!(format!("AXF {}", &format!("{r:?}")[1..]), a.reference);
                assert_eq!(a.label.en, format!("AXF rule {}", &a.reference[4..]));
            }
        }
        assert_eq!(ARTICLES[Rule::NoCaptureLimit as usize].reference, "AXF 60");
    }
}
