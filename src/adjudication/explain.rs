//! Short explanations of a ruling in Vietnamese and English, naming the
//! pieces, squares and plies an arbiter would point at, in the terms of the
//! ruling's own rule book (its wording and its citations).

use super::articles::{Citation, Ground, RuleSet};
use super::cycle::PlyAnalysis;
use super::law::{Pattern, SideFinding};
use super::ruling::{Repetition, Ruling, Verdict};
use super::threats::{Protection, Threat, ThreatKind};
use crate::xiangqi::{Color, GameEnd, Role, Square};

fn side_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn side_vi(c: Color) -> &'static str {
    match c {
        Color::Red => "Đỏ",
        Color::Black => "Đen",
    }
}

fn role_vi(r: Role) -> &'static str {
    match r {
        Role::King => "Tướng",
        Role::Advisor => "Sĩ",
        Role::Elephant => "Tượng",
        Role::Horse => "Mã",
        Role::Rook => "Xe",
        Role::Cannon => "Pháo",
        Role::Pawn => "Tốt",
    }
}

fn squares(list: &[Square]) -> String {
    list.iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

/// Groups `(role, square)` pairs by role, squares in order of appearance:
/// `[(Rook, [a9, a8])]`.
fn by_role(pairs: impl IntoIterator<Item = (Role, Square)>) -> Vec<(Role, Vec<Square>)> {
    let mut groups: Vec<(Role, Vec<Square>)> = Vec::new();
    for (role, sq) in pairs {
        match groups.iter_mut().find(|(r, _)| *r == role) {
            Some((_, list)) if list.contains(&sq) => {}
            Some((_, list)) => list.push(sq),
            None => groups.push((role, vec![sq])),
        }
    }
    groups
}

fn pieces_en(groups: &[(Role, Vec<Square>)]) -> String {
    groups
        .iter()
        .map(|(r, s)| format!("{r} {}", squares(s)))
        .collect::<Vec<_>>()
        .join(" and ")
}

fn pieces_vi(groups: &[(Role, Vec<Square>)]) -> String {
    groups
        .iter()
        .map(|(r, s)| format!("{} {}", role_vi(*r), squares(s)))
        .collect::<Vec<_>>()
        .join(" và ")
}

/// The checking pieces of `side` over the cycle.
fn checkers(cycle: &[PlyAnalysis], side: Color) -> Vec<(Role, Vec<Square>)> {
    by_role(
        cycle
            .iter()
            .filter(|p| p.side == side)
            .flat_map(|p| p.checkers.iter().copied()),
    )
}

/// The sentences a rule book words in its own terms.
struct Wording {
    /// "{side} must change ..." after the side's name (en, vi), before the
    /// citation of the violation.
    must_change: (&'static str, &'static str),
    /// Both sides check perpetually.
    both_check: (&'static str, &'static str),
    /// Both sides chase perpetually, neither with priority.
    both_chase: (&'static str, &'static str),
    /// Nobody violates.
    neither: (&'static str, &'static str),
    /// Who may claim a draw after the no-capture limit, and from whom.
    claim: (&'static str, &'static str),
}

/// How `book` words its explanations.
fn wording(book: RuleSet) -> &'static Wording {
    match book {
        RuleSet::Vn2004 => &Wording {
            must_change: (
                "must change its move, or it loses",
                "phải đổi nước, nếu không sẽ bị xử thua",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw if neither changes (Articles 24.3 and 7.2.c).",
                "Hai bên vừa đỡ vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Điều 24.3 và Điều 7.2.c).",
            ),
            both_chase: (
                "Both sides chase perpetually, breaking the same prohibition: a draw (Article 7.2.c).",
                "Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).",
            ),
            neither: (
                "Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
            ),
            claim: (
                "a player may ask the arbiter to declare a draw",
                "đấu thủ có quyền đề nghị trọng tài xử hòa",
            ),
        },
        RuleSet::Axf => &Wording {
            must_change: (
                "must change; after the referee's warning, a further repetition loses",
                "phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw if neither changes (AXF rule 7).",
                "Hai bên vừa đỡ chiếu vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 7).",
            ),
            both_chase: (
                "Both sides chase perpetually, the same offence: a draw.",
                "Hai bên cùng bắt mãi, cùng một lỗi: xử hòa.",
            ),
            neither: (
                "Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
            ),
            claim: (
                "a player may ask the referee to declare a draw",
                "đấu thủ có quyền đề nghị trọng tài xử hòa",
            ),
        },
    }
}

