//! The full state of a game and its rules.

use serde::{Deserialize, Serialize};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, RngExt, Seat, SeatSet, Turn,
};

use crate::Pieces;

/// A move of Hide and Guess. Small and `Copy`; pieces are written in letters
/// in saves (`{"Build":"KPP"}`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Setup: hide these 5 pieces of a black set behind your screen.
    ChooseSecret(Pieces),
    /// Chance: this seat takes the first turn.
    FirstPlayer(Seat),
    /// Take these 3 white pieces from the supply and build a new triangle.
    Build(Pieces),
    /// Choose to build when no new triangle can be built: the game ends.
    EndByBuild,
    /// Name the 5 pieces you think the other player hides.
    Guess(Pieces),
    /// The thumb vote on the triangle just built: `true` is thumb UP.
    Vote(bool),
}

/// A triangle on the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Triangle {
    pub pieces: Pieces,
    /// Who built it: the base faces the builder, the tip the other player.
    pub builder: Seat,
    /// Each seat's thumb (indexed by seat, `true` = UP), once both voted;
    /// `None` while the vote on it is still open.
    pub votes: Option<[bool; 2]>,
}

impl Triangle {
    /// White stones on it: one per seat that voted UP.
    pub fn stones(&self) -> usize {
        self.votes.map_or(0, |v| v.iter().filter(|up| **up).count())
    }

    /// Whether `seat` voted UP (false while the vote is open).
    pub fn voted_up(&self, seat: Seat) -> bool {
        self.votes.is_some_and(|v| v[seat.index()])
    }

    /// A stone at the base: the builder voted UP.
    pub fn base_stone(&self) -> bool {
        self.voted_up(self.builder)
    }

    /// A stone at the tip: the other player voted UP.
    pub fn tip_stone(&self) -> bool {
        self.voted_up(other(self.builder))
    }
}

/// A guess that was made, in the public history.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GuessMade {
    pub by: Seat,
    pub pieces: Pieces,
    pub correct: bool,
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum End {
    /// `by` guessed the other's secret.
    Guessed { by: Seat },
    /// `by` chose to build when no new triangle could be built.
    NothingToBuild { by: Seat },
}

/// Everything both players see: the supply, the triangles and their stones,
/// the guesses, the stones in hand, whose turn it is.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Table {
    /// Who started (decided by chance after the secrets are hidden).
    pub first_player: Option<Seat>,
    /// Whose build-or-guess turn it is (or will be after the vote).
    pub to_move: Seat,
    /// White pieces not yet in a triangle.
    pub supply: Pieces,
    /// In the order built; the last one may still be being voted on.
    pub triangles: Vec<Triangle>,
    /// Every guess, in order; only the last can be correct.
    pub guesses: Vec<GuessMade>,
    /// White stones in hand per seat (from guesses; triangles score at the end).
    pub white: [u32; 2],
    /// Black stones per seat (one per wrong guess).
    pub black: [u32; 2],
    pub end: Option<End>,
}

impl Table {
    fn new() -> Table {
        Table {
            first_player: None,
            to_move: Seat(0),
            supply: Pieces::SUPPLY,
            triangles: Vec::new(),
            guesses: Vec::new(),
            white: [0; 2],
            black: [0; 2],
            end: None,
        }
    }

    /// Checks a table read from outside data: seats of a two-seat game,
    /// triangles of 3 distinct pieces that with the supply make the two
    /// white sets, only the last triangle's vote open.
    pub(crate) fn validate(&self) -> Result<(), String> {
        let seat_ok = |s: Seat| s.index() < 2;
        let seats_ok = seat_ok(self.to_move)
            && self.first_player.is_none_or(seat_ok)
            && self.triangles.iter().all(|t| seat_ok(t.builder))
            && self.guesses.iter().all(|g| seat_ok(g.by))
            && match self.end {
                Some(End::Guessed { by } | End::NothingToBuild { by }) => seat_ok(by),
                None => true,
            };
        if !seats_ok {
            return Err("a seat beyond the two of Hide and Guess".into());
        }
        let mut total = self.supply.counts().map(u32::from);
        for (i, t) in self.triangles.iter().enumerate() {
            if t.pieces.len() != Pieces::TRIANGLE_SIZE {
                return Err("a triangle is not 3 pieces".into());
            }
            if self.triangles[..i].iter().any(|u| u.pieces == t.pieces) {
                return Err("two triangles of the same pieces".into());
            }
            if t.votes.is_none() && i + 1 != self.triangles.len() {
                return Err("only the last triangle's vote can be open".into());
            }
            for (sum, n) in total.iter_mut().zip(t.pieces.counts()) {
                *sum += u32::from(n);
            }
        }
        if total != Pieces::SUPPLY.counts().map(u32::from) {
            return Err("the supply and the triangles are not the two white sets".into());
        }
        if self.first_player.is_none()
            && (!self.triangles.is_empty() || !self.guesses.is_empty() || self.end.is_some())
        {
            return Err("play before the first player was drawn".into());
        }
        Ok(())
    }

