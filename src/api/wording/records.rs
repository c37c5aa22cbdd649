//! Game records that cannot be read, and where.

use super::words::{ECHO_CHARS, Wording, elide, notation_label};
use crate::adjudication::Lang;
use crate::records::decode::Chosen;
use crate::records::{Opened, RecordProblem, Unreadable};
use crate::xiangqi::notation::Notation;

/// "line 3, column 7 of the game record: {what}".
pub fn in_record(line: u32, column: u32, what: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("line {line}, column {column} of the game record: {what}"),
        Lang::Vi => format!("dòng {line}, cột {column} của biên bản ván cờ: {what}"),
        Lang::Zh => format!("棋谱第{line}行第{column}列：{what}"),
    }
}

/// A record sent as the body whose bytes are not text in `encoding` (its name, as
/// `record_encoding` gives it), chosen as `chosen` says: where its first malformed bytes are.
pub fn undecodable_record(
    encoding: &str,
    chosen: Chosen,
    offset: usize,
    (line, column): (u32, u32),
    lang: Lang,
) -> String {
    let detected = matches!(chosen, Chosen::Detected | Chosen::Utf8);
    match lang {
        Lang::En => {
            let whose = match chosen {
                Chosen::Bom => "which the record's byte-order mark names",
                Chosen::Declared => "the charset declared",
                Chosen::Detected | Chosen::Utf8 => {
                    "the encoding detected, as no charset was declared"
                }
            };
            let hint = if detected {
                "; declare the record's charset (`charset=big5` in its Content-Type, `--charset big5` \
                 on the command line)"
            } else {
                ""
            };
            format!(
                "the bytes at offset {offset} (line {line}, column {column}) are not {encoding} \
                 text, {whose}{hint}"
            )
        }
        Lang::Vi => {
            let whose = match chosen {
                Chosen::Bom => "bảng mã mà dấu BOM của biên bản chỉ ra",
                Chosen::Declared => "bảng mã (charset) được khai báo",
                Chosen::Detected | Chosen::Utf8 => {
                    "bảng mã đoán được, vì không có charset nào được khai báo"
                }
            };
            let hint = if detected {
                "; hãy khai báo bảng mã của biên bản (`charset=big5` trong Content-Type, \
                 `--charset big5` trên dòng lệnh)"
            } else {
                ""
            };
            format!(
                "các byte từ vị trí {offset} (dòng {line}, cột {column}) không phải văn bản \
                 {encoding}, {whose}{hint}"
            )
        }
        Lang::Zh => {
            let whose = match chosen {
                Chosen::Bom => "棋谱的字节顺序标记所指的编码",
                Chosen::Declared => "所声明的字符集",
                Chosen::Detected | Chosen::Utf8 => "未声明字符集，检测所得的编码",
            };
            let hint = if detected {
                "；请声明棋谱的字符集（在Content-Type中写`charset=big5`，命令行用`--charset big5`）"
            } else {
                ""
            };
            format!("第{offset}字节起（第{line}行第{column}列）不是{encoding}文本（{whose}）{hint}")
        }
    }
}

/// A `charset` that names no encoding.
pub fn unsupported_charset(charset: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "unknown charset {charset:?}: name an encoding by its label, such as utf-8, gbk, \
             gb18030, big5 or utf-16le"
        ),
        Lang::Vi => format!(
            "không có bảng mã {charset:?}: hãy ghi tên bảng mã, ví dụ utf-8, gbk, gb18030, \
             big5 hoặc utf-16le"
        ),
        Lang::Zh => format!(
            "未知的字符集{charset:?}：请写编码的名称，例如utf-8、gbk、gb18030、big5或utf-16le"
        ),
    }
}

