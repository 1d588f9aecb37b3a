//! `<extern>` robots as Webots treats them: a synchronous one without a controller holds simulated time,
//! an asynchronous one never does; a robot whose controller left takes the next one; controllers that
//! started before the run are reported as they ended; a supervisor's quit ends the run even with extern
//! controllers still connected. Webots' own `extern` test scenario, rebuilt from base nodes.

mod common;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{home_with_supervisor, watch_lines, Project, RunOutput};

const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n";

fn robot(name: &str, controller: &str, extra: &str) -> String {
    format!("Robot {{ name \"{name}\" controller \"{controller}\" {extra} }}\n")
}

/// The run's output once it ends; fails (after killing it) if it has not ended within `limit`.
fn output_within(child: Child, limit: Duration) -> RunOutput {
    let pid = child.id() as i32;
    let done = Arc::new(AtomicBool::new(false));
    let watched = Arc::clone(&done);
    std::thread::spawn(move || {
        let start = Instant::now();
        while start.elapsed() < limit {
            if watched.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if !watched.load(Ordering::SeqCst) {
            let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
        }
    });
    let start = Instant::now();
    let out = child.wait_with_output().expect("runner output");
    done.store(true, Ordering::SeqCst);
    let out = common::to_output(out, start.elapsed());
    assert!(out.elapsed < limit, "the run did not end within {limit:?}:\n{}\n{}", out.stdout, out.stderr);
    out
}

fn spawn_runner(p: &Project, world: &str, args: &[&str]) -> Child {
    p.runner_command(world, args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runner starts")
}

/// A controller of this project started by hand as the extern controller at `url`.
fn spawn_extern(p: &Project, name: &str, args: &[&str], url: &str) -> Child {
    let dir = p.path().join("controllers").join(name);
    let mut cmd = Command::new(dir.join(name));
    cmd.args(args).current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    p.env(&mut cmd);
    cmd.env("WEBOTS_CONTROLLER_URL", url).spawn().expect("controller starts")
}

fn finished(child: Child) -> RunOutput {
    output_within(child, Duration::from_secs(60))
}

#[test]
fn webots_extern_scenario_an_asynchronous_robot_without_controller_does_not_stop_the_world() {
    let p = Project::new();
    let home = home_with_supervisor(&p);
    let ts_emitter = "children [ TestSuiteEmitter { } ]";
    let world = HEADER.to_string()
        + "EXTERNPROTO \"webots://tests/default/protos/TestSuiteEmitter.proto\"\n\
           EXTERNPROTO \"webots://tests/default/protos/TestSuiteSupervisor.proto\"\n"
        + &robot("extern0", "<extern>", &format!("synchronization FALSE {ts_emitter}"))
        + &robot("extern1", "<extern>", &format!("supervisor TRUE {ts_emitter}"))
        + &robot("launcher", "extern_pair", "")
        + &robot("null", "<none>", "")
        + "TestSuiteSupervisor { }\n";
    p.world("extern.wbt", &world);
    p.controller("extern_pair", "extern_pair");
    let runner = p
        .runner_command("extern.wbt", &[])
        .env("WEBOTS_HOME", &home)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = output_within(runner, Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(0), "{}\n{}", out.stdout, out.stderr);
    // the copy writes to its parent's output; extern1 held time until it joined at 0
    assert!(out.robot_lines("launcher").contains(&"extern1 passed at 0.064".to_string()), "{}", out.stdout);
    out.assert_stderr_has("'extern1' extern controller connected");
    out.assert_stderr_has("'extern1' extern controller disconnected");
    out.assert_stderr_has("a supervisor quit with status 0");
    assert!(!out.stderr.contains("'extern0' extern controller connected"), "{}", out.stderr);
}

#[test]
fn an_asynchronous_extern_robot_without_controller_does_not_hold_a_supervisor() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("sup", "sup_quit", "supervisor TRUE controllerArgs [ \"0\" \"10\" ]")
        + &robot("async", "<extern>", "synchronization FALSE");
    p.world("async.wbt", &world);
    p.controller("sup_quit", "sup_quit");
    let out = finished(spawn_runner(&p, "async.wbt", &[]));
    assert_eq!(out.status.code(), Some(0), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("sup"), ["quitting with status 0 at t=0.320"]);
}

#[test]
fn a_synchronous_extern_robot_holds_time_until_its_first_controller_joins() {
    let p = Project::new();
    let world = HEADER.to_string() + &robot("bot", "<extern>", "") + &robot("inside", "quit", "");
    p.world("sync.wbt", &world);
    p.controller("quit", "quit");
    p.controller("extern_visit", "extern_visit");
    let runner = spawn_runner(&p, "sync.wbt", &["--until", "0.5"]);
    // the runner has run for a while before the controller comes: time has not moved meanwhile
    std::thread::sleep(Duration::from_millis(300));
    let visit = finished(spawn_extern(&p, "extern_visit", &[], "ipc://1234/bot"));
    let out = finished(runner);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(visit.stdout.lines().collect::<Vec<_>>(), ["bot joined at 0.000", "bot left at 0.512"]);
    assert_eq!(out.robot_lines("inside"), ["inside: -1 at t=0.512 after 15 steps"]);
}

#[test]
fn with_keep_extern_a_robot_whose_controller_left_waits_for_the_next_one() {
    let p = Project::new();
    let world = HEADER.to_string() + &robot("bot", "<extern>", "") + &robot("inside", "quit", "");
    p.world("rejoin.wbt", &world);
    p.controller("quit", "quit");
    p.controller("extern_visit", "extern_visit");
    let runner = spawn_runner(&p, "rejoin.wbt", &["--until", "1", "--keep-extern"]);
    let first = finished(spawn_extern(&p, "extern_visit", &["3"], "ipc://1234/bot"));
    assert!(first.status.success(), "{}\n{}", first.stdout, first.stderr);
    assert_eq!(first.stdout.lines().collect::<Vec<_>>(), ["bot joined at 0.000", "bot left at 0.096"]);
    // time waited for the next controller, as Webots does for a synchronous robot
    std::thread::sleep(Duration::from_millis(300));
    let second = finished(spawn_extern(&p, "extern_visit", &[], "ipc://1234/bot"));
    assert!(second.status.success(), "{}\n{}", second.stdout, second.stderr);
    assert_eq!(second.stdout.lines().collect::<Vec<_>>(), ["bot joined at 0.096", "bot left at 1.024"]);
    let out = finished(runner);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("inside"), ["inside: -1 at t=1.024 after 31 steps"]);
    assert_eq!(out.stderr.matches("'bot' extern controller connected").count(), 2, "{}", out.stderr);
    assert_eq!(out.stderr.matches("'bot' extern controller disconnected").count(), 2, "{}", out.stderr);
}

