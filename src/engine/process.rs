//! One engine process: started, shaken hands with, asked for moves over its pipes.
//!
//! Every read has a deadline and every line a length bound; the process is killed when its
//! [`Process`] is dropped (`kill_on_drop`), so a search abandoned half-way (its request gone)
//! or failed leaves no engine behind in an unknown state.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::{Instant, timeout_at};

use super::config::EngineConfig;
use super::search::{Failure, Found, Limit, Search};
use super::uci::{Line, Score, Squares, UciOption};

/// Longest line read from an engine: its option list and `info` lines are far shorter.
const MAX_LINE_BYTES: usize = 16 * 1024;
/// Most lines an engine may write before `uciok` (its id and options).
const MAX_HANDSHAKE_LINES: usize = 1_000;
/// How long a command may take to write: a pipe's buffer (64 KiB) takes a whole game's.
const WRITE_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an engine has to answer `bestmove` after `stop`, once its deadline has passed.
const STOP_GRACE: Duration = Duration::from_millis(300);

/// A running engine.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The line being read: kept across a read cut by its deadline, so no part is lost.
    line: Vec<u8>,
    /// Its `id name`.
    pub name: String,
    /// How it writes squares.
    squares: Squares,
    /// Its strength option (`Skill Level`, else `UCI_Elo`), and the value set now.
    strength: Option<(UciOption, Option<i64>)>,
}

