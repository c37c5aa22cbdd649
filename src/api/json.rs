//! Reading request bodies: JSON text to a request type, with every rejection a 400
//! `malformed-json` whose detail is worded for people. Details name the field and say what was
//! expected in JSON's terms ("an array", "an object"), never Rust's (`struct
//! AdjudicateRequest`), say where (line and column) when the whole body is read, and never
//! echo a client's value whole.
//!
//! Requests are strict: a field the request type does not know is a 422 `unknown-field` that
//! names it and the nearest known field (`{"FEN": ...}` would otherwise replay from the
//! standard start). An object that says `"strict": false` has its unknown fields ignored.
//! `strict` belongs to the parser, not to the request types: `Strict` reads it, and notes
//! the unknown keys, while the type reads everything else.
//!
//! One parser: a body sent alone ([`parse_json`]) and a game inside a batch ([`parse_game`])
//! are read by the same code, so they get the same answers.

use std::fmt;

use serde::de::value::{StrDeserializer, UnitDeserializer};
use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, Error as _, MapAccess, Visitor};

use super::error::{ApiError, ECHO_CHARS, elide};
use super::json_fast;
use super::request::{
    AdjudicateRequest, BatchRequest, DiagramRequest, EngineMoveRequest, LegalMovesRequest,
    ReportRequest, problem_language,
};
use super::wording::{self, Wording};
use crate::adjudication::Lang;

/// A request body's type: read by serde, and first, for a game, by the fast reader of its
/// common form ([`super::json_fast`]), which reads it exactly as serde would or not at all.
pub trait RequestBody: DeserializeOwned {
    /// The body read without serde, when `text` is in the type's common form.
    fn read_common_form(_text: &str) -> Option<Self> {
        None
    }
}

impl RequestBody for AdjudicateRequest {
    fn read_common_form(text: &str) -> Option<Self> {
        json_fast::read_game(text)
    }
}

impl RequestBody for BatchRequest {}
impl RequestBody for LegalMovesRequest {}
impl RequestBody for DiagramRequest {}
impl RequestBody for ReportRequest {}
impl RequestBody for EngineMoveRequest {}

/// Parses a whole request body as `T`, with details worded for people. Unknown fields of the
/// body's object are a 422 `unknown-field` unless it says `"strict": false`.
pub fn parse_json<T: RequestBody>(bytes: &[u8]) -> Result<T, ApiError> {
    // Checking the whole body's UTF-8 at once costs less than checking each string as it is
    // read (game200 holds 200 of them), and says where a body that is not UTF-8 stops being
    // it: serde would call a raw GBK byte in a string "a \u escape that is not a valid
    // character" (issue 28).
    match std::str::from_utf8(bytes) {
        Ok(text) => match T::read_common_form(text) {
            Some(body) => Ok(body),
            None => read(|| serde_json::Deserializer::from_str(text), true),
        },
        Err(e) => Err(not_utf8(bytes, e.valid_up_to())),
    }
}

/// The problem of a body that is not UTF-8 from byte `at` (0-based): the byte, its line and
/// its column (in characters), counted as serde counts them.
fn not_utf8(bytes: &[u8], at: usize) -> ApiError {
    // The bytes before `at` are UTF-8: `from_utf8` said so.
    let before = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ApiError::MalformedJson {
        detail: wording::json_body_not_utf8(at + 1, (line, column)),
    }
}

/// Parses one game of a batch, exactly as if it had been sent alone, except that the
/// details carry no line and column (they would count from the game, not the body).
pub fn parse_game(raw: &str) -> Result<AdjudicateRequest, ApiError> {
    match json_fast::read_game(raw) {
        Some(game) => Ok(game),
        None => parse_part(raw),
    }
}

/// Parses a part of a larger text (a game of a batch, a value of a JSON Lines stream) as `T`,
/// like [`parse_json`] but with no line and column in the details.
pub fn parse_part<T: DeserializeOwned>(raw: &str) -> Result<T, ApiError> {
    read(|| serde_json::Deserializer::from_str(raw), false)
}

