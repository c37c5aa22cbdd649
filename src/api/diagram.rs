//! The diagram calls: `GET /v1/diagram.svg` (a position given by its FEN, drawn with the
//! arrows and marks asked for) and `POST /v1/diagram` (a position of a game, drawn with what
//! the ruling says about it). Both answer the SVG of [`crate::diagram::svg`].

use super::arbiter::{Arbiter, Cancel, RuledGame};
use super::error::ApiError;
use super::law::start_position;
use super::query;
use super::request::{DiagramRequest, Game, Limits, MAX_FEN_CHARS, MAX_LIST_CHARS};
use super::wording::{self, Wording};
use crate::adjudication::Lang;
use crate::adjudication::cycle::PlyAnalysis;
use crate::adjudication::threats::{Protection, ThreatKind};
use crate::diagram::{self, Arrow, ArrowKind, Diagram, Labels, Mark, MarkKind, svg};
use crate::xiangqi::Position;

/// The parameters of `GET /v1/diagram.svg`, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramQuery {
    /// The position; the standard start when `fen` is not given.
    pub position: Position,
    /// `arrows`.
    pub arrows: Vec<Arrow>,
    /// `marks`.
    pub marks: Vec<Mark>,
    /// `flip`.
    pub flip: bool,
    /// `lang`.
    pub labels: Labels,
}

/// The parameters `GET /v1/diagram.svg` knows.
pub const QUERY_PARAMETERS: [&str; 5] = ["fen", "arrows", "marks", "flip", "lang"];

impl DiagramQuery {
    /// Reads a query string (`fen=...&arrows=...`, percent-encoded, `+` for a space; `None`
    /// when the URL has none). A parameter the route does not know, one given twice, or a value
    /// it cannot have is a 400 `invalid-parameter` naming it; a FEN that is no position is a
    /// 422 `invalid-fen`, as for every other route.
    pub fn parse(query: Option<&str>) -> Result<DiagramQuery, ApiError> {
        let mut q = DiagramQuery {
            position: Position::new(),
            arrows: Vec::new(),
            marks: Vec::new(),
            flip: false,
            labels: Labels::default(),
        };
        for parameter in query::parameters(query, &QUERY_PARAMETERS) {
            let (known, value) = parameter?;
            let invalid = |message: Wording| query::invalid(known, message);
            match known {
                "fen" => {
                    if value.chars().count() > MAX_FEN_CHARS {
                        return Err(invalid(wording::value_longer_than(MAX_FEN_CHARS)));
                    }
                    q.position = start_position(Some(&value))?;
                }
                "arrows" => q.arrows = list(&value).map_err(invalid)?,
                "marks" => q.marks = list(&value).map_err(invalid)?,
                "flip" => q.flip = boolean(&value).map_err(invalid)?,
                _ => q.labels = labels(&value).map_err(invalid)?,
            }
        }
        Ok(q)
    }

    /// The drawing the parameters ask for.
    pub fn diagram(&self) -> Diagram {
        Diagram {
            arrows: self.arrows.clone(),
            marks: self.marks.clone(),
            flip: self.flip,
            labels: self.labels,
            ..Diagram::of(&self.position)
        }
    }
}

/// `GET /v1/diagram.svg`: the SVG of the query's drawing.
pub fn diagram_svg(query: Option<&str>) -> Result<String, ApiError> {
    Ok(svg::render(&DiagramQuery::parse(query)?.diagram()))
}

/// A `POST /v1/diagram` request checked once: its game, and the drawing it asks for.
#[derive(Debug, Clone)]
pub struct GameDiagram {
    /// The game, checked as `POST /v1/adjudicate` checks it.
    pub game: Game,
    /// The position after this many plies; `None`: after the last.
    pub ply: Option<i64>,
    /// Black at the bottom.
    pub flip: bool,
    /// The labels of the request's `lang` (Chinese when it names none).
    pub labels: Labels,
    /// Arrows drawn besides the computed ones.
    pub arrows: Vec<Arrow>,
    /// Marks drawn besides the computed ones.
    pub marks: Vec<Mark>,
}

