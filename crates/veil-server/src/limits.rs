//! Limits per address and per connection, so one client cannot take the
//! server for itself.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[derive(Default)]
struct PerIp {
    conns: usize,
    rooms: usize,
}

/// Open connections and rooms per address.
pub(crate) struct Limits {
    max_conns: usize,
    max_rooms: usize,
    ips: Arc<Mutex<HashMap<IpAddr, PerIp>>>,
}

/// Holds one connection's place; given back when dropped.
pub(crate) struct ConnGuard {
    ip: IpAddr,
    ips: Arc<Mutex<HashMap<IpAddr, PerIp>>>,
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        let mut ips = self.ips.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = ips.get_mut(&self.ip) {
            e.conns = e.conns.saturating_sub(1);
            if e.conns == 0 && e.rooms == 0 {
                ips.remove(&self.ip);
            }
        }
    }
}

impl Limits {
    pub fn new(max_conns: usize, max_rooms: usize) -> Self {
        Limits {
            max_conns,
            max_rooms,
            ips: Arc::default(),
        }
    }

    pub fn connect(&self, ip: IpAddr) -> Option<ConnGuard> {
        let mut ips = self.ips.lock().unwrap_or_else(|p| p.into_inner());
        let e = ips.entry(ip).or_default();
        if e.conns >= self.max_conns {
            return None;
        }
        e.conns += 1;
        Some(ConnGuard {
            ip,
            ips: self.ips.clone(),
        })
    }

    /// Counts a new room of `ip`; false past the limit.
    pub fn open_room(&self, ip: IpAddr) -> bool {
        let mut ips = self.ips.lock().unwrap_or_else(|p| p.into_inner());
        let e = ips.entry(ip).or_default();
        if e.rooms >= self.max_rooms {
            return false;
        }
        e.rooms += 1;
        true
    }

    pub fn close_room(&self, ip: IpAddr) {
        let mut ips = self.ips.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = ips.get_mut(&ip) {
            e.rooms = e.rooms.saturating_sub(1);
            if e.conns == 0 && e.rooms == 0 {
                ips.remove(&ip);
            }
        }
    }
}

/// Messages per second for one connection: `rate` a second on average,
/// up to `burst` at once.
pub(crate) struct TokenBucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    pub fn new(rate: f64, burst: f64) -> Self {
        TokenBucket {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    pub fn take(&mut self, now: Instant) -> bool {
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_bucket_allows_a_burst_then_the_rate() {
        let mut b = TokenBucket::new(20.0, 40.0);
        let t0 = Instant::now();
        assert_eq!((0..100).filter(|_| b.take(t0)).count(), 40);
        let t1 = t0 + Duration::from_millis(500);
        assert_eq!((0..100).filter(|_| b.take(t1)).count(), 10);
    }

    #[test]
    fn connections_and_rooms_per_address_are_limited_and_given_back() {
        let l = Limits::new(2, 1);
        let ip: IpAddr = [127, 0, 0, 1].into();
        let a = l.connect(ip).unwrap();
        let _b = l.connect(ip).unwrap();
        assert!(l.connect(ip).is_none());
        drop(a);
        assert!(l.connect(ip).is_some());
        assert!(l.open_room(ip));
        assert!(!l.open_room(ip));
        l.close_room(ip);
        assert!(l.open_room(ip));
    }
}
