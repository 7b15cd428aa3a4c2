//! A finger instead of the mouse and the keys: the games played on a
//! phone-sized window by Bevy's `TouchInput` messages alone, as winit gives
//! them in a phone's browser. In "finger mode" ([`by_finger`]) the tests'
//! own helpers (`send`, `click_at`, `key`) become taps: a board point is
//! tapped where the table draws it, a card where it lies, and the panel's
//! buttons (Undo, Hint, Resign, a game's choices) are found by their
//! labels in egui's accessibility tree and tapped where egui drew them.
//! Only the menus before a game (title, game choice, setup) still take
//! their messages directly.

use std::cell::Cell as StdCell;
use std::sync::{Arc, Mutex};

use bevy::input::touch::{TouchInput, TouchPhase};
use bevy_egui::{EguiContext, egui};
use veil::kit::input::Pointer;
use veil::kit::widgets::table_free_area;

use super::*;

thread_local! {
    /// The window size of finger mode, when on.
    static FINGER: StdCell<Option<(f32, f32)>> = const { StdCell::new(None) };
    static NEXT_ID: StdCell<u64> = const { StdCell::new(1) };
}

/// Runs `test` in finger mode on a `w` × `h` window.
pub(super) fn by_finger(w: f32, h: f32, test: impl FnOnce()) {
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            FINGER.with(|f| f.set(None));
        }
    }
    FINGER.with(|f| f.set(Some((w, h))));
    let _off = Off;
    test();
}

/// The window size when the test is in finger mode.
pub(super) fn finger() -> Option<(f32, f32)> {
    FINGER.with(|f| f.get())
}

/// An egui button as the accessibility tree gives it.
pub(super) use veil::kit::widgets::SeenButton as Button;

/// The buttons of egui's last pass, and where its words are (a drag begun
/// on words selects them rather than scrolling).
#[derive(Resource, Clone, Default)]
pub(super) struct Buttons(
    Arc<Mutex<Vec<Button>>>,
    Arc<Mutex<Vec<(String, egui::Rect)>>>,
);

struct Finder(
    Arc<Mutex<Vec<Button>>>,
    Arc<Mutex<Vec<(String, egui::Rect)>>>,
);

impl egui::Plugin for Finder {
    fn debug_name(&self) -> &'static str {
        "veil-test-buttons"
    }

    fn output_hook(&mut self, _ctx: &egui::Context, output: &mut egui::FullOutput) {
        use egui::accesskit::Role;
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        let words = update
            .nodes
            .iter()
            .filter(|(_, n)| n.role() == Role::Label)
            .filter_map(|(_, n)| {
                let b = n.bounds()?;
                let text = n.label().or(n.value()).unwrap_or_default().to_string();
                Some((
                    text,
                    egui::Rect::from_min_max(
                        egui::pos2(b.x0 as f32, b.y0 as f32),
                        egui::pos2(b.x1 as f32, b.y1 as f32),
                    ),
                ))
            })
            .collect();
        *self.1.lock().unwrap() = words;
        *self.0.lock().unwrap() = veil::kit::widgets::seen_buttons(output).unwrap_or_default();
    }
}

/// Sizes the window and lets the test read egui's buttons.
pub(super) fn install(app: &mut App, w: f32, h: f32) {
    let buttons = Buttons::default();
    let world = app.world_mut();
    let mut window = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
        .unwrap();
    window.resolution.set(w, h);
    let mut ctx = world
        .query::<&mut EguiContext>()
        .single_mut(world)
        .expect("an egui context");
    let ctx = ctx.get_mut();
    ctx.enable_accesskit();
    ctx.add_plugin(Finder(buttons.0.clone(), buttons.1.clone()));
    app.insert_resource(buttons);
    // A headless app renders nothing, so its camera knows no viewport and
    // egui lays out on a huge screen: give egui the window, as a phone's
    // browser would.
    app.add_systems(
        PreUpdate,
        egui_sees_the_window.after(bevy_egui::EguiPreUpdateSet::InitContexts),
    );
    app.update();
    app.update();
}

fn egui_sees_the_window(
    window: Single<&Window, With<PrimaryWindow>>,
    mut input: Query<&mut bevy_egui::EguiInput>,
) {
    let size = window.size();
    for mut input in &mut input {
        input.screen_rect = Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(size.x, size.y),
        ));
    }
}

fn window_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
}

