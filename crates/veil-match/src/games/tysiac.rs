//! Tysiąc: calls, the prikup, the cards played and each hand's result, told
//! from the table every seat sees; the last trick stays in view before the
//! next deal.

use veil_core::Seat;
use veil_tysiac::{HandEnd, HandResult, Phase, Tysiac, TysiacView};

use crate::MatchGame;

impl MatchGame for Tysiac {
    fn move_text(after: &TysiacView) -> Option<String> {
        move_text(after)
    }
    /// The last trick of a hand stays in the middle a while before the
    /// next deal sweeps the table.
    fn chance_pause(after: &TysiacView) -> f32 {
        if after.table.phase == Phase::Score {
            8.0
        } else {
            0.0
        }
    }
    fn revealed(state: &Self, seat: Seat) -> Option<TysiacView> {
        Some(Tysiac::revealed(state, seat))
    }
    /// A card in a hand or the prikup, as "plays 10♥" writes it.
    fn fact_text(_: &Self, fact: veil_core::Fact) -> Option<String> {
        veil_tysiac::Card::from_index(usize::from(fact.what)).map(|c| c.to_string())
    }
}

fn name(seat: Seat) -> &'static str {
    Tysiac::seat_name(seat)
}

/// A finished hand in words.
pub fn hand_text(h: &HandResult) -> String {
    let d = name(h.declarer);
    match h.end {
        HandEnd::Made => format!(
            "{d} played for {} and made it ({} points)",
            h.bid,
            h.points[h.declarer.index()]
        ),
        HandEnd::Failed => format!(
            "{d} played for {} and failed ({} points)",
            h.bid,
            h.points[h.declarer.index()]
        ),
        HandEnd::Rospisat => format!("{d} declared Rospisat' at {}", h.bid),
        HandEnd::Redeal { by } => format!("{} held the four nines: redeal", name(by)),
    }
}

/// The move just made, told from the table every seat sees.
pub fn move_text(after: &TysiacView) -> Option<String> {
    let t = &after.table;
    let call_text = |c: &veil_tysiac::Call| match c.bid {
        Some(bid) => format!("{} bids {bid}", name(c.seat)),
        None => format!("{} passes", name(c.seat)),
    };
    let declarer = t.declarer.unwrap_or(t.bidder);
    match t.phase {
        // A bid or pass after the forced opening; else a hand just ended.
        Phase::Bidding if t.calls.len() > 1 => t.calls.last().map(call_text),
        Phase::Prikup => t.calls.last().map(|c| {
            format!(
                "{}; {} plays for {} and shows the prikup",
                call_text(c),
                name(declarer),
                t.bid
            )
        }),
        Phase::PassCards if t.given_to.is_empty() => {
            Some(format!("{} takes the prikup", name(declarer)))
        }
        Phase::PassCards => t
            .given_to
            .first()
            .map(|to| format!("{} gives a card to {}", name(declarer), name(to))),
        // Every seat answers the four nines at once (so no answer tells
        // who holds them): the list counts the answers, not who gave them.
        Phase::FourNines if !t.answered.is_empty() => Some(format!(
            "{} of 3 play on (the four nines)",
            t.answered.len()
        )),
        Phase::FourNines => Some(format!("{} gives its second card", name(declarer))),
        Phase::Raise => Some("All three play on: nobody holds the four nines".to_owned()),
        Phase::Play => {
            if let Some(card) = t.trick.last() {
                let seat = Seat(((t.leader.index() + t.trick.len() - 1) % 3) as u8);
                let announced = t.trick.len() == 1
                    && t.trump.is_some()
                    && t.tricks.last().map(|p| p.trump) != Some(t.trump);
                Some(if announced {
                    format!(
                        "{} plays {card} and announces the marriage ({} trump, +{})",
                        name(seat),
                        card.suit(),
                        card.suit().marriage()
                    )
                } else {
                    format!("{} plays {card}", name(seat))
                })
            } else if let Some(last) = t.tricks.last() {
                Some(format!(
                    "{} plays {}; {} takes the trick ({} points)",
                    name(last.player(2)),
                    last.cards[2],
                    name(last.winner),
                    last.points()
                ))
            } else {
                Some(format!("{} plays for {}", name(declarer), t.bid))
            }
        }
        // The last trick, then the hand's result.
        Phase::Score => {
            let hand = t.history.last().map(hand_text);
            match (t.tricks.last(), hand) {
                (Some(last), Some(hand)) => Some(format!(
                    "{} plays {}; {} takes the trick ({} points). {hand}",
                    name(last.player(2)),
                    last.cards[2],
                    name(last.winner),
                    last.points()
                )),
                (_, hand) => hand,
            }
        }
        _ => t.history.last().map(hand_text),
    }
}
