//! Mate threats (杀, CXA 2020; the older text's 28.2: "凡走子企图在下一着照将
//! 或连续照将，将死对方者"): could the side to move mate by a check, or by
//! checks on every move, whatever the other side answers?
//!
//! Hand-written rather than an engine's search: the question is narrow
//! (only checking moves, every reply), it must be deterministic and
//! bounded, and it must say when it could not decide rather than guess.
//! The search goes at most [`MAX_CHECKS`] checks deep and visits at most
//! [`NODE_BUDGET`] moves; a search cut short by the budget answers
//! [`MateThreat::Unknown`], which the law reports instead of a verdict.
//!
//! The same module asks the narrower question of 抽吃: does a check win
//! material ([`wins_by_check`])?

use super::threats::{exchange_gain, exchange_value};
use crate::xiangqi::{Move, Position, Role, Square, SquareSet};

/// At most this many checks in a row (the mover's moves): the threats of
/// 图7 and 图20 are mates by four checks.
pub const MAX_CHECKS: u32 = 4;

/// At most this many checking moves tried by one search (图7's threat needs
/// about 1,300, counting the shallower passes).
pub const NODE_BUDGET: u32 = 5_000;

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateThreat {
    /// No mate by at most [`MAX_CHECKS`] checks in a row.
    None,
    /// A forced mate by checks.
    Mate,
    /// The budget ran out before the search could decide.
    Unknown,
}

/// Whether the side to move of `pos` can force mate by checks, within the
/// bounds: iterative deepening, so a short mate is found before a long
/// search spends the budget.
pub fn threatens_mate(pos: &Position) -> MateThreat {
    threatens_mate_sparing(pos, SquareSet::EMPTY)
}

/// [`threatens_mate`] without first moves that take a piece on `spared`:
/// a mate that begins by taking the rook offered for exchange is the
/// exchange, 兑, not a mate threat (图29: 红方长兑, the rook set against the
/// black rook whose capture would mate).
pub fn threatens_mate_sparing(pos: &Position, spared: SquareSet) -> MateThreat {
    threatens_mate_within(pos, spared, NODE_BUDGET)
}

/// At most this many checking moves tried by the search of 不能离线
/// ([`mates_after_capture`]), per search: it is asked of every capture of
/// a chase a judgment needs, so it gets a fifth of [`NODE_BUDGET`] (图7's
/// and 图10's mates take a few dozen).
pub const CAPTURE_BUDGET: u32 = NODE_BUDGET / 5;

/// 不能离线 (CXA 29.4: "making the capture must not get one mated"): does
/// the capture `m` of the side to move of `pos` let the other side force
/// mate by checks (a check parried by a check counts: 图7's "红车可垫将还杀"),
/// which it could not with the move before the capture (`them_to_move`:
/// `pos` with the other side to move)? A mate the other side has anyway is
/// not the capture's doing: the piece was guarding no line. Within
/// [`MAX_CHECKS`] and [`CAPTURE_BUDGET`] per search; out of budget,
/// [`MateThreat::Unknown`].
pub fn mates_after_capture(pos: &Position, them_to_move: &Position, m: Move) -> MateThreat {
    match threatens_mate_within(&pos.after(m), SquareSet::EMPTY, CAPTURE_BUDGET) {
        MateThreat::Mate => {
            match threatens_mate_within(them_to_move, SquareSet::EMPTY, CAPTURE_BUDGET) {
                MateThreat::None => MateThreat::Mate,
                MateThreat::Mate => MateThreat::None,
                MateThreat::Unknown => MateThreat::Unknown,
            }
        }
        other => other,
    }
}

/// At most this many checks in a row for a recapture's mate
/// ([`recaptures_into_mate`]): 参考图25's is one. Asked of every protected
/// capture of a move a judgment needs, so kept short: a bound of cost.
pub const ROOT_CHECKS: u32 = 2;

/// At most this many checking moves per recapture's search
/// ([`recaptures_into_mate`]).
pub const ROOT_BUDGET: u32 = NODE_BUDGET / 25;