fn touch(app: &mut App, phase: TouchPhase, position: Vec2, id: u64) {
    let window = window_entity(app);
    app.world_mut().write_message(TouchInput {
        phase,
        position,
        window,
        force: None,
        id,
    });
}

fn next_id() -> u64 {
    NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

/// A finger touches window point `pos` and lifts a frame later.
pub(super) fn tap(app: &mut App, pos: Vec2) {
    let id = next_id();
    touch(app, TouchPhase::Started, pos, id);
    app.update();
    touch(app, TouchPhase::Ended, pos, id);
    app.update();
}

/// A finger touches `from`, slides to `to` in `steps` frames, lifts.
pub(super) fn drag(app: &mut App, from: Vec2, to: Vec2, steps: u32) {
    let id = next_id();
    touch(app, TouchPhase::Started, from, id);
    app.update();
    for k in 1..=steps {
        let at = from + (to - from) * (k as f32 / steps as f32);
        touch(app, TouchPhase::Moved, at, id);
        app.update();
    }
    touch(app, TouchPhase::Ended, to, id);
    app.update();
}

/// A slow drag that stops before it lifts, so a scrolled panel does not
/// fling on.
fn scroll_drag(app: &mut App, from: Vec2, to: Vec2) {
    let id = next_id();
    touch(app, TouchPhase::Started, from, id);
    app.update();
    let steps = 24;
    for k in 1..=steps + 8 {
        let at = from + (to - from) * ((k.min(steps)) as f32 / steps as f32);
        touch(app, TouchPhase::Moved, at, id);
        app.update();
    }
    touch(app, TouchPhase::Ended, to, id);
    for _ in 0..4 {
        app.update();
    }
}

fn window_size(app: &mut App) -> Vec2 {
    let world = app.world_mut();
    world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
        .unwrap()
        .size()
}

fn ctx(app: &mut App) -> egui::Context {
    let world = app.world_mut();
    world
        .query::<&mut EguiContext>()
        .single_mut(world)
        .unwrap()
        .get_mut()
        .clone()
}

/// The part of the window the table may use now.
pub(super) fn free_area(app: &mut App) -> Rect {
    let size = window_size(app);
    let ctx = ctx(app);
    table_free_area(&ctx, size)
}

/// Taps world point `at` of the table, which must be drawn in the table's
/// part of the window (not under the panel or the sheet).
pub(super) fn tap_world(app: &mut App, at: Vec2) {
    let size = window_size(app);
    let pos = super::window_point(app, at);
    let free = free_area(app);
    assert!(
        free.contains(pos),
        "{at} shows at {pos}, in the table's part of the {size} window ({free:?})"
    );
    // A window over the table (a hand's summary) is closed first, as a
    // player would: a tap on it is not a tap on the table.
    let covered = |app: &mut App| {
        let ctx = ctx(app);
        veil::kit::input::on_panels(&ctx, size, pos)
    };
    if covered(app) {
        assert!(
            tap_labelled(app, "Continue") || tap_labelled(app, "Close"),
            "the window over {pos} can be closed: {:?}",
            buttons(app).iter().map(|b| &b.label).collect::<Vec<_>>()
        );
        assert!(!covered(app), "nothing is over {pos} now");
    }
    tap(app, pos);
}

/// The buttons egui drew last.
pub(super) fn buttons(app: &mut App) -> Vec<Button> {
    app.update();
    app.world().resource::<Buttons>().0.lock().unwrap().clone()
}

/// Taps the first enabled button whose label `wanted` accepts, pulling the
/// bottom sheet up or scrolling its content by a finger's drag when the
/// button lies past the window's edge. False when no such button is drawn.
pub(super) fn tap_button(app: &mut App, wanted: impl Fn(&str) -> bool) -> bool {
    tap_pick(app, |all| {
        all.iter().find(|b| b.enabled && wanted(&b.label)).cloned()
    })
}

/// Taps the button `pick` chooses among those drawn (see [`tap_button`]).
pub(super) fn tap_pick(app: &mut App, pick: impl Fn(&[Button]) -> Option<Button>) -> bool {
    for attempt in 0..8 {
        let size = window_size(app);
        let all = buttons(app);
        let found = pick(&all);
        let Some(b) = found else {
            // A folded panel (a phone held sideways) opens by its tab.
            if let Some(tab) = all.iter().find(|b| b.label == "◀ panel") {
                tap(app, Vec2::new(tab.rect.center().x, tab.rect.center().y));
                app.update();
                continue;
            }
            return false;
        };
        let at = Vec2::new(b.rect.center().x, b.rect.center().y);
        // Shown: wholly in the window, and on a window over the table, or
        // on a panel below the first row it keeps still (the sheet's
        // handle, the side panel's fold button) — not scrolled out of its
        // panel under the table, the handle or the top strip.
        let free = free_area(app);
        let ctx = ctx(app);
        let on_window = ctx
            .layer_id_at(egui::pos2(at.x, at.y))
            .is_some_and(|l| l.order != egui::Order::Background);
        // The side panel's still row ends below its fold button (a
        // finger's target once a finger touched).
        let still_row = all
            .iter()
            .find(|b| b.label.contains("fold the panel"))
            .map_or(TOP_BAR_PX + 26.0, |f| f.rect.max.y + 4.0);
        let panel_top = if free.max.y < size.y - 1.0 {
            free.max.y + 50.0
        } else {
            still_row
        };
        let shown = b.rect.min.x >= 0.0
            && b.rect.max.x <= size.x
            && b.rect.max.y <= size.y
            && b.rect.min.y >= TOP_BAR_PX
            && (on_window
                || (veil::kit::input::on_panels(&ctx, size, at) && b.rect.min.y >= panel_top));
        if shown {
            assert!(
                b.rect.width() >= 44.0 - 0.5 || b.rect.height() >= 44.0 - 0.5,
                "{:?} is big enough for a finger ({:?})",
                b.label,
                b.rect
            );
            tap(app, at);
            // The button's command is read in the next frame.
            app.update();
            return true;
        }
        // Scrolled out of sight: drag the panel's content (egui scrolls by
        // dragging) within the panel — the sheet under the table, or the
        // side panel's column — by what brings the button to its middle.
        // Below the row the panel keeps still (the sheet's handle, the
        // side panel's fold button): the scrolled part begins there.
        let (top, bottom) = if free.max.y < size.y - 1.0 {
            (free.max.y + 60.0, size.y - 20.0)
        } else {
            (still_row + 8.0, size.y - 20.0)
        };
        let need = ((top + bottom) / 2.0 - at.y).clamp(top - bottom, bottom - top);
        let _ = attempt;
        // The drag begins off the words (a drag on words selects them),
        // in the button's column or the panel's.
        let y0 = if need < 0.0 { bottom } else { top };
        let words = app.world().resource::<Buttons>().1.lock().unwrap().clone();
        let free_of_buttons = |p: Vec2| {
            !words
                .iter()
                .any(|(_, r)| r.expand(2.0).contains(egui::pos2(p.x, p.y)))
        };
        // The panel's columns, clear of its scroll bar at the right edge
        // (a drag on the bar scrolls the other way).
        let (left, right) = if free.max.y < size.y - 1.0 {
            (8.0, size.x - 24.0)
        } else {
            (free.max.x + 12.0, size.x - 24.0)
        };
        let columns = [
            at.x.clamp(left, right),
            (left + right) / 2.0,
            left + 20.0,
            right - 20.0,
        ];
        let start = (0..12)
            .flat_map(|k| {
                let y = y0
                    + if need < 0.0 {
                        -(k as f32) * 8.0
                    } else {
                        k as f32 * 8.0
                    };
                columns.map(|x| Vec2::new(x.clamp(8.0, size.x - 8.0), y))
            })
            .find(|p| free_of_buttons(*p))
            .unwrap_or(Vec2::new(at.x, y0));
        let (from, to) = (start, start + Vec2::new(0.0, need));
        scroll_drag(app, from, to);
    }
    let size = window_size(app);
    let wanted = buttons(app)
        .iter()
        .find(|b| pick(std::slice::from_ref(b)).is_some())
        .map(|b| b.label.clone());
    panic!(
        "the button {wanted:?} could not be brought into the {size} window: {:?}",
        buttons(app)
            .iter()
            .map(|b| format!("{} {:?}", b.label, b.rect))
            .collect::<Vec<_>>()
    );
}

/// The top strip's height, in window pixels.
const TOP_BAR_PX: f32 = veil::kit::widgets::TOP_BAR;

/// Taps the button labelled exactly `label` (or starting with it and a
/// space and a bracket, as "Undo (U)").
pub(super) fn tap_labelled(app: &mut App, label: &str) -> bool {
    tap_button(app, |l| {
        l == label
            || l.starts_with(&format!("{label} ("))
            || l.starts_with(&format!("{label}\u{a0}"))
    })
}

/// What `send` does in finger mode: true when a finger did it.
pub(super) fn send_by_touch(app: &mut App, c: &Command) -> bool {
    match c {
        Command::Square(cell) => {
            let layout = app.world().resource::<BoardLayout>().clone();
            tap_world(app, layout.cell_to_world(*cell));
            true
        }
        Command::Card(index) => {
            tap_card(app, *index);
            true
        }
        Command::Choose(i) => {
            choose(app, *i);
            true
        }
        // Hide and Guess hands in (hide, build, guess, results) by its
        // button marked "(Enter)".
        Command::Confirm if is_hag(app) => {
            let hands_in = |l: &str| l.ends_with("(Enter)");
            if !tap_button(app, hands_in) {
                // Greyed out: a tap does what Enter would — nothing.
                let drawn = buttons(app).iter().any(|b| hands_in(&b.label));
                assert!(drawn, "a button hands in: {:?}", labels(app));
                app.update();
            }
            true
        }
        Command::Undo => must(app, "Undo"),
        Command::Hint => must(app, "Hint"),
        Command::ReplayLast => must(app, "Replay last move"),
        Command::Cancel => must(app, "Cancel"),
        Command::Resign => {
            let asked = app
                .world()
                .resource::<veil::table::referee::ResignAsked>()
                .0;
            if asked {
                must(app, "yes")
            } else {
                must(app, "Resign")
            }
        }
        _ => false,
    }
}

fn must(app: &mut App, label: &str) -> bool {
    let done = tap_labelled(app, label);
    assert!(done, "the {label} button is drawn and enabled");
    true
}

fn is_hag(app: &App) -> bool {
    app.world()
        .get_resource::<Match<veil_hide_and_guess::HideAndGuess>>()
        .is_some()
}

fn labels(app: &mut App) -> Vec<String> {
    buttons(app).into_iter().map(|b| b.label).collect()
}

/// Hide and Guess's own commands in finger mode: its picker's "+" and "−",
/// the build-or-guess switch, the thumbs.
pub(super) fn send_hag_by_touch(app: &mut App, c: &veil::games::hide_and_guess::HagCommand) {
    use veil::games::hide_and_guess::HagCommand;
    let row = |letter: char| {
        veil_hide_and_guess::Kind::ALL
            .iter()
            .position(|k| k.letter() == letter)
            .expect("a piece's letter")
    };
    let nth = |label: &'static str, i: usize| {
        move |all: &[Button]| {
            let mut of: Vec<Button> = all.iter().filter(|b| b.label == label).cloned().collect();
            of.sort_by(|a, b| a.rect.min.y.total_cmp(&b.rect.min.y));
            of.get(i).filter(|b| b.enabled).cloned()
        }
    };
    let done = match c {
        HagCommand::AddPiece(l) => tap_pick(app, nth("+", row(*l))),
        HagCommand::RemovePiece(l) => tap_pick(app, nth("−", row(*l))),
        HagCommand::Guessing(true) => tap_labelled(app, "Guess"),
        HagCommand::Guessing(false) => tap_labelled(app, "Build a triangle"),
        HagCommand::Thumb(true) => tap_button(app, |l| l.starts_with("▲ Thumb up")),
        HagCommand::Thumb(false) => tap_button(app, |l| l.starts_with("▼ Thumb down")),
    };
    // A greyed-out "+" or "−" does what its command would: nothing.
    if !done {
        app.update();
    }
}

