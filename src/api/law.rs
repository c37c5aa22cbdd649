//! [`LawArbiter`]: the arbiter the service and the CLI use. It reads a request's text
//! (notation, FEN), replays it through the rules core, rules with the adjudicator, explains
//! the ruling and maps it to the answer types. The domain knows nothing of this module; the
//! HTTP layer and the CLI see only the [`Arbiter`] trait.

use super::answer::{
    self as dto, AdjudicateResponse, Languages, LegalMovesResponse, RulesetsResponse,
};
use super::arbiter::{Arbiter, Cancel, RuledGame};
use super::error::ApiError;
use super::moves::Moves;
use super::request::{Game, LegalMovesRequest};
use super::wording::{self, fen_problems};
use crate::adjudication::{
    self, Naming, Options, Replay, ReplayError, RuleSet, Ruling, cycle::PlyAnalysis,
};
use crate::records::{self, decode};
use crate::xiangqi::{
    Position,
    notation::{Notation, iccs},
};

/// Applies the rule book a game names.
#[derive(Debug, Default, Clone, Copy)]
pub struct LawArbiter;

/// Plies replayed between two looks at the cancellation flag.
pub const CANCEL_CHECK_PLIES: usize = 64;

impl Arbiter for LawArbiter {
    fn adjudicate(&self, game: &Game) -> Result<AdjudicateResponse, ApiError> {
        self.adjudicate_cancellable(game, &Cancel::new())
    }

    /// Looks at `cancel` every [`CANCEL_CHECK_PLIES`] plies of the replay and once more
    /// before the ruling.
    fn adjudicate_cancellable(
        &self,
        game: &Game,
        cancel: &Cancel,
    ) -> Result<AdjudicateResponse, ApiError> {
        self.rule_game(game, cancel).map(|ruled| ruled.answer)
    }

    /// The ruling of [`Arbiter::adjudicate_cancellable`] with the replayed game: its moves are
    /// kept anyway to name them in the explanation, so keeping them costs nothing.
    fn rule_game<'g>(&self, game: &'g Game, cancel: &Cancel) -> Result<RuledGame<'g>, ApiError> {
        let ruleset = game.book;
        // The request's no-capture limit, else each book's own.
        let options_for = |book: RuleSet| Options {
            no_capture_limit: game
                .no_capture_limit
                .unwrap_or(Options::for_ruleset(book).no_capture_limit),
        };
        let (replay, notation) = match &game.record {
            None => {
                let notation = game.notation.unwrap_or(Notation::Iccs);
                let start = start_position(game.fen.as_deref())?;
                (replay(start, &game.moves, notation, cancel)?, notation)
            }
            Some(record) => replay_record(game, record, cancel)?,
        };
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let ruling = adjudication::rule_under(ruleset, &replay, options_for(ruleset));
        let langs = game.langs;
        let sent = &game.moves;
        // Each language names a move in its own notation, from the replay's positions.
        let naming = Naming {
            first_number: replay.start().fullmoves(),
            sent: &[],
            moves: replay.moves(),
            notation,
            replay: Some(&replay),
        };
        // With `compare`, every book's ruling; the requested book's is the one just made.
        let comparison = game.compare.then(|| {
            RuleSet::ALL
                .into_iter()
                .map(|book| {
                    let ruling = if book == ruleset {
                        ruling.clone()
                    } else {
                        adjudication::rule_under(book, &replay, options_for(book))
                    };
                    book_ruling(book, ruling, &naming, langs)
                })
                .collect()
        });
        let mut answer = response(&replay, &ruling, sent, &naming, langs);
        answer.comparison = comparison;
        answer.record_encoding = game.record_encoding.map(|e| decode::name(e).into());
        answer.record_pgn = game
            .record
            .as_ref()
            .filter(|r| r.format == records::Format::Xqf)
            .map(|r| records::pgn::write(r).into());
        if game.moves_read {
            answer.moves_read = Some(moves_read(&replay, sent));
        }
        Ok(RuledGame {
            answer,
            ruling,
            replay,
            sent,
        })
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        let notation = req.notation()?;
        let start = start_position(req.fen.as_deref())?;
        let replay = replay(start, &req.moves, notation, &Cancel::new())?;
        let pos = replay.last();
        let moves = pos
            .legal_moves()
            .into_iter()
            .map(|m| dto::LegalMove {
                iccs: Notation::Iccs.format_move(pos, m),
                uci: Notation::Uci.format_move(pos, m),
                wxf: Notation::Wxf.format_move(pos, m),
                vn: Notation::Vn.format_move(pos, m),
                chinese: Notation::Chinese.format_move(pos, m),
            })
            .collect();
        Ok(LegalMovesResponse {
            position: position_info(&replay),
            game_over: pos.game_end().map(dto::GameOver::from),
            legal_moves: moves,
        })
    }

    fn rulesets(&self) -> RulesetsResponse {
        RulesetsResponse {
            rulesets: RuleSet::ALL.into_iter().map(dto::Ruleset::from).collect(),
        }
    }
}

