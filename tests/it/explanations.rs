//! The explanations word for word: one test per sentence shape, each on a
//! real ruling of a small legal position (most from tests/it/law_points.rs),
//! asserting the whole Vietnamese, English and Chinese text under both rule
//! books.
//! A change of wording changes these tests on purpose.

use xiangqi_arbiter::adjudication::{Naming, Options, Replay, RuleSet, explain_named, rule_under};
use xiangqi_arbiter::xiangqi::{Move, Position, Square};

fn iccs(text: &str) -> Move {
    let sq = |s: &str| Square::from_iccs(s).unwrap_or_else(|| panic!("bad square {s:?}"));
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

/// Rules on `moves` (ICCS) from `fen` under each book and compares the
/// whole explanation: `expected` holds (book, Vietnamese, English,
/// Chinese). Moves are named as the API names them: numbered from the
/// FEN's full-move number, in ICCS. `XA_BLESS=1` writes the texts found to
/// `target/explanations.jsonl` instead of failing.
fn check(fen: &str, moves: &str, expected: &[(RuleSet, &str, &str, &str)]) {
    let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("illegal FEN {fen}: {e:?}"));
    let played: Vec<Move> = moves.split_whitespace().map(iccs).collect();
    let replay = Replay::from_moves(start.clone(), &played).expect("legal moves");
    let naming = Naming {
        first_number: start.fullmoves(),
        sent: &[],
        moves: &played,
        notation: Default::default(),
        replay: Some(&replay),
    };
    for &(book, vi, en, zh) in expected {
        let e = explain_named(
            &rule_under(book, &replay, Options::for_ruleset(book)),
            &naming,
        );
        if std::env::var_os("XA_BLESS").is_some() {
            use std::io::Write;
            let line = serde_json::json!({
                "fen": fen, "moves": moves, "book": format!("{book:?}"),
                "vi": e.vi, "en": e.en, "zh": e.zh,
            });
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/target/explanations.jsonl"
                ))
                .expect("bless file");
            f.write_all(format!("{line}\n").as_bytes()).expect("bless");
            continue;
        }
        assert_eq!(e.vi, vi, "{book:?} vi");
        assert_eq!(e.en, en, "{book:?} en");
        assert_eq!(e.zh, zh, "{book:?} zh");
    }
}

/// No third occurrence: one sentence says so (xuất hiện, not lặp lại: three occurrences, not three repeats).
#[test]
fn no_repetition_is_said_plainly() {
    check(
        "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
        "a0a1 e9e8",
        &[
            (
                RuleSet::VN2004,
                "Chưa có thế cờ nào xuất hiện ba lần.",
                "No position has occurred three times.",
                "尚无局面出现三次。",
            ),
            (
                RuleSet::AXF,
                "Chưa có thế cờ nào xuất hiện ba lần.",
                "No position has occurred three times.",
                "尚无局面出现三次。",
            ),
        ],
    );
}

/// A mate is told by the mate alone, with no sentence about repetition first.
#[test]
fn checkmate_opens_with_the_mate() {
    check(
        "5k3/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1",
        "b0b9",
        &[
            (
                RuleSet::VN2004,
                "Bên Đen bị chiếu hết: bên Đỏ thắng (Điều 7.1.a).",
                "Black is checkmated: Red wins (Article 7.1.a).",
                "黑方被将死：红方胜（第7条第1款a项）。",
            ),
            (
                RuleSet::AXF,
                "Bên Đen bị chiếu hết: bên Đỏ thắng (Luật AXF, điều 1).",
                "Black is checkmated: Red wins (AXF rule 1).",
                "黑方被将死：红方胜（亚洲规则第1条）。",
            ),
        ],
    );
}

/// A side without a legal move loses (VN 7.1.b, AXF 2); no sentence about repetition first.
#[test]
fn stalemate_opens_with_the_stalemate() {
    check(
        "3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1",
        "a7a8",
        &[
            (
                RuleSet::VN2004,
                "Bên Đen hết nước đi: bên Đỏ thắng (Điều 7.1.b).",
                "Black has no legal move: Red wins (Article 7.1.b).",
                "黑方无着可走（困毙）：红方胜（第7条第1款b项）。",
            ),
            (
                RuleSet::AXF,
                "Bên Đen hết nước đi: bên Đỏ thắng (Luật AXF, điều 2).",
                "Black has no legal move: Red wins (AXF rule 2).",
                "黑方无着可走（困毙）：红方胜（亚洲规则第2条）。",
            ),
        ],
    );
}

/// Article 12 counts moves of both sides (nước), the plies beside them, and says who may claim.
#[test]
fn article_12_counts_moves_and_says_who_may_claim() {
    check(
        "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 98 60",
        "a0a1 e9e8 a1a0",
        &[
            (
                RuleSet::VN2004,
                "Chưa có thế cờ nào xuất hiện ba lần. Đã 50 nước (101 lượt) liên tiếp không bên nào ăn quân: đấu thủ có quyền đề nghị trọng tài xử hòa (Điều 12).",
                "No position has occurred three times. Neither side has captured for 50 moves (101 plies): a player may ask the arbiter to declare a draw (Article 12).",
                "尚无局面出现三次。双方已连续50回合（101步）未吃子：棋手有权请求裁判判和（第12条）。",
            ),
            (
                RuleSet::AXF,
                "Chưa có thế cờ nào xuất hiện ba lần.",
                "No position has occurred three times.",
                "尚无局面出现三次。",
            ),
        ],
    );
}

/// A repetition broken by a change: a position did occur three times, and the change broke it.
#[test]
fn a_broken_repetition_says_a_position_did_occur_three_times() {
    check(
        "3k5/9/9/2n6/9/9/9/9/9/R3K4 w - - 0 1",
        "a0c0 c6a7 c0a0 a7c6 a0c0 c6a7 c0a0 a7c6 a0b0",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6), nhưng bên Đỏ đã đổi nước ở nước 5 (lượt Đỏ: X9-8, a0b0), phá vỡ vòng lặp: không còn thế lặp nào phải xử.",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6), but a change of move at move 5 (Red: R9=8, a0b0) broke the repetition: no repetition stands.",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现，但第5回合红方（车九平八，a0b0）变着，打破了循环：已无重复局面可判。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6), nhưng bên Đỏ đã đổi nước ở nước 5 (lượt Đỏ: X9-8, a0b0), phá vỡ vòng lặp: không còn thế lặp nào phải xử.",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6), but a change of move at move 5 (Red: R9=8, a0b0) broke the repetition: no repetition stands.",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现，但第5回合红方（车九平八，a0b0）变着，打破了循环：已无重复局面可判。",
            ),
        ],
    );
}

/// Perpetual check (23.1): the checker must change (7.1.g).
#[test]
fn article_23_point_1_perpetual_check_must_change() {
    check(
        "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
        "i0i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9 i8i9",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ sau nước 1 (lượt Đỏ) xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X1.1, i8i9). Xe i8/i9 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Điều 23, điểm 1). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.g).",
                "The position after move 1 (Red) occurred for the third time after move 5 (Red: R1+1, i8i9). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its rook i8/i9: perpetual check (Article 23, point 1). Red must change its move, or it loses (Article 7.1.g).",
                "第1回合红方后的局面在第5回合红方（车一进一，i8i9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车i8/i9每着皆将军，属长将（第23条第1项）。红方必须变着，否则判负（第7条第1款g项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ sau nước 1 (lượt Đỏ) xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X1.1, i8i9). Xe i8/i9 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Luật AXF, điều 6). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The position after move 1 (Red) occurred for the third time after move 5 (Red: R1+1, i8i9). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its rook i8/i9: perpetual check (AXF rule 6). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "第1回合红方后的局面在第5回合红方（车一进一，i8i9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车i8/i9每着皆将军，属长将（亚洲规则第6条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// Perpetual check repeated after must-change: the loss sentence has its subject.
