//! The law applied to a classified cycle: each side's pattern (VN Article
//! 23, AXF rules 6–40), then the verdict (VN Articles 7 and 24, AXF rules
//! 3–8). One rule point per function or match arm, the article in its doc.
//!
//! The rule book travels as one value: where the books read a point
//! differently the functions ask its [`Readings`], and what they find is
//! recorded as book-neutral [`Ground`]s that the book cites in its own
//! numbering ([`RuleSet::cite`]).

use std::collections::BTreeSet;

use super::books::{Citation, Ground, Readings, RuleSet};
use super::cycle::{Attack, PieceId, PlyAnalysis};
use super::mate_threat::MateThreat;
use super::threats::{ChaseFlags, Protection, Threat, ThreatKind, counts_as_chase};
use crate::xiangqi::{Color, Role, Square};

/// What one side did over the cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Every move checked (Article 22.9, Article 23 point 1).
    PerpetualCheck,
    /// Every move chased one same piece (Article 22.11, Article 23 point 3).
    PerpetualChase(ChaseFinding),
    /// Every move attacked, checks, mate threats and chases in a mix, or
    /// chases of different pieces in turn: forbidden under the CXA (24.13).
    PerpetualAttack,
    /// Anything else: allowed moves (Article 23, points 2, 4, 9, 10).
    Allowed,
}

impl Pattern {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            Pattern::PerpetualCheck => "perpetual_check",
            Pattern::PerpetualChase(_) => "perpetual_chase",
            Pattern::PerpetualAttack => "perpetual_attack",
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

/// One side's pattern with the grounds and articles that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideFinding {
    pub side: Color,
    pub pattern: Pattern,
    pub moves: usize,
    pub checks: usize,
    /// How many of its moves chased some piece (as the book counts chases).
    pub chases: usize,
    /// How many of its moves threatened mate (杀), where the book counts
    /// mate threats (CXA); 0 otherwise.
    pub mate_threats: usize,
    /// What the law found, in neither book's numbering.
    pub grounds: BTreeSet<Ground>,
    /// The book's articles behind the pattern, e.g. 23.6 (VN) or AXF 17
    /// for a protected target.
    pub articles: BTreeSet<Citation>,
}

/// The citations of `grounds` in `book`.
pub fn cite(book: RuleSet, grounds: &BTreeSet<Ground>) -> BTreeSet<Citation> {
    grounds.iter().flat_map(|&g| book.cite(g)).collect()
}

/// True if a move's threats include one the book counts as a chase.
pub fn move_chases(readings: &Readings, ply: &PlyAnalysis) -> bool {
    ply.threats
        .iter()
        .any(|t| counts_as_chase(readings, t.threat.kind))
}

/// A threat that presses a piece towards a perpetual chase: a chase, or an
/// exchange offer where the book counts offers among a chase's moves (VN
/// 23.8; AXF 36 wants every move to chase).
pub fn presses(readings: &Readings, threat: &Threat) -> bool {
    counts_as_chase(readings, threat.kind)
        || (readings.offers_count_in_chase && threat.kind == ThreatKind::ExchangeOffer)
}

