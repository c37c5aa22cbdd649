//! Attacks: which squares a piece reaches on a board, who attacks a square,
//! whether a king is attacked (now or after a move, without playing it), and
//! which moves could expose a king. Questions asked of a
//! [`Board`]; nothing here changes one.

use super::board::Board;
use super::square_set::{RayPieces, SquareSet, bit};
use super::tables::{
    ADVISOR_MOVES, ADVISOR_SOURCES, ELEPHANT_MOVES, ELEPHANT_SOURCES, HORSE_ATTACK_LEGS,
    HORSE_ATTACKERS, HORSE_MOVES, HORSE_SOURCES, KING_MOVES, KING_NEIGHBOURHOOD, KING_SOURCES,
    KING_TOUCH, LINES, NO_RAY, PAWN_SOURCES, PAWN_TARGETS, RAY_MASKS, RAY_THROUGH, RAYS, Steps,
    TOUCH_LEG, TOUCH_NONE, pawn_moves,
};
use super::types::{Color, Piece, Role, Square};

/// What a move did to a king that was safe before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exposure {
    /// The king is still not attacked.
    Safe,
    /// The king now faces the other king on an open file.
    Facing,
    /// The king is attacked by another piece.
    Attacked,
}

/// Every square `piece` on `from` could move to on some board, ignoring
/// blocks, legs, eyes and checks: a superset of its moves, for rejecting at
/// once a piece with no enemy within reach. Every move relation but the
/// pawn's is its own reverse, so the attackers' tables serve.
#[inline(always)]
pub(crate) fn reach(piece: Piece, from: Square) -> u128 {
    let f = from.index();
    match piece.role {
        Role::Rook | Role::Cannon => LINES[f],
        Role::Horse => HORSE_SOURCES[f],
        Role::Elephant => ELEPHANT_SOURCES[f],
        Role::Advisor => ADVISOR_SOURCES[f],
        Role::King => KING_SOURCES[f],
        Role::Pawn => PAWN_TARGETS[piece.color.index()][f],
    }
}

impl Board {
    /// `color`'s pieces that attack along a file or rank: its rooks, its
    /// cannons and its king (which attacks the other king it faces).
    #[inline(always)]
    pub(crate) fn line_attackers(&self, color: Color) -> u128 {
        self.occupied_by(color).0
            & (self.by_role(Role::Rook) | self.by_role(Role::Cannon) | self.by_role(Role::King))
    }

    /// The occupied squares along ray `d` of [`RAYS`] from `sq` (0 up, 1 down,
    /// 2 right, 3 left), nearest first, found from the occupancy bits
    /// without visiting the empty squares.
    #[inline]
    pub(crate) fn ray_pieces(&self, sq: Square, d: usize) -> RayPieces {
        RayPieces {
            bits: self.occupied().0 & RAY_MASKS[sq.index()][d],
            rising: d.is_multiple_of(2),
        }
    }

    /// How many pieces stand strictly between `a` and `b`, two different
    /// squares on one file or rank: the plain definition, which tests hold
    /// [`occupied_between`](Self::occupied_between) to.
    #[cfg(test)]
    pub(crate) fn pieces_between(&self, a: Square, b: Square) -> u32 {
        use std::cmp::Ordering;
        let d = match (b.file().cmp(&a.file()), b.rank().cmp(&a.rank())) {
            (Ordering::Equal, Ordering::Greater) => 0,
            (Ordering::Equal, _) => 1,
            (Ordering::Greater, _) => 2,
            _ => 3,
        };
        let from_b_on = RAY_MASKS[b.index()][d] | bit(b);
        (self.ray_pieces(a, d).bits & !from_b_on).count_ones()
    }

    /// The occupied squares strictly between `a` and `b`, or `None` if they
    /// are not two different squares on one file or rank. One table look-up
    /// names the ray from `a` through `b`; the squares from `a` up to `b`
    /// are that ray less `b`'s own ray onwards, less `b`. A set, not a count:
    /// the callers only ask "none" or "exactly one", which are cheaper than
    /// counting 128 bits.
    #[inline(always)]
    pub(crate) fn occupied_between(&self, a: Square, b: Square) -> Option<SquareSet> {
        let d = RAY_THROUGH[a.index()][b.index()];
        if d == NO_RAY {
            return None;
        }
        let d = usize::from(d);
        let between = RAY_MASKS[a.index()][d] & !RAY_MASKS[b.index()][d] & !bit(b);
        Some(SquareSet(self.occupied().0 & between))
    }

