//! The Intrigue and Secret King view. (Being built: see the issue.)

use bevy::prelude::*;
use bevy_egui::egui;

use crate::catalog::MatchSetup;

/// The game's options on the setup screen.
pub fn options_ui(ui: &mut egui::Ui, _setup: &mut MatchSetup) {
    ui.label("No options.");
}

pub struct ChessViewPlugin;

impl Plugin for ChessViewPlugin {
    fn build(&self, _app: &mut App) {}
}
