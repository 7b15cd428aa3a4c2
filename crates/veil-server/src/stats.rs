//! Where the server's time goes, for `/health` and the load figures: the
//! last few thousand durations of each stage of an action, in microseconds.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Instant;

use serde_json::{Value, json};

/// The most recent samples kept per stage.
const KEEP: usize = 1 << 15;

pub struct Samples(Mutex<VecDeque<u32>>);

impl Samples {
    const fn new() -> Self {
        Samples(Mutex::new(VecDeque::new()))
    }

    pub fn since(&self, start: Instant) {
        self.push(start.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
    }

    pub fn push(&self, us: u32) {
        let mut q = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if q.len() == KEEP {
            q.pop_front();
        }
        q.push_back(us);
    }

    /// Median, p99 and max in milliseconds, and how many samples; emptied.
    fn take(&self) -> Value {
        let mut v: Vec<u32> = {
            let mut q = self.0.lock().unwrap_or_else(|p| p.into_inner());
            q.drain(..).collect()
        };
        v.sort_unstable();
        let at = |q: f64| {
            v.get(((v.len() as f64 * q) as usize).min(v.len().saturating_sub(1)))
                .map_or(0.0, |us| f64::from(*us) / 1000.0)
        };
        json!({"median": at(0.5), "p99": at(0.99), "max": at(1.0), "n": v.len()})
    }
}

/// One SQLite transaction of the store thread (a group commit, its sync
/// included).
pub static COMMIT: Samples = Samples::new();
/// A room waiting for its step to be durable (queue + commit).
pub static WAIT: Samples = Samples::new();
/// Serialising and queueing every seat's update of one change.
pub static FAN_OUT: Samples = Samples::new();
/// A person's action inside its room: checks, the rules, the wait for the
/// store, the fan-out.
pub static ACT: Samples = Samples::new();

/// How late the runtime wakes a task that slept 10 ms: how long anything
/// ready waits for a thread (the machine's other work included).
pub static LAG: Samples = Samples::new();

/// Measures [`LAG`] for as long as the runtime runs.
pub fn spawn_lag_probe() {
    tokio::spawn(async {
        let tick = std::time::Duration::from_millis(10);
        loop {
            let t = Instant::now();
            tokio::time::sleep(tick).await;
            LAG.push(
                t.elapsed()
                    .saturating_sub(tick)
                    .as_micros()
                    .min(u128::from(u32::MAX)) as u32,
            );
        }
    });
}

/// Every stage's figures since the last call (each `/health` empties them).
pub fn take() -> Value {
    json!({
        "lag_ms": LAG.take(),
        "commit_ms": COMMIT.take(),
        "wait_ms": WAIT.take(),
        "fan_out_ms": FAN_OUT.take(),
        "act_ms": ACT.take(),
    })
}
