//! Classifying the moves of a game for the law (Article 22: check, chase),
//! with pieces tracked by identity so that "the same piece on every move"
//! survives the piece moving.
//!
//! A ruling may judge many cycles of one game, overlapping or not, so each
//! ply is analysed once and kept ([`Analysis`]); what a position threatens
//! is computed once per position and side to move, found by its key.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use arrayvec::ArrayVec;

use super::articles::Readings;
use super::replay::Replay;
use super::threats::{Captures, Threat, ThreatKind, by_target, classify_captures, new_captures};
use crate::xiangqi::{Color, Move, Position, Role, Square};

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
    /// presses, and those it presses counting discovered-check threats.
    fn mark(&self) -> Mark {
        (self.check, self.pressed(), self.pressed_with_discovered())
    }
}

const NO_PIECE: PieceId = PieceId::MAX;

/// See [`PlyAnalysis::mark`].
type Mark = (bool, u32, u32);

/// Analyses plies `first + 1 ..= last` of `replay`, a cycle: the position
/// after `last` is the one after `first`.
pub fn analyse(replay: &Replay, first: usize, last: usize) -> Vec<PlyAnalysis> {
    Analysis::new(replay).cycle(first, last)
}

/// The plies of one game analysed on demand, each once.
pub struct Analysis<'r> {
    replay: &'r Replay,
    views: Views,
    /// Indexed by ply; empty until the first question. The analysed plies
    /// are `lo..=hi`, one run with no gap.
    plies: Vec<Option<PlyAnalysis>>,
    /// Per ply, what the quick test reads ([`PlyAnalysis::mark`]).
    marks: Vec<Mark>,
    lo: usize,
    hi: usize,
    /// Where the last walk stopped, to go on from without replaying.
    cursor: Option<Cursor>,
    /// The identity on each square before ply `lo`.
    start_ids: [PieceId; 90],
    /// How many plies have been analysed, to show the cost is linear.
    analyses: usize,
}

/// The state of a walk about to analyse ply `ply`.
struct Cursor {
    ply: usize,
    /// The position after ply `ply - 2`, if there is one.
    own_last: Option<Position>,
    /// The position after ply `ply - 1`.
    before: Position,
    ids: [PieceId; 90],
}

