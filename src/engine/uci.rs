//! The UCI line protocol as far as the bridge speaks it: the lines an engine writes, read
//! ([`Line::parse`]), and the squares of its moves ([`Squares`]).
//!
//! Lenient where engines differ and strict where a mistake would play a wrong move: an
//! unknown line is [`Line::Other`] and ignored, but a `bestmove` whose move does not read as
//! two squares is [`Line::BestMove`] with the text kept, for the caller to refuse.

use crate::xiangqi::Move;
use crate::xiangqi::notation::{iccs, uci};

/// How an engine writes squares: xiangqi engines disagree on the ranks' numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Squares {
    /// Ranks 1-10 from Red's side, as Fairy-Stockfish and pychess write them (`h3e3`,
    /// `h10g8`): the rules core's UCI notation.
    Uci,
    /// Ranks 0-9, as Pikafish and UCCI engines write them (`h2e2`): ICCS squares.
    Iccs,
}

impl Squares {
    /// The squares an engine writes, told by its `id name`: Fairy-Stockfish (and the engines
    /// it grew from) count ranks from 1, xiangqi-only engines (Pikafish, UCCI engines) from 0.
    pub fn of_engine(name: &str) -> Squares {
        let name = name.to_ascii_lowercase();
        if name.contains("fairy-stockfish") || name.contains("sjaak") {
            Squares::Uci
        } else {
            Squares::Iccs
        }
    }

    /// Appends `m` as the engine writes it.
    pub fn write(self, m: Move, out: &mut String) {
        match self {
            Squares::Uci => uci::write(m, out),
            Squares::Iccs => iccs::write(m, out),
        }
    }

    /// Reads a move as the engine writes it (syntax only: legality is the caller's).
    pub fn read(self, text: &str) -> Option<Move> {
        match self {
            Squares::Uci => uci::parse(text).ok(),
            Squares::Iccs => iccs::parse(text).ok(),
        }
    }

    /// The name used in configuration and in `/readyz`.
    pub fn name(self) -> &'static str {
        match self {
            Squares::Uci => "uci",
            Squares::Iccs => "iccs",
        }
    }
}

/// An engine's evaluation, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a pawn is about 100).
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// An `option name … type …` line: the options an engine offers and their ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciOption {
    /// The option's name, as the engine spells it (`Skill Level`).
    pub name: String,
    /// Its `min`, for a `spin`.
    pub min: Option<i64>,
    /// Its `max`, for a `spin`.
    pub max: Option<i64>,
    /// Its `var` values, for a `combo` (the variants of `UCI_Variant`).
    pub vars: Vec<String>,
}

/// One line an engine writes, as far as the bridge cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// `id name …`.
    IdName(String),
    /// `option name …`.
    Option(UciOption),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `info …` with a depth or a score (exact scores only: bounds are skipped).
    Info {
        /// `depth N`.
        depth: Option<u32>,
        /// `score cp N` or `score mate N`.
        score: Option<Score>,
    },
    /// `bestmove X [ponder Y]`: X as written.
    BestMove(String),
    /// Anything else (other `info`, `id author`, strings, noise).
    Other,
}

impl Line {
    /// Reads one line (without its line end).
    pub fn parse(line: &str) -> Line {
        let mut words = line.split_ascii_whitespace();
        match words.next() {
            Some("uciok") => Line::UciOk,
            Some("readyok") => Line::ReadyOk,
            Some("bestmove") => Line::BestMove(words.next().unwrap_or("").to_owned()),
            Some("id") if words.next() == Some("name") => {
                Line::IdName(words.collect::<Vec<_>>().join(" "))
            }
            Some("option") => parse_option(words).map_or(Line::Other, Line::Option),
            Some("info") => parse_info(words),
            _ => Line::Other,
        }
    }
}

