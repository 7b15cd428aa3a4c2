//! The full state of a match and its rules (RULINGS §6).

use serde::{Deserialize, Serialize};
use veil_core::{
    ActionError, Actor, Game, GameRng, OptionsError, Outcome, RngExt, Seat, SeatSet, Turn,
};

use crate::{Card, Hand, Rank, Suit, TysiacView};

/// Three seats, always.
pub const SEATS: usize = 3;
/// The score that wins the match.
pub const GOAL: i32 = 1000;
/// The barrel (extra rules): a score that would land in `BARREL..GOAL`
/// becomes `BARREL`.
pub const BARREL: i32 = 880;
/// The bid every hand opens with, forced on the seat left of the dealer.
pub const OPENING_BID: u16 = 100;
/// The highest bid that can be made: all 120 card points and all four
/// marriages (280). Bids above it could never be made, so they are not
/// offered.
pub const MAX_BID: u16 = 400;
/// Card points in the deck.
pub const CARD_POINTS: u16 = 120;
/// Tricks in a hand (8 cards each after the exchange).
pub const TRICKS: usize = 8;
/// What every third horizontal line, every third P and a fall from the
/// barrel cost.
pub const PENALTY: i32 = 120;
/// What each opponent earns when the declarer declares Rospisat'.
pub const ROSPISAT_GIFT: i32 = 60;
/// The largest [`Options::hand_limit`]: the default, a match to 1000. It
/// keeps the counters of the score pad (horizontal lines and P marks, one a
/// hand at most) far from the end of their `u8`.
pub const MAX_HANDS: u32 = 200;
/// The most a seat's score moves in one hand (a bid of 400 made or failed;
/// every other change is smaller).
pub const MAX_SWING: i32 = MAX_BID as i32;
/// The largest score, either sign, a state may hold with no hands left.
pub const MAX_SCORE: i32 = 1_000_000;

/// The options a table sets before a match (the rulings marked *option*).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Bids go up in steps of 5 *(option: 10)*.
    pub bid_step: u16,
    /// The opponents' points are rounded to the nearest 5 *(option: 10)*;
    /// an exact half rounds up (5 → 10 when rounding to 10).
    pub rounding: u16,
    /// A player who cannot follow suit or trump may play any card; with this
    /// option, whoever follows suit or trumps must also beat the trick when
    /// they can.
    pub must_beat: bool,
    /// The barrel, horizontal lines and Rospisat' (on by default).
    pub extra_rules: bool,
    /// A safeguard so every match ends: after this many hands (redeals
    /// count) the match ends and the highest score wins. 1 plays one hand;
    /// at most [`MAX_HANDS`].
    pub hand_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bid_step: 5,
            rounding: 5,
            must_beat: false,
            extra_rules: true,
            hand_limit: 200,
        }
    }
}

impl Options {
    /// Options for a match of exactly one hand (tests, the conformance check).
    pub fn one_hand() -> Options {
        Options {
            hand_limit: 1,
            ..Options::default()
        }
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if ![5, 10].contains(&self.bid_step) {
            return Err(OptionsError::new("bids go up in steps of 5 or 10"));
        }
        if ![5, 10].contains(&self.rounding) {
            return Err(OptionsError::new("points are rounded to 5 or 10"));
        }
        if self.hand_limit == 0 || self.hand_limit > MAX_HANDS {
            return Err(OptionsError::new(format!(
                "a match has 1 to {MAX_HANDS} hands, not {}",
                self.hand_limit
            )));
        }
        Ok(())
    }

    /// Rounds an opponent's points to the nearest multiple of
    /// [`Options::rounding`], an exact half upwards.
    pub fn round(&self, points: u16) -> u16 {
        let r = self.rounding.max(1);
        // Integer points: to 5, 0–2 go down and 3–4 up; to 10, 5 goes up.
        (points + r / 2) / r * r
    }
}

/// Where a match stands: the app derives its screens from this.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Chance picks the first dealer.
    FirstDealer,
    /// Chance deals the cards one at a time ([`deal_target`] says where).
    Deal,
    /// The seats bid or pass, from the left of the dealer.
    Bidding,
    /// The prikup lies face up; the declarer takes it (or declares Rospisat').
    Prikup,
    /// The declarer gives one card face down to each opponent.
    PassCards,
    /// After every exchange each seat answers, all at once and unseen by
    /// the others: a seat holding all four nines may demand a redeal
    /// (showing them), every seat may play on. Asked of every seat in every
    /// hand, so neither the phase nor the turn tells who holds the nines.
    FourNines,
    /// The declarer may raise the bid.
    Raise,
    /// The eight tricks.
    Play,
    /// The hand is scored; chance deals the next one.
    Score,
    /// The match has ended.
    Over,
}

/// A move of Tysiąc. Small and `Copy`; cards are saved as "AH", "10S".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Chance: this seat deals the first hand.
    FirstDealer(Seat),
    /// Chance: the next card of the deal (to [`deal_target`]).
    Deal(Card),
    /// Bid this many points (above the highest bid, a multiple of the step).
    Bid(u16),
    /// Pass; final for the hand.
    Pass,
    /// The declarer takes the prikup into hand.
    TakePrikup,
    /// The declarer gives up after seeing the prikup (extra rules).
    Rospisat,
    /// The declarer gives this card face down to `to`.
    Give { card: Card, to: Seat },
    /// The holder of all four nines shows them and has the hand dealt again.
    Redeal,
    /// At the four-nines question: play the hand (every seat's answer
    /// unless it holds all four nines and demands the redeal).
    PlayOn,
    /// The declarer's final contract: the bid kept, or a higher one.
    Raise(u16),
    /// Play a card; a lead of a king or queen may announce the marriage.
    Play { card: Card, marriage: bool },
}

impl std::fmt::Display for Action {
    /// In words, for logs and the table: "bid 105", "give 9♠ to seat 2",
    /// "play K♥ and announce the marriage".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::FirstDealer(seat) => write!(f, "{seat} deals first"),
            Action::Deal(card) => write!(f, "deal {card}"),
            Action::Bid(bid) => write!(f, "bid {bid}"),
            Action::Pass => f.write_str("pass"),
            Action::TakePrikup => f.write_str("take the prikup"),
            Action::Rospisat => f.write_str("Rospisat'"),
            Action::Give { card, to } => write!(f, "give {card} to {to}"),
            Action::Redeal => f.write_str("four nines: redeal"),
            Action::PlayOn => f.write_str("four nines: play on"),
            Action::Raise(bid) => write!(f, "play for {bid}"),
            Action::Play {
                card,
                marriage: false,
            } => write!(f, "play {card}"),
            Action::Play {
                card,
                marriage: true,
            } => {
                write!(f, "play {card} and announce the marriage")
            }
        }
    }
}

