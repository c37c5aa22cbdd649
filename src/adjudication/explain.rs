//! Short explanations of a ruling in Vietnamese and English, naming the
//! pieces, squares and plies an arbiter would point at, in the terms of the
//! ruling's own rule book (its wording and its citations).

use std::fmt::Write;

use super::articles::{Citation, Ground, RuleSet};
use super::cycle::PlyAnalysis;
use super::law::{Pattern, SideFinding};
use super::ruling::{Repetition, Ruling, Verdict};
use super::threats::{Protection, ThreatKind};
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
    /// "{side} must change ..." after the side's name (en, vi).
    must_change: (&'static str, &'static str),
    /// Both sides check perpetually.
    both_check: (&'static str, &'static str),
    /// Both sides chase perpetually, neither with priority.
    both_chase: (&'static str, &'static str),
    /// Nobody violates.
    neither: (&'static str, &'static str),
}

/// How `book` words its explanations.
fn wording(book: RuleSet) -> &'static Wording {
    match book {
        RuleSet::Vn2004 => &Wording {
            must_change: (
                "must change its move, or it loses.",
                "phải đổi nước, nếu không sẽ bị xử thua.",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw (Articles 24.3, 7.2.c).",
                "Hai bên vừa đỡ vừa chiếu lại liên tục: xử hòa (Điều 24.3, 7.2.c).",
            ),
            both_chase: (
                "Both sides chase perpetually, the same prohibition: a draw (Article 7.2.c).",
                "Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).",
            ),
            neither: (
                "Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "Hai bên đều không phạm luật cấm, không bên nào đổi nước: xử hòa (Điều 7.2.b).",
            ),
        },
        RuleSet::Axf => &Wording {
            must_change: (
                "must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw (AXF rule 7).",
                "Hai bên vừa đỡ chiếu vừa chiếu lại liên tục: xử hòa (Luật AXF, điều 7).",
            ),
            both_chase: (
                "Both sides chase perpetually, the same offence: a draw.",
                "Hai bên cùng bắt mãi, cùng một lỗi: xử hòa.",
            ),
            neither: (
                "Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "Không bên nào phạm luật cấm, không bên nào đổi nước: xử hòa (Luật AXF, điều 5).",
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

/// Plain-language reasons for a ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    pub vi: String,
    pub en: String,
}

/// The explanation of a finished ruling: a view of it, in words.
pub fn explain(ruling: &Ruling) -> Explanation {
    let (verdict, current, broken) = (
        ruling.verdict,
        ruling.repetition.as_ref(),
        ruling.broken_repetition.as_ref(),
    );
    let (game_end, no_capture) = (ruling.game_end, &ruling.no_capture);
    let book = ruling.ruleset;
    let mut e = Explanation::default();
    match current {
        None => {
            e.en.push_str("No position has occurred three times.");
            e.vi.push_str("Chưa có thế cờ nào lặp lại ba lần.");
            if let Some(b) = broken {
                let ply = b.broken_at_ply.unwrap_or(b.trigger_ply);
                let _ = write!(
                    e.en,
                    " A repetition (third occurrence at ply {}) was broken by a change of move at ply {ply}.",
                    b.trigger_ply
                );
                let _ = write!(
                    e.vi,
                    " Thế lặp (lần thứ ba ở lượt {}) đã được phá bằng nước đổi ở lượt {ply}.",
                    b.trigger_ply
                );
            }
        }
        Some(rep) => explain_repetition(&mut e, book, verdict, rep),
    }
    if let Some(end) = game_end {
        let (en, vi) = match end {
            GameEnd::Checkmate { winner } => {
                let (r_en, r_vi) = cited_ground(book, Ground::Mate).unwrap_or_default();
                (
                    format!(
                        " {} is checkmated: {} wins ({r_en}).",
                        side_en(winner.other()),
                        side_en(winner)
                    ),
                    format!(
                        " {} bị chiếu hết: {} thắng ({r_vi}).",
                        side_vi(winner.other()),
                        side_vi(winner)
                    ),
                )
            }
            GameEnd::Stalemate { winner } => {
                let (r_en, r_vi) = cited_ground(book, Ground::Stalemate).unwrap_or_default();
                (
                    format!(
                        " {} has no legal move: {} wins ({r_en}).",
                        side_en(winner.other()),
                        side_en(winner)
                    ),
                    format!(
                        " {} hết nước đi: {} thắng ({r_vi}).",
                        side_vi(winner.other()),
                        side_vi(winner)
                    ),
                )
            }
        };
        e.en.push_str(&en);
        e.vi.push_str(&vi);
    }
    if no_capture.draw_claimable {
        let (r_en, r_vi) = cited_ground(book, Ground::NoCapture).unwrap_or_default();
        let _ = write!(
            e.en,
            " No capture for {} plies: a draw may be claimed ({r_en}).",
            no_capture.plies
        );
        let _ = write!(
            e.vi,
            " {} lượt liên tiếp không ăn quân: được đề nghị xử hòa ({r_vi}).",
            no_capture.plies
        );
    }
    e
}

fn explain_repetition(e: &mut Explanation, book: RuleSet, verdict: Verdict, rep: &Repetition) {
    let words = wording(book);
    let (a, b) = (rep.previous_ply + 1, rep.trigger_ply);
    let (nth_en, nth_vi) = match rep.occurrences {
        3 => ("third".to_owned(), "ba".to_owned()),
        n => (ordinal_en(n), n.to_string()),
    };
    if rep.first_ply == 0 {
        let _ = write!(
            e.en,
            "The start position occurred for the {nth_en} time at ply {b}. "
        );
        let _ = write!(e.vi, "Thế cờ ban đầu lặp lại lần thứ {nth_vi} ở lượt {b}. ");
    } else {
        let _ = write!(
            e.en,
            "The position after ply {} occurred for the {nth_en} time at ply {b}. ",
            rep.first_ply
        );
        let _ = write!(
            e.vi,
            "Thế cờ sau lượt {} lặp lại lần thứ {nth_vi} ở lượt {b}. ",
            rep.first_ply
        );
    }
    match rep.verdict.violator {
        Some(v) => {
            let finding = if v == Color::Red {
                &rep.red
            } else {
                &rep.black
            };
            describe_violation(e, book, rep, finding, a, b);
            if verdict == Verdict::Loss {
                let ply = rep.loss_ply.unwrap_or(b);
                let ground = if finding.pattern == Pattern::PerpetualCheck {
                    Ground::CheckViolation
                } else {
                    Ground::ChaseViolation
                };
                let (r_en, r_vi) = cited_ground(book, ground).unwrap_or_default();
                let _ = write!(
                    e.en,
                    " Instead of changing, {} repeated at ply {ply} and loses ({r_en}).",
                    side_en(v),
                );
                let _ = write!(
                    e.vi,
                    " Không đổi nước mà lặp lại ở lượt {ply}: bên {} bị xử thua ({r_vi}).",
                    side_vi(v),
                );
            } else {
                let _ = write!(e.en, " {} {}", side_en(v), words.must_change.0);
                let _ = write!(e.vi, " Bên {} {}", side_vi(v), words.must_change.1);
            }
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(rep.red.pattern, Pattern::PerpetualChase(_));
            if both_check {
                e.en.push_str(words.both_check.0);
                e.vi.push_str(words.both_check.1);
            } else if both_chase {
                e.en.push_str(words.both_chase.0);
                e.vi.push_str(words.both_chase.1);
            } else {
                for f in [&rep.red, &rep.black] {
                    describe_allowed(e, book, f);
                }
                e.en.push_str(words.neither.0);
                e.vi.push_str(words.neither.1);
            }
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

fn describe_violation(
    e: &mut Explanation,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    a: usize,
    b: usize,
) {
    let s = f.side;
    match &f.pattern {
        Pattern::PerpetualCheck => {
            let groups = checkers(&rep.cycle, s);
            let (r_en, r_vi) = cited_ground(book, Ground::PerpetualCheck).unwrap_or_default();
            let _ = write!(
                e.en,
                "{}'s {} checked on every one of its {} moves in the cycle (plies {a}–{b}): perpetual check ({r_en}).",
                side_en(s),
                pieces_en(&groups),
                f.moves
            );
            let _ = write!(
                e.vi,
                "{} bên {} chiếu liên tục trong cả {} nước của chu kỳ (lượt {a}–{b}): chiếu mãi ({r_vi}).",
                pieces_vi(&groups),
                side_vi(s),
                f.moves
            );
        }
        Pattern::PerpetualChase(chase) => {
            let threats: Vec<_> = rep
                .cycle
                .iter()
                .filter(|p| p.side == s)
                .flat_map(|p| p.threats.iter())
                .filter(|t| {
                    t.target_id == chase.target_id
                        && (t.threat.kind >= ThreatKind::ExchangeOffer
                            || (book.readings().discovered_check_threat_is_chase
                                && t.threat.kind == ThreatKind::DiscoveredCheck))
                })
                .collect();
            let chasers = by_role(
                threats
                    .iter()
                    .flat_map(|t| t.threat.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            let protection = if threats
                .iter()
                .any(|t| t.threat.protection == Protection::True)
            {
                ("even though it is protected", "dù có căn")
            } else if threats
                .iter()
                .any(|t| t.threat.protection == Protection::False)
            {
                ("which is only falsely protected", "quân này chỉ có căn giả")
            } else {
                ("which is unprotected", "quân này không có căn")
            };
            let target = chase.target_role;
            let (r_en, r_vi) = chase_citation(book, f);
            let _ = write!(
                e.en,
                "{}'s {} chased {}'s {target} {} on every one of its {} moves in the cycle (plies {a}–{b}), {}: perpetual chase ({r_en}).",
                side_en(s),
                pieces_en(&chasers),
                side_en(s.other()),
                squares(&chase.target_squares),
                f.moves,
                protection.0
            );
            let _ = write!(
                e.vi,
                "{} bên {} đuổi bắt {} {} bên {} trong cả {} nước của chu kỳ (lượt {a}–{b}), {}: bắt mãi ({r_vi}).",
                pieces_vi(&chasers),
                side_vi(s),
                role_vi(target),
                squares(&chase.target_squares),
                side_vi(s.other()),
                f.moves,
                protection.1
            );
        }
        Pattern::Allowed => {}
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

/// A citation in the short form of the allowed sentences: `23.9` /
/// `điểm 9`, or `AXF rule 28` / `luật AXF, điều 28`.
fn short_cited(c: Citation) -> (String, String) {
    match c {
        Citation::Vn(_) => {
            let r = c.reference();
            let point = r.rsplit('.').next().unwrap_or(r);
            (r.to_owned(), format!("điểm {point}"))
        }
        Citation::Axf(_) => (c.label_en().to_owned(), c.label().to_lowercase()),
    }
}

fn describe_allowed(e: &mut Explanation, book: RuleSet, f: &SideFinding) {
    let s = f.side;
    // The Vietnamese law words its allowances by point: the grounds one
    // point covers share its sentence, in the point's order of precedence.
    let because = ALLOWED_BECAUSE
        .into_iter()
        .filter(|g| f.grounds.contains(g))
        .min_by_key(|&g| allowed_rank(book, g));
    let cite = because.and_then(|g| book.cite(g).first().copied().map(short_cited));
    let (en, vi) = match because {
        Some(Ground::KingChase | Ground::PawnChase) => (
            "chased only with its king or a pawn, which is allowed",
            "đuổi bắt bằng Tướng hoặc Tốt, được phép",
        ),
        Some(Ground::ChecksMixed) => (
            "mixed checks with other moves",
            "xen kẽ chiếu với nước khác",
        ),
        Some(Ground::ChasesInTurn) => (
            "chased different pieces in turn",
            "lần lượt đuổi bắt các quân khác nhau",
        ),
        Some(Ground::SeveralOnProtected) => (
            "attacked a protected piece with several pieces, which is no chase",
            "dùng nhiều quân dọa một quân có căn, không tính là bắt",
        ),
        Some(Ground::OffersOnly | Ground::BlocksOrOffers | Ground::DiscoveredCheckThreat) => (
            "only blocked, offered pieces or exchanges, or threatened to win a piece by a discovered check",
            "chỉ cản, thí quân, đòi đổi quân hoặc dọa chiếu rút bắt quân",
        ),
        Some(Ground::ProtectedThreat) => (
            "threatened only truly protected pieces",
            "chỉ dọa bắt quân có căn thật",
        ),
        Some(Ground::UncrossedPawnThreat) => (
            "threatened only a pawn that has not crossed the river",
            "chỉ dọa bắt Tốt chưa qua sông",
        ),
        _ => ("made only allowed moves", "chỉ đi các nước được phép"),
    };
    match cite {
        Some((c_en, c_vi)) => {
            let _ = write!(e.en, "{} {en} ({c_en}). ", side_en(s));
            let _ = write!(e.vi, "Bên {} {vi} ({c_vi}). ", side_vi(s));
        }
        None => {
            let _ = write!(e.en, "{} {en}. ", side_en(s));
            let _ = write!(e.vi, "Bên {} {vi}. ", side_vi(s));
        }
    }
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
