//! The double-dummy solver: the rest of a hand's trick play with every card
//! seen, the declarer against the two defenders together. Hard scores each
//! of its cards by it over the deals it imagines — does the declarer still
//! make its bid? — as Skat and bridge programs play (perfect-information
//! Monte Carlo).
//!
//! ```
//! use veil_tysiac::{Options, Phase, Tysiac, declarer_makes, declarer_take};
//! # use veil_core::{Actor, Game, GameRng, SeedableRng, Turn};
//! # let mut game = Tysiac::new(&Options::one_hand(), 3).unwrap();
//! # let mut rng = GameRng::seed_from_u64(7);
//! # let mut legal = Vec::new();
//! # while game.phase() != Phase::Play {
//! #     let actor = match game.turn() { Turn::Seat(s) => Actor::Seat(s), _ => Actor::Chance };
//! #     let action = match actor {
//! #         Actor::Chance => game.sample_chance(&mut rng),
//! #         _ => { game.legal_actions(actor, &mut legal); legal[0] }
//! #     };
//! #     game.apply(actor, action).unwrap();
//! # }
//! // A hand in trick play, every card known (a referee's state, or one the
//! // search imagined): what the declarer takes with best play on all sides.
//! let take = declarer_take(&game).unwrap();
//! assert_eq!(declarer_makes(&game), Some(take >= game.table().bid));
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::ai::evaluate;
use crate::card::{Card, Hand, Rank, Suit};
use crate::game::CARD_POINTS;
use crate::game::{SEATS, playable, trick_winner_index};
use crate::{Action, Phase, Tysiac};
use veil_core::{Actor, Game, Seat, Turn};

/// Whether the declarer takes at least its bid by the hand's end (card and
/// marriage points, those taken so far included) with every card seen and
/// the best play on both sides, the defenders playing together. `None`
/// outside trick play.
pub fn declarer_makes(game: &Tysiac) -> Option<bool> {
    let (mut solver, root, taken) = Solver::for_game(game)?;
    let need = i32::from(game.table().bid) - i32::from(taken);
    if need <= 0 {
        return Some(true);
    }
    Some(solver.search(&root, need - 1, need) >= need)
}

/// The most the declarer takes by the hand's end (card and marriage
/// points, those taken so far included), every card seen, the defenders
/// playing together against it. `None` outside trick play.
pub fn declarer_take(game: &Tysiac) -> Option<u16> {
    let (mut solver, root, taken) = Solver::for_game(game)?;
    let rest = solver.search(&root, -1, i32::from(u16::MAX));
    Some(taken + rest as u16)
}

/// Hard's trick play: `seat`'s value after each of `actions` (its plays)
/// in a state with every card seen — 1 where its side then wins the
/// contract's fight (the declarer makes it, or the defenders break it),
/// else 0 — into `out`. False outside trick play or for any other action.
pub(crate) fn score_plays(
    game: &Tysiac,
    seat: Seat,
    actions: &[Action],
    out: &mut Vec<f64>,
) -> bool {
    out.clear();
    let Some((mut solver, root, taken)) = Solver::for_game(game) else {
        return false;
    };
    if root.to_act() != seat.index() {
        return false;
    }
    let need = i32::from(game.table().bid) - i32::from(taken);
    let declaring = seat.index() == solver.declarer;
    for action in actions {
        let Action::Play { card, marriage } = *action else {
            out.clear();
            return false;
        };
        let (child, gained) = solver.apply(&root, seat.index(), Move { card, marriage });
        let rest = need - gained;
        let makes = rest <= 0 || solver.search(&child, rest - 1, rest) >= rest;
        out.push(if makes == declaring { 1.0 } else { 0.0 });
    }
    true
}

