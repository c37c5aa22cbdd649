//! The vocabulary of the board: colours, roles, pieces, squares and moves.
//!
//! Squares follow ICCS: files `a`..`i` from Red's left, ranks `0`..`9` from
//! Red's side, so Red's king starts on `e0` and Black's on `e9`.

use std::fmt;

/// The two sides. Red moves first and is written in uppercase in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `0` for Red, `1` for Black: an index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase English name (`"red"`, `"black"`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Tướng / General.
    King = 0,
    /// Sĩ.
    Advisor = 1,
    /// Tượng.
    Elephant = 2,
    /// Mã / Knight.
    Horse = 3,
    /// Xe / Chariot.
    Rook = 4,
    /// Pháo.
    Cannon = 5,
    /// Tốt / Binh / Soldier.
    Pawn = 6,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// How many pieces of this role one side has at the start (and at most).
    pub const fn max_count(self) -> u8 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The lowercase English name (`"rook"`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    /// The canonical FEN letter in lowercase (`k a b n r c p`).
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// Reads a FEN letter of either case, accepting `e` for elephants and
    /// `h` for horses besides the canonical `b` and `n`.
    pub const fn from_fen_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::King,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Rook,
            'c' => Role::Cannon,
            'p' => Role::Pawn,
            _ => return None,
        })
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A dense index `0..14` for per-piece tables (Zobrist keys).
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 7 + self.role as usize
    }

    /// The FEN letter: uppercase for Red.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Reads a FEN letter (`K`, `a`, `E`, `h`, ...).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_fen_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// One of the 90 points of the board, `a0` = 0 up to `i9` = 89.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The first point, `a0` (Red's left corner).
    pub const A0: Square = Square(0);

    /// The square on `file` (0 = a .. 8 = i) and `rank` (0..9), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with this index, if it is below 90.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Builds a square from an index known to be below 90.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// All 90 squares, `a0`, `b0`, ..., `i9`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..Square::COUNT as u8).map(Square)
    }

    /// The index `0..90`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File `0` (a) to `8` (i), from Red's left.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank `0` to `9`, from Red's side.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side: files and ranks reversed
    /// (a rotation by 180 degrees, which swaps the colours' halves).
    pub const fn rotate(self) -> Square {
        Square(89 - self.0)
    }

    /// The left-right mirror image (file `a` <-> `i`).
    pub const fn mirror_file(self) -> Square {
        Square(self.rank() * 9 + (8 - self.file()))
    }

    /// The top-bottom mirror image (rank `0` <-> `9`).
    pub const fn mirror_rank(self) -> Square {
        Square((9 - self.rank()) * 9 + self.file())
    }

    /// True if the square lies on `color`'s own half (Red: ranks 0-4).
    #[inline]
    pub const fn on_own_half(self, color: Color) -> bool {
        // Ranks 0 to 4 are the squares below 45: no division by 9.
        match color {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// True if the square lies inside `color`'s palace (files d-f, three ranks).
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Ranks counted from `color`'s own back rank (0) forward.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Red => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    /// Parses `e2` (ICCS coordinates, ranks 0-9).
    pub fn from_iccs(s: &str) -> Option<Square> {
        match s.as_bytes() {
            [f, r] => Square::from_iccs_bytes(*f, *r),
            _ => None,
        }
    }

    /// Parses a file letter and a rank digit (either case for the file).
    pub const fn from_iccs_bytes(file: u8, rank: u8) -> Option<Square> {
        let f = file.to_ascii_lowercase();
        if f < b'a' || f > b'i' || rank < b'0' || rank > b'9' {
            return None;
        }
        Square::new(f - b'a', rank - b'0')
    }

    /// The file letter, `'a'`..`'i'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The ICCS name, such as `e2`, without formatting or allocating.
    pub fn name(self) -> &'static str {
        let i = 2 * self.index();
        // The table holds only ASCII letter-digit pairs, so every even split is a boundary.
        &SQUARE_NAMES[i..i + 2]
    }
}

/// `a0b0c0...i9`: the names of all squares, in index order.
const SQUARE_NAMES: &str = "a0b0c0d0e0f0g0h0i0a1b1c1d1e1f1g1h1i1a2b2c2d2e2f2g2h2i2\
a3b3c3d3e3f3g3h3i3a4b4c4d4e4f4g4h4i4a5b5c5d5e5f5g5h5i5a6b6c6d6e6f6g6h6i6\
a7b7c7d7e7f7g7h7i7a8b8c8d8e8f8g8h8i8a9b9c9d9e9f9g9h9i9";

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move from one square to another. Whether it captures, and what, is a
/// question for the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// Builds a move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Reads plain ICCS coordinates, `h2e2` (no dash; see the `iccs`
    /// notation for the lenient reader).
    pub fn from_iccs(s: &str) -> Option<Move> {
        match s.as_bytes() {
            [f1, r1, f2, r2] => Some(Move::new(
                Square::from_iccs_bytes(*f1, *r1)?,
                Square::from_iccs_bytes(*f2, *r2)?,
            )),
            _ => None,
        }
    }

    /// The same move seen from the other side of the board.
    pub const fn rotate(self) -> Move {
        Move::new(self.from.rotate(), self.to.rotate())
    }

    /// The left-right mirror image of the move.
    pub const fn mirror_file(self) -> Move {
        Move::new(self.from.mirror_file(), self.to.mirror_file())
    }
}

impl fmt::Display for Move {
    /// ICCS coordinates, `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_follow_iccs() {
        let e0 = Square::from_iccs("e0").unwrap();
        assert_eq!((e0.file(), e0.rank()), (4, 0));
        assert_eq!(Square::from_iccs("i9").unwrap().index(), 89);
        assert_eq!(Square::from_iccs("j0"), None);
        assert_eq!(Square::from_iccs("a10"), None);
        assert_eq!(e0.rotate().to_string(), "e9");
        assert_eq!(
            Square::from_iccs("a3").unwrap().mirror_file().to_string(),
            "i3"
        );
    }

    #[test]
    fn every_square_is_named_by_its_file_and_rank() {
        for sq in Square::all() {
            let name = format!("{}{}", sq.file_char(), sq.rank());
            assert_eq!(sq.name(), name);
            assert_eq!(Square::from_iccs(sq.name()), Some(sq));
        }
    }

    #[test]
    fn palaces_and_halves() {
        let sq = |s| Square::from_iccs(s).unwrap();
        assert!(sq("d0").in_palace(Color::Red) && sq("f2").in_palace(Color::Red));
        assert!(!sq("c0").in_palace(Color::Red) && !sq("e3").in_palace(Color::Red));
        assert!(sq("e7").in_palace(Color::Black) && !sq("e6").in_palace(Color::Black));
        assert!(sq("a4").on_own_half(Color::Red) && !sq("a5").on_own_half(Color::Red));
    }

    #[test]
    fn fen_letters() {
        assert_eq!(
            Piece::from_fen_char('E'),
            Some(Piece::new(Color::Red, Role::Elephant))
        );
        assert_eq!(
            Piece::from_fen_char('h'),
            Some(Piece::new(Color::Black, Role::Horse))
        );
        assert_eq!(Piece::new(Color::Red, Role::Horse).fen_char(), 'N');
        assert_eq!(Piece::from_fen_char('x'), None);
    }
}