/// A citation in a sentence: `Article 23.1` / `Điều 23, điểm 1`, or
/// `AXF rule 6` / `Luật AXF, điều 6`.
fn cited(c: Citation) -> (String, String) {
    match c {
        Citation::Vn(_) => (format!("Article {}", c.reference()), c.label().to_owned()),
        Citation::Axf(_) => (c.label_en().to_owned(), c.label().to_owned()),
    }
}

/// The first citation of `ground` in `book`, in a sentence.
fn cited_ground(book: RuleSet, ground: Ground) -> Option<(String, String)> {
    book.cite(ground).first().map(|&c| cited(c))
}

/// One sentence in both languages.
type Sentence = (String, String);

/// Plain-language reasons for a ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    pub vi: String,
    pub en: String,
}

/// The explanation of a finished ruling: a view of it, in words.
pub fn explain(ruling: &Ruling) -> Explanation {
    let book = ruling.ruleset;
    let mut out: Vec<Sentence> = Vec::new();
    match (&ruling.repetition, &ruling.broken_repetition) {
        (Some(rep), _) => explain_repetition(&mut out, book, ruling.verdict, rep),
        (None, Some(b)) => {
            let ply = b.broken_at_ply.unwrap_or(b.trigger_ply);
            out.push((
                format!(
                    "A position occurred for the third time at ply {}, but a change of move at ply {ply} broke the repetition: no repetition stands.",
                    b.trigger_ply
                ),
                format!(
                    "Một thế cờ đã xuất hiện lần thứ ba ở lượt {}, nhưng nước đổi ở lượt {ply} đã phá đoạn lặp: không còn thế lặp nào để xử.",
                    b.trigger_ply
                ),
            ));
        }
        // A finished game is told by its end, not by what did not happen.
        (None, None) if ruling.game_end.is_some() => {}
        (None, None) => out.push((
            "No position has occurred three times.".to_owned(),
            "Chưa có thế cờ nào xuất hiện ba lần.".to_owned(),
        )),
    }
    if let Some(end) = ruling.game_end {
        out.push(game_end(book, end));
    }
    if ruling.no_capture.draw_claimable {
        out.push(no_capture(book, ruling.no_capture.plies));
    }
    let (en, vi): (Vec<String>, Vec<String>) = out.into_iter().unzip();
    Explanation {
        vi: vi.join(" "),
        en: en.join(" "),
    }
}

/// Checkmate (VN 7.1.a, AXF 1) or a side without a legal move (VN 7.1.b,
/// AXF 2).
fn game_end(book: RuleSet, end: GameEnd) -> Sentence {
    let (winner, ground, en, vi) = match end {
        GameEnd::Checkmate { winner } => (winner, Ground::Mate, "is checkmated", "bị chiếu hết"),
        GameEnd::Stalemate { winner } => (
            winner,
            Ground::Stalemate,
            "has no legal move",
            "hết nước đi",
        ),
    };
    let (r_en, r_vi) = cited_ground(book, ground).unwrap_or_default();
    (
        format!(
            "{} {en}: {} wins ({r_en}).",
            side_en(winner.other()),
            side_en(winner)
        ),
        format!(
            "Bên {} {vi}: bên {} thắng ({r_vi}).",
            side_vi(winner.other()),
            side_vi(winner)
        ),
    )
}

/// The no-capture claim (VN Article 12, AXF practice), counted in moves
/// of both sides (nước), the plies beside them.
fn no_capture(book: RuleSet, plies: u32) -> Sentence {
    let words = wording(book);
    let (r_en, r_vi) = cited_ground(book, Ground::NoCapture).unwrap_or_default();
    let moves = plies / 2;
    (
        format!(
            "Neither side has captured for {moves} moves ({plies} plies): {} ({r_en}).",
            words.claim.0
        ),
        format!(
            "Đã {moves} nước ({plies} lượt) liên tiếp không bên nào ăn quân: {} ({r_vi}).",
            words.claim.1
        ),
    )
}

