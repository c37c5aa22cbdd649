//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth.
//! It checks move generation against published counts.

use super::position::Position;
use super::types::Move;

/// Counts the leaves of the legal-move tree `depth` plies deep. At depth 1
/// the moves are counted, not played ("bulk counting").
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// Perft split by first move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth.saturating_sub(1))))
        .collect()
}
