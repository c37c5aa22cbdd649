//! What the API answers: the response bodies of the v1 API, and the conversions from the
//! domain's values to them.
//!
//! Field names are fixed by the v1 contract (issue 4): fields may be added, never renamed.
//! Every enumerated wire name (verdict, pattern, threat kind, protection, side, role, reason)
//! is spelled once, in a `wire_enum!` below: serde writes and reads that spelling, `as_str`
//! returns it (metrics labels use it), and `tests/it/openapi.rs` checks that `openapi.yaml` lists
//! exactly those names.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::error::Problem;
use crate::adjudication::{self, Article, Lang, law, threats};
use crate::xiangqi::{self, GameEnd};

/// An enum of the contract whose values travel as strings: each variant is written with its
/// wire name (`Loss = "loss"`), the one place that name is spelled. Generates the enum, `ALL`,
/// `as_str`, and serde's `Serialize`/`Deserialize` as that string.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal, )+
        }
    ) => {
        named_enum! {
            $(#[$meta])*
            pub enum $name {
                $( $(#[$vmeta])* $variant = $wire, )+
            }
        }

        impl Serialize for $name {
            /// As its wire name.
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl write::WriteJson for $name {
            /// Its wire name, quoted: no wire name holds a byte to escape.
            fn write_json(&self, out: &mut write::Json) {
                out.raw(match self {
                    $( $name::$variant => concat!("\"", $wire, "\""), )+
                });
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Names;
                impl serde::de::Visitor<'_> for Names {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str(concat!("a ", stringify!($name), " name"))
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        $name::from_name(v).ok_or_else(|| E::unknown_variant(v, &[$($wire),+]))
                    }
                }
                d.deserialize_str(Names)
            }
        }
    };
}

// ---------------------------------------------------------------------------------------------
// Shared vocabulary
// ---------------------------------------------------------------------------------------------

wire_enum! {
    /// A side of the board.
    pub enum Side {
        /// Red (moves first).
        Red = "red",
        /// Black.
        Black = "black",
    }
}

wire_enum! {
    /// A piece kind, in the project's English vocabulary.
    pub enum Role {
        /// Xe.
        Rook = "rook",
        /// Mã.
        Horse = "horse",
        /// Pháo.
        Cannon = "cannon",
        /// Sĩ.
        Advisor = "advisor",
        /// Tượng.
        Elephant = "elephant",
        /// Tướng.
        King = "king",
        /// Tốt.
        Pawn = "pawn",
    }
}

/// A text of an answer. Most are fixed (article texts, square names) and borrowed from the
/// program; the rest (explanations, FENs) are built for the answer.
pub type Text = Cow<'static, str>;

/// A text in the answer's languages ([`Languages`]): Vietnamese and English by default; a
/// language left out is an empty text and is not written (`LocalizedJson`), nor expected
/// when read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Localized {
    /// Vietnamese.
    #[serde(default)]
    pub vi: Text,
    /// English.
    #[serde(default)]
    pub en: Text,
    /// Simplified Chinese (our translation where the source is Vietnamese or English).
    #[serde(default)]
    pub zh: Text,
}

/// Which languages the texts of an answer carry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Languages {
    /// Vietnamese and English: what the API always answered (no `lang`, no usable
    /// `Accept-Language`).
    #[default]
    Default,
    /// Asked by `Accept-Language` (which clients send without meaning it): Vietnamese and
    /// English stay, so that no client reading them breaks, and the language is added.
    Preferred(Lang),
    /// Asked by `lang` in the request: that language only.
    Only(Lang),
    /// Every language (`GET /v1/rulesets`).
    All,
}

impl Languages {
    /// Whether the texts carry `lang`.
    pub fn has(self, lang: Lang) -> bool {
        match self {
            Languages::Default => matches!(lang, Lang::Vi | Lang::En),
            Languages::Preferred(l) => l == lang || matches!(lang, Lang::Vi | Lang::En),
            Languages::Only(l) => l == lang,
            Languages::All => true,
        }
    }