impl DiagramRequest {
    /// Checks the request once, in the order its problems are answered: the game's limits,
    /// the drawing's fields, then the game's typed values ([`AdjudicateRequest::check`]).
    ///
    /// [`AdjudicateRequest::check`]: super::request::AdjudicateRequest::check
    pub fn check(
        self,
        limits: &Limits,
        accept_language: Option<&str>,
    ) -> Result<GameDiagram, ApiError> {
        self.check_limits(limits)?;
        let labels = labels_of(self.game.lang.as_deref())?;
        let arrows: Vec<Arrow> = list(self.arrows.as_deref().unwrap_or(""))
            .map_err(|message| request_error("arrows", message))?;
        let marks: Vec<Mark> = list(self.marks.as_deref().unwrap_or(""))
            .map_err(|message| request_error("marks", message))?;
        Ok(GameDiagram {
            game: self.game.resolve(accept_language)?,
            ply: self.ply,
            flip: self.flip.unwrap_or(false),
            labels,
            arrows,
            marks,
        })
    }
}

/// `POST /v1/diagram`: rules on the game, then draws the position after `ply` plies with the
/// move that led to it and, on a ply of the judged cycle, its checks and chases; then the
/// request's own arrows and marks.
pub fn game_diagram_svg(
    arbiter: &dyn Arbiter,
    req: GameDiagram,
    cancel: &Cancel,
) -> Result<String, ApiError> {
    let game = arbiter.rule_game(&req.game, cancel)?;
    let ply = match req.ply {
        None => game.plies(),
        Some(p) => usize::try_from(p)
            .ok()
            .filter(|&p| p <= game.plies())
            .ok_or_else(|| request_error("ply", wording::ply_out_of_range(game.plies(), p)))?,
    };
    let mut diagram = ply_diagram(&game, ply, req.labels);
    diagram.flip = req.flip;
    diagram.arrows.extend(req.arrows);
    diagram.marks.extend(req.marks);
    Ok(svg::render(&diagram))
}

/// The position after `ply` plies of `game` (at most its length), drawn with the move that led
/// to it, a `check` mark on the king in check if one is, and, when the ply is one of the
/// ruling's judged cycle (or the same move in an earlier round of it, or one of the nine rounds
/// of forbidden moves), arrows from each checking
/// piece to the king it checks and from each attacker to the piece it threatens, and a
/// `chased` mark on each piece the law counts as chased.
pub fn ply_diagram(game: &RuledGame<'_>, ply: usize, labels: Labels) -> Diagram {
    let pos = game
        .position(ply)
        .unwrap_or_else(|| game.replay.start().clone());
    let mut diagram = Diagram {
        labels,
        ..Diagram::of(&pos)
    };
    if let Some(mv) = game.mv(ply) {
        diagram.arrows.push(Arrow {
            from: mv.from,
            to: mv.to,
            kind: ArrowKind::Move,
        });
    }
    if pos.is_check() {
        diagram.marks.push(Mark {
            square: pos.king(pos.turn()),
            kind: MarkKind::Check,
        });
    }
    let judged = cycle_move(game, ply)
        .or_else(|| earlier_round(game, ply, &pos))
        .or_else(|| round_move(game, ply));
    let Some(cycle_move) = judged else {
        return diagram;
    };
    let king = pos.king(pos.turn());
    for checker in pos.checkers() {
        diagram.arrows.push(Arrow {
            from: checker,
            to: king,
            kind: ArrowKind::Check,
        });
    }
    for tracked in &cycle_move.threats {
        let threat = &tracked.threat;
        let kind = match (threat.kind, threat.protection) {
            (ThreatKind::Chase, Protection::False) => ArrowKind::ChaseFalse,
            (ThreatKind::Chase, _) => ArrowKind::Chase,
            _ => ArrowKind::ThreatTrue,
        };
        for &(from, _) in &threat.attackers {
            diagram.arrows.push(Arrow {
                from,
                to: threat.target,
                kind,
            });
        }
        if threat.kind == ThreatKind::Chase {
            diagram.marks.push(Mark {
                square: threat.target,
                kind: MarkKind::Chased,
            });
        }
    }
    diagram
}

/// The judged cycle's move that `ply` played before, in an earlier round of the same cycle:
/// the same move, to the same position, a whole number of cycles before the judged one. So
/// the chase the law judged is drawn where it first happened too, not on the last round only.
fn earlier_round<'g>(
    game: &'g RuledGame<'_>,
    ply: usize,
    pos: &Position,
) -> Option<&'g PlyAnalysis> {
    let r = game.ruling.repetition.as_ref()?;
    let (previous, trigger) = (r.previous_ply, r.trigger_ply);
    let length = trigger.checked_sub(previous).filter(|&l| l > 0)?;
    let mv = game.mv(ply)?;
    (1..)
        .map(|k| ply + k * length)
        .take_while(|&q| q <= trigger)
        .find(|&q| {
            q > previous
                && game.mv(q) == Some(mv)
                && game.position(q).is_some_and(|p| p.key() == pos.key())
        })
        .and_then(|q| cycle_move(game, q))
}

