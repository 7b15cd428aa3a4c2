//! Reality Check: the crate's notation, public knowledge only.

use veil_core::Seat;
use veil_reality_check::{Action, Phase, RealityCheck, Square, View};

use crate::MatchGame;

impl MatchGame for RealityCheck {
    fn move_text(_after: &View) -> Option<String> {
        None
    }
    fn action_text(_seat: Seat, action: &Action, after: &View) -> Option<String> {
        public_text(action, after)
    }
    fn revealed(state: &Self, seat: Seat) -> Option<View> {
        Some(RealityCheck::revealed(state, seat))
    }
    /// A piece whose under-face a seat cannot see, as the crate's notation
    /// writes a piece on a square with both faces ("N/P@c2", a drop or a
    /// setup placement): the words a line would leak it in, were it written
    /// with the full action rather than [`public_text`].
    fn fact_text(state: &Self, fact: veil_core::Fact) -> Option<String> {
        let sq = Square::from_index(usize::from(fact.place))?;
        let piece = state.piece(sq)?;
        (piece.kind.index() == usize::from(fact.what)).then(|| {
            let under = piece.kind.other(piece.up);
            format!("{}/{}@{sq}", piece.up.letter(), under.letter())
        })
    }
}

/// The move list's words for an action, public knowledge only: the
/// crate's notation, except that a drop shows only the face dropped up,
/// setup placements are not written, and a face shown to both is added.
pub fn public_text(action: &Action, after: &View) -> Option<String> {
    let kind_at = |sq: Square| after.piece(sq).and_then(|s| s.kind.filter(|_| s.public));
    let mut text = match *action {
        Action::Place { .. } => return None,
        Action::Drop { up, to, .. } => format!("{}@{to}", up.letter()),
        // The capturer's kind, then what it took (both were shown).
        Action::Check { to, .. } => match (kind_at(to), after.checked) {
            (Some(k), Some(v)) => format!("{action} {k} took {v}"),
            (Some(k), None) => format!("{action} {k}"),
            _ => action.to_string(),
        },
        Action::Flip(sq) => match kind_at(sq) {
            Some(k) => format!("{action} {k}"),
            None => action.to_string(),
        },
        _ => action.to_string(),
    };
    if let Phase::Flip { die: Some(d), .. } = after.phase {
        text.push_str(&format!(" die{d}"));
    }
    Some(text)
}
