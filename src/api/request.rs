//! What clients ask: the request bodies of the v1 API, and every check made on them before
//! any chess (sizes, names, ranges), in one place.
//!
//! Field names are fixed by the v1 contract (issue 4): fields may be added, never renamed.
//! The types themselves ignore unknown fields (no `deny_unknown_fields`): strictness is the
//! parser's ([`super::json`]), which answers an unknown field with 422 `unknown-field` unless
//! the request says `"strict": false`, so that a client that needs leniency (a newer client
//! against an older server) can ask for it.
//!
//! `notation`, `ruleset` and `no_capture_limit` are deliberately loose types (`String`,
//! `i64`) so that a wrong *value* reaches the handler and gets a precise 422
//! (`unknown-notation`, `unknown-ruleset`, `invalid-request`) instead of a generic 400. The
//! accessors [`AdjudicateRequest::notation`], [`AdjudicateRequest::ruleset`] and
//! [`AdjudicateRequest::no_capture_limit`] turn them into typed values, or into that 422.

use serde::{Deserialize, Serialize};

use super::error::ApiError;
use crate::adjudication::RuleSet;
use crate::xiangqi::notation::Notation;

/// Longest accepted FEN string, in characters (a full board is about 90).
pub const MAX_FEN_CHARS: usize = 128;
/// Longest accepted move string, in characters (the longest notation needs about 12).
pub const MAX_MOVE_CHARS: usize = 32;
/// Longest accepted `notation` or `ruleset` name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Accepted range of `no_capture_limit`, in plies.
pub const NO_CAPTURE_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=10_000;

/// Default limit on the number of moves in one game.
pub const DEFAULT_MAX_MOVES: usize = 1024;
/// Default limit on the number of games in one batch.
pub const DEFAULT_MAX_BATCH: usize = 256;

/// Content limits a request is checked against before any chess work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest number of moves in one game.
    pub max_moves: usize,
    /// Largest number of games in one batch.
    pub max_batch: usize,
}

impl Limits {
    /// The defaults: [`DEFAULT_MAX_MOVES`] and [`DEFAULT_MAX_BATCH`].
    pub const DEFAULT: Limits = Limits::new(DEFAULT_MAX_MOVES, DEFAULT_MAX_BATCH);

    /// Limits of `max_moves` moves per game and `max_batch` games per batch.
    pub const fn new(max_moves: usize, max_batch: usize) -> Limits {
        Limits {
            max_moves,
            max_batch,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/// `POST /v1/adjudicate`: one game to rule on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjudicateRequest {
    /// Starting position; `None` means the standard start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played from `fen`, in `notation`. Ply 1 is `moves[0]`.
    pub moves: Vec<String>,
    /// A name of [`Notation::ALL`]; `None` means ICCS.
    #[serde(default)]
    pub notation: Option<String>,
    /// Rule set id; `None` means the default rule set.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// Plies without a capture after which a draw may be claimed; `None` means 100.
    #[serde(default, deserialize_with = "integral")]
    pub no_capture_limit: Option<i64>,
    /// `true`: also rule under every rule book, side by side (`comparison` in the answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<bool>,
}

/// `POST /v1/adjudicate/batch`: many games ruled on independently.
///
/// Games stay raw JSON text here, only checked to be JSON, so that one malformed game
/// becomes an inline problem in its result slot instead of failing the whole batch, and
/// each game is then read by the same parser as a game sent alone
/// ([`parse_game`](super::json::parse_game)): a duplicate key, a deep or odd unknown
/// field get the same answer in both.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchRequest {
    /// Each element should be an [`AdjudicateRequest`].
    pub games: Vec<Box<serde_json::value::RawValue>>,
}

/// `POST /v1/legal-moves`: the position after some moves and what may be played next.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LegalMovesRequest {
    /// Starting position; `None` means the standard start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves played from `fen`, in `notation`.
    #[serde(default)]
    pub moves: Vec<String>,
    /// A name of [`Notation::ALL`]; `None` means ICCS.
    #[serde(default)]
    pub notation: Option<String>,
}

/// Reads an optional integer that JSON may write as `100` or `100.0`: JSON
/// Schema's `integer` accepts both, so the API does too. Fractions are refused.
fn integral<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(d)? {
        None => Ok(None),
        Some(n) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                    .map(|f| f as i64)
            })
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {n}"))),
    }
}

