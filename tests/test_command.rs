//! `webots-shim test`: worlds as test cases run in parallel, the summary and exit status, JUnit XML,
//! Webots' test-suite convention (TestSuiteEmitter/TestSuiteSupervisor), and the faults that must
//! fail one world and never the suite: crashes, hangs, forks, floods, early exits, unparsable worlds,
//! a runner that dies, the suite or a run killed by SIGTERM or SIGKILL, two suites at once.

mod common;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::suite::{assert_status, header, robot, suite, suite_command};
use common::{home_with_supervisor, Project, RunOutput};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

const TS_PROTOS: &str = "EXTERNPROTO \"webots://tests/default/protos/TestSuiteEmitter.proto\"\n\
                         EXTERNPROTO \"webots://tests/default/protos/TestSuiteSupervisor.proto\"\n";

/// A robot carrying the test-suite emitter.
fn ts_robot(name: &str, controller: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        "Robot {{ name \"{name}\" controller \"{controller}\" controllerArgs [ {} ] children [ TestSuiteEmitter {{ }} ] }}\n",
        args.join(" ")
    )
}

fn alive(pid: i32) -> bool {
    // a zombie still answers kill(0): look at its state too
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let zombie = state.rsplit(") ").next().is_some_and(|rest| rest.starts_with('Z'));
    kill(Pid::from_raw(pid), None).is_ok() && !zombie
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out after {limit:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The pids a controller wrote, one per line, once it has written them.
fn read_pids(path: &Path, count: usize) -> Vec<i32> {
    let mut pids = Vec::new();
    wait_until(&format!("{count} pid(s) in {}", path.display()), Duration::from_secs(10), || {
        pids =
            std::fs::read_to_string(path).unwrap_or_default().lines().filter_map(|l| l.trim().parse().ok()).collect();
        pids.len() >= count
    });
    pids
}

/// Every socket or pid file still under the project's socket base folder.
fn leftover_run_files(p: &Project) -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.file_name().is_some_and(|n| n == "ipc.sock" || n == "runner.pid") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&p.path().join("run"), &mut found);
    found
}

#[test]
fn passing_worlds_exit_0_with_a_progress_line_each_and_a_summary() {
    let p = Project::new();
    p.world("a.wbt", &(header() + &robot("a", "quit", &[])));
    p.world("b.wbt", &(header() + &robot("b1", "quit", &[]) + &robot("b2", "quit", &[])));
    p.controller("quit", "quit");
    let out = suite(&p, &["a.wbt", "b.wbt"], &["--until", "0.2", "--jobs", "2"]);
    assert_status(&out, 0);
    assert!(out.stderr.contains("webots-shim test: 2 world(s), 2 at a time"), "{}", out.stderr);
    assert!(out.stderr.contains("[1/2] PASS ") && out.stderr.contains("[2/2] PASS "), "{}", out.stderr);
    assert!(out.stdout.contains("webots-shim test: 2 world(s), 2 passed, 0 failed"), "{}", out.stdout);
    assert!(!out.stdout.contains("FAIL"), "{}", out.stdout);
    assert!(leftover_run_files(&p).is_empty(), "{:?}", leftover_run_files(&p));
}

#[test]
fn a_crash_fails_its_world_with_the_robot_the_signal_and_its_last_lines() {
    let p = Project::new();
    p.world("crash.wbt", &(header() + &robot("crasher", "crash", &[]) + &robot("survivor", "quit", &[])));
    p.world("fine.wbt", &(header() + &robot("fine", "quit", &[])));
    p.controller("crash", "crash");
    p.controller("quit", "quit");
    let out = suite(&p, &["crash.wbt", "fine.wbt"], &["--until", "0.3"]);
    assert_status(&out, 1);
    out.assert_stdout_has("crash.wbt (");
    out.assert_stdout_has("  'crasher' crashed: killed by signal 11 (SIGSEGV)\n      | crashing now\n");
    // only the failing robot is listed
    assert!(!out.stdout.contains("'survivor'"), "{}", out.stdout);
    out.assert_stdout_has("webots-shim test: 2 world(s), 1 passed, 1 failed");
    assert!(out.stderr.contains("PASS ") && out.stderr.contains("fine.wbt"), "{}", out.stderr);
}