/// The move at `ply` of the nine rounds of forbidden moves (CXA), if the ruling found them and
/// `ply` is one of them: drawn as a cycle's move is.
fn round_move<'g>(game: &'g RuledGame<'_>, ply: usize) -> Option<&'g PlyAnalysis> {
    let run = game.ruling.forbidden_run.as_ref()?;
    run.plies.iter().find(|m| m.ply == ply)
}

/// The judged cycle's move at `ply`, if the ruling found a repetition and `ply` is in its cycle.
pub fn cycle_move<'g>(game: &'g RuledGame<'_>, ply: usize) -> Option<&'g PlyAnalysis> {
    let repetition = game.ruling.repetition.as_ref()?;
    repetition.cycle.iter().find(|m| m.ply == ply)
}

/// The labels of a request's `lang` (Chinese when it names none).
pub fn labels_of(lang: Option<&str>) -> Result<Labels, ApiError> {
    lang.map_or(Ok(Labels::default()), |code| {
        labels(code).map_err(|message| request_error("lang", message))
    })
}

fn request_error(field: &str, message: Wording) -> ApiError {
    ApiError::InvalidRequest {
        field: field.to_owned(),
        message: wording::field_complaint(field, &message),
    }
}

/// A comma-separated list of arrows or marks, or why not.
fn list<T>(text: &str) -> Result<Vec<T>, Wording>
where
    T: std::str::FromStr<Err = diagram::ParseError>,
{
    if text.len() > MAX_LIST_CHARS {
        return Err(wording::value_longer_than(MAX_LIST_CHARS));
    }
    diagram::parse_list(text).map_err(|e| wording::unreadable_drawing(&e))
}

pub(super) fn boolean(text: &str) -> Result<bool, Wording> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(wording::not_a_boolean(other)),
    }
}

/// The labels of a language name, read like every other (`Lang::from_code`: `VI` is `vi`).
fn labels(code: &str) -> Result<Labels, Wording> {
    match Lang::from_code(code) {
        Some(Lang::Vi) => Ok(Labels::Vi),
        Some(Lang::En) => Ok(Labels::En),
        Some(Lang::Zh) => Ok(Labels::Zh),
        None => Err(wording::not_a_label_language(code)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(query: &str) -> String {
        match DiagramQuery::parse(Some(query)) {
            Err(ApiError::InvalidParameter { parameter, .. }) => parameter,
            other => panic!("{query}: {other:?}"),
        }
    }

    #[test]
    fn a_query_reads_every_parameter() {
        let q = DiagramQuery::parse(Some(
            "fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F3K5+w&arrows=d0d1:move&marks=e9:chased&flip=true&lang=vi",
        ))
        .unwrap();
        assert_eq!(q.position.to_fen(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
        assert_eq!(q.arrows.len(), 1);
        assert_eq!(q.marks.len(), 1);
        assert!(q.flip);
        assert_eq!(q.labels, Labels::Vi);
        assert_eq!(DiagramQuery::parse(None).unwrap().position, Position::new());
    }

    #[test]
    fn a_bad_parameter_is_named() {
        assert_eq!(parameter("arrows=a0a0:move"), "arrows");
        assert_eq!(parameter("marks=z1:dest"), "marks");
        assert_eq!(parameter("flip=yes"), "flip");
        assert_eq!(parameter("lang=fr"), "lang");
        assert_eq!(parameter("size=3"), "size");
        assert_eq!(parameter("flip=true&flip=false"), "flip");
        let long = format!("marks=a1:{}", "x".repeat(900));
        let Err(ApiError::InvalidParameter { message, .. }) = DiagramQuery::parse(Some(&long))
        else {
            panic!("a long kind is refused");
        };
        for lang in Lang::ALL {
            assert!(message.get(lang).len() < 200, "{message}");
        }
        assert!(matches!(
            DiagramQuery::parse(Some("fen=9%2F9 w")),
            Err(ApiError::InvalidFen { .. })
        ));
    }
}
