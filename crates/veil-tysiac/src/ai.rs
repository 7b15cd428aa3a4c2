//! Game knowledge for the computer player: what a hand is worth, how good a
//! match position looks, and a playout policy better than chance.

use veil_core::{Game, GameRng, RngExt, Seat};

use crate::game::{BARREL, GOAL, SEATS};
use crate::{Action, Card, Hand, Phase, Rank, Tysiac};

/// The points a declarer may expect to take with `hand` (before or after
/// the exchange): its sure tricks' cards, a share of what they capture, and
/// its marriages, which need the lead to be announced.
pub fn hand_value(hand: Hand) -> u16 {
    let mut value = 0u16;
    for suit in crate::Suit::ALL {
        let cards = hand.of_suit(suit);
        let ace = cards.contains(Card::new(suit, Rank::Ace));
        let ten = cards.contains(Card::new(suit, Rank::Ten));
        if ace {
            // The ace wins and brings in about a ten's worth of others' cards.
            value += 11 + 8;
            if ten {
                value += 10 + 6;
            }
        } else if ten && cards.len() >= 3 {
            value += 10;
        }
        if hand.has_marriage(suit) {
            value += suit.marriage() * 4 / 5 + 7;
        } else {
            value += cards
                .minus(Hand::rank(Rank::Ace))
                .minus(Hand::rank(Rank::Ten))
                .points()
                / 2;
        }
        // Length wins tricks late in the hand.
        value += cards.len().saturating_sub(3) as u16 * 5;
    }
    value
}

/// The bid a hand of seven is worth, counting on a modest prikup.
pub fn bid_value(hand: Hand) -> u16 {
    hand_value(hand) + 15
}

