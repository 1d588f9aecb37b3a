//! A run's watchdog: a small process (`webots-shim __guard DIR`, in its own process group) that outlives
//! a runner killed without warning (SIGKILL, crash). The runner tells it each controller's process
//! group on its stdin and says `done` when it ended properly; if its stdin closes without `done`, the
//! controllers get a moment to see the closed socket (step returns -1, they exit), then whatever is
//! left of their groups is killed and the run's folder removed.

use std::io::{self, BufRead, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// The hidden subcommand that runs the watchdog.
pub const SUBCOMMAND: &str = "__guard";
/// How long controllers get to leave by themselves once their runner is gone.
const GRACE: Duration = Duration::from_secs(1);

pub struct Guard {
    child: Child,
    stdin: Option<ChildStdin>,
}

impl Guard {
    /// Starts `program __guard dir`.
    pub fn start(program: &Path, dir: &Path) -> io::Result<Guard> {
        let mut child = Command::new(program)
            .arg(SUBCOMMAND)
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        let stdin = child.stdin.take();
        Ok(Guard { child, stdin })
    }

    /// Adds a controller's process group to those killed if the runner dies.
    pub fn watch(&mut self, pgid: u32) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "pg {pgid}");
        }
    }

    /// The run ended properly: the watchdog leaves without touching anything.
    pub fn release(mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "done");
        }
        let _ = self.child.wait();
    }
}

/// What the watchdog was told before its stdin closed.
#[derive(Debug, Default, PartialEq)]
pub struct Watched {
    pub groups: Vec<i32>,
    pub done: bool,
}

pub fn read_instructions(input: impl BufRead) -> Watched {
    let mut watched = Watched::default();
    for line in input.lines() {
        let Ok(line) = line else { break };
        if line == "done" {
            watched.done = true;
            break;
        }
        if let Some(pg) = line.strip_prefix("pg ").and_then(|p| p.parse::<i32>().ok()).filter(|p| *p > 1) {
            watched.groups.push(pg);
        }
    }
    watched
}

/// The watchdog's body; returns its exit status.
pub fn main(dir: PathBuf) -> i32 {
    // the runner's Ctrl-C is the runner's business: it says `done` when it has cleaned up
    let ignored = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGHUP] {
        let _ = signal_hook::flag::register(sig, std::sync::Arc::clone(&ignored));
    }
    let watched = read_instructions(io::stdin().lock());
    if watched.done {
        return 0;
    }
    let alive = |pg: &i32| killpg(Pid::from_raw(*pg), None).is_ok();
    let start = Instant::now();
    while watched.groups.iter().any(alive) && start.elapsed() < GRACE {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pg in watched.groups.iter().filter(|pg| alive(pg)) {
        let _ = killpg(Pid::from_raw(*pg), Signal::SIGKILL);
    }
    let _ = std::fs::remove_dir_all(&dir);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_end_at_done_or_at_the_end_of_input() {
        let w = read_instructions("pg 42\npg 43\ngarbage\npg 1\npg x\n".as_bytes());
        assert_eq!(w, Watched { groups: vec![42, 43], done: false });
        let w = read_instructions("pg 42\ndone\npg 43\n".as_bytes());
        assert_eq!(w, Watched { groups: vec![42], done: true });
    }
}
