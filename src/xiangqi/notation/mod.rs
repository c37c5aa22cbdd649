//! Move notations: reading a move written by a player or a program, and
//! writing one back. Five are supported; ICCS is the default everywhere.
//!
//! | notation | example (start position) | needs the position to parse |
//! |----------|--------------------------|-----------------------------|
//! | [`Iccs`](Notation::Iccs) | `h2e2`, `H2-E2` | no |
//! | [`Uci`](Notation::Uci)   | `h3e3`, `h10g8` | no |
//! | [`Wxf`](Notation::Wxf)   | `C2=5`, `H8+7`  | yes |
//! | [`Vn`](Notation::Vn)     | `P2-5`, `M8.7`  | yes |
//! | [`Chinese`](Notation::Chinese) | `炮二平五`, `马８进７` | yes |
//!
//! How lenient each parser is ([`Notation::parse_move`] first trims
//! surrounding whitespace; the per-notation `parse` functions take the text
//! as it is):
//! - **ICCS** ([`iccs`]): two squares, files `a`-`i` in either case, ranks
//!   `0`-`9`, with or without one `-` between them. Nothing else.
//! - **UCI** ([`uci`]): two squares as Fairy-Stockfish and pyffish write
//!   them, files `a`-`i` in either case, ranks `1`-`10` with no leading zero,
//!   no separator.
//! - **WXF** ([`wxf`]): `<piece><file><op><n>` and the tandem forms of the
//!   WXF/AXF notation standard, exactly four characters; details in [`wxf`].
//! - **VN** ([`vn`]): Vietnamese score-sheet abbreviations; details in [`vn`].
//! - **Chinese** ([`chinese`]): four characters, simplified or traditional,
//!   Red's numbers in Chinese numerals and Black's in digits; details in
//!   [`chinese`].
//!
//! ICCS and UCI parsing is purely syntactic: the move is checked later by
//! [`Position::check_move`], which names the reason an illegal move is
//! illegal. WXF, VN and Chinese name a piece by its file, so they are read against the
//! position; a move that the piece could make geometrically but that is
//! illegal (a blocked horse leg, a king left in check) still parses to its
//! [`Move`], so that the caller reports the illegal-move reason.
//!
//! ```
//! use xiangqi_arbiter::xiangqi::{Position, notation::Notation};
//!
//! let pos = Position::new();
//! let m = Notation::Wxf.parse_move(&pos, "C2=5").unwrap();
//! assert_eq!(Notation::Iccs.format_move(&pos, m), "h2e2");
//! assert_eq!(Notation::Vn.format_move(&pos, m), "P2-5");
//! assert_eq!(Notation::Uci.format_move(&pos, m), "h3e3");
//! assert_eq!(Notation::Chinese.format_move(&pos, m), "炮二平五");
//! ```

use std::fmt;
use std::str::FromStr;

use super::position::Position;
use super::types::Move;

pub mod chinese;
pub mod iccs;
mod relative;
pub mod uci;
pub mod vn;
pub mod wxf;

/// A way of writing moves down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, ranks 0-9: `h2e2`. The default.
    #[default]
    Iccs,
    /// UCI coordinates as in Fairy-Stockfish, ranks 1-10: `h3e3`.
    Uci,
    /// WXF/AXF descriptive notation: `C2=5`.
    Wxf,
    /// Vietnamese score-sheet notation: `P2-5`.
    Vn,
    /// Chinese score-sheet notation: `炮二平五`, `马８进７`.
    Chinese,
}

impl Notation {
    /// Every notation, the default first.
    pub const ALL: [Notation; 5] = [
        Notation::Iccs,
        Notation::Uci,
        Notation::Wxf,
        Notation::Vn,
        Notation::Chinese,
    ];

    /// The lowercase name clients use (`"iccs"`, `"uci"`, `"wxf"`, `"vn"`,
    /// `"chinese"`).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Wxf => "wxf",
            Notation::Vn => "vn",
            Notation::Chinese => "chinese",
        }
    }

    /// The name as written in prose (`"ICCS"`, `"WXF"`, ...).
    pub const fn label(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Uci => "UCI",
            Notation::Wxf => "WXF",
            Notation::Vn => "VN",
            Notation::Chinese => "Chinese",
        }
    }

    /// Reads `text` as a move of the side to move in `pos`.
    ///
    /// The result is not necessarily legal: check it with
    /// [`Position::check_move`], which says why an illegal move is illegal.
    /// The error is about the text itself (syntax, a piece that is not
    /// there, an ambiguous or geometrically impossible description).
    pub fn parse_move(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        // Most moves have no space around them: skip the Unicode-aware trim.
        let bare = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
        let bytes = text.as_bytes();
        let text = if bare(bytes.first()) && bare(bytes.last()) {
            text
        } else {
            text.trim()
        };
        match self {
            Notation::Iccs => iccs::parse(text),
            Notation::Uci => uci::parse(text),
            Notation::Wxf => wxf::parse(pos, text),
            Notation::Vn => vn::parse(pos, text),
            Notation::Chinese => chinese::parse(pos, text),
        }
    }

    /// Writes the legal move `m` of `pos` in this notation.
    pub fn format_move(self, pos: &Position, m: Move) -> String {
        let mut out = String::with_capacity(6);
        self.write_move(pos, m, &mut out);
        out
    }

    /// Appends the legal move `m` of `pos`, in this notation, to `out`.
    ///
    /// If `m` does not move a piece, WXF, VN and Chinese fall back to ICCS rather
    /// than fail.
    pub fn write_move(self, pos: &Position, m: Move, out: &mut String) {
        match self {
            Notation::Iccs => iccs::write(m, out),
            Notation::Uci => uci::write(m, out),
            Notation::Wxf => wxf::write(pos, m, out),
            Notation::Vn => vn::write(pos, m, out),
            Notation::Chinese => chinese::write(pos, m, out),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = UnknownNotation;

    /// Reads a notation name (`iccs`, `uci`, `wxf`, `vn`, `chinese`), in any
    /// case.
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownNotation(s.to_string()))
    }
}

