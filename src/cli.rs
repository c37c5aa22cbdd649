//! The offline subcommands: the same JSON as the HTTP API, read from a file
//! or standard input and written to standard output, for arbiters without a
//! server; and perft for checking the move generator.
//!
//! Input is read a line at a time and each value is answered as soon as it is complete, one
//! JSON line per answer, flushed at once: a program can hold a conversation over a pipe.
//! A value may span lines (a pretty-printed file): lines are gathered while a `{` or `[` is
//! open, except that a line beginning with `{` or `[` in its first column always starts a new
//! value (the open one is answered as cut short). A line that is not JSON is answered with its
//! `malformed-json` problem and reading goes on with the next line. Answers are the API's own
//! structs written with `serde_json::to_writer`, so their keys come in the order the HTTP API
//! sends them.
//!
//! `adjudicate` also takes a game record (any layout [`crate::records`] reads): when the
//! first non-blank line does not start a JSON value, the whole input is one `game`, read as
//! bytes in the encoding it was saved in (GBK, Big5, UTF-16 with a byte-order mark, ...), as a
//! record sent as the body of `POST /v1/adjudicate` is ([`crate::api::upload`]): its answer
//! says which encoding was read (`record_encoding`).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;

use crate::api::answer::{BatchItem, GameItem, Verdict};
use crate::api::json::{parse_part, problem_language_of};
use crate::api::request::{AdjudicateRequest, BatchRequest, LegalMovesRequest};
use crate::api::upload::{GameOptions, RecordUpload};
use crate::api::wording;
use crate::api::{ApiError, Arbiter, Cancel, LawArbiter, Limits, adjudicate_batch, adjudicate_one};
use crate::xiangqi::{Position, divide, notation::Notation, perft};

/// Exit status: every input value was answered with a ruling (or a position).
pub const EXIT_OK: u8 = 0;
/// Exit status: every input value was answered, and some answers were problems (bad input).
pub const EXIT_PROBLEMS: u8 = 1;
/// Exit status: the command line was wrong (clap's own status for usage errors).
pub const EXIT_USAGE: u8 = 2;
/// Exit status: input could not be read or output could not be written (a missing file, a
/// closed standard output); answers already written stand.
pub const EXIT_IO: u8 = 3;

/// Request fields given on the command line. Each fills its field in every request that does
/// not set it (a key present in the input wins, even when its value is `null`); in a batch,
/// each game is filled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Defaults {
    /// `--fen`: the start position.
    pub fen: Option<String>,
    /// `--notation`: the notation of the moves (and of the answer's moves).
    pub notation: Option<String>,
    /// `--lang`: the language of the answer's texts; sent as the `lang` key.
    pub lang: Option<String>,
    /// `--charset`: the encoding of a game record (not of JSON, which is UTF-8), as the
    /// `charset` of a record sent to the HTTP API; without it, a record's byte-order mark, else
    /// UTF-8, else the encoding detected.
    pub charset: Option<String>,
}

impl Defaults {
    /// The fields to fill, as JSON keys and values, in a fixed order.
    fn fields(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("fen", &self.fen),
            ("notation", &self.notation),
            ("lang", &self.lang),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_deref().map(|v| (key, v)))
    }

    /// The fields to fill, as the options of a game record.
    fn options(&self) -> GameOptions {
        GameOptions {
            fen: self.fen.clone(),
            notation: self.notation.clone(),
            lang: self.lang.clone(),
            ..GameOptions::default()
        }
    }

    /// `raw` with each field it lacks filled in, the client's own text otherwise untouched (so a
    /// repeated key or an unknown field gets the answer it would get without flags). A value
    /// that is not an object is left alone: the parser will say what is wrong with it.
    fn fill<'a>(&self, raw: &'a str) -> Cow<'a, str> {
        if self.fields().next().is_none() {
            return Cow::Borrowed(raw);
        }
        let Some(keys) = keys_of(raw) else {
            return Cow::Borrowed(raw);
        };
        let added: Vec<String> = self
            .fields()
            .filter(|(key, _)| !keys.contains_key(*key))
            .map(|(key, value)| format!("{}:{}", json_string(key), json_string(value)))
            .collect();
        let Some(body) = raw.trim_start().strip_prefix('{') else {
            return Cow::Borrowed(raw);
        };
        if added.is_empty() {
            return Cow::Borrowed(raw);
        }
        let comma = if body.trim_start().starts_with('}') {
            ""
        } else {
            ","
        };
        Cow::Owned(format!("{{{}{comma}{body}", added.join(",")))
    }
}

