//! Serving the router on a socket: connection limit (closing the longest-idle connection
//! when a new client needs its slot), slow-client timeouts, graceful shutdown, and metrics
//! for what happens below the router (open connections, hyper's own rejections).
//!
//! axum's `serve` has no header-read timeout or connection cap, so connections are driven by
//! hyper's HTTP/1 builder directly, with the [`Router`] as the service.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

use super::idle::{IdleTimeout, Stalled};
use super::metrics::{CONNECTION_ERRORS, CONNECTIONS_EVICTED, CONNECTIONS_MAX, CONNECTIONS_OPEN};
use super::router::app_with_readiness;
use super::state::Readiness;
use crate::api::Arbiter;
use crate::config::Config;

/// Binds `config.addr` and serves until SIGTERM or Ctrl-C, then drains.
pub async fn run(config: &Config, arbiter: Arc<dyn Arbiter>) -> io::Result<()> {
    let listener = bind(config.addr)?;
    tracing::info!(addr = %listener.local_addr()?, "listening");
    let readiness = Readiness::new();
    let router = app_with_readiness(config, arbiter, readiness.clone());
    serve(listener, router, config, readiness, shutdown_signal()).await
}

/// Kernel accept queue: room for a burst of connections while the accept loop catches up
/// (the kernel caps it at `net.core.somaxconn`). A full queue drops SYNs, and a dropped SYN
/// costs the client a one-second retransmission.
const LISTEN_BACKLOG: u32 = 4096;

/// Largest buffer hyper keeps per connection, and so about the largest request head (hyper
/// checks between reads, so a head may pass it by one read; more is 431). hyper's default, about 400 KB, let 1,024 connections that trickle in large heads
/// hold 400 MB; real heads are a few hundred bytes. Bodies stream through it in frames.
pub const MAX_CONNECTION_BUFFER: usize = 32 * 1024;

fn bind(addr: std::net::SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?; // as TcpListener::bind does
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Serves `router` on `listener` until `shutdown` completes, then:
/// 1. `/readyz` turns 503 and, for `shutdown_delay`, new connections are still served
///    (so load balancers see the 503 and stop routing here);
/// 2. the listener closes; idle connections close; in-flight requests finish, for at most
///    `drain_timeout`.
///
/// At most `max_connections` connections are served at once. When a new client arrives and
/// every slot is taken, the connection that has been idle the longest (no request in flight:
/// a silent socket, a keep-alive connection between requests, or one whose answer is stuck
/// on a peer that does not read) is closed to make room. Only if every connection has a
/// request in flight does the new client wait for one to finish. So idle connections, however
/// many, cannot lock out a client that sends its request.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    config: &Config,
    readiness: Readiness,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let max_connections = config.max_connections.max(1);
    let permits = Arc::new(Semaphore::new(max_connections));
    let slots = Arc::new(Slots::default());
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout())
        .max_buf_size(MAX_CONNECTION_BUFFER)
        .keep_alive(true);
    let idle_timeout = config.idle_timeout();
    let write_timeout = config.write_timeout();
    let delay = config.shutdown_delay();
    metrics::gauge!(CONNECTIONS_MAX).set(max_connections as f64);

    let draining = async {
        shutdown.await;
        readiness.set_draining();
        tracing::info!("shutdown requested: readiness is now 503");
        tokio::time::sleep(delay).await;
    };
    tokio::pin!(draining);

    loop {
        let stream = tokio::select! {
            () = &mut draining => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => stream,
                Err(e) => {
                    // Typically EMFILE: back off instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let permit = match Arc::clone(&permits).try_acquire_owned() {
            Ok(permit) => permit,
            // Every slot is taken: take the slot of the longest-idle connection (it is
            // closed), or wait for a connection to end if none is idle.
            Err(_) => match slots.evict_longest_idle() {
                Some(permit) => {
                    metrics::counter!(CONNECTIONS_EVICTED).increment(1);
                    permit
                }
                None => tokio::select! {
                    () = &mut draining => break,
                    permit = Arc::clone(&permits).acquire_owned() => match permit {
                        Ok(permit) => permit,
                        Err(_) => break, // never closed; stop serving if it ever is
                    },
                },
            },
        };
        // Responses are small; do not let Nagle hold them back.
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleTimeout::new(stream, idle_timeout, write_timeout));
        let (id, slot) = slots.register(permit);
        let service = {
            let router = router.clone();
            let slot = Arc::clone(&slot);
            hyper::service::service_fn(move |req| {
                let busy = slot.busy();
                let answer = router.clone().oneshot(req);
                async move {
                    let answer = answer.await;
                    drop(busy);
                    answer
                }
            })
        };
        let conn = graceful.watch(builder.serve_connection(io, service));
        let slots = Arc::clone(&slots);
        tokio::spawn(async move {
            let _open = OpenConnection::new();
            tokio::select! {
                result = conn => {
                    if let Err(e) = result {
                        let kind = connection_error_kind(&e);
                        metrics::counter!(CONNECTION_ERRORS, "kind" => kind).increment(1);
                        tracing::debug!(error = %e, kind, "connection closed with error");
                    }
                }
                () = slot.evicted.notified() => {
                    tracing::debug!("idle connection closed to make room for a new client");
                }
            }
            // Gives the slot back (unless an eviction already handed it on).
            slots.remove(id);
        });
    }

    drop(listener);
    tracing::info!("listener closed: draining connections");
    tokio::select! {
        () = graceful.shutdown() => tracing::info!("all connections drained"),
        () = tokio::time::sleep(config.drain_timeout()) => {
            tracing::warn!("drain timeout reached; closing remaining connections");
        }
    }
    Ok(())
}