#[test]
fn without_keep_extern_a_robot_whose_controller_left_holds_nothing() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("bot", "<extern>", "")
        + &robot("inside", "extern_visit", "controllerArgs [ \"40\" ]");
    p.world("rejoin.wbt", &world);
    p.controller("extern_visit", "extern_visit");
    let runner = spawn_runner(&p, "rejoin.wbt", &[]);
    let first = finished(spawn_extern(&p, "extern_visit", &["3"], "ipc://1234/bot"));
    assert_eq!(first.stdout.lines().collect::<Vec<_>>(), ["bot joined at 0.000", "bot left at 0.096"]);
    let out = finished(runner);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // the robot without its controller did not hold "inside"
    assert_eq!(out.robot_lines("inside"), ["inside joined at 0.000", "inside left at 1.280"]);
    out.assert_stderr_has("'bot' extern controller disconnected");
}

#[test]
fn extern_controllers_started_before_the_run_are_reported_as_they_ended() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("bot", "<extern>", "")
        + &robot("bot2", "<extern>", "")
        + &robot("py", "<extern>", "");
    p.world("three.wbt", &world);
    p.controller("quit", "quit");
    p.python_controller("steps", "steps");
    // they start first and retry until the run is there
    let c1 = spawn_extern(&p, "quit", &[], "ipc://1234/bot");
    let c2 = spawn_extern(&p, "quit", &[], "ipc://1234/bot2");
    let dir = p.path().join("controllers/steps");
    let mut py = Command::new("python3");
    py.arg("steps.py").current_dir(&dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    p.env(&mut py);
    let py = py
        .env("PYTHONPATH", p.home().join("lib/controller/python"))
        .env("WEBOTS_CONTROLLER_URL", "ipc://1234/py")
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let out = finished(spawn_runner(&p, "three.wbt", &["--until", "0.3"]));
    for (child, name) in [(c1, "bot"), (c2, "bot2")] {
        let c = finished(child);
        assert_eq!(c.stdout.trim(), format!("{name}: -1 at t=0.320 after 9 steps"), "{}", c.stderr);
    }
    let py = finished(py);
    assert_eq!(py.stdout.trim(), "py: -1 at t=0.320 after 9 steps, args []", "{}", py.stderr);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("run ended at 0.320 s: 3 controller(s), 0 failed");
}

#[test]
fn a_supervisor_quit_ends_the_run_with_an_extern_controller_still_connected() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("sup", "sup_quit", "supervisor TRUE controllerArgs [ \"0\" \"5\" ]")
        + &robot("ext", "<extern>", "");
    p.world("quit.wbt", &world);
    p.controller("sup_quit", "sup_quit");
    // steps until the run is over, then stays, connected and silent
    p.controller("spin", "spin");
    let runner = spawn_runner(&p, "quit.wbt", &[]);
    let mut spin = spawn_extern(&p, "spin", &[], "ipc://1234/ext");
    let out = output_within(runner, Duration::from_secs(20));
    let _ = spin.kill();
    let _ = spin.wait();
    assert_eq!(out.status.code(), Some(0), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("closed the connection of extern controller 'ext': still connected 1 s after the run ended");
    out.assert_stderr_has("a supervisor quit with status 0");
}