    /// True if `sq` is a square and `piece` stands on it.
    #[inline]
    fn holds(&self, sq: Option<Square>, piece: Piece) -> bool {
        sq.is_some_and(|sq| self.piece_at(sq) == Some(piece))
    }

    /// True if `color`'s king on `king` is attacked: by a rook, cannon, horse
    /// or pawn of the other side, or by the other king along an open file
    /// (the flying-general rule, Article 4 of the law).
    #[inline]
    pub fn king_attacked(&self, king: Square, color: Color) -> bool {
        self.king_attacked_on(king, color, self.occupied().0, 0)
    }

    /// [`king_attacked`](Self::king_attacked) on the board after `color`
    /// moves the piece on `from` to `to`, without playing the move: for
    /// legality tests, which would otherwise copy the board. `king` is where
    /// `color`'s king stands after the move.
    #[inline]
    pub(crate) fn king_attacked_after(
        &self,
        from: Square,
        to: Square,
        king: Square,
        color: Color,
    ) -> bool {
        let (from_bit, to_bit) = (bit(from), bit(to));
        let occupied = (self.occupied().0 & !from_bit) | to_bit;
        // Whatever enemy piece stood on `to` has been taken.
        self.king_attacked_on(king, color, occupied, to_bit)
    }

    /// False only if moving a piece from `from` to `to` cannot put the king
    /// on `king`, not attacked before, under attack by `them`'s pieces other
    /// than the moved one; asked of the board before or after the move. A
    /// move changes the occupancy on exactly those two squares. Filling a
    /// square only blocks, except as a cannon's screen on the king's file or
    /// rank; emptying one can open that file or rank, or a horse's leg next
    /// to the king. So only a touched line with a rook, cannon or king of
    /// `them` on it, or a vacated leg with one of their horses behind it,
    /// needs the full test.
    #[inline(always)]
    pub(crate) fn move_may_change_attack(
        &self,
        from: Square,
        to: Square,
        king: Square,
        them: Color,
    ) -> bool {
        let k = king.index();
        let from_bit = bit(from);
        let touched = from_bit | bit(to);
        // Most moves are far from the king: one test settles them.
        if touched & KING_NEIGHBOURHOOD[k] == 0 {
            return false;
        }
        let sliders = self.line_attackers(them);
        let [up, down, right, left] = RAY_MASKS[k];
        let opens_line = |line: u128| line & touched != 0 && line & sliders != 0;
        opens_line(up | down)
            || opens_line(right | left)
            || (HORSE_ATTACK_LEGS[k] & from_bit != 0
                && self.squares_of(them, Role::Horse).0 & HORSE_SOURCES[k] != 0)
    }

