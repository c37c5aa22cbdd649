//! What a rule book is ([`Book`]) and the vocabulary every book is written
//! in: its articles, the law's findings it cites ([`Ground`]) and the
//! readings where books part ([`Readings`]).

pub use crate::adjudication::lang::{ByLang, Lang};

/// Everything a rule book is.
#[derive(Debug)]
pub struct Book {
    /// The id requests use, e.g. `vn2004`.
    pub id: &'static str,
    /// The book's title.
    pub title: ByLang<&'static str>,
    /// The language of the book's own text (or, where we cite our own
    /// summaries, of the text they summarise).
    pub original: Lang,
    /// The languages whose texts are our translation, each with a note
    /// saying so.
    pub translations: &'static [Translation],
    /// Plies without a capture after which a draw may be claimed by default.
    pub no_capture_limit: u32,
    /// The readings where this book parts from the others.
    pub readings: Readings,
    /// Every article the book may cite, in its own order.
    pub articles: &'static [Article],
    /// The book's citations of a finding of the law, as indices into
    /// [`Book::articles`], in the book's order (none when the book has no
    /// rule for it).
    pub cites: fn(Ground) -> &'static [u8],
    /// How a sentence names one of its articles, in each language.
    pub citation_style: ByLang<CitationStyle>,
    /// The sentences the book words in its own terms.
    pub wording: Wording,
    /// Why the book is provisional, when it is: reconstructed from secondary
    /// sources rather than checked against its official text. Its answers
    /// and `GET /v1/rulesets` say so.
    pub provisional: Option<ByLang<&'static str>>,
}

/// A language a book's texts are translated into by us.
#[derive(Debug)]
pub struct Translation {
    /// The language.
    pub lang: Lang,
    /// What the translation is.
    pub note: ByLang<&'static str>,
}

/// How a sentence names an article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CitationStyle {
    /// By its label (`Điều 23, điểm 1`, `AXF rule 6`).
    Label,
    /// By a prefix and its reference (`Article 23.1`).
    Reference(&'static str),
}

/// The sentences of an explanation that a rule book words in its own terms.
#[derive(Debug)]
pub struct Wording {
    /// "{side} must change ..." after the side's name, before the citation
    /// of the violation.
    pub must_change: ByLang<&'static str>,
    /// Both sides check perpetually.
    pub both_check: ByLang<&'static str>,
    /// Both sides chase perpetually, neither with priority.
    pub both_chase: ByLang<&'static str>,
    /// Nobody violates.
    pub neither: ByLang<&'static str>,
    /// Who may claim a draw after the no-capture limit, and from whom.
    pub claim: ByLang<&'static str>,
    /// Whether the book punishes a repetition only after the referee's
    /// warning (AXF rule 3): a loss read from the score sheet is then said
    /// on that condition.
    pub loss_after_warning: bool,
}

