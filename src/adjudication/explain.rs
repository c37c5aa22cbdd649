//! Short explanations of a ruling in Vietnamese, English and Chinese,
//! naming the pieces, squares and moves an arbiter would point at (moves
//! by their number and side, as a score sheet does), in the terms of the
//! ruling's own rule book (its wording and its citations). The Chinese
//! texts use the terms of Chinese xiangqi (长将, 长捉, 一将一捉, 兑, 拦,
//! 献, 根, 假根); the Vietnamese law has no official Chinese text.
//!
//! Each sentence is written straight into the text of each language the
//! answer carries: a language left out costs nothing, and the pieces of a
//! sentence (a move's name, a citation) are `Phrase`s written in place
//! rather than strings built and joined.

use std::fmt::{self, Display, Write};

use arrayvec::ArrayString;

pub use super::books::Lang;
use super::books::{ByLang, Citation, CitationStyle, Ground, RuleSet};
use super::cycle::PlyAnalysis;
use super::law::{self, Pattern, SideFinding};
use super::ruling::{Repetition, Ruling, Verdict};
use super::threats::{Protection, Threat, ThreatKind};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::notation::chinese::piece_name;
use crate::xiangqi::{Color, GameEnd, Move, Role, Square, move_number};

/// Words that read differently in each language, written into a sentence
/// in the language being written.
trait Phrase {
    /// Writes the phrase in `lang`.
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The phrase in English, for `write!`.
    fn en(&self) -> In<'_, Self> {
        In(self, Lang::En)
    }

    /// The phrase in Vietnamese, for `write!`.
    fn vi(&self) -> In<'_, Self> {
        In(self, Lang::Vi)
    }

    /// The phrase in Chinese, for `write!`.
    fn zh(&self) -> In<'_, Self> {
        In(self, Lang::Zh)
    }
}

/// A phrase in one language.
struct In<'a, P: ?Sized>(&'a P, Lang);

impl<P: Phrase + ?Sized> Display for In<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(self.1, f)
    }
}

/// A fixed text in each language.
type Words = ByLang<&'static str>;

impl Phrase for Words {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.at(lang))
    }
}

/// A side's name: `Red` / `Đỏ` / `红方`.
#[derive(Clone, Copy)]
struct SideName(Color);

impl Phrase for SideName {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Color::Red => ByLang {
                vi: "Đỏ",
                en: "Red",
                zh: "红方",
            },
            Color::Black => ByLang {
                vi: "Đen",
                en: "Black",
                zh: "黑方",
            },
        }
        .write(lang, f)
    }
}

/// A piece's name in Vietnamese, as the law writes it.
pub fn role_vi(r: Role) -> &'static str {
    match r {
        Role::King => "Tướng",
        Role::Advisor => "Sĩ",
        Role::Elephant => "Tượng",
        Role::Horse => "Mã",
        Role::Rook => "Xe",
        Role::Cannon => "Pháo",
        Role::Pawn => "Tốt",
    }
}

/// `4th`, `21st`, `112th`.
#[derive(Clone, Copy)]
struct Ordinal(u32);

impl Ordinal {
    /// `st`, `nd`, `rd` or `th`; followed by ` move` if `of_move`.
    fn suffix(self, of_move: bool) -> &'static str {
        let i = match (self.0 % 10, self.0 % 100) {
            (1, r) if r != 11 => 0,
            (2, r) if r != 12 => 1,
            (3, r) if r != 13 => 2,
            _ => 3,
        };
        let (bare, of) = [
            ("st", "st move"),
            ("nd", "nd move"),
            ("rd", "rd move"),
            ("th", "th move"),
        ][i];
        if of_move { of } else { bare }
    }
}

impl Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written piece by piece: `write!` would format a second time.
        f.write_str(itoa::Buffer::new().format(self.0))?;
        f.write_str(self.suffix(false))
    }
}

/// How a sentence names where a piece stands: by its ICCS squares, or, when
/// the request used a notation that counts files from each player's right
/// (WXF, VN, Chinese), by its files in that count, as an arbiter reading
/// that score sheet would ByLang { vi: "Xe 9", en: "the rook on file 9", zh: "九路车" }.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Places {
    /// ICCS squares: `a9/a8` (ICCS and UCI requests).
    #[default]
    Squares,
    /// Files counted from the owner's right, in digits (WXF, VN).
    Files,
    /// Files as Chinese score sheets write them: Red's in Chinese numerals,
    /// Black's in digits.
    ChineseFiles,
}

impl Places {
    fn of(notation: Notation) -> Places {
        match notation {
            Notation::Iccs | Notation::Uci => Places::Squares,
            Notation::Wxf | Notation::Vn => Places::Files,
            Notation::Chinese => Places::ChineseFiles,
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

    /// The places of a piece of `side`, in order: `a9/a8`, or its files
    /// (each once): `9`, `8/7`, `八/七`.
    fn write_list(self, list: &[Square], side: Color, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const RED_FILES: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
        for (i, sq) in self.named(list, side).enumerate() {
            if i > 0 {
                f.write_char('/')?;
            }
            let n = Places::file(sq, side);
            match (self, side) {
                (Places::Squares, _) => f.write_str(sq.name())?,
                (Places::ChineseFiles, Color::Red) => f.write_str(RED_FILES[n - 1])?,
                _ => write!(f, "{n}")?,
            }
        }
        Ok(())
    }

    /// A piece of `side` where it stood: `rook a9/a8`, `Xe a9/a8`,
    /// `车a9/a8`; or `rook on file 9`, `Xe 9`, `九路车`.
    fn piece(self, role: Role, list: &[Square], side: Color) -> PieceAt<'_> {
        PieceAt {
            places: self,
            role,
            list,
            side,
        }
    }

    /// Pieces of `side` by role: `cannon a7 and rook c7`.
    fn pieces(self, groups: &[(Role, Vec<Square>)], side: Color) -> PiecesAt<'_> {
        PiecesAt {
            places: self,
            groups,
            side,
        }
    }
}

/// A piece where it stood ([`Places::piece`]).
struct PieceAt<'a> {
    places: Places,
    role: Role,
    list: &'a [Square],
    side: Color,
}

impl Phrase for PieceAt<'_> {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self {
            places,
            role,
            list,
            side,
        } = *self;
        let at = Places::write_list;
        match (lang, places) {
            (Lang::En, Places::Squares) => write!(f, "{role} ")?,
            (Lang::En, _) => {
                let several = places.named(list, side).nth(1).is_some();
                write!(f, "{role} on file{} ", if several { "s" } else { "" })?;
            }
            (Lang::Vi, _) => write!(f, "{} ", role_vi(role))?,
            (Lang::Zh, Places::Squares) => f.write_str(piece_name(side, role))?,
            (Lang::Zh, _) => {
                at(places, list, side, f)?;
                return write!(f, "路{}", piece_name(side, role));
            }
        }
        at(places, list, side, f)
    }
}