/// A key in finger mode: the keys with a button are that button's tap.
pub(super) fn key_by_touch(app: &mut App, code: KeyCode) -> bool {
    if code == KeyCode::Enter && is_hag(app) && screen(app) == Screen::Play {
        return send_by_touch(app, &Command::Confirm);
    }
    let c = match code {
        KeyCode::KeyU | KeyCode::Backspace => Command::Undo,
        KeyCode::KeyH => Command::Hint,
        KeyCode::KeyL => Command::ReplayLast,
        KeyCode::Escape => Command::Cancel,
        KeyCode::KeyR => Command::Resign,
        // Digits and the rest are the keyboard's own (tests of the keys
        // stay tests of the keys).
        _ => return false,
    };
    // Only on the table; the menus keep their keys.
    if screen(app) != Screen::Play {
        return false;
    }
    send_by_touch(app, &c)
}

/// The `i`th of the choices the game offers now, by its button: numbered
/// ("1 Queen") in most games; Tysiąc's calls by its stepper.
fn choose(app: &mut App, i: usize) {
    let prefix = format!("{} ", i + 1);
    if tap_button(app, |l| l.starts_with(&prefix)) {
        return;
    }
    if app
        .world()
        .get_resource::<Match<veil_tysiac::Tysiac>>()
        .is_some()
    {
        choose_tysiac(app, i);
        return;
    }
    // Hide and Guess: the choices are its pieces' "+" buttons, a row each,
    // king first.
    if app
        .world()
        .get_resource::<Match<veil_hide_and_guess::HideAndGuess>>()
        .is_some()
    {
        let nth_plus = |all: &[Button]| {
            let mut plus: Vec<Button> = all.iter().filter(|b| b.label == "+").cloned().collect();
            plus.sort_by(|a, b| a.rect.min.y.total_cmp(&b.rect.min.y));
            plus.get(i).cloned()
        };
        let drawn = nth_plus(&buttons(app));
        // A "+" greyed out adds nothing, as its key would not.
        if drawn.as_ref().is_some_and(|b| !b.enabled) {
            return;
        }
        assert!(tap_pick(app, nth_plus), "a + button for piece {i}");
        return;
    }
    panic!(
        "no button for choice {i}: {:?}",
        buttons(app).iter().map(|b| &b.label).collect::<Vec<_>>()
    );
}

