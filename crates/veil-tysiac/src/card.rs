//! The 24-card deck: suits, ranks, cards and hands as a bitset.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use veil_core::ParseError;
use veil_core::limits::{self, MAX_MOVE_BYTES, MAX_POSITION_BYTES};

/// A suit, in the order of its marriage's value: ♥ 100, ♦ 80, ♣ 60, ♠ 40.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Suit {
    Hearts,
    Diamonds,
    Clubs,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// What announcing the king and queen of this suit scores.
    pub const fn marriage(self) -> u16 {
        [100, 80, 60, 40][self as usize]
    }

    pub const fn symbol(self) -> char {
        ['♥', '♦', '♣', '♠'][self as usize]
    }

    pub const fn letter(self) -> char {
        ['H', 'D', 'C', 'S'][self as usize]
    }

    fn from_char(c: char) -> Option<Suit> {
        match c {
            '♥' | '♡' | 'H' | 'h' => Some(Suit::Hearts),
            '♦' | '♢' | 'D' | 'd' => Some(Suit::Diamonds),
            '♣' | '♧' | 'C' | 'c' => Some(Suit::Clubs),
            '♠' | '♤' | 'S' | 's' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A rank, weakest first: 9 < J < Q < K < 10 < A.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Rank {
    Nine,
    Jack,
    Queen,
    King,
    Ten,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 6] = [
        Rank::Nine,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.
    pub const fn points(self) -> u16 {
        [0, 2, 3, 4, 10, 11][self as usize]
    }

    pub const fn name(self) -> &'static str {
        ["9", "J", "Q", "K", "10", "A"][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One card: a suit and a rank, packed in a byte (`suit * 6 + rank`).
///
/// Printed "A♥", read from "A♥", "AH" or "ah"; the ten is "10" (or "T").
/// Saves write the ASCII form ("10S").
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 6 + rank as u8)
    }

    /// The card with this index in 0..24, if any.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 24 {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 6) as usize]
    }

    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 6) as usize]
    }

    pub const fn points(self) -> u16 {
        self.rank().points()
    }

    /// The ASCII name, "AH", "10S".
    pub fn ascii(self) -> String {
        format!("{}{}", self.rank().name(), self.suit().letter())
    }

    /// Every card of the deck, suit by suit, weakest first.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..24u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Card, ParseError> {
        limits::check("card", text, MAX_MOVE_BYTES)?;
        let bad = |reason: &str| ParseError::new("card", text, reason);
        let trimmed = text.trim();
        let suit_char = trimmed.chars().last().ok_or_else(|| bad("empty"))?;
        let suit =
            Suit::from_char(suit_char).ok_or_else(|| bad("the suit is one of ♥♦♣♠ or H D C S"))?;
        let rank = match &trimmed[..trimmed.len() - suit_char.len_utf8()] {
            "9" => Rank::Nine,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "10" | "T" | "t" => Rank::Ten,
            "A" | "a" => Rank::Ace,
            _ => return Err(bad("the rank is one of 9 J Q K 10 A")),
        };
        Ok(Card::new(suit, rank))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.ascii())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a bitset over the 24 card indices.
///
/// Printed and saved as its cards in deck order, separated by spaces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(pub u32);

impl Hand {
    pub const EMPTY: Hand = Hand(0);
    /// The whole deck.
    pub const DECK: Hand = Hand((1 << 24) - 1);

    pub const fn single(card: Card) -> Hand {
        Hand(1 << card.0)
    }

    /// The six cards of a suit.
    pub const fn suit(suit: Suit) -> Hand {
        Hand(0b111111 << (suit as u32 * 6))
    }

