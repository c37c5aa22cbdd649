//! The human texts of problems (`detail`, FEN problems, move reasons) in the three languages
//! the API speaks: Vietnamese as an arbiter of the 2004 law writes it, English (the default,
//! whose texts clients have seen from the start), and Chinese as a Chinese arbiter writes it
//! (红方/黑方, 车马炮相仕帅兵, 象士将卒).
//!
//! One function per message, its three texts side by side. A message built when the error is
//! made (a FEN defect, an illegal move's reason, a field's complaint) is a [`Wording`] holding
//! all three; the frame around it (which move, which line) is written when the problem is
//! answered, in the language asked for. Titles are not here: a title names the problem type
//! and stays English, like the type URI.

use std::fmt;

use crate::adjudication::Lang;
use crate::records::RecordProblem;
use crate::xiangqi::notation::{
    Notation, NotationError, Op, Pick, PieceFault, Unreachable, counts_steps,
};
use crate::xiangqi::{
    Color, FenError, IllegalMoveReason, ParseFenError, Role, SetupProblem, Square,
};

/// One message in every language the API speaks. Boxed: an error carries one or two, and
/// errors travel in every `Result` of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording(Box<[String; 3]>);

impl Wording {
    /// The message as `text` writes it in each language.
    pub fn new(mut text: impl FnMut(Lang) -> String) -> Self {
        Wording(Box::new(Lang::ALL.map(&mut text)))
    }

    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        &self.0[i]
    }
}

/// English, as logs and `ApiError`'s own `Display` write it.
impl fmt::Display for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get(Lang::En))
    }
}

/// One defect of a FEN string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenProblem {
    /// Stable snake_case code, e.g. `two_kings_facing`.
    pub kind: String,
    /// Human explanation, in every language.
    pub message: Wording,
}

/// Characters of a client's value kept when a detail echoes it.
pub const ECHO_CHARS: usize = 40;

/// `s` itself if it has at most `keep` characters, else its first `keep` characters and a
/// count of the rest: `aaaa… (160000 more characters)`. Details never echo a client's
/// value whole: a 200 KB value must not come back as a 200 KB (or, escaped, 400 KB) answer.
pub fn elide(s: &str, keep: usize) -> String {
    match s.char_indices().nth(keep) {
        None => s.to_owned(),
        Some((cut, _)) => {
            let more = s[cut..].chars().count();
            format!("{}… ({more} more characters)", &s[..cut])
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Words every message shares
// ---------------------------------------------------------------------------------------------

/// "red" / "Đỏ" / "红方": a side as a ply's problem names it.
fn side_of(color: Color, lang: Lang) -> &'static str {
    match (lang, color) {
        (Lang::En, c) => c.name(),
        (Lang::Vi, Color::Red) => "Đỏ",
        (Lang::Vi, Color::Black) => "Đen",
        (Lang::Zh, Color::Red) => "红方",
        (Lang::Zh, Color::Black) => "黑方",
    }
}

/// "Red" / "bên Đỏ" / "红方": a side as the subject of a sentence.
fn side_subject(color: Color, lang: Lang) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Red) => "Red",
        (Lang::En, Color::Black) => "Black",
        (Lang::Vi, Color::Red) => "bên Đỏ",
        (Lang::Vi, Color::Black) => "bên Đen",
        (Lang::Zh, c) => side_of(c, Lang::Zh),
    }
}

/// The Vietnamese name of a piece, as the law writes it.
fn role_vi(role: Role) -> &'static str {
    match role {
        Role::King => "Tướng",
        Role::Advisor => "Sĩ",
        Role::Elephant => "Tượng",
        Role::Horse => "Mã",
        Role::Rook => "Xe",
        Role::Cannon => "Pháo",
        Role::Pawn => "Tốt",
    }
}

/// The Chinese character of a piece: Red's and Black's differ for five of the seven.
fn role_zh(color: Color, role: Role) -> &'static str {
    match (color, role) {
        (Color::Red, Role::King) => "帅",
        (Color::Black, Role::King) => "将",
        (Color::Red, Role::Advisor) => "仕",
        (Color::Black, Role::Advisor) => "士",
        (Color::Red, Role::Elephant) => "相",
        (Color::Black, Role::Elephant) => "象",
        (Color::Red, Role::Pawn) => "兵",
        (Color::Black, Role::Pawn) => "卒",
        (_, Role::Horse) => "马",
        (_, Role::Rook) => "车",
        (_, Role::Cannon) => "炮",
    }
}

/// "Tốt Đỏ" / "红兵": a coloured piece.
fn piece_name(color: Color, role: Role, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{color} {}", role.name()),
        Lang::Vi => format!("{} {}", role_vi(role), side_of(color, Lang::Vi)),
        Lang::Zh => format!(
            "{}{}",
            if color == Color::Red { "红" } else { "黑" },
            role_zh(color, role)
        ),
    }
}

/// A small count in words ("three", "ba", "三"), a large one in digits.
fn number(n: u8, lang: Lang) -> String {
    const EN: [&str; 21] = [
        "no",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    const VI: [&str; 11] = [
        "không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín", "mười",
    ];
    // Counting things, Chinese says 两, not 二.
    const ZH: [&str; 11] = [
        "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
    ];
    let words: &[&str] = match lang {
        Lang::En => &EN,
        Lang::Vi => &VI,
        Lang::Zh => &ZH,
    };
    match words.get(usize::from(n)) {
        Some(w) => (*w).to_owned(),
        None => n.to_string(),
    }
}

/// "1st", "2nd", "3rd", "4th", ... "10th".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "the 4th group" / "nhóm thứ 4" / "第4组": a FEN rank as the FEN writes it.
fn group_name(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("the {} group", ordinal(n)),
        Lang::Vi => format!("nhóm thứ {n}"),
        Lang::Zh => format!("第{n}组"),
    }
}

/// The FEN group of an ICCS rank: rank 9 (Black's back rank) is written first.
fn group_of_rank(rank: u8) -> usize {
    10 - usize::from(rank)
}

/// "the 4th group" and, when the FEN has it, the group's own text.
fn group(fen: &str, n: usize, lang: Lang) -> String {
    let text = fen
        .split_whitespace()
        .next()
        .and_then(|board| board.split('/').nth(n - 1))
        .filter(|t| !t.is_empty())
        .map(|t| elide(t, 16));
    match (text, lang) {
        (Some(t), Lang::En) => format!("{}, {t:?},", group_name(n, lang)),
        (Some(t), Lang::Vi) => format!("{} ({t:?})", group_name(n, lang)),
        (Some(t), Lang::Zh) => format!("{}（{t:?}）", group_name(n, lang)),
        (None, _) => group_name(n, lang),
    }
}

// ---------------------------------------------------------------------------------------------
// FEN problems
// ---------------------------------------------------------------------------------------------

/// Every defect of `fen` as the [`FenProblem`]s of an `invalid-fen` problem. Ranks are named
/// as the FEN writes them, by their group counted from the left ("the 4th group"), and pieces
/// as a player would ("three red rooks", "ba Xe Đỏ", "三个红车").
pub fn fen_problems(fen: &str, e: &FenError) -> Vec<FenProblem> {
    match e {
        FenError::Parse(p) => vec![FenProblem {
            kind: p.kind().to_owned(),
            message: Wording::new(|l| fen_parse(fen, p, l)),
        }],
        FenError::Setup(s) => s
            .problems
            .iter()
            .map(|p| FenProblem {
                kind: p.kind().to_owned(),
                message: Wording::new(|l| fen_setup(p, l)),
            })
            .collect(),
    }
}