/// The language of the problem of a body that could not be read into its request type: the
/// body's `lang` when the body is a JSON object with a string `lang` (it was read that far),
/// else `Accept-Language`'s, else English. A body that is not JSON answers in the header's.
pub fn problem_language_of(body: &[u8], accept_language: Option<&str>) -> Lang {
    /// Only `lang`: every other member is skipped unread.
    #[derive(serde::Deserialize)]
    struct LangOnly {
        lang: Option<String>,
    }
    let lang = serde_json::from_slice::<LangOnly>(body)
        .ok()
        .and_then(|b| b.lang);
    problem_language(lang.as_deref(), accept_language)
}

/// Reads a `T` from the text `open` starts reading. A good body is read once, without
/// tracking the path of the value being read (which costs about an eighth of reading
/// game200); only a body that fails is read again, tracking it, to say where it went wrong. Both readings see the
/// same text, so the second fails exactly where the first did.
fn read<'de, R, T>(
    open: impl Fn() -> serde_json::Deserializer<R>,
    position: bool,
) -> Result<T, ApiError>
where
    R: serde_json::de::Read<'de>,
    T: DeserializeOwned,
{
    let mut de = open();
    let mut seen = Seen::default();
    if let Ok(value) = T::deserialize(Strict {
        inner: &mut de,
        seen: &mut seen,
    }) && de.end().is_ok()
    {
        return match seen.unknown_field() {
            Some(problem) => Err(problem),
            None => Ok(value),
        };
    }
    read_tracked(&mut open(), position)
}

/// [`read`] with the path tracked, for the details of a body that does not read.
fn read_tracked<'de, R, T>(
    de: &mut serde_json::Deserializer<R>,
    position: bool,
) -> Result<T, ApiError>
where
    R: serde_json::de::Read<'de>,
    T: DeserializeOwned,
{
    let mut seen = Seen::default();
    let mut track = serde_path_to_error::Track::new();
    let parsed = T::deserialize(Strict {
        inner: serde_path_to_error::Deserializer::new(&mut *de, &mut track),
        seen: &mut seen,
    })
    .map_err(|e| serde_path_to_error::Error::new(track.path(), e));
    let value = match parsed {
        Ok(value) => value,
        Err(e) => {
            let missing = message_of(e.inner());
            let missing = missing
                .strip_prefix("missing field `")
                .and_then(|m| m.strip_suffix('`'));
            if let Some(typo) = missing.and_then(|m| seen.misspelt_required(m)) {
                return Err(typo);
            }
            return Err(malformed(&e, position));
        }
    };
    de.end().map_err(|e| ApiError::MalformedJson {
        detail: describe_syntax(&e, position),
    })?;
    match seen.unknown_field() {
        Some(problem) => Err(problem),
        None => Ok(value),
    }
}

fn malformed(e: &serde_path_to_error::Error<serde_json::Error>, position: bool) -> ApiError {
    let inner = e.inner();
    let detail = if inner.is_data() {
        let path = e.path().to_string();
        let what = humanize(&message_of(inner));
        let at = position.then(|| (inner.line(), inner.column()));
        wording::json_data((path != ".").then_some(path.as_str()), &what, at)
    } else {
        describe_syntax(inner, position)
    };
    ApiError::MalformedJson { detail }
}

fn describe_syntax(e: &serde_json::Error, position: bool) -> Wording {
    if e.is_eof() && e.line() == 1 && e.column() == 0 {
        return wording::json_empty();
    }
    let message = message_of(e);
    let what =
        wording::json_syntax(&message).unwrap_or_else(|| wording::verbatim(elide(&message, 200)));
    let at = (position && e.line() > 0).then(|| (e.line(), e.column()));
    wording::json_invalid(Some(&what), at)
}

/// serde_json's message without its " at line L column C" suffix.
fn message_of(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(message) => message.to_owned(),
        None => text,
    }
}

