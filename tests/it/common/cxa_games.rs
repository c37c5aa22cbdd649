//! Games of our own under the CXA 2020 book that several test files rule, one copy each.

/// A lone rook checks from ever new squares; the king, with its advisor, never lets a
/// position come back: no repetition, nine rounds of checks (参考图8's rule).
pub const NINE_ROUNDS_FEN: &str = "3k5/4a4/9/9/9/9/9/9/9/R4K3 w - - 0 1";
pub const NINE_ROUNDS: [&str; 17] = [
    "a0a9", "d9d8", "a9a8", "d8d9", "a8d8", "d9e9", "d8e8", "e9d9", "e8d8", "d9e9", "d8d9", "e9e8",
    "d9e9", "e8d8", "e9e8", "d8d7", "e8e7",
];
/// After the nine rounds, the king steps and the rook checks again: the refusal to change.
pub const NINE_ROUNDS_REFUSED: [&str; 2] = ["d7d8", "e7d7"];

/// CXA 26.8: the pawn takes the horse d5 and uncovers the rook's check (a chase), then the
/// rook checks eight times from ever new squares: nine rounds of forbidden moves, a mix.
pub const PAWN_CHECK_FEN: &str = "4k4/9/9/9/3nP4/9/9/4R4/9/3K5 w - - 0 1";
pub const PAWN_CHECK_MOVES: [&str; 17] = [
    "e5d5", "e9f9", "e2e9", "f9f8", "e9f9", "f8e8", "f9f8", "e8e7", "f8f7", "e7e8", "f7e7", "e8d8",
    "e7d7", "d8e8", "d7d8", "e8e9", "d8e8",
];

/// The nine rounds followed by `tail`.
pub fn nine_rounds_then<'a>(tail: &[&'a str]) -> Vec<&'a str> {
    NINE_ROUNDS.iter().chain(tail).copied().collect()
}
