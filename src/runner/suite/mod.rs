//! `webots-shim test`: worlds as test cases, run N at a time, each by a child `webots-shim run` in its
//! own process group with its own socket folder, so worlds never meet and a runner that dies takes
//! only its own world down. Prints a line per finished world, then a summary; writes JUnit XML. A
//! watchdog (`guard.rs`) removes the suite's folder and stops its runs if the suite is killed.

pub mod case;
pub mod junit;
pub mod summary;
pub mod tail;

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;

use case::{CaseResult, CaseSetup};

pub struct SuiteOptions {
    pub worlds: Vec<PathBuf>,
    pub jobs: usize,
    pub junit: Option<PathBuf>,
    pub until: Option<f64>,
    pub step_timeout: f64,
}

/// How often the status line is refreshed on a terminal.
const STATUS_EVERY: Duration = Duration::from_secs(1);
/// After an interrupt, how long runs get to end (they stop their controllers) before being killed.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// Shared between the scheduler and its workers.
struct Board {
    next: AtomicUsize,
    /// Runs in progress: world index → the child's pid (= its process group).
    running: Mutex<BTreeMap<usize, u32>>,
    /// No new world starts; set under `running`'s lock.
    stop: AtomicBool,
}

/// Runs the suite; returns the exit status (0 only when every world passed).
pub fn run(opts: &SuiteOptions) -> i32 {
    let started_at = SystemTime::now();
    let start = Instant::now();
    let program = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("webots-shim: cannot find this program to run the worlds with: {e}");
            return 1;
        }
    };
    let scratch = match scratch_root() {
        Ok(dir) => dir,
        Err(e) => {
            eprintln!("webots-shim: cannot create the suite's socket folder: {e}");
            return 1;
        }
    };
    let guard = match super::guard::Guard::start(&program, &scratch) {
        Ok(g) => Some(g),
        Err(e) => {
            eprintln!("webots-shim: cannot start the suite's watchdog (a killed suite may leave folders): {e}");
            None
        }
    };
    let guard = Mutex::new(guard);
    let interrupt = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        let _ = signal_hook::flag::register(sig, Arc::clone(&interrupt));
    }
    let total = opts.worlds.len();
    let jobs = opts.jobs.clamp(1, total.max(1));
    eprintln!("webots-shim test: {total} world(s), {jobs} at a time");
    let board = Board { next: AtomicUsize::new(0), running: Mutex::new(BTreeMap::new()), stop: AtomicBool::new(false) };
    let mut results: Vec<Option<CaseResult>> = (0..total).map(|_| None).collect();
    let (tx, rx) = mpsc::channel::<(usize, CaseResult)>();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (board, program, scratch, guard) = (&board, &program, &scratch, &guard);
            s.spawn(move || worker(opts, board, (program, scratch), guard, &tx));
        }
        drop(tx);
        let mut done = 0;
        let tty = std::io::stderr().is_terminal();
        let mut status_shown = false;
        let mut last_status = Instant::now();
        let mut stopping_since: Option<Instant> = None;
        let mut killed = false;
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok((i, result)) => {
                    done += 1;
                    if std::mem::take(&mut status_shown) {
                        eprint!("\r\x1b[K");
                    }
                    eprintln!("{}", summary::progress_line(done, total, &result));
                    results[i] = Some(result);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if tty && last_status.elapsed() >= STATUS_EVERY {
                last_status = Instant::now();
                let running: Vec<usize> =
                    board.running.lock().unwrap_or_else(|e| e.into_inner()).keys().copied().collect();
                let worlds: Vec<&Path> = running.iter().map(|i| opts.worlds[*i].as_path()).collect();
                eprint!("\r\x1b[K{}", summary::status_line(done, total, &worlds, start.elapsed()));
                status_shown = true;
            }
            if interrupt.load(Ordering::Relaxed) && stopping_since.is_none() {
                eprintln!("webots-shim test: interrupted: stopping the runs in progress");
                stopping_since = Some(Instant::now());
                signal_running(&board, |pid| {
                    let _ = kill(pid, Signal::SIGTERM);
                });
            }
            if !killed && stopping_since.is_some_and(|t| t.elapsed() >= STOP_GRACE) {
                killed = true;
                signal_running(&board, |pid| {
                    let _ = killpg(pid, Signal::SIGKILL);
                });
            }
        }
        if status_shown {
            eprint!("\r\x1b[K");
        }
    });
    let cases: Vec<CaseResult> = results
        .into_iter()
        .zip(&opts.worlds)
        .map(|(r, world)| r.unwrap_or_else(|| CaseResult::not_run(world, "not run: the suite was interrupted".into())))
        .collect();
    let elapsed = start.elapsed();
    if let Some(guard) = guard.into_inner().unwrap_or_else(|e| e.into_inner()) {
        guard.release();
    }
    let _ = std::fs::remove_dir_all(&scratch);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(summary::render(&cases, elapsed).as_bytes());
    let _ = out.flush();
    let mut status = if cases.iter().all(CaseResult::passed) { 0 } else { 1 };
    if let Some(path) = &opts.junit {
        if let Err(e) = write_atomically(path, junit::render(&cases, elapsed, started_at).as_bytes()) {
            eprintln!("webots-shim: cannot write the JUnit report {}: {e}", path.display());
            status = 1;
        }
    }
    status
}

