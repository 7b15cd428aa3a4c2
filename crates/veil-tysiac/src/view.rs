//! What one seat sees, and full states sampled back from it.

use serde::{Deserialize, Serialize};
use veil_core::{GameRng, RngExt, Seat, SeedableRng};

use crate::game::{CARD_POINTS, SEATS};
use crate::{Card, Hand, Phase, Rank, Table, Tysiac};

/// What one seat knows: the table (bidding, the prikup once shown, every
/// card played, trump, marriages, the score pad and the match history), its
/// own hand, the card the declarer gave it — or, for the declarer, what it
/// gave to whom — and how many cards each hand holds. Never another seat's
/// hand, nor a card given to another seat.
///
/// The public view ([`veil_core::Game::observe_public`], a spectator's) is
/// seat 0's with its hand empty (`hand_sizes` still counts it) and no card
/// received or given.
///
/// Read from outside data it is checked: its seat, the table, and a full
/// state sampled from it must pass [`Tysiac::from_parts`]'s checks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "TysiacViewUnchecked")]
pub struct TysiacView {
    pub seat: Seat,
    pub table: Table,
    /// The viewer's hand; empty in the public view.
    pub hand: Hand,
    /// The card the declarer gave this seat this hand.
    pub received: Option<Card>,
    /// For the declarer: the card it gave to each opponent, by receiver.
    pub gave: [Option<Card>; 3],
    /// Cards in each seat's hand.
    pub hand_sizes: [u8; 3],
    /// Cards in the prikup while it lies on the table (face down or shown).
    pub prikup_size: u8,
    /// Only in [`Tysiac::revealed`], for the review of a finished game:
    /// every hand and the prikup, face up. `None` in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<OpenCards>,
}

/// Every card of a hand in progress, for the review's "everything".
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OpenCards {
    /// Each seat's hand.
    pub hands: [Hand; 3],
    /// The prikup while it lies on the table, face down or shown.
    pub prikup: Hand,
}

/// [`TysiacView`] as read, before it is checked.
#[derive(Deserialize)]
struct TysiacViewUnchecked {
    seat: Seat,
    table: Table,
    hand: Hand,
    received: Option<Card>,
    gave: [Option<Card>; 3],
    hand_sizes: [u8; 3],
    prikup_size: u8,
    #[serde(default)]
    open: Option<OpenCards>,
}

impl TryFrom<TysiacViewUnchecked> for TysiacView {
    type Error = String;
    fn try_from(raw: TysiacViewUnchecked) -> Result<TysiacView, String> {
        if raw.seat.index() >= SEATS {
            return Err(format!("Tysiąc has 3 seats, not {}", raw.seat));
        }
        raw.table.check()?;
        let open_ok = raw.open.is_none_or(|o| {
            o.hands
                .iter()
                .chain([&o.prikup])
                .all(|h| h.0 & !Hand::DECK.0 == 0)
                && o.hands[raw.seat.index()] == raw.hand
                && (0..SEATS).all(|s| o.hands[s].len() == usize::from(raw.hand_sizes[s]))
                && o.prikup.len() == usize::from(raw.prikup_size)
        });
        if !open_ok {
            return Err("the open hands do not match the view".into());
        }
        if raw.hand.0 & !Hand::DECK.0 != 0
            || raw.hand_sizes.iter().any(|n| *n > 10)
            || raw.prikup_size > 3
        {
            return Err("more cards than a hand holds".into());
        }
        let view = TysiacView {
            seat: raw.seat,
            table: raw.table,
            hand: raw.hand,
            received: raw.received,
            gave: raw.gave,
            hand_sizes: raw.hand_sizes,
            prikup_size: raw.prikup_size,
            open: raw.open,
        };
        let sample = determinize(&view, &mut GameRng::seed_from_u64(0));
        sample
            .check()
            .map_err(|e| format!("no full state fits this view: {e}"))?;
        Ok(view)
    }
}

impl TysiacView {
    /// The cards this seat may play to the current trick.
    pub fn playable(&self) -> Hand {
        self.table.playable(self.hand)
    }

    /// Cards whose place this seat does not know: in the other hands, the
    /// face-down prikup or not yet dealt.
    pub fn unseen(&self) -> Hand {
        let shown = self.table.prikup.unwrap_or_default();
        let mut seen = self.hand.union(self.table.played());
        if self.table.phase == Phase::Prikup {
            seen = seen.union(shown);
        }
        Hand::DECK.minus(seen)
    }
}

