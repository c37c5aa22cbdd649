//! Limits and the service's own problems: sizes, routes, time, load.

use crate::adjudication::Lang;

/// Too many moves (`what` = moves) or games in a batch.
pub fn too_many(count: usize, limit: usize, games: bool, lang: Lang) -> String {
    match (lang, games) {
        (Lang::En, false) => format!("{count} moves, limit {limit}"),
        (Lang::En, true) => format!("{count} games, limit {limit}"),
        (Lang::Vi, false) => format!("{count} lượt đi, vượt giới hạn {limit}"),
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
        (Lang::Vi, true) => format!("không có cách ghi {name:?}"),
        (Lang::Vi, false) => format!("không có bộ luật {name:?}"),
        (Lang::Zh, true) => format!("未知的记谱法{name:?}"),
        (Lang::Zh, false) => format!("未知的规则{name:?}"),
    }
}

/// Problems without anything of their own to say: a fixed sentence each.
pub fn fixed(kind: Fixed, lang: Lang) -> &'static str {
    match (kind, lang) {
        (Fixed::UnsupportedMediaType, Lang::En) => "expected Content-Type: application/json",
        (Fixed::UnsupportedMediaType, Lang::Vi) => "cần Content-Type: application/json",
        (Fixed::UnsupportedMediaType, Lang::Zh) => "Content-Type应为application/json",
        (Fixed::UnsupportedMediaTypeOrRecord, Lang::En) => {
            "expected Content-Type: application/json, or a game record as \
             application/x-chess-pgn, text/plain, application/octet-stream or application/x-xqf"
        }
        (Fixed::UnsupportedMediaTypeOrRecord, Lang::Vi) => {
            "cần Content-Type: application/json, hoặc biên bản ván cờ dạng \
             application/x-chess-pgn, text/plain, application/octet-stream hay application/x-xqf"
        }
        (Fixed::UnsupportedMediaTypeOrRecord, Lang::Zh) => {
            "Content-Type应为application/json，或以application/x-chess-pgn、text/plain、\
             application/octet-stream、application/x-xqf发送的棋谱"
        }
        (Fixed::JsonAsRecord, Lang::En) => {
            "the body is JSON, sent as a game record: send JSON as Content-Type: application/json"
        }
        (Fixed::JsonAsRecord, Lang::Vi) => {
            "nội dung là JSON nhưng được gửi như biên bản ván cờ: hãy gửi JSON với \
             Content-Type: application/json"
        }
        (Fixed::JsonAsRecord, Lang::Zh) => {
            "请求体是JSON，却作为棋谱发送：JSON请用Content-Type: application/json发送"
        }
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
    /// 415: neither JSON nor a game record (`POST /v1/adjudicate`).
    UnsupportedMediaTypeOrRecord,
    /// 415: JSON sent with a game record's media type (`fetch` sends a string body as
    /// `text/plain` unless told otherwise).
    JsonAsRecord,
    /// 503: shutting down.
    NotReady,
    /// The ruling was abandoned.
    Cancelled,
    /// 500: a bug.
    Internal,
}
