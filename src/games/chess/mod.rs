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
    BoardGeometry, BoardImages, BoardLayout, BoardMove, BoardUi, Cell, Glyph, GridKind, Identity,
    Owner, Piece, orient_board, show_hint, spawn_board_art,
};
use crate::kit::input::Command;
use crate::kit::settings::Settings;
use crate::kit::sound::Cue;
use crate::kit::world_text::WorldText;
use crate::table::PlaySet;
use crate::table::Screen;
use crate::table::panel;
use crate::table::referee::{
    Animating, Match, MatchResult, PlayPhase, PrivacyPending, ResignAsked, Viewer,
};
use crate::table::view::{ActionRequest, GameView, Redraw, TablePlugin, active, on_table_enter};

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

fn square_of(c: Cell, files: u8) -> Square {
    Square(c.rank * files + c.file)
}

pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
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

// --------------------------------------------------------------- Intrigue

fn intrigue_turn(v: &IntrigueView) -> Option<Side> {
    let p = &v.public;
    if p.outcome.is_some() || p.chosen != [true; 2] {
        None
    } else if let Some(pending) = p.pending {
        Some(pending.color)
    } else {
        Some(p.position.turn())
    }
}

impl GameView for Intrigue {
    fn seat_name(seat: Seat) -> &'static str {
        side_name(seat.0)
    }

    fn needs_privacy(previous: &IntrigueView, next: &IntrigueView) -> bool {
        Intrigue::scene(previous).private_knowledge() || Intrigue::scene(next).private_knowledge()
    }

    fn move_text(after: &IntrigueView) -> Option<String> {
        // A capture that leaves its side a decision to make is written once
        // the decision is known (it may add "Informant retired").
        if after.public.pending.is_some() {
            return None;
        }
        after.public.history.last().cloned()
    }

    const RULES_TITLE: &'static str = "Intrigue rules";
    const RULES: &'static [&'static str] = INTRIGUE_RULES;
    const PRIVACY: (&'static str, &'static str) =
        ("Each side has a secret the other must not see.", "board");

    fn options_ui(ui: &mut egui::Ui, o: &mut veil_intrigue::IntrigueOptions) {
        ui.label("Where the Queens start:");
        let q = &mut o.queens;
        ui.radio_value(q, Queens::Home, "as in chess (d1/d8)");
        ui.radio_value(q, Queens::KingSquare, "Queen on the King's square (e1/e8)");
        ui.radio_value(q, Queens::Two, "Two Queens (d and e)");
        ui.checkbox(
            &mut o.atomic_king,
            "Atomic King: an appearing King also removes every piece next to it",
        );
    }

    fn finish(result: &mut MatchResult, views: &[IntrigueView], _: Seat, commands: &mut Commands) {
        finish_record::<Intrigue>(result, views, commands);
    }
}

fn queens_name(q: Queens) -> &'static str {
    match q {
        Queens::Home => "Queens at home",
        Queens::KingSquare => "Queen on the King's square",
        Queens::Two => "Two Queens",
    }
}

impl ChessGame for Intrigue {
    const NAME: &'static str = "Intrigue";
    const FILES: u8 = 8;
    const HIDES: bool = true;

