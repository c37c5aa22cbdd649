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
    Wording::new(|lang| unreadable_in(error, side, lang))
}

fn unreadable_in(error: &NotationError, side: Color, lang: Lang) -> String {
    use Lang::{En, Vi, Zh};
    match (error, lang) {
        (NotationError::Syntax { notation, .. }, l) => {
            let shape = move_shape(*notation, side, l);
            match l {
                En => format!("expected {shape}"),
                Vi => format!("cần {shape}"),
                Zh => format!("应为{shape}"),
            }
        }
        (NotationError::UnknownPiece { letter, .. }, En) => {
            format!("unknown piece letter {letter:?}")
        }
        (NotationError::UnknownPiece { letter, .. }, Vi) => {
            format!("không có quân nào ký hiệu là {letter:?}")
        }
        (NotationError::UnknownPiece { letter, .. }, Zh) => format!("未知的棋子字母{letter:?}"),
        (NotationError::NoSuchPiece { detail, .. }, l) => {
            let fault = piece_fault(detail, l);
            match l {
                En => format!("no such piece: {fault}"),
                Vi => format!("không có quân như vậy: {fault}"),
                Zh => format!("没有这样的棋子：{fault}"),
            }
        }
        (NotationError::Ambiguous { detail, .. }, l) => {
            let fault = piece_fault(detail, l);
            match l {
                En => format!("ambiguous: {fault}"),
                Vi => format!("chưa rõ là quân nào: {fault}"),
                Zh => format!("所指棋子不明确：{fault}"),
            }
        }
        (NotationError::Impossible { detail, .. }, l) => {
            let fault = piece_fault(detail, l);
            match l {
                En => format!("impossible: {fault}"),
                Vi => format!("không thể đi như vậy: {fault}"),
                Zh => format!("不可能的着法：{fault}"),
            }
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
    use Lang::{En, Vi, Zh};
    match (pick, lang) {
        (Pick::Plain, En) => "such piece".to_owned(),
        (Pick::Plain, Vi) => "quân nào như vậy".to_owned(),
        (Pick::Plain, Zh) => "这样的棋子".to_owned(),
        (Pick::Front, En) => "front one".to_owned(),
        (Pick::Front, Vi) => "quân trước".to_owned(),
        (Pick::Front, Zh) => "前面的一个".to_owned(),
        (Pick::Rear, En) => "rear one".to_owned(),
        (Pick::Rear, Vi) => "quân sau".to_owned(),
        (Pick::Rear, Zh) => "后面的一个".to_owned(),
        (Pick::Middle, En) => "middle one".to_owned(),
        (Pick::Middle, Vi) => "quân giữa".to_owned(),
        (Pick::Middle, Zh) => "中间的一个".to_owned(),
        (Pick::Foremost, En) => "foremost one".to_owned(),
        (Pick::Foremost, Vi) => "quân trước nhất".to_owned(),
        (Pick::Foremost, Zh) => "最前面的一个".to_owned(),
        (Pick::Rearmost, En) => "rearmost one".to_owned(),
        (Pick::Rearmost, Vi) => "quân sau cùng".to_owned(),
        (Pick::Rearmost, Zh) => "最后面的一个".to_owned(),
        (Pick::Index(i), En) => format!("number {} from the front", i + 1),
        (Pick::Index(i), Vi) => format!("quân thứ {} tính từ trước", i + 1),
        (Pick::Index(i), Zh) => format!("从前数第{}个", i + 1),
        (Pick::Stacked(i), En) => format!(
            "number {} counting the stacked files from the right, each front to back",
            i + 1
        ),
        (Pick::Stacked(i), Vi) => format!(
            "quân thứ {} (đếm các cột có quân chồng từ phải sang, mỗi cột từ trước ra sau)",
            i + 1
        ),
        (Pick::Stacked(i), Zh) => format!("第{}个（叠子各路从右数起，每路从前往后）", i + 1),
    }
}

/// How a piece was sent: "go forward 2 steps", "tiến 2 bước", "进2步", "平到５路".
fn travel_in(side: Color, role: Role, op: Op, n: u8, lang: Lang) -> String {
    let steps = counts_steps(role, op);
    match (lang, op, steps) {
        (Lang::En, _, true) if n == 1 => format!("go {} 1 step", way_en(op)),
        (Lang::En, _, true) => format!("go {} {n} steps", way_en(op)),
        (Lang::En, _, false) => format!("go {} to file {n}", way_en(op)),
        (Lang::Vi, Op::Forward, true) => format!("tiến {n} bước"),
        (Lang::Vi, Op::Backward, true) => format!("thoái {n} bước"),
        (Lang::Vi, Op::Forward, false) => format!("tiến tới cột {n}"),
        (Lang::Vi, Op::Backward, false) => format!("thoái về cột {n}"),
        (Lang::Vi, Op::Sideways, _) => format!("bình sang cột {n}"),
        (Lang::Zh, Op::Forward, true) => format!("进{n}步"),
        (Lang::Zh, Op::Backward, true) => format!("退{n}步"),
        (Lang::Zh, Op::Forward, false) => format!("进到{}", file_zh(side, n)),
        (Lang::Zh, Op::Backward, false) => format!("退到{}", file_zh(side, n)),
        (Lang::Zh, Op::Sideways, _) => format!("平到{}", file_zh(side, n)),
    }
}

/// "forward", "backward", "sideways".
fn way_en(op: Op) -> &'static str {
    match op {
        Op::Forward => "forward",
        Op::Backward => "backward",
        Op::Sideways => "sideways",
    }
}

/// Why a piece cannot make a move on any board.
fn unreachable_in(why: Unreachable, lang: Lang) -> &'static str {
    use Lang::{En, Vi, Zh};
    match (why, lang) {
        (Unreachable::OutOfPalace, En) => "an advisor never leaves the palace",
        (Unreachable::OutOfPalace, Vi) => "Sĩ không bao giờ ra khỏi cung",
        (Unreachable::OutOfPalace, Zh) => "仕（士）不能离开九宫",
        (Unreachable::AcrossTheRiver, En) => "an elephant never crosses the river",
        (Unreachable::AcrossTheRiver, Vi) => "Tượng không bao giờ qua sông",
        (Unreachable::AcrossTheRiver, Zh) => "相（象）不能过河",
        (Unreachable::SameFile, En) => "a sideways move must change file",
        (Unreachable::SameFile, Vi) => "nước bình phải sang một cột khác",
        (Unreachable::SameFile, Zh) => "平着必须换到另一路",
        (Unreachable::OffTheBoard, En) => "it would leave the board",
        (Unreachable::OffTheBoard, Vi) => "quân sẽ ra ngoài bàn cờ",
        (Unreachable::OffTheBoard, Zh) => "会走出棋盘",
        (Unreachable::Sideways, En) => "advisors, elephants and horses never move sideways",
        (Unreachable::Sideways, Vi) => "Sĩ, Tượng và Mã không bao giờ đi ngang",
        (Unreachable::Sideways, Zh) => "仕（士）、相（象）、马不能平走",
        (Unreachable::ThatFile, En) => "it cannot reach that file",
        (Unreachable::ThatFile, Vi) => "quân không tới được cột đó",
        (Unreachable::ThatFile, Zh) => "走不到那一路",
    }
}