/// One article (or point of an article) of a rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Article {
    /// Stable reference, e.g. `"23.1"`, `"7.1.g"` or `"AXF 19"`; unique
    /// within its book.
    pub reference: &'static str,
    /// How the book names it (`Điều 23, điểm 1`, `Article 23, point 1`,
    /// `第23条第1项`).
    pub label: ByLang<&'static str>,
    /// A one-line summary. Texts in a book's [`Book::translations`] are our
    /// translation, not an official text.
    pub summary: ByLang<&'static str>,
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
    /// Every move of a side an attack, checks (将), mate threats (杀) and
    /// chases (捉) in any mix, one piece chased or several in turn, is
    /// forbidden (CXA 2020 24.13: 长将、长杀、长捉、一将一杀、一将一捉、一杀一捉),
    /// where the other books allow checks mixed with chases and chases of
    /// different pieces in turn.
    pub attacks_forbidden_in_any_mix: bool,
    /// A move threatening mate by a check or by continuous checks (杀, CXA
    /// 28.2) is an attack; the other books allow perpetual mate threats.
    pub mate_threats_attack: bool,
    /// A move after which a check wins material (抽吃, CXA 28.3, 29.1) is a
    /// chase; the other books count only direct captures.
    pub check_wins_are_chases: bool,
    /// A truly protected piece is chased when capturing it wins material
    /// after the complete exchange on its square, by the book's values: an
    /// under-protected piece (少根子) or a joint chase (联合捉), CXA 28.16, 29.1.
    pub exchange_gain_is_chase: bool,
    /// A king or pawn chases freely only alone: any other piece among the
    /// chasers makes it a chase (CXA 26.1, 26.1.1), and a king's move
    /// answering check is idle (26.1.3). Otherwise one helper is allowed
    /// (VN 23.9, AXF 28, 29).
    pub king_and_pawn_chase_only_alone: bool,
    /// When both sides play forbidden moves they are graded (CXA 26.9): a
    /// perpetual checker must change against any other forbidden pattern,
    /// and a side chasing with single pieces must change against a joint
    /// chase; otherwise a draw.
    pub graded_when_both_forbidden: bool,
    /// Nine rounds in a row of forbidden moves on three or more points must
    /// change, with no position standing three times (CXA 2020, 参考图8):
    /// the rule of [`nine_rounds`](crate::adjudication::nine_rounds). The
    /// other books rule on repetition alone.
    pub nine_rounds: bool,
    /// The key defensive point (守和要点, CXA 26.2, 图18): a side with one
    /// attacking piece (rook, horse, cannon or crossed pawn) against more,
    /// moving that piece, chases no advisor or elephant: its attacks on them
    /// "arise on the way" and count as idle \[I: the reading of 守和方\].
    pub key_defensive_point: bool,
    /// Self-inflicted (自毙, CXA 图13, 参考图21): a move that parries a mate
    /// threat the mover's own previous check let the other side make (the
    /// reply was forced) is judged by its direct effects: a win by check
    /// (抽吃) it also threatens is no chase; a direct chase still is (图13's
    /// caption: "如黑方中炮无根…判捉"). And a move answering check chases
    /// nothing the check itself made (参考图19): a capture it has that,
    /// played without the check, would be weaker, or a win by check it would
    /// not have then.
    pub self_inflicted_exposure: bool,
    /// 不能离线 (CXA 29.4, 图7, 图10): a capture after which the other side
    /// mates by checks is no threat ("making the capture must not get one
    /// mated"), so a move that makes such a capture safe creates one. The
    /// other books count the capture as it stands.
    pub capture_into_mate_is_no_threat: bool,
    /// 避抽 (CXA 图16: "将6退1避抽后，车可以吃兵，判捉"): a capture after
    /// which the other side wins the capturer by a check (抽吃) is no
    /// threat, so a king's step that takes it out of the check win creates
    /// one (26.1; a horse's move that does the same is 兑 in 图9). Any move
    /// that makes safe a capture which let the other side mate (29.4's
    /// made-safe half: 图8, "黑方退将后方可吃红兵，否则会被红方将死"; 图10)
    /// creates one too, and so does a move that parries the other side's
    /// mate threat, for its side's standing captures (参考图35: "解杀后形成
    /// 炮捉车"). The other books count the capture as it stands.
    pub capture_into_check_win_is_no_threat: bool,
    /// A move whose piece takes part in a chase that stood before it,
    /// without making the capture (it screens the capturing cannon, pins or
    /// blocks the target's protector, or is an attacker the exchange needs),
    /// chases: a joint chase (联合捉, CXA 图11, 图25, 图27). The other books
    /// count only threats the move creates (VN 22.4).
    pub joint_chase_by_participant: bool,
    /// A capture by a piece pinned against a more valuable piece of its
    /// side (not the king), which taking lets the other side win, is no
    /// threat when it loses more than it takes (被牵子捉子, 交换结果得不偿失,
    /// CXA 26.5, 图23). The other books count the capture as it stands.
    pub pinned_capturer_losing_is_no_threat: bool,
    /// A pawn's capture that uncovers another piece's check counts as a
    /// chase, not a check (CXA 26.8: "兵(卒)吃子时产生其他子'将军'，按'捉'处理"):
    /// such a move among checks makes no perpetual check. A capture breaks
    /// a cycle, so it matters only where no repetition is needed (the
    /// nine-round rule). The other books count every check as a check.
    pub pawn_capture_check_is_chase: bool,
    /// A move after which an even exchange (兑) on a piece's protector
    /// would leave the piece to be won chases it (以兑断根, CXA 26.5, 图4:
    /// "进马则伏以炮换马多得一卒，判捉"). The other books count only the
    /// captures as they stand.
    pub exchange_cutting_a_root_is_chase: bool,
    /// A root whose every recapture would leave the other side a second
    /// capture that pays for the first is a false one (假根, CXA 28.16, with
    /// 28.3's "连续交换"; 参考图13: "伏炮打仕，白得红仕"; 参考图1: "伏前马进五
    /// 吃象"), so a move that makes it so chases the piece. The other books
    /// count a legal recapture as a root.
    pub losing_recapture_is_no_root: bool,
    /// A root's capture that gives up more elsewhere than it takes is no
    /// threat (做根子捉子，得不偿失, CXA 参考图28), so a move that frees the
    /// root (its charge steps out of the attack) makes its standing
    /// capture a chase (图12: "炮８平９（捉）"). Read for a standing capture
    /// only: the moved piece's own capture is judged by its target (图22's
    /// rook, root of the horse b6, chases the pawn). The other books count
    /// the capture as it stands.
    pub root_capture_at_a_loss_is_no_threat: bool,
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
    /// None: a protected piece is chased only if capturing it wins material
    /// (CXA 28.16: 参考图11's 炮6平5, a cannon on an advisor pinned to its
    /// king and protected by it, is idle).
    Never,
}

