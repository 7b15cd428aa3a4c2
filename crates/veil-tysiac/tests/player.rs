//! The computer player's named behaviours (bidding from the hand's
//! worth, Rospisat', raising, marriages), each asked of the search at
//! Normal over a few seeds, from a seat's view only.

use veil_ai::{Level, choose};
use veil_core::{Actor, Game, Seat};
use veil_tysiac::{
    Action, Card, Hand, Options, Phase, PlayedTrick, Suit, Table, Tysiac, bid_value, deal_target,
    expected_take,
};

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);
const SEEDS: [u64; 3] = [1, 2, 3];

fn hand(text: &str) -> Hand {
    text.parse().unwrap()
}

/// Seat 0 deals these hands and prikup: seat 1 opens with the forced 100
/// and seat 2 is the first to choose.
fn dealt(hands: [&str; 3], prikup: &str) -> Tysiac {
    let mut game = Tysiac::new(&Options::default(), 3).unwrap();
    game.apply(Actor::Chance, Action::FirstDealer(S0)).unwrap();
    let mut piles: Vec<Vec<Card>> = hands.iter().map(|h| hand(h).iter().collect()).collect();
    piles.push(hand(prikup).iter().collect());
    for k in 0..24 {
        let pile = deal_target(S0, k).map_or(3, |s| s.index());
        let c = piles[pile].remove(0);
        game.apply(Actor::Chance, Action::Deal(c)).unwrap();
    }
    assert_eq!(game.phase(), Phase::Bidding);
    game
}

