//! Suites beyond one machine: `test --shard` and the schedulers' shard variables, `--manifest` sweeps
//! (seed, until and environment per run), `--json` result files, `webots-shim manifest` and
//! `webots-shim merge`, and their exit statuses.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::suite::{assert_status, header, output, robot, shim_command, suite, suite_command};
use common::{Project, RunOutput};
use webots_shim::runner::suite::junit;
use webots_shim::runner::suite::record::{CaseReport, RunRecord, Verdict};

/// A project with `count` worlds `w0.wbt`... whose one robot runs no controller (each passes at once).
fn idle_worlds(count: usize) -> (Project, Vec<String>) {
    let p = Project::new();
    let names: Vec<String> = (0..count).map(|i| format!("w{i}.wbt")).collect();
    for name in &names {
        p.world(name, &(header() + &robot("idle", "<none>", &[])));
    }
    (p, names)
}

fn refs(names: &[String]) -> Vec<&str> {
    names.iter().map(String::as_str).collect()
}

/// The worlds a suite ran, by file name, from its progress lines.
fn ran(out: &RunOutput) -> BTreeSet<String> {
    out.stderr
        .lines()
        .filter(|l| l.starts_with('[') && (l.contains("] PASS ") || l.contains("] FAIL ")))
        .map(|l| {
            let path = l.split_whitespace().nth(2).unwrap();
            Path::new(path).file_name().unwrap().to_string_lossy().into_owned()
        })
        .collect()
}

fn records(dir: &Path) -> Vec<RunRecord> {
    let mut found: Vec<RunRecord> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| serde_json::from_slice(&std::fs::read(e.unwrap().path()).unwrap()).unwrap())
        .collect();
    found.sort_by(|a, b| a.id.cmp(&b.id));
    found
}

#[test]
fn shards_cover_every_world_exactly_once_whatever_the_order_given() {
    let (p, names) = idle_worlds(7);
    let mut reversed = names.clone();
    reversed.reverse();
    let shuffled: Vec<String> = [3, 0, 6, 2, 5, 1, 4].iter().map(|i| names[*i].clone()).collect();
    for count in [1, 2, 3, 7, 9] {
        let mut seen = Vec::new();
        for index in 1..=count {
            let shard = format!("{index}/{count}");
            let out = suite(&p, &refs(&names), &["--shard", &shard]);
            assert_status(&out, 0);
            let mine = ran(&out);
            // the same list in other orders gives the same shard
            for other in [&reversed, &shuffled] {
                assert_eq!(ran(&suite(&p, &refs(other), &["--shard", &shard])), mine, "shard {shard}");
            }
            out.assert_stderr_has(&format!("shard {shard} (--shard {shard}): {} of 7 world(s)", mine.len()));
            assert!(mine.len() == 7 / count || mine.len() == 7 / count + 1, "shard {shard}: {mine:?}");
            seen.extend(mine);
        }
        seen.sort();
        assert_eq!(seen, names, "{count} shards");
    }
}

