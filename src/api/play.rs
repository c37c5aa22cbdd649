//! Playing against the computer (`POST /v1/engine/move`), in two steps around the engine:
//! [`prepare`] replays the game, and asks the law which moves the engine may not play;
//! [`answer`] writes the engine's move in the request's notation and rules on the game
//! after it.
//!
//! The law keeps the engine inside it: every legal move that would complete a repetition in
//! which the chosen rule book finds the engine's side the violator (it must change, or it
//! loses) is left out of the engine's `searchmoves`, whatever the engine itself thinks of
//! repetitions (Fairy-Stockfish 11 scores a perpetual chase as a draw). When every move would
//! be such a repetition, all moves go: the engine must play something. The law is asked as it
//! is asked for any game ([`crate::adjudication::rule_under`] on the game with the move
//! added); nothing here re-states it.

use serde::Serialize;

use super::answer::{AdjudicateResponse, ArticleRef, Localized, Side, Verdict};
use super::arbiter::{Arbiter, Cancel};
use super::error::ApiError;
use super::request::{Game, Strength};
use crate::adjudication::{self, Options, Replay, Verdict as LawVerdict};
use crate::engine::{EngineError, Found, Limit, Score, Search};
use crate::records;
use crate::xiangqi::notation::Notation;
use crate::xiangqi::{GameEnd, Move, Position};

/// The level's thinking time: 1 plays almost at once, 10 thinks a second.
pub const LEVEL_MOVETIME_MS: [u64; 10] = [100, 100, 150, 200, 250, 300, 400, 600, 800, 1000];

/// A game made ready for the engine: the search to send, what was left out and why, and
/// the game to rule on once the move is known.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The question to the engine.
    pub search: Search,
    /// The moves the law left out, with why.
    pub left_out: Vec<LeftOut>,
    /// True when every legal move was one the law forbids, so all were allowed.
    pub filter_lifted: bool,
    /// The game as a list of moves in `notation` (a record's moves as read).
    game: Game,
    notation: Notation,
}

/// `200` answer of `POST /v1/engine/move`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EngineMoveResponse {
    /// The engine's move in the request's notation (a record's: the one it is written in).
    #[serde(rename = "move")]
    pub mv: String,
    /// The same move in ICCS.
    pub iccs: String,
    /// The notation of `move`.
    pub notation: &'static str,
    /// The side that played it.
    pub side: Side,
    /// The engine's score for the move, from its side: centipawns or mate in so many moves.
    pub score: Option<ScoreAnswer>,
    /// The depth its search reached.
    pub depth: Option<u32>,
    /// The engine's name.
    pub engine: String,
    /// The moves the law left out of the engine's choice, and why.
    pub left_out: Vec<LeftOut>,
    /// True when every legal move completed a forbidden repetition, so none was left out.
    pub filter_lifted: bool,
    /// The ruling on the game after the move, as `POST /v1/adjudicate` answers it.
    pub ruling: AdjudicateResponse,
}

/// An engine's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreAnswer {
    /// Centipawns, from the mover's side.
    Cp(i32),
    /// Mate in this many moves (negative: the mover is mated).
    Mate(i32),
}

/// A move the law left out: it would complete a repetition the book forbids the mover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// The move in the request's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in ICCS.
    pub iccs: String,
    /// The ruling the move would bring: `must_change` or `loss`.
    pub verdict: Verdict,
    /// The articles it would rest on.
    pub articles: Vec<ArticleRef>,
    /// The ruling's explanation, in the request's languages.
    pub explanation: Localized,
}