fn choose_tysiac(app: &mut App, i: usize) {
    use veil::games::tysiac::{TysiacUi, choice_text};
    let ui = app.world().resource::<TysiacUi>().clone();
    let ladder = ui.ladder();
    let Some(action) = ui.choices.get(i).copied() else {
        panic!("choice {i} of {:?}", ui.choices)
    };
    if action == veil_tysiac::Action::Pass && ladder.iter().any(|(j, _)| *j == i) {
        assert!(tap_labelled(app, "Pass"), "Pass is drawn");
        return;
    }
    if ladder.iter().any(|(j, _)| *j == i) {
        // Step the call to it, then call it.
        for _ in 0..64 {
            let ui = app.world().resource::<TysiacUi>().clone();
            let ladder = ui.ladder();
            let now = ladder[ui.rung(&ladder)].0;
            if now == i {
                break;
            }
            let want = ladder.iter().position(|(j, _)| *j == i).unwrap();
            let up = want > ui.rung(&ladder);
            assert!(
                tap_button(app, |l| l.trim() == if up { "+" } else { "−" }),
                "the stepper's {} is drawn",
                if up { "+" } else { "−" }
            );
        }
        assert!(tap_labelled(app, "Call it"), "Call it is drawn");
        return;
    }
    let bid = app
        .world()
        .resource::<Match<veil_tysiac::Tysiac>>()
        .observe(app.world().resource::<Viewer>().0)
        .table
        .bid;
    let text = choice_text(&action, bid);
    assert!(
        tap_button(app, |l| l == text || (text.starts_with(l) && l.len() > 3)),
        "{text:?} is drawn: {:?}",
        buttons(app).iter().map(|b| &b.label).collect::<Vec<_>>()
    );
}