/// The top-level keys of `raw`, or `None` if it is not a JSON object.
fn keys_of(raw: &str) -> Option<BTreeMap<String, IgnoredAny>> {
    serde_json::from_str(raw).ok()
}

fn json_string(s: &str) -> String {
    // Serializing a string cannot fail.
    serde_json::to_string(s).unwrap_or_default()
}

/// Opens the input named on the command line: a path, or `-`/nothing for stdin.
fn open_input(path: Option<&Path>) -> io::Result<Box<dyn BufRead>> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            let file = std::fs::File::open(p)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
            Ok(Box::new(BufReader::new(file)))
        }
        _ => Ok(Box::new(io::stdin().lock())),
    }
}

/// An answer as JSON text: the struct itself, serialized in its fields' order.
type Reply = Result<Vec<u8>, ApiError>;

fn to_json<T: Serialize>(v: &T) -> Reply {
    serde_json::to_vec(v).map_err(|_| ApiError::Internal)
}

/// Writes answers, one line each, flushed at once, and counts the problems.
struct Answers<'a, W: Write> {
    out: W,
    problems: usize,
    answer: &'a mut dyn FnMut(&str) -> Reply,
    /// `--lang`: the language of problems whose input does not say its own `lang`.
    lang: Option<&'a str>,
}

impl<W: Write> Answers<'_, W> {
    /// Writes `reply`, the answer to `input`: a problem is worded in the input's `lang`,
    /// else in `--lang`'s, else in English.
    fn write(&mut self, reply: Reply, input: Option<&str>) -> io::Result<()> {
        let json = reply.or_else(|e| {
            self.problems += 1;
            let lang = problem_language_of(input.unwrap_or("").as_bytes(), self.lang);
            serde_json::to_vec(&e.to_problem_in(lang)).map_err(io::Error::other)
        })?;
        self.out.write_all(&json)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// Answers every value of `chunk` (one line, or the lines of one value); after a value
    /// that is not JSON, the rest of the chunk is that value's problem.
    fn chunk(&mut self, chunk: &[u8]) -> io::Result<()> {
        let mut values = serde_json::Deserializer::from_slice(chunk).into_iter::<&RawValue>();
        loop {
            match values.next() {
                None => return Ok(()),
                Some(Ok(raw)) => {
                    let reply = (self.answer)(raw.get());
                    self.write(reply, Some(raw.get()))?;
                }
                Some(Err(_)) => {
                    let bad = &chunk[values.byte_offset()..];
                    return self.write(Err(malformed(bad)), None);
                }
            }
        }
    }
}

/// The problem of a text that is not JSON, worded by the API's parser.
fn malformed(bad: &[u8]) -> ApiError {
    let detail = match std::str::from_utf8(bad) {
        Ok(text) => match parse_part::<IgnoredAny>(text) {
            Err(e) => return e,
            Ok(_) => wording::json_invalid(None, None),
        },
        Err(e) => wording::json_not_utf8(e.valid_up_to() + 1),
    };
    ApiError::MalformedJson { detail }
}

