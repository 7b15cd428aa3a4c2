//! Chess pieces as the game counts them: kinds, and multisets of kinds.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use veil_core::ParseError;
use veil_core::limits::{self, MAX_POSITION_BYTES};

/// A kind of chess piece. Colour does not matter to the rules: secrets are
/// black, triangles white, and only kinds are ever compared.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    /// Every kind, in the order pieces are written ("KQRBNP").
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of chess notation: K Q R B N P.
    pub const fn letter(self) -> char {
        ['K', 'Q', 'R', 'B', 'N', 'P'][self as usize]
    }

    /// The English name, lower case: "king", "pawn".
    pub const fn name(self) -> &'static str {
        ["king", "queen", "rook", "bishop", "knight", "pawn"][self as usize]
    }

    /// Reads a letter, either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == letter.to_ascii_uppercase())
    }

    fn from_word(word: &str) -> Option<Kind> {
        let singular = word.strip_suffix('s').unwrap_or(word);
        Kind::ALL.into_iter().find(|k| k.name() == singular)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A multiset of pieces ("two pawns and a king"): how many of each kind,
/// order never mattering. Secrets, triangles, guesses and the supply are all
/// `Pieces`.
///
/// Written in letters, kings first (`"KPP"`), or read from letters in any
/// order or from words (`"pawn pawn king"`, `"two pawns and the king"`).
/// With `{:#}` it prints in words.
///
/// ```
/// use veil_hide_and_guess::{Kind, Pieces};
///
/// let triangle: Pieces = "pawn pawn king".parse().unwrap();
/// assert_eq!(triangle.to_string(), "KPP");
/// assert_eq!(triangle.count(Kind::Pawn), 2);
/// let secret: Pieces = "PPPRR".parse().unwrap();
/// assert_eq!(triangle.overlap(secret), 2);
/// assert!(secret.is_secret());
/// assert_eq!(format!("{secret:#}"), "rook rook pawn pawn pawn");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pieces([u8; 6]);

/// The most pieces a [`Pieces`] is read with: the whole white supply.
const MAX_READ: usize = 32;

impl Pieces {
    pub const EMPTY: Pieces = Pieces([0; 6]);

    /// One black set, from which a secret is drawn: K, Q, 2 R, 2 B, 2 N, 8 P.
    pub const BLACK_SET: Pieces = Pieces([1, 1, 2, 2, 2, 8]);

    /// One white set; the supply is two of them.
    pub const WHITE_SET: Pieces = Pieces([1, 1, 2, 2, 2, 8]);

    /// The supply at the start: two white sets, 32 pieces.
    pub const SUPPLY: Pieces = Pieces([2, 2, 4, 4, 4, 16]);

    /// Pieces in a secret.
    pub const SECRET_SIZE: usize = 5;

    /// Pieces in a triangle.
    pub const TRIANGLE_SIZE: usize = 3;

    /// From counts in the order K Q R B N P.
    pub const fn from_counts(counts: [u8; 6]) -> Pieces {
        Pieces(counts)
    }

    /// Counts in the order K Q R B N P.
    pub const fn counts(self) -> [u8; 6] {
        self.0
    }

    pub const fn count(self, kind: Kind) -> u8 {
        self.0[kind as usize]
    }

    /// How many pieces in all.
    pub const fn len(self) -> usize {
        let mut total = 0;
        let mut i = 0;
        while i < 6 {
            total += self.0[i] as usize;
            i += 1;
        }
        total
    }

    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// These pieces and one more `kind`; `None` past 255 of a kind.
    pub fn with(self, kind: Kind) -> Option<Pieces> {
        let mut counts = self.0;
        counts[kind.index()] = counts[kind.index()].checked_add(1)?;
        Some(Pieces(counts))
    }

    /// True when every piece here can be taken from `other`.
    pub const fn is_subset(self, other: Pieces) -> bool {
        let mut i = 0;
        while i < 6 {
            if self.0[i] > other.0[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The pieces both hold (the multiset intersection).
    pub fn common(self, other: Pieces) -> Pieces {
        Pieces(std::array::from_fn(|i| self.0[i].min(other.0[i])))
    }

    /// How many pieces both hold: the size of the multiset intersection.
    /// This is what a triangle scores per stone for a secret.
    pub fn overlap(self, other: Pieces) -> usize {
        self.common(other).len()
    }

    /// `self` with `other` taken away, if all of `other` is here.
    pub fn minus(self, other: Pieces) -> Option<Pieces> {
        other
            .is_subset(self)
            .then(|| Pieces(std::array::from_fn(|i| self.0[i] - other.0[i])))
    }

    /// True for 5 pieces one black set can hold: a legal secret or guess.
    pub const fn is_secret(self) -> bool {
        self.len() == Self::SECRET_SIZE && self.is_subset(Self::BLACK_SET)
    }

    /// Every legal secret (and so every legal guess), in a fixed order.
    pub fn secrets() -> &'static [Pieces] {
        &SECRETS
    }

    /// Every 3-piece multiset two white sets can hold, in a fixed order.
    pub fn triangle_shapes() -> &'static [Pieces] {
        &TRIANGLES
    }

    /// The pieces one by one, kings first.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .flat_map(move |k| std::iter::repeat_n(k, self.count(k) as usize))
    }
}

/// All multisets of `SIZE` pieces within `within`, built at compile time.
const fn sub_multisets<const N: usize>(within: Pieces, size: usize) -> [Pieces; N] {
    let mut out = [Pieces::EMPTY; N];
    let mut found = 0;
    let mut counts = [0u8; 6];
    // An odometer over every count vector within the bounds.
    loop {
        let candidate = Pieces(counts);
        if candidate.len() == size {
            out[found] = candidate;
            found += 1;
        }
        let mut i = 0;
        loop {
            if i == 6 {
                assert!(
                    found == N,
                    "the array length must match the number of multisets"
                );
                return out;
            }
            if counts[i] < within.0[i] {
                counts[i] += 1;
                break;
            }
            counts[i] = 0;
            i += 1;
        }
    }
}

/// The secrets: 5 from {K, Q, 2R, 2B, 2N, 8P}. The length is checked by the
/// compiler against an exhaustive count.
static SECRETS: [Pieces; 89] = sub_multisets(Pieces::BLACK_SET, Pieces::SECRET_SIZE);

/// Triangle shapes: 3 from two white sets; only KKK and QQQ are missing.
static TRIANGLES: [Pieces; 54] = sub_multisets(Pieces::SUPPLY, Pieces::TRIANGLE_SIZE);

impl fmt::Display for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            if self.is_empty() {
                return f.write_str("nothing");
            }
            for (i, kind) in self.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(kind.name())?;
            }
            Ok(())
        } else {
            self.iter().try_for_each(|k| write!(f, "{}", k.letter()))
        }
    }
}

