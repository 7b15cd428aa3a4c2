//! The Jieqi game view. Everything it draws comes from one observation,
//! `Match::observe(viewer)`, turned into a [`Scene`]; the full game state in
//! [`Match`] is never read for drawing. After every change the pieces are
//! rebuilt from the new scene, and the difference with the previous scene of
//! the same viewer becomes animations (slide, flip, capture to the tray).

use crate::kit::widgets::explain;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use veil_core::{Seat, Turn};
use veil_jieqi::{Action, Color as Side, Jieqi, JieqiView, Kind, Move, Square};
use veil_match::MatchGame;

use crate::kit::anim::{Flip, PieceColors, Pulse, Slide};
use crate::kit::board::{
    BoardGeometry, BoardImages, BoardLayout, BoardUi, Cell, FaceDown, Glyph, GridKind, Identity,
    InTray, Owner, Piece, place_board,
};
use crate::kit::input::Command;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{Match, Viewer, new_match};
use crate::table::setup::MatchSetup;
use crate::table::view::{
    Asking, BoardParts, GameView, Redraw, Redrawing, TablePlugin, active, on_table_enter,
};

mod demo;
mod draw;
mod hud;
mod input;
mod rules;
use crate::kit::theme::{BLACK_INK, RED_INK};
use demo::*;
use draw::*;
use hud::*;
use input::*;
pub use rules::*;

impl GameView for Jieqi {
    fn notation(
        start: &Self,
        actions: &[(veil_core::Actor, veil_jieqi::Action)],
    ) -> Option<crate::table::recent::RecordFile> {
        let text = start.write_record(actions).ok()?;
        Some(crate::table::recent::RecordFile {
            label: "PGN (FEN + ICCS)",
            name: crate::kit::files::record_name(<Jieqi as veil_core::Game>::ID, "pgn"),
            mime: "application/x-chess-pgn",
            text,
        })
    }

    /// A captured face-down piece its owner was not shown: which capture,
    /// and the kind.
    fn fact_words(fact: veil_core::Fact) -> (String, String) {
        let kind = Kind::ALL
            .into_iter()
            .find(|k| k.index() == usize::from(fact.what))
            .map_or_else(|| "?".into(), |k| format!("{k:?}"));
        (format!("Capture {}", u32::from(fact.place) + 1), kind)
    }

    fn needs_privacy(previous: &JieqiView, next: &JieqiView) -> bool {
        // A captured face-down piece known to one side only: whoever looks at
        // the screen must be the side that knows it.
        previous.knowledge_differs() || next.knowledge_differs()
    }

    const RULES_TITLE: &'static str = "Jieqi rules";
    const RULES: &'static [&'static str] = RULES;
    const HOW_TO: &'static [crate::kit::widgets::HowToStep] = rules::HOW_TO;
    const PRIVACY: (&'static str, &'static str) =
        ("Each side knows pieces the other must not see.", "board");

    fn options_ui(ui: &mut egui::Ui, options: &mut veil_jieqi::JieqiOptions) {
        use veil_jieqi::CapturedReveal;
        ui.label("A captured face-down piece is revealed to:");
        ui.radio_value(
            &mut options.captured_reveal,
            CapturedReveal::CapturerOnly,
            "the capturer only",
        );
        ui.radio_value(
            &mut options.captured_reveal,
            CapturedReveal::Both,
            "both players",
        );
        explain(
            ui,
            "Who learns what a face-down piece was when it is taken: only the taker (the usual rule) or both.",
        );
    }
}

/// A piece as the viewer sees it: its side and, if the viewer knows it, its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenPiece {
    pub side: Side,
    /// `None`: face down (on the board) or unknown (in a tray).
    pub kind: Option<Kind>,
}

