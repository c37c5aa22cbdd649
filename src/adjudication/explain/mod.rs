//! Short explanations of a ruling in Vietnamese, English and Chinese,
//! naming the pieces, squares and moves an arbiter would point at (moves
//! by their number and side, as a score sheet does), in the terms of the
//! ruling's own rule book (its wording and its citations): a view of a
//! finished ruling.
//!
//! # One voice per language
//!
//! This module decides **what** to say: which sentences, in which order,
//! with which facts (the sides, the pieces and their squares, the moves by
//! number, the ground and the citation, the book's own wording). It builds
//! each as a typed `Sentence` (in `sentence.rs`), which carries facts and
//! no text, and may borrow from the ruling. Each language **says** it in a
//! file of its own, `en`, `vi` and `zh`: one exhaustive `match` over every
//! sentence and every phrase (a side's name, a piece where it stood, a move
//! by its number, a citation). A new sentence does not compile until every
//! language writes it, and no language file holds another's words. A rule
//! book's own sentences stay in the book ([`Book::wording`]); a language
//! writes the book's words in that language.
//!
//! The messages are hand-written Rust rather than Fluent (`.ftl` files):
//! explanations are written on every ruling, under a throughput target, and
//! in Rust the placeholders and their order in each language are checked
//! when it compiles, and a missing case is an error, where Fluent would
//! find a missing message or argument at run time, and format with
//! allocations. So each sentence is written straight into the text of each
//! language the answer carries ([`explain_named_in`]): a language left out
//! costs nothing, and the phrases of a sentence are written in place by
//! `write!`, not built as strings and joined.
//!
//! [`Book::wording`]: super::Book::wording

mod en;
mod sentence;
mod vi;
mod zh;

use self::sentence::{
    Allowance, Allowed, AllowedKinds, Alternated, Answer, Bare, Cited, Found, MoveText, Named,
    Outcome, Places, Range, Seen, SeenAgain, Sentence, Since, Stood, Undecided, Violation,
};
pub use self::vi::role_vi;
pub use super::books::Lang;
use super::books::{ByLang, Ground, RuleSet};
use super::cycle::PlyAnalysis;
use super::law::{self, Pattern, SideFinding};
use super::mate_threat::MateThreat;
use super::nine_rounds::ForbiddenRun;
use super::replay::Replay;
use super::ruling::{Repetition, Ruling, Verdict};
use super::threats::{Protection, Threat, ThreatKind};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::{Color, GameEnd, Move, Role, Square, move_number};

/// Plain-language reasons for a ruling, one text per language (empty in a
/// language not asked for).
pub type Explanation = ByLang<String>;

/// An explanation being written, sentence by sentence, in the languages
/// asked for (the others stay empty).
struct Texts<W: Fn(Lang) -> bool> {
    written: Explanation,
    wanted: W,
}

impl<W: Fn(Lang) -> bool> Texts<W> {
    /// Adds a sentence, said by each language asked for.
    fn say(&mut self, s: Sentence) {
        for lang in Lang::ALL.into_iter().filter(|&l| (self.wanted)(l)) {
            let out = self.written.get_mut(lang);
            match lang {
                Lang::Vi => vi::say(&s, out),
                Lang::En => en::say(&s, out),
                Lang::Zh => zh::say(&s, out),
            }
        }
    }
}

/// How an explanation names the game's moves: by move number and side, as
/// the score sheet does, each move in the language's own notation (VN in
/// Vietnamese, WXF in English, Chinese in Chinese) when the game's replay is
/// given, else as the request wrote it, beside its ICCS coordinates.
#[derive(Clone, Copy, Debug, Default)]
pub struct Naming<'a> {
    /// The number of the request's first move (the FEN's full-move number);
    /// 0 counts from 1.
    pub first_number: u32,
    /// Each ply's move as the request wrote it, ply 1 first; empty when
    /// the moves were ICCS (then the ICCS text alone is given).
    pub sent: &'a [&'a str],
    /// Each ply's move, ply 1 first (for its ICCS text); may be empty.
    pub moves: &'a [Move],
    /// The notation the request used: WXF, VN and Chinese name a piece by its
    /// file counted from its owner's right; ICCS and UCI by its squares.
    pub notation: Notation,
    /// The game replayed, whose positions let each language write a move in
    /// its own notation.
    pub replay: Option<&'a Replay>,
}

/// The notation each language writes moves in: the Vietnamese score sheet's,
/// the WXF's (the English-speaking clubs'), the Chinese.
const OWN_NOTATION: ByLang<Notation> = ByLang {
    vi: Notation::Vn,
    en: Notation::Wxf,
    zh: Notation::Chinese,
};

/// Names plies as moves: the first mover and the first move's number.
struct Moves<'a> {
    first_side: Color,
    first_number: u32,
    sent: &'a [&'a str],
    moves: &'a [Move],
    /// Moves known from the ruling itself (the cycle's).
    known: &'a [PlyAnalysis],
    /// How pieces' places are named.
    places: Places,
    /// The game replayed, for each language's own notation.
    replay: Option<&'a Replay>,
    /// The languages written.
    wanted: ByLang<bool>,
}

impl<'a> Moves<'a> {
    /// The move of `ply` (1-based) by its side and number.
    fn bare(&self, ply: usize) -> Bare {
        let (number, side) = move_number(self.first_side, self.first_number, ply);
        Bare { side, number }
    }

    /// [`bare`](Self::bare) and the move itself, as sent and in ICCS.
    fn named(&self, ply: usize) -> Named<'a> {
        let iccs = self
            .moves
            .get(ply.wrapping_sub(1))
            .copied()
            .or_else(|| self.known.iter().find(|p| p.ply == ply).map(|p| p.mv));
        let sent = self.sent.get(ply.wrapping_sub(1)).copied();
        Named {
            bare: self.bare(ply),
            // A move sent in ICCS is given once.
            sent: sent.filter(|s| iccs.is_none_or(|m| !is_iccs_of(s, m))),
            own: self.own_texts(ply, iccs),
            iccs,
        }
    }

    /// The move of `ply` in each wanted language's own notation, when the
    /// position before it is known.
    fn own_texts(&self, ply: usize, mv: Option<Move>) -> ByLang<Option<MoveText>> {
        let (Some(replay), Some(mv)) = (self.replay, mv) else {
            return ByLang::default();
        };
        let Some(before) = ply.checked_sub(1).filter(|&p| p < replay.plies()) else {
            return ByLang::default();
        };
        let pos = replay.position(before);
        let mut text = String::new();
        OWN_NOTATION.map(|lang, notation| {
            if !*self.wanted.get(lang) {
                return None;
            }
            text.clear();
            notation.write_move(&pos, mv, &mut text);
            MoveText::from(&text).ok()
        })
    }

    /// From the move of ply `a` to that of ply `b`.
    fn range(&self, a: usize, b: usize) -> Range {
        Range(self.bare(a), self.bare(b))
    }
}

