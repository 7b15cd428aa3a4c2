//! The Jieqi game view. Everything it draws comes from one observation,
//! `Match::observe(viewer)`, turned into a [`Scene`]; the full game state in
//! [`Match`] is never read for drawing. After every change the pieces are
//! rebuilt from the new scene, and the difference with the previous scene of
//! the same viewer becomes animations (slide, flip, capture to the tray).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veil_core::{Game, Seat, Turn};
use veil_jieqi::{Action, Color as Side, Jieqi, JieqiView, Kind, Move, Square};

use crate::kit::anim::{Flip, PieceColors, Pulse, Slide};
use crate::kit::board::{
    BoardGeometry, BoardImages, BoardLayout, BoardMove, BoardUi, Cell, FaceDown, Glyph, GridKind,
    Identity, InTray, Owner, Piece, orient_board, show_hint, spawn_board_art,
};
use crate::kit::input::Command;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::ActiveGame;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{
    Animating, Match, PlayPhase, PrivacyPending, ResignAsked, Viewer, new_match,
};
use crate::table::setup::MatchSetup;
use crate::table::view::{
    ActionRequest, GameView, PreparedMatch, Redraw, TablePlugin, active, on_table_enter,
};

impl GameView for Jieqi {
    fn seat_name(seat: Seat) -> &'static str {
        if seat.0 == 0 { "Red" } else { "Black" }
    }

    fn move_text(after: &JieqiView) -> Option<String> {
        // Public: the move and what the mover turned out to be.
        after
            .last_move
            .map(|m| veil_jieqi::record_move(m, after.last_reveal))
    }

    fn needs_privacy(previous: &JieqiView, next: &JieqiView) -> bool {
        // A captured face-down piece known to one side only: whoever looks at
        // the screen must be the side that knows it.
        previous.knowledge_differs() || next.knowledge_differs()
    }

    const RULES_TITLE: &'static str = "Jieqi rules";
    const RULES: &'static [&'static str] = RULES;
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