    fn scene(v: &IntrigueView) -> Scene {
        let p = &v.public;
        let me = v.color();
        let over = p.outcome.is_some();
        let board = p
            .position
            .board()
            .pieces()
            .map(|(sq, pc)| {
                (
                    cell_of(sq, 8),
                    SeenPiece {
                        owner: pc.color.index() as u8,
                        role: pc.role,
                    },
                )
            })
            .collect();
        let mut secrets = Vec::new();
        let mut own = Vec::new();
        let mut notes = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let whose = if color == me && !over {
                "Your".to_owned()
            } else {
                format!("{}'s", side_name(c as u8))
            };
            // Only the viewer's own secret, or both once the game is over,
            // is in the observation at all.
            if let Some(s) = v.secrets[c] {
                if p.kings[c].is_none() {
                    let at = cell_of(s.hiding, 8);
                    secrets.push((c as u8, SecretMark::Hiding(at)));
                    let verb = if over { "hid" } else { "hides" };
                    own.push(format!("{whose} King {verb} on {}.", cell_name(at)));
                }
                let file = (b'a' + s.informant.min(7)) as char;
                let state = p.pawns[c]
                    .get(s.informant as usize)
                    .copied()
                    .unwrap_or(PawnState::Captured);
                let informant_text = match state {
                    PawnState::On(sq) if s.active => {
                        let at = cell_of(sq, 8);
                        secrets.push((c as u8, SecretMark::Informant(at)));
                        format!("the {file}-pawn, now on {}", cell_name(at))
                    }
                    _ if p.retired[c] => format!("the {file}-pawn (retired)"),
                    PawnState::Promoted => {
                        format!("the {file}-pawn (promoted: no longer inspected)")
                    }
                    _ => format!("the {file}-pawn (no longer inspected)"),
                };
                own.push(format!("{whose} Informant: {informant_text}."));
            }
            let name = side_name(c as u8);
            match p.kings[c] {
                Some(sq) => notes.push(format!(
                    "{name}'s King appeared on {}.",
                    cell_name(cell_of(sq, 8))
                )),
                None if p.chosen[c] => notes.push(format!("{name}'s King is hidden.")),
                None => notes.push(format!("{name} is choosing a secret.")),
            }
            if p.retired[c] {
                notes.push(format!("{name} retired its Informant."));
            }
            let cleared: Vec<String> = v
                .cleared_files(color)
                .iter()
                .map(|f| ((b'a' + f) as char).to_string())
                .collect();
            if !cleared.is_empty() && p.kings[c].is_none() && !p.retired[c] {
                notes.push(format!(
                    "{name}'s pawns known not to be its Informant: {}.",
                    cleared.join(", ")
                ));
            }
        }
        if v.options.atomic_king {
            notes.push("Atomic King: an appearing King also clears the squares around it.".into());
        }
        if v.options.queens != Queens::Home {
            notes.push(format!("{}.", queens_name(v.options.queens)));
        }
        let last_move = p
            .last_move
            .map(|m| (cell_of(m.from(), 8), cell_of(m.to(), 8)));
        let castle_rook = p.last_move.and_then(|m| {
            let rook = m.castle_rook()?;
            let crossed = Square((m.from().0 + m.to().0) / 2);
            Some((cell_of(rook, 8), cell_of(crossed, 8)))
        });
        let check = if !over && p.position.is_check() {
            p.position
                .board()
                .king_of(p.position.turn())
                .map(|k| cell_of(k, 8))
        } else {
            None
        };
        Scene {
            viewer: v.seat.0,
            files: 8,
            ranks: 8,
            board,
            secrets,
            last_move,
            castle_rook,
            check,
            to_act: intrigue_turn(v).map(|c| c.index() as u8),
            setup: !over && p.chosen != [true; 2],
            setting_up: !over && !p.chosen[me.index()],
            over,
            history: p.history.clone(),
            notes,
            own,
        }
    }

    fn actions(v: &IntrigueView) -> Actions<veil_intrigue::Action> {
        use veil_intrigue::Action;
        let mut out = Actions::default();
        if intrigue_turn(v) != Some(v.color()) {
            return out;
        }
        for a in v.legal_actions() {
            match a {
                Action::Move(m) => {
                    let label = match m.promotion_role() {
                        Some(r) => format!("Promote to {}", role_name(r)),
                        None => "Move".to_owned(),
                    };
                    out.board
                        .push((cell_of(m.from(), 8), cell_of(m.to(), 8), label, a));
                }
                Action::Reveal => {
                    let at = v
                        .my_secret()
                        .map(|s| cell_name(cell_of(s.hiding, 8)))
                        .unwrap_or_default();
                    out.buttons
                        .push((format!("Reveal your King on {at} (a move)"), a));
                }
                Action::Retire(true) => out
                    .buttons
                    .push(("Retire your Informant (announced to both)".into(), a)),
                Action::Retire(false) => out.buttons.push(("Keep your Informant".into(), a)),
                Action::Setup { .. } => {}
            }
        }
        // Retiring first, keeping second: the order of the question.
        out.buttons.sort_by_key(|(_, a)| *a != Action::Retire(true));
        sort_promotions(&mut out.board);
        out
    }

    fn setup_piece(v: &IntrigueView, cell: Cell) -> bool {
        v.public.pawns[v.color().index()].contains(&PawnState::On(square_of(cell, 8)))
    }

    fn setup_action(
        v: &IntrigueView,
        hiding: Option<Cell>,
        piece: Option<Cell>,
    ) -> Option<veil_intrigue::Action> {
        let hiding = square_of(hiding?, 8);
        let pawn = square_of(piece?, 8);
        let informant = v.public.pawns[v.color().index()]
            .iter()
            .position(|p| *p == PawnState::On(pawn))? as u8;
        Some(veil_intrigue::Action::Setup { hiding, informant })
    }

    fn action_cells(a: veil_intrigue::Action) -> Option<(Cell, Cell)> {
        match a {
            veil_intrigue::Action::Move(m) => Some((cell_of(m.from(), 8), cell_of(m.to(), 8))),
            _ => None,
        }
    }

    fn action_text(a: veil_intrigue::Action) -> String {
        a.to_string()
    }

    fn rules() -> &'static [&'static str] {
        INTRIGUE_RULES
    }

    fn setup_prompt(hiding: Option<Cell>, piece: Option<Cell>) -> String {
        match (hiding, piece) {
            (None, _) => "Click the square where your King will hide (any of the 64).".into(),
            (Some(_), None) => {
                "Now click one of your pawns: your Informant. (Another square moves the hiding place.)"
                    .into()
            }
            (Some(h), Some(p)) => format!(
                "Your King hides on {}, your Informant is the pawn on {}. Confirm, or click to change.",
                cell_name(h),
                cell_name(p)
            ),
        }
    }

    fn start_fen(v: &IntrigueView) -> String {
        Intrigue::new(&v.options, 2)
            .map(|g| g.observe(Seat(0)).public.position.to_fen())
            .unwrap_or_default()
    }

    fn record(views: &[IntrigueView; 2]) -> (Vec<(String, String)>, String, Vec<String>) {
        let o = views[0].options;
        let tags = vec![
            ("Queens".to_owned(), queens_name(o.queens).to_owned()),
            (
                "AtomicKing".to_owned(),
                if o.atomic_king { "yes" } else { "no" }.to_owned(),
            ),
        ];
        let mut secrets = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            // Each seat's own observation holds its own secret.
            if let Some(s) = views[c].secrets[c] {
                secrets.push(format!(
                    "{} hid the King on {} with the {}-pawn as Informant",
                    side_name(c as u8),
                    cell_name(cell_of(s.hiding, 8)),
                    (b'a' + s.informant.min(7)) as char
                ));
            }
        }
        (tags, secrets.join("; "), views[0].public.history.clone())
    }
}

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

