//! The Intrigue and Secret King view: one view for both hidden-King chess
//! variants. Everything it draws comes from one observation,
//! `Match::observe(viewer)`, turned into a [`Scene`]; the full game state in
//! [`Match`] is never read for drawing. The viewer's own secret (hiding
//! square and Informant, or Secret King) is marked in gold; the opponent's
//! is never in the scene before the game ends, because the observation does
//! not hold it.
//!
//! The two games differ only in [`ChessGame`]: how an observation becomes a
//! scene, the actions the viewer may take, the secret setup and the rules.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veil_chess::{Color as Side, Role, Square};
use veil_core::{Game, Seat, Turn};
use veil_intrigue::{Intrigue, IntrigueView, PawnState, Queens};
use veil_secret_king::{SecretKing, SecretKingView};

use crate::kit::anim::{Appear, Burst, Slide, Vanish};
use crate::kit::board::{
    BoardGeometry, BoardImages, BoardLayout, BoardUi, Cell, Glyph, GridKind, Identity, Owner,
    Piece, place_board,
};
use crate::kit::figures;
use crate::kit::input::Command;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{Match, MatchResult, Viewer};
use crate::table::view::{
    Asking, BoardParts, GameView, Redraw, Redrawing, TablePlugin, active, on_table_enter,
};

mod draw;
mod hud;
mod input;
mod intrigue;
mod record;
mod rules;
mod secret_king;
use crate::kit::theme::{EBONY, EBONY_INK, GOLD, IVORY, IVORY_INK};
use draw::*;
use hud::*;
use input::*;
pub use record::*;
pub use rules::*;

// ------------------------------------------------------------------ scene

/// A piece as everyone sees it (every piece on the board is visible; a
/// hidden Secret King is a Knight to the eye).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenPiece {
    /// The seat it belongs to (0 White, 1 Black).
    pub owner: u8,
    pub role: Role,
}

/// A secret drawn on the board, in gold, for the one who may know it: its
/// owner, or everyone once the game is over.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecretMark {
    /// Where a hidden Intrigue King hides.
    Hiding(Cell),
    /// The Intrigue Informant pawn, while it can be inspected.
    Informant(Cell),
    /// The Knight that is the hidden Secret King.
    SecretKing(Cell),
}

impl SecretMark {
    pub fn cell(self) -> Cell {
        match self {
            SecretMark::Hiding(c) | SecretMark::Informant(c) | SecretMark::SecretKing(c) => c,
        }
    }

    fn tag(self) -> &'static str {
        match self {
            SecretMark::Hiding(_) => "King hides",
            SecretMark::Informant(_) => "Informant",
            SecretMark::SecretKing(_) => "Secret King",
        }
    }
}

/// The viewer's secret choice in the making (before it is confirmed): the
/// hiding square and the piece clicked so far. Only ever the viewer's own.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickMark(pub Cell);

/// A stand-in for a piece leaving the board, only while it fades away.
#[derive(Component)]
pub struct Ghost;

/// Everything the view draws, taken from one observation only.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Scene {
    pub viewer: u8,
    pub files: u8,
    pub ranks: u8,
    pub board: Vec<(Cell, SeenPiece)>,
    /// Secrets the viewer may know, by owner: its own while the game is on,
    /// both once it is over.
    pub secrets: Vec<(u8, SecretMark)>,
    pub last_move: Option<(Cell, Cell)>,
    /// The Rook's slide when the last move castled.
    pub castle_rook: Option<(Cell, Cell)>,
    /// A shown King in check.
    pub check: Option<Cell>,
    /// The seat to act (None during the secret setup and at the end).
    pub to_act: Option<u8>,
    /// The secret setup is under way.
    pub setup: bool,
    /// The viewer has its secret choice to make now.
    pub setting_up: bool,
    pub over: bool,
    /// The moves so far, in SAN with public notes.
    pub history: Vec<String>,
    /// Public facts (which Kings appeared, cleared pawns, candidates).
    pub notes: Vec<String>,
    /// The secrets the viewer may know, in words.
    pub own: Vec<String>,
}

impl Scene {
    pub fn piece_at(&self, c: Cell) -> Option<SeenPiece> {
        self.board.iter().find(|(at, _)| *at == c).map(|(_, p)| *p)
    }

    fn king_of(&self, owner: u8) -> Option<Cell> {
        self.board
            .iter()
            .find(|(_, p)| p.owner == owner && p.role == Role::King)
            .map(|(c, _)| *c)
    }

    /// True when the viewer knows a secret of its own the other seat must
    /// not see (the screen must then change hands behind a privacy screen).
    pub fn private_knowledge(&self) -> bool {
        // Marked on the board, or only told in words (an Informant that
        // promoted unseen is no longer on the board, but still a secret).
        !self.over && (self.secrets.iter().any(|(o, _)| *o == self.viewer) || !self.own.is_empty())
    }
}

