//! The router: the route table, and the application built from it with its middleware stack.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::{HeaderValue, Method, header};
use axum::routing::{MethodRouter, get, post};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::map_response_body::MapResponseBodyLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use super::metrics::{self, RouteTemplates, TrackLayer};
use super::middleware::{
    self, DeadlineConfig, DeadlineLayer, MakeProcessUniqueId, NormalizeConfig, NormalizeLayer,
    REQUEST_ID,
};
use super::pool::RulingPool;
use super::state::{AppState, Readiness};
use super::{assets, diagram, encoding, headers, ops, play, v1};
use crate::api::Arbiter;
use crate::config::Config;
use crate::engine::EnginePool;

/// One route: its method, its path template, and its handler.
struct RouteEntry {
    method: Method,
    path: &'static str,
    handler: MethodRouter<AppState>,
}

fn get_route<H, T>(path: &'static str, handler: H) -> RouteEntry
where
    H: Handler<T, AppState>,
    T: 'static,
{
    RouteEntry {
        method: Method::GET,
        path,
        handler: get(handler),
    }
}

fn post_route<H, T>(path: &'static str, handler: H) -> RouteEntry
where
    H: Handler<T, AppState>,
    T: 'static,
{
    RouteEntry {
        method: Method::POST,
        path,
        handler: post(handler),
    }
}

/// The single list of routes: the router is built from it and the OpenAPI test compares
/// the spec against it.
fn route_table() -> Vec<RouteEntry> {
    vec![
        post_route("/v1/adjudicate", v1::adjudicate),
        post_route("/v1/adjudicate/batch", v1::adjudicate_batch),
        post_route("/v1/legal-moves", v1::legal_moves),
        get_route("/v1/diagram.svg", diagram::diagram_svg),
        post_route("/v1/diagram", diagram::diagram),
        post_route("/v1/report", diagram::report),
        get_route("/v1/rulesets", v1::rulesets),
        post_route("/v1/engine/move", play::engine_move),
        get_route("/healthz", ops::healthz),
        get_route("/readyz", ops::readyz),
        get_route("/metrics", ops::metrics),
        get_route("/openapi.yaml", assets::openapi),
        get_route("/docs", assets::docs),
        get_route("/docs/redoc.standalone.js", assets::redoc_js),
        get_route("/", assets::desk),
        get_route("/desk.js", assets::desk_js),
        get_route("/desk-computer.js", assets::desk_computer_js),
        get_route("/desk.css", assets::desk_css),
    ]
}

/// Every `(method, path)` the router serves (HEAD is implied by GET).
pub fn routes() -> Vec<(Method, &'static str)> {
    route_table()
        .into_iter()
        .map(|r| (r.method, r.path))
        .collect()
}

/// The complete application with a fresh readiness flag.
pub fn app(config: &Config, arbiter: Arc<dyn Arbiter>) -> Router {
    app_with_readiness(config, arbiter, Readiness::new())
}

/// The complete application, sharing `readiness` with the server that flips it on shutdown.
pub fn app_with_readiness(
    config: &Config,
    arbiter: Arc<dyn Arbiter>,
    readiness: Readiness,
) -> Router {
    let state = AppState {
        arbiter,
        limits: config.limits(),
        max_body_bytes: config.max_body_bytes,
        readiness,
        metrics: metrics::handle(),
        pool: RulingPool::new(config.ruling_workers(), config.ruling_queue),
        engine: config.engine().map(EnginePool::new),
    };
    let deadline = DeadlineConfig {
        timeout: config.request_timeout(),
        body_timeout: config.body_timeout(),
    };
    let normalize = NormalizeConfig {
        max_body_bytes: config.max_body_bytes,
        request_timeout_ms: config.request_timeout_ms,
    };

    let mut router = Router::new();
    let mut paths = Vec::new();
    for route in route_table() {
        paths.push(route.path);
        router = router.route(route.path, route.handler);
    }
    let templates = RouteTemplates::new(paths);

    // Router::layer wraps every route (and the fallback), so each layer below sees the
    // `MatchedPath`. The whole stack goes in one `.layer` call: each call boxes every route
    // once more, which costs a clone of the boxed service and a boxed future per request.
    // Outer to inner: security headers, request id and trace, metrics (counting every answer with its final
    // status), CORS, compression, problem+json for middleware errors, catch-panic, body
    // limit, and innermost the deadline.
    let outer = ServiceBuilder::new()
        // Outermost, so that every answer carries them, the middleware's own included.
        .map_response(headers::secure)
        .map_request(middleware::sanitize_request_id)
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeProcessUniqueId))
        .layer(
            // Access lines at DEBUG (`RUST_LOG=info,tower_http=debug` shows them): a line per
            // request at INFO would cost measurable throughput. 5xx are logged at ERROR, but
            // 503s (overload, time budget) at WARN; a client's 408 is logged at INFO by the
            // deadline and is no failure here.
            TraceLayer::new_for_http()
                .make_span_with(middleware::request_span)
                .on_response(DefaultOnResponse::new().level(Level::DEBUG))
                .on_failure(middleware::on_failure),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID));
    let inner = ServiceBuilder::new()
        .option_layer(cors_layer(&config.cors_origins))
        // Dynamic answers of 1 KiB or more at the fastest level; the assets come gzipped
        // already (`encoding`).
        .layer(
            CompressionLayer::new()
                .quality(encoding::COMPRESSION_LEVEL)
                .compress_when(encoding::Dynamic),
        )
        .layer(NormalizeLayer(normalize))
        // Unify the body type of the tower-http layers below into axum's `Body`.
        .layer(MapResponseBodyLayer::new(Body::new))
        .layer(CatchPanicLayer::custom(middleware::panic_response))
        .layer(RequestBodyLimitLayer::new(config.max_body_bytes))
        // tower-http enforces the limit; axum's own 2 MB default would only get in the way.
        .layer(DefaultBodyLimit::disable())
        // Innermost, inside the body limit: the deadline covers the body upload and the
        // ruling, and tells a slow client (408) from a slow server (503).
        .layer(DeadlineLayer(deadline));
    let stack = ServiceBuilder::new()
        .layer(outer)
        .layer(TrackLayer(templates))
        .layer(inner);

    router
        .fallback(ops::not_found)
        .method_not_allowed_fallback(ops::method_not_allowed)
        .layer(stack)
        .with_state(state)
}

/// CORS for the configured origins; none configured means no CORS headers at all.
fn cors_layer(origins: &[String]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    let allow = if origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        // Origins were validated when the configuration was parsed.
        AllowOrigin::list(
            origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o).ok())
                .collect::<Vec<_>>(),
        )
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::CONTENT_TYPE, REQUEST_ID])
            .expose_headers([REQUEST_ID]),
    )
}
