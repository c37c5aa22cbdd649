//! The ruling pool: heavy rulings run on tokio's blocking threads, a bounded number at a
//! time, so the async workers stay free for probes, metrics and small requests.
//!
//! Two bounds: `workers` rulings run at once, and at most `queue` more wait for a worker.
//! A request that finds both full is answered at once with 503 `overloaded` and
//! `Retry-After`, rather than piling up behind work it would time out waiting for.
//!
//! A ruling keeps its slot until it returns, even after its request was abandoned: the slot
//! count then stays true to the CPU in use. Abandoned rulings stop early because their
//! [`Cancel`] flag is set when the request's future is dropped.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::metrics::{POOL_REJECTED, POOL_RUNNING, POOL_WAITING};
use crate::api::Cancel;
use crate::api::error::{ApiError, RETRY_AFTER_S};

/// A bounded pool in front of `tokio::task::spawn_blocking` (cheap to clone).
#[derive(Debug, Clone)]
pub struct RulingPool {
    /// Rulings admitted: running or waiting for a worker.
    admitted: Arc<Semaphore>,
    /// Rulings running.
    running: Arc<Semaphore>,
}

impl RulingPool {
    /// A pool running at most `workers` rulings at once (at least one), with at most `queue`
    /// more waiting.
    pub fn new(workers: usize, queue: usize) -> Self {
        let workers = workers.max(1);
        Self {
            admitted: Arc::new(Semaphore::new(workers + queue)),
            running: Arc::new(Semaphore::new(workers)),
        }
    }

    /// Runs `work` on a blocking thread once a worker is free, and returns its result.
    ///
    /// Answers [`ApiError::Overloaded`] at once if the pool and its queue are full. Dropping
    /// the returned future sets `cancel` (the work sees it and stops) but the work keeps its
    /// worker until it returns.
    pub async fn run<T, F>(&self, cancel: Cancel, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> T + Send + 'static,
    {
        let guard = cancel.on_drop();
        let Ok(admitted) = Arc::clone(&self.admitted).try_acquire_owned() else {
            return Err(Self::rejection());
        };
        let waiting = Gauge::up(POOL_WAITING);
        let running = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::Internal)?; // never closed
        drop(waiting);
        let job = tokio::task::spawn_blocking(move || {
            let _slot = (admitted, running, Gauge::up(POOL_RUNNING));
            work(&cancel)
        });
        let result = match job.await {
            Ok(result) => Ok(result),
            // Re-raise a panic here so the catch-panic layer answers it as a 500.
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(_) => Err(ApiError::Internal),
        };
        drop(guard);
        result
    }

    /// True while a new ruling would be admitted (running or waiting): what
    /// [`super::admission`] asks from a request's head, before its body is read.
    pub fn has_room(&self) -> bool {
        self.admitted.available_permits() > 0
    }

    /// The error a ruling the pool has no room for is answered with, counted.
    pub fn rejection() -> ApiError {
        metrics::counter!(POOL_REJECTED).increment(1);
        ApiError::Overloaded {
            retry_after_s: RETRY_AFTER_S,
        }
    }

    /// Rulings that could start now without waiting.
    pub fn idle_workers(&self) -> usize {
        self.running.available_permits()
    }
}

/// Adds one to a gauge for as long as it lives.
struct Gauge(&'static str);

impl Gauge {
    fn up(name: &'static str) -> Self {
        metrics::gauge!(name).increment(1.0);
        Self(name)
    }
}

impl Drop for Gauge {
    fn drop(&mut self) {
        metrics::gauge!(self.0).decrement(1.0);
    }
}
