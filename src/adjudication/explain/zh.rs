//! The explanation in Chinese, in the terms of Chinese xiangqi (长将, 长捉,
//! 一将一捉, 兑, 拦, 献, 根, 假根): every [`Sentence`] and every phrase,
//! each in one exhaustive `match`. The Vietnamese law has no official
//! Chinese text: these are our words.

use std::fmt::{self, Display, Write};

use super::sentence::{
    Allowance, Allowed, AllowedKinds, Alternated, Answer, Bare, Cited, Found, Named, Numerals,
    Outcome, PieceAt, PiecesAt, Places, Range, Seen, Sentence, Since, Stood, Undecided, Violation,
};
use crate::adjudication::books::{Citation, Lang};
use crate::xiangqi::notation::chinese::piece_name;
use crate::xiangqi::{Color, GameEnd, Role};

/// Adds `s` to the Chinese text: a sentence ends in a full-width stop and
/// needs no space after the one before it.
pub(super) fn say(s: &Sentence, text: &mut String) {
    // Writing into a `String` cannot fail.
    let _ = sentence(s, text);
}

fn sentence(s: &Sentence, w: &mut String) -> fmt::Result {
    match s {
        Sentence::Found(found) => match found {
            Found::Nothing => w.write_str("尚无局面出现三次。"),
            Found::Occurred { seen, since } => {
                write!(w, "{}", Zh(seen))?;
                if let Some(Since { nth, from }) = since {
                    write!(w, "（自{}后为第{}次）", Zh(from), Nth(*nth))?;
                }
                w.write_str("。")
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
                    "尚无局面出现三次，但{}自第{from}回合至第{to}回合的{moves}着均为攻击性着法（将、杀或捉），分布在{points}个点上：连续九个回合走禁止着法（{}）",
                    Zh(side),
                    Zh(cited)
                )?;
                if *both {
                    write!(w, "；{}亦着着攻击", Zh(&side.other()))?;
                }
                w.write_str("。")
            }
            Found::RunBroken {
                side,
                from,
                to,
                change,
            } => write!(
                w,
                "尚无局面出现三次。{}自第{from}回合至第{to}回合连续九个回合走禁止着法，但于{}变着：无可判之处。",
                Zh(side),
                Zh(change)
            ),
            Found::Broken {
                seen,
                change,
                again,
            } => {
                write!(w, "{}，但{}变着，打破了循环", Zh(seen), Zh(change))?;
                match again {
                    None => w.write_str("：已无重复局面可判。"),
                    Some(again) => write!(
                        w,
                        "。此后该局面在{}后再次出现，为全局第{}次，但自变着以来仅为第{}次：尚无重复局面可判。",
                        Zh(&again.at),
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
                moves: _,
                span,
                cited,
            } => write!(
                w,
                "循环中（{}）{}{}{}将军，属长将（{}）。",
                Zh(span),
                Short(side),
                Zh(checkers),
                if *in_turn { "轮流" } else { "每着皆" },
                Zh(cited)
            ),
            Violation::PerpetualChase {
                side,
                chasers,
                in_turn,
                target,
                moves: _,
                span,
            } => write!(
                w,
                "循环中（{}）{}{}{}捉{}{}。",
                Zh(span),
                Short(side),
                Zh(chasers),
                if *in_turn { "轮流" } else { "每着都" },
                Short(&side.other()),
                Zh(target)
            ),
            Violation::PerpetualAttack {
                side,
                moves: _,
                checks,
                mate_threats,
                chases,
                span,
                cited,
            } => write!(
                w,
                "循环中（{}）{}着着皆为攻击性着法：将{checks}着、杀{mate_threats}着、捉{chases}着；将、杀、捉相间或分捉多子，均属禁止着法（{}）。",
                Zh(span),
                Short(side),
                Zh(cited)
            ),
            Violation::TwoHelpers {
                side,
                leader,
                helpers,
                cited,
            } => write!(
                w,
                "{}{}有{}子配合而非一子，不适用将（帅）、兵（卒）与一子配合捉子的例外（{}）。",
                Short(side),
                piece_name(*side, *leader),
                match helpers {
                    2 => "两",
                    3 => "三",
                    4 => "四",
                    _ => "多",
                },
                Zh(cited)
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
                            "虽有真根，但{}长捉有根车仍判负",
                            piece_name(side.other(), *by)
                        );
                        &named
                    }
                    Stood::Pinned => "虽有真根，但被牵制不能走动，仍算长捉",
                    Stood::BlockedHorse => "虽有真根，但马腿被蹩，不能反吃捉它的马，仍算长捉",
                    Stood::OffersAmongChases => "虽有真根，但长捉中夹带兑子仍算长捉",
                    Stood::FalselyProtected => "只有假根（保护它的子不能合法反吃），属长捉",
                    Stood::Unprotected => "无根（无子可反吃），属长捉",
                };
                match cited {
                    Cited(Some(c)) => write!(
                        w,
                        "{}{}{why}（{}）。",
                        Short(side),
                        piece_name(*side, *target),
                        Zh(c)
                    ),
                    Cited(None) => {
                        write!(w, "{}{}{why}。", Short(side), piece_name(*side, *target))
                    }
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
                "{}在{moves}着中只有{checks}着还将（两将一还将）：{}仍属长将（{}）。",
                Zh(&side.other()),
                Zh(side),
                Zh(cited)
            ),
            Answer::ChasedBack {
                side,
                chases,
                moves,
                cited,
            } => write!(
                w,
                "{}在{moves}着中只有{chases}着还捉（两捉一还捉）：{}每次捉同一子，仍属长捉（{}）。",
                Zh(&side.other()),
                Zh(side),
                Zh(cited)
            ),
            Answer::ChasedInTurn { side, moves, cited } => write!(
                w,
                "{}{moves}着均还捉，但轮流捉不同的子，允许（{}）；只有{}长捉同一子。",
                Zh(&side.other()),
                Zh(cited),
                Zh(side)
            ),
            Answer::OffersAmongChases { side, cited } => write!(
                w,
                "{}的捉子着法中有的同时是兑子：仍属长捉（{}）。",
                Zh(side),
                Zh(cited)
            ),
        },
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: cited @ Cited(Some(_)),
        }) => write!(w, "{}{}（{}）。", Zh(side), Zh(what), Zh(cited)),
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: Cited(None),
        }) => write!(w, "{}{}。", Zh(side), Zh(what)),
        Sentence::Outcome(outcome) => match outcome {
            Outcome::Loses {
                side,
                at,
                if_warned: false,
                cited,
            } => write!(
                w,
                "{}不变着，{}再次重复，判负（{}）。",
                Zh(side),
                Zh(at),
                Zh(cited)
            ),
            // The move names its side: `红方第6着`.
            Outcome::Loses {
                side: _,
                at,
                if_warned: true,
                cited,
            } => write!(w, "若裁判已警告，{}仍重复，判负（{}）。", Zh(at), Zh(cited)),
            Outcome::AttacksAgain { side, at, cited } => write!(
                w,
                "{}不变着，{}再走禁止着法，判负（{}）。",
                Zh(side),
                Zh(at),
                Zh(cited)
            ),
            Outcome::MustChange { side, must, cited } => {
                write!(w, "{}{}（{}）。", Zh(side), must.zh, Zh(cited))
            }
            Outcome::Draw(words) => w.write_str(words.zh),
            Outcome::Undecided {
                at,
                search: Undecided::MateThreat,
            } => write!(
                w,
                "暂不裁决：结论取决于{}是否构成杀着，有限搜索未能判定。",
                Zh(at)
            ),
            Outcome::Undecided {
                at,
                search: Undecided::CaptureIntoMate,
            } => write!(
                w,
                "暂不裁决：结论取决于吃掉{}所捉之子后对方能否将死，有限搜索未能判定。",
                Zh(at)
            ),
        },
        Sentence::GameEnd { end, cited } => {
            let (winner, what) = match end {
                GameEnd::Checkmate { winner } => (winner, "被将死"),
                GameEnd::Stalemate { winner } => (winner, "无着可走（困毙）"),
            };
            write!(
                w,
                "{}{what}：{}胜（{}）。",
                Zh(&winner.other()),
                Zh(winner),
                Zh(cited)
            )
        }
        Sentence::Provisional => w.write_str("暂定：本规则据图例重建，未与官方文本核对。"),
        Sentence::NoCapture {
            moves,
            plies,
            claim,
            cited,
        } => write!(
            w,
            "双方已连续{moves}回合（{plies}步）未吃子：{}（{}）。",
            claim.zh,
            Zh(cited)
        ),
    }
}