    /// The one language a single text (a problem's `detail`) is written in: the one asked
    /// for, else English.
    pub fn detail(self) -> Lang {
        match self {
            Languages::Preferred(l) | Languages::Only(l) => l,
            Languages::Default | Languages::All => Lang::En,
        }
    }
}

impl Localized {
    /// The texts `text` gives for each language of `langs`.
    pub fn new(langs: Languages, mut text: impl FnMut(Lang) -> Text) -> Localized {
        let mut pick = |lang| {
            if langs.has(lang) {
                text(lang)
            } else {
                Text::default()
            }
        };
        Localized {
            vi: pick(Lang::Vi),
            en: pick(Lang::En),
            zh: pick(Lang::Zh),
        }
    }

    /// The text in `lang` (empty when the answer does not carry it).
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Vi => &self.vi,
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}

/// A reference to an article (and point) of a rule set.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ArticleRef {
    /// Stable reference such as `23.1` (article 23, point 1).
    #[serde(rename = "ref")]
    pub reference: Text,
    /// Display label such as `Điều 23, điểm 1`.
    pub label: Text,
    /// What the article says, briefly.
    pub summary: Localized,
}

mod literals;
mod to_json;
mod write;

/// `Serialize` for the answer types as [`write`] writes them: one field list per type (its
/// `WriteJson` in `to_json`), which serde sees as one raw JSON value. The service writes
/// these types with `WriteJson` directly (`to_json`); this is for what nests them in a
/// derived answer (the rule books' articles, a position) and for clients of the library.
macro_rules! serialize_as_written {
    ($($name:ident),+ $(,)?) => {$(
        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut json = write::Json::with_capacity(256);
                write::WriteJson::write_json(self, &mut json);
                serde_json::value::RawValue::from_string(json.into_string())
                    .map_err(serde::ser::Error::custom)?
                    .serialize(s)
            }
        }
    )+};
}

serialize_as_written!(
    Localized,
    ArticleRef,
    PositionInfo,
    GameOver,
    AdjudicateResponse,
    BookRuling,
    Repetition,
    CycleMove,
    MoveRef,
    Chase,
    Attacker,
    SidePattern,
    ChasedPiece,
    NoCapture,
    BatchResponse,
    BatchItem,
);

/// The position reached after the moves.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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

wire_enum! {
    /// Why the game is over.
    pub enum GameOverReason {
        /// The side to move is in check and has no legal move.
        Checkmate = "checkmate",
        /// The side to move is not in check and has no legal move (a loss in xiangqi).
        Stalemate = "stalemate",
    }
}

/// The game ended on the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GameOver {
    /// Who won.
    pub winner: Side,
    /// How.
    pub reason: GameOverReason,
}

// ---------------------------------------------------------------------------------------------
// Adjudication response
// ---------------------------------------------------------------------------------------------

wire_enum! {
    /// The ruling.
    pub enum Verdict {
        /// Nothing forbidden happened.
        None = "none",
        /// The violator must change its move before the repetition becomes a loss.
        MustChange = "must_change",
        /// The violator loses.
        Loss = "loss",
        /// The game is drawn.
        Draw = "draw",
    }
}

/// `200` answer of `POST /v1/adjudicate`. [`AdjudicateResponse::to_json`] writes it fast.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
    /// With `"compare": true`: the ruling under every rule book, in the order of
    /// `GET /v1/rulesets`, so that an arbiter sees where the books part.
    #[serde(default)]
    pub comparison: Option<Vec<BookRuling>>,
    /// The encoding the game record was read in (`gbk`, `big5`, `utf-8`, `utf-16le`: the
    /// WHATWG Encoding Standard's name in lower case), when the game came as a record sent
    /// as the body; absent for JSON, which is UTF-8.
    #[serde(default)]
    pub record_encoding: Option<Text>,
    /// `true` when the rule book is provisional (`cxa2020`: reconstructed from its
    /// illustrated cases, not checked against the official text); absent otherwise.
    #[serde(default)]
    pub provisional: Option<bool>,
    /// The game of a binary record (an XQF file) written as PGN text: its header's tags,
    /// `[FEN]` and `[Format "ICCS"]`, its main line; to show it, or to send it again as a
    /// JSON `game`. Absent for every other game.
    #[serde(default)]
    pub record_pgn: Option<Text>,
    /// With `"moves_read": true`: every ply as read, in order.
    #[serde(default)]
    pub moves_read: Option<Vec<MoveRead>>,
    /// Nine rounds of forbidden moves with no repetition (`cxa2020`, its reference figure
    /// 8): the verdict rests on them, or they were broken by a change. Absent otherwise.
    #[serde(default)]
    pub forbidden_run: Option<ForbiddenRun>,
}

