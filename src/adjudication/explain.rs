//! Short explanations of a ruling in Vietnamese, English and Chinese,
//! naming the pieces, squares and moves an arbiter would point at (moves
//! by their number and side, as a score sheet does), in the terms of the
//! ruling's own rule book (its wording and its citations). The Chinese
//! texts use the terms of Chinese xiangqi (长将, 长捉, 一将一捉, 兑, 拦,
//! 献, 根, 假根); the Vietnamese law has no official Chinese text.

pub use super::articles::Lang;
use super::articles::{Citation, Ground, RuleSet};
use super::cycle::PlyAnalysis;
use super::law::{Pattern, SideFinding};
use super::ruling::{Repetition, Ruling, Verdict};
use super::threats::{Protection, Threat, ThreatKind};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::notation::chinese::piece_name;
use crate::xiangqi::{Color, GameEnd, Move, Role, Square};

fn side_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn side_vi(c: Color) -> &'static str {
    match c {
        Color::Red => "Đỏ",
        Color::Black => "Đen",
    }
}

fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
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

/// How a sentence names where a piece stands: by its ICCS squares, or, when
/// the request used a notation that counts files from each player's right
/// (WXF, VN, Chinese), by its files in that count, as an arbiter reading
/// that score sheet would ("the rook on file 9", "Xe 9", "九路车").
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

    /// The places of a piece of `side`, in order: `a9/a8`, or its files
    /// (each once): `9`, `8/7`, `八/七`.
    fn list(self, list: &[Square], side: Color) -> String {
        const RED_FILES: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
        let mut names: Vec<String> = Vec::new();
        for sq in list {
            let file = usize::from(sq.file());
            let n = match side {
                Color::Red => 9 - file,
                Color::Black => file + 1,
            };
            let name = match (self, side) {
                (Places::Squares, _) => sq.to_string(),
                (Places::ChineseFiles, Color::Red) => RED_FILES[n - 1].to_owned(),
                _ => n.to_string(),
            };
            if self == Places::Squares || !names.contains(&name) {
                names.push(name);
            }
        }
        names.join("/")
    }

    /// A piece of `side` where it stood: `rook a9/a8`, `Xe a9/a8`,
    /// `车a9/a8`; or `rook on file 9`, `Xe 9`, `九路车`.
    fn piece(self, role: Role, list: &[Square], side: Color) -> Sentence {
        let at = self.list(list, side);
        let (vi, zh) = (role_vi(role), piece_name(side, role));
        match self {
            Places::Squares => (
                format!("{role} {at}"),
                format!("{vi} {at}"),
                format!("{zh}{at}"),
            ),
            _ => (
                format!(
                    "{role} on file{} {at}",
                    if at.contains('/') { "s" } else { "" }
                ),
                format!("{vi} {at}"),
                format!("{at}路{zh}"),
            ),
        }
    }

    /// Pieces of `side` by role: `cannon a7 and rook c7`.
    fn pieces(self, groups: &[(Role, Vec<Square>)], side: Color) -> Sentence {
        let names: Vec<Sentence> = groups
            .iter()
            .map(|(r, list)| self.piece(*r, list, side))
            .collect();
        let join = |f: fn(&Sentence) -> &String, sep: &str| {
            names.iter().map(f).cloned().collect::<Vec<_>>().join(sep)
        };
        (
            join(|n| &n.0, " and "),
            join(|n| &n.1, " và "),
            join(|n| &n.2, "和"),
        )
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

/// The sentences a rule book words in its own terms, each as (en, vi, zh).
struct Wording {
    /// "{side} must change ..." after the side's name, before the citation
    /// of the violation.
    must_change: Words,
    /// Both sides check perpetually.
    both_check: Words,
    /// Both sides chase perpetually, neither with priority.
    both_chase: Words,
    /// Nobody violates.
    neither: Words,
    /// Who may claim a draw after the no-capture limit, and from whom.
    claim: Words,
}

/// A fixed text in English, Vietnamese and Chinese.
type Words = (&'static str, &'static str, &'static str);

/// How `book` words its explanations.
fn wording(book: RuleSet) -> &'static Wording {
    match book {
        RuleSet::Vn2004 => &Wording {
            must_change: (
                "must change its move, or it loses",
                "phải đổi nước, nếu không sẽ bị xử thua",
                "必须变着，否则判负",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw if neither changes (Articles 24.3 and 7.2.c).",
                "Hai bên vừa đỡ vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Điều 24.3 và Điều 7.2.c).",
                "双方着着应将又将：如双方均不变着，判和（第24.3条及第7.2.c条）。",
            ),
            both_chase: (
                "Both sides chase perpetually, breaking the same prohibition: a draw (Article 7.2.c).",
                "Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).",
                "双方同为长捉，犯同一禁例：判和（第7.2.c条）。",
            ),
            neither: (
                "Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "双方均未犯禁例：如双方均不变着，判和（第7.2.b条）。",
            ),
            claim: (
                "a player may ask the arbiter to declare a draw",
                "đấu thủ có quyền đề nghị trọng tài xử hòa",
                "棋手有权请求裁判判和",
            ),
        },
        RuleSet::Axf => &Wording {
            must_change: (
                "must change; after the referee's warning, a further repetition loses",
                "phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua",
                "必须变着；经裁判警告后仍重复者判负",
            ),
            both_check: (
                "Both sides check on every move, answering check with check: a draw if neither changes (AXF rule 7).",
                "Hai bên vừa đỡ chiếu vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 7).",
                "双方着着应将又将：如双方均不变着，判和（亚洲规则第7条）。",
            ),
            both_chase: (
                "Both sides chase perpetually, the same offence: a draw.",
                "Hai bên cùng bắt mãi, cùng một lỗi: xử hòa.",
                "双方同为长捉，犯规相同：判和。",
            ),
            neither: (
                "Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
            claim: (
                "a player may ask the referee to declare a draw",
                "đấu thủ có quyền đề nghị trọng tài xử hòa",
                "棋手有权请求裁判判和",
            ),
        },
    }
}

/// A citation in a sentence: `Article 23.1` / `Điều 23, điểm 1` /
/// `第23条第1点`, or `AXF rule 6` / `Luật AXF, điều 6` / `亚洲规则第6条`.
fn cited(c: Citation) -> Sentence {
    let en = match c {
        Citation::Vn(_) => format!("Article {}", c.reference()),
        Citation::Axf(_) => c.label_en().to_owned(),
    };
    (en, c.label().to_owned(), c.label_zh().to_owned())
}

/// The first citation of `ground` in `book`, in a sentence.
fn cited_ground(book: RuleSet, ground: Ground) -> Option<Sentence> {
    book.cite(ground).first().map(|&c| cited(c))
}

/// One sentence (or part of one) in English, Vietnamese and Chinese.
type Sentence = (String, String, String);

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
    pub sent: &'a [String],
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
    sent: &'a [String],
    moves: &'a [Move],
    /// Moves known from the ruling itself (the cycle's).
    known: Vec<(usize, Move)>,
    /// How pieces' places are named.
    places: Places,
}

impl Moves<'_> {
    /// The side that played `ply` (1-based) and its move number.
    fn number(&self, ply: usize) -> (Color, u32) {
        let black_first = usize::from(self.first_side == Color::Black);
        let k = ply - 1 + black_first;
        let side = if k % 2 == 0 { Color::Red } else { Color::Black };
        (side, self.first_number + (k / 2) as u32)
    }

    /// `Red's 12th move` / `nước thứ 12 của Đỏ` / `红方第12着`.
    fn bare(&self, ply: usize) -> Sentence {
        let (side, n) = self.number(ply);
        (
            format!("{}'s {} move", side_en(side), ordinal_en(n)),
            format!("nước thứ {n} của {}", side_vi(side)),
            format!("{}第{n}着", side_zh(side)),
        )
    }

    /// [`bare`](Self::bare) and the move itself: `Red's 12th move (R9=8,
    /// a0b0)`, or `(a0b0)` when the request wrote ICCS.
    fn named(&self, ply: usize) -> Sentence {
        let (en, vi, zh) = self.bare(ply);
        let iccs = self
            .moves
            .get(ply.wrapping_sub(1))
            .copied()
            .or_else(|| self.known.iter().find(|(p, _)| *p == ply).map(|x| x.1))
            .map(|m| m.to_string());
        let sent = self.sent.get(ply.wrapping_sub(1));
        let text = match (sent, iccs) {
            (Some(s), Some(i)) if *s != i => format!("{s}, {i}"),
            (_, Some(i)) => i,
            (Some(s), None) => s.clone(),
            (None, None) => return (en, vi, zh),
        };
        (
            format!("{en} ({text})"),
            format!("{vi} ({text})"),
            format!("{zh}（{}）", text.replace(", ", "，")),
        )
    }

    /// `from Black's 10th move to Red's 12th move`.
    fn range(&self, a: usize, b: usize) -> Sentence {
        let ((a_en, a_vi, a_zh), (b_en, b_vi, b_zh)) = (self.bare(a), self.bare(b));
        (
            format!("from {a_en} to {b_en}"),
            format!("từ {a_vi} đến {b_vi}"),
            format!("自{a_zh}至{b_zh}"),
        )
    }
}

