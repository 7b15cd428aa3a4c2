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
//! // Every seat answers the four-nines question at once; nobody holds
//! // them, so all play on.
//! assert_eq!(game.phase(), Phase::FourNines);
//! for seat in 0..3 {
//!     game.apply(Actor::Seat(Seat(seat)), Action::PlayOn).unwrap();
//! }
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
//!
//! # How Veil plays it
//!
//! The rule text is the authority and RULINGS §6 settles what it leaves
//! open; where both are silent this crate decides, as follows.
//!
//! - **Phases** ([`Phase`]): `FirstDealer` → `Deal` → `Bidding` → `Prikup`
//!   → `PassCards` → `FourNines` → `Raise` → `Play` → `Score`, then the
//!   next `Deal`. `Score` is the pause after a hand: the turn is chance and
//!   its first action is the first card of the next deal, so the table keeps
//!   the last hand (tricks, points, history) on show until then. `Over` ends
//!   the match.
//! - **The deal** is 24 chance actions, one card each, any card not yet
//!   dealt; [`deal_target`] fixes who receives card `k`: three rounds of
//!   "left of the dealer, next, dealer, prikup", then four rounds of the
//!   three seats. The first dealer is a chance action; the deal then passes
//!   to the next seat each hand (a redeal keeps the dealer).
//! - **Bidding**: the seat left of the dealer has bid 100 as the deal ends
//!   (it acts again only if outbid). Bids are multiples of the step, above
//!   the highest, and at most [`MAX_BID`] (120 card points and all four
//!   marriages). Above 120 needs a king and queen of one suit in hand; the
//!   same holds for the raise after the exchange (keeping the bid is always
//!   allowed).
//! - **The prikup** is shown to all; the declarer then takes it or (extra
//!   rules, not on the barrel) declares Rospisat'. It gives one card to each
//!   opponent, in the order it likes; the receiver and the declarer alone
//!   learn the card.
//! - **Four nines**: right after the exchange, before the raise, every
//!   seat is asked, all at once (a simultaneous turn), in every hand: a seat
//!   holding all four nines may answer [`Action::Redeal`] (it shows them;
//!   no score, same dealer; it counts towards the hand limit), and every
//!   seat may answer [`Action::PlayOn`]. Who has answered is public, not
//!   what; a holder who plays on is told to nobody — a question put to the
//!   holder alone would name it. A redeal ends the hand at once.
//! - **Play**: a marriage is announced with [`Action::Play`]'s `marriage`
//!   flag on a lead of its king or queen, holding both, on any trick but the
//!   first (whose leader did not win a previous trick). Its suit is trump
//!   from that trick on; its value counts towards the announcer's points.
//!   With the must-beat option, following suit must beat the best card of
//!   the suit when the trick holds no trump, and trumping must beat the best
//!   trump in it.
//! - **Scoring**: an opponent's points (cards and marriages) are rounded to
//!   the nearest 5 (or 10), an exact half upwards (25 → 30 to 10). Equal
//!   scores of 1000 or more in one hand: the declarer comes first.
//! - **The barrel** (extra rules): a score that would land on 880–999 is
//!   880 and the seat is on the barrel for three hands (a redeal is not a
//!   hand; the hand it got there is not one). There an opponent scores
//!   nothing (no +60 from a Rospisat', no lines); a declarer who makes a bid
//!   of 120 or more reaches 1000 and wins, one who makes a smaller bid stays
//!   at 880 (a hand without success), one who fails loses the bid and
//!   leaves the barrel. The third hand without success costs 120 and ends
//!   it. Several seats may be on the barrel at once.
//! - **Lines**: an opponent not on the barrel whose points (cards and
//!   marriages) are 0 gets a line instead of a score; every third costs 120.
//!   Every third P (Rospisat') costs 120 too.
//! - **The hand limit** ([`Options::hand_limit`], 200 by default) ends a
//!   match that has not reached 1000, highest score first, so even random
//!   play ends; [`Options::one_hand`] plays a single hand.
//!
//! # For the computer player
//!
//! A seat sees a [`TysiacView`]; [`veil_core::Game::determinize`] deals the
//! cards it has not seen to the places they can be: keeping hand sizes,
//! the voids play has shown (a seat that did not follow has none of the suit
//! led, one that did not trump has no trumps, with must-beat one that did
//! not beat has nothing that beats), the partner of an announced marriage
//! with its announcer, the four nines with a seat that showed them, and the prikup
//! cards with the declarer but for at most one given to the other opponent;
//! it draws again (a few times) until a seat that bid or raised above 120
//! holds a marriage. The search plays a hand in progress out to its end:
//! [`veil_core::Game::evaluate`] answers only between hands, from the
//! scores.
//! [`hand_value`] estimates what a declarer's eight cards take (a linear
//! estimate fitted to hands played out by the playout policy: run the
//! ignored `calibrate` test to refit it), [`expected_take`] averages it over
//! every prikup a hand of seven may find, and [`bid_value`] is the highest
//! bid such a hand should make. The playout policy bids up to that, declares
//! Rospisat' when the prikup leaves the bid well out of reach (further still
//! before a third P), gives away the cards worth least, raises when the kept
//! cards justify it, announces marriages, draws trumps, cashes sure winners,
//! wins tricks with the cheapest card that does and follows low otherwise.
//! [`action_prior`] ranks a seat's actions for the search, the policy's
//! choice first, and sets hopeless ones aside: bids beyond the hand's worth,
//! raises past the kept cards', giving away an ace or a marriage, leading a
//! marriage card without announcing it. Between hands the evaluation weighs
//! the scores (less what lines and P marks will cost) and how the last hand
//! went. In trick play the search keeps the searcher's cards from the
//! opponents it models ([`veil_core::Game::hide_secrets_from_opponents`]),
//! and Hard's budget is split into trees of Normal's size
//! ([`veil_core::Game::max_tree_iterations`]): over 30 matches
//! (`veil-cli match --game tysiac --seats hard,normal,normal --games 30`)
//! Hard won 13, the Normals 8 and 9; with one big tree and no hiding Hard
//! had won no more than Normal.

mod ai;
mod card;
mod game;
mod view;

#[doc(hidden)]
pub use ai::{Style, playout_action_styled};
pub use ai::{action_prior, bid_value, exchange, expected_take, hand_value};
pub use card::{Card, Hand, Rank, Suit};
pub use game::{
    Action, BARREL, CARD_POINTS, Call, GOAL, HandEnd, HandResult, MAX_BID, MAX_HANDS, MAX_SCORE,
    MAX_SWING, MatchEnd, OPENING_BID, Options, PENALTY, Phase, PlayedTrick, ROSPISAT_GIFT, SEATS,
    Standing, TRICKS, Table, Tysiac, deal_target,
};
pub use view::{OpenCards, TysiacView};
