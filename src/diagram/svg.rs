//! The one board painter: a [`Diagram`] as an SVG document.
//!
//! The drawing is deterministic (the same diagram gives the same bytes, so tests keep golden
//! files) and self-contained (its own `<style>`, no fonts or images to fetch). Its ids and
//! classes are a contract with the pages that show it:
//! - the root `<svg class="xq-board">` carries `data-fen`, `data-flip` and `data-lang`;
//! - each of the 90 points has a transparent hit target `<rect id="sq-e3" class="sq"
//!   data-square="e3">` covering the cell around it;
//! - each piece is `<g id="pc-e3" class="pc red rook" data-square="e3" data-piece="R">`;
//! - each arrow is `<g class="arrow chase" data-from="a0" data-to="a7">`, each mark
//!   `<g class="mark chased" data-square="a7">`.
//!
//! Colour is never the only difference: Red's pieces are light discs with a double ring,
//! Black's are dark discs; each arrow kind has its own dash pattern.

use std::fmt::Write;

use super::{Arrow, Diagram, Mark, MarkKind};
use crate::xiangqi::{Color, Square};

/// Distance between two lines of the board.
const CELL: i32 = 50;
/// Room around the board's lines, for the file numbers.
const MARGIN: i32 = 60;
/// Distance of the file numbers from the drawing's edge: clear of the pieces on the edge ranks.
const NUMBER_INSET: i32 = 18;
/// Width of the drawing.
pub const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
/// Height of the drawing.
pub const HEIGHT: i32 = 2 * MARGIN + 9 * CELL;
/// Radius of a piece's disc.
const PIECE_RADIUS: i32 = 22;

/// The drawing's own style: every rule is under `.xq-board`, so that several drawings and the
/// page around them can share a document.
const STYLE: &str = "\
.xq-board{font-family:'Noto Sans CJK SC','Noto Sans SC','Noto Sans',sans-serif}\
.xq-board .bg{fill:#f3dfb3}\
.xq-board .grid{fill:none;stroke:#5a4020;stroke-width:1.2}\
.xq-board .frame{fill:none;stroke:#5a4020;stroke-width:3}\
.xq-board .river,.xq-board .fileno{fill:#5a4020;text-anchor:middle;dominant-baseline:central}\
.xq-board .river{font-size:22px}\
.xq-board .fileno{font-size:16px}\
.xq-board .sq{fill:transparent}\
.xq-board .pc .disc{stroke-width:2}\
.xq-board .pc text{font-size:24px;font-weight:bold;text-anchor:middle;dominant-baseline:central}\
.xq-board .pc text.short{font-size:18px}\
.xq-board .red .disc{fill:#fbf3e4;stroke:#b3261e}\
.xq-board .red .ring{fill:none;stroke:#b3261e;stroke-width:1}\
.xq-board .red text{fill:#b3261e}\
.xq-board .black .disc{fill:#262626;stroke:#000}\
.xq-board .black text{fill:#f4f1ea}\
.xq-board .arrow,.xq-board .mark{pointer-events:none}\
.xq-board .arrow line{stroke-width:5;stroke-linecap:round;opacity:.85}\
.xq-board .arrow polygon{opacity:.85}\
.xq-board .arrow.move line{stroke:#1f5fa8}.xq-board .arrow.move polygon{fill:#1f5fa8}\
.xq-board .arrow.check line{stroke:#b3261e;stroke-dasharray:16 6}.xq-board .arrow.check polygon{fill:#b3261e}\
.xq-board .arrow.chase line{stroke:#d9730d;stroke-dasharray:10 6}.xq-board .arrow.chase polygon{fill:#d9730d}\
.xq-board .arrow.chase-false line{stroke:#7b3fa0;stroke-dasharray:3 6}.xq-board .arrow.chase-false polygon{fill:#7b3fa0}\
.xq-board .arrow.threat-true line{stroke:#2e7d32;stroke-dasharray:10 5 3 5}.xq-board .arrow.threat-true polygon{fill:#2e7d32}\
.xq-board .arrow.illegal line{stroke:#222;stroke-dasharray:6 4}.xq-board .arrow.illegal polygon{fill:#222}\
.xq-board .mark.chased circle{fill:none;stroke:#d9730d;stroke-width:3;stroke-dasharray:5 3}\
.xq-board .mark.selected rect{fill:none;stroke:#1f5fa8;stroke-width:3}\
.xq-board .mark.dest circle{fill:#1f5fa8;opacity:.7}\
.xq-board .mark.illegal line{stroke:#b3261e;stroke-width:4;stroke-linecap:round}\
.xq-board .mark.occurrence polygon{fill:#7b3fa0}\
.xq-board .mark.check circle{fill:none;stroke:#b3261e;stroke-width:5}";

/// The diagram as a standalone SVG document (no XML declaration, so that it can also be
/// inserted into an HTML page as it is).
pub fn render(d: &Diagram) -> String {
    let mut out = String::with_capacity(24 * 1024);
    // Writing into a String cannot fail.
    let _ = write_svg(d, &mut out);
    out
}

