//! `?widgets` in the page's address, for the browser checks: egui's
//! buttons — their words, where they are drawn (CSS pixels) and whether they
//! may be pressed — published after every frame as `window.veilWidgets`, so
//! a check taps "Call it" where a person would see it rather than guessing
//! from pixels. Read from egui's AccessKit tree, which is built only when
//! asked, so the page without `?widgets` pays nothing.

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};
use wasm_bindgen::JsValue;

pub struct PageWidgetsPlugin;

impl Plugin for PageWidgetsPlugin {
    fn build(&self, app: &mut App) {
        let asked = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .is_some_and(|q| {
                q.trim_start_matches('?')
                    .split('&')
                    .any(|p| p == "widgets" || p.starts_with("widgets="))
            });
        if asked {
            app.add_systems(Update, watch_egui);
        }
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
        use egui::accesskit::Role;
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        let list = js_sys::Array::new();
        for (_, node) in &update.nodes {
            if node.role() != Role::Button {
                continue;
            }
            let (Some(b), Some(label)) = (node.bounds(), node.label()) else {
                continue;
            };
            let item = js_sys::Object::new();
            let set = |k: &str, v: JsValue| {
                let _ = js_sys::Reflect::set(&item, &JsValue::from_str(k), &v);
            };
            set("label", JsValue::from_str(label));
            set("x", JsValue::from_f64(b.x0));
            set("y", JsValue::from_f64(b.y0));
            set("w", JsValue::from_f64(b.x1 - b.x0));
            set("h", JsValue::from_f64(b.y1 - b.y0));
            set("enabled", JsValue::from_bool(!node.is_disabled()));
            list.push(&item);
        }
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &JsValue::from_str("veilWidgets"), &list);
        }
    }
}
