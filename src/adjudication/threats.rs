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
//!   chased (23.6), unless it is pinned and cannot move (23.7; under the
//!   Asian rules only a rook held by a horse, AXF rule 19: the book's
//!   [`Readings::pinned_piece`]);
//! - a falsely protected target (căn giả: its protectors cannot legally
//!   recapture) is chased like an unprotected one (23.6).
//!
//! Only threats the move creates count (Article 22.4, "dọa bắt"). Newness is
//! judged per capturing piece: a capture is old only if the same piece,
//! followed through the move, already had it at least as strongly. A
//! protection that runs through a standing attacker's own square (the
//! protector stands behind the attacker and really attacks it) is not a root
//! the move can undermine: cutting it parries the attack on the attacker.
//! Under the CXA a chase that stood is also the move's when the moved piece
//! takes part in it without capturing (a joint chase, 联合捉: [`takes_part`]),
//! and a protected piece is chased when an even exchange on its protector
//! would leave it to be won (以兑断根: [`root_cuts_by_exchange`]), or when
//! every recapture of it would let a second capture win more (假根:
//! [`recapture_loses`]); a standing capture that gave up more than it took
//! is the move's when the move frees its capturer (做根子捉子:
//! [`capture_at_a_loss`]).

use arrayvec::ArrayVec;

use super::books::{PinnedPiece, Readings};
use crate::xiangqi::{
    Board, Color, IllegalMoveReason, Move, Piece, Position, Role, Square, SquareSet,
};

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
    /// The target is truly protected, pinned and unable to move, and the
    /// book does not chase it for that: under the Asian rules a threat to
    /// "check and capture", allowed (AXF rule 38, diagrams 97 and 98).
    pub pinned_not_chased: bool,
    /// The target is truly protected, but capturing it wins material after
    /// the complete exchange on its square: an under-protected piece (少根子)
    /// or a joint chase (联合捉), chased under the CXA (26.5, 图11, 图26).
    pub exchange_gain: bool,
    /// The capture would let the other side mate by checks (不能离线, CXA
    /// 29.4, 图7): no threat, read as [`ThreatKind::Protected`] (the mate
    /// guards the piece).
    pub into_mate: bool,
    /// Whether the capture lets the other side mate is more than the
    /// bounded search could decide ([`mates_after_capture`](super::mate_threat::mates_after_capture)): the threat
    /// is kept as classified, and a move that chases only so is undecided.
    pub into_mate_undecided: bool,
    /// The chase stood before the move, and the moved piece takes part in
    /// it without making the capture: without it the capture would be no
    /// chase (it screens the capturing cannon, pins or blocks the target's
    /// protector, or is an attacker the exchange needs). A joint chase (联合捉)
    /// the move makes, under the CXA ([`takes_part`]; 图11, 图25, 图27).
    pub joint: bool,
    /// The capturer is pinned against a piece of its side worth more than
    /// the target: leaving its square lets the other side win that piece
    /// (the complete exchange on its square), and the capture does not pay
    /// for it. Under the CXA no threat (被牵子捉子, 得不偿失, 26.5, 图23), read
    /// as [`ThreatKind::Protected`] (the pin guards the piece).
    pub pinned_capturer: bool,
    /// The target is protected, but an even exchange on its protector
    /// (以兑断根) leaves it to be won: a chase under the CXA
    /// ([`root_cuts_by_exchange`]; 图4, "以炮换马多得一卒").
    pub root_cut_by_exchange: bool,
    /// The target is protected, but every recapture would let the capturer's
    /// side mate by checks: its root is no root (不能离线 for a protector,
    /// CXA 29.4, 参考图25), and the capture chases it.
    pub root_into_mate: bool,
    /// The target is protected, but every recapture would leave the
    /// capturer's side a second capture that pays for the first: its root
    /// is a false one (假根, CXA 28.16, 参考图1, 参考图13), and the capture
    /// chases it ([`recapture_loses`]).
    pub recapture_loses: bool,
    /// The capture stood before the move, but then gave up more elsewhere
    /// than it took (做根子捉子，得不偿失, CXA 参考图28): the move freed the
    /// capturer, and its capture is the move's chase (图12,
    /// [`capture_at_a_loss`]).
    pub root_freed: bool,
}

/// One legal capture the side to move could make on an enemy piece (not
/// the king), classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    pub from: Square,
    pub attacker: Role,
    pub target: Square,
    pub target_role: Role,
    pub kind: ThreatKind,
    pub protection: Protection,
    pub flags: ChaseFlags,
}

/// One enemy piece under threat, and by whom: the captures of one target,
/// gathered for the answer.
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

/// The threats of one position or move, one per target.
pub type Threats = ArrayVec<Threat, 16>;

/// The legal capture `m` of the side to move of `pos` classified as the
/// book reads it (`readings`), or `None` if it takes the king;
/// `them_to_move` is `pos` with the other side to move ([`Position::pass`]).
pub fn classify_capture(
    pos: &Position,
    them_to_move: &Position,
    m: Move,
    readings: &Readings,
) -> Option<Capture> {
    let target = pos.piece_at(m.to).expect("a capture has a victim");
    debug_assert_eq!(target.color, pos.turn().other());
    if target.role == Role::King {
        return None;
    }
    let attacker = pos.piece_at(m.from).expect("a move has a piece");
    let (kind, protection, flags) = classify(pos, them_to_move, m, attacker, target, readings);
    Some(Capture {
        from: m.from,
        attacker: attacker.role,
        target: m.to,
        target_role: target.role,
        kind,
        protection,
        flags,
    })
}

