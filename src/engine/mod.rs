//! The engine bridge: a computer opponent played by an external UCI engine (Fairy-Stockfish
//! by default, any xiangqi UCI engine on request), in a bounded pool of processes.
//!
//! The bridge has no chess of its own: it sends moves the rules core has already checked and
//! checks every `bestmove` against the rules core before anyone sees it. What the law allows
//! the engine to play (the `searchmoves`) is decided above it, by [`crate::api`]; the rules
//! core and the law know nothing of this module.
//!
//! Why a client of our own rather than a crate: the UCI crates read chess, not xiangqi.
//! `vampirc-uci` and `ruci` mis-parse rank-10 squares (`h10g8`) and drop the ponder move,
//! and `ruci`, `shakmaty-uci` are built on chess types; `uci` is not `Send` (an
//! `Rc<RefCell<Child>>`), blocks, and sleeps 100 ms per command. The protocol the bridge
//! needs is a dozen line kinds ([`uci`]) over `tokio::process` pipes ([`process`]), where
//! every wait can have a deadline.
//!
//! The engines' traps, handled here: Fairy-Stockfish counts ranks 1-10 (`h3e3` is ICCS
//! `h2e2`) while Pikafish counts 0-9 ([`uci::Squares`]); it reads a FEN whose side letter is
//! `r` as Black (the rules core writes `w`/`b`); it silently drops a move it cannot read in
//! `position … moves` (only checked moves are sent); and it scores a perpetual chase as a
//! draw, which is why the law chooses its `searchmoves`.
//!
//! - [`config`]: which program, its options, how many processes, the deadlines.
//! - [`search`]: a question to the engine, its checked answer, and how it may fail.
//! - [`uci`]: the lines an engine writes, and how it writes squares.
//! - [`process`]: one engine process, its handshake and one search, every read with a deadline.
//! - [`pool`]: the bounded pool ([`EnginePool`]): a queue with a bound, restarts, the
//!   answer checked, the figures for `/metrics` and `/readyz`.

pub mod config;
pub mod pool;
pub mod process;
pub mod search;
pub mod uci;

pub use config::{DEFAULT_ENGINE, EngineConfig, find_default};
pub use pool::{EnginePool, Health, Stats};
pub use search::{EngineError, Failure, Found, Limit, Search};
pub use uci::{Score, Squares};
