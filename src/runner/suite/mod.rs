//! `webots-shim test`: worlds as test cases, run N at a time, each by a child `webots-shim run` in its
//! own process group with its own socket folder, so worlds never meet and a runner that dies takes
//! only its own world down. Prints a line per finished world, then a summary; writes JUnit XML. A
//! watchdog (`guard.rs`) removes the suite's folder and stops its runs if the suite is killed. Its
//! folders: `slots.rs`.

pub mod case;
pub mod junit;
pub mod manifest;
pub mod merge;
pub mod record;
pub mod shard;
pub mod slots;
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
use manifest::RunSpec;
use record::{write_atomically, RunRecord, SuiteTag};
use shard::Shard;

pub struct SuiteOptions {
    /// This shard's runs (all of them when not sharded).
    pub runs: Vec<RunSpec>,
    pub jobs: usize,
    pub junit: Option<PathBuf>,
    /// Where each run's result file goes.
    pub json: Option<PathBuf>,
    /// For the runs that do not have their own.
    pub until: Option<f64>,
    pub step_timeout: f64,
    /// This shard's place in the whole suite.
    pub tag: SuiteTag,
    /// What one run is called in messages: "world", or "run" for a manifest's.
    pub noun: &'static str,
    /// Record each run's replay into this folder; keep those of passing runs too when true.
    pub replays: Option<(PathBuf, bool)>,
}

