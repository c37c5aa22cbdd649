//! The bounded pool of engine processes: at most [`EngineConfig::processes`] run, each one
//! search at a time; at most [`EngineConfig::queue`] searches wait for one, each for at most
//! [`EngineConfig::queue_wait`]; the rest are refused at once ([`EngineError::Busy`]).
//!
//! Processes start on first use and are kept between searches. One that has died while idle is
//! replaced before its next search; one that dies during a search, outlives its deadline or
//! answers nonsense (not a move, an illegal move, a move the law left out) is killed and
//! replaced at once, and the search fails: a wrong move never leaves the pool.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::{Semaphore, SemaphorePermit};
use tokio::time::{Instant, timeout};

use super::config::EngineConfig;
use super::process::Process;
use super::search::{EngineError, Failure, Found, Search};

/// The pool (cheap to clone; clones share it).
#[derive(Debug, Clone)]
pub struct EnginePool {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: EngineConfig,
    permits: Semaphore,
    idle: Mutex<Vec<Live>>,
    waiting: AtomicUsize,
    stats: Arc<Stats>,
}

/// A running process, counted in [`Stats::processes`] until it is dropped (killed), however
/// that happens: given up, or abandoned in the middle of a search whose request went away.
#[derive(Debug)]
struct Live {
    process: Process,
    stats: Arc<Stats>,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stats.processes.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What the pool has done, for `/metrics`.
#[derive(Debug, Default)]
pub struct Stats {
    /// Searches that gave a checked move.
    pub moves: AtomicU64,
    /// Searches refused because every process was busy.
    pub busy: AtomicU64,
    /// Microseconds spent in searches that gave a move.
    pub search_micros: AtomicU64,
    /// Processes started.
    pub starts: AtomicU64,
    /// Processes given up, by [`Failure::CODES`].
    pub restarts: [AtomicU64; Failure::CODES.len()],
    /// Processes running now.
    pub processes: AtomicUsize,
    /// Searches running now (each holds a process).
    pub searching: AtomicUsize,
    /// The `id name` of the last engine started.
    pub name: Mutex<String>,
}

/// The pool's state for `/readyz`: a detail, never a failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// The engine's program.
    pub path: String,
    /// Its `id name`, once one has started.
    pub name: Option<String>,
    /// Processes allowed.
    pub pool: usize,
    /// Processes running.
    pub processes: usize,
    /// Searches running.
    pub searching: usize,
    /// Processes given up so far.
    pub restarts: u64,
    /// Searches answered so far.
    pub moves: u64,
}

impl EnginePool {
    /// A pool for `config`; no process starts until the first search.
    pub fn new(config: EngineConfig) -> EnginePool {
        let processes = config.processes.max(1);
        EnginePool {
            inner: Arc::new(Inner {
                permits: Semaphore::new(processes),
                idle: Mutex::new(Vec::new()),
                waiting: AtomicUsize::new(0),
                stats: Arc::default(),
                config: EngineConfig {
                    processes,
                    ..config
                },
            }),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.inner.config
    }

    /// The figures so far.
    pub fn stats(&self) -> &Stats {
        &self.inner.stats
    }

    /// The pool's state for `/readyz`.
    pub fn health(&self) -> Health {
        let s = &self.inner.stats;
        let name = s.name.lock().map(|n| n.clone()).unwrap_or_default();
        Health {
            path: self.inner.config.path.display().to_string(),
            name: (!name.is_empty()).then_some(name),
            pool: self.inner.config.processes,
            processes: s.processes.load(Ordering::Relaxed),
            searching: s.searching.load(Ordering::Relaxed),
            restarts: s.restarts.iter().map(|r| r.load(Ordering::Relaxed)).sum(),
            moves: s.moves.load(Ordering::Relaxed),
        }
    }

    /// The engine's move for `search`: legal in its last position and among its
    /// `searchmoves` when it has some.
    pub async fn search(&self, search: &Search) -> Result<Found, EngineError> {
        let _permit = self.admit().await?;
        let inner = &self.inner;
        let _searching = Searching::count(&inner.stats);
        let began = Instant::now();
        let idle = inner.idle.lock().ok().and_then(|mut idle| idle.pop());
        let mut process = match idle {
            Some(mut p) => {
                if p.process.is_alive() {
                    p
                } else {
                    self.given_up(p, &Failure::Died);
                    self.start().await?
                }
            }
            None => self.start().await?,
        };
        let deadline = Instant::now() + search.limit.allowance(inner.config.search_grace);
        let answer = process
            .process
            .search(search, deadline)
            .await
            .and_then(|found| check(&process.process, search, found));
        match answer {
            Ok(found) => {
                let micros = began.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
                inner
                    .stats
                    .search_micros
                    .fetch_add(micros, Ordering::Relaxed);
                inner.stats.moves.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut idle) = inner.idle.lock() {
                    idle.push(process);
                }
                Ok(found)
            }
            Err(failure) => {
                tracing::warn!(%failure, engine = %process.process.name, "engine restarted");
                self.given_up(process, &failure);
                // The replacement is started now, under the same permit, so the next search
                // finds it ready; if it cannot start, the next search tries again.
                if let Ok(fresh) = self.start().await
                    && let Ok(mut idle) = inner.idle.lock()
                {
                    idle.push(fresh);
                }
                Err(EngineError::Failed(failure))
            }
        }
    }

