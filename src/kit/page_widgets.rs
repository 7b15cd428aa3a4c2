//! `?widgets` in the page's address, for the browser checks: egui's
//! buttons — their words, where they are drawn (CSS pixels) and whether they
//! may be pressed — published after every frame as `window.veilWidgets`, so
//! a check taps "Call it" where a person would see it rather than guessing
//! from pixels. Read from egui's AccessKit tree, which is built only when
//! asked, so the page without `?widgets` pays nothing.

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};
use wasm_bindgen::JsValue;

/// Added by the app when the page's address has `?widgets`
/// (`LaunchOptions::widgets`).
pub struct PageWidgetsPlugin;

impl Plugin for PageWidgetsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, watch_egui);
    }
}

/// Once egui's context exists: AccessKit on, and the hook that publishes.
fn watch_egui(mut contexts: Query<&mut EguiContext>, mut done: Local<bool>) {
    if *done {
        return;
    }
    for mut context in &mut contexts {
        let ctx = context.get_mut();
        ctx.enable_accesskit();
        ctx.add_plugin(Publish);
        *done = true;
    }
}

struct Publish;

impl egui::Plugin for Publish {
    fn debug_name(&self) -> &'static str {
        "veil-page-widgets"
    }

    fn output_hook(&mut self, _ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(buttons) = crate::kit::widgets::seen_buttons(output) else {
            return;
        };
        let list = js_sys::Array::new();
        for b in buttons {
            let item = js_sys::Object::new();
            let set = |k: &str, v: JsValue| {
                let _ = js_sys::Reflect::set(&item, &JsValue::from_str(k), &v);
            };
            set("label", JsValue::from_str(&b.label));
            set("x", JsValue::from_f64(b.rect.min.x.into()));
            set("y", JsValue::from_f64(b.rect.min.y.into()));
            set("w", JsValue::from_f64(b.rect.width().into()));
            set("h", JsValue::from_f64(b.rect.height().into()));
            set("enabled", JsValue::from_bool(b.enabled));
            list.push(&item);
        }
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &JsValue::from_str("veilWidgets"), &list);
        }
    }
}
