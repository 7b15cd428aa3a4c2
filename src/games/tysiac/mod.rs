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
use bevy_egui::input::egui_wants_any_pointer_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use leafwing_input_manager::prelude::ActionState;
use veil_core::{Actor, Game, Seat, SeedableRng, Turn};
use veil_tysiac::{Action, Card, HandEnd, HandResult, Phase, Rank, Suit, Tysiac, TysiacView};

use crate::kit::anim::Slide;
use crate::kit::input::{Command, Player, UiAction};
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{
    Animating, Match, MatchResult, PlayPhase, PrivacyPending, ResignAsked, Viewer,
};
use crate::table::view::{ActionRequest, GameView, Redraw, TablePlugin, active, on_table_enter};

/// The seats' names, as the catalog gives them.
pub const SEAT_NAMES: [&str; 3] = ["South", "West", "East"];

impl GameView for Tysiac {
    fn seat_name(seat: Seat) -> &'static str {
        SEAT_NAMES.get(seat.index()).copied().unwrap_or("?")
    }

    fn needs_privacy(previous: &TysiacView, next: &TysiacView) -> bool {
        // Every hand is private: another seat may look only once both
        // hands are gone (between hands nothing is hidden).
        previous.seat != next.seat && (!previous.hand.is_empty() || !next.hand.is_empty())
    }

    fn move_text(after: &TysiacView) -> Option<String> {
        move_text(after)
    }

    /// The last trick of a hand stays in the middle a while before the
    /// next deal sweeps the table.
    fn chance_pause(after: &TysiacView) -> f32 {
        if after.table.phase == Phase::Score {
            8.0
        } else {
            0.0
        }
    }

    const RULES_TITLE: &'static str = "Tysiąc rules";
    const RULES: &'static [&'static str] = RULES;
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

/// The move just made, told from the table every seat sees.
fn move_text(after: &TysiacView) -> Option<String> {
    let t = &after.table;
    let call_text = |c: &veil_tysiac::Call| match c.bid {
        Some(bid) => format!("{} bids {bid}", name(c.seat)),
        None => format!("{} passes", name(c.seat)),
    };
    let declarer = t.declarer.unwrap_or(t.bidder);
    match t.phase {
        // A bid or pass after the forced opening; else a hand just ended.
        Phase::Bidding if t.calls.len() > 1 => t.calls.last().map(call_text),
        Phase::Prikup => t.calls.last().map(|c| {
            format!(
                "{}; {} plays for {} and shows the prikup",
                call_text(c),
                name(declarer),
                t.bid
            )
        }),
        Phase::PassCards if t.given_to.is_empty() => {
            Some(format!("{} takes the prikup", name(declarer)))
        }
        Phase::PassCards => t
            .given_to
            .first()
            .map(|to| format!("{} gives a card to {}", name(declarer), name(to))),
        Phase::FourNines | Phase::Raise => {
            Some(format!("{} gives its second card", name(declarer)))
        }
        Phase::Play => {
            if let Some(card) = t.trick.last() {
                let seat = Seat(((t.leader.index() + t.trick.len() - 1) % 3) as u8);
                let announced = t.trick.len() == 1
                    && t.trump.is_some()
                    && t.tricks.last().map(|p| p.trump) != Some(t.trump);
                Some(if announced {
                    format!(
                        "{} plays {card} and announces the marriage ({} trump, +{})",
                        name(seat),
                        card.suit(),
                        card.suit().marriage()
                    )
                } else {
                    format!("{} plays {card}", name(seat))
                })
            } else if let Some(last) = t.tricks.last() {
                Some(format!(
                    "{} plays {}; {} takes the trick ({} points)",
                    name(last.player(2)),
                    last.cards[2],
                    name(last.winner),
                    last.points()
                ))
            } else {
                Some(format!("{} plays for {}", name(declarer), t.bid))
            }
        }
        // The last trick, then the hand's result.
        Phase::Score => {
            let hand = t.history.last().map(hand_text);
            match (t.tricks.last(), hand) {
                (Some(last), Some(hand)) => Some(format!(
                    "{} plays {}; {} takes the trick ({} points). {hand}",
                    name(last.player(2)),
                    last.cards[2],
                    name(last.winner),
                    last.points()
                )),
                (_, hand) => hand,
            }
        }
        _ => t.history.last().map(hand_text),
    }
}

/// A finished hand in words.
pub fn hand_text(h: &HandResult) -> String {
    let d = name(h.declarer);
    match h.end {
        HandEnd::Made => format!(
            "{d} played for {} and made it ({} points)",
            h.bid,
            h.points[h.declarer.index()]
        ),
        HandEnd::Failed => format!(
            "{d} played for {} and failed ({} points)",
            h.bid,
            h.points[h.declarer.index()]
        ),
        HandEnd::Rospisat => format!("{d} declared Rospisat' at {}", h.bid),
        HandEnd::Redeal { by } => format!("{} held the four nines: redeal", name(by)),
    }
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

/// The sprite of a card's face or back (a child of the card).
#[derive(Component, Clone, Copy, Debug)]
pub struct CardBody;

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
        let prikup = match t.phase {
            Phase::Prikup => t
                .prikup
                .map_or(Vec::new(), |p| p.iter().map(Some).collect()),
            _ => vec![None; view.prikup_size as usize],
        };
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
            prikup,
            trick,
            piles,
            deal: t.history.len(),
        }
    }

    /// Every card whose face the table shows.
    pub fn faces(&self) -> Vec<Card> {
        let mut out = self.hand.clone();
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
}

