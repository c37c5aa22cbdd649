//! A legal position: the board, the side to move and the counters, with the
//! rules of movement. Built only from a valid [`Setup`], so everything
//! downstream can trust it.

use std::fmt;

use arrayvec::ArrayVec;

use super::attacks::{Exposure, reach};
use super::board::Board;
use super::movegen;
use super::setup::{Setup, SetupError};
use super::square_set::SquareSet;
use super::tables::{HORSE_ATTACKERS, HORSE_LEG_OFFSETS, HORSE_SOURCES, PALACES, PAWN_SOURCES};
use super::types::{Color, Move, Piece, Role, Square};
use super::zobrist;

/// The legal moves of a position, on the stack. No position has more than
/// about 120 moves (two rooks and two cannons with 17 each, and the rest).
pub type MoveList = ArrayVec<Move, 128>;

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMoveReason {
    /// No piece stands on the from-square.
    NoPiece,
    /// The piece on the from-square belongs to the side not to move.
    OpponentPiece,
    /// The to-square holds a piece of the mover's own side.
    OwnPieceOnTarget,
    /// The piece does not move that way (wrong direction or distance).
    NotThisWay,
    /// A king or advisor would leave its palace.
    OutOfPalace,
    /// An elephant would cross the river.
    ElephantCrossesRiver,
    /// A pawn would move sideways before crossing the river, or backwards.
    PawnNotAcrossRiver,
    /// A rook's or cannon's path is blocked.
    PathBlocked,
    /// A cannon captures only by jumping exactly one screen.
    CannonNeedsOneScreen,
    /// The horse's leg (the point next to it) is occupied.
    HorseLegBlocked,
    /// The elephant's eye (the point between) is occupied.
    ElephantEyeBlocked,
    /// The move would leave (or put) the mover's own king in check.
    LeavesKingInCheck,
    /// The move would leave the two kings facing each other on an open file.
    KingsFacing,
    /// The game is already over: the side to move is checkmated or
    /// stalemated (Article 7.1.a, 7.1.b) and has no move at all.
    GameOver,
}

impl IllegalMoveReason {
    /// A stable snake_case code for clients.
    pub const fn code(self) -> &'static str {
        match self {
            IllegalMoveReason::NoPiece => "no_piece",
            IllegalMoveReason::OpponentPiece => "opponent_piece",
            IllegalMoveReason::OwnPieceOnTarget => "own_piece_on_target",
            IllegalMoveReason::NotThisWay => "not_this_way",
            IllegalMoveReason::OutOfPalace => "out_of_palace",
            IllegalMoveReason::ElephantCrossesRiver => "elephant_crosses_river",
            IllegalMoveReason::PawnNotAcrossRiver => "pawn_not_across_river",
            IllegalMoveReason::PathBlocked => "path_blocked",
            IllegalMoveReason::CannonNeedsOneScreen => "cannon_needs_one_screen",
            IllegalMoveReason::HorseLegBlocked => "horse_leg_blocked",
            IllegalMoveReason::ElephantEyeBlocked => "elephant_eye_blocked",
            IllegalMoveReason::LeavesKingInCheck => "leaves_king_in_check",
            IllegalMoveReason::KingsFacing => "kings_facing",
            IllegalMoveReason::GameOver => "game_over",
        }
    }

    /// Every reason, for documentation and tests.
    pub const ALL: [IllegalMoveReason; 14] = [
        IllegalMoveReason::NoPiece,
        IllegalMoveReason::OpponentPiece,
        IllegalMoveReason::OwnPieceOnTarget,
        IllegalMoveReason::NotThisWay,
        IllegalMoveReason::OutOfPalace,
        IllegalMoveReason::ElephantCrossesRiver,
        IllegalMoveReason::PawnNotAcrossRiver,
        IllegalMoveReason::PathBlocked,
        IllegalMoveReason::CannonNeedsOneScreen,
        IllegalMoveReason::HorseLegBlocked,
        IllegalMoveReason::ElephantEyeBlocked,
        IllegalMoveReason::LeavesKingInCheck,
        IllegalMoveReason::KingsFacing,
        IllegalMoveReason::GameOver,
    ];
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMoveReason::NoPiece => "there is no piece on the from-square",
            IllegalMoveReason::OpponentPiece => "the piece on the from-square is not the mover's",
            IllegalMoveReason::OwnPieceOnTarget => {
                "the to-square holds one of the mover's own pieces"
            }
            IllegalMoveReason::NotThisWay => "the piece cannot move that way",
            IllegalMoveReason::OutOfPalace => "the piece cannot leave the palace",
            IllegalMoveReason::ElephantCrossesRiver => "an elephant cannot cross the river",
            IllegalMoveReason::PawnNotAcrossRiver => {
                "a pawn moves sideways only after crossing the river, and never backwards"
            }
            IllegalMoveReason::PathBlocked => "the path is blocked",
            IllegalMoveReason::CannonNeedsOneScreen => {
                "a cannon captures only by jumping exactly one piece"
            }
            IllegalMoveReason::HorseLegBlocked => "the horse's leg is blocked",
            IllegalMoveReason::ElephantEyeBlocked => "the elephant's eye is blocked",
            IllegalMoveReason::LeavesKingInCheck => "the move leaves the mover's king in check",
            IllegalMoveReason::KingsFacing => "the move leaves the kings facing each other",
            IllegalMoveReason::GameOver => {
                "the game is over: the side to move is checkmated or stalemated"
            }
        })
    }
}