/// Classifies `side`'s moves in the cycle under `book`.
pub fn side_finding<'a>(
    book: RuleSet,
    side: Color,
    cycle: impl IntoIterator<Item = &'a PlyAnalysis>,
) -> SideFinding {
    let readings = book.readings();
    let plies: Vec<&PlyAnalysis> = cycle.into_iter().filter(|p| p.side == side).collect();
    let checks = plies.iter().filter(|p| p.check).count();
    let chases = plies.iter().filter(|p| move_chases(&readings, p)).count();
    let mate_threats = plies
        .iter()
        .filter(|p| p.mate_threat == MateThreat::Mate)
        .count();
    let mut grounds = BTreeSet::new();
    if readings.attacks_forbidden_in_any_mix {
        let pattern = attacks_in_any_mix(&readings, &plies, &mut grounds);
        return SideFinding {
            side,
            pattern,
            moves: plies.len(),
            checks: plies.iter().filter(|p| p.checks_as(&readings)).count(),
            // 抽吃, a win by check, is a chase too (CXA 28.3, 29.1).
            chases: plies
                .iter()
                .filter(|p| {
                    p.chases_as(&readings) || p.pawn_capture_check(&readings) || p.wins_by_check
                })
                .count(),
            mate_threats,
            articles: cite(book, &grounds),
            grounds,
        };
    }
    let pattern = if perpetual_check(&plies) {
        grounds.insert(Ground::PerpetualCheck);
        Pattern::PerpetualCheck
    } else if checks > 0 {
        one_check_one_other(&mut grounds);
        Pattern::Allowed
    } else {
        match perpetual_chase(&readings, &plies, &mut grounds) {
            Some(finding) => Pattern::PerpetualChase(finding),
            None => Pattern::Allowed,
        }
    };
    if pattern == Pattern::Allowed && checks == 0 {
        blocks_sacrifices_and_offers(&plies, &mut grounds);
    }
    // Notes say why a side's threats were allowed: a side that breaks a
    // prohibition is judged by its violation alone, and its article list
    // must not show a rule that says "no chase" (issue 31: M5, T4, T7).
    if pattern == Pattern::Allowed {
        notes_on_threats(&readings, &plies, &mut grounds);
    }
    SideFinding {
        side,
        pattern,
        moves: plies.len(),
        checks,
        chases,
        mate_threats,
        articles: cite(book, &grounds),
        grounds,
    }
}

/// A reading of the book that makes a chase, by the flag it leaves on the
/// threat, and the ground that cites it.
type ChaseReading = (fn(&ChaseFlags) -> bool, Ground);

/// The chases a reading of the CXA book made, each the ground that cites it.
const CHASE_READINGS: [ChaseReading; 6] = [
    // 26.9.2, 26.9.3: a truly protected piece won only by the exchange
    // (少根子), which grades the side above single chasers.
    (|f| f.exchange_gain, Ground::ExchangeGain),
    // 以兑断根 (图4): a protected piece an even exchange would leave to be won.
    (|f| f.root_cut_by_exchange, Ground::RootCutByExchange),
    // 不能离线 for a protector (参考图25): a root whose recapture is mated.
    (|f| f.root_into_mate, Ground::RootIntoMate),
    // 假根 (参考图1, 参考图13): a root whose recapture loses more than it saves.
    (|f| f.recapture_loses, Ground::RecaptureLoses),
    // 做根子捉子 (图12): a root's capture, at a loss until the move freed it.
    (|f| f.root_freed, Ground::RootFreed),
    // A standing chase the move's piece takes part in (联合捉, 图11, 图25).
    (|f| f.joint, Ground::JointChase),
];

