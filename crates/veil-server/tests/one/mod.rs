//! The tests of one binary run one at a time, whatever `--test-threads`
//! says: they time real connections and kill real processes, and two cores
//! shared by several servers and their clients made one of them flaky
//! (issue 30 note). Holding this lets the test command build and run them
//! with the rest of the workspace in one `cargo test`, not a second build
//! with other features.

use tokio::sync::{Mutex, MutexGuard};

static ONE: Mutex<()> = Mutex::const_new(());

/// Held for the whole test: take it first, before any deadline starts.
pub async fn at_a_time() -> MutexGuard<'static, ()> {
    ONE.lock().await
}
