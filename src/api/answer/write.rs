//! A ruling's answer written as compact JSON straight into one buffer: each key with its
//! punctuation is one constant (`,"verdict":`), a wire name is copied with its quotes, a text
//! is copied whole once a scan finds nothing to escape, and numbers are written by `itoa`. This
//! writes the bytes serde_json's compact serializer writes for the same value (the answer
//! types' derived `Serialize`, which `tests` here compare with it), at a fraction of the cost:
//! serde_json escapes every key and string byte by byte through its `Formatter`.

use std::borrow::Cow;

use serde::Serializer;
use serde::ser::SerializeStruct;

use super::{
    AdjudicateResponse, ArticleRef, Attacker, BookRuling, Chase, ChasedPiece, CycleMove, GameOver,
    Localized, MoveRef, NoCapture, PositionInfo, Repetition, SidePattern, literals,
};

/// Compact JSON being written.
pub(crate) struct Json(String);

impl Json {
    /// An empty buffer with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> Json {
        Json(String::with_capacity(capacity))
    }

    /// The JSON written so far.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Appends a fragment that is already JSON (a key, punctuation, a literal).
    pub(crate) fn raw(&mut self, json: &str) {
        self.0.push_str(json);
    }

    /// Appends `text` as a JSON string, escaped as serde_json escapes it.
    pub(crate) fn string(&mut self, text: &str) {
        if needs_escape(text.as_bytes()) {
            // Rare (our texts hold no quote or control character): serde_json escapes it.
            let escaped = serde_json::to_string(text).expect("a string serializes");
            self.0.push_str(&escaped);
        } else {
            self.0.reserve(text.len() + 2);
            self.0.push('"');
            self.0.push_str(text);
            self.0.push('"');
        }
    }

    /// Appends `n` in decimal.
    pub(crate) fn uint(&mut self, n: u32) {
        self.0.push_str(itoa::Buffer::new().format(n));
    }
}

/// Whether JSON escapes `b`: a quote, a backslash or a control character (not DEL).
const fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether some byte of `bytes` is [`escaped`]. Sixteen bytes are looked at together, without
/// stopping at the first, so that the compiler checks them in one vector operation; the last
/// sixteen are looked at whole, again if need be, rather than one by one.
fn needs_escape(bytes: &[u8]) -> bool {
    #[inline(always)]
    fn any(chunk: &[u8; 16]) -> bool {
        chunk.iter().fold(false, |found, &b| found | escaped(b))
    }
    match bytes.last_chunk::<16>() {
        Some(last) => bytes.as_chunks::<16>().0.iter().any(any) || any(last),
        // Short texts (squares, moves, names) byte by byte.
        None => bytes.iter().any(|&b| escaped(b)),
    }
}

/// A value that writes itself as compact JSON.
pub(crate) trait WriteJson {
    /// Appends the value's JSON to `out`.
    fn write_json(&self, out: &mut Json);
}

impl WriteJson for u32 {
    fn write_json(&self, out: &mut Json) {
        out.uint(*self);
    }
}

impl WriteJson for bool {
    fn write_json(&self, out: &mut Json) {
        out.raw(if *self { "true" } else { "false" });
    }
}

impl WriteJson for str {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl WriteJson for String {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl WriteJson for Cow<'_, str> {
    fn write_json(&self, out: &mut Json) {
        out.string(self);
    }
}

impl<T: WriteJson> WriteJson for Option<T> {
    fn write_json(&self, out: &mut Json) {
        match self {
            Some(v) => v.write_json(out),
            None => out.raw("null"),
        }
    }
}

impl<T: WriteJson> WriteJson for Box<T> {
    fn write_json(&self, out: &mut Json) {
        (**self).write_json(out);
    }
}

impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, out: &mut Json) {
        let mut sep = "[";
        for v in self {
            out.raw(sep);
            v.write_json(out);
            sep = ",";
        }
        if self.is_empty() {
            out.raw("[");
        }
        out.raw("]");
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, out: &mut Json) {
        self.as_slice().write_json(out);
    }
}

