//! Intrigue as a Veil [`Game`]: the secret setup, hidden Kings, Informant
//! inspections, voluntary reveals and the end of the game.

use serde::{Deserialize, Serialize};
use veil_chess::{Bits, Chess, Color, Geometry, Grid8, Move, Position, Role, Rules, Setup, Square};
use veil_core::limits::{self, MAX_MOVE_BYTES, MAX_POSITION_BYTES};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, ParseError, RngExt, Seat, SeatSet,
    Turn,
};

use crate::types::{
    Action, IntrigueOptions, PawnState, Queens, Secret, color_of, seat_of, square_name,
};

/// The board rules: standard chess, Kings may be absent (hidden), castling
/// from the d and e files.
pub const RULES: Rules = Rules::intrigue();

/// The reason of the outcome in which both sides lose.
pub const BOTH_LOSE: &str = "both lose";

/// A capturer's pending decision: one of its pawns (now on `pawn`) captured
/// the enemy Informant, so it may retire its own Informant, if that pawn was it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pending {
    pub color: Color,
    pub pawn: Square,
}

/// Everything both sides know: the board (every piece on it is visible),
/// which Kings have appeared and where, what became of every pawn, the
/// announced retirements, the moves in SAN and the repetition history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Public {
    pub position: Chess,
    /// Per colour: the secret setup is done.
    pub chosen: [bool; 2],
    /// Per colour: where its King appeared (its hiding square), `None` while hidden.
    pub kings: [Option<Square>; 2],
    /// Per colour: its Informant was retired (announced).
    pub retired: [bool; 2],
    /// Per colour, per starting file: what became of that pawn.
    pub pawns: [[PawnState; 8]; 2],
    pub pending: Option<Pending>,
    /// One entry per move or reveal, in SAN; a King appearing is `K@e4`, an
    /// inspection that found the Informant adds `(Informant: K@c3)`.
    pub history: Vec<String>,
    /// Zobrist hashes of the positions since the last irreversible action
    /// (capture, pawn move, reveal), the current one last.
    pub hashes: Vec<u64>,
    pub last_move: Option<Move>,
    pub outcome: Option<Outcome>,
}

/// A game of Intrigue in progress, knowing both sides' secrets.
///
/// Read from outside data (a save) it is checked as a whole: squares on the
/// board, the Kings and pawns as the board shows them, the secrets
/// consistent with them; anything else is refused with the reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "IntrigueUnchecked")]
pub struct Intrigue {
    pub(crate) options: IntrigueOptions,
    pub(crate) public: Public,
    /// Per colour, once chosen.
    pub(crate) secrets: [Option<Secret>; 2],
}

/// [`Intrigue`] as read, before it is checked.
#[derive(Deserialize)]
struct IntrigueUnchecked {
    options: IntrigueOptions,
    public: Public,
    secrets: [Option<Secret>; 2],
}

impl TryFrom<IntrigueUnchecked> for Intrigue {
    type Error = String;
    fn try_from(raw: IntrigueUnchecked) -> Result<Intrigue, String> {
        let game = Intrigue {
            options: raw.options,
            public: raw.public,
            secrets: raw.secrets,
        };
        game.validate()?;
        Ok(game)
    }
}

/// Checks the public part of a game or a view read from outside data:
/// everything on the board and consistent with it.
pub(crate) fn check_public(p: &Public) -> Result<(), String> {
    let pos = &p.position;
    if *pos.rules() != RULES {
        return Err("the position is not played by Intrigue's rules".into());
    }
    if let Some(o) = &p.outcome {
        o.check(2)?;
    }
    if let Some(pending) = p.pending
        && pending.pawn.0 >= 64
    {
        return Err("the pending pawn is off the board".into());
    }
    for color in Color::ALL {
        let c = color.index();
        let on_board = pos.board().king_of(color);
        match p.kings[c] {
            Some(k) if k.0 >= 64 => return Err("a King's square is off the board".into()),
            Some(_) if !p.chosen[c] => {
                return Err(format!("{}'s King appeared before its setup", color.name()));
            }
            _ => {}
        }
        // `kings` keeps where a King appeared (it may have moved since); a
        // captured King leaves the board only as the game ends.
        let consistent = on_board.is_some() == p.kings[c].is_some()
            || (on_board.is_none() && p.outcome.is_some());
        if !consistent {
            return Err(format!(
                "{}'s King on the board and its appearance disagree",
                color.name()
            ));
        }
        let pawns = pos.board().by_piece(Role::Pawn.of(color));
        let mut listed = 0u64;
        for state in p.pawns[c] {
            if let PawnState::On(sq) = state {
                if sq.0 >= 64 || !pawns.has(sq.0 as u32) || listed & bit(sq) != 0 {
                    return Err(format!("{}'s pawns do not match the board", color.name()));
                }
                listed |= bit(sq);
            }
        }
        if listed != pawns {
            return Err(format!("{}'s pawns do not match the board", color.name()));
        }
    }
    Ok(())
}

