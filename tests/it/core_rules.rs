//! The rules core: FEN errors, illegal-move reasons, check, mate and
//! stalemate, and properties of play (FEN round trip, Zobrist keys).

use crate::common::chess::{XorShift, mv, random_game, uniform};
use proptest::prelude::*;
use xiangqi_arbiter::xiangqi::{
    Color, FenError, GameEnd, IllegalMoveReason, Move, ParseFenError, Piece, Position, Role, Setup,
    Square,
};

/// Each unreadable FEN with the kind of error it must give.
#[test]
fn unreadable_fens_say_what_and_where() {
    let table: &[(&str, &str)] = &[
        ("", "empty"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
            "wrong_rank_count",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w",
            "wrong_rank_count",
        ),
        (
            "rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "invalid_char",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/0/RNBAKABNR w",
            "invalid_char",
        ),
        (
            "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "rank_too_long",
        ),
        (
            "rnbakabnr/55/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "rank_too_long",
        ),
        (
            "rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "rank_too_short",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "missing_turn",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
            "invalid_turn",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
            "invalid_halfmoves",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
            "invalid_fullmoves",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 x",
            "trailing_text",
        ),
    ];
    for (fen, kind) in table {
        match Position::from_fen(fen) {
            Err(FenError::Parse(e)) => assert_eq!(e.kind(), *kind, "{fen:?}: {e}"),
            other => panic!("{fen:?}: expected {kind}, got {other:?}"),
        }
    }
    let err = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w")
        .unwrap_err();
    assert_eq!(
        err,
        ParseFenError::InvalidChar {
            rank: 0,
            file: 5,
            ch: 'Q'
        }
    );
    assert_eq!(err.to_string(), "invalid character 'Q' at rank 0, file f");
}

/// Each illegal setup with every problem it must report.
#[test]
fn illegal_setups_list_every_problem() {
    let table: &[(&str, &[&str])] = &[
        ("9/9/9/9/9/9/9/9/9/4K4 w", &["missing_king"]),
        ("4k4/9/9/9/9/9/9/9/9/9 w", &["missing_king"]),
        ("3kk4/9/9/9/9/9/9/9/9/4K4 w", &["too_many_pieces"]),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w", &[]),
        ("4k4/9/9/9/9/9/9/9/9/2K6 w", &["king_outside_palace"]),
        ("4k4/9/9/9/9/9/9/9/4A4/3K5 w", &[]),
        ("4k4/9/9/9/9/9/9/9/3A5/3K5 w", &["advisor_off_point"]),
        ("4k4/9/9/9/9/9/9/3B5/9/3K5 w", &["elephant_off_point"]),
        ("4k4/9/9/9/9/9/9/9/9/3K1B3 w", &["elephant_off_point"]),
        ("4k4/9/9/9/9/B8/9/9/9/3K5 w", &["elephant_off_point"]),
        ("4k4/9/9/9/9/9/9/P8/9/3K5 w", &["pawn_behind_start"]),
        ("4k4/9/9/9/9/9/1P7/9/9/3K5 w", &["pawn_off_starting_file"]),
        ("4k4/9/9/9/1P7/9/9/9/9/3K5 w", &[]),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", &["kings_facing"]),
        ("4k4/9/9/9/9/9/9/9/9/3KR4 b", &[]),
        ("4k4/9/9/9/9/9/9/9/9/3KR4 w", &["opponent_in_check"]),
        ("4k4/9/9/9/9/9/9/9/9/RRRK5 w", &["too_many_pieces"]),
        (
            "4k4/9/9/9/9/9/9/PPPPPP3/9/3K5 w",
            &[
                "pawn_behind_start",
                "pawn_behind_start",
                "pawn_behind_start",
                "pawn_behind_start",
                "pawn_behind_start",
                "pawn_behind_start",
                "too_many_pieces",
            ],
        ),
    ];
    for (fen, kinds) in table {
        let got: Vec<&str> = match Position::from_fen(fen) {
            Ok(_) => vec![],
            Err(FenError::Setup(e)) => e.problems.iter().map(|p| p.kind()).collect(),
            Err(e) => panic!("{fen}: unreadable: {e}"),
        };
        let mut got_sorted = got.clone();
        got_sorted.sort();
        let mut want: Vec<&str> = kinds.to_vec();
        want.sort();
        assert_eq!(got_sorted, want, "{fen}");
    }
}

