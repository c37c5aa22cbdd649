//! The explanation in Vietnamese, the language of the law: every
//! [`Sentence`] and every phrase, each in one exhaustive `match`.

use std::fmt::{self, Display, Write};

use super::sentence::{
    Allowance, Allowed, AllowedKinds, Alternated, Answer, Bare, Cited, Found, Named, Numerals,
    Outcome, PieceAt, PiecesAt, Range, Seen, Sentence, Since, Stood, Undecided, Violation,
};
use crate::adjudication::books::{Citation, Lang};
use crate::xiangqi::{Color, GameEnd, Role};

/// Adds `s` to the Vietnamese text, a space after the sentence before it.
pub(super) fn say(s: &Sentence, text: &mut String) {
    if !text.is_empty() {
        text.push(' ');
    }
    let start = text.len();
    // Writing into a `String` cannot fail.
    let _ = sentence(s, text);
    // A sentence that opens with a count (`hai Pháo`) opens with a capital.
    if let Some(first) = text.get_mut(start..start + 1) {
        first.make_ascii_uppercase();
    }
}

/// A piece's name in Vietnamese, as the law writes it.
pub fn role_vi(r: Role) -> &'static str {
    match r {
        Role::King => "Tướng",
        Role::Advisor => "Sĩ",
        Role::Elephant => "Tượng",
        Role::Horse => "Mã",
        Role::Rook => "Xe",
        Role::Cannon => "Pháo",
        Role::Pawn => "Tốt",
    }
}

