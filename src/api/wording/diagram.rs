//! Query parameters (the diagram's, a record upload's), and the arrows and marks of a drawing.

use super::words::{ECHO_CHARS, Wording, elide};
use crate::adjudication::Lang;
use crate::diagram::ParseError;

/// The detail of a 400 `invalid-parameter`: the parameter named, then what is wrong with it.
pub fn invalid_parameter(parameter: &str, message: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("query parameter {parameter}: {message}"),
        Lang::Vi => format!("tham số truy vấn {parameter}: {message}"),
        Lang::Zh => format!("查询参数{parameter}：{message}"),
    }
}

/// A query parameter the route does not have.
pub fn unknown_parameter(known: &[&str]) -> Wording {
    let known = known.join(", ");
    Wording::new(|lang| match lang {
        Lang::En => format!("unknown parameter: the parameters are {known}"),
        Lang::Vi => format!("không có tham số này; các tham số hợp lệ: {known}"),
        Lang::Zh => format!("未知参数：可用参数为{known}"),
    })
}

/// A query parameter given twice.
pub fn given_twice() -> Wording {
    Wording::new(|lang| {
        match lang {
            Lang::En => "given more than once",
            Lang::Vi => "được gửi nhiều lần",
            Lang::Zh => "重复给出",
        }
        .to_owned()
    })
}

/// A value longer than allowed.
pub fn value_longer_than(max: usize) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("longer than {max} characters"),
        Lang::Vi => format!("dài hơn {max} ký tự"),
        Lang::Zh => format!("超过{max}个字符"),
    })
}

/// A boolean parameter (`flip`, `compare`) that is neither `true` nor `false`.
pub fn not_a_boolean(found: &str) -> Wording {
    let found = elide(found, ECHO_CHARS);
    Wording::new(|lang| match lang {
        Lang::En => format!("expected true or false, got {found:?}"),
        Lang::Vi => format!("phải là true hoặc false, nhưng nhận được {found:?}"),
        Lang::Zh => format!("应为true或false，收到的是{found:?}"),
    })
}

/// A value that is not an integer (`no_capture_limit=ten`).
pub fn not_an_integer(found: &str) -> Wording {
    let found = elide(found, ECHO_CHARS);
    Wording::new(|lang| match lang {
        Lang::En => format!("expected an integer, got {found:?}"),
        Lang::Vi => format!("phải là một số nguyên, nhưng nhận được {found:?}"),
        Lang::Zh => format!("应为整数，收到的是{found:?}"),
    })
}

/// A label language that is not one of ours.
pub fn not_a_label_language(found: &str) -> Wording {
    let found = elide(found, ECHO_CHARS);
    Wording::new(|lang| match lang {
        Lang::En => format!("expected vi, en or zh, got {found:?}"),
        Lang::Vi => format!("phải là vi, en hoặc zh, nhưng nhận được {found:?}"),
        Lang::Zh => format!("应为vi、en或zh之一，收到的是{found:?}"),
    })
}

/// A `ply` beyond the game.
pub fn ply_out_of_range(plies: usize, got: i64) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("must be between 0 and {plies}, the game's plies, got {got}"),
        Lang::Vi => format!("phải từ 0 đến {plies}, số lượt của ván cờ, nhưng nhận được {got}"),
        Lang::Zh => format!("应在0到{plies}（本局的步数）之间，收到的是{got}"),
    })
}

/// An arrow or a mark that cannot be read, the client's text cut to [`ECHO_CHARS`].
pub fn unreadable_drawing(e: &ParseError) -> Wording {
    let cut = |found: &str| elide(found, ECHO_CHARS);
    Wording::new(|lang| match (e, lang) {
        (ParseError::Syntax { expected, found }, Lang::En) => {
            format!("expected {expected}, got {:?}", cut(found))
        }
        (ParseError::Syntax { expected, found }, Lang::Vi) => {
            format!("phải có dạng {expected}, nhưng nhận được {:?}", cut(found))
        }
        (ParseError::Syntax { expected, found }, Lang::Zh) => {
            format!("格式应为{expected}，收到的是{:?}", cut(found))
        }
        (ParseError::Square { found }, Lang::En) => format!(
            "{:?} is not a square: expected a file a-i and a rank 0-9, such as e3",
            cut(found)
        ),
        (ParseError::Square { found }, Lang::Vi) => format!(
            "{:?} không phải là một điểm: cần cột a-i và hàng 0-9, ví dụ e3",
            cut(found)
        ),
        (ParseError::Square { found }, Lang::Zh) => {
            format!("{:?}不是棋盘上的点：应为a-i列加0-9行，例如e3", cut(found))
        }
        (ParseError::Empty { found }, Lang::En) => {
            format!(
                "the arrow {:?} starts and ends on the same square",
                cut(found)
            )
        }
        (ParseError::Empty { found }, Lang::Vi) => {
            format!(
                "mũi tên {:?} bắt đầu và kết thúc ở cùng một điểm",
                cut(found)
            )
        }
        (ParseError::Empty { found }, Lang::Zh) => {
            format!("箭头{:?}的起点与终点相同", cut(found))
        }
        (ParseError::Kind { found, known }, Lang::En) => format!(
            "unknown kind {:?}: expected one of {}",
            cut(found),
            known.join(", ")
        ),
        (ParseError::Kind { found, known }, Lang::Vi) => format!(
            "loại {:?} không có: phải là một trong {}",
            cut(found),
            known.join(", ")
        ),
        (ParseError::Kind { found, known }, Lang::Zh) => {
            format!("未知类型{:?}：应为{}之一", cut(found), known.join("、"))
        }
    })
}

/// A field of `POST /v1/diagram` named in front of its complaint, as the other request
/// fields are (`arrows: expected ...`).
pub fn field_complaint(field: &str, message: &Wording) -> Wording {
    Wording::new(|lang| format!("{field}: {}", message.get(lang)))
}
