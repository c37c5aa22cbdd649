//! Square sets: one bit per point of the board, and the occupied points of
//! one ray read from such bits nearest first. Plain bit arithmetic, no pieces.

use super::tables::SQUARE_BITS;
use super::types::Square;

/// A set of squares, one bit per square (`a0` is bit 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub(super) u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// True if no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & bit(sq) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= bit(sq);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !bit(sq);
    }

    /// True if the set holds exactly one square (cheaper than counting).
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
}

impl Iterator for SquareSet {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }
}

/// The bit of `sq` in a square set.
#[inline]
pub(super) fn bit(sq: Square) -> u128 {
    SQUARE_BITS[sq.index()]
}

/// The occupied squares along one ray, nearest first: the ray's bits of the
/// occupancy, popped from the low end on rays that run up or right (rising
/// indices) and from the high end on rays that run down or left.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RayPieces {
    pub(super) bits: u128,
    pub(super) rising: bool,
}

impl Iterator for RayPieces {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.bits == 0 {
            return None;
        }
        let index = if self.rising {
            self.bits.trailing_zeros()
        } else {
            127 - self.bits.leading_zeros()
        };
        self.bits &= !SQUARE_BITS[index as usize];
        Some(Square::from_index_unchecked(index as u8))
    }
}
