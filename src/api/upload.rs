//! A game record sent as the body itself: `POST /v1/adjudicate` with a record media type
//! (`application/x-chess-pgn`, `text/plain`, `application/octet-stream`), and the CLI's record
//! file. The record's bytes are decoded in the encoding they were saved in
//! ([`crate::records::decode`]); the options a JSON request carries in fields come apart from
//! it ([`GameOptions`]: the query, the CLI's flags). Both make the same [`AdjudicateRequest`] a
//! JSON `game` makes, checked and ruled the same way; only its answer says which encoding was
//! read (`record_encoding`). A binary XQF file is read from its bytes, and its answer gives
//! the game as PGN (`record_pgn`).

use encoding_rs::Encoding;

use super::diagram::boolean;
use super::error::{ApiError, ECHO_CHARS, elide};
use super::moves::Moves;
use super::query;
use super::request::{
    AdjudicateRequest, Game, Limits, MIN_RECORD_PLY_BYTES, RecordOnce, problem_language,
};
use super::wording::{self, Fixed, Wording};
use crate::adjudication::Lang;
use crate::records::decode::{self, DecodeError};
use crate::records::{self, Sniffed};

/// The query parameters of a record upload: the fields of a JSON game request but `moves`,
/// `game` and `strict`.
pub const QUERY_PARAMETERS: [&str; 7] = [
    "fen",
    "notation",
    "ruleset",
    "lang",
    "compare",
    "no_capture_limit",
    "moves_read",
];

/// The options of a game that a JSON request carries in its fields, given apart from the
/// game: a record upload's query, the CLI's flags.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// `fen`.
    pub fen: Option<String>,
    /// `notation`.
    pub notation: Option<String>,
    /// `ruleset`.
    pub ruleset: Option<String>,
    /// `lang`.
    pub lang: Option<String>,
    /// `compare`.
    pub compare: Option<bool>,
    /// `no_capture_limit`.
    pub no_capture_limit: Option<i64>,
    /// `moves_read`.
    pub moves_read: Option<bool>,
}

impl GameOptions {
    /// Reads a query string (`ruleset=axf&lang=vi`, percent-encoded, `+` for a space; `None`
    /// when the URL has none), then checks each value as the JSON field is checked
    /// ([`GameOptions::check`]). A parameter the route does not know, one given twice, or a
    /// value its type cannot have (`compare=yes`, `no_capture_limit=ten`) is a 400
    /// `invalid-parameter` naming it.
    pub fn from_query(query: Option<&str>) -> Result<GameOptions, ApiError> {
        let mut options = GameOptions::default();
        for parameter in query::parameters(query, &QUERY_PARAMETERS) {
            let (known, value) = parameter?;
            let invalid = |message: Wording| query::invalid(known, message);
            match known {
                "fen" => options.fen = Some(value),
                "notation" => options.notation = Some(value),
                "ruleset" => options.ruleset = Some(value),
                "lang" => options.lang = Some(value),
                "compare" => options.compare = Some(boolean(&value).map_err(invalid)?),
                "moves_read" => options.moves_read = Some(boolean(&value).map_err(invalid)?),
                _ => {
                    let n = value
                        .trim()
                        .parse::<i64>()
                        .map_err(|_| invalid(wording::not_an_integer(&value)))?;
                    options.no_capture_limit = Some(n);
                }
            }
        }
        options.check()?;
        Ok(options)
    }

    /// Checks each value as [`AdjudicateRequest::check`] checks the same field, with the same
    /// answers: sizes, then the rule book, the notation, the language (`no_capture_limit`'s
    /// range with the sizes).
    pub fn check(&self) -> Result<(), ApiError> {
        let mut req = AdjudicateRequest::of_moves(Moves::default());
        self.fill(&mut req);
        req.check_limits(&Limits::DEFAULT)?;
        req.ruleset()?;
        req.notation()?;
        req.languages(None).map(drop)
    }

