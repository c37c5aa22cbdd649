//! Every error the API can answer, and its RFC 9457 problem form ([`Problem`]), without any
//! HTTP machinery: the status is a number, and `src/http/error.rs` turns an [`ApiError`] into
//! an `application/problem+json` response.
//!
//! Each kind has a stable `type` URI under [`PROBLEM_BASE`] and a fixed `title`; the `detail`
//! is for humans, the extension members (`ply`, `move`, `fen`, ...) are for programs.
//! Clients should switch on `type`, never on `detail`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::wording::{self, Fixed, Wording};
pub use super::wording::{ECHO_CHARS, FEN_ECHO_CHARS, FenProblem, elide};
use crate::adjudication::Lang;
use crate::records::Unreadable;
use crate::records::decode::Chosen;
use crate::xiangqi::Color;
use crate::xiangqi::notation::Notation;

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

/// An error answered to the client. The 422 variants are built by the [`Arbiter`] or by the
/// request limit checks; the others by the HTTP layer itself.
///
/// [`Arbiter`]: super::arbiter::Arbiter
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// 400: the body is not JSON, or not the expected shape (wrong types, missing fields).
    #[error("malformed request body: {detail}")]
    MalformedJson {
        /// What is wrong and where, in the parser's terms made plain, in every language.
        detail: Wording,
    },
    /// 415: the request is not `Content-Type: application/json` (nor, where the route takes
    /// one, a game record's media type), or a record's body is JSON.
    #[error("expected Content-Type: application/json")]
    UnsupportedMediaType {
        /// What the route takes, in words: [`Fixed::UnsupportedMediaType`] (JSON),
        /// [`Fixed::UnsupportedMediaTypeOrRecord`] (JSON or a game record, `POST
        /// /v1/adjudicate`), or [`Fixed::JsonAsRecord`] (JSON sent as a record).
        why: Fixed,
    },
    /// 415: a game record sent as the body declares a `charset` that names no encoding.
    #[error("unknown charset {charset:?}")]
    UnsupportedCharset {
        /// The charset as sent (cut short when long).
        charset: String,
    },
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
        /// Why it cannot be read, in English, as the notation says it (the move quoted).
        reason: String,
        /// Stable snake_case code: `syntax`, `unknown_piece`, `no_such_piece`,
        /// `ambiguous` or `impossible`.
        kind: String,
        /// Why it cannot be read, without the move, in every language.
        message: Wording,
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
        /// The move in ICCS (`h2e2`), whatever notation it was sent in: the squares it joins.
        iccs: String,
        /// FEN of the position before the move: the position the arbiter restores.
        fen: String,
        /// Stable snake_case code, e.g. `leaves_king_in_check`.
        reason: String,
        /// Human explanation, in every language.
        message: Wording,
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
        message: Wording,
    },
    /// 422: a game record sent as the body is not text in its encoding (the one its
    /// byte-order mark or its `charset` names, else the one detected).
    #[error("the game record is not {encoding} text (byte {offset})")]
    UndecodableRecord {
        /// The encoding's name, as `record_encoding` gives it (`gbk`, `big5`, `utf-8`).
        encoding: String,
        /// How the encoding was chosen.
        chosen: Chosen,
        /// Where the first malformed bytes start (0-based, from the body's first byte).
        offset: usize,
        /// Their line in the text before them (1-based).
        line: u32,
        /// Their column, in characters (1-based).
        column: u32,
    },
    /// 422: the game record is a file in a format we recognise and do not read (CCBridge's
    /// CBR, CBL or CBF): export it as PGN.
    #[error("{} format {} is not supported; export the game as PGN", if format.is_binary() { "binary" } else { "XML" }, format.name())]
    UnsupportedRecordFormat {
        /// The format.
        format: Unreadable,
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
        message: Wording,
    },
    /// 400: a query parameter of a GET request has a value it cannot have, is not a parameter
    /// of the route, or is given twice.
    #[error("query parameter {parameter}: {message}")]
    InvalidParameter {
        /// The parameter, as sent (cut short when long).
        parameter: String,
        /// What is wrong with it.
        message: Wording,
    },
    /// 503: no engine is configured, so the computer cannot play (`POST /v1/engine/move`).
    #[error("no engine is configured")]
    EngineUnavailable,
    /// 503: every engine process is busy and the queue in front of them is full; retry after
    /// `retry_after_s` seconds (also sent as `Retry-After`).
    #[error("every engine is busy; retry in {retry_after_s} s")]
    EngineBusy {
        /// Seconds to wait before retrying.
        retry_after_s: u64,
    },
    /// 503: the engine failed (died, hung, answered nonsense or an illegal move); it has been
    /// restarted and no move was played.
    #[error("the engine failed ({reason})")]
    EngineFailed {
        /// Stable snake_case code: `start`, `died`, `timeout`, `illegal_move` or `garbage`.
        reason: &'static str,
    },
    /// 422: the side to move has no legal move, so there is no move to ask for.
    #[error("the game is over")]
    GameOver {
        /// The side that won.
        winner: Color,
        /// True for checkmate, false for a side with no move (stalemate, a loss in xiangqi).
        checkmate: bool,
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
            ApiError::UnsupportedMediaType { .. } | ApiError::UnsupportedCharset { .. } => 415,
            ApiError::PayloadTooLarge { .. } => 413,
            ApiError::NotFound { .. } => 404,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::Timeout { .. }
            | ApiError::NotReady
            | ApiError::Overloaded { .. }
            | ApiError::Cancelled
            | ApiError::EngineUnavailable
            | ApiError::EngineBusy { .. }
            | ApiError::EngineFailed { .. } => 503,
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
            | ApiError::InvalidRecord { .. }
            | ApiError::UndecodableRecord { .. }
            | ApiError::UnsupportedRecordFormat { .. }
            | ApiError::GameOver { .. } => 422,
            ApiError::InRecord { error, .. } => error.status(),
            ApiError::Internal => 500,
            ApiError::Status { status, .. } => *status,
        }
    }

    /// The last segment of the problem `type` (`None` for the generic `about:blank`).
    pub fn slug(&self) -> Option<&'static str> {
        Some(match self {
            ApiError::MalformedJson { .. } => "malformed-json",
            ApiError::UnsupportedMediaType { .. } => "unsupported-media-type",
            ApiError::UnsupportedCharset { .. } => "unsupported-charset",
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
            ApiError::InvalidRecord { .. } | ApiError::UndecodableRecord { .. } => "invalid-record",
            ApiError::InvalidParameter { .. } => "invalid-parameter",
            ApiError::UnsupportedRecordFormat { .. } => "unsupported-record-format",
            ApiError::InRecord { error, .. } => return error.slug(),
            ApiError::EngineUnavailable => "engine-unavailable",
            ApiError::EngineBusy { .. } => "engine-busy",
            ApiError::EngineFailed { .. } => "engine-failed",
            ApiError::GameOver { .. } => "game-over",
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
            ApiError::UnsupportedMediaType { .. } => "Unsupported media type",
            ApiError::UnsupportedCharset { .. } => "Unsupported charset",
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
            ApiError::InvalidRecord { .. } | ApiError::UndecodableRecord { .. } => {
                "Invalid game record"
            }
            ApiError::InvalidParameter { .. } => "Invalid query parameter",
            ApiError::UnsupportedRecordFormat { .. } => "Unsupported record format",
            ApiError::InRecord { error, .. } => error.title(),
            ApiError::EngineUnavailable => "No engine",
            ApiError::EngineBusy { .. } => "Engine busy",
            ApiError::EngineFailed { .. } => "Engine failed",
            ApiError::GameOver { .. } => "Game over",
            ApiError::Internal => "Internal server error",
            ApiError::Status { reason, .. } => reason.unwrap_or("Error"),
        }
    }

    /// The typed extension members.
    fn extensions(&self, lang: Lang) -> Map<String, Value> {
        let v = match self {
            ApiError::PayloadTooLarge { limit } => json!({ "limit": limit }),
            ApiError::MethodNotAllowed { method, .. } => json!({ "method": method }),
            ApiError::Timeout { timeout_ms } | ApiError::RequestTimeout { timeout_ms } => {
                json!({ "timeout_ms": timeout_ms })
            }
            ApiError::Overloaded { retry_after_s } => json!({ "retry_after_s": retry_after_s }),
            ApiError::Cancelled => json!({ "retry_after_s": RETRY_AFTER_S }),
            ApiError::EngineUnavailable => json!({ "install": wording::INSTALL_HINT }),
            ApiError::EngineBusy { retry_after_s } => json!({ "retry_after_s": retry_after_s }),
            ApiError::EngineFailed { reason } => {
                json!({ "reason": reason, "retry_after_s": RETRY_AFTER_S })
            }
            ApiError::GameOver { winner, checkmate } => json!({
                "winner": winner.name(),
                "reason": if *checkmate { "checkmate" } else { "stalemate" },
            }),
            ApiError::UnsupportedEncoding { encoding } => json!({
                "encoding": encoding,
                "supported": ["identity"],
            }),
            ApiError::InvalidFen { fen, problems } => {
                let problems: Vec<Value> = problems
                    .iter()
                    .map(|p| json!({ "kind": p.kind, "message": p.message.get(lang) }))
                    .collect();
                json!({ "fen": elide(fen, FEN_ECHO_CHARS), "problems": problems })
            }
            ApiError::UnknownNotation { notation } => {
                json!({ "notation": notation, "supported": NOTATIONS })
            }
            ApiError::UnknownRuleset { ruleset } => json!({ "ruleset": ruleset }),
            ApiError::UnparsableMove {
                ply,
                move_number,
                side,
                mv,
                kind,
                message,
                ..
            } => json!({
                "ply": ply, "move_number": move_number, "side": side.name(),
                "move": elide(mv, ECHO_CHARS), "reason": kind, "kind": kind,
                "code": kind, "message": message.get(lang),
            }),
            ApiError::IllegalMove {
                ply,
                move_number,
                side,
                mv,
                iccs,
                fen,
                reason,
                message,
            } => json!({
                "ply": ply, "move_number": move_number, "side": side.name(),
                "move": elide(mv, ECHO_CHARS), "iccs": iccs, "fen": fen, "reason": reason,
                "code": reason, "message": message.get(lang),
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
            ApiError::UndecodableRecord {
                encoding,
                offset,
                line,
                column,
                ..
            } => json!({ "line": line, "column": column, "encoding": encoding, "offset": offset }),
            ApiError::UnsupportedCharset { charset } => json!({ "charset": charset }),
            ApiError::UnsupportedRecordFormat { format } => json!({ "format": format.name() }),
            ApiError::InRecord {
                line,
                column,
                error,
            } => {
                let mut map = error.extensions(lang);
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

    /// The wire form of this error, its `detail` in English.
    pub fn to_problem(&self) -> Problem {
        self.to_problem_in(Lang::En)
    }

    /// The wire form of this error, its `detail` (and the human `message`s among its
    /// extension members) in `lang`. The `title` stays English: it names the problem type.
    pub fn to_problem_in(&self, lang: Lang) -> Problem {
        Problem {
            kind: self.type_uri(),
            title: self.title().to_owned(),
            status: self.status(),
            detail: self.detail(lang),
            extensions: self.extensions(lang),
        }
    }

    /// The human explanation of this occurrence, in `lang`.
    pub fn detail(&self, lang: Lang) -> String {
        match self {
            ApiError::IllegalMove {
                ply,
                move_number,
                side,
                mv,
                message,
                ..
            } => wording::illegal_move((*ply, *move_number, *side), mv, message, lang),
            // The move is quoted once: the reason's own message does not quote it.
            ApiError::UnparsableMove {
                ply,
                move_number,
                side,
                mv,
                reason,
                message,
                ..
            } => {
                let (notation, _) = unparsable_parts(mv, reason);
                wording::unparsable_move((*ply, *move_number, *side), mv, notation, message, lang)
            }
            ApiError::InvalidRequest { message, .. } => message.get(lang).to_owned(),
            ApiError::InvalidParameter { parameter, message } => {
                wording::invalid_parameter(parameter, message.get(lang), lang)
            }
            // The title already says the body is malformed.
            ApiError::MalformedJson { detail } => detail.get(lang).to_owned(),
            ApiError::UnknownField {
                field,
                suggestion,
                others,
                known,
            } => wording::unknown_field(field, suggestion.as_deref(), *others, known, lang),
            ApiError::InvalidRecord {
                line: 0, message, ..
            } => message.get(lang).to_owned(),
            ApiError::InvalidRecord {
                line,
                column,
                message,
            } => wording::in_record(*line, *column, message.get(lang), lang),
            ApiError::InRecord {
                line,
                column,
                error,
            } => wording::in_record(*line, *column, &error.detail(lang), lang),
            ApiError::UndecodableRecord {
                encoding,
                chosen,
                offset,
                line,
                column,
            } => wording::undecodable_record(encoding, *chosen, *offset, (*line, *column), lang),
            ApiError::UnsupportedCharset { charset } => wording::unsupported_charset(charset, lang),
            ApiError::UnsupportedRecordFormat { format } => {
                wording::unreadable_format(*format, lang)
            }
            ApiError::InvalidFen { problems, .. } => wording::invalid_fen(problems, lang),
            ApiError::TooManyMoves { count, limit } => {
                wording::too_many(*count, *limit, false, lang)
            }
            ApiError::TooManyGames { count, limit } => {
                wording::too_many(*count, *limit, true, lang)
            }
            ApiError::PayloadTooLarge { limit } => wording::payload_too_large(*limit, lang),
            ApiError::NotFound { path } => wording::not_found(path, lang),
            ApiError::MethodNotAllowed { method, path } => {
                wording::method_not_allowed(method, path, lang)
            }
            ApiError::Timeout { timeout_ms } => wording::timeout(*timeout_ms, lang),
            ApiError::RequestTimeout { timeout_ms } => wording::request_timeout(*timeout_ms, lang),
            ApiError::Overloaded { retry_after_s } => wording::overloaded(*retry_after_s, lang),
            ApiError::UnsupportedEncoding { encoding } => {
                wording::unsupported_encoding(encoding, lang)
            }
            ApiError::UnknownNotation { notation } => wording::unknown_name(true, notation, lang),
            ApiError::UnknownRuleset { ruleset } => wording::unknown_name(false, ruleset, lang),
            ApiError::UnsupportedMediaType { why } => wording::fixed(*why, lang).to_owned(),
            ApiError::NotReady => wording::fixed(Fixed::NotReady, lang).to_owned(),
            ApiError::Cancelled => wording::fixed(Fixed::Cancelled, lang).to_owned(),
            ApiError::Internal => wording::fixed(Fixed::Internal, lang).to_owned(),
            ApiError::EngineUnavailable => wording::engine_unavailable(lang),
            ApiError::EngineBusy { retry_after_s } => wording::engine_busy(*retry_after_s, lang),
            ApiError::EngineFailed { reason } => wording::engine_failed(reason, lang),
            ApiError::GameOver { checkmate, .. } => wording::game_over(*checkmate, lang),
            // A bare status is described by its status line, in every language.
            ApiError::Status { .. } => self.to_string(),
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

/// Seconds a client is asked to wait (`Retry-After`) after a 503 that is not its fault.
pub const RETRY_AFTER_S: u64 = 1;

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
            iccs: "h2h9".into(),
            fen: "fen-before".into(),
            reason: "blocked_path".into(),
            message: wording::illegal_reason(crate::xiangqi::IllegalMoveReason::PathBlocked),
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
        assert!(p.detail.contains("the path is blocked"));
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
        assert_eq!(NOTATIONS, ["iccs", "uci", "wxf", "vn", "chinese", "san"]);
    }
}