fn write_svg(d: &Diagram, out: &mut String) -> std::fmt::Result {
    let geo = Geometry { flip: d.flip };
    write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"xq-board\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         role=\"img\" aria-label=\"{}: {}\" data-fen=\"{}\" data-flip=\"{}\" data-lang=\"{}\">",
        escape(d.labels.title()),
        escape(&d.fen),
        escape(&d.fen),
        d.flip,
        d.labels.code()
    )?;
    write!(out, "<style>{STYLE}</style>")?;
    write!(
        out,
        "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\"/>"
    )?;
    write_grid(out)?;
    write_labels(d, &geo, out)?;
    let prefix = escape(&d.id_prefix);
    for sq in Square::all() {
        let (x, y) = geo.point(sq);
        write!(
            out,
            "<rect id=\"{prefix}sq-{n}\" class=\"sq\" data-square=\"{n}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
            x - CELL / 2,
            y - CELL / 2,
            n = sq.name()
        )?;
    }
    for (sq, piece) in d.board.pieces() {
        let (x, y) = geo.point(sq);
        let color = piece.color.name();
        write!(
            out,
            "<g id=\"{prefix}pc-{n}\" class=\"pc {color} {role}\" data-square=\"{n}\" data-piece=\"{letter}\">",
            n = sq.name(),
            role = piece.role.name(),
            letter = piece.fen_char(),
        )?;
        write!(
            out,
            "<circle class=\"disc\" cx=\"{x}\" cy=\"{y}\" r=\"{PIECE_RADIUS}\"/>"
        )?;
        if piece.color == Color::Red {
            write!(
                out,
                "<circle class=\"ring\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                PIECE_RADIUS - 4
            )?;
        }
        let label = d.labels.piece(piece);
        let class = if label.chars().count() > 1 {
            " class=\"short\""
        } else {
            ""
        };
        write!(
            out,
            "<text{class} x=\"{x}\" y=\"{y}\">{}</text></g>",
            escape(label)
        )?;
    }
    for mark in &d.marks {
        write_mark(mark, &geo, out)?;
    }
    for arrow in &d.arrows {
        write_arrow(arrow, &geo, out)?;
    }
    out.write_str("</svg>")
}

/// Where the points are drawn: Red at the bottom, or Black when flipped.
struct Geometry {
    flip: bool,
}

impl Geometry {
    /// The drawing coordinates of a point.
    fn point(&self, sq: Square) -> (i32, i32) {
        let (file, rank) = (i32::from(sq.file()), i32::from(sq.rank()));
        let (column, row) = if self.flip {
            (8 - file, rank)
        } else {
            (file, 9 - rank)
        };
        (MARGIN + column * CELL, MARGIN + row * CELL)
    }

    /// The height of the file numbers of the side at the bottom, and of the one at the top.
    fn number_rows(&self) -> [(Color, i32); 2] {
        let (bottom, top) = (HEIGHT - NUMBER_INSET, NUMBER_INSET);
        if self.flip {
            [(Color::Black, bottom), (Color::Red, top)]
        } else {
            [(Color::Red, bottom), (Color::Black, top)]
        }
    }
}

/// The lines: ranks, files (broken by the river but for the edges), the palaces' diagonals,
/// the marks of the cannons' and pawns' points, and the frame. The board is the same seen from
/// either side, so the grid does not depend on the flip.
fn write_grid(out: &mut String) -> std::fmt::Result {
    let x = |column: i32| MARGIN + column * CELL;
    let y = |row: i32| MARGIN + row * CELL;
    out.write_str("<path class=\"grid\" d=\"")?;
    for row in 0..10 {
        write!(out, "M{} {}H{}", x(0), y(row), x(8))?;
    }
    for column in 1..8 {
        write!(
            out,
            "M{c} {}V{}M{c} {}V{}",
            y(0),
            y(4),
            y(5),
            y(9),
            c = x(column)
        )?;
    }
    // The palaces: rows 0-2 and 7-9, columns 3-5.
    for (top, bottom) in [(0, 2), (7, 9)] {
        write!(
            out,
            "M{} {}L{} {}M{} {}L{} {}",
            x(3),
            y(top),
            x(5),
            y(bottom),
            x(5),
            y(top),
            x(3),
            y(bottom)
        )?;
    }
    // The points where cannons and pawns start, marked by small corners.
    let points = [(1, 2), (7, 2), (1, 7), (7, 7)]
        .into_iter()
        .chain([0, 2, 4, 6, 8].into_iter().flat_map(|c| [(c, 3), (c, 6)]));
    for (column, row) in points {
        let (cx, cy) = (x(column), y(row));
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            if (column == 0 && dx < 0) || (column == 8 && dx > 0) {
                continue;
            }
            let (px, py) = (cx + 4 * dx, cy + 4 * dy);
            write!(out, "M{} {py}H{px}V{}", px + 8 * dx, py + 8 * dy)?;
        }
    }
    out.write_str("\"/>")?;
    write!(
        out,
        "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        x(0),
        y(0),
        8 * CELL,
        9 * CELL
    )
}

