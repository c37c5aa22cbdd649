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

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::answer::Languages;
use super::error::ApiError;
use super::moves::Moves;
use super::wording;
use crate::adjudication::{Lang, RuleSet};
use crate::records::{self, Record, RecordError};
use crate::xiangqi::notation::Notation;

/// Longest accepted FEN string, in characters (a full board is about 90).
pub const MAX_FEN_CHARS: usize = 128;
/// Longest accepted move string, in characters (the longest notation needs about 12).
pub const MAX_MOVE_CHARS: usize = 32;

/// Longest accepted `game` record, in bytes: a 1,024-ply game in Chinese notation with tags
/// and numbers takes about 25 KB.
pub const MAX_RECORD_BYTES: usize = 128 * 1024;
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
    /// Longest `game` record, in bytes: [`MAX_RECORD_BYTES`], except for the CLI, which reads
    /// a file of any size ([`Limits::any_record_size`]).
    pub max_record_bytes: usize,
}

impl Limits {
    /// The defaults: [`DEFAULT_MAX_MOVES`] and [`DEFAULT_MAX_BATCH`].
    pub const DEFAULT: Limits = Limits::new(DEFAULT_MAX_MOVES, DEFAULT_MAX_BATCH);

    /// Limits of `max_moves` moves per game and `max_batch` games per batch.
    pub const fn new(max_moves: usize, max_batch: usize) -> Limits {
        Limits {
            max_moves,
            max_batch,
            max_record_bytes: MAX_RECORD_BYTES,
        }
    }