/// The position a game starts from: the FEN's, or the standard start when there is none.
pub(super) fn start_position(fen: Option<&str>) -> Result<Position, ApiError> {
    match fen {
        None => Ok(Position::new()),
        Some(fen) => Position::from_fen(fen).map_err(|e| ApiError::InvalidFen {
            fen: fen.to_owned(),
            problems: fen_problems(fen, &e),
        }),
    }
}

/// Replays the moves from `start`, mapping the first problem to its API error.
/// Checks `cancel` every [`CANCEL_CHECK_PLIES`] plies and gives up with
/// [`ApiError::Cancelled`] once it is set.
fn replay(
    start: Position,
    moves: &Moves,
    notation: Notation,
    cancel: &Cancel,
) -> Result<Replay, ApiError> {
    // A ply's move number and side, for the problems.
    let origin = start.clone();
    let number = move |ply: usize| origin.move_number(ply);
    Replay::new(start, moves.len(), |pos, ply| {
        if ply % CANCEL_CHECK_PLIES == 0 && cancel.is_cancelled() {
            return Err(None);
        }
        // Most score sheets are plain ICCS: read those from their bytes, without the general
        // parser.
        if notation == Notation::Iccs
            && let Some(mv) = iccs::parse_plain(moves.bytes(ply - 1))
        {
            return Ok(mv);
        }
        notation.parse_move(pos, &moves[ply - 1]).map_err(Some)
    })
    .map_err(|e| match e {
        ReplayError::Unreadable { error: None, .. } => ApiError::Cancelled,
        ReplayError::Unreadable {
            ply,
            error: Some(error),
        } => ApiError::UnparsableMove {
            ply,
            move_number: number(ply).0,
            side: number(ply).1,
            mv: moves[ply - 1].to_owned(),
            reason: error.to_string(),
            kind: error.kind().to_owned(),
            message: wording::unreadable(&error, number(ply).1),
        },
        ReplayError::Illegal {
            ply,
            mv,
            before,
            reason,
        } => ApiError::IllegalMove {
            ply,
            move_number: number(ply).0,
            side: number(ply).1,
            mv: moves[ply - 1].to_owned(),
            iccs: Notation::Iccs.format_move(&before, mv),
            fen: before.to_fen(),
            reason: reason.code().to_owned(),
            message: wording::illegal_reason(reason),
        },
    })
}

/// Replays a game that came as a record: its start is the game's FEN (the request's or the
/// record's, checked to agree), its notation the request's, or the one the record declares,
/// or the one that reads every move; a move's problem says where the move stands in the
/// record. Returns the replay and the moves' notation.
fn replay_record(
    game: &Game,
    record: &records::Record,
    cancel: &Cancel,
) -> Result<(Replay, Notation), ApiError> {
    let start = start_position(game.fen.as_deref())?;
    let notation = match game.notation {
        Some(notation) => notation,
        None => match records::detect_notation(&start, &record.moves) {
            Ok(notation) => notation,
            // One notation read further than every other: the record is in it, and its
            // problem is that notation's own (the move, where it stands, and why), as if the
            // notation had been named.
            Err(mismatch) => match &mismatch {
                records::NotationMismatch::None(failures) => furthest(failures),
                records::NotationMismatch::Ambiguous(_) => None,
            }
            .ok_or_else(|| undetected(&record.moves, mismatch))?,
        },
    };
    let replay = replay(start, &game.moves, notation, cancel).map_err(|e| match e {
        // A binary record's moves stand at no line: the move's problem says its ply.
        ApiError::IllegalMove { ply, .. } | ApiError::UnparsableMove { ply, .. }
            if record.moves[ply - 1].line == 0 =>
        {
            e
        }
        ApiError::IllegalMove { ply, .. } | ApiError::UnparsableMove { ply, .. } => {
            let at = &record.moves[ply - 1];
            ApiError::InRecord {
                line: at.line,
                column: at.column,
                error: Box::new(e),
            }
        }
        other => other,
    })?;
    Ok((replay, notation))
}

