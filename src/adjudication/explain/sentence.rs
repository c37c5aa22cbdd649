//! What an explanation says, as facts and no words: the [`Sentence`]s the
//! logic ([`explain`](super)) chooses, and the phrases they are made of (a
//! side, a piece where it stood, a move by its number, a citation). Each
//! language's file (`en`, `vi`, `zh`) writes them; this file is shared by
//! the logic and the languages, and names neither.
//!
//! The one thing written here is the score sheet's own notation, which no
//! language changes: the squares and files where a piece stood, and a move
//! as the request sent it beside its ICCS text.

use std::fmt;

use arrayvec::ArrayString;

use crate::adjudication::books::{ByLang, Citation, Lang};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::{Color, GameEnd, Move, Role, Square};

/// One sentence of an explanation, by family.
// A sentence is built on the stack and said at once, never stored: its size costs nothing,
// where a box per sentence would allocate.
#[allow(clippy::large_enum_variant)]
pub(super) enum Sentence<'a> {
    /// Whether, and where, a position occurred three times.
    Found(Found<'a>),
    /// What the side that breaks a prohibition did over the cycle.
    Violation(Violation<'a>),
    /// What the other side did meanwhile, where the book has a point for it.
    Answer(Answer),
    /// What a side did that the law allows.
    Allowed(Allowed<'a>),
    /// What follows: the violator loses or must change, or a draw.
    Outcome(Outcome<'a>),
    /// The game ended on the board: checkmate, or a side without a legal
    /// move (VN 7.1.a–b, AXF 1–2).
    GameEnd {
        /// How it ended, and who won.
        end: GameEnd,
        /// The book's point for it.
        cited: Cited,
    },
    /// The ruling follows a provisional book: reconstructed, not checked
    /// against its official text (the CXA 2020 rules). The book's title,
    /// which says so too, is not repeated.
    Provisional,
    /// Nobody captured for the book's limit: a draw may be claimed (VN
    /// Article 12, AXF practice).
    NoCapture {
        /// Moves of both sides without a capture (nước, 回合).
        moves: u32,
        /// The same in plies.
        plies: u32,
        /// The book's own words for who may claim the draw.
        claim: &'static ByLang<&'static str>,
        /// The book's point for it.
        cited: Cited,
    },
}

/// Whether, and where, a position occurred three times.
#[allow(clippy::large_enum_variant)] // Said at once, as a `Sentence`.
pub(super) enum Found<'a> {
    /// No position occurred three times.
    Nothing,
    /// The repeated position occurred for the `nth` time in the game after
    /// the move `at`; `since` counts it afresh from a change of move.
    Occurred {
        seen: Seen<'a>,
        since: Option<Since>,
    },
    /// No position occurred three times, but `side`'s `moves` moves, its
    /// moves numbered `from` to `to`, all attacked, on `points` different
    /// squares: nine rounds of forbidden moves (CXA 2020, 参考图8); `both`
    /// when the other side attacked on every move too.
    Run {
        side: Color,
        moves: usize,
        from: u32,
        to: u32,
        points: usize,
        both: bool,
        cited: Cited,
    },
    /// No position occurred three times; `side` attacked for nine rounds
    /// (its moves numbered `from` to `to`) but changed at `change`.
    RunBroken {
        side: Color,
        from: u32,
        to: u32,
        change: Named<'a>,
    },
    /// A position occurred (`seen`), but a change of move at `change`
    /// broke the repetition; `again` when the position stood again later.
    Broken {
        seen: Seen<'a>,
        change: Named<'a>,
        again: Option<SeenAgain<'a>>,
    },
}

/// A position (the start, `after` is `None`, or the one after a move) that
/// occurred for the `nth` time in the game after the move `at`.
#[derive(Clone, Copy)]
pub(super) struct Seen<'a> {
    pub after: Option<Bare>,
    pub nth: u32,
    pub at: Named<'a>,
}

/// The count since the position after `from` (where the judged series
/// starts, after a change of move): the `nth` time since.
#[derive(Clone, Copy)]
pub(super) struct Since {
    pub nth: u32,
    pub from: Bare,
}

/// A broken repetition's position standing again: for the `nth` time in
/// the game after `at`, only the `since_change`-th since the change.
#[derive(Clone, Copy)]
pub(super) struct SeenAgain<'a> {
    pub nth: u32,
    pub at: Named<'a>,
    pub since_change: u32,
}