/// Each illegal move with the reason an arbiter would give.
#[test]
fn illegal_moves_give_their_reason() {
    use IllegalMoveReason as R;
    let start = xiangqi_arbiter::xiangqi::START_FEN;
    let table: &[(&str, &str, IllegalMoveReason)] = &[
        (start, "e4e5", R::NoPiece),
        (start, "h7e7", R::OpponentPiece),
        (start, "a0b0", R::OwnPieceOnTarget),
        (start, "a0b1", R::NotThisWay),
        (start, "a3a3", R::NotThisWay),
        (start, "a0a4", R::PathBlocked),
        (start, "b2b7", R::CannonNeedsOneScreen),
        (start, "b2b8", R::PathBlocked),
        (start, "b0d1", R::HorseLegBlocked),
        (start, "b0b1", R::NotThisWay),
        (start, "d0d1", R::NotThisWay),
        (start, "a3b3", R::PawnNotAcrossRiver),
        (start, "a3a2", R::PawnNotAcrossRiver),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", R::OutOfPalace),
        ("4k4/9/9/9/9/9/9/3A5/9/3K5 w", "d2c3", R::OutOfPalace),
        (
            "4k4/9/9/9/9/2B6/9/9/9/3K5 w",
            "c4a6",
            R::ElephantCrossesRiver,
        ),
        (
            "3k5/9/9/9/9/9/9/9/1N7/2B1K4 w",
            "c0a2",
            R::ElephantEyeBlocked,
        ),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", R::KingsFacing),
        ("4k4/9/9/9/9/9/9/9/4C4/4K4 w", "e1d1", R::KingsFacing),
        ("3rk4/9/9/9/9/9/9/9/9/3K5 w", "d0e0", R::KingsFacing),
        (
            "4k4/4r4/9/9/9/9/9/9/4R4/4K4 w",
            "e1d1",
            R::LeavesKingInCheck,
        ),
        ("4k4/9/9/9/9/9/9/9/9/3K1r3 w", "d0e0", R::KingsFacing),
        ("3k5/9/9/9/9/9/9/9/9/4K1r2 w", "e0f0", R::LeavesKingInCheck),
    ];
    for (fen, m, reason) in table {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.check_move(mv(m)), Err(*reason), "{fen} {m}");
    }
}

#[test]
fn legal_moves_in_the_table_above_are_legal() {
    let start = Position::new();
    for m in ["c0a2", "e0e1", "h2e2", "b0c2", "a3a4", "b2b9"] {
        assert!(start.is_legal(mv(m)), "{m}");
    }
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w").unwrap();
    assert!(pos.is_legal(mv("e1f2")));
}

#[test]
fn every_reason_has_a_distinct_code() {
    let mut codes: Vec<&str> = IllegalMoveReason::ALL.iter().map(|r| r.code()).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), IllegalMoveReason::ALL.len());
}

#[test]
fn checks_discovered_and_double() {
    // Rook check.
    assert!(
        Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KR4 b")
            .unwrap()
            .is_check()
    );
    // Cannon check through a screen.
    let pos = Position::from_fen("4k4/9/9/9/4P4/9/9/9/9/3KC4 b").unwrap();
    assert!(pos.is_check());
    // Horse check, and the same horse with its leg blocked.
    assert!(
        Position::from_fen("4k4/9/3N5/9/9/9/9/9/9/3K5 b")
            .unwrap()
            .is_check()
    );
    assert!(
        !Position::from_fen("4k4/3n5/3N5/9/9/9/9/9/9/3K5 b")
            .unwrap()
            .is_check()
    );
    // Pawn check from the side and from below.
    assert!(
        Position::from_fen("3Pk4/9/9/9/9/9/9/9/9/3K5 b")
            .unwrap()
            .is_check()
    );
    assert!(
        Position::from_fen("4k4/4P4/9/9/9/9/9/9/9/3K5 b")
            .unwrap()
            .is_check()
    );
    // Double check: a discovered rook check plus the horse that moved.
    let mut pos = Position::from_fen("4k4/9/9/9/4N4/9/9/9/9/3KR4 w").unwrap();
    pos.play(mv("e5f7")).unwrap();
    assert_eq!(pos.checkers().len(), 2);
}

/// A passed position can leave the side not to move in check (the analysis
/// asks what a side threatens by giving it the move again). A move from it
/// must still find that check, and a reply that leaves it standing is
/// illegal: no recapture while the king is in check.
#[test]
fn moves_from_a_passed_position_see_the_check_left_standing() {
    // Red (to move) is in check from the e7 rook; Black, given the move
    // instead, takes a5. Red's b5 pawn could recapture but for the check.
    let pos = Position::from_fen("4k4/9/r3r4/9/PP7/9/9/9/9/4K4 w - - 0 1").expect("legal");
    assert!(pos.is_check());
    let passed = pos.pass();
    assert!(!passed.is_check() && passed.is_in_check(Color::Red));
    let take = mv("a7a5");
    assert_eq!(passed.check_move(take), Ok(()));
    let after = passed.after(take);
    assert!(after.is_check(), "the e7 rook still checks");
    assert_eq!(
        after.check_move(mv("b5a5")),
        Err(IllegalMoveReason::LeavesKingInCheck)
    );
    assert!(!after.legal_moves().contains(&mv("b5a5")));
    // `play` (legality and play in one) agrees with `after`.
    let mut played = passed.clone();
    assert_eq!(
        played.play(take),
        Ok(Some(Piece::new(Color::Red, Role::Pawn)))
    );
    assert_eq!(played, after);
}

