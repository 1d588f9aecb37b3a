//! What no world, controller or local client may do to a run: hang it (a basic time step of zero, a
//! world too slow to interrupt), crash it (absurd coordinates), lose data silently (messages over the
//! old 64 MiB frame), starve it (open-file limits), grow its memory without bound, end it by a bad call,
//! flood its log with a huge name, take a launched robot's place, or leave folders behind; and the
//! merged output of a run is the same from run to run.

mod common;

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Project, RunOutput};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

fn header(basic_time_step: &str) -> String {
    format!("#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {basic_time_step} }}\n")
}

fn robot(name: &str, controller: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!("Robot {{ name \"{name}\" controller \"{controller}\" controllerArgs [ {} ] }}\n", args.join(" "))
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out after {limit:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits for `child` at most `limit`, killing it (and its process group) if it is still running then;
/// returns its output and whether it had to be killed.
fn finish_within(mut child: Child, limit: Duration) -> (RunOutput, bool) {
    let start = Instant::now();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let mut killed = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            killed = true;
            let _ = kill(Pid::from_raw(child.id() as i32), Signal::SIGKILL);
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    (RunOutput { status, stdout, stderr, elapsed: start.elapsed() }, killed)
}

fn spawn_piped(mut cmd: Command) -> Child {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// The run's socket, once the runner has opened it.
fn wait_for_socket(p: &Project) -> PathBuf {
    let mut found = None;
    wait_until("the runner's socket", Duration::from_secs(10), || {
        found = sockets_under(&p.path().join("run")).into_iter().next();
        found.is_some()
    });
    found.unwrap()
}

fn sockets_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = e.path();
        if path.is_dir() {
            found.extend(sockets_under(&path));
        } else if path.file_name().is_some_and(|n| n == "ipc.sock") {
            found.push(path);
        }
    }
    found
}

// ---------------------------------------------------------------------------------------------------
// basicTimeStep ≤ 0, subnormal or infinite; a world too slow to reach a step

#[test]
fn a_basic_time_step_that_is_not_positive_becomes_32_with_webots_warning() {
    let p = Project::new();
    p.controller("quit", "quit");
    for (i, value) in ["0", "-16", "1e-320"].iter().enumerate() {
        let name = format!("w{i}.wbt");
        let world = p.world(&name, &(header(value) + &robot("q", "quit", &[])));
        let (out, killed) =
            finish_within(spawn_piped(p.runner_command(&name, &["--until", "0.1"])), Duration::from_secs(30));
        assert!(!killed, "basicTimeStep {value}: the run hung\n{}\n{}", out.stdout, out.stderr);
        assert!(out.status.success(), "basicTimeStep {value}:\n{}\n{}", out.stdout, out.stderr);
        out.assert_stderr_has(
            "warning: WorldInfo: Invalid 'basicTimeStep' changed to 32. The value should be positive.",
        );
        assert_eq!(out.robot_lines("q"), vec!["q: -1 at t=0.128 after 3 steps"], "basicTimeStep {value}");

        // in-process, the same
        let mut cmd = Command::new(p.path().join("controllers/quit/quit"));
        p.env(&mut cmd);
        cmd.env("WEBOTS_SHIM_WORLD", &world).env("WEBOTS_SHIM_UNTIL", "0.1").stdin(Stdio::null());
        let (out, killed) = finish_within(spawn_piped(cmd), Duration::from_secs(30));
        assert!(!killed, "basicTimeStep {value} in-process: hung\n{}\n{}", out.stdout, out.stderr);
        assert_eq!(out.stdout.trim(), "q: -1 at t=0.128 after 3 steps", "{}", out.stderr);
        out.assert_stderr_has("Invalid 'basicTimeStep' changed to 32. The value should be positive.");
    }
}

#[test]
fn a_run_whose_world_crawls_still_ends_on_sigterm() {
    // a positive but absurdly small step: the world would need ~1e301 steps to reach 32 ms
    let p = Project::new();
    p.world("crawl.wbt", &(header("1e-300") + &robot("q", "quit", &["32"])));
    p.controller("quit", "quit");
    let runner = spawn_piped(p.runner_command("crawl.wbt", &["--step-timeout", "60"]));
    wait_for_socket(&p);
    std::thread::sleep(Duration::from_millis(500));
    kill(Pid::from_raw(runner.id() as i32), Signal::SIGTERM).unwrap();
    let (out, killed) = finish_within(runner, Duration::from_secs(10));
    assert!(!killed, "SIGTERM did not end the run\n{}", out.stderr);
    out.assert_stderr_has("interrupted: ending the run");
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("'q' controller exited successfully");
}

#[test]
fn a_controller_that_left_the_run_but_lives_on_cannot_hold_it_for_ever() {
    let p = Project::new();
    let world = header("32") + &robot("stay", "stay_after_cleanup", &[]) + &robot("talk", "talk_lines", &["1", "3"]);
    p.world("stay.wbt", &world);
    p.controller("stay_after_cleanup", "stay_after_cleanup");
    p.controller("talk_lines", "talk_lines");
    // no --until: the run ends when its controllers are gone
    let runner = spawn_piped(p.runner_command("stay.wbt", &["--step-timeout", "1"]));
    let (out, killed) = finish_within(runner, Duration::from_secs(30));
    assert!(!killed, "the run waited for ever\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.robot_lines("stay"), vec!["left the run, staying alive"]);
    out.assert_stderr_has("'stay' controller was killed: still running 1 s after it left the run");
    out.assert_stderr_has("'talk' controller exited successfully");
}

// ---------------------------------------------------------------------------------------------------
// absurd coordinates

#[test]
fn robots_at_absurd_distances_talk_without_crashing_the_run() {
    let p = Project::new();
    let radio = "children [ Emitter { range 1 } Receiver { } ]";
    let at = |def: &str, name: &str, translation: &str| {
        format!("{def} Robot {{ translation {translation} name \"{name}\" controller \"far_radio\" {radio} }}\n")
    };
    let world = header("32")
        + &at("", "origin", "0 0 0")
        + &at("", "near origin", "0.5 0 0")
        + &at("", "far", "1e19 0 0")
        + &at("", "farther", "2e19 0 0")
        + &at("", "opposite", "-1e300 1e300 0")
        + &at("", "infinite", "1.7e308 0 0")
        + &at("DEF TARGET", "moved", "1 1 0")
        + "Robot { name \"mover\" controller \"sv_far\" supervisor TRUE }\n";
    p.world("far.wbt", &world);
    p.controller("far_radio", "far_radio");
    p.controller("sv_far", "sv_far");
    let (out, killed) =
        finish_within(spawn_piped(p.runner_command("far.wbt", &["--until", "0.2"])), Duration::from_secs(30));
    assert!(!killed, "{}\n{}", out.stdout, out.stderr);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // only the two robots half a metre apart hear each other: the packets of the first 5 of the 6
    // steps (a packet arrives one step after it is sent)
    assert_eq!(out.robot_lines("origin"), vec!["origin heard 5 packet(s)"]);
    assert_eq!(out.robot_lines("near origin"), vec!["near origin heard 5 packet(s)"]);
    for far in ["far", "farther", "opposite", "infinite", "moved"] {
        assert_eq!(out.robot_lines(far), vec![format!("{far} heard 0 packet(s)")], "{}", out.stderr);
    }
    assert_eq!(out.robot_lines("mover"), vec!["moved TARGET to 3e+38 -3e+38"]);
}

// ---------------------------------------------------------------------------------------------------
// messages above the old 64 MiB frame limit

const BIG: usize = 80 << 20;

#[test]
fn messages_over_64_mib_are_carried_and_an_oversized_packet_is_refused_at_the_call() {
    let p = Project::new();
    let custom = "c".repeat(70 << 20);
    let big = BIG.to_string();
    let oversize = ((1usize << 30) + (1 << 20)).to_string();
    let world = header("32")
        + "Robot { name \"sender\" controller \"big_data\" controllerArgs [ \"send\" \""
        + &big
        + "\" ] children [ Emitter { } ] }\n"
        + "Robot { name \"listener\" controller \"big_data\" controllerArgs [ \"receive\" \""
        + &big
        + "\" ] children [ Receiver { } ] }\n"
        + "Robot { name \"custom\" controller \"big_data\" controllerArgs [ \"custom\" ] customData \""
        + &custom
        + "\" }\n"
        + "Robot { name \"oversize\" controller \"big_data\" controllerArgs [ \"oversize\" \""
        + &oversize
        + "\" ] children [ Emitter { } ] }\n";
    drop(custom);
    p.world("big.wbt", &world);
    drop(world);
    p.controller("big_data", "big_data");
    let (out, killed) =
        finish_within(spawn_piped(p.runner_command("big.wbt", &["--until", "0.2"])), Duration::from_secs(120));
    assert!(!killed, "{}\n{}", out.stdout, out.stderr);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr.chars().take(4000).collect::<String>());
    assert_eq!(out.robot_lines("sender"), vec![format!("sent {BIG} bytes: send returned 1, step returned 0")]);
    assert_eq!(out.robot_lines("listener"), vec![format!("received {BIG} bytes (expected {BIG}), 0 wrong")]);
    assert_eq!(out.robot_lines("custom"), vec![format!("customData holds {} bytes", 70 << 20)]);
    assert_eq!(out.robot_lines("oversize"), vec!["oversize send returned 0, step returned 0"]);
    out.assert_stderr_has(&format!(
        "[oversize] Error: wb_emitter_send(): a packet of {oversize} bytes is more than the 1072693248 bytes a \
         webots-shim run carries in one step."
    ));
}

// ---------------------------------------------------------------------------------------------------
// large worlds: the open-file limit

fn crowd(n: usize) -> String {
    let mut world = header("32");
    for i in 0..n {
        world += &robot(&format!("r{i}"), "quit", &[]);
    }
    world
}

fn under_ulimit(p: &Project, limit: &str, world: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit {limit} && exec \"$0\" \"$@\""))
        .arg(common::runner())
        .arg("run")
        .arg(p.path().join("worlds").join(world))
        .args(args)
        .stdin(Stdio::null());
    p.env(&mut cmd);
    cmd
}

