//! The explanation in English: every [`Sentence`] and every phrase, each in
//! one exhaustive `match`.

use std::fmt::{self, Display, Write};

use super::sentence::{
    Allowance, Allowed, AllowedKinds, Alternated, Answer, Bare, Cited, Found, Named, Numerals,
    Outcome, PieceAt, PiecesAt, Places, Range, Seen, Sentence, Since, Stood, Undecided, Violation,
};
use crate::adjudication::books::{Citation, Lang};
use crate::xiangqi::{Color, GameEnd, Role};

/// Adds `s` to the English text, a space after the sentence before it.
pub(super) fn say(s: &Sentence, text: &mut String) {
    if !text.is_empty() {
        text.push(' ');
    }
    // Writing into a `String` cannot fail.
    let _ = sentence(s, text);
}

fn sentence(s: &Sentence, w: &mut String) -> fmt::Result {
    match s {
        Sentence::Found(found) => match found {
            Found::Nothing => w.write_str("No position has occurred three times."),
            Found::Occurred { seen, since } => {
                write!(w, "{}", En(seen))?;
                if let Some(Since { nth, from }) = since {
                    write!(w, ", the {} time since {}", Nth(*nth), En(from))?;
                }
                w.write_str(".")
            }
            Found::Run {
                side,
                moves,
                from,
                to,
                points,
                both,
                cited,
            } => {
                write!(
                    w,
                    "No position has occurred three times, but {}'s {moves} moves from move {from} to move {to} all attacked (checks, mate threats or chases), on {points} different squares: nine rounds in a row of forbidden moves ({})",
                    En(side),
                    En(cited)
                )?;
                if *both {
                    write!(w, "; {} attacked on every move too", En(&side.other()))?;
                }
                w.write_str(".")
            }
            Found::RunBroken {
                side,
                from,
                to,
                change,
            } => write!(
                w,
                "No position has occurred three times. {} played forbidden moves for nine rounds in a row, from move {from} to move {to}, but changed at {}: nothing stands.",
                En(side),
                En(change)
            ),
            Found::Broken {
                seen,
                change,
                again,
            } => {
                write!(
                    w,
                    "{}, but a change of move at {} broke the repetition",
                    En(seen),
                    En(change)
                )?;
                match again {
                    None => w.write_str(": no repetition stands."),
                    Some(again) => write!(
                        w,
                        ". It occurred again after {}, for the {} time in the game but only the {} time since the change: no repetition stands yet.",
                        En(&again.at),
                        Nth(again.nth),
                        Nth(again.since_change)
                    ),
                }
            }
        },
        Sentence::Violation(violation) => match violation {
            Violation::PerpetualCheck {
                side,
                checkers,
                in_turn,
                moves,
                span,
                cited,
            } => write!(
                w,
                "{} checked on every one of its {moves} moves in the repetition ({}), {} {}: perpetual check ({}).",
                En(side),
                En(span),
                if *in_turn {
                    "taking turns with its"
                } else {
                    "with its"
                },
                En(checkers),
                En(cited)
            ),
            Violation::PerpetualChase {
                side,
                chasers,
                in_turn,
                target,
                moves,
                span,
            } => write!(
                w,
                "{} chased {}'s {} on every one of its {moves} moves in the repetition ({}), {} {}.",
                En(side),
                En(&side.other()),
                En(target),
                En(span),
                if *in_turn {
                    "taking turns with its"
                } else {
                    "with its"
                },
                En(chasers)
            ),
            Violation::PerpetualAttack {
                side,
                moves,
                checks,
                mate_threats,
                chases,
                span,
                cited,
            } => write!(
                w,
                "{} attacked on every one of its {moves} moves in the repetition ({}): {checks} checking, {mate_threats} threatening mate, {chases} chasing; checks, mate threats and chases in any mix, or chases of different pieces in turn, are forbidden moves ({}).",
                En(side),
                En(span),
                En(cited)
            ),
            Violation::TwoHelpers {
                side,
                leader,
                helpers,
                cited,
            } => write!(
                w,
                "{}'s {} chased with {} other pieces, not one, so the exception for a king or pawn helped by one piece does not apply ({}).",
                En(side),
                En(leader),
                Count(*helpers),
                En(cited)
            ),
            Violation::Chased {
                side,
                target,
                stood,
                cited,
            } => {
                let named;
                let why = match stood {
                    Stood::RookBy(by) => {
                        named = format!(
                            "is truly protected, but a {} chasing even a truly protected rook loses",
                            En(by)
                        );
                        &named
                    }
                    Stood::Pinned => {
                        "is truly protected but pinned and unable to move, so this still counts as a perpetual chase"
                    }
                    Stood::BlockedHorse => {
                        "is truly protected but, its leg blocked, cannot strike back at the horse chasing it, so this still counts as a perpetual chase"
                    }
                    Stood::OffersAmongChases => {
                        "is truly protected, but a chase mixed with exchange offers still counts as a perpetual chase"
                    }
                    Stood::FalselyProtected => {
                        "is only falsely protected (its protector could not legally recapture), so this is a perpetual chase"
                    }
                    Stood::Unprotected => {
                        "is unprotected (no piece could recapture it), so this is a perpetual chase"
                    }
                };
                match cited {
                    Cited(Some(c)) => {
                        write!(w, "{}'s {} {why} ({}).", En(side), En(target), En(c))
                    }
                    Cited(None) => write!(w, "{}'s {} {why}.", En(side), En(target)),
                }
            }
        },
        Sentence::Answer(answer) => match answer {
            Answer::CheckedBack {
                side,
                checks,
                moves,
                cited,
            } => write!(
                w,
                "{} checked back on only {checks} of its {moves} moves (two checks, one check back): {} still checks perpetually ({}).",
                En(&side.other()),
                En(side),
                En(cited)
            ),
            Answer::ChasedBack {
                side,
                chases,
                moves,
                cited,
            } => write!(
                w,
                "{} chased back on only {chases} of its {moves} moves (two chases, one chase back): {}, chasing the same piece each time, still chases perpetually ({}).",
                En(&side.other()),
                En(side),
                En(cited)
            ),
            Answer::ChasedInTurn { side, moves, cited } => write!(
                w,
                "{} attacked back on every one of its {moves} moves, but a different piece each time, which is allowed ({}); only {} chased the same piece.",
                En(&side.other()),
                En(cited),
                En(side)
            ),
            Answer::OffersAmongChases { side, cited } => write!(
                w,
                "Some of {}'s chasing moves also offered an exchange: still a perpetual chase ({}).",
                En(side),
                En(cited)
            ),
        },
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: cited @ Cited(Some(_)),
        }) => write!(w, "{} {} ({}).", En(side), En(what), En(cited)),
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: Cited(None),
        }) => write!(w, "{} {}.", En(side), En(what)),
        Sentence::Outcome(outcome) => match outcome {
            Outcome::Loses {
                side,
                at,
                if_warned: false,
                cited,
            } => write!(
                w,
                "Instead of changing, {} repeated at {} and loses ({}).",
                En(side),
                En(at),
                En(cited)
            ),
            Outcome::Loses {
                side,
                at,
                if_warned: true,
                cited,
            } => write!(
                w,
                "If the referee had warned {}, repeating at {} loses ({}).",
                En(side),
                En(at),
                En(cited)
            ),
            Outcome::AttacksAgain { side, at, cited } => write!(
                w,
                "Instead of changing, {} played another forbidden move at {} and loses ({}).",
                En(side),
                En(at),
                En(cited)
            ),
            Outcome::MustChange { side, must, cited } => {
                write!(w, "{} {} ({}).", En(side), must.en, En(cited))
            }
            Outcome::Draw(words) => w.write_str(words.en),
            Outcome::Undecided {
                at,
                search: Undecided::MateThreat,
            } => write!(
                w,
                "No verdict: it turns on whether {} threatens mate, which the bounded search could not decide.",
                En(at)
            ),
            Outcome::Undecided {
                at,
                search: Undecided::CaptureIntoMate,
            } => write!(
                w,
                "No verdict: it turns on whether taking the piece threatened at {} would let the other side mate, which the bounded search could not decide.",
                En(at)
            ),
        },
        Sentence::GameEnd { end, cited } => {
            let (winner, what) = match end {
                GameEnd::Checkmate { winner } => (winner, "is checkmated"),
                GameEnd::Stalemate { winner } => (winner, "has no legal move"),
            };
            write!(
                w,
                "{} {what}: {} wins ({}).",
                En(&winner.other()),
                En(winner),
                En(cited)
            )
        }
        Sentence::Provisional => w.write_str(
            "Provisional: this rule book is reconstructed from its illustrated cases and not checked against its official text.",
        ),
        Sentence::NoCapture {
            moves,
            plies,
            claim,
            cited,
        } => write!(
            w,
            "Neither side has captured for {moves} moves ({plies} plies): {} ({}).",
            claim.en,
            En(cited)
        ),
    }
}