/// Whether `text` is `m` in ICCS.
fn is_iccs_of(text: &str, m: Move) -> bool {
    text.len() == 4 && text.get(..2) == Some(m.from.name()) && text.get(2..) == Some(m.to.name())
}

/// The explanation of a finished ruling: a view of it, in words, moves
/// numbered from 1 and written in ICCS.
pub fn explain(ruling: &Ruling) -> Explanation {
    explain_named(ruling, &Naming::default())
}

/// The explanation of a finished ruling, naming moves as `naming` says.
pub fn explain_named(ruling: &Ruling, naming: &Naming) -> Explanation {
    explain_named_in(ruling, naming, |_| true)
}

/// [`explain_named`] in the languages `wanted` accepts only: the other
/// texts are left empty, and cost nothing.
pub fn explain_named_in(
    ruling: &Ruling,
    naming: &Naming,
    wanted: impl Fn(Lang) -> bool,
) -> Explanation {
    let book = ruling.ruleset;
    let rep = ruling
        .repetition
        .as_ref()
        .or(ruling.broken_repetition.as_ref());
    let moves = Moves {
        first_side: ruling.first_mover,
        first_number: naming.first_number.max(1),
        sent: naming.sent,
        moves: naming.moves,
        known: match (rep, &ruling.forbidden_run) {
            (Some(r), _) => &r.cycle,
            (None, Some(run)) => &run.plies,
            (None, None) => &[],
        },
        places: Places::of(naming.notation),
        replay: naming.replay,
        wanted: ByLang::default().map(|lang, ()| wanted(lang)),
    };
    // Room for the usual explanation (two to four sentences), so that the texts grow once.
    let room = |lang| {
        if wanted(lang) {
            String::with_capacity(512)
        } else {
            String::new()
        }
    };
    let mut out = Texts {
        written: Explanation {
            vi: room(Lang::Vi),
            en: room(Lang::En),
            zh: room(Lang::Zh),
        },
        wanted,
    };
    match (&ruling.repetition, &ruling.broken_repetition) {
        (Some(rep), _) => explain_repetition(&mut out, book, ruling.verdict, rep, &moves),
        (None, Some(b)) => {
            let ply = b.broken_at_ply.unwrap_or(b.trigger_ply);
            out.say(Sentence::Found(Found::Broken {
                seen: seen(b, &moves),
                change: moves.named(ply),
                again: b.in_game.again.map(|a| SeenAgain {
                    nth: a.occurrences,
                    at: moves.named(a.ply),
                    since_change: a.since_change.unwrap_or(a.occurrences),
                }),
            }));
        }
        // Nine rounds of forbidden moves: told below.
        (None, None) if ruling.forbidden_run.is_some() => {}
        // A finished game is told by its end, not by what did not happen.
        (None, None) if ruling.game_end.is_some() => {}
        (None, None) => out.say(Sentence::Found(Found::Nothing)),
    }
    if let Some(run) = &ruling.forbidden_run {
        explain_run(&mut out, book, ruling.verdict, run, &moves);
    }
    if let Some(end) = ruling.game_end {
        // Checkmate (VN 7.1.a, AXF 1) or a side without a legal move (VN 7.1.b, AXF 2).
        let ground = match end {
            GameEnd::Checkmate { .. } => Ground::Mate,
            GameEnd::Stalemate { .. } => Ground::Stalemate,
        };
        out.say(Sentence::GameEnd {
            end,
            cited: cited_ground(book, ground),
        });
    }
    if ruling.no_capture.draw_claimable {
        // The no-capture claim (VN Article 12, AXF practice), counted in moves of both
        // sides (nước), the plies beside them.
        let plies = ruling.no_capture.plies;
        out.say(Sentence::NoCapture {
            moves: plies / 2,
            plies,
            claim: &book.book().wording.claim,
            cited: cited_ground(book, Ground::NoCapture),
        });
    }
    if book.provisional().is_some() {
        out.say(Sentence::Provisional);
    }
    out.written
}

/// The repeated position and its count over the whole game, after the
/// trigger: the start position, or the one after the move it first stood.
fn seen<'a>(rep: &Repetition, moves: &Moves<'a>) -> Seen<'a> {
    let first = rep.in_game.first_ply;
    Seen {
        after: (first != 0).then(|| moves.bare(first)),
        nth: rep.in_game.occurrences,
        at: moves.named(rep.trigger_ply),
    }
}

/// The first citation of `ground` in `book`.
fn cited_ground(book: RuleSet, ground: Ground) -> Cited {
    Cited(book.cite(ground).next())
}

fn explain_repetition(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    verdict: Verdict,
    rep: &Repetition,
    moves: &Moves,
) {
    let words = &book.book().wording;
    let (a, b) = (rep.previous_ply + 1, rep.trigger_ply);
    out.say(Sentence::Found(Found::Occurred {
        seen: seen(rep, moves),
        // Counted afresh from a change of move: said when it tells another count.
        since: (rep.occurrences != rep.in_game.occurrences).then(|| Since {
            nth: rep.occurrences,
            from: moves.bare(rep.first_ply),
        }),
    }));
    let span = moves.range(a, b);
    match rep.verdict.violator {
        Some(v) => {
            let (finding, other) = if v == Color::Red {
                (&rep.red, &rep.black)
            } else {
                (&rep.black, &rep.red)
            };
            let decided = describe_violation(out, book, rep, finding, span, moves.places);
            describe_answer(out, book, rep, finding, other, decided);
            let ground = if finding.pattern == Pattern::PerpetualCheck {
                Ground::CheckViolation
            } else {
                Ground::ChaseViolation
            };
            let cited = cited_ground(book, ground);
            out.say(Sentence::Outcome(if verdict == Verdict::Loss {
                Outcome::Loses {
                    side: v,
                    at: moves.named(rep.loss_ply.unwrap_or(b)),
                    if_warned: words.loss_after_warning,
                    cited,
                }
            } else {
                Outcome::MustChange {
                    side: v,
                    must: &words.must_change,
                    cited,
                }
            }));
        }
        None if rep.verdict.undecided => {
            let (at, search) = undecided_at(&rep.cycle, b);
            out.say(Sentence::Outcome(Outcome::Undecided {
                at: moves.named(at),
                search,
            }));
        }
        None => {
            let both_check = rep.red.pattern == Pattern::PerpetualCheck;
            let both_chase = matches!(
                rep.red.pattern,
                Pattern::PerpetualChase(_) | Pattern::PerpetualAttack
            ) || (rep.red.pattern != Pattern::Allowed
                && rep.black.pattern != Pattern::Allowed);
            let draw = if both_check {
                &words.both_check
            } else if both_chase {
                &words.both_chase
            } else {
                for f in [&rep.red, &rep.black] {
                    describe_allowed(out, book, rep, f, moves.places);
                }
                &words.neither
            };
            out.say(Sentence::Outcome(Outcome::Draw(draw)));
        }
    }
}

