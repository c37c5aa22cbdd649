//! Standard algebraic notation as XBoard and WinBoard save xiangqi games (and the PGN standard's
//! SAN, generalised as chess-variant programs do): the piece's letter, then its destination,
//! `Che3`, `Hg8`, `Rxa10`; a pawn without a letter (`e6`, `dxe6`).
//!
//! Ranks run `1`-`10` from Red's side, as in XBoard's board and UCI (`e3` here is ICCS `e2`);
//! files `a`-`i` from Red's left, in lower case. When more than one piece of the role can go
//! there, the writer adds the from-file, else the from-rank, else both (`Che3`, `R1a5`), as SAN
//! does; a capture is written `x`, a check `+`, a mate `#`.
//!
//! How lenient the reader is: the piece letter in upper case, as XBoard writes it (`K` king,
//! `A` advisor, `E` elephant, `H` horse, `R` rook, `C` cannon, `P` pawn) or as other programs
//! and the WXF file format's defaults do (`N` horse, `B` or `M` elephant, `G` advisor); a
//! pawn's letter may be left out, and then only its file may say which pawn (`dxe6`, `de6`);
//! the from-file, from-rank or both of any other piece; `x` or nothing for a capture; `+`,
//! `#`, `!` and `?` after the move are skipped. The move is found among the side to move's
//! pieces of the role that match the disambiguation: the one whose move there is legal, else,
//! if only one piece matches, its move (so that the caller says why it is illegal).

use super::fault::PieceFault;
use super::name::{Notation, NotationError};
use super::wxf::letter;
use crate::xiangqi::{Move, Position, Role, Square};

/// What a SAN move looks like, for error messages.
const EXPECTED: &str = "a SAN move such as Che3, Hg8, Rxa10 or e6: a piece letter \
                        (K A E H R C P), an optional from-file or from-rank, an optional x, \
                        then the destination (files a-i, ranks 1-10)";