/// Nine rounds in a row of forbidden moves on three or more points (`cxa2020`), which the
/// repetition rule cannot see: no position stood three times.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ForbiddenRun {
    /// The side whose nine moves in a row attacked first.
    pub side: Side,
    /// How many of its moves in a row attacked: nine.
    pub rounds: u32,
    /// How many different squares those moves went to (three or more).
    pub points: u32,
    /// The first ply of the nine rounds.
    pub first_ply: u32,
    /// The side's ninth forbidden move: where it must change.
    pub last_ply: u32,
    /// For `loss`: the violator's next move, which attacked again.
    pub loss_ply: Option<u32>,
    /// The violator's next move, which did not attack: it changed, and the verdict is
    /// `none`.
    pub broken_at_ply: Option<u32>,
    /// `last_ply` as the score sheet names it.
    pub last: MoveRef,
    /// `loss_ply` as the score sheet names it.
    #[serde(default)]
    pub loss: Option<MoveRef>,
    /// The moves of the nine rounds, in order, each as a cycle's move is given.
    pub moves: Vec<CycleMove>,
    /// The violator's next move (`loss_ply` or `broken_at_ply`), judged as the rounds' moves
    /// are: what made it the refusal to change, or the change.
    #[serde(default)]
    pub next_move: Option<CycleMove>,
    /// What red did over the nine rounds.
    pub red: SidePattern,
    /// What black did over the nine rounds.
    pub black: SidePattern,
}

/// A ply as read from the request (`"moves_read": true`): what a platform importing a record
/// checks against its own reading.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveRead {
    /// The move number on the score sheet (from the start position's full-move number).
    pub number: u32,
    /// The side that played it.
    pub side: Side,
    /// The move as written in the request or record, in its notation.
    pub text: String,
    /// The move in ICCS.
    pub iccs: String,
    /// The move in WXF, as English sheets write it.
    pub wxf: String,
    /// The move in Vietnamese notation.
    pub vn: String,
    /// The move in Chinese notation.
    pub chinese: String,
}

/// Room for a ruling's answer: about 3 KB for a cycle of eight plies.
const ANSWER_CAPACITY: usize = 4096;

impl AdjudicateResponse {
    /// The answer as JSON, written in one pass into one buffer (serde_json would check every
    /// key and text byte by byte): what the HTTP layer and the CLI send.
    pub fn to_json(&self) -> String {
        let mut json = write::Json::with_capacity(ANSWER_CAPACITY);
        write::WriteJson::write_json(self, &mut json);
        json.into_string()
    }
}

impl BatchResponse {
    /// The answer as JSON, each ruling written as [`AdjudicateResponse::to_json`] writes it.
    pub fn to_json(&self) -> String {
        let mut json = write::Json::with_capacity(ANSWER_CAPACITY * self.results.len().max(1));
        write::WriteJson::write_json(self, &mut json);
        json.into_string()
    }
}

/// The ruling on the same game under one rule book.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BookRuling {
    /// The rule book's id (`vn2004`, `axf`).
    pub ruleset: String,
    pub verdict: Verdict,
    pub violator: Option<Side>,
    /// The book's own articles.
    pub articles: Vec<ArticleRef>,
    pub explanation: Localized,
    /// `true` when the rule book is provisional; absent otherwise.
    #[serde(default)]
    pub provisional: Option<bool>,
}

/// A repeated cycle of positions.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
    /// `trigger_ply` as the score sheet names it: move number and side.
    #[serde(default)]
    pub trigger: Option<MoveRef>,
    /// `loss_ply` as the score sheet names it.
    #[serde(default)]
    pub loss: Option<MoveRef>,
    /// The moves of one cycle, in order.
    pub cycle: Vec<CycleMove>,
    /// What red did in the cycle.
    pub red: SidePattern,
    /// What black did in the cycle.
    pub black: SidePattern,
}

