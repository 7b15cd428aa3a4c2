//! The Tysiąc view: a card table for three. Everything it draws comes from
//! one observation, `Match::observe(viewer)`, turned into a [`Scene`]: the
//! viewer's hand face up at the bottom, the other two hands as backs only,
//! the prikup face down (turned over for all while the engine shows it), the
//! trick in the middle and each seat's pile of won tricks. A card entity
//! carries its identity ([`CardFace`]) only when the viewer may see it.
//! After every change the cards are rebuilt from the new scene, and the
//! difference with the previous scene of the same viewer becomes slides
//! (the deal, a card to the trick, a trick to its winner's pile).
//!
//! The viewer acts with [`Command::Card`] (click a card of the hand: play
//! it, or pick it to give away) and [`Command::Choose`] (the n-th of the
//! choices the panel offers: bids, pass, the prikup, the raise, …), the
//! choices being the engine's legal actions for what the viewer knows.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use leafwing_input_manager::prelude::ActionState;
use veil_core::{Actor, Game, Seat, SeedableRng, Turn};
use veil_match::MatchGame;
use veil_tysiac::{Action, Card, HandEnd, Phase, Rank, Suit, Tysiac, TysiacView};

use crate::kit::anim::Slide;
use crate::kit::cards::{CardImages, Pip};
use crate::kit::input::{Command, Player, Pointer, UiAction};
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{Match, MatchResult, Viewer};
use crate::table::view::{Asking, GameView, Redrawing, TablePlugin, active, on_table_enter};

mod draw;
mod hud;
mod input;
mod rules;
use crate::kit::theme::{BLACK_INK, GOLD, IVORY, RED_INK};
use draw::*;
pub use hud::*;
use input::*;
pub use rules::*;

/// The seats' names, as the catalog gives them.
pub const SEAT_NAMES: [&str; 3] = ["South", "West", "East"];

impl GameView for Tysiac {
    /// A card the computer could not see: in whose hand, or in the prikup.
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let place = if fact.place == Tysiac::PRIKUP {
            "Prikup".to_owned()
        } else {
            Self::seat_name(Seat(fact.place as u8)).to_owned()
        };
        let card = veil_tysiac::Card::from_index(usize::from(fact.what))
            .map_or_else(|| "?".into(), |c| c.to_string());
        (place, card)
    }

    fn needs_privacy(previous: &TysiacView, next: &TysiacView) -> bool {
        // Every hand is private: another seat may look only once both
        // hands are gone (between hands nothing is hidden).
        previous.seat != next.seat && (!previous.hand.is_empty() || !next.hand.is_empty())
    }

    const RULES_TITLE: &'static str = "Tysiąc rules";
    const RULES: &'static [&'static str] = RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) =
        ("Each player's cards are for their eyes only.", "cards");

    fn options_ui(ui: &mut egui::Ui, o: &mut veil_tysiac::Options) {
        options_ui(ui, o);
    }

    fn end_wait(_: &TysiacView) -> f32 {
        // Time to see the last trick.
        2.0
    }

    fn finish(result: &mut MatchResult, views: &[TysiacView], viewer: Seat, _: &mut Commands) {
        let scores = views[viewer.index()].table.scores();
        let list: Vec<String> = Seat::all(3)
            .map(|s| format!("{} {}", name(s), scores[s.index()]))
            .collect();
        result.reason = format!("{}: {}", result.reason, list.join(", "));
        for (i, seat) in result.seats.iter_mut().enumerate() {
            seat.0 = format!("{} — {} points", seat.0, scores[i]);
        }
    }
}

fn name(seat: Seat) -> &'static str {
    Tysiac::seat_name(seat)
}

/// Where a card lies on the table.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardPlace {
    /// In a seat's hand, at this slot (left to right / top to bottom).
    Hand { seat: u8, slot: u8 },
    /// In the prikup.
    Prikup(u8),
    /// In the trick in the middle, played by this seat.
    Trick(u8),
    /// In a seat's pile of won tricks.
    Pile { seat: u8, slot: u8 },
}

/// A card on the table.
#[derive(Component, Clone, Copy, Debug)]
pub struct TableCard {
    pub place: CardPlace,
}

/// The card's identity: present only when the viewer may see its face.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardFace(pub Card);

