//! From a replayed game to a ruling: find the third occurrence of a
//! position, judge its cycle, then follow the game on to see whether the
//! violator changed (the cycle is broken) or repeated (it loses).

use std::collections::BTreeSet;

use super::books::{Article, Citation, Ground, RuleSet};
use super::cycle::{Analysis, PlyAnalysis};
use super::law::{self, CycleVerdict, SideFinding};
use super::nine_rounds::{self, ForbiddenRun};
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
    /// The default rule book's: 50 moves of each side, 100 plies.
    fn default() -> Options {
        Options::for_ruleset(RuleSet::default())
    }
}

impl Options {
    /// The defaults of `ruleset` (its no-capture limit).
    pub fn for_ruleset(ruleset: RuleSet) -> Options {
        Options {
            no_capture_limit: ruleset.no_capture_limit(),
        }
    }
}

/// A repetition the ruling rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// How many times the position had occurred at the trigger (3, or more
    /// when a repetition ruled a draw went on and was judged again).
    pub occurrences: u32,
    /// The ply after which the position first stood (0 = the start).
    pub first_ply: usize,
    /// The ply after which it stood the time before the trigger: the judged
    /// cycle starts here.
    pub previous_ply: usize,
    /// The ply that made it occur the third (or later) time.
    pub trigger_ply: usize,
    /// For `loss`: the ply at which the violator repeated instead of changing.
    pub loss_ply: Option<usize>,
    /// For a broken cycle: the ply that changed it.
    pub broken_at_ply: Option<usize>,
    /// Every move from `previous_ply + 1` to `trigger_ply`, classified.
    pub cycle: Vec<PlyAnalysis>,
    /// The repeated position counted over the whole game, as a score sheet
    /// counts it (the count above starts afresh after a change of move).
    pub in_game: InGame,
    pub red: SideFinding,
    pub black: SideFinding,
    pub verdict: CycleVerdict,
}

/// The repeated position over the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InGame {
    /// How many times it had stood at the trigger, the start included.
    pub occurrences: u32,
    /// The ply after which it first stood (0 = the start).
    pub first_ply: usize,
    /// When it stood again after the trigger, the last time.
    pub again: Option<Again>,
}

/// The repeated position standing again after the trigger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Again {
    /// How many times it had then stood in the game.
    pub occurrences: u32,
    /// The ply after which it stood.
    pub ply: usize,
    /// How many times it had stood since the change of move that broke
    /// the repetition (the position before that move included), when one did.
    pub since_change: Option<u32>,
}

impl InGame {
    /// The position after `trigger` counted over `replay`; `broken_at`, the
    /// ply of the change of move that broke the repetition, if one did.
    fn count(replay: &Replay, trigger: usize, broken_at: Option<usize>) -> InGame {
        let key = replay.key(trigger);
        let keys = replay.keys();
        // The same key means the same side to move: every second ply.
        let same = |p: &usize| keys[*p] == key;
        let first_ply = (trigger % 2..=trigger)
            .step_by(2)
            .find(same)
            .unwrap_or(trigger);
        let occurrences = (first_ply..=trigger).step_by(2).filter(same).count() as u32;
        let later: Vec<usize> = (trigger + 2..keys.len()).step_by(2).filter(same).collect();
        InGame {
            occurrences,
            first_ply,
            again: later.last().map(|&ply| Again {
                occurrences: occurrences + later.len() as u32,
                ply,
                since_change: broken_at.map(|b| {
                    (b.saturating_sub(1)..=ply)
                        .filter(|p| keys[*p] == key)
                        .count() as u32
                }),
            }),
        }
    }
}

/// Article 12: plies since the last capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCapture {
    pub plies: u32,
    pub limit: u32,
    pub draw_claimable: bool,
}