    /// These limits with no limit on a record's size: the CLI's, whose files are the user's own.
    pub const fn any_record_size(self) -> Limits {
        Limits {
            max_record_bytes: usize::MAX,
            ..self
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
// Read through `GameFields` (its `try_from`), so field attributes here are for writing only.
#[serde(try_from = "GameFields")]
pub struct AdjudicateRequest {
    /// Starting position; `None` means the standard start position.
    pub fen: Option<String>,
    /// The moves played from `fen`, in `notation`. Ply 1 is `moves[0]`. Empty when the game
    /// comes as a record (`game`).
    pub moves: Moves,
    /// The game as a record instead of `moves`, in any layout [`crate::records`] reads (PGN,
    /// score sheets with their header lines, dpxq.com's text, DhtmlXQ blocks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// A name of [`Notation::ALL`]; `None` means ICCS.
    pub notation: Option<String>,
    /// Rule set id; `None` means the default rule set.
    pub ruleset: Option<String>,
    /// Plies without a capture after which a draw may be claimed; `None` means 100.
    pub no_capture_limit: Option<i64>,
    /// `true`: also rule under every rule book, side by side (`comparison` in the answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<bool>,
    /// `vi`, `en` or `zh`: the answer's texts (explanation, article summaries) in that
    /// language only. `None` keeps Vietnamese and English, as the API always answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// `true`: the answer lists every ply as read (`moves_read`): its number, side, text as
    /// written and ICCS.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_read: Option<bool>,
    /// The `game` record as read, once: the limits count its moves and the arbiter rules on
    /// it from the same reading ([`AdjudicateRequest::record`]).
    #[serde(skip)]
    pub record: RecordOnce,
}

/// A `game` record read at most once, on first use, and kept with the request.
///
/// The reading is a function of `game` alone, so it takes no part in comparing requests.
#[derive(Debug, Clone, Default)]
pub struct RecordOnce(OnceLock<Result<Record, RecordError>>);

impl RecordOnce {
    /// A record read already, from bytes rather than from the request's `game` text (an XQF
    /// file, whose `game` is then its PGN: [`super::upload::RecordUpload::request`]).
    pub fn read_already(reading: Result<Record, RecordError>) -> RecordOnce {
        RecordOnce(OnceLock::from(reading))
    }

    /// The reading of `text`: read now if this is the first call, else the kept one.
    fn get_or_read(&self, text: &str) -> &Result<Record, RecordError> {
        self.0.get_or_init(|| records::read(text))
    }

    /// True once the record has been read.
    pub fn is_read(&self) -> bool {
        self.0.get().is_some()
    }

    /// The reading of `text`, moved out: the kept one, or read now.
    fn into_read(self, text: &str) -> Result<Record, RecordError> {
        self.0.into_inner().unwrap_or_else(|| records::read(text))
    }
}

impl PartialEq for RecordOnce {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for RecordOnce {}

/// A game request checked once ([`AdjudicateRequest::check`]): every value typed and
/// resolved, what the arbiter rules on. Its moves are the request's, or its record's, read
/// once.
#[derive(Debug, Clone)]
pub struct Game {
    /// The start position's FEN: the request's, else its record's; `None` is the standard
    /// start. (Reading it is the arbiter's: a FEN's problems are about chess.)
    pub fen: Option<String>,
    /// The moves as written, one per ply: the request's, or the record's texts.
    pub moves: Moves,
    /// The moves' notation: the request's (ICCS when it names none), else the one its record
    /// declares. `None` only for a record that declares none: the arbiter finds the one
    /// notation that reads every move.
    pub notation: Option<Notation>,
    /// The rule book.
    pub book: RuleSet,
    /// Plies without a capture after which a draw may be claimed, when the request sets it
    /// (else each book's own).
    pub no_capture_limit: Option<u32>,
    /// The languages of the answer's texts.
    pub langs: Languages,
    /// Rule under every book too, side by side.
    pub compare: bool,
    /// List every ply as read in the answer (`moves_read`).
    pub moves_read: bool,
    /// The record the moves were read from, if the game came as one: where each move stands
    /// in it.
    pub record: Option<Record>,
    /// The encoding the record was read in, when it came as bytes rather than JSON text (a
    /// record sent as the body, [`super::upload`]): the answer's `record_encoding`.
    pub record_encoding: Option<&'static encoding_rs::Encoding>,
}

/// Fewest bytes a ply takes in a record: a DhtmlXQ move is four digits, any other move at
/// least two characters and a separator.
pub const MIN_RECORD_PLY_BYTES: usize = 3;

/// Declares the fields of a request as read: the game's fields (those of
/// [`AdjudicateRequest`]) spelt out, not flattened, so that the strict parser knows every one,
/// then `extra` fields; and `take_game`, which moves the game's fields out. Each field of a game
/// is declared here once, for every request that carries a game.
macro_rules! with_game_fields {
    ($(#[$meta:meta])* struct $name:ident { $($extra:tt)* }) => {
        $(#[$meta])*
        #[derive(Deserialize)]
        struct $name {
            #[serde(default)]
            fen: Option<String>,
            #[serde(default, deserialize_with = "present")]
            moves: Option<Moves>,
            #[serde(default, deserialize_with = "present")]
            game: Option<String>,
            #[serde(default)]
            notation: Option<String>,
            #[serde(default)]
            ruleset: Option<String>,
            #[serde(default, deserialize_with = "integral")]
            no_capture_limit: Option<i64>,
            #[serde(default)]
            compare: Option<bool>,
            #[serde(default)]
            lang: Option<String>,
            #[serde(default)]
            moves_read: Option<bool>,
            $($extra)*
        }

        impl $name {
            /// The game's fields, moved out.
            #[allow(dead_code)] // Not for `GameFields` itself, which converts whole.
            fn take_game(&mut self) -> GameFields {
                GameFields {
                    fen: self.fen.take(),
                    moves: self.moves.take(),
                    game: self.game.take(),
                    notation: self.notation.take(),
                    ruleset: self.ruleset.take(),
                    no_capture_limit: self.no_capture_limit.take(),
                    compare: self.compare.take(),
                    lang: self.lang.take(),
                    moves_read: self.moves_read.take(),
                }
            }
        }
    };
}

with_game_fields! {
    /// An [`AdjudicateRequest`] as read, before the one check serde cannot say: the moves come
    /// as `moves` or as a `game` record, so one of the two must be there.
    struct GameFields {}
}

/// A field that may be absent but, when there, is not `null`.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl TryFrom<GameFields> for AdjudicateRequest {
    type Error = &'static str;

    fn try_from(f: GameFields) -> Result<Self, Self::Error> {
        if f.moves.is_none() && f.game.is_none() {
            return Err("missing field `moves`");
        }
        Ok(AdjudicateRequest {
            fen: f.fen,
            moves: f.moves.unwrap_or_default(),
            game: f.game,
            notation: f.notation,
            ruleset: f.ruleset,
            no_capture_limit: f.no_capture_limit,
            compare: f.compare,
            lang: f.lang,
            moves_read: f.moves_read,
            record: RecordOnce::default(),
        })
    }
}

/// `POST /v1/diagram`: a game, as for `POST /v1/adjudicate`, and which of its positions to
/// draw, how.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DiagramFields")]
pub struct DiagramRequest {
    /// The game, ruled on as `POST /v1/adjudicate` would.
    #[serde(flatten)]
    pub game: AdjudicateRequest,
    /// The position after this many plies; `None` means after the last.
    pub ply: Option<i64>,
    /// `true`: Black at the bottom.
    pub flip: Option<bool>,
    /// Marks drawn besides the computed ones, as in `GET /v1/diagram.svg` (`a7:chased,e3:dest`).
    pub marks: Option<String>,
    /// Arrows drawn besides the computed ones (`a0a7:chase,h2e2:move`).
    pub arrows: Option<String>,
}

with_game_fields! {
    /// A [`DiagramRequest`] as read: the game's fields and the drawing's.
    struct DiagramFields {
        #[serde(default, deserialize_with = "integral")]
        ply: Option<i64>,
        #[serde(default)]
        flip: Option<bool>,
        #[serde(default)]
        marks: Option<String>,
        #[serde(default)]
        arrows: Option<String>,
    }
}

impl TryFrom<DiagramFields> for DiagramRequest {
    type Error = &'static str;

    fn try_from(mut f: DiagramFields) -> Result<Self, Self::Error> {
        Ok(DiagramRequest {
            game: AdjudicateRequest::try_from(f.take_game())?,
            ply: f.ply,
            flip: f.flip,
            marks: f.marks,
            arrows: f.arrows,
        })
    }
}

/// `POST /v1/report`: a game, as for `POST /v1/adjudicate`, and what the signed record says
/// about its table ([`Table`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "ReportFields")]
pub struct ReportRequest {
    /// The game, ruled on as `POST /v1/adjudicate` would.
    pub game: AdjudicateRequest,
    /// The report's own fields.
    pub table: Table,
}

/// What a report says about its table beyond the game: the event, round, board, players and
/// arbiter (each overriding the record's tag of that name), and the arbiter's UTC offset for
/// the local time it is stamped with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    /// The table's facts, as the arbiter typed them.
    pub sheet: Sheet,
    /// Minutes east of UTC of the arbiter's clock ([`UTC_OFFSET_RANGE`]); the time is UTC
    /// without it.
    pub utc_offset_minutes: Option<i64>,
}

/// The facts of a game's table that a signed report heads with: each empty one is the record's
/// tag of that name (`Event`, `Round`, `Board`, `Red`, `Black`, `Arbiter`), if any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The event (tournament).
    #[serde(default)]
    pub event: Option<String>,
    /// The round.
    #[serde(default)]
    pub round: Option<String>,
    /// The board (table number).
    #[serde(default)]
    pub board: Option<String>,
    /// Red's player.
    #[serde(default)]
    pub red: Option<String>,
    /// Black's player.
    #[serde(default)]
    pub black: Option<String>,
    /// The arbiter.
    #[serde(default)]
    pub arbiter: Option<String>,
}

impl Sheet {
    /// Each field with its tag's name, in the order the report lists them.
    pub fn fields(&self) -> [(&'static str, Option<&str>); 6] {
        [
            ("Event", self.event.as_deref()),
            ("Round", self.round.as_deref()),
            ("Board", self.board.as_deref()),
            ("Red", self.red.as_deref()),
            ("Black", self.black.as_deref()),
            ("Arbiter", self.arbiter.as_deref()),
        ]
    }
}

/// Longest value of a [`Sheet`]'s field, in characters.
pub const MAX_SHEET_CHARS: usize = 200;
/// Accepted UTC offsets, in minutes (UTC-14:00 to UTC+14:00).
pub const UTC_OFFSET_RANGE: std::ops::RangeInclusive<i64> = -840..=840;

with_game_fields! {
    /// A [`ReportRequest`] as read: the game's fields and the report's.
    struct ReportFields {
        #[serde(default)]
        sheet: Option<Sheet>,
        #[serde(default, deserialize_with = "integral")]
        utc_offset_minutes: Option<i64>,
    }
}

impl TryFrom<ReportFields> for ReportRequest {
    type Error = &'static str;

    fn try_from(mut f: ReportFields) -> Result<Self, Self::Error> {
        Ok(ReportRequest {
            game: AdjudicateRequest::try_from(f.take_game())?,
            table: Table {
                sheet: f.sheet.unwrap_or_default(),
                utc_offset_minutes: f.utc_offset_minutes,
            },
        })
    }
}

impl Table {
    /// Checks the report's own fields: each of the sheet's at most [`MAX_SHEET_CHARS`]
    /// characters, the offset in [`UTC_OFFSET_RANGE`].
    pub fn check(&self) -> Result<(), ApiError> {
        for (name, value) in self.sheet.fields() {
            if value.is_some_and(|v| v.chars().count() > MAX_SHEET_CHARS) {
                let field = format!("sheet.{}", name.to_lowercase());
                return Err(ApiError::InvalidRequest {
                    message: wording::longer_than(&field, MAX_SHEET_CHARS),
                    field,
                });
            }
        }
        if let Some(offset) = self.utc_offset_minutes
            && !UTC_OFFSET_RANGE.contains(&offset)
        {
            return Err(ApiError::InvalidRequest {
                field: "utc_offset_minutes".to_owned(),
                message: wording::out_of_range(
                    "utc_offset_minutes",
                    *UTC_OFFSET_RANGE.start(),
                    *UTC_OFFSET_RANGE.end(),
                    offset,
                ),
            });
        }
        Ok(())
    }
}

/// `POST /v1/engine/move`: a game, as for `POST /v1/adjudicate`, and how strongly the
/// computer plays its next move: one of `level`, `movetime_ms` or `nodes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EngineMoveFields")]
pub struct EngineMoveRequest {
    /// The game, ruled on as `POST /v1/adjudicate` would.
    #[serde(flatten)]
    pub game: AdjudicateRequest,
    /// Strength 1-10 ([`LEVEL_RANGE`]): the engine's skill and thinking time.
    pub level: Option<i64>,
    /// Thinking time at full strength, in milliseconds ([`MOVETIME_MS_RANGE`]).
    pub movetime_ms: Option<i64>,
    /// A node budget at full strength ([`NODES_RANGE`]): the same move every time.
    pub nodes: Option<i64>,
}

with_game_fields! {
    /// An [`EngineMoveRequest`] as read: the game's fields and the strength's.
    struct EngineMoveFields {
        #[serde(default, deserialize_with = "integral")]
        level: Option<i64>,
        #[serde(default, deserialize_with = "integral")]
        movetime_ms: Option<i64>,
        #[serde(default, deserialize_with = "integral")]
        nodes: Option<i64>,
    }
}

impl TryFrom<EngineMoveFields> for EngineMoveRequest {
    type Error = &'static str;

    fn try_from(mut f: EngineMoveFields) -> Result<Self, Self::Error> {
        Ok(EngineMoveRequest {
            game: AdjudicateRequest::try_from(f.take_game())?,
            level: f.level,
            movetime_ms: f.movetime_ms,
            nodes: f.nodes,
        })
    }
}

/// The levels of `POST /v1/engine/move`.
pub const LEVEL_RANGE: std::ops::RangeInclusive<i64> = 1..=10;
/// The level played when a request names no strength.
pub const DEFAULT_LEVEL: u8 = 5;
/// The thinking times a request may ask for, in milliseconds.
pub const MOVETIME_MS_RANGE: std::ops::RangeInclusive<i64> = 50..=5_000;
/// The node budgets a request may ask for: half a million is some 2.5 s of Fairy-Stockfish on
/// one core here (150-240 k nodes a second), well within the request's time.
pub const NODES_RANGE: std::ops::RangeInclusive<i64> = 1..=500_000;

/// How strongly the computer plays, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// A level of [`LEVEL_RANGE`].
    Level(u8),
    /// A thinking time at full strength.
    MoveTime(std::time::Duration),
    /// A node budget at full strength.
    Nodes(u64),
}

impl EngineMoveRequest {
    /// Checks the game ([`AdjudicateRequest::check`]) and the strength.
    pub fn check(
        self,
        limits: &Limits,
        accept_language: Option<&str>,
    ) -> Result<(Game, Strength), ApiError> {
        let strength = self.strength()?;
        Ok((self.game.check(limits, accept_language)?, strength))
    }

    /// The strength asked for: at most one of the three fields, each in its range.
    pub fn strength(&self) -> Result<Strength, ApiError> {
        let given = [
            ("level", self.level, LEVEL_RANGE),
            ("movetime_ms", self.movetime_ms, MOVETIME_MS_RANGE),
            ("nodes", self.nodes, NODES_RANGE),
        ];
        let mut named = given.iter().filter(|(_, v, _)| v.is_some());
        let Some((field, Some(value), range)) = named.next().cloned() else {
            return Ok(Strength::Level(DEFAULT_LEVEL));
        };
        if let Some((other, ..)) = named.next() {
            return Err(ApiError::InvalidRequest {
                field: (*other).to_owned(),
                message: wording::one_strength(field, other),
            });
        }
        if !range.contains(&value) {
            return Err(ApiError::InvalidRequest {
                field: field.to_owned(),
                message: wording::out_of_range(field, *range.start(), *range.end(), value),
            });
        }
        // In range, so each conversion holds.
        Ok(match field {
            "level" => Strength::Level(value as u8),
            "movetime_ms" => Strength::MoveTime(std::time::Duration::from_millis(value as u64)),
            _ => Strength::Nodes(value as u64),
        })
    }
}

/// Longest accepted list of arrows or of marks, in characters (a hundred arrows or so).
pub const MAX_LIST_CHARS: usize = 1024;

impl DiagramRequest {
    /// Checks the game's limits ([`AdjudicateRequest::check_limits`]) and the sizes of the
    /// drawing's fields.
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        self.game.check_limits(limits)?;
        for (field, list) in [("marks", &self.marks), ("arrows", &self.arrows)] {
            if list.as_ref().is_some_and(|l| l.len() > MAX_LIST_CHARS) {
                return Err(ApiError::InvalidRequest {
                    field: field.to_owned(),
                    message: wording::longer_than(field, MAX_LIST_CHARS),
                });
            }
        }
        Ok(())
    }
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
    pub moves: Moves,
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
    /// A request of `moves` from the standard start, every other field absent.
    pub fn of_moves(moves: Moves) -> AdjudicateRequest {
        AdjudicateRequest {
            fen: None,
            moves,
            game: None,
            notation: None,
            ruleset: None,
            no_capture_limit: None,
            compare: None,
            lang: None,
            moves_read: None,
            record: RecordOnce::default(),
        }
    }

    /// Checks the content limits that do not need the rules (sizes and ranges).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        check_game_shape(
            self.fen.as_deref(),
            &self.moves,
            self.notation.as_deref(),
            limits,
        )?;
        check_name("ruleset", self.ruleset.as_deref())?;
        check_name("lang", self.lang.as_deref())?;
        self.no_capture_limit()?;
        if let Some(game) = &self.game {
            if !self.moves.is_empty() {
                return Err(ApiError::InvalidRequest {
                    field: "game".to_owned(),
                    message: wording::moves_and_record(),
                });
            }
            if game.len() > limits.max_record_bytes {
                return Err(ApiError::InvalidRequest {
                    field: "game".to_owned(),
                    message: wording::record_longer_than(limits.max_record_bytes),
                });
            }
            // A record that reads is counted here; one that does not is the arbiter's to explain.
            if let Some(Ok(record)) = self.record()
                && record.moves.len() > limits.max_moves
            {
                return Err(ApiError::TooManyMoves {
                    count: record.moves.len(),
                    limit: limits.max_moves,
                });
            }
        }
        self.languages(None)?;
        Ok(())
    }