pub const INTRIGUE_RULES: &[&str] = &[
    "Intrigue is chess in which each King starts off the board, hidden. Its home square (e1 / e8) starts empty.",
    "Before the first move each player secretly chooses any one of the 64 squares as the King's hiding square, and one of their 8 pawns as the Informant. Both choose at the same time; neither sees the other's choice.",
    "Capturing the enemy Informant inspects it at once: the enemy King appears on its hiding square, and any piece standing there (of either colour) is removed. Capturing an ordinary pawn only tells you that it was not the Informant.",
    "Instead of a move you may reveal your King: it appears on its hiding square, removing any piece there. It may not appear on or next to a shown enemy King, nor into check.",
    "Check, checkmate and stalemate concern shown Kings only: a hidden King is never in check and gives no check. Stalemate is a draw; threefold repetition and the 50-move rule draw too (a reveal, like a capture or a pawn move, restarts the 50-move count); too little material to mate draws only once both Kings are shown. A side whose King hides and that has no legal move or allowed reveal loses.",
    "A King that appears by an inspection on top of the enemy King wins — unless its own King is then checkmated, and then both sides lose. Appearing next to the enemy King: it is that side's move, and capturing the enemy King (without leaving its own King in check) wins; with no capture and no escape it is checkmate.",
    "A King that appears on its own d or e home square (d1, e1, d8, e8) may later castle with an unmoved Rook as usual: the King moves two squares toward the Rook and the Rook lands on the square the King crossed. A King appearing anywhere else cannot castle.",
    "A pawn that promotes can no longer be inspected: if it was the Informant, that King can now only appear by a reveal. The opponent is not told.",
    "If a pawn of yours captures the enemy Informant while your King hides, you decide before the opponent moves: if that pawn is your Informant you may retire it (it becomes an ordinary pawn; the choice is announced to both). The question is asked after any such capture, so it betrays nothing.",
    "Pieces removed by an appearing King are taken by that King's side: if one of them is the enemy Informant, that King appears too.",
    "Options (setup screen): Queen on the King's square (the Queen starts on e1/e8, d1/d8 empty); Two Queens (Queens on both d and e); Atomic King (an appearing King also removes every piece on the squares around it — an enemy King next to it too, which wins, unless its own King is then checkmated).",
    "On the board: your hiding square and your Informant are ringed in gold — only you see them. K@e4 in the move list is a King appearing on e4.",
];

// ------------------------------------------------------------ Secret King

impl GameView for SecretKing {
    fn seat_name(seat: Seat) -> &'static str {
        side_name(seat.0)
    }

    fn needs_privacy(previous: &SecretKingView, next: &SecretKingView) -> bool {
        SecretKing::scene(previous).private_knowledge()
            || SecretKing::scene(next).private_knowledge()
    }

    fn move_text(after: &SecretKingView) -> Option<String> {
        after.history.last().map(sk_move_text)
    }

    const RULES_TITLE: &'static str = "Secret King rules";
    const RULES: &'static [&'static str] = SECRET_KING_RULES;
    const PRIVACY: (&'static str, &'static str) =
        ("Each side has a secret the other must not see.", "board");

    fn options_ui(ui: &mut egui::Ui, _: &mut veil_secret_king::SecretKingOptions) {
        ui.label("No options: the rules are those of RULINGS §8 (see Rules in the game).");
    }

    fn finish(
        result: &mut MatchResult,
        views: &[SecretKingView],
        _: Seat,
        commands: &mut Commands,
    ) {
        finish_record::<SecretKing>(result, views, commands);
    }
}

fn sk_move_text(p: &veil_secret_king::Played) -> String {
    let mut s = p.san.clone();
    if let Some(r) = p.reveal {
        if r.secret_king {
            s.push_str(" (the Secret King: it becomes a King");
            match r.capturer_secret_king {
                Some(true) => s.push_str(", taken by the other Secret King)"),
                Some(false) => s.push_str("; the capturing Knight was not a King)"),
                None => s.push_str(", the capturer is removed)"),
            }
        } else {
            s.push_str(" (a plain Knight)");
        }
    }
    s
}

impl ChessGame for SecretKing {
    const NAME: &'static str = "Secret King";
    const FILES: u8 = 10;
    const HIDES: bool = false;

