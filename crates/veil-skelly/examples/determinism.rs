//! The determinism hash as a wasm32 export, for
//! `scripts/skelly-determinism.sh`: built as a cdylib for
//! `wasm32-unknown-unknown`, loaded by Node, which calls
//! `determinism_hash()` and compares it with the constant in the crate.

/// The hash of the fixed shot set (see `veil_skelly::testing`).
#[unsafe(no_mangle)]
pub extern "C" fn determinism_hash() -> u64 {
    veil_skelly::testing::determinism_hash()
}

/// The constant the hash must equal.
#[unsafe(no_mangle)]
pub extern "C" fn expected_hash() -> u64 {
    veil_skelly::testing::DETERMINISM_HASH
}
