//! The whole game behind [`veil_core::Game`]: setup, turns, hands, wins.

use std::fmt;

use rand::RngExt;
use serde::{Deserialize, Serialize};
use veil_core::{ActionError, Actor, Game, GameRng, OptionsError, Outcome, Seat, SeatSet, Turn};

use crate::board::Layout;
use crate::types::{Color, Face, Kind, Square, squares};
use crate::view::{Seen, View};

/// How the pieces are set up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum SetupRule {
    /// The diagram: nine home squares whose up-faces are fixed.
    #[default]
    Standard,
    /// Variant 3: nine pieces anywhere on one's own half, faces free; the
    /// squares used become that side's drop squares.
    Free,
}

/// The dice variant: the flip after a quiet move is chosen by a die.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Dice {
    #[default]
    Off,
    /// One die, one flip.
    One,
    /// Two dice, two flips (of two different pieces).
    Two,
}

/// The rulings of RULINGS §3 marked *option*; the default is the basic game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Variant 0: after setup the owner too sees only up-faces (and the app
    /// shows no move list).
    pub memory_mode: bool,
    /// Variant 1: a piece may capture its own piece, which goes to hand, if
    /// that does not exceed the hand limit.
    pub strategic_retreat: bool,
    /// Variant 2: a fifth action turns over two enemy pieces.
    pub memory_action: bool,
    /// Variant 3.
    pub setup: SetupRule,
    /// Variant 4 (whose setup is always free within the home zone).
    pub board: Layout,
    pub dice: Dice,
}

impl Options {
    /// Whether setup is free (variant 3, or the advanced board's zones).
    pub fn free_setup(&self) -> bool {
        self.setup == SetupRule::Free || self.board == Layout::Advanced
    }
}

/// A piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
    pub up: Face,
    /// Both faces were shown to both players since it last came onto the
    /// board (a flip, a Reality Check, a Memory action), so both know it.
    pub public: bool,
}

impl Piece {
    pub fn under(&self) -> Face {
        self.kind.other(self.up)
    }
}

/// Everything a seat may do, and chance's die.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Setup: put `kind` on `to` with `up` showing.
    Place { kind: Kind, to: Square, up: Face },
    /// Option 1: a non-capturing move (a flip follows).
    Move { from: Square, to: Square },
    /// Option 3: a capture; the captured piece goes to its owner's hand.
    Capture { from: Square, to: Square },
    /// Option 4: a capture declared as a Reality Check.
    Check { from: Square, to: Square },
    /// Strategic Retreat: capture one's own piece, which goes to hand.
    Retreat { from: Square, to: Square },
    /// Option 2: a piece from hand onto an empty drop square, `up` showing.
    Drop { kind: Kind, to: Square, up: Face },
    /// The flip after a quiet move.
    Flip(Square),
    /// Memory action: turn over the enemy pieces on two squares.
    Memory(Square, Square),
    /// A capture put this seat over its hand limit: keep the piece.
    Take,
    /// … or remove it from play.
    Refuse,
    /// After a failed Memory action: remove this true piece from the board…
    RemoveFromBoard(Square),
    /// … or from hand.
    RemoveFromHand(Kind),
    /// Memory mode only, when the seat knows none of its true pieces: the
    /// first of its true pieces (hand first, then the board from a1) goes.
    RemoveUnseen,
    /// Chance: a die showing 1–6.
    Roll(u8),
}

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Both seats place their pieces in secret.
    Setup,
    /// The side to move chooses one of the turn options.
    Play,
    /// A die decides the next flip; `left` flips remain this turn.
    Roll {
        left: u8,
    },
    /// The side to move flips a piece; with dice only one allowed by `die`.
    Flip {
        left: u8,
        die: Option<u8>,
    },
    /// The side to move (whose piece was just captured) takes the piece
    /// into a hand already full, or removes it from play. `kind` is hidden
    /// in the other seat's view unless it was shown (`public`).
    Claim {
        kind: Option<Kind>,
        public: bool,
    },
    /// The side to move lost a Memory action and removes a true piece.
    Penalty,
    Over,
}

/// Reality Check: the full state, knowing every piece's two faces.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "RawGame")]
pub struct RealityCheck {
    pub(crate) options: Options,
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) hands: [Vec<Kind>; 2],
    pub(crate) removed: [Vec<Kind>; 2],
    pub(crate) drop_squares: [u64; 2],
    pub(crate) phase: Phase,
    pub(crate) to_move: Color,
    pub(crate) ply: u32,
    /// The pieces the opponent flipped or dropped on the move just before,
    /// which may not be flipped now.
    pub(crate) lock: [Option<Square>; 2],
    /// The pieces flipped or dropped this turn (the next turn's lock).
    pub(crate) flipped: [Option<Square>; 2],
    pub(crate) setup_done: [bool; 2],
    /// Public position keys at the start of every turn, for repetition.
    pub(crate) history: Vec<u64>,
    pub(crate) outcome: Option<Outcome>,
    /// The kind of the piece captured by the last action if it was a
    /// Reality Check: turned over in public, so both know it even when it
    /// goes back to its owner's hand.
    pub(crate) checked: Option<Kind>,
}

/// The most plies before a draw.
pub const MAX_PLIES: u32 = 300;

#[derive(Deserialize)]
struct RawGame {
    options: Options,
    board: Vec<Option<Piece>>,
    hands: [Vec<Kind>; 2],
    removed: [Vec<Kind>; 2],
    drop_squares: [u64; 2],
    phase: Phase,
    to_move: Color,
    ply: u32,
    lock: [Option<Square>; 2],
    flipped: [Option<Square>; 2],
    setup_done: [bool; 2],
    history: Vec<u64>,
    outcome: Option<Outcome>,
    #[serde(default)]
    checked: Option<Kind>,
}