/// CXA 2020 24.13 (图8, 图7, 参考图44): a side is forbidden when every one
/// of its moves attacks, checks (将), mate threats (杀) and chases (捉) in any
/// mix: 长将, 长杀, 长捉 (one piece, or several in turn), 一将一杀, 一将一捉,
/// 一杀一捉. A single idle move (闲: 兑、献、拦、跟 among them, 24.8) makes the
/// side allowed (一将一闲, 图5). A side whose every move attacks or may
/// (the mate search undecided on some) is recorded as
/// [`Ground::Undecided`], and the verdict is withheld.
fn attacks_in_any_mix(
    readings: &Readings,
    plies: &[&PlyAnalysis],
    grounds: &mut BTreeSet<Ground>,
) -> Pattern {
    let attacks: Vec<Attack> = plies.iter().map(|p| p.attack(readings)).collect();
    let checks = plies.iter().any(|p| p.checks_as(readings));
    // 26.8: a pawn's capture uncovering a check is a chase.
    if plies.iter().any(|p| p.pawn_capture_check(readings)) {
        grounds.insert(Ground::PawnCaptureCheck);
    }
    let mates = plies.iter().any(|p| p.mate_threat == MateThreat::Mate);
    if mates {
        grounds.insert(Ground::MateThreats);
    }
    if plies
        .iter()
        .any(|p| p.evades_check && p.role == Role::King && p.chases())
    {
        grounds.insert(Ground::KingAnswersCheck);
    }
    if !plies.is_empty() && plies.iter().all(|p| p.checks_as(readings)) {
        grounds.insert(Ground::PerpetualCheck);
        return Pattern::PerpetualCheck;
    }
    // 自毙 (图13): a win by check not counted, the move parrying the mate
    // threat the side's own check exposed it to.
    if plies.iter().any(|p| p.self_inflicted) {
        grounds.insert(Ground::SelfInflicted);
    }
    if plies.is_empty() || attacks.contains(&Attack::Idle) {
        // 26.2 (图18): a side's only attacking piece on the key defensive
        // point attacked advisors or elephants on the way, idle.
        if plies.iter().any(|p| {
            p.threats.iter().any(|t| {
                counts_as_chase(readings, t.threat.kind)
                    && p.holds_key_point(readings, t.threat.target_role)
            })
        }) {
            grounds.insert(Ground::KeyDefensivePoint);
        }
        if checks {
            grounds.insert(Ground::ChecksMixed);
        } else {
            // Chases of one piece the book exempts (a king or pawn alone),
            // offers, protected targets: said as the other books say them.
            let _ = perpetual_chase(readings, plies, grounds);
        }
        if !checks && plies.iter().all(|p| p.blocks_or_offers()) {
            grounds.insert(Ground::BlocksOrOffers);
        }
        notes_on_threats(readings, plies, grounds);
        return Pattern::Allowed;
    }
    // A move left unsearched is never seen here (the analysis searches each
    // side until it finds an idle move); were it, no verdict rather than a guess.
    if attacks.contains(&Attack::Undecided) || attacks.contains(&Attack::Unsearched) {
        grounds.insert(Ground::Undecided);
        return Pattern::Allowed;
    }
    notes_on_threats(readings, plies, grounds);
    for (made_by, ground) in CHASE_READINGS {
        let chased = plies
            .iter()
            .flat_map(|p| p.threats.iter())
            .any(|t| t.threat.kind == ThreatKind::Chase && made_by(&t.threat.flags));
        if chased {
            grounds.insert(ground);
        }
    }
    if !checks
        && !mates
        && let Some(chase) = perpetual_chase(readings, plies, grounds)
    {
        return Pattern::PerpetualChase(chase);
    }
    grounds.remove(&Ground::ChasesInTurn);
    if !checks && !mates {
        grounds.insert(Ground::ChasesInTurn);
    }
    grounds.insert(Ground::AttacksInAnyMix);
    Pattern::PerpetualAttack
}

/// Article 23, point 1 (and 22.9): every move of the side checks, by one
/// piece or several in turn.
fn perpetual_check(plies: &[&PlyAnalysis]) -> bool {
    !plies.is_empty() && plies.iter().all(|p| p.check)
}

/// Article 23, point 2 (AXF rule 12): checks mixed with other moves (one
/// check one chase, one check one idle move, ...) are allowed. A check
/// interrupts a chase, so such a side is never a perpetual chaser.
fn one_check_one_other(grounds: &mut BTreeSet<Ground>) {
    grounds.insert(Ground::ChecksMixed);
}