    /// The language of a problem with these options: `lang`, if we speak it; else the first of
    /// `accept_language` (the header's value) we speak; else English.
    pub fn problem_language(&self, accept_language: Option<&str>) -> Lang {
        problem_language(self.lang.as_deref(), accept_language)
    }

    /// The request of a record whose text is `text`: `game` is the text, the other fields are
    /// these options.
    pub fn record_request(&self, text: String) -> AdjudicateRequest {
        let mut req = AdjudicateRequest::of_moves(Moves::default());
        req.game = Some(text);
        self.fill(&mut req);
        req
    }

    /// Sets each field of `req` that it does not set itself to the option's value: a field the
    /// request sets wins.
    pub fn fill(&self, req: &mut AdjudicateRequest) {
        fn or<T: Clone>(field: &mut Option<T>, option: &Option<T>) {
            if field.is_none() {
                field.clone_from(option);
            }
        }
        or(&mut req.fen, &self.fen);
        or(&mut req.notation, &self.notation);
        or(&mut req.ruleset, &self.ruleset);
        or(&mut req.lang, &self.lang);
        or(&mut req.compare, &self.compare);
        or(&mut req.no_capture_limit, &self.no_capture_limit);
        or(&mut req.moves_read, &self.moves_read);
    }
}

/// The language of a problem with a query that may not read: its `lang`, if it has one we
/// speak; else `accept_language`'s; else English.
pub fn query_problem_language(query: Option<&str>, accept_language: Option<&str>) -> Lang {
    let lang = form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .find(|(name, _)| name == "lang")
        .map(|(_, value)| value);
    problem_language(lang.as_deref(), accept_language)
}

/// A game record sent as bytes, not yet read: the bytes, the charset they declare, and the
/// game's options. Reading it is work, done where the game is ruled
/// ([`RecordUpload::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordUpload {
    /// The record as sent.
    pub bytes: Vec<u8>,
    /// The `charset` parameter of its media type (the CLI's `--charset`), if any.
    pub charset: Option<String>,
    /// The game's options.
    pub options: GameOptions,
}

impl RecordUpload {
    /// The request the record makes (its text, decoded as [`decode::decode`] says, as `game`,
    /// the options as the other fields), and the encoding read. A charset that names no
    /// encoding is 415 `unsupported-charset`; bytes that are not text in the encoding chosen
    /// are 422 `invalid-record`, saying where. A text that is a JSON object or array is 415
    /// `unsupported-media-type`: a request sent without its JSON media type (as `fetch` sends a
    /// string), which would otherwise read as a record of one comment and get a ruling on no
    /// moves.
    ///
    /// Binary records are told by their first bytes before any decoding
    /// ([`records::sniff`]): an XQF file is read as it is ([`records::xqf`]), its request's
    /// `game` the game written as PGN and its reading kept, with no encoding; CCBridge's CBR
    /// and CBL are 422 `unsupported-record-format`.
    pub fn request(&self) -> Result<(AdjudicateRequest, Option<&'static Encoding>), ApiError> {
        match records::sniff(&self.bytes) {
            Sniffed::Unreadable(format) => {
                return Err(ApiError::UnsupportedRecordFormat { format });
            }
            Sniffed::Xqf => {
                let reading = records::xqf::read(&self.bytes);
                let text = reading
                    .as_ref()
                    .map(records::pgn::write)
                    .unwrap_or_default();
                let mut req = self.options.record_request(text);
                req.record = RecordOnce::read_already(reading);
                return Ok((req, None));
            }
            Sniffed::Text => {}
        }
        let (text, encoding) = self.text()?;
        let req = self.options.record_request(text.into_owned());
        Ok((req, Some(encoding)))
    }