    /// Checks the request once, in the order its problems are answered (the limits, the rule
    /// book, the notation, the record), and turns it into the typed [`Game`] the arbiter
    /// rules on. `accept_language` is the client's `Accept-Language` header: it adds its
    /// language to Vietnamese and English when `lang` is not given.
    pub fn check(self, limits: &Limits, accept_language: Option<&str>) -> Result<Game, ApiError> {
        self.check_limits(limits)?;
        self.resolve(accept_language)
    }

    /// The rest of [`AdjudicateRequest::check`], once the limits have been checked: the typed
    /// values, then the record.
    pub(super) fn resolve(self, accept_language: Option<&str>) -> Result<Game, ApiError> {
        let book = self.ruleset()?;
        let named = self.notation()?;
        let no_capture_limit = self.no_capture_limit()?;
        let langs = self.languages(accept_language)?;
        let compare = self.compare == Some(true);
        let moves_read = self.moves_read == Some(true);
        let Some(text) = self.game else {
            return Ok(Game {
                fen: self.fen,
                moves: self.moves,
                notation: Some(named),
                book,
                no_capture_limit,
                langs,
                compare,
                moves_read,
                record: None,
                record_encoding: None,
            });
        };
        let record = self.record.into_read(&text).map_err(|e| match e.problem {
            records::RecordProblem::Unreadable(format) => {
                ApiError::UnsupportedRecordFormat { format }
            }
            problem => ApiError::InvalidRecord {
                line: e.line,
                column: e.column,
                message: wording::record_problem(&problem),
            },
        })?;
        let fen = match (self.fen, record.fen.as_deref()) {
            (Some(sent), Some(written)) if sent.trim() != written.trim() => {
                return Err(ApiError::InvalidRequest {
                    field: "fen".to_owned(),
                    message: wording::fen_and_record_differ(),
                });
            }
            (sent, written) => sent.or_else(|| written.map(str::to_owned)),
        };
        Ok(Game {
            fen,
            moves: record.moves.iter().map(|m| &m.text).collect(),
            // The request's notation, else the one the record declares.
            notation: if self.notation.is_some() {
                Some(named)
            } else {
                record.notation
            },
            book,
            no_capture_limit,
            langs,
            compare,
            moves_read,
            record: Some(record),
            record_encoding: None,
        })
    }

