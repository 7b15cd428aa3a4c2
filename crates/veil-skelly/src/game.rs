//! The rules: whose cap shoots, what a shot earns, and when the game ends.

use serde::{Deserialize, Serialize};
use veil_core::{ActionError, Actor, Game, GameRng, OptionsError, Outcome, RngExt, Seat, Turn};

use crate::court::{
    CAP_RADIUS, KILLER, KILLER_RUN, LEGS, MadeBy, Point, START_SPOTS, Target, in_dead_box, on_court,
};
use crate::physics::{MAX_CAPS, Motion, Shot, Trajectory, simulate};

/// What a non-killer that hits a killer comes to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum KillerHit {
    /// It becomes a killer itself.
    #[default]
    BecomesKiller,
    /// It is eliminated.
    Eliminated,
}

/// The options a player sets before a game (RULINGS §5's *(option)*s).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// How a cap must lie to have made its box.
    pub made_by: MadeBy,
    /// Boxes a cap advances for hitting a trapped cap free: 2, or 1.
    pub freeing_bonus: u8,
    /// What hitting a killer does to a non-killer.
    pub killer_hit: KillerHit,
    /// The game ends after this many shots per seat on average (a game
    /// that would never end is then ranked by progress). At least 1.
    pub shots_per_seat: u16,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            made_by: MadeBy::Centre,
            freeing_bonus: 2,
            killer_hit: KillerHit::BecomesKiller,
            shots_per_seat: 150,
        }
    }
}

impl Options {
    fn validate(&self) -> Result<(), OptionsError> {
        if !(1..=2).contains(&self.freeing_bonus) {
            return Err(OptionsError::new(format!(
                "freeing bonus {} (must be 1 or 2)",
                self.freeing_bonus
            )));
        }
        if self.shots_per_seat == 0 {
            return Err(OptionsError::new("shots per seat must be at least 1"));
        }
        Ok(())
    }
}

/// One player's cap.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Cap {
    /// Where it lies; `None` once eliminated.
    pub at: Option<Point>,
    /// The leg it shoots for: an index into [`LEGS`], or [`KILLER`].
    pub leg: u8,
    /// Trapped in the dead box: it skips its turns until another cap hits it.
    pub trapped: bool,
}

impl Cap {
    pub fn is_killer(&self) -> bool {
        self.leg == KILLER
    }

    pub fn in_play(&self) -> bool {
        self.at.is_some()
    }

    /// The target it shoots for; `None` for a killer.
    pub fn target(&self) -> Option<Target> {
        LEGS.get(self.leg as usize).copied()
    }

    /// On the killer run (box 13 and the quadrants after the course).
    pub fn on_killer_run(&self) -> bool {
        (KILLER_RUN..KILLER).contains(&self.leg)
    }
}

/// Something a shot did, in the order the rules found it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// The cap made the target of leg `leg` and shoots again.
    Made {
        seat: Seat,
        leg: u8,
    },
    /// The cap missed; the turn passes.
    Missed {
        seat: Seat,
    },
    /// A miss on the killer run: the cap goes back to box 1 and starts the
    /// killer run again.
    KillerRunRestarts {
        seat: Seat,
    },
    /// The cap came to rest in the dead box and is trapped.
    Trapped {
        seat: Seat,
    },
    /// `seat`'s trapped cap was hit free.
    Freed {
        seat: Seat,
        by: Seat,
    },
    /// The shooter hit another cap: it is placed in its target box and
    /// advanced `legs` legs, and shoots again.
    Hit {
        seat: Seat,
        legs: u8,
    },
    /// The cap completed the killer run, or hit a killer (by default), and
    /// is a killer now.
    BecameKiller {
        seat: Seat,
    },
    Eliminated {
        seat: Seat,
        by: Seat,
    },
    /// The cap left the court and went back where it was before the shot.
    LeftCourt {
        seat: Seat,
    },
    /// Every cap in play was trapped: all are set free.
    AllFreed,
}

