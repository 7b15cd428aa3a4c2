//! Fingers: on a phone-sized window, or once a finger has touched, egui's
//! buttons grow to at least 44 pixels a side (what the phone makers ask of
//! a touch target) and no text is smaller than 14 pixels.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use crate::kit::input::Pointer;

/// The least side of a touch target, in logical pixels.
pub const TOUCH_TARGET: f32 = 44.0;
/// The least text size for fingers.
pub const TOUCH_TEXT: f32 = 14.0;
/// A window whose shorter side is under this is a phone's.
pub const PHONE: f32 = 600.0;

pub struct TouchPlugin;

impl Plugin for TouchPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, touch_style);
    }
}

/// Whether egui's style is made for fingers now.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TouchStyle(pub bool);

fn touch_style(
    mut commands: Commands,
    pointer: Res<Pointer>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut contexts: EguiContexts,
    mut seen_finger: Local<bool>,
    now: Option<Res<TouchStyle>>,
) {
    *seen_finger |= pointer.finger;
    let phone = window.is_some_and(|w| w.width().min(w.height()) < PHONE);
    let wanted = *seen_finger || phone;
    if now.as_deref() == Some(&TouchStyle(wanted)) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else { return };
    ctx.all_styles_mut(|style| fit_style(style, wanted));
    ctx.data_mut(|d| d.insert_temp(fingers_id(), wanted));
    commands.insert_resource(TouchStyle(wanted));
}

fn fingers_id() -> egui::Id {
    egui::Id::new("veil-fingers")
}

/// A line of advice in the words of the hand that plays: with fingers,
/// "click" becomes "tap" and the keyboard's alternatives are left out
/// (a phone has no arrow keys).
pub fn words<'a>(ctx: &egui::Context, text: &'a str) -> std::borrow::Cow<'a, str> {
    // Drawn every frame: most lines have nothing to change.
    let changes = text.contains("lick") || text.contains("arrow keys") || text.contains("Enter");
    if !changes || !ctx.data(|d| d.get_temp(fingers_id()).unwrap_or(false)) {
        return text.into();
    }
    for_fingers(text).into()
}

/// [`words`] for fingers.
pub fn for_fingers(text: &str) -> String {
    let mut s = text.to_owned();
    for keys in [
        " (or the arrow keys and Enter)",
        ", or use the arrow keys and Enter",
        " or use the arrow keys and Enter",
        " (− and +, or the arrow keys)",
        " or Enter",
    ] {
        s = s.replace(keys, "");
    }
    s.replace("Click", "Tap").replace("click", "tap")
}

/// egui's default style, or the same made for fingers.
pub fn fit_style(style: &mut egui::Style, fingers: bool) {
    let plain = egui::Style::default();
    style.spacing.interact_size = plain.spacing.interact_size;
    style.spacing.button_padding = plain.spacing.button_padding;
    style.spacing.item_spacing = plain.spacing.item_spacing;
    style.text_styles = plain.text_styles.clone();
    if !fingers {
        return;
    }
    style.spacing.interact_size = egui::vec2(TOUCH_TARGET, TOUCH_TARGET);
    style.spacing.button_padding = egui::vec2(12.0, 8.0);
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    for (text, font) in style.text_styles.iter_mut() {
        let least = match text {
            egui::TextStyle::Heading => 20.0,
            _ => TOUCH_TEXT,
        };
        font.size = font.size.max(least);
    }
}