fn squash(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What `seat` expects to add to its score this hand, from the full state.
fn expected_gain(game: &Tysiac, seat: Seat) -> f64 {
    let t = game.table();
    let Some(declarer) = t.declarer else {
        return 0.0;
    };
    if !matches!(
        t.phase,
        Phase::Prikup | Phase::PassCards | Phase::FourNines | Phase::Raise | Phase::Play
    ) {
        return 0.0;
    }
    let projected = |s: Seat| {
        let hand = game
            .hand(s)
            .union(if t.phase == Phase::Prikup && s == declarer {
                game.prikup()
            } else {
                Hand::EMPTY
            });
        let held = if s == declarer {
            hand_value(hand)
        } else {
            hand.points() + hand.points() / 3
        };
        f64::from(t.points[s.index()]) + f64::from(held)
    };
    let bid = f64::from(t.bid);
    if seat == declarer {
        let p = squash((projected(declarer) - bid) / 15.0);
        bid * (2.0 * p - 1.0)
    } else {
        projected(seat).min(120.0)
    }
}

/// `seat`'s prospects in [0, 1]: its score with what it expects from this
/// hand, against each other seat's, and its distance to 1000.
pub fn evaluate(game: &Tysiac, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome() {
        return outcome.reward(seat);
    }
    let t = game.table();
    let effective = |s: Seat| {
        let st = t.standings[s.index()];
        let mut score = f64::from(st.score) + expected_gain(game, s);
        if st.barrel.is_some() {
            // The barrel is close to the goal but not there yet.
            score = score.min(f64::from(BARREL) + 60.0);
        }
        score.min(f64::from(GOAL) + 50.0)
    };
    let mine = effective(seat);
    let others = Seat::all(SEATS).filter(|s| *s != seat);
    let beaten: f64 = others.map(|o| squash((mine - effective(o)) / 150.0)).sum();
    beaten / (SEATS as f64 - 1.0)
}

/// A keep-value of a card in a hand: what giving it away would cost.
fn keep_value(hand: Hand, card: Card) -> u16 {
    let mut value = card.points() * 2;
    if matches!(card.rank(), Rank::King | Rank::Queen) && hand.has_marriage(card.suit()) {
        value += 100 + card.suit().marriage();
    }
    if card.rank() == Rank::Ace {
        value += 20;
    }
    // Short suits are worth emptying: voids let you trump.
    value + hand.of_suit(card.suit()).len() as u16 * 3
}

/// The action a playout takes: bid near the hand's worth, give away the
/// cards worth least, announce marriages, take tricks worth taking with the
/// cheapest winner and follow low otherwise; now and then anything.
pub fn playout_action(game: &Tysiac, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    let random = legal[rng.random_range(0..legal.len())];
    if legal.len() == 1 || rng.random_bool(0.08) {
        return random;
    }
    let t = game.table();
    let hand = game.hand(seat);
    let step = t.options.bid_step;
    match t.phase {
        Phase::Bidding => {
            let worth = bid_value(hand) + rng.random_range(0..=20) - 10;
            let next = t.bid + step;
            if next <= worth && legal.contains(&Action::Bid(next)) {
                Action::Bid(next)
            } else {
                Action::Pass
            }
        }
        Phase::Prikup => {
            let worth = hand_value(hand.union(game.prikup()));
            if worth + 30 < t.bid && legal.contains(&Action::Rospisat) {
                Action::Rospisat
            } else {
                Action::TakePrikup
            }
        }
        Phase::PassCards => *legal
            .iter()
            .min_by_key(|a| match a {
                Action::Give { card, .. } => keep_value(hand, *card),
                _ => u16::MAX,
            })
            .unwrap_or(&random),
        Phase::FourNines => {
            if t.declarer == Some(seat) && hand_value(hand) >= t.bid {
                Action::PlayOn
            } else {
                Action::Redeal
            }
        }
        Phase::Raise => {
            let worth = hand_value(hand);
            let target = (worth.saturating_sub(20) / step) * step;
            if target > t.bid && legal.contains(&Action::Raise(target)) {
                Action::Raise(target)
            } else {
                Action::Raise(t.bid)
            }
        }
        Phase::Play => play(game, seat, legal, rng).unwrap_or(random),
        _ => random,
    }
}

fn play(game: &Tysiac, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    let t = game.table();
    let hand = game.hand(seat);
    let cards: Hand = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    let plain = |card: Card| Action::Play {
        card,
        marriage: false,
    };
    let cheapest = |cards: Hand| cards.iter().min_by_key(|c| (c.points(), c.rank()));
    if t.trick.is_empty() {
        // Announce the richest marriage we may.
        let marriage = legal
            .iter()
            .filter(|a| matches!(a, Action::Play { marriage: true, .. }))
            .max_by_key(|a| match a {
                Action::Play { card, .. } => (card.suit().marriage(), card.rank() == Rank::Queen),
                _ => (0, false),
            });
        if let Some(m) = marriage {
            return Some(*m);
        }
        // Cash a card nobody can beat in its suit, else lead low.
        let played = t.played();
        let boss = cards.iter().filter(|c| {
            let higher = Hand::suit(c.suit()).iter().filter(|o| o.rank() > c.rank());
            higher
                .clone()
                .all(|o| played.contains(o) || hand.contains(o))
                && c.points() >= 10
        });
        let boss: Vec<Card> = boss.collect();
        if !boss.is_empty() {
            return Some(plain(boss[rng.random_range(0..boss.len())]));
        }
        let safe = cards.iter().filter(|c| {
            !(matches!(c.rank(), Rank::King | Rank::Queen) && hand.has_marriage(c.suit()))
        });
        let safe: Hand = safe.collect();
        return cheapest(if safe.is_empty() { cards } else { safe }).map(plain);
    }
    let winner_now = t.trick_winner()?;
    let declarer = t.declarer?;
    let partner_winning = seat != declarer && winner_now != declarer;
    let last = t.trick.len() == SEATS - 1;
    let winners: Hand = cards
        .iter()
        .filter(|c| {
            let mut trick = t.trick.clone();
            trick.push(*c);
            let probe_winner = {
                let mut table = t.clone();
                table.trick = trick;
                table.trick_winner()
            };
            probe_winner == Some(seat)
        })
        .collect();
    if partner_winning && last {
        // Give points to the other opponent's trick.
        let rich = cards
            .iter()
            .max_by_key(|c| (c.points(), std::cmp::Reverse(c.rank())));
        return rich.map(plain);
    }
    let trick_points: u16 = t.trick.iter().map(|c| c.points()).sum();
    if !winners.is_empty() && (last || trick_points > 0 || !partner_winning) {
        // The cheapest card that wins, unless second hand: then the highest.
        let choice = if last {
            cheapest(winners)
        } else {
            winners.iter().max()
        };
        return choice.map(plain);
    }
    cheapest(cards).map(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strong_hands_are_worth_more() {
        let strong: Hand = "AH 10H KH QH AS 10S AD".parse().unwrap();
        let weak: Hand = "9H JH 9S JS 9D QD 9C".parse().unwrap();
        assert!(bid_value(strong) > 120, "{}", bid_value(strong));
        assert!(bid_value(weak) < 100, "{}", bid_value(weak));
    }
}