    /// On the board after a move from `from` to `to` that did not move
    /// `color`'s king on `king`, when that king was not attacked before the
    /// move: whether the move exposed it, and how. Only the king's rays
    /// through the two touched squares and a horse behind a vacated leg can
    /// have changed, so only those are looked at: the full test looks at
    /// every line and every horse and pawn.
    #[inline(always)]
    pub(crate) fn exposure_after_move(
        &self,
        from: Square,
        to: Square,
        king: Square,
        color: Color,
    ) -> Exposure {
        let k = king.index();
        let (at_from, at_to) = (KING_TOUCH[k][from.index()], KING_TOUCH[k][to.index()]);
        // Filling a horse's leg only blocks: most moves touch neither a line
        // of the king nor a leg they leave.
        if at_from == TOUCH_NONE && at_to >= TOUCH_NONE {
            return Exposure::Safe;
        }
        let them = color.other();
        let theirs = self.occupied_by(them).0;
        let cannons = theirs & self.by_role(Role::Cannon);
        // Emptying `from` can only open its ray to a rook, cannon or king
        // beyond it.
        let from_changed = at_from < NO_RAY
            && RAY_MASKS[from.index()][usize::from(at_from)] & self.line_attackers(them) != 0;
        // Filling `to` can only give a cannon beyond it a screen, or put one
        // of their sliders (the moved piece) on the ray.
        let to_changed = at_to < NO_RAY
            && (RAY_MASKS[to.index()][usize::from(at_to)] & cannons != 0
                || self.piece_at(to).is_some_and(|p| {
                    p.color == them && matches!(p.role, Role::Rook | Role::Cannon | Role::King)
                }));
        let mut exposure = Exposure::Safe;
        let changed_rays = [
            (at_from, from_changed || (to_changed && at_to == at_from)),
            (at_to, to_changed && at_to != at_from),
        ];
        for (d, changed) in changed_rays {
            if changed {
                // Facing kings are named before any other attack.
                match self.ray_threat(king, usize::from(d), them) {
                    Exposure::Facing => return Exposure::Facing,
                    Exposure::Attacked => exposure = Exposure::Attacked,
                    Exposure::Safe => {}
                }
            }
        }
        if exposure == Exposure::Safe
            && at_from == TOUCH_LEG
            && self.squares_of(them, Role::Horse).0 & HORSE_SOURCES[k] != 0
            && HORSE_ATTACKERS[k].iter().any(|(horse, leg)| {
                leg == from && self.holds(Some(horse), Piece::new(them, Role::Horse))
            })
        {
            exposure = Exposure::Attacked;
        }
        exposure
    }

    /// What `them`'s pieces on ray `d` from `king` do to it: a rook (or, on
    /// a file, the other king) first on the ray, or a cannon second.
    #[inline(always)]
    fn ray_threat(&self, king: Square, d: usize, them: Color) -> Exposure {
        let mut line = self.ray_pieces(king, d);
        let Some(first) = line.next() else {
            return Exposure::Safe;
        };
        match self.piece_at(first) {
            Some(p) if p == Piece::new(them, Role::Rook) => return Exposure::Attacked,
            Some(p) if d < 2 && p == Piece::new(them, Role::King) => return Exposure::Facing,
            _ => {}
        }
        match line.next() {
            Some(second) if self.piece_at(second) == Some(Piece::new(them, Role::Cannon)) => {
                Exposure::Attacked
            }
            _ => Exposure::Safe,
        }
    }

    /// The attack test on this board's pieces, with `occupied` as the
    /// occupancy and the enemy pieces on `taken` removed.
    #[inline]
    fn king_attacked_on(&self, king: Square, color: Color, occupied: u128, taken: u128) -> bool {
        let them = color.other();
        let k = king.index();
        let of = |role: Role| self.squares_of(them, role).0 & !taken;
        // Each kind of attacker is looked for only where one of the enemy's
        // pieces of that kind stands on a square it could attack from.
        if of(Role::Pawn) & PAWN_SOURCES[them.index()][k] != 0 {
            return true;
        }
        let horses = of(Role::Horse);
        if horses & HORSE_SOURCES[k] != 0
            && HORSE_ATTACKERS[k]
                .iter()
                .any(|(from, leg)| horses & bit(from) != 0 && occupied & bit(leg) == 0)
        {
            return true;
        }
        // A rook with nothing between, the other king face to face on the
        // file, or a cannon with exactly one screen.
        let (rooks, kings, cannons) = (of(Role::Rook), of(Role::King), of(Role::Cannon));
        if (rooks | kings | cannons) & LINES[k] == 0 {
            return false;
        }
        RAY_MASKS[k].iter().enumerate().any(|(d, mask)| {
            let takes_first = if d < 2 { rooks | kings } else { rooks };
            if (takes_first | cannons) & mask == 0 {
                return false;
            }
            let mut line = RayPieces {
                bits: occupied & mask,
                rising: d % 2 == 0,
            };
            let first = line.next().map_or(0, bit);
            let second = line.next().map_or(0, bit);
            first & takes_first != 0 || second & cannons != 0
        })
    }

