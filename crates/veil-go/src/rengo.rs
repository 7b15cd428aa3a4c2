//! Rengo — Go for two teams of two who may not talk — as a Veil [`Game`],
//! and plain Go with one player a side (the same game with two seats).
//!
//! Seats play in the order B1, W1, B2, W2 (seats 0, 1, 2, 3; team 0 is
//! Black, team 1 White). A seat on move may, besides playing or passing,
//! send its partner one of the seed's three messages, each at most once a
//! turn. "Shall we resign?" hands the turn to the partner, who agrees (the
//! team resigns) or declines (the asker moves on). In table mode the seat
//! on move may report that the last stone was played by the wrong partner,
//! before it plays: reported as intentional, that team forfeits; as
//! unintentional, the other team receives 3 prisoners (3 points under area
//! scoring) and the rotation continues from the partner who really played,
//! so the turn passes to the reporter's partner. Nothing is undone.
//!
//! Two passes in a row end play. The engine then proposes the dead stones
//! (chains that its playouts leave to the other colour); the seat next in
//! rotation may toggle chains and accepts, then the next seat of the other
//! team; a toggle withdraws both teams' acceptance. After 40 toggles in one
//! count only acceptance remains, so every count ends. The game is scored
//! with [`crate::score`].
//!
//! Go is a game of perfect information, and the messages are no secret
//! either: at a real table everyone hears them. Every seat observes the
//! whole game.

use serde::{Deserialize, Serialize};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, RngExt, Seat, SeedableRng, Turn,
};

use crate::board::{Color, Point};
use crate::playout::{self, Policy};
use crate::position::{Move, Position, handicap_points};
use crate::scoring::{Rules, Score, propose_dead, score};

/// The options of a game of Rengo (or Go).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RengoOptions {
    /// 9, 13 or 19.
    pub size: u8,
    pub rules: Rules,
    /// `None`: the rules' usual komi (6.5 territory, 7.5 area).
    pub komi: Option<f64>,
    /// Black's handicap stones, 0 or 2–9 (for play against the computer).
    pub handicap: u8,
    /// Several people at one screen: out-of-sequence stones can be reported.
    pub table_mode: bool,
}

impl Default for RengoOptions {
    fn default() -> Self {
        RengoOptions {
            size: 9,
            rules: Rules::Territory,
            komi: None,
            handicap: 0,
            table_mode: false,
        }
    }
}

impl RengoOptions {
    /// The komi in force.
    pub fn komi(&self) -> f64 {
        self.komi.unwrap_or(self.rules.default_komi())
    }
}

/// The only words a seat can send its partner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Message {
    IsItMyTurn,
    OutOfSequence,
    ShallWeResign,
}

impl Message {
    pub const ALL: [Message; 3] = [
        Message::IsItMyTurn,
        Message::OutOfSequence,
        Message::ShallWeResign,
    ];
    /// The words as the seed says them.
    pub const fn text(self) -> &'static str {
        match self {
            Message::IsItMyTurn => "Is it my turn?",
            Message::OutOfSequence => "That was out of sequence",
            Message::ShallWeResign => "Shall we resign?",
        }
    }
    const fn bit(self) -> u8 {
        match self {
            Message::IsItMyTurn => 1,
            Message::OutOfSequence => 2,
            Message::ShallWeResign => 4,
        }
    }
}

/// What a seat does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum RengoAction {
    Play(Point),
    Pass,
    /// A message to the partner (Rengo only).
    Say(Message),
    /// The partner's answer to "Shall we resign?": `true` resigns.
    AnswerResign(bool),
    /// Resigns at once (plain Go only; in Rengo both partners must agree).
    Resign,
    /// Table mode: the last stone was played by the wrong partner.
    ReportOutOfSequence {
        intentional: bool,
    },
    /// Counting: marks the chain at the point dead, or alive again.
    ToggleDead(Point),
    /// Counting: the team accepts the dead stones as marked.
    Accept,
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    Play,
    /// `asker` asked its partner "Shall we resign?".
    ResignQuestion {
        asker: Seat,
    },
    /// Counting after two passes.
    Counting {
        /// By team.
        accepted: [bool; 2],
        toggles: u16,
    },
    Over(Outcome),
}