/// The role of a piece letter.
fn role(letter: u8) -> Option<Role> {
    Some(match letter {
        b'K' => Role::King,
        b'A' | b'G' => Role::Advisor,
        b'E' | b'B' | b'M' => Role::Elephant,
        b'H' | b'N' => Role::Horse,
        b'R' => Role::Rook,
        b'C' => Role::Cannon,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

/// A rank `1`-`10` at the end of `bytes`: the ICCS rank and its length.
fn rank_at_end(bytes: &[u8]) -> Option<(u8, usize)> {
    match bytes {
        [.., b'1', b'0'] => Some((9, 2)),
        [.., d @ b'1'..=b'9'] => Some((d - b'1', 1)),
        _ => None,
    }
}

/// A file `a`-`i`.
fn file(b: u8) -> Option<u8> {
    (b'a'..=b'i').contains(&b).then(|| b - b'a')
}

/// Reads a SAN move of the side to move in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = || NotationError::syntax(Notation::San, text, EXPECTED);
    let bytes = text.trim_end_matches(['+', '#', '!', '?']).as_bytes();
    let (role, lettered, rest) = match bytes.split_first() {
        Some((&l, rest)) if l.is_ascii_uppercase() => match role(l) {
            Some(role) => (role, true, rest),
            None => {
                return Err(NotationError::UnknownPiece {
                    notation: Notation::San,
                    text: text.to_owned(),
                    letter: char::from(l).to_string(),
                });
            }
        },
        _ => (Role::Pawn, false, bytes),
    };
    // The destination, read from the end.
    let (to_rank, n) = rank_at_end(rest).ok_or_else(syntax)?;
    let rest = &rest[..rest.len() - n];
    let (&to_file, rest) = rest.split_last().ok_or_else(syntax)?;
    let to_file = file(to_file).ok_or_else(syntax)?;
    let rest = rest.strip_suffix(b"x").unwrap_or(rest);
    // What is left says which piece: a file, a rank, both, or nothing.
    let (from_rank, rest) = match rank_at_end(rest) {
        Some((r, n)) => (Some(r), &rest[..rest.len() - n]),
        None => (None, rest),
    };
    let from_file = match rest {
        [] => None,
        [f] => Some(file(*f).ok_or_else(syntax)?),
        _ => return Err(syntax()),
    };
    if !lettered && from_rank.is_some() {
        return Err(syntax()); // a pawn is told by its file alone: `e4d4` is a coordinate move
    }
    let to = Square::new(to_file, to_rank).ok_or_else(syntax)?;
    let side = pos.turn();
    let candidates: Vec<Square> = pos
        .board()
        .squares_of(side, role)
        .filter(|sq| from_file.is_none_or(|f| sq.file() == f))
        .filter(|sq| from_rank.is_none_or(|r| sq.rank() == r))
        .filter(|&sq| sq != to)
        .collect();
    let legal: Vec<Square> = candidates
        .iter()
        .copied()
        .filter(|&from| pos.is_legal(Move::new(from, to)))
        .collect();
    match (legal.as_slice(), candidates.as_slice()) {
        ([from], _) | ([], [from]) => Ok(Move::new(*from, to)),
        ([], []) => Err(NotationError::NoSuchPiece {
            notation: Notation::San,
            text: text.to_owned(),
            detail: PieceFault::NoneReaches { side, role, to },
        }),
        ([], many) | (many, _) => Err(NotationError::Ambiguous {
            notation: Notation::San,
            text: text.to_owned(),
            detail: PieceFault::SeveralReach {
                side,
                role,
                to,
                count: many.len(),
            },
        }),
    }
}

/// Appends the legal move `m` of `pos` as XBoard writes it: `Che3`, `Rxa10`, `dxe6`, `+` after
/// a check and `#` after a mate (ICCS if `m` moves no piece).
pub fn write(pos: &Position, m: Move, out: &mut String) {
    let Some(piece) = pos.piece_at(m.from) else {
        super::iccs::write(m, out);
        return;
    };
    let capture = pos.piece_at(m.to).is_some();
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|o| o.to == m.to && o.from != m.from)
        .filter(|o| pos.piece_at(o.from).map(|p| p.role) == Some(piece.role))
        .map(|o| o.from)
        .collect();
    let rank = |r: u8| (r + 1).to_string();
    if piece.role == Role::Pawn {
        if capture || !rivals.is_empty() {
            out.push(m.from.file_char());
        }
    } else {
        out.push(letter(piece.role));
        if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != m.from.file()) {
                out.push(m.from.file_char());
            } else if rivals.iter().all(|r| r.rank() != m.from.rank()) {
                out.push_str(&rank(m.from.rank()));
            } else {
                out.push(m.from.file_char());
                out.push_str(&rank(m.from.rank()));
            }
        }
    }
    if capture {
        out.push('x');
    }
    out.push(m.to.file_char());
    out.push_str(&rank(m.to.rank()));
    let after = pos.after(m);
    if after.is_check() {
        out.push(if after.has_legal_move() { '+' } else { '#' });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn reads_a_piece_and_its_destination_with_ranks_one_to_ten() {
        let pos = Position::new();
        assert_eq!(parse(&pos, "Hg3"), Ok(mv("h0g2")));
        assert_eq!(parse(&pos, "Nc3"), Ok(mv("b0c2")));
        assert_eq!(parse(&pos, "Che3"), Ok(mv("h2e2")));
        assert_eq!(parse(&pos, "Che3+"), Ok(mv("h2e2")));
        assert_eq!(parse(&pos, "c5"), Ok(mv("c3c4")));
        assert_eq!(parse(&pos, "Ece3"), Ok(mv("c0e2")));
        assert_eq!(parse(&pos, "Cxb10"), Ok(mv("b2b9")));
        assert_eq!(parse(&pos, "Ra2"), Ok(mv("a0a1")));
        assert_eq!(parse(&pos, "R1a2"), Ok(mv("a0a1")));
        // One piece of the role that cannot go there: its move, for the replay to refuse.
        assert_eq!(parse(&pos, "Ke5"), Ok(mv("e0e4")));
    }

    #[test]
    fn an_ambiguous_or_impossible_text_says_so() {
        let pos = Position::new();
        let e = parse(&pos, "Ce3").unwrap_err();
        assert_eq!(e.kind(), "ambiguous");
        assert_eq!(
            e.to_string(),
            "SAN move \"Ce3\": ambiguous: 2 red cannons can go to ICCS e2"
        );
        let kings = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        let e = parse(&kings, "Ce3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "SAN move \"Ce3\": no such piece: no red cannon can go to ICCS e2"
        );
        assert_eq!(parse(&pos, "Xe3").unwrap_err().kind(), "unknown_piece");
        for bad in ["e4d4", "C", "Ch", "Chj3", "Ch11", "ee3e3", "h2e2"] {
            assert_eq!(parse(&pos, bad).unwrap_err().kind(), "syntax", "{bad}");
        }
    }

    #[test]
    fn writes_what_it_reads() {
        let pos = Position::new();
        for m in pos.legal_moves() {
            let text = {
                let mut out = String::new();
                write(&pos, m, &mut out);
                out
            };
            assert_eq!(parse(&pos, &text), Ok(m), "{text}");
        }
        let mut out = String::new();
        write(&pos, mv("h2e2"), &mut out);
        assert_eq!(out, "Che3");
    }
}
