//! Prometheus metrics: every metric's name and description, the process-wide recorder, the
//! request middleware, and the verdict counter.
//!
//! The `metrics` facade allows one global recorder per process, so it is installed once and
//! every router (tests build many) shares it.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use axum::extract::MatchedPath;
use axum::http::{Method, Request, Response, StatusCode};
use metrics::{Counter, Histogram, SharedString};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use crate::api::answer::Verdict;
use crate::engine::{EnginePool, Failure};

/// Counter of answered requests, by `method`, `route` and `status`.
pub const REQUESTS_TOTAL: &str = "xiangqi_http_requests_total";
/// Histogram of request latency in seconds, by `method` and `route`.
pub const REQUEST_DURATION: &str = "xiangqi_http_request_duration_seconds";
/// Counter of rulings, by `verdict`.
pub const VERDICTS_TOTAL: &str = "xiangqi_verdicts_total";
/// Gauge, always 1, labelled with the `version` of the running build.
pub const BUILD_INFO: &str = "xiangqi_build_info";
/// Gauge of connections being served.
pub const CONNECTIONS_OPEN: &str = "xiangqi_http_connections_open";
/// Gauge of the connection limit (`--max-connections`), to compare with the one above.
pub const CONNECTIONS_MAX: &str = "xiangqi_http_connections_max";
/// Counter of connections closed to make room for a new client: idle ones, or ones still
/// waiting for a request's body, of the address holding the most slots (or of an address at
/// its own cap).
pub const CONNECTIONS_EVICTED: &str = "xiangqi_http_connections_evicted_total";
/// Counter of new connections closed at once because their address held its cap of
/// connections (`--max-connections-per-client`) and none of them could be evicted.
pub const CONNECTIONS_REFUSED: &str = "xiangqi_http_connections_refused_total";
/// Counter of connections that ended in an error, by `kind`: `bad_request` (hyper answered
/// 400), `uri_too_long` (414), `headers_too_large` (431), `header_timeout`, `idle_timeout`,
/// `write_timeout`, `incomplete` (the peer hung up mid-message), `io`, `other`.
pub const CONNECTION_ERRORS: &str = "xiangqi_http_connection_errors_total";
/// Gauge of rulings running on the pool.
pub const POOL_RUNNING: &str = "xiangqi_ruling_pool_running";
/// Gauge of rulings waiting for a worker.
pub const POOL_WAITING: &str = "xiangqi_ruling_pool_waiting";
/// Counter of requests turned away with 503 because the pool and its queue were full.
pub const POOL_REJECTED: &str = "xiangqi_ruling_pool_rejected_total";

/// Counter of engine searches, by `outcome`: `move` (a checked move) or `busy` (refused, the
/// pool and its queue full). Failed searches are counted by [`ENGINE_RESTARTS`].
pub const ENGINE_SEARCHES: &str = "xiangqi_engine_searches_total";
/// Counter of seconds spent in engine searches that gave a move (with the `move` count of the
/// counter above, the mean time per move).
pub const ENGINE_SECONDS: &str = "xiangqi_engine_search_seconds_total";
/// Counter of engine processes started (the first and every restart).
pub const ENGINE_STARTS: &str = "xiangqi_engine_starts_total";
/// Counter of engine processes given up, by `reason` (the `Failure` codes): each restarted.
pub const ENGINE_RESTARTS: &str = "xiangqi_engine_restarts_total";
/// Gauge of engine processes running.
pub const ENGINE_PROCESSES: &str = "xiangqi_engine_processes";

/// Latency buckets: adjudication takes tens of microseconds, so start at 100 µs.
const LATENCY_BUCKETS: &[f64] = &[
    0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0,
];

/// Route label for requests that matched no route, so scanners cannot blow up cardinality.
const UNMATCHED: &str = "unmatched";