impl TryFrom<RawGame> for RealityCheck {
    type Error = String;
    fn try_from(r: RawGame) -> Result<Self, String> {
        let game = RealityCheck {
            options: r.options,
            board: r.board,
            hands: r.hands,
            removed: r.removed,
            drop_squares: r.drop_squares,
            phase: r.phase,
            to_move: r.to_move,
            ply: r.ply,
            lock: r.lock,
            flipped: r.flipped,
            setup_done: r.setup_done,
            history: r.history,
            outcome: r.outcome,
            checked: r.checked,
        };
        game.validate()?;
        Ok(game)
    }
}

/// The hand limit for `trues` true pieces in play.
pub const fn hand_limit(trues: usize) -> usize {
    trues.saturating_sub(1)
}

impl RealityCheck {
    /// Checks what a deserialised state must hold so that no rule panics.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if self.board.len() != Square::COUNT {
            return Err(format!("the board has {} cells, not 63", self.board.len()));
        }
        let layout = self.options.board;
        let mut seen = [[0usize; 10]; 2];
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell {
                let sq = Square::from_index(i).unwrap();
                if !layout.contains(sq) {
                    return Err(format!("a piece stands on {sq}, off the board"));
                }
                if !p.kind.has(p.up) {
                    return Err(format!("{} on {sq} cannot show {:?}", p.kind, p.up));
                }
                seen[p.color.index()][p.kind.index()] += 1;
            }
        }
        for c in Color::BOTH {
            for k in self.hands[c.index()].iter().chain(&self.removed[c.index()]) {
                seen[c.index()][k.index()] += 1;
            }
            if let Phase::Claim { kind: Some(k), .. } = self.phase
                && c == self.to_move
            {
                seen[c.index()][k.index()] += 1;
            }
            if self.drop_squares[c.index()] & !layout.squares() != 0 {
                return Err("a drop square is off the board".into());
            }
        }
        for c in Color::BOTH {
            for k in Kind::ALL {
                let n = seen[c.index()][k.index()];
                let setup = self.phase == Phase::Setup && !self.setup_done[c.index()];
                if n > 1 || (n == 0 && !setup) {
                    return Err(format!("{c:?} has {n} pieces {k}, not one"));
                }
            }
        }
        if matches!(self.phase, Phase::Claim { kind: None, .. }) {
            return Err("a claim must name the captured piece".into());
        }
        match self.phase {
            Phase::Flip { left, die }
                if !(1..=2).contains(&left) || die.is_some_and(|d| !(1..=6).contains(&d)) =>
            {
                return Err("a flip phase needs 1 or 2 flips left and a die 1–6".into());
            }
            Phase::Roll { left } if !(1..=2).contains(&left) => {
                return Err("a roll phase needs 1 or 2 flips left".into());
            }
            _ => {}
        }
        if self.ply > MAX_PLIES {
            return Err(format!("ply {} is past the {MAX_PLIES}-ply draw", self.ply));
        }
        if self.checked.is_some() && (self.phase == Phase::Setup || self.ply == 0) {
            return Err("no Reality Check was played yet".into());
        }
        if self.phase == Phase::Setup && self.setup_done == [true, true] {
            return Err("both setups are done: play has begun".into());
        }
        // A setup finishes the moment its ninth piece stands, the tenth
        // going to hand: one still open has neither (else nothing is left
        // to place and the seat could never act).
        for c in Color::BOTH {
            if self.phase == Phase::Setup
                && !self.setup_done[c.index()]
                && (!self.hands[c.index()].is_empty() || self.placed_count(c) >= 9)
            {
                return Err(format!("{c:?}'s setup is open but complete"));
            }
        }
        // A setup under way can be finished: some placement is left that
        // still matches the setup rule.
        if self.phase == Phase::Setup {
            let mut out = Vec::new();
            for c in Color::BOTH {
                if !self.setup_done[c.index()] {
                    self.setup_actions(c, &mut out);
                    if out.is_empty() {
                        return Err(format!("{c:?}'s setup cannot be finished"));
                    }
                }
            }
        }
        if self.phase != Phase::Setup && self.setup_done != [true, true] {
            return Err("play starts once both setups are done".into());
        }
        if (self.phase == Phase::Over) != self.outcome.is_some() {
            return Err("the game is over exactly when it has an outcome".into());
        }
        if self
            .outcome
            .as_ref()
            .is_some_and(|o| o.ranks.len() != 2 || o.scores.len() != 2)
        {
            return Err("an outcome ranks two seats".into());
        }
        Ok(())
    }

    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn ply(&self) -> u32 {
        self.ply
    }
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    pub fn hand(&self, color: Color) -> &[Kind] {
        &self.hands[color.index()]
    }
    pub fn removed(&self, color: Color) -> &[Kind] {
        &self.removed[color.index()]
    }
    pub fn drop_squares(&self, color: Color) -> u64 {
        self.drop_squares[color.index()]
    }
    /// The pieces that may not be flipped this turn.
    pub fn locked(&self) -> impl Iterator<Item = Square> + '_ {
        self.lock.iter().flatten().copied()
    }

    /// True pieces of `color` still in play (on the board or in hand).
    pub fn trues_in_play(&self, color: Color) -> usize {
        4 - self.removed[color.index()]
            .iter()
            .filter(|k| k.is_true())
            .count()
    }

    /// How many pieces `color` may hold in hand.
    pub fn hand_limit(&self, color: Color) -> usize {
        hand_limit(self.trues_in_play(color))
    }

    /// Whether `color` must drop this turn (its hand is over the limit).
    pub fn must_drop(&self, color: Color) -> bool {
        self.hands[color.index()].len() > self.hand_limit(color)
    }

    pub(crate) fn occupied(&self) -> (u64, [u64; 2]) {
        let mut by = [0u64; 2];
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell {
                by[p.color.index()] |= 1 << i;
            }
        }
        (by[0] | by[1], by)
    }

    /// Whether White's first move, which may not capture, is still to come.
    pub fn first_move(&self) -> bool {
        self.ply == 0 && self.to_move == Color::White && self.phase == Phase::Play
    }

    /// A position at the start of play from both sides' placements (each a
    /// list of kind, square, up-face; the unplaced kind goes to hand).
    pub fn from_setups(
        options: &Options,
        white: &[(Kind, Square, Face)],
        black: &[(Kind, Square, Face)],
    ) -> Result<RealityCheck, String> {
        let mut game = RealityCheck::new(options, 2).map_err(|e| e.reason)?;
        for (color, placements) in [(Color::White, white), (Color::Black, black)] {
            for &(kind, to, up) in placements {
                let action = Action::Place { kind, to, up };
                game.apply(Actor::Seat(color.seat()), action)
                    .map_err(|e| e.to_string())?;
            }
        }
        if game.phase == Phase::Setup {
            return Err("both sides must place nine pieces".into());
        }
        Ok(game)
    }

    /// The standard setup with a fixed arrangement: the perft position.
    /// White: d1 RR, c2 NN, d2 BB, e2 NB(N up), b3 PP, c3 PN, d3 BR(B), e3
    /// PB, f3 PR; N-R in hand. Black mirrors it.
    pub fn standard_fixed() -> RealityCheck {
        let place = |color: Color| {
            let arrangement = [
                (Kind::RR, "d1", Face::Rook),
                (Kind::NN, "c2", Face::Knight),
                (Kind::BB, "d2", Face::Bishop),
                (Kind::NB, "e2", Face::Knight),
                (Kind::PP, "b3", Face::Pawn),
                (Kind::PN, "c3", Face::Pawn),
                (Kind::BR, "d3", Face::Bishop),
                (Kind::PB, "e3", Face::Pawn),
                (Kind::PR, "f3", Face::Pawn),
            ];
            arrangement
                .iter()
                .map(|&(k, s, f)| {
                    let sq = Square::parse(s).unwrap();
                    let sq = match color {
                        Color::White => sq,
                        Color::Black => Square::new(sq.file(), 8 - sq.rank()).unwrap(),
                    };
                    (k, sq, f)
                })
                .collect::<Vec<_>>()
        };
        RealityCheck::from_setups(
            &Options::default(),
            &place(Color::White),
            &place(Color::Black),
        )
        .expect("the fixed arrangement matches the diagram")
    }

    // ------------------------------------------------------------------
    // Setup

    /// The kinds `color` has not placed yet during setup.
    fn unplaced(&self, color: Color) -> Vec<Kind> {
        let mut placed = [false; 10];
        for p in self.board.iter().flatten().filter(|p| p.color == color) {
            placed[p.kind.index()] = true;
        }
        for k in &self.hands[color.index()] {
            placed[k.index()] = true;
        }
        Kind::ALL
            .into_iter()
            .filter(|k| !placed[k.index()])
            .collect()
    }

    fn placed_count(&self, color: Color) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .count()
    }

    fn setup_area(&self, color: Color) -> u64 {
        let layout = self.options.board;
        if self.options.free_setup() {
            layout.free_setup_area(color)
        } else {
            layout.home(color)
        }
    }

    fn setup_actions(&self, color: Color, out: &mut Vec<Action>) {
        let (occupied, _) = self.occupied();
        let empty = self.setup_area(color) & !occupied;
        let unplaced = self.unplaced(color);
        let layout = self.options.board;
        if self.options.free_setup() {
            for &kind in &unplaced {
                for to in squares(empty) {
                    let (a, b) = kind.faces();
                    out.push(Action::Place { kind, to, up: a });
                    if a != b {
                        out.push(Action::Place { kind, to, up: b });
                    }
                }
            }
            return;
        }
        // Which (kind, face) placements leave a setup that can still match
        // the diagram: the answer depends only on the face, not the square.
        let need: Vec<Face> = squares(empty)
            .filter_map(|s| layout.diagram_face(s))
            .collect();
        let mut ok = [[false; 4]; 10];
        for (i, &kind) in unplaced.iter().enumerate() {
            for face in Face::ALL {
                if !kind.has(face) || !need.contains(&face) {
                    continue;
                }
                let rest: Vec<Kind> = unplaced
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, k)| *k)
                    .collect();
                let mut left = need.clone();
                let at = left.iter().position(|f| *f == face).expect("needed");
                left.swap_remove(at);
                ok[kind.index()][face as usize] = can_match(&left, &rest);
            }
        }
        for to in squares(empty) {
            let Some(face) = layout.diagram_face(to) else {
                continue;
            };
            for &kind in &unplaced {
                if ok[kind.index()][face as usize] {
                    out.push(Action::Place { kind, to, up: face });
                }
            }
        }
    }

    fn finish_setup_if_complete(&mut self, color: Color) {
        if self.placed_count(color) == 9 {
            let rest = self.unplaced(color);
            self.hands[color.index()] = rest;
            self.setup_done[color.index()] = true;
        }
        if self.setup_done == [true, true] {
            for c in Color::BOTH {
                self.drop_squares[c.index()] = if self.options.setup == SetupRule::Free
                    && self.options.board == Layout::Basic
                {
                    let mut used = 0;
                    for (i, p) in self.board.iter().enumerate() {
                        if p.is_some_and(|p| p.color == c) {
                            used |= 1u64 << i;
                        }
                    }
                    used
                } else {
                    self.options.board.home(c)
                };
            }
            self.to_move = Color::White;
            self.ply = 0;
            self.enter_play();
        }
    }

    // ------------------------------------------------------------------
    // Play

    fn play_actions(&self, color: Color, out: &mut Vec<Action>) {
        let layout = self.options.board;
        let (occupied, by) = self.occupied();
        let own = by[color.index()];
        let enemy = by[color.other().index()];
        let first = self.first_move();
        let hand = &self.hands[color.index()];
        let limit = self.hand_limit(color);
        if first || hand.len() <= limit {
            let retreat = self.options.strategic_retreat && !first && hand.len() < limit;
            for from in squares(own) {
                let p = self.board[from.index()].expect("own piece");
                let reach = layout.reach(p.up, from, occupied);
                for to in squares(reach & !occupied) {
                    out.push(Action::Move { from, to });
                }
                if first {
                    continue;
                }
                let hits = if p.up == Face::Pawn {
                    layout.pawn_captures(from)
                } else {
                    reach
                };
                for to in squares(hits & enemy) {
                    out.push(Action::Capture { from, to });
                    out.push(Action::Check { from, to });
                }
                if retreat {
                    for to in squares(hits & own) {
                        out.push(Action::Retreat { from, to });
                    }
                }
            }
            if first {
                return;
            }
            if self.options.memory_action {
                let targets: Vec<Square> = squares(enemy).collect();
                for (i, &a) in targets.iter().enumerate() {
                    for &b in &targets[i + 1..] {
                        out.push(Action::Memory(a, b));
                    }
                }
            }
        }
        if first {
            return;
        }
        let empty = self.drop_squares[color.index()] & !occupied;
        for &kind in hand {
            let (a, b) = kind.faces();
            for to in squares(empty) {
                out.push(Action::Drop { kind, to, up: a });
                if a != b {
                    out.push(Action::Drop { kind, to, up: b });
                }
            }
        }
    }

    /// The squares the side to move may flip now (`die` narrowing them).
    fn flippable(&self, die: Option<u8>) -> u64 {
        let (occupied, by) = self.occupied();
        let mut set = occupied;
        for sq in self.lock.iter().chain(&self.flipped).flatten() {
            set &= !sq.bit();
        }
        match die {
            None => set,
            Some(5) => set & by[self.to_move.index()],
            Some(6) => set & by[self.to_move.other().index()],
            Some(d) => squares(set)
                .filter(|s| self.board[s.index()].is_some_and(|p| p.up.die() == d))
                .fold(0, |acc, s| acc | s.bit()),
        }
    }

    fn penalty_actions(&self, color: Color, out: &mut Vec<Action>) {
        let sees_own = !self.options.memory_mode;
        for &k in &self.hands[color.index()] {
            if k.is_true() {
                out.push(Action::RemoveFromHand(k));
            }
        }
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p
                && p.color == color
                && p.kind.is_true()
                && (sees_own || p.public)
            {
                out.push(Action::RemoveFromBoard(Square::from_index(i).unwrap()));
            }
        }
        if out.is_empty() {
            out.push(Action::RemoveUnseen);
        }
    }

    /// The public key of the position: up-faces, colours, hand counts, side
    /// to move (what both players see; see the crate docs).
    pub(crate) fn position_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            h ^= x;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                mix(i as u64 * 16 + p.color as u64 * 4 + p.up as u64 + 1);
            }
        }
        mix(1000 + self.hands[0].len() as u64);
        mix(2000 + self.hands[1].len() as u64);
        mix(3000 + self.to_move as u64);
        h
    }

    /// Starts the turn afresh (a position read from text).
    pub(crate) fn restart_play(&mut self) {
        self.history.clear();
        self.enter_play();
    }

    fn enter_play(&mut self) {
        self.phase = Phase::Play;
        self.history.push(self.position_key());
        self.settle();
    }

    /// Ends the turn of the side to move.
    fn end_turn(&mut self, claim: Option<(Kind, bool)>) {
        self.lock = self.flipped;
        self.flipped = [None; 2];
        self.to_move = self.to_move.other();
        self.ply += 1;
        if self.check_removal_win() {
            return;
        }
        match claim {
            Some((kind, public)) => {
                self.phase = Phase::Claim {
                    kind: Some(kind),
                    public,
                }
            }
            None => self.enter_play(),
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    fn check_removal_win(&mut self) -> bool {
        for c in Color::BOTH {
            if self.trues_in_play(c) == 0 {
                self.finish(Outcome::win(
                    c.other().seat(),
                    2,
                    "all four true pieces removed",
                ));
                return true;
            }
        }
        false
    }

    /// Ends the game if the new turn cannot go on.
    fn settle(&mut self) {
        if self.check_removal_win() || self.phase != Phase::Play {
            return;
        }
        let key = *self.history.last().expect("entered play");
        if self.history.iter().filter(|k| **k == key).count() >= 3 {
            self.finish(Outcome::draw(2, "threefold repetition"));
            return;
        }
        if self.ply >= MAX_PLIES {
            self.finish(Outcome::draw(2, "300 plies"));
            return;
        }
        let c = self.to_move;
        let (occupied, _) = self.occupied();
        if self.must_drop(c) && self.drop_squares[c.index()] & !occupied == 0 {
            self.finish(Outcome::win(
                c.other().seat(),
                2,
                "obligatory drop impossible",
            ));
            return;
        }
        let mut actions = Vec::new();
        self.play_actions(c, &mut actions);
        if actions.is_empty() {
            self.finish(Outcome::win(c.other().seat(), 2, "no legal action"));
        }
    }

    /// After a quiet move or a flip: the next flip, or the end of the turn.
    fn next_flip(&mut self, left: u8) {
        if left == 0 {
            self.end_turn(None);
            return;
        }
        if self.options.dice != Dice::Off {
            self.phase = Phase::Roll { left };
        } else if self.flippable(None) != 0 {
            self.phase = Phase::Flip { left, die: None };
        } else {
            self.end_turn(None);
        }
    }

    /// Puts a captured piece of the side to move next into its hand, or
    /// asks it whether to (a hand already at its limit).
    fn capture_to_hand(&mut self, kind: Kind, public: bool) {
        let owner = self.to_move.other();
        if self.hands[owner.index()].len() + 1 > self.hand_limit(owner) {
            self.end_turn(Some((kind, public)));
        } else {
            self.hands[owner.index()].push(kind);
            self.hands[owner.index()].sort();
            self.end_turn(None);
        }
    }

    fn play(&mut self, actor: Seat, action: Action) {
        let me = Color::of(actor);
        self.checked = None;
        match action {
            Action::Place { kind, to, up } => {
                self.board[to.index()] = Some(Piece {
                    color: me,
                    kind,
                    up,
                    public: false,
                });
                self.finish_setup_if_complete(me);
            }
            Action::Move { from, to } => {
                let p = self.board[from.index()].take();
                self.board[to.index()] = p;
                for l in self.lock.iter_mut().flatten() {
                    if *l == from {
                        *l = to;
                    }
                }
                let flips = match (
                    self.ply == 0 && !self.options.free_setup(),
                    self.options.dice,
                ) {
                    (true, _) => 0,
                    (false, Dice::Two) => 2,
                    (false, _) => 1,
                };
                self.next_flip(flips);
            }
            Action::Capture { from, to } => {
                let victim = self.board[to.index()].take().expect("capture target");
                self.board[to.index()] = self.board[from.index()].take();
                self.capture_to_hand(victim.kind, false);
            }
            Action::Check { from, to } => {
                let victim = self.board[to.index()].take().expect("check target");
                let mut capturer = self.board[from.index()].take().expect("capturer");
                self.checked = Some(victim.kind);
                // Both turned over in public; the capturer shows its old face
                // again either way (a true one shows the same face).
                capturer.public = true;
                self.board[to.index()] = Some(capturer);
                if capturer.kind.is_true() && victim.kind.is_true() {
                    self.removed[victim.color.index()].push(victim.kind);
                    self.end_turn(None);
                } else {
                    self.capture_to_hand(victim.kind, true);
                }
            }
            Action::Retreat { from, to } => {
                let own = self.board[to.index()].take().expect("own piece");
                self.board[to.index()] = self.board[from.index()].take();
                self.hands[me.index()].push(own.kind);
                self.hands[me.index()].sort();
                self.end_turn(None);
            }
            Action::Drop { kind, to, up } => {
                self.hands[me.index()].retain(|k| *k != kind);
                self.board[to.index()] = Some(Piece {
                    color: me,
                    kind,
                    up,
                    public: false,
                });
                self.flipped = [Some(to), None];
                self.end_turn(None);
            }
            Action::Flip(sq) => {
                let p = self.board[sq.index()].as_mut().expect("flip target");
                p.up = p.under();
                p.public = true;
                let slot = usize::from(self.flipped[0].is_some());
                self.flipped[slot] = Some(sq);
                let Phase::Flip { left, .. } = self.phase else {
                    unreachable!("flips only in the flip phase")
                };
                self.next_flip(left - 1);
            }
            Action::Roll(d) => {
                let Phase::Roll { left } = self.phase else {
                    unreachable!("rolls only in the roll phase")
                };
                if self.flippable(Some(d)) != 0 {
                    self.phase = Phase::Flip { left, die: Some(d) };
                } else {
                    self.next_flip(left - 1);
                }
            }
            Action::Memory(a, b) => {
                let mut faces = [Face::Pawn; 2];
                for (i, sq) in [a, b].into_iter().enumerate() {
                    let p = self.board[sq.index()].as_mut().expect("memory target");
                    p.up = p.under();
                    p.public = true;
                    faces[i] = p.up;
                }
                if faces[0] == faces[1] {
                    let enemy = me.other();
                    for sq in [a, b] {
                        let p = self.board[sq.index()].take().expect("memory target");
                        self.hands[enemy.index()].push(p.kind);
                    }
                    self.hands[enemy.index()].sort();
                    self.end_turn(None);
                } else {
                    self.phase = Phase::Penalty;
                }
            }
            Action::RemoveFromHand(kind) => {
                self.hands[me.index()].retain(|k| *k != kind);
                self.removed[me.index()].push(kind);
                self.end_turn(None);
            }
            Action::RemoveFromBoard(sq) => {
                let p = self.board[sq.index()].take().expect("own true piece");
                self.removed[me.index()].push(p.kind);
                self.end_turn(None);
            }
            Action::RemoveUnseen => {
                if let Some(i) = self.hands[me.index()].iter().position(|k| k.is_true()) {
                    let k = self.hands[me.index()].remove(i);
                    self.removed[me.index()].push(k);
                } else if let Some(i) = self
                    .board
                    .iter()
                    .position(|p| p.is_some_and(|p| p.color == me && p.kind.is_true()))
                {
                    let p = self.board[i].take().expect("found");
                    self.removed[me.index()].push(p.kind);
                }
                self.end_turn(None);
            }
            Action::Take | Action::Refuse => {
                let Phase::Claim {
                    kind: Some(kind), ..
                } = self.phase
                else {
                    unreachable!("claims only in the claim phase")
                };
                if action == Action::Take {
                    self.hands[me.index()].push(kind);
                    self.hands[me.index()].sort();
                } else {
                    self.removed[me.index()].push(kind);
                }
                if !self.check_removal_win() {
                    self.enter_play();
                }
            }
        }
    }

    /// A die: 1–4 a piece showing P, N, B, R; 5 one of the roller's; 6 one
    /// of the opponent's.
    pub fn die_meaning(d: u8) -> &'static str {
        match d {
            1 => "a piece showing P",
            2 => "a piece showing N",
            3 => "a piece showing B",
            4 => "a piece showing R",
            5 => "one of your pieces",
            _ => "one of your opponent's pieces",
        }
    }

    // ------------------------------------------------------------------
    // Hidden information

    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game): every piece's two faces, both sides' setups, the
    /// claimed piece. The other hand still shows as a count.
    pub fn revealed(&self, seat: Seat) -> View {
        let mut view = self.view(seat);
        for (cell, piece) in view.board.iter_mut().zip(&self.board) {
            if let Some(p) = piece {
                *cell = Some(Seen {
                    color: p.color,
                    up: p.up,
                    kind: Some(p.kind),
                    public: p.public,
                });
            }
        }
        view.hand_counts = [self.hands[0].len() as u8, self.hands[1].len() as u8];
        view.phase = self.phase;
        view
    }

    /// The view of `seat`.
    pub fn view(&self, seat: Seat) -> View {
        self.view_from(seat, Some(Color::of(seat)))
    }

    /// The view from `seat`'s chair of the side `owner` plays, or of no
    /// side (a spectator): nothing private to a side but its own.
    fn view_from(&self, seat: Seat, owner: Option<Color>) -> View {
        let own = |c: Color| owner == Some(c);
        let setup = self.phase == Phase::Setup;
        let sees_own = !self.options.memory_mode || setup;
        let board = self
            .board
            .iter()
            .map(|cell| {
                let p = (*cell)?;
                if setup && !own(p.color) {
                    return None;
                }
                let known = p.public || (own(p.color) && sees_own);
                Some(Seen {
                    color: p.color,
                    up: p.up,
                    kind: known.then_some(p.kind),
                    public: p.public,
                })
            })
            .collect();
        let hand_counts = Color::BOTH.map(|c| {
            if setup && !own(c) {
                0
            } else {
                self.hands[c.index()].len() as u8
            }
        });
        let phase = match self.phase {
            Phase::Claim { kind, public } => Phase::Claim {
                kind: if public || own(self.to_move) {
                    kind
                } else {
                    None
                },
                public,
            },
            other => other,
        };
        View {
            seat,
            options: self.options,
            board,
            hand: owner.map_or_else(Vec::new, |c| self.hands[c.index()].clone()),
            hand_counts,
            removed: self.removed.clone(),
            drop_squares: self.drop_squares,
            phase,
            to_move: self.to_move,
            ply: self.ply,
            lock: self.lock,
            flipped: self.flipped,
            setup_done: self.setup_done,
            history: self.history.clone(),
            outcome: self.outcome.clone(),
            checked: self.checked,
        }
    }

    /// A full state consistent with `view`: the unknown faces drawn so that
    /// every side owns each two-faced kind exactly once.
    pub fn from_view(view: &View, rng: &mut GameRng) -> RealityCheck {
        let me = Color::of(view.seat);
        let mut game = RealityCheck {
            options: view.options,
            board: vec![None; Square::COUNT],
            hands: [Vec::new(), Vec::new()],
            removed: view.removed.clone(),
            drop_squares: view.drop_squares,
            phase: view.phase,
            to_move: view.to_move,
            ply: view.ply,
            lock: view.lock,
            flipped: view.flipped,
            setup_done: view.setup_done,
            history: view.history.clone(),
            outcome: view.outcome.clone(),
            checked: view.checked,
        };
        game.hands[me.index()] = view.hand.clone();
        if view.phase == Phase::Setup {
            for (i, s) in view.board.iter().take(Square::COUNT).enumerate() {
                if let Some(s) = s {
                    game.board[i] = Some(Piece {
                        color: s.color,
                        kind: s.kind.expect("own pieces are known in setup"),
                        up: s.up,
                        public: s.public,
                    });
                }
            }
            // A setup done but not shown (the other side's, or both in a
            // spectator's view) is dealt at random; a review shows both.
            for color in Color::BOTH {
                let shown = view.board.iter().flatten().any(|s| s.color == color);
                if view.setup_done[color.index()] && !shown {
                    game.setup_done[color.index()] = false;
                    game.random_setup(color, rng);
                }
            }
            return game;
        }
        for color in Color::BOTH {
            // Slots whose kind is unknown: board squares (the up-face must
            // be one of its faces) and, for the other side, hand pieces and
            // a hidden claimed piece.
            let mut used = [false; 10];
            let mut board_slots: Vec<(usize, Face)> = Vec::new();
            for (i, s) in view.board.iter().take(Square::COUNT).enumerate() {
                let Some(s) = s else { continue };
                if s.color != color {
                    continue;
                }
                match s.kind {
                    Some(k) => used[k.index()] = true,
                    None => board_slots.push((i, s.up)),
                }
            }
            for k in &view.removed[color.index()] {
                used[k.index()] = true;
            }
            // The hand pieces the view does not name: the other side's, and
            // the own ones a spectator's view leaves out.
            let mut known_hand: &[Kind] = &[];
            if color == me {
                known_hand = &view.hand;
                for k in known_hand {
                    used[k.index()] = true;
                }
            }
            let free_slots =
                usize::from(view.hand_counts[color.index()]).saturating_sub(known_hand.len());
            let mut claim_slot = false;
            if let Phase::Claim { kind, .. } = view.phase
                && color == view.to_move
            {
                match kind {
                    Some(k) => used[k.index()] = true,
                    None => claim_slot = true,
                }
            }
            let pool: Vec<Kind> = Kind::ALL.into_iter().filter(|k| !used[k.index()]).collect();
            let need: Vec<Option<Face>> = board_slots
                .iter()
                .map(|(_, f)| Some(*f))
                .chain((0..free_slots + usize::from(claim_slot)).map(|_| None))
                .collect();
            let assigned = random_assignment(&need, &pool, rng).unwrap_or_else(|| {
                // An impossible view (never made by `observe`): fill as we can.
                need.iter()
                    .enumerate()
                    .map(|(i, f)| {
                        f.map(Kind::true_of)
                            .unwrap_or(pool.get(i).copied().unwrap_or(Kind::PP))
                    })
                    .collect()
            });
            for (i, s) in view.board.iter().take(Square::COUNT).enumerate() {
                let Some(s) = s else { continue };
                if s.color != color {
                    continue;
                }
                let kind = match s.kind {
                    Some(k) => k,
                    None => {
                        let slot = board_slots.iter().position(|(j, _)| *j == i).unwrap();
                        assigned[slot]
                    }
                };
                game.board[i] = Some(Piece {
                    color,
                    kind,
                    up: s.up,
                    public: s.public,
                });
            }
            let mut rest = assigned[board_slots.len()..].iter().copied();
            if free_slots > 0 {
                let hand = &mut game.hands[color.index()];
                hand.extend(rest.by_ref().take(free_slots));
                hand.sort();
            }
            if claim_slot {
                let k = rest.next().unwrap_or(Kind::PP);
                if let Phase::Claim { public, .. } = view.phase {
                    game.phase = Phase::Claim {
                        kind: Some(k),
                        public,
                    };
                }
            }
        }
        game
    }

    /// Places all of `color`'s pieces at random (a legal setup).
    pub(crate) fn random_setup(&mut self, color: Color, rng: &mut GameRng) {
        let mut out = Vec::new();
        while !self.setup_done[color.index()] {
            out.clear();
            self.setup_actions(color, &mut out);
            if out.is_empty() {
                // Only an impossible view gets here (its check refuses it).
                break;
            }
            let a = out[rng.random_range(0..out.len())];
            self.play(color.seat(), a);
        }
    }

    /// Every legal action of the side to move, for perft and tests.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let actor = match self.turn() {
            Turn::Seat(s) => Actor::Seat(s),
            Turn::Chance => Actor::Chance,
            Turn::Simultaneous(set) => match set.first() {
                Some(s) => Actor::Seat(s),
                None => return out,
            },
            Turn::Over => return out,
        };
        self.legal_actions(actor, &mut out);
        out
    }

    /// Any value of the action type, legal or not, for tests.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        let sq = |rng: &mut GameRng| Square::from_index(rng.random_range(0..63)).unwrap();
        let kind = |rng: &mut GameRng| Kind::ALL[rng.random_range(0..10)];
        let face = |rng: &mut GameRng| Face::ALL[rng.random_range(0..4)];
        match rng.random_range(0..13) {
            0 => Action::Place {
                kind: kind(rng),
                to: sq(rng),
                up: face(rng),
            },
            1 => Action::Move {
                from: sq(rng),
                to: sq(rng),
            },
            2 => Action::Capture {
                from: sq(rng),
                to: sq(rng),
            },
            3 => Action::Check {
                from: sq(rng),
                to: sq(rng),
            },
            4 => Action::Retreat {
                from: sq(rng),
                to: sq(rng),
            },
            5 => Action::Drop {
                kind: kind(rng),
                to: sq(rng),
                up: face(rng),
            },
            6 => Action::Flip(sq(rng)),
            7 => Action::Memory(sq(rng), sq(rng)),
            8 => Action::Take,
            9 => Action::Refuse,
            10 => Action::RemoveFromBoard(sq(rng)),
            11 => Action::RemoveFromHand(kind(rng)),
            _ => Action::Roll(rng.random_range(0..8)),
        }
    }
}

