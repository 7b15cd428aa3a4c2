//! Game knowledge for the computer player: what a hand is worth to its
//! declarer, how good a match position looks, and a playout policy far
//! better than chance (the search's playouts and its estimates of every bid,
//! exchange and raise rest on it).

use veil_core::{Game, GameRng, RngExt, Seat, SeedableRng};

use crate::game::{BARREL, CARD_POINTS, GOAL, SEATS, trick_winner_index};
use crate::{Action, Card, Hand, Phase, Rank, Suit, Tysiac};

/// What a declarer's eight cards are expected to take (cards and
/// marriages), leading the first trick. A linear estimate fitted to hands
/// played out by the playout policy (the ignored `calibrate` test refits
/// it): aces and the tens beside them win, a marriage scores when its
/// holder gets the lead and makes its suit trump, length and voids win the
/// late tricks.
pub fn hand_value(hand: Hand) -> u16 {
    let f = features(hand);
    let value: f64 = f.iter().zip(WEIGHTS).map(|(x, w)| x * w).sum();
    value.clamp(0.0, f64::from(CARD_POINTS + 280)).round() as u16
}

/// The features [`hand_value`] weighs, in the order of [`WEIGHTS`].
pub(crate) fn features(hand: Hand) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    let mut best_trump_len = 0usize;
    for suit in Suit::ALL {
        let cards = hand.of_suit(suit);
        let has = |rank| cards.contains(Card::new(suit, rank));
        let (ace, ten) = (has(Rank::Ace), has(Rank::Ten));
        let married = hand.has_marriage(suit);
        f[1] += f64::from(ace);
        f[2] += f64::from(ace && ten);
        f[3] += f64::from(!ace && ten && cards.len() >= 2);
        f[4] += f64::from(!ace && ten && cards.len() == 1);
        f[5] += f64::from(has(Rank::King) && !married);
        f[6] += f64::from(has(Rank::Queen) && !married);
        f[7] += f64::from(has(Rank::Jack));
        if married {
            f[8] += f64::from(suit.marriage());
            f[9] += 1.0;
            best_trump_len = best_trump_len.max(cards.len());
        }
        f[10] += cards.len().saturating_sub(3) as f64;
        f[11] += f64::from(cards.is_empty());
    }
    f[12] = best_trump_len.saturating_sub(2) as f64;
    // A marriage with no ace to win the lead is hard to announce.
    f[13] = if f[1] == 0.0 { f[8] } else { 0.0 };
    f
}

pub(crate) const FEATURES: usize = 14;
const WEIGHTS: [f64; FEATURES] = [
    -11.4, 21.8, 15.1, 7.9, 7.2, 1.0, 0.4, 0.1, 0.9, -3.2, 3.3, 5.7, 10.4, -0.7,
];

/// The eight cards a declarer keeps from ten: it gives away the two worth
/// least to it.
pub fn exchange(hand: Hand) -> Hand {
    let mut kept = hand;
    while kept.len() > 8 {
        let Some(worst) = kept.iter().min_by_key(|c| keep_value(kept, *c)) else {
            break;
        };
        kept = kept.without(worst);
    }
    kept
}

/// What a seat may expect to take as declarer with these seven cards, on
/// average over every prikup of three of the other seventeen.
pub fn expected_take(hand: Hand) -> f64 {
    let rest: Vec<Card> = Hand::DECK.minus(hand).iter().collect();
    let (mut sum, mut n) = (0.0, 0u32);
    for i in 0..rest.len() {
        for j in i + 1..rest.len() {
            for k in j + 1..rest.len() {
                let prikup = Hand::EMPTY.with(rest[i]).with(rest[j]).with(rest[k]);
                sum += f64::from(hand_value(exchange(hand.union(prikup))));
                n += 1;
            }
        }
    }
    if n == 0 {
        f64::from(hand_value(exchange(hand)))
    } else {
        sum / f64::from(n)
    }
}