/// The viewer's actions now: on the board (`from`, `to`, the label of the
/// variant when several share the squares: promotions) and off it (buttons).
#[derive(Clone, Debug, PartialEq)]
pub struct Actions<A> {
    pub board: Vec<(Cell, Cell, String, A)>,
    pub buttons: Vec<(String, A)>,
}

impl<A> Default for Actions<A> {
    fn default() -> Self {
        Actions {
            board: Vec::new(),
            buttons: Vec::new(),
        }
    }
}

pub fn cell_name(c: Cell) -> String {
    format!("{}{}", (b'a' + c.file) as char, c.rank as u32 + 1)
}

fn cell_of(sq: Square, files: u8) -> Cell {
    Cell::new(sq.0 % files, sq.0 / files)
}

/// Every piece on a board of `files` files, as everyone sees it.
fn seen_board(
    pieces: impl Iterator<Item = (Square, veil_chess::Piece)>,
    files: u8,
) -> Vec<(Cell, SeenPiece)> {
    pieces
        .map(|(sq, pc)| {
            (
                cell_of(sq, files),
                SeenPiece {
                    owner: pc.color.index() as u8,
                    role: pc.role,
                },
            )
        })
        .collect()
}

fn square_of(c: Cell, files: u8) -> Square {
    Square(c.rank * files + c.file)
}

fn side_name(seat: u8) -> &'static str {
    if seat == 0 { "White" } else { "Black" }
}

/// The squares board of `files` × `ranks`, coordinates a… and 1….
pub fn geometry(files: u8, ranks: u8) -> BoardGeometry {
    BoardGeometry {
        files,
        ranks,
        kind: GridKind::Squares,
        river: None,
        palaces: Vec::new(),
        marks: Vec::new(),
        file_labels: (0..files)
            .map(|f| ((b'a' + f) as char).to_string())
            .collect(),
        rank_labels: (0..ranks).map(|r| (r as u32 + 1).to_string()).collect(),
    }
}

/// What differs between the two games, for the one view.
pub trait ChessGame: GameView {
    const NAME: &'static str;
    const FILES: u8;
    /// The setup asks for a hiding square before the piece (Intrigue).
    const HIDES: bool;
    fn scene(view: &Self::Observation) -> Scene;
    fn actions(view: &Self::Observation) -> Actions<Self::Action>;
    /// Whether `cell` holds a piece the viewer may pick for its secret.
    fn setup_piece(view: &Self::Observation, cell: Cell) -> bool;
    /// The secret choice made of the picks, when complete.
    fn setup_action(
        view: &Self::Observation,
        hiding: Option<Cell>,
        piece: Option<Cell>,
    ) -> Option<Self::Action>;
    /// The squares of a board action (for the hint).
    fn action_cells(action: Self::Action) -> Option<(Cell, Cell)>;
    /// An action in words (the hint).
    fn action_text(action: Self::Action) -> String;
    fn rules() -> &'static [&'static str];
    /// The starting position's FEN (the Kings are not on it).
    fn start_fen(view: &Self::Observation) -> String;
    /// Tags beyond the standard ones, the closing comment (both secrets)
    /// and the moves, from the two seats' observations after the end.
    fn record(views: &[Self::Observation; 2]) -> (Vec<(String, String)>, String, Vec<String>);
    /// What the viewer is asked to pick next in the setup.
    fn setup_prompt(hiding: Option<Cell>, piece: Option<Cell>) -> String;
}

// ----------------------------------------------------- shared by both games

/// Promotion variants in the order a player expects: Queen first, staying
/// a pawn last.
fn sort_promotions<A>(board: &mut [(Cell, Cell, String, A)]) {
    let rank = |label: &str| match label {
        l if l.contains("queen") => 0,
        l if l.contains("rook") => 1,
        l if l.contains("bishop") => 2,
        l if l.contains("knight") => 3,
        _ => 4,
    };
    board.sort_by_key(|(f, t, l, _)| (f.rank, f.file, t.rank, t.file, rank(l)));
}

// ------------------------------------------------------------ the plugin

/// What the viewer may choose from a menu (buttons and the digit keys).
#[derive(Clone, Debug, PartialEq)]
pub enum Choice<A> {
    Play(A),
    /// Drop the secret picks made so far.
    StartOver,
}