/// A phrase in English, for `write!`.
struct En<'a, T: ?Sized>(&'a T);

/// `The start position occurred for the fifth time after Black's 8th move
/// (b7a7)`, `The position after Red's 4th move occurred …`.
impl Display for En<'_, Seen<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Seen { after, nth, at } = self.0;
        match after {
            None => f.write_str("The start position")?,
            Some(after) => write!(f, "The position after {}", En(after))?,
        }
        write!(f, " occurred for the {} time after {}", Nth(*nth), En(at))
    }
}

/// A side's name: `Red`.
impl Display for En<'_, Color> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }
}

/// A piece's name: `rook`.
impl Display for En<'_, Role> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        })
    }
}

/// `rook a9/a8`, or `rook on file 9`, `rook on files 8/7`.
impl Display for En<'_, PieceAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.0;
        match piece.places {
            Places::Squares => write!(f, "{} ", En(&piece.role))?,
            Places::Files => {
                let s = if piece.several() { "s" } else { "" };
                write!(f, "{} on file{s} ", En(&piece.role))?;
            }
        }
        piece.write_places(f, Numerals::Arabic)
    }
}

/// `cannon a7 and rook c7`, `pawn e5, horse e7 and rook a7`, `two cannons
/// a8 and a7`, `two rooks on files 9 and 8`.
impl Display for En<'_, PiecesAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = self.0;
        let kinds = pieces.kind_count();
        for (i, (role, kind)) in pieces.kinds().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == kinds { " and " } else { ", " })?;
            }
            if let [one] = kind {
                En(&pieces.piece(one)).fmt(f)?;
                continue;
            }
            write!(f, "{} {}s ", Count(kind.len()), En(&role))?;
            if pieces.places != Places::Squares {
                f.write_str("on files ")?;
            }
            for (j, one) in kind.iter().enumerate() {
                if j > 0 {
                    f.write_str(if j + 1 == kind.len() { " and " } else { ", " })?;
                }
                pieces.piece(one).write_places(f, Numerals::Arabic)?;
            }
        }
        Ok(())
    }
}

