//! Bitboards: one bit per square, `u64` for 8×8 and `u128` up to 10×10.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares as an unsigned integer, bit `i` standing for square `i`.
///
/// Implemented for `u64` (boards of up to 64 squares) and `u128` (up to 128).
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set holding square `i` only.
    fn bit(i: u32) -> Self;
    /// Narrows a table entry computed as `u128`.
    fn from_u128(x: u128) -> Self;
    /// Widens to `u128` (for geometry-independent code such as serialisation).
    fn to_u128(self) -> u128;
    fn is_zero(self) -> bool;
    fn count(self) -> u32;
    /// Lowest square; meaningless on the empty set.
    fn lsb(self) -> u32;
    /// Highest square; meaningless on the empty set.
    fn msb(self) -> u32;
    /// The set without its lowest square.
    fn clear_lsb(self) -> Self;

    #[inline(always)]
    fn any(self) -> bool {
        !self.is_zero()
    }
    #[inline(always)]
    fn more_than_one(self) -> bool {
        !self.clear_lsb().is_zero()
    }
    #[inline(always)]
    fn has(self, i: u32) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
    /// Shifts toward higher squares for positive `d`, lower for negative.
    #[inline(always)]
    fn shift(self, d: i32) -> Self {
        if d >= 0 {
            self << d as u32
        } else {
            self >> (-d) as u32
        }
    }
    /// The squares in increasing order.
    #[inline(always)]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

/// Iterator over the squares of a [`Bits`] set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_zero() {
            None
        } else {
            let sq = self.0.lsb();
            self.0 = self.0.clear_lsb();
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

macro_rules! impl_bits {
    ($t:ty, $width:expr) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn msb(self) -> u32 {
                $width - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn clear_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_bits!(u64, 64);
impl_bits!(u128, 128);