/// Pieces by role ([`Places::pieces`]).
struct PiecesAt<'a> {
    places: Places,
    groups: &'a [(Role, Vec<Square>)],
    side: Color,
}

impl Phrase for PiecesAt<'_> {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let and = ByLang {
            vi: " và ",
            en: " and ",
            zh: "和",
        };
        for (i, (role, list)) in self.groups.iter().enumerate() {
            if i > 0 {
                and.write(lang, f)?;
            }
            self.places.piece(*role, list, self.side).write(lang, f)?;
        }
        Ok(())
    }
}

/// Groups `(role, square)` pairs by role, squares in order of appearance:
/// `[(Rook, [a9, a8])]`.
fn by_role(pairs: impl IntoIterator<Item = (Role, Square)>) -> Vec<(Role, Vec<Square>)> {
    let mut groups: Vec<(Role, Vec<Square>)> = Vec::new();
    for (role, sq) in pairs {
        match groups.iter_mut().find(|(r, _)| *r == role) {
            Some((_, list)) if list.contains(&sq) => {}
            Some((_, list)) => list.push(sq),
            None => groups.push((role, vec![sq])),
        }
    }
    groups
}

/// The checking pieces of `side` over the cycle.
fn checkers(cycle: &[PlyAnalysis], side: Color) -> Vec<(Role, Vec<Square>)> {
    by_role(
        cycle
            .iter()
            .filter(|p| p.side == side)
            .flat_map(|p| p.checkers.iter().copied()),
    )
}

/// A citation in a sentence: `Article 23.1` / `Điều 23, điểm 1` /
/// `第23条第1点`, or `AXF rule 6` / `Luật AXF, điều 6` / `亚洲规则第6条`;
/// nothing when the book has none.
#[derive(Clone, Copy)]
struct Cited(Option<Citation>);

impl Phrase for Cited {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(c) = self.0 else { return Ok(()) };
        match c.ruleset().book().citation_style.at(lang) {
            CitationStyle::Label => f.write_str(c.article().label.at(lang)),
            CitationStyle::Reference(prefix) => {
                f.write_str(prefix)?;
                f.write_str(c.reference())
            }
        }
    }
}

/// The first citation of `ground` in `book`.
fn cited_ground(book: RuleSet, ground: Ground) -> Cited {
    Cited(book.cite(ground).next())
}

/// Plain-language reasons for a ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    pub vi: String,
    pub en: String,
    /// Simplified Chinese.
    pub zh: String,
}

impl Explanation {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::Vi => &self.vi,
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    fn text_mut(&mut self, lang: Lang) -> &mut String {
        match lang {
            Lang::Vi => &mut self.vi,
            Lang::En => &mut self.en,
            Lang::Zh => &mut self.zh,
        }
    }
}

/// An explanation being written, sentence by sentence, in the languages
/// asked for (the others stay empty).
struct Texts<W: Fn(Lang) -> bool> {
    written: Explanation,
    wanted: W,
}

impl<W: Fn(Lang) -> bool> Texts<W> {
    /// Adds a sentence: `say` writes it in the language it is given.
    fn sentence(&mut self, say: impl Fn(Lang, &mut String) -> fmt::Result) {
        for lang in [Lang::En, Lang::Vi, Lang::Zh] {
            if !(self.wanted)(lang) {
                continue;
            }
            let text = self.written.text_mut(lang);
            // Chinese sentences end in a full-width stop and need no space.
            if lang != Lang::Zh && !text.is_empty() {
                text.push(' ');
            }
            // Writing into a `String` cannot fail.
            let _ = say(lang, text);
        }
    }

    /// Adds a fixed sentence.
    fn fixed(&mut self, words: Words) {
        self.sentence(|lang, w| {
            w.push_str(words.at(lang));
            Ok(())
        });
    }
}

/// How an explanation names the game's moves: by move number and side, as
/// the score sheet does, each move as the request wrote it beside its ICCS
/// coordinates.
#[derive(Clone, Copy, Debug, Default)]
pub struct Naming<'a> {
    /// The number of the request's first move (the FEN's full-move number);
    /// 0 counts from 1.
    pub first_number: u32,
    /// Each ply's move as the request wrote it, ply 1 first; empty when
    /// the moves were ICCS (then the ICCS text alone is given).
    pub sent: &'a [&'a str],
    /// Each ply's move, ply 1 first (for its ICCS text); may be empty.
    pub moves: &'a [Move],
    /// The notation the request used: WXF, VN and Chinese name a piece by its
    /// file counted from its owner's right; ICCS and UCI by its squares.
    pub notation: Notation,
}

/// Names plies as moves: the first mover and the first move's number.
struct Moves<'a> {
    first_side: Color,
    first_number: u32,
    sent: &'a [&'a str],
    moves: &'a [Move],
    /// Moves known from the ruling itself (the cycle's).
    known: &'a [PlyAnalysis],
    /// How pieces' places are named.
    places: Places,
}

impl Moves<'_> {
    /// The side that played `ply` (1-based) and its move number.
    fn number(&self, ply: usize) -> (Color, u32) {
        let (number, side) = move_number(self.first_side, self.first_number, ply);
        (side, number)
    }

    /// `Red's 12th move` / `nước thứ 12 của Đỏ` / `红方第12着`.
    fn bare(&self, ply: usize) -> Bare {
        let (side, number) = self.number(ply);
        Bare { side, number }
    }

    /// [`bare`](Self::bare) and the move itself: `Red's 12th move (R9=8,
    /// a0b0)`, or `(a0b0)` when the request wrote ICCS.
    fn named(&self, ply: usize) -> Named<'_> {
        let iccs = self
            .moves
            .get(ply.wrapping_sub(1))
            .copied()
            .or_else(|| self.known.iter().find(|p| p.ply == ply).map(|p| p.mv));
        let sent = self.sent.get(ply.wrapping_sub(1)).copied();
        Named {
            bare: self.bare(ply),
            // A move sent in ICCS is given once.
            sent: sent.filter(|s| iccs.is_none_or(|m| !is_iccs_of(s, m))),
            iccs,
        }
    }

    /// `from Black's 10th move to Red's 12th move`.
    fn range(&self, a: usize, b: usize) -> Range {
        Range(self.bare(a), self.bare(b))
    }
}

