//! The security headers every answer carries, and the Content Security Policy of each kind
//! of answer.
//!
//! A browser trusts headers, not the content: without `X-Content-Type-Options: nosniff` it
//! may sniff a JSON answer that echoes a client's text as HTML; without `frame-ancestors` (and,
//! for older browsers, `X-Frame-Options`) another origin may frame the desk and overlay it
//! (issue 28). A `<meta>` CSP cannot say `frame-ancestors`, so each policy is a header. The
//! pages keep their `<meta>` too: the desk's copy is the one a saved page still has.
//!
//! The policies, strictest that still let each page work:
//! - [`DESK_CSP`]: the desk loads only this service; the board's SVG carries its own `<style>`;
//! - [`DOCS_CSP`]: Redoc also injects styles, runs one inline script (allowed by its hash) and
//!   starts its search worker from a `blob:`;
//! - [`DRAWING_CSP`]: the report and the SVGs load nothing; their CSS is inline;
//! - [`API_CSP`], every other answer (JSON, problems, text): nothing at all.

use axum::http::{HeaderValue, Response, header};

/// The desk's page (`GET /`): its `<meta>` policy, and no framing.
pub const DESK_CSP: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// The API reference (`GET /docs`): its `<meta>` policy, and no framing.
pub const DOCS_CSP: &str = "default-src 'self'; \
     script-src 'self' 'sha256-uiTNMzCpCoR3cx+xZDoXyuMAsY/0qPdty46afTnZzJs='; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The report (`POST /v1/report`) and the SVGs (`GET /v1/diagram.svg`, `POST /v1/diagram`):
/// their inline CSS, nothing else. `frame-ancestors` does not stop an `<img>` of an SVG on
/// another site, which is how the GET diagrams are meant to be used.
pub const DRAWING_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/// Every other answer: nothing may load, nothing may frame it.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// Adds the security headers to an answer: `X-Content-Type-Options: nosniff`,
/// `X-Frame-Options: DENY`, and [`API_CSP`] unless the handler set a policy of its own.
pub fn secure<B>(mut resp: Response<B>) -> Response<B> {
    let h = resp.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.entry(header::CONTENT_SECURITY_POLICY)
        .or_insert_with(|| HeaderValue::from_static(API_CSP));
    resp
}