/// Toggles in one count after which only acceptance remains.
pub const MAX_TOGGLES: u16 = 40;
/// Prisoners (or points) an unintentional out-of-sequence stone costs.
pub const PENALTY: u32 = 3;

/// One entry of the game's log: who did what. A stone reported out of
/// sequence stays logged under the seat whose turn it was; the report that
/// follows it says it was the partner's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entry {
    pub seat: Seat,
    pub action: RengoAction,
}

/// A game of Rengo or Go.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RengoRecord", into = "RengoRecord")]
pub struct Rengo {
    options: RengoOptions,
    seats: usize,
    position: Position,
    /// The seat to move in play (and the next to count).
    next: Seat,
    phase: Phase,
    /// Penalty points by colour index.
    bonus: [u32; 2],
    /// Messages sent this turn (bits of [`Message::bit`]).
    said: u8,
    /// Whether the last stone was already reported.
    reported: bool,
    /// Every stone marked dead in counting, sorted.
    dead: Vec<Point>,
    log: Vec<Entry>,
}

/// How a game is stored: its options and actions, replayed (and so
/// checked) when read.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RengoRecord {
    options: RengoOptions,
    seats: usize,
    log: Vec<Entry>,
}

impl From<Rengo> for RengoRecord {
    fn from(game: Rengo) -> Self {
        RengoRecord {
            options: game.options,
            seats: game.seats,
            log: game.log,
        }
    }
}

impl TryFrom<RengoRecord> for Rengo {
    type Error = String;
    fn try_from(record: RengoRecord) -> Result<Self, String> {
        let mut game = Rengo::new(&record.options, record.seats).map_err(|e| e.to_string())?;
        for (k, entry) in record.log.iter().enumerate() {
            game.apply(Actor::Seat(entry.seat), entry.action)
                .map_err(|e| format!("action {} does not replay: {e}", k + 1))?;
        }
        Ok(game)
    }
}

/// The view of one seat: everything (Go hides nothing).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RengoView {
    pub seat: Seat,
    pub game: Rengo,
}