/// Gathers captures by target: a target's kind is its strongest capture's
/// (true protection first among equals), its flags those of all of them.
pub fn by_target<'a>(captures: impl IntoIterator<Item = &'a Capture>) -> Threats {
    let mut out = Threats::new();
    for c in captures {
        let key = (c.kind, c.protection == Protection::True);
        match out.iter_mut().find(|t| t.target == c.target) {
            Some(t) => {
                let _ = t.attackers.try_push((c.from, c.attacker));
                let kind_so_far = t.kind;
                if key > (t.kind, t.protection == Protection::True) {
                    t.kind = c.kind;
                    t.protection = c.protection;
                }
                t.flags = merge(t.flags, c.flags, kind_so_far, c.kind);
            }
            None => {
                let mut attackers = ArrayVec::new();
                attackers.push((c.from, c.attacker));
                let _ = out.try_push(Threat {
                    target: c.target,
                    target_role: c.target_role,
                    kind: c.kind,
                    protection: c.protection,
                    flags: c.flags,
                    attackers,
                });
            }
        }
    }
    out
}

/// The flags of two captures of one target, of kinds `ka` and `kb`.
fn merge(a: ChaseFlags, b: ChaseFlags, ka: ThreatKind, kb: ThreatKind) -> ChaseFlags {
    // A capture that does not chase neither decides nor undecides a chase.
    let undecided = |f: ChaseFlags, k: ThreatKind| f.into_mate_undecided || k < ThreatKind::Chase;
    ChaseFlags {
        rook_by_horse_or_cannon: a.rook_by_horse_or_cannon || b.rook_by_horse_or_cannon,
        pinned_target: a.pinned_target || b.pinned_target,
        blocked_horse: a.blocked_horse || b.blocked_horse,
        pinned_not_chased: a.pinned_not_chased || b.pinned_not_chased,
        exchange_gain: a.exchange_gain || b.exchange_gain,
        into_mate: a.into_mate || b.into_mate,
        // Undecided only if every capture that chases is.
        into_mate_undecided: (a.into_mate_undecided || b.into_mate_undecided)
            && undecided(a, ka)
            && undecided(b, kb),
        joint: a.joint || b.joint,
        pinned_capturer: a.pinned_capturer || b.pinned_capturer,
        root_cut_by_exchange: a.root_cut_by_exchange || b.root_cut_by_exchange,
        root_into_mate: a.root_into_mate || b.root_into_mate,
        recapture_loses: a.recapture_loses || b.recapture_loses,
        root_freed: a.root_freed || b.root_freed,
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
    readings: &Readings,
) -> (ThreatKind, Protection, ChaseFlags) {
    let mut flags = ChaseFlags::default();
    if never_chased(target, m.to) {
        return (ThreatKind::UncrossedPawn, Protection::None, flags);
    }
    let after = AfterCapture::new(pos, m, attacker);
    let protection = protection(&after, m);
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
    if protection == Protection::False && recapture_stopped_by_discovered_check(&after, m) {
        return (ThreatKind::DiscoveredCheck, protection, flags);
    }
    // Article 23, point 7: a pinned piece that cannot move is chased, even
    // truly protected (for an unprotected one the flag only names the point).
    // AXF rule 19 says it of a rook held by a horse only; threatening
    // another such piece is the allowed "check and capture" of AXF rule 38.
    if let Some(pinners) = pinned_and_stuck(them_to_move, m.to) {
        flags.pinned_target = pinned_piece_chased(readings, them_to_move, target, pinners);
        flags.pinned_not_chased = !flags.pinned_target && protection == Protection::True;
    }
    let (kind, protection, mut flags) = match protection {
        Protection::True if flags.pinned_target => (ThreatKind::Chase, protection, flags),
        // CXA 26.5 (图11, 图26): a protected piece that the complete exchange
        // on its square wins is chased (少根子, 联合捉).
        Protection::True if readings.exchange_gain_is_chase && exchange_wins(pos, m) => {
            flags.exchange_gain = true;
            (ThreatKind::Chase, protection, flags)
        }
        // Article 23, point 6: real protection, no chase.
        Protection::True => (ThreatKind::Protected, protection, flags),
        // Article 23, point 6: false protection is no protection.
        Protection::False | Protection::None => (ThreatKind::Chase, protection, flags),
    };
    // CXA 26.5 (图23): a pinned capturer whose capture loses more than it
    // takes (被牵子捉子, 得不偿失) threatens nothing.
    if kind == ThreatKind::Chase
        && readings.pinned_capturer_losing_is_no_threat
        && uncovered_loss(pos, &after, m, exchange_value(target, m.to))
            > exchange_value(target, m.to)
    {
        flags.pinned_capturer = true;
        return (ThreatKind::Protected, protection, flags);
    }
    (kind, protection, flags)
}

/// CXA 26.5, 图23 (被牵子捉子): what the capturer's side loses to the other
/// side's best capture that the capture `m` uncovers through `m.from` (a
/// rook's or cannon's line through it, or a horse's leg on it), after the
/// complete exchange on that piece's square, in the values of
/// [`exchange_value`]; 0 if it uncovers none. Only the first two pieces
/// each way along `m.from`'s file and rank (a rook's target, a cannon's
/// beyond its screen) and its four diagonal neighbours (a horse's target
/// whose leg it was) can be uncovered. Only pieces worth more than `above`
/// are weighed: the exchange on a piece never nets more than the piece.
fn uncovered_loss(pos: &Position, after: &AfterCapture, m: Move, above: i32) -> i32 {
    // Only a rook or cannon on the capturer's file or rank, or a horse
    // beside it (its leg), can be uncovered: most captures have none.
    let them = after.defender;
    let board = &after.board;
    let on_line = board
        .squares_of(them, Role::Rook)
        .into_iter()
        .chain(board.squares_of(them, Role::Cannon))
        .any(|sq| sq.file() == m.from.file() || sq.rank() == m.from.rank());
    let beside = board
        .squares_of(them, Role::Horse)
        .into_iter()
        .any(|sq| sq.file().abs_diff(m.from.file()) + sq.rank().abs_diff(m.from.rank()) == 1);
    if !on_line && !beside {
        return 0;
    }
    let ours = them.other();
    let worth_more = |p: Piece, sq: Square| p.role != Role::King && exchange_value(p, sq) > above;
    let mut candidates = ArrayVec::<Square, 12>::new();
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut found = 0;
        let mut sq = m.from;
        while let Some(next) = sq.offset(df, dr) {
            sq = next;
            let Some(p) = after.board.piece_at(sq) else {
                continue;
            };
            if p.color == ours && sq != m.to && worth_more(p, sq) {
                candidates.push(sq);
            }
            found += 1;
            if found == 2 {
                break;
            }
        }
    }
    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        if let Some(sq) = m.from.offset(df, dr)
            && sq != m.to
            && after
                .board
                .piece_at(sq)
                .is_some_and(|p| p.color == ours && worth_more(p, sq))
        {
            candidates.push(sq);
        }
    }
    let mut loss = 0;
    let mut after_pos = None;
    for sq in candidates {
        let before = pos.board().attackers(sq, after.defender);
        for from in after.board.attackers(sq, after.defender) {
            if before.contains(from) || after.recapture(from, sq).is_err() {
                continue;
            }
            let after_pos = after_pos.get_or_insert_with(|| pos.after(m));
            loss = loss.max(exchange_gain(after_pos, Move::new(from, sq)));
        }
    }
    loss
}

