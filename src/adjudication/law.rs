//! The Vietnamese Xiangqi Law of 2004 applied to a classified cycle: each
//! side's pattern (Article 23), then the verdict (Articles 7 and 24).
//! One rule point per function or match arm, the article in its doc.

use std::collections::BTreeSet;

use super::articles::Point;
use super::cycle::{PieceId, PlyAnalysis};
use super::threats::{Protection, ThreatKind};
use crate::xiangqi::{Color, Role, Square};

/// What one side did over the cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every move checked (Article 22.9, Article 23 point 1).
    PerpetualCheck,
    /// Every move chased one same piece (Article 22.11, Article 23 point 3).
    PerpetualChase(ChaseFinding),
    /// Anything else: allowed moves (Article 23, points 2, 4, 9, 10).
    Allowed,
}

impl Pattern {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual_check",
            Pattern::PerpetualChase(_) => "perpetual_chase",
            Pattern::Allowed => "allowed",
        }
    }
}

/// The piece a side chased throughout, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaseFinding {
    pub target_id: PieceId,
    pub target_role: Role,
    /// The target's squares over the cycle, in order, without repeats.
    pub target_squares: Vec<Square>,
    /// The roles of the pieces that chased it.
    pub chaser_roles: BTreeSet<Role>,
}

/// One side's pattern with the articles that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideFinding {
    pub side: Color,
    pub pattern: Pattern,
    pub moves: usize,
    pub checks: usize,
    /// How many of its moves chased some piece.
    pub chases: usize,
    /// Articles behind the pattern, e.g. 23.6 for a protected target.
    pub articles: BTreeSet<Point>,
}

/// Classifies `side`'s moves in the cycle.
pub fn side_finding<'a>(
    side: Color,
    cycle: impl IntoIterator<Item = &'a PlyAnalysis>,
) -> SideFinding {
    let plies: Vec<&PlyAnalysis> = cycle.into_iter().filter(|p| p.side == side).collect();
    let checks = plies.iter().filter(|p| p.check).count();
    let chases = plies.iter().filter(|p| p.chases()).count();
    let mut articles = BTreeSet::new();
    let pattern = if perpetual_check(&plies) {
        articles.insert(Point::A23_1);
        Pattern::PerpetualCheck
    } else if checks > 0 {
        one_check_one_other(&mut articles);
        Pattern::Allowed
    } else {
        match perpetual_chase(&plies, &mut articles) {
            Some(finding) => Pattern::PerpetualChase(finding),
            None => Pattern::Allowed,
        }
    };
    if pattern == Pattern::Allowed && checks == 0 {
        blocks_sacrifices_and_offers(&plies, &mut articles);
    }
    notes_on_threats(&plies, &mut articles);
    SideFinding {
        side,
        pattern,
        moves: plies.len(),
        checks,
        chases,
        articles,
    }
}

/// Article 23, point 1 (and 22.9): every move of the side checks, by one
/// piece or several in turn.
fn perpetual_check(plies: &[&PlyAnalysis]) -> bool {
    !plies.is_empty() && plies.iter().all(|p| p.check)
}

/// Article 23, point 2: checks mixed with other moves (one check one chase,
/// one check one idle move, ...) are allowed. A check interrupts a chase,
/// so such a side is never a perpetual chaser.
fn one_check_one_other(articles: &mut BTreeSet<Point>) {
    articles.insert(Point::A23_2);
}

/// Article 23, points 3 to 9: is there one piece this side chased on every
/// move? Returns the violation, or records why the chasing is allowed.
fn perpetual_chase(plies: &[&PlyAnalysis], articles: &mut BTreeSet<Point>) -> Option<ChaseFinding> {
    let first = plies.first()?;
    let pressing = |kind: ThreatKind| kind >= ThreatKind::ExchangeOffer;
    let mut violation = None;
    let mut every_move_chases_one = false;
    for start in first.threats.iter().filter(|t| pressing(t.threat.kind)) {
        let id = start.target_id;
        let per_move: Option<Vec<_>> = plies
            .iter()
            .map(|p| {
                p.threats
                    .iter()
                    .find(|t| t.target_id == id && pressing(t.threat.kind))
            })
            .collect();
        let Some(per_move) = per_move else { continue };
        // Article 23, point 10: exchange offers alone are allowed.
        if per_move
            .iter()
            .all(|t| t.threat.kind == ThreatKind::ExchangeOffer)
        {
            articles.insert(Point::A23_10);
            continue;
        }
        every_move_chases_one = true;
        let chasers: Vec<(PieceId, Role)> = per_move
            .iter()
            .flat_map(|t| t.attacker_ids.iter().copied())
            .collect();
        // Article 23, point 9: a king or pawn chasing, alone or with one
        // rook, horse or cannon, is allowed.
        if king_or_pawn_chase(&chasers) {
            articles.insert(Point::A23_9);
            continue;
        }
        let mut notes = BTreeSet::from([Point::A23_3]);
        for t in &per_move {
            let threat = &t.threat;
            // Article 23, point 6: a horse or cannon chasing a rook (a
            // violation even if the rook is truly protected, so the more
            // when it is not), or any chase of a falsely protected piece.
            if threat.flags.rook_by_horse_or_cannon || threat.protection == Protection::False {
                notes.insert(Point::A23_6);
            }
            // Article 23, point 7: a pinned protected piece, a blocked horse.
            if threat.flags.pinned_target
                || (threat.flags.blocked_horse && threat.protection == Protection::True)
            {
                notes.insert(Point::A23_7);
            }
            // Article 23, point 8: exchange offers inside a chase.
            if threat.kind == ThreatKind::ExchangeOffer {
                notes.insert(Point::A23_8);
            }
        }
        if violation.is_none() {
            let mut target_squares: Vec<Square> = Vec::new();
            for t in &per_move {
                if !target_squares.contains(&t.threat.target) {
                    target_squares.push(t.threat.target);
                }
            }
            articles.extend(notes);
            violation = Some(ChaseFinding {
                target_id: id,
                target_role: start.threat.target_role,
                target_squares,
                chaser_roles: chasers.iter().map(|&(_, r)| r).collect(),
            });
        }
    }
    // Article 23, point 4: chasing on every move, but different pieces in turn.
    if violation.is_none() && !every_move_chases_one && plies.iter().all(|p| p.chases()) {
        articles.insert(Point::A23_4);
    }
    violation
}

