//! Serving the router on a socket: connection limit, slow-client timeouts, graceful shutdown.
//!
//! axum's `serve` has no header-read timeout or connection cap, so connections are driven by
//! hyper's HTTP/1 builder directly, with the [`Router`] as the service.

use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::engine::Arbiter;
use super::idle::IdleTimeout;
use super::{Readiness, app_with_readiness};
use crate::config::Config;

/// Binds `config.addr` and serves until SIGTERM or Ctrl-C, then drains.
pub async fn run(config: &Config, arbiter: Arc<dyn Arbiter>) -> io::Result<()> {
    let listener = TcpListener::bind(config.addr).await?;
    tracing::info!(addr = %listener.local_addr()?, "listening");
    let readiness = Readiness::new();
    let router = app_with_readiness(config, arbiter, readiness.clone());
    serve(listener, router, config, readiness, shutdown_signal()).await
}

/// Serves `router` on `listener` until `shutdown` completes, then:
/// 1. `/readyz` turns 503 and, for `shutdown_delay`, new connections are still served
///    (so load balancers see the 503 and stop routing here);
/// 2. the listener closes; idle connections close; in-flight requests finish, for at most
///    `drain_timeout`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    config: &Config,
    readiness: Readiness,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let permits = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout())
        .keep_alive(true);
    let idle_timeout = config.idle_timeout();
    let delay = config.shutdown_delay();

    let draining = async {
        shutdown.await;
        readiness.set_draining();
        tracing::info!("shutdown requested: readiness is now 503");
        tokio::time::sleep(delay).await;
    };
    tokio::pin!(draining);

    loop {
        // Waiting for a permit *before* accepting leaves extra clients in the kernel's
        // backlog instead of holding sockets we cannot serve.
        let permit = tokio::select! {
            () = &mut draining => break,
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break, // never closed; stop serving if it ever is
            },
        };
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
        // Responses are small; do not let Nagle hold them back.
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(IdleTimeout::new(stream, idle_timeout));
        let conn = builder.serve_connection(io, TowerToHyperService::new(router.clone()));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!(error = %e, "connection closed with error");
            }
            drop(permit);
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
