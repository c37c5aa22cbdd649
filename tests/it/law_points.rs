//! The law told as tests: one test per rule point of the Vietnamese Xiangqi
//! Law of 2004 (Articles 7, 12, 23 and 24), each on a small position built
//! for it. Every FEN is validated by `Position::from_fen` and every move by
//! the replay; each position was also checked by hand for the law's
//! conditions (kings in their palaces and not facing, the side not to move
//! not in check, advisors, elephants and pawns on their points).
//!
//! Conventions: FEN ranks from 9 (Black's back rank) down to 0; ICCS moves,
//! files a–i from Red's left, ranks 0–9 from Red's side. A 4-ply cycle
//! played twice makes its first position occur for the third time; one more
//! move by the violator (instead of a change) turns `must_change` into `loss`.

use crate::common::axf_differences;
use crate::common::chess::{self, mv as iccs, sq};
use xiangqi_arbiter::adjudication::cycle::PlyAnalysis;
use xiangqi_arbiter::adjudication::law::Pattern;
use xiangqi_arbiter::adjudication::threats::{Protection, ThreatKind};
use xiangqi_arbiter::adjudication::{Options, Repetition, Replay, Ruling, Verdict, rule};
use xiangqi_arbiter::xiangqi::{Color, GameEnd, Move, Position, Role, Square};

// ---------------------------------------------------------------- helpers

fn replay(fen: &str, moves: &str) -> Replay {
    let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("illegal FEN {fen}: {e:?}"));
    let moves: Vec<Move> = moves.split_whitespace().map(iccs).collect();
    Replay::from_moves(start, &moves).unwrap_or_else(|e| panic!("illegal move in {fen}: {e:?}"))
}

/// Replays `moves` (ICCS, space separated) from `fen` and rules on it.
fn ruling(fen: &str, moves: &str) -> Ruling {
    ruling_with(fen, moves, Options::default())
}

fn ruling_with(fen: &str, moves: &str, options: Options) -> Ruling {
    let replay = replay(fen, moves);
    let ruling = rule(&replay, options);
    // Every law test also checks that the Asian rules answer alike, or
    // differ only as tests/data/axf_differences.json lists.
    axf_differences::check_law_test(&replay, options, &ruling);
    ruling
}

/// `cycle` repeated `times` times, then `tail`.
fn repeat(cycle: &str, times: usize, tail: &str) -> String {
    let mut out = vec![cycle; times].join(" ");
    if !tail.is_empty() {
        out.push(' ');
        out.push_str(tail);
    }
    out
}

fn refs(r: &Ruling) -> Vec<&'static str> {
    r.articles.iter().map(|a| a.reference).collect()
}

fn rep(r: &Ruling) -> &Repetition {
    r.repetition
        .as_ref()
        .unwrap_or_else(|| panic!("no repetition\n{}", dump(r)))
}

/// The moves of the cycle made by `side`.
fn plies(r: &Ruling, side: Color) -> Vec<&PlyAnalysis> {
    rep(r).cycle.iter().filter(|p| p.side == side).collect()
}

/// The threats of a ply as (target square, target role, kind, protection).
fn threats(p: &PlyAnalysis) -> Vec<(String, Role, ThreatKind, Protection)> {
    p.threats
        .iter()
        .map(|t| {
            let th = &t.threat;
            (
                th.target.to_string(),
                th.target_role,
                th.kind,
                th.protection,
            )
        })
        .collect()
}

/// The chases (kind `Chase`) of a ply as (target square, target role).
fn chases(p: &PlyAnalysis) -> Vec<(String, Role)> {
    p.threats
        .iter()
        .filter(|t| t.threat.kind == ThreatKind::Chase)
        .map(|t| (t.threat.target.to_string(), t.threat.target_role))
        .collect()
}

fn checker_roles(p: &PlyAnalysis) -> Vec<Role> {
    p.checkers.iter().map(|&(role, _)| role).collect()
}

/// Everything a failing assertion should show.
fn dump(r: &Ruling) -> String {
    let mut s = format!(
        "verdict {} violator {:?} articles {:?}\n{}\n",
        r.verdict.code(),
        r.violator,
        refs(r),
        xiangqi_arbiter::adjudication::explain(r).en
    );
    if let Some(rep) = &r.repetition {
        s += &format!(
            "first {} trigger {} loss {:?} red {} black {}\n",
            rep.first_ply,
            rep.trigger_ply,
            rep.loss_ply,
            rep.red.pattern.code(),
            rep.black.pattern.code()
        );
        for p in &rep.cycle {
            s += &format!(
                "  ply {} {:?} {}{} check {} {:?} threats {:?}\n",
                p.ply,
                p.side,
                p.mv.from,
                p.mv.to,
                p.check,
                p.checkers
                    .iter()
                    .map(|(r, s)| format!("{r:?}@{s}"))
                    .collect::<Vec<_>>(),
                threats(p)
            );
        }
    }
    s
}

#[track_caller]
fn expect(r: &Ruling, verdict: Verdict, violator: Option<Color>, articles: &[&str]) {
    let got = refs(r);
    assert!(
        r.verdict == verdict && r.violator == violator && articles.iter().all(|a| got.contains(a)),
        "expected {} {:?} with {:?}\n{}",
        verdict.code(),
        violator,
        articles,
        dump(r)
    );
}

/// Every move of the chasing side chases the same piece: the one id shared
/// by all its plies' chases.
#[track_caller]
fn assert_same_target_throughout(r: &Ruling, side: Color) {
    let ids: Vec<Vec<u8>> = plies(r, side)
        .iter()
        .map(|p| {
            p.threats
                .iter()
                .filter(|t| t.threat.kind >= ThreatKind::ExchangeOffer)
                .map(|t| t.target_id)
                .collect()
        })
        .collect();
    let common = ids[0].iter().any(|id| ids.iter().all(|v| v.contains(id)));
    assert!(
        common,
        "no piece pressed on every move: {ids:?}\n{}",
        dump(r)
    );
}

// ------------------------------------------------------ Article 23, point 1

#[test]
fn article_23_point_1_perpetual_check_by_one_piece_loses() {
    // Red: Kd0, Ri0. Black: Ke9. The rook checks along ranks 9 and 8 while
    // the black king steps e9–e8.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1";
    let cycle = "e9e8 i9i8 e8e9 i8i9";
    let r = ruling(fen, &format!("i0i9 {}", repeat(cycle, 2, "")));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    assert_eq!((rep(&r).first_ply, rep(&r).trigger_ply), (1, 9));
    assert_eq!(rep(&r).red.pattern, Pattern::PerpetualCheck);
    for p in plies(&r, Color::Red) {
        assert!(p.check && checker_roles(p) == [Role::Rook], "{}", dump(&r));
    }
    assert!(plies(&r, Color::Black).iter().all(|p| !p.check));

    // Red repeats instead of changing: loss.
    let r = ruling(fen, &format!("i0i9 {}", repeat(cycle, 2, "e9e8 i9i8")));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.1", "7.1.g"]);
    assert_eq!(rep(&r).loss_ply, Some(11));
}

