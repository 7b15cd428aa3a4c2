//! What one seat may know, and full states sampled from it.

use serde::{Deserialize, Serialize};
use veil_chess::{Bits, Chess, Color, Geometry, Grid8, Square};
use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng};

use crate::game::{Intrigue, Public, check_public, check_secret, value};
use crate::types::{Action, IntrigueOptions, PawnState, Secret, color_of};

/// What one seat of an Intrigue game may know: everything public (the
/// board — every piece on it is visible —, which Kings have appeared, what
/// became of every pawn, retirements, the moves) and its own secret. The
/// opponent's hiding square and Informant stay unknown until the game ends
/// (an appeared King's square is on the board for all to see).
/// The public view ([`veil_core::Game::observe_public`], a spectator's) is
/// White's with no secret at all until the end.
///
/// Read from outside data it is checked like a full state: squares on the
/// board, the Kings and pawns as the board shows them, the known secrets
/// consistent with them, and a full state sampled from it usable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "IntrigueViewUnchecked")]
pub struct IntrigueView {
    pub seat: Seat,
    pub options: IntrigueOptions,
    pub public: Public,
    /// Per colour: the own secret once chosen; the opponent's only once the
    /// game is over.
    pub secrets: [Option<Secret>; 2],
}

/// [`IntrigueView`] as read, before it is checked.
#[derive(Deserialize)]
struct IntrigueViewUnchecked {
    seat: Seat,
    options: IntrigueOptions,
    public: Public,
    secrets: [Option<Secret>; 2],
}

impl TryFrom<IntrigueViewUnchecked> for IntrigueView {
    type Error = String;
    fn try_from(raw: IntrigueViewUnchecked) -> Result<IntrigueView, String> {
        if raw.seat.index() >= 2 {
            return Err(format!("Intrigue has 2 seats, not {}", raw.seat));
        }
        check_public(&raw.public)?;
        for color in Color::ALL {
            if let Some(s) = &raw.secrets[color.index()] {
                check_secret(&raw.public, color, s)?;
            }
        }
        let view = IntrigueView {
            seat: raw.seat,
            options: raw.options,
            public: raw.public,
            secrets: raw.secrets,
        };
        // Every full state the computer may sample from it must be sound.
        determinize(&view, &mut GameRng::seed_from_u64(0))
            .validate_parts()
            .map_err(|e| format!("no full state fits this view: {e}"))?;
        Ok(view)
    }
}

impl IntrigueView {
    /// The colour this seat plays (seat 0 is White).
    pub fn color(&self) -> Color {
        color_of(self.seat)
    }

    pub fn position(&self) -> &Chess {
        &self.public.position
    }

    /// This seat's secret, once chosen.
    pub fn my_secret(&self) -> Option<Secret> {
        self.secrets[self.color().index()]
    }

    /// Where this seat's Informant stands while it can still be inspected.
    pub fn my_informant(&self) -> Option<Square> {
        let s = self.my_secret()?;
        match self.public.pawns[self.color().index()]
            .get(s.informant as usize)
            .copied()
            .unwrap_or(PawnState::Captured)
        {
            PawnState::On(sq) if s.active => Some(sq),
            _ => None,
        }
    }

    /// Whether the King of `color` has appeared.
    pub fn is_revealed(&self, color: Color) -> bool {
        self.public.kings[color.index()].is_some()
    }

    /// The pawns of `color` on the board that may be its inspectable
    /// Informant, as far as this seat knows: none once its King appeared
    /// or its Informant retired. (It may also have promoted, unseen.)
    pub fn informant_suspects(&self, color: Color) -> Vec<Square> {
        let c = color.index();
        if self.public.kings[c].is_some() || self.public.retired[c] {
            return Vec::new();
        }
        if let Some(s) = self.secrets[c] {
            // Known: its own, or both once the game is over.
            return match self.public.pawns[c]
                .get(s.informant as usize)
                .copied()
                .unwrap_or(PawnState::Captured)
            {
                PawnState::On(sq) if s.active => vec![sq],
                _ => Vec::new(),
            };
        }
        self.public.pawns[c]
            .iter()
            .filter_map(|p| match p {
                PawnState::On(sq) => Some(*sq),
                _ => None,
            })
            .collect()
    }