/// Whether `text` is `m` in ICCS.
fn is_iccs_of(text: &str, m: Move) -> bool {
    text.len() == 4 && text.get(..2) == Some(m.from.name()) && text.get(2..) == Some(m.to.name())
}

/// A move by its side and number ([`Moves::bare`]).
#[derive(Clone, Copy)]
struct Bare {
    side: Color,
    number: u32,
}

impl Phrase for Bare {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = itoa::Buffer::new();
        let n = digits.format(self.number);
        let red = self.side == Color::Red;
        // Every explanation names moves: written in three pieces, the side's name joined to
        // the words beside it, not through `write!`.
        let (before, after) = match lang {
            Lang::En => (
                if red { "Red's " } else { "Black's " },
                Ordinal(self.number).suffix(true),
            ),
            Lang::Vi => ("nước thứ ", if red { " của Đỏ" } else { " của Đen" }),
            Lang::Zh => (if red { "红方第" } else { "黑方第" }, "着"),
        };
        f.write_str(before)?;
        f.write_str(n)?;
        f.write_str(after)
    }
}

/// A move by its side and number, and as written ([`Moves::named`]).
struct Named<'a> {
    bare: Bare,
    /// The move as the request wrote it, when that is not its ICCS text.
    sent: Option<&'a str>,
    iccs: Option<Move>,
}

impl Phrase for Named<'_> {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.bare.write(lang, f)?;
        if self.sent.is_none() && self.iccs.is_none() {
            return Ok(());
        }
        let (open, comma, close) = if lang == Lang::Zh {
            ("（", "，", "）")
        } else {
            (" (", ", ", ")")
        };
        f.write_str(open)?;
        if let Some(sent) = self.sent {
            // Chinese writes the comma full width, in the move as sent too.
            for (i, part) in sent.split(", ").enumerate() {
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

/// `from Black's 10th move to Red's 12th move` ([`Moves::range`]).
struct Range(Bare, Bare);

impl Phrase for Range {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (In(&self.0, lang), In(&self.1, lang));
        match lang {
            Lang::En => write!(f, "from {a} to {b}"),
            Lang::Vi => write!(f, "từ {a} đến {b}"),
            Lang::Zh => write!(f, "自{a}至{b}"),
        }
    }
}

/// The explanation of a finished ruling: a view of it, in words, moves
/// numbered from 1 and written in ICCS.
pub fn explain(ruling: &Ruling) -> Explanation {
    explain_named(ruling, &Naming::default())
}

/// The explanation of a finished ruling, naming moves as `naming` says.
pub fn explain_named(ruling: &Ruling, naming: &Naming) -> Explanation {
    explain_named_in(ruling, naming, |_| true)
}

/// [`explain_named`] in the languages `wanted` accepts only: the other
/// texts are left empty, and cost nothing.
pub fn explain_named_in(
    ruling: &Ruling,
    naming: &Naming,
    wanted: impl Fn(Lang) -> bool,
) -> Explanation {
    let book = ruling.ruleset;
    let rep = ruling
        .repetition
        .as_ref()
        .or(ruling.broken_repetition.as_ref());
    let moves = Moves {
        first_side: ruling.first_mover,
        first_number: naming.first_number.max(1),
        sent: naming.sent,
        moves: naming.moves,
        known: rep.map_or(&[], |r| &r.cycle),
        places: Places::of(naming.notation),
    };
    // Room for the usual explanation (two to four sentences), so that the texts grow once.
    let room = |lang| {
        if wanted(lang) {
            String::with_capacity(512)
        } else {
            String::new()
        }
    };
    let mut out = Texts {
        written: Explanation {
            vi: room(Lang::Vi),
            en: room(Lang::En),
            zh: room(Lang::Zh),
        },
        wanted,
    };
    match (&ruling.repetition, &ruling.broken_repetition) {
        (Some(rep), _) => explain_repetition(&mut out, book, ruling.verdict, rep, &moves),
        (None, Some(b)) => {
            let ply = b.broken_at_ply.unwrap_or(b.trigger_ply);
            let (t, c) = (moves.named(b.trigger_ply), moves.named(ply));
            out.sentence(|lang, w| match lang {
                Lang::En => write!(
                    w,
                    "A position occurred for the third time at {}, but a change of move at {} broke the repetition: no repetition stands.",
                    t.en(),
                    c.en()
                ),
                Lang::Vi => write!(
                    w,
                    "Một thế cờ đã xuất hiện lần thứ ba ở {}, nhưng nước đổi ở {} đã phá đoạn lặp: không còn thế lặp nào để xử.",
                    t.vi(),
                    c.vi()
                ),
                Lang::Zh => write!(
                    w,
                    "某一局面在{}后第三次出现，但{}变着，打破了循环：已无重复局面可判。",
                    t.zh(),
                    c.zh()
                ),
            });
        }
        // A finished game is told by its end, not by what did not happen.
        (None, None) if ruling.game_end.is_some() => {}
        (None, None) => out.fixed(ByLang {
            vi: "Chưa có thế cờ nào xuất hiện ba lần.",
            en: "No position has occurred three times.",
            zh: "尚无局面出现三次。",
        }),
    }
    if let Some(end) = ruling.game_end {
        game_end(&mut out, book, end);
    }
    if ruling.no_capture.draw_claimable {
        no_capture(&mut out, book, ruling.no_capture.plies);
    }
    out.written
}

/// Checkmate (VN 7.1.a, AXF 1) or a side without a legal move (VN 7.1.b,
/// AXF 2).
fn game_end(out: &mut Texts<impl Fn(Lang) -> bool>, book: RuleSet, end: GameEnd) {
    let (winner, ground, what) = match end {
        GameEnd::Checkmate { winner } => (
            winner,
            Ground::Mate,
            ByLang {
                vi: "bị chiếu hết",
                en: "is checkmated",
                zh: "被将死",
            },
        ),
        GameEnd::Stalemate { winner } => (
            winner,
            Ground::Stalemate,
            ByLang {
                vi: "hết nước đi",
                en: "has no legal move",
                zh: "无着可走（困毙）",
            },
        ),
    };
    let r = cited_ground(book, ground);
    let (loser, winner) = (SideName(winner.other()), SideName(winner));
    out.sentence(|lang, w| match lang {
        Lang::En => write!(
            w,
            "{} {}: {} wins ({}).",
            loser.en(),
            what.en(),
            winner.en(),
            r.en()
        ),
        Lang::Vi => write!(
            w,
            "Bên {} {}: bên {} thắng ({}).",
            loser.vi(),
            what.vi(),
            winner.vi(),
            r.vi()
        ),
        Lang::Zh => write!(
            w,
            "{}{}：{}胜（{}）。",
            loser.zh(),
            what.zh(),
            winner.zh(),
            r.zh()
        ),
    });
}

/// The no-capture claim (VN Article 12, AXF practice), counted in moves
/// of both sides (nước), the plies beside them.
fn no_capture(out: &mut Texts<impl Fn(Lang) -> bool>, book: RuleSet, plies: u32) {
    let claim = book.book().wording.claim;
    let r = cited_ground(book, Ground::NoCapture);
    let moves = plies / 2;
    out.sentence(|lang, w| match lang {
        Lang::En => write!(
            w,
            "Neither side has captured for {moves} moves ({plies} plies): {} ({}).",
            claim.en(),
            r.en()
        ),
        Lang::Vi => write!(
            w,
            "Đã {moves} nước ({plies} lượt) liên tiếp không bên nào ăn quân: {} ({}).",
            claim.vi(),
            r.vi()
        ),
        Lang::Zh => write!(
            w,
            "双方已连续{moves}回合（{plies}步）未吃子：{}（{}）。",
            claim.zh(),
            r.zh()
        ),
    });
}

/// How many times a position occurred: `third` / `ba` / `三`, or `4th` /
/// `4` / `4`.
struct Nth(u32);

impl Phrase for Nth {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, lang) {
            (3, _) => ByLang {
                vi: "ba",
                en: "third",
                zh: "三",
            }
            .write(lang, f),
            (n, Lang::En) => Ordinal(n).fmt(f),
            (n, _) => f.write_str(itoa::Buffer::new().format(n)),
        }
    }
}