/// The view's memory: the last scene drawn and what it was drawn for.
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
    /// The viewer's observation the HUD shows (never another seat's).
    pub obs: Option<TysiacView>,
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
        app.add_plugins(TablePlugin::<Tysiac>::default())
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
                    .run_if(active::<Tysiac>().and_then(not(egui_wants_any_pointer_input))),
            )
            .add_systems(
                Update,
                (
                    human_actions.in_set(PlaySet::Input),
                    (refresh_view, turn_over, derive_hand_phase)
                        .chain()
                        .in_set(PlaySet::Draw),
                )
                    .run_if(active::<Tysiac>()),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (hud, score_sheet, hand_summary).run_if(active::<Tysiac>()),
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
const FACE: Color = Color::srgb(0.97, 0.96, 0.92);
const BACK: Color = Color::srgb(0.18, 0.27, 0.55);
const EDGE: Color = Color::srgb(0.05, 0.05, 0.07);
const RED_INK: Color = Color::srgb(0.8, 0.08, 0.08);
const BLACK_INK: Color = Color::srgb(0.08, 0.08, 0.1);
const UNUSABLE: Color = Color::srgb(0.72, 0.72, 0.7);

/// Where a seat sits for this viewer: 0 bottom, 1 left, 2 right (play
/// goes round clockwise: bottom, left, right).
fn rel(seat: Seat, viewer: Seat) -> usize {
    (seat.index() + 3 - viewer.index() % 3) % 3
}

fn hand_pos(r: usize, slot: usize, n: usize) -> Vec2 {
    let mid = (n.max(1) - 1) as f32 / 2.0;
    let i = slot as f32 - mid;
    match r {
        // A fan: the middle cards a little higher.
        0 => TABLE + Vec2::new(i * 52.0, -320.0 - i * i * 1.6),
        1 => TABLE + Vec2::new(-420.0, 40.0 - i * 26.0),
        _ => TABLE + Vec2::new(420.0, 40.0 - i * 26.0),
    }
}

fn trick_pos(r: usize) -> Vec2 {
    TABLE
        + match r {
            0 => Vec2::new(0.0, -80.0),
            1 => Vec2::new(-90.0, 0.0),
            _ => Vec2::new(90.0, 0.0),
        }
}

fn prikup_pos(i: usize) -> Vec2 {
    TABLE + Vec2::new((i as f32 - 1.0) * 74.0, 200.0)
}

fn pile_pos(r: usize, slot: usize) -> Vec2 {
    let base = match r {
        0 => TABLE + Vec2::new(330.0, -320.0),
        1 => TABLE + Vec2::new(-420.0, 290.0),
        _ => TABLE + Vec2::new(420.0, 290.0),
    };
    base + Vec2::new(slot as f32 * 0.8, slot as f32 * 1.2)
}

fn label_pos(r: usize) -> Vec2 {
    match r {
        0 => TABLE + Vec2::new(-330.0, -250.0),
        1 => TABLE + Vec2::new(-420.0, -140.0),
        _ => TABLE + Vec2::new(420.0, -140.0),
    }
}

/// The tilt of a card in the viewer's fan, outer cards most.
fn fan_angle(slot: usize, n: usize) -> f32 {
    let mid = (n.max(1) - 1) as f32 / 2.0;
    -(slot as f32 - mid) * 0.045
}

/// When (in slide durations) the deal reaches the `slot`-th card of `seat`:
/// the order of [`veil_tysiac::deal_target`], three rounds of "left of the
/// dealer, next, dealer, prikup", then four rounds of the three seats.
fn deal_delay(slot: usize, seat: Seat, dealer: Seat) -> f32 {
    let offset = (seat.index() + 2 - dealer.index() % 3) % 3;
    let k = if slot < 3 {
        slot * 4 + offset
    } else {
        12 + (slot - 3) * 3 + offset
    };
    k as f32 * DEAL_STEP
}

/// When the deal reaches the `i`-th card of the prikup.
fn prikup_delay(i: usize) -> f32 {
    (i * 4 + 3) as f32 * DEAL_STEP
}

/// The time between two cards of the deal, in slide durations.
const DEAL_STEP: f32 = 0.15;

fn suit_word(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
        Suit::Spades => "spades",
    }
}

fn ink(card: Card) -> Color {
    match card.suit() {
        Suit::Hearts | Suit::Diamonds => RED_INK,
        Suit::Clubs | Suit::Spades => BLACK_INK,
    }
}

