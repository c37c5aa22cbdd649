//! Static assets compiled into the binary: the arbiter's desk (`GET /`, `/desk.js`,
//! `/desk.css`) and the API reference (`GET /docs`, `/docs/redoc.standalone.js`).
//!
//! Nothing is read from disk or fetched from elsewhere at run time. Each asset carries a
//! strong ETag (a hash of its bytes, computed on first use) and `Cache-Control: no-cache`,
//! so a browser keeps its copy and revalidates it: a matching `If-None-Match` is a bodiless
//! 304. A new binary with changed bytes changes the tag.

use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

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

    /// The strong entity tag of the bytes, quoted: `"…16 hex digits…"`.
    pub fn etag(&self) -> &HeaderValue {
        self.etag.get_or_init(|| etag_of(self.bytes))
    }

    /// The asset, or 304 when `headers` name its current tag in `If-None-Match`.
    fn respond(&self, headers: &HeaderMap) -> Response {
        let mut resp = if matches_current(headers, self.etag()) {
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

/// A strong entity tag for `bytes`: their 64-bit FNV-1a hash in hex, quoted. A cache
/// validator, not a defence against forgery: nobody gains by making two assets collide.
fn etag_of(bytes: &[u8]) -> HeaderValue {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let hash = bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME));
    HeaderValue::from_str(&format!("\"{hash:016x}\"")).expect("hex digits are a valid header")
}

/// Whether `If-None-Match` names `etag` (or is `*`). RFC 9110 compares weakly here, so a
/// `W/` prefix (added by proxies that recompress) still matches.
fn matches_current(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Ok(etag) = etag.to_str() else {
        return false;
    };
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn if_none_match(value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn etag_is_a_quoted_hash_that_changes_with_the_bytes() {
        let a = etag_of(b"desk");
        assert_eq!(a.to_str().unwrap().len(), 18);
        assert!(a.to_str().unwrap().starts_with('"'));
        assert_ne!(a, etag_of(b"desk!"));
        assert_eq!(a, etag_of(b"desk"));
    }

    #[test]
    fn if_none_match_lists_star_and_weak_tags_match() {
        let tag = HeaderValue::from_static("\"0123\"");
        assert!(matches_current(&if_none_match("\"0123\""), &tag));
        assert!(matches_current(&if_none_match("\"x\", W/\"0123\""), &tag));
        assert!(matches_current(&if_none_match("*"), &tag));
        assert!(!matches_current(&if_none_match("\"0124\""), &tag));
        assert!(!matches_current(&HeaderMap::new(), &tag));
    }
}
