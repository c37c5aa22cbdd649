//! The `xiangqi-arbiter` binary: parse the command line, set up logging, run.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use xiangqi_arbiter::api::{LawArbiter, Limits};
use xiangqi_arbiter::config::{Config, DEFAULT_MAX_BATCH, DEFAULT_MAX_MOVES};
use xiangqi_arbiter::xiangqi::START_FEN;
use xiangqi_arbiter::{cli, http, telemetry};

/// mimalloc: per-thread free lists suit a server whose requests allocate and free
/// the same sizes over and over (glibc malloc spent about 15% of the CPU here).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the HTTP service (the default).
    Serve(Config),
    /// Rule on games without a server: the body of `POST /v1/adjudicate`
    /// (or of the batch endpoint) in, one JSON answer per line out.
    /// Accepts one document or JSON Lines.
    Adjudicate {
        /// Input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        /// Most moves in one game.
        #[arg(long, env = "XA_MAX_MOVES", default_value_t = DEFAULT_MAX_MOVES)]
        max_moves: usize,
        /// Most games in one batch.
        #[arg(long, env = "XA_MAX_BATCH", default_value_t = DEFAULT_MAX_BATCH)]
        max_batch: usize,
    },
    /// The position after some moves and every legal move from it: the body
    /// of `POST /v1/legal-moves` in, one JSON answer per line out.
    LegalMoves {
        /// Input file; `-` or nothing reads standard input.
        input: Option<PathBuf>,
        /// Most moves in one request.
        #[arg(long, env = "XA_MAX_MOVES", default_value_t = DEFAULT_MAX_MOVES)]
        max_moves: usize,
    },
    /// Count the leaves of the legal-move tree (prints `nodes N` last).
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
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(config)) => serve(&config),
        None => serve(&cli.serve),
        Some(Command::Adjudicate {
            input,
            max_moves,
            max_batch,
        }) => offline(cli::adjudicate(
            input.as_deref(),
            Limits::new(max_moves, max_batch),
        )),
        Some(Command::LegalMoves { input, max_moves }) => offline(cli::legal_moves(
            input.as_deref(),
            Limits::new(max_moves, 1),
        )),
        Some(Command::Perft { fen, depth, divide }) => {
            match cli::perft_command(&fen, depth, divide) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("xiangqi-arbiter: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// Exit 0 if every answer was a ruling, 1 if some were problems, 2 on I/O errors.
fn offline(result: std::io::Result<usize>) -> ExitCode {
    match result {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xiangqi-arbiter: {e}");
            ExitCode::from(2)
        }
    }
}

fn serve(config: &Config) -> ExitCode {
    telemetry::init(config);
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
