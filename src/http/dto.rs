//! Request and response bodies of the v1 API: the contract's vocabulary.
//!
//! Field names are fixed by the v1 contract (issue 4): fields may be added, never renamed.
//! Requests accept and ignore unknown fields on purpose (no `deny_unknown_fields`): clients
//! may send extra data, and newer clients must work against older servers.
//!
//! `notation`, `ruleset` and `no_capture_limit` are deliberately loose types (`String`,
//! `i64`) so that a wrong *value* reaches the handler and gets a precise 422
//! (`unknown-notation`, `unknown-ruleset`, `invalid-request`) instead of a generic 400.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::error::ApiError;

/// Longest accepted FEN string, in characters (a full board is about 90).
pub const MAX_FEN_CHARS: usize = 128;
/// Longest accepted move string, in characters (the longest notation needs about 12).
pub const MAX_MOVE_CHARS: usize = 32;
/// Longest accepted `notation` or `ruleset` name, in characters.
pub const MAX_NAME_CHARS: usize = 32;
/// Accepted range of `no_capture_limit`, in plies.
pub const NO_CAPTURE_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=10_000;

/// Content limits a request is checked against before any chess work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest number of moves in one game.
    pub max_moves: usize,
    /// Largest number of games in one batch.
    pub max_batch: usize,
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/// `POST /v1/adjudicate`: one game to rule on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjudicateRequest {
    /// Starting position; `None` means the standard start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played from `fen`, in `notation`. Ply 1 is `moves[0]`.
    pub moves: Vec<String>,
    /// `iccs` (default), `uci`, `wxf` or `vn`.
    #[serde(default)]
    pub notation: Option<String>,
    /// Rule set id; `None` means `vn2004`.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// Plies without a capture after which a draw may be claimed; `None` means 100.
    #[serde(default, deserialize_with = "integral")]
    pub no_capture_limit: Option<i64>,
}

/// `POST /v1/adjudicate/batch`: many games ruled on independently.
///
/// Games stay raw JSON text here, only checked to be JSON, so that one malformed game
/// becomes an inline problem in its result slot instead of failing the whole batch, and
/// each game is then read by the same parser as a game sent alone
/// ([`parse_game`](super::extract::parse_game)): a duplicate key, a deep or odd unknown
/// field get the same answer in both.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchRequest {
    /// Each element should be an [`AdjudicateRequest`].
    pub games: Vec<Box<serde_json::value::RawValue>>,
}

/// `POST /v1/legal-moves`: the position after some moves and what may be played next.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LegalMovesRequest {
    /// Starting position; `None` means the standard start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves played from `fen`, in `notation`.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `iccs` (default), `uci`, `wxf` or `vn`.
    #[serde(default)]
    pub notation: Option<String>,
}

/// Reads an optional integer that JSON may write as `100` or `100.0`: JSON
/// Schema's `integer` accepts both, so the API does too. Fractions are refused.
fn integral<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(d)? {
        None => Ok(None),
        Some(n) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                    .map(|f| f as i64)
            })
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("expected an integer, got {n}"))),
    }
}

impl AdjudicateRequest {
    /// Checks the content limits that do not need the rules (sizes and ranges).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        check_game_shape(
            self.fen.as_deref(),
            &self.moves,
            self.notation.as_deref(),
            limits,
        )?;
        check_name("ruleset", self.ruleset.as_deref())?;
        if let Some(n) = self.no_capture_limit {
            if !NO_CAPTURE_LIMIT_RANGE.contains(&n) {
                return Err(ApiError::InvalidRequest {
                    field: "no_capture_limit".to_owned(),
                    message: format!(
                        "no_capture_limit must be between {} and {} plies, got {n}",
                        NO_CAPTURE_LIMIT_RANGE.start(),
                        NO_CAPTURE_LIMIT_RANGE.end()
                    ),
                });
            }
        }
        Ok(())
    }
}