fn fen_parse(fen: &str, e: &ParseFenError, lang: Lang) -> String {
    use Lang::{En, Vi, Zh};
    match (e, lang) {
        (ParseFenError::Empty, En) => "the FEN is empty".to_owned(),
        (ParseFenError::Empty, Vi) => "FEN để trống".to_owned(),
        (ParseFenError::Empty, Zh) => "FEN为空".to_owned(),
        (ParseFenError::WrongRankCount { found }, En) => format!(
            "the board has {found} groups separated by '/', expected 10: one per rank, \
             Black's back rank first"
        ),
        (ParseFenError::WrongRankCount { found }, Vi) => format!(
            "bàn cờ có {found} nhóm ngăn cách bởi '/', cần 10: mỗi hàng ngang một nhóm, \
             bắt đầu từ hàng cuối của bên Đen"
        ),
        (ParseFenError::WrongRankCount { found }, Zh) => {
            format!("棋盘部分有{found}组（以'/'分隔），应为10组：每条横线一组，从黑方底线写起")
        }
        (ParseFenError::InvalidChar { rank, ch, .. }, l) => {
            let g = group_name(group_of_rank(*rank), l);
            match l {
                En => format!(
                    "{g} has {ch:?}, which is neither a piece letter (K A B N R C P, lower \
                     case for Black) nor a number of empty points (1 to 9)"
                ),
                Vi => format!(
                    "{g} có {ch:?}: đó không phải chữ chỉ quân (K A B N R C P, chữ thường cho \
                     bên Đen) cũng không phải số điểm trống (1 đến 9)"
                ),
                Zh => format!(
                    "{g}含有{ch:?}，既不是棋子字母（K A B N R C P，黑方用小写），\
                     也不是空位数（1至9）"
                ),
            }
        }
        (ParseFenError::RankTooLong { rank }, l) => {
            let g = group(fen, group_of_rank(*rank), l);
            match l {
                En => format!("{g} covers more than 9 points"),
                Vi => format!("{g} chiếm hơn 9 điểm"),
                Zh => format!("{g}超过9个点"),
            }
        }
        (ParseFenError::RankTooShort { rank, files }, l) => {
            let g = group(fen, group_of_rank(*rank), l);
            match l {
                En => format!("{g} covers {files} points, expected 9"),
                Vi => format!("{g} chỉ chiếm {files} điểm, cần 9"),
                Zh => format!("{g}只有{files}个点，应为9个"),
            }
        }
        (ParseFenError::MissingTurn, En) => {
            "the side to move is missing: write 'w' (Red) or 'b' (Black) after the board".to_owned()
        }
        (ParseFenError::MissingTurn, Vi) => {
            "thiếu bên đi: ghi 'w' (Đỏ) hoặc 'b' (Đen) sau phần bàn cờ".to_owned()
        }
        (ParseFenError::MissingTurn, Zh) => {
            "缺少走棋方：在棋盘部分之后写'w'（红方）或'b'（黑方）".to_owned()
        }
        (ParseFenError::InvalidTurn { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                En => format!("the side to move {found:?} is neither 'w' (Red) nor 'b' (Black)"),
                Vi => format!("bên đi {found:?} không phải 'w' (Đỏ) cũng không phải 'b' (Đen)"),
                Zh => format!("走棋方{found:?}既不是'w'（红方）也不是'b'（黑方）"),
            }
        }
        (other, En) => other.to_string(),
        (ParseFenError::InvalidHalfmoves { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                Vi => format!("số lượt không ăn quân {found:?} không phải là số"),
                _ => format!("半回合计数{found:?}不是数字"),
            }
        }
        (ParseFenError::InvalidFullmoves { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                Vi => format!("số nước {found:?} không phải là số dương"),
                _ => format!("回合数{found:?}不是正整数"),
            }
        }
        (ParseFenError::TrailingText { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                Vi => format!("thừa {found:?} ở cuối FEN"),
                _ => format!("FEN末尾有多余的{found:?}"),
            }
        }
    }
}

fn fen_setup(p: &SetupProblem, lang: Lang) -> String {
    use Lang::{En, Vi, Zh};
    // "the red advisor on d1 (the 9th group)", "Sĩ Đỏ ở d1 (nhóm thứ 9)", "d1（第9组）的红仕".
    let piece = |color: Color, role: Role, square: &Square| {
        let g = group_name(group_of_rank(square.rank()), lang);
        let name = piece_name(color, role, lang);
        match lang {
            En => format!("the {name} on {square} ({g})"),
            Vi => format!("{name} ở {square} ({g})"),
            Zh => format!("{square}（{g}）的{name}"),
        }
    };
    match (p, lang) {
        (SetupProblem::MissingKing { color }, En) => {
            format!("{} has no king", side_subject(*color, En))
        }
        (SetupProblem::MissingKing { color }, Vi) => {
            format!("{} không có Tướng", side_subject(*color, Vi))
        }
        (SetupProblem::MissingKing { color }, Zh) => {
            format!(
                "{}没有{}",
                side_subject(*color, Zh),
                role_zh(*color, Role::King)
            )
        }
        (SetupProblem::TooManyPieces { color, role, count }, l) => {
            let max = role.max_count();
            match l {
                En => format!(
                    "{} {color} {}: at most {} {} allowed",
                    number(*count, En),
                    plural(*role, *count),
                    number(max, En),
                    if max == 1 { "is" } else { "are" }
                ),
                Vi => format!(
                    "{} {}: mỗi bên chỉ được có {} {}",
                    number(*count, Vi),
                    piece_name(*color, *role, Vi),
                    number(max, Vi),
                    role_vi(*role)
                ),
                Zh => format!(
                    "{}个{}：每方最多只能有{}个",
                    number(*count, Zh),
                    piece_name(*color, *role, Zh),
                    number(max, Zh)
                ),
            }
        }
        (SetupProblem::KingOutsidePalace { color, square }, l) => {
            let p = piece(*color, Role::King, square);
            match l {
                En => format!("{p} is outside its palace"),
                Vi => format!("{p} nằm ngoài cung"),
                Zh => format!("{p}在九宫之外"),
            }
        }
        (SetupProblem::AdvisorOffPoint { color, square }, l) => {
            let p = piece(*color, Role::Advisor, square);
            match l {
                En => format!("{p} is off the palace diagonals"),
                Vi => format!("{p} không nằm trên đường chéo của cung"),
                Zh => format!("{p}不在九宫斜线上"),
            }
        }
        (SetupProblem::ElephantOffPoint { color, square }, l) => {
            let p = piece(*color, Role::Elephant, square);
            match l {
                En => format!("{p} is on a point elephants cannot reach"),
                Vi => format!("{p} đứng ở điểm mà Tượng không thể tới"),
                Zh => format!("{p}位于{}走不到的点", role_zh(*color, Role::Elephant)),
            }
        }
        (SetupProblem::PawnBehindStart { color, square }, l) => {
            let p = piece(*color, Role::Pawn, square);
            match l {
                En => format!("{p} is behind its starting rank"),
                Vi => format!("{p} đứng lùi sau hàng xuất phát của Tốt"),
                Zh => format!("{p}位于其起始横线之后"),
            }
        }
        (SetupProblem::PawnOffStartingFile { color, square }, l) => {
            let p = piece(*color, Role::Pawn, square);
            match l {
                En => format!("{p} has not crossed the river but is off the starting files"),
                Vi => format!("{p} chưa qua sông nhưng không đứng trên cột xuất phát của Tốt"),
                Zh => format!(
                    "{p}尚未过河，却不在{}的起始直线上",
                    role_zh(*color, Role::Pawn)
                ),
            }
        }
        (SetupProblem::KingsFacing, En) => "the kings face each other on an open file".to_owned(),
        (SetupProblem::KingsFacing, Vi) => {
            "hai Tướng đối mặt nhau trên một cột không có quân cản".to_owned()
        }
        (SetupProblem::KingsFacing, Zh) => "将帅照面：同一直线上中间无子".to_owned(),
        (SetupProblem::OpponentInCheck { color }, l) => {
            let s = side_subject(*color, l);
            match l {
                En => format!("{s} is in check but it is not {s}'s turn"),
                Vi => format!("{s} đang bị chiếu nhưng không đến lượt {s} đi"),
                Zh => format!("{s}正被将军，但并非轮到{s}走棋"),
            }
        }
    }
}