/// Why a record cannot be read. The text it quotes is cut like every echo: a tag's name or
/// value may be 100 KB.
pub fn record_problem(problem: &RecordProblem) -> Wording {
    use RecordProblem as P;
    let problem = &echoed(problem);
    Wording::new(|lang| match (problem, lang) {
        (P::Unexpected(c), Lang::En) => format!("unexpected '{c}'"),
        (P::Unexpected(c), Lang::Vi) => format!("ký tự '{c}' không đúng chỗ"),
        (P::Unexpected(c), Lang::Zh) => format!("此处不应出现'{c}'"),
        (P::NeverClosed(what), Lang::En) => format!(
            "a {} opened here is never closed",
            match what {
                Opened::Comment => "comment",
                Opened::Variation => "variation",
                Opened::Tag => "tag",
            }
        ),
        (P::NeverClosed(what), Lang::Vi) => format!(
            "{} mở ở đây không được đóng",
            match what {
                Opened::Comment => "lời bình",
                Opened::Variation => "nhánh biến",
                Opened::Tag => "thẻ",
            }
        ),
        (P::NeverClosed(what), Lang::Zh) => format!(
            "此处开始的{}没有闭合",
            match what {
                Opened::Comment => "注释",
                Opened::Variation => "变例（括号）",
                Opened::Tag => "标签",
            }
        ),
        (P::TagWithoutValue(inner), Lang::En) => {
            format!("a tag needs a name and a value: [{inner}]")
        }
        (P::TagWithoutValue(inner), Lang::Vi) => format!("thẻ cần có tên và giá trị: [{inner}]"),
        (P::TagWithoutValue(inner), Lang::Zh) => format!("标签须有名称和值：[{inner}]"),
        (P::UnquotedValue(key), Lang::En) => {
            format!("the value of tag {key} must be in double quotes")
        }
        (P::UnquotedValue(key), Lang::Vi) => {
            format!("giá trị của thẻ {key} phải nằm trong dấu ngoặc kép")
        }
        (P::UnquotedValue(key), Lang::Zh) => format!("标签{key}的值须放在双引号内"),
        (P::UnknownFormat(value), Lang::En) => {
            format!("unknown [Format \"{value}\"]: use ICCS, UCI, WXF, VN, Chinese or SAN")
        }
        (P::UnknownFormat(value), Lang::Vi) => {
            format!("không biết [Format \"{value}\"]: dùng ICCS, UCI, WXF, VN, Chinese hoặc SAN")
        }
        (P::UnknownFormat(value), Lang::Zh) => {
            format!("未知的[Format \"{value}\"]：请用ICCS、UCI、WXF、VN、Chinese或SAN")
        }
        (P::BlockNeverClosed(name), Lang::En) => format!("[DhtmlXQ_{name}] is never closed"),
        (P::BlockNeverClosed(name), Lang::Vi) => {
            format!("khối [DhtmlXQ_{name}] không được đóng")
        }
        (P::BlockNeverClosed(name), Lang::Zh) => format!("[DhtmlXQ_{name}]块没有闭合"),
        (P::MoveListDigits, Lang::En) => "a DhtmlXQ move list is four digits per move".to_owned(),
        (P::MoveListDigits, Lang::Vi) => {
            "danh sách nước đi DhtmlXQ phải gồm bốn chữ số cho mỗi nước".to_owned()
        }
        (P::MoveListDigits, Lang::Zh) => "DhtmlXQ着法列表须每着四位数字".to_owned(),
        (P::MoveFileBeyond { number, digits }, Lang::En) => {
            format!("move {number} ({digits}) has a file beyond 8")
        }
        (P::MoveFileBeyond { number, digits }, Lang::Vi) => {
            format!("nước thứ {number} ({digits}) có cột lớn hơn 8")
        }
        (P::MoveFileBeyond { number, digits }, Lang::Zh) => {
            format!("第{number}着（{digits}）的列号大于8")
        }
        (P::BinitLength, Lang::En) => {
            "a DhtmlXQ binit is 64 digits: two for each of the 32 pieces".to_owned()
        }
        (P::BinitLength, Lang::Vi) => {
            "binit của DhtmlXQ gồm 64 chữ số: hai chữ số cho mỗi quân trong 32 quân".to_owned()
        }
        (P::BinitLength, Lang::Zh) => "DhtmlXQ的binit为64位数字：32个棋子各两位".to_owned(),
        (P::BinitFileBeyond { piece, file }, Lang::En) => {
            format!("piece {piece} stands on file {file}, beyond 8")
        }
        (P::BinitFileBeyond { piece, file }, Lang::Vi) => {
            format!("quân thứ {piece} đứng ở cột {file}, lớn hơn 8")
        }
        (P::BinitFileBeyond { piece, file }, Lang::Zh) => {
            format!("第{piece}个棋子位于第{file}列，大于8")
        }
        (P::BinitTwoPieces { file, row }, Lang::En) => {
            format!("two pieces on file {file}, row {row}")
        }
        (P::BinitTwoPieces { file, row }, Lang::Vi) => {
            format!("có hai quân cùng ở cột {file}, hàng {row}")
        }
        (P::BinitTwoPieces { file, row }, Lang::Zh) => format!("第{file}列第{row}行有两个棋子"),
        (P::SpelledOutMove(words), Lang::En) => format!(
            "\"{words}\" is not a move spelled out in Vietnamese: a piece (Tướng, Sĩ, Tượng, \
             Xe, Pháo, Mã, Tốt), its file 1-9 or trước, sau, giữa, then tấn, thoái or bình, \
             then a number 1-9, as in \"Pháo 2 bình 5\""
        ),
        (P::SpelledOutMove(words), Lang::Vi) => format!(
            "\"{words}\" không phải nước đi viết bằng chữ: tên quân (Tướng, Sĩ, Tượng, Xe, \
             Pháo, Mã, Tốt), cột của quân (1-9) hoặc trước, sau, giữa, rồi tấn, thoái hoặc \
             bình, rồi một số 1-9, như \"Pháo 2 bình 5\""
        ),
        (P::SpelledOutMove(words), Lang::Zh) => format!(
            "“{words}”不是用越南文写出的着法：棋子（Tướng、Sĩ、Tượng、Xe、Pháo、Mã、Tốt）、\
             其所在列1-9或trước、sau、giữa，再接tấn、thoái或bình，再接数字1-9，\
             如“Pháo 2 bình 5”"
        ),
        (P::Unreadable(format), lang) => unreadable_format(*format, lang),
        (P::XqfTruncated { length, ply }, Lang::En) => match ply {
            None => format!("the XQF file ends at byte {length}, inside its 1024-byte header"),
            Some(0) => {
                format!("the XQF file ends at byte {length}, inside the record of the start")
            }
            Some(ply) => {
                format!("the XQF file ends at byte {length}, inside the record of move {ply}")
            }
        },
        (P::XqfTruncated { length, ply }, Lang::Vi) => match ply {
            None => format!("tệp XQF kết thúc ở byte {length}, giữa phần đầu 1024 byte của nó"),
            Some(0) => format!("tệp XQF kết thúc ở byte {length}, giữa bản ghi của thế cờ đầu"),
            Some(ply) => {
                format!("tệp XQF kết thúc ở byte {length}, giữa bản ghi của nước thứ {ply}")
            }
        },
        (P::XqfTruncated { length, ply }, Lang::Zh) => match ply {
            None => format!("XQF文件在第{length}字节处结束，位于其1024字节的文件头之内"),
            Some(0) => format!("XQF文件在第{length}字节处结束，位于起始局面的记录之内"),
            Some(ply) => format!("XQF文件在第{length}字节处结束，位于第{ply}步的记录之内"),
        },
        (P::XqfComment { ply, offset }, Lang::En) => format!(
            "the XQF record at byte {offset} (ply {ply}) gives its comment a negative length"
        ),
        (P::XqfComment { ply, offset }, Lang::Vi) => {
            format!("bản ghi XQF ở byte {offset} (nước thứ {ply}) cho lời bình một độ dài âm")
        }
        (P::XqfComment { ply, offset }, Lang::Zh) => {
            format!("第{offset}字节处的XQF记录（第{ply}步）的注释长度为负数")
        }
        (P::XqfSquare { ply, offset }, Lang::En) => format!(
            "the XQF move of ply {ply} (at byte {offset}) goes from or to a point off the board"
        ),
        (P::XqfSquare { ply, offset }, Lang::Vi) => {
            format!("nước XQF thứ {ply} (ở byte {offset}) đi từ hoặc đến một điểm ngoài bàn cờ")
        }
        (P::XqfSquare { ply, offset }, Lang::Zh) => {
            format!("XQF第{ply}步（第{offset}字节处）的起点或终点在棋盘之外")
        }
        (P::XqfTwoPieces { square }, Lang::En) => {
            format!("two pieces of the XQF piece table stand on {square}")
        }
        (P::XqfTwoPieces { square }, Lang::Vi) => {
            format!("bảng quân của tệp XQF có hai quân cùng đứng ở {square}")
        }
        (P::XqfTwoPieces { square }, Lang::Zh) => {
            format!("XQF棋子位置表中有两个棋子位于{square}")
        }
        (
            P::XqfText {
                field,
                offset,
                room,
            },
            Lang::En,
        ) => format!(
            "the XQF header's {field} (at byte {offset}) is not GB18030 text of at most {room} \
             bytes"
        ),
        (
            P::XqfText {
                field,
                offset,
                room,
            },
            Lang::Vi,
        ) => format!(
            "trường {field} trong phần đầu tệp XQF (ở byte {offset}) không phải văn bản \
             GB18030 dài tối đa {room} byte"
        ),
        (
            P::XqfText {
                field,
                offset,
                room,
            },
            Lang::Zh,
        ) => format!("XQF文件头的{field}字段（第{offset}字节处）不是不超过{room}字节的GB18030文本"),
    })
}

