//! xiangqi-arbiter: rules on repetition in xiangqi, as a library, a CLI and
//! an HTTP service.
//!
//! - [`xiangqi`]: the rules of the game (positions, legal moves, FEN, notations).
//! - [`adjudication`]: the Vietnamese Xiangqi Law of 2004 applied to a game.
//! - [`arbiter`]: the bridge from the API's vocabulary to the two above.
//! - [`http`]: the HTTP API ([`http::app`]) and its server ([`http::server`]).
//! - [`records`]: game records (PGN, numbered score sheets, DhtmlXQ) read into moves.
//! - [`cli`]: the offline subcommands (`adjudicate`, `legal-moves`, `perft`).
//! - [`config`], [`telemetry`]: service configuration and logging.

pub mod adjudication;
pub mod arbiter;
pub mod cli;
pub mod config;
pub mod http;
pub mod records;
pub mod telemetry;
pub mod xiangqi;
