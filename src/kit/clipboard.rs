//! Text to the clipboard: the system's on the desktop, the page's in the
//! browser (which may ask the player first).

/// Puts `text` on the clipboard; the error says why it could not.
#[cfg(not(target_arch = "wasm32"))]
pub fn copy(text: &str) -> Result<(), String> {
    let mut board = arboard::Clipboard::new().map_err(|e| e.to_string())?;
    board.set_text(text.to_owned()).map_err(|e| e.to_string())
}

/// Puts `text` on the clipboard; the error says why it could not.
#[cfg(target_arch = "wasm32")]
pub fn copy(text: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no page")?;
    // The browser answers later (a promise); asking is all that can be done
    // from a frame.
    let _ = window.navigator().clipboard().write_text(text);
    Ok(())
}