fn act(game: &mut Tysiac, seat: Seat, action: Action) {
    game.apply(Actor::Seat(seat), action)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// What the computer at Normal chooses for `seat`, for each seed.
fn choices(game: &Tysiac, seat: Seat) -> Vec<Action> {
    SEEDS
        .iter()
        .map(|seed| choose::<Tysiac>(&game.observe(seat), Level::Normal, None, *seed))
        .collect()
}

/// Seat 2: the hearts marriage, three aces and two tens.
const STRONG: [&str; 3] = [
    "9H JH 9D JD QD KD 9C",
    "JC QC KC 10C 9S JS QS",
    "AH 10H KH QH AD 10D AS",
];
/// Seat 2: nines and jacks, nothing that takes a trick.
const WEAK: [&str; 3] = [
    "AH 10H KH QH AD 10D AS",
    "QD KD QC KC 10C 10S QS",
    "9H JH 9D JD 9C JC 9S",
];

#[test]
fn the_estimate_follows_the_cards() {
    let strong = hand(STRONG[2]);
    let weak = hand(WEAK[2]);
    assert!(expected_take(strong) > 150.0, "{}", expected_take(strong));
    assert!(expected_take(weak) < 60.0, "{}", expected_take(weak));
    assert!(bid_value(strong) > 120 && bid_value(weak) < 100);
    // A marriage is worth more than the same two cards apart.
    let married = hand("KH QH AS 9D JD 9C JC");
    let apart = hand("KH QD AS 9D JH 9C JC");
    assert!(expected_take(married) > expected_take(apart) + 40.0);
}

#[test]
fn a_strong_hand_bids_above_100() {
    let game = dealt(STRONG, "AC 10S KS");
    for action in choices(&game, S2) {
        assert!(
            matches!(action, Action::Bid(b) if b > 100),
            "a strong hand chose {action}"
        );
    }
}

#[test]
fn a_weak_hand_passes() {
    let game = dealt(WEAK, "AC KS JS");
    for action in choices(&game, S2) {
        assert_eq!(action, Action::Pass, "a weak hand chose {action}");
    }
}

/// Seat 2 bid 120 and won it; the prikup is shown.
fn declared_at_120(hands: [&str; 3], prikup: &str) -> Tysiac {
    let mut game = dealt(hands, prikup);
    act(&mut game, S2, Action::Bid(120));
    act(&mut game, S0, Action::Pass);
    act(&mut game, S1, Action::Pass);
    assert_eq!(game.phase(), Phase::Prikup);
    game
}

#[test]
fn rospisat_when_the_hand_cannot_make_the_bid() {
    let hopeless = declared_at_120(WEAK, "AC KS JS");
    for action in choices(&hopeless, S2) {
        assert_eq!(
            action,
            Action::Rospisat,
            "a hopeless declarer chose {action}"
        );
    }
    // And not when it can.
    let strong = declared_at_120(STRONG, "AC KS 10S");
    for action in choices(&strong, S2) {
        assert_eq!(
            action,
            Action::TakePrikup,
            "a strong declarer chose {action}"
        );
    }
}

/// Seat 2 won the bidding at 100 with `hands` and gave away what the
/// computer chose; returns the state at the raise.
fn at_the_raise(hands: [&str; 3], prikup: &str) -> Tysiac {
    let mut game = dealt(hands, prikup);
    act(&mut game, S2, Action::Bid(105));
    act(&mut game, S0, Action::Pass);
    act(&mut game, S1, Action::Pass);
    act(&mut game, S2, Action::TakePrikup);
    while game.phase() == Phase::PassCards {
        let give = choose::<Tysiac>(&game.observe(S2), Level::Normal, None, 7);
        act(&mut game, S2, give);
    }
    // Every seat answers the four-nines question; nobody holds them.
    for seat in [S0, S1, S2] {
        act(&mut game, seat, Action::PlayOn);
    }
    assert_eq!(game.phase(), Phase::Raise);
    game
}

#[test]
fn raises_only_when_the_prikup_justifies_it() {
    // The prikup brings the diamonds marriage and an ace: raise.
    let rich = at_the_raise(
        [
            "9H JH 9D JD 9C JC QC",
            "KC 10C 9S JS QS KS 10S",
            "AH 10H KH QH 10D KD AS",
        ],
        "QD AD AC",
    );
    for action in choices(&rich, S2) {
        assert!(
            matches!(action, Action::Raise(b) if b > 105),
            "a declarer with two marriages chose {action}"
        );
    }
    // A middling hand and a prikup of nothing: keep the bid.
    let poor = at_the_raise(
        [
            "AH 10H KH QD 9C JC QC",
            "KC 10C 9S JS QS KS 10S",
            "9H JH QH AD 10D KD AS",
        ],
        "9D JD AC",
    );
    for action in choices(&poor, S2) {
        assert_eq!(
            action,
            Action::Raise(105),
            "a middling declarer chose {action}"
        );
    }
}

/// Seat 1 declared and leads trick two (it won trick one), with `cards` in
/// hand; the others hold what is left.
fn leading(cards: &str) -> Tysiac {
    let mut game = dealt(STRONG, "AC KS 10S");
    act(&mut game, S2, Action::Pass);
    act(&mut game, S0, Action::Pass);
    let mut table: Table = game.table().clone();
    let mine = hand(cards);
    // It led the ace of clubs and the others followed.
    let first = [
        "AC".parse().unwrap(),
        "9C".parse().unwrap(),
        "JC".parse().unwrap(),
    ];
    let rest: Vec<Card> = Hand::DECK
        .minus(mine)
        .iter()
        .filter(|c| !first.contains(c))
        .collect();
    let hands = [
        rest[..7].iter().copied().collect(),
        mine,
        rest[7..14].iter().copied().collect(),
    ];
    table.phase = Phase::Play;
    table.declarer = Some(S1);
    table.prikup = Some(hand("AC QH JS"));
    table.given_to = [S0, S2].into_iter().collect();
    table.leader = S1;
    table.to_act = S1;
    table.tricks = vec![PlayedTrick {
        leader: S1,
        cards: first,
        winner: S1,
        trump: None,
    }];
    Tysiac::from_parts(table, hands, Hand::EMPTY, [None; 3]).unwrap()
}

#[test]
fn it_announces_a_marriage_it_leads() {
    let game = leading("KH QH AD 10D 9S JS KC");
    assert_eq!(game.hand(S1).len(), 7);
    for action in choices(&game, S1) {
        match action {
            Action::Play { card, marriage } if card.suit() == Suit::Hearts => {
                assert!(marriage, "led {card} of the marriage without announcing it")
            }
            Action::Play { .. } => {}
            other => panic!("{other}"),
        }
    }
    // With the lead, a marriage of 100 is announced at once.
    let action = choose::<Tysiac>(&game.observe(S1), Level::Normal, None, 11);
    assert!(
        matches!(action, Action::Play { marriage: true, card } if card.suit() == Suit::Hearts),
        "{action}"
    );
}
