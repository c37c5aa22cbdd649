//! The application layer: the v1 contract without HTTP. The HTTP layer ([`crate::http`]) and
//! the CLI ([`crate::cli`]) both stand on it; it stands on the law ([`crate::adjudication`])
//! and the rules core ([`crate::xiangqi`]) and knows nothing of axum, sockets or metrics.
//!
//! - [`request`]: what clients ask, and every content check, made once; [`moves`] holds a
//!   request's moves as sent, in one buffer; [`upload`] makes the same request of a game
//!   record sent as bytes, in its own encoding, with its options apart.
//! - [`answer`]: what the API answers, each wire name spelled once, and the conversions from
//!   the domain.
//! - [`error`]: every error as an [`ApiError`] and its RFC 9457 [`Problem`] form.
//! - [`wording`]: the human texts of problems, in Vietnamese, English and Chinese.
//! - [`json`]: request bodies read from JSON text, with details worded for people;
//!   [`json_fast`] reads the common form of a game without serde.
//! - [`arbiter`]: the [`Arbiter`] trait callers talk to, and the [`Cancel`] flag.
//! - [`law`]: [`LawArbiter`], the arbiter that applies the law.
//! - [`adjudicate`]: the calls ([`adjudicate_one`], [`adjudicate_batch`], [`rule_all`]).
//! - [`diagram`]: the board diagrams of a FEN or of a ruled game's ply, as SVG.
//! - [`play`]: playing against the computer: the law's filter on the engine's moves before
//!   its search ([`crate::engine`]), and the answer after it.
//! - [`report`]: the printable ruling (HTML, one A4 sheet); [`time`] writes its timestamp.

pub mod adjudicate;
pub mod answer;
pub mod arbiter;
pub mod diagram;
pub mod error;
pub mod games;
pub mod json;
pub mod json_fast;
pub mod law;
pub mod moves;
pub mod play;
pub mod query;
pub mod report;
pub mod request;
pub mod time;
pub mod upload;
pub mod wording;

pub use adjudicate::{
    adjudicate_batch, adjudicate_one, adjudicate_one_cancellable, rule_all, rulesets,
};
pub use arbiter::{Arbiter, Cancel, CancelOnDrop, RuledGame};
pub use error::{ApiError, Problem};
pub use law::LawArbiter;
pub use moves::Moves;
pub use request::Limits;
