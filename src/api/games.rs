//! A record of many games (a database export, a collection, a stream of them), ruled game by
//! game: `POST /v1/adjudicate/batch` with a record body, and the CLI's record file.
//!
//! The record's bytes are decoded once, in the encoding they were saved in
//! ([`RecordUpload::text`]), and cut into games ([`crate::records::games`]); each game is
//! then read and ruled as the same text sent alone as a record would be
//! ([`super::upload::GameOptions::record_request`], the request's checks), its lines counted
//! in the whole record, and answered as a [`GameItem`]: its index, its tags, its ruling or its
//! problem. A game that cannot be read or ruled is a problem of its own and the others are
//! ruled all the same. A binary record (an XQF file) is one game, read from its bytes as a
//! record body is. Ruling one game needs only `&self`, so the CLI rules a file's games on
//! every core.

use std::borrow::Cow;

use encoding_rs::Encoding;

use super::answer::{BatchItem, GameItem};
use super::arbiter::{Arbiter, Cancel};
use super::error::ApiError;
use super::request::{Limits, RecordOnce};
use super::upload::RecordUpload;
use crate::records::games::{self, GameText};
use crate::records::{self, Sniffed};

/// A record of one game or many, decoded: what its games are cut from.
#[derive(Debug, Clone)]
pub struct RecordGames<'a> {
    /// The record as sent, and the options of every game (the query, the CLI's flags).
    upload: &'a RecordUpload,
    /// The record's text and the encoding it was read in; `None` for a binary record (an XQF
    /// file), one game read from its bytes.
    text: Option<(Cow<'a, str>, &'static Encoding)>,
}

impl RecordUpload {
    /// The record decoded for cutting into games: the problems of [`RecordUpload::request`]
    /// (a binary format we do not read, an unknown charset, bytes that are not text, JSON sent
    /// as a record), for the whole record.
    pub fn games(&self) -> Result<RecordGames<'_>, ApiError> {
        let text = match records::sniff(&self.bytes) {
            Sniffed::Unreadable(format) => {
                return Err(ApiError::UnsupportedRecordFormat { format });
            }
            Sniffed::Xqf => None,
            Sniffed::Text => Some(self.text()?),
        };
        Ok(RecordGames { upload: self, text })
    }
}

impl RecordGames<'_> {
    /// The record's games, in order ([`games::split`]): one at least. A binary record's one
    /// game has no text here: it is read from the bytes.
    pub fn split(&self) -> Vec<GameText<'_>> {
        match &self.text {
            Some((text, _)) => games::split(text),
            None => vec![GameText { text: "", line: 1 }],
        }
    }

    /// Reads and rules `game`, the `index`th of the record (from 1), as the same text sent
    /// alone as a record would be: its ruling, or its problem worded in the options' `lang`,
    /// else `accept_language`'s. Only [`ApiError::Cancelled`] is an error.
    pub fn rule(
        &self,
        arbiter: &dyn Arbiter,
        limits: &Limits,
        game: &GameText<'_>,
        index: u32,
        accept_language: Option<&str>,
        cancel: &Cancel,
    ) -> Result<GameItem, ApiError> {
        let options = &self.upload.options;
        let request = match &self.text {
            Some((_, encoding)) => {
                let mut req = options.record_request(game.text.to_owned());
                req.record = RecordOnce::read_already(games::read_game(game));
                Ok((req, Some(*encoding)))
            }
            None => self.upload.request(),
        };
        let tags = match &request {
            Ok((req, _)) => match req.record() {
                Some(Ok(record)) => record.tags.clone(),
                _ => Vec::new(),
            },
            Err(_) => Vec::new(),
        };
        let ruled = request.and_then(|(req, encoding)| {
            let mut checked = req.check(limits, accept_language)?;
            checked.record_encoding = encoding;
            arbiter.adjudicate_cancellable(&checked, cancel)
        });
        let item = match ruled {
            Ok(answer) => BatchItem::Verdict(Box::new(answer)),
            Err(ApiError::Cancelled) => return Err(ApiError::Cancelled),
            Err(e) => {
                BatchItem::Problem(e.to_problem_in(options.problem_language(accept_language)))
            }
        };
        Ok(GameItem { index, tags, item })
    }
}

/// Rules every game of `record` in order ([`RecordGames::rule`]), at most `limits.max_batch`
/// of them (else 422 `too-many-games`, as a batch of as many games). Stops with
/// [`ApiError::Cancelled`] as soon as `cancel` is set: it is checked before every game.
pub fn rule_record_games(
    arbiter: &dyn Arbiter,
    limits: &Limits,
    record: &RecordGames<'_>,
    accept_language: Option<&str>,
    cancel: &Cancel,
) -> Result<Vec<GameItem>, ApiError> {
    let games = record.split();
    if games.len() > limits.max_batch {
        return Err(ApiError::TooManyGames {
            count: games.len(),
            limit: limits.max_batch,
        });
    }
    let mut items = Vec::with_capacity(games.len());
    for (n, game) in games.iter().enumerate() {
        if cancel.is_cancelled() {
            return Err(ApiError::Cancelled);
        }
        let index = u32::try_from(n + 1).unwrap_or(u32::MAX);
        items.push(record.rule(arbiter, limits, game, index, accept_language, cancel)?);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::LawArbiter;
    use crate::api::upload::GameOptions;

    fn upload(text: &str) -> RecordUpload {
        RecordUpload {
            bytes: text.as_bytes().to_vec(),
            charset: None,
            options: GameOptions::default(),
        }
    }

    #[test]
    fn each_game_is_ruled_with_its_index_and_tags_and_a_bad_one_is_its_problem() {
        let text = "[Event \"one\"]\n1. h2e2 h9g7 1-0\n\n[Event \"two\"]\n1. h2e2 h9g7\n2. b0b5 *\n[Event \"three\"]\n1. b0c2\n";
        let upload = upload(text);
        let record = upload.games().unwrap();
        let items = rule_record_games(&LawArbiter, &Limits::DEFAULT, &record, None, &Cancel::new())
            .unwrap();
        let summary: Vec<(u32, &str, bool)> = items
            .iter()
            .map(|g| {
                (
                    g.index,
                    g.tags[0].1.as_str(),
                    matches!(g.item, BatchItem::Verdict(_)),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [(1, "one", true), (2, "two", false), (3, "three", true)]
        );
        // The bad move of the second game is told by its line in the whole record (ICCS read
        // it furthest: its own problem, issue 33).
        let BatchItem::Problem(p) = &items[1].item else {
            unreachable!()
        };
        assert!(
            p.detail.starts_with(
                "line 6, column 4 of the game record: ply 3 (move 2, red): illegal move \"b0b5\""
            ),
            "{p:?}"
        );
        let json = items[0].to_json();
        assert!(
            json.starts_with(r#"{"index":1,"tags":{"Event":"one"},"verdict":"none","#),
            "{json}"
        );
    }

    #[test]
    fn too_many_games_are_refused_as_a_batch_would_be() {
        let text = "1. h2e2 *\n".repeat(3);
        let upload = upload(&text);
        let record = upload.games().unwrap();
        let limits = Limits::new(1024, 2);
        assert!(matches!(
            rule_record_games(&LawArbiter, &limits, &record, None, &Cancel::new()),
            Err(ApiError::TooManyGames { count: 3, limit: 2 })
        ));
    }
}
