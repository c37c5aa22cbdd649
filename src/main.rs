//! The `xiangqi-arbiter` binary: parse the command line, set up logging, run.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use xiangqi_arbiter::api::{LawArbiter, Limits};
use xiangqi_arbiter::cli::{Defaults, EXIT_IO, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, PerftError};
use xiangqi_arbiter::config::{Config, DEFAULT_MAX_BATCH, DEFAULT_MAX_MOVES};
use xiangqi_arbiter::xiangqi::START_FEN;
use xiangqi_arbiter::{cli, http, telemetry};

/// mimalloc: per-thread free lists suit a server whose requests allocate and free
/// the same sizes over and over (glibc malloc spent about 15% of the CPU here).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay`: option 15 in both the v2 and the v3 sources
/// libmimalloc-sys builds (a test pins it by its v3 default).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc's purge delay set by `serve`, in milliseconds (an operator's `MIMALLOC_PURGE_DELAY`
/// wins).
const PURGE_DELAY_MS: std::ffi::c_long = 100;

/// Freed memory goes back to the system within [`PURGE_DELAY_MS`], unless the operator set
/// `MIMALLOC_PURGE_DELAY`. mimalloc v3 waits a second by default, which keeps the pages of a
/// burst of long rulings resident: 8 clients sending 1,024-ply games peaked at 91 MB of RSS
/// with the default and at 44 MB with no delay, which keeps the worst load well inside the
/// Deployment's 128 Mi. No delay at all made every few requests give pages back and fault
/// them in again: game200 at `wrk -t2 -c32` ran 4 % slower than with 100 ms (issue 15,
/// session 9, docs/performance.md), which still returns a burst's memory at once.
fn return_freed_memory_promptly() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: sets an option mimalloc reads atomically; any value is valid.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
    }
}

/// Rules on repetition in xiangqi (Vietnamese Xiangqi Law, 2004).
#[derive(Debug, Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Server options, used when no subcommand is given (same as `serve`).
    #[command(flatten)]
    serve: Config,
}

/// The exit statuses of `adjudicate` and `legal-moves`, as `--help` shows them.
const EXIT_CODES: &str = "\
Flags fill a field only in requests that do not set it: a key in the input wins, even `null`.

Exit status:
  0  every value was answered with a ruling
  1  every value was answered, and some answers were problems (bad input)
  2  usage error: the command line is wrong
  3  I/O error: the input could not be read or the output written (answers already
     written stand)";

