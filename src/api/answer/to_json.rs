//! The answer's types written as JSON by [`write`](super::write): the one field list of each
//! (their `Serialize` writes this too). The tests read every answer written back through the
//! types' derived `Deserialize`, so a field left out, misnamed or written in the wrong shape
//! fails.

use super::write::{Json, WriteJson, object};
use super::{
    AdjudicateResponse, ArticleRef, Attacker, BatchItem, BatchResponse, BookRuling, Chase,
    ChasedPiece, CycleMove, ForbiddenRun, GameItem, GameOver, GamesResponse, Localized, MoveRead,
    MoveRef, NoCapture, PositionInfo, Repetition, SidePattern, literals,
};

impl WriteJson for Localized {
    /// The texts present only (`LocalizedJson`).
    fn write_json(&self, out: &mut Json) {
        let mut sep = "{";
        for (key, text) in [
            ("\"vi\":", &self.vi),
            ("\"en\":", &self.en),
            ("\"zh\":", &self.zh),
        ] {
            if !text.is_empty() {
                out.raw(sep);
                out.raw(key);
                out.string(text);
                sep = ",";
            }
        }
        if sep == "{" {
            out.raw("{");
        }
        out.raw("}");
    }
}

impl WriteJson for ArticleRef {
    /// A rule book's own article is copied from its JSON, written once (`literals`).
    fn write_json(&self, out: &mut Json) {
        let fields = |out: &mut Json| {
            object!(out, "ref": self.reference, "label": self.label, "summary": self.summary);
        };
        let summary = [&*self.summary.vi, &self.summary.en, &self.summary.zh];
        let known = literals::article_json(&self.reference, &self.label, summary, || {
            let mut json = Json::with_capacity(256);
            fields(&mut json);
            json.into_string()
        });
        match known {
            Some(json) => out.raw(json),
            None => fields(out),
        }
    }
}

impl WriteJson for PositionInfo {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "fen": self.fen,
            "side_to_move": self.side_to_move,
            "in_check": self.in_check,
            "plies": self.plies,
        );
    }
}

impl WriteJson for GameOver {
    fn write_json(&self, out: &mut Json) {
        object!(out, "winner": self.winner, "reason": self.reason);
    }
}

impl WriteJson for AdjudicateResponse {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "verdict": self.verdict,
            "violator": self.violator,
            "articles": self.articles,
            "explanation": self.explanation,
            "repetition": self.repetition,
            "position": self.position,
            "game_over": self.game_over,
            "no_capture": self.no_capture,
            "comparison"?: self.comparison,
            "record_encoding"?: self.record_encoding,
            "record_pgn"?: self.record_pgn,
            "moves_read"?: self.moves_read,
            "provisional"?: self.provisional,
            "forbidden_run"?: self.forbidden_run,
        );
    }
}

impl WriteJson for ForbiddenRun {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "side": self.side,
            "rounds": self.rounds,
            "points": self.points,
            "first_ply": self.first_ply,
            "last_ply": self.last_ply,
            "loss_ply": self.loss_ply,
            "broken_at_ply": self.broken_at_ply,
            "last": self.last,
            "loss"?: self.loss,
            "moves": self.moves,
            "next_move"?: self.next_move,
            "red": self.red,
            "black": self.black,
        );
    }
}

impl WriteJson for MoveRead {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "number": self.number,
            "side": self.side,
            "text": self.text,
            "iccs": self.iccs,
            "wxf": self.wxf,
            "vn": self.vn,
            "chinese": self.chinese,
        );
    }
}

impl WriteJson for BookRuling {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "ruleset": self.ruleset,
            "verdict": self.verdict,
            "violator": self.violator,
            "articles": self.articles,
            "explanation": self.explanation,
            "provisional"?: self.provisional,
        );
    }
}

impl WriteJson for Repetition {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "occurrences": self.occurrences,
            "first_ply": self.first_ply,
            "previous_ply": self.previous_ply,
            "trigger_ply": self.trigger_ply,
            "loss_ply": self.loss_ply,
            "trigger"?: self.trigger,
            "loss"?: self.loss,
            "cycle": self.cycle,
            "red": self.red,
            "black": self.black,
        );
    }
}