#[test]
fn article_23_point_1_perpetual_check_repeated_loses() {
    check(
        "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
        "i0i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ sau nước 1 (lượt Đỏ) xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X1.1, i8i9). Xe i8/i9 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Điều 23, điểm 1). Bên Đỏ không đổi nước mà lặp lại ở nước 6 (lượt Đỏ: X1/1, i9i8), nên bị xử thua (Điều 7.1.g).",
                "The position after move 1 (Red) occurred for the third time after move 5 (Red: R1+1, i8i9). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its rook i8/i9: perpetual check (Article 23, point 1). Instead of changing, Red repeated at move 6 (Red: R1-1, i9i8) and loses (Article 7.1.g).",
                "第1回合红方后的局面在第5回合红方（车一进一，i8i9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车i8/i9每着皆将军，属长将（第23条第1项）。红方不变着，第6回合红方（车一退一，i9i8）再次重复，判负（第7条第1款g项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ sau nước 1 (lượt Đỏ) xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X1.1, i8i9). Xe i8/i9 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Luật AXF, điều 6). Nếu trọng tài đã nhắc đổi nước, việc bên Đỏ lặp lại ở nước 6 (lượt Đỏ: X1/1, i9i8) bị xử thua (Luật AXF, điều 3).",
                "The position after move 1 (Red) occurred for the third time after move 5 (Red: R1+1, i8i9). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its rook i8/i9: perpetual check (AXF rule 6). If the referee had warned Red, repeating at move 6 (Red: R1-1, i9i8) loses (AXF rule 3).",
                "第1回合红方后的局面在第5回合红方（车一进一，i8i9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车i8/i9每着皆将军，属长将（亚洲规则第6条）。若裁判已警告，第6回合红方（车一退一，i9i8）仍重复，判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// Two checks against one check back: 24.4 is explained, not only cited.
#[test]
fn article_24_point_4_two_checks_one_check_back() {
    check(
        "9/4k4/9/4c4/9/3R5/9/9/3K5/4C4 b - - 0 1",
        "e6d6 d4e4 d6e6 e4d4 e6d6 d4e4 d6e6 e4d4",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X5-6, e4d4). Pháo e0 và Xe e4 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Điều 23, điểm 1). Bên Đen chỉ chiếu lại ở 1 trong 2 nước (hai chiếu, một chiếu lại): bên Đỏ vẫn là chiếu mãi (Điều 24.4). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.g).",
                "The start position occurred for the third time after move 5 (Red: R5=6, e4d4). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its cannon e0 and rook e4: perpetual check (Article 23, point 1). Black checked back on only 1 of its 2 moves (two checks, one check back): Red still checks perpetually (Article 24.4). Red must change its move, or it loses (Article 7.1.g).",
                "起始局面在第5回合红方（车五平六，e4d4）后第三次出现。循环中（自第3回合黑方至第5回合红方）红炮e0和车e4每着皆将军，属长将（第23条第1项）。黑方在2着中只有1着还将（两将一还将）：红方仍属长将（第24条第4款）。红方必须变着，否则判负（第7条第1款g项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X5-6, e4d4). Pháo e0 và Xe e4 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Luật AXF, điều 6). Bên Đen chỉ chiếu lại ở 1 trong 2 nước (hai chiếu, một chiếu lại): bên Đỏ vẫn là chiếu mãi (Luật AXF, điều 8). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 5 (Red: R5=6, e4d4). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its cannon e0 and rook e4: perpetual check (AXF rule 6). Black checked back on only 1 of its 2 moves (two checks, one check back): Red still checks perpetually (AXF rule 8). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第5回合红方（车五平六，e4d4）后第三次出现。循环中（自第3回合黑方至第5回合红方）红炮e0和车e4每着皆将军，属长将（亚洲规则第6条）。黑方在2着中只有1着还将（两将一还将）：红方仍属长将（亚洲规则第8条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// An unprotected piece chased: the chase itself decides (23.3).
#[test]
fn article_23_point_3_unprotected_piece_chased() {
    check(
        "3k5/9/9/2n6/9/9/9/9/9/R3K4 w - - 0 1",
        "a0c0 c6a7 c0a0 a7c6 a0c0 c6a7 c0a0 a7c6",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6). Xe c0/a0 bên Đỏ đuổi bắt Mã c6/a7 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6). Red chased Black's horse c6/a7 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c0/a0. Black's horse is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c0/a0每着都捉黑马c6/a7。黑马无根（无子可反吃），属长捉（第23条第3项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6). Xe c0/a0 bên Đỏ đuổi bắt Mã c6/a7 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Luật AXF, điều 23). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6). Red chased Black's horse c6/a7 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c0/a0. Black's horse is unprotected (no piece could recapture it), so this is a perpetual chase (AXF rule 23). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c0/a0每着都捉黑马c6/a7。黑马无根（无子可反吃），属长捉（亚洲规则第23条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// Two chases against one chase back: 23.5 is explained.
#[test]
fn article_23_point_5_two_chases_one_chase_back() {
    check(
        "3k5/9/9/2n6/4P4/9/9/9/9/R3K4 w - - 0 1",
        "a0c0 c6a7 c0a0 a7c6 a0c0 c6a7 c0a0 a7c6",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6). Xe c0/a0 bên Đỏ đuổi bắt Mã c6/a7 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đen chỉ bắt lại ở 1 trong 2 nước (hai bắt, một bắt lại): bên Đỏ bắt cùng một quân nên vẫn phạm luật bắt mãi (Điều 23, điểm 5). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6). Red chased Black's horse c6/a7 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c0/a0. Black's horse is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Black chased back on only 1 of its 2 moves (two chases, one chase back): Red, chasing the same piece each time, still chases perpetually (Article 23, point 5). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c0/a0每着都捉黑马c6/a7。黑马无根（无子可反吃），属长捉（第23条第3项）。黑方在2着中只有1着还捉（两捉一还捉）：红方每次捉同一子，仍属长捉（第23条第5项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a7c6). Xe c0/a0 bên Đỏ đuổi bắt Mã c6/a7 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Luật AXF, điều 23). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a7c6). Red chased Black's horse c6/a7 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c0/a0. Black's horse is unprotected (no piece could recapture it), so this is a perpetual chase (AXF rule 23). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（马１进３，a7c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c0/a0每着都捉黑马c6/a7。黑马无根（无子可反吃），属长捉（亚洲规则第23条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// A falsely protected piece (căn giả) chased: 23.6 decides.
