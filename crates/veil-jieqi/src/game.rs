//! Jieqi as a Veil [`Game`]: face-down pieces, chance reveals, what each
//! seat may know, and the end of the game.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, ParseError, RngExt, Seat,
    SeedableRng, Turn,
};

use crate::position::{MoveList, Position, color_bit, down_byte, parse_fen, piece_byte};
use crate::types::{Color, Kind, Move, Piece, Rules, Square};

/// Who learns the identity of a captured face-down piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum CapturedReveal {
    /// Only the capturer; the owner learns only that a face-down piece was lost.
    #[default]
    CapturerOnly,
    /// Both sides.
    Both,
}

/// The rulings marked *option* in RULINGS §4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct JieqiOptions {
    pub captured_reveal: CapturedReveal,
}

/// A seat's move, or chance naming a face-down piece that moved or was captured.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    Move(Move),
    Reveal(Kind),
}

/// `h2e2` for a move, the kind's letter (`n`) for a reveal.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => fmt::Display::fmt(m, f),
            Action::Reveal(k) => write!(f, "{}", k.letter()),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Action, ParseError> {
        veil_core::limits::check("Jieqi action", s, veil_core::limits::MAX_MOVE_BYTES)?;
        if let Ok(m) = s.parse::<Move>() {
            return Ok(Action::Move(m));
        }
        match s.parse::<Kind>() {
            Ok(k) if k != Kind::General => Ok(Action::Reveal(k)),
            _ => Err(ParseError::new(
                "Jieqi action",
                s,
                "expected an ICCS move like h2e2 or a revealed piece letter a b n r c p",
            )),
        }
    }
}

/// Formats a move in Veil's record form: ICCS with the revealed piece's
/// letter appended when the move turned a piece face up (`b0c2n`).
pub fn record_move(m: Move, revealed: Option<Kind>) -> String {
    match revealed {
        Some(k) => format!("{m}{}", k.letter()),
        None => m.to_string(),
    }
}

/// Reads a record move: `h2e2`, or `b0c2n` with the revealed piece's letter.
pub fn parse_record_move(text: &str) -> Result<(Move, Option<Kind>), ParseError> {
    veil_core::limits::check("ICCS move", text, veil_core::limits::MAX_MOVE_BYTES)?;
    let bad = |reason: &str| ParseError::new("ICCS move", text, reason);
    if !text.is_ascii() {
        return Err(bad("expected ASCII like h2e2 or b0c2n"));
    }
    let compact: String = text.chars().filter(|c| *c != '-').collect();
    match compact.len() {
        4 => Ok((compact.parse::<Move>().map_err(|e| bad(&e.reason))?, None)),
        5 => {
            let m = compact[..4].parse::<Move>().map_err(|e| bad(&e.reason))?;
            let c = compact.as_bytes()[4] as char;
            match Kind::from_letter(c) {
                Some(k) if k != Kind::General => Ok((m, Some(k))),
                _ => Err(bad(
                    "the fifth letter must name the revealed piece: a b n r c p",
                )),
            }
        }
        _ => Err(bad(
            "expected two squares like h2e2, maybe followed by a piece letter",
        )),
    }
}

/// A piece that left the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Captured {
    /// The side that lost it.
    pub color: Color,
    /// Its identity (`None` in a [`JieqiView`] when the viewer does not know it,
    /// and in the game while chance has yet to name it).
    pub kind: Option<Kind>,
    /// It was face down when taken.
    pub face_down: bool,
}

/// One position since the last capture or reveal, for repetitions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Repetition {
    /// [`Position::key`] of the position.
    pub key: u64,
    /// The move that led here gave check.
    pub check: bool,
}

/// The piece values of the evaluation (a soldier is 1, 2 once across the river).
pub const fn value(kind: Kind) -> f64 {
    match kind {
        Kind::General => 0.0,
        Kind::Advisor => 2.0,
        Kind::Elephant => 2.0,
        Kind::Horse => 4.0,
        Kind::Chariot => 9.0,
        Kind::Cannon => 4.5,
        Kind::Soldier => 1.0,
    }
}

/// The average value of a face-down piece drawn from `pool`.
fn pool_average(pool: &[u8; 8]) -> f64 {
    let total: u32 = pool.iter().map(|n| *n as u32).sum();
    if total == 0 {
        return 0.0;
    }
    let sum: f64 = Kind::ALL
        .iter()
        .map(|k| pool[k.index()] as f64 * value(*k))
        .sum();
    sum / total as f64
}