impl WriteJson for CycleMove {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "ply": self.ply,
            "side": self.side,
            "move_number": self.move_number,
            "move": self.mv,
            "iccs": self.iccs,
            "check": self.check,
            "chases": self.chases,
            "mate_threat"?: self.mate_threat,
            "wins_by_check"?: self.wins_by_check,
            "pawn_capture_check"?: self.pawn_capture_check,
        );
    }
}

impl WriteJson for MoveRef {
    fn write_json(&self, out: &mut Json) {
        object!(out, "ply": self.ply, "move_number": self.move_number, "side": self.side);
    }
}

impl WriteJson for Chase {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "square": self.square,
            "role": self.role,
            "protected": self.protected,
            "protection": self.protection,
            "kind": self.kind,
            "by": self.by,
            "reasons"?: self.reasons,
        );
    }
}

impl WriteJson for Attacker {
    fn write_json(&self, out: &mut Json) {
        object!(out, "square": self.square, "role": self.role);
    }
}

impl WriteJson for SidePattern {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "pattern": self.pattern,
            "moves": self.moves,
            "checks": self.checks,
            "chases": self.chases,
            "chased": self.chased,
            "articles": self.articles,
        );
    }
}

impl WriteJson for ChasedPiece {
    fn write_json(&self, out: &mut Json) {
        object!(out, "role": self.role, "squares": self.squares);
    }
}

impl WriteJson for NoCapture {
    fn write_json(&self, out: &mut Json) {
        object!(out,
            "plies": self.plies,
            "limit": self.limit,
            "draw_claimable": self.draw_claimable,
        );
    }
}

impl WriteJson for BatchResponse {
    fn write_json(&self, out: &mut Json) {
        object!(out, "results": self.results);
    }
}

impl WriteJson for BatchItem {
    /// A ruling as written; a problem (not a hot path: a refused game) as serde writes it.
    fn write_json(&self, out: &mut Json) {
        match self {
            BatchItem::Verdict(answer) => answer.write_json(out),
            BatchItem::Problem(problem) => {
                out.raw(&serde_json::to_string(problem).expect("a problem serializes"));
            }
        }
    }
}

impl WriteJson for GameItem {
    /// `index` and `tags` first, then the item's own fields: its object without its `{`.
    fn write_json(&self, out: &mut Json) {
        out.raw("{\"index\":");
        out.uint(self.index);
        out.raw(",\"tags\":{");
        let mut first = true;
        for (n, (name, value)) in self.tags.iter().enumerate() {
            if self.tags[..n].iter().any(|(seen, _)| seen == name) {
                continue;
            }
            if !first {
                out.raw(",");
            }
            first = false;
            out.string(name);
            out.raw(":");
            out.string(value);
        }
        out.raw("}");
        let mut item = Json::with_capacity(4096);
        self.item.write_json(&mut item);
        let item = item.into_string();
        match item.strip_prefix('{') {
            Some(fields) if fields != "}" => {
                out.raw(",");
                out.raw(fields);
            }
            _ => out.raw("}"),
        }
    }
}

impl WriteJson for GamesResponse {
    fn write_json(&self, out: &mut Json) {
        object!(out, "results": self.results);
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use serde_json::json;

    use super::super::write::tests::written;
    use super::super::{GameOverReason, Pattern, Protection, Role, Side, ThreatKind, Verdict};
    use super::*;
    use crate::api::LawArbiter;
    use crate::api::arbiter::Arbiter;
    use crate::api::request::{AdjudicateRequest, Limits};

    /// `v` written, then read back through its derived `Deserialize`: equal to `v`. Its
    /// `Serialize` writes the same bytes.
    #[track_caller]
    fn reads_back<T>(v: &T)
    where
        T: WriteJson + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let json = written(v);
        let read: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(&read, v, "{json}");
        assert_eq!(serde_json::to_string(v).unwrap(), json);
    }