/// One move of a repetition cycle.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CycleMove {
    /// Ply number (1 = first move of the request).
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// Its move number on the score sheet: the FEN's full-move number for the first move,
    /// one more after each black move.
    #[serde(default)]
    pub move_number: u32,
    /// The move as the client sent it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in ICCS.
    pub iccs: String,
    /// Whether it gives check.
    pub check: bool,
    /// Pieces it newly attacks (chases).
    pub chases: Vec<Chase>,
    /// Whether it threatens mate (杀), under a book that counts mate threats (`cxa2020`)
    /// and for a move that does not check; absent otherwise.
    #[serde(default)]
    pub mate_threat: Option<MateThreat>,
    /// `true` when it threatens to win material by a check (抽吃), which a book that counts
    /// it as a chase (`cxa2020`) weighs as one; absent otherwise.
    #[serde(default)]
    pub wins_by_check: Option<bool>,
    /// `true` when it is a pawn's capture that uncovers another piece's check, which a book
    /// that counts it as a chase (`cxa2020`, its article 26.8) weighs as one, not as a check;
    /// absent otherwise.
    #[serde(default)]
    pub pawn_capture_check: Option<bool>,
}

wire_enum! {
    /// What the bounded search for a mate threat found (`cxa2020`).
    pub enum MateThreat {
        /// No mate by four checks in a row or fewer.
        None = "none",
        /// A forced mate by a check or checks in a row.
        Mate = "mate",
        /// The search's budget ran out before it could decide.
        Unknown = "unknown",
    }
}

/// A ply as the score sheet names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct MoveRef {
    /// The ply (1 = first move of the request).
    pub ply: u32,
    /// Its move number.
    pub move_number: u32,
    /// Who played it.
    pub side: Side,
}

/// A piece attacked by a move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Chase {
    /// Square of the attacked piece (ICCS, e.g. `c7`).
    pub square: Text,
    /// Its kind.
    pub role: Role,
    /// Whether it is truly protected (a legal recapture exists). Deprecated in the contract:
    /// `protection` says it, and this stays only for clients that read it.
    pub protected: bool,
    /// How it is protected: `protected` is `protection == true_protection`.
    pub protection: Protection,
    /// How the law counts this threat.
    pub kind: ThreatKind,
    /// The pieces that could make the capture.
    pub by: Vec<Attacker>,
    /// Why the book counts the threat as it does, where a reading of the CXA's decides it;
    /// absent (`None`) when none does, so that the other books' answers are unchanged.
    #[serde(default)]
    pub reasons: Option<Vec<ChaseReason>>,
}

wire_enum! {
    /// A reading of the CXA 2020 book that decided how a threat counts.
    pub enum ChaseReason {
        /// 联合捉: the moved piece takes part in a chase that stood (图11, 参考图39).
        Joint = "joint",
        /// 少根: the complete exchange on the square wins, though the piece is protected (26.5).
        ExchangeGain = "exchange_gain",
        /// 以兑断根: an even exchange on its protector would leave the piece to be won (图4).
        RootCutByExchange = "root_cut_by_exchange",
        /// Every recapture would let the capturer's side mate: no root (29.4, 参考图25).
        RootIntoMate = "root_into_mate",
        /// 假根: every recapture would let a second capture pay for the first (28.16, 参考图1, 参考图13).
        RecaptureLoses = "recapture_loses",
        /// The capturer was a root whose capture gave up more than it took, and the move freed it (图12).
        RootFreed = "freed_root",
        /// The capture would let the other side mate: no threat (不能离线, 29.4, 图7).
        IntoMate = "into_mate",
        /// The capturer is pinned and loses more than it takes: no threat (图23).
        PinnedCapturer = "pinned_capturer",
    }
}

