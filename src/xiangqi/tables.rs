//! Precomputed geometry: where each kind of piece can go from each square,
//! and which square must be empty for it to get there (a horse's leg, an
//! elephant's eye). Built at compile time so move generation only reads.

use super::types::{Color, Square};

/// Up to eight destinations, each with the square it must pass through
/// (the leg or eye; the destination itself where nothing is in between).
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    to: [u8; 8],
    via: [u8; 8],
    len: u8,
}

impl Steps {
    const EMPTY: Steps = Steps {
        to: [0; 8],
        via: [0; 8],
        len: 0,
    };

    const fn push(mut self, to: u8, via: u8) -> Steps {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }

    /// `(destination, square that must be empty)` pairs.
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(move |i| {
            (
                Square::from_index_unchecked(self.to[i]),
                Square::from_index_unchecked(self.via[i]),
            )
        })
    }
}

/// The squares met walking from a square to the edge, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    squares: [u8; 9],
    len: u8,
}

impl Ray {
    const EMPTY: Ray = Ray {
        squares: [0; 9],
        len: 0,
    };

    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index_unchecked(i))
    }
}

/// The four orthogonal directions as (file, rank) steps: up (towards Black),
/// down, right, left. Up and down are indices 0 and 1.
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn file_of(i: usize) -> i8 {
    (i % 9) as i8
}

const fn rank_of(i: usize) -> i8 {
    (i / 9) as i8
}

const fn on_board(f: i8, r: i8) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn index(f: i8, r: i8) -> u8 {
    (r * 9 + f) as u8
}

const fn in_palace(f: i8, r: i8) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn same_half(r1: i8, r2: i8) -> bool {
    (r1 <= 4) == (r2 <= 4)
}

