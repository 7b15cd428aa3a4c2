//! The computer's beliefs on the board, in the review of a finished game:
//! each square it could not see tinted by how sure it was of what stood
//! there, with the share written on it, and the truth framed. The review
//! bar lists the same beliefs in words (every game; this plugin only adds
//! the board's marks for games whose facts are squares).

use std::marker::PhantomData;

use bevy::prelude::*;

use crate::kit::board::BoardLayout;
use crate::kit::world_text::WorldText;
use crate::table::Screen;
use crate::table::referee::Match;
use crate::table::view::{GameView, active};

/// A mark of the computer's belief on the board.
#[derive(Component)]
pub struct GuessMark;

/// The tint's colour (orange, told apart from the board's own marks by
/// the share written on it too).
const TINT: Color = Color::srgb(1.0, 0.45, 0.1);
const FRAME: Color = Color::srgb(0.35, 0.75, 1.0);

pub struct GuessesPlugin<G: GameView>(PhantomData<G>);

impl<G: GameView> Default for GuessesPlugin<G> {
    fn default() -> Self {
        GuessesPlugin(PhantomData)
    }
}

impl<G: GameView> Plugin for GuessesPlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            mark_guesses::<G>
                .in_set(crate::table::PlaySet::Draw)
                .run_if(active::<G>()),
        );
    }
}

/// Redraws the marks whenever the game or the board moved.
fn mark_guesses<G: GameView>(
    mut commands: Commands,
    m: Res<Match<G>>,
    layout: Option<Res<BoardLayout>>,
    marks: Query<Entity, With<GuessMark>>,
    mut shown: Local<Option<u64>>,
) {
    let moved = layout.as_ref().is_some_and(|l| l.is_changed());
    if *shown == Some(m.version) && !moved {
        return;
    }
    *shown = Some(m.version);
    for e in &marks {
        commands.entity(e).despawn();
    }
    let (Some(layout), Some((_, belief, truth))) = (layout, m.review_belief()) else {
        return;
    };
    let side = layout.spacing * 0.9;
    for place in belief.places() {
        let Some(cell) = G::fact_cell(place) else {
            continue;
        };
        // How sure it was that something hidden is here at all (a square
        // of Secret King); for Reality Check-like facts the shares add up.
        let share: f64 = belief
            .at(place)
            .iter()
            .map(|(_, s)| s)
            .sum::<f64>()
            .min(1.0);
        let at = layout.cell_to_world(cell);
        commands.spawn((
            GuessMark,
            Sprite::from_color(
                TINT.with_alpha(0.12 + 0.55 * share as f32),
                Vec2::splat(side),
            ),
            Transform::from_xyz(at.x, at.y, 30.0),
            DespawnOnExit(Screen::Play),
            children![(
                WorldText::new(
                    format!("{:.0}%", share * 100.0),
                    layout.spacing * 0.22,
                    Color::WHITE
                ),
                // In the square's corner, off the piece standing on it.
                Transform::from_xyz(side * 0.3, -side * 0.37, 0.1),
            )],
        ));
    }
    for fact in &truth {
        let Some(cell) = G::fact_cell(fact.place) else {
            continue;
        };
        let at = layout.cell_to_world(cell);
        let w = side * 0.08;
        let frame = commands
            .spawn((
                GuessMark,
                Transform::from_xyz(at.x, at.y, 31.0),
                Visibility::default(),
                DespawnOnExit(Screen::Play),
            ))
            .id();
        for (offset, size) in [
            (Vec2::new(0.0, (side - w) / 2.0), Vec2::new(side, w)),
            (Vec2::new(0.0, -(side - w) / 2.0), Vec2::new(side, w)),
            (Vec2::new((side - w) / 2.0, 0.0), Vec2::new(w, side)),
            (Vec2::new(-(side - w) / 2.0, 0.0), Vec2::new(w, side)),
        ] {
            commands.spawn((
                Sprite::from_color(FRAME, size),
                Transform::from_translation(offset.extend(0.0)),
                ChildOf(frame),
            ));
        }
    }
}
