//! Game records in (issue 16): the same game, game200, written as PGN in ICCS, WXF and
//! Chinese, as a numbered Vietnamese score sheet without tags (its notation detected) and as
//! DhtmlXQ blocks, reads back to the same moves and gets the same ruling as the moves array.
//! The records are in `tests/data/records/`; `XA_BLESS=1 cargo test --test integration records::` writes
//! them anew from game200.
//!
//! Then records as the world writes them (issue 32), one test per convention, each with a
//! record written the way its source writes it: it must read to the very moves of its game.

use std::fmt::Write;

use crate::common::chess::{mirror_colours, mv, position};
use crate::common::public::public_cases;
use xiangqi_arbiter::adjudication::{Options, Replay, rule};
use xiangqi_arbiter::records::{self, Format, detect_notation};
use xiangqi_arbiter::xiangqi::notation::Notation;
use xiangqi_arbiter::xiangqi::{Move, Position, Role, START_FEN};

const DIR: &str = "tests/data/records";

fn game200() -> (Position, Vec<Move>) {
    let v: serde_json::Value =
        serde_json::from_str(include_str!("../data/game200.json")).expect("the fixture is JSON");
    let start = position(v["fen"].as_str().expect("a FEN"));
    let moves = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| mv(m.as_str().expect("a move")))
        .collect();
    (start, moves)
}

/// The files: name, and how to write game200 into it.
const FILES: [(&str, Option<Notation>); 5] = [
    ("game200_iccs.pgn", Some(Notation::Iccs)),
    ("game200_wxf.pgn", Some(Notation::Wxf)),
    ("game200_chinese.pgn", Some(Notation::Chinese)),
    ("game200_vn_sheet.txt", Some(Notation::Vn)),
    ("game200_dhtmlxq.txt", None),
];

/// The moves written in `notation`, numbered, six to a line.
fn move_text(start: &Position, moves: &[Move], notation: Notation) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(out, "{}. ", i / 2 + 1);
        }
        out.push_str(&notation.format_move(&pos, m));
        out.push(if i % 6 == 5 { '\n' } else { ' ' });
        pos.play(m).expect("game200 is legal");
    }
    out
}

fn pgn(start: &Position, moves: &[Move], notation: Notation) -> String {
    let mut body = move_text(start, moves, notation);
    // A comment and a variation after the first move, as databases write them.
    let first = body.find(' ').expect("moves") + 1;
    let first_end = first + body[first..].find(' ').expect("a second move");
    body.insert_str(first_end, " {a common opening} (1... h9g7 is another)");
    format!(
        "[Game \"Chinese Chess\"]\n[Event \"game200\"]\n[Format \"{}\"]\n[FEN \"{}\"]\n[Result \"*\"]\n\n{body}*\n",
        notation.label(),
        start
    )
}

