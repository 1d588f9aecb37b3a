//! One test case: a world run by a child `webots-shim run` in its own process group and private
//! folder (its worker's, see slots.rs), its output captured, its report read back, and the verdict.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant, SystemTime};

use serde::{Deserialize, Serialize};

use super::manifest::RunSpec;
use super::tail::Tail;
use crate::runner::guard;
use crate::runner::outcome::{Failure, Outcome, RunReport};

/// How a world's run is started.
pub struct CaseSetup<'a> {
    pub program: &'a Path,
    pub run: &'a RunSpec,
    /// The child's own `WEBOTS_SHIM_TMPDIR` and socket folder: its worker's, emptied after the run.
    pub worker: &'a super::slots::Worker,
    pub until: Option<f64>,
    pub step_timeout: f64,
    /// Where the run records its replay, and whether it is kept when the world passes.
    pub replay: Option<(PathBuf, bool)>,
}

/// What `run --report FILE` writes: the run's report, and the largest resident set of any one of
/// its processes (the runner, or the largest controller with what it waited for).
#[derive(Serialize, Deserialize)]
pub struct ReportFile {
    #[serde(flatten)]
    pub report: RunReport,
    #[serde(default)]
    pub peak_rss_bytes: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct CaseResult {
    pub id: String,
    pub world: PathBuf,
    pub seed: Option<i32>,
    pub started: SystemTime,
    pub elapsed: Duration,
    /// Empty when the world passed.
    pub failures: Vec<Failure>,
    pub tail: Tail,
    pub report: Option<RunReport>,
    pub peak_rss_bytes: Option<u64>,
    /// The run's replay, kept (`test --record-failures DIR`, `--record-all`).
    pub replay: Option<PathBuf>,
}

impl CaseResult {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// A world that never ran (the suite was interrupted first, or the child could not start).
    pub fn not_run(run: &RunSpec, why: String) -> CaseResult {
        CaseResult {
            id: run.id.clone(),
            world: run.world.clone(),
            seed: run.seed,
            started: SystemTime::now(),
            elapsed: Duration::ZERO,
            failures: vec![Failure { robot: None, message: why }],
            tail: Tail::default(),
            report: None,
            peak_rss_bytes: None,
            replay: None,
        }
    }
}

/// A world's run in progress: the runner, and its stdout and stderr on one pipe (read in the order
/// the runner writes them, which is the same from run to run).
pub struct Running {
    pub child: Child,
    output: std::io::PipeReader,
}

/// Starts the world's run; the caller records `child.id()` (its process group) to stop it if asked.
pub fn spawn(setup: &CaseSetup) -> std::io::Result<Running> {
    super::slots::ensure(setup.worker)?;
    let mut cmd = Command::new(setup.program);
    cmd.arg("run")
        .arg(&setup.run.world)
        .arg("--report")
        .arg(report_path(setup))
        .arg("--parent-pid")
        .arg(std::process::id().to_string())
        .arg("--step-timeout")
        .arg(setup.step_timeout.to_string())
        // the suite watches the run's controllers itself: no watchdog process per world
        .arg("--guard-file")
        .arg(setup.worker.dir.join(guard::FILE_NAME))
        .arg("--socket-folder")
        .arg(&setup.worker.socket_folder);
    if let Some(until) = setup.until {
        cmd.arg("--until").arg(until.to_string());
    }
    if let Some(seed) = setup.run.seed {
        cmd.arg("--seed").arg(seed.to_string());
    }
    if let Some((path, _)) = &setup.replay {
        cmd.arg("--record").arg(path);
    }
    // the manifest's variables first: those the run needs from us win (manifests cannot name them)
    cmd.envs(&setup.run.env)
        .env("WEBOTS_SHIM_TMPDIR", &setup.worker.dir)
        .env("WEBOTS_TEST_SUITE", "TRUE")
        .env_remove("WEBOTS_CONTROLLER_URL")
        .env_remove("WEBOTS_SHIM_WORLD");
    // close-on-exec: runs started by other workers meanwhile do not inherit it
    let (read, write) = std::io::pipe()?;
    cmd.stdin(Stdio::null()).stdout(write.try_clone()?).stderr(write).process_group(0);
    let child = cmd.spawn()?;
    // the command holds the pipe's writing end until it is dropped: the output then ends with the run
    drop(cmd);
    Ok(Running { child, output: read })
}

/// `DIR/<id, filesystem-safe>-<index>.html`: where run `index` of the suite records its replay.
pub fn replay_path(dir: &Path, id: &str, index: usize) -> PathBuf {
    let safe: String =
        id.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).take(80).collect();
    dir.join(format!("{}-{index}.html", safe.trim_start_matches(['.', '_'])))
}

