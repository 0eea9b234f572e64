//! Bounds on the work one user can cause: how many map pictures are drawn at once, and how often
//! one user may ask for a map.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::outbox::UserId;

/// How many maps are drawn at the same time at most; further renders wait for a free slot.
/// One render of the full map holds about 50 MB at its peak.
pub const MAX_CONCURRENT_RENDERS: usize = 2;

/// The longest display name the table takes from any front end (Discord's nickname bound):
/// longer names from `local`, `script` or an import are refused.
pub const MAX_NAME_CHARS: usize = 64;

/// How long a user waits between two `map` requests.
pub const MAP_COOLDOWN: Duration = Duration::from_secs(10);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A counting gate: at most `limit` holders of a [`Slot`] at once.
#[derive(Debug)]
pub struct Gate {
    limit: usize,
    busy: Mutex<usize>,
    freed: Condvar,
}

/// A held place at a [`Gate`]; freed when dropped.
#[derive(Debug)]
pub struct Slot<'a>(&'a Gate);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *lock(&self.0.busy) -= 1;
        self.0.freed.notify_one();
    }
}

impl Gate {
    /// A gate for `limit` holders (at least one).
    pub fn new(limit: usize) -> Gate {
        Gate {
            limit: limit.max(1),
            busy: Mutex::new(0),
            freed: Condvar::new(),
        }
    }

    /// Waits for a free place (blocking the thread) and takes it.
    pub fn enter(&self) -> Slot<'_> {
        let mut busy = lock(&self.busy);
        while *busy >= self.limit {
            busy = self.freed.wait(busy).unwrap_or_else(|e| e.into_inner());
        }
        *busy += 1;
        Slot(self)
    }
}

/// When each user last asked for something, to space their requests.
#[derive(Debug, Default)]
pub struct Cooldown {
    last: Mutex<HashMap<UserId, Instant>>,
}

impl Cooldown {
    /// Records a request by `user` now, or returns how long they still have to wait (the
    /// request is then not recorded).
    pub fn check(&self, user: UserId, every: Duration) -> Result<(), Duration> {
        let now = Instant::now();
        let mut last = lock(&self.last);
        if let Some(t) = last.get(&user) {
            let since = now.duration_since(*t);
            if since < every {
                return Err(every - since);
            }
        }
        last.insert(user, now);
        // Forget users whose pause is over, so the map does not grow without bound.
        if last.len() > 10_000 {
            last.retain(|_, t| now.duration_since(*t) < every);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn the_gate_never_lets_more_than_its_limit_in() {
        let gate = Arc::new(Gate::new(2));
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..16)
            .map(|_| {
                let (gate, inside, most) = (gate.clone(), inside.clone(), most.clone());
                std::thread::spawn(move || {
                    let _slot = gate.enter();
                    let n = inside.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(n, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    inside.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().expect("thread");
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_cooldown_spaces_one_users_requests_only() {
        let c = Cooldown::default();
        assert!(c.check(1, Duration::from_secs(60)).is_ok());
        assert!(c.check(1, Duration::from_secs(60)).is_err());
        assert!(c.check(2, Duration::from_secs(60)).is_ok());
        assert!(c.check(1, Duration::ZERO).is_ok());
    }
}