/// A notation name that is not one of [`Notation::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation(pub String);

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?}: expected iccs, uci, wxf, vn or chinese",
            self.0
        )
    }
}

impl std::error::Error for UnknownNotation {}

/// Why a move text could not be read. Every variant carries the notation and
/// the offending text (trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text does not have the shape the notation requires.
    Syntax {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What a move in this notation looks like.
        expected: &'static str,
    },
    /// A piece letter the notation does not know.
    UnknownPiece {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// The unknown letter.
        letter: String,
    },
    /// No piece of the side to move fits the description (wrong file, no
    /// tandem pieces, no middle pawn...).
    NoSuchPiece {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What is wrong, in words.
        detail: String,
    },
    /// More than one piece fits the description and no tandem marker says
    /// which.
    Ambiguous {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What is wrong, in words.
        detail: String,
    },
    /// The piece exists but cannot move that way on any board (off the
    /// board, a horse to a file it cannot reach, an advisor out of the
    /// palace).
    Impossible {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What is wrong, in words.
        detail: String,
    },
}

impl NotationError {
    /// A stable snake_case code for clients: `syntax`, `unknown_piece`,
    /// `no_such_piece`, `ambiguous` or `impossible`.
    pub fn kind(&self) -> &'static str {
        match self {
            NotationError::Syntax { .. } => "syntax",
            NotationError::UnknownPiece { .. } => "unknown_piece",
            NotationError::NoSuchPiece { .. } => "no_such_piece",
            NotationError::Ambiguous { .. } => "ambiguous",
            NotationError::Impossible { .. } => "impossible",
        }
    }

    /// The notation the text was read in.
    pub fn notation(&self) -> Notation {
        match self {
            NotationError::Syntax { notation, .. }
            | NotationError::UnknownPiece { notation, .. }
            | NotationError::NoSuchPiece { notation, .. }
            | NotationError::Ambiguous { notation, .. }
            | NotationError::Impossible { notation, .. } => *notation,
        }
    }

    /// The offending move text.
    pub fn text(&self) -> &str {
        match self {
            NotationError::Syntax { text, .. }
            | NotationError::UnknownPiece { text, .. }
            | NotationError::NoSuchPiece { text, .. }
            | NotationError::Ambiguous { text, .. }
            | NotationError::Impossible { text, .. } => text,
        }
    }

    /// A syntax error.
    pub(crate) fn syntax(notation: Notation, text: &str, expected: &'static str) -> Self {
        NotationError::Syntax {
            notation,
            text: text.to_string(),
            expected,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} move {:?}: ", self.notation().label(), self.text())?;
        match self {
            NotationError::Syntax { expected, .. } => write!(f, "expected {expected}"),
            NotationError::UnknownPiece { letter, .. } => {
                write!(f, "unknown piece letter {letter:?}")
            }
            NotationError::NoSuchPiece { detail, .. } => write!(f, "no such piece: {detail}"),
            NotationError::Ambiguous { detail, .. } => write!(f, "ambiguous: {detail}"),
            NotationError::Impossible { detail, .. } => write!(f, "impossible: {detail}"),
        }
    }
}

impl std::error::Error for NotationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>(), Ok(n));
            assert_eq!(n.label().parse::<Notation>(), Ok(n));
        }
        assert!("san".parse::<Notation>().is_err());
        assert_eq!(Notation::default(), Notation::Iccs);
    }

    #[test]
    fn errors_have_kinds_and_messages() {
        let pos = Position::new();
        let e = Notation::Wxf.parse_move(&pos, " C3=5 ").unwrap_err();
        assert_eq!(e.kind(), "no_such_piece");
        assert_eq!(e.text(), "C3=5");
        assert_eq!(e.notation(), Notation::Wxf);
        assert_eq!(
            e.to_string(),
            "WXF move \"C3=5\": no such piece: red has no cannon on file 3"
        );
        let e = Notation::Iccs.parse_move(&pos, "h2").unwrap_err();
        assert_eq!(e.kind(), "syntax");
        assert!(e.to_string().starts_with("ICCS move \"h2\": expected "));
    }
}
