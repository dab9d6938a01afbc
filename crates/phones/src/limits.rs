//! Every bound the server keeps: body size, requests per seat, live pages per seat, and at the
//! door: connections in all and per address, held below the open-file limit, and the time a
//! client may take to send a request or to read an answer.

use std::time::{Duration, Instant};

/// The largest request body taken, in bytes: an answer is one group of at most a few dozen
/// faces.
pub const MAX_BODY: usize = 1024;

/// The bounds of one server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Answers a seat may send at once, then per second.
    pub answers: Rate,
    /// Pages, views and live connections a seat may open at once, then per second.
    pub reads: Rate,
    /// Live pages open at once for one seat.
    pub live_pages: usize,
    /// Connections open at once, from every address together; never more than half the
    /// process's open-file limit (see [`connection_cap`]), so the desk keeps the files it
    /// needs to save the game.
    pub connections: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// How long a client may take to send the head of a request, from the moment it
    /// connected or its last answer ended: a slow or silent client is dropped after it.
    pub head: Duration,
    /// How long a request may take, its body included, before it is answered.
    pub request: Duration,
    /// How long a write may wait on a client that stopped reading before it is dropped.
    pub stall: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            // A player taps one group of dice at a time: a few a second is plenty.
            answers: Rate {
                burst: 20.0,
                per_second: 10.0,
            },
            reads: Rate {
                burst: 60.0,
                per_second: 20.0,
            },
            live_pages: 16,
            // Three seats of live pages and a few requests each, many times over.
            connections: 128,
            per_address: 32,
            // A phone sends its request's head in one packet; a few seconds allow for a weak
            // Wi-Fi.
            head: Duration::from_secs(5),
            request: Duration::from_secs(10),
            // A phone asleep reads nothing, but hears only a ping every 10 seconds: its
            // buffers take far longer than this to fill.
            stall: Duration::from_secs(30),
        }
    }
}

/// The connections a server may hold at once: `wanted`, and never more than half the
/// process's open-file limit (each connection is an open file), so the other half stays for
/// the desk.
pub fn connection_cap(wanted: usize) -> usize {
    match open_file_limit() {
        Some(limit) => wanted
            .min(usize::try_from(limit / 2).unwrap_or(usize::MAX))
            .max(1),
        None => wanted,
    }
}

/// The process's limit of open files, where the system has one.
#[cfg(unix)]
fn open_file_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    // rlim_t is u64 on Linux and macOS, not on every unix.
    #[allow(clippy::unnecessary_cast)]
    Some(limit.rlim_cur as u64)
}

/// Windows has no such limit for sockets (only memory bounds them).
#[cfg(not(unix))]
fn open_file_limit() -> Option<u64> {
    None
}

/// A rate: so many at once, refilled at so many per second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// How many may come at once.
    pub burst: f64,
    /// How many more each second.
    pub per_second: f64,
}

/// A bucket of allowances, refilled with time.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: Rate,
    left: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: Rate) -> Self {
        Self {
            rate,
            left: rate.burst,
            at: Instant::now(),
        }
    }

    /// Takes one allowance if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.left = (self.left + elapsed * self.rate.per_second).min(self.rate.burst);
        if self.left >= 1.0 {
            self.left -= 1.0;
            true
        } else {
            false
        }
    }
}

/// How often a live page hears from the server when nothing happens, so that it notices a
/// connection that died.
pub const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// How long a closing server waits for its requests to finish before it drops them.
pub const CLOSING: Duration = Duration::from_secs(2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connections_stay_under_half_the_open_file_limit() {
        let cap = connection_cap(usize::MAX);
        match open_file_limit() {
            Some(limit) => assert_eq!(cap as u64, (limit / 2).max(1)),
            None => assert_eq!(cap, usize::MAX),
        }
        assert_eq!(connection_cap(3), 3.min(cap));
    }

    #[test]
    fn a_bucket_lets_a_burst_through_then_refills_at_its_rate() {
        let mut bucket = Bucket::new(Rate {
            burst: 3.0,
            per_second: 2.0,
        });
        let start = Instant::now();
        assert!((0..3).all(|_| bucket.take(start)));
        assert!(!bucket.take(start));
        assert!(bucket.take(start + Duration::from_millis(500)));
        assert!(!bucket.take(start + Duration::from_millis(600)));
        // Refilled, never beyond the burst.
        let later = start + Duration::from_secs(60);
        assert!((0..3).all(|_| bucket.take(later)));
        assert!(!bucket.take(later));
    }
}
