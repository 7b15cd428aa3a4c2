//! A few named texts kept between runs: files in the platform's data folder
//! on desktop, the page's local storage in the browser, a shared map in
//! tests (so a test can drop an app and build another on the same store).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

/// Where kept texts live.
#[derive(Clone, Debug, Default)]
pub enum Store {
    /// Nothing is kept.
    #[default]
    Nowhere,
    /// In memory, shared by every clone (tests).
    Memory(Arc<Mutex<BTreeMap<String, String>>>),
    /// One file a key, `<key>.json`, in this folder.
    #[cfg(not(target_arch = "wasm32"))]
    Folder(std::path::PathBuf),
    /// The page's local storage, keys prefixed with `veil.`.
    #[cfg(target_arch = "wasm32")]
    LocalStorage,
}

impl Store {
    /// An empty store in memory.
    pub fn memory() -> Self {
        Store::Memory(Arc::default())
    }

    /// The platform's usual place for a game's data: `$VEIL_DATA`, else
    /// `$XDG_DATA_HOME/veil`, else `~/.local/share/veil`; in the browser
    /// the page's local storage.
    pub fn platform() -> Self {
        #[cfg(target_arch = "wasm32")]
        {
            Store::LocalStorage
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            use std::path::PathBuf;
            if let Some(p) = std::env::var_os("VEIL_DATA") {
                return Store::Folder(PathBuf::from(p));
            }
            let base = std::env::var_os("XDG_DATA_HOME")
                .map(PathBuf::from)
                .or_else(|| {
                    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local").join("share"))
                });
            match base {
                Some(base) => Store::Folder(base.join("veil")),
                None => Store::Nowhere,
            }
        }
    }

    /// Where `key` is kept, for messages ("~/.local/share/veil/game.json").
    pub fn describe(&self, key: &str) -> String {
        match self {
            Store::Nowhere => "nowhere".into(),
            Store::Memory(_) => format!("memory:{key}"),
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => dir.join(format!("{key}.json")).display().to_string(),
            #[cfg(target_arch = "wasm32")]
            Store::LocalStorage => format!("local storage veil.{key}"),
        }
    }

    /// The text kept under `key`, if any.
    pub fn read(&self, key: &str) -> Option<String> {
        match self {
            Store::Nowhere => None,
            Store::Memory(map) => map.lock().ok()?.get(key).cloned(),
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => std::fs::read_to_string(dir.join(format!("{key}.json"))).ok(),
            #[cfg(target_arch = "wasm32")]
            Store::LocalStorage => local_storage()?.get_item(&format!("veil.{key}")).ok()?,
        }
    }

    /// Keeps `text` under `key`. A failure (a full disk, the browser's
    /// storage quota) is returned: the caller says so, and the last good
    /// copy stays as it was.
    pub fn write(&self, key: &str, text: &str) -> Result<(), String> {
        match self {
            Store::Nowhere => Ok(()),
            Store::Memory(map) => {
                let mut map = map.lock().map_err(|_| "the store's lock is poisoned")?;
                map.insert(key.to_owned(), text.to_owned());
                Ok(())
            }
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                // Written beside and renamed, so a crash mid-write leaves
                // the last good copy rather than half a file.
                let path = dir.join(format!("{key}.json"));
                let tmp = dir.join(format!("{key}.json.tmp"));
                std::fs::write(&tmp, text)
                    .and_then(|()| std::fs::rename(&tmp, &path))
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            #[cfg(target_arch = "wasm32")]
            Store::LocalStorage => {
                let s = local_storage().ok_or("the browser has no local storage")?;
                s.set_item(&format!("veil.{key}"), text).map_err(|_| {
                    format!(
                        "the browser's storage refused {} KB (full?)",
                        text.len() >> 10
                    )
                })
            }
        }
    }

    /// Adds `text` at the end of what `key` holds (a log): on the desktop
    /// an append to the file, costing what it adds.
    pub fn append(&self, key: &str, text: &str) -> Result<(), String> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => {
                use std::io::Write as _;
                let path = dir.join(format!("{key}.json"));
                std::fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(&path)
                    .and_then(|mut f| f.write_all(text.as_bytes()))
                    .map_err(|e| format!("{}: {e}", path.display()))
            }
            // Local storage and memory hold whole strings: the log is kept
            // short by the checkpoints.
            _ => {
                let mut all = self.read(key).unwrap_or_default();
                all.push_str(text);
                self.write(key, &all)
            }
        }
    }

    /// Forgets `key`.
    pub fn remove(&self, key: &str) {
        match self {
            Store::Nowhere => {}
            Store::Memory(map) => {
                if let Ok(mut map) = map.lock() {
                    map.remove(key);
                }
            }
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => {
                let _ = std::fs::remove_file(dir.join(format!("{key}.json")));
            }
            #[cfg(target_arch = "wasm32")]
            Store::LocalStorage => {
                if let Some(s) = local_storage() {
                    let _ = s.remove_item(&format!("veil.{key}"));
                }
            }
        }
    }

    /// Moves what `key` holds aside (a file renamed `<key>.set-aside-N.json`,
    /// a storage key likewise) rather than deleting it, so a player can
    /// still send it in; returns where it went.
    pub fn set_aside(&self, key: &str) -> Option<String> {
        let text = self.read(key)?;
        let mut n = 1;
        let aside = loop {
            let candidate = format!("{key}.set-aside-{n}");
            if self.read(&candidate).is_none() || n > 99 {
                break candidate;
            }
            n += 1;
        };
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Folder(dir) => {
                let from = dir.join(format!("{key}.json"));
                let to = dir.join(format!("{aside}.json"));
                if std::fs::rename(&from, &to).is_err() {
                    return None;
                }
            }
            _ => {
                // The original goes only once its copy reads back whole.
                if self.write(&aside, &text).is_err()
                    || self.read(&aside).as_deref() != Some(text.as_str())
                {
                    return None;
                }
                self.remove(key);
            }
        }
        Some(self.describe(&aside))
    }
}

#[cfg(target_arch = "wasm32")]
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}