    /// The triangle whose thumb vote is open, if any.
    pub fn open_vote(&self) -> Option<&Triangle> {
        self.triangles.last().filter(|t| t.votes.is_none())
    }

    /// Whether a triangle of these pieces may be built now: 3 pieces, all in
    /// the supply, and no triangle of the same pieces on the table.
    pub fn can_build(&self, pieces: Pieces) -> bool {
        pieces.len() == Pieces::TRIANGLE_SIZE
            && pieces.is_subset(self.supply)
            && self.triangles.iter().all(|t| t.pieces != pieces)
    }

    /// Every triangle that may be built now, in a fixed order.
    pub fn buildable(&self) -> impl Iterator<Item = Pieces> + '_ {
        Pieces::triangle_shapes()
            .iter()
            .copied()
            .filter(|p| self.can_build(*p))
    }

    /// True when `guesser` already guessed these pieces wrongly: legal, but
    /// the UI warns.
    pub fn is_repeated_guess(&self, guesser: Seat, guess: Pieces) -> bool {
        self.guesses
            .iter()
            .any(|g| g.by == guesser && g.pieces == guess && !g.correct)
    }

    /// White stones `seat` would take from the triangles with this secret:
    /// for each triangle, its stones times the pieces it shares with it.
    pub fn triangle_points(&self, secret: Pieces) -> u32 {
        self.triangles
            .iter()
            .map(|t| (t.stones() * t.pieces.overlap(secret)) as u32)
            .sum()
    }

    /// Score of `seat` if the game ended now with this secret:
    /// white stones − 2 × black stones.
    pub fn score(&self, seat: Seat, secret: Pieces) -> i64 {
        let white = self.white[seat.index()].saturating_add(self.triangle_points(secret));
        i64::from(white) - 2 * i64::from(self.black[seat.index()])
    }
}

/// The other seat of two.
pub(crate) fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

/// A game of Hide and Guess in progress: the table and both secrets and
/// open votes. Only the referee holds it; players see [`HideAndGuessView`].
///
/// [`HideAndGuessView`]: crate::HideAndGuessView
///
/// Read from outside data (a save) it is checked (see [`Table`]'s rules,
/// secrets of 5 pieces of a black set, thumbs only on an open vote).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "HideAndGuessUnchecked")]
pub struct HideAndGuess {
    pub(crate) table: Table,
    pub(crate) secrets: [Option<Pieces>; 2],
    /// Thumbs cast on the open vote, by seat.
    pub(crate) votes: [Option<bool>; 2],
}

/// [`HideAndGuess`] as read, before it is checked.
#[derive(Deserialize)]
struct HideAndGuessUnchecked {
    table: Table,
    secrets: [Option<Pieces>; 2],
    votes: [Option<bool>; 2],
}

impl TryFrom<HideAndGuessUnchecked> for HideAndGuess {
    type Error = String;
    fn try_from(raw: HideAndGuessUnchecked) -> Result<HideAndGuess, String> {
        let game = HideAndGuess {
            table: raw.table,
            secrets: raw.secrets,
            votes: raw.votes,
        };
        game.validate()?;
        Ok(game)
    }
}