impl fmt::Debug for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pieces({self})")
    }
}

const NUMBERS: [&str; 11] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

impl FromStr for Pieces {
    type Err = ParseError;

    /// Reads letters (`"KPP"`, any order, either case) or words
    /// (`"pawn pawn king"`, `"two pawns, two knights and the king"`).
    fn from_str(text: &str) -> Result<Pieces, ParseError> {
        // Refused unread past the bound: 32 pieces named one by one in
        // words take about 200 bytes.
        limits::check("pieces", text, MAX_POSITION_BYTES)?;
        let fail = |reason: String| ParseError::new("pieces", text, reason);
        let mut pieces = Pieces::EMPTY;
        let mut total = 0usize;
        let mut add = |kind: Kind, n: usize| -> Result<(), ParseError> {
            // Checked: a huge count must not wrap round to a small one.
            total = match total.checked_add(n) {
                Some(t) if t <= MAX_READ => t,
                _ => return Err(fail(format!("more than {MAX_READ} pieces"))),
            };
            pieces.0[kind.index()] += n as u8;
            Ok(())
        };
        let mut pending: Option<usize> = None;
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let word = token.to_ascii_lowercase();
            if let Some(n) = NUMBERS
                .iter()
                .position(|w| *w == word)
                .or_else(|| word.parse().ok())
            {
                if pending.is_some() {
                    return Err(fail(format!("two numbers in a row at {token:?}")));
                }
                pending = Some(n);
            } else if let Some(kind) = Kind::from_word(&word) {
                add(kind, pending.take().unwrap_or(1))?;
            } else if matches!(word.as_str(), "and" | "the" | "a" | "an" | "nothing") {
                continue;
            } else if pending.is_none() && token.chars().all(|c| Kind::from_letter(c).is_some()) {
                for c in token.chars() {
                    add(Kind::from_letter(c).expect("checked above"), 1)?;
                }
            } else {
                return Err(fail(format!("{token:?} is not a piece")));
            }
        }
        if pending.is_some() {
            return Err(fail("a number without a piece after it".into()));
        }
        Ok(pieces)
    }
}

impl Serialize for Pieces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pieces {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pieces, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Pieces {
        text.parse().unwrap()
    }

