//! What the suite prints: one progress line per finished world, then each failure with its robot,
//! how its controller ended and the last lines it printed, then the count.

use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

use super::case::CaseResult;
use super::record::CaseReport;
use super::tail::Lines;

pub fn progress_line(done: usize, total: usize, case: &CaseResult) -> String {
    let verdict = if case.passed() { "PASS" } else { "FAIL" };
    let mut line = format!("[{done}/{total}] {verdict} {} ({:.2} s)", case.id, case.elapsed.as_secs_f64());
    if let Some(first) = case.failures.first() {
        let _ = write!(line, ": {first}");
        if case.failures.len() > 1 {
            let _ = write!(line, " (+{} more)", case.failures.len() - 1);
        }
    }
    if let Some(path) = &case.replay {
        let _ = write!(line, " [replay: {}]", path.display());
    }
    line
}

/// The transient status line shown on a terminal while worlds run.
pub fn status_line(done: usize, total: usize, running: &[&Path], elapsed: Duration) -> String {
    let names: Vec<String> = running
        .iter()
        .map(|w| w.file_name().map_or_else(|| w.display().to_string(), |n| n.to_string_lossy().into_owned()))
        .collect();
    let mut line = format!("[{done}/{total}] {:.0} s, running: {}", elapsed.as_secs_f64(), names.join(", "));
    if line.chars().count() > 100 {
        line = line.chars().take(97).collect::<String>() + "...";
    }
    line
}

/// Each reason the world failed, followed by the last lines of whom it concerns: the robot, or for
/// a failure of the run as a whole (a supervisor's quit status, a runner that died), the runner's
/// messages and the robots not named otherwise.
pub fn failure_details(case: &CaseResult) -> String {
    let mut text = String::new();
    let mut others_shown = false;
    for failure in &case.failures {
        let _ = writeln!(text, "{failure}");
        match &failure.robot {
            Some(robot) => {
                if let Some(lines) = case.tail.robot(robot) {
                    indent_lines(&mut text, lines, "    | ");
                }
            }
            None if !others_shown => {
                others_shown = true;
                indent_lines(&mut text, &case.tail.runner, "    | ");
                let named = |r: &String| case.failures.iter().any(|f| f.robot.as_ref() == Some(r));
                for (robot, lines) in case.tail.robots.iter().filter(|(r, _)| !named(r)) {
                    let _ = writeln!(text, "  [{robot}]");
                    indent_lines(&mut text, lines, "    | ");
                }
            }
            None => {}
        }
    }
    if let Some(path) = &case.replay {
        let _ = writeln!(text, "replay: {}", path.display());
    }
    text
}

/// Everything kept of the world's output, robot by robot, then the runner's messages.
pub fn output_text(case: &CaseResult) -> String {
    let mut text = String::new();
    for (robot, lines) in &case.tail.robots {
        let _ = writeln!(text, "[{robot}]");
        indent_lines(&mut text, lines, "  ");
    }
    if !case.tail.runner.last.is_empty() {
        let _ = writeln!(text, "[webots-shim]");
        indent_lines(&mut text, &case.tail.runner, "  ");
    }
    if let Some(path) = &case.replay {
        // the line CI systems reading JUnit attachments (Jenkins, GitLab) turn into a link to the file
        let _ = writeln!(text, "replay: {}\n[[ATTACHMENT|{}]]", path.display(), path.display());
    }
    text
}

fn indent_lines(text: &mut String, lines: &Lines, indent: &str) {
    if lines.dropped > 0 {
        let _ = writeln!(text, "{indent}({} earlier lines not shown)", lines.dropped);
    }
    for line in &lines.last {
        let _ = writeln!(text, "{indent}{line}");
    }
}

/// Each failed run, its reasons and the last lines of whom they concern.
pub fn failures(cases: &[CaseReport]) -> String {
    let mut text = String::new();
    for case in cases {
        if let Some(failed) = &case.failure {
            let _ = writeln!(text, "FAIL {} ({:.2} s)", case.name, case.time_s);
            for line in failed.details.lines() {
                let _ = writeln!(text, "  {line}");
            }
        }
    }
    text
}

