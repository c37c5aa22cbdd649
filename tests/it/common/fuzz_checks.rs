//! What each fuzz target checks, as one function per target.
//!
//! `fuzz/fuzz_targets/<target>.rs` includes this file by path and calls its function on every
//! input; `tests/it/fuzz_regressions.rs` calls the same functions on the inputs that once failed.
//! So this file uses nothing but `xiangqi_arbiter` and `serde_json`, the fuzz crate's
//! dependencies. Each function panics when a check fails, and returns what it got to, so a
//! regression test can assert that its input went all the way through.

use xiangqi_arbiter::api::answer::{AdjudicateResponse, BatchItem, LegalMovesResponse};
use xiangqi_arbiter::api::games::rule_record_games;
use xiangqi_arbiter::api::json::parse_part;
use xiangqi_arbiter::api::json_fast::read_game;
use xiangqi_arbiter::api::request::{AdjudicateRequest, LegalMovesRequest};
use xiangqi_arbiter::api::upload::{GameOptions, RecordUpload};
use xiangqi_arbiter::api::{Arbiter, Cancel, LawArbiter, Limits, adjudicate_one};
use xiangqi_arbiter::records::decode::{self, Chosen, DecodeError, Encoding};
use xiangqi_arbiter::records::{self, Record, RecordError};
use xiangqi_arbiter::xiangqi::notation::Notation;
use xiangqi_arbiter::xiangqi::{Position, Setup};

/// The `fen` target: bytes as a FEN. A `Setup` prints a FEN that reads back to the same setup
/// and the same text; a `Position` survives the round trip with an equal key; every legal move
/// is accepted by `check_move` and `play`, keeps the Zobrist key exact, leaves the mover out
/// of check and gives a position whose FEN reads back. Returns the position, if the input was
/// one.
pub fn fen(data: &[u8]) -> Option<Position> {
    let text = std::str::from_utf8(data).ok()?;
    let setup = Setup::from_fen(text).ok()?;
    let fen = setup.to_fen();
    let again = Setup::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not reparse: {e}"));
    assert_eq!(setup, again, "{text:?} → {fen:?} changed the setup");
    assert_eq!(again.to_fen(), fen, "to_fen is not canonical");

    let pos = Position::from_fen(text).ok()?;
    let fen = pos.to_fen();
    let back = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} does not reparse: {e}"));
    assert_eq!(pos, back, "{fen:?} changed on a round trip");
    assert_eq!(pos.key(), back.key());
    assert_eq!(pos.key(), pos.key_from_scratch());

    let legal = pos.legal_moves();
    assert_eq!(legal.len(), pos.count_legal_moves());
    assert_eq!(legal.is_empty(), !pos.has_legal_move());
    for m in legal {
        if let Err(reason) = pos.check_move(m) {
            panic!("{fen:?}: legal move {m:?} refused by check_move: {reason}");
        }
        let mut after = pos.clone();
        if let Err(reason) = after.play(m) {
            panic!("{fen:?}: legal move {m:?} refused by play: {reason}");
        }
        assert_eq!(after, pos.after(m));
        let printed = after.to_fen();
        assert_eq!(
            Position::from_fen(&printed).as_ref(),
            Ok(&after),
            "{fen:?} {m:?}: {printed:?} does not read back"
        );
        assert_eq!(
            after.key(),
            after.key_from_scratch(),
            "{fen:?} {m:?}: key drifts"
        );
        assert!(
            !after.is_in_check(pos.turn()),
            "{fen:?} {m:?} leaves the king in check"
        );
    }
    Some(pos)
}

/// Positions where the notations have work to do: tandem pieces, both sides to move.
pub const NOTATION_FENS: [&str; 12] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w - - 0 1",
    "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1",
    "5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/R8/2B6/9/3A5/9/R1BA1K3 w - - 0 1",
    "4k4/9/9/9/9/2p6/2p3p2/2p3p2/9/3K5 b - - 0 1",
    "3akab2/9/2n1b4/r8/9/9/9/3A5/r8/2BAK4 b - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 0 1",
];

/// The `notation` target: the first byte picks one of `NOTATION_FENS`, the rest is
/// `;`-separated move texts. Each text is read in all four notations (never a panic); a legal
/// reading is written in every notation and read back to the same move, and the first legal
/// reading is played so later texts see later positions. Returns how many texts were played.
pub fn notation(data: &[u8]) -> usize {
    let Some((&first, rest)) = data.split_first() else {
        return 0;
    };
    let fen = NOTATION_FENS[usize::from(first) % NOTATION_FENS.len()];
    let mut pos = Position::from_fen(fen).expect("the fixed positions are valid");
    let Ok(text) = std::str::from_utf8(rest) else {
        return 0;
    };
    let mut plies = 0;
    for part in text.split(';') {
        let mut played = None;
        for notation in Notation::ALL {
            let Ok(m) = notation.parse_move(&pos, part) else {
                continue;
            };
            if pos.check_move(m).is_err() {
                continue;
            }
            for other in Notation::ALL {
                let written = other.format_move(&pos, m);
                assert_eq!(
                    other.parse_move(&pos, &written),
                    Ok(m),
                    "{pos:?}: {notation} {part:?} is {m:?}, written in {other} as {written:?}"
                );
            }
            played.get_or_insert(m);
        }
        match played {
            Some(m) => {
                pos.play(m).expect("checked above");
                plies += 1;
            }
            None => break,
        }
    }
    plies
}

