//! The typefaces every word of the app is painted in, given to egui before
//! its first pass. They replace egui's default set, whose emoji fonts were the
//! largest part of it and which the games do not need (see
//! `scripts/make_fonts.py` and `assets/LICENSES.md`).

use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};

const SANS: &[u8] = include_bytes!("../../assets/fonts/veil-sans.ttf");
const MONO: &[u8] = include_bytes!("../../assets/fonts/veil-mono.ttf");
/// The fourteen characters of xiangqi pieces (and 暗 紅 黑), cut from Noto
/// Serif CJK: 6 KB instead of the whole CJK set.
const XIANGQI: &[u8] = include_bytes!("../../assets/fonts/veil-xiangqi.otf");

pub struct FontsPlugin;

impl Plugin for FontsPlugin {
    fn build(&self, app: &mut App) {
        // PreUpdate: before the context's first pass, which applies new fonts.
        app.add_systems(PreUpdate, install_fonts);
    }
}

/// The font definitions: each family falls back on the other, so a symbol
/// only one of them draws still shows.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    fonts
        .font_data
        .insert("veil-sans".into(), egui::FontData::from_static(SANS).into());
    fonts
        .font_data
        .insert("veil-mono".into(), egui::FontData::from_static(MONO).into());
    fonts.font_data.insert(
        "veil-xiangqi".into(),
        egui::FontData::from_static(XIANGQI).into(),
    );
    fonts.families.insert(
        egui::FontFamily::Proportional,
        vec![
            "veil-sans".into(),
            "veil-mono".into(),
            "veil-xiangqi".into(),
        ],
    );
    fonts.families.insert(
        egui::FontFamily::Monospace,
        vec![
            "veil-mono".into(),
            "veil-sans".into(),
            "veil-xiangqi".into(),
        ],
    );
    fonts
}

fn install_fonts(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        ctx.get_mut().set_fonts(font_definitions());
    }
}
