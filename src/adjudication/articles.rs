//! The rule books a ruling may follow, and the articles each one cites:
//! typed points for the code ([`Point`] for the Vietnamese law, [`AxfRule`]
//! for the Asian rules, [`Citation`] over both), a table of texts per book
//! for the answers (stable references, labels, one-line summaries in
//! Vietnamese and English), the readings where the books part
//! ([`Readings`]) and how each book cites a finding ([`Ground`]).
//!
//! Two books: the Vietnamese Xiangqi Law of 2004 (Decision
//! 1409/2004/QĐ-UBTDTT/TT1) and the Asian Xiangqi Federation's rules (the
//! "Asian rules" the World Xiangqi Federation also uses).

/// A language the answers are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Vietnamese, the language of the law.
    Vi,
    /// English.
    En,
    /// Simplified Chinese. The Vietnamese law has no Chinese text: ours is a
    /// translation of it, and of our summaries of the AXF rules.
    Zh,
}

impl Lang {
    /// Every language, in the order answers list them.
    pub const ALL: [Lang; 3] = [Lang::Vi, Lang::En, Lang::Zh];

    /// The language's code (BCP 47 primary subtag): `vi`, `en`, `zh`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Vi => "vi",
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language with this code, ignoring case.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }
}

/// A rule book a ruling follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The Vietnamese Xiangqi Law of 2004.
    #[default]
    Vn2004,
    /// The Asian Xiangqi Federation's rules (AXF/WXF "Asian rules").
    Axf,
}

impl RuleSet {
    /// Every rule book, the default first.
    pub const ALL: [RuleSet; 2] = [RuleSet::Vn2004, RuleSet::Axf];

    /// The id requests use.
    pub const fn id(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "vn2004",
            RuleSet::Axf => "axf",
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
            RuleSet::Axf => "Luật cờ tướng châu Á (Liên đoàn Cờ tướng châu Á, AXF/WXF)",
        }
    }

    /// The book's title in English.
    pub const fn title_en(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "Vietnamese Xiangqi Law 2004 (Decision 1409/2004/QĐ-UBTDTT/TT1)",
            RuleSet::Axf => "Asian Xiangqi Rules (Asian Xiangqi Federation, AXF/WXF)",
        }
    }

    /// The book's title in Chinese (a translation).
    pub const fn title_zh(self) -> &'static str {
        match self {
            RuleSet::Vn2004 => "越南象棋法（2004年，第1409/2004/QĐ-UBTDTT/TT1号决定）",
            RuleSet::Axf => "亚洲象棋规则（亚洲象棋联合会，AXF/WXF）",
        }
    }

    /// Every article the book cites, in its own order.
    pub fn articles(self) -> &'static [Article] {
        match self {
            RuleSet::Vn2004 => VN2004,
            RuleSet::Axf => AXF,
        }
    }

    /// Every point the book may cite, in its own order: entry `i` has the
    /// text `self.articles()[i]`.
    pub fn citations(self) -> Vec<Citation> {
        match self {
            RuleSet::Vn2004 => Point::ALL.into_iter().map(Citation::Vn).collect(),
            RuleSet::Axf => AxfRule::ALL.into_iter().map(Citation::Axf).collect(),
        }
    }

    /// Plies without a capture after which a draw may be claimed by
    /// default: 50 moves of each side under the Vietnamese law (Article
    /// 12), 60 moves of each side in AXF practice (digest §2.5).
    pub const fn no_capture_limit(self) -> u32 {
        match self {
            RuleSet::Vn2004 => 100,
            RuleSet::Axf => 120,
        }
    }

    /// The readings where this book parts from the other.
    pub const fn readings(self) -> Readings {
        match self {
            RuleSet::Vn2004 => Readings {
                discovered_check_threat_is_chase: false,
                chase_priority: false,
                several_on_protected_is_no_chase: false,
                pinned_piece: PinnedPiece::Any,
                offers_count_in_chase: true,
            },
            RuleSet::Axf => Readings {
                discovered_check_threat_is_chase: true,
                chase_priority: true,
                several_on_protected_is_no_chase: true,
                pinned_piece: PinnedPiece::RookHeldByHorse,
                offers_count_in_chase: false,
            },
        }
    }

    /// The book's citations for a finding of the law, in the book's order
    /// (none when the book has no rule for it).
    pub fn cite(self, ground: Ground) -> &'static [Citation] {
        match self {
            RuleSet::Vn2004 => vn2004_cites(ground),
            RuleSet::Axf => axf_cites(ground),
        }
    }
}