    /// Where a move of `color` could expose its king on `king`, as two sets:
    /// squares whose piece may not leave without a check test (it shields
    /// the king from a rook, a cannon, the other king or a horse), and
    /// squares a piece may not land on without one (between the king and an
    /// enemy cannon with nothing in between: the piece would be its screen).
    /// Every other move of a piece other than the king is safe when the king
    /// is not in check.
    pub(crate) fn exposure(&self, king: Square, color: Color) -> (SquareSet, SquareSet) {
        let them = color.other();
        let mut leaving = SquareSet::EMPTY;
        let mut landing = SquareSet::EMPTY;
        let is = |sq: Option<Square>, role: Role| self.holds(sq, Piece::new(them, role));
        for (d, ray) in RAYS[king.index()].iter().enumerate() {
            let mut occupied = self.ray_pieces(king, d);
            let (p1, p2, p3) = (occupied.next(), occupied.next(), occupied.next());
            let Some(first) = p1 else { continue };
            // Leaving the first piece opens the line to the second (a rook, or
            // the other king on a file) or makes the third a cannon's target.
            if is(p2, Role::Rook) || (d < 2 && is(p2, Role::King)) || is(p3, Role::Cannon) {
                leaving.insert(first);
            }
            // Leaving the second piece leaves a cannon behind it with a screen.
            if let Some(second) = p2
                && is(p3, Role::Cannon)
            {
                leaving.insert(second);
            }
            // Landing before a cannon that has no screen gives it one.
            if is(p1, Role::Cannon) {
                for sq in ray.iter().take_while(|&sq| sq != first) {
                    landing.insert(sq);
                }
            }
        }
        let horse = Piece::new(them, Role::Horse);
        for (from, leg) in HORSE_ATTACKERS[king.index()].iter() {
            if self.piece_at(from) == Some(horse) {
                leaving.insert(leg);
            }
        }
        (leaving, landing)
    }

    /// True if the two kings stand on one file with nothing between them.
    pub fn kings_face(&self, red_king: Square, black_king: Square) -> bool {
        self.kings_face_on(red_king, black_king, self.occupied().0)
    }

    /// [`kings_face`](Self::kings_face) after the piece on `from` moves to
    /// `to`, without playing the move; the kings' squares are after it.
    #[inline]
    pub(crate) fn kings_face_after(
        &self,
        from: Square,
        to: Square,
        red_king: Square,
        black_king: Square,
    ) -> bool {
        let occupied = (self.occupied().0 & !bit(from)) | bit(to);
        self.kings_face_on(red_king, black_king, occupied)
    }

    #[inline]
    fn kings_face_on(&self, red_king: Square, black_king: Square, occupied: u128) -> bool {
        // Red's king stands lower in a legal position, but a setup being
        // validated may have them the other way round.
        let (low, high) = if red_king < black_king {
            (red_king, black_king)
        } else {
            (black_king, red_king)
        };
        let between = RAY_MASKS[low.index()][0] & RAY_MASKS[high.index()][1];
        low.file() == high.file() && low != high && occupied & between == 0
    }