fn worker(
    opts: &SuiteOptions,
    board: &Board,
    (program, scratch): (&Path, &Path),
    guard: &Mutex<Option<super::guard::Guard>>,
    tx: &mpsc::Sender<(usize, CaseResult)>,
) {
    loop {
        if board.stop.load(Ordering::Relaxed) {
            return;
        }
        let i = board.next.fetch_add(1, Ordering::Relaxed);
        let Some(world) = opts.worlds.get(i) else { return };
        let setup = CaseSetup {
            program,
            world,
            scratch: scratch.join(i.to_string()),
            until: opts.until,
            step_timeout: opts.step_timeout,
        };
        let started = Instant::now();
        let result = match case::spawn(&setup) {
            Ok(run) => {
                let pid = run.child.id();
                if let Some(guard) = guard.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                    guard.watch(pid);
                }
                {
                    let mut running = board.running.lock().unwrap_or_else(|e| e.into_inner());
                    running.insert(i, pid);
                    if board.stop.load(Ordering::Relaxed) {
                        let _ = kill(Pid::from_raw(pid as i32), Signal::SIGTERM);
                    }
                }
                let result = case::finish(&setup, run, started);
                board.running.lock().unwrap_or_else(|e| e.into_inner()).remove(&i);
                result
            }
            Err(e) => CaseResult::not_run(world, format!("cannot start the runner: {e}")),
        };
        if tx.send((i, result)).is_err() {
            return;
        }
    }
}

/// Stops new runs and sends `signal` to those in progress.
fn signal_running(board: &Board, signal: impl Fn(Pid)) {
    let running = board.running.lock().unwrap_or_else(|e| e.into_inner());
    board.stop.store(true, Ordering::Relaxed);
    for pid in running.values() {
        signal(Pid::from_raw(*pid as i32));
    }
}

/// `<base>/t<pid>`: the suite's private folder, under which each run gets its own socket folder.
/// Folders of suites that died without cleaning up are removed.
fn scratch_root() -> std::io::Result<PathBuf> {
    let base = crate::link::paths::base_dir();
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&base)?;
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o700))?;
    for entry in std::fs::read_dir(&base)?.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix('t')).and_then(|p| p.parse::<i32>().ok()) else {
            continue;
        };
        if pid > 0 && kill(Pid::from_raw(pid), None) == Err(nix::errno::Errno::ESRCH) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let dir = base.join(format!("t{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    Ok(dir)
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
