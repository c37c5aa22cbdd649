//! `POST /v1/report`: the ruling on a game as a page an arbiter prints on one A4 sheet and
//! attaches to the tournament record. The page is self-contained (inline CSS, inline SVG
//! diagrams, no script, nothing fetched) and well-formed XML as well as HTML, so that tests
//! read it with an XML parser.
//!
//! It shows the title, the verdict and violator, the articles, the explanation, the moves with
//! their numbers (as the request wrote them, and in ICCS) with the judged cycle highlighted and
//! the three occurrences of the repeated position marked ①②③, the diagrams of the cycle's
//! positions (or of the final position when there is no repetition), and the request id and
//! the time it was made.
//!
//! Languages: `lang` (`vi`, `en`, `zh`) writes the page in that language; without it the page
//! is in Vietnamese, the law's language, with English beside it.

use std::fmt::Write;
use std::time::SystemTime;

use super::answer::{Languages, Localized, Side, Verdict};
use super::arbiter::{Arbiter, Cancel, RuledGame};
use super::diagram::ply_diagram;
use super::error::ApiError;
use super::request::Game;
use super::time::rfc3339;
use crate::adjudication::{Lang, RuleSet};
use crate::diagram::svg::{self, escape};
use crate::diagram::{Diagram, Labels};
use crate::xiangqi::Color;

/// Most diagrams a report shows: the first plies of a longer cycle.
pub const MAX_DIAGRAMS: usize = 6;
/// Most plies a report lists: a longer game is listed around its repetition.
pub const MAX_LISTED_PLIES: usize = 120;
/// Plies listed after the repetition's last one, when the list is cut.
const PLIES_AFTER: usize = 10;

/// What the page is made for: who asked, and when.
#[derive(Debug, Clone, Copy)]
pub struct Stamp<'a> {
    /// The request's id (the `x-request-id` the service answers with).
    pub request_id: &'a str,
    /// When the report was made.
    pub time: SystemTime,
}

/// Rules on the game (a request checked once) and writes the report.
pub fn report_html(
    arbiter: &dyn Arbiter,
    game: &Game,
    stamp: Stamp<'_>,
    cancel: &Cancel,
) -> Result<String, ApiError> {
    let langs = match game.langs {
        Languages::Only(lang) => vec![lang],
        _ => vec![Lang::Vi, Lang::En],
    };
    let ruled = arbiter.rule_game(game, cancel)?;
    Ok(render(&ruled, game.book, &langs, stamp))
}

/// The page for a ruled game, in `langs` (the first one the page's own language).
pub fn render(game: &RuledGame<'_>, ruleset: RuleSet, langs: &[Lang], stamp: Stamp<'_>) -> String {
    let mut out = String::with_capacity(64 * 1024);
    // Writing into a String cannot fail.
    let _ = Page { game, langs }.write(ruleset, stamp, &mut out);
    out
}

struct Page<'a> {
    game: &'a RuledGame<'a>,
    langs: &'a [Lang],
}