#[test]
fn a_hanging_controller_is_killed_after_the_step_timeout_and_fails_its_world() {
    let p = Project::new();
    p.world("hang.wbt", &(header() + &robot("hanger", "hang", &[]) + &robot("other", "quit", &[])));
    p.controller("hang", "hang");
    p.controller("quit", "quit");
    let out = suite(&p, &["hang.wbt"], &["--until", "0.5", "--step-timeout", "1"]);
    assert_status(&out, 1);
    out.assert_stdout_has("'hanger' was killed: did not come back to wb_robot_step within 1 s");
    let line = out.stdout.lines().find(|l| l.contains("hanging now (pid ")).expect("the hanger's last line");
    let pid: i32 = line.rsplit("pid ").next().unwrap().trim_end_matches(')').parse().unwrap();
    assert!(!alive(pid), "the hung controller {pid} survived");
    assert!(out.elapsed < Duration::from_secs(8), "took {:?}", out.elapsed);
}

#[test]
fn forked_children_of_a_controller_do_not_outlive_its_world() {
    let p = Project::new();
    let pid_file = p.path().join("child.pid");
    p.world("fork.wbt", &(header() + &robot("forker", "fork_child", &[pid_file.to_str().unwrap()])));
    p.controller("fork_child", "fork_child");
    let out = suite(&p, &["fork.wbt"], &[]);
    assert_status(&out, 0);
    let child = read_pids(&pid_file, 1)[0];
    assert!(!alive(child), "the forked child {child} survived its world");
}

#[test]
fn a_flooding_controller_finishes_and_its_output_is_cut_to_its_last_lines() {
    let p = Project::new();
    p.world("flood.wbt", &(header() + &robot("flooder", "flood", &["200000"])));
    p.controller("flood", "flood");
    let out = suite(&p, &["flood.wbt"], &[]);
    assert_status(&out, 1);
    out.assert_stdout_has("'flooder' exited with status 5");
    out.assert_stdout_has("| last words after the flood");
    out.assert_stdout_has("earlier lines not shown)");
    // the 1 MiB line without a newline is cut, and the whole summary stays small
    out.assert_stdout_has("more bytes]");
    assert!(out.stdout.len() < 32 * 1024, "summary of {} bytes", out.stdout.len());
}

#[test]
fn a_controller_that_exits_before_init_fails_its_world() {
    let p = Project::new();
    p.world("early.wbt", &(header() + &robot("early", "early_exit", &[]) + &robot("other", "quit", &[])));
    p.controller("early_exit", "early_exit");
    p.controller("quit", "quit");
    let out = suite(&p, &["early.wbt"], &["--until", "0.1"]);
    assert_status(&out, 1);
    out.assert_stdout_has("'early' exited with status 3\n      | leaving before wb_robot_init\n");
}

#[test]
fn a_world_that_does_not_parse_fails_alone_and_the_others_run() {
    let p = Project::new();
    p.world("bad.wbt", "#VRML_SIM R2025a utf8\nWorldInfo {\n  basicTimeStep \"fast\"\n}\n");
    p.world("good.wbt", &(header() + &robot("good", "quit", &[])));
    p.controller("quit", "quit");
    let out = suite(&p, &["bad.wbt", "good.wbt", "missing.wbt"], &["--until", "0.1"]);
    assert_status(&out, 1);
    out.assert_stdout_has("cannot load the world:");
    out.assert_stdout_has("bad.wbt:3:17");
    out.assert_stdout_has("(the runner exited with status 1 without a report)");
    out.assert_stdout_has("missing.wbt");
    out.assert_stdout_has("webots-shim test: 3 world(s), 1 passed, 2 failed");
}

