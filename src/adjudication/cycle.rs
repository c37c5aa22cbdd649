//! Classifying every move of a repetition cycle (Article 22: check, chase),
//! with pieces tracked by identity so that "the same piece on every move"
//! survives the piece moving.

use arrayvec::ArrayVec;

use super::replay::Replay;
use super::threats::{Threat, ThreatKind, Threats, new_threats, threats_among};
use crate::xiangqi::{Color, Move, MoveList, Position, Role, Square};

/// A piece's identity for the length of a cycle: its index in the
/// placement at the cycle's start (no piece is captured inside a cycle).
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
}

const NO_PIECE: PieceId = PieceId::MAX;

/// Analyses plies `first + 1 ..= last` of `replay`, a cycle: the position
/// after `last` is the one after `first`.
pub fn analyse(replay: &Replay, first: usize, last: usize) -> Vec<PlyAnalysis> {
    // X[i] is the position after ply `first + i`.
    let xs: Vec<Position> = replay.positions(first).take(last - first + 1).collect();
    let len = xs.len() - 1;
    let mut ids = [NO_PIECE; 90];
    for (n, (sq, _)) in xs[0].board().pieces().enumerate() {
        ids[sq.index()] = n as PieceId;
    }
    let mut out = Vec::with_capacity(len);
    let mut views = Views::default();
    for i in 1..=len {
        let ply = first + i;
        let (before, after) = (&xs[i - 1], &xs[i]);
        let mv = replay.mv(ply);
        let role = before
            .piece_at(mv.from)
            .expect("a legal move has a piece")
            .role;
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = NO_PIECE;
        let (before_passed, after_passed) = (before.pass(), after.pass());
        let old = views.classified(before);
        let now = views.classified(&after_passed);
        let mut fresh = new_threats(views.threats(old), mv, views.threats(now));
        if before.is_check() {
            // Answering a check: a capture the check only suspended is not
            // new. Compare also with the mover's threats after its own last
            // move (going round the cycle for its first move).
            let own_last = if i >= 2 { &xs[i - 2] } else { &xs[len - 1] };
            let standing = views.classified(&own_last.pass());
            fresh = new_threats(views.threats(standing), mv, &fresh);
        }
        let threats = fresh
            .into_iter()
            .map(|threat| TrackedThreat {
                target_id: ids[threat.target.index()],
                attacker_ids: threat
                    .attackers
                    .iter()
                    .map(|&(sq, role)| (ids[sq.index()], role))
                    .collect(),
                threat,
            })
            .collect();
        // The opponent's captures before the move (had it been its turn) and after.
        let theirs_before = views.generated(&before_passed);
        let theirs_after = views.generated(after);
        let (theirs_before, theirs_after) =
            (views.captures(theirs_before), views.captures(theirs_after));
        let blocks = theirs_before
            .iter()
            .any(|c| c.to != mv.from && !theirs_after.iter().any(|a| a.to == c.to));
        let sacrifice = theirs_after.iter().any(|a| a.to == mv.to);
        let check = after.is_check();
        out.push(PlyAnalysis {
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
        });
    }
    out
}

/// What is known of each position the cycle passes through (board and side
/// to move): its legal captures and, when asked for, their classification.
/// A cycle's second round passes through the positions of its first, and
/// each board is seen with either side to move, so most questions are asked
/// twice or more.
#[derive(Default)]
struct Views {
    entries: Vec<View>,
}

struct View {
    key: u64,
    captures: MoveList,
    threats: Option<Threats>,
}

impl Views {
    /// The index of `pos`'s view, with its captures generated.
    fn generated(&mut self, pos: &Position) -> usize {
        let key = pos.key();
        match self.entries.iter().position(|v| v.key == key) {
            Some(i) => i,
            None => {
                self.entries.push(View {
                    key,
                    captures: pos.legal_captures(),
                    threats: None,
                });
                self.entries.len() - 1
            }
        }
    }

    /// The index of `pos`'s view, with its threats classified.
    fn classified(&mut self, pos: &Position) -> usize {
        let i = self.generated(pos);
        let view = &mut self.entries[i];
        if view.threats.is_none() {
            view.threats = Some(threats_among(pos, &view.captures));
        }
        i
    }

    fn captures(&self, i: usize) -> &MoveList {
        &self.entries[i].captures
    }

    fn threats(&self, i: usize) -> &Threats {
        self.entries[i]
            .threats
            .as_ref()
            .expect("classified by `classified`")
    }
}
