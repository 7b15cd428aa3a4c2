//! The Rengo (and plain Go) view. Everything it draws comes from one
//! observation, `Match::observe(viewer)`, turned into a [`Scene`]; Go hides
//! nothing, so every seat's observation is the whole game, but the view
//! still reads only the observation.
//!
//! - `mod.rs`: the [`GameView`] impl, the plugin, the scene.
//! - `draw.rs`: the wooden board, stones, bowls, seat plates, territory.
//! - `input.rs`: clicks on points (play, or mark dead in counting).
//! - `hud.rs`: the side panel (turn, buttons, messages, moves, score).
//! - `record.rs`: SGF export.
//! - `rules.rs`: the rules text; `demo.rs`: `VEIL_DEMO=rengo`.

use crate::kit::widgets::explain;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use veil_core::{Game, Seat, Turn};
use veil_go::{Color as Stone, Message, Phase, Point, Rengo, RengoAction, RengoView, Rules};
use veil_match::MatchGame;
pub use veil_match::games::rengo::{GoThinker, entry_text, seat_label};

use crate::kit::board::Cell;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::referee::MatchResult;
use crate::table::view::{GameView, TablePlugin, active, on_table_enter};

pub mod demo;
pub mod draw;
pub mod hud;
pub mod input;
pub mod record;
pub mod rules;

impl GameView for Rengo {
    fn needs_privacy(_: &RengoView, _: &RengoView) -> bool {
        // Go hides nothing, and every seat hears the messages.
        false
    }

    const RULES_TITLE: &'static str = "Rengo rules";
    const RULES: &'static [&'static str] = rules::RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) = ("Go hides nothing.", "board");

    fn options_ui(ui: &mut egui::Ui, options: &mut veil_go::RengoOptions) {
        options_ui(ui, options);
    }

    fn end_wait(_: &RengoView) -> f32 {
        // Time to see the count on the board.
        2.0
    }

    fn finish(
        result: &mut MatchResult,
        views: &[RengoView],
        viewer: Seat,
        commands: &mut Commands,
    ) {
        finish(result, views, viewer, commands);
    }
}

/// The team of a seat's name: "Black" or "White".
pub fn team_name(seat: Seat) -> &'static str {
    if seat.0 % 2 == 0 { "Black" } else { "White" }
}

pub fn cell(p: Point) -> Cell {
    Cell::new(p.col, p.row)
}

pub fn point(c: Cell) -> Point {
    Point::new(c.file, c.rank)
}

/// Everything the view draws, taken from one observation only.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub viewer: Seat,
    pub size: u8,
    pub seats: usize,
    /// Every stone on the board, with the seat that played it (`None`: a
    /// handicap stone).
    pub stones: Vec<(Point, Stone, Option<Seat>)>,
    /// Stones each colour captured, by colour index, and penalty prisoners.
    pub captures: [u32; 2],
    pub bonus: [u32; 2],
    pub last: Option<Point>,
    pub phase: Phase,
    /// The seat to act (play, answer or count), if the game is not over.
    pub to_act: Option<Seat>,
    /// Stones marked dead (counting and after).
    pub dead: Vec<Point>,
    /// Who owns each point, row by row from A1 (counting and after).
    pub owner: Option<Vec<Option<Stone>>>,
    /// The count as marked (counting and after).
    pub score: Option<veil_go::Score>,
    /// The viewer's legal points (empty unless it is to play a stone).
    pub legal: Vec<Point>,
    /// The last message said, and by whom (for the seat plates).
    pub last_said: Vec<(Seat, String)>,
    /// Stones each seat played, by seat.
    pub played: Vec<u32>,
    pub komi: f64,
    pub rules: Rules,
    pub table_mode: bool,
    pub log_len: usize,
}