/// Taps a card of the viewer's hand; a finger's first tap only raises it,
/// so a second tap uses it when the first did not.
fn tap_card(app: &mut App, index: u8) {
    use veil::games::tysiac::{CardFace, CardPlace, TableCard, TysiacUi};
    let viewer = app.world().resource::<Viewer>().0;
    let card = veil_tysiac::Card::from_index(index as usize).expect("a card");
    let find = |app: &mut App| {
        let world = app.world_mut();
        world
            .query::<(&TableCard, &CardFace, &GlobalTransform)>()
            .iter(world)
            .find(|(tc, face, _)| {
                face.0 == card
                    && matches!(tc.place, CardPlace::Hand { seat, .. } if seat == viewer.0)
            })
            .map(|(_, _, at)| at.translation().truncate())
            .expect("the card is in the viewer's hand")
    };
    let before = app.world().resource::<Match<veil_tysiac::Tysiac>>().version;
    let at = find(app);
    tap_world(app, at);
    let raised = app.world().resource::<TysiacUi>().selected == Some(card);
    let after = app.world().resource::<Match<veil_tysiac::Tysiac>>().version;
    if raised && after == before {
        let at = find(app);
        tap_world(app, at);
    }
}

/// Whether a finger's taps are read as the pointer.
fn pointer(app: &App) -> Pointer {
    app.world().resource::<Pointer>().clone()
}

