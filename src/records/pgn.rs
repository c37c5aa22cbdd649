//! PGN as xiangqi databases write it, and plain numbered score sheets (PGN's
//! move text without tags).
//!
//! Tags: `[FEN "..."]` gives the start, `[Format "WXF"]` (or `ICCS`,
//! `Chinese`, `UCI`, `VN`) the notation, `[Result "..."]` the result; a tag's
//! value may hold `]` (`[Event "决赛[加赛]"]`). In the move text, move numbers
//! (`1.`, `1...`, `12…`, `1)` as Vietnamese sheets write them, and a black
//! move's continuation written apart, as exporters write it when Black moves
//! first or after a comment: `1. ... R9=1`, `5. … C2=1`), comments (`{...}`, `;` to the end of the line),
//! variations (`(...)`, nested), NAGs (`$1`) and the annotation marks `!` and
//! `?` are skipped. A result token (`1-0`, `0-1`, `1/2-1/2`, `*`, or as Chinese
//! software writes it, `红胜`, `黑胜`, `和棋`) ends the game: what follows it is
//! not read (cchess ends its files with a rule of `=` signs, a database export
//! with the next game). Chinese moves are four characters each, so a sheet
//! pasted without white space (`1.兵七进一炮2平32.兵三进一`) is cut into its
//! moves and numbers: after four characters, `2.` is a number.
//!
//! Score sheets as arbiters and sites write them above and below the moves:
//! header lines `key: value` (or `key：value`) at the start of a line, as
//! 东萍 (dpxq.com)'s plain-text export writes them (`标题: …`, `赛事: …`,
//! `红方: …`, `结果: …`) and typed score sheets in Vietnamese and English
//! (`Giải: …`, `Đỏ: …`, `Event: …`), go to the record's tags, under PGN's name
//! for what they say (`Title`, `Event`, `Round`, `Date`, `Site`, `Red`,
//! `Black`, `Result`, `FEN`; `FEN` and `Result` are read too) or else their own
//! key; a key is a word or a few (letters, digits, spaces), never a move. A
//! header whose value starts with a move number is a label for the moves after
//! it on its line (`着法：1. 炮二平五 …`). The line dpxq.com ends its export
//! with (`棋谱由 http://www.dpxq.com/ 生成`) is skipped. Lines of free words
//! above the first move of a numbered sheet (a title, the players, as typed
//! score sheets head their page) are its `Title` and `Header` tags.
//!
//! Vietnamese moves spelled out in words, as books and forums print them
//! (`1. Pháo 2 bình 5, Mã 8 tấn 7`), are folded to VN notation (`P2-5`, `M8.7`)
//! by [`spelled`]; a comma between moves is white space.
//!
//! Compatibility forms are folded before reading, as NFKC would fold them: the
//! full-width forms of ASCII (U+FF01-U+FF5E) that Chinese input methods type and
//! the WXF site exports (`1. Ｃ２＝５ Ｈ８＋７`, `１．`, `［Format ＂WXF＂］`), and the
//! ideographic space U+3000, read as their ASCII characters. The fold is
//! ours, one character for one, rather than a normalization crate's NFKC: NFKC
//! would also rewrite `…` into three dots and `½` into three characters, moving
//! every column after them, and we need no more than this block. A move in
//! Chinese characters keeps the record's own characters: Chinese notation writes
//! Black's numbers full-width (`马８进７`) and reads them full-width or ASCII
//! alike, so the fold would not change its meaning, only the text an answer
//! quotes. Every other move is read, and quoted, folded.

use super::record::{Format, Opened, Record, RecordError, RecordMove, RecordProblem};
use super::spelled;
use crate::xiangqi::notation::Notation;

/// A character with where it stands.
#[derive(Clone, Copy)]
struct At {
    /// The character read: the written one with its compatibility form folded ([`fold`]).
    c: char,
    /// The character as written.
    w: char,
    line: u32,
    column: u32,
}