#[test]
fn article_23_point_1_perpetual_check_by_several_pieces_in_turn_loses() {
    // Red: Kd0, Rf2, Hg5. Black: Ke9. The horse checks from f7 (shutting
    // the f-file); when it goes back to g5 the rook checks on the f-file.
    let fen = "4k4/9/9/9/6N2/9/9/5R3/9/3K5 w - - 0 1";
    let cycle = "g5f7 e9f9 f7g5 f9e9";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(checker_roles(red[0]), [Role::Horse], "{}", dump(&r));
    assert_eq!(checker_roles(red[1]), [Role::Rook], "{}", dump(&r));
    assert!(red.iter().all(|p| p.check));
    assert_eq!(rep(&r).red.pattern, Pattern::PerpetualCheck);

    let r = ruling(fen, &repeat(cycle, 2, "g5f7"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.1", "7.1.g"]);
}

#[test]
fn article_23_point_1_a_perpetual_checker_is_judged_by_its_checks_alone() {
    // Red: Kd0, Rf2, Hg5. Black: Ke9, Rh8, Ri8. As above, the horse and the
    // rook check in turn; from f7 the horse also attacks the h8 rook (a
    // horse on a rook is a chase even if protected, 23.6). The checks are
    // the offence: the fork chases nothing and no chase is counted.
    let fen = "4k4/7rr/9/9/6N2/9/9/5R3/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("g5f7 e9f9 f7g5 f9e9", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    assert_eq!(refs(&r), ["7.1.g", "23.1"], "{}", dump(&r));
    assert_eq!(rep(&r).red.pattern, Pattern::PerpetualCheck);
    for p in plies(&r, Color::Red) {
        assert!(p.check && p.threats.is_empty(), "{}", dump(&r));
    }
}

#[test]
fn article_23_point_1_discovered_check_counts() {
    // Red: Kd0, Re2, Rf2, He6. Black: Ke9. The horse never checks itself: it
    // steps off the e-file (the e2 rook checks) and back (the f2 rook checks).
    let fen = "4k4/9/9/4N4/9/9/9/4RR3/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("e6f4 e9f9 f4e6 f9e9", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    for p in plies(&r, Color::Red) {
        assert_eq!(p.role, Role::Horse);
        assert!(p.check, "{}", dump(&r));
        assert_eq!(checker_roles(p), [Role::Rook], "{}", dump(&r));
    }
    let checkers: Vec<Square> = plies(&r, Color::Red)
        .iter()
        .map(|p| p.checkers[0].1)
        .collect();
    assert_eq!(checkers[..2], [sq("e2"), sq("f2")]);
}

// ------------------------------------------------------ Article 23, point 2

#[test]
fn article_23_point_2_one_check_one_chase_is_a_draw() {
    // Red: Kd0, Ra5. Black: Ke9, Cc5. The rook checks from a9, then drops
    // back to a5 attacking the unprotected cannon; the king steps e9–e8.
    let fen = "4k4/9/9/9/R1c6/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("a5a9 e9e8 a9a5 e8e9", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.2", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert!(red[0].check && chases(red[0]).is_empty(), "{}", dump(&r));
    assert!(!red[1].check, "{}", dump(&r));
    assert_eq!(
        chases(red[1]),
        [("c5".to_string(), Role::Cannon)],
        "{}",
        dump(&r)
    );
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
}

#[test]
fn article_23_point_2_one_check_one_idle_is_a_draw() {
    // Red: Kd0, Ra5. Black: Ke9. The rook checks from a9 and goes back to a5.
    let fen = "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("a5a9 e9e8 a9a5 e8e9", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.2", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert!(red[0].check);
    assert!(!red[1].check && red[1].threats.is_empty(), "{}", dump(&r));
}

#[test]
fn article_22_2_a_checking_move_is_a_check_and_chases_nothing_even_when_it_forks() {
    // Red: Kd0, Rc5. Black: Ke9, Ra9, Hb9. From c9 the rook checks along
    // rank 9 and also attacks the horse, which the a9 rook guards. Black
    // must answer the check (only e9–e8 does), so what else the checking
    // move attacks cannot be weighed as a quiet move's threat would: the
    // move is a check, not a chase.
    let fen = "rn2k4/9/9/9/2R6/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("c5c9 e9e8 c9c5 e8e9", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.2", "7.2.b"]);
    assert_eq!(refs(&r), ["7.2.b", "23.2"], "{}", dump(&r));
    let red = plies(&r, Color::Red);
    assert!(red[0].check, "{}", dump(&r));
    assert!(red[0].threats.is_empty(), "{}", dump(&r));
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
}

// ------------------------------------------------------ Article 23, point 3