/// A game file in a format we recognise and do not read: export it as PGN.
pub fn unreadable_format(format: Unreadable, lang: Lang) -> String {
    let name = format.name();
    let binary = format.is_binary();
    match lang {
        Lang::En => {
            let kind = if binary { "binary" } else { "XML" };
            format!("{kind} format {name} is not supported; export the game as PGN")
        }
        Lang::Vi => {
            let kind = if binary { "nhị phân" } else { "XML" };
            format!("không hỗ trợ định dạng {kind} {name}; hãy xuất ván cờ ra PGN")
        }
        Lang::Zh => {
            let kind = if binary { "二进制" } else { "XML" };
            format!("不支持{kind}格式{name}；请将棋局导出为PGN")
        }
    }
}

/// `problem` with the record's text it holds cut to [`ECHO_CHARS`].
fn echoed(problem: &RecordProblem) -> RecordProblem {
    use RecordProblem as P;
    let cut = |text: &str| elide(text, ECHO_CHARS);
    match problem {
        P::TagWithoutValue(inner) => P::TagWithoutValue(cut(inner)),
        P::UnquotedValue(key) => P::UnquotedValue(cut(key)),
        P::UnknownFormat(value) => P::UnknownFormat(cut(value)),
        P::BlockNeverClosed(name) => P::BlockNeverClosed(cut(name)),
        P::SpelledOutMove(words) => P::SpelledOutMove(cut(words)),
        P::MoveFileBeyond { number, digits } => P::MoveFileBeyond {
            number: *number,
            digits: cut(digits),
        },
        other => other.clone(),
    }
}