/// A side's name before a piece in running text: `红` (`红车`), `黑`.
struct Short<'a>(&'a Color);

impl Display for Short<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Color::Red => "红",
            Color::Black => "黑",
        })
    }
}

/// A phrase in Chinese, for `write!`.
struct Zh<'a, T: ?Sized>(&'a T);

/// A side's name: `红方`.
impl Display for Zh<'_, Color> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Color::Red => "红方",
            Color::Black => "黑方",
        })
    }
}

/// `车a9/a8`, or `九路车`, `8/7路车`.
impl Display for Zh<'_, PieceAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.0;
        let name = piece_name(piece.side, piece.role);
        match piece.places {
            Places::Squares => {
                f.write_str(name)?;
                piece.write_places(f, Numerals::Chinese)
            }
            Places::Files => {
                piece.write_places(f, Numerals::Chinese)?;
                write!(f, "路{name}")
            }
        }
    }
}

/// `起始局面在黑方第8着（b7a7）后第五次出现`, `红方第4着后的局面在…`.
impl Display for Zh<'_, Seen<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Seen { after, nth, at } = self.0;
        match after {
            None => f.write_str("起始局面")?,
            Some(after) => write!(f, "{}后的局面", Zh(after))?,
        }
        write!(f, "在{}后第{}次出现", Zh(at), Nth(*nth))
    }
}