/// The river's words and each side's file numbers along its own edge.
fn write_labels(d: &Diagram, geo: &Geometry, out: &mut String) -> std::fmt::Result {
    let (left, right) = d.labels.river();
    let river = MARGIN + 9 * CELL / 2;
    write!(
        out,
        "<text class=\"river\" x=\"{}\" y=\"{river}\">{}</text>",
        MARGIN + 2 * CELL,
        escape(left)
    )?;
    write!(
        out,
        "<text class=\"river\" x=\"{}\" y=\"{river}\">{}</text>",
        MARGIN + 6 * CELL,
        escape(right)
    )?;
    for (color, y) in geo.number_rows() {
        for file in 0..9u8 {
            let sq = Square::new(file, 0).expect("files 0-8 are on the board");
            write!(
                out,
                "<text class=\"fileno {}\" x=\"{}\" y=\"{y}\">{}</text>",
                color.name(),
                geo.point(sq).0,
                d.labels.file_number(color, file)
            )?;
        }
    }
    Ok(())
}

fn write_mark(mark: &Mark, geo: &Geometry, out: &mut String) -> std::fmt::Result {
    let (x, y) = geo.point(mark.square);
    write!(
        out,
        "<g class=\"mark {}\" data-square=\"{}\">",
        mark.kind.as_str(),
        mark.square
    )?;
    match mark.kind {
        MarkKind::Chased => write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            PIECE_RADIUS + 4
        )?,
        MarkKind::Selected => write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\"/>",
            x - CELL / 2 + 2,
            y - CELL / 2 + 2,
            s = CELL - 4
        )?,
        MarkKind::Dest => write!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\"/>")?,
        MarkKind::Check => write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            PIECE_RADIUS + 3
        )?,
        MarkKind::Illegal => write!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            x - 12,
            y - 12,
            x + 12,
            y + 12,
            x - 12,
            y + 12,
            x + 12,
            y - 12
        )?,
        MarkKind::Occurrence => {
            let (cx, cy) = (x + 19, y - 19);
            write!(
                out,
                "<polygon points=\"{cx},{} {},{cy} {cx},{} {},{cy}\"/>",
                cy - 6,
                cx + 6,
                cy + 6,
                cx - 6
            )?
        }
    }
    out.write_str("</g>")
}

/// An arrow from near the centre of its first square to near the edge of the piece on its
/// last, with a triangular head.
fn write_arrow(arrow: &Arrow, geo: &Geometry, out: &mut String) -> std::fmt::Result {
    let (x1, y1) = geo.point(arrow.from);
    let (x2, y2) = geo.point(arrow.to);
    let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
    let length = dx.hypot(dy);
    // Squares differ (parsing refuses an arrow to its own square); stay safe regardless.
    let (ux, uy) = if length > 0.0 {
        (dx / length, dy / length)
    } else {
        (0.0, -1.0)
    };
    let at = |x: i32, y: i32, along: f64, across: f64| {
        (
            f64::from(x) + ux * along - uy * across,
            f64::from(y) + uy * along + ux * across,
        )
    };
    let start = at(x1, y1, 12.0, 0.0);
    let tip = at(x2, y2, -10.0, 0.0);
    let base = at(x2, y2, -24.0, 0.0);
    let wing1 = at(x2, y2, -26.0, 9.0);
    let wing2 = at(x2, y2, -26.0, -9.0);
    write!(
        out,
        "<g class=\"arrow {}\" data-from=\"{}\" data-to=\"{}\">\
         <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>\
         <polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"/></g>",
        arrow.kind.as_str(),
        arrow.from,
        arrow.to,
        start.0,
        start.1,
        base.0,
        base.1,
        tip.0,
        tip.1,
        wing1.0,
        wing1.1,
        wing2.0,
        wing2.1,
    )
}

/// `text` with the five characters XML reserves escaped, for element text and attributes.
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Position;

    #[test]
    fn escape_covers_the_reserved_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert!(matches!(
            escape("plain"),
            std::borrow::Cow::Borrowed("plain")
        ));
    }

    #[test]
    fn every_kind_has_its_style() {
        for kind in super::super::ArrowKind::ALL {
            assert!(
                STYLE.contains(&format!(".arrow.{} line", kind.as_str())),
                "{kind:?}"
            );
        }
        for kind in MarkKind::ALL {
            assert!(
                STYLE.contains(&format!(".mark.{} ", kind.as_str())),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn flipping_turns_the_board_half_round() {
        let (plain, flipped) = (Geometry { flip: false }, Geometry { flip: true });
        for sq in Square::all() {
            let (x, y) = plain.point(sq);
            assert_eq!(flipped.point(sq), (WIDTH - x, HEIGHT - y), "{sq}");
        }
    }

    #[test]
    fn the_start_has_a_piece_group_per_piece_and_a_target_per_point() {
        let svg = render(&Diagram::of(&Position::new()));
        assert_eq!(svg.matches("class=\"sq\"").count(), 90);
        assert_eq!(svg.matches("<g id=\"pc-").count(), 32);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"xq-board\""));
    }
}