/// Everything the view draws, taken from one observation only.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    pub viewer: u8,
    pub board: Vec<(Cell, SeenPiece)>,
    /// Captured pieces by their owner (index 0 Red, 1 Black), in order of capture.
    pub captured: [Vec<SeenPiece>; 2],
    /// How many captured face-down pieces the viewer's opponent knows and
    /// the viewer does not (for the privacy screen).
    pub unknown_to_viewer: usize,
    pub last_move: Option<(Cell, Cell)>,
    /// The last move turned its piece face up.
    pub last_reveal: bool,
    /// The general in check, if the side to move is in check.
    pub check: Option<Cell>,
    /// The viewer's legal moves (empty when it is not the viewer's turn).
    pub moves: Vec<(Cell, Cell)>,
    pub to_move: Option<Side>,
    /// Per side, the identities the viewer has not seen yet (face-down
    /// pieces on the board and captures it was not shown).
    pub pool: [Vec<(Kind, u8)>; 2],
}

pub fn cell(sq: Square) -> Cell {
    Cell::new(sq.file(), sq.rank())
}

pub fn square(c: Cell) -> Option<Square> {
    Square::new(c.file, c.rank)
}

impl Scene {
    pub fn from_view(view: &JieqiView) -> Scene {
        let viewer = view.seat.0;
        let board = Square::all()
            .filter_map(|sq| {
                view.piece_at(sq).map(|p| {
                    (
                        cell(sq),
                        SeenPiece {
                            side: p.color,
                            kind: p.kind,
                        },
                    )
                })
            })
            .collect();
        let mut captured: [Vec<SeenPiece>; 2] = [Vec::new(), Vec::new()];
        let mut unknown_to_viewer = 0;
        for c in &view.captured {
            captured[c.color.index()].push(SeenPiece {
                side: c.color,
                kind: c.kind,
            });
            if c.face_down && c.kind.is_none() {
                unknown_to_viewer += 1;
            }
        }
        let check = if view.is_check() {
            let side = view.to_move;
            Square::all()
                .find(|sq| {
                    view.piece_at(*sq)
                        .is_some_and(|p| p.color == side && p.kind == Some(Kind::General))
                })
                .map(cell)
        } else {
            None
        };
        let moves = view
            .legal_moves()
            .into_iter()
            .map(|m| (cell(m.from), cell(m.to)))
            .collect();
        let pool = [Side::Red, Side::Black].map(|side| {
            Kind::POOL_ORDER
                .iter()
                .map(|k| (*k, view.unseen_count(side, *k)))
                .filter(|(_, n)| *n > 0)
                .collect()
        });
        Scene {
            viewer,
            board,
            captured,
            unknown_to_viewer,
            last_move: view.last_move.map(|m| (cell(m.from), cell(m.to))),
            last_reveal: view.last_reveal.is_some(),
            check,
            moves,
            to_move: (view.turn != Turn::Over).then_some(view.to_move),
            pool,
        }
    }

    pub fn piece_at(&self, c: Cell) -> Option<SeenPiece> {
        self.board.iter().find(|(at, _)| *at == c).map(|(_, p)| *p)
    }

    /// True when this viewer knows a captured identity the other side does
    /// not, or the other way round.
    pub fn private_knowledge(&self) -> bool {
        self.unknown_to_viewer > 0
    }
}

/// What is written on a face-up piece: the traditional character of its
/// side (帥 仕 相 傌 俥 炮 兵 for Red, 將 士 象 馬 車 砲 卒 for Black, so the
/// side shows in the drawing as well as the ink), or with `letters` a Latin
/// letter for players who do not read them (a setting).
pub fn glyph(kind: Kind, side: Side, letters: bool) -> &'static str {
    let red = side == Side::Red;
    match (kind, letters, red) {
        (Kind::General, true, _) => "G",
        (Kind::Advisor, true, _) => "A",
        (Kind::Elephant, true, _) => "E",
        (Kind::Horse, true, _) => "H",
        (Kind::Chariot, true, _) => "R",
        (Kind::Cannon, true, _) => "C",
        (Kind::Soldier, true, _) => "S",
        (Kind::General, false, true) => "帥",
        (Kind::Advisor, false, true) => "仕",
        (Kind::Elephant, false, true) => "相",
        (Kind::Horse, false, true) => "傌",
        (Kind::Chariot, false, true) => "俥",
        (Kind::Cannon, false, true) => "炮",
        (Kind::Soldier, false, true) => "兵",
        (Kind::General, false, false) => "將",
        (Kind::Advisor, false, false) => "士",
        (Kind::Elephant, false, false) => "象",
        (Kind::Horse, false, false) => "馬",
        (Kind::Chariot, false, false) => "車",
        (Kind::Cannon, false, false) => "砲",
        (Kind::Soldier, false, false) => "卒",
    }
}

pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "general",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Chariot => "chariot",
        Kind::Cannon => "cannon",
        Kind::Soldier => "soldier",
    }
}

const FACE: Color = Color::srgb(0.98, 0.92, 0.78);
// The backs differ in lightness as well as hue (the palette test).
const RED_BACK: Color = Color::srgb(0.72, 0.24, 0.17);
const BLACK_BACK: Color = Color::srgb(0.13, 0.15, 0.14);

fn ink(side: Side) -> Color {
    if side == Side::Red {
        RED_INK
    } else {
        BLACK_INK
    }
}

fn back(side: Side) -> Color {
    if side == Side::Red {
        RED_BACK
    } else {
        BLACK_BACK
    }
}

/// The xiangqi board: 9 files × 10 ranks of intersections, river between
/// ranks 4 and 5, palaces d0–f2 and d7–f9, ICCS coordinates.
pub fn geometry() -> BoardGeometry {
    let mut marks = Vec::new();
    for (f, r) in [(1, 2), (7, 2), (1, 7), (7, 7)] {
        marks.push(Cell::new(f, r));
    }
    for f in [0, 2, 4, 6, 8] {
        marks.push(Cell::new(f, 3));
        marks.push(Cell::new(f, 6));
    }
    BoardGeometry {
        files: 9,
        ranks: 10,
        kind: GridKind::Intersections,
        river: Some(4),
        palaces: vec![
            (Cell::new(3, 0), Cell::new(5, 2)),
            (Cell::new(3, 7), Cell::new(5, 9)),
        ],
        marks,
        file_labels: (0..9).map(|f| ((b'a' + f) as char).to_string()).collect(),
        rank_labels: (0..10).map(|r| r.to_string()).collect(),
    }
}

const SPACING: f32 = 70.0;
const BOARD_CENTER: Vec2 = Vec2::new(-120.0, -10.0);

/// Root of the Jieqi board view (art, pieces, trays).
#[derive(Component)]
pub struct JieqiBoard;

/// The view's memory: the last scene drawn, and what it was drawn for.
#[derive(Resource, Default)]
pub struct ViewState {
    pub scene: Option<Scene>,
}

pub struct JieqiViewPlugin;

impl Plugin for JieqiViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TablePlugin::<Jieqi>::with_demo(demo_match))
            .init_resource::<ViewState>()
            .add_systems(
                Update,
                (
                    human_moves.in_set(PlaySet::Input),
                    refresh_view.in_set(PlaySet::Draw),
                )
                    .run_if(active::<Jieqi>()),
            )
            .add_systems(PostUpdate, pulse_check.run_if(active::<Jieqi>()))
            .add_systems(EguiPrimaryContextPass, hud.run_if(active::<Jieqi>()));
        on_table_enter::<Jieqi, _>(app, enter_play);
    }
}

fn enter_play(
    mut commands: Commands,
    settings: Res<Settings>,
    viewer: Res<Viewer>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<BoardUi>,
) {
    *view = ViewState::default();
    *ui = BoardUi::default();
    let layout = BoardLayout::new(geometry(), SPACING).at(BOARD_CENTER);
    let flipped = settings.orientation.flipped(viewer.0.0);
    let tag = (JieqiBoard, DespawnOnExit(Screen::Play));
    place_board(&mut commands, layout, flipped, tag);
}