/// "rook" or "rooks".
fn plural(role: Role, n: u8) -> String {
    if n == 1 {
        role.name().to_owned()
    } else {
        format!("{}s", role.name())
    }
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/// Why a move is illegal, from the rules core's reason.
pub fn illegal_reason(reason: IllegalMoveReason) -> Wording {
    use IllegalMoveReason as R;
    let vi = match reason {
        R::NoPiece => "không có quân nào ở điểm đi",
        R::OpponentPiece => "quân ở điểm đi không phải quân của bên đi",
        R::OwnPieceOnTarget => "điểm đến có quân của chính bên đi",
        R::NotThisWay => "quân này không đi được như vậy",
        R::OutOfPalace => "quân này không được ra khỏi cung",
        R::ElephantCrossesRiver => "Tượng không được qua sông",
        R::PawnNotAcrossRiver => {
            "Tốt chỉ được đi ngang sau khi qua sông, và không bao giờ được lùi"
        }
        R::PathBlocked => "đường đi bị quân cản",
        R::CannonNeedsOneScreen => "Pháo chỉ ăn quân khi nhảy qua đúng một ngòi",
        R::HorseLegBlocked => "Mã bị cản chân",
        R::ElephantEyeBlocked => "Tượng bị cản mắt",
        R::LeavesKingInCheck => "nước đi này để Tướng của bên đi bị chiếu",
        R::KingsFacing => "nước đi này làm hai Tướng đối mặt nhau",
        R::GameOver => "ván cờ đã kết thúc: bên đi đã bị chiếu bí hoặc hết nước đi",
    };
    let zh = match reason {
        R::NoPiece => "起点上没有棋子",
        R::OpponentPiece => "起点上的棋子不是走棋方的",
        R::OwnPieceOnTarget => "终点上是走棋方自己的棋子",
        R::NotThisWay => "该棋子不能这样走",
        R::OutOfPalace => "该棋子不能走出九宫",
        R::ElephantCrossesRiver => "相（象）不能过河",
        R::PawnNotAcrossRiver => "兵（卒）过河后才能横走，且永远不能后退",
        R::PathBlocked => "行棋路线被阻挡",
        R::CannonNeedsOneScreen => "炮吃子必须隔一个子（炮架）",
        R::HorseLegBlocked => "马被蹩腿",
        R::ElephantEyeBlocked => "相（象）眼被塞",
        R::LeavesKingInCheck => "此着使走棋方的将（帅）被将军",
        R::KingsFacing => "此着造成将帅照面",
        R::GameOver => "对局已结束：走棋方已被将死或困毙",
    };
    Wording::new(|lang| match lang {
        Lang::En => reason.to_string(),
        Lang::Vi => vi.to_owned(),
        Lang::Zh => zh.to_owned(),
    })
}

/// Why a move text cannot be read, without the move (the problem's frame quotes it once).
/// `side` is the mover: Chinese notation writes Red's and Black's files differently.
pub fn unreadable(error: &NotationError, side: Color) -> Wording {
    let english = error.to_string();
    let quoted = format!(" move {:?}: ", error.text());
    let en = english
        .split_once(&quoted)
        .map_or(english.as_str(), |(_, message)| message);
    Wording::new(|lang| match lang {
        Lang::En => en.to_owned(),
        other => unreadable_in(error, side, other),
    })
}

fn unreadable_in(error: &NotationError, side: Color, lang: Lang) -> String {
    let vi = lang == Lang::Vi;
    match error {
        NotationError::Syntax { notation, .. } => {
            let shape = move_shape(*notation, side, lang);
            if vi {
                format!("cần {shape}")
            } else {
                format!("应为{shape}")
            }
        }
        NotationError::UnknownPiece { letter, .. } if vi => {
            format!("không có quân nào ký hiệu là {letter:?}")
        }
        NotationError::UnknownPiece { letter, .. } => format!("未知的棋子字母{letter:?}"),
        NotationError::NoSuchPiece { detail, .. } if vi => {
            format!("không có quân như vậy: {}", piece_fault(detail, lang))
        }
        NotationError::NoSuchPiece { detail, .. } => {
            format!("没有这样的棋子：{}", piece_fault(detail, lang))
        }
        NotationError::Ambiguous { detail, .. } if vi => {
            format!("chưa rõ là quân nào: {}", piece_fault(detail, lang))
        }
        NotationError::Ambiguous { detail, .. } => {
            format!("所指棋子不明确：{}", piece_fault(detail, lang))
        }
        NotationError::Impossible { detail, .. } if vi => {
            format!("không thể đi như vậy: {}", piece_fault(detail, lang))
        }
        NotationError::Impossible { detail, .. } => {
            format!("不可能的着法：{}", piece_fault(detail, lang))
        }
    }
}

/// File `n` (from the mover's right) as Chinese writes it: Red's in numerals, Black's in
/// full-width digits.
fn file_zh(side: Color, n: u8) -> String {
    const RED: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match (side, RED.get(usize::from(n))) {
        (Color::Red, Some(numeral)) if n > 0 => format!("{numeral}路"),
        _ => format!("{}路", char::from_u32(0xFF10 + u32::from(n)).unwrap_or('?')),
    }
}

/// A count of pieces: "hai" / "两个".
fn count_of(n: usize, lang: Lang) -> String {
    let n = u8::try_from(n).unwrap_or(u8::MAX);
    match lang {
        Lang::Zh => format!("{}个", number(n, lang)),
        _ => number(n, lang),
    }
}

/// Which of the pieces on a file a move text named, as the "there is none" clause says it.
fn pick_name(pick: Pick, lang: Lang) -> String {
    let vi = lang == Lang::Vi;
    match pick {
        Pick::Plain if vi => "quân nào như vậy".to_owned(),
        Pick::Plain => "这样的棋子".to_owned(),
        Pick::Front if vi => "quân trước".to_owned(),
        Pick::Front => "前面的一个".to_owned(),
        Pick::Rear if vi => "quân sau".to_owned(),
        Pick::Rear => "后面的一个".to_owned(),
        Pick::Middle if vi => "quân giữa".to_owned(),
        Pick::Middle => "中间的一个".to_owned(),
        Pick::Foremost if vi => "quân trước nhất".to_owned(),
        Pick::Foremost => "最前面的一个".to_owned(),
        Pick::Rearmost if vi => "quân sau cùng".to_owned(),
        Pick::Rearmost => "最后面的一个".to_owned(),
        Pick::Index(i) if vi => format!("quân thứ {} tính từ trước", i + 1),
        Pick::Index(i) => format!("从前数第{}个", i + 1),
        Pick::Stacked(i) if vi => format!(
            "quân thứ {} (đếm các cột có quân chồng từ phải sang, mỗi cột từ trước ra sau)",
            i + 1
        ),
        Pick::Stacked(i) => format!("第{}个（叠子各路从右数起，每路从前往后）", i + 1),
    }
}

/// How a piece was sent: "tiến 2 bước", "bình sang cột 5" / "进2步", "平到５路".
fn travel_in(side: Color, role: Role, op: Op, n: u8, lang: Lang) -> String {
    let steps = counts_steps(role, op);
    match (lang, op, steps) {
        (Lang::Vi, Op::Forward, true) => format!("tiến {n} bước"),
        (Lang::Vi, Op::Backward, true) => format!("thoái {n} bước"),
        (Lang::Vi, Op::Forward, false) => format!("tiến tới cột {n}"),
        (Lang::Vi, Op::Backward, false) => format!("thoái về cột {n}"),
        (Lang::Vi, Op::Sideways, _) => format!("bình sang cột {n}"),
        (_, Op::Forward, true) => format!("进{n}步"),
        (_, Op::Backward, true) => format!("退{n}步"),
        (_, Op::Forward, false) => format!("进到{}", file_zh(side, n)),
        (_, Op::Backward, false) => format!("退到{}", file_zh(side, n)),
        (_, Op::Sideways, _) => format!("平到{}", file_zh(side, n)),
    }
}

/// Why a piece cannot make a move on any board.
fn unreachable_in(why: Unreachable, lang: Lang) -> &'static str {
    let vi = lang == Lang::Vi;
    match why {
        Unreachable::OutOfPalace if vi => "Sĩ không bao giờ ra khỏi cung",
        Unreachable::OutOfPalace => "仕（士）不能离开九宫",
        Unreachable::AcrossTheRiver if vi => "Tượng không bao giờ qua sông",
        Unreachable::AcrossTheRiver => "相（象）不能过河",
        Unreachable::SameFile if vi => "nước bình phải sang một cột khác",
        Unreachable::SameFile => "平着必须换到另一路",
        Unreachable::OffTheBoard if vi => "quân sẽ ra ngoài bàn cờ",
        Unreachable::OffTheBoard => "会走出棋盘",
        Unreachable::Sideways if vi => "Sĩ, Tượng và Mã không bao giờ đi ngang",
        Unreachable::Sideways => "仕（士）、相（象）、马不能平走",
        Unreachable::ThatFile if vi => "quân không tới được cột đó",
        Unreachable::ThatFile => "走不到那一路",
    }
}