/// What the side that breaks a prohibition did.
pub(super) enum Violation<'a> {
    /// `side`'s `checkers` checked on every one of its `moves` moves of the
    /// cycle (`span`): perpetual check; `in_turn` when several checked and
    /// none on every move.
    PerpetualCheck {
        side: Color,
        checkers: PiecesAt<'a>,
        in_turn: bool,
        moves: usize,
        span: Range,
        cited: Cited,
    },
    /// `side`'s `chasers` chased the other side's `target` on every one of
    /// its `moves` moves of the cycle (`span`); `in_turn` when several
    /// chased and none on every move.
    PerpetualChase {
        side: Color,
        chasers: PiecesAt<'a>,
        in_turn: bool,
        target: PieceAt<'a>,
        moves: usize,
        span: Range,
    },
    /// Every one of `side`'s `moves` moves of the cycle (`span`) attacked,
    /// with `checks` checks, `mate_threats` mate threats and `chases`
    /// chasing moves in a mix, or chases of different pieces in turn: a
    /// forbidden move under the CXA (24.13).
    PerpetualAttack {
        side: Color,
        moves: usize,
        checks: usize,
        mate_threats: usize,
        chases: usize,
        span: Range,
        cited: Cited,
    },
    /// `side`'s `leader` (its king or a pawn) chased with `helpers` other
    /// pieces, not one: the exception for a king or pawn and one helper
    /// (VN 23.9, AXF 28–29) does not apply.
    TwoHelpers {
        side: Color,
        leader: Role,
        helpers: usize,
        cited: Citation,
    },
    /// How `side`'s chased `target` stood, which makes the chase a
    /// violation.
    Chased {
        side: Color,
        target: Role,
        stood: Stood,
        cited: Cited,
    },
}

/// How a chased piece stood: unprotected (the chase itself, VN 23.3),
/// falsely protected (23.6), or truly protected and still chased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stood {
    /// No piece could recapture it.
    Unprotected,
    /// Its protector could not legally recapture.
    FalselyProtected,
    /// A rook, truly protected, chased by a horse or a cannon, the role
    /// given (VN 23.6).
    RookBy(Role),
    /// Truly protected, but pinned and unable to move (VN 23.7).
    Pinned,
    /// Truly protected, but its leg blocked, it cannot strike back at the
    /// horse chasing it (VN 23.7).
    BlockedHorse,
    /// Truly protected, chased with exchange offers among the chases (VN
    /// 23.8).
    OffersAmongChases,
}

/// What the other side of a violator (`side`) did meanwhile.
pub(super) enum Answer {
    /// The other side checked back on only `checks` of its `moves` moves
    /// (two checks, one check back): `side` still checks perpetually.
    CheckedBack {
        side: Color,
        checks: usize,
        moves: usize,
        cited: Citation,
    },
    /// The other side chased back on only `chases` of its `moves` moves
    /// (two chases, one chase back): `side` still chases perpetually.
    ChasedBack {
        side: Color,
        chases: usize,
        moves: usize,
        cited: Citation,
    },
    /// The other side chased on every one of its `moves` moves too, but a
    /// different piece in turn, which is allowed (VN 23.4): only `side`
    /// chased one piece.
    ChasedInTurn {
        side: Color,
        moves: usize,
        cited: Citation,
    },
    /// Some of `side`'s chasing moves also offered an exchange: still a
    /// perpetual chase.
    OffersAmongChases { side: Color, cited: Citation },
}

/// What `side` did that the law allows, and the point that allows it (none
/// when the book has none).
pub(super) struct Allowed<'a> {
    pub side: Color,
    pub what: Allowance<'a>,
    pub cited: Cited,
}