    /// The text of a record that is text (not binary: [`records::sniff`]), decoded as
    /// [`decode::decode`] says, and the encoding read; the problems of
    /// [`RecordUpload::request`] for text.
    pub fn text(&self) -> Result<(std::borrow::Cow<'_, str>, &'static Encoding), ApiError> {
        let decoded =
            decode::decode(&self.bytes, self.charset.as_deref()).map_err(|e| match e {
                DecodeError::UnknownCharset(charset) => ApiError::UnsupportedCharset {
                    charset: elide(&charset, ECHO_CHARS),
                },
                DecodeError::Malformed {
                    encoding,
                    chosen,
                    offset,
                    line,
                    column,
                } => ApiError::UndecodableRecord {
                    encoding: decode::name(encoding),
                    chosen,
                    offset,
                    line,
                    column,
                },
            })?;
        if is_json(&decoded.text) {
            return Err(ApiError::UnsupportedMediaType {
                why: Fixed::JsonAsRecord,
            });
        }
        Ok((decoded.text, decoded.encoding))
    }

    /// Reads the record and checks the request it makes ([`AdjudicateRequest::check`]): the
    /// game, with the encoding read.
    pub fn check(self, limits: &Limits, accept_language: Option<&str>) -> Result<Game, ApiError> {
        let (req, encoding) = self.request()?;
        let mut game = req.check(limits, accept_language)?;
        game.record_encoding = encoding;
        Ok(game)
    }

    /// The most plies the record can hold, known without reading it: a ply takes at least
    /// [`MIN_RECORD_PLY_BYTES`] bytes in any encoding ([`AdjudicateRequest::plies_at_most`]).
    pub fn plies_at_most(&self) -> usize {
        self.bytes.len() / MIN_RECORD_PLY_BYTES
    }

    /// The language of this upload's problems ([`GameOptions::problem_language`]).
    pub fn problem_language(&self, accept_language: Option<&str>) -> Lang {
        self.options.problem_language(accept_language)
    }
}

/// Whether `text` is a JSON object or array (no record is: a PGN starts `[Tag "..."]`, a
/// comment `{...}` holds no JSON).
fn is_json(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}').trim_start();
    (text.starts_with('{') || text.starts_with('['))
        && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

/// The body of `POST /v1/adjudicate`: a request read from JSON, or a record sent as the body.
#[derive(Debug, Clone)]
pub enum GameBody {
    /// A JSON request (with the query's options filled in where it sets none).
    Request(AdjudicateRequest),
    /// A record sent as the body, not yet read.
    Record(RecordUpload),
}

impl GameBody {
    /// The language of this body's problems.
    pub fn problem_language(&self, accept_language: Option<&str>) -> Lang {
        match self {
            GameBody::Request(req) => req.problem_language(accept_language),
            GameBody::Record(upload) => upload.problem_language(accept_language),
        }
    }

    /// The most plies the game can have, known without reading a record.
    pub fn plies_at_most(&self) -> usize {
        match self {
            GameBody::Request(req) => req.plies_at_most(),
            GameBody::Record(upload) => upload.plies_at_most(),
        }
    }

    /// Whether the game comes as a record (checking it is reading it: work).
    pub fn has_record(&self) -> bool {
        match self {
            GameBody::Request(req) => req.game.is_some(),
            GameBody::Record(_) => true,
        }
    }

