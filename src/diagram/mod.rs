//! Board diagrams: what a drawing of a position shows ([`Diagram`]: the pieces, arrows, marks,
//! which side is at the bottom, the language of the labels), and the one painter that turns it
//! into SVG ([`svg::render`]). The HTTP diagrams, the printable report and the arbiter's desk in
//! the browser all show the boards this module draws.
//!
//! It knows the rules core ([`crate::xiangqi`]) only: nothing of the law, the API or HTTP.
//! Arrows and marks also have a text form (`h2e2:move`, `a7:chased`), read by
//! [`Arrow::from_str`] and [`Mark::from_str`] and written by their `Display`.

pub mod svg;

use std::fmt;
use std::str::FromStr;

use crate::xiangqi::{Board, Color, Piece, Position, Role, Square};

/// A drawing of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The pieces and where they stand.
    pub board: Board,
    /// The position's FEN, written on the drawing (`data-fen`) for programs.
    pub fen: String,
    /// Arrows, drawn in this order (a later one over an earlier one).
    pub arrows: Vec<Arrow>,
    /// Marks on squares, drawn in this order.
    pub marks: Vec<Mark>,
    /// `true`: Black at the bottom.
    pub flip: bool,
    /// The language of the piece labels, the river and the file numbers.
    pub labels: Labels,
    /// Written before every id (`sq-e3`, `pc-e3`), so that several drawings in one page
    /// keep their ids unique; empty for a drawing alone.
    pub id_prefix: String,
}

impl Diagram {
    /// A plain drawing of `pos`: Red at the bottom, Chinese labels, no arrows, no marks.
    pub fn of(pos: &Position) -> Diagram {
        Diagram {
            board: *pos.board(),
            fen: pos.to_fen(),
            arrows: Vec::new(),
            marks: Vec::new(),
            flip: false,
            labels: Labels::Zh,
            id_prefix: String::new(),
        }
    }
}

/// The languages a diagram labels its pieces in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Labels {
    /// Chinese characters, each side its own (俥 for Red's rook, 車 for Black's).
    #[default]
    Zh,
    /// The letters of Vietnamese score sheets (`X` xe, `M` mã, ..., `Tg` tướng).
    Vi,
    /// The WXF letters (`R H C E A K P`).
    En,
}

impl Labels {
    /// Every language, as requests name them.
    pub const ALL: [Labels; 3] = [Labels::Zh, Labels::Vi, Labels::En];

    /// The code a request names it by: `zh`, `vi`, `en`.
    pub const fn code(self) -> &'static str {
        match self {
            Labels::Zh => "zh",
            Labels::Vi => "vi",
            Labels::En => "en",
        }
    }

    /// The label of a piece.
    pub const fn piece(self, piece: Piece) -> &'static str {
        match self {
            Labels::Zh => match (piece.color, piece.role) {
                (Color::Red, Role::Rook) => "俥",
                (Color::Red, Role::Horse) => "傌",
                (Color::Red, Role::Cannon) => "炮",
                (Color::Red, Role::Elephant) => "相",
                (Color::Red, Role::Advisor) => "仕",
                (Color::Red, Role::King) => "帥",
                (Color::Red, Role::Pawn) => "兵",
                (Color::Black, Role::Rook) => "車",
                (Color::Black, Role::Horse) => "馬",
                (Color::Black, Role::Cannon) => "炮",
                (Color::Black, Role::Elephant) => "象",
                (Color::Black, Role::Advisor) => "士",
                (Color::Black, Role::King) => "將",
                (Color::Black, Role::Pawn) => "卒",
            },
            // As src/xiangqi/notation/vn.rs writes them.
            Labels::Vi => match piece.role {
                Role::Rook => "X",
                Role::Horse => "M",
                Role::Cannon => "P",
                Role::Elephant => "T",
                Role::Advisor => "S",
                Role::King => "Tg",
                Role::Pawn => "B",
            },
            Labels::En => match piece.role {
                Role::Rook => "R",
                Role::Horse => "H",
                Role::Cannon => "C",
                Role::Elephant => "E",
                Role::Advisor => "A",
                Role::King => "K",
                Role::Pawn => "P",
            },
        }
    }

    /// The river's two words: on Red's left, and on Red's right.
    pub const fn river(self) -> (&'static str, &'static str) {
        match self {
            Labels::Zh => ("楚 河", "漢 界"),
            Labels::Vi => ("Sở Hà", "Hán Giới"),
            Labels::En => ("Chu River", "Han Border"),
        }
    }

    /// How `color` numbers `file` (0 = file a, Red's left): files count from each side's own
    /// right, Red's in Chinese numerals and Black's in digits in Chinese, both in digits
    /// otherwise.
    pub const fn file_number(self, color: Color, file: u8) -> &'static str {
        const DIGITS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
        const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
        let n = match color {
            Color::Red => 8 - file as usize,
            Color::Black => file as usize,
        };
        match (self, color) {
            (Labels::Zh, Color::Red) => NUMERALS[n],
            _ => DIGITS[n],
        }
    }

    /// What the drawing is, for screen readers.
    pub const fn title(self) -> &'static str {
        match self {
            Labels::Zh => "象棋局面",
            Labels::Vi => "Thế cờ tướng",
            Labels::En => "Xiangqi position",
        }
    }
}

