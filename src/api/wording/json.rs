//! Bodies that are not JSON, or not the JSON a request is.

use super::words::Wording;
use crate::adjudication::{ByLang, Lang};

/// One fixed message in each language.
fn fixed(texts: ByLang<&str>) -> Wording {
    Wording::new(|lang| texts.at(lang).to_owned())
}

/// serde_json's syntax message in plain words (what was found, what was expected there), if
/// it is one we know.
pub fn json_syntax(message: &str) -> Option<Wording> {
    Some(match message {
        "EOF while parsing a value" => fixed(ByLang {
            vi: "văn bản kết thúc ở chỗ cần một giá trị",
            en: "the text ends where a value was expected",
            zh: "文本在应有值的地方结束",
        }),
        "EOF while parsing a list" => fixed(ByLang {
            vi: "văn bản kết thúc giữa một mảng: cần thêm phần tử hoặc dấu đóng `]`",
            en: "the text ends inside an array: expected more items or its closing `]`",
            zh: "文本在数组中途结束：应有更多元素或闭合的`]`",
        }),
        "EOF while parsing an object" => fixed(ByLang {
            vi: "văn bản kết thúc giữa một đối tượng: cần thêm thành phần hoặc dấu đóng `}`",
            en: "the text ends inside an object: expected more members or its closing `}`",
            zh: "文本在对象中途结束：应有更多成员或闭合的`}`",
        }),
        "EOF while parsing a string" => fixed(ByLang {
            vi: "văn bản kết thúc giữa một chuỗi: cần dấu đóng `\"`",
            en: "the text ends inside a string: expected its closing `\"`",
            zh: "文本在字符串中途结束：应有闭合的`\"`",
        }),
        "expected `:`" => fixed(ByLang {
            vi: "cần `:` giữa tên của thành phần và giá trị của nó",
            en: "expected `:` between a member's name and its value",
            zh: "成员名与其值之间应有`:`",
        }),
        "expected `,` or `]`" => fixed(ByLang {
            vi: "cần `,` trước phần tử tiếp theo của mảng, hoặc `]` để đóng mảng",
            en: "expected `,` before the next item of the array, or `]` to close it",
            zh: "数组的下一个元素前应有`,`，或以`]`闭合数组",
        }),
        "expected `,` or `}`" => fixed(ByLang {
            vi: "cần `,` trước thành phần tiếp theo của đối tượng, hoặc `}` để đóng đối tượng",
            en: "expected `,` before the next member of the object, or `}` to close it",
            zh: "对象的下一个成员前应有`,`，或以`}`闭合对象",
        }),
        "expected value" => fixed(ByLang {
            vi: "cần một giá trị: một đối tượng, một mảng, một chuỗi trong dấu ngoặc kép, một số, \
             true, false hoặc null",
            en: "expected a value: an object, an array, a string in double quotes, a number, true, \
             false or null",
            zh: "应为一个值：对象、数组、双引号中的字符串、数字、true、false或null",
        }),
        "expected ident" => fixed(ByLang {
            vi: "cần true, false hoặc null",
            en: "expected true, false or null",
            zh: "应为true、false或null",
        }),
        "key must be a string" => fixed(ByLang {
            vi: "cần tên thành phần trong dấu ngoặc kép",
            en: "expected a member name in double quotes",
            zh: "应为双引号中的成员名",
        }),
        "trailing comma" => fixed(ByLang {
            vi: "sau dấu phẩy phải còn một phần tử hoặc thành phần nữa",
            en: "a comma must be followed by another item or member",
            zh: "逗号之后必须还有元素或成员",
        }),
        "trailing characters" => fixed(ByLang {
            vi: "còn văn bản thừa sau khi giá trị JSON đã kết thúc",
            en: "unexpected text after the end of the JSON value",
            zh: "JSON值结束后还有多余的文本",
        }),
        "invalid escape" => fixed(ByLang {
            vi: "dấu gạch chéo ngược trong chuỗi phải mở đầu một chuỗi thoát như \\n hoặc \\\"",
            en: "a backslash in a string must start an escape such as \\n or \\\"",
            zh: "字符串中的反斜杠必须构成转义，如\\n或\\\"",
        }),
        "invalid number" | "number out of range" => fixed(ByLang {
            vi: "cần một số mà JSON viết được",
            en: "expected a number JSON can write",
            zh: "应为JSON能表示的数字",
        }),
        "recursion limit exceeded" => fixed(ByLang {
            vi: "giá trị lồng nhau sâu hơn 128 cấp",
            en: "the value is nested more than 128 levels deep",
            zh: "值的嵌套超过128层",
        }),
        "control character (\\u0000-\\u001F) found while parsing a string" => fixed(ByLang {
            vi: "ký tự điều khiển (như xuống dòng hay tab) trong chuỗi phải được viết thoát \
             (\\n, \\t)",
            en: "a control character (such as a line break or a tab) inside a string must be \
             escaped (\\n, \\t)",
            zh: "字符串中的控制字符（如换行或制表符）必须转义（\\n、\\t）",
        }),
        "invalid unicode code point"
        | "lone leading surrogate in hex escape"
        | "unexpected end of hex escape" => fixed(ByLang {
            vi: "một chuỗi thoát \\u trong chuỗi không phải là ký tự hợp lệ",
            en: "a \\u escape in a string is not a valid character",
            zh: "字符串中的\\u转义不是合法字符",
        }),
        _ => return None,
    })
}

