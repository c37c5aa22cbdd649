//! Classifying the moves of a game for the law (Article 22: check, chase),
//! with pieces tracked by identity so that "the same piece on every move"
//! survives the piece moving.
//!
//! A ruling may judge many cycles of one game, overlapping or not, so each
//! ply is analysed once and kept ([`Analysis`]); what a position threatens
//! is worked out once per position and side to move, found by its key, and
//! each of its captures is classified only when a move's threats depend on
//! it.

use std::cell::OnceCell;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

use arrayvec::ArrayVec;

use super::books::Readings;
use super::mate_threat::{
    MateThreat, mates_after_capture, recaptures_into_mate, threatens_mate, threatens_mate_sparing,
    threatens_new_mate, wins_by_check, wins_by_check_on, wins_by_check_sparing,
};
use super::replay::Replay;
use super::threats::{
    Capture, Protection, Threat, ThreatKind, best_exchange, by_target, capture_at_a_loss,
    classification_unchanged_by, classify_capture, counts_as_chase, guards_the_screen, is_new,
    never_chased, recapture_loses, root_cuts_by_exchange, takes_part,
};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square, SquareSet};

/// A piece's identity while an analysis lasts: its index in the placement
/// where the analysed plies begin. Captured pieces leave; no piece ever
/// arrives, so identities stay unique.
pub type PieceId = u8;

/// One threat a move created, with the pieces named by identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackedThreat {
    pub threat: Threat,
    pub target_id: PieceId,
    pub attacker_ids: ArrayVec<(PieceId, Role), 8>,
}

/// What one move of the cycle did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// 1-based ply number in the game.
    pub ply: usize,
    pub side: Color,
    pub mv: Move,
    pub role: Role,
    /// The move checks the opponent's king (Article 22.2), directly, by
    /// discovery or twice.
    pub check: bool,
    /// The pieces giving that check, with their squares.
    pub checkers: ArrayVec<(Role, Square), 4>,
    /// The threats the move created (Article 22.4), chases and others.
    pub threats: Vec<TrackedThreat>,
    /// The move blocks (Article 22.6, cản): a capture the opponent had on
    /// another of the mover's pieces is gone.
    pub blocks: bool,
    /// The move offers the moved piece (Article 22.7, thí): the opponent can
    /// legally capture it.
    pub sacrifice: bool,
    /// The mover was in check before it: the move answers a check.
    pub evades_check: bool,
    /// Whether the move threatens mate (杀), searched only where the book
    /// counts mate threats ([`Readings::mate_threats_attack`]), for a move
    /// that neither checks nor chases, and only when a judgment needs it
    /// ([`searched`](Self::searched)); otherwise [`MateThreat::None`].
    pub mate_threat: MateThreat,
    /// The move newly threatens to win material by a check (抽吃), searched
    /// as [`mate_threat`](Self::mate_threat) where the book counts it
    /// ([`Readings::check_wins_are_chases`]) and the move threatens no mate.
    pub wins_by_check: bool,
    /// The searches for a mate threat and a win by check were made.
    pub searched: bool,
    /// The moved piece is the mover's only attacking piece (rook, horse,
    /// cannon or crossed pawn) and the other side has more: a side
    /// defending for a draw (守和方, CXA 26.2), read only where the book has
    /// the key defensive point ([`Readings::key_defensive_point`]).
    pub lone_attacker: bool,
    /// The move won material by a check, but parried a mate threat the
    /// mover's own previous check had exposed it to (自毙, CXA 图13), so
    /// [`wins_by_check`](Self::wins_by_check) was not set
    /// ([`Readings::self_inflicted_exposure`]).
    pub self_inflicted: bool,
    /// The move captured.
    pub capture: bool,
}

/// Whether a move attacks, as a book that forbids attacks in any mix reads
/// it ([`Readings::attacks_forbidden_in_any_mix`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attack {
    /// Idle (闲): no check, chase or mate threat.
    Idle,
    /// A check (将), a mate threat (杀) or a chase (捉).
    Attacks,
    /// No check or chase, and the bounded mate search could not decide
    /// whether the move threatens mate, or whether a capture it threatens
    /// would let the other side mate (不能离线).
    Undecided,
    /// No check or chase, and the searches are not made yet: only the
    /// quick test sees this, which makes them when it must.
    Unsearched,
}

impl PlyAnalysis {
    /// True if the move is one of the kinds Article 23, point 10 allows
    /// perpetually: a block, a sacrifice, an exchange offer or a threat to
    /// win a piece by discovered check.
    pub fn blocks_or_offers(&self) -> bool {
        self.blocks
            || self.sacrifice
            || self.threats.iter().any(|t| {
                matches!(
                    t.threat.kind,
                    ThreatKind::ExchangeOffer | ThreatKind::DiscoveredCheck
                )
            })
    }

    /// True if the move chases at least one piece in a way that counts.
    pub fn chases(&self) -> bool {
        self.threats
            .iter()
            .any(|t| t.threat.kind == ThreatKind::Chase)
    }

    /// True if the move chases as the CXA reads it: a threat that counts as
    /// a chase with a piece other than a king or pawn among its attackers
    /// (26.1, 26.1.1), and not by a king's move answering check (26.1.3).
    /// Other books: any threat that counts as a chase.
    pub fn chases_as(&self, readings: &Readings) -> bool {
        let alone_only = readings.king_and_pawn_chase_only_alone;
        if alone_only && self.evades_check && self.role == Role::King {
            return false;
        }
        self.threats.iter().any(|t| {
            counts_as_chase(readings, t.threat.kind)
                && !t.threat.flags.into_mate_undecided
                && !self.holds_key_point(readings, t.threat.target_role)
                && (!alone_only
                    || t.attacker_ids
                        .iter()
                        .any(|&(_, r)| !matches!(r, Role::King | Role::Pawn)))
        })
    }

    /// CXA 26.2 (守和要点, 图18): the move of a side's only attacking piece,
    /// against more, attacks an advisor or elephant only on the way: idle.
    pub fn holds_key_point(&self, readings: &Readings, target: Role) -> bool {
        readings.key_defensive_point
            && self.lone_attacker
            && matches!(target, Role::Advisor | Role::Elephant)
    }

    /// CXA 26.8: the move is a pawn's capture that uncovered another
    /// piece's check, which the book counts as a chase
    /// ([`Readings::pawn_capture_check_is_chase`]).
    pub fn pawn_capture_check(&self, readings: &Readings) -> bool {
        readings.pawn_capture_check_is_chase
            && self.check
            && self.capture
            && self.role == Role::Pawn
            && !self.checkers.iter().any(|&(_, sq)| sq == self.mv.to)
    }

    /// The move checks as the book counts checks: not a pawn's capture that
    /// the CXA counts as a chase (26.8).
    pub fn checks_as(&self, readings: &Readings) -> bool {
        self.check && !self.pawn_capture_check(readings)
    }

    /// Whether the move attacks (CXA 24.13): checks, threatens mate or
    /// chases.
    pub fn attack(&self, readings: &Readings) -> Attack {
        // 不能离线 (29.4): a chase counts once the searches have found its
        // capture lets the other side no mate.
        let chases =
            self.chases_as(readings) && (self.searched || !readings.capture_into_mate_is_no_threat);
        if self.check || self.mate_threat == MateThreat::Mate || self.wins_by_check || chases {
            Attack::Attacks
        } else if readings.mate_threats_attack && !self.searched {
            Attack::Unsearched
        } else if self.mate_threat == MateThreat::Unknown
            || self
                .threats
                .iter()
                .any(|t| t.threat.flags.into_mate_undecided)
        {
            Attack::Undecided
        } else {
            Attack::Idle
        }
    }