    fn scene(v: &SecretKingView) -> Scene {
        let me = v.color();
        let over = v.outcome.is_some();
        let board = v
            .position
            .board()
            .pieces()
            .map(|(sq, pc)| {
                (
                    cell_of(sq, 10),
                    SeenPiece {
                        owner: pc.color.index() as u8,
                        role: pc.role,
                    },
                )
            })
            .collect();
        let mut secrets = Vec::new();
        let mut own = Vec::new();
        let mut notes = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let name = side_name(c as u8);
            // `kings` holds the own Secret King, the enemy's only once it
            // was revealed (both once the game is over).
            if let Some(k) = v.kings[c] {
                let at = cell_of(k, 10);
                if !v.revealed[c] {
                    secrets.push((c as u8, SecretMark::SecretKing(at)));
                    if color == me && !over {
                        own.push(format!(
                            "Your Secret King is the Knight on {}.",
                            cell_name(at)
                        ));
                    } else {
                        own.push(format!(
                            "{name}'s Secret King was the Knight on {}.",
                            cell_name(at)
                        ));
                    }
                }
            }
            if v.revealed[c] {
                notes.push(format!("{name}'s Secret King is revealed: a King."));
            } else if v.chosen[c] {
                notes.push(format!(
                    "{name}'s Secret King hides among {} Knights.",
                    v.candidates[c].len()
                ));
            } else {
                notes.push(format!("{name} is choosing a Secret King."));
            }
        }
        let last_move = v
            .history
            .last()
            .map(|p| (cell_of(p.mv.from(), 10), cell_of(p.mv.to(), 10)));
        let check = if !over && v.position.is_check() {
            v.position
                .board()
                .king_of(v.position.turn())
                .map(|k| cell_of(k, 10))
        } else {
            None
        };
        let setup = matches!(v.turn, Turn::Simultaneous(_));
        Scene {
            viewer: v.seat.0,
            files: 10,
            ranks: 10,
            board,
            secrets,
            last_move,
            castle_rook: None,
            check,
            to_act: match v.turn {
                Turn::Seat(s) => Some(s.0),
                _ => None,
            },
            setup,
            setting_up: matches!(v.turn, Turn::Simultaneous(set) if set.contains(v.seat)),
            over,
            history: v.history.iter().map(sk_move_text).collect(),
            notes,
            own,
        }
    }

    fn actions(v: &SecretKingView) -> Actions<veil_secret_king::Action> {
        let mut out = Actions::default();
        for m in v.legal_moves() {
            let label = match m.promotion_role() {
                Some(r) => format!("Promote to {}", role_name(r)),
                None => "Stay a pawn".to_owned(),
            };
            out.board.push((
                cell_of(m.from(), 10),
                cell_of(m.to(), 10),
                label,
                veil_secret_king::Action::Move(m),
            ));
        }
        sort_promotions(&mut out.board);
        out
    }

    fn setup_piece(v: &SecretKingView, cell: Cell) -> bool {
        v.choices().contains(&square_of(cell, 10))
    }

    fn setup_action(
        v: &SecretKingView,
        _hiding: Option<Cell>,
        piece: Option<Cell>,
    ) -> Option<veil_secret_king::Action> {
        let sq = square_of(piece?, 10);
        v.choices()
            .contains(&sq)
            .then_some(veil_secret_king::Action::ChooseKing(sq))
    }

    fn action_cells(a: veil_secret_king::Action) -> Option<(Cell, Cell)> {
        match a {
            veil_secret_king::Action::Move(m) => Some((cell_of(m.from(), 10), cell_of(m.to(), 10))),
            _ => None,
        }
    }

    fn action_text(a: veil_secret_king::Action) -> String {
        a.to_string()
    }

    fn rules() -> &'static [&'static str] {
        SECRET_KING_RULES
    }

    fn setup_prompt(_hiding: Option<Cell>, piece: Option<Cell>) -> String {
        match piece {
            None => "Click one of your Knights: it will secretly be your King.".into(),
            Some(c) => format!(
                "Your Secret King is the Knight on {}. Confirm, or click another Knight.",
                cell_name(c)
            ),
        }
    }

    fn start_fen(_: &SecretKingView) -> String {
        SecretKing::new(&Default::default(), 2)
            .map(|g| g.observe(Seat(0)).position.to_fen())
            .unwrap_or_default()
    }

    fn record(views: &[SecretKingView; 2]) -> (Vec<(String, String)>, String, Vec<String>) {
        let mut secrets = Vec::new();
        for color in Side::ALL {
            let c = color.index();
            let v = &views[c];
            // Where the Secret King stands at the end, followed back through
            // the moves to the Knight chosen before the first one: the last
            // move onto its square was its own (an enemy capture there
            // revealed it and left it standing).
            // Taken by the enemy Secret King (which won at once): it stood
            // where that capture landed.
            let taken = v
                .history
                .iter()
                .rev()
                .find(|p| p.color != color && p.reveal.is_some_and(|r| r.secret_king))
                .map(|p| p.mv.to());
            let text = match v.kings[c].or(taken) {
                Some(mut sq) => {
                    let end = sq;
                    for p in v.history.iter().rev() {
                        if p.mv.to() == sq && p.color == color {
                            sq = p.mv.from();
                        }
                    }
                    let mut t = format!("the Knight on {}", cell_name(cell_of(sq, 10)));
                    if end != sq {
                        t.push_str(&format!(" (at the end on {})", cell_name(cell_of(end, 10))));
                    }
                    if v.kings[c].is_none() {
                        t.push_str(", taken by the enemy Secret King");
                    } else if v.revealed[c] {
                        t.push_str(", revealed during the game");
                    }
                    t
                }
                None => "a Knight the record cannot tell".to_owned(),
            };
            secrets.push(format!("{} chose {text}", side_name(c as u8)));
        }
        (
            Vec::new(),
            secrets.join("; "),
            views[0].history.iter().map(sk_move_text).collect(),
        )
    }
}

pub const SECRET_KING_RULES: &[&str] = &[
    "Secret King is chess on a 10×10 board (files a–j, ranks 1–10) with no visible King.",
    "Each side has 10 Pawns, 10 Knights, 4 Rooks, 4 Bishops and 2 Queens. White's rank 1 is R N B Q N N Q B N R, rank 2 N R B N N N N B R N, rank 3 pawns; Black mirrors it on ranks 10, 9 and 8.",
    "Before the first move each player secretly chooses one of their Knights as the Secret King (both at the same time). Until revealed it is a Knight in every way: it moves like one, is never in check, and no piece is pinned to it.",
    "Pawns move as in chess, with the double step from the 3rd rank (Black: 8th) and en passant. There is no castling.",
    "Promotion: arriving on rank 7, 8, 9 or 10 (Black: 4, 3, 2, 1) a pawn may become a Knight, Bishop, Rook or Queen respectively, or stay a pawn — except on the last rank, where it must become a Queen. A pawn that stays can promote again only on a later line. Knights made by promotion are never the Secret King.",
    "A captured Knight is revealed to both. A plain Knight is removed as usual. The Secret King is not: it becomes a regular King on its square and the capturing piece is removed instead. A revealed King moves one square in any direction and can be checked and checkmated.",
    "If a Knight captures the enemy Secret King, the capturing Knight is revealed too; if it is its own side's Secret King, its side wins at once.",
    "You win by checkmating the revealed enemy King, or by ending your move with your Secret King (hidden or revealed) next to the revealed enemy King; such a step is always allowed. Only the mover's Secret King counts for this.",
    "Stalemate, threefold repetition (of what both players see) and the 50-move rule are draws.",
    "On the board: your Secret King is ringed in gold — only you see it.",
];

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
    let mut layout = BoardLayout::new(geometry(files, files), spacing(files));
    layout.center = BOARD_CENTER;
    layout.flipped = settings.orientation.flipped(viewer.0.0);
    let art = spawn_board_art(&mut commands, &layout, 20.0);
    commands
        .entity(art)
        .insert((ChessBoard, DespawnOnExit(Screen::Play)));
    commands.insert_resource(layout);
}