/// A small count in words: `two`.
struct Count(usize);

impl Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            2 => f.write_str("two"),
            3 => f.write_str("three"),
            4 => f.write_str("four"),
            5 => f.write_str("five"),
            n => write!(f, "{n}"),
        }
    }
}

/// `move 12 (Red)`: the score sheet's number, which is no ordinal of the
/// side's own moves (a game may start from Black, or at move 31).
impl Display for En<'_, Bare> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bare { side, number } = *self.0;
        // Every explanation names moves: written in pieces, not through `write!`.
        f.write_str("move ")?;
        f.write_str(itoa::Buffer::new().format(number))?;
        f.write_str(side_in_brackets(side))
    }
}

fn side_in_brackets(side: Color) -> &'static str {
    match side {
        Color::Red => " (Red)",
        Color::Black => " (Black)",
    }
}

/// `move 12 (Red: R9=8, a0b0)`.
impl Display for En<'_, Named<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bare { side, number } = self.0.bare;
        if !self.0.written() {
            return En(&self.0.bare).fmt(f);
        }
        f.write_str("move ")?;
        f.write_str(itoa::Buffer::new().format(number))?;
        f.write_str(match side {
            Color::Red => " (Red: ",
            Color::Black => " (Black: ",
        })?;
        self.0.write_text(Lang::En, ", ", ")", f)
    }
}