const STYLE: &str = "\
@page{size:A4;margin:10mm}\
*{box-sizing:border-box}\
body{font:9pt/1.35 'Noto Sans','Noto Sans CJK SC',sans-serif;color:#111;margin:0 auto;max-width:190mm;padding:4mm}\
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
.legend{font-size:8pt;color:#444}\
.diagrams{display:grid;grid-template-columns:repeat(auto-fill,minmax(42mm,1fr));gap:2mm}\
figure{margin:0;break-inside:avoid}\
figure svg{width:100%;height:auto;display:block}\
figcaption{text-align:center;font-size:8pt}\
footer{margin-top:3mm;border-top:1px solid #999;font-size:8pt;color:#444}\
section{break-inside:avoid}\
@media print{body{padding:0}}";

impl Page<'_> {
    fn write(&self, ruleset: RuleSet, stamp: Stamp<'_>, out: &mut String) -> std::fmt::Result {
        let answer = &self.game.answer;
        let lang = self.langs.first().copied().unwrap_or(Lang::Vi);
        write!(
            out,
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"{}\">\
             <head><meta charset=\"utf-8\"/><title>{}</title><style>{STYLE}</style></head><body>",
            lang.code(),
            escape(&self.words(|w| w.title))
        )?;
        write!(
            out,
            "<header><h1>{}</h1><p class=\"sub\">{}: {}</p></header>",
            escape(&self.words(|w| w.title)),
            escape(&self.words(|w| w.ruleset)),
            escape(&self.each(|l| ruleset.title(l)))
        )?;

        out.push_str("<section class=\"ruling\">");
        write!(
            out,
            "<p class=\"verdict\" data-verdict=\"{}\">{}: {}</p>",
            answer.verdict.as_str(),
            escape(&self.words(|w| w.verdict)),
            escape(&self.words(|w| verdict_word(w, answer.verdict)))
        )?;
        let violator = match answer.violator {
            Some(side) => self.words(|w| side_word(w, side)),
            None => "—".to_owned(),
        };
        write!(
            out,
            "<p class=\"violator\">{}: {}</p>",
            escape(&self.words(|w| w.violator)),
            escape(&violator)
        )?;
        if !answer.articles.is_empty() {
            write!(
                out,
                "<h2>{}</h2><table class=\"articles\">",
                escape(&self.words(|w| w.articles))
            )?;
            for article in &answer.articles {
                write!(
                    out,
                    "<tr data-ref=\"{r}\"><td>{r}</td><td>{}</td><td>{}</td></tr>",
                    escape(&article.label),
                    self.localized(&article.summary),
                    r = escape(&article.reference)
                )?;
            }
            out.push_str("</table>");
        }
        write!(
            out,
            "<h2>{}</h2><div class=\"explanation\">{}</div></section>",
            escape(&self.words(|w| w.explanation)),
            self.paragraphs(&answer.explanation)
        )?;

        self.write_moves(out)?;
        self.write_diagrams(out)?;

        write!(
            out,
            "<footer><p>{}: <code class=\"request-id\">{}</code> · {}: <time datetime=\"{t}\">{t}</time> · xiangqi-arbiter {}</p></footer>",
            escape(&self.words(|w| w.request_id)),
            escape(stamp.request_id),
            escape(&self.words(|w| w.time)),
            env!("CARGO_PKG_VERSION"),
            t = rfc3339(stamp.time)
        )?;
        out.write_str("</body></html>\n")
    }

    /// The move list: one row per move number, Red's move then Black's; the judged cycle
    /// highlighted and the plies after which the repeated position stood marked ①②③.
    fn write_moves(&self, out: &mut String) -> std::fmt::Result {
        let game = self.game;
        let plies = game.plies();
        write!(
            out,
            "<section><h2>{}</h2>",
            escape(&self.words(|w| w.moves))
        )?;
        if plies == 0 {
            write!(out, "<p>—</p></section>")?;
            return Ok(());
        }
        let (first, last) = self.listed_plies();
        let occurrences = self.occurrence_plies();
        let cycle = self.cycle_plies();
        if occurrences.first() == Some(&0) {
            write!(
                out,
                "<p><span class=\"occ\" data-ply=\"0\">①</span> {}</p>",
                escape(&self.words(|w| w.start))
            )?;
        }
        if first > 1 {
            write!(
                out,
                "<p class=\"legend\">… {} {}</p>",
                first - 1,
                escape(&self.words(|w| w.omitted))
            )?;
        }
        out.push_str("<div class=\"moves\"><table>");
        let mut ply = first;
        while ply <= last {
            let (number, side) = self.move_number(ply);
            write!(out, "<tr><td class=\"no\">{number}.</td>")?;
            if side == Color::Black {
                // A row that starts with Black's move: the game started with Black to move, or
                // the list was cut after a Red move.
                out.push_str("<td>…</td>");
            }
            for _ in 0..(if side == Color::Red { 2 } else { 1 }) {
                if ply > last {
                    out.push_str("<td></td>");
                    continue;
                }
                self.write_move_cell(ply, &cycle, &occurrences, out)?;
                ply += 1;
            }
            out.push_str("</tr>");
        }
        out.push_str("</table></div>");
        if last < plies {
            write!(
                out,
                "<p class=\"legend\">… {} {}</p>",
                plies - last,
                escape(&self.words(|w| w.omitted))
            )?;
        }
        if cycle.is_some() {
            write!(
                out,
                "<p class=\"legend\"><span class=\"cycle\">&#160;&#160;&#160;</span> {} · ①②③ {}</p>",
                escape(&self.words(|w| w.cycle_legend)),
                escape(&self.words(|w| w.occurrence_legend))
            )?;
        }
        out.write_str("</section>")
    }

    fn write_move_cell(
        &self,
        ply: usize,
        cycle: &Option<std::ops::RangeInclusive<usize>>,
        occurrences: &[usize],
        out: &mut String,
    ) -> std::fmt::Result {
        let sent = self.game.sent.get(ply - 1).unwrap_or("");
        let iccs = self.game.mv(ply).map(|m| m.to_string()).unwrap_or_default();
        let class = if cycle.as_ref().is_some_and(|c| c.contains(&ply)) {
            " class=\"cycle\""
        } else {
            ""
        };
        write!(
            out,
            "<td{class} data-ply=\"{ply}\"><span class=\"mv\">{}</span>",
            escape(sent)
        )?;
        if sent != iccs {
            write!(out, " <span class=\"iccs\">{iccs}</span>")?;
        }
        if let Some(i) = occurrences.iter().position(|&p| p == ply) {
            write!(
                out,
                " <span class=\"occ\" data-ply=\"{ply}\">{}</span>",
                circled(i + 1)
            )?;
        }
        out.write_str("</td>")
    }

    /// The cycle's positions (at most [`MAX_DIAGRAMS`]), or the final position when no
    /// position repeated.
    fn write_diagrams(&self, out: &mut String) -> std::fmt::Result {
        let game = self.game;
        let cycle: Vec<usize> = match &game.answer.repetition {
            Some(r) => r.cycle.iter().map(|m| m.ply as usize).collect(),
            None => Vec::new(),
        };
        let (heading, plies) = if cycle.is_empty() {
            (self.words(|w| w.final_position), vec![game.plies()])
        } else {
            (
                self.words(|w| w.positions),
                cycle.into_iter().take(MAX_DIAGRAMS).collect(),
            )
        };
        let labels = match self.langs {
            [Lang::Zh] => Labels::Zh,
            [Lang::En] => Labels::En,
            _ => Labels::Vi,
        };
        write!(
            out,
            "<section><h2>{}</h2><div class=\"diagrams\">",
            escape(&heading)
        )?;
        let occurrences = self.occurrence_plies();
        for ply in plies {
            write!(out, "<figure data-ply=\"{ply}\">")?;
            let diagram = Diagram {
                // Ids stay unique in the page.
                id_prefix: format!("p{ply}-"),
                ..ply_diagram(game, ply, labels)
            };
            out.push_str(&svg::render(&diagram));
            out.push_str("<figcaption>");
            if ply == 0 {
                out.push_str(&escape(&self.words(|w| w.start)));
            } else {
                let (number, side) = self.move_number(ply);
                let dots = if side == Color::Black { "…" } else { "" };
                let sent = game.sent.get(ply - 1).unwrap_or("");
                let iccs = game.mv(ply).map(|m| m.to_string()).unwrap_or_default();
                write!(out, "{number}.{dots} {}", escape(sent))?;
                if sent != iccs {
                    write!(out, " ({iccs})")?;
                }
            }
            if let Some(i) = occurrences.iter().position(|&p| p == ply) {
                write!(out, " <span class=\"occ\">{}</span>", circled(i + 1))?;
            }
            out.push_str("</figcaption></figure>");
        }
        out.write_str("</div></section>")
    }

    /// The plies listed, first and last: all of them, or [`MAX_LISTED_PLIES`] ending a little
    /// after the repetition (after the last ply when there is none).
    fn listed_plies(&self) -> (usize, usize) {
        let plies = self.game.plies();
        if plies <= MAX_LISTED_PLIES {
            return (1, plies);
        }
        let last = match &self.game.answer.repetition {
            Some(r) => (r.trigger_ply as usize + PLIES_AFTER).clamp(MAX_LISTED_PLIES, plies),
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

    fn each(&self, text: impl Fn(Lang) -> &'static str) -> String {
        let texts: Vec<&str> = self.langs.iter().map(|&l| text(l)).collect();
        texts.join(" / ")
    }

    /// A text of the answer in the page's languages, escaped: the first plain, the others
    /// greyed beside it.
    fn localized(&self, text: &Localized) -> String {
        let mut out = String::new();
        for (i, lang) in self.langs.iter().enumerate() {
            let t = localized_in(text, *lang);
            if i == 0 {
                out.push_str(&escape(t));
            } else {
                let _ = write!(out, " <span class=\"second\">{}</span>", escape(t));
            }
        }
        out
    }

    /// A longer text of the answer as one paragraph per language.
    fn paragraphs(&self, text: &Localized) -> String {
        let mut out = String::new();
        for (i, lang) in self.langs.iter().enumerate() {
            let class = if i == 0 { "" } else { " class=\"second\"" };
            let _ = write!(
                out,
                "<p{class} lang=\"{}\">{}</p>",
                lang.code(),
                escape(localized_in(text, *lang))
            );
        }
        out
    }
}

fn localized_in(text: &Localized, lang: Lang) -> &str {
    match lang {
        Lang::Vi => &text.vi,
        Lang::En => &text.en,
        Lang::Zh => &text.zh,
    }
}

/// ① to ⑨.
fn circled(n: usize) -> char {
    char::from_u32(0x2460 + n.clamp(1, 20) as u32 - 1).unwrap_or('•')
}

/// The page's own words in one language.
struct Words {
    title: &'static str,
    ruleset: &'static str,
    verdict: &'static str,
    violator: &'static str,
    articles: &'static str,
    explanation: &'static str,
    moves: &'static str,
    positions: &'static str,
    final_position: &'static str,
    start: &'static str,
    omitted: &'static str,
    cycle_legend: &'static str,
    occurrence_legend: &'static str,
    request_id: &'static str,
    time: &'static str,
    none: &'static str,
    must_change: &'static str,
    loss: &'static str,
    draw: &'static str,
    red: &'static str,
    black: &'static str,
}

const VI: Words = Words {
    title: "Biên bản phán quyết",
    ruleset: "Luật áp dụng",
    verdict: "Phán quyết",
    violator: "Bên vi phạm",
    articles: "Điều luật",
    explanation: "Giải thích",
    moves: "Các nước đi",
    positions: "Các thế cờ của chu kỳ",
    final_position: "Thế cờ cuối",
    start: "Thế cờ ban đầu",
    omitted: "nước không in",
    cycle_legend: "chu kỳ được xét",
    occurrence_legend: "ba lần xuất hiện của thế cờ lặp lại",
    request_id: "Mã yêu cầu",
    time: "Thời điểm (UTC)",
    none: "Không vi phạm",
    must_change: "Phải đổi nước",
    loss: "Xử thua",
    draw: "Hòa",
    red: "Đỏ",
    black: "Đen",
};

const EN: Words = Words {
    title: "Ruling on repetition",
    ruleset: "Rules",
    verdict: "Verdict",
    violator: "Violator",
    articles: "Articles",
    explanation: "Explanation",
    moves: "Moves",
    positions: "Positions of the cycle",
    final_position: "Final position",
    start: "Start position",
    omitted: "plies not listed",
    cycle_legend: "the judged cycle",
    occurrence_legend: "the three occurrences of the repeated position",
    request_id: "Request id",
    time: "Time (UTC)",
    none: "No violation",
    must_change: "Must change",
    loss: "Loss",
    draw: "Draw",
    red: "Red",
    black: "Black",
};

const ZH: Words = Words {
    title: "重复局面裁决书",
    ruleset: "规则",
    verdict: "裁决",
    violator: "违例方",
    articles: "条款",
    explanation: "说明",
    moves: "着法",
    positions: "循环中的局面",
    final_position: "最后局面",
    start: "初始局面",
    omitted: "步未列出",
    cycle_legend: "所裁决的循环",
    occurrence_legend: "重复局面的三次出现",
    request_id: "请求编号",
    time: "时间（UTC）",
    none: "无违例",
    must_change: "必须变着",
    loss: "判负",
    draw: "和棋",
    red: "红方",
    black: "黑方",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Vi => &VI,
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

fn verdict_word(w: &Words, verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::None => w.none,
        Verdict::MustChange => w.must_change,
        Verdict::Loss => w.loss,
        Verdict::Draw => w.draw,
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
}