impl HideAndGuess {
    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game): the other secret too.
    pub fn revealed(&self, seat: Seat) -> crate::HideAndGuessView {
        crate::view::revealed(self, seat)
    }

    /// Checks a whole state (one read from outside data).
    pub(crate) fn validate(&self) -> Result<(), String> {
        self.table.validate()?;
        if self.secrets.iter().flatten().any(|p| !p.is_secret()) {
            return Err("a secret is not 5 pieces of a black set".into());
        }
        if self.secrets.contains(&None)
            && (self.table.first_player.is_some() || self.votes.iter().any(Option::is_some))
        {
            return Err("play before both secrets were hidden".into());
        }
        match self.table.open_vote() {
            None if self.votes.iter().any(Option::is_some) => {
                Err("a thumb cast with no vote open".into())
            }
            // Both thumbs in are revealed at once: never both pending.
            Some(_) if self.votes.iter().all(Option::is_some) => {
                Err("both thumbs cast on a vote still open".into())
            }
            _ => Ok(()),
        }
    }

    /// A game before anything happened.
    pub fn start() -> HideAndGuess {
        HideAndGuess {
            table: Table::new(),
            secrets: [None; 2],
            votes: [None; 2],
        }
    }

    /// What both players see.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A seat's secret, once chosen. The referee's knowledge, not a player's.
    pub fn secret(&self, seat: Seat) -> Option<Pieces> {
        self.secrets.get(seat.index()).copied().flatten()
    }

    /// True when `guesser` already guessed these pieces wrongly.
    pub fn is_repeated_guess(&self, guesser: Seat, guess: Pieces) -> bool {
        self.table.is_repeated_guess(guesser, guess)
    }

    /// Each seat's score if the game ended now.
    pub fn scores(&self) -> [i64; 2] {
        [Seat(0), Seat(1)].map(|s| self.table.score(s, self.secret(s).unwrap_or_default()))
    }

    /// Any action value, legal or not, for tests and the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        let pieces = |rng: &mut GameRng, size: usize| {
            let mut p = Pieces::EMPTY;
            for _ in 0..size {
                let kind = crate::Kind::ALL[rng.random_range(0..6)];
                p = p.with(kind).unwrap_or(p);
            }
            p
        };
        match rng.random_range(0..6) {
            0 => {
                let size = rng.random_range(4..=6);
                Action::ChooseSecret(pieces(rng, size))
            }
            1 => Action::FirstPlayer(Seat(rng.random_range(0..3))),
            2 => {
                let size = rng.random_range(2..=4);
                Action::Build(pieces(rng, size))
            }
            3 => Action::EndByBuild,
            4 => {
                let size = rng.random_range(4..=6);
                Action::Guess(pieces(rng, size))
            }
            _ => Action::Vote(rng.random_bool(0.5)),
        }
    }

    fn waiting_for_secrets(&self) -> SeatSet {
        Seat::all(2)
            .filter(|s| self.secrets[s.index()].is_none())
            .collect()
    }

    fn waiting_for_votes(&self) -> SeatSet {
        Seat::all(2)
            .filter(|s| self.votes[s.index()].is_none())
            .collect()
    }

    /// Why `action` by `actor` is refused now, or `None` if it is legal.
    fn check(&self, actor: Actor, action: Action) -> Option<ActionError<Action>> {
        let turn = self.turn();
        if turn == Turn::Over {
            return Some(ActionError::GameOver { action });
        }
        let may_act = match (turn, actor) {
            (Turn::Chance, Actor::Chance) => true,
            (Turn::Seat(s), Actor::Seat(a)) => s == a,
            (Turn::Simultaneous(set), Actor::Seat(a)) => set.contains(a),
            _ => false,
        };
        // A seat beyond the two (from a record or a driver) never acts.
        if !may_act || matches!(actor, Actor::Seat(a) if a.index() >= 2) {
            return Some(ActionError::NotYourTurn { actor, action });
        }
        let setup = !self.waiting_for_secrets().is_empty();
        let voting = self.table.open_vote().is_some();
        let building = matches!(turn, Turn::Seat(_));
        let reason = match action {
            Action::ChooseSecret(p) if setup => {
                (!p.is_secret()).then_some("a secret is 5 pieces one black set can hold")
            }
            Action::FirstPlayer(s) if turn == Turn::Chance => {
                (s.index() >= 2).then_some("there are two seats")
            }
            Action::Vote(_) if voting => None,
            Action::Build(p) if building => (!self.table.can_build(p)).then_some(
                "a triangle is 3 pieces from the supply, unlike every triangle on the table",
            ),
            Action::EndByBuild if building => self
                .table
                .buildable()
                .next()
                .map(|_| "a new triangle can still be built"),
            Action::Guess(p) if building => {
                (!p.is_secret()).then_some("a guess names 5 pieces one black set can hold")
            }
            _ => Some(match turn {
                Turn::Simultaneous(_) if setup => "choose your secret first",
                Turn::Simultaneous(_) => "vote on the new triangle first",
                Turn::Chance => "chance decides who starts",
                _ => "build or guess",
            }),
        };
        reason.map(|reason| ActionError::Illegal {
            actor,
            action,
            reason: reason.into(),
        })
    }

    fn end_reason(&self) -> &'static str {
        match self.table.end {
            Some(End::Guessed { .. }) => "correct guess",
            _ => "no new triangle could be built",
        }
    }
}

impl Game for HideAndGuess {
    const ID: &'static str = "hide-and-guess";
    type Options = ();
    type Action = Action;
    type Observation = crate::HideAndGuessView;

    fn new(_options: &(), seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 {
            return Err(OptionsError::new(format!(
                "hide and guess is for two seats, not {seats}"
            )));
        }
        Ok(HideAndGuess::start())
    }