named_enum! {
    /// What an arrow shows: its name in the text form and the drawing's class.
    pub enum ArrowKind {
        /// The move that was played.
        Move = "move",
        /// A checking piece to the king it checks.
        Check = "check",
        /// A chase of an unprotected piece.
        Chase = "chase",
        /// A chase of a piece that is protected only falsely (căn giả).
        ChaseFalse = "chase-false",
        /// An attack that is no chase: the target is truly protected (căn thật), or the law
        /// does not count it (an exchange offer, an uncrossed pawn).
        ThreatTrue = "threat-true",
        /// A move the rules forbid.
        Illegal = "illegal",
    }
}

named_enum! {
    /// What a mark on a square shows: its name in the text form and the drawing's class.
    pub enum MarkKind {
        /// A chased piece: a circle around it.
        Chased = "chased",
        /// The selected piece: a frame.
        Selected = "selected",
        /// A destination: a small dot.
        Dest = "dest",
        /// A forbidden square: a cross.
        Illegal = "illegal",
        /// A square of the repeated position: a small diamond in the corner.
        Occurrence = "occurrence",
        /// A king in check: a thick ring around it.
        Check = "check",
    }
}

/// An arrow from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// What it shows.
    pub kind: ArrowKind,
}

/// A mark on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The square marked.
    pub square: Square,
    /// What it shows.
    pub kind: MarkKind,
}

/// Why the text of an arrow or a mark cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not `SQUARES:kind`.
    #[error("expected {expected}, got {found:?}")]
    Syntax {
        /// What the text should look like.
        expected: &'static str,
        /// The text as given.
        found: String,
    },
    /// A square that is not an ICCS square (`a0` to `i9`).
    #[error("{found:?} is not a square: expected a file a-i and a rank 0-9, such as e3")]
    Square {
        /// The square as given.
        found: String,
    },
    /// An arrow from a square to itself.
    #[error("the arrow {found:?} starts and ends on the same square")]
    Empty {
        /// The arrow as given.
        found: String,
    },
    /// A kind that is not one of the kinds.
    #[error("unknown kind {found:?}: expected one of {}", known.join(", "))]
    Kind {
        /// The kind as given.
        found: String,
        /// The kinds there are.
        known: Vec<&'static str>,
    },
}

fn square(text: &str) -> Result<Square, ParseError> {
    Square::from_iccs(text).ok_or_else(|| ParseError::Square {
        found: text.to_owned(),
    })
}

impl FromStr for Arrow {
    type Err = ParseError;

