//! Entity tags for answers that are a function of their bytes alone (the embedded assets, the
//! GET diagrams): the tag, and whether a request's `If-None-Match` already names it.

use axum::http::{HeaderMap, HeaderValue, header};

/// A weak entity tag for `bytes`: their 64-bit FNV-1a hash in hex, quoted, `W/"…"`. Weak
/// because the compression layer may send the same bytes gzipped, and a strong tag must
/// name one representation (RFC 9110, 8.8.3); revalidation compares weakly anyway. Stable
/// across runs and builds; a cache validator, not a defence against forgery.
pub fn of(bytes: &[u8]) -> HeaderValue {
    let hash = fnv1a(bytes);
    HeaderValue::from_str(&format!("W/\"{hash:016x}\"")).expect("hex digits are a valid header")
}

/// A strong entity tag for `bytes`: their 64-bit FNV-1a hash in hex, quoted. For an answer
/// whose every representation is made by us, each with its own bytes (the embedded assets,
/// gzipped once): no layer changes them on the way out.
pub fn strong(bytes: &[u8]) -> HeaderValue {
    let hash = fnv1a(bytes);
    HeaderValue::from_str(&format!("\"{hash:016x}\"")).expect("hex digits are a valid header")
}

/// Whether `If-None-Match` names `etag` or is `*`. RFC 9110 (13.1.2) compares weakly here, so a
/// `W/` tag (from a proxy that recompressed the answer) still matches.
pub fn is_current(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Ok(etag) = etag.to_str() else {
        return false;
    };
    let etag = etag.strip_prefix("W/").unwrap_or(etag);
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag)
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn if_none_match(values: &[&'static str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::IF_NONE_MATCH, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn fnv1a_known_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(of(b"a"), "W/\"af63dc4c8601ec8c\"");
        assert_eq!(strong(b"a"), "\"af63dc4c8601ec8c\"");
    }

    #[test]
    fn if_none_match_lists_stars_and_weak_tags_are_read() {
        let tag = HeaderValue::from_static("\"a\"");
        assert!(is_current(&if_none_match(&["\"a\""]), &tag));
        assert!(is_current(&if_none_match(&["\"b\", W/\"a\""]), &tag));
        assert!(is_current(&if_none_match(&["\"b\"", "\"a\""]), &tag));
        assert!(is_current(&if_none_match(&["*"]), &tag));
        assert!(!is_current(&if_none_match(&["\"b\""]), &tag));
        assert!(!is_current(&HeaderMap::new(), &tag));
        // Our own weak tags match themselves, weak or not.
        let ours = of(b"a");
        assert!(is_current(
            &if_none_match(&["W/\"af63dc4c8601ec8c\""]),
            &ours
        ));
        assert!(is_current(&if_none_match(&["\"af63dc4c8601ec8c\""]), &ours));
    }
}