/// The explanation of a finished ruling: a view of it, in words, moves
/// numbered from 1 and written in ICCS.
pub fn explain(ruling: &Ruling) -> Explanation {
    explain_named(ruling, &Naming::default())
}

/// The explanation of a finished ruling, naming moves as `naming` says.
pub fn explain_named(ruling: &Ruling, naming: &Naming) -> Explanation {
    let book = ruling.ruleset;
    let rep = ruling
        .repetition
        .as_ref()
        .or(ruling.broken_repetition.as_ref());
    // The cycle says who moved at which ply; without one no ply is named.
    let first_side = rep
        .and_then(|r| r.cycle.first())
        .map(|p| {
            if p.ply % 2 == 1 {
                p.side
            } else {
                p.side.other()
            }
        })
        .unwrap_or(Color::Red);
    let moves = Moves {
        first_side,
        first_number: naming.first_number.max(1),
        sent: naming.sent,
        moves: naming.moves,
        known: rep
            .map(|r| r.cycle.iter().map(|p| (p.ply, p.mv)).collect())
            .unwrap_or_default(),
        places: Places::of(naming.notation),
    };
    let mut out: Vec<Sentence> = Vec::new();
    match (&ruling.repetition, &ruling.broken_repetition) {
        (Some(rep), _) => explain_repetition(&mut out, book, ruling.verdict, rep, &moves),
        (None, Some(b)) => {
            let ply = b.broken_at_ply.unwrap_or(b.trigger_ply);
            let (t_en, t_vi, t_zh) = moves.named(b.trigger_ply);
            let (c_en, c_vi, c_zh) = moves.named(ply);
            out.push((
                format!(
                    "A position occurred for the third time at {t_en}, but a change of move at {c_en} broke the repetition: no repetition stands."
                ),
                format!(
                    "Một thế cờ đã xuất hiện lần thứ ba ở {t_vi}, nhưng nước đổi ở {c_vi} đã phá đoạn lặp: không còn thế lặp nào để xử."
                ),
                format!(
                    "某一局面在{t_zh}后第三次出现，但{c_zh}变着，打破了循环：已无重复局面可判。"
                ),
            ));
        }
        // A finished game is told by its end, not by what did not happen.
        (None, None) if ruling.game_end.is_some() => {}
        (None, None) => out.push((
            "No position has occurred three times.".to_owned(),
            "Chưa có thế cờ nào xuất hiện ba lần.".to_owned(),
            "尚无局面出现三次。".to_owned(),
        )),
    }
    if let Some(end) = ruling.game_end {
        out.push(game_end(book, end));
    }
    if ruling.no_capture.draw_claimable {
        out.push(no_capture(book, ruling.no_capture.plies));
    }
    let mut e = Explanation::default();
    for (en, vi, zh) in out {
        for (text, s) in [(&mut e.en, en), (&mut e.vi, vi)] {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&s);
        }
        // Chinese sentences end in a full-width stop and need no space.
        e.zh.push_str(&zh);
    }
    e
}