/// Clicks, keys and menu choices become the viewer's actions, when it is
/// the viewer's turn: secret picks in the setup, moves on the board, and
/// the numbered choices (confirm, promotion, reveal, retire).
fn human_input<G: ChessGame>(
    mut commands: MessageReader<Command>,
    mut ui: ResMut<BoardUi>,
    m: Res<Match<G>>,
    mut input: ResMut<ChessInput<G>>,
    viewer: Res<Viewer>,
    privacy: Res<PrivacyPending>,
    phase: Res<State<PlayPhase>>,
    animating: Res<Animating>,
    mut moved: MessageWriter<BoardMove>,
    mut requests: MessageWriter<ActionRequest<G>>,
    mut cues: MessageWriter<Cue>,
) {
    let seat = viewer.0;
    for c in commands.read() {
        let may_act = *phase.get() == PlayPhase::HumanTurn
            && privacy.0.is_none()
            && !animating.0
            && m.to_act() == Some(seat)
            && m.seat_kind(seat).is_human();
        let mut play: Option<G::Action> = None;
        match c {
            Command::Square(cell) => {
                // A click off the board (or a stray command) is no square.
                if !may_act || cell.file >= G::FILES || cell.rank >= G::FILES {
                    continue;
                }
                let view = m.observe(seat);
                if input.setting_up {
                    if G::HIDES && input.hiding.is_none() {
                        input.hiding = Some(*cell);
                    } else if G::setup_piece(&view, *cell) {
                        input.piece = Some(*cell);
                    } else if G::HIDES {
                        input.hiding = Some(*cell);
                    }
                    cues.write(Cue::Button);
                    input.refresh(Some(&view));
                    continue;
                }
                input.promotion.clear();
                if let Some(mv) = ui.click(*cell) {
                    moved.write(mv);
                    let options: Vec<(String, G::Action)> = input
                        .actions
                        .board
                        .iter()
                        .filter(|(f, t, _, _)| *f == mv.from && *t == mv.to)
                        .map(|(_, _, l, a)| (l.clone(), *a))
                        .collect();
                    match options.len() {
                        0 => {}
                        1 => play = Some(options[0].1),
                        // A promotion: the menu asks which piece.
                        _ => input.promotion = options,
                    }
                }
                input.refresh(Some(&view));
            }
            Command::Choose(i) => {
                if !may_act {
                    continue;
                }
                let Some((_, choice)) = input.choices.get(*i).cloned() else {
                    continue;
                };
                match choice {
                    Choice::Play(a) => play = Some(a),
                    Choice::StartOver => {
                        input.hiding = None;
                        input.piece = None;
                        let view = m.observe(seat);
                        input.refresh(Some(&view));
                    }
                }
            }
            Command::Cancel => {
                ui.selected = None;
                if !input.promotion.is_empty() {
                    input.promotion.clear();
                    let view = m.observe(seat);
                    input.refresh(Some(&view));
                }
            }
            _ => {}
        }
        if let Some(action) = play {
            // Offered only when legal; the referee checks again.
            input.hiding = None;
            input.piece = None;
            input.promotion.clear();
            requests.write(ActionRequest { seat, action });
        }
    }
}

const WHITE_FACE: Color = Color::srgb(0.97, 0.95, 0.9);
const WHITE_INK: Color = Color::srgb(0.12, 0.1, 0.08);
const BLACK_FACE: Color = Color::srgb(0.16, 0.14, 0.13);
const BLACK_INK: Color = Color::srgb(0.95, 0.92, 0.85);
const GOLD: Color = Color::srgb(1.0, 0.78, 0.1);

fn face(owner: u8) -> Color {
    if owner == 0 { WHITE_FACE } else { BLACK_FACE }
}

fn ink(owner: u8) -> Color {
    if owner == 0 { WHITE_INK } else { BLACK_INK }
}

/// A disc with a ring and the piece's letter; `piece` adds the components
/// of a board piece (a ghost gets none: it is only a picture).
fn spawn_piece(
    commands: &mut Commands,
    images: &BoardImages,
    p: SeenPiece,
    at: Vec2,
    size: f32,
    cell: Option<Cell>,
) -> Entity {
    let mut e = commands.spawn((
        Sprite {
            image: images.disc.clone(),
            color: face(p.owner),
            custom_size: Some(Vec2::splat(size)),
            ..default()
        },
        Transform::from_xyz(at.x, at.y, 1.0),
        DespawnOnExit(Screen::Play),
    ));
    match cell {
        Some(c) => {
            e.insert((
                Piece { cell: Some(c) },
                Owner(p.owner),
                Identity(role_name(p.role).to_owned()),
            ));
        }
        None => {
            e.insert(Ghost);
        }
    }
    let id = e.id();
    let ring = commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color: ink(p.owner).with_alpha(0.8),
                custom_size: Some(Vec2::splat(size * 0.86)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        ))
        .id();
    let letter = p.role.upper_char().to_string();
    let g = commands
        .spawn((
            Glyph,
            WorldText::new(letter, size * 0.55, ink(p.owner)).mono(),
            Transform::from_xyz(0.0, 0.0, 0.2),
        ))
        .id();
    commands.entity(id).add_children(&[ring, g]);
    id
}