    /// The identities of the pieces the move presses (chases, or offers to
    /// exchange), one bit each: a perpetual chase needs one bit set on
    /// every move of the side (Article 23, points 3 and 8).
    fn pressed(&self) -> u32 {
        self.pressed_from(ThreatKind::ExchangeOffer)
    }

    /// The same, counting threats to win a piece by discovered check too
    /// (the AXF's reading of a chase).
    fn pressed_with_discovered(&self) -> u32 {
        self.pressed_from(ThreatKind::DiscoveredCheck)
    }

    fn pressed_from(&self, weakest: ThreatKind) -> u32 {
        self.threats
            .iter()
            .filter(|t| t.threat.kind >= weakest)
            .fold(0, |mask, t| mask | 1 << t.target_id)
    }

    /// What the quick test reads of this move: it checks, the pieces it
    /// presses, those it presses counting discovered-check threats, and
    /// whether it attacks as the CXA reads it (idle under the other books).
    fn mark(&self, readings: &Readings) -> Mark {
        let attack = if readings.attacks_forbidden_in_any_mix {
            self.attack(readings)
        } else {
            Attack::Idle
        };
        (
            self.check,
            self.pressed(),
            self.pressed_with_discovered(),
            attack,
        )
    }
}

const NO_PIECE: PieceId = PieceId::MAX;

/// Whether the piece on `moved` in `pos` is its side's only attacking piece
/// (rook, horse, cannon or a pawn across the river), the other side having
/// two or more (CXA 26.2: 守和方只有一个进攻子).
fn lone_attacker(pos: &Position, moved: Square) -> bool {
    let attacking = |sq: Square, p: Piece| match p.role {
        Role::Rook | Role::Horse | Role::Cannon => true,
        Role::Pawn => !sq.on_own_half(p.color),
        Role::King | Role::Advisor | Role::Elephant => false,
    };
    let Some(mover) = pos.piece_at(moved).filter(|&p| attacking(moved, p)) else {
        return false;
    };
    let count = |color: Color| {
        pos.board()
            .pieces()
            .filter(|&(sq, p)| p.color == color && attacking(sq, p))
            .count()
    };
    count(mover.color) == 1 && count(mover.color.other()) >= 2
}

/// Whether a standing chase `c`, which the move `mv` from `before` did not
/// create, may still be the move's as a joint chase: the book reads it so
/// ([`Readings::joint_chase_by_participant`]), the capture counts as a
/// chase, the moved piece is not the capturer, and the move answers no check (a chase made answering check
/// counts only if new, CXA 26.1.4).
fn joint_by_participant(readings: &Readings, before: &Position, mv: Move, c: &Capture) -> bool {
    readings.joint_chase_by_participant
        && counts_as_chase(readings, c.kind)
        && c.from != mv.to
        && !before.is_check()
}

/// The move `mv` played from `own_last` (after the mover's previous move, the other side to
/// move) as though the other side had passed: an answer to check without the check.
fn played_alone(own_last: &Position, mv: Move) -> Option<Position> {
    let mut alone = own_last.pass();
    alone.play(mv).ok()?;
    Some(alone)
}

/// 自毙 (CXA 参考图19): the chase `c` of a move answering check is the check's doing when
/// the answer played without the check (`alone`, the other side to move; `alone_mover`, the
/// mover to move) has the same capture, weaker: the checking move took away what made it no
/// chase (参考图19: the rook that left g3 to check protected the cannon g1).
fn made_by_the_check(
    alone: &Position,
    alone_mover: &Position,
    c: &Capture,
    readings: &Readings,
) -> bool {
    let m = Move::new(c.from, c.target);
    // A legal move onto a piece is a capture: one move checked, not every capture generated.
    alone_mover.piece_at(m.to).is_some()
        && alone_mover.is_legal(m)
        && classify_capture(alone_mover, alone, m, readings).is_some_and(|o| o.kind < c.kind)
}

/// The pieces the move `p` offers for exchange (兑), from `after` (the
/// other side to move; `mover_after` is the mover's turn): those of its own
/// kind the moved piece could take, whether or not the capture is new, and
/// those of the move's new threats that are offers, by any piece (a line
/// the move opens, 图9).
fn offered(p: &PlyAnalysis, after: &Position, mover_after: &Position) -> SquareSet {
    let mut offered = SquareSet::EMPTY;
    mover_after.for_each_legal_capture(|c| {
        if c.from == p.mv.to && after.piece_at(c.to).is_some_and(|x| x.role == p.role) {
            offered.insert(c.to);
        }
    });
    for t in &p.threats {
        if t.threat.kind == ThreatKind::ExchangeOffer {
            offered.insert(t.threat.target);
        }
    }
    offered
}

/// `capture` as a threat of the move, its pieces named by `id` (their
/// identities before the move).
fn tracked(
    capture: &Capture,
    id: impl Fn(Square) -> PieceId,
) -> impl Iterator<Item = TrackedThreat> {
    by_target(std::iter::once(capture))
        .into_iter()
        .map(move |threat| TrackedThreat {
            target_id: id(threat.target),
            attacker_ids: threat
                .attackers
                .iter()
                .map(|&(sq, role)| (id(sq), role))
                .collect(),
            threat,
        })
}

/// Whether the move `p` already chases the piece on `sq`, as the book
/// counts chases.
fn chases_already(readings: &Readings, p: &PlyAnalysis, sq: Square) -> bool {
    p.threats
        .iter()
        .any(|t| t.threat.target == sq && counts_as_chase(readings, t.threat.kind))
}

/// `capture` as a chase of the move `p`, in place of what the move's threat
/// on its target was (protected, as the board stands); its pieces named by
/// `id`.
fn add_chase(p: &mut PlyAnalysis, mut capture: Capture, id: impl Fn(Square) -> PieceId) {
    capture.kind = ThreatKind::Chase;
    p.threats.retain(|t| t.threat.target != capture.target);
    p.threats.extend(tracked(&capture, id));
}

/// See [`PlyAnalysis::mark`].
type Mark = (bool, u32, u32, Attack);

/// Analyses plies `first + 1 ..= last` of `replay`, a cycle: the position
/// after `last` is the one after `first`.
/// Captures are classified as the book reads them (`readings`).
pub fn analyse(replay: &Replay, readings: Readings, first: usize, last: usize) -> Vec<PlyAnalysis> {
    Analysis::new(replay, readings).cycle(first, last)
}