/// Checks a side's secret against the public part.
pub(crate) fn check_secret(p: &Public, color: Color, secret: &Secret) -> Result<(), String> {
    let c = color.index();
    if secret.hiding.0 >= 64 || secret.informant >= 8 {
        return Err("a secret is off the board".into());
    }
    if !p.chosen[c] {
        return Err(format!("{} has a secret before its setup", color.name()));
    }
    if p.kings[c].is_some_and(|k| k != secret.hiding) {
        return Err(format!(
            "{}'s King appeared off its hiding square",
            color.name()
        ));
    }
    if secret.active
        && (p.kings[c].is_some()
            || p.retired[c]
            || !matches!(p.pawns[c][secret.informant as usize], PawnState::On(_)))
    {
        return Err(format!(
            "{}'s active Informant is not a pawn on the board",
            color.name()
        ));
    }
    Ok(())
}

/// The side's home rank (0 or 7).
pub(crate) fn back_rank(color: Color) -> u32 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

pub(crate) fn square(file: u32, rank: u32) -> Square {
    Square((rank * 8 + file) as u8)
}

fn bit(sq: Square) -> u64 {
    1u64 << sq.0
}

/// The starting position of the options, without Kings.
pub fn start_position(options: &IntrigueOptions) -> Chess {
    use Role::*;
    let mut setup = Setup::<Grid8>::empty();
    let (d, e) = match options.queens {
        Queens::Home => (Some(Queen), None),
        Queens::KingSquare => (None, Some(Queen)),
        Queens::Two => (Some(Queen), Some(Queen)),
    };
    let back = [
        Some(Rook),
        Some(Knight),
        Some(Bishop),
        d,
        e,
        Some(Bishop),
        Some(Knight),
        Some(Rook),
    ];
    for color in Color::ALL {
        let rank = back_rank(color);
        let pawn_rank = if color == Color::White { 1 } else { 6 };
        for (file, role) in back.iter().enumerate() {
            if let Some(role) = role {
                setup
                    .board
                    .set_piece_at(square(file as u32, rank), role.of(color));
            }
            setup
                .board
                .set_piece_at(square(file as u32, pawn_rank), Pawn.of(color));
        }
        setup.castling |= bit(square(0, rank)) | bit(square(7, rank));
    }
    Position::from_setup(setup, RULES).expect("the Intrigue start is a valid position")
}

