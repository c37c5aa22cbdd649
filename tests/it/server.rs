//! End-to-end tests over real sockets on 127.0.0.1: draining on shutdown, slow clients,
//! the connection limit and the idle timeout.
//!
//! These run on the real clock: `tokio::time::pause` auto-advances the clock whenever the
//! runtime is idle, and with real sockets it is idle while the kernel still carries bytes, so
//! a paused clock would fire the server's timeouts early. Instead no test sleeps to let
//! something happen: each waits for the event itself (the fake arbiter's `GATE`, a socket
//! closing, an answer) and asserts on the order of events, never on how long they took. The
//! server's own timeouts are what is tested; the one sleep left paces a slow client, and the
//! timeouts here only bound a hang.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::common::fake::{GATE, fake};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use xiangqi_arbiter::config::Config;
use xiangqi_arbiter::http::server::serve;
use xiangqi_arbiter::http::{Readiness, app_with_readiness};

/// A running server and the means to stop it.
struct Running {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

async fn start(config: Config) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let readiness = Readiness::new();
    let router = app_with_readiness(&config, fake(), readiness.clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let shutdown = async {
            let _ = stopped.await;
        };
        serve(listener, router, &config, readiness, shutdown).await
    });
    Running {
        addr,
        stop: Some(stop),
        task,
    }
}

/// Sends one raw HTTP/1.1 request with `Connection: close`; returns (status, body).
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(raw.as_bytes()).await.unwrap();
    read_response(&mut stream).await
}

async fn read_response(stream: &mut TcpStream) -> (u16, String) {
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut buf))
        .await
        .expect("response within 10 s")
        .unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    (status, body)
}

/// Waits until the peer closes `stream` (EOF or reset); returns when it happened.
async fn wait_closed(stream: &mut TcpStream) -> Instant {
    let mut buf = [0u8; 256];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return Instant::now(),
            Ok(_) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_drains_in_flight_requests_and_turns_readiness_503() {
    let config = Config {
        shutdown_delay_ms: 1_000,
        drain_timeout_ms: 5_000,
        ..Config::default()
    };
    let mut server = start(config).await;
    let addr = server.addr;
    assert_eq!(request(addr, "GET", "/readyz", "").await.0, 200);

    // The fake arbiter holds the move "gate" until the gate opens.
    let in_flight = tokio::spawn(async move {
        request(addr, "POST", "/v1/adjudicate", r#"{"moves":["gate"]}"#).await
    });
    let arrived = tokio::task::spawn_blocking(|| GATE.wait_for_arrival());
    tokio::time::timeout(Duration::from_secs(10), arrived)
        .await
        .expect("the request reaches the arbiter")
        .unwrap();
    server.stop.take().unwrap().send(()).unwrap();

    // During the shutdown delay the listener still answers, and readiness turns 503 (the
    // server sets it on its own task, so ask until it has).
    let mut answers = Vec::new();
    loop {
        let (status, body) = request(addr, "GET", "/readyz", "").await;
        if status == 503 {
            assert!(body.contains("not-ready"), "{body}");
            break;
        }
        answers.push(status);
        assert!(
            answers.len() < 1000,
            "readiness never turned 503: {answers:?}"
        );
        tokio::task::yield_now().await;
    }
    assert!(answers.iter().all(|&s| s == 200), "{answers:?}");

    // The in-flight request completes normally once the arbiter finishes.
    GATE.open();
    let (status, body) = in_flight.await.unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""verdict":"none""#), "{body}");

    // The server stops by itself, and the port no longer accepts.
    tokio::time::timeout(Duration::from_secs(5), server.task)
        .await
        .expect("server stopped")
        .unwrap()
        .unwrap();
    assert!(TcpStream::connect(addr).await.is_err());
}

#[tokio::test]
async fn a_client_sending_headers_byte_by_byte_is_disconnected() {
    let config = Config {
        header_read_timeout_ms: 200,
        ..Config::default()
    };
    let server = start(config).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";

    let (mut reader, mut writer) = stream.split();
    let sent = std::cell::Cell::new(0);
    let trickle = async {
        for byte in head {
            if writer.write_all(&[*byte]).await.is_err() {
                return;
            }
            sent.set(sent.get() + 1);
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        // Sent it all: the server should have hung up long before.
        std::future::pending::<()>().await;
    };
    let mut response = Vec::new();
    tokio::select! {
        () = trickle => unreachable!(),
        _ = reader.read_to_end(&mut response) => {}
    }
    // Closed before the head was complete (a byte every 25 ms against a 200 ms timeout),
    // with no 200.
    assert!(sent.get() < head.len(), "the whole head was sent");
    assert!(!String::from_utf8_lossy(&response).contains(" 200 "));

    // A well-behaved client is still served.
    assert_eq!(request(server.addr, "GET", "/healthz", "").await.0, 200);
}

#[tokio::test]
async fn idle_sockets_at_the_connection_limit_do_not_lock_out_new_clients() {
    let config = Config {
        max_connections: 2,
        header_read_timeout_ms: 300,
        ..Config::default()
    };
    let server = start(config).await;

    // Two silent clients take every connection slot.
    let mut idle_a = TcpStream::connect(server.addr).await.unwrap();
    let mut idle_b = TcpStream::connect(server.addr).await.unwrap();

    // A good client takes the slot of the longest-idle connection (issue 12: it used to
    // wait in the backlog until the idle ones timed out); the other times out as before.
    let good = tokio::spawn(async move { request(server.addr, "GET", "/healthz", "").await });
    let closed_a = wait_closed(&mut idle_a).await;
    let closed_b = wait_closed(&mut idle_b).await;
    let (status, _) = good.await.unwrap();
    assert_eq!(status, 200);
    assert!(
        closed_a <= closed_b,
        "the longest-idle connection went first"
    );
}

#[tokio::test]
async fn a_client_stalling_mid_body_is_disconnected_by_the_idle_timeout() {
    let config = Config {
        idle_timeout_ms: Some(200),
        ..Config::default()
    };
    let server = start(config).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            b"POST /v1/adjudicate HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"moves\":[",
        )
        .await
        .unwrap();
    let mut response = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut response))
        .await
        .expect("connection closed by the server");
    assert!(!String::from_utf8_lossy(&response).contains(" 200 "));

    assert_eq!(request(server.addr, "GET", "/healthz", "").await.0, 200);
}