/// How often the recorder's pending histogram samples are folded into their buckets.
///
/// `build_recorder` (unlike `install`) starts no upkeep task, and each request leaves one
/// raw latency sample behind until upkeep runs: without a Prometheus scraping `/metrics`,
/// memory would grow with every request (about 3 MiB a minute at 4 k requests/s).
pub const UPKEEP_INTERVAL: Duration = Duration::from_secs(5);

/// Name of the thread that runs the upkeep.
pub const UPKEEP_THREAD: &str = "metrics-upkeep";

/// The handle of the process-wide Prometheus recorder, installing it (and its upkeep thread)
/// on first use.
pub fn handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new();
            let recorder = match builder
                .set_buckets_for_metric(Matcher::Full(REQUEST_DURATION.to_owned()), LATENCY_BUCKETS)
            {
                Ok(b) => b.build_recorder(),
                // Only fails on an empty bucket list, which the constant is not.
                Err(_) => PrometheusBuilder::new().build_recorder(),
            };
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("a metrics recorder was already installed; /metrics stays empty");
            }
            describe();
            metrics::gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
            spawn_upkeep(handle.clone());
            handle
        })
        .clone()
}

/// Runs `run_upkeep` every [`UPKEEP_INTERVAL`] for the life of the process. A plain thread,
/// not a task, so it does not depend on which runtime (if any) first built the app.
fn spawn_upkeep(handle: PrometheusHandle) {
    let spawned = std::thread::Builder::new()
        .name(UPKEEP_THREAD.to_owned())
        .spawn(move || {
            loop {
                std::thread::sleep(UPKEEP_INTERVAL);
                handle.run_upkeep();
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "cannot start the metrics upkeep thread; scrape /metrics to bound memory");
    }
}

fn describe() {
    metrics::describe_counter!(REQUESTS_TOTAL, "HTTP requests answered");
    metrics::describe_histogram!(
        REQUEST_DURATION,
        metrics::Unit::Seconds,
        "HTTP request latency"
    );
    metrics::describe_counter!(VERDICTS_TOTAL, "Rulings given, by verdict");
    metrics::describe_gauge!(BUILD_INFO, "Always 1; the label is the running version");
    metrics::describe_gauge!(CONNECTIONS_OPEN, "Connections being served");
    metrics::describe_gauge!(
        CONNECTIONS_MAX,
        "Largest number of connections served at once (--max-connections)"
    );
    metrics::describe_counter!(
        CONNECTIONS_EVICTED,
        "Idle or body-waiting connections closed to make room for a new client"
    );
    metrics::describe_counter!(
        CONNECTIONS_REFUSED,
        "New connections closed at once: their address held its cap, none of it evictable"
    );
    metrics::describe_counter!(
        CONNECTION_ERRORS,
        "Connections ended by an error below the router (hyper's 400/414/431, timeouts), by kind"
    );
    metrics::describe_gauge!(POOL_RUNNING, "Rulings running on the ruling pool");
    metrics::describe_gauge!(POOL_WAITING, "Rulings waiting for a ruling pool worker");
    metrics::describe_counter!(
        POOL_REJECTED,
        "Requests answered 503 overloaded because the ruling pool and its queue were full"
    );
}

/// The engine pool's figures, in Prometheus text, read from its counters at scrape time: the
/// engine bridge counts, this module names.
pub fn engine_metrics(pool: &EnginePool) -> String {
    use std::fmt::Write as _;
    use std::sync::atomic::Ordering::Relaxed;
    let s = pool.stats();
    let mut out = String::new();
    let mut head = |name: &str, kind: &str, help: &str| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
    };
    head(ENGINE_SEARCHES, "counter", "Engine searches, by outcome");
    let restarts: Vec<u64> = s.restarts.iter().map(|r| r.load(Relaxed)).collect();
    let _ = writeln!(
        out,
        "{ENGINE_SEARCHES}{{outcome=\"move\"}} {}\n{ENGINE_SEARCHES}{{outcome=\"busy\"}} {}",
        s.moves.load(Relaxed),
        s.busy.load(Relaxed)
    );
    let mut head = |name: &str, kind: &str, help: &str| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
    };
    head(
        ENGINE_RESTARTS,
        "counter",
        "Engine processes given up and restarted, by reason",
    );
    for (code, n) in Failure::CODES.iter().zip(&restarts) {
        let _ = writeln!(out, "{ENGINE_RESTARTS}{{reason=\"{code}\"}} {n}");
    }
    let _ = writeln!(
        out,
        "# HELP {ENGINE_SECONDS} Seconds spent in engine searches that gave a move\n# TYPE {ENGINE_SECONDS} counter\n{ENGINE_SECONDS} {}",
        s.search_micros.load(Relaxed) as f64 / 1e6
    );
    let _ = writeln!(
        out,
        "# HELP {ENGINE_STARTS} Engine processes started\n# TYPE {ENGINE_STARTS} counter\n{ENGINE_STARTS} {}",
        s.starts.load(Relaxed)
    );
    let _ = writeln!(
        out,
        "# HELP {ENGINE_PROCESSES} Engine processes running\n# TYPE {ENGINE_PROCESSES} gauge\n{ENGINE_PROCESSES} {}",
        s.processes.load(Relaxed)
    );
    out
}

