//! The embedded assets (the desk and the API reference): media types, ETags and 304s, HEAD,
//! no reference to anything outside the service, and the page's size budget.

use crate::common::app::*;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};

/// Every asset route, with the media type it must answer.
const ASSETS: [(&str, &str); 6] = [
    ("/", "text/html; charset=utf-8"),
    ("/desk.js", "text/javascript; charset=utf-8"),
    ("/desk-computer.js", "text/javascript; charset=utf-8"),
    ("/desk.css", "text/css; charset=utf-8"),
    ("/docs", "text/html; charset=utf-8"),
    (
        "/docs/redoc.standalone.js",
        "text/javascript; charset=utf-8",
    ),
];

/// The desk (HTML, JS and CSS together) stays small: no framework, no build step. (96 KiB
/// since issue 33: what a table needs, in three languages: the report's facts, the board's
/// legend, names for every point a keyboard reaches, the move table, copy and drop.)
const DESK_BUDGET_BYTES: usize = 96 * 1024;

fn header_of(resp: &axum::response::Response, name: header::HeaderName) -> String {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn each_asset_has_its_media_type_an_etag_and_revalidation() {
    let app = test_app();
    for (path, media) in ASSETS {
        let resp = send(&app, get(path)).await;
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_eq!(content_type(&resp), media, "{path}");
        assert_eq!(
            header_of(&resp, header::CACHE_CONTROL),
            "no-cache",
            "{path}"
        );
        assert_eq!(header_of(&resp, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        let etag = header_of(&resp, header::ETAG);
        assert!(
            etag.len() > 2 && etag.starts_with('"') && etag.ends_with('"'),
            "{path}: a strong ETag (each representation has its own), got {etag:?}"
        );
        assert!(!body_bytes(resp).await.is_empty(), "{path}");

        // The same tag again: 304 without a body, still naming the tag.
        let req = Request::get(path)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap();
        let resp = send(&app, req).await;
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(header_of(&resp, header::ETAG), etag);
        assert!(body_bytes(resp).await.is_empty(), "{path}: 304 has no body");

        // A stale tag: the file again.
        let req = Request::get(path)
            .header(header::IF_NONE_MATCH, "\"0000000000000000\"")
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(&app, req).await.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn assets_have_distinct_etags() {
    let app = test_app();
    let mut tags = Vec::new();
    for (path, _) in ASSETS {
        tags.push(header_of(&send(&app, get(path)).await, header::ETAG));
    }
    tags.sort();
    tags.dedup();
    assert_eq!(tags.len(), ASSETS.len());
}

#[tokio::test]
async fn head_answers_the_headers_without_the_body() {
    let app = test_app();
    for (path, media) in ASSETS {
        let req = Request::builder()
            .method(Method::HEAD)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let resp = send(&app, req).await;
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
        assert_eq!(content_type(&resp), media, "{path}");
        assert!(!header_of(&resp, header::ETAG).is_empty(), "{path}");
        assert!(
            body_bytes(resp).await.is_empty(),
            "{path}: HEAD has no body"
        );
    }
}

#[tokio::test]
async fn assets_are_compressed_when_the_client_accepts_gzip() {
    let app = test_app();
    let req = Request::get("/desk.js")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let resp = send(&app, req).await;
    assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip");
}

/// `path` asked with `Accept-Encoding: accept` (none when empty) and `If-None-Match: tag`.
fn asked(path: &str, accept: &str, tag: &str) -> Request<Body> {
    let mut req = Request::get(path);
    if !accept.is_empty() {
        req = req.header(header::ACCEPT_ENCODING, accept);
    }
    if !tag.is_empty() {
        req = req.header(header::IF_NONE_MATCH, tag);
    }
    req.body(Body::empty()).unwrap()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read as _;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("a gzip stream");
    out
}

#[tokio::test]
async fn each_asset_is_served_gzipped_or_as_is_with_vary_and_a_tag_per_encoding() {
    let app = test_app();
    let mut paths: Vec<&str> = ASSETS.iter().map(|(p, _)| *p).collect();
    paths.push("/openapi.yaml");
    for path in paths {
        let plain = send(&app, asked(path, "", "")).await;
        assert_eq!(header_of(&plain, header::CONTENT_ENCODING), "", "{path}");
        assert_eq!(header_of(&plain, header::VARY), "accept-encoding", "{path}");
        let plain_tag = header_of(&plain, header::ETAG);
        let plain_bytes = body_bytes(plain).await;

        let gz = send(&app, asked(path, "br;q=1, gzip;q=0.8", "")).await;
        assert_eq!(header_of(&gz, header::CONTENT_ENCODING), "gzip", "{path}");
        assert_eq!(header_of(&gz, header::VARY), "accept-encoding", "{path}");
        let gz_tag = header_of(&gz, header::ETAG);
        assert_ne!(gz_tag, plain_tag, "{path}: one tag per encoding");
        let gz_bytes = body_bytes(gz).await;
        assert!(gz_bytes.len() < plain_bytes.len(), "{path}");
        assert_eq!(gunzip(&gz_bytes), plain_bytes, "{path}: the same file");

        // Each tag revalidates its own representation only.
        let resp = send(&app, asked(path, "gzip", &gz_tag)).await;
        assert_eq!(resp.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(header_of(&resp, header::ETAG), gz_tag, "{path}");
        assert_eq!(header_of(&resp, header::VARY), "accept-encoding", "{path}");
        let resp = send(&app, asked(path, "", &gz_tag)).await;
        assert_eq!(
            resp.status(),
            StatusCode::OK,
            "{path}: a gzip tag is not the file"
        );
        let resp = send(&app, asked(path, "gzip", &plain_tag)).await;
        assert_eq!(
            resp.status(),
            StatusCode::OK,
            "{path}: the file's tag is not gzip"
        );
        assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip", "{path}");
    }
}

#[tokio::test]
async fn an_asset_is_sent_as_is_when_gzip_has_q_0_or_identity_is_preferred() {
    let app = test_app();
    for accept in [
        "gzip;q=0",
        "identity",
        "gzip;q=0, *",
        "gzip;q=0.5, identity",
        "br, deflate",
    ] {
        let resp = send(&app, asked("/docs/redoc.standalone.js", accept, "")).await;
        assert_eq!(resp.status(), StatusCode::OK, "{accept}");
        assert_eq!(
            header_of(&resp, header::CONTENT_ENCODING),
            "",
            "Accept-Encoding: {accept}"
        );
    }
    let resp = send(&app, asked("/docs/redoc.standalone.js", "*", "")).await;
    assert_eq!(header_of(&resp, header::CONTENT_ENCODING), "gzip");
}

/// `src` and `href` values of `html`.
fn links(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for attr in ["src=\"", "href=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let end = rest.find('"').expect("a closed attribute");
            out.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out
}

#[tokio::test]
async fn pages_load_only_what_the_service_serves() {
    let app = test_app();
    let served: Vec<&str> = ASSETS.iter().map(|(p, _)| *p).collect();
    for page in ["/", "/docs"] {
        let html = String::from_utf8(body_bytes(send(&app, get(page)).await).await).unwrap();
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{page}"
        );
        let links = links(&html);
        assert!(!links.is_empty(), "{page} links its assets");
        for link in links {
            assert!(
                served.contains(&link) || link == "/openapi.yaml" || link == "data:,",
                "{page} links {link}, which is not an asset of the service"
            );
        }
    }
    let js = String::from_utf8(body_bytes(send(&app, get("/desk.js")).await).await).unwrap();
    assert!(!js.contains("http://") && !js.contains("https://"));
    // The desk's script imports one module of the service's, its mode against the computer
    // (issue 34), which imports nothing.
    let imports: Vec<&str> = js.lines().filter(|l| l.starts_with("import ")).collect();
    assert_eq!(
        imports,
        ["import { computerMode } from '/desk-computer.js';"],
        "the desk's script imports only its computer mode"
    );
    let computer =
        String::from_utf8(body_bytes(send(&app, get("/desk-computer.js")).await).await).unwrap();
    assert!(!computer.contains("http://") && !computer.contains("https://"));
    assert!(
        !computer.contains("import "),
        "the computer mode imports nothing"
    );
}

#[tokio::test]
async fn the_desk_stays_within_its_budget() {
    let app = test_app();
    let mut total = 0;
    for path in ["/", "/desk.js", "/desk-computer.js", "/desk.css"] {
        total += body_bytes(send(&app, get(path)).await).await.len();
    }
    assert!(
        total <= DESK_BUDGET_BYTES,
        "the desk is {total} bytes, over its budget of {DESK_BUDGET_BYTES}"
    );
}

/// Issue 28: `#lang=__proto__` (or `constructor`, `toString`) was taken for a language and
/// blanked every text. The desk reads its tables only through `own`, an own-property check,
/// and a language only through `deskLang`.
#[tokio::test]
async fn the_desk_reads_its_tables_by_own_keys_only() {
    let app = test_app();
    let js = String::from_utf8(body_bytes(send(&app, get("/desk.js")).await).await).unwrap();
    assert!(js.contains("Object.prototype.hasOwnProperty.call(table, key)"));
    for lookup in ["TEXT[", "REASONS[", "verdicts[", "t()["] {
        assert!(!js.contains(lookup), "desk.js indexes {lookup}…] directly");
    }
    for entry in ["f.lang", "navigator.language"] {
        let line = js
            .lines()
            .find(|l| l.contains(entry) && l.contains("state.lang ="))
            .unwrap_or_else(|| panic!("desk.js takes a language from {entry}"));
        assert!(line.contains("deskLang("), "{line}");
    }
}