    /// The four cards of a rank.
    pub const fn rank(rank: Rank) -> Hand {
        Hand(0x041041 << rank as u32)
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    pub const fn with(self, card: Card) -> Hand {
        Hand(self.0 | (1 << card.0))
    }

    pub const fn without(self, card: Card) -> Hand {
        Hand(self.0 & !(1 << card.0))
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    pub const fn inter(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    pub const fn minus(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The cards of one suit in this hand.
    pub const fn of_suit(self, suit: Suit) -> Hand {
        self.inter(Hand::suit(suit))
    }

    /// The cards, in deck order (suit by suit, weakest first).
    pub fn iter(self) -> impl Iterator<Item = Card> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros();
                bits &= bits - 1;
                Card(index as u8)
            })
        })
    }

    /// The sum of the card points.
    pub fn points(self) -> u16 {
        self.iter().map(Card::points).sum()
    }

    /// True when both the king and the queen of `suit` are here.
    pub const fn has_marriage(self, suit: Suit) -> bool {
        let pair = Hand::single(Card::new(suit, Rank::King)).with(Card::new(suit, Rank::Queen));
        self.0 & pair.0 == pair.0
    }

    /// The suits whose marriage this hand holds.
    pub fn marriages(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |s| self.has_marriage(*s))
    }

    /// The highest card of `suit` here, if any.
    pub fn highest(self, suit: Suit) -> Option<Card> {
        let bits = self.of_suit(suit).0;
        (bits != 0).then(|| Card((31 - bits.leading_zeros()) as u8))
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        iter.into_iter().fold(Hand::EMPTY, Hand::with)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl FromStr for Hand {
    type Err = ParseError;

    /// Cards separated by spaces or commas: "A♥ K♥ 9S". A text over
    /// [`MAX_POSITION_BYTES`] is refused unread (the whole deck, its suits
    /// as symbols, is 123 bytes).
    fn from_str(text: &str) -> Result<Hand, ParseError> {
        limits::check("hand", text, MAX_POSITION_BYTES)?;
        let mut hand = Hand::EMPTY;
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let card: Card = word.parse()?;
            if hand.contains(card) {
                return Err(ParseError::new(
                    "hand",
                    text,
                    format!("{card} is named twice"),
                ));
            }
            hand = hand.with(card);
        }
        Ok(hand)
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let words: Vec<String> = self.iter().map(Card::ascii).collect();
        serializer.serialize_str(&words.join(" "))
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Hand, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_print() {
        let ace: Card = "A♥".parse().unwrap();
        assert_eq!(ace, "ah".parse().unwrap());
        assert_eq!(ace.to_string(), "A♥");
        assert_eq!(ace.ascii(), "AH");
        assert_eq!(
            "10S".parse::<Card>().unwrap(),
            Card::new(Suit::Spades, Rank::Ten)
        );
        assert_eq!("T♠".parse::<Card>().unwrap().to_string(), "10♠");
        for bad in ["", "1H", "AX", "♥", "AAH", "10"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(card.ascii().parse::<Card>().unwrap(), card);
        }
    }

    #[test]
    fn hands_are_bitsets() {
        assert_eq!(Hand::DECK.len(), 24);
        assert_eq!(Hand::DECK.points(), 120);
        assert_eq!(Hand::rank(Rank::Nine).len(), 4);
        assert!(
            Hand::rank(Rank::Nine)
                .iter()
                .all(|c| c.rank() == Rank::Nine)
        );
        assert!(
            Hand::suit(Suit::Clubs)
                .iter()
                .all(|c| c.suit() == Suit::Clubs)
        );
        let hand: Hand = "KH QH 9S AS".parse().unwrap();
        assert!(hand.has_marriage(Suit::Hearts));
        assert!(!hand.has_marriage(Suit::Spades));
        assert_eq!(hand.highest(Suit::Spades), Some("AS".parse().unwrap()));
        assert_eq!(hand.highest(Suit::Clubs), None);
        assert_eq!(serde_json::to_string(&hand).unwrap(), "\"QH KH 9S AS\"");
        assert_eq!(
            serde_json::from_str::<Hand>("\"QH KH 9S AS\"").unwrap(),
            hand
        );
        assert!("AH AH".parse::<Hand>().is_err());
    }
}
