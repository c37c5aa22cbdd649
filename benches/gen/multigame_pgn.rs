//! Writes a multi-game PGN to standard output for the CLI's benchmark (docs/performance.md):
//! `cargo run --release --example multigame_pgn -- [GAMES] [SEED] > games.pgn`
//! (10,000 games and seed 1 by default). The same arguments give the same file, byte for byte.
//!
//! Every tenth game is a public case (`tests/data/public.json`: the repetitions the law
//! rules on, in turn); the others are random legal games of 20 to 160 plies from the standard
//! start (fewer when one ends in mate or stalemate), as an archive holds games played out. The
//! notations are mixed as real archives mix them: four games in ten in ICCS, three in WXF and
//! three in Chinese, each with its `[Format]` tag except one Chinese game in three, whose
//! notation the reader must find. Each game ends with a result token.
//!
//! The generator is a splitmix64 of its own, so the file does not depend on a random crate's
//! version.

use std::io::{self, BufWriter, Write};

use serde_json::Value;
use xiangqi_arbiter::xiangqi::{Position, notation::Notation};

/// splitmix64: small, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A game to write: its start, its moves (ICCS), a title.
struct Game {
    title: String,
    fen: Option<String>,
    moves: Vec<String>,
}

fn public_cases() -> Vec<Game> {
    let cases: Value = serde_json::from_str(include_str!("../../tests/data/public.json"))
        .expect("the public cases are JSON");
    cases["cases"]
        .as_array()
        .expect("a list of cases")
        .iter()
        .map(|case| Game {
            title: format!("public case {}", case["id"].as_str().unwrap_or("?")),
            fen: case["fen"].as_str().map(str::to_owned),
            moves: case["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("a move").to_owned())
                .collect(),
        })
        .collect()
}

fn random_game(rng: &mut Rng, n: usize) -> Game {
    let plies = 20 + rng.below(141);
    let mut pos = Position::new();
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(Notation::Iccs.format_move(&pos, m));
        pos.play_unchecked(m);
    }
    Game {
        title: format!("random game {n}"),
        fen: None,
        moves,
    }
}

fn write_game(
    out: &mut impl Write,
    n: usize,
    game: &Game,
    notation: Notation,
    format_tag: bool,
) -> io::Result<()> {
    writeln!(out, "[Event \"{}\"]", game.title)?;
    writeln!(out, "[Round \"{n}\"]")?;
    if let Some(fen) = &game.fen {
        writeln!(out, "[FEN \"{fen}\"]")?;
    }
    if format_tag {
        let name = match notation {
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
            _ => "ICCS",
        };
        writeln!(out, "[Format \"{name}\"]")?;
    }
    let mut pos = match &game.fen {
        Some(fen) => Position::from_fen(fen).expect("a public case's FEN is legal"),
        None => Position::new(),
    };
    let start = pos.clone();
    let mut line = String::new();
    for (i, text) in game.moves.iter().enumerate() {
        let m = Notation::Iccs
            .parse_move(&pos, text)
            .expect("the moves are legal");
        let (number, side) = start.move_number(i + 1);
        if i == 0 || side == start.turn() && side == xiangqi_arbiter::xiangqi::Color::Red {
            line.push_str(&format!("{number}. "));
        }
        if i == 0 && side == xiangqi_arbiter::xiangqi::Color::Black {
            line.push_str("... ");
        }
        line.push_str(&notation.format_move(&pos, m));
        line.push(' ');
        pos.play_unchecked(m);
        if line.len() > 70 {
            writeln!(out, "{}", line.trim_end())?;
            line.clear();
        }
    }
    line.push('*');
    writeln!(out, "{line}\n")
}

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let public = public_cases();
    let mut rng = Rng(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for n in 1..=games {
        let game = if n % 10 == 0 {
            let case = &public[(n / 10 - 1) % public.len()];
            Game {
                title: case.title.clone(),
                fen: case.fen.clone(),
                moves: case.moves.clone(),
            }
        } else {
            random_game(&mut rng, n)
        };
        let (notation, format_tag) = match rng.below(10) {
            0..=3 => (Notation::Iccs, true),
            4..=6 => (Notation::Wxf, true),
            7 => (Notation::Chinese, false),
            _ => (Notation::Chinese, true),
        };
        write_game(&mut out, n, &game, notation, format_tag)?;
    }
    out.flush()
}