/// `c` with its compatibility form folded: a full-width form of ASCII (U+FF01-U+FF5E) to
/// its ASCII character, the ideographic space U+3000 to a space. One character for one, so a
/// column in the folded text is the column in the record.
fn fold(c: char) -> char {
    match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Whether `c` is a CJK ideograph (a Chinese move's piece, action or Red's number).
fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

/// The characters of `at` as read (folded).
fn folded(at: &[At]) -> String {
    at.iter().map(|a| a.c).collect()
}

/// The characters of `at` as written.
fn written(at: &[At]) -> String {
    at.iter().map(|a| a.w).collect()
}

/// The text of a move: as written if it is in Chinese characters (see the module doc), else
/// folded.
fn move_text(at: &[At]) -> String {
    if at.iter().any(|a| is_ideograph(a.w)) {
        written(at)
    } else {
        folded(at)
    }
}

/// Reads `text` as PGN (tags, then move text) or as a sheet (move text only).
pub fn read(text: &str, format: Format) -> Result<Record, RecordError> {
    let chars = located(text);
    let mut record = Record {
        format,
        fen: None,
        notation: None,
        moves: Vec::new(),
        result: None,
        tags: Vec::new(),
    };
    let mut i = 0;
    // Whether only white space stands before `i` on its line.
    let mut line_start = true;
    while i < chars.len() {
        let at = chars[i];
        if line_start && at.c != '\n' && !at.c.is_whitespace() {
            line_start = false;
            if let Some(next) = line_of_its_own(&chars, i, &mut record) {
                i = next;
                continue;
            }
            if record.moves.is_empty()
                && let Some(next) = free_header_line(&chars, i, &mut record)
            {
                i = next;
                continue;
            }
        }
        match at.c {
            '\n' => {
                line_start = true;
                i += 1;
            }
            c if c.is_whitespace() || c == ',' => i += 1,
            '[' => i = tag(&chars, i, &mut record)?,
            '{' => i = skip_until(&chars, i, '}', Opened::Comment)?,
            ';' => {
                while i < chars.len() && chars[i].c != '\n' {
                    i += 1;
                }
            }
            '(' => i = skip_variation(&chars, i)?,
            ')' | '}' | ']' => return Err(error(at, RecordProblem::Unexpected(at.w))),
            '$' => {
                i += 1;
                while i < chars.len() && chars[i].c.is_ascii_digit() {
                    i += 1;
                }
            }
            _ => {
                let end = token_end(&chars, i);
                let token = &chars[i..end];
                i = end;
                if let Some(result) = result_token(&folded(token)) {
                    record.result = Some(result.to_owned());
                    break;
                }
                let rest = &token[move_number_len(token)..];
                if let Some(letters) = spelled::piece(&folded(rest)) {
                    let (text, next) = spelled_move(&chars, i, letters, rest)?;
                    record.moves.push(RecordMove {
                        text,
                        line: rest[0].line,
                        column: rest[0].column,
                    });
                    i = next;
                    continue;
                }
                if let Some(result) = moves_of(token, &mut record.moves) {
                    record.result = Some(result.to_owned());
                    break;
                }
            }
        }
    }
    Ok(record)
}

/// Reads the moves of a token (a word between white space) into `moves`: the move numbers
/// in it skipped, alone (`12.`, `12...`, `12)`) or glued to a move (`12.C2=5`), and a token
/// of Chinese moves pasted without white space cut into its moves, four characters each
/// (`1.兵七进一炮2平32.兵三进一`: after `炮2平3` comes the number `2.`). Returns the result
/// that ends the game, if one is glued to the last move (`马８进７和棋`).
fn moves_of(token: &[At], moves: &mut Vec<RecordMove>) -> Option<&'static str> {
    let mut rest = token;
    loop {
        rest = &rest[move_number_len(rest)..];
        let marks = rest.iter().take_while(|a| matches!(a.c, '!' | '?')).count();
        rest = &rest[marks..];
        if rest.is_empty() {
            return None;
        }
        let result = (rest.len() < token.len())
            .then(|| result_token(&folded(rest)))
            .flatten();
        if result.is_some() {
            return result;
        }
        let chinese = is_ideograph(rest[0].w)
            || rest[0].c.is_ascii_digit() && rest.get(1).is_some_and(|a| is_ideograph(a.w));
        let len = if chinese && rest.len() > 4 {
            4
        } else {
            rest.len()
        };
        let (mv, tail) = rest.split_at(len);
        let marks = mv.iter().rev().take_while(|a| matches!(a.c, '!' | '?'));
        let mv = &mv[..mv.len() - marks.count()];
        moves.push(RecordMove {
            text: move_text(mv),
            line: mv[0].line,
            column: mv[0].column,
        });
        rest = tail;
    }
}

