//! A record text cut into its games: a database export or a collection holds many games one
//! after another, and each is read on its own ([`read_game`]).
//!
//! Where one game ends, in PGN and score sheets: after a result token (`1-0`, `0-1`,
//! `1/2-1/2`, `*`, or as Chinese software writes it, `红胜`, `黑胜`, `和棋`), where the
//! reader stops reading a game; and, for files written without results, where a new tag
//! section (`[Event "..."]`, any `[Name "value"]`) follows moves. In DhtmlXQ, each
//! `[DhtmlXQ]...[/DhtmlXQ]` block is a game, and in a WXF file (PlayOK's export) each game
//! starts at its `FORMAT` line.
//!
//! The cut is a light scan, not a reading: it skips what may hold a bracket or a result
//! without being one (comments `{...}` and `;...`, variations `(...)`, tag values, header
//! lines `key: value` such as dpxq.com's `结果: 红胜`), and never fails: a game that does not
//! read is the reader's to explain, and the next one is cut all the same. So cutting is cheap
//! next to reading, and a file's games can be read on as many threads as there are.
//!
//! A text of one game is that one game, whole: the same text, read as it always was. What
//! follows the last result and holds nothing to read (cchess's closing rule of `=` signs, a
//! comment) is no game. Each game keeps the line it starts on, so that a problem in the
//! tenth game of a file points into the file ([`read_game`]).

use super::pgn::result_token;
use super::record::{Record, RecordError};
use super::{dhtmlxq, wxf_file};

/// One game of a record text: a slice of it, and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameText<'t> {
    /// The game's text.
    pub text: &'t str,
    /// The line of the whole text the game's text starts on (1-based); its first character
    /// is the first of that line, unless the game starts after another on the same line.
    pub line: u32,
}

/// Reads one game cut from a longer text ([`super::read`]), its moves' lines and an error's
/// line counted in the whole text.
pub fn read_game(game: &GameText<'_>) -> Result<Record, RecordError> {
    let shift = game.line.saturating_sub(1);
    match super::read(game.text) {
        Ok(mut record) => {
            if shift > 0 {
                for m in &mut record.moves {
                    m.line += shift;
                }
            }
            Ok(record)
        }
        Err(mut e) => {
            if e.line > 0 {
                e.line += shift;
            }
            Err(e)
        }
    }
}

/// The games of `text`, in order: at least one (the whole text, when nothing in it ends a
/// game or starts another).
pub fn split(text: &str) -> Vec<GameText<'_>> {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('<') && text.contains("<ChineseChessRecord") {
        // CBF's XML: one file, refused whole by the reader.
        return vec![GameText { text, line: 1 }];
    }
    let games = if dhtmlxq::is_dhtmlxq(text) {
        dhtmlxq_games(text)
    } else if wxf_file::is_wxf_file(text) {
        wxf_games(text)
    } else {
        Scanner::new(text).games()
    };
    if games.len() <= 1 {
        return vec![GameText { text, line: 1 }];
    }
    games
}

/// The `[DhtmlXQ]` blocks of `text`, each up to its `[/DhtmlXQ]` (or the next block): none
/// when there are fewer than two.
fn dhtmlxq_games(text: &str) -> Vec<GameText<'_>> {
    // ASCII lowering keeps every byte offset.
    let lower = text.to_ascii_lowercase();
    let starts: Vec<usize> = lower.match_indices("[dhtmlxq]").map(|(i, _)| i).collect();
    if starts.len() < 2 {
        return Vec::new();
    }
    let mut games = Vec::with_capacity(starts.len());
    let mut line = 1;
    let mut counted = 0;
    for (n, &start) in starts.iter().enumerate() {
        let next = starts.get(n + 1).copied().unwrap_or(text.len());
        let end = lower[start..next]
            .find("[/dhtmlxq]")
            .map_or(next, |i| start + i + "[/dhtmlxq]".len());
        line += line_ends(&text[counted..start]);
        counted = start;
        games.push(GameText {
            text: &text[start..end],
            line,
        });
    }
    games
}