impl Event {
    /// The seats the event names.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        let (a, b) = match *self {
            Event::Made { seat, .. }
            | Event::Missed { seat }
            | Event::KillerRunRestarts { seat }
            | Event::Trapped { seat }
            | Event::Hit { seat, .. }
            | Event::BecameKiller { seat }
            | Event::LeftCourt { seat } => (Some(seat), None),
            Event::Freed { seat, by } | Event::Eliminated { seat, by } => (Some(seat), Some(by)),
            Event::AllFreed => (None, None),
        };
        a.into_iter().chain(b)
    }
}

/// The last shot: who shot what, and what it did.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ShotReport {
    pub seat: Seat,
    pub shot: Shot,
    pub events: Vec<Event>,
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum End {
    /// One cap is left in play.
    LastCap(Seat),
    /// The shot limit was reached: ranked by progress.
    ShotLimit,
}

/// A game of Skelly: the full state (everything is in the open).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "SkellyParts", into = "SkellyParts")]
pub struct Skelly {
    options: Options,
    caps: Vec<Cap>,
    shooter: Seat,
    shots: u32,
    eliminated: Vec<Seat>,
    last: Option<ShotReport>,
}

/// A [`Skelly`] as data, unchecked: what saves hold. [`Skelly::from_parts`]
/// checks it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SkellyParts {
    pub options: Options,
    pub caps: Vec<Cap>,
    pub shooter: Seat,
    pub shots: u32,
    /// Seats in the order their caps were eliminated.
    pub eliminated: Vec<Seat>,
    pub last: Option<ShotReport>,
}

impl From<Skelly> for SkellyParts {
    fn from(g: Skelly) -> Self {
        SkellyParts {
            options: g.options,
            caps: g.caps,
            shooter: g.shooter,
            shots: g.shots,
            eliminated: g.eliminated,
            last: g.last,
        }
    }
}

impl TryFrom<SkellyParts> for Skelly {
    type Error = String;
    fn try_from(parts: SkellyParts) -> Result<Self, String> {
        Skelly::from_parts(parts)
    }
}

/// What a seat sees: everything, since Skelly hides nothing.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SkellyView {
    pub seat: Seat,
    pub game: Skelly,
}

impl Skelly {
    /// Checks a state read from outside.
    pub fn from_parts(parts: SkellyParts) -> Result<Skelly, String> {
        parts.options.validate().map_err(|e| e.reason)?;
        let n = parts.caps.len();
        if !(2..=MAX_CAPS).contains(&n) {
            return Err(format!("{n} caps (2 to 6 play)"));
        }
        for (i, cap) in parts.caps.iter().enumerate() {
            if cap.leg > KILLER {
                return Err(format!("cap {i} shoots for leg {} (at most 30)", cap.leg));
            }
            match cap.at {
                Some(p) if !p.is_finite() || !on_court(p) => {
                    return Err(format!("cap {i} lies off the court at {p:?}"));
                }
                None if cap.trapped => return Err(format!("cap {i} is out but trapped")),
                _ => {}
            }
            if cap.trapped && (cap.leg >= KILLER_RUN) {
                return Err(format!(
                    "cap {i} is trapped on its killer run or as a killer"
                ));
            }
        }
        let out: Vec<usize> = (0..n).filter(|i| parts.caps[*i].at.is_none()).collect();
        let mut listed: Vec<usize> = parts.eliminated.iter().map(|s| s.index()).collect();
        listed.sort_unstable();
        if listed != out {
            return Err("the eliminated caps and the caps off the court differ".into());
        }
        if let Some(report) = &parts.last {
            let seats = report.events.iter().flat_map(Event::seats);
            if let Some(bad) = std::iter::once(report.seat)
                .chain(seats)
                .find(|s| s.index() >= n)
            {
                return Err(format!("the last shot names {bad}, who does not play"));
            }
        }
        if parts.shooter.index() >= n {
            return Err(format!("{} does not play", parts.shooter));
        }
        let game = Skelly {
            options: parts.options,
            caps: parts.caps,
            shooter: parts.shooter,
            shots: parts.shots,
            eliminated: parts.eliminated,
            last: parts.last,
        };
        if game.shots > game.shot_limit() {
            return Err(format!("{} shots played, more than the limit", game.shots));
        }
        if game.end().is_none() {
            let cap = &game.caps[game.shooter.index()];
            if !cap.in_play() || cap.trapped {
                return Err(format!("{} is to shoot but cannot", game.shooter));
            }
        }
        Ok(game)
    }