/// The card lies face down (its identity is nowhere on the entity).
#[derive(Component, Clone, Copy, Debug)]
pub struct CardBack;

/// The dark edge around a card (gold on the card picked).
#[derive(Component, Clone, Copy, Debug)]
pub struct CardEdge;

/// The sprite of a card's face or back (a child of the card).
#[derive(Component, Clone, Copy, Debug)]
pub struct CardBody;

/// A pip or figure frame on a card's face (shown with the face).
#[derive(Component)]
pub struct CardMark;

/// The lattice on a card's back (shown with the back).
#[derive(Component)]
pub struct BackMark;

/// A face-up card being turned over (the prikup shown to all): it narrows
/// showing its back, then widens showing its face.
#[derive(Component, Clone, Copy, Debug)]
pub struct TurnOver {
    pub delay: f32,
    pub duration: f32,
    pub elapsed: f32,
}

/// The words on the table that are not card faces (seat names, counts).
#[derive(Component)]
pub struct TableLabel;

/// A card as the viewer sees it: its face, or `None` for a back.
pub type Seen = Option<Card>;

/// Everything the table shows, taken from one observation only.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub viewer: Seat,
    pub phase: Phase,
    /// The viewer's hand in display order.
    pub hand: Vec<Card>,
    /// The other hands' sizes, by seat (the viewer's own too).
    pub hand_sizes: [u8; 3],
    /// The review's "everything": each seat's hand face up, in display
    /// order (empty in play, and for the viewer, whose hand is `hand`).
    pub open: [Vec<Card>; 3],
    /// The prikup while it lies on the table: backs, or faces when shown.
    pub prikup: Vec<Seen>,
    /// The cards in the middle: the trick being played, or the last trick
    /// taken until the next lead.
    pub trick: Vec<(Seat, Card)>,
    /// Won tricks by seat, the one still in the middle excluded.
    pub piles: [u8; 3],
    /// Which deal this is (hands played so far), for the deal animation.
    pub deal: usize,
}

impl Scene {
    pub fn from_view(view: &TysiacView) -> Scene {
        let t = &view.table;
        let mut hand: Vec<Card> = view.hand.iter().collect();
        hand.sort_by_key(|c| display_key(*c));
        let prikup = match (t.phase, view.open) {
            (Phase::Prikup, _) => t
                .prikup
                .map_or(Vec::new(), |p| p.iter().map(Some).collect()),
            (_, Some(open)) => open.prikup.iter().map(Some).collect(),
            _ => vec![None; view.prikup_size as usize],
        };
        let open = std::array::from_fn(|s| match view.open {
            Some(open) if s != view.seat.index() % 3 => {
                let mut cards: Vec<Card> = open.hands[s].iter().collect();
                cards.sort_by_key(|c| display_key(*c));
                cards
            }
            _ => Vec::new(),
        });
        let mut piles = [0u8; 3];
        for trick in &t.tricks {
            piles[trick.winner.index() % 3] += 1;
        }
        let trick: Vec<(Seat, Card)> = if !t.trick.is_empty() {
            t.trick
                .iter()
                .enumerate()
                .map(|(i, c)| (Seat(((t.leader.index() + i) % 3) as u8), *c))
                .collect()
        } else if let Some(last) = t.tricks.last() {
            piles[last.winner.index() % 3] -= 1;
            (0..3).map(|i| (last.player(i), last.cards[i])).collect()
        } else {
            Vec::new()
        };
        Scene {
            viewer: view.seat,
            phase: t.phase,
            hand,
            hand_sizes: view.hand_sizes,
            open,
            prikup,
            trick,
            piles,
            deal: t.history.len(),
        }
    }

    /// Every card whose face the table shows.
    pub fn faces(&self) -> Vec<Card> {
        let mut out = self.hand.clone();
        out.extend(self.open.iter().flatten());
        out.extend(self.prikup.iter().flatten());
        out.extend(self.trick.iter().map(|(_, c)| *c));
        out
    }
}

/// Hands are shown suit by suit, red and black alternating, best first.
fn display_key(card: Card) -> (usize, std::cmp::Reverse<Rank>) {
    let suit = match card.suit() {
        Suit::Hearts => 0,
        Suit::Clubs => 1,
        Suit::Diamonds => 2,
        Suit::Spades => 3,
    };
    (suit, std::cmp::Reverse(card.rank()))
}

