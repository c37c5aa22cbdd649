//! A ruling's answer written as compact JSON straight into one buffer: each key with its
//! punctuation is one constant (`,"verdict":`), a wire name is copied with its quotes, a text
//! is copied whole once a scan finds nothing to escape, and numbers are written by `itoa`. This
//! writes the bytes serde_json's compact serializer writes for the same value (the answer
//! types' derived `Serialize`, which `to_json`'s tests compare with it), at a fraction of the cost:
//! serde_json escapes every key and string byte by byte through its `Formatter`.

use std::borrow::Cow;

/// Compact JSON being written.
pub(crate) struct Json(String);

impl Json {
    /// An empty buffer with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> Json {
        Json(String::with_capacity(capacity))
    }

    /// The JSON written.
    pub(crate) fn into_string(self) -> String {
        self.0
    }

    /// Appends a fragment that is already JSON (a key, punctuation, a literal).
    pub(crate) fn raw(&mut self, json: &str) {
        self.0.push_str(json);
    }

    /// Appends `text` as a JSON string, escaped as serde_json escapes it.
    pub(crate) fn string(&mut self, text: &str) {
        if needs_escape(text.as_bytes()) {
            // Rare (our texts hold no quote or control character): serde_json escapes it.
            let escaped = serde_json::to_string(text).expect("a string serializes");
            self.0.push_str(&escaped);
        } else {
            self.0.reserve(text.len() + 2);
            self.0.push('"');
            self.0.push_str(text);
            self.0.push('"');
        }
    }

    /// Appends `n` in decimal.
    pub(crate) fn uint(&mut self, n: u32) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }
}

/// Whether JSON escapes `b`: a quote, a backslash or a control character (not DEL).
const fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether some byte of `bytes` is [`escaped`]. Sixteen bytes are looked at together, without
/// stopping at the first, so that the compiler checks them in one vector operation; the last
/// sixteen are looked at whole, again if need be, rather than one by one.
fn needs_escape(bytes: &[u8]) -> bool {
    #[inline(always)]
    fn any(chunk: &[u8]) -> bool {
        chunk.iter().fold(false, |found, &b| found | escaped(b))
    }
    match bytes.last_chunk::<16>() {
        Some(last) => bytes.chunks_exact(16).any(any) || any(last),
        // Short texts (squares, moves, names) byte by byte.
        None => bytes.iter().any(|&b| escaped(b)),
    }
}

/// A value that writes itself as compact JSON.
pub(crate) trait WriteJson {
    /// Appends the value's JSON to `out`.
    fn write_json(&self, out: &mut Json);
}

impl WriteJson for u32 {
    fn write_json(&self, out: &mut Json) {
        out.uint(*self);
    }
}

impl WriteJson for bool {
    fn write_json(&self, out: &mut Json) {
        out.raw(if *self { "true" } else { "false" });
    }
}

impl WriteJson for str {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl WriteJson for String {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl WriteJson for Cow<'_, str> {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl<T: WriteJson> WriteJson for Option<T> {
    fn write_json(&self, out: &mut Json) {
        match self {
            Some(v) => v.write_json(out),
            None => out.raw("null"),
        }
    }
}

impl<T: WriteJson> WriteJson for Box<T> {
    fn write_json(&self, out: &mut Json) {
        (**self).write_json(out);
    }
}

impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, out: &mut Json) {
        let mut sep = "[";
        for v in self {
            out.raw(sep);
            v.write_json(out);
            sep = ",";
        }
        if self.is_empty() {
            out.raw("[");
        }
        out.raw("]");
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, out: &mut Json) {
        self.as_slice().write_json(out);
    }
}

/// Writes `{"key":value,...}` into `out` (a `&mut Json`), the fields in the order given, as
/// serde's derive does. A field written `"key"?: value` is left out when `None` (serde's
/// `skip_serializing_if = "Option::is_none"`); the first field never is.
macro_rules! object {
    (@fields $out:ident $(,)?) => {};
    (@fields $out:ident, $key:literal?: $value:expr $(, $($rest:tt)*)?) => {
        if let Some(value) = &$value {
            $out.raw(concat!(",\"", $key, "\":"));
            $crate::api::answer::write::WriteJson::write_json(value, $out);
        }
        $crate::api::answer::write::object!(@fields $out $(, $($rest)*)?);
    };
    (@fields $out:ident, $key:literal: $value:expr $(, $($rest:tt)*)?) => {
        $out.raw(concat!(",\"", $key, "\":"));
        $crate::api::answer::write::WriteJson::write_json(&$value, $out);
        $crate::api::answer::write::object!(@fields $out $(, $($rest)*)?);
    };
    ($out:expr, $key:literal: $value:expr $(, $($rest:tt)*)?) => {{
        let out: &mut $crate::api::answer::write::Json = $out;
        out.raw(concat!("{\"", $key, "\":"));
        $crate::api::answer::write::WriteJson::write_json(&$value, out);
        $crate::api::answer::write::object!(@fields out $(, $($rest)*)?);
        out.raw("}");
    }};
}
pub(crate) use object;

#[cfg(test)]
pub(super) mod tests {

    use super::*;

    pub(in crate::api::answer) fn written(v: &(impl WriteJson + ?Sized)) -> String {
        let mut out = Json::with_capacity(0);
        v.write_json(&mut out);
        out.0
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let long = "Thế cờ sau nước thứ 96 của Đen xuất hiện lần thứ ba (a7c7), 红方第12着.";
        let mut texts = vec![String::new(), "h2e2".to_owned(), long.to_owned()];
        for c in (0u8..0x80).map(char::from).chain(['\u{2028}', 'é', '炮']) {
            for at in [0, 5, 15, 16, 17, 40] {
                let mut t: String = "x".repeat(at);
                t.push(c);
                texts.push(t.clone() + long);
                texts.push(t);
            }
        }
        for t in &texts {
            assert_eq!(
                written(t.as_str()),
                serde_json::to_string(t).unwrap(),
                "{t:?}"
            );
        }
    }

    #[test]
    fn numbers_booleans_options_and_arrays_are_as_serde_json_writes_them() {
        for n in [0, 7, 10, 99, 100, 12345, u32::MAX - 1, u32::MAX] {
            assert_eq!(written(&n), n.to_string());
        }
        assert_eq!(written(&true), "true");
        assert_eq!(written(&Some(false)), "false");
        assert_eq!(written(&None::<u32>), "null");
        assert_eq!(written(&Vec::<u32>::new()), "[]");
        assert_eq!(written(&vec![1u32, 2, 3]), "[1,2,3]");
        assert_eq!(
            written(&vec![vec![], vec![Some(1u32), None]]),
            "[[],[1,null]]"
        );
    }

    struct Sample {
        a: u32,
        b: Option<u32>,
        c: Vec<bool>,
    }

    impl WriteJson for Sample {
        fn write_json(&self, out: &mut Json) {
            object!(out, "a": self.a, "b"?: self.b, "c": self.c, "b again": self.b);
        }
    }

    #[test]
    fn objects_leave_out_the_fields_marked_optional_when_none() {
        let s = Sample {
            a: 1,
            b: None,
            c: vec![true],
        };
        assert_eq!(written(&s), r#"{"a":1,"c":[true],"b again":null}"#);
        let s = Sample { b: Some(2), ..s };
        assert_eq!(written(&s), r#"{"a":1,"b":2,"c":[true],"b again":2}"#);
    }
}