/// One call of the bidding: a bid, or a pass (`None`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Call {
    pub seat: Seat,
    pub bid: Option<u16>,
}

/// A finished trick.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PlayedTrick {
    pub leader: Seat,
    /// In play order, from the leader.
    pub cards: [Card; 3],
    pub winner: Seat,
    /// The trump while it was played (set by a marriage announced on its lead
    /// or an earlier one).
    pub trump: Option<Suit>,
}

impl PlayedTrick {
    /// The seat that played `cards[i]`.
    pub fn player(&self, i: usize) -> Seat {
        Seat(((self.leader.index() + i) % SEATS) as u8)
    }

    pub fn points(&self) -> u16 {
        self.cards.iter().map(|c| c.points()).sum()
    }
}

/// A seat's standing on the score pad.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Standing {
    pub score: i32,
    /// On the barrel: how many hands it has played there (0 to 2).
    pub barrel: Option<u8>,
    /// Horizontal lines: hands as an opponent that took nothing.
    pub lines: u8,
    /// P marks: Rospisat' declared.
    pub p_marks: u8,
}

/// How a hand ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum HandEnd {
    /// The declarer took at least the bid.
    Made,
    /// The declarer fell short.
    Failed,
    /// The declarer gave up after seeing the prikup.
    Rospisat,
    /// `by` held all four nines and had the hand dealt again (no score).
    Redeal { by: Seat },
}

/// One line of the match history.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct HandResult {
    pub dealer: Seat,
    pub declarer: Seat,
    /// The final contract.
    pub bid: u16,
    pub end: HandEnd,
    /// Card and marriage points each seat took.
    pub points: [u16; 3],
    /// How each score changed.
    pub changes: [i32; 3],
    /// The scores after the hand.
    pub scores: [i32; 3],
}

/// Why the match ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum MatchEnd {
    /// Someone reached 1000.
    Thousand,
    /// The hand limit of the options was reached.
    HandLimit,
}

/// Everything every seat sees.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Table {
    pub options: Options,
    pub phase: Phase,
    pub dealer: Seat,
    /// Cards dealt so far in this deal.
    pub dealt: u8,
    /// The bidding of this hand, in order; the first is the forced 100.
    pub calls: Vec<Call>,
    pub passed: SeatSet,
    /// The highest bid; after the raise, the contract.
    pub bid: u16,
    /// Who made the highest bid.
    pub bidder: Seat,
    pub declarer: Option<Seat>,
    /// Who acts in the bidding, at the four nines and in play.
    pub to_act: Seat,
    /// The prikup, once shown.
    pub prikup: Option<Hand>,
    /// The opponents the declarer has given a card to (which card is secret).
    pub given_to: SeatSet,
    /// The seat that showed all four nines to demand a redeal, if any.
    /// Holding them and playing on is never shown.
    pub nines: Option<Seat>,
    /// The seats that have answered the four-nines question this hand
    /// (that they answered is public, not what).
    #[serde(default)]
    pub answered: SeatSet,
    pub leader: Seat,
    /// The trick being played, from the leader.
    pub trick: Vec<Card>,
    pub tricks: Vec<PlayedTrick>,
    pub trump: Option<Suit>,
    /// Marriages announced this hand, in order.
    pub marriages: Vec<(Seat, Suit)>,
    /// Card and marriage points taken this hand.
    pub points: [u16; 3],
    pub standings: [Standing; 3],
    pub history: Vec<HandResult>,
    pub end: Option<MatchEnd>,
}

impl Table {
    fn new(options: Options) -> Table {
        Table {
            options,
            phase: Phase::FirstDealer,
            dealer: Seat(0),
            dealt: 0,
            calls: Vec::new(),
            passed: SeatSet::EMPTY,
            bid: OPENING_BID,
            bidder: Seat(1),
            declarer: None,
            to_act: Seat(1),
            prikup: None,
            given_to: SeatSet::EMPTY,
            nines: None,
            answered: SeatSet::EMPTY,
            leader: Seat(0),
            trick: Vec::new(),
            tricks: Vec::new(),
            trump: None,
            marriages: Vec::new(),
            points: [0; 3],
            standings: [Standing::default(); 3],
            history: Vec::new(),
            end: None,
        }
    }

    /// Every card played this hand, the trick on the table included.
    pub fn played(&self) -> Hand {
        let done: Hand = self.tricks.iter().flat_map(|t| t.cards).collect();
        done.union(self.trick.iter().copied().collect())
    }

    /// The seat whose turn it is in the current trick.
    fn seat_in_trick(&self, i: usize) -> Seat {
        Seat(((self.leader.index() + i) % SEATS) as u8)
    }

    /// Who acts next: the same as [`Game::turn`], from what every seat sees.
    pub fn turn(&self) -> Turn {
        match self.phase {
            Phase::FirstDealer | Phase::Deal | Phase::Score => Turn::Chance,
            Phase::Bidding | Phase::Play => Turn::Seat(self.to_act),
            Phase::FourNines => {
                let waiting = Seat::all(SEATS)
                    .filter(|s| !self.answered.contains(*s))
                    .collect();
                Turn::Simultaneous(waiting)
            }
            Phase::Prikup | Phase::PassCards | Phase::Raise => {
                Turn::Seat(self.declarer.unwrap_or(self.bidder))
            }
            Phase::Over => Turn::Over,
        }
    }