/// The engine's legal actions for the viewer, from what the viewer knows
/// only: the table and its own hand (nothing else decides them).
pub fn legal_for(view: &TysiacView) -> Vec<Action> {
    let asked = match view.table.turn() {
        Turn::Seat(seat) => seat == view.seat,
        // The four nines: every seat answers at once.
        Turn::Simultaneous(seats) => seats.contains(view.seat),
        _ => false,
    };
    if !asked || view.seat.index() >= 3 {
        return Vec::new();
    }
    // A seat's legal actions depend only on what it sees, so any full
    // state sampled from its view lists them.
    let mut rng = veil_core::GameRng::seed_from_u64(0);
    let game = Tysiac::determinize(view, &mut rng);
    let mut out = Vec::new();
    game.legal_actions(Actor::Seat(view.seat), &mut out);
    out
}

/// What the panel offers: whole actions in the bidding, at the prikup,
/// the four nines and the raise; when a card is picked, what can be done
/// with it (give it to whom; play it with or without the marriage).
pub fn offered(legal: &[Action], phase: Phase, selected: Option<Card>) -> Vec<Action> {
    match phase {
        Phase::PassCards | Phase::Play => legal
            .iter()
            .filter(|a| match a {
                Action::Give { card, .. } | Action::Play { card, .. } => Some(*card) == selected,
                _ => false,
            })
            .copied()
            .collect(),
        _ => legal.to_vec(),
    }
}

/// The viewer's choices now and the card picked, for the panel (and tests).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct TysiacUi {
    pub selected: Option<Card>,
    pub choices: Vec<Action>,
    /// Cards of the viewer's hand a click may use now.
    pub usable: Vec<Card>,
    pub score_sheet: bool,
    /// Hands whose summary was closed.
    pub summaries_seen: usize,
    /// The call the bid stepper shows (a pass, a bid or a raise); when it
    /// is not among the choices, the stepper shows the lowest number.
    pub call: Option<Action>,
    /// Seconds the viewer has been asked the four nines (0 when not asked):
    /// at [`NINES_WAIT`] the hand plays on.
    pub nines_wait: f32,
}

impl TysiacUi {
    /// The calls among the choices as the stepper climbs them: a pass
    /// first, then every bid or raise from the lowest, each with its index
    /// among the choices.
    pub fn ladder(&self) -> Vec<(usize, Action)> {
        let mut calls: Vec<(usize, Action)> = self
            .choices
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Bid(_) | Action::Pass | Action::Raise(_)))
            .collect();
        calls.sort_by_key(|(_, a)| match a {
            Action::Bid(b) | Action::Raise(b) => *b as u32 + 1,
            _ => 0,
        });
        calls
    }

    /// Where the stepper stands on `ladder`: the call shown, or the lowest
    /// number (not the pass, which is one step down).
    pub fn rung(&self, ladder: &[(usize, Action)]) -> usize {
        if let Some(i) = ladder.iter().position(|(_, a)| Some(*a) == self.call) {
            return i;
        }
        ladder
            .iter()
            .position(|(_, a)| *a != Action::Pass)
            .unwrap_or(0)
    }

    /// Moves the stepper `by` rungs, staying on the ladder.
    pub fn step_call(&mut self, by: isize) {
        let ladder = self.ladder();
        if ladder.is_empty() {
            return;
        }
        let at = self.rung(&ladder) as isize + by;
        self.call = Some(ladder[at.clamp(0, ladder.len() as isize - 1) as usize].1);
    }
}

/// The view's memory: the last scene drawn and what it was drawn for.
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
    /// The viewer's observation the HUD shows (never another seat's).
    pub obs: Option<TysiacView>,
    /// The viewer's legal actions in `obs` (empty when it is not to act),
    /// worked out once per drawing: the choices follow the card picked.
    pub legal: Vec<Action>,
    /// The deal each seat last watched being dealt (hot-seat: each seat
    /// sees its cards arrive once, not again after every privacy screen).
    pub deals_watched: [Option<usize>; 3],
}

/// The phase of the hand, as a Bevy state: the engine's own
/// [`Phase`], derived every frame by [`derive_hand_phase`], never set
/// elsewhere.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(Screen = Screen::Play)]
pub struct HandPhase(pub Phase);

impl Default for HandPhase {
    fn default() -> Self {
        HandPhase(Phase::FirstDealer)
    }
}