/// A gold ring with a small tag on a cell: a secret the viewer may know, or
/// its pick in the making.
fn spawn_mark(
    commands: &mut Commands,
    images: &BoardImages,
    layout: &BoardLayout,
    cell: Cell,
    tag: &str,
    strong: bool,
) -> Entity {
    let at = layout.cell_to_world(cell);
    let s = layout.spacing;
    let alpha = if strong { 1.0 } else { 0.6 };
    let id = commands
        .spawn((
            Sprite {
                image: images.ring.clone(),
                color: GOLD.with_alpha(alpha),
                custom_size: Some(Vec2::splat(s * 1.02)),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 7.0),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let label = commands
        .spawn((
            WorldText::new(tag, s * 0.17, GOLD.with_alpha(alpha)),
            Transform::from_xyz(0.0, s * 0.38, 0.1),
        ))
        .id();
    commands.entity(id).add_child(label);
    id
}

/// Redraws the pieces and the viewer's secrets whenever the game, the
/// viewer, the orientation or the privacy screen changed, animating the
/// difference: slides, captures fading, and a King appearing with a shock
/// ring while the pieces it removes vanish.
fn refresh_view<G: ChessGame>(
    mut commands: Commands,
    m: Res<Match<G>>,
    viewer: Res<Viewer>,
    settings: Res<Settings>,
    images: Res<BoardImages>,
    mut layout: ResMut<BoardLayout>,
    mut view: ResMut<ChessViewState>,
    mut input: ResMut<ChessInput<G>>,
    mut ui: ResMut<BoardUi>,
    redraw: Res<Redraw>,
    old: Query<Entity, Or<(With<Piece>, With<Ghost>, With<SecretMark>)>>,
    arts: Query<Entity, With<ChessBoard>>,
    mut cues: MessageWriter<Cue>,
) {
    let Redraw {
        hidden,
        flipped,
        replay,
        undo,
        same_viewer,
        new_version,
        ..
    } = *redraw;
    let hint = if hidden {
        None
    } else {
        m.hint.and_then(G::action_cells)
    };
    show_hint(&mut ui, hint);
    if !redraw.needed {
        return;
    }
    let board_extra = (ChessBoard, DespawnOnExit(Screen::Play));
    orient_board(
        &mut commands,
        &mut layout,
        flipped,
        redraw.flip_changed,
        &arts,
        board_extra,
    );
    for e in &old {
        commands.entity(e).despawn();
    }
    if hidden || !same_viewer || undo {
        // Another person may be looking: no picks of the last one survive.
        input.clear();
    }
    if hidden {
        // Nobody's pieces or secrets while the device changes hands.
        *ui = BoardUi::default();
        view.scene = None;
        view.before = None;
        view.banner = None;
        return;
    }
    let obs = m.observe(viewer.0);
    let scene = G::scene(&obs);
    let previous = if replay {
        view.before.clone()
    } else {
        view.scene.take().filter(|_| redraw.animate())
    };
    if !replay {
        view.before = previous.clone();
    }
    // A replay is animated even with animations off.
    let duration = settings.animation.seconds().or(replay.then_some(0.4));
    let size = layout.spacing * 0.84;
    let mut entities = Vec::new();
    for (c, piece) in &scene.board {
        let at = layout.cell_to_world(*c);
        entities.push((
            *c,
            spawn_piece(&mut commands, &images, *piece, at, size, Some(*c)),
        ));
    }
    for (owner, mark) in &scene.secrets {
        let e = spawn_mark(
            &mut commands,
            &images,
            &layout,
            mark.cell(),
            mark.tag(),
            true,
        );
        commands.entity(e).insert((*mark, Owner(*owner)));
    }
    let changed_move = previous
        .as_ref()
        .is_some_and(|p| p.history.len() != scene.history.len() || replay);
    let mut appeared = Vec::new();
    if let Some(prev) = previous.as_ref().filter(|_| changed_move) {
        for owner in 0..2u8 {
            if let Some(k) = scene.king_of(owner)
                && prev.king_of(owner).is_none()
            {
                appeared.push((owner, k));
            }
        }
        let mover = scene
            .last_move
            .and_then(|(from, _)| prev.piece_at(from))
            .map(|p| p.owner);
        let moved_to = scene
            .last_move
            .filter(|_| prev.last_move != scene.last_move || replay);
        if let Some(d) = duration {
            // The moving piece slides; if it did not survive (it took a
            // Secret King), a stand-in slides and fades.
            if let Some((from, to)) = moved_to {
                let survivor = scene.piece_at(to).filter(|p| Some(p.owner) == mover);
                match (survivor, entities.iter().find(|(c, _)| *c == to)) {
                    (Some(_), Some((_, e))) => {
                        commands.entity(*e).insert(Slide::new(
                            layout.cell_to_world(from),
                            layout.cell_to_world(to),
                            d,
                            0.0,
                        ));
                    }
                    _ => {
                        if let Some(p) = prev.piece_at(from) {
                            let g = spawn_piece(
                                &mut commands,
                                &images,
                                p,
                                layout.cell_to_world(from),
                                size,
                                None,
                            );
                            commands.entity(g).insert((
                                Slide::new(
                                    layout.cell_to_world(from),
                                    layout.cell_to_world(to),
                                    d,
                                    0.0,
                                ),
                                Vanish {
                                    delay: d * 1.5,
                                    duration: d * 2.0,
                                    elapsed: 0.0,
                                },
                            ));
                        }
                    }
                }
                if let Some((rf, rt)) = scene.castle_rook
                    && let Some((_, e)) = entities.iter().find(|(c, _)| *c == rt)
                {
                    commands.entity(*e).insert(Slide::new(
                        layout.cell_to_world(rf),
                        layout.cell_to_world(rt),
                        d,
                        0.0,
                    ));
                }
            }
            // Pieces that left the board fade where they stood: captures,
            // and everything an appearing King removed.
            let blast_delay = if appeared.is_empty() {
                d * 0.8
            } else {
                d * 1.2
            };
            for (c, p) in &prev.board {
                let slid_away = moved_to.is_some_and(|(from, _)| from == *c)
                    || scene.castle_rook.is_some_and(|(rf, _)| rf == *c);
                if slid_away || scene.piece_at(*c) == Some(*p) {
                    continue;
                }
                let g = spawn_piece(
                    &mut commands,
                    &images,
                    *p,
                    layout.cell_to_world(*c),
                    size,
                    None,
                );
                commands.entity(g).insert((
                    Transform::from_xyz(
                        layout.cell_to_world(*c).x,
                        layout.cell_to_world(*c).y,
                        0.8,
                    ),
                    Vanish {
                        delay: blast_delay,
                        duration: d * 2.5,
                        elapsed: 0.0,
                    },
                ));
            }
            // The dramatic part: the King grows out of its square with a
            // gold shock ring spreading from it.
            for (_, k) in &appeared {
                if let Some((_, e)) = entities.iter().find(|(c, _)| c == k) {
                    commands.entity(*e).insert(Appear {
                        delay: d,
                        duration: d * 4.0,
                        elapsed: 0.0,
                    });
                }
                let at = layout.cell_to_world(*k);
                let reach = layout.spacing * if obs_atomic(&scene) { 4.0 } else { 2.6 };
                for (i, color) in [GOLD, Color::srgb(1.0, 0.35, 0.1)].into_iter().enumerate() {
                    commands.spawn((
                        Sprite {
                            image: images.ring.clone(),
                            color: color.with_alpha(0.0),
                            custom_size: Some(Vec2::splat(1.0)),
                            ..default()
                        },
                        Transform::from_xyz(at.x, at.y, 24.0),
                        Burst {
                            delay: d + i as f32 * d * 0.6,
                            duration: d * 3.5,
                            elapsed: 0.0,
                            reach,
                        },
                        DespawnOnExit(Screen::Play),
                    ));
                }
            }
        }
        // Sounds for the change just made.
        if prev.board.len() > scene.board.len() {
            cues.write(Cue::Capture);
        } else {
            cues.write(Cue::Move);
        }
        if !appeared.is_empty() {
            cues.write(Cue::Flip);
        }
        if scene.check.is_some() {
            cues.write(Cue::Check);
        }
    }
    if new_version || replay {
        view.banner = appeared.first().map(|(owner, k)| {
            format!("{}'s King appears on {}!", side_name(*owner), cell_name(*k))
        });
    }
    // The viewer's actions and menu.
    let acting = m.seat_kind(viewer.0).is_human() && m.to_act() == Some(viewer.0);
    input.actions = if acting {
        G::actions(&obs)
    } else {
        Actions::default()
    };
    input.setting_up = acting && scene.setting_up;
    if new_version {
        input.promotion.clear();
    }
    input.refresh(Some(&obs));
    let moves: Vec<(Cell, Cell)> = {
        let mut v: Vec<(Cell, Cell)> = input
            .actions
            .board
            .iter()
            .map(|(f, t, _, _)| (*f, *t))
            .collect();
        v.dedup();
        v
    };
    let keep_selected = ui.selected.filter(|s| moves.iter().any(|(f, _)| f == s));
    *ui = BoardUi {
        hover: ui.hover,
        cursor: ui.cursor,
        selected: keep_selected,
        moves,
        last_move: scene.last_move,
        check: scene.check,
        hint,
    };
    view.scene = Some(scene);
}

/// Atomic King blasts reach further: the scene says so among its notes.
fn obs_atomic(scene: &Scene) -> bool {
    scene.notes.iter().any(|n| n.starts_with("Atomic King"))
}

/// Draws the viewer's secret picks in the making (before confirming).
fn pick_marks<G: ChessGame>(
    mut commands: Commands,
    input: Res<ChessInput<G>>,
    layout: Option<Res<BoardLayout>>,
    images: Res<BoardImages>,
    viewer: Res<Viewer>,
    old: Query<Entity, With<PickMark>>,
) {
    let Some(layout) = layout else { return };
    if !input.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let picks = [
        (input.hiding, "hide here?"),
        (
            input.piece,
            if G::HIDES {
                "Informant?"
            } else {
                "Secret King?"
            },
        ),
    ];
    for (cell, tag) in picks {
        if let Some(c) = cell {
            let e = spawn_mark(&mut commands, &images, &layout, c, tag, false);
            commands.entity(e).insert((PickMark(c), Owner(viewer.0.0)));
        }
    }
}

/// Keeps the finished game's PGN for the results screen. The match is
/// over: each seat's secret may now be told.
fn finish_record<G: ChessGame>(
    result: &MatchResult,
    views: &[G::Observation],
    commands: &mut Commands,
) {
    let [a, b] = views else { return };
    let pgn = pgn::<G>(&[a.clone(), b.clone()], result);
    commands.insert_resource(ChessRecord { game: G::ID, pgn });
}

/// The game as PGN: the standard tags, `[Variant]`, the start position,
/// the options, notes on moves as comments and — after the last move, where
/// the game revealed them — both secret choices as the closing comment.
pub fn pgn<G: ChessGame>(views: &[G::Observation; 2], result: &MatchResult) -> String {
    use veil_chess::pgn::{Pgn, PgnResult};
    let (tags, secrets, moves) = G::record(views);
    let outcome = if result.draw {
        PgnResult::Draw
    } else if result.seats.first().is_some_and(|s| s.2) {
        PgnResult::WhiteWins
    } else if result.seats.get(1).is_some_and(|s| s.2) {
        PgnResult::BlackWins
    } else {
        PgnResult::Unknown
    };
    let seat = |i: usize| result.seats.get(i).map_or("?".to_owned(), |s| s.1.label());
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut all_tags: Vec<(String, String)> = [
        ("Event", format!("Veil: {}", G::NAME)),
        ("Site", "Veil".to_owned()),
        ("Date", veil_chess::pgn::date(now)),
        ("Round", "-".to_owned()),
        ("White", seat(0)),
        ("Black", seat(1)),
        ("Result", outcome.token().to_owned()),
        ("Variant", G::NAME.to_owned()),
        ("SetUp", "1".to_owned()),
        ("FEN", G::start_fen(&views[0])),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    all_tags.extend(tags);
    all_tags.push(("Termination".to_owned(), result.reason.clone()));
    // Notes in parentheses in the move list become comments.
    let moves = moves
        .iter()
        .map(|m| match m.split_once(" (") {
            Some((san, note)) => (
                san.to_owned(),
                Some(note.replace(" (", "; ").replace(['(', ')'], "")),
            ),
            None => (m.clone(), None),
        })
        .collect();
    // The secrets were kept until the end: the record tells them there.
    let mut closing_comments = vec![format!("Secret choices, revealed at the end: {secrets}.")];
    if outcome == PgnResult::Unknown {
        closing_comments.push(result.reason.clone());
    }
    Pgn {
        tags: all_tags,
        moves,
        closing_comments,
        result: outcome,
    }
    .write()
}

/// Where saved game records go: a `games` folder beside the settings file.
#[cfg(not(target_arch = "wasm32"))]
pub fn records_dir(store: &crate::kit::settings::SettingsStore) -> Option<std::path::PathBuf> {
    match store {
        crate::kit::settings::SettingsStore::File(path) => Some(path.parent()?.join("games")),
        crate::kit::settings::SettingsStore::Nowhere => None,
    }
}

/// Writes the record as `<game>-<seconds since 1970>.pgn` in `dir` (made if
/// missing) and tells where.
#[cfg(not(target_arch = "wasm32"))]
pub fn save_record(
    dir: &std::path::Path,
    record: &ChessRecord,
) -> std::io::Result<std::path::PathBuf> {
    std::fs::create_dir_all(dir)?;
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut path = dir.join(format!("{}-{secs}.pgn", record.game));
    let mut n = 1;
    while path.exists() {
        path = dir.join(format!("{}-{secs}-{n}.pgn", record.game));
        n += 1;
    }
    std::fs::write(&path, &record.pgn)?;
    Ok(path)
}

fn record_window(
    mut contexts: EguiContexts,
    record: Res<ChessRecord>,
    store: Option<Res<crate::kit::settings::SettingsStore>>,
    mut saved: Local<Option<String>>,
) -> Result {
    if record.is_changed() {
        *saved = None;
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game record (PGN)")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
        .default_width(640.0)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Copy PGN").clicked() {
                    ui.ctx().copy_text(record.pgn.clone());
                    *saved = Some("Copied to the clipboard.".into());
                }
                #[cfg(not(target_arch = "wasm32"))]
                {
                    let dir = store.as_deref().and_then(records_dir);
                    if ui
                        .add_enabled(dir.is_some(), egui::Button::new("Save PGN"))
                        .clicked()
                        && let Some(dir) = dir
                    {
                        *saved = Some(match save_record(&dir, &record) {
                            Ok(path) => format!("Saved to {}", path.display()),
                            Err(e) => format!("Could not save: {e}"),
                        });
                    }
                }
                #[cfg(target_arch = "wasm32")]
                let _ = &store;
                ui.label(format!(
                    "{} — the secret choices are in the last comment",
                    record.game
                ));
            });
            if let Some(s) = saved.as_ref() {
                ui.small(s);
            }
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    let mut text = record.pgn.as_str();
                    ui.add(
                        egui::TextEdit::multiline(&mut text)
                            .font(egui::TextStyle::Monospace)
                            .desired_width(f32::INFINITY),
                    );
                });
        });
    Ok(())
}