impl LegalMovesRequest {
    /// Checks the content limits that do not need the rules (sizes).
    pub fn check_limits(&self, limits: &Limits) -> Result<(), ApiError> {
        check_game_shape(
            self.fen.as_deref(),
            &self.moves,
            self.notation.as_deref(),
            limits,
        )
    }
}

fn check_game_shape(
    fen: Option<&str>,
    moves: &[String],
    notation: Option<&str>,
    limits: &Limits,
) -> Result<(), ApiError> {
    if moves.len() > limits.max_moves {
        return Err(ApiError::TooManyMoves {
            count: moves.len(),
            limit: limits.max_moves,
        });
    }
    if let Some(fen) = fen {
        if fen.chars().count() > MAX_FEN_CHARS {
            return Err(ApiError::InvalidRequest {
                field: "fen".to_owned(),
                message: format!("fen is longer than {MAX_FEN_CHARS} characters"),
            });
        }
    }
    check_name("notation", notation)?;
    for (i, mv) in moves.iter().enumerate() {
        // No more bytes than the limit means no more characters either.
        if mv.len() > MAX_MOVE_CHARS && mv.chars().count() > MAX_MOVE_CHARS {
            return Err(ApiError::InvalidRequest {
                field: format!("moves[{i}]"),
                message: format!("ply {} is longer than {MAX_MOVE_CHARS} characters", i + 1),
            });
        }
    }
    Ok(())
}

fn check_name(field: &str, value: Option<&str>) -> Result<(), ApiError> {
    match value {
        Some(v) if v.chars().count() > MAX_NAME_CHARS => Err(ApiError::InvalidRequest {
            field: field.to_owned(),
            message: format!("{field} is longer than {MAX_NAME_CHARS} characters"),
        }),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// Shared vocabulary
// ---------------------------------------------------------------------------------------------

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Red (moves first).
    Red,
    /// Black.
    Black,
}

/// A piece kind, in the project's English vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Xe.
    Rook,
    /// Mã.
    Horse,
    /// Pháo.
    Cannon,
    /// Sĩ.
    Advisor,
    /// Tượng.
    Elephant,
    /// Tướng.
    King,
    /// Tốt.
    Pawn,
}

/// A text of an answer. Most are fixed (article texts, square names) and borrowed from the
/// program; the rest (explanations, FENs) are built for the answer.
pub type Text = Cow<'static, str>;

/// A text in Vietnamese and English.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Localized {
    /// Vietnamese.
    pub vi: Text,
    /// English.
    pub en: Text,
}

/// A reference to an article (and point) of a rule set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArticleRef {
    /// Stable reference such as `23.1` (article 23, point 1).
    #[serde(rename = "ref")]
    pub reference: Text,
    /// Display label such as `Điều 23, điểm 1`.
    pub label: Text,
    /// What the article says, briefly.
    pub summary: Localized,
}

/// The position reached after the moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionInfo {
    /// FEN of the position.
    pub fen: String,
    /// The side to move.
    pub side_to_move: Side,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Plies played from the request's starting position.
    pub plies: u32,
}

/// Why the game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOverReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a loss in xiangqi).
    Stalemate,
}

/// The game ended on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOver {
    /// Who won.
    pub winner: Side,
    /// How.
    pub reason: GameOverReason,
}

// ---------------------------------------------------------------------------------------------
// Adjudication response
// ---------------------------------------------------------------------------------------------

/// The ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Nothing forbidden happened.
    None,
    /// The violator must change its move before the repetition becomes a loss.
    MustChange,
    /// The violator loses.
    Loss,
    /// The game is drawn.
    Draw,
}

impl Verdict {
    /// The wire name, also used as a metrics label.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::MustChange => "must_change",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        }
    }
}

/// `200` answer of `POST /v1/adjudicate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdjudicateResponse {
    /// The ruling.
    pub verdict: Verdict,
    /// The side the ruling is against, if any.
    pub violator: Option<Side>,
    /// The articles the ruling rests on.
    pub articles: Vec<ArticleRef>,
    /// The ruling in words.
    pub explanation: Localized,
    /// The repetition found, if any.
    pub repetition: Option<Repetition>,
    /// The position reached.
    pub position: PositionInfo,
    /// Set when the game ended on the board.
    pub game_over: Option<GameOver>,
    /// The no-capture counter.
    pub no_capture: NoCapture,
}