    /// Checks the public part of a state read from outside data: seats of
    /// a three-seat table, counts in range, a bidding that can go on.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.options.validate().map_err(|e| e.reason)?;
        let seat = |s: Seat| s.index() < SEATS;
        let set = |s: SeatSet| s.0 & !SeatSet::all(SEATS).0 == 0;
        let history_ok = self.history.iter().all(|h| {
            seat(h.dealer)
                && seat(h.declarer)
                && match h.end {
                    HandEnd::Redeal { by } => seat(by),
                    _ => true,
                }
        });
        let seats_ok = [self.dealer, self.bidder, self.to_act, self.leader]
            .into_iter()
            .chain(self.declarer)
            .chain(self.nines)
            .chain(self.calls.iter().map(|c| c.seat))
            .chain(self.marriages.iter().map(|m| m.0))
            .chain(self.tricks.iter().flat_map(|t| [t.leader, t.winner]))
            .all(seat)
            && [self.passed, self.given_to, self.answered]
                .into_iter()
                .all(set)
            && history_ok;
        if !seats_ok {
            return Err("there are three seats".into());
        }
        if self.trick.len() >= SEATS || self.tricks.len() > TRICKS || self.dealt > 24 {
            return Err("too many cards played or dealt".into());
        }
        // The points taken, with those still to take (the cards not yet in
        // a trick and the marriages whose king and queen are both unplayed),
        // are at most a hand's 400: so they stay within it, whatever is
        // played.
        let played = self.played();
        let open_marriages: u16 = Suit::ALL
            .into_iter()
            .filter(|suit| {
                !self.marriages.iter().any(|(_, m)| m == suit)
                    && !played.contains(Card::new(*suit, Rank::King))
                    && !played.contains(Card::new(*suit, Rank::Queen))
            })
            .map(Suit::marriage)
            .sum();
        let taken: u32 = self.points.iter().map(|p| u32::from(*p)).sum();
        let to_take = u32::from(Hand::DECK.minus(played).points() + open_marriages);
        if self.bid > MAX_BID || taken + to_take > u32::from(MAX_BID) {
            return Err(format!(
                "a bid of {} or points {:?} beyond any hand",
                self.bid, self.points
            ));
        }
        // Each hand left moves a score by at most MAX_SWING and adds at most
        // one line or P mark: a state read can be played to its end.
        let limit = self.options.hand_limit as usize;
        if self.history.len() > limit || (self.phase != Phase::Over && self.history.len() == limit)
        {
            return Err(format!(
                "{} hands played, more than the limit of {}",
                self.history.len(),
                self.options.hand_limit
            ));
        }
        let left = (self.options.hand_limit as usize - self.history.len()) as i64;
        let standings_ok = self.standings.iter().all(|st| {
            i64::from(st.score).abs() + left * i64::from(MAX_SWING) <= i64::from(MAX_SCORE)
                && i64::from(st.lines) + left <= i64::from(u8::MAX)
                && i64::from(st.p_marks) + left <= i64::from(u8::MAX)
                && st.barrel.is_none_or(|h| h < 3)
        });
        if !standings_ok {
            return Err(format!(
                "a standing beyond any match with {left} hands left: {:?}",
                self.standings
            ));
        }
        // A redeal ends the hand at once: the nines shown stay on the table
        // only when that hand ended the match.
        if self.nines.is_some() && self.phase != Phase::Over {
            return Err(format!("four nines shown in {:?}", self.phase));
        }
        if (self.phase == Phase::Over) != self.end.is_some() {
            return Err("the match is over exactly when it has ended".into());
        }
        let in_hand = !matches!(
            self.phase,
            Phase::FirstDealer | Phase::Deal | Phase::Bidding | Phase::Score | Phase::Over
        );
        if in_hand && self.declarer.is_none() {
            return Err("after the bidding there is a declarer".into());
        }
        let before_exchange = matches!(
            self.phase,
            Phase::FirstDealer | Phase::Deal | Phase::Bidding | Phase::Prikup
        );
        let after_exchange = matches!(self.phase, Phase::FourNines | Phase::Raise | Phase::Play);
        let opponents: SeatSet = Seat::all(SEATS)
            .filter(|s| Some(*s) != self.declarer)
            .collect();
        if (before_exchange && !self.given_to.is_empty())
            || (after_exchange && self.given_to != opponents)
        {
            return Err("the cards given do not match the phase".into());
        }
        if matches!(self.phase, Phase::FirstDealer | Phase::Deal)
            && (!self.passed.is_empty() || !self.calls.is_empty() || self.declarer.is_some())
        {
            return Err("bidding before the deal ends".into());
        }
        if (self.phase != Phase::FourNines && !self.answered.is_empty())
            || (self.phase != Phase::Play && !self.trick.is_empty())
        {
            return Err("answers or a trick outside their phase".into());
        }
        match self.phase {
            Phase::Bidding if self.passed.len() >= 2 || self.passed.contains(self.to_act) => {
                Err("the bidding ends when two have passed, and a pass is final".into())
            }
            Phase::PassCards
                if self.given_to.len() >= 2
                    || self.declarer.is_some_and(|d| self.given_to.contains(d)) =>
            {
                Err("the declarer gives one card to each opponent".into())
            }
            Phase::FourNines if self.answered == SeatSet::all(SEATS) => {
                Err("every seat has answered the four nines".into())
            }
            Phase::Play if self.to_act != self.seat_in_trick(self.trick.len()) => {
                Err("the seat to play is not the next in the trick".into())
            }
            _ => Ok(()),
        }
    }

    /// How many tricks `seat` has won this hand.
    pub fn tricks_won(&self, seat: Seat) -> usize {
        self.tricks.iter().filter(|t| t.winner == seat).count()
    }

    pub fn scores(&self) -> [i32; 3] {
        self.standings.map(|s| s.score)
    }

    fn on_barrel(&self, seat: Seat) -> bool {
        self.options.extra_rules && self.standings[seat.index()].barrel.is_some()
    }

    /// Whether `seat` may declare Rospisat' now (as declarer, not on the barrel).
    pub fn may_rospisat(&self, seat: Seat) -> bool {
        self.options.extra_rules && !self.on_barrel(seat)
    }

    /// The cards a hand may play to the current trick (all of it on a lead).
    pub fn playable(&self, hand: Hand) -> Hand {
        playable(hand, &self.trick, self.trump, self.options.must_beat)
    }

    /// The seat that would win the current trick if it ended now.
    pub fn trick_winner(&self) -> Option<Seat> {
        trick_winner_index(&self.trick, self.trump).map(|i| self.seat_in_trick(i))
    }

    /// Cards each seat cannot hold, as its plays show: failing to follow
    /// suit shows a void, failing to trump shows no trumps, and (must-beat)
    /// failing to beat shows no card that beats.
    pub fn exclusions(&self) -> [Hand; 3] {
        let mut out = [Hand::EMPTY; 3];
        let must_beat = self.options.must_beat;
        let mut note = |leader: Seat, cards: &[Card], trump: Option<Suit>| {
            for i in 1..cards.len() {
                let seat = (leader.index() + i) % SEATS;
                let tiers = tiers(&cards[..i], trump, must_beat);
                for tier in tiers {
                    if tier.contains(cards[i]) {
                        break;
                    }
                    out[seat] = out[seat].union(tier);
                }
            }
        };
        for t in &self.tricks {
            note(t.leader, &t.cards, t.trump);
        }
        note(self.leader, &self.trick, self.trump);
        out
    }
}

