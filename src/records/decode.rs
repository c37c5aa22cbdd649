//! A record's bytes read into text, in the encoding it was saved in: UTF-8, GB18030 and GBK,
//! Big5, UTF-16 with a byte-order mark, or any other encoding a charset names.
//!
//! Half the Chinese records in the world are not UTF-8: databases and game programs of the
//! mainland save GBK (or GB18030, its superset), Taiwan's and Hong Kong's save Big5, and
//! Windows editors save "Unicode" as UTF-16 with a byte-order mark. Which one a file is in
//! is decided in this order:
//!
//! 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) wins over everything, as in a browser;
//! 2. else the charset the sender declares (a `charset` parameter), by its WHATWG label
//!    (`gbk`, `gb2312`, `gb18030`, `big5`, `utf-16le`, `windows-1258`, ...);
//! 3. else UTF-8, if the bytes are UTF-8 (ASCII is);
//! 4. else the encoding a detector finds most likely.
//!
//! The text is decoded without replacement: a byte that is not a character of the encoding
//! is an error that says where it is ([`DecodeError::Malformed`]), never a U+FFFD that would
//! surface later as an unreadable move far from its cause.
//!
//! Why these crates: [`encoding_rs`] is the decoder Firefox ships, implementing the WHATWG
//! Encoding Standard (the labels and decoders every browser agrees on, so a charset that a
//! browser sends or a web page declares means here what it means there); it decodes
//! without replacement and says where a malformed sequence is, and it is already in most
//! Rust web stacks. [`chardetng`] is the detector Firefox uses for unlabelled legacy
//! content, by the same author and built on `encoding_rs`; it tells GBK from Big5 by the
//! characters each would give, which is the choice Chinese records need. Both are
//! maintained, have no other dependencies of note, and do no I/O.

use std::borrow::Cow;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{DecoderResult, UTF_8};

/// An encoding: what [`Decoded`] and [`DecodeError`] name, so that their users need not name
/// the crate.
pub use encoding_rs::Encoding;

/// How the encoding of a text was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// By the byte-order mark the bytes start with.
    Bom,
    /// By the charset the sender declared.
    Declared,
    /// The bytes are UTF-8 and no charset was declared.
    Utf8,
    /// Detected: no byte-order mark, no charset, not UTF-8.
    Detected,
}

/// A record's text and the encoding it was read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without its byte-order mark; borrowed when the bytes were UTF-8 already.
    pub text: Cow<'a, str>,
    /// The encoding read.
    pub encoding: &'static Encoding,
    /// How it was chosen.
    pub chosen: Chosen,
}

/// Why a record's bytes are not text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The declared charset names no encoding of the WHATWG Encoding Standard (or names
    /// its `replacement` encoding, which reads nothing). The label as sent.
    UnknownCharset(String),
    /// The bytes are not text in `encoding`: the first malformed sequence starts at byte
    /// `offset` (0-based, counted from the first byte, a byte-order mark included), on
    /// `line` and at `column` (1-based, in characters) of the text decoded before it.
    Malformed {
        encoding: &'static Encoding,
        chosen: Chosen,
        offset: usize,
        line: u32,
        column: u32,
    },
}

/// Decodes `bytes` as the module doc says: the byte-order mark's encoding, else `charset`'s,
/// else UTF-8 if the bytes are UTF-8, else the detected one.
pub fn decode<'a>(bytes: &'a [u8], charset: Option<&str>) -> Result<Decoded<'a>, DecodeError> {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return decode_as(bytes, bom, encoding, Chosen::Bom);
    }
    if let Some(label) = charset {
        let encoding = Encoding::for_label_no_replacement(label.trim().as_bytes())
            .ok_or_else(|| DecodeError::UnknownCharset(label.to_owned()))?;
        return decode_as(bytes, 0, encoding, Chosen::Declared);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Decoded {
            text: Cow::Borrowed(text),
            encoding: UTF_8,
            chosen: Chosen::Utf8,
        });
    }
    decode_as(bytes, 0, detect(bytes), Chosen::Detected)
}

/// The encoding the detector finds most likely for `bytes`, which are not UTF-8.
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    detector.guess(None, Utf8Detection::Deny)
}

/// The name of `encoding` as answers give it: the standard's name in lower case (`utf-8`,
/// `gbk`, `big5`, `utf-16le`).
pub fn name(encoding: &'static Encoding) -> String {
    encoding.name().to_ascii_lowercase()
}

/// `bytes` after the first `skip` (a byte-order mark) decoded as `encoding`, without
/// replacement.
fn decode_as<'a>(
    bytes: &'a [u8],
    skip: usize,
    encoding: &'static Encoding,
    chosen: Chosen,
) -> Result<Decoded<'a>, DecodeError> {
    let input = &bytes[skip..];
    if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(input) {
        return Ok(Decoded {
            text,
            encoding,
            chosen,
        });
    }
    // Decode again, to the first malformed sequence, to say where it is.
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let room = decoder
        .max_utf8_buffer_length_without_replacement(input.len())
        .unwrap_or(usize::MAX);
    let mut text = String::with_capacity(room.min(4 * input.len() + 16));
    let (result, read) = decoder.decode_to_string_without_replacement(input, &mut text, true);
    let offset = match result {
        DecoderResult::Malformed(bad, extra) => {
            skip + read.saturating_sub(usize::from(bad) + usize::from(extra))
        }
        // Not reached (the text did not decode), but an answer all the same.
        DecoderResult::InputEmpty | DecoderResult::OutputFull => skip + read,
    };
    let (line, column) = end_of(&text);
    Err(DecodeError::Malformed {
        encoding,
        chosen,
        offset,
        line,
        column,
    })
}