/// The runs of `shard` out of the whole list, and the tag naming its place in the suite. Worlds are
/// ordered by path, a manifest's runs by line (see shard.rs).
pub fn select(all: Vec<RunSpec>, from_manifest: bool, shard: Shard) -> (Vec<RunSpec>, SuiteTag) {
    let (order, keys): (Vec<usize>, Vec<String>) = if from_manifest {
        ((0..all.len()).collect(), all.iter().map(|r| r.id.clone()).collect())
    } else {
        let worlds: Vec<&Path> = all.iter().map(|r| r.world.as_path()).collect();
        let order = shard::world_order(&worlds);
        let keys = order.iter().map(|i| shard::world_key(worlds[*i])).collect();
        (order, keys)
    };
    let tag = SuiteTag {
        fingerprint: shard::fingerprint(keys.iter().map(String::as_str)),
        runs: all.len(),
        shard: shard.index,
        shards: shard.count,
    };
    let mine = shard.pick(&order);
    let runs = all.into_iter().enumerate().filter(|(i, _)| mine.binary_search(i).is_ok()).map(|(_, r)| r).collect();
    (runs, tag)
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
    let total = opts.runs.len();
    let jobs = opts.jobs.clamp(1, total.max(1));
    let workers = match slots::make(&scratch, jobs) {
        Ok(dirs) => dirs,
        Err(e) => {
            eprintln!("webots-shim: cannot create the suite's socket folders: {e}");
            let _ = std::fs::remove_dir_all(&scratch);
            return 1;
        }
    };
    // before any other thread starts processes: the held folders are inheritable meanwhile
    let guard = match super::guard::Guard::start_holding(&program, &scratch, &slots::to_hold(&scratch, &workers)) {
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
    if let Some(dir) = &opts.json {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("webots-shim: cannot create the results folder {}: {e}", dir.display());
            return 2;
        }
    }
    if let Some((dir, _)) = &opts.replays {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("webots-shim: cannot create the replays folder {}: {e}", dir.display());
            return 2;
        }
    }
    eprintln!("webots-shim test: {total} {}(s), {jobs} at a time", opts.noun);
    let mut status = 0;
    let board = Board { next: AtomicUsize::new(0), running: Mutex::new(BTreeMap::new()), stop: AtomicBool::new(false) };
    let mut results: Vec<Option<CaseResult>> = (0..total).map(|_| None).collect();
    let (tx, rx) = mpsc::channel::<(usize, CaseResult)>();
    // each worker's first world is started from here, at once: a runner then does not wait for its
    // worker thread to be given a core first (on a busy machine, often milliseconds)
    let first: Vec<Option<Started>> =
        workers.iter().map(|folder| start_next(opts, &board, (&program, folder), &guard)).collect();
    std::thread::scope(|s| {
        for (folder, first) in workers.iter().zip(first) {
            let tx = tx.clone();
            let (board, program, guard) = (&board, &program, &guard);
            s.spawn(move || worker(opts, board, (program, folder), guard, first, &tx));
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
                    if !save_record(opts, &opts.runs[i], &result) {
                        status = 1;
                    }
                    results[i] = Some(result);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if tty && last_status.elapsed() >= STATUS_EVERY {
                last_status = Instant::now();
                let running: Vec<usize> =
                    board.running.lock().unwrap_or_else(|e| e.into_inner()).keys().copied().collect();
                let worlds: Vec<&Path> = running.iter().map(|i| opts.runs[*i].world.as_path()).collect();
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
    let mut cases = Vec::with_capacity(total);
    for (result, run) in results.into_iter().zip(&opts.runs) {
        let case = result.unwrap_or_else(|| {
            let case = CaseResult::not_run(run, "not run: the suite was interrupted".into());
            if !save_record(opts, run, &case) {
                status = 1;
            }
            case
        });
        cases.push(RunRecord::new(&case, run.until.or(opts.until), &opts.tag).report());
    }
    let elapsed = start.elapsed();
    // removed while the watchdog still holds the folders (see slots.rs), then it is let go
    let _ = std::fs::remove_dir_all(&scratch);
    if let Some(guard) = guard.into_inner().unwrap_or_else(|e| e.into_inner()) {
        guard.let_go();
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(summary::render(&cases, opts.noun, elapsed).as_bytes());
    let _ = out.flush();
    if !cases.iter().all(|c| c.passed()) {
        status = 1;
    }
    if let Some(path) = &opts.junit {
        let tag = (opts.tag.shards > 1).then_some(&opts.tag);
        let xml = junit::render(&cases, elapsed.as_secs_f64(), Some(&junit::timestamp(started_at)), tag);
        if let Err(e) = write_atomically(path, xml.as_bytes()) {
            eprintln!("webots-shim: cannot write the JUnit report {}: {e}", path.display());
            status = 1;
        }
    }
    status
}

/// A world taken from the board and started (or that could not start).
struct Started {
    index: usize,
    started: (SystemTime, Instant),
    spawned: std::io::Result<case::Running>,
}

/// Takes the board's next world and starts it in `folder`; none when the suite is stopping or every
/// world is taken.
fn start_next(
    opts: &SuiteOptions,
    board: &Board,
    (program, folder): (&Path, &slots::Worker),
    guard: &Mutex<Option<super::guard::Guard>>,
) -> Option<Started> {
    if board.stop.load(Ordering::Relaxed) {
        return None;
    }
    let index = board.next.fetch_add(1, Ordering::Relaxed);
    let run = opts.runs.get(index)?;
    let started = (SystemTime::now(), Instant::now());
    let spawned = case::spawn(&case_setup(opts, run, index, (program, folder)));
    if let Ok(running) = &spawned {
        let pid = running.child.id();
        if let Some(guard) = guard.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            guard.watch(pid);
        }
        let mut running = board.running.lock().unwrap_or_else(|e| e.into_inner());
        running.insert(index, pid);
        if board.stop.load(Ordering::Relaxed) {
            let _ = kill(Pid::from_raw(pid as i32), Signal::SIGTERM);
        }
    }
    Some(Started { index, started, spawned })
}

fn case_setup<'a>(
    opts: &'a SuiteOptions,
    run: &'a RunSpec,
    index: usize,
    (program, folder): (&'a Path, &'a slots::Worker),
) -> CaseSetup<'a> {
    CaseSetup {
        program,
        run,
        worker: folder,
        until: run.until.or(opts.until),
        step_timeout: opts.step_timeout,
        replay: opts.replays.as_ref().map(|(dir, all)| (case::replay_path(dir, &run.id, index), *all)),
    }
}

/// Finishes `first` (started by the caller), then starts and finishes worlds until none is left.
fn worker(
    opts: &SuiteOptions,
    board: &Board,
    (program, folder): (&Path, &slots::Worker),
    guard: &Mutex<Option<super::guard::Guard>>,
    first: Option<Started>,
    tx: &mpsc::Sender<(usize, CaseResult)>,
) {
    let mut next = first;
    while let Some(Started { index, started, spawned }) = next {
        let run = &opts.runs[index];
        let result = match spawned {
            Ok(running) => {
                let result = case::finish(&case_setup(opts, run, index, (program, folder)), running, started);
                board.running.lock().unwrap_or_else(|e| e.into_inner()).remove(&index);
                result
            }
            Err(e) => CaseResult::not_run(run, format!("cannot start the runner: {e}")),
        };
        if tx.send((index, result)).is_err() {
            return;
        }
        next = start_next(opts, board, (program, folder), guard);
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

/// Writes the run's result file when the suite has a results folder; false if it could not.
fn save_record(opts: &SuiteOptions, run: &RunSpec, case: &CaseResult) -> bool {
    let Some(dir) = &opts.json else { return true };
    let record = RunRecord::new(case, run.until.or(opts.until), &opts.tag);
    let path = record.path_in(dir);
    let written = serde_json::to_vec_pretty(&record)
        .map_err(std::io::Error::other)
        .and_then(|text| write_atomically(&path, &text));
    if let Err(e) = &written {
        eprintln!("webots-shim: cannot write the result file {}: {e}", path.display());
    }
    written.is_ok()
}