/// The usual process metrics, in Prometheus text, read from `/proc/self` at scrape time:
/// CPU seconds, resident memory, open and maximum file descriptors. Empty where there is no
/// `/proc` (not Linux).
pub fn process_metrics() -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut metric = |name: &str, kind: &str, help: &str, value: f64| {
        let _ = write!(
            out,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n"
        );
    };
    if let Ok(stat) = std::fs::read_to_string("/proc/self/stat") {
        // Fields after the command (which may hold spaces) start at the state, field 3.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        // utime and stime are fields 14 and 15, in clock ticks: USER_HZ, 100 on Linux.
        let ticks = |i: usize| fields.get(i - 3).and_then(|v| v.parse::<f64>().ok());
        if let (Some(user), Some(system)) = (ticks(14), ticks(15)) {
            metric(
                "process_cpu_seconds_total",
                "counter",
                "User and system CPU time spent, in seconds",
                (user + system) / 100.0,
            );
        }
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        let kib = |key: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(key))
                .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        };
        if let Some(rss) = kib("VmRSS:") {
            metric(
                "process_resident_memory_bytes",
                "gauge",
                "Resident memory size, in bytes",
                rss * 1024.0,
            );
        }
    }
    if let Ok(fds) = std::fs::read_dir("/proc/self/fd") {
        metric(
            "process_open_fds",
            "gauge",
            "Open file descriptors",
            fds.count() as f64,
        );
    }
    if let Ok(limits) = std::fs::read_to_string("/proc/self/limits") {
        let max = limits
            .lines()
            .find_map(|l| l.strip_prefix("Max open files"))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok());
        if let Some(max) = max {
            metric(
                "process_max_fds",
                "gauge",
                "Limit on open file descriptors",
                max,
            );
        }
    }
    out
}

/// The router's route templates, handed to [`TrackLayer`], each with the handles of its
/// request metrics once first used: counting a request then allocates nothing and looks
/// nothing up in the recorder (the handles of the one process-wide recorder never change).
#[derive(Debug, Clone)]
pub struct RouteTemplates(Arc<[RouteMetrics]>);

impl RouteTemplates {
    /// The templates of the router's routes; requests that match none count as
    /// `unmatched`.
    pub fn new(templates: impl IntoIterator<Item = &'static str>) -> Self {
        let routes = std::iter::once(UNMATCHED).chain(templates);
        Self(routes.map(RouteMetrics::new).collect())
    }

    /// The index of the route `matched` (none: `unmatched`), or `None` for a path the table
    /// does not hold.
    fn find(&self, matched: Option<&MatchedPath>) -> Option<usize> {
        let Some(matched) = matched else {
            return Some(0);
        };
        self.0[1..]
            .iter()
            .position(|r| r.template == matched.as_str())
            .map(|i| i + 1)
    }
}