/// The phone sizes: upright and sideways.
const PHONES: [(f32, f32); 2] = [(390.0, 844.0), (844.0, 390.0)];

/// Runs each test in finger mode on a phone held upright, then sideways.
fn on_phones(tests: &[fn()]) {
    for (w, h) in PHONES {
        for test in tests {
            by_finger(w, h, test);
        }
    }
}

/// A hot-seat Jieqi game begun, a piece Red may move, and where it shows.
fn hot_seat_jieqi_and_a_piece() -> (App, Cell, Vec2) {
    let mut app = app(AnimationSpeed::Off);
    start(
        &mut app,
        vec![SeatKind::Human, SeatKind::Human],
        CapturedReveal::CapturerOnly,
        3,
    );
    for _ in 0..5 {
        app.update();
    }
    let obs = observation(&app).unwrap();
    let m = obs.legal_moves()[0];
    let from = Cell::new(m.from.file(), m.from.rank());
    let layout = app.world().resource::<BoardLayout>().clone();
    let pos = super::window_point(&mut app, layout.cell_to_world(from));
    (app, from, pos)
}

#[test]
fn a_tap_within_one_frame_picks_the_point_and_a_tap_on_the_panel_does_not() {
    by_finger(390.0, 844.0, || {
        let (mut app, from, pos) = hot_seat_jieqi_and_a_piece();
        let size = window_size(&mut app);
        // Touched and lifted before one frame: a slow phone's quick tap.
        let id = next_id();
        touch(&mut app, TouchPhase::Started, pos, id);
        touch(&mut app, TouchPhase::Ended, pos, id);
        app.update();
        assert_eq!(
            app.world().resource::<BoardUi>().selected,
            Some(from),
            "the quick tap picked the piece"
        );
        assert!(pointer(&app).finger);
        // A tap on the bottom sheet (below the table) reaches egui only.
        let free = free_area(&mut app);
        assert!(free.max.y < size.y - 100.0, "the sheet is under the table");
        tap(&mut app, Vec2::new(size.x / 2.0, free.max.y + 90.0));
        assert_eq!(
            app.world().resource::<BoardUi>().selected,
            Some(from),
            "a tap on the sheet is not a tap on the table"
        );
        // A mouse click within one frame is taken too.
        send(&mut app, Command::Cancel);
        assert_eq!(app.world().resource::<BoardUi>().selected, None);
    });
    // The mouse, press and release in one frame.
    let (mut app, from, pos) = hot_seat_jieqi_and_a_piece();
    let window = window_entity(&mut app);
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .set_cursor_position(Some(pos));
    app.update();
    use bevy::input::mouse::MouseButtonInput;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }
    app.update();
    assert_eq!(
        app.world().resource::<BoardUi>().selected,
        Some(from),
        "a click within one frame picked the piece"
    );
}

/// A slow frame holding a press and then a move elsewhere: the press is
/// taken where the cursor was when the button went down (the window's
/// events in their order), not where the cursor is when the frame reads it.
#[test]
fn a_press_is_taken_where_it_was_made_in_a_slow_frame() {
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::{CursorMoved, WindowEvent};
    let (mut app, from, pos) = hot_seat_jieqi_and_a_piece();
    let window = window_entity(&mut app);
    // Off the board, in the table's part of the window.
    let free = free_area(&mut app);
    let away = Vec2::new(free.min.x + 4.0, free.max.y - 4.0);
    let moved = |position| CursorMoved {
        window,
        position,
        delta: None,
    };
    let press = MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window,
    };
    for e in [
        WindowEvent::CursorMoved(moved(pos)),
        WindowEvent::MouseButtonInput(press),
        WindowEvent::CursorMoved(moved(away)),
    ] {
        app.world_mut().write_message(e);
    }
    app.world_mut().write_message(press);
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .set_cursor_position(Some(away));
    app.update();
    assert_eq!(
        app.world().resource::<BoardUi>().selected,
        Some(from),
        "the piece under the press was picked, not the point the cursor left for"
    );
}

/// The words egui drew in its last pass.
fn words(app: &App) -> Vec<String> {
    let buttons = app.world().resource::<Buttons>();
    let words = buttons.1.lock().unwrap();
    words.iter().map(|(w, _)| w.clone()).collect()
}