/// What a side did that the law allows.
pub(super) enum Allowance<'a> {
    /// Chased the other side's `target` with `chasers`, its king or a pawn
    /// among them (VN 23.9, AXF 28–29).
    KingOrPawn {
        chasers: PiecesAt<'a>,
        target: PieceAt<'a>,
    },
    /// Chased with its king or a pawn, no one piece on every move.
    KingOrPawnAlone,
    /// Alternated checks with other moves (VN 23.2, AXF 12).
    ChecksAnd(Alternated),
    /// Chased different pieces in turn.
    ChasesInTurn,
    /// Chased on some moves, threatened to win a piece by discovered check
    /// on the others.
    DiscoveredCheckInTurn,
    /// Chased a piece on some moves and only offered an exchange on the
    /// others.
    OffersBreakChase,
    /// Threatened a truly protected piece that is pinned and cannot move:
    /// only (`among_chases` false), or on the moves that did not chase.
    PinnedProtected { among_chases: bool },
    /// Attacked a protected piece with several pieces.
    SeveralOnProtected,
    /// Moves of the kinds Article 23, point 10 (AXF 24, 40) allows
    /// perpetually.
    Kinds(AllowedKinds),
    /// Threatened only truly protected pieces.
    ProtectedThreat,
    /// Threatened only a pawn of `of` (the other side) that has not
    /// crossed the river.
    UncrossedPawn { of: Color },
    /// Made only allowed moves.
    OnlyAllowedMoves,
    /// Held the key defensive point with its one attacking piece: its
    /// attacks on advisors or elephants on the way are idle (CXA 26.2).
    KeyDefensivePoint,
    /// Parried the mate threat its own check exposed it to: the win by
    /// check the parry threatened is no chase (自毙, CXA 图13).
    SelfInflicted,
    /// Threatened only captures after which the other side would mate by
    /// checks (不能离线, CXA 29.4, 图7).
    CaptureIntoMate,
}

/// What a side's moves that did not check were, in its "one check, one
/// ..." (VN 23.2, AXF 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Alternated {
    /// Chases (one check, one chase).
    Chases,
    /// Threats to win a piece by discovered check.
    DiscoveredCheckThreats,
    /// Idle moves.
    IdleMoves,
    /// Other moves.
    OtherMoves,
}

/// Which of the kinds of move Article 23, point 10 (AXF 24, 40) allows
/// perpetually a side played; a language names those played in this order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct AllowedKinds {
    pub blocks: bool,
    pub sacrifices: bool,
    pub exchange_offers: bool,
    pub discovered_check_threats: bool,
}

impl AllowedKinds {
    /// Whether the side played none of them (then the sentence names them
    /// all as what the point allows).
    pub fn none(self) -> bool {
        self == AllowedKinds::default()
    }
}

/// What follows from the finding.
pub(super) enum Outcome<'a> {
    /// Instead of changing, `side` repeated at `at`, and loses; only if the
    /// referee had warned it, when `if_warned` (AXF rule 3).
    Loses {
        side: Color,
        at: Named<'a>,
        if_warned: bool,
        cited: Cited,
    },
    /// Instead of changing, `side` attacked again at `at` after nine rounds
    /// of forbidden moves, and loses.
    AttacksAgain {
        side: Color,
        at: Named<'a>,
        cited: Cited,
    },
    /// `side` must change: the book's own words (`must`), after the side's
    /// name.
    MustChange {
        side: Color,
        must: &'static ByLang<&'static str>,
        cited: Cited,
    },
    /// The book's own sentence for a draw: both sides check, both chase, or
    /// neither breaks a prohibition.
    Draw(&'static ByLang<&'static str>),
    /// No verdict: it turns on a move whose mate threat the bounded search
    /// could not decide, at `at`.
    Undecided { at: Named<'a>, search: Undecided },
}

/// Which bounded search could not decide the move a verdict turns on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Undecided {
    /// Whether the move threatens mate (杀).
    MateThreat,
    /// Whether a capture the move threatens would let the other side mate
    /// (不能离线, CXA 29.4).
    CaptureIntoMate,
}

/// A citation in a sentence (`Article 23.1`, `Điều 23, điểm 1`, `AXF rule
/// 6`), each language in its book's style; nothing when the book has none.
#[derive(Clone, Copy)]
pub(super) struct Cited(pub Option<Citation>);

