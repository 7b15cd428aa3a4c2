//! Tysiąc ("a thousand"): the Polish three-player trick-taking game. Bid for
//! the prikup, give a card to each opponent, then take tricks; a king and
//! queen led together announce a marriage, which scores and makes its suit
//! trump from then on. First to 1000 wins.
//!
//! This crate holds the rules only (no graphics), as Veil reads them
//! (RULINGS §6): a [`Tysiac`] is the full state of a match and implements
//! [`veil_core::Game`]; a player sees a [`TysiacView`]; [`Tysiac::phase`]
//! says where the match stands.
//!
//! ```
//! use veil_core::{Actor, Game, Seat, Turn};
//! use veil_tysiac::{deal_target, Action, Card, Hand, Options, Phase, Tysiac};
//!
//! let card = |text: &str| text.parse::<Card>().unwrap();
//! let mut game = Tysiac::new(&Options::default(), 3).unwrap();
//!
//! // Chance picks seat 0 to deal, then deals one card at a time; here the
//! // deck in order (9♥ J♥ Q♥ … A♠), round from the dealer's left.
//! game.apply(Actor::Chance, Action::FirstDealer(Seat(0))).unwrap();
//! assert_eq!(deal_target(Seat(0), 0), Some(Seat(1)));
//! for c in Card::all() {
//!     game.apply(Actor::Chance, Action::Deal(c)).unwrap();
//! }
//! assert_eq!(game.phase(), Phase::Bidding);
//! assert_eq!(game.hand(Seat(1)), "9H 10H QD 9C KC 9S KS".parse::<Hand>().unwrap());
//!
//! // Seat 1 opened with the forced 100; seats 2 and 0 pass.
//! assert_eq!(game.table().bid, 100);
//! game.apply(Actor::Seat(Seat(2)), Action::Pass).unwrap();
//! game.apply(Actor::Seat(Seat(0)), Action::Pass).unwrap();
//!
//! // The prikup is shown to everyone; the declarer takes it and gives a
//! // card face down to each opponent.
//! assert_eq!(game.observe(Seat(0)).table.prikup, Some("KH JD AD".parse().unwrap()));
//! game.apply(Actor::Seat(Seat(1)), Action::TakePrikup).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::Give { card: card("9C"), to: Seat(2) }).unwrap();
//! game.apply(Actor::Seat(Seat(1)), Action::Give { card: card("9S"), to: Seat(0) }).unwrap();
//! assert_eq!(game.observe(Seat(0)).received, Some(card("9S")));
//! assert_eq!(game.observe(Seat(0)).hand_sizes, [8, 8, 8]);
//!
//! // It raises to 120 and leads; seat 2 must follow hearts.
//! game.apply(Actor::Seat(Seat(1)), Action::Raise(120)).unwrap();
//! assert_eq!(game.phase(), Phase::Play);
//! game.apply(Actor::Seat(Seat(1)), Action::Play { card: card("10H"), marriage: false }).unwrap();
//! assert_eq!(game.observe(Seat(2)).playable(), "JH AH".parse().unwrap());
//! let wrong = Action::Play { card: card("JC"), marriage: false };
//! assert!(game.apply(Actor::Seat(Seat(2)), wrong).is_err());
//! game.apply(Actor::Seat(Seat(2)), Action::Play { card: card("AH"), marriage: false }).unwrap();
//! game.apply(Actor::Seat(Seat(0)), Action::Play { card: card("QH"), marriage: false }).unwrap();
//! assert_eq!(game.table().tricks[0].winner, Seat(2));
//! assert_eq!(game.table().points, [0, 0, 24]);
//! assert_eq!(game.turn(), Turn::Seat(Seat(2)));
//! ```

mod ai;
mod card;
mod game;
mod view;

pub use ai::{bid_value, hand_value};
pub use card::{Card, Hand, Rank, Suit};
pub use game::{
    Action, BARREL, CARD_POINTS, Call, GOAL, HandEnd, HandResult, MAX_BID, MatchEnd, OPENING_BID, Options, PENALTY,
    Phase, PlayedTrick, ROSPISAT_GIFT, SEATS, Standing, TRICKS, Table, Tysiac, deal_target,
};
pub use view::TysiacView;