/// The facts of a [`PieceFault`].
fn piece_fault(fault: &PieceFault, lang: Lang) -> String {
    use Lang::{En, Vi, Zh};
    match (*fault, lang) {
        (PieceFault::NoneOnFile { side, role, file }, En) => {
            format!("{} has no {} on file {file}", side.name(), role.name())
        }
        (PieceFault::NoneOnFile { side, role, file }, Vi) => format!(
            "{} không có {} ở cột {file}",
            side_subject(side, lang),
            role_vi(role)
        ),
        (PieceFault::NoneOnFile { side, role, file }, Zh) => format!(
            "{}{}没有{}",
            side_subject(side, lang),
            file_zh(side, file),
            role_zh(side, role)
        ),
        (
            PieceFault::NotThatOne {
                side,
                role,
                count,
                file,
                pick,
            },
            l,
        ) => {
            let none = pick_name(pick, l);
            match (l, file) {
                (En, Some(f)) => format!(
                    "{} has {count} {} on file {f}: there is no {none}",
                    side.name(),
                    plural_en(role, count)
                ),
                (En, None) => format!(
                    "{} has {count} {} on files holding two or more: there is no {none}",
                    side.name(),
                    plural_en(role, count)
                ),
                (Vi, Some(f)) => format!(
                    "{} có {} {} ở cột {f}: không có {none}",
                    side_subject(side, l),
                    count_of(count, l),
                    role_vi(role)
                ),
                (Vi, None) => format!(
                    "{} có {} {} trên các cột có từ hai quân trở lên: không có {none}",
                    side_subject(side, l),
                    count_of(count, l),
                    role_vi(role)
                ),
                (Zh, Some(f)) => format!(
                    "{}{}有{}{}，没有{none}",
                    side_subject(side, l),
                    file_zh(side, f),
                    count_of(count, l),
                    role_zh(side, role)
                ),
                (Zh, None) => format!(
                    "{}在有两个以上同子的各路共有{}{}，没有{none}",
                    side_subject(side, l),
                    count_of(count, l),
                    role_zh(side, role)
                ),
            }
        }
        (PieceFault::NoTwoOnOneFile { side, role }, En) => format!(
            "{} has no two {} on one file",
            side.name(),
            plural_en(role, 2)
        ),
        (PieceFault::NoTwoOnOneFile { side, role }, Vi) => format!(
            "{} không có hai {} nào cùng một cột",
            side_subject(side, lang),
            role_vi(role)
        ),
        (PieceFault::NoTwoOnOneFile { side, role }, Zh) => format!(
            "{}没有两个{}在同一路",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        (PieceFault::StackedOnSeveralFiles { side, role }, En) => format!(
            "{} has {} stacked on several files; write the file too",
            side.name(),
            plural_en(role, 2)
        ),
        (PieceFault::StackedOnSeveralFiles { side, role }, Vi) => format!(
            "{} có {} chồng trên nhiều cột: cần ghi cả cột",
            side_subject(side, lang),
            role_vi(role)
        ),
        (PieceFault::StackedOnSeveralFiles { side, role }, Zh) => format!(
            "{}有多路叠{}：须同时写明路数",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        (
            PieceFault::SeveralOnFile {
                side,
                role,
                count,
                file,
            },
            l,
        ) => match l {
            En => format!(
                "{count} {} {} stand on file {file}; mark the front or rear one",
                side.name(),
                plural_en(role, count)
            ),
            Vi => format!(
                "{} {} cùng đứng ở cột {file}: cần ghi rõ quân trước hay quân sau",
                count_of(count, l),
                piece_name(side, role, l)
            ),
            Zh => format!(
                "{}{}{}同在{}：须注明前、后",
                side_subject(side, l),
                count_of(count, l),
                role_zh(side, role),
                file_zh(side, file)
            ),
        },
        (PieceFault::NoneReaches { side, role, to }, En) => {
            format!("no {} {} can go to ICCS {to}", side.name(), role.name())
        }
        (PieceFault::NoneReaches { side, role, to }, Vi) => format!(
            "{} không có {} nào đi tới được điểm ICCS {to}",
            side_subject(side, lang),
            role_vi(role)
        ),
        (PieceFault::NoneReaches { side, role, to }, Zh) => format!(
            "{}没有能走到ICCS坐标{to}的{}",
            side_subject(side, lang),
            role_zh(side, role)
        ),
        (
            PieceFault::SeveralReach {
                side,
                role,
                to,
                count,
            },
            l,
        ) => match l {
            En => format!(
                "{count} {} {} can go to ICCS {to}",
                side.name(),
                plural_en(role, count)
            ),
            Vi => format!(
                "{} có {} {} cùng đi tới được điểm ICCS {to}",
                side_subject(side, l),
                count_of(count, l),
                role_vi(role)
            ),
            Zh => format!(
                "{}有{}{}都能走到ICCS坐标{to}",
                side_subject(side, l),
                count_of(count, l),
                role_zh(side, role)
            ),
        },
        (
            PieceFault::CannotGo {
                side,
                role,
                from,
                op,
                n,
                why,
            },
            l,
        ) => {
            let (travel, why) = (travel_in(side, role, op, n, l), unreachable_in(why, l));
            match l {
                En => format!(
                    "the {} {} on {from} cannot {travel}: {why}",
                    side.name(),
                    role.name()
                ),
                Vi => format!(
                    "{} ở {from} không thể {travel}: {why}",
                    piece_name(side, role, l)
                ),
                Zh => format!("{from}的{}不能{travel}：{why}", piece_name(side, role, l)),
            }
        }
    }
}

/// "rook" / "rooks": a role's English name, with an `s` unless `count` is 1.
fn plural_en(role: Role, count: usize) -> String {
    if count == 1 {
        role.name().to_owned()
    } else {
        format!("{}s", role.name())
    }
}

/// What a move looks like in `notation`, as a syntax error says it was expected.
fn move_shape(notation: Notation, side: Color, lang: Lang) -> &'static str {
    let vi = lang == Lang::Vi;
    match (notation, side) {
        (Notation::Iccs, _) if lang == Lang::En => {
            "two ICCS squares such as h2e2 or H2-E2 (files a-i, ranks 0-9)"
        }
        (Notation::Uci, _) if lang == Lang::En => {
            "two UCI squares such as h3e3 or h10g8 (files a-i, ranks 1-10)"
        }
        (Notation::Wxf, _) if lang == Lang::En => {
            "a WXF move such as C2=5, H8+7, R1-1 or C+=5: a piece letter (K A E H R C P), its \
             file 1-9 or a tandem marker + or -, then + - = or ., then a digit 1-9"
        }
        (Notation::Vn, _) if lang == Lang::En => {
            "a Vietnamese move such as P2-5, M8.7, X1/1 or Pt-4: a piece (Tg S T X P M B), its \
             file 1-9 and/or a marker t, s or g, then . / or -, then a digit 1-9"
        }
        (Notation::San, _) if lang == Lang::En => {
            "a SAN move such as Che3, Hg8, Rxa10 or e6: a piece letter (K A E H R C P), an \
             optional from-file or from-rank, an optional x, then the destination (files a-i, \
             ranks 1-10)"
        }
        (Notation::Chinese, Color::Red) if lang == Lang::En => {
            "a Red move in Chinese notation such as 炮二平五, 马八进七 or 前车进一: a piece \
             (车 马 炮 相 仕 帅 兵) and its file in Chinese numerals 一-九, or a marker \
             (前 中 后 一-五) and the piece, then 进 退 or 平, then a Chinese numeral 一-九"
        }
        (Notation::Chinese, Color::Black) if lang == Lang::En => {
            "a Black move in Chinese notation such as 炮8平5, 马２进３ or 前车进1: a piece \
             (车 马 炮 象 士 将 卒) and its file in digits 1-9 or １-９, or a marker \
             (前 中 后 1-5) and the piece, then 进 退 or 平, then a digit 1-9"
        }
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

    /// The API's English of a move it cannot read says what the rules core's own message
    /// says, for every kind of fault.
    #[test]
    fn english_of_an_unreadable_move_says_what_the_core_says() {
        use crate::xiangqi::Position;
        let start = Position::new();
        // Two red rooks on file 9 (a0, a5), three black pawns on file 5 (e6, e5, e4).
        let stacked: Position = "4k4/9/9/4p4/4p4/R3p4/9/9/9/R3K4 w - - 0 1"
            .parse()
            .expect("legal");
        // Red pawns stacked on files 8 and 2 (b6, b5, h6, h5), an elephant on c4.
        let pawns: Position = "3k5/9/9/1P5P1/1P5P1/2B6/9/9/9/4K4 w - - 0 1"
            .parse()
            .expect("legal");
        let cases: &[(&Position, Notation, &str)] = &[
            (&start, Notation::Wxf, "A4+3"),
            (&pawns, Notation::Chinese, "前兵进一"),
            (&pawns, Notation::Chinese, "五兵进一"),
            (&pawns, Notation::Wxf, "E7+5"),
            (&pawns, Notation::Vn, "Bg.1"),
            (&pawns, Notation::Vn, "B8g.1"),
            (&start, Notation::Iccs, "z9"),
            (&start, Notation::Uci, "h3"),
            (&start, Notation::Wxf, "Q2=5"),
            (&start, Notation::Wxf, "C3=5"),
            (&start, Notation::Wxf, "A4=5"),
            (&start, Notation::Wxf, "E3=4"),
            (&start, Notation::Wxf, "C+=5"),
            (&start, Notation::Wxf, "A6+6"),
            (&start, Notation::Vn, "X"),
            (&start, Notation::Vn, "P2.9"),
            (&start, Notation::Chinese, "炮二"),
            (&start, Notation::Chinese, "炮五平五"),
            (&start, Notation::Chinese, "马二平三"),
            (&start, Notation::Chinese, "前炮平五"),
            (&stacked, Notation::Wxf, "R9+1"),
            (&stacked, Notation::Wxf, "R=5"),
            (&stacked, Notation::Chinese, "后车退一"),
            (&stacked, Notation::Wxf, "K5=5"),
            (&start, Notation::San, "Re5"),
            (&stacked, Notation::San, "Ra3"),
            (&start, Notation::San, "Z"),
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for &(pos, notation, text) in cases {
            let Err(error) = notation.parse_move(pos, text) else {
                panic!("{notation:?} {text:?} reads");
            };
            kinds.insert(error.kind());
            let core = error.to_string();
            let (_, tail) = core
                .split_once(&format!(" move {text:?}: "))
                .expect("the core names the move");
            let words = unreadable(&error, pos.turn());
            assert_eq!(words.get(Lang::En), tail, "{notation:?} {text:?}");
            assert!(has_han(words.get(Lang::Zh)), "{notation:?} {text:?}");
        }
        assert!(kinds.len() >= 4, "{kinds:?}");
    }

    #[test]
    fn chinese_files_are_numerals_for_red_and_digits_for_black() {
        assert_eq!(file_zh(Color::Red, 3), "三路");
        assert_eq!(file_zh(Color::Black, 3), "３路");
    }
}