/// A game of Jieqi in progress, knowing everything: the board, and each
/// side's true pool of face-down identities. Face-down pieces on the board
/// have no identity until chance names them as they move or are taken.
///
/// Read from outside data (a save) it is checked: a position a FEN can
/// describe, a reveal or capture waiting for chance only where chance can
/// name it, a game not over only when it can go on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "JieqiUnchecked")]
pub struct Jieqi {
    options: JieqiOptions,
    position: Position,
    /// A face-down piece that moved here and waits for chance to name it.
    pending_reveal: Option<Square>,
    /// The last captured piece was face down and waits for chance to name it.
    pending_capture: bool,
    captured: Vec<Captured>,
    /// Positions since the last capture or reveal, the current one last.
    history: Vec<Repetition>,
    last_move: Option<Move>,
    /// What the last move's mover turned out to be, when it was face down.
    last_reveal: Option<Kind>,
    outcome: Option<Outcome>,
}

/// [`Jieqi`] as read, before it is checked.
#[derive(Deserialize)]
struct JieqiUnchecked {
    options: JieqiOptions,
    position: Position,
    pending_reveal: Option<Square>,
    pending_capture: bool,
    captured: Vec<Captured>,
    history: Vec<Repetition>,
    last_move: Option<Move>,
    last_reveal: Option<Kind>,
    outcome: Option<Outcome>,
}

impl TryFrom<JieqiUnchecked> for Jieqi {
    type Error = String;
    fn try_from(raw: JieqiUnchecked) -> Result<Jieqi, String> {
        let game = Jieqi {
            options: raw.options,
            position: raw.position,
            pending_reveal: raw.pending_reveal,
            pending_capture: raw.pending_capture,
            captured: raw.captured,
            history: raw.history,
            last_move: raw.last_move,
            last_reveal: raw.last_reveal,
            outcome: raw.outcome,
        };
        game.validate()?;
        Ok(game)
    }
}