fn explain_repetition(out: &mut Vec<Sentence>, book: RuleSet, verdict: Verdict, rep: &Repetition) {
    let words = wording(book);
    let (a, b) = (rep.previous_ply + 1, rep.trigger_ply);
    let (nth_en, nth_vi) = match rep.occurrences {
        3 => ("third".to_owned(), "ba".to_owned()),
        n => (ordinal_en(n), n.to_string()),
    };
    out.push(if rep.first_ply == 0 {
        (
            format!("The start position occurred for the {nth_en} time at ply {b}."),
            format!("Thế cờ ban đầu xuất hiện lần thứ {nth_vi} ở lượt {b}."),
        )
    } else {
        (
            format!(
                "The position after ply {} occurred for the {nth_en} time at ply {b}.",
                rep.first_ply
            ),
            format!(
                "Thế cờ sau lượt {} xuất hiện lần thứ {nth_vi} ở lượt {b}.",
                rep.first_ply
            ),
        )
    });
    match rep.verdict.violator {
        Some(v) => {
            let (finding, other) = if v == Color::Red {
                (&rep.red, &rep.black)
            } else {
                (&rep.black, &rep.red)
            };
            let decided = describe_violation(out, book, rep, finding, a, b);
            describe_answer(out, book, rep, finding, other, decided);
            let ground = if finding.pattern == Pattern::PerpetualCheck {
                Ground::CheckViolation
            } else {
                Ground::ChaseViolation
            };
            let (r_en, r_vi) = cited_ground(book, ground).unwrap_or_default();
            if verdict == Verdict::Loss {
                let ply = rep.loss_ply.unwrap_or(b);
                out.push((
                    format!(
                        "Instead of changing, {} repeated at ply {ply} and loses ({r_en}).",
                        side_en(v),
                    ),
                    format!(
                        "Bên {} không đổi nước mà lặp lại ở lượt {ply}, nên bị xử thua ({r_vi}).",
                        side_vi(v),
                    ),
                ));
            } else {
                out.push((
                    format!("{} {} ({r_en}).", side_en(v), words.must_change.0),
                    format!("Bên {} {} ({r_vi}).", side_vi(v), words.must_change.1),
                ));
            }
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(rep.red.pattern, Pattern::PerpetualChase(_));
            let (en, vi) = if both_check {
                words.both_check
            } else if both_chase {
                words.both_chase
            } else {
                for f in [&rep.red, &rep.black] {
                    out.push(describe_allowed(book, rep, f));
                }
                words.neither
            };
            out.push((en.to_owned(), vi.to_owned()));
        }
    }
}