#[test]
fn article_23_point_6_falsely_protected_piece_chased() {
    check(
        "9/4k4/4n4/2c6/9/9/4R4/6R2/9/3K5 w - - 0 1",
        "g2c2 c6g6 c2g2 g6c6 g2c2 c6g6 c2g2 g6c6",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: P7-3, g6c6). Xe c2/g2 bên Đỏ đuổi bắt Pháo c6/g6 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Pháo bên Đen chỉ có căn giả (quân bảo vệ không thể ăn lại một cách hợp lệ), nên đây là đuổi bắt mãi (Điều 23, điểm 6). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: C7=3, g6c6). Red chased Black's cannon c6/g6 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c2/g2. Black's cannon is only falsely protected (its protector could not legally recapture), so this is a perpetual chase (Article 23, point 6). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（炮７平３，g6c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c2/g2每着都捉黑炮c6/g6。黑炮只有假根（保护它的子不能合法反吃），属长捉（第23条第6项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: P7-3, g6c6). Xe c2/g2 bên Đỏ đuổi bắt Pháo c6/g6 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Pháo bên Đen chỉ có căn giả (quân bảo vệ không thể ăn lại một cách hợp lệ), nên đây là đuổi bắt mãi (Luật AXF, điều 34). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: C7=3, g6c6). Red chased Black's cannon c6/g6 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook c2/g2. Black's cannon is only falsely protected (its protector could not legally recapture), so this is a perpetual chase (AXF rule 34). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（炮７平３，g6c6）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车c2/g2每着都捉黑炮c6/g6。黑炮只有假根（保护它的子不能合法反吃），属长捉（亚洲规则第34条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// A horse chasing a truly protected rook: 23.6 decides, the protection named.
#[test]
fn article_23_point_6_horse_chasing_a_protected_rook() {
    check(
        "2n1k4/r8/9/2n6/9/2N6/9/9/9/3K5 w - - 0 1",
        "c4b6 a8a5 b6c4 a5a8 c4b6 a8a5 b6c4 a5a8",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X1/3, a5a8). Mã b6/c4 bên Đỏ đuổi bắt Xe a8/a5 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Xe bên Đen có căn thật, nhưng Mã đuổi bắt mãi Xe có căn thật cũng bị xử thua (Điều 23, điểm 6). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: R1-3, a5a8). Red chased Black's rook a8/a5 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its horse b6/c4. Black's rook is truly protected, but a horse chasing even a truly protected rook loses (Article 23, point 6). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（车１退３，a5a8）后第三次出现。循环中（自第3回合红方至第4回合黑方）红马b6/c4每着都捉黑车a8/a5。黑车虽有真根，但马长捉有根车仍判负（第23条第6项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X1/3, a5a8). Mã b6/c4 bên Đỏ đuổi bắt Xe a8/a5 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Xe bên Đen có căn thật, nhưng Mã đuổi bắt mãi Xe có căn thật cũng bị xử thua. Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: R1-3, a5a8). Red chased Black's rook a8/a5 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its horse b6/c4. Black's rook is truly protected, but a horse chasing even a truly protected rook loses. Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（车１退３，a5a8）后第三次出现。循环中（自第3回合红方至第4回合黑方）红马b6/c4每着都捉黑车a8/a5。黑车虽有真根，但马长捉有根车仍判负。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// A truly protected piece that is pinned and cannot move: 23.7 decides (a draw under AXF 38: the Asian rules do not chase it).
#[test]
fn article_23_point_7_pinned_protected_piece_chased() {
    check(
        "4k1b2/1n7/C3n4/9/9/2R6/9/9/9/4K4 w - - 0 1",
        "c4c7 b8d7 c7c4 d7b8 c4c7 b8d7 c7c4 d7b8",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M4/2, d7b8). Pháo a7 và Xe c7 bên Đỏ đuổi bắt Mã e7 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen có căn thật nhưng bị ghim, không đi được, nên vẫn coi là bắt mãi (Điều 23, điểm 7). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: H4-2, d7b8). Red chased Black's horse e7 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its cannon a7 and rook c7. Black's horse is truly protected but pinned and unable to move, so this still counts as a perpetual chase (Article 23, point 7). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（马４退２，d7b8）后第三次出现。循环中（自第3回合红方至第4回合黑方）红炮a7和车c7每着都捉黑马e7。黑马虽有真根，但被牵制不能走动，仍算长捉（第23条第7项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M4/2, d7b8). Bên Đỏ chỉ dọa một quân có căn thật bị ghim không đi được, không tính là bắt (Luật AXF, điều 38). Bên Đen cản mãi và thí quân mãi, được phép (Luật AXF, điều 40). Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: H4-2, d7b8). Red threatened only a truly protected piece that is pinned and cannot move, which is no chase (AXF rule 38). Black perpetually blocked and offered a piece, which is allowed (AXF rule 40). Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（马４退２，d7b8）后第三次出现。红方只攻击被牵制而不能走动的真根子，不算捉（亚洲规则第38条）。黑方长拦、长献，允许（亚洲规则第40条）。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// A protected horse that cannot strike back at the horse chasing it: 23.7 decides.
#[test]
fn article_23_point_7_blocked_horse_chased() {
    check(
        "2r1k4/1n3N3/2na5/9/9/9/9/9/9/3K5 w - - 0 1",
        "f8e6 c7d9 e6f8 d9c7 f8e6 c7d9 e6f8 d9c7",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M4.3, d9c7). Mã e6/f8 bên Đỏ đuổi bắt Mã c7/d9 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen có căn thật nhưng bị cản, không ăn lại được Mã đuổi nó, nên vẫn coi là bắt mãi (Điều 23, điểm 7). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: H4+3, d9c7). Red chased Black's horse c7/d9 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its horse e6/f8. Black's horse is truly protected but, its leg blocked, cannot strike back at the horse chasing it, so this still counts as a perpetual chase (Article 23, point 7). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（马４进３，d9c7）后第三次出现。循环中（自第3回合红方至第4回合黑方）红马e6/f8每着都捉黑马c7/d9。黑马虽有真根，但马腿被蹩，不能反吃捉它的马，仍算长捉（第23条第7项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M4.3, d9c7). Mã e6/f8 bên Đỏ đuổi bắt Mã c7/d9 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen có căn thật nhưng bị cản, không ăn lại được Mã đuổi nó, nên vẫn coi là bắt mãi (Luật AXF, điều 24). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: H4+3, d9c7). Red chased Black's horse c7/d9 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its horse e6/f8. Black's horse is truly protected but, its leg blocked, cannot strike back at the horse chasing it, so this still counts as a perpetual chase (AXF rule 24). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（马４进３，d9c7）后第三次出现。循环中（自第3回合红方至第4回合黑方）红马e6/f8每着都捉黑马c7/d9。黑马虽有真根，但马腿被蹩，不能反吃捉它的马，仍算长捉（亚洲规则第24条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// Exchange offers among the chasing moves: 23.8 is explained beside the deciding point.
#[test]
fn article_23_point_8_chase_mixed_with_exchange_offers() {
    check(
        "4k4/9/n8/p8/9/3N5/9/9/9/3R1K3 w - - 0 1",
        "d4b5 a7c6 b5d4 c6a7 d4b5 a7c6 b5d4 c6a7",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M3/1, c6a7). Mã b5/d4 bên Đỏ đuổi bắt Mã a7/c6 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Có nước bắt của bên Đỏ đồng thời là đòi đổi quân: vẫn coi là bắt mãi (Điều 23, điểm 8). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: H3-1, c6a7). Red chased Black's horse a7/c6 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its horse b5/d4. Black's horse is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Some of Red's chasing moves also offered an exchange: still a perpetual chase (Article 23, point 8). Red must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（马３退１，c6a7）后第三次出现。循环中（自第3回合红方至第4回合黑方）红马b5/d4每着都捉黑马a7/c6。黑马无根（无子可反吃），属长捉（第23条第3项）。红方的捉子着法中有的同时是兑子：仍属长捉（第23条第8项）。红方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M3/1, c6a7). Bên Đỏ có nước bắt một quân, có nước chỉ đòi đổi quân, không tính là bắt mãi (Luật AXF, điều 36). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: H3-1, c6a7). Red chased a piece on some of its moves and only offered an exchange on the others, which is no perpetual chase (AXF rule 36). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（马３退１，c6a7）后第三次出现。红方对一子部分着法捉、其余着法只是兑子，不算长捉（亚洲规则第36条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// 23.2 named as it happened: một chiếu một bắt.