    #[test]
    fn wire_names_are_written_as_serde_writes_them() {
        fn check<T: WriteJson + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
            all: &[T],
        ) {
            for v in all {
                reads_back(v);
                assert_eq!(written(v), serde_json::to_string(v).unwrap());
            }
        }
        check(Side::ALL);
        check(Role::ALL);
        check(Verdict::ALL);
        check(Pattern::ALL);
        check(ThreatKind::ALL);
        check(Protection::ALL);
        check(GameOverReason::ALL);
    }

    /// Games whose answers hold every field: chases of each protection, a chased piece, a
    /// loss, a broken repetition, a checkmate, the long game.
    fn games() -> Vec<serde_json::Value> {
        let game200: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/data/game200.json")).unwrap();
        let mut games = vec![
            json!({ "fen": game200["fen"], "moves": game200["moves"] }),
            json!({ "fen": "3k5/R8/3R5/9/9/9/9/9/9/4K4 b", "moves": [] }),
            json!({ "moves": ["h2e2", "h9g7"] }),
        ];
        for (fen, moves) in [
            (
                "3k5/9/9/9/9/9/1r7/9/c4Rn2/4KA3 b - - 0 1",
                "b3b1 f0e1 b1b3 e1f0 b3b1 f0e1 b1b3 e1f0",
            ),
            (
                "1c2k2n1/9/C5r2/9/5N3/9/9/9/9/3K5 w - - 0 1",
                "f5e7 b9b7 e7f5 b7b9 f5e7 b9b7 e7f5 b7b9 f5e7",
            ),
            (
                "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
                "d0d1 e9f9 d1d0 f9e9 d0d1 e9f9 d1d0 f9e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
            ),
            (
                "n3k4/6c2/4N4/9/3R5/9/9/6r2/9/3K5 w - - 0 1",
                "d5e5 a9b7 e5d5 b7a9 d5e5 a9b7 e5d5 b7a9",
            ),
            (
                "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1",
                "b0a0 a7b7 a0b0 b7a7 b0a0 a7b7 a0b0 b7a7 b0b1",
            ),
        ] {
            let moves: Vec<&str> = moves.split_whitespace().collect();
            games.push(json!({ "fen": fen, "moves": moves }));
        }
        games
    }

    #[test]
    fn answers_written_read_back_through_their_derived_deserialize() {
        let mut seen = [false; 4];
        for game in games() {
            for extra in [
                json!({}),
                json!({ "compare": true }),
                json!({ "lang": "zh" }),
                json!({ "lang": "vi", "ruleset": "axf", "notation": "iccs" }),
            ] {
                let mut request = game.clone();
                request
                    .as_object_mut()
                    .unwrap()
                    .extend(extra.as_object().unwrap().clone());
                let req: AdjudicateRequest = serde_json::from_value(request).unwrap();
                let game = req.check(&Limits::DEFAULT, None).unwrap();
                let answer = LawArbiter.adjudicate(&game).unwrap();
                assert_eq!(answer.to_json(), written(&answer));
                reads_back(&answer);
                for book in answer.comparison.iter().flatten() {
                    reads_back(book);
                }
                let rep = answer.repetition.as_ref();
                seen[0] |= answer.game_over.is_some();
                seen[1] |= rep.is_some_and(|r| r.loss.is_some());
                seen[2] |= rep.is_some_and(|r| r.red.chased.is_some() || r.black.chased.is_some());
                seen[3] |= rep.is_some_and(|r| r.cycle.iter().any(|m| !m.chases.is_empty()));
            }
        }
        assert_eq!(seen, [true; 4], "every optional part was written");
    }

    #[test]
    fn articles_copied_from_their_json_read_back_as_they_are() {
        use super::super::tests::LANGUAGE_CHOICES;
        use crate::adjudication::RuleSet;

        for a in RuleSet::ALL.into_iter().flat_map(|book| book.articles()) {
            for langs in LANGUAGE_CHOICES {
                let own = ArticleRef::new(a, langs);
                // Twice: when its JSON is written, then when it is copied.
                for _ in 0..2 {
                    reads_back(&own);
                }
                // A text not the article's own (an equal copy, another text) is written.
                let mut other = own.clone();
                other.summary.en = own.summary.en.to_string().into();
                assert_eq!(written(&other), written(&own));
                other.label = "\"quoted\"".into();
                reads_back(&other);
            }
        }
    }
}