/// The facts of a [`PieceFault`] in Vietnamese or Chinese (English is its `Display`).
fn piece_fault(fault: &PieceFault, lang: Lang) -> String {
    let vi = lang == Lang::Vi;
    match *fault {
        PieceFault::NoneOnFile { side, role, file } if vi => format!(
            "{} không có {} ở cột {file}",
            side_subject(side, lang),
            role_vi(role)
        ),
        PieceFault::NoneOnFile { side, role, file } => format!(
            "{}{}没有{}",
            side_subject(side, lang),
            file_zh(side, file),
            role_zh(side, role)
        ),
        PieceFault::NotThatOne {
            side,
            role,
            count,
            file,
            pick,
        } => {
            let (who, pieces, none) = (
                side_subject(side, lang),
                count_of(count, lang),
                pick_name(pick, lang),
            );
            match (vi, file) {
                (true, Some(f)) => {
                    format!(
                        "{who} có {pieces} {} ở cột {f}: không có {none}",
                        role_vi(role)
                    )
                }
                (true, None) => format!(
                    "{who} có {pieces} {} trên các cột có từ hai quân trở lên: không có {none}",
                    role_vi(role)
                ),
                (false, Some(f)) => format!(
                    "{who}{}有{pieces}{}，没有{none}",
                    file_zh(side, f),
                    role_zh(side, role)
                ),
                (false, None) => format!(
                    "{who}在有两个以上同子的各路共有{pieces}{}，没有{none}",
                    role_zh(side, role)
                ),
            }
        }
        PieceFault::NoTwoOnOneFile { side, role } if vi => format!(
            "{} không có hai {} nào cùng một cột",
            side_subject(side, lang),
            role_vi(role)
        ),
        PieceFault::NoTwoOnOneFile { side, role } => format!(
            "{}没有两个{}在同一路",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        PieceFault::StackedOnSeveralFiles { side, role } if vi => format!(
            "{} có {} chồng trên nhiều cột: cần ghi cả cột",
            side_subject(side, lang),
            role_vi(role)
        ),
        PieceFault::StackedOnSeveralFiles { side, role } => format!(
            "{}有多路叠{}：须同时写明路数",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        PieceFault::SeveralOnFile {
            side,
            role,
            count,
            file,
        } if vi => format!(
            "{} {} cùng đứng ở cột {file}: cần ghi rõ quân trước hay quân sau",
            count_of(count, lang),
            piece_name(side, role, lang)
        ),
        PieceFault::SeveralOnFile {
            side,
            role,
            count,
            file,
        } => format!(
            "{}{}{}同在{}：须注明前、后",
            side_subject(side, lang),
            count_of(count, lang),
            role_zh(side, role),
            file_zh(side, file)
        ),
        PieceFault::CannotGo {
            side,
            role,
            from,
            op,
            n,
            why,
        } => {
            let (travel, why) = (
                travel_in(side, role, op, n, lang),
                unreachable_in(why, lang),
            );
            if vi {
                format!(
                    "{} ở {from} không thể {travel}: {why}",
                    piece_name(side, role, lang)
                )
            } else {
                format!(
                    "{from}的{}不能{travel}：{why}",
                    piece_name(side, role, lang)
                )
            }
        }
    }
}

/// What a move looks like in `notation`, as a syntax error says it was expected.
fn move_shape(notation: Notation, side: Color, lang: Lang) -> &'static str {
    let vi = lang == Lang::Vi;
    match (notation, side) {
        (Notation::Iccs, _) if vi => "hai điểm ICCS như h2e2 hoặc H2-E2 (cột a-i, hàng 0-9)",
        (Notation::Iccs, _) => "两个ICCS坐标，如h2e2或H2-E2（列a-i，行0-9）",
        (Notation::Uci, _) if vi => "hai điểm UCI như h3e3 hoặc h10g8 (cột a-i, hàng 1-10)",
        (Notation::Uci, _) => "两个UCI坐标，如h3e3或h10g8（列a-i，行1-10）",
        (Notation::Wxf, _) if vi => {
            "một nước WXF như C2=5, H8+7, R1-1 hoặc C+=5: chữ chỉ quân (K A E H R C P), cột \
             1-9 của quân hoặc dấu + hay - cho hai quân cùng cột, rồi + - = hoặc ., rồi một chữ \
             số 1-9"
        }
        (Notation::Wxf, _) => {
            "WXF着法，如C2=5、H8+7、R1-1或C+=5：棋子字母（K A E H R C P）及其所在直线1-9，\
             或前后标记+、-，然后是+、-、=或.，最后是数字1-9"
        }
        (Notation::Vn, _) if vi => {
            "một nước theo ký hiệu Việt Nam như P2-5, M8.7, X1/1 hoặc Pt-4: quân (Tg S T X P M \
             B), cột 1-9 của quân và/hoặc dấu t, s hoặc g, rồi . / hoặc -, rồi một chữ số 1-9"
        }
        (Notation::Vn, _) => {
            "越南记法着法，如P2-5、M8.7、X1/1或Pt-4：棋子（Tg S T X P M B）及其所在直线1-9\
             和/或标记t、s、g，然后是.、/或-，最后是数字1-9"
        }
        (Notation::Chinese, Color::Red) if vi => {
            "một nước của Đỏ theo ký hiệu Trung Quốc như 炮二平五, 马八进七 hoặc 前车进一: quân \
             (车 马 炮 相 仕 帅 兵) và cột của nó bằng chữ số Hán 一-九, hoặc dấu (前 中 后 一-五) \
             và quân, rồi 进, 退 hoặc 平, rồi một chữ số Hán 一-九"
        }
        (Notation::Chinese, Color::Red) => {
            "红方中文着法，如炮二平五、马八进七或前车进一：棋子（车 马 炮 相 仕 帅 兵）及其所在\
             直线（一至九），或标记（前 中 后 一至五）加棋子，然后是进、退或平，最后是一至九"
        }
        (Notation::Chinese, Color::Black) if vi => {
            "một nước của Đen theo ký hiệu Trung Quốc như 炮8平5, 马２进３ hoặc 前车进1: quân \
             (车 马 炮 象 士 将 卒) và cột của nó bằng chữ số 1-9 hoặc １-９, hoặc dấu (前 中 后 \
             1-5) và quân, rồi 进, 退 hoặc 平, rồi một chữ số 1-9"
        }
        (Notation::Chinese, Color::Black) => {
            "黑方中文着法，如炮8平5、马２进３或前车进1：棋子（车 马 炮 象 士 将 卒）及其所在\
             直线（数字1-9或１-９），或标记（前 中 后 1-5）加棋子，然后是进、退或平，最后是数字1-9"
        }
    }
}

/// A notation's label (`Notation::label`) as `lang` names it: the national notations by
/// their country, the others by their own names.
fn notation_label(label: &str, lang: Lang) -> &str {
    match (label, lang) {
        ("VN", Lang::Vi) => "Việt Nam",
        ("VN", Lang::Zh) => "越南",
        ("Chinese", Lang::Vi) => "Trung Quốc",
        ("Chinese", Lang::Zh) => "中文",
        (other, _) => other,
    }
}

/// "ply 5 (move 3, red)": where a move's problem stands in the game.
fn ply_at(ply: usize, move_number: u32, side: Color, lang: Lang) -> String {
    match lang {
        Lang::En => format!("ply {ply} (move {move_number}, {side})"),
        Lang::Vi => format!(
            "lượt {ply} (nước thứ {move_number} của {})",
            side_of(side, lang)
        ),
        Lang::Zh => format!("第{ply}步（{}第{move_number}着）", side_of(side, lang)),
    }
}

/// The detail of an `illegal-move` problem.
pub fn illegal_move(
    (ply, move_number, side): (usize, u32, Color),
    mv: &str,
    message: &Wording,
    lang: Lang,
) -> String {
    let at = ply_at(ply, move_number, side, lang);
    let message = message.get(lang);
    match lang {
        Lang::En => format!("{at}: illegal move {mv:?}: {message}"),
        Lang::Vi => format!("{at}: nước đi {mv:?} không hợp lệ: {message}"),
        Lang::Zh => format!("{at}：着法{mv:?}不合规则：{message}"),
    }
}

/// The detail of an `unparsable-move` problem; `notation` is the label of the notation the
/// move was read in, when known.
pub fn unparsable_move(
    (ply, move_number, side): (usize, u32, Color),
    mv: &str,
    notation: Option<&str>,
    message: &Wording,
    lang: Lang,
) -> String {
    let at = ply_at(ply, move_number, side, lang);
    let message = message.get(lang);
    match lang {
        Lang::En => {
            let notation = notation.map(|n| format!(" as {n}")).unwrap_or_default();
            format!("{at}: cannot read move {mv:?}{notation}: {message}")
        }
        Lang::Vi => {
            let notation = notation
                .map(|n| format!(" theo ký hiệu {}", notation_label(n, lang)))
                .unwrap_or_default();
            format!("{at}: không đọc được nước đi {mv:?}{notation}: {message}")
        }
        Lang::Zh => {
            let notation = notation
                .map(|n| format!("（按{}记法）", notation_label(n, lang)))
                .unwrap_or_default();
            format!("{at}：无法读取着法{mv:?}{notation}：{message}")
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/// "line 3, column 7 of the game record: {what}".
pub fn in_record(line: u32, column: u32, what: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("line {line}, column {column} of the game record: {what}"),
        Lang::Vi => format!("dòng {line}, cột {column} của biên bản ván cờ: {what}"),
        Lang::Zh => format!("棋谱第{line}行第{column}列：{what}"),
    }
}

/// Why a record cannot be read.
pub fn record_problem(problem: &RecordProblem) -> Wording {
    use RecordProblem as P;
    Wording::new(|lang| match (problem, lang) {
        (p, Lang::En) => p.to_string(),
        (P::Unexpected(c), Lang::Vi) => format!("ký tự '{c}' không đúng chỗ"),
        (P::Unexpected(c), _) => format!("此处不应出现'{c}'"),
        (P::NeverClosed(what), Lang::Vi) => format!(
            "{} mở ở đây không được đóng",
            match what {
                crate::records::Opened::Comment => "lời bình",
                crate::records::Opened::Variation => "nhánh biến",
                crate::records::Opened::Tag => "thẻ",
            }
        ),
        (P::NeverClosed(what), _) => format!(
            "此处开始的{}没有闭合",
            match what {
                crate::records::Opened::Comment => "注释",
                crate::records::Opened::Variation => "变着",
                crate::records::Opened::Tag => "标签",
            }
        ),
        (P::TagWithoutValue(inner), Lang::Vi) => format!("thẻ cần có tên và giá trị: [{inner}]"),
        (P::TagWithoutValue(inner), _) => format!("标签须有名称和值：[{inner}]"),
        (P::UnquotedValue(key), Lang::Vi) => {
            format!("giá trị của thẻ {key} phải nằm trong dấu ngoặc kép")
        }
        (P::UnquotedValue(key), _) => format!("标签{key}的值须放在双引号内"),
        (P::UnknownFormat(value), Lang::Vi) => {
            format!("không biết [Format \"{value}\"]: dùng ICCS, UCI, WXF, VN hoặc Chinese")
        }
        (P::UnknownFormat(value), _) => {
            format!("未知的[Format \"{value}\"]：请用ICCS、UCI、WXF、VN或Chinese")
        }
        (P::BlockNeverClosed(name), Lang::Vi) => {
            format!("khối [DhtmlXQ_{name}] không được đóng")
        }
        (P::BlockNeverClosed(name), _) => format!("[DhtmlXQ_{name}]块没有闭合"),
        (P::MoveListDigits, Lang::Vi) => {
            "danh sách nước đi DhtmlXQ phải gồm bốn chữ số cho mỗi nước".to_owned()
        }
        (P::MoveListDigits, _) => "DhtmlXQ着法列表须每着四位数字".to_owned(),
        (P::MoveFileBeyond { number, digits }, Lang::Vi) => {
            format!("nước thứ {number} ({digits}) có cột lớn hơn 8")
        }
        (P::MoveFileBeyond { number, digits }, _) => {
            format!("第{number}着（{digits}）的列号大于8")
        }
        (P::BinitLength, Lang::Vi) => {
            "binit của DhtmlXQ gồm 64 chữ số: hai chữ số cho mỗi quân trong 32 quân".to_owned()
        }
        (P::BinitLength, _) => "DhtmlXQ的binit为64位数字：32个棋子各两位".to_owned(),
        (P::BinitFileBeyond { piece, file }, Lang::Vi) => {
            format!("quân thứ {piece} đứng ở cột {file}, lớn hơn 8")
        }
        (P::BinitFileBeyond { piece, file }, _) => {
            format!("第{piece}个棋子位于第{file}列，大于8")
        }
        (P::BinitTwoPieces { file, row }, Lang::Vi) => {
            format!("có hai quân cùng ở cột {file}, hàng {row}")
        }
        (P::BinitTwoPieces { file, row }, _) => format!("第{file}列第{row}行有两个棋子"),
    })
}

/// No notation reads every move of a record; for each, the move it stops at (its text, line
/// and column).
pub fn no_notation_reads(stops: &[(Notation, String, u32, u32)]) -> Wording {
    Wording::new(|lang| {
        let each: Vec<String> = stops
            .iter()
            .map(|(notation, mv, line, column)| {
                let (label, mv) = (notation.label(), elide(mv, ECHO_CHARS));
                match lang {
                    Lang::En => format!("{label} stops at {mv:?} (line {line}, column {column})"),
                    Lang::Vi => format!("{label} dừng ở {mv:?} (dòng {line}, cột {column})"),
                    Lang::Zh => format!("{label}在{mv:?}（第{line}行第{column}列）处读不下去"),
                }
            })
            .collect();
        match lang {
            Lang::En => format!(
                "no notation reads every move as a legal move: {}",
                each.join("; ")
            ),
            Lang::Vi => format!(
                "không ký hiệu nào đọc được mọi nước thành nước đi hợp lệ: {}",
                each.join("; ")
            ),
            Lang::Zh => format!("没有一种记法能把每一着都读成合法着法：{}", each.join("；")),
        }
    })
}

/// More than one notation reads a record's moves, to different games.
pub fn several_notations_read(fits: &[Notation]) -> Wording {
    let labels: Vec<&str> = fits.iter().map(|n| n.label()).collect();
    Wording::new(|lang| match lang {
        Lang::En => format!(
            "the moves read as several games, in {}: say which with `notation` or a [Format] tag",
            labels.join(" and ")
        ),
        Lang::Vi => format!(
            "các nước đi đọc được thành nhiều ván khác nhau, theo {}: hãy chỉ rõ bằng `notation` \
             hoặc thẻ [Format]",
            labels.join(" và ")
        ),
        Lang::Zh => format!(
            "这些着法按{}可读成不同的对局：请用`notation`或[Format]标签指明",
            labels.join("和")
        ),
    })
}

// ---------------------------------------------------------------------------------------------
// Request fields
// ---------------------------------------------------------------------------------------------

/// A text field longer than allowed: `fen`, `notation`, `ruleset`, `lang`.
pub fn longer_than(field: &str, max: usize) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("{field} is longer than {max} characters"),
        Lang::Vi => format!("{field} dài hơn {max} ký tự"),
        Lang::Zh => format!("{field}超过{max}个字符"),
    })
}

