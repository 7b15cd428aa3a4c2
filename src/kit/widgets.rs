//! Pieces of the play screen's HUD that every game view shows the same way:
//! the row of game buttons, the resign confirmation, the rules window and
//! the privacy screen. The views decide what is enabled and what is said;
//! these functions only draw, and turn clicks into [`Command`]s so that a
//! click and its key go through the same path.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::kit::input::Command;

/// Which of the shared buttons a view offers, and which are enabled.
/// `None` leaves a button out (a game without a hint or a replay).
#[derive(Clone, Copy, Debug)]
pub struct GameButtons {
    pub undo: bool,
    pub hint: Option<bool>,
    pub replay: Option<bool>,
    pub resign: bool,
}

/// Undo, Hint, Replay, Cancel, Rules, Resign and Menu, in that order, drawn into
/// the caller's row so a view can put its own buttons beside them.
pub fn game_buttons(ui: &mut egui::Ui, b: GameButtons, out: &mut MessageWriter<Command>) {
    let mut button = |ui: &mut egui::Ui, enabled: bool, text: &str, command: Command| {
        if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
            out.write(command);
        }
    };
    button(ui, b.undo, "Undo (U)", Command::Undo);
    if let Some(enabled) = b.hint {
        button(ui, enabled, "Hint (H)", Command::Hint);
    }
    if let Some(enabled) = b.replay {
        button(ui, enabled, "Replay last move (L)", Command::ReplayLast);
    }
    // Esc's work for a finger: drop what is picked up or selected.
    button(ui, true, "Cancel (Esc)", Command::Cancel);
    button(ui, true, "Rules (F1)", Command::ToggleRules);
    button(ui, b.resign, "Resign (R)", Command::Resign);
    button(ui, true, "Menu", Command::Back);
}

/// The second step of resigning: shown while the player has pressed Resign
/// once, so that a stray key press does not end the game.
pub fn resign_confirmation(ui: &mut egui::Ui, asked: bool, out: &mut MessageWriter<Command>) {
    if !asked {
        return;
    }
    ui.horizontal(|ui| {
        ui.label("Really resign?");
        if ui.button("yes").clicked() {
            out.write(Command::Resign);
        }
        if ui.button("no").clicked() {
            out.write(Command::Cancel);
        }
    });
}

/// One step of a game's "how to play": a few words, and where on the
/// picture of its table to look (a ring: centre and radius as fractions of
/// the picture's width and height).
#[derive(Clone, Copy, Debug)]
pub struct HowToStep {
    pub text: &'static str,
    pub ring: Option<(f32, f32, f32)>,
}

/// A step with a ring around (x, y), radius r (fractions of the picture).
pub const fn step(text: &'static str, x: f32, y: f32, r: f32) -> HowToStep {
    HowToStep {
        text,
        ring: Some((x, y, r)),
    }
}

/// The rules window: the short "how to play" first (a step at a time, over
/// the picture of the table), then the rules in full. `step` is the step
/// shown; `None` shows the rules in full only.
pub struct RulesWindow<'a> {
    pub title: &'a str,
    pub rules: &'a [&'a str],
    /// Paragraphs every game's rules end with (how taking back works).
    pub footer: &'a [&'a str],
    pub how_to: &'a [HowToStep],
    pub picture: Option<(egui::TextureId, egui::Vec2)>,
}