/// The readings where the rule books differ, as flags the law module asks.
/// Everything not named here is read alike by both books.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Readings {
    /// A threat to win a piece by discovered check is a chase (the AXF's
    /// chase is any move threatening to win a piece), rather than the
    /// allowed *dọa chiếu rút bắt quân* of VN 23.2 and 23.10.
    pub discovered_check_threat_is_chase: bool,
    /// When both sides chase perpetually, cannons chasing a rook (AXF 15)
    /// or a rook chasing an unprotected cannon (AXF 18) is the violation
    /// whatever the chased piece's replies do; VN 7.2.c makes every mutual
    /// chase a draw. (Horses chasing a rook get no such priority: the
    /// engine reading of diagram 48 rules horse against rook a draw.)
    pub chase_priority: bool,
    /// Two or more pieces attacking one truly protected piece is no chase
    /// (AXF 35), even where one attacker alone would chase it (a horse that
    /// cannot strike back, a rook held by a horse); horse or cannon on a
    /// rook still chases.
    pub several_on_protected_is_no_chase: bool,
    /// Which protected pieces are chased because they are pinned and cannot
    /// move.
    pub pinned_piece: PinnedPiece,
    /// A move that only offers an exchange counts among a perpetual chase's
    /// moves when other moves really chase the piece (VN 23.8: "chases
    /// mixed with exchange offers"). Under the AXF every move of a
    /// perpetual chase must chase, the offer being at most a second effect
    /// of a chasing move (rule 36, diagrams 90–93), so a cannon that only
    /// offers itself to a cannon chases nothing (rule 15 keeps the rook's
    /// chaser the violator).
    pub offers_count_in_chase: bool,
}

/// Which truly protected pieces count as chased because they are pinned and
/// cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinnedPiece {
    /// Any such piece (VN 23.7: "quân bị ghim không đi được").
    Any,
    /// Only a rook held immobile by a horse (AXF rule 19, diagrams 39–41);
    /// the Asian rules have no general point, and rule a confined but
    /// protected piece not chased (rule 17, diagram 54).
    RookHeldByHorse,
}

/// What the law found, in neither book's numbering: the law module records
/// grounds, and each book cites its own rules for them ([`RuleSet::cite`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ground {
    /// Checkmate.
    Mate,
    /// No legal move.
    Stalemate,
    /// A perpetual checker must change, or loses.
    CheckViolation,
    /// A perpetual chaser must change, or loses.
    ChaseViolation,
    /// Nobody violates: draw.
    NoViolation,
    /// Both violate alike: draw.
    SameViolation,
    /// No capture for the book's limit: a draw may be claimed.
    NoCapture,
    /// Every move checks.
    PerpetualCheck,
    /// Checks mixed with other moves.
    ChecksMixed,
    /// One piece chased on every move by a piece of role `by`.
    Chase {
        target: crate::xiangqi::Role,
        by: crate::xiangqi::Role,
    },
    /// The piece was chased by two or more pieces in turn.
    SeveralChasers,
    /// Several pieces on one truly protected piece (no chase under AXF 35).
    SeveralOnProtected,
    /// The chased piece stood pinned and could not move.
    PinnedTarget,
    /// The chased piece was only falsely protected.
    FalseProtection,
    /// A horse or cannon chased a rook.
    RookByHorseOrCannon,
    /// A horse chased a protected horse that could not strike back.
    BlockedHorse,
    /// Exchange offers among the chasing moves.
    OfferInChase,
    /// The other side chased back on some moves.
    ChasedBackSometimes,
    /// One or several pieces chased different pieces in turn.
    ChasesInTurn,
    /// A king chased, alone or with allowed help.
    KingChase,
    /// A pawn chased, alone or with allowed help.
    PawnChase,
    /// Only exchange offers on one piece.
    OffersOnly,
    /// One piece chased on some moves and only offered an exchange on the
    /// others, which the book does not count as a perpetual chase.
    OffersBreakChase,
    /// Only blocks, sacrifices or offers.
    BlocksOrOffers,
    /// Threats on an uncrossed pawn.
    UncrossedPawnThreat,
    /// Threats on truly protected pieces.
    ProtectedThreat,
    /// Threats to win a piece by discovered check, on every move.
    DiscoveredCheckThreat,
    /// Threats to win a piece by discovered check on some moves, chases on
    /// the others ("một bắt một rút ăn quân").
    DiscoveredCheckInTurn,
    /// Threats on a truly protected piece that is pinned and cannot move,
    /// which the book does not count as chases (AXF rule 38, "check and
    /// capture").
    PinnedProtectedThreat,
    /// Both sides check on every move.
    MutualCheck,
    /// The other side checked back on some moves.
    CheckedBackSometimes,
}

/// A point of either book, as an answer cites it. An answer cites one
/// book only; the order is the book's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Citation {
    /// A point of the Vietnamese law.
    Vn(Point),
    /// A rule of the Asian rules.
    Axf(AxfRule),
}

impl Citation {
    /// The cited text.
    pub fn article(self) -> &'static Article {
        match self {
            Citation::Vn(p) => p.article(),
            Citation::Axf(r) => r.article(),
        }
    }

    /// Stable reference, e.g. `"23.6"` or `"AXF 19"`.
    pub fn reference(self) -> &'static str {
        self.article().reference
    }

    /// How the book names it, in Vietnamese (`"Điều 23, điểm 1"`).
    pub fn label(self) -> &'static str {
        self.article().label
    }

    /// How the book names it, in English (`"AXF rule 19"`).
    pub fn label_en(self) -> &'static str {
        self.article().label_en
    }

    /// One-line summary in Vietnamese.
    pub fn summary_vi(self) -> &'static str {
        self.article().summary_vi
    }

    /// One-line summary in English.
    pub fn summary_en(self) -> &'static str {
        self.article().summary_en
    }

    /// How it is named in Chinese (`"第23条第1点"`, `"亚洲规则第19条"`).
    pub fn label_zh(self) -> &'static str {
        self.article().label_zh()
    }

    /// One-line summary in Chinese (a translation).
    pub fn summary_zh(self) -> &'static str {
        self.article().summary_zh()
    }

    /// The book the citation belongs to.
    pub fn ruleset(self) -> RuleSet {
        match self {
            Citation::Vn(_) => RuleSet::Vn2004,
            Citation::Axf(_) => RuleSet::Axf,
        }
    }
}