/// The point halfway between `a` and `b`, two squares an even number of
/// files and of ranks apart.
#[inline]
fn midpoint(a: Square, b: Square) -> Square {
    Square::from_index_unchecked(((a.index() + b.index()) / 2) as u8)
}

/// How a game ended on the board (Article 7.1.a and 7.1.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is in check and has no legal move.
    Checkmate { winner: Color },
    /// The side to move is not in check but has no legal move: in xiangqi it
    /// loses (Article 7.1.b).
    Stalemate { winner: Color },
}

impl GameEnd {
    /// The side that won.
    pub fn winner(self) -> Color {
        match self {
            GameEnd::Checkmate { winner } | GameEnd::Stalemate { winner } => winner,
        }
    }
}

/// A legal xiangqi position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    kings: [Square; 2],
    turn: Color,
    /// The side to move is in check: kept up to date by every move, since
    /// move generation and legality tests start from it.
    in_check: bool,
    /// The side *not* to move is in check. Only a [`pass`](Self::pass)ed
    /// position can be so (its side to move had been checked, then passed
    /// the turn): a move from it must look for that check in full, since the
    /// shortcuts that find the check a move gives assume the side to move
    /// next was safe before it.
    waiting_in_check: bool,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    /// The starting position.
    fn default() -> Position {
        Position::new()
    }
}

impl Board {
    /// `Ok` if, after the piece on `from` moves to `to` (not played), `color`'s king is
    /// neither facing the other nor attacked; else why, the kings facing first, as
    /// [`Position::check_move`] names it. `kings` are Red's and Black's squares before the
    /// move: the king's own move is followed.
    pub(crate) fn king_safety_after(
        &self,
        from: Square,
        to: Square,
        mut kings: [Square; 2],
        color: Color,
    ) -> Result<(), IllegalMoveReason> {
        let own = &mut kings[color.index()];
        if *own == from {
            *own = to;
        }
        if self.kings_face_after(from, to, kings[0], kings[1]) {
            Err(IllegalMoveReason::KingsFacing)
        } else if self.king_attacked_after(from, to, kings[color.index()], color) {
            Err(IllegalMoveReason::LeavesKingInCheck)
        } else {
            Ok(())
        }
    }
}

impl Position {
    /// The standard starting position, built at compile time (the same as
    /// [`Setup::START`] validated).
    pub const START: Position = Position {
        board: Board::START,
        // e0 and e9.
        kings: [
            Square::from_index_unchecked(4),
            Square::from_index_unchecked(85),
        ],
        turn: Color::Red,
        in_check: false,
        waiting_in_check: false,
        halfmoves: 0,
        fullmoves: 1,
        key: zobrist::const_key(&Board::START, Color::Red),
    };

    /// The standard starting position.
    pub fn new() -> Position {
        Position::START
    }

