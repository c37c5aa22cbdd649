//! What every message shares: the [`Wording`] of one message in three languages, and the
//! words for sides, pieces, counts and FEN groups.

use std::fmt;

pub(super) use crate::adjudication::explain::role_vi;
use crate::adjudication::{ByLang, Lang};
/// The Chinese character of a piece: Red's and Black's differ for five of the seven.
pub(super) use crate::xiangqi::notation::chinese::piece_name as role_zh;
use crate::xiangqi::{Color, Role};

/// One message in every language the API speaks: a [`ByLang`], boxed because an error
/// carries one or two, and errors travel in every `Result` of the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording(Box<ByLang<String>>);

impl Wording {
    /// The message as `text` writes it in each language.
    pub fn new(mut text: impl FnMut(Lang) -> String) -> Self {
        Wording(Box::new(ByLang::default().map(|lang, ()| text(lang))))
    }

    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        self.0.get(lang)
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

/// Characters of a FEN kept in a problem's `fen` member: the longest a request's `fen` may be
/// (`api::request::MAX_FEN_CHARS`), so only a record's `[FEN]` tag is ever cut. A FEN is a
/// program's value there, which 40 characters would break; the detail cuts it to
/// [`ECHO_CHARS`] like every echo.
pub const FEN_ECHO_CHARS: usize = 128;

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

/// "Red" / "Đỏ" / "红方": a side as a ply's problem names it.
pub(super) fn side_of(color: Color, lang: Lang) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Red) => "Red",
        (Lang::En, Color::Black) => "Black",
        (Lang::Vi, Color::Red) => "Đỏ",
        (Lang::Vi, Color::Black) => "Đen",
        (Lang::Zh, Color::Red) => "红方",
        (Lang::Zh, Color::Black) => "黑方",
    }
}

/// "Red" / "bên Đỏ" / "红方": a side as the subject of a sentence.
pub(super) fn side_subject(color: Color, lang: Lang) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Red) => "Red",
        (Lang::En, Color::Black) => "Black",
        (Lang::Vi, Color::Red) => "bên Đỏ",
        (Lang::Vi, Color::Black) => "bên Đen",
        (Lang::Zh, c) => side_of(c, Lang::Zh),
    }
}

/// "Tốt Đỏ" / "红兵": a coloured piece.
pub(super) fn piece_name(color: Color, role: Role, lang: Lang) -> String {
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
pub(super) fn number(n: u8, lang: Lang) -> String {
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
pub(super) fn ordinal(n: usize) -> String {
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
pub(super) fn group_name(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("the {} group", ordinal(n)),
        Lang::Vi => format!("nhóm thứ {n}"),
        Lang::Zh => format!("第{n}组"),
    }
}

/// The FEN group of an ICCS rank: rank 9 (Black's back rank) is written first.
pub(super) fn group_of_rank(rank: u8) -> usize {
    10 - usize::from(rank)
}

/// "the 4th group" and, when the FEN has it, the group's own text.
pub(super) fn group(fen: &str, n: usize, lang: Lang) -> String {
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

/// A notation's label (`Notation::label`) as `lang` names it: the national notations by
/// their country, the others by their own names.
pub(super) fn notation_label(label: &str, lang: Lang) -> &str {
    match (label, lang) {
        ("VN", Lang::Vi) => "Việt Nam",
        ("VN", Lang::Zh) => "越南",
        ("Chinese", Lang::Vi) => "Trung Quốc",
        ("Chinese", Lang::Zh) => "中文",
        (other, _) => other,
    }
}
