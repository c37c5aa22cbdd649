//! A GET route's query string (or a record upload's), read as its parameters: percent-encoded,
//! `+` for a space, `None` when the URL has none. Every route that takes one refuses a
//! parameter it does not know, and one given twice, with the same 400 `invalid-parameter`.

use super::error::{ApiError, ECHO_CHARS, elide};
use super::wording::{self, Wording};

/// The parameters of `query`, in order, each as the name it has among `known` and its value;
/// an unknown or repeated one is an error in its place, so that a query's first problem is
/// the one answered.
pub fn parameters<'k>(
    query: Option<&str>,
    known: &'k [&'k str],
) -> impl Iterator<Item = Result<(&'k str, String), ApiError>> {
    let mut seen: Vec<&str> = Vec::new();
    form_urlencoded::parse(query.unwrap_or("").as_bytes()).map(move |(name, value)| {
        let Some(&name) = known.iter().find(|k| **k == name) else {
            return Err(invalid(&name, wording::unknown_parameter(known)));
        };
        if seen.contains(&name) {
            return Err(invalid(name, wording::given_twice()));
        }
        seen.push(name);
        Ok((name, value.into_owned()))
    })
}

/// Parameter `name` cannot have its value, for the reason `message` gives.
pub fn invalid(name: &str, message: Wording) -> ApiError {
    ApiError::InvalidParameter {
        parameter: elide(name, ECHO_CHARS),
        message,
    }
}
