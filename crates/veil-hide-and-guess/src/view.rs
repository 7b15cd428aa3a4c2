//! What one seat sees, and full states sampled back from it.

use serde::{Deserialize, Serialize};
use veil_core::{GameRng, RngExt, Seat, SeedableRng};

use crate::game::other;
use crate::{HideAndGuess, Pieces, Table};

/// What one seat knows: the table, its own secret and thumb, and of the other
/// player only *whether* they have hidden a secret or cast their thumb —
/// never what, until the secrets are revealed at the end.
///
/// The public view ([`veil_core::Game::observe_public`], a spectator's) is
/// seat 0's with its secret and thumb left out until the end reveals them;
/// `my_secret_withheld` and `my_vote_withheld` say that seat 0 has chosen.
///
/// Read from outside data it is checked: its seat, the table, and a full
/// state sampled from it must be sound.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "HideAndGuessViewUnchecked")]
pub struct HideAndGuessView {
    pub seat: Seat,
    pub table: Table,
    /// The viewer's own secret, once chosen.
    pub my_secret: Option<Pieces>,
    /// Whether the other player has hidden their secret yet.
    pub opponent_has_chosen: bool,
    /// The viewer's thumb on the open vote, once cast.
    pub my_vote: Option<bool>,
    /// Whether the other player has cast their thumb on the open vote.
    pub opponent_has_voted: bool,
    /// The other player's secret: present only once the game has ended.
    pub opponent_secret: Option<Pieces>,
    /// Public view only: the viewer has hidden a secret the view leaves out.
    #[serde(default)]
    pub my_secret_withheld: bool,
    /// Public view only: the viewer has cast a thumb the view leaves out.
    #[serde(default)]
    pub my_vote_withheld: bool,
}

/// [`HideAndGuessView`] as read, before it is checked.
#[derive(Deserialize)]
struct HideAndGuessViewUnchecked {
    seat: Seat,
    table: Table,
    my_secret: Option<Pieces>,
    opponent_has_chosen: bool,
    my_vote: Option<bool>,
    opponent_has_voted: bool,
    opponent_secret: Option<Pieces>,
    #[serde(default)]
    my_secret_withheld: bool,
    #[serde(default)]
    my_vote_withheld: bool,
}

impl TryFrom<HideAndGuessViewUnchecked> for HideAndGuessView {
    type Error = String;
    fn try_from(raw: HideAndGuessViewUnchecked) -> Result<HideAndGuessView, String> {
        if raw.seat.index() >= 2 {
            return Err(format!("Hide and Guess has 2 seats, not {}", raw.seat));
        }
        raw.table.validate()?;
        let view = HideAndGuessView {
            seat: raw.seat,
            table: raw.table,
            my_secret: raw.my_secret,
            opponent_has_chosen: raw.opponent_has_chosen,
            my_vote: raw.my_vote,
            opponent_has_voted: raw.opponent_has_voted,
            opponent_secret: raw.opponent_secret,
            my_secret_withheld: raw.my_secret_withheld,
            my_vote_withheld: raw.my_vote_withheld,
        };
        if (view.my_secret_withheld && view.my_secret.is_some())
            || (view.my_vote_withheld && view.my_vote.is_some())
        {
            return Err("a choice both shown and withheld".into());
        }
        if view.opponent_secret.is_some_and(|p| !p.is_secret()) {
            return Err("the other secret is not 5 pieces of a black set".into());
        }
        determinize(&view, &mut GameRng::seed_from_u64(0))
            .validate()
            .map_err(|e| format!("no full state fits this view: {e}"))?;
        Ok(view)
    }
}

impl HideAndGuessView {
    pub fn opponent(&self) -> Seat {
        other(self.seat)
    }

    /// True when the viewer already guessed these pieces wrongly.
    pub fn is_repeated_guess(&self, guess: Pieces) -> bool {
        self.table.is_repeated_guess(self.seat, guess)
    }
}

pub(crate) fn observe(game: &HideAndGuess, seat: Seat) -> HideAndGuessView {
    let me = seat.index().min(1);
    let them = other(seat).index();
    HideAndGuessView {
        seat,
        table: game.table.clone(),
        my_secret: game.secrets[me],
        opponent_has_chosen: game.secrets[them].is_some(),
        my_vote: game.votes[me],
        opponent_has_voted: game.votes[them].is_some(),
        opponent_secret: game.table.end.and(game.secrets[them]),
        my_secret_withheld: false,
        my_vote_withheld: false,
    }
}

/// Seat 0's view without its secret (until the end shows both) and its
/// thumb: what a spectator sees.
pub(crate) fn observe_public(game: &HideAndGuess) -> HideAndGuessView {
    let mut view = observe(game, Seat(0));
    if game.table.end.is_none() {
        view.my_secret_withheld = view.my_secret.take().is_some();
    }
    view.my_vote_withheld = view.my_vote.take().is_some();
    view
}

/// Everything there is to know, as a view for `seat` (the review of a
/// finished game): the other secret too. A thumb still hidden stays so (the
/// view has no place for it); see [`HideAndGuess::votes`].
pub(crate) fn revealed(game: &HideAndGuess, seat: Seat) -> HideAndGuessView {
    let mut view = observe(game, seat);
    view.opponent_secret = game.secrets[other(seat).index()];
    view
}

/// Samples a full state from a view: the other secret drawn from
/// [`crate::belief`] (so votes make it likelier to share pieces with
/// the triangles it voted UP, and wrong guesses are excluded), and the other
/// player's hidden thumb drawn as that secret would likely vote.
pub(crate) fn determinize(view: &HideAndGuessView, rng: &mut GameRng) -> HideAndGuess {
    let me = view.seat.index().min(1);
    let them = 1 - me;
    let mut secrets = [None; 2];
    secrets[me] = match view.my_secret {
        None if view.my_secret_withheld => {
            Some(crate::ai::sample_secret(&view.table, view.seat, rng))
        }
        mine => mine,
    };
    secrets[them] = match view.opponent_secret {
        Some(revealed) => Some(revealed),
        None if view.opponent_has_chosen => {
            Some(crate::ai::sample_secret(&view.table, other(view.seat), rng))
        }
        None => None,
    };
    let mut votes = [None; 2];
    votes[me] = view.my_vote;
    for (seat, hidden) in [(me, view.my_vote_withheld), (them, view.opponent_has_voted)] {
        if hidden && votes[seat].is_none() {
            let p_up = match (view.table.open_vote(), secrets[seat]) {
                (Some(t), Some(s)) => crate::ai::up_likelihood(t.pieces, s),
                _ => 0.5,
            };
            votes[seat] = Some(rng.random_bool(p_up));
        }
    }
    HideAndGuess {
        table: view.table.clone(),
        secrets,
        votes,
    }
}
