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
///
/// The public view ([`Game::observe_public`], a spectator's) is White's
/// chair seeing no side's own: no hand (`hand_counts` still counts both),
/// no under-face that was not shown to both, and in setup no piece.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(try_from = "RawView")]
pub struct View {
    pub seat: Seat,
    pub options: Options,
    /// 63 cells of the 7×9 grid, a1 first. During setup the other side's
    /// pieces are not shown.
    pub board: Vec<Option<Seen>>,
    /// The seat's own hand; empty in the public view.
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
    /// The kind of the piece the last action captured in a Reality Check
    /// (both saw it turned over).
    pub checked: Option<Kind>,
}

/// A view as read, before [`View::validate`].
#[derive(Deserialize)]
struct RawView {
    seat: Seat,
    options: Options,
    board: Vec<Option<Seen>>,
    hand: Vec<Kind>,
    hand_counts: [u8; 2],
    removed: [Vec<Kind>; 2],
    drop_squares: [u64; 2],
    phase: Phase,
    to_move: Color,
    ply: u32,
    lock: [Option<Square>; 2],
    flipped: [Option<Square>; 2],
    setup_done: [bool; 2],
    history: Vec<u64>,
    outcome: Option<Outcome>,
    #[serde(default)]
    checked: Option<Kind>,
}

impl TryFrom<RawView> for View {
    type Error = String;
    fn try_from(r: RawView) -> Result<Self, String> {
        let view = View {
            seat: r.seat,
            options: r.options,
            board: r.board,
            hand: r.hand,
            hand_counts: r.hand_counts,
            removed: r.removed,
            drop_squares: r.drop_squares,
            phase: r.phase,
            to_move: r.to_move,
            ply: r.ply,
            lock: r.lock,
            flipped: r.flipped,
            setup_done: r.setup_done,
            history: r.history,
            outcome: r.outcome,
            checked: r.checked,
        };
        view.validate()?;
        Ok(view)
    }
}

impl View {
    /// Checks what a deserialised view must hold: its shape, and that some
    /// full state agrees with it (the state [`RealityCheck::from_view`]
    /// builds passes the state's own checks).
    fn validate(&self) -> Result<(), String> {
        if self.seat.0 > 1 {
            return Err(format!("seat {} is not one of the two seats", self.seat.0));
        }
        if self.board.len() != Square::COUNT {
            return Err(format!("the board has {} cells, not 63", self.board.len()));
        }
        let me = self.color();
        for (i, cell) in self.board.iter().enumerate() {
            let Some(s) = cell else { continue };
            let sq = Square::from_index(i).ok_or("a cell is off the grid")?;
            if !self.options.board.contains(sq) {
                return Err(format!("a piece stands on {sq}, off the board"));
            }
            if s.kind.is_some_and(|k| !k.has(s.up)) {
                return Err(format!("the piece on {sq} cannot show {:?}", s.up));
            }
            if self.phase == Phase::Setup {
                if s.color != me {
                    return Err("the other side's setup is not shown".into());
                }
                if s.kind.is_none() {
                    return Err(format!("the seat's own piece on {sq} is unknown"));
                }
            }
        }
        // (The public view shows no hand at all.)
        if !self.hand.is_empty() && usize::from(self.hand_counts[me.index()]) != self.hand.len() {
            return Err("the seat's hand count is not its hand's size".into());
        }
        RealityCheck::from_view(self, &mut GameRng::seed_from_u64(0)).validate()
    }

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