    pub fn caps(&self) -> &[Cap] {
        &self.caps
    }

    pub fn cap(&self, seat: Seat) -> &Cap {
        &self.caps[seat.index()]
    }

    /// The seat to shoot (meaningless once the game is over).
    pub fn shooter(&self) -> Seat {
        self.shooter
    }

    /// Shots played so far.
    pub fn shots(&self) -> u32 {
        self.shots
    }

    /// The most shots the game lasts.
    pub fn shot_limit(&self) -> u32 {
        u32::from(self.options.shots_per_seat) * self.caps.len() as u32
    }

    /// Seats in the order their caps were eliminated.
    pub fn eliminated(&self) -> &[Seat] {
        &self.eliminated
    }

    /// What the last shot did.
    pub fn last_shot(&self) -> Option<&ShotReport> {
        self.last.as_ref()
    }

    pub fn in_play(&self) -> usize {
        self.caps.iter().filter(|c| c.in_play()).count()
    }

    pub fn end(&self) -> Option<End> {
        if self.in_play() <= 1 {
            let winner = self.caps.iter().position(Cap::in_play);
            // Two caps eliminated together (impossible by the rules) would
            // leave none: then the last eliminated wins.
            let seat = winner
                .map(|i| Seat(i as u8))
                .or(self.eliminated.last().copied())
                .unwrap_or(Seat(0));
            return Some(End::LastCap(seat));
        }
        (self.shots >= self.shot_limit()).then_some(End::ShotLimit)
    }

    /// The caps' positions as the simulation takes them.
    pub fn positions(&self) -> Vec<Option<Point>> {
        self.caps.iter().map(|c| c.at).collect()
    }

    /// Plays `shot` for the seat to shoot and returns the trajectory the
    /// rules computed, for the app to animate (the same as [`Game::apply`]
    /// with a trace).
    pub fn shoot(&mut self, shot: Shot) -> Result<Trajectory, ActionError<Shot>> {
        let mut trajectory = Trajectory::default();
        self.check(Actor::Seat(self.shooter), shot)?;
        self.play(shot, Some(&mut trajectory));
        Ok(trajectory)
    }

    /// What `shot` would do, without playing it.
    pub fn preview(&self, shot: Shot) -> Result<(Skelly, Trajectory), ActionError<Shot>> {
        let mut next = self.clone();
        let t = next.shoot(shot)?;
        Ok((next, t))
    }

    fn check(&self, actor: Actor, shot: Shot) -> Result<(), ActionError<Shot>> {
        if self.end().is_some() {
            return Err(ActionError::GameOver { action: shot });
        }
        if actor != Actor::Seat(self.shooter) {
            return Err(ActionError::NotYourTurn {
                actor,
                action: shot,
            });
        }
        if !shot.is_valid() {
            return Err(ActionError::Illegal {
                actor,
                action: shot,
                reason: format!(
                    "strength {} out of range (1 to {})",
                    shot.strength,
                    Shot::MAX_STRENGTH
                ),
            });
        }
        Ok(())
    }

    /// Simulates and resolves a checked shot.
    pub(crate) fn play(&mut self, shot: Shot, trace: Option<&mut Trajectory>) {
        let seat = self.shooter;
        let before = self.positions();
        let motion = simulate(&before, seat.index(), shot, trace);
        let mut events = Vec::new();
        let again = self.resolve(seat, &before, &motion, &mut events);
        self.shots += 1;
        if self.end().is_none() {
            self.pass_turn(again, &mut events);
        }
        self.last = Some(ShotReport { seat, shot, events });
    }