#[test]
fn article_23_point_2_one_check_one_chase() {
    check(
        "4k4/9/9/9/R1c6/9/9/9/9/3K5 w - - 0 1",
        "a5a9 e9e8 a9a5 e8e9 a5a9 e9e8 a9a5 e8e9",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg5/1, e8e9). Bên Đỏ xen kẽ nước chiếu với nước bắt (một chiếu một bắt), được phép (Điều 23, điểm 2). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: K5-1, e8e9). Red alternated checks with chases (one check, one chase), which is allowed (Article 23, point 2). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（将５退１，e8e9）后第三次出现。红方将军与捉子交替（一将一捉），允许（第23条第2项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg5/1, e8e9). Bên Đỏ xen kẽ nước chiếu với nước bắt (một chiếu một bắt), được phép (Luật AXF, điều 12). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: K5-1, e8e9). Red alternated checks with chases (one check, one chase), which is allowed (AXF rule 12). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（将５退１，e8e9）后第三次出现。红方将军与捉子交替（一将一捉），允许（亚洲规则第12条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// 23.2 named as it happened: một chiếu một dừng.
#[test]
fn article_23_point_2_one_check_one_idle_move() {
    check(
        "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1",
        "a5a9 e9e8 a9a5 e8e9 a5a9 e9e8 a9a5 e8e9",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg5/1, e8e9). Bên Đỏ xen kẽ nước chiếu với nước chờ (một chiếu một dừng), được phép (Điều 23, điểm 2). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: K5-1, e8e9). Red alternated checks with idle moves (one check, one idle move), which is allowed (Article 23, point 2). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（将５退１，e8e9）后第三次出现。红方将军与闲着交替（一将一闲），允许（第23条第2项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg5/1, e8e9). Bên Đỏ xen kẽ nước chiếu với nước chờ (một chiếu một dừng), được phép (Luật AXF, điều 12). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: K5-1, e8e9). Red alternated checks with idle moves (one check, one idle move), which is allowed (AXF rule 12). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（将５退１，e8e9）后第三次出现。红方将军与闲着交替（一将一闲），允许（亚洲规则第12条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// 23.10 names the kind that happened: dọa mãi chiếu rút bắt quân (a chase under the AXF).
#[test]
fn article_23_point_10_discovered_check_capture_threat() {
    check(
        "r3k4/9/9/9/2p1C4/2nN5/9/9/9/3KR4 w - - 0 1",
        "e5e4 c4a5 e4e5 a5c4 e5e4 c4a5 e4e5 a5c4",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a5c4). Bên Đỏ dọa mãi chiếu rút bắt quân, được phép (Điều 23, điểm 10). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a5c4). Red perpetually threatened to win a piece by a discovered check, which is allowed (Article 23, point 10). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（马１进３，a5c4）后第三次出现。红方长抽（以闪将抽子相威胁），允许（第23条第10项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M1.3, a5c4). Pháo e4/e5 bên Đỏ đuổi bắt Mã c4/a5 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Mã bên Đen chỉ có căn giả (quân bảo vệ không thể ăn lại một cách hợp lệ), nên đây là đuổi bắt mãi (Luật AXF, điều 34). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: H1+3, a5c4). Red chased Black's horse c4/a5 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its cannon e4/e5. Black's horse is only falsely protected (its protector could not legally recapture), so this is a perpetual chase (AXF rule 34). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（马１进３，a5c4）后第三次出现。循环中（自第3回合红方至第4回合黑方）红炮e4/e5每着都捉黑马c4/a5。黑马只有假根（保护它的子不能合法反吃），属长捉（亚洲规则第34条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// One piece chasing two pieces in turn (23.4).
#[test]
fn article_23_point_4_chases_in_turn() {
    check(
        "4k4/9/n1c6/9/9/9/9/9/9/2RK5 w - - 0 1",
        "c0a0 e9f9 a0c0 f9e9 c0a0 e9f9 a0c0 f9e9",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg6-5, f9e9). Bên Đỏ lần lượt đuổi bắt nhiều quân khác nhau, được phép (Điều 23, điểm 4). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: K6=5, f9e9). Red chased different pieces in turn, which is allowed (Article 23, point 4). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（将６平５，f9e9）后第三次出现。红方轮流捉不同的子，允许（第23条第4项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg6-5, f9e9). Bên Đỏ lần lượt đuổi bắt nhiều quân khác nhau, được phép (Luật AXF, điều 32). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: K6=5, f9e9). Red chased different pieces in turn, which is allowed (AXF rule 32). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（将６平５，f9e9）后第三次出现。红方轮流捉不同的子，允许（亚洲规则第32条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// A king chasing (23.9): the chaser is named.
#[test]
fn article_23_point_9_king_chasing() {
    check(
        "5k3/9/9/9/9/9/9/4K4/3p5/9 w - - 0 1",
        "e2d2 d1e1 d2e2 e1d1 e2d2 d1e1 d2e2 e1d1",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: B5-4, e1d1). Bên Đỏ đuổi bắt Tốt d1/e1 bên Đen bằng Tướng d2/e2, được phép (Điều 23, điểm 9). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: P5=4, e1d1). Red chased Black's pawn d1/e1 with its king d2/e2, which is allowed (Article 23, point 9). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（卒５平４，e1d1）后第三次出现。红方以帅d2/e2捉黑方卒d1/e1，允许（第23条第9项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: B5-4, e1d1). Bên Đỏ đuổi bắt Tốt d1/e1 bên Đen bằng Tướng d2/e2, được phép (Luật AXF, điều 28). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: P5=4, e1d1). Red chased Black's pawn d1/e1 with its king d2/e2, which is allowed (AXF rule 28). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（卒５平４，e1d1）后第三次出现。红方以帅d2/e2捉黑方卒d1/e1，允许（亚洲规则第28条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// A pawn chasing with a rook (23.9): the helper is named.
#[test]
fn article_23_point_9_pawn_with_a_rook_names_the_helper() {
    check(
        "4k4/9/1P1n5/9/9/9/9/2R6/9/3K5 w - - 0 1",
        "b7c7 d7c9 c7b7 c9d7 b7c7 d7c9 c7b7 c9d7",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M3.4, c9d7). Bên Đỏ đuổi bắt Mã d7/c9 bên Đen bằng Tốt c7 và Xe c2, được phép (Điều 23, điểm 9). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: H3+4, c9d7). Red chased Black's horse d7/c9 with its pawn c7 and rook c2, which is allowed (Article 23, point 9). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（马３进４，c9d7）后第三次出现。红方以兵c7和车c2捉黑方马d7/c9，允许（第23条第9项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: M3.4, c9d7). Bên Đỏ đuổi bắt Mã d7/c9 bên Đen bằng Tốt c7 và Xe c2, được phép (Luật AXF, điều 29). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: H3+4, c9d7). Red chased Black's horse d7/c9 with its pawn c7 and rook c2, which is allowed (AXF rule 29). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（马３进４，c9d7）后第三次出现。红方以兵c7和车c2捉黑方马d7/c9，允许（亚洲规则第29条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// 23.10 names the kinds that happened: sacrifice and exchange offer.