/// Whether a threat of `kind` counts as a chase in the book: a chase, or a
/// threat to win the piece by discovered check where the book counts it
/// (the AXF's and the CXA's reading,
/// [`Readings::discovered_check_threat_is_chase`]).
pub fn counts_as_chase(readings: &Readings, kind: ThreatKind) -> bool {
    kind == ThreatKind::Chase
        || (readings.discovered_check_threat_is_chase && kind == ThreatKind::DiscoveredCheck)
}

/// CXA joint chase (联合捉, 图11, 图25, 图27, 参考图39): whether the piece on `part` in
/// `pos`, of the side to move and not the capturer, takes part in the
/// chase `capture`: with it taken off the board the capturer no longer
/// reaches the target (the piece screened a cannon), or the capture is no
/// chase (the piece pinned or blocked the target's protector, or was an
/// attacker the complete exchange needs), or its target has a legal
/// recapture it has not with the piece (the piece cut the root: 断根, as a
/// capture that uncovers its check, 参考图11), or the piece guards the
/// capturing cannon's screen, which the other side could take (参考图39,
/// 参考图15).
/// Otherwise, a piece whose removal
/// would expose either king (a position that cannot stand, the mover in
/// check, the capture now illegal) takes no part.
pub fn takes_part(pos: &Position, part: Square, capture: &Capture, readings: &Readings) -> bool {
    debug_assert_ne!(part, capture.from);
    let m = Move::new(capture.from, capture.target);
    if guards_the_screen(pos, m, part) {
        return true;
    }
    // Otherwise a piece takes part only from where it touches the capture: on a line
    // with the target (a screen, a rook's or cannon's attack, a blocked or
    // opened line of a protector) or near it (a horse, an elephant's eye, a
    // horse's leg, an advisor), or so placed against one of the target's
    // protectors (a pin). Anywhere else its removal changes nothing.
    let defender = pos.turn().other();
    let near = |sq: Square| {
        sq.file() == part.file()
            || sq.rank() == part.rank()
            || (sq.file().abs_diff(part.file()) <= 2 && sq.rank().abs_diff(part.rank()) <= 2)
    };
    if !near(m.to) && !pos.board().attackers(m.to, defender).into_iter().any(near) {
        return false;
    }
    let mut board = *pos.board();
    board.set(part, None);
    // The capturing cannon's screen.
    if !board.attackers(m.to, pos.turn()).contains(m.from) {
        return true;
    }
    let Some(without) = pos.without(part) else {
        return false;
    };
    if without.is_check() || !without.is_legal(m) {
        return false;
    }
    classify_capture(&without, &without.pass(), m, readings).is_some_and(|w| {
        !counts_as_chase(readings, w.kind)
            || (w.protection == Protection::True && capture.protection != Protection::True)
    })
}

/// 联合捉 by the protector of a screen (参考图39: "车马炮联合捉车", the target
/// could take it; 参考图15: "车8退2（捉）", another piece could): whether the
/// piece on `part` guards the screen of the capture `m` by a cannon of the
/// side to move of `pos`, a screen a piece of the other side could otherwise
/// take. From wherever it guards it: a rook far down the screen's file as
/// well.
pub fn guards_the_screen(pos: &Position, m: Move, part: Square) -> bool {
    let board = pos.board();
    if pos.piece_at(m.from).is_some_and(|p| p.role == Role::Cannon)
        && let Some(between) = board.occupied_between(m.from, m.to)
        && let Some(screen) = between.into_iter().next()
    {
        !board.attackers(screen, pos.turn().other()).is_empty()
            && board.attackers(screen, pos.turn()).contains(part)
    } else {
        false
    }
}