fn sentence(s: &Sentence, w: &mut String) -> fmt::Result {
    match s {
        Sentence::Found(found) => match found {
            Found::Nothing => w.write_str("Chưa có thế cờ nào xuất hiện ba lần."),
            Found::Occurred { seen, since } => {
                write!(w, "{}", Vi(seen))?;
                if let Some(Since { nth, from }) = since {
                    write!(w, "; kể từ {}, đây là lần thứ {}", Vi(from), Nth(*nth))?;
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
                    "Chưa có thế cờ nào xuất hiện ba lần, nhưng cả {moves} nước của bên {} từ nước {from} đến nước {to} đều là nước tấn công (chiếu, dọa hết hoặc bắt quân), trên {points} điểm khác nhau: chín hiệp liên tiếp đi nước cấm ({})",
                    Vi(side),
                    Vi(cited)
                )?;
                if *both {
                    write!(w, "; bên {} cũng tấn công ở mọi nước", Vi(&side.other()))?;
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
                "Chưa có thế cờ nào xuất hiện ba lần. Bên {} đã đi nước cấm chín hiệp liên tiếp, từ nước {from} đến nước {to}, nhưng đã đổi nước ở {}: không còn gì phải xử.",
                Vi(side),
                Vi(change)
            ),
            Found::Broken {
                seen,
                change,
                again,
            } => {
                write!(
                    w,
                    "{}, nhưng bên {} đã đổi nước ở {}, phá vỡ vòng lặp",
                    Vi(seen),
                    Vi(&change.bare.side),
                    Vi(change)
                )?;
                match again {
                    None => w.write_str(": không còn thế lặp nào phải xử."),
                    Some(again) => write!(
                        w,
                        ". Thế cờ ấy lại xuất hiện sau {}, lần thứ {} trong ván nhưng mới là lần thứ {} kể từ khi đổi nước: chưa có thế lặp nào phải xử.",
                        Vi(&again.at),
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
                "{} bên {} {} trong cả {moves} nước của vòng lặp ({}): chiếu mãi ({}).",
                Vi(checkers),
                Vi(side),
                if *in_turn {
                    "thay nhau chiếu"
                } else {
                    "chiếu liên tục"
                },
                Vi(span),
                Vi(cited)
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
                "{} bên {} {}đuổi bắt {} bên {} trong cả {moves} nước của vòng lặp ({}).",
                Vi(chasers),
                Vi(side),
                if *in_turn { "thay nhau " } else { "" },
                Vi(target),
                Vi(&side.other()),
                Vi(span)
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
                "Bên {} tấn công trong cả {moves} nước của vòng lặp ({}): {checks} nước chiếu, {mate_threats} nước dọa hết, {chases} nước bắt; chiếu, dọa hết và bắt xen nhau, hay lần lượt bắt các quân khác nhau, đều là nước cấm ({}).",
                Vi(side),
                Vi(span),
                Vi(cited)
            ),
            Violation::TwoHelpers {
                side,
                leader,
                helpers,
                cited,
            } => write!(
                w,
                "{} bên {} có {} quân phối hợp chứ không phải một, nên không thuộc ngoại lệ cho Tướng hoặc Tốt phối hợp với một quân ({}).",
                role_vi(*leader),
                Vi(side),
                Count(*helpers),
                Vi(cited)
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
                            "có căn thật, nhưng {} đuổi bắt mãi Xe có căn thật cũng bị xử thua",
                            role_vi(*by)
                        );
                        &named
                    }
                    Stood::Pinned => {
                        "có căn thật nhưng bị ghim, không đi được, nên vẫn coi là bắt mãi"
                    }
                    Stood::BlockedHorse => {
                        "có căn thật nhưng bị cản, không ăn lại được Mã đuổi nó, nên vẫn coi là bắt mãi"
                    }
                    Stood::OffersAmongChases => {
                        "có căn thật, nhưng bắt mãi kèm đòi đổi mãi vẫn coi là bắt mãi"
                    }
                    Stood::FalselyProtected => {
                        "chỉ có căn giả (quân bảo vệ không thể ăn lại một cách hợp lệ), nên đây là đuổi bắt mãi"
                    }
                    Stood::Unprotected => {
                        "không có căn (không quân nào ăn lại được), nên đây là bắt mãi"
                    }
                };
                match cited {
                    Cited(Some(c)) => write!(
                        w,
                        "{} bên {} {why} ({}).",
                        role_vi(*target),
                        Vi(side),
                        Vi(c)
                    ),
                    Cited(None) => write!(w, "{} bên {} {why}.", role_vi(*target), Vi(side)),
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
                "Bên {} chỉ chiếu lại ở {checks} trong {moves} nước (hai chiếu, một chiếu lại): bên {} vẫn là chiếu mãi ({}).",
                Vi(&side.other()),
                Vi(side),
                Vi(cited)
            ),
            Answer::ChasedBack {
                side,
                chases,
                moves,
                cited,
            } => write!(
                w,
                "Bên {} chỉ bắt lại ở {chases} trong {moves} nước (hai bắt, một bắt lại): bên {} bắt cùng một quân nên vẫn phạm luật bắt mãi ({}).",
                Vi(&side.other()),
                Vi(side),
                Vi(cited)
            ),
            Answer::ChasedInTurn { side, moves, cited } => write!(
                w,
                "Bên {} bắt lại ở cả {moves} nước nhưng lần lượt bắt các quân khác nhau, được phép ({}); chỉ bên {} đuổi bắt mãi cùng một quân.",
                Vi(&side.other()),
                Vi(cited),
                Vi(side)
            ),
            Answer::OffersAmongChases { side, cited } => write!(
                w,
                "Có nước bắt của bên {} đồng thời là đòi đổi quân: vẫn coi là bắt mãi ({}).",
                Vi(side),
                Vi(cited)
            ),
        },
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: cited @ Cited(Some(_)),
        }) => write!(w, "Bên {} {} ({}).", Vi(side), Vi(what), Vi(cited)),
        Sentence::Allowed(Allowed {
            side,
            what,
            cited: Cited(None),
        }) => write!(w, "Bên {} {}.", Vi(side), Vi(what)),
        Sentence::Outcome(outcome) => match outcome {
            Outcome::Loses {
                side,
                at,
                if_warned: false,
                cited,
            } => write!(
                w,
                "Bên {} không đổi nước mà lặp lại ở {}, nên bị xử thua ({}).",
                Vi(side),
                Vi(at),
                Vi(cited)
            ),
            Outcome::Loses {
                side,
                at,
                if_warned: true,
                cited,
            } => write!(
                w,
                "Nếu trọng tài đã nhắc đổi nước, việc bên {} lặp lại ở {} bị xử thua ({}).",
                Vi(side),
                Vi(at),
                Vi(cited)
            ),
            Outcome::AttacksAgain { side, at, cited } => write!(
                w,
                "Bên {} không đổi mà lại đi nước cấm ở {}, bị xử thua ({}).",
                Vi(side),
                Vi(at),
                Vi(cited)
            ),
            Outcome::MustChange { side, must, cited } => {
                write!(w, "Bên {} {} ({}).", Vi(side), must.vi, Vi(cited))
            }
            Outcome::Draw(words) => w.write_str(words.vi),
            Outcome::Undecided {
                at,
                search: Undecided::MateThreat,
            } => write!(
                w,
                "Chưa thể phán quyết: kết quả tùy vào việc {} có dọa hết hay không, điều mà phép tìm có giới hạn chưa xác định được.",
                Vi(at)
            ),
            Outcome::Undecided {
                at,
                search: Undecided::CaptureIntoMate,
            } => write!(
                w,
                "Chưa thể phán quyết: kết quả tùy vào việc ăn quân bị dọa bắt ở {} có để đối phương chiếu hết hay không, điều mà phép tìm có giới hạn chưa xác định được.",
                Vi(at)
            ),
        },
        Sentence::GameEnd { end, cited } => {
            let (winner, what) = match end {
                GameEnd::Checkmate { winner } => (winner, "bị chiếu hết"),
                GameEnd::Stalemate { winner } => (winner, "hết nước đi"),
            };
            write!(
                w,
                "Bên {} {what}: bên {} thắng ({}).",
                Vi(&winner.other()),
                Vi(winner),
                Vi(cited)
            )
        }
        Sentence::Provisional => w.write_str(
            "Tạm thời: bộ luật này được dựng lại từ các hình minh họa, chưa đối chiếu với văn bản chính thức.",
        ),
        Sentence::NoCapture {
            moves,
            plies,
            claim,
            cited,
        } => write!(
            w,
            "Đã {moves} nước ({plies} lượt) liên tiếp không bên nào ăn quân: {} ({}).",
            claim.vi,
            Vi(cited)
        ),
    }
}

