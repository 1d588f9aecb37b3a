//! The sampling rule every Webots sensor shares: a period of 0 disables; enabling stamps the current
//! time; a sample is due when `now - last >= period` (checked only at basic-step boundaries, so periods
//! round up to whole basic steps); a reset makes the next step sample at once.

#[derive(Clone, Debug, PartialEq)]
pub struct Sampling {
    period_ms: u32,
    last_ms: f64,
}

impl Default for Sampling {
    fn default() -> Self {
        Sampling { period_ms: 0, last_ms: f64::NEG_INFINITY }
    }
}

impl Sampling {
    pub fn period_ms(&self) -> u32 {
        self.period_ms
    }

    pub fn enabled(&self) -> bool {
        self.period_ms > 0
    }

    /// The controller's enable/disable request, handled at simulated time `now_ms`.
    pub fn set_period(&mut self, period_ms: u32, now_ms: f64) {
        self.period_ms = period_ms;
        self.last_ms = now_ms;
    }

    /// Whether a sample would be due at `now_ms`, without taking it.
    pub fn is_due(&self, now_ms: f64) -> bool {
        self.period_ms != 0 && now_ms - self.last_ms + 1e-9 >= f64::from(self.period_ms)
    }

    /// Called after each basic step: true (and re-stamped) when a sample is due.
    pub fn due(&mut self, now_ms: f64) -> bool {
        if !self.is_due(now_ms) {
            return false;
        }
        self.last_ms = now_ms;
        true
    }

    /// A world reset: the next step samples at once if enabled.
    pub fn reset(&mut self) {
        self.last_ms = f64::NEG_INFINITY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(period: u32, basic: f64, steps: usize) -> Vec<f64> {
        let mut s = Sampling::default();
        s.set_period(period, 0.0);
        (1..=steps).map(|k| k as f64 * basic).filter(|t| s.due(*t)).collect()
    }

    #[test]
    fn period_equal_to_the_basic_step_samples_every_step() {
        assert_eq!(samples(32, 32.0, 3), vec![32.0, 64.0, 96.0]);
    }

    #[test]
    fn periods_round_up_to_whole_basic_steps() {
        assert_eq!(samples(40, 32.0, 6), vec![64.0, 128.0, 192.0]);
    }

    #[test]
    fn disabled_never_samples_and_reset_samples_at_once() {
        assert!(samples(0, 32.0, 10).is_empty());
        let mut s = Sampling::default();
        s.set_period(96, 0.0);
        assert!(!s.due(32.0));
        s.reset();
        assert!(s.due(64.0));
    }
}
