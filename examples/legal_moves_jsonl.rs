//! Throwaway stand-in for `xiangqi-arbiter legal-moves [FILE|-]` (JSON Lines in,
//! JSON Lines out), used by tests/differential/ until the real subcommand exists.
//! Only the `iccs` notation is supported and only `iccs`/`uci` are written.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};

use serde_json::{Value, json};
use xiangqi_arbiter::xiangqi::{Color, GameEnd, Move, Position, START_FEN, Square};

fn color(c: Color) -> &'static str {
    if c == Color::Red { "red" } else { "black" }
}

fn uci(m: Move) -> String {
    let sq = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1);
    format!("{}{}", sq(m.from), sq(m.to))
}

fn problem(kind: &str, detail: String) -> Value {
    json!({"type": format!("https://xiangqi-arbiter.dev/problems/{kind}"), "title": kind,
           "status": 422, "detail": detail})
}

fn answer(line: &str) -> Value {
    let req: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return problem("malformed-json", e.to_string()),
    };
    let fen = req.get("fen").and_then(Value::as_str).unwrap_or(START_FEN);
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => return problem("invalid-fen", e.to_string()),
    };
    let moves = req
        .get("moves")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (i, mv) in moves.iter().enumerate() {
        let s = mv.as_str().unwrap_or("");
        let square = |r: Option<&str>| r.and_then(Square::from_iccs);
        let parsed = match (s.len(), square(s.get(..2)), square(s.get(2..))) {
            (4, Some(from), Some(to)) => Some(Move::new(from, to)),
            _ => None,
        };
        let Some(m) = parsed else {
            return problem("unparsable-move", format!("ply {}: {s}", i + 1));
        };
        let before = pos.to_fen();
        if let Err(r) = pos.play(m) {
            let mut p = problem("illegal-move", format!("ply {}: {s}: {r:?}", i + 1));
            p["fen"] = json!(before);
            p["ply"] = json!(i + 1);
            return p;
        }
    }
    let game_over = match pos.game_end() {
        None => Value::Null,
        Some(GameEnd::Checkmate { winner }) => {
            json!({"winner": color(winner), "reason": "checkmate"})
        }
        Some(GameEnd::Stalemate { winner }) => {
            json!({"winner": color(winner), "reason": "stalemate"})
        }
    };
    let legal: Vec<Value> = pos
        .legal_moves()
        .iter()
        .map(|m| json!({"iccs": m.to_string(), "uci": uci(*m)}))
        .collect();
    json!({
        "position": {"fen": pos.to_fen(), "side_to_move": color(pos.turn()),
                     "in_check": pos.is_check(), "plies": moves.len()},
        "game_over": game_over,
        "legal_moves": legal,
    })
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let input: Box<dyn Read> = if arg == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(&arg).expect("open input"))
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in BufReader::new(input).lines() {
        let line = line.expect("read line");
        if line.trim().is_empty() {
            continue;
        }
        serde_json::to_writer(&mut out, &answer(&line)).expect("write");
        out.write_all(b"\n").expect("write");
    }
}