/// A hover's hint has a finger's equivalent: held on a button, a finger
/// shows the button's hint (egui shows a tooltip to a touch held still),
/// and lifted after it, presses nothing.
#[test]
fn a_finger_held_on_a_button_shows_its_hint_and_presses_nothing() {
    // A tablet held sideways: the side panel, whose fold button has a hint.
    by_finger(1024.0, 768.0, || {
        let (mut app, _, _) = hot_seat_jieqi_and_a_piece();
        let hint = "More room for the table";
        let fold = buttons(&mut app)
            .into_iter()
            .find(|b| b.label.contains("fold the panel"))
            .expect("the side panel's fold button");
        assert!(!words(&app).iter().any(|w| w.contains(hint)));
        let at = Vec2::new(fold.rect.center().x, fold.rect.center().y);
        let id = next_id();
        touch(&mut app, TouchPhase::Started, at, id);
        // Held still for a second and a half of the app's clock (the
        // tests' frames are a fixed length).
        let mut shown = false;
        let start = app.world().resource::<Time<Real>>().elapsed_secs_f64();
        for _ in 0..1000 {
            app.update();
            shown |= words(&app).iter().any(|w| w.contains(hint));
            if app.world().resource::<Time<Real>>().elapsed_secs_f64() - start > 1.5 {
                break;
            }
        }
        assert!(
            shown,
            "the hint showed under the held finger: {:?}",
            words(&app)
        );
        touch(&mut app, TouchPhase::Ended, at, id);
        for _ in 0..3 {
            app.update();
        }
        assert!(
            buttons(&mut app)
                .iter()
                .any(|b| b.label.contains("fold the panel")),
            "a long press is not a tap: the panel stays open"
        );
        // Advice says "tap" to a finger, and leaves out the keys.
        assert_eq!(
            veil::kit::touch::words(
                &ctx(&mut app),
                "Click a card to play it (or the arrow keys and Enter)."
            ),
            "Tap a card to play it."
        );
        // A tap on it folds the panel (so the test above could fail).
        // Once a finger has touched, the fold button is a finger's target.
        let fold = buttons(&mut app)
            .into_iter()
            .find(|b| b.label.contains("fold the panel"))
            .unwrap();
        assert!(
            fold.rect.height() >= 44.0 - 0.5,
            "the fold button is a finger's target: {:?}",
            fold.rect
        );
        tap(
            &mut app,
            Vec2::new(fold.rect.center().x, fold.rect.center().y),
        );
        for _ in 0..3 {
            app.update();
        }
        assert!(
            !buttons(&mut app)
                .iter()
                .any(|b| b.label.contains("fold the panel")),
            "a tap folds it"
        );
    });
}

#[test]
fn advice_for_the_mouse_is_kept_for_the_mouse() {
    let (mut app, _, _) = hot_seat_jieqi_and_a_piece();
    assert_eq!(
        veil::kit::touch::words(&ctx(&mut app), "Click a point to play there."),
        "Click a point to play there."
    );
    assert_eq!(
        veil::kit::touch::for_fingers(
            "Click a piece, then its target, or use the arrow keys and Enter."
        ),
        "Tap a piece, then its target."
    );
}

#[test]
fn touch_jieqi_against_the_computer_to_the_end() {
    on_phones(&[super::human_against_computer_with_animations_undo_and_hint]);
}

#[test]
fn touch_intrigue_and_secret_king_against_the_computer_to_the_end() {
    on_phones(&[
        super::chess::intrigue_human_against_computer_from_title_to_results,
        super::chess::secret_king_human_against_computer_from_title_to_results,
    ]);
}

#[test]
fn touch_tysiac_a_hand_against_two_computers() {
    on_phones(&[super::tysiac::a_hand_against_two_computers_from_title_to_results]);
}

#[test]
fn touch_reality_check_against_the_computer_to_the_end() {
    on_phones(&[super::reality_check::reality_check_against_the_computer_from_title_to_results]);
}

#[test]
fn touch_rengo_one_person_and_three_computers_to_the_end() {
    on_phones(&[super::rengo::one_person_and_three_computers_from_title_to_results]);
}

#[test]
fn touch_hide_and_guess_against_the_computer_to_the_end() {
    on_phones(&[super::hag::hag_human_against_computer_from_title_to_results]);
}

#[test]
fn touch_hide_and_guess_a_triangle_by_tapping_the_supply() {
    on_phones(&[
        super::hag::hag_a_triangle_built_by_clicking_the_supply,
        super::hag::hag_a_click_on_a_triangle_starts_a_guess_with_its_pieces,
    ]);
}

