//! A small toolkit for grid board games: the board's geometry (squares or
//! intersections, river, palaces, coordinates), the mapping between cells and
//! the world, piece entities and their components, and the board's
//! interaction state (hover, selection, legal targets, last move, check).
//!
//! The toolkit knows nothing of any game's rules: a game view fills
//! [`BoardUi::moves`] with the viewer's legal `(from, to)` pairs and turns
//! the [`BoardMove`] a click completes into its action; pieces carry an
//! [`Identity`] only when the viewer may know what they are.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::kit::world_text::WorldText;

/// A point of the board: a square or an intersection. `rank` 0 is the first
/// seat's home rank, `file` 0 its left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    pub const fn new(file: u8, rank: u8) -> Self {
        Cell { file, rank }
    }
}

/// Where pieces stand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GridKind {
    /// On the squares (chess).
    Squares,
    /// On the crossings of the lines (xiangqi, go).
    Intersections,
}

/// What a board looks like, independent of the game's rules.
#[derive(Clone, Debug)]
pub struct BoardGeometry {
    pub files: u8,
    pub ranks: u8,
    pub kind: GridKind,
    /// A river between rank `r` and rank `r + 1` (xiangqi: 4); vertical lines
    /// stop at its banks except the two edge files.
    pub river: Option<u8>,
    /// Palaces as (lower-left, upper-right) corners; their diagonals are drawn.
    pub palaces: Vec<(Cell, Cell)>,
    /// Small cross marks (xiangqi's cannon and soldier points).
    pub marks: Vec<Cell>,
    /// Coordinate labels along the files and ranks.
    pub file_labels: Vec<String>,
    pub rank_labels: Vec<String>,
}

impl BoardGeometry {
    pub fn contains(&self, cell: Cell) -> bool {
        cell.file < self.files && cell.rank < self.ranks
    }

    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Cell::new(f, r)))
    }
}

/// The board as laid out in the world: geometry, spacing between cells and
/// orientation (flipped: the last rank at the bottom).
#[derive(Resource, Clone, Debug)]
pub struct BoardLayout {
    pub geometry: BoardGeometry,
    pub spacing: f32,
    pub center: Vec2,
    pub flipped: bool,
}

impl BoardLayout {
    pub fn new(geometry: BoardGeometry, spacing: f32) -> Self {
        BoardLayout {
            geometry,
            spacing,
            center: Vec2::ZERO,
            flipped: false,
        }
    }

    /// The same layout with its centre at `center`.
    pub fn at(self, center: Vec2) -> Self {
        BoardLayout { center, ..self }
    }

    /// The world position of a cell's centre (or crossing).
    pub fn cell_to_world(&self, cell: Cell) -> Vec2 {
        let g = &self.geometry;
        let (mut f, mut r) = (cell.file as f32, cell.rank as f32);
        if self.flipped {
            f = (g.files - 1) as f32 - f;
            r = (g.ranks - 1) as f32 - r;
        }
        let w = (g.files - 1) as f32;
        let h = (g.ranks - 1) as f32;
        self.center + Vec2::new((f - w / 2.0) * self.spacing, (r - h / 2.0) * self.spacing)
    }

    /// The cell under a world position, if it is on the board.
    pub fn world_to_cell(&self, pos: Vec2) -> Option<Cell> {
        let g = &self.geometry;
        let w = (g.files - 1) as f32;
        let h = (g.ranks - 1) as f32;
        let local = (pos - self.center) / self.spacing;
        let mut f = (local.x + w / 2.0).round();
        let mut r = (local.y + h / 2.0).round();
        if f < 0.0 || r < 0.0 || f > w || r > h {
            return None;
        }
        if self.flipped {
            f = w - f;
            r = h - r;
        }
        Some(Cell::new(f as u8, r as u8))
    }

    /// The size of the drawn board, margins included.
    pub fn extent(&self) -> Vec2 {
        let g = &self.geometry;
        Vec2::new(g.files as f32 + 1.0, g.ranks as f32 + 1.0) * self.spacing
    }
}

/// A piece on the board or in a tray.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Where the piece stands, or `None` for a piece in a captured tray.
    pub cell: Option<Cell>,
}

/// The seat a piece belongs to.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner(pub u8);

/// What a piece is, in the game's own words ("rook"). Present only when the
/// viewer may know it: a face-down piece nobody knows never carries one.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Identity(pub String);

/// The piece shows its back.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceDown;

/// The glyph child of a piece (the letter drawn on its face).
#[derive(Component, Clone, Copy, Debug)]
pub struct Glyph;

/// A piece lying in the captured tray of its owner, at this slot.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InTray {
    pub owner: u8,
    pub slot: u8,
}