fn dhtmlxq(start: &Position, moves: &[Move]) -> String {
    // binit: the pieces in DhtmlXQ's order, two digits each (file, row from the top).
    let order = [
        Role::Rook,
        Role::Horse,
        Role::Elephant,
        Role::Advisor,
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Cannon,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
    ];
    let mut binit = String::new();
    for color in [
        xiangqi_arbiter::xiangqi::Color::Red,
        xiangqi_arbiter::xiangqi::Color::Black,
    ] {
        let mut pieces: Vec<_> = start
            .board()
            .pieces()
            .filter(|(_, p)| p.color == color)
            .collect();
        for role in order {
            match pieces.iter().position(|(_, p)| p.role == role) {
                Some(i) => {
                    let (sq, _) = pieces.remove(i);
                    let _ = write!(binit, "{}{}", sq.file(), 9 - sq.rank());
                }
                None => binit.push_str("99"),
            }
        }
    }
    let list: String = moves
        .iter()
        .map(|m| {
            format!(
                "{}{}{}{}",
                m.from.file(),
                9 - m.from.rank(),
                m.to.file(),
                9 - m.to.rank()
            )
        })
        .collect();
    format!(
        "[DhtmlXQ]\n[DhtmlXQ_title]game200[/DhtmlXQ_title]\n[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]{list}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    )
}

fn write_all() {
    let (start, moves) = game200();
    for (name, notation) in FILES {
        let text = match notation {
            Some(Notation::Vn) => move_text(&start, &moves, Notation::Vn),
            Some(n) => pgn(&start, &moves, n),
            None => dhtmlxq(&start, &moves),
        };
        std::fs::write(format!("{DIR}/{name}"), text).expect("the records folder is writable");
    }
}

#[test]
fn every_record_of_game200_reads_back_to_its_moves_and_ruling() {
    if std::env::var_os("XA_BLESS").is_some() {
        write_all();
    }
    let (start, moves) = game200();
    let expected = rule(
        &Replay::from_moves(start.clone(), &moves).expect("legal"),
        Options::default(),
    );
    for (name, written_in) in FILES {
        let text = std::fs::read_to_string(format!("{DIR}/{name}")).expect("the record exists");
        let record = records::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let start = position(record.fen.as_deref().unwrap_or(START_FEN));
        let notation = match record.notation {
            Some(n) => n,
            None => {
                detect_notation(&start, &record.moves).unwrap_or_else(|e| panic!("{name}: {e:?}"))
            }
        };
        match written_in {
            Some(n) => assert_eq!(notation, n, "{name}"),
            None => assert_eq!(record.format, Format::DhtmlXq, "{name}"),
        }
        let mut pos = start.clone();
        let read: Vec<Move> = record
            .moves
            .iter()
            .map(|m| {
                let mv = notation
                    .parse_move(&pos, &m.text)
                    .unwrap_or_else(|e| panic!("{name} line {}: {e}", m.line));
                pos.play(mv).expect("legal");
                mv
            })
            .collect();
        assert_eq!(read, moves, "{name}");
        let ruling = rule(
            &Replay::from_moves(start, &read).expect("legal"),
            Options::default(),
        );
        assert_eq!(
            (ruling.verdict, ruling.violator, &ruling.articles),
            (expected.verdict, expected.violator, &expected.articles),
            "{name}"
        );
    }
}

/// Public case `id`: its start and moves.
fn case(id: &str) -> (Position, Vec<Move>) {
    let case = public_cases()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no public case {id}"));
    (case.start(), case.iccs_moves())
}

/// Public case `id`'s colour mirror: Black moves first, as Red did in the case.
fn mirrored(id: &str) -> (Position, Vec<Move>) {
    let (start, moves) = case(id);
    let moves = moves
        .iter()
        .map(|m| Move::new(m.from.mirror_rank(), m.to.mirror_rank()))
        .collect();
    (mirror_colours(&start), moves)
}

/// The game `text` reads to: its start (the record's, else `start`) and its moves, in the
/// notation it declares or the one that reads every move.
fn read_game(text: &str, start: &Position) -> (Position, Vec<Move>) {
    let record = records::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let start = match &record.fen {
        Some(fen) => position(fen),
        None => start.clone(),
    };
    let notation = match record.notation {
        Some(n) => n,
        None => detect_notation(&start, &record.moves).unwrap_or_else(|e| panic!("{e:?}\n{text}")),
    };
    let mut pos = start.clone();
    let moves = record
        .moves
        .iter()
        .map(|m| {
            let mv = notation
                .parse_move(&pos, &m.text)
                .unwrap_or_else(|e| panic!("line {} column {}: {e}\n{text}", m.line, m.column));
            pos.play(mv).expect("legal");
            mv
        })
        .collect();
    (start, moves)
}

#[test]
fn pgn_black_move_continuation_n_space_dots() {
    // Black moves first: exporters write `1. ...` (or `1...`, `1…`) before Black's move, and
    // again after a comment or a variation has cut a move pair.
    let game = mirrored("E1@+");
    let fen = game.0.to_fen();
    for (first, again) in [
        ("1. ...", "3. ..."),
        ("1...", "3..."),
        ("1…", "3…"),
        ("1. …", "3. …"),
    ] {
        let pgn = format!(
            "[FEN \"{fen}\"]\n[Format \"WXF\"]\n\n{first} R1+5 2. K6+1 R1-1 3. K6-1 {{back}} {again} R1+1\n\
             4. K6+1 (4... R1-2) 4. ... R1-1 5. K6-1 R1+1 6. K6+1 R1-1 1-0\n"
        );
        assert_eq!(read_game(&pgn, &Position::new()), game, "{first}");
    }
}

#[test]
fn dhtmlxq_side_to_move_from_the_first_moved_piece() {
    // DhtmlXQ has no side to move: a game whose first move is Black's reads with Black to move.
    let game = mirrored("E3@+");
    let blocks = dhtmlxq(&game.0, &game.1);
    assert_eq!(read_game(&blocks, &Position::new()), game);
    // And Red moves first when there is no move.
    let empty = dhtmlxq(&game.0, &[]);
    let fen = records::read(&empty).expect("reads").fen.expect("a binit");
    assert!(fen.contains(" w "), "{fen}");
}

/// `text` in full-width forms: each ASCII character but the space as its U+FF01-U+FF5E form.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '!'..='~' => char::from_u32(c as u32 + 0xfee0).expect("a full-width form"),
            c => c,
        })
        .collect()
}

