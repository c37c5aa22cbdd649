//! The notations by name, and why a move text could not be read: the types
//! every notation's reader and writer share.

use std::fmt;
use std::str::FromStr;

use super::fault::PieceFault;

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
    /// Standard algebraic notation as XBoard saves xiangqi games, ranks 1-10: `Che3`.
    San,
}

impl Notation {
    /// Every notation, the default first.
    pub const ALL: [Notation; 6] = [
        Notation::Iccs,
        Notation::Uci,
        Notation::Wxf,
        Notation::Vn,
        Notation::Chinese,
        Notation::San,
    ];

    /// The lowercase name clients use (`"iccs"`, `"uci"`, `"wxf"`, `"vn"`,
    /// `"chinese"`, `"san"`).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Wxf => "wxf",
            Notation::Vn => "vn",
            Notation::Chinese => "chinese",
            Notation::San => "san",
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
            Notation::San => "SAN",
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

    /// Reads a notation name (`iccs`, `uci`, `wxf`, `vn`, `chinese`, `san`), in any
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
            "unknown notation {:?}: expected iccs, uci, wxf, vn, chinese or san",
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
        /// What is wrong: the facts.
        detail: PieceFault,
    },
    /// More than one piece fits the description and no tandem marker says
    /// which.
    Ambiguous {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What is wrong: the facts.
        detail: PieceFault,
    },
    /// The piece exists but cannot move that way on any board (off the
    /// board, a horse to a file it cannot reach, an advisor out of the
    /// palace).
    Impossible {
        /// The notation the text was read in.
        notation: Notation,
        /// The offending text, trimmed.
        text: String,
        /// What is wrong: the facts.
        detail: PieceFault,
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