/// A phrase in Vietnamese, for `write!`.
struct Vi<'a, T: ?Sized>(&'a T);

/// A side's name: `Đỏ`.
impl Display for Vi<'_, Color> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Color::Red => "Đỏ",
            Color::Black => "Đen",
        })
    }
}

/// `Xe a9/a8`, or `Xe 9`, `Xe 8/7`.
impl Display for Vi<'_, PieceAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.0;
        write!(f, "{} ", role_vi(piece.role))?;
        piece.write_places(f, Numerals::Arabic)
    }
}

/// `Thế cờ ban đầu xuất hiện lần thứ năm sau nước thứ 8 của Đen (b7a7)`,
/// `Thế cờ sau nước thứ 4 của Đỏ xuất hiện …`.
impl Display for Vi<'_, Seen<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Seen { after, nth, at } = self.0;
        match after {
            None => f.write_str("Thế cờ ban đầu")?,
            Some(after) => write!(f, "Thế cờ sau {}", Vi(after))?,
        }
        write!(f, " xuất hiện lần thứ {} sau {}", Nth(*nth), Vi(at))
    }
}

/// `Pháo a7 và Xe c7`, `Tốt e5, Mã e7 và Xe a7`, `hai Pháo a8 và a7`,
/// `Tướng d8 cùng hai Mã e7 và d7`.
impl Display for Vi<'_, PiecesAt<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = self.0;
        let kinds = pieces.kind_count();
        for (i, (role, kind)) in pieces.kinds().enumerate() {
            if i > 0 {
                // `Tướng d8 cùng hai Mã e7 và d7`: not `và` twice.
                f.write_str(match (i + 1 == kinds, kind.len()) {
                    (true, 1) => " và ",
                    (true, _) => " cùng ",
                    _ => ", ",
                })?;
            }
            if let [one] = kind {
                Vi(&pieces.piece(one)).fmt(f)?;
                continue;
            }
            write!(f, "{} {} ", Count(kind.len()), role_vi(role))?;
            for (j, one) in kind.iter().enumerate() {
                if j > 0 {
                    f.write_str(if j + 1 == kind.len() { " và " } else { ", " })?;
                }
                pieces.piece(one).write_places(f, Numerals::Arabic)?;
            }
        }
        Ok(())
    }
}