/// The same over `samples` prikups drawn at random from `unseen` (for the
/// playouts, where the exact mean costs too much).
fn sampled_take(hand: Hand, unseen: Hand, samples: u32, rng: &mut GameRng) -> f64 {
    let pool: Vec<Card> = unseen.iter().collect();
    if pool.len() < 3 || samples == 0 {
        return f64::from(hand_value(exchange(hand)));
    }
    let mut sum = 0.0;
    for _ in 0..samples {
        let mut prikup = Hand::EMPTY;
        while prikup.len() < 3 {
            prikup = prikup.with(pool[rng.random_range(0..pool.len())]);
        }
        sum += f64::from(hand_value(exchange(hand.union(prikup))));
    }
    sum / f64::from(samples)
}

/// [`expected_take`] for the search, which asks it often: the mean over
/// a dozen prikups drawn by a generator seeded with the hand itself, so the
/// same hand always gets the same answer.
fn quick_take(hand: Hand) -> f64 {
    let mut rng = GameRng::seed_from_u64(u64::from(hand.0).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    sampled_take(hand, Hand::DECK.minus(hand), 12, &mut rng)
}

/// How far below its expected take a declarer bids: a failed bid costs as
/// much as a made one brings, and the opponents score more when it fails.
pub(crate) const BID_MARGIN: f64 = 15.0;
/// Raising asks for a little more room, since the bid is already won.
pub(crate) const RAISE_MARGIN: f64 = 25.0;
/// A declarer gives up (Rospisat') when its best eight fall this far short.
pub(crate) const ROSPISAT_SHORT: f64 = 25.0;

/// The highest bid a hand of seven should make: its expected take over every
/// prikup, less a margin for the risk. Bids above 120 also need a marriage.
pub fn bid_value(hand: Hand) -> u16 {
    let limit = (expected_take(hand) - BID_MARGIN).max(0.0) as u16;
    limit / 5 * 5
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
            hand_value(exchange(hand))
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

/// What the marks on a seat's pad will cost it, spread over the marks: every
/// third line or P costs 120, so each one counts as 40.
fn marks_cost(st: &crate::Standing) -> f64 {
    f64::from(st.lines % 3 + st.p_marks % 3) * f64::from(crate::PENALTY) / 3.0
}

/// `seat`'s prospects in [0, 1]: half from its score (with what it expects
/// from a hand in progress and what its marks will cost) against each other
/// seat's, half from how the last hand went for it against them, so the
/// search sees a hand's result clearly even where the match is lopsided.
pub fn evaluate(game: &Tysiac, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome() {
        return outcome.reward(seat);
    }
    let t = game.table();
    let effective = |s: Seat| {
        let st = t.standings[s.index()];
        let mut score = f64::from(st.score) + expected_gain(game, s) - marks_cost(&st);
        if st.barrel.is_some() {
            // The barrel is close to the goal but not there yet.
            score = score.min(f64::from(BARREL) + 60.0);
        }
        score.min(f64::from(GOAL) + 50.0)
    };
    let mine = effective(seat);
    let others = || Seat::all(SEATS).filter(|s| *s != seat);
    let half = SEATS as f64 - 1.0;
    let standing: f64 = others()
        .map(|o| squash((mine - effective(o)) / 150.0))
        .sum::<f64>()
        / half;
    let Some(last) = t.history.last() else {
        return standing;
    };
    let change = |s: Seat| f64::from(last.changes[s.index()]);
    let hand: f64 = others()
        .map(|o| squash((change(seat) - change(o)) / HAND_SCALE))
        .sum::<f64>()
        / half;
    (standing + hand) / 2.0
}

/// How many points of difference in one hand make a clear result.
const HAND_SCALE: f64 = 80.0;

/// A keep-value of a card in a hand: what giving it away would cost.
fn keep_value(hand: Hand, card: Card) -> u16 {
    let suit = hand.of_suit(card.suit());
    let mut value = card.points() * 2;
    if matches!(card.rank(), Rank::King | Rank::Queen) && hand.has_marriage(card.suit()) {
        value += 100 + card.suit().marriage();
    }
    match card.rank() {
        Rank::Ace => value += 20,
        // A ten beside its ace wins too; a lone ten falls to the ace.
        Rank::Ten if suit.contains(Card::new(card.suit(), Rank::Ace)) => value += 15,
        Rank::Ten if suit.len() == 1 => value = value.saturating_sub(8),
        _ => {}
    }
    // Short suits are worth emptying: voids let you trump.
    value + suit.len() as u16 * 3
}

/// Whether the declarer should give up after seeing the prikup: its best
/// eight fall well short of the bid (further still when this P would be a
/// third, which costs 120).
fn rospisat_first(game: &Tysiac, seat: Seat, short: f64) -> bool {
    let t = game.table();
    let worth = f64::from(hand_value(exchange(game.hand(seat).union(game.prikup()))));
    let third = t.standings[seat.index()].p_marks % 3 == 2;
    let short = short + if third { 40.0 } else { 0.0 };
    worth + short < f64::from(t.bid)
}

/// The action a playout takes: bid up to the hand's expected take, give
/// up when the prikup leaves the bid out of reach, give away the cards worth
/// least, raise when the eight kept cards justify it, announce marriages,
/// draw trumps, cash sure winners, take tricks worth taking with the
/// cheapest card that does and follow low otherwise; now and then anything.
pub fn playout_action(game: &Tysiac, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
    playout_action_styled(game, seat, legal, rng, &Style::DEFAULT)
}

/// The playout policy's knobs, for tuning it by self-play (the `tune`
/// example) and for a level that plays a policy of its own.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub bid_margin: f64,
    pub bid_noise: u16,
    pub raise_margin: f64,
    pub rospisat_short: f64,
    /// Added to the bid margin per 100 points the seat leads the best
    /// other seat by (negative: bid more when behind).
    pub lead_margin: f64,
    /// How often trick play takes any legal card.
    pub play_noise: f64,
}

impl Style {
    pub const DEFAULT: Style = Style {
        bid_margin: BID_MARGIN,
        bid_noise: 5,
        raise_margin: RAISE_MARGIN,
        rospisat_short: ROSPISAT_SHORT,
        lead_margin: 0.0,
        play_noise: 0.04,
    };

    fn bid_margin(&self, game: &Tysiac, seat: Seat) -> f64 {
        if self.lead_margin == 0.0 {
            return self.bid_margin;
        }
        let st = &game.table().standings;
        let mine = st[seat.index()].score;
        let best = Seat::all(SEATS)
            .filter(|s| *s != seat)
            .map(|s| st[s.index()].score)
            .max()
            .unwrap_or(0);
        self.bid_margin + self.lead_margin * f64::from(mine - best) / 100.0
    }
}

#[doc(hidden)]
pub fn playout_action_styled(
    game: &Tysiac,
    seat: Seat,
    legal: &[Action],
    rng: &mut GameRng,
    style: &Style,
) -> Action {
    let random = legal[rng.random_range(0..legal.len())];
    if legal.len() == 1 {
        return random;
    }
    let t = game.table();
    let hand = game.hand(seat);
    let step = t.options.bid_step;
    let chance_of_anything = if t.phase == Phase::Play {
        style.play_noise
    } else {
        0.0
    };
    if rng.random_bool(chance_of_anything) {
        return random;
    }
    match t.phase {
        Phase::Bidding => {
            // The seat knows its own cards and the table; the prikup is
            // any three of the rest.
            let noise =
                f64::from(rng.random_range(0..=2 * style.bid_noise)) - f64::from(style.bid_noise);
            let worth = quick_take(hand) - style.bid_margin(game, seat) + noise;
            let next = t.bid + step;
            if f64::from(next) <= worth && legal.contains(&Action::Bid(next)) {
                Action::Bid(next)
            } else {
                Action::Pass
            }
        }
        Phase::Prikup => {
            if rospisat_first(game, seat, style.rospisat_short) && legal.contains(&Action::Rospisat)
            {
                Action::Rospisat
            } else {
                Action::TakePrikup
            }
        }
        Phase::PassCards => {
            let kept = exchange(hand);
            let give = hand.minus(kept).iter().next();
            let to = Seat::all(SEATS).find(|s| *s != seat && !t.given_to.contains(*s));
            match (give, to) {
                (Some(card), Some(to)) if legal.contains(&Action::Give { card, to }) => {
                    Action::Give { card, to }
                }
                _ => random,
            }
        }
        Phase::FourNines => {
            if t.declarer == Some(seat) && hand_value(hand) >= t.bid {
                Action::PlayOn
            } else {
                Action::Redeal
            }
        }
        Phase::Raise => {
            let worth = f64::from(hand_value(hand)) - style.raise_margin;
            let target = (worth.max(0.0) as u16 / step) * step;
            if target > t.bid && legal.contains(&Action::Raise(target)) {
                Action::Raise(target)
            } else {
                Action::Raise(t.bid)
            }
        }
        Phase::Play => play(game, seat, legal).unwrap_or(random),
        _ => random,
    }
}

/// How promising each of `actions` (the legal actions of `seat`) looks, for
/// the search to try first and to leave aside: bids beyond what the hand can
/// take, raises past the kept cards' worth, giving away an ace or a
/// marriage, leading a marriage card without announcing it. What the policy
/// would play comes first. Uses only `seat`'s cards and the table.
pub fn action_prior(game: &Tysiac, seat: Seat, actions: &[Action], out: &mut Vec<f64>) {
    out.clear();
    let t = game.table();
    let hand = game.hand(seat);
    let step = t.options.bid_step;
    match t.phase {
        Phase::Bidding => {
            let limit = quick_take(hand) - BID_MARGIN;
            let next = t.bid + step;
            let bid_first = f64::from(next) <= limit;
            out.extend(actions.iter().map(|a| match *a {
                Action::Pass => {
                    if bid_first {
                        0.5
                    } else {
                        1.0
                    }
                }
                Action::Bid(b) if b == next => {
                    if bid_first {
                        1.0
                    } else {
                        0.4
                    }
                }
                // A few jump bids, up to the limit.
                Action::Bid(b) if f64::from(b) <= limit + 5.0 && b <= next + 4 * step => {
                    0.3 - f64::from(b - next) / 1000.0
                }
                _ => 0.0,
            }));
        }
        Phase::Prikup => {
            let take_first = !rospisat_first(game, seat, ROSPISAT_SHORT);
            out.extend(actions.iter().map(|a| match a {
                Action::TakePrikup => {
                    if take_first {
                        1.0
                    } else {
                        0.5
                    }
                }
                _ => {
                    if take_first {
                        0.5
                    } else {
                        1.0
                    }
                }
            }));
        }
        Phase::PassCards => {
            // The cards worth least to keep, each to either opponent.
            let mut ranked: Vec<Card> = hand.iter().collect();
            ranked.sort_by_key(|c| keep_value(hand, *c));
            out.extend(actions.iter().map(|a| match a {
                Action::Give { card, .. } => match ranked.iter().position(|c| c == card) {
                    Some(i) if i < 4 => 1.0 - i as f64 / 8.0,
                    _ => 0.0,
                },
                _ => 1.0,
            }));
        }
        Phase::Raise => {
            let worth = f64::from(hand_value(hand)) - RAISE_MARGIN;
            let target = (worth.max(0.0) as u16 / step) * step;
            let raise_first = target > t.bid;
            out.extend(actions.iter().map(|a| match *a {
                Action::Raise(b) if b == t.bid => {
                    if raise_first {
                        0.6
                    } else {
                        1.0
                    }
                }
                Action::Raise(b) if b == target => 0.9,
                Action::Raise(b) if b <= target + 2 * step && b <= t.bid + 4 * step => {
                    0.5 - f64::from(b - t.bid) / 1000.0
                }
                _ => 0.0,
            }));
        }
        Phase::Play => {
            let choice = play(game, seat, actions);
            out.extend(actions.iter().map(|a| match *a {
                _ if Some(*a) == choice => 1.0,
                // Leading a marriage card without announcing it throws the
                // marriage away.
                Action::Play {
                    card,
                    marriage: false,
                } if actions.contains(&Action::Play {
                    card,
                    marriage: true,
                }) =>
                {
                    0.0
                }
                _ => 0.5,
            }));
        }
        _ => {}
    }
}

/// Whether `card` would win the trick on the table if played now.
fn wins_now(trick: &[Card], card: Card, trump: Option<Suit>) -> bool {
    let mut cards = [card; 3];
    cards[..trick.len()].copy_from_slice(trick);
    trick_winner_index(&cards[..=trick.len()], trump) == Some(trick.len())
}

/// Whether some card of `others` could beat `card` in a trick led in `led`
/// (trumping included when the suit may be void there).
fn beatable(card: Card, led: Suit, trump: Option<Suit>, others: Hand) -> bool {
    let higher_same = others
        .of_suit(card.suit())
        .iter()
        .any(|o| o.rank() > card.rank());
    if higher_same && (card.suit() == led || Some(card.suit()) == trump) {
        return true;
    }
    match trump {
        Some(tr) if card.suit() != tr => !others.of_suit(tr).is_empty(),
        _ => false,
    }
}

fn play(game: &Tysiac, seat: Seat, legal: &[Action]) -> Option<Action> {
    let t = game.table();
    let hand = game.hand(seat);
    let declarer = t.declarer?;
    let trump = t.trump;
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
    // Cards still out in the other hands, as this seat knows.
    let out = Hand::DECK.minus(hand).minus(t.played());
    let marriage_card =
        |c: &Card| matches!(c.rank(), Rank::King | Rank::Queen) && hand.has_marriage(c.suit());
    let cheap_key = |c: &Card| {
        // Low points first, then cards of short suits (to make voids), never
        // a marriage card or a trump if it can be helped.
        let trumpish = Some(c.suit()) == trump;
        (
            marriage_card(c),
            c.points() + if trumpish { 6 } else { 0 },
            hand.of_suit(c.suit()).len(),
            c.rank(),
        )
    };
    let cheapest = |cards: Hand| cards.iter().min_by_key(cheap_key);

    if t.trick.is_empty() {
        // Announce the richest marriage we may (leading its queen keeps
        // the king as a trump).
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
        // Draw the trumps with the top one.
        if let Some(tr) = trump {
            let top = hand.highest(tr);
            let trumps_out = !out.of_suit(tr).is_empty();
            if let Some(top) = top
                && trumps_out
                && !beatable(top, tr, trump, out)
                && seat == declarer
            {
                return Some(plain(top));
            }
        }
        // Cash a card nobody can beat, the richest first.
        let boss = cards
            .iter()
            .filter(|c| !marriage_card(c) && !beatable(*c, c.suit(), trump, out))
            .filter(|c| c.points() >= 10 || Some(c.suit()) == trump)
            .max_by_key(|c| (c.points(), c.rank()));
        if let Some(card) = boss {
            return Some(plain(card));
        }
        // Else lead low, and not a lone ten whose ace is out.
        let safe: Hand = cards
            .iter()
            .filter(|c| {
                !(marriage_card(c) || c.rank() == Rank::Ten && hand.of_suit(c.suit()).len() == 1)
            })
            .collect();
        return cheapest(if safe.is_empty() { cards } else { safe }).map(plain);
    }

    let led = t.trick[0].suit();
    let winner_now = t.trick_winner()?;
    let friend_winning = seat != declarer && winner_now != declarer;
    let last = t.trick.len() == SEATS - 1;
    let trick_points: u16 = t.trick.iter().map(|c| c.points()).sum();
    let winners: Hand = cards
        .iter()
        .filter(|c| wins_now(&t.trick, *c, trump))
        .collect();
    // The seat still to play (when second), and whether it is a friend.
    let third = seat.next(SEATS);
    let third_friend = !last && seat != declarer && third != declarer;
    // Only the third seat can still beat a card; it holds some of `out`.
    let sure: Hand = winners
        .iter()
        .filter(|c| last || !beatable(*c, led, trump, out))
        .collect();
    let smear = |cards: Hand| {
        // Points to a friend's trick, keeping aces, sure tens and marriages.
        let spare: Hand = cards
            .iter()
            .filter(|c| {
                !marriage_card(c)
                    && c.rank() != Rank::Ace
                    && Some(c.suit()) != trump
                    && (c.rank() != Rank::Ten || beatable(*c, c.suit(), trump, out))
            })
            .collect();
        spare
            .iter()
            .max_by_key(|c| (c.points(), std::cmp::Reverse(c.rank())))
            .or_else(|| cheapest(cards))
    };
    if friend_winning {
        // The friend's card holds if it is last, or the declarer (third)
        // cannot beat it as far as we know.
        let best = trick_winner_index(&t.trick, trump).map(|i| t.trick[i]);
        let holds = last || best.is_some_and(|c| !beatable(c, led, trump, out));
        if holds {
            return smear(cards).map(plain);
        }
        if let Some(card) = sure.iter().max_by_key(|c| (c.points(), c.rank())) {
            return Some(plain(card));
        }
        return cheapest(cards).map(plain);
    }
    if last {
        if let Some(card) = cheapest(winners) {
            let worth = trick_points + card.points();
            if worth > 0 || seat == declarer || card.points() <= 4 {
                return Some(plain(card));
            }
        }
        return cheapest(cards).map(plain);
    }
    // Second to play, the trick's winner so far not a friend.
    if let Some(card) = sure.iter().max_by_key(|c| (c.points(), c.rank())) {
        // A sure winner: the richest of them.
        return Some(plain(card));
    }
    if third_friend {
        // The friend plays last and may win: keep points back unless sure.
        return cheapest(cards).map(plain);
    }
    if trick_points >= 10
        && let Some(card) = winners.iter().max_by_key(|c| c.rank())
    {
        return Some(plain(card));
    }
    cheapest(cards).map(plain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use veil_core::{Actor, SeedableRng, Turn};

    #[test]
    fn strong_hands_are_worth_more() {
        let strong: Hand = "AH 10H KH QH AS 10S AD".parse().unwrap();
        let weak: Hand = "9H JH 9S JS 9D QD 9C".parse().unwrap();
        assert!(bid_value(strong) > 120, "{}", bid_value(strong));
        assert!(bid_value(weak) < 100, "{}", bid_value(weak));
    }

    /// One hand played out by the playout policy with the opener as the
    /// declarer at 100: its eight kept cards and what it took.
    fn declared_hand(seed: u64) -> Option<(Hand, Hand, u16)> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Tysiac::new(&crate::Options::one_hand(), 3).unwrap();
        let mut legal = Vec::new();
        let mut dealt = Hand::EMPTY;
        loop {
            match game.turn() {
                Turn::Chance => {
                    let a = game.sample_chance(&mut rng);
                    game.apply(Actor::Chance, a).unwrap();
                }
                Turn::Seat(seat) => {
                    let t = game.table();
                    let action = match t.phase {
                        Phase::Bidding => Action::Pass,
                        Phase::Prikup => {
                            dealt = game.hand(seat);
                            Action::TakePrikup
                        }
                        Phase::Raise => Action::Raise(t.bid),
                        _ => {
                            game.legal_actions(Actor::Seat(seat), &mut legal);
                            playout_action(&game, seat, &legal, &mut rng)
                        }
                    };
                    game.apply(Actor::Seat(seat), action).unwrap();
                    if game.phase() == Phase::Play
                        && game.table().tricks.is_empty()
                        && game.table().trick.is_empty()
                    {
                        break;
                    }
                }
                _ => return None,
            }
        }
        let declarer = game.table().declarer.unwrap();
        let kept = game.hand(declarer);
        while game.phase() == Phase::Play {
            let Turn::Seat(seat) = game.turn() else { break };
            game.legal_actions(Actor::Seat(seat), &mut legal);
            let action = playout_action(&game, seat, &legal, &mut rng);
            game.apply(Actor::Seat(seat), action).unwrap();
        }
        let points = game.table().history.last().unwrap().points[declarer.index()];
        Some((dealt, kept, points))
    }

    /// Fits [`WEIGHTS`] by least squares to hands played out by the policy
    /// and prints them with the spread of the estimate:
    /// `cargo test --release -p veil-tysiac --lib calibrate -- --ignored --nocapture`.
    #[test]
    #[ignore = "a tuning tool, not a check"]
    #[allow(clippy::needless_range_loop)]
    fn calibrate() {
        let n = 20_000u64;
        let mut xtx = [[0.0f64; FEATURES]; FEATURES];
        let mut xty = [0.0f64; FEATURES];
        let mut rows = Vec::new();
        for seed in 0..n {
            let Some((dealt, kept, points)) = declared_hand(seed) else {
                continue;
            };
            let f = features(kept);
            for i in 0..FEATURES {
                xty[i] += f[i] * f64::from(points);
                for j in 0..FEATURES {
                    xtx[i][j] += f[i] * f[j];
                }
            }
            rows.push((dealt, kept, points));
        }
        for (i, row) in xtx.iter_mut().enumerate() {
            row[i] += 1.0;
        }
        // Gaussian elimination.
        let mut a = xtx;
        let mut b = xty;
        for col in 0..FEATURES {
            let pivot = (col..FEATURES)
                .max_by(|x, y| a[*x][col].abs().total_cmp(&a[*y][col].abs()))
                .unwrap();
            a.swap(col, pivot);
            b.swap(col, pivot);
            for r in 0..FEATURES {
                if r != col {
                    let k = a[r][col] / a[col][col];
                    for c in 0..FEATURES {
                        a[r][c] -= k * a[col][c];
                    }
                    b[r] -= k * b[col];
                }
            }
        }
        let w: Vec<f64> = (0..FEATURES).map(|i| b[i] / a[i][i]).collect();
        println!(
            "weights {:?}",
            w.iter()
                .map(|x| (x * 10.0).round() / 10.0)
                .collect::<Vec<_>>()
        );
        let fit = |h: Hand| features(h).iter().zip(&w).map(|(x, w)| x * w).sum::<f64>();
        let (mut se, mut se_old) = (0.0, 0.0);
        for (_, kept, points) in &rows {
            se += (fit(*kept) - f64::from(*points)).powi(2);
            se_old += (f64::from(hand_value(*kept)) - f64::from(*points)).powi(2);
        }
        println!(
            "rms error {:.1} (current weights {:.1})",
            (se / rows.len() as f64).sqrt(),
            (se_old / rows.len() as f64).sqrt()
        );
        // How often the declarer took at least the estimate less a margin.
        for margin in [-10.0, 0.0, 10.0, 20.0, 30.0] {
            let made = rows
                .iter()
                .filter(|(_, kept, points)| {
                    f64::from(*points) >= f64::from(hand_value(*kept)) - margin
                })
                .count();
            println!(
                "took the current estimate less {margin}: {:.2}",
                made as f64 / rows.len() as f64
            );
        }
        let mean: f64 = rows.iter().map(|r| f64::from(r.2)).sum::<f64>() / rows.len() as f64;
        println!("mean take {mean:.1}");
    }
}