/// The letter drawn on a face-up piece: readable without knowing the
/// traditional characters.
pub fn glyph(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "G",
        Kind::Advisor => "A",
        Kind::Elephant => "E",
        Kind::Horse => "H",
        Kind::Chariot => "R",
        Kind::Cannon => "C",
        Kind::Soldier => "S",
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

const RED_INK: Color = Color::srgb(0.75, 0.1, 0.08);
const BLACK_INK: Color = Color::srgb(0.08, 0.08, 0.1);
const FACE: Color = Color::srgb(0.98, 0.92, 0.78);
const RED_BACK: Color = Color::srgb(0.55, 0.16, 0.12);
const BLACK_BACK: Color = Color::srgb(0.18, 0.22, 0.2);

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
        app.add_plugins(TablePlugin::<Jieqi>::default())
            .init_resource::<ViewState>()
            .add_systems(Startup, start_demo)
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

/// `VEIL_DEMO=jieqi`: a game against the computer already under way.
fn start_demo(
    launch: Res<crate::LaunchOptions>,
    mut setup: ResMut<MatchSetup>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
) {
    if launch.demo.as_deref() != Some(Jieqi::ID) {
        return;
    }
    setup.choose_game(Jieqi::ID);
    active.set(ActiveGame::of::<Jieqi>());
    setup.seats = vec![
        crate::table::setup::SeatKind::Human,
        crate::table::setup::SeatKind::Computer(veil_ai::Level::Easy),
    ];
    setup.seed = Some(2024);
    let mut m = new_match::<Jieqi>(&setup, setup.options::<Jieqi>());
    // Twelve plies of quick greedy play on both sides.
    for i in 0..14u64 {
        let Some(seat) = m.to_act() else { break };
        let view = m.observe(seat);
        let action = veil_ai::choose::<Jieqi>(&view, veil_ai::Level::Greedy, None, 7 + i);
        if m.play(seat, action).is_err() {
            break;
        }
    }
    setup.seed = None;
    commands.insert_resource(PreparedMatch(m));
    // Play begins once the active game is in place (next frame).
    next.set(Screen::Play);
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
    let mut layout = BoardLayout::new(geometry(), SPACING);
    layout.center = BOARD_CENTER;
    layout.flipped = settings.orientation.flipped(viewer.0.0);
    let art = spawn_board_art(&mut commands, &layout, 20.0);
    commands
        .entity(art)
        .insert((JieqiBoard, DespawnOnExit(Screen::Play)));
    commands.insert_resource(layout);
}

/// Clicks and keys on the board become moves for the viewer, when it is the
/// viewer's turn.
fn human_moves(
    mut commands: MessageReader<Command>,
    mut ui: ResMut<BoardUi>,
    m: Res<Match<Jieqi>>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    phase: Res<State<PlayPhase>>,
    animating: Res<Animating>,
    mut moved: MessageWriter<BoardMove>,
    mut requests: MessageWriter<ActionRequest<Jieqi>>,
) {
    for c in commands.read() {
        match c {
            Command::Square(cell) => {
                if *phase.get() != PlayPhase::HumanTurn || privacy.0.is_some() || animating.0 {
                    continue;
                }
                if m.to_act() != Some(viewer.0) {
                    continue;
                }
                if let Some(mv) = ui.click(*cell) {
                    moved.write(mv);
                    let (Some(from), Some(to)) = (square(mv.from), square(mv.to)) else {
                        continue;
                    };
                    requests.write(ActionRequest {
                        seat: viewer.0,
                        action: Action::Move(Move::new(from, to)),
                    });
                }
            }
            Command::Cancel => ui.selected = None,
            _ => {}
        }
    }
}

fn tray_position(layout: &BoardLayout, owner: u8, slot: usize) -> Vec2 {
    // Each side's lost pieces lie beside the board on that side's half.
    let bottom_owner = if layout.flipped { 1 } else { 0 };
    let s = layout.spacing;
    let left = layout.center.x - layout.extent().x / 2.0 - s * 0.55;
    let col = (slot / 8) as f32;
    let row = (slot % 8) as f32;
    let x = left - col * s * 0.62;
    let y0 = layout.center.y - layout.extent().y / 2.0 + s * 0.6;
    let y1 = layout.center.y + layout.extent().y / 2.0 - s * 0.6;
    if owner == bottom_owner {
        Vec2::new(x, y0 + row * s * 0.62)
    } else {
        Vec2::new(x, y1 - row * s * 0.62)
    }
}

fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    piece: SeenPiece,
    at: Vec2,
    size: f32,
    cell_or_tray: Result<Cell, InTray>,
) -> Entity {
    let face_up = piece.kind.is_some();
    let colors = PieceColors {
        face: FACE,
        back: back(piece.side),
        face_up,
    };
    let mut e = commands.spawn((
        Sprite {
            image: images.disc.clone(),
            color: if face_up { FACE } else { colors.back },
            custom_size: Some(Vec2::splat(size)),
            ..default()
        },
        Transform::from_xyz(at.x, at.y, 1.0),
        Owner(piece.side.index() as u8),
        colors,
        DespawnOnExit(Screen::Play),
    ));
    match cell_or_tray {
        Ok(c) => e.insert(Piece { cell: Some(c) }),
        Err(tray) => e.insert((Piece { cell: None }, tray)),
    };
    if let Some(kind) = piece.kind {
        e.insert(Identity(kind_name(kind).to_owned()));
    } else {
        e.insert(FaceDown);
    }
    let id = e.id();
    // The ring in the side's colour, and the letter when face up.
    let ring = commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color: ink(piece.side),
                custom_size: Some(Vec2::splat(size * 0.86)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id();
    commands.entity(id).add_child(ring);
    if let Some(kind) = piece.kind {
        let g = commands
            .spawn((
                Glyph,
                WorldText::new(glyph(kind), size * 0.5, ink(piece.side)).mono(),
                Transform::from_xyz(0.0, 0.0, 0.2),
            ))
            .id();
        commands.entity(id).add_child(g);
    }
    id
}

/// Redraws the pieces whenever the game, the viewer, the orientation or the
/// privacy screen changed, animating the difference.
fn refresh_view(
    mut commands: Commands,
    m: Res<Match<Jieqi>>,
    viewer: Res<Viewer>,
    settings: Res<Settings>,
    images: Res<BoardImages>,
    mut layout: ResMut<BoardLayout>,
    mut view: ResMut<ViewState>,
    mut ui: ResMut<BoardUi>,
    redraw: Res<Redraw>,
    old_pieces: Query<Entity, With<Piece>>,
    arts: Query<Entity, With<JieqiBoard>>,
    mut cues: MessageWriter<Cue>,
) {
    let Redraw {
        hidden,
        flipped,
        replay,
        ..
    } = *redraw;
    let hint = if hidden {
        None
    } else {
        m.hint.and_then(|a| match a {
            Action::Move(mv) => Some((cell(mv.from), cell(mv.to))),
            _ => None,
        })
    };
    show_hint(&mut ui, hint);
    if !redraw.needed {
        return;
    }
    let board_extra = (JieqiBoard, DespawnOnExit(Screen::Play));
    orient_board(
        &mut commands,
        &mut layout,
        flipped,
        redraw.flip_changed,
        &arts,
        board_extra,
    );
    for e in &old_pieces {
        commands.entity(e).despawn();
    }
    if hidden {
        // Nobody's pieces while the device changes hands.
        *ui = BoardUi::default();
        view.scene = None;
        return;
    }
    let scene = Scene::from_view(&m.observe(viewer.0));
    let previous = view.scene.take().filter(|_| redraw.animate());
    // A replay is animated even with animations off.
    let duration = settings.animation.seconds().or(replay.then_some(0.4));
    let size = layout.spacing * 0.88;
    let moved = replay
        || previous
            .as_ref()
            .is_some_and(|p| p.last_move != scene.last_move);
    for (c, piece) in &scene.board {
        let at = layout.cell_to_world(*c);
        let e = spawn_piece(&mut commands, &images, *piece, at, size, Ok(*c));
        let Some((from, to)) = scene.last_move else {
            continue;
        };
        if !moved || *c != to {
            continue;
        }
        let revealed = match &previous {
            Some(prev) if !replay => prev.piece_at(from).is_some_and(|b| b.kind.is_none()),
            _ => scene.last_reveal,
        };
        if let Some(d) = duration {
            commands
                .entity(e)
                .insert(Slide::new(layout.cell_to_world(from), at, d, 0.0));
            if revealed && piece.kind.is_some() {
                commands.entity(e).insert(Flip {
                    delay: d,
                    duration: d,
                    elapsed: 0.0,
                });
            }
        }
    }
    if replay {
        cues.write(Cue::Move);
    }
    for owner in 0..2u8 {
        for (slot, piece) in scene.captured[owner as usize].iter().enumerate() {
            let at = tray_position(&layout, owner, slot);
            let e = spawn_piece(
                &mut commands,
                &images,
                *piece,
                at,
                size * 0.6,
                Err(InTray {
                    owner,
                    slot: slot as u8,
                }),
            );
            let newly = previous
                .as_ref()
                .is_some_and(|p| slot >= p.captured[owner as usize].len());
            if let (true, Some(d), Some((_, to))) = (newly, duration, scene.last_move) {
                commands
                    .entity(e)
                    .insert(Slide::new(layout.cell_to_world(to), at, d, d * 0.5));
            }
        }
    }
    // Sounds and the check pulse for a move just made.
    if let Some(prev) = &previous {
        if prev.last_move != scene.last_move {
            let captured = scene.captured.iter().map(Vec::len).sum::<usize>()
                > prev.captured.iter().map(Vec::len).sum::<usize>();
            cues.write(if captured { Cue::Capture } else { Cue::Move });
            if let Some((from, to)) = scene.last_move {
                let flipped_now = prev.piece_at(from).is_some_and(|p| p.kind.is_none())
                    && scene.piece_at(to).is_some_and(|p| p.kind.is_some());
                if flipped_now {
                    cues.write(Cue::Flip);
                }
            }
            if scene.check.is_some() {
                cues.write(Cue::Check);
            }
        }
    }
    let keep_selected = ui
        .selected
        .filter(|s| scene.moves.iter().any(|(f, _)| f == s));
    *ui = BoardUi {
        hover: ui.hover,
        cursor: ui.cursor,
        selected: keep_selected,
        moves: if m.seat_kind(viewer.0).is_human() && m.to_act() == Some(viewer.0) {
            scene.moves.clone()
        } else {
            Vec::new()
        },
        last_move: scene.last_move,
        check: scene.check,
        hint,
    };
    view.scene = Some(scene);
}

/// Adds the check pulse to the general in check once it is drawn.
fn pulse_check(
    mut commands: Commands,
    ui: Res<BoardUi>,
    pieces: Query<(Entity, &Piece), Added<Piece>>,
) {
    let Some(check) = ui.check else { return };
    for (e, p) in &pieces {
        if p.cell == Some(check) {
            commands.entity(e).insert(Pulse {
                duration: 0.9,
                elapsed: 0.0,
            });
        }
    }
}

fn side_name(side: Side) -> &'static str {
    if side == Side::Red { "Red" } else { "Black" }
}

