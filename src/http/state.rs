//! Shared state of the router: the arbiter, the limits, and the readiness flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use metrics_exporter_prometheus::PrometheusHandle;

use super::pool::RulingPool;
use crate::api::Arbiter;
use crate::api::Limits;
use crate::engine::EnginePool;

/// Whether the service takes new work. Starts ready; turns not-ready once shutdown begins
/// and never turns back.
#[derive(Debug, Clone, Default)]
pub struct Readiness(Arc<AtomicBool>);

impl Readiness {
    /// A ready flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Marks the service as draining: `/readyz` answers 503 from now on.
    pub fn set_draining(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// True until [`Readiness::set_draining`] is called.
    pub fn is_ready(&self) -> bool {
        !self.0.load(Ordering::SeqCst)
    }
}

/// State handed to every handler (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    /// The chess.
    pub arbiter: Arc<dyn Arbiter>,
    /// Content limits checked before any chess work.
    pub limits: Limits,
    /// Body limit, reported in 413 problems.
    pub max_body_bytes: usize,
    /// Readiness, flipped by the server on shutdown.
    pub readiness: Readiness,
    /// Renders `/metrics`.
    pub metrics: PrometheusHandle,
    /// Where large rulings run.
    pub pool: RulingPool,
    /// The computer opponent's engines, when one is configured.
    pub engine: Option<EnginePool>,
}
