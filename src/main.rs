//! The `xiangqi-arbiter` binary: parse the command line, set up logging, run.

use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::engine::{Arbiter, UnwiredArbiter};
use xiangqi_arbiter::{http, telemetry};

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
    // LEAD: add the offline subcommands here:
    //   Adjudicate { input: Option<PathBuf> }          // `adjudicate [FILE|-]`
    //   LegalMoves { input: Option<PathBuf> }          // `legal-moves [FILE|-]`
    //   Perft { fen: String, depth: u32, divide: bool } // `perft --fen FEN --depth N [--divide]`
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(config)) => serve(&config),
        None => serve(&cli.serve),
    }
}

fn arbiter() -> Arc<dyn Arbiter> {
    // LEAD: plug the real arbiter in here.
    Arc::new(UnwiredArbiter)
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
    match runtime.block_on(http::server::run(config, arbiter())) {
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
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