    /// Starting files of the pawns of `color` known not to be an
    /// inspectable Informant: captured without revealing anything.
    pub fn cleared_files(&self, color: Color) -> Vec<u8> {
        (0..8u8)
            .filter(|f| self.public.pawns[color.index()][*f as usize] == PawnState::Captured)
            .collect()
    }

    /// This seat's legal actions when it is to act (they depend only on
    /// what it knows), otherwise none.
    pub fn legal_actions(&self) -> Vec<Action> {
        let game = determinize(self, &mut GameRng::seed_from_u64(0));
        let mut out = Vec::new();
        game.legal_actions(Actor::Seat(self.seat), &mut out);
        out
    }
}

/// A secret for `color` consistent with everything public: a hidden King
/// hides anywhere, though less likely where appearing would have taken
/// material from `viewer` (see [`tempting`]); the Informant is one of its
/// pawns on the board (active) or a promoted one (no longer inspectable),
/// each equally likely.
fn sample_secret(
    public: &Public,
    options: &IntrigueOptions,
    color: Color,
    viewer: Color,
    rng: &mut GameRng,
) -> Secret {
    let c = color.index();
    let hiding = public.kings[c].unwrap_or_else(|| {
        let mut hiding = Square(rng.random_range(0..64));
        // Rejection sampling: a square is kept with probability 1 / (1 + gain / 3).
        for _ in 0..8 {
            let gain = tempting(public, options, viewer, hiding);
            if gain <= 0.0 || rng.random_bool(1.0 / (1.0 + gain / 3.0)) {
                break;
            }
            hiding = Square(rng.random_range(0..64));
        }
        hiding
    });
    if public.kings[c].is_some() || public.retired[c] {
        return Secret {
            hiding,
            informant: 0,
            active: false,
        };
    }
    let candidates: Vec<(u8, bool)> = public.pawns[c]
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p {
            PawnState::On(_) => Some((i as u8, true)),
            PawnState::Promoted => Some((i as u8, false)),
            PawnState::Captured => None,
        })
        .collect();
    match candidates.len() {
        0 => Secret {
            hiding,
            informant: 0,
            active: false,
        },
        n => {
            let (informant, active) = candidates[rng.random_range(0..n)];
            Secret {
                hiding,
                informant,
                active,
            }
        }
    }
}

/// What `viewer`'s opponent would have won (in pawns) by making its hidden
/// King appear on `hiding` at its last move: `viewer`'s pieces the King
/// would have cleared, less its own.
/// A King's absence of reaction: a player who left such a gain untaken
/// probably does not hide there. Zero when it is not `viewer`'s turn (the
/// board then is not the one the opponent last moved from) or when the reveal
/// was not allowed (on or next to `viewer`'s revealed King).
fn tempting(public: &Public, options: &IntrigueOptions, viewer: Color, hiding: Square) -> f64 {
    let pos = &public.position;
    if pos.turn() != viewer || public.pending.is_some() || public.history.is_empty() {
        return 0.0;
    }
    let near = |k: Square| Grid8::king_attacks(k.0 as u32) | 1u64 << k.0;
    if let Some(k) = public.kings[viewer.index()]
        && near(k) & 1u64 << hiding.0 != 0
    {
        return 0.0;
    }
    let mut blast = 1u64 << hiding.0;
    if options.atomic_king {
        blast |= Grid8::king_attacks(hiding.0 as u32);
    }
    let mut gain = 0.0;
    for s in blast.squares() {
        if let Some(p) = pos.board().piece_at(Square(s as u8)) {
            let v = value(p.role);
            gain += if p.color == viewer { v } else { -v };
        }
    }
    gain
}

pub(crate) fn determinize(view: &IntrigueView, rng: &mut GameRng) -> Intrigue {
    let mut secrets = view.secrets;
    for color in Color::ALL {
        if secrets[color.index()].is_none() && view.public.chosen[color.index()] {
            secrets[color.index()] = Some(sample_secret(
                &view.public,
                &view.options,
                color,
                view.color(),
                rng,
            ));
        }
    }
    Intrigue {
        options: view.options,
        public: view.public.clone(),
        secrets,
    }
}