#[test]
fn wxf_in_full_width_forms() {
    let (start, moves) = case("E14@+");
    let wxf = move_text(&start, &moves, Notation::Wxf);
    // The moves full-width, the numbers ASCII (`1. Ｃ５＝６ Ｒ４＝５`), as the WXF site exports;
    // and everything full-width, the spaces ideographic, as a Chinese input method types it.
    let moves_only: String = wxf
        .split_inclusive(' ')
        .map(|w| {
            if w.ends_with(". ") {
                w.to_owned()
            } else {
                full_width(w)
            }
        })
        .collect();
    let everything = full_width(&wxf).replace(' ', "\u{3000}");
    for sheet in [moves_only, everything] {
        assert!(sheet.contains("Ｃ５＝６"), "{sheet}");
        assert_eq!(
            read_game(&sheet, &start),
            (start.clone(), moves.clone()),
            "{sheet}"
        );
        let record = records::read(&sheet).expect("reads");
        assert_eq!(record.moves[0].text, "C5=6", "read and quoted folded");
    }
    // Folding never changes a Chinese move: Black's full-width numbers stay as written.
    let chinese = full_width("1.") + "炮五平六\u{3000}车４平５";
    let record = records::read(&chinese).expect("reads");
    let texts: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["炮五平六", "车４平５"]);
    assert_eq!(read_game(&chinese, &start).1, moves[..2]);
}

/// The tags of the record `text`.
fn tags(text: &str) -> Vec<(String, String)> {
    records::read(text).expect("reads").tags
}

#[test]
fn dpxq_text_export_and_sheet_headers() {
    let (start, moves) = game200();
    let moves = &moves[..10];
    // 东萍 (dpxq.com)'s plain-text export: header lines (`key: value` or `key：value`), the
    // moves, then the line the site signs it with.
    let dpxq = format!(
        "标题: 测试对局\n赛事：测试赛\n轮次: 第1轮\n红方: 甲\n黑方：乙\n结果: 和棋\n日期: 2026-12-01\n\n{}\n棋谱由 http://www.dpxq.com/ 生成\n",
        move_text(&start, moves, Notation::Chinese)
    );
    assert_eq!(read_game(&dpxq, &start).1, moves);
    let record = records::read(&dpxq).expect("reads");
    assert_eq!(record.result.as_deref(), Some("1/2-1/2"));
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|&(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    };
    assert_eq!(
        record.tags,
        pairs(&[
            ("Title", "测试对局"),
            ("Event", "测试赛"),
            ("Round", "第1轮"),
            ("Red", "甲"),
            ("Black", "乙"),
            ("Result", "和棋"),
            ("Date", "2026-12-01"),
        ])
    );
    // Score sheets with the event, players and round above the moves, in Vietnamese and in
    // English; a key of our own is kept as written, and a header may label the moves after
    // it on its line.
    let vn = format!(
        "Giải: Giải cờ tướng mở rộng\nVòng: 3\nĐỏ: Nguyễn Văn A\nĐen: Trần Văn B\nBàn số: 4\n{}",
        move_text(&start, moves, Notation::Vn)
    );
    assert_eq!(read_game(&vn, &start).1, moves);
    assert_eq!(
        tags(&vn),
        pairs(&[
            ("Event", "Giải cờ tướng mở rộng"),
            ("Round", "3"),
            ("Red", "Nguyễn Văn A"),
            ("Black", "Trần Văn B"),
            ("Bàn số", "4"),
        ])
    );
    let en = format!(
        "Event: Club championship\nRed: A. Red\nBlack: B. Black\nRound: 2\nMoves: {}",
        move_text(&start, moves, Notation::Wxf)
    );
    assert_eq!(read_game(&en, &start).1, moves);
    assert_eq!(
        tags(&en),
        pairs(&[
            ("Event", "Club championship"),
            ("Red", "A. Red"),
            ("Black", "B. Black"),
            ("Round", "2"),
        ])
    );
    // PGN's own tags go to the same list, by their names.
    let pgn = "[Event \"决赛\"]\n[Red \"甲\"]\n1. h2e2";
    assert_eq!(tags(pgn), pairs(&[("Event", "决赛"), ("Red", "甲")]));
}

#[test]
fn move_numbers_written_n_paren() {
    // Vietnamese sheets number a move pair `1)`, apart from the moves or glued to them.
    let (start, moves) = case("E12@3");
    let vn = move_text(&start, &moves, Notation::Vn).replace(". ", ") ");
    assert!(vn.starts_with("1) X3-5 Tg5-6 2) X5-7"), "{vn}");
    assert_eq!(read_game(&vn, &start).1, moves);
    let glued = vn.replace(") ", ")");
    assert_eq!(read_game(&glued, &start).1, moves);
    let record = records::read(&glued).expect("reads");
    assert_eq!((record.moves[2].line, record.moves[2].column), (1, 16));
}