/// The plies of one game analysed on demand, each once.
pub struct Analysis<'r> {
    replay: &'r Replay,
    /// How the book reads a capture (which pinned pieces are chased).
    readings: Readings,
    views: Views,
    /// The analysed plies `lo..=hi`, one run with no gap, in order; empty
    /// until the first question.
    plies: VecDeque<PlyAnalysis>,
    /// Per analysed ply, what the quick test reads ([`PlyAnalysis::mark`]).
    marks: VecDeque<Mark>,
    lo: usize,
    hi: usize,
    /// The position after ply `lo - 1`, where the run starts, is in check.
    check_before_run: bool,
    /// Where the last walk stopped, to go on from without replaying.
    cursor: Option<Cursor>,
    /// The identity on each square before ply `lo`.
    start_ids: [PieceId; 90],
    /// How many plies have been analysed, to show the cost is linear.
    analyses: usize,
    /// The captures a move created, while its analysis is made.
    fresh: Vec<Capture>,
    /// Each position's mate threat, by key, once searched.
    mates: HashMap<u64, MateThreat, BuildHasherDefault<KeyHasher>>,
    /// Whether each position's side to move wins material by a check, by
    /// key, once searched.
    check_wins: HashMap<u64, bool, BuildHasherDefault<KeyHasher>>,
    /// Whether a piece takes part in a standing chase ([`takes_part`]), by
    /// the position's key, the piece's square and the capture, once asked:
    /// a cycle played again asks it again of the same positions.
    joint: HashMap<(u64, Square, Move), bool, BuildHasherDefault<KeyHasher>>,
}

/// The boards around one move, as its searches read them.
struct Boards {
    /// Before the move, the mover to move.
    before: Position,
    /// After it, the other side to move.
    after: Position,
    /// After it, the mover to move again.
    mover_after: Position,
}

impl Boards {
    /// Around the move of `ply` of `replay`.
    fn of(replay: &Replay, ply: usize) -> Boards {
        let after = replay.position(ply);
        Boards {
            before: replay.position(ply - 1),
            mover_after: after.pass(),
            after,
        }
    }
}

/// The state of a walk about to analyse ply `ply`.
struct Cursor {
    ply: usize,
    /// The position after ply `ply - 2`, if there is one.
    own_last: Option<Position>,
    /// The position after ply `ply - 1`.
    before: Position,
    /// The same board with the other side to move, once built.
    before_passed: OnceCell<Position>,
    ids: [PieceId; 90],
}

