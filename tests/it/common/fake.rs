//! A fake arbiter with fixed answers and one trigger per error kind, for tests of the HTTP
//! layer alone.

use std::sync::{Arc, Condvar, Mutex};

use xiangqi_arbiter::api::answer::*;
use xiangqi_arbiter::api::arbiter::{Arbiter, Cancel, RuledGame};
use xiangqi_arbiter::api::error::{ApiError, FenProblem, NOTATIONS};
use xiangqi_arbiter::api::request::*;
use xiangqi_arbiter::api::wording::Wording;
use xiangqi_arbiter::api::{LawArbiter, Moves};
use xiangqi_arbiter::xiangqi::Color;

/// Answers fixed DTOs; special inputs trigger each error kind:
/// - `fen: "bad"` → invalid-fen; `notation` outside the four → unknown-notation;
/// - `ruleset` other than `vn2004` → unknown-ruleset;
/// - move `"??"` → unparsable-move; move `"x0x0"` → illegal-move;
/// - move `"panic"` → a panic; move `"gate"` → waits at `GATE` until a test opens it;
/// - move `"repeat"` → a `loss` verdict; otherwise `none`.
///
/// It has no board of its own: the games it is asked to draw (diagrams, reports) are ruled on
/// by the real arbiter, so that those routes answer as they do in service.
#[derive(Debug, Default, Clone, Copy)]
pub struct FakeArbiter;

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A fake's message: the same text in every language.
fn fixed(text: &str) -> Wording {
    Wording::new(|_| text.to_owned())
}

fn check_common(fen: Option<&str>, moves: &Moves, notation: Option<&str>) -> Result<(), ApiError> {
    if fen == Some("bad") {
        return Err(ApiError::InvalidFen {
            fen: "bad".into(),
            problems: vec![
                FenProblem {
                    kind: "wrong_rank_count".into(),
                    message: fixed("expected 10 ranks, found 1"),
                },
                FenProblem {
                    kind: "missing_king".into(),
                    message: fixed("red has no king"),
                },
            ],
        });
    }
    if let Some(n) = notation
        && !NOTATIONS.contains(&n)
    {
        return Err(ApiError::UnknownNotation { notation: n.into() });
    }
    for (i, mv) in moves.iter().enumerate() {
        match mv {
            "??" => {
                return Err(ApiError::UnparsableMove {
                    ply: i + 1,
                    move_number: i as u32 / 2 + 1,
                    side: if i % 2 == 0 { Color::Red } else { Color::Black },
                    mv: mv.to_owned(),
                    reason: "not a move".into(),
                    kind: "syntax".into(),
                    message: fixed("not a move"),
                });
            }
            "x0x0" => {
                return Err(ApiError::IllegalMove {
                    ply: i + 1,
                    move_number: i as u32 / 2 + 1,
                    side: if i % 2 == 0 { Color::Red } else { Color::Black },
                    mv: mv.to_owned(),
                    // A fake square pair: the fake reads no notation.
                    iccs: "a0a1".into(),
                    fen: START_FEN.into(),
                    reason: "no_piece".into(),
                    message: fixed("there is no piece on x0"),
                });
            }
            "panic" => panic!("fake arbiter asked to panic"),
            "gate" => GATE.pass(),
            _ => {}
        }
    }
    Ok(())
}

pub fn position(plies: u32) -> PositionInfo {
    PositionInfo {
        fen: START_FEN.into(),
        side_to_move: Side::Red,
        in_check: false,
        plies,
    }
}

