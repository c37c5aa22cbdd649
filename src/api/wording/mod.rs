//! The human texts of problems (`detail`, FEN problems, move reasons) in the three languages
//! the API speaks: Vietnamese as an arbiter of the 2004 law writes it, English (the default,
//! whose texts clients have seen from the start), and Chinese as a Chinese arbiter writes it
//! (红方/黑方, 车马炮相仕帅兵, 象士将卒).
//!
//! One function per message, its three texts side by side, English included: no problem's
//! text is the domain's `Display` (that stays the rules core's and the readers' own message
//! for logs; tests hold the two English texts equal where they say the same). A message built when the error is
//! made (a FEN defect, an illegal move's reason, a field's complaint) is a [`Wording`] holding
//! all three; the frame around it (which move, which line) is written when the problem is
//! answered, in the language asked for. Titles are not here: a title names the problem type
//! and stays English, like the type URI.
//!
//! One file per kind of problem; `words` holds what they share.

mod diagram;
mod engine;
mod fen;
mod fields;
mod json;
mod moves;
mod records;
mod service;
mod words;

pub use diagram::*;
pub use engine::*;
pub use fen::*;
pub use fields::*;
pub use json::*;
pub use moves::*;
pub use records::*;
pub use service::*;
pub use words::{ECHO_CHARS, FEN_ECHO_CHARS, FenProblem, Wording, elide};