/// The viewer's input state for game `G`: its actions now, the menu of
/// choices, the secret picks in the making and a pending promotion.
#[derive(Resource)]
pub struct ChessInput<G: ChessGame> {
    pub actions: Actions<G::Action>,
    pub setting_up: bool,
    pub hiding: Option<Cell>,
    pub piece: Option<Cell>,
    pub promotion: Vec<(String, G::Action)>,
    pub choices: Vec<(String, Choice<G::Action>)>,
    /// The setup prompt, when the viewer is choosing its secret.
    pub prompt: Option<String>,
}

impl<G: ChessGame> Default for ChessInput<G> {
    fn default() -> Self {
        ChessInput {
            actions: Actions::default(),
            setting_up: false,
            hiding: None,
            piece: None,
            promotion: Vec::new(),
            choices: Vec::new(),
            prompt: None,
        }
    }
}

impl<G: ChessGame> ChessInput<G> {
    fn refresh(&mut self, view: Option<&G::Observation>) {
        self.choices.clear();
        self.prompt = None;
        if self.setting_up {
            self.prompt = Some(G::setup_prompt(self.hiding, self.piece));
            if let Some(a) = view.and_then(|v| G::setup_action(v, self.hiding, self.piece)) {
                self.choices
                    .push(("Confirm my secret choice".into(), Choice::Play(a)));
            }
            if self.hiding.is_some() || self.piece.is_some() {
                self.choices.push(("Start over".into(), Choice::StartOver));
            }
        } else if !self.promotion.is_empty() {
            self.choices = self
                .promotion
                .iter()
                .map(|(l, a)| (l.clone(), Choice::Play(*a)))
                .collect();
        } else {
            self.choices = self
                .actions
                .buttons
                .iter()
                .map(|(l, a)| (l.clone(), Choice::Play(*a)))
                .collect();
        }
    }

    fn clear(&mut self) {
        *self = ChessInput::default();
    }
}

/// The finished game's record, for the results screen.
#[derive(Resource, Clone, Debug)]
pub struct ChessRecord {
    pub game: &'static str,
    pub pgn: String,
}

/// The view's memory: the scene drawn, the one before (for replays), what
/// it was drawn for.
#[derive(Resource, Default)]
pub struct ChessViewState {
    pub scene: Option<Scene>,
    pub before: Option<Scene>,
    /// A King appeared with the last change: the HUD says so.
    pub banner: Option<String>,
}

/// Root of the chess board art.
#[derive(Component)]
pub struct ChessBoard;

pub struct ChessViewPlugin;

impl Plugin for ChessViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ChessViewState>()
            .add_systems(
                EguiPrimaryContextPass,
                record_window
                    .run_if(in_state(Screen::Results).and_then(resource_exists::<ChessRecord>)),
            )
            // The record belongs to the results of the game just played.
            .add_systems(OnExit(Screen::Results), |mut commands: Commands| {
                commands.remove_resource::<ChessRecord>();
            });
        add_game::<Intrigue>(app);
        add_game::<SecretKing>(app);
        // `VEIL_DEMO=intrigue` / `secret-king`: a game under way.
        crate::table::view::add_demo::<Intrigue>(app, |setup| {
            crate::table::view::demo_match(setup, 2024, 12, |_| false)
        });
        crate::table::view::add_demo::<SecretKing>(app, |setup| {
            crate::table::view::demo_match(setup, 2024, 14, |_| false)
        });
    }
}

fn add_game<G: ChessGame>(app: &mut App) {
    app.add_plugins(TablePlugin::<G>::default())
        .init_resource::<ChessInput<G>>()
        .add_systems(
            Update,
            (
                human_input::<G>.in_set(PlaySet::Input),
                (refresh_view::<G>, pick_marks::<G>)
                    .chain()
                    .in_set(PlaySet::Draw),
            )
                .run_if(active::<G>()),
        )
        .add_systems(EguiPrimaryContextPass, hud::<G>.run_if(active::<G>()));
    on_table_enter::<G, _>(app, enter_play::<G>);
}

const BOARD_CENTER: Vec2 = Vec2::new(-120.0, -10.0);

fn spacing(files: u8) -> f32 {
    if files > 8 { 72.0 } else { 88.0 }
}

fn enter_play<G: ChessGame>(
    mut commands: Commands,
    settings: Res<Settings>,
    viewer: Res<Viewer>,
    mut view: ResMut<ChessViewState>,
    mut input: ResMut<ChessInput<G>>,
    mut ui: ResMut<BoardUi>,
) {
    input.clear();
    *view = ChessViewState::default();
    *ui = BoardUi::default();
    let files = G::FILES;
    let layout = BoardLayout::new(geometry(files, files), spacing(files)).at(BOARD_CENTER);
    let flipped = settings.orientation.flipped(viewer.0.0);
    let tag = (ChessBoard, DespawnOnExit(Screen::Play));
    place_board(&mut commands, layout, flipped, tag);
}
