//! What one seat knows: [`View`], Reality Check's observation.

use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use veil_core::{Actor, Game, GameRng, Outcome, Seat};

use crate::game::{Action, Options, Phase, RealityCheck};
use crate::types::{Color, Face, Kind, Square};

/// A piece as a seat sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Seen {
    pub color: Color,
    pub up: Face,
    /// Its kind (both faces) if the seat knows it: its own piece (not in
    /// Memory mode), or one whose faces were shown to both.
    pub kind: Option<Kind>,
    /// Both players know its kind.
    pub public: bool,
}

/// Everything one seat knows, with perfect recall of what it can still tie
/// to a piece: its own pieces (in Memory mode only while setting up), every
/// piece turned over in public since it last came onto the board, its own
/// hand; of the other hand only the count. Which pieces were removed from
/// play is public (a removed piece is shown).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    pub seat: Seat,
    pub options: Options,
    /// 63 cells of the 7×9 grid, a1 first. During setup the other side's
    /// pieces are not shown.
    pub board: Vec<Option<Seen>>,
    /// The seat's own hand.
    pub hand: Vec<Kind>,
    /// Both hands' sizes (the other side's is 0 until the setups are revealed).
    pub hand_counts: [u8; 2],
    pub removed: [Vec<Kind>; 2],
    pub drop_squares: [u64; 2],
    /// The phase; a claimed piece's kind is hidden from the other seat
    /// unless it was shown in a Reality Check.
    pub phase: Phase,
    pub to_move: Color,
    pub ply: u32,
    pub lock: [Option<Square>; 2],
    pub flipped: [Option<Square>; 2],
    pub setup_done: [bool; 2],
    pub history: Vec<u64>,
    pub outcome: Option<Outcome>,
}

impl View {
    pub fn color(&self) -> Color {
        Color::of(self.seat)
    }

    pub fn piece(&self, sq: Square) -> Option<Seen> {
        self.board[sq.index()]
    }

    /// The seat's legal actions now (empty when it is not to act). They
    /// depend only on the view, so any consistent full state lists them.
    pub fn legal_actions(&self) -> Vec<Action> {
        let game = RealityCheck::from_view(self, &mut GameRng::seed_from_u64(0));
        let mut out = Vec::new();
        game.legal_actions(Actor::Seat(self.seat), &mut out);
        out
    }

    /// The position string as this seat may write it: under-faces it does
    /// not know are left out, the other hand is `?` per piece.
    pub fn to_fen(&self) -> String {
        crate::notation::write_fen(
            self.options.board,
            |sq| self.board[sq.index()].map(|s| (s.color, s.up, s.kind.map(|k| k.other(s.up)))),
            |c| {
                if c == self.color() {
                    Some(self.hand.clone())
                } else {
                    None
                }
            },
            &self.hand_counts,
            &self.removed,
            self.to_move,
            &self.lock,
            self.ply,
        )
    }
}
