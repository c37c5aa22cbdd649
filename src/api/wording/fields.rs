//! Request fields: too long, out of range, unknown, in conflict.

use super::words::Wording;
use crate::adjudication::Lang;

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

/// A number out of its range (no unit).
pub fn out_of_range(field: &str, min: i64, max: i64, got: i64) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!("{field} must be between {min} and {max}, got {got}"),
        Lang::Vi => format!("{field} phải từ {min} đến {max}, nhưng nhận được {got}"),
        Lang::Zh => format!("{field}必须在{min}到{max}之间，收到的是{got}"),
    })
}

/// Two ways of saying how strongly the computer plays, where one is allowed.
pub fn one_strength(first: &str, second: &str) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => {
            format!("give one of level, movetime_ms and nodes, not both {first} and {second}")
        }
        Lang::Vi => format!(
            "chỉ ghi một trong level, movetime_ms và nodes, không ghi cả {first} lẫn {second}"
        ),
        Lang::Zh => format!("level、movetime_ms和nodes只能给出一个，不能同时给出{first}和{second}"),
    })
}