/// A move text longer than allowed.
pub fn move_longer_than(ply: usize, max: usize) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("ply {ply} is longer than {max} characters"),
        Lang::Vi => format!("lượt {ply} dài hơn {max} ký tự"),
        Lang::Zh => format!("第{ply}步超过{max}个字符"),
    })
}

/// A `game` record longer than allowed.
pub fn record_longer_than(max: usize) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("the game record is longer than {max} bytes"),
        Lang::Vi => format!("biên bản ván cờ dài hơn {max} byte"),
        Lang::Zh => format!("棋谱超过{max}字节"),
    })
}

/// Both `moves` and `game` sent.
pub fn moves_and_record() -> Wording {
    Wording::new(|lang| {
        match lang {
            Lang::En => "send the moves either as `moves` or as a `game` record, not both",
            Lang::Vi => "gửi các nước đi bằng `moves` hoặc bằng biên bản `game`, không gửi cả hai",
            Lang::Zh => "着法请用`moves`或`game`棋谱二者之一发送，不能同时使用",
        }
        .to_owned()
    })
}

/// `fen` and the record's `[FEN]` disagree.
pub fn fen_and_record_differ() -> Wording {
    Wording::new(|lang| {
        match lang {
            Lang::En => "`fen` and the record's [FEN] tag name different positions",
            Lang::Vi => "`fen` và thẻ [FEN] của biên bản chỉ hai thế cờ khác nhau",
            Lang::Zh => "`fen`与棋谱[FEN]标签给出的局面不同",
        }
        .to_owned()
    })
}

