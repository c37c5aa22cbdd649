//! From a replayed game to a ruling: find the third occurrence of a
//! position, judge its cycle, then follow the game on to see whether the
//! violator changed (the cycle is broken) or repeated (it loses).

use std::collections::BTreeSet;

use arrayvec::ArrayVec;

use super::articles::{self, Article};
use super::cycle::{self, PlyAnalysis};
use super::explain;
use super::law::{self, CycleVerdict, SideFinding};
use super::replay::Replay;
use crate::xiangqi::{Color, GameEnd};

/// The verdict on repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No position has occurred three times (or the cycle was broken).
    None,
    /// At the third occurrence exactly one side violates: it must change
    /// its move or lose (7.1.g, 7.1.h).
    MustChange,
    /// The violator repeated instead of changing: it loses.
    Loss,
    /// Nobody violates (7.2.b) or both violate alike (7.2.c, 24.3).
    Draw,
}

impl Verdict {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::MustChange => "must_change",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        }
    }
}

/// Tunable parts of a ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Plies without a capture after which a draw may be claimed (Article 12).
    pub no_capture_limit: u32,
}

impl Default for Options {
    /// 50 moves of each side: 100 plies.
    fn default() -> Options {
        Options {
            no_capture_limit: 100,
        }
    }
}

/// A repetition the ruling rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// How many times the position had occurred at the trigger (3).
    pub occurrences: u32,
    /// The ply after which the position first stood (0 = the start).
    pub first_ply: usize,
    /// The ply that made it occur the third time.
    pub trigger_ply: usize,
    /// For `loss`: the ply at which the violator repeated instead of changing.
    pub loss_ply: Option<usize>,
    /// For a broken cycle: the ply that changed it.
    pub broken_at_ply: Option<usize>,
    /// Every move from `first_ply + 1` to `trigger_ply`, classified.
    pub cycle: Vec<PlyAnalysis>,
    pub red: SideFinding,
    pub black: SideFinding,
    pub verdict: CycleVerdict,
}

/// Article 12: plies since the last capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCapture {
    pub plies: u32,
    pub limit: u32,
    pub draw_claimable: bool,
}

/// Plain-language reasons for a ruling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    pub vi: String,
    pub en: String,
}

/// The arbiter's answer for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub verdict: Verdict,
    pub violator: Option<Color>,
    pub articles: Vec<&'static Article>,
    pub explanation: Explanation,
    /// The repetition behind the verdict (absent for `none`).
    pub repetition: Option<Repetition>,
    /// A repetition that was judged and then broken by a change of move.
    pub broken_repetition: Option<Repetition>,
    pub game_end: Option<GameEnd>,
    pub no_capture: NoCapture,
}

/// Rules on a replayed game.
pub fn rule(replay: &Replay, options: Options) -> Ruling {
    let (current, broken) = follow(replay);
    let last = replay.last();
    let game_end = last.game_end();
    let no_capture = NoCapture {
        plies: last.halfmoves(),
        limit: options.no_capture_limit,
        draw_claimable: last.halfmoves() >= options.no_capture_limit,
    };
    let (verdict, violator) = match &current {
        None => (Verdict::None, None),
        Some(rep) => match (rep.verdict.violator, rep.loss_ply) {
            (None, _) => (Verdict::Draw, None),
            (Some(v), None) => (Verdict::MustChange, Some(v)),
            (Some(v), Some(_)) => (Verdict::Loss, Some(v)),
        },
    };
    let mut refs: BTreeSet<&'static str> = BTreeSet::new();
    if let Some(rep) = &current {
        refs.extend(rep.verdict.articles.iter().copied());
        match rep.verdict.violator {
            Some(Color::Red) => refs.extend(rep.red.articles.iter().copied()),
            Some(Color::Black) => refs.extend(rep.black.articles.iter().copied()),
            None => {
                refs.extend(rep.red.articles.iter().copied());
                refs.extend(rep.black.articles.iter().copied());
            }
        }
    }
    if let Some(end) = game_end {
        refs.insert(match end {
            GameEnd::Checkmate { .. } => "7.1.a",
            GameEnd::Stalemate { .. } => "7.1.b",
        });
    }
    if no_capture.draw_claimable {
        refs.insert("12");
    }
    let mut articles: Vec<&'static Article> = refs.into_iter().map(articles::vn2004).collect();
    articles.sort_by_key(|a| article_order(a.reference));
    let explanation = explain::explain(
        verdict,
        current.as_ref(),
        broken.as_ref(),
        game_end,
        &no_capture,
    );
    Ruling {
        verdict,
        violator,
        articles,
        explanation,
        repetition: current,
        broken_repetition: broken,
        game_end,
        no_capture,
    }
}

