//! Every bound the server keeps: body size, requests per seat, live pages per seat.

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
        }
    }
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