/// Text the parser said that we have no words of our own for: the same in every language.
pub fn verbatim(text: String) -> Wording {
    Wording::new(|_| text.clone())
}

/// " (line 3, column 7)": where in the body, when the whole body was read (serde_json says
/// line 0 for a problem of the whole value, such as a missing field: no place to give).
fn json_at(at: Option<(usize, usize)>, lang: Lang) -> String {
    match (at.filter(|&(line, _)| line > 0), lang) {
        (None, _) => String::new(),
        (Some((l, c)), Lang::En) => format!(" (line {l}, column {c})"),
        (Some((l, c)), Lang::Vi) => format!(" (dòng {l}, cột {c})"),
        (Some((l, c)), Lang::Zh) => format!("（第{l}行第{c}列）"),
    }
}

/// The body is empty.
pub fn json_empty() -> Wording {
    fixed(ByLang {
        vi: "nội dung yêu cầu trống: cần một đối tượng JSON",
        en: "the body is empty: expected a JSON object",
        zh: "请求体为空：应为JSON对象",
    })
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

/// A body that is not UTF-8 (JSON always is), from its byte `byte` (1-based) at `line` and
/// `column`.
pub fn json_body_not_utf8(byte: usize, (line, column): (usize, usize)) -> Wording {
    Wording::new(|lang| match lang {
        Lang::En => format!(
            "the body is not UTF-8 text, as JSON must be: byte {byte} (line {line}, column \
             {column}) is not UTF-8"
        ),
        Lang::Vi => format!(
            "nội dung yêu cầu không phải văn bản UTF-8 như JSON bắt buộc: byte thứ {byte} \
             (dòng {line}, cột {column}) không phải UTF-8"
        ),
        Lang::Zh => format!(
            "请求体不是JSON所要求的UTF-8文本：第{byte}字节（第{line}行第{column}列）不是UTF-8"
        ),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// serde_json's message for `body` read as any JSON value, without its position.
    fn serde_message(body: &[u8]) -> String {
        let e = serde_json::from_slice::<serde_json::Value>(body).expect_err("malformed");
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
    }

    /// Each message the table words, provoked from a real malformed body: a serde_json that
    /// words one differently fails here, instead of falling back to its English unnoticed.
    #[test]
    fn every_known_syntax_message_comes_from_serde_json_and_is_worded_in_each_language() {
        let deep = "[".repeat(200);
        let cases: [(&[u8], &str); 16] = [
            (b" ", "EOF while parsing a value"),
            (b"[1", "EOF while parsing a list"),
            (b"{\"a\":1", "EOF while parsing an object"),
            (b"\"abc", "EOF while parsing a string"),
            (b"{\"a\" 1}", "expected `:`"),
            (b"[1 2]", "expected `,` or `]`"),
            (b"{\"a\":1 \"b\":2}", "expected `,` or `}`"),
            (b"[,]", "expected value"),
            (b"[tx]", "expected ident"),
            (b"{1:2}", "key must be a string"),
            (b"[1,]", "trailing comma"),
            (b"1 2", "trailing characters"),
            (b"\"\\q\"", "invalid escape"),
            (b"[-]", "invalid number"),
            (deep.as_bytes(), "recursion limit exceeded"),
            // A byte that is not UTF-8, inside a string.
            (b"\"\xff\"", "invalid unicode code point"),
        ];
        for (body, message) in cases {
            assert_eq!(serde_message(body), message, "{:?}", body.escape_ascii());
            let w = json_syntax(message).expect("a known message");
            assert_ne!(w.get(Lang::Vi), w.get(Lang::En), "{message}");
            assert_ne!(w.get(Lang::Zh), w.get(Lang::En), "{message}");
        }
        assert!(json_syntax("something serde says one day").is_none());
    }
}