/// No notation reads every move of a record; for each, the move it stops at (its text, line
/// and column).
pub fn no_notation_reads(stops: &[(Notation, String, u32, u32)]) -> Wording {
    Wording::new(|lang| {
        let each: Vec<String> = stops
            .iter()
            .map(|(notation, mv, line, column)| {
                let (label, mv) = (
                    notation_label(notation.label(), lang),
                    elide(mv, ECHO_CHARS),
                );
                match lang {
                    Lang::En => format!("{label} stops at {mv:?} (line {line}, column {column})"),
                    Lang::Vi => {
                        format!("cách ghi {label} dừng ở {mv:?} (dòng {line}, cột {column})")
                    }
                    Lang::Zh => {
                        format!("{label}记谱法在{mv:?}（第{line}行第{column}列）处无法继续读取")
                    }
                }
            })
            .collect();
        match lang {
            Lang::En => format!(
                "no notation reads every move as a legal move: {}",
                each.join("; ")
            ),
            Lang::Vi => format!(
                "không cách ghi nào đọc được mọi nước thành nước đi hợp lệ: {}",
                each.join("; ")
            ),
            Lang::Zh => format!(
                "没有一种记谱法能把每一着都读成合法着法：{}",
                each.join("；")
            ),
        }
    })
}

/// More than one notation reads a record's moves, to different games.
pub fn several_notations_read(fits: &[Notation]) -> Wording {
    Wording::new(|lang| {
        let labels: Vec<&str> = fits
            .iter()
            .map(|n| notation_label(n.label(), lang))
            .collect();
        several_in(&labels, lang)
    })
}