fn explain_repetition(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    verdict: Verdict,
    rep: &Repetition,
    moves: &Moves,
) {
    let words = &book.book().wording;
    let (a, b) = (rep.previous_ply + 1, rep.trigger_ply);
    let nth = Nth(rep.occurrences);
    let t = moves.named(b);
    if rep.first_ply == 0 {
        out.sentence(|lang, w| match lang {
            Lang::En => write!(
                w,
                "The start position occurred for the {} time at {}.",
                nth.en(),
                t.en()
            ),
            Lang::Vi => write!(
                w,
                "Thế cờ ban đầu xuất hiện lần thứ {} ở {}.",
                nth.vi(),
                t.vi()
            ),
            Lang::Zh => write!(w, "开局局面在{}后第{}次出现。", t.zh(), nth.zh()),
        });
    } else {
        let f = moves.bare(rep.first_ply);
        out.sentence(|lang, w| match lang {
            Lang::En => write!(
                w,
                "The position after {} occurred for the {} time at {}.",
                f.en(),
                nth.en(),
                t.en()
            ),
            Lang::Vi => write!(
                w,
                "Thế cờ sau {} xuất hiện lần thứ {} ở {}.",
                f.vi(),
                nth.vi(),
                t.vi()
            ),
            Lang::Zh => write!(w, "{}后的局面在{}后第{}次出现。", f.zh(), t.zh(), nth.zh()),
        });
    }
    let span = moves.range(a, b);
    match rep.verdict.violator {
        Some(v) => {
            let (finding, other) = if v == Color::Red {
                (&rep.red, &rep.black)
            } else {
                (&rep.black, &rep.red)
            };
            let decided = describe_violation(out, book, rep, finding, &span, moves.places);
            describe_answer(out, book, rep, finding, other, decided);
            let ground = if finding.pattern == Pattern::PerpetualCheck {
                Ground::CheckViolation
            } else {
                Ground::ChaseViolation
            };
            let r = cited_ground(book, ground);
            let v = SideName(v);
            if verdict == Verdict::Loss {
                let l = moves.named(rep.loss_ply.unwrap_or(b));
                out.sentence(|lang, w| match lang {
                    Lang::En => write!(
                        w,
                        "Instead of changing, {} repeated at {} and loses ({}).",
                        v.en(),
                        l.en(),
                        r.en()
                    ),
                    Lang::Vi => write!(
                        w,
                        "Bên {} không đổi nước mà lặp lại ở {}, nên bị xử thua ({}).",
                        v.vi(),
                        l.vi(),
                        r.vi()
                    ),
                    Lang::Zh => write!(
                        w,
                        "{}不变着，{}再次重复，判负（{}）。",
                        v.zh(),
                        l.zh(),
                        r.zh()
                    ),
                });
            } else {
                let must = words.must_change;
                out.sentence(|lang, w| match lang {
                    Lang::En => write!(w, "{} {} ({}).", v.en(), must.en(), r.en()),
                    Lang::Vi => write!(w, "Bên {} {} ({}).", v.vi(), must.vi(), r.vi()),
                    Lang::Zh => write!(w, "{}{}（{}）。", v.zh(), must.zh(), r.zh()),
                });
            }
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(rep.red.pattern, Pattern::PerpetualChase(_));
            let words = if both_check {
                words.both_check
            } else if both_chase {
                words.both_chase
            } else {
                for f in [&rep.red, &rep.black] {
                    describe_allowed(out, book, rep, f, moves.places);
                }
                words.neither
            };
            out.fixed(words);
        }
    }
}

/// The moves of `side` in the cycle.
fn moves_of(rep: &Repetition, side: Color) -> impl Iterator<Item = &PlyAnalysis> {
    rep.cycle.iter().filter(move |p| p.side == side)
}

