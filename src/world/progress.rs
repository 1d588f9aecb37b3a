//! How far the world in this process has stepped, kept where a panic report can read it without the
//! world (which the panic may have left half-changed).

use std::sync::atomic::{AtomicU64, Ordering};

static STEP: AtomicU64 = AtomicU64::new(0);
static TIME_MS: AtomicU64 = AtomicU64::new(0);

/// The world is computing basic step `step` (1 for the first), which starts at `time_ms`.
pub fn record(step: u64, time_ms: f64) {
    STEP.store(step, Ordering::Relaxed);
    TIME_MS.store(time_ms.to_bits(), Ordering::Relaxed);
}

/// The step being computed (0 before the first) and the time it started at, in milliseconds.
pub fn last() -> (u64, f64) {
    (STEP.load(Ordering::Relaxed), f64::from_bits(TIME_MS.load(Ordering::Relaxed)))
}