    /// A process slot: at once, or after a bounded wait in a bounded queue.
    async fn admit(&self) -> Result<SemaphorePermit<'_>, EngineError> {
        let inner = &self.inner;
        if let Ok(permit) = inner.permits.try_acquire() {
            return Ok(permit);
        }
        let busy = || {
            inner.stats.busy.fetch_add(1, Ordering::Relaxed);
            EngineError::Busy
        };
        if inner.waiting.fetch_add(1, Ordering::AcqRel) >= inner.config.queue {
            inner.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(busy());
        }
        let waited = timeout(inner.config.queue_wait, inner.permits.acquire()).await;
        inner.waiting.fetch_sub(1, Ordering::AcqRel);
        match waited {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(busy()),
        }
    }

    /// Starts a process, counted.
    async fn start(&self) -> Result<Live, EngineError> {
        let inner = &self.inner;
        let deadline = Instant::now() + inner.config.start_timeout;
        match Process::start(&inner.config, deadline).await {
            Ok(process) => {
                inner.stats.starts.fetch_add(1, Ordering::Relaxed);
                inner.stats.processes.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut name) = inner.stats.name.lock() {
                    name.clone_from(&process.name);
                }
                Ok(Live {
                    process,
                    stats: inner.stats.clone(),
                })
            }
            Err(failure) => {
                let failure = match failure {
                    f @ Failure::Start(_) => f,
                    other => Failure::Start(other.to_string()),
                };
                tracing::warn!(%failure, path = %inner.config.path.display(), "engine did not start");
                self.count(&failure);
                Err(EngineError::Failed(failure))
            }
        }
    }

    /// Kills a process and counts why.
    fn given_up(&self, process: Live, failure: &Failure) {
        drop(process);
        self.count(failure);
    }

    fn count(&self, failure: &Failure) {
        let i = Failure::CODES
            .iter()
            .position(|c| *c == failure.code())
            .unwrap_or(0);
        self.inner.stats.restarts[i].fetch_add(1, Ordering::Relaxed);
    }
}

/// A search in flight, counted in [`Stats::searching`] until it ends or is dropped.
struct Searching<'s>(&'s Stats);

impl<'s> Searching<'s> {
    fn count(stats: &'s Stats) -> Self {
        stats.searching.fetch_add(1, Ordering::Relaxed);
        Searching(stats)
    }
}

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        self.0.searching.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The engine's move checked against the rules core: legal in the last position, and among
/// the moves allowed.
fn check(process: &Process, search: &Search, found: Found) -> Result<Found, Failure> {
    let allowed = search.searchmoves.is_empty() || search.searchmoves.contains(&found.mv);
    if search.last.is_legal(found.mv) && allowed {
        Ok(found)
    } else {
        let mut text = String::new();
        process.squares().write(found.mv, &mut text);
        Err(Failure::IllegalMove(text))
    }
}
