//! The nine-round rule of the CXA 2020 rules (参考图8; "在三个或三个以上点上，
//! 连续以禁止着法达九个回合的着法", as the transcription quotes it): a side whose
//! moves are all forbidden for nine rounds in a row, on three or more
//! points, must change, or it loses, though no position stands three times.
//! The repetition rule cannot see such play: a piece that attacks from ever
//! new squares never brings a position back.
//!
//! Our reading (\[I\], `docs/rules.md` Part III):
//! * a forbidden move is one that attacks as a cycle's moves are read
//!   (将、杀、捉 in any mix, 24.13: [`Attack::Attacks`]); a move the bounded
//!   mate search could not decide is not counted, so no verdict is guessed;
//! * the "points" are the squares the side's moves go to: at least three
//!   different ones (a shuttle between two squares brings positions back,
//!   and is the repetition rule's);
//! * the rule is asked where no repetition is in force: a repetition is
//!   judged first, and this rule covers what it cannot see;
//! * it is asked of the play as it stands at the last move sent: the run of
//!   forbidden moves that reaches it. A run that a change of move ended
//!   earlier leaves nothing to rule, as a broken repetition leaves nothing;
//! * the side's ninth forbidden move is where it must change; its next
//!   move, if it attacks again, is the refusal and loses ("不变作负");
//! * the nine rounds are judged as a repetition's cycle is: both sides'
//!   moves over them, graded by the book when both are forbidden (26.9).
//!
//! Reading the run back from the game's end keeps the cost of a ruling
//! bounded whatever the game: most games end on an idle move of each side,
//! found at once, and a move that neither checks nor chases, which needs a
//! search to be known, is searched at most [`MAX_SEARCHES`] times. (Read
//! forwards over a whole game, the searches cost a 1,024-ply game with no
//! repetition about forty times game200's ruling.)

use super::books::{Ground, RuleSet};
use super::cycle::{Analysis, Attack, PlyAnalysis};
use super::law::{self, CycleVerdict, SideFinding};
use super::replay::Replay;
use crate::xiangqi::{Color, Square};

/// Nine rounds: nine moves of the side.
pub const ROUNDS: usize = 9;

/// On three or more points: the squares the side's moves go to.
pub const MIN_POINTS: usize = 3;

/// Nine rounds of forbidden moves, as found and judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenRun {
    /// The side whose nine moves in a row were forbidden first.
    pub side: Color,
    /// The first ply of the nine rounds (the other side's move before the
    /// side's first, if the game has it).
    pub first_ply: usize,
    /// The side's ninth forbidden move: where it must change.
    pub last_ply: usize,
    /// How many different squares the side's nine moves went to.
    pub points: usize,
    /// The violator's next move attacked again instead of changing: it
    /// loses there.
    pub loss_ply: Option<usize>,
    /// The violator's next move was no attack: it changed.
    pub broken_at_ply: Option<usize>,
    /// The violator's next move as judged, at `loss_ply` or `broken_at_ply`:
    /// what made it the refusal to change, or the change.
    pub next: Option<PlyAnalysis>,
    /// The moves of the nine rounds, `first_ply ..= last_ply`.
    pub plies: Vec<PlyAnalysis>,
    pub red: SideFinding,
    pub black: SideFinding,
    /// The law's verdict on the nine rounds, the rule among its grounds.
    pub verdict: CycleVerdict,
}

/// The first nine rounds of forbidden moves in the game, judged, where the
/// book has the rule; `None` if there are none.
pub fn find(book: RuleSet, replay: &Replay, analysis: &mut Analysis) -> Option<ForbiddenRun> {
    if !book.readings().nine_rounds {
        return None;
    }
    // The earlier of the two sides' first runs: where the first side must
    // change.
    let last_ply = [1, 2]
        .into_iter()
        .filter_map(|first| trailing_run_window(replay, analysis, first))
        .min()?;
    let side = replay.mover(last_ply);
    let first_ply = (last_ply + 1).saturating_sub(2 * ROUNDS).max(1);
    let plies = analysis.plies_searched(first_ply, last_ply);
    let red = law::side_finding(book, Color::Red, &plies);
    let black = law::side_finding(book, Color::Black, &plies);
    let mut verdict = law::verdict(book, &red, &black);
    verdict.grounds.insert(Ground::NineRounds);
    verdict.articles = law::cite(book, &verdict.grounds);
    // The violator's next move: attacking again is the refusal to change.
    let (mut loss_ply, mut broken_at_ply, mut next_move) = (None, None, None);
    if let Some(violator) = verdict.violator {
        let next = if violator == side {
            last_ply + 2
        } else {
            last_ply + 1
        };
        if next <= replay.plies() {
            if analysis.attack_of(next) == Attack::Attacks {
                loss_ply = Some(next);
            } else {
                broken_at_ply = Some(next);
            }
            next_move = analysis.plies_searched(next, next).pop();
        }
    }
    Some(ForbiddenRun {
        side,
        first_ply,
        last_ply,
        points: points(&plies, side),
        loss_ply,
        broken_at_ply,
        next: next_move,
        plies,
        red,
        black,
        verdict,
    })
}

/// At most this many searches (a mate threat, a win by check) while the
/// side's run is followed back from the game's end: enough for a run of
/// ten mate threats (the ninth forbidden move and the refusal after it); a
/// run of more quiet moves is followed no further, so that a hostile game
/// costs no more searches than a cycle's.
pub const MAX_SEARCHES: usize = ROUNDS + 1;

/// The ply of the ninth move of the first window of nine forbidden moves
/// on three or more points in the side's run that reaches the game's end,
/// the side's moves being plies `first`, `first + 2`, …: the run is followed
/// back from the side's last move while its moves attack (a move needing a
/// search counts against [`MAX_SEARCHES`]; past them, the run is taken to
/// start there).
fn trailing_run_window(replay: &Replay, analysis: &mut Analysis, first: usize) -> Option<usize> {
    let moves = (replay.plies() + 2).checked_sub(first)? / 2;
    let ply = |k: usize| first + 2 * k;
    let mut searches = 0;
    let mut start = moves;
    while start > 0 {
        let at = ply(start - 1);
        let attack = match analysis.unsearched_attack_of(at) {
            Attack::Unsearched if searches < MAX_SEARCHES => {
                searches += 1;
                analysis.attack_of(at)
            }
            known => known,
        };
        if attack != Attack::Attacks {
            break;
        }
        start -= 1;
    }
    (start..=moves.checked_sub(ROUNDS)?).find_map(|s| {
        let squares: Vec<Square> = (s..s + ROUNDS).map(|k| replay.mv(ply(k)).to).collect();
        (distinct(&squares) >= MIN_POINTS).then(|| ply(s + ROUNDS - 1))
    })
}

/// How many different squares the moves of `side` among `plies` went to.
fn points(plies: &[PlyAnalysis], side: Color) -> usize {
    let squares: Vec<Square> = plies
        .iter()
        .filter(|p| p.side == side)
        .map(|p| p.mv.to)
        .collect();
    distinct(&squares)
}

fn distinct(squares: &[Square]) -> usize {
    let mut seen: Vec<Square> = Vec::with_capacity(squares.len());
    for &sq in squares {
        if !seen.contains(&sq) {
            seen.push(sq);
        }
    }
    seen.len()
}