/// `4th`, `21st`, `112th`.
fn ordinal_en(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The moves of `side` in the cycle.
fn moves_of(rep: &Repetition, side: Color) -> impl Iterator<Item = &PlyAnalysis> {
    rep.cycle.iter().filter(move |p| p.side == side)
}

/// Says what the violator did; returns the ground a chase sentence cited
/// as the deciding one.
fn describe_violation(
    out: &mut Vec<Sentence>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    a: usize,
    b: usize,
) -> Option<Ground> {
    let s = f.side;
    match &f.pattern {
        Pattern::PerpetualCheck => {
            let groups = checkers(&rep.cycle, s);
            let (r_en, r_vi) = cited_ground(book, Ground::PerpetualCheck).unwrap_or_default();
            out.push((
                format!(
                    "{}'s {} checked on every one of its {} moves in the repetition (plies {a}–{b}): perpetual check ({r_en}).",
                    side_en(s),
                    pieces_en(&groups),
                    f.moves
                ),
                format!(
                    "{} bên {} chiếu liên tục trong cả {} nước của đoạn lặp (lượt {a}–{b}): chiếu mãi ({r_vi}).",
                    pieces_vi(&groups),
                    side_vi(s),
                    f.moves
                ),
            ));
            None
        }
        Pattern::PerpetualChase(chase) => {
            let threats: Vec<_> = moves_of(rep, s)
                .flat_map(|p| p.threats.iter())
                .filter(|t| t.target_id == chase.target_id && presses(book, t.threat.kind))
                .map(|t| &t.threat)
                .collect();
            let chasers = by_role(
                threats
                    .iter()
                    .flat_map(|t| t.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            let target = chase.target_role;
            let (o_en, o_vi) = (side_en(s.other()), side_vi(s.other()));
            out.push((
                format!(
                    "{}'s {} chased {o_en}'s {target} {} on every one of its {} moves in the repetition (plies {a}–{b}).",
                    side_en(s),
                    pieces_en(&chasers),
                    squares(&chase.target_squares),
                    f.moves,
                ),
                format!(
                    "{} bên {} đuổi bắt {} {} bên {o_vi} trong cả {} nước của đoạn lặp (lượt {a}–{b}).",
                    pieces_vi(&chasers),
                    side_vi(s),
                    role_vi(target),
                    squares(&chase.target_squares),
                    f.moves,
                ),
            ));
            let (ground, en, vi) = why_chased(&threats, f, target);
            // An unprotected piece is chased as such (VN 23.3; the AXF by
            // the pieces involved); a protected one by the exception.
            let (r_en, r_vi) = ground
                .and_then(|g| cited_ground(book, g))
                .unwrap_or_else(|| chase_citation(book, f));
            out.push((
                format!("{o_en}'s {target} {en} ({r_en})."),
                format!("{} bên {o_vi} {vi} ({r_vi}).", role_vi(target)),
            ));
            ground
        }
        Pattern::Allowed => None,
    }
}

/// How the chased piece stood, in words, and the ground that makes its
/// chase a violation: unprotected (none: the chase itself, VN 23.3),
/// falsely protected (23.6),
/// or truly protected and still chased (a rook chased by a horse or
/// cannon, 23.6; pinned, or a horse that cannot strike back, 23.7; offers
/// mixed with chases, 23.8).
fn why_chased(
    threats: &[&Threat],
    f: &SideFinding,
    target: Role,
) -> (Option<Ground>, &'static str, &'static str) {
    let any = |p: Protection| threats.iter().any(|t| t.protection == p);
    let flag = |g: Ground| f.grounds.contains(&g);
    if any(Protection::True) {
        if target == Role::Rook && flag(Ground::RookByHorseOrCannon) {
            (
                Some(Ground::RookByHorseOrCannon),
                "is truly protected, but a horse or cannon chasing a truly protected rook is still a perpetual chase",
                "có căn thật, nhưng Mã hoặc Pháo đuổi bắt mãi Xe có căn thật vẫn là bắt mãi",
            )
        } else if flag(Ground::PinnedTarget) {
            (
                Some(Ground::PinnedTarget),
                "is truly protected but pinned and unable to move, so this still counts as a perpetual chase",
                "có căn thật nhưng bị ghim, không đi được, nên vẫn coi là bắt mãi",
            )
        } else if flag(Ground::BlockedHorse) {
            (
                Some(Ground::BlockedHorse),
                "is truly protected but, its leg blocked, cannot strike back at the horse chasing it, so this still counts as a perpetual chase",
                "có căn thật nhưng bị cản, không ăn lại được Mã đuổi nó, nên vẫn coi là bắt mãi",
            )
        } else {
            (
                Some(Ground::OfferInChase),
                "is truly protected, but a chase mixed with exchange offers still counts as a perpetual chase",
                "có căn thật, nhưng bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi",
            )
        }
    } else if any(Protection::False) {
        (
            Some(Ground::FalseProtection),
            "is only falsely protected (its protector could not legally recapture), so this is a perpetual chase",
            "chỉ có căn giả (quân bảo vệ không ăn lại được hợp lệ), nên đây là bắt mãi",
        )
    } else {
        (
            None,
            "is unprotected (no piece could recapture it), so this is a perpetual chase",
            "không có căn (không quân nào ăn lại được), nên đây là bắt mãi",
        )
    }
}

/// What the other side did meanwhile, where the book has a point for it:
/// it checked back now and then (VN 24.4, AXF 8), or chased back now and
/// then (VN 23.5); and exchange offers among the chases (VN 23.8, AXF 36).
fn describe_answer(
    out: &mut Vec<Sentence>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    other: &SideFinding,
    decided: Option<Ground>,
) {
    let (s, o) = (f.side, other.side);
    let grounds = &rep.verdict.grounds;
    let cite_if = |present: bool, ground: Ground| {
        if present {
            cited_ground(book, ground)
        } else {
            None
        }
    };
    if let Some((r_en, r_vi)) = cite_if(
        grounds.contains(&Ground::CheckedBackSometimes),
        Ground::CheckedBackSometimes,
    ) {
        out.push((
            format!(
                "{} checked back on only {} of its {} moves (two checks, one check back): {} still checks perpetually ({r_en}).",
                side_en(o),
                other.checks,
                other.moves,
                side_en(s)
            ),
            format!(
                "Bên {} chỉ chiếu lại ở {} trong {} nước (hai chiếu, một chiếu lại): bên {} vẫn là chiếu mãi ({r_vi}).",
                side_vi(o),
                other.checks,
                other.moves,
                side_vi(s)
            ),
        ));
    }
    if let Some((r_en, r_vi)) = cite_if(
        grounds.contains(&Ground::ChasedBackSometimes),
        Ground::ChasedBackSometimes,
    ) {
        out.push((
            format!(
                "{} chased back on only {} of its {} moves (two chases, one chase back): {}, chasing the same piece each time, still chases perpetually ({r_en}).",
                side_en(o),
                other.chases,
                other.moves,
                side_en(s)
            ),
            format!(
                "Bên {} chỉ bắt lại ở {} trong {} nước (hai bắt, một bắt lại): bên {} bắt cùng một quân nên vẫn phạm luật bắt mãi ({r_vi}).",
                side_vi(o),
                other.chases,
                other.moves,
                side_vi(s)
            ),
        ));
    }
    if let Some((r_en, r_vi)) = cite_if(
        f.grounds.contains(&Ground::OfferInChase) && decided != Some(Ground::OfferInChase),
        Ground::OfferInChase,
    ) {
        out.push((
            format!(
                "Some of {}'s chasing moves also offered an exchange: still a perpetual chase ({r_en}).",
                side_en(s)
            ),
            format!(
                "Có nước bắt của bên {} đồng thời là đòi đổi quân: vẫn coi là bắt mãi ({r_vi}).",
                side_vi(s)
            ),
        ));
    }
}

/// The citation a chase sentence names: the book's rule for the chase itself
/// (VN 23.3), or, where the book numbers its chase cases by the pieces (the
/// AXF), the first such rule the finding cites, else the enforcement rule.
fn chase_citation(book: RuleSet, f: &SideFinding) -> (String, String) {
    let chase_grounds = f.grounds.iter().filter(|g| {
        matches!(
            g,
            Ground::Chase { .. }
                | Ground::SeveralChasers
                | Ground::RookByHorseOrCannon
                | Ground::PinnedTarget
                | Ground::BlockedHorse
                | Ground::FalseProtection
        )
    });
    let mut cites: Vec<Citation> = chase_grounds
        .flat_map(|&g| book.cite(g).iter().copied())
        .collect();
    cites.sort();
    cites
        .first()
        .copied()
        .or_else(|| book.cite(Ground::ChaseViolation).first().copied())
        .map(cited)
        .unwrap_or_default()
}

/// The grounds that explain an allowed pattern, the most telling first: the
/// sentence names the first of them the side's finding has.
const ALLOWED_BECAUSE: [Ground; 10] = [
    Ground::KingChase,
    Ground::PawnChase,
    Ground::ChecksMixed,
    Ground::ChasesInTurn,
    Ground::SeveralOnProtected,
    Ground::OffersOnly,
    Ground::BlocksOrOffers,
    Ground::DiscoveredCheckThreat,
    Ground::ProtectedThreat,
    Ground::UncrossedPawnThreat,
];

/// Why one side's moves were allowed, in a sentence naming what it did:
/// the king or pawn and its helper (VN 23.9), the kind of one check one
/// other (23.2), the allowed kinds that happened (23.10), ...
fn describe_allowed(book: RuleSet, rep: &Repetition, f: &SideFinding) -> Sentence {
    let s = f.side;
    // The Vietnamese law words its allowances by point: the grounds one
    // point covers share its sentence, in the point's order of precedence.
    let because = ALLOWED_BECAUSE
        .into_iter()
        .filter(|g| f.grounds.contains(g))
        .min_by_key(|&g| allowed_rank(book, g));
    let cite = because.and_then(|g| cited_ground(book, g));
    let (en, vi): (String, String) = match because {
        Some(Ground::KingChase | Ground::PawnChase) => match king_or_pawn_chase(book, rep, s) {
            Some(c) => (
                format!(
                    "chased {}'s {} {} with its {}, which is allowed",
                    side_en(s.other()),
                    c.target,
                    squares(&c.squares),
                    pieces_en(&c.chasers)
                ),
                format!(
                    "đuổi bắt {} {} bên {} bằng {}, được phép",
                    role_vi(c.target),
                    squares(&c.squares),
                    side_vi(s.other()),
                    pieces_vi(&c.chasers)
                ),
            ),
            None => (
                "chased with its king or a pawn, which is allowed".to_owned(),
                "đuổi bắt bằng Tướng hoặc Tốt, được phép".to_owned(),
            ),
        },
        Some(Ground::ChecksMixed) => {
            let (en, vi) = check_and_what(book, rep, s);
            (
                format!("{en}, which is allowed"),
                format!("{vi}, được phép"),
            )
        }
        Some(Ground::ChasesInTurn) => (
            "chased different pieces in turn, which is allowed".to_owned(),
            "lần lượt đuổi bắt nhiều quân khác nhau, được phép".to_owned(),
        ),
        Some(Ground::SeveralOnProtected) => (
            "attacked a protected piece with several pieces, which is no chase".to_owned(),
            "dùng nhiều quân dọa một quân có căn, không tính là bắt".to_owned(),
        ),
        Some(Ground::OffersOnly | Ground::BlocksOrOffers | Ground::DiscoveredCheckThreat) => {
            let (en, vi) = allowed_kinds(rep, s);
            (
                format!("{en}, which is allowed"),
                format!("{vi}, được phép"),
            )
        }
        Some(Ground::ProtectedThreat) => (
            "threatened only truly protected pieces, which is no chase".to_owned(),
            "chỉ dọa bắt quân có căn thật, không tính là bắt".to_owned(),
        ),
        Some(Ground::UncrossedPawnThreat) => (
            "threatened only a pawn that has not crossed the river, which is allowed".to_owned(),
            "chỉ dọa bắt Tốt chưa qua sông, được phép".to_owned(),
        ),
        _ => (
            "made only allowed moves".to_owned(),
            "chỉ đi các nước được phép".to_owned(),
        ),
    };
    match cite {
        Some((c_en, c_vi)) => (
            format!("{} {en} ({c_en}).", side_en(s)),
            format!("Bên {} {vi} ({c_vi}).", side_vi(s)),
        ),
        None => (
            format!("{} {en}.", side_en(s)),
            format!("Bên {} {vi}.", side_vi(s)),
        ),
    }
}

/// A threat that presses its target under `book`: a chase or exchange
/// offer, or (AXF) a threat to win it by discovered check.
fn presses(book: RuleSet, kind: ThreatKind) -> bool {
    kind >= ThreatKind::ExchangeOffer
        || (book.readings().discovered_check_threat_is_chase && kind == ThreatKind::DiscoveredCheck)
}

/// A piece chased on every move with a king or pawn among its chasers.
struct KingOrPawnChase {
    target: Role,
    /// The target's squares over the cycle, in order.
    squares: Vec<Square>,
    /// The chasers, the king or pawn and its helper, by role.
    chasers: Vec<(Role, Vec<Square>)>,
}

/// The piece `side` pressed on every move with a king or pawn among the
/// chasers (VN 23.9, AXF 28–29).
fn king_or_pawn_chase(book: RuleSet, rep: &Repetition, side: Color) -> Option<KingOrPawnChase> {
    let plies: Vec<&PlyAnalysis> = moves_of(rep, side).collect();
    let first = plies.first()?;
    first
        .threats
        .iter()
        .filter(|t| presses(book, t.threat.kind))
        .find_map(|start| {
            let per_move: Vec<&Threat> = plies
                .iter()
                .map(|p| {
                    p.threats
                        .iter()
                        .find(|t| t.target_id == start.target_id && presses(book, t.threat.kind))
                        .map(|t| &t.threat)
                })
                .collect::<Option<_>>()?;
            let chasers = by_role(
                per_move
                    .iter()
                    .flat_map(|t| t.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            if !chasers
                .iter()
                .any(|(r, _)| matches!(r, Role::King | Role::Pawn))
            {
                return None;
            }
            let mut squares: Vec<Square> = Vec::new();
            for t in &per_move {
                if !squares.contains(&t.target) {
                    squares.push(t.target);
                }
            }
            Some(KingOrPawnChase {
                target: start.threat.target_role,
                squares,
                chasers,
            })
        })
}

/// Which of the law's "one check, one ..." (VN 23.2, AXF 12) the side
/// played: its moves that did not check chased, threatened to win a piece
/// by discovered check, or waited.
fn check_and_what(book: RuleSet, rep: &Repetition, side: Color) -> (&'static str, &'static str) {
    let others: Vec<&PlyAnalysis> = moves_of(rep, side).filter(|p| !p.check).collect();
    let has = |kind: ThreatKind| {
        others
            .iter()
            .any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    let chases = others.iter().any(|p| {
        p.threats.iter().any(|t| {
            t.threat.kind == ThreatKind::Chase
                || (book.readings().discovered_check_threat_is_chase
                    && t.threat.kind == ThreatKind::DiscoveredCheck)
        })
    });
    let idle = others.iter().all(|p| {
        !p.blocks
            && !p.sacrifice
            && p.threats
                .iter()
                .all(|t| t.threat.kind < ThreatKind::DiscoveredCheck)
    });
    if chases {
        (
            "alternated checks with chases (one check, one chase)",
            "xen kẽ nước chiếu với nước bắt (một chiếu một bắt)",
        )
    } else if has(ThreatKind::DiscoveredCheck) {
        (
            "alternated checks with threats to win a piece by a discovered check (one check, one discovered-check capture threat)",
            "xen kẽ nước chiếu với nước dọa chiếu rút bắt quân (một chiếu một đòi rút ăn quân)",
        )
    } else if idle {
        (
            "alternated checks with idle moves (one check, one idle move)",
            "xen kẽ nước chiếu với nước chờ (một chiếu một dừng)",
        )
    } else {
        (
            "alternated checks with other moves",
            "xen kẽ nước chiếu với nước khác",
        )
    }
}

/// The kinds of move Article 23, point 10 (AXF 24, 40) allows perpetually
/// that the side played: blocks, sacrifices, exchange offers, threats to
/// win a piece by discovered check.
fn allowed_kinds(rep: &Repetition, side: Color) -> (String, String) {
    let plies: Vec<&PlyAnalysis> = moves_of(rep, side).collect();
    let threat = |kind: ThreatKind| {
        plies
            .iter()
            .any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    let kinds = [
        (plies.iter().any(|p| p.blocks), "blocked", "cản mãi"),
        (
            plies.iter().any(|p| p.sacrifice),
            "offered a piece",
            "thí quân mãi",
        ),
        (
            threat(ThreatKind::ExchangeOffer),
            "offered an exchange",
            "đòi đổi mãi",
        ),
        (
            threat(ThreatKind::DiscoveredCheck),
            "threatened to win a piece by a discovered check",
            "dọa mãi chiếu rút bắt quân",
        ),
    ];
    let happened: Vec<_> = kinds.iter().filter(|k| k.0).collect();
    if happened.is_empty() {
        return (
            "blocked, offered pieces or exchanges".to_owned(),
            "cản, thí quân hoặc đòi đổi quân".to_owned(),
        );
    }
    let en: Vec<&str> = happened.iter().map(|k| k.1).collect();
    let vi: Vec<&str> = happened.iter().map(|k| k.2).collect();
    (format!("perpetually {}", en.join(" and ")), vi.join(" và "))
}

/// The order in which allowances explain a pattern: by the point the book
/// cites, in the order of [`ALLOWED_BECAUSE`] among the grounds of one
/// point (so the Vietnamese 23.10 covers offers, blocks and discovered
/// checks alike).
fn allowed_rank(book: RuleSet, g: Ground) -> usize {
    let first = book.cite(g).first().copied();
    ALLOWED_BECAUSE
        .iter()
        .position(|&h| book.cite(h).first().copied() == first && first.is_some())
        .unwrap_or_else(|| {
            ALLOWED_BECAUSE
                .iter()
                .position(|&h| h == g)
                .unwrap_or(usize::MAX)
        })
}
