//! xiangqi-arbiter: rules on repetition in xiangqi, as a library, a CLI and an HTTP service.
//!
//! - [`config`]: the service configuration (flags and environment variables).
//! - [`http`]: the HTTP API ([`http::app`]) and its server ([`http::server`]).
//! - [`telemetry`]: logging set-up.

// LEAD: add `pub mod xiangqi;` and `pub mod adjudication;` here.
pub mod config;
pub mod http;
pub mod telemetry;
