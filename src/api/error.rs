//! Every error the API can answer, and its RFC 9457 problem form ([`Problem`]), without any
//! HTTP machinery: the status is a number, and `src/http/error.rs` turns an [`ApiError`] into
//! an `application/problem+json` response.
//!
//! Each kind has a stable `type` URI under [`PROBLEM_BASE`] and a fixed `title`; the `detail`
//! is for humans, the extension members (`ply`, `move`, `fen`, ...) are for programs.
//! Clients should switch on `type`, never on `detail`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::xiangqi::notation::Notation;
use crate::xiangqi::{Color, FenError, ParseFenError, Role, SetupProblem, Square};

/// Base of every problem `type`: `{PROBLEM_BASE}{slug}`.
pub const PROBLEM_BASE: &str = "https://xiangqi-arbiter.dev/problems/";

/// Notations a request may name: the names of [`Notation::ALL`].
pub const NOTATIONS: [&str; Notation::ALL.len()] = {
    let mut names = [""; Notation::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Notation::ALL[i].name();
        i += 1;
    }
    names
};

/// One defect of a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenProblem {
    /// Stable snake_case code, e.g. `two_kings_facing`.
    pub kind: String,
    /// Human explanation.
    pub message: String,
}

/// An error answered to the client. The 422 variants are built by the [`Arbiter`] or by the
/// request limit checks; the others by the HTTP layer itself.
///
/// [`Arbiter`]: super::arbiter::Arbiter
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// 400: the body is not JSON, or not the expected shape (wrong types, missing fields).
    #[error("malformed request body: {detail}")]
    MalformedJson {
        /// What the JSON parser said.
        detail: String,
    },
    /// 415: the request is not `Content-Type: application/json`.
    #[error("expected Content-Type: application/json")]
    UnsupportedMediaType,
    /// 413: the body exceeds the configured limit.
    #[error("request body larger than {limit} bytes")]
    PayloadTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// 404: no such route.
    #[error("no route for {path}")]
    NotFound {
        /// The requested path.
        path: String,
    },
    /// 405: the route exists but not with this method.
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed {
        /// The request method.
        method: String,
        /// The requested path.
        path: String,
    },
    /// 503: the request did not finish within the configured time.
    #[error("request not completed within {timeout_ms} ms")]
    Timeout {
        /// The limit in milliseconds.
        timeout_ms: u64,
    },
    /// 503: the server is shutting down and takes no new work (readiness probe).
    #[error("server is shutting down")]
    NotReady,
    /// 408: the client did not send its whole body within the request time budget.
    #[error("the request body was not received within {timeout_ms} ms")]
    RequestTimeout {
        /// The limit in milliseconds.
        timeout_ms: u64,
    },
    /// 503: every ruling worker is busy and the queue in front of them is full; retry after
    /// `retry_after_s` seconds (also sent as `Retry-After`).
    #[error("the server is busy with other rulings; retry in {retry_after_s} s")]
    Overloaded {
        /// Seconds to wait before retrying.
        retry_after_s: u64,
    },
    /// 415: the body is sent with a `Content-Encoding` this server does not decode.
    #[error("request bodies must not be encoded (Content-Encoding {encoding:?}); send plain JSON")]
    UnsupportedEncoding {
        /// The `Content-Encoding` as sent (cut short when long).
        encoding: String,
    },
    /// The work was abandoned because its client went away or its time ran out. Never
    /// answered on purpose: whoever would read the answer is gone. Answered like
    /// [`ApiError::Overloaded`] should it ever reach a client.
    #[error("the ruling was abandoned")]
    Cancelled,
    /// 422: the FEN is not a valid position; every problem found is listed.
    #[error("invalid FEN: {} problem(s)", problems.len())]
    InvalidFen {
        /// The FEN as sent.
        fen: String,
        /// Every defect found.
        problems: Vec<FenProblem>,
    },
    /// 422: `notation` is not one of [`NOTATIONS`].
    #[error("unknown notation {notation:?}")]
    UnknownNotation {
        /// The notation as sent.
        notation: String,
    },
    /// 422: `ruleset` is not known to this server.
    #[error("unknown rule set {ruleset:?}")]
    UnknownRuleset {
        /// The rule set as sent.
        ruleset: String,
    },
    /// 422: a move string cannot be read in the request's notation.
    #[error("ply {ply} (move {move_number}, {side}): cannot parse move {mv:?}: {reason}")]
    UnparsableMove {
        /// Ply number, 1 = `moves[0]`.
        ply: usize,
        /// The move number on the score sheet (the FEN's full-move number for the first).
        move_number: u32,
        /// Who played it.
        side: Color,
        /// The move as sent.
        mv: String,
        /// Why it cannot be read.
        reason: String,
        /// Stable snake_case code: `syntax`, `unknown_piece`, `no_such_piece`,
        /// `ambiguous` or `impossible`.
        kind: String,
    },
    /// 422: a move is not legal in the position where it was played.
    #[error("ply {ply} (move {move_number}, {side}): illegal move {mv:?}: {message}")]
    IllegalMove {
        /// Ply number, 1 = `moves[0]`.
        ply: usize,
        /// The move number on the score sheet (the FEN's full-move number for the first).
        move_number: u32,
        /// Who played it.
        side: Color,
        /// The move as sent.
        mv: String,
        /// FEN of the position before the move: the position the arbiter restores.
        fen: String,
        /// Stable snake_case code, e.g. `leaves_king_in_check`.
        reason: String,
        /// Human explanation.
        message: String,
    },
    /// 422: more moves than the configured limit.
    #[error("{count} moves, limit {limit}")]
    TooManyMoves {
        /// Moves sent.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// 422: more games in a batch than the configured limit.
    #[error("{count} games, limit {limit}")]
    TooManyGames {
        /// Games sent.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// 422: the request has a field its type does not know, and does not say
    /// `"strict": false`.
    #[error("unknown field {field:?}")]
    UnknownField {
        /// The first unknown field, as sent (cut short when long).
        field: String,
        /// The known field it is most likely a slip for, if any.
        suggestion: Option<String>,
        /// How many more unknown fields the object has.
        others: usize,
        /// Every field the object may have.
        known: Vec<String>,
    },
    /// 422: the `game` record cannot be read (its syntax, a `[Format]` we do not know, or no
    /// single notation that reads its moves).
    #[error("line {line}, column {column} of the game record: {message}")]
    InvalidRecord {
        /// Where in the record (1-based; 0 when about the whole record).
        line: u32,
        /// Column in characters (1-based; 0 when about the whole record).
        column: u32,
        /// What is wrong, in words.
        message: String,
    },
    /// A problem with one move of a `game` record: the move's own problem (`illegal-move`,
    /// `unparsable-move`), which also says where the move stands in the record.
    #[error("line {line}, column {column} of the game record: {error}")]
    InRecord {
        /// The move's line in the record (1-based).
        line: u32,
        /// The move's column in characters (1-based).
        column: u32,
        /// The move's problem.
        error: Box<ApiError>,
    },
    /// 422: a field has a value outside its allowed range or size.
    #[error("{field}: {message}")]
    InvalidRequest {
        /// The offending field, e.g. `no_capture_limit` or `moves[3]`.
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// 400: a query parameter of a GET request has a value it cannot have, is not a parameter
    /// of the route, or is given twice.
    #[error("query parameter {parameter}: {message}")]
    InvalidParameter {
        /// The parameter, as sent (cut short when long).
        parameter: String,
        /// What is wrong with it.
        message: String,
    },
    /// 500: a bug (a caught panic). Never caused by client input.
    #[error("internal error")]
    Internal,
    /// Any other HTTP error produced by middleware, described by its status alone.
    #[error("HTTP {status} {}", reason.unwrap_or("<unknown status code>"))]
    Status {
        /// The status code.
        status: u16,
        /// Its standard reason phrase, if it has one.
        reason: Option<&'static str>,
    },
}

/// An RFC 9457 problem object, as sent on the wire (also inline in batch results).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    /// Stable identifier of the kind of problem.
    #[serde(rename = "type")]
    pub kind: String,
    /// Short summary of the kind (the same for every occurrence).
    pub title: String,
    /// HTTP status code.
    pub status: u16,
    /// Explanation of this occurrence.
    pub detail: String,
    /// Typed extension members.
    #[serde(flatten)]
    pub extensions: Map<String, Value>,
}

impl ApiError {
    /// The HTTP status code of this error.
    pub fn status(&self) -> u16 {
        match self {
            ApiError::MalformedJson { .. } | ApiError::InvalidParameter { .. } => 400,
            ApiError::UnsupportedMediaType => 415,
            ApiError::PayloadTooLarge { .. } => 413,
            ApiError::NotFound { .. } => 404,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::Timeout { .. }
            | ApiError::NotReady
            | ApiError::Overloaded { .. }
            | ApiError::Cancelled => 503,
            ApiError::RequestTimeout { .. } => 408,
            ApiError::UnsupportedEncoding { .. } => 415,
            ApiError::InvalidFen { .. }
            | ApiError::UnknownNotation { .. }
            | ApiError::UnknownRuleset { .. }
            | ApiError::UnparsableMove { .. }
            | ApiError::IllegalMove { .. }
            | ApiError::TooManyMoves { .. }
            | ApiError::TooManyGames { .. }
            | ApiError::UnknownField { .. }
            | ApiError::InvalidRequest { .. }
            | ApiError::InvalidRecord { .. } => 422,
            ApiError::InRecord { error, .. } => error.status(),
            ApiError::Internal => 500,
            ApiError::Status { status, .. } => *status,
        }
    }

    /// The last segment of the problem `type` (`None` for the generic `about:blank`).
    pub fn slug(&self) -> Option<&'static str> {
        Some(match self {
            ApiError::MalformedJson { .. } => "malformed-json",
            ApiError::UnsupportedMediaType => "unsupported-media-type",
            ApiError::PayloadTooLarge { .. } => "payload-too-large",
            ApiError::NotFound { .. } => "not-found",
            ApiError::MethodNotAllowed { .. } => "method-not-allowed",
            ApiError::Timeout { .. } => "timeout",
            ApiError::NotReady => "not-ready",
            ApiError::RequestTimeout { .. } => "request-timeout",
            ApiError::Overloaded { .. } | ApiError::Cancelled => "overloaded",
            ApiError::UnsupportedEncoding { .. } => "unsupported-encoding",
            ApiError::InvalidFen { .. } => "invalid-fen",
            ApiError::UnknownNotation { .. } => "unknown-notation",
            ApiError::UnknownRuleset { .. } => "unknown-ruleset",
            ApiError::UnparsableMove { .. } => "unparsable-move",
            ApiError::IllegalMove { .. } => "illegal-move",
            ApiError::TooManyMoves { .. } => "too-many-moves",
            ApiError::TooManyGames { .. } => "too-many-games",
            ApiError::UnknownField { .. } => "unknown-field",
            ApiError::InvalidRequest { .. } => "invalid-request",
            ApiError::InvalidRecord { .. } => "invalid-record",
            ApiError::InvalidParameter { .. } => "invalid-parameter",
            ApiError::InRecord { error, .. } => return error.slug(),
            ApiError::Internal => "internal",
            ApiError::Status { .. } => return None,
        })
    }

    /// The problem `type` URI.
    pub fn type_uri(&self) -> String {
        match self.slug() {
            Some(slug) => format!("{PROBLEM_BASE}{slug}"),
            None => "about:blank".to_owned(),
        }
    }

    /// The fixed title of this kind.
    pub fn title(&self) -> &'static str {
        match self {
            ApiError::MalformedJson { .. } => "Malformed request body",
            ApiError::UnsupportedMediaType => "Unsupported media type",
            ApiError::PayloadTooLarge { .. } => "Request body too large",
            ApiError::NotFound { .. } => "Not found",
            ApiError::MethodNotAllowed { .. } => "Method not allowed",
            ApiError::Timeout { .. } => "Request timed out",
            ApiError::NotReady => "Not ready",
            ApiError::RequestTimeout { .. } => "Request timeout",
            ApiError::Overloaded { .. } | ApiError::Cancelled => "Service overloaded",
            ApiError::UnsupportedEncoding { .. } => "Unsupported content encoding",
            ApiError::InvalidFen { .. } => "Invalid FEN",
            ApiError::UnknownNotation { .. } => "Unknown notation",
            ApiError::UnknownRuleset { .. } => "Unknown rule set",
            ApiError::UnparsableMove { .. } => "Unparsable move",
            ApiError::IllegalMove { .. } => "Illegal move",
            ApiError::TooManyMoves { .. } => "Too many moves",
            ApiError::TooManyGames { .. } => "Too many games",
            ApiError::UnknownField { .. } => "Unknown field",
            ApiError::InvalidRequest { .. } => "Invalid request",
            ApiError::InvalidRecord { .. } => "Invalid game record",
            ApiError::InvalidParameter { .. } => "Invalid query parameter",
            ApiError::InRecord { error, .. } => error.title(),
            ApiError::Internal => "Internal server error",
            ApiError::Status { reason, .. } => reason.unwrap_or("Error"),
        }
    }

    /// The typed extension members.
    fn extensions(&self) -> Map<String, Value> {
        let v = match self {
            ApiError::PayloadTooLarge { limit } => json!({ "limit": limit }),
            ApiError::MethodNotAllowed { method, .. } => json!({ "method": method }),
            ApiError::Timeout { timeout_ms } | ApiError::RequestTimeout { timeout_ms } => {
                json!({ "timeout_ms": timeout_ms })
            }
            ApiError::Overloaded { retry_after_s } => json!({ "retry_after_s": retry_after_s }),
            ApiError::Cancelled => json!({ "retry_after_s": RETRY_AFTER_S }),
            ApiError::UnsupportedEncoding { encoding } => json!({
                "encoding": encoding,
                "supported": ["identity"],
            }),
            ApiError::InvalidFen { fen, problems } => json!({ "fen": fen, "problems": problems }),
            ApiError::UnknownNotation { notation } => {
                json!({ "notation": notation, "supported": NOTATIONS })
            }
            ApiError::UnknownRuleset { ruleset } => json!({ "ruleset": ruleset }),
            ApiError::UnparsableMove {
                ply,
                move_number,
                side,
                mv,
                reason,
                kind,
            } => {
                let (_, message) = unparsable_parts(mv, reason);
                json!({
                    "ply": ply, "move_number": move_number, "side": side.name(),
                    "move": mv, "reason": reason, "kind": kind,
                    "code": kind, "message": message,
                })
            }
            ApiError::IllegalMove {
                ply,
                move_number,
                side,
                mv,
                fen,
                reason,
                message,
            } => json!({
                "ply": ply, "move_number": move_number, "side": side.name(),
                "move": mv, "fen": fen, "reason": reason,
                "code": reason, "message": message,
            }),
            ApiError::TooManyMoves { count, limit } | ApiError::TooManyGames { count, limit } => {
                json!({ "count": count, "limit": limit })
            }
            ApiError::UnknownField {
                field,
                suggestion,
                known,
                ..
            } => json!({ "field": field, "suggestion": suggestion, "known": known }),
            ApiError::InvalidRequest { field, .. } => json!({ "field": field }),
            ApiError::InvalidParameter { parameter, .. } => json!({ "parameter": parameter }),
            ApiError::InvalidRecord { line, column, .. } => {
                json!({ "line": line, "column": column })
            }
            ApiError::InRecord {
                line,
                column,
                error,
            } => {
                let mut map = error.extensions();
                map.insert("line".to_owned(), json!(line));
                map.insert("column".to_owned(), json!(column));
                return map;
            }
            _ => return Map::new(),
        };
        match v {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    /// The wire form of this error.
    pub fn to_problem(&self) -> Problem {
        let detail = match self {
            // The human message is the detail; the stable code travels in `reason`.
            ApiError::IllegalMove {
                ply,
                move_number,
                side,
                mv,
                message,
                ..
            } => {
                format!("ply {ply} (move {move_number}, {side}): illegal move {mv:?}: {message}")
            }
            ApiError::InvalidRequest { message, .. } => message.clone(),
            // The title already says the body is malformed.
            ApiError::MalformedJson { detail } => detail.clone(),
            // The move is quoted once: the notation's own message quotes it too.
            ApiError::UnparsableMove {
                ply,
                move_number,
                side,
                mv,
                reason,
                ..
            } => {
                let (notation, message) = unparsable_parts(mv, reason);
                let notation = notation.map(|n| format!(" as {n}")).unwrap_or_default();
                format!(
                    "ply {ply} (move {move_number}, {side}): cannot read move {mv:?}{notation}: \
                     {message}"
                )
            }
            ApiError::UnknownField {
                field,
                suggestion,
                others,
                known,
            } => {
                let hint = match suggestion {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("the known fields are `{}`.", known.join("`, `")),
                };
                let more = match others {
                    0 => String::new(),
                    1 => " (and 1 more unknown field)".to_owned(),
                    n => format!(" (and {n} more unknown fields)"),
                };
                format!(
                    "unknown field `{field}`{more}: {hint} Send \"strict\": false to ignore unknown fields."
                )
            }
            ApiError::InvalidRecord {
                line: 0, message, ..
            } => message.clone(),
            ApiError::InvalidRecord { .. } => self.to_string(),
            ApiError::InRecord {
                line,
                column,
                error,
            } => format!(
                "line {line}, column {column} of the game record: {}",
                error.to_problem().detail
            ),
            ApiError::InvalidFen { problems, .. } => {
                let all: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
                format!("invalid FEN: {}", all.join("; "))
            }
            other => other.to_string(),
        };
        Problem {
            kind: self.type_uri(),
            title: self.title().to_owned(),
            status: self.status(),
            detail,
            extensions: self.extensions(),
        }
    }
}

/// The notation's label and the message of an unparsable move's `reason`, which the
/// notation writes as `ICCS move "z9z8": expected ...`: the message alone never quotes the
/// move again.
fn unparsable_parts<'r>(mv: &str, reason: &'r str) -> (Option<&'r str>, &'r str) {
    let quoted = format!(" move {:?}: ", mv.trim());
    match reason.split_once(&quoted) {
        Some((label, message)) => (Some(label), message),
        None => (None, reason),
    }
}