const fn build_rays() -> [[Ray; 4]; 90] {
    let mut rays = [[Ray::EMPTY; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
            while on_board(f, r) {
                let ray = &mut rays[sq][d];
                ray.squares[ray.len as usize] = index(f, r);
                ray.len += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Each ray of [`build_rays`] as a bit set (bit `i` for square index `i`).
const fn build_ray_masks() -> [[u128; 4]; 90] {
    let rays = build_rays();
    let mut masks = [[0; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &rays[sq][d];
            let mut i = 0;
            while i < ray.len as usize {
                masks[sq][d] |= 1 << ray.squares[i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    masks
}

/// For each pair of squares `(a, b)`, the ray of [`build_rays`] from `a`
/// that passes through `b`, or [`NO_RAY`].
const fn build_ray_through() -> [[u8; 90]; 90] {
    let rays = build_rays();
    let mut table = [[NO_RAY; 90]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &rays[sq][d];
            let mut i = 0;
            while i < ray.len as usize {
                table[sq][ray.squares[i] as usize] = d as u8;
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// For each square, its four rays together: the king's lines.
const fn build_lines() -> [u128; 90] {
    let masks = build_ray_masks();
    let mut lines = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        lines[sq] = masks[sq][0] | masks[sq][1] | masks[sq][2] | masks[sq][3];
        sq += 1;
    }
    lines
}

const fn build_king_neighbourhood() -> [u128; 90] {
    let lines = build_lines();
    let legs = step_squares(&build_horse_attackers(), true);
    let mut sets = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        sets[sq] = lines[sq] | legs[sq];
        sq += 1;
    }
    sets
}

/// For each king's square and each square, what a move touching the square
/// can change for the king: the ray through it ([`RAY_THROUGH`]'s 0 to 3),
/// [`TOUCH_LEG`] for the leg of a horse's attack on the king, else
/// [`TOUCH_NONE`]. Legs are the king's diagonal neighbours, never on its rays.
const fn build_king_touch() -> [[u8; 90]; 90] {
    let rays = build_ray_through();
    let legs = step_squares(&build_horse_attackers(), true);
    let mut table = [[TOUCH_NONE; 90]; 90];
    let mut k = 0;
    while k < 90 {
        let mut sq = 0;
        while sq < 90 {
            table[k][sq] = if rays[k][sq] != NO_RAY {
                rays[k][sq]
            } else if legs[k] & (1 << sq) != 0 {
                TOUCH_LEG
            } else {
                TOUCH_NONE
            };
            sq += 1;
        }
        k += 1;
    }
    table
}

const fn build_palaces() -> [u128; 2] {
    let mut palaces = [0; 2];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (file_of(sq), rank_of(sq));
        if in_palace(f, r) {
            palaces[if r <= 2 { 0 } else { 1 }] |= 1 << sq;
        }
        sq += 1;
    }
    palaces
}

const fn build_horse_leg_offsets() -> [i8; 39] {
    let mut offsets = [0; 39];
    let mut j = 0;
    while j < 8 {
        let (df, dr) = HORSE_JUMPS[j];
        let (lf, lr) = horse_leg(df, dr);
        offsets[(dr * 9 + df + 19) as usize] = lr * 9 + lf;
        j += 1;
    }
    offsets
}

const fn build_square_bits() -> [u128; 90] {
    let mut bits = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        bits[sq] = 1 << sq;
        sq += 1;
    }
    bits
}

/// A table of [`Steps`] as one bit set per square: of the destinations, or
/// of the squares passed through if `vias`.
const fn step_squares(table: &[Steps; 90], vias: bool) -> [u128; 90] {
    let mut sets = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut i = 0;
        while i < table[sq].len as usize {
            let step = if vias {
                table[sq].via[i]
            } else {
                table[sq].to[i]
            };
            sets[sq] |= 1 << step;
            i += 1;
        }
        sq += 1;
    }
    sets
}

/// For each square, the squares from which a pawn of each colour captures
/// on it (the reverse of the pawn table).
const fn build_pawn_sources() -> [[u128; 90]; 2] {
    let tables = [build_pawn_moves(true), build_pawn_moves(false)];
    let mut sources = [[0; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let steps = &tables[c][from];
            let mut i = 0;
            while i < steps.len as usize {
                sources[c][steps.to[i] as usize] |= 1 << from;
                i += 1;
            }
            from += 1;
        }
        c += 1;
    }
    sources
}

/// The horse's eight jumps as (file, rank) offsets.
const HORSE_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg of a jump: one step along its long side, next to the horse.
const fn horse_leg(df: i8, dr: i8) -> (i8, i8) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

const fn build_horse_moves() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut j = 0;
        while j < 8 {
            let (df, dr) = HORSE_JUMPS[j];
            let (f, r) = (file_of(sq) + df, rank_of(sq) + dr);
            if on_board(f, r) {
                let (lf, lr) = horse_leg(df, dr);
                table[sq] = table[sq].push(index(f, r), index(file_of(sq) + lf, rank_of(sq) + lr));
            }
            j += 1;
        }
        sq += 1;
    }
    table
}

/// For each target, the squares a horse attacks it from, with that horse's leg.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut j = 0;
        while j < 8 {
            let (df, dr) = HORSE_JUMPS[j];
            let (hf, hr) = (file_of(sq) - df, rank_of(sq) - dr);
            if on_board(hf, hr) {
                let (lf, lr) = horse_leg(df, dr);
                table[sq] = table[sq].push(index(hf, hr), index(hf + lf, hr + lr));
            }
            j += 1;
        }
        sq += 1;
    }
    table
}

const fn build_elephant_moves() -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let df: i8 = if d % 2 == 0 { 2 } else { -2 };
            let dr: i8 = if d < 2 { 2 } else { -2 };
            let (f, r) = (file_of(sq) + df, rank_of(sq) + dr);
            // An elephant never crosses the river.
            if on_board(f, r) && same_half(rank_of(sq), r) {
                let eye = index(file_of(sq) + df / 2, rank_of(sq) + dr / 2);
                table[sq] = table[sq].push(index(f, r), eye);
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

const fn build_palace_steps(diagonal: bool) -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        if in_palace(file_of(sq), rank_of(sq)) {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = if diagonal {
                    (if d % 2 == 0 { 1 } else { -1 }, if d < 2 { 1 } else { -1 })
                } else {
                    DIRECTIONS[d]
                };
                let (f, r) = (file_of(sq) + df, rank_of(sq) + dr);
                if on_board(f, r) && in_palace(f, r) && same_half(rank_of(sq), r) {
                    table[sq] = table[sq].push(index(f, r), index(f, r));
                }
                d += 1;
            }
        }
        sq += 1;
    }
    table
}