/// The methods whose metric handles are kept: the ones the routes serve.
const KEPT_METHODS: [&str; 3] = ["GET", "HEAD", "POST"];

/// One route's template and its metric handles, by method and status.
#[derive(Debug)]
struct RouteMetrics {
    template: &'static str,
    /// By [`KEPT_METHODS`], then [`COMMON_STATUSES`].
    requests: [[OnceLock<Counter>; COMMON_STATUSES.len()]; KEPT_METHODS.len()],
    /// By [`KEPT_METHODS`].
    duration: [OnceLock<Histogram>; KEPT_METHODS.len()],
}

impl RouteMetrics {
    fn new(template: &'static str) -> Self {
        Self {
            template,
            requests: std::array::from_fn(|_| std::array::from_fn(|_| OnceLock::new())),
            duration: std::array::from_fn(|_| OnceLock::new()),
        }
    }
}

/// Layer: counts every request and times it, labelled by the matched route template.
///
/// A tower layer rather than `axum::middleware::from_fn`: its future wraps the inner one in
/// place, where `from_fn` clones and boxes the inner service, boxes the future and turns
/// the answer's body into a boxed `Body` on every request.
#[derive(Debug, Clone)]
pub struct TrackLayer(pub RouteTemplates);

impl<S> Layer<S> for TrackLayer {
    type Service = Track<S>;

    fn layer(&self, inner: S) -> Track<S> {
        Track {
            inner,
            routes: self.0.clone(),
        }
    }
}

/// The service of [`TrackLayer`].
#[derive(Debug, Clone)]
pub struct Track<S> {
    inner: S,
    routes: RouteTemplates,
}

impl<S, B, ResB> Service<Request<B>> for Track<S>
where
    S: Service<Request<B>, Response = Response<ResB>>,
{
    type Response = Response<ResB>;
    type Error = S::Error;
    type Future = TrackFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        let start = Instant::now();
        let matched = req.extensions().get::<MatchedPath>();
        let labels = Labels {
            method: method_label(req.method()),
            route: match self.routes.find(matched) {
                Some(i) => Route::Kept(self.routes.clone(), i),
                // Not in the table: cannot happen while the table builds the router.
                None => Route::Other(SharedString::from_owned(
                    matched.map_or(UNMATCHED, MatchedPath::as_str).to_owned(),
                )),
            },
        };
        TrackFuture {
            inner: self.inner.call(req),
            start,
            labels: Some(labels),
        }
    }
}

/// A request's labels, until its answer is counted.
struct Labels {
    method: &'static str,
    route: Route,
}

/// The request's route: one of the table's, with its handles, or another.
enum Route {
    Kept(RouteTemplates, usize),
    Other(SharedString),
}

impl Labels {
    /// Counts the answer and records its latency, through the kept handles when there are.
    fn record(self, status: StatusCode, latency: Duration) {
        let seconds = latency.as_secs_f64();
        let method = self.method;
        let status_index = COMMON_STATUSES.iter().position(|(code, _)| *code == status);
        let method_index = KEPT_METHODS.iter().position(|m| *m == method);
        match self.route {
            Route::Kept(routes, i) => {
                let route = &routes.0[i];
                let template = SharedString::const_str(route.template);
                match (method_index, status_index) {
                    (Some(m), Some(s)) => route.requests[m][s]
                        .get_or_init(|| requests_counter(method, template.clone(), status))
                        .increment(1),
                    _ => requests_counter(method, template.clone(), status).increment(1),
                }
                match method_index {
                    Some(m) => route.duration[m]
                        .get_or_init(|| duration_histogram(method, template))
                        .record(seconds),
                    None => duration_histogram(method, template).record(seconds),
                }
            }
            Route::Other(route) => {
                requests_counter(method, route.clone(), status).increment(1);
                duration_histogram(method, route).record(seconds);
            }
        }
    }
}

