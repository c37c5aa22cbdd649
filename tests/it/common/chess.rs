//! Chess helpers: squares, moves and positions from text, seeded random games, and
//! mirror images of a position.

use xiangqi_arbiter::xiangqi::{Board, Move, Piece, Position, Square};

/// The square named in ICCS (`"h2"`); panics on anything else.
pub fn sq(text: &str) -> Square {
    Square::from_iccs(text).unwrap_or_else(|| panic!("bad square {text:?}"))
}

/// The move named in ICCS (`"h2e2"`), legal or not; panics on anything else.
pub fn mv(text: &str) -> Move {
    assert_eq!(text.len(), 4, "bad ICCS move {text:?}");
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

/// The position of a FEN; panics, naming the FEN, if it is not one.
pub fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// xorshift64, a tiny reproducible generator, so that tests need no `rand`.
pub struct XorShift(u64);

impl XorShift {
    /// A generator started from `seed` (0, which xorshift would never leave, counts as 1).
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A move drawn uniformly from `moves` (never empty).
pub fn uniform(rng: &mut XorShift, _pos: &Position, moves: &[Move]) -> Move {
    moves[rng.below(moves.len())]
}

/// A random game from the start: the positions it passes through, the start first, `plies + 1`
/// of them unless a mate or stalemate ends it early. `choose` picks each move among the legal
/// ones (`uniform` for no preference); every move is played with the full legality check.
pub fn random_game(
    rng: &mut XorShift,
    plies: usize,
    mut choose: impl FnMut(&mut XorShift, &Position, &[Move]) -> Move,
) -> Vec<Position> {
    let mut pos = Position::new();
    let mut seen = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = choose(rng, &pos, &moves);
        pos.play(m).expect("a generated move is legal");
        seen.push(pos.clone());
    }
    seen
}

/// The position after exactly `plies` uniformly random moves from the start, or `None` if the
/// game ended before.
pub fn random_position(rng: &mut XorShift, plies: usize) -> Option<Position> {
    let mut game = random_game(rng, plies, uniform);
    (game.len() == plies + 1).then(|| game.pop().expect("the start at least"))
}

/// `pos` with every piece moved to `square(from)`, the colours of the pieces and of the side
/// to move swapped if `swap_colours`; the counters are kept.
fn mapped(pos: &Position, square: fn(Square) -> Square, swap_colours: bool) -> Position {
    let mut setup = pos.to_setup();
    let mut board = Board::empty();
    for (sq, p) in setup.board.pieces() {
        let color = if swap_colours {
            p.color.other()
        } else {
            p.color
        };
        board.set(square(sq), Some(Piece::new(color, p.role)));
    }
    setup.board = board;
    if swap_colours {
        setup.turn = setup.turn.other();
    }
    Position::from_setup(setup).expect("a mirror image of a legal position is legal")
}

/// The colour mirror: the board flipped top to bottom and the colours swapped, so Red's
/// pieces stand where Black's stood. Moves map by `Square::mirror_rank`.
pub fn mirror_colours(pos: &Position) -> Position {
    mapped(pos, Square::mirror_rank, true)
}

/// The same position seen from the other side: the board turned by 180 degrees and the
/// colours swapped. Moves map by `Move::rotate`.
pub fn rotate(pos: &Position) -> Position {
    mapped(pos, Square::rotate, true)
}

/// The left-right mirror image: files a..i become i..a, colours unchanged. Moves map by
/// `Move::mirror_file`.
pub fn mirror_files(pos: &Position) -> Position {
    mapped(pos, Square::mirror_file, false)
}

/// A random legal position, then a two-move cycle played back and forth
/// until its first position has occurred three times (plus a little more).
pub fn cycle_game(seed: u64, walk: usize, extra: usize) -> Option<(Position, Vec<Move>)> {
    let mut rng = XorShift::new(seed);
    let mut pos = random_position(&mut rng, walk)?;
    let start = pos.clone();
    let quiet = |p: &Position| -> Vec<Move> {
        p.legal_moves()
            .into_iter()
            .filter(|m| p.piece_at(m.to).is_none())
            .collect()
    };
    let qa = quiet(&pos);
    let a = *qa.get(rng.below(qa.len()))?;
    let after_a = pos.after(a);
    let qb = quiet(&after_a);
    let b = *qb.get(rng.below(qb.len()))?;
    let cycle = [a, b, Move::new(a.to, a.from), Move::new(b.to, b.from)];
    let mut moves = Vec::new();
    for i in 0..8 + extra {
        let m = cycle[i % 4];
        if !pos.is_legal(m) {
            return None;
        }
        pos.play_unchecked(m);
        moves.push(m);
    }
    Some((start, moves))
}