/// The seat that receives card number `k` (0..24) of a deal by `dealer`,
/// `None` for the prikup. The deal goes round from the left of the dealer,
/// one card at a time: the first three rounds put a card in the prikup
/// after the dealer's, the last four rounds give the seats only.
pub fn deal_target(dealer: Seat, k: u8) -> Option<Seat> {
    let offset = if k < 12 {
        if k % 4 == 3 {
            return None;
        }
        k % 4
    } else {
        (k - 12) % 3
    };
    Some(Seat(((dealer.index() + 1 + offset as usize) % SEATS) as u8))
}

/// The tiers of the obligation to a trick: a hand must play from the first
/// tier it holds a card of (the last is every card).
fn tiers(trick: &[Card], trump: Option<Suit>, must_beat: bool) -> [Hand; 5] {
    let mut out = [Hand::EMPTY; 5];
    out[4] = Hand::DECK;
    let Some(first) = trick.first() else {
        return out;
    };
    let led = first.suit();
    let trump = trump.filter(|t| *t != led);
    let best_led = trick
        .iter()
        .filter(|c| c.suit() == led)
        .max()
        .copied()
        .unwrap_or(*first);
    let best_trump = trump.and_then(|t| trick.iter().filter(|c| c.suit() == t).max().copied());
    let above = |card: Card| Hand(!((2u32 << card.index()) - 1) & Hand::DECK.0);
    if must_beat && best_trump.is_none() {
        out[0] = Hand::suit(led).inter(above(best_led));
    }
    out[1] = Hand::suit(led);
    if let Some(t) = trump {
        if must_beat {
            out[2] = match best_trump {
                Some(best) => Hand::suit(t).inter(above(best)),
                None => Hand::suit(t),
            };
        }
        out[3] = Hand::suit(t);
    }
    out
}

fn playable(hand: Hand, trick: &[Card], trump: Option<Suit>, must_beat: bool) -> Hand {
    tiers(trick, trump, must_beat)
        .into_iter()
        .map(|t| hand.inter(t))
        .find(|h| !h.is_empty())
        .unwrap_or(Hand::EMPTY)
}

/// The index of the card winning `trick` so far: the highest trump, else
/// the highest card of the suit led.
pub(crate) fn trick_winner_index(trick: &[Card], trump: Option<Suit>) -> Option<usize> {
    let led = trick.first()?.suit();
    let key = |c: &Card| {
        let class = if Some(c.suit()) == trump {
            2
        } else if c.suit() == led {
            1
        } else {
            0
        };
        (class, c.rank())
    };
    trick
        .iter()
        .enumerate()
        .max_by_key(|(_, c)| key(c))
        .map(|(i, _)| i)
}

/// A match of Tysiąc in progress: the table and every hidden card. Only the
/// referee holds it; players see a [`TysiacView`].
///
/// Read from outside data (a save) it is checked as
/// [`Tysiac::from_parts`] checks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "TysiacUnchecked")]
pub struct Tysiac {
    pub(crate) table: Table,
    pub(crate) hands: [Hand; 3],
    /// The prikup while it is face down or lies shown before it is taken.
    pub(crate) prikup: Hand,
    /// The card each opponent received from the declarer, by receiver.
    pub(crate) given: [Option<Card>; 3],
}

/// [`Tysiac`] as read, before it is checked.
#[derive(Deserialize)]
struct TysiacUnchecked {
    table: Table,
    hands: [Hand; 3],
    prikup: Hand,
    given: [Option<Card>; 3],
}

impl TryFrom<TysiacUnchecked> for Tysiac {
    type Error = String;
    fn try_from(raw: TysiacUnchecked) -> Result<Tysiac, String> {
        Tysiac::from_parts(raw.table, raw.hands, raw.prikup, raw.given).map_err(|e| e.reason)
    }
}

impl Tysiac {
    /// Everything there is to know, as a view for `seat` (the review of a
    /// finished game): every hand and the prikup, in [`TysiacView::open`].
    pub fn revealed(&self, seat: Seat) -> TysiacView {
        crate::view::revealed(self, seat)
    }

    /// A hidden fact's place for the face-down prikup
    /// ([`Game::hidden_facts`]).
    pub const PRIKUP: u16 = 3;

    /// A new match with these options, before the first dealer is chosen.
    pub fn start(options: Options) -> Result<Tysiac, OptionsError> {
        options.validate()?;
        Ok(Tysiac {
            table: Table::new(options),
            hands: [Hand::EMPTY; 3],
            prikup: Hand::EMPTY,
            given: [None; 3],
        })
    }

    /// What every seat sees.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Where the match stands.
    pub fn phase(&self) -> Phase {
        self.table.phase
    }

    /// A seat's hand. The referee's knowledge, not a player's.
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The prikup while face down or shown and not yet taken.
    pub fn prikup(&self) -> Hand {
        self.prikup
    }

    /// The card the declarer gave to `seat` this hand, if any.
    pub fn given(&self, seat: Seat) -> Option<Card> {
        self.given.get(seat.index()).copied().flatten()
    }

    /// A state built from parts (tests, tools, saves): the table as given,
    /// the hands, the face-down or shown prikup and the given cards.
    /// Refuses what could not be played on (the reason says what): seats
    /// beyond three, counts out of range, a card in two places, a bidding
    /// all have passed, a deal or a trick play that cannot go on.
    pub fn from_parts(
        table: Table,
        hands: [Hand; 3],
        prikup: Hand,
        given: [Option<Card>; 3],
    ) -> Result<Tysiac, OptionsError> {
        let game = Tysiac {
            table,
            hands,
            prikup,
            given,
        };
        game.check().map_err(OptionsError::new)?;
        Ok(game)
    }

