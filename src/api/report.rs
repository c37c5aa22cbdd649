//! `POST /v1/report`: the ruling on a game as a page an arbiter prints on one A4 sheet and
//! attaches to the tournament record. The page is self-contained (inline CSS, inline SVG
//! diagrams, no script, nothing fetched) and well-formed XML as well as HTML, so that tests
//! read it with an XML parser.
//!
//! It shows the title, the verdict and violator, the articles, the explanation, the moves with
//! their numbers (as the request wrote them, and in ICCS) with the judged cycle (or the nine
//! rounds of forbidden moves, CXA) highlighted, the three occurrences of the repeated position
//! marked ①②③ and the losing move ✗, the diagrams of the cycle's
//! positions (of the nine rounds' last, or of the final position when there is no
//! repetition), and the request id and
//! the time it was made.
//!
//! Languages: `lang` (`vi`, `en`, `zh`) writes the page in that language; without it the page
//! is in Vietnamese, the law's language, with English beside it.

use std::time::SystemTime;

use super::answer::{
    ChaseReason, CycleMove, GameOver, GameOverReason, Languages, Localized, MateThreat, Protection,
    Role, Side, ThreatKind, Verdict,
};
use super::arbiter::{Arbiter, Cancel, RuledGame};
use super::diagram::ply_diagram;
use super::error::ApiError;
use super::request::{Game, Sheet};
use super::time::{rfc3339, rfc3339_at};
use crate::adjudication::explain::role_vi;
use crate::adjudication::{Lang, RuleSet};
use maud::{Markup, PreEscaped, html};

use crate::diagram::svg;
use crate::diagram::{Diagram, Labels};
use crate::xiangqi::Color;
use crate::xiangqi::notation::chinese;

/// Most diagrams a report shows: the first plies of a longer cycle.
pub const MAX_DIAGRAMS: usize = 6;

/// Most diagrams a report shows of nine rounds of forbidden moves: one row, the last round
/// and the move that lost, so that the page, with the rounds' longer move list and articles,
/// still prints on one sheet.
pub const MAX_ROUND_DIAGRAMS: usize = 4;
/// Most plies a report lists: a longer game is listed around its repetition.
pub const MAX_LISTED_PLIES: usize = 120;
/// Plies listed after the repetition's last one, when the list is cut.
const PLIES_AFTER: usize = 10;

/// What an A4 sheet holds, in millimetres, inside the style's margins (`@page`, 10 mm).
const PRINTED_HEIGHT_MM: f32 = 277.0;
/// The blocks of every page: the heading and its table of facts, the verdict, the
/// signatures, the footer.
const FIXED_HEIGHT_MM: f32 = 86.0;
/// A section's heading, with its margins.
const HEADING_MM: f32 = 8.0;
/// A line of the body's font (9.5 pt, line height 1.4), and of the small one (8 pt).
const LINE_MM: f32 = 4.7;
const SMALL_LINE_MM: f32 = 4.0;
/// The room between two articles.
const ROW_GAP_MM: f32 = 0.6;
/// The widths text is set in: the page's, an article's label and its summary.
const BODY_WIDTH_MM: f32 = 182.0;
const LABEL_WIDTH_MM: f32 = 32.0;
const SUMMARY_WIDTH_MM: f32 = 148.0;
/// A diagram's height, four to a row.
const DIAGRAM_MM: f32 = 50.0;
/// The smallest print scale, in percent, that [`fit`] uses: the body's 9.5 pt prints
/// at 7 pt.
const SMALLEST_FIT: u32 = 75;
/// How much longer than its estimate a page is taken to be: the largest shortfall measured
/// (`Page::estimated_height_mm`, 5.4 % on 35 reports of every book and language) and a
/// little more.
const ESTIMATE_MARGIN: f32 = 1.06;

/// The print scale that fits a page of `estimate` millimetres on one A4 sheet, in steps of
/// 5 %, no smaller than [`SMALLEST_FIT`] (a longer page prints on two); `None` if it fits as
/// it is. The estimate is taken [`ESTIMATE_MARGIN`] longer: a signature block pushed onto a
/// second sheet is worse than a page printed a little smaller.
fn fit(estimate: f32) -> Option<u32> {
    let estimate = estimate * ESTIMATE_MARGIN;
    if estimate <= PRINTED_HEIGHT_MM {
        return None;
    }
    let percent = (PRINTED_HEIGHT_MM / estimate * 100.0) as u32;
    Some((percent / 5 * 5).max(SMALLEST_FIT))
}

/// A text's width in the body's font, in millimetres: an average character's for most, a
/// full em for a CJK one.
fn text_width_mm(text: &str) -> f32 {
    text.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 3.35 } else { 1.75 })
        .sum()
}

/// The lines a text of `width` millimetres takes in a column of `column` millimetres.
fn lines_of(width: f32, column: f32) -> f32 {
    (width / column).ceil().max(1.0)
}

/// What the page is made for: who asked, and when.
#[derive(Debug, Clone, Copy)]
pub struct Stamp<'a> {
    /// The request's id (the `x-request-id` the service answers with).
    pub request_id: &'a str,
    /// When the report was made.
    pub time: SystemTime,
    /// The arbiter's clock, minutes east of UTC: the time is written on it, with its offset;
    /// `None` writes it in UTC.
    pub utc_offset_minutes: Option<i64>,
}

/// Rules on the game (a request checked once) and writes the report.
pub fn report_html(
    arbiter: &dyn Arbiter,
    game: &Game,
    sheet: &Sheet,
    stamp: Stamp<'_>,
    cancel: &Cancel,
) -> Result<String, ApiError> {
    let langs = match game.langs {
        Languages::Only(lang) => vec![lang],
        _ => vec![Lang::Vi, Lang::En],
    };
    let ruled = arbiter.rule_game(game, cancel)?;
    let tags = game.record.as_ref().map_or(&[][..], |r| &r.tags[..]);
    let table = table_facts(sheet, tags);
    Ok(render(&ruled, game.book, &langs, &table, stamp))
}