/// How a sentence names where a piece stands: by its ICCS squares, or, when
/// the request used a notation that counts files from each player's right
/// (WXF, VN, Chinese), by its files in that count, as an arbiter reading
/// that score sheet would (`Xe 9`, `the rook on file 9`, `九路车`). The
/// numerals are the answer's language's, not the request's (`Numerals`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Places {
    /// ICCS squares: `a9/a8` (ICCS and UCI requests).
    #[default]
    Squares,
    /// Files counted from the owner's right (WXF, VN, Chinese).
    Files,
}

/// The most squares a piece is named by: past them, its files.
const MAX_SQUARES_NAMED: usize = 3;

/// How a language writes a file's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Numerals {
    /// Arabic digits, files set apart by `/`: `9/8` (Vietnamese, English).
    Arabic,
    /// As Chinese score sheets: Red's files in Chinese numerals, Black's in
    /// full-width digits, each followed by 路 and set apart by `、`: `九路、八`
    /// (the language writes the last 路).
    Chinese,
}

impl Places {
    /// How a request in `notation` names places.
    pub fn of(notation: Notation) -> Places {
        match notation {
            Notation::Iccs | Notation::Uci | Notation::San => Places::Squares,
            Notation::Wxf | Notation::Vn | Notation::Chinese => Places::Files,
        }
    }

    /// The file of `sq` counted from the right of `side`, from 1.
    fn file(sq: Square, side: Color) -> usize {
        let file = usize::from(sq.file());
        match side {
            Color::Red => 9 - file,
            Color::Black => file + 1,
        }
    }

    /// The places named for `list`: its squares, or its files, each once.
    fn named(self, list: &[Square], side: Color) -> impl Iterator<Item = Square> + '_ {
        list.iter().enumerate().filter_map(move |(i, &sq)| {
            let first = self == Places::Squares
                || !list[..i]
                    .iter()
                    .any(|&seen| Places::file(seen, side) == Places::file(sq, side));
            first.then_some(sq)
        })
    }

    /// How to name a piece that stood on `list`: by its files, when its
    /// squares would make a long list (`Xe a7/a2/a5/a1/a8/a3/a6/a4` reads as
    /// `Xe 9`).
    fn for_list(self, list: &[Square]) -> Places {
        if list.len() > MAX_SQUARES_NAMED {
            Places::Files
        } else {
            self
        }
    }

    /// A piece of `side` where it stood.
    pub fn piece(self, role: Role, list: &[Square], side: Color) -> PieceAt<'_> {
        PieceAt {
            places: self.for_list(list),
            role,
            list,
            side,
        }
    }

    /// Pieces of `side` by role.
    pub fn pieces(self, groups: &[(Role, Vec<Square>)], side: Color) -> PiecesAt<'_> {
        let longest = groups.iter().map(|(_, list)| list.len()).max().unwrap_or(0);
        PiecesAt {
            places: if longest > MAX_SQUARES_NAMED {
                Places::Files
            } else {
                self
            },
            groups,
            side,
        }
    }
}

/// A piece of `side` where it stood over the cycle: `rook a9/a8`, `Xe
/// a9/a8`, `车a9/a8`; or `rook on file 9`, `Xe 9`, `九路车`.
#[derive(Clone, Copy)]
pub(super) struct PieceAt<'a> {
    pub places: Places,
    pub role: Role,
    pub list: &'a [Square],
    pub side: Color,
}