/// The notation that read a record furthest, when one alone did and it read at least one
/// move: a score sheet in that notation with a wrong move, rather than a text in none.
fn furthest(failures: &[(Notation, usize)]) -> Option<Notation> {
    let most = failures.iter().map(|&(_, at)| at).max()?;
    match failures
        .iter()
        .filter(|&&(_, at)| at == most)
        .collect::<Vec<_>>()[..]
    {
        [&(notation, at)] if at > 0 => Some(notation),
        _ => None,
    }
}

/// Why no one notation reads a record, in words.
fn undetected(moves: &[records::RecordMove], mismatch: records::NotationMismatch) -> ApiError {
    let message = match mismatch {
        records::NotationMismatch::Ambiguous(fits) => wording::several_notations_read(&fits),
        records::NotationMismatch::None(failures) => {
            let stops: Vec<_> = failures
                .iter()
                .map(|&(notation, at)| {
                    let m = &moves[at];
                    (notation, m.text.clone(), m.line, m.column)
                })
                .collect();
            wording::no_notation_reads(&stops)
        }
    };
    ApiError::InvalidRecord {
        line: 0,
        column: 0,
        message,
    }
}

fn position_info(replay: &Replay) -> dto::PositionInfo {
    let pos = replay.last();
    dto::PositionInfo {
        fen: pos.to_fen(),
        side_to_move: pos.turn().into(),
        in_check: pos.is_check(),
        plies: replay.plies() as u32,
    }
}

/// The ruling's explanation, written in `langs` only, its texts moved into the answer rather
/// than copied.
fn explanation(ruling: &Ruling, naming: &Naming, langs: Languages) -> dto::Localized {
    let mut e = adjudication::explain_named_in(ruling, naming, |l| langs.has(l));
    dto::Localized::new(langs, |l| std::mem::take(e.get_mut(l)).into())
}

/// The ruling's articles, summaries in `langs`.
fn articles(ruling: &Ruling, langs: Languages) -> Vec<dto::ArticleRef> {
    ruling
        .articles
        .iter()
        .map(|&a| dto::ArticleRef::new(a, langs))
        .collect()
}

fn response(
    replay: &Replay,
    ruling: &Ruling,
    sent: &Moves,
    naming: &Naming,
    langs: Languages,
) -> AdjudicateResponse {
    AdjudicateResponse {
        verdict: ruling.verdict.into(),
        violator: ruling.violator.map(dto::Side::from),
        articles: articles(ruling, langs),
        explanation: explanation(ruling, naming, langs),
        repetition: ruling
            .repetition
            .as_ref()
            .map(|r| repetition(replay, ruling.ruleset, r, sent)),
        position: position_info(replay),
        game_over: ruling.game_end.map(dto::GameOver::from),
        no_capture: ruling.no_capture.into(),
        provisional: ruling.ruleset.provisional().map(|_| true),
        comparison: None,
        record_encoding: None,
        record_pgn: None,
        moves_read: None,
        forbidden_run: ruling
            .forbidden_run
            .as_ref()
            .map(|r| forbidden_run(replay, ruling.ruleset, r, sent)),
    }
}

/// Nine rounds of forbidden moves (`cxa2020`).
fn forbidden_run(
    replay: &Replay,
    book: RuleSet,
    run: &adjudication::nine_rounds::ForbiddenRun,
    sent: &Moves,
) -> dto::ForbiddenRun {
    let own = run.plies.iter().filter(|p| p.side == run.side).count();
    dto::ForbiddenRun {
        side: run.side.into(),
        rounds: own as u32,
        points: run.points as u32,
        first_ply: run.first_ply as u32,
        last_ply: run.last_ply as u32,
        loss_ply: run.loss_ply.map(|p| p as u32),
        broken_at_ply: run.broken_at_ply.map(|p| p as u32),
        last: move_ref(replay, run.last_ply),
        loss: run.loss_ply.map(|p| move_ref(replay, p)),
        moves: run
            .plies
            .iter()
            .map(|p| cycle_move(replay, book, p, sent))
            .collect(),
        next_move: run.next.as_ref().map(|p| cycle_move(replay, book, p, sent)),
        red: (&run.red).into(),
        black: (&run.black).into(),
    }
}