impl Scene {
    pub fn from_view(view: &RengoView) -> Scene {
        let game = &view.game;
        let board = game.position().board();
        let size = board.size();
        // Who played each stone: the log, with a stone reported out of
        // sequence credited to the partner who really played it.
        let mut by: Vec<Option<Seat>> = vec![None; size as usize * size as usize];
        let log = game.log();
        let mut played = vec![0u32; game.seats()];
        for (k, e) in log.iter().enumerate() {
            if let RengoAction::Play(p) = e.action {
                let mut seat = e.seat;
                if let Some(next) = log.get(k + 1)
                    && matches!(
                        next.action,
                        RengoAction::ReportOutOfSequence { intentional: false }
                    )
                {
                    seat = game.partner(seat);
                }
                by[p.row as usize * size as usize + p.col as usize] = Some(seat);
                played[seat.index()] += 1;
            }
        }
        let stones = board
            .points()
            .filter_map(|p| {
                board
                    .get(p)
                    .map(|c| (p, c, by[p.row as usize * size as usize + p.col as usize]))
            })
            .collect();
        let to_act = match game.turn() {
            Turn::Seat(s) => Some(s),
            _ => None,
        };
        let counting = matches!(game.phase(), Phase::Counting { .. } | Phase::Over(_));
        let score = counting.then(|| game.score());
        let legal = if to_act == Some(view.seat) && *game.phase() == Phase::Play {
            let mut legal = Vec::new();
            game.legal_actions(veil_core::Actor::Seat(view.seat), &mut legal);
            legal
                .into_iter()
                .filter_map(|a| match a {
                    RengoAction::Play(p) => Some(p),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        // Messages said since each seat's last stone or pass.
        let mut last_said = Vec::new();
        for e in log.iter().rev().take(8) {
            match e.action {
                RengoAction::Play(_) | RengoAction::Pass => break,
                RengoAction::Say(m) => last_said.push((e.seat, m.text().to_owned())),
                RengoAction::AnswerResign(yes) => last_said.push((
                    e.seat,
                    if yes {
                        "Yes, let us resign."
                    } else {
                        "No, play on."
                    }
                    .to_owned(),
                )),
                _ => {}
            }
        }
        last_said.reverse();
        Scene {
            viewer: view.seat,
            size,
            seats: game.seats(),
            stones,
            captures: board.captures(),
            bonus: game.bonus(),
            last: board.last_move(),
            phase: game.phase().clone(),
            to_act,
            dead: game.dead().to_vec(),
            owner: score.as_ref().map(|s| s.owner.clone()),
            score,
            legal,
            last_said,
            played,
            komi: game.komi(),
            rules: game.options().rules,
            table_mode: game.options().table_mode,
            log_len: log.len(),
        }
    }

    pub fn stone_at(&self, p: Point) -> Option<Stone> {
        self.stones.iter().find(|s| s.0 == p).map(|s| s.1)
    }
}

/// The view's memory: the last scene drawn, and what it was drawn from.
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
    /// The observation the scene was drawn from, and the viewer's legal
    /// actions in it: the side panel reads them every frame.
    pub obs: Option<RengoView>,
    pub legal: Vec<RengoAction>,
}

pub struct RengoViewPlugin;

impl Plugin for RengoViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin::<Rengo>::with_demo(demo::demo_match))
            .init_resource::<ViewState>()
            .add_message::<record::SaveRecord>()
            .add_message::<record::ImportRecord>()
            .init_resource::<record::ImportText>()
            .add_systems(
                Update,
                (
                    (input::human_clicks, record::import_requested).in_set(PlaySet::Input),
                    (
                        draw::refresh_view,
                        draw::hover_stone,
                        draw::hover_group,
                        draw::drop_stones,
                    )
                        .chain()
                        .in_set(PlaySet::Draw),
                    input::no_lone_resignation.in_set(PlaySet::Draw),
                    record::save_requested,
                )
                    .run_if(active::<Rengo>()),
            )
            .add_systems(
                OnEnter(Screen::Results),
                record::save_finished.run_if(in_state(crate::table::ActiveGame::of::<Rengo>())),
            )
            .add_systems(EguiPrimaryContextPass, hud::hud.run_if(active::<Rengo>()));
        on_table_enter::<Rengo, _>(app, draw::enter_play);
    }
}