impl PieceAt<'_> {
    /// Whether more than one place is named (`files 8/7`).
    pub fn several(&self) -> bool {
        self.places.named(self.list, self.side).nth(1).is_some()
    }

    /// The places, as the score sheet names them: `a9/a8`, or the files
    /// (each once) in the language's `numerals`: `9`, `8/7`, `八路、七`,
    /// `１路、２`.
    pub fn write_places(&self, f: &mut fmt::Formatter<'_>, numerals: Numerals) -> fmt::Result {
        const RED_FILES: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
        const BLACK_FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
        let Self {
            places, list, side, ..
        } = *self;
        for (i, sq) in places.named(list, side).enumerate() {
            if i > 0 {
                f.write_str(match (places, numerals) {
                    (Places::Files, Numerals::Chinese) => "路、",
                    _ => "/",
                })?;
            }
            let n = Places::file(sq, side);
            match (places, numerals, side) {
                (Places::Squares, ..) => f.write_str(sq.name())?,
                (Places::Files, Numerals::Chinese, Color::Red) => f.write_str(RED_FILES[n - 1])?,
                (Places::Files, Numerals::Chinese, Color::Black) => {
                    f.write_str(BLACK_FILES[n - 1])?
                }
                (Places::Files, Numerals::Arabic, _) => write!(f, "{n}")?,
            }
        }
        Ok(())
    }
}

/// Pieces of `side`, each where it stood, those of one kind side by side:
/// `cannon a7 and rook c7`, `two cannons a8 and a7`.
#[derive(Clone, Copy)]
pub(super) struct PiecesAt<'a> {
    pub places: Places,
    pub groups: &'a [(Role, Vec<Square>)],
    pub side: Color,
}

impl<'a> PiecesAt<'a> {
    /// The pieces kind by kind: each kind's role and pieces, in order.
    pub fn kinds(&self) -> impl Iterator<Item = (Role, &'a [(Role, Vec<Square>)])> + '_ {
        self.groups.chunk_by(|a, b| a.0 == b.0).map(|g| (g[0].0, g))
    }

    /// How many kinds there are.
    pub fn kind_count(&self) -> usize {
        self.kinds().count()
    }

    /// One piece of a kind where it stood.
    pub fn piece(&self, (role, list): &'a (Role, Vec<Square>)) -> PieceAt<'a> {
        self.places.piece(*role, list, self.side)
    }
}

/// A move by its number on the score sheet and its side: `move 12 (Red)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bare {
    pub side: Color,
    pub number: u32,
}

/// A move by its side and number, and as written: `move 12 (Red: R9=8,
/// a0b0)`, or `(Red: a0b0)` when only its squares are known.
#[derive(Clone, Copy)]
pub(super) struct Named<'a> {
    pub bare: Bare,
    /// The move as the request wrote it, when that is not its ICCS text:
    /// said where the language's own notation is not known.
    pub sent: Option<&'a str>,
    /// The move in each language's own notation (VN, WXF, Chinese), for
    /// the languages asked for, when the position before it is known.
    pub own: ByLang<Option<MoveText>>,
    pub iccs: Option<Move>,
}

/// A move in a notation: at most four characters of at most three bytes.
pub(super) type MoveText = ArrayString<24>;

impl Named<'_> {
    /// Whether the move is known as written or in ICCS (then it is given
    /// in brackets after its number).
    pub fn written(&self) -> bool {
        self.sent.is_some() || self.iccs.is_some() || self.own.iter().any(|(_, t)| t.is_some())
    }

    /// The move in `lang`'s own notation (else as sent) and its ICCS text,
    /// set apart by `comma` (each of the sent text's own `, ` too), then
    /// `close`: `R9=8, a0b0)`.
    pub fn write_text(
        &self,
        lang: Lang,
        comma: &str,
        close: &str,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let text = self.own.get(lang).as_deref().or(self.sent);
        if let Some(text) = text {
            for (i, part) in text.split(", ").enumerate() {
                if i > 0 {
                    f.write_str(comma)?;
                }
                f.write_str(part)?;
            }
            if self.iccs.is_some() {
                f.write_str(comma)?;
            }
        }
        match self.iccs {
            // ICCS: the two squares' names, written with the closing bracket at once.
            Some(m) => {
                let mut iccs = ArrayString::<16>::new();
                iccs.push_str(m.from.name());
                iccs.push_str(m.to.name());
                iccs.push_str(close);
                f.write_str(&iccs)
            }
            None => f.write_str(close),
        }
    }
}

/// From one move to another: `from move 10 (Black) to move 12 (Red)`.
#[derive(Clone, Copy)]
pub(super) struct Range(pub Bare, pub Bare);
