//! Issue 28, finding 8: the security headers every answer carries, and the Content Security
//! Policy of each kind of answer, as a header (a `<meta>` cannot say `frame-ancestors`).

use crate::common::app::*;
use axum::body::Body;
use axum::http::{HeaderName, Request, header};
use axum::response::Response;
use xiangqi_arbiter::http::headers::{API_CSP, DESK_CSP, DOCS_CSP, DRAWING_CSP};

fn header_of(resp: &Response, name: HeaderName) -> String {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The directives of a policy, each as `name value...`.
fn directives(csp: &str) -> Vec<String> {
    csp.split(';')
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|d| !d.is_empty())
        .collect()
}

fn csp_of(resp: &Response) -> String {
    header_of(resp, header::CONTENT_SECURITY_POLICY)
}

/// One request of each kind: assets, API answers, problems, fallbacks, drawings, the report.
fn every_kind() -> Vec<(&'static str, Request<Body>)> {
    let game = r#"{"moves": ["h2e2", "h9g7"]}"#;
    vec![
        ("desk", get("/")),
        ("desk.js", get("/desk.js")),
        ("desk.css", get("/desk.css")),
        ("docs", get("/docs")),
        ("redoc", get("/docs/redoc.standalone.js")),
        ("spec", get("/openapi.yaml")),
        ("health", get("/healthz")),
        ("metrics", get("/metrics")),
        ("rulesets", get("/v1/rulesets")),
        ("ruling", post_json("/v1/adjudicate", game)),
        ("problem", post_json("/v1/adjudicate", "{")),
        ("404", get("/nope")),
        (
            "405",
            Request::delete("/v1/adjudicate")
                .body(Body::empty())
                .unwrap(),
        ),
        ("svg", get("/v1/diagram.svg?lang=en")),
        ("diagram", post_json("/v1/diagram", game)),
        ("report", post_json("/v1/report", game)),
    ]
}

#[tokio::test]
async fn every_answer_says_nosniff_and_may_not_be_framed() {
    let app = test_app();
    for (what, req) in every_kind() {
        let resp = send(&app, req).await;
        assert_eq!(
            header_of(&resp, header::X_CONTENT_TYPE_OPTIONS),
            "nosniff",
            "{what}"
        );
        assert_eq!(header_of(&resp, header::X_FRAME_OPTIONS), "DENY", "{what}");
        let csp = csp_of(&resp);
        assert!(
            directives(&csp).contains(&"frame-ancestors 'none'".to_owned()),
            "{what}: {csp:?}"
        );
    }
}

#[tokio::test]
async fn a_304_carries_the_headers_too() {
    let app = test_app();
    let etag = header_of(&send(&app, get("/")).await, header::ETAG);
    let req = Request::get("/")
        .header(header::IF_NONE_MATCH, etag)
        .body(Body::empty())
        .unwrap();
    let resp = send(&app, req).await;
    assert_eq!(resp.status(), 304);
    assert_eq!(header_of(&resp, header::X_FRAME_OPTIONS), "DENY");
    assert_eq!(csp_of(&resp), DESK_CSP);
}

#[tokio::test]
async fn the_desk_has_its_csp_as_a_header_with_every_directive_of_its_meta() {
    let app = test_app();
    let resp = send(&app, get("/")).await;
    assert_eq!(csp_of(&resp), DESK_CSP);
    let html = String::from_utf8(body_bytes(resp).await).unwrap();
    for d in directives(&meta_csp(&html)) {
        assert!(
            directives(DESK_CSP).contains(&d),
            "{d} is not in the header"
        );
    }
}

#[tokio::test]
async fn the_docs_page_has_its_csp_as_a_header_with_every_directive_of_its_meta() {
    let app = test_app();
    let resp = send(&app, get("/docs")).await;
    assert_eq!(csp_of(&resp), DOCS_CSP);
    let html = String::from_utf8(body_bytes(resp).await).unwrap();
    for d in directives(&meta_csp(&html)) {
        assert!(
            directives(DOCS_CSP).contains(&d),
            "{d} is not in the header"
        );
    }
}

#[tokio::test]
async fn the_report_has_the_drawing_csp_and_needs_nothing_it_refuses() {
    let app = test_app();
    let game = r#"{"moves": ["h2e2", "h9g7"]}"#;
    let resp = send(&app, post_json("/v1/report", game)).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(csp_of(&resp), DRAWING_CSP);
    let html = String::from_utf8(body_bytes(resp).await).unwrap();
    assert_loads_nothing(&html);
}

#[tokio::test]
async fn the_svgs_have_the_drawing_csp_and_need_nothing_it_refuses() {
    let app = test_app();
    for req in [
        get("/v1/diagram.svg?lang=en"),
        post_json("/v1/diagram", r#"{"moves": ["h2e2"]}"#),
    ] {
        let resp = send(&app, req).await;
        assert_eq!(resp.status(), 200);
        assert_eq!(csp_of(&resp), DRAWING_CSP);
        assert_loads_nothing(&String::from_utf8(body_bytes(resp).await).unwrap());
    }
}

#[tokio::test]
async fn api_answers_and_problems_have_the_api_csp() {
    let app = test_app();
    for req in [
        get("/healthz"),
        post_json("/v1/adjudicate", r#"{"moves": []}"#),
        post_json("/v1/adjudicate", "{"),
        get("/nope"),
    ] {
        assert_eq!(csp_of(&send(&app, req).await), API_CSP);
    }
}

/// The `content` of the page's `<meta http-equiv="Content-Security-Policy">`.
fn meta_csp(html: &str) -> String {
    let at = html
        .find(r#"http-equiv="Content-Security-Policy" content=""#)
        .expect("a meta CSP");
    let rest = &html[at..];
    let start = rest.find("content=\"").unwrap() + "content=\"".len();
    let end = start + rest[start..].find('"').unwrap();
    rest[start..end].to_owned()
}

/// What the drawing policy refuses: scripts, external style sheets, images, fonts, frames.
fn assert_loads_nothing(text: &str) {
    for refused in [
        "<script", "<link", "<img", "<image", "<iframe", "<object", "@import", "url(", "href=",
    ] {
        assert!(!text.contains(refused), "{refused} in the drawing");
    }
    assert!(text.contains("<style"), "its CSS is inline");
}