/// Checkmate (VN 7.1.a, AXF 1) or a side without a legal move (VN 7.1.b,
/// AXF 2).
fn game_end(book: RuleSet, end: GameEnd) -> Sentence {
    let (winner, ground, en, vi, zh) = match end {
        GameEnd::Checkmate { winner } => (
            winner,
            Ground::Mate,
            "is checkmated",
            "bị chiếu hết",
            "被将死",
        ),
        GameEnd::Stalemate { winner } => (
            winner,
            Ground::Stalemate,
            "has no legal move",
            "hết nước đi",
            "无着可走（困毙）",
        ),
    };
    let (r_en, r_vi, r_zh) = cited_ground(book, ground).unwrap_or_default();
    let loser = winner.other();
    (
        format!(
            "{} {en}: {} wins ({r_en}).",
            side_en(loser),
            side_en(winner)
        ),
        format!(
            "Bên {} {vi}: bên {} thắng ({r_vi}).",
            side_vi(loser),
            side_vi(winner)
        ),
        format!("{}{zh}：{}胜（{r_zh}）。", side_zh(loser), side_zh(winner)),
    )
}

/// The no-capture claim (VN Article 12, AXF practice), counted in moves
/// of both sides (nước), the plies beside them.
fn no_capture(book: RuleSet, plies: u32) -> Sentence {
    let words = wording(book);
    let (r_en, r_vi, r_zh) = cited_ground(book, Ground::NoCapture).unwrap_or_default();
    let moves = plies / 2;
    (
        format!(
            "Neither side has captured for {moves} moves ({plies} plies): {} ({r_en}).",
            words.claim.0
        ),
        format!(
            "Đã {moves} nước ({plies} lượt) liên tiếp không bên nào ăn quân: {} ({r_vi}).",
            words.claim.1
        ),
        format!(
            "双方已连续{moves}回合（{plies}步）未吃子：{}（{r_zh}）。",
            words.claim.2
        ),
    )
}

