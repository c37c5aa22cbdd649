//! The offline subcommands: the same JSON as the HTTP API, read from a file
//! or standard input and written to standard output, for arbiters without a
//! server; and perft for checking the move generator.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use serde_json::Value;

use crate::api::json::parse_part;
use crate::api::request::{AdjudicateRequest, BatchRequest, LegalMovesRequest};
use crate::api::{ApiError, Arbiter, Cancel, LawArbiter, Limits, adjudicate_batch, adjudicate_one};
use crate::xiangqi::{Position, divide, notation::Notation, perft};

/// Reads the input named on the command line: a path, or `-`/nothing for stdin.
fn read_input(path: Option<&Path>) -> io::Result<String> {
    let mut text = String::new();
    match path {
        None => io::stdin().read_to_string(&mut text)?,
        Some(p) if p.as_os_str() == "-" => io::stdin().read_to_string(&mut text)?,
        Some(p) => std::fs::File::open(p)?.read_to_string(&mut text)?,
    };
    Ok(text)
}

/// Answers each JSON value of the input (one document, or JSON Lines) with
/// `answer`, one JSON line each. Returns how many answers were problems.
fn answer_each(
    path: Option<&Path>,
    mut answer: impl FnMut(Value) -> Result<Value, ApiError>,
) -> io::Result<usize> {
    let text = read_input(path)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut problems = 0;
    for value in serde_json::Deserializer::from_str(&text).into_iter::<Value>() {
        let reply = match value {
            Ok(v) => answer(v),
            Err(e) => Err(ApiError::MalformedJson {
                detail: e.to_string(),
            }),
        };
        let json = reply.unwrap_or_else(|e| {
            problems += 1;
            serde_json::to_value(e.to_problem()).unwrap_or(Value::Null)
        });
        serde_json::to_writer(&mut out, &json).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
        // A malformed value ends the stream: nothing after it can be trusted.
        if json
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t.ends_with("malformed-json"))
        {
            break;
        }
    }
    out.flush()?;
    Ok(problems)
}

/// Reads one input value as `T` with the API's own parser, so a malformed request gets the
/// answer the HTTP API would give.
fn parse<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, ApiError> {
    parse_part(&v.to_string())
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<Value, ApiError> {
    serde_json::to_value(v).map_err(|_| ApiError::Internal)
}

/// `adjudicate [FILE|-]`: each input value is an adjudicate request, or a
/// batch (`{"games": [...]}`); each answer is what the HTTP API would send.
pub fn adjudicate(path: Option<&Path>, limits: Limits) -> io::Result<usize> {
    let arbiter = LawArbiter;
    answer_each(path, |v| {
        if v.get("games").is_some() {
            let batch: BatchRequest = parse(&v)?;
            to_json(&adjudicate_batch(
                &arbiter,
                &limits,
                &batch,
                &Cancel::new(),
            )?)
        } else {
            let req: AdjudicateRequest = parse(&v)?;
            to_json(&adjudicate_one(&arbiter, &limits, &req)?)
        }
    })
}

/// `legal-moves [FILE|-]`: each input value is a legal-moves request.
pub fn legal_moves(path: Option<&Path>, limits: Limits) -> io::Result<usize> {
    let arbiter = LawArbiter;
    answer_each(path, |v| {
        let req: LegalMovesRequest = parse(&v)?;
        req.check_limits(&limits)?;
        to_json(&arbiter.legal_moves(&req)?)
    })
}

/// `perft --fen FEN --depth N [--divide]`: prints the split by first move
/// (ICCS) if asked, then `nodes N` as the last line.
pub fn perft_command(fen: &str, depth: u32, split: bool) -> Result<(), String> {
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nodes = if split {
        let mut total = 0;
        for (m, n) in divide(&pos, depth) {
            writeln!(out, "{} {n}", Notation::Iccs.format_move(&pos, m))
                .map_err(|e| e.to_string())?;
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    writeln!(out, "nodes {nodes}").map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())
}