#[test]
fn the_shard_comes_from_the_scheduler_s_environment_and_is_named() {
    let (p, names) = idle_worlds(5);
    let by_option = |shard: &str| ran(&suite(&p, &refs(&names), &["--shard", shard]));
    let from_env = |vars: &[(&str, &str)], args: &[&str]| {
        let mut cmd = suite_command(&p, &refs(&names), args);
        cmd.envs(vars.iter().copied());
        output(cmd)
    };
    // an array --array=5-7: task 6 is the second of three
    let slurm = [("SLURM_ARRAY_TASK_ID", "6"), ("SLURM_ARRAY_TASK_MIN", "5"), ("SLURM_ARRAY_TASK_COUNT", "3")];
    let out = from_env(&slurm, &[]);
    assert_status(&out, 0);
    out.assert_stderr_has(
        "shard 2/3 (SLURM_ARRAY_TASK_ID=6, SLURM_ARRAY_TASK_MIN=5, SLURM_ARRAY_TASK_COUNT=3): 2 of 5 world(s)",
    );
    assert_eq!(ran(&out), by_option("2/3"));
    // GitLab counts from 1
    let out = from_env(&[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "3")], &[]);
    out.assert_stderr_has("shard 1/3 (CI_NODE_INDEX=1, CI_NODE_TOTAL=3)");
    assert_eq!(ran(&out), by_option("1/3"));
    // CircleCI from 0
    let out = from_env(&[("CIRCLE_NODE_INDEX", "1"), ("CIRCLE_NODE_TOTAL", "2")], &[]);
    assert_eq!(ran(&out), by_option("2/2"));
    // Kubernetes gives the index, the command line the count
    let out = from_env(&[("JOB_COMPLETION_INDEX", "2")], &["--shard-count", "3"]);
    out.assert_stderr_has("shard 3/3 (JOB_COMPLETION_INDEX=2, --shard-count 3)");
    assert_eq!(ran(&out), by_option("3/3"));
    // --shard wins over the environment; --shard 1/1 runs everything
    let out = from_env(&slurm, &["--shard", "1/1"]);
    assert_eq!(ran(&out).len(), 5);
    // bad values: a clear message, exit 2 (not 1, "a world failed"), nothing run
    for (vars, args, says) in [
        (&[("JOB_COMPLETION_INDEX", "2")][..], &[][..], "pass --shard-count N"),
        (&[("CI_NODE_INDEX", "4"), ("CI_NODE_TOTAL", "3")][..], &[][..], "beyond the count"),
        (&[("SLURM_ARRAY_TASK_ID", "one"), ("SLURM_ARRAY_TASK_COUNT", "3")][..], &[][..], "is not a whole number"),
        (&[][..], &["--shard", "4/3"][..], "expected I/N with 1 <= I <= N"),
        (&[][..], &["--shard-count", "3"][..], "JOB_COMPLETION_INDEX, which is not set"),
    ] {
        let out = from_env(vars, args);
        assert_status(&out, 2);
        out.assert_stderr_has(says);
        assert!(ran(&out).is_empty(), "{}", out.stderr);
    }
}

/// What a report says of each run, without its times and shard: name, class, failure and output.
fn content(cases: &[CaseReport]) -> Vec<CaseReport> {
    let mut v: Vec<CaseReport> =
        cases.iter().map(|c| CaseReport { time_s: 0.0, started: None, suite: None, ..c.clone() }).collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v
}

