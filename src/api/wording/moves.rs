//! Moves that are illegal or cannot be read, and where they stand in the game.

use super::words::{
    ECHO_CHARS, Wording, elide, notation_label, number, piece_name, role_vi, role_zh, side_of,
    side_subject,
};
use crate::adjudication::{ByLang, Lang};
use crate::xiangqi::notation::{
    Notation, NotationError, Op, Pick, PieceFault, Unreachable, counts_steps,
};
use crate::xiangqi::{Color, IllegalMoveReason, Role};

/// Why a move is illegal, from the rules core's reason, in each language (English written
/// here like the others; the core's own `Display` is for logs).
pub fn illegal_reason(reason: IllegalMoveReason) -> Wording {
    use IllegalMoveReason as R;
    let texts = match reason {
        R::NoPiece => ByLang {
            vi: "không có quân nào ở điểm đi",
            en: "there is no piece on the from-square",
            zh: "起点上没有棋子",
        },
        R::OpponentPiece => ByLang {
            vi: "quân ở điểm đi không phải quân của bên đi",
            en: "the piece on the from-square is not the mover's",
            zh: "起点上的棋子不是走棋方的",
        },
        R::OwnPieceOnTarget => ByLang {
            vi: "điểm đến có quân của chính bên đi",
            en: "the to-square holds one of the mover's own pieces",
            zh: "终点上是走棋方自己的棋子",
        },
        R::NotThisWay => ByLang {
            vi: "quân này không đi được như vậy",
            en: "the piece cannot move that way",
            zh: "该棋子不能这样走",
        },
        R::OutOfPalace => ByLang {
            vi: "quân này không được ra khỏi cung",
            en: "the piece cannot leave the palace",
            zh: "该棋子不能走出九宫",
        },
        R::ElephantCrossesRiver => ByLang {
            vi: "Tượng không được qua sông",
            en: "an elephant cannot cross the river",
            zh: "相（象）不能过河",
        },
        R::PawnNotAcrossRiver => ByLang {
            vi: "Tốt chỉ được đi ngang sau khi qua sông, và không bao giờ được lùi",
            en: "a pawn moves sideways only after crossing the river, and never backwards",
            zh: "兵（卒）过河后才能横走，且永远不能后退",
        },
        R::PathBlocked => ByLang {
            vi: "đường đi bị quân cản",
            en: "the path is blocked",
            zh: "行棋路线被阻挡",
        },
        R::CannonNeedsOneScreen => ByLang {
            vi: "Pháo chỉ ăn quân khi nhảy qua đúng một ngòi",
            en: "a cannon captures only by jumping exactly one piece",
            zh: "炮吃子必须隔一个子（炮架）",
        },
        R::HorseLegBlocked => ByLang {
            vi: "Mã bị cản chân",
            en: "the horse's leg is blocked",
            zh: "马被蹩腿",
        },
        R::ElephantEyeBlocked => ByLang {
            vi: "Tượng bị cản mắt",
            en: "the elephant's eye is blocked",
            zh: "相（象）眼被塞",
        },
        R::LeavesKingInCheck => ByLang {
            vi: "nước đi này để Tướng của bên đi bị chiếu",
            en: "the move leaves the mover's king in check",
            zh: "此着使走棋方的将（帅）被将军",
        },
        R::KingsFacing => ByLang {
            vi: "nước đi này làm hai Tướng đối mặt nhau",
            en: "the move leaves the kings facing each other",
            zh: "此着造成将帅照面",
        },
        R::GameOver => ByLang {
            vi: "ván cờ đã kết thúc: bên đi đã bị chiếu hết hoặc hết nước đi",
            en: "the game is over: the side to move is checkmated or stalemated",
            zh: "对局已结束：走棋方已被将死或困毙",
        },
    };
    Wording::new(|lang| texts.at(lang).to_owned())
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
        PieceFault::NoneReaches { side, role, to } if vi => format!(
            "{} không có {} nào đi tới được điểm ICCS {to}",
            side_subject(side, lang),
            role_vi(role)
        ),
        PieceFault::NoneReaches { side, role, to } => format!(
            "{}没有能走到ICCS坐标{to}的{}",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        PieceFault::SeveralReach {
            side,
            role,
            to,
            count,
        } if vi => format!(
            "{} có {} {} cùng đi tới được điểm ICCS {to}",
            side_subject(side, lang),
            count_of(count, lang),
            role_vi(role)
        ),
        PieceFault::SeveralReach {
            side,
            role,
            to,
            count,
        } => format!(
            "{}有{}{}都能走到ICCS坐标{to}",
            side_subject(side, lang),
            count_of(count, lang),
            role_zh(side, role)
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
            "WXF着法，如C2=5、H8+7、R1-1或C+=5：棋子字母（K A E H R C P）及其所在路数1-9，\
             或前后标记+、-，然后是+、-、=或.，最后是数字1-9"
        }
        (Notation::Vn, _) if vi => {
            "một nước theo cách ghi Việt Nam như P2-5, M8.7, X1/1 hoặc Pt-4: quân (Tg S T X P M \
             B), cột 1-9 của quân và/hoặc dấu t, s hoặc g, rồi . / hoặc -, rồi một chữ số 1-9"
        }
        (Notation::Vn, _) => {
            "越南记谱法着法，如P2-5、M8.7、X1/1或Pt-4：棋子（Tg S T X P M B）及其所在路数1-9\
             和/或标记t、s、g，然后是.、/或-，最后是数字1-9"
        }
        (Notation::Chinese, Color::Red) if vi => {
            "một nước của Đỏ theo cách ghi Trung Quốc như 炮二平五, 马八进七 hoặc 前车进一: quân \
             (车 马 炮 相 仕 帅 兵) và cột của nó bằng chữ số Hán 一-九, hoặc dấu (前 中 后 一-五) \
             và quân, rồi 进, 退 hoặc 平, rồi một chữ số Hán 一-九"
        }
        (Notation::Chinese, Color::Red) => {
            "红方中文着法，如炮二平五、马八进七或前车进一：棋子（车 马 炮 相 仕 帅 兵）及其所在\
             直线（一至九），或标记（前 中 后 一至五）加棋子，然后是进、退或平，最后是一至九"
        }
        (Notation::Chinese, Color::Black) if vi => {
            "một nước của Đen theo cách ghi Trung Quốc như 炮8平5, 马２进３ hoặc 前车进1: quân \
             (车 马 炮 象 士 将 卒) và cột của nó bằng chữ số 1-9 hoặc １-９, hoặc dấu (前 中 后 \
             1-5) và quân, rồi 进, 退 hoặc 平, rồi một chữ số 1-9"
        }
        (Notation::San, _) if vi => {
            "một nước SAN như Che3, Hg8, Rxa10 hoặc e6: chữ chỉ quân (K A E H R C P), có thể kèm \
             cột hoặc hàng đi, có thể kèm x, rồi điểm đến (cột a-i, hàng 1-10)"
        }
        (Notation::San, _) => {
            "SAN着法，如Che3、Hg8、Rxa10或e6：棋子字母（K A E H R C P），可加出发的列或行，\
             可加x，然后是目标点（列a-i，行1-10）"
        }
        (Notation::Chinese, Color::Black) => {
            "黑方中文着法，如炮8平5、马２进３或前车进1：棋子（车 马 炮 象 士 将 卒）及其所在\
             直线（数字1-9或１-９），或标记（前 中 后 1-5）加棋子，然后是进、退或平，最后是数字1-9"
        }
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
    let mv = elide(mv, ECHO_CHARS);
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
    // A record's token may be 100 KB: never echoed whole.
    let mv = elide(mv, ECHO_CHARS);
    match lang {
        Lang::En => {
            let notation = notation.map(|n| format!(" as {n}")).unwrap_or_default();
            format!("{at}: cannot read move {mv:?}{notation}: {message}")
        }
        Lang::Vi => {
            let notation = notation
                .map(|n| format!(" theo cách ghi {}", notation_label(n, lang)))
                .unwrap_or_default();
            format!("{at}: không đọc được nước đi {mv:?}{notation}: {message}")
        }
        Lang::Zh => {
            let notation = notation
                .map(|n| format!("（按{}记谱法）", notation_label(n, lang)))
                .unwrap_or_default();
            format!("{at}：无法读取着法{mv:?}{notation}：{message}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_han(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    fn every_illegal_reason_is_worded_in_each_language() {
        for reason in IllegalMoveReason::ALL {
            let w = illegal_reason(reason);
            assert_eq!(w.get(Lang::En), reason.to_string());
            assert_ne!(w.get(Lang::Vi), w.get(Lang::En), "{reason:?}");
            assert!(has_han(w.get(Lang::Zh)), "{reason:?}");
        }
    }

    #[test]
    fn chinese_files_are_numerals_for_red_and_digits_for_black() {
        assert_eq!(file_zh(Color::Red, 3), "三路");
        assert_eq!(file_zh(Color::Black, 3), "３路");
    }
}