    fn options(&self) -> &() {
        &()
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        let setup = self.waiting_for_secrets();
        if !setup.is_empty() {
            Turn::Simultaneous(setup)
        } else if self.table.first_player.is_none() {
            Turn::Chance
        } else if self.table.end.is_some() {
            Turn::Over
        } else if self.table.open_vote().is_some() {
            Turn::Simultaneous(self.waiting_for_votes())
        } else {
            Turn::Seat(self.table.to_move)
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let turn = self.turn();
        match (turn, actor) {
            (Turn::Chance, Actor::Chance) => {
                out.extend([Seat(0), Seat(1)].map(Action::FirstPlayer))
            }
            (Turn::Simultaneous(set), Actor::Seat(s)) if set.contains(s) => {
                if self.table.open_vote().is_some() {
                    out.extend([Action::Vote(true), Action::Vote(false)]);
                } else {
                    out.extend(Pieces::secrets().iter().copied().map(Action::ChooseSecret));
                }
            }
            (Turn::Seat(s), Actor::Seat(a)) if s == a => {
                out.extend(self.table.buildable().map(Action::Build));
                if out.is_empty() {
                    out.push(Action::EndByBuild);
                }
                out.extend(Pieces::secrets().iter().copied().map(Action::Guess));
            }
            _ => {}
        }
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        Action::FirstPlayer(Seat(rng.random_range(0..2)))
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<(), ActionError<Action>> {
        if let Some(error) = self.check(actor, action) {
            return Err(error);
        }
        let Actor::Seat(seat) = actor else {
            if let Action::FirstPlayer(first) = action {
                self.table.first_player = Some(first);
                self.table.to_move = first;
            }
            return Ok(());
        };
        let me = seat.index();
        let table = &mut self.table;
        match action {
            Action::ChooseSecret(p) => self.secrets[me] = Some(p),
            Action::Build(p) => {
                table.supply = table.supply.minus(p).expect("checked buildable");
                table.triangles.push(Triangle {
                    pieces: p,
                    builder: seat,
                    votes: None,
                });
            }
            Action::EndByBuild => table.end = Some(End::NothingToBuild { by: seat }),
            Action::Guess(p) => {
                let correct = self.secrets[other(seat).index()] == Some(p);
                table.guesses.push(GuessMade {
                    by: seat,
                    pieces: p,
                    correct,
                });
                if correct {
                    table.white[me] = table.white[me].saturating_add(table.triangles.len() as u32);
                    table.end = Some(End::Guessed { by: seat });
                } else {
                    let them = other(seat).index();
                    table.white[them] = table.white[them].saturating_add(1);
                    table.black[me] = table.black[me].saturating_add(1);
                    table.to_move = other(seat);
                }
            }
            Action::Vote(up) => {
                self.votes[me] = Some(up);
                if let [Some(a), Some(b)] = self.votes {
                    // Both thumbs are in: reveal them together.
                    let open = table.triangles.last_mut().expect("a vote is open");
                    open.votes = Some([a, b]);
                    table.to_move = other(open.builder);
                    self.votes = [None; 2];
                }
            }
            Action::FirstPlayer(_) => unreachable!("chance acts above"),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.turn() != Turn::Over {
            return None;
        }
        let scores = self.scores();
        let black = self.table.black;
        // Higher score first; equal scores: more black stones first.
        let key = |s: usize| (scores[s], black[s]);
        let ranks = (0..2)
            .map(|s| (0..2).filter(|o| key(*o) > key(s)).count() as u8)
            .collect();
        let mut reason = self.end_reason().to_owned();
        if scores[0] == scores[1] {
            reason += if black[0] == black[1] {
                "; equal scores and black stones"
            } else {
                "; equal scores, more black stones wins"
            };
        }
        Some(Outcome {
            scores: scores.to_vec(),
            ranks,
            reason,
        })
    }

    fn observe(&self, seat: Seat) -> crate::HideAndGuessView {
        crate::view::observe(self, seat)
    }

    fn observe_public(&self) -> crate::HideAndGuessView {
        crate::view::observe_public(self)
    }

    fn observer(observation: &crate::HideAndGuessView) -> Seat {
        observation.seat
    }

    /// The other player's secret while `seat` cannot see it: place = 0,
    /// what = its index in [`Pieces::secrets`].
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        let them = 1 - seat.index().min(1);
        if self.table.end.is_none()
            && let Some(secret) = self.secrets[them]
            && let Some(i) = Pieces::secrets().iter().position(|s| *s == secret)
        {
            out.push(veil_core::Fact {
                place: 0,
                what: i as u16,
            });
        }
    }

    fn determinize(observation: &crate::HideAndGuessView, rng: &mut GameRng) -> Self {
        crate::view::determinize(observation, rng)
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(crate::ai::evaluate(self, seat))
    }

    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::ai::playout_action(self, seat, legal, rng)
    }

    fn action_prior(&self, seat: Seat, actions: &[Action], out: &mut Vec<f64>) {
        crate::ai::action_prior(self, seat, actions, out)
    }
}