/// `from move 10 (Black) to move 12 (Red)`.
impl Display for En<'_, Range> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range(a, b) = self.0;
        write!(f, "from {} to {}", En(a), En(b))
    }
}

/// `Article 23, point 1`, `AXF rule 6`: as the book's English text names it.
impl Display for En<'_, Citation> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_in(Lang::En, f)
    }
}

/// A citation, or nothing.
impl Display for En<'_, Cited> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.0 {
            Some(c) => En(c).fmt(f),
            None => Ok(()),
        }
    }
}

/// What a side did that the law allows, after its name.
impl Display for En<'_, Allowance<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ALLOWED: &str = ", which is allowed";
        match self.0 {
            Allowance::KingOrPawn { chasers, target } => write!(
                f,
                "chased {}'s {} with its {}{ALLOWED}",
                En(&target.side),
                En(target),
                En(chasers)
            ),
            Allowance::KingOrPawnAlone => {
                f.write_str("chased with its king or a pawn, which is allowed")
            }
            Allowance::ChecksAnd(other) => {
                f.write_str(match other {
                    Alternated::Chases => "alternated checks with chases (one check, one chase)",
                    Alternated::DiscoveredCheckThreats => {
                        "alternated checks with threats to win a piece by a discovered check (one check, one discovered-check capture threat)"
                    }
                    Alternated::IdleMoves => {
                        "alternated checks with idle moves (one check, one idle move)"
                    }
                    Alternated::OtherMoves => "alternated checks with other moves",
                })?;
                f.write_str(ALLOWED)
            }
            Allowance::ChasesInTurn => {
                f.write_str("chased different pieces in turn, which is allowed")
            }
            Allowance::DiscoveredCheckInTurn => f.write_str(
                "chased on some moves and threatened to win a piece by discovered check on the others (one chase, one discovered-check capture), which is allowed",
            ),
            Allowance::OffersBreakChase => f.write_str(
                "chased a piece on some of its moves and only offered an exchange on the others, which is no perpetual chase",
            ),
            Allowance::PinnedProtected { among_chases: true } => f.write_str(
                "chased only on some of its moves; on the others it threatened a truly protected piece that is pinned and cannot move, which is no chase",
            ),
            Allowance::PinnedProtected {
                among_chases: false,
            } => f.write_str(
                "threatened only a truly protected piece that is pinned and cannot move, which is no chase",
            ),
            Allowance::SeveralOnProtected => {
                f.write_str("attacked a protected piece with several pieces, which is no chase")
            }
            Allowance::Kinds(kinds) => {
                En(kinds).fmt(f)?;
                f.write_str(ALLOWED)
            }
            Allowance::ProtectedThreat => {
                f.write_str("threatened only truly protected pieces, which is no chase")
            }
            Allowance::UncrossedPawn { .. } => f.write_str(
                "threatened only a pawn that has not crossed the river, which is allowed",
            ),
            Allowance::OnlyAllowedMoves => f.write_str("made only allowed moves"),
            Allowance::KeyDefensivePoint => f.write_str(
                "held the key defensive point with its one attacking piece: its attacks on advisors or elephants on the way are idle, so its moves are allowed",
            ),
            Allowance::SelfInflicted => f.write_str(
                "parried the mate threat its own check had exposed it to: the win by check the parry also threatened is no chase (self-inflicted), so its moves are allowed",
            ),
            Allowance::CaptureIntoMate => f.write_str(
                "threatened only captures after which the other side would mate by checks: no chase, so its moves are allowed",
            ),
        }
    }
}