/// Hard at the prikup and the raise, the declarer's decisions on its
/// contract: each of `actions` valued by the match's evaluation after the
/// hand, the hand played out double-dummy — the prikup taken, the two cards
/// [`crate::exchange`] leaves given away, the contract the bid (at the
/// raise, each raise offered). Rospisat' is applied as it is. False
/// elsewhere.
pub(crate) fn score_contract(
    game: &Tysiac,
    seat: Seat,
    actions: &[Action],
    out: &mut Vec<f64>,
) -> bool {
    out.clear();
    let t = game.table();
    if !matches!(t.phase, Phase::Prikup | Phase::Raise) || t.declarer != Some(seat) {
        return false;
    }
    let Some((play, take)) = contract_take(game, seat) else {
        return false;
    };
    for action in actions {
        let value = match *action {
            Action::TakePrikup => evaluate(&finished(&play, t.bid, take), seat),
            Action::Raise(bid) => evaluate(&finished(&play, bid, take), seat),
            Action::Rospisat => {
                let mut g = game.clone();
                if g.apply(Actor::Seat(seat), Action::Rospisat).is_err() {
                    return false;
                }
                evaluate(&g, seat)
            }
            _ => {
                out.clear();
                return false;
            }
        };
        out.push(value);
    }
    true
}

/// The state at the first lead after the declarer takes the prikup (if it
/// lies there), gives away what [`crate::exchange`] leaves and plays for
/// the bid, and what it then takes double-dummy.
fn contract_take(game: &Tysiac, seat: Seat) -> Option<(Tysiac, u16)> {
    let mut g = game.clone();
    let act = |g: &mut Tysiac, s: Seat, a: Action| g.apply(Actor::Seat(s), a).ok();
    if g.phase() == Phase::Prikup {
        act(&mut g, seat, Action::TakePrikup)?;
        let hand = g.hand(seat);
        let gives: Vec<Card> = hand.minus(crate::exchange(hand)).iter().collect();
        let mut to = seat;
        for card in gives {
            to = to.next(SEATS);
            act(&mut g, seat, Action::Give { card, to })?;
        }
    }
    while g.phase() == Phase::FourNines {
        let Turn::Simultaneous(waiting) = g.turn() else {
            return None;
        };
        let s = waiting.first()?;
        act(&mut g, s, Action::PlayOn)?;
    }
    if g.phase() != Phase::Raise {
        return None;
    }
    let bid = g.table().bid;
    act(&mut g, seat, Action::Raise(bid))?;
    let take = declarer_take(&g)?;
    Some((g, take))
}

/// `play` (a hand at its first lead) scored as if played for `bid` and
/// the declarer took `take`, the defenders sharing the other card points.
fn finished(play: &Tysiac, bid: u16, take: u16) -> Tysiac {
    let mut g = play.clone();
    let declarer = g.table.declarer.unwrap_or(g.table.bidder).index();
    let rest = CARD_POINTS - take.min(CARD_POINTS);
    let mut share = [rest / 2 + rest % 2, rest / 2].into_iter();
    for (i, points) in g.table.points.iter_mut().enumerate() {
        *points = if i == declarer {
            take
        } else {
            share.next().unwrap_or(0)
        };
    }
    g.table.bid = bid;
    g.score_hand();
    g
}

/// A position of trick play as the solver keeps it.
#[derive(Clone, Copy)]
struct Pos {
    hands: [u32; SEATS],
    trick: [Card; SEATS],
    /// Cards on the table in the trick.
    n: usize,
    leader: usize,
    trump: Option<Suit>,
    /// Marriages are announced from the second trick on.
    first_trick: bool,
}

impl Pos {
    fn to_act(self) -> usize {
        (self.leader + self.n) % SEATS
    }

    /// The transposition table's key: positions between tricks only, where
    /// the hands, the leader and trump say everything.
    fn key(&self) -> u128 {
        let trump = self.trump.map_or(4, |s| s.index() as u128);
        u128::from(self.hands[0])
            | u128::from(self.hands[1]) << 24
            | u128::from(self.hands[2]) << 48
            | (self.leader as u128) << 72
            | trump << 74
            | u128::from(self.first_trick) << 77
    }
}

#[derive(Clone, Copy)]
struct Move {
    card: Card,
    marriage: bool,
}

/// Bounds on the declarer's points from a position on.
#[derive(Clone, Copy)]
struct Bounds {
    lower: i32,
    upper: i32,
}

struct Solver {
    declarer: usize,
    must_beat: bool,
    table: HashMap<u128, Bounds, BuildHasherDefault<KeyHasher>>,
}

