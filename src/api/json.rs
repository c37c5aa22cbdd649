//! Reading request bodies: JSON text to a request type, with every rejection a 400
//! `malformed-json` whose detail is worded for people. Details name the field and say what was
//! expected in JSON's terms ("an array", "an object"), never Rust's (`struct
//! AdjudicateRequest`), and never echo a client's value whole.
//!
//! One parser: a body sent alone ([`parse_json`]) and a game inside a batch ([`parse_game`])
//! are read by the same code, so they get the same answers.

use serde::de::DeserializeOwned;

use super::error::{ApiError, ECHO_CHARS, elide};
use super::request::AdjudicateRequest;

/// Parses a whole request body as `T`, with details worded for people.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| malformed(&e, true))?;
    de.end().map_err(|e| ApiError::MalformedJson {
        detail: describe_syntax(&e, true),
    })?;
    Ok(value)
}

/// Parses one game of a batch, exactly as if it had been sent alone, except that the
/// details carry no line and column (they would count from the game, not the body).
pub fn parse_game(raw: &str) -> Result<AdjudicateRequest, ApiError> {
    parse_part(raw)
}

/// Parses a part of a larger text (a game of a batch, a value of a JSON Lines stream) as `T`,
/// like [`parse_json`] but with no line and column in the details.
pub fn parse_part<T: DeserializeOwned>(raw: &str) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_str(raw);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| malformed(&e, false))?;
    de.end().map_err(|e| ApiError::MalformedJson {
        detail: describe_syntax(&e, false),
    })?;
    Ok(value)
}

fn malformed(e: &serde_path_to_error::Error<serde_json::Error>, position: bool) -> ApiError {
    let inner = e.inner();
    let detail = if inner.is_data() {
        let path = e.path().to_string();
        let what = humanize(&message_of(inner));
        let at = if position {
            format!(" (line {}, column {})", inner.line(), inner.column())
        } else {
            String::new()
        };
        if path == "." {
            format!("the body: {what}{at}")
        } else {
            format!("{path}: {what}{at}")
        }
    } else {
        describe_syntax(inner, position)
    };
    ApiError::MalformedJson { detail }
}

fn describe_syntax(e: &serde_json::Error, position: bool) -> String {
    let what = elide(&message_of(e), 200);
    if position && e.line() > 0 {
        format!(
            "the body is not valid JSON: {what} (line {}, column {})",
            e.line(),
            e.column()
        )
    } else {
        format!("not valid JSON: {what}")
    }
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
fn humanize(message: &str) -> String {
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        return format!("the field \"{}\" is required", elide(field, ECHO_CHARS));
    }
    if let Some(field) = message
        .strip_prefix("duplicate field `")
        .and_then(|m| m.strip_suffix('`'))
    {
        return format!(
            "the field \"{}\" appears more than once",
            elide(field, ECHO_CHARS)
        );
    }
    // "invalid type: string \"...\", expected a sequence": keep the shape, cut the value.
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
    let got = got
        .replace("invalid type: map", "invalid type: object")
        .replace("invalid type: sequence", "invalid type: array")
        .replace("invalid type: unit value", "invalid type: null");
    match expected {
        None => elide(&got, 200),
        Some(expected) => {
            let expected = match expected {
                "a sequence" => "an array",
                "a map" => "an object",
                e if e.starts_with("struct ") => "an object",
                e => e,
            };
            format!("{got}, expected {}", elide(expected, 80))
        }
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
        assert!(!detail.contains("struct"), "{detail}");
        assert!(detail.contains("expected an object"), "{detail}");

        let long = format!(r#"{{"moves": "{}"}}"#, "\\\"".repeat(100_000));
        let ApiError::MalformedJson { detail } =
            parse_json::<AdjudicateRequest>(long.as_bytes()).unwrap_err()
        else {
            panic!()
        };
        assert!(detail.len() < 300, "{detail}");
        assert!(detail.contains("more characters)"), "{detail}");
        assert!(detail.contains("expected an array"), "{detail}");
    }
}