const fn build_pawn_moves(red: bool) -> [Steps; 90] {
    let mut table = [Steps::EMPTY; 90];
    let forward: i8 = if red { 1 } else { -1 };
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (file_of(sq), rank_of(sq));
        if on_board(f, r + forward) {
            table[sq] = table[sq].push(index(f, r + forward), index(f, r + forward));
        }
        let crossed = if red { r >= 5 } else { r <= 4 };
        if crossed {
            if f > 0 {
                table[sq] = table[sq].push(index(f - 1, r), index(f - 1, r));
            }
            if f < 8 {
                table[sq] = table[sq].push(index(f + 1, r), index(f + 1, r));
            }
        }
        sq += 1;
    }
    table
}

pub(crate) static RAYS: [[Ray; 4]; 90] = build_rays();
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = build_ray_masks();
/// `RAY_THROUGH[a][b]`: which ray from `a` (0 up, 1 down, 2 right, 3 left)
/// passes through `b`; [`NO_RAY`] if `b` is on neither line of `a`.
pub(crate) static RAY_THROUGH: [[u8; 90]; 90] = build_ray_through();
/// The entry of [`RAY_THROUGH`] for squares on no common line.
pub(crate) const NO_RAY: u8 = 4;
/// `KING_TOUCH[k][sq]`: what a move touching `sq` can change for a king on
/// `k` (see [`build_king_touch`]): one byte, where the sets of
/// [`KING_NEIGHBOURHOOD`] take two 128-bit tests.
pub(crate) static KING_TOUCH: [[u8; 90]; 90] = build_king_touch();
/// The entry of [`KING_TOUCH`] for a square off the king's rays and legs.
pub(crate) const TOUCH_NONE: u8 = NO_RAY;
/// The entry of [`KING_TOUCH`] for the leg of a horse's attack on the king.
pub(crate) const TOUCH_LEG: u8 = NO_RAY + 1;
/// Each square's bit: one load, where a 128-bit shift takes several
/// instructions and a branch.
pub(crate) static SQUARE_BITS: [u128; 90] = build_square_bits();
/// Bit sets for quick rejection: the king's lines, and the squares from
/// which a horse (legs aside) or a pawn of each colour attacks a square.
pub(crate) static LINES: [u128; 90] = build_lines();
pub(crate) static HORSE_SOURCES: [u128; 90] = step_squares(&build_horse_attackers(), false);
/// The legs of the horse attacks on a square: its diagonal neighbours.
pub(crate) static HORSE_ATTACK_LEGS: [u128; 90] = step_squares(&build_horse_attackers(), true);
pub(crate) static PAWN_SOURCES: [[u128; 90]; 2] = build_pawn_sources();
/// Each colour's palace, as a square set.
pub(crate) static PALACES: [u128; 2] = build_palaces();
/// For a horse's jump from one square to another `d` squares further (the
/// difference of their indices, 19 added), how far from the horse its leg
/// stands: one rank up or down for the long jumps up and down, one file
/// across for the others (0 where no jump has that difference).
pub(crate) static HORSE_LEG_OFFSETS: [i8; 39] = build_horse_leg_offsets();
/// The squares a pawn of each colour moves to from a square.
pub(crate) static PAWN_TARGETS: [[u128; 90]; 2] = [
    step_squares(&build_pawn_moves(true), false),
    step_squares(&build_pawn_moves(false), false),
];
/// The squares where a move's change of occupancy can matter to a king on a
/// square: its lines and the legs of the horse attacks on it. A move
/// touching none of them changes no attack on that king but its own piece's.
pub(crate) static KING_NEIGHBOURHOOD: [u128; 90] = build_king_neighbourhood();
/// The squares an elephant, advisor or king could reach a square from (their
/// moves are their own reverse), eyes aside.
pub(crate) static ELEPHANT_SOURCES: [u128; 90] = step_squares(&build_elephant_moves(), false);
pub(crate) static ADVISOR_SOURCES: [u128; 90] = step_squares(&build_palace_steps(true), false);
pub(crate) static KING_SOURCES: [u128; 90] = step_squares(&build_palace_steps(false), false);
pub(crate) static HORSE_MOVES: [Steps; 90] = build_horse_moves();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static ELEPHANT_MOVES: [Steps; 90] = build_elephant_moves();
pub(crate) static ADVISOR_MOVES: [Steps; 90] = build_palace_steps(true);
pub(crate) static KING_MOVES: [Steps; 90] = build_palace_steps(false);
pub(crate) static PAWN_MOVES: [[Steps; 90]; 2] = [build_pawn_moves(true), build_pawn_moves(false)];