/// What ended a connection in error, as a metric label. These rejections happen inside
/// hyper, before any request reaches the router and its request metrics.
fn connection_error_kind(e: &hyper::Error) -> &'static str {
    if e.is_parse_too_large() {
        if e.to_string().contains("URI too long") {
            "uri_too_long"
        } else {
            "headers_too_large"
        }
    } else if e.is_parse() {
        "bad_request"
    } else if e.is_timeout() {
        "header_timeout"
    } else if e.is_incomplete_message() {
        "incomplete"
    } else {
        let mut source = std::error::Error::source(e);
        while let Some(err) = source {
            if let Some(io) = err.downcast_ref::<io::Error>() {
                return match Stalled::of(io) {
                    Some(Stalled::Idle) => "idle_timeout",
                    Some(Stalled::Write) => "write_timeout",
                    None => "io",
                };
            }
            source = err.source();
        }
        "other"
    }
}

/// Counts a connection in [`CONNECTIONS_OPEN`] for as long as it lives.
struct OpenConnection;

impl OpenConnection {
    fn new() -> Self {
        metrics::gauge!(CONNECTIONS_OPEN).increment(1.0);
        Self
    }
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        metrics::gauge!(CONNECTIONS_OPEN).decrement(1.0);
    }
}

/// The connections being served, so the longest-idle one can be found and closed.
#[derive(Default)]
struct Slots {
    next: AtomicU64,
    epoch: OnceLock<Instant>,
    open: Mutex<HashMap<u64, Arc<Slot>>>,
}

/// One connection's state, as the accept loop sees it.
struct Slot {
    /// Requests in flight.
    in_flight: AtomicUsize,
    /// When it last became idle, in milliseconds since the server started.
    idle_since_ms: AtomicU64,
    /// Chosen for eviction (so it is not chosen twice).
    chosen: AtomicBool,
    /// Closes the connection when notified.
    evicted: Notify,
    /// The connection's place under `--max-connections`, handed to a new connection when
    /// this one is evicted.
    permit: Mutex<Option<OwnedSemaphorePermit>>,
}

impl Slots {
    fn now_ms(&self) -> u64 {
        let epoch = *self.epoch.get_or_init(Instant::now);
        u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn register(self: &Arc<Self>, permit: OwnedSemaphorePermit) -> (u64, Arc<SlotHandle>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let slot = Arc::new(Slot {
            in_flight: AtomicUsize::new(0),
            idle_since_ms: AtomicU64::new(self.now_ms()),
            chosen: AtomicBool::new(false),
            evicted: Notify::new(),
            permit: Mutex::new(Some(permit)),
        });
        self.lock().insert(id, Arc::clone(&slot));
        (
            id,
            Arc::new(SlotHandle {
                slot,
                slots: Arc::clone(self),
            }),
        )
    }

    fn remove(&self, id: u64) {
        let slot = self.lock().remove(&id);
        if let Some(slot) = slot {
            drop(take(&slot.permit));
        }
    }

    /// Closes the connection idle the longest and returns its place; `None` if none is idle.
    fn evict_longest_idle(&self) -> Option<OwnedSemaphorePermit> {
        let open = self.lock();
        let victim = open
            .values()
            .filter(|s| {
                s.in_flight.load(Ordering::Acquire) == 0 && !s.chosen.load(Ordering::Relaxed)
            })
            .min_by_key(|s| s.idle_since_ms.load(Ordering::Relaxed));
        let slot = victim?;
        slot.chosen.store(true, Ordering::Relaxed);
        slot.evicted.notify_one();
        take(&slot.permit)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Slot>>> {
        // A panic while holding this lock cannot leave the map inconsistent.
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Takes the permit out of its mutex (a poisoned lock still holds a valid permit).
fn take(permit: &Mutex<Option<OwnedSemaphorePermit>>) -> Option<OwnedSemaphorePermit> {
    permit
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
}

/// A connection's own handle on its slot.
struct SlotHandle {
    slot: Arc<Slot>,
    slots: Arc<Slots>,
}

impl std::ops::Deref for SlotHandle {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        &self.slot
    }
}

impl SlotHandle {
    /// Marks a request in flight until the guard is dropped.
    fn busy(self: &Arc<Self>) -> Busy {
        self.slot.in_flight.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(self))
    }
}

/// A request in flight on a connection (see [`SlotHandle::busy`]).
struct Busy(Arc<SlotHandle>);

impl Drop for Busy {
    fn drop(&mut self) {
        let handle = &self.0;
        handle
            .slot
            .idle_since_ms
            .store(handle.slots.now_ms(), Ordering::Relaxed);
        handle.slot.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (what container runtimes send).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();

    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