/// Rewords serde's data errors in JSON's terms, and cuts any echoed value short.
fn humanize(message: &str) -> Wording {
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        return wording::json_required(&elide(field, ECHO_CHARS));
    }
    if let Some(field) = message
        .strip_prefix("duplicate field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        return wording::json_twice(&elide(field, ECHO_CHARS));
    }
    // "invalid type: string \"...\", expected a sequence": what was expected first, then what
    // came, in JSON's words, its value cut short.
    let (got, expected) = match message.rsplit_once(", expected ") {
        Some((got, expected)) => (got, Some(expected)),
        None => (message, None),
    };
    let got = match got.find(['"', '`']) {
        Some(quote) if got.len() - quote > ECHO_CHARS + 2 => {
            format!("{}{}", &got[..quote], elide(&got[quote..], ECHO_CHARS))
        }
        _ => got.to_owned(),
    };
    let expected = expected.map(|e| match e {
        "a sequence" => "an array",
        "a map" => "an object",
        e if e.starts_with("struct ") => "an object",
        e => e,
    });
    match (got.strip_prefix("invalid type: "), expected) {
        (Some(kind), Some(expected)) => {
            wording::json_expected(&elide(expected, 80), &json_kind(kind))
        }
        (_, Some(expected)) => wording::json_refused(&got, &elide(expected, 80)),
        (_, None) => wording::verbatim(elide(&got, 200)),
    }
}

/// serde's name of a value that came ("integer `5`", "map") in JSON's words ("the number 5",
/// "an object").
fn json_kind(kind: &str) -> String {
    let unquote = |v: &str| v.trim_matches('`').to_owned();
    match kind.split_once(' ') {
        _ if kind == "map" => "an object".to_owned(),
        _ if kind == "sequence" => "an array".to_owned(),
        _ if kind == "unit value" || kind == "null" => "null".to_owned(),
        Some(("integer" | "floating", v)) => {
            format!("the number {}", unquote(v.trim_start_matches("point ")))
        }
        Some(("string", v)) => format!("the string {v}"),
        Some(("boolean", v)) => unquote(v),
        _ => kind.to_owned(),
    }
}

// ---------------------------------------------------------------------------------------------
// Strictness: unknown fields
// ---------------------------------------------------------------------------------------------

/// The request member that turns strictness off: `"strict": false` ignores unknown fields.
pub const STRICT_FIELD: &str = "strict";

/// Unknown field names kept for the answer (more are only counted).
const UNKNOWN_KEPT: usize = 8;

/// What the reading of a request's own object saw besides its known fields.
#[derive(Debug, Default)]
struct Seen {
    /// The request type's known fields (from its `Deserialize` impl), `strict` aside.
    known: &'static [&'static str],
    /// The first unknown fields, as sent (cut short when long).
    unknown: Vec<String>,
    /// How many unknown fields there were in all.
    unknown_count: usize,
    /// The value of `strict`, if sent.
    strict: Option<bool>,
    /// Whether `strict` was sent (to refuse it twice).
    strict_seen: bool,
}

impl Seen {
    /// The `unknown-field` problem, unless the request was lenient or had none.
    fn unknown_field(&self) -> Option<ApiError> {
        let field = self.unknown.first()?;
        if self.strict == Some(false) {
            return None;
        }
        Some(self.problem(field))
    }

    /// Every field the object may have: the type's and `strict`.
    fn known(&self) -> Vec<String> {
        let mut known: Vec<String> = self.known.iter().map(|k| (*k).to_owned()).collect();
        known.push(STRICT_FIELD.to_owned());
        known
    }

    fn problem(&self, field: &str) -> ApiError {
        let known = self.known();
        ApiError::UnknownField {
            field: field.to_owned(),
            suggestion: suggest(field, &known).map(str::to_owned),
            others: self.unknown_count - 1,
            known,
        }
    }

    /// A body that failed only because a required field is missing, while an unknown field
    /// looks like it: `{"Moves": [...]}`. The typo is the better answer.
    fn misspelt_required(&self, missing: &str) -> Option<ApiError> {
        if self.strict == Some(false) {
            return None;
        }
        let known = self.known();
        let field = self
            .unknown
            .iter()
            .find(|u| suggest(u, &known) == Some(missing))?;
        Some(self.problem(field))
    }
}