/// Draws the rules window while `open_flag` holds; `step` is the "how to
/// play" step shown.
pub fn rules_window(ctx: &egui::Context, w: RulesWindow, step: &mut usize, open_flag: &mut bool) {
    if !*open_flag {
        return;
    }
    let mut open = true;
    // The how-to and the rules in full take turns in the window, so the
    // rules get the window's whole height rather than what the picture
    // leaves (a pane of three lines at 800 × 600).
    let full_id = egui::Id::new(("rules in full", w.title));
    let mut full = w.how_to.is_empty() || ctx.data(|d| d.get_temp(full_id).unwrap_or(false));
    let screen = ctx.content_rect().size();
    egui::Window::new(w.title)
        .open(&mut open)
        .default_width(560.0_f32.min(screen.x - 40.0))
        .max_height(screen.y - 60.0)
        .show(ctx, |ui| {
            if !w.how_to.is_empty() {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut full, false, "How to play");
                    ui.selectable_value(&mut full, true, "The rules in full");
                });
                ui.separator();
            }
            if !full {
                how_to_play(ui, &w, step, open_flag);
                return;
            }
            egui::ScrollArea::vertical()
                .max_height((screen.y - 160.0).max(120.0))
                .show(ui, |ui| {
                    for r in w.rules.iter().chain(w.footer) {
                        ui.label(crate::kit::touch::words(ui.ctx(), r));
                        ui.add_space(4.0);
                    }
                });
        });
    ctx.data_mut(|d| d.insert_temp(full_id, full));
    if !open {
        *open_flag = false;
    }
}

fn how_to_play(ui: &mut egui::Ui, w: &RulesWindow, step: &mut usize, open_flag: &mut bool) {
    let n = w.how_to.len();
    *step = (*step).min(n - 1);
    let this = w.how_to[*step];
    ui.label(egui::RichText::new(format!("How to play — step {} of {n}", *step + 1)).strong());
    // The buttons first: under a text of any length they moved from step
    // to step, away from the pointer.
    ui.horizontal(|ui| {
        if ui
            .add_enabled(*step > 0, egui::Button::new("◀ Back"))
            .clicked()
        {
            *step -= 1;
        }
        if *step + 1 < n {
            if ui.button("Next ▶").clicked() {
                *step += 1;
            }
        } else if ui.button("Play").clicked() {
            *open_flag = false;
        }
        ui.small("The rules button (F1) brings this back.");
    });
    if let Some((texture, size)) = w.picture {
        // The picture half as large again, with the step's ring over it.
        let size = size * 1.5;
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        ui.painter().image(
            texture,
            rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            egui::Color32::WHITE,
        );
        if let Some((x, y, r)) = this.ring {
            let centre = rect.min + egui::vec2(x * size.x, y * size.y);
            let radius = r * size.x;
            let painter = ui.painter();
            painter.circle_stroke(
                centre,
                radius + 2.0,
                egui::Stroke::new(5.0, egui::Color32::BLACK),
            );
            painter.circle_stroke(
                centre,
                radius,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 214, 10)),
            );
        }
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new(crate::kit::touch::words(ui.ctx(), this.text)).size(17.0));
    ui.add_space(6.0);
}

/// "Pass the device": covers the table until the next seat says it is there.
/// `why` tells what the seats must not see of each other; `what` names what
/// the button shows ("board", "cards").
pub fn privacy_screen(
    ctx: &egui::Context,
    seat_name: &str,
    why: &str,
    what: &str,
    out: &mut MessageWriter<Command>,
) {
    egui::Area::new(egui::Id::new("privacy"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(24.0)
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(format!("Pass the device to {seat_name}"))
                                .size(30.0),
                        );
                        ui.label(why);
                        if ui
                            .button(
                                egui::RichText::new(format!(
                                    "I am {seat_name} — show my {what} (Enter)"
                                ))
                                .size(20.0),
                            )
                            .clicked()
                        {
                            out.write(Command::ContinueAfterPrivacy);
                        }
                    });
                });
        });
}

/// Height of the strip at the top of every screen (the app's name, the
/// settings).
pub const TOP_BAR: f32 = 40.0;

/// A root `Ui` over the window (below the top strip unless `whole`), for
/// egui's panels, which show inside a `Ui`.
pub fn root_ui(ctx: &egui::Context, id: &str, whole: bool) -> egui::Ui {
    let mut rect = ctx.viewport_rect();
    if !whole {
        rect.min.y += TOP_BAR;
    }
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// Where a review stands, as its controls show it.
pub struct ReviewBar<'a> {
    /// The position shown (0: the deal) and how many there are.
    pub step: usize,
    pub len: usize,
    /// The seats' names; `viewer` is the one whose eyes are lent.
    pub seats: &'a [&'a str],
    pub viewer: usize,
    /// Everything is shown; `can_reveal`: the game has secrets to show.
    pub revealed: bool,
    pub can_reveal: bool,
    /// A line about this position (an undo dealt the unseen anew here).
    pub note: Option<&'a str>,
    /// The game kept the computer's beliefs: `Some(shown)`.
    pub guesses: Option<bool>,
    /// What the computer believed here, a line a place (with guesses on),
    /// under its heading.
    pub belief: Option<(String, Vec<BeliefLine>)>,
}