fn requests_counter(method: &'static str, route: SharedString, status: StatusCode) -> Counter {
    metrics::counter!(REQUESTS_TOTAL, "method" => method, "route" => route, "status" => status_label(status))
}

fn duration_histogram(method: &'static str, route: SharedString) -> Histogram {
    metrics::histogram!(REQUEST_DURATION, "method" => method, "route" => route)
}

pin_project! {
    /// The future of [`Track`]: records the answer's status and latency when it is ready.
    pub struct TrackFuture<F> {
        #[pin]
        inner: F,
        start: Instant,
        // Taken when the answer is recorded.
        labels: Option<Labels>,
    }
}

impl<F, ResB, E> Future for TrackFuture<F>
where
    F: Future<Output = Result<Response<ResB>, E>>,
{
    type Output = Result<Response<ResB>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answer = ready!(this.inner.poll(cx));
        if let (Ok(response), Some(labels)) = (&answer, this.labels.take()) {
            labels.record(response.status(), this.start.elapsed());
        }
        Poll::Ready(answer)
    }
}

/// The statuses the service answers, as labels that need no allocation.
const COMMON_STATUSES: [(StatusCode, &str); 12] = [
    (StatusCode::OK, "200"),
    (StatusCode::BAD_REQUEST, "400"),
    (StatusCode::NOT_FOUND, "404"),
    (StatusCode::METHOD_NOT_ALLOWED, "405"),
    (StatusCode::REQUEST_TIMEOUT, "408"),
    (StatusCode::PAYLOAD_TOO_LARGE, "413"),
    (StatusCode::UNSUPPORTED_MEDIA_TYPE, "415"),
    (StatusCode::UNPROCESSABLE_ENTITY, "422"),
    (StatusCode::TOO_MANY_REQUESTS, "429"),
    (StatusCode::INTERNAL_SERVER_ERROR, "500"),
    (StatusCode::SERVICE_UNAVAILABLE, "503"),
    (StatusCode::NO_CONTENT, "204"),
];

/// The status code as a label; the ones the service answers need no allocation.
fn status_label(status: StatusCode) -> SharedString {
    match COMMON_STATUSES.iter().find(|(code, _)| *code == status) {
        Some((_, label)) => SharedString::const_str(label),
        None => SharedString::from_owned(status.as_u16().to_string()),
    }
}

/// Standard methods by name; anything else is one label value.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Counts one ruling, through a handle kept per verdict.
pub fn record_verdict(verdict: Verdict) {
    static COUNTERS: [OnceLock<Counter>; Verdict::ALL.len()] =
        [const { OnceLock::new() }; Verdict::ALL.len()];
    let counter = |v: Verdict| metrics::counter!(VERDICTS_TOTAL, "verdict" => v.as_str());
    match Verdict::ALL.iter().position(|&v| v == verdict) {
        Some(i) => COUNTERS[i].get_or_init(|| counter(verdict)).increment(1),
        None => counter(verdict).increment(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_labels_are_the_codes() {
        for (status, label) in [
            (StatusCode::OK, "200"),
            (StatusCode::UNPROCESSABLE_ENTITY, "422"),
            (StatusCode::IM_A_TEAPOT, "418"),
            (StatusCode::NOT_IMPLEMENTED, "501"),
        ] {
            assert_eq!(&*status_label(status), label);
        }
    }

    /// Names of this process's threads.
    #[cfg(target_os = "linux")]
    fn thread_names() -> Vec<String> {
        std::fs::read_dir("/proc/self/task")
            .unwrap()
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
            .map(|name| name.trim().to_owned())
            .collect()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn installing_the_recorder_starts_the_upkeep_thread() {
        let _ = handle();
        let _ = handle();
        // A new thread names itself once it runs: give it a moment.
        let count = || {
            thread_names()
                .into_iter()
                .filter(|n| n == UPKEEP_THREAD)
                .count()
        };
        for _ in 0..200 {
            if count() > 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(count(), 1, "{:?}", thread_names());
    }
}