/// Root of everything drawn for the board (lines, labels); pieces and
/// highlights are separate so they can be rebuilt alone.
#[derive(Component)]
pub struct BoardArt;

/// A highlight drawn on a cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    Hover,
    Cursor,
    Selected,
    Target,
    LastFrom,
    LastTo,
    Check,
    HintFrom,
    HintTo,
}

/// The viewer's interaction with the board.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct BoardUi {
    /// The cell under the mouse.
    pub hover: Option<Cell>,
    /// The keyboard cursor.
    pub cursor: Option<Cell>,
    pub selected: Option<Cell>,
    /// The viewer's legal moves as (from, to); empty when it may not move.
    pub moves: Vec<(Cell, Cell)>,
    pub last_move: Option<(Cell, Cell)>,
    pub check: Option<Cell>,
    pub hint: Option<(Cell, Cell)>,
}

impl BoardUi {
    /// The cells the selected piece may move to.
    pub fn targets(&self) -> Vec<Cell> {
        match self.selected {
            Some(from) => self
                .moves
                .iter()
                .filter(|(f, _)| *f == from)
                .map(|(_, t)| *t)
                .collect(),
            None => Vec::new(),
        }
    }

    /// What a click on `cell` does: select a movable piece, move the selected
    /// piece, or clear the selection.
    pub fn click(&mut self, cell: Cell) -> Option<BoardMove> {
        if let Some(from) = self.selected {
            if self.moves.contains(&(from, cell)) {
                self.selected = None;
                return Some(BoardMove { from, to: cell });
            }
        }
        if self.selected != Some(cell) && self.moves.iter().any(|(f, _)| *f == cell) {
            self.selected = Some(cell);
        } else {
            self.selected = None;
        }
        None
    }
}

/// The viewer asked to move the piece on `from` to `to` (a legal pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMove {
    pub from: Cell,
    pub to: Cell,
}

/// Shared images: a soft disc for pieces and highlights.
#[derive(Resource, Clone)]
pub struct BoardImages {
    pub disc: Handle<Image>,
    pub ring: Handle<Image>,
}

impl BoardImages {
    /// A disc `size` across, tinted `color`: a piece, a stone, a cap.
    pub fn disc_sprite(&self, color: Color, size: f32) -> Sprite {
        Sprite {
            image: self.disc.clone(),
            color,
            custom_size: Some(Vec2::splat(size)),
            ..default()
        }
    }

    /// A ring `size` across, tinted `color`: a rim, a mark, a highlight.
    pub fn ring_sprite(&self, color: Color, size: f32) -> Sprite {
        Sprite {
            image: self.ring.clone(),
            color,
            custom_size: Some(Vec2::splat(size)),
            ..default()
        }
    }
}