pub fn verdict(moves: &Moves) -> AdjudicateResponse {
    let loss = moves.iter().any(|m| m == "repeat");
    let en = |s: &'static str| Localized {
        vi: s.into(),
        en: s.into(),
        zh: "".into(),
    };
    AdjudicateResponse {
        verdict: if loss { Verdict::Loss } else { Verdict::None },
        violator: loss.then_some(Side::Red),
        articles: if loss {
            vec![ArticleRef {
                reference: "23.1".into(),
                label: "Điều 23, điểm 1".into(),
                summary: en("Perpetual check loses."),
            }]
        } else {
            vec![]
        },
        explanation: en("fixed"),
        repetition: loss.then(|| Repetition {
            occurrences: 3,
            first_ply: 1,
            previous_ply: 5,
            trigger_ply: 9,
            loss_ply: Some(11),
            trigger: None,
            loss: None,
            cycle: vec![CycleMove {
                ply: 9,
                side: Side::Red,
                move_number: 5,
                mv: "repeat".into(),
                iccs: "a8a9".into(),
                check: true,
                chases: vec![Chase {
                    square: "c7".into(),
                    role: Role::Cannon,
                    protected: false,
                    protection: Protection::Unprotected,
                    kind: ThreatKind::Chase,
                    by: vec![Attacker {
                        square: "a7".into(),
                        role: Role::Rook,
                    }],
                    reasons: None,
                }],
                mate_threat: None,
                wins_by_check: None,
                pawn_capture_check: None,
            }],
            red: SidePattern {
                pattern: Pattern::PerpetualCheck,
                moves: 4,
                checks: 4,
                chases: 0,
                chased: None,
                articles: vec!["23.1".into()],
            },
            black: SidePattern {
                pattern: Pattern::Allowed,
                moves: 4,
                checks: 0,
                chases: 0,
                chased: None,
                articles: vec![],
            },
        }),
        position: position(moves.len() as u32),
        game_over: None,
        no_capture: NoCapture {
            plies: moves.len() as u32,
            limit: 100,
            draw_claimable: false,
        },
        comparison: None,
        record_encoding: None,
        record_pgn: None,
        moves_read: None,
        provisional: None,
        forbidden_run: None,
    }
}

impl Arbiter for FakeArbiter {
    /// The game has been checked ([`AdjudicateRequest::check`]): its notation and rule book
    /// are known ones.
    fn adjudicate(&self, game: &Game) -> Result<AdjudicateResponse, ApiError> {
        check_common(game.fen.as_deref(), &game.moves, None)?;
        Ok(verdict(&game.moves))
    }

    fn rule_game<'g>(&self, game: &'g Game, cancel: &Cancel) -> Result<RuledGame<'g>, ApiError> {
        LawArbiter.rule_game(game, cancel)
    }

    fn legal_moves(&self, req: &LegalMovesRequest) -> Result<LegalMovesResponse, ApiError> {
        check_common(req.fen.as_deref(), &req.moves, req.notation.as_deref())?;
        Ok(LegalMovesResponse {
            position: position(req.moves.len() as u32),
            game_over: None,
            legal_moves: vec![LegalMove {
                iccs: "h2e2".into(),
                uci: "h2e2".into(),
                wxf: "C2=5".into(),
                vn: "P2-5".into(),
                chinese: "炮二平五".into(),
            }],
        })
    }

    fn rulesets(&self) -> RulesetsResponse {
        RulesetsResponse {
            rulesets: vec![Ruleset {
                id: "vn2004".into(),
                name: Localized {
                    vi: "Luật cờ tướng Việt Nam 2004".into(),
                    en: "Vietnamese Xiangqi Law 2004".into(),
                    zh: "越南象棋法（2004年）".into(),
                },
                default: true,
                mate_threats: false,
                translations: vec![],
                provisional: None,
                articles: vec![],
            }],
        }
    }
}

pub fn fake() -> Arc<dyn Arbiter> {
    Arc::new(FakeArbiter)
}

/// Where the fake arbiter waits on the move `"gate"`: a test learns that a request is being
/// ruled on, and decides when the ruling ends, without sleeping. Once opened it stays open, and
/// every integration test shares one process, so one test in all may use it (`server`'s).
pub static GATE: Gate = Gate {
    state: Mutex::new(GateState {
        waiting: 0,
        open: false,
    }),
    changed: Condvar::new(),
};

pub struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

struct GateState {
    waiting: usize,
    open: bool,
}

impl Gate {
    /// Waits here until the gate is open.
    fn pass(&self) {
        let mut state = self.state.lock().unwrap();
        state.waiting += 1;
        self.changed.notify_all();
        while !state.open {
            state = self.changed.wait(state).unwrap();
        }
        state.waiting -= 1;
    }

    /// Blocks until some call waits at the gate (or has passed an open one).
    pub fn wait_for_arrival(&self) {
        let mut state = self.state.lock().unwrap();
        while state.waiting == 0 && !state.open {
            state = self.changed.wait(state).unwrap();
        }
    }

    pub fn open(&self) {
        self.state.lock().unwrap().open = true;
        self.changed.notify_all();
    }
}