    #[test]
    fn letters_and_words_read_the_same() {
        assert_eq!(p("pawn pawn king"), p("KPP"));
        assert_eq!(p("PPK"), p("kpp"));
        assert_eq!(p("two pawns, two Knights and the King"), p("KNNPP"));
        assert_eq!(p("pawn queen rook rook bishop"), p("QRRBP"));
        assert_eq!(p("3 pawns"), p("PPP"));
        assert_eq!(p(""), Pieces::EMPTY);
        assert_eq!(p("nothing"), Pieces::EMPTY);
    }

    #[test]
    fn printing_round_trips() {
        for &s in Pieces::secrets().iter().chain(Pieces::triangle_shapes()) {
            assert_eq!(p(&s.to_string()), s);
            assert_eq!(p(&format!("{s:#}")), s);
        }
        assert_eq!(p("pppkq").to_string(), "KQPPP");
        assert_eq!(format!("{:#}", p("PPK")), "king pawn pawn");
        assert_eq!(format!("{:#}", Pieces::EMPTY), "nothing");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for bad in [
            "pawn x",
            "KZ",
            "two",
            "two three pawns",
            "3 KP",
            "P".repeat(33).as_str(),
            "300 pawns",
        ] {
            let err = bad.parse::<Pieces>().unwrap_err();
            assert_eq!(err.input, bad);
        }
        assert!(serde_json::from_str::<Pieces>("\"KX\"").is_err());
        assert!(serde_json::from_str::<Pieces>("7").is_err());
    }

    #[test]
    fn serde_uses_letters() {
        let s = p("pawn pawn king");
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"KPP\"");
        assert_eq!(serde_json::from_str::<Pieces>("\"PKP\"").unwrap(), s);
    }

    #[test]
    fn seed_example_intersections() {
        // "pawn pawn king" with one stone: 1 for "pawn queen rook rook
        // bishop", 2 for "pawn pawn pawn rook rook".
        let triangle = p("pawn pawn king");
        assert_eq!(triangle.overlap(p("pawn queen rook rook bishop")), 1);
        assert_eq!(triangle.overlap(p("pawn pawn pawn rook rook")), 2);
        assert_eq!(triangle.common(p("KQPRR")), p("KP"));
        assert_eq!(triangle.overlap(p("NNBBR")), 0);
    }

    #[test]
    fn secrets_are_every_five_a_black_set_holds() {
        // Count independently over all count vectors of 0..=5 per kind.
        let mut brute = Vec::new();
        for code in 0..6usize.pow(6) {
            let counts: [u8; 6] = std::array::from_fn(|i| (code / 6usize.pow(i as u32) % 6) as u8);
            let s = Pieces::from_counts(counts);
            let fits = counts
                .iter()
                .zip(Pieces::BLACK_SET.counts())
                .all(|(c, b)| *c <= b);
            if s.len() == 5 && fits {
                brute.push(s);
            }
        }
        let mut listed = Pieces::secrets().to_vec();
        listed.sort();
        brute.sort();
        assert_eq!(listed, brute);
        assert!(listed.iter().all(|s| s.is_secret()));
        assert!(!p("KKPPP").is_secret(), "a black set has one king");
        assert!(!p("QQPPP").is_secret());
        assert!(!p("RRRPP").is_secret());
        assert!(!p("PPPP").is_secret());
        assert!(!p("PPPPPP").is_secret());
        assert!(p("PPPPP").is_secret());
    }

    #[test]
    fn triangle_shapes_fit_the_supply() {
        let shapes = Pieces::triangle_shapes();
        let distinct: std::collections::HashSet<_> = shapes.iter().collect();
        assert_eq!(distinct.len(), shapes.len());
        assert!(
            shapes
                .iter()
                .all(|t| t.len() == 3 && t.is_subset(Pieces::SUPPLY))
        );
        assert!(!shapes.contains(&p("KKK")) && !shapes.contains(&p("QQQ")));
        assert!(shapes.contains(&p("KKQ")) && shapes.contains(&p("PPP")));
        // 3-multisets of 6 kinds: C(8, 3) = 56, less the two impossible ones.
        assert_eq!(shapes.len() + 2, (6 * 7 * 8) / 6);
    }

    #[test]
    fn arithmetic() {
        let supply = Pieces::SUPPLY;
        assert_eq!(supply.len(), 32);
        assert_eq!(Pieces::BLACK_SET.len(), 16);
        let left = supply.minus(p("KPP")).unwrap();
        assert_eq!(left.len(), 29);
        assert_eq!(left.count(Kind::King), 1);
        assert!(p("KK").minus(p("KKK")).is_none());
        assert_eq!(p("KP").with(Kind::Pawn), Some(p("KPP")));
        assert_eq!(
            p("RBP").iter().collect::<Vec<_>>(),
            vec![Kind::Rook, Kind::Bishop, Kind::Pawn]
        );
    }
}