/// Orders references as the law does: 7.1.g before 12 before 23.1 before 23.10.
fn article_order(reference: &str) -> Vec<u32> {
    reference
        .split('.')
        .map(|part| {
            part.parse::<u32>()
                .unwrap_or_else(|_| part.bytes().next().map_or(0, u32::from))
        })
        .collect()
}

/// Walks the game: returns the repetition in force at the end, and the last
/// one that was broken by a change of move.
fn follow(replay: &Replay) -> (Option<Repetition>, Option<Repetition>) {
    let mut window = Window::new(replay);
    let mut current: Option<Repetition> = None;
    let mut broken = None;
    for ply in 1..=replay.plies() {
        if replay.is_capture(ply) {
            // A capture: no earlier position can come back.
            window.restart(ply);
        }
        let earlier = window.earlier_occurrences(replay, ply);
        let mover = replay.mover(ply);
        match current.as_mut() {
            None => {
                if let [_, first] = earlier[..] {
                    current = Some(judge(replay, first, ply, 3));
                }
            }
            Some(rep) => match rep.verdict.violator {
                // Must change: the violator's next move decides.
                Some(v) if v == mover => {
                    if earlier.is_empty() {
                        let mut rep = current.take().expect("some");
                        rep.broken_at_ply = Some(ply);
                        broken = Some(rep);
                        window.restart(ply);
                    } else {
                        rep.loss_ply = Some(ply);
                        break;
                    }
                }
                Some(_) => {}
                // A draw stands while the play keeps repeating.
                None => {
                    if earlier.is_empty() {
                        let mut rep = current.take().expect("some");
                        rep.broken_at_ply = Some(ply);
                        broken = Some(rep);
                        window.restart(ply);
                    }
                }
            },
        }
    }
    (current, broken)
}

/// The plies whose positions may come back: since the last capture or the
/// last change of move. Every position's two latest plies are kept in an
/// open-addressing table keyed by the position key, so each ply is one probe
/// however long the game; occurrences before the window's start are ignored
/// rather than cleared.
struct Window {
    start: usize,
    slots: Vec<Slot>,
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    latest: usize,
    previous: usize,
}

const NOWHERE: usize = usize::MAX;

impl Window {
    /// A window over `replay`, opening at its start position.
    fn new(replay: &Replay) -> Window {
        // At most half the slots in use keeps probe sequences short.
        let size = (2 * (replay.plies() + 1)).next_power_of_two().max(16);
        let empty = Slot {
            key: 0,
            latest: NOWHERE,
            previous: NOWHERE,
        };
        let mut window = Window {
            start: 0,
            slots: vec![empty; size],
        };
        window.earlier_occurrences(replay, 0);
        window
    }

    fn restart(&mut self, ply: usize) {
        self.start = ply;
    }

    /// The two latest earlier plies in the window with the same position as
    /// `ply` (same side to move, so every second ply back), latest first;
    /// records `ply` as the position's latest occurrence.
    fn earlier_occurrences(&mut self, replay: &Replay, ply: usize) -> ArrayVec<usize, 2> {
        let key = replay.key(ply);
        let mask = self.slots.len() - 1;
        // Zobrist keys are uniformly random, so their low bits spread well.
        let mut i = key as usize & mask;
        while self.slots[i].latest != NOWHERE && self.slots[i].key != key {
            i = (i + 1) & mask;
        }
        let slot = &mut self.slots[i];
        let found = [slot.latest, slot.previous]
            .into_iter()
            .filter(|&p| p != NOWHERE && p >= self.start)
            .collect();
        *slot = Slot {
            key,
            latest: ply,
            previous: slot.latest,
        };
        found
    }
}

/// Judges the cycle between `first` and `trigger`.
fn judge(replay: &Replay, first: usize, trigger: usize, occurrences: u32) -> Repetition {
    let cycle = cycle::analyse(replay, first, trigger);
    let red = law::side_finding(Color::Red, &cycle);
    let black = law::side_finding(Color::Black, &cycle);
    let verdict = law::verdict(&red, &black);
    Repetition {
        occurrences,
        first_ply: first,
        trigger_ply: trigger,
        loss_ply: None,
        broken_at_ply: None,
        cycle,
        red,
        black,
        verdict,
    }
}
