//! Content codings of answers: whether a request takes gzip, and which answers the compression
//! layer may compress on the fly.
//!
//! Compressing costs far more CPU than sending: gzip of Redoc's 1.1 MB bundle at the default
//! level took 30-35 ms a request, about a hundred times the request itself (issue 28). So the
//! embedded assets are compressed once ([`super::assets`]) and marked [`Precompressed`], and
//! the layer compresses only dynamic answers of at least [`COMPRESS_MIN_BYTES`], at its
//! fastest level ([`COMPRESSION_LEVEL`]).

use axum::http::{HeaderMap, Response, header};
use tower_http::compression::CompressionLevel;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};

/// Smallest answer compressed on the fly, in bytes. Below it an answer and its headers fit in
/// one TCP segment (1,460 bytes of a 1,500-byte MTU) either way, so gzip would save no packet
/// and no round trip, and would still pay for an encoder's state (about 300 KB at any level)
/// and its CPU. Problems, probes, a ruling of a short game stay plain; a batch, a long
/// game's answer, a drawing, the metrics are compressed.
pub const COMPRESS_MIN_BYTES: u16 = 1024;

/// The on-the-fly level: the fastest. Level 1 does most of what level 6 does for JSON and
/// SVG (they repeat their keys and markup) at a fraction of its CPU; the assets, compressed
/// once, get the best level instead.
pub const COMPRESSION_LEVEL: CompressionLevel = CompressionLevel::Fastest;

/// Marks an answer whose body is already in its final coding (an embedded asset): the layer
/// leaves it as it is, whatever the client accepts.
#[derive(Debug, Clone, Copy)]
pub struct Precompressed;

/// What the compression layer compresses: dynamic answers of at least [`COMPRESS_MIN_BYTES`],
/// except images other than SVG, gRPC and event streams (tower-http's own exceptions).
#[derive(Debug, Clone, Copy, Default)]
pub struct Dynamic;

impl Predicate for Dynamic {
    fn should_compress<B>(&self, response: &Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        response.extensions().get::<Precompressed>().is_none()
            && SizeAbove::new(COMPRESS_MIN_BYTES)
                .and(NotForContentType::GRPC)
                .and(NotForContentType::IMAGES)
                .and(NotForContentType::SSE)
                .should_compress(response)
    }
}

/// Whether the request's `Accept-Encoding` takes gzip rather than the bytes as they are
/// (RFC 9110, 12.5.3): `gzip` (or `x-gzip`, or `*` when gzip is not named) with a q above 0,
/// and not below an `identity` the client names. No header, or `gzip;q=0`, is identity. When
/// the client refuses identity too, it still gets identity: the RFC's advice when no coding
/// is acceptable.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let (mut gzip, mut star, mut identity) = (None, None, None);
    let codings = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','));
    for item in codings {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim();
        let Some(q) = quality(parts) else { continue };
        let slot = if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            &mut gzip
        } else if coding == "*" {
            &mut star
        } else if coding.eq_ignore_ascii_case("identity") {
            &mut identity
        } else {
            continue;
        };
        *slot = Some(slot.map_or(q, |old: u16| old.max(q)));
    }
    let gzip = gzip.or(star).unwrap_or(0);
    gzip > 0 && gzip >= identity.unwrap_or(0)
}

/// The `q` of a coding's parameters in thousandths (1000 when absent), or `None` when it is
/// not a valid qvalue, which drops the item.
fn quality<'a>(params: impl Iterator<Item = &'a str>) -> Option<u16> {
    for param in params {
        let Some((name, value)) = param.split_once('=') else {
            continue;
        };
        if !name.trim().eq_ignore_ascii_case("q") {
            continue;
        }
        return qvalue(value.trim());
    }
    Some(1000)
}

/// A qvalue (`0`, `0.5`, `1.000`; RFC 9110, 12.4.2) in thousandths.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accepts(values: &[&'static str]) -> bool {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
        }
        accepts_gzip(&h)
    }

    #[test]
    fn gzip_is_taken_when_named_or_starred_with_a_positive_q() {
        assert!(accepts(&["gzip"]));
        assert!(accepts(&["br, GZIP;q=0.5"]));
        assert!(accepts(&["x-gzip"]));
        assert!(accepts(&["*"]));
        assert!(accepts(&["deflate", "gzip;q=1.000"]));
        assert!(accepts(&["gzip;q=0.001"]));
    }

    #[test]
    fn q_zero_identity_and_no_header_are_identity() {
        assert!(!accepts(&[]));
        assert!(!accepts(&["identity"]));
        assert!(!accepts(&["gzip;q=0"]));
        assert!(!accepts(&["gzip;q=0.000, *"]));
        assert!(!accepts(&["*;q=0"]));
        assert!(!accepts(&["br, deflate"]));
        assert!(!accepts(&["gzip;q=0.5, identity"]));
        assert!(accepts(&["gzip, identity;q=0.5"]));
    }

    #[test]
    fn bad_qvalues_drop_their_item() {
        assert!(!accepts(&["gzip;q=2"]));
        assert!(!accepts(&["gzip;q=0.5555"]));
        assert!(!accepts(&["gzip;q=x"]));
        assert!(accepts(&["gzip;q=x, gzip"]));
        assert_eq!(qvalue("0.25"), Some(250));
        assert_eq!(qvalue("1."), Some(1000));
        assert_eq!(qvalue("1.5"), None);
    }
}