/// The arbiter's answer for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The rule book it follows.
    pub ruleset: RuleSet,
    /// The side that played the game's first move (the start's side to
    /// move): what numbers the moves.
    pub first_mover: Color,
    pub verdict: Verdict,
    pub violator: Option<Color>,
    /// What the ruling cites, in its book's order: its book's only.
    pub citations: Vec<Citation>,
    /// The texts of [`citations`](Self::citations), in the same order.
    pub articles: Vec<&'static Article>,
    /// The repetition behind the verdict (absent for `none`).
    pub repetition: Option<Repetition>,
    /// A repetition that was judged and then broken by a change of move.
    pub broken_repetition: Option<Repetition>,
    /// Nine rounds of forbidden moves (CXA 2020, 参考图8), where the book has
    /// the rule and no repetition is in force: behind the verdict, or
    /// broken by a change ([`ForbiddenRun::broken_at_ply`]).
    pub forbidden_run: Option<ForbiddenRun>,
    pub game_end: Option<GameEnd>,
    pub no_capture: NoCapture,
}

/// Rules on a replayed game under the default rule book (the Vietnamese law).
pub fn rule(replay: &Replay, options: Options) -> Ruling {
    rule_under(RuleSet::default(), replay, options)
}

/// Rules on a replayed game under `ruleset`.
pub fn rule_under(ruleset: RuleSet, replay: &Replay, options: Options) -> Ruling {
    rule_counting_work_under(ruleset, replay, options).0
}

/// What a ruling cost, counted rather than timed: for the tests and
/// benchmarks that keep the cost linear in the game's length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Plies whose moves were classified (each at most once).
    pub plies_analysed: usize,
    /// Third (or later) occurrences judged.
    pub cycles_judged: usize,
    /// Of those, the ones the quick test could not settle.
    pub cycles_judged_in_full: usize,
}

/// [`rule`], also saying how much work it took.
pub fn rule_counting_work(replay: &Replay, options: Options) -> (Ruling, Work) {
    rule_counting_work_under(RuleSet::default(), replay, options)
}

/// [`rule_under`], also saying how much work it took.
pub fn rule_counting_work_under(
    book: RuleSet,
    replay: &Replay,
    options: Options,
) -> (Ruling, Work) {
    let mut analysis = Analysis::new(replay, book.readings());
    let mut work = Work::default();
    let (current, broken) = follow(book, replay, &mut analysis, &mut work);
    let current = current.map(|span| span.repetition(book, replay, &mut analysis));
    let broken = broken.map(|span| span.repetition(book, replay, &mut analysis));
    // What the repetition rule cannot see: nine rounds of forbidden moves.
    let run = if current.is_none() {
        nine_rounds::find(book, replay, &mut analysis)
    } else {
        None
    };
    let last = replay.last();
    // A loss by repetition ends the game at its ply: what the board shows
    // after moves played on (even a mate) is no result, and a finished game
    // leaves no draw to claim.
    let lost = current.as_ref().is_some_and(|r| r.loss_ply.is_some())
        || run.as_ref().is_some_and(|r| r.loss_ply.is_some());
    let game_end = if lost { None } else { last.game_end() };
    let no_capture = NoCapture {
        plies: last.halfmoves(),
        limit: options.no_capture_limit,
        draw_claimable: last.halfmoves() >= options.no_capture_limit && !lost && game_end.is_none(),
    };
    let (verdict, violator) = match (&current, &run) {
        (Some(rep), _) => judged_verdict(&rep.verdict, rep.loss_ply),
        // Nine rounds the violator broke by a change leave nothing.
        (None, Some(run)) if run.broken_at_ply.is_none() => {
            judged_verdict(&run.verdict, run.loss_ply)
        }
        _ => (Verdict::None, None),
    };
    let mut points: BTreeSet<Citation> = BTreeSet::new();
    if let Some(rep) = &current {
        cite_judged(&mut points, &rep.verdict, &rep.red, &rep.black);
    }
    if let Some(run) = run.as_ref().filter(|r| r.broken_at_ply.is_none()) {
        cite_judged(&mut points, &run.verdict, &run.red, &run.black);
    }
    if let Some(end) = game_end {
        points.extend(book.cite(match end {
            GameEnd::Checkmate { .. } => Ground::Mate,
            GameEnd::Stalemate { .. } => Ground::Stalemate,
        }));
    }
    if no_capture.draw_claimable {
        points.extend(book.cite(Ground::NoCapture));
    }
    // A set of citations iterates in the book's order.
    let citations: Vec<Citation> = points.into_iter().collect();
    let articles = citations.iter().map(|c| c.article()).collect();
    work.plies_analysed = analysis.plies_analysed();
    let ruling = Ruling {
        ruleset: book,
        first_mover: replay.start().turn(),
        verdict,
        violator,
        citations,
        articles,
        repetition: current,
        broken_repetition: broken,
        forbidden_run: run,
        game_end,
        no_capture,
    };
    (ruling, work)
}