/// The Vietnamese law's points for each ground.
fn vn2004_cites(ground: Ground) -> &'static [Citation] {
    use Citation::Vn;
    use Ground::*;
    match ground {
        Mate => &[Vn(Point::A7_1a)],
        Stalemate => &[Vn(Point::A7_1b)],
        CheckViolation => &[Vn(Point::A7_1g)],
        ChaseViolation => &[Vn(Point::A7_1h)],
        NoViolation => &[Vn(Point::A7_2b)],
        SameViolation => &[Vn(Point::A7_2c)],
        NoCapture => &[Vn(Point::A12)],
        PerpetualCheck => &[Vn(Point::A23_1)],
        ChecksMixed | DiscoveredCheckInTurn => &[Vn(Point::A23_2)],
        Chase { .. } | SeveralChasers | UncrossedPawnThreat => &[Vn(Point::A23_3)],
        ChasesInTurn => &[Vn(Point::A23_4)],
        ChasedBackSometimes => &[Vn(Point::A23_5)],
        FalseProtection | RookByHorseOrCannon | ProtectedThreat => &[Vn(Point::A23_6)],
        PinnedTarget | BlockedHorse => &[Vn(Point::A23_7)],
        OfferInChase => &[Vn(Point::A23_8)],
        // The Vietnamese law counts the offers as chases (23.8): the ground
        // arises under the Asian rules only.
        OffersBreakChase => &[],
        KingChase | PawnChase => &[Vn(Point::A23_9)],
        OffersOnly | BlocksOrOffers | DiscoveredCheckThreat => &[Vn(Point::A23_10)],
        // The Vietnamese law chases such a piece (23.7): the ground arises
        // under the Asian rules only.
        PinnedProtectedThreat => &[],
        MutualCheck => &[Vn(Point::A24_3)],
        CheckedBackSometimes => &[Vn(Point::A24_4)],
        // The Vietnamese law has no such exception (23.3: "one or more pieces").
        SeveralOnProtected => &[],
    }
}

/// The Asian rules for each ground.
fn axf_cites(ground: Ground) -> &'static [Citation] {
    use crate::xiangqi::Role::*;
    use AxfRule::*;
    use Citation::Axf;
    use Ground::*;
    match ground {
        Mate => &[Axf(R1)],
        Stalemate => &[Axf(R2)],
        CheckViolation | ChaseViolation => &[Axf(R3)],
        NoViolation => &[Axf(R5)],
        // Both sides alike: the rule of the offence (7 for checks) says it;
        // rule 5 is for repetitions without a violation.
        SameViolation => &[],
        NoCapture => &[Axf(NoCaptureLimit)],
        PerpetualCheck => &[Axf(R6)],
        ChecksMixed => &[Axf(R12)],
        Chase {
            target: Rook,
            by: Cannon,
        } => &[Axf(R15)],
        Chase {
            target: Cannon,
            by: Rook,
        } => &[Axf(R18)],
        Chase {
            target: Horse,
            by: Rook,
        } => &[Axf(R23)],
        Chase {
            target: Cannon,
            by: Cannon,
        }
        | Chase {
            target: Horse,
            by: Horse,
        } => &[Axf(R24)],
        Chase { by: Cannon, .. } => &[Axf(R25)],
        Chase { .. } => &[],
        SeveralChasers => &[Axf(R33)],
        SeveralOnProtected => &[Axf(R35)],
        PinnedTarget => &[Axf(R19)],
        FalseProtection => &[Axf(R34)],
        RookByHorseOrCannon => &[Axf(R15)],
        BlockedHorse => &[Axf(R24)],
        OfferInChase | OffersBreakChase => &[Axf(R36)],
        ChasedBackSometimes => &[],
        ChasesInTurn => &[Axf(R32)],
        KingChase => &[Axf(R28)],
        PawnChase => &[Axf(R29)],
        OffersOnly => &[Axf(R24)],
        BlocksOrOffers => &[Axf(R40)],
        // Discovered-check threats are chases under the AXF: these grounds
        // arise only under the Vietnamese law.
        DiscoveredCheckThreat | DiscoveredCheckInTurn => &[],
        PinnedProtectedThreat => &[Axf(R38)],
        UncrossedPawnThreat => &[Axf(R25)],
        ProtectedThreat => &[Axf(R17)],
        MutualCheck => &[Axf(R7)],
        CheckedBackSometimes => &[Axf(R8)],
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
    /// How the book names it in Vietnamese, e.g. `"Điều 23, điểm 1"`.
    pub label: &'static str,
    /// How the book names it in English, e.g. `"Article 23, point 1"` or
    /// `"AXF rule 19"`.
    pub label_en: &'static str,
    /// One-line summary in Vietnamese.
    pub summary_vi: &'static str,
    /// One-line summary in English.
    pub summary_en: &'static str,
}

