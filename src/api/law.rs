//! [`LawArbiter`]: the arbiter the service and the CLI use. It reads a request's text
//! (notation, FEN), replays it through the rules core, rules with the adjudicator, explains
//! the ruling and maps it to the answer types. The domain knows nothing of this module; the
//! HTTP layer and the CLI see only the [`Arbiter`] trait.

use super::answer::{self as dto, AdjudicateResponse, LegalMovesResponse, RulesetsResponse};
use super::arbiter::{Arbiter, Cancel};
use super::error::{ApiError, fen_problems};
use super::request::{AdjudicateRequest, LegalMovesRequest};
use crate::adjudication::{
    self, Options, Replay, ReplayError, RuleSet, Ruling, cycle::PlyAnalysis,
};
use crate::xiangqi::{Position, notation::Notation};

/// Applies the Vietnamese Xiangqi Law of 2004.
#[derive(Debug, Default, Clone, Copy)]
pub struct LawArbiter;

/// Plies replayed between two looks at the cancellation flag.
pub const CANCEL_CHECK_PLIES: usize = 64;

impl Arbiter for LawArbiter {
    fn adjudicate(&self, req: &AdjudicateRequest) -> Result<AdjudicateResponse, ApiError> {
        self.adjudicate_cancellable(req, &Cancel::new())
    }

    /// Looks at `cancel` every [`CANCEL_CHECK_PLIES`] plies of the replay and once more
    /// before the ruling.
    fn adjudicate_cancellable(
        &self,
        req: &AdjudicateRequest,
        cancel: &Cancel,
    ) -> Result<AdjudicateResponse, ApiError> {
        let ruleset = req.ruleset()?;
        let notation = req.notation()?;
        let options = Options {
            no_capture_limit: req
                .no_capture_limit()?
                .unwrap_or(Options::for_ruleset(ruleset).no_capture_limit),
        };
        let replay = replay(req.fen.as_deref(), &req.moves, notation, cancel)?;
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let ruling = adjudication::rule_under(ruleset, &replay, options);
        let mut answer = response(&replay, ruling, &req.moves);
        if req.compare == Some(true) {
            let limit = req.no_capture_limit()?;
            answer.comparison = Some(
                RuleSet::ALL
                    .into_iter()
                    .map(|book| {
                        let options = Options {
                            no_capture_limit: limit
                                .unwrap_or(Options::for_ruleset(book).no_capture_limit),
                        };
                        book_ruling(book, adjudication::rule_under(book, &replay, options))
                    })
                    .collect(),
            );
        }
        Ok(answer)
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        let notation = req.notation()?;
        let replay = replay(req.fen.as_deref(), &req.moves, notation, &Cancel::new())?;
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

/// Reads the start position and replays the moves, mapping the first
/// problem to its API error.
/// Checks `cancel` every [`CANCEL_CHECK_PLIES`] plies and gives up with
/// [`ApiError::Cancelled`] once it is set.
fn replay(
    fen: Option<&str>,
    moves: &[String],
    notation: Notation,
    cancel: &Cancel,
) -> Result<Replay, ApiError> {
    let start = match fen {
        None => Position::new(),
        Some(fen) => Position::from_fen(fen).map_err(|e| ApiError::InvalidFen {
            fen: fen.to_owned(),
            problems: fen_problems(fen, &e),
        })?,
    };
    Replay::new(start, moves.len(), |pos, ply| {
        if ply % CANCEL_CHECK_PLIES == 0 && cancel.is_cancelled() {
            return Err(None);
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
            mv: moves[ply - 1].clone(),
            reason: error.to_string(),
            kind: error.kind().to_owned(),
        },
        ReplayError::Illegal {
            ply,
            before,
            reason,
            ..
        } => ApiError::IllegalMove {
            ply,
            mv: moves[ply - 1].clone(),
            fen: before.to_fen(),
            reason: reason.code().to_owned(),
            message: reason.to_string(),
        },
    })
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

fn response(replay: &Replay, ruling: Ruling, sent: &[String]) -> AdjudicateResponse {
    let explanation = adjudication::explain(&ruling);
    AdjudicateResponse {
        verdict: ruling.verdict.into(),
        violator: ruling.violator.map(dto::Side::from),
        articles: ruling.articles.iter().map(|&a| a.into()).collect(),
        explanation: dto::Localized {
            vi: explanation.vi.into(),
            en: explanation.en.into(),
        },
        repetition: ruling
            .repetition
            .as_ref()
            .map(|r| repetition(replay, r, sent)),
        position: position_info(replay),
        game_over: ruling.game_end.map(dto::GameOver::from),
        no_capture: ruling.no_capture.into(),
        comparison: None,
    }
}

/// The short form of a ruling for the side-by-side comparison.
fn book_ruling(book: RuleSet, ruling: Ruling) -> dto::BookRuling {
    let explanation = adjudication::explain(&ruling);
    dto::BookRuling {
        ruleset: book.id().to_owned(),
        verdict: ruling.verdict.into(),
        violator: ruling.violator.map(dto::Side::from),
        articles: ruling.articles.iter().map(|&a| a.into()).collect(),
        explanation: dto::Localized {
            vi: explanation.vi.into(),
            en: explanation.en.into(),
        },
    }
}

fn repetition(replay: &Replay, rep: &adjudication::Repetition, sent: &[String]) -> dto::Repetition {
    dto::Repetition {
        occurrences: rep.occurrences,
        first_ply: rep.first_ply as u32,
        previous_ply: rep.previous_ply as u32,
        trigger_ply: rep.trigger_ply as u32,
        loss_ply: rep.loss_ply.map(|p| p as u32),
        // The cycle's plies follow each other: walk their positions forward.
        cycle: rep
            .cycle
            .iter()
            .zip(replay.positions(rep.previous_ply))
            .map(|(p, before)| cycle_move(&before, p, sent))
            .collect(),
        red: (&rep.red).into(),
        black: (&rep.black).into(),
    }
}

/// One move of the cycle, played from `before`.
fn cycle_move(before: &Position, p: &PlyAnalysis, sent: &[String]) -> dto::CycleMove {
    dto::CycleMove {
        ply: p.ply as u32,
        side: p.side.into(),
        mv: sent[p.ply - 1].clone(),
        iccs: Notation::Iccs.format_move(before, p.mv),
        check: p.check,
        chases: p.threats.iter().map(|t| (&t.threat).into()).collect(),
    }
}
