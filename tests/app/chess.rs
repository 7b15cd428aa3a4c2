//! Headless app tests of this game's view (being built).

use super::*;