impl Article {
    /// The Chinese texts of this article: (label, summary).
    fn zh(&self) -> (&'static str, &'static str) {
        ZH.iter()
            .find(|(reference, _, _)| *reference == self.reference)
            .map(|&(_, label, summary)| (label, summary))
            .unwrap_or(("", ""))
    }

    /// How the article is named in Chinese, e.g. `"第23条第1点"`.
    pub fn label_zh(&self) -> &'static str {
        self.zh().0
    }

    /// One-line summary in Chinese: our translation of the Vietnamese law,
    /// or of our summary of the AXF rule; not an official text.
    pub fn summary_zh(&self) -> &'static str {
        self.zh().1
    }

    /// The label in `lang`.
    pub fn label_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Vi => self.label,
            Lang::En => self.label_en,
            Lang::Zh => self.label_zh(),
        }
    }

    /// The summary in `lang`.
    pub fn summary_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Vi => self.summary_vi,
            Lang::En => self.summary_en,
            Lang::Zh => self.summary_zh(),
        }
    }
}

/// The Chinese texts of both books, by reference: (reference, label,
/// summary). They are our translation of the Vietnamese law (which has no
/// Chinese text) and of our summaries of the AXF rules, in the terms of
/// Chinese xiangqi (长将, 长捉, 根, 假根, 兑, 拦, 献).
static ZH: &[(&str, &str, &str)] = &[
    ("7.1.a", "第7.1.a条", "将死对方者胜。"),
    ("7.1.b", "第7.1.b条", "对方无着可走（被困毙）者胜。"),
    ("7.1.g", "第7.1.g条", "对方长将，应变着而不变者，本方胜。"),
    (
        "7.1.h",
        "第7.1.h条",
        "对方犯禁例而本方未犯，对方又不肯变着者，本方胜。",
    ),
    ("7.2.b", "第7.2.b条", "双方均未犯禁例且均不肯变着：和棋。"),
    ("7.2.c", "第7.2.c条", "双方犯同一禁例：和棋。"),
    (
        "12",
        "第12条",
        "连续50回合双方均未吃子，棋手有权请求裁判判和。",
    ),
    ("23.1", "第23条第1点", "长将判负（一子或多子轮流将军）。"),
    (
        "23.2",
        "第23条第2点",
        "长杀、一将一杀、一将一捉、一将一闲……：双方不变着则判和。",
    ),
    (
        "23.3",
        "第23条第3点",
        "一子或多子长捉一子者判负，长捉未过河的兵（卒）除外。",
    ),
    ("23.4", "第23条第4点", "一子轮流捉两个或更多的子：和棋。"),
    (
        "23.5",
        "第23条第5点",
        "两捉一还捉：两次捉同一子的一方犯长捉。",
    ),
    (
        "23.6",
        "第23条第6点",
        "长捉有真根的子判和，长捉假根子判负；马或炮长捉有真根的车也判负。",
    ),
    (
        "23.7",
        "第23条第7点",
        "有真根但被牵制不能走动的子，或被马捉而蹩腿不能反吃的马，仍算被长捉。",
    ),
    ("23.8", "第23条第8点", "长捉中夹带长兑，仍算长捉。"),
    (
        "23.9",
        "第23条第9点",
        "将（帅）或兵（卒）长捉，即使有一车、马或炮配合：和棋。",
    ),
    (
        "23.10",
        "第23条第10点",
        "长拦、长献、长兑、长杀、长以闪将吃子相威胁均允许；不变着则判和。",
    ),
    ("24.3", "第24.3条", "双方应将又将，均不变着：和棋。"),
    (
        "24.4",
        "第24.4条",
        "一方着着将军，另一方隔一着才还将一次：着着将军的一方须变着，不变判负。",
    ),
    ("AXF 1", "亚洲规则第1条", "将死对方者胜。"),
    ("AXF 2", "亚洲规则第2条", "无合法着法可走的一方负。"),
    (
        "AXF 3",
        "亚洲规则第3条",
        "犯禁例的一方经裁判警告须变着而仍重复者，判负。",
    ),
    (
        "AXF 5",
        "亚洲规则第5条",
        "循环中双方均未犯禁例且均不变着：和棋。",
    ),
    (
        "AXF 6",
        "亚洲规则第6条",
        "长将（一子或多子）在任何情况下均属犯规。",
    ),
    ("AXF 7", "亚洲规则第7条", "双方着着应将又将：和棋。"),
    (
        "AXF 8",
        "亚洲规则第8条",
        "一方着着将军，另一方隔一着还将：着着将军的一方须变着。",
    ),
    (
        "AXF 9",
        "亚洲规则第9条",
        "长杀允许，对方以杀还杀时亦然：和棋。",
    ),
    (
        "AXF 12",
        "亚洲规则第12条",
        "一将一捉（或多将一捉）允许：将军打断了捉。",
    ),
    (
        "AXF 15",
        "亚洲规则第15条",
        "一炮或双炮不得长捉车，即使车有根，不论车的应着威胁什么。",
    ),
    (
        "AXF 16",
        "亚洲规则第16条",
        "炮（或双炮）轮流攻击两个车，不算长捉。",
    ),
    (
        "AXF 17",
        "亚洲规则第17条",
        "攻击有真根的子（如车攻击有根的炮）不算捉。",
    ),
    (
        "AXF 18",
        "亚洲规则第18条",
        "车不得长捉无根的炮，不论炮的应着威胁什么。",
    ),
    (
        "AXF 19",
        "亚洲规则第19条",
        "被对方马控制而不能走动的车不得被长捉，不论马有根与否。",
    ),
    (
        "AXF 23",
        "亚洲规则第23条",
        "车不得长捉无根的马，不论马的应着如何。",
    ),
    (
        "AXF 24",
        "亚洲规则第24条",
        "同类子互相攻击而能反吃是兑子（和棋）；不能反吃的一方不得被长捉。",
    ),
    (
        "AXF 25",
        "亚洲规则第25条",
        "炮攻击无根子（即使只是炮架移动）属捉；长捉未过河的兵（卒）允许。",
    ),
    (
        "AXF 26",
        "亚洲规则第26条",
        "只移动炮架而车不动，炮仍算捉车。",
    ),
    (
        "AXF 27",
        "亚洲规则第27条",
        "被炮牵制在一条线上的车，沿该线走动不算捉，也不得被长捉。",
    ),
    (
        "AXF 28",
        "亚洲规则第28条",
        "将（帅）可以长捉，单独或与另一子配合：和棋。",
    ),
    ("AXF 29", "亚洲规则第29条", "兵（卒）单独长捉允许：和棋。"),
    (
        "AXF 32",
        "亚洲规则第32条",
        "一子或两子轮流攻击两个或更多的子：和棋。",
    ),
    ("AXF 33", "亚洲规则第33条", "两子轮流长捉一个无根子属犯规。"),
    (
        "AXF 34",
        "亚洲规则第34条",
        "保护者不能合法反吃的子（假根）视为无根。",
    ),
    (
        "AXF 35",
        "亚洲规则第35条",
        "两子或多子攻击一个有根子，不算长捉。",
    ),
    (
        "AXF 36",
        "亚洲规则第36条",
        "长捉中部分或全部着法同时是兑子，仍属长捉。",
    ),
    (
        "AXF 38",
        "亚洲规则第38条",
        "长打“将军吃子”（攻击被牵制而不能走动的真根子）允许：和棋。",
    ),
    (
        "AXF 40",
        "亚洲规则第40条",
        "长兑、长献（及长拦）允许：和棋。",
    ),
    (
        "AXF 60",
        "亚洲惯例：60回合不吃子",
        "连续60回合双方均未吃子，棋手有权请求裁判判和。",
    ),
];