#[test]
fn touch_skelly_a_flick_by_a_finger_lands_where_the_rules_crate_says() {
    on_phones(&[
        super::skelly::skelly_a_flick_through_the_app_lands_where_the_rules_crate_says,
        super::skelly::skelly_a_person_against_computers_from_title_to_results,
    ]);
}

/// On a slow phone the computer's slice of a frame shrinks while frames
/// run long, down to the least, and grows back when they are short again.
#[test]
fn the_search_slice_shrinks_while_frames_run_long() {
    use std::time::Duration;
    use veil::table::referee::{LEAST_SLICE, fit_slice};
    let budget = Duration::from_millis(8);
    let mut now = None;
    let ms = Duration::from_millis;
    assert_eq!(
        fit_slice(&mut now, budget, ms(16), ms(8)),
        budget,
        "short frames keep it"
    );
    // Frames long with the search, short without it (19 ms of the rest):
    // the search gives way.
    let mut last = budget;
    for _ in 0..3 {
        let s = fit_slice(&mut now, budget, ms(19) + last, last);
        assert!(s < last, "{s:?} shrinks after a long frame");
        last = s;
    }
    for _ in 0..20 {
        last = fit_slice(&mut now, budget, ms(19) + last, last);
    }
    assert_eq!(last, LEAST_SLICE, "never under the least");
    for _ in 0..40 {
        last = fit_slice(&mut now, budget, ms(16), last);
    }
    assert_eq!(last, budget, "back to the whole budget");
    // Frames long from drawing alone (45 ms, as on a slow phone): the
    // search shrinks to a tenth of the rest, not to the least; at 166 ms
    // (Chromium drawing through SwiftShader) it keeps its whole budget.
    for _ in 0..20 {
        last = fit_slice(&mut now, budget, ms(45) + last, last);
    }
    assert_eq!(last, ms(45) / 10);
    for _ in 0..20 {
        last = fit_slice(&mut now, budget, ms(166) + last, last);
    }
    assert_eq!(last, budget);
}

/// Where frames are long from drawing alone, the computer's search takes
/// as long as the rest of the frame (about half the time, as on a desktop),
/// up to a most; where they are short, or long from the search itself, its
/// slice is the fitted one.
#[test]
fn the_computer_takes_half_of_frames_long_from_drawing() {
    use std::time::Duration;
    use veil::table::referee::{MOST_SLICE, think_slice};
    let ms = Duration::from_millis;
    // A desktop at 60 frames a second: the fitted 8 ms.
    assert_eq!(think_slice(ms(8), ms(16), ms(8)), ms(8));
    // Long frames from the search (19 ms of the rest): the fitted slice.
    assert_eq!(think_slice(ms(5), ms(24), ms(5)), ms(5));
    // A slow phone's drawing (45 ms) and a software GPU's (420 ms).
    assert_eq!(think_slice(ms(4), ms(45) + ms(4), ms(4)), ms(45));
    assert_eq!(think_slice(ms(8), ms(420) + ms(8), ms(8)), MOST_SLICE);
    // A frame of the search's slice alone (the drawing short) stays fitted.
    assert_eq!(think_slice(ms(8), ms(250) + ms(6), ms(250)), ms(8));
}

/// The Jieqi demo (as the browser opens it, `?demo=jieqi`) takes a move by
/// two taps on a phone held upright (the move the browser check makes).
#[test]
fn touch_the_jieqi_demo_takes_a_move_by_taps() {
    use veil::LaunchOptions;
    let mut app = build_app(
        AppMode::Headless,
        LaunchOptions {
            demo: Some("jieqi".into()),
            ..LaunchOptions::default()
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.update();
    install(&mut app, 390.0, 844.0);
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Play);
    let before = app.world().resource::<Match<Jieqi>>().version;
    // The piece on d0 (face down, an advisor's place) steps to e1.
    let layout = app.world().resource::<BoardLayout>().clone();
    tap_world(&mut app, layout.cell_to_world(Cell::new(3, 0)));
    assert_eq!(
        app.world().resource::<BoardUi>().selected,
        Some(Cell::new(3, 0)),
        "the piece is picked: {:?}",
        app.world().resource::<BoardUi>().moves
    );
    tap_world(&mut app, layout.cell_to_world(Cell::new(4, 1)));
    assert_ne!(
        app.world().resource::<Match<Jieqi>>().version,
        before,
        "the step was played"
    );
}