    /// Checks a whole state: the table, and the cards where they can be.
    pub(crate) fn check(&self) -> Result<(), String> {
        let table = &self.table;
        table.check()?;
        let mut seen = table.played();
        let parts = self.hands.iter().chain([&self.prikup]);
        for part in parts.chain(table.prikup.iter()) {
            if part.0 & !Hand::DECK.0 != 0 {
                return Err("a card beyond the deck".into());
            }
        }
        for part in self.hands.iter().chain([&self.prikup]) {
            if !seen.inter(*part).is_empty() {
                return Err("a card is in two places".into());
            }
            seen = seen.union(*part);
        }
        let sizes = self.hands.map(|h| h.len());
        let prikup = self.prikup.len();
        let sized = |expected: [usize; 3], expected_prikup: usize| {
            if sizes == expected && prikup == expected_prikup {
                Ok(())
            } else {
                Err(format!(
                    "hands of {sizes:?} and a prikup of {prikup} in {:?}",
                    table.phase
                ))
            }
        };
        let declarer = self.declarer().index();
        match table.phase {
            Phase::Deal => {
                if table.dealt >= 24 {
                    return Err("the cards dealt do not match the deal".into());
                }
                let mut expected = [0; 3];
                let mut expected_prikup = 0;
                for k in 0..table.dealt {
                    match deal_target(table.dealer, k) {
                        Some(seat) => expected[seat.index()] += 1,
                        None => expected_prikup += 1,
                    }
                }
                sized(expected, expected_prikup)
            }
            Phase::Bidding | Phase::Prikup => sized([7; 3], 3),
            Phase::PassCards => {
                let mut expected = [7; 3];
                expected[declarer] = 10 - table.given_to.len();
                for seat in table.given_to.iter() {
                    expected[seat.index()] += 1;
                }
                sized(expected, 0)
            }
            Phase::FourNines | Phase::Raise => sized([8; 3], 0),
            Phase::Play => {
                // The seats still to play to this trick hold one card more
                // than those that played, and every hand lasts to the end.
                let left = sizes[table.to_act.index()];
                let played = table.trick.len();
                let even = (0..SEATS).all(|i| {
                    let s = table.seat_in_trick(i).index();
                    sizes[s] + usize::from(i < played) == left
                });
                if !even || left == 0 || table.tricks.len() + left != TRICKS {
                    Err(format!(
                        "hands of {sizes:?} do not match {} tricks played and {played} on the table",
                        table.tricks.len()
                    ))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }?;
        // Every card is somewhere, once: dealt and not yet played, in the
        // hands and the prikup; played, in the tricks. Between hands, nothing
        // is held.
        let dealt = matches!(
            table.phase,
            Phase::Bidding
                | Phase::Prikup
                | Phase::PassCards
                | Phase::FourNines
                | Phase::Raise
                | Phase::Play
        );
        if dealt && seen != Hand::DECK {
            return Err(format!(
                "{} of the 24 cards are in the hands, the prikup and the tricks in {:?}",
                seen.len(),
                table.phase
            ));
        }
        let between = matches!(table.phase, Phase::FirstDealer | Phase::Score | Phase::Over);
        if between && (prikup != 0 || sizes != [0; 3]) {
            return Err(format!(
                "hands of {sizes:?} and a prikup of {prikup} between hands"
            ));
        }
        // A card given is one its receiver holds or has played this hand
        // (a state made by hand may leave which card unsaid).
        let exchanged = matches!(
            table.phase,
            Phase::PassCards | Phase::FourNines | Phase::Raise | Phase::Play
        );
        for seat in Seat::all(SEATS) {
            let Some(given) = self.given[seat.index()] else {
                continue;
            };
            let received = table.given_to.contains(seat);
            let placed = self.hands[seat.index()].contains(given)
                || table
                    .tricks
                    .iter()
                    .any(|t| (0..SEATS).any(|i| t.cards[i] == given && t.player(i) == seat))
                || table
                    .trick
                    .iter()
                    .enumerate()
                    .any(|(i, c)| *c == given && table.seat_in_trick(i) == seat);
            if exchanged && received != placed {
                return Err(format!("the card given to {seat} ({given}) is not with it"));
            }
        }
        Ok(())
    }

    /// Any action value, legal or not, for tests and the conformance check.
    pub fn arbitrary_action(rng: &mut GameRng) -> Action {
        let card = Card::from_index(rng.random_range(0..24)).expect("in range");
        let seat = Seat(rng.random_range(0..4));
        match rng.random_range(0..11) {
            0 => Action::FirstDealer(seat),
            1 => Action::Deal(card),
            2 => Action::Bid(rng.random_range(19..90) * 5),
            3 => Action::Pass,
            4 => Action::TakePrikup,
            5 => Action::Rospisat,
            6 => Action::Give { card, to: seat },
            7 => Action::Redeal,
            8 => Action::PlayOn,
            9 => Action::Raise(rng.random_range(19..90) * 5),
            _ => Action::Play {
                card,
                marriage: rng.random_bool(0.3),
            },
        }
    }

    fn dealt_cards(&self) -> Hand {
        self.hands.iter().fold(self.prikup, |acc, h| acc.union(*h))
    }

    fn declarer(&self) -> Seat {
        self.table.declarer.unwrap_or(self.table.bidder)
    }

    fn may_bid(&self, seat: Seat, bid: u16) -> bool {
        bid.is_multiple_of(self.table.options.bid_step)
            && bid <= MAX_BID
            && (bid <= CARD_POINTS || self.hands[seat.index()].marriages().next().is_some())
    }

    /// Whether `actor` may take `action` now.
    fn is_legal(&self, actor: Actor, action: Action) -> bool {
        let t = &self.table;
        let seat = match (actor, self.turn()) {
            (Actor::Chance, Turn::Chance) => None,
            (Actor::Seat(a), Turn::Seat(s)) if a == s => Some(s),
            (Actor::Seat(a), Turn::Simultaneous(set)) if set.contains(a) => Some(a),
            _ => return false,
        };
        match (t.phase, seat, action) {
            (Phase::FirstDealer, None, Action::FirstDealer(s)) => s.index() < SEATS,
            (Phase::Deal, None, Action::Deal(card)) => !self.dealt_cards().contains(card),
            (Phase::Score, None, Action::Deal(_)) => true,
            (Phase::Bidding, Some(_), Action::Pass) => true,
            (Phase::Bidding, Some(s), Action::Bid(bid)) => bid > t.bid && self.may_bid(s, bid),
            (Phase::Prikup, Some(_), Action::TakePrikup) => true,
            (Phase::Prikup, Some(s), Action::Rospisat) => t.may_rospisat(s),
            (Phase::PassCards, Some(s), Action::Give { card, to }) => {
                self.hands[s.index()].contains(card)
                    && to != s
                    && to.index() < SEATS
                    && !t.given_to.contains(to)
            }
            (Phase::FourNines, Some(_), Action::PlayOn) => true,
            (Phase::FourNines, Some(s), Action::Redeal) => self.holds_nines(s),
            (Phase::Raise, Some(s), Action::Raise(bid)) => {
                bid == t.bid || (bid > t.bid && self.may_bid(s, bid))
            }
            (Phase::Play, Some(s), Action::Play { card, marriage }) => {
                let hand = self.hands[s.index()];
                t.playable(hand).contains(card)
                    && (!marriage
                        || (t.trick.is_empty()
                            && !t.tricks.is_empty()
                            && matches!(card.rank(), Rank::King | Rank::Queen)
                            && hand.has_marriage(card.suit())))
            }
            _ => false,
        }
    }

    fn refusal(&self, actor: Actor, action: Action) -> ActionError<Action> {
        let turn = self.turn();
        if turn == Turn::Over {
            return ActionError::GameOver { action };
        }
        let ours = match (actor, turn) {
            (Actor::Chance, Turn::Chance) => true,
            (Actor::Seat(a), Turn::Seat(s)) => a == s,
            (Actor::Seat(a), Turn::Simultaneous(set)) => set.contains(a),
            _ => false,
        };
        if !ours {
            return ActionError::NotYourTurn { actor, action };
        }
        let reason = match (self.table.phase, action) {
            (Phase::Deal, Action::Deal(_)) => "that card is already dealt",
            (Phase::Bidding, Action::Bid(_)) => {
                "a bid is above the highest, a multiple of the step, at most 400, and above 120 only with a marriage in hand"
            }
            (Phase::Prikup, Action::Rospisat) => {
                "Rospisat' needs the extra rules and is not allowed on the barrel"
            }
            (Phase::PassCards, Action::Give { .. }) => {
                "give a card of your hand to an opponent who has none from you yet"
            }
            (Phase::FourNines, Action::Redeal) => {
                "only a seat holding all four nines may demand a redeal"
            }
            (Phase::Raise, Action::Raise(_)) => {
                "keep the bid or raise it by steps, at most 400, above 120 only with a marriage in hand"
            }
            (Phase::Play, Action::Play { marriage: true, .. }) => {
                "a marriage is announced by leading its king or queen, holding both, after winning the previous trick"
            }
            (Phase::Play, Action::Play { .. }) => {
                "follow suit if you can, else trump if you can (and beat the trick if the option says so)"
            }
            (Phase::FirstDealer, _) => "chance picks the first dealer",
            (Phase::Deal | Phase::Score, _) => "chance deals a card",
            (Phase::Bidding, _) => "bid or pass",
            (Phase::Prikup, _) => "take the prikup or declare Rospisat'",
            (Phase::PassCards, _) => "give a card to each opponent",
            (Phase::FourNines, _) => "play on (or, holding all four nines, demand a redeal)",
            (Phase::Raise, _) => "keep or raise the bid",
            (Phase::Play, _) => "play a card",
            (Phase::Over, _) => "the match is over",
        };
        ActionError::Illegal {
            actor,
            action,
            reason: reason.into(),
        }
    }

    fn next_bidder(&self, after: Seat) -> Seat {
        // At most once round the table: checked states never have all
        // three passed, but a loop must not hang on one that had.
        let mut seat = after.next(SEATS);
        for _ in 0..SEATS {
            if !self.table.passed.contains(seat) {
                break;
            }
            seat = seat.next(SEATS);
        }
        seat
    }

    /// Clears the hand and starts a deal, by the next dealer or the same.
    fn start_deal(&mut self, dealer: Seat) {
        let options = self.table.options;
        let standings = self.table.standings;
        let history = std::mem::take(&mut self.table.history);
        self.table = Table {
            standings,
            history,
            dealer,
            phase: Phase::Deal,
            ..Table::new(options)
        };
        self.hands = [Hand::EMPTY; 3];
        self.prikup = Hand::EMPTY;
        self.given = [None; 3];
    }

    fn deal(&mut self, card: Card) {
        let t = &mut self.table;
        match deal_target(t.dealer, t.dealt) {
            Some(seat) => self.hands[seat.index()] = self.hands[seat.index()].with(card),
            None => self.prikup = self.prikup.with(card),
        }
        t.dealt += 1;
        if t.dealt == 24 {
            let opener = t.dealer.next(SEATS);
            t.calls.push(Call {
                seat: opener,
                bid: Some(OPENING_BID),
            });
            t.bid = OPENING_BID;
            t.bidder = opener;
            t.to_act = opener.next(SEATS);
            t.phase = Phase::Bidding;
        }
    }

    /// Whether `seat` holds all four nines.
    fn holds_nines(&self, seat: Seat) -> bool {
        let nines = Hand::rank(Rank::Nine);
        self.hands[seat.index()].inter(nines) == nines
    }

    /// Every seat is asked the four-nines question, whoever holds them:
    /// a question put to the holder alone would name it.
    fn after_exchange(&mut self) {
        let t = &mut self.table;
        t.answered = SeatSet::EMPTY;
        t.phase = Phase::FourNines;
    }

    fn play(&mut self, seat: Seat, card: Card, marriage: bool) {
        let t = &mut self.table;
        self.hands[seat.index()] = self.hands[seat.index()].without(card);
        if marriage {
            t.trump = Some(card.suit());
            t.marriages.push((seat, card.suit()));
            t.points[seat.index()] += card.suit().marriage();
        }
        t.trick.push(card);
        if t.trick.len() < SEATS {
            t.to_act = seat.next(SEATS);
            return;
        }
        let index = trick_winner_index(&t.trick, t.trump).expect("a full trick");
        let winner = t.seat_in_trick(index);
        let cards = [t.trick[0], t.trick[1], t.trick[2]];
        let done = PlayedTrick {
            leader: t.leader,
            cards,
            winner,
            trump: t.trump,
        };
        t.points[winner.index()] += done.points();
        t.tricks.push(done);
        t.trick.clear();
        t.leader = winner;
        t.to_act = winner;
        // Eight tricks end a hand; so do empty hands (a state built from
        // parts with fewer cards), rather than a seat with nothing to play.
        if t.tricks.len() == TRICKS || self.hands.iter().all(|h| h.is_empty()) {
            self.score_hand();
        }
    }

    /// Scores a played hand (RULINGS §6 and the extra rules).
    fn score_hand(&mut self) {
        let before = self.table.scores();
        let t = &mut self.table;
        let extra = t.options.extra_rules;
        let declarer = t.declarer.expect("a hand is played by a declarer");
        let made = t.points[declarer.index()] >= t.bid;
        let bid = i32::from(t.bid);
        for seat in Seat::all(SEATS) {
            let points = t.points[seat.index()];
            let rounded = i32::from(t.options.round(points));
            let st = &mut t.standings[seat.index()];
            if seat == declarer {
                match (extra && st.barrel.is_some(), made) {
                    (true, true) if BARREL + bid >= GOAL => {
                        st.score = BARREL + bid;
                        st.barrel = None;
                    }
                    (true, true) => barrel_hand(st),
                    (true, false) => {
                        st.score -= bid;
                        st.barrel = None;
                    }
                    (false, _) => {
                        st.score += if made { bid } else { -bid };
                        if extra {
                            enter_barrel(st);
                        }
                    }
                }
            } else if extra && st.barrel.is_some() {
                barrel_hand(st);
            } else if extra && points == 0 {
                st.lines += 1;
                if st.lines.is_multiple_of(3) {
                    st.score -= PENALTY;
                }
            } else {
                st.score += rounded;
                if extra {
                    enter_barrel(st);
                }
            }
        }
        self.finish_hand(if made { HandEnd::Made } else { HandEnd::Failed }, before);
    }

    fn rospisat(&mut self) {
        let before = self.table.scores();
        let t = &mut self.table;
        let declarer = t.declarer.expect("a declarer declares Rospisat'");
        for seat in Seat::all(SEATS) {
            let st = &mut t.standings[seat.index()];
            if seat == declarer {
                st.p_marks += 1;
                if st.p_marks.is_multiple_of(3) {
                    st.score -= PENALTY;
                }
            } else if st.barrel.is_some() {
                barrel_hand(st);
            } else {
                st.score += ROSPISAT_GIFT;
                enter_barrel(st);
            }
        }
        self.finish_hand(HandEnd::Rospisat, before);
    }

    /// Writes the hand into the history and moves on: the match ends, the
    /// same dealer deals again (a redeal), or the hand is shown scored.
    fn finish_hand(&mut self, end: HandEnd, before: [i32; 3]) {
        let declarer = self.declarer();
        let t = &mut self.table;
        let scores = t.scores();
        t.history.push(HandResult {
            dealer: t.dealer,
            declarer,
            bid: t.bid,
            end,
            points: t.points,
            changes: [0, 1, 2].map(|i| scores[i] - before[i]),
            scores,
        });
        self.hands = [Hand::EMPTY; 3];
        self.prikup = Hand::EMPTY;
        if scores.iter().any(|s| *s >= GOAL) {
            t.end = Some(MatchEnd::Thousand);
            t.phase = Phase::Over;
        } else if t.history.len() >= t.options.hand_limit as usize {
            t.end = Some(MatchEnd::HandLimit);
            t.phase = Phase::Over;
        } else if matches!(end, HandEnd::Redeal { .. }) {
            let dealer = t.dealer;
            self.start_deal(dealer);
        } else {
            t.phase = Phase::Score;
        }
    }
}

/// A score that would land on [BARREL, GOAL) becomes BARREL: on the barrel.
fn enter_barrel(st: &mut Standing) {
    if st.barrel.is_none() && (BARREL..GOAL).contains(&st.score) {
        st.score = BARREL;
        st.barrel = Some(0);
    }
}

/// One more hand on the barrel without winning; the third one falls off.
fn barrel_hand(st: &mut Standing) {
    let hands = st.barrel.map_or(1, |h| h + 1);
    if hands >= 3 {
        st.barrel = None;
        st.score -= PENALTY;
    } else {
        st.barrel = Some(hands);
    }
}

impl Game for Tysiac {
    const ID: &'static str = "tysiac";
    type Options = Options;
    type Action = Action;
    type Observation = TysiacView;

    fn new(options: &Options, seats: usize) -> Result<Self, OptionsError> {
        if seats != SEATS {
            return Err(OptionsError::new(format!(
                "tysiąc is for three seats, not {seats}"
            )));
        }
        Tysiac::start(*options)
    }

    fn options(&self) -> &Options {
        &self.table.options
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn turn(&self) -> Turn {
        self.table.turn()
    }

    fn legal_actions(&self, actor: Actor, out: &mut Vec<Action>) {
        out.clear();
        let t = &self.table;
        let seat = match (actor, self.turn()) {
            (Actor::Chance, Turn::Chance) => None,
            (Actor::Seat(a), Turn::Seat(s)) if a == s => Some(s),
            (Actor::Seat(a), Turn::Simultaneous(set)) if set.contains(a) => Some(a),
            _ => return,
        };
        let hand = seat.map_or(Hand::EMPTY, |s| self.hands[s.index()]);
        let step = t.options.bid_step;
        let candidates: Vec<Action> = match t.phase {
            Phase::FirstDealer => Seat::all(SEATS).map(Action::FirstDealer).collect(),
            Phase::Deal | Phase::Score => Hand::DECK
                .minus(self.dealt_cards())
                .iter()
                .map(Action::Deal)
                .collect(),
            Phase::Bidding => std::iter::once(Action::Pass)
                .chain(
                    (t.bid + step..=MAX_BID)
                        .step_by(step as usize)
                        .map(Action::Bid),
                )
                .collect(),
            Phase::Prikup => vec![Action::TakePrikup, Action::Rospisat],
            Phase::PassCards => hand
                .iter()
                .flat_map(|card| Seat::all(SEATS).map(move |to| Action::Give { card, to }))
                .collect(),
            Phase::FourNines => vec![Action::Redeal, Action::PlayOn],
            Phase::Raise => (t.bid..=MAX_BID)
                .step_by(step as usize)
                .map(Action::Raise)
                .collect(),
            Phase::Play => t
                .playable(hand)
                .iter()
                .flat_map(|card| [false, true].map(|marriage| Action::Play { card, marriage }))
                .collect(),
            Phase::Over => Vec::new(),
        };
        out.extend(candidates.into_iter().filter(|a| self.is_legal(actor, *a)));
    }

    fn sample_chance(&self, rng: &mut GameRng) -> Action {
        match self.table.phase {
            Phase::FirstDealer => Action::FirstDealer(Seat(rng.random_range(0..SEATS as u8))),
            _ => {
                let left = Hand::DECK.minus(self.dealt_cards());
                let pick = rng.random_range(0..left.len().max(1));
                Action::Deal(
                    left.iter()
                        .nth(pick)
                        .unwrap_or(Card::new(Suit::Hearts, Rank::Nine)),
                )
            }
        }
    }

    fn apply(&mut self, actor: Actor, action: Action) -> Result<(), ActionError<Action>> {
        if !self.is_legal(actor, action) {
            return Err(self.refusal(actor, action));
        }
        let seat = match actor {
            Actor::Seat(s) => s,
            Actor::Chance => Seat(0),
        };
        match action {
            Action::FirstDealer(dealer) => self.start_deal(dealer),
            Action::Deal(card) => {
                if self.table.phase == Phase::Score {
                    let dealer = self.table.dealer.next(SEATS);
                    self.start_deal(dealer);
                }
                self.deal(card);
            }
            Action::Bid(bid) => {
                let next = self.next_bidder(seat);
                let t = &mut self.table;
                t.calls.push(Call {
                    seat,
                    bid: Some(bid),
                });
                t.bid = bid;
                t.bidder = seat;
                t.to_act = next;
            }
            Action::Pass => {
                let t = &mut self.table;
                t.calls.push(Call { seat, bid: None });
                t.passed = t.passed.with(seat);
                if t.passed.len() == 2 {
                    t.declarer = Some(t.bidder);
                    t.to_act = t.bidder;
                    t.prikup = Some(self.prikup);
                    t.phase = Phase::Prikup;
                } else {
                    self.table.to_act = self.next_bidder(seat);
                }
            }
            Action::TakePrikup => {
                self.hands[seat.index()] = self.hands[seat.index()].union(self.prikup);
                self.prikup = Hand::EMPTY;
                self.table.phase = Phase::PassCards;
            }
            Action::Rospisat => self.rospisat(),
            Action::Give { card, to } => {
                self.hands[seat.index()] = self.hands[seat.index()].without(card);
                self.hands[to.index()] = self.hands[to.index()].with(card);
                self.given[to.index()] = Some(card);
                self.table.given_to = self.table.given_to.with(to);
                if self.table.given_to.len() == 2 {
                    self.after_exchange();
                }
            }
            Action::Redeal => {
                // The nines are shown: now everyone knows.
                self.table.nines = Some(seat);
                self.finish_hand(HandEnd::Redeal { by: seat }, self.table.scores())
            }
            Action::PlayOn => {
                let t = &mut self.table;
                t.answered = t.answered.with(seat);
                if t.answered == SeatSet::all(SEATS) {
                    t.answered = SeatSet::EMPTY;
                    t.phase = Phase::Raise;
                }
            }
            Action::Raise(bid) => {
                let t = &mut self.table;
                t.bid = bid;
                t.leader = seat;
                t.to_act = seat;
                t.phase = Phase::Play;
            }
            Action::Play { card, marriage } => self.play(seat, card, marriage),
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let t = &self.table;
        let end = t.end?;
        let scores = t.scores();
        let last_declarer = t.history.last().map(|h| h.declarer);
        // Equal scores at 1000 or more: the declarer of the last hand first.
        let key = |s: usize| {
            let declarer = end == MatchEnd::Thousand
                && scores[s] >= GOAL
                && last_declarer == Some(Seat(s as u8));
            (scores[s], declarer)
        };
        let ranks = (0..SEATS)
            .map(|s| (0..SEATS).filter(|o| key(*o) > key(s)).count() as u8)
            .collect();
        let reason = match end {
            MatchEnd::Thousand => "1000 reached",
            MatchEnd::HandLimit => "the hand limit was reached",
        };
        Some(Outcome {
            scores: scores.iter().map(|s| i64::from(*s)).collect(),
            ranks,
            reason: reason.into(),
        })
    }

    fn observe(&self, seat: Seat) -> TysiacView {
        crate::view::observe(self, seat)
    }

    /// The cards `seat` cannot see: place = the seat holding it (0–2) or
    /// [`Self::PRIKUP`] while the prikup lies face down, what = the card's
    /// [`Card::index`].
    fn hidden_facts(&self, seat: Seat, out: &mut Vec<veil_core::Fact>) {
        out.clear();
        let me = seat.index() % 3;
        for (holder, hand) in self.hands.iter().enumerate() {
            if holder != me {
                out.extend(hand.iter().map(|card| veil_core::Fact {
                    place: holder as u16,
                    what: card.index() as u16,
                }));
            }
        }
        if matches!(self.table.phase, Phase::Deal | Phase::Bidding) {
            out.extend(self.prikup.iter().map(|card| veil_core::Fact {
                place: Self::PRIKUP,
                what: card.index() as u16,
            }));
        }
    }

    fn observe_public(&self) -> TysiacView {
        crate::view::observe_public(self)
    }

    fn observer(observation: &TysiacView) -> Seat {
        observation.seat
    }

    fn determinize(observation: &TysiacView, rng: &mut GameRng) -> Self {
        crate::view::determinize(observation, rng)
    }

    /// Between hands only: a hand in progress is played out to its end (a
    /// few dozen actions), which judges it far better than any estimate.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let t = &self.table;
        let fresh = matches!(t.phase, Phase::Bidding) && t.calls.len() <= 1;
        let between = !matches!(
            t.phase,
            Phase::Bidding
                | Phase::Prikup
                | Phase::PassCards
                | Phase::FourNines
                | Phase::Raise
                | Phase::Play
        );
        (fresh || between).then(|| crate::ai::evaluate(self, seat))
    }

    /// At a hand's end: without it a playout that finished the hand in
    /// fewer plies than the level's depth dealt and played another hand at
    /// random, and the evaluation judged that hand.
    fn evaluate_now(&self) -> bool {
        self.table.phase == Phase::Score
    }

    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        crate::ai::playout_action(self, seat, legal, rng)
    }

    fn action_prior(&self, seat: Seat, actions: &[Action], out: &mut Vec<f64>) {
        crate::ai::action_prior(self, seat, actions, out);
    }

    /// In trick play the searcher's cards are what the defenders would
    /// exploit (lead into its voids, keep the card that beats its ace), so
    /// the search keeps them from the opponents it models. Not in the
    /// bidding: there the search weighs its own hand over whole hands of
    /// play, and an iteration that goes on with the cards the opponents
    /// imagine for it would judge a random hand instead (Normal then
    /// passed a hand worth 150). (Hard's opponents act by the policy on
    /// their own cards instead, [`Game::opponents_by_policy`].)
    fn hide_secrets_from_opponents(&self) -> bool {
        self.table.phase == Phase::Play
    }

    /// Hard: the opponents it imagines bid, give and play on the cards
    /// they hold there, by the policy (which reads the acting seat's own
    /// cards and the table alone), where the tree's shared statistics had
    /// them bid alike on any hand. Measured in the README.
    fn opponents_by_policy(&self) -> bool {
        true
    }

    /// Hard searches twice the level's budget in trees of 6 000: with its
    /// opponents acting on their own cards ([`Game::opponents_by_policy`])
    /// the tree branches only on what the searcher will choose and see, and
    /// more search pays (before, twice the search gained nothing).
    fn strongest_budget(&self) -> veil_core::StrongestBudget {
        veil_core::StrongestBudget {
            iterations: Some(24_000),
            tree_iterations: Some(6_000),
            playout_depth: None,
        }
    }

    /// A tree of Normal's size, several of them for Hard, as in Intrigue.
    fn max_tree_iterations(&self) -> Option<u32> {
        Some(3_000)
    }
}
