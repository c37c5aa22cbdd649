//! Playing against the computer: no engine, a busy or failed one, a game already over.

use crate::adjudication::Lang;

/// How to install an engine, the same in every language: commands are not translated.
pub const INSTALL_HINT: &str =
    "apt-get install fairy-stockfish, or start the service with --engine PATH";

/// No engine is configured.
pub fn engine_unavailable(lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "playing against the computer needs a UCI xiangqi engine, and this server has none: {INSTALL_HINT}"
        ),
        Lang::Vi => {
            format!("chơi với máy cần một engine cờ tướng UCI, máy chủ này chưa có: {INSTALL_HINT}")
        }
        Lang::Zh => format!("人机对弈需要UCI象棋引擎，本服务器没有：{INSTALL_HINT}"),
    }
}

/// Every engine process is busy and the queue is full.
pub fn engine_busy(retry_after_s: u64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("the computer is busy with other games; retry in {retry_after_s} s"),
        Lang::Vi => format!("máy đang bận với các ván khác; hãy gửi lại sau {retry_after_s} giây"),
        Lang::Zh => format!("电脑正忙于其他对局，请{retry_after_s}秒后重试"),
    }
}

/// The engine failed (`reason`: died, timeout, illegal_move, garbage, start) and was restarted.
pub fn engine_failed(reason: &str, lang: Lang) -> String {
    let (en, vi, zh) = match reason {
        "died" => ("the engine stopped", "engine đã dừng", "引擎已退出"),
        "timeout" => (
            "the engine did not answer in time",
            "engine không trả lời kịp",
            "引擎未能按时回应",
        ),
        "illegal_move" => (
            "the engine answered an illegal move, which was not played",
            "engine trả lời một nước đi không hợp lệ, nước đó không được đi",
            "引擎给出了不合规则的着法，未予采用",
        ),
        "garbage" => (
            "the engine answered something that is not a move",
            "engine trả lời một nội dung không phải nước đi",
            "引擎的回应不是着法",
        ),
        _ => (
            "the engine did not start",
            "engine không khởi động được",
            "引擎无法启动",
        ),
    };
    match lang {
        Lang::En => format!("{en}; it has been restarted, retry the move"),
        Lang::Vi => format!("{vi}; engine đã được khởi động lại, hãy yêu cầu lại nước đi"),
        Lang::Zh => format!("{zh}；引擎已重新启动，请重试"),
    }
}

/// The side to move has no legal move: the game is over on the board.
pub fn game_over(checkmate: bool, lang: Lang) -> String {
    match (lang, checkmate) {
        (Lang::En, true) => "the game is over: the side to move is checkmated".to_owned(),
        (Lang::En, false) => "the game is over: the side to move has no legal move".to_owned(),
        (Lang::Vi, true) => "ván cờ đã kết thúc: bên đến lượt đi đã bị chiếu hết".to_owned(),
        (Lang::Vi, false) => "ván cờ đã kết thúc: bên đến lượt đi không còn nước đi".to_owned(),
        (Lang::Zh, true) => "对局已结束：轮走方被将死".to_owned(),
        (Lang::Zh, false) => "对局已结束：轮走方无子可动（困毙）".to_owned(),
    }
}