fn read_junit(path: &Path) -> Vec<CaseReport> {
    junit::read(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The summary's failure blocks, times removed.
fn failure_blocks(stdout: &str) -> String {
    let mut text = String::new();
    for line in stdout.lines().filter(|l| !l.starts_with("webots-shim ")) {
        let line = match line.strip_prefix("FAIL ") {
            Some(rest) => format!("FAIL {}", rest.rsplit_once(" (").unwrap().0),
            None => line.to_string(),
        };
        text += &line;
        text.push('\n');
    }
    text
}

#[test]
fn merged_shards_equal_the_unsharded_report_and_a_failure_in_one_fails_the_merge() {
    let p = Project::new();
    p.controller("quit", "quit");
    p.controller("crash", "crash");
    p.controller("early_exit", "early_exit");
    p.world("a_ok.wbt", &(header() + &robot("a", "quit", &[])));
    p.world("b_crash.wbt", &(header() + &robot("crasher", "crash", &[]) + &robot("fine", "quit", &[])));
    p.world("c_ok.wbt", &(header() + &robot("c", "quit", &[])));
    p.world("d_early.wbt", &(header() + &robot("early", "early_exit", &[])));
    p.world("e_bad.wbt", "#VRML_SIM R2025a utf8\nRobot {\n");
    let worlds = ["a_ok.wbt", "b_crash.wbt", "c_ok.wbt", "d_early.wbt", "e_bad.wbt"];
    let args = ["--until", "0.2"];
    let dir = p.path();
    let whole = suite(&p, &worlds, &[&args[..], &["--junit", "whole.xml"]].concat());
    assert_status(&whole, 1);
    let mut junit_files = Vec::new();
    for i in 1..=3 {
        let junit = format!("shard{i}.xml");
        let out = suite(
            &p,
            &worlds,
            &[&args[..], &["--shard", &format!("{i}/3"), "--junit", &junit, "--json", "results"]].concat(),
        );
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", out.stderr);
        junit_files.push(junit);
    }
    let merge =
        |inputs: &[&str], junit: &str| output(shim_command(&p, &[&["merge"], inputs, &["--junit", junit]].concat()));
    let from_junit = merge(&refs(&junit_files), "merged.xml");
    let from_json = merge(&["results"], "merged-json.xml");
    for (out, xml) in [(&from_junit, "merged.xml"), (&from_json, "merged-json.xml")] {
        assert_status(out, 1);
        out.assert_stdout_has("webots-shim merge: 5 run(s) from ");
        out.assert_stdout_has("2 passed, 3 failed\n");
        assert_eq!(content(&read_junit(&dir.join(xml))), content(&read_junit(&dir.join("whole.xml"))), "{xml}");
        assert_eq!(failure_blocks(&out.stdout), failure_blocks(&whole.stdout), "{xml}");
    }
    // each run's result file: verdict, robots, times, memory
    let results = records(&dir.join("results"));
    assert_eq!(results.len(), 5);
    let crash = results.iter().find(|r| r.id.ends_with("b_crash.wbt")).unwrap();
    assert_eq!(crash.verdict, Verdict::Fail);
    assert_eq!(crash.failures, ["'crasher' crashed: killed by signal 11 (SIGSEGV)"]);
    let robots: Vec<(&str, bool)> = crash.robots.iter().map(|r| (r.robot.as_str(), r.ok)).collect();
    assert_eq!(robots, [("crasher", false), ("fine", true)]);
    assert!(crash.simulated_time_s.is_some_and(|t| t > 0.0) && crash.wall_time_s > 0.0);
    assert!(crash.peak_rss_bytes.is_some_and(|b| b > 1 << 20), "{:?}", crash.peak_rss_bytes);
    let ok = results.iter().find(|r| r.id.ends_with("a_ok.wbt")).unwrap();
    assert_eq!((&ok.verdict, ok.robots[0].status.as_str()), (&Verdict::Pass, "exited successfully"));
    let bad = results.iter().find(|r| r.id.ends_with("e_bad.wbt")).unwrap();
    assert!(
        bad.robots.is_empty() && bad.simulated_time_s.is_none() && bad.failures[0].contains("cannot load the world")
    );

    // the passing worlds alone, in two shards: the merge passes; a shard missing, it fails
    let passing = ["a_ok.wbt", "c_ok.wbt"];
    for i in 1..=2 {
        let out = suite(&p, &passing, &[&args[..], &["--shard", &format!("{i}/2"), "--json", "passing"]].concat());
        assert_status(&out, 0);
    }
    let out = merge(&["passing"], "passing.xml");
    assert_status(&out, 0);
    out.assert_stdout_has("webots-shim merge: 2 run(s) from 2 file(s), 2 passed, 0 failed\n");
    let first = records(&dir.join("passing")).remove(0);
    std::fs::remove_file(first.path_in(&dir.join("passing"))).unwrap();
    let out = merge(&["passing"], "passing.xml");
    assert_status(&out, 1);
    out.assert_stdout_has(&format!("PROBLEM suite {} shard ", first.suite.fingerprint));
    out.assert_stdout_has(": 1 of its 1 run(s) did not report\n");
    // the problem is a failed test case in the JUnit report too
    assert!(read_junit(&dir.join("passing.xml")).iter().any(|c| !c.passed() && c.name.starts_with("suite ")));
    // an unreadable input fails the merge and is named
    std::fs::write(dir.join("junk.json"), "{\"id\": 1}").unwrap();
    let out = merge(&["results", "junk.json"], "m.xml");
    assert_status(&out, 1);
    out.assert_stdout_has("PROBLEM junk.json: unreadable: not a webots-shim result file:");
    // nothing to merge is a usage error
    std::fs::create_dir(dir.join("empty")).unwrap();
    assert_status(&merge(&["empty"], "m.xml"), 2);
}

/// The probe's lines in a run's captured output: (environment lines, noisy reading).
fn probe_said(record: &RunRecord) -> (Vec<String>, String) {
    let lines: Vec<String> = record.output.lines().map(|l| l.trim().to_string()).collect();
    let env = lines.iter().filter(|l| l.starts_with("env ")).cloned().collect();
    let noisy = lines.iter().find(|l| l.starts_with("noisy ")).cloned().unwrap_or_else(|| panic!("{lines:?}"));
    (env, noisy)
}

#[test]
fn manifest_runs_get_their_seed_until_and_environment() {
    let p = Project::new();
    p.controller("sweep_probe", "sweep_probe");
    p.controller("quit", "quit");
    let probe = "Robot { name \"probe\" controller \"sweep_probe\" controllerArgs [ \"SWEEP_LABEL\" ] \
                 children [ Compass { lookupTable [ -1 -100 0.2, 1 100 0.2 ] } ] }\n";
    p.world("probe.wbt", &(header() + probe));
    p.world("loop.wbt", &(header() + &robot("looper", "quit", &[])));
    let manifest = "{\"id\": \"one\", \"world\": \"worlds/probe.wbt\", \"seed\": 1, \"env\": {\"SWEEP_LABEL\": \"first\"}}\n\
                    {\"id\": \"two\", \"world\": \"worlds/probe.wbt\", \"seed\": 2}\n\
                    {\"id\": \"one again\", \"world\": \"worlds/probe.wbt\", \"seed\": 1, \"env\": {\"SWEEP_LABEL\": \"x y\"}}\n\
                    {\"id\": \"short\", \"world\": \"worlds/loop.wbt\", \"until\": 0.32}\n\
                    {\"id\": \"long\", \"world\": \"worlds/loop.wbt\"}\n\
                    {\"id\": \"failing\", \"world\": \"worlds/probe.wbt\", \"seed\": 1, \"env\": {\"SWEEP_EXIT\": \"4\"}}\n";
    std::fs::write(p.path().join("runs.jsonl"), manifest).unwrap();
    let out = output(shim_command(&p, &["test", "--manifest", "runs.jsonl", "--until", "0.64", "--json", "out"]));
    assert_status(&out, 1);
    out.assert_stderr_has("webots-shim test: 6 run(s), ");
    out.assert_stdout_has("webots-shim test: 6 run(s), 5 passed, 1 failed");
    out.assert_stdout_has("FAIL failing (");
    let results = records(&p.path().join("out"));
    let get = |id: &str| results.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("no result for {id}"));
    let (one, two, again) = (probe_said(get("one")), probe_said(get("two")), probe_said(get("one again")));
    assert_eq!(one.0, ["env SWEEP_LABEL=first"]);
    assert_eq!(two.0, ["env SWEEP_LABEL unset"]);
    assert_eq!(again.0, ["env SWEEP_LABEL=x y"]);
    assert_eq!(one.1, again.1, "same seed, same noise");
    assert_ne!(one.1, two.1, "another seed, other noise");
    assert_eq!((get("one").seed, get("two").seed, get("long").seed), (Some(1), Some(2), None));
    // the seed is the runner's --seed: a hand-run with it reads the same
    let by_hand = p.run("probe.wbt", &["--seed", "2"]);
    assert_eq!(by_hand.robot_lines("probe").last().map(String::as_str), Some(two.1.as_str()));
    // a run's own until, else the suite's
    let time = |id: &str| get(id).simulated_time_s.unwrap();
    assert!(
        (0.32..0.4).contains(&time("short")) && (0.64..0.7).contains(&time("long")),
        "{} {}",
        time("short"),
        time("long")
    );
    assert_eq!((get("short").until, get("long").until), (Some(0.32), Some(0.64)));
    assert_eq!(get("failing").failures, ["'probe' exited with status 4"]);
}

#[test]
fn the_manifest_command_writes_one_run_per_world_and_seed_that_test_runs() {
    let (p, names) = idle_worlds(2);
    let worlds: Vec<String> = names.iter().map(|n| format!("worlds/{n}")).collect();
    let mut args = vec!["manifest"];
    args.extend(worlds.iter().map(String::as_str));
    args.extend(["--seeds", "3-5,9", "--until", "0.1", "--env", "GAIN=0.5", "-o", "sweep.jsonl"]);
    assert_status(&output(shim_command(&p, &args)), 0);
    let text = std::fs::read_to_string(p.path().join("sweep.jsonl")).unwrap();
    assert_eq!(text.lines().count(), 8);
    assert_eq!(
        text.lines().next().unwrap(),
        "{\"id\":\"worlds/w0.wbt#seed=3\",\"world\":\"worlds/w0.wbt\",\"seed\":3,\"until\":0.1,\"env\":{\"GAIN\":\"0.5\"}}"
    );
    // a manifest is cut into shards by line: 8 runs in 3 shards
    let mut all = Vec::new();
    for i in 1..=3 {
        let out = output(shim_command(
            &p,
            &["test", "--manifest", "sweep.jsonl", "--shard", &format!("{i}/3"), "--json", "r"],
        ));
        assert_status(&out, 0);
        out.assert_stderr_has(&format!("shard {i}/3 (--shard {i}/3): {} of 8 run(s)", [3, 3, 2][i - 1]));
    }
    for r in records(&p.path().join("r")) {
        assert_eq!(r.until, Some(0.1));
        all.push((r.world, r.seed.unwrap()));
    }
    all.sort();
    let want: Vec<(String, i32)> = worlds.iter().flat_map(|w| [3, 4, 5, 9].map(|s| (w.clone(), s))).collect();
    assert_eq!(all, want);
    // bad arguments: exit 2
    for bad in [
        &["manifest", "worlds/w0.wbt", "--seeds", "5-3"][..],
        &["manifest", "worlds/missing.wbt"],
        &["manifest", "worlds/w0.wbt", "--env", "NOEQUALS"],
    ] {
        let out = output(shim_command(&p, bad));
        assert_status(&out, 2);
        assert!(out.stderr.starts_with("webots-shim: "), "{}", out.stderr);
    }
}

#[test]
fn a_malformed_manifest_names_the_file_and_line_and_runs_nothing() {
    let (p, _) = idle_worlds(1);
    let text = "{\"world\": \"worlds/w0.wbt\"}\n{\"world\": \"worlds/w0.wbt\", \"seed\": 1.5}\n{\"wrld\": \"x\"}\n";
    std::fs::write(p.path().join("bad.jsonl"), text).unwrap();
    let out = output(shim_command(&p, &["test", "--manifest", "bad.jsonl"]));
    assert_status(&out, 2);
    out.assert_stderr_has("webots-shim: bad.jsonl:2:");
    out.assert_stderr_has("webots-shim: bad.jsonl:3:");
    out.assert_stderr_has("unknown field `wrld`");
    assert!(ran(&out).is_empty() && !out.stderr.contains("at a time"), "{}", out.stderr);
    std::fs::write(p.path().join("empty.jsonl"), "\n").unwrap();
    let out = output(shim_command(&p, &["test", "--manifest", "empty.jsonl"]));
    assert_status(&out, 2);
    out.assert_stderr_has("empty.jsonl: the manifest holds no runs");
    // worlds and a manifest at once
    assert_status(&output(shim_command(&p, &["test", "worlds/w0.wbt", "--manifest", "bad.jsonl"])), 2);
}