pub(crate) fn observe(game: &Tysiac, seat: Seat) -> TysiacView {
    let me = seat.index() % SEATS;
    let declarer = game.table.declarer == Some(seat);
    TysiacView {
        seat,
        table: game.table.clone(),
        hand: game.hands[me],
        received: if declarer { None } else { game.given[me] },
        gave: if declarer { game.given } else { [None; 3] },
        hand_sizes: game.hands.map(|h| h.len() as u8),
        prikup_size: game.prikup.len() as u8,
        open: None,
    }
}

/// Seat 0's view without its cards: what a spectator sees.
pub(crate) fn observe_public(game: &Tysiac) -> TysiacView {
    TysiacView {
        hand: Hand::EMPTY,
        received: None,
        gave: [None; 3],
        ..observe(game, Seat(0))
    }
}

/// Everything there is to know, as a view for `seat`: see
/// [`Tysiac::revealed`].
pub(crate) fn revealed(game: &Tysiac, seat: Seat) -> TysiacView {
    TysiacView {
        open: Some(OpenCards {
            hands: game.hands,
            prikup: game.prikup,
        }),
        ..observe(game, seat)
    }
}

/// Places a card can be: the three seats, the face-down prikup, the undealt
/// rest of the deck.
const PLACES: usize = 5;
const PRIKUP: usize = 3;
const UNDEALT: usize = 4;