/// The citations of a judged stretch of moves (a cycle, nine rounds): the
/// verdict's, and the violator's finding, or both sides' when none violates.
fn cite_judged(
    points: &mut BTreeSet<Citation>,
    verdict: &CycleVerdict,
    red: &SideFinding,
    black: &SideFinding,
) {
    points.extend(verdict.articles.iter().copied());
    match verdict.violator {
        Some(Color::Red) => points.extend(red.articles.iter().copied()),
        Some(Color::Black) => points.extend(black.articles.iter().copied()),
        None => {
            points.extend(red.articles.iter().copied());
            points.extend(black.articles.iter().copied());
        }
    }
}

/// The verdict on a judged stretch (a cycle, nine rounds) that stands: a
/// draw without a violator, must change, or lost where the violator played
/// on (`loss_ply`); none where a bounded search could not decide.
fn judged_verdict(verdict: &CycleVerdict, loss_ply: Option<usize>) -> (Verdict, Option<Color>) {
    match (verdict.violator, loss_ply) {
        (None, _) if verdict.undecided => (Verdict::None, None),
        (None, _) => (Verdict::Draw, None),
        (Some(v), None) => (Verdict::MustChange, Some(v)),
        (Some(v), Some(_)) => (Verdict::Loss, Some(v)),
    }
}

/// Walks the game: returns the repetition in force at the end, and the last
/// one that was broken by a change of move.
///
/// Each third (or later) occurrence of a position is judged on the cycle
/// since its previous occurrence: the moves that have just repeated. Then:
///
/// * `must_change` (one violator): the next move that leaves the judged
///   cycle's positions breaks it, whoever plays it; the violator's move that
///   stays in them is the refusal to change, and loses (7.1.g, 7.1.h);
/// * `draw` (no violator): it stands while the play repeats. A repetition
///   that is not the judged cycle played again is judged in its turn, so a
///   side that turns to perpetual check or chase is caught; a new position
///   breaks the draw.
///
/// A broken repetition starts the count again from the position the
/// breaking move was played from: that position has just repeated and may
/// come back, so it is the new first occurrence, as a start position is.
///
/// Each ply is analysed at most once however many cycles are judged
/// ([`Analysis`]), and a cycle that neither side can violate costs one pass
/// over bit masks, so the cost grows with the game's length rather than
/// its square.
fn follow(
    book: RuleSet,
    replay: &Replay,
    analysis: &mut Analysis,
    work: &mut Work,
) -> (Option<Span>, Option<Span>) {
    // Until a position first stands a third time there is nothing to judge
    // or follow: the walk starts at the opening of that position's window.
    let Some(opening) = first_third_occurrence_window(replay) else {
        return (None, None);
    };
    let mut window = Window::opening_at(replay, opening);
    let mut current: Option<Span> = None;
    let mut broken = None;
    // Every ply since the draw in force was judged repeated its cycle.
    let mut in_step = true;
    for ply in opening + 1..=replay.plies() {
        if replay.is_capture(ply) {
            // A capture: no earlier position can come back.
            window.restart(ply);
        }
        let seen = window.visit(replay, ply);
        let Some(rep) = current.as_mut() else {
            if let Some(previous) = seen.previous.filter(|_| seen.count >= 3) {
                current = Some(Span::judge(
                    book, analysis, work, seen.first, previous, ply, seen.count,
                ));
                in_step = true;
            }
            continue;
        };
        let changed = match rep.violator {
            // Must change: the violator repeating is the loss; a move by
            // either side away from the cycle is the change.
            Some(violator) => {
                let repeats = rep.stays_in_cycle(replay, ply);
                if repeats && replay.mover(ply) == violator {
                    rep.loss_ply = Some(ply);
                    break;
                }
                !repeats
            }
            None => match seen.previous {
                None => true,
                Some(previous) => {
                    // Replaying the judged cycle move for move changes nothing;
                    // once the play has left it, the next repetition is judged.
                    let period = rep.trigger - rep.previous;
                    in_step = in_step && replay.key(ply - period) == replay.key(ply);
                    if seen.count >= 3 && !in_step {
                        *rep = Span::judge(
                            book, analysis, work, seen.first, previous, ply, seen.count,
                        );
                        in_step = true;
                    }
                    false
                }
            },
        };
        if changed {
            let mut rep = current.take().expect("a repetition is in force");
            rep.broken_at_ply = Some(ply);
            broken = Some(rep);
            window.reopen(replay, ply - 1, ply);
        }
    }
    (current, broken)
}

