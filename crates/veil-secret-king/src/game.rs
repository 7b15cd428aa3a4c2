//! Secret King as a Veil [`Game`]: the secret choice, captured Knights
//! revealed, the Secret King turning into a King, the adjacency win, views
//! and determinisation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use veil_chess::fen::SECRET_KING_START;
use veil_chess::{Bits, Chess10, Color, Geometry, Grid10, Move, Piece, Role, Rules, Square};
use veil_core::limits::{self, MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, ParseError, RngExt, Seat, SeatSet,
    SeedableRng, Turn,
};

/// Bitboard of the 10×10 board: bit `i` is [`Square`] `i` (a1 = 0, j10 = 99).
pub type SquareSet = u128;

/// Settings before a game. §8 marks none of its rulings as an option; the
/// one setting here is a safety net for drivers and tests.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct SecretKingOptions {
    /// Moves (plies) after which the game is drawn; `None` (the default)
    /// for no limit. The 50-move rule already ends every game.
    pub ply_limit: Option<u32>,
}

/// A seat's action: the secret choice before the first move, then moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Before the first move: this Knight (by its square) is my Secret King.
    ChooseKing(Square),
    /// A move, promotions included (see [`SecretKing::parse_move`]).
    Move(Move),
}

/// `king e1` for a choice, UCI (`e3e5`, `e9e10q`) for a move.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::ChooseKing(sq) => write!(f, "king {}", Grid10::square_name(*sq)),
            Action::Move(mv) => {
                write!(
                    f,
                    "{}{}",
                    Grid10::square_name(mv.from()),
                    Grid10::square_name(mv.to())
                )?;
                match mv.promotion_role() {
                    Some(r) => write!(f, "{}", r.char()),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Reads what [`Action`]'s `Display` writes: `king b1`, or a UCI move. The
/// move is not checked against a position (use [`SecretKing::parse_move`]
/// for SAN and en passant).
impl FromStr for Action {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Action, ParseError> {
        limits::check("Secret King action", s, MAX_MOVE_BYTES)?;
        let bad = |reason: &str| ParseError::new("Secret King action", s, reason);
        if let Some(rest) = s.strip_prefix("king ") {
            return Grid10::parse_square(rest.trim())
                .map(Action::ChooseKing)
                .ok_or_else(|| bad("expected a square like b1 after `king`"));
        }
        let (from, to, promotion) =
            split_uci(s).ok_or_else(|| bad("expected `king b1` or a move like e3e5"))?;
        Ok(Action::Move(match promotion {
            Some(r) => Move::promotion(from, to, r),
            None => Move::normal(from, to),
        }))
    }
}

/// Splits `e9e10q` into its squares and promotion role.
fn split_uci(s: &str) -> Option<(Square, Square, Option<Role>)> {
    let b = s.as_bytes();
    if !s.is_ascii() || b.len() < 4 {
        return None;
    }
    // The destination starts at the second file letter.
    let second = b.iter().skip(1).position(|c| c.is_ascii_lowercase())? + 1;
    let from = Grid10::parse_square(&s[..second])?;
    let rest = &s[second..];
    let (to_text, promotion) = match rest.as_bytes().last() {
        Some(c) if c.is_ascii_lowercase() && rest.len() > 1 => {
            let role =
                Role::from_char(*c as char).filter(|r| !matches!(r, Role::Pawn | Role::King))?;
            (&rest[..rest.len() - 1], Some(role))
        }
        _ => (rest, None),
    };
    Some((from, Grid10::parse_square(to_text)?, promotion))
}

/// What a capture of a Knight showed to both players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Reveal {
    /// The captured Knight was its side's Secret King.
    pub secret_king: bool,
    /// When a Knight (or a revealed King) took the Secret King, whether the
    /// capturer was its own side's Secret King (which wins at once).
    pub capturer_secret_king: Option<bool>,
}

/// One move of the game as both players saw it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Played {
    pub color: Color,
    pub mv: Move,
    /// Standard algebraic notation, `+` when it gives check to a revealed
    /// King, `#` when it wins at once (checkmate, the adjacency win, the
    /// Secret King taking the Secret King).
    pub san: String,
    /// Set when the move captured a Knight.
    pub reveal: Option<Reveal>,
}