/// Nine rounds of forbidden moves (CXA 2020, 参考图8): what the side did,
/// then what follows, as for a repetition.
fn explain_run(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    verdict: Verdict,
    run: &ForbiddenRun,
    moves: &Moves,
) {
    let words = &book.book().wording;
    let own = || run.plies.iter().filter(|p| p.side == run.side);
    let first = own().next().map_or(run.last_ply, |p| p.ply);
    let (from, to) = (moves.bare(first).number, moves.bare(run.last_ply).number);
    if let Some(change) = run.broken_at_ply {
        out.say(Sentence::Found(Found::RunBroken {
            side: run.side,
            from,
            to,
            change: moves.named(change),
        }));
        return;
    }
    let (mine, theirs) = if run.side == Color::Red {
        (&run.red, &run.black)
    } else {
        (&run.black, &run.red)
    };
    out.say(Sentence::Found(Found::Run {
        side: run.side,
        moves: own().count(),
        from,
        to,
        points: run.points,
        both: theirs.pattern != Pattern::Allowed,
        cited: cited_ground(book, Ground::NineRounds),
    }));
    match run.verdict.violator {
        Some(v) => {
            let finding = if v == run.side { mine } else { theirs };
            let ground = if finding.pattern == Pattern::PerpetualCheck {
                Ground::CheckViolation
            } else {
                Ground::ChaseViolation
            };
            let cited = cited_ground(book, ground);
            out.say(Sentence::Outcome(match run.loss_ply {
                Some(at) if verdict == Verdict::Loss => Outcome::AttacksAgain {
                    side: v,
                    at: moves.named(at),
                    cited,
                },
                _ => Outcome::MustChange {
                    side: v,
                    must: &words.must_change,
                    cited,
                },
            }));
        }
        None if run.verdict.undecided => {
            let (at, search) = undecided_at(&run.plies, run.last_ply);
            out.say(Sentence::Outcome(Outcome::Undecided {
                at: moves.named(at),
                search,
            }));
        }
        None => out.say(Sentence::Outcome(Outcome::Draw(
            if mine.pattern == Pattern::PerpetualCheck && theirs.pattern == Pattern::PerpetualCheck
            {
                &words.both_check
            } else {
                &words.both_chase
            },
        ))),
    }
}

/// The first move a bounded search left undecided, and which search: the
/// mate search's (杀), else 不能离线's (a capture into mate); `last` if none
/// is found.
fn undecided_at(plies: &[PlyAnalysis], last: usize) -> (usize, Undecided) {
    if let Some(p) = plies.iter().find(|p| p.mate_threat == MateThreat::Unknown) {
        return (p.ply, Undecided::MateThreat);
    }
    let capture = plies
        .iter()
        .find(|p| p.threats.iter().any(|t| t.threat.flags.into_mate_undecided));
    match capture {
        Some(p) => (p.ply, Undecided::CaptureIntoMate),
        None => (last, Undecided::MateThreat),
    }
}

/// The moves of `side` in the cycle.
fn moves_of(rep: &Repetition, side: Color) -> impl Iterator<Item = &PlyAnalysis> {
    rep.cycle.iter().filter(move |p| p.side == side)
}

/// The pieces of `side` that `seen` names on its moves of the cycle, each
/// piece once, told by identity: a piece is followed through the cycle's
/// moves, so a piece that moved is one piece on several squares, and two
/// pieces of one kind are two. Each is given with its squares in order, the
/// pieces of one kind side by side, kinds in order of appearance; and
/// whether they took turns (several, none of them on every move).
fn by_piece<'p>(
    cycle: &'p [PlyAnalysis],
    side: Color,
    seen: impl Fn(&'p PlyAnalysis) -> Vec<(Role, Square)>,
) -> (Vec<(Role, Vec<Square>)>, bool) {
    struct Piece {
        role: Role,
        squares: Vec<Square>,
        now: Square,
        alive: bool,
        moves: usize,
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut side_moves = 0;
    for p in cycle {
        for piece in pieces.iter_mut().filter(|x| x.alive) {
            if p.side == side && piece.now == p.mv.from {
                piece.now = p.mv.to;
            } else if p.side != side && piece.now == p.mv.to {
                piece.alive = false;
            }
        }
        if p.side != side {
            continue;
        }
        side_moves += 1;
        let mut this_move: Vec<usize> = Vec::new();
        for (role, sq) in seen(p) {
            let i = match pieces
                .iter()
                .position(|x| x.alive && x.role == role && x.now == sq)
            {
                Some(i) => i,
                None => {
                    pieces.push(Piece {
                        role,
                        squares: Vec::new(),
                        now: sq,
                        alive: true,
                        moves: 0,
                    });
                    pieces.len() - 1
                }
            };
            let piece = &mut pieces[i];
            if !piece.squares.contains(&sq) {
                piece.squares.push(sq);
            }
            if !this_move.contains(&i) {
                this_move.push(i);
                piece.moves += 1;
            }
        }
    }
    let in_turn = pieces.len() > 1 && pieces.iter().all(|x| x.moves < side_moves);
    let mut roles: Vec<Role> = Vec::new();
    for x in &pieces {
        if !roles.contains(&x.role) {
            roles.push(x.role);
        }
    }
    let several = |r: Role| pieces.iter().filter(|x| x.role == r).count() > 1;
    // A kind of one piece first, then the kinds of several (`king d8 and two
    // horses e7 and d7`), else in order of appearance.
    let rank: Vec<(Role, (bool, usize))> = roles
        .iter()
        .enumerate()
        .map(|(i, &r)| (r, (several(r), i)))
        .collect();
    let mut groups: Vec<(Role, Vec<Square>)> =
        pieces.into_iter().map(|x| (x.role, x.squares)).collect();
    // Stable: the pieces of one kind keep their order.
    groups.sort_by_key(|(r, _)| rank.iter().find(|(x, _)| x == r).map(|&(_, k)| k));
    (groups, in_turn)
}

/// The checking pieces of `side` over the cycle, by identity.
fn checkers(cycle: &[PlyAnalysis], side: Color) -> (Vec<(Role, Vec<Square>)>, bool) {
    by_piece(cycle, side, |p| p.checkers.to_vec())
}

/// The attackers of `threat`, each as its role and square.
fn attackers(threat: &Threat) -> impl Iterator<Item = (Role, Square)> + '_ {
    threat.attackers.iter().map(|&(sq, r)| (r, sq))
}