/// Writes `{"key":value,...}` into `out` (a `&mut Json`), the fields in the order given, as
/// serde's derive does. A field written `"key"?: value` is left out when `None` (serde's
/// `skip_serializing_if = "Option::is_none"`); the first field never is.
macro_rules! object {
    (@fields $out:ident $(,)?) => {};
    (@fields $out:ident, $key:literal?: $value:expr $(, $($rest:tt)*)?) => {
        if let Some(value) = &$value {
            $out.raw(concat!(",\"", $key, "\":"));
            $crate::api::answer::write::WriteJson::write_json(value, $out);
        }
        $crate::api::answer::write::object!(@fields $out $(, $($rest)*)?);
    };
    (@fields $out:ident, $key:literal: $value:expr $(, $($rest:tt)*)?) => {
        $out.raw(concat!(",\"", $key, "\":"));
        $crate::api::answer::write::WriteJson::write_json(&$value, $out);
        $crate::api::answer::write::object!(@fields $out $(, $($rest)*)?);
    };
    ($out:expr, $key:literal: $value:expr $(, $($rest:tt)*)?) => {{
        let out: &mut $crate::api::answer::write::Json = $out;
        out.raw(concat!("{\"", $key, "\":"));
        $crate::api::answer::write::WriteJson::write_json(&$value, out);
        $crate::api::answer::write::object!(@fields out $(, $($rest)*)?);
        out.raw("}");
    }};
}
pub(crate) use object;

/// Hands `json`, already JSON, to a serde_json serializer, which copies it as it is: as it
/// writes a `serde_json::value::RawValue`, which it knows by this struct name (serde_json's
/// own `RawValue` offers no way to wrap a text without parsing it again). In pretty output
/// the answer stays compact; other serializers would see a struct of that name.
pub(crate) fn serialize_raw<S: Serializer>(json: &str, s: S) -> Result<S::Ok, S::Error> {
    const RAW_VALUE: &str = "$serde_json::private::RawValue";
    let mut raw = s.serialize_struct(RAW_VALUE, 1)?;
    raw.serialize_field(RAW_VALUE, json)?;
    raw.end()
}