/// A game of Secret King in progress, knowing both Secret Kings.
///
/// Read from outside data (a save) it is checked as a whole: squares on the
/// board, Secret Kings and candidates among the side's Knights, a revealed
/// King where the board shows it; anything else is refused with the reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SecretKingUnchecked")]
pub struct SecretKing {
    options: SecretKingOptions,
    pub(crate) core: Core,
    history: Vec<Played>,
    /// Repetition keys since the last capture or pawn move, current last.
    keys: Vec<u64>,
    plies: u32,
    outcome: Option<Outcome>,
}

/// [`SecretKing`] as read, before it is checked.
#[derive(Deserialize)]
struct SecretKingUnchecked {
    options: SecretKingOptions,
    core: Core,
    history: Vec<Played>,
    keys: Vec<u64>,
    plies: u32,
    outcome: Option<Outcome>,
}

impl TryFrom<SecretKingUnchecked> for SecretKing {
    type Error = String;
    fn try_from(raw: SecretKingUnchecked) -> Result<SecretKing, String> {
        let game = SecretKing {
            options: raw.options,
            core: raw.core,
            history: raw.history,
            keys: raw.keys,
            plies: raw.plies,
            outcome: raw.outcome,
        };
        game.validate()?;
        Ok(game)
    }
}

/// The board and the secrets: all that a move changes apart from the
/// record (history, repetition keys, clocks). Cheap to copy, so the
/// computer player tries moves on it without cloning a whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Core {
    /// The board: a hidden Secret King stands there as a Knight, a revealed
    /// one as a King. Played with [`Rules::secret_king`] (no King needed).
    pub(crate) position: Chess10,
    /// Per colour (`Color as usize`): the Secret King's square, once chosen;
    /// `None` also after it was taken by the enemy Secret King.
    pub(crate) secret: [Option<Square>; 2],
    /// Per colour: the Secret King is known to both players.
    pub(crate) revealed: [bool; 2],
    /// Per colour: the Knights that may be its Secret King as far as the
    /// opponent can tell (the starting Knights still on the board; a Knight
    /// promoted from a pawn never is; empty once the King is revealed).
    pub(crate) candidates: [SquareSet; 2],
}

/// What a move did beyond moving a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    /// Set when the move captured a Knight.
    pub(crate) reveal: Option<Reveal>,
    /// The mover's Secret King took the enemy Secret King: it wins at once.
    pub(crate) instant_win: bool,
}

impl Core {
    /// Whether `color` still has to choose its Secret King.
    pub(crate) fn choosing(&self, color: Color) -> bool {
        self.secret[color.index()].is_none() && !self.revealed[color.index()]
    }

    /// Plays a legal move and everything it sets off on the board.
    pub(crate) fn play(&mut self, mv: Move) -> Effect {
        let us = self.position.turn();
        let them = !us;
        let (u, t) = (us.index(), them.index());
        let board = self.position.board();
        let mover = board.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
        let victim = board
            .piece_at(mv.to())
            .filter(|p| p.color == them && !mv.is_en_passant());
        let (from, to) = (bit(mv.from()), bit(mv.to()));

        self.position.play_unchecked(mv);
        if self.secret[u] == Some(mv.from()) {
            self.secret[u] = Some(mv.to());
        }
        if self.candidates[u] & from != 0 {
            self.candidates[u] ^= from | to;
        }
        let mut effect = Effect {
            reveal: None,
            instant_win: false,
        };
        if let Some(Piece {
            role: Role::Knight, ..
        }) = victim
        {
            self.candidates[t] &= !to;
            let secret_king = self.secret[t] == Some(mv.to());
            let mut capturer_secret_king = None;
            if secret_king {
                let mut setup = self.position.to_setup();
                self.revealed[t] = true;
                self.candidates[t] = 0;
                if matches!(mover, Role::Knight | Role::King) {
                    capturer_secret_king = Some(self.secret[u] == Some(mv.to()));
                }
                if capturer_secret_king == Some(true) {
                    // The game ends at once: the capture stands and the
                    // winner's Secret King shows as a King where it took.
                    self.secret[t] = None;
                    self.revealed[u] = true;
                    self.candidates[u] = 0;
                    setup.board.set_piece_at(mv.to(), Role::King.of(us));
                    effect.instant_win = true;
                } else {
                    // The Secret King stays as a King; the capturer is removed.
                    self.candidates[u] &= !to;
                    setup.board.set_piece_at(mv.to(), Role::King.of(them));
                }
                self.position = Chess10::from_setup_lenient(setup, Rules::secret_king())
                    .expect("a revealed King replacing a piece keeps the position valid");
            }
            effect.reveal = Some(Reveal {
                secret_king,
                capturer_secret_king,
            });
        }
        // Had one of our Knights next to the revealed enemy King been our
        // Secret King, this move would have won: now all can tell it is not.
        if let Some(k) = self.position.board().king_of(them)
            && !self.secret[u].is_some_and(|s| adjacent(s, k))
        {
            self.candidates[u] &= !Grid10::king_attacks(k.0 as u32);
        }
        effect
    }