#[test]
fn a_runner_that_dies_fails_its_world_only_and_leaves_nothing_running() {
    let p = Project::new();
    let pid_file = p.path().join("killer.pid");
    p.world("killer.wbt", &(header() + &robot("killer", "kill_runner", &[pid_file.to_str().unwrap()])));
    p.world("fine.wbt", &(header() + &robot("fine", "quit", &[])));
    p.controller("kill_runner", "kill_runner");
    p.controller("quit", "quit");
    let out = suite(&p, &["killer.wbt", "fine.wbt"], &["--until", "0.5", "--jobs", "1"]);
    assert_status(&out, 1);
    out.assert_stdout_has("the runner crashed: killed by signal 9 (SIGKILL)");
    out.assert_stdout_has("1 passed, 1 failed");
    // the controller saw its connection close and left; the watchdog cleaned up the socket folder
    let pid = read_pids(&pid_file, 1)[0];
    wait_until("the orphaned controller to leave", Duration::from_secs(5), || !alive(pid));
    wait_until("the socket folder to go", Duration::from_secs(5), || leftover_run_files(&p).is_empty());
}

#[test]
fn a_controller_that_outlives_its_killed_runner_is_stopped_by_the_suite() {
    let p = Project::new();
    let pid_file = p.path().join("stayer.pid");
    p.world("stayer.wbt", &(header() + &robot("stayer", "kill_runner", &[pid_file.to_str().unwrap(), "stay"])));
    p.controller("kill_runner", "kill_runner");
    let out = suite(&p, &["stayer.wbt"], &["--until", "0.5"]);
    assert_status(&out, 1);
    out.assert_stdout_has("the runner crashed: killed by signal 9 (SIGKILL)");
    // the suite killed the controller its runner could no longer stop (SIGKILL lands a moment later)
    let pid = read_pids(&pid_file, 1)[0];
    wait_until("the orphaned controller to be killed", Duration::from_secs(5), || !alive(pid));
    assert!(leftover_run_files(&p).is_empty(), "{:?}", leftover_run_files(&p));
}

#[test]
fn a_controller_that_outlives_its_killed_runner_and_suite_is_stopped_by_the_suite_s_watchdog() {
    let p = Project::new();
    let pid_file = p.path().join("stayer.pid");
    p.world("stayer.wbt", &(header() + &robot("stayer", "kill_runner", &[pid_file.to_str().unwrap(), "suite"])));
    p.controller("kill_runner", "kill_runner");
    let out = suite(&p, &["stayer.wbt"], &["--until", "0.5"]);
    assert_eq!(out.status.signal(), Some(9), "the controller killed the suite: {}", out.stderr);
    let pid = read_pids(&pid_file, 1)[0];
    wait_until("the orphaned controller to be killed", Duration::from_secs(5), || !alive(pid));
    wait_until("the socket folders to go", Duration::from_secs(5), || leftover_run_files(&p).is_empty());
}

#[test]
fn the_junit_report_is_well_formed_with_one_testcase_per_world() {
    let p = Project::new();
    p.world("ok.wbt", &(header() + &robot("ok", "chatty", &[])));
    p.world("crash.wbt", &(header() + &robot("crasher <&>", "crash", &[])));
    p.world("bad.wbt", "#VRML_SIM R2025a utf8\nRobot {\n");
    p.controller("chatty", "chatty");
    p.controller("crash", "crash");
    let junit = p.path().join("report.xml");
    let out = suite(&p, &["ok.wbt", "crash.wbt", "bad.wbt"], &["--junit", junit.to_str().unwrap()]);
    assert_status(&out, 1);
    // parse it with Python's XML parser and print what CI tools read
    let script = r#"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == 'testsuites', root.tag
suites = root.findall('testsuite')
assert len(suites) == 1
s = suites[0]
print('suite', s.get('tests'), s.get('failures'), s.get('errors'))
for c in s.findall('testcase'):
    f = c.find('failure')
    out = c.find('system-out')
    print('case', c.get('name').rsplit('/', 1)[-1], 'FAIL' if f is not None else 'PASS', float(c.get('time')) >= 0)
    if f is not None:
        print('  message', f.get('message'))
        print('  body', '|'.join(l.strip() for l in f.text.splitlines()))
    if out is not None:
        print('  out', '|'.join(l.strip() for l in out.text.splitlines()))
"#;
    let py = Command::new("python3").arg("-c").arg(script).arg(&junit).output().expect("python3 runs");
    let text = String::from_utf8_lossy(&py.stdout);
    assert!(py.status.success(), "{}\n{}", text, String::from_utf8_lossy(&py.stderr));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "suite 3 2 0");
    assert_eq!(lines[1], "case ok.wbt PASS True");
    // stdout and stderr come through two pipes: their relative order is not kept
    assert!(lines[2].starts_with("  out [ok]|"), "{text}");
    for said in ["|hello on stdout|", "|hello on stderr|", "|second line|"] {
        assert!(lines[2].contains(said), "{text}");
    }
    assert_eq!(lines[3], "case crash.wbt FAIL True");
    assert_eq!(lines[4], "  message 'crasher <&>' crashed: killed by signal 11 (SIGSEGV)");
    assert_eq!(lines[5], "  body 'crasher <&>' crashed: killed by signal 11 (SIGSEGV)|| crashing now");
    assert!(text.contains("case bad.wbt FAIL True\n  message cannot load the world:"), "{text}");
}