    /// Applies the rules to where the shot left the caps; true when the
    /// shooter shoots again.
    fn resolve(
        &mut self,
        seat: Seat,
        before: &[Option<Point>],
        motion: &Motion,
        events: &mut Vec<Event>,
    ) -> bool {
        let me = seat.index();
        let n = self.caps.len();
        // Everyone lies where the shot left them; a cap that left the court
        // goes back where it was.
        for i in 0..n {
            if self.caps[i].at.is_none() {
                continue;
            }
            self.caps[i].at = Some(motion.rest[i]);
        }
        for (i, back) in before.iter().enumerate() {
            if motion.left_court & (1 << i) != 0 {
                let back = back.expect("only caps in play move");
                self.caps[i].at = None;
                self.caps[i].at = Some(self.free_spot(back));
                events.push(Event::LeftCourt {
                    seat: Seat(i as u8),
                });
            }
        }
        // Caps that moved may now lie in the dead box; caps the shooter hit
        // are free whatever they lie on.
        for i in 0..n {
            if i == me {
                continue;
            }
            if motion.touched & (1 << i) != 0 {
                continue;
            }
            if motion.moved & (1 << i) != 0 {
                self.retrap(i, seat, events);
            }
        }
        if motion.left_court & (1 << me) != 0 {
            self.free_touched(seat, motion.touched, events);
            return false;
        }

        let touched: Vec<usize> = (0..n)
            .filter(|i| motion.touched & (1 << i) != 0 && self.caps[*i].in_play())
            .collect();
        if self.caps[me].is_killer() {
            if touched.is_empty() {
                events.push(Event::Missed { seat });
                return false;
            }
            for i in touched {
                self.eliminate(i, seat, events);
            }
            return true;
        }
        if touched.iter().any(|i| self.caps[*i].is_killer()) {
            self.free_touched(seat, motion.touched, events);
            return match self.options.killer_hit {
                KillerHit::BecomesKiller => {
                    self.caps[me].leg = KILLER;
                    self.caps[me].trapped = false;
                    events.push(Event::BecameKiller { seat });
                    true
                }
                KillerHit::Eliminated => {
                    self.eliminate(me, seat, events);
                    false
                }
            };
        }
        if !touched.is_empty() {
            let freed = touched.iter().any(|i| self.caps[*i].trapped);
            self.free_touched(seat, motion.touched, events);
            let legs = if freed { self.options.freeing_bonus } else { 1 };
            let cap = &mut self.caps[me];
            let old_leg = cap.leg;
            let new_leg = (cap.leg + legs).min(KILLER);
            let placed_in = LEGS[new_leg as usize - 1];
            cap.leg = new_leg;
            cap.trapped = false;
            cap.at = None;
            let spot = self.free_spot(placed_in.spot());
            self.caps[me].at = Some(spot);
            events.push(Event::Hit {
                seat,
                legs: new_leg - old_leg,
            });
            if new_leg == KILLER {
                events.push(Event::BecameKiller { seat });
            }
            return true;
        }

        let cap = self.caps[me];
        let target = cap.target().expect("not a killer");
        let at = cap.at.expect("in play");
        if target.made(at, self.options.made_by) {
            self.caps[me].leg += 1;
            events.push(Event::Made { seat, leg: cap.leg });
            if self.caps[me].leg == KILLER {
                events.push(Event::BecameKiller { seat });
            }
            return true;
        }
        events.push(Event::Missed { seat });
        if cap.on_killer_run() {
            self.caps[me].at = None;
            let spot = self.free_spot(Target::Box(1).spot());
            self.caps[me].at = Some(spot);
            self.caps[me].leg = KILLER_RUN;
            events.push(Event::KillerRunRestarts { seat });
        } else {
            self.retrap(me, seat, events);
        }
        false
    }

    /// Sets free every trapped cap the shooter touched.
    fn free_touched(&mut self, by: Seat, touched: u8, events: &mut Vec<Event>) {
        for (i, cap) in self.caps.iter_mut().enumerate() {
            if touched & (1 << i) != 0 && cap.trapped {
                cap.trapped = false;
                events.push(Event::Freed {
                    seat: Seat(i as u8),
                    by,
                });
            }
        }
    }

    /// A cap that moved and came to rest: trapped if it is a non-killer,
    /// not on its killer run, lying in the dead box outside box 13; a
    /// trapped cap knocked out of the dead box (by a cap the shooter set
    /// moving) is free.
    fn retrap(&mut self, i: usize, shooter: Seat, events: &mut Vec<Event>) {
        let cap = &mut self.caps[i];
        let Some(at) = cap.at else { return };
        let trapped = cap.leg < KILLER_RUN && in_dead_box(at);
        let seat = Seat(i as u8);
        match (cap.trapped, trapped) {
            (false, true) => events.push(Event::Trapped { seat }),
            (true, false) => events.push(Event::Freed { seat, by: shooter }),
            _ => {}
        }
        cap.trapped = trapped;
    }