#[test]
fn chinese_sheet_pasted_without_white_space() {
    // A Chinese move is four characters: after `炮2平3`, `2.` is the next number, not the
    // end of the move.
    let sheet = "1.兵七进一炮2平32.兵三进一";
    let record = records::read(sheet).expect("reads");
    let read: Vec<(&str, u32)> = record
        .moves
        .iter()
        .map(|m| (m.text.as_str(), m.column))
        .collect();
    assert_eq!(read, [("兵七进一", 3), ("炮2平3", 7), ("兵三进一", 13)]);
    assert_eq!(
        read_game(sheet, &Position::new()).1,
        [mv("c3c4"), mv("b7c7"), mv("g3g4")]
    );
    // game200, numbered, with no white space at all, Black's numbers in ASCII or full-width,
    // and the result glued to the last move.
    let (start, moves) = game200();
    let text = move_text(&start, &moves, Notation::Chinese);
    let full_width: String = text.split_whitespace().collect::<String>() + "和棋";
    let ascii: String = full_width
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - 0xfee0).expect("a digit"),
            c => c,
        })
        .collect();
    for sheet in [full_width, ascii] {
        assert_eq!(read_game(&sheet, &start).1, moves);
        let record = records::read(&sheet).expect("reads");
        assert_eq!(record.result.as_deref(), Some("1/2-1/2"));
    }
}

#[test]
fn cr_only_line_ends() {
    // Old Mac editors and some Windows exports end lines with a CR alone: each is a line
    // end, so the last move of a line never runs into the next line's number, and lines and
    // columns count as with LF.
    let (start, moves) = case("E8@+");
    let lf = format!(
        "Event: Club championship\nFEN: {start}\n\n{}0-1\n",
        move_text(&start, &moves, Notation::Wxf).replace(" 3. ", "\n3. ")
    );
    let mut places = Vec::new();
    for text in [lf.clone(), lf.replace('\n', "\r\n"), lf.replace('\n', "\r")] {
        assert_eq!(
            read_game(&text, &Position::new()),
            (start.clone(), moves.clone())
        );
        let record = records::read(&text).expect("reads");
        assert_eq!(
            record.tags[0],
            ("Event".to_owned(), "Club championship".to_owned())
        );
        places.push(
            record
                .moves
                .iter()
                .map(|m| (m.line, m.column))
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(places[0][4], (5, 4), "3. C8=9 starts line 5");
    assert!(places.iter().all(|p| *p == places[0]), "{places:?}");
}

#[test]
fn vietnamese_moves_spelled_out() {
    // As Vietnamese books and forums print a game: `1. Pháo 2 bình 5, Mã 8 tấn 7`. Read as
    // the VN notation the words spell.
    let (start, moves) = case("E12@3");
    let book = "1. Xe 3 bình 5, Tướng 5 bình 6\n2. Xe 5 bình 7, Pháo 3 bình 7\n\
                3. Xe 7 bình 4, Tướng 6 bình 5\n4. Xe 4 bình 3, Pháo 7 bình 3";
    assert_eq!(read_game(book, &start).1, moves[..8]);
    let record = records::read(book).expect("reads");
    let first: Vec<(&str, u32, u32)> = record.moves[..2]
        .iter()
        .map(|m| (m.text.as_str(), m.line, m.column))
        .collect();
    assert_eq!(first, [("X3-5", 1, 4), ("Tg5-6", 1, 17)]);
    // Forward and backward, tandem pieces, upper case, the Northern tiến, and words with
    // their marks decomposed (NFD) read the same.
    let (start, moves) = game200();
    let text = "1. PHÁO 2 TIẾN 1, Pha\u{301}o 8 tho\u{61}\u{301}i 1 2. Xe 1 tấn 1 Pháo 2 bình 8\n\
                3. Pháo 2 tấn 2, Tượng 3 tấn 5 4. Pháo 8 tấn 3, Tu\u{31b}o\u{31b}\u{301}ng 5 tấn 1\n\
                5. Tượng 3 tấn 1, Pháo sau bình 7";
    assert_eq!(read_game(text, &start).1, moves[..10]);
    // A piece word without the rest of its move says what it lacks, where.
    let e = records::read("1. Pháo 2 bình, Mã 8 tấn 7").unwrap_err();
    assert_eq!((e.line, e.column), (1, 4));
    assert_eq!(
        e.problem,
        records::RecordProblem::SpelledOutMove("Pháo 2 bình Mã".to_owned())
    );
}