#[test]
fn article_23_point_10_exchange_offers() {
    check(
        "3k5/9/1r7/9/9/9/9/B8/3N5/2R1K4 w - - 0 1",
        "c0b0 b7c7 b0c0 c7b7 c0b0 b7c7 b0c0 c7b7",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X3-2, c7b7). Bên Đỏ thí quân mãi và đòi đổi mãi, được phép (Điều 23, điểm 10). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: R3=2, c7b7). Red perpetually offered a piece and an exchange, which is allowed (Article 23, point 10). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（车３平２，c7b7）后第三次出现。红方长献、长兑，允许（第23条第10项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X3-2, c7b7). Bên Đỏ thí quân mãi và đòi đổi mãi, được phép (Luật AXF, điều 24). Bên Đen chỉ đi các nước được phép. Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: R3=2, c7b7). Red perpetually offered a piece and an exchange, which is allowed (AXF rule 24). Black made only allowed moves. Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（车３平２，c7b7）后第三次出现。红方长献、长兑，允许（亚洲规则第24条）。黑方只走允许的着法。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// 23.10 names the kinds that happened: block and sacrifice; the uncrossed pawn (23.3) on the other side.
#[test]
fn article_23_point_10_blocks() {
    check(
        "r3k4/9/9/9/9/N8/P1P6/9/9/3K5 b - - 0 1",
        "a9c9 a4c5 c9a9 c5a4 a9c9 a4c5 c9a9 c5a4",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: M7/9, c5a4). Bên Đỏ cản mãi và thí quân mãi, được phép (Điều 23, điểm 10). Bên Đen chỉ dọa bắt Tốt chưa qua sông, được phép (Điều 23, điểm 3). Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 5 (Red: H7-9, c5a4). Red perpetually blocked and offered a piece, which is allowed (Article 23, point 10). Black threatened only a pawn that has not crossed the river, which is allowed (Article 23, point 3). Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第5回合红方（马七退九，c5a4）后第三次出现。红方长拦、长献，允许（第23条第10项）。黑方只攻击未过河的兵，允许（第23条第3项）。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: M7/9, c5a4). Bên Đỏ cản mãi và thí quân mãi, được phép (Luật AXF, điều 40). Bên Đen chỉ dọa bắt Tốt chưa qua sông, được phép (Luật AXF, điều 25). Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 5 (Red: H7-9, c5a4). Red perpetually blocked and offered a piece, which is allowed (AXF rule 40). Black threatened only a pawn that has not crossed the river, which is allowed (AXF rule 25). Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第5回合红方（马七退九，c5a4）后第三次出现。红方长拦、长献，允许（亚洲规则第40条）。黑方只攻击未过河的兵，允许（亚洲规则第25条）。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// Only an uncrossed pawn threatened (23.3).
#[test]
fn article_23_point_3_uncrossed_pawn_threatened() {
    check(
        "3k5/9/4b4/2p6/9/9/9/9/R8/2C1K4 w - - 0 1",
        "a1c1 e7c5 c1a1 c5e7 a1c1 e7c5 c1a1 c5e7",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: T3/5, c5e7). Bên Đỏ chỉ dọa bắt Tốt chưa qua sông, được phép (Điều 23, điểm 3). Bên Đen cản mãi và thí quân mãi, được phép (Điều 23, điểm 10). Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
                "The start position occurred for the third time after move 4 (Black: E3-5, c5e7). Red threatened only a pawn that has not crossed the river, which is allowed (Article 23, point 3). Black perpetually blocked and offered a piece, which is allowed (Article 23, point 10). Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
                "起始局面在第4回合黑方（象３退５，c5e7）后第三次出现。红方只攻击未过河的卒，允许（第23条第3项）。黑方长拦、长献，允许（第23条第10项）。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: T3/5, c5e7). Bên Đỏ chỉ dọa bắt Tốt chưa qua sông, được phép (Luật AXF, điều 25). Bên Đen cản mãi và thí quân mãi, được phép (Luật AXF, điều 40). Không bên nào phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 5).",
                "The start position occurred for the third time after move 4 (Black: E3-5, c5e7). Red threatened only a pawn that has not crossed the river, which is allowed (AXF rule 25). Black perpetually blocked and offered a piece, which is allowed (AXF rule 40). Neither side makes a forbidden move: a draw if neither changes (AXF rule 5).",
                "起始局面在第4回合黑方（象３退５，c5e7）后第三次出现。红方只攻击未过河的卒，允许（亚洲规则第25条）。黑方长拦、长献，允许（亚洲规则第40条）。双方均未走禁止着法：如双方均不变着，判和（亚洲规则第5条）。",
            ),
        ],
    );
}

/// Check answered by counter-check on both sides (24.3, 7.2.c): a draw if neither changes.
#[test]
fn article_24_point_3_check_and_counter_check() {
    check(
        "4c4/5k3/9/9/5r3/9/4C4/9/4K4/5R3 w - - 0 1",
        "e3f3 f5e5 f3e3 e5f5 e3f3 f5e5 f3e3 e5f5",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X5-6, e5f5). Hai bên vừa đỡ vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Điều 24.3 và Điều 7.2.c).",
                "The start position occurred for the third time after move 4 (Black: R5=6, e5f5). Both sides check on every move, answering check with check: a draw if neither changes (Articles 24.3 and 7.2.c).",
                "起始局面在第4回合黑方（车５平６，e5f5）后第三次出现。双方着着应将又将：如双方均不变着，判和（第24条第3款及第7条第2款c项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X5-6, e5f5). Hai bên vừa đỡ chiếu vừa chiếu lại liên tục: nếu không bên nào đổi nước thì xử hòa (Luật AXF, điều 7).",
                "The start position occurred for the third time after move 4 (Black: R5=6, e5f5). Both sides check on every move, answering check with check: a draw if neither changes (AXF rule 7).",
                "起始局面在第4回合黑方（车５平６，e5f5）后第三次出现。双方着着应将又将：如双方均不变着，判和（亚洲规则第7条）。",
            ),
        ],
    );
}

/// Both sides chase perpetually (7.2.c).
#[test]
fn article_7_2_c_both_chase() {
    check(
        "4k4/9/9/6r2/9/9/9/9/3KNr3/6N2 w - - 0 1",
        "g0h2 f1f2 h2g0 f2f1 g0h2 f1f2 h2g0 f2f1",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X6.1, f2f1). Hai bên cùng bắt mãi, cùng phạm một luật cấm: xử hòa (Điều 7.2.c).",
                "The start position occurred for the third time after move 4 (Black: R6+1, f2f1). Both sides chase perpetually, breaking the same prohibition: a draw (Article 7.2.c).",
                "起始局面在第4回合黑方（车６进１，f2f1）后第三次出现。双方同为长捉，犯同一禁例：判和（第7条第2款c项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X6.1, f2f1). Hai bên cùng bắt mãi, cùng một lỗi: xử hòa.",
                "The start position occurred for the third time after move 4 (Black: R6+1, f2f1). Both sides chase perpetually, the same offence: a draw.",
                "起始局面在第4回合黑方（车６进１，f2f1）后第三次出现。双方同为长捉，犯规相同：判和。",
            ),
        ],
    );
}