#[test]
fn jobs_bounds_how_many_worlds_run_at_once() {
    // one at a time, nobody waits long for company that cannot come; three at a time, they meet
    for (jobs, expect, wait_ms) in [("1", "1", "300"), ("3", "3", "20000")] {
        let p = Project::new();
        let dir = p.path().join("overlap");
        std::fs::create_dir_all(&dir).unwrap();
        let world = header() + &robot("o", "overlap", &[dir.to_str().unwrap(), "3", wait_ms]);
        for w in ["a.wbt", "b.wbt", "c.wbt"] {
            p.world(w, &world);
        }
        p.controller("overlap", "overlap");
        let out = suite(&p, &["a.wbt", "b.wbt", "c.wbt"], &["--jobs", jobs]);
        assert_status(&out, 0);
        let seen = std::fs::read_to_string(dir.join("max.txt")).unwrap();
        assert_eq!(seen.lines().collect::<Vec<_>>(), vec![expect; 3], "--jobs {jobs}");
    }
}

#[test]
fn webots_test_suite_controllers_run_unchanged_and_their_last_packet_is_delivered() {
    let p = Project::new();
    let home = home_with_supervisor(&p);
    // "quick" sends "ts 1" and "ts 0" in the one step wb_robot_cleanup makes
    let world = header()
        + TS_PROTOS
        + &ts_robot("alpha", "ts_test", &["alpha"])
        + &ts_robot("beta", "ts_test", &["beta", "steps=10"])
        + &ts_robot("quick", "ts_test", &["quick", "steps=0"])
        + "TestSuiteSupervisor { }\n";
    p.world("ts.wbt", &world);
    p.controller("ts_test", "ts_test");
    // were "ts 0" lost, the supervisor would still wait at --until and fail the world
    let out = suite_command(&p, &["ts.wbt"], &["--until", "5"]).env("WEBOTS_HOME", &home).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let results = std::fs::read_to_string(p.path().join("output.txt")).unwrap();
    let mut lines: Vec<&str> = results.lines().collect();
    lines.sort();
    assert_eq!(lines, vec!["OK: alpha", "OK: beta", "OK: quick"]);
}

#[test]
fn a_failing_test_suite_controller_fails_its_world_with_its_message() {
    let p = Project::new();
    let home = home_with_supervisor(&p);
    let world = header()
        + TS_PROTOS
        + &ts_robot("alpha", "ts_test", &["alpha"])
        + &ts_robot("beta", "ts_test", &["beta", "fail"])
        + "TestSuiteSupervisor { }\n";
    p.world("ts.wbt", &world);
    p.controller("ts_test", "ts_test");
    let out = suite_command(&p, &["ts.wbt"], &["--until", "5"]).env("WEBOTS_HOME", &home).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("'beta' exited with status 1\n      | FAILURE with beta: asked to fail\n"), "{stdout}");
    assert!(!stdout.contains("'alpha'"), "{stdout}");
}