/// The line dpxq.com ends its plain-text export with: `棋谱由 http://www.dpxq.com/ 生成`
/// ("record made by ...").
const DPXQ_TRAILER: &str = "棋谱由";

/// Reads the line starting at `i` if it is a line of its own rather than moves: a header
/// line `key: value` (its tag into `record`) or dpxq.com's trailer. Returns where reading
/// goes on: the line's end, or the moves after a header that labels them.
fn line_of_its_own(chars: &[At], i: usize, record: &mut Record) -> Option<usize> {
    let eol = chars[i..]
        .iter()
        .position(|a| a.c == '\n')
        .map_or(chars.len(), |n| i + n);
    let line = &chars[i..eol];
    let trailer = DPXQ_TRAILER.chars().count();
    if line.len() >= trailer && folded(&line[..trailer]) == DPXQ_TRAILER {
        return Some(eol);
    }
    let colon = line.iter().position(|a| a.c == ':')?;
    let key = trimmed(&line[..colon]);
    let is_key = key.first().is_some_and(|a| a.c.is_alphabetic())
        && key.len() <= 24
        && key
            .iter()
            .all(|a| a.c.is_alphanumeric() || a.c == ' ' || a.c == '_' || a.c == '-');
    if !is_key {
        return None;
    }
    let after = &line[colon + 1..];
    let value = trimmed(after);
    if starts_with_move_number(value) {
        let blank = after.iter().take_while(|a| a.c.is_whitespace()).count();
        return Some(i + colon + 1 + blank);
    }
    if !value.is_empty() {
        let key = written(key);
        let value = written(value);
        let name = tag_name(&key).map_or(key, str::to_owned);
        match name.as_str() {
            "FEN" => record.fen = Some(value.clone()),
            "Result" => record.result = Some(result_token(&value).unwrap_or(&value).to_owned()),
            _ => {}
        }
        record.tags.push((name, value));
    }
    Some(eol)
}

/// Reads the line starting at `i` as a header line in free words (a score sheet's title, its
/// event, its players: `Giải vô địch Hà Nội 2026, ván 3`, `Nguyễn Văn A - Trần Văn B`) if it
/// stands before the moves of a numbered sheet: no move is read yet, the line is not a tag, a
/// comment or a variation and starts with no digit, and a later line starts with a move
/// number. The first such line is the tag `Title`, the others `Header`. Returns the line's end.
fn free_header_line(chars: &[At], i: usize, record: &mut Record) -> Option<usize> {
    if chars[i].c.is_ascii_digit() || matches!(chars[i].c, '[' | '{' | ';' | '(') {
        return None;
    }
    let eol = chars[i..]
        .iter()
        .position(|a| a.c == '\n')
        .map_or(chars.len(), |n| i + n);
    let numbered_below = chars[eol..]
        .split(|a| a.c == '\n')
        .any(|line| starts_with_move_number(trimmed(line)));
    if !numbered_below {
        return None;
    }
    let key = if record.tags.iter().any(|(k, _)| k == "Title") {
        "Header"
    } else {
        "Title"
    };
    record
        .tags
        .push((key.to_owned(), written(trimmed(&chars[i..eol]))));
    Some(eol)
}

/// Whether `at` starts with a move number (`1.`, `1...`, `1…`), not a number with a point in
/// it (`2026.12.01`).
fn starts_with_move_number(at: &[At]) -> bool {
    let n = move_number_len(at);
    n > 0 && at[0].c.is_ascii_digit() && !at.get(n).is_some_and(|a| a.c.is_ascii_digit())
}