/// Every ply as read (`"moves_read": true`): its number and side on the score sheet, its text
/// as sent or written in the record, its ICCS, and its names in WXF, VN and Chinese (the
/// languages' own notations, for a page that shows the game in one of them).
fn moves_read(replay: &Replay, sent: &Moves) -> Vec<dto::MoveRead> {
    let start = replay.start();
    replay
        .positions(0)
        .zip(replay.moves())
        .enumerate()
        .map(|(i, (before, &mv))| {
            let (number, side) = start.move_number(i + 1);
            dto::MoveRead {
                number,
                side: side.into(),
                text: sent[i].to_owned(),
                iccs: Notation::Iccs.format_move(&before, mv),
                wxf: Notation::Wxf.format_move(&before, mv),
                vn: Notation::Vn.format_move(&before, mv),
                chinese: Notation::Chinese.format_move(&before, mv),
            }
        })
        .collect()
}

/// The short form of a ruling for the side-by-side comparison.
fn book_ruling(
    book: RuleSet,
    ruling: Ruling,
    naming: &Naming,
    langs: Languages,
) -> dto::BookRuling {
    dto::BookRuling {
        ruleset: book.id().to_owned(),
        verdict: ruling.verdict.into(),
        violator: ruling.violator.map(dto::Side::from),
        articles: articles(&ruling, langs),
        explanation: explanation(&ruling, naming, langs),
        provisional: book.provisional().map(|_| true),
    }
}

/// `ply` as the score sheet names it: move number and side.
fn move_ref(replay: &Replay, ply: usize) -> dto::MoveRef {
    let (move_number, side) = replay.start().move_number(ply);
    dto::MoveRef {
        ply: ply as u32,
        move_number,
        side: side.into(),
    }
}

fn repetition(
    replay: &Replay,
    book: RuleSet,
    rep: &adjudication::Repetition,
    sent: &Moves,
) -> dto::Repetition {
    dto::Repetition {
        occurrences: rep.occurrences,
        first_ply: rep.first_ply as u32,
        previous_ply: rep.previous_ply as u32,
        trigger_ply: rep.trigger_ply as u32,
        loss_ply: rep.loss_ply.map(|p| p as u32),
        trigger: Some(move_ref(replay, rep.trigger_ply)),
        loss: rep.loss_ply.map(|p| move_ref(replay, p)),
        cycle: rep
            .cycle
            .iter()
            .map(|p| cycle_move(replay, book, p, sent))
            .collect(),
        red: (&rep.red).into(),
        black: (&rep.black).into(),
    }
}

/// One move of the cycle.
fn cycle_move(replay: &Replay, book: RuleSet, p: &PlyAnalysis, sent: &Moves) -> dto::CycleMove {
    dto::CycleMove {
        ply: p.ply as u32,
        side: p.side.into(),
        move_number: replay.start().move_number(p.ply).0,
        mv: sent[p.ply - 1].to_owned(),
        // ICCS names the squares alone: no position is needed to write it (four bytes, in
        // one allocation of their size).
        iccs: {
            let mut iccs = String::with_capacity(4);
            iccs.push_str(p.mv.from.name());
            iccs.push_str(p.mv.to.name());
            iccs
        },
        check: p.check,
        chases: p.threats.iter().map(|t| (&t.threat).into()).collect(),
        // Searched only where the book counts mate threats, for a move that neither
        // checks nor chases.
        mate_threat: (book.readings().mate_threats_attack && p.searched && !p.check)
            .then_some(p.mate_threat.into()),
        // Set only where the book counts 抽吃 as a chase.
        wins_by_check: p.wins_by_check.then_some(true),
        pawn_capture_check: p.pawn_capture_check(&book.readings()).then_some(true),
    }
}