impl<'r> Analysis<'r> {
    /// Nothing is computed until a cycle is asked for; captures are
    /// classified as the book reads them (`readings`).
    pub fn new(replay: &'r Replay, readings: Readings) -> Analysis<'r> {
        Analysis {
            replay,
            readings,
            views: Views::default(),
            plies: VecDeque::new(),
            marks: VecDeque::new(),
            lo: 1,
            hi: 0,
            check_before_run: false,
            cursor: None,
            start_ids: [NO_PIECE; 90],
            analyses: 0,
            fresh: Vec::new(),
            mates: HashMap::default(),
            check_wins: HashMap::default(),
            joint: HashMap::default(),
        }
    }

    /// The moves of the cycle `first + 1 ..= last` as the law sees them.
    pub fn cycle(&mut self, first: usize, last: usize) -> Vec<PlyAnalysis> {
        let mut opening = self.analyse_span(first, last);
        if self.readings.attacks_forbidden_in_any_mix {
            // As much searched as the quick test needs: each side has a move
            // known idle, or every move of it searched.
            self.may_attack_throughout(opening.as_mut(), first, last);
        }
        let mut out = Vec::with_capacity(last - first);
        out.push(opening.unwrap_or_else(|| self.analysed(first + 1).clone()));
        out.extend((first + 2..=last).map(|ply| self.analysed(ply).clone()));
        out
    }

    /// The moves of the cycle with every move's searches made (mate threat,
    /// win by check), where the book counts them: what a reader of the
    /// cycle, not the law's quick test, wants to see of each move.
    pub fn cycle_searched(&mut self, first: usize, last: usize) -> Vec<PlyAnalysis> {
        let mut opening = self.analyse_span(first, last);
        if self.readings.attacks_forbidden_in_any_mix {
            for i in 0..last - first {
                if self.attack_at(opening.as_ref(), first, i) == Attack::Unsearched {
                    self.search_at(opening.as_mut(), first, last, i);
                }
            }
        }
        let mut out = Vec::with_capacity(last - first);
        out.push(opening.unwrap_or_else(|| self.analysed(first + 1).clone()));
        out.extend((first + 2..=last).map(|ply| self.analysed(ply).clone()));
        out
    }

    /// How the move of `ply` attacks, as a book that forbids attacks in any
    /// mix reads it ([`PlyAnalysis::attack`]): analysed, and searched if it
    /// neither checks nor chases. For a rule that reads moves outside any
    /// cycle (the nine-round rule).
    pub fn attack_of(&mut self, ply: usize) -> Attack {
        if self.unsearched_attack_of(ply) == Attack::Unsearched {
            self.search_at(None, ply - 1, ply, 0);
        }
        self.marks[ply - self.lo].3
    }

    /// [`attack_of`](Self::attack_of) as far as the move's analysis knows it
    /// without a search: [`Attack::Unsearched`] for a move that neither
    /// checks nor chases, where the book counts mate threats.
    pub fn unsearched_attack_of(&mut self, ply: usize) -> Attack {
        self.ensure(ply, ply);
        self.marks[ply - self.lo].3
    }

    /// The plies `from ..= to` as the law sees them, every move searched
    /// where the book counts mate threats: a stretch of the game that is no
    /// cycle (the nine-round rule's rounds).
    pub fn plies_searched(&mut self, from: usize, to: usize) -> Vec<PlyAnalysis> {
        for ply in from..=to {
            self.attack_of(ply);
        }
        (from..=to).map(|ply| self.analysed(ply).clone()).collect()
    }

    /// Calls `judge` with the moves of the cycle `first + 1 ..= last`,
    /// without copying them, unless a quick test says neither side can
    /// violate under `readings` (then `None`): a side must check on every
    /// move (Article 23, point 1), or never check and press one same piece
    /// on every move (points 3 and 8; under the AXF a threat to win a piece
    /// by discovered check presses it too).
    pub fn judge_if_suspect<R>(
        &mut self,
        first: usize,
        last: usize,
        judge: impl FnOnce(&[&PlyAnalysis]) -> R,
    ) -> Option<R> {
        let mut opening = self.analyse_span(first, last);
        if !self.may_violate(opening.as_mut(), first, last) {
            return None;
        }
        let mut cycle: Vec<&PlyAnalysis> = Vec::with_capacity(last - first);
        cycle.push(opening.as_ref().unwrap_or_else(|| self.analysed(first + 1)));
        cycle.extend((first + 2..=last).map(|ply| self.analysed(ply)));
        Some(judge(&cycle))
    }

    /// The quick test of [`judge_if_suspect`](Self::judge_if_suspect), on
    /// the per-ply marks, `opening` standing for the cycle's first move.
    fn may_violate(
        &mut self,
        opening: Option<&mut PlyAnalysis>,
        first: usize,
        last: usize,
    ) -> bool {
        if self.readings.attacks_forbidden_in_any_mix {
            return self.may_attack_throughout(opening, first, last);
        }
        let opening_mark = match opening {
            Some(p) => p.mark(&self.readings),
            None => self.marks[first + 1 - self.lo],
        };
        let loose = self.readings.discovered_check_threat_is_chase;
        let marks = std::iter::once(opening_mark)
            .chain(
                self.marks
                    .range(first + 2 - self.lo..=last - self.lo)
                    .copied(),
            )
            .map(|(check, pressed, with_discovered, _)| {
                (check, if loose { with_discovered } else { pressed })
            });
        // Per side (the first mover's, then the other's): every move checks,
        // some move checks, the pieces pressed on every move.
        let mut sides = [(true, false, u32::MAX); 2];
        let possible = |&(all_check, some_check, pressed): &(bool, bool, u32)| {
            all_check || (!some_check && pressed != 0)
        };
        for (i, (check, pressed)) in marks.enumerate() {
            let side = &mut sides[i % 2];
            side.0 &= check;
            side.1 |= check;
            side.2 &= pressed;
            if !sides.iter().any(possible) {
                return false;
            }
        }
        sides.iter().any(possible)
    }

    /// The quick test under the CXA (24.13): a side may be forbidden when
    /// every move of it attacks or may. A move known idle settles its side
    /// at once; only then are the searches made, one move at a time, each
    /// once, so that the many cycles of a long game that share an idle move
    /// cost no search. Afterwards each side has a move known idle, or every
    /// move of it searched: all the law needs.
    fn may_attack_throughout(
        &mut self,
        mut opening: Option<&mut PlyAnalysis>,
        first: usize,
        last: usize,
    ) -> bool {
        let moves = last - first;
        let mut sides = [true; 2];
        let attacks = std::iter::once(self.attack_at(opening.as_deref(), first, 0)).chain(
            self.marks
                .range(first + 2 - self.lo..=last - self.lo)
                .map(|mark| mark.3),
        );
        for (i, attack) in attacks.enumerate() {
            if attack == Attack::Idle {
                sides[i % 2] = false;
                if !sides[0] && !sides[1] {
                    return false;
                }
            }
        }
        // The middle moves first: the next cycles judged, which grow or
        // slide along the game, keep them longest.
        let mid = moves / 2;
        let outwards = (0..2 * moves)
            .map(|k| {
                if k % 2 == 0 {
                    Some(mid + k / 2)
                } else {
                    mid.checked_sub(1 + k / 2)
                }
            })
            .filter_map(|i| i.filter(|&i| i < moves));
        for i in outwards {
            if sides[i % 2] && self.attack_at(opening.as_deref(), first, i) == Attack::Unsearched {
                self.search_at(opening.as_deref_mut(), first, last, i);
                if self.attack_at(opening.as_deref(), first, i) == Attack::Idle {
                    sides[i % 2] = false;
                }
            }
            if !sides[0] && !sides[1] {
                return false;
            }
        }
        sides[0] || sides[1]
    }

    /// How move `i` of the cycle after `first` attacks, from its mark.
    fn attack_at(&self, opening: Option<&PlyAnalysis>, first: usize, i: usize) -> Attack {
        match opening {
            Some(p) if i == 0 => p.attack(&self.readings),
            _ => self.marks[first + 1 + i - self.lo].3,
        }
    }

    /// Makes the searches of move `i` of the cycle after `first` (its
    /// first move analysed round the cycle, `opening`, compares with the
    /// mover's last move but one of the cycle).
    fn search_at(
        &mut self,
        opening: Option<&mut PlyAnalysis>,
        first: usize,
        last: usize,
        i: usize,
    ) {
        let ply = first + 1 + i;
        match opening {
            Some(p) if i == 0 => {
                // Round the cycle: the mover's previous move and the position
                // before it are the cycle's last moves.
                let own_last = self.replay.position(last - 1);
                self.weigh(p, Some(&own_last), Some((first, last - 1, last - 2)));
            }
            _ => {
                let idx = ply - self.lo;
                let own_last = (ply >= 2).then(|| self.replay.position(ply - 2));
                let mut p = self.plies[idx].clone();
                let earlier = (ply >= 3).then(|| (ply - 1, ply - 2, ply - 3));
                self.weigh(&mut p, own_last.as_ref(), earlier);
                self.marks[idx] = p.mark(&self.readings);
                self.plies[idx] = p;
            }
        }
    }

    /// The searches of the move `p`: its threats weighed (不能离线, 避抽),
    /// then its mate threat and win by check, the win not counted when the
    /// move parries its own exposure (自毙). `own_last` is the position after
    /// the mover's previous move; `earlier` the plies after which the other
    /// side's last move, the mover's previous move and the one before it
    /// stand, where the game has them ([`parries_own_exposure`](Self::parries_own_exposure)).
    fn weigh(
        &mut self,
        p: &mut PlyAnalysis,
        own_last: Option<&Position>,
        earlier: Option<(usize, usize, usize)>,
    ) {
        let boards = Boards::of(self.replay, p.ply);
        self.capture_into_mate(p, &boards);
        self.standing_captures_made_chases(p, &boards);
        self.chases_by_exchange(p, &boards);
        self.chases_of_false_roots(p, &boards);
        let (mate, wins) = self.search(p, &boards, own_last);
        let parry = wins
            && earlier.is_some_and(|(before, own_last, earlier)| {
                self.parries_own_exposure(before, own_last, earlier, p.ply)
            });
        (p.mate_threat, p.wins_by_check, p.searched) = (mate, wins && !parry, true);
        p.self_inflicted = parry;
    }

    /// 不能离线 (CXA 29.4, [`Readings::capture_into_mate_is_no_threat`]):
    /// "making the capture must not get one mated". Each chase of the move
    /// `p` whose every capture would let the other side mate by checks
    /// (which it could not before the capture) is no threat (图7: "不能离线吃
    /// 炮"); one the bounded search cannot decide is marked undecided. Made
    /// with the searches, when a judgment needs the move, not for every
    /// capture of every ply.
    fn capture_into_mate(&mut self, p: &mut PlyAnalysis, boards: &Boards) {
        if !self.readings.capture_into_mate_is_no_threat || p.check {
            return;
        }
        let Boards {
            after, mover_after, ..
        } = boards;
        for t in &mut p.threats {
            if !matches!(
                t.threat.kind,
                ThreatKind::Chase | ThreatKind::DiscoveredCheck
            ) {
                continue;
            }
            let outcomes = t.threat.attackers.iter().map(|&(from, _)| {
                mates_after_capture(mover_after, after, Move::new(from, t.threat.target))
            });
            let (mut mate, mut unknown, mut none) = (0, 0, 0);
            for o in outcomes {
                match o {
                    MateThreat::Mate => mate += 1,
                    MateThreat::Unknown => unknown += 1,
                    MateThreat::None => none += 1,
                }
            }
            if none > 0 {
                continue;
            }
            if unknown == 0 && mate > 0 {
                t.threat.kind = ThreatKind::Protected;
                t.threat.flags.into_mate = true;
            } else {
                t.threat.flags.into_mate_undecided = true;
            }
        }
    }

    /// The mover's standing captures that the move `p` makes chases: each
    /// capture after the move (not by the moved piece, whose captures the
    /// classifier judges) that counts as a chase, which the mover had
    /// before the move too but was then no threat, and now is. No threat
    /// before, for one of four reasons:
    /// - 避抽 (CXA 图16, [`Readings::capture_into_check_win_is_no_threat`]):
    ///   the other side then won the capturer by check
    ///   ([`wins_by_check_on`]), and a king's step took it out of that win
    ///   (26.1: "走动后…其他子产生新的捉": a king's step creating its rook's
    ///   chase counts). Only a king's step: both figures of 避抽 are (图16,
    ///   图8), and the book calls 图9's horse move that does the same 兑;
    /// - the capture let the other side mate, and any move made it safe
    ///   (图8, 图10, 29.4's made-safe half);
    /// - the side faced a mate threat, which the move parries: its standing
    ///   captures count from it on (参考图35: "解杀后形成炮捉车");
    /// - the capturer was a root, whose capture gave up more than it took,
    ///   and the move freed it (图12, 参考图28: "做根子捉子，得不偿失",
    ///   [`Readings::root_capture_at_a_loss_is_no_threat`],
    ///   [`capture_at_a_loss`]).
    ///
    /// Not for a move that checks or answers a check. Made with the
    /// searches, only for a move a judgment needs.
    fn standing_captures_made_chases(&mut self, p: &mut PlyAnalysis, boards: &Boards) {
        if !(self.readings.capture_into_check_win_is_no_threat
            || self.readings.root_capture_at_a_loss_is_no_threat)
            || p.check
            || p.evades_check
        {
            return;
        }
        let Boards {
            before,
            after,
            mover_after,
        } = boards;
        let (now, had) = (mover_after.legal_captures(), before.legal_captures());
        let id = self.ids_after(p);
        // 参考图35 ("解杀后形成炮捉车"): a side that faces a mate threat must
        // parry it; its captures are no threats until it has. Searched for
        // a move with a standing chase only.
        let mut parries_mate = None;
        // The other side's best exchange before the move (were the mover to
        // pass) and after it: what a capture gives up is weighed against it.
        let (mut standing_before, mut standing_after) = (None, None);
        for c in now {
            if c.from == p.mv.to
                || !had.contains(&c)
                || p.threats.iter().any(|t| t.threat.target == c.to)
            {
                continue;
            }
            let Some(mut capture) = classify_capture(mover_after, after, c, &self.readings) else {
                continue;
            };
            if !counts_as_chase(&self.readings, capture.kind) {
                continue;
            }
            let check_wins = self.readings.capture_into_check_win_is_no_threat;
            let out_of_check_win = check_wins
                && p.role == Role::King
                && wins_by_check_on(&before.after(c), c.to)
                && !wins_by_check_on(&mover_after.after(c), c.to);
            let freed = self.readings.root_capture_at_a_loss_is_no_threat
                && !out_of_check_win
                && capture_at_a_loss(
                    before,
                    c,
                    *standing_before.get_or_insert_with(|| best_exchange(&before.pass(), None)),
                )
                && !capture_at_a_loss(
                    mover_after,
                    c,
                    *standing_after.get_or_insert_with(|| best_exchange(after, None)),
                );
            if !out_of_check_win && !freed {
                if !check_wins {
                    continue;
                }
                // Made safe from mate, or made a threat by the parry of one.
                let parries = *parries_mate.get_or_insert_with(|| {
                    self.searched(&before.pass()) == MateThreat::Mate
                        && self.searched(after) == MateThreat::None
                });
                let unsafe_before =
                    parries || mates_after_capture(before, &before.pass(), c) == MateThreat::Mate;
                if !unsafe_before || mates_after_capture(mover_after, after, c) != MateThreat::None
                {
                    continue;
                }
            }
            capture.flags.root_freed = freed;
            p.threats.extend(tracked(&capture, &id));
        }
    }

    /// 以兑断根 (CXA 图4, [`Readings::exchange_cutting_a_root_is_chase`]):
    /// each protected piece that the mover, after the move `p`, could win
    /// once an even exchange has removed its protector
    /// ([`root_cuts_by_exchange`]), and could not so before it, is chased
    /// by the move: "进马则伏以炮换马多得一卒，判捉". Not for a move that
    /// checks or answers a check. Made with the searches, only for a move a
    /// judgment needs.
    fn chases_by_exchange(&mut self, p: &mut PlyAnalysis, boards: &Boards) {
        if !self.readings.exchange_cutting_a_root_is_chase || p.check || p.evades_check {
            return;
        }
        let Boards {
            before,
            after,
            mover_after,
        } = boards;
        let now = root_cuts_by_exchange(mover_after);
        if now.is_empty() {
            return;
        }
        let had = root_cuts_by_exchange(before);
        let id = self.ids_after(p);
        for m in now {
            if had.iter().any(|h| h.to == m.to) || chases_already(&self.readings, p, m.to) {
                continue;
            }
            let Some(mut capture) = classify_capture(mover_after, after, m, &self.readings) else {
                continue;
            };
            capture.flags.root_cut_by_exchange = true;
            add_chase(p, capture, &id);
        }
    }

    /// False roots (假根, CXA 28.16): each capture of the mover after the
    /// move `p` on a truly protected piece whose root the move made a false
    /// one, which it was not before the move, is a chase of the move. Two
    /// ways a root is false:
    /// - 不能离线 for a protector (29.4, 参考图25: "红方炮四平五，伏车五进三吃炮，
    ///   判捉", [`Readings::capture_into_mate_is_no_threat`]): every
    ///   recapture would let the mover mate by checks
    ///   ([`recaptures_into_mate`]); a search the budget cuts short decides
    ///   nothing;
    /// - a recapture that loses (28.16's 假根; 参考图13: "伏炮打仕，白得红仕";
    ///   参考图1: "伏前马进五吃象", [`Readings::losing_recapture_is_no_root`]):
    ///   every recapture leaves the mover a second capture that pays for
    ///   the first ([`recapture_loses`]).
    ///
    /// Not for a move that checks, answers a check or chases already. Made
    /// with the searches, only for a move a judgment needs.
    fn chases_of_false_roots(&mut self, p: &mut PlyAnalysis, boards: &Boards) {
        let (into_mate, losing) = (
            self.readings.capture_into_mate_is_no_threat,
            self.readings.losing_recapture_is_no_root,
        );
        // A move that chases already is judged a chase: the searches, one
        // per protected capture and recapture, would change no verdict.
        if !(into_mate || losing) || p.check || p.evades_check || p.chases_as(&self.readings) {
            return;
        }
        let Boards {
            before,
            after,
            mover_after,
        } = boards;
        let id = self.ids_after(p);
        for c in mover_after.legal_captures() {
            if chases_already(&self.readings, p, c.to) {
                continue;
            }
            let Some(mut capture) = classify_capture(mover_after, after, c, &self.readings) else {
                continue;
            };
            if capture.kind != ThreatKind::Protected || capture.protection != Protection::True {
                continue;
            }
            let was_legal = before.is_legal(c);
            if losing
                && recapture_loses(mover_after, c)
                && !(was_legal && recapture_loses(before, c))
            {
                capture.flags.recapture_loses = true;
            } else if into_mate
                && recaptures_into_mate(mover_after, c) == MateThreat::Mate
                && !(was_legal && recaptures_into_mate(before, c) != MateThreat::None)
            {
                capture.flags.root_into_mate = true;
            } else {
                continue;
            }
            add_chase(p, capture, &id);
        }
    }

    /// Each piece's identity after the move `p`, by its square: the moved
    /// piece keeps the one it had on `p.mv.from`.
    fn ids_after(&self, p: &PlyAnalysis) -> impl Fn(Square) -> PieceId + use<> {
        let (ids, mv) = (self.ids_before(p.ply), p.mv);
        move |sq| {
            if sq == mv.to {
                ids[mv.from.index()]
            } else {
                ids[sq.index()]
            }
        }
    }

    /// 自毙 (CXA 图13, [`Readings::self_inflicted_exposure`]): the move of
    /// `ply` parries a mate threat the mover's own previous move exposed it
    /// to. That move (after ply `own_last`) gave check, so the other side's
    /// reply (after ply `before`) was forced; after the reply the other
    /// side threatens mate, which it did not before the check (after ply
    /// `earlier`, the other side to move), and no longer after the move.
    /// Every threat must be one the bounded search settles.
    fn parries_own_exposure(
        &mut self,
        before: usize,
        own_last: usize,
        earlier: usize,
        ply: usize,
    ) -> bool {
        if !self.readings.self_inflicted_exposure || !self.replay.position(own_last).is_check() {
            return false;
        }
        self.searched(&self.replay.position(before).pass()) == MateThreat::Mate
            && self.searched(&self.replay.position(earlier).pass()) == MateThreat::None
            && self.searched(&self.replay.position(ply)) == MateThreat::None
    }

    /// The searches of a move `p` that neither checks nor chases: its mate
    /// threat and, if it has none, whether it wins material by a check.
    /// `own_last` is the position after the mover's previous move.
    fn search(
        &mut self,
        p: &PlyAnalysis,
        boards: &Boards,
        own_last: Option<&Position>,
    ) -> (MateThreat, bool) {
        let Boards {
            before,
            after,
            mover_after,
        } = boards;
        let offered = offered(p, after, mover_after);
        let mate = self.mate_threat(
            p.role,
            before,
            mover_after,
            p.evades_check,
            own_last,
            offered,
        );
        let wins = self.readings.check_wins_are_chases
            && mate != MateThreat::Mate
            && !(p.evades_check && p.role == Role::King)
            && self.wins_by_check_newly(before, mover_after, own_last, offered, p.mv);
        (mate, wins)
    }

    /// Analyses every move of the cycle, and returns its first move analysed
    /// round the cycle when that differs from the game's own order: a move
    /// answering a check is compared with the mover's previous move, which
    /// for the cycle's first move is its last but one.
    fn analyse_span(&mut self, first: usize, last: usize) -> Option<PlyAnalysis> {
        assert!(first + 2 <= last && last <= self.replay.plies());
        let opening = first + 1;
        self.ensure(opening, last);
        if !self.check_after(first) {
            return None;
        }
        let round = last - 1;
        if opening >= 2 && self.replay.key(opening - 2) == self.replay.key(round) {
            return None;
        }
        let own_last = self.replay.position(round);
        let mut positions = self.replay.positions(first);
        let before = positions.next().expect("ply within the game");
        let after = positions.next().expect("ply within the game");
        let ids = self.ids_before(opening);
        let (analysis, _) = self.analyse_ply(
            opening,
            &before,
            &after,
            Some(&own_last),
            &ids,
            OnceCell::new(),
        );
        Some(analysis)
    }

    /// True if the position after `ply` (from `lo - 1` to `hi`) is in check:
    /// the analysed move of `ply` checked.
    fn check_after(&self, ply: usize) -> bool {
        if ply + 1 == self.lo {
            self.check_before_run
        } else {
            self.marks[ply - self.lo].0
        }
    }

    /// How many ply analyses have been made (each ply at most once).
    pub fn plies_analysed(&self) -> usize {
        self.analyses
    }

    /// The analysis of `ply`, which [`ensure`](Self::ensure) has made.
    fn analysed(&self, ply: usize) -> &PlyAnalysis {
        &self.plies[ply - self.lo]
    }

    /// Analyses the plies `from ..= to` (from 1) and any between them and
    /// those already analysed, so that the analysed plies stay one run.
    fn ensure(&mut self, from: usize, to: usize) {
        if self.lo > self.hi {
            let (at, ids) = self.cursor_at(from, None);
            self.start_ids = ids;
            self.check_before_run = at.before.is_check();
            (self.lo, self.hi) = (from, to);
            self.cursor = Some(self.walk(at, to));
            return;
        }
        if from < self.lo {
            // The pieces keep their identities: those of the run's first
            // ply, followed back through the moves. The earlier plies go
            // before the run's, put in front of it one by one, so that a run
            // that grows backwards many times is never copied whole.
            let (at, ids) = self.cursor_at(from, Some(self.lo));
            let check = at.before.is_check();
            let mut run = std::mem::take(&mut self.plies);
            let mut run_marks = std::mem::take(&mut self.marks);
            self.walk(at, self.lo - 1);
            while let Some(p) = self.plies.pop_back() {
                run.push_front(p);
            }
            while let Some(m) = self.marks.pop_back() {
                run_marks.push_front(m);
            }
            (self.plies, self.marks) = (run, run_marks);
            (self.start_ids, self.lo, self.check_before_run) = (ids, from, check);
        }
        if to > self.hi {
            let at = self.cursor.take().expect("a walk stopped after the run");
            self.cursor = Some(self.walk(at, to));
            self.hi = to;
        }
    }

    /// A walk about to analyse ply `from`, and the identities before it:
    /// the pieces numbered as they stand there, or, with `run` (the first
    /// ply of the analysed run, after `from`), those of the run followed
    /// back move by move, a piece captured in between numbered afresh.
    fn cursor_at(&self, from: usize, run: Option<usize>) -> (Cursor, [PieceId; 90]) {
        let mut positions = self.replay.positions(from.saturating_sub(2));
        let own_last = if from >= 2 { positions.next() } else { None };
        let before = positions.next().expect("ply within the game");
        let ids = match run {
            None => {
                let mut ids = [NO_PIECE; 90];
                for (n, (sq, _)) in before.board().pieces().enumerate() {
                    ids[sq.index()] = n as PieceId;
                }
                ids
            }
            Some(run) => {
                let mut ids = self.start_ids;
                // Walking back only ever adds identities (a captured piece
                // comes back, at most 32 in all): the ones in use are known
                // once, not searched for on every capture.
                let mut in_use = [false; 256];
                for &id in &ids {
                    in_use[usize::from(id)] = true;
                }
                let mut fresh: PieceId = 0;
                for ply in (from..run).rev() {
                    let mv = self.replay.mv(ply);
                    ids[mv.from.index()] = ids[mv.to.index()];
                    ids[mv.to.index()] = NO_PIECE;
                    if self.replay.is_capture(ply) {
                        while in_use[usize::from(fresh)] {
                            fresh += 1;
                        }
                        in_use[usize::from(fresh)] = true;
                        ids[mv.to.index()] = fresh;
                    }
                }
                ids
            }
        };
        let cursor = Cursor {
            ply: from,
            own_last,
            before,
            before_passed: OnceCell::new(),
            ids,
        };
        (cursor, ids)
    }

    /// Analyses the plies `at.ply ..= to`, walking the game forward and
    /// adding them after those analysed; returns where the walk stopped.
    fn walk(&mut self, mut at: Cursor, to: usize) -> Cursor {
        for ply in at.ply..=to {
            let mv = self.replay.mv(ply);
            let mut after = at.before.clone();
            after.play_unchecked(mv);
            let before_passed = std::mem::take(&mut at.before_passed);
            let (analysis, mover_after) = self.analyse_ply(
                ply,
                &at.before,
                &after,
                at.own_last.as_ref(),
                &at.ids,
                before_passed,
            );
            // The mover to move again after its move: the next move's start
            // with the other side to move.
            at.before_passed = OnceCell::from(mover_after);
            self.marks.push_back(analysis.mark(&self.readings));
            self.plies.push_back(analysis);
            self.analyses += 1;
            at.ids[mv.to.index()] = at.ids[mv.from.index()];
            at.ids[mv.from.index()] = NO_PIECE;
            at.own_last = Some(std::mem::replace(&mut at.before, after));
            at.ply = ply + 1;
        }
        at
    }

    /// The identity on each square before `ply` (in the analysed run) is
    /// played.
    fn ids_before(&self, ply: usize) -> [PieceId; 90] {
        let mut ids = self.start_ids;
        for p in self.lo..ply {
            let mv = self.replay.mv(p);
            ids[mv.to.index()] = ids[mv.from.index()];
            ids[mv.from.index()] = NO_PIECE;
        }
        ids
    }

    /// What the move of `ply` did, from `before` to `after`; `own_last` is
    /// the position after the mover's previous move, if it had one, and
    /// `before_passed` holds `before` with the other side to move if it was
    /// built already. Also returns `after` with the mover to move.
    fn analyse_ply(
        &mut self,
        ply: usize,
        before: &Position,
        after: &Position,
        own_last: Option<&Position>,
        ids: &[PieceId; 90],
        before_passed: OnceCell<Position>,
    ) -> (PlyAnalysis, Position) {
        let mv = self.replay.mv(ply);
        let role = before
            .piece_at(mv.from)
            .expect("a legal move has a piece")
            .role;
        // After the move the moved piece carries its identity on `mv.to`.
        let id_after = |sq: Square| {
            if sq == mv.to {
                ids[mv.from.index()]
            } else {
                ids[sq.index()]
            }
        };
        // The mover's captures after the move (had it the move again), each
        // judged new or not against its captures before it. A move that
        // gives check is a check (Article 22.2) and chases nothing: its side
        // is judged by its checks (23.1, 23.2), and the other side must
        // answer the check before any capture can be weighed.
        let mover_after = after.pass();
        let passed = || before_passed.get_or_init(|| before.pass());
        let check = after.is_check();
        self.fresh.clear();
        if !check {
            let now = self.views.view(mover_after.key(), || &mover_after);
            let old = self.views.view(before.key(), || before);
            let defending_king = before.king(before.turn().other());
            // The capturer's recaptures are weighed where the book weighs the
            // complete exchange: its king's surroundings are read too.
            let attacking_king = (self.readings.exchange_gain_is_chase
                || self.readings.pinned_capturer_losing_is_no_threat)
                .then(|| before.king(before.turn()));
            // A move far from a capture's points may still make or unmake a
            // mate after it (不能离线, CXA 29.4); that is not looked for: the
            // test is made where the classification is (a bound of cost,
            // `docs/rules.md` §III.2).
            let quiet = !self.replay.is_capture(ply);
            for i in now.captures() {
                let capture = self.views.captures[i].0;
                let had = self.views.find(old, capture, mv);
                // The same piece had the same capture and the move cannot have
                // changed what it is, or it takes a pawn that is never chased:
                // nothing new, and nothing to classify.
                if had.is_some()
                    && ((quiet
                        && classification_unchanged_by(
                            mv,
                            capture,
                            defending_king,
                            attacking_king,
                        )
                        // A guard of a cannon's screen takes part from anywhere.
                        && !(self.readings.joint_chase_by_participant
                            && guards_the_screen(&mover_after, capture, mv.to)))
                        || after
                            .piece_at(capture.to)
                            .is_some_and(|target| never_chased(target, capture.to)))
                {
                    continue;
                }
                let Some(c) = self
                    .views
                    .classified(i, &mover_after, || after, &self.readings)
                else {
                    continue;
                };
                let views = &mut self.views;
                let readings = &self.readings;
                let old_capture = || views.classified_known(had, before, passed, readings);
                if is_new(before, mv, &c, had.is_some(), old_capture) {
                    self.fresh.push(c);
                } else if joint_by_participant(&self.readings, before, mv, &c)
                    && *self
                        .joint
                        .entry((mover_after.key(), mv.to, Move::new(c.from, c.target)))
                        .or_insert_with(|| takes_part(&mover_after, mv.to, &c, &self.readings))
                {
                    // CXA 联合捉 (图11, 图25, 图27): the chase stood, and the
                    // moved piece takes part in it.
                    let mut c = c;
                    c.flags.joint = true;
                    self.fresh.push(c);
                }
            }
        }
        if before.is_check() {
            // Answering a check (Article 22.12): a capture the check only
            // suspended is not new. Compare also with the mover's captures
            // after its own previous move.
            if let Some(own_last) = own_last {
                let standing_pos = own_last.pass();
                let standing = self.views.view(standing_pos.key(), || &standing_pos);
                let views = &mut self.views;
                let readings = &self.readings;
                self.fresh.retain(|c| {
                    let had = views.find(standing, Move::new(c.from, c.target), mv);
                    let old_capture =
                        || views.classified_known(had, &standing_pos, || own_last, readings);
                    is_new(&standing_pos, mv, c, had.is_some(), old_capture)
                });
                // 自毙 (参考图19): a chase the check itself made is the checker's doing.
                if self.readings.self_inflicted_exposure
                    && !self.fresh.is_empty()
                    && let Some(alone) = played_alone(own_last, mv)
                {
                    let (alone_mover, readings) = (alone.pass(), &self.readings);
                    self.fresh
                        .retain(|c| !made_by_the_check(&alone, &alone_mover, c, readings));
                }
            }
        }
        let threats = by_target(&self.fresh)
            .into_iter()
            .map(|mut threat| {
                // The moved piece is one of a joint chase's chasers.
                if threat.flags.joint && !threat.attackers.iter().any(|&(sq, _)| sq == mv.to) {
                    let _ = threat.attackers.try_push((mv.to, role));
                }
                threat
            })
            .map(|threat| TrackedThreat {
                target_id: id_after(threat.target),
                attacker_ids: threat
                    .attackers
                    .iter()
                    .map(|&(sq, role)| (id_after(sq), role))
                    .collect(),
                threat,
            })
            .collect();
        // The squares the opponent could capture on before the move (had it
        // been its turn) and after.
        let theirs_before = self.views.view(before.pass_key(), passed).targets;
        let theirs_after = self.views.view(after.key(), || after).targets;
        let blocks = theirs_before
            .into_iter()
            .any(|sq| sq != mv.from && !theirs_after.contains(sq));
        let sacrifice = theirs_after.contains(mv.to);
        let evades_check = before.is_check();
        let analysis = PlyAnalysis {
            ply,
            side: before.turn(),
            mv,
            role,
            check,
            checkers: if check {
                after
                    .checkers()
                    .into_iter()
                    .map(|sq| (after.piece_at(sq).expect("a checker").role, sq))
                    .collect()
            } else {
                ArrayVec::new()
            },
            threats,
            blocks,
            sacrifice,
            evades_check,
            // The searches wait until a judgment needs them
            // (`may_attack_throughout`).
            mate_threat: MateThreat::None,
            wins_by_check: false,
            searched: false,
            lone_attacker: self.readings.key_defensive_point && lone_attacker(after, mv.to),
            self_inflicted: false,
            capture: self.replay.is_capture(ply),
        };
        (analysis, mover_after)
    }

    /// Whether the mover, to move again in `mover_after`, wins material by
    /// a check, and could not from `before` (the same side to move), nor,
    /// answering a check, after its own previous move (`own_last`, CXA
    /// 26.1.4), and would, answering a check, with the move `mv` played
    /// there (自毙, 参考图19): a threat the move created, the pieces the move
    /// offers for exchange (`offered`) won for nothing (图2, 图9).
    fn wins_by_check_newly(
        &mut self,
        before: &Position,
        mover_after: &Position,
        own_last: Option<&Position>,
        offered: SquareSet,
        mv: Move,
    ) -> bool {
        if !self.check_wins(mover_after) || self.check_wins(before) {
            return false;
        }
        if !offered.is_empty() && !wins_by_check_sparing(mover_after, offered) {
            return false;
        }
        match own_last {
            Some(own_last) if before.is_check() => {
                if self.check_wins(&own_last.pass()) {
                    return false;
                }
                // 自毙 (参考图19): a win the answer would not make without the check is
                // the check's doing.
                let made_by_the_check = self.readings.self_inflicted_exposure
                    && played_alone(own_last, mv)
                        .is_some_and(|alone| !self.check_wins(&alone.pass()));
                !made_by_the_check
            }
            _ => true,
        }
    }

    /// [`wins_by_check`] of `pos`, searched once per position.
    fn check_wins(&mut self, pos: &Position) -> bool {
        *self
            .check_wins
            .entry(pos.key())
            .or_insert_with(|| wins_by_check(pos))
    }

    /// Whether the move of a `role` from `before`, leaving `mover_after`
    /// (the mover to move again), threatens mate, as the CXA counts it: a
    /// threat the move created, not one the mover had before it; a king's
    /// move answering check threatens nothing (26.1.3), and another piece's
    /// move answering check only a threat that was not there after the
    /// mover's previous move (`own_last`, 26.1.4), or a mate by a first check
    /// that did not mate there (a new line, 图19); and not a mate that
    /// begins by taking a piece the move offers for exchange (`offered`).
    fn mate_threat(
        &mut self,
        role: Role,
        before: &Position,
        mover_after: &Position,
        evades_check: bool,
        own_last: Option<&Position>,
        offered: SquareSet,
    ) -> MateThreat {
        if evades_check && role == Role::King {
            return MateThreat::None;
        }
        let mut threat = self.searched(mover_after);
        // 兑, not 杀: a mate that begins by taking the piece the move offers
        // for exchange (图29).
        if threat == MateThreat::Mate && !offered.is_empty() {
            threat = threatens_mate_sparing(mover_after, offered);
        }
        // Only a threat the move created (CXA 29.2, as for a chase): the
        // mover could not mate so before it.
        if threat != MateThreat::None && self.searched(before) == MateThreat::Mate {
            return MateThreat::None;
        }
        if threat != MateThreat::None
            && evades_check
            && let Some(own_last) = own_last
        {
            // The mover threatened mate after its previous move already: the
            // answer's threat counts only by a new mating line (图19: "平4应将后
            // 增加了黑马退6的杀着").
            let standing = own_last.pass();
            if self.searched(&standing) == MateThreat::Mate {
                return match threat {
                    MateThreat::Mate => threatens_new_mate(mover_after, &standing),
                    _ => MateThreat::None,
                };
            }
        }
        threat
    }

    /// The mate threat of the side to move of `pos`, searched once per
    /// position.
    fn searched(&mut self, pos: &Position) -> MateThreat {
        *self
            .mates
            .entry(pos.key())
            .or_insert_with(|| threatens_mate(pos))
    }
}

/// What is known of each position the analysis passes through (board and
/// side to move), found by its key: its legal captures, the squares they
/// take on, and each capture's classification once a move's threats need
/// it. A position is seen as one move's result and the next one's start,
/// with either side to move, and again when the cycle comes round.
#[derive(Default)]
struct Views {
    index: HashMap<u64, View, BuildHasherDefault<KeyHasher>>,
    /// Every view's captures, each view's in one run, with what is known
    /// of them.
    captures: Vec<(Move, Class)>,
}

/// One position's captures, found in [`Views::captures`].
#[derive(Clone, Copy)]
struct View {
    start: usize,
    len: usize,
    /// The squares its captures take on.
    targets: SquareSet,
}

impl View {
    /// Where its captures are in [`Views::captures`].
    fn captures(self) -> Range<usize> {
        self.start..self.start + self.len
    }
}

/// What is known of one legal capture.
#[derive(Clone, Copy)]
enum Class {
    /// Not classified yet.
    Unknown,
    /// It takes the king: no threat (Article 22.4 concerns the other pieces).
    King,
    Known(Capture),
}

impl Views {
    /// The view of the position with `key`, its captures generated from
    /// `position` if it is new.
    fn view<'p>(&mut self, key: u64, position: impl FnOnce() -> &'p Position) -> View {
        match self.index.get(&key) {
            Some(&view) => view,
            None => self.add_view(key, position()),
        }
    }