const fn article(
    reference: &'static str,
    label: &'static str,
    label_en: &'static str,
    summary_vi: &'static str,
    summary_en: &'static str,
) -> Article {
    Article {
        reference,
        label,
        label_en,
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
        "Article 7.1.a",
        "Chiếu hết đối phương thì thắng.",
        "A player who checkmates the opponent wins.",
    ),
    article(
        "7.1.b",
        "Điều 7.1.b",
        "Article 7.1.b",
        "Thắng cờ nếu đối phương hết nước đi (bị vây khốn).",
        "A player wins if the opponent has no legal move (stalemate).",
    ),
    article(
        "7.1.g",
        "Điều 7.1.g",
        "Article 7.1.g",
        "Thắng cờ nếu đối phương chiếu mãi, phải đổi nước mà không đổi.",
        "A player wins if the opponent checks perpetually and does not change when required.",
    ),
    article(
        "7.1.h",
        "Điều 7.1.h",
        "Article 7.1.h",
        "Thắng cờ nếu đối phương phạm luật cấm, còn bên này không phạm luật, mà đối phương không chịu đổi nước.",
        "A player wins if the opponent breaks a prohibition, the player does not, and the opponent refuses to change.",
    ),
    article(
        "7.2.b",
        "Điều 7.2.b",
        "Article 7.2.b",
        "Hai bên đều không phạm luật cấm và không chịu đổi nước: hòa.",
        "Draw: neither side breaks a prohibition and neither will change.",
    ),
    article(
        "7.2.c",
        "Điều 7.2.c",
        "Article 7.2.c",
        "Hai bên cùng phạm một luật cấm: hòa.",
        "Draw: both sides break the same prohibition.",
    ),
    article(
        "12",
        "Điều 12",
        "Article 12",
        "Sau 50 nước liên tiếp không bên nào ăn quân, đấu thủ có quyền đề nghị trọng tài xử hòa.",
        "After 50 moves of each side in a row without a capture, a player may ask the arbiter to declare a draw.",
    ),
    article(
        "23.1",
        "Điều 23, điểm 1",
        "Article 23, point 1",
        "Chiếu mãi bị xử thua (một quân hay nhiều quân thay nhau chiếu).",
        "Perpetual check loses, by one piece or several in turn.",
    ),
    article(
        "23.2",
        "Điều 23, điểm 2",
        "Article 23, point 2",
        "Dọa hết mãi, một chiếu một dọa hết, một chiếu một bắt, một chiếu một dừng...: hai bên không đổi thì hòa.",
        "Perpetual mate threats, one check one chase, one check one idle move...: a draw if neither changes.",
    ),
    article(
        "23.3",
        "Điều 23, điểm 3",
        "Article 23, point 3",
        "Một hay nhiều quân đuổi bắt mãi một quân thì xử thua, trừ bắt mãi Tốt chưa qua sông.",
        "One or more pieces perpetually chasing one piece lose, except chasing a pawn that has not crossed the river.",
    ),
    article(
        "23.4",
        "Điều 23, điểm 4",
        "Article 23, point 4",
        "Một quân lần lượt đuổi bắt hai hay nhiều quân: hòa.",
        "One piece chasing two or more pieces in turn: a draw.",
    ),
    article(
        "23.5",
        "Điều 23, điểm 5",
        "Article 23, point 5",
        "Hai bắt một bắt lại: bên hai bắt (cùng một quân) phạm luật bắt mãi.",
        "Two chases against one chase back: the side chasing the same piece twice is chasing perpetually.",
    ),
    article(
        "23.6",
        "Điều 23, điểm 6",
        "Article 23, point 6",
        "Bắt mãi quân có căn thật thì hòa, căn giả thì thua; Mã hoặc Pháo bắt mãi Xe có căn thật cũng thua.",
        "Chasing a truly protected piece is a draw, a falsely protected one loses; a horse or cannon chasing even a protected rook loses.",
    ),
    article(
        "23.7",
        "Điều 23, điểm 7",
        "Article 23, point 7",
        "Quân có căn thật nhưng bị ghim không đi được, hoặc Mã bị cản bị Mã đuổi, vẫn tính là bắt mãi.",
        "A protected piece that is pinned and cannot move, or a horse chased by a horse it cannot strike back, still counts as chased.",
    ),
    article(
        "23.8",
        "Điều 23, điểm 8",
        "Article 23, point 8",
        "Bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi.",
        "A perpetual chase mixed with exchange offers is still a perpetual chase.",
    ),
    article(
        "23.9",
        "Điều 23, điểm 9",
        "Article 23, point 9",
        "Tướng hoặc Tốt bắt mãi, kể cả khi phối hợp với một Xe, Mã hoặc Pháo: hòa.",
        "A king or pawn chasing perpetually, even with one rook, horse or cannon: a draw.",
    ),
    article(
        "23.10",
        "Điều 23, điểm 10",
        "Article 23, point 10",
        "Cản mãi, thí quân mãi, đòi đổi mãi, dọa hết mãi, dọa mãi chiếu rút bắt quân đều được phép; không đổi thì hòa.",
        "Perpetual blocking, sacrifices, exchange offers, mate threats and threats to win a piece by a discovered check (chiếu rút bắt quân) are allowed: a draw if neither changes.",
    ),
    article(
        "24.3",
        "Điều 24.3",
        "Article 24.3",
        "Hai bên vừa đỡ vừa chiếu lại, không bên nào đổi: hòa.",
        "Both sides answer check with a counter-check and neither changes: a draw.",
    ),
    article(
        "24.4",
        "Điều 24.4",
        "Article 24.4",
        "Một bên chiếu liên tục, bên kia hai nước mới chiếu lại một lần: bên chiếu liên tục phải đổi, không đổi thì thua.",
        "One side checks on every move, the other checks back every second move: the continuous checker must change or lose.",
    ),
];