/// A repeated cycle of positions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetition {
    /// How many times the position occurred.
    pub occurrences: u32,
    /// Ply after which the repeated position first occurred.
    pub first_ply: u32,
    /// Ply after which the position stood the time before `trigger_ply`: the judged cycle
    /// is the moves since then, the ones that have just repeated.
    pub previous_ply: u32,
    /// Ply that completed the repetition (the third occurrence, or a later one when a drawn
    /// repetition went on differently and was judged again).
    pub trigger_ply: u32,
    /// For `loss`: the ply at which the violator repeated instead of changing.
    pub loss_ply: Option<u32>,
    /// The moves of one cycle, in order.
    pub cycle: Vec<CycleMove>,
    /// What red did in the cycle.
    pub red: SidePattern,
    /// What black did in the cycle.
    pub black: SidePattern,
}

/// One move of a repetition cycle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleMove {
    /// Ply number (1 = first move of the request).
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// The move as the client sent it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in ICCS.
    pub iccs: String,
    /// Whether it gives check.
    pub check: bool,
    /// Pieces it newly attacks (chases).
    pub chases: Vec<Chase>,
}

/// A piece attacked by a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chase {
    /// Square of the attacked piece (ICCS, e.g. `c7`).
    pub square: Text,
    /// Its kind.
    pub role: Role,
    /// Whether it is truly protected (a legal recapture exists).
    pub protected: bool,
    /// How it is protected: `protected` is `protection == true_protection`.
    pub protection: Protection,
    /// How the law counts this threat.
    pub kind: ThreatKind,
    /// The pieces that could make the capture.
    pub by: Vec<Attacker>,
}

/// How a threatened piece is defended (Article 22: căn thật, căn giả).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protection {
    /// No piece of its side guards it.
    Unprotected,
    /// Căn thật: a legal recapture exists.
    TrueProtection,
    /// Căn giả: a piece guards it but could not legally recapture (pinned, or the
    /// recapture would leave its king in check or facing the other king).
    FalseProtection,
}

/// How the law counts a threat (Article 23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreatKind {
    /// A chase that counts towards perpetual chase (Article 22.4).
    Chase,
    /// A same-role attack the target can answer by capturing back (23.8, 23.10).
    ExchangeOffer,
    /// The target is truly protected: not a chase (23.6).
    Protected,
    /// The capture would uncover a check that stops the recapture: a threat to win the piece
    /// by discovered check, allowed (23.2, 23.10).
    DiscoveredCheck,
    /// A pawn that has not crossed the river: never chased (23.3).
    UncrossedPawn,
}

/// A piece that threatens a capture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    /// Its square (ICCS).
    pub square: Text,
    /// Its kind.
    pub role: Role,
}

/// What one side did during a repetition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// Checked on every move of the cycle.
    PerpetualCheck,
    /// Chased on every move of the cycle.
    PerpetualChase,
    /// Nothing forbidden.
    Allowed,
}

/// One side's behaviour in a repetition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SidePattern {
    /// The classification.
    pub pattern: Pattern,
    /// This side's moves in the cycle.
    pub moves: u32,
    /// How many of them gave check.
    pub checks: u32,
    /// How many of them chased some piece.
    pub chases: u32,
    /// For `perpetual_chase`: the piece chased on every move.
    pub chased: Option<ChasedPiece>,
    /// The article points behind the classification (e.g. `23.6`).
    pub articles: Vec<Text>,
}

/// The piece a side chased on every move of the cycle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChasedPiece {
    /// Its kind.
    pub role: Role,
    /// Its squares over the cycle, in order.
    pub squares: Vec<Text>,
}

