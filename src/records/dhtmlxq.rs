//! The DhtmlXQ blocks Chinese xiangqi sites embed in their pages:
//! `[DhtmlXQ_binit]` places the 32 pieces (two digits each, file 0-8 from
//! Red's left and row 0-9 from Black's side, `99` for a piece not on the
//! board), `[DhtmlXQ_movelist]` lists the moves (four digits each: from and
//! to, in the same coordinates). Other blocks (title, players, comments)
//! are skipped. The moves come out in ICCS.

use super::record::{Format, Record, RecordError, RecordMove, RecordProblem};
use crate::xiangqi::notation::Notation;

/// The roles in `binit`'s order, Red's sixteen pieces then Black's:
/// rook, horse, elephant, advisor, king, advisor, elephant, horse, rook,
/// cannon, cannon, then five pawns (FEN letters).
const ORDER: [char; 16] = [
    'r', 'n', 'b', 'a', 'k', 'a', 'b', 'n', 'r', 'c', 'c', 'p', 'p', 'p', 'p', 'p',
];

/// Reads the DhtmlXQ blocks of `text`.
pub fn read(text: &str) -> Result<Record, RecordError> {
    let binit = block(text, "binit")?;
    let movelist = block(text, "movelist")?;
    let fen = match binit {
        None => None,
        Some((value, line, column)) => {
            Some(fen_from_binit(&value).map_err(|problem| RecordError {
                line,
                column,
                problem,
            })?)
        }
    };
    let mut moves = Vec::new();
    if let Some((value, line, column)) = movelist {
        let digits: Vec<char> = value.chars().collect();
        if digits.len() % 4 != 0 || !digits.iter().all(char::is_ascii_digit) {
            return Err(RecordError {
                line,
                column,
                problem: RecordProblem::MoveListDigits,
            });
        }
        for (n, chunk) in digits.chunks(4).enumerate() {
            let square = |x: char, y: char| -> Option<String> {
                let (x, y) = (x.to_digit(10)?, y.to_digit(10)?);
                (x <= 8).then(|| format!("{}{}", char::from(b'a' + x as u8), 9 - y))
            };
            let mv = square(chunk[0], chunk[1])
                .zip(square(chunk[2], chunk[3]))
                .ok_or_else(|| RecordError {
                    line,
                    column: column + 4 * n as u32,
                    problem: RecordProblem::MoveFileBeyond {
                        number: n + 1,
                        digits: chunk.iter().collect(),
                    },
                })?;
            moves.push(RecordMove {
                text: format!("{}{}", mv.0, mv.1),
                line,
                column: column + 4 * n as u32,
            });
        }
    }
    Ok(Record {
        format: Format::DhtmlXq,
        fen,
        notation: Some(Notation::Iccs),
        moves,
        result: None,
    })
}

/// The text of block `name` with the line and column where it starts, if
/// the record has the block.
fn block(text: &str, name: &str) -> Result<Option<(String, u32, u32)>, RecordError> {
    let open = format!("[DhtmlXQ_{name}]");
    let close = format!("[/DhtmlXQ_{name}]");
    let Some(start) = text.find(&open) else {
        return Ok(None);
    };
    let body = start + open.len();
    let (line, column) = line_column(text, body);
    let end = text[body..].find(&close).ok_or_else(|| RecordError {
        line,
        column,
        problem: RecordProblem::BlockNeverClosed(name.to_owned()),
    })?;
    Ok(Some((
        text[body..body + end].trim().to_owned(),
        line,
        column,
    )))
}

fn line_column(text: &str, byte: usize) -> (u32, u32) {
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, column)
}

/// The FEN of a `binit` placement, Red to move.
fn fen_from_binit(binit: &str) -> Result<String, RecordProblem> {
    let digits: Vec<u32> = binit.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 64 || binit.chars().count() != 64 {
        return Err(RecordProblem::BinitLength);
    }
    let mut board = [[None::<char>; 9]; 10];
    for (i, pair) in digits.chunks(2).enumerate() {
        let (x, y) = (pair[0], pair[1]);
        if (x, y) == (9, 9) {
            continue;
        }
        if x > 8 {
            return Err(RecordProblem::BinitFileBeyond {
                piece: i + 1,
                file: x,
            });
        }
        let letter = ORDER[i % 16];
        let letter = if i < 16 {
            letter.to_ascii_uppercase()
        } else {
            letter
        };
        let cell = &mut board[y as usize][x as usize];
        if cell.is_some() {
            return Err(RecordProblem::BinitTwoPieces { file: x, row: y });
        }
        *cell = Some(letter);
    }
    let ranks: Vec<String> = board
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(*c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    Ok(format!("{} w - - 0 1", ranks.join("/")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::START_FEN;

    const START: &str = "8979695949392919097717866646260600102030405060708012720323436383";

    #[test]
    fn the_standard_binit_is_the_start_position() {
        let fen = fen_from_binit(START).unwrap();
        assert_eq!(fen, START_FEN);
    }

    #[test]
    fn blocks_give_the_start_and_the_moves_in_iccs() {
        let text = format!(
            "[DhtmlXQ]\n[DhtmlXQ_title]test[/DhtmlXQ_title]\n[DhtmlXQ_binit]{START}[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]"
        );
        let r = read(&text).unwrap();
        assert_eq!(r.fen.as_deref(), Some(START_FEN));
        let moves: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"]);
        assert_eq!((r.moves[1].line, r.moves[1].column), (4, 23));
    }

    #[test]
    fn a_captured_piece_is_99_and_bad_blocks_are_errors() {
        let without_a_rook = format!("99{}", &START[2..]);
        assert!(
            fen_from_binit(&without_a_rook)
                .unwrap()
                .ends_with("RNBAKABN1 w - - 0 1")
        );
        assert!(fen_from_binit("123").is_err());
        let e = read("[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]").unwrap_err();
        assert_eq!(e.problem, RecordProblem::MoveListDigits);
        let e = read("[DhtmlXQ_movelist]7747").unwrap_err();
        assert!(e.to_string().contains("never closed"), "{e}");
    }
}
