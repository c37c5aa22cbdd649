//! The DhtmlXQ blocks Chinese xiangqi sites embed in their pages:
//! `[DhtmlXQ_binit]` places the 32 pieces (two digits each, file 0-8 from
//! Red's left and row 0-9 from Black's side, `99` for a piece not on the
//! board; absent for the standard start), `[DhtmlXQ_movelist]` lists the moves
//! (four digits each: from and to, in the same coordinates), `[DhtmlXQ_result]`
//! the result in words (`红胜`, `黑胜`, `和棋`). The title, event, round, date,
//! place and players blocks go to the record's tags under PGN's names (`Site`
//! for the place); other blocks (comments, variations `[DhtmlXQ_move_0_2_1]`)
//! are skipped. The moves come out in ICCS.
//!
//! DhtmlXQ stores no side to move. As its readers do, we take it from the colour of the
//! piece on the first move's from-square: a game whose first move is a Black piece's starts
//! with Black to move (a FEN with `b`, even from the standard start); Red moves first when
//! there is no move, or no piece on that square (the replay then says the move is illegal).
//!
//! As found in the wild: the blocks may stand inside a web page or a forum post
//! (text before and after them), their names in any case; a list pasted from a
//! forum may be broken over lines; and some editors write the main line as the
//! variation `[DhtmlXQ_move_0_1_0]` instead of `[DhtmlXQ_movelist]`.

use super::pgn::result_token;
use super::record::{Format, Record, RecordError, RecordMove, RecordProblem};
use crate::xiangqi::notation::Notation;

/// The roles in `binit`'s order, Red's sixteen pieces then Black's:
/// rook, horse, elephant, advisor, king, advisor, elephant, horse, rook,
/// cannon, cannon, then five pawns (FEN letters).
const ORDER: [char; 16] = [
    'r', 'n', 'b', 'a', 'k', 'a', 'b', 'n', 'r', 'c', 'c', 'p', 'p', 'p', 'p', 'p',
];

/// The standard start as a `binit`, the placement of a record without one.
const STANDARD_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

/// A placement: rows 0-9 from Black's side, files 0-8 from Red's left, FEN letters (upper
/// case for Red).
type Placement = [[Option<char>; 9]; 10];

/// The blocks that say what a PGN tag says, and the tag's name.
const TAGS: [(&str, &str); 10] = [
    ("title", "Title"),
    ("event", "Event"),
    ("round", "Round"),
    ("date", "Date"),
    ("place", "Site"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("result", "Result"),
];

/// Whether `text` holds DhtmlXQ blocks.
pub fn is_dhtmlxq(text: &str) -> bool {
    // Without a lowered copy: a file of ten thousand games is asked this whole.
    text.match_indices('[').any(|(i, _)| {
        text.as_bytes()
            .get(i + 1..i + 8)
            .is_some_and(|name| name.eq_ignore_ascii_case(b"dhtmlxq"))
    })
}

/// A block's text and where it starts.
struct Block<'t> {
    text: &'t str,
    line: u32,
    column: u32,
}

/// Reads the DhtmlXQ blocks of `text`.
pub fn read(text: &str) -> Result<Record, RecordError> {
    // Block names are matched in any case; ASCII lowering keeps every byte offset.
    let lower = text.to_ascii_lowercase();
    let binit = block(text, &lower, "binit")?;
    let board = match &binit {
        None => placement(STANDARD_BINIT).expect("the standard binit reads"),
        Some(b) => placement(b.text).map_err(|problem| RecordError {
            line: b.line,
            column: b.column,
            problem,
        })?,
    };
    let main = match block(text, &lower, "movelist")? {
        Some(b) => Some(b),
        None => block(text, &lower, "move_0_1_0")?,
    };
    let moves = match main {
        Some(b) => move_list(&b)?,
        None => Vec::new(),
    };
    let black_first = moves
        .first()
        .is_some_and(|m| piece_on(&board, &m.text).is_some_and(|c| c.is_ascii_lowercase()));
    // The standard start with Red to move is no FEN at all, as before DhtmlXQ's side was read.
    let fen = (binit.is_some() || black_first).then(|| fen_of(&board, black_first));
    let result = block(text, &lower, "result")?.and_then(|b| {
        let written = b.text.trim();
        (!written.is_empty()).then(|| result_token(written).unwrap_or(written).to_owned())
    });
    // A tag block never closed is no reason to refuse the game: it is left out.
    let mut tags = Vec::new();
    for (name, tag) in TAGS {
        if let Ok(Some(b)) = block(text, &lower, name) {
            let value = b.text.trim();
            if !value.is_empty() {
                tags.push((tag.to_owned(), value.to_owned()));
            }
        }
    }
    Ok(Record {
        format: Format::DhtmlXq,
        fen,
        notation: Some(Notation::Iccs),
        moves,
        result,
        tags,
    })
}

