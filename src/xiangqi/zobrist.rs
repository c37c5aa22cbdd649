//! Zobrist keys: a 64-bit number per (piece, square) and one for the side to
//! move, XOR-ed together into a position key that is updated incrementally.

use super::board::Board;
use super::types::{Color, Piece, Square};

/// SplitMix64, a tiny generator good enough for fixed hashing constants.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_piece_keys() -> [[u64; 90]; 14] {
    let mut keys = [[0; 90]; 14];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (next, value) = splitmix64(state);
            state = next;
            keys[p][sq] = value;
            sq += 1;
        }
        p += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; 90]; 14] = build_piece_keys();

/// The key of `board` with `turn` to move, computed from scratch at compile
/// time (for constant positions; at run time [`piece_key`] reads the table).
pub(crate) const fn const_key(board: &Board, turn: Color) -> u64 {
    let keys = build_piece_keys();
    let mut key = turn_key(turn);
    let mut i = 0;
    while i < Square::COUNT {
        if let Some(piece) = board.piece_at_const(Square::from_index_unchecked(i as u8)) {
            key ^= keys[piece.index()][i];
        }
        i += 1;
    }
    key
}

/// XOR-ed in when Black is to move.
const BLACK_TO_MOVE: u64 = splitmix64(0x2545_F491_4F6C_DD1D).1;

/// The key contribution of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// The key contribution of the side to move.
#[inline]
pub(crate) const fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