/// Samples a full state from a view. Every card the viewer has not seen is
/// dealt at random to the places it can be, keeping each hand's size and
/// what play has shown: voids (and, with must-beat, cards that would have
/// beaten), the partner of an announced marriage still in hand, the four
/// nines with a seat that showed them, the prikup cards with the declarer
/// except at most one given to the other opponent.
pub(crate) fn determinize(view: &TysiacView, rng: &mut GameRng) -> Tysiac {
    let t = &view.table;
    let me = view.seat.index() % SEATS;
    // The public view leaves the viewer's own cards out: they are dealt
    // like any other seat's.
    let spectator = view.hand.len() < usize::from(view.hand_sizes[me]);
    let mut hands = [Hand::EMPTY; 3];
    hands[me] = view.hand;
    let mut given = [None; 3];
    if t.declarer == Some(view.seat) {
        given = view.gave;
    } else {
        given[me] = view.received;
    }
    let mut prikup = Hand::EMPTY;
    let hidden_prikup = matches!(t.phase, Phase::Deal | Phase::Bidding);
    if t.phase == Phase::Prikup {
        prikup = t.prikup.unwrap_or_default();
    }
    if matches!(t.phase, Phase::FirstDealer | Phase::Score | Phase::Over) {
        return build(t, hands, prikup, given);
    }

    let played = t.played();
    let mut known = [Hand::EMPTY; 3];
    let place = |known: &mut [Hand; 3], seat: usize, card: Card| {
        if (seat != me || spectator) && !played.contains(card) && !view.hand.contains(card) {
            known[seat] = known[seat].with(card);
        }
    };
    if t.declarer == Some(view.seat) {
        for (seat, card) in view.gave.iter().enumerate() {
            if let Some(card) = card {
                place(&mut known, seat, *card);
            }
        }
    }
    for (seat, suit) in &t.marriages {
        for rank in [Rank::King, Rank::Queen] {
            place(&mut known, seat.index(), Card::new(*suit, rank));
        }
    }
    if let Some(seat) = t.nines {
        for card in Hand::rank(Rank::Nine).iter() {
            place(&mut known, seat.index(), card);
        }
    }
    let known_all = known.iter().fold(Hand::EMPTY, |a, h| a.union(*h));

    // After the take, an opponent knows the prikup cards it has not seen
    // again are with the declarer, save perhaps the one given to the other.
    let mut prikup_choices: Vec<Option<Card>> = vec![None];
    let mut declarer_only = Hand::EMPTY;
    let mut other_opponent = None;
    if let (Some(declarer), Some(shown)) = (t.declarer, t.prikup) {
        let after_take = matches!(
            t.phase,
            Phase::PassCards | Phase::FourNines | Phase::Raise | Phase::Play
        );
        // (A spectator knows less: any opponent may hold a prikup card.)
        if after_take && declarer != view.seat && !spectator {
            let other = Seat::all(SEATS)
                .find(|s| *s != declarer && *s != view.seat)
                .expect("three seats");
            other_opponent = Some(other);
            let candidates = shown.minus(view.hand).minus(played).minus(known_all);
            declarer_only = candidates;
            // A prikup card the other played, or holds for sure (the
            // partner of its marriage), is the one it received.
            let received_by_other = played_by(t, other).union(known[other.index()]).inter(shown);
            if t.given_to.contains(other) && received_by_other.is_empty() {
                prikup_choices.extend(candidates.iter().map(Some));
            }
        }
    }

    let excluded = t.exclusions();
    let unknown = view.unseen().minus(known_all);
    let mut capacity = [0usize; PLACES];
    for seat in 0..SEATS {
        let mine = if seat == me { view.hand.len() } else { 0 };
        capacity[seat] = (view.hand_sizes[seat] as usize).saturating_sub(known[seat].len() + mine);
    }
    if hidden_prikup {
        capacity[PRIKUP] = view.prikup_size as usize;
    }
    if t.phase == Phase::Deal {
        capacity[UNDEALT] = 24 - t.dealt as usize;
    }

    // Try the prikup choices in random order; the first that can be
    // completed wins. Without any (a hand-made, impossible view), relax the
    // constraints from play rather than fail.
    shuffle(&mut prikup_choices, rng);
    let attempt = |relaxed: bool, choice: Option<Card>, rng: &mut GameRng| {
        let mut caps = capacity;
        let mut cards: Vec<(Card, u8)> = Vec::new();
        for card in unknown.iter() {
            let mut mask = 0u8;
            for (place, cap) in caps.iter().enumerate() {
                let ok = *cap > 0 && (place >= SEATS || relaxed || !excluded[place].contains(card));
                if ok {
                    mask |= 1 << place;
                }
            }
            if !relaxed && declarer_only.contains(card) {
                let declarer = t.declarer.expect("a declarer").index();
                mask &= 1 << declarer;
                if choice == Some(card) {
                    let other = other_opponent.expect("an other opponent").index();
                    mask = if excluded[other].contains(card) {
                        0
                    } else {
                        1 << other
                    };
                }
            }
            cards.push((card, mask));
        }
        shuffle(&mut cards, rng);
        assign(&cards, &mut caps, rng)
    };
    // Bids above 120 showed a marriage: draw again (a few times) when the
    // sampled cards cannot explain one.
    let (base_hands, base_prikup) = (hands, prikup);
    let mut choice = None;
    for _ in 0..MARRIAGE_TRIES {
        let mut placed = None;
        for option in prikup_choices.iter().copied() {
            if let Some(p) = attempt(false, option, rng) {
                placed = Some((p, option));
                break;
            }
        }
        let (places, option) =
            placed.unwrap_or_else(|| (attempt(true, None, rng).unwrap_or_default(), None));
        (hands, prikup, choice) = (base_hands, base_prikup, option);
        for (card, place) in places {
            match place {
                p if p < SEATS => hands[p] = hands[p].with(card),
                PRIKUP => prikup = prikup.with(card),
                _ => {}
            }
        }
        for seat in 0..SEATS {
            hands[seat] = hands[seat].union(known[seat]);
        }
        if bids_explained(view, &hands) {
            break;
        }
    }

    // The card the other opponent received: the prikup card placed with it,
    // or the prikup card it played, or one of its cards.
    if let (Some(other), Some(shown)) = (other_opponent, t.prikup)
        && t.given_to.contains(other)
    {
        let played_prikup = played_by(t, other).union(known[other.index()]).inter(shown);
        let pool = hands[other.index()].union(played_by(t, other)).minus(shown);
        given[other.index()] = choice
            .or_else(|| played_prikup.iter().next())
            .or_else(|| pick(pool, rng));
    }
    build(t, hands, prikup, given)
}

/// How often [`determinize`] draws again to explain a bid above 120.
const MARRIAGE_TRIES: usize = 40;

