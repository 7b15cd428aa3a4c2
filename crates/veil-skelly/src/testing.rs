//! The cross-target determinism check: a fixed set of shots whose final
//! positions are hashed. The same function runs natively
//! (`tests/determinism.rs`) and compiled to wasm32 (`examples/determinism.rs`,
//! run by `scripts/skelly-determinism.sh` under Node); both compare with
//! [`DETERMINISM_HASH`].
//!
//! And a model of a new player ([`Novice`]) to measure the computer
//! against, with [`duel`] to play whole games between the two.

mod novice;

pub use novice::{DuelFigures, Flicker, Novice, duel};

use crate::court::{HALF, Point};
use crate::physics::{MAX_CAPS, Shot, simulate};

/// How many shots [`determinism_hash`] simulates.
pub const DETERMINISM_SHOTS: u32 = 1500;

/// The hash of every final position of the [`DETERMINISM_SHOTS`] shots, as
/// computed on x86-64 when the physics was written. A change to the physics
/// changes it on purpose (update it); a target that disagrees is a bug.
pub const DETERMINISM_HASH: u64 = 0x50e3_0699_2e8e_2776;

/// SplitMix64: a tiny integer generator, so the shot set depends on no
/// crate's floating-point sampling.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A coordinate on the court in hundredths, away from the edge.
    fn coordinate(&mut self) -> f64 {
        let span = (2.0 * (HALF - 2.0) * 100.0) as u64;
        (self.next() % span) as f64 / 100.0 - (HALF - 2.0)
    }
}

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Fnv {
    fn word(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// Simulates the fixed shot set and hashes every cap's final position
/// (bit for bit), which caps left the court, which the shooter touched and
/// how many steps each shot took. Half the shots are aimed at another cap,
/// so most of those collide.
pub fn determinism_hash() -> u64 {
    let mut mix = Mix(0x5EED_5CE1_1F00_D000);
    let mut hash = Fnv(0xCBF2_9CE4_8422_2325);
    let mut caps = [None; MAX_CAPS];
    for shot_index in 0..DETERMINISM_SHOTS {
        let n = 2 + (mix.next() % (MAX_CAPS as u64 - 1)) as usize;
        let mut placed = 0;
        while placed < n {
            let p = Point::new(mix.coordinate(), mix.coordinate());
            if caps[..placed]
                .iter()
                .all(|q: &Option<Point>| q.is_none_or(|q| q.distance_squared(p) >= 4.0))
            {
                caps[placed] = Some(p);
                placed += 1;
            }
        }
        let shooter = (mix.next() % n as u64) as usize;
        let strength = 1 + (mix.next() % u64::from(Shot::MAX_STRENGTH)) as u16;
        let angle = if shot_index % 2 == 0 {
            let other = (shooter + 1 + (mix.next() % (n as u64 - 1)) as usize) % n;
            let from = caps[shooter].expect("placed");
            let to = caps[other].expect("placed");
            Shot::angle_towards(from, to)
        } else {
            mix.next() as u16
        };
        let motion = simulate(&caps[..n], shooter, Shot::new(angle, strength), None);
        for p in &motion.rest[..n] {
            hash.word(p.x.to_bits());
            hash.word(p.y.to_bits());
        }
        hash.word(
            u64::from(motion.left_court)
                | u64::from(motion.touched) << 8
                | u64::from(motion.steps) << 16,
        );
    }
    hash.0
}
