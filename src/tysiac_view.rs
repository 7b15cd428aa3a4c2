//! The Tysiąc view. (Being built: see the issue.)

use bevy::prelude::*;
use bevy_egui::egui;

use crate::catalog::MatchSetup;

/// The game's options on the setup screen.
pub fn options_ui(ui: &mut egui::Ui, _setup: &mut MatchSetup) {
    ui.label("No options.");
}

pub struct TysiacViewPlugin;

impl Plugin for TysiacViewPlugin {
    fn build(&self, _app: &mut App) {}
}