/// The setup screen's options: board, scoring, komi, handicap, table mode.
pub fn options_ui(ui: &mut egui::Ui, o: &mut veil_go::RengoOptions) {
    ui.label("Four players make Rengo (B1, W1, B2, W2 in turn); two players make plain Go.");
    ui.horizontal(|ui| {
        ui.label("Board:");
        for size in veil_go::SIZES {
            ui.radio_value(&mut o.size, size, format!("{size}×{size}"));
        }
    });
    explain(
        ui,
        "9×9 takes about 10 minutes, 13×13 about 25, 19×19 an hour or more.",
    );
    ui.horizontal(|ui| {
        ui.label("Scoring:");
        ui.radio_value(&mut o.rules, Rules::Territory, "territory (komi 6.5)");
        ui.radio_value(&mut o.rules, Rules::Area, "area (komi 7.5)");
    });
    explain(
        ui,
        "Japanese counting (territory and prisoners) or Chinese (stones and territory); the result rarely differs.",
    );
    ui.horizontal(|ui| {
        ui.label("Komi:");
        let mut usual = o.komi.is_none();
        if ui.checkbox(&mut usual, "the usual").changed() {
            o.komi = if usual {
                None
            } else {
                Some(o.rules.default_komi())
            };
        }
        if let Some(k) = &mut o.komi {
            ui.add(egui::Slider::new(k, -20.0..=20.0).step_by(0.5));
        }
    });
    explain(ui, "Points White receives for playing second.");
    ui.horizontal(|ui| {
        ui.label("Handicap stones for Black:");
        let mut h = o.handicap;
        egui::ComboBox::from_id_salt("handicap")
            .selected_text(if h == 0 { "none".into() } else { h.to_string() })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut h, 0, "none");
                for n in 2..=9u8 {
                    ui.selectable_value(&mut h, n, n.to_string());
                }
            });
        o.handicap = h;
    });
    explain(
        ui,
        "Stones Black places before the game to even out a difference in strength.",
    );
    ui.checkbox(
        &mut o.table_mode,
        "Table mode (several people at one screen): a stone played by the wrong partner can be reported",
    );
}

/// The results: the count or the resignation, in the teams' words.
fn finish(result: &mut MatchResult, views: &[RengoView], viewer: Seat, commands: &mut Commands) {
    let game = &views[viewer.index()].game;
    let seats = game.seats();
    let team_of = |i: usize| i % 2;
    let team_words = |team: usize| {
        if seats == 4 {
            if team == 0 {
                "Black (B1 and B2)"
            } else {
                "White (W1 and W2)"
            }
        } else if team == 0 {
            "Black"
        } else {
            "White"
        }
    };
    let loser: Option<usize> = match game.phase() {
        Phase::Over(outcome) => {
            if outcome.reason.starts_with("counted") {
                let s = game.score();
                result.reason = format!(
                    "Counted by {}: Black {}, White {} (komi {} included)",
                    match s.rules {
                        Rules::Territory => "territory",
                        Rules::Area => "area",
                    },
                    s.black,
                    s.white,
                    s.komi,
                );
            }
            outcome.ranks.iter().position(|r| *r == 1).map(team_of)
        }
        _ => {
            // Resigned through the table's Resign: that seat's team loses.
            Seat::all(seats)
                .find(|s| {
                    result
                        .reason
                        .starts_with(<Rengo as MatchGame>::seat_name(*s))
                })
                .map(|s| team_of(s.index()))
        }
    };
    match loser {
        Some(team) => {
            let winner = 1 - team;
            result.draw = false;
            let margin = match game.phase() {
                Phase::Over(o) if o.reason.starts_with("counted") => {
                    format!(" by {}", game.score().margin().abs())
                }
                _ => String::new(),
            };
            result.headline = format!("{} wins{margin}", team_words(winner));
            for (i, seat) in result.seats.iter_mut().enumerate() {
                seat.2 = team_of(i) == winner;
            }
        }
        None => {
            if matches!(game.phase(), Phase::Over(_)) {
                result.headline = "Jigo: a draw".into();
                result.draw = true;
            }
        }
    }
    for (i, seat) in result.seats.iter_mut().enumerate() {
        seat.0 = if seats == 4 {
            format!("{} — {} team", seat.0, team_name(Seat(i as u8)))
        } else {
            team_name(Seat(i as u8)).to_owned()
        };
    }
    if seats == 2 {
        result.reason = result.reason.replace("B1", "Black").replace("W1", "White");
    }
    let sgf = veil_go::sgf::write(game, &[]);
    let file = crate::table::recent::RecordFile {
        label: "SGF",
        name: crate::kit::files::record_name(<Rengo as veil_core::Game>::ID, "sgf"),
        mime: "application/x-go-sgf",
        text: sgf.clone(),
    };
    commands.queue(move |world: &mut World| {
        world
            .resource_mut::<crate::table::recent::FinishedRecords>()
            .files
            .push(file);
    });
    commands.insert_resource(record::FinishedRecord { sgf, saved: false });
}

/// The message a seat may still send this turn, from its legal actions.
pub fn can_say(game: &Rengo, seat: Seat, m: Message) -> bool {
    let mut legal = Vec::new();
    game.legal_actions(veil_core::Actor::Seat(seat), &mut legal);
    legal.contains(&RengoAction::Say(m))
}