/// Article 23, point 10: perpetual blocks, sacrifices and exchange offers
/// (every move of the side is one of them) are allowed.
fn blocks_sacrifices_and_offers(plies: &[&PlyAnalysis], articles: &mut BTreeSet<Point>) {
    if !plies.is_empty() && plies.iter().all(|p| p.blocks_or_offers()) {
        articles.insert(Point::A23_10);
    }
}

/// Article 23, point 9: the chasers include a king or pawn, helped by at
/// most one rook, horse or cannon.
fn king_or_pawn_chase(chasers: &[(PieceId, Role)]) -> bool {
    let exempt = chasers
        .iter()
        .any(|&(_, r)| matches!(r, Role::King | Role::Pawn));
    let mut helpers: Vec<PieceId> = chasers
        .iter()
        .filter(|&&(_, r)| !matches!(r, Role::King | Role::Pawn))
        .map(|&(id, _)| id)
        .collect();
    helpers.sort_unstable();
    helpers.dedup();
    exempt && helpers.len() <= 1
}

/// Articles that explain allowed threats seen in the cycle: a threatened
/// uncrossed pawn (23.3), a truly protected target (23.6), a piece to be won
/// by discovered check (23.10, "chiếu rút bắt quân").
fn notes_on_threats(plies: &[&PlyAnalysis], articles: &mut BTreeSet<Point>) {
    for t in plies.iter().flat_map(|p| p.threats.iter()) {
        match t.threat.kind {
            ThreatKind::UncrossedPawn => {
                articles.insert(Point::A23_3);
            }
            ThreatKind::Protected => {
                articles.insert(Point::A23_6);
            }
            ThreatKind::DiscoveredCheck => {
                articles.insert(Point::A23_10);
            }
            ThreatKind::ExchangeOffer | ThreatKind::Chase => {}
        }
    }
}

/// The law's verdict on a cycle, before timing (must change or loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleVerdict {
    /// The side that breaks a prohibition, if exactly one does.
    pub violator: Option<Color>,
    /// The articles of the verdict itself (7.x, 24.x).
    pub articles: BTreeSet<Point>,
}

/// Articles 7 and 24: who, if anyone, violates.
pub fn verdict(red: &SideFinding, black: &SideFinding) -> CycleVerdict {
    use Pattern::*;
    let (violator, articles): (Option<Color>, &[Point]) = match (&red.pattern, &black.pattern) {
        // Article 24.3 and 7.2.c: both check perpetually (check and counter-check).
        (PerpetualCheck, PerpetualCheck) => (None, &[Point::A24_3, Point::A7_2c]),
        // Article 23.1, 7.1.g: one side checks perpetually. Article 7.1.g
        // applies "in any situation", so a perpetual checker is the violator
        // even against a perpetual chaser.
        (PerpetualCheck, _) => (Some(Color::Red), &[Point::A7_1g]),
        (_, PerpetualCheck) => (Some(Color::Black), &[Point::A7_1g]),
        // Article 7.2.c: both chase perpetually.
        (PerpetualChase(_), PerpetualChase(_)) => (None, &[Point::A7_2c]),
        // Article 7.1.h: one side chases perpetually.
        (PerpetualChase(_), _) => (Some(Color::Red), &[Point::A7_1h]),
        (_, PerpetualChase(_)) => (Some(Color::Black), &[Point::A7_1h]),
        // Article 7.2.b: nobody breaks a prohibition.
        _ => (None, &[Point::A7_2b]),
    };
    let mut articles: BTreeSet<Point> = articles.iter().copied().collect();
    if let Some(v) = violator {
        let (bad, other) = if v == Color::Red {
            (red, black)
        } else {
            (black, red)
        };
        // Article 24.4: the other side checks back only now and then.
        if bad.pattern == PerpetualCheck && other.checks > 0 {
            articles.insert(Point::A24_4);
        }
        // Article 23.5: two chases against one chase back.
        if matches!(bad.pattern, PerpetualChase(_)) && other.chases > 0 {
            articles.insert(Point::A23_5);
        }
    }
    CycleVerdict { violator, articles }
}