/// The games of a WXF file (PlayOK's export, [`wxf_file`]), each from its `FORMAT` line:
/// its header holds `RESULT 1-0` and its moves stand in `START{ }END`, so neither a result
/// nor a brace ends a game there.
fn wxf_games(text: &str) -> Vec<GameText<'_>> {
    let mut starts = Vec::new();
    let mut offset = 0;
    let mut line = 1;
    for l in text.split_inclusive(['\n', '\r']) {
        if l.trim_start_matches('\u{feff}')
            .trim_start()
            .strip_prefix("FORMAT")
            .is_some_and(|rest| rest.starts_with([' ', '\t']))
        {
            starts.push((offset, line));
        }
        // A CR LF ends one line: its CR is counted with its LF.
        if !(l.ends_with('\r') && text[offset + l.len()..].starts_with('\n')) {
            line += 1;
        }
        offset += l.len();
    }
    if starts.len() < 2 {
        return Vec::new();
    }
    starts
        .iter()
        .enumerate()
        .map(|(n, &(start, line))| {
            let end = starts.get(n + 1).map_or(text.len(), |&(next, _)| next);
            GameText {
                text: &text[start..end],
                line,
            }
        })
        .collect()
}

/// How many line ends `text` holds: LF, CR LF and CR alone each count one.
fn line_ends(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut n = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

/// `c` with a full-width form of ASCII folded, as the reader folds it (`［`, `１－０`).
fn fold(c: char) -> char {
    match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// The Chinese results a reader finds glued to the last move (`马８进７和棋`).
const GLUED_RESULTS: [&str; 6] = ["红胜", "紅勝", "黑胜", "黑勝", "和棋", "和局"];

/// The scan of a PGN or score-sheet text for where its games start and end.
struct Scanner<'t> {
    text: &'t str,
    /// Byte offset of the next character.
    at: usize,
    /// The line of `at` (1-based).
    line: u32,
    /// Whether only white space stands before `at` on its line.
    line_start: bool,
    /// Byte offset where `at`'s line starts.
    line_offset: usize,
    /// Where the current game starts, and its line.
    start: usize,
    start_line: u32,
    /// Whether the current game has a move (or any token that is not a tag or header).
    moves: bool,
    /// Whether the current game has anything to read: a tag, a header, a token.
    content: bool,
    games: Vec<GameText<'t>>,
}

impl<'t> Scanner<'t> {
    fn new(text: &'t str) -> Scanner<'t> {
        Scanner {
            text,
            at: 0,
            line: 1,
            line_start: true,
            line_offset: 0,
            start: 0,
            start_line: 1,
            moves: false,
            content: false,
            games: Vec::new(),
        }
    }

    /// The character at `at`, folded, and its length in bytes.
    fn peek(&self) -> Option<(char, usize)> {
        // ASCII, most of any record, without decoding.
        let b = *self.text.as_bytes().get(self.at)?;
        if b.is_ascii() {
            return Some((char::from(b), 1));
        }
        let c = self.text[self.at..].chars().next()?;
        Some((fold(c), c.len_utf8()))
    }

    /// Moves past the character at `at`, counting lines.
    fn bump(&mut self) -> Option<char> {
        let (c, len) = self.peek()?;
        self.at += len;
        let line_end = c == '\n' || (c == '\r' && !self.text[self.at..].starts_with('\n'));
        if line_end {
            self.line += 1;
            self.line_start = true;
            self.line_offset = self.at;
            if !self.content {
                // Nothing of the next game yet: it starts on the next line.
                self.start = self.at;
                self.start_line = self.line;
            }
        }
        Some(c)
    }

    /// Skips to just past `close`, or to the end.
    fn skip_past(&mut self, close: char) {
        while let Some(c) = self.bump() {
            if c == close {
                return;
            }
        }
    }

    /// Skips to the end of the line (not past it).
    fn skip_line(&mut self) {
        while let Some((c, _)) = self.peek() {
            if c == '\n' || c == '\r' {
                return;
            }
            self.bump();
        }
    }

    /// Skips a variation, nested ones and comments in it included.
    fn skip_variation(&mut self) {
        let mut depth = 0;
        while let Some(c) = self.bump() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                '{' => self.skip_past('}'),
                _ => {}
            }
        }
    }

    /// Skips a tag `[Name "value"]`: to the first `]` outside the quotes, or the line's end.
    fn skip_tag(&mut self) {
        let mut quoted = false;
        while let Some((c, _)) = self.peek() {
            if c == '\n' || c == '\r' {
                return;
            }
            self.bump();
            match c {
                '"' => quoted = !quoted,
                ']' if !quoted => return,
                _ => {}
            }
        }
    }

    /// Ends the current game before `end` and starts the next there.
    fn cut(&mut self, end: usize, line: u32) {
        if self.content {
            self.games.push(GameText {
                text: &self.text[self.start..end],
                line: self.start_line,
            });
        }
        self.start = end;
        self.start_line = line;
        self.moves = false;
        self.content = false;
    }

    /// Whether the line from `at` on is a header line `key: value` (a key of a few words,
    /// not a move) whose value is not the moves: skipped whole, as the reader reads it into
    /// a tag. A value that starts with a number labels the moves after it.
    fn header_line(&self) -> Option<usize> {
        let rest = &self.text[self.at..];
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let (colon, width) = line
            .char_indices()
            .find(|&(_, c)| fold(c) == ':')
            .map(|(i, c)| (i, c.len_utf8()))?;
        let key = line[..colon].trim();
        let is_key = key.chars().next().is_some_and(char::is_alphabetic)
            && key.chars().count() <= 24
            && key
                .chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-');
        let value = line[colon + width..].trim_start();
        let labels_moves = value
            .chars()
            .next()
            .is_some_and(|c| fold(c).is_ascii_digit());
        (is_key && !labels_moves).then_some(end)
    }

    fn games(mut self) -> Vec<GameText<'t>> {
        while let Some((c, len)) = self.peek() {
            if self.line_start && !c.is_whitespace() {
                self.line_start = false;
                if let Some(end) = self.header_line() {
                    self.content = true;
                    self.at += end;
                    continue;
                }
            }
            match c {
                c if c.is_whitespace() || c == ',' => {
                    self.bump();
                }
                '{' => self.skip_past('}'),
                ';' => self.skip_line(),
                '(' => self.skip_variation(),
                '[' => {
                    let tag = self.text[self.at + len..]
                        .chars()
                        .next()
                        .is_some_and(|c| fold(c).is_ascii_alphabetic());
                    if tag && self.moves {
                        let at_line_start = self.text[self.line_offset..self.at]
                            .chars()
                            .all(|c| fold(c).is_whitespace());
                        let start = if at_line_start {
                            self.line_offset
                        } else {
                            self.at
                        };
                        self.cut(start, self.line);
                    }
                    self.content = true;
                    self.skip_tag();
                }
                _ => self.token(),
            }
        }
        let end = self.text.len();
        if self.content {
            self.cut(end, self.line);
        }
        self.games
    }

    /// Reads a token (up to white space or a bracket): a result ends the game after it. A
    /// token holds no line end, so it is passed over without counting lines; it is folded
    /// only when it holds a full-width form (`１－０`).
    fn token(&mut self) {
        let from = self.at;
        while let Some((c, len)) = self.peek() {
            if c.is_whitespace() || "[]{}();,".contains(c) {
                break;
            }
            self.at += len;
        }
        if self.at == from {
            // A closing bracket alone: the reader's to refuse.
            self.bump();
            return;
        }
        let word = &self.text[from..self.at];
        // A rule of `=` signs or dashes is nothing to read.
        if word.chars().any(char::is_alphanumeric) {
            self.content = true;
        }
        let result = if word.bytes().any(|b| b == 0xEF) {
            let folded: String = word.chars().map(fold).collect();
            result_token(&folded).is_some()
        } else {
            result_token(word).is_some()
        } || GLUED_RESULTS.iter().any(|r| word.ends_with(r));
        if result {
            self.content = true;
            let line = self.line;
            self.cut(self.at, line);
        } else {
            self.moves = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<(&str, u32)> {
        split(text).iter().map(|g| (g.text, g.line)).collect()
    }

    #[test]
    fn one_game_is_the_whole_text() {
        for text in [
            "",
            "{only a comment}",
            "1. h2e2 h9g7",
            "[Event \"x\"]\n1. h2e2 h9g7 1-0\n",
            "[Game \"Chinese Chess\"]\n 1. 炮二平五\n     马８进７\n   *\n  =========\n",
            "标题: 决赛\n结果: 红胜\n1. 炮二平五 马８进７\n",
            "[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]",
        ] {
            assert_eq!(texts(text), [(text, 1)], "{text:?}");
        }
    }

    #[test]
    fn a_result_ends_a_game() {
        let text = "[Event \"1\"]\n1. h2e2 h9g7 1-0\n\n[Event \"2\"]\n1. b2e2 {0-1 in a comment} 0-1\n{trailing}\n";
        assert_eq!(
            texts(text),
            [
                ("[Event \"1\"]\n1. h2e2 h9g7 1-0", 1),
                ("[Event \"2\"]\n1. b2e2 {0-1 in a comment} 0-1", 4),
            ]
        );
        // Sheets without tags, a Chinese result glued to the last move, full-width results.
        assert_eq!(
            texts("1. h2e2 h9g7 *\n1. b2e2\n"),
            [("1. h2e2 h9g7 *", 1), ("1. b2e2\n", 2)]
        );
        assert_eq!(
            texts("1. 炮二平五 马８进７和棋\n1. 兵七进一 １－０\n"),
            [("1. 炮二平五 马８进７和棋", 1), ("1. 兵七进一 １－０", 2)]
        );
    }

    #[test]
    fn a_tag_section_after_moves_starts_a_game() {
        let text =
            "[Event \"1\"]\r\n1. h2e2 h9g7\r\n[Event \"2\"]\r\n[Result \"0-1\"]\r\n1. b2e2\r\n";
        assert_eq!(
            texts(text),
            [
                ("[Event \"1\"]\r\n1. h2e2 h9g7\r\n", 1),
                ("[Event \"2\"]\r\n[Result \"0-1\"]\r\n1. b2e2\r\n", 3),
            ]
        );
    }

    #[test]
    fn header_lines_with_results_do_not_end_a_game() {
        let text =
            "标题: 一\n结果: 红胜\n1. 炮二平五 红胜\n标题: 二\n结果: 和棋\n着法: 1. 兵七进一\n";
        assert_eq!(
            texts(text),
            [
                ("标题: 一\n结果: 红胜\n1. 炮二平五 红胜", 1),
                ("标题: 二\n结果: 和棋\n着法: 1. 兵七进一\n", 4),
            ]
        );
    }

    #[test]
    fn each_dhtmlxq_block_is_a_game() {
        let text = "<p>[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]</p>\n\
                    [DHTMLXQ][DhtmlXQ_movelist]1927[/DhtmlXQ_movelist][/DHTMLXQ]";
        let games = texts(text);
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[1],
            (
                "[DHTMLXQ][DhtmlXQ_movelist]1927[/DhtmlXQ_movelist][/DHTMLXQ]",
                4
            )
        );
        assert!(games[0].0.starts_with("[DhtmlXQ]\n") && games[0].0.ends_with("[/DhtmlXQ]"));
    }

    #[test]
    fn each_wxf_file_game_starts_at_its_format_line() {
        let one = "FORMAT\tWXF\nRESULT\t1-0\nSTART{\n 1. C2=5 H8+7\n}END\n";
        assert_eq!(texts(one), [(one, 1)]);
        let two = format!("{one}\r\n{}", one.replace('\n', "\r\n"));
        let games = texts(&two);
        assert_eq!(games.len(), 2, "{games:?}");
        assert_eq!(games[0], (format!("{one}\r\n").as_str(), 1));
        assert_eq!(games[1].1, 7);
    }

    #[test]
    fn a_game_read_from_a_file_points_into_the_file() {
        let text = "1. h2e2 h9g7 1-0\n\n1. h2e2\n2. zz )\n";
        let games = split(text);
        assert_eq!(games.len(), 2);
        let e = read_game(&games[1]).unwrap_err();
        assert_eq!((e.line, e.column), (4, 7));
        let r = read_game(&games[0]).unwrap();
        assert_eq!((r.moves[1].line, r.moves[1].column), (1, 9));
    }
}