/// Says what the violator did over the cycle (`span`, its moves); returns
/// the ground a chase sentence cited as the deciding one.
fn describe_violation(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    span: Range,
    places: Places,
) -> Option<Ground> {
    let (side, moves) = (f.side, f.moves);
    match &f.pattern {
        Pattern::PerpetualAttack => {
            out.say(Sentence::Violation(Violation::PerpetualAttack {
                side,
                moves,
                checks: f.checks,
                mate_threats: f.mate_threats,
                chases: f.chases,
                span,
                cited: cited_ground(book, Ground::AttacksInAnyMix),
            }));
            None
        }
        Pattern::PerpetualCheck => {
            let (checkers, in_turn) = checkers(&rep.cycle, side);
            out.say(Sentence::Violation(Violation::PerpetualCheck {
                side,
                checkers: places.pieces(&checkers, side),
                in_turn,
                moves,
                span,
                cited: cited_ground(book, Ground::PerpetualCheck),
            }));
            None
        }
        Pattern::PerpetualChase(chase) => {
            let threats: Vec<_> = moves_of(rep, side)
                .flat_map(|p| p.threats.iter())
                .filter(|t| t.target_id == chase.target_id && presses(book, &t.threat))
                .map(|t| &t.threat)
                .collect();
            let (chasers, in_turn) = by_piece(&rep.cycle, side, |p| {
                p.threats
                    .iter()
                    .filter(|t| t.target_id == chase.target_id && presses(book, &t.threat))
                    .flat_map(|t| attackers(&t.threat))
                    .collect()
            });
            let target = chase.target_role;
            let o = side.other();
            out.say(Sentence::Violation(Violation::PerpetualChase {
                side,
                chasers: places.pieces(&chasers, side),
                in_turn,
                target: places.piece(target, &chase.target_squares, o),
                moves,
                span,
            }));
            // A king or pawn with more than one helper: the exception (VN
            // 23.9, AXF 28-29) is for one.
            let over_helped = f.grounds.iter().find_map(|&g| match g {
                Ground::OverHelped { leader } => Some((g, leader)),
                _ => None,
            });
            if let Some((ground, leader)) = over_helped {
                let helpers = chasers
                    .iter()
                    .filter(|(r, _)| !matches!(r, Role::King | Role::Pawn))
                    .count();
                if let Some(cited) = book.cite(ground).next() {
                    out.say(Sentence::Violation(Violation::TwoHelpers {
                        side,
                        leader,
                        helpers,
                        cited,
                    }));
                }
            }
            let stood = how_chased_stood(&threats, f, target);
            let ground = stood.ground();
            // An unprotected piece is chased as such (VN 23.3; the AXF by
            // the pieces involved); a protected one by the exception.
            let cited = match ground.map(|g| cited_ground(book, g)) {
                Some(Cited(Some(c))) => Cited(Some(c)),
                _ => chase_citation(book, f),
            };
            out.say(Sentence::Violation(Violation::Chased {
                side: o,
                target,
                stood,
                cited,
            }));
            ground
        }
        Pattern::Allowed => None,
    }
}

/// How the chased piece stood: unprotected (the chase itself, VN 23.3),
/// falsely protected (23.6), or truly protected and still chased (a rook
/// chased by a horse or cannon, 23.6; pinned, or a horse that cannot strike
/// back, 23.7; offers mixed with chases, 23.8).
fn how_chased_stood(threats: &[&Threat], f: &SideFinding, target: Role) -> Stood {
    let any = |p: Protection| threats.iter().any(|t| t.protection == p);
    let flag = |g: Ground| f.grounds.contains(&g);
    if any(Protection::True) {
        if target == Role::Rook && (flag(Ground::RookByCannon) || flag(Ground::RookByHorse)) {
            // The piece that chases the protected rook: a cannon or a horse.
            let by = threats
                .iter()
                .filter(|t| t.protection == Protection::True)
                .flat_map(|t| t.attackers.iter().map(|&(_, r)| r))
                .find(|r| matches!(r, Role::Horse | Role::Cannon))
                .unwrap_or(Role::Cannon);
            Stood::RookBy(by)
        } else if flag(Ground::PinnedTarget) {
            Stood::Pinned
        } else if flag(Ground::BlockedHorse) {
            Stood::BlockedHorse
        } else {
            Stood::OffersAmongChases
        }
    } else if any(Protection::False) {
        Stood::FalselyProtected
    } else {
        Stood::Unprotected
    }
}

impl Stood {
    /// The ground that makes the chase of a piece that stood so a
    /// violation: none for an unprotected piece (the chase itself).
    fn ground(self) -> Option<Ground> {
        match self {
            Stood::Unprotected => None,
            Stood::FalselyProtected => Some(Ground::FalseProtection),
            Stood::RookBy(Role::Horse) => Some(Ground::RookByHorse),
            Stood::RookBy(_) => Some(Ground::RookByCannon),
            Stood::Pinned => Some(Ground::PinnedTarget),
            Stood::BlockedHorse => Some(Ground::BlockedHorse),
            Stood::OffersAmongChases => Some(Ground::OfferInChase),
        }
    }
}