// ---------------------------------------------------------------------------------------------
// FEN problems, worded for people
// ---------------------------------------------------------------------------------------------

/// Every defect of `fen` as the [`FenProblem`]s of an `invalid-fen` problem. Ranks are named
/// as the FEN writes them, by their group counted from the left ("the 4th group"), and pieces
/// as a player would ("three red rooks").
pub fn fen_problems(fen: &str, e: &FenError) -> Vec<FenProblem> {
    match e {
        FenError::Parse(p) => vec![FenProblem {
            kind: p.kind().to_owned(),
            message: parse_message(fen, p),
        }],
        FenError::Setup(s) => s
            .problems
            .iter()
            .map(|p| FenProblem {
                kind: p.kind().to_owned(),
                message: setup_message(p),
            })
            .collect(),
    }
}

/// "1st", "2nd", "3rd", "4th", ... "10th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The FEN group of an ICCS rank: rank 9 (Black's back rank) is written first.
fn group_of_rank(rank: u8) -> usize {
    10 - usize::from(rank)
}

/// "the 4th group" and, when the FEN has it, the group's own text.
fn group(fen: &str, n: usize) -> String {
    let text = fen
        .split_whitespace()
        .next()
        .and_then(|board| board.split('/').nth(n - 1));
    match text {
        Some(t) if !t.is_empty() => format!("the {} group, {:?},", ordinal(n), elide(t, 16)),
        _ => format!("the {} group", ordinal(n)),
    }
}

