//! What a record reads into: the types every format shares.

use std::fmt;

use crate::xiangqi::notation::Notation;

/// The formats a record may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// PGN with tags (`[FEN "..."]`, `[Format "WXF"]`, ...).
    Pgn,
    /// Numbered moves without tags: `1. C2=5 H8+7 2. H2+3 R9=8`.
    Sheet,
    /// `[DhtmlXQ_binit]` and `[DhtmlXQ_movelist]` blocks.
    DhtmlXq,
    /// The WXF file format (`FORMAT WXF` header lines, the moves in `START{ … }END`), as
    /// PlayOK exports games ([`super::wxf_file`]).
    WxfFile,
    /// XQStudio's binary XQF file ([`super::xqf`]): its moves stand at no line (line and
    /// column 0).
    Xqf,
}

/// Game files we recognise but do not read: binary, or XML of their own, with no
/// description public enough to read them by. Their programs export PGN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// 象棋桥 (CCBridge)'s game file, `.cbr`: starts `CCBridge Record` and a NUL.
    Cbr,
    /// CCBridge's library of games, `.cbl`: starts `CCBridgeLibrary` and a NUL.
    Cbl,
    /// CCBridge's XML game file, `.cbf`: the root element `<ChineseChessRecord>`.
    Cbf,
}

impl Unreadable {
    /// The format's name, as its files' extension says it.
    pub fn name(self) -> &'static str {
        match self {
            Unreadable::Cbr => "CBR",
            Unreadable::Cbl => "CBL",
            Unreadable::Cbf => "CBF",
        }
    }

    /// Whether the format is binary (else XML).
    pub fn is_binary(self) -> bool {
        !matches!(self, Unreadable::Cbf)
    }
}

/// One move as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub text: String,
    /// 1-based line and column (in characters) of the move in the record; 0 and 0 in a
    /// binary record ([`Format::Xqf`]), which has no lines.
    pub line: u32,
    pub column: u32,
}

/// A game record, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub format: Format,
    /// The start position, if the record gives one (else the standard start).
    pub fen: Option<String>,
    /// The notation the record declares, if it does.
    pub notation: Option<Notation>,
    pub moves: Vec<RecordMove>,
    /// The result as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// What the record says about the game, in the order written, each value as written:
    /// PGN's tags by their own names (`Event`, `Red`, `FEN`, ...); a sheet's header lines, and
    /// DhtmlXQ's title, event and players blocks, by the PGN name of what they say (`赛事: …`,
    /// `Giải: …` and `[DhtmlXQ_event]` as `Event`, `红方: …` and `Đỏ: …` as `Red`), else by
    /// their own key (`分类`).
    pub tags: Vec<(String, String)>,
}

/// Why a record cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: u32,
    pub column: u32,
    pub problem: RecordProblem,
}

/// What is wrong with a record. `Display` is the English text; the API words it in its other
/// languages too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// A closing bracket with nothing open.
    Unexpected(char),
    /// A comment, variation or tag opened and never closed.
    NeverClosed(Opened),
    /// `[Name]` without a value (the text inside the brackets).
    TagWithoutValue(String),
    /// A tag value not in double quotes (the tag's name).
    UnquotedValue(String),
    /// `[Format "..."]` names no notation we read.
    UnknownFormat(String),
    /// A `[DhtmlXQ_name]` block without its `[/DhtmlXQ_name]`.
    BlockNeverClosed(String),
    /// A DhtmlXQ move list that is not four digits per move.
    MoveListDigits,
    /// A DhtmlXQ move with a file digit 9 (the move's number and its four digits).
    MoveFileBeyond { number: usize, digits: String },
    /// A DhtmlXQ `binit` that is not 64 digits.
    BinitLength,
    /// A `binit` piece on file 9 (the piece's place in `binit`, 1-based, and the file).
    BinitFileBeyond { piece: usize, file: u32 },
    /// Two `binit` pieces on one point.
    BinitTwoPieces { file: u32, row: u32 },
    /// A Vietnamese piece word (`Pháo`) not followed by the rest of a spelled-out move: its
    /// file or trước/sau/giữa, an action, a number (the words read, as written).
    SpelledOutMove(String),
    /// A game file in a format we recognise and do not read.
    Unreadable(Unreadable),
    /// An XQF file that ends (at `length` bytes) inside its header (`ply` `None`) or inside
    /// the record of a node of its main line (`ply` 0 the start's node, else the move's).
    XqfTruncated { length: usize, ply: Option<usize> },
    /// An XQF move record (of ply `ply`, at byte `offset`) whose comment length is negative.
    XqfComment { ply: usize, offset: usize },
    /// An XQF move (ply `ply`, its record at byte `offset`) from or to a point off the board.
    XqfSquare { ply: usize, offset: usize },
    /// Two pieces of an XQF piece table on one point (an ICCS square).
    XqfTwoPieces { square: String },
    /// An XQF header's text field (its tag's name, its offset) that is not GB18030 text of at
    /// most `room` bytes.
    XqfText {
        field: &'static str,
        offset: usize,
        room: usize,
    },
}