fn report_path(setup: &CaseSetup) -> PathBuf {
    setup.worker.dir.join("report.json")
}

/// Reads the child's output to its end, waits for it and judges the world.
pub fn finish(setup: &CaseSetup, run: Running, started: (SystemTime, Instant)) -> CaseResult {
    let Running { mut child, output } = run;
    let mut tail = Tail::default();
    collect(output, &mut tail);
    let status = child.wait();
    let elapsed = started.1.elapsed();
    // a runner that died leaves its controllers to us
    guard::settle(&setup.worker.dir.join(guard::FILE_NAME));
    let file = std::fs::read(report_path(setup)).ok().and_then(|t| serde_json::from_slice::<ReportFile>(&t).ok());
    let (report, peak_rss_bytes) = file.map_or((None, None), |f| (Some(f.report), f.peak_rss_bytes));
    super::slots::clear(setup.worker);
    let failures = judge(report.as_ref(), status.ok(), &tail);
    let replay = setup.replay.as_ref().and_then(|(path, keep_all)| {
        let written = std::fs::metadata(path).is_ok_and(|m| m.len() > 0);
        if written && (*keep_all || !failures.is_empty()) {
            Some(path.clone())
        } else {
            let _ = std::fs::remove_file(path);
            None
        }
    });
    let run = setup.run;
    CaseResult {
        id: run.id.clone(),
        world: run.world.clone(),
        seed: run.seed,
        started: started.0,
        elapsed,
        failures,
        tail,
        report,
        peak_rss_bytes,
        replay,
    }
}

fn collect(from: impl Read, tail: &mut Tail) {
    let mut reader = BufReader::with_capacity(1 << 16, from);
    let mut line = Vec::new();
    loop {
        line.clear();
        // a line without an end is taken in 64 KiB pieces, never whole
        match reader.by_ref().take(1 << 16).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => tail.push(&line),
        }
    }
}

/// The verdict: the run's own when it reported, else how the runner ended and what it said.
pub fn judge(report: Option<&RunReport>, status: Option<ExitStatus>, tail: &Tail) -> Vec<Failure> {
    if let Some(report) = report {
        return report.failures();
    }
    let how = match status {
        Some(s) if s.signal().is_some() => format!("the runner {}", Outcome::from_status(s)),
        Some(s) => format!("the runner exited with status {} without a report", s.code().unwrap_or(-1)),
        None => "the runner could not be waited for".to_string(),
    };
    let said: Vec<&str> = tail
        .runner
        .last
        .iter()
        .filter_map(|l| l.strip_prefix("webots-shim: "))
        .filter(|l| !l.starts_with("warning: "))
        .collect();
    let message = match said.last() {
        Some(last) => format!("{last} ({how})"),
        None => how,
    };
    vec![Failure { robot: None, message }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::outcome::ControllerReport;

    fn status(raw: i32) -> ExitStatus {
        ExitStatus::from_raw(raw)
    }

    #[test]
    fn a_report_decides_and_names_the_failing_robots() {
        let report = RunReport {
            controllers: vec![
                ControllerReport { robot: "ok".into(), outcome: Outcome::Exited(0), after_quit: false },
                ControllerReport { robot: "bad".into(), outcome: Outcome::Signaled(6), after_quit: false },
            ],
            time_s: 0.5,
            interrupted: false,
            supervisor_quit: None,
        };
        let failures = judge(Some(&report), Some(status(1 << 8)), &Tail::default());
        assert_eq!(
            failures,
            vec![Failure { robot: Some("bad".into()), message: "crashed: killed by signal 6 (SIGABRT)".into() }]
        );
    }

    #[test]
    fn without_a_report_the_runner_s_end_and_last_words_are_the_failure() {
        let mut tail = Tail::default();
        tail.push(b"webots-shim: warning: something odd");
        tail.push(b"webots-shim: cannot load the world: bad.wbt:3:17: expected a number");
        let failures = judge(None, Some(status(1 << 8)), &tail);
        assert_eq!(
            failures[0].message,
            "cannot load the world: bad.wbt:3:17: expected a number (the runner exited with status 1 without a report)"
        );
        let killed = judge(None, Some(status(9)), &Tail::default());
        assert_eq!(killed[0].message, "the runner crashed: killed by signal 9 (SIGKILL)");
    }
}