/// The failures, then `webots-shim test: N world(s), P passed, F failed in T s` (`noun`: what a run is).
pub fn render(cases: &[CaseReport], noun: &str, total: Duration) -> String {
    let failed = cases.iter().filter(|c| !c.passed()).count();
    let mut text = failures(cases);
    let _ = writeln!(
        text,
        "webots-shim test: {} {noun}(s), {} passed, {failed} failed in {:.2} s",
        cases.len(),
        cases.len() - failed,
        total.as_secs_f64()
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::outcome::Failure;
    use crate::runner::suite::record::{RunRecord, SuiteTag};
    use crate::runner::suite::tail::Tail;
    use std::path::PathBuf;
    use std::time::SystemTime;

    fn case(failures: Vec<Failure>, output: &[&str]) -> CaseResult {
        let mut tail = Tail::default();
        for l in output {
            tail.push(l.as_bytes());
        }
        CaseResult {
            id: "worlds/w.wbt".into(),
            world: PathBuf::from("worlds/w.wbt"),
            seed: None,
            started: SystemTime::UNIX_EPOCH,
            elapsed: Duration::from_millis(1500),
            failures,
            tail,
            report: None,
            peak_rss_bytes: None,
            replay: None,
        }
    }

    #[test]
    fn a_kept_replay_is_named_in_the_details_the_output_and_the_progress_line() {
        let mut c = case(vec![Failure { robot: None, message: "bad".into() }], &[]);
        c.replay = Some(PathBuf::from("replays/w.html"));
        assert!(failure_details(&c).ends_with("replay: replays/w.html\n"), "{}", failure_details(&c));
        assert!(output_text(&c).ends_with("replay: replays/w.html\n[[ATTACHMENT|replays/w.html]]\n"));
        assert!(progress_line(1, 1, &c).ends_with("[replay: replays/w.html]"));
    }

    #[test]
    fn a_failure_shows_its_robot_and_what_it_printed_last() {
        let c = case(
            vec![Failure { robot: Some("bad".into()), message: "exited with status 2".into() }],
            &["[bad] about to fail", "[good] fine", "webots-shim: run ended"],
        );
        assert_eq!(failure_details(&c), "'bad' exited with status 2\n    | about to fail\n");
        assert_eq!(progress_line(3, 7, &c), "[3/7] FAIL worlds/w.wbt (1.50 s): 'bad' exited with status 2");
        let tag = SuiteTag { fingerprint: "f".into(), runs: 1, shard: 1, shards: 1 };
        let summary = render(&[RunRecord::new(&c, None, &tag).report()], "world", Duration::from_secs(2));
        assert!(
            summary.starts_with("FAIL worlds/w.wbt (1.50 s)\n  'bad' exited with status 2\n      | about to fail\n")
        );
        assert!(summary.ends_with("webots-shim test: 1 world(s), 0 passed, 1 failed in 2.00 s\n"), "{summary}");
    }

    #[test]
    fn the_status_line_names_the_running_worlds_and_stays_short() {
        let (a, b) = (PathBuf::from("worlds/a.wbt"), PathBuf::from("/x/b.wbt"));
        assert_eq!(status_line(3, 10, &[&a, &b], Duration::from_millis(12_400)), "[3/10] 12 s, running: a.wbt, b.wbt");
        let many: Vec<PathBuf> = (0..50).map(|i| PathBuf::from(format!("world_{i}.wbt"))).collect();
        let refs: Vec<&Path> = many.iter().map(PathBuf::as_path).collect();
        let line = status_line(0, 50, &refs, Duration::ZERO);
        assert_eq!(line.chars().count(), 100);
        assert!(line.ends_with("..."));
    }

    #[test]
    fn a_failure_of_the_run_itself_shows_the_runner_s_messages() {
        let c = case(
            vec![Failure { robot: None, message: "the runner crashed".into() }],
            &["webots-shim: cannot load the world: x"],
        );
        assert_eq!(failure_details(&c), "the runner crashed\n    | webots-shim: cannot load the world: x\n");
        assert_eq!(output_text(&c), "[webots-shim]\n  webots-shim: cannot load the world: x\n");
    }
}