/// 不能离线 for a protector (CXA 29.4, 参考图25: "伏车五进三吃炮"): whether
/// every legal recapture of the capture `c` of the side to move of `pos`
/// lets that side mate by checks: then the target's root is no root.
/// [`MateThreat::None`] if some recapture does not, or there is none;
/// within [`ROOT_CHECKS`] and [`ROOT_BUDGET`] per recapture, out of budget
/// [`MateThreat::Unknown`].
pub fn recaptures_into_mate(pos: &Position, c: Move) -> MateThreat {
    let after = pos.after(c);
    let (mut recaptures, mut unknown) = (0, false);
    for r in after.legal_moves() {
        if r.to != c.to {
            continue;
        }
        recaptures += 1;
        match threatens_mate_in(&after.after(r), SquareSet::EMPTY, ROOT_CHECKS, ROOT_BUDGET) {
            MateThreat::None => return MateThreat::None,
            MateThreat::Unknown => unknown = true,
            MateThreat::Mate => {}
        }
    }
    match (recaptures, unknown) {
        (0, _) => MateThreat::None,
        (_, true) => MateThreat::Unknown,
        (_, false) => MateThreat::Mate,
    }
}

/// [`threatens_mate`], counting only a mate whose first check would not mate
/// from `old` too (the same move there, the same side to move): a new mating
/// line, where `old` threatened mate already (CXA 图19: "平4应将后增加了黑马退6
/// 的杀着", an answer to check that adds a mate). Within [`MAX_CHECKS`] and
/// [`NODE_BUDGET`] for both positions' searches; out of budget,
/// [`MateThreat::Unknown`].
pub fn threatens_new_mate(pos: &Position, old: &Position) -> MateThreat {
    let mut budget = NODE_BUDGET;
    let mut new_line = || -> Result<bool, OutOfBudget> {
        for depth in 1..=MAX_CHECKS {
            for m in checking_moves(pos) {
                // The same move is the same piece's, from and to the same points.
                let same_piece = old.piece_at(m.from) == pos.piece_at(m.from);
                if mates_with(pos, m, depth, &mut budget)?
                    && !(same_piece
                        && checking_moves(old).any(|o| o == m)
                        && mates_with(old, m, MAX_CHECKS, &mut budget)?)
                {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    };
    match new_line() {
        Ok(true) => MateThreat::Mate,
        Ok(false) => MateThreat::None,
        Err(OutOfBudget) => MateThreat::Unknown,
    }
}

/// [`threatens_mate_sparing`] with `budget` checking moves at most.
fn threatens_mate_within(pos: &Position, spared: SquareSet, budget: u32) -> MateThreat {
    threatens_mate_in(pos, spared, MAX_CHECKS, budget)
}

/// [`threatens_mate_within`] with `checks` checks in a row at most.
fn threatens_mate_in(
    pos: &Position,
    spared: SquareSet,
    checks: u32,
    mut budget: u32,
) -> MateThreat {
    // No check at all: no mate by checks, at any depth.
    if checking_moves(pos).next().is_none() {
        return MateThreat::None;
    }
    for depth in 1..=checks {
        match mates(pos, depth, spared, &mut budget) {
            Ok(true) => return MateThreat::Mate,
            Ok(false) => {}
            Err(OutOfBudget) => return MateThreat::Unknown,
        }
    }
    MateThreat::None
}

/// The legal moves of the side to move of `pos` that give check, each
/// tested on a copy of the board alone (the position is played only for
/// the checks), and only if it touches the king's surroundings.
fn checking_moves(pos: &Position) -> impl Iterator<Item = Move> + '_ {
    let them = pos.turn().other();
    let king = pos.king(them);
    pos.legal_moves().into_iter().filter(move |m| {
        (may_check(king, m.from) || may_check(king, m.to)) && {
            let mut board = *pos.board();
            board.shift(m.from, m.to);
            board.king_attacked(king, them)
        }
    })
}

/// Whether a move from or to `sq` may give check to the king on `king`:
/// only if `sq` is on the king's file or rank (a rook's or cannon's line,
/// or its screen, made or opened) or within two points of it (a horse's
/// attack or its leg, a pawn's). Elsewhere a move changes nothing the king
/// is attacked through (the advisors and elephants never reach it, and a
/// king facing the other is an illegal move).
fn may_check(king: Square, sq: Square) -> bool {
    sq.file() == king.file()
        || sq.rank() == king.rank()
        || (sq.file().abs_diff(king.file()) <= 2 && sq.rank().abs_diff(king.rank()) <= 2)
}

/// The budget ran out.
struct OutOfBudget;

/// One move of `budget` spent, or [`OutOfBudget`] if none is left.
fn spend(budget: &mut u32) -> Result<(), OutOfBudget> {
    *budget = budget.checked_sub(1).ok_or(OutOfBudget)?;
    Ok(())
}

/// Can the side to move mate with `depth` checks at most?
fn mates(
    pos: &Position,
    depth: u32,
    spared: SquareSet,
    budget: &mut u32,
) -> Result<bool, OutOfBudget> {
    for m in checking_moves(pos) {
        if !spared.contains(m.to) && mates_with(pos, m, depth, budget)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Does the check `m` of the side to move mate, whatever the answers, with
/// `depth` checks at most (this one the first)?
fn mates_with(pos: &Position, m: Move, depth: u32, budget: &mut u32) -> Result<bool, OutOfBudget> {
    spend(budget)?;
    let after = pos.after(m);
    debug_assert!(after.is_check());
    let replies = after.legal_moves();
    if replies.is_empty() {
        return Ok(true);
    }
    if depth == 1 {
        return Ok(false);
    }
    for &r in &replies {
        spend(budget)?;
        if !mates(&after.after(r), depth - 1, SquareSet::EMPTY, budget)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// What a check must win to be 抽吃: a horse's or cannon's worth, so that
/// an exchange that gains a pawn or an advisor on the way is not (图13's
/// rook offered with check is 兑) \[I\].
pub const MATERIAL_WON: i32 = 5;

/// Whether the side to move of `pos` wins material by a check (抽吃, CXA
/// 28.3, 29.1: "从下一着开始运用连续照将…吃掉"): some checking move after
/// which, whatever the answer, a capture nets at least a horse's worth
/// ([`MATERIAL_WON`]) more than the check cost, by the complete exchange
/// on the captured piece's square, and no answer mates (CXA 29.4: "making
/// the capture must not get one mated"). A second check may come first:
/// a capture that checks (一将一抽, 图16: "退车可抽吃兵，同时将军，对手应将，
/// 继续吃掉黑车"), or a quiet check (连续照将: 图24's "红方可兵七平六将军弃兵
/// 得车"); it nets what it takes and, whatever the answer, the best capture
/// after it. Two checks deep at most, bounded by [`NODE_BUDGET`]; out of
/// budget, no.
pub fn wins_by_check(pos: &Position) -> bool {
    wins_by_check_ending_on(pos, None, SquareSet::EMPTY)
}

/// [`wins_by_check`], the pieces on `spared` won for nothing: winning the
/// piece offered for exchange is the exchange, 兑, not 抽吃, as for a mate
/// ([`threatens_mate_sparing`]). 图2: 车9平8 sets the rook against the
/// unprotected red rook, which it could take with check; 图9: 马二进三
/// opens the rook's file against the black rook, which a check first (the
/// cannon taking the pawn) would then let it take. The book calls both 兑.
/// A line that wins more than the offered piece still wins: 图17's rook set
/// against a rook is 捉 ("如黑方吃车则双车尽失": the black rook that took
/// would be taken back with check, and the other black rook then lost); in
/// 图13 the cannon takes the offered cannon with check, then the rook a
/// rook, and the book needs 自毙 to call it 兑.
pub fn wins_by_check_sparing(pos: &Position, spared: SquareSet) -> bool {
    wins_by_check_ending_on(pos, None, spared)
}

/// 避抽 (图16: "将6退1避抽后，车可以吃兵"): whether the side to move of
/// `pos` wins the piece on `square` by a check, as [`wins_by_check`]
/// counts it, the line ending with its capture: the piece that has just
/// captured there is lost to a 抽.
pub fn wins_by_check_on(pos: &Position, square: Square) -> bool {
    wins_by_check_ending_on(pos, Some(square), SquareSet::EMPTY)
}

/// [`wins_by_check`], the line's last capture on `only` if given, the
/// pieces on `spared` taken for nothing. Within [`NODE_BUDGET`] moves; out
/// of budget, no win is claimed.
fn wins_by_check_ending_on(pos: &Position, only: Option<Square>, spared: SquareSet) -> bool {
    let mut budget = NODE_BUDGET;
    wins_by_check_within(pos, only, spared, &mut budget).unwrap_or(false)
}

/// [`wins_by_check_ending_on`], each move searched counted against `budget`.
fn wins_by_check_within(
    pos: &Position,
    only: Option<Square>,
    spared: SquareSet,
    budget: &mut u32,
) -> Result<bool, OutOfBudget> {
    let ends = |sq: Square| only.is_none_or(|o| o == sq) && !spared.contains(sq);
    let mover = pos.turn();
    // What a capture on a square takes, nothing on `spared`.
    let value = |pos: &Position, sq: Square| {
        let piece = pos.piece_at(sq).filter(|_| !spared.contains(sq));
        piece.map_or(0, |p| exchange_value(p, sq))
    };
    for m in checking_moves(pos) {
        spend(budget)?;
        let after = pos.after(m);
        let taken = value(pos, m.to);
        let replies = after.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let mut every_reply_loses = true;
        for &r in &replies {
            spend(budget)?;
            let lost = after.piece_at(r.to).map_or(0, |p| exchange_value(p, r.to));
            let then = after.after(r);
            debug_assert_eq!(then.turn(), mover);
            // An answer that mates (图7: "红车可垫将还杀"): the check wins
            // nothing (29.4, 不能离线).
            if !then.has_legal_move() {
                every_reply_loses = false;
                break;
            }
            let mut best = 0;
            let mut captures = Vec::new();
            then.for_each_legal_capture(|c| {
                if then.piece_at(c.to).is_some_and(|p| p.role != Role::King) {
                    if ends(c.to) {
                        best = best.max(exchange_gain(&then, c));
                    }
                    captures.push(c);
                }
            });
            // A second check: a capture that checks (一将一抽, 图16), or a quiet check
            // (连续照将, 28.3: AXF diagram 98's rook checks the king up the palace and back,
            // then takes the horse).
            if taken - lost + best < MATERIAL_WON {
                let quiet = checking_moves(&then).filter(|q| then.piece_at(q.to).is_none());
                let seconds: Vec<Move> = captures.into_iter().chain(quiet).collect();
                for c in seconds {
                    if taken - lost + best >= MATERIAL_WON {
                        break;
                    }
                    let taken_then = value(&then, c.to);
                    if let Some(gain) = second_check_gain(&then, c, taken_then, ends, budget)? {
                        best = best.max(gain);
                    }
                }
            }
            if taken - lost + best < MATERIAL_WON {
                every_reply_loses = false;
                break;
            }
        }
        if every_reply_loses {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A second check of a win by check: what the move `c` of the side to move
/// of `pos` nets when it gives check, a capture (一将一抽, 图16) or a quiet
/// move (连续照将): what it takes (`taken`, nothing for a quiet move), less
/// the worst the answer takes back, plus the best complete exchange after
/// that answer (on a square `ends` accepts). `None` if the move gives no
/// check, or some answer mates (29.4) or leaves no move; each answer counts
/// against `budget`.
fn second_check_gain(
    pos: &Position,
    c: Move,
    taken: i32,
    ends: impl Fn(Square) -> bool,
    budget: &mut u32,
) -> Result<Option<i32>, OutOfBudget> {
    let them = pos.turn().other();
    let mut board = *pos.board();
    board.shift(c.from, c.to);
    if !board.king_attacked(pos.king(them), them) {
        return Ok(None);
    }
    spend(budget)?;
    let after = pos.after(c);
    let replies = after.legal_moves();
    if replies.is_empty() {
        return Ok(None);
    }
    let mut worst = i32::MAX;
    for &r in &replies {
        spend(budget)?;
        let lost = after.piece_at(r.to).map_or(0, |p| exchange_value(p, r.to));
        let then = after.after(r);
        if !then.has_legal_move() {
            return Ok(None);
        }
        let mut best = 0;
        then.for_each_legal_capture(|m| {
            if ends(m.to) && then.piece_at(m.to).is_some_and(|p| p.role != Role::King) {
                best = best.max(exchange_gain(&then, m));
            }
        });
        worst = worst.min(taken - lost + best);
    }
    Ok(Some(worst))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threat(fen: &str) -> MateThreat {
        threatens_mate(&Position::from_fen(fen).expect("legal FEN"))
    }

    /// The premise of [`may_check`], on every position of a few
    /// pseudo-random games: every legal move that gives check touches the
    /// checked king's surroundings, so testing only those finds them all.
    #[test]
    fn every_check_touches_the_kings_surroundings() {
        let mut checks = 0;
        crate::adjudication::for_each_random_position(0x9E37_79B9_7F4A_7C15, 200, 150, |pos| {
            let king = pos.king(pos.turn().other());
            for m in pos.legal_moves() {
                if pos.after(m).is_check() {
                    checks += 1;
                    assert!(may_check(king, m.from) || may_check(king, m.to), "{m:?}");
                }
            }
        });
        assert!(checks > 1_000, "{checks} checks seen");
    }

    /// A rook mates on the back rank at once.
    #[test]
    fn a_mate_in_one_check_is_a_threat() {
        // Black king d9, rank 8 held by the rook a8; the rook i0 goes to i9.
        assert_eq!(
            threat("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1"),
            MateThreat::Mate
        );
    }

    /// A mate threat is new by its line (图19's "增加了…杀着"): a first check
    /// that mates here but not from the older position. The rook i8 holds
    /// rank 8 and the king d0 the d-file, so a rook up to rank 9 mates.
    #[test]
    fn a_mate_by_a_new_first_check_is_a_new_threat() {
        let pos = |fen: &str| Position::from_fen(fen).expect("legal FEN");
        let old = pos("4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1");
        assert_eq!(threatens_mate(&old), MateThreat::Mate, "a0a9 mates");
        // The same position, or the same line beside a pawn that changes nothing: old.
        assert_eq!(threatens_new_mate(&old, &old), MateThreat::None);
        let pawn = pos("4k4/8R/9/9/9/9/P8/9/9/R2K5 w - - 0 1");
        assert_eq!(threatens_new_mate(&pawn, &old), MateThreat::None);
        // The rook on b0 mates by b0b9, a check the older position did not have.
        let moved = pos("4k4/8R/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
        assert_eq!(threatens_new_mate(&moved, &old), MateThreat::Mate);
        // No mate at all: none.
        let none = pos("4k4/9/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
        assert_eq!(threatens_new_mate(&none, &old), MateThreat::None);
    }

    /// Two rooks mate a lone king by three checks down the palace's ranks;
    /// a search allowed one move cannot tell, and says so rather than guess.
    #[test]
    fn a_search_out_of_budget_is_unknown() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1").expect("legal FEN");
        assert_eq!(threatens_mate(&pos), MateThreat::Mate);
        assert_eq!(
            threatens_mate_within(&pos, SquareSet::EMPTY, 1),
            MateThreat::Unknown
        );
    }

    /// The start position threatens nothing.
    #[test]
    fn the_start_threatens_no_mate() {
        assert_eq!(threatens_mate(&Position::new()), MateThreat::None);
    }

    /// 抽吃: the rook checks on the king's rank and, whatever the king
    /// does, takes the unprotected rook behind it (a skewer).
    #[test]
    fn a_check_that_wins_a_rook_wins_material() {
        let pos = Position::from_fen("9/3k3r1/9/9/9/9/9/9/R8/4K4 w - - 0 1").expect("legal FEN");
        assert!(wins_by_check(&pos));
        assert!(!wins_by_check(&Position::new()));
    }

    /// 一将一抽 (图16): the rook checks with the cannon behind it, the
    /// advisor must block, and the rook takes the elephant uncovering the
    /// cannon's check through the advisor; whatever answers, it takes the
    /// rook. The elephant alone (protected, and worth two) is no win; with
    /// the cannon off the file, the capture gives no check and wins nothing.
    #[test]
    fn a_capture_that_checks_wins_by_check() {
        let pos =
            Position::from_fen("3a5/4ak3/9/9/r1b4R1/9/9/5C3/9/4K4 w - - 0 1").expect("legal FEN");
        assert!(wins_by_check(&pos));
        let off_file =
            Position::from_fen("3a5/4ak3/9/9/r1b4R1/9/9/6C2/9/4K4 w - - 0 1").expect("legal FEN");
        assert!(!wins_by_check(&off_file));
    }

    /// 连续照将 (28.3; 图24): the rook checks on h9, the king steps to f8,
    /// the rook checks again on h8, quietly, and whatever the king does the
    /// rook takes the unprotected horse b8. With a black elephant on e7,
    /// which can answer the first check by blocking on g9, the line wins
    /// nothing.
    #[test]
    fn a_quiet_second_check_wins_by_check() {
        let pos = Position::from_fen("5k3/1n7/9/9/9/9/7R1/9/9/4K4 w - - 0 1").expect("legal FEN");
        assert!(wins_by_check(&pos));
        let blocked =
            Position::from_fen("5k3/1n7/4b4/9/9/9/7R1/9/9/4K4 w - - 0 1").expect("legal FEN");
        assert!(!wins_by_check(&blocked));
    }
}