/// CXA 26.5 with 图4 ("进马则伏以炮换马多得一卒，判捉"), 以兑断根: the
/// captures of the side to move of `pos` that win a protected piece once an
/// even exchange has removed its protector. For each capture whose complete
/// exchange nets nothing (兑) and whose target protects another piece of the
/// other side, the exchange is played (the capture, then the least valuable
/// legal recapture); a capture of that other piece which then wins material
/// by the complete exchange on its square, and does not now, is one. Two
/// captures deep, one exchange: a bound of cost, and the figure's reading.
pub fn root_cuts_by_exchange(pos: &Position) -> ArrayVec<Move, 4> {
    let mut out = ArrayVec::new();
    let them = pos.turn().other();
    let mut captures = ArrayVec::<Move, 32>::new();
    pos.for_each_legal_capture(|c| {
        if pos.piece_at(c.to).is_some_and(|p| p.role != Role::King) {
            let _ = captures.try_push(c);
        }
    });
    for &exchange in &captures {
        if exchange_gain(pos, exchange) != 0 {
            continue;
        }
        // The other pieces the exchanged piece protects, and that the side
        // to move attacks but does not now win.
        let rooted: ArrayVec<Move, 8> = captures
            .iter()
            .filter(|m| {
                m.to != exchange.to
                    && pos.board().attackers(m.to, them).contains(exchange.to)
                    && exchange_gain(pos, **m) <= 0
            })
            .copied()
            .take(8)
            .collect();
        if rooted.is_empty() {
            continue;
        }
        let after = pos.after(exchange);
        let mut recapture: Option<(i32, Move)> = None;
        after.for_each_legal_capture(|r| {
            if r.to == exchange.to {
                let value = after
                    .piece_at(r.from)
                    .map_or(0, |p| exchange_value(p, r.from));
                if recapture.is_none_or(|(least, _)| value < least) {
                    recapture = Some((value, r));
                }
            }
        });
        let Some((_, recapture)) = recapture else {
            continue;
        };
        let then = after.after(recapture);
        for m in rooted {
            // The rooted piece may itself have taken back, and be gone.
            let still_there = then
                .piece_at(m.to)
                .is_some_and(|p| p.color == them && p.role != Role::King);
            if m.from != exchange.from
                && still_there
                && !out.contains(&m)
                && then.is_legal(m)
                && exchange_gain(&then, m) > 0
            {
                let _ = out.try_push(m);
            }
        }
    }
    out
}

/// CXA 28.16 (假根: "形式上是根，实际上起不到充分保护作用"), with 28.3's
/// "连续交换的手段": whether every recapture of the protected piece that the
/// capture `c` of the side to move of `pos` takes loses more than it saves.
/// Every legal recapture on its square must leave that side a second
/// capture that wins by the complete exchange on its square, which it did
/// not win before `c`, and that pays for the capturer given back: the
/// target's value, less the capturer's, plus the second capture's gain, is
/// more than nothing. The root is then a false one, and the target won.
/// - 参考图13 ("伏炮打仕，白得红仕"): the advisor e1 that would take back on
///   d0 alone protects the cannon d2 the rook attacks (an overloaded root);
/// - 参考图1 ("伏前马进五吃象"): the elephant that would take back on e7
///   lets the horse f4, its leg freed by the capture, take the rook g6.
///
/// No recapture at all is no root to weigh: `false`. Nor is a root whose
/// side has a capture to make first that checks or wins material, an
/// answer the two captures do not read: 参考图31's cannon takes the
/// elephant with check before the horse takes back ("红方可炮五进四打象，然后
/// 再马三进一吃炮…判闲"); in AXF diagram 87 the red rook takes the black rook
/// the capture uncovered. Two captures deep, no search.
pub fn recapture_loses(pos: &Position, c: Move) -> bool {
    let (Some(capturer), Some(target)) = (pos.piece_at(c.from), pos.piece_at(c.to)) else {
        return false;
    };
    let given_back = exchange_value(target, c.to) - exchange_value(capturer, c.to);
    let after = pos.after(c);
    let (mut recaptures, mut counter) = (ArrayVec::<Move, 8>::new(), false);
    after.for_each_legal_capture(|r| {
        if r.to == c.to {
            let _ = recaptures.try_push(r);
        } else {
            counter = counter || exchange_gain(&after, r) > 0 || after.after(r).is_check();
        }
    });
    if recaptures.is_empty() || counter {
        return false;
    }
    let won_anyway = |m: Move| pos.is_legal(m) && exchange_gain(pos, m) > 0;
    recaptures.iter().all(|&r| {
        let then = after.after(r);
        let mut pays = false;
        then.for_each_legal_capture(|m| {
            pays = pays
                || (m.to != c.to
                    && then.piece_at(m.to).is_some_and(|p| p.role != Role::King)
                    && given_back + exchange_gain(&then, m) > 0
                    && !won_anyway(m));
        });
        pays
    })
}

/// CXA 参考图28 ("做根子捉子，得不偿失" → 闲), read with 图12: whether the
/// capture `c` of the side to move of `pos` gives up more elsewhere than
/// its target is worth. What it gives up is the other side's best complete
/// exchange after it on another square, less `standing`, its best as the
/// board stands ([`best_exchange`] of `pos` with the other side to move):
/// the piece the capturer alone protected, or a line it opened. In 图12,
/// the rook g7 taking the pawn g9 leaves the cannon h7, which Red's rook
/// attacks, to be taken. Unlike the pinned capturer's loss (lines through
/// the capturer's square, weighed for every capture), every capture of the
/// other side is weighed: asked only of a move the searches judge.
pub fn capture_at_a_loss(pos: &Position, c: Move, standing: i32) -> bool {
    let Some(target) = pos.piece_at(c.to) else {
        return false;
    };
    best_exchange(&pos.after(c), Some(c.to)) - standing > exchange_value(target, c.to)
}

/// The best complete exchange the side to move of `pos` has, on any square
/// but `not_on`, in the values of [`exchange_value`]; 0 if none wins.
pub fn best_exchange(pos: &Position, not_on: Option<Square>) -> i32 {
    let mut best = 0;
    pos.for_each_legal_capture(|m| {
        if Some(m.to) != not_on && pos.piece_at(m.to).is_some_and(|p| p.role != Role::King) {
            best = best.max(exchange_gain(pos, m));
        }
    });
    best
}

/// A piece's value in an exchange, CXA 1.2: a rook is worth two horses or
/// cannons, a horse a cannon, an advisor an elephant; a crossed pawn
/// counts least (its value "floats"; our scale is an inference), an uncrossed pawn
/// nothing, and the king is never given up.
pub fn exchange_value(piece: Piece, on: Square) -> i32 {
    match piece.role {
        Role::Rook => 10,
        Role::Horse | Role::Cannon => 5,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn if on.on_own_half(piece.color) => 0,
        Role::Pawn => 1,
        Role::King => 1000,
    }
}

