//! What a game's view supplies to the table, and the table's part of every
//! game: starting a match, the action requests the referee alone applies,
//! the rules window, the privacy screen, and the way to the results.
//!
//! A game view (`src/games/<game>/`) implements [`GameView`] for its rules
//! type and adds [`TablePlugin::<G>`]; its own plugin then only draws the
//! table from the viewer's observation, turns clicks and keys into
//! [`ActionRequest`]s and draws its side panel.

use std::collections::BTreeMap;

use bevy::ecs::query::QueryFilter;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veil_core::{Belief, Fact, Game, Seat, Turn};

use crate::kit::anim::Animating;
use crate::kit::board::{BoardImages, BoardLayout, BoardUi, Cell, orient_board, show_hint};
use crate::kit::input::Command;
use crate::kit::sound::Cue;
use crate::kit::widgets;
use crate::table::howto::HowToStep;
use crate::table::pictures::Pictures;
use crate::table::recent::FinishedRecords;
use crate::table::referee::{
    GameChanged, Match, MatchPlugin, MatchResult, PlayPhase, PrivacyPending, ResignAsked,
    Reviewing, RulesOpen, Viewer, end_cue, new_match, summarize,
};
use crate::table::setup::MatchSetup;
use crate::table::{ActiveGame, Screen};

/// What the table needs of a game beyond its rules.
pub trait GameView: veil_match::MatchGame {
    /// True when showing `next`'s view on a screen `previous` may still be
    /// looking at (or the other way round) could show one of them something
    /// only the other may know: hot-seat play then puts a privacy screen
    /// between the two.
    fn needs_privacy(previous: &Self::Observation, next: &Self::Observation) -> bool;
    /// The rules screen's title.
    const RULES_TITLE: &'static str;
    /// The rules in plain words, one paragraph an entry: the rulings of
    /// `RULINGS.md` and every reading the rules crate makes.
    const RULES: &'static [&'static str];
    /// A short "how to play": three to six steps over the picture of the
    /// table, shown first in the rules window and opened by itself at the
    /// first game of this kind.
    const HOW_TO: &'static [widgets::HowToStep] = &[];
    /// The privacy screen's words: what the seats must not see of each
    /// other, and what the button shows ("board", "cards").
    const PRIVACY: (&'static str, &'static str);
    /// The game's options on the setup screen (none by default).
    fn options_ui(ui: &mut egui::Ui, options: &mut Self::Options) {
        let _ = options;
        ui.label("No options: the rules are those of the rules screen.");
    }
    /// Seconds the finished table stays in view before the results, given
    /// the viewer's last observation.
    fn end_wait(viewer_sees: &Self::Observation) -> f32 {
        let _ = viewer_sees;
        0.8
    }
    /// How the review of the computer's beliefs names a hidden fact
    /// ([`Game::hidden_facts`]): its place ("e4", "East's hand") and what
    /// was there ("King", "A♠").
    fn fact_words(fact: Fact) -> (String, String) {
        (format!("#{}", fact.place), fact.what.to_string())
    }
    /// The board cell a hidden fact's place is, for the beliefs' marks on
    /// the board; `None` (the default) for places off the board.
    fn fact_cell(place: u16) -> Option<Cell> {
        let _ = place;
        None
    }
    /// The finished game in its players' own notation, offered as a file
    /// on the results beside Veil's record (Jieqi's FEN + ICCS): `start` is
    /// the state play started from, `actions` everything since. `None` (the
    /// default): the game has none, or offers it another way.
    fn notation(
        start: &Self,
        actions: &[(veil_core::Actor, Self::Action)],
    ) -> Option<crate::table::recent::RecordFile> {
        let _ = (start, actions);
        None
    }
    /// Adds the game's own words to the results (scores, a record) once the
    /// game is over; `views` holds every seat's final observation.
    fn finish(
        result: &mut MatchResult,
        views: &[Self::Observation],
        viewer: Seat,
        commands: &mut Commands,
    ) {
        let _ = (result, views, viewer, commands);
    }
}

/// A request from a view (or a test) to play `action` for `seat`; the
/// referee checks it, applies it, records it and announces the change.
#[derive(Message, Clone, Copy, Debug)]
pub struct ActionRequest<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
}