    /// The `game` record as read, if the request has one: read on the first call (by the
    /// limits' check, or the arbiter's), kept for every later one.
    pub fn record(&self) -> Option<&Result<Record, RecordError>> {
        self.game
            .as_deref()
            .map(|text| self.record.get_or_read(text))
    }

    /// The most plies this game can have, known without reading its record: the moves'
    /// count, or for a record its length over [`MIN_RECORD_PLY_BYTES`]. What decides whether
    /// a ruling runs inline or on the pool.
    pub fn plies_at_most(&self) -> usize {
        match &self.game {
            None => self.moves.len(),
            Some(game) => self.moves.len().max(game.len() / MIN_RECORD_PLY_BYTES),
        }
    }

    /// The languages the answer's texts carry: `lang`'s only, else Vietnamese and English
    /// with the first language of `accept_language` (the `Accept-Language` header) we speak,
    /// else Vietnamese and English.
    pub fn languages(&self, accept_language: Option<&str>) -> Result<Languages, ApiError> {
        if let Some(code) = self.lang.as_deref() {
            return Lang::from_code(code).map(Languages::Only).ok_or_else(|| {
                ApiError::InvalidRequest {
                    field: "lang".to_owned(),
                    message: wording::unknown_lang(code),
                }
            });
        }
        Ok(accept_language
            .and_then(preferred_language)
            .map_or(Languages::Default, Languages::Preferred))
    }

