//! Logging set-up: human lines by default, JSON lines for containers.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::config::{Config, LogFormat};

/// Installs the global tracing subscriber. A bad filter falls back to `info` with a warning
/// rather than refusing to start.
pub fn init(config: &Config) {
    let (filter, bad_filter) = match EnvFilter::try_new(&config.log_level) {
        Ok(f) => (f, None),
        Err(e) => (EnvFilter::new("info"), Some(e)),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colours only on a terminal, never in files or log collectors.
        .with_ansi(std::io::stderr().is_terminal());
    let installed = match config.log_format {
        LogFormat::Json => builder.json().with_current_span(true).try_init(),
        LogFormat::Text => builder.try_init(),
    };
    if installed.is_ok()
        && let Some(e) = bad_filter
    {
        tracing::warn!(filter = %config.log_level, error = %e, "invalid log filter; using info");
    }
}
