//! Static assets compiled into the binary: the arbiter's desk (`GET /`, `/desk.js`,
//! `/desk-computer.js`, `/desk.css`), the API reference (`GET /docs`, `/docs/redoc.standalone.js`) and the API
//! description (`GET /openapi.yaml`).
//!
//! Nothing is read from disk or fetched from elsewhere at run time. Each asset is kept twice:
//! as compiled in, and gzipped once at the best level (at start-up, [`prepare`], or on its
//! first use), so a request that takes gzip costs no more than one that does not: compressing
//! Redoc's bundle on every request cost a hundred times the request (issue 28). The client's
//! `Accept-Encoding` picks the representation ([`encoding::accepts_gzip`]); each has its own
//! strong ETag (a hash of its bytes), so `If-None-Match` revalidates the copy the client holds,
//! and every answer says `Vary: Accept-Encoding` and `Cache-Control: no-cache` (a browser
//! keeps its copy and revalidates it; a matching tag is a bodiless 304). A new binary with
//! changed bytes changes the tags.

use std::io::Write as _;
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use flate2::Compression;
use flate2::write::GzEncoder;

use super::encoding::{self, Precompressed};
use super::etag;
use super::headers::{DESK_CSP, DOCS_CSP};
use super::ops::OPENAPI_YAML;

/// One embedded file: its bytes, its media type, its page's CSP, and its representations'
/// entity tags.
pub struct Asset {
    /// The file as compiled in.
    pub bytes: &'static [u8],
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// The `Content-Security-Policy` of a page; other assets get the default one
    /// ([`super::headers`]).
    csp: Option<&'static str>,
    etag: OnceLock<HeaderValue>,
    gzip: OnceLock<Gzipped>,
}

/// An asset's gzip representation, made once.
struct Gzipped {
    bytes: Vec<u8>,
    etag: HeaderValue,
}

impl Asset {
    const fn new(
        bytes: &'static [u8],
        content_type: &'static str,
        csp: Option<&'static str>,
    ) -> Self {
        Asset {
            bytes,
            content_type,
            csp,
            etag: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// The strong entity tag of the bytes as compiled in ([`etag::strong`]).
    pub fn etag(&self) -> &HeaderValue {
        self.etag.get_or_init(|| etag::strong(self.bytes))
    }

    /// The gzip representation, compressed on first use.
    fn gzipped(&self) -> &Gzipped {
        self.gzip.get_or_init(|| {
            let bytes = gzip_best(self.bytes);
            Gzipped {
                etag: etag::strong(&bytes),
                bytes,
            }
        })
    }

    /// The strong entity tag of the gzip representation.
    pub fn gzip_etag(&self) -> &HeaderValue {
        &self.gzipped().etag
    }

    /// The gzip representation's bytes.
    pub fn gzip_bytes(&self) -> &[u8] {
        &self.gzipped().bytes
    }

    /// The representation `headers` accept, or 304 when their `If-None-Match` names its tag.
    fn respond(&'static self, headers: &HeaderMap) -> Response {
        let gzip = encoding::accepts_gzip(headers);
        let (bytes, tag): (&'static [u8], &HeaderValue) = if gzip {
            let g = self.gzipped();
            (&g.bytes, &g.etag)
        } else {
            (self.bytes, self.etag())
        };
        let mut resp = if etag::is_current(headers, tag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut resp = Body::from(bytes).into_response();
            let h = resp.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(self.content_type),
            );
            if gzip {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            resp
        };
        let h = resp.headers_mut();
        h.insert(header::ETAG, tag.clone());
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(csp) = self.csp {
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(csp),
            );
        }
        resp.extensions_mut().insert(Precompressed);
        resp
    }
}

/// `bytes` gzipped at the best level. Writing to a `Vec` cannot fail.
fn gzip_best(bytes: &[u8]) -> Vec<u8> {
    let mut gz = GzEncoder::new(Vec::with_capacity(bytes.len() / 3), Compression::best());
    gz.write_all(bytes).expect("writing to a Vec cannot fail");
    gz.finish().expect("writing to a Vec cannot fail")
}

/// The desk's page.
pub static DESK_HTML: Asset = Asset::new(
    include_bytes!("desk/index.html"),
    "text/html; charset=utf-8",
    Some(DESK_CSP),
);
/// The desk's script (an ES module).
pub static DESK_JS: Asset = Asset::new(
    include_bytes!("desk/desk.js"),
    "text/javascript; charset=utf-8",
    None,
);
/// The desk's mode against the computer (an ES module the desk's script imports).
pub static DESK_COMPUTER_JS: Asset = Asset::new(
    include_bytes!("desk/desk-computer.js"),
    "text/javascript; charset=utf-8",
    None,
);
/// The desk's style sheet.
pub static DESK_CSS: Asset = Asset::new(
    include_bytes!("desk/desk.css"),
    "text/css; charset=utf-8",
    None,
);
/// The API reference page, which renders `/openapi.yaml` with Redoc.
pub static DOCS_HTML: Asset = Asset::new(
    include_bytes!("docs/index.html"),
    "text/html; charset=utf-8",
    Some(DOCS_CSP),
);
/// Redoc's standalone bundle, vendored (see `src/http/docs/README.md` for its version).
pub static REDOC_JS: Asset = Asset::new(
    include_bytes!("docs/redoc.standalone.js"),
    "text/javascript; charset=utf-8",
    None,
);
/// The API description, served from the file itself.
pub static OPENAPI: Asset = Asset::new(OPENAPI_YAML.as_bytes(), "application/yaml", None);

/// Every asset.
pub static ALL: [&Asset; 7] = [
    &DESK_HTML,
    &DESK_JS,
    &DESK_COMPUTER_JS,
    &DESK_CSS,
    &DOCS_HTML,
    &REDOC_JS,
    &OPENAPI,
];

/// Compresses every asset now, so no request waits for it (about 0.1 s of one core for
/// Redoc's bundle, in a release build). A request that comes first compresses its asset
/// itself, once.
pub fn prepare() {
    for asset in ALL {
        asset.etag();
        asset.gzipped();
    }
}

/// `GET /`: the arbiter's desk.
pub async fn desk(headers: HeaderMap) -> Response {
    DESK_HTML.respond(&headers)
}

/// `GET /desk.js`.
pub async fn desk_js(headers: HeaderMap) -> Response {
    DESK_JS.respond(&headers)
}

/// `GET /desk-computer.js`.
pub async fn desk_computer_js(headers: HeaderMap) -> Response {
    DESK_COMPUTER_JS.respond(&headers)
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

/// `GET /openapi.yaml`: the API description.
pub async fn openapi(headers: HeaderMap) -> Response {
    OPENAPI.respond(&headers)
}