impl AdjudicateRequest {
    /// Checks the content limits that do not need the rules (sizes and ranges).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        check_game_shape(
            self.fen.as_deref(),
            &self.moves,
            self.notation.as_deref(),
            limits,
        )?;
        check_name("ruleset", self.ruleset.as_deref())?;
        self.no_capture_limit()?;
        Ok(())
    }

    /// The notation the moves are written in.
    pub fn notation(&self) -> Result<Notation, ApiError> {
        notation(self.notation.as_deref())
    }

    /// The rule set asked for (the default when none is named).
    pub fn ruleset(&self) -> Result<RuleSet, ApiError> {
        match self.ruleset.as_deref() {
            None => Ok(RuleSet::default()),
            Some(id) => RuleSet::from_id(id).ok_or_else(|| ApiError::UnknownRuleset {
                ruleset: id.to_owned(),
            }),
        }
    }

    /// The no-capture limit asked for, in plies, if any: the one check of its range.
    pub fn no_capture_limit(&self) -> Result<Option<u32>, ApiError> {
        let Some(n) = self.no_capture_limit else {
            return Ok(None);
        };
        match u32::try_from(n) {
            Ok(plies) if NO_CAPTURE_LIMIT_RANGE.contains(&n) => Ok(Some(plies)),
            _ => Err(ApiError::InvalidRequest {
                field: "no_capture_limit".to_owned(),
                message: format!(
                    "no_capture_limit must be between {} and {} plies, got {n}",
                    NO_CAPTURE_LIMIT_RANGE.start(),
                    NO_CAPTURE_LIMIT_RANGE.end()
                ),
            }),
        }
    }
}

impl BatchRequest {
    /// Checks the number of games (each game is checked when it is ruled on).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        if self.games.len() > limits.max_batch {
            return Err(ApiError::TooManyGames {
                count: self.games.len(),
                limit: limits.max_batch,
            });
        }
        Ok(())
    }
}

impl LegalMovesRequest {
    /// Checks the content limits that do not need the rules (sizes).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        check_game_shape(
            self.fen.as_deref(),
            &self.moves,
            self.notation.as_deref(),
            limits,
        )
    }

    /// The notation the moves are written in.
    pub fn notation(&self) -> Result<Notation, ApiError> {
        notation(self.notation.as_deref())
    }
}

/// The notation named (ICCS when none is), or `unknown-notation`.
fn notation(name: Option<&str>) -> Result<Notation, ApiError> {
    match name {
        None => Ok(Notation::Iccs),
        Some(n) => n.parse().map_err(|_| ApiError::UnknownNotation {
            notation: n.to_owned(),
        }),
    }
}

fn check_game_shape(
    fen: Option<&str>,
    moves: &[String],
    notation: Option<&str>,
    limits: &Limits,
) -> Result<(), ApiError> {
    if moves.len() > limits.max_moves {
        return Err(ApiError::TooManyMoves {
            count: moves.len(),
            limit: limits.max_moves,
        });
    }
    if let Some(fen) = fen {
        if fen.chars().count() > MAX_FEN_CHARS {
            return Err(ApiError::InvalidRequest {
                field: "fen".to_owned(),
                message: format!("fen is longer than {MAX_FEN_CHARS} characters"),
            });
        }
    }
    check_name("notation", notation)?;
    for (i, mv) in moves.iter().enumerate() {
        // No more bytes than the limit means no more characters either.
        if mv.len() > MAX_MOVE_CHARS && mv.chars().count() > MAX_MOVE_CHARS {
            return Err(ApiError::InvalidRequest {
                field: format!("moves[{i}]"),
                message: format!("ply {} is longer than {MAX_MOVE_CHARS} characters", i + 1),
            });
        }
    }
    Ok(())
}

fn check_name(field: &str, value: Option<&str>) -> Result<(), ApiError> {
    match value {
        Some(v) if v.chars().count() > MAX_NAME_CHARS => Err(ApiError::InvalidRequest {
            field: field.to_owned(),
            message: format!("{field} is longer than {MAX_NAME_CHARS} characters"),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits::new(3, 2);

    fn req(moves: &[&str]) -> AdjudicateRequest {
        AdjudicateRequest {
            fen: None,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            notation: None,
            ruleset: None,
            no_capture_limit: None,
            compare: None,
        }
    }

    #[test]
    fn integral_floats_are_integers() {
        let r: AdjudicateRequest =
            serde_json::from_str(r#"{"moves": [], "no_capture_limit": 120.0}"#).unwrap();
        assert_eq!(r.no_capture_limit, Some(120));
        assert!(
            serde_json::from_str::<AdjudicateRequest>(r#"{"moves": [], "no_capture_limit": 1.5}"#)
                .is_err()
        );
        let big = serde_json::from_str::<AdjudicateRequest>(
            r#"{"moves": [], "no_capture_limit": 1e300}"#,
        );
        assert!(big.is_err());
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let r: AdjudicateRequest =
            serde_json::from_str(r#"{"moves": ["h2e2"], "client": "x", "fen": null}"#).unwrap();
        assert_eq!(r, req(&["h2e2"]));
    }

    #[test]
    fn limits_are_checked_before_the_rules() {
        assert!(req(&["a", "b", "c"]).check_limits(&LIMITS).is_ok());
        assert!(matches!(
            req(&["a", "b", "c", "d"]).check_limits(&LIMITS),
            Err(ApiError::TooManyMoves { count: 4, limit: 3 })
        ));
        let long = "x".repeat(MAX_MOVE_CHARS + 1);
        assert!(matches!(
            req(&[&long]).check_limits(&LIMITS),
            Err(ApiError::InvalidRequest { field, .. }) if field == "moves[0]"
        ));
        let mut r = req(&[]);
        r.no_capture_limit = Some(0);
        assert!(matches!(
            r.check_limits(&LIMITS),
            Err(ApiError::InvalidRequest { field, .. }) if field == "no_capture_limit"
        ));
    }
}
