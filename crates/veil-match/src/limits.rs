//! Bounds on what the referee reads from outside, checked before parsing:
//! a text past them is refused with one line, never parsed (serde_json
//! already refuses nesting deeper than 128). The bounds and their words are
//! `veil_core::limits`', shared by every reader of Veil's.

/// The most a save's checkpoint or its log may be: a Veil record's bound.
pub use veil_core::limits::MAX_RECORD_BYTES as MAX_SAVE_BYTES;

/// Refuses `len` bytes of `what` past `max`: `the save is too long: …`.
pub fn check_size(what: &str, len: usize, max: usize) -> Result<(), String> {
    if len > max {
        Err(format!(
            "the {what} is {}",
            veil_core::limits::too_long(len, max)
        ))
    } else {
        Ok(())
    }
}