    /// The language of this request's problems: the one of its [`languages`] a single text
    /// is written in (`lang`, else `accept_language`'s, else English). An unknown `lang` is
    /// itself the problem, worded in the header's language.
    ///
    /// [`languages`]: AdjudicateRequest::languages
    pub fn problem_language(&self, accept_language: Option<&str>) -> Lang {
        match self.languages(accept_language) {
            Ok(langs) => langs.detail(),
            Err(_) => problem_language(None, accept_language),
        }
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
                message: wording::limit_out_of_range(
                    "no_capture_limit",
                    *NO_CAPTURE_LIMIT_RANGE.start(),
                    *NO_CAPTURE_LIMIT_RANGE.end(),
                    n,
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

/// The language of a problem's texts: `lang` as sent, if we speak it; else the first
/// language of `Accept-Language` (the header's value) we speak; else English.
pub fn problem_language(lang: Option<&str>, accept_language: Option<&str>) -> Lang {
    lang.and_then(Lang::from_code)
        .or_else(|| accept_language.and_then(preferred_language))
        .unwrap_or(Lang::En)
}

/// The language of an `Accept-Language` header (RFC 9110, 12.5.4) we speak that the client
/// ranks highest: `zh-CN;q=0.9, en;q=0.8` gives `zh`. Ranges we do not speak, `*` and
/// malformed entries are skipped; `q=0` refuses a language.
pub fn preferred_language(header: &str) -> Option<Lang> {
    let mut best: Option<(u16, Lang)> = None;
    for item in header.split(',').take(32) {
        let mut parts = item.split(';');
        let range = parts.next().unwrap_or("").trim();
        let primary = range.split('-').next().unwrap_or("");
        let Some(lang) = Lang::from_code(primary) else {
            continue;
        };
        let mut q = 1000u16;
        for p in parts {
            if let Some(v) = p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")) {
                q = v
                    .trim()
                    .parse::<f32>()
                    .ok()
                    .filter(|q| (0.0..=1.0).contains(q))
                    .map_or(0, |q| (q * 1000.0).round() as u16);
            }
        }
        if q > 0 && best.is_none_or(|(b, _)| q > b) {
            best = Some((q, lang));
        }
    }
    best.map(|(_, l)| l)
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
    moves: &Moves,
    notation: Option<&str>,
    limits: &Limits,
) -> Result<(), ApiError> {
    if moves.len() > limits.max_moves {
        return Err(ApiError::TooManyMoves {
            count: moves.len(),
            limit: limits.max_moves,
        });
    }
    if let Some(fen) = fen
        && fen.len() > MAX_FEN_CHARS
        && fen.chars().count() > MAX_FEN_CHARS
    {
        return Err(ApiError::InvalidRequest {
            field: "fen".to_owned(),
            message: wording::longer_than("fen", MAX_FEN_CHARS),
        });
    }
    check_name("notation", notation)?;
    // No more bytes than the limit means no more characters either: most games need no walk.
    if moves.longest() <= MAX_MOVE_CHARS {
        return Ok(());
    }
    for (i, mv) in moves.iter().enumerate() {
        if mv.len() > MAX_MOVE_CHARS && mv.chars().count() > MAX_MOVE_CHARS {
            return Err(ApiError::InvalidRequest {
                field: format!("moves[{i}]"),
                message: wording::move_longer_than(i + 1, MAX_MOVE_CHARS),
            });
        }
    }
    Ok(())
}

fn check_name(field: &str, value: Option<&str>) -> Result<(), ApiError> {
    match value {
        Some(v) if v.chars().count() > MAX_NAME_CHARS => Err(ApiError::InvalidRequest {
            field: field.to_owned(),
            message: wording::longer_than(field, MAX_NAME_CHARS),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits::new(3, 2);

    fn req(moves: &[&str]) -> AdjudicateRequest {
        AdjudicateRequest::of_moves(moves.iter().map(|m| (*m).to_owned()).collect())
    }

    #[test]
    fn languages_come_from_lang_then_accept_language() {
        let mut r = req(&[]);
        assert_eq!(r.languages(None).unwrap(), Languages::Default);
        let header = |h| r.languages(Some(h)).unwrap();
        assert_eq!(
            header("fr-FR, zh-CN;q=0.9, vi;q=0.8"),
            Languages::Preferred(Lang::Zh)
        );
        assert_eq!(header("zh;q=0, en"), Languages::Preferred(Lang::En));
        assert_eq!(header("*"), Languages::Default);
        r.lang = Some("vi".to_owned());
        assert_eq!(r.languages(Some("zh")).unwrap(), Languages::Only(Lang::Vi));
        r.lang = Some("fr".to_owned());
        assert!(matches!(
            r.languages(None),
            Err(ApiError::InvalidRequest { field, .. }) if field == "lang"
        ));
    }

    #[test]
    fn problems_speak_lang_else_the_header_else_english() {
        let mut r = req(&[]);
        let header = Some("fr-FR, zh-CN;q=0.9, vi;q=0.8");
        assert_eq!(r.problem_language(None), Lang::En);
        assert_eq!(r.problem_language(header), Lang::Zh);
        r.lang = Some("vi".to_owned());
        assert_eq!(r.problem_language(header), Lang::Vi);
        // An unknown `lang` is the problem: the header says how to word it.
        r.lang = Some("fr".to_owned());
        assert_eq!(r.problem_language(header), Lang::Zh);
        assert_eq!(r.problem_language(None), Lang::En);
    }

    #[test]
    fn a_request_is_checked_once_into_a_typed_game() {
        let mut r = req(&["h2e2"]);
        r.ruleset = Some("axf".to_owned());
        r.no_capture_limit = Some(60);
        r.compare = Some(true);
        let game = r.check(&LIMITS, Some("zh")).unwrap();
        assert_eq!(game.book, RuleSet::AXF);
        assert_eq!(game.notation, Some(Notation::Iccs));
        assert_eq!(game.no_capture_limit, Some(60));
        assert_eq!(game.langs, Languages::Preferred(Lang::Zh));
        assert!(game.compare && game.record.is_none());
        assert_eq!(game.moves.len(), 1);

        // A record: its moves, its FEN and its declared notation.
        let mut r = req(&[]);
        r.game = Some(
            "[Format \"WXF\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n1. A5+6 K5=4"
                .to_owned(),
        );
        let game = r.check(&LIMITS, None).unwrap();
        assert_eq!(game.notation, Some(Notation::Wxf));
        assert_eq!(
            game.fen.as_deref(),
            Some("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
        );
        assert_eq!(game.moves.len(), 2);
        assert!(game.record.is_some());

        // The first problem in the order they are answered: the book before the notation.
        let mut r = req(&["h2e2"]);
        r.ruleset = Some("nope".to_owned());
        r.notation = Some("nope".to_owned());
        assert!(matches!(
            r.check(&LIMITS, None),
            Err(ApiError::UnknownRuleset { .. })
        ));
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