/// One place of a computer's belief: its name and what it thought was
/// there, likeliest first, each with its share and whether it was so.
pub struct BeliefLine {
    pub place: String,
    pub guesses: Vec<(String, f64, bool)>,
}

/// The review's strip at the bottom of the window, beside the side panel:
/// its height without the computer's guesses, and with them. Fixed, so
/// the buttons stay under the pointer whatever a position's note says,
/// and the table's fit leaves the room ([`review_space`]).
pub const REVIEW_BAR: f32 = 104.0;
pub const REVIEW_BAR_GUESSES: f32 = 268.0;

fn review_key() -> egui::Id {
    egui::Id::new("veil-review-space")
}

/// The height the review's strip takes now (0 when no review is shown):
/// the table is fitted above it.
pub fn review_space(ctx: &egui::Context) -> f32 {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(u64, f32)>(review_key()))
        // Drawn this pass or the last (the fit may run before the UI).
        .filter(|(at, _)| *at + 1 >= pass)
        .map_or(0.0, |(_, height)| height)
}

/// The review of a finished game: first / back / slider / on / last, a
/// choice of whose eyes to look through, and the computer's guesses, in a
/// strip of fixed height along the bottom of the window, beside the side
/// panel and below the table.
pub fn review_bar(ctx: &egui::Context, bar: ReviewBar, out: &mut MessageWriter<Command>) {
    let height = if bar.guesses == Some(true) {
        REVIEW_BAR_GUESSES
    } else {
        REVIEW_BAR
    };
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(review_key(), (pass, height)));
    let mut rect = ctx.viewport_rect();
    rect.min.y += TOP_BAR;
    rect.max.x -= side_panel_width(ctx);
    // Above the bottom sheet on a phone held upright.
    rect.max.y -= sheet_space(ctx);
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new("review-root"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    );
    egui::Panel::bottom("review")
        .exact_size(height)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.horizontal_wrapped(|ui| {
                let last = bar.len.saturating_sub(1);
                let mut by = None;
                let step = |ui: &mut egui::Ui, enabled: bool, text: &str| {
                    ui.add_enabled(enabled, egui::Button::new(text)).clicked()
                };
                if step(ui, bar.step > 0, "⇤") {
                    by = Some(-100_000);
                }
                if step(ui, bar.step > 0, "◀") {
                    by = Some(-1);
                }
                let mut at = bar.step;
                let slider = egui::Slider::new(&mut at, 0..=last).show_value(false);
                if ui.add_enabled(last > 0, slider).changed() {
                    by = Some(at as i32 - bar.step as i32);
                }
                if step(ui, bar.step < last, "▶") {
                    by = Some(1);
                }
                if step(ui, bar.step < last, "⇥") {
                    by = Some(100_000);
                }
                if let Some(by) = by {
                    out.write(Command::ReviewStep(by));
                }
                let at_text = if bar.step == 0 {
                    "The start".to_owned()
                } else {
                    format!("Move {} of {last}", bar.step)
                };
                ui.label(at_text);
                ui.small("← → a move, ↓ ↑ ten, Home / End the ends");
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("As seen by:");
                for (i, name) in bar.seats.iter().enumerate() {
                    let on = !bar.revealed && bar.viewer == i;
                    if ui.selectable_label(on, *name).clicked() {
                        out.write(Command::ReviewAs(Some(i as u8)));
                    }
                }
                if bar.can_reveal && ui.selectable_label(bar.revealed, "Everything").clicked() {
                    out.write(Command::ReviewAs(None));
                }
                if let Some(shown) = bar.guesses {
                    if ui
                        .selectable_label(shown, "+ The computer's guesses")
                        .clicked()
                    {
                        out.write(Command::ReviewGuesses(!shown));
                    }
                }
                if ui.button("Results (Esc)").clicked() {
                    out.write(Command::Back);
                }
            });
            // The note's line is there with or without a note, cut to one
            // line, so nothing below it moves.
            ui.add(egui::Label::new(bar.note.unwrap_or("")).truncate());
            if let Some((heading, lines)) = &bar.belief {
                belief_lines(ui, heading, lines);
            }
        });
}