#[test]
fn restarting_an_extern_robot_s_controller_lets_it_go_and_the_robot_takes_the_next_one() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("sup", "sv_restart_extern", "supervisor TRUE")
        + &format!("DEF EXT {}", robot("bot", "<extern>", ""));
    p.world("restart.wbt", &world);
    p.controller("sv_restart_extern", "sv_restart_extern");
    p.controller("extern_visit", "extern_visit");
    let runner = spawn_runner(&p, "restart.wbt", &["--until", "0.5", "--keep-extern"]);
    let first = finished(spawn_extern(&p, "extern_visit", &[], "ipc://1234/bot"));
    assert!(first.status.success(), "{}\n{}", first.stdout, first.stderr);
    let lines: Vec<&str> = first.stdout.lines().collect();
    assert_eq!(lines[0], "bot joined at 0.000");
    let left = lines[1].strip_prefix("bot left at ").expect("a left line");
    let second = finished(spawn_extern(&p, "extern_visit", &[], "ipc://1234/bot"));
    assert_eq!(second.stdout.lines().collect::<Vec<_>>(), [&format!("bot joined at {left}"), "bot left at 0.512"]);
    let out = finished(runner);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("sup"), ["restarting EXT at 0.096"]);
    out.assert_stderr_has("restarting the controller of 'bot': its extern controller is let go");
    assert!(
        left.parse::<f64>().unwrap() < 0.2,
        "the first controller was let go at the restart, not at the end: {left}"
    );
}

#[test]
fn an_asynchronous_controller_computing_does_not_hold_the_others() {
    let p = Project::new();
    let world = HEADER.to_string()
        + &robot("slow", "async_sleeper", "synchronization FALSE")
        + &robot("fast", "quit", "controllerArgs [ \"32\" \"mark\" ]");
    p.world("async.wbt", &world);
    p.controller("async_sleeper", "async_sleeper");
    p.controller("quit", "quit");
    let out = p.run("async.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("fast"), ["fast: -1 at t=0.512 after 15 steps"]);
    // while it computed, the world went to its end without it
    assert_eq!(out.robot_lines("slow"), ["sync=0, after computing: step returned -1 at 0.512"]);
}

#[test]
fn an_extern_controller_joins_over_tcp_and_tcp_cannot_take_a_launched_robot() {
    use webots_shim::protocol::codec::{read_frame, write_frame};
    use webots_shim::protocol::{Hello, Welcome};

    let p = Project::new();
    let world = HEADER.to_string() + &robot("ext", "<extern>", "") + &robot("inside", "quit", "");
    p.world("tcp.wbt", &world);
    p.controller("quit", "quit");
    let mut runner = spawn_runner(&p, "tcp.wbt", &["--until", "0.3", "--tcp-bind", "127.0.0.1"]);
    let (line, rest) = watch_lines(runner.stderr.take().unwrap(), |l| l.contains("(or tcp://"));
    let url = line.split("(or ").nth(1).and_then(|u| u.strip_suffix(')')).expect("a tcp URL").to_string();
    assert!(url.starts_with("tcp://127.0.0.1:") && url.ends_with("/ext"), "{line}");
    // a stranger over TCP claims the launched robot by node id: refused
    let address = url.trim_start_matches("tcp://").trim_end_matches("/ext").to_string();
    let mut scratch = Vec::new();
    for id in 1..=3 {
        let mut s = std::net::TcpStream::connect(&address).unwrap();
        let thief = Hello { robot_name: "inside".into(), robot_id: Some(id), pid: 1 };
        write_frame(&mut s, &thief, &mut scratch).unwrap();
        let welcome: Welcome = read_frame(&mut s, &mut scratch).unwrap();
        assert!(
            matches!(&welcome, Welcome::Refused(why) if why.contains("over TCP can only drive an <extern> robot")),
            "{welcome:?}"
        );
    }
    let ext = finished(spawn_extern(&p, "quit", &[], &url));
    assert!(ext.status.success(), "{}\n{}", ext.stdout, ext.stderr);
    assert_eq!(ext.stdout.trim(), "ext: -1 at t=0.320 after 9 steps");
    let out = finished(runner);
    let stderr = rest.join().unwrap();
    assert!(out.status.success(), "{}\n{stderr}", out.stdout);
    assert_eq!(out.robot_lines("inside"), ["inside: -1 at t=0.320 after 9 steps"]);
    assert!(stderr.contains("'ext' extern controller connected"), "{stderr}");
}