/// The words after `option`: `name <words…> type <t> [default d] [min m] [max M] [var v]…`.
fn parse_option<'a>(words: impl Iterator<Item = &'a str>) -> Option<UciOption> {
    let words: Vec<&str> = words.collect();
    if words.first() != Some(&"name") {
        return None;
    }
    let type_at = words.iter().position(|w| *w == "type")?;
    let name = words[1..type_at].join(" ");
    let mut option = UciOption {
        name,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    let rest = &words[type_at..];
    for pair in rest.windows(2) {
        match pair[0] {
            "min" => option.min = pair[1].parse().ok(),
            "max" => option.max = pair[1].parse().ok(),
            "var" => option.vars.push(pair[1].to_owned()),
            _ => {}
        }
    }
    Some(option)
}

/// The words after `info`: the depth and an exact score, when there.
fn parse_info<'a>(words: impl Iterator<Item = &'a str>) -> Line {
    let words: Vec<&str> = words.collect();
    let mut depth = None;
    let mut score = None;
    let mut bound = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            // A principal variation or a string runs to the end of the line.
            "pv" | "string" => break,
            "depth" => depth = words.get(i + 1).and_then(|d| d.parse().ok()),
            "lowerbound" | "upperbound" => bound = true,
            "score" => {
                let value = words.get(i + 2).and_then(|v| v.parse().ok());
                score = match (words.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                };
            }
            _ => {}
        }
        i += 1;
    }
    if bound {
        score = None;
    }
    Line::Info { depth, score }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Square;

    #[test]
    fn fairy_stockfish_ranks_start_at_one_and_pikafish_at_zero() {
        let cannon = Move::from_iccs("h2e2").unwrap();
        assert_eq!(
            Squares::of_engine("Fairy-Stockfish 11.1 LB 64"),
            Squares::Uci
        );
        assert_eq!(Squares::of_engine("Pikafish 2026-07-22"), Squares::Iccs);
        let mut out = String::new();
        Squares::Uci.write(cannon, &mut out);
        assert_eq!(out, "h3e3");
        assert_eq!(Squares::Uci.read("h3e3"), Some(cannon));
        assert_eq!(Squares::Iccs.read("h2e2"), Some(cannon));
        // Rank 10 is two digits: the black horse's move.
        assert_eq!(
            Squares::Uci.read("h10g8"),
            Some(Move::new(
                Square::from_iccs("h9").unwrap(),
                Square::from_iccs("g7").unwrap()
            ))
        );
        assert_eq!(Squares::Uci.read("(none)"), None);
        assert_eq!(Squares::Iccs.read("h10g8"), None);
    }

    #[test]
    fn lines_of_a_real_transcript() {
        assert_eq!(
            Line::parse("id name Fairy-Stockfish 11.1 LB 64"),
            Line::IdName("Fairy-Stockfish 11.1 LB 64".into())
        );
        assert_eq!(
            Line::parse("option name Skill Level type spin default 20 min -20 max 20"),
            Line::Option(UciOption {
                name: "Skill Level".into(),
                min: Some(-20),
                max: Some(20),
                vars: vec![]
            })
        );
        let Line::Option(variant) = Line::parse(
            "option name UCI_Variant type combo default chess var chess var xiangqi var janggi",
        ) else {
            panic!("an option")
        };
        assert!(variant.vars.iter().any(|v| v == "xiangqi"));
        assert_eq!(
            Line::parse(
                "info depth 11 seldepth 14 multipv 1 score cp 32 nodes 30600 nps 152000 pv h3e3 h10g8"
            ),
            Line::Info {
                depth: Some(11),
                score: Some(Score::Cp(32))
            }
        );
        assert_eq!(
            Line::parse("info depth 5 score mate -2 pv a1a2"),
            Line::Info {
                depth: Some(5),
                score: Some(Score::Mate(-2))
            }
        );
        assert_eq!(
            Line::parse("info depth 9 score cp 40 lowerbound nodes 1"),
            Line::Info {
                depth: Some(9),
                score: None
            }
        );
        assert_eq!(
            Line::parse("bestmove h10g8 ponder b10c8"),
            Line::BestMove("h10g8".into())
        );
        assert_eq!(Line::parse("bestmove"), Line::BestMove(String::new()));
        assert_eq!(Line::parse("uciok"), Line::UciOk);
        assert_eq!(Line::parse("readyok"), Line::ReadyOk);
        assert_eq!(Line::parse("Stockfish by the authors"), Line::Other);
    }
}