#[test]
fn a_low_soft_open_file_limit_is_raised_and_a_hard_one_is_named_as_the_cause() {
    let p = Project::new();
    p.world("crowd.wbt", &crowd(150));
    p.controller("quit", "quit");
    // 150 controllers need about 450 open files: the soft limit is raised to the hard one
    let (out, killed) = finish_within(
        spawn_piped(under_ulimit(&p, "-S -n 200", "crowd.wbt", &["--until", "0.1"])),
        Duration::from_secs(120),
    );
    assert!(!killed, "{}", out.stderr);
    assert!(out.status.success(), "{}", out.stderr);
    out.assert_stderr_has("150 controller(s), 0 failed");

    // a hard limit cannot be raised: the run says so in plain words
    let (out, killed) = finish_within(
        spawn_piped(under_ulimit(&p, "-n 200", "crowd.wbt", &["--until", "0.1", "--step-timeout", "3"])),
        Duration::from_secs(120),
    );
    assert!(!killed, "{}", out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", out.stderr);
    out.assert_stderr_has("open-file limit");
    out.assert_stderr_has("ulimit -n");
}

// ---------------------------------------------------------------------------------------------------
// reproducible merged output

/// Runs with stdout and stderr on one pipe, as `2>&1` would: the merged text.
fn merged_run(p: &Project, world: &str) -> String {
    let (mut read, write) = std::io::pipe().unwrap();
    let mut cmd = p.runner_command(world, &[]);
    cmd.stdout(write.try_clone().unwrap()).stderr(write);
    let mut child = cmd.spawn().unwrap();
    drop(cmd);
    let mut text = String::new();
    read.read_to_string(&mut text).unwrap();
    assert!(child.wait().unwrap().success(), "{text}");
    text
}

#[test]
fn the_merged_output_is_ordered_by_time_then_robot_then_line_and_identical_from_run_to_run() {
    let p = Project::new();
    let (robots, lines, steps) = (6, 25, 8);
    let mut world = header("32");
    for i in 0..robots {
        world += &robot(&format!("r{i}"), "talk_lines", &[&lines.to_string(), &steps.to_string()]);
    }
    p.world("talk.wbt", &world);
    p.controller("talk_lines", "talk_lines");

    let mut expected = Vec::new();
    for s in 0..steps {
        let t = format!("{:.3}", s as f64 * 0.032);
        for r in 0..robots {
            for k in 0..lines {
                expected.push(format!("[r{r}] t={t} line {k}"));
            }
            expected.push(format!("[r{r}] t={t} err"));
        }
    }
    let end = format!("{:.3}", steps as f64 * 0.032);
    for r in 0..robots {
        expected.push(format!("[r{r}] done t={end}"));
        expected.push(format!("webots-shim: 'r{r}' controller exited successfully"));
    }
    let first = merged_run(&p, "talk.wbt");
    let ordered: Vec<&str> =
        first.lines().filter(|l| l.starts_with("[r") || l.starts_with("webots-shim: 'r")).collect();
    assert_eq!(ordered, expected);
    for _ in 0..4 {
        assert_eq!(merged_run(&p, "talk.wbt"), first);
    }
}

#[test]
fn a_supervisor_quitting_while_peers_step_ends_the_run_the_same_way_every_time() {
    let p = Project::new();
    let world = header("32")
        + &robot("peer a", "talk_lines", &["2", "1000"])
        + &robot("sup", "sup_quit", &["0", "5"]).replace("Robot {", "Robot { supervisor TRUE")
        + &robot("peer b", "talk_lines", &["2", "1000"]);
    p.world("quit.wbt", &world);
    p.controller("talk_lines", "talk_lines");
    p.controller("sup_quit", "sup_quit");
    let first = merged_run(&p, "quit.wbt");
    // whether a peer was waiting for its step or still computing when the supervisor quit, it hears the
    // end in the same round as the others: the last lines come in robot order
    let tail: Vec<&str> = first.lines().filter(|l| l.contains("done") || l.contains("exited")).collect();
    assert_eq!(
        tail,
        [
            "[peer a] done t=0.160",
            "webots-shim: 'peer a' controller exited successfully",
            "webots-shim: 'sup' controller exited successfully",
            "[peer b] done t=0.160",
            "webots-shim: 'peer b' controller exited successfully",
        ],
        "{first}"
    );
    for _ in 0..20 {
        assert_eq!(merged_run(&p, "quit.wbt"), first);
    }
}

#[test]
fn live_output_writes_every_line_as_it_comes() {
    let p = Project::new();
    let world = header("32") + &robot("r0", "talk_lines", &["3", "2"]) + &robot("r1", "talk_lines", &["3", "2"]);
    p.world("talk.wbt", &world);
    p.controller("talk_lines", "talk_lines");
    let out = p.run("talk.wbt", &["--live-output"]);
    assert!(out.status.success(), "{}", out.stderr);
    for r in ["r0", "r1"] {
        let lines = out.robot_lines(r);
        let expected = ["0.000", "0.032"]
            .iter()
            .flat_map(|t| (0..3).map(move |k| format!("t={t} line {k}")))
            .chain(["done t=0.064".to_string()])
            .collect::<Vec<_>>();
        assert_eq!(lines, expected, "each robot's own lines keep their order");
        out.assert_stderr_has(&format!("[{r}] t=0.032 err"));
    }
}

// ---------------------------------------------------------------------------------------------------
// memory a local client can make the runner hold

fn extern_world(p: &Project) {
    p.world("ext.wbt", &(header("32") + &robot("ext", "<extern>", &[])));
}

#[test]
fn an_unfinished_large_first_message_is_refused_at_once() {
    let p = Project::new();
    extern_world(&p);
    let runner = spawn_piped(p.runner_command("ext.wbt", &["--until", "0.1", "--step-timeout", "60"]));
    let socket = wait_for_socket(&p);
    let mut s = UnixStream::connect(&socket).unwrap();
    // a first message announcing 32 MiB, of which 1 MiB arrives
    s.write_all(&(32u64 << 20).to_le_bytes()).unwrap();
    let _ = s.write_all(&vec![0u8; 1 << 20]);
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut buf = [0u8; 16];
    let closed = match s.read(&mut buf) {
        Ok(n) => n == 0,
        Err(e) => !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
    };
    assert!(closed, "the runner kept the connection open");
    let _ = kill(Pid::from_raw(runner.id() as i32), Signal::SIGTERM);
    let (out, _) = finish_within(runner, Duration::from_secs(10));
    out.assert_stderr_has("closed a connection that sent a bad first message");
    out.assert_stderr_has("more than the 1048576 bytes a first message may take");
}

#[test]
fn a_client_that_never_reads_its_answers_cannot_grow_the_runner() {
    use webots_shim::protocol::codec::write_frame;
    use webots_shim::protocol::{Hello, StepRequest, ToWorld};

    let p = Project::new();
    extern_world(&p);
    let runner = spawn_piped(p.runner_command("ext.wbt", &["--step-timeout", "60"]));
    let socket = wait_for_socket(&p);
    let mut s = UnixStream::connect(&socket).unwrap();
    let mut scratch = Vec::new();
    write_frame(&mut s, &Hello { robot_name: "ext".into(), robot_id: None, pid: 1 }, &mut scratch).unwrap();
    // 64 MiB of step requests, never reading an answer
    let mut one = Vec::new();
    write_frame(&mut one, &ToWorld::Step(StepRequest { duration_ms: 32, ..Default::default() }), &mut scratch).unwrap();
    let batch: Vec<u8> = one.iter().copied().cycle().take(one.len() * 4096).collect();
    let total = 64 << 20;
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let writer = {
        let written = std::sync::Arc::clone(&written);
        let mut s = s.try_clone().unwrap();
        std::thread::spawn(move || {
            while written.load(std::sync::atomic::Ordering::Relaxed) < total {
                if s.write_all(&batch).is_err() {
                    return;
                }
                written.fetch_add(batch.len(), std::sync::atomic::Ordering::Relaxed);
            }
        })
    };
    // the writer stalls once the runner stops taking requests that are not answered
    let mut last = usize::MAX;
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(500));
        let now = written.load(std::sync::atomic::Ordering::Relaxed);
        if now == last || now >= total || start.elapsed() > Duration::from_secs(60) {
            break;
        }
        last = now;
    }
    let taken = written.load(std::sync::atomic::Ordering::Relaxed);
    let rss = std::fs::read_to_string(format!("/proc/{}/status", runner.id())).unwrap_or_default();
    let _ = kill(Pid::from_raw(runner.id() as i32), Signal::SIGTERM);
    let _ = s.shutdown(std::net::Shutdown::Both);
    let _ = writer.join();
    let _ = finish_within(runner, Duration::from_secs(10));
    assert!(taken < 8 << 20, "the runner took {taken} bytes of requests nobody read the answers of\n{rss}");
}

