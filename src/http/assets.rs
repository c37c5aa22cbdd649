//! Static assets compiled into the binary: the arbiter's desk (`GET /`, `/desk.js`,
//! `/desk.css`) and the API reference (`GET /docs`, `/docs/redoc.standalone.js`).
//!
//! Nothing is read from disk or fetched from elsewhere at run time. Each asset carries a
//! weak ETag (a hash of its bytes, computed on first use; weak because it is sent for the
//! gzipped body too) and `Cache-Control: no-cache`,
//! so a browser keeps its copy and revalidates it: a matching `If-None-Match` is a bodiless
//! 304. A new binary with changed bytes changes the tag.

use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::etag;

/// One embedded file: its bytes, its media type, and its entity tag.
pub struct Asset {
    /// The file as compiled in.
    pub bytes: &'static [u8],
    /// Its `Content-Type`.
    pub content_type: &'static str,
    etag: OnceLock<HeaderValue>,
}

impl Asset {
    const fn new(bytes: &'static [u8], content_type: &'static str) -> Self {
        Asset {
            bytes,
            content_type,
            etag: OnceLock::new(),
        }
    }

    /// The weak entity tag of the bytes: `W/"…16 hex digits…"` ([`etag::of`]).
    pub fn etag(&self) -> &HeaderValue {
        self.etag.get_or_init(|| etag::of(self.bytes))
    }

    /// The asset, or 304 when `headers` name its current tag in `If-None-Match`.
    fn respond(&self, headers: &HeaderMap) -> Response {
        let mut resp = if etag::is_current(headers, self.etag()) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut resp = self.bytes.into_response();
            resp.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(self.content_type),
            );
            resp
        };
        let h = resp.headers_mut();
        h.insert(header::ETAG, self.etag().clone());
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        h.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        resp
    }
}

/// The desk's page.
pub static DESK_HTML: Asset = Asset::new(
    include_bytes!("desk/index.html"),
    "text/html; charset=utf-8",
);
/// The desk's script (an ES module).
pub static DESK_JS: Asset = Asset::new(
    include_bytes!("desk/desk.js"),
    "text/javascript; charset=utf-8",
);
/// The desk's style sheet.
pub static DESK_CSS: Asset = Asset::new(include_bytes!("desk/desk.css"), "text/css; charset=utf-8");
/// The API reference page, which renders `/openapi.yaml` with Redoc.
pub static DOCS_HTML: Asset = Asset::new(
    include_bytes!("docs/index.html"),
    "text/html; charset=utf-8",
);
/// Redoc's standalone bundle, vendored (see `src/http/docs/README.md` for its version).
pub static REDOC_JS: Asset = Asset::new(
    include_bytes!("docs/redoc.standalone.js"),
    "text/javascript; charset=utf-8",
);

/// `GET /`: the arbiter's desk.
pub async fn desk(headers: HeaderMap) -> Response {
    DESK_HTML.respond(&headers)
}

/// `GET /desk.js`.
pub async fn desk_js(headers: HeaderMap) -> Response {
    DESK_JS.respond(&headers)
}

/// `GET /desk.css`.
pub async fn desk_css(headers: HeaderMap) -> Response {
    DESK_CSS.respond(&headers)
}

/// `GET /docs`: the browsable API reference.
pub async fn docs(headers: HeaderMap) -> Response {
    DOCS_HTML.respond(&headers)
}

/// `GET /docs/redoc.standalone.js`.
pub async fn redoc_js(headers: HeaderMap) -> Response {
    REDOC_JS.respond(&headers)
}
