//! FEN in and out.
//!
//! Reads `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//! How lenient the reader is:
//! - pieces `K A B N R C P` (uppercase Red, lowercase Black), also `E` for
//!   elephants and `H` for horses;
//! - side to move `w` or `r` for Red, `b` for Black (required);
//! - after the side to move, any number of `-` placeholders (castling and en
//!   passant do not exist in xiangqi), then optionally the halfmove clock and
//!   the fullmove number (default `0 1`);
//! - adjacent digits add up (`54` is nine empty points);
//! - surrounding whitespace is ignored.
//!
//! Output is always canonical: `B`, `N`, `w`, `- -`, both counters.

use std::fmt;

use super::board::Board;
use super::position::Position;
use super::setup::{Setup, SetupError};
use super::types::{Color, Piece, Square};

/// The standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN could not be read. Ranks and files are ICCS (rank 9 is the
/// first rank written, file `a` the first character of a rank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty.
    Empty,
    /// The board does not have 10 ranks separated by `/`.
    WrongRankCount { found: usize },
    /// A character that is neither a piece letter nor a digit 1-9.
    InvalidChar { rank: u8, file: u8, ch: char },
    /// A rank describes more than 9 files.
    RankTooLong { rank: u8 },
    /// A rank describes fewer than 9 files.
    RankTooShort { rank: u8, files: u8 },
    /// The side to move is missing.
    MissingTurn,
    /// The side to move is not `w`, `r` or `b`.
    InvalidTurn { found: String },
    /// The halfmove clock is not a number.
    InvalidHalfmoves { found: String },
    /// The fullmove number is not a positive number.
    InvalidFullmoves { found: String },
    /// Text follows the fullmove number.
    TrailingText { found: String },
}

impl ParseFenError {
    /// A stable snake_case code for clients.
    pub fn kind(&self) -> &'static str {
        match self {
            ParseFenError::Empty => "empty",
            ParseFenError::WrongRankCount { .. } => "wrong_rank_count",
            ParseFenError::InvalidChar { .. } => "invalid_char",
            ParseFenError::RankTooLong { .. } => "rank_too_long",
            ParseFenError::RankTooShort { .. } => "rank_too_short",
            ParseFenError::MissingTurn => "missing_turn",
            ParseFenError::InvalidTurn { .. } => "invalid_turn",
            ParseFenError::InvalidHalfmoves { .. } => "invalid_halfmoves",
            ParseFenError::InvalidFullmoves { .. } => "invalid_fullmoves",
            ParseFenError::TrailingText { .. } => "trailing_text",
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = |n: &u8| (b'a' + n) as char;
        match self {
            ParseFenError::Empty => f.write_str("the FEN is empty"),
            ParseFenError::WrongRankCount { found } => {
                write!(
                    f,
                    "the board has {found} ranks, expected 10 separated by '/'"
                )
            }
            ParseFenError::InvalidChar { rank, file: fl, ch } => {
                write!(
                    f,
                    "invalid character {ch:?} at rank {rank}, file {}",
                    file(fl)
                )
            }
            ParseFenError::RankTooLong { rank } => write!(f, "rank {rank} has more than 9 files"),
            ParseFenError::RankTooShort { rank, files } => {
                write!(f, "rank {rank} has {files} files, expected 9")
            }
            ParseFenError::MissingTurn => f.write_str("the side to move is missing"),
            ParseFenError::InvalidTurn { found } => {
                write!(f, "side to move {found:?} is not 'w', 'r' or 'b'")
            }
            ParseFenError::InvalidHalfmoves { found } => {
                write!(f, "halfmove clock {found:?} is not a number")
            }
            ParseFenError::InvalidFullmoves { found } => {
                write!(f, "fullmove number {found:?} is not a positive number")
            }
            ParseFenError::TrailingText { found } => {
                write!(f, "unexpected text {found:?} at the end")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// A FEN that is unreadable, or readable but not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Parse(ParseFenError),
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "unreadable FEN: {e}"),
            FenError::Setup(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Setup {
    /// Reads a FEN into a setup (not yet checked for legality).
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let board = parse_board(placement)?;
        let turn = match fields.next() {
            None => return Err(ParseFenError::MissingTurn),
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => {
                return Err(ParseFenError::InvalidTurn {
                    found: other.to_string(),
                });
            }
        };
        let mut rest = fields.skip_while(|f| *f == "-");
        let halfmoves = match rest.next() {
            None => 0,
            Some(s) => s.parse().map_err(|_| ParseFenError::InvalidHalfmoves {
                found: s.to_string(),
            })?,
        };
        let fullmoves = match rest.next() {
            None => 1,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(ParseFenError::InvalidFullmoves {
                        found: s.to_string(),
                    });
                }
            },
        };
        if let Some(extra) = rest.next() {
            return Err(ParseFenError::TrailingText {
                found: extra.to_string(),
            });
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }

    /// Writes the canonical FEN. Every answer carries one: it is written byte by byte,
    /// its counters by `itoa`, with no formatting machinery.
    pub fn to_fen(&self) -> String {
        // 90 points at most, 9 slashes, the side and two counters.
        let mut out = Vec::with_capacity(128);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("on the board");
                match self.board.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(b'0' + empty);
                            empty = 0;
                        }
                        out.push(p.fen_char() as u8);
                    }
                }
            }
            if empty > 0 {
                out.push(b'0' + empty);
            }
            if rank > 0 {
                out.push(b'/');
            }
        }
        out.extend_from_slice(match self.turn {
            Color::Red => b" w - - ",
            Color::Black => b" b - - ",
        });
        let mut number = itoa::Buffer::new();
        out.extend_from_slice(number.format(self.halfmoves).as_bytes());
        out.push(b' ');
        out.extend_from_slice(number.format(self.fullmoves).as_bytes());
        String::from_utf8(out).expect("a FEN is ASCII")
    }
}