/// A small count in words: `hai`.
struct Count(usize);

impl Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            2 => f.write_str("hai"),
            3 => f.write_str("ba"),
            4 => f.write_str("bốn"),
            5 => f.write_str("năm"),
            n => write!(f, "{n}"),
        }
    }
}

/// `nước 12 (lượt Đỏ)`: the score sheet's number, which is no ordinal of
/// the side's own moves (a game may start from Black, or at move 31).
impl Display for Vi<'_, Bare> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bare { side, number } = *self.0;
        // Every explanation names moves: written in pieces, not through `write!`.
        f.write_str("nước ")?;
        f.write_str(itoa::Buffer::new().format(number))?;
        f.write_str(match side {
            Color::Red => " (lượt Đỏ)",
            Color::Black => " (lượt Đen)",
        })
    }
}

/// `nước 12 (lượt Đỏ: X9-8, a0b0)`.
impl Display for Vi<'_, Named<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bare { side, number } = self.0.bare;
        if !self.0.written() {
            return Vi(&self.0.bare).fmt(f);
        }
        f.write_str("nước ")?;
        f.write_str(itoa::Buffer::new().format(number))?;
        f.write_str(match side {
            Color::Red => " (lượt Đỏ: ",
            Color::Black => " (lượt Đen: ",
        })?;
        self.0.write_text(Lang::Vi, ", ", ")", f)
    }
}

/// `từ nước 10 (lượt Đen) đến nước 12 (lượt Đỏ)`.
impl Display for Vi<'_, Range> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range(a, b) = self.0;
        write!(f, "từ {} đến {}", Vi(a), Vi(b))
    }
}

/// `Điều 23, điểm 1`, `Luật AXF, điều 6`: as the book's Vietnamese text
/// names it.
impl Display for Vi<'_, Citation> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_in(Lang::Vi, f)
    }
}

/// A citation, or nothing.
impl Display for Vi<'_, Cited> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.0 {
            Some(c) => Vi(c).fmt(f),
            None => Ok(()),
        }
    }
}