    /// The new view of `position`, whose key is `key`. Out of line: the capture generator
    /// is then one copy of machine code however many places ask for a view, rather than one
    /// inlined into each (the analysis of a ply was 39 KB of code with five).
    #[inline(never)]
    fn add_view(&mut self, key: u64, position: &Position) -> View {
        if self.index.is_empty() {
            // Room for a short cycle's positions, in one allocation each.
            self.index.reserve(16);
            self.captures.reserve(256);
        }
        let start = self.captures.len();
        let mut targets = SquareSet::EMPTY;
        position.for_each_legal_capture(|m| {
            targets.insert(m.to);
            self.captures.push((m, Class::Unknown));
        });
        let view = View {
            start,
            len: self.captures.len() - start,
            targets,
        };
        self.index.insert(key, view);
        view
    }

    /// The capture at `i`, classified in `position`, whose view it is
    /// (`them`: the same board with the other side to move), unless it
    /// takes the king.
    fn classified<'p>(
        &mut self,
        i: usize,
        position: &Position,
        them: impl FnOnce() -> &'p Position,
        readings: &Readings,
    ) -> Option<Capture> {
        let (m, class) = self.captures[i];
        let class = match class {
            Class::Unknown => {
                let class = classify_capture(position, them(), m, readings)
                    .map_or(Class::King, Class::Known);
                self.captures[i].1 = class;
                class
            }
            known => known,
        };
        match class {
            Class::Known(c) => Some(c),
            Class::Unknown | Class::King => None,
        }
    }

    /// [`classified`](Self::classified) for a capture `find` found: the
    /// same piece as a capture's target, which is not the king.
    fn classified_known<'p>(
        &mut self,
        i: Option<usize>,
        position: &Position,
        them: impl FnOnce() -> &'p Position,
        readings: &Readings,
    ) -> Capture {
        let i = i.expect("asked only of a capture the piece had");
        self.classified(i, position, them, readings)
            .expect("the same target as a capture, not the king")
    }

    /// Where `view` holds the capture `capture` by the same piece,
    /// followed back through the move `mv`, if it had that capture.
    fn find(&self, view: View, capture: Move, mv: Move) -> Option<usize> {
        let origin = if capture.from == mv.to {
            mv.from
        } else {
            capture.from
        };
        let m = Move::new(origin, capture.to);
        view.captures().find(|&i| self.captures[i].0 == m)
    }
}

/// Zobrist keys are uniformly random already: the table uses them as they
/// are instead of hashing them again.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}