/// `炮a7和车c7`.
impl Display for Zh<'_, PiecesAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = self.0;
        let kinds = pieces.kind_count();
        for (i, (role, kind)) in pieces.kinds().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == kinds { "和" } else { "、" })?;
            }
            if let [one] = kind {
                Zh(&pieces.piece(one)).fmt(f)?;
                continue;
            }
            write!(
                f,
                "{}{}（",
                Count(kind.len()),
                piece_name(pieces.side, role)
            )?;
            for (j, one) in kind.iter().enumerate() {
                if j > 0 {
                    f.write_str("、")?;
                }
                pieces.piece(one).write_places(f, Numerals::Chinese)?;
                if pieces.places != Places::Squares {
                    f.write_str("路")?;
                }
            }
            f.write_str("）")?;
        }
        Ok(())
    }
}

/// A small count in words: `双`, `三`.
struct Count(usize);

impl Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            2 => f.write_str("双"),
            3 => f.write_str("三"),
            4 => f.write_str("四"),
            5 => f.write_str("五"),
            n => write!(f, "{n}"),
        }
    }
}

/// `第12回合红方`: a Chinese score sheet numbers by 回合.
impl Display for Zh<'_, Bare> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bare { side, number } = *self.0;
        // Every explanation names moves: written in pieces, not through `write!`.
        f.write_str("第")?;
        f.write_str(itoa::Buffer::new().format(number))?;
        f.write_str(match side {
            Color::Red => "回合红方",
            Color::Black => "回合黑方",
        })
    }
}

/// `第12回合红方（车九平八，a0b0）`: every comma full width, the sent move's too.
impl Display for Zh<'_, Named<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Zh(&self.0.bare).fmt(f)?;
        if !self.0.written() {
            return Ok(());
        }
        f.write_str("（")?;
        self.0.write_text(Lang::Zh, "，", "）", f)
    }
}

/// `自第10回合黑方至第12回合红方`.
impl Display for Zh<'_, Range> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range(a, b) = self.0;
        write!(f, "自{}至{}", Zh(a), Zh(b))
    }
}

/// `第23条第1项`, `亚洲规则第6条`: as the book's Chinese text names it.
impl Display for Zh<'_, Citation> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_in(Lang::Zh, f)
    }
}

/// A citation, or nothing.
impl Display for Zh<'_, Cited> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.0 {
            Some(c) => Zh(c).fmt(f),
            None => Ok(()),
        }
    }
}

