//! The Reality Check view: the diamond board, two-faced discs, the hands
//! beside the board, the Reality Check as a moment of its own.
//!
//! Everything drawn comes from one observation, `Match::observe(viewer)`,
//! turned into a [`Scene`]; the move list (public notation, written by
//! [`GameView::action_text`]) tells the view which action the last change
//! was, so it can animate it. Files: `draw.rs` the table and its
//! animations, `moment.rs` the Reality Check's moment, `input.rs` clicks and choices, `hud.rs` the side panel,
//! `rules.rs` the rules text, `demo.rs` the demo.

use crate::kit::widgets::explain;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use veil_core::Seat;
pub use veil_match::games::reality_check::public_text;
use veil_reality_check::{
    Action, Color as Side, Dice, Face, Kind, Layout, Phase, RealityCheck, Seen, SetupRule, Square,
    View, hand_limit,
};

use crate::kit::board::Cell;
use crate::table::PlaySet;
use crate::table::view::{GameView, TablePlugin, active, on_table_enter};

mod demo;
pub mod draw;
mod hud;
pub mod input;
pub mod moment;
mod rules;

pub use draw::{Disc, HandDisc, RcBoard, ViewState};
pub use input::{Choice, RcUi};

impl GameView for RealityCheck {
    /// A piece whose two faces the computer could not see: its square and
    /// the kind (both faces).
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let square = veil_reality_check::Square::from_index(usize::from(fact.place))
            .map_or_else(|| "?".into(), |s| s.to_string());
        let kind = veil_reality_check::Kind::ALL
            .get(usize::from(fact.what))
            .map_or_else(|| "?".into(), |k| k.to_string());
        (square, kind)
    }

    fn needs_privacy(previous: &View, next: &View) -> bool {
        private_knowledge(previous) || private_knowledge(next)
    }

    const RULES_TITLE: &'static str = "Reality Check rules";
    const RULES: &'static [&'static str] = rules::RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) = (
        "Each side knows the under-faces of its own pieces and its hand; the other must not see them.",
        "pieces",
    );

    fn options_ui(ui: &mut egui::Ui, o: &mut veil_reality_check::Options) {
        // Two groups, each under its own heading, so their two chosen
        // dots do not read as one list.
        ui.label("Board:");
        ui.indent("board", |ui| {
            ui.radio_value(&mut o.board, Layout::Basic, "the 39-square diamond");
            ui.radio_value(
                &mut o.board,
                Layout::Advanced,
                "the advanced 7×7 board (variant 4; setup free in the home zone)",
            );
        });
        ui.label("Setup on the diamond:");
        ui.add_enabled_ui(o.board == Layout::Basic, |ui| {
            ui.indent("setup", |ui| {
                ui.radio_value(
                    &mut o.setup,
                    SetupRule::Standard,
                    "fixed: faces up R; N B N; P P B P P from your edge (you choose which piece shows each)",
                );
                ui.radio_value(
                    &mut o.setup,
                    SetupRule::Free,
                    "free: anywhere on your half (variant 3)",
                );
            });
        });
        explain(
            ui,
            "The basic board with its fixed setup is the one to learn on.",
        );
        ui.label("Flips after a quiet move:");
        ui.radio_value(&mut o.dice, Dice::Off, "your choice");
        ui.radio_value(&mut o.dice, Dice::One, "one die decides");
        ui.radio_value(&mut o.dice, Dice::Two, "two dice, two flips");
        explain(
            ui,
            "With dice, luck decides which piece turns over after a move.",
        );
        ui.checkbox(
            &mut o.memory_mode,
            "Memory mode: after setup you see only up-faces (no move list)",
        );
        ui.checkbox(
            &mut o.strategic_retreat,
            "Strategic Retreat: capture your own piece back to hand",
        );
        ui.checkbox(
            &mut o.memory_action,
            "Memory action: turn over two enemy pieces",
        );
    }
}

/// True when the seat of `v` knows something the other seat does not: a
/// piece of its own on the board not shown in public, a piece in its hand,
/// or the piece it is asked to take or refuse.
pub fn private_knowledge(v: &View) -> bool {
    let me = v.color();
    let own_secret = v
        .board
        .iter()
        .flatten()
        .any(|s| s.color == me && s.kind.is_some() && !s.public);
    let claim = matches!(
        v.phase,
        Phase::Claim {
            kind: Some(_),
            public: false
        }
    ) && v.to_move == me;
    own_secret || !v.hand.is_empty() || claim
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The action a move-list line was written for, as far as the line tells
/// (a drop's kind is not public: it reads as the face and square only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Act(Action),
    Drop { up: Face, to: Square },
}