fn parse_board(placement: &str) -> Result<Board, ParseFenError> {
    // The count is checked before any rank is read, so that a FEN with a
    // wrong count reports that and not a problem inside a rank.
    let found = placement.bytes().filter(|&b| b == b'/').count() + 1;
    if found != 10 {
        return Err(ParseFenError::WrongRankCount { found });
    }
    let mut board = Board::empty();
    for (i, text) in placement.split('/').enumerate() {
        let rank = 9 - i as u8;
        let mut file: u8 = 0;
        for ch in text.chars() {
            if file >= 9 {
                return Err(ParseFenError::RankTooLong { rank });
            }
            if let Some(n) = ch.to_digit(10).filter(|n| (1..=9).contains(n)) {
                file += n as u8;
                if file > 9 {
                    return Err(ParseFenError::RankTooLong { rank });
                }
            } else if let Some(piece) = Piece::from_fen_char(ch) {
                let sq = Square::new(file, rank).expect("file < 9");
                board.set(sq, Some(piece));
                file += 1;
            } else {
                return Err(ParseFenError::InvalidChar { rank, file, ch });
            }
        }
        if file < 9 {
            return Err(ParseFenError::RankTooShort { rank, files: file });
        }
    }
    Ok(board)
}

impl Position {
    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        // Most games start from the standard position, written the standard
        // way: that text needs neither reading nor checking.
        if fen == START_FEN {
            return Ok(Position::START);
        }
        let setup = Setup::from_fen(fen).map_err(FenError::Parse)?;
        Position::from_setup(setup).map_err(FenError::Setup)
    }

    /// Writes the canonical FEN.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_const_start_is_the_start_fen_read() {
        let read = Setup::from_fen(START_FEN).expect("the start FEN is readable");
        assert_eq!(Setup::START, read);
        assert_eq!(Setup::START.to_fen(), START_FEN);
        assert_eq!(
            Position::new(),
            Position::from_fen(START_FEN).expect("the start FEN is legal")
        );
    }

    #[test]
    fn the_const_start_position_is_the_start_setup_validated() {
        let built = Position::from_setup(Setup::START).expect("the start is legal");
        assert_eq!(Position::START, built);
        assert_eq!(Position::START.key(), Position::START.key_from_scratch());
        // The same FEN with other spacing is read, not matched, and agrees.
        let spaced = format!("  {START_FEN} ");
        assert_eq!(Position::from_fen(&spaced), Ok(built));
    }
}