/// A rule of the Asian (AXF) rules that a ruling may cite, numbered as in
/// the English draft the WXF publishes (`R19` is rule 19), in that order.
/// The no-capture limit is AXF practice rather than a numbered rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AxfRule {
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

impl AxfRule {
    /// Every rule, in the book's order (the order of [`AXF`]).
    pub const ALL: [AxfRule; 29] = [
        AxfRule::R1,
        AxfRule::R2,
        AxfRule::R3,
        AxfRule::R5,
        AxfRule::R6,
        AxfRule::R7,
        AxfRule::R8,
        AxfRule::R9,
        AxfRule::R12,
        AxfRule::R15,
        AxfRule::R16,
        AxfRule::R17,
        AxfRule::R18,
        AxfRule::R19,
        AxfRule::R23,
        AxfRule::R24,
        AxfRule::R25,
        AxfRule::R26,
        AxfRule::R27,
        AxfRule::R28,
        AxfRule::R29,
        AxfRule::R32,
        AxfRule::R33,
        AxfRule::R34,
        AxfRule::R35,
        AxfRule::R36,
        AxfRule::R38,
        AxfRule::R40,
        AxfRule::NoCaptureLimit,
    ];

    /// The rule's texts.
    pub fn article(self) -> &'static Article {
        &AXF[self as usize]
    }

    /// The rule's stable reference, e.g. `"AXF 19"`.
    pub fn reference(self) -> &'static str {
        self.article().reference
    }
}