/// What a view's input system needs to turn the viewer's clicks and keys
/// into [`ActionRequest`]s: the match, the viewer, whether the viewer may
/// act now, and the way to ask.
#[derive(SystemParam)]
pub struct Asking<'w, G: GameView> {
    pub m: Res<'w, Match<G>>,
    viewer: Res<'w, Viewer>,
    privacy: Res<'w, PrivacyPending>,
    phase: Res<'w, State<PlayPhase>>,
    animating: Res<'w, Animating>,
    requests: MessageWriter<'w, ActionRequest<G>>,
}

impl<G: GameView> Asking<'_, G> {
    /// The seat whose eyes the table is drawn for.
    pub fn seat(&self) -> Seat {
        self.viewer.0
    }

    /// A person's turn, the viewer's, with no privacy screen up: choices
    /// may be made (a view may still wait for what is moving to stop).
    pub fn viewer_to_act(&self) -> bool {
        *self.phase.get() == PlayPhase::HumanTurn
            && self.privacy.0.is_none()
            && self.m.to_act() == Some(self.viewer.0)
            && self.m.seat_kind(self.viewer.0).is_human()
            // Online: the last action asked for is still on its way.
            && !self.m.awaiting()
    }

    /// [`Self::viewer_to_act`], and nothing is moving on the table: an
    /// action may be asked for now.
    pub fn may_act(&self) -> bool {
        self.viewer_to_act() && !self.animating.0
    }

    /// Asks the referee to play `action` for the viewer (it checks it).
    pub fn ask(&mut self, action: G::Action) {
        let seat = self.viewer.0;
        self.requests.write(ActionRequest { seat, action });
    }
}

/// Sent when an [`ActionRequest`] was refused (not the seat's turn, not a
/// legal action): the view can drop its selection.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionRefused {
    pub seat: Seat,
}

/// The match that just ended, kept for its review while the results show.
#[derive(Resource)]
pub struct Finished<G: GameView>(pub Match<G>);

/// The results screen asked to review the game that ended.
#[derive(Resource, Default, Debug)]
pub struct ReviewWanted(pub bool);

/// A match to start with instead of a fresh one (the demo).
#[derive(Resource)]
pub struct PreparedMatch<G: GameView>(pub Match<G>);

/// The way from a finished game to the results screen.
#[derive(Resource, Default, Debug)]
pub struct Finishing {
    /// Seconds since the game ended and the last animation played.
    pub over_for: f32,
    /// The player asked for the results (no need to wait).
    pub asked: bool,
}

/// Whether the table must be drawn again this frame, and how: worked out
/// once for every game by [`redraw_check`] before the view's own systems
/// run. A view draws only from `Match::observe(viewer)` and animates the
/// difference with its last scene only when `animate` says the same person
/// is looking at a newer state of the same game.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Redraw {
    /// Something the table shows changed: draw it again.
    pub needed: bool,
    /// The privacy screen is up: draw nobody's secrets.
    pub hidden: bool,
    /// The board is seen from the far side (settings, per viewer).
    pub flipped: bool,
    /// `flipped` changed since the last draw: the board art turns round.
    pub flip_changed: bool,
    /// Nothing was drawn before in this match.
    pub first: bool,
    /// The game changed (an action, chance, undo) since the last draw.
    pub new_version: bool,
    /// The last draw was for the same viewer and not hidden.
    pub same_viewer: bool,
    /// The change was an undo: nothing is animated.
    pub undo: bool,
    /// The player asked to see the last move again.
    pub replay: bool,
}

impl Redraw {
    /// Whether the difference with the last scene may be animated.
    pub fn animate(&self) -> bool {
        self.same_viewer && !self.undo && !self.first && !self.hidden
    }
}