/// Says what the violator did over the cycle (`span`, its moves in words);
/// returns the ground a chase sentence cited as the deciding one.
fn describe_violation(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    span: &Range,
    places: Places,
) -> Option<Ground> {
    let (s, n) = (SideName(f.side), f.moves);
    match &f.pattern {
        Pattern::PerpetualCheck => {
            let checkers = checkers(&rep.cycle, f.side);
            let p = places.pieces(&checkers, f.side);
            let r = cited_ground(book, Ground::PerpetualCheck);
            out.sentence(|lang, w| match lang {
                Lang::En => write!(
                    w,
                    "{}'s {} checked on every one of its {n} moves in the repetition ({}): perpetual check ({}).",
                    s.en(),
                    p.en(),
                    span.en(),
                    r.en()
                ),
                Lang::Vi => write!(
                    w,
                    "{} bên {} chiếu liên tục trong cả {n} nước của đoạn lặp ({}): chiếu mãi ({}).",
                    p.vi(),
                    s.vi(),
                    span.vi(),
                    r.vi()
                ),
                Lang::Zh => write!(
                    w,
                    "{}{}在循环的全部{n}着中着着将军（{}）：长将（{}）。",
                    s.zh(),
                    p.zh(),
                    span.zh(),
                    r.zh()
                ),
            });
            None
        }
        Pattern::PerpetualChase(chase) => {
            let threats: Vec<_> = moves_of(rep, f.side)
                .flat_map(|p| p.threats.iter())
                .filter(|t| t.target_id == chase.target_id && presses(book, &t.threat))
                .map(|t| &t.threat)
                .collect();
            let chasers = by_role(
                threats
                    .iter()
                    .flat_map(|t| t.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            let target = chase.target_role;
            let o = f.side.other();
            let os = SideName(o);
            let c = places.pieces(&chasers, f.side);
            let t = places.piece(target, &chase.target_squares, o);
            out.sentence(|lang, w| match lang {
                Lang::En => write!(
                    w,
                    "{}'s {} chased {}'s {} on every one of its {n} moves in the repetition ({}).",
                    s.en(),
                    c.en(),
                    os.en(),
                    t.en(),
                    span.en()
                ),
                Lang::Vi => write!(
                    w,
                    "{} bên {} đuổi bắt {} bên {} trong cả {n} nước của đoạn lặp ({}).",
                    c.vi(),
                    s.vi(),
                    t.vi(),
                    os.vi(),
                    span.vi()
                ),
                Lang::Zh => write!(
                    w,
                    "{}{}在循环的全部{n}着中着着捉{}{}（{}）。",
                    s.zh(),
                    c.zh(),
                    os.zh(),
                    t.zh(),
                    span.zh()
                ),
            });
            let (ground, en, vi, zh) = why_chased(&threats, f, target);
            let why: Words = ByLang { vi, en, zh };
            // An unprotected piece is chased as such (VN 23.3; the AXF by
            // the pieces involved); a protected one by the exception.
            let r = match ground.map(|g| cited_ground(book, g)) {
                Some(Cited(Some(c))) => Cited(Some(c)),
                _ => chase_citation(book, f),
            };
            out.sentence(|lang, w| match lang {
                Lang::En => write!(w, "{}'s {target} {} ({}).", os.en(), why.en(), r.en()),
                Lang::Vi => write!(
                    w,
                    "{} bên {} {} ({}).",
                    role_vi(target),
                    os.vi(),
                    why.vi(),
                    r.vi()
                ),
                Lang::Zh => write!(
                    w,
                    "{}{}{}（{}）。",
                    os.zh(),
                    piece_name(o, target),
                    why.zh(),
                    r.zh()
                ),
            });
            ground
        }
        Pattern::Allowed => None,
    }
}

/// How the chased piece stood, in words, and the ground that makes its
/// chase a violation: unprotected (none: the chase itself, VN 23.3),
/// falsely protected (23.6),
/// or truly protected and still chased (a rook chased by a horse or
/// cannon, 23.6; pinned, or a horse that cannot strike back, 23.7; offers
/// mixed with chases, 23.8).
fn why_chased(
    threats: &[&Threat],
    f: &SideFinding,
    target: Role,
) -> (Option<Ground>, &'static str, &'static str, &'static str) {
    let any = |p: Protection| threats.iter().any(|t| t.protection == p);
    let flag = |g: Ground| f.grounds.contains(&g);
    if any(Protection::True) {
        if target == Role::Rook && flag(Ground::RookByHorseOrCannon) {
            (
                Some(Ground::RookByHorseOrCannon),
                "is truly protected, but a horse or cannon chasing a truly protected rook is still a perpetual chase",
                "có căn thật, nhưng Mã hoặc Pháo đuổi bắt mãi Xe có căn thật vẫn là bắt mãi",
                "有真根，但马或炮长捉有真根的车仍属长捉",
            )
        } else if flag(Ground::PinnedTarget) {
            (
                Some(Ground::PinnedTarget),
                "is truly protected but pinned and unable to move, so this still counts as a perpetual chase",
                "có căn thật nhưng bị ghim, không đi được, nên vẫn coi là bắt mãi",
                "虽有真根，但被牵制不能走动，仍算长捉",
            )
        } else if flag(Ground::BlockedHorse) {
            (
                Some(Ground::BlockedHorse),
                "is truly protected but, its leg blocked, cannot strike back at the horse chasing it, so this still counts as a perpetual chase",
                "có căn thật nhưng bị cản, không ăn lại được Mã đuổi nó, nên vẫn coi là bắt mãi",
                "虽有真根，但马腿被蹩，不能反吃捉它的马，仍算长捉",
            )
        } else {
            (
                Some(Ground::OfferInChase),
                "is truly protected, but a chase mixed with exchange offers still counts as a perpetual chase",
                "có căn thật, nhưng bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi",
                "虽有真根，但长捉中夹带兑子仍算长捉",
            )
        }
    } else if any(Protection::False) {
        (
            Some(Ground::FalseProtection),
            "is only falsely protected (its protector could not legally recapture), so this is a perpetual chase",
            "chỉ có căn giả (quân bảo vệ không ăn lại được hợp lệ), nên đây là bắt mãi",
            "只有假根（保护它的子不能合法反吃），因此是长捉",
        )
    } else {
        (
            None,
            "is unprotected (no piece could recapture it), so this is a perpetual chase",
            "không có căn (không quân nào ăn lại được), nên đây là bắt mãi",
            "无根（没有子能反吃它），因此是长捉",
        )
    }
}

/// What the other side did meanwhile, where the book has a point for it:
/// it checked back now and then (VN 24.4, AXF 8), or chased back now and
/// then (VN 23.5); and exchange offers among the chases (VN 23.8, AXF 36).
fn describe_answer(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    other: &SideFinding,
    decided: Option<Ground>,
) {
    let (s, o) = (SideName(f.side), SideName(other.side));
    let grounds = &rep.verdict.grounds;
    let cite_if = |present: bool, ground: Ground| {
        if present {
            cited_ground(book, ground)
        } else {
            Cited(None)
        }
    };
    let (moves, checks, chases) = (other.moves, other.checks, other.chases);
    if let r @ Cited(Some(_)) = cite_if(
        grounds.contains(&Ground::CheckedBackSometimes),
        Ground::CheckedBackSometimes,
    ) {
        out.sentence(|lang, w| match lang {
            Lang::En => write!(
                w,
                "{} checked back on only {checks} of its {moves} moves (two checks, one check back): {} still checks perpetually ({}).",
                o.en(),
                s.en(),
                r.en()
            ),
            Lang::Vi => write!(
                w,
                "Bên {} chỉ chiếu lại ở {checks} trong {moves} nước (hai chiếu, một chiếu lại): bên {} vẫn là chiếu mãi ({}).",
                o.vi(),
                s.vi(),
                r.vi()
            ),
            Lang::Zh => write!(
                w,
                "{}在{moves}着中只有{checks}着还将（两将一还将）：{}仍属长将（{}）。",
                o.zh(),
                s.zh(),
                r.zh()
            ),
        });
    }
    if let r @ Cited(Some(_)) = cite_if(
        grounds.contains(&Ground::ChasedBackSometimes),
        Ground::ChasedBackSometimes,
    ) {
        out.sentence(|lang, w| match lang {
            Lang::En => write!(
                w,
                "{} chased back on only {chases} of its {moves} moves (two chases, one chase back): {}, chasing the same piece each time, still chases perpetually ({}).",
                o.en(),
                s.en(),
                r.en()
            ),
            Lang::Vi => write!(
                w,
                "Bên {} chỉ bắt lại ở {chases} trong {moves} nước (hai bắt, một bắt lại): bên {} bắt cùng một quân nên vẫn phạm luật bắt mãi ({}).",
                o.vi(),
                s.vi(),
                r.vi()
            ),
            Lang::Zh => write!(
                w,
                "{}在{moves}着中只有{chases}着还捉（两捉一还捉）：{}每次捉同一子，仍属长捉（{}）。",
                o.zh(),
                s.zh(),
                r.zh()
            ),
        });
    }
    if let r @ Cited(Some(_)) = cite_if(
        f.grounds.contains(&Ground::OfferInChase) && decided != Some(Ground::OfferInChase),
        Ground::OfferInChase,
    ) {
        out.sentence(|lang, w| match lang {
            Lang::En => write!(
                w,
                "Some of {}'s chasing moves also offered an exchange: still a perpetual chase ({}).",
                s.en(),
                r.en()
            ),
            Lang::Vi => write!(
                w,
                "Có nước bắt của bên {} đồng thời là đòi đổi quân: vẫn coi là bắt mãi ({}).",
                s.vi(),
                r.vi()
            ),
            Lang::Zh => write!(
                w,
                "{}的捉子着法中有的同时是兑子：仍属长捉（{}）。",
                s.zh(),
                r.zh()
            ),
        });
    }
}

/// The citation a chase sentence names: the book's rule for the chase itself
/// (VN 23.3), or, where the book numbers its chase cases by the pieces (the
/// AXF), the first such rule the finding cites, else the enforcement rule.
fn chase_citation(book: RuleSet, f: &SideFinding) -> Cited {
    let chase_grounds = f.grounds.iter().filter(|g| {
        matches!(
            g,
            Ground::Chase { .. }
                | Ground::SeveralChasers
                | Ground::RookByHorseOrCannon
                | Ground::PinnedTarget
                | Ground::BlockedHorse
                | Ground::FalseProtection
        )
    });
    let first = chase_grounds.flat_map(|&g| book.cite(g)).min();
    Cited(first.or_else(|| book.cite(Ground::ChaseViolation).next()))
}

/// The grounds that explain an allowed pattern, the most telling first: the
/// sentence names the first of them the side's finding has.
const ALLOWED_BECAUSE: [Ground; 13] = [
    Ground::KingChase,
    Ground::PawnChase,
    Ground::ChecksMixed,
    Ground::DiscoveredCheckInTurn,
    Ground::OffersBreakChase,
    Ground::ChasesInTurn,
    Ground::PinnedProtectedThreat,
    Ground::SeveralOnProtected,
    Ground::OffersOnly,
    Ground::BlocksOrOffers,
    Ground::DiscoveredCheckThreat,
    Ground::ProtectedThreat,
    Ground::UncrossedPawnThreat,
];

/// Why one side's moves were allowed, in a sentence naming what it did:
/// the king or pawn and its helper (VN 23.9), the kind of one check one
/// other (23.2), the allowed kinds that happened (23.10), ...
fn describe_allowed(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    places: Places,
) {
    let s = f.side;
    // The Vietnamese law words its allowances by point: the grounds one
    // point covers share its sentence, in the point's order of precedence.
    let because = ALLOWED_BECAUSE
        .into_iter()
        .filter(|g| f.grounds.contains(g))
        // The first of the lowest rank, as `min_by_key`, ranked only when there are several.
        .reduce(|best, g| {
            if allowed_rank(book, g) < allowed_rank(book, best) {
                g
            } else {
                best
            }
        });
    let cite = Cited(because.and_then(|g| book.cite(g).next()));
    let o = s.other();
    let what = match because {
        Some(Ground::KingChase | Ground::PawnChase) => match king_or_pawn_chase(book, rep, s) {
            Some(chase) => Allowance::KingOrPawn {
                chase,
                places,
                side: s,
            },
            None => Allowance::Fixed(ByLang {
                vi: "đuổi bắt bằng Tướng hoặc Tốt, được phép",
                en: "chased with its king or a pawn, which is allowed",
                zh: "以将（帅）或兵（卒）捉子，允许",
            }),
        },
        Some(Ground::ChecksMixed) => Allowance::Allowed(check_and_what(book, rep, s)),
        Some(Ground::ChasesInTurn) => Allowance::Fixed(ByLang {
            vi: "lần lượt đuổi bắt nhiều quân khác nhau, được phép",
            en: "chased different pieces in turn, which is allowed",
            zh: "轮流捉不同的子，允许",
        }),
        Some(Ground::DiscoveredCheckInTurn) => Allowance::Fixed(ByLang {
            vi: "có nước bắt, có nước dọa chiếu rút ăn quân (một bắt một rút ăn quân), được phép",
            en: "chased on some moves and threatened to win a piece by discovered check on the others (one chase, one discovered-check capture), which is allowed",
            zh: "一着捉子、一着以抽将吃子相威胁，允许",
        }),
        Some(Ground::OffersBreakChase) => Allowance::Fixed(ByLang {
            vi: "có nước bắt một quân, có nước chỉ đòi đổi quân, không tính là bắt mãi",
            en: "chased a piece on some of its moves and only offered an exchange on the others, which is no perpetual chase",
            zh: "对一子部分着法捉、其余着法只是兑子，不算长捉",
        }),
        Some(Ground::PinnedProtectedThreat) if f.chases > 0 => Allowance::Fixed(ByLang {
            vi: "chỉ bắt ở một số nước; ở các nước kia chỉ dọa một quân có căn thật bị ghim không đi được, không tính là bắt",
            en: "chased only on some of its moves; on the others it threatened a truly protected piece that is pinned and cannot move, which is no chase",
            zh: "只在部分着法中捉子，其余着法只攻击被牵制而不能走动的真根子，不算捉",
        }),
        Some(Ground::PinnedProtectedThreat) => Allowance::Fixed(ByLang {
            vi: "chỉ dọa một quân có căn thật bị ghim không đi được, không tính là bắt",
            en: "threatened only a truly protected piece that is pinned and cannot move, which is no chase",
            zh: "只攻击被牵制而不能走动的真根子，不算捉",
        }),
        Some(Ground::SeveralOnProtected) => Allowance::Fixed(ByLang {
            vi: "dùng nhiều quân dọa một quân có căn, không tính là bắt",
            en: "attacked a protected piece with several pieces, which is no chase",
            zh: "以多子攻击一个有根子，不算捉",
        }),
        Some(Ground::OffersOnly | Ground::BlocksOrOffers | Ground::DiscoveredCheckThreat) => {
            Allowance::Kinds(allowed_kinds(rep, s))
        }
        Some(Ground::ProtectedThreat) => Allowance::Fixed(ByLang {
            vi: "chỉ dọa bắt quân có căn thật, không tính là bắt",
            en: "threatened only truly protected pieces, which is no chase",
            zh: "只攻击有真根的子，不算捉",
        }),
        Some(Ground::UncrossedPawnThreat) => Allowance::UncrossedPawn(o),
        _ => Allowance::Fixed(ByLang {
            vi: "chỉ đi các nước được phép",
            en: "made only allowed moves",
            zh: "只走允许的着法",
        }),
    };
    let side = SideName(s);
    let cited = cite.0.is_some();
    out.sentence(|lang, w| match (lang, cited) {
        (Lang::En, true) => write!(w, "{} {} ({}).", side.en(), what.en(), cite.en()),
        (Lang::Vi, true) => write!(w, "Bên {} {} ({}).", side.vi(), what.vi(), cite.vi()),
        (Lang::Zh, true) => write!(w, "{}{}（{}）。", side.zh(), what.zh(), cite.zh()),
        (Lang::En, false) => write!(w, "{} {}.", side.en(), what.en()),
        (Lang::Vi, false) => write!(w, "Bên {} {}.", side.vi(), what.vi()),
        (Lang::Zh, false) => write!(w, "{}{}。", side.zh(), what.zh()),
    });
}

/// What a side did that the law allows ([`describe_allowed`]).
enum Allowance {
    /// Chased with its king or a pawn among the chasers.
    KingOrPawn {
        chase: KingOrPawnChase,
        places: Places,
        side: Color,
    },
    /// Moves of kinds the law allows, said as such: `..., which is allowed`.
    Allowed(Words),
    /// The kinds of move Article 23, point 10 allows, said as such.
    Kinds(AllowedKinds),
    /// Threatened only the other side's uncrossed pawn.
    UncrossedPawn(Color),
    /// A sentence that says it all.
    Fixed(Words),
}

impl Phrase for Allowance {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed = ByLang {
            vi: ", được phép",
            en: ", which is allowed",
            zh: "，允许",
        };
        match self {
            Allowance::KingOrPawn {
                chase,
                places,
                side,
            } => {
                let o = side.other();
                let p = places.pieces(&chase.chasers, *side);
                let t = places.piece(chase.target, &chase.squares, o);
                let os = SideName(o);
                match lang {
                    Lang::En => write!(
                        f,
                        "chased {}'s {} with its {}, which is allowed",
                        os.en(),
                        t.en(),
                        p.en()
                    ),
                    Lang::Vi => write!(
                        f,
                        "đuổi bắt {} bên {} bằng {}, được phép",
                        t.vi(),
                        os.vi(),
                        p.vi()
                    ),
                    Lang::Zh => write!(f, "以{}捉{}{}，允许", p.zh(), os.zh(), t.zh()),
                }
            }
            Allowance::Allowed(words) => {
                words.write(lang, f)?;
                allowed.write(lang, f)
            }
            Allowance::Kinds(kinds) => {
                kinds.write(lang, f)?;
                allowed.write(lang, f)
            }
            Allowance::UncrossedPawn(o) => match lang {
                Lang::Zh => write!(f, "只攻击未过河的{}，允许", piece_name(*o, Role::Pawn)),
                _ => ByLang {
                    vi: "chỉ dọa bắt Tốt chưa qua sông, được phép",
                    en: "threatened only a pawn that has not crossed the river, which is allowed",
                    zh: "",
                }
                .write(lang, f),
            },
            Allowance::Fixed(words) => words.write(lang, f),
        }
    }
}

/// A threat that presses its target under `book`, as the law reads it.
fn presses(book: RuleSet, threat: &Threat) -> bool {
    law::presses(&book.readings(), threat)
}

/// A piece chased on every move with a king or pawn among its chasers.
struct KingOrPawnChase {
    target: Role,
    /// The target's squares over the cycle, in order.
    squares: Vec<Square>,
    /// The chasers, the king or pawn and its helper, by role.
    chasers: Vec<(Role, Vec<Square>)>,
}

/// The piece `side` pressed on every move with a king or pawn among the
/// chasers (VN 23.9, AXF 28–29).
fn king_or_pawn_chase(book: RuleSet, rep: &Repetition, side: Color) -> Option<KingOrPawnChase> {
    let plies: Vec<&PlyAnalysis> = moves_of(rep, side).collect();
    let first = plies.first()?;
    first
        .threats
        .iter()
        .filter(|t| presses(book, &t.threat))
        .find_map(|start| {
            let per_move: Vec<&Threat> = plies
                .iter()
                .map(|p| {
                    p.threats
                        .iter()
                        .find(|t| t.target_id == start.target_id && presses(book, &t.threat))
                        .map(|t| &t.threat)
                })
                .collect::<Option<_>>()?;
            let chasers = by_role(
                per_move
                    .iter()
                    .flat_map(|t| t.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            if !chasers
                .iter()
                .any(|(r, _)| matches!(r, Role::King | Role::Pawn))
            {
                return None;
            }
            let mut squares: Vec<Square> = Vec::new();
            for t in &per_move {
                if !squares.contains(&t.target) {
                    squares.push(t.target);
                }
            }
            Some(KingOrPawnChase {
                target: start.threat.target_role,
                squares,
                chasers,
            })
        })
}

/// Which of the law's "one check, one ..." (VN 23.2, AXF 12) the side
/// played: its moves that did not check chased, threatened to win a piece
/// by discovered check, or waited.
fn check_and_what(book: RuleSet, rep: &Repetition, side: Color) -> Words {
    let others: Vec<&PlyAnalysis> = moves_of(rep, side).filter(|p| !p.check).collect();
    let has = |kind: ThreatKind| {
        others
            .iter()
            .any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    let chases = others.iter().any(|p| {
        p.threats.iter().any(|t| {
            t.threat.kind == ThreatKind::Chase
                || (book.readings().discovered_check_threat_is_chase
                    && t.threat.kind == ThreatKind::DiscoveredCheck)
        })
    });
    let idle = others.iter().all(|p| {
        !p.blocks
            && !p.sacrifice
            && p.threats
                .iter()
                .all(|t| t.threat.kind < ThreatKind::DiscoveredCheck)
    });
    if chases {
        ByLang {
            vi: "xen kẽ nước chiếu với nước bắt (một chiếu một bắt)",
            en: "alternated checks with chases (one check, one chase)",
            zh: "将军与捉子交替（一将一捉）",
        }
    } else if has(ThreatKind::DiscoveredCheck) {
        ByLang {
            vi: "xen kẽ nước chiếu với nước dọa chiếu rút bắt quân (một chiếu một đòi rút ăn quân)",
            en: "alternated checks with threats to win a piece by a discovered check (one check, one discovered-check capture threat)",
            zh: "将军与借闪将吃子的威胁交替（一将一抽）",
        }
    } else if idle {
        ByLang {
            vi: "xen kẽ nước chiếu với nước chờ (một chiếu một dừng)",
            en: "alternated checks with idle moves (one check, one idle move)",
            zh: "将军与闲着交替（一将一闲）",
        }
    } else {
        ByLang {
            vi: "xen kẽ nước chiếu với nước khác",
            en: "alternated checks with other moves",
            zh: "将军与其他着法交替",
        }
    }
}

/// The kinds of move Article 23, point 10 (AXF 24, 40) allows perpetually:
/// blocks, sacrifices, exchange offers, threats to win a piece by
/// discovered check. Each is (en, vi, zh).
const ALLOWED_KINDS: [Words; 4] = [
    ByLang {
        vi: "cản mãi",
        en: "blocked",
        zh: "长拦",
    },
    ByLang {
        vi: "thí quân mãi",
        en: "offered a piece",
        zh: "长献",
    },
    ByLang {
        vi: "đòi đổi mãi",
        en: "offered an exchange",
        zh: "长兑",
    },
    ByLang {
        vi: "dọa mãi chiếu rút bắt quân",
        en: "threatened to win a piece by a discovered check",
        zh: "长以闪将吃子相威胁",
    },
];

/// Which of [`ALLOWED_KINDS`] a side played.
struct AllowedKinds([bool; 4]);

/// The kinds of move Article 23, point 10 (AXF 24, 40) allows perpetually
/// that the side played.
fn allowed_kinds(rep: &Repetition, side: Color) -> AllowedKinds {
    let threat = |kind: ThreatKind| {
        moves_of(rep, side).any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    AllowedKinds([
        moves_of(rep, side).any(|p| p.blocks),
        moves_of(rep, side).any(|p| p.sacrifice),
        threat(ThreatKind::ExchangeOffer),
        threat(ThreatKind::DiscoveredCheck),
    ])
}

impl Phrase for AllowedKinds {
    fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.0.contains(&true) {
            return ByLang {
                vi: "cản, thí quân hoặc đòi đổi quân",
                en: "blocked, offered pieces or exchanges",
                zh: "拦、献子或兑子",
            }
            .write(lang, f);
        }
        let (start, and) = match lang {
            Lang::En => ("perpetually ", " and "),
            Lang::Vi => ("", " và "),
            Lang::Zh => ("", "、"),
        };
        f.write_str(start)?;
        let happened = ALLOWED_KINDS
            .iter()
            .zip(self.0)
            .filter_map(|(kind, played)| played.then_some(kind));
        for (i, kind) in happened.enumerate() {
            if i > 0 {
                f.write_str(and)?;
            }
            kind.write(lang, f)?;
        }
        Ok(())
    }
}

/// The order in which allowances explain a pattern: by the point the book
/// cites, in the order of [`ALLOWED_BECAUSE`] among the grounds of one
/// point (so the Vietnamese 23.10 covers offers, blocks and discovered
/// checks alike).
fn allowed_rank(book: RuleSet, g: Ground) -> usize {
    let first = book.cite(g).next();
    ALLOWED_BECAUSE
        .iter()
        .position(|&h| book.cite(h).next() == first && first.is_some())
        .unwrap_or_else(|| {
            ALLOWED_BECAUSE
                .iter()
                .position(|&h| h == g)
                .unwrap_or(usize::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::{Options, Replay, rule};
    use crate::xiangqi::Position;

    /// Writes `phrase` in `lang`.
    fn said(phrase: &impl Phrase, lang: Lang) -> String {
        In(phrase, lang).to_string()
    }

    #[test]
    fn ordinals_take_their_english_suffix() {
        let written: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112]
            .map(|n| Ordinal(n).to_string())
            .into();
        assert_eq!(
            written,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "112th"
            ]
        );
    }

    #[test]
    fn a_move_is_named_as_sent_beside_its_iccs_text() {
        let m = Move::new(
            Square::from_iccs("a0").unwrap(),
            Square::from_iccs("b0").unwrap(),
        );
        let bare = Bare {
            side: Color::Red,
            number: 12,
        };
        let named = |sent| Named {
            bare,
            sent,
            iccs: Some(m),
        };
        assert_eq!(
            said(&named(Some("R9=8")), Lang::En),
            "Red's 12th move (R9=8, a0b0)"
        );
        assert_eq!(said(&named(None), Lang::Vi), "nước thứ 12 của Đỏ (a0b0)");
        // Chinese writes every comma full width, the sent move's too.
        assert_eq!(
            said(&named(Some("x, y")), Lang::Zh),
            "红方第12着（x，y，a0b0）"
        );
        assert!(is_iccs_of("a0b0", m) && !is_iccs_of("a0b1", m) && !is_iccs_of("车九平八", m));
    }

    #[test]
    fn only_the_languages_asked_for_are_written() {
        let start = Position::new();
        let sq = |s| Square::from_iccs(s).unwrap();
        let moves = [Move::new(sq("h2"), sq("e2")), Move::new(sq("h9"), sq("g7"))];
        let replay = Replay::from_moves(start, &moves).expect("legal moves");
        let ruling = rule(&replay, Options::default());
        let all = explain(&ruling);
        let en = explain_named_in(&ruling, &Naming::default(), |l| l == Lang::En);
        assert_eq!(en.en, all.en);
        assert!(!en.en.is_empty() && en.vi.is_empty() && en.zh.is_empty());
        let rest = explain_named_in(&ruling, &Naming::default(), |l| l != Lang::En);
        assert_eq!((rest.vi, rest.zh), (all.vi, all.zh));
        assert!(rest.en.is_empty());
    }
}