/// Every rule the `axf` rule set cites, in the book's order: entry `i` is
/// [`AxfRule::ALL`]`[i]`. The summaries are our own paraphrases.
pub static AXF: &[Article] = &[
    article(
        "AXF 1",
        "Luật AXF, điều 1",
        "AXF rule 1",
        "Chiếu hết đối phương thì thắng.",
        "A player who mates the opponent wins.",
    ),
    article(
        "AXF 2",
        "Luật AXF, điều 2",
        "AXF rule 2",
        "Bên không còn nước đi hợp lệ thì thua.",
        "A player left without a legal move loses.",
    ),
    article(
        "AXF 3",
        "Luật AXF, điều 3",
        "AXF rule 3",
        "Bên phạm luật cấm, đã được trọng tài nhắc đổi nước mà vẫn lặp lại, bị xử thua.",
        "A side that breaks a prohibition, is warned by the referee to change and repeats it anyway, loses.",
    ),
    article(
        "AXF 5",
        "Luật AXF, điều 5",
        "AXF rule 5",
        "Lặp lại mà không bên nào phạm luật cấm, không bên nào đổi: hòa.",
        "A repetition in which neither side breaks a prohibition and neither changes is a draw.",
    ),
    article(
        "AXF 6",
        "Luật AXF, điều 6",
        "AXF rule 6",
        "Chiếu mãi, bằng một hay nhiều quân, là phạm luật trong mọi trường hợp.",
        "Checking on every move, with one piece or several, is forbidden in every case.",
    ),
    article(
        "AXF 7",
        "Luật AXF, điều 7",
        "AXF rule 7",
        "Hai bên cùng đỡ chiếu và chiếu lại liên tục: hòa.",
        "Both sides answering check with check on every move: a draw.",
    ),
    article(
        "AXF 8",
        "Luật AXF, điều 8",
        "AXF rule 8",
        "Một bên chiếu liên tục, bên kia cách một nước mới chiếu lại: bên chiếu liên tục phạm luật.",
        "A side checking on every move, against checks back on every second move, is the one that must change.",
    ),
    article(
        "AXF 9",
        "Luật AXF, điều 9",
        "AXF rule 9",
        "Dọa hết mãi được phép, kể cả khi bị dọa hết lại: hòa.",
        "Threatening mate on every move is allowed, also when answered by mate threats: a draw.",
    ),
    article(
        "AXF 12",
        "Luật AXF, điều 12",
        "AXF rule 12",
        "Một chiếu một bắt, hay nhiều chiếu một bắt: các nước chiếu ngắt quãng việc bắt, hòa.",
        "Alternating checks and a chase (or several checks and one chase) is allowed: the checks break the chase.",
    ),
    article(
        "AXF 15",
        "Luật AXF, điều 15",
        "AXF rule 15",
        "Một hay hai Pháo không được bắt mãi Xe, dù Xe có căn và dù Xe đáp lại bằng các nước dọa bắt.",
        "One or two cannons may not chase a rook perpetually, even a protected rook, whatever the rook's replies threaten.",
    ),
    article(
        "AXF 16",
        "Luật AXF, điều 16",
        "AXF rule 16",
        "Pháo lần lượt dọa hai Xe khác nhau: không phải bắt mãi.",
        "A cannon (or cannons) attacking two rooks in turn chases neither perpetually.",
    ),
    article(
        "AXF 17",
        "Luật AXF, điều 17",
        "AXF rule 17",
        "Dọa quân có căn thật (như Xe dọa Pháo có căn) không tính là bắt.",
        "Attacking a truly protected piece, as a rook attacking a protected cannon, is not a chase.",
    ),
    article(
        "AXF 18",
        "Luật AXF, điều 18",
        "AXF rule 18",
        "Xe không được bắt mãi Pháo không căn, dù Pháo đáp lại bằng chiếu, dọa hết hay dọa bắt.",
        "A rook may not chase an unprotected cannon perpetually, whatever the cannon's replies threaten.",
    ),
    article(
        "AXF 19",
        "Luật AXF, điều 19",
        "AXF rule 19",
        "Xe bị Mã khóa không đi được thì không được bắt mãi, dù Mã có căn hay không.",
        "A rook immobilised by an enemy horse may not be chased perpetually, protected or not.",
    ),
    article(
        "AXF 23",
        "Luật AXF, điều 23",
        "AXF rule 23",
        "Xe không được bắt mãi Mã không căn, dù Mã đáp lại bằng chiếu hay dọa bắt.",
        "A rook may not chase an unprotected horse perpetually, whatever the horse's replies are.",
    ),
    article(
        "AXF 24",
        "Luật AXF, điều 24",
        "AXF rule 24",
        "Hai quân cùng loại dọa nhau mà ăn lại được là đòi đổi, hòa; quân không ăn lại được thì không được bắt mãi.",
        "Pieces of one kind attacking each other offer an exchange (a draw); one that cannot capture back may not be chased perpetually.",
    ),
    article(
        "AXF 25",
        "Luật AXF, điều 25",
        "AXF rule 25",
        "Pháo dọa quân không căn (kể cả chỉ di chuyển ngòi) là bắt; bắt mãi Tốt chưa qua sông được phép.",
        "A cannon attacking an unprotected piece chases it, even when only its screen moves; an uncrossed pawn may be chased.",
    ),
    article(
        "AXF 26",
        "Luật AXF, điều 26",
        "AXF rule 26",
        "Pháo dọa Xe bằng cách di chuyển ngòi vẫn là bắt Xe, dù Xe không đi.",
        "A cannon chases a rook even if only the cannon's screen moves and the rook stands still.",
    ),
    article(
        "AXF 27",
        "Luật AXF, điều 27",
        "AXF rule 27",
        "Xe bị Pháo kìm trên một đường: đi trên đường ấy không tính là bắt, và không được bị bắt mãi.",
        "A rook tied to its line by a cannon does not chase by moving along it, and may not be chased perpetually.",
    ),
    article(
        "AXF 28",
        "Luật AXF, điều 28",
        "AXF rule 28",
        "Tướng được bắt mãi, một mình hay cùng một quân khác: hòa.",
        "The king may chase perpetually, alone or together with one other piece: a draw.",
    ),
    article(
        "AXF 29",
        "Luật AXF, điều 29",
        "AXF rule 29",
        "Tốt một mình được bắt mãi: hòa.",
        "A pawn chasing perpetually on its own is allowed: a draw.",
    ),
    article(
        "AXF 32",
        "Luật AXF, điều 32",
        "AXF rule 32",
        "Một hay hai quân lần lượt dọa hai hay nhiều quân khác nhau: hòa.",
        "One or two pieces attacking two or more pieces in turn: a draw.",
    ),
    article(
        "AXF 33",
        "Luật AXF, điều 33",
        "AXF rule 33",
        "Hai quân thay nhau bắt mãi một quân không căn là phạm luật.",
        "Two pieces taking turns to chase one unprotected piece is a perpetual chase.",
    ),
    article(
        "AXF 34",
        "Luật AXF, điều 34",
        "AXF rule 34",
        "Quân có căn giả (quân bảo vệ không ăn lại được) coi như không căn.",
        "A piece whose protector cannot legally recapture counts as unprotected.",
    ),
    article(
        "AXF 35",
        "Luật AXF, điều 35",
        "AXF rule 35",
        "Hai hay nhiều quân cùng dọa một quân có căn không tính là bắt mãi.",
        "Two or more pieces attacking one protected piece are not chasing it perpetually.",
    ),
    article(
        "AXF 36",
        "Luật AXF, điều 36",
        "AXF rule 36",
        "Bắt mãi dù một số hay tất cả các nước đồng thời là đòi đổi vẫn là bắt mãi.",
        "A perpetual chase stays one even if some or all of its moves also offer an exchange.",
    ),
    article(
        "AXF 38",
        "Luật AXF, điều 38",
        "AXF rule 38",
        "Dọa mãi \"chiếu tướng kèm ăn quân\" (dọa ăn một quân có căn thật bị ghim không đi được) được phép: hòa.",
        "Perpetually threatening to \"check and capture\" (to take a truly protected piece that is pinned and cannot move) is allowed: a draw.",
    ),
    article(
        "AXF 40",
        "Luật AXF, điều 40",
        "AXF rule 40",
        "Đòi đổi mãi, thí quân mãi (và cản mãi) được phép: hòa.",
        "Perpetually offering an exchange or a piece (or blocking) is allowed: a draw.",
    ),
    article(
        "AXF 60",
        "Thông lệ AXF: 60 nước không ăn quân",
        "AXF practice: 60 moves without a capture",
        "Sau 60 nước liên tiếp không bên nào ăn quân, đấu thủ có quyền đề nghị trọng tài xử hòa.",
        "After 60 moves of each side in a row without a capture, a player may ask the referee to declare a draw.",
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
    fn every_axf_rule_names_its_own_row_of_the_table() {
        assert_eq!(AxfRule::ALL.len(), AXF.len());
        for (i, r) in AxfRule::ALL.into_iter().enumerate() {
            assert_eq!(r as usize, i);
            if r != AxfRule::NoCaptureLimit {
                assert_eq!(format!("AXF {}", &format!("{r:?}")[1..]), r.reference());
                assert_eq!(
                    r.article().label_en,
                    format!("AXF rule {}", &r.reference()[4..])
                );
            }
        }
        assert_eq!(AxfRule::NoCaptureLimit.reference(), "AXF 60");
    }

    #[test]
    fn each_book_cites_only_itself() {
        use crate::xiangqi::Role;
        let grounds = [
            Ground::Mate,
            Ground::ChaseViolation,
            Ground::Chase {
                target: Role::Rook,
                by: Role::Cannon,
            },
            Ground::PawnChase,
            Ground::SeveralOnProtected,
            Ground::NoCapture,
        ];
        for book in RuleSet::ALL {
            for g in grounds {
                assert!(
                    book.cite(g).iter().all(|c| c.ruleset() == book),
                    "{book:?} {g:?}"
                );
            }
        }
    }

    #[test]
    fn each_book_lists_its_citations_in_the_order_of_its_texts() {
        for book in RuleSet::ALL {
            let texts: Vec<&Article> = book
                .citations()
                .into_iter()
                .map(Citation::article)
                .collect();
            let table: Vec<&Article> = book.articles().iter().collect();
            assert_eq!(texts, table, "{book:?}");
            assert!(book.citations().into_iter().all(|c| c.ruleset() == book));
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
    fn every_article_has_its_chinese_texts() {
        for table in [VN2004, AXF] {
            for a in table {
                assert!(!a.label_zh().is_empty(), "{}", a.reference);
                assert!(a.summary_zh().ends_with('。'), "{}", a.reference);
            }
        }
        assert_eq!(ZH.len(), VN2004.len() + AXF.len());
        assert_eq!(Lang::from_code("ZH"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("fr"), None);
    }

    #[test]
    fn references_are_unique() {
        for table in [VN2004, AXF] {
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