/// The runner's resident memory in kB, from /proc.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0)
}

#[test]
fn connections_that_never_say_hello_are_bounded_and_the_oldest_dropped() {
    let p = Project::new();
    extern_world(&p);
    p.controller("quit", "quit");
    let runner = spawn_piped(p.runner_command("ext.wbt", &["--until", "0.1", "--step-timeout", "60"]));
    let socket = wait_for_socket(&p);
    let before = rss_kb(runner.id());
    // 60 strangers, each holding most of a 1 MiB first message
    let mut strangers = Vec::new();
    for _ in 0..60 {
        let mut s = UnixStream::connect(&socket).unwrap();
        s.write_all(&((1u64 << 20) - 64).to_le_bytes()).unwrap();
        let _ = s.write_all(&vec![0u8; (1 << 20) - 4096]);
        strangers.push(s);
    }
    std::thread::sleep(Duration::from_millis(500));
    let grown = rss_kb(runner.id()).saturating_sub(before);
    // the first ones were closed: reading them ends at once
    let mut buf = [0u8; 8];
    strangers[0].set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    assert_eq!(strangers[0].read(&mut buf).ok(), Some(0), "the oldest stranger is closed");
    // the robot can still get its controller
    let ext = p.run_controller("quit", &[("WEBOTS_CONTROLLER_URL", "ipc://1234/ext")]);
    drop(strangers);
    let (out, killed) = finish_within(runner, Duration::from_secs(30));
    assert!(!killed && out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(ext.stdout.trim(), "ext: -1 at t=0.128 after 3 steps", "{}", ext.stderr);
    out.assert_stderr_has("more than 8 connections have not said which robot they drive: the oldest are closed");
    // 8 kept at about 1 MiB each, not 60
    assert!(grown < 24 * 1024, "the runner grew by {grown} kB for 60 strangers");
}

// ---------------------------------------------------------------------------------------------------
// a bad simulation mode

#[test]
fn an_unknown_simulation_mode_is_an_error_and_the_run_goes_on() {
    let p = Project::new();
    p.world("mode.wbt", &(header("32") + "Robot { name \"sup\" controller \"sv_bad_mode\" supervisor TRUE }\n"));
    p.controller("sv_bad_mode", "sv_bad_mode");
    let out = p.run("mode.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("sup"), vec!["sv_bad_mode: still fast, 5 more steps, ended at t=0.224"]);
}

// ---------------------------------------------------------------------------------------------------
// a huge robot name, a stolen slot, a killed suite

#[test]
fn a_huge_robot_name_is_cut_in_every_message() {
    let p = Project::new();
    let huge = "n".repeat(2 << 20);
    let world = header("32") + &robot(&huge, "<extern>", &[]) + &robot(&format!("{huge}2"), "quit", &[]);
    p.world("huge.wbt", &world);
    p.controller("quit", "quit");
    // the extern robot waits for ever: the run is ended by hand once it has said what it had to say
    let runner = spawn_piped(p.runner_command("huge.wbt", &["--until", "0.1"]));
    wait_for_socket(&p);
    std::thread::sleep(Duration::from_millis(300));
    kill(Pid::from_raw(runner.id() as i32), Signal::SIGTERM).unwrap();
    let (out, killed) = finish_within(runner, Duration::from_secs(10));
    assert!(!killed);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.len() < 16 << 10, "{} bytes of messages", out.stderr.len());
    out.assert_stderr_has("waits for an extern controller");
    out.assert_stderr_has("controller could not start");
    assert!(out.stderr.contains("(2097152 bytes)") && out.stderr.contains("(2097153 bytes)"), "{}", out.stderr);
}

#[test]
fn a_connection_cannot_take_the_robot_of_a_controller_the_runner_started() {
    use webots_shim::protocol::codec::{read_frame, write_frame};
    use webots_shim::protocol::{Hello, Welcome};

    let p = Project::new();
    p.world("late.wbt", &(header("32") + &robot("late", "late_init", &["1500"])));
    p.controller("late_init", "late_init");
    let runner = spawn_piped(p.runner_command("late.wbt", &["--until", "0.1"]));
    let socket = wait_for_socket(&p);
    let mut scratch = Vec::new();
    // the robot's id is one of the world's first node ids: claim each
    let mut welcomes = Vec::new();
    for id in 1..=4 {
        let mut s = UnixStream::connect(&socket).unwrap();
        let thief = Hello { robot_name: "late".into(), robot_id: Some(id), pid: std::process::id() };
        write_frame(&mut s, &thief, &mut scratch).unwrap();
        let welcome: Welcome = read_frame(&mut s, &mut scratch).unwrap();
        welcomes.push(welcome);
    }
    let (out, killed) = finish_within(runner, Duration::from_secs(30));
    assert!(!killed, "{}", out.stderr);
    for welcome in &welcomes {
        assert!(matches!(welcome, Welcome::Refused(_)), "a stranger took the robot: {welcome:?}");
    }
    out.assert_stderr_has("does not come from it");
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("late"), vec!["late: ran 3 steps after a late start"]);
    out.assert_stderr_has("refused a controller");
}