/// A computer's belief under its heading: the places flowing across the
/// strip, likeliest first, each with its guesses and their shares on one
/// line, the true one ticked and in colour. (A grid made one narrow column
/// of them, a word a line.)
fn belief_lines(ui: &mut egui::Ui, heading: &str, lines: &[BeliefLine]) {
    ui.separator();
    ui.label(egui::RichText::new(heading).strong());
    if lines.is_empty() {
        ui.label("Nothing hidden from it here.");
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(ui.available_height().max(40.0))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 24.0;
                let font = egui::TextStyle::Body.resolve(ui.style());
                let plain = ui.visuals().text_color();
                let strong = ui.visuals().strong_text_color();
                let tick = egui::Color32::from_rgb(120, 200, 255);
                for line in lines {
                    // A place and its guesses are one label, so that the
                    // row wraps before it, never inside it.
                    let mut job = egui::text::LayoutJob::default();
                    let style = |color| egui::TextFormat::simple(font.clone(), color);
                    job.append(&line.place, 0.0, style(strong));
                    for (what, share, true_one) in &line.guesses {
                        let (text, color) = if *true_one {
                            (format!("✓ {what} {:.0}%", share * 100.0), tick)
                        } else {
                            (format!("{what} {:.0}%", share * 100.0), plain)
                        };
                        job.append(&text, 8.0, style(color));
                    }
                    ui.add(egui::Label::new(job).wrap_mode(egui::TextWrapMode::Extend));
                }
            });
        });
}

/// `items` joined by spaces, or a dash when there are none (an empty list
/// on the panel still shows it was looked at).
pub fn listed(items: &[String]) -> String {
    if items.is_empty() {
        "—".to_owned()
    } else {
        items.join(" ")
    }
}

/// A warning no player may miss (a check), in large red letters.
pub fn alarm(ui: &mut egui::Ui, text: &str) {
    ui.label(
        egui::RichText::new(text)
            .size(24.0)
            .color(egui::Color32::from_rgb(220, 30, 20))
            .strong(),
    );
}

/// A line under an option of the setup saying what it changes.
pub fn explain(ui: &mut egui::Ui, text: &str) {
    ui.label(egui::RichText::new(text).small().weak());
    ui.add_space(4.0);
}

/// The side panel's width, the same for every game.
pub const SIDE_PANEL: f32 = 330.0;

/// Under this window width the side panel starts folded away.
pub const NARROW: f32 = 1000.0;

fn panel_key() -> egui::Id {
    egui::Id::new("veil-side-panel-open")
}

fn auto_key() -> egui::Id {
    egui::Id::new("veil-side-panel-auto")
}

/// Whether the side panel is open: as the player last set it, else open
/// on windows at least [`NARROW`] wide (see [`note_window`]). On a
/// phone held upright it is always there, as the bottom sheet.
pub fn side_panel_open(ctx: &egui::Context) -> bool {
    if sheet_mode(ctx) {
        return true;
    }
    ctx.data(|d| {
        d.get_temp::<bool>(panel_key())
            .or(d.get_temp::<bool>(auto_key()))
    })
    .unwrap_or_else(|| window_points(ctx).x >= NARROW)
}

/// The width the side panel takes beside the table (0 when folded, or
/// when it is the bottom sheet).
pub fn side_panel_width(ctx: &egui::Context) -> f32 {
    if !sheet_mode(ctx) && side_panel_open(ctx) {
        SIDE_PANEL
    } else {
        0.0
    }
}