wire_enum! {
    /// How a threatened piece is defended (Article 22: căn thật, căn giả).
    pub enum Protection {
        /// No piece of its side guards it.
        Unprotected = "unprotected",
        /// Căn thật: a legal recapture exists.
        TrueProtection = "true_protection",
        /// Căn giả: a piece guards it but could not legally recapture (pinned, or the
        /// recapture would leave its king in check or facing the other king).
        FalseProtection = "false_protection",
    }
}

wire_enum! {
    /// How the law counts a threat (Article 23).
    pub enum ThreatKind {
        /// A chase that counts towards perpetual chase (Article 22.4).
        Chase = "chase",
        /// A same-role attack the target can answer by capturing back (23.8, 23.10).
        ExchangeOffer = "exchange_offer",
        /// The target is truly protected: not a chase (23.6).
        Protected = "protected",
        /// The capture would uncover a check that stops the recapture: a threat to win the piece
        /// by discovered check, allowed (23.2, 23.10).
        DiscoveredCheck = "discovered_check",
        /// A pawn that has not crossed the river: never chased (23.3).
        UncrossedPawn = "uncrossed_pawn",
    }
}

/// A piece that threatens a capture.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Attacker {
    /// Its square (ICCS).
    pub square: Text,
    /// Its kind.
    pub role: Role,
}

wire_enum! {
    /// What one side did during a repetition.
    pub enum Pattern {
        /// Checked on every move of the cycle.
        PerpetualCheck = "perpetual_check",
        /// Chased on every move of the cycle.
        PerpetualChase = "perpetual_chase",
        /// Attacked on every move: checks, mate threats and chases in a mix, or chases of
        /// different pieces in turn (`cxa2020` only, its article 24.13).
        PerpetualAttack = "perpetual_attack",
        /// Nothing forbidden.
        Allowed = "allowed",
    }
}

/// One side's behaviour in a repetition.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChasedPiece {
    /// Its kind.
    pub role: Role,
    /// Its squares over the cycle, in order.
    pub squares: Vec<Text>,
}

/// The no-capture (natural draw) counter.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct NoCapture {
    /// Plies since the last capture (or the start).
    pub plies: u32,
    /// The limit in force.
    pub limit: u32,
    /// Whether `plies >= limit` while the game goes on (a finished game leaves no draw to claim).
    pub draw_claimable: bool,
}

/// `200` answer of `POST /v1/adjudicate/batch`: one item per game, in order.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct BatchResponse {
    /// Results in the order of the request's games.
    pub results: Vec<BatchItem>,
}

/// A ruling, or the problem that prevented it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum BatchItem {
    /// The game was ruled on.
    Verdict(Box<AdjudicateResponse>),
    /// The game was rejected; same shape as a problem+json body.
    Problem(Problem),
}

/// One game of a record that holds many (a database export, a collection), ruled: its place in
/// the record (from 1), the tags it gives, and its ruling or problem, whose fields follow in
/// the same object. A line of the CLI's answer to a record; an item of
/// `POST /v1/adjudicate/batch`'s answer to a record body. [`GameItem::to_json`] writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameItem {
    /// The game's place in the record, from 1.
    pub index: u32,
    /// The game's tags as the record writes them (PGN's by their names, a sheet's header lines
    /// and DhtmlXQ's blocks by PGN's name for what they say); empty when the game did not read.
    pub tags: Vec<(String, String)>,
    /// Its ruling, or the problem that prevented it.
    pub item: BatchItem,
}

impl GameItem {
    /// The item as one JSON object: `index`, `tags` (an object; a name given twice keeps its
    /// first value), then the ruling's or problem's own fields in their order.
    pub fn to_json(&self) -> String {
        let mut json = write::Json::with_capacity(ANSWER_CAPACITY);
        write::WriteJson::write_json(self, &mut json);
        json.into_string()
    }
}

/// `200` answer of `POST /v1/adjudicate/batch` to a record body: one item per game of the
/// record, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct GamesResponse {
    /// The record's games in order.
    pub results: Vec<GameItem>,
}

