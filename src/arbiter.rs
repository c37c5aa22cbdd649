//! The bridge between the API's vocabulary and the chess: reads a request,
//! replays it through the rules core, rules with the adjudicator and maps
//! the ruling to the response DTOs. Neither side knows the other: the HTTP
//! layer sees only the [`Arbiter`] trait, the core sees only positions and
//! moves.

use crate::adjudication::{
    self, Options, Replay, ReplayError, RuleSet, Ruling,
    cycle::PlyAnalysis,
    law::{Pattern, SideFinding},
    threats::{Protection, ThreatKind},
};
use crate::http::dto::{self, AdjudicateRequest, LegalMovesRequest};
use crate::http::engine::{Arbiter, Cancel};
use crate::http::error::{ApiError, FenProblem};
use crate::xiangqi::{Color, FenError, GameEnd, Position, Role, notation::Notation};

/// Applies the Vietnamese Xiangqi Law of 2004.
#[derive(Debug, Default, Clone, Copy)]
pub struct LawArbiter;

/// Plies replayed between two looks at the cancellation flag.
pub const CANCEL_CHECK_PLIES: usize = 64;

impl Arbiter for LawArbiter {
    fn adjudicate(&self, req: &AdjudicateRequest) -> Result<dto::AdjudicateResponse, ApiError> {
        self.adjudicate_cancellable(req, &Cancel::new())
    }