/// A window narrower than [`NARROW`] and taller than wide (a phone held
/// upright, a tablet upright): the panel is a sheet under the table, at
/// the window's full width, as mobile board-game sites do.
pub fn sheet_mode(ctx: &egui::Context) -> bool {
    let r = window_points(ctx);
    r.x < NARROW && r.y > r.x
}

fn sheet_key() -> egui::Id {
    egui::Id::new("veil-sheet-size")
}

/// How far the bottom sheet is pulled up: 0 low (its handle and the first
/// lines), 1 the part of the window the table leaves (the default), 2
/// high (most of the window, over the table).
pub fn sheet_size(ctx: &egui::Context) -> u8 {
    ctx.data(|d| d.get_temp::<u8>(sheet_key())).unwrap_or(1)
}

pub fn set_sheet_size(ctx: &egui::Context, size: u8) {
    ctx.data_mut(|d| d.insert_temp(sheet_key(), size.min(2)));
}

/// The bottom sheet's height now (0 when there is no sheet).
pub fn sheet_space(ctx: &egui::Context) -> f32 {
    if !sheet_mode(ctx) {
        return 0.0;
    }
    let r = window_points(ctx);
    let (w, h) = (r.x, r.y);
    let low = (h * 0.22).max(150.0);
    // The table at the full width: what it leaves is the sheet's.
    let table = w * 910.0 / 1060.0;
    let mid = (h - TOP_BAR - table).clamp(low, h * 0.6);
    match sheet_size(ctx) {
        0 => low,
        1 => mid,
        _ => (h * 0.85).max(mid),
    }
}

/// The part of the window (logical pixels from the top left) the table
/// is drawn in: below the top strip, beside the side panel, above the
/// review's strip and the bottom sheet.
pub fn table_free_area(ctx: &egui::Context, window: Vec2) -> Rect {
    let zoom = ctx.zoom_factor().max(0.01);
    Rect {
        min: Vec2::new(0.0, TOP_BAR * zoom),
        max: Vec2::new(
            window.x - side_panel_width(ctx) * zoom,
            window.y - (review_space(ctx) + sheet_space(ctx)) * zoom,
        ),
    }
}

/// Tells the panel the window's size (egui may learn of a resize a frame
/// late, and a headless app's egui never does): a panel the player has not
/// set is open when it is wide enough, and a window upright and narrow
/// gets the bottom sheet.
pub fn note_window(ctx: &egui::Context, size: Vec2) {
    let wide = size.x >= NARROW;
    if ctx.data(|d| d.get_temp::<bool>(auto_key())) != Some(wide) {
        ctx.data_mut(|d| d.insert_temp(auto_key(), wide));
    }
    let size = egui::vec2(size.x, size.y) / ctx.zoom_factor().max(0.01);
    if ctx.data(|d| d.get_temp::<egui::Vec2>(window_key())) != Some(size) {
        ctx.data_mut(|d| d.insert_temp(window_key(), size));
    }
}

fn window_key() -> egui::Id {
    egui::Id::new("veil-window-size")
}

/// The window's size in egui's points, as last noted (else egui's own).
fn window_points(ctx: &egui::Context) -> egui::Vec2 {
    ctx.data(|d| d.get_temp::<egui::Vec2>(window_key()))
        .unwrap_or_else(|| ctx.viewport_rect().size())
}