impl GamesResponse {
    /// The answer as JSON, each item as [`GameItem::to_json`] writes it.
    pub fn to_json(&self) -> String {
        let mut json = write::Json::with_capacity(ANSWER_CAPACITY * self.results.len().max(1));
        write::WriteJson::write_json(self, &mut json);
        json.into_string()
    }
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
    /// Whether it counts mate threats (杀) as attacks (`cxa2020`): a judged move that
    /// neither checks nor has `mate_threat` was not searched for one, its side's verdict
    /// turning on its other moves.
    pub mate_threats: bool,
    /// Languages whose texts are our translation, not the book's own text, with a note
    /// saying so (`zh`: the Vietnamese law and the AXF rules as summarised here have no
    /// Chinese text of ours to quote).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub translations: Vec<Translation>,
    /// Present when the book is provisional: why, and which of its points rest on
    /// inference (`cxa2020`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<Localized>,
    /// Its articles.
    pub articles: Vec<ArticleRef>,
}

/// A language a rule book's texts are translated into.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Translation {
    /// The language's code, e.g. `zh`.
    pub lang: String,
    /// What the translation is.
    pub note: Localized,
}

/// `200` answer of `GET /v1/rulesets`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetsResponse {
    /// The rule sets this server knows.
    pub rulesets: Vec<Ruleset>,
}

// ---------------------------------------------------------------------------------------------
// From the domain
// ---------------------------------------------------------------------------------------------

impl From<xiangqi::Color> for Side {
    fn from(c: xiangqi::Color) -> Side {
        match c {
            xiangqi::Color::Red => Side::Red,
            xiangqi::Color::Black => Side::Black,
        }
    }
}

impl From<xiangqi::Role> for Role {
    fn from(r: xiangqi::Role) -> Role {
        match r {
            xiangqi::Role::King => Role::King,
            xiangqi::Role::Advisor => Role::Advisor,
            xiangqi::Role::Elephant => Role::Elephant,
            xiangqi::Role::Horse => Role::Horse,
            xiangqi::Role::Rook => Role::Rook,
            xiangqi::Role::Cannon => Role::Cannon,
            xiangqi::Role::Pawn => Role::Pawn,
        }
    }
}

impl From<Side> for xiangqi::Color {
    fn from(s: Side) -> xiangqi::Color {
        match s {
            Side::Red => xiangqi::Color::Red,
            Side::Black => xiangqi::Color::Black,
        }
    }
}

impl From<Role> for xiangqi::Role {
    fn from(r: Role) -> xiangqi::Role {
        match r {
            Role::King => xiangqi::Role::King,
            Role::Advisor => xiangqi::Role::Advisor,
            Role::Elephant => xiangqi::Role::Elephant,
            Role::Horse => xiangqi::Role::Horse,
            Role::Rook => xiangqi::Role::Rook,
            Role::Cannon => xiangqi::Role::Cannon,
            Role::Pawn => xiangqi::Role::Pawn,
        }
    }
}

impl From<GameEnd> for GameOver {
    fn from(end: GameEnd) -> GameOver {
        GameOver {
            winner: end.winner().into(),
            reason: match end {
                GameEnd::Checkmate { .. } => GameOverReason::Checkmate,
                GameEnd::Stalemate { .. } => GameOverReason::Stalemate,
            },
        }
    }
}

impl From<adjudication::Verdict> for Verdict {
    fn from(v: adjudication::Verdict) -> Verdict {
        match v {
            adjudication::Verdict::None => Verdict::None,
            adjudication::Verdict::MustChange => Verdict::MustChange,
            adjudication::Verdict::Loss => Verdict::Loss,
            adjudication::Verdict::Draw => Verdict::Draw,
        }
    }
}

impl From<threats::Protection> for Protection {
    fn from(p: threats::Protection) -> Protection {
        match p {
            threats::Protection::None => Protection::Unprotected,
            threats::Protection::True => Protection::TrueProtection,
            threats::Protection::False => Protection::FalseProtection,
        }
    }
}

impl From<adjudication::mate_threat::MateThreat> for MateThreat {
    fn from(m: adjudication::mate_threat::MateThreat) -> MateThreat {
        use adjudication::mate_threat::MateThreat as Found;
        match m {
            Found::None => MateThreat::None,
            Found::Mate => MateThreat::Mate,
            Found::Unknown => MateThreat::Unknown,
        }
    }
}