/// Where a value stands after the lines read so far: how deep in brackets, inside a string.
#[derive(Default)]
struct Scan {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Scan {
    /// Reads one line; true if the value is complete (or can no longer become valid).
    fn line(&mut self, line: &[u8]) -> bool {
        for &b in line {
            if self.in_string {
                match b {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
            } else {
                match b {
                    b'"' => self.in_string = true,
                    b'{' | b'[' => self.depth += 1,
                    b'}' | b']' => self.depth -= 1,
                    _ => {}
                }
            }
        }
        // A JSON string never spans lines: one still open is an error to answer now.
        self.in_string || self.depth <= 0
    }
}

/// Whether a line starts a JSON value in its first column (and so never continues one).
fn starts_value(line: &[u8]) -> bool {
    matches!(line.first(), Some(b'{' | b'['))
}

/// Whether the first non-blank line of the input starts JSON rather than a game record. A
/// PGN tag or a DhtmlXQ block also starts with `[`, but a letter follows it.
fn looks_like_json(line: &[u8]) -> bool {
    let text = line.trim_ascii_start();
    match text.first() {
        Some(b'{') => true,
        Some(b'[') => !text[1..]
            .trim_ascii_start()
            .first()
            .is_some_and(u8::is_ascii_alphabetic),
        _ => false,
    }
}

/// What [`answer_stream`] did with its input.
#[derive(Debug, PartialEq, Eq)]
enum Streamed {
    /// Answered every JSON value; this many answers were problems.
    Answered(usize),
    /// The input is a game record, not JSON: its bytes, read to the end, left to answer.
    Record(Vec<u8>),
}

/// Reads `input` a line at a time and answers each JSON value as soon as it is complete.
/// With `records`, an input whose first non-blank line is not JSON is read to its end and
/// returned as a game record's bytes, unanswered.
fn answer_stream<W: Write>(
    input: &mut dyn BufRead,
    out: W,
    answer: &mut dyn FnMut(&str) -> Reply,
    records: bool,
    lang: Option<&str>,
) -> io::Result<Streamed> {
    let mut answers = Answers {
        out,
        problems: 0,
        answer,
        lang,
    };
    let mut pending = Vec::new();
    let mut scan = Scan::default();
    let mut line = Vec::new();
    let mut seen_value = false;
    if input.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        input.consume(3); // a UTF-8 byte-order mark, as some editors write
    }
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if !seen_value {
            if line.trim_ascii().is_empty() {
                // Leading blank lines: kept, so a record's line numbers stay right.
                pending.extend_from_slice(&line);
                continue;
            }
            seen_value = true;
            if records && !looks_like_json(&line) {
                pending.extend_from_slice(&line);
                input.read_to_end(&mut pending)?;
                return Ok(Streamed::Record(pending));
            }
            pending.clear();
        }
        if !pending.is_empty() && starts_value(&line) {
            // The open value never closed: answer it as it stands.
            answers.chunk(&pending)?;
            pending.clear();
            scan = Scan::default();
        }
        pending.extend_from_slice(&line);
        if scan.line(&line) {
            answers.chunk(&pending)?;
            pending.clear();
            scan = Scan::default();
        }
    }
    if seen_value && !pending.is_empty() {
        answers.chunk(&pending)?;
    }
    Ok(Streamed::Answered(answers.problems))
}

/// `adjudicate [FILE|-]`: each input value is an adjudicate request, or a
/// batch (`{"games": [...]}`); each answer is what the HTTP API would send. An input that
/// is not JSON is one game record, answered as the same bytes sent to the HTTP API as a record
/// are. Returns how many answers were problems.
pub fn adjudicate(path: Option<&Path>, defaults: &Defaults, limits: Limits) -> io::Result<usize> {
    let arbiter = LawArbiter;
    let mut answer = |raw: &str| -> Reply {
        if keys_of(raw).is_some_and(|keys| keys.contains_key("games")) {
            let mut batch: BatchRequest = parse_part(raw)?;
            for game in &mut batch.games {
                if let Cow::Owned(filled) = defaults.fill(game.get()) {
                    *game = RawValue::from_string(filled).map_err(|_| ApiError::Internal)?;
                }
            }
            Ok(adjudicate_batch(&arbiter, &limits, &batch, &Cancel::new())?
                .to_json()
                .into_bytes())
        } else {
            let req: AdjudicateRequest = parse_part(&defaults.fill(raw))?;
            Ok(adjudicate_one(&arbiter, &limits, req, None)?
                .to_json()
                .into_bytes())
        }
    };
    let mut input = open_input(path)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let streamed = answer_stream(
        &mut input,
        &mut out,
        &mut answer,
        true,
        defaults.lang.as_deref(),
    )?;
    match streamed {
        Streamed::Answered(problems) => Ok(problems),
        Streamed::Record(bytes) => {
            let upload = RecordUpload {
                bytes,
                charset: defaults.charset.clone(),
                options: defaults.options(),
            };
            let progress = if io::stderr().is_terminal() {
                Progress::Bar
            } else {
                Progress::Hidden
            };
            let summary = rule_record(&upload, limits, progress, &mut out)?;
            eprintln!("{summary}");
            Ok(summary.problems)
        }
    }
}

/// Games ruled at once, on every core, between two writes of their answers in order.
const GAMES_PER_ROUND: usize = 1024;

/// Whether to draw a progress bar on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A bar, when standard error is a terminal.
    Bar,
    /// None, when it is a file or a pipe.
    Hidden,
}

