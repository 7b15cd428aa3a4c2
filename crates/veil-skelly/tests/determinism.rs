//! The physics gives the same bits on every target: the fixed shot set's
//! hash equals the constant in the crate. `scripts/skelly-determinism.sh`
//! checks the same compiled to wasm32 under Node.

use veil_skelly::testing::{DETERMINISM_HASH, determinism_hash};

#[test]
fn the_fixed_shots_hash_to_the_constant() {
    let hash = determinism_hash();
    assert_eq!(
        hash, DETERMINISM_HASH,
        "the physics changed: {hash:#018x} (update DETERMINISM_HASH if on purpose)"
    );
}