    /// Checks `setup` and turns it into a position, or lists every problem.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        setup.validate()?;
        let kings =
            [Color::Red, Color::Black].map(|c| setup.board.find_king(c).expect("validated"));
        let key = setup
            .board
            .pieces()
            .fold(zobrist::turn_key(setup.turn), |key, (sq, piece)| {
                key ^ zobrist::piece_key(piece, sq)
            });
        Ok(Position {
            board: setup.board,
            kings,
            turn: setup.turn,
            in_check: setup
                .board
                .king_attacked(kings[setup.turn.index()], setup.turn),
            // A legal setup has the side not to move safe.
            waiting_in_check: false,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            key,
        })
    }

    /// This position with the piece on `sq` (not a king) taken off the
    /// board, if what is left can stand: the kings not facing, the side not
    /// to move not in check. What [`from_setup`](Self::from_setup) would
    /// give for the same board, without validating the pieces left, which a
    /// removal cannot make wrong: to ask what a piece's presence changes.
    pub fn without(&self, sq: Square) -> Option<Position> {
        let piece = self.piece_at(sq).filter(|p| p.role != Role::King)?;
        let mut p = self.clone();
        p.board.set(sq, None);
        p.key ^= zobrist::piece_key(piece, sq);
        let them = p.turn.other();
        if p.board.kings_face(p.kings[0], p.kings[1])
            || p.board.king_attacked(p.kings[them.index()], them)
        {
            return None;
        }
        p.in_check = p.board.king_attacked(p.kings[p.turn.index()], p.turn);
        p.waiting_in_check = false;
        Some(p)
    }

    /// The setup this position was built from (as it is now).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Plies since the last capture (Article 12 counts these).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number: 1 at the start, +1 after each Black move.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The move number of the `ply`-th move played from this position (1
    /// is the first) and the side that plays it, as a score sheet numbers
    /// them: a number counts a Red move and the Black move after it, and
    /// grows after each Black move. The one numbering of moves in the crate.
    pub fn move_number(&self, ply: usize) -> (u32, Color) {
        move_number(self.turn, self.fullmoves, ply)
    }

    /// The Zobrist key of board and side to move (not the counters): equal
    /// keys mean the same position for repetition.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.in_check
    }

    /// The pieces giving check to the side to move (two for a double check).
    pub fn checkers(&self) -> ArrayVec<Square, 4> {
        self.board
            .attackers(self.king(self.turn), self.turn.other())
            .take(4)
            .collect()
    }

    /// True if `color`'s king is attacked, whoever is to move.
    #[inline]
    pub fn is_in_check(&self, color: Color) -> bool {
        self.board.king_attacked(self.king(color), color)
    }

    /// The key [`pass`](Self::pass) would have, without building it.
    #[inline]
    pub fn pass_key(&self) -> u64 {
        self.key ^ zobrist::turn_key(self.turn) ^ zobrist::turn_key(self.turn.other())
    }

    /// The same board with the other side to move (a "null move"). The result
    /// may have the side not to move in check: it is for asking what the
    /// other side threatens, never for a game. Moves from it still say
    /// rightly whether they leave the side to move next in check.
    pub fn pass(&self) -> Position {
        let mut p = self.clone();
        p.key = self.pass_key();
        p.turn = p.turn.other();
        p.waiting_in_check = self.in_check;
        // Kept exactly (see `waiting_in_check`): no attack test needed.
        p.in_check = self.waiting_in_check;
        p
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate(|m| moves.push(m));
        moves
    }

    /// The legal captures of the side to move.
    pub fn legal_captures(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_legal_capture(|m| moves.push(m));
        moves
    }

    /// Calls `emit` with each legal capture of the side to move, in the
    /// order of [`legal_captures`](Self::legal_captures), without building
    /// the list.
    #[inline]
    pub fn for_each_legal_capture(&self, emit: impl FnMut(Move)) {
        movegen::generate_captures(
            &self.board,
            self.turn,
            self.king(self.turn),
            self.in_check,
            emit,
        );
    }

    /// How many legal moves the side to move has (perft's leaf count).
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate(|_| n += 1);
        n
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        movegen::has_legal_move(&self.board, self.turn, self.king(self.turn), self.in_check)
    }

    /// Calls `emit` with each legal move ([`movegen::generate`]).
    #[inline]
    fn generate(&self, emit: impl FnMut(Move)) {
        movegen::generate(
            &self.board,
            self.turn,
            self.king(self.turn),
            self.in_check,
            emit,
        );
    }

    /// True if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// `Ok` if `m` is legal, else the first reason it is not, in the order an
    /// arbiter checks: the piece, the way it moves, the path, the king.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMoveReason> {
        let piece = self.check_piece_and_way(m)?;
        let own_king = self.king(self.turn);
        if !self.in_check
            && piece.role != Role::King
            && !self
                .board
                .move_may_change_attack(m.from, m.to, own_king, self.turn.other())
        {
            return Ok(());
        }
        self.board
            .king_safety_after(m.from, m.to, self.kings, piece.color)
    }

    /// The moving piece if `m` moves a piece of the side to move by its own
    /// rules to a point free of the mover's pieces; else the first reason it
    /// does not, in the arbiter's order (the king's safety aside).
    #[inline(always)]
    fn check_piece_and_way(&self, m: Move) -> Result<Piece, IllegalMoveReason> {
        use IllegalMoveReason as R;
        let piece = self.piece_at(m.from).ok_or(R::NoPiece)?;
        if piece.color != self.turn {
            return Err(R::OpponentPiece);
        }
        if m.from == m.to {
            return Err(R::NotThisWay);
        }
        let target = self.piece_at(m.to);
        if target.is_some_and(|t| t.color == piece.color) {
            return Err(R::OwnPieceOnTarget);
        }
        self.check_geometry(m, piece, target.is_some())?;
        Ok(piece)
    }

    /// Checks that `piece` may travel from `m.from` to `m.to` by its own
    /// rules (Article 3 of the law), on this board.
    fn check_geometry(
        &self,
        m: Move,
        piece: Piece,
        capture: bool,
    ) -> Result<(), IllegalMoveReason> {
        use IllegalMoveReason as R;
        let (df, dr) = (
            m.to.file() as i8 - m.from.file() as i8,
            m.to.rank() as i8 - m.from.rank() as i8,
        );
        let color = piece.color;
        match piece.role {
            Role::King => {
                if df.abs() + dr.abs() != 1 {
                    Err(R::NotThisWay)
                } else if !m.to.in_palace(color) {
                    Err(R::OutOfPalace)
                } else {
                    Ok(())
                }
            }
            Role::Advisor => {
                if df.abs() != 1 || dr.abs() != 1 {
                    Err(R::NotThisWay)
                } else if !m.to.in_palace(color) {
                    Err(R::OutOfPalace)
                } else {
                    Ok(())
                }
            }
            Role::Elephant => {
                if df.abs() != 2 || dr.abs() != 2 {
                    Err(R::NotThisWay)
                } else if !m.to.on_own_half(color) {
                    Err(R::ElephantCrossesRiver)
                } else if !self.board.is_empty(midpoint(m.from, m.to)) {
                    // The eye is halfway, in files and in ranks alike.
                    Err(R::ElephantEyeBlocked)
                } else {
                    Ok(())
                }
            }
            Role::Horse => {
                // The leg is the first point of the long side of the jump:
                // halfway along it.
                let leg = match (df.abs(), dr.abs()) {
                    (1, 2) => m.from.index() as i8 + dr / 2 * 9,
                    (2, 1) => m.from.index() as i8 + df / 2,
                    _ => return Err(R::NotThisWay),
                };
                if self.board.is_empty(Square::from_index_unchecked(leg as u8)) {
                    Ok(())
                } else {
                    Err(R::HorseLegBlocked)
                }
            }
            Role::Rook | Role::Cannon => {
                let Some(between) = self.board.occupied_between(m.from, m.to) else {
                    return Err(R::NotThisWay);
                };
                match (piece.role, capture) {
                    // A cannon captures over exactly one screen.
                    (Role::Cannon, true) if between.is_single() => Ok(()),
                    (Role::Cannon, true) => Err(R::CannonNeedsOneScreen),
                    _ if between.is_empty() => Ok(()),
                    _ => Err(R::PathBlocked),
                }
            }
            Role::Pawn => {
                let forward = if color == Color::Red { 1 } else { -1 };
                let step_ahead = (df, dr) == (0, forward);
                let step_aside = dr == 0 && df.abs() == 1 && !m.from.on_own_half(color);
                if step_ahead || step_aside {
                    Ok(())
                } else if (dr == 0 && df.abs() == 1) || (df, dr) == (0, -forward) {
                    Err(R::PawnNotAcrossRiver)
                } else {
                    Err(R::NotThisWay)
                }
            }
        }
    }

    /// Plays `m` if it is legal and returns the captured piece, if any; else
    /// leaves the position as it was and gives the reason
    /// [`check_move`](Self::check_move) would. A legal move, the common
    /// case, is tested and played by `try_play` with no
    /// reasons in hand; only a refused move asks `check_move` why.
    #[inline]
    pub fn play(&mut self, m: Move) -> Result<Option<Piece>, IllegalMoveReason> {
        match self.try_play(m) {
            Some(captured) => Ok(captured),
            None => self.play_refused(m),
        }
    }

    /// After [`try_play`](Self::try_play) refused `m`: the reason, from
    /// [`check_move`](Self::check_move). The two agree on every move (a test
    /// holds them to it); should they ever not, the move is played as
    /// `check_move` allows it.
    #[cold]
    #[inline(never)]
    fn play_refused(&mut self, m: Move) -> Result<Option<Piece>, IllegalMoveReason> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    /// Plays `m` and returns `Some` of the captured piece if `m` is legal;
    /// else `None`, the position unchanged. The king's safety is tested on
    /// the board after the move, which is taken back if the king is not
    /// safe: cheaper than asking what the board would be, then playing.
    #[inline(always)]
    fn try_play(&mut self, m: Move) -> Option<Option<Piece>> {
        let piece = self.board.piece_at(m.from)?;
        let target = self.board.piece_at(m.to);
        // A move onto its own square meets its own piece there.
        if piece.color != self.turn || target.is_some_and(|t| t.color == piece.color) {
            return None;
        }
        if !self.moves_by_its_rules(m, piece, target.is_some()) {
            return None;
        }
        let color = piece.color;
        let king = if piece.role == Role::King {
            m.to
        } else {
            self.king(color)
        };
        self.board.move_piece(m.from, m.to, piece, target);
        // A king that was safe and stayed put can only have been exposed
        // along the lines the move touched; otherwise every attack is
        // looked for.
        let safe = if self.in_check || piece.role == Role::King {
            self.king_safe_on_board(color, king).is_ok()
        } else {
            self.board.exposure_after_move(m.from, m.to, king, color) == Exposure::Safe
        };
        if !safe {
            self.board.move_piece(m.to, m.from, piece, None);
            self.board.set(m.to, target);
            return None;
        }
        let was_in_check = self.waiting_in_check;
        self.finish_play(m, piece, target);
        self.in_check = if was_in_check {
            self.is_in_check(self.turn)
        } else {
            self.gives_check_in_legal_play(m, piece)
        };
        Some(target)
    }

    /// True if `piece` may travel from `m.from` to `m.to` by its own rules
    /// (Article 3 of the law) on this board, `capture` saying whether an
    /// enemy piece stands on `m.to`: [`check_geometry`](Self::check_geometry)
    /// without its reasons, for [`try_play`](Self::try_play).
    #[inline(always)]
    fn moves_by_its_rules(&self, m: Move, piece: Piece, capture: bool) -> bool {
        let (from, to, color) = (m.from, m.to, piece.color);
        // The tables of where each piece reaches answer without coordinates.
        let reaches = || SquareSet(reach(piece, from)).contains(to);
        let in_palace = || SquareSet(PALACES[color.index()]).contains(to);
        match piece.role {
            Role::Rook => self
                .board
                .occupied_between(from, to)
                .is_some_and(SquareSet::is_empty),
            Role::Cannon => self
                .board
                .occupied_between(from, to)
                .is_some_and(|between| {
                    if capture {
                        between.is_single()
                    } else {
                        between.is_empty()
                    }
                }),
            Role::Horse => {
                reaches() && {
                    let d = to.index() as i8 - from.index() as i8;
                    let leg = from.index() as i8 + HORSE_LEG_OFFSETS[(d + 19) as usize];
                    self.board.is_empty(Square::from_index_unchecked(leg as u8))
                }
            }
            Role::Elephant => {
                reaches() && to.on_own_half(color) && self.board.is_empty(midpoint(from, to))
            }
            Role::Advisor | Role::King => reaches() && in_palace(),
            Role::Pawn => reaches(),
        }
    }

    /// With the mover's move on the board (but nothing else updated) and its
    /// king on `king`: `Ok` if that king is safe, else why not, the kings
    /// facing first as in [`check_move`](Self::check_move).
    #[inline]
    fn king_safe_on_board(&self, color: Color, king: Square) -> Result<(), IllegalMoveReason> {
        let other = self.king(color.other());
        let (red, black) = match color {
            Color::Red => (king, other),
            Color::Black => (other, king),
        };
        if self.board.kings_face(red, black) {
            Err(IllegalMoveReason::KingsFacing)
        } else if self.board.king_attacked(king, color) {
            Err(IllegalMoveReason::LeavesKingInCheck)
        } else {
            Ok(())
        }
    }

    /// Plays a move known to be legal (from [`legal_moves`](Self::legal_moves)
    /// or [`check_move`](Self::check_move)); returns the captured piece.
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let piece = self
            .board
            .piece_at(m.from)
            .expect("a legal move has a piece");
        let captured = self.board.shift(m.from, m.to);
        let was_in_check = self.waiting_in_check;
        self.finish_play(m, piece, captured);
        self.in_check = if was_in_check {
            self.is_in_check(self.turn)
        } else {
            self.gives_check_in_legal_play(m, piece)
        };
        captured
    }

    /// Everything a move changes besides the board and the check, once
    /// `piece`'s move `m` is on it and took `captured`.
    #[inline(always)]
    fn finish_play(&mut self, m: Move, piece: Piece, captured: Option<Piece>) {
        self.key ^= zobrist::piece_key(piece, m.from) ^ zobrist::piece_key(piece, m.to);
        if let Some(c) = captured {
            self.key ^= zobrist::piece_key(c, m.to);
        }
        if piece.role == Role::King {
            self.kings[piece.color.index()] = m.to;
        }
        // The counters come from the FEN and may already be at `u32::MAX`: they saturate.
        self.halfmoves = if captured.is_some() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.key ^= zobrist::turn_key(self.turn) ^ zobrist::turn_key(self.turn.other());
        self.turn = self.turn.other();
        // The mover's king is safe after its legal move.
        self.waiting_in_check = false;
    }

    /// After `piece` made the move `m` (already on the board) in
    /// [`play`](Self::play) or [`play_unchecked`](Self::play_unchecked): is
    /// the side now to move in check? Its king was safe before the move (see
    /// `waiting_in_check`), so only the lines the move touched, a vacated
    /// horse leg and the moved piece itself can attack it now; a king's move
    /// is tested in full. Always inlined: both callers have the move's
    /// squares in hand.
    #[inline(always)]
    fn gives_check_in_legal_play(&self, m: Move, piece: Piece) -> bool {
        let king = self.king(self.turn);
        if piece.role == Role::King {
            return self.board.king_attacked(king, self.turn);
        }
        // The board is after the move: a rook or cannon that landed on the
        // king's lines is among the pieces on the touched rays.
        if self
            .board
            .exposure_after_move(m.from, m.to, king, self.turn)
            != Exposure::Safe
        {
            return true;
        }
        self.moved_piece_gives_check(m, piece, king)
    }

    /// Does the horse or pawn `piece`, just moved by `m`, attack `king`
    /// from its new square? (A rook or cannon that landed on the king's
    /// lines is found by the line tests.) Always inlined: asked after every
    /// replayed move.
    #[inline(always)]
    fn moved_piece_gives_check(&self, m: Move, piece: Piece, king: Square) -> bool {
        // The square sets say at once whether the piece is within reach.
        match piece.role {
            Role::Horse => {
                SquareSet(HORSE_SOURCES[king.index()]).contains(m.to)
                    && HORSE_ATTACKERS[king.index()]
                        .iter()
                        .any(|(from, leg)| from == m.to && self.board.is_empty(leg))
            }
            Role::Pawn => SquareSet(PAWN_SOURCES[piece.color.index()][king.index()]).contains(m.to),
            _ => false,
        }
    }

    /// The position after the legal move `m`.
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// Checkmate or stalemate, if the side to move has no legal move.
    pub fn game_end(&self) -> Option<GameEnd> {
        if self.has_legal_move() {
            return None;
        }
        let winner = self.turn.other();
        Some(if self.is_check() {
            GameEnd::Checkmate { winner }
        } else {
            GameEnd::Stalemate { winner }
        })
    }

    /// The squares of `color`'s pieces.
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.board.occupied_by(color)
    }

    /// The Zobrist key computed from scratch (for tests of the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        self.board
            .pieces()
            .fold(zobrist::turn_key(self.turn), |k, (sq, p)| {
                k ^ zobrist::piece_key(p, sq)
            })
    }
}