#[test]
fn the_test_suite_supervisor_times_out_when_a_test_never_starts() {
    let p = Project::new();
    let home = home_with_supervisor(&p);
    let world = header() + TS_PROTOS + &ts_robot("early", "early_exit", &[]) + "TestSuiteSupervisor { }\n";
    p.world("ts.wbt", &world);
    p.controller("early_exit", "early_exit");
    let out = suite_command(&p, &["ts.wbt"], &[])
        .env("WEBOTS_HOME", &home)
        .env("WEBOTS_SHIM_TEST_TIMEOUT", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("'early' exited with status 3"), "{stdout}");
    assert!(stdout.contains("  a supervisor quit the simulation with status 1\n"), "{stdout}");
    assert!(
        stdout.contains("| test_suite_supervisor: timeout: the tests did not finish within 1 s: 0 test controller(s) started, 0 unfinished"),
        "{stdout}"
    );
}

fn supervisor(name: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        "Robot {{ name \"{name}\" controller \"sup_quit\" supervisor TRUE controllerArgs [ {} ] }}\n",
        args.join(" ")
    )
}

#[test]
fn a_supervisor_quit_0_passes_its_world_even_with_controllers_still_running() {
    let p = Project::new();
    p.world(
        "q.wbt",
        &(header() + &supervisor("sup", &["0", "5"]) + &robot("spinner", "spin", &[]) + &robot("q", "quit", &[])),
    );
    p.controller("sup_quit", "sup_quit");
    p.controller("spin", "spin");
    p.controller("quit", "quit");
    let out = suite(&p, &["q.wbt"], &["--step-timeout", "1"]);
    assert_status(&out, 0);
    out.assert_stdout_has("1 world(s), 1 passed, 0 failed");
}

#[test]
fn a_supervisor_quit_with_a_non_zero_status_fails_its_world() {
    let p = Project::new();
    p.world("q.wbt", &(header() + &supervisor("sup", &["3", "2"]) + &robot("q", "quit", &[])));
    p.controller("sup_quit", "sup_quit");
    p.controller("quit", "quit");
    let out = suite(&p, &["q.wbt"], &[]);
    assert_status(&out, 1);
    out.assert_stdout_has("  a supervisor quit the simulation with status 3\n");
    // the supervisor's own words are shown with it
    out.assert_stdout_has("quitting with status 3 at t=0.064");
}

#[test]
fn a_controller_that_failed_before_a_supervisor_quit_0_fails_the_world() {
    let p = Project::new();
    p.world("q.wbt", &(header() + &supervisor("sup", &["0", "5"]) + &robot("early", "early_exit", &[])));
    p.controller("sup_quit", "sup_quit");
    p.controller("early_exit", "early_exit");
    let out = suite(&p, &["q.wbt"], &[]);
    assert_status(&out, 1);
    out.assert_stdout_has("'early' exited with status 3");
    assert!(!out.stdout.contains("'sup'"), "{}", out.stdout);
}