/// The moves of a move list, four digits each; white space between digits
/// (a list broken over lines) is skipped.
fn move_list(b: &Block<'_>) -> Result<Vec<RecordMove>, RecordError> {
    // Each digit with its line and column.
    let mut digits = Vec::new();
    let (mut line, mut column) = (b.line, b.column);
    for c in b.text.chars() {
        if c == '\n' {
            (line, column) = (line + 1, 1);
            continue;
        }
        if !c.is_whitespace() {
            if !c.is_ascii_digit() {
                return Err(RecordError {
                    line,
                    column,
                    problem: RecordProblem::MoveListDigits,
                });
            }
            digits.push((c, line, column));
        }
        column += 1;
    }
    if digits.len() % 4 != 0 {
        return Err(RecordError {
            line: b.line,
            column: b.column,
            problem: RecordProblem::MoveListDigits,
        });
    }
    let square = |x: char, y: char| -> Option<String> {
        let (x, y) = (x.to_digit(10)?, y.to_digit(10)?);
        (x <= 8).then(|| format!("{}{}", char::from(b'a' + x as u8), 9 - y))
    };
    let mut moves = Vec::with_capacity(digits.len() / 4);
    for (n, chunk) in digits.chunks(4).enumerate() {
        let (_, line, column) = chunk[0];
        let mv = square(chunk[0].0, chunk[1].0)
            .zip(square(chunk[2].0, chunk[3].0))
            .ok_or_else(|| RecordError {
                line,
                column,
                problem: RecordProblem::MoveFileBeyond {
                    number: n + 1,
                    digits: chunk.iter().map(|d| d.0).collect(),
                },
            })?;
        moves.push(RecordMove {
            text: format!("{}{}", mv.0, mv.1),
            line,
            column,
        });
    }
    Ok(moves)
}

/// Block `name` of `text` (found in `lower`, its ASCII-lowered copy), if the
/// record has it.
fn block<'t>(text: &'t str, lower: &str, name: &str) -> Result<Option<Block<'t>>, RecordError> {
    let open = format!("[dhtmlxq_{name}]");
    let close = format!("[/dhtmlxq_{name}]");
    let Some(start) = lower.find(&open) else {
        return Ok(None);
    };
    let body = start + open.len();
    let (line, column) = line_column(text, body);
    let end = lower[body..].find(&close).ok_or_else(|| RecordError {
        line,
        column,
        problem: RecordProblem::BlockNeverClosed(name.to_owned()),
    })?;
    Ok(Some(Block {
        text: &text[body..body + end],
        line,
        column,
    }))
}

fn line_column(text: &str, byte: usize) -> (u32, u32) {
    let before = &text[..byte];
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    (line, column)
}

/// The piece on the from-square of `iccs` (a move as [`move_list`] writes it), if any.
fn piece_on(board: &Placement, iccs: &str) -> Option<char> {
    let mut chars = iccs.chars();
    let file = (chars.next()? as usize).checked_sub('a' as usize)?;
    let rank = chars.next()?.to_digit(10)? as usize;
    *board.get(9 - rank)?.get(file)?
}

/// The placement of a `binit`.
fn placement(binit: &str) -> Result<Placement, RecordProblem> {
    let binit: String = binit.chars().filter(|c| !c.is_whitespace()).collect();
    let digits: Vec<u32> = binit.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 64 || binit.chars().count() != 64 {
        return Err(RecordProblem::BinitLength);
    }
    let mut board: Placement = [[None; 9]; 10];
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
    Ok(board)
}

/// The FEN of `board`, Black to move if `black_to_move`, else Red.
fn fen_of(board: &Placement, black_to_move: bool) -> String {
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
    let side = if black_to_move { 'b' } else { 'w' };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::START_FEN;

    const START: &str = STANDARD_BINIT;

    fn fen_from_binit(binit: &str) -> Result<String, RecordProblem> {
        placement(binit).map(|board| fen_of(&board, false))
    }

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
        assert_eq!(r.tags, [("Title".to_owned(), "test".to_owned())]);
    }

    fn iccs(r: &Record) -> Vec<&str> {
        r.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn blocks_inside_a_page_in_any_case() {
        let page = "<div class=\"qipu\"><center>[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n[DHTMLXQ_MOVELIST]77477062[/DHTMLXQ_MOVELIST]\n[/DhtmlXQ]</center></div>";
        assert!(crate::records::read(page).is_ok_and(|r| r.format == Format::DhtmlXq));
        let r = read(page).unwrap();
        assert_eq!(iccs(&r), ["h2e2", "h9g7"]);
        assert_eq!(r.fen, None);
    }

    #[test]
    fn the_main_line_as_move_0_1_0_and_a_list_over_lines() {
        let text = "[DhtmlXQ_move_0_1_0]7747\r\n7062[/DhtmlXQ_move_0_1_0]\n[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]";
        let r = read(text).unwrap();
        assert_eq!(iccs(&r), ["h2e2", "h9g7"]);
        assert_eq!((r.moves[1].line, r.moves[1].column), (2, 1));
    }

    #[test]
    fn the_result_in_words() {
        for (word, result) in [("红胜", "1-0"), ("黑胜", "0-1"), ("和棋", "1/2-1/2")] {
            let text = format!(
                "[DhtmlXQ_result]{word}[/DhtmlXQ_result][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
            );
            assert_eq!(read(&text).unwrap().result.as_deref(), Some(result));
        }
    }

    #[test]
    fn the_side_to_move_is_the_colour_of_the_first_moved_piece() {
        // Black's cannon h7e7 first, from the standard start: no binit, yet a FEN with `b`.
        let r = read("[DhtmlXQ_movelist]72427747[/DhtmlXQ_movelist]").unwrap();
        let black = START_FEN.replace(" w ", " b ");
        assert_eq!(r.fen.as_deref(), Some(&*black));
        // Red first, or no move at all: Red, and no FEN without a binit.
        assert_eq!(
            read("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]")
                .unwrap()
                .fen,
            None
        );
        let binit = format!("[DhtmlXQ_binit]{START}[/DhtmlXQ_binit]");
        assert_eq!(read(&binit).unwrap().fen.as_deref(), Some(START_FEN));
        // No piece on the from-square: Red, and the replay will say so.
        assert_eq!(
            read("[DhtmlXQ_movelist]4544[/DhtmlXQ_movelist]")
                .unwrap()
                .fen,
            None
        );
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