    fn eliminate(&mut self, i: usize, by: Seat, events: &mut Vec<Event>) {
        let cap = &mut self.caps[i];
        if cap.at.take().is_some() {
            cap.trapped = false;
            self.eliminated.push(Seat(i as u8));
            events.push(Event::Eliminated {
                seat: Seat(i as u8),
                by,
            });
        }
    }

    /// The spot nearest `want` (on a half-unit grid, searched ring by ring
    /// in a fixed order) where a cap touches no other cap and lies on the
    /// court. Placed caps never overlap.
    pub(crate) fn free_spot(&self, want: Point) -> Point {
        let free = |p: Point| {
            on_court(p)
                && self.caps.iter().all(|c| match c.at {
                    Some(q) => p.distance_squared(q) >= (2.0 * CAP_RADIUS) * (2.0 * CAP_RADIUS),
                    None => true,
                })
        };
        if free(want) {
            return want;
        }
        for ring in 1..=40i32 {
            // Walk the square ring at Chebyshev distance `ring` (half units).
            for k in -ring..=ring {
                for (dx, dy) in [(k, -ring), (ring, k), (-k, ring), (-ring, -k)] {
                    let p = Point::new(want.x + f64::from(dx) * 0.5, want.y + f64::from(dy) * 0.5);
                    if free(p) {
                        return p;
                    }
                }
            }
        }
        want
    }

    /// Hands the turn on: the same seat after a shot that earned another,
    /// else the next seat whose cap is in play and not trapped.
    fn pass_turn(&mut self, again: bool, events: &mut Vec<Event>) {
        let n = self.caps.len();
        let me = self.shooter.index();
        if again && self.caps[me].in_play() && !self.caps[me].trapped {
            return;
        }
        let next = |caps: &[Cap]| {
            (1..=n)
                .map(|k| (me + k) % n)
                .find(|i| caps[*i].in_play() && !caps[*i].trapped)
        };
        let seat = match next(&self.caps) {
            Some(i) => i,
            None => {
                // Nobody is left to hit the trapped caps free: free them all.
                for cap in &mut self.caps {
                    cap.trapped = false;
                }
                events.push(Event::AllFreed);
                next(&self.caps).expect("two caps in play")
            }
        };
        self.shooter = Seat(seat as u8);
    }

    /// How far a cap has got, for ranking a game cut off by the shot limit
    /// and for the computer's judgement: its leg (a killer 30); eliminated
    /// caps below every cap in play, the later eliminated higher.
    pub fn progress_score(&self, seat: Seat) -> i64 {
        let cap = &self.caps[seat.index()];
        if cap.in_play() {
            i64::from(cap.leg)
        } else {
            let order = self.eliminated.iter().position(|s| *s == seat).unwrap_or(0);
            -100 + order as i64
        }
    }

    /// The coarse menu of shots [`Game::legal_actions`] lists for the
    /// generic search: 24 directions at three strengths, the shot that
    /// stops in the cap's target, and a firm shot at every other cap.
    /// [`Game::apply`] takes any shot of valid strength.
    pub fn menu(&self, out: &mut Vec<Shot>) {
        out.clear();
        let cap = &self.caps[self.shooter.index()];
        let Some(from) = cap.at else { return };
        if let Some(target) = cap.target() {
            out.push(Shot::to_stop_at(from, target.spot()));
        }
        for (i, other) in self.caps.iter().enumerate() {
            if i == self.shooter.index() {
                continue;
            }
            if let Some(p) = other.at {
                let shot = Shot::new(
                    Shot::angle_towards(from, p),
                    Shot::strength_for(from.distance(p) + 6.0),
                );
                if !out.contains(&shot) {
                    out.push(shot);
                }
            }
        }
        for a in 0..24u32 {
            for strength in [2_500u16, 5_000, 8_000] {
                let shot = Shot::new((a * 65536 / 24) as u16, strength);
                if !out.contains(&shot) {
                    out.push(shot);
                }
            }
        }
    }