#[test]
fn a_suite_killed_with_sigkill_leaves_no_folder_behind() {
    let p = Project::new();
    p.world("forever.wbt", &(header("32") + &robot("q", "quit", &[])));
    p.controller("quit", "quit");
    let mut cmd = Command::new(common::runner());
    cmd.arg("test").arg(p.path().join("worlds/forever.wbt")).stdin(Stdio::null());
    p.env(&mut cmd);
    let mut suite = spawn_piped(cmd);
    wait_for_socket(&p);
    kill(Pid::from_raw(suite.id() as i32), Signal::SIGKILL).unwrap();
    let _ = suite.wait();
    let base = std::fs::read_dir(p.path().join("run")).unwrap().next().unwrap().unwrap().path();
    let mut left = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        left = std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().path()).collect();
        if left.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn the_test_command_s_logs_are_the_same_from_run_to_run() {
    let p = Project::new();
    let mut world = header("32");
    for i in 0..5 {
        world += &robot(&format!("r{i}"), "talk_lines", &["2", "3"]);
    }
    p.world("talk.wbt", &world);
    p.controller("talk_lines", "talk_lines");
    let junit = p.path().join("junit.xml");
    let system_out = || {
        let mut cmd = Command::new(common::runner());
        cmd.arg("test").arg(p.path().join("worlds/talk.wbt")).arg("--junit").arg(&junit).stdin(Stdio::null());
        p.env(&mut cmd);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        let xml = std::fs::read_to_string(&junit).unwrap();
        let start = xml.find("<system-out>").expect("captured output") + "<system-out>".len();
        xml[start..xml.find("</system-out>").unwrap()].to_string()
    };
    let first = system_out();
    // each robot's lines step by step, its stdout then its stderr; the runner's notes in robot order
    let mut expected = String::from("[r0]\n");
    for t in ["0.000", "0.032", "0.064"] {
        expected += &format!("  t={t} line 0\n  t={t} line 1\n  t={t} err\n");
    }
    expected += "  done t=0.096\n";
    assert!(first.starts_with(&expected), "{first}");
    let notes: Vec<&str> = first.lines().filter(|l| l.contains("controller exited")).collect();
    let in_order: Vec<String> =
        (0..5).map(|i| format!("  webots-shim: &apos;r{i}&apos; controller exited successfully")).collect();
    assert_eq!(notes, in_order);
    for _ in 0..3 {
        assert_eq!(system_out(), first);
    }
}