/// The no-capture (natural draw) counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoCapture {
    /// Plies since the last capture (or the start).
    pub plies: u32,
    /// The limit in force.
    pub limit: u32,
    /// Whether `plies >= limit` while the game goes on (a finished game leaves no draw to claim).
    pub draw_claimable: bool,
}

/// `200` answer of `POST /v1/adjudicate/batch`: one item per game, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchResponse {
    /// Results in the order of the request's games.
    pub results: Vec<BatchItem>,
}

/// A ruling, or the problem that prevented it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BatchItem {
    /// The game was ruled on.
    Verdict(Box<AdjudicateResponse>),
    /// The game was rejected; same shape as a problem+json body.
    Problem(super::error::Problem),
}

// ---------------------------------------------------------------------------------------------
// Legal moves and rule sets
// ---------------------------------------------------------------------------------------------

/// One legal move, in every notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    /// ICCS, e.g. `h2e2`.
    pub iccs: String,
    /// UCI as Fairy-Stockfish writes it (ranks 1–10), e.g. `h3e3`.
    pub uci: String,
    /// WXF, e.g. `C2=5`.
    pub wxf: String,
    /// Vietnamese notation.
    pub vn: String,
    /// Chinese notation, e.g. `炮二平五`.
    pub chinese: String,
}

/// `200` answer of `POST /v1/legal-moves`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMovesResponse {
    /// The position reached.
    pub position: PositionInfo,
    /// Set when the game is over (then `legal_moves` is empty).
    pub game_over: Option<GameOver>,
    /// Every legal move of the side to move.
    pub legal_moves: Vec<LegalMove>,
}

/// A rule set and its articles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    /// Id used in requests, e.g. `vn2004`.
    pub id: String,
    /// Display name.
    pub name: Localized,
    /// Whether it applies when a request names none.
    pub default: bool,
    /// Its articles.
    pub articles: Vec<ArticleRef>,
}

/// `200` answer of `GET /v1/rulesets`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetsResponse {
    /// The rule sets this server knows.
    pub rulesets: Vec<Ruleset>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        max_moves: 3,
        max_batch: 2,
    };

    fn req(moves: &[&str]) -> AdjudicateRequest {
        AdjudicateRequest {
            fen: None,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            notation: None,
            ruleset: None,
            no_capture_limit: None,
        }
    }

    #[test]
    fn integral_floats_are_integers() {
        let r: AdjudicateRequest =
            serde_json::from_str(r#"{"moves": [], "no_capture_limit": 120.0}"#).unwrap();
        assert_eq!(r.no_capture_limit, Some(120));
        assert!(
            serde_json::from_str::<AdjudicateRequest>(r#"{"moves": [], "no_capture_limit": 1.5}"#)
                .is_err()
        );
        let big = serde_json::from_str::<AdjudicateRequest>(
            r#"{"moves": [], "no_capture_limit": 1e300}"#,
        );
        assert!(big.is_err());
    }

    #[test]
    fn unknown_fields_are_ignored() {
        let r: AdjudicateRequest =
            serde_json::from_str(r#"{"moves": ["h2e2"], "client": "x", "fen": null}"#).unwrap();
        assert_eq!(r, req(&["h2e2"]));
    }

    #[test]
    fn limits_are_checked_before_the_rules() {
        assert!(req(&["a", "b", "c"]).check_limits(&LIMITS).is_ok());
        assert!(matches!(
            req(&["a", "b", "c", "d"]).check_limits(&LIMITS),
            Err(ApiError::TooManyMoves { count: 4, limit: 3 })
        ));
        let long = "x".repeat(MAX_MOVE_CHARS + 1);
        assert!(matches!(
            req(&[&long]).check_limits(&LIMITS),
            Err(ApiError::InvalidRequest { field, .. }) if field == "moves[0]"
        ));
        let mut r = req(&[]);
        r.no_capture_limit = Some(0);
        assert!(matches!(
            r.check_limits(&LIMITS),
            Err(ApiError::InvalidRequest { field, .. }) if field == "no_capture_limit"
        ));
    }
}