    /// Any shot, legal or not, for the conformance harness's refusals: the
    /// strengths out of range.
    pub fn arbitrary_action(rng: &mut GameRng) -> Shot {
        let strength = if rng.random_bool(0.5) {
            0
        } else {
            rng.random_range(Shot::MAX_STRENGTH + 1..=u16::MAX)
        };
        Shot::new(rng.random(), strength)
    }
}

impl Game for Skelly {
    const ID: &'static str = "skelly";
    type Options = Options;
    type Action = Shot;
    type Observation = SkellyView;

    fn new(options: &Options, seats: usize) -> Result<Self, OptionsError> {
        options.validate()?;
        if !(2..=MAX_CAPS).contains(&seats) {
            return Err(OptionsError::new(format!(
                "{seats} seats (Skelly takes 2 to 6)"
            )));
        }
        Ok(Skelly {
            options: *options,
            caps: (0..seats)
                .map(|i| Cap {
                    at: Some(START_SPOTS[i]),
                    leg: 0,
                    trapped: false,
                })
                .collect(),
            shooter: Seat(0),
            shots: 0,
            eliminated: Vec::new(),
            last: None,
        })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        self.caps.len()
    }

    fn turn(&self) -> Turn {
        if self.end().is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.shooter)
        }
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Shot>) {
        out.clear();
        if self.end().is_none() && actor == Actor::Seat(self.shooter) {
            self.menu(out);
        }
    }

    fn sample_chance(&self, _rng: &mut GameRng) -> Shot {
        panic!("Skelly has no chance turns")
    }

    fn apply(&mut self, actor: Actor, action: Shot) -> Result<(), ActionError<Shot>> {
        self.check(actor, action)?;
        self.play(action, None);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end()?;
        let scores: Vec<i64> = Seat::all(self.caps.len())
            .map(|s| match end {
                End::LastCap(w) if w == s => 1000,
                _ => self.progress_score(s),
            })
            .collect();
        let reason = match end {
            End::LastCap(_) => "last cap in play",
            End::ShotLimit => "shot limit reached",
        };
        Some(Outcome::from_scores(scores, reason))
    }

    fn observe(&self, seat: Seat) -> SkellyView {
        SkellyView {
            seat,
            game: self.clone(),
        }
    }

    /// Nothing is hidden: a spectator sees what every seat sees.
    fn observe_public(&self) -> SkellyView {
        self.observe(Seat(0))
    }

    fn observer(observation: &SkellyView) -> Seat {
        observation.seat
    }

    fn determinize(observation: &SkellyView, _rng: &mut GameRng) -> Self {
        observation.game.clone()
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome.reward(seat));
        }
        let value = |s: Seat| {
            let cap = &self.caps[s.index()];
            self.progress_score(s) * 4 - if cap.trapped { 6 } else { 0 }
                + if cap.is_killer() { 40 } else { 0 }
        };
        let mine = value(seat);
        let others: Vec<i64> = Seat::all(self.caps.len())
            .filter(|s| *s != seat)
            .map(value)
            .collect();
        let beaten: f64 = others
            .iter()
            .map(|v| match mine.cmp(v) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        Some(beaten / others.len() as f64)
    }

    fn playout_action(&self, _seat: Seat, legal: &[Shot], rng: &mut GameRng) -> Shot {
        // The menu's first entries are the aimed shots: the target for a
        // cap on its way, the nearest cap for a killer.
        let cap = &self.caps[self.shooter.index()];
        if cap.is_killer() {
            let from = cap.at.unwrap_or_default();
            let nearest = self
                .caps
                .iter()
                .enumerate()
                .filter(|(i, c)| *i != self.shooter.index() && c.in_play())
                .min_by(|a, b| {
                    let da = from.distance_squared(a.1.at.unwrap_or_default());
                    let db = from.distance_squared(b.1.at.unwrap_or_default());
                    da.total_cmp(&db)
                });
            if let Some((_, c)) = nearest {
                let p = c.at.unwrap_or_default();
                let angle = Shot::angle_towards(from, p);
                if let Some(shot) = legal.iter().find(|s| s.angle == angle) {
                    return *shot;
                }
            }
        }
        if rng.random_bool(0.8) {
            legal[0]
        } else {
            legal[rng.random_range(0..legal.len())]
        }
    }

    fn max_playout_depth(&self) -> Option<u32> {
        Some(2)
    }
}