/// Whether every other seat that bid (or raised) above 120 held a marriage
/// when it did, in these sampled hands. The cards a seat held then are
/// those it holds or has played, less the prikup for an opponent (it held
/// none of it when bidding) and, for the declarer bidding, less the prikup
/// plus the card it gave the viewer.
fn bids_explained(view: &TysiacView, hands: &[Hand; 3]) -> bool {
    let t = &view.table;
    let shown = t.prikup.unwrap_or_default();
    Seat::all(SEATS).filter(|s| *s != view.seat).all(|seat| {
        let highest = t
            .calls
            .iter()
            .filter(|c| c.seat == seat)
            .filter_map(|c| c.bid)
            .max();
        let now = hands[seat.index()].union(played_by(t, seat));
        let declarer = t.declarer == Some(seat);
        let mut bidding_hand = now.minus(shown);
        if declarer && let Some(card) = view.received {
            bidding_hand = bidding_hand.with(card);
        }
        let bid_ok =
            highest.is_none_or(|b| b <= CARD_POINTS || bidding_hand.marriages().next().is_some());
        let raised =
            declarer && t.phase == Phase::Play && t.bid > CARD_POINTS && Some(t.bid) != highest;
        bid_ok && (!raised || now.marriages().next().is_some())
    })
}

fn build(t: &Table, hands: [Hand; 3], prikup: Hand, given: [Option<Card>; 3]) -> Tysiac {
    Tysiac {
        table: t.clone(),
        hands,
        prikup,
        given,
    }
}

/// The cards `seat` has played this hand.
fn played_by(t: &Table, seat: Seat) -> Hand {
    let mut out = Hand::EMPTY;
    for trick in &t.tricks {
        for (i, card) in trick.cards.iter().enumerate() {
            if trick.player(i) == seat {
                out = out.with(*card);
            }
        }
    }
    for (i, card) in t.trick.iter().enumerate() {
        if (t.leader.index() + i) % SEATS == seat.index() {
            out = out.with(*card);
        }
    }
    out
}

fn pick(hand: Hand, rng: &mut GameRng) -> Option<Card> {
    if hand.is_empty() {
        return None;
    }
    hand.iter().nth(rng.random_range(0..hand.len()))
}

fn shuffle<T>(items: &mut [T], rng: &mut GameRng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Whether the cards (counted by the set of places each may go) can fill
/// the places exactly: Hall's condition, for every set of places, on the
/// cards that can only go there.
fn feasible(counts: &[usize; 32], caps: &[usize; PLACES]) -> bool {
    if counts[0] > 0 {
        return false;
    }
    let mut within = *counts;
    for bit in 0..PLACES {
        for set in 0..32 {
            if set & (1 << bit) != 0 {
                within[set] += within[set ^ (1 << bit)];
            }
        }
    }
    (0..32usize).all(|set| {
        let cap: usize = (0..PLACES)
            .filter(|p| set & (1 << p) != 0)
            .map(|p| caps[p])
            .sum();
        within[set] <= cap
    }) && within[31] == caps.iter().sum::<usize>()
}

/// Places each card in one of the places its mask allows, keeping the rest
/// completable, each step at random weighted by the room left.
fn assign(
    cards: &[(Card, u8)],
    caps: &mut [usize; PLACES],
    rng: &mut GameRng,
) -> Option<Vec<(Card, usize)>> {
    let mut counts = [0usize; 32];
    for (_, mask) in cards {
        counts[*mask as usize] += 1;
    }
    if !feasible(&counts, caps) {
        return None;
    }
    let mut out = Vec::with_capacity(cards.len());
    for (card, mask) in cards {
        counts[*mask as usize] -= 1;
        let mut open: Vec<usize> = (0..PLACES)
            .filter(|p| mask & (1 << p) != 0 && caps[*p] > 0)
            .collect();
        loop {
            let total: usize = open.iter().map(|p| caps[*p]).sum();
            if total == 0 {
                return None;
            }
            let mut roll = rng.random_range(0..total);
            let index = open
                .iter()
                .position(|p| {
                    if roll < caps[*p] {
                        true
                    } else {
                        roll -= caps[*p];
                        false
                    }
                })
                .expect("roll below the total");
            let place = open[index];
            caps[place] -= 1;
            if open.len() == 1 || feasible(&counts, caps) {
                out.push((*card, place));
                break;
            }
            caps[place] += 1;
            open.swap_remove(index);
        }
    }
    Some(out)
}