/// `webots-shim run worlds/<world>` in a shell whose address space is capped at `kib` KiB.
fn run_capped(p: &Project, world: &str, kib: u32) -> RunOutput {
    let cmd = p.runner_command(world, &["--until", "0.1"]);
    let mut line = format!("ulimit -v {kib} && exec '{}'", cmd.get_program().to_string_lossy());
    for arg in cmd.get_args() {
        line += &format!(" '{}'", arg.to_string_lossy());
    }
    let mut sh = Command::new("sh");
    sh.arg("-c").arg(line).stdin(Stdio::null());
    p.env(&mut sh);
    common::to_output(sh.output().expect("sh runs"), Duration::ZERO)
}

#[test]
fn a_world_file_too_big_for_the_memory_is_a_load_error_not_an_abort() {
    let p = Project::new();
    let world = |chars: usize| header("16") + "WorldInfo { info [ \"" + &"a".repeat(chars) + "\" ] }\n";
    p.world("small.wbt", &world(100_000));
    // 100 MB of text: its bytes and its 400 MB of characters do not fit under a 600 MB cap
    p.world("big.wbt", &world(100_000_000));
    let small = run_capped(&p, "small.wbt", 600_000);
    assert!(small.status.success(), "the cap leaves room for a run: {}", small.stderr);
    let big = run_capped(&p, "big.wbt", 600_000);
    assert_eq!(big.status.code(), Some(1), "{}", big.stderr);
    big.assert_stderr_has("big.wbt: too large to load in the memory available (an allocation of ");
    assert!(!big.stderr.contains("memory allocation of"), "{}", big.stderr);
}
