//! Games built to make the repetition analysis work hard, all within the
//! request limits (at most 1,024 plies): long walks forward and back whose
//! positions come back out of step with any judged cycle, in an open
//! position and in a crowded one. Shared by `benches/rules.rs` and
//! `tests/it/linear_cost.rs`.

use std::collections::HashSet;

use xiangqi_arbiter::xiangqi::{Move, Position, Role};

/// A hostile game: its start and moves.
pub struct Game {
    pub name: &'static str,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// Every hostile game, each 1,024 plies long.
pub fn all() -> Vec<Game> {
    vec![
        walk(
            "rooks_walk",
            "4k4/9/n8/9/9/9/9/9/9/R2K4R w - - 0 1",
            &[Role::Rook, Role::King],
        ),
        walk(
            "crowded_walk",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            &[
                Role::Rook,
                Role::Horse,
                Role::Cannon,
                Role::Pawn,
                Role::King,
                Role::Advisor,
                Role::Elephant,
            ],
        ),
        walk(
            "contact_walk",
            "2bak4/4a4/2n1b1n2/p1p1c1p1p/2r3R2/2P3p2/P3C3P/2N1B1N2/4A4/3AK1B2 w - - 0 1",
            &[
                Role::Rook,
                Role::Horse,
                Role::Cannon,
                Role::King,
                Role::Advisor,
                Role::Elephant,
            ],
        ),
    ]
}

/// Red walks a path of 128 moves of the `roles` given, each to a position
/// not seen before, without capturing or checking, while Black shuffles
/// one piece out and back; then Red walks the path back, and the whole
/// round is played twice: 1,024 plies. From the third pass on nearly every
/// ply is a third occurrence out of step with the cycle judged before it.
fn walk(name: &'static str, fen: &str, roles: &[Role]) -> Game {
    const STEPS: usize = 128;
    let start = Position::from_fen(fen).expect("a legal start");
    let shuffle = black_shuffle(&start);
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut pos = start.clone();
    let mut seen = HashSet::from([pos.key()]);
    let mut path: Vec<Move> = Vec::new();
    let mut stuck = 0;
    while path.len() < STEPS {
        let black = if path.len().is_multiple_of(2) {
            shuffle.0
        } else {
            shuffle.1
        };
        let candidates: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let piece = pos.piece_at(m.from).expect("a piece");
                if !roles.contains(&piece.role) || pos.piece_at(m.to).is_some() {
                    return false;
                }
                let after = pos.after(m);
                !after.is_check()
                    && after.is_legal(black)
                    && after.piece_at(black.to).is_none()
                    && !after.after(black).is_check()
                    && !seen.contains(&after.key())
                    && !seen.contains(&after.after(black).key())
                    // The way back must be open with Black's piece where it
                    // will then stand.
                    && after.after(black).is_legal(Move::new(m.to, m.from))
            })
            .collect();
        if candidates.is_empty() {
            // Back up one step and try another branch.
            stuck += 1;
            assert!(stuck < 10_000, "{name}: no walk found");
            path.pop().expect("the start has a way out");
            pos = replay_path(&start, &path, shuffle);
            continue;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = candidates[(state % candidates.len() as u64) as usize];
        pos.play_unchecked(m);
        seen.insert(pos.key());
        pos.play_unchecked(black);
        seen.insert(pos.key());
        path.push(m);
    }
    let mut moves = Vec::with_capacity(8 * STEPS);
    for _ in 0..2 {
        for (i, &m) in path.iter().enumerate() {
            moves.push(m);
            moves.push(if i % 2 == 0 { shuffle.0 } else { shuffle.1 });
        }
        for (i, &m) in path.iter().rev().enumerate() {
            moves.push(Move::new(m.to, m.from));
            moves.push(if i % 2 == 0 { shuffle.0 } else { shuffle.1 });
        }
    }
    Game { name, start, moves }
}

/// The position after Red's `path` with Black shuffling in between.
fn replay_path(start: &Position, path: &[Move], shuffle: (Move, Move)) -> Position {
    let mut pos = start.clone();
    for (i, &m) in path.iter().enumerate() {
        pos.play_unchecked(m);
        pos.play_unchecked(if i % 2 == 0 { shuffle.0 } else { shuffle.1 });
    }
    pos
}

/// A black piece that can step out and back: a horse, else an advisor or
/// the king. Returns the move out and the move back.
fn black_shuffle(start: &Position) -> (Move, Move) {
    let black = start.pass();
    [Role::Horse, Role::Advisor, Role::King]
        .iter()
        .find_map(|&role| {
            black.legal_moves().into_iter().find(|&m| {
                black.piece_at(m.from).is_some_and(|p| p.role == role)
                    && black.piece_at(m.to).is_none()
                    && black.after(m).pass().is_legal(Move::new(m.to, m.from))
            })
        })
        .map(|m| (m, Move::new(m.to, m.from)))
        .expect("Black has a piece to shuffle")
}