/// `perpetually blocked and offered an exchange`.
impl Display for En<'_, AllowedKinds> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = *self.0;
        if k.none() {
            return f.write_str("blocked, offered pieces or exchanges");
        }
        f.write_str("perpetually ")?;
        let kinds = [
            (k.blocks, "blocked"),
            (k.sacrifices, "offered a piece"),
            (k.exchange_offers, "offered an exchange"),
            (
                k.discovered_check_threats,
                "threatened to win a piece by a discovered check",
            ),
        ];
        let played = kinds.iter().filter_map(|&(p, words)| p.then_some(words));
        let count = played.clone().count();
        let mut previous = "";
        for (i, words) in played.enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " and " } else { ", " })?;
            }
            // One verb for two offers: "offered a piece and an exchange".
            match (
                previous.strip_prefix("offered "),
                words.strip_prefix("offered "),
            ) {
                (Some(_), Some(object)) => f.write_str(object)?,
                _ => f.write_str(words)?,
            }
            previous = words;
        }
        Ok(())
    }
}

/// How many times a position occurred: `third`, `fifth`, `11th`.
struct Nth(u32);

impl Display for Nth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 10] = [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth",
        ];
        match self.0 {
            n @ 1..=10 => f.write_str(WORDS[n as usize - 1]),
            n => Ordinal(n).fmt(f),
        }
    }
}

/// `4th`, `21st`, `112th`.
#[derive(Clone, Copy)]
struct Ordinal(u32);

impl Ordinal {
    /// `st`, `nd`, `rd` or `th`; followed by ` move` if `of_move`.
    fn suffix(self, of_move: bool) -> &'static str {
        let i = match (self.0 % 10, self.0 % 100) {
            (1, r) if r != 11 => 0,
            (2, r) if r != 12 => 1,
            (3, r) if r != 13 => 2,
            _ => 3,
        };
        let (bare, of) = [
            ("st", "st move"),
            ("nd", "nd move"),
            ("rd", "rd move"),
            ("th", "th move"),
        ][i];
        if of_move { of } else { bare }
    }
}

impl Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written piece by piece: `write!` would format a second time.
        f.write_str(itoa::Buffer::new().format(self.0))?;
        f.write_str(self.suffix(false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Move, Square};

    #[test]
    fn ordinals_take_their_english_suffix() {
        let written: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112]
            .map(|n| Ordinal(n).to_string())
            .into();
        assert_eq!(
            written,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "112th"
            ]
        );
        assert_eq!(
            (Nth(3).to_string(), Nth(5).to_string(), Nth(11).to_string()),
            ("third".into(), "fifth".into(), "11th".into())
        );
    }

    #[test]
    fn a_move_is_named_as_sent_beside_its_iccs_text() {
        let m = Move::new(
            Square::from_iccs("a0").unwrap(),
            Square::from_iccs("b0").unwrap(),
        );
        let bare = Bare {
            side: Color::Red,
            number: 12,
        };
        let named = |sent| Named {
            bare,
            sent,
            own: Default::default(),
            iccs: Some(m),
        };
        assert_eq!(
            En(&named(Some("R9=8"))).to_string(),
            "move 12 (Red: R9=8, a0b0)"
        );
        let unknown = Named {
            bare,
            sent: None,
            own: Default::default(),
            iccs: None,
        };
        assert_eq!(En(&unknown).to_string(), "move 12 (Red)");
    }
}