impl<'r> Analysis<'r> {
    /// Nothing is computed until a cycle is asked for.
    pub fn new(replay: &'r Replay) -> Analysis<'r> {
        Analysis {
            replay,
            views: Views::default(),
            plies: Vec::new(),
            marks: Vec::new(),
            lo: 1,
            hi: 0,
            cursor: None,
            start_ids: [NO_PIECE; 90],
            analyses: 0,
        }
    }

    /// The moves of the cycle `first + 1 ..= last` as the law sees them.
    pub fn cycle(&mut self, first: usize, last: usize) -> Vec<PlyAnalysis> {
        let opening = self.analyse_span(first, last);
        let mut out = Vec::with_capacity(last - first);
        out.push(opening.unwrap_or_else(|| self.analysed(first + 1).clone()));
        out.extend((first + 2..=last).map(|ply| self.analysed(ply).clone()));
        out
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
        readings: &Readings,
        judge: impl FnOnce(&[&PlyAnalysis]) -> R,
    ) -> Option<R> {
        let opening = self.analyse_span(first, last);
        if !self.may_violate(opening.as_ref(), first, last, readings) {
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
        &self,
        opening: Option<&PlyAnalysis>,
        first: usize,
        last: usize,
        readings: &Readings,
    ) -> bool {
        let opening_mark = match opening {
            Some(p) => p.mark(),
            None => self.marks[first + 1],
        };
        let loose = readings.discovered_check_threat_is_chase;
        let marks = std::iter::once(opening_mark)
            .chain(self.marks[first + 2..=last].iter().copied())
            .map(|(check, pressed, with_discovered)| {
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

    /// Analyses every ply of the span, and returns its first move analysed
    /// round the cycle when that differs from the game's own order: a move
    /// answering a check is compared with the mover's previous move, which
    /// for the cycle's first move is its last but one.
    fn analyse_span(&mut self, first: usize, last: usize) -> Option<PlyAnalysis> {
        assert!(first + 2 <= last && last <= self.replay.plies());
        self.ensure(first.max(1), last);
        let opening = first + 1;
        // The position after `first` is in check if ply `first` checked.
        let in_check = match first {
            0 => self.replay.start().is_check(),
            _ => self.marks[first].0,
        };
        if !in_check {
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
        Some(self.analyse_ply(opening, &before, &after, Some(&own_last), &ids))
    }

    /// How many ply analyses have been made (each ply at most once).
    pub fn plies_analysed(&self) -> usize {
        self.analyses
    }

    /// The analysis of `ply`, which [`ensure`](Self::ensure) has made.
    fn analysed(&self, ply: usize) -> &PlyAnalysis {
        self.plies[ply].as_ref().expect("analysed by `ensure`")
    }

    /// Analyses the plies `from ..= to` (from 1) and any between them and
    /// those already analysed, so that the analysed plies stay one run.
    fn ensure(&mut self, from: usize, to: usize) {
        if self.plies.is_empty() {
            let n = self.replay.plies() + 1;
            self.plies = std::iter::repeat_with(|| None).take(n).collect();
            self.marks = vec![(false, 0, 0); n];
        }
        if self.lo > self.hi {
            let (at, ids) = self.cursor_at(from, None);
            self.start_ids = ids;
            (self.lo, self.hi) = (from, to);
            self.cursor = Some(self.walk(at, to));
            return;
        }
        if from < self.lo {
            // The pieces keep their identities: those of the run's first
            // ply, followed back through the moves.
            let (at, ids) = self.cursor_at(from, Some(self.lo));
            self.walk(at, self.lo - 1);
            (self.start_ids, self.lo) = (ids, from);
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
                let mut fresh = (0..)
                    .find(|n| !ids.contains(n))
                    .expect("fewer than 255 pieces");
                for ply in (from..run).rev() {
                    let mv = self.replay.mv(ply);
                    ids[mv.from.index()] = ids[mv.to.index()];
                    ids[mv.to.index()] = NO_PIECE;
                    if self.replay.is_capture(ply) {
                        while ids.contains(&fresh) {
                            fresh += 1;
                        }
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
            ids,
        };
        (cursor, ids)
    }

    /// Analyses the plies `at.ply ..= to`, walking the game forward; returns
    /// where the walk stopped.
    fn walk(&mut self, mut at: Cursor, to: usize) -> Cursor {
        for ply in at.ply..=to {
            let mv = self.replay.mv(ply);
            let mut after = at.before.clone();
            after.play_unchecked(mv);
            let analysis = self.analyse_ply(ply, &at.before, &after, at.own_last.as_ref(), &at.ids);
            self.marks[ply] = analysis.mark();
            self.plies[ply] = Some(analysis);
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
    /// the position after the mover's previous move, if it had one.
    fn analyse_ply(
        &mut self,
        ply: usize,
        before: &Position,
        after: &Position,
        own_last: Option<&Position>,
        ids: &[PieceId; 90],
    ) -> PlyAnalysis {
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
        let old = self.views.classified(before.key(), || before.clone());
        let now = self.views.classified(after.pass_key(), || after.pass());
        let mut fresh = new_captures(before, self.views.threats(old), mv, self.views.threats(now));
        if before.is_check() {
            // Answering a check (Article 22.12): a capture the check only
            // suspended is not new. Compare also with the mover's captures
            // after its own previous move.
            if let Some(own_last) = own_last {
                let own_last = own_last.pass();
                let standing = self.views.classified(own_last.key(), || own_last.clone());
                fresh = new_captures(&own_last, self.views.threats(standing), mv, &fresh);
            }
        }
        let threats = by_target(&fresh)
            .into_iter()
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
        // The opponent's captures before the move (had it been its turn) and after.
        let theirs_before = self.views.generated(before.pass_key(), || before.pass());
        let theirs_after = self.views.generated(after.key(), || after.clone());
        let (theirs_before, theirs_after) = (
            self.views.captures(theirs_before),
            self.views.captures(theirs_after),
        );
        let blocks = theirs_before
            .iter()
            .any(|c| c.to != mv.from && !theirs_after.iter().any(|a| a.to == c.to));
        let sacrifice = theirs_after.iter().any(|a| a.to == mv.to);
        let check = after.is_check();
        PlyAnalysis {
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
        }
    }
}

/// What is known of each position the analysis passes through (board and
/// side to move): its legal captures and, when asked for, their
/// classification. A cycle's second round passes through the positions of
/// its first, and each board is seen with either side to move, so most
/// questions are asked twice or more.
#[derive(Default)]
struct Views {
    index: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    entries: Vec<View>,
}

struct View {
    captures: Vec<Move>,
    classified: Option<Captures>,
}

impl Views {
    /// The index of the view of the position with `key`, with its captures
    /// generated; `position` builds it if it is new.
    fn generated(&mut self, key: u64, position: impl FnOnce() -> Position) -> usize {
        let entries = &mut self.entries;
        *self.index.entry(key).or_insert_with(|| {
            entries.push(View {
                captures: position().legal_captures().to_vec(),
                classified: None,
            });
            entries.len() - 1
        })
    }

    /// The index of the view of the position with `key`, with its captures
    /// classified; `position` builds it if that is still to do.
    fn classified(&mut self, key: u64, position: impl Fn() -> Position) -> usize {
        let i = self.generated(key, &position);
        let view = &mut self.entries[i];
        if view.classified.is_none() {
            view.classified = Some(classify_captures(&position(), &view.captures));
        }
        i
    }

    fn captures(&self, i: usize) -> &[Move] {
        &self.entries[i].captures
    }

    fn threats(&self, i: usize) -> &Captures {
        self.entries[i]
            .classified
            .as_ref()
            .expect("classified by `classified`")
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