    /// Looks at `cancel` every [`CANCEL_CHECK_PLIES`] plies of the replay and once more
    /// before the ruling.
    fn adjudicate_cancellable(
        &self,
        req: &AdjudicateRequest,
        cancel: &Cancel,
    ) -> Result<dto::AdjudicateResponse, ApiError> {
        let ruleset = match req.ruleset.as_deref() {
            None => RuleSet::default(),
            Some(id) => RuleSet::from_id(id).ok_or_else(|| ApiError::UnknownRuleset {
                ruleset: id.to_owned(),
            })?,
        };
        let notation = notation(req.notation.as_deref())?;
        let options = Options {
            no_capture_limit: match req.no_capture_limit {
                None => Options::for_ruleset(ruleset).no_capture_limit,
                Some(n) => u32::try_from(n).map_err(|_| ApiError::InvalidRequest {
                    field: "no_capture_limit".to_owned(),
                    message: format!(
                        "no_capture_limit must be a positive number of plies, got {n}"
                    ),
                })?,
            },
        };
        let replay = replay(req.fen.as_deref(), &req.moves, notation, cancel)?;
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let ruling = adjudication::rule_under(ruleset, &replay, options);
        Ok(response(&replay, ruling, &req.moves))
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<dto::LegalMovesResponse, ApiError> {
        let notation = notation(req.notation.as_deref())?;
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
        Ok(dto::LegalMovesResponse {
            position: position_info(&replay),
            game_over: pos.game_end().map(game_over),
            legal_moves: moves,
        })
    }

    fn rulesets(&self) -> dto::RulesetsResponse {
        dto::RulesetsResponse {
            rulesets: RuleSet::ALL
                .into_iter()
                .map(|r| dto::Ruleset {
                    id: r.id().to_owned(),
                    name: dto::Localized {
                        vi: r.title_vi().into(),
                        en: r.title_en().into(),
                    },
                    default: r == RuleSet::default(),
                    articles: r.articles().iter().map(article).collect(),
                })
                .collect(),
        }
    }
}

fn notation(name: Option<&str>) -> Result<Notation, ApiError> {
    match name {
        None => Ok(Notation::Iccs),
        Some(n) => n.parse().map_err(|_| ApiError::UnknownNotation {
            notation: n.to_owned(),
        }),
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
            problems: fen_problems(&e),
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

fn fen_problems(e: &FenError) -> Vec<FenProblem> {
    match e {
        FenError::Parse(p) => vec![FenProblem {
            kind: p.kind().to_owned(),
            message: p.to_string(),
        }],
        FenError::Setup(s) => s
            .problems
            .iter()
            .map(|p| FenProblem {
                kind: p.kind().to_owned(),
                message: p.to_string(),
            })
            .collect(),
    }
}

fn side(c: Color) -> dto::Side {
    match c {
        Color::Red => dto::Side::Red,
        Color::Black => dto::Side::Black,
    }
}

fn role(r: Role) -> dto::Role {
    match r {
        Role::King => dto::Role::King,
        Role::Advisor => dto::Role::Advisor,
        Role::Elephant => dto::Role::Elephant,
        Role::Horse => dto::Role::Horse,
        Role::Rook => dto::Role::Rook,
        Role::Cannon => dto::Role::Cannon,
        Role::Pawn => dto::Role::Pawn,
    }
}

fn article(a: &adjudication::Article) -> dto::ArticleRef {
    dto::ArticleRef {
        reference: a.reference.into(),
        label: a.label.into(),
        summary: dto::Localized {
            vi: a.summary_vi.into(),
            en: a.summary_en.into(),
        },
    }
}

fn game_over(end: GameEnd) -> dto::GameOver {
    dto::GameOver {
        winner: side(end.winner()),
        reason: match end {
            GameEnd::Checkmate { .. } => dto::GameOverReason::Checkmate,
            GameEnd::Stalemate { .. } => dto::GameOverReason::Stalemate,
        },
    }
}

fn position_info(replay: &Replay) -> dto::PositionInfo {
    let pos = replay.last();
    dto::PositionInfo {
        fen: pos.to_fen(),
        side_to_move: side(pos.turn()),
        in_check: pos.is_check(),
        plies: replay.plies() as u32,
    }
}

fn response(replay: &Replay, ruling: Ruling, sent: &[String]) -> dto::AdjudicateResponse {
    let explanation = adjudication::explain(&ruling);
    dto::AdjudicateResponse {
        verdict: match ruling.verdict {
            adjudication::Verdict::None => dto::Verdict::None,
            adjudication::Verdict::MustChange => dto::Verdict::MustChange,
            adjudication::Verdict::Loss => dto::Verdict::Loss,
            adjudication::Verdict::Draw => dto::Verdict::Draw,
        },
        violator: ruling.violator.map(side),
        articles: ruling.articles.iter().copied().map(article).collect(),
        explanation: dto::Localized {
            vi: explanation.vi.into(),
            en: explanation.en.into(),
        },
        repetition: ruling
            .repetition
            .as_ref()
            .map(|r| repetition(replay, r, sent)),
        position: position_info(replay),
        game_over: ruling.game_end.map(game_over),
        no_capture: dto::NoCapture {
            plies: ruling.no_capture.plies,
            limit: ruling.no_capture.limit,
            draw_claimable: ruling.no_capture.draw_claimable,
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
        red: side_pattern(&rep.red),
        black: side_pattern(&rep.black),
    }
}

/// One move of the cycle, played from `before`.
fn cycle_move(before: &Position, p: &PlyAnalysis, sent: &[String]) -> dto::CycleMove {
    dto::CycleMove {
        ply: p.ply as u32,
        side: side(p.side),
        mv: sent[p.ply - 1].clone(),
        iccs: Notation::Iccs.format_move(before, p.mv),
        check: p.check,
        chases: p
            .threats
            .iter()
            .map(|t| dto::Chase {
                square: t.threat.target.name().into(),
                role: role(t.threat.target_role),
                protected: t.threat.protection == Protection::True,
                protection: match t.threat.protection {
                    Protection::None => dto::Protection::Unprotected,
                    Protection::True => dto::Protection::TrueProtection,
                    Protection::False => dto::Protection::FalseProtection,
                },
                kind: match t.threat.kind {
                    ThreatKind::Chase => dto::ThreatKind::Chase,
                    ThreatKind::ExchangeOffer => dto::ThreatKind::ExchangeOffer,
                    ThreatKind::Protected => dto::ThreatKind::Protected,
                    ThreatKind::DiscoveredCheck => dto::ThreatKind::DiscoveredCheck,
                    ThreatKind::UncrossedPawn => dto::ThreatKind::UncrossedPawn,
                },
                by: t
                    .threat
                    .attackers
                    .iter()
                    .map(|&(sq, r)| dto::Attacker {
                        square: sq.name().into(),
                        role: role(r),
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn side_pattern(f: &SideFinding) -> dto::SidePattern {
    dto::SidePattern {
        pattern: match f.pattern {
            Pattern::PerpetualCheck => dto::Pattern::PerpetualCheck,
            Pattern::PerpetualChase(_) => dto::Pattern::PerpetualChase,
            Pattern::Allowed => dto::Pattern::Allowed,
        },
        moves: f.moves as u32,
        checks: f.checks as u32,
        chases: f.chases as u32,
        chased: match &f.pattern {
            Pattern::PerpetualChase(c) => Some(dto::ChasedPiece {
                role: role(c.target_role),
                squares: c.target_squares.iter().map(|s| s.name().into()).collect(),
            }),
            _ => None,
        },
        articles: f.articles.iter().map(|p| p.reference().into()).collect(),
    }
}