/// Rules every game of a record (one or many, [`crate::records::games`]) on every core and
/// writes one JSON line per game, in the record's order: its `index` and `tags`, then its
/// ruling or problem ([`crate::api::answer::GameItem`]). A record that cannot be decoded at
/// all is one problem line. Returns the summary of what was ruled.
pub fn rule_record(
    upload: &RecordUpload,
    limits: Limits,
    progress: Progress,
    out: &mut dyn Write,
) -> io::Result<Summary> {
    let limits = limits.any_record_size();
    let mut summary = Summary::default();
    let record = match upload.games() {
        Ok(record) => record,
        Err(e) => {
            summary.problems += 1;
            let lang = upload.problem_language(None);
            serde_json::to_writer(&mut *out, &e.to_problem_in(lang))?;
            out.write_all(b"\n")?;
            out.flush()?;
            return Ok(summary);
        }
    };
    let games = record.split();
    let bar = match progress {
        Progress::Bar => ProgressBar::new(games.len() as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        Progress::Hidden => ProgressBar::hidden(),
    };
    // Drawn at once, so that even a record ruled in a blink shows its bar.
    bar.tick();
    let cancel = Cancel::new();
    for (round, chunk) in games.chunks(GAMES_PER_ROUND).enumerate() {
        let first = round * GAMES_PER_ROUND + 1;
        let ruled: Vec<Result<GameItem, ApiError>> = chunk
            .par_iter()
            .enumerate()
            .map(|(n, game)| {
                let index = u32::try_from(first + n).unwrap_or(u32::MAX);
                record.rule(&LawArbiter, &limits, game, index, None, &cancel)
            })
            .collect();
        for item in ruled {
            // Nothing cancels the CLI's rulings.
            let Ok(item) = item else { continue };
            summary.count(&item);
            out.write_all(item.to_json().as_bytes())?;
            out.write_all(b"\n")?;
        }
        out.flush()?;
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    Ok(summary)
}

/// What the rulings of a record's games came to, for standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games answered.
    pub games: usize,
    /// Rulings that found a repetition.
    pub repetitions: usize,
    /// Rulings by verdict, in the order of [`Verdict::ALL`].
    pub verdicts: [usize; Verdict::ALL.len()],
    /// Games answered with a problem (unreadable, illegal, over a limit), and a record that
    /// could not be decoded at all.
    pub problems: usize,
}

impl Summary {
    fn count(&mut self, item: &GameItem) {
        self.games += 1;
        match &item.item {
            BatchItem::Verdict(answer) => {
                self.repetitions += usize::from(answer.repetition.is_some());
                if let Some(n) = Verdict::ALL.iter().position(|v| *v == answer.verdict) {
                    self.verdicts[n] += 1;
                }
            }
            BatchItem::Problem(_) => self.problems += 1,
        }
    }
}

impl std::fmt::Display for Summary {
    /// `12 games, 3 repetitions; verdicts: none 9, must_change 0, loss 2, draw 1; 0 unreadable`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} game{}, {} repetition{}; verdicts:",
            self.games,
            plural(self.games),
            self.repetitions,
            plural(self.repetitions)
        )?;
        for (n, verdict) in Verdict::ALL.iter().enumerate() {
            let sep = if n == 0 { "" } else { "," };
            write!(f, "{sep} {} {}", verdict.as_str(), self.verdicts[n])?;
        }
        write!(f, "; {} unreadable", self.problems)
    }
}

/// `legal-moves [FILE|-]`: each input value is a legal-moves request (`--lang` is not
/// used). Returns how many answers were problems.
pub fn legal_moves(path: Option<&Path>, defaults: &Defaults, limits: Limits) -> io::Result<usize> {
    let arbiter = LawArbiter;
    let defaults = Defaults {
        lang: None,
        charset: None,
        ..defaults.clone()
    };
    let mut answer = |raw: &str| -> Reply {
        let req: LegalMovesRequest = parse_part(&defaults.fill(raw))?;
        req.check_limits(&limits)?;
        to_json(&arbiter.legal_moves(&req)?)
    };
    let mut input = open_input(path)?;
    match answer_stream(
        &mut input,
        BufWriter::new(io::stdout().lock()),
        &mut answer,
        false,
        None,
    )? {
        Streamed::Answered(problems) => Ok(problems),
        Streamed::Record(_) => unreachable!("records are not read without `records`"),
    }
}

/// Why perft stopped: a FEN that does not read (bad input) or output that could not be
/// written.
#[derive(Debug)]
pub enum PerftError {
    /// The FEN is not a legal position.
    Fen(String),
    /// Standard output could not be written.
    Io(io::Error),
}

impl From<io::Error> for PerftError {
    fn from(e: io::Error) -> PerftError {
        PerftError::Io(e)
    }
}

