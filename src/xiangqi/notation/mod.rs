//! Move notations: reading a move written by a player or a program, and
//! writing one back. Six are supported; ICCS is the default everywhere.
//!
//! | notation | example (start position) | needs the position to parse |
//! |----------|--------------------------|-----------------------------|
//! | [`Iccs`](Notation::Iccs) | `h2e2`, `H2-E2` | no |
//! | [`Uci`](Notation::Uci)   | `h3e3`, `h10g8` | no |
//! | [`Wxf`](Notation::Wxf)   | `C2=5`, `H8+7`  | yes |
//! | [`Vn`](Notation::Vn)     | `P2-5`, `M8.7`  | yes |
//! | [`Chinese`](Notation::Chinese) | `炮二平五`, `马８进７` | yes |
//! | [`San`](Notation::San)   | `Che3`, `Hg3`   | yes |
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
//! - **SAN** ([`san`]): XBoard's algebraic notation, a piece letter and the destination,
//!   ranks `1`-`10`; details in [`san`].
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

use super::position::Position;
use super::types::Move;

pub mod chinese;
mod fault;
pub mod iccs;
mod name;
mod relative;
pub mod san;
pub mod uci;
pub mod vn;
pub mod wxf;

pub use fault::{Op, Pick, PieceFault, Unreachable, counts_steps};
pub use name::{Notation, NotationError, UnknownNotation};

impl Notation {
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
            Notation::San => san::parse(pos, text),
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
            Notation::San => san::write(pos, m, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>(), Ok(n));
            assert_eq!(n.label().parse::<Notation>(), Ok(n));
        }
        assert!("lan".parse::<Notation>().is_err());
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