    /// Calls `visit` with every square the piece on `from` could move to by
    /// its own rules, ignoring checks: empty squares and enemy pieces.
    #[inline]
    pub fn for_each_target(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let own = piece.color;
        let free = |sq: Square| self.piece_at(sq).is_none_or(|p| p.color != own);
        match piece.role {
            Role::Rook => {
                for ray in &RAYS[from.index()] {
                    for sq in ray.iter() {
                        match self.piece_at(sq) {
                            None => visit(sq),
                            Some(p) => {
                                if p.color != own {
                                    visit(sq);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Role::Cannon => {
                for ray in &RAYS[from.index()] {
                    let mut screened = false;
                    for sq in ray.iter() {
                        match (screened, self.piece_at(sq)) {
                            (false, None) => visit(sq),
                            (false, Some(_)) => screened = true,
                            (true, None) => {}
                            (true, Some(p)) => {
                                if p.color != own {
                                    visit(sq);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            Role::Horse => {
                for (to, leg) in HORSE_MOVES[from.index()].iter() {
                    if self.is_empty(leg) && free(to) {
                        visit(to);
                    }
                }
            }
            Role::Elephant => {
                for (to, eye) in ELEPHANT_MOVES[from.index()].iter() {
                    if self.is_empty(eye) && free(to) {
                        visit(to);
                    }
                }
            }
            Role::Advisor | Role::King | Role::Pawn => {
                let steps = match piece.role {
                    Role::Advisor => &ADVISOR_MOVES[from.index()],
                    Role::King => &KING_MOVES[from.index()],
                    _ => pawn_moves(own, from),
                };
                for (to, _) in steps.iter() {
                    if free(to) {
                        visit(to);
                    }
                }
            }
        }
    }

    /// The squares of `color`'s pieces that could capture, by their own rules
    /// and ignoring checks, an enemy piece standing on `target` (whatever
    /// stands there now): its attackers, or its defenders if it is
    /// `color`'s. Found from the target outwards (every move relation is
    /// symmetric or has a reverse table), so the cost does not grow with the
    /// number of pieces.
    pub fn attackers(&self, target: Square, color: Color) -> SquareSet {
        let t = target.index();
        let of = |role: Role| self.squares_of(color, role);
        let mut found = SquareSet(of(Role::Pawn).0 & PAWN_SOURCES[color.index()][t]);
        let (rooks, cannons) = (of(Role::Rook).0, of(Role::Cannon).0);
        for (d, mask) in RAY_MASKS[t].iter().enumerate() {
            if (rooks | cannons) & mask == 0 {
                continue;
            }
            let mut line = self.ray_pieces(target, d);
            let first = line.next().map_or(0, bit);
            let second = line.next().map_or(0, bit);
            found.0 |= (first & rooks) | (second & cannons);
        }
        // Advisors and kings are never blocked; horses and elephants are
        // looked for only among those within reach, then their leg or eye.
        found.0 |= of(Role::Advisor).0 & ADVISOR_SOURCES[t] | of(Role::King).0 & KING_SOURCES[t];
        found.0 |= self.unblocked(of(Role::Horse).0 & HORSE_SOURCES[t], &HORSE_ATTACKERS[t])
            | self.unblocked(
                of(Role::Elephant).0 & ELEPHANT_SOURCES[t],
                &ELEPHANT_MOVES[t],
            );
        found
    }

    /// The squares of `pieces` that are the source of one of `steps` whose
    /// leg or eye is empty.
    #[inline]
    fn unblocked(&self, pieces: u128, steps: &Steps) -> u128 {
        if pieces == 0 {
            return 0;
        }
        let mut found = 0;
        for (from, between) in steps.iter() {
            if pieces & bit(from) != 0 && self.is_empty(between) {
                found |= bit(from);
            }
        }
        found
    }

    /// Calls `visit` with every enemy-occupied square the piece on `from`
    /// could capture on by its own rules, ignoring checks: the captures of
    /// [`for_each_target`](Self::for_each_target), without walking the
    /// empty squares of rook and cannon lines.
    #[inline]
    pub fn for_each_capture(&self, from: Square, piece: Piece, mut visit: impl FnMut(Square)) {
        let enemy = |sq: Square| self.piece_at(sq).is_some_and(|p| p.color != piece.color);
        match piece.role {
            Role::Rook | Role::Cannon => {
                // A rook takes the first piece on a line, a cannon the second.
                let skip = usize::from(piece.role == Role::Cannon);
                let enemies = self.occupied_by(piece.color.other()).0;
                for (d, ray) in RAY_MASKS[from.index()].iter().enumerate() {
                    // Most rays hold no enemy piece at all.
                    if ray & enemies == 0 {
                        continue;
                    }
                    if let Some(sq) = self.ray_pieces(from, d).nth(skip)
                        && enemy(sq)
                    {
                        visit(sq);
                    }
                }
            }
            _ => self.for_each_target(from, piece, |sq| {
                if enemy(sq) {
                    visit(sq);
                }
            }),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::xiangqi::Position;

    /// Positions of a few seeded random games: openings, middle games and
    /// endings with open lines.
    pub(in crate::xiangqi) fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        for seed in 1..=12u64 {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut pos = Position::new();
            for _ in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                pos.play(moves[(state % moves.len() as u64) as usize])
                    .expect("generated moves are legal");
                out.push(pos.clone());
            }
        }
        out
    }

    /// Every move of the side to move's pieces by their own rules.
    fn pseudo_moves(pos: &Position) -> Vec<(Square, Square, Piece)> {
        let board = pos.board();
        let mut out = Vec::new();
        for from in board.occupied_by(pos.turn()) {
            let piece = board.piece_at(from).expect("occupied");
            board.for_each_target(from, piece, |to| out.push((from, to, piece)));
        }
        out
    }

    #[test]
    fn the_attack_test_after_a_move_equals_the_test_on_the_played_board() {
        for pos in positions() {
            let color = pos.turn();
            for (from, to, piece) in pseudo_moves(&pos) {
                let king = if piece.role == Role::King {
                    to
                } else {
                    pos.king(color)
                };
                let mut played = *pos.board();
                played.shift(from, to);
                assert_eq!(
                    pos.board().king_attacked_after(from, to, king, color),
                    played.king_attacked(king, color),
                    "{pos} {from}{to}"
                );
                let (red, black) = match color {
                    Color::Red => (king, pos.king(Color::Black)),
                    Color::Black => (pos.king(Color::Red), king),
                };
                assert_eq!(
                    pos.board().kings_face_after(from, to, red, black),
                    played.kings_face(red, black),
                    "{pos} {from}{to}"
                );
            }
        }
    }

    #[test]
    fn the_exposure_after_a_move_equals_the_full_tests() {
        let mut exposed = 0;
        for pos in positions() {
            // Either side's king, as long as it is safe before the move: the
            // mover's (legality) and the other's (check given).
            for (from, to, piece) in pseudo_moves(&pos) {
                let mut played = *pos.board();
                played.shift(from, to);
                // The full tests, without the moved piece's own attack (a
                // horse's or a pawn's, which the caller tests): an advisor
                // blocks the same lines and legs and attacks no king.
                let mut blocking = played;
                if matches!(piece.role, Role::Horse | Role::Pawn) {
                    blocking.set(to, Some(Piece::new(piece.color, Role::Advisor)));
                }
                for color in Color::ALL {
                    let king = pos.king(color);
                    if piece.role == Role::King || pos.board().king_attacked(king, color) {
                        continue;
                    }
                    let (red, black) = (pos.king(Color::Red), pos.king(Color::Black));
                    let want = if blocking.kings_face(red, black) {
                        Exposure::Facing
                    } else if blocking.king_attacked(king, color) {
                        Exposure::Attacked
                    } else {
                        Exposure::Safe
                    };
                    let got = played.exposure_after_move(from, to, king, color);
                    assert_eq!(got, want, "{pos} {from}{to} {color}");
                    exposed += usize::from(want != Exposure::Safe);
                }
            }
        }
        assert!(exposed > 100, "the positions expose kings ({exposed})");
    }

    #[test]
    fn occupied_between_counts_as_pieces_between() {
        for pos in positions().into_iter().step_by(7) {
            let board = pos.board();
            for a in Square::all() {
                for b in Square::all() {
                    let on_line = a != b && (a.file() == b.file() || a.rank() == b.rank());
                    let want = on_line.then(|| board.pieces_between(a, b));
                    let got = board.occupied_between(a, b).map(SquareSet::count);
                    assert_eq!(got, want, "{pos} {a}{b}");
                }
            }
        }
    }

    #[test]
    fn a_move_the_filter_passes_attacks_no_king_that_was_safe() {
        let mut filtered = 0;
        for pos in positions() {
            let color = pos.turn();
            let king = pos.king(color);
            if pos.board().king_attacked(king, color) {
                continue;
            }
            for (from, to, piece) in pseudo_moves(&pos) {
                if piece.role == Role::King
                    || pos
                        .board()
                        .move_may_change_attack(from, to, king, color.other())
                {
                    continue;
                }
                filtered += 1;
                let mut played = *pos.board();
                played.shift(from, to);
                assert!(!played.king_attacked(king, color), "{pos} {from}{to}");
            }
        }
        assert!(filtered > 1000, "the filter skips most moves ({filtered})");
    }
}