/// Replays a checked game and prepares the engine's search: the side to move's legal moves
/// less those the law forbids it. Refuses a game already over on the board (`game-over`).
pub fn prepare(
    arbiter: &dyn Arbiter,
    (game, strength): (Game, Strength),
    cancel: &Cancel,
) -> Result<Prepared, ApiError> {
    let ruled = arbiter.rule_game(&game, cancel)?;
    let replay = ruled.replay;
    let last = replay.last().clone();
    if let Some(end) = last.game_end() {
        return Err(ApiError::GameOver {
            winner: end.winner(),
            checkmate: matches!(end, GameEnd::Checkmate { .. }),
        });
    }
    let notation = match (&game.notation, &game.record) {
        (Some(n), _) => *n,
        (None, Some(record)) => {
            records::detect_notation(replay.start(), &record.moves).unwrap_or(Notation::Iccs)
        }
        (None, None) => Notation::Iccs,
    };
    // The game from here on: a list of moves in one notation, whatever it came as.
    let game = Game {
        notation: Some(notation),
        record: None,
        record_encoding: None,
        ..game
    };
    let options = Options {
        no_capture_limit: game
            .no_capture_limit
            .unwrap_or(Options::for_ruleset(game.book).no_capture_limit),
    };
    let mut allowed = Vec::new();
    let mut left_out = Vec::new();
    for mv in last.legal_moves() {
        if forbidden(&game, &replay, mv, options) {
            left_out.push(left_out_answer(arbiter, &game, &last, mv, notation)?);
        } else {
            allowed.push(mv);
        }
    }
    let filter_lifted = allowed.is_empty();
    let searchmoves = if left_out.is_empty() || filter_lifted {
        Vec::new()
    } else {
        allowed
    };
    if filter_lifted {
        left_out.clear();
    }
    let (level, limit) = match strength {
        Strength::Level(l) => (
            Some(l),
            Limit::MoveTime(std::time::Duration::from_millis(
                LEVEL_MOVETIME_MS[usize::from(l.clamp(1, 10) - 1)],
            )),
        ),
        Strength::MoveTime(t) => (None, Limit::MoveTime(t)),
        Strength::Nodes(n) => (None, Limit::Nodes(n)),
    };
    Ok(Prepared {
        search: Search {
            start: replay.start().clone(),
            moves: replay.moves().to_vec(),
            last,
            searchmoves,
            level,
            limit,
        },
        left_out,
        filter_lifted,
        game,
        notation,
    })
}

/// True when `mv` would complete a repetition in which the game's book finds its mover the
/// violator: the ruling on the game with `mv` added says must-change or loss against the
/// mover, triggered (or lost) by `mv` itself. Only a move that brings back a position of the
/// game can; the others are not ruled on.
fn forbidden(game: &Game, replay: &Replay, mv: Move, options: Options) -> bool {
    let last = replay.last();
    if !replay.keys().contains(&last.after(mv).key()) {
        return false;
    }
    let mut moves = replay.moves().to_vec();
    moves.push(mv);
    let Ok(extended) = Replay::from_moves(replay.start().clone(), &moves) else {
        return false;
    };
    let ruling = adjudication::rule_under(game.book, &extended, options);
    let ply = moves.len();
    let by_this_move = ruling
        .repetition
        .as_ref()
        .is_some_and(|r| r.trigger_ply == ply || r.loss_ply == Some(ply));
    ruling.violator == Some(last.turn())
        && matches!(ruling.verdict, LawVerdict::MustChange | LawVerdict::Loss)
        && by_this_move
}

/// Why `mv` was left out: the ruling on the game with it, as the adjudicate route words it.
fn left_out_answer(
    arbiter: &dyn Arbiter,
    game: &Game,
    last: &Position,
    mv: Move,
    notation: Notation,
) -> Result<LeftOut, ApiError> {
    let text = notation.format_move(last, mv);
    // The reason in the asked book alone; `compare` is for the ruling after the move.
    let mut game = with_move(game, &text);
    game.compare = false;
    let ruling = arbiter.adjudicate(&game)?;
    Ok(LeftOut {
        mv: text,
        iccs: Notation::Iccs.format_move(last, mv),
        verdict: ruling.verdict,
        articles: ruling.articles,
        explanation: ruling.explanation,
    })
}

/// `game` with one more move, written in its notation.
fn with_move(game: &Game, text: &str) -> Game {
    let mut game = game.clone();
    game.moves.push(text);
    game
}

/// The answer for the engine's checked move: the move in the game's notation and in ICCS,
/// and the ruling on the game after it.
pub fn answer(
    arbiter: &dyn Arbiter,
    prepared: Prepared,
    found: Found,
) -> Result<EngineMoveResponse, ApiError> {
    let last = &prepared.search.last;
    let text = prepared.notation.format_move(last, found.mv);
    let ruling = arbiter.adjudicate(&with_move(&prepared.game, &text))?;
    Ok(EngineMoveResponse {
        iccs: Notation::Iccs.format_move(last, found.mv),
        mv: text,
        notation: prepared.notation.name(),
        side: last.turn().into(),
        score: found.score.map(|s| match s {
            Score::Cp(cp) => ScoreAnswer::Cp(cp),
            Score::Mate(n) => ScoreAnswer::Mate(n),
        }),
        depth: found.depth,
        engine: found.engine,
        left_out: prepared.left_out,
        filter_lifted: prepared.filter_lifted,
        ruling,
    })
}

/// An engine's failure as the API answers it.
pub fn engine_error(e: EngineError) -> ApiError {
    match e {
        EngineError::Unavailable => ApiError::EngineUnavailable,
        EngineError::Busy => ApiError::EngineBusy {
            retry_after_s: super::error::RETRY_AFTER_S,
        },
        EngineError::Failed(failure) => ApiError::EngineFailed {
            reason: failure.code(),
        },
    }
}