/// What a side did that the law allows, after its name.
impl Display for Vi<'_, Allowance<'_>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ALLOWED: &str = ", được phép";
        match self.0 {
            Allowance::KingOrPawn { chasers, target } => write!(
                f,
                "đuổi bắt {} bên {} bằng {}{ALLOWED}",
                Vi(target),
                Vi(&target.side),
                Vi(chasers)
            ),
            Allowance::KingOrPawnAlone => f.write_str("đuổi bắt bằng Tướng hoặc Tốt, được phép"),
            Allowance::ChecksAnd(other) => {
                f.write_str(match other {
                    Alternated::Chases => "xen kẽ nước chiếu với nước bắt (một chiếu một bắt)",
                    Alternated::DiscoveredCheckThreats => {
                        "xen kẽ nước chiếu với nước dọa chiếu rút bắt quân (một chiếu một đòi rút ăn quân)"
                    }
                    Alternated::IdleMoves => {
                        "xen kẽ nước chiếu với nước chờ (một chiếu một dừng)"
                    }
                    Alternated::OtherMoves => "xen kẽ nước chiếu với nước khác",
                })?;
                f.write_str(ALLOWED)
            }
            Allowance::ChasesInTurn => {
                f.write_str("lần lượt đuổi bắt nhiều quân khác nhau, được phép")
            }
            Allowance::DiscoveredCheckInTurn => f.write_str(
                "có nước bắt, có nước dọa chiếu rút ăn quân (một bắt một rút ăn quân), được phép",
            ),
            Allowance::OffersBreakChase => f.write_str(
                "có nước bắt một quân, có nước chỉ đòi đổi quân, không tính là bắt mãi",
            ),
            Allowance::PinnedProtected { among_chases: true } => f.write_str(
                "chỉ bắt ở một số nước; ở các nước kia chỉ dọa một quân có căn thật bị ghim không đi được, không tính là bắt",
            ),
            Allowance::PinnedProtected {
                among_chases: false,
            } => f.write_str(
                "chỉ dọa một quân có căn thật bị ghim không đi được, không tính là bắt",
            ),
            Allowance::SeveralOnProtected => {
                f.write_str("dùng nhiều quân dọa một quân có căn, không tính là bắt")
            }
            Allowance::Kinds(kinds) => {
                Vi(kinds).fmt(f)?;
                f.write_str(ALLOWED)
            }
            Allowance::ProtectedThreat => {
                f.write_str("chỉ dọa bắt quân có căn thật, không tính là bắt")
            }
            Allowance::UncrossedPawn { .. } => {
                f.write_str("chỉ dọa bắt Tốt chưa qua sông, được phép")
            }
            Allowance::OnlyAllowedMoves => f.write_str("chỉ đi các nước được phép"),
            Allowance::KeyDefensivePoint => f.write_str(
                "dùng quân tấn công duy nhất chiếm điểm thủ hòa: nước dọa Sĩ, Tượng kèm theo là nhàn, nên các nước đi được phép",
            ),
            Allowance::SelfInflicted => f.write_str(
                "đỡ mối dọa hết do chính nước chiếu của mình gây ra: nước dọa chiếu ăn quân kèm theo không tính là bắt (tự chuốc lấy), nên các nước đi được phép",
            ),
            Allowance::CaptureIntoMate => f.write_str(
                "chỉ dọa những nước ăn quân mà sau đó đối phương chiếu liên tục thành hết: không tính là bắt, nên các nước đi được phép",
            ),
        }
    }
}

/// `cản mãi và đòi đổi mãi`.
impl Display for Vi<'_, AllowedKinds> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = *self.0;
        if k.none() {
            return f.write_str("cản, thí quân hoặc đòi đổi quân");
        }
        let kinds = [
            (k.blocks, "cản mãi"),
            (k.sacrifices, "thí quân mãi"),
            (k.exchange_offers, "đòi đổi mãi"),
            (k.discovered_check_threats, "dọa mãi chiếu rút bắt quân"),
        ];
        let played = kinds.iter().filter_map(|&(p, words)| p.then_some(words));
        let count = played.clone().count();
        for (i, words) in played.enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " và " } else { ", " })?;
            }
            f.write_str(words)?;
        }
        Ok(())
    }
}

/// How many times a position occurred: `ba`, `tư`, `11`.
struct Nth(u32);

impl Display for Nth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const WORDS: [&str; 10] = [
            "nhất", "hai", "ba", "tư", "năm", "sáu", "bảy", "tám", "chín", "mười",
        ];
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
    fn a_move_is_named_by_its_number_then_as_written() {
        let m = Move::new(
            Square::from_iccs("a0").unwrap(),
            Square::from_iccs("b0").unwrap(),
        );
        let named = Named {
            bare: Bare {
                side: Color::Black,
                number: 12,
            },
            sent: None,
            own: Default::default(),
            iccs: Some(m),
        };
        assert_eq!(Vi(&named).to_string(), "nước 12 (lượt Đen: a0b0)");
        assert_eq!(
            (Nth(3).to_string(), Nth(4).to_string(), Nth(11).to_string()),
            ("ba".into(), "tư".into(), "11".into())
        );
    }
}