/// The line and column (1-based, in characters) just after `text`, lines ending in LF, CR LF
/// or CR alone as [`super::read`] counts them.
fn end_of(text: &str) -> (u32, u32) {
    let (mut line, mut column) = (1u32, 1u32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                line = line.saturating_add(1);
                column = 1;
            }
            _ => column = column.saturating_add(1),
        }
    }
    (line, column)
}

#[cfg(test)]
mod tests {
    use encoding_rs::{BIG5, GBK, UTF_16BE, UTF_16LE};

    use super::*;

    /// `text` in `encoding`, by encoding_rs's own encoder (UTF-16 by hand: the standard
    /// encodes nothing as UTF-16).
    fn encode(text: &str, encoding: &'static Encoding) -> Vec<u8> {
        if encoding == UTF_16LE {
            return text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        }
        if encoding == UTF_16BE {
            return text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        }
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{text} in {}", encoding.name());
        bytes.into_owned()
    }

    const RECORD: &str = "[Event \"編碼測試\"]\r\n1. 車八平九 包１平２\r\n2. 車九平八 包２平１\r\n";

    #[test]
    fn a_byte_order_mark_wins_over_the_charset() {
        for (encoding, bom) in [
            (UTF_8, &b"\xEF\xBB\xBF"[..]),
            (UTF_16LE, &b"\xFF\xFE"[..]),
            (UTF_16BE, &b"\xFE\xFF"[..]),
        ] {
            let mut bytes = bom.to_vec();
            bytes.extend(encode(RECORD, encoding));
            for charset in [None, Some("gbk")] {
                let d = decode(&bytes, charset).unwrap();
                assert_eq!(
                    (&*d.text, d.encoding, d.chosen),
                    (RECORD, encoding, Chosen::Bom)
                );
            }
        }
    }

    #[test]
    fn a_declared_charset_is_read_by_its_label() {
        for (label, encoding) in [
            ("gbk", GBK),
            ("GB2312", GBK),
            (" big5 ", BIG5),
            ("utf-16le", UTF_16LE),
        ] {
            let bytes = encode(RECORD, encoding);
            let d = decode(&bytes, Some(label)).unwrap();
            assert_eq!(
                (&*d.text, d.encoding, d.chosen),
                (RECORD, encoding, Chosen::Declared)
            );
        }
        assert_eq!(
            decode(b"1. h2e2", Some("klingon")),
            Err(DecodeError::UnknownCharset("klingon".to_owned()))
        );
        // The `replacement` encoding reads nothing: its labels are refused too.
        assert!(matches!(
            decode(b"1. h2e2", Some("iso-2022-kr")),
            Err(DecodeError::UnknownCharset(_))
        ));
    }

    #[test]
    fn without_a_charset_utf8_wins_then_the_detector_decides() {
        let d = decode(RECORD.as_bytes(), None).unwrap();
        assert!(matches!(d.text, Cow::Borrowed(_)));
        assert_eq!((d.encoding, d.chosen), (UTF_8, Chosen::Utf8));
        for encoding in [GBK, BIG5] {
            let bytes = encode(&RECORD.repeat(4), encoding);
            let d = decode(&bytes, None).unwrap();
            assert_eq!(
                (d.encoding, d.chosen),
                (encoding, Chosen::Detected),
                "{}",
                encoding.name()
            );
            assert_eq!(d.text, RECORD.repeat(4));
        }
    }

    #[test]
    fn a_malformed_byte_is_told_by_its_offset_line_and_column() {
        // Line 2, after "1. ": a GBK lead byte followed by a byte no GBK character has.
        let mut bytes = encode("[Event \"測\"]\n1. ", GBK);
        let offset = bytes.len();
        bytes.extend_from_slice(b"\x81\x7F h2e2\n");
        assert_eq!(
            decode(&bytes, Some("gbk")),
            Err(DecodeError::Malformed {
                encoding: GBK,
                chosen: Chosen::Declared,
                offset,
                line: 2,
                column: 4,
            })
        );
        // A lone surrogate in UTF-16, after the byte-order mark: offsets count the mark.
        let mut bytes = b"\xFF\xFE".to_vec();
        bytes.extend(encode("1.\r\n", UTF_16LE));
        bytes.extend_from_slice(&[0x00, 0xD8, b'a', 0]);
        assert_eq!(
            decode(&bytes, None),
            Err(DecodeError::Malformed {
                encoding: UTF_16LE,
                chosen: Chosen::Bom,
                offset: 10,
                line: 2,
                column: 1,
            })
        );
        // Declared UTF-8 that is not.
        assert!(matches!(
            decode(b"1. h2e2 \xFF", Some("utf-8")),
            Err(DecodeError::Malformed {
                offset: 8,
                line: 1,
                column: 9,
                ..
            })
        ));
    }

    #[test]
    fn names_are_the_standards_in_lower_case() {
        let names: Vec<String> = [UTF_8, GBK, BIG5, UTF_16LE, UTF_16BE, encoding_rs::GB18030]
            .into_iter()
            .map(name)
            .collect();
        assert_eq!(
            names,
            ["utf-8", "gbk", "big5", "utf-16le", "utf-16be", "gb18030"]
        );
    }
}