fn hud<G: ChessGame>(
    mut contexts: EguiContexts,
    m: Res<Match<G>>,
    view: Res<ChessViewState>,
    input: Res<ChessInput<G>>,
    viewer: Res<Viewer>,
    resign: Res<ResignAsked>,
    mut out: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let me = viewer.0;
    let mut root = crate::shell::screens::root_ui(ctx, "hud-root", false);
    egui::Panel::right("hud").exact_size(320.0).show(&mut root, |ui| {
        let Some(scene) = &view.scene else {
            ui.label("…");
            return;
        };
        ui.heading(format!("{} — you see: {}", G::NAME, G::seat_name(me)));
        let turn_text = if m.turn() == Turn::Over {
            "Game over".to_owned()
        } else if scene.setup {
            if input.setting_up {
                "Choose your secret".to_owned()
            } else if m.is_thinking() || m.to_act().is_some_and(|s| !m.seat_kind(s).is_human()) {
                "The computer is choosing its secret…".to_owned()
            } else {
                "Waiting for the other secret choice…".to_owned()
            }
        } else {
            match scene.to_act {
                Some(s) if m.is_thinking() || !m.seat_kind(Seat(s)).is_human() => {
                    format!("{} is thinking…", side_name(s))
                }
                Some(s) => format!("{} to move", side_name(s)),
                None => String::new(),
            }
        };
        ui.label(egui::RichText::new(turn_text).size(20.0));
        if m.is_thinking() {
            ui.add(egui::Spinner::new());
        }
        if let Some(b) = &view.banner {
            ui.label(
                egui::RichText::new(b)
                    .size(22.0)
                    .strong()
                    .color(egui::Color32::from_rgb(230, 170, 20)),
            );
        }
        if scene.check.is_some() {
            ui.label(
                egui::RichText::new("CHECK!")
                    .size(24.0)
                    .color(egui::Color32::from_rgb(220, 30, 20))
                    .strong(),
            );
        }
        if let Some(p) = &input.prompt {
            ui.label(egui::RichText::new(p).strong());
        }
        for (i, (label, _)) in input.choices.iter().enumerate() {
            if ui
                .button(egui::RichText::new(format!("{} {label}", i + 1)).size(17.0))
                .clicked()
            {
                out.write(Command::Choose(i));
            }
        }
        if m.is_hinting() {
            ui.label("Looking for a hint…");
        } else if let Some(a) = m.hint {
            ui.label(format!("Hint: {}", <G as ChessGame>::action_text(a)));
        }
        ui.separator();
        let hint = m.seat_kind(me).is_human();
        panel::controls(ui, &m, hint, Some(view.before.is_some()), resign.0, &mut out, |_| {});
        ui.separator();
        for line in &scene.own {
            ui.label(
                egui::RichText::new(line).color(egui::Color32::from_rgb(230, 170, 20)),
            );
        }
        for line in &scene.notes {
            ui.small(line);
        }
        ui.separator();
        panel::move_list(ui, &scene.history, Some(10), 260.0);
        ui.separator();
        ui.small("K king · Q queen · R rook · B bishop · N knight · P pawn. Gold rings: your secret, seen only by you.");
    });
    Ok(())
}