// ---------------------------------------------------------------------------------------------
// The answer's types, their fields in the order (and with the names) of their derived
// `Serialize`
// ---------------------------------------------------------------------------------------------

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
        let known = literals::article_json(self, || {
            let mut json = Json::with_capacity(256);
            fields(&mut json);
            json.0
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

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde_json::json;
    use serde_json::value::RawValue;

    use super::super::{GameOverReason, Pattern, Protection, Role, Side, ThreatKind, Verdict};
    use super::*;
    use crate::api::LawArbiter;
    use crate::api::arbiter::Arbiter;
    use crate::api::request::AdjudicateRequest;

    fn written(v: &(impl WriteJson + ?Sized)) -> String {
        let mut out = Json::with_capacity(0);
        v.write_json(&mut out);
        out.0
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let long = "Thế cờ sau nước thứ 96 của Đen xuất hiện lần thứ ba (a7c7), 红方第12着.";
        let mut texts = vec![String::new(), "h2e2".to_owned(), long.to_owned()];
        for c in (0u8..0x80).map(char::from).chain(['\u{2028}', 'é', '炮']) {
            for at in [0, 5, 15, 16, 17, 40] {
                let mut t: String = "x".repeat(at);
                t.push(c);
                texts.push(t.clone() + long);
                texts.push(t);
            }
        }
        for t in &texts {
            assert_eq!(
                written(t.as_str()),
                serde_json::to_string(t).unwrap(),
                "{t:?}"
            );
        }
    }

    #[test]
    fn numbers_booleans_options_and_arrays_are_as_serde_json_writes_them() {
        for n in [0, 7, 10, 99, 100, 12345, u32::MAX - 1, u32::MAX] {
            assert_eq!(written(&n), n.to_string());
        }
        assert_eq!(written(&true), "true");
        assert_eq!(written(&Some(false)), "false");
        assert_eq!(written(&None::<u32>), "null");
        assert_eq!(written(&Vec::<u32>::new()), "[]");
        assert_eq!(written(&vec![1u32, 2, 3]), "[1,2,3]");
        assert_eq!(
            written(&vec![vec![], vec![Some(1u32), None]]),
            "[[],[1,null]]"
        );
    }

    struct Sample {
        a: u32,
        b: Option<u32>,
        c: Vec<bool>,
    }

    impl WriteJson for Sample {
        fn write_json(&self, out: &mut Json) {
            object!(out, "a": self.a, "b"?: self.b, "c": self.c, "b again": self.b);
        }
    }

    #[test]
    fn objects_leave_out_the_fields_marked_optional_when_none() {
        let s = Sample {
            a: 1,
            b: None,
            c: vec![true],
        };
        assert_eq!(written(&s), r#"{"a":1,"c":[true],"b again":null}"#);
        let s = Sample { b: Some(2), ..s };
        assert_eq!(written(&s), r#"{"a":1,"b":2,"c":[true],"b again":2}"#);
    }

    /// JSON handed over raw.
    struct Raw(&'static str);

    impl serde::Serialize for Raw {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            serialize_raw(self.0, s)
        }
    }

    #[test]
    fn raw_json_is_what_serde_json_makes_of_a_raw_value() {
        let json = r#"{"a":[1,"é\"",null],"b":{}}"#;
        let value = RawValue::from_string(json.to_owned()).unwrap();
        let (ours, theirs) = (vec![Raw(json)], vec![value]);
        assert_eq!(serde_json::to_string(&ours).unwrap(), format!("[{json}]"));
        assert_eq!(
            serde_json::to_string(&ours).unwrap(),
            serde_json::to_string(&theirs).unwrap()
        );
        assert_eq!(
            serde_json::to_string_pretty(&ours).unwrap(),
            serde_json::to_string_pretty(&theirs).unwrap()
        );
        assert_eq!(
            serde_json::to_value(&ours).unwrap(),
            serde_json::to_value(&theirs).unwrap()
        );
    }

    /// `v` as `write` writes it, and as its derived `Serialize` does.
    fn both<T: WriteJson + Serialize + ?Sized>(v: &T) -> (String, String) {
        (written(v), serde_json::to_string(v).unwrap())
    }

    #[test]
    fn wire_names_are_written_as_serde_writes_them() {
        fn check<T: WriteJson + Serialize>(all: &[T]) {
            for v in all {
                let (ours, serde) = both(v);
                assert_eq!(ours, serde);
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

    /// An answer's fields, each serialized by its own derived `Serialize`, in the order and
    /// with the names of [`AdjudicateResponse`]'s fields.
    #[derive(Serialize)]
    struct Derived {
        verdict: Verdict,
        violator: Option<Side>,
        articles: Vec<ArticleRef>,
        explanation: Localized,
        repetition: Option<Repetition>,
        position: PositionInfo,
        game_over: Option<GameOver>,
        no_capture: NoCapture,
        #[serde(skip_serializing_if = "Option::is_none")]
        comparison: Option<Vec<BookRuling>>,
    }

    impl From<AdjudicateResponse> for Derived {
        fn from(a: AdjudicateResponse) -> Derived {
            Derived {
                verdict: a.verdict,
                violator: a.violator,
                articles: a.articles,
                explanation: a.explanation,
                repetition: a.repetition,
                position: a.position,
                game_over: a.game_over,
                no_capture: a.no_capture,
                comparison: a.comparison,
            }
        }
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
    fn answers_are_written_as_their_fields_derived_serialize_writes_them() {
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
                let answer = LawArbiter.adjudicate(&req).unwrap();
                let ours = serde_json::to_string(&answer).unwrap();
                assert_eq!(ours, written(&answer));
                assert_eq!(
                    ours,
                    serde_json::to_string(&Derived::from(answer.clone())).unwrap()
                );
                for book in answer.comparison.iter().flatten() {
                    let (ours, serde) = both(book);
                    assert_eq!(ours, serde);
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
    fn articles_copied_from_their_json_are_written_as_serde_writes_them() {
        use crate::adjudication::{Lang, RuleSet};

        use super::super::Languages;
        let choices = [
            Languages::Default,
            Languages::All,
            Languages::Preferred(Lang::Zh),
            Languages::Only(Lang::Vi),
            Languages::Only(Lang::En),
            Languages::Only(Lang::Zh),
        ];
        for a in RuleSet::ALL.into_iter().flat_map(|book| book.articles()) {
            for langs in choices {
                let own = ArticleRef::new(a, langs);
                // Twice: when its JSON is written, then when it is copied.
                for _ in 0..2 {
                    let (ours, serde) = both(&own);
                    assert_eq!(ours, serde);
                }
                // A text not the article's own (an equal copy, another text) is written.
                let mut other = own.clone();
                other.summary.en = own.summary.en.to_string().into();
                assert_eq!(written(&other), written(&own));
                other.label = "\"quoted\"".into();
                let (ours, serde) = both(&other);
                assert_eq!(ours, serde);
            }
        }
    }
}
