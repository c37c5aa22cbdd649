//! Serving the router on a socket: connection limits (overall and per client address, with
//! eviction from the address holding the most slots), slow-client timeouts, the send buffer,
//! graceful shutdown, and metrics for what happens below the router (open connections,
//! hyper's own rejections).
//!
//! axum's `serve` has no header-read timeout or connection cap, so connections are driven by
//! hyper's HTTP/1 builder directly, with the [`Router`] as the service.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
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

use super::extract::BodyReceived;
use super::idle::{IdleTimeout, Stalled};
use super::metrics::{
    CONNECTION_ERRORS, CONNECTIONS_EVICTED, CONNECTIONS_MAX, CONNECTIONS_OPEN, CONNECTIONS_REFUSED,
};
use super::router::app_with_readiness;
use super::state::Readiness;
use crate::api::Arbiter;
use crate::config::Config;

/// Binds `config.addr` and serves until SIGTERM or Ctrl-C, then drains.
pub async fn run(config: &Config, arbiter: Arc<dyn Arbiter>) -> io::Result<()> {
    let listener = bind(config.addr, config.send_buffer_bytes)?;
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

/// Binds `addr` with the connections' send buffer (`send_buffer_bytes`, 0 for the kernel's
/// default), which accepted sockets inherit from the listener.
///
/// The kernel grows a send buffer up to `net.ipv4.tcp_wmem`'s maximum (4 MiB by default) for
/// a peer that does not read: a client pipelining requests it never reads held 2.8 MB of
/// rendered answers per connection. hyper renders no further answer while its own write
/// buffer ([`MAX_CONNECTION_BUFFER`]) is full, so a fixed send buffer bounds the rest.
pub fn bind(addr: SocketAddr, send_buffer_bytes: usize) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?; // as TcpListener::bind does
    if send_buffer_bytes > 0 {
        socket.set_send_buffer_size(u32::try_from(send_buffer_bytes).unwrap_or(u32::MAX))?;
    }
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Serves `router` on `listener` until `shutdown` completes, then:
/// 1. `/readyz` turns 503 and, for `shutdown_delay`, new connections are still served
///    (so load balancers see the 503 and stop routing here);
/// 2. the listener closes; idle connections close; in-flight requests finish, for at most
///    `drain_timeout`.
///
/// At most `max_connections` connections are served at once, and at most
/// `max_connections_per_client` from one client address. A connection is *evictable* when it
/// makes the server wait on its client: no request in flight (a silent socket, a keep-alive
/// connection between requests, an answer stuck on a peer that does not read), or a request
/// whose body has not all arrived. When a new client finds every slot taken, an evictable
/// connection of the address holding the most slots is closed to make room (its idle ones
/// before those waiting for a body, the longest idle first); only if none is evictable does
/// the new client wait for a connection to end. An address at its own cap gives up one of its
/// own evictable connections instead, or the new connection is closed at once. So neither
/// idle connections nor heads without bodies, however many, let one address lock out others,
/// and a client holding one connection loses it only after every larger holder is down to
/// its size.
///
/// `listener` should come from [`bind`], which sets the send buffer.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    config: &Config,
    readiness: Readiness,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let max_connections = config.max_connections.max(1);
    let per_client = config.max_connections_per_client();
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
        let (stream, peer) = tokio::select! {
            () = &mut draining => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Typically EMFILE: back off instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let client = peer.ip().to_canonical();
        let permit = if per_client.is_some_and(|cap| slots.held_by(client) >= cap) {
            // The address is at its cap: one of its own connections makes room, or none.
            match slots.evict(Some(client)) {
                Some(permit) => permit,
                None => {
                    metrics::counter!(CONNECTIONS_REFUSED).increment(1);
                    tracing::debug!(%client, "connection over the per-client cap closed");
                    continue;
                }
            }
        } else {
            match Arc::clone(&permits).try_acquire_owned() {
                Ok(permit) => permit,
                // Every slot is taken: take one from the address holding the most (it is
                // closed), or wait for a connection to end if none is evictable.
                Err(_) => match slots.evict(None) {
                    Some(permit) => permit,
                    None => tokio::select! {
                        () = &mut draining => break,
                        permit = Arc::clone(&permits).acquire_owned() => match permit {
                            Ok(permit) => permit,
                            Err(_) => break, // never closed; stop serving if it ever is
                        },
                    },
                },
            }
        };
        // Responses are small; do not let Nagle hold them back.
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleTimeout::new(stream, idle_timeout, write_timeout));
        let (id, slot) = slots.register(client, permit);
        let service = {
            let router = router.clone();
            let slot = Arc::clone(&slot);
            hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
                // Set by the body's reader once it has all arrived; until then the
                // connection is waiting on its client, and evictable.
                let received = BodyReceived::new(hyper::body::Body::is_end_stream(req.body()));
                req.extensions_mut().insert(received.clone());
                let busy = slot.busy(received);
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
                    tracing::debug!("connection closed to make room for a new client");
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

/// The connections being served, by id and by client address, so the one to close can be
/// chosen.
#[derive(Default)]
struct Slots {
    next: AtomicU64,
    epoch: OnceLock<Instant>,
    open: Mutex<Open>,
}

/// What [`Slots`] guards with one lock.
#[derive(Default)]
struct Open {
    by_id: HashMap<u64, Arc<Slot>>,
    /// Slots held per client address (evicted ones no longer count).
    held: HashMap<IpAddr, usize>,
}

impl Open {
    fn release(&mut self, client: IpAddr) {
        if let Some(n) = self.held.get_mut(&client) {
            *n -= 1;
            if *n == 0 {
                self.held.remove(&client);
            }
        }
    }
}

/// One connection's state, as the accept loop sees it.
struct Slot {
    /// Its number, in the order connections were accepted.
    id: u64,
    /// The client's address.
    client: IpAddr,
    /// Requests in flight.
    in_flight: AtomicUsize,
    /// The body of the request in flight, set once it has all arrived.
    body: Mutex<Option<BodyReceived>>,
    /// When it last became idle, in milliseconds since the server started.
    idle_since_ms: AtomicU64,
    /// Chosen for eviction (so it is not chosen twice); written under the [`Open`] lock.
    chosen: AtomicBool,
    /// Closes the connection when notified.
    evicted: Notify,
    /// The connection's place under `--max-connections`, handed to a new connection when
    /// this one is evicted.
    permit: Mutex<Option<OwnedSemaphorePermit>>,
}

/// How ready a connection is to be closed for another: `None` if it must not be (a request
/// is being served), else higher for an idle connection than for one waiting for a body,
/// then for the one idle the longest, then for the one accepted first.
fn eviction_rank(slot: &Slot) -> Option<(bool, Reverse<u64>, Reverse<u64>)> {
    if slot.chosen.load(Ordering::Relaxed) {
        return None;
    }
    let idle = slot.in_flight.load(Ordering::Acquire) == 0;
    let waiting_for_body = !idle && lock(&slot.body).as_ref().is_some_and(|body| !body.is_set());
    (idle || waiting_for_body).then(|| {
        (
            idle,
            Reverse(slot.idle_since_ms.load(Ordering::Relaxed)),
            Reverse(slot.id),
        )
    })
}

impl Slots {
    fn now_ms(&self) -> u64 {
        let epoch = *self.epoch.get_or_init(Instant::now);
        u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn register(
        self: &Arc<Self>,
        client: IpAddr,
        permit: OwnedSemaphorePermit,
    ) -> (u64, Arc<SlotHandle>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let slot = Arc::new(Slot {
            id,
            client,
            in_flight: AtomicUsize::new(0),
            body: Mutex::new(None),
            idle_since_ms: AtomicU64::new(self.now_ms()),
            chosen: AtomicBool::new(false),
            evicted: Notify::new(),
            permit: Mutex::new(Some(permit)),
        });
        let mut open = self.lock();
        open.by_id.insert(id, Arc::clone(&slot));
        *open.held.entry(client).or_default() += 1;
        drop(open);
        (
            id,
            Arc::new(SlotHandle {
                slot,
                slots: Arc::clone(self),
            }),
        )
    }

    fn remove(&self, id: u64) {
        let mut open = self.lock();
        let slot = open.by_id.remove(&id);
        if let Some(slot) = slot {
            if !slot.chosen.load(Ordering::Relaxed) {
                open.release(slot.client);
            }
            drop(open);
            drop(take(&slot.permit));
        }
    }

    /// Slots held by `client`.
    fn held_by(&self, client: IpAddr) -> usize {
        self.lock().held.get(&client).copied().unwrap_or(0)
    }

    /// Closes an evictable connection and returns its place: one of `client`'s if given,
    /// else one of the address holding the most slots among those with an evictable
    /// connection; `None` if there is none.
    fn evict(&self, client: Option<IpAddr>) -> Option<OwnedSemaphorePermit> {
        let mut open = self.lock();
        // Addresses are few beside connections: rank them first, then look only at the
        // connections of one address at a time (a flood is usually one address, so one pass).
        let mut holders: Vec<(usize, IpAddr)> = match client {
            Some(client) => vec![(0, client)],
            None => open.held.iter().map(|(&ip, &n)| (n, ip)).collect(),
        };
        holders.sort_unstable_by_key(|&(held, _)| Reverse(held));
        let victim = holders.iter().find_map(|&(_, ip)| {
            open.by_id
                .values()
                .filter(|s| s.client == ip)
                .filter_map(|s| eviction_rank(s).map(|rank| (rank, s)))
                .max_by_key(|&(rank, _)| rank)
                .map(|(_, s)| Arc::clone(s))
        })?;
        victim.chosen.store(true, Ordering::Relaxed);
        open.release(victim.client);
        drop(open);
        victim.evicted.notify_one();
        metrics::counter!(CONNECTIONS_EVICTED).increment(1);
        take(&victim.permit)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        lock(&self.open)
    }
}

/// Locks `m`: a panic while holding one of these locks cannot leave its value inconsistent.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Takes the permit out of its mutex (a poisoned lock still holds a valid permit).
fn take(permit: &Mutex<Option<OwnedSemaphorePermit>>) -> Option<OwnedSemaphorePermit> {
    lock(permit).take()
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
    /// Marks a request in flight, with its body (`received` is set once it has arrived),
    /// until the guard is dropped.
    fn busy(self: &Arc<Self>, received: BodyReceived) -> Busy {
        *lock(&self.slot.body) = Some(received);
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
