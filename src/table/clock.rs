//! The one clock of a campaign (issue 29): deputies' periods, inactivity before a replacement,
//! reminders' due times and the dashboard's "waiting since" all read the same [`Clock`], which
//! the table holds ([`super::Table::with_clock`]) and the Discord front end shares
//! (`BotConfig::clock`). Tests move a [`ManualClock`] forward instead of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Where the time is read from (Unix milliseconds).
pub trait Clock: Send + Sync {
    /// The current time, Unix milliseconds.
    fn now_ms(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

/// The system clock, shared.
pub fn system_clock() -> Arc<dyn Clock> {
    Arc::new(SystemClock)
}

/// A clock that moves only when told (tests). Clones share one time.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock standing at `ms` (Unix milliseconds).
    pub fn at(ms: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(ms)))
    }
    /// The same as [`ManualClock::at`].
    pub fn new(ms: i64) -> ManualClock {
        ManualClock::at(ms)
    }
    /// The time now, Unix ms.
    pub fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
    /// This clock, shared (for [`super::Table::with_clock`] and `BotConfig::clock`); the
    /// copy reads the same time.
    pub fn clock(&self) -> Arc<dyn Clock> {
        Arc::new(self.clone())
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.now()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_manual_clock_moves_for_every_reader() {
        let c = ManualClock::at(1_000);
        let shared = c.clock();
        c.advance(Duration::from_secs(2));
        assert_eq!(shared.now_ms(), 3_000);
        assert_eq!(c.now(), 3_000);
    }
}
