//! The piece placement: which piece stands on each point, kept beside square
//! sets by colour and by role, and the ways to change it. The questions of
//! attack are in [`attacks`](super::attacks); the side to move and legality
//! are [`Position`](super::Position)'s job.

use super::square_set::{SquareSet, bit};
use super::types::{Color, Piece, Role, Square};

/// Which piece stands on each of the 90 points: by square (what stands
/// here?) and as square sets by colour and by role (where are the enemy
/// rooks?), kept in step by [`set`](Board::set).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    squares: [Option<Piece>; 90],
    by_color: [SquareSet; 2],
    by_role: [SquareSet; 7],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on the board");
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Red's pieces at the start, by file and rank; Black's stand on the same
/// points mirrored across the river.
const START_RED: [(u8, u8, Role); 16] = [
    (0, 0, Role::Rook),
    (1, 0, Role::Horse),
    (2, 0, Role::Elephant),
    (3, 0, Role::Advisor),
    (4, 0, Role::King),
    (5, 0, Role::Advisor),
    (6, 0, Role::Elephant),
    (7, 0, Role::Horse),
    (8, 0, Role::Rook),
    (1, 2, Role::Cannon),
    (7, 2, Role::Cannon),
    (0, 3, Role::Pawn),
    (2, 3, Role::Pawn),
    (4, 3, Role::Pawn),
    (6, 3, Role::Pawn),
    (8, 3, Role::Pawn),
];

impl Board {
    /// The standard starting placement, built at compile time.
    pub const START: Board = Board::start();

    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            squares: [None; 90],
            by_color: [SquareSet::EMPTY; 2],
            by_role: [SquareSet::EMPTY; 7],
        }
    }

    /// The board of [`START`](Board::START).
    const fn start() -> Board {
        let mut board = Board::empty();
        let mut i = 0;
        while i < START_RED.len() {
            let (file, rank, role) = START_RED[i];
            let Some(sq) = Square::new(file, rank) else {
                panic!("the start table is on the board");
            };
            board.put(sq, Piece::new(Color::Red, role));
            board.put(sq.mirror_rank(), Piece::new(Color::Black, role));
            i += 1;
        }
        board
    }

    /// Puts `piece` on the empty point `sq`, at compile time.
    const fn put(&mut self, sq: Square, piece: Piece) {
        let b = 1 << sq.index();
        self.squares[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].0 |= b;
        self.by_role[piece.role as usize].0 |= b;
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// True if no piece stands on `sq`.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.squares[sq.index()].is_none()
    }

    /// Puts `piece` on `sq` (or clears it), returning what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = std::mem::replace(&mut self.squares[sq.index()], piece);
        if let Some(p) = old {
            self.by_color[p.color.index()].remove(sq);
            self.by_role[p.role as usize].remove(sq);
        }
        if let Some(p) = piece {
            self.by_color[p.color.index()].insert(sq);
            self.by_role[p.role as usize].insert(sq);
        }
        old
    }

    /// The squares holding `color`'s pieces.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.by_color[color.index()]
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The squares holding pieces of `role`, of either side.
    #[inline]
    pub(crate) fn by_role(&self, role: Role) -> u128 {
        self.by_role[role as usize].0
    }

    /// The squares holding `color`'s pieces of `role`.
    #[inline]
    pub fn squares_of(&self, color: Color, role: Role) -> SquareSet {
        SquareSet(self.by_color[color.index()].0 & self.by_role[role as usize].0)
    }

    /// Every `(square, piece)` on the board, `a0` first. Walks the occupied
    /// squares only, not all 90.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .map(|sq| (sq, self.piece_at(sq).expect("an occupied square")))
    }

    /// Where `color`'s king stands, if it is on the board (the lowest square
    /// if a setup has several).
    pub fn find_king(&self, color: Color) -> Option<Square> {
        self.squares_of(color, Role::King).next()
    }

    /// [`piece_at`](Self::piece_at) for constants built at compile time.
    pub(crate) const fn piece_at_const(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Moves `piece`, standing on `from`, to `to`, where `target` stands (or
    /// nothing): both known to the caller, so nothing is read back.
    #[inline(always)]
    pub(crate) fn move_piece(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        target: Option<Piece>,
    ) {
        let (from_bit, to_bit) = (bit(from), bit(to));
        self.squares[from.index()] = None;
        self.squares[to.index()] = Some(piece);
        if let Some(c) = target {
            self.by_color[c.color.index()].0 &= !to_bit;
            self.by_role[c.role as usize].0 &= !to_bit;
        }
        self.by_color[piece.color.index()].0 ^= from_bit | to_bit;
        self.by_role[piece.role as usize].0 ^= from_bit | to_bit;
    }

    /// Moves whatever stands on `from` to `to` without any check, returning
    /// the piece that stood on `to`. Always inlined: it is most of
    /// `Position::play_unchecked`, the replay's hot path.
    #[inline(always)]
    pub(crate) fn shift(&mut self, from: Square, to: Square) -> Option<Piece> {
        let Some(piece) = self.squares[from.index()].take() else {
            return self.set(to, None);
        };
        let captured = self.squares[to.index()].replace(piece);
        let (from_bit, to_bit) = (bit(from), bit(to));
        if let Some(c) = captured {
            self.by_color[c.color.index()].0 &= !to_bit;
            self.by_role[c.role as usize].0 &= !to_bit;
        }
        // `from` is in the piece's sets and `to` now in none: one flip each.
        self.by_color[piece.color.index()].0 ^= from_bit | to_bit;
        self.by_role[piece.role as usize].0 ^= from_bit | to_bit;
        captured
    }
}