/// The known field nearest to `field`, if it is near enough to be a slip: the same letters in
/// another case, one contained in the other, or an edit distance (case-insensitive) of at most
/// a third of the known name's length (at least 1).
pub fn suggest<'k>(field: &str, known: &'k [String]) -> Option<&'k str> {
    let field = field.to_lowercase();
    known
        .iter()
        .map(|k| {
            let contained = field.len() >= 3 && (k.contains(&field) || field.contains(k.as_str()));
            let d = if contained {
                0
            } else {
                strsim::levenshtein(&field, k)
            };
            (d, k)
        })
        .filter(|(d, k)| *d <= (k.chars().count() / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

/// A deserializer that reads the request's own object like the one it wraps, and on the way
/// notes its unknown keys and reads `strict` (which no request type declares: it is the
/// parser's business). Only the outermost object is watched; values inside it are read by
/// the wrapped deserializer alone.
struct Strict<'s, D> {
    inner: D,
    seen: &'s mut Seen,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<'_, D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.inner.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.seen.known = fields;
        self.inner.deserialize_struct(
            name,
            fields,
            StrictVisitor {
                inner: visitor,
                seen: self.seen,
            },
        )
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

struct StrictVisitor<'s, V> {
    inner: V,
    seen: &'s mut Seen,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for StrictVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(StrictMap {
            inner: map,
            seen: self.seen,
            strict_next: false,
        })
    }

    // No `visit_seq`: serde would read a struct from an array of its fields in order (`[]`
    // as a legal-moves request with every field absent). A request is an object; anything
    // else is refused with "expected an object".
}