impl Rengo {
    /// The colour a seat plays.
    pub fn color_of(seat: Seat) -> Color {
        if seat.0.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The seed's name of a seat: B1, W1, B2, W2 (plain Go: Black, White).
    pub fn seat_name(&self, seat: Seat) -> String {
        let color = if seat.0.is_multiple_of(2) { "B" } else { "W" };
        if self.seats == 2 {
            Self::color_of(seat).to_string()
        } else {
            format!("{color}{}", seat.0 / 2 + 1)
        }
    }

    /// The partner of a Rengo seat (itself in plain Go).
    pub fn partner(&self, seat: Seat) -> Seat {
        Seat(((seat.0 as usize + 2) % self.seats) as u8)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn log(&self) -> &[Entry] {
        &self.log
    }
    /// Penalty points received by colour index.
    pub fn bonus(&self) -> [u32; 2] {
        self.bonus
    }
    /// The seat whose turn it is in play (or next to count).
    pub fn next_seat(&self) -> Seat {
        self.next
    }
    pub fn komi(&self) -> f64 {
        self.options.komi()
    }

    /// The stones marked dead (in counting and after), sorted.
    pub fn dead(&self) -> &[Point] {
        &self.dead
    }

    /// The count with the stones now marked dead (all alive during play).
    pub fn score(&self) -> Score {
        score(
            self.position.board(),
            &self.dead,
            self.options.rules,
            self.komi(),
            self.bonus,
        )
    }

    /// Any action, legal or not, for tests.
    pub fn arbitrary_action(rng: &mut GameRng) -> RengoAction {
        let point = Point::new(rng.random_range(0..21), rng.random_range(0..21));
        match rng.random_range(0..9) {
            0 => RengoAction::Pass,
            1 => RengoAction::Say(Message::ALL[rng.random_range(0..3)]),
            2 => RengoAction::AnswerResign(rng.random_bool(0.5)),
            3 => RengoAction::Resign,
            4 => RengoAction::ReportOutOfSequence {
                intentional: rng.random_bool(0.5),
            },
            5 => RengoAction::ToggleDead(point),
            6 => RengoAction::Accept,
            _ => RengoAction::Play(point),
        }
    }

    /// The stone that names the chain at `p` in counting: its lowest
    /// (by row, then column).
    pub fn chain_mark(&self, p: Point) -> Option<Point> {
        self.position
            .board()
            .chain_at(p)
            .into_iter()
            .min_by_key(|q| (q.row, q.col))
    }

    fn acting_seat(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Play | Phase::Counting { .. } => Some(self.next),
            Phase::ResignQuestion { asker } => Some(self.partner(*asker)),
            Phase::Over(_) => None,
        }
    }

    fn last_stone_reportable(&self) -> bool {
        self.options.table_mode
            && self.seats == 4
            && !self.reported
            && matches!(
                self.log.last(),
                Some(Entry {
                    action: RengoAction::Play(_),
                    ..
                })
            )
    }

    /// Why `action` is illegal for the seat to act now, if it is.
    fn check(&self, seat: Seat, action: RengoAction) -> Result<(), String> {
        let color = Self::color_of(seat);
        let rengo = self.seats == 4;
        match (&self.phase, action) {
            (Phase::Play, RengoAction::Play(p)) => self
                .position
                .check(color, Move::Play(p))
                .map_err(|e| e.to_string()),
            (Phase::Play, RengoAction::Pass) => Ok(()),
            (Phase::Play, RengoAction::Say(m)) if rengo => {
                if self.said & m.bit() != 0 {
                    Err("each message can be sent once a turn".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Play, RengoAction::Resign) if !rengo => Ok(()),
            (Phase::Play, RengoAction::ReportOutOfSequence { .. }) => {
                if self.last_stone_reportable() {
                    Ok(())
                } else {
                    Err("only a stone just played can be reported, in table mode".into())
                }
            }
            (Phase::ResignQuestion { .. }, RengoAction::AnswerResign(_)) => Ok(()),
            (Phase::Counting { toggles, .. }, RengoAction::ToggleDead(p)) => {
                if *toggles >= MAX_TOGGLES {
                    Err("the marking has changed too often; accept it".into())
                } else if self.position.board().get(p).is_none() {
                    Err("there is no stone there".into())
                } else if self.chain_mark(p) != Some(p) {
                    Err("a chain is named by its lowest stone (row, then column)".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Counting { .. }, RengoAction::Accept) => Ok(()),
            (Phase::Over(_), _) => Err("the game is over".into()),
            _ => Err("not possible now".into()),
        }
    }

    fn advance(&mut self) {
        self.next = self.next.next(self.seats);
        self.said = 0;
    }

    fn finish(&mut self) {
        let s = self.score();
        let (b, w) = (
            (s.black * 2.0).round() as i64,
            (s.white * 2.0).round() as i64,
        );
        let scores = Seat::all(self.seats)
            .map(|seat| if seat.0.is_multiple_of(2) { b } else { w })
            .collect();
        let loser = match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(1),
            std::cmp::Ordering::Less => Some(0),
            std::cmp::Ordering::Equal => None,
        };
        self.phase = Phase::Over(self.outcome_of(scores, loser, &format!("counted: {s}")));
    }

    /// Team-mates share their team's place: 0 for the winners, 1 for the
    /// losers (both 0 in a tie).
    fn outcome_of(&self, scores: Vec<i64>, loser: Option<usize>, reason: &str) -> Outcome {
        let ranks = Seat::all(self.seats)
            .map(|seat| u8::from(Some(seat.index() % 2) == loser))
            .collect();
        Outcome {
            scores,
            ranks,
            reason: reason.into(),
        }
    }

    fn lose(&mut self, loser: usize, reason: &str) {
        let scores = Seat::all(self.seats)
            .map(|seat| i64::from(seat.0 as usize % 2 != loser))
            .collect();
        self.phase = Phase::Over(self.outcome_of(scores, Some(loser), reason));
    }

    fn start_counting(&mut self) {
        let board = self.position.board();
        let seed = board.hash() ^ self.log.len() as u64;
        let mut rng = GameRng::seed_from_u64(seed);
        self.dead = propose_dead(board, self.position.to_move(), 100, &mut rng);
        self.phase = Phase::Counting {
            accepted: [false; 2],
            toggles: 0,
        };
    }

    fn act(&mut self, seat: Seat, action: RengoAction) {
        let color = Self::color_of(seat);
        match action {
            RengoAction::Play(p) => {
                self.position
                    .play(color, Move::Play(p))
                    .expect("checked legal");
                self.reported = false;
                self.advance();
            }
            RengoAction::Pass => {
                self.position
                    .play(color, Move::Pass)
                    .expect("pass is legal");
                self.reported = false;
                self.advance();
                if self.position.passes() >= 2 {
                    self.start_counting();
                }
            }
            RengoAction::Say(m) => {
                self.said |= m.bit();
                if m == Message::ShallWeResign {
                    self.phase = Phase::ResignQuestion { asker: seat };
                }
            }
            RengoAction::AnswerResign(yes) => {
                if yes {
                    self.lose(seat.0 as usize % 2, "resignation (both partners agreed)");
                } else {
                    self.phase = Phase::Play;
                }
            }
            RengoAction::Resign => self.lose(seat.0 as usize % 2, "resignation"),
            RengoAction::ReportOutOfSequence { intentional } => {
                let offender = self.log.last().expect("a stone was played").seat;
                let team = offender.0 as usize % 2;
                if intentional {
                    self.lose(team, "forfeit: a stone played out of sequence on purpose");
                } else {
                    self.bonus[1 - team] += PENALTY;
                    self.reported = true;
                    // The rotation continues from the partner who really played.
                    self.next = self.partner(self.next);
                    self.said = 0;
                }
            }
            RengoAction::ToggleDead(p) => {
                let chain = self.position.board().chain_at(p);
                if let Phase::Counting { accepted, toggles } = &mut self.phase {
                    let dead = &mut self.dead;
                    if dead.binary_search(&chain[0]).is_ok() {
                        dead.retain(|q| !chain.contains(q));
                    } else {
                        dead.extend(&chain);
                        dead.sort();
                    }
                    *accepted = [false; 2];
                    *toggles += 1;
                }
            }
            RengoAction::Accept => {
                let team = seat.0 as usize % 2;
                let mut done = false;
                if let Phase::Counting { accepted, .. } = &mut self.phase {
                    accepted[team] = true;
                    done = accepted[0] && accepted[1];
                }
                if done {
                    self.finish();
                } else {
                    // The next seat of the other team.
                    self.next = self.next.next(self.seats);
                    if self.next.0 as usize % 2 == team {
                        self.next = self.next.next(self.seats);
                    }
                }
            }
        }
    }
}

impl Game for Rengo {
    const ID: &'static str = "rengo";
    type Options = RengoOptions;
    type Action = RengoAction;
    type Observation = RengoView;

    fn new(options: &RengoOptions, seats: usize) -> Result<Self, OptionsError> {
        if seats != 2 && seats != 4 {
            return Err(OptionsError::new(
                "Rengo has four seats (B1, W1, B2, W2); Go has two",
            ));
        }
        if !crate::SIZES.contains(&options.size) {
            return Err(OptionsError::new("the board is 9×9, 13×13 or 19×19"));
        }
        if let Some(k) = options.komi
            && (!k.is_finite() || k.abs() > 150.0 || (k * 2.0).fract() != 0.0)
        {
            return Err(OptionsError::new(
                "komi is a whole or half number of points",
            ));
        }
        if handicap_points(options.size, options.handicap).is_none() {
            return Err(OptionsError::new("handicap is 0 or 2 to 9 stones"));
        }
        let position = Position::new(options.size, options.handicap).map_err(OptionsError::new)?;
        let next = if position.to_move() == Color::White {
            Seat(1)
        } else {
            Seat(0)
        };
        Ok(Rengo {
            options: options.clone(),
            seats,
            position,
            next,
            phase: Phase::Play,
            bonus: [0; 2],
            said: 0,
            reported: false,
            dead: Vec::new(),
            log: Vec::new(),
        })
    }

    fn options(&self) -> &RengoOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn team(&self, seat: Seat) -> usize {
        seat.index() % 2
    }

    fn turn(&self) -> Turn {
        match self.acting_seat() {
            Some(seat) => Turn::Seat(seat),
            None => Turn::Over,
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<RengoAction>) {
        out.clear();
        let Actor::Seat(seat) = actor else { return };
        if self.acting_seat() != Some(seat) {
            return;
        }
        let color = Self::color_of(seat);
        match &self.phase {
            Phase::Play => {
                for p in self.position.board().points() {
                    if self.position.check(color, Move::Play(p)).is_ok() {
                        out.push(RengoAction::Play(p));
                    }
                }
                out.push(RengoAction::Pass);
                let candidates = Message::ALL.map(RengoAction::Say).into_iter().chain([
                    RengoAction::Resign,
                    RengoAction::ReportOutOfSequence { intentional: false },
                    RengoAction::ReportOutOfSequence { intentional: true },
                ]);
                for action in candidates {
                    if self.check(seat, action).is_ok() {
                        out.push(action);
                    }
                }
            }
            Phase::ResignQuestion { .. } => {
                out.extend([
                    RengoAction::AnswerResign(false),
                    RengoAction::AnswerResign(true),
                ]);
            }
            Phase::Counting { toggles, .. } => {
                out.push(RengoAction::Accept);
                if *toggles < MAX_TOGGLES {
                    let board = self.position.board();
                    let mut heads = Vec::new();
                    for p in board.points() {
                        if board.get(p).is_some() {
                            let h = board.head_of(board.index(p));
                            if !heads.contains(&h) {
                                heads.push(h);
                                out.push(RengoAction::ToggleDead(p));
                            }
                        }
                    }
                }
            }
            Phase::Over(_) => {}
        }
    }

    /// Rengo has no chance turns; a driver that asks anyway gets a pass,
    /// which [`Game::apply`] refuses for [`Actor::Chance`].
    fn sample_chance(&self, _rng: &mut GameRng) -> RengoAction {
        RengoAction::Pass
    }

    fn apply(&mut self, actor: Actor, action: RengoAction) -> Result<(), ActionError<RengoAction>> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(ActionError::GameOver { action });
        }
        let seat = match actor {
            Actor::Seat(seat) if self.acting_seat() == Some(seat) => seat,
            _ => return Err(ActionError::NotYourTurn { actor, action }),
        };
        self.check(seat, action)
            .map_err(|reason| ActionError::Illegal {
                actor,
                action,
                reason,
            })?;
        self.act(seat, action);
        self.log.push(Entry { seat, action });
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.phase {
            Phase::Over(outcome) => Some(outcome.clone()),
            _ => None,
        }
    }

    fn observe(&self, seat: Seat) -> RengoView {
        RengoView {
            seat,
            game: self.clone(),
        }
    }

    /// Nothing is hidden: a spectator sees what every seat sees.
    fn observe_public(&self) -> RengoView {
        self.observe(Seat(0))
    }

    fn observer(observation: &RengoView) -> Seat {
        observation.seat
    }

    fn determinize(observation: &RengoView, _rng: &mut GameRng) -> Self {
        observation.game.clone()
    }

    fn playout_action(&self, seat: Seat, legal: &[RengoAction], rng: &mut GameRng) -> RengoAction {
        match &self.phase {
            Phase::Play => {
                let board = self.position.board();
                let color = Self::color_of(seat);
                if let Some(i) = playout::choose(board, color, Policy::Heavy, rng) {
                    let p = board.point(i);
                    if legal.contains(&RengoAction::Play(p)) {
                        return RengoAction::Play(p);
                    }
                    // A superko repetition: any other stone that fills no eye.
                    let others: Vec<RengoAction> = legal
                        .iter()
                        .copied()
                        .filter(|a| match a {
                            RengoAction::Play(q) => !board.is_eyeish(color, board.index(*q)),
                            _ => false,
                        })
                        .collect();
                    if !others.is_empty() {
                        return others[rng.random_range(0..others.len())];
                    }
                }
                RengoAction::Pass
            }
            Phase::ResignQuestion { .. } => RengoAction::AnswerResign(false),
            Phase::Counting { .. } => RengoAction::Accept,
            Phase::Over(_) => legal[0],
        }
    }

    fn action_prior(&self, seat: Seat, actions: &[RengoAction], out: &mut Vec<f64>) {
        out.clear();
        let board = self.position.board();
        let color = Self::color_of(seat);
        for action in actions {
            out.push(match action {
                RengoAction::Play(p) => {
                    if board.is_eyeish(color, board.index(*p)) {
                        0.0
                    } else {
                        1.0
                    }
                }
                RengoAction::Pass => 0.2,
                RengoAction::Accept | RengoAction::AnswerResign(false) => 1.0,
                _ => 0.0,
            });
        }
    }
}
