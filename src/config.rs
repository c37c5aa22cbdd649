//! Service configuration: every knob is a command-line flag with an environment variable.
//!
//! Defaults live in the `DEFAULT_*` constants so that [`Config::default`] (used by tests and
//! embedders) and the clap defaults (used by the binary) cannot drift apart.

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::time::Duration;

use axum::http::HeaderValue;
use clap::{Args, ValueEnum};

use std::path::PathBuf;

use crate::api::Limits;
pub use crate::api::request::{DEFAULT_MAX_BATCH, DEFAULT_MAX_MOVES};
use crate::engine::{self, EngineConfig, Squares};

/// Default listen address: loopback, so `cargo run --release` exposes nothing by accident.
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 8080));
/// Default request body limit: 256 KiB, far above a 1024-ply game (about 6 KiB).
pub const DEFAULT_MAX_BODY_BYTES: usize = 256 * 1024;
/// Default time budget for one request, body read included.
pub const DEFAULT_REQUEST_TIMEOUT_MS: u64 = 10_000;
/// Default time a client has to send a complete request head (also bounds keep-alive idleness).
pub const DEFAULT_HEADER_READ_TIMEOUT_MS: u64 = 5_000;
/// Default idle timeout: a connection on which no byte moved for this long is closed. Above
/// the request timeout, so a slow ruling is never cut for idleness.
pub const DEFAULT_IDLE_TIMEOUT_MS: u64 = 20_000;
/// Default write timeout: a peer that takes none of our answer for this long is cut.
pub const DEFAULT_WRITE_TIMEOUT_MS: u64 = 10_000;
/// Default number of rulings waiting for a pool worker before new ones get 503.
pub const DEFAULT_RULING_QUEUE: usize = 64;
/// Default limit on concurrently open connections.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;
/// Default limit on the connections one client address holds: a quarter of the default
/// connection limit, so one address can never hold them all. Far above what a browser or an
/// API client opens (six or so); behind a proxy, raise it or turn it off.
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 256;
/// Default time a request's body may take to start after its head, and the longest pause
/// between two of its parts: well under the request timeout, so a head whose body does not
/// come gives its slot back quickly (408).
pub const DEFAULT_BODY_TIMEOUT_MS: u64 = 2_000;
/// Default socket send buffer asked for each connection (the kernel doubles it for its own
/// bookkeeping): bounds what a client that does not read can make the server hold for it.
pub const DEFAULT_SEND_BUFFER_BYTES: usize = 64 * 1024;
/// Default time in-flight requests get to finish after shutdown begins.
pub const DEFAULT_DRAIN_TIMEOUT_MS: u64 = 25_000;
/// Default log filter (tracing-subscriber `EnvFilter` syntax).
pub const DEFAULT_LOG_LEVEL: &str = "info";

/// Default number of engine processes.
pub const DEFAULT_ENGINE_POOL: usize = 1;
/// Default number of moves waiting for an engine process.
pub const DEFAULT_ENGINE_QUEUE: usize = 4;
/// Default time an engine may overrun before it counts as hung.
pub const DEFAULT_ENGINE_GRACE_MS: u64 = 3_000;

/// How an engine writes squares (`--engine-squares`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineSquares {
    /// Ranks 1-10 (Fairy-Stockfish: `h3e3`).
    Uci,
    /// Ranks 0-9 (Pikafish: `h2e2`).
    Iccs,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines (development).
    #[default]
    Text,
    /// One JSON object per line (containers, log shippers).
    Json,
}