impl From<threats::ThreatKind> for ThreatKind {
    fn from(k: threats::ThreatKind) -> ThreatKind {
        match k {
            threats::ThreatKind::Chase => ThreatKind::Chase,
            threats::ThreatKind::ExchangeOffer => ThreatKind::ExchangeOffer,
            threats::ThreatKind::Protected => ThreatKind::Protected,
            threats::ThreatKind::DiscoveredCheck => ThreatKind::DiscoveredCheck,
            threats::ThreatKind::UncrossedPawn => ThreatKind::UncrossedPawn,
        }
    }
}

impl From<&law::Pattern> for Pattern {
    fn from(p: &law::Pattern) -> Pattern {
        match p {
            law::Pattern::PerpetualCheck => Pattern::PerpetualCheck,
            law::Pattern::PerpetualChase(_) => Pattern::PerpetualChase,
            law::Pattern::PerpetualAttack => Pattern::PerpetualAttack,
            law::Pattern::Allowed => Pattern::Allowed,
        }
    }
}

impl From<&law::SideFinding> for SidePattern {
    fn from(f: &law::SideFinding) -> SidePattern {
        SidePattern {
            pattern: (&f.pattern).into(),
            moves: f.moves as u32,
            checks: f.checks as u32,
            chases: f.chases as u32,
            chased: match &f.pattern {
                law::Pattern::PerpetualChase(c) => Some(ChasedPiece {
                    role: c.target_role.into(),
                    squares: c.target_squares.iter().map(|s| s.name().into()).collect(),
                }),
                _ => None,
            },
            articles: f.articles.iter().map(|p| p.reference().into()).collect(),
        }
    }
}

impl From<&threats::Threat> for Chase {
    fn from(t: &threats::Threat) -> Chase {
        Chase {
            square: t.target.name().into(),
            role: t.target_role.into(),
            protected: t.protection == threats::Protection::True,
            protection: t.protection.into(),
            kind: t.kind.into(),
            by: t
                .attackers
                .iter()
                .map(|&(square, role)| Attacker {
                    square: square.name().into(),
                    role: role.into(),
                })
                .collect(),
            reasons: chase_reasons(&t.flags),
        }
    }
}

/// The CXA readings `flags` record, in the order of [`ChaseReason`]; `None` if none.
fn chase_reasons(flags: &threats::ChaseFlags) -> Option<Vec<ChaseReason>> {
    let reasons: Vec<ChaseReason> = [
        (flags.joint, ChaseReason::Joint),
        (flags.exchange_gain, ChaseReason::ExchangeGain),
        (flags.root_cut_by_exchange, ChaseReason::RootCutByExchange),
        (flags.root_into_mate, ChaseReason::RootIntoMate),
        (flags.recapture_loses, ChaseReason::RecaptureLoses),
        (flags.root_freed, ChaseReason::RootFreed),
        (flags.into_mate, ChaseReason::IntoMate),
        (flags.pinned_capturer, ChaseReason::PinnedCapturer),
    ]
    .into_iter()
    .filter_map(|(set, reason)| set.then_some(reason))
    .collect();
    (!reasons.is_empty()).then_some(reasons)
}

impl ArticleRef {
    /// The article with its summary in `langs`, and its label in the one language asked by
    /// `lang` (else as the book names it in Vietnamese, as always).
    pub fn new(a: &Article, langs: Languages) -> ArticleRef {
        ArticleRef {
            reference: a.reference.into(),
            label: match langs {
                Languages::Only(l) => a.label.at(l).into(),
                _ => a.label.vi.into(),
            },
            summary: Localized::new(langs, |l| a.summary.at(l).into()),
        }
    }
}

impl From<&Article> for ArticleRef {
    /// The article with its summary in Vietnamese and English.
    fn from(a: &Article) -> ArticleRef {
        ArticleRef::new(a, Languages::Default)
    }
}