/// The PGN name of a header line's key (in Chinese, Vietnamese or English, any case), if it
/// says what a PGN tag says.
pub(super) fn tag_name(key: &str) -> Option<&'static str> {
    let name = match key.trim().to_lowercase().as_str() {
        "标题" | "標題" | "title" | "tiêu đề" => "Title",
        "赛事" | "賽事" | "event" | "giải" | "giải đấu" => "Event",
        "轮次" | "輪次" | "round" | "vòng" => "Round",
        "日期" | "date" | "ngày" => "Date",
        "地点" | "地點" | "site" | "địa điểm" => "Site",
        "红方" | "紅方" | "red" | "đỏ" | "bên đỏ" => "Red",
        "黑方" | "black" | "đen" | "bên đen" => "Black",
        "结果" | "結果" | "result" | "kết quả" => "Result",
        "fen" => "FEN",
        _ => return None,
    };
    Some(name)
}

fn located(text: &str) -> Vec<At> {
    let (mut line, mut column) = (1, 1);
    let mut out = Vec::with_capacity(text.len());
    for w in text.chars().filter(|&c| c != '\u{feff}' && c != '\r') {
        let c = fold(w);
        out.push(At { c, w, line, column });
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    out
}

fn error(at: At, problem: RecordProblem) -> RecordError {
    RecordError {
        line: at.line,
        column: at.column,
        problem,
    }
}

/// Reads the three words after the piece word `piece` of a Vietnamese move spelled out
/// (`2`, `bình`, `5` after `Pháo`), from `i` on: the move in VN notation (`P2-5`), and where
/// reading goes on.
fn spelled_move(
    chars: &[At],
    mut i: usize,
    letters: &str,
    piece: &[At],
) -> Result<(String, usize), RecordError> {
    let mut words = Vec::with_capacity(3);
    while words.len() < 3 {
        while i < chars.len() && (chars[i].c.is_whitespace() || chars[i].c == ',') {
            i += 1;
        }
        if i == chars.len() || "[]{}();$".contains(chars[i].c) {
            break;
        }
        let end = token_end(chars, i);
        words.push(&chars[i..end]);
        i = end;
    }
    let folded_move = match words[..] {
        [which, action, number] => {
            spelled::fold(letters, &folded(which), &folded(action), &folded(number))
        }
        _ => None,
    };
    folded_move.map(|text| (text, i)).ok_or_else(|| {
        let spelled: Vec<String> = std::iter::once(piece).chain(words).map(written).collect();
        error(piece[0], RecordProblem::SpelledOutMove(spelled.join(" ")))
    })
}

/// The end of the token starting at `i`: up to whitespace, a comma or a bracket. A number closed by
/// a parenthesis, as Vietnamese sheets number their moves (`1)`), is a token of its own.
fn token_end(chars: &[At], i: usize) -> usize {
    let mut end = i;
    while end < chars.len() && !chars[end].c.is_whitespace() && !"[]{}();$,".contains(chars[end].c)
    {
        end += 1;
    }
    let number = end > i && chars[i..end].iter().all(|a| a.c.is_ascii_digit());
    if number && chars.get(end).is_some_and(|a| a.c == ')') {
        return end + 1;
    }
    end.max(i + 1)
}

/// The result a token stands for, if it is one.
pub(super) fn result_token(word: &str) -> Option<&'static str> {
    match word {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" => Some("1/2-1/2"),
        "*" => Some("*"),
        // Chinese software writes the result in words: Red wins, Black wins, a draw.
        "红胜" | "紅勝" => Some("1-0"),
        "黑胜" | "黑勝" => Some("0-1"),
        "和棋" | "和局" => Some("1/2-1/2"),
        _ => None,
    }
}

/// How many characters of `token` a leading move number (`12.`, `12...`,
/// `12…`, `12)`) takes. The dots of a black-move continuation written apart from its
/// number (`12. ... R9=1`, `12. …`) are a number too: no move starts with a dot.
fn move_number_len(token: &[At]) -> usize {
    let digits = token.iter().take_while(|a| a.c.is_ascii_digit()).count();
    if digits > 0 && token.get(digits).is_some_and(|a| a.c == ')') {
        return digits + 1;
    }
    let dots = token[digits..]
        .iter()
        .take_while(|a| matches!(a.c, '.' | '…'))
        .count();
    if dots == 0 { 0 } else { digits + dots }
}

