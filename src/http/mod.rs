//! The HTTP service: router, middleware stack, handlers and server. Only axum, hyper and
//! tower live here; what the API means is [`crate::api`]'s.
//!
//! [`app`] builds the complete `Router` (what tests drive in-process with `oneshot`);
//! [`server`] serves it on a socket with connection limits and graceful shutdown.

pub mod admission;
pub mod assets;
pub mod diagram;
pub mod encoding;
pub mod error;
pub mod etag;
pub mod extract;
pub mod headers;
pub mod metrics;
pub mod middleware;
pub mod ops;
pub mod play;
pub mod pool;
pub mod router;
pub mod server;
pub mod state;
pub mod v1;

mod idle;
pub mod progress;

pub use router::{app, app_with_readiness, routes};
pub use state::{AppState, Readiness};