/// What a side did that the law allows, after its name.
impl Display for Zh<'_, Allowance<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ALLOWED: &str = "，允许";
        match self.0 {
            Allowance::KingOrPawn { chasers, target } => write!(
                f,
                "以{}捉{}{}{ALLOWED}",
                Zh(chasers),
                Zh(&target.side),
                Zh(target)
            ),
            Allowance::KingOrPawnAlone => f.write_str("以将（帅）或兵（卒）捉子，允许"),
            Allowance::ChecksAnd(other) => {
                f.write_str(match other {
                    Alternated::Chases => "将军与捉子交替（一将一捉）",
                    Alternated::DiscoveredCheckThreats => "将军与以闪将抽子相威胁交替（一将一抽）",
                    Alternated::IdleMoves => "将军与闲着交替（一将一闲）",
                    Alternated::OtherMoves => "将军与其他着法交替",
                })?;
                f.write_str(ALLOWED)
            }
            Allowance::ChasesInTurn => f.write_str("轮流捉不同的子，允许"),
            Allowance::DiscoveredCheckInTurn => f.write_str("一着捉子、一着以抽将吃子相威胁，允许"),
            Allowance::OffersBreakChase => {
                f.write_str("对一子部分着法捉、其余着法只是兑子，不算长捉")
            }
            Allowance::PinnedProtected { among_chases: true } => {
                f.write_str("只在部分着法中捉子，其余着法只攻击被牵制而不能走动的真根子，不算捉")
            }
            Allowance::PinnedProtected {
                among_chases: false,
            } => f.write_str("只攻击被牵制而不能走动的真根子，不算捉"),
            Allowance::SeveralOnProtected => f.write_str("以多子攻击一个有根子，不算捉"),
            Allowance::Kinds(kinds) => {
                Zh(kinds).fmt(f)?;
                f.write_str(ALLOWED)
            }
            Allowance::ProtectedThreat => f.write_str("只攻击有真根的子，不算捉"),
            Allowance::UncrossedPawn { of } => {
                write!(f, "只攻击未过河的{}，允许", piece_name(*of, Role::Pawn))
            }
            Allowance::OnlyAllowedMoves => f.write_str("只走允许的着法"),
            Allowance::KeyDefensivePoint => {
                f.write_str("以唯一进攻子占据守和要点，附带产生的捉士象按闲处理，属允许着法")
            }
            Allowance::SelfInflicted => {
                f.write_str("解除己方将军所造成的杀势，附带的抽吃不按捉论（自毙），属允许着法")
            }
            Allowance::CaptureIntoMate => f.write_str(
                "所威胁的吃子一经吃下即被对方连续照将杀死，不能离线，不按捉论，属允许着法",
            ),
        }
    }
}

/// `长拦、长兑`.
impl Display for Zh<'_, AllowedKinds> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = *self.0;
        if k.none() {
            return f.write_str("拦、献子或兑子");
        }
        let kinds = [
            (k.blocks, "长拦"),
            (k.sacrifices, "长献"),
            (k.exchange_offers, "长兑"),
            (k.discovered_check_threats, "长抽（以闪将抽子相威胁）"),
        ];
        let played = kinds.iter().filter_map(|&(p, words)| p.then_some(words));
        for (i, words) in played.enumerate() {
            if i > 0 {
                f.write_str("、")?;
            }
            f.write_str(words)?;
        }
        Ok(())
    }
}

/// How many times a position occurred: `三`, `五`, `11`.
struct Nth(u32);

impl Display for Nth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
        match self.0 {
            n @ 1..=10 => f.write_str(WORDS[n as usize - 1]),
            n => f.write_str(itoa::Buffer::new().format(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Move, Square};

    #[test]
    fn every_comma_of_a_named_move_is_full_width() {
        let m = Move::new(
            Square::from_iccs("a0").unwrap(),
            Square::from_iccs("b0").unwrap(),
        );
        let named = Named {
            bare: Bare {
                side: Color::Red,
                number: 12,
            },
            sent: Some("x, y"),
            own: Default::default(),
            iccs: Some(m),
        };
        assert_eq!(Zh(&named).to_string(), "第12回合红方（x，y，a0b0）");
        assert_eq!(
            (Nth(3).to_string(), Nth(5).to_string(), Nth(11).to_string()),
            ("三".into(), "五".into(), "11".into())
        );
    }
}