/// A draw judged again: the fifth occurrence is counted as such.
#[test]
fn a_fifth_occurrence_is_counted() {
    check(
        "3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1",
        "a8a9 d9d8 a9a8 d8d9 a8b8 d9e9 b8a8 e9d9 a8b8 d9e9 b8a8 e9d9 a8a9 d9d8 a9a8 d8d9",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ năm sau nước 8 (lượt Đen: Tg4/1, d8d9). Xe a9/a8 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 7 (lượt Đỏ) đến nước 8 (lượt Đen)): chiếu mãi (Điều 23, điểm 1). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.g).",
                "The start position occurred for the fifth time after move 8 (Black: K4-1, d8d9). Red checked on every one of its 2 moves in the repetition (from move 7 (Red) to move 8 (Black)), with its rook a9/a8: perpetual check (Article 23, point 1). Red must change its move, or it loses (Article 7.1.g).",
                "起始局面在第8回合黑方（将４退１，d8d9）后第五次出现。循环中（自第7回合红方至第8回合黑方）红车a9/a8每着皆将军，属长将（第23条第1项）。红方必须变着，否则判负（第7条第1款g项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ năm sau nước 8 (lượt Đen: Tg4/1, d8d9). Xe a9/a8 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 7 (lượt Đỏ) đến nước 8 (lượt Đen)): chiếu mãi (Luật AXF, điều 6). Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the fifth time after move 8 (Black: K4-1, d8d9). Red checked on every one of its 2 moves in the repetition (from move 7 (Red) to move 8 (Black)), with its rook a9/a8: perpetual check (AXF rule 6). Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第8回合黑方（将４退１，d8d9）后第五次出现。循环中（自第7回合红方至第8回合黑方）红车a9/a8每着皆将军，属长将（亚洲规则第6条）。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// The no-capture claim at the AXF limit, in moves.
#[test]
fn axf_no_capture_counts_sixty_moves() {
    check(
        "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 60",
        "a0a1 e9e8 a1a0",
        &[(
            RuleSet::AXF,
            "Chưa có thế cờ nào xuất hiện ba lần. Đã 60 nước (121 lượt) liên tiếp không bên nào ăn quân: đấu thủ có quyền đề nghị trọng tài xử hòa (Thông lệ AXF: 60 nước không ăn quân).",
            "No position has occurred three times. Neither side has captured for 60 moves (121 plies): a player may ask the referee to declare a draw (AXF practice: 60 moves without a capture).",
            "尚无局面出现三次。双方已连续60回合（121步）未吃子：棋手有权请求裁判判和（亚洲惯例：60回合不吃子）。",
        )],
    );
}

/// Two cannons of one side, neither moving, uncovered in turn by a horse:
/// named as two pieces, each on its square, taking turns (issue 31: M1).
#[test]
fn two_cannons_are_named_as_two() {
    check(
        "4k4/C4n3/CN2b1r2/9/9/9/9/9/9/4K4 w - - 0 1",
        "b7d8 g7g8 d8b7 g8g7 b7d8 g7g8 d8b7 g8g7",
        &[(
            RuleSet::VN2004,
            "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: X7.1, g8g7). Hai Pháo a7 và a8 bên Đỏ thay nhau đuổi bắt Xe g7/g8 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Xe bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
            "The start position occurred for the third time after move 4 (Black: R7+1, g8g7). Red chased Black's rook g7/g8 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), taking turns with its two cannons a7 and a8. Black's rook is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Red must change its move, or it loses (Article 7.1.h).",
            "起始局面在第4回合黑方（车７进１，g8g7）后第三次出现。循环中（自第3回合红方至第4回合黑方）红双炮（a7、a8）轮流捉黑车g7/g8。黑车无根（无子可反吃），属长捉（第23条第3项）。红方必须变着，否则判负（第7条第1款h项）。",
        )],
    );
}

/// A king chasing with two horses: both horses named, and why 23.9 (a king
/// or pawn with one helper) does not apply (issue 31: M1).
#[test]
fn a_king_with_two_helpers_is_not_the_king_exception() {
    check(
        "4P4/4k4/3nn4/9/9/9/9/9/9/3K5 w - - 0 1",
        "e9d9 e8d8 d9e9 d8e8 e9d9 e8d8 d9e9 d8e8",
        &[
            (
                RuleSet::VN2004,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg4-5, d8e8). Tướng d8/e8 cùng hai Mã e7 và d7 bên Đen đuổi bắt Tốt d9/e9 bên Đỏ trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Tướng bên Đen có hai quân phối hợp chứ không phải một, nên không thuộc ngoại lệ cho Tướng hoặc Tốt phối hợp với một quân (Điều 23, điểm 9). Tốt bên Đỏ không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đen phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
                "The start position occurred for the third time after move 4 (Black: K4=5, d8e8). Black chased Red's pawn d9/e9 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its king d8/e8 and two horses e7 and d7. Black's king chased with two other pieces, not one, so the exception for a king or pawn helped by one piece does not apply (Article 23, point 9). Red's pawn is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Black must change its move, or it loses (Article 7.1.h).",
                "起始局面在第4回合黑方（将４平５，d8e8）后第三次出现。循环中（自第3回合红方至第4回合黑方）黑将d8/e8和双马（e7、d7）每着都捉红兵d9/e9。黑将有两子配合而非一子，不适用将（帅）、兵（卒）与一子配合捉子的例外（第23条第9项）。红兵无根（无子可反吃），属长捉（第23条第3项）。黑方必须变着，否则判负（第7条第1款h项）。",
            ),
            (
                RuleSet::AXF,
                "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: Tg4-5, d8e8). Tướng d8/e8 cùng hai Mã e7 và d7 bên Đen đuổi bắt Tốt d9/e9 bên Đỏ trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Tướng bên Đen có hai quân phối hợp chứ không phải một, nên không thuộc ngoại lệ cho Tướng hoặc Tốt phối hợp với một quân (Luật AXF, điều 28). Tốt bên Đỏ không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Luật AXF, điều 33). Bên Đen phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
                "The start position occurred for the third time after move 4 (Black: K4=5, d8e8). Black chased Red's pawn d9/e9 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its king d8/e8 and two horses e7 and d7. Black's king chased with two other pieces, not one, so the exception for a king or pawn helped by one piece does not apply (AXF rule 28). Red's pawn is unprotected (no piece could recapture it), so this is a perpetual chase (AXF rule 33). Black must change; after the referee's warning, a further repetition loses (AXF rule 3).",
                "起始局面在第4回合黑方（将４平５，d8e8）后第三次出现。循环中（自第3回合红方至第4回合黑方）黑将d8/e8和双马（e7、d7）每着都捉红兵d9/e9。黑将有两子配合而非一子，不适用将（帅）、兵（卒）与一子配合捉子的例外（亚洲规则第28条）。红兵无根（无子可反吃），属长捉（亚洲规则第33条）。黑方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
            ),
        ],
    );
}

/// The other side chased back on every move: no "two chases, one chase
/// back" (23.5), which would say "only 2 of its 2 moves" (issue 31: M2).
#[test]
fn chasing_back_on_every_move_is_not_two_chases_one_back() {
    check(
        "1Pbak2r1/4a4/4b4/2p6/9/3R5/2P6/4p2p1/3CC2N1/5K3 w - - 0 1",
        "d4e4 c9a7 d1d8 e8f7 d8i8 d9e8 e4b4 h2g2 b4e4 g2h2 e4b4 h2g2 b4e4 g2h2",
        &[(
            RuleSet::VN2004,
            "Thế cờ sau nước 3 (lượt Đen) xuất hiện lần thứ ba sau nước 7 (lượt Đen: B7-8, g2h2). Pháo e1 và Xe e4 bên Đỏ thay nhau đuổi bắt Tượng e7 bên Đen trong cả 2 nước của vòng lặp (từ nước 6 (lượt Đỏ) đến nước 7 (lượt Đen)). Tượng bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
            "The position after move 3 (Black) occurred for the third time after move 7 (Black: P7=8, g2h2). Red chased Black's elephant e7 on every one of its 2 moves in the repetition (from move 6 (Red) to move 7 (Black)), taking turns with its cannon e1 and rook e4. Black's elephant is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Red must change its move, or it loses (Article 7.1.h).",
            "第3回合黑方后的局面在第7回合黑方（卒７平８，g2h2）后第三次出现。循环中（自第6回合红方至第7回合黑方）红炮e1和车e4轮流捉黑象e7。黑象无根（无子可反吃），属长捉（第23条第3项）。红方必须变着，否则判负（第7条第1款h项）。",
        )],
    );
}