/// `lang` is not a language we speak.
pub fn unknown_lang(code: &str) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("lang must be one of vi, en, zh, got {code:?}"),
        Lang::Vi => format!("lang phải là vi, en hoặc zh, nhưng nhận được {code:?}"),
        Lang::Zh => format!("lang必须是vi、en或zh之一，收到的是{code:?}"),
    })
}

/// `no_capture_limit` out of its range.
pub fn limit_out_of_range(field: &str, min: i64, max: i64, got: i64) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("{field} must be between {min} and {max} plies, got {got}"),
        Lang::Vi => format!("{field} phải từ {min} đến {max} lượt, nhưng nhận được {got}"),
        Lang::Zh => format!("{field}必须在{min}到{max}步之间，收到的是{got}"),
    })
}

/// A record file that is not UTF-8 (the CLI reads files as bytes).
pub fn record_not_utf8(byte: usize) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!(
            "the record is not UTF-8 text (byte {byte}); convert it first, e.g. `iconv -f GBK -t UTF-8`"
        ),
        Lang::Vi => format!(
            "biên bản không phải văn bản UTF-8 (byte {byte}); hãy chuyển mã trước, ví dụ \
             `iconv -f GBK -t UTF-8`"
        ),
        Lang::Zh => {
            format!("棋谱不是UTF-8文本（第{byte}字节）；请先转换编码，例如`iconv -f GBK -t UTF-8`")
        }
    })
}

/// The detail of an `unknown-field` problem: the field, how many more, and the hint.
pub fn unknown_field(
    field: &str,
    suggestion: Option<&str>,
    others: usize,
    known: &[String],
    lang: Lang,
) -> String {
    match lang {
        Lang::En => {
            let hint = match suggestion {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the known fields are `{}`.", known.join("`, `")),
            };
            let more = match others {
                0 => String::new(),
                1 => " (and 1 more unknown field)".to_owned(),
                n => format!(" (and {n} more unknown fields)"),
            };
            format!(
                "unknown field `{field}`{more}: {hint} Send \"strict\": false to ignore unknown fields."
            )
        }
        Lang::Vi => {
            let hint = match suggestion {
                Some(s) => format!("có phải ý bạn là `{s}`?"),
                None => format!("các trường hợp lệ là `{}`.", known.join("`, `")),
            };
            let more = match others {
                0 => String::new(),
                n => format!(" (và {n} trường lạ khác)"),
            };
            format!(
                "không có trường `{field}`{more}: {hint} Gửi \"strict\": false để bỏ qua các \
                 trường lạ."
            )
        }
        Lang::Zh => {
            let hint = match suggestion {
                Some(s) => format!("是否想写`{s}`？"),
                None => format!("可用的字段为`{}`。", known.join("`、`")),
            };
            let more = match others {
                0 => String::new(),
                n => format!("（另有{n}个未知字段）"),
            };
            format!("未知字段`{field}`{more}：{hint}发送\"strict\": false可忽略未知字段。")
        }
    }
}

/// The detail of an `invalid-fen` problem: every defect, in `lang`.
pub fn invalid_fen(problems: &[FenProblem], lang: Lang) -> String {
    let all: Vec<&str> = problems.iter().map(|p| p.message.get(lang)).collect();
    match lang {
        Lang::En => format!("invalid FEN: {}", all.join("; ")),
        Lang::Vi => format!("FEN không hợp lệ: {}", all.join("; ")),
        Lang::Zh => format!("FEN无效：{}", all.join("；")),
    }
}

// ---------------------------------------------------------------------------------------------
// Limits and the service's own problems
// ---------------------------------------------------------------------------------------------

/// Too many moves (`what` = moves) or games in a batch.
pub fn too_many(count: usize, limit: usize, games: bool, lang: Lang) -> String {
    match (lang, games) {
        (Lang::En, false) => format!("{count} moves, limit {limit}"),
        (Lang::En, true) => format!("{count} games, limit {limit}"),
        (Lang::Vi, false) => format!("{count} nước đi, vượt giới hạn {limit}"),
        (Lang::Vi, true) => format!("{count} ván, vượt giới hạn {limit}"),
        (Lang::Zh, false) => format!("{count}步着法，超过上限{limit}"),
        (Lang::Zh, true) => format!("{count}局，超过上限{limit}"),
    }
}