/// Configuration of the HTTP service (`serve`).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "XA_ADDR", default_value_t = DEFAULT_ADDR)]
    pub addr: SocketAddr,

    /// Largest accepted request body, in bytes (larger bodies get 413).
    #[arg(long, env = "XA_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,

    /// Largest number of moves in one game (more get 422 too-many-moves).
    #[arg(long, env = "XA_MAX_MOVES", default_value_t = DEFAULT_MAX_MOVES)]
    pub max_moves: usize,

    /// Largest number of games in one batch request (more get 422 too-many-games).
    #[arg(long, env = "XA_MAX_BATCH", default_value_t = DEFAULT_MAX_BATCH)]
    pub max_batch: usize,

    /// Time budget for one request in milliseconds, body read included (then 503 timeout).
    #[arg(long, env = "XA_REQUEST_TIMEOUT_MS", default_value_t = DEFAULT_REQUEST_TIMEOUT_MS)]
    pub request_timeout_ms: u64,

    /// Time a client has to send a complete request head, in milliseconds. It also bounds how
    /// long an idle keep-alive connection is kept waiting for its next request.
    #[arg(long, env = "XA_HEADER_READ_TIMEOUT_MS", default_value_t = DEFAULT_HEADER_READ_TIMEOUT_MS)]
    pub header_read_timeout_ms: u64,

    /// Close a connection on which no byte moved in either direction for this many
    /// milliseconds (catches clients that stall mid-body or stop reading). Keep it above the
    /// request timeout; 0 turns it off.
    #[arg(long, env = "XA_IDLE_TIMEOUT_MS", default_value = "20000")]
    pub idle_timeout_ms: Option<u64>,

    /// Close a connection whose peer has taken none of our answer for this many milliseconds
    /// (a client that never reads); 0 turns it off.
    #[arg(long, env = "XA_WRITE_TIMEOUT_MS", default_value_t = DEFAULT_WRITE_TIMEOUT_MS)]
    pub write_timeout_ms: u64,

    /// Largest number of connections served at once. When all are taken, a new client
    /// takes a slot of the client address holding the most: one of its connections that is
    /// idle (no request in flight) or still waiting for a request's body is closed; if none
    /// is, the new client waits in the accept queue.
    #[arg(long, env = "XA_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,

    /// Largest number of connections one client address holds at once; 0 turns the cap off.
    /// A new connection over the cap takes the slot of that address's own idle (or
    /// body-waiting) connection, or is closed at once. The address is the socket's peer:
    /// behind a reverse proxy or load balancer every connection is the proxy's, so set 0 or
    /// a value above the proxy's connection pool (no forwarded header is read: the cap
    /// counts connections, and a proxy's connection carries many clients' requests).
    #[arg(long, env = "XA_MAX_CONNECTIONS_PER_CLIENT", default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT)]
    pub max_connections_per_client: usize,

    /// Time a request's body may take to start arriving after its head, and the longest
    /// pause between two of its parts, in milliseconds (then 408 `request-timeout`); 0 turns
    /// it off, leaving the request timeout alone to bound an upload.
    #[arg(long, env = "XA_BODY_TIMEOUT_MS", default_value_t = DEFAULT_BODY_TIMEOUT_MS)]
    pub body_timeout_ms: u64,

    /// Socket send buffer of each connection, in bytes (SO_SNDBUF; the kernel doubles it):
    /// what a client that pipelines requests and never reads can leave queued in the kernel.
    /// 0 keeps the kernel's default, which grows up to `net.ipv4.tcp_wmem`'s maximum.
    #[arg(long, env = "XA_SEND_BUFFER_BYTES", default_value_t = DEFAULT_SEND_BUFFER_BYTES)]
    pub send_buffer_bytes: usize,

    /// Rulings run at once on the blocking pool (large games and batches); 0 means one per
    /// CPU.
    #[arg(long, env = "XA_RULING_WORKERS", default_value_t = 0)]
    pub ruling_workers: usize,

    /// Rulings that may wait for a pool worker; when they are all taken, new large rulings
    /// get 503 `overloaded` with `Retry-After`.
    #[arg(long, env = "XA_RULING_QUEUE", default_value_t = DEFAULT_RULING_QUEUE)]
    pub ruling_queue: usize,

    /// Time in-flight requests get to finish after SIGTERM/Ctrl-C, in milliseconds.
    #[arg(long, env = "XA_DRAIN_TIMEOUT_MS", default_value_t = DEFAULT_DRAIN_TIMEOUT_MS)]
    pub drain_timeout_ms: u64,

    /// Time between turning /readyz to 503 and closing the listener on shutdown, in
    /// milliseconds, so load balancers stop routing here first (0 when a preStop hook waits).
    #[arg(long, env = "XA_SHUTDOWN_DELAY_MS", default_value_t = 0)]
    pub shutdown_delay_ms: u64,

    /// Origin allowed to call the API from a browser (repeatable, or comma-separated in the
    /// environment; `*` allows any). No CORS headers are sent when none is given.
    #[arg(long = "cors-origin", env = "XA_CORS_ORIGIN", value_delimiter = ',', value_parser = parse_origin)]
    pub cors_origins: Vec<String>,

    /// The UCI xiangqi engine that plays against people (`POST /v1/engine/move`): a
    /// program, or `off`. Unset: `fairy-stockfish` when found on the PATH or in /usr/games,
    /// else off (the route then answers 503 `engine-unavailable`).
    #[arg(long, env = "XA_ENGINE")]
    pub engine: Option<String>,

    /// An argument of the engine's program (repeatable; `-uci` for sjaakii).
    #[arg(
        long = "engine-arg",
        env = "XA_ENGINE_ARGS",
        value_delimiter = ' ',
        allow_hyphen_values = true
    )]
    pub engine_args: Vec<String>,

    /// An engine option as `NAME=VALUE`, sent with `setoption` after the handshake
    /// (repeatable, or comma-separated in the environment): `Threads=1`, `Hash=16`,
    /// `EvalFile=/opt/pikafish/pikafish.nnue`.
    #[arg(long = "engine-option", env = "XA_ENGINE_OPTIONS", value_delimiter = ',', value_parser = parse_engine_option)]
    pub engine_options: Vec<String>,

    /// How the engine writes squares: `uci` (ranks 1-10, Fairy-Stockfish) or `iccs` (ranks
    /// 0-9, Pikafish). Unset: told by the engine's name.
    #[arg(long, env = "XA_ENGINE_SQUARES", value_enum)]
    pub engine_squares: Option<EngineSquares>,

    /// Engine processes at most, each thinking about one move at a time (each some 65-80 MB).
    #[arg(long, env = "XA_ENGINE_POOL", default_value_t = DEFAULT_ENGINE_POOL)]
    pub engine_pool: usize,

    /// Moves that may wait for an engine process; beyond, 503 `engine-busy`.
    #[arg(long, env = "XA_ENGINE_QUEUE", default_value_t = DEFAULT_ENGINE_QUEUE)]
    pub engine_queue: usize,

    /// Milliseconds an engine may overrun its thinking time (or, with `nodes`, may think)
    /// before it counts as hung and is restarted.
    #[arg(long, env = "XA_ENGINE_GRACE_MS", default_value_t = DEFAULT_ENGINE_GRACE_MS)]
    pub engine_grace_ms: u64,

    /// Log line format.
    #[arg(long, env = "XA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Log filter, e.g. `info` or `xiangqi_arbiter=debug,tower_http=debug`.
    #[arg(long, env = "RUST_LOG", default_value = DEFAULT_LOG_LEVEL)]
    pub log_level: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: DEFAULT_ADDR,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_moves: DEFAULT_MAX_MOVES,
            max_batch: DEFAULT_MAX_BATCH,
            request_timeout_ms: DEFAULT_REQUEST_TIMEOUT_MS,
            header_read_timeout_ms: DEFAULT_HEADER_READ_TIMEOUT_MS,
            idle_timeout_ms: Some(DEFAULT_IDLE_TIMEOUT_MS),
            write_timeout_ms: DEFAULT_WRITE_TIMEOUT_MS,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
            body_timeout_ms: DEFAULT_BODY_TIMEOUT_MS,
            send_buffer_bytes: DEFAULT_SEND_BUFFER_BYTES,
            ruling_workers: 0,
            ruling_queue: DEFAULT_RULING_QUEUE,
            drain_timeout_ms: DEFAULT_DRAIN_TIMEOUT_MS,
            shutdown_delay_ms: 0,
            cors_origins: Vec::new(),
            engine: None,
            engine_args: Vec::new(),
            engine_options: Vec::new(),
            engine_squares: None,
            engine_pool: DEFAULT_ENGINE_POOL,
            engine_queue: DEFAULT_ENGINE_QUEUE,
            engine_grace_ms: DEFAULT_ENGINE_GRACE_MS,
            log_format: LogFormat::Text,
            log_level: DEFAULT_LOG_LEVEL.to_owned(),
        }
    }
}

