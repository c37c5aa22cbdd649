//! Cross-cutting middleware of our own: the request deadline, problem+json for errors
//! produced by tower layers, the catch-panic answer, and the request span.

use std::any::Any;
use std::future::Future;
use std::hash::{BuildHasher, RandomState};
use std::pin::Pin;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::http::{HeaderName, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use pin_project_lite::pin_project;
use tokio::time::Timeout;
use tower::{Layer, Service};
use tower_http::classify::ServerErrorsFailureClass;
use tower_http::request_id::{MakeRequestId, RequestId};
use tracing::Span;

use super::error::{AcceptLanguage, LocalizedError, PROBLEM_CONTENT_TYPE, status_error};
use super::extract::BodyReceived;
use super::progress;
use crate::api::ApiError;

/// Header carrying the request id (set when absent, echoed in the response).
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Request ids: a random per-process prefix and a counter, e.g. `5f0c3a9e1b7d4f20-2a`.
///
/// Unique within a process and, by the prefix, across replicas; unlike UUIDv4 it costs no
/// system call per request.
#[derive(Debug, Clone, Copy, Default)]
pub struct MakeProcessUniqueId;

impl MakeRequestId for MakeProcessUniqueId {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        static PREFIX: OnceLock<u64> = OnceLock::new();
        static NEXT: AtomicU64 = AtomicU64::new(1);
        // `RandomState` is seeded from the OS once per process.
        let prefix = *PREFIX.get_or_init(|| RandomState::new().hash_one(std::process::id()));
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        // From the `String` itself: `from_str` would copy it.
        HeaderValue::try_from(format!("{prefix:016x}-{n:x}"))
            .ok()
            .map(RequestId::new)
    }
}

/// Longest client request id kept, in bytes; longer ones are replaced.
pub const MAX_REQUEST_ID_BYTES: usize = 64;

/// Drops a client's `x-request-id` unless it is short (at most [`MAX_REQUEST_ID_BYTES`])
/// visible ASCII, so the id layer generates one instead. Ids end up in every log line of
/// the request and in the answer: they must not carry whatever a client puts there.
pub fn sanitize_request_id<B>(mut req: Request<B>) -> Request<B> {
    let acceptable = |v: &HeaderValue| {
        let b = v.as_bytes();
        !b.is_empty() && b.len() <= MAX_REQUEST_ID_BYTES && b.iter().all(u8::is_ascii_graphic)
    };
    let headers = req.headers_mut();
    let all: Vec<&HeaderValue> = headers.get_all(&REQUEST_ID).iter().collect();
    if !(all.len() <= 1 && all.iter().copied().all(acceptable)) {
        headers.remove(&REQUEST_ID);
    }
    req
}

/// The request time budget, and what the deadline needs to say whose fault a timeout was.
#[derive(Debug, Clone, Copy)]
pub struct DeadlineConfig {
    /// The budget, body upload included.
    pub timeout: Duration,
    /// The longest wait for the body's next part, if any ([`super::progress`]).
    pub body_timeout: Option<Duration>,
}

/// The request deadline, as a layer; it also puts the body timeout on the body
/// ([`super::progress`]). When the time runs out:
/// - if the body was still arriving, the client was too slow: 408 `request-timeout`,
///   logged at INFO (a client's doing, not an outage);
/// - otherwise the server was: 503 `timeout` with `Retry-After`, logged at WARN.
///
/// Dropping the handler's future sets its ruling's cancellation flag, so the work stops.
///
/// A tower layer rather than `axum::middleware::from_fn`: its future wraps the inner one
/// in place, where `from_fn` clones and boxes the inner service and boxes the future on
/// every request.
#[derive(Debug, Clone, Copy)]
pub struct DeadlineLayer(pub DeadlineConfig);

impl<S> Layer<S> for DeadlineLayer {
    type Service = Deadline<S>;

    fn layer(&self, inner: S) -> Deadline<S> {
        Deadline { inner, cfg: self.0 }
    }
}

/// The service of [`DeadlineLayer`].
#[derive(Debug, Clone)]
pub struct Deadline<S> {
    inner: S,
    cfg: DeadlineConfig,
}

impl<S, B> Service<Request<B>> for Deadline<S>
where
    S: Service<Request<Body>, Response = Response>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = DeadlineFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        // The server's flag if it set one (it watches it to tell a connection waiting for its
        // body), else a new one.
        let mut req = req.map(|body| progress::with_timeout(body, self.cfg.body_timeout));
        let received = match req.extensions().get::<BodyReceived>() {
            Some(received) => received.clone(),
            None => {
                let received = BodyReceived::new(req.body().is_end_stream());
                req.extensions_mut().insert(received.clone());
                received
            }
        };
        DeadlineFuture {
            accept_language: AcceptLanguage::of(req.headers()),
            inner: tokio::time::timeout(self.cfg.timeout, self.inner.call(req)),
            received,
            timeout_ms: u64::try_from(self.cfg.timeout.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

pin_project! {
    /// The future of [`Deadline`]: the inner answer, or the timeout's problem.
    pub struct DeadlineFuture<F> {
        #[pin]
        inner: Timeout<F>,
        received: BodyReceived,
        timeout_ms: u64,
        // For the language of the timeout's problem.
        accept_language: AcceptLanguage,
    }
}

impl<F, E> Future for DeadlineFuture<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let timeout_ms = *this.timeout_ms;
        let in_lang = |e: ApiError| LocalizedError(e, this.accept_language.lang()).into_response();
        Poll::Ready(match ready!(this.inner.poll(cx)) {
            Ok(answer) => answer,
            Err(_) if !this.received.is_set() => {
                tracing::info!(timeout_ms, "request body not received in time: 408");
                Ok(in_lang(ApiError::RequestTimeout { timeout_ms }))
            }
            Err(_) => {
                tracing::warn!(timeout_ms, "request not answered in time: 503");
                Ok(in_lang(ApiError::Timeout { timeout_ms }))
            }
        })
    }
}

