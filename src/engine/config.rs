//! How to run the engine: its program and arguments, its options, how many processes, and
//! the deadlines; and where the default engine is found.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::uci::Squares;

/// The default engine's program name, looked up on the `PATH` and in `/usr/games`.
pub const DEFAULT_ENGINE: &str = "fairy-stockfish";

/// How to run the engine and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// The program.
    pub path: PathBuf,
    /// Its arguments (`-uci` for sjaakii, none for Fairy-Stockfish or Pikafish).
    pub args: Vec<String>,
    /// `setoption` pairs sent after the handshake (`Threads`, `Hash`, `EvalFile`).
    pub options: Vec<(String, String)>,
    /// How it writes squares; `None` tells by its `id name` ([`Squares::of_engine`]).
    pub squares: Option<Squares>,
    /// Processes at most (each one search at a time).
    pub processes: usize,
    /// Searches that may wait for a process; beyond, `engine-busy`.
    pub queue: usize,
    /// How long a search may wait for a process.
    pub queue_wait: Duration,
    /// How long an engine has to start and answer `readyok`.
    pub start_timeout: Duration,
    /// Added to a search's own time (for `go nodes`, its nodes at the slowest speed expected,
    /// [`super::Limit::SLOWEST_NODES_PER_SECOND`]) before the engine counts as hung.
    pub search_grace: Duration,
}

impl EngineConfig {
    /// The defaults for `path`: one process, a queue of four, Fairy-Stockfish's options as
    /// it ships.
    pub fn new(path: impl Into<PathBuf>) -> EngineConfig {
        EngineConfig {
            path: path.into(),
            args: Vec::new(),
            options: Vec::new(),
            squares: None,
            processes: 1,
            queue: 4,
            queue_wait: Duration::from_secs(2),
            start_timeout: Duration::from_secs(5),
            search_grace: Duration::from_secs(3),
        }
    }
}

/// The default engine, when installed: [`DEFAULT_ENGINE`] on the `PATH`, else in
/// `/usr/games` (where Debian puts it, often off a service's `PATH`).
pub fn find_default() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(DEFAULT_ENGINE))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
