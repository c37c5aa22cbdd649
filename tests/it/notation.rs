//! The six move notations: worked examples, a table of bad inputs with
//! their error kinds, and the round trip `parse(format(m)) == m` for every
//! legal move of many positions, in every notation.

use std::collections::HashSet;

use crate::common::chess::{XorShift, mv, position, random_game, rotate, uniform};
use xiangqi_arbiter::xiangqi::notation::Notation;
use xiangqi_arbiter::xiangqi::{Color, IllegalMoveReason, Move, Piece, Position, Role, Square};

/// Red cannons on h2 and h4 (a tandem on Red's file 2).
const TANDEM_CANNONS: &str = "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1";
/// Three Red pawns on file e (Red's file 5).
const THREE_PAWNS: &str = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1";
/// Five Red pawns on file c (Red's file 7).
const FIVE_PAWNS: &str = "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
/// Four Red pawns on file c.
const FOUR_PAWNS: &str = "2P2k3/2P6/2P6/2P6/9/9/9/9/9/4K4 w - - 0 1";
/// Red pawns three on file c (7) and two on file g (3).
const TWO_STACKS: &str = "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
/// Red advisors on d0 and d2, elephants on c0 and c4 (tandems that keep
/// their file digit), rooks on a0 and a5.
const TANDEM_GUARDS: &str = "3k5/9/9/9/R8/2B6/9/3A5/9/R1BA1K3 w - - 0 1";

// ---------------------------------------------------------------- examples

#[test]
fn the_same_move_in_every_notation() {
    let red = Position::new();
    let black = red.after(mv("h2e2"));
    let rook = position("4k4/9/9/9/9/9/4P4/8R/9/4K4 w - - 0 1");
    for (pos, iccs, uci, wxf, vn, chinese) in [
        (&red, "h2e2", "h3e3", "C2=5", "P2-5", "炮二平五"),
        (&red, "b0c2", "b1c3", "H8+7", "M8.7", "马八进七"),
        (&red, "a0a1", "a1a2", "R9+1", "X9.1", "车九进一"),
        (&red, "h0g2", "h1g3", "H2+3", "M2.3", "马二进三"),
        (&red, "c0e2", "c1e3", "E7+5", "T7.5", "相七进五"),
        (&red, "h2h9", "h3h10", "C2+7", "P2.7", "炮二进七"),
        (&black, "h7e7", "h8e8", "C8=5", "P8-5", "炮８平５"),
        (&black, "b9c7", "b10c8", "H2+3", "M2.3", "马２进３"),
        (&rook, "i2i1", "i3i2", "R1-1", "X1/1", "车一退一"),
    ] {
        let m = mv(iccs);
        assert!(pos.is_legal(m), "{iccs}");
        for (notation, text) in [
            (Notation::Iccs, iccs),
            (Notation::Uci, uci),
            (Notation::Wxf, wxf),
            (Notation::Vn, vn),
            (Notation::Chinese, chinese),
        ] {
            assert_eq!(notation.format_move(pos, m), text, "{notation} of {iccs}");
            assert_eq!(notation.parse_move(pos, text), Ok(m), "{notation} {text}");
        }
    }
}