impl Config {
    /// The content limits requests are checked against.
    pub fn limits(&self) -> Limits {
        Limits::new(self.max_moves, self.max_batch)
    }

    /// The per-request time budget.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms)
    }

    /// The time a client has to send a request head.
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_millis(self.header_read_timeout_ms)
    }

    /// The idle-connection timeout, if enabled (`None` and `Some(0)` turn it off).
    pub fn idle_timeout(&self) -> Option<Duration> {
        self.idle_timeout_ms
            .filter(|&ms| ms > 0)
            .map(Duration::from_millis)
    }

    /// The write timeout, if enabled.
    pub fn write_timeout(&self) -> Option<Duration> {
        (self.write_timeout_ms > 0).then(|| Duration::from_millis(self.write_timeout_ms))
    }

    /// The body timeout, if enabled.
    pub fn body_timeout(&self) -> Option<Duration> {
        (self.body_timeout_ms > 0).then(|| Duration::from_millis(self.body_timeout_ms))
    }

    /// The cap on one client address's connections, if enabled.
    pub fn max_connections_per_client(&self) -> Option<usize> {
        (self.max_connections_per_client > 0).then_some(self.max_connections_per_client)
    }

    /// Rulings run at once on the pool: the configured number, or one per CPU.
    pub fn ruling_workers(&self) -> usize {
        match self.ruling_workers {
            0 => std::thread::available_parallelism().map_or(2, usize::from),
            n => n,
        }
    }

    /// The time in-flight requests get after shutdown begins.
    pub fn drain_timeout(&self) -> Duration {
        Duration::from_millis(self.drain_timeout_ms)
    }

    /// The engine to play with, if any: `--engine`'s program, else the default one when it
    /// is installed; `off` (or an empty value) turns it off.
    pub fn engine(&self) -> Option<EngineConfig> {
        let path = match self.engine.as_deref().map(str::trim) {
            Some("off" | "none" | "") => return None,
            Some(path) => PathBuf::from(path),
            None => engine::find_default()?,
        };
        let options = self
            .engine_options
            .iter()
            .filter_map(|o| o.split_once('='))
            .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
            .collect();
        Some(EngineConfig {
            args: self.engine_args.clone(),
            options,
            squares: self.engine_squares.map(|s| match s {
                EngineSquares::Uci => Squares::Uci,
                EngineSquares::Iccs => Squares::Iccs,
            }),
            processes: self.engine_pool.max(1),
            queue: self.engine_queue,
            search_grace: Duration::from_millis(self.engine_grace_ms),
            ..EngineConfig::new(path)
        })
    }

    /// The pause between readiness turning 503 and the listener closing.
    pub fn shutdown_delay(&self) -> Duration {
        Duration::from_millis(self.shutdown_delay_ms)
    }
}