impl Intrigue {
    /// A hidden fact's kind: where the King hides ([`Game::hidden_facts`]).
    pub const KING: u16 = 0;
    /// A hidden fact's kind: which pawn is the Informant.
    pub const INFORMANT: u16 = 1;

    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game, or any moment of it): both secrets.
    pub fn revealed(&self, seat: Seat) -> crate::view::IntrigueView {
        self.view(seat, true)
    }

    /// `seat`'s view; `all`: with the other secret too.
    fn view(&self, seat: Seat, all: bool) -> crate::view::IntrigueView {
        let me = color_of(seat);
        let mut secrets = [None; 2];
        for c in Color::ALL {
            if c == me || all {
                secrets[c.index()] = self.secrets[c.index()];
            }
        }
        crate::view::IntrigueView {
            seat,
            options: self.options,
            public: self.public.clone(),
            secrets,
        }
    }

    /// Checks a whole state (one read from outside data).
    pub(crate) fn validate(&self) -> Result<(), String> {
        self.validate_parts()?;
        if self.public.outcome.is_none() && self.judge().is_some() {
            return Err("the game has ended, but no outcome says so".into());
        }
        Ok(())
    }

    /// [`Intrigue::validate`] but for the end: a state sampled from a view
    /// may give the opponent a hiding square from which it could not act.
    pub(crate) fn validate_parts(&self) -> Result<(), String> {
        check_public(&self.public)?;
        for color in Color::ALL {
            let c = color.index();
            match self.secrets[c] {
                Some(s) => check_secret(&self.public, color, &s)?,
                None if self.public.chosen[c] && self.public.outcome.is_none() => {
                    return Err(format!("{}'s secret is missing", color.name()));
                }
                None => {}
            }
        }
        Ok(())
    }

    fn from_parts(
        options: IntrigueOptions,
        position: Chess,
        secrets: [Option<Secret>; 2],
        chosen: bool,
    ) -> Result<Intrigue, String> {
        let mut pawns = [[PawnState::Captured; 8]; 2];
        let mut kings = [None; 2];
        for color in Color::ALL {
            let c = color.index();
            // A pawn's starting file is its file, or the first free one when
            // pawns are doubled.
            let list: Vec<Square> = position
                .board()
                .by_piece(Role::Pawn.of(color))
                .squares()
                .map(|s| Square(s as u8))
                .collect();
            if list.len() > 8 {
                return Err(format!("{} has more than 8 pawns", color.name()));
            }
            let mut rest = Vec::new();
            for sq in list {
                let f = (sq.0 % 8) as usize;
                if pawns[c][f] == PawnState::Captured {
                    pawns[c][f] = PawnState::On(sq);
                } else {
                    rest.push(sq);
                }
            }
            for sq in rest {
                let f = pawns[c]
                    .iter()
                    .position(|p| *p == PawnState::Captured)
                    .expect("at most 8 pawns");
                pawns[c][f] = PawnState::On(sq);
            }
            kings[c] = position.board().king_of(color);
        }
        let hash = position.zobrist();
        let mut game = Intrigue {
            options,
            public: Public {
                position,
                chosen: [chosen; 2],
                kings,
                retired: [false; 2],
                pawns,
                pending: None,
                history: Vec::new(),
                hashes: vec![hash],
                last_move: None,
                outcome: None,
            },
            secrets,
        };
        for color in Color::ALL {
            let c = color.index();
            match (kings[c], secrets[c]) {
                (Some(k), _) => {
                    let informant = secrets[c].map_or(0, |s| s.informant);
                    game.secrets[c] = Some(Secret {
                        hiding: k,
                        informant,
                        active: false,
                    });
                }
                (None, None) if !chosen => {}
                (None, None) => {
                    return Err(format!(
                        "{}'s King is hidden: give its secret",
                        color.name()
                    ));
                }
                (None, Some(s)) => {
                    if s.hiding.0 >= 64 || s.informant >= 8 {
                        return Err("secret off the board".into());
                    }
                    if s.active && !matches!(pawns[c][s.informant as usize], PawnState::On(_)) {
                        return Err(format!("{}'s Informant is not on the board", color.name()));
                    }
                }
            }
        }
        game.public.outcome = game.judge();
        Ok(game)
    }

    /// A game from a FEN under Intrigue's board rules, both Kings on the board
    /// (revealed): plain chess from there, as perft checks.
    pub fn from_fen(fen: &str, options: IntrigueOptions) -> Result<Intrigue, ParseError> {
        Intrigue::from_fen_hidden(fen, options, [None, None])
    }

    /// A game from a FEN; a side whose King is not on the board hides it on
    /// `hidden[colour].0` with its Informant the pawn on `hidden[colour].1`
    /// (`None`: no inspectable Informant). Pawns' starting files are their files.
    pub fn from_fen_hidden(
        fen: &str,
        options: IntrigueOptions,
        hidden: [Option<(Square, Option<Square>)>; 2],
    ) -> Result<Intrigue, ParseError> {
        // Checked here too, so that not even the error copies a long text.
        limits::check("Intrigue FEN", fen, MAX_POSITION_BYTES)?;
        let bad = |reason: String| ParseError::new("Intrigue FEN", fen, reason);
        let setup = veil_chess::fen::parse_setup::<Grid8>(fen).map_err(|e| bad(e.to_string()))?;
        let position = Position::from_setup(setup, RULES).map_err(|e| bad(e.to_string()))?;
        let mut secrets = [None; 2];
        for color in Color::ALL {
            if let Some((hiding, informant)) = hidden[color.index()] {
                let file = match informant {
                    Some(sq) => {
                        if position.board().piece_at(sq) != Some(Role::Pawn.of(color)) {
                            return Err(bad(format!(
                                "no {} pawn on the Informant's square",
                                color.name()
                            )));
                        }
                        sq.0 % 8
                    }
                    None => 0,
                };
                secrets[color.index()] = Some(Secret {
                    hiding,
                    informant: file,
                    active: informant.is_some(),
                });
            }
        }
        let mut game = Intrigue::from_parts(options, position, secrets, true).map_err(bad)?;
        // Starting files of doubled pawns were assigned: point the Informant
        // at the pawn named.
        for color in Color::ALL {
            if let Some((_, Some(sq))) = hidden[color.index()]
                && let Some(i) = game.pawn_index(color, sq)
                && let Some(s) = &mut game.secrets[color.index()]
            {
                s.informant = i as u8;
            }
        }
        Ok(game)
    }

    /// Replaces the secret of `color` (puzzles and tests: the same public
    /// game with another hidden choice). Refused for a side whose King has
    /// appeared, or with a hiding square off the board, an Informant file
    /// out of range or an active Informant that is not a pawn on the board;
    /// the rejected secret is handed back and nothing changes.
    pub fn set_secret(&mut self, color: Color, secret: Secret) -> Result<(), Secret> {
        let c = color.index();
        let on_board = matches!(
            self.public.pawns[c].get(secret.informant as usize),
            Some(PawnState::On(_))
        );
        if self.public.kings[c].is_some()
            || !self.public.chosen[c]
            || secret.hiding.0 >= 64
            || secret.informant >= 8
            || (secret.active && !on_board)
        {
            return Err(secret);
        }
        self.secrets[c] = Some(secret);
        Ok(())
    }

    /// The board as both sides see it.
    pub fn position(&self) -> &Chess {
        &self.public.position
    }

    /// Everything public.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// A side's secret, once chosen (the referee's knowledge).
    pub fn secret(&self, color: Color) -> Option<Secret> {
        self.secrets[color.index()]
    }

    /// Where the Informant of `color` stands while it can still be inspected.
    pub fn informant_square(&self, color: Color) -> Option<Square> {
        let s = self.secrets[color.index()]?;
        if !s.active {
            return None;
        }
        match self.public.pawns[color.index()]
            .get(s.informant as usize)
            .copied()
            .unwrap_or(PawnState::Captured)
        {
            PawnState::On(sq) => Some(sq),
            _ => None,
        }
    }

    /// Whether the King of `color` has appeared.
    pub fn is_revealed(&self, color: Color) -> bool {
        self.public.kings[color.index()].is_some()
    }

    /// The moves and reveals so far, in SAN.
    pub fn history(&self) -> &[String] {
        &self.public.history
    }

    pub(crate) fn pawn_index(&self, color: Color, sq: Square) -> Option<usize> {
        self.public.pawns[color.index()]
            .iter()
            .position(|p| *p == PawnState::On(sq))
    }

    /// The squares an appearing King on `hiding` clears.
    pub(crate) fn blast(&self, hiding: Square) -> u64 {
        let mut b = bit(hiding);
        if self.options.atomic_king {
            b |= Grid8::king_attacks(hiding.0 as u32);
        }
        b
    }

    /// Whether the side to move may reveal its King now: hidden, not on or
    /// next to the enemy King, not into check (after the removals).
    pub fn reveal_allowed(&self) -> bool {
        if self.public.outcome.is_some()
            || self.public.pending.is_some()
            || self.public.chosen != [true; 2]
        {
            return false;
        }
        let pos = &self.public.position;
        let color = pos.turn();
        if self.public.kings[color.index()].is_some() {
            return false;
        }
        let Some(secret) = self.secrets[color.index()] else {
            return false;
        };
        let h = secret.hiding;
        if let Some(k) = pos.board().king_of(!color)
            && (k == h || Grid8::king_attacks(k.0 as u32).has(h.0 as u32))
        {
            return false;
        }
        let mut setup = pos.to_setup();
        for s in self.blast(h).squares() {
            setup.board.remove_piece_at(Square(s as u8));
        }
        setup.board.set_piece_at(h, Role::King.of(color));
        setup.castling = 0;
        setup.ep_square = None;
        setup.turn = color;
        Position::from_setup_lenient(setup, RULES).is_ok_and(|p| !p.is_check())
    }

    /// A pawn of `owner` on `at` leaves the board, taken by `taker`'s side.
    /// An active Informant taken by the enemy is inspected: its King is
    /// queued to appear. Returns whether that happened.
    fn take_pawn(&mut self, owner: Color, at: Square, taker: Color, next: &mut Vec<Color>) -> bool {
        let Some(i) = self.pawn_index(owner, at) else {
            return false;
        };
        self.public.pawns[owner.index()][i] = PawnState::Captured;
        if let Some(s) = &mut self.secrets[owner.index()]
            && s.active
            && s.informant as usize == i
        {
            s.active = false;
            if taker != owner {
                next.push(owner);
                return true;
            }
        }
        false
    }

    /// The King of `color` appears on its hiding square, removing every
    /// piece there (and around it with Atomic King). Kings whose Informant
    /// was taken are queued in `next`. Returns whether the enemy King was
    /// removed, whether the King appeared next to the enemy King, and the
    /// history's words for what it removed ("knight d1, pawn e2"; empty
    /// when nothing).
    fn appear(
        &mut self,
        color: Color,
        pass_turn: bool,
        next: &mut Vec<Color>,
    ) -> (bool, bool, String) {
        let Some(secret) = self.secrets[color.index()] else {
            return (false, false, String::new());
        };
        let hiding = secret.hiding;
        let mut setup = self.public.position.to_setup();
        let mut removed = Vec::new();
        for s in self.blast(hiding).squares() {
            let sq = Square(s as u8);
            if let Some(p) = setup.board.remove_piece_at(sq) {
                removed.push((sq, p));
            }
            setup.castling &= !(1u64 << s);
        }
        setup.board.set_piece_at(hiding, Role::King.of(color));
        let back = back_rank(color);
        let home = hiding.0 as u32 / 8 == back && matches!(hiding.0 % 8, 3 | 4);
        if !home {
            setup.castling &= !Grid8::rank_mask(back);
        }
        setup.ep_square = None;
        setup.halfmoves = 0;
        if pass_turn {
            if setup.turn == Color::Black {
                setup.fullmoves += 1;
            }
            setup.turn = !setup.turn;
        }
        self.public.position = Position::from_setup_lenient(setup, RULES)
            .expect("an appearing King keeps the position valid");
        self.public.kings[color.index()] = Some(hiding);
        if let Some(s) = &mut self.secrets[color.index()] {
            s.active = false;
        }
        let adjacent = self
            .public
            .position
            .board()
            .king_of(!color)
            .is_some_and(|k| Grid8::king_attacks(k.0 as u32).has(hiding.0 as u32));
        // Everyone sees the board: what went is public, and a player
        // reading "K@d1" alone could not tell what was there.
        let words = removed
            .iter()
            .map(|(sq, p)| format!("{} {}", p.role.name(), square_name(*sq)))
            .collect::<Vec<_>>()
            .join(", ");
        let mut enemy_king = false;
        for (sq, piece) in removed {
            match piece.role {
                Role::King if piece.color != color => enemy_king = true,
                Role::Pawn => {
                    self.take_pawn(piece.color, sq, color, next);
                }
                _ => {}
            }
        }
        (enemy_king, adjacent, words)
    }

    /// Plays the Kings queued to appear by inspections, in the order the
    /// chain takes them (a King that appears takes pawns, whose Kings then
    /// appear); returns the side whose appearing King removed the enemy
    /// King, and writes the notes for the history.
    ///
    /// A King that appears next to the enemy King gets the move (RULINGS
    /// §2), even when its side just moved: when both Kings appear in one
    /// action, the second appears next to the first, and its side moves.
    fn inspections(&mut self, mut next: Vec<Color>, notes: &mut String) -> Option<Color> {
        let mut taker = None;
        let mut adjacent = None;
        while let Some(color) = next.pop() {
            let (removed_king, next_to, removed) = self.appear(color, false, &mut next);
            if removed_king {
                taker = Some(color);
            }
            if next_to {
                adjacent = Some(color);
            }
            let sq = self.public.kings[color.index()].expect("just appeared");
            let removed = match removed.is_empty() {
                true => String::new(),
                false => format!(", removed {removed}"),
            };
            notes.push_str(&format!(" (Informant: K@{}{removed})", square_name(sq)));
        }
        if taker.is_none()
            && let Some(color) = adjacent
        {
            self.give_move(color);
        }
        taker
    }

    /// Hands the move to `color` (after a chain of appearances).
    fn give_move(&mut self, color: Color) {
        let mut setup = self.public.position.to_setup();
        if setup.turn == color {
            return;
        }
        if color == Color::Black {
            // Undo the full move count the pass to White added.
            setup.fullmoves = setup.fullmoves.saturating_sub(1).max(1);
        }
        setup.turn = color;
        setup.ep_square = None;
        if let Ok(p) = Position::from_setup_lenient(setup, RULES) {
            self.public.position = p;
        }
    }

    fn play_move(&mut self, m: Move) {
        let pos = &self.public.position;
        let us = pos.turn();
        let them = !us;
        let role = pos.role_of(m).unwrap_or(Role::Pawn);
        let mut san = pos.san_plain(m);
        let at = if m.is_en_passant() {
            let forward: i32 = if us == Color::White { 8 } else { -8 };
            Some(Square((m.to().0 as i32 - forward) as u8))
        } else if pos
            .board()
            .piece_at(m.to())
            .is_some_and(|p| p.color == them)
        {
            Some(m.to())
        } else {
            None
        };
        let victim = at.and_then(|s| pos.board().piece_at(s).map(|p| (s, p)));
        if role == Role::Pawn
            && let Some(i) = self.pawn_index(us, m.from())
        {
            if m.promotion_role().is_some() {
                self.public.pawns[us.index()][i] = PawnState::Promoted;
                if let Some(s) = &mut self.secrets[us.index()]
                    && s.informant as usize == i
                {
                    // Promoted: never inspectable again; nobody is told.
                    s.active = false;
                }
            } else {
                self.public.pawns[us.index()][i] = PawnState::On(m.to());
            }
        }
        self.public.position.play_unchecked(m);
        self.public.last_move = Some(m);
        let mut next = Vec::new();
        let mut king_captured = false;
        let mut inspected = false;
        if let Some((sq, piece)) = victim {
            match piece.role {
                Role::King => king_captured = true,
                Role::Pawn => inspected = self.take_pawn(them, sq, us, &mut next),
                _ => {}
            }
        }
        let taker = self.inspections(next, &mut san);
        let pending = (role == Role::Pawn
            && inspected
            && self.public.kings[us.index()].is_none()
            && self.public.position.board().piece_at(m.to()) == Some(Role::Pawn.of(us)))
        .then_some(Pending {
            color: us,
            pawn: m.to(),
        });
        self.finish(us, san, king_captured, taker, pending);
    }

    fn play_reveal(&mut self) {
        let us = self.public.position.turn();
        let mut next = Vec::new();
        let (_, _, removed) = self.appear(us, true, &mut next);
        let sq = self.public.kings[us.index()].expect("just appeared");
        let mut san = format!("K@{}", square_name(sq));
        if !removed.is_empty() {
            san.push_str(&format!(" (removed {removed})"));
        }
        self.public.last_move = None;
        let taker = self.inspections(next, &mut san);
        self.finish(us, san, false, taker, None);
    }

    /// Whether `color`'s King, were it to move now, would be checkmated.
    fn in_checkmate(&self, color: Color) -> bool {
        let mut setup = self.public.position.to_setup();
        if setup.turn != color {
            setup.turn = color;
            setup.ep_square = None;
        }
        Position::from_setup_lenient(setup, RULES).is_ok_and(|p| p.is_checkmate())
    }

    fn finish(
        &mut self,
        mover: Color,
        mut san: String,
        king_captured: bool,
        taker: Option<Color>,
        pending: Option<Pending>,
    ) {
        let pos = &self.public.position;
        if pos.halfmoves() == 0 {
            self.public.hashes.clear();
        }
        self.public.hashes.push(pos.zobrist());
        let outcome = if king_captured {
            Some(Outcome::win(seat_of(mover), 2, "King captured"))
        } else if let Some(color) = taker {
            if self.in_checkmate(color) {
                Some(Outcome {
                    scores: vec![0, 0],
                    ranks: vec![1, 1],
                    reason: BOTH_LOSE.into(),
                })
            } else {
                Some(Outcome::win(
                    seat_of(color),
                    2,
                    "King appeared on the enemy King",
                ))
            }
        } else {
            self.judge()
        };
        let pos = &self.public.position;
        if outcome.as_ref().is_some_and(|o| o.reason == "checkmate") {
            san.push('#');
        } else if outcome.is_none() && pos.is_check() {
            san.push('+');
        }
        self.public.history.push(san);
        if outcome.is_none() {
            self.public.pending = pending;
        }
        self.public.outcome = outcome;
    }

    /// Whether the side to move has any legal action.
    fn can_act(&self) -> bool {
        self.public.position.has_legal_move() || self.reveal_allowed()
    }

    /// How many times the current position has occurred since the last
    /// irreversible action.
    pub fn repetitions(&self) -> usize {
        let h = &self.public.hashes;
        h.last()
            .map_or(0, |last| h.iter().filter(|x| *x == last).count())
    }

    /// Ends the game when the side to move cannot act, or by threefold
    /// repetition, the 50-move rule or (both Kings shown) insufficient material.
    fn judge(&self) -> Option<Outcome> {
        if self.public.chosen != [true; 2] {
            return None;
        }
        let pos = &self.public.position;
        let c = pos.turn();
        if !self.can_act() {
            return Some(if self.public.kings[c.index()].is_some() {
                if pos.is_check() {
                    Outcome::win(seat_of(!c), 2, "checkmate")
                } else {
                    Outcome::draw(2, "stalemate")
                }
            } else {
                Outcome::win(seat_of(!c), 2, "no legal action with the King hidden")
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::draw(2, "threefold repetition"));
        }
        if pos.halfmoves() >= 100 {
            return Some(Outcome::draw(2, "fifty-move rule"));
        }
        if self.public.kings.iter().all(Option::is_some) && pos.is_insufficient_material() {
            return Some(Outcome::draw(2, "insufficient material"));
        }
        None
    }

    /// Any action value, legal or not, for the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        let sq = |rng: &mut GameRng| Square(rng.random_range(0..70));
        match rng.random_range(0..10) {
            0 => Action::Setup {
                hiding: sq(rng),
                informant: rng.random_range(0..10),
            },
            1 => Action::Reveal,
            2 => Action::Retire(rng.random_bool(0.5)),
            3 => Action::Move(Move::castle(sq(rng), sq(rng), sq(rng))),
            4 => Action::Move(Move::en_passant(sq(rng), sq(rng), None)),
            5 => Action::Move(Move::promotion(sq(rng), sq(rng), Role::Queen)),
            _ => Action::Move(Move::normal(sq(rng), sq(rng))),
        }
    }

    /// Reads an action for the side to act: SAN (`e4`, `Nxd5`, `O-O`), UCI
    /// (`e2e4`), `K@` or `reveal` for a voluntary reveal, `retire`/`keep`.
    /// A text over [`MAX_MOVE_BYTES`] is refused unread.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        limits::check("Intrigue action", text, MAX_MOVE_BYTES)?;
        let t = text.trim();
        match t {
            "reveal" => return Ok(Action::Reveal),
            "retire" => return Ok(Action::Retire(true)),
            "keep" => return Ok(Action::Retire(false)),
            _ => {}
        }
        if t.starts_with("K@") {
            return Ok(Action::Reveal);
        }
        let pos = &self.public.position;
        pos.parse_san(t)
            .or_else(|_| pos.parse_uci(t))
            .map(Action::Move)
            .map_err(|e| ParseError::new("Intrigue action", text, e.to_string()))
    }
}