impl Jieqi {
    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game): every captured piece's identity. (A face-down piece
    /// on the board has none yet: it is drawn from the pool when revealed.)
    pub fn revealed(&self, seat: Seat) -> JieqiView {
        self.view(seat, |_| true)
    }

    /// A view for `seat` that shows the captured pieces `shown` says it
    /// was shown.
    fn view(&self, seat: Seat, shown: impl Fn(&Captured) -> bool) -> JieqiView {
        let mut unseen = [
            self.position.pool(Color::Red),
            self.position.pool(Color::Black),
        ];
        let captured = self
            .captured
            .iter()
            .map(|c| {
                if shown(c) {
                    *c
                } else {
                    if let Some(k) = c.kind {
                        unseen[c.color.index()][k.index()] += 1;
                    }
                    Captured { kind: None, ..*c }
                }
            })
            .collect();
        JieqiView {
            seat,
            options: self.options,
            board: Square::all().map(|sq| self.position.piece_at(sq)).collect(),
            to_move: self.position.turn(),
            turn: self.turn(),
            pending_reveal: self.pending_reveal,
            pending_capture: self.pending_capture,
            captured,
            unseen,
            history: self.history.clone(),
            halfmoves: self.position.halfmoves(),
            fullmoves: self.position.fullmoves(),
            last_move: self.last_move,
            last_reveal: self.last_reveal,
            outcome: self.outcome.clone(),
        }
    }

    /// Checks a whole state (one read from outside data).
    pub(crate) fn validate(&self) -> Result<(), String> {
        let pos = &self.position;
        match parse_fen(&pos.to_fen(), Some(pos.rules()), false) {
            Ok(read) if read == *pos => {}
            Ok(_) => return Err("the position is not what its FEN says".into()),
            Err(e) => return Err(e.to_string()),
        }
        if self.history.is_empty() {
            return Err("the repetition history is empty".into());
        }
        if let Some(o) = &self.outcome {
            o.check(2)?;
        }
        // Chance must be able to name every piece waiting for it.
        let mut needed = [0u32; 2];
        if let Some(sq) = self.pending_reveal {
            match pos.piece_at(sq) {
                Some(p) if p.kind.is_none() && p.color != pos.turn() => {
                    needed[p.color.index()] += 1;
                }
                _ => return Err("the piece waiting to be named is not face down".into()),
            }
        }
        if self.pending_capture {
            match self.captured.last() {
                Some(c) if c.kind.is_none() && c.face_down => needed[c.color.index()] += 1,
                _ => return Err("the capture waiting to be named is not face down".into()),
            }
        }
        // The pool holds exactly the identities of the face-down pieces on
        // the board and of a captured one waiting to be named.
        for color in Color::ALL {
            let pool = pos.pool(color);
            let left: u32 = Kind::ALL
                .iter()
                .filter(|k| **k != Kind::General)
                .map(|k| u32::from(pool[k.index()]))
                .sum();
            let all: u32 = pool.iter().map(|n| u32::from(*n)).sum();
            let face_down = pos.face_down_count(color);
            let waiting = u32::from(
                self.pending_capture && self.captured.last().is_some_and(|c| c.color == color),
            );
            if all != left || left != face_down + waiting || left < needed[color.index()] {
                return Err(format!(
                    "{color:?}'s pool of {left} does not match its {face_down} face-down pieces"
                ));
            }
        }
        if self.outcome.is_none() && !self.chance_pending() && self.judge().is_some() {
            return Err("the game has ended, but no outcome says so".into());
        }
        Ok(())
    }

    fn from_position(options: JieqiOptions, position: Position) -> Jieqi {
        let key = position.key();
        let mut game = Jieqi {
            options,
            position,
            pending_reveal: None,
            pending_capture: false,
            captured: Vec::new(),
            history: vec![Repetition { key, check: false }],
            last_move: None,
            last_reveal: None,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// A game from a FEN (face-down pieces `x`, then the pool). Plain
    /// xiangqi FENs read too and play with Jieqi's face-up rules.
    pub fn from_fen(fen: &str) -> Result<Jieqi, ParseError> {
        Ok(Jieqi::from_position(
            JieqiOptions::default(),
            Position::from_fen_with_rules(fen, Rules::Jieqi)?,
        ))
    }

    /// Like [`Jieqi::from_fen`] with options.
    pub fn from_fen_with_options(fen: &str, options: JieqiOptions) -> Result<Jieqi, ParseError> {
        Ok(Jieqi::from_position(
            options,
            Position::from_fen_with_rules(fen, Rules::Jieqi)?,
        ))
    }

    /// The FEN of the position (in the middle of a reveal, the moved piece
    /// is still written face down).
    pub fn to_fen(&self) -> String {
        self.position.to_fen()
    }

    /// The game played from this state by `actions`, in the notation
    /// xiangqi players read: a PGN-style text with the start's FEN
    /// (face-down pieces `x`/`X`, then the pools) and the moves in ICCS,
    /// the revealed piece's letter added (`b0c2n`), and a comment naming a
    /// face-down piece when a capture took it (`{took n}`). Every secret is
    /// in it: for a finished game. An action that does not apply is an
    /// error naming it; nothing is written then.
    ///
    /// ```
    /// use veil_core::{Actor, Game};
    /// use veil_jieqi::{Action, Jieqi, Kind};
    ///
    /// let start = Jieqi::new(&Default::default(), 2).unwrap();
    /// let actions = [
    ///     (Actor::Seat(veil_core::Seat(0)), Action::Move("b0c2".parse().unwrap())),
    ///     (Actor::Chance, Action::Reveal(Kind::Horse)),
    /// ];
    /// let text = start.write_record(&actions).unwrap();
    /// assert!(text.contains("[FEN \"xxxxkxxxx/"));
    /// assert!(text.contains("1. b0c2n"));
    /// ```
    pub fn write_record(&self, actions: &[(Actor, Action)]) -> Result<String, ActionError<Action>> {
        let mut game = self.clone();
        let mut moves = String::new();
        let mut ply = usize::from(self.position.turn() == Color::Black);
        if ply == 1 {
            moves.push_str("1...");
        }
        let mut i = 0;
        while i < actions.len() {
            let (actor, action) = actions[i];
            game.apply(actor, action)?;
            i += 1;
            let Action::Move(m) = action else {
                continue;
            };
            // The chance that follows names the moved piece, or the
            // face-down piece it took.
            let mut revealed = None;
            let mut took = None;
            while let Some(&(Actor::Chance, chance)) = actions.get(i) {
                let reveal = game.pending_reveal.is_some();
                game.apply(Actor::Chance, chance)?;
                if let Action::Reveal(kind) = chance {
                    if reveal {
                        revealed = Some(kind)
                    } else {
                        took = Some(kind)
                    }
                }
                i += 1;
            }
            if ply % 2 == 0 {
                moves.push_str(&format!("{}. ", ply / 2 + 1));
            }
            moves.push_str(&record_move(m, revealed));
            if let Some(kind) = took {
                moves.push_str(&format!(" {{took {}}}", kind.letter()));
            }
            moves.push(' ');
            ply += 1;
        }
        let result = match game.outcome() {
            Some(o) if o.is_draw() => "1/2-1/2",
            Some(o) if o.winners().next() == Some(Seat(0)) => "1-0",
            Some(_) => "0-1",
            None => "*",
        };
        Ok(format!(
            "[Variant \"Jieqi\"]\n[FEN \"{}\"]\n[Result \"{result}\"]\n\n{moves}{result}\n",
            self.to_fen()
        ))
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Is the side to move in check? (False while chance is to act.)
    pub fn is_check(&self) -> bool {
        !self.chance_pending() && self.position.is_check()
    }

    pub fn captured(&self) -> &[Captured] {
        &self.captured
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    pub fn last_reveal(&self) -> Option<Kind> {
        self.last_reveal
    }

    pub fn history(&self) -> &[Repetition] {
        &self.history
    }

    fn chance_pending(&self) -> bool {
        self.pending_reveal.is_some() || self.pending_capture
    }

    /// Whose identity chance must draw now, and from which side's pool.
    fn chance_color(&self) -> Option<Color> {
        if let Some(sq) = self.pending_reveal {
            return self.position.piece_at(sq).map(|p| p.color);
        }
        if self.pending_capture {
            return self.captured.last().map(|c| c.color);
        }
        None
    }

    /// Ends the game if the side to move has no move, or by repetition or
    /// the 120-ply rule.
    fn judge(&self) -> Option<Outcome> {
        let to_move = self.position.turn();
        if self.position.legal_move_count() == 0 {
            let how = if self.position.is_check() {
                "checkmate"
            } else {
                "no legal move (stalemate)"
            };
            return Some(Outcome::win(seat_of(!to_move), 2, how));
        }
        let n = self.history.len();
        let key = self.history[n - 1].key;
        let first = self
            .history
            .iter()
            .position(|r| r.key == key)
            .unwrap_or(n - 1);
        let occurrences = self.history.iter().filter(|r| r.key == key).count();
        if occurrences >= 3 {
            return Some(self.repetition_outcome(first));
        }
        if self.position.halfmoves() >= 120 {
            return Some(Outcome::draw(2, "120 plies without a capture or a reveal"));
        }
        None
    }

    /// If a position has occurred twice since the last capture or reveal,
    /// the result one more repetition of it would bring, and whether that
    /// position is the current one.
    fn repetition_forecast(&self) -> Option<(Outcome, bool)> {
        let n = self.history.len();
        let current = self.history.last()?.key;
        let first = (0..n).find(|&i| {
            self.history[i + 1..]
                .iter()
                .any(|r| r.key == self.history[i].key)
        })?;
        let now = self.history[first].key == current;
        Some((self.repetition_outcome(first), now))
    }

    /// The result of a repetition whose cycle starts after history entry `first`.
    fn repetition_outcome(&self, first: usize) -> Outcome {
        let n = self.history.len();
        let to_move = self.position.turn();
        // The last entry was made by the side not to move.
        let mover = !to_move;
        let mut perpetual = [true, true];
        for (j, rep) in self.history.iter().enumerate().skip(first + 1) {
            let by = if (n - 1 - j).is_multiple_of(2) {
                mover
            } else {
                to_move
            };
            perpetual[by.index()] &= rep.check;
        }
        match perpetual {
            [true, false] => Outcome::win(seat_of(Color::Black), 2, "perpetual check by Red"),
            [false, true] => Outcome::win(seat_of(Color::Red), 2, "perpetual check by Black"),
            _ => Outcome::draw(2, "threefold repetition"),
        }
    }

    /// The move and its chance draws are complete: record the position.
    fn finish_turn(&mut self) {
        let check = self.position.is_check();
        if self.position.halfmoves() == 0 {
            self.history.clear();
        }
        self.history.push(Repetition {
            key: self.position.key(),
            check,
        });
        self.outcome = self.judge();
    }

    fn play_move(&mut self, m: Move) {
        let mover_down = self.position.is_reveal(m);
        let victim = self.position.piece_at(m.to);
        self.position.play_unrevealed(m);
        if let Some(v) = victim {
            self.captured.push(Captured {
                color: v.color,
                kind: v.kind,
                face_down: v.kind.is_none(),
            });
            self.pending_capture = v.kind.is_none();
        }
        if mover_down {
            self.pending_reveal = Some(m.to);
        }
        self.last_move = Some(m);
        self.last_reveal = None;
        if !self.chance_pending() {
            self.finish_turn();
        }
    }

    fn reveal(&mut self, kind: Kind) -> Result<(), &'static str> {
        let color = self.chance_color().ok_or("nothing to reveal")?;
        if kind == Kind::General || self.position.pool_count(color, kind) == 0 {
            return Err("that kind is not in the face-down pool");
        }
        self.position.pool_mut(color)[kind.index()] -= 1;
        if let Some(sq) = self.pending_reveal.take() {
            self.position.set_byte(sq, color_bit(color) | kind as u8);
            self.last_reveal = Some(kind);
        } else if let Some(last) = self.captured.last_mut() {
            last.kind = Some(kind);
            self.pending_capture = false;
        }
        if !self.chance_pending() {
            self.finish_turn();
        }
        Ok(())
    }

    /// Plays a record move (`h2e2`, or `b0c2n` naming the revealed piece)
    /// for the side to move, with its chance turns: the named reveal, or one
    /// drawn with `rng` when the letter is missing, and the identity of a
    /// captured face-down piece drawn with `rng`. On error nothing changes.
    pub fn apply_record(&mut self, text: &str, rng: &mut GameRng) -> Result<(), ParseError> {
        let (m, named) = parse_record_move(text)?;
        let refuse = |reason: &str| Err(ParseError::new("Jieqi move", text, reason));
        let Turn::Seat(seat) = self.turn() else {
            return refuse("it is not a seat's turn");
        };
        if !self.position.is_legal(m) {
            return refuse("not a legal move here");
        }
        let reveals = self.position.is_reveal(m);
        if let Some(kind) = named {
            if !reveals {
                return refuse("the moving piece is already face up");
            }
            if self.position.pool_count(self.position.turn(), kind) == 0 {
                return refuse("no such piece is left face down");
            }
        }
        let ok = self.apply(Actor::Seat(seat), Action::Move(m)).is_ok();
        debug_assert!(ok, "checked legal above");
        while self.turn() == Turn::Chance {
            let draw = match (self.pending_reveal, named) {
                (Some(_), Some(kind)) => Action::Reveal(kind),
                _ => self.sample_chance(rng),
            };
            let ok = self.apply(Actor::Chance, draw).is_ok();
            debug_assert!(ok, "a drawn identity is in its pool");
        }
        Ok(())
    }

    /// When chance is to act: each possible outcome with its weight (how
    /// many of that kind are in the pool it is drawn from).
    pub fn chance_odds(&self) -> Vec<(Action, u32)> {
        match self.chance_color() {
            Some(color) if self.outcome.is_none() => {
                let pool = self.position.pool(color);
                Kind::ALL
                    .into_iter()
                    .filter(|k| pool[k.index()] > 0)
                    .map(|k| (Action::Reveal(k), pool[k.index()] as u32))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Can `seat` see the identity of this captured piece?
    fn knows(&self, seat: Seat, c: &Captured) -> bool {
        self.shown_to_both(c) || seat_of(!c.color) == seat
    }

    /// Whether both sides know a captured piece: a face-up one, or a
    /// face-down one when the owner is shown it too.
    fn shown_to_both(&self, c: &Captured) -> bool {
        !c.face_down || self.options.captured_reveal == CapturedReveal::Both
    }

    /// A plain evaluation of the material and the generals' safety for
    /// `color`, in pawns.
    pub fn score(&self, color: Color) -> f64 {
        let pos = &self.position;
        let mut material = [0.0f64; 2];
        for side in Color::ALL {
            let average = pool_average(&pos.pool(side));
            for (sq, piece) in pos.pieces(side) {
                material[side.index()] += match piece.kind {
                    None => average,
                    Some(Kind::Soldier) if !sq.is_home(side) => 2.0,
                    Some(k) => value(k),
                };
            }
        }
        let lead = material[color.index()] - material[(!color).index()];
        let mut score = lead;
        // Hunt the general: worth more the further ahead we are, so a
        // winning side converts instead of shuffling.
        let press = (lead.abs() / 4.0).clamp(0.25, 3.0);
        let theirs = pos.general_freedom(!color) as f64;
        let mine = pos.general_freedom(color) as f64;
        if lead >= 0.0 {
            score += press * 0.3 * (4.0 - theirs);
        } else {
            score -= press * 0.3 * (4.0 - mine);
        }
        // Mobility: a little for every extra move.
        let mut board = pos.clone();
        let mut list = MoveList::new();
        let mut moves = [0i32; 2];
        for side in [pos.turn(), !pos.turn()] {
            board.set_turn(side);
            board.generate(&mut list);
            moves[side.index()] = list.len() as i32;
        }
        score += 0.03 * (moves[color.index()] - moves[(!color).index()]) as f64;
        if pos.turn() != color && pos.is_attacked_general(!color) {
            score += 0.5 * press;
        }
        if pos.turn() == color && pos.is_attacked_general(color) {
            score -= 0.5 * press;
        }
        score
    }
}

fn seat_of(color: Color) -> Seat {
    Seat(color.index() as u8)
}

fn color_of(seat: Seat) -> Color {
    if seat.0 == 0 {
        Color::Red
    } else {
        Color::Black
    }
}

/// What one seat of a Jieqi game may know: the board with face-up kinds and
/// face-down markers, the captured pieces as far as it has seen them, and
/// per side the identities it has not seen yet.
///
/// Read from outside data it is checked: its seat, 90 points, and a full
/// state sampled from it must pass [`Jieqi`]'s checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "JieqiViewUnchecked")]
pub struct JieqiView {
    pub seat: Seat,
    pub options: JieqiOptions,
    /// The 90 points, indexed by [`Square::index`].
    pub board: Vec<Option<Piece>>,
    pub to_move: Color,
    pub turn: Turn,
    pub pending_reveal: Option<Square>,
    pub pending_capture: bool,
    /// Captured pieces in order; `kind` is `None` where this seat does not know it.
    pub captured: Vec<Captured>,
    /// Per side (`Color as usize`), how many of each kind (`Kind as usize`)
    /// this seat has not seen: the face-down pieces on the board and the
    /// captured ones it was not shown.
    pub unseen: [[u8; 8]; 2],
    pub history: Vec<Repetition>,
    pub halfmoves: u32,
    pub fullmoves: u32,
    pub last_move: Option<Move>,
    pub last_reveal: Option<Kind>,
    pub outcome: Option<Outcome>,
}

/// [`JieqiView`] as read, before it is checked.
#[derive(Deserialize)]
struct JieqiViewUnchecked {
    seat: Seat,
    options: JieqiOptions,
    board: Vec<Option<Piece>>,
    to_move: Color,
    turn: Turn,
    pending_reveal: Option<Square>,
    pending_capture: bool,
    captured: Vec<Captured>,
    unseen: [[u8; 8]; 2],
    history: Vec<Repetition>,
    halfmoves: u32,
    fullmoves: u32,
    last_move: Option<Move>,
    last_reveal: Option<Kind>,
    outcome: Option<Outcome>,
}

impl TryFrom<JieqiViewUnchecked> for JieqiView {
    type Error = String;
    fn try_from(raw: JieqiViewUnchecked) -> Result<JieqiView, String> {
        if raw.seat.index() >= 2 || raw.board.len() != 90 {
            return Err("not a view of one of Jieqi's two seats on 90 points".into());
        }
        if raw.halfmoves > crate::MAX_COUNTER || !(1..=crate::MAX_COUNTER).contains(&raw.fullmoves)
        {
            return Err(format!(
                "counters {} and {} beyond a FEN's 0–{max} and 1–{max}",
                raw.halfmoves,
                raw.fullmoves,
                max = crate::MAX_COUNTER
            ));
        }
        let view = JieqiView {
            seat: raw.seat,
            options: raw.options,
            board: raw.board,
            to_move: raw.to_move,
            turn: raw.turn,
            pending_reveal: raw.pending_reveal,
            pending_capture: raw.pending_capture,
            captured: raw.captured,
            unseen: raw.unseen,
            history: raw.history,
            halfmoves: raw.halfmoves,
            fullmoves: raw.fullmoves,
            last_move: raw.last_move,
            last_reveal: raw.last_reveal,
            outcome: raw.outcome,
        };
        Jieqi::determinize(&view, &mut GameRng::seed_from_u64(0))
            .validate()
            .map_err(|e| format!("no full state fits this view: {e}"))?;
        Ok(view)
    }
}

impl JieqiView {
    /// Whether the two sides may know different things: a captured
    /// face-down piece whose identity this viewer was not shown (so the
    /// other side was). In hot-seat play the board must then change hands
    /// behind a privacy screen.
    pub fn knowledge_differs(&self) -> bool {
        self.captured
            .iter()
            .any(|c| c.face_down && c.kind.is_none())
    }

    /// The piece on `sq`, face up (`kind: Some`) or face down.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// How many `kind` of `color` this seat has not seen.
    pub fn unseen_count(&self, color: Color, kind: Kind) -> u8 {
        self.unseen[color.index()][kind.index()]
    }

    /// The colour this view's seat plays.
    pub fn color(&self) -> Color {
        color_of(self.seat)
    }

    /// The board alone, for move generation (pools are the unseen counts).
    fn board_position(&self) -> Position {
        let mut pos = Position::empty(Rules::Jieqi);
        for sq in Square::all() {
            if let Some(p) = self.piece_at(sq) {
                pos.set_byte(sq, piece_byte(p, sq));
            }
        }
        if let Some(sq) = self.pending_reveal
            && let Some(p) = self.piece_at(sq)
        {
            pos.set_byte(sq, down_byte(p.color, sq));
        }
        for c in Color::ALL {
            *pos.pool_mut(c) = self.unseen[c.index()];
        }
        pos.set_turn(self.to_move);
        pos.set_counters(self.halfmoves, self.fullmoves);
        pos
    }

    /// Is the side to move in check? (False while chance is to act.)
    pub fn is_check(&self) -> bool {
        self.pending_reveal.is_none() && !self.pending_capture && self.board_position().is_check()
    }

    /// The legal moves of the side to move when it is this seat's turn
    /// (they depend only on what everyone sees), otherwise none.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.turn != Turn::Seat(self.seat) {
            return Vec::new();
        }
        self.board_position().legal_moves()
    }

    /// This seat's legal moves from `from`, for highlighting.
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }
}

impl Game for Jieqi {
    const ID: &'static str = "jieqi";
    type Options = JieqiOptions;
    type Action = Action;
    type Observation = JieqiView;

    fn new(options: &JieqiOptions, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new(format!(
                "Jieqi is for 2 seats, not {seats}"
            )));
        }
        Ok(Jieqi::from_position(*options, Position::jieqi_start()))
    }

    fn options(&self) -> &JieqiOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else if self.chance_pending() {
            Turn::Chance
        } else {
            Turn::Seat(seat_of(self.position.turn()))
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let turn = self.turn();
        match (actor, turn) {
            (Actor::Chance, Turn::Chance) => {
                if let Some(color) = self.chance_color() {
                    let pool = self.position.pool(color);
                    out.extend(
                        Kind::ALL
                            .into_iter()
                            .filter(|k| pool[k.index()] > 0)
                            .map(Action::Reveal),
                    );
                }
            }
            (Actor::Seat(s), Turn::Seat(t)) if s == t => {
                let mut list = MoveList::new();
                self.position.legal_moves_into(&mut list);
                out.extend(list.iter().map(|m| Action::Move(*m)));
            }
            _ => {}
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        let pool = self
            .chance_color()
            .map(|c| self.position.pool(c))
            .unwrap_or([0; 8]);
        let total: u32 = pool.iter().map(|n| *n as u32).sum();
        if total == 0 {
            // Not a chance turn: any value, which apply refuses.
            return Action::Reveal(Kind::Soldier);
        }
        let mut r = rng.random_range(0..total);
        for k in Kind::ALL {
            let n = pool[k.index()] as u32;
            if r < n {
                return Action::Reveal(k);
            }
            r -= n;
        }
        unreachable!("r < total")
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
        match (actor, turn) {
            (Actor::Chance, Turn::Chance) => match action {
                Action::Reveal(kind) => self.reveal(kind).map_err(illegal),
                Action::Move(_) => Err(illegal("chance names pieces; it does not move them")),
            },
            (Actor::Seat(s), Turn::Seat(t)) if s == t => match action {
                Action::Move(m) => {
                    if !self.position.is_legal(m) {
                        return Err(illegal("not a legal move"));
                    }
                    self.play_move(m);
                    Ok(())
                }
                Action::Reveal(_) => Err(illegal("only chance reveals pieces")),
            },
            _ => Err(ActionError::NotYourTurn { actor, action }),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, seat: Seat) -> JieqiView {
        self.view(seat, |c| self.knows(seat, c))
    }

    /// Red's chair, shown only the captures both sides were shown.
    fn observe_public(&self) -> JieqiView {
        self.view(seat_of(Color::Red), |c| self.shown_to_both(c))
    }

    fn observer(view: &JieqiView) -> Seat {
        view.seat
    }

    /// The captured face-down pieces `seat` was not shown: place = the
    /// piece's index in [`Jieqi::captured`], what = its [`Kind`]'s index.
    /// (A face-down piece on the board has no identity yet to believe in.)
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        for (i, c) in self.captured.iter().enumerate() {
            if let Some(kind) = c.kind
                && !self.knows(seat, c)
            {
                out.push(veil_core::Fact {
                    place: i as u16,
                    what: kind.index() as u16,
                });
            }
        }
    }

    fn determinize(view: &JieqiView, rng: &mut GameRng) -> Jieqi {
        let mut position = view.board_position();
        let mut captured = view.captured.clone();
        let last = captured.len().wrapping_sub(1);
        for color in Color::ALL {
            let mut left = view.unseen[color.index()];
            // Captured pieces this seat never saw are any of its unseen
            // identities, all equally likely; the rest is the true pool.
            for (i, c) in captured.iter_mut().enumerate() {
                let pending = view.pending_capture && i == last;
                if c.color != color || !c.face_down || c.kind.is_some() || pending {
                    continue;
                }
                let total: u32 = left.iter().map(|n| *n as u32).sum();
                if total == 0 {
                    continue;
                }
                let mut r = rng.random_range(0..total);
                for k in Kind::ALL {
                    let n = left[k.index()] as u32;
                    if r < n {
                        left[k.index()] -= 1;
                        c.kind = Some(k);
                        break;
                    }
                    r -= n;
                }
            }
            *position.pool_mut(color) = left;
        }
        Jieqi {
            options: view.options,
            position,
            pending_reveal: view.pending_reveal,
            pending_capture: view.pending_capture,
            captured,
            history: view.history.clone(),
            last_move: view.last_move,
            last_reveal: view.last_reveal,
            outcome: view.outcome.clone(),
        }
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        if let Some(outcome) = &self.outcome {
            return Some(outcome.reward(seat));
        }
        let score = self.score(color_of(seat));
        let mut value = 1.0 / (1.0 + (-score / 6.0).exp());
        // Nearing 120 quiet plies the game drifts towards a draw, so a side
        // ahead wants to capture or reveal before then.
        let quiet = self.position.halfmoves() as f64;
        if quiet > 80.0 {
            let w = ((quiet - 80.0) / 40.0).min(1.0) * 0.5;
            value = (1.0 - w) * value + w * 0.5;
        }
        // A position seen twice is on its way to a third time: lean towards
        // what that would bring (a draw, or a loss for a side that only
        // checks), so a search does not drift into it; most of all when
        // the repeated position is on the board now.
        Some(match self.repetition_forecast() {
            Some((outcome, true)) => 0.3 * value + 0.7 * outcome.reward(seat),
            Some((outcome, false)) => 0.6 * value + 0.4 * outcome.reward(seat),
            None => value,
        })
    }

    fn playout_action(&self, _seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        let pos = &self.position;
        let mut best: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::Move(m) = a
                && let Some(victim) = pos.piece_at(m.to)
            {
                let v = match victim.kind {
                    Some(k) => value(k),
                    None => pool_average(&pos.pool(victim.color)),
                };
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, a));
                }
            }
        }
        if let Some((_, a)) = best
            && rng.random_bool(0.85)
        {
            return a;
        }
        if rng.random_bool(0.3) {
            for _ in 0..6 {
                let a = legal[rng.random_range(0..legal.len())];
                if let Action::Move(m) = a
                    && pos.gives_check(m)
                {
                    return a;
                }
            }
        }
        legal[rng.random_range(0..legal.len())]
    }
}