#[test]
fn rook_along_the_rank() {
    let red = position("8R/3k5/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(Notation::Wxf.format_move(&red, mv("i9e9")), "R1=5");
    assert_eq!(Notation::Wxf.parse_move(&red, "R1=5"), Ok(mv("i9e9")));
    assert_eq!(Notation::Vn.parse_move(&red, "X1-5"), Ok(mv("i9e9")));
    let black = position("4k4/9/9/9/9/9/9/9/3K5/r8 b - - 0 1");
    assert_eq!(Notation::Wxf.format_move(&black, mv("a0e0")), "R1=5");
    assert_eq!(Notation::Wxf.parse_move(&black, "R1=5"), Ok(mv("a0e0")));
}

#[test]
fn wxf_accepts_both_sideways_signs_and_both_tandem_styles() {
    let start = Position::new();
    assert_eq!(Notation::Wxf.parse_move(&start, "C2.5"), Ok(mv("h2e2")));
    assert_eq!(Notation::Wxf.parse_move(&start, "c2=5"), Ok(mv("h2e2")));
    assert_eq!(Notation::Wxf.parse_move(&start, "N8+7"), Ok(mv("b0c2")));
    assert_eq!(Notation::Wxf.parse_move(&start, "B3+5"), Ok(mv("g0e2")));

    let pos = position(TANDEM_CANNONS);
    for (text, iccs) in [
        ("C+=5", "h4e4"),
        ("+C=5", "h4e4"),
        ("C+.5", "h4e4"),
        ("C-=5", "h2e2"),
        ("-C=5", "h2e2"),
        ("C++5", "h4h9"),
        ("C--2", "h2h0"),
    ] {
        assert_eq!(Notation::Wxf.parse_move(&pos, text), Ok(mv(iccs)), "{text}");
    }
    assert_eq!(Notation::Wxf.format_move(&pos, mv("h4e4")), "C+=5");
    assert_eq!(Notation::Wxf.format_move(&pos, mv("h2e2")), "C-=5");
    assert_eq!(Notation::Vn.format_move(&pos, mv("h4e4")), "Pt-5");
    assert_eq!(Notation::Vn.format_move(&pos, mv("h2h1")), "Ps/1");
    assert_eq!(Notation::Vn.parse_move(&pos, "Ps/1"), Ok(mv("h2h1")));
    assert_eq!(Notation::Vn.parse_move(&pos, "PT-5"), Ok(mv("h4e4")));
    // A plain file is enough when only one of the pair can make the move.
    assert_eq!(Notation::Wxf.parse_move(&pos, "C2+5"), Ok(mv("h4h9")));
    assert_eq!(Notation::Wxf.parse_move(&pos, "C2-2"), Ok(mv("h2h0")));
}

#[test]
fn advisors_and_elephants_keep_their_file() {
    let pos = position(TANDEM_GUARDS);
    for (iccs, wxf, vn) in [
        ("d0e1", "A6+5", "S6.5"),
        ("d2e1", "A6-5", "S6/5"),
        ("c0e2", "E7+5", "T7.5"),
        ("c4e2", "E7-5", "T7/5"),
        ("c4a2", "E7-9", "T7/9"),
        ("a5a4", "R+-1", "Xt/1"),
        ("a0a1", "R-+1", "Xs.1"),
    ] {
        let m = mv(iccs);
        assert!(pos.is_legal(m), "{iccs}");
        assert_eq!(Notation::Wxf.format_move(&pos, m), wxf);
        assert_eq!(Notation::Vn.format_move(&pos, m), vn);
        assert_eq!(Notation::Wxf.parse_move(&pos, wxf), Ok(m));
        assert_eq!(Notation::Vn.parse_move(&pos, vn), Ok(m));
    }
    // The tandem markers are read for them too.
    assert_eq!(Notation::Wxf.parse_move(&pos, "A-+5"), Ok(mv("d0e1")));
    assert_eq!(Notation::Wxf.parse_move(&pos, "E+-5"), Ok(mv("c4e2")));
    assert_eq!(Notation::Vn.parse_move(&pos, "St/5"), Ok(mv("d2e1")));
}

/// A move written in ICCS, WXF and VN.
type Names = (&'static str, &'static str, &'static str);

#[test]
fn stacked_pawns_follow_the_wxf_standard() {
    let cases: &[(&str, &[Names])] = &[
        (
            THREE_PAWNS,
            &[
                ("e7d7", "P+=6", "Bt-6"),
                ("e6d6", "P5=6", "Bg-6"),
                ("e5d5", "P-=6", "Bs-6"),
                ("e7e8", "P++1", "Bt.1"),
            ],
        ),
        (
            FOUR_PAWNS,
            &[
                ("c9b9", "++=8", "Btt-8"),
                ("c8b8", "P+=8", "Bt-8"),
                ("c7b7", "P-=8", "Bs-8"),
                ("c6b6", "--=8", "Bss-8"),
            ],
        ),
        (
            FIVE_PAWNS,
            &[
                ("c9b9", "++=8", "Btt-8"),
                ("c8b8", "P+=8", "Bt-8"),
                ("c7b7", "P7=8", "Bg-8"),
                ("c6b6", "P-=8", "Bs-8"),
                ("c5b5", "--=8", "Bss-8"),
            ],
        ),
        (
            TWO_STACKS,
            &[
                ("c7b7", "7+=8", "B7t-8"),
                ("c6b6", "77=8", "B7g-8"),
                ("c5b5", "7-=8", "B7s-8"),
                ("g6h6", "3+=2", "B3t-2"),
                ("g5h5", "3-=2", "B3s-2"),
                ("c7c8", "7++1", "B7t.1"),
            ],
        ),
    ];
    for &(f, moves) in cases {
        let pos = position(f);
        for &(iccs, wxf, vn) in moves {
            let m = mv(iccs);
            assert!(pos.is_legal(m), "{f} {iccs}");
            assert_eq!(Notation::Wxf.format_move(&pos, m), wxf, "{f} {iccs}");
            assert_eq!(Notation::Vn.format_move(&pos, m), vn, "{f} {iccs}");
            assert_eq!(Notation::Wxf.parse_move(&pos, wxf), Ok(m), "{f} {wxf}");
            assert_eq!(Notation::Vn.parse_move(&pos, vn), Ok(m), "{f} {vn}");
        }
    }
    // pyffish writes stacked pawns as <place from the front><file>.
    let pos = position(TWO_STACKS);
    assert_eq!(Notation::Wxf.parse_move(&pos, "17=8"), Ok(mv("c7b7")));
    assert_eq!(Notation::Wxf.parse_move(&pos, "37=8"), Ok(mv("c5b5")));
    assert_eq!(Notation::Wxf.parse_move(&pos, "23=2"), Ok(mv("g5h5")));
    // The middle pawn of three by its file alone, as the WXF text allows.
    assert_eq!(Notation::Wxf.parse_move(&pos, "P7=8"), Ok(mv("c6b6")));
    assert_eq!(Notation::Vn.parse_move(&pos, "B7-8"), Ok(mv("c6b6")));
}

/// A move written in ICCS and Chinese, as Red and as Black (the position
/// rotated).
type Chinese = (&'static str, &'static str, &'static str);

#[test]
fn chinese_tandems_and_stacked_pawns() {
    let cases: &[(&str, &[Chinese])] = &[
        (
            TANDEM_CANNONS,
            &[
                ("h4e4", "前炮平五", "前炮平５"),
                ("h2e2", "后炮平五", "后炮平５"),
                ("h4h9", "前炮进五", "前炮进５"),
                ("h2h0", "后炮退二", "后炮退２"),
            ],
        ),
        (
            TANDEM_GUARDS,
            &[
                ("d0e1", "仕六进五", "士６进５"),
                ("d2e1", "仕六退五", "士６退５"),
                ("c4e2", "相七退五", "象７退５"),
                ("a5a4", "前车退一", "前车退１"),
                ("a0a1", "后车进一", "后车进１"),
            ],
        ),
        (
            THREE_PAWNS,
            &[
                ("e7d7", "前兵平六", "前卒平６"),
                ("e6d6", "中兵平六", "中卒平６"),
                ("e5d5", "后兵平六", "后卒平６"),
                ("e7e8", "前兵进一", "前卒进１"),
            ],
        ),
        (
            FOUR_PAWNS,
            &[
                ("c9b9", "前兵平八", "前卒平８"),
                ("c8b8", "二兵平八", "２卒平８"),
                ("c7b7", "三兵平八", "３卒平８"),
                ("c6b6", "后兵平八", "后卒平８"),
            ],
        ),
        (
            FIVE_PAWNS,
            &[
                ("c9b9", "前兵平八", "前卒平８"),
                ("c8b8", "二兵平八", "２卒平８"),
                ("c7b7", "三兵平八", "３卒平８"),
                ("c6b6", "四兵平八", "４卒平８"),
                ("c5b5", "后兵平八", "后卒平８"),
            ],
        ),
        (
            // Our own choice: the pawns of both stacked files numbered, files
            // from the right (g = file 3, then c = file 7), front to back.
            TWO_STACKS,
            &[
                ("g6h6", "一兵平二", "１卒平２"),
                ("g5h5", "二兵平二", "２卒平２"),
                ("c7b7", "三兵平八", "３卒平８"),
                ("c6b6", "四兵平八", "４卒平８"),
                ("c5b5", "五兵平八", "５卒平８"),
                ("c7c8", "三兵进一", "３卒进１"),
            ],
        ),
    ];
    for &(f, moves) in cases {
        let red = position(f);
        let black = rotate(&red);
        for &(iccs, as_red, as_black) in moves {
            for (pos, m, text) in [
                (&red, mv(iccs), as_red),
                (&black, mv(iccs).rotate(), as_black),
            ] {
                assert!(pos.is_legal(m), "{f} {iccs}");
                assert_eq!(Notation::Chinese.format_move(pos, m), text, "{f} {iccs}");
                assert_eq!(Notation::Chinese.parse_move(pos, text), Ok(m), "{f} {text}");
            }
        }
    }
}

#[test]
fn chinese_reads_the_other_usual_forms() {
    let start = Position::new();
    let black = start.after(mv("h2e2"));
    let cannons = position(TANDEM_CANNONS);
    let stacks = position(TWO_STACKS);
    let five = position(FIVE_PAWNS);
    for (pos, text, iccs) in [
        // Traditional characters and Taiwanese piece names.
        (&start, "傌八進七", "b0c2"),
        (&start, "俥九進一", "a0a1"),
        (&start, "砲二平五", "h2e2"),
        (&start, "帥五進一", "e0e1"),
        // Either side's character, ASCII or full-width digits for Black.
        (&start, "卒七进一", "c3c4"),
        (&black, "包8平5", "h7e7"),
        (&black, "馬2進3", "b9c7"),
        (&black, "卒３进1", "c6c5"),
        // The marker after the piece (Hong Kong, Taiwan) and 後.
        (&cannons, "炮前平五", "h4e4"),
        (&cannons, "炮後退二", "h2h0"),
        (&cannons, "後炮平五", "h2e2"),
        // A plain file where only one of the pair can make the move.
        (&cannons, "炮二进五", "h4h9"),
        // The marker and the pawns' file instead of the piece.
        (&stacks, "前七平八", "c7b7"),
        (&stacks, "中七平八", "c6b6"),
        (&stacks, "后三平二", "g5h5"),
        // 一 for the foremost, 中 for the middle of five, and the middle pawn
        // of three by its file.
        (&five, "一兵平八", "c9b9"),
        (&five, "五兵平八", "c5b5"),
        (&five, "中兵平八", "c7b7"),
        (&stacks, "兵七平八", "c6b6"),
    ] {
        assert_eq!(
            Notation::Chinese.parse_move(pos, text),
            Ok(mv(iccs)),
            "{text}"
        );
    }
}

#[test]
fn illegal_but_describable_moves_parse_for_check_move() {
    let start = Position::new();
    for (notation, text, iccs, reason) in [
        (
            Notation::Wxf,
            "R9+4",
            "a0a4",
            IllegalMoveReason::PathBlocked,
        ),
        (
            Notation::Wxf,
            "H8+6",
            "b0d1",
            IllegalMoveReason::HorseLegBlocked,
        ),
        (Notation::Wxf, "K5+2", "e0e2", IllegalMoveReason::NotThisWay),
        (
            Notation::Wxf,
            "P9=8",
            "a3b3",
            IllegalMoveReason::PawnNotAcrossRiver,
        ),
        (
            Notation::Vn,
            "B9/1",
            "a3a2",
            IllegalMoveReason::PawnNotAcrossRiver,
        ),
        (Notation::Vn, "X9.4", "a0a4", IllegalMoveReason::PathBlocked),
        (
            Notation::Chinese,
            "马八进六",
            "b0d1",
            IllegalMoveReason::HorseLegBlocked,
        ),
        (
            Notation::Chinese,
            "兵九平八",
            "a3b3",
            IllegalMoveReason::PawnNotAcrossRiver,
        ),
        (
            Notation::Iccs,
            "e0e2",
            "e0e2",
            IllegalMoveReason::NotThisWay,
        ),
        (Notation::Iccs, "e5e6", "e5e6", IllegalMoveReason::NoPiece),
        (
            Notation::Uci,
            "e10e9",
            "e9e8",
            IllegalMoveReason::OpponentPiece,
        ),
    ] {
        let m = notation.parse_move(&start, text).unwrap();
        assert_eq!(m, mv(iccs), "{notation} {text}");
        assert_eq!(start.check_move(m), Err(reason), "{notation} {text}");
    }
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_inputs_and_their_error_kinds() {
    let start = START;
    let table: &[(Notation, &str, &str, &str)] = &[
        (Notation::Iccs, start, "", "syntax"),
        (Notation::Iccs, start, "h2", "syntax"),
        (Notation::Iccs, start, "h2e2e", "syntax"),
        (Notation::Iccs, start, "j2e2", "syntax"),
        (Notation::Iccs, start, "h2:e2", "syntax"),
        (Notation::Iccs, start, "h2 e2", "syntax"),
        (Notation::Iccs, start, "C2=5", "syntax"),
        (Notation::Uci, start, "h0e3", "syntax"),
        (Notation::Uci, start, "h3e11", "syntax"),
        (Notation::Uci, start, "h3-e3", "syntax"),
        (Notation::Uci, start, "h03e3", "syntax"),
        (Notation::Wxf, start, "", "syntax"),
        (Notation::Wxf, start, "C2x5", "syntax"),
        (Notation::Wxf, start, "C2=0", "syntax"),
        (Notation::Wxf, start, "C2=10", "syntax"),
        (Notation::Wxf, start, "C0=5", "syntax"),
        (Notation::Wxf, start, "+-=5", "syntax"),
        (Notation::Wxf, start, "65=4", "syntax"),
        (Notation::Wxf, start, "C2-5x", "syntax"),
        (Notation::Wxf, start, "Q2=5", "unknown_piece"),
        (Notation::Wxf, start, "+Q=5", "unknown_piece"),
        (Notation::Wxf, start, "C3=5", "no_such_piece"),
        (Notation::Wxf, start, "C+=5", "no_such_piece"),
        (Notation::Wxf, start, "++=5", "no_such_piece"),
        (Notation::Wxf, start, "55=4", "no_such_piece"),
        (Notation::Wxf, start, "H2=3", "impossible"),
        (Notation::Wxf, start, "H2+5", "impossible"),
        (Notation::Wxf, start, "R9-1", "impossible"),
        (Notation::Wxf, start, "A4+6", "impossible"),
        (Notation::Wxf, start, "E3-5", "impossible"),
        (Notation::Wxf, start, "C2=2", "impossible"),
        (Notation::Wxf, ADVISOR_D2, "A6+5", "impossible"),
        (Notation::Wxf, ELEPHANT_C4, "E7+5", "impossible"),
        (Notation::Wxf, TANDEM_CANNONS, "C2=5", "ambiguous"),
        (Notation::Wxf, TWO_STACKS, "P+=8", "ambiguous"),
        (Notation::Wxf, TWO_STACKS, "55=4", "no_such_piece"),
        (Notation::Wxf, TWO_STACKS, "47=8", "no_such_piece"),
        (Notation::Wxf, THREE_PAWNS, "P5=5", "impossible"),
        (Notation::Wxf, THREE_PAWNS, "P4=5", "no_such_piece"),
        (Notation::Vn, start, "", "syntax"),
        (Notation::Vn, start, "P2+5", "syntax"),
        (Notation::Vn, start, "P2-5x", "syntax"),
        (Notation::Vn, start, "P-5", "syntax"),
        (Notation::Vn, start, "P2-0", "syntax"),
        (Notation::Vn, start, "Q2-5", "unknown_piece"),
        (Notation::Vn, start, "Pháo 2 bình 5", "syntax"),
        (Notation::Vn, start, "Đ2-5", "unknown_piece"),
        (Notation::Vn, start, "P3-5", "no_such_piece"),
        (Notation::Vn, start, "Pt-5", "no_such_piece"),
        (Notation::Vn, start, "Bg-5", "no_such_piece"),
        (Notation::Vn, start, "M2-3", "impossible"),
        (Notation::Vn, start, "Tg5-5", "impossible"),
        (Notation::Vn, start, "S4.6", "impossible"),
        (Notation::Vn, TANDEM_CANNONS, "P2-5", "ambiguous"),
        (Notation::Vn, TWO_STACKS, "Bt-8", "ambiguous"),
        (Notation::Chinese, start, "", "syntax"),
        (Notation::Chinese, start, "炮二平", "syntax"),
        (Notation::Chinese, start, "炮二平五五", "syntax"),
        (Notation::Chinese, start, "炮二走五", "syntax"),
        (Notation::Chinese, start, "炮二平十", "syntax"),
        (Notation::Chinese, start, "炮二平5", "syntax"),
        (Notation::Chinese, start, "马8进7", "syntax"),
        (Notation::Chinese, start, "C2=5", "syntax"),
        (Notation::Chinese, start, "六兵进一", "syntax"),
        (Notation::Chinese, start, "前后进一", "syntax"),
        (Notation::Chinese, start, "王五进一", "unknown_piece"),
        (Notation::Chinese, start, "前王进一", "unknown_piece"),
        (Notation::Chinese, start, "炮三平五", "no_such_piece"),
        (Notation::Chinese, start, "前炮平五", "no_such_piece"),
        (Notation::Chinese, start, "二兵进一", "no_such_piece"),
        (Notation::Chinese, start, "中兵进一", "no_such_piece"),
        (Notation::Chinese, start, "马二平三", "impossible"),
        (Notation::Chinese, start, "马二进五", "impossible"),
        (Notation::Chinese, start, "车九退一", "impossible"),
        (Notation::Chinese, start, "仕四进六", "impossible"),
        (Notation::Chinese, start, "帅五平五", "impossible"),
        (Notation::Chinese, TANDEM_CANNONS, "炮二平五", "ambiguous"),
        (
            Notation::Chinese,
            TANDEM_CANNONS,
            "中炮平五",
            "no_such_piece",
        ),
        (Notation::Chinese, TWO_STACKS, "前兵平八", "ambiguous"),
        (Notation::Chinese, TWO_STACKS, "六兵平八", "syntax"),
        (Notation::Chinese, FOUR_PAWNS, "五兵平八", "no_such_piece"),
        (Notation::Chinese, BLACK_TO_MOVE, "炮二平五", "syntax"),
        (Notation::Chinese, BLACK_TO_MOVE, "炮7平5", "no_such_piece"),
    ];
    for &(notation, f, text, kind) in table {
        let pos = position(f);
        let err = notation
            .parse_move(&pos, text)
            .expect_err(&format!("{notation} {text:?} should fail"));
        assert_eq!(err.kind(), kind, "{notation} {text:?}: {err}");
        assert_eq!(err.notation(), notation);
        assert_eq!(err.text(), text.trim());
        assert!(err.to_string().contains(notation.label()), "{err}");
    }
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// A Red advisor on d2, which cannot go forward.
const ADVISOR_D2: &str = "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1";
/// A Red elephant on c4, which cannot go forward.
const ELEPHANT_C4: &str = "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1";
/// The start position after 炮二平五, Black to move.
const BLACK_TO_MOVE: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";

// -------------------------------------------------------------- round trip

/// Positions of a seeded pseudo-random game of `plies` plies (a new game
/// after a mate). With `pawn_bias`, pawns are moved three times out of four
/// when they can, so that they cross the river and stack up on files.
fn seeded_game(seed: u64, plies: usize, pawn_bias: bool) -> Vec<Position> {
    let mut rng = XorShift::new(seed);
    let mut seen = Vec::with_capacity(plies);
    while seen.len() < plies {
        let game = random_game(&mut rng, plies - seen.len(), |rng, pos, moves| {
            let pawn_moves: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.role == Role::Pawn))
                .collect();
            if pawn_bias && !pawn_moves.is_empty() && rng.below(4) != 0 {
                uniform(rng, pos, &pawn_moves)
            } else {
                uniform(rng, pos, moves)
            }
        });
        // The positions before each move: the last one is the end of the game.
        let moved = game.len() - 1;
        seen.extend(game.into_iter().take(moved.max(1)));
    }
    seen
}

fn perft_fens() -> Vec<String> {
    include_str!("../data/perft.txt")
        .lines()
        .filter_map(|l| l.strip_prefix("fen "))
        .map(str::to_string)
        .collect()
}

fn corpus() -> Vec<Position> {
    let mut positions = vec![Position::new()];
    positions.extend(perft_fens().iter().map(|f| position(f)));
    for f in [
        TANDEM_CANNONS,
        THREE_PAWNS,
        FOUR_PAWNS,
        FIVE_PAWNS,
        TWO_STACKS,
        TANDEM_GUARDS,
        ADVISOR_D2,
        ELEPHANT_C4,
    ] {
        positions.push(position(f));
    }
    for seed in 1..=3u64 {
        positions.extend(seeded_game(
            seed.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            300,
            false,
        ));
        positions.extend(seeded_game(
            seed.wrapping_mul(0xD1B5_4A32_D192_ED03),
            300,
            true,
        ));
    }
    let flipped: Vec<Position> = positions.iter().map(rotate).collect();
    positions.extend(flipped);
    positions
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let mut checked = 0;
    let mut wxf_forms = HashSet::new();
    let mut chinese_forms = HashSet::new();
    for pos in corpus() {
        let moves = pos.legal_moves();
        for notation in Notation::ALL {
            let mut texts = HashSet::new();
            for &m in &moves {
                let text = notation.format_move(&pos, m);
                assert_eq!(
                    notation.parse_move(&pos, &text),
                    Ok(m),
                    "{notation} {text:?} for {m} in {}",
                    pos.to_fen()
                );
                assert!(
                    texts.insert(text.clone()),
                    "{notation} {text:?} names two moves in {}",
                    pos.to_fen()
                );
                if notation == Notation::Wxf {
                    wxf_forms.insert(shape(&text));
                }
                if notation == Notation::Chinese {
                    chinese_forms.insert(chinese_shape(&text));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
    // Every kind of designator was exercised.
    for form in ["L9", "L+", "++", "9+", "99"] {
        assert!(wxf_forms.contains(form), "no WXF move of shape {form}");
    }
    for form in [
        "兵9", "前兵", "中兵", "后兵", "9兵", "卒9", "前卒", "9卒", "前车", "后炮",
    ] {
        assert!(
            chinese_forms.contains(form),
            "no Chinese move of shape {form}"
        );
    }
}

/// The first two characters of a Chinese text, with numerals as `9`.
fn chinese_shape(text: &str) -> String {
    text.chars()
        .take(2)
        .map(|c| {
            if "一二三四五六七八九１２３４５６７８９".contains(c) {
                '9'
            } else {
                c
            }
        })
        .collect()
}

/// The designator of a WXF text with letters as `L` and digits as `9`.
fn shape(text: &str) -> String {
    text.chars()
        .take(2)
        .map(|c| match c {
            'A'..='Z' => 'L',
            '0'..='9' => '9',
            '-' => '+',
            c => c,
        })
        .collect()
}

#[test]
fn relative_notations_read_the_same_for_both_colours() {
    for pos in corpus().iter().take(400) {
        let flipped = rotate(pos);
        for m in pos.legal_moves() {
            for notation in [Notation::Wxf, Notation::Vn] {
                assert_eq!(
                    notation.format_move(pos, m),
                    notation.format_move(&flipped, m.rotate()),
                    "{notation} {m} in {}",
                    pos.to_fen()
                );
            }
            assert_eq!(
                as_red(&Notation::Chinese.format_move(pos, m)),
                as_red(&Notation::Chinese.format_move(&flipped, m.rotate())),
                "Chinese {m} in {}",
                pos.to_fen()
            );
        }
    }
}

/// A Chinese text with Black's glyphs replaced by Red's.
fn as_red(text: &str) -> String {
    let black = "１２３４５６７８９象士将卒";
    let red = "一二三四五六七八九相仕帅兵";
    text.chars()
        .map(|c| match black.chars().position(|b| b == c) {
            Some(i) => red.chars().nth(i).unwrap(),
            None => c,
        })
        .collect()
}

#[test]
fn random_games_reach_stacked_pawns() {
    let stacked = (1..=3u64)
        .flat_map(|seed| seeded_game(seed.wrapping_mul(0xD1B5_4A32_D192_ED03), 300, true))
        .filter(|pos| {
            Color::ALL.iter().any(|&c| {
                (0..9).any(|file| {
                    (0..10)
                        .filter(|&rank| {
                            pos.piece_at(Square::new(file, rank).unwrap())
                                == Some(Piece::new(c, Role::Pawn))
                        })
                        .count()
                        >= 2
                })
            })
        })
        .count();
    assert!(stacked > 0, "the pawn-biased games never stack two pawns");
}

#[test]
fn error_messages_say_what_is_wrong() {
    let start = Position::new();
    let message = |notation: Notation, pos: &Position, text: &str| {
        notation.parse_move(pos, text).unwrap_err().to_string()
    };
    for (notation, pos, text, expected) in [
        (
            Notation::Wxf,
            &start,
            "H2+5",
            "WXF move \"H2+5\": impossible: the red horse on h0 cannot go forward to file 5: \
             it cannot reach that file",
        ),
        (
            Notation::Wxf,
            &start,
            "R9-1",
            "WXF move \"R9-1\": impossible: the red rook on a0 cannot go backward 1 step: \
             it would leave the board",
        ),
        (
            Notation::Wxf,
            &start,
            "C+=5",
            "WXF move \"C+=5\": no such piece: red has no two cannons on one file",
        ),
        (
            Notation::Vn,
            &position(TANDEM_CANNONS),
            "P2-5",
            "VN move \"P2-5\": ambiguous: 2 red cannons stand on file 2; mark the front or rear one",
        ),
        (
            Notation::Wxf,
            &position(TWO_STACKS),
            "47=8",
            "WXF move \"47=8\": no such piece: red has 3 pawns on file 7: \
             there is no number 4 from the front",
        ),
        (
            Notation::Vn,
            &start,
            "Q2-5",
            "VN move \"Q2-5\": unknown piece letter \"Q\"",
        ),
        (
            Notation::Chinese,
            &start,
            "马二进五",
            "Chinese move \"马二进五\": impossible: the red horse on h0 cannot go forward to \
             file 5: it cannot reach that file",
        ),
        (
            Notation::Chinese,
            &position(TWO_STACKS),
            "前兵平八",
            "Chinese move \"前兵平八\": ambiguous: red has pawns stacked on several files; \
             write the file too",
        ),
        (
            Notation::Chinese,
            &position(TWO_STACKS),
            "一车进一",
            "Chinese move \"一车进一\": no such piece: red has no two rooks on one file",
        ),
        (
            Notation::Chinese,
            &position(FOUR_PAWNS),
            "五兵平八",
            "Chinese move \"五兵平八\": no such piece: red has 4 pawns on files holding two or \
             more: there is no number 5 counting the stacked files from the right, each front \
             to back",
        ),
    ] {
        assert_eq!(message(notation, pos, text), expected);
    }
}

// ---------------------------------------------------------------- SAN (XBoard)

/// SAN as XBoard writes it, ranks 1-10: pieces of one role on one file told by their rank
/// (the tandem cannons of `TANDEM_CANNONS`, ICCS h2 and h4, are XBoard's h3 and h5), on one
/// rank by their file; a pawn with no letter; a check marked.
#[test]
fn san_disambiguates_as_xboard_writes_it() {
    let pos = position(TANDEM_CANNONS);
    assert_eq!(Notation::San.format_move(&pos, mv("h2e2")), "Ce3");
    assert_eq!(Notation::San.format_move(&pos, mv("h2h3")), "C3h4");
    assert_eq!(Notation::San.parse_move(&pos, "C5h4"), Ok(mv("h4h3")));
    assert_eq!(
        Notation::San.parse_move(&pos, "Chh4").unwrap_err().kind(),
        "ambiguous"
    );
    let pos = position(TANDEM_GUARDS);
    assert_eq!(Notation::San.format_move(&pos, mv("c0e2")), "E1e3");
    assert_eq!(Notation::San.format_move(&pos, mv("a0a3")), "R1a4");
    assert_eq!(Notation::San.format_move(&pos, mv("a5a9")), "Ra10+");
    assert_eq!(
        Notation::San.parse_move(&pos, "Ra4").unwrap_err().kind(),
        "ambiguous"
    );
    let pos = position(THREE_PAWNS);
    assert_eq!(Notation::San.format_move(&pos, mv("e7d7")), "d8");
    assert_eq!(Notation::San.parse_move(&pos, "ed8"), Ok(mv("e7d7")));
    assert_eq!(Notation::San.parse_move(&pos, "Pd8"), Ok(mv("e7d7")));
}