/// Three kinds of allowed move are listed with commas, not "and … and"
/// (issue 31: U2).
#[test]
fn a_list_of_three_takes_commas() {
    check(
        "2b1ka2c/4a4/4b3r/8c/p8/9/P4R3/8R/4A4/r1BAK3C w - - 0 1",
        "i2a2 i9g9 a2i2 g9i9 i2a2 i9g9 a2i2 g9i9",
        &[(
            RuleSet::VN2004,
            "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: P7-9, g9i9). Bên Đỏ cản mãi, thí quân mãi và đòi đổi mãi, được phép (Điều 23, điểm 10). Bên Đen chỉ đi các nước được phép. Hai bên đều không phạm luật cấm: nếu không bên nào đổi nước thì xử hòa (Điều 7.2.b).",
            "The start position occurred for the third time after move 4 (Black: C7=9, g9i9). Red perpetually blocked, offered a piece and an exchange, which is allowed (Article 23, point 10). Black made only allowed moves. Neither side breaks a prohibition: a draw if neither changes (Article 7.2.b).",
            "起始局面在第4回合黑方（炮７平９，g9i9）后第三次出现。红方长拦、长献、长兑，允许（第23条第10项）。黑方只走允许的着法。双方均未犯禁例：如双方均不变着，判和（第7条第2款b项）。",
        )],
    );
}

/// A drawn repetition broken by a chase that brings the start position
/// back twice: named as the start position, counted over the whole game
/// (fifth), and the third time since the count began again (issue 31: M3).
#[test]
fn a_fifth_occurrence_of_the_start_is_counted_as_the_fifth() {
    check(
        "3k5/8c/R8/9/9/9/9/9/9/4K4 w - - 0 1",
        "a7b7 i8h8 b7a7 h8i8 a7b7 i8h8 b7a7 h8i8 a7a8 i8i7 a8a7 i7i8 a7a8 i8i7 a8a7 i7i8",
        &[(
            RuleSet::VN2004,
            "Thế cờ ban đầu xuất hiện lần thứ năm sau nước 8 (lượt Đen: P9/1, i7i8); kể từ nước 4 (lượt Đen), đây là lần thứ ba. Xe a8/a7 bên Đỏ đuổi bắt Pháo i8/i7 bên Đen trong cả 2 nước của vòng lặp (từ nước 7 (lượt Đỏ) đến nước 8 (lượt Đen)). Pháo bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi (Điều 23, điểm 3). Bên Đỏ phải đổi nước, nếu không sẽ bị xử thua (Điều 7.1.h).",
            "The start position occurred for the fifth time after move 8 (Black: C9-1, i7i8), the third time since move 4 (Black). Red chased Black's cannon i8/i7 on every one of its 2 moves in the repetition (from move 7 (Red) to move 8 (Black)), with its rook a8/a7. Black's cannon is unprotected (no piece could recapture it), so this is a perpetual chase (Article 23, point 3). Red must change its move, or it loses (Article 7.1.h).",
            "起始局面在第8回合黑方（炮９退１，i7i8）后第五次出现（自第4回合黑方后为第三次）。循环中（自第7回合红方至第8回合黑方）红车a8/a7每着都捉黑炮i8/i7。黑炮无根（无子可反吃），属长捉（第23条第3项）。红方必须变着，否则判负（第7条第1款h项）。",
        )],
    );
}

/// A broken repetition whose position comes back: not "no repetition
/// stands" alone, but when it stood again and how often (issue 31: M4).
#[test]
fn a_broken_repetition_says_when_its_position_came_back() {
    check(
        "3k5/8c/R8/9/9/9/9/9/9/4K4 w - - 0 1",
        "a7b7 i8h8 b7a7 h8i8 a7b7 i8h8 b7a7 h8i8 a7a8 i8i7 a8a7 i7i8",
        &[(
            RuleSet::VN2004,
            "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: P8-9, h8i8), nhưng bên Đỏ đã đổi nước ở nước 5 (lượt Đỏ: X9.1, a7a8), phá vỡ vòng lặp. Thế cờ ấy lại xuất hiện sau nước 6 (lượt Đen: P9/1, i7i8), lần thứ tư trong ván nhưng mới là lần thứ hai kể từ khi đổi nước: chưa có thế lặp nào phải xử.",
            "The start position occurred for the third time after move 4 (Black: C8=9, h8i8), but a change of move at move 5 (Red: R9+1, a7a8) broke the repetition. It occurred again after move 6 (Black: C9-1, i7i8), for the fourth time in the game but only the second time since the change: no repetition stands yet.",
            "起始局面在第4回合黑方（炮８平９，h8i8）后第三次出现，但第5回合红方（车九进一，a7a8）变着，打破了循环。此后该局面在第6回合黑方（炮９退１，i7i8）后再次出现，为全局第四次，但自变着以来仅为第二次：尚无重复局面可判。",
        )],
    );
}

/// An AXF loss says the rule's own condition: only after the referee's
/// warning (AXF rule 3), which a score sheet does not show (issue 31: M6).
#[test]
fn an_axf_loss_states_the_referees_warning() {
    check(
        "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
        "i0i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8",
        &[(
            RuleSet::AXF,
            "Thế cờ sau nước 1 (lượt Đỏ) xuất hiện lần thứ ba sau nước 5 (lượt Đỏ: X1.1, i8i9). Xe i8/i9 bên Đỏ chiếu liên tục trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đen) đến nước 5 (lượt Đỏ)): chiếu mãi (Luật AXF, điều 6). Nếu trọng tài đã nhắc đổi nước, việc bên Đỏ lặp lại ở nước 6 (lượt Đỏ: X1/1, i9i8) bị xử thua (Luật AXF, điều 3).",
            "The position after move 1 (Red) occurred for the third time after move 5 (Red: R1+1, i8i9). Red checked on every one of its 2 moves in the repetition (from move 3 (Black) to move 5 (Red)), with its rook i8/i9: perpetual check (AXF rule 6). If the referee had warned Red, repeating at move 6 (Red: R1-1, i9i8) loses (AXF rule 3).",
            "第1回合红方后的局面在第5回合红方（车一进一，i8i9）后第三次出现。循环中（自第3回合黑方至第5回合红方）红车i8/i9每着皆将军，属长将（亚洲规则第6条）。若裁判已警告，第6回合红方（车一退一，i9i8）仍重复，判负（亚洲规则第3条）。",
        )],
    );
}

