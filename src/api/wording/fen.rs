//! FEN defects, ranks named as the FEN writes them and pieces as a player would.

use super::words::{
    ECHO_CHARS, FenProblem, Wording, elide, group, group_name, group_of_rank, number, piece_name,
    role_vi, role_zh, side_subject,
};
use crate::adjudication::Lang;
use crate::xiangqi::{Color, FenError, ParseFenError, Role, SetupProblem, Square};

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
            "the board has {found} group{} separated by '/', expected 10: one per rank, \
             Black's back rank first",
            if *found == 1 { "" } else { "s" }
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
        (ParseFenError::InvalidHalfmoves { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                En => format!("halfmove clock {found:?} is not a number"),
                Vi => format!("số lượt không ăn quân {found:?} không phải là số"),
                Zh => format!("半回合计数{found:?}不是数字"),
            }
        }
        (ParseFenError::InvalidFullmoves { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                En => format!("fullmove number {found:?} is not a positive number"),
                Vi => format!("số nước {found:?} không phải là số dương"),
                Zh => format!("回合数{found:?}不是正整数"),
            }
        }
        (ParseFenError::TrailingText { found }, l) => {
            let found = elide(found, ECHO_CHARS);
            match l {
                En => format!("unexpected text {found:?} at the end"),
                Vi => format!("thừa {found:?} ở cuối FEN"),
                Zh => format!("FEN末尾有多余的{found:?}"),
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

/// The detail of an `invalid-fen` problem: every defect, in `lang`.
pub fn invalid_fen(problems: &[FenProblem], lang: Lang) -> String {
    let all: Vec<&str> = problems.iter().map(|p| p.message.get(lang)).collect();
    match lang {
        Lang::En => format!("invalid FEN: {}", all.join("; ")),
        Lang::Vi => format!("FEN không hợp lệ: {}", all.join("; ")),
        Lang::Zh => format!("FEN无效：{}", all.join("；")),
    }
}
