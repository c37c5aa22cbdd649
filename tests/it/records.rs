//! Game records in (issue 16): the same game, game200, written as PGN in ICCS, WXF and
//! Chinese, as a numbered Vietnamese score sheet without tags (its notation detected) and as
//! DhtmlXQ blocks, reads back to the same moves and gets the same ruling as the moves array.
//! The records are in `tests/data/records/`; `XA_BLESS=1 cargo test --test integration records::` writes
//! them anew from game200.

use std::fmt::Write;

use crate::common::chess::{mv, position};
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