fn parse_message(fen: &str, e: &ParseFenError) -> String {
    match e {
        ParseFenError::Empty => "the FEN is empty".to_owned(),
        ParseFenError::WrongRankCount { found } => format!(
            "the board has {found} groups separated by '/', expected 10: one per rank, \
             Black's back rank first"
        ),
        ParseFenError::InvalidChar { rank, ch, .. } => format!(
            "the {} group has {ch:?}, which is neither a piece letter (K A B N R C P, lower \
             case for Black) nor a number of empty points (1 to 9)",
            ordinal(group_of_rank(*rank))
        ),
        ParseFenError::RankTooLong { rank } => format!(
            "{} covers more than 9 points",
            group(fen, group_of_rank(*rank))
        ),
        ParseFenError::RankTooShort { rank, files } => format!(
            "{} covers {files} points, expected 9",
            group(fen, group_of_rank(*rank))
        ),
        ParseFenError::MissingTurn => {
            "the side to move is missing: write 'w' (Red) or 'b' (Black) after the board".to_owned()
        }
        ParseFenError::InvalidTurn { found } => format!(
            "the side to move {:?} is neither 'w' (Red) nor 'b' (Black)",
            elide(found, ECHO_CHARS)
        ),
        other => other.to_string(),
    }
}

fn setup_message(p: &SetupProblem) -> String {
    // "the red advisor on d1 (the 9th group)".
    let piece = |color: &Color, role: &str, square: &Square| {
        format!(
            "the {color} {role} on {square} (the {} group)",
            ordinal(group_of_rank(square.rank()))
        )
    };
    match p {
        SetupProblem::MissingKing { color } => format!("{} has no king", side(*color)),
        SetupProblem::TooManyPieces { color, role, count } => {
            let max = role.max_count();
            format!(
                "{} {color} {}: at most {} {} allowed",
                number(*count),
                plural(*role, *count),
                number(max),
                if max == 1 { "is" } else { "are" }
            )
        }
        SetupProblem::KingOutsidePalace { color, square } => {
            format!("{} is outside its palace", piece(color, "king", square))
        }
        SetupProblem::AdvisorOffPoint { color, square } => {
            format!(
                "{} is off the palace diagonals",
                piece(color, "advisor", square)
            )
        }
        SetupProblem::ElephantOffPoint { color, square } => format!(
            "{} is on a point elephants cannot reach",
            piece(color, "elephant", square)
        ),
        SetupProblem::PawnBehindStart { color, square } => {
            format!(
                "{} is behind its starting rank",
                piece(color, "pawn", square)
            )
        }
        SetupProblem::PawnOffStartingFile { color, square } => format!(
            "{} has not crossed the river but is off the starting files",
            piece(color, "pawn", square)
        ),
        SetupProblem::KingsFacing => "the kings face each other on an open file".to_owned(),
        SetupProblem::OpponentInCheck { color } => format!(
            "{} is in check but it is not {}'s turn",
            side(*color),
            side(*color)
        ),
    }
}