impl Process {
    /// Starts the engine and shakes hands: `uci` … `uciok`, the variant and the configured
    /// options, `isready` … `readyok`, all before `deadline`.
    pub async fn start(config: &EngineConfig, deadline: Instant) -> Result<Process, Failure> {
        let mut child = Command::new(&config.path)
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| Failure::Start(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Failure::Start("no pipes".into()));
        };
        let mut engine = Process {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            line: Vec::new(),
            name: String::new(),
            squares: Squares::Uci,
            strength: None,
        };
        engine.send("uci").await?;
        let mut options = Vec::new();
        let mut lines = 0;
        loop {
            match engine.read(deadline).await? {
                Line::IdName(name) => engine.name = name,
                Line::Option(o) => options.push(o),
                Line::UciOk => break,
                _ => {}
            }
            lines += 1;
            if lines > MAX_HANDSHAKE_LINES {
                return Err(Failure::Garbage(format!(
                    "no uciok in its first {MAX_HANDSHAKE_LINES} lines"
                )));
            }
        }
        if let Some(variant) = options.iter().find(|o| o.name == "UCI_Variant") {
            if !variant.vars.iter().any(|v| v == "xiangqi") {
                return Err(Failure::Start(format!(
                    "{} offers no xiangqi variant",
                    engine.name
                )));
            }
            engine
                .send("setoption name UCI_Variant value xiangqi")
                .await?;
        }
        engine.squares = config
            .squares
            .unwrap_or_else(|| Squares::of_engine(&engine.name));
        engine.strength = ["Skill Level", "UCI_Elo"].iter().find_map(|name| {
            options
                .iter()
                .find(|o| o.name == *name && o.min.is_some() && o.max.is_some())
                .map(|o| (o.clone(), None))
        });
        if engine
            .strength
            .as_ref()
            .is_some_and(|(o, _)| o.name == "UCI_Elo")
        {
            engine
                .send("setoption name UCI_LimitStrength value true")
                .await?;
        }
        for (name, value) in &config.options {
            engine
                .send(&format!("setoption name {name} value {value}"))
                .await?;
        }
        engine.ready(deadline).await?;
        Ok(engine)
    }

    /// True while the process has not exited.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The squares this engine writes.
    pub fn squares(&self) -> Squares {
        self.squares
    }

    /// Asks for a move: a new game, the strength, the whole game as moves already checked,
    /// `go`; then reads to `bestmove`, with `stop` sent at `deadline` and a short grace after
    /// it. The move is returned as read; [`super::pool`] checks it against the rules core.
    pub async fn search(&mut self, search: &Search, deadline: Instant) -> Result<Found, Failure> {
        self.set_strength(search.level).await?;
        self.send("ucinewgame").await?;
        self.ready(deadline).await?;
        let mut command = String::with_capacity(64 + 6 * search.moves.len());
        // The FEN as the rules core writes it: side `w` or `b`, never `r` (which
        // Fairy-Stockfish reads as Black).
        command.push_str("position fen ");
        command.push_str(&search.start.to_fen());
        if !search.moves.is_empty() {
            command.push_str(" moves");
            for &m in &search.moves {
                command.push(' ');
                self.squares.write(m, &mut command);
            }
        }
        self.send(&command).await?;
        command.clear();
        match search.limit {
            Limit::Nodes(n) => command.push_str(&format!("go nodes {n}")),
            Limit::MoveTime(t) => command.push_str(&format!("go movetime {}", t.as_millis())),
        }
        if !search.searchmoves.is_empty() {
            command.push_str(" searchmoves");
            for &m in &search.searchmoves {
                command.push(' ');
                self.squares.write(m, &mut command);
            }
        }
        self.send(&command).await?;
        let (mut depth, mut score): (Option<u32>, Option<Score>) = (None, None);
        let mut stopped = false;
        let mut until = deadline;
        loop {
            match self.read(until).await {
                Ok(Line::Info { depth: d, score: s }) => {
                    depth = d.or(depth);
                    score = s.or(score);
                }
                Ok(Line::BestMove(text)) => {
                    let mv = self.squares.read(&text).ok_or(Failure::Garbage(text))?;
                    return Ok(Found {
                        mv,
                        score,
                        depth,
                        engine: self.name.clone(),
                    });
                }
                Ok(_) => {}
                Err(Failure::Timeout) if !stopped => {
                    stopped = true;
                    self.send("stop").await?;
                    until = Instant::now() + STOP_GRACE;
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Sets the strength option for `level` (1-10, mapped onto the option's range; `None`
    /// is full strength), when it changes.
    async fn set_strength(&mut self, level: Option<u8>) -> Result<(), Failure> {
        let Some((option, current)) = &self.strength else {
            return Ok(());
        };
        let (min, max) = (option.min.unwrap_or(0), option.max.unwrap_or(0));
        let value = match level {
            None => max,
            Some(l) => min + (max - min) * i64::from(l.clamp(1, 10) - 1) / 9,
        };
        if *current == Some(value) {
            return Ok(());
        }
        let command = format!("setoption name {} value {value}", option.name);
        if let Some((_, current)) = &mut self.strength {
            *current = Some(value);
        }
        self.send(&command).await
    }

    /// `isready` … `readyok`.
    async fn ready(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.send("isready").await?;
        loop {
            if self.read(deadline).await? == Line::ReadyOk {
                return Ok(());
            }
        }
    }

    /// Writes one command line, within [`WRITE_TIMEOUT`]: an engine that stops reading its
    /// input fills the pipe, and is then given up as hung.
    async fn send(&mut self, command: &str) -> Result<(), Failure> {
        let mut line = Vec::with_capacity(command.len() + 1);
        line.extend_from_slice(command.as_bytes());
        line.push(b'\n');
        let write = async {
            self.stdin.write_all(&line).await?;
            self.stdin.flush().await
        };
        match tokio::time::timeout(WRITE_TIMEOUT, write).await {
            Err(_) => Err(Failure::Timeout),
            Ok(Err(_)) => Err(Failure::Died),
            Ok(Ok(())) => Ok(()),
        }
    }

    /// Reads one line before `deadline`: [`Failure::Died`] at the end of its output,
    /// [`Failure::Garbage`] for a line over [`MAX_LINE_BYTES`].
    async fn read(&mut self, deadline: Instant) -> Result<Line, Failure> {
        let room = (MAX_LINE_BYTES + 1).saturating_sub(self.line.len()) as u64;
        let mut limited = (&mut self.stdout).take(room);
        let read = limited.read_until(b'\n', &mut self.line);
        match timeout_at(deadline, read).await {
            Err(_) => Err(Failure::Timeout),
            Ok(Err(_)) | Ok(Ok(0)) => Err(Failure::Died),
            Ok(Ok(_)) if self.line.last() != Some(&b'\n') => {
                if self.line.len() > MAX_LINE_BYTES {
                    Err(Failure::Garbage(format!(
                        "a line longer than {MAX_LINE_BYTES} bytes"
                    )))
                } else {
                    // The output ended in the middle of a line.
                    Err(Failure::Died)
                }
            }
            Ok(Ok(_)) => {
                let line = Line::parse(String::from_utf8_lossy(&self.line).trim_end());
                self.line.clear();
                Ok(line)
            }
        }
    }
}