/// Article 23, points 3 to 9 (AXF rules 15–36): is there one piece this
/// side chased on every move? Returns the violation, or records why the
/// chasing is allowed.
fn perpetual_chase(
    readings: &Readings,
    plies: &[&PlyAnalysis],
    grounds: &mut BTreeSet<Ground>,
) -> Option<ChaseFinding> {
    let first = plies.first()?;
    // Offers are followed with the chases, so that offers alone are seen
    // (23.10) also where the book does not count them among a chase's moves.
    let pressing =
        |threat: &Threat| presses(readings, threat) || threat.kind == ThreatKind::ExchangeOffer;
    let mut violation = None;
    let mut every_move_chases_one = false;
    for start in first.threats.iter().filter(|t| pressing(&t.threat)) {
        let id = start.target_id;
        let per_move: Option<Vec<_>> = plies
            .iter()
            .map(|p| {
                p.threats
                    .iter()
                    .find(|t| t.target_id == id && pressing(&t.threat))
            })
            .collect();
        let Some(per_move) = per_move else { continue };
        // Article 23, point 10 (AXF rules 24, 40): exchange offers alone are
        // allowed.
        if per_move
            .iter()
            .all(|t| t.threat.kind == ThreatKind::ExchangeOffer)
        {
            grounds.insert(Ground::OffersOnly);
            continue;
        }
        // AXF rule 36 (diagrams 90–93): every move of a perpetual chase
        // chases; a move that only offers an exchange is no chase.
        if !per_move.iter().all(|t| presses(readings, &t.threat)) {
            grounds.insert(Ground::OffersBreakChase);
            continue;
        }
        every_move_chases_one = true;
        let chasers: Vec<(PieceId, Role)> = per_move
            .iter()
            .flat_map(|t| t.attacker_ids.iter().copied())
            .collect();
        // Article 23, point 9 (AXF rules 28, 29): a king or pawn chasing,
        // with the help the book allows, is allowed.
        let over_helped = match king_or_pawn_chase(readings, &chasers) {
            KingOrPawn::Exempt(exempt) => {
                grounds.insert(exempt);
                continue;
            }
            KingOrPawn::OverHelped(leader) => Some(Ground::OverHelped { leader }),
            KingOrPawn::Neither => None,
        };
        // AXF rule 35: several pieces on one truly protected piece.
        if readings.several_on_protected_is_no_chase && several_on_protected(&per_move, &chasers) {
            grounds.insert(Ground::SeveralOnProtected);
            continue;
        }
        let mut notes: BTreeSet<Ground> = chasers
            .iter()
            .map(|&(_, by)| Ground::Chase {
                target: start.threat.target_role,
                by,
            })
            .collect();
        if distinct(&chasers) > 1 {
            notes.insert(Ground::SeveralChasers);
        }
        notes.extend(over_helped);
        for t in &per_move {
            let threat = &t.threat;
            // Article 23, point 6 (AXF 15): a horse or cannon chasing a rook
            // (a violation even if the rook is truly protected, so the more
            // when it is not); (AXF 34) any chase of a falsely protected piece.
            if threat.flags.rook_by_horse_or_cannon {
                for &(_, by) in &threat.attackers {
                    match by {
                        Role::Horse => notes.insert(Ground::RookByHorse),
                        Role::Cannon => notes.insert(Ground::RookByCannon),
                        _ => false,
                    };
                }
            }
            if threat.protection == Protection::False {
                notes.insert(Ground::FalseProtection);
            }
            // Article 23, point 7 (AXF 19, 24): a pinned protected piece, a
            // blocked horse.
            if threat.flags.pinned_target {
                notes.insert(Ground::PinnedTarget);
            }
            if threat.flags.blocked_horse && threat.protection == Protection::True {
                notes.insert(Ground::BlockedHorse);
            }
            // Article 23, point 8 (AXF 36): exchange offers inside a chase.
            if threat.kind == ThreatKind::ExchangeOffer {
                notes.insert(Ground::OfferInChase);
            }
        }
        if violation.is_none() {
            let mut target_squares: Vec<Square> = Vec::new();
            for t in &per_move {
                if !target_squares.contains(&t.threat.target) {
                    target_squares.push(t.threat.target);
                }
            }
            grounds.extend(notes);
            violation = Some(ChaseFinding {
                target_id: id,
                target_role: start.threat.target_role,
                target_squares,
                chaser_roles: chasers.iter().map(|&(_, r)| r).collect(),
            });
        }
    }
    // Article 23, point 4 (AXF 32): chasing on every move, but different
    // pieces in turn.
    if violation.is_none()
        && !every_move_chases_one
        && plies.iter().all(|p| move_chases(readings, p))
    {
        grounds.insert(Ground::ChasesInTurn);
    }
    violation
}

/// How many different pieces are among `chasers`.
fn distinct(chasers: &[(PieceId, Role)]) -> usize {
    let mut ids: Vec<PieceId> = chasers.iter().map(|&(id, _)| id).collect();
    ids.sort_unstable();
    ids.dedup();
    ids.len()
}