/// Starts a suite of worlds whose controllers write their pids and never finish by themselves.
fn start_lingering_suite(p: &Project) -> (std::process::Child, Vec<i32>) {
    let mut files = Vec::new();
    let mut worlds = Vec::new();
    for (i, mode) in ["step", "hang"].iter().enumerate() {
        let file = p.path().join(format!("pids{i}"));
        let world = header() + &robot("lingerer", "linger", &[file.to_str().unwrap(), "fork", mode]);
        p.world(&format!("w{i}.wbt"), &world);
        worlds.push(format!("w{i}.wbt"));
        files.push(file);
    }
    p.controller("linger", "linger");
    let names: Vec<&str> = worlds.iter().map(String::as_str).collect();
    let child = suite_command(p, &names, &["--jobs", "2", "--step-timeout", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pids = files.iter().flat_map(|f| read_pids(f, 2)).collect();
    (child, pids)
}

#[test]
fn sigterm_stops_the_suite_its_worlds_fail_and_nothing_is_left() {
    let p = Project::new();
    let (suite, pids) = start_lingering_suite(&p);
    kill(Pid::from_raw(suite.id() as i32), Signal::SIGTERM).unwrap();
    let start = Instant::now();
    let out = suite.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(start.elapsed() < Duration::from_secs(8), "took {:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(stderr.contains("interrupted: stopping the runs in progress"), "{stderr}");
    assert!(stdout.contains("the run was interrupted"), "{stdout}");
    assert!(stdout.contains("2 world(s), 0 passed, 2 failed"), "{stdout}");
    for pid in pids {
        wait_until(&format!("pid {pid} to go"), Duration::from_secs(3), || !alive(pid));
    }
    assert!(leftover_run_files(&p).is_empty(), "{:?}", leftover_run_files(&p));
}

#[test]
fn sigkill_of_the_suite_leaves_nothing_running_and_no_socket_folder() {
    let p = Project::new();
    let (mut suite, pids) = start_lingering_suite(&p);
    kill(Pid::from_raw(suite.id() as i32), Signal::SIGKILL).unwrap();
    let _ = suite.wait();
    for pid in pids {
        wait_until(&format!("pid {pid} to go"), Duration::from_secs(5), || !alive(pid));
    }
    wait_until("the socket folders to go", Duration::from_secs(5), || leftover_run_files(&p).is_empty());
    // the next suite clears what the killed one could not
    p.world("ok.wbt", &(header() + &robot("ok", "<none>", &[])));
    assert_status(&suite_run_once(&p), 0);
    let base = std::fs::read_dir(p.path().join("run")).unwrap().next().unwrap().unwrap().path();
    assert_eq!(std::fs::read_dir(base).unwrap().count(), 0, "stale suite folders remain");
}

fn suite_run_once(p: &Project) -> RunOutput {
    suite(p, &["ok.wbt"], &["--until", "0.1"])
}

#[test]
fn sigkill_of_a_run_leaves_nothing_running_and_removes_its_socket_folder() {
    let p = Project::new();
    let stepping = p.path().join("stepping.pid");
    let hanging = p.path().join("hanging.pid");
    let world = header()
        + &robot("stepping", "linger", &[stepping.to_str().unwrap(), "fork", "step"])
        + &robot("hanging", "linger", &[hanging.to_str().unwrap(), "nofork", "hang"]);
    p.world("linger.wbt", &world);
    p.controller("linger", "linger");
    let mut runner = p
        .runner_command("linger.wbt", &["--step-timeout", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pids = read_pids(&stepping, 2);
    pids.extend(read_pids(&hanging, 1));
    assert!(!leftover_run_files(&p).is_empty(), "the run's socket should exist while it runs");
    kill(Pid::from_raw(runner.id() as i32), Signal::SIGKILL).unwrap();
    let _ = runner.wait();
    // the stepping controller saw the connection close as -1 and left by itself
    wait_until("the stepping controller to see -1", Duration::from_secs(5), || {
        std::fs::read_to_string(&stepping).unwrap_or_default().contains("left after -1")
    });
    for pid in pids {
        wait_until(&format!("pid {pid} to go"), Duration::from_secs(5), || !alive(pid));
    }
    wait_until("the socket folder to go", Duration::from_secs(5), || leftover_run_files(&p).is_empty());
}

#[test]
fn two_suites_on_one_machine_at_once_do_not_meet() {
    let p = Project::new();
    let q = Project::new();
    for proj in [&p, &q] {
        for w in ["a.wbt", "b.wbt", "c.wbt"] {
            proj.world(w, &(header() + &robot("r1", "quit", &[]) + &robot("r2", "quit", &[])));
        }
        proj.controller("quit", "quit");
    }
    // both share one socket base folder, as two CI jobs of one user would
    let shared = p.path().join("run");
    let start = |proj: &Project| {
        suite_command(proj, &["a.wbt", "b.wbt", "c.wbt"], &["--until", "0.5", "--jobs", "3"])
            .env("WEBOTS_SHIM_TMPDIR", &shared)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (start(&p), start(&q));
    for out in [first.wait_with_output().unwrap(), second.wait_with_output().unwrap()] {
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("3 world(s), 3 passed, 0 failed"), "{stdout}");
    }
    assert!(leftover_run_files(&p).is_empty(), "{:?}", leftover_run_files(&p));
}