/// Accepts `NAME=VALUE` with a name, and no line break (it is sent on one line).
fn parse_engine_option(s: &str) -> Result<String, String> {
    match s.split_once('=') {
        Some((name, _)) if !name.trim().is_empty() && !s.contains(['\n', '\r']) => Ok(s.to_owned()),
        _ => Err("an engine option is NAME=VALUE, on one line".to_owned()),
    }
}

/// Accepts `*` or anything usable as an `Origin` header value, so a typo fails at start-up
/// rather than silently disabling CORS.
fn parse_origin(s: &str) -> Result<String, String> {
    let s = s.trim();
    if s.is_empty() {
        return Err("an origin cannot be empty".to_owned());
    }
    HeaderValue::from_str(s)
        .map(|_| s.to_owned())
        .map_err(|e| format!("not a valid origin: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches, Parser};

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        config: Config,
    }

    /// Parses `args` with every `env` fallback removed, so the host environment cannot leak in.
    fn parse(args: &[&str]) -> Config {
        let cmd = Cli::command().mut_args(|a| a.env(None));
        let matches = cmd.try_get_matches_from(args).expect("valid arguments");
        Cli::from_arg_matches(&matches).expect("matches").config
    }

    #[test]
    fn idle_timeout_default_is_the_constant_and_zero_turns_it_off() {
        assert_eq!(DEFAULT_IDLE_TIMEOUT_MS.to_string(), "20000");
        assert!(parse(&["xa"]).idle_timeout().is_some());
        assert!(
            parse(&["xa", "--idle-timeout-ms", "0"])
                .idle_timeout()
                .is_none()
        );
        assert!(
            parse(&["xa", "--write-timeout-ms", "0"])
                .write_timeout()
                .is_none()
        );
    }

    #[test]
    fn default_equals_clap_defaults() {
        assert_eq!(parse(&["xa"]), Config::default());
    }

    #[test]
    fn cors_origins_repeat_and_split() {
        let c = parse(&[
            "xa",
            "--cors-origin",
            "https://a.example",
            "--cors-origin",
            "https://b.example,https://c.example",
        ]);
        assert_eq!(c.cors_origins.len(), 3);
    }

    #[test]
    fn bad_origin_is_rejected_at_parse_time() {
        let cmd = Cli::command().mut_args(|a| a.env(None));
        assert!(
            cmd.try_get_matches_from(["xa", "--cors-origin", "bad\nvalue"])
                .is_err()
        );
    }
}