/// The game's side panel on the right, [`SIDE_PANEL`] wide, with a button
/// to fold it away; folded, a tab at the window's edge brings it back. On
/// a phone held upright ([`sheet_mode`]) it is a sheet under the table,
/// pulled up or down by its handle, its content scrolled by dragging.
pub fn side_panel(root: &mut egui::Ui, id: &'static str, add: impl FnOnce(&mut egui::Ui)) {
    let ctx = root.ctx().clone();
    if sheet_mode(&ctx) {
        egui::Panel::bottom(id)
            .exact_size(sheet_space(&ctx))
            .resizable(false)
            .show(root, |ui| {
                sheet_handle(ui);
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, add);
            });
        return;
    }
    let set = |open: bool| ctx.data_mut(|d| d.insert_temp(panel_key(), open));
    if side_panel_open(&ctx) {
        egui::Panel::right(id)
            .exact_size(SIDE_PANEL)
            .show(root, |ui| {
                // Small for the mouse; a finger's target for fingers.
                let fold = if ui.spacing().interact_size.y >= crate::kit::touch::TOUCH_TARGET {
                    ui.button("▶ fold the panel")
                } else {
                    ui.small_button("▶ fold the panel")
                };
                if fold
                    .on_hover_text("More room for the table; the keys still work.")
                    .clicked()
                {
                    set(false);
                }
                // A short window (a phone held sideways) scrolls the rest.
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, add);
            });
    } else {
        egui::Area::new(egui::Id::new("side-panel-tab"))
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, TOP_BAR + 8.0])
            .show(&ctx, |ui| {
                let tab = egui::Button::new("◀ panel").wrap_mode(egui::TextWrapMode::Extend);
                if ui.add(tab).clicked() {
                    set(true);
                }
            });
    }
}

/// The bottom sheet's handle: a bar to drag up or down, and ▲ / ▼ for a
/// tap; the sheet settles at the nearest of its three heights.
fn sheet_handle(ui: &mut egui::Ui) {
    let ctx = ui.ctx().clone();
    let size = sheet_size(&ctx);
    ui.horizontal(|ui| {
        if ui.add_enabled(size > 0, egui::Button::new("▼")).clicked() {
            set_sheet_size(&ctx, size - 1);
        }
        let width = (ui.available_width() - 52.0).max(40.0);
        let (rect, bar) = ui.allocate_exact_size(
            egui::vec2(width, ui.spacing().interact_size.y),
            egui::Sense::click_and_drag(),
        );
        let grip = egui::Rect::from_center_size(rect.center(), egui::vec2(48.0, 5.0));
        ui.painter()
            .rect_filled(grip, 3.0, ui.visuals().widgets.inactive.fg_stroke.color);
        let pulled = ctx.data(|d| d.get_temp::<f32>(sheet_key().with("pull")));
        if bar.dragged() {
            let by = pulled.unwrap_or(0.0) + bar.drag_delta().y;
            ctx.data_mut(|d| d.insert_temp(sheet_key().with("pull"), by));
        }
        if bar.drag_stopped() {
            let by = pulled.unwrap_or(0.0);
            ctx.data_mut(|d| d.remove::<f32>(sheet_key().with("pull")));
            // Up is negative: pulled up, the sheet grows.
            let steps = (-by / 80.0).round() as i32;
            set_sheet_size(&ctx, (i32::from(size) + steps).clamp(0, 2) as u8);
        } else if bar.clicked() {
            set_sheet_size(&ctx, (size + 1) % 3);
        }
        if ui.add_enabled(size < 2, egui::Button::new("▲")).clicked() {
            set_sheet_size(&ctx, size + 1);
        }
    });
}

/// An egui button as egui's AccessKit tree gives it: how the browser checks
/// (`kit::page_widgets`) and the tests find a button by its words.
#[derive(Clone, Debug)]
pub struct SeenButton {
    pub label: String,
    pub rect: egui::Rect,
    pub enabled: bool,
}

/// The buttons of a pass, from its AccessKit update (`None` unless
/// `Context::enable_accesskit` was called).
pub fn seen_buttons(output: &egui::FullOutput) -> Option<Vec<SeenButton>> {
    use egui::accesskit::Role;
    let update = output.platform_output.accesskit_update.as_ref()?;
    Some(
        update
            .nodes
            .iter()
            .filter(|(_, n)| n.role() == Role::Button)
            .filter_map(|(_, n)| {
                let b = n.bounds()?;
                Some(SeenButton {
                    label: n.label()?.to_string(),
                    rect: egui::Rect::from_min_max(
                        egui::pos2(b.x0 as f32, b.y0 as f32),
                        egui::pos2(b.x1 as f32, b.y1 as f32),
                    ),
                    enabled: !n.is_disabled(),
                })
            })
            .collect(),
    )
}