/// What the `adjudicate` target got from one input.
#[derive(Debug, Default)]
pub struct Answers {
    /// The verdict, if the bytes were an `AdjudicateRequest` that got one.
    pub adjudicate: Option<AdjudicateResponse>,
    /// The moves, if the bytes were a `LegalMovesRequest` that got them.
    pub legal_moves: Option<LegalMovesResponse>,
}

/// The `adjudicate` target: bytes as a JSON body, with the default limits. If they deserialize
/// as an `AdjudicateRequest`, `api::adjudicate_one` gives a verdict or a 4xx `ApiError`, never a
/// panic or a 5xx; if they deserialize as a `LegalMovesRequest`, `check_limits` and
/// `LawArbiter::legal_moves` likewise. And the fast reader of a game (`api::json_fast`)
/// reads the bytes only as serde reads them.
pub fn adjudicate(data: &[u8]) -> Answers {
    let limits = Limits::DEFAULT;
    let mut answers = Answers::default();
    if let Ok(text) = std::str::from_utf8(data)
        && let Some(fast) = read_game(text)
    {
        let serde = parse_part::<AdjudicateRequest>(text).ok();
        assert_eq!(serde.as_ref(), Some(&fast), "{text}");
    }
    if let Ok(req) = serde_json::from_slice::<AdjudicateRequest>(data) {
        match adjudicate_one(&LawArbiter, &limits, req.clone(), None) {
            Ok(resp) => answers.adjudicate = Some(resp),
            Err(e) => assert!((400..500).contains(&e.status()), "{req:?} → {e:?}"),
        }
    }
    if let Ok(req) = serde_json::from_slice::<LegalMovesRequest>(data) {
        match req
            .check_limits(&limits)
            .and_then(|()| LawArbiter.legal_moves(&req))
        {
            Ok(resp) => answers.legal_moves = Some(resp),
            Err(e) => assert!((400..500).contains(&e.status()), "{req:?} → {e:?}"),
        }
    }
    answers
}

/// The charsets the `records` target declares, picked by its first byte (`None`: none, so the
/// byte-order mark, UTF-8 or the detector decides).
pub const RECORD_CHARSETS: [Option<&str>; 8] = [
    None,
    None,
    Some("utf-8"),
    Some("gbk"),
    Some("gb18030"),
    Some("big5"),
    Some("utf-16le"),
    Some("utf-16be"),
];

/// What the `records` target got from one input.
#[derive(Debug, Default)]
pub struct RecordRun {
    /// The encoding the bytes were read in, if they were text in it.
    pub encoding: Option<&'static Encoding>,
    /// The record as read, if the text was one.
    pub record: Option<Result<Record, RecordError>>,
    /// The verdict, if the record was a game that got one.
    pub verdict: Option<AdjudicateResponse>,
}

