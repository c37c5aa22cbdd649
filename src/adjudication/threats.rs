//! What a move threatens (Article 22, items 2 and 4; Article 23).
//!
//! A *threat* is a legal capture the mover could make on its next turn.
//! Whether a threat is a *chase* (dọa bắt) that counts towards perpetual
//! chase is decided here, one rule point per branch:
//!
//! - a pawn that has not crossed the river is never chased (23.3);
//! - a same-role attack that the target can answer by capturing back is an
//!   exchange offer (đòi đổi), allowed on its own (23.10) but still a chase
//!   when mixed with chases (23.8);
//! - a horse or cannon attacking a rook chases it even if it is truly
//!   protected (23.6);
//! - a horse attacking a horse that cannot strike back (its leg is blocked)
//!   chases it even if it is protected (23.7);
//! - a capture that uncovers a check, on a piece its side could otherwise
//!   recapture, threatens to win it by discovered check (chiếu rút bắt
//!   quân): allowed perpetually (23.2, 23.10), not a chase;
//! - a truly protected target (căn thật: a legal recapture exists) is not
//!   chased (23.6), unless it is pinned and cannot move (23.7);
//! - a falsely protected target (căn giả: its protectors cannot legally
//!   recapture) is chased like an unprotected one (23.6).
//!
//! Only threats the move creates count (Article 22.4, "dọa bắt"): a target
//! already threatened as strongly before the move is not chased again.

use arrayvec::ArrayVec;

use crate::xiangqi::{Color, IllegalMoveReason, Move, Piece, Position, Role, Square};

/// How a threatened piece stands, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ThreatKind {
    /// A pawn on its own half: never chased (Article 23, point 3).
    UncrossedPawn,
    /// Truly protected: a legal recapture exists (Article 23, point 6).
    Protected,
    /// The capture would uncover a check, so the target's side could not
    /// recapture as it otherwise would: a threat to win the piece by
    /// discovered check (chiếu rút bắt quân), allowed (Article 23, points 2
    /// and 10).
    DiscoveredCheck,
    /// A same-role piece that can capture the attacker back (Article 23,
    /// points 8 and 10).
    ExchangeOffer,
    /// A chase that counts (Article 22, item 4).
    Chase,
}

impl ThreatKind {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            ThreatKind::UncrossedPawn => "uncrossed_pawn",
            ThreatKind::Protected => "protected",
            ThreatKind::DiscoveredCheck => "discovered_check",
            ThreatKind::ExchangeOffer => "exchange_offer",
            ThreatKind::Chase => "chase",
        }
    }
}

/// Whether a target is defended, in the law's sense (Article 22.14-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protection {
    /// No piece of its side could recapture.
    None,
    /// Căn thật: a legal recapture exists.
    True,
    /// Căn giả: a piece guards the square but cannot legally recapture
    /// (pinned, or the recapture would face the kings or leave check).
    False,
}

/// Why a chase counts although the target might look defended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChaseFlags {
    /// A horse or cannon attacks a rook (Article 23, point 6).
    pub rook_by_horse_or_cannon: bool,
    /// The target is pinned and cannot move (Article 23, point 7).
    pub pinned_target: bool,
    /// A horse attacks a horse that cannot strike back (Article 23, point 7).
    pub blocked_horse: bool,
}

/// One enemy piece under threat, and by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    pub target: Square,
    pub target_role: Role,
    pub kind: ThreatKind,
    pub protection: Protection,
    pub flags: ChaseFlags,
    /// The pieces that can make the capture.
    pub attackers: ArrayVec<(Square, Role), 8>,
}

/// The threats of one position.
pub type Threats = ArrayVec<Threat, 16>;

/// Every enemy piece (not the king) the side to move of `pos` could legally
/// capture, classified.
pub fn threats(pos: &Position) -> Threats {
    threats_among(pos, &pos.legal_captures())
}

/// [`threats`], given the legal captures of `pos` already generated.
pub fn threats_among(pos: &Position, captures: &[Move]) -> Threats {
    let mut out = Threats::new();
    let us = pos.turn();
    // The real position behind this analysis has the other side to move.
    let them_to_move = pos.pass();
    for &m in captures {
        let target = pos.piece_at(m.to).expect("a capture has a victim");
        debug_assert_eq!(target.color, us.other());
        if target.role == Role::King {
            continue;
        }
        let attacker = pos.piece_at(m.from).expect("a move has a piece");
        let (kind, protection, flags) = classify(pos, &them_to_move, m, attacker, target);
        match out.iter_mut().find(|t| t.target == m.to) {
            Some(t) => {
                let _ = t.attackers.try_push((m.from, attacker.role));
                if (kind, protection == Protection::True)
                    > (t.kind, t.protection == Protection::True)
                {
                    t.kind = kind;
                    t.protection = protection;
                }
                t.flags = merge(t.flags, flags);
            }
            None => {
                let mut attackers = ArrayVec::new();
                attackers.push((m.from, attacker.role));
                let _ = out.try_push(Threat {
                    target: m.to,
                    target_role: target.role,
                    kind,
                    protection,
                    flags,
                    attackers,
                });
            }
        }
    }
    out
}

fn merge(a: ChaseFlags, b: ChaseFlags) -> ChaseFlags {
    ChaseFlags {
        rook_by_horse_or_cannon: a.rook_by_horse_or_cannon || b.rook_by_horse_or_cannon,
        pinned_target: a.pinned_target || b.pinned_target,
        blocked_horse: a.blocked_horse || b.blocked_horse,
    }
}

