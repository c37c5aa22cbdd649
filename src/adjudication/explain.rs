//! Short explanations of a ruling in Vietnamese and English, naming the
//! pieces, squares and plies an arbiter would point at.

use std::fmt::Write;

use super::articles::Point;
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
        Some(rep) => explain_repetition(&mut e, verdict, rep),
    }
    if let Some(end) = game_end {
        let (en, vi) = match end {
            GameEnd::Checkmate { winner } => (
                format!(
                    " {} is checkmated: {} wins (Article 7.1.a).",
                    side_en(winner.other()),
                    side_en(winner)
                ),
                format!(
                    " {} bị chiếu hết: {} thắng (Điều 7.1.a).",
                    side_vi(winner.other()),
                    side_vi(winner)
                ),
            ),
            GameEnd::Stalemate { winner } => (
                format!(
                    " {} has no legal move: {} wins (Article 7.1.b).",
                    side_en(winner.other()),
                    side_en(winner)
                ),
                format!(
                    " {} hết nước đi: {} thắng (Điều 7.1.b).",
                    side_vi(winner.other()),
                    side_vi(winner)
                ),
            ),
        };
        e.en.push_str(&en);
        e.vi.push_str(&vi);
    }
    if no_capture.draw_claimable {
        let _ = write!(
            e.en,
            " No capture for {} plies: a draw may be claimed (Article 12).",
            no_capture.plies
        );
        let _ = write!(
            e.vi,
            " {} lượt liên tiếp không ăn quân: được đề nghị xử hòa (Điều 12).",
            no_capture.plies
        );
    }
    e
}

fn explain_repetition(e: &mut Explanation, verdict: Verdict, rep: &Repetition) {
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
            describe_violation(e, rep, finding, a, b);
            if verdict == Verdict::Loss {
                let ply = rep.loss_ply.unwrap_or(b);
                let _ = write!(
                    e.en,
                    " Instead of changing, {} repeated at ply {ply} and loses (Article {}).",
                    side_en(v),
                    if finding.pattern == Pattern::PerpetualCheck {
                        "7.1.g"
                    } else {
                        "7.1.h"
                    }
                );
                let _ = write!(
                    e.vi,
                    " Không đổi nước mà lặp lại ở lượt {ply}: bên {} bị xử thua (Điều {}).",
                    side_vi(v),
                    if finding.pattern == Pattern::PerpetualCheck {
                        "7.1.g"
                    } else {
                        "7.1.h"
                    }
                );
            } else {
                let _ = write!(e.en, " {} must change its move, or it loses.", side_en(v));
                let _ = write!(
                    e.vi,
                    " Bên {} phải đổi nước, nếu không sẽ bị xử thua.",
                    side_vi(v)
                );
            }
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(rep.red.pattern, Pattern::PerpetualChase(_));
            if both_check {
                e.en.push_str("Both sides check on every move, answering check with check: a draw (Articles 24.3, 7.2.c).");
                e.vi.push_str("Hai bên vừa đỡ vừa chiếu lại liên tục: xử hòa (Điều 24.3, 7.2.c).");
            } else if both_chase {
                e.en.push_str(
                    "Both sides chase perpetually, the same prohibition: a draw (Article 7.2.c).",
                );
                e.vi.push_str("Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).");
            } else {
                for f in [&rep.red, &rep.black] {
                    describe_allowed(e, f);
                }
                e.en.push_str(
                    "Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                );
                e.vi.push_str(
                    "Hai bên đều không phạm luật cấm, không bên nào đổi nước: xử hòa (Điều 7.2.b).",
                );
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

fn describe_violation(e: &mut Explanation, rep: &Repetition, f: &SideFinding, a: usize, b: usize) {
    let s = f.side;
    match &f.pattern {
        Pattern::PerpetualCheck => {
            let groups = checkers(&rep.cycle, s);
            let _ = write!(
                e.en,
                "{}'s {} checked on every one of its {} moves in the cycle (plies {a}–{b}): perpetual check (Article 23.1).",
                side_en(s),
                pieces_en(&groups),
                f.moves
            );
            let _ = write!(
                e.vi,
                "{} bên {} chiếu liên tục trong cả {} nước của chu kỳ (lượt {a}–{b}): chiếu mãi (Điều 23, điểm 1).",
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
                    t.target_id == chase.target_id && t.threat.kind >= ThreatKind::ExchangeOffer
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
            let _ = write!(
                e.en,
                "{}'s {} chased {}'s {target} {} on every one of its {} moves in the cycle (plies {a}–{b}), {}: perpetual chase (Article 23.3).",
                side_en(s),
                pieces_en(&chasers),
                side_en(s.other()),
                squares(&chase.target_squares),
                f.moves,
                protection.0
            );
            let _ = write!(
                e.vi,
                "{} bên {} đuổi bắt {} {} bên {} trong cả {} nước của chu kỳ (lượt {a}–{b}), {}: bắt mãi (Điều 23, điểm 3).",
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

/// The points that explain an allowed pattern, the most telling first: the
/// sentence names the first of them the side's finding cites.
const ALLOWED_BECAUSE: [Point; 6] = [
    Point::A23_9,
    Point::A23_2,
    Point::A23_4,
    Point::A23_10,
    Point::A23_6,
    Point::A23_3,
];

fn describe_allowed(e: &mut Explanation, f: &SideFinding) {
    let s = f.side;
    let because = ALLOWED_BECAUSE.into_iter().find(|p| f.articles.contains(p));
    let (en, vi) = match because {
        Some(Point::A23_9) => (
            "chased only with its king or a pawn, which is allowed (23.9)",
            "đuổi bắt bằng Tướng hoặc Tốt, được phép (điểm 9)",
        ),
        Some(Point::A23_2) => (
            "mixed checks with other moves (23.2)",
            "xen kẽ chiếu với nước khác (điểm 2)",
        ),
        Some(Point::A23_4) => (
            "chased different pieces in turn (23.4)",
            "lần lượt đuổi bắt các quân khác nhau (điểm 4)",
        ),
        Some(Point::A23_10) => (
            "only blocked, offered pieces or exchanges, or threatened to win a piece by a discovered check (23.10)",
            "chỉ cản, thí quân, đòi đổi quân hoặc dọa chiếu rút bắt quân (điểm 10)",
        ),
        Some(Point::A23_6) => (
            "threatened only truly protected pieces (23.6)",
            "chỉ dọa bắt quân có căn thật (điểm 6)",
        ),
        Some(Point::A23_3) => (
            "threatened only a pawn that has not crossed the river (23.3)",
            "chỉ dọa bắt Tốt chưa qua sông (điểm 3)",
        ),
        _ => ("made only allowed moves", "chỉ đi các nước được phép"),
    };
    let _ = write!(e.en, "{} {en}. ", side_en(s));
    let _ = write!(e.vi, "Bên {} {vi}. ", side_vi(s));
}