fn explain_repetition(
    out: &mut Vec<Sentence>,
    book: RuleSet,
    verdict: Verdict,
    rep: &Repetition,
    moves: &Moves,
) {
    let words = wording(book);
    let (a, b) = (rep.previous_ply + 1, rep.trigger_ply);
    let (nth_en, nth_vi, nth_zh) = match rep.occurrences {
        3 => ("third".to_owned(), "ba".to_owned(), "三".to_owned()),
        n => (ordinal_en(n), n.to_string(), n.to_string()),
    };
    let (t_en, t_vi, t_zh) = moves.named(b);
    out.push(if rep.first_ply == 0 {
        (
            format!("The start position occurred for the {nth_en} time at {t_en}."),
            format!("Thế cờ ban đầu xuất hiện lần thứ {nth_vi} ở {t_vi}."),
            format!("开局局面在{t_zh}后第{nth_zh}次出现。"),
        )
    } else {
        let (f_en, f_vi, f_zh) = moves.bare(rep.first_ply);
        (
            format!("The position after {f_en} occurred for the {nth_en} time at {t_en}."),
            format!("Thế cờ sau {f_vi} xuất hiện lần thứ {nth_vi} ở {t_vi}."),
            format!("{f_zh}后的局面在{t_zh}后第{nth_zh}次出现。"),
        )
    });
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
            let (r_en, r_vi, r_zh) = cited_ground(book, ground).unwrap_or_default();
            if verdict == Verdict::Loss {
                let (l_en, l_vi, l_zh) = moves.named(rep.loss_ply.unwrap_or(b));
                out.push((
                    format!(
                        "Instead of changing, {} repeated at {l_en} and loses ({r_en}).",
                        side_en(v),
                    ),
                    format!(
                        "Bên {} không đổi nước mà lặp lại ở {l_vi}, nên bị xử thua ({r_vi}).",
                        side_vi(v),
                    ),
                    format!("{}不变着，{l_zh}再次重复，判负（{r_zh}）。", side_zh(v)),
                ));
            } else {
                out.push((
                    format!("{} {} ({r_en}).", side_en(v), words.must_change.0),
                    format!("Bên {} {} ({r_vi}).", side_vi(v), words.must_change.1),
                    format!("{}{}（{r_zh}）。", side_zh(v), words.must_change.2),
                ));
            }
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(rep.red.pattern, Pattern::PerpetualChase(_));
            let (en, vi, zh) = if both_check {
                words.both_check
            } else if both_chase {
                words.both_chase
            } else {
                for f in [&rep.red, &rep.black] {
                    out.push(describe_allowed(book, rep, f, moves.places));
                }
                words.neither
            };
            out.push((en.to_owned(), vi.to_owned(), zh.to_owned()));
        }
    }
}