impl HandPhase {
    pub fn of(phase: Phase) -> HandPhase {
        HandPhase(phase)
    }
}

/// Sets [`HandPhase`] from the engine's phase (public: the same for every
/// viewer), as the viewer's observation that `refresh_view` keeps tells it;
/// unchanged while the device changes hands.
pub fn derive_hand_phase(
    view: Res<ViewState>,
    current: Res<State<HandPhase>>,
    mut next: ResMut<NextState<HandPhase>>,
) {
    let Some(obs) = &view.obs else { return };
    let phase = HandPhase::of(obs.table.phase);
    if *current.get() != phase {
        next.set(phase);
    }
}

/// The end of a hand is heard: a win when the viewer's side got its way
/// (its contract made, or the declarer against it failed or gave up).
fn hand_end_cue(m: Res<Match<Tysiac>>, viewer: Res<Viewer>, mut cues: MessageWriter<Cue>) {
    let obs = m.observe(viewer.0);
    let Some(h) = obs.table.history.last() else {
        return;
    };
    let made = h.end == HandEnd::Made;
    cues.write(if made == (h.declarer == viewer.0) {
        Cue::Win
    } else {
        Cue::Lose
    });
}

/// The felt and the other fixed art of the table.
#[derive(Component)]
pub struct TysiacTable;

pub struct TysiacViewPlugin;

impl Plugin for TysiacViewPlugin {
    fn build(&self, app: &mut App) {
        // `VEIL_DEMO=tysiac`: a hand under way, the person to play a card.
        app.add_plugins(TablePlugin::<Tysiac>::with_demo(|setup| {
            crate::table::view::demo_match(setup, 2024, 60, |m: &Match<Tysiac>| {
                let obs = m.observe(Seat(0));
                obs.table.phase == Phase::Play
                    && obs.table.trick.len() == 1
                    && m.to_act() == Some(Seat(0))
            })
        }))
        .add_sub_state::<HandPhase>()
        .init_resource::<ViewState>()
        .init_resource::<TysiacUi>()
        .add_systems(
            OnEnter(HandPhase(Phase::Score)),
            hand_end_cue.run_if(active::<Tysiac>()),
        )
        .add_systems(
            Update,
            click_card
                .in_set(crate::kit::input::InputSet)
                .run_if(active::<Tysiac>()),
        )
        .add_systems(
            Update,
            (
                human_actions.in_set(PlaySet::Input),
                (refresh_view, lift_chosen, turn_over, derive_hand_phase)
                    .chain()
                    .in_set(PlaySet::Draw),
            )
                .run_if(active::<Tysiac>()),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (hud, folded_calls, score_sheet, hand_summary).run_if(active::<Tysiac>()),
        );
        on_table_enter::<Tysiac, _>(app, enter_play);
    }
}

fn enter_play(mut commands: Commands, mut view: ResMut<ViewState>, mut ui: ResMut<TysiacUi>) {
    *view = ViewState::default();
    *ui = TysiacUi::default();
    // The green felt under the cards.
    commands.spawn((
        TysiacTable,
        DespawnOnExit(Screen::Play),
        Sprite {
            color: Color::srgb(0.12, 0.33, 0.2),
            custom_size: Some(Vec2::new(1040.0, 820.0)),
            ..default()
        },
        Transform::from_xyz(TABLE.x, TABLE.y - 20.0, -1.0),
    ));
}

// ---------------------------------------------------------------- layout

const TABLE: Vec2 = Vec2::new(-150.0, 0.0);
const CARD: Vec2 = Vec2::new(64.0, 92.0);
const BACK: Color = Color::srgb(0.18, 0.27, 0.55);
const BACK_LATTICE: Color = Color::srgb(0.75, 0.8, 0.95);
const UNUSABLE: Color = Color::srgb(0.72, 0.72, 0.7);

/// How far the card picked stands out of the fan.
pub const LIFT: f32 = 26.0;

/// How long every person is asked the four nines before the hand plays on
/// by itself. The same for a holder and for everybody else: answering
/// sooner or later than the others could would tell who holds them, and a
/// player without them is asked nothing (they may play on at once).
pub const NINES_WAIT: f32 = 5.0;

/// The time between two cards of the deal, in slide durations.
const DEAL_STEP: f32 = 0.15;
