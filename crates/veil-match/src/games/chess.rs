//! The chess family: Intrigue and Secret King.

use veil_core::Seat;
use veil_intrigue::{Intrigue, IntrigueView};
use veil_secret_king::{SecretKing, SecretKingView};

use crate::MatchGame;

impl MatchGame for Intrigue {
    fn move_text(after: &IntrigueView) -> Option<String> {
        // A capture that leaves its side a decision to make is written once
        // the decision is known (it may add "Informant retired").
        if after.public.pending.is_some() {
            return None;
        }
        after.public.history.last().cloned()
    }
    fn revealed(state: &Self, seat: Seat) -> Option<IntrigueView> {
        Some(Intrigue::revealed(state, seat))
    }
    /// Where the King hides, as its appearance is written ("K@e4"); which
    /// pawn is the Informant has no words of its own.
    fn fact_text(_: &Self, fact: veil_core::Fact) -> Option<String> {
        (fact.what == Intrigue::KING && fact.place < 64).then(|| {
            format!(
                "K@{}",
                veil_intrigue::square_name(veil_secret_king::Square(fact.place as u8))
            )
        })
    }
}

impl MatchGame for SecretKing {
    fn move_text(after: &SecretKingView) -> Option<String> {
        after.history.last().map(secret_king_move_text)
    }
    fn revealed(state: &Self, seat: Seat) -> Option<SecretKingView> {
        Some(SecretKing::revealed(state, seat))
    }
    /// The Knight that is the Secret King, as its choice is written
    /// ("king e1").
    fn fact_text(_: &Self, fact: veil_core::Fact) -> Option<String> {
        let square = u8::try_from(fact.place).ok()?;
        Some(veil_secret_king::Action::ChooseKing(veil_secret_king::Square(square)).to_string())
    }
}

/// A Secret King move in SAN, and what a capture of a Knight showed.
pub fn secret_king_move_text(p: &veil_secret_king::Played) -> String {
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