#[test]
fn checkmate_and_stalemate_end_the_game() {
    // Two rooks mate on the back rank.
    let mate = Position::from_fen("3k5/R8/3R5/9/9/9/9/9/9/4K4 b").unwrap();
    assert_eq!(
        mate.game_end(),
        Some(GameEnd::Checkmate { winner: Color::Red })
    );
    // Black king boxed in by pawns and the facing king, not in check: a loss (7.1.b).
    let stalemate = Position::from_fen("3k5/2P1P4/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(!stalemate.is_check());
    assert_eq!(
        stalemate.game_end(),
        Some(GameEnd::Stalemate { winner: Color::Red })
    );
    assert_eq!(Position::new().game_end(), None);
}

#[test]
fn fen_is_printed_canonically() {
    let lenient = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
    let pos = Position::from_fen(lenient).unwrap();
    assert_eq!(pos.to_fen(), xiangqi_arbiter::xiangqi::START_FEN);
    let counters = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b 7 12").unwrap();
    assert_eq!(counters.to_fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 7 12");
}

/// The positions of a game of up to `steps` pseudo-random legal moves from the start.
fn random_walk(seed: u64, steps: usize) -> Vec<Position> {
    random_game(&mut XorShift::new(seed), steps, uniform)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fen_round_trips(seed in any::<u64>(), steps in 0usize..120) {
        for pos in random_walk(seed, steps) {
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).expect("printed FENs are legal");
            prop_assert_eq!(back.to_fen(), fen);
            prop_assert_eq!(back.key(), pos.key());
        }
    }

    #[test]
    fn incremental_key_equals_key_from_scratch(seed in any::<u64>(), steps in 0usize..120) {
        for pos in random_walk(seed, steps) {
            prop_assert_eq!(pos.key(), pos.key_from_scratch());
        }
    }

    #[test]
    fn incremental_check_flag_equals_the_board_test(seed in any::<u64>(), steps in 0usize..160) {
        for pos in random_walk(seed, steps) {
            let king = pos.king(pos.turn());
            prop_assert_eq!(pos.is_check(), pos.board().king_attacked(king, pos.turn()), "{}", pos);
            let passed = pos.pass();
            let theirs = passed.king(passed.turn());
            prop_assert_eq!(passed.is_check(), passed.board().king_attacked(theirs, passed.turn()));
        }
    }

    #[test]
    fn every_generated_move_passes_the_full_legality_check(seed in any::<u64>(), steps in 0usize..30) {
        for pos in random_walk(seed, steps) {
            for m in pos.legal_moves() {
                prop_assert_eq!(pos.check_move(m), Ok(()), "{} {}", pos, m);
            }
            // And nothing else on the board is legal.
            let legal = pos.legal_moves();
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    prop_assert_eq!(pos.is_legal(m), legal.contains(&m), "{} {}", pos, m);
                }
            }
        }
    }

    #[test]
    fn legal_captures_are_the_legal_moves_onto_enemy_pieces(seed in any::<u64>(), steps in 0usize..80) {
        for pos in random_walk(seed, steps) {
            let expected: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| pos.piece_at(m.to).is_some())
                .collect();
            prop_assert_eq!(pos.legal_captures().to_vec(), expected, "{}", pos);
        }
    }

    #[test]
    fn attackers_are_the_pieces_with_a_move_to_the_square(seed in any::<u64>(), steps in 0usize..80) {
        for pos in random_walk(seed, steps) {
            for color in Color::ALL {
                for target in Square::all() {
                    // A piece of the other side on `target`, as if it had just captured there.
                    let Some(standing) = pos.piece_at(target) else { continue };
                    let mut board = *pos.board();
                    board.set(target, Some(Piece::new(color.other(), standing.role)));
                    let expected: Vec<Square> = board
                        .occupied_by(color)
                        .filter(|&from| {
                            let piece = board.piece_at(from).expect("occupied");
                            let mut hit = false;
                            board.for_each_target(from, piece, |to| hit |= to == target);
                            hit
                        })
                        .collect();
                    let found: Vec<Square> = board.attackers(target, color).collect();
                    prop_assert_eq!(found, expected, "{} {} {}", pos, color, target);
                }
            }
        }
    }
}