/// A judged repetition while the game is walked: where its cycle lies and
/// who violates. The full [`Repetition`] is built only for the answer.
#[derive(Clone, Copy, Debug)]
struct Span {
    occurrences: u32,
    first: usize,
    previous: usize,
    trigger: usize,
    violator: Option<Color>,
    loss_ply: Option<usize>,
    broken_at_ply: Option<usize>,
}

impl Span {
    /// Judges the cycle from `previous` to `trigger`.
    fn judge(
        book: RuleSet,
        analysis: &mut Analysis,
        work: &mut Work,
        first: usize,
        previous: usize,
        trigger: usize,
        occurrences: u32,
    ) -> Span {
        work.cycles_judged += 1;
        let full = analysis.judge_if_suspect(previous, trigger, |cycle| {
            let red = law::side_finding(book, Color::Red, cycle.iter().copied());
            let black = law::side_finding(book, Color::Black, cycle.iter().copied());
            law::verdict(book, &red, &black).violator
        });
        work.cycles_judged_in_full += usize::from(full.is_some());
        let violator = full.flatten();
        Span {
            occurrences,
            first,
            previous,
            trigger,
            violator,
            loss_ply: None,
            broken_at_ply: None,
        }
    }

    /// True if the position after `ply` is one the judged cycle passed
    /// through: the play goes on repeating it.
    fn stays_in_cycle(&self, replay: &Replay, ply: usize) -> bool {
        let key = replay.key(ply);
        (self.previous..=self.trigger).any(|p| replay.key(p) == key)
    }

    /// The repetition for the answer, its cycle classified in full.
    fn repetition(self, book: RuleSet, replay: &Replay, analysis: &mut Analysis) -> Repetition {
        let cycle = analysis.cycle(self.previous, self.trigger);
        let red = law::side_finding(book, Color::Red, &cycle);
        let black = law::side_finding(book, Color::Black, &cycle);
        let verdict = law::verdict(book, &red, &black);
        debug_assert_eq!(
            verdict.violator, self.violator,
            "the quick and the full judgment agree"
        );
        Repetition {
            occurrences: self.occurrences,
            first_ply: self.first,
            previous_ply: self.previous,
            trigger_ply: self.trigger,
            loss_ply: self.loss_ply,
            broken_at_ply: self.broken_at_ply,
            cycle,
            in_game: InGame::count(replay, self.trigger, self.broken_at_ply),
            red,
            black,
            verdict,
        }
    }
}

/// The plies whose positions may come back: since the last capture or the
/// last change of move. Each position's first and latest ply in the window
/// and its count are kept in an open-addressing table keyed by the position
/// key, so each ply is one probe however long the game; occurrences before
/// the window's start are ignored rather than cleared.
struct Window {
    start: usize,
    slots: Vec<Slot>,
}

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    first: usize,
    latest: usize,
    count: u32,
}