/// AXF rule 35: two or more pieces attack the piece, it is truly protected
/// on every move, and no horse or cannon attacks it as a rook (rule 15
/// keeps that a chase).
fn several_on_protected(
    per_move: &[&super::cycle::TrackedThreat],
    chasers: &[(PieceId, Role)],
) -> bool {
    distinct(chasers) > 1
        && per_move.iter().all(|t| {
            t.threat.protection == Protection::True && !t.threat.flags.rook_by_horse_or_cannon
        })
}

/// Article 23, point 10 (AXF 40): perpetual blocks, sacrifices and exchange
/// offers (every move of the side is one of them) are allowed.
fn blocks_sacrifices_and_offers(plies: &[&PlyAnalysis], grounds: &mut BTreeSet<Ground>) {
    if !plies.is_empty() && plies.iter().all(|p| p.blocks_or_offers()) {
        grounds.insert(Ground::BlocksOrOffers);
    }
}

/// Article 23, point 9 (AXF rules 28, 29): the chasers include a king or
/// pawn, helped by at most one rook, horse or cannon. The AXF diagrams read
/// the same: a pawn with a cannon (diagram 70) or the king with a horse
/// (diagram 68) may chase, a king or pawn with two helpers may not (the
/// engine positions of diagrams 71–75). Under the CXA (26.1, 26.1.1) the
/// king or pawn chases freely only alone: no helper.
fn king_or_pawn_chase(readings: &Readings, chasers: &[(PieceId, Role)]) -> KingOrPawn {
    let king = chasers.iter().any(|&(_, r)| r == Role::King);
    let pawn = chasers.iter().any(|&(_, r)| r == Role::Pawn);
    let mut helpers: Vec<PieceId> = chasers
        .iter()
        .filter(|&&(_, r)| !matches!(r, Role::King | Role::Pawn))
        .map(|&(id, _)| id)
        .collect();
    helpers.sort_unstable();
    helpers.dedup();
    let (ground, leader) = if king {
        (Ground::KingChase, Role::King)
    } else {
        (Ground::PawnChase, Role::Pawn)
    };
    let allowed_helpers = if readings.king_and_pawn_chase_only_alone {
        0
    } else {
        1
    };
    match (king || pawn, helpers.len()) {
        (false, _) => KingOrPawn::Neither,
        (true, n) if n <= allowed_helpers => KingOrPawn::Exempt(ground),
        (true, _) => KingOrPawn::OverHelped(leader),
    }
}

/// A chase by a king or pawn, under Article 23, point 9.
enum KingOrPawn {
    /// No king or pawn chases.
    Neither,
    /// A king or pawn chases with the help the book allows: allowed.
    Exempt(Ground),
    /// A king or pawn (the role) chases with more help than the book
    /// allows: the exception does not cover it.
    OverHelped(Role),
}

/// Grounds that explain allowed threats seen in the cycle: a threatened
/// uncrossed pawn (23.3, AXF 25), a truly protected target (23.6, AXF 17),
/// a piece to be won by discovered check (23.10 or 23.2; a chase under the
/// AXF, so no allowance), and a threat on a protected piece that is pinned and
/// cannot move (AXF 38, "check and capture").
fn notes_on_threats(readings: &Readings, plies: &[&PlyAnalysis], grounds: &mut BTreeSet<Ground>) {
    for t in plies.iter().flat_map(|p| p.threats.iter()) {
        match t.threat.kind {
            ThreatKind::UncrossedPawn => {
                grounds.insert(Ground::UncrossedPawnThreat);
            }
            // CXA 29.4 (不能离线, 图7): the capture would let the other side mate.
            ThreatKind::Protected if t.threat.flags.into_mate => {
                grounds.insert(Ground::CaptureIntoMate);
            }
            // AXF rule 38: a protected piece that is pinned and cannot move.
            ThreatKind::Protected if t.threat.flags.pinned_not_chased => {
                grounds.insert(Ground::PinnedProtectedThreat);
            }
            ThreatKind::Protected => {
                grounds.insert(Ground::ProtectedThreat);
            }
            ThreatKind::DiscoveredCheck if !readings.discovered_check_threat_is_chase => {
                grounds.insert(discovered_check_threats(plies));
            }
            ThreatKind::DiscoveredCheck | ThreatKind::ExchangeOffer | ThreatKind::Chase => {}
        }
    }
}