/// What the other side did meanwhile, where the book has a point for it:
/// it checked back now and then (VN 24.4, AXF 8), chased back now and
/// then (VN 23.5), or chased back on every move, a different piece in turn
/// (VN 23.4); and exchange offers among the chases (VN 23.8, AXF 36).
fn describe_answer(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    other: &SideFinding,
    decided: Option<Ground>,
) {
    let side = f.side;
    let grounds = &rep.verdict.grounds;
    let cite_if = |present: bool, ground: Ground| {
        if present {
            book.cite(ground).next()
        } else {
            None
        }
    };
    let (moves, checks, chases) = (other.moves, other.checks, other.chases);
    if let Some(cited) = cite_if(
        grounds.contains(&Ground::CheckedBackSometimes),
        Ground::CheckedBackSometimes,
    ) {
        out.say(Sentence::Answer(Answer::CheckedBack {
            side,
            checks,
            moves,
            cited,
        }));
    }
    if let Some(cited) = cite_if(
        grounds.contains(&Ground::ChasedBackSometimes),
        Ground::ChasedBackSometimes,
    ) {
        out.say(Sentence::Answer(Answer::ChasedBack {
            side,
            chases,
            moves,
            cited,
        }));
    }
    if let Some(cited) = cite_if(
        grounds.contains(&Ground::ChasesInTurn),
        Ground::ChasesInTurn,
    ) {
        out.say(Sentence::Answer(Answer::ChasedInTurn {
            side,
            moves,
            cited,
        }));
    }
    if let Some(cited) = cite_if(
        f.grounds.contains(&Ground::OfferInChase) && decided != Some(Ground::OfferInChase),
        Ground::OfferInChase,
    ) {
        out.say(Sentence::Answer(Answer::OffersAmongChases { side, cited }));
    }
}

/// The citation a chase sentence names: the book's rule for the chase itself
/// (VN 23.3), or, where the book numbers its chase cases by the pieces (the
/// AXF), the first such rule the finding cites; else none: the rule that
/// sanctions a chase (AXF 3) does not say what one is.
fn chase_citation(book: RuleSet, f: &SideFinding) -> Cited {
    let chase_grounds = f.grounds.iter().filter(|g| {
        matches!(
            g,
            Ground::Chase { .. }
                | Ground::SeveralChasers
                | Ground::RookByCannon
                | Ground::RookByHorse
                | Ground::PinnedTarget
                | Ground::BlockedHorse
                | Ground::FalseProtection
        )
    });
    let first = chase_grounds.flat_map(|&g| book.cite(g)).min();
    Cited(first)
}

/// The grounds that explain an allowed pattern, the most telling first: the
/// sentence names the first of them the side's finding has.
const ALLOWED_BECAUSE: [Ground; 16] = [
    Ground::KeyDefensivePoint,
    Ground::SelfInflicted,
    Ground::CaptureIntoMate,
    Ground::KingChase,
    Ground::PawnChase,
    Ground::ChecksMixed,
    Ground::DiscoveredCheckInTurn,
    Ground::OffersBreakChase,
    Ground::ChasesInTurn,
    Ground::PinnedProtectedThreat,
    Ground::SeveralOnProtected,
    Ground::OffersOnly,
    Ground::BlocksOrOffers,
    Ground::DiscoveredCheckThreat,
    Ground::ProtectedThreat,
    Ground::UncrossedPawnThreat,
];

/// Why one side's moves were allowed, in a sentence naming what it did:
/// the king or pawn and its helper (VN 23.9), the kind of one check one
/// other (23.2), the allowed kinds that happened (23.10), ...
fn describe_allowed(
    out: &mut Texts<impl Fn(Lang) -> bool>,
    book: RuleSet,
    rep: &Repetition,
    f: &SideFinding,
    places: Places,
) {
    let side = f.side;
    // The Vietnamese law words its allowances by point: the grounds one
    // point covers share its sentence, in the point's order of precedence.
    let because = ALLOWED_BECAUSE
        .into_iter()
        .filter(|g| f.grounds.contains(g))
        // The first of the lowest rank, as `min_by_key`, ranked only when there are several.
        .reduce(|best, g| {
            if allowed_rank(book, g) < allowed_rank(book, best) {
                g
            } else {
                best
            }
        });
    let cited = Cited(because.and_then(|g| book.cite(g).next()));
    let o = side.other();
    // The piece chased with a king or pawn, when one was: the sentence borrows it.
    let chase = match because {
        Some(Ground::KingChase | Ground::PawnChase) => king_or_pawn_chase(book, rep, side),
        _ => None,
    };
    let what = match because {
        Some(Ground::KingChase | Ground::PawnChase) => match &chase {
            Some(chase) => Allowance::KingOrPawn {
                chasers: places.pieces(&chase.chasers, side),
                target: places.piece(chase.target, &chase.squares, o),
            },
            None => Allowance::KingOrPawnAlone,
        },
        Some(Ground::ChecksMixed) => Allowance::ChecksAnd(check_and_what(book, rep, side)),
        Some(Ground::ChasesInTurn) => Allowance::ChasesInTurn,
        Some(Ground::DiscoveredCheckInTurn) => Allowance::DiscoveredCheckInTurn,
        Some(Ground::OffersBreakChase) => Allowance::OffersBreakChase,
        Some(Ground::PinnedProtectedThreat) => Allowance::PinnedProtected {
            among_chases: f.chases > 0,
        },
        Some(Ground::SeveralOnProtected) => Allowance::SeveralOnProtected,
        Some(Ground::OffersOnly | Ground::BlocksOrOffers | Ground::DiscoveredCheckThreat) => {
            Allowance::Kinds(allowed_kinds(rep, side))
        }
        Some(Ground::ProtectedThreat) => Allowance::ProtectedThreat,
        Some(Ground::UncrossedPawnThreat) => Allowance::UncrossedPawn { of: o },
        Some(Ground::KeyDefensivePoint) => Allowance::KeyDefensivePoint,
        Some(Ground::SelfInflicted) => Allowance::SelfInflicted,
        Some(Ground::CaptureIntoMate) => Allowance::CaptureIntoMate,
        _ => Allowance::OnlyAllowedMoves,
    };
    out.say(Sentence::Allowed(Allowed { side, what, cited }));
}

/// A threat that presses its target under `book`, as the law reads it.
fn presses(book: RuleSet, threat: &Threat) -> bool {
    law::presses(&book.readings(), threat)
}

/// A piece chased on every move with a king or pawn among its chasers.
struct KingOrPawnChase {
    target: Role,
    /// The target's squares over the cycle, in order.
    squares: Vec<Square>,
    /// The chasers, the king or pawn and its helper, by role.
    chasers: Vec<(Role, Vec<Square>)>,
}