/// How often a position has stood in the window, this time included.
#[derive(Clone, Copy, Debug)]
struct Seen {
    count: u32,
    /// The ply after which it first stood in the window.
    first: usize,
    /// The ply after which it stood last before this one.
    previous: Option<usize>,
}

const NOWHERE: usize = usize::MAX;

impl Window {
    /// A window over `replay` opening at the position after `opening` (the
    /// start, or a capture): nothing before it can come back.
    fn opening_at(replay: &Replay, opening: usize) -> Window {
        // At most half the slots in use keeps probe sequences short.
        let size = (2 * (replay.plies() - opening + 1))
            .next_power_of_two()
            .max(16);
        let empty = Slot {
            key: 0,
            first: NOWHERE,
            latest: NOWHERE,
            count: 0,
        };
        let mut window = Window {
            start: opening,
            slots: vec![empty; size],
        };
        window.visit(replay, opening);
        window
    }

    fn restart(&mut self, ply: usize) {
        self.start = ply;
    }

    /// Opens the window afresh at `from`: the positions after plies
    /// `from ..= to` (already visited) count once each, and nothing before.
    fn reopen(&mut self, replay: &Replay, from: usize, to: usize) {
        self.start = from;
        for ply in from..=to {
            let i = self.slot(replay.key(ply));
            self.slots[i] = Slot {
                key: replay.key(ply),
                first: ply,
                latest: ply,
                count: 1,
            };
        }
    }

    /// The slot of `key`: where it is, or the free slot where it belongs.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        // Zobrist keys are uniformly random, so their low bits spread well.
        let mut i = key as usize & mask;
        while self.slots[i].latest != NOWHERE && self.slots[i].key != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Records that the position after `ply` stands (the same key means the
    /// same side to move, so only every second ply can match) and says how
    /// often it has in the window.
    #[inline]
    fn visit(&mut self, replay: &Replay, ply: usize) -> Seen {
        let key = replay.key(ply);
        let i = self.slot(key);
        let slot = &mut self.slots[i];
        // A slot last visited before the window opened counts from zero: its
        // first ply is then in the window too.
        let in_window = slot.latest != NOWHERE && slot.latest >= self.start;
        let seen = if in_window {
            Seen {
                count: slot.count + 1,
                first: slot.first,
                previous: Some(slot.latest),
            }
        } else {
            Seen {
                count: 1,
                first: ply,
                previous: None,
            }
        };
        *slot = Slot {
            key,
            first: seen.first,
            latest: ply,
            count: seen.count,
        };
        seen
    }
}

/// Where [`follow`] has its first judgment to make: the opening (the start,
/// or the last capture before it) of the window in which a position first
/// stands the third time; `None` if none ever does. Until then the walk only
/// counts, so this count stands in for it: nothing is judged, followed or
/// broken before.
///
/// Most positions of a game never come back, so each key first goes through
/// two bit sets indexed by its top bits (seen once, seen twice); only a key
/// whose bit was seen twice is counted exactly, in the window's keys. A
/// shared bit costs a count, never a wrong answer.
fn first_third_occurrence_window(replay: &Replay) -> Option<usize> {
    const WORDS: usize = 64;
    // Zobrist keys are uniformly random: their top bits spread well.
    let slot = |key: u64| {
        let bit = (key >> (64 - WORDS.trailing_zeros() - 6)) as usize;
        (bit / 64, 1u64 << (bit % 64))
    };
    let mut once = [0u64; WORDS];
    let mut twice = [0u64; WORDS];
    let keys = replay.keys();
    let (word, mask) = slot(keys[0]);
    once[word] |= mask;
    let mut opening = 0;
    for (ply, (&key, &capture)) in (1..).zip(keys[1..].iter().zip(replay.captures())) {
        if capture {
            // No earlier position can come back.
            opening = ply;
        }
        let (word, mask) = slot(key);
        if once[word] & mask == 0 {
            once[word] |= mask;
        } else if twice[word] & mask == 0 {
            twice[word] |= mask;
        } else if keys[opening..=ply].iter().filter(|&&k| k == key).count() >= 3 {
            return Some(opening);
        }
    }
    None
}