/// What every view's redraw system needs beside its own state: commands,
/// the viewer, the settings, the shared images, this frame's [`Redraw`],
/// the sound cues, and the entities its last drawing left (`Old`).
#[derive(SystemParam)]
pub struct Redrawing<'w, 's, Old: QueryFilter + 'static> {
    pub commands: Commands<'w, 's>,
    pub viewer: Res<'w, Viewer>,
    pub settings: Res<'w, crate::kit::settings::Settings>,
    pub images: Res<'w, BoardImages>,
    pub redraw: Res<'w, Redraw>,
    pub cues: MessageWriter<'w, Cue>,
    pub old: Query<'w, 's, Entity, Old>,
}

impl<Old: QueryFilter + 'static> Redrawing<'_, '_, Old> {
    /// Despawns what the last drawing left, to draw anew.
    pub fn clear(&mut self) {
        for e in &self.old {
            self.commands.entity(e).despawn();
        }
    }
}

/// A board view's own parts of the table: the board's layout, the board's
/// interaction state and the board art (`Art`).
#[derive(SystemParam)]
pub struct BoardParts<'w, 's, Art: Component> {
    pub layout: ResMut<'w, BoardLayout>,
    pub ui: ResMut<'w, BoardUi>,
    art: Query<'w, 's, Entity, With<Art>>,
}

impl<Art: Component> BoardParts<'_, '_, Art> {
    /// The opening of a board's redraw: the hint shown unless the privacy
    /// screen is up; then, if the table is to be drawn again, the last
    /// drawing cleared. False when nothing more is to be drawn this frame.
    pub fn open<Old: QueryFilter + 'static>(
        &mut self,
        table: &mut Redrawing<Old>,
        hint: Option<(Cell, Cell)>,
    ) -> bool {
        let redraw = *table.redraw;
        show_hint(&mut self.ui, hint.filter(|_| !redraw.hidden));
        if redraw.needed {
            table.clear();
        }
        redraw.needed
    }

    /// [`Self::open`] for a grid board's redraw (Jieqi, the chess family),
    /// with the board art turned for the viewer (tagged with `art_tag`).
    pub fn begin<Old: QueryFilter + 'static>(
        &mut self,
        table: &mut Redrawing<Old>,
        hint: Option<(Cell, Cell)>,
        art_tag: impl Bundle,
    ) -> bool {
        if !self.open(table, hint) {
            return false;
        }
        let redraw = *table.redraw;
        orient_board(
            &mut table.commands,
            &mut self.layout,
            redraw.flipped,
            redraw.flip_changed,
            &self.art,
            art_tag,
        );
        true
    }

    /// Despawns the board art, to draw another (a new size, a turn).
    pub fn clear_art(&self, commands: &mut Commands) {
        for e in &self.art {
            commands.entity(e).despawn();
        }
    }
}

/// What the table was last drawn for: (game version, viewer, flipped,
/// hidden).
#[derive(Resource, Default, Debug)]
pub struct Drawn(pub Option<(u64, u8, bool, bool)>);

/// Sets [`Redraw`] for this frame.
#[allow(clippy::too_many_arguments)]
pub fn redraw_check<G: GameView>(
    m: Res<Match<G>>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    settings: Res<crate::kit::settings::Settings>,
    mut changes: MessageReader<GameChanged>,
    mut asks: MessageReader<Command>,
    mut drawn: ResMut<Drawn>,
    mut redraw: ResMut<Redraw>,
    mut look_drawn: Local<Option<u8>>,
) {
    let undo = changes.read().any(|c| c.undo);
    let hidden = privacy.0.is_some();
    let replay = asks.read().any(|c| *c == Command::ReplayLast) && !hidden;
    let flipped = settings.orientation.flipped(viewer.0.0);
    let key = (m.version, viewer.0.0, flipped, hidden);
    let last = drawn.0;
    // A new look (the pieces' marks) draws the same position again,
    // without animating anything.
    let look = settings.look();
    *redraw = Redraw {
        needed: last != Some(key) || replay || look_drawn.replace(look) != Some(look),
        hidden,
        flipped,
        flip_changed: last.is_some_and(|d| d.2 != flipped),
        first: last.is_none(),
        new_version: last.is_none_or(|d| d.0 != m.version),
        same_viewer: last.is_some_and(|d| d.1 == viewer.0.0 && !d.3),
        undo,
        replay,
    };
    drawn.0 = Some(key);
}

