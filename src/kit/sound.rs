//! Sound cues, played with bevy_kira_audio at the settings' volume. The WAV
//! files are made by `assets/make_sounds.py`.

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use crate::kit::input::Command;
use crate::kit::settings::Settings;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Move,
    Capture,
    Flip,
    Check,
    Win,
    Lose,
    Button,
    /// A judgement read out: Reality Check's verdict.
    Verdict,
}

impl Cue {
    pub const ALL: [Cue; 8] = [
        Cue::Move,
        Cue::Capture,
        Cue::Flip,
        Cue::Check,
        Cue::Win,
        Cue::Lose,
        Cue::Button,
        Cue::Verdict,
    ];

    pub fn file(self) -> &'static str {
        match self {
            Cue::Move => "sounds/move.wav",
            Cue::Capture => "sounds/capture.wav",
            Cue::Flip => "sounds/flip.wav",
            Cue::Check => "sounds/check.wav",
            Cue::Win => "sounds/win.wav",
            Cue::Lose => "sounds/lose.wav",
            Cue::Button => "sounds/button.wav",
            Cue::Verdict => "sounds/verdict.wav",
        }
    }
}

/// Every cue sent so far, in order (tests read it; cheap).
#[derive(Resource, Default, Debug)]
pub struct CueLog(pub Vec<Cue>);

#[derive(Resource)]
struct Sounds(Vec<(Cue, Handle<AudioSource>)>);

pub struct SoundPlugin {
    /// Whether to open an audio device (false headless).
    pub device: bool,
}

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Cue>()
            .init_resource::<CueLog>()
            .add_systems(PostUpdate, (button_cues, log_cues).chain());
        if self.device {
            app.add_plugins(AudioPlugin)
                .add_systems(Startup, load_sounds)
                .add_systems(PostUpdate, play_cues.after(button_cues));
        }
    }
}

fn button_cues(mut commands: MessageReader<Command>, mut cues: MessageWriter<Cue>) {
    for c in commands.read() {
        if *c == Command::Button {
            cues.write(Cue::Button);
        }
    }
}

fn log_cues(mut cues: MessageReader<Cue>, mut log: ResMut<CueLog>) {
    log.0.extend(cues.read().copied());
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>) {
    let sounds = Cue::ALL
        .iter()
        .map(|c| (*c, assets.load(c.file())))
        .collect();
    commands.insert_resource(Sounds(sounds));
}

fn play_cues(
    mut cues: MessageReader<Cue>,
    sounds: Option<Res<Sounds>>,
    audio: Res<Audio>,
    settings: Res<Settings>,
) {
    let Some(sounds) = sounds else { return };
    let mut played = Vec::new();
    for cue in cues.read() {
        // One of each cue per frame is plenty.
        if played.contains(cue) || settings.volume <= 0.001 {
            continue;
        }
        played.push(*cue);
        if let Some((_, handle)) = sounds.0.iter().find(|(c, _)| c == cue) {
            let db = 20.0 * settings.volume.log10();
            audio.play(handle.clone()).with_volume(Decibels(db));
        }
    }
}