pub fn parse_line(line: &str) -> Option<Written> {
    let first = line.split_whitespace().next()?;
    if let Some((face, sq)) = first.split_once('@')
        && !face.contains('/')
    {
        let up = Face::from_letter(face.chars().next()?)?;
        return Some(Written::Drop {
            up,
            to: Square::parse(sq)?,
        });
    }
    first.parse().ok().map(Written::Act)
}

/// The board cell of a square (the kit's grid is the 7-file grid).
pub fn cell(sq: Square) -> Cell {
    Cell::new(sq.file(), sq.rank())
}

pub fn square(c: Cell) -> Option<Square> {
    Square::new(c.file, c.rank)
}

/// Everything the view draws, taken from one observation only.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub viewer: u8,
    pub layout: Layout,
    pub board: Vec<(Square, Seen)>,
    /// The viewer's hand.
    pub hand: Vec<Kind>,
    pub hand_counts: [u8; 2],
    pub hand_limits: [usize; 2],
    pub removed: [Vec<Kind>; 2],
    pub phase: Phase,
    pub to_move: Side,
    /// The viewer's legal actions (empty when it is not to act).
    pub legal: Vec<Action>,
    pub drop_squares: [u64; 2],
    /// The pieces that may not be flipped this turn.
    pub locked: Vec<Square>,
    pub memory_mode: bool,
    pub setup_done: [bool; 2],
    pub ply: u32,
    pub over: bool,
    /// The piece the last Reality Check captured, which both saw.
    pub checked: Option<Kind>,
}

impl Scene {
    pub fn from_view(view: &View) -> Scene {
        let board = veil_reality_check::squares(view.options.board.squares())
            .filter_map(|sq| view.piece(sq).map(|s| (sq, s)))
            .collect();
        let hand_limits =
            [0, 1].map(|c| hand_limit(4 - view.removed[c].iter().filter(|k| k.is_true()).count()));
        Scene {
            viewer: view.seat.0,
            layout: view.options.board,
            board,
            hand: view.hand.clone(),
            hand_counts: view.hand_counts,
            hand_limits,
            removed: view.removed.clone(),
            phase: view.phase,
            to_move: view.to_move,
            legal: if view.outcome.is_some() {
                Vec::new()
            } else {
                view.legal_actions()
            },
            drop_squares: view.drop_squares,
            locked: view.lock.iter().flatten().copied().collect(),
            memory_mode: view.options.memory_mode,
            setup_done: view.setup_done,
            ply: view.ply,
            over: view.outcome.is_some(),
            checked: view.checked,
        }
    }

    pub fn piece(&self, sq: Square) -> Option<Seen> {
        self.board.iter().find(|(s, _)| *s == sq).map(|(_, p)| *p)
    }

    pub fn viewer_side(&self) -> Side {
        Side::of(Seat(self.viewer))
    }

    /// The side to move must drop this turn (its hand is over the limit).
    pub fn must_drop(&self, side: Side) -> bool {
        self.phase == Phase::Play
            && self.to_move == side
            && self.hand_counts[side.index()] as usize > self.hand_limits[side.index()]
    }

    pub fn setup(&self) -> bool {
        self.phase == Phase::Setup
    }
}

/// The words for a kind: `N/P` (the face up first when one is up).
pub fn kind_text(kind: Kind, up: Option<Face>) -> String {
    let (a, b) = kind.faces();
    let (x, y) = match up {
        Some(u) => (u, kind.other(u)),
        None => (a, b),
    };
    format!("{}/{}", x.letter(), y.letter())
}

pub struct RealityCheckViewPlugin;

impl Plugin for RealityCheckViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin::<RealityCheck>::with_demo(demo::demo_match))
            .init_resource::<ViewState>()
            .init_resource::<RcUi>()
            .add_systems(
                Update,
                (
                    input::human_input.in_set(PlaySet::Input),
                    input::click_hand
                        .in_set(PlaySet::Input)
                        .before(input::human_input),
                    draw::refresh_view.in_set(PlaySet::Draw),
                    input::sync_choices
                        .in_set(PlaySet::Draw)
                        .after(draw::refresh_view),
                    draw::markers
                        .in_set(PlaySet::Draw)
                        .after(input::sync_choices),
                    moment::moment,
                )
                    .run_if(active::<RealityCheck>()),
            )
            .add_systems(
                EguiPrimaryContextPass,
                hud::hud.run_if(active::<RealityCheck>()),
            );
        on_table_enter::<RealityCheck, _>(app, draw::enter_play);
    }
}
