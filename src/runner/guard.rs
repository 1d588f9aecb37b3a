//! A run's watchdog: a small process (`webots-shim-guard DIR`, or `webots-shim __guard DIR` where that
//! program is missing; in its own process group) that outlives a runner killed without warning
//! (SIGKILL, crash). The runner tells it each controller's process
//! group on its stdin and says `done` when it ended properly; if its stdin closes without `done`, the
//! controllers get a moment to see the closed socket (step returns -1, they exit), then whatever is
//! left of their groups is killed and the run's folder removed.
//!
//! Under `webots-shim test` the suite is already watching each run: there the runner writes the same
//! lines to a file in the run's own folder instead (`run --guard-file`), and the suite settles them
//! when the runner has ended (`settle`), or its own watchdog does if the suite is killed. That spares
//! each world the start of a second 95 MB process.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// The hidden subcommand that runs the watchdog.
pub const SUBCOMMAND: &str = "__guard";
/// The watchdog's own program (`guard_main.rs`), installed beside `webots-shim`.
pub const PROGRAM: &str = "webots-shim-guard";
/// How long controllers get to leave by themselves once their runner is gone.
const GRACE: Duration = Duration::from_secs(1);
/// The name of a run's instructions file in its folder, under a suite.
pub const FILE_NAME: &str = "guard";

pub struct Guard {
    /// The watchdog process; none when the instructions go to a file.
    child: Option<Child>,
    sink: Option<Box<dyn Write + Send>>,
}

impl Guard {
    /// Starts `program __guard dir`.
    pub fn start(program: &Path, dir: &Path) -> io::Result<Guard> {
        Guard::start_holding(program, dir, &[])
    }

    /// `start`, the watchdog holding the folders `hold` open until it exits. A folder removed while
    /// another process holds it open has its storage freed at that process's last close, not during
    /// the removal: on a disk mounted with `discard` that is a synchronous discard of a few ms per
    /// folder, which the caller then does not wait for. Call it while no other thread starts
    /// processes (the folders are inheritable until it returns).
    pub fn start_holding(program: &Path, dir: &Path, hold: &[PathBuf]) -> io::Result<Guard> {
        let held: Vec<File> = hold.iter().filter_map(|d| inheritable_folder(d).ok()).collect();
        let mut child = command(program)
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        drop(held);
        let sink = child.stdin.take().map(|s| Box::new(s) as Box<dyn Write + Send>);
        Ok(Guard { child: Some(child), sink })
    }

    /// Writes the instructions to `path` (a new file) for a watcher that reads them once the runner
    /// has ended (`settle`).
    pub fn to_file(path: &Path) -> io::Result<Guard> {
        let file = File::options().write(true).create_new(true).open(path)?;
        Ok(Guard { child: None, sink: Some(Box::new(file)) })
    }

    /// Adds a controller's process group to those killed if the runner dies.
    pub fn watch(&mut self, pgid: u32) {
        self.say(&format!("pg {pgid}\n"));
    }

    /// One write per line: a runner killed between two lines leaves whole lines behind.
    fn say(&mut self, line: &str) {
        if let Some(sink) = self.sink.as_mut() {
            let _ = sink.write_all(line.as_bytes());
        }
    }

    /// The run ended properly: the watchdog leaves without touching anything.
    pub fn release(mut self) {
        self.say("done\n");
        self.sink = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.wait();
        }
    }

    /// `release` for a caller about to exit: the watchdog is told, not waited for (it leaves by itself
    /// once it has read `done`, and init reaps it), so the caller does not wait for it to wake up.
    pub fn let_go(mut self) {
        self.say("done\n");
        self.sink = None;
        self.child = None;
    }
}

/// The watchdog's command, but for its folder: the small `webots-shim-guard` beside `program` when it
/// is there (it starts in about two thirds of the time and with half the page faults of the whole
/// program, which every suite and run pays), else `program __guard`.
fn command(program: &Path) -> Command {
    let small = program.with_file_name(PROGRAM);
    if small.is_file() {
        return Command::new(small);
    }
    let mut cmd = Command::new(program);
    cmd.arg(SUBCOMMAND);
    cmd
}

/// `dir` opened without close-on-exec, for the next process started to inherit.
fn inheritable_folder(dir: &Path) -> io::Result<File> {
    use nix::fcntl::{fcntl, FcntlArg, FdFlag};
    use std::os::fd::AsRawFd;
    let folder = File::open(dir)?;
    fcntl(folder.as_raw_fd(), FcntlArg::F_SETFD(FdFlag::empty()))?;
    Ok(folder)
}

/// After a runner under a suite has ended: unless it said `done`, its controllers' groups get the
/// watchdog's grace, then are killed. Returns whether it had to step in.
pub fn settle(path: &Path) -> bool {
    let Ok(file) = File::open(path) else { return false };
    let watched = read_instructions(BufReader::new(file));
    if watched.done {
        return false;
    }
    stop_groups(&watched.groups);
    true
}

/// The controllers' groups of the runs in `dir`'s folders that did not end properly (see `settle`).
fn unfinished_runs(dir: &Path) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| File::open(e.path().join(FILE_NAME)).ok())
        .map(|f| read_instructions(BufReader::new(f)))
        .filter(|w| !w.done)
        .flat_map(|w| w.groups)
        .collect()
}

/// Gives the groups a moment to leave by themselves, then kills what is left of them.
fn stop_groups(groups: &[i32]) {
    let alive = |pg: &i32| killpg(Pid::from_raw(*pg), None).is_ok();
    let start = Instant::now();
    while groups.iter().any(alive) && start.elapsed() < GRACE {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pg in groups.iter().filter(|pg| alive(pg)) {
        let _ = killpg(Pid::from_raw(*pg), Signal::SIGKILL);
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
    let mut watched = read_instructions(io::stdin().lock());
    if watched.done {
        return 0;
    }
    // a suite's watchdog: its runs' controllers too, whose runners may not outlive the grace
    watched.groups.extend(unfinished_runs(&dir));
    stop_groups(&watched.groups);
    let _ = std::fs::remove_dir_all(&dir);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_watchdog_program_beside_is_preferred_to_the_subcommand() {
        let tmp = tempfile::tempdir().unwrap();
        let program = tmp.path().join("webots-shim");
        std::fs::write(&program, "").unwrap();
        let alone = command(&program);
        assert_eq!(alone.get_program(), program.as_os_str());
        assert_eq!(alone.get_args().collect::<Vec<_>>(), [SUBCOMMAND]);
        let small = tmp.path().join(PROGRAM);
        std::fs::write(&small, "").unwrap();
        let beside = command(&program);
        assert_eq!(beside.get_program(), small.as_os_str());
        assert_eq!(beside.get_args().count(), 0);
    }

    #[test]
    fn instructions_end_at_done_or_at_the_end_of_input() {
        let w = read_instructions("pg 42\npg 43\ngarbage\npg 1\npg x\n".as_bytes());
        assert_eq!(w, Watched { groups: vec![42, 43], done: false });
        let w = read_instructions("pg 42\ndone\npg 43\n".as_bytes());
        assert_eq!(w, Watched { groups: vec![42], done: true });
    }
}