/// Draws a white disc (or ring) with a soft edge, tinted by the sprite colour.
fn disc_image(size: u32, inner: f32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    let c = (size as f32 - 1.0) / 2.0;
    let outer = c;
    let inner = inner * c;
    for y in 0..size {
        for x in 0..size {
            let d = ((x as f32 - c).powi(2) + (y as f32 - c).powi(2)).sqrt();
            let a_out = (outer - d).clamp(0.0, 1.0);
            let a_in = if inner > 0.0 {
                (d - inner).clamp(0.0, 1.0)
            } else {
                1.0
            };
            let a = (a_out * a_in * 255.0) as u8;
            data.extend_from_slice(&[255, 255, 255, a]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// Makes the shared images. Called while the app is built, so the first
/// screen's `OnEnter` (which runs before `Startup`) can use them.
pub fn init_board_images(world: &mut World) {
    let mut images = world.resource_mut::<Assets<Image>>();
    let disc = images.add(disc_image(128, 0.0));
    let ring = images.add(disc_image(128, 0.86));
    world.insert_resource(BoardImages { disc, ring });
}

pub const LINE: Color = Color::srgb(0.32, 0.18, 0.08);
pub const BOARD_BG: Color = Color::srgb(0.93, 0.80, 0.56);

/// Shows `hint` (from, to) on the board, or none; a hint already shown
/// changes nothing (so the highlights are not redrawn every frame).
pub fn show_hint(ui: &mut ResMut<BoardUi>, hint: Option<(Cell, Cell)>) {
    if ui.hint != hint {
        ui.hint = hint;
    }
}

/// Sets the layout's orientation for the viewer; when the orientation
/// `turned` since the last draw, the board art (`old_art`) is drawn again
/// the other way round, with `extra` on its root.
pub fn orient_board(
    commands: &mut Commands,
    layout: &mut BoardLayout,
    flipped: bool,
    turned: bool,
    old_art: impl IntoIterator<Item = Entity>,
    extra: impl Bundle,
) {
    layout.flipped = flipped;
    if turned {
        for e in old_art {
            commands.entity(e).despawn();
        }
        let art = spawn_board_art(commands, layout, 20.0);
        commands.entity(art).insert(extra);
    }
}

/// Makes `layout` the table's board, seen from the far side when `flipped`,
/// and spawns its art with `tag` on the art's root.
pub fn place_board(
    commands: &mut Commands,
    mut layout: BoardLayout,
    flipped: bool,
    tag: impl Bundle,
) {
    layout.flipped = flipped;
    let art = spawn_board_art(commands, &layout, 20.0);
    commands.entity(art).insert(tag);
    commands.insert_resource(layout);
}

/// Spawns the board's lines, river, palaces, marks and coordinates as
/// children of one [`BoardArt`] entity, which is returned.
pub fn spawn_board_art(commands: &mut Commands, layout: &BoardLayout, font_size: f32) -> Entity {
    let g = &layout.geometry;
    let s = layout.spacing;
    let thin = (s * 0.035).max(1.5);
    let root = commands
        .spawn((BoardArt, Transform::default(), Visibility::default()))
        .id();
    let mut children = Vec::new();
    let ext = layout.extent();
    children.push(
        commands
            .spawn((
                Sprite::from_color(BOARD_BG, ext),
                Transform::from_xyz(layout.center.x, layout.center.y, -10.0),
            ))
            .id(),
    );
    let line = |commands: &mut Commands, a: Vec2, b: Vec2, width: f32| {
        let mid = (a + b) / 2.0;
        let d = b - a;
        let len = d.length() + width;
        let angle = d.y.atan2(d.x);
        commands
            .spawn((
                Sprite::from_color(LINE, Vec2::new(len, width)),
                Transform::from_xyz(mid.x, mid.y, -9.0).with_rotation(Quat::from_rotation_z(angle)),
            ))
            .id()
    };
    let p = |f: f32, r: f32| {
        // Cell coordinates may be fractional for square boards' edges.
        let w = (g.files - 1) as f32;
        let h = (g.ranks - 1) as f32;
        let (f, r) = if layout.flipped {
            (w - f, h - r)
        } else {
            (f, r)
        };
        layout.center + Vec2::new((f - w / 2.0) * s, (r - h / 2.0) * s)
    };
    match g.kind {
        GridKind::Intersections => {
            let last_f = (g.files - 1) as f32;
            let last_r = (g.ranks - 1) as f32;
            for r in 0..g.ranks {
                let r = r as f32;
                children.push(line(commands, p(0.0, r), p(last_f, r), thin));
            }
            for f in 0..g.files {
                let ff = f as f32;
                let edge = f == 0 || f == g.files - 1;
                match g.river {
                    Some(river) if !edge => {
                        children.push(line(commands, p(ff, 0.0), p(ff, river as f32), thin));
                        children.push(line(
                            commands,
                            p(ff, river as f32 + 1.0),
                            p(ff, last_r),
                            thin,
                        ));
                    }
                    _ => children.push(line(commands, p(ff, 0.0), p(ff, last_r), thin)),
                }
            }
            // A heavier frame around the playing area.
            let m = 0.25;
            let (a, b, c, d) = (
                p(-m, -m),
                p(last_f + m, -m),
                p(last_f + m, last_r + m),
                p(-m, last_r + m),
            );
            for (x, y) in [(a, b), (b, c), (c, d), (d, a)] {
                children.push(line(commands, x, y, thin * 2.0));
            }
            for (lo, hi) in &g.palaces {
                let (f0, r0, f1, r1) = (
                    lo.file as f32,
                    lo.rank as f32,
                    hi.file as f32,
                    hi.rank as f32,
                );
                children.push(line(commands, p(f0, r0), p(f1, r1), thin));
                children.push(line(commands, p(f0, r1), p(f1, r0), thin));
            }
            for m in &g.marks {
                let c = p(m.file as f32, m.rank as f32);
                let o = s * 0.09;
                let l = s * 0.12;
                for (dx, dy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
                    let f = m.file as i32
                        + if layout.flipped {
                            -dx as i32
                        } else {
                            dx as i32
                        };
                    if f < 0 || f >= g.files as i32 {
                        continue;
                    }
                    let corner = c + Vec2::new(dx * o, dy * o);
                    children.push(line(
                        commands,
                        corner,
                        corner + Vec2::new(dx * l, 0.0),
                        thin * 0.8,
                    ));
                    children.push(line(
                        commands,
                        corner,
                        corner + Vec2::new(0.0, dy * l),
                        thin * 0.8,
                    ));
                }
            }
            if let Some(river) = g.river {
                let c = (p(0.0, river as f32) + p(last_f, river as f32 + 1.0)) / 2.0;
                children.push(
                    commands
                        .spawn((
                            WorldText::new("~  river  ~", font_size * 1.1, LINE.with_alpha(0.6)),
                            Transform::from_xyz(c.x, c.y, -8.0),
                        ))
                        .id(),
                );
            }
        }
        GridKind::Squares => {
            for cell in g.cells() {
                let dark = (cell.file + cell.rank) % 2 == 0;
                let color = if dark {
                    Color::srgb(0.6, 0.42, 0.28)
                } else {
                    Color::srgb(0.9, 0.8, 0.62)
                };
                let c = layout.cell_to_world(cell);
                children.push(
                    commands
                        .spawn((
                            Sprite::from_color(color, Vec2::splat(s)),
                            Transform::from_xyz(c.x, c.y, -9.0),
                        ))
                        .id(),
                );
            }
        }
    }
    // Coordinates: files below the bottom rank, ranks left of the first file.
    let label = |commands: &mut Commands, text: &str, at: Vec2| {
        commands
            .spawn((
                WorldText::new(text, font_size * 0.8, LINE.with_alpha(0.8)),
                Transform::from_xyz(at.x, at.y, -8.0),
            ))
            .id()
    };
    let bottom = if layout.flipped { g.ranks - 1 } else { 0 };
    let left = if layout.flipped { g.files - 1 } else { 0 };
    for (f, text) in g.file_labels.iter().enumerate() {
        let at = layout.cell_to_world(Cell::new(f as u8, bottom)) - Vec2::new(0.0, s * 0.72);
        children.push(label(commands, text, at));
    }
    for (r, text) in g.rank_labels.iter().enumerate() {
        let at = layout.cell_to_world(Cell::new(left, r as u8)) - Vec2::new(s * 0.72, 0.0);
        children.push(label(commands, text, at));
    }
    commands.entity(root).add_children(&children);
    root
}

/// Redraws the highlights whenever the board's interaction state changes.
pub fn sync_highlights(
    mut commands: Commands,
    ui: Res<BoardUi>,
    layout: Option<Res<BoardLayout>>,
    images: Res<BoardImages>,
    old: Query<Entity, With<Highlight>>,
) {
    // No board (off the play screen): no highlights either.
    let Some(layout) = layout else {
        for e in &old {
            commands.entity(e).despawn();
        }
        return;
    };
    if !ui.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let s = layout.spacing;
    let mut spawn = |cell: Cell, kind: Highlight| {
        let (image, color, size, z) = match kind {
            Highlight::Hover => (&images.ring, Color::srgba(1.0, 1.0, 1.0, 0.7), 0.98, 6.0),
            Highlight::Cursor => (&images.ring, Color::srgba(0.1, 0.4, 1.0, 0.9), 1.02, 6.1),
            Highlight::Selected => (&images.ring, Color::srgba(0.1, 0.75, 0.2, 0.95), 1.0, 6.2),
            Highlight::Target => (&images.disc, Color::srgba(0.1, 0.6, 0.2, 0.55), 0.34, 6.3),
            Highlight::LastFrom => (&images.disc, Color::srgba(0.95, 0.65, 0.1, 0.35), 0.7, -5.0),
            Highlight::LastTo => (&images.ring, Color::srgba(0.95, 0.55, 0.05, 0.9), 1.0, 6.05),
            Highlight::Check => (&images.disc, Color::srgba(0.95, 0.1, 0.05, 0.6), 1.15, -4.0),
            Highlight::HintFrom => (&images.ring, Color::srgba(0.6, 0.2, 0.9, 0.9), 1.05, 6.4),
            Highlight::HintTo => (&images.disc, Color::srgba(0.6, 0.2, 0.9, 0.5), 0.5, 6.4),
        };
        let at = layout.cell_to_world(cell);
        commands.spawn((
            kind,
            Sprite {
                image: image.clone(),
                color,
                custom_size: Some(Vec2::splat(s * size)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, z),
        ));
    };
    if let Some((from, to)) = ui.last_move {
        spawn(from, Highlight::LastFrom);
        spawn(to, Highlight::LastTo);
    }
    if let Some(cell) = ui.check {
        spawn(cell, Highlight::Check);
    }
    if let Some(cell) = ui.hover {
        spawn(cell, Highlight::Hover);
    }
    if let Some(cell) = ui.cursor {
        spawn(cell, Highlight::Cursor);
    }
    if let Some(cell) = ui.selected {
        spawn(cell, Highlight::Selected);
    }
    for cell in ui.targets() {
        spawn(cell, Highlight::Target);
    }
    if let Some((from, to)) = ui.hint {
        spawn(from, Highlight::HintFrom);
        spawn(to, Highlight::HintTo);
    }
}
