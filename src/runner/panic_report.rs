//! A panic in the runner still ends in a report: the world's name, the step it was computing and the
//! message, on stderr and as the run's failure (so `webots-shim test` writes a JUnit failure), never
//! a bare exit status.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

use crate::world::progress;

/// The last panic's message and place, as the hook saw it.
static LAST: Mutex<Option<String>> = Mutex::new(None);

/// Runs `f`; a panic in it becomes `Err("the runner panicked in world W at step N (t = T s): MESSAGE
/// at FILE:LINE:COL")`, already printed on stderr.
pub fn guard<T>(world: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        let place =
            info.location().map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        if let Ok(mut last) = LAST.lock() {
            *last = Some(format!("{message}{place}"));
        }
    }));
    let outcome = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(previous);
    outcome.map_err(|_| {
        let what = LAST.lock().ok().and_then(|mut l| l.take()).unwrap_or_else(|| "(no message)".into());
        let (step, time_ms) = progress::last();
        let when = if step == 0 {
            "while loading".to_string()
        } else {
            format!("at step {step} (t = {} s)", crate::c_format::g(time_ms / 1000.0))
        };
        let report = format!("the runner panicked in world {world} {when}: {what}");
        eprintln!("webots-shim: {report}");
        report
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_report_with_the_world_the_step_and_the_message() {
        progress::record(7, 96.0);
        let r: Result<(), String> = guard("w.wbt", || panic!("boom {}", 3));
        let e = r.unwrap_err();
        assert!(
            e.starts_with(
                "the runner panicked in world w.wbt at step 7 (t = 0.096 s): boom 3 at src/runner/panic_report.rs:"
            ),
            "{e}"
        );
        assert_eq!(guard("w.wbt", || 5), Ok(5));
    }
}
