//! The training load of the profile-guided build (`scripts/pgo.sh`): a running server is sent
//! what it serves in production, so that the compiler learns its hot paths from a real run.
//!
//! Each of `THREADS` keep-alive connections sends, per round, game200 (the long real game of
//! the load tests) [`GAME200_PER_ROUND`] times and every public case of both rule books once,
//! in Vietnamese and in English. It also checks the server: no answer may be a server error,
//! and every answer to the same request must be the same, status and bytes. (That the answers
//! are right is checked on the built binary, against the pinned answer corpus.)
//!
//! ```text
//! pgo_train 127.0.0.1:8080 [ROUNDS] [THREADS]      # defaults: 100 rounds, 4 threads
//! ```

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::Value;

const GAME200: &str = include_str!("../../tests/data/game200.json");
const CASES: [&str; 2] = [
    include_str!("../../tests/data/public.json"),
    include_str!("../../tests/data/axf_public.json"),
];
/// game200 dominates the load, as it does in `scripts/ab.sh`.
const GAME200_PER_ROUND: usize = 8;
/// How long to wait for the server to accept connections.
const CONNECT_WITHIN: Duration = Duration::from_secs(20);

/// One request of a round.
struct Training {
    name: String,
    body: String,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(addr) = args.first().cloned() else {
        eprintln!("usage: pgo_train ADDR [ROUNDS] [THREADS]");
        return ExitCode::from(2);
    };
    let number = |i: usize, default: usize| args.get(i).map_or(Ok(default), |s| s.parse());
    let (Ok(rounds), Ok(threads)) = (number(1, 100), number(2, 4)) else {
        eprintln!("pgo_train: ROUNDS and THREADS are numbers");
        return ExitCode::from(2);
    };
    let round = match training_round() {
        Ok(round) => round,
        Err(e) => {
            eprintln!("pgo_train: {e}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let results: Vec<Result<usize, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| scope.spawn(|| train(&addr, &round, rounds)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let mut sent = 0;
    for result in results {
        match result {
            Ok(n) => sent += n,
            Err(e) => {
                eprintln!("pgo_train: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "pgo_train: {sent} answers, each the same on every round, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// One round's requests: game200 and every public case in two languages.
fn training_round() -> Result<Vec<Training>, String> {
    let mut round = Vec::new();
    for file in CASES {
        let file: Value = serde_json::from_str(file).map_err(|e| e.to_string())?;
        let cases = file["cases"]
            .as_array()
            .ok_or("a cases file without cases")?;
        for case in cases {
            for lang in ["vi", "en"] {
                let body = serde_json::json!({
                    "fen": case["fen"],
                    "moves": case["moves"],
                    "ruleset": case["ruleset"],
                    "lang": lang,
                });
                round.push(Training {
                    name: format!("{} ({lang})", case["id"]),
                    body: body.to_string(),
                });
            }
        }
    }
    for _ in 0..GAME200_PER_ROUND {
        round.push(Training {
            name: "game200".into(),
            // As written, byte for byte: the body `scripts/ab.sh` sends.
            body: GAME200.to_owned(),
        });
    }
    Ok(round)
}

/// Sends `rounds` rounds over one keep-alive connection; returns the answers read.
fn train(addr: &str, round: &[Training], rounds: usize) -> Result<usize, String> {
    let mut conn = connect(addr)?;
    let mut reader = BufReader::new(conn.try_clone().map_err(|e| e.to_string())?);
    // The first answer to each request of the round.
    let mut first: Vec<Option<(u16, String)>> = vec![None; round.len()];
    let mut sent = 0;
    for _ in 0..rounds {
        for (t, first) in round.iter().zip(&mut first) {
            let head = format!(
                "POST /v1/adjudicate HTTP/1.1\r\nHost: {addr}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                t.body.len()
            );
            conn.write_all(head.as_bytes())
                .and_then(|()| conn.write_all(t.body.as_bytes()))
                .map_err(|e| format!("{}: sending: {e}", t.name))?;
            let answer = read_answer(&mut reader).map_err(|e| format!("{}: {e}", t.name))?;
            if answer.0 >= 500 {
                return Err(format!("{}: status {}: {}", t.name, answer.0, answer.1));
            }
            let first = first.get_or_insert_with(|| answer.clone());
            if *first != answer {
                return Err(format!("{}: answered {first:?}, then {answer:?}", t.name));
            }
            sent += 1;
        }
    }
    Ok(sent)
}

/// Connects to `addr`, retrying while the server starts.
fn connect(addr: &str) -> Result<TcpStream, String> {
    let deadline = Instant::now() + CONNECT_WITHIN;
    loop {
        match TcpStream::connect(addr) {
            Ok(conn) => {
                conn.set_nodelay(true).map_err(|e| e.to_string())?;
                return Ok(conn);
            }
            Err(e) if Instant::now() > deadline => {
                return Err(format!("connecting to {addr}: {e}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// Reads one HTTP/1.1 answer with a `content-length`: its status and body.
fn read_answer(reader: &mut impl BufRead) -> Result<(u16, String), String> {
    let mut line = String::new();
    reader.read_line(&mut line).map_err(|e| e.to_string())?;
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not an HTTP answer: {line:?}"))?;
    let mut length = None;
    loop {
        line.clear();
        reader.read_line(&mut line).map_err(|e| e.to_string())?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let length = length.ok_or("an answer without content-length")?;
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    String::from_utf8(body)
        .map(|body| (status, body))
        .map_err(|e| e.to_string())
}