#[test]
fn article_23_point_3_one_piece_chasing_one_unprotected_piece_loses() {
    // Red: Ke0, Ra0. Black: Kd9, Hc6. The rook follows the horse c6–a7
    // along rank 0 (c0–a0), attacking it up the file each time.
    let fen = "3k5/9/9/2n6/9/9/9/9/9/R3K4 w - - 0 1";
    let cycle = "a0c0 c6a7 c0a0 a7c6";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.3", "7.1.h"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("c6".to_string(), Role::Horse)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("a7".to_string(), Role::Horse)],
        "{}",
        dump(&r)
    );
    assert!(
        red.iter()
            .all(|p| p.threats[0].threat.protection == Protection::None)
    );
    assert_same_target_throughout(&r, Color::Red);

    let r = ruling(fen, &repeat(cycle, 2, "a0c0"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.3", "7.1.h"]);
}

#[test]
fn article_23_point_3_two_pieces_chasing_one_piece_lose() {
    // Red: Ke0, Ri5, Hh4. Black: Kd9, Ee7. The horse attacks the elephant
    // on e7 from f5 (closing rank 5); the elephant goes to c5; the horse
    // goes back to h4 and the rook attacks c5 along rank 5.
    let fen = "3k5/9/4b4/9/8R/7N1/9/9/9/4K4 w - - 0 1";
    let r = ruling(fen, &repeat("h4f5 e7c5 f5h4 c5e7", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.3", "7.1.h"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("e7".to_string(), Role::Elephant)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("c5".to_string(), Role::Elephant)],
        "{}",
        dump(&r)
    );
    assert_eq!(red[0].threats[0].attacker_ids[0].1, Role::Horse);
    assert_eq!(red[1].threats[0].attacker_ids[0].1, Role::Rook);
    match &rep(&r).red.pattern {
        Pattern::PerpetualChase(f) => {
            assert_eq!(f.target_role, Role::Elephant);
            assert!(f.chaser_roles.contains(&Role::Horse) && f.chaser_roles.contains(&Role::Rook));
        }
        other => panic!("{other:?}\n{}", dump(&r)),
    }
}

#[test]
fn article_23_point_3_chasing_an_uncrossed_pawn_is_allowed() {
    // Red: Ke0, Ra1, Cc0. Black: Kd9, Ee7, Pc6 (on its own half). Every red
    // move newly attacks the pawn: the rook comes to c1 (cannon behind it),
    // the black elephant blocks on c5, the rook leaves and the cannon now
    // hits c6 over the elephant; the elephant goes back to e7.
    let fen = "3k5/9/4b4/2p6/9/9/9/9/R8/2C1K4 w - - 0 1";
    let r = ruling(fen, &repeat("a1c1 e7c5 c1a1 c5e7", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.3", "7.2.b"]);
    for p in plies(&r, Color::Red) {
        let t = threats(p);
        assert!(
            t.iter().any(|(s, role, kind, _)| s == "c6"
                && *role == Role::Pawn
                && *kind == ThreatKind::UncrossedPawn),
            "{}",
            dump(&r)
        );
        assert!(chases(p).is_empty(), "{}", dump(&r));
    }
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
}

#[test]
fn article_23_point_3_chasing_a_crossed_pawn_loses() {
    // Red: Ke0, Rb0. Black: Kd9, Pa3 (crossed, moving sideways a3–b3). The
    // rook follows it along rank 0.
    let fen = "3k5/9/9/9/9/9/p8/9/9/1R2K4 w - - 0 1";
    let cycle = "b0a0 a3b3 a0b0 b3a3";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.3", "7.1.h"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("a3".to_string(), Role::Pawn)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("b3".to_string(), Role::Pawn)],
        "{}",
        dump(&r)
    );

    let r = ruling(fen, &repeat(cycle, 2, "b0a0"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.3", "7.1.h"]);
}

// ------------------------------------------------------ Article 23, point 4

#[test]
fn article_23_point_4_one_piece_chasing_two_pieces_in_turn_is_a_draw() {
    // Red: Kd0, Rc0. Black: Ke9, Ha7, Cc7. The rook swings c0–a0, attacking
    // the cannon and the horse in turn; the king steps e9–f9.
    let fen = "4k4/9/n1c6/9/9/9/9/9/9/2RK5 w - - 0 1";
    let r = ruling(fen, &repeat("c0a0 e9f9 a0c0 f9e9", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.4", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("a7".to_string(), Role::Horse)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("c7".to_string(), Role::Cannon)],
        "{}",
        dump(&r)
    );
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
}

// ------------------------------------------------------ Article 23, point 5

#[test]
fn article_23_point_5_two_chases_one_chase_back_the_double_chaser_loses() {
    // Red: Ke0, Ra0, Pe5. Black: Kd9, Hc6. The rook chases the horse
    // (c6–a7) on every move; the horse, coming back to c6, attacks the
    // unprotected crossed pawn on e5 every second move.
    let fen = "3k5/9/9/2n6/4P4/9/9/9/9/R3K4 w - - 0 1";
    let r = ruling(fen, &repeat("a0c0 c6a7 c0a0 a7c6", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.5", "23.3", "7.1.h"],
    );
    let black = plies(&r, Color::Black);
    assert!(chases(black[0]).is_empty(), "{}", dump(&r));
    assert_eq!(
        chases(black[1]),
        [("e5".to_string(), Role::Pawn)],
        "{}",
        dump(&r)
    );
    assert_eq!(rep(&r).black.pattern, Pattern::Allowed);
    assert_same_target_throughout(&r, Color::Red);
}

// ------------------------------------------------------ Article 23, point 6

#[test]
fn article_23_point_6_chasing_a_truly_protected_piece_is_a_draw() {
    // Red: Ke0, Ra0. Black: Kf9, Hc8 (guarded by Rd8), Hb9 (guards a7).
    // The rook attacks the horse on c8 and on a7; each time a legal
    // recapture exists.
    let fen = "1n3k3/2nr5/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let r = ruling(fen, &repeat("a0c0 c8a7 c0a0 a7c8", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.6", "7.2.b"]);
    for p in plies(&r, Color::Red) {
        let t = threats(p);
        assert_eq!(t.len(), 1, "{}", dump(&r));
        assert_eq!(
            (t[0].1, t[0].2, t[0].3),
            (Role::Horse, ThreatKind::Protected, Protection::True)
        );
    }
}

#[test]
fn article_23_point_6_chasing_a_falsely_protected_piece_loses() {
    // Red: Kd0, Re3, Rg2. Black: Ke8, He7, Cc6. The horse guards c6 and g6
    // but is pinned against its king by the e3 rook; the g2 rook chases the
    // cannon c6–g6 along rank 2.
    let fen = "9/4k4/4n4/2c6/9/9/4R4/6R2/9/3K5 w - - 0 1";
    let cycle = "g2c2 c6g6 c2g2 g6c6";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.6", "23.3", "7.1.h"],
    );
    for p in plies(&r, Color::Red) {
        let t = threats(p);
        assert_eq!(t.len(), 1, "{}", dump(&r));
        assert_eq!(
            (t[0].1, t[0].2, t[0].3),
            (Role::Cannon, ThreatKind::Chase, Protection::False)
        );
    }

    let r = ruling(fen, &repeat(cycle, 2, "g2c2"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.6", "7.1.h"]);
}

#[test]
fn article_23_point_6_chasing_a_piece_protected_only_by_a_facing_king_loses() {
    // Red: Kd0, Ri6. Black: Kd8, Cd7. The cannon shuttles d7–d6 on the
    // kings' file; on d7 only its king guards it, and that recapture would
    // face the red king. The rook attacks it from i7 and i6.
    let fen = "9/3k5/3c5/8R/9/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("i6i7 d7d6 i7i6 d6d7", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.6", "7.1.h"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        threats(red[0]),
        [(
            "d7".to_string(),
            Role::Cannon,
            ThreatKind::Chase,
            Protection::False
        )],
        "{}",
        dump(&r)
    );
    assert_eq!(
        threats(red[1]),
        [(
            "d6".to_string(),
            Role::Cannon,
            ThreatKind::Chase,
            Protection::None
        )],
        "{}",
        dump(&r)
    );
}

#[test]
fn article_23_point_6_horse_chasing_a_protected_rook_loses() {
    // Red: Kd0, Hc4. Black: Ke9, Ra8 (guarded by Hc9), Hc6 (guards a5). The
    // horse attacks the rook on a8 from b6 and on a5 from c4.
    let fen = "2n1k4/r8/9/2n6/9/2N6/9/9/9/3K5 w - - 0 1";
    let cycle = "c4b6 a8a5 b6c4 a5a8";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.6", "7.1.h"],
    );
    for p in plies(&r, Color::Red) {
        let t = &p.threats[0].threat;
        assert_eq!(
            (t.target_role, t.kind, t.protection),
            (Role::Rook, ThreatKind::Chase, Protection::True)
        );
        assert!(t.flags.rook_by_horse_or_cannon);
    }
    let r = ruling(fen, &repeat(cycle, 2, "c4b6"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.6"]);
}

#[test]
fn article_23_point_6_cannon_chasing_a_protected_rook_loses() {
    // Red: Kd0, Ca5. Black: Ke9, Ri7, Hg6 (guards i7 and i5), Eg9, Ee7,
    // Pe5. The cannon shuttles a5–a7 and hits the rook (i7–i5) over the
    // elephant on e7 and the pawn on e5.
    let fen = "4k1b2/9/4b3r/6n2/C3p4/9/9/9/9/3K5 w - - 0 1";
    let cycle = "a5a7 i7i5 a7a5 i5i7";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.6", "7.1.h"],
    );
    for p in plies(&r, Color::Red) {
        let t = &p.threats[0].threat;
        assert_eq!(
            (t.target_role, t.kind, t.protection),
            (Role::Rook, ThreatKind::Chase, Protection::True),
            "{}",
            dump(&r)
        );
        assert!(t.flags.rook_by_horse_or_cannon);
    }
    let r = ruling(fen, &repeat(cycle, 2, "a5a7"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.6"]);
}

// ------------------------------------------------------ Article 23, point 7

#[test]
fn article_23_point_7_protected_but_pinned_target_that_cannot_move_is_chased() {
    // Red: Ke0, Ca7, Rc4. Black: Ke9, He7 (between the kings: it cannot
    // move), Eg9 (guards e7), Hb8. The rook comes to c7 and hits e7 (the
    // cannon too, over the rook); the b8 horse blocks on d7; the rook
    // leaves and the cannon hits e7 over d7; the horse goes back.
    let fen = "4k1b2/1n7/C3n4/9/9/2R6/9/9/9/4K4 w - - 0 1";
    let cycle = "c4c7 b8d7 c7c4 d7b8";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.7", "7.1.h"],
    );
    for p in plies(&r, Color::Red) {
        let t = p
            .threats
            .iter()
            .find(|t| t.threat.target == sq("e7"))
            .expect("e7 threatened");
        assert_eq!(
            (t.threat.kind, t.threat.protection),
            (ThreatKind::Chase, Protection::True),
            "{}",
            dump(&r)
        );
        assert!(t.threat.flags.pinned_target);
    }
    let r = ruling(fen, &repeat(cycle, 2, "c4c7"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.7"]);
}

#[test]
fn article_23_point_6_undermining_the_root_of_a_pinned_piece_is_a_chase_even_when_the_capture_checks()
 {
    // Red: Kf0, Re5, Ca9 (screen Hb9 on rank 9, Pb7 on rank 7). Black: Ke8,
    // He7 (pinned by the rook against its king: it cannot move), Ec9
    // (guards e7). The cannon goes to a7 and hits the pinned horse over b7
    // (23.7); the king steps up; the cannon goes back to a9, where it pins
    // the elephant against the king (over b9), so the rook's standing attack
    // on e7 now wins the horse outright (23.6, undermining), although that
    // capture would itself give check; the king steps back.
    let fen = "CNb2a2r/4k4/1P2n4/6p1p/4R4/9/8P/9/4A4/5K3 w - - 0 1";
    let cycle = "a9a7 e8e9 a7a9 e9e8";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.6", "23.7", "7.1.h"],
    );
    assert_same_target_throughout(&r, Color::Red);
    let undermining = plies(&r, Color::Red)
        .into_iter()
        .find(|p| p.mv == iccs("a7a9"))
        .expect("the cannon goes back");
    let t = undermining
        .threats
        .iter()
        .find(|t| t.threat.target == sq("e7"))
        .unwrap_or_else(|| panic!("e7 threatened\n{}", dump(&r)));
    assert_eq!(
        (t.threat.kind, t.threat.protection),
        (ThreatKind::Chase, Protection::False),
        "{}",
        dump(&r)
    );
    let r = ruling(fen, &repeat(cycle, 2, "a9a7"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.6", "23.7"]);
}

#[test]
fn article_23_point_7_horse_chasing_a_blocked_horse_loses() {
    // Red: Kd0, Hf8. Black: Ke9, Ad7, Rc9, Hb8, Hc7. The red horse (f8–e6)
    // attacks the black horse (c7–d9); the black horse cannot strike back
    // (its leg is blocked by the advisor on d7, then by its own king on e9)
    // and is protected (rook c9; king, rook and horse on d9).
    let fen = "2r1k4/1n3N3/2na5/9/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "f8e6 c7d9 e6f8 d9c7";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.7", "7.1.h"],
    );
    for p in plies(&r, Color::Red) {
        let t = p
            .threats
            .iter()
            .find(|t| t.threat.target_role == Role::Horse)
            .expect("horse threatened");
        assert_eq!(
            (t.threat.kind, t.threat.protection),
            (ThreatKind::Chase, Protection::True),
            "{}",
            dump(&r)
        );
        assert!(t.threat.flags.blocked_horse);
    }
    let r = ruling(fen, &repeat(cycle, 2, "f8e6"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.7"]);
}

// ------------------------------------------------------ Article 23, point 8

#[test]
fn article_23_point_8_chase_mixed_with_exchange_offers_is_still_a_chase() {
    // Red: Kf0, Rd0, Hd4. Black: Ke9, Ha7, Pa6. From b5 the red horse attacks
    // a7, whose leg (a6) is blocked: a chase. From d4 it attacks c6, which
    // can take back: an offer to exchange, refused (the horse goes to a7).
    let fen = "4k4/9/n8/p8/9/3N5/9/9/9/3R1K3 w - - 0 1";
    let cycle = "d4b5 a7c6 b5d4 c6a7";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.8", "7.1.h"],
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        threats(red[0]),
        [(
            "a7".to_string(),
            Role::Horse,
            ThreatKind::Chase,
            Protection::None
        )],
        "{}",
        dump(&r)
    );
    assert_eq!(
        threats(red[1])[0].2,
        ThreatKind::ExchangeOffer,
        "{}",
        dump(&r)
    );
    assert_same_target_throughout(&r, Color::Red);

    let r = ruling(fen, &repeat(cycle, 2, "d4b5"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["23.8"]);
}

// ------------------------------------------------------ Article 23, point 9

#[test]
fn article_23_point_9_king_chasing_is_allowed() {
    // Red: Ke2. Black: Kf9, Pd1 (crossed, sideways d1–e1). The red king
    // follows it e2–d2, attacking it every move.
    let fen = "5k3/9/9/9/9/9/9/4K4/3p5/9 w - - 0 1";
    let r = ruling(fen, &repeat("e2d2 d1e1 d2e2 e1d1", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.9", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("d1".to_string(), Role::Pawn)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("e1".to_string(), Role::Pawn)],
        "{}",
        dump(&r)
    );
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
}

#[test]
fn article_23_point_9_pawn_chasing_is_allowed() {
    // Red: Kd0, Pb7. Black: Ke9, Cc8. The crossed pawn steps b7–c7 and
    // attacks the cannon (c8–b8) on every move.
    let fen = "4k4/2c6/1P7/9/9/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("b7c7 c8b8 c7b7 b8c8", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.9", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("c8".to_string(), Role::Cannon)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("b8".to_string(), Role::Cannon)],
        "{}",
        dump(&r)
    );
}

#[test]
fn article_23_point_9_king_or_pawn_with_one_rook_is_allowed() {
    // Red: Kd0, Rc2, Pb7. Black: Ke9, Hd7. The pawn attacks the horse from
    // c7 (shutting the c-file); the horse goes to c9; the pawn goes back to
    // b7 and the rook attacks c9 up the file.
    let fen = "4k4/9/1P1n5/9/9/9/9/2R6/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("b7c7 d7c9 c7b7 c9d7", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.9", "7.2.b"]);
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("d7".to_string(), Role::Horse)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("c9".to_string(), Role::Horse)],
        "{}",
        dump(&r)
    );
    assert_eq!(red[0].threats[0].attacker_ids[0].1, Role::Pawn);
    assert_eq!(red[1].threats[0].attacker_ids[0].1, Role::Rook);
    assert_same_target_throughout(&r, Color::Red);
}

// ----------------------------------------------------- Article 23, point 10

#[test]
fn article_23_point_10_perpetual_exchange_offer_is_allowed() {
    // Red: Ke0, Rc0, Hd1 (guards b0), Ea2 (guards c0). Black: Kd9, Rb7. The
    // red rook faces the black rook on the b- and c-files in turn; the
    // black rook steps aside each time.
    let fen = "3k5/9/1r7/9/9/9/9/B8/3N5/2R1K4 w - - 0 1";
    let r = ruling(fen, &repeat("c0b0 b7c7 b0c0 c7b7", 2, ""));
    expect(&r, Verdict::Draw, None, &["23.10", "7.2.b"]);
    for p in plies(&r, Color::Red) {
        let t = threats(p);
        assert_eq!(t.len(), 1, "{}", dump(&r));
        assert_eq!((t[0].1, t[0].2), (Role::Rook, ThreatKind::ExchangeOffer));
    }
}

#[test]
fn article_23_point_10_perpetual_block_is_allowed() {
    // Red: Kd0, Ha4, Pa3, Pc3. Black: Ke9, Ra9. The black rook swings a9–c9
    // to hit a pawn; the red horse blocks the file each time (a4–c5), also
    // offering itself.
    let fen = "r3k4/9/9/9/9/N8/P1P6/9/9/3K5 b - - 0 1";
    let r = ruling(fen, &repeat("a9c9 a4c5 c9a9 c5a4", 2, ""));
    expect(&r, Verdict::Draw, None, &["7.2.b", "23.10"]);
    for p in plies(&r, Color::Red) {
        assert!(!p.check && p.threats.is_empty(), "{}", dump(&r));
        assert!(p.blocks && p.sacrifice, "{}", dump(&r));
    }
    for p in plies(&r, Color::Black) {
        assert!(
            threats(p).iter().all(|t| t.2 == ThreatKind::UncrossedPawn),
            "{}",
            dump(&r)
        );
    }
    assert_eq!(rep(&r).red.pattern, Pattern::Allowed);
    assert_eq!(rep(&r).black.pattern, Pattern::Allowed);
}

// ------------------------------------------ discovered checks, evasions

/// Red: Kd0, Re0, Ce5, Nd4. Black: Ke9, Ra9, Pc5, Nc4. The cannon steps
/// e5–e4–e5 on the rook's file: each time it could take the black horse
/// (over the d4 horse, then over the c5 pawn) and uncover the rook's check,
/// so Black could not recapture although the pawn (c4) or the rook (a5)
/// guards the horse. The horse steps c4–a5–c4.
const RUT_FEN: &str = "r3k4/9/9/9/2p1C4/2nN5/9/9/9/3KR4 w - - 0 1";
const RUT_CYCLE: &str = "e5e4 c4a5 e4e5 a5c4";

#[test]
fn article_23_point_10_threatening_to_win_a_piece_by_discovered_check_is_allowed() {
    let r = ruling(RUT_FEN, &repeat(RUT_CYCLE, 2, ""));
    expect(&r, Verdict::Draw, None, &["7.2.b", "23.10"]);
    for p in plies(&r, Color::Red) {
        assert_eq!(
            threats(p),
            [(
                p.threats[0].threat.target.to_string(),
                Role::Horse,
                ThreatKind::DiscoveredCheck,
                Protection::False
            )],
            "{}",
            dump(&r)
        );
    }
    // Without the rook behind the cannon there is no discovered check: the
    // horse is simply protected.
    let r = ruling(&RUT_FEN.replace("3KR4", "3K5"), &repeat(RUT_CYCLE, 2, ""));
    expect(&r, Verdict::Draw, None, &["23.6"]);
}

#[test]
fn article_23_point_2_one_chase_one_discovered_check_threat_is_allowed() {
    // As above without Black's a9 rook: on a5 the horse is unprotected and
    // plainly chased, on c4 it is threatened by discovered check only
    // ("một bắt một rút ăn quân").
    let r = ruling(
        &RUT_FEN.replacen("r3k4", "4k4", 1),
        &repeat(RUT_CYCLE, 2, ""),
    );
    // Point 2 names the pattern; point 10 is for threats on every move.
    expect(&r, Verdict::Draw, None, &["7.2.b", "23.2"]);
    assert!(!refs(&r).contains(&"23.10"), "{}", dump(&r));
    let kinds: Vec<ThreatKind> = plies(&r, Color::Red)
        .iter()
        .map(|p| p.threats[0].threat.kind)
        .collect();
    assert_eq!(
        kinds,
        [ThreatKind::DiscoveredCheck, ThreatKind::Chase],
        "{}",
        dump(&r)
    );
}

#[test]
fn article_22_12_answering_a_check_does_not_renew_a_standing_threat() {
    // Red: Kd0, Rg2. Black: Ke9, Ra1, Ch5. The rook attacks the unprotected
    // cannon; Black checks with its rook instead of saving it; the king
    // steps aside, and the threat the check suspended is the same threat,
    // not a new chase. Then the cannon leaves and the rook follows.
    let fen = "4k4/9/9/9/7c1/9/9/6R2/r8/3K5 w - - 0 1";
    let cycle = "g2h2 a1a0 d0d1 h5g5 h2g2 a0a1 d1d0 g5h5";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(&r, Verdict::Draw, None, &["7.2.b", "23.2"]);
    let red: Vec<bool> = plies(&r, Color::Red).iter().map(|p| p.chases()).collect();
    assert_eq!(red, [true, false, true, false], "{}", dump(&r));
}

// ----------------------------------------------------------- Article 24

#[test]
fn article_24_point_3_mutual_check_and_counter_check_is_a_draw() {
    // Red: Ke1, Ce3, Rf0. Black: Kf8, Ce9, Rf5. Red starts in check from the
    // e9 cannon. Every move parries the check and checks back: cannon e3–f3
    // (over the f5 rook), rook f5–e5, cannon f3–e3 (uncovering the f0
    // rook), rook e5–f5 (uncovering the e9 cannon).
    let fen = "4c4/5k3/9/9/5r3/9/4C4/9/4K4/5R3 w - - 0 1";
    let r = ruling(fen, &repeat("e3f3 f5e5 f3e3 e5f5", 2, ""));
    expect(&r, Verdict::Draw, None, &["24.3", "7.2.c"]);
    assert!(rep(&r).cycle.iter().all(|p| p.check), "{}", dump(&r));
    assert_eq!(rep(&r).red.pattern, Pattern::PerpetualCheck);
    assert_eq!(rep(&r).black.pattern, Pattern::PerpetualCheck);
}

#[test]
fn article_24_point_4_two_checks_one_check_back_the_continuous_checker_loses() {
    // Red: Kd1, Rd4, Ce0. Black: Ke8, Ce6. Black starts in check. Red
    // checks on every move (rook d4–e4, then the e0 cannon over e6); Black
    // checks back only every second move (cannon e6–d6 over the d4 rook).
    let fen = "9/4k4/9/4c4/9/3R5/9/9/3K5/4C4 b - - 0 1";
    let cycle = "e6d6 d4e4 d6e6 e4d4";
    let r = ruling(fen, &repeat(cycle, 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["24.4", "23.1", "7.1.g"],
    );
    assert!(
        plies(&r, Color::Red).iter().all(|p| p.check),
        "{}",
        dump(&r)
    );
    let black: Vec<bool> = plies(&r, Color::Black).iter().map(|p| p.check).collect();
    assert_eq!(black, [true, false], "{}", dump(&r));

    let r = ruling(fen, &repeat(cycle, 2, "e6d6 d4e4"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["24.4"]);
}

// ------------------------------------------------------------ Article 7.2

#[test]
fn article_7_2_b_no_violation_is_a_draw() {
    // Red: Kd0, Eg0. Black: Kf9, Ec9. Both elephants shuttle; nothing is
    // checked or attacked.
    let fen = "2b2k3/9/9/9/9/9/9/9/9/3K2B2 w - - 0 1";
    let r = ruling(fen, &repeat("g0e2 c9e7 e2g0 e7c9", 2, ""));
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
    assert!(
        rep(&r)
            .cycle
            .iter()
            .all(|p| !p.check && p.threats.is_empty()),
        "{}",
        dump(&r)
    );
}

#[test]
fn article_7_2_c_both_chasing_perpetually_is_a_draw() {
    // Red: Kd1, He1, Hg0. Black: Ke9, Rf1, Rg6. The e1 horse is pinned on
    // rank 1 by the f1 rook. The g0 horse attacks the rook from h2 (f1) and
    // from g0 (f2); the rook answers each time against the same horse: from
    // f2 it attacks h2 along rank 2, and back on f1 it blocks the leg of the
    // e1 horse, the only guard of g0, which the g6 rook attacks.
    let fen = "4k4/9/9/6r2/9/9/9/9/3KNr3/6N2 w - - 0 1";
    let r = ruling(fen, &repeat("g0h2 f1f2 h2g0 f2f1", 2, ""));
    expect(&r, Verdict::Draw, None, &["7.2.c"]);
    assert!(
        matches!(rep(&r).red.pattern, Pattern::PerpetualChase(_)),
        "{}",
        dump(&r)
    );
    assert!(
        matches!(rep(&r).black.pattern, Pattern::PerpetualChase(_)),
        "{}",
        dump(&r)
    );
    let red = plies(&r, Color::Red);
    assert_eq!(
        chases(red[0]),
        [("f1".to_string(), Role::Rook)],
        "{}",
        dump(&r)
    );
    assert_eq!(
        chases(red[1]),
        [("f2".to_string(), Role::Rook)],
        "{}",
        dump(&r)
    );
    let black = plies(&r, Color::Black);
    assert!(
        chases(black[0]).contains(&("h2".to_string(), Role::Horse)),
        "{}",
        dump(&r)
    );
    // Back on f1 the rook undermines g0's only protector: g0 becomes chased.
    assert!(
        chases(black[1]).contains(&("g0".to_string(), Role::Horse)),
        "{}",
        dump(&r)
    );
    assert_same_target_throughout(&r, Color::Red);
    assert_same_target_throughout(&r, Color::Black);
}

#[test]
fn perpetual_check_against_perpetual_chase_the_checker_is_the_violator() {
    // Red: Kd0, Ra9. Black: Ke8, Ci9, Ci8, Eg9, Hg8. The rook checks from
    // a8 and a9 in turn; each king step (e8–e9) uncovers a cannon (over the
    // g8 horse or the g9 elephant) that attacks the rook.
    let fen = "R5b1c/4k1n1c/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let r = ruling(fen, &repeat("a9a8 e8e9 a8a9 e9e8", 2, ""));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["7.1.g", "23.1"],
    );
    assert_eq!(rep(&r).red.pattern, Pattern::PerpetualCheck);
    assert!(
        matches!(rep(&r).black.pattern, Pattern::PerpetualChase(_)),
        "{}",
        dump(&r)
    );
    for p in plies(&r, Color::Black) {
        assert_eq!(p.role, Role::King);
        assert_eq!(chases(p).len(), 1, "{}", dump(&r));
        assert_eq!(chases(p)[0].1, Role::Rook);
        assert_eq!(p.threats[0].attacker_ids[0].1, Role::Cannon);
    }
}

// ------------------------------------------------- must change, then what

/// Article 23.3's horse chase: Red must change after 8 plies.
const CHASE_FEN: &str = "3k5/9/9/2n6/9/9/9/9/9/R3K4 w - - 0 1";
const CHASE_CYCLE: &str = "a0c0 c6a7 c0a0 a7c6";

#[test]
fn must_change_then_repeat_becomes_loss() {
    let r = ruling(CHASE_FEN, &repeat(CHASE_CYCLE, 2, ""));
    expect(&r, Verdict::MustChange, Some(Color::Red), &["7.1.h"]);
    assert_eq!(rep(&r).trigger_ply, 8);
    assert_eq!(rep(&r).loss_ply, None);
    // Black's move after the trigger does not decide anything: still
    // must_change until Red moves.
    let r = ruling(CHASE_FEN, &repeat(CHASE_CYCLE, 2, "a0c0"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["7.1.h"]);
    assert_eq!(rep(&r).loss_ply, Some(9));
    // Playing on after the loss does not undo it.
    let r = ruling(CHASE_FEN, &repeat(CHASE_CYCLE, 2, "a0c0 c6a7 c0c1"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["7.1.h"]);
}

#[test]
fn must_change_then_violator_changes_returns_to_none() {
    // Red changes with the rook to a1 instead of a0–c0.
    let r = ruling(CHASE_FEN, &repeat(CHASE_CYCLE, 2, "a0a1"));
    assert_eq!(r.verdict, Verdict::None, "{}", dump(&r));
    assert_eq!(r.violator, None);
    assert!(r.repetition.is_none());
    let broken = r
        .broken_repetition
        .as_ref()
        .expect("the broken cycle is reported");
    assert_eq!(broken.broken_at_ply, Some(9));
    assert_eq!(broken.verdict.violator, Some(Color::Red));
}

#[test]
fn draw_then_a_change_returns_to_none() {
    let fen = "2b2k3/9/9/9/9/9/9/9/9/3K2B2 w - - 0 1";
    let r = ruling(fen, &repeat("g0e2 c9e7 e2g0 e7c9", 2, ""));
    assert_eq!(r.verdict, Verdict::Draw);
    // The draw stands while play repeats ...
    let r = ruling(fen, &repeat("g0e2 c9e7 e2g0 e7c9", 2, "g0e2"));
    assert_eq!(r.verdict, Verdict::Draw, "{}", dump(&r));
    // ... and a new position ends it.
    let r = ruling(fen, &repeat("g0e2 c9e7 e2g0 e7c9", 2, "d0d1"));
    assert_eq!(r.verdict, Verdict::None, "{}", dump(&r));
    assert_eq!(
        r.broken_repetition.as_ref().and_then(|b| b.broken_at_ply),
        Some(9)
    );
}

// ------------------------------------------- which cycle, and what follows

/// Red: Kf0, Ra8. Black: Kd9. From the start, `CHECKS` has the rook check
/// on both of its moves (a9 and a8 are on the king's rank) and `IDLE` has
/// it shuttle a8–b8 while the king steps d9–e9: both come back to the start.
const ROOK_FEN: &str = "3k5/R8/9/9/9/9/9/9/9/5K3 w - - 0 1";
const CHECKS: &str = "a8a9 d9d8 a9a8 d8d9";
const IDLE: &str = "a8b8 d9e9 b8a8 e9d9";

#[test]
fn the_cycle_judged_is_the_one_since_the_previous_occurrence() {
    // The start comes back at plies 4 and 8. Red was idle in the first
    // cycle and checked on every move of the second, the one that has just
    // repeated: that is perpetual check.
    let r = ruling(ROOK_FEN, &format!("{IDLE} {CHECKS}"));
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    let rep = rep(&r);
    assert_eq!(
        (rep.first_ply, rep.previous_ply, rep.trigger_ply),
        (0, 4, 8)
    );
    assert_eq!(
        rep.cycle.iter().map(|p| p.ply).collect::<Vec<_>>(),
        [5, 6, 7, 8]
    );
    // The other way round the cycle that repeated is idle: a draw.
    let r = ruling(ROOK_FEN, &format!("{CHECKS} {IDLE}"));
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
}

#[test]
fn a_draw_is_judged_again_when_the_play_repeats_a_different_cycle() {
    // Checks, then idle twice: the third occurrence (ply 8) closes an idle
    // cycle, a draw, which stands while the idle cycle is replayed.
    let r = ruling(ROOK_FEN, &format!("{CHECKS} {IDLE} {IDLE}"));
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
    assert_eq!(rep(&r).trigger_ply, 8);
    // Then Red checks again through positions already seen: the draw does
    // not cover it. The fifth occurrence closes a cycle of checks.
    let game = format!("{CHECKS} {IDLE} {IDLE} {CHECKS}");
    let r = ruling(ROOK_FEN, &game);
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    let rep = rep(&r);
    assert_eq!(
        (rep.occurrences, rep.previous_ply, rep.trigger_ply),
        (5, 12, 16)
    );
    assert!(
        xiangqi_arbiter::adjudication::explain(&r)
            .en
            .contains("fifth time"),
        "{}",
        dump(&r)
    );
    let r = ruling(ROOK_FEN, &format!("{game} a8a9"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["7.1.g"]);
}

#[test]
fn a_change_to_a_position_outside_the_cycle_is_a_change() {
    // Red: Kf0, Ra5. Black: Kd8. The rook comes to a9 and checks from a9
    // and a8 until the third occurrence at ply 11.
    let fen = "9/3k5/9/9/R8/9/9/9/9/5K3 w - - 0 1";
    let game = "a5a4 d8d9 a4a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9";
    let r = ruling(fen, game);
    expect(&r, Verdict::MustChange, Some(Color::Red), &["23.1"]);
    assert_eq!(rep(&r).trigger_ply, 11);
    // Back to a4 is a position of ply 1, before the cycle: Red did change.
    let r = ruling(fen, &format!("{game} d9d8 a9a4"));
    assert_eq!(r.verdict, Verdict::None, "{}", dump(&r));
    assert_eq!(
        r.broken_repetition.as_ref().and_then(|b| b.broken_at_ply),
        Some(13)
    );
    // Back to a8 is the cycle again: the loss.
    let r = ruling(fen, &format!("{game} d9d8 a9a8"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["7.1.g"]);
    assert_eq!(rep(&r).loss_ply, Some(13));
}

#[test]
fn the_other_side_leaving_the_cycle_ends_the_must_change() {
    // Red: Kd0, Rc1. Black: Ke9, Ca7. The rook chases the unprotected
    // cannon along ranks 1 and 7; at ply 9 Red must change.
    let fen = "4k4/9/c8/9/9/9/9/9/2R6/3K5 w - - 0 1";
    let game = "c1a1 a7b7 a1b1 b7a7 b1a1 a7b7 a1b1 b7a7 b1a1";
    let r = ruling(fen, game);
    expect(&r, Verdict::MustChange, Some(Color::Red), &["23.3"]);
    // Black moves the cannon out of the cycle first: nothing repeats any more.
    let r = ruling(fen, &format!("{game} a7c7"));
    assert_eq!(r.verdict, Verdict::None, "{}", dump(&r));
    assert_eq!(
        r.broken_repetition.as_ref().and_then(|b| b.broken_at_ply),
        Some(10)
    );
}

#[test]
fn a_loss_by_repetition_ends_the_game() {
    // Red: Ke0, Ra8, Ri1, Pd6. Black: Kd9. Red checks perpetually, loses at
    // ply 9, and plays on to a mate at ply 11 that no longer counts.
    let fen = "3k5/R8/9/3P5/9/9/9/9/8R/4K4 w - - 0 1";
    let r = ruling(fen, &format!("{CHECKS} {CHECKS} a8a9 d9d8 i1i8"));
    expect(&r, Verdict::Loss, Some(Color::Red), &["7.1.g"]);
    assert_eq!(rep(&r).loss_ply, Some(9));
    assert_eq!(r.game_end, None, "{}", dump(&r));
    assert!(!refs(&r).contains(&"7.1.a"), "{}", dump(&r));
}

#[test]
fn article_12_a_finished_game_leaves_no_draw_to_claim() {
    // 99 plies without a capture, then a mate on the 100th.
    let r = ruling("3k5/1R7/9/9/9/9/9/9/R8/5K3 w - - 99 60", "a1a9");
    assert_eq!(r.no_capture.plies, 100);
    assert!(!r.no_capture.draw_claimable, "{}", dump(&r));
    assert!(matches!(
        r.game_end,
        Some(GameEnd::Checkmate { winner: Color::Red })
    ));
    assert_eq!(refs(&r), ["7.1.a"]);
}

#[test]
fn no_third_occurrence_is_none() {
    // The chase played once and a half: every position occurs at most twice.
    for n in [4, 7] {
        let all = repeat(CHASE_CYCLE, 2, "");
        let moves = all.split(' ').take(n).collect::<Vec<_>>().join(" ");
        let r = ruling(CHASE_FEN, &moves);
        assert_eq!(r.verdict, Verdict::None, "{n} plies\n{}", dump(&r));
        assert!(r.repetition.is_none() && r.broken_repetition.is_none());
        assert!(refs(&r).is_empty());
    }
}

#[test]
fn repetition_is_counted_with_the_side_to_move() {
    // Red: Kd0, Ra0. Black: Ke9. The rook goes round a0–a2–a1 (three moves)
    // while the king steps e9–e8 (two moves): the start board comes back
    // after 5 plies with Black to move, after 12 with Red to move, after 17
    // with Black to move. As positions (board and side to move) none occurs
    // three times before ply 24.
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
    let rook = ["a0a2", "a2a1", "a1a0"];
    let king = ["e9e8", "e8e9"];
    let mut moves = Vec::new();
    for i in 0..12 {
        moves.push(rook[i % 3]);
        moves.push(king[i % 2]);
    }
    let board = |fen: &str| fen.split(' ').next().unwrap().to_string();
    let game = replay(fen, &moves.join(" "));
    let start = board(&game.position(0).to_fen());
    for ply in [5, 12, 17] {
        assert_eq!(board(&game.position(ply).to_fen()), start, "ply {ply}");
    }
    assert_ne!(game.position(0).key(), game.position(5).key());
    assert_eq!(game.position(0).key(), game.position(12).key());

    let r = ruling(fen, &moves[..17].join(" "));
    assert_eq!(r.verdict, Verdict::None, "{}", dump(&r));
    // The third occurrence with the same side to move comes at ply 24.
    let r = ruling(fen, &moves[..24].join(" "));
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
    assert_eq!((rep(&r).first_ply, rep(&r).trigger_ply), (0, 24));
}

// ------------------------------------------------------------- Article 12

#[test]
fn article_12_no_capture_counter_counts_plies_and_resets_on_capture() {
    // Red: Kd0, Ra0. Black: Ke9, Ca7.
    let fen = "4k4/9/c8/9/9/9/9/9/9/R2K5 w - - 0 1";
    let quiet = "a0b0 e9e8 b0a0 e8e9";
    let r = ruling(fen, quiet);
    assert_eq!(r.no_capture.plies, 4);
    assert_eq!(r.no_capture.limit, 100);
    assert!(!r.no_capture.draw_claimable && !refs(&r).contains(&"12"));

    let r = ruling_with(
        fen,
        quiet,
        Options {
            no_capture_limit: 4,
        },
    );
    assert!(
        r.no_capture.draw_claimable && refs(&r).contains(&"12"),
        "{}",
        dump(&r)
    );
    let r = ruling_with(
        fen,
        quiet,
        Options {
            no_capture_limit: 5,
        },
    );
    assert!(!r.no_capture.draw_claimable);

    // The rook takes the cannon: the count starts again.
    let r = ruling_with(
        fen,
        &format!("{quiet} a0a7"),
        Options {
            no_capture_limit: 4,
        },
    );
    assert_eq!(r.no_capture.plies, 0);
    assert!(!r.no_capture.draw_claimable && !refs(&r).contains(&"12"));
    let r = ruling(fen, &format!("{quiet} a0a7 e9e8"));
    assert_eq!(r.no_capture.plies, 1);

    // The count carries on from the FEN's halfmove clock: 98 + 2 = 100.
    let r = ruling("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 98 60", "a0a1 e9e8");
    assert_eq!(r.no_capture.plies, 100);
    assert!(
        r.no_capture.draw_claimable && refs(&r).contains(&"12"),
        "{}",
        dump(&r)
    );
    assert_eq!(r.verdict, Verdict::None);
}

// ------------------------------------------------------------ Article 7.1

#[test]
fn checkmate_and_stalemate_are_reported_with_the_winner() {
    // Checkmate (7.1.a). Red: Ke0, Ra8, Rb0. Black: Kf9. Rb0–b9 mates: e9
    // and f8 are covered by the rooks.
    let r = ruling("5k3/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b9");
    assert_eq!(r.game_end, Some(GameEnd::Checkmate { winner: Color::Red }));
    assert!(refs(&r).contains(&"7.1.a"), "{}", dump(&r));
    assert_eq!(r.verdict, Verdict::None);

    // Stalemate (7.1.b): the stalemated side loses. Red: Ke0, Ra7. Black:
    // Kd9. Ra7–a8 leaves the black king no move (d8 is covered by the rook,
    // e9 would face the red king) and it is not in check.
    let r = ruling("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a7a8");
    assert_eq!(r.game_end, Some(GameEnd::Stalemate { winner: Color::Red }));
    assert!(refs(&r).contains(&"7.1.b"), "{}", dump(&r));
    assert!(
        !replay("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a7a8")
            .last()
            .is_check()
    );
}

// ------------------------------------------- Chase analysis, second pass
//
// Three readings of Article 22.4 ("dọa bắt": a threat the move creates) and
// of the count after a broken draw, each shown on a position built for it,
// then on the positions of the AXF rule book and the arbiters' reports that
// revealed them. Every verdict is checked on the colour mirror as well.

/// The colour mirror of a position: colours swapped, board flipped top to
/// bottom, the other side to move. Legal if the position is.
fn mirror(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("illegal FEN {fen}: {e:?}"));
    let mirrored = chess::mirror_colours(&pos);
    let moves = moves
        .split_whitespace()
        .map(|m| {
            let m = iccs(m);
            Move::new(m.from.mirror_rank(), m.to.mirror_rank())
        })
        .collect();
    (mirrored, moves)
}

/// [`expect`] on the game and on its colour mirror (the violator swapped).
#[track_caller]
fn expect_mirrored(
    fen: &str,
    moves: &str,
    verdict: Verdict,
    violator: Option<Color>,
    articles: &[&str],
) {
    expect(&ruling(fen, moves), verdict, violator, articles);
    let (start, moves) = mirror(fen, moves);
    let r = rule(
        &Replay::from_moves(start, &moves).expect("the mirrored moves are legal"),
        Options::default(),
    );
    expect(&r, verdict, violator.map(Color::other), articles);
}

/// The cycle played twice is `must_change` for `violator`; one more move of
/// the cycle by the violator is `loss`. Both on the mirror too.
#[track_caller]
fn expect_perpetual(fen: &str, cycle: &str, violator: Color, articles: &[&str]) {
    let once_more = cycle.split_whitespace().next().expect("a cycle");
    expect_mirrored(
        fen,
        &repeat(cycle, 2, ""),
        Verdict::MustChange,
        Some(violator),
        articles,
    );
    expect_mirrored(
        fen,
        &repeat(cycle, 2, once_more),
        Verdict::Loss,
        Some(violator),
        articles,
    );
}

/// The targets a side's plies chase (kind `Chase`), ply by ply.
fn chased_squares(r: &Ruling, side: Color) -> Vec<Vec<String>> {
    plies(r, side)
        .iter()
        .map(|p| chases(p).into_iter().map(|(sq, _)| sq).collect())
        .collect()
}

/// Article 22.12 and 23.10: a protection that runs through the standing
/// attacker's own square is a protector attacking the attacker; a move that
/// cuts it parries that attack and chases nothing. Red: cannon c9 chasing
/// the rook c5 by moving its mount (the horse c7 out to e6 and back).
/// Black's horse c8 answers by leaving and rejoining the cannon's line, each
/// time cutting the cannon's root on the red horse c4, which the rook c5
/// attacks and the cannon protects through c5. Those replies are parries:
/// Red alone chases perpetually (23.6, a cannon on a rook).
#[test]
fn article_22_12_cutting_a_root_through_the_standing_attacker_is_a_parry_not_a_chase() {
    const FEN: &str = "2C2k3/2n6/2N6/9/2r6/2N6/9/9/9/4K4 w - - 0 1";
    const CYCLE: &str = "c7e6 c8e7 e6c7 e7c8";
    let r = ruling(FEN, &repeat(CYCLE, 2, ""));
    assert!(
        chased_squares(&r, Color::Black)
            .iter()
            .all(|sqs| !sqs.contains(&"c4".to_string())),
        "the parries do not chase the horse c4\n{}",
        dump(&r)
    );
    assert_eq!(rep(&r).black.pattern, Pattern::Allowed, "{}", dump(&r));
    expect_perpetual(FEN, CYCLE, Color::Red, &["23.3", "23.6", "7.1.h"]);
}

/// AXF rule 19 (diagrams 39–41): a rook held in place by a horse's leg is
/// chased by a rook and a cannon in turn; its side only shuffles an advisor
/// across their lines. The advisor cuts roots of the horse g1 that run
/// through the rook's own square f1: parries, not chases. Black must change
/// (23.3; 23.6, a cannon among the chasers of a rook; 23.7, the rook is
/// pinned and cannot move but to take the horse).
#[test]
fn axf_d39_rook_immobilised_by_horse_is_chased() {
    expect_perpetual(
        "3k5/9/9/9/9/9/1r7/9/c4Rn2/4KA3 b - - 0 1",
        "b3b1 f0e1 b1b3 e1f0",
        Color::Black,
        &["23.3", "23.6", "23.7", "7.1.h"],
    );
}

/// AXF rule 26 (diagram 61): a cannon chases a rook by moving its mount
/// even if the rook never moves; the rook's side answering by moving the
/// other mount only parries (its cut of g4's root runs through f4).
#[test]
fn axf_d61_cannon_chases_a_standing_rook_by_moving_its_mount() {
    expect_perpetual(
        "5k3/9/9/9/9/CnB2rN2/9/9/9/4K4 w - - 0 1",
        "c4a2 b4c6 a2c4 c6b4",
        Color::Red,
        &["23.6", "7.1.h"],
    );
}

/// Article 22.4, per capturing piece: a horse steps onto a cannon's line,
/// ending its own attack on the rook g7 and starting the cannon's. The
/// cannon's capture is new although the rook was attacked before the move:
/// a threat is old only if the same piece already had it. Red chases the
/// rook with two pieces in turn (23.3, 23.6).
#[test]
fn article_22_4_a_threat_handed_from_one_piece_to_another_is_new() {
    const FEN: &str = "1c2k2n1/9/C5r2/9/5N3/9/9/9/9/3K5 w - - 0 1";
    const CYCLE: &str = "f5e7 b9b7 e7f5 b7b9";
    let r = ruling(FEN, &repeat(CYCLE, 2, ""));
    assert_eq!(
        chased_squares(&r, Color::Red),
        vec![vec!["g7".to_string()], vec!["g7".to_string()]],
        "{}",
        dump(&r)
    );
    let by: Vec<Role> = plies(&r, Color::Red)
        .iter()
        .map(|p| p.threats[0].attacker_ids[0].1)
        .collect();
    assert_eq!(by, [Role::Cannon, Role::Horse]);
    expect_perpetual(FEN, CYCLE, Color::Red, &["23.3", "23.6", "7.1.h"]);
}

/// Article 22.4, per capturing piece: the chased cannon steps into a
/// crossed pawn's attack, and the rook that follows it renews its own
/// threat. The pawn's standing attack does not make the rook's capture old.
#[test]
fn article_22_4_following_a_piece_into_another_attack_renews_the_threat() {
    expect_perpetual(
        "4k4/9/2c6/R8/2P6/9/9/9/9/3K5 w - - 0 1",
        "a6a7 c7c6 a7a6 c6c7",
        Color::Red,
        &["23.3", "7.1.h"],
    );
}

/// The same two defects on the positions that revealed them: the horse and
/// cannon taking turns on a protected rook (hand-over), and a rook following
/// an unprotected cannon into an elephant's attack (follow-up).
#[test]
fn article_22_4_hand_over_and_follow_up_on_reported_positions() {
    expect_perpetual(
        "3k5/1n7/8n/2r5C/9/3N5/9/9/9/4K3R w - - 0 1",
        "d4e6 i7g6 e6d4 g6i7",
        Color::Red,
        &["23.3", "23.6", "7.1.h"],
    );
    expect_perpetual(
        "3k5/9/6c2/9/9/1R7/9/4B4/9/4K4 w - - 0 1",
        "b4b7 g7g4 b7b4 g4g7",
        Color::Red,
        &["23.3", "7.1.h"],
    );
}

/// Article 23 after a broken draw: the position the breaking move was
/// played from has just repeated and counts as the new first occurrence,
/// as a start position does. A perpetual check that then runs through it is
/// `must_change` at its second lap, and `loss` one move later.
#[test]
fn article_23_a_broken_draw_counts_from_the_position_before_the_change() {
    // Both kings shuffle (a draw at ply 8), then the rook checks on a8/a9.
    const FEN: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let shuffle = repeat("d0d1 e9f9 d1d0 f9e9", 2, "");
    let r = ruling(FEN, &shuffle);
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
    let checks = repeat("a8a9 e9e8 a9a8 e8e9", 2, "");
    expect_mirrored(
        FEN,
        &format!("{shuffle} {checks}"),
        Verdict::MustChange,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    expect_mirrored(
        FEN,
        &format!("{shuffle} {checks} a8a9"),
        Verdict::Loss,
        Some(Color::Red),
        &["23.1", "7.1.g"],
    );
    let r = ruling(FEN, &format!("{shuffle} {checks}"));
    assert_eq!(rep(&r).first_ply, 8, "{}", dump(&r));
    assert_eq!(rep(&r).trigger_ply, 16);
}

/// The same for a perpetual chase after a drawn king shuffle (the arbiters'
/// report): `must_change` at ply 16, `loss` at the next rook move.
#[test]
fn article_23_a_broken_draw_then_a_perpetual_chase_is_ruled_without_a_free_lap() {
    const FEN: &str = "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let shuffle = repeat("d0d1 e9e8 d1d0 e8e9", 2, "");
    let chase = repeat("b0a0 a7b7 a0b0 b7a7", 2, "");
    expect_mirrored(
        FEN,
        &format!("{shuffle} {chase}"),
        Verdict::MustChange,
        Some(Color::Red),
        &["23.3", "7.1.h"],
    );
    expect_mirrored(
        FEN,
        &format!("{shuffle} {chase} b0a0"),
        Verdict::Loss,
        Some(Color::Red),
        &["23.3", "7.1.h"],
    );
}

/// Article 23, point 7, when it bites: the attack on the pinned piece must
/// be renewed by the chaser's moves. A horse stepping onto a cannon's line
/// and back hands the attack on the pinned, truly protected horse e7 from
/// one piece to the other on every move: a chase (23.7).
#[test]
fn article_23_point_7_renewed_attacks_on_a_pinned_piece_that_cannot_move_are_a_chase() {
    expect_perpetual(
        "2b1k3r/9/C3n4/9/3N5/9/9/4R4/9/5K3 w - - 0 1",
        "d5c7 i9i8 c7d5 i8i9",
        Color::Red,
        &["23.7", "7.1.h"],
    );
}

/// Article 23, point 7, when it does not: the rook's standing attack on the
/// same pinned horse is never renewed while Red only moves its king. The
/// AXF rule book says the same: a threatened piece that cannot escape is
/// not chased by an attacker that does not move.
#[test]
fn article_23_point_7_a_standing_attack_on_a_pinned_piece_is_not_renewed() {
    let r = ruling(
        "2b1k3r/9/C3n4/9/3N5/9/9/4R4/9/5K3 w - - 0 1",
        &repeat("f0f1 i9i8 f1f0 i8i9", 2, ""),
    );
    expect(&r, Verdict::Draw, None, &["7.2.b"]);
    assert!(
        plies(&r, Color::Red).iter().all(|p| !p.chases()),
        "{}",
        dump(&r)
    );
}

/// Article 23.5 ("hai bắt, một bắt lại") is not cited when the other side
/// chased back on every one of its moves: the article list keeps the chase
/// itself, the verdict and violator unchanged (issue 31: M2).
#[test]
fn article_23_point_5_is_not_cited_when_every_move_chases_back() {
    let r = ruling(
        "1Pbak2r1/4a4/4b4/2p6/9/3R5/2P6/4p2p1/3CC2N1/5K3 w - - 0 1",
        "d4e4 c9a7 d1d8 e8f7 d8i8 d9e8 e4b4 h2g2 b4e4 g2h2 e4b4 h2g2 b4e4 g2h2",
    );
    assert_eq!(
        (r.verdict, r.violator),
        (Verdict::MustChange, Some(Color::Red)),
        "{}",
        dump(&r)
    );
    let black = &rep(&r).black;
    assert_eq!((black.chases, black.moves), (2, 2), "{}", dump(&r));
    let mut articles = refs(&r);
    articles.sort_unstable();
    assert_eq!(articles, ["23.3", "7.1.h"], "{}", dump(&r));
}

/// Articles 7.1.h and 23.3: a side that breaks a prohibition is judged by
/// its violation alone. Black's rooks chase an unprotected advisor; one move
/// also attacks a truly protected horse in passing, which 23.6 would allow:
/// 23.6 is not listed against the violator, whose text says "unprotected,
/// 23.3" (issue 31: T4).
#[test]
fn article_23_point_3_a_violators_list_holds_no_allowance() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let moves = "h2f2 a6a5 g3g4 h7h6 e0e1 b7b3 f2h2 b3b5 c0e2 i9i8 h0i2 b5b7 e2c0 i8c8 \
                 h2c2 c8d8 c2h2 e6e5 h2c2 d8d2 c2c6 a9a6 b2b6 h6h3 b6b1 h9g7 c6c8 a6d6 \
                 i2h0 d2b2 h0i2 b2d2 i2h0 d2b2 h0i2 b2d2";
    let r = ruling(fen, moves);
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Black),
        &["7.1.h", "23.3"],
    );
    assert!(!refs(&r).contains(&"23.6"), "{}", dump(&r));
}

/// Article 23, point 9 covers a king or pawn helped by one piece: a king
/// with two horses chasing an unprotected pawn loses (23.3), and 23.9, which
/// the explanation names to say why the exception does not apply, is in the
/// article list too.
#[test]
fn article_23_point_9_a_king_with_two_helpers_is_no_exception() {
    let r = ruling(
        "4P4/4k4/3nn4/9/9/9/9/9/9/3K5 w - - 0 1",
        "e9d9 e8d8 d9e9 d8e8 e9d9 e8d8 d9e9 d8e8",
    );
    expect(
        &r,
        Verdict::MustChange,
        Some(Color::Black),
        &["7.1.h", "23.3", "23.9"],
    );
}