/// Skips from the `open` character at `i` past the matching `close`.
fn skip_until(chars: &[At], i: usize, close: char, opened: Opened) -> Result<usize, RecordError> {
    chars[i + 1..]
        .iter()
        .position(|a| a.c == close)
        .map(|n| i + 1 + n + 1)
        .ok_or_else(|| error(chars[i], RecordProblem::NeverClosed(opened)))
}

/// Skips a variation, nested ones and comments in it included.
fn skip_variation(chars: &[At], i: usize) -> Result<usize, RecordError> {
    let mut depth = 0;
    let mut j = i;
    while j < chars.len() {
        match chars[j].c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(j + 1);
                }
            }
            '{' => {
                j = skip_until(chars, j, '}', Opened::Comment)?;
                continue;
            }
            _ => {}
        }
        j += 1;
    }
    Err(error(
        chars[i],
        RecordProblem::NeverClosed(Opened::Variation),
    ))
}

/// The index after the `]` that closes the tag opened at `i`: the first one
/// outside the value's double quotes.
fn tag_end(chars: &[At], i: usize) -> Result<usize, RecordError> {
    let mut quoted = false;
    for (j, at) in chars.iter().enumerate().skip(i + 1) {
        match at.c {
            '"' => quoted = !quoted,
            ']' if !quoted => return Ok(j + 1),
            // A tag never spans lines: an unbalanced quote ends at the line's end.
            '\n' if quoted => return skip_until(chars, i, ']', Opened::Tag),
            _ => {}
        }
    }
    Err(error(chars[i], RecordProblem::NeverClosed(Opened::Tag)))
}

/// `at` without the white space at its ends.
fn trimmed(at: &[At]) -> &[At] {
    let start = at.iter().take_while(|a| a.c.is_whitespace()).count();
    let end = at.len()
        - at[start..]
            .iter()
            .rev()
            .take_while(|a| a.c.is_whitespace())
            .count();
    &at[start..end]
}

/// Reads the tag `[Key "Value"]` at `i`; returns the index after it, the tag read folded.
fn tag(chars: &[At], i: usize, record: &mut Record) -> Result<usize, RecordError> {
    let end = tag_end(chars, i)?;
    let inner = trimmed(&chars[i + 1..end - 1]);
    let space = inner
        .iter()
        .position(|a| a.c.is_whitespace())
        .ok_or_else(|| error(chars[i], RecordProblem::TagWithoutValue(written(inner))))?;
    let (key, quoted) = (folded(&inner[..space]), trimmed(&inner[space..]));
    let value = match quoted {
        [open, value @ .., close] if open.c == '"' && close.c == '"' => value,
        _ => {
            let key = written(&inner[..space]);
            return Err(error(chars[i], RecordProblem::UnquotedValue(key)));
        }
    };
    record.tags.push((key.clone(), written(value)));
    let value = &*folded(value);
    match key.to_ascii_lowercase().as_str() {
        "fen" => record.fen = Some(value.to_owned()),
        "format" => {
            let name = value.to_ascii_lowercase();
            record.notation = Some(
                Notation::ALL
                    .into_iter()
                    .find(|n| n.name() == name)
                    .ok_or_else(|| {
                        error(chars[i], RecordProblem::UnknownFormat(value.to_owned()))
                    })?,
            );
        }
        "result" if !value.is_empty() => record.result = Some(value.to_owned()),
        _ => {}
    }
    Ok(end)
}