/// The table's keys are already well mixed bits; a multiply folds them.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u128(&mut self, x: u128) {
        let folded = (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ folded).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 32;
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The most moves a seat has (eight cards, each also led as a marriage).
const MOST_MOVES: usize = 16;

impl Solver {
    /// The solver, the root position and what the declarer holds so far.
    fn for_game(game: &Tysiac) -> Option<(Solver, Pos, u16)> {
        let t = game.table();
        if t.phase != Phase::Play {
            return None;
        }
        let declarer = t.declarer?.index();
        let mut trick = [Card::from_index(0)?; SEATS];
        trick[..t.trick.len()].copy_from_slice(&t.trick);
        let root = Pos {
            hands: [0, 1, 2].map(|i| game.hands[i].0),
            trick,
            n: t.trick.len(),
            leader: t.leader.index(),
            trump: t.trump,
            first_trick: t.tricks.is_empty(),
        };
        let solver = Solver {
            declarer,
            must_beat: t.options.must_beat,
            table: HashMap::default(),
        };
        Some((solver, root, t.points[declarer]))
    }

    /// The declarer's points from `p` on, fail-soft alpha-beta: exact
    /// inside (`alpha`, `beta`), else a bound on the side it fell.
    fn search(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        let seat = p.to_act();
        let hand = Hand(p.hands[seat]);
        if hand.is_empty() {
            return 0;
        }
        // The declarer takes nothing less than nothing, and at most every
        // point still out and its own marriages.
        if beta <= 0 {
            return 0;
        }
        let on_table: u32 = p.trick[..p.n].iter().map(|c| 1 << c.index()).sum();
        let left = Hand(p.hands[0] | p.hands[1] | p.hands[2] | on_table).points();
        let marriages: u16 = Hand(p.hands[self.declarer])
            .marriages()
            .map(|s| s.marriage())
            .sum();
        let most = i32::from(left + marriages);
        if most <= alpha {
            return most;
        }
        let key = p.key();
        if p.n == 0
            && let Some(b) = self.table.get(&key)
        {
            if b.lower >= beta {
                return b.lower;
            }
            if b.upper <= alpha || b.lower == b.upper {
                return b.upper;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut moves = [Move {
            card: p.trick[0],
            marriage: false,
        }; MOST_MOVES];
        let count = self.moves(p, hand, &mut moves);
        let maxing = seat == self.declarer;
        let mut best = if maxing { i32::MIN } else { i32::MAX };
        for m in &moves[..count] {
            let (child, gained) = self.apply(p, seat, *m);
            let v = gained + self.search(&child, alpha - gained, beta - gained);
            if maxing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if p.n == 0 {
            let entry = self.table.entry(key).or_insert(Bounds {
                lower: 0,
                upper: i32::MAX,
            });
            if best > alpha0 {
                entry.lower = entry.lower.max(best);
            }
            if best < beta0 {
                entry.upper = entry.upper.min(best);
            }
        }
        best
    }

    /// `seat`'s moves, likeliest best first (alpha-beta cuts the more).
    fn moves(&self, p: &Pos, hand: Hand, out: &mut [Move; MOST_MOVES]) -> usize {
        let trick = &p.trick[..p.n];
        let cards = playable(hand, trick, p.trump, self.must_beat);
        let seat = p.to_act();
        let mut keyed: [(i32, Move); MOST_MOVES] = [(
            0,
            Move {
                card: p.trick[0],
                marriage: false,
            },
        ); MOST_MOVES];
        let mut count = 0;
        let others = Hand(p.hands[(seat + 1) % SEATS] | p.hands[(seat + 2) % SEATS]);
        let mut push = |key: i32, m: Move| {
            keyed[count] = (key, m);
            count += 1;
        };
        if p.n == 0 {
            for card in cards.iter() {
                let pair = matches!(card.rank(), Rank::King | Rank::Queen)
                    && hand.has_marriage(card.suit());
                if pair && !p.first_trick {
                    push(
                        1000 + i32::from(card.suit().marriage()),
                        Move {
                            card,
                            marriage: true,
                        },
                    );
                }
                // A card no other hand beats in its suit leads well.
                let boss = others.of_suit(card.suit()).0 >> card.index() == 0;
                let key =
                    i32::from(boss) * 100 + card.rank() as i32 * 10 - if pair { 200 } else { 0 };
                push(
                    key,
                    Move {
                        card,
                        marriage: false,
                    },
                );
            }
        } else {
            let winner = trick_winner_index(trick, p.trump).unwrap_or(0);
            let winner_seat = (p.leader + winner) % SEATS;
            let friend = |s: usize| (s == self.declarer) == (seat == self.declarer);
            let mut with = p.trick;
            for card in cards.iter() {
                with[p.n] = card;
                let wins = trick_winner_index(&with[..=p.n], p.trump) == Some(p.n);
                let trump = Some(card.suit()) == p.trump;
                let points = i32::from(card.points());
                let key = if friend(winner_seat) && !wins {
                    // A friend holds the trick: give it points.
                    300 + points
                } else if wins {
                    // Win it as cheaply as may be.
                    200 - card.rank() as i32 - if trump { 10 } else { 0 }
                } else {
                    100 - points
                };
                push(
                    key,
                    Move {
                        card,
                        marriage: false,
                    },
                );
            }
        }
        keyed[..count].sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, m)) in out.iter_mut().zip(&keyed[..count]) {
            *slot = *m;
        }
        count
    }

    /// The position after `seat` plays `m`, and the declarer's points it
    /// brings at once (its marriage, a trick it wins).
    fn apply(&self, p: &Pos, seat: usize, m: Move) -> (Pos, i32) {
        let mut c = *p;
        let mut gained = 0;
        c.hands[seat] &= !(1 << m.card.index());
        if m.marriage {
            c.trump = Some(m.card.suit());
            if seat == self.declarer {
                gained += i32::from(m.card.suit().marriage());
            }
        }
        c.trick[c.n] = m.card;
        c.n += 1;
        if c.n == SEATS {
            let index = trick_winner_index(&c.trick, c.trump).unwrap_or(0);
            let winner = (c.leader + index) % SEATS;
            if winner == self.declarer {
                gained += c.trick.iter().map(|x| i32::from(x.points())).sum::<i32>();
            }
            c.n = 0;
            c.leader = winner;
            c.first_trick = false;
        }
        (c, gained)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use veil_core::{Actor, Game, GameRng, SeedableRng, Turn};

    /// A hand dealt and played by the playout policy up to `tricks` tricks.
    fn hand_at(seed: u64, tricks: usize) -> Option<Tysiac> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Tysiac::new(&crate::Options::one_hand(), 3).unwrap();
        let mut legal = Vec::new();
        loop {
            if game.phase() == Phase::Play && game.table().tricks.len() == tricks {
                return Some(game);
            }
            let actor = match game.turn() {
                Turn::Chance => Actor::Chance,
                Turn::Seat(s) => Actor::Seat(s),
                Turn::Simultaneous(set) => Actor::Seat(set.first()?),
                Turn::Over => return None,
            };
            let action = match actor {
                Actor::Chance => game.sample_chance(&mut rng),
                Actor::Seat(s) => {
                    game.legal_actions(actor, &mut legal);
                    crate::ai::playout_action(&game, s, &legal, &mut rng)
                }
            };
            game.apply(actor, action).unwrap();
        }
    }

    /// Plain minimax over the game's own rules: the declarer's points at
    /// the hand's end.
    fn minimax(game: &Tysiac, declarer: usize) -> u16 {
        let t = game.table();
        if t.phase != Phase::Play {
            return t.history.last().unwrap().points[declarer];
        }
        let Turn::Seat(seat) = game.turn() else {
            unreachable!()
        };
        let mut legal = Vec::new();
        game.legal_actions(Actor::Seat(seat), &mut legal);
        let values = legal.iter().map(|a| {
            let mut next = game.clone();
            next.apply(Actor::Seat(seat), *a).unwrap();
            minimax(&next, declarer)
        });
        if seat.index() == declarer {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn the_solver_agrees_with_minimax_over_the_rules() {
        let mut checked = 0;
        for seed in 0..80 {
            // Four tricks left, a trick started in every other one.
            let Some(mut game) = hand_at(seed, 4) else {
                continue;
            };
            if seed % 2 == 1 {
                let Turn::Seat(s) = game.turn() else { continue };
                let mut legal = Vec::new();
                game.legal_actions(Actor::Seat(s), &mut legal);
                game.apply(Actor::Seat(s), legal[seed as usize % legal.len()])
                    .unwrap();
            }
            let declarer = game.table().declarer.unwrap().index();
            let exact = minimax(&game, declarer);
            assert_eq!(declarer_take(&game), Some(exact), "seed {seed}");
            for bid in [exact, exact + 1] {
                let mut g = game.clone();
                g.table.bid = bid;
                assert_eq!(
                    declarer_makes(&g),
                    Some(bid <= exact),
                    "seed {seed} bid {bid}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 40, "{checked}");
    }

    /// The first hand of `seed` at the prikup, the declarer holding
    /// `cards` and the prikup `prikup`, the other fourteen dealt to the
    /// defenders.
    fn at_prikup(seed: u64, cards: &str, prikup: &str) -> (Tysiac, Seat) {
        let mut game = (seed..)
            .find_map(|s| {
                let mut rng = GameRng::seed_from_u64(s);
                let mut game = Tysiac::new(&crate::Options::default(), 3).unwrap();
                let mut legal = Vec::new();
                while game.phase() != Phase::Prikup {
                    let actor = match game.turn() {
                        Turn::Chance => Actor::Chance,
                        Turn::Seat(s) => Actor::Seat(s),
                        _ => return None,
                    };
                    let action = match actor {
                        Actor::Chance => game.sample_chance(&mut rng),
                        Actor::Seat(s) => {
                            game.legal_actions(actor, &mut legal);
                            crate::ai::playout_action(&game, s, &legal, &mut rng)
                        }
                    };
                    game.apply(actor, action).unwrap();
                }
                Some(game)
            })
            .unwrap();
        let declarer = game.table().declarer.unwrap();
        let mine: Hand = cards.parse().unwrap();
        let prikup: Hand = prikup.parse().unwrap();
        let mut rest = Hand::DECK.minus(mine).minus(prikup).iter();
        for seat in Seat::all(SEATS) {
            game.hands[seat.index()] = if seat == declarer {
                mine
            } else {
                rest.by_ref().take(7).collect()
            };
        }
        game.prikup = prikup;
        game.table.prikup = Some(prikup);
        game.table.bid = 100;
        game.check().unwrap();
        (game, declarer)
    }

    #[test]
    fn the_declarer_plays_a_strong_hand_and_gives_up_a_hopeless_one() {
        let actions = [Action::TakePrikup, Action::Rospisat];
        let mut out = Vec::new();
        let (strong, seat) = at_prikup(3, "AH 10H KH QH AD 10D AC", "KD QD AS");
        assert!(score_contract(&strong, seat, &actions, &mut out));
        assert!(out[0] > out[1] + 0.1, "{out:?}");
        let (weak, seat) = at_prikup(3, "9H JH QH 9D JD 9C JC", "JS QS KC");
        assert!(score_contract(&weak, seat, &actions, &mut out));
        assert!(out[1] > out[0] + 0.05, "{out:?}");
        // Hard's search at the prikup asks these values, over imagined
        // defenders' hands.
        for (game, seat, best) in [
            (strong, seat, Action::TakePrikup),
            (weak, seat, Action::Rospisat),
        ] {
            let config = veil_ai::Level::Hard.config();
            let mut search = veil_ai::Search::<Tysiac>::new(&game.observe(seat), config, 1);
            assert_eq!(search.config().method, veil_ai::Method::Solved);
            search.run(u32::MAX);
            assert_eq!(search.best_action(), Some(best));
        }
    }

    #[test]
    fn the_solver_answers_only_in_trick_play() {
        let game = Tysiac::new(&crate::Options::one_hand(), 3).unwrap();
        assert_eq!(declarer_take(&game), None);
        assert_eq!(declarer_makes(&game), None);
    }
}