/// The exit statuses of `perft`.
const PERFT_EXIT_CODES: &str = "\
Exit status:
  0  counted
  1  the FEN is not a legal position
  2  usage error: the command line is wrong
  3  I/O error: the output could not be written";

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the HTTP service (the default).
    Serve(Config),
    /// Rule on games without a server: the body of `POST /v1/adjudicate`
    /// (or of the batch endpoint) in, one JSON answer per line out.
    ///
    /// Reads JSON Lines (or one document, which may span lines) and answers each value as
    /// soon as it is read; a line that is not JSON is answered with its problem and the next
    /// line is read. An input whose first non-blank line is not JSON (a PGN record, a numbered
    /// score sheet, DhtmlXQ blocks) is one game record: `xiangqi-arbiter adjudicate game.pgn`,
    /// in UTF-8, GBK, Big5, UTF-16 with a byte-order mark or the encoding `--charset` names.
    #[command(after_help = EXIT_CODES)]
    Adjudicate {
        /// Input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        /// Start position (FEN) for requests that do not set `fen`.
        #[arg(long)]
        fen: Option<String>,
        /// Notation of the moves for requests that do not set `notation` (iccs, uci, wxf, vn,
        /// chinese, san).
        #[arg(long)]
        notation: Option<String>,
        /// Language of the answer's texts and of problems' details (vi, en, zh), sent as
        /// `lang` in requests that do not set it.
        #[arg(long)]
        lang: Option<String>,
        /// Encoding of a game record (utf-8, gbk, gb18030, big5, utf-16le, ...: a WHATWG
        /// label). Without it: the record's byte-order mark, else UTF-8 if it is, else the
        /// encoding detected. JSON is always UTF-8.
        #[arg(long)]
        charset: Option<String>,
        /// Most moves in one game.
        #[arg(long, env = "XA_MAX_MOVES", default_value_t = DEFAULT_MAX_MOVES)]
        max_moves: usize,
        /// Most games in one batch.
        #[arg(long, env = "XA_MAX_BATCH", default_value_t = DEFAULT_MAX_BATCH)]
        max_batch: usize,
    },
    /// The position after some moves and every legal move from it: the body
    /// of `POST /v1/legal-moves` in, one JSON answer per line out, each as soon as its
    /// line is read.
    #[command(after_help = EXIT_CODES)]
    LegalMoves {
        /// Input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        /// Start position (FEN) for requests that do not set `fen`.
        #[arg(long)]
        fen: Option<String>,
        /// Notation of the moves for requests that do not set `notation`.
        #[arg(long)]
        notation: Option<String>,
        /// Most moves in one request.
        #[arg(long, env = "XA_MAX_MOVES", default_value_t = DEFAULT_MAX_MOVES)]
        max_moves: usize,
    },
    /// Count the leaves of the legal-move tree (prints `nodes N` last).
    #[command(after_help = PERFT_EXIT_CODES)]
    Perft {
        /// Start position.
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version are "errors" that exit 0; usage errors exit EXIT_USAGE.
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    match cli.command {
        Some(Command::Serve(config)) => serve(&config),
        None => serve(&cli.serve),
        Some(Command::Adjudicate {
            input,
            fen,
            notation,
            lang,
            charset,
            max_moves,
            max_batch,
        }) => offline(cli::adjudicate(
            input.as_deref(),
            &Defaults {
                fen,
                notation,
                lang,
                charset,
            },
            Limits::new(max_moves, max_batch),
        )),
        Some(Command::LegalMoves {
            input,
            fen,
            notation,
            max_moves,
        }) => offline(cli::legal_moves(
            input.as_deref(),
            &Defaults {
                fen,
                notation,
                ..Defaults::default()
            },
            Limits::new(max_moves, 1),
        )),
        Some(Command::Perft { fen, depth, divide }) => {
            match cli::perft_command(&fen, depth, divide) {
                Ok(()) => ExitCode::from(EXIT_OK),
                Err(PerftError::Fen(e)) => {
                    eprintln!("xiangqi-arbiter: {e}");
                    ExitCode::from(EXIT_PROBLEMS)
                }
                Err(PerftError::Io(e)) => {
                    eprintln!("xiangqi-arbiter: {e}");
                    ExitCode::from(EXIT_IO)
                }
            }
        }
    }
}

/// The exit status of `adjudicate` and `legal-moves` ([`EXIT_CODES`]).
fn offline(result: std::io::Result<usize>) -> ExitCode {
    match result {
        Ok(0) => ExitCode::from(EXIT_OK),
        Ok(_) => ExitCode::from(EXIT_PROBLEMS),
        Err(e) => {
            eprintln!("xiangqi-arbiter: {e}");
            ExitCode::from(EXIT_IO)
        }
    }
}

fn serve(config: &Config) -> ExitCode {
    telemetry::init(config);
    return_freed_memory_promptly();
    // The assets gzipped once, beside the start-up, so no request waits for it.
    std::thread::spawn(http::assets::prepare);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("xiangqi-arbiter: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(http::server::run(config, Arc::new(LawArbiter))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, addr = %config.addr, "server failed");
            eprintln!("xiangqi-arbiter: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_15_is_mimallocs_purge_delay() {
        // v3's purge delay defaults to 1,000 ms; no other option of v3 or v2 does. Read
        // before `serve` changes it (tests do not call `serve`).
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            // SAFETY: reads an option.
            assert_eq!(
                unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) },
                1000
            );
        }
    }

    #[test]
    fn serve_is_the_default_and_takes_the_same_flags() {
        let bare = Cli::try_parse_from(["xa", "--addr", "0.0.0.0:9000"]).unwrap();
        assert!(bare.command.is_none());
        assert_eq!(bare.serve.addr.port(), 9000);

        let explicit = Cli::try_parse_from(["xa", "serve", "--addr", "0.0.0.0:9001"]).unwrap();
        let Some(Command::Serve(config)) = explicit.command else {
            panic!("serve subcommand");
        };
        assert_eq!(config.addr.port(), 9001);
    }

    #[test]
    fn perft_takes_fen_depth_and_divide() {
        let cli = Cli::try_parse_from(["xa", "perft", "--depth", "3", "--divide"]).unwrap();
        let Some(Command::Perft { fen, depth, divide }) = cli.command else {
            panic!("perft subcommand");
        };
        assert_eq!((fen.as_str(), depth, divide), (START_FEN, 3, true));
    }

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