/// Article 23, point 10 allows threatening to win a piece by discovered
/// check, even perpetually ("dọa mãi chiếu rút bắt quân"). Such threats on
/// some moves and chases on all the others are the "một bắt một rút ăn
/// quân" of point 2, which names that pattern.
fn discovered_check_threats(plies: &[&PlyAnalysis]) -> Ground {
    let threatens = |p: &&PlyAnalysis| {
        p.threats
            .iter()
            .any(|t| t.threat.kind == ThreatKind::DiscoveredCheck)
    };
    let in_turn_with_chases =
        plies.iter().any(|p| !threatens(p)) && plies.iter().all(|p| threatens(p) || p.chases());
    if in_turn_with_chases {
        Ground::DiscoveredCheckInTurn
    } else {
        Ground::DiscoveredCheckThreat
    }
}

/// The law's verdict on a cycle, before timing (must change or loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleVerdict {
    /// The side that breaks a prohibition, if exactly one does.
    pub violator: Option<Color>,
    /// What the verdict rests on, in neither book's numbering.
    pub grounds: BTreeSet<Ground>,
    /// The book's articles of the verdict itself (VN 7.x, 24.x; AXF 3–8).
    pub articles: BTreeSet<Citation>,
    /// No verdict: it turns on a move the bounded mate search could not
    /// decide ([`Ground::Undecided`]).
    pub undecided: bool,
}

/// Articles 7 and 24 (AXF rules 3–8, 15, 18): who, if anyone, violates.
pub fn verdict(book: RuleSet, red: &SideFinding, black: &SideFinding) -> CycleVerdict {
    use Pattern::*;
    let readings = book.readings();
    if readings.graded_when_both_forbidden {
        return graded_verdict(book, red, black);
    }
    let (violator, grounds): (Option<Color>, &[Ground]) = match (&red.pattern, &black.pattern) {
        // Article 24.3 and 7.2.c (AXF 7): both check perpetually (check and
        // counter-check).
        (PerpetualCheck, PerpetualCheck) => (None, &[Ground::MutualCheck, Ground::SameViolation]),
        // Article 23.1, 7.1.g (AXF 6): one side checks perpetually. Article
        // 7.1.g applies "in any situation", so a perpetual checker is the
        // violator even against a perpetual chaser.
        (PerpetualCheck, _) => (Some(Color::Red), &[Ground::CheckViolation]),
        (_, PerpetualCheck) => (Some(Color::Black), &[Ground::CheckViolation]),
        // Article 7.2.c: both chase perpetually. AXF rules 15 and 18: a
        // cannon or horse on a rook, or a rook on an unprotected cannon,
        // stays the violation whatever the chased piece's replies are.
        (PerpetualChase(_), PerpetualChase(_)) => match (
            readings.chase_priority && priority_chase(red),
            readings.chase_priority && priority_chase(black),
        ) {
            (true, false) => (Some(Color::Red), &[Ground::ChaseViolation]),
            (false, true) => (Some(Color::Black), &[Ground::ChaseViolation]),
            _ => (None, &[Ground::SameViolation]),
        },
        // Article 7.1.h: one side chases perpetually.
        (PerpetualChase(_), _) => (Some(Color::Red), &[Ground::ChaseViolation]),
        (_, PerpetualChase(_)) => (Some(Color::Black), &[Ground::ChaseViolation]),
        // Article 7.2.b (AXF 5): nobody breaks a prohibition.
        _ => (None, &[Ground::NoViolation]),
    };
    let mut grounds: BTreeSet<Ground> = grounds.iter().copied().collect();
    if let Some(v) = violator {
        let (bad, other) = if v == Color::Red {
            (red, black)
        } else {
            (black, red)
        };
        // Article 24.4 (AXF 8): the other side checks back only now and then.
        if bad.pattern == PerpetualCheck && other.checks > 0 {
            grounds.insert(Ground::CheckedBackSometimes);
        }
        // Article 23.5: two chases against one chase back, the other side
        // chasing back on at most half its moves. Chasing back on every
        // move, a different piece in turn, it is allowed (23.4).
        if matches!(bad.pattern, PerpetualChase(_)) && other.chases > 0 {
            if other.chases * 2 <= other.moves {
                grounds.insert(Ground::ChasedBackSometimes);
            } else if other.chases == other.moves && other.grounds.contains(&Ground::ChasesInTurn) {
                grounds.insert(Ground::ChasesInTurn);
            }
        }
    }
    CycleVerdict {
        violator,
        articles: cite(book, &grounds),
        grounds,
        undecided: false,
    }
}