    /// Checks the game once into the typed [`Game`] the arbiter rules on.
    pub fn check(self, limits: &Limits, accept_language: Option<&str>) -> Result<Game, ApiError> {
        match self {
            GameBody::Request(req) => req.check(limits, accept_language),
            GameBody::Record(upload) => upload.check(limits, accept_language),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(query: &str) -> (String, String) {
        match GameOptions::from_query(Some(query)) {
            Err(ApiError::InvalidParameter { parameter, message }) => {
                (parameter, message.get(Lang::En).to_owned())
            }
            other => panic!("{query}: {other:?}"),
        }
    }

    #[test]
    fn the_query_gives_the_json_fields() {
        let options = GameOptions::from_query(Some(
            "fen=4k4/9/c8/9/9/9/9/9/9/1R1K5+w+-+-+0+1&notation=wxf&ruleset=axf&lang=vi\
             &compare=true&no_capture_limit=60",
        ))
        .unwrap();
        assert_eq!(
            options,
            GameOptions {
                fen: Some("4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1".to_owned()),
                notation: Some("wxf".to_owned()),
                ruleset: Some("axf".to_owned()),
                lang: Some("vi".to_owned()),
                compare: Some(true),
                no_capture_limit: Some(60),
                moves_read: None,
            }
        );
        assert_eq!(
            GameOptions::from_query(None).unwrap(),
            GameOptions::default()
        );
        assert_eq!(
            GameOptions::from_query(Some("")).unwrap(),
            GameOptions::default()
        );
    }

    #[test]
    fn a_parameter_unknown_twice_or_of_the_wrong_type_is_named() {
        assert_eq!(parameter("moves=h2e2").0, "moves");
        assert!(
            parameter("Ruleset=axf")
                .1
                .contains("the parameters are fen, notation")
        );
        assert_eq!(parameter("lang=vi&lang=en").1, "given more than once");
        assert_eq!(
            parameter("compare=yes"),
            (
                "compare".to_owned(),
                "expected true or false, got \"yes\"".to_owned()
            )
        );
        assert_eq!(parameter("no_capture_limit=1.5").0, "no_capture_limit");
    }

    #[test]
    fn values_are_checked_as_the_json_fields_are() {
        let err = |q| GameOptions::from_query(Some(q)).unwrap_err();
        assert!(matches!(
            err("ruleset=asian"),
            ApiError::UnknownRuleset { .. }
        ));
        assert!(matches!(
            err("notation=lan"),
            ApiError::UnknownNotation { .. }
        ));
        assert!(matches!(
            err("lang=fr"),
            ApiError::InvalidRequest { field, .. } if field == "lang"
        ));
        assert!(matches!(
            err("no_capture_limit=0"),
            ApiError::InvalidRequest { field, .. } if field == "no_capture_limit"
        ));
        let long = format!("fen={}", "x".repeat(200));
        assert!(matches!(
            err(&long),
            ApiError::InvalidRequest { field, .. } if field == "fen"
        ));
    }

    #[test]
    fn a_field_the_request_sets_wins() {
        let options = GameOptions::from_query(Some("lang=zh&ruleset=axf")).unwrap();
        let mut req = AdjudicateRequest::of_moves(Moves::default());
        req.lang = Some("vi".to_owned());
        options.fill(&mut req);
        assert_eq!(
            (req.lang.as_deref(), req.ruleset.as_deref()),
            (Some("vi"), Some("axf"))
        );
    }

    #[test]
    fn a_problem_with_the_query_speaks_its_lang() {
        assert_eq!(
            query_problem_language(Some("x=1&lang=zh"), Some("vi")),
            Lang::Zh
        );
        assert_eq!(
            query_problem_language(Some("lang=fr"), Some("vi")),
            Lang::Vi
        );
        assert_eq!(query_problem_language(None, None), Lang::En);
    }

    #[test]
    fn a_record_upload_makes_the_request_a_json_game_makes() {
        let text = "[FEN \"4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n1. 車八平九 包１平２\n";
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        let upload = RecordUpload {
            bytes: gbk.into_owned(),
            charset: None,
            options: GameOptions::from_query(Some("ruleset=axf")).unwrap(),
        };
        let (req, encoding) = upload.request().unwrap();
        let json: AdjudicateRequest = serde_json::from_value(serde_json::json!({
            "game": text, "ruleset": "axf"
        }))
        .unwrap();
        assert_eq!((req, encoding), (json, Some(encoding_rs::GBK)));
        let game = upload.check(&Limits::DEFAULT, None).unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.record_encoding, Some(encoding_rs::GBK));
    }
}