/// "Red" or "Black", as a side is named at the board.
fn side(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// A small count in words ("three"), a large one in digits.
fn number(n: u8) -> String {
    const WORDS: [&str; 21] = [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    match WORDS.get(usize::from(n)) {
        Some(w) => (*w).to_owned(),
        None => n.to_string(),
    }
}

/// "rook" or "rooks".
fn plural(role: Role, n: u8) -> String {
    if n == 1 {
        role.name().to_owned()
    } else {
        format!("{}s", role.name())
    }
}

/// Seconds a client is asked to wait (`Retry-After`) after a 503 that is not its fault.
pub const RETRY_AFTER_S: u64 = 1;

/// Characters of a client's value kept when a detail echoes it.
pub const ECHO_CHARS: usize = 40;

/// `s` itself if it has at most `keep` characters, else its first `keep` characters and a
/// count of the rest: `aaaa… (160000 more characters)`. Details never echo a client's
/// value whole: a 200 KB value must not come back as a 200 KB (or, escaped, 400 KB) answer.
pub fn elide(s: &str, keep: usize) -> String {
    match s.char_indices().nth(keep) {
        None => s.to_owned(),
        Some((cut, _)) => {
            let more = s[cut..].chars().count();
            format!("{}… ({more} more characters)", &s[..cut])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_move_carries_position_and_code() {
        let p = ApiError::IllegalMove {
            ply: 3,
            move_number: 2,
            side: Color::Red,
            mv: "h2h9".into(),
            fen: "fen-before".into(),
            reason: "blocked_path".into(),
            message: "the cannon cannot pass".into(),
        }
        .to_problem();
        assert_eq!(p.kind, format!("{PROBLEM_BASE}illegal-move"));
        assert_eq!(p.status, 422);
        assert_eq!(p.extensions["ply"], 3);
        assert_eq!(p.extensions["move_number"], 2);
        assert_eq!(p.extensions["side"], "red");
        assert_eq!(p.extensions["move"], "h2h9");
        assert_eq!(p.extensions["fen"], "fen-before");
        assert_eq!(p.extensions["reason"], "blocked_path");
        assert!(p.detail.contains("the cannon cannot pass"));
    }

    #[test]
    fn generic_status_uses_about_blank() {
        let p = ApiError::Status {
            status: 418,
            reason: Some("I'm a teapot"),
        }
        .to_problem();
        assert_eq!(p.kind, "about:blank");
        assert_eq!(p.title, "I'm a teapot");
    }

    #[test]
    fn notations_are_the_names_of_every_notation() {
        assert_eq!(NOTATIONS, ["iccs", "uci", "wxf", "vn", "chinese"]);
    }
}
