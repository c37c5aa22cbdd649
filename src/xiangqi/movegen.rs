//! Legal move generation: the moves of the side to move by its pieces' own
//! rules, kept only if they leave its king safe. Works on a board, a side,
//! its king and its check flag, so that it needs no
//! [`Position`](super::Position).

use super::attacks::reach;
use super::board::Board;
use super::square_set::SquareSet;
use super::types::{Color, Move, Piece, Role, Square};

/// Decides whether pseudo-legal moves of the side to move keep its king
/// safe, testing the board after the move only for the moves that could
/// expose it.
struct KingGuard<'a> {
    board: &'a Board,
    king: Square,
    in_check: bool,
    leaving: SquareSet,
    landing: SquareSet,
}

impl<'a> KingGuard<'a> {
    /// The guard of `turn`'s king on `king`; `in_check` says whether it is
    /// attacked now.
    #[inline]
    fn new(board: &'a Board, turn: Color, king: Square, in_check: bool) -> KingGuard<'a> {
        let (leaving, landing) = board.exposure(king, turn);
        KingGuard {
            board,
            king,
            in_check,
            leaving,
            landing,
        }
    }

    /// True if the pseudo-legal move `m` of `piece` leaves its king safe.
    /// The set test that settles most moves is inlined into the generator's
    /// loops; the few others are tested on the board after the move.
    #[inline(always)]
    fn is_safe(&self, m: Move, piece: Piece) -> bool {
        (!self.in_check
            && piece.role != Role::King
            && !self.leaving.contains(m.from)
            && !self.landing.contains(m.to))
            || self.is_safe_on_board_after(m, piece)
    }

    /// [`is_safe`](Self::is_safe) for a move the sets do not settle.
    #[inline(never)]
    fn is_safe_on_board_after(&self, m: Move, piece: Piece) -> bool {
        let king = if piece.role == Role::King {
            m.to
        } else {
            self.king
        };
        !self
            .board
            .king_attacked_after(m.from, m.to, king, piece.color)
    }
}

/// Calls `emit` with each legal move of `turn`, whose king stands on `king`
/// (in check if `in_check`). Pseudo-legal moves come from the tables; only
/// the few that could expose the king are tested on the occupancy they
/// would leave.
#[inline]
pub(super) fn generate(
    board: &Board,
    turn: Color,
    king: Square,
    in_check: bool,
    mut emit: impl FnMut(Move),
) {
    let guard = KingGuard::new(board, turn, king, in_check);
    for from in board.occupied_by(turn) {
        let piece = board.piece_at(from).expect("occupied");
        // Handed over by value, not by reference: the generator then inlines it.
        board.for_each_target(from, piece, |to| {
            let m = Move::new(from, to);
            if guard.is_safe(m, piece) {
                emit(m);
            }
        });
    }
}

/// Calls `emit` with each legal capture of `turn`, whose king stands on
/// `king` (in check if `in_check`), in the order of [`generate`]. Most
/// pieces have no enemy piece within reach and cost one mask test; the few
/// captures are tested one by one, which costs less than the sets of
/// [`KingGuard`].
#[inline]
pub(super) fn generate_captures(
    board: &Board,
    turn: Color,
    king: Square,
    in_check: bool,
    mut emit: impl FnMut(Move),
) {
    let enemies = board.occupied_by(turn.other()).0;
    for from in board.occupied_by(turn) {
        let piece = board.piece_at(from).expect("occupied");
        if reach(piece, from) & enemies == 0 {
            continue;
        }
        board.for_each_capture(from, piece, |to| {
            let m = Move::new(from, to);
            if capture_keeps_king_safe(board, m, piece, king, in_check) {
                emit(m);
            }
        });
    }
}

/// True if the pseudo-legal capture `m` of `piece` leaves its king, on
/// `king` before the move, safe: a king that is not in check and does not
/// move can only be exposed along the lines the move touches.
#[inline(never)]
fn capture_keeps_king_safe(
    board: &Board,
    m: Move,
    piece: Piece,
    king: Square,
    in_check: bool,
) -> bool {
    if !in_check
        && piece.role != Role::King
        && !board.move_may_change_attack(m.from, m.to, king, piece.color.other())
    {
        return true;
    }
    let king = if piece.role == Role::King { m.to } else { king };
    !board.king_attacked_after(m.from, m.to, king, piece.color)
}

/// True if `turn`, whose king stands on `king` (in check if `in_check`), has
/// at least one legal move.
pub(super) fn has_legal_move(board: &Board, turn: Color, king: Square, in_check: bool) -> bool {
    let guard = KingGuard::new(board, turn, king, in_check);
    board.occupied_by(turn).any(|from| {
        let piece = board.piece_at(from).expect("occupied");
        let mut found = false;
        board.for_each_target(from, piece, |to| {
            found = found || guard.is_safe(Move::new(from, to), piece);
        });
        found
    })
}
