//! Bounds on what the referee reads from outside, checked before parsing:
//! a text past them is refused with one line, never parsed (serde_json
//! already refuses nesting deeper than 128).

/// The most a save's checkpoint or its log, or a Veil record, may be. A
/// whole Tysiąc match to 1000 saves in well under 1 MB.
pub const MAX_SAVE_BYTES: usize = 16 << 20;

/// Refuses `len` bytes of `what` past `max`.
pub fn check_size(what: &str, len: usize, max: usize) -> Result<(), String> {
    if len > max {
        Err(format!(
            "the {what} is {} KB, more than the {} KB Veil reads",
            len >> 10,
            max >> 10
        ))
    } else {
        Ok(())
    }
}