/// The facts the page heads with, in order: the sheet's, else the record's tag of that name
/// (the event falls back on the record's title), then the record's date and site.
fn table_facts(sheet: &Sheet, tags: &[(String, String)]) -> Vec<(Fact, Option<String>)> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, v)| k.eq_ignore_ascii_case(name) && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_owned())
    };
    let typed = |v: Option<&str>| {
        v.map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let mut facts: Vec<(Fact, Option<String>)> = sheet
        .fields()
        .into_iter()
        .map(|(name, value)| {
            let fact = Fact::of(name);
            let from_record = match fact {
                Fact::Event => tag("Event").or_else(|| tag("Title")),
                _ => tag(name),
            };
            (fact, typed(value).or(from_record))
        })
        .collect();
    for (fact, name) in [(Fact::Date, "Date"), (Fact::Site, "Site")] {
        if let Some(value) = tag(name) {
            facts.push((fact, Some(value)));
        }
    }
    facts
}

/// A fact of the table the page heads with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fact {
    Event,
    Round,
    Board,
    Red,
    Black,
    Arbiter,
    Date,
    Site,
}

impl Fact {
    /// The fact a [`Sheet`] field's tag name says.
    fn of(name: &str) -> Fact {
        match name {
            "Round" => Fact::Round,
            "Board" => Fact::Board,
            "Red" => Fact::Red,
            "Black" => Fact::Black,
            "Arbiter" => Fact::Arbiter,
            _ => Fact::Event,
        }
    }

    /// Its name on the page, and in the row's `data-fact`.
    fn label(self, w: &Words) -> &'static str {
        match self {
            Fact::Event => w.event,
            Fact::Round => w.round,
            Fact::Board => w.board,
            Fact::Red => w.red_player,
            Fact::Black => w.black_player,
            Fact::Arbiter => w.arbiter,
            Fact::Date => w.date,
            Fact::Site => w.site,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Fact::Event => "event",
            Fact::Round => "round",
            Fact::Board => "board",
            Fact::Red => "red",
            Fact::Black => "black",
            Fact::Arbiter => "arbiter",
            Fact::Date => "date",
            Fact::Site => "site",
        }
    }
}

/// The page for a ruled game, in `langs` (the first one the page's own language), headed with
/// the table's facts.
fn render(
    game: &RuledGame<'_>,
    ruleset: RuleSet,
    langs: &[Lang],
    table: &[(Fact, Option<String>)],
    stamp: Stamp<'_>,
) -> String {
    Page {
        game,
        ruleset,
        langs,
        table,
    }
    .markup(stamp)
    .into_string()
}

struct Page<'a> {
    game: &'a RuledGame<'a>,
    ruleset: RuleSet,
    langs: &'a [Lang],
    table: &'a [(Fact, Option<String>)],
}

const STYLE: &str = "\
@page{size:A4;margin:10mm}\
*{box-sizing:border-box}\
body{font:9.5pt/1.4 'Noto Sans','Noto Sans CJK SC',sans-serif;color:#111;margin:0 auto;max-width:190mm;padding:4mm}\
h1{font-size:15pt;margin:0 0 1mm}\
h2{font-size:10.5pt;margin:3mm 0 1mm;border-bottom:1px solid #999}\
p{margin:0 0 1mm}\
.sub{color:#444;margin-bottom:2mm}\
.verdict{font-size:12pt;font-weight:bold}\
.second{color:#555}\
table{border-collapse:collapse}\
.articles td{padding:.3mm 2mm .3mm 0;vertical-align:top}\
.moves{columns:4;column-gap:4mm;font-size:8pt}\
.moves table{width:100%}\
.moves td{padding:0 1mm;white-space:nowrap}\
.moves td.no{color:#666;text-align:right;width:7mm}\
.cycle{background:#ffe2a8}\
.moves .cycle{font-weight:bold}\
.iccs{color:#666;font-size:7pt}\
.occ{color:#7b3fa0;font-weight:bold}\
.loss{color:#b00020;font-weight:bold}\
.legend{font-size:8pt;color:#444}\
.diagrams{display:grid;grid-template-columns:repeat(auto-fill,minmax(42mm,1fr));gap:3mm}\
.diagrams figure:only-child{max-width:90mm}\
figure{margin:0;break-inside:avoid}\
figure svg{width:100%;height:auto;display:block}\
figcaption{text-align:center;font-size:8pt}\
.judged{display:block;font-size:7.5pt}\
footer{margin-top:3mm;border-top:1px solid #999;font-size:8pt;color:#444}\
.facts{width:100%;margin:1mm 0 2mm;font-size:9.5pt}\
.facts th{text-align:left;font-weight:600;padding:.8mm 2mm .8mm 0;white-space:nowrap;width:1%}\
.facts td{border-bottom:1px solid #999;padding:.8mm 4mm .8mm 1mm;width:49%}\
.signs{display:grid;grid-template-columns:repeat(3,1fr);gap:8mm;margin-top:2mm}\
.sign .line{height:16mm;border-bottom:1px solid #111}\
.sign p{text-align:center;margin:.5mm 0 0}\
.sign .name{min-height:1.35em;font-weight:600}\
.keys{margin-top:1.5mm}.keys .key{margin-right:3mm;white-space:nowrap}\
.key .line{display:inline-block;width:8mm;vertical-align:middle;border-top:1.2mm solid}\
.line.move{border-color:#1f5fa8}.line.check{border-top-style:dashed;border-color:#b3261e}\
.line.chase{border-top-style:dashed;border-color:#d9730d}\
.line.chase-false{border-top-style:dotted;border-color:#7b3fa0}\
.line.threat-true{border-top-style:dashed;border-color:#2e7d32}\
section{break-inside:avoid}\
@media print{.fit95{zoom:.95}.fit90{zoom:.9}.fit85{zoom:.85}.fit80{zoom:.8}.fit75{zoom:.75}}\
@media print{body{padding:0}}";