/// CXA 26.5: after the capture `m` in `pos`, both sides recapturing on the
/// square with their least valuable legal piece, each free to stop, the
/// capturer comes out ahead (a static exchange, the board read again after
/// each capture, so screens and legs opened by it count).
fn exchange_wins(pos: &Position, m: Move) -> bool {
    exchange_gain(pos, m) > 0
}

/// What the capturer of `m` nets after the complete exchange on its square
/// (CXA 26.5), in the values of [`exchange_value`].
pub fn exchange_gain(pos: &Position, m: Move) -> i32 {
    let mut board = *pos.board();
    let mut kings = [pos.king(Color::Red), pos.king(Color::Black)];
    let to = m.to;
    let first = pos.piece_at(m.from).expect("a move has a piece");
    let target = pos.piece_at(to).expect("a capture has a victim");
    let mut gain = [0i32; 33];
    gain[0] = exchange_value(target, to);
    let mut standing = exchange_value(first, to);
    board.shift(m.from, to);
    if first.role == Role::King {
        kings[first.color.index()] = to;
    }
    let mut side = first.color.other();
    let mut depth = 0;
    while depth + 1 < gain.len() {
        let least = board
            .attackers(to, side)
            .into_iter()
            .filter(|&from| board.king_safety_after(from, to, kings, side).is_ok())
            .filter_map(|from| {
                board
                    .piece_at(from)
                    .map(|p| (exchange_value(p, to), from, p))
            })
            .min_by_key(|&(value, from, _)| (value, from.index()));
        let Some((value, from, piece)) = least else {
            break;
        };
        depth += 1;
        gain[depth] = standing - gain[depth - 1];
        standing = value;
        board.shift(from, to);
        if piece.role == Role::King {
            kings[side.index()] = to;
        }
        side = side.other();
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// Whether the book chases `target`, pinned by `pinners` (in `pos`) and
/// unable to move, although it is protected: any such piece under the
/// Vietnamese law (23.7); under the Asian rules a rook held by a horse
/// (rule 19), while a confined piece of another kind that is protected is
/// not chased (rule 17, diagram 54).
fn pinned_piece_chased(
    readings: &Readings,
    pos: &Position,
    target: Piece,
    pinners: SquareSet,
) -> bool {
    match readings.pinned_piece {
        PinnedPiece::Any => true,
        PinnedPiece::Never => false,
        PinnedPiece::RookHeldByHorse => {
            target.role == Role::Rook
                && pinners
                    .into_iter()
                    .any(|sq| pos.piece_at(sq).is_some_and(|p| p.role == Role::Horse))
        }
    }
}

/// Article 23, point 3: a pawn that has not crossed the river (`target`
/// standing on `on`) is not chased, whoever attacks it.
#[inline]
pub fn never_chased(target: Piece, on: Square) -> bool {
    target.role == Role::Pawn && on.on_own_half(target.color)
}

/// The board after a capture and where the kings stand: all that the
/// protection tests read, without building the position after it.
struct AfterCapture {
    board: Board,
    /// Red's king, then Black's.
    kings: [Square; 2],
    /// The side whose piece was taken, now to move.
    defender: Color,
}

impl AfterCapture {
    /// After `attacker`'s legal capture `m` in `pos`.
    fn new(pos: &Position, m: Move, attacker: Piece) -> AfterCapture {
        let mut board = *pos.board();
        board.shift(m.from, m.to);
        let mut kings = [pos.king(Color::Red), pos.king(Color::Black)];
        if attacker.role == Role::King {
            kings[attacker.color.index()] = m.to;
        }
        AfterCapture {
            board,
            kings,
            defender: attacker.color.other(),
        }
    }

    fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Whether the defender's piece on `from`, which reaches `to` by its own
    /// rules, may take there without exposing its king; if not, why, as
    /// [`Position::check_move`] names it (the kings facing first).
    fn recapture(&self, from: Square, to: Square) -> Result<(), IllegalMoveReason> {
        self.board
            .king_safety_after(from, to, self.kings, self.defender)
    }
}

/// After the capture `m` (`after`), can the victim's side legally
/// recapture on `m.to`?
fn protection(after: &AfterCapture, m: Move) -> Protection {
    let mut guarded = false;
    for from in after.board.attackers(m.to, after.defender) {
        match after.recapture(from, m.to) {
            Ok(()) => return Protection::True,
            // It reaches the square, but its own king forbids the recapture.
            Err(_) => guarded = true,
        }
    }
    if guarded {
        Protection::False
    } else {
        Protection::None
    }
}

/// After the capture `m`, the victim's side is in check from pieces other
/// than the capturer (a discovered check, alone or with the capturer's own
/// check), and one of its pieces could recapture on `m.to` if those
/// discovered checkers were not there: only the uncovered check stops the
/// recapture.
fn recapture_stopped_by_discovered_check(after: &AfterCapture, m: Move) -> bool {
    let defender = after.defender;
    let discovered: ArrayVec<Square, 4> = after
        .board
        .attackers(after.king(defender), defender.other())
        .take(4)
        .filter(|&sq| sq != m.to)
        .collect();
    if discovered.is_empty() {
        return false;
    }
    let mut without_checkers = after.board;
    for &sq in &discovered {
        without_checkers.set(sq, None);
    }
    after
        .board
        .attackers(m.to, defender)
        .into_iter()
        .any(|from| {
            // The recapture removes the capturer, and with it its own check.
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

/// The pieces that pin the piece on `sq` (of the side to move), if it is
/// pinned and cannot move: removing it would expose its own king, and its
/// only legal moves, if any, capture a piece that pins it (a rook held by a
/// horse's leg may still take the horse: AXF rule 19 calls it immobilised
/// all the same). A piece between the kings has no pinner: the set is empty.
fn pinned_and_stuck(pos: &Position, sq: Square) -> Option<SquareSet> {
    let color: Color = pos.turn();
    // Only a piece on its king's file or rank (a line pin, or the kings'
    // file) or diagonally next to it (a horse's leg) can shield the king.
    let king = pos.king(color);
    let (df, dr) = (
        sq.file().abs_diff(king.file()),
        sq.rank().abs_diff(king.rank()),
    );
    if df != 0 && dr != 0 && (df, dr) != (1, 1) {
        return None;
    }
    let mut board = *pos.board();
    let piece = board.set(sq, None).expect("the target stands there");
    let pinners = board.attackers(pos.king(color), color.other());
    let faces = board.kings_face(pos.king(Color::Red), pos.king(Color::Black));
    if pinners.is_empty() && !faces {
        return None;
    }
    let mut can_move = false;
    pos.board().for_each_target(sq, piece, |to| {
        can_move = can_move || (!pinners.contains(to) && pos.is_legal(Move::new(sq, to)));
    });
    (!can_move).then_some(pinners)
}

/// For a capture `m` with a legal recapture, `pos` before it: true if every
/// legal recapture runs through the attacker's own square, by a protector
/// that attacks the attacker there (it stands behind it on the line).
fn root_through_attacker(pos: &Position, m: Move) -> bool {
    let attacker = pos.piece_at(m.from).expect("a move has a piece");
    let after = pos.after(m);
    let defender = after.turn();
    let mut standing = *after.board();
    standing.set(m.from, Some(attacker));
    let without_the_square = standing.attackers(m.to, defender);
    let on_the_attacker = pos.board().attackers(m.from, defender);
    after
        .board()
        .attackers(m.to, defender)
        .into_iter()
        .filter(|&from| after.is_legal(Move::new(from, m.to)))
        .all(|from| !without_the_square.contains(from) && on_the_attacker.contains(from))
}

/// True if the move `moved` of the capturer's side, no capture and not by
/// the capturing piece, cannot change how its capture `capture` is
/// classified: the same capture before and after the move is then the same
/// threat, so the move created nothing there (Article 22.4).
///
/// [`classify_capture`] reads only the target's lines and the points within
/// a horse's, an elephant's or an advisor's reach of it (its protectors, its
/// own moves), and the defending king's lines and the points within a
/// horse's reach of it or diagonally next to it (who attacks the king, the
/// kings facing). No elephant or advisor of the capturer's side ever reaches
/// the defending king across the river. A move whose two points are outside
/// all of these leaves every point the classification reads as it was.
/// Where the book weighs the complete exchange on the target's square
/// ([`Readings::exchange_gain_is_chase`]), the capturer's recaptures must
/// be legal too: its own king's surroundings (`attacking_king`) are read
/// as well, and so are the capturer's lines and neighbours (what its
/// leaving uncovers: [`Readings::pinned_capturer_losing_is_no_threat`]; the
/// protectors of an uncovered piece off those lines are not looked for, a
/// bound of cost).
/// Under a book that reads 不能离线
/// ([`Readings::capture_into_mate_is_no_threat`]) a distant move may still
/// change whether the other side mates after the capture: the shortcut
/// does not look for that (a bound of cost).
#[inline]
pub fn classification_unchanged_by(
    moved: Move,
    capture: Move,
    defending_king: Square,
    attacking_king: Option<Square>,
) -> bool {
    let mut read =
        READ_AROUND_TARGET[capture.to.index()] | READ_AROUND_KING[defending_king.index()];
    if let Some(king) = attacking_king {
        // And the capturer's lines, which the pinned capturer's reading
        // (CXA 图23) reads for what the capture uncovers.
        read |= READ_AROUND_KING[king.index()] | READ_AROUND_TARGET[capture.from.index()];
    }
    let touched = (1u128 << moved.from.index()) | (1u128 << moved.to.index());
    capture.from != moved.to && read & touched == 0
}

/// Per target point, one bit per point the classification reads around it.
static READ_AROUND_TARGET: [u128; 90] = read_around(true);
/// Per defending king's point, one bit per point read around it.
static READ_AROUND_KING: [u128; 90] = read_around(false);

/// Per point, the points on its lines, a horse's move or a diagonal step
/// away from it, and (with `elephant`) an elephant's move away.
const fn read_around(elephant: bool) -> [u128; 90] {
    let mut table = [0; 90];
    let mut centre: usize = 0;
    while centre < 90 {
        let mut sq: usize = 0;
        while sq < 90 {
            let df = (centre % 9).abs_diff(sq % 9);
            let dr = (centre / 9).abs_diff(sq / 9);
            let seen = df == 0
                || dr == 0
                || matches!((df, dr), (1, 1) | (1, 2) | (2, 1))
                || (elephant && df == 2 && dr == 2);
            if seen {
                table[centre] |= 1u128 << sq;
            }
            sq += 1;
        }
        centre += 1;
    }
    table
}

/// Whether the capture `c`, which the mover has after its move `mv`, is one
/// the move created: the same piece, followed through the move, did not
/// already have it at least as strongly in `old_pos` (before the move).
/// `had` says whether it had a legal capture of the same target there, and
/// `old` classifies that capture, asked only when the answer depends on it.
/// A standing attacker whose target lost a root running through the
/// attacker's own square gains nothing new: the move parried the attack on
/// the attacker (Article 22.12, 23.10).
pub fn is_new(
    old_pos: &Position,
    mv: Move,
    c: &Capture,
    had: bool,
    old: impl FnOnce() -> Capture,
) -> bool {
    if !had {
        return true;
    }
    // The target is the same piece on the same square before and after (a
    // ply moves one piece of each side at most, and the mover's lands on
    // none of the target's): it is an uncrossed pawn in both or in neither,
    // and any other threatened piece is at least protected. So a capture no
    // stronger than a protected target's is old, whatever it was before.
    if c.kind <= ThreatKind::Protected {
        return false;
    }
    let o = old();
    let moved = c.from == mv.to;
    let root_cut = || {
        !moved
            && o.protection == Protection::True
            && c.protection != Protection::True
            && root_through_attacker(old_pos, Move::new(o.from, o.target))
    };
    (o.kind < c.kind || undermined(&o, c)) && !root_cut()
}

/// Article 23, point 6 with point 7: a capture that was a chase already (on
/// a pinned piece that cannot move, or a rook under a horse or cannon) while
/// its target was truly protected, and whose target the move has left
/// without a legal recapture. The threat is new: the capture that would have
/// been an exchange now wins the piece outright (undermining the root,
/// Article 22.4), also when the capture would itself give check.
fn undermined(old: &Capture, new: &Capture) -> bool {
    old.kind == ThreatKind::Chase
        && new.kind == ThreatKind::Chase
        && old.protection == Protection::True
        && new.protection != Protection::True
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::{RuleSet, for_each_random_position};

    /// The classified capture `from`–`to` of the side to move in `fen`.
    fn capture(fen: &str, from: &str, to: &str) -> Capture {
        let pos = Position::from_fen(fen).expect("legal FEN");
        let sq = |s: &str| Square::from_iccs(s).expect("a square");
        let m = Move::new(sq(from), sq(to));
        assert!(pos.legal_captures().contains(&m), "the capture is legal");
        classify_capture(&pos, &pos.pass(), m, &RuleSet::VN2004.readings())
            .expect("it takes no king")
    }

    /// The two-capture readings (假根 and 做根子捉子) asked of every capture of
    /// every position of a few pseudo-random games, with either side to
    /// move: they answer (no panic, whatever the board), and each finds its
    /// case somewhere, so that the walk reaches them.
    #[test]
    fn the_two_capture_readings_answer_on_random_boards() {
        let (mut losing, mut at_a_loss) = (0, 0);
        for_each_random_position(0x2545_F491_4F6C_DD1D, 60, 160, |pos| {
            for p in [pos.clone(), pos.pass()] {
                let standing = best_exchange(&p.pass(), None);
                for c in p.legal_captures() {
                    losing += usize::from(recapture_loses(&p, c));
                    at_a_loss += usize::from(capture_at_a_loss(&p, c, standing));
                }
            }
        });
        assert!(losing > 0 && at_a_loss > 0, "{losing} {at_a_loss}");
    }

    /// The premise of [`classification_unchanged_by`], checked on every
    /// position of a few pseudo-random games: whenever it says a move leaves
    /// a standing capture's classification alone, classifying the capture
    /// before and after the move gives the same answer.
    #[test]
    fn a_move_away_from_every_point_a_classification_reads_leaves_it_unchanged() {
        let (mut unchanged, mut changed) = (0, 0);
        // Not a book that reads 不能离线 (CXA 29.4): a distant move can make
        // or unmake the mate after a capture, which the shortcut does not
        // look for (a bound of cost).
        let books: Vec<Readings> = RuleSet::ALL
            .map(RuleSet::readings)
            .into_iter()
            .filter(|r| !r.capture_into_mate_is_no_threat)
            .collect();
        for_each_random_position(0x2545_F491_4F6C_DD1D, 200, 150, |pos| {
            let defending_king = pos.king(pos.turn().other());
            let them = pos.pass();
            let moves = pos.legal_moves();
            for &mv in moves.iter().filter(|m| pos.piece_at(m.to).is_none()) {
                let after = pos.after(mv);
                let again = after.pass();
                let captures_after = again.legal_captures();
                for &c in pos.legal_captures().iter() {
                    if c.from == mv.from || !captures_after.contains(&c) {
                        continue;
                    }
                    let attacking_king = Some(pos.king(pos.turn()));
                    if !classification_unchanged_by(mv, c, defending_king, attacking_king) {
                        changed += 1;
                        continue;
                    }
                    unchanged += 1;
                    for readings in &books {
                        assert_eq!(
                            classify_capture(pos, &them, c, readings),
                            classify_capture(&again, &after, c, readings),
                            "{c:?} before and after {mv:?} in {pos:?}"
                        );
                    }
                }
            }
        });
        assert!(unchanged > 1000 && changed > 1000, "{unchanged} {changed}");
    }

    /// Red: horse e7 screening the rook e5 from the black king e9. The horse
    /// takes the cannon g8 and checks from there while uncovering the rook:
    /// a double check. The rook g2 guards g8, but taking the horse would not
    /// answer the rook's check: the piece is won by discovered check (rút
    /// ăn quân, Article 23, points 2 and 10), even though the capturer
    /// itself gives check too.
    #[test]
    fn article_23_point_10_a_capture_with_double_check_wins_the_piece_by_discovered_check() {
        let c = capture("n3k4/6c2/4N4/9/4R4/9/9/6r2/9/3K5 w - - 0 1", "e7", "g8");
        assert_eq!(
            (c.kind, c.protection),
            (ThreatKind::DiscoveredCheck, Protection::False)
        );
    }

    /// CXA 26.5 (图11, 图26): a cannon protected once by an advisor,
    /// attacked by a rook alone, is protected (the rook would be lost); with
    /// a horse on it too, the complete exchange wins material: a joint chase
    /// (联合捉) of an under-protected piece (少根子). The Vietnamese law counts
    /// neither.
    #[test]
    fn cxa_26_5_a_joint_attack_on_an_under_protected_piece_is_a_chase() {
        let classify = |fen: &str, from: &str, book: RuleSet| {
            let pos = Position::from_fen(fen).expect("legal FEN");
            let m = Move::new(
                Square::from_iccs(from).expect("a square"),
                Square::from_iccs("e8").expect("a square"),
            );
            classify_capture(&pos, &pos.pass(), m, &book.readings()).expect("no king")
        };
        let alone = "3a1k3/4c4/9/9/9/9/9/9/9/3KR4 w - - 0 1";
        let joint = "3a1k3/4c4/2N6/9/9/9/9/9/9/3KR4 w - - 0 1";
        let c = classify(alone, "e0", RuleSet::CXA2020);
        assert_eq!(c.kind, ThreatKind::Protected);
        // The horse takes first; the rook takes the advisor that recaptures.
        let c = classify(joint, "c7", RuleSet::CXA2020);
        assert_eq!((c.kind, c.flags.exchange_gain), (ThreatKind::Chase, true));
        // The rook taking first loses it.
        assert_eq!(
            classify(joint, "e0", RuleSet::CXA2020).kind,
            ThreatKind::Protected
        );
        assert_eq!(
            classify(joint, "c7", RuleSet::VN2004).kind,
            ThreatKind::Protected
        );
    }

    /// CXA 26.5, 图23 (被牵子捉子): the red cannon a2, pinned on its file by
    /// the black rook a5 against the red rook a0, threatens the unprotected
    /// black horse e2 over the black pawn c2; taking it gives up the rook (10 for
    /// 5): no chase under the CXA, a chase under the Vietnamese law. With a
    /// horse behind instead, the values are equal (价值相当): a chase.
    #[test]
    fn cxa_26_5_a_pinned_capturer_that_loses_more_than_it_takes_chases_nothing() {
        let classify = |fen: &str, book: RuleSet| {
            let pos = Position::from_fen(fen).expect("legal FEN");
            let m = Move::new(
                Square::from_iccs("a2").expect("a square"),
                Square::from_iccs("e2").expect("a square"),
            );
            assert!(pos.legal_captures().contains(&m), "the capture is legal");
            classify_capture(&pos, &pos.pass(), m, &book.readings()).expect("no king")
        };
        let rook_behind = "4k4/9/9/9/r8/9/9/C1p1n4/9/R2K5 w - - 0 1";
        let c = classify(rook_behind, RuleSet::CXA2020);
        assert_eq!(
            (c.kind, c.protection, c.flags.pinned_capturer),
            (ThreatKind::Protected, Protection::None, true)
        );
        assert_eq!(
            classify(rook_behind, RuleSet::VN2004).kind,
            ThreatKind::Chase
        );
        assert_eq!(classify(rook_behind, RuleSet::AXF).kind, ThreatKind::Chase);
        let horse_behind = "4k4/9/9/9/r8/9/9/C1p1n4/9/N2K5 w - - 0 1";
        let c = classify(horse_behind, RuleSet::CXA2020);
        assert_eq!(
            (c.kind, c.flags.pinned_capturer),
            (ThreatKind::Chase, false)
        );
    }

    /// A pinned piece that cannot move, protected: the Vietnamese law chases
    /// it (23.7); the CXA weighs what the capture wins (参考图11's 炮6平5, on
    /// an advisor pinned to its king, is idle). The black advisor e8 is
    /// pinned by the red cannon e4 (screen e7) and protected by the advisor
    /// f9; the rook a8 would give ten for two.
    #[test]
    fn cxa_a_pinned_protected_piece_is_not_chased_for_its_pin() {
        let fen = "4ka3/R3a4/4b4/9/9/4C4/9/9/9/3K5 w - - 0 1";
        let pos = Position::from_fen(fen).expect("legal FEN");
        let m = Move::new(
            Square::from_iccs("a8").expect("a square"),
            Square::from_iccs("e8").expect("a square"),
        );
        assert!(pos.legal_captures().contains(&m));
        let vn =
            classify_capture(&pos, &pos.pass(), m, &RuleSet::VN2004.readings()).expect("no king");
        assert_eq!((vn.kind, vn.flags.pinned_target), (ThreatKind::Chase, true));
        let cxa =
            classify_capture(&pos, &pos.pass(), m, &RuleSet::CXA2020.readings()).expect("no king");
        assert_eq!(
            (cxa.kind, cxa.protection),
            (ThreatKind::Protected, Protection::True)
        );
        assert!(cxa.flags.pinned_not_chased);
    }

    /// [`takes_part`]: the red rook b8 screens the cannon a8's capture of
    /// the black horse d8; the red horse g6 takes no part in it (it attacks
    /// nothing there and cuts no root); the red cannon f8, standing between
    /// the black rook i8 and the horse, cuts its root.
    #[test]
    fn cxa_takes_part_as_a_screen_or_a_root_cut_only() {
        let fen = "4k4/CR1n1C2r/9/6N2/9/9/9/9/9/3K5 w - - 0 1";
        let pos = Position::from_fen(fen).expect("legal FEN");
        let sq = |s: &str| Square::from_iccs(s).expect("a square");
        let readings = RuleSet::CXA2020.readings();
        let m = Move::new(sq("a8"), sq("d8"));
        let c = classify_capture(&pos, &pos.pass(), m, &readings).expect("no king");
        assert_eq!(
            (c.kind, c.protection),
            (ThreatKind::Chase, Protection::None)
        );
        assert!(takes_part(&pos, sq("b8"), &c, &readings));
        assert!(!takes_part(&pos, sq("g6"), &c, &readings));
        assert!(takes_part(&pos, sq("f8"), &c, &readings));
    }

    /// Article 23, point 10 allows perpetual "dọa chiếu rút bắt quân". Our
    /// reading: the allowance covers a piece that only the discovered check
    /// wins. An unguarded piece is lost to any capture, check or not, so a
    /// threat on it is a chase (23.3) like any other.
    #[test]
    fn article_23_point_10_an_unguarded_piece_is_chased_even_through_a_discovered_check() {
        let c = capture("n3k4/6c2/4N4/9/4R4/9/9/9/9/3K5 w - - 0 1", "e7", "g8");
        assert_eq!(
            (c.kind, c.protection),
            (ThreatKind::Chase, Protection::None)
        );
    }
}