/// The `records` target: the first byte picks a charset of `RECORD_CHARSETS`, the rest is a
/// game record's bytes. Decoding them ([`decode::decode`]) and reading the text
/// ([`records::read`]) never panic. Bytes that decode as UTF-8 undeclared are the text itself;
/// bytes that do not decode are told by an offset inside them before which they do decode,
/// and a charset that names no encoding is only ever a declared one. A record that reads has
/// every move at a line and column from 1; and the whole upload, ruled as the HTTP API rules
/// it, gets a verdict or a 4xx problem, never a 5xx. The text's cut into games
/// ([`records::games::split`]) is its slices in order, each game's moves on its lines or after;
/// every game of it, ruled as the batch route and the CLI rule a record, gets a verdict or a
/// 4xx.
pub fn records(data: &[u8]) -> RecordRun {
    let mut run = RecordRun::default();
    let Some((&first, bytes)) = data.split_first() else {
        return run;
    };
    let charset = RECORD_CHARSETS[usize::from(first) % RECORD_CHARSETS.len()];
    let text = match decode::decode(bytes, charset) {
        Ok(decoded) => {
            if decoded.chosen == Chosen::Utf8 {
                assert_eq!(decoded.text.as_bytes(), bytes, "UTF-8 is read as it is");
            }
            run.encoding = Some(decoded.encoding);
            decoded.text.into_owned()
        }
        Err(DecodeError::UnknownCharset(label)) => {
            panic!("{label:?} is one of ours: {charset:?}")
        }
        Err(DecodeError::Malformed {
            encoding,
            chosen,
            offset,
            line,
            column,
        }) => {
            assert!(
                offset < bytes.len(),
                "offset {offset} of {} bytes",
                bytes.len()
            );
            assert!(line >= 1 && column >= 1);
            let skip = match chosen {
                Chosen::Bom => Encoding::for_bom(bytes).expect("a byte-order mark").1,
                _ => 0,
            };
            assert!(
                encoding
                    .decode_without_bom_handling_and_without_replacement(&bytes[skip..offset])
                    .is_some(),
                "{} decodes before offset {offset}",
                encoding.name()
            );
            return run;
        }
    };
    let record = records::read(&text);
    if let Ok(r) = &record {
        for m in &r.moves {
            assert!(m.line >= 1 && m.column >= 1, "{m:?}");
        }
    }
    run.record = Some(record);
    // The cut into games: slices of the text in order, each read with its lines in the whole.
    let games = records::games::split(&text);
    assert!(!games.is_empty());
    let mut after = 0;
    for game in &games {
        let at = game.text.as_ptr() as usize - text.as_ptr() as usize;
        assert!(
            at >= after && at + game.text.len() <= text.len(),
            "{games:?}"
        );
        after = at + game.text.len();
        if let Ok(r) = records::games::read_game(game) {
            assert!(r.moves.iter().all(|m| m.line >= game.line), "{game:?}");
        }
    }
    let upload = RecordUpload {
        bytes: bytes.to_vec(),
        charset: charset.map(str::to_owned),
        options: GameOptions::default(),
    };
    match upload
        .clone()
        .check(&Limits::DEFAULT, None)
        .and_then(|game| LawArbiter.adjudicate(&game))
    {
        Ok(resp) => run.verdict = Some(resp),
        Err(e) => assert!((400..500).contains(&e.status()), "{e:?}"),
    }
    // Every game of it, as the batch route and the CLI rule a record: a verdict or a 4xx each.
    if let Ok(record) = upload.games() {
        let ruled = rule_record_games(&LawArbiter, &Limits::DEFAULT, &record, None, &Cancel::new());
        match ruled {
            Ok(items) => {
                for item in items {
                    if let BatchItem::Problem(p) = item.item {
                        assert!((400..500).contains(&p.status), "{p:?}");
                    }
                }
            }
            Err(e) => assert!((400..500).contains(&e.status()), "{e:?}"),
        }
    }
    run
}

/// The versions the `xqf` target's first byte picks among: plain (1.0), obfuscated without
/// and with the rotated piece table (1.1, 1.2), the last (1.8), and one beyond it.
pub const XQF_VERSIONS: [u8; 5] = [0x0A, 0x0B, 0x0C, 0x12, 0x13];

/// What the `xqf` target got from one input.
#[derive(Debug, Default)]
pub struct XqfRun {
    /// The file as read.
    pub record: Option<Result<Record, RecordError>>,
    /// The verdict, if the file was a game that got one.
    pub verdict: Option<AdjudicateResponse>,
}

/// The `xqf` target: the first byte picks a version of [`XQF_VERSIONS`], the rest follows
/// `XQ` and the version as an XQF file (its keys, piece table, texts and move tree).
/// `records::sniff` tells it as XQF (version 1.0's byte is a line feed: with a NUL byte in the
/// header, which no text has); `records::xqf::read` never panics; a file that reads has
/// a start FEN and ICCS moves that stand at no line; a problem stands at line 0; and the whole
/// upload, ruled as the HTTP API rules a record body, gets a verdict or a 4xx, and an answer
/// that gives the game as PGN.
pub fn xqf(data: &[u8]) -> XqfRun {
    let mut run = XqfRun::default();
    let Some((&first, rest)) = data.split_first() else {
        return run;
    };
    let mut bytes = vec![
        b'X',
        b'Q',
        XQF_VERSIONS[usize::from(first) % XQF_VERSIONS.len()],
    ];
    bytes.extend_from_slice(rest);
    let nul = bytes[..bytes.len().min(records::xqf::HEADER_LEN)].contains(&0);
    let binary = bytes[2] != b'\n' || nul;
    assert_eq!(records::sniff(&bytes) == records::Sniffed::Xqf, binary);
    let record = records::xqf::read(&bytes);
    match &record {
        Ok(r) => {
            assert!(r.fen.is_some(), "an XQF file gives its start");
            for m in &r.moves {
                assert_eq!((m.line, m.column, m.text.len()), (0, 0, 4), "{m:?}");
            }
        }
        Err(e) => assert_eq!((e.line, e.column), (0, 0), "{e}"),
    }
    run.record = Some(record);
    let upload = RecordUpload {
        bytes,
        charset: None,
        options: GameOptions::default(),
    };
    match upload
        .check(&Limits::DEFAULT, None)
        .and_then(|game| LawArbiter.adjudicate(&game))
    {
        Ok(resp) => {
            if binary {
                assert!(resp.record_pgn.is_some() && resp.record_encoding.is_none());
            }
            run.verdict = Some(resp);
        }
        Err(e) => assert!((400..500).contains(&e.status()), "{e:?}"),
    }
    run
}
