use std::fmt;

use serde::{Deserialize, Serialize};

/// A place at the table, numbered from 0 in turn order. Games have 2 to 6.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The most seats any Veil game has (Skelly with six caps).
    pub const MAX: usize = 8;

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order among `seats` seats.
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// The other seat of a two-seat game.
    pub const fn other(self) -> Seat {
        Seat(1 - self.0)
    }

    /// Every seat of a game with `seats` seats.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A small set of seats, for the seats that still have to choose in a
/// simultaneous turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub const fn all(seats: usize) -> SeatSet {
        SeatSet(((1u16 << seats) - 1) as u8)
    }

    /// The set's bit for `seat`; none for a seat beyond [`Seat::MAX`] (from
    /// malformed data), which no set holds.
    const fn bit(seat: Seat) -> u8 {
        if seat.0 < 8 { 1 << seat.0 } else { 0 }
    }

    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & Self::bit(seat) != 0
    }

    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | Self::bit(seat))
    }

    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !Self::bit(seat))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_operations() {
        let set = SeatSet::all(3);
        assert_eq!(set.len(), 3);
        assert!(set.contains(Seat(2)));
        assert!(!set.contains(Seat(3)));
        let set = set.without(Seat(0));
        assert_eq!(set.first(), Some(Seat(1)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(2)]);
        assert!(SeatSet::EMPTY.first().is_none());
        assert_eq!(SeatSet::all(8).len(), 8);
        assert_eq!(Seat(2).next(3), Seat(0));
        // Seats beyond the largest table (malformed data) are in no set.
        assert!(!SeatSet::all(8).contains(Seat(8)));
        assert!(!SeatSet(0xff).contains(Seat(200)));
        assert_eq!(SeatSet::EMPTY.with(Seat(9)), SeatSet::EMPTY);
        assert_eq!(SeatSet::all(3).without(Seat(9)), SeatSet::all(3));
    }
}
