//! Results a machine merges: `--json DIR` writes one file per run (`<id>-<digest>.json`, written
//! whole then renamed), and every report — the summary, JUnit, a merge of many shards — is made
//! from the same per-run view, [`CaseReport`].

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::case::CaseResult;
use super::junit::timestamp;
use super::shard::{hex, Shard};
use super::summary::{failure_details, output_text};

/// Which suite a run belongs to, and where in it: lets a merge see whether every shard reported.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SuiteTag {
    /// Digest of the suite's runs in canonical order (see shard.rs): the same for all its shards.
    pub fingerprint: String,
    /// Runs in the whole suite, over all shards.
    pub runs: usize,
    pub shard: usize,
    pub shards: usize,
}

impl SuiteTag {
    pub fn shard(&self) -> Shard {
        Shard { index: self.shard, count: self.shards }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Pass,
    Fail,
}

/// How one robot's controller ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RobotStatus {
    pub robot: String,
    /// False when this robot fails the run.
    pub ok: bool,
    /// "exited successfully", "crashed: killed by signal 11 (SIGSEGV)", ...
    pub status: String,
    /// It ended after a supervisor quit the simulation (still running at the quit).
    pub after_quit: bool,
}

/// One run's result file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    pub id: String,
    pub world: String,
    pub seed: Option<i32>,
    pub until: Option<f64>,
    pub verdict: Verdict,
    /// Why it failed, one line per reason.
    pub failures: Vec<String>,
    /// Empty when the runner did not report (it could not load the world, it crashed...).
    pub robots: Vec<RobotStatus>,
    /// ISO 8601 UTC.
    pub started: String,
    pub wall_time_s: f64,
    pub simulated_time_s: Option<f64>,
    /// The largest resident set of any one process of the run, the runner or a controller (what
    /// `/usr/bin/time -v` reports for the run), in bytes.
    pub peak_rss_bytes: Option<u64>,
    /// Each reason with the last lines of whom it concerns, as the summary shows it.
    pub details: String,
    /// The last lines each robot (and the runner) printed.
    pub output: String,
    pub suite: SuiteTag,
}

impl RunRecord {
    pub fn new(case: &CaseResult, until: Option<f64>, suite: &SuiteTag) -> RunRecord {
        let report = case.report.as_ref();
        let robots = report.map_or_else(Vec::new, |r| {
            r.controllers
                .iter()
                .map(|c| RobotStatus {
                    robot: c.robot.clone(),
                    ok: !r.holds_against(c),
                    status: c.outcome.to_string(),
                    after_quit: c.after_quit,
                })
                .collect()
        });
        RunRecord {
            id: case.id.clone(),
            world: case.world.display().to_string(),
            seed: case.seed,
            until,
            verdict: if case.passed() { Verdict::Pass } else { Verdict::Fail },
            failures: case.failures.iter().map(ToString::to_string).collect(),
            robots,
            started: timestamp(case.started),
            wall_time_s: case.elapsed.as_secs_f64(),
            simulated_time_s: report.map(|r| r.time_s),
            peak_rss_bytes: case.peak_rss_bytes,
            details: failure_details(case),
            output: output_text(case),
            suite: suite.clone(),
        }
    }

    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Pass
    }

    pub fn report(&self) -> CaseReport {
        CaseReport {
            name: self.id.clone(),
            classname: classname(Path::new(&self.world)),
            time_s: self.wall_time_s,
            failure: (!self.passed()).then(|| Failed {
                message: self.failures.first().cloned().unwrap_or_else(|| "failed".into()),
                details: self.details.clone(),
            }),
            output: self.output.clone(),
            started: Some(self.started.clone()),
            suite: Some(self.suite.clone()),
        }
    }

    /// `DIR/<id, filesystem-safe>-<digest of the id>.json`: one file per run id, so a run done again
    /// (a retried job) replaces its earlier result.
    pub fn path_in(&self, dir: &Path) -> PathBuf {
        let safe: String = self
            .id
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
            .take(80)
            .collect();
        let digest = hex(&Sha256::digest(self.id.as_bytes())[..6]);
        dir.join(format!("{}-{digest}.json", safe.trim_start_matches('.')))
    }
}

/// JUnit's class name for a run: its world's folder.
pub fn classname(world: &Path) -> String {
    world.parent().map(|p| p.display().to_string()).filter(|p| !p.is_empty()).unwrap_or_else(|| "webots-shim".into())
}

#[derive(Clone, Debug, PartialEq)]
pub struct Failed {
    /// The first reason.
    pub message: String,
    /// Every reason, with the last lines printed by whom it concerns.
    pub details: String,
}

/// One run as the reports show it, from a run of this suite, a result file or a JUnit file.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseReport {
    pub name: String,
    pub classname: String,
    pub time_s: f64,
    pub failure: Option<Failed>,
    pub output: String,
    pub started: Option<String>,
    /// None for JUnit files of other tools, or of a suite that was not sharded.
    pub suite: Option<SuiteTag>,
}

impl CaseReport {
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

/// Writes the file whole, then renames it in place: a reader never sees half of it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> RunRecord {
        RunRecord {
            id: id.into(),
            world: "worlds/a.wbt".into(),
            seed: Some(4),
            until: None,
            verdict: Verdict::Fail,
            failures: vec!["'r' exited with status 2".into(), "'s' exited with status 3".into()],
            robots: vec![],
            started: "2024-02-29T12:34:56".into(),
            wall_time_s: 1.25,
            simulated_time_s: Some(0.5),
            peak_rss_bytes: Some(1 << 20),
            details: "'r' exited with status 2\n    | bye\n's' exited with status 3\n".into(),
            output: "[r]\n  bye\n".into(),
            suite: SuiteTag { fingerprint: "f".into(), runs: 3, shard: 1, shards: 2 },
        }
    }

    #[test]
    fn a_record_round_trips_and_reports_its_first_reason() {
        let r = record("worlds/a.wbt#seed=4");
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<RunRecord>(&text).unwrap(), r);
        assert!(text.contains("\"verdict\":\"fail\""), "{text}");
        let c = r.report();
        assert_eq!(c.name, "worlds/a.wbt#seed=4");
        assert_eq!(c.classname, "worlds");
        assert_eq!(c.failure.unwrap().message, "'r' exited with status 2");
    }

    #[test]
    fn file_names_are_safe_and_distinct_for_distinct_ids() {
        let dir = Path::new("/out");
        let a = record("worlds/a.wbt#seed=4").path_in(dir);
        let b = record("worlds_a.wbt_seed_4").path_in(dir);
        assert_ne!(a, b);
        let name = a.file_name().unwrap().to_str().unwrap();
        assert!(name.starts_with("worlds_a.wbt_seed_4-") && name.ends_with(".json"), "{name}");
        assert_eq!(a, record("worlds/a.wbt#seed=4").path_in(dir), "stable");
        let hidden = record("../x").path_in(dir);
        assert_eq!(hidden.parent(), Some(dir));
        assert!(!hidden.file_name().unwrap().to_str().unwrap().starts_with('.'));
        let long = record(&"x".repeat(1000)).path_in(dir);
        assert!(long.file_name().unwrap().len() < 120);
    }
}
