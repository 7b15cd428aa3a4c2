//! Records handed to the player as files: on the desktop written to a
//! `records` folder beside the settings file, in the browser offered as a
//! download (the page's own "save as"). Tests keep no settings file, so
//! nothing is written there and the caller is told so.

use crate::kit::settings::SettingsStore;

/// Hands `text` to the player as a file named like `name` (a plain name,
/// such as `rengo-1764000000.sgf`). Says where it went, or why it could not.
pub fn keep_text(
    store: &SettingsStore,
    name: &str,
    mime: &str,
    text: &str,
) -> Result<String, String> {
    // A name comes from the app, but a slash would still leave the folder.
    let name: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    match store {
        SettingsStore::Nowhere => {
            let _ = (mime, text);
            Err("this app keeps no files (no settings folder)".into())
        }
        #[cfg(not(target_arch = "wasm32"))]
        SettingsStore::File(settings) => {
            let dir = settings
                .parent()
                .ok_or("the settings file has no folder")?
                .join("records");
            let path =
                write_new(&dir, &name, text).map_err(|e| format!("{}: {e}", dir.display()))?;
            Ok(format!("saved as {}", path.display()))
        }
        #[cfg(target_arch = "wasm32")]
        SettingsStore::LocalStorage => download(&name, mime, text)
            .map(|()| format!("downloaded as {name}"))
            .map_err(|e| format!("the download failed ({e:?})")),
    }
}

/// Writes `text` as a new file named like `name` in `dir` (made if
/// missing): `name`, else `stem-1.ext`, `stem-2.ext`… — never over another.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_new(
    dir: &std::path::Path,
    name: &str,
    text: &str,
) -> std::io::Result<std::path::PathBuf> {
    std::fs::create_dir_all(dir)?;
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, "txt"));
    let mut path = dir.join(name);
    let mut n = 1;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.{ext}"));
        n += 1;
    }
    std::fs::write(&path, text)?;
    Ok(path)
}

/// The newest file in the records folder whose name ends with `ext`
/// (desktop only: the browser keeps none).
pub fn newest_kept(store: &SettingsStore, ext: &str) -> Option<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let SettingsStore::File(settings) = store else {
            return None;
        };
        let dir = settings.parent()?.join("records");
        let newest = std::fs::read_dir(dir)
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .max_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok())?;
        std::fs::read_to_string(newest).ok()
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (store, ext);
        None
    }
}

/// A file name for a record of `what`, unique to the second.
pub fn record_name(what: &str, ext: &str) -> String {
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!("{what}-{secs}.{ext}")
}

/// The browser's download: a blob behind a link that is clicked once.
#[cfg(target_arch = "wasm32")]
fn download(name: &str, mime: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The URL is not revoked: the download may still be reading it, and a
    // record's text is small.
    Ok(())
}