impl Jieqi {
    /// Any action value, legal or not, for the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        if rng.random_bool(0.3) {
            Action::Reveal(Kind::ALL[rng.random_range(0..7)])
        } else {
            let from = Square::from_index(rng.random_range(0..90)).expect("below 90");
            let to = Square::from_index(rng.random_range(0..90)).expect("below 90");
            Action::Move(Move::new(from, to))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A repetition cycle of four plies whose moves gave check as listed
    /// (Red's first), ending in the third occurrence of the first position.
    fn cycle(checks: [bool; 4]) -> Outcome {
        let mut game = Jieqi::from_fen("3k5/9/7R1/9/9/9/9/9/9/5K3 w - 0 1").unwrap();
        let keys = [1u64, 2, 3, 4];
        game.history = vec![Repetition {
            key: keys[0],
            check: false,
        }];
        for _ in 0..2 {
            for i in 1..=4 {
                game.history.push(Repetition {
                    key: keys[i % 4],
                    check: checks[i - 1],
                });
            }
        }
        // Red is to move again: the last entry was Black's.
        game.judge().expect("a third occurrence ends the game")
    }

    #[test]
    fn perpetual_check_by_both_sides_draws() {
        assert!(cycle([true, true, true, true]).is_draw());
        assert!(cycle([false, false, false, false]).is_draw());
        assert!(cycle([true, false, false, false]).is_draw());
        assert_eq!(
            cycle([true, false, true, false])
                .winners()
                .collect::<Vec<_>>(),
            vec![Seat(1)]
        );
        assert_eq!(
            cycle([false, true, false, true])
                .winners()
                .collect::<Vec<_>>(),
            vec![Seat(0)]
        );
    }
}