impl From<adjudication::RuleSet> for Ruleset {
    /// The rule book in every language, its translations marked.
    fn from(r: adjudication::RuleSet) -> Ruleset {
        let book = r.book();
        Ruleset {
            id: r.id().to_owned(),
            name: Localized::new(Languages::All, |l| r.title(l).into()),
            default: r == adjudication::RuleSet::default(),
            mate_threats: r.readings().mate_threats_attack,
            translations: book
                .translations
                .iter()
                .map(|t| Translation {
                    lang: t.lang.code().to_owned(),
                    note: Localized::new(Languages::All, |l| t.note.at(l).into()),
                })
                .collect(),
            provisional: r
                .provisional()
                .map(|note| Localized::new(Languages::All, |l| note.at(l).into())),
            articles: r
                .articles()
                .iter()
                .map(|a| ArticleRef::new(a, Languages::All))
                .collect(),
        }
    }
}

impl From<adjudication::NoCapture> for NoCapture {
    fn from(n: adjudication::NoCapture) -> NoCapture {
        NoCapture {
            plies: n.plies,
            limit: n.limit,
            draw_claimable: n.draw_claimable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of language choice a request can make, for the articles' tests.
    pub(super) const LANGUAGE_CHOICES: [Languages; 6] = [
        Languages::Default,
        Languages::All,
        Languages::Preferred(Lang::Zh),
        Languages::Only(Lang::Vi),
        Languages::Only(Lang::En),
        Languages::Only(Lang::Zh),
    ];

    /// `r` with every text copied, so that none is an article's own: written as any string.
    fn copied(r: &ArticleRef) -> ArticleRef {
        let own = |t: &Text| Text::Owned(t.to_string());
        ArticleRef {
            reference: own(&r.reference),
            label: own(&r.label),
            summary: Localized {
                vi: own(&r.summary.vi),
                en: own(&r.summary.en),
                zh: own(&r.summary.zh),
            },
        }
    }

    #[test]
    fn articles_written_from_their_literals_are_the_articles_escaped() {
        for book in adjudication::RuleSet::ALL {
            for a in book.articles() {
                for langs in LANGUAGE_CHOICES {
                    let r = ArticleRef::new(a, langs);
                    let plain = copied(&r);
                    assert_eq!(
                        serde_json::to_string(&r).unwrap(),
                        serde_json::to_string(&plain).unwrap()
                    );
                    assert_eq!(
                        serde_json::to_string_pretty(&r).unwrap(),
                        serde_json::to_string_pretty(&plain).unwrap()
                    );
                    assert_eq!(
                        serde_json::to_value(&r).unwrap(),
                        serde_json::to_value(&plain).unwrap()
                    );
                }
            }
        }
    }

    #[test]
    fn wire_names_are_written_as_their_strings() {
        fn check<T: Serialize>(all: &[T], name: impl Fn(&T) -> &'static str) {
            for v in all {
                let name = name(v);
                assert_eq!(serde_json::to_string(v).unwrap(), format!("\"{name}\""));
                assert_eq!(
                    serde_json::to_string_pretty(v).unwrap(),
                    format!("\"{name}\"")
                );
                assert_eq!(serde_json::to_value(v).unwrap(), name);
            }
        }
        check(Side::ALL, |v| v.as_str());
        check(Role::ALL, |v| v.as_str());
        check(Verdict::ALL, |v| v.as_str());
        check(Pattern::ALL, |v| v.as_str());
        check(ThreatKind::ALL, |v| v.as_str());
        check(Protection::ALL, |v| v.as_str());
        check(GameOverReason::ALL, |v| v.as_str());
    }

    #[test]
    fn a_text_not_the_articles_own_is_escaped_as_any() {
        let a = &adjudication::RuleSet::VN2004.articles()[0];
        let mut r = ArticleRef::new(a, Languages::Default);
        r.summary.en = "a \"quoted\"\ttext".into();
        let json: serde_json::Value = serde_json::to_value(&r).unwrap();
        assert_eq!(json["summary"]["en"], "a \"quoted\"\ttext");
        assert_eq!(json["summary"]["vi"], a.summary.vi);
        assert!(
            serde_json::to_string(&r)
                .unwrap()
                .contains(r#""en":"a \"quoted\"\ttext""#)
        );
    }
}