/// CXA 2020 25.1–25.3 and 26.9: one side forbidden, the other allowed: the
/// forbidden side must change (25.3). Both forbidden: a perpetual checker
/// changes first (26.9.1, 25.1: 长将 is never allowed), both checking is a
/// draw; a side whose forbidden moves are single-piece chases changes
/// against a joint chase (26.9.2, 26.9.3); every other pair is a draw
/// (26.9.4). A side the mate search left undecided withholds the verdict.
fn graded_verdict(book: RuleSet, red: &SideFinding, black: &SideFinding) -> CycleVerdict {
    use Pattern::*;
    let forbidden = |f: &SideFinding| f.pattern != Allowed;
    let undecided = [red, black]
        .iter()
        .any(|f| f.grounds.contains(&Ground::Undecided));
    let joint = |f: &SideFinding| {
        f.grounds.contains(&Ground::ExchangeGain) || f.grounds.contains(&Ground::JointChase)
    };
    let single_chases = |f: &SideFinding| {
        matches!(f.pattern, PerpetualChase(_) | PerpetualAttack)
            && f.checks == 0
            && f.mate_threats == 0
            && !joint(f)
    };
    let (violator, grounds): (Option<Color>, &[Ground]) = if undecided {
        (None, &[Ground::Undecided])
    } else {
        match (&red.pattern, &black.pattern) {
            (PerpetualCheck, PerpetualCheck) => {
                (None, &[Ground::MutualCheck, Ground::SameViolation])
            }
            (PerpetualCheck, _) if forbidden(black) => (
                Some(Color::Red),
                &[Ground::CheckOutranks, Ground::CheckViolation],
            ),
            (_, PerpetualCheck) if forbidden(red) => (
                Some(Color::Black),
                &[Ground::CheckOutranks, Ground::CheckViolation],
            ),
            (PerpetualCheck, _) => (Some(Color::Red), &[Ground::CheckViolation]),
            (_, PerpetualCheck) => (Some(Color::Black), &[Ground::CheckViolation]),
            _ if forbidden(red) && forbidden(black) => {
                if single_chases(red) && joint(black) {
                    (
                        Some(Color::Red),
                        &[Ground::JointChaseOutranks, Ground::ChaseViolation],
                    )
                } else if single_chases(black) && joint(red) {
                    (
                        Some(Color::Black),
                        &[Ground::JointChaseOutranks, Ground::ChaseViolation],
                    )
                } else {
                    (None, &[Ground::SameViolation])
                }
            }
            _ if forbidden(red) => (Some(Color::Red), &[Ground::ChaseViolation]),
            _ if forbidden(black) => (Some(Color::Black), &[Ground::ChaseViolation]),
            _ => (None, &[Ground::NoViolation]),
        }
    };
    let grounds: BTreeSet<Ground> = grounds.iter().copied().collect();
    CycleVerdict {
        violator,
        articles: cite(book, &grounds),
        grounds,
        undecided,
    }
}

/// AXF rules 15 and 18: the side's perpetual chase is a cannon chasing a
/// rook, or a rook chasing a cannon.
fn priority_chase(side: &SideFinding) -> bool {
    side.grounds.contains(&Ground::Chase {
        target: Role::Rook,
        by: Role::Cannon,
    }) || side.grounds.contains(&Ground::Chase {
        target: Role::Cannon,
        by: Role::Rook,
    })
}