/// The body is larger than the limit.
pub fn payload_too_large(limit: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("request body larger than {limit} bytes"),
        Lang::Vi => format!("nội dung yêu cầu lớn hơn {limit} byte"),
        Lang::Zh => format!("请求体超过{limit}字节"),
    }
}

/// No route for the path.
pub fn not_found(path: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("no route for {path}"),
        Lang::Vi => format!("không có địa chỉ {path}"),
        Lang::Zh => format!("没有路径{path}"),
    }
}

/// The route exists, not with this method.
pub fn method_not_allowed(method: &str, path: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{method} is not allowed on {path}"),
        Lang::Vi => format!("{path} không nhận phương thức {method}"),
        Lang::Zh => format!("{path}不接受{method}方法"),
    }
}

/// The server did not answer in time.
pub fn timeout(timeout_ms: u64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("request not completed within {timeout_ms} ms"),
        Lang::Vi => format!("yêu cầu không được xử lý xong trong {timeout_ms} ms"),
        Lang::Zh => format!("请求未能在{timeout_ms}毫秒内完成"),
    }
}

/// The client did not send its body in time.
pub fn request_timeout(timeout_ms: u64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("the request body was not received within {timeout_ms} ms"),
        Lang::Vi => format!("không nhận đủ nội dung yêu cầu trong {timeout_ms} ms"),
        Lang::Zh => format!("未能在{timeout_ms}毫秒内收到完整的请求体"),
    }
}

/// Every worker is busy.
pub fn overloaded(retry_after_s: u64, lang: Lang) -> String {
    match lang {
        Lang::En => {
            format!("the server is busy with other rulings; retry in {retry_after_s} s")
        }
        Lang::Vi => {
            format!("máy chủ đang bận xử các ván khác; hãy gửi lại sau {retry_after_s} giây")
        }
        Lang::Zh => format!("服务器正忙于其他裁决，请{retry_after_s}秒后重试"),
    }
}

/// A body sent with a `Content-Encoding`.
pub fn unsupported_encoding(encoding: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "request bodies must not be encoded (Content-Encoding {encoding:?}); send plain JSON"
        ),
        Lang::Vi => format!(
            "nội dung yêu cầu không được nén hay mã hóa (Content-Encoding {encoding:?}); hãy gửi \
             JSON thường"
        ),
        Lang::Zh => format!("请求体不能压缩编码（Content-Encoding {encoding:?}），请发送普通JSON"),
    }
}

/// A name the request gives that this server does not know: a notation or a rule set.
pub fn unknown_name(notation: bool, name: &str, lang: Lang) -> String {
    match (lang, notation) {
        (Lang::En, true) => format!("unknown notation {name:?}"),
        (Lang::En, false) => format!("unknown rule set {name:?}"),
        (Lang::Vi, true) => format!("không có ký hiệu {name:?}"),
        (Lang::Vi, false) => format!("không có bộ luật {name:?}"),
        (Lang::Zh, true) => format!("未知的记法{name:?}"),
        (Lang::Zh, false) => format!("未知的规则{name:?}"),
    }
}

/// Problems without anything of their own to say: a fixed sentence each.
pub fn fixed(kind: Fixed, lang: Lang) -> &'static str {
    match (kind, lang) {
        (Fixed::UnsupportedMediaType, Lang::En) => "expected Content-Type: application/json",
        (Fixed::UnsupportedMediaType, Lang::Vi) => "cần Content-Type: application/json",
        (Fixed::UnsupportedMediaType, Lang::Zh) => "Content-Type应为application/json",
        (Fixed::NotReady, Lang::En) => "server is shutting down",
        (Fixed::NotReady, Lang::Vi) => "máy chủ đang dừng hoạt động",
        (Fixed::NotReady, Lang::Zh) => "服务器正在关闭",
        (Fixed::Cancelled, Lang::En) => "the ruling was abandoned",
        (Fixed::Cancelled, Lang::Vi) => "việc xử ván đã bị bỏ dở",
        (Fixed::Cancelled, Lang::Zh) => "裁决已中止",
        (Fixed::Internal, Lang::En) => "internal error",
        (Fixed::Internal, Lang::Vi) => "lỗi bên trong máy chủ",
        (Fixed::Internal, Lang::Zh) => "服务器内部错误",
    }
}

/// The problems [`fixed`] words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixed {
    /// 415: not JSON.
    UnsupportedMediaType,
    /// 503: shutting down.
    NotReady,
    /// The ruling was abandoned.
    Cancelled,
    /// 500: a bug.
    Internal,
}

// ---------------------------------------------------------------------------------------------
// Malformed JSON
// ---------------------------------------------------------------------------------------------

/// One fixed message in the three languages: English, Vietnamese, Chinese.
fn three(en: &str, vi: &str, zh: &str) -> Wording {
    Wording::new(|lang| {
        match lang {
            Lang::En => en,
            Lang::Vi => vi,
            Lang::Zh => zh,
        }
        .to_owned()
    })
}

/// serde_json's syntax message in plain words (what was found, what was expected there), if
/// it is one we know.
pub fn json_syntax(message: &str) -> Option<Wording> {
    Some(match message {
        "EOF while parsing a value" => three(
            "the text ends where a value was expected",
            "văn bản kết thúc ở chỗ cần một giá trị",
            "文本在应有值的地方结束",
        ),
        "EOF while parsing a list" => three(
            "the text ends inside an array: expected more items or its closing `]`",
            "văn bản kết thúc giữa một mảng: cần thêm phần tử hoặc dấu đóng `]`",
            "文本在数组中途结束：应有更多元素或闭合的`]`",
        ),
        "EOF while parsing an object" => three(
            "the text ends inside an object: expected more members or its closing `}`",
            "văn bản kết thúc giữa một đối tượng: cần thêm thành phần hoặc dấu đóng `}`",
            "文本在对象中途结束：应有更多成员或闭合的`}`",
        ),
        "EOF while parsing a string" => three(
            "the text ends inside a string: expected its closing `\"`",
            "văn bản kết thúc giữa một chuỗi: cần dấu đóng `\"`",
            "文本在字符串中途结束：应有闭合的`\"`",
        ),
        "expected `:`" => three(
            "expected `:` between a member's name and its value",
            "cần `:` giữa tên của thành phần và giá trị của nó",
            "成员名与其值之间应有`:`",
        ),
        "expected `,` or `]`" => three(
            "expected `,` before the next item of the array, or `]` to close it",
            "cần `,` trước phần tử tiếp theo của mảng, hoặc `]` để đóng mảng",
            "数组的下一个元素前应有`,`，或以`]`闭合数组",
        ),
        "expected `,` or `}`" => three(
            "expected `,` before the next member of the object, or `}` to close it",
            "cần `,` trước thành phần tiếp theo của đối tượng, hoặc `}` để đóng đối tượng",
            "对象的下一个成员前应有`,`，或以`}`闭合对象",
        ),
        "expected value" => three(
            "expected a value: an object, an array, a string in double quotes, a number, true, \
             false or null",
            "cần một giá trị: một đối tượng, một mảng, một chuỗi trong dấu ngoặc kép, một số, \
             true, false hoặc null",
            "应为一个值：对象、数组、双引号中的字符串、数字、true、false或null",
        ),
        "expected ident" => three(
            "expected true, false or null",
            "cần true, false hoặc null",
            "应为true、false或null",
        ),
        "key must be a string" => three(
            "expected a member name in double quotes",
            "cần tên thành phần trong dấu ngoặc kép",
            "应为双引号中的成员名",
        ),
        "trailing comma" => three(
            "a comma must be followed by another item or member",
            "sau dấu phẩy phải còn một phần tử hoặc thành phần nữa",
            "逗号之后必须还有元素或成员",
        ),
        "trailing characters" => three(
            "unexpected text after the end of the JSON value",
            "còn văn bản thừa sau khi giá trị JSON đã kết thúc",
            "JSON值结束后还有多余的文本",
        ),
        "invalid escape" => three(
            "a backslash in a string must start an escape such as \\n or \\\"",
            "dấu gạch chéo ngược trong chuỗi phải mở đầu một chuỗi thoát như \\n hoặc \\\"",
            "字符串中的反斜杠必须构成转义，如\\n或\\\"",
        ),
        "invalid number" | "number out of range" => three(
            "expected a number JSON can write",
            "cần một số mà JSON viết được",
            "应为JSON能表示的数字",
        ),
        "recursion limit exceeded" => three(
            "the value is nested more than 128 levels deep",
            "giá trị lồng nhau sâu hơn 128 cấp",
            "值的嵌套超过128层",
        ),
        "control character (\\u0000-\\u001F) found while parsing a string" => three(
            "a control character (such as a line break or a tab) inside a string must be \
             escaped (\\n, \\t)",
            "ký tự điều khiển (như xuống dòng hay tab) trong chuỗi phải được viết thoát \
             (\\n, \\t)",
            "字符串中的控制字符（如换行或制表符）必须转义（\\n、\\t）",
        ),
        "invalid unicode code point"
        | "lone leading surrogate in hex escape"
        | "unexpected end of hex escape" => three(
            "a \\u escape in a string is not a valid character",
            "một chuỗi thoát \\u trong chuỗi không phải là ký tự hợp lệ",
            "字符串中的\\u转义不是合法字符",
        ),
        _ => return None,
    })
}

