//! xiangqi-arbiter: rules on repetition in xiangqi, as a library, a CLI and
//! an HTTP service.
//!
//! - [`xiangqi`]: the rules of the game (positions, legal moves, FEN, notations).
//! - [`adjudication`]: the Vietnamese Xiangqi Law of 2004 (and the Asian rules) applied to a game.
//! - [`diagram`]: board diagrams (pieces, arrows, marks) and the one painter that draws them as
//!   SVG, on [`xiangqi`] alone.
//! - [`api`]: the v1 contract without HTTP: requests, answers, problems, the [`api::Arbiter`]
//!   trait and [`api::LawArbiter`], the bridge to the two above.
//! - [`engine`]: the computer opponent, an external UCI engine in a bounded pool; the law
//!   chooses the moves it may play ([`api::play`]).
//! - [`http`]: the HTTP API ([`http::app`]) and its server ([`http::server`]), on [`api`].
//! - [`cli`]: the offline subcommands (`adjudicate`, `legal-moves`, `perft`), on [`api`].
//! - [`records`]: game records (PGN, score sheets, dpxq.com's text, DhtmlXQ) read into moves.
//! - [`config`], [`telemetry`]: service configuration and logging.

#[macro_use]
mod named_enum;

pub mod adjudication;
pub mod api;
pub mod cli;
pub mod config;
pub mod diagram;
pub mod engine;
pub mod http;
pub mod records;
pub mod telemetry;
pub mod xiangqi;