/// The sentence of [`several_notations_read`], the notations named in `lang`.
fn several_in(labels: &[&str], lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "the moves read as several games, in {}: say which with `notation` or a [Format] tag",
            labels.join(" and ")
        ),
        Lang::Vi => format!(
            "các nước đi đọc được thành nhiều ván khác nhau, theo {}: hãy chỉ rõ bằng `notation` \
             hoặc thẻ [Format]",
            labels.join(" và ")
        ),
        Lang::Zh => format!(
            "这些着法按{}可读成不同的对局：请用`notation`或[Format]标签指明",
            labels.join("和")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The API's English of a record's problem says what the reader's own message says, for
    /// every kind of problem; Vietnamese and Chinese say it in their words.
    #[test]
    fn english_of_a_record_problem_says_what_the_reader_says() {
        use RecordProblem as P;
        let all = [
            P::Unexpected(')'),
            P::NeverClosed(Opened::Comment),
            P::NeverClosed(Opened::Variation),
            P::NeverClosed(Opened::Tag),
            P::TagWithoutValue("Event".into()),
            P::UnquotedValue("Event".into()),
            P::UnknownFormat("LAN".into()),
            P::BlockNeverClosed("movelist".into()),
            P::MoveListDigits,
            P::MoveFileBeyond {
                number: 3,
                digits: "9091".into(),
            },
            P::BinitLength,
            P::BinitFileBeyond { piece: 4, file: 9 },
            P::BinitTwoPieces { file: 4, row: 0 },
            P::SpelledOutMove("Pháo hai".into()),
            P::Unreadable(Unreadable::Cbr),
            P::Unreadable(Unreadable::Cbf),
            P::XqfTruncated {
                length: 10,
                ply: None,
            },
            P::XqfTruncated {
                length: 1030,
                ply: Some(0),
            },
            P::XqfTruncated {
                length: 1100,
                ply: Some(3),
            },
            P::XqfComment {
                ply: 2,
                offset: 1100,
            },
            P::XqfSquare {
                ply: 2,
                offset: 1100,
            },
            P::XqfTwoPieces {
                square: "e4".into(),
            },
            P::XqfText {
                field: "title",
                offset: 80,
                room: 63,
            },
        ];
        for problem in all {
            let words = record_problem(&problem);
            assert_eq!(words.get(Lang::En), problem.to_string(), "{problem:?}");
            for lang in [Lang::Vi, Lang::Zh] {
                assert_ne!(words.get(lang), words.get(Lang::En), "{problem:?} {lang:?}");
            }
        }
    }
}