/// Text the parser said that we have no words of our own for: the same in every language.
pub fn verbatim(text: String) -> Wording {
    Wording::new(|_| text.clone())
}

/// " (line 3, column 7)": where in the body, when the whole body was read.
fn json_at(at: Option<(usize, usize)>, lang: Lang) -> String {
    match (at, lang) {
        (None, _) => String::new(),
        (Some((l, c)), Lang::En) => format!(" (line {l}, column {c})"),
        (Some((l, c)), Lang::Vi) => format!(" (dòng {l}, cột {c})"),
        (Some((l, c)), Lang::Zh) => format!("（第{l}行第{c}列）"),
    }
}

/// The body is empty.
pub fn json_empty() -> Wording {
    three(
        "the body is empty: expected a JSON object",
        "nội dung yêu cầu trống: cần một đối tượng JSON",
        "请求体为空：应为JSON对象",
    )
}

/// The text is not JSON: `what` (if known) and where (when the whole body was read).
pub fn json_invalid(what: Option<&Wording>, at: Option<(usize, usize)>) -> Wording {
    Wording::new(|lang| {
        let what = what.map(|w| w.get(lang));
        let at = json_at(at, lang);
        match (lang, what, at.is_empty()) {
            (Lang::En, Some(w), false) => format!("the body is not valid JSON: {w}{at}"),
            (Lang::En, Some(w), true) => format!("not valid JSON: {w}"),
            (Lang::En, None, _) => "not valid JSON".to_owned(),
            (Lang::Vi, Some(w), false) => {
                format!("nội dung yêu cầu không phải JSON hợp lệ: {w}{at}")
            }
            (Lang::Vi, Some(w), true) => format!("không phải JSON hợp lệ: {w}"),
            (Lang::Vi, None, _) => "không phải JSON hợp lệ".to_owned(),
            (Lang::Zh, Some(w), false) => format!("请求体不是合法的JSON：{w}{at}"),
            (Lang::Zh, Some(w), true) => format!("不是合法的JSON：{w}"),
            (Lang::Zh, None, _) => "不是合法的JSON".to_owned(),
        }
    })
}

/// JSON text that is not UTF-8, from its byte `byte` (1-based).
pub fn json_not_utf8(byte: usize) -> Wording {
    json_invalid(
        Some(&Wording::new(|lang| match lang {
            Lang::En => format!("the text is not UTF-8 (byte {byte})"),
            Lang::Vi => format!("văn bản không phải UTF-8 (byte {byte})"),
            Lang::Zh => format!("文本不是UTF-8（第{byte}字节）"),
        })),
        None,
    )
}

/// A value of the right syntax and the wrong shape: the field (`None` for the body itself),
/// what is wrong, and where.
pub fn json_data(path: Option<&str>, what: &Wording, at: Option<(usize, usize)>) -> Wording {
    Wording::new(|lang| {
        let (what, at) = (what.get(lang), json_at(at, lang));
        match (lang, path) {
            (Lang::En, None) => format!("the body: {what}{at}"),
            (Lang::Vi, None) => format!("nội dung yêu cầu: {what}{at}"),
            (Lang::Zh, None) => format!("请求体：{what}{at}"),
            (Lang::Zh, Some(p)) => format!("{p}：{what}{at}"),
            (_, Some(p)) => format!("{p}: {what}{at}"),
        }
    })
}

/// A required field is missing.
pub fn json_required(field: &str) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("the field \"{field}\" is required"),
        Lang::Vi => format!("thiếu trường bắt buộc \"{field}\""),
        Lang::Zh => format!("缺少必需字段\"{field}\""),
    })
}

/// A field is sent twice.
pub fn json_twice(field: &str) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("the field \"{field}\" appears more than once"),
        Lang::Vi => format!("trường \"{field}\" xuất hiện nhiều lần"),
        Lang::Zh => format!("字段\"{field}\"出现了不止一次"),
    })
}

/// A value of the wrong type: what was expected and what came, both in JSON's words
/// ("an array", "the string \"h2e2\"").
pub fn json_expected(expected: &str, got: &str) -> Wording {
    Wording::new(|lang| {
        let (e, g) = (json_value(expected, lang), json_value(got, lang));
        match lang {
            Lang::En => format!("expected {e}, got {g}"),
            Lang::Vi => format!("cần {e}, nhưng nhận được {g}"),
            Lang::Zh => format!("应为{e}，收到的是{g}"),
        }
    })
}

/// A value serde refused without saying what it found: its words, and what was expected.
pub fn json_refused(said: &str, expected: &str) -> Wording {
    Wording::new(|lang| {
        let e = json_value(expected, lang);
        match lang {
            Lang::En => format!("{said}, expected {e}"),
            Lang::Vi => format!("{said}, cần {e}"),
            Lang::Zh => format!("{said}，应为{e}"),
        }
    })
}

/// A kind or value of JSON as the English details name it, in `lang`: "an array",
/// "a string", "the number 5", "the string \"x\"", the integer types serde names by their
/// Rust names. Names we do not know are kept.
fn json_value(name: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return name.to_owned();
    }
    let vi = lang == Lang::Vi;
    let fixed = match name {
        "an array" => Some(if vi { "một mảng" } else { "数组" }),
        "an object" => Some(if vi {
            "một đối tượng"
        } else {
            "对象"
        }),
        "a string" => Some(if vi { "một chuỗi" } else { "字符串" }),
        "a boolean" => Some(if vi {
            "true hoặc false"
        } else {
            "true或false"
        }),
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => {
            Some(if vi { "một số nguyên" } else { "整数" })
        }
        _ => None,
    };
    if let Some(f) = fixed {
        return f.to_owned();
    }
    if let Some(n) = name.strip_prefix("the number ") {
        return if vi {
            format!("số {n}")
        } else {
            format!("数字{n}")
        };
    }
    if let Some(s) = name.strip_prefix("the string ") {
        return if vi {
            format!("chuỗi {s}")
        } else {
            format!("字符串{s}")
        };
    }
    name.to_owned()
}

/// The body could not be read (the client cut it off).
pub fn body_unreadable(why: &str) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("the body could not be read: {why}"),
        Lang::Vi => format!("không đọc được nội dung yêu cầu: {why}"),
        Lang::Zh => format!("无法读取请求体：{why}"),
    })
}