/// What a record opens and must close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// `{`.
    Comment,
    /// `(`.
    Variation,
    /// `[`.
    Tag,
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::Unexpected(c) => write!(f, "unexpected '{c}'"),
            RecordProblem::NeverClosed(what) => {
                let what = match what {
                    Opened::Comment => "comment",
                    Opened::Variation => "variation",
                    Opened::Tag => "tag",
                };
                write!(f, "a {what} opened here is never closed")
            }
            RecordProblem::TagWithoutValue(inner) => {
                write!(f, "a tag needs a name and a value: [{inner}]")
            }
            RecordProblem::UnquotedValue(key) => {
                write!(f, "the value of tag {key} must be in double quotes")
            }
            RecordProblem::UnknownFormat(value) => write!(
                f,
                "unknown [Format \"{value}\"]: use ICCS, UCI, WXF, VN, Chinese or SAN"
            ),
            RecordProblem::BlockNeverClosed(name) => {
                write!(f, "[DhtmlXQ_{name}] is never closed")
            }
            RecordProblem::MoveListDigits => {
                f.write_str("a DhtmlXQ move list is four digits per move")
            }
            RecordProblem::MoveFileBeyond { number, digits } => {
                write!(f, "move {number} ({digits}) has a file beyond 8")
            }
            RecordProblem::BinitLength => {
                f.write_str("a DhtmlXQ binit is 64 digits: two for each of the 32 pieces")
            }
            RecordProblem::BinitFileBeyond { piece, file } => {
                write!(f, "piece {piece} stands on file {file}, beyond 8")
            }
            RecordProblem::BinitTwoPieces { file, row } => {
                write!(f, "two pieces on file {file}, row {row}")
            }
            RecordProblem::SpelledOutMove(words) => write!(
                f,
                "\"{words}\" is not a move spelled out in Vietnamese: a piece (Tướng, Sĩ, \
                 Tượng, Xe, Pháo, Mã, Tốt), its file 1-9 or trước, sau, giữa, then tấn, \
                 thoái or bình, then a number 1-9, as in \"Pháo 2 bình 5\""
            ),
            RecordProblem::Unreadable(format) => write!(
                f,
                "{} format {} is not supported; export the game as PGN",
                if format.is_binary() { "binary" } else { "XML" },
                format.name()
            ),
            RecordProblem::XqfTruncated { length, ply } => match ply {
                None => write!(
                    f,
                    "the XQF file ends at byte {length}, inside its 1024-byte header"
                ),
                Some(0) => write!(
                    f,
                    "the XQF file ends at byte {length}, inside the record of the start"
                ),
                Some(ply) => write!(
                    f,
                    "the XQF file ends at byte {length}, inside the record of move {ply}"
                ),
            },
            RecordProblem::XqfComment { ply, offset } => write!(
                f,
                "the XQF record at byte {offset} (ply {ply}) gives its comment a negative length"
            ),
            RecordProblem::XqfSquare { ply, offset } => write!(
                f,
                "the XQF move of ply {ply} (at byte {offset}) goes from or to a point off the board"
            ),
            RecordProblem::XqfTwoPieces { square } => {
                write!(f, "two pieces of the XQF piece table stand on {square}")
            }
            RecordProblem::XqfText {
                field,
                offset,
                room,
            } => write!(
                f,
                "the XQF header's {field} (at byte {offset}) is not GB18030 text of at most \
                 {room} bytes"
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.problem
        )
    }
}

impl std::error::Error for RecordError {}