/// What the law found, in neither book's numbering: the law module records
/// grounds, and each book cites its own rules for them ([`RuleSet::cite`](super::RuleSet::cite)).
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
    /// A cannon chased a rook (a violation even if the rook is truly
    /// protected).
    RookByCannon,
    /// A horse chased a rook (a violation even if the rook is truly
    /// protected).
    RookByHorse,
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
    /// A king or pawn (`leader`) chased with two or more helpers, which the
    /// exception for a king or pawn does not cover.
    OverHelped { leader: crate::xiangqi::Role },
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
    /// Mate threats (杀) among the side's moves, by a check or continuous
    /// checks (CXA 28.2).
    MateThreats,
    /// Every move of the side an attack, checks, mate threats and chases in
    /// a mix or chases of several pieces in turn (CXA 24.13).
    AttacksInAnyMix,
    /// A truly protected piece chased because capturing it wins material
    /// after the complete exchange (少根子, 联合捉: CXA 28.16, 29.1).
    ExchangeGain,
    /// A chase that stood before the move, made the move's by its piece
    /// taking part in it without capturing: a joint chase (联合捉, CXA 图11,
    /// 图25, 图27).
    JointChase,
    /// Both sides forbidden: the perpetual checker must change (CXA 26.9.1).
    CheckOutranks,
    /// Both sides forbidden: a side chasing with single pieces must change
    /// against a joint chase (CXA 26.9.2, 26.9.3).
    JointChaseOutranks,
    /// A king's move answering check is idle, whatever it attacks (CXA
    /// 26.1.3).
    KingAnswersCheck,
    /// A side with one attacking piece against more held the key defensive
    /// point: the advisors or elephants it attacked on the way count as
    /// idle (CXA 26.2, 图18).
    KeyDefensivePoint,
    /// A move parried a mate threat the mover's own check had exposed it
    /// to (自毙): the win by check it also threatened is no chase (CXA 图13).
    SelfInflicted,
    /// A capture threatened would let the other side mate by checks (不能离线,
    /// CXA 29.4, 图7): no threat.
    CaptureIntoMate,
    /// The bounded search for mate threats could not decide a move on which
    /// the verdict turns: no verdict is given.
    Undecided,
    /// Nine rounds in a row of forbidden moves on three or more points,
    /// with no position standing three times (CXA 2020, 参考图8).
    NineRounds,
    /// A pawn's capture that uncovered another piece's check counted as a
    /// chase (CXA 26.8).
    PawnCaptureCheck,
    /// A protected piece chased because an even exchange on its protector
    /// would leave it to be won (以兑断根, CXA 26.5, 图4).
    RootCutByExchange,
    /// A protected piece chased because every recapture of it would let the
    /// capturer's side mate (不能离线 for a protector, CXA 29.4, 参考图25).
    RootIntoMate,
    /// A protected piece chased because every recapture of it would leave
    /// the capturer's side a second capture that pays for the first (假根,
    /// CXA 28.16, 参考图1, 参考图13).
    RecaptureLoses,
    /// A standing capture made a chase by the move that freed its capturer,
    /// a root whose capture gave up more than it took (CXA 图12, 参考图28).
    RootFreed,
}

/// `&[A, B]` of a book's typed points, as the indices [`Book::cites`]
/// returns (each book's point enum is `#[repr(u8)]`, numbered as its
/// table).
macro_rules! points {
    ($($point:expr),* $(,)?) => {
        &[$($point as u8),*]
    };
}
pub(super) use points;