/// The move number of the `ply`-th move (1 is the first) of a game whose
/// first move is `first_mover`'s and numbered `first_number`, with the side
/// that plays it: a number counts a Red move and the Black move after it,
/// and grows after each Black move ([`Position::move_number`]).
pub fn move_number(first_mover: Color, first_number: u32, ply: usize) -> (u32, Color) {
    let k = ply.saturating_sub(1) + usize::from(first_mover == Color::Black);
    let side = if k.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Black
    };
    (first_number + (k / 2) as u32, side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::attacks::tests::positions;

    /// A piece taken off the board: the position `from_setup` gives for
    /// the same board, key included; a screen between the kings, or a
    /// blocker of a check on the side not to move, cannot be taken off.
    #[test]
    fn a_piece_taken_off_is_the_position_without_it() {
        let pos = Position::from_fen("4k4/9/9/9/4p4/9/9/4R4/9/3K5 w - - 0 1").unwrap();
        let sq = |s| Square::from_iccs(s).unwrap();
        let without = pos.without(sq("e2")).expect("the rook can go");
        let mut setup = pos.to_setup();
        setup.board.set(sq("e2"), None);
        assert_eq!(without, Position::from_setup(setup).unwrap());
        assert_eq!(without.key(), without.key_from_scratch());
        // The black pawn e5 blocks the rook's check: off, Black would be in
        // check with Red to move.
        assert!(pos.without(sq("e5")).is_none());
        assert!(pos.without(sq("d0")).is_none(), "a king stays");
        let facing = Position::from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(facing.without(sq("e5")).is_none(), "the kings would face");
    }

    #[test]
    fn play_names_the_same_reason_as_check_move_and_leaves_an_illegal_move_unplayed() {
        let mut illegal = 0;
        for pos in positions().into_iter().step_by(3) {
            // Every move of a piece of either side to any point: the legal
            // ones and every kind of illegal one.
            for from in pos.board().occupied() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    // The fast test alone, without the fallback `play` has.
                    let mut tried = pos.clone();
                    let fast = tried.try_play(m);
                    assert_eq!(fast.is_some(), pos.check_move(m).is_ok(), "{pos} {m}");
                    if fast.is_none() {
                        assert_eq!(tried, pos, "{pos} {m}");
                    }
                    let mut played = pos.clone();
                    match (pos.check_move(m), played.play(m)) {
                        (Ok(()), Ok(captured)) => {
                            assert_eq!(captured, pos.piece_at(to), "{pos} {m}");
                            assert_eq!(played, pos.after(m), "{pos} {m}");
                        }
                        (Err(want), Err(got)) => {
                            assert_eq!(got, want, "{pos} {m}");
                            assert_eq!(played, pos, "{pos} {m}");
                            illegal += 1;
                        }
                        (want, got) => panic!("{pos} {m}: check_move {want:?}, play {got:?}"),
                    }
                }
            }
        }
        assert!(
            illegal > 10_000,
            "the moves include illegal ones ({illegal})"
        );
    }

    #[test]
    fn play_finds_the_check_a_move_gives() {
        for pos in positions() {
            assert_eq!(pos.is_check(), pos.is_in_check(pos.turn()), "{pos}");
        }
    }

    #[test]
    fn a_passed_position_knows_whether_its_side_to_move_is_in_check() {
        for pos in positions() {
            let passed = pos.pass();
            assert_eq!(
                passed.is_check(),
                passed.is_in_check(passed.turn()),
                "{pos}"
            );
            assert_eq!(passed.pass(), pos, "{pos}");
            // A move from the passed position, then the same question.
            for m in passed.legal_moves().into_iter().take(3) {
                let after = passed.after(m);
                assert_eq!(
                    after.is_check(),
                    after.is_in_check(after.turn()),
                    "{pos} {m}"
                );
                let again = after.pass();
                assert_eq!(
                    again.is_check(),
                    again.is_in_check(again.turn()),
                    "{pos} {m}"
                );
            }
        }
    }
}