    /// `h2e2:move`: the two ICCS squares, a colon, the kind.
    fn from_str(text: &str) -> Result<Arrow, ParseError> {
        let syntax = || ParseError::Syntax {
            expected: "FROMTO:kind, such as h2e2:move",
            found: text.to_owned(),
        };
        let (squares, kind) = text.split_once(':').ok_or_else(syntax)?;
        if squares.len() != 4 || !squares.is_ascii() {
            return Err(syntax());
        }
        let (from, to) = (square(&squares[..2])?, square(&squares[2..])?);
        if from == to {
            return Err(ParseError::Empty {
                found: text.to_owned(),
            });
        }
        let kind = ArrowKind::from_name(kind).ok_or_else(|| ParseError::Kind {
            found: kind.to_owned(),
            known: ArrowKind::ALL.iter().map(|k| k.as_str()).collect(),
        })?;
        Ok(Arrow { from, to, kind })
    }
}

impl FromStr for Mark {
    type Err = ParseError;

    /// `a7:chased`: the ICCS square, a colon, the kind.
    fn from_str(text: &str) -> Result<Mark, ParseError> {
        let (at, kind) = text.split_once(':').ok_or_else(|| ParseError::Syntax {
            expected: "SQUARE:kind, such as a7:chased",
            found: text.to_owned(),
        })?;
        let square = square(at)?;
        let kind = MarkKind::from_name(kind).ok_or_else(|| ParseError::Kind {
            found: kind.to_owned(),
            known: MarkKind::ALL.iter().map(|k| k.as_str()).collect(),
        })?;
        Ok(Mark { square, kind })
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}:{}", self.from, self.to, self.kind.as_str())
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.square, self.kind.as_str())
    }
}

/// Reads a comma-separated list (`a0a7:chase,h2e2:move`); an empty text is an empty list.
pub fn parse_list<T: FromStr>(text: &str) -> Result<Vec<T>, T::Err> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_marks_read_what_they_write() {
        for text in [
            "a0a7:chase",
            "h2e2:move",
            "b9c7:chase-false",
            "e9e0:threat-true",
        ] {
            assert_eq!(text.parse::<Arrow>().unwrap().to_string(), text);
        }
        for text in ["a7:chased", "e3:dest", "i9:occurrence"] {
            assert_eq!(text.parse::<Mark>().unwrap().to_string(), text);
        }
        let list: Vec<Arrow> = parse_list("a0a7:chase,h2e2:move").unwrap();
        assert_eq!(list.len(), 2);
        assert!(parse_list::<Mark>("").unwrap().is_empty());
    }

    #[test]
    fn bad_texts_say_what_is_wrong() {
        assert!(matches!(
            "a0a7".parse::<Arrow>(),
            Err(ParseError::Syntax { .. })
        ));
        assert!(matches!(
            "a0j7:move".parse::<Arrow>(),
            Err(ParseError::Square { .. })
        ));
        assert!(matches!(
            "a0a0:move".parse::<Arrow>(),
            Err(ParseError::Empty { .. })
        ));
        assert!(matches!(
            "a0a1:jump".parse::<Arrow>(),
            Err(ParseError::Kind { .. })
        ));
        assert!(matches!(
            "é0a1:move".parse::<Arrow>(),
            Err(ParseError::Syntax { .. })
        ));
        assert!(matches!(
            "a10:dest".parse::<Mark>(),
            Err(ParseError::Square { .. })
        ));
        assert!(matches!(
            "a1:".parse::<Mark>(),
            Err(ParseError::Kind { .. })
        ));
        assert!(parse_list::<Mark>("a1:dest,").is_err());
    }

    #[test]
    fn files_count_from_each_sides_right() {
        assert_eq!(Labels::Zh.file_number(Color::Red, 0), "九");
        assert_eq!(Labels::Zh.file_number(Color::Red, 8), "一");
        assert_eq!(Labels::Zh.file_number(Color::Black, 0), "1");
        assert_eq!(Labels::En.file_number(Color::Red, 0), "9");
        assert_eq!(Labels::Vi.file_number(Color::Black, 8), "9");
    }
}
