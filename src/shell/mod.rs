//! The shell: the screens around the table — title, game choice, setup
//! and results, online play's menu and waiting room — their keys, the screenshot helper and the desktop
//! window's size. Imports the table
//! and the kit; reaches games only through the registry and the table's
//! [`crate::table::view::GameViews`].

pub mod keys;
pub mod online;
pub mod screens;
pub mod screenshot;
pub mod window;
