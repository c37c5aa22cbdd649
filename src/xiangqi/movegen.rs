//! Legal move generation: the moves of the side to move by its pieces' own
//! rules, kept only if they leave its king safe. Works on a board, a side,
//! its king and its check flag, so that it needs no
//! [`Position`](super::Position).

use super::attacks::reach;
use super::board::Board;
use super::square_set::{SquareSet, bit};
use super::tables::{HORSE_ATTACK_LEGS, HORSE_SOURCES, NO_RAY, RAY_MASKS, RAY_THROUGH};
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
        king_safe_after(self.board, self.king, m, piece)
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
/// pieces have no enemy piece within reach: they are found role by role with
/// one mask test each, and only the others are asked for their captures.
#[inline]
pub(super) fn generate_captures(
    board: &Board,
    turn: Color,
    king: Square,
    in_check: bool,
    mut emit: impl FnMut(Move),
) {
    let enemies = board.occupied_by(turn.other()).0;
    let mut capturers = 0;
    for role in Role::ALL {
        let piece = Piece::new(turn, role);
        for from in board.squares_of(turn, role) {
            if reach(piece, from) & enemies != 0 {
                capturers |= bit(from);
            }
        }
    }
    if capturers == 0 {
        return;
    }
    let guard = CaptureGuard::new(board, turn, king, in_check);
    // In square order, as the full generation has them.
    for from in SquareSet(capturers) {
        let piece = board.piece_at(from).expect("occupied");
        let tested = guard.may_expose(from, piece);
        board.for_each_capture(from, piece, |to| {
            let m = Move::new(from, to);
            if !tested || guard.is_safe_on_board_after(m, piece) {
                emit(m);
            }
        });
    }
}

/// Decides whether pseudo-legal captures of the side to move keep its king
/// safe. A capture changes the occupancy only on the square it leaves (the
/// captured piece's square is filled again), so a king that is not in check
/// and does not move can only be exposed through that square: on its line
/// from the king, to a rook, cannon or king beyond it, or as the leg of a
/// horse's attack. Only such captures are tested on the board after them.
struct CaptureGuard<'a> {
    board: &'a Board,
    king: Square,
    in_check: bool,
    /// Their rooks, cannons and king.
    sliders: u128,
    /// A horse of theirs stands a horse's jump from the king.
    horse_near: bool,
}

impl<'a> CaptureGuard<'a> {
    #[inline]
    fn new(board: &'a Board, turn: Color, king: Square, in_check: bool) -> CaptureGuard<'a> {
        let them = turn.other();
        CaptureGuard {
            board,
            king,
            in_check,
            sliders: board.line_attackers(them),
            horse_near: board.squares_of(them, Role::Horse).0 & HORSE_SOURCES[king.index()] != 0,
        }
    }

    /// False if every pseudo-legal capture of `piece` from `from` leaves its
    /// king safe; true if each must be tested on the board after it.
    #[inline(always)]
    fn may_expose(&self, from: Square, piece: Piece) -> bool {
        if self.in_check || piece.role == Role::King {
            return true;
        }
        let k = self.king.index();
        let d = RAY_THROUGH[k][from.index()];
        let opens_line = d != NO_RAY && RAY_MASKS[from.index()][usize::from(d)] & self.sliders != 0;
        opens_line || (self.horse_near && HORSE_ATTACK_LEGS[k] & bit(from) != 0)
    }

    /// True if the pseudo-legal capture `m` of `piece` leaves its king safe,
    /// tested on the board after it.
    #[inline(never)]
    fn is_safe_on_board_after(&self, m: Move, piece: Piece) -> bool {
        king_safe_after(self.board, self.king, m, piece)
    }
}

/// True if the pseudo-legal move `m` of `piece` leaves its king (on `king`, or on `m.to`
/// when it is the king that moves) unattacked, tested on the board after it.
#[inline(always)]
fn king_safe_after(board: &Board, king: Square, m: Move, piece: Piece) -> bool {
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