/// The piece `side` pressed on every move with a king or pawn among the
/// chasers (VN 23.9, AXF 28–29).
fn king_or_pawn_chase(book: RuleSet, rep: &Repetition, side: Color) -> Option<KingOrPawnChase> {
    let plies: Vec<&PlyAnalysis> = moves_of(rep, side).collect();
    let first = plies.first()?;
    first
        .threats
        .iter()
        .filter(|t| presses(book, &t.threat))
        .find_map(|start| {
            let per_move: Vec<&Threat> = plies
                .iter()
                .map(|p| {
                    p.threats
                        .iter()
                        .find(|t| t.target_id == start.target_id && presses(book, &t.threat))
                        .map(|t| &t.threat)
                })
                .collect::<Option<_>>()?;
            let (chasers, _) = by_piece(&rep.cycle, side, |p| {
                p.threats
                    .iter()
                    .filter(|t| t.target_id == start.target_id && presses(book, &t.threat))
                    .flat_map(|t| attackers(&t.threat))
                    .collect()
            });
            if !chasers
                .iter()
                .any(|(r, _)| matches!(r, Role::King | Role::Pawn))
            {
                return None;
            }
            let mut squares: Vec<Square> = Vec::new();
            for t in &per_move {
                if !squares.contains(&t.target) {
                    squares.push(t.target);
                }
            }
            Some(KingOrPawnChase {
                target: start.threat.target_role,
                squares,
                chasers,
            })
        })
}