/// The pawn moves of `color` from `sq`: forward, and sideways once across the river.
#[inline]
pub(crate) fn pawn_moves(color: Color, sq: Square) -> &'static Steps {
    &PAWN_MOVES[color.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_iccs(s).unwrap()
    }

    fn targets(steps: &Steps) -> Vec<String> {
        let mut v: Vec<String> = steps.iter().map(|(to, _)| to.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn horse_jumps_and_legs() {
        let from = sq("b0");
        let mut moves: Vec<(String, String)> = HORSE_MOVES[from.index()]
            .iter()
            .map(|(to, leg)| (to.to_string(), leg.to_string()))
            .collect();
        moves.sort();
        assert_eq!(
            moves,
            [("a2", "b1"), ("c2", "b1"), ("d1", "c0")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        // The reverse table names the same legs.
        let attackers: Vec<(String, String)> = HORSE_ATTACKERS[sq("c2").index()]
            .iter()
            .map(|(h, leg)| (h.to_string(), leg.to_string()))
            .filter(|(h, _)| h == "b0")
            .collect();
        assert_eq!(attackers, [("b0".to_string(), "b1".to_string())]);
    }

    #[test]
    fn elephants_stay_home_and_palace_pieces_stay_inside() {
        assert_eq!(targets(&ELEPHANT_MOVES[sq("c4").index()]), ["a2", "e2"]);
        assert_eq!(targets(&ELEPHANT_MOVES[sq("g5").index()]), ["e7", "i7"]);
        assert_eq!(targets(&ADVISOR_MOVES[sq("d0").index()]), ["e1"]);
        assert_eq!(
            targets(&ADVISOR_MOVES[sq("e8").index()]),
            ["d7", "d9", "f7", "f9"]
        );
        assert_eq!(targets(&KING_MOVES[sq("e0").index()]), ["d0", "e1", "f0"]);
        assert_eq!(targets(&KING_MOVES[sq("d2").index()]), ["d1", "e2"]);
    }

    #[test]
    fn pawns_go_sideways_only_after_the_river() {
        assert_eq!(targets(pawn_moves(Color::Red, sq("c3"))), ["c4"]);
        assert_eq!(
            targets(pawn_moves(Color::Red, sq("c5"))),
            ["b5", "c6", "d5"]
        );
        assert_eq!(targets(pawn_moves(Color::Red, sq("a9"))), ["b9"]);
        assert_eq!(
            targets(pawn_moves(Color::Black, sq("e4"))),
            ["d4", "e3", "f4"]
        );
    }

    #[test]
    fn the_ray_through_a_square_is_the_one_that_reaches_it() {
        for a in Square::all() {
            for b in Square::all() {
                let d = RAY_THROUGH[a.index()][b.index()];
                let on = (0..4).find(|&d| RAYS[a.index()][d].iter().any(|s| s == b));
                assert_eq!(on.map_or(NO_RAY, |d| d as u8), d, "{a} {b}");
            }
        }
    }

    #[test]
    fn rays_run_to_the_edge() {
        let up: Vec<String> = RAYS[sq("e7").index()][0]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(up, ["e8", "e9"]);
        assert_eq!(RAYS[sq("a0").index()][3].iter().count(), 0);
        assert_eq!(RAYS[sq("a0").index()][2].iter().count(), 8);
    }
}