/// `record` written as PGN, as [`read`] reads it back to the same start, notation, moves
/// and result: its tags (a `"` in a value written `'`, a line break as a space: this reader
/// has no escapes), `[FEN]` and `[Format]` from the record's own fields, then the moves
/// numbered, eight pairs a line, a first black move as `1. ...`, and the result (`*` when
/// there is none). What a binary record (XQF) is answered as, to show and to send again.
pub fn write(record: &Record) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let own = |key: &str| ["fen", "format", "result"].contains(&key.to_ascii_lowercase().as_str());
    let clean = |v: &str| v.replace('"', "'").replace(['\n', '\r'], " ");
    for (key, value) in record.tags.iter().filter(|(k, _)| !own(k)) {
        let _ = writeln!(out, "[{key} \"{}\"]", clean(value));
    }
    if let Some(result) = &record.result {
        let _ = writeln!(out, "[Result \"{}\"]", clean(result));
    }
    if let Some(fen) = &record.fen {
        let _ = writeln!(out, "[FEN \"{}\"]", clean(fen));
    }
    if let Some(notation) = record.notation {
        let _ = writeln!(out, "[Format \"{}\"]", notation.label());
    }
    out.push('\n');
    let black_first = record
        .fen
        .as_deref()
        .and_then(|fen| fen.split_whitespace().nth(1))
        .is_some_and(|side| side.eq_ignore_ascii_case("b"));
    let first = usize::from(black_first);
    for (i, m) in record.moves.iter().enumerate() {
        let ply = first + i;
        if i > 0 {
            // Eight move pairs a line.
            out.push(if ply % 16 == 0 { '\n' } else { ' ' });
        }
        if ply % 2 == 0 {
            let _ = write!(out, "{}. ", ply / 2 + 1);
        } else if i == 0 {
            out.push_str("1. ... ");
        }
        out.push_str(&m.text);
    }
    if !record.moves.is_empty() {
        out.push(' ');
    }
    out.push_str(record.result.as_deref().unwrap_or("*"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_written_as_pgn_reads_back_the_same() {
        let record = Record {
            format: Format::Xqf,
            fen: Some("4k4/9/9/9/9/9/9/9/9/R3K4 b - - 0 1".to_owned()),
            notation: Some(Notation::Iccs),
            moves: ["e9d9", "a0a9", "d9d8", "a9a8", "d8d9"]
                .map(|t| RecordMove {
                    text: t.to_owned(),
                    line: 0,
                    column: 0,
                })
                .to_vec(),
            result: Some("1-0".to_owned()),
            tags: vec![("Event".to_owned(), "say \"hi\"\nthere".to_owned())],
        };
        let pgn = write(&record);
        assert_eq!(
            pgn,
            "[Event \"say 'hi' there\"]\n[Result \"1-0\"]\n\
             [FEN \"4k4/9/9/9/9/9/9/9/9/R3K4 b - - 0 1\"]\n[Format \"ICCS\"]\n\n\
             1. ... e9d9 2. a0a9 d9d8 3. a9a8 d8d9 1-0\n"
        );
        let back = read(&pgn, Format::Pgn).unwrap();
        assert_eq!(back.fen, record.fen);
        assert_eq!(back.notation, record.notation);
        assert_eq!(back.result, record.result);
        assert_eq!(texts(&back), ["e9d9", "a0a9", "d9d8", "a9a8", "d8d9"]);
    }

    fn texts(r: &Record) -> Vec<&str> {
        r.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn tags_numbers_comments_variations_and_results() {
        let pgn = "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n[FEN \"4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. R2=1 {the rook} C1=2 2. R1=2 (2. K4+1 C2=1 (2... K5+1)) C2=1 $1 3. R2=1!? 1-0\n";
        let r = read(pgn, Format::Pgn).unwrap();
        assert_eq!(r.notation, Some(Notation::Wxf));
        assert_eq!(
            r.fen.as_deref(),
            Some("4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1")
        );
        assert_eq!(r.result.as_deref(), Some("1-0"));
        assert_eq!(texts(&r), ["R2=1", "C1=2", "R1=2", "C2=1", "R2=1"]);
        assert_eq!((r.moves[2].line, r.moves[2].column), (6, 28));
    }

    #[test]
    fn numbers_glued_to_moves_and_black_continuations() {
        let r = read("1.h2e2 h9g7\n2...h7h0", Format::Sheet).unwrap();
        assert_eq!(texts(&r), ["h2e2", "h9g7", "h7h0"]);
        assert_eq!((r.moves[2].line, r.moves[2].column), (2, 5));
        // The dots apart from the number, and glued to the move.
        let r = read(
            "1. ... h9g7 2. h2e2 {!} 2. … h7h0 3. h0g2 3. ...b9c7",
            Format::Sheet,
        )
        .unwrap();
        assert_eq!(texts(&r), ["h9g7", "h2e2", "h7h0", "h0g2", "b9c7"]);
        assert_eq!((r.moves[4].line, r.moves[4].column), (1, 49));
    }

    #[test]
    fn a_result_ends_the_game() {
        // cchess's writer ends a file with a rule of `=` signs after the result.
        let r = read(
            "[Game \"Chinese Chess\"]\n 1. 炮二平五\n     马８进７\n   *\n  =========\n",
            Format::Pgn,
        )
        .unwrap();
        assert_eq!(texts(&r), ["炮二平五", "马８进７"]);
        assert_eq!(r.result.as_deref(), Some("*"));
        // A database export: the next game is not read into this one.
        let r = read("1. h2e2 h9g7 1-0\n\n[Event \"2\"]\n1. b2e2", Format::Sheet).unwrap();
        assert_eq!(texts(&r), ["h2e2", "h9g7"]);
    }

    #[test]
    fn chinese_results_are_results() {
        for (word, result) in [("红胜", "1-0"), ("黑勝", "0-1"), ("和棋", "1/2-1/2")] {
            let r = read(&format!("1. 炮二平五 马８进７ {word}"), Format::Sheet).unwrap();
            assert_eq!(texts(&r), ["炮二平五", "马８进７"], "{word}");
            assert_eq!(r.result.as_deref(), Some(result), "{word}");
        }
    }

    #[test]
    fn a_tag_value_may_hold_a_bracket() {
        let r = read(
            "[Event \"决赛[加赛]\"]\n[Format \"ICCS\"]\n1. h2e2",
            Format::Pgn,
        )
        .unwrap();
        assert_eq!(r.notation, Some(Notation::Iccs));
        assert_eq!(texts(&r), ["h2e2"]);
    }

    #[test]
    fn header_lines_are_tags_and_may_label_the_moves() {
        let r = read(
            "Event：决赛  \n日期: 2026.12.01\nMoves: 1. h2e2 h9g7      \n2. h0g2",
            Format::Sheet,
        )
        .unwrap();
        assert_eq!(texts(&r), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!((r.moves[0].line, r.moves[0].column), (3, 11));
        let tags: Vec<(&str, &str)> = r.tags.iter().map(|(k, v)| (&**k, &**v)).collect();
        assert_eq!(tags, [("Event", "决赛"), ("Date", "2026.12.01")]);
    }

    #[test]
    fn free_header_lines_above_a_numbered_sheet_are_its_title() {
        let r = read(
            "Giải vô địch Hà Nội 2026, ván 3\nNguyễn Văn A - Trần Văn B\n1. P2-5 M8.7\n2. M2.3",
            Format::Sheet,
        )
        .unwrap();
        assert_eq!(texts(&r), ["P2-5", "M8.7", "M2.3"]);
        assert_eq!((r.moves[0].line, r.moves[0].column), (3, 4));
        let tags: Vec<(&str, &str)> = r.tags.iter().map(|(k, v)| (&**k, &**v)).collect();
        assert_eq!(
            tags,
            [
                ("Title", "Giải vô địch Hà Nội 2026, ván 3"),
                ("Header", "Nguyễn Văn A - Trần Văn B")
            ]
        );
        // Without a numbered line below, words are moves (and the notations say why not).
        let r = read("Pháo hai bình năm", Format::Sheet);
        assert!(r.map_or(true, |r| r.tags.is_empty()));
        // After the first move, a line of words is no header.
        let r = read("1. h2e2 h9g7\nnot a header\n2. h0g2", Format::Sheet).unwrap();
        assert!(r.tags.is_empty());
    }

    #[test]
    fn errors_point_at_the_opening_bracket() {
        let e = read("1. h2e2 {never closed", Format::Sheet).unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
        let e = read("[Format \"Klingon\"]", Format::Pgn).unwrap_err();
        assert!(e.to_string().contains("Klingon"), "{e}");
        let e = read("1. h2e2 )", Format::Sheet).unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
    }
}