/// `4th`, `21st`, `112th`.
fn ordinal_en(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The moves of `side` in the cycle.
fn moves_of(rep: &Repetition, side: Color) -> impl Iterator<Item = &PlyAnalysis> {
    rep.cycle.iter().filter(move |p| p.side == side)
}

/// Says what the violator did over the cycle (`span`, its moves in words);
/// returns the ground a chase sentence cited as the deciding one.
fn describe_violation(
    out: &mut Vec<Sentence>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    span: &Sentence,
    places: Places,
) -> Option<Ground> {
    let s = f.side;
    let (span_en, span_vi, span_zh) = span;
    match &f.pattern {
        Pattern::PerpetualCheck => {
            let (p_en, p_vi, p_zh) = places.pieces(&checkers(&rep.cycle, s), s);
            let (r_en, r_vi, r_zh) = cited_ground(book, Ground::PerpetualCheck).unwrap_or_default();
            out.push((
                format!(
                    "{}'s {p_en} checked on every one of its {} moves in the repetition ({span_en}): perpetual check ({r_en}).",
                    side_en(s),
                    f.moves
                ),
                format!(
                    "{p_vi} bên {} chiếu liên tục trong cả {} nước của đoạn lặp ({span_vi}): chiếu mãi ({r_vi}).",
                    side_vi(s),
                    f.moves
                ),
                format!(
                    "{}{p_zh}在循环的全部{}着中着着将军（{span_zh}）：长将（{r_zh}）。",
                    side_zh(s),
                    f.moves
                ),
            ));
            None
        }
        Pattern::PerpetualChase(chase) => {
            let threats: Vec<_> = moves_of(rep, s)
                .flat_map(|p| p.threats.iter())
                .filter(|t| t.target_id == chase.target_id && presses(book, t.threat.kind))
                .map(|t| &t.threat)
                .collect();
            let chasers = by_role(
                threats
                    .iter()
                    .flat_map(|t| t.attackers.iter().map(|&(sq, r)| (r, sq))),
            );
            let target = chase.target_role;
            let o = s.other();
            let (o_en, o_vi, o_zh) = (side_en(o), side_vi(o), side_zh(o));
            let (c_en, c_vi, c_zh) = places.pieces(&chasers, s);
            let (t_en, t_vi, t_zh) = places.piece(target, &chase.target_squares, o);
            out.push((
                format!(
                    "{}'s {c_en} chased {o_en}'s {t_en} on every one of its {} moves in the repetition ({span_en}).",
                    side_en(s),
                    f.moves,
                ),
                format!(
                    "{c_vi} bên {} đuổi bắt {t_vi} bên {o_vi} trong cả {} nước của đoạn lặp ({span_vi}).",
                    side_vi(s),
                    f.moves,
                ),
                format!(
                    "{}{c_zh}在循环的全部{}着中着着捉{o_zh}{t_zh}（{span_zh}）。",
                    side_zh(s),
                    f.moves,
                ),
            ));
            let (ground, en, vi, zh) = why_chased(&threats, f, target);
            // An unprotected piece is chased as such (VN 23.3; the AXF by
            // the pieces involved); a protected one by the exception.
            let (r_en, r_vi, r_zh) = ground
                .and_then(|g| cited_ground(book, g))
                .unwrap_or_else(|| chase_citation(book, f));
            out.push((
                format!("{o_en}'s {target} {en} ({r_en})."),
                format!("{} bên {o_vi} {vi} ({r_vi}).", role_vi(target)),
                format!("{o_zh}{}{zh}（{r_zh}）。", piece_name(o, target)),
            ));
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
    out: &mut Vec<Sentence>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    other: &SideFinding,
    decided: Option<Ground>,
) {
    let (s, o) = (f.side, other.side);
    let grounds = &rep.verdict.grounds;
    let cite_if = |present: bool, ground: Ground| {
        if present {
            cited_ground(book, ground)
        } else {
            None
        }
    };
    if let Some((r_en, r_vi, r_zh)) = cite_if(
        grounds.contains(&Ground::CheckedBackSometimes),
        Ground::CheckedBackSometimes,
    ) {
        out.push((
            format!(
                "{} checked back on only {} of its {} moves (two checks, one check back): {} still checks perpetually ({r_en}).",
                side_en(o),
                other.checks,
                other.moves,
                side_en(s)
            ),
            format!(
                "Bên {} chỉ chiếu lại ở {} trong {} nước (hai chiếu, một chiếu lại): bên {} vẫn là chiếu mãi ({r_vi}).",
                side_vi(o),
                other.checks,
                other.moves,
                side_vi(s)
            ),
            format!(
                "{}在{}着中只有{}着还将（两将一还将）：{}仍属长将（{r_zh}）。",
                side_zh(o),
                other.moves,
                other.checks,
                side_zh(s)
            ),
        ));
    }
    if let Some((r_en, r_vi, r_zh)) = cite_if(
        grounds.contains(&Ground::ChasedBackSometimes),
        Ground::ChasedBackSometimes,
    ) {
        out.push((
            format!(
                "{} chased back on only {} of its {} moves (two chases, one chase back): {}, chasing the same piece each time, still chases perpetually ({r_en}).",
                side_en(o),
                other.chases,
                other.moves,
                side_en(s)
            ),
            format!(
                "Bên {} chỉ bắt lại ở {} trong {} nước (hai bắt, một bắt lại): bên {} bắt cùng một quân nên vẫn phạm luật bắt mãi ({r_vi}).",
                side_vi(o),
                other.chases,
                other.moves,
                side_vi(s)
            ),
            format!(
                "{}在{}着中只有{}着还捉（两捉一还捉）：{}每次捉同一子，仍属长捉（{r_zh}）。",
                side_zh(o),
                other.moves,
                other.chases,
                side_zh(s)
            ),
        ));
    }
    if let Some((r_en, r_vi, r_zh)) = cite_if(
        f.grounds.contains(&Ground::OfferInChase) && decided != Some(Ground::OfferInChase),
        Ground::OfferInChase,
    ) {
        out.push((
            format!(
                "Some of {}'s chasing moves also offered an exchange: still a perpetual chase ({r_en}).",
                side_en(s)
            ),
            format!(
                "Có nước bắt của bên {} đồng thời là đòi đổi quân: vẫn coi là bắt mãi ({r_vi}).",
                side_vi(s)
            ),
            format!(
                "{}的捉子着法中有的同时是兑子：仍属长捉（{r_zh}）。",
                side_zh(s)
            ),
        ));
    }
}

/// The citation a chase sentence names: the book's rule for the chase itself
/// (VN 23.3), or, where the book numbers its chase cases by the pieces (the
/// AXF), the first such rule the finding cites, else the enforcement rule.
fn chase_citation(book: RuleSet, f: &SideFinding) -> Sentence {
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
    let mut cites: Vec<Citation> = chase_grounds
        .flat_map(|&g| book.cite(g).iter().copied())
        .collect();
    cites.sort();
    cites
        .first()
        .copied()
        .or_else(|| book.cite(Ground::ChaseViolation).first().copied())
        .map(cited)
        .unwrap_or_default()
}

/// The grounds that explain an allowed pattern, the most telling first: the
/// sentence names the first of them the side's finding has.
const ALLOWED_BECAUSE: [Ground; 10] = [
    Ground::KingChase,
    Ground::PawnChase,
    Ground::ChecksMixed,
    Ground::ChasesInTurn,
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
fn describe_allowed(book: RuleSet, rep: &Repetition, f: &SideFinding, places: Places) -> Sentence {
    let s = f.side;
    // The Vietnamese law words its allowances by point: the grounds one
    // point covers share its sentence, in the point's order of precedence.
    let because = ALLOWED_BECAUSE
        .into_iter()
        .filter(|g| f.grounds.contains(g))
        .min_by_key(|&g| allowed_rank(book, g));
    let cite = because.and_then(|g| cited_ground(book, g));
    let o = s.other();
    let (en, vi, zh): Sentence = match because {
        Some(Ground::KingChase | Ground::PawnChase) => match king_or_pawn_chase(book, rep, s) {
            Some(c) => {
                let (p_en, p_vi, p_zh) = places.pieces(&c.chasers, s);
                let (t_en, t_vi, t_zh) = places.piece(c.target, &c.squares, o);
                (
                    format!(
                        "chased {}'s {t_en} with its {p_en}, which is allowed",
                        side_en(o)
                    ),
                    format!("đuổi bắt {t_vi} bên {} bằng {p_vi}, được phép", side_vi(o)),
                    format!("以{p_zh}捉{}{t_zh}，允许", side_zh(o)),
                )
            }
            None => (
                "chased with its king or a pawn, which is allowed".to_owned(),
                "đuổi bắt bằng Tướng hoặc Tốt, được phép".to_owned(),
                "以将（帅）或兵（卒）捉子，允许".to_owned(),
            ),
        },
        Some(Ground::ChecksMixed) => {
            let (en, vi, zh) = check_and_what(book, rep, s);
            (
                format!("{en}, which is allowed"),
                format!("{vi}, được phép"),
                format!("{zh}，允许"),
            )
        }
        Some(Ground::ChasesInTurn) => (
            "chased different pieces in turn, which is allowed".to_owned(),
            "lần lượt đuổi bắt nhiều quân khác nhau, được phép".to_owned(),
            "轮流捉不同的子，允许".to_owned(),
        ),
        Some(Ground::SeveralOnProtected) => (
            "attacked a protected piece with several pieces, which is no chase".to_owned(),
            "dùng nhiều quân dọa một quân có căn, không tính là bắt".to_owned(),
            "以多子攻击一个有根子，不算捉".to_owned(),
        ),
        Some(Ground::OffersOnly | Ground::BlocksOrOffers | Ground::DiscoveredCheckThreat) => {
            let (en, vi, zh) = allowed_kinds(rep, s);
            (
                format!("{en}, which is allowed"),
                format!("{vi}, được phép"),
                format!("{zh}，允许"),
            )
        }
        Some(Ground::ProtectedThreat) => (
            "threatened only truly protected pieces, which is no chase".to_owned(),
            "chỉ dọa bắt quân có căn thật, không tính là bắt".to_owned(),
            "只攻击有真根的子，不算捉".to_owned(),
        ),
        Some(Ground::UncrossedPawnThreat) => (
            "threatened only a pawn that has not crossed the river, which is allowed".to_owned(),
            "chỉ dọa bắt Tốt chưa qua sông, được phép".to_owned(),
            format!("只攻击未过河的{}，允许", piece_name(o, Role::Pawn)),
        ),
        _ => (
            "made only allowed moves".to_owned(),
            "chỉ đi các nước được phép".to_owned(),
            "只走允许的着法".to_owned(),
        ),
    };
    match cite {
        Some((c_en, c_vi, c_zh)) => (
            format!("{} {en} ({c_en}).", side_en(s)),
            format!("Bên {} {vi} ({c_vi}).", side_vi(s)),
            format!("{}{zh}（{c_zh}）。", side_zh(s)),
        ),
        None => (
            format!("{} {en}.", side_en(s)),
            format!("Bên {} {vi}.", side_vi(s)),
            format!("{}{zh}。", side_zh(s)),
        ),
    }
}

/// A threat that presses its target under `book`: a chase or exchange
/// offer, or (AXF) a threat to win it by discovered check.
fn presses(book: RuleSet, kind: ThreatKind) -> bool {
    kind >= ThreatKind::ExchangeOffer
        || (book.readings().discovered_check_threat_is_chase && kind == ThreatKind::DiscoveredCheck)
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
        .filter(|t| presses(book, t.threat.kind))
        .find_map(|start| {
            let per_move: Vec<&Threat> = plies
                .iter()
                .map(|p| {
                    p.threats
                        .iter()
                        .find(|t| t.target_id == start.target_id && presses(book, t.threat.kind))
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
        (
            "alternated checks with chases (one check, one chase)",
            "xen kẽ nước chiếu với nước bắt (một chiếu một bắt)",
            "将军与捉子交替（一将一捉）",
        )
    } else if has(ThreatKind::DiscoveredCheck) {
        (
            "alternated checks with threats to win a piece by a discovered check (one check, one discovered-check capture threat)",
            "xen kẽ nước chiếu với nước dọa chiếu rút bắt quân (một chiếu một đòi rút ăn quân)",
            "将军与借闪将吃子的威胁交替（一将一抽）",
        )
    } else if idle {
        (
            "alternated checks with idle moves (one check, one idle move)",
            "xen kẽ nước chiếu với nước chờ (một chiếu một dừng)",
            "将军与闲着交替（一将一闲）",
        )
    } else {
        (
            "alternated checks with other moves",
            "xen kẽ nước chiếu với nước khác",
            "将军与其他着法交替",
        )
    }
}

/// The kinds of move Article 23, point 10 (AXF 24, 40) allows perpetually
/// that the side played: blocks, sacrifices, exchange offers, threats to
/// win a piece by discovered check.
fn allowed_kinds(rep: &Repetition, side: Color) -> Sentence {
    let plies: Vec<&PlyAnalysis> = moves_of(rep, side).collect();
    let threat = |kind: ThreatKind| {
        plies
            .iter()
            .any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    let kinds = [
        (plies.iter().any(|p| p.blocks), "blocked", "cản mãi", "长拦"),
        (
            plies.iter().any(|p| p.sacrifice),
            "offered a piece",
            "thí quân mãi",
            "长献",
        ),
        (
            threat(ThreatKind::ExchangeOffer),
            "offered an exchange",
            "đòi đổi mãi",
            "长兑",
        ),
        (
            threat(ThreatKind::DiscoveredCheck),
            "threatened to win a piece by a discovered check",
            "dọa mãi chiếu rút bắt quân",
            "长以闪将吃子相威胁",
        ),
    ];
    let happened: Vec<_> = kinds.iter().filter(|k| k.0).collect();
    if happened.is_empty() {
        return (
            "blocked, offered pieces or exchanges".to_owned(),
            "cản, thí quân hoặc đòi đổi quân".to_owned(),
            "拦、献子或兑子".to_owned(),
        );
    }
    let en: Vec<&str> = happened.iter().map(|k| k.1).collect();
    let vi: Vec<&str> = happened.iter().map(|k| k.2).collect();
    let zh: Vec<&str> = happened.iter().map(|k| k.3).collect();
    (
        format!("perpetually {}", en.join(" and ")),
        vi.join(" và "),
        zh.join("、"),
    )
}

/// The order in which allowances explain a pattern: by the point the book
/// cites, in the order of [`ALLOWED_BECAUSE`] among the grounds of one
/// point (so the Vietnamese 23.10 covers offers, blocks and discovered
/// checks alike).
fn allowed_rank(book: RuleSet, g: Ground) -> usize {
    let first = book.cite(g).first().copied();
    ALLOWED_BECAUSE
        .iter()
        .position(|&h| book.cite(h).first().copied() == first && first.is_some())
        .unwrap_or_else(|| {
            ALLOWED_BECAUSE
                .iter()
                .position(|&h| h == g)
                .unwrap_or(usize::MAX)
        })
}