struct StrictMap<'s, A> {
    inner: A,
    seen: &'s mut Seen,
    /// The key just read is `strict`: its value is read here.
    strict_next: bool,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for StrictMap<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let Some(key) = self.inner.next_key::<String>()? else {
            return Ok(None);
        };
        let known = self.seen.known.contains(&key.as_str());
        if !known && key == STRICT_FIELD {
            if self.seen.strict_seen {
                return Err(A::Error::duplicate_field(STRICT_FIELD));
            }
            self.seen.strict_seen = true;
            self.strict_next = true;
        } else if !known {
            self.seen.unknown_count += 1;
            if self.seen.unknown.len() < UNKNOWN_KEPT {
                self.seen.unknown.push(elide(&key, ECHO_CHARS));
            }
        }
        seed.deserialize(StrDeserializer::new(&key)).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        if std::mem::take(&mut self.strict_next) {
            // The request type ignores `strict`: read it here, hand the type nothing.
            self.seen.strict = self.inner.next_value::<Option<bool>>()?;
            return seed.deserialize(UnitDeserializer::new());
        }
        self.inner.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn details_speak_json_and_cut_echoes() {
        let err = parse_json::<AdjudicateRequest>(b"\"x\"").unwrap_err();
        let ApiError::MalformedJson { detail } = err else {
            panic!("{err:?}")
        };
        let detail = detail.to_string();
        assert!(!detail.contains("struct"), "{detail}");
        assert!(detail.contains("expected an object"), "{detail}");

        let long = format!(r#"{{"moves": "{}"}}"#, "\\\"".repeat(100_000));
        let ApiError::MalformedJson { detail } =
            parse_json::<AdjudicateRequest>(long.as_bytes()).unwrap_err()
        else {
            panic!()
        };
        let detail = detail.to_string();
        assert!(detail.len() < 300, "{detail}");
        assert!(detail.contains("more characters)"), "{detail}");
        assert!(detail.contains("expected an array"), "{detail}");
        assert!(detail.contains("got the string"), "{detail}");

        for (body, words) in [
            (
                r#"{"moves": 5}"#,
                "moves: expected an array, got the number 5 (line 1, column 11)",
            ),
            (
                r#"{"moves": [1.5]}"#,
                "moves[0]: expected a string, got the number 1.5",
            ),
            (
                r#"{"moves": [], "fen": true}"#,
                "fen: expected a string, got true",
            ),
            (
                r#"{"moves": {}}"#,
                "moves: expected an array, got an object",
            ),
        ] {
            let ApiError::MalformedJson { detail } =
                parse_json::<AdjudicateRequest>(body.as_bytes()).unwrap_err()
            else {
                panic!()
            };
            let detail = detail.to_string();
            assert!(detail.starts_with(words), "{detail}");
        }
    }

    fn unknown(body: &str) -> ApiError {
        parse_json::<AdjudicateRequest>(body.as_bytes()).unwrap_err()
    }

    #[test]
    fn an_unknown_field_names_the_nearest_known_one() {
        let err = unknown(r#"{"FEN": "9/9/9/9/9/9/9/9/9/9 w", "moves": []}"#);
        let ApiError::UnknownField {
            field, suggestion, ..
        } = &err
        else {
            panic!("{err:?}")
        };
        assert_eq!(
            (field.as_str(), suggestion.as_deref()),
            ("FEN", Some("fen"))
        );
        assert!(err.to_problem().detail.contains("did you mean `fen`?"));

        // A misspelt required field is the typo, not a missing field.
        let err = unknown(r#"{"Moves": ["h2e2"]}"#);
        assert!(
            matches!(&err, ApiError::UnknownField { suggestion: Some(s), .. } if s == "moves"),
            "{err:?}"
        );
        // Nothing near: no guess, the known fields listed.
        let err = unknown(r#"{"moves": [], "client": "x"}"#);
        let p = err.to_problem();
        assert_eq!(p.extensions["suggestion"], serde_json::Value::Null);
        assert!(p.detail.contains("`no_capture_limit`"), "{}", p.detail);
    }

    #[test]
    fn strict_false_ignores_unknown_fields_and_strict_must_be_a_boolean() {
        let r: AdjudicateRequest =
            parse_json(br#"{"moves": ["h2e2"], "client": "x", "strict": false}"#).unwrap();
        assert_eq!(r.moves, ["h2e2"]);
        let r: AdjudicateRequest = parse_json(br#"{"strict": true, "moves": []}"#).unwrap();
        assert!(r.moves.is_empty());
        assert!(matches!(
            unknown(r#"{"strict": true, "moves": [], "x": 1}"#),
            ApiError::UnknownField { .. }
        ));
        let ApiError::MalformedJson { detail } = unknown(r#"{"moves": [], "strict": "no"}"#) else {
            panic!()
        };
        let detail = detail.to_string();
        assert!(detail.starts_with("strict:"), "{detail}");
        let ApiError::MalformedJson { detail } =
            unknown(r#"{"moves": [], "strict": false, "strict": false}"#)
        else {
            panic!()
        };
        let detail = detail.to_string();
        assert!(detail.contains("more than once"), "{detail}");
    }

    #[test]
    fn a_request_is_an_object_never_an_array_of_its_fields() {
        use super::super::request::LegalMovesRequest;
        for body in [&b"[]"[..], br#"[null, ["h2e2"]]"#] {
            let ApiError::MalformedJson { detail } =
                parse_json::<LegalMovesRequest>(body).unwrap_err()
            else {
                panic!()
            };
            let detail = detail.to_string();
            assert!(detail.contains("expected an object"), "{detail}");
        }
        assert!(parse_json::<AdjudicateRequest>(br#"[null, ["h2e2"]]"#).is_err());
    }

    #[test]
    fn suggestions_are_slips_only() {
        let known: Vec<String> = ["fen", "moves", "notation", "ruleset", "no_capture_limit"]
            .map(str::to_owned)
            .to_vec();
        for (sent, expected) in [
            ("FEN", Some("fen")),
            ("move", Some("moves")),
            ("notaion", Some("notation")),
            ("rule_set", Some("ruleset")),
            ("nocapturelimit", Some("no_capture_limit")),
            ("client", None),
            ("x", None),
        ] {
            assert_eq!(suggest(sent, &known), expected, "{sent}");
        }
    }
}