/// Whether the faces `need` can each be shown by a different kind of `kinds`.
pub(crate) fn can_match(need: &[Face], kinds: &[Kind]) -> bool {
    // Kuhn's augmenting paths: slots to kinds.
    fn augment(
        slot: usize,
        need: &[Face],
        kinds: &[Kind],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (k, kind) in kinds.iter().enumerate() {
            if seen[k] || !kind.has(need[slot]) {
                continue;
            }
            seen[k] = true;
            if owner[k].is_none_or(|other| augment(other, need, kinds, owner, seen)) {
                owner[k] = Some(slot);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; kinds.len()];
    need.iter().enumerate().all(|(slot, _)| {
        let mut seen = vec![false; kinds.len()];
        augment(slot, need, kinds, &mut owner, &mut seen)
    })
}

/// Gives every slot a different kind of `pool` at random, a slot with a
/// face taking only a kind that has it; `None` if impossible.
fn random_assignment(need: &[Option<Face>], pool: &[Kind], rng: &mut GameRng) -> Option<Vec<Kind>> {
    if need.len() > pool.len() {
        return None;
    }
    // Most constrained slots first, each trying the free kinds in random order.
    let mut order: Vec<usize> = (0..need.len()).collect();
    order.sort_by_key(|&i| match need[i] {
        Some(f) => pool.iter().filter(|k| k.has(f)).count(),
        None => usize::MAX,
    });
    let mut result = vec![Kind::PP; need.len()];
    let mut taken = vec![false; pool.len()];
    fn go(
        at: usize,
        order: &[usize],
        need: &[Option<Face>],
        pool: &[Kind],
        taken: &mut [bool],
        result: &mut [Kind],
        rng: &mut GameRng,
    ) -> bool {
        let Some(&slot) = order.get(at) else {
            return true;
        };
        let mut candidates: Vec<usize> = (0..pool.len())
            .filter(|&k| !taken[k] && need[slot].is_none_or(|f| pool[k].has(f)))
            .collect();
        while !candidates.is_empty() {
            let k = candidates.swap_remove(rng.random_range(0..candidates.len()));
            taken[k] = true;
            result[slot] = pool[k];
            if go(at + 1, order, need, pool, taken, result, rng) {
                return true;
            }
            taken[k] = false;
        }
        false
    }
    go(0, &order, need, pool, &mut taken, &mut result, rng).then_some(result)
}

impl Game for RealityCheck {
    const ID: &'static str = "reality-check";
    type Options = Options;
    type Action = Action;
    type Observation = View;

    fn new(options: &Options, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new(format!(
                "Reality Check is for two players, not {seats}"
            )));
        }
        Ok(RealityCheck {
            options: *options,
            board: vec![None; Square::COUNT],
            hands: [Vec::new(), Vec::new()],
            removed: [Vec::new(), Vec::new()],
            drop_squares: [0; 2],
            phase: Phase::Setup,
            to_move: Color::White,
            ply: 0,
            lock: [None; 2],
            flipped: [None; 2],
            setup_done: [false; 2],
            history: Vec::new(),
            outcome: None,
            checked: None,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Setup => Turn::Simultaneous(
                Color::BOTH
                    .into_iter()
                    .filter(|c| !self.setup_done[c.index()])
                    .map(Color::seat)
                    .collect::<SeatSet>(),
            ),
            Phase::Roll { .. } => Turn::Chance,
            Phase::Over => Turn::Over,
            _ => Turn::Seat(self.to_move.seat()),
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        match (self.phase, actor) {
            (Phase::Roll { .. }, Actor::Chance) => out.extend((1..=6).map(Action::Roll)),
            (_, Actor::Chance) | (Phase::Over, _) => {}
            (Phase::Setup, Actor::Seat(s)) => {
                if s.index() < 2 && !self.setup_done[s.index()] {
                    self.setup_actions(Color::of(s), out);
                }
            }
            (_, Actor::Seat(s)) if s != self.to_move.seat() => {}
            (Phase::Play, _) => self.play_actions(self.to_move, out),
            (Phase::Flip { die, .. }, _) => {
                out.extend(squares(self.flippable(die)).map(Action::Flip))
            }
            (Phase::Claim { .. }, _) => out.extend([Action::Take, Action::Refuse]),
            (Phase::Penalty, _) => self.penalty_actions(self.to_move, out),
            (Phase::Roll { .. }, _) => {}
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        Action::Roll(rng.random_range(1..=6))
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<(), ActionError<Action>> {
        if self.phase == Phase::Over {
            return Err(ActionError::GameOver { action });
        }
        let may = match (self.turn(), actor) {
            (Turn::Chance, Actor::Chance) => true,
            (Turn::Seat(s), Actor::Seat(a)) => s == a,
            (Turn::Simultaneous(set), Actor::Seat(a)) => set.contains(a),
            _ => false,
        };
        if !may {
            return Err(ActionError::NotYourTurn { actor, action });
        }
        let mut legal = Vec::new();
        self.legal_actions(actor, &mut legal);
        if !legal.contains(&action) {
            return Err(ActionError::Illegal {
                actor,
                action,
                reason: self.why_illegal(action),
            });
        }
        match actor {
            Actor::Seat(seat) => self.play(seat, action),
            Actor::Chance => self.play(Seat(0), action),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn observe(&self, seat: Seat) -> View {
        self.view(seat)
    }

    /// White's chair, seeing no side's own: in setup no piece at all, in
    /// play only the faces turned over in public, and no hand but counts.
    fn observe_public(&self) -> View {
        self.view_from(Seat(0), None)
    }

    fn observer(observation: &View) -> Seat {
        observation.seat
    }

    /// The kinds of the pieces on the board `seat` cannot see: place = the
    /// square's [`Square::index`], what = the [`Kind`]'s index. (In setup
    /// the other side's pieces are not shown at all: nothing to believe.)
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        if self.phase == Phase::Setup || self.outcome.is_some() {
            return;
        }
        let me = Color::of(seat);
        let sees_own = !self.options.memory_mode;
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell
                && !(p.public || (p.color == me && sees_own))
            {
                out.push(veil_core::Fact {
                    place: i as u16,
                    what: p.kind.index() as u16,
                });
            }
        }
    }

    fn determinize(observation: &View, rng: &mut GameRng) -> Self {
        RealityCheck::from_view(observation, rng)
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(crate::ai::evaluate(self, Color::of(seat)))
    }

    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::ai::playout_action(self, Color::of(seat), legal, rng)
    }

    fn action_prior(&self, seat: Seat, actions: &[Action], out: &mut Vec<f64>) {
        crate::ai::action_prior(self, Color::of(seat), actions, out)
    }

    fn hide_secrets_from_opponents(&self) -> bool {
        true
    }

    /// Hard plays on for a win rather than repeat: a draw is worth 0.4 to
    /// it (most draws are repetitions and the 300-ply limit, not balance).
    fn draw_contempt(&self) -> f64 {
        0.1
    }

    /// Hard explores at 0.35, not 0.7: the evaluation's values sit close
    /// together, so at 0.7 a tree of 3000 iterations spreads its visits
    /// nearly evenly over the forty-odd moves and flips and looks no deeper
    /// into the good ones than into the rest. (Measured against Normal,
    /// `--games 40 --seed 1000`: at 0.7 without contempt Hard won 11 and
    /// lost 16; at 0.35 with it, 22 and 7. See the README.)
    fn strongest_exploration(&self) -> Option<f64> {
        Some(0.35)
    }

    /// Hidden kinds make deep lines fit the sampled states too well:
    /// several trees of at most 3000 iterations vote instead (Hard is four
    /// of Normal's trees).
    fn max_tree_iterations(&self) -> Option<u32> {
        Some(3_000)
    }

    /// Playouts of 12 seat actions (Hard too: longer ones are noise); in
    /// setup none at all: the search there only picks among the setup
    /// plans, which the evaluation cannot tell apart before play.
    fn max_playout_depth(&self) -> Option<u32> {
        Some(if self.phase == Phase::Setup { 0 } else { 12 })
    }
}

impl RealityCheck {
    fn why_illegal(&self, action: Action) -> String {
        let what = match self.phase {
            Phase::Setup => "during setup only placements matching the setup rule are allowed",
            Phase::Play if self.first_move() => "White's first move is a non-capturing move",
            Phase::Play if self.must_drop(self.to_move) => {
                "the hand is over its limit: a drop is obligatory"
            }
            Phase::Play => "that is none of the turn options here",
            Phase::Roll { .. } => "the die is to be rolled",
            Phase::Flip { .. } => "a piece that may be flipped now is to be flipped",
            Phase::Claim { .. } => "the captured piece is to be taken or refused",
            Phase::Penalty => "one of your true pieces is to be removed",
            Phase::Over => "the game is over",
        };
        format!("{action}: {what}")
    }
}

impl fmt::Display for RealityCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