    /// How the game ended on the board, if it did, right after `mover`
    /// moved (`None`: before the first move): the adjacency win, checkmate
    /// or stalemate. Repetition and the 50-move rule need the record.
    pub(crate) fn ending(&self, mover: Option<Color>) -> Option<Outcome> {
        if let Some(us) = mover
            && let (Some(s), Some(k)) =
                (self.secret[us.index()], self.position.board().king_of(!us))
            && adjacent(s, k)
        {
            return Some(Outcome::win(
                seat_of(us),
                2,
                "Secret King next to the enemy King",
            ));
        }
        if Color::ALL.into_iter().any(|c| self.choosing(c)) {
            return None;
        }
        if !has_board_move(&self.position) {
            return Some(if self.position.is_check() {
                Outcome::win(seat_of(!self.position.turn()), 2, "checkmate")
            } else {
                Outcome::draw(2, "stalemate")
            });
        }
        None
    }

    /// The board after the side to move plays the legal move `mv`, and how
    /// the game ended on the board, if it did.
    pub(crate) fn after(&self, mv: Move) -> (Core, Option<Outcome>) {
        let us = self.position.turn();
        let mut next = self.clone();
        let ending = if next.play(mv).instant_win {
            Some(Outcome::win(seat_of(us), 2, INSTANT_WIN))
        } else {
            next.ending(Some(us))
        };
        (next, ending)
    }
}

const INSTANT_WIN: &str = "the Secret King took the enemy Secret King";

/// The piece values of the evaluation, in pawns (a King counts nothing:
/// losing it is losing the game).
pub const fn value(role: Role) -> f64 {
    match role {
        Role::Pawn => 1.0,
        Role::Knight => 3.0,
        Role::Bishop => 3.25,
        Role::Rook => 5.0,
        Role::Queen => 9.0,
        Role::King => 0.0,
    }
}

pub(crate) const fn seat_of(color: Color) -> Seat {
    Seat(color as u8)
}

pub(crate) const fn color_of(seat: Seat) -> Color {
    if seat.0 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

#[inline]
pub(crate) fn bit(sq: Square) -> SquareSet {
    // Squares off the board (a malformed view) make an empty set, not a panic.
    1u128.checked_shl(sq.0 as u32).unwrap_or(0) & ((1u128 << 100) - 1)
}

pub(crate) fn squares(set: SquareSet) -> impl Iterator<Item = Square> {
    set.squares().map(|s| Square(s as u8))
}

pub(crate) fn adjacent(a: Square, b: Square) -> bool {
    Grid10::king_attacks(a.0 as u32).has(b.0 as u32)
}

/// Mixes the candidate sets into a repetition key.
fn candidates_key(candidates: &[SquareSet; 2]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for c in candidates {
        for half in [*c as u64, (*c >> 64) as u64] {
            h = (h ^ half).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
    }
    h
}

/// Why a position cannot start a game of Secret King.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub input: String,
    pub reason: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot start Secret King from {:?}: {}",
            self.input, self.reason
        )
    }
}

impl std::error::Error for SetupError {}

