//! The embedded assets (the desk and the API reference): media types, ETags and 304s, HEAD,
//! no reference to anything outside the service, and the page's size budget.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::app::*;

/// Every asset route, with the media type it must answer.
const ASSETS: [(&str, &str); 5] = [
    ("/", "text/html; charset=utf-8"),
    ("/desk.js", "text/javascript; charset=utf-8"),
    ("/desk.css", "text/css; charset=utf-8"),
    ("/docs", "text/html; charset=utf-8"),
    (
        "/docs/redoc.standalone.js",
        "text/javascript; charset=utf-8",
    ),
];

/// The desk (HTML, JS and CSS together) stays small: no framework, no build step.
const DESK_BUDGET_BYTES: usize = 64 * 1024;

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
            etag.len() > 4 && etag.starts_with("W/\"") && etag.ends_with('"'),
            "{path}: a weak ETag (the body may be gzipped), got {etag:?}"
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
    assert!(!js.contains("import "), "the desk's script is one module");
}

#[tokio::test]
async fn the_desk_stays_within_its_budget() {
    let app = test_app();
    let mut total = 0;
    for path in ["/", "/desk.js", "/desk.css"] {
        total += body_bytes(send(&app, get(path)).await).await.len();
    }
    assert!(
        total <= DESK_BUDGET_BYTES,
        "the desk is {total} bytes, over its budget of {DESK_BUDGET_BYTES}"
    );
}