impl Game for Intrigue {
    const ID: &'static str = "intrigue";
    type Options = IntrigueOptions;
    type Action = Action;
    type Observation = crate::view::IntrigueView;

    fn new(options: &IntrigueOptions, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new(format!(
                "Intrigue is for 2 seats, not {seats}"
            )));
        }
        Intrigue::from_parts(*options, start_position(options), [None; 2], false)
            .map_err(OptionsError::new)
    }

    fn options(&self) -> &IntrigueOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let p = &self.public;
        if p.outcome.is_some() {
            Turn::Over
        } else if p.chosen != [true; 2] {
            Turn::Simultaneous(
                Color::ALL
                    .into_iter()
                    .filter(|c| !p.chosen[c.index()])
                    .map(seat_of)
                    .collect::<SeatSet>(),
            )
        } else if let Some(pending) = p.pending {
            Turn::Seat(seat_of(pending.color))
        } else {
            Turn::Seat(seat_of(p.position.turn()))
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let Actor::Seat(seat) = actor else {
            return;
        };
        match self.turn() {
            Turn::Simultaneous(set) if set.contains(seat) => {
                for hiding in 0..64 {
                    for informant in 0..8 {
                        out.push(Action::Setup {
                            hiding: Square(hiding),
                            informant,
                        });
                    }
                }
            }
            Turn::Seat(s) if s == seat => {
                if let Some(p) = self.public.pending {
                    out.push(Action::Retire(false));
                    if self.may_retire(p) {
                        out.push(Action::Retire(true));
                    }
                    return;
                }
                out.extend(
                    self.public
                        .position
                        .legal_moves()
                        .into_iter()
                        .map(Action::Move),
                );
                if self.reveal_allowed() {
                    out.push(Action::Reveal);
                }
            }
            _ => {}
        }
    }

    fn sample_chance(&self, _rng: &mut GameRng) -> Action {
        // Intrigue has no chance: any value, which apply refuses.
        Action::Reveal
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<(), ActionError<Action>> {
        let turn = self.turn();
        if turn == Turn::Over {
            return Err(ActionError::GameOver { action });
        }
        let Actor::Seat(seat) = actor else {
            return Err(ActionError::NotYourTurn { actor, action });
        };
        let illegal = |reason: &str| ActionError::Illegal {
            actor,
            action,
            reason: reason.to_string(),
        };
        match turn {
            Turn::Simultaneous(set) if set.contains(seat) => match action {
                Action::Setup { hiding, informant } => {
                    if hiding.0 >= 64 {
                        return Err(illegal("the hiding square is off the board"));
                    }
                    if informant >= 8 {
                        return Err(illegal("the Informant is named by a file a to h"));
                    }
                    let c = color_of(seat).index();
                    self.secrets[c] = Some(Secret {
                        hiding,
                        informant,
                        active: true,
                    });
                    self.public.chosen[c] = true;
                    Ok(())
                }
                _ => Err(illegal("first choose the hiding square and the Informant")),
            },
            Turn::Seat(s) if s == seat => {
                if let Some(p) = self.public.pending {
                    return match action {
                        Action::Retire(false) => {
                            self.public.pending = None;
                            Ok(())
                        }
                        Action::Retire(true) if self.may_retire(p) => {
                            self.public.pending = None;
                            self.public.retired[p.color.index()] = true;
                            if let Some(s) = &mut self.secrets[p.color.index()] {
                                s.active = false;
                            }
                            if let Some(last) = self.public.history.last_mut() {
                                last.push_str(" (Informant retired)");
                            }
                            Ok(())
                        }
                        Action::Retire(true) => {
                            Err(illegal("the capturing pawn is not your Informant"))
                        }
                        _ => Err(illegal("first decide whether to retire your Informant")),
                    };
                }
                match action {
                    Action::Move(m) => {
                        if !self.public.position.is_legal(m) {
                            return Err(illegal("not a legal move"));
                        }
                        self.play_move(m);
                        Ok(())
                    }
                    Action::Reveal => {
                        if !self.reveal_allowed() {
                            return Err(illegal(
                                "the King cannot appear: already shown, on or next to the enemy King, or into check",
                            ));
                        }
                        self.play_reveal();
                        Ok(())
                    }
                    Action::Setup { .. } => Err(illegal("the setup is over")),
                    Action::Retire(_) => Err(illegal("there is no Informant decision to make")),
                }
            }
            _ => Err(ActionError::NotYourTurn { actor, action }),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.public.outcome.clone()
    }

    fn observe(&self, seat: Seat) -> crate::view::IntrigueView {
        self.view(seat, self.public.outcome.is_some())
    }

    /// White's chair with no secret, until the end shows both.
    fn observe_public(&self) -> crate::view::IntrigueView {
        let mut view = self.observe(Seat(0));
        if self.public.outcome.is_none() {
            view.secrets = [None; 2];
        }
        view
    }

    fn observer(view: &crate::view::IntrigueView) -> Seat {
        view.seat
    }

    /// The opponent's secret while `seat` cannot know it: where its King
    /// hides (place = the square's number 0–63, what = [`Self::KING`]) and
    /// its Informant (place = 64 + the pawn's starting file, what =
    /// [`Self::INFORMANT`]), until the King appears or the Informant is
    /// retired.
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        let them = color_of(seat).other().index();
        let Some(secret) = self.secrets[them].filter(|_| self.public.outcome.is_none()) else {
            return;
        };
        if self.public.kings[them].is_none() {
            out.push(veil_core::Fact {
                place: u16::from(secret.hiding.0),
                what: Self::KING,
            });
        }
        // Which pawn is the Informant stays unknown while the King hides
        // and it was not retired, even once that pawn promoted.
        let p = &self.public;
        let informant_on = p.pawns[them]
            .get(usize::from(secret.informant))
            .is_some_and(|s| *s != PawnState::Captured);
        if p.kings[them].is_none() && !p.retired[them] && informant_on {
            out.push(veil_core::Fact {
                place: 64 + u16::from(secret.informant),
                what: Self::INFORMANT,
            });
        }
    }

    fn determinize(view: &crate::view::IntrigueView, rng: &mut GameRng) -> Intrigue {
        crate::view::determinize(view, rng)
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(crate::eval::evaluate(self, seat))
    }

    /// Hard hides its King on its own back rank, where it appears among
    /// its own pieces: on an empty square, or a minor piece's (that
    /// square is empty once the piece has moved out). A playout of a
    /// dozen plies cannot tell the 512 setups apart, so without this the
    /// setup is drawn nearly at random — a King on a1 that appears by
    /// taking its own Rook, one in the enemy camp mated a few moves
    /// after it shows (`examples/setups.rs`). Not with the Atomic King,
    /// whose appearance there would take its neighbours, its own pieces.
    fn action_prior_strongest(
        &self,
        seat: Seat,
        actions: &[Action],
        out: &mut Vec<f64>,
        rng: &mut GameRng,
    ) {
        out.clear();
        if self.options.atomic_king || !matches!(actions.first(), Some(Action::Setup { .. })) {
            return;
        }
        let color = color_of(seat);
        let board = self.public.position.board();
        out.extend(actions.iter().map(|a| {
            let Action::Setup { hiding, .. } = *a else {
                return 0.0;
            };
            if hiding.0 as u32 / 8 != back_rank(color) {
                return 0.0;
            }
            // Every such square and every pawn alike, in an order drawn
            // anew: a favourite would be a secret a person could guess.
            let free = board
                .piece_at(hiding)
                .is_none_or(|p| p.color == color && matches!(p.role, Role::Knight | Role::Bishop));
            if free { 1.0 + rng.random::<f64>() } else { 0.0 }
        }));
    }

    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::eval::playout_action(self, seat, legal, rng)
    }

    /// The opponent's King square and Informant are the secrets a
    /// clairvoyant opponent model would exploit (take the very pawn that is
    /// the Informant), so the search keeps them from it.
    fn hide_secrets_from_opponents(&self) -> bool {
        true
    }

    /// A tree of Normal's size, several of them for Hard: one big tree of
    /// 12 000 iterations played worse than Normal's 3 000 (13 wins to 26 in
    /// 40 games), following deep lines fitted to the King squares it
    /// happened to sample.
    fn max_tree_iterations(&self) -> Option<u32> {
        Some(3_000)
    }

    /// Playouts of random-ish chess moves turn to noise after a dozen plies.
    fn max_playout_depth(&self) -> Option<u32> {
        Some(12)
    }
}

impl Intrigue {
    /// Whether the pending capturer may retire: the capturing pawn is its
    /// active Informant.
    fn may_retire(&self, p: Pending) -> bool {
        self.informant_square(p.color) == Some(p.pawn)
    }
}

/// A piece's value in pawns (the King's is 0: it is never traded).
pub fn value(role: Role) -> f64 {
    match role {
        Role::Pawn => 1.0,
        Role::Knight => 3.0,
        Role::Bishop => 3.2,
        Role::Rook => 5.0,
        Role::Queen => 9.0,
        Role::King => 0.0,
    }
}