impl SecretKing {
    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game, or any moment of it): both Secret Kings.
    pub fn revealed(&self, seat: Seat) -> SecretKingView {
        self.view(seat, true)
    }

    /// `seat`'s view; `all`: with the other Secret King too.
    fn view(&self, seat: Seat, all: bool) -> SecretKingView {
        let me = color_of(seat);
        let kings = Color::ALL.map(|c| {
            let known = c == me || self.core.revealed[c.index()] || all;
            self.core.secret[c.index()].filter(|_| known)
        });
        SecretKingView {
            seat,
            options: self.options,
            position: self.core.position.clone(),
            turn: self.turn(),
            kings,
            revealed: self.core.revealed,
            chosen: Color::ALL
                .map(|c| self.core.secret[c.index()].is_some() || self.core.revealed[c.index()]),
            candidates: self.core.candidates.map(|c| squares(c).collect()),
            history: self.history.clone(),
            keys: self.keys.clone(),
            plies: self.plies,
            outcome: self.outcome.clone(),
        }
    }

    /// A game from a 10×10 FEN and each side's Secret King (White's first).
    ///
    /// A side with a King on the board has revealed it (its entry must be
    /// `None` or that square); otherwise its entry names one of its Knights,
    /// or is `None` when the side still has to choose (the game then opens
    /// with the secret choice among its Knights). Every Knight of a side
    /// without a revealed King may be its Secret King as far as the opponent
    /// knows. For puzzles, tests and analysis; [`Game::new`] starts a game.
    pub fn from_fen(fen: &str, kings: [Option<Square>; 2]) -> Result<SecretKing, SetupError> {
        Self::from_fen_with_options(fen, kings, SecretKingOptions::default())
    }

    /// Like [`SecretKing::from_fen`], with options.
    pub fn from_fen_with_options(
        fen: &str,
        kings: [Option<Square>; 2],
        options: SecretKingOptions,
    ) -> Result<SecretKing, SetupError> {
        // Checked here too, so that not even the error copies a long text.
        if let Err(e) = limits::check("FEN", fen, MAX_POSITION_BYTES) {
            return Err(SetupError {
                input: e.input,
                reason: e.reason,
            });
        }
        let bad = |reason: String| SetupError {
            input: fen.to_string(),
            reason,
        };
        let position =
            Chess10::from_fen_with(fen, Rules::secret_king()).map_err(|e| bad(e.to_string()))?;
        let board = position.board();
        let mut secret = [None; 2];
        let mut revealed = [false; 2];
        let mut candidates = [0; 2];
        for color in Color::ALL {
            let i = color.index();
            let knights = board.by_piece(Role::Knight.of(color));
            match (board.king_of(color), kings[i]) {
                (Some(k), None) => {
                    secret[i] = Some(k);
                    revealed[i] = true;
                }
                (Some(k), Some(s)) if s == k => {
                    secret[i] = Some(k);
                    revealed[i] = true;
                }
                (Some(_), Some(_)) => {
                    return Err(bad(format!(
                        "{}'s King is on the board, elsewhere",
                        color.name()
                    )));
                }
                (None, Some(s)) if s.index() < 100 && knights.has(s.0 as u32) => {
                    secret[i] = Some(s);
                    candidates[i] = knights;
                }
                (None, Some(_)) => {
                    return Err(bad(format!(
                        "{}'s Secret King must be one of its Knights",
                        color.name()
                    )));
                }
                (None, None) if knights.any() => candidates[i] = knights,
                (None, None) => {
                    return Err(bad(format!("{} has no King and no Knight", color.name())));
                }
            }
        }
        Ok(Self::from_parts(
            options, position, secret, revealed, candidates,
        ))
    }

    fn from_parts(
        options: SecretKingOptions,
        position: Chess10,
        secret: [Option<Square>; 2],
        revealed: [bool; 2],
        candidates: [SquareSet; 2],
    ) -> SecretKing {
        let mut game = SecretKing {
            options,
            core: Core {
                position,
                secret,
                revealed,
                candidates,
            },
            history: Vec::new(),
            keys: Vec::new(),
            plies: 0,
            outcome: None,
        };
        game.keys.push(game.key());
        game.outcome = game.judge(None);
        game
    }

    /// Checks a whole state (one read from outside data).
    pub(crate) fn validate(&self) -> Result<(), String> {
        let core = &self.core;
        let board = core.position.board();
        if *core.position.rules() != Rules::secret_king() {
            return Err("the position is not played by Secret King's rules".into());
        }
        if let Some(o) = &self.outcome {
            o.check(2)?;
        }
        let over = self.outcome.is_some();
        for color in Color::ALL {
            let i = color.index();
            let name = color.name();
            let knights = board.by_piece(Role::Knight.of(color));
            if core.secret[i].is_some_and(|s| s.index() >= 100) {
                return Err(format!("{name}'s Secret King is off the board"));
            }
            if core.candidates[i] & !knights != 0 {
                return Err(format!("{name}'s candidates are not all its Knights"));
            }
            if over {
                continue;
            }
            match (core.revealed[i], core.secret[i], board.king_of(color)) {
                (true, Some(s), Some(k)) if s == k => {}
                (true, _, _) => {
                    return Err(format!("{name}'s revealed King is not on its square"));
                }
                (false, _, Some(_)) => {
                    return Err(format!("{name} has a King on the board, not revealed"));
                }
                (false, Some(s), None) if !knights.has(s.0 as u32) => {
                    return Err(format!("{name}'s Secret King is not one of its Knights"));
                }
                (false, None, None) if core.candidates[i] == 0 => {
                    return Err(format!("{name} has no Knight to choose as its Secret King"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn key(&self) -> u64 {
        self.core.position.zobrist() ^ candidates_key(&self.core.candidates)
    }

    /// The board (a hidden Secret King shows as a Knight).
    pub fn position(&self) -> &Chess10 {
        &self.core.position
    }

    /// `color`'s Secret King: where it stands, once chosen (known to the
    /// full state only; see [`SecretKingView`] for what a seat knows).
    pub fn secret_king(&self, color: Color) -> Option<Square> {
        self.core.secret[color.index()]
    }

    /// Whether `color`'s Secret King has been revealed.
    pub fn is_revealed(&self, color: Color) -> bool {
        self.core.revealed[color.index()]
    }

    /// The Knights of `color` that may be its Secret King, as the opponent sees it.
    pub fn candidates(&self, color: Color) -> SquareSet {
        self.core.candidates[color.index()]
    }

    /// Every move so far.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Moves (plies) played.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The seats that still have to choose their Secret King.
    fn choosing(&self) -> SeatSet {
        Color::ALL
            .into_iter()
            .filter(|c| self.core.choosing(*c))
            .map(seat_of)
            .collect()
    }

    /// Whether the side to move has a revealed King in check.
    pub fn is_check(&self) -> bool {
        self.core.position.is_check()
    }

    /// The legal moves of the side to move (empty during the secret choice
    /// and once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_none() && self.choosing().is_empty() {
            board_moves(&self.core.position, &mut moves);
        }
        moves
    }

    /// Reads a move of the side to move in UCI (`e3e5`, `e9e10q`) or SAN
    /// (`e5`, `Nxc4`, `e10=Q`, `Kf6`); en passant is found from its squares.
    /// A text over [`MAX_MOVE_BYTES`] is refused unread.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        limits::check("Secret King move", text, MAX_MOVE_BYTES)?;
        parse_board_move(&self.core.position, &self.legal_moves(), text)
    }

    /// Applies a move for the side to move, read with [`SecretKing::parse_move`].
    pub fn play(&mut self, text: &str) -> Result<(), ParseError> {
        let mv = self.parse_move(text)?;
        let seat = seat_of(self.core.position.turn());
        self.apply(Actor::Seat(seat), Action::Move(mv))
            .map_err(|e| ParseError::new("Secret King move", text, e.to_string()))
    }

    /// Plays a legal move and everything it sets off, and records it.
    fn play_move(&mut self, mv: Move) {
        let us = self.core.position.turn();
        let san = self.core.position.san_plain(mv);
        let Effect {
            reveal,
            instant_win,
        } = self.core.play(mv);
        self.plies = self.plies.saturating_add(1);
        if self.core.position.halfmoves() == 0 {
            self.keys.clear();
        }
        self.keys.push(self.key());
        self.outcome = if instant_win {
            Some(Outcome::win(seat_of(us), 2, INSTANT_WIN))
        } else {
            self.judge(Some(us))
        };
        let won = self.outcome.as_ref().is_some_and(|o| !o.is_draw());
        let suffix = if won {
            "#"
        } else if self.outcome.is_none() && self.core.position.is_check() {
            "+"
        } else {
            ""
        };
        self.history.push(Played {
            color: us,
            mv,
            san: san + suffix,
            reveal,
        });
    }

    /// The end of the game, if it has ended, right after `mover` moved
    /// (`None` before the first move).
    fn judge(&self, mover: Option<Color>) -> Option<Outcome> {
        if let Some(outcome) = self.core.ending(mover) {
            return Some(outcome);
        }
        if !self.choosing().is_empty() {
            return None;
        }
        let current = self.keys.last().copied().unwrap_or_else(|| self.key());
        if self.keys.iter().filter(|k| **k == current).count() >= 3 {
            return Some(Outcome::draw(2, "threefold repetition"));
        }
        if self.core.position.halfmoves() >= 100 {
            return Some(Outcome::draw(
                2,
                "50 moves without a capture or a pawn move",
            ));
        }
        if self
            .options
            .ply_limit
            .is_some_and(|limit| self.plies >= limit)
        {
            return Some(Outcome::draw(2, "move limit"));
        }
        None
    }
}

/// The legal moves on a board: veil-chess's legal moves (a side whose King
/// is hidden is never in check), plus a revealed King's steps next to the
/// revealed enemy King, which win at once and so are never moves into check.
pub(crate) fn board_moves(pos: &Chess10, out: &mut Vec<Move>) {
    pos.legal_moves_into(out);
    let us = pos.turn();
    let board = pos.board();
    if let (Some(k), Some(e)) = (board.king_of(us), board.king_of(!us)) {
        let reach = Grid10::king_attacks(k.0 as u32)
            & Grid10::king_attacks(e.0 as u32)
            & !board.by_color(us);
        for to in reach.squares() {
            let mv = Move::normal(k, Square(to as u8));
            if !out.contains(&mv) {
                out.push(mv);
            }
        }
    }
}

/// Whether `mv` is one of [`board_moves`], without listing them all.
fn is_board_move(pos: &Chess10, mv: Move) -> bool {
    if pos.is_legal(mv) {
        return true;
    }
    let board = pos.board();
    match (board.king_of(pos.turn()), board.king_of(!pos.turn())) {
        (Some(k), Some(e)) => {
            let to = mv.to().0 as u32;
            to < 100
                && mv == Move::normal(k, mv.to())
                && (Grid10::king_attacks(k.0 as u32)
                    & Grid10::king_attacks(e.0 as u32)
                    & !board.by_color(pos.turn()))
                .has(to)
        }
        _ => false,
    }
}

fn has_board_move(pos: &Chess10) -> bool {
    if pos.has_legal_move() {
        return true;
    }
    let board = pos.board();
    match (board.king_of(pos.turn()), board.king_of(!pos.turn())) {
        (Some(k), Some(e)) => (Grid10::king_attacks(k.0 as u32)
            & Grid10::king_attacks(e.0 as u32)
            & !board.by_color(pos.turn()))
        .any(),
        _ => false,
    }
}

pub(crate) fn parse_board_move(
    pos: &Chess10,
    legal: &[Move],
    text: &str,
) -> Result<Move, ParseError> {
    let t = text.trim();
    if let Some((from, to, promotion)) = split_uci(t)
        && let Some(mv) = legal
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion_role() == promotion)
    {
        return Ok(*mv);
    }
    if let Ok(mv) = pos.parse_san(t)
        && legal.contains(&mv)
    {
        return Ok(mv);
    }
    // A King stepping next to the enemy King is not a chess move: read its SAN here.
    let plain = t.trim_end_matches(['+', '#', '!', '?']).replace('x', "");
    if let Some(dest) = plain.strip_prefix('K')
        && let Some(to) = Grid10::parse_square(dest)
        && let Some(mv) = legal
            .iter()
            .find(|m| m.to() == to && pos.role_of(**m) == Some(Role::King))
    {
        return Ok(*mv);
    }
    Err(ParseError::new(
        "Secret King move",
        text,
        "not a legal move here (UCI like e3e5 or SAN like Nc4)",
    ))
}

/// What one seat may know: the whole board (every piece is visible), its
/// own Secret King, the enemy's only once revealed, which Knights may still
/// be a hidden King, and the moves with what each capture revealed. The
/// public view ([`Game::observe_public`], a spectator's) is White's without
/// its own Secret King.
///
/// Read from outside data it is checked: its seat, and a full state sampled
/// from it must be sound (see [`SecretKing`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SecretKingViewUnchecked")]
pub struct SecretKingView {
    pub seat: Seat,
    pub options: SecretKingOptions,
    pub position: Chess10,
    pub turn: Turn,
    /// Per colour: the Secret King's square as far as this seat knows it:
    /// its own once chosen, the enemy's once revealed (everything once the
    /// game is over).
    pub kings: [Option<Square>; 2],
    /// Per colour: whether the Secret King was revealed.
    pub revealed: [bool; 2],
    /// Per colour: whether it has chosen its Secret King.
    pub chosen: [bool; 2],
    /// Per colour: the Knights that may be its Secret King as the opponent
    /// sees it (squares, a1 first).
    pub candidates: [Vec<Square>; 2],
    pub history: Vec<Played>,
    /// Repetition keys since the last capture or pawn move.
    pub keys: Vec<u64>,
    pub plies: u32,
    pub outcome: Option<Outcome>,
}

/// [`SecretKingView`] as read, before it is checked.
#[derive(Deserialize)]
struct SecretKingViewUnchecked {
    seat: Seat,
    options: SecretKingOptions,
    position: Chess10,
    turn: Turn,
    kings: [Option<Square>; 2],
    revealed: [bool; 2],
    chosen: [bool; 2],
    candidates: [Vec<Square>; 2],
    history: Vec<Played>,
    keys: Vec<u64>,
    plies: u32,
    outcome: Option<Outcome>,
}

impl TryFrom<SecretKingViewUnchecked> for SecretKingView {
    type Error = String;
    fn try_from(raw: SecretKingViewUnchecked) -> Result<SecretKingView, String> {
        if raw.seat.index() >= 2 {
            return Err(format!("Secret King has 2 seats, not {}", raw.seat));
        }
        if raw.candidates.iter().flatten().any(|s| s.index() >= 100) {
            return Err("a candidate Knight is off the board".into());
        }
        let view = SecretKingView {
            seat: raw.seat,
            options: raw.options,
            position: raw.position,
            turn: raw.turn,
            kings: raw.kings,
            revealed: raw.revealed,
            chosen: raw.chosen,
            candidates: raw.candidates,
            history: raw.history,
            keys: raw.keys,
            plies: raw.plies,
            outcome: raw.outcome,
        };
        let sample = SecretKing::determinize(&view, &mut GameRng::seed_from_u64(0));
        sample
            .validate()
            .map_err(|e| format!("no full state fits this view: {e}"))?;
        if sample.turn() != view.turn {
            return Err("the turn does not follow from the view".into());
        }
        Ok(view)
    }
}

impl SecretKingView {
    /// The colour this view's seat plays.
    pub fn color(&self) -> Color {
        color_of(self.seat)
    }

    /// This seat's own Secret King, once chosen.
    pub fn my_king(&self) -> Option<Square> {
        self.kings[self.color().index()]
    }

    /// The piece on `sq` (a hidden Secret King shows as a Knight).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.position.board().piece_at(sq)
    }

    /// Enemy Knights known not to be the enemy Secret King (promoted ones,
    /// or all of them once it is revealed).
    pub fn known_not_king(&self) -> Vec<Square> {
        let enemy = !self.color();
        let knights = self.position.board().by_piece(Role::Knight.of(enemy));
        let candidates: SquareSet = self.candidates[enemy.index()]
            .iter()
            .map(|s| bit(*s))
            .fold(0, |a, b| a | b);
        squares(knights & !candidates).collect()
    }

    /// The legal moves when it is this seat's turn to move, otherwise none.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.turn == Turn::Seat(self.seat) {
            board_moves(&self.position, &mut moves);
        }
        moves
    }

    /// This seat's Knights it may choose as its Secret King (during the choice).
    pub fn choices(&self) -> Vec<Square> {
        match self.turn {
            Turn::Simultaneous(set) if set.contains(self.seat) => {
                self.candidates[self.color().index()].clone()
            }
            _ => Vec::new(),
        }
    }
}