/// Which of the law's "one check, one ..." (VN 23.2, AXF 12) the side
/// played: its moves that did not check chased, threatened to win a piece
/// by discovered check, or waited.
fn check_and_what(book: RuleSet, rep: &Repetition, side: Color) -> Alternated {
    let others: Vec<&PlyAnalysis> = moves_of(rep, side).filter(|p| !p.check).collect();
    let has = |kind: ThreatKind| {
        others
            .iter()
            .any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    let chases = others.iter().any(|p| {
        p.threats.iter().any(|t| {
            t.threat.kind == ThreatKind::Chase
                || (book.readings().discovered_check_threat_is_chase
                    && t.threat.kind == ThreatKind::DiscoveredCheck)
        })
    });
    let idle = others.iter().all(|p| {
        !p.blocks
            && !p.sacrifice
            && p.threats
                .iter()
                .all(|t| t.threat.kind < ThreatKind::DiscoveredCheck)
    });
    if chases {
        Alternated::Chases
    } else if has(ThreatKind::DiscoveredCheck) {
        Alternated::DiscoveredCheckThreats
    } else if idle {
        Alternated::IdleMoves
    } else {
        Alternated::OtherMoves
    }
}

/// The kinds of move Article 23, point 10 (AXF 24, 40) allows perpetually
/// that the side played: blocks, sacrifices, exchange offers, threats to
/// win a piece by discovered check.
fn allowed_kinds(rep: &Repetition, side: Color) -> AllowedKinds {
    let threat = |kind: ThreatKind| {
        moves_of(rep, side).any(|p| p.threats.iter().any(|t| t.threat.kind == kind))
    };
    AllowedKinds {
        blocks: moves_of(rep, side).any(|p| p.blocks),
        sacrifices: moves_of(rep, side).any(|p| p.sacrifice),
        exchange_offers: threat(ThreatKind::ExchangeOffer),
        discovered_check_threats: threat(ThreatKind::DiscoveredCheck),
    }
}

/// The order in which allowances explain a pattern: by the point the book
/// cites, in the order of [`ALLOWED_BECAUSE`] among the grounds of one
/// point (so the Vietnamese 23.10 covers offers, blocks and discovered
/// checks alike).
fn allowed_rank(book: RuleSet, g: Ground) -> usize {
    let first = book.cite(g).next();
    ALLOWED_BECAUSE
        .iter()
        .position(|&h| book.cite(h).next() == first && first.is_some())
        .unwrap_or_else(|| {
            ALLOWED_BECAUSE
                .iter()
                .position(|&h| h == g)
                .unwrap_or(usize::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::{Options, Replay, rule};
    use crate::xiangqi::Position;

    /// The kind of a sentence, down to the shapes of its phrases that change
    /// its words: a new sentence or shape does not compile here until it is
    /// named, and [`KINDS`] counts them.
    fn kind(s: &Sentence) -> String {
        let allowance = |a: &Allowance| match a {
            Allowance::KingOrPawn { .. } => "king or pawn".to_string(),
            Allowance::KingOrPawnAlone => "king or pawn alone".to_string(),
            Allowance::ChecksAnd(other) => format!("checks and {other:?}"),
            Allowance::ChasesInTurn => "chases in turn".to_string(),
            Allowance::DiscoveredCheckInTurn => "discovered check in turn".to_string(),
            Allowance::OffersBreakChase => "offers break chase".to_string(),
            Allowance::PinnedProtected { among_chases } => format!("pinned {among_chases}"),
            Allowance::SeveralOnProtected => "several on protected".to_string(),
            Allowance::Kinds(k) => format!("kinds, none {}", k.none()),
            Allowance::ProtectedThreat => "protected threat".to_string(),
            Allowance::UncrossedPawn { .. } => "uncrossed pawn".to_string(),
            Allowance::OnlyAllowedMoves => "only allowed moves".to_string(),
            Allowance::KeyDefensivePoint => "key defensive point".to_string(),
            Allowance::SelfInflicted => "self-inflicted".to_string(),
            Allowance::CaptureIntoMate => "capture into mate".to_string(),
        };
        match s {
            Sentence::Found(Found::Nothing) => "nothing found".to_string(),
            Sentence::Found(Found::Occurred { seen, since }) => format!(
                "occurred, at the start {}, since {}",
                seen.after.is_none(),
                since.is_some()
            ),
            Sentence::Found(Found::Broken { again, .. }) => {
                format!("broken, again {}", again.is_some())
            }
            Sentence::Found(Found::Run { both, .. }) => format!("nine rounds, both {both}"),
            Sentence::Found(Found::RunBroken { .. }) => "nine rounds broken".to_string(),
            Sentence::Violation(Violation::PerpetualCheck { in_turn, .. }) => {
                format!("perpetual check, in turn {in_turn}")
            }
            Sentence::Violation(Violation::PerpetualChase { in_turn, .. }) => {
                format!("perpetual chase, in turn {in_turn}")
            }
            Sentence::Violation(Violation::TwoHelpers { .. }) => "two helpers".to_string(),
            Sentence::Violation(Violation::PerpetualAttack { .. }) => {
                "perpetual attack".to_string()
            }
            Sentence::Violation(Violation::Chased { stood, cited, .. }) => {
                format!("chased {stood:?}, cited {}", cited.0.is_some())
            }
            Sentence::Answer(Answer::CheckedBack { .. }) => "checked back".to_string(),
            Sentence::Answer(Answer::ChasedBack { .. }) => "chased back".to_string(),
            Sentence::Answer(Answer::ChasedInTurn { .. }) => "chased in turn".to_string(),
            Sentence::Answer(Answer::OffersAmongChases { .. }) => "offers".to_string(),
            Sentence::Allowed(Allowed { what, cited, .. }) => {
                format!("allowed {}, cited {}", allowance(what), cited.0.is_some())
            }
            Sentence::Outcome(Outcome::Loses { if_warned, .. }) => {
                format!("loses, if warned {if_warned}")
            }
            Sentence::Outcome(Outcome::MustChange { .. }) => "must change".to_string(),
            Sentence::Outcome(Outcome::AttacksAgain { .. }) => "attacks again".to_string(),
            Sentence::Outcome(Outcome::Draw(_)) => "draw".to_string(),
            Sentence::Outcome(Outcome::Undecided { search, .. }) => {
                format!("undecided {search:?}")
            }
            Sentence::Provisional => "provisional".to_string(),
            Sentence::GameEnd { end, .. } => match end {
                GameEnd::Checkmate { .. } => "checkmate".to_string(),
                GameEnd::Stalemate { .. } => "stalemate".to_string(),
            },
            Sentence::NoCapture { .. } => "no capture".to_string(),
        }
    }

    /// The kinds [`kind`] names: 6 found and 3 of nine rounds (alone, both, broken), 2 × 2
    /// (in turn or not) + 1 + 6 × 2 (cited or not) + 1 (perpetual attack) violation, 4
    /// answer, 20 allowed (15 allowances, the checks 4 times, the pinned piece and the kinds
    /// twice), 7 outcome (a loss with or without the warning, undecided by either
    /// search, attacking again after nine rounds), 2 game ends, 1 no capture, 1 provisional book.
    const KINDS: usize = 6 + 3 + 18 + 4 + 20 + 7 + 2 + 1 + 1;

    #[test]
    fn every_sentence_is_said_in_every_language_as_a_sentence() {
        let sq = |s| Square::from_iccs(s).unwrap();
        let groups = vec![
            (Role::Cannon, vec![sq("a7")]),
            (Role::Rook, vec![sq("c7"), sq("c8"), sq("d7")]),
            (Role::Rook, vec![sq("b2")]),
            (Role::Pawn, vec![sq("e5")]),
        ];
        let target = vec![sq("e6"), sq("e5")];
        let book = RuleSet::default();
        let cite = |g| book.cite(g).next().expect("the book cites it");
        let cited = |g| Cited(Some(cite(g)));
        let bare = Bare {
            side: Color::Black,
            number: 21,
        };
        let named = Named {
            bare,
            sent: Some("R9=8"),
            own: Default::default(),
            iccs: Some(Move::new(sq("a0"), sq("b0"))),
        };
        let span = Range(bare, bare);
        let words = &book.book().wording;
        let mut all = Vec::new();
        for places in [Places::Squares, Places::Files] {
            for (side, in_turn) in [(Color::Red, false), (Color::Black, true)] {
                let (chasers, target) = (
                    places.pieces(&groups, side),
                    places.piece(Role::Horse, &target, side.other()),
                );
                all.extend([
                    Sentence::Violation(Violation::PerpetualCheck {
                        side,
                        checkers: chasers,
                        in_turn,
                        moves: 3,
                        span,
                        cited: cited(Ground::PerpetualCheck),
                    }),
                    Sentence::Violation(Violation::PerpetualChase {
                        side,
                        chasers,
                        in_turn,
                        target,
                        moves: 3,
                        span,
                    }),
                    Sentence::Violation(Violation::TwoHelpers {
                        side,
                        leader: Role::King,
                        helpers: 2,
                        cited: cite(Ground::KingChase),
                    }),
                    Sentence::Allowed(Allowed {
                        side,
                        what: Allowance::KingOrPawn { chasers, target },
                        cited: cited(Ground::KingChase),
                    }),
                ]);
            }
        }
        all.extend([
            Sentence::Found(Found::Nothing),
            Sentence::Found(Found::Occurred {
                seen: Seen {
                    after: None,
                    nth: 3,
                    at: named,
                },
                since: None,
            }),
            Sentence::Found(Found::Occurred {
                seen: Seen {
                    after: Some(bare),
                    nth: 5,
                    at: named,
                },
                since: None,
            }),
            Sentence::Found(Found::Occurred {
                seen: Seen {
                    after: None,
                    nth: 5,
                    at: named,
                },
                since: Some(Since { nth: 3, from: bare }),
            }),
            Sentence::Found(Found::Broken {
                seen: Seen {
                    after: None,
                    nth: 3,
                    at: named,
                },
                change: named,
                again: None,
            }),
            Sentence::Found(Found::Broken {
                seen: Seen {
                    after: Some(bare),
                    nth: 3,
                    at: named,
                },
                change: named,
                again: Some(SeenAgain {
                    nth: 4,
                    at: named,
                    since_change: 2,
                }),
            }),
        ]);
        for stood in [
            Stood::Unprotected,
            Stood::FalselyProtected,
            Stood::RookBy(Role::Cannon),
            Stood::Pinned,
            Stood::BlockedHorse,
            Stood::OffersAmongChases,
        ] {
            all.push(Sentence::Violation(Violation::Chased {
                side: Color::Black,
                target: Role::Rook,
                stood,
                cited: cited(Ground::ChaseViolation),
            }));
            all.push(Sentence::Violation(Violation::Chased {
                side: Color::Black,
                target: Role::Rook,
                stood,
                cited: Cited(None),
            }));
        }
        all.extend([
            Sentence::Answer(Answer::CheckedBack {
                side: Color::Red,
                checks: 1,
                moves: 3,
                cited: cite(Ground::CheckedBackSometimes),
            }),
            Sentence::Answer(Answer::ChasedBack {
                side: Color::Red,
                chases: 1,
                moves: 3,
                cited: cite(Ground::ChasedBackSometimes),
            }),
            Sentence::Answer(Answer::ChasedInTurn {
                side: Color::Red,
                moves: 3,
                cited: cite(Ground::ChasesInTurn),
            }),
            Sentence::Answer(Answer::OffersAmongChases {
                side: Color::Red,
                cited: cite(Ground::OfferInChase),
            }),
        ]);
        let some_kinds = AllowedKinds {
            blocks: true,
            exchange_offers: true,
            discovered_check_threats: true,
            ..AllowedKinds::default()
        };
        let allowances = [
            Allowance::KingOrPawnAlone,
            Allowance::ChecksAnd(Alternated::Chases),
            Allowance::ChecksAnd(Alternated::DiscoveredCheckThreats),
            Allowance::ChecksAnd(Alternated::IdleMoves),
            Allowance::ChecksAnd(Alternated::OtherMoves),
            Allowance::ChasesInTurn,
            Allowance::DiscoveredCheckInTurn,
            Allowance::OffersBreakChase,
            Allowance::PinnedProtected { among_chases: true },
            Allowance::PinnedProtected {
                among_chases: false,
            },
            Allowance::SeveralOnProtected,
            Allowance::Kinds(AllowedKinds::default()),
            Allowance::Kinds(some_kinds),
            Allowance::ProtectedThreat,
            Allowance::UncrossedPawn { of: Color::Black },
            Allowance::KeyDefensivePoint,
            Allowance::SelfInflicted,
            Allowance::CaptureIntoMate,
        ];
        for what in allowances {
            all.push(Sentence::Allowed(Allowed {
                side: Color::Red,
                what,
                cited: cited(Ground::ChecksMixed),
            }));
        }
        all.extend([
            Sentence::Allowed(Allowed {
                side: Color::Red,
                what: Allowance::OnlyAllowedMoves,
                cited: Cited(None),
            }),
            Sentence::Outcome(Outcome::Loses {
                side: Color::Red,
                at: named,
                if_warned: false,
                cited: cited(Ground::CheckViolation),
            }),
            Sentence::Outcome(Outcome::Loses {
                side: Color::Red,
                at: named,
                if_warned: true,
                cited: cited(Ground::CheckViolation),
            }),
            Sentence::Outcome(Outcome::MustChange {
                side: Color::Red,
                must: &words.must_change,
                cited: cited(Ground::CheckViolation),
            }),
            Sentence::Outcome(Outcome::Draw(&words.neither)),
            Sentence::Outcome(Outcome::Undecided {
                at: named,
                search: Undecided::MateThreat,
            }),
            Sentence::Outcome(Outcome::Undecided {
                at: named,
                search: Undecided::CaptureIntoMate,
            }),
            Sentence::Outcome(Outcome::AttacksAgain {
                side: Color::Red,
                at: named,
                cited: Cited(RuleSet::CXA2020.cite(Ground::ChaseViolation).next()),
            }),
            Sentence::Found(Found::Run {
                side: Color::Black,
                moves: 9,
                from: 12,
                to: 20,
                points: 5,
                both: false,
                cited: Cited(RuleSet::CXA2020.cite(Ground::NineRounds).next()),
            }),
            Sentence::Found(Found::Run {
                side: Color::Red,
                moves: 9,
                from: 1,
                to: 9,
                points: 3,
                both: true,
                cited: Cited(RuleSet::CXA2020.cite(Ground::NineRounds).next()),
            }),
            Sentence::Found(Found::RunBroken {
                side: Color::Red,
                from: 1,
                to: 9,
                change: named,
            }),
            Sentence::Violation(Violation::PerpetualAttack {
                side: Color::Red,
                moves: 2,
                checks: 1,
                mate_threats: 0,
                chases: 1,
                span,
                cited: Cited(RuleSet::CXA2020.cite(Ground::AttacksInAnyMix).next()),
            }),
            Sentence::Provisional,
            Sentence::GameEnd {
                end: GameEnd::Checkmate { winner: Color::Red },
                cited: cited(Ground::Mate),
            },
            Sentence::GameEnd {
                end: GameEnd::Stalemate {
                    winner: Color::Black,
                },
                cited: cited(Ground::Stalemate),
            },
            Sentence::NoCapture {
                moves: 50,
                plies: 100,
                claim: &words.claim,
                cited: cited(Ground::NoCapture),
            },
        ]);
        let kinds: std::collections::BTreeSet<String> = all.iter().map(kind).collect();
        assert_eq!(kinds.len(), KINDS, "{kinds:#?}");

        for s in &all {
            for lang in Lang::ALL {
                let mut text = String::new();
                match lang {
                    Lang::En => en::say(s, &mut text),
                    Lang::Vi => vi::say(s, &mut text),
                    Lang::Zh => zh::say(s, &mut text),
                }
                let (first, last) = (text.chars().next(), text.chars().last());
                let well_formed = match lang {
                    Lang::En | Lang::Vi => {
                        first.is_some_and(char::is_uppercase) && last == Some('.')
                    }
                    Lang::Zh => last == Some('。') && !text.contains(['(', ')', ' ']),
                };
                assert!(
                    well_formed
                        && !text.contains("  ")
                        && !text.contains("()")
                        && !text.contains("（）")
                        && !text.contains(['{', '}']),
                    "{} in {lang:?}: {text:?}",
                    kind(s)
                );
                // A second sentence is set apart as the language sets sentences apart.
                let one = text.clone();
                match lang {
                    Lang::En => en::say(s, &mut text),
                    Lang::Vi => vi::say(s, &mut text),
                    Lang::Zh => zh::say(s, &mut text),
                }
                let gap = if lang == Lang::Zh { "" } else { " " };
                assert_eq!(text, format!("{one}{gap}{one}"));
            }
        }
    }

    #[test]
    fn a_move_sent_in_iccs_is_recognised() {
        let m = Move::new(
            Square::from_iccs("a0").unwrap(),
            Square::from_iccs("b0").unwrap(),
        );
        assert!(is_iccs_of("a0b0", m) && !is_iccs_of("a0b1", m) && !is_iccs_of("车九平八", m));
    }

    #[test]
    fn only_the_languages_asked_for_are_written() {
        let start = Position::new();
        let sq = |s| Square::from_iccs(s).unwrap();
        let moves = [Move::new(sq("h2"), sq("e2")), Move::new(sq("h9"), sq("g7"))];
        let replay = Replay::from_moves(start, &moves).expect("legal moves");
        let ruling = rule(&replay, Options::default());
        let all = explain(&ruling);
        let en = explain_named_in(&ruling, &Naming::default(), |l| l == Lang::En);
        assert_eq!(en.en, all.en);
        assert!(!en.en.is_empty() && en.vi.is_empty() && en.zh.is_empty());
        let rest = explain_named_in(&ruling, &Naming::default(), |l| l != Lang::En);
        assert_eq!((rest.vi, rest.zh), (all.vi, all.zh));
        assert!(rest.en.is_empty());
    }
}