/// What the normalizer needs to describe middleware errors precisely.
#[derive(Debug, Clone, Copy)]
pub struct NormalizeConfig {
    /// Body limit, for 413.
    pub max_body_bytes: usize,
    /// Request timeout, for the 503 the timeout layer produces.
    pub request_timeout_ms: u64,
}

/// Problem+json for bare error responses ([`normalize_errors`]), as a layer: it reads the
/// request's `Accept-Language` for the problem's language, then wraps the inner future in
/// place (no clone of the inner service, no boxed future per request).
#[derive(Debug, Clone, Copy)]
pub struct NormalizeLayer(pub NormalizeConfig);

impl<S> Layer<S> for NormalizeLayer {
    type Service = Normalize<S>;

    fn layer(&self, inner: S) -> Normalize<S> {
        Normalize { inner, cfg: self.0 }
    }
}

/// The service of [`NormalizeLayer`].
#[derive(Debug, Clone)]
pub struct Normalize<S> {
    inner: S,
    cfg: NormalizeConfig,
}

impl<S, B> Service<Request<B>> for Normalize<S>
where
    S: Service<Request<B>, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = NormalizeFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<B>) -> Self::Future {
        NormalizeFuture {
            accept_language: AcceptLanguage::of(req.headers()),
            cfg: self.cfg,
            inner: self.inner.call(req),
        }
    }
}

pin_project! {
    /// The future of [`Normalize`]: the inner answer, a bare error made a problem.
    pub struct NormalizeFuture<F> {
        #[pin]
        inner: F,
        cfg: NormalizeConfig,
        accept_language: AcceptLanguage,
    }
}

impl<F, E> Future for NormalizeFuture<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answer = ready!(this.inner.poll(cx));
        Poll::Ready(answer.map(|resp| normalize_errors(*this.cfg, this.accept_language, resp)))
    }
}

/// Turns bare error responses (tower-http's 413 and timeout, anything else without a body
/// of ours) into problem+json in the request's language, so every error a client sees has the
/// same shape.
pub fn normalize_errors(
    cfg: NormalizeConfig,
    accept_language: &AcceptLanguage,
    resp: Response,
) -> Response {
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) || is_problem(&resp) {
        return resp;
    }
    let lang = accept_language.lang();
    let error = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge {
            limit: cfg.max_body_bytes,
        },
        // Our own 503s are problems already; a bare one is a timeout.
        StatusCode::SERVICE_UNAVAILABLE => ApiError::Timeout {
            timeout_ms: cfg.request_timeout_ms,
        },
        status => status_error(status),
    };
    let (mut parts, _) = resp.into_parts();
    let mut fresh = LocalizedError(error, lang).into_response();
    // Keep headers such as `Allow` or CORS ones, but describe the new body.
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_ENCODING);
    for (name, value) in fresh.headers() {
        parts.headers.insert(name.clone(), value.clone());
    }
    *fresh.headers_mut() = parts.headers;
    fresh
}

fn is_problem(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with(PROBLEM_CONTENT_TYPE))
}

/// Catch-panic handler: a bug answers a 500 problem instead of dropping the connection.
pub fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response<Body> {
    let msg = err
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| err.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    tracing::error!(panic = %msg, "handler panicked");
    ApiError::Internal.into_response()
}

/// What the trace layer logs for a 5xx answer or a failed request: 503s (overload, time
/// budget, draining) at WARN, since a flood of them must not read as a flood of bugs; every
/// other failure (a 500 is a bug) at ERROR.
pub fn on_failure(class: ServerErrorsFailureClass, latency: Duration, _span: &Span) {
    let latency_ms = u64::try_from(latency.as_millis()).unwrap_or(u64::MAX);
    match class {
        ServerErrorsFailureClass::StatusCode(StatusCode::SERVICE_UNAVAILABLE) => {
            tracing::warn!(status = 503, latency_ms, "service unavailable");
        }
        ServerErrorsFailureClass::StatusCode(status) => {
            tracing::error!(status = status.as_u16(), latency_ms, "server error");
        }
        ServerErrorsFailureClass::Error(error) => {
            tracing::error!(%error, latency_ms, "request failed");
        }
    }
}

/// The span of one request: method, path and request id, never the body.
pub fn request_span<B>(req: &Request<B>) -> Span {
    let request_id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!(
        "request",
        method = %req.method(),
        path = %req.uri().path(),
        request_id = %request_id,
    )
}