/// The setup-screen part of each game whose view is in the app, by id.
#[derive(Resource, Default)]
pub struct GameViews(pub BTreeMap<&'static str, ViewEntry>);

/// What the shell may ask of a game's view without naming it.
#[derive(Clone, Copy)]
pub struct ViewEntry {
    pub options_ui: fn(&mut egui::Ui, &mut MatchSetup),
    /// Checks a save of this game (see [`crate::table::save`]): who plays
    /// it and how far it went.
    pub check_save: fn(&str, Option<&str>) -> Result<String, String>,
    /// Puts a saved match of this game (checkpoint, log) on the table.
    pub resume: fn(&str, Option<&str>, &mut World) -> Result<(), String>,
    /// Opens the record of a finished match of this game for review.
    pub review: fn(&str, &mut World) -> Result<(), String>,
    /// Its "how to play".
    pub how_to: &'static [widgets::HowToStep],
}

/// The table's part of game `G`; its systems run only while `G` is the
/// [`ActiveGame`]. With a demo, `--demo`/`?demo=` with `G`'s id opens a
/// game of `G` under way (see [`add_demo`]).
pub struct TablePlugin<G: GameView> {
    demo: Option<fn(&mut MatchSetup) -> Match<G>>,
}

impl<G: GameView> Default for TablePlugin<G> {
    fn default() -> Self {
        TablePlugin { demo: None }
    }
}

impl<G: GameView> TablePlugin<G> {
    /// The table for `G`, with the demo `make` builds.
    pub fn with_demo(make: fn(&mut MatchSetup) -> Match<G>) -> Self {
        TablePlugin { demo: Some(make) }
    }
}

/// Adds `systems` to the start of play for game `G`: they lay out its table
/// once the referee has started the match (and set the viewer), and run
/// only when `G` is the game chosen.
pub fn on_table_enter<G: GameView, M>(
    app: &mut App,
    systems: impl IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M>,
) {
    app.add_systems(
        OnEnter(Screen::Play),
        systems
            .after(start_match::<G>)
            .run_if(in_state(ActiveGame::of::<G>())),
    );
}

/// Adds `G`'s demo: when the app is started with `VEIL_DEMO=<id>` (or
/// `?demo=<id>` in the browser), play opens straight on the match `make`
/// builds from the setup — seats, options and a fixed seed it sets, moves
/// it plays — so screenshots and the browser check see a game under way.
pub fn add_demo<G: GameView>(app: &mut App, make: fn(&mut MatchSetup) -> Match<G>) {
    app.add_systems(
        Startup,
        move |launch: Res<crate::LaunchOptions>,
              mut setup: ResMut<MatchSetup>,
              mut commands: Commands,
              mut next: ResMut<NextState<Screen>>,
              mut active: ResMut<NextState<ActiveGame>>| {
            let review = launch.demo.as_deref() == Some(&format!("{}-review", G::ID));
            // `<id>-new`: a match from its first action (a Tysiąc bid, say).
            let new = launch.demo.as_deref() == Some(&format!("{}-new", G::ID));
            if launch.demo.as_deref() != Some(G::ID) && !review && !new {
                return;
            }
            setup.choose_game(G::ID);
            active.set(ActiveGame::of::<G>());
            let mut m = if new {
                demo_match::<G>(&mut setup, 2024, 0, |_| true)
            } else {
                make(&mut setup)
            };
            // `?level=`: the demo's computers at another level; `?watch`:
            // every seat a computer.
            let level: Option<veil_ai::Level> =
                launch.level.as_deref().and_then(|l| l.parse().ok());
            for seat in veil_core::Seat::all(m.seats().len()) {
                let kind = match m.seat_kind(seat) {
                    veil_match::SeatKind::Computer(own) => Some(level.unwrap_or(own)),
                    _ if launch.watch => Some(level.unwrap_or(veil_ai::Level::Normal)),
                    _ => None,
                };
                if let Some(level) = kind {
                    m.set_seat_kind(seat, veil_match::SeatKind::Computer(level));
                }
            }
            // Later matches draw fresh seeds.
            setup.seed = None;
            if review {
                // `<id>-review`: the demo played to its end, the computer
                // thinking as in a game (its guesses are kept), then
                // reviewed with them shown.
                finish_demo(&mut m);
                commands.insert_resource(Finished(m));
                commands.insert_resource(ReviewWanted(true));
                next.set(Screen::Play);
                return;
            }
            commands.insert_resource(PreparedMatch(m));
            // Play begins once the active game is in place (next frame).
            next.set(Screen::Play);
        },
    );
}

/// Plays a demo match to its end: its people at random, its computers
/// thinking as they do in a game (at their think limit), so that the review
/// has their guesses.
fn finish_demo<G: GameView>(m: &mut Match<G>) {
    use veil_match::ThinkPacing;
    for i in 0..5_000u64 {
        match m.turn() {
            Turn::Over => return,
            Turn::Chance => {
                m.draw_chance();
                continue;
            }
            _ => {}
        }
        let Some(seat) = m.to_act() else { return };
        if m.seat_kind(seat).is_human() {
            let action = veil_ai::choose::<G>(&m.observe(seat), veil_ai::Level::Random, None, i);
            if m.play(seat, action).is_err() {
                return;
            }
        } else {
            let step = std::time::Duration::from_millis(100);
            if !(0..1_000).any(|_| m.think(step, step, ThinkPacing::Fixed)) {
                return;
            }
        }
    }
}

/// A demo's opening: up to `plies` actions, each chosen by `choose` (the
/// acting seat's observation and the action's number), stopping early where
/// `stop` says the table is worth showing (or nobody is to act).
pub fn play_demo<G: GameView>(
    m: &mut Match<G>,
    plies: u64,
    stop: impl Fn(&Match<G>, u64) -> bool,
    choose: impl Fn(&G::Observation, u64) -> G::Action,
) {
    for i in 0..plies {
        if stop(m, i) {
            break;
        }
        let Some(seat) = m.to_act() else { break };
        let action = choose(&m.observe(seat), i);
        if m.play(seat, action).is_err() {
            break;
        }
    }
}

/// A demo match of `G` for the setup's seats, a person in the first seat
/// and Easy computers in the others: `plies` random actions in (greedy
/// play ends a chess game too soon for a picture), or fewer where `stop`
/// says the table is worth showing.
pub fn demo_match<G: GameView>(
    setup: &mut MatchSetup,
    seed: u64,
    plies: u64,
    stop: impl Fn(&Match<G>) -> bool,
) -> Match<G> {
    use crate::table::setup::SeatKind;
    let n = setup.seats.len();
    setup.seats = (0..n)
        .map(|i| {
            if i == 0 {
                SeatKind::Human
            } else {
                SeatKind::Computer(veil_ai::Level::Easy)
            }
        })
        .collect();
    setup.seed = Some(seed);
    let mut m = crate::table::referee::new_match::<G>(setup, setup.options::<G>());
    play_demo(
        &mut m,
        plies,
        |m, _| stop(m),
        |view, i| veil_ai::choose::<G>(view, veil_ai::Level::Random, None, seed + i),
    );
    m
}

/// Runs while `G` is on the table.
pub fn active<G: GameView>() -> impl SystemCondition<()> {
    in_state(Screen::Play)
        .and_then(in_state(ActiveGame::of::<G>()))
        .and_then(resource_exists::<Match<G>>)
}

impl<G: GameView> Plugin for TablePlugin<G> {
    fn build(&self, app: &mut App) {
        if let Some(make) = self.demo {
            add_demo::<G>(app, make);
        }
        app.add_plugins((
            MatchPlugin::<G>::default(),
            crate::table::guesses::GuessesPlugin::<G>::default(),
        ))
        .add_message::<ActionRequest<G>>()
        .init_resource::<GameViews>()
        .init_resource::<Redraw>()
        .init_resource::<Drawn>()
        .add_systems(
            OnEnter(Screen::Play),
            start_match::<G>.run_if(in_state(ActiveGame::of::<G>())),
        )
        .add_systems(
            Update,
            (finish_match::<G>, crate::table::save::keep_match::<G>)
                .in_set(crate::table::PlaySet::Draw)
                .run_if(active::<G>()),
        )
        .add_systems(
            OnExit(Screen::Play),
            shelve_review::<G>.run_if(in_state(ActiveGame::of::<G>())),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (rules_window::<G>, privacy_screen::<G>, review_bar::<G>).run_if(active::<G>()),
        );
        app.world_mut().resource_mut::<GameViews>().0.insert(
            G::ID,
            ViewEntry {
                options_ui: options_ui::<G>,
                check_save: crate::table::save::check_save::<G>,
                resume: crate::table::save::resume::<G>,
                review: crate::table::save::open_review::<G>,
                how_to: G::HOW_TO,
            },
        );
    }
}

/// The setup screen's options of `G`, read from and written back to the
/// setup.
fn options_ui<G: GameView>(ui: &mut egui::Ui, setup: &mut MatchSetup) {
    let mut options = setup.options::<G>();
    G::options_ui(ui, &mut options);
    if options != setup.options::<G>() {
        setup.set_options::<G>(&options);
    }
}

/// A new match of `G` (or the prepared one), seen by the first person.
#[allow(clippy::too_many_arguments)]
pub fn start_match<G: GameView>(
    mut commands: Commands,
    setup: Res<MatchSetup>,
    prepared: Option<Res<PreparedMatch<G>>>,
    mut viewer: ResMut<Viewer>,
    mut privacy: ResMut<PrivacyPending>,
    mut resign: ResMut<ResignAsked>,
    mut rules: ResMut<RulesOpen>,
    mut finishing: ResMut<Finishing>,
    mut drawn: ResMut<Drawn>,
    mut review: ResMut<ReviewWanted>,
    mut reviewing_keys: ResMut<Reviewing>,
    finished: Option<Res<Finished<G>>>,
    online: Res<crate::table::online::Online>,
    mut next: ResMut<NextState<Screen>>,
) {
    drawn.0 = None;
    // Every table is laid out in one area of the world, scaled to the
    // window (`table::fit` keeps it so).
    // A match taken up again (a save, the demo) in hot-seat may be at any
    // seat's turn: nobody's secrets show until someone takes the device —
    // if two of its people may know different things at all.
    let guard = prepared.as_ref().is_some_and(|p| {
        let humans = p.0.humans();
        humans.iter().any(|a| {
            humans
                .iter()
                .any(|b| a != b && G::needs_privacy(&p.0.observe(*a), &p.0.observe(*b)))
        })
    });
    let resumed = prepared.is_some();
    let reviewing = std::mem::take(&mut review.0) && finished.is_some();
    reviewing_keys.0 = reviewing;
    if !reviewing && finished.is_some() {
        commands.remove_resource::<Finished<G>>();
    }
    let online_room = online.playing && online.room.as_ref().is_some_and(|r| r.game == G::ID);
    let seats = match prepared {
        _ if reviewing => {
            commands.queue(|world: &mut World| {
                if let Some(Finished(mut m)) = world.remove_resource::<Finished<G>>() {
                    m.start_review();
                    world.insert_resource(m);
                }
            });
            finished.map(|f| f.0.seats().to_vec()).unwrap_or_default()
        }
        _ if online_room => match crate::table::online::mirror_of::<G>(&online) {
            Ok(m) => {
                let seats = m.seats().to_vec();
                commands.insert_resource(m);
                seats
            }
            Err(e) => {
                commands.queue(move |world: &mut World| {
                    let mut online = world.resource_mut::<crate::table::online::Online>();
                    online.notice = Some(format!("The room could not be shown: {e}"));
                    online.stop();
                });
                next.set(Screen::Title);
                return;
            }
        },
        Some(_) => {
            commands.queue(|world: &mut World| {
                if let Some(PreparedMatch(m)) = world.remove_resource::<PreparedMatch<G>>() {
                    world.insert_resource(m);
                }
            });
            setup.seats.clone()
        }
        None => {
            let m = new_match::<G>(&setup, setup.options::<G>());
            let seats = m.seats().to_vec();
            commands.insert_resource(m);
            seats
        }
    };
    viewer.0 = Seat::all(seats.len())
        .find(|s| seats[s.index()].is_human())
        .unwrap_or(Seat(0));
    privacy.0 = guard.then_some(viewer.0);
    resign.0 = false;
    rules.0 = false;
    *finishing = Finishing::default();
    if !reviewing && !G::HOW_TO.is_empty() {
        commands.queue(move |world: &mut World| {
            world.resource_mut::<HowToStep>().0 = 0;
            if crate::table::howto::first_time(world, G::ID, resumed) {
                world.resource_mut::<RulesOpen>().0 = true;
            }
        });
    }
}

/// The referee takes the views' requests: only a person's seat, only when
/// it may act, only legal actions.
pub fn apply_requests<G: GameView>(
    mut requests: MessageReader<ActionRequest<G>>,
    mut m: ResMut<Match<G>>,
    privacy: Res<PrivacyPending>,
    mut changed: MessageWriter<GameChanged>,
    mut refused: MessageWriter<ActionRefused>,
) {
    for r in requests.read() {
        let ok = privacy.0.is_none()
            && m.seat_kind(r.seat).is_human()
            && m.play(r.seat, r.action).is_ok();
        // Online the change comes back from the server (`online::sync`).
        if ok && !m.is_mirror() {
            changed.write(GameChanged {
                by: Some(r.seat),
                undo: false,
            });
        } else if !ok {
            refused.write(ActionRefused { seat: r.seat });
        }
    }
}

/// Once the game is over and the last animation played, the results.
#[allow(clippy::too_many_arguments)]
fn finish_match<G: GameView>(
    mut commands: Commands,
    m: Res<Match<G>>,
    time: Res<Time>,
    animating: Res<Animating>,
    mut finishing: ResMut<Finishing>,
    viewer: Res<Viewer>,
    mut next: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
) {
    // Online, the end waits for the server's record (every secret).
    if m.turn() != Turn::Over || animating.0 || m.review().is_some() || m.is_mirror() {
        finishing.over_for = 0.0;
        return;
    }
    finishing.over_for += time.delta_secs();
    if finishing.over_for < G::end_wait(&m.observe(viewer.0)) && !finishing.asked {
        return;
    }
    let mut result = summarize(&m);
    commands.queue(|world: &mut World| {
        world.resource_mut::<FinishedRecords>().files.clear();
    });
    // The game is over: what each seat saw at the end may now be told.
    let views: Vec<G::Observation> = Seat::all(m.seats().len()).map(|s| m.observe(s)).collect();
    G::finish(&mut result, &views, viewer.0, &mut commands);
    if let Some(file) = m
        .played()
        .and_then(|(start, actions)| G::notation(start, actions))
    {
        commands.queue(move |world: &mut World| {
            world.resource_mut::<FinishedRecords>().files.push(file);
        });
    }
    // Kept among the recent games, and offered as a file on the results.
    match crate::table::save::record_text(&m) {
        Ok(record) => {
            let headline = format!("{} — {}", result.headline, result.reason);
            commands.queue(move |world: &mut World| {
                crate::table::recent::keep_finished(world, G::ID, headline, record);
            });
        }
        Err(e) => warn!("could not write the record: {e}"),
    }
    cues.write(end_cue(&m, &result, viewer.0));
    commands.insert_resource(result);
    // Kept for the review; the results screen may open it.
    commands.queue(|world: &mut World| {
        if let Some(m) = world.remove_resource::<Match<G>>() {
            world.insert_resource(Finished(m));
        }
    });
    next.set(Screen::Results);
}

/// Leaving a review: the finished game is kept for another look.
fn shelve_review<G: GameView>(world: &mut World) {
    let reviewing = world
        .get_resource::<Match<G>>()
        .is_some_and(|m| m.review().is_some());
    if reviewing && let Some(mut m) = world.remove_resource::<Match<G>>() {
        m.end_review();
        world.insert_resource(Finished(m));
    }
    // The keys are the board's again from the next match's first frame.
    world.resource_mut::<Reviewing>().0 = false;
}

/// The review's controls, while a finished game is looked back on.
fn review_bar<G: GameView>(
    mut contexts: EguiContexts,
    m: Res<Match<G>>,
    viewer: Res<Viewer>,
    mut out: MessageWriter<Command>,
) -> Result {
    let Some(at) = m.review() else {
        return Ok(());
    };
    let seats: Vec<&str> = Seat::all(m.seats().len()).map(G::seat_name).collect();
    let belief = m.review_belief().map(|(seat, belief, truth)| {
        let heading = format!(
            "What {} (the computer) believed as it chose its move:",
            G::seat_name(seat)
        );
        (heading, belief_lines::<G>(belief, &truth))
    });
    let bar = widgets::ReviewBar {
        step: at.step,
        len: at.len,
        seats: &seats,
        viewer: viewer.0.index(),
        revealed: at.revealed,
        can_reveal: m.can_reveal(),
        note: at
            .dealt_anew
            .then_some("An undo here dealt anew all that its player had not seen."),
        guesses: at.has_guesses.then_some(at.guesses),
        belief,
    };
    widgets::review_bar(contexts.ctx_mut()?, bar, &mut out);
    Ok(())
}

/// The most guesses a place lists: the likeliest, and the truth if it is
/// not among them.
const GUESSES_SHOWN: usize = 4;

/// A belief as the review bar lists it: a line a place, likeliest guesses
/// first, with the truth (`truth`: the hidden facts as they were) ticked.
pub fn belief_lines<G: GameView>(belief: &Belief, truth: &[Fact]) -> Vec<widgets::BeliefLine> {
    let mut places = belief.places();
    for fact in truth {
        if !places.contains(&fact.place) {
            places.push(fact.place);
        }
    }
    // Likeliest first: what it was surest of leads the list.
    let surest = |place: u16| {
        belief
            .at(place)
            .iter()
            .map(|(_, s)| *s)
            .fold(0.0f64, f64::max)
    };
    places.sort_unstable_by(|a, b| surest(*b).total_cmp(&surest(*a)).then(a.cmp(b)));
    places
        .into_iter()
        .map(|place| {
            let at = belief.at(place);
            let true_here = |what: u16| truth.contains(&Fact { place, what });
            let mut guesses: Vec<(String, f64, bool)> = at
                .iter()
                .take(GUESSES_SHOWN)
                .map(|&(what, share)| {
                    (
                        G::fact_words(Fact { place, what }).1,
                        share,
                        true_here(what),
                    )
                })
                .collect();
            for fact in truth.iter().filter(|f| f.place == place) {
                if !at.iter().take(GUESSES_SHOWN).any(|(w, _)| *w == fact.what) {
                    let share = belief.share(*fact);
                    guesses.push((G::fact_words(*fact).1, share, true));
                }
            }
            widgets::BeliefLine {
                place: G::fact_words(Fact { place, what: 0 }).0,
                guesses,
            }
        })
        .collect()
}

fn rules_window<G: GameView>(
    mut contexts: EguiContexts,
    mut rules: ResMut<RulesOpen>,
    mut step: ResMut<HowToStep>,
    pictures: Res<Pictures>,
    images: Res<Assets<Image>>,
) -> Result {
    if !rules.0 {
        return Ok(());
    }
    let picture = pictures.of(G::ID).and_then(|h| {
        let size = images.get(h)?.size_f32();
        let id = contexts.add_image(bevy_egui::EguiTextureHandle::Strong(h.clone()));
        Some((id, egui::vec2(size.x, size.y)))
    });
    let window = widgets::RulesWindow {
        title: G::RULES_TITLE,
        rules: G::RULES,
        footer: &[veil_net::TAKEBACK_RULE],
        how_to: G::HOW_TO,
        picture,
    };
    widgets::rules_window(contexts.ctx_mut()?, window, &mut step.0, &mut rules.0);
    Ok(())
}

fn privacy_screen<G: GameView>(
    mut contexts: EguiContexts,
    privacy: Res<PrivacyPending>,
    mut out: MessageWriter<Command>,
) -> Result {
    let Some(next) = privacy.0 else { return Ok(()) };
    let (why, what) = G::PRIVACY;
    widgets::privacy_screen(contexts.ctx_mut()?, G::seat_name(next), why, what, &mut out);
    Ok(())
}