impl Page<'_> {
    /// The whole page. Every text is escaped by the template (`maud`); only the style, the
    /// drawings (SVG written by `diagram::svg`, which escapes its own texts) and the XML
    /// prologue and `meta` (kept well-formed XML) go in as they are.
    fn markup(&self, stamp: Stamp<'_>) -> Markup {
        let ruleset = self.ruleset;
        let answer = &self.game.answer;
        let lang = self.langs.first().copied().unwrap_or(Lang::Vi);
        let violator = match answer.violator {
            Some(side) => self.words(|w| side_word(w, side)),
            None => "—".to_owned(),
        };
        let time = match stamp.utc_offset_minutes {
            Some(offset) => rfc3339_at(stamp.time, offset),
            None => rfc3339(stamp.time),
        };
        // As people read it: the date, the time to the minute, and the clock's offset.
        let shown = match stamp.utc_offset_minutes {
            Some(_) => format!("{} {} (UTC{})", &time[..10], &time[11..16], &time[19..]),
            None => format!("{} {} (UTC)", &time[..10], &time[11..16]),
        };
        // A label's colon, as the page's own language writes it (full width in Chinese).
        let colon = words(lang).colon;
        let estimate = self.estimated_height_mm();
        html! {
            (PreEscaped("<!DOCTYPE html>\n"))
            html xmlns="http://www.w3.org/1999/xhtml" lang=(lang.code()) {
                head {
                    (PreEscaped("<meta charset=\"utf-8\"/>"))
                    title { (self.words(|w| w.title)) }
                    style { (PreEscaped(STYLE)) }
                }
                // Printed smaller where the page would not fit one sheet; the estimate is
                // kept for whoever calibrates it (scripts/report_fit.py).
                body class=[fit(estimate).map(|p| format!("fit{p}"))]
                    data-estimated-mm=(format!("{estimate:.0}")) {
                    header {
                        h1 { (self.words(|w| w.title)) }
                        p.sub { (self.words(|w| w.ruleset)) (colon) (self.each(|l| ruleset.title(l))) }
                        // The table's facts; one not known is a line to write it on.
                        table.facts {
                            @for pair in self.table.chunks(2) {
                                tr {
                                    @for (fact, value) in pair {
                                        th data-fact=(fact.key()) { (self.words(|w| fact.label(w))) }
                                        @match value {
                                            Some(v) => td.fact data-fact=(fact.key()) { (v) },
                                            None => td.fact.blank data-fact=(fact.key()) {},
                                        }
                                    }
                                }
                            }
                        }
                    }
                    section.ruling {
                        @if let Some(over) = &answer.game_over {
                            // The game ended on the board: its result, not "no violation".
                            p.verdict.result data-verdict=(answer.verdict.as_str()) {
                                (self.words(|w| w.result)) (colon)
                                (self.each_string(|l| won_by(l, over)))
                            }
                        } @else {
                            p.verdict data-verdict=(answer.verdict.as_str()) {
                                (self.words(|w| w.verdict)) (colon)
                                (self.words(|w| verdict_word(w, answer.verdict)))
                            }
                            p.violator { (self.words(|w| w.violator)) (colon) (violator) }
                        }
                        @if !answer.articles.is_empty() {
                            h2 { (self.words(|w| w.articles)) }
                            table.articles {
                                @for article in &answer.articles {
                                    tr data-ref=(article.reference) {
                                        td { (article.label) }
                                        td { (self.localized(&article.summary)) }
                                    }
                                }
                            }
                        }
                        h2 { (self.words(|w| w.explanation)) }
                        div.explanation { (self.paragraphs(&answer.explanation)) }
                    }
                    (self.moves())
                    (self.diagrams())
                    (self.signatures())
                    footer {
                        p {
                            (self.words(|w| w.request_id)) (colon)
                            code.request-id { (stamp.request_id) }
                            " · " (self.words(|w| w.time)) (colon)
                            time datetime=(time) { (shown) }
                            " · xiangqi-arbiter " (env!("CARGO_PKG_VERSION"))
                        }
                    }
                }
            }
            "\n"
        }
    }

    /// The lines the arbiter and both players sign on, each with the name the page knows.
    fn signatures(&self) -> Markup {
        let name = |fact: Fact| {
            self.table
                .iter()
                .find(|(f, _)| *f == fact)
                .and_then(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        html! {
            section.signatures {
                h2 { (self.words(|w| w.signatures)) }
                div.signs {
                    @for fact in [Fact::Arbiter, Fact::Red, Fact::Black] {
                        div.sign data-sign=(fact.key()) {
                            div.line {}
                            p { (self.words(|w| fact.label(w))) }
                            p.name { (name(fact)) }
                        }
                    }
                }
            }
        }
    }

    /// The move list: one row per move number, Red's move then Black's; the judged cycle
    /// highlighted and the plies after which the repeated position stood marked ①②③.
    fn moves(&self) -> Markup {
        let plies = self.game.plies();
        let (first, last) = self.listed_plies();
        let occurrences = self.occurrence_plies();
        let cycle = self.cycle_plies();
        let rounds = self.round_plies();
        let loss = self.loss_ply();
        let marks = Marks {
            cycle: &cycle,
            rounds: &rounds,
            occurrences: &occurrences,
            loss,
        };
        html! {
            section {
                h2 { (self.words(|w| w.moves)) }
                @if plies == 0 {
                    p { "—" }
                } @else {
                    @if occurrences.first() == Some(&0) {
                        p { span.occ data-ply="0" { "①" } " " (self.words(|w| w.start)) }
                    }
                    @if first > 1 {
                        p.legend { "… " (first - 1) " " (self.words(|w| w.omitted)) }
                    }
                    div.moves { table {
                        @for row in self.rows(first, last) {
                            tr {
                                td.no { (row.number) "." }
                                // A row that starts with Black's move: the game started with
                                // Black to move, or the list was cut after a Red move.
                                @if row.black_first { td { "…" } }
                                @for ply in row.plies {
                                    @match ply {
                                        Some(ply) => (self.move_cell(ply, &marks)),
                                        None => td {},
                                    }
                                }
                            }
                        }
                    } }
                    @if last < plies {
                        p.legend { "… " (plies - last) " " (self.words(|w| w.omitted)) }
                    }
                    @if cycle.is_some() {
                        p.legend {
                            span.cycle { (PreEscaped("&#160;&#160;&#160;")) }
                            " " (self.words(|w| w.cycle_legend))
                            " · ①②③ " (self.words(|w| w.occurrence_legend))
                            @if loss.is_some() { " · ✗ " (self.words(|w| w.loss_legend)) }
                        }
                    }
                    @if !rounds.is_empty() {
                        p.legend {
                            span.cycle { (PreEscaped("&#160;&#160;&#160;")) }
                            " " (self.words(|w| w.rounds_legend))
                            @if loss.is_some() { " · ✗ " (self.words(|w| w.loss_legend)) }
                        }
                    }
                }
            }
        }
    }

    /// The listed plies from `first` to `last` by move number: each row's number, whether it
    /// starts with Black's move, and its cells (none past `last`).
    fn rows(&self, first: usize, last: usize) -> Vec<Row> {
        let mut rows = Vec::new();
        let mut ply = first;
        while ply <= last {
            let (number, side) = self.move_number(ply);
            let cells = if side == Color::Red { 2 } else { 1 };
            let plies = (ply..ply + cells)
                .map(|p| (p <= last).then_some(p))
                .collect();
            rows.push(Row {
                number,
                black_first: side == Color::Black,
                plies,
            });
            ply += cells;
        }
        rows
    }

    fn move_cell(&self, ply: usize, marks: &Marks) -> Markup {
        let sent = self.game.sent.get(ply - 1).unwrap_or("");
        let iccs = self.game.mv(ply).map(|m| m.to_string()).unwrap_or_default();
        let in_cycle =
            marks.cycle.as_ref().is_some_and(|c| c.contains(&ply)) || marks.rounds.contains(&ply);
        let occurrence = marks.occurrences.iter().position(|&p| p == ply);
        let content = html! {
            span.mv { (sent) }
            @if sent != iccs { " " span.iccs { (iccs) } }
            @if let Some(i) = occurrence {
                " " span.occ data-ply=(ply) { (circled(i + 1)) }
            }
            @if marks.loss == Some(ply) {
                " " span.loss data-ply=(ply) { "✗" }
            }
        };
        html! {
            @if in_cycle {
                td.cycle data-ply=(ply) { (content) }
            } @else {
                td data-ply=(ply) { (content) }
            }
        }
    }

    /// The cycle's positions (at most [`MAX_DIAGRAMS`]), or the final position when no
    /// position repeated.
    fn diagrams(&self) -> Markup {
        let game = self.game;
        let (heading, plies) = self.drawn_plies();
        let labels = match self.langs {
            [Lang::Zh] => Labels::Zh,
            [Lang::En] => Labels::En,
            _ => Labels::Vi,
        };
        let occurrences = self.occurrence_plies();
        html! {
            section {
                h2 { (heading) }
                div.diagrams {
                    @for ply in plies {
                        figure data-ply=(ply) {
                            // Drawn by the SVG painter, which escapes its texts; ids stay
                            // unique in the page.
                            (PreEscaped(svg::render(&Diagram {
                                id_prefix: format!("p{ply}-"),
                                ..ply_diagram(game, ply, labels)
                            })))
                            figcaption {
                                @if ply == 0 {
                                    (self.words(|w| w.start))
                                } @else {
                                    (self.caption(ply))
                                }
                                @if let Some(i) = occurrences.iter().position(|&p| p == ply) {
                                    " " span.occ { (circled(i + 1)) }
                                }
                                @if let Some(m) = self.judged_move(ply) {
                                    @let mates = self.counts_mate_threats();
                                    @for (i, &lang) in self.langs.iter().enumerate() {
                                        @if i == 0 {
                                            span.judged lang=(lang.code()) { (judged_text(m, lang, mates)) }
                                        } @else {
                                            span.judged.second lang=(lang.code()) { (judged_text(m, lang, mates)) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                // What the drawings' arrows and marks mean, each drawn as the board draws it.
                p.legend.keys {
                        @for (kind, words) in [
                            ("move", self.words(|w| w.key_move)),
                            ("check", self.words(|w| w.key_check)),
                            ("chase", self.words(|w| w.key_chase)),
                            ("chase-false", self.words(|w| w.key_chase_false)),
                            ("threat-true", self.words(|w| w.key_threat)),
                        ] {
                            span.key data-kind=(kind) { span class=(format!("line {kind}")) {} " " (words) }
                        }
                }
            }
        }
    }

    /// A diagram's caption: the move that led to it, numbered (`12… C7.1 (c6c5)`).
    fn caption(&self, ply: usize) -> String {
        let (number, side) = self.move_number(ply);
        // `12.` before Red's move, `12…` before Black's, as score sheets write them.
        let mark = if side == Color::Black { "…" } else { "." };
        let sent = self.game.sent.get(ply - 1).unwrap_or("");
        let iccs = self.game.mv(ply).map(|m| m.to_string()).unwrap_or_default();
        if sent == iccs {
            format!("{number}{mark} {sent}")
        } else {
            format!("{number}{mark} {sent} ({iccs})")
        }
    }

    /// The plies listed, first and last: all of them, or [`MAX_LISTED_PLIES`] ending a little
    /// after the repetition (after the last ply when there is none).
    fn listed_plies(&self) -> (usize, usize) {
        let plies = self.game.plies();
        if plies <= MAX_LISTED_PLIES {
            return (1, plies);
        }
        let answer = &self.game.answer;
        let judged = match (&answer.repetition, &answer.forbidden_run) {
            (Some(r), _) => Some(r.trigger_ply),
            (None, Some(run)) => Some(run.loss_ply.unwrap_or(run.last_ply)),
            (None, None) => None,
        };
        let last = match judged {
            Some(ply) => (ply as usize + PLIES_AFTER).clamp(MAX_LISTED_PLIES, plies),
            None => plies,
        };
        (last + 1 - MAX_LISTED_PLIES, last)
    }

    /// The plies after which the repeated position stood: its first occurrence, the one before
    /// the last, and the last (the ruling's three).
    fn occurrence_plies(&self) -> Vec<usize> {
        match &self.game.answer.repetition {
            Some(r) => {
                let mut plies = vec![
                    r.first_ply as usize,
                    r.previous_ply as usize,
                    r.trigger_ply as usize,
                ];
                plies.dedup();
                plies
            }
            None => Vec::new(),
        }
    }

    /// The plies of the nine rounds of forbidden moves (CXA), if the ruling found them.
    fn round_plies(&self) -> Vec<usize> {
        match &self.game.answer.forbidden_run {
            Some(run) => run.moves.iter().map(|m| m.ply as usize).collect(),
            None => Vec::new(),
        }
    }

    /// The last plies of the nine rounds of forbidden moves (CXA) to draw, at most
    /// [`MAX_ROUND_DIAGRAMS`], ending with the move that lost if one did; empty without them.
    fn last_rounds(&self) -> Vec<usize> {
        let Some(run) = &self.game.answer.forbidden_run else {
            return Vec::new();
        };
        let loss = run.loss_ply.map(|p| p as usize);
        let room = MAX_ROUND_DIAGRAMS - usize::from(loss.is_some());
        let plies: Vec<usize> = run.moves.iter().map(|m| m.ply as usize).collect();
        let mut last: Vec<usize> = plies[plies.len().saturating_sub(room)..].to_vec();
        last.extend(loss);
        last
    }

    /// The diagrams' heading and plies: the cycle's positions (at most [`MAX_DIAGRAMS`]), the
    /// last rounds of forbidden moves, or the final position.
    fn drawn_plies(&self) -> (String, Vec<usize>) {
        let game = self.game;
        let cycle: Vec<usize> = match &game.answer.repetition {
            Some(r) => r.cycle.iter().map(|m| m.ply as usize).collect(),
            None => Vec::new(),
        };
        let rounds = self.last_rounds();
        if !cycle.is_empty() {
            (
                self.words(|w| w.positions),
                cycle.into_iter().take(MAX_DIAGRAMS).collect(),
            )
        } else if !rounds.is_empty() {
            (self.words(|w| w.rounds_positions), rounds)
        } else {
            (self.words(|w| w.final_position), vec![game.plies()])
        }
    }

    /// The printed page's height, estimated in millimetres from its texts' lengths, as the
    /// style sets it out (A4 less its margins holds [`PRINTED_HEIGHT_MM`]): each block's
    /// lines at its font's line height, a character's width its font's average (a CJK
    /// character's a full em), a diagram's height from its width. Against Chromium's layout
    /// of 35 reports of every book and language (`scripts/report_fit.py`), it fell short by
    /// 18 mm (5.4 %) at most and over by 15 mm.
    fn estimated_height_mm(&self) -> f32 {
        let answer = &self.game.answer;
        let langs = self.langs;
        let mut height = FIXED_HEIGHT_MM;
        if !answer.articles.is_empty() {
            height += HEADING_MM;
            for article in &answer.articles {
                let summary: f32 = langs
                    .iter()
                    .map(|&l| text_width_mm(article.summary.get(l)))
                    .sum();
                let lines = lines_of(text_width_mm(&article.label), LABEL_WIDTH_MM)
                    .max(lines_of(summary, SUMMARY_WIDTH_MM));
                height += lines * LINE_MM + ROW_GAP_MM;
            }
        }
        height += HEADING_MM;
        for &l in langs {
            height += lines_of(text_width_mm(answer.explanation.get(l)), BODY_WIDTH_MM) * LINE_MM;
        }
        let (first, last) = self.listed_plies();
        let rows = self.rows(first, last).len() as f32;
        height += HEADING_MM + (rows / 4.0).ceil() * SMALL_LINE_MM + 2.0 * SMALL_LINE_MM;
        let (_, plies) = self.drawn_plies();
        let judged = plies.iter().any(|&p| self.judged_move(p).is_some());
        let caption_lines = 1.0
            + if judged {
                2.0 * langs.len() as f32
            } else {
                0.0
            };
        let diagram_rows = (plies.len() as f32 / 4.0).ceil();
        height += HEADING_MM
            + diagram_rows * (DIAGRAM_MM + caption_lines * SMALL_LINE_MM)
            + 2.0 * SMALL_LINE_MM;
        height
    }

    /// Whether the ruling's book counts mate threats (its judged moves then say whether the
    /// search ran).
    fn counts_mate_threats(&self) -> bool {
        self.ruleset.readings().mate_threats_attack
    }

    /// The judged move of `ply`, a move of the cycle or of the nine rounds or the violator's
    /// move after them, if it is one.
    fn judged_move(&self, ply: usize) -> Option<&CycleMove> {
        let answer = &self.game.answer;
        let cycle = answer.repetition.iter().flat_map(|r| &r.cycle);
        let run = answer.forbidden_run.as_ref();
        let rounds = run
            .into_iter()
            .flat_map(|r| r.moves.iter().chain(&r.next_move));
        cycle.chain(rounds).find(|m| m.ply as usize == ply)
    }

    /// The move that lost, for a verdict of `loss`: the repetition's or the nine rounds'.
    fn loss_ply(&self) -> Option<usize> {
        let answer = &self.game.answer;
        let repeated = answer.repetition.as_ref().and_then(|r| r.loss_ply);
        let run = answer.forbidden_run.as_ref().and_then(|r| r.loss_ply);
        repeated.or(run).map(|p| p as usize)
    }

    /// The judged cycle's plies, if a position repeated.
    fn cycle_plies(&self) -> Option<std::ops::RangeInclusive<usize>> {
        let r = self.game.answer.repetition.as_ref()?;
        Some(r.previous_ply as usize + 1..=r.trigger_ply as usize)
    }

    /// The move number of `ply` and who played it: the FEN's number for the first move, one
    /// more after each Black move.
    fn move_number(&self, ply: usize) -> (u32, Color) {
        self.game.replay.start().move_number(ply)
    }

    /// A fixed text in each of the page's languages, the first plain and the others beside it.
    fn words(&self, pick: impl Fn(&Words) -> &'static str) -> String {
        self.each(|l| pick(words(l)))
    }

    /// A text made for each of the page's languages, joined as [`Page::words`] joins them.
    fn each_string(&self, text: impl Fn(Lang) -> String) -> String {
        let texts: Vec<String> = self.langs.iter().map(|&l| text(l)).collect();
        texts.join(" / ")
    }

    fn each(&self, text: impl Fn(Lang) -> &'static str) -> String {
        let texts: Vec<&str> = self.langs.iter().map(|&l| text(l)).collect();
        texts.join(" / ")
    }

    /// A text of the answer in the page's languages: the first plain, the others greyed
    /// beside it.
    fn localized(&self, text: &Localized) -> Markup {
        html! {
            @for (i, lang) in self.langs.iter().enumerate() {
                @if i == 0 {
                    (text.get(*lang))
                } @else {
                    " " span.second { (text.get(*lang)) }
                }
            }
        }
    }

    /// A longer text of the answer as one paragraph per language.
    fn paragraphs(&self, text: &Localized) -> Markup {
        html! {
            @for (i, lang) in self.langs.iter().enumerate() {
                @if i == 0 {
                    p lang=(lang.code()) { (text.get(*lang)) }
                } @else {
                    p.second lang=(lang.code()) { (text.get(*lang)) }
                }
            }
        }
    }
}

/// What the move list marks on a move.
struct Marks<'a> {
    /// The judged cycle's plies.
    cycle: &'a Option<std::ops::RangeInclusive<usize>>,
    /// The plies of the nine rounds of forbidden moves (CXA).
    rounds: &'a [usize],
    /// The plies after which the repeated position stood.
    occurrences: &'a [usize],
    /// The move that lost.
    loss: Option<usize>,
}

/// One row of the move list.
struct Row {
    /// The move number.
    number: u32,
    /// The row starts with Black's move.
    black_first: bool,
    /// Its cells' plies: Red's and Black's, or Black's alone; `None` past the list's end.
    plies: Vec<Option<usize>>,
}

/// ① to ⑨.
fn circled(n: usize) -> char {
    char::from_u32(0x2460 + n.clamp(1, 20) as u32 - 1).unwrap_or('•')
}

/// The page's own words in one language.
struct Words {
    title: &'static str,
    colon: &'static str,
    result: &'static str,
    wins: &'static str,
    checkmate: &'static str,
    stalemate: &'static str,
    ruleset: &'static str,
    verdict: &'static str,
    violator: &'static str,
    articles: &'static str,
    explanation: &'static str,
    moves: &'static str,
    positions: &'static str,
    final_position: &'static str,
    rounds_positions: &'static str,
    start: &'static str,
    omitted: &'static str,
    cycle_legend: &'static str,
    occurrence_legend: &'static str,
    rounds_legend: &'static str,
    loss_legend: &'static str,
    request_id: &'static str,
    time: &'static str,
    event: &'static str,
    round: &'static str,
    board: &'static str,
    red_player: &'static str,
    black_player: &'static str,
    arbiter: &'static str,
    date: &'static str,
    site: &'static str,
    signatures: &'static str,
    key_move: &'static str,
    key_check: &'static str,
    key_chase: &'static str,
    key_chase_false: &'static str,
    key_threat: &'static str,
    none: &'static str,
    must_change: &'static str,
    loss: &'static str,
    draw: &'static str,
    red: &'static str,
    black: &'static str,
    /// What a judged move does ([`judged_text`]): the start, the joiners, the end.
    this_move: &'static str,
    separator: &'static str,
    end: &'static str,
    gives_check: &'static str,
    threatens_mate: &'static str,
    mate_undecided: &'static str,
    /// A threat to win material by a check (抽吃), which the CXA counts as a chase.
    wins_by_check: &'static str,
    /// A pawn's capture that uncovers a check, which the CXA counts as a chase (26.8).
    pawn_capture_check: &'static str,
    idle: &'static str,
    /// A move of a book that counts mate threats which the ruling did not search.
    not_weighed: &'static str,
    /// A chase of the piece (named by [`Words::piece`]) on the square.
    chases: fn(&str, &str) -> String,
    /// Why a chase counts, after it: opened, joined, closed.
    because: (&'static str, &'static str, &'static str),
    falsely_protected: &'static str,
    reason: fn(ChaseReason) -> &'static str,
    /// A piece of a side, by its kind.
    piece: fn(Role, Side) -> &'static str,
}

const VI: Words = Words {
    title: "Biên bản của trọng tài",
    colon: ": ",
    result: "Kết quả",
    wins: "thắng",
    checkmate: "chiếu hết",
    stalemate: "hết nước đi",
    ruleset: "Luật áp dụng",
    verdict: "Quyết định",
    violator: "Bên vi phạm",
    articles: "Điều luật",
    explanation: "Giải thích",
    moves: "Các nước đi",
    positions: "Các thế cờ của vòng lặp",
    final_position: "Thế cờ cuối",
    rounds_positions: "Các thế cờ của những hiệp nước cấm cuối cùng",
    start: "Thế cờ ban đầu",
    omitted: "lượt không in",
    cycle_legend: "vòng lặp được xét",
    occurrence_legend: "ba lần xuất hiện của thế cờ lặp lại",
    rounds_legend: "chín hiệp nước cấm liên tiếp",
    loss_legend: "nước bị xử thua",
    request_id: "Mã yêu cầu",
    time: "Thời điểm",
    event: "Giải",
    round: "Vòng",
    board: "Bàn",
    red_player: "Bên Đỏ",
    black_player: "Bên Đen",
    arbiter: "Trọng tài",
    date: "Ngày",
    site: "Địa điểm",
    signatures: "Chữ ký",
    key_move: "nước vừa đi",
    key_check: "chiếu (tướng bị chiếu có vòng đỏ)",
    key_chase: "bắt quân không có căn (quân bị bắt khoanh tròn)",
    key_chase_false: "bắt quân có căn giả",
    key_threat: "đe dọa không tính là bắt",
    none: "Không vi phạm",
    must_change: "Phải đổi nước",
    loss: "Xử thua",
    draw: "Hòa",
    red: "Đỏ",
    black: "Đen",
    this_move: "Nước này: ",
    separator: "; ",
    end: ".",
    gives_check: "chiếu",
    threatens_mate: "dọa hết",
    mate_undecided: "chưa xác định được có dọa hết không",
    wins_by_check: "dọa chiếu rút ăn quân",
    pawn_capture_check: "tốt ăn quân làm lộ nước chiếu (tính là bắt)",
    idle: "nhàn",
    not_weighed: "không xét thêm (quyết định không phụ thuộc vào nước này)",
    chases: |piece, sq| format!("bắt {piece} {sq}"),
    because: (" (", ", ", ")"),
    falsely_protected: "căn giả",
    reason: |r| match r {
        ChaseReason::Joint => "bắt phối hợp",
        ChaseReason::ExchangeGain => "đổi quân thì lời",
        ChaseReason::RootCutByExchange => "đổi quân phá căn",
        ChaseReason::RootIntoMate => "ăn lại thì bị chiếu hết",
        ChaseReason::RecaptureLoses => "căn giả: ăn lại thì thiệt",
        ChaseReason::RootFreed => "nước đi giải thoát quân bắt",
        ChaseReason::IntoMate => "ăn thì bị chiếu hết",
        ChaseReason::PinnedCapturer => "quân bắt bị ghim, đổi thì thiệt",
    },
    piece: |role, _| role_vi(role.into()),
};

const EN: Words = Words {
    title: "Arbiter's ruling",
    colon: ": ",
    result: "Result",
    wins: "wins",
    checkmate: "checkmate",
    stalemate: "no legal move",
    ruleset: "Rules",
    verdict: "Verdict",
    violator: "Violator",
    articles: "Articles",
    explanation: "Explanation",
    moves: "Moves",
    positions: "Positions of the cycle",
    final_position: "Final position",
    rounds_positions: "Positions of the last rounds of forbidden moves",
    start: "Start position",
    omitted: "plies not listed",
    cycle_legend: "the judged cycle",
    occurrence_legend: "the three occurrences of the repeated position",
    rounds_legend: "the nine rounds of forbidden moves",
    loss_legend: "the losing move",
    request_id: "Request id",
    time: "Time",
    event: "Event",
    round: "Round",
    board: "Board",
    red_player: "Red",
    black_player: "Black",
    arbiter: "Arbiter",
    date: "Date",
    site: "Site",
    signatures: "Signatures",
    key_move: "the move played",
    key_check: "check (the king in check ringed)",
    key_chase: "chase of an unprotected piece (circled)",
    key_chase_false: "chase of a falsely protected piece",
    key_threat: "threat that is no chase",
    none: "No violation",
    must_change: "Must change",
    loss: "Loss",
    draw: "Draw",
    red: "Red",
    black: "Black",
    this_move: "This move: ",
    separator: "; ",
    end: ".",
    gives_check: "check",
    threatens_mate: "threatens mate",
    mate_undecided: "mate threat undecided",
    wins_by_check: "threatens to win material by check",
    pawn_capture_check: "a pawn's capture that uncovers check (a chase)",
    idle: "idle",
    not_weighed: "not searched further (the verdict does not turn on it)",
    chases: |piece, sq| format!("chases the {piece} {sq}"),
    because: (" (", ", ", ")"),
    falsely_protected: "falsely protected",
    reason: |r| match r {
        ChaseReason::Joint => "a joint chase",
        ChaseReason::ExchangeGain => "won by the exchange",
        ChaseReason::RootCutByExchange => "an exchange cuts its root",
        ChaseReason::RootIntoMate => "its recapture would be mated",
        ChaseReason::RecaptureLoses => "every recapture loses",
        ChaseReason::RootFreed => "the move freed the capturer",
        ChaseReason::IntoMate => "the capture would be mated",
        ChaseReason::PinnedCapturer => "the pinned capturer would lose more",
    },
    // The pieces' English names are the contract's own words.
    piece: |role, _| role.as_str(),
};

const ZH: Words = Words {
    title: "裁决书",
    colon: "：",
    result: "结果",
    wins: "胜",
    checkmate: "将死",
    stalemate: "困毙",
    ruleset: "规则",
    verdict: "裁决",
    violator: "违例方",
    articles: "条款",
    explanation: "说明",
    moves: "着法",
    positions: "循环中的局面",
    final_position: "最后局面",
    rounds_positions: "最后几个回合禁止着法的局面",
    start: "初始局面",
    omitted: "步未列出",
    cycle_legend: "所裁决的循环",
    occurrence_legend: "重复局面的三次出现",
    rounds_legend: "连续九回合禁止着法",
    loss_legend: "判负的一着",
    request_id: "请求编号",
    time: "时间",
    event: "赛事",
    round: "轮次",
    board: "台号",
    red_player: "红方",
    black_player: "黑方",
    arbiter: "裁判",
    date: "日期",
    site: "地点",
    signatures: "签名",
    key_move: "所走的一着",
    key_check: "将军（被将的将帅加红圈）",
    key_chase: "捉无根子（被捉的子加圈）",
    key_chase_false: "捉假根子",
    key_threat: "不算捉的威胁",
    none: "无违例",
    must_change: "必须变着",
    loss: "判负",
    draw: "和棋",
    red: "红方",
    black: "黑方",
    this_move: "本着：",
    separator: "；",
    end: "。",
    gives_check: "将",
    threatens_mate: "杀",
    mate_undecided: "杀着未能判定",
    wins_by_check: "伏抽吃",
    pawn_capture_check: "兵(卒)吃子产生将军（按捉）",
    idle: "闲",
    not_weighed: "未再判定（裁决不取决于此着）",
    chases: |piece, sq| format!("捉{piece}{sq}"),
    because: ("（", "、", "）"),
    falsely_protected: "假根",
    reason: |r| match r {
        ChaseReason::Joint => "联合捉",
        ChaseReason::ExchangeGain => "少根",
        ChaseReason::RootCutByExchange => "以兑断根",
        ChaseReason::RootIntoMate => "反吃被杀",
        ChaseReason::RecaptureLoses => "假根：反吃得不偿失",
        ChaseReason::RootFreed => "解脱根子",
        ChaseReason::IntoMate => "不能离线",
        ChaseReason::PinnedCapturer => "被牵子捉子",
    },
    piece: |role, side| chinese::piece_name(side.into(), role.into()),
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Vi => &VI,
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

/// What the judged move `m` (of the cycle, or of the nine rounds) does, as the ruling found
/// it, in `lang`: its check, mate threat and chases, each chase with the CXA reading that
/// made it one (the answer's `reasons`), or a falsely protected target; else idle, or, under
/// a book that counts mate threats (`mate_threats`), not searched when it has no
/// `mate_threat`.
fn judged_text(m: &CycleMove, lang: Lang, mate_threats: bool) -> String {
    let w = words(lang);
    let mut parts: Vec<String> = Vec::new();
    if m.pawn_capture_check == Some(true) {
        parts.push(w.pawn_capture_check.to_owned());
    } else if m.check {
        parts.push(w.gives_check.to_owned());
    }
    match m.mate_threat {
        Some(MateThreat::Mate) => parts.push(w.threatens_mate.to_owned()),
        Some(MateThreat::Unknown) => parts.push(w.mate_undecided.to_owned()),
        _ => {}
    }
    if m.wins_by_check == Some(true) {
        parts.push(w.wins_by_check.to_owned());
    }
    let chased = match m.side {
        Side::Red => Side::Black,
        Side::Black => Side::Red,
    };
    for c in m.chases.iter().filter(|c| c.kind == ThreatKind::Chase) {
        let mut why: Vec<&str> = c.reasons.iter().flatten().map(|&r| (w.reason)(r)).collect();
        if why.is_empty() && c.protection == Protection::FalseProtection {
            why.push(w.falsely_protected);
        }
        let chase = (w.chases)((w.piece)(c.role, chased), &c.square);
        let (open, join, close) = w.because;
        parts.push(if why.is_empty() {
            chase
        } else {
            format!("{chase}{open}{}{close}", why.join(join))
        });
    }
    if parts.is_empty() {
        let searched = !mate_threats || m.mate_threat.is_some();
        parts.push(if searched { w.idle } else { w.not_weighed }.to_owned());
    }
    format!("{}{}{}", w.this_move, parts.join(w.separator), w.end)
}

fn verdict_word(w: &Words, verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::None => w.none,
        Verdict::MustChange => w.must_change,
        Verdict::Loss => w.loss,
        Verdict::Draw => w.draw,
    }
}

/// `Đỏ thắng (chiếu hết)` / `Red wins (checkmate)` / `红方胜（将死）`.
fn won_by(lang: Lang, over: &GameOver) -> String {
    let w = words(lang);
    let how = match over.reason {
        GameOverReason::Checkmate => w.checkmate,
        GameOverReason::Stalemate => w.stalemate,
    };
    let side = side_word(w, over.winner);
    match lang {
        Lang::Zh => format!("{side}{}（{how}）", w.wins),
        Lang::Vi | Lang::En => format!("{side} {} ({how})", w.wins),
    }
}

fn side_word(w: &Words, side: Side) -> &'static str {
    match side {
        Side::Red => w.red,
        Side::Black => w.black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circled_numbers() {
        assert_eq!([circled(1), circled(2), circled(3)], ['①', '②', '③']);
    }

    /// CXA 26.8: a pawn's capture that uncovers a check is said as the chase it is judged,
    /// not as a check.
    #[test]
    fn a_pawn_capture_uncovering_check_is_said_a_chase() {
        let mut m = CycleMove {
            ply: 1,
            side: Side::Red,
            move_number: 1,
            mv: "e5d5".to_owned(),
            iccs: "e5d5".to_owned(),
            check: true,
            chases: Vec::new(),
            mate_threat: None,
            wins_by_check: None,
            pawn_capture_check: None,
        };
        assert_eq!(judged_text(&m, Lang::En, true), "This move: check.");
        m.pawn_capture_check = Some(true);
        let said = |lang| judged_text(&m, lang, true);
        assert_eq!(
            said(Lang::En),
            "This move: a pawn's capture that uncovers check (a chase)."
        );
        assert_eq!(
            said(Lang::Vi),
            "Nước này: tốt ăn quân làm lộ nước chiếu (tính là bắt)."
        );
        assert_eq!(said(Lang::Zh), "本着：兵(卒)吃子产生将军（按捉）。");
    }
}