impl Game for SecretKing {
    const ID: &'static str = "secret-king";
    type Options = SecretKingOptions;
    type Action = Action;
    type Observation = SecretKingView;

    fn new(options: &SecretKingOptions, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new(format!(
                "Secret King is for 2 seats, not {seats}"
            )));
        }
        Ok(
            Self::from_fen_with_options(SECRET_KING_START, [None, None], *options)
                .expect("the start position is valid"),
        )
    }

    fn options(&self) -> &SecretKingOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            return Turn::Over;
        }
        let choosing = self.choosing();
        if choosing.is_empty() {
            Turn::Seat(seat_of(self.core.position.turn()))
        } else {
            Turn::Simultaneous(choosing)
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let Actor::Seat(seat) = actor else { return };
        match self.turn() {
            Turn::Simultaneous(set) if set.contains(seat) => {
                out.extend(
                    squares(self.core.candidates[color_of(seat).index()]).map(Action::ChooseKing),
                );
            }
            Turn::Seat(s) if s == seat => {
                let mut moves = Vec::with_capacity(128);
                board_moves(&self.core.position, &mut moves);
                out.extend(moves.into_iter().map(Action::Move));
            }
            _ => {}
        }
    }

    fn sample_chance(&self, _rng: &mut GameRng) -> Action {
        // Secret King has no chance turns: any value, which apply refuses.
        Action::ChooseKing(Square(0))
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<(), ActionError<Action>> {
        let turn = self.turn();
        if turn == Turn::Over {
            return Err(ActionError::GameOver { action });
        }
        let illegal = |reason: &str| ActionError::Illegal {
            actor,
            action,
            reason: reason.to_string(),
        };
        let seat = match (actor, turn) {
            (Actor::Seat(s), Turn::Seat(t)) if s == t => s,
            (Actor::Seat(s), Turn::Simultaneous(set)) if set.contains(s) => s,
            _ => return Err(ActionError::NotYourTurn { actor, action }),
        };
        let color = color_of(seat);
        match (action, turn) {
            (Action::ChooseKing(sq), Turn::Simultaneous(_)) => {
                if sq.index() >= 100 || self.core.candidates[color.index()] & bit(sq) == 0 {
                    return Err(illegal("the Secret King must be one of your Knights"));
                }
                self.core.secret[color.index()] = Some(sq);
                self.outcome = self.judge(None);
                Ok(())
            }
            (Action::Move(_), Turn::Simultaneous(_)) => {
                Err(illegal("choose your Secret King before the first move"))
            }
            (Action::ChooseKing(_), _) => {
                Err(illegal("the Secret King was chosen before the first move"))
            }
            (Action::Move(mv), _) => {
                if !is_board_move(&self.core.position, mv) {
                    return Err(illegal("not a legal move"));
                }
                self.play_move(mv);
                Ok(())
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, seat: Seat) -> SecretKingView {
        self.view(seat, self.outcome.is_some())
    }

    /// White's chair without its Secret King, until revealed or the end.
    fn observe_public(&self) -> SecretKingView {
        let mut view = self.observe(Seat(0));
        let white = Color::White.index();
        if self.outcome.is_none() && !self.core.revealed[white] {
            view.kings[white] = None;
        }
        view
    }

    fn observer(view: &SecretKingView) -> Seat {
        view.seat
    }

    fn determinize(view: &SecretKingView, rng: &mut GameRng) -> SecretKing {
        let candidates = view
            .candidates
            .clone()
            .map(|c| c.iter().map(|s| bit(*s)).fold(0, |a, b| a | b));
        let mut secret = view.kings;
        for color in Color::ALL {
            let i = color.index();
            if secret[i].is_none() && view.chosen[i] && !view.revealed[i] && candidates[i] != 0 {
                // Any Knight that could be it, all equally likely.
                let list: Vec<Square> = squares(candidates[i]).collect();
                secret[i] = Some(list[rng.random_range(0..list.len())]);
            }
        }
        SecretKing {
            options: view.options,
            core: Core {
                position: view.position.clone(),
                secret,
                revealed: view.revealed,
                candidates,
            },
            history: view.history.clone(),
            keys: view.keys.clone(),
            plies: view.plies,
            outcome: view.outcome.clone(),
        }
    }

    /// Where the opponent's Secret King hides while `seat` cannot know:
    /// place = its square's number ([`Square`]`.0`), what = 0.
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        let them = color_of(seat).other();
        if self.outcome.is_none()
            && !self.core.revealed[them.index()]
            && let Some(square) = self.core.secret[them.index()]
        {
            out.push(veil_core::Fact {
                place: u16::from(square.0),
                what: 0,
            });
        }
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        if let Some(outcome) = &self.outcome {
            return Some(outcome.reward(seat));
        }
        if !self.choosing().is_empty() {
            return Some(0.5);
        }
        let mut value = crate::eval::evaluate(self, color_of(seat));
        // Nearing the 50-move rule or a third repetition the game drifts
        // towards a draw, so the side ahead makes progress first.
        let quiet = self.core.position.halfmoves() as f64;
        if quiet > 60.0 {
            let w = ((quiet - 60.0) / 40.0).min(1.0) * 0.5;
            value = (1.0 - w) * value + w * 0.5;
        }
        let current = self.keys.last().copied();
        if self.keys.iter().filter(|k| Some(**k) == current).count() >= 2 {
            value = 0.5 * value + 0.25;
        }
        Some(value)
    }

    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::eval::playout_action(self, seat, legal, rng)
    }
}

impl SecretKing {
    /// Any action value, legal or not, for the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        let sq = |rng: &mut GameRng| Square(rng.random_range(0..100u8));
        match rng.random_range(0..4) {
            0 => Action::ChooseKing(sq(rng)),
            1 => {
                let role =
                    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][rng.random_range(0..4)];
                Action::Move(Move::promotion(sq(rng), sq(rng), role))
            }
            _ => Action::Move(Move::normal(sq(rng), sq(rng))),
        }
    }
}