/// `perft --fen FEN --depth N [--divide]`: prints the split by first move
/// (ICCS) if asked, then `nodes N` as the last line.
pub fn perft_command(fen: &str, depth: u32, split: bool) -> Result<(), PerftError> {
    let pos = Position::from_fen(fen).map_err(|e| PerftError::Fen(e.to_string()))?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nodes = if split {
        let mut total = 0;
        for (m, n) in divide(&pos, depth) {
            writeln!(out, "{} {n}", Notation::Iccs.format_move(&pos, m))?;
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    writeln!(out, "nodes {nodes}")?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, record: bool) -> (String, usize) {
        let mut out = Vec::new();
        let mut echo = |raw: &str| -> Reply {
            parse_part::<serde_json::Value>(raw)?;
            Ok(raw.as_bytes().to_vec())
        };
        let streamed =
            answer_stream(&mut input.as_bytes(), &mut out, &mut echo, record, None).unwrap();
        let problems = match streamed {
            Streamed::Answered(problems) => problems,
            Streamed::Record(bytes) => {
                let text = String::from_utf8(bytes).expect("UTF-8 in these tests");
                out.extend_from_slice(format!("{{\"game\":{}}}\n", json_string(&text)).as_bytes());
                0
            }
        };
        (String::from_utf8(out).unwrap(), problems)
    }

    #[test]
    fn a_bad_line_is_answered_and_the_next_is_read() {
        let (out, problems) = run("{\"a\":1}\nnot json\n{\"b\":2} {\"c\":3}\n", false);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert_eq!(lines[0], "{\"a\":1}");
        assert!(lines[1].contains("malformed-json"), "{out}");
        assert_eq!((lines[2], lines[3]), ("{\"b\":2}", "{\"c\":3}"));
        assert_eq!(problems, 1);
    }

    #[test]
    fn a_value_may_span_lines_until_a_new_one_starts_in_column_one() {
        let (out, problems) = run("{\n  \"a\": [\n    1\n  ]\n}\n", false);
        assert_eq!(
            (out.as_str(), problems),
            ("{\n  \"a\": [\n    1\n  ]\n}\n", 0)
        );
        // A value cut short is answered when the next value starts.
        let (out, problems) = run("{\"a\": [\n{\"b\":2}\n", false);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].contains("malformed-json"), "{out}");
        assert_eq!((lines[1], problems), ("{\"b\":2}", 1));
        // ... or at the end of the input; an open string ends with its line.
        let (out, problems) = run("{\"a\": \"x\n{\"b\": [\n", false);
        assert_eq!((out.lines().count(), problems), (2, 2), "{out}");
    }

    #[test]
    fn a_record_is_the_whole_input_when_its_first_line_is_not_json() {
        let (out, _) = run("\n[Event \"x\"]\n1. h2e2 h9g7\n", true);
        assert_eq!(
            out,
            "{\"game\":\"\\n[Event \\\"x\\\"]\\n1. h2e2 h9g7\\n\"}\n"
        );
        let (out, _) = run("1. C2=5", true);
        assert_eq!(out, "{\"game\":\"1. C2=5\"}\n");
        // JSON is still JSON, arrays included.
        let (out, _) = run("[ {\"a\":1} ]\n", true);
        assert_eq!(out, "[ {\"a\":1} ]\n");
        // Without records, text is a malformed line.
        let (out, problems) = run("1. C2=5\n", false);
        assert!(out.contains("malformed-json") && problems == 1, "{out}");
    }

    #[test]
    fn flags_fill_only_the_fields_a_request_lacks() {
        let d = Defaults {
            fen: Some("F".to_owned()),
            notation: Some("wxf".to_owned()),
            ..Defaults::default()
        };
        assert_eq!(
            d.fill(r#"{"moves": []}"#),
            r#"{"fen":"F","notation":"wxf","moves": []}"#
        );
        assert_eq!(d.fill("{ }"), r#"{"fen":"F","notation":"wxf" }"#);
        assert_eq!(
            d.fill(r#"{"fen": null, "notation": "iccs"}"#),
            r#"{"fen": null, "notation": "iccs"}"#
        );
        assert_eq!(d.fill("[1]"), "[1]");
        assert_eq!(Defaults::default().fill("{}"), "{}");
        // `lang` only when given, and never over the request's own.
        let lang = Defaults {
            lang: Some("zh".to_owned()),
            ..Defaults::default()
        };
        assert_eq!(lang.fill(r#"{"moves":[]}"#), r#"{"lang":"zh","moves":[]}"#);
        assert_eq!(lang.fill(r#"{"lang":"vi"}"#), r#"{"lang":"vi"}"#);
        // A repeated key stays repeated, for the parser to refuse.
        assert_eq!(
            d.fill(r#"{"moves":[],"moves":[]}"#),
            r#"{"fen":"F","notation":"wxf","moves":[],"moves":[]}"#
        );
    }
}