/// A rook chasing a crossed pawn, a case no AXF rule numbers by its pieces:
/// the sanction (AXF rule 3) is not cited as what makes it a chase, and is
/// cited once (issue 31: T6).
#[test]
fn the_axf_sanction_is_not_cited_as_what_a_chase_is() {
    check(
        "3k5/9/9/9/9/9/p8/9/9/1R2K4 w - - 0 1",
        "b0a0 a3b3 a0b0 b3a3 b0a0 a3b3 a0b0 b3a3",
        &[(
            RuleSet::AXF,
            "Thế cờ ban đầu xuất hiện lần thứ ba sau nước 4 (lượt Đen: B2-1, b3a3). Xe a0/b0 bên Đỏ đuổi bắt Tốt a3/b3 bên Đen trong cả 2 nước của vòng lặp (từ nước 3 (lượt Đỏ) đến nước 4 (lượt Đen)). Tốt bên Đen không có căn (không quân nào ăn lại được), nên đây là bắt mãi. Bên Đỏ phải đổi nước; sau khi trọng tài nhắc, lặp lại nữa sẽ bị xử thua (Luật AXF, điều 3).",
            "The start position occurred for the third time after move 4 (Black: P2=1, b3a3). Red chased Black's pawn a3/b3 on every one of its 2 moves in the repetition (from move 3 (Red) to move 4 (Black)), with its rook a0/b0. Black's pawn is unprotected (no piece could recapture it), so this is a perpetual chase. Red must change; after the referee's warning, a further repetition loses (AXF rule 3).",
            "起始局面在第4回合黑方（卒２平１，b3a3）后第三次出现。循环中（自第3回合红方至第4回合黑方）红车a0/b0每着都捉黑卒a3/b3。黑卒无根（无子可反吃），属长捉。红方必须变着；经裁判警告后仍重复者判负（亚洲规则第3条）。",
        )],
    );
}

/// Chinese citations of the Vietnamese law in one legal style, 条, 款, 项,
/// as the article labels (issue 31: T10); English citations as the label
/// the answer lists, "Article 23, point 1" (issue 31: T11).
#[test]
fn citations_are_written_as_the_article_labels() {
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1").expect("FEN");
    let played: Vec<Move> = "i0i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9 i8i9"
        .split_whitespace()
        .map(iccs)
        .collect();
    let replay = Replay::from_moves(start, &played).expect("legal moves");
    let ruling = rule_under(RuleSet::VN2004, &replay, Options::default());
    let e = explain_named(&ruling, &Naming::default());
    assert!(
        e.zh.contains("（第23条第1项）") && e.zh.contains("（第7条第1款g项）"),
        "{}",
        e.zh
    );
    assert!(!e.zh.contains('.') && !e.zh.contains('点'), "{}", e.zh);
    assert!(
        e.en.contains("(Article 23, point 1)") && e.en.contains("(Article 7.1.g)"),
        "{}",
        e.en
    );
    for a in &ruling.articles {
        let label = a.label.en;
        assert!(e.en.contains(label), "{label} in {}", e.en);
        assert!(e.zh.contains(a.label.zh), "{} in {}", a.label.zh, e.zh);
    }
}

/// Files are numbered in the answer's language, whatever notation the
/// request used: Arabic digits in Vietnamese and English; in Chinese, Red's
/// in Chinese numerals and Black's in full-width digits (issue 31: T1, T2).
#[test]
fn files_are_numbered_in_the_answers_language() {
    use xiangqi_arbiter::xiangqi::notation::Notation;
    let start = Position::from_fen("4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("FEN");
    let played: Vec<Move> = "b0a0 a7b7 a0b0 b7a7 b0a0 a7b7 a0b0 b7a7"
        .split_whitespace()
        .map(iccs)
        .collect();
    let replay = Replay::from_moves(start, &played).expect("legal moves");
    let ruling = rule_under(RuleSet::VN2004, &replay, Options::default());
    for notation in [Notation::Vn, Notation::Wxf, Notation::Chinese] {
        let naming = Naming {
            first_number: 1,
            sent: &[],
            moves: &played,
            notation,
            replay: Some(&replay),
        };
        let e = explain_named(&ruling, &naming);
        assert!(
            e.vi.contains("Xe 9/8 bên Đỏ đuổi bắt Pháo 1/2 bên Đen"),
            "{notation:?}: {}",
            e.vi
        );
        assert!(
            e.en.contains("Red chased Black's cannon on files 1/2")
                && e.en.contains("with its rook on files 9/8"),
            "{notation:?}: {}",
            e.en
        );
        assert!(
            e.zh.contains("红九路、八路车每着都捉黑１路、２路炮"),
            "{notation:?}: {}",
            e.zh
        );
    }
}

/// Chinese running text as a Chinese arbiter writes it: 循环中（…）红车…每着皆
/// 将军, not "在循环的全部2着中着着" (issue 31: U3); 红车, 黑炮 and 属长捉, not
/// 红方车 and 因此是长捉 (issue 31: U10).
#[test]
fn chinese_running_text_reads_as_chinese() {
    let start = Position::from_fen("4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("FEN");
    let played: Vec<Move> = "b0a0 a7b7 a0b0 b7a7 b0a0 a7b7 a0b0 b7a7"
        .split_whitespace()
        .map(iccs)
        .collect();
    let replay = Replay::from_moves(start, &played).expect("legal moves");
    let ruling = rule_under(RuleSet::VN2004, &replay, Options::default());
    let e = explain_named(&ruling, &Naming::default());
    assert!(
        e.zh.contains("循环中（自第3回合红方至第4回合黑方）红车a0/b0每着都捉黑炮a7/b7。黑炮无根（无子可反吃），属长捉"),
        "{}",
        e.zh
    );
    assert!(
        !e.zh.contains("着着") && !e.zh.contains("因此是"),
        "{}",
        e.zh
    );
}

/// The piece chasing a truly protected rook is named as the piece it is (a
/// horse here, not "a horse or cannon"), and the law's own words: it loses
/// (cũng bị xử thua) (issue 31: U7).
#[test]
fn the_chaser_of_a_protected_rook_is_named() {
    let start = Position::from_fen("2n1k4/r8/9/2n6/9/2N6/9/9/9/3K5 w - - 0 1").expect("FEN");
    let played: Vec<Move> = "c4b6 a8a5 b6c4 a5a8 c4b6 a8a5 b6c4 a5a8"
        .split_whitespace()
        .map(iccs)
        .collect();
    let replay = Replay::from_moves(start, &played).expect("legal moves");
    let ruling = rule_under(RuleSet::VN2004, &replay, Options::default());
    let e = explain_named(&ruling, &Naming::default());
    assert!(
        e.vi.contains("nhưng Mã đuổi bắt mãi Xe có căn thật cũng bị xử thua"),
        "{}",
        e.vi
    );
    assert!(
        e.en.contains("but a horse chasing even a truly protected rook loses"),
        "{}",
        e.en
    );
    assert!(
        e.zh.contains("黑车虽有真根，但马长捉有根车仍判负"),
        "{}",
        e.zh
    );
    assert!(!e.en.contains("horse or cannon"), "{}", e.en);
}

/// A threat to win a piece by discovered check is 长抽 in Chinese, not a
/// word-for-word "长以闪将吃子相威胁" (issue 31: U4).
#[test]
fn a_discovered_check_threat_is_chang_chou_in_chinese() {
    let start = Position::from_fen("r3k4/9/9/9/2p1C4/2nN5/9/9/9/3KR4 w - - 0 1").expect("FEN");
    let played: Vec<Move> = "e5e4 c4a5 e4e5 a5c4 e5e4 c4a5 e4e5 a5c4"
        .split_whitespace()
        .map(iccs)
        .collect();
    let replay = Replay::from_moves(start, &played).expect("legal moves");
    let ruling = rule_under(RuleSet::VN2004, &replay, Options::default());
    let e = explain_named(&ruling, &Naming::default());
    assert!(
        e.zh.contains("红方长抽（以闪将抽子相威胁），允许"),
        "{}",
        e.zh
    );
    assert!(!e.zh.contains("吃子相威胁"), "{}", e.zh);
}