/// Classifies the capture `m` of `target` by `attacker`, one rule point per
/// branch, in the order the law gives precedence.
fn classify(
    pos: &Position,
    them_to_move: &Position,
    m: Move,
    attacker: Piece,
    target: Piece,
) -> (ThreatKind, Protection, ChaseFlags) {
    let mut flags = ChaseFlags::default();
    // Article 23, point 3: a pawn that has not crossed the river is not chased.
    if target.role == Role::Pawn && m.to.on_own_half(target.color) {
        return (ThreatKind::UncrossedPawn, Protection::None, flags);
    }
    let protection = protection(pos, m);
    // Article 23, points 8 and 10: the same role, able to capture back, is an
    // offer to exchange.
    if attacker.role == target.role && them_to_move.is_legal(Move::new(m.to, m.from)) {
        return (ThreatKind::ExchangeOffer, protection, flags);
    }
    // Article 23, point 6: a horse or cannon chasing a rook counts even if
    // the rook is truly protected.
    if target.role == Role::Rook && matches!(attacker.role, Role::Horse | Role::Cannon) {
        flags.rook_by_horse_or_cannon = true;
        return (ThreatKind::Chase, protection, flags);
    }
    // Article 23, point 7: a horse chasing a horse that cannot strike back.
    if attacker.role == Role::Horse && target.role == Role::Horse {
        flags.blocked_horse = true;
        return (ThreatKind::Chase, protection, flags);
    }
    // Article 23, points 2 and 10: winning the piece by a discovered check
    // (chiếu rút bắt quân) is allowed, even perpetually.
    if protection == Protection::False && recapture_stopped_by_discovered_check(pos, m) {
        return (ThreatKind::DiscoveredCheck, protection, flags);
    }
    match protection {
        // Article 23, point 7: truly protected but pinned and unable to move.
        Protection::True if pinned_and_stuck(them_to_move, m.to) => {
            flags.pinned_target = true;
            (ThreatKind::Chase, protection, flags)
        }
        // Article 23, point 6: real protection, no chase.
        Protection::True => (ThreatKind::Protected, protection, flags),
        // Article 23, point 6: false protection is no protection.
        Protection::False | Protection::None => (ThreatKind::Chase, protection, flags),
    }
}

/// After the capture `m`, can the victim's side legally recapture on `m.to`?
fn protection(pos: &Position, m: Move) -> Protection {
    let after = pos.after(m);
    let defender = after.turn();
    let mut guarded = false;
    for from in after.board().attackers(m.to, defender) {
        match after.check_move(Move::new(from, m.to)) {
            Ok(()) => return Protection::True,
            // It reaches the square, but its own king forbids the recapture.
            Err(IllegalMoveReason::LeavesKingInCheck | IllegalMoveReason::KingsFacing) => {
                guarded = true
            }
            Err(_) => {}
        }
    }
    if guarded {
        Protection::False
    } else {
        Protection::None
    }
}

/// After the capture `m`, the victim's side is in check from pieces other
/// than the capturer (a discovered check), and one of its pieces could
/// recapture on `m.to` if those checkers were not there: only the check
/// stops the recapture.
fn recapture_stopped_by_discovered_check(pos: &Position, m: Move) -> bool {
    let after = pos.after(m);
    let checkers = after.checkers();
    if checkers.is_empty() || checkers.contains(&m.to) {
        return false;
    }
    let defender = after.turn();
    let mut without_checkers = *after.board();
    for &sq in &checkers {
        without_checkers.set(sq, None);
    }
    after
        .board()
        .attackers(m.to, defender)
        .into_iter()
        .any(|from| {
            let mut board = without_checkers;
            board.shift(from, m.to);
            let king = if from == after.king(defender) {
                m.to
            } else {
                after.king(defender)
            };
            let kings = match defender {
                Color::Red => (king, after.king(Color::Black)),
                Color::Black => (after.king(Color::Red), king),
            };
            !board.king_attacked(king, defender) && !board.kings_face(kings.0, kings.1)
        })
}

/// True if the piece on `sq` (of the side to move) has no legal move and
/// shields its own king: removing it would expose the king.
fn pinned_and_stuck(pos: &Position, sq: Square) -> bool {
    let color: Color = pos.turn();
    let mut board = *pos.board();
    let piece = board.set(sq, None).expect("the target stands there");
    let pinned = board.king_attacked(pos.king(color), color)
        || board.kings_face(pos.king(Color::Red), pos.king(Color::Black));
    if !pinned {
        return false;
    }
    let mut can_move = false;
    pos.board().for_each_target(sq, piece, |to| {
        can_move = can_move || pos.is_legal(Move::new(sq, to));
    });
    !can_move
}

/// The threats a move creates: those in `now` (the mover's threats after
/// the move) that were not at least as strong in `old` (its threats before
/// it), with squares mapped through the move `mv`.
pub fn new_threats(old: &Threats, mv: Move, now: &Threats) -> Threats {
    let mut fresh = now.clone();
    fresh.retain(|t| {
        old.iter()
            .find(|o| o.target == t.target)
            .is_none_or(|o| o.kind < t.kind)
    });
    // Keep only the attackers that are new to each target where there are
    // some (the piece that moved, or one it uncovered).
    for t in fresh.iter_mut() {
        if let Some(o) = old.iter().find(|o| o.target == t.target) {
            let added: ArrayVec<(Square, Role), 8> = t
                .attackers
                .iter()
                .copied()
                .filter(|&(sq, role)| {
                    let origin = if sq == mv.to { mv.from } else { sq };
                    !o.attackers.contains(&(origin, role))
                })
                .collect();
            if !added.is_empty() {
                t.attackers = added;
            }
        }
    }
    fresh
}