fn hud(
    mut contexts: EguiContexts,
    m: Res<Match<Jieqi>>,
    view: Res<ViewState>,
    viewer: Res<Viewer>,
    resign: Res<ResignAsked>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let viewer_seat = viewer.0;
    let mut root = crate::shell::screens::root_ui(ctx, "hud-root", false);
    egui::Panel::right("hud").exact_size(300.0).show(&mut root, |ui| {
        let Some(scene) = &view.scene else {
            ui.label("…");
            return;
        };
        ui.heading(format!("You see: {}", Jieqi::seat_name(viewer_seat)));
        let turn_text = match (m.turn(), scene.to_move) {
            (Turn::Over, _) => "Game over".to_owned(),
            (_, Some(side)) => {
                let seat = Seat(side.index() as u8);
                if m.is_thinking() || !m.seat_kind(seat).is_human() {
                    format!("{} is thinking…", side_name(side))
                } else {
                    format!("{} to move", side_name(side))
                }
            }
            _ => String::new(),
        };
        ui.label(egui::RichText::new(turn_text).size(20.0));
        if m.is_thinking() {
            ui.add(egui::Spinner::new());
        }
        if scene.check.is_some() {
            ui.label(egui::RichText::new("CHECK!").size(24.0).color(egui::Color32::from_rgb(220, 30, 20)).strong());
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(Action::Move(mv)) = m.hint {
            ui.label(format!("Hint: {mv}"));
        }
        ui.separator();
        let hint = m.seat_kind(viewer_seat).is_human();
        panel::controls(ui, &m, hint, Some(scene.last_move.is_some()), resign.0, &mut out, |_| {});
        ui.separator();
        ui.label(egui::RichText::new("Captured").strong());
        for owner in [Side::Red, Side::Black] {
            let list: Vec<String> = scene.captured[owner.index()]
                .iter()
                .map(|p| p.kind.map_or("?".to_owned(), |k| glyph(k).to_owned()))
                .collect();
            ui.label(format!("{} lost: {}", side_name(owner), if list.is_empty() { "—".into() } else { list.join(" ") }));
        }
        ui.label(egui::RichText::new("Not yet seen by you").strong());
        for side in [Side::Red, Side::Black] {
            let pool: Vec<String> = scene.pool[side.index()].iter().map(|(k, n)| format!("{}×{n}", glyph(*k))).collect();
            ui.label(format!("{}: {}", side_name(side), pool.join(" ")));
        }
        ui.separator();
        panel::move_list(ui, m.log(), Some(8), 260.0);
        ui.separator();
        ui.small("G general · A advisor · E elephant · H horse · R chariot · C cannon · S soldier; dark discs are face down.");
    });
    Ok(())
}

/// The rulings of §4, in plain words.
pub const RULES: &[&str] = &[
    "Jieqi is xiangqi (Chinese chess) played with hidden pieces.",
    "All pieces except the two generals start face down, shuffled at random over the fifteen usual starting points of their side. Nobody — not even the owner — knows what a face-down piece is.",
    "A face-down piece moves like the piece that normally starts on its point, with that piece's limits: on an advisor point it stays in the palace, on an elephant point it stays on its side of the river; horse legs, elephant eyes and cannon screens work as usual.",
    "A piece turns face up the first time it moves (capturing or not). What it is, is drawn at that moment from its side's remaining face-down pieces.",
    "Face-up pieces move as in xiangqi, except that advisors and elephants may leave the palace and cross the river. A soldier moves forward until it has crossed the river, then also sideways. Generals stay in the palace, and the two generals may never face each other on an open file.",
    "When you capture a face-down piece, you see what it was; by default your opponent does not (a setup option shows it to both). The owner only learns that a face-down piece was lost.",
    "A side with no legal move loses. Repeating the same position three times is a draw, except that the side giving perpetual check loses. 120 moves (plies) with no capture and no reveal is a draw.",
    "Moves are written in ICCS (e.g. h2e2); when a move reveals a piece, its letter is added (b0c2n).",
    "On the board: G general, A advisor, E elephant, H horse, R chariot, C cannon, S soldier. Dark discs are face down.",
];
