//! Rulings an arbiter disputed (issue 29), each played as reported under both rule
//! books, and again as its colour mirror (the board flipped top to bottom, the colours
//! swapped, Black moving first), which must swap the violator and keep the verdict and
//! the articles.
//!
//! Each position is checked legal by `Position::from_fen` and each move by the replay.

use crate::common::chess::{mirror_colours, mv, position};
use xiangqi_arbiter::adjudication::{Options, Replay, RuleSet, Ruling, Verdict, rule_under};
use xiangqi_arbiter::xiangqi::{Color, Move, Position};

/// `cycle` played `times` times, then `tail`, as moves.
fn moves(first: &str, cycle: &str, times: usize, tail: &str) -> Vec<Move> {
    let mut text = format!("{first} {}", vec![cycle; times].join(" "));
    text.push(' ');
    text.push_str(tail);
    text.split_whitespace().map(mv).collect()
}

fn ruling(book: RuleSet, start: &Position, moves: &[Move]) -> Ruling {
    let replay = Replay::from_moves(start.clone(), moves).expect("legal moves");
    rule_under(book, &replay, Options::for_ruleset(book))
}

fn refs(r: &Ruling) -> Vec<&'static str> {
    r.articles.iter().map(|a| a.reference).collect()
}

/// Rules `moves` from `fen` under `book`, checks the verdict, the violator and that
/// `cited` are among the articles, then checks the colour mirror the same way with the
/// violator swapped.
#[track_caller]
fn rules(
    book: RuleSet,
    fen: &str,
    moves: &[Move],
    verdict: Verdict,
    violator: Option<Color>,
    cited: &[&str],
) {
    let start = position(fen);
    let mirrored: Vec<Move> = moves
        .iter()
        .map(|m| Move::new(m.from.mirror_rank(), m.to.mirror_rank()))
        .collect();
    for (start, moves, violator) in [
        (start.clone(), moves.to_vec(), violator),
        (mirror_colours(&start), mirrored, violator.map(Color::other)),
    ] {
        let r = ruling(book, &start, &moves);
        let got = refs(&r);
        assert!(
            r.verdict == verdict && r.violator == violator && cited.iter().all(|c| got.contains(c)),
            "{book:?} from {start}: want {verdict:?} {violator:?} citing {cited:?}, got {} {:?} {got:?}\n{}",
            r.verdict.code(),
            r.violator,
            xiangqi_arbiter::adjudication::explain(&r).en
        );
    }
}

const D_FEN: &str = "r2a2bNC/4k4/4b2P1/p1p6/4R4/9/P8/9/4A4/3K5 w - - 0 1";
const D_CYCLE: &str = "i9i7 e8e9 i7i9 e9e8";

/// Defect D (VN 23.6 with 23.7): the cannon hits the pinned, immobile elephant e7 on
/// one move and pins its protector g9 on the next, so the rook's standing attack on e7
/// (a capture that would give check) becomes a chase by undermining.
#[test]
fn undermining_a_pinned_piece_whose_capture_would_check_is_a_chase() {
    let game = moves("", D_CYCLE, 2, "");
    let vn = RuleSet::VN2004;
    rules(
        vn,
        D_FEN,
        &game,
        Verdict::MustChange,
        Some(Color::Red),
        &["7.1.h", "23.6", "23.7"],
    );
    let lost = moves("", D_CYCLE, 2, "i9i7");
    rules(
        vn,
        D_FEN,
        &lost,
        Verdict::Loss,
        Some(Color::Red),
        &["7.1.h", "23.6", "23.7"],
    );
    // The Asian rules do not chase the pinned, protected elephant (rule 38).
    rules(
        RuleSet::AXF,
        D_FEN,
        &game,
        Verdict::Draw,
        None,
        &["AXF 5", "AXF 38"],
    );
}

const D97_FEN: &str = "C1Na5/3Rak3/4bc3/2p6/n5b2/9/1p6r/4B4/4A4/2B1KA3 w - - 0 1";
const D97_CYCLE: &str = "a9a8 f8f9 a8a9 f9f8";

/// Defect E (AXF rule 38, diagrams 97–98; rules 19, 27; diagram 54): the Asian rules
/// have no general point chasing a pinned, protected piece; the Vietnamese law does.
#[test]
fn diagram_97_is_a_draw_under_the_asian_rules_and_a_chase_under_the_vietnamese_law() {
    let game = moves("", D97_CYCLE, 2, "");
    rules(
        RuleSet::AXF,
        D97_FEN,
        &game,
        Verdict::Draw,
        None,
        &["AXF 5", "AXF 38"],
    );
    let vn = RuleSet::VN2004;
    rules(
        vn,
        D97_FEN,
        &game,
        Verdict::MustChange,
        Some(Color::Red),
        &["7.1.h", "23.6", "23.7"],
    );
}

const F_FEN: &str = "2bakab2/6c2/2C3c2/p1N1p3p/1R1P5/5r3/P2CP1n1P/4B1p2/4A4/4KAB2 w - - 0 1";
const F_CYCLE: &str = "f9e8 c7c8 e8f9 c8c7";

/// Defect F (AXF rules 15 and 36): a cannon that only offers itself to a cannon chases
/// nothing, so Black's cannon chasing the rook is the one violation; the Vietnamese law
/// counts the offers as chases (23.8) and both sides violate alike (7.2.c).
#[test]
fn an_exchange_offer_alone_does_not_cancel_a_cannons_chase_of_a_rook_under_the_asian_rules() {
    let game = moves("b5b8", F_CYCLE, 2, "");
    let axf = RuleSet::AXF;
    rules(
        axf,
        F_FEN,
        &game,
        Verdict::MustChange,
        Some(Color::Black),
        &["AXF 3", "AXF 15"],
    );
    let lost = moves("b5b8", F_CYCLE, 2, "f9e8");
    rules(
        axf,
        F_FEN,
        &lost,
        Verdict::Loss,
        Some(Color::Black),
        &["AXF 3", "AXF 15"],
    );
    rules(
        RuleSet::VN2004,
        F_FEN,
        &game,
        Verdict::Draw,
        None,
        &["7.2.c", "23.8"],
    );
}

const RUT_FEN: &str = "R1C2k3/1PP6/1n7/9/6r2/9/9/9/9/3K5 w - - 0 1";
const RUT_CYCLE: &str = "c9b9 b7c5 b9c9 c5b7";

/// The citation: one chase and one threat to win a piece by discovered check in turn
/// is "một bắt một rút ăn quân", allowed by 23.2, not the perpetual threat of 23.10.
#[test]
fn one_chase_one_discovered_check_capture_threat_cites_article_23_point_2() {
    let game = moves("", RUT_CYCLE, 2, "");
    let start = position(RUT_FEN);
    let r = ruling(RuleSet::VN2004, &start, &game);
    assert!(!refs(&r).contains(&"23.10"), "{:?}", refs(&r));
    rules(
        RuleSet::VN2004,
        RUT_FEN,
        &game,
        Verdict::Draw,
        None,
        &["7.2.b", "23.2"],
    );
}