/// Spawns one card: a parent that moves (and carries the identity when
/// known), its edge, its face or back and its words as children, so the
/// children keep the fan's order whatever the slide does with the parent.
fn spawn_card(
    commands: &mut Commands,
    seen: Seen,
    place: CardPlace,
    at: Vec2,
    z: f32,
    dim: bool,
    corner_label: bool,
) -> Entity {
    let mut e = commands.spawn((
        TableCard { place },
        Transform::from_xyz(at.x, at.y, 1.0),
        Visibility::default(),
        DespawnOnExit(Screen::Play),
    ));
    match seen {
        Some(card) => e.insert(CardFace(card)),
        None => e.insert(CardBack),
    };
    let id = e.id();
    let edge = commands
        .spawn((
            Sprite {
                color: EDGE,
                custom_size: Some(CARD + Vec2::splat(3.0)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z),
        ))
        .id();
    let body = commands
        .spawn((
            CardBody,
            Sprite {
                color: match seen {
                    Some(_) if dim => UNUSABLE,
                    Some(_) => FACE,
                    None => BACK,
                },
                custom_size: Some(CARD),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z + 0.001),
        ))
        .id();
    commands.entity(id).add_children(&[edge, body]);
    if let Some(card) = seen {
        // Words are painted above every sprite: in a fan only the corner
        // of a card shows, so its words go there.
        let (offset, size) = if corner_label {
            (Vec2::new(-CARD.x / 2.0 + 15.0, CARD.y / 2.0 - 16.0), 19.0)
        } else {
            (Vec2::ZERO, 28.0)
        };
        let label = commands
            .spawn((
                WorldText::new(card.to_string(), size, ink(card)),
                Visibility::Inherited,
                Transform::from_xyz(offset.x, offset.y, z + 0.002),
            ))
            .id();
        commands.entity(id).add_child(label);
    }
    id
}

// ---------------------------------------------------------------- input

/// A click on a card of the viewer's hand (the topmost under the pointer).
fn click_card(
    actions: Single<&ActionState<UiAction>, With<Player>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    cards: Query<(&TableCard, &CardFace, &GlobalTransform)>,
    viewer: Res<Viewer>,
    mut out: MessageWriter<Command>,
) {
    if !actions.just_pressed(&UiAction::Click) {
        return;
    }
    let (Some(window), Ok((camera, camera_at))) = (window, camera.single()) else {
        return;
    };
    let Some(pos) = window.cursor_position() else {
        return;
    };
    let Ok(world) = camera.viewport_to_world_2d(camera_at, pos) else {
        return;
    };
    let hit = cards
        .iter()
        .filter_map(|(tc, face, at)| match tc.place {
            CardPlace::Hand { seat, slot } if seat == viewer.0.0 => {
                let d = (world - at.translation().truncate()).abs();
                (d.x <= CARD.x / 2.0 && d.y <= CARD.y / 2.0).then_some((slot, face.0))
            }
            _ => None,
        })
        .max_by_key(|(slot, _)| *slot);
    if let Some((_, card)) = hit {
        out.write(Command::Card(card.index() as u8));
    }
}

/// The keyboard on the hand: left/right pick a card, Enter uses it.
fn keyboard_pick(
    actions: &ActionState<UiAction>,
    ui: &mut TysiacUi,
    scene: &Scene,
) -> Option<Card> {
    let usable = &ui.usable;
    if usable.is_empty() {
        return None;
    }
    let pos = ui
        .selected
        .and_then(|s| usable.iter().position(|c| *c == s));
    let step = |d: isize| {
        let n = usable.len() as isize;
        let i = pos.map_or(if d > 0 { 0 } else { n - 1 }, |p| {
            (p as isize + d).rem_euclid(n)
        });
        usable[i as usize]
    };
    if actions.just_pressed(&UiAction::CursorRight) {
        ui.selected = Some(step(1));
    } else if actions.just_pressed(&UiAction::CursorLeft) {
        ui.selected = Some(step(-1));
    } else if actions.just_pressed(&UiAction::Select) {
        return ui.selected.filter(|c| scene.hand.contains(c));
    }
    None
}

/// The viewer's clicks, keys and panel choices become its actions, when it
/// is the viewer's turn.
fn human_actions(
    mut commands: MessageReader<Command>,
    actions: Single<&ActionState<UiAction>, With<Player>>,
    m: Res<Match<Tysiac>>,
    mut ui: ResMut<TysiacUi>,
    view: Res<ViewState>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    phase: Res<State<PlayPhase>>,
    animating: Res<Animating>,
    mut requests: MessageWriter<ActionRequest<Tysiac>>,
    mut cues: MessageWriter<Cue>,
) {
    let seat = viewer.0;
    let my_turn = *phase.get() == PlayPhase::HumanTurn
        && privacy.0.is_none()
        && m.to_act() == Some(seat)
        && m.seat_kind(seat).is_human();
    let mut wanted: Vec<Command> = commands.read().cloned().collect();
    if my_turn && !animating.0 {
        if let Some(scene) = &view.scene {
            if let Some(card) = keyboard_pick(*actions, &mut ui, scene) {
                wanted.push(Command::Card(card.index() as u8));
            }
        }
    }
    for c in wanted {
        if c == Command::Cancel {
            ui.selected = None;
        }
        if !my_turn || animating.0 {
            continue;
        }
        let obs = m.observe(seat);
        let legal = legal_for(&obs);
        let action = match c {
            Command::Card(index) => {
                let Some(card) = Card::from_index(index as usize) else {
                    continue;
                };
                if !obs.hand.contains(card) {
                    continue;
                }
                let uses = offered(&legal, obs.table.phase, Some(card));
                match (obs.table.phase, uses.len()) {
                    (Phase::Play, 1) => Some(uses[0]),
                    (Phase::Play | Phase::PassCards, n) if n > 0 => {
                        ui.selected = Some(card);
                        None
                    }
                    _ => None,
                }
            }
            Command::Choose(i) => offered(&legal, obs.table.phase, ui.selected)
                .get(i)
                .copied(),
            _ => None,
        };
        ui.choices = offered(&legal, obs.table.phase, ui.selected);
        let Some(action) = action else { continue };
        // Only legal actions are offered; the referee checks again.
        if legal.contains(&action) {
            ui.selected = None;
            if matches!(action, Action::Play { .. }) {
                cues.write(Cue::Move);
            } else {
                cues.write(Cue::Button);
            }
            requests.write(ActionRequest { seat, action });
            break;
        }
    }
}

// ---------------------------------------------------------------- drawing

/// Redraws the cards whenever the game, the viewer or the privacy screen
/// changed, animating the difference with the previous scene.
fn refresh_view(
    mut commands: Commands,
    m: Res<Match<Tysiac>>,
    viewer: Res<Viewer>,
    settings: Res<Settings>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<TysiacUi>,
    redraw: Res<Redraw>,
    old_cards: Query<Entity, Or<(With<TableCard>, With<TableLabel>)>>,
    mut cues: MessageWriter<Cue>,
) {
    let hidden = redraw.hidden;
    let seat = viewer.0;
    if !redraw.needed {
        // The choices follow the card picked.
        if !hidden {
            if let Some(obs) = &view.obs {
                let mine = m.seat_kind(seat).is_human() && m.to_act() == Some(seat);
                let legal = if mine { legal_for(obs) } else { Vec::new() };
                let choices = offered(&legal, obs.table.phase, ui.selected);
                if ui.choices != choices {
                    ui.choices = choices;
                }
            }
        }
        return;
    }
    for e in &old_cards {
        commands.entity(e).despawn();
    }
    if hidden {
        // Nobody's cards while the device changes hands.
        view.scene = None;
        view.obs = None;
        ui.selected = None;
        ui.choices.clear();
        ui.usable.clear();
        return;
    }
    let obs = m.observe(seat);
    let scene = Scene::from_view(&obs);
    let previous = view.scene.take().filter(|_| redraw.animate());
    let duration = settings.animation.seconds();

    // What the viewer may do with its cards now.
    let mine = m.seat_kind(seat).is_human() && m.to_act() == Some(seat);
    let legal = if mine { legal_for(&obs) } else { Vec::new() };
    ui.usable = scene
        .hand
        .iter()
        .copied()
        .filter(|c| !offered(&legal, scene.phase, Some(*c)).is_empty())
        .collect();
    if ui.selected.is_some_and(|c| !ui.usable.contains(&c)) {
        ui.selected = None;
    }
    ui.choices = offered(&legal, scene.phase, ui.selected);
    let picking = matches!(scene.phase, Phase::Play | Phase::PassCards) && mine;

    let new_deal = scene.phase == Phase::Bidding
        && view.deals_watched[seat.index() % 3] != Some(scene.deal)
        && !redraw.undo;
    if scene.phase == Phase::Bidding {
        view.deals_watched[seat.index() % 3] = Some(scene.deal);
    }
    // Cards changing hands since the last scene: the prikup taken by the
    // declarer, a card given face down to an opponent.
    let declarer = obs.table.declarer;
    let taken = previous
        .as_ref()
        .is_some_and(|p| p.phase == Phase::Prikup && scene.phase == Phase::PassCards);
    let arrival = |s: Seat, slot: usize, n: usize, seen: Seen| -> Option<Vec2> {
        let p = previous.as_ref()?;
        let d = declarer?;
        let r = rel(s, seat);
        if taken && s == d {
            // Face up for the declarer (it knows the prikup), backs else.
            let i = match seen {
                Some(card) => p.prikup.iter().position(|c| *c == Some(card))?,
                None => (slot + 3).checked_sub(n)?,
            };
            return Some(prikup_pos(i));
        }
        let given = s != d
            && p.hand_sizes[s.index()] < scene.hand_sizes[s.index()]
            && matches!(p.phase, Phase::PassCards);
        let this_card = match seen {
            Some(card) => obs.received == Some(card),
            None => slot + 1 == n,
        };
        (given && this_card && r < 3).then(|| {
            let dn = scene.hand_sizes[d.index()] as usize;
            hand_pos(rel(d, seat), dn / 2, dn.max(1))
        })
    };
    let dealer = obs.table.dealer;
    let from_dealer = if rel(dealer, seat) == 0 {
        TABLE + Vec2::new(0.0, -200.0)
    } else {
        hand_pos(rel(dealer, seat), 0, 1)
    };
    let slide = |commands: &mut Commands, e: Entity, from: Vec2, to: Vec2, delay: f32| {
        slide_in(commands, duration, e, from, to, delay);
    };

    // The hands.
    for s in Seat::all(3) {
        let r = rel(s, seat);
        let n = scene.hand_sizes[s.index()] as usize;
        for slot in 0..n {
            let seen = if r == 0 {
                scene.hand.get(slot).copied()
            } else {
                None
            };
            let mut at = hand_pos(r, slot, n);
            let dim = picking && seen.is_some_and(|c| !ui.usable.contains(&c));
            if r == 0 && seen.is_some() && seen == ui.selected {
                at.y += 22.0;
            }
            let from = arrival(s, slot, n, seen);
            let e = spawn_card(
                &mut commands,
                seen,
                CardPlace::Hand {
                    seat: s.0,
                    slot: slot as u8,
                },
                at,
                slot as f32 * 0.01,
                dim,
                r == 0,
            );
            if r == 0 {
                // The viewer's hand is fanned.
                commands.entity(e).insert(
                    Transform::from_xyz(at.x, at.y, 1.0)
                        .with_rotation(Quat::from_rotation_z(fan_angle(slot, n))),
                );
            }
            if new_deal {
                let delay = deal_delay(slot, s, dealer) * duration.unwrap_or(0.0);
                slide(&mut commands, e, from_dealer, at, delay);
            } else if let Some(from) = from {
                slide(&mut commands, e, from, at, 0.0);
            }
        }
        // The seat's name, kind and tricks.
        let kind = if m.seat_kind(s).is_human() {
            "".to_owned()
        } else {
            " (computer)".to_owned()
        };
        let mut text = format!("{}{kind}", name(s));
        if obs.table.declarer == Some(s) {
            text.push_str(&format!(" · plays for {}", obs.table.bid));
        }
        if m.to_act() == Some(s) {
            text = format!("▶ {text}");
        }
        let at = label_pos(r);
        commands.spawn((
            TableLabel,
            WorldText::new(text, 18.0, Color::srgb(0.95, 0.95, 0.85)),
            Transform::from_xyz(at.x, at.y, 5.0),
            DespawnOnExit(Screen::Play),
        ));
    }

    // The contract and the trump, always in view on the table (in words:
    // suit signs on the table are card faces only).
    let t = &obs.table;
    let trump = match t.trump {
        Some(suit) => format!("Trump: {}", suit_word(suit)),
        None => "No trump yet".to_owned(),
    };
    let contract = match t.declarer {
        Some(d) => format!("{} plays for {}", name(d), t.bid),
        None if t.phase == Phase::Bidding => format!("Bid {} by {}", t.bid, name(t.bidder)),
        None => String::new(),
    };
    let at = TABLE + Vec2::new(0.0, 110.0);
    commands.spawn((
        TableLabel,
        WorldText::new(
            format!("{trump}   {contract}"),
            22.0,
            Color::srgb(1.0, 0.92, 0.55),
        ),
        Transform::from_xyz(at.x, at.y, 5.0),
        DespawnOnExit(Screen::Play),
    ));

    // The prikup: face down, or turned over for all.
    for (i, seen) in scene.prikup.iter().enumerate() {
        let at = prikup_pos(i);
        let e = spawn_card(
            &mut commands,
            *seen,
            CardPlace::Prikup(i as u8),
            at,
            i as f32 * 0.01,
            false,
            false,
        );
        if new_deal {
            let delay = prikup_delay(i) * duration.unwrap_or(0.0);
            slide(&mut commands, e, from_dealer, at, delay);
        }
        let shown_now =
            seen.is_some() && previous.as_ref().is_some_and(|p| p.phase != Phase::Prikup);
        if let (true, Some(d)) = (shown_now, duration) {
            // Turned over for all, one after the other.
            let (delay, turn) = (i as f32 * d * 0.5, d * 1.5);
            // A slide that stays put holds the game (`Animating`) until the
            // prikup has been turned over and can be read.
            commands.entity(e).insert((
                TurnOver {
                    delay,
                    duration: turn,
                    elapsed: 0.0,
                },
                Slide::new(at, at, d * 4.0 + turn, 0.0),
            ));
        }
    }

    // The trick in the middle; a card just played comes from its hand.
    for (i, (s, card)) in scene.trick.iter().enumerate() {
        let r = rel(*s, seat);
        let at = trick_pos(r);
        let e = spawn_card(
            &mut commands,
            Some(*card),
            CardPlace::Trick(s.0),
            at,
            i as f32 * 0.01,
            false,
            false,
        );
        let new = previous
            .as_ref()
            .is_some_and(|p| !p.trick.contains(&(*s, *card)));
        if new {
            let from = match previous.as_ref().and_then(|p| {
                (r == 0)
                    .then(|| p.hand.iter().position(|c| c == card))
                    .flatten()
            }) {
                Some(slot) => hand_pos(0, slot, previous.as_ref().map_or(1, |p| p.hand.len())),
                None => hand_pos(r, 0, 1),
            };
            slide(&mut commands, e, from, at, 0.0);
        }
    }

    // The piles; a trick just gathered slides from the middle.
    for s in Seat::all(3) {
        let r = rel(s, seat);
        let n = scene.piles[s.index()] as usize * 3;
        let before = previous
            .as_ref()
            .map_or(n, |p| p.piles[s.index()] as usize * 3);
        for slot in 0..n {
            let at = pile_pos(r, slot);
            let e = spawn_card(
                &mut commands,
                None,
                CardPlace::Pile {
                    seat: s.0,
                    slot: slot as u8,
                },
                at,
                slot as f32 * 0.01,
                false,
                false,
            );
            if slot >= before {
                let from_seat = previous
                    .as_ref()
                    .and_then(|p| p.trick.get(slot - before).map(|(s, _)| rel(*s, seat)))
                    .unwrap_or(r);
                slide(&mut commands, e, trick_pos(from_seat), at, 0.0);
            }
        }
    }

    if let Some(prev) = &previous {
        if prev.trick != scene.trick && !scene.trick.is_empty() {
            cues.write(Cue::Move);
        }
        if new_deal || (prev.phase != Phase::Prikup && scene.phase == Phase::Prikup) {
            cues.write(Cue::Flip);
        }
    }
    view.scene = Some(scene);
    view.obs = Some(obs);
}

/// Turns cards over: the back narrows, the face widens; the words show
/// with the face only.
fn turn_over(
    mut commands: Commands,
    time: Res<Time>,
    mut cards: Query<(Entity, &mut TurnOver, &mut Transform, &Children)>,
    mut bodies: Query<&mut Sprite, With<CardBody>>,
    mut words: Query<&mut Visibility, With<WorldText>>,
) {
    for (e, mut turn, mut tf, children) in &mut cards {
        turn.elapsed += time.delta_secs();
        let t = ((turn.elapsed - turn.delay) / turn.duration.max(1e-3)).clamp(0.0, 1.0);
        let face = t >= 0.5;
        tf.scale.x = (if face { t * 2.0 - 1.0 } else { 1.0 - t * 2.0 }).max(0.02);
        for child in children.iter() {
            if let Ok(mut sprite) = bodies.get_mut(child) {
                sprite.color = if face { FACE } else { BACK };
            }
            if let Ok(mut v) = words.get_mut(child) {
                *v = if face {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
        }
        if t >= 1.0 {
            tf.scale.x = 1.0;
            commands.entity(e).remove::<TurnOver>();
        }
    }
}

/// A card arriving where it now lies (with animations on).
fn slide_in(
    commands: &mut Commands,
    duration: Option<f32>,
    e: Entity,
    from: Vec2,
    to: Vec2,
    delay: f32,
) {
    if let Some(d) = duration {
        commands.entity(e).insert(Slide::new(from, to, d, delay));
    }
}

// ---------------------------------------------------------------- panels

/// The words of a choice on the panel.
pub fn choice_text(action: &Action, bid: u16) -> String {
    match *action {
        Action::Pass => "Pass".into(),
        Action::Bid(b) => format!("{b}"),
        Action::TakePrikup => "Take the prikup".into(),
        Action::Rospisat => "Rospisat' (give up: the others get 60, you a P)".into(),
        Action::Give { card, to } => format!("Give {card} to {}", name(to)),
        Action::Redeal => "Four nines: deal again".into(),
        Action::PlayOn => "Four nines: play on".into(),
        Action::Raise(b) if b == bid => format!("Play for {b}"),
        Action::Raise(b) => format!("{b}"),
        Action::Play {
            card,
            marriage: true,
        } => format!(
            "Play {card} and announce the marriage (+{}, {} trump)",
            card.suit().marriage(),
            card.suit()
        ),
        Action::Play {
            card,
            marriage: false,
        } => format!("Play {card} without announcing"),
        other => other.to_string(),
    }
}

fn phase_text(obs: &TysiacView, m: &Match<Tysiac>) -> String {
    let t = &obs.table;
    let Some(seat) = m.to_act() else {
        return match m.turn() {
            Turn::Over => "The match is over".into(),
            _ => "…".into(),
        };
    };
    let who = if seat == obs.seat {
        "You".to_owned()
    } else {
        name(seat).to_owned()
    };
    let thinking = !m.seat_kind(seat).is_human();
    let doing = match t.phase {
        Phase::Bidding => format!("bid above {} or pass", t.bid),
        Phase::Prikup => "take the prikup".into(),
        Phase::PassCards => "give a card to each opponent".into(),
        Phase::FourNines => "decide on the four nines".into(),
        Phase::Raise => format!("keep the bid of {} or raise it", t.bid),
        Phase::Play => "play a card".into(),
        _ => "wait".into(),
    };
    if thinking {
        format!("{who} is thinking ({doing})…")
    } else if seat == obs.seat {
        format!("Your turn: {doing}")
    } else {
        format!("{who}: {doing}")
    }
}

fn hud(
    mut contexts: EguiContexts,
    m: Res<Match<Tysiac>>,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
    viewer: Res<Viewer>,
    resign: Res<ResignAsked>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::shell::screens::root_ui(ctx, "hud-root", false);
    egui::Panel::right("hud")
        .exact_size(320.0)
        .show(&mut root, |ui| {
            let Some(obs) = &view.obs else {
                ui.label("…");
                return;
            };
            let t = &obs.table;
            ui.heading(format!("You are {}", name(viewer.0)));
            ui.label(egui::RichText::new(phase_text(obs, &m)).size(18.0));
            if m.is_thinking() {
                ui.add(egui::Spinner::new());
            }
            ui.separator();
            // The contract and the trump, always in view.
            let trump = t.trump.map_or("none yet".to_owned(), |s| format!("{s}"));
            ui.label(
                egui::RichText::new(format!("Trump: {trump}"))
                    .size(20.0)
                    .strong(),
            );
            match t.declarer {
                Some(d) => ui.label(format!("{} plays for {}", name(d), t.bid)),
                None => ui.label(format!("Highest bid: {} ({})", t.bid, name(t.bidder))),
            };
            for (s, suit) in &t.marriages {
                ui.label(format!(
                    "{} announced the {suit} marriage (+{})",
                    name(*s),
                    suit.marriage()
                ));
            }
            if let (Some(p), true) = (t.prikup, t.phase != Phase::Prikup) {
                ui.label(format!("The prikup was {p}"));
            }
            if let Some(card) = obs.received {
                ui.label(format!(
                    "{} gave you {card}",
                    name(t.declarer.unwrap_or(t.bidder))
                ));
            }
            for (i, g) in obs.gave.iter().enumerate() {
                if let Some(card) = g {
                    ui.label(format!("You gave {card} to {}", name(Seat(i as u8))));
                }
            }
            if matches!(t.phase, Phase::Play | Phase::Over) {
                ui.label(format!(
                    "Points this hand: {}",
                    Seat::all(3)
                        .map(|s| format!("{} {}", name(s), t.points[s.index()]))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            // The viewer's choices: only the engine's legal actions.
            if !tui.choices.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new("Your call").strong());
                let numbers = tui
                    .choices
                    .iter()
                    .all(|a| matches!(a, Action::Bid(_) | Action::Pass | Action::Raise(_)));
                if numbers {
                    ui.horizontal_wrapped(|ui| {
                        for (i, a) in tui.choices.iter().enumerate() {
                            if ui.button(choice_text(a, t.bid)).clicked() {
                                out.write(Command::Choose(i));
                            }
                        }
                    });
                } else {
                    for (i, a) in tui.choices.iter().enumerate() {
                        if ui.button(choice_text(a, t.bid)).clicked() {
                            out.write(Command::Choose(i));
                        }
                    }
                }
            } else if !tui.usable.is_empty() {
                ui.separator();
                ui.label(match t.phase {
                    Phase::PassCards => "Click a card to give away.",
                    _ => "Click a card to play it (or the arrow keys and Enter).",
                });
            }
            if m.is_hinting() {
                ui.label("Looking for a hint…");
            } else if let Some(hint) = m.hint {
                ui.label(format!("Hint: {}", choice_text(&hint, t.bid)));
            }
            ui.separator();
            ui.label(egui::RichText::new("Bidding").strong());
            ui.label(
                t.calls
                    .iter()
                    .map(|c| match c.bid {
                        Some(b) => format!("{} {b}", name(c.seat)),
                        None => format!("{} pass", name(c.seat)),
                    })
                    .collect::<Vec<_>>()
                    .join(" · "),
            );
            ui.separator();
            ui.label(format!(
                "Scores: {}",
                Seat::all(3)
                    .map(|s| format!("{} {}", name(s), t.standings[s.index()].score))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            let hint = m.seat_kind(viewer.0).is_human() && m.to_act() == Some(viewer.0);
            panel::controls(ui, &m, hint, None, resign.0, &mut out, |ui| {
                if ui.button("Score sheet").clicked() {
                    tui.score_sheet = !tui.score_sheet;
                }
            });
            ui.separator();
            panel::move_list(ui, m.log(), None, 200.0);
        });
    Ok(())
}

fn standing_text(st: &veil_tysiac::Standing) -> String {
    let mut out = format!("{}", st.score);
    if let Some(h) = st.barrel {
        out.push_str(&format!(" · on the barrel ({}/3)", h + 1));
    }
    if st.lines > 0 {
        out.push_str(&format!(" · {}", "—".repeat(st.lines as usize)));
    }
    if st.p_marks > 0 {
        out.push_str(&format!(" · {}", "P".repeat(st.p_marks as usize)));
    }
    out
}

/// The score sheet: every hand of the match, the barrel, lines and P marks.
fn score_sheet(
    mut contexts: EguiContexts,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
) -> Result {
    let Some(obs) = &view.obs else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = tui.score_sheet;
    let t = &obs.table;
    egui::Window::new("Score sheet")
        .open(&mut open)
        .default_width(560.0)
        .default_pos([40.0, 80.0])
        .show(ctx, |ui| {
            egui::Grid::new("sheet").striped(true).show(ui, |ui| {
                ui.strong("#");
                ui.strong("hand");
                for s in Seat::all(3) {
                    ui.strong(name(s));
                }
                ui.end_row();
                for (i, h) in t.history.iter().enumerate() {
                    ui.label(format!("{}", i + 1));
                    ui.label(hand_text(h));
                    for s in 0..3 {
                        ui.label(format!("{:+} = {}", h.changes[s], h.scores[s]));
                    }
                    ui.end_row();
                }
                ui.label("");
                ui.strong("now");
                for s in 0..3 {
                    ui.strong(standing_text(&t.standings[s]));
                }
                ui.end_row();
            });
            ui.small("— a horizontal line (an opponent who took nothing; every third costs 120) · P a Rospisat' (every third costs 120) · the barrel: 880, three hands to make a bid.");
        });
    if tui.score_sheet != open {
        tui.score_sheet = open;
    }
    Ok(())
}

/// After each hand, what happened in it.
fn hand_summary(
    mut contexts: EguiContexts,
    view: Res<ViewState>,
    mut tui: ResMut<TysiacUi>,
) -> Result {
    let Some(obs) = &view.obs else { return Ok(()) };
    let t = &obs.table;
    if t.history.len() <= tui.summaries_seen {
        return Ok(());
    }
    let Some(h) = t.history.last() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    egui::Window::new(format!("Hand {}", t.history.len()))
        .default_pos([60.0, 120.0])
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(hand_text(h)).size(18.0));
            for s in Seat::all(3) {
                ui.label(format!(
                    "{}: took {}, {:+} = {}",
                    name(s),
                    h.points[s.index()],
                    h.changes[s.index()],
                    h.scores[s.index()]
                ));
            }
            if ui.button("Continue").clicked() {
                close = true;
            }
        });
    if close {
        tui.summaries_seen = t.history.len();
    }
    Ok(())
}

/// The rulings of §6, in plain words.
pub const RULES: &[&str] = &[
    "Tysiąc (\"a thousand\") is for three players with 24 cards: 9, J, Q, K, 10 and A in four suits. Cards are worth A 11, 10 10, K 4, Q 3, J 2, 9 0 — 120 in all — and rank A > 10 > K > Q > J > 9.",
    "Each player gets 7 cards and 3 go face down to the prikup. The deal passes clockwise each hand; the first dealer is drawn at random.",
    "Bidding starts left of the dealer with a forced 100. Bids go up in steps of 5 (or 10, an option); a pass is final; the bidding ends when two players have passed. Bidding above 120 needs a king and queen of one suit in your hand.",
    "The highest bidder, the declarer, shows the prikup to everyone, takes it, gives one card face down to each opponent and may then raise the bid (above 120 only with a marriage).",
    "A player holding all four nines after the exchange may have the cards dealt again by the same dealer.",
    "The declarer leads the first trick; there is no trump at first. Follow suit if you can; otherwise play a trump if there is one and you hold it; otherwise any card. (Option: whoever follows suit or trumps must also beat the trick when they can.) The highest trump wins the trick, else the highest card of the suit led; the winner leads next.",
    "Marriages: a player who won the previous trick and holds the king and queen of a suit may lead one of them and announce the marriage. It scores ♥ 100, ♦ 80, ♣ 60, ♠ 40, and that suit is trump from then on.",
    "Scoring: a declarer who took at least the bid (cards plus marriages) adds the bid, otherwise loses it. Each opponent adds its points rounded to the nearest 5 (or 10).",
    "The first to reach 1000 wins; if several do in one hand, the highest score wins, then the declarer.",
    "Extra rules (on by default): the barrel — a score that would reach 880–999 stops at 880, and there you score only by making a bid as declarer, within three hands (a failed bid takes you off; three hands without success cost 120). Horizontal lines — an opponent who takes nothing gets a line instead, and every third line costs 120. Rospisat' — after seeing the prikup the declarer may give up: the opponents get 60 each and the declarer a P; every third P costs 120 (not allowed on the barrel).",
    "Playing here: click a card of your hand to play it; in the exchange click a card and choose whom to give it to; bids, the prikup and the raise are buttons on the right. Only legal choices are offered.",
];

/// The game's options on the setup screen.
pub fn options_ui(ui: &mut egui::Ui, o: &mut veil_tysiac::Options) {
    ui.horizontal(|ui| {
        ui.label("Bids go up in steps of");
        ui.radio_value(&mut o.bid_step, 5, "5");
        ui.radio_value(&mut o.bid_step, 10, "10");
    });
    ui.horizontal(|ui| {
        ui.label("The opponents' points are rounded to");
        ui.radio_value(&mut o.rounding, 5, "5");
        ui.radio_value(&mut o.rounding, 10, "10");
    });
    ui.checkbox(
        &mut o.must_beat,
        "Whoever follows suit or trumps must beat the trick if they can",
    );
    ui.checkbox(
        &mut o.extra_rules,
        "Extra rules: the barrel at 880, horizontal lines, Rospisat'",
    );
    ui.horizontal(|ui| {
        ui.label("Play");
        ui.radio_value(&mut o.hand_limit, 200, "to 1000");
        ui.radio_value(&mut o.hand_limit, 1, "one hand");
    });
}
