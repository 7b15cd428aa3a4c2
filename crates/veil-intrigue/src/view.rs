//! What one seat may know, and full states sampled from it.

use serde::{Deserialize, Serialize};
use veil_chess::{Chess, Color, Square};
use veil_core::{Actor, Game, GameRng, RngExt, Seat, SeedableRng};

use crate::game::{Intrigue, Public};
use crate::types::{Action, IntrigueOptions, PawnState, Secret, color_of};

/// What one seat of an Intrigue game may know: everything public (the
/// board — every piece on it is visible —, which Kings have appeared, what
/// became of every pawn, retirements, the moves) and its own secret. The
/// opponent's hiding square and Informant stay unknown until the game ends
/// (an appeared King's square is on the board for all to see).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IntrigueView {
    pub seat: Seat,
    pub options: IntrigueOptions,
    pub public: Public,
    /// Per colour: the own secret once chosen; the opponent's only once the
    /// game is over.
    pub secrets: [Option<Secret>; 2],
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
/// hides anywhere; the Informant is one of its pawns on the board (active) or
/// a promoted one (no longer inspectable), each equally likely.
fn sample_secret(public: &Public, color: Color, rng: &mut GameRng) -> Secret {
    let c = color.index();
    let hiding = public.kings[c].unwrap_or_else(|| Square(rng.random_range(0..64)));
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

pub(crate) fn determinize(view: &IntrigueView, rng: &mut GameRng) -> Intrigue {
    let mut secrets = view.secrets;
    for color in Color::ALL {
        if secrets[color.index()].is_none() && view.public.chosen[color.index()] {
            secrets[color.index()] = Some(sample_secret(&view.public, color, rng));
        }
    }
    Intrigue {
        options: view.options,
        public: view.public.clone(),
        secrets,
    }
}
