//! The run's life cycle through the runner: the -1 quit path, mixed step durations in lockstep,
//! crashing, hanging and early-exiting controllers, extern controllers, output forwarding, bad worlds.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::Project;

fn header(basic_time_step: u32) -> String {
    format!("#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep {basic_time_step} }}\n")
}

fn robot(name: &str, controller: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!("Robot {{ name \"{name}\" controller \"{controller}\" controllerArgs [ {} ] }}\n", args.join(" "))
}

#[test]
fn until_makes_step_return_minus_one_once_then_the_next_step_exits_0() {
    let p = Project::new();
    p.world("quit.wbt", &(header(32) + &robot("q", "quit", &[])));
    p.controller("quit", "quit");
    let out = p.run("quit.wbt", &["--until", "1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // 31 steps of 32 ms reach 0.992 s; the step that reaches 1.024 s returns -1
    assert_eq!(out.robot_lines("q"), vec!["q: -1 at t=1.024 after 31 steps"]);
    assert!(!out.stdout.contains("UNREACHABLE"));
    out.assert_stderr_has("'q' controller exited successfully");
    out.assert_stderr_has("run ended at 1.024 s: 1 controller(s), 0 failed");
}

#[test]
fn in_process_until_gives_the_same_quit_path() {
    let p = Project::new();
    let world = p.world("quit.wbt", &(header(32) + &robot("q", "quit", &[])));
    p.controller("quit", "quit");
    let out = p.run_controller("quit", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_SHIM_UNTIL", "1")]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.stdout.trim(), "q: -1 at t=1.024 after 31 steps");
}

#[test]
fn controllers_with_different_step_durations_stay_in_lockstep() {
    let p = Project::new();
    let world = header(16) + &robot("a", "pace", &["16"]) + &robot("b", "pace", &["48"]) + &robot("c", "pace", &["40"]);
    p.world("pace.wbt", &world);
    p.controller("pace", "pace");
    let out = p.run("pace.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let times = |r| out.robot_lines(r);
    let expect = |v: &[u32]| v.iter().map(|t| format!("t={t}")).collect::<Vec<_>>();
    assert_eq!(times("a"), expect(&[16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192]));
    assert_eq!(times("b"), expect(&[48, 96, 144, 192]));
    // 40 ms rounds up to 48 ms of basic steps
    assert_eq!(times("c"), expect(&[48, 96, 144, 192]));
}

#[test]
fn a_crashing_controller_is_reported_and_the_others_go_on() {
    let p = Project::new();
    let world = header(32) + &robot("crasher", "crash", &[]) + &robot("survivor", "quit", &[]);
    p.world("crash.wbt", &world);
    p.controller("crash", "crash");
    p.controller("quit", "quit");
    let out = p.run("crash.wbt", &["--until", "0.5"]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("crasher"), vec!["crashing now"]);
    out.assert_stderr_has("'crasher' controller crashed: killed by signal 11 (SIGSEGV)");
    assert_eq!(out.robot_lines("survivor"), vec!["survivor: -1 at t=0.512 after 15 steps"]);
    out.assert_stderr_has("'survivor' controller exited successfully");
    out.assert_stderr_has("1 failed ('crasher' crashed: killed by signal 11 (SIGSEGV))");
}

#[test]
fn a_hanging_controller_is_killed_after_the_step_timeout_and_the_others_go_on() {
    let p = Project::new();
    let world = header(32) + &robot("hanger", "hang", &[]) + &robot("survivor", "quit", &[]);
    p.world("hang.wbt", &world);
    p.controller("hang", "hang");
    p.controller("quit", "quit");
    let out = p.run("hang.wbt", &["--until", "0.5", "--step-timeout", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("'hanger' controller was killed: did not come back to wb_robot_step within 1 s");
    let pid = hang_pid(&out.stdout);
    assert!(nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_err(), "pid {pid} survived");
    assert_eq!(out.robot_lines("survivor"), vec!["survivor: -1 at t=0.512 after 15 steps"]);
    assert!(out.elapsed < Duration::from_secs(8), "took {:?}", out.elapsed);
}

#[test]
fn a_controller_that_exits_before_init_is_reported_with_its_status() {
    let p = Project::new();
    let world = header(32) + &robot("early", "early_exit", &[]) + &robot("survivor", "quit", &[]);
    p.world("early.wbt", &world);
    p.controller("early_exit", "early_exit");
    p.controller("quit", "quit");
    let out = p.run("early.wbt", &["--until", "0.1"]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("'early' controller exited with status 3");
    assert_eq!(out.robot_lines("early"), vec!["leaving before wb_robot_init"]);
    assert_eq!(out.robot_lines("survivor"), vec!["survivor: -1 at t=0.128 after 3 steps"]);
}

#[test]
fn without_until_the_run_ends_when_the_last_controller_exits() {
    let p = Project::new();
    let world = header(32) + &robot("chatty", "chatty", &[]) + "Robot { name \"idle\" controller \"<none>\" }\n";
    p.world("chatty.wbt", &world);
    p.controller("chatty", "chatty");
    let out = p.run("chatty.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // output is forwarded line by line, behind the robot's name, each stream to its own
    assert_eq!(out.robot_lines("chatty"), vec!["hello on stdout", "second line"]);
    out.assert_stderr_has("[chatty] hello on stderr\n");
    out.assert_stderr_has("run ended at 0.032 s: 1 controller(s), 0 failed");
}

#[test]
fn a_missing_controller_program_is_reported() {
    let p = Project::new();
    let world = header(32) + &robot("lost", "does_not_exist", &[]) + &robot("survivor", "quit", &[]);
    p.world("missing.wbt", &world);
    p.controller("quit", "quit");
    let out = p.run("missing.wbt", &["--until", "0.1"]);
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("'lost' controller could not start: controller 'does_not_exist' not found");
    out.assert_stderr_has("survivor' controller exited successfully");
}

#[test]
fn a_world_that_does_not_parse_is_an_error_with_its_place() {
    let p = Project::new();
    p.world("bad.wbt", "#VRML_SIM R2025a utf8\nWorldInfo {\n  basicTimeStep \"fast\"\n}\n");
    let out = p.run("bad.wbt", &[]);
    assert_eq!(out.status.code(), Some(1));
    out.assert_stderr_has("cannot load the world:");
    out.assert_stderr_has("bad.wbt:3:17");
}

#[test]
fn an_extern_controller_joins_the_run_by_url() {
    let p = Project::new();
    let world = header(32) + &robot("ext bot", "<extern>", &[]) + &robot("inside", "quit", &[]);
    p.world("ext.wbt", &world);
    p.controller("quit", "quit");
    let mut runner = p.runner_command("ext.wbt", &["--until", "0.3"]);
    let runner = runner.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // each test has its own socket folder, so this run is the first port there
    let ext = p.run_controller("quit", &[("WEBOTS_CONTROLLER_URL", "ipc://1234/ext%20bot")]);
    let out = runner.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(ext.status.success(), "extern controller: {}\n{}", ext.stdout, ext.stderr);
    assert_eq!(ext.stdout.trim(), "ext bot: -1 at t=0.320 after 9 steps");
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("robot 'ext bot' waits for an extern controller: WEBOTS_CONTROLLER_URL=ipc://1234/ext%20bot")
    );
    assert!(stdout.contains("[inside] inside: -1 at t=0.320 after 9 steps"));
}

#[test]
fn an_extern_controller_can_name_its_robot_alone_and_is_refused_a_robot_that_is_not_extern() {
    let p = Project::new();
    let world = header(32) + &robot("ext", "<extern>", &[]) + &robot("inside", "quit", &[]);
    p.world("ext.wbt", &world);
    p.controller("quit", "quit");
    let mut runner = p.runner_command("ext.wbt", &["--until", "0.1"]);
    let runner = runner.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let start = Instant::now();
    // a bare robot name means "the most recent run"; wait for it to be there
    while !p.path().join("run").read_dir().unwrap().any(|_| true) && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let refused = p.run_controller("quit", &[("WEBOTS_CONTROLLER_URL", "ipc://1234/inside")]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(refused.stderr.contains("robot 'inside' is not an <extern> robot"), "{}", refused.stderr);
    let ext = p.run_controller("quit", &[("WEBOTS_CONTROLLER_URL", "ext")]);
    assert!(ext.status.success(), "{}\n{}", ext.stdout, ext.stderr);
    let out = runner.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn no_controller_at_all_with_until_just_runs_the_world() {
    let p = Project::new();
    let world = header(32)
        + "Robot { controller \"<none>\" }\n\
           Solid { translation 0 0 1 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } }\n\
           Solid { boundingObject Plane { } }\n";
    p.world("empty.wbt", &world);
    // simulated up to --until however long that takes (the first whole step past 10 s: 313 × 32 ms)
    let out = p.run("empty.wbt", &["--until", "10"]);
    assert!(out.status.success(), "{}", out.stderr);
    out.assert_stderr_has("no robot in this world has a controller");
    out.assert_stderr_has("run ended at 10.016 s: 0 controller(s), 0 failed");
    // without --until nothing would ever end it: it ends at once
    let out = p.run("empty.wbt", &[]);
    assert!(out.status.success(), "{}", out.stderr);
    out.assert_stderr_has("run ended at 0.000 s: 0 controller(s), 0 failed");
}

#[test]
fn the_runner_leaves_no_socket_folder_behind() {
    let p = Project::new();
    p.world("quit.wbt", &(header(32) + &robot("q", "quit", &[])));
    p.controller("quit", "quit");
    let out = p.run("quit.wbt", &["--until", "0.1"]);
    assert!(out.status.success());
    let base = p.path().join("run");
    let leftovers: Vec<_> =
        std::fs::read_dir(&base).unwrap().flat_map(|e| std::fs::read_dir(e.unwrap().path()).unwrap()).collect();
    assert!(leftovers.is_empty(), "left behind: {leftovers:?}");
    // the per-user folder is private
    use std::os::unix::fs::PermissionsExt;
    for e in std::fs::read_dir(&base).unwrap() {
        let mode = e.unwrap().metadata().unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}

/// The pid `hang.c` prints.
fn hang_pid(stdout: &str) -> i32 {
    let line = stdout.lines().find(|l| l.contains("hanging now (pid ")).expect("hang.c printed its pid");
    line.rsplit("pid ").next().unwrap().trim_end_matches(')').parse().unwrap()
}

/// The run's socket, once the runner has made it.
fn wait_for_socket(p: &Project) -> std::path::PathBuf {
    let start = Instant::now();
    loop {
        let found = std::fs::read_dir(p.path().join("run"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|user| user.path().join("1234/ipc.sock"))
            .find(|s| s.exists());
        if let Some(s) = found {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the runner never opened its socket");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn sigterm_stops_the_run_kills_every_controller_and_removes_the_socket_folder() {
    let p = Project::new();
    let world = header(32) + &robot("hanger", "hang", &[]) + &robot("other", "quit", &[]);
    p.world("term.wbt", &world);
    p.controller("hang", "hang");
    p.controller("quit", "quit");
    let mut cmd = p.runner_command("term.wbt", &["--step-timeout", "60"]);
    let runner = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let socket = wait_for_socket(&p);
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(runner.id() as i32), nix::sys::signal::Signal::SIGTERM).unwrap();
    let out = runner.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("interrupted: ending the run"), "{stderr}");
    // the controller that was waiting for time got -1 and exited by itself
    assert!(stdout.contains("[other] other: -1 at t=0.064 after 2 steps"), "{stdout}");
    assert!(stderr.contains("'other' controller exited successfully"), "{stderr}");
    let pid = hang_pid(&stdout);
    assert!(nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_err(), "pid {pid} survived");
    assert!(!socket.parent().unwrap().exists(), "socket folder left behind");
}

#[test]
fn garbage_on_the_socket_closes_that_connection_only() {
    use std::io::Write;
    use webots_shim::protocol::codec::write_frame;
    use webots_shim::protocol::Hello;

    let p = Project::new();
    let world = header(32) + &robot("ext", "<extern>", &[]) + &robot("inside", "quit", &[]);
    p.world("garbage.wbt", &world);
    p.controller("quit", "quit");
    let mut cmd = p.runner_command("garbage.wbt", &["--until", "0.2"]);
    let runner = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let socket = wait_for_socket(&p);

    // a first message that is not a Hello
    let mut s = std::os::unix::net::UnixStream::connect(&socket).unwrap();
    s.write_all(&[3, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]).unwrap();
    // an oversized frame
    let mut s2 = std::os::unix::net::UnixStream::connect(&socket).unwrap();
    s2.write_all(&u64::MAX.to_le_bytes()).unwrap();
    // a proper Hello for the extern robot, then garbage instead of a step request
    let mut s3 = std::os::unix::net::UnixStream::connect(&socket).unwrap();
    let hello = Hello { robot_name: "ext".into(), robot_id: None, pid: 1 };
    write_frame(&mut s3, &hello, &mut Vec::new()).unwrap();
    s3.write_all(&[2, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]).unwrap();

    let out = runner.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("closed a connection that sent a bad first message: malformed message"), "{stderr}");
    assert!(stderr.contains("is more than the 1048576 bytes a first message may take"), "{stderr}");
    assert!(stderr.contains("closed the connection of robot 'ext': malformed message"), "{stderr}");
    // the run went on: the intern controller reached the end
    assert!(stdout.contains("[inside] inside: -1 at t=0.224 after 6 steps"), "{stdout}");
    // a controller that broke the protocol fails the run
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("'ext' broke the step protocol"), "{stderr}");
}

#[test]
fn runtime_ini_sections_for_this_platform_apply_and_the_others_do_not() {
    // Webots' runtime_config_file: a path list, a comment after a value, a commented-out line, a reference
    // to $(WEBOTS_HOME) and to an earlier variable, and sections for each platform (Linux and Linux 64 here)
    let p = Project::new();
    p.controller("env_reader", "env_reader");
    std::fs::write(
        p.path().join("controllers/env_reader/runtime.ini"),
        "[environment variables with paths]\nSHIM_PATHS=alpha/beta:gamma\n\n\
         [environment variables]\nSHIM_PLAIN =alpha/beta:gamma ;a comment\n;SHIM_HIDDEN = alpha\n\
         TEST_REFERENCE= $(WEBOTS_HOME)\n\n\
         [environment variables for Windows]\nSHIM_WINDOWS = \"$(SHIM_PATHS);C:\\Program Files\"\n\n\
         [environment variables for macOS]\nSHIM_MAC = $(SHIM_PATHS):delta\n\n\
         [environment variables for Linux]\nSHIM_LINUX = $(SHIM_PATHS):delta\n\n\
         [environment variables for Linux 32]\nSHIM_LINUX_32 = thirty-two\n\n\
         [environment variables for Linux 64]\nSHIM_LINUX_64 = sixty-four\n",
    )
    .unwrap();
    let names = [
        "SHIM_PATHS",
        "SHIM_PLAIN",
        "SHIM_HIDDEN",
        "SHIM_WINDOWS",
        "SHIM_MAC",
        "SHIM_LINUX",
        "SHIM_LINUX_32",
        "SHIM_LINUX_64",
    ];
    let args: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    p.world(
        "env.wbt",
        &(header(32)
            + &format!("Robot {{ name \"env\" controller \"env_reader\" controllerArgs [ {} ] }}\n", args.join(" "))),
    );
    let out = p.run_with_home("env.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("env"),
        [
            "SHIM_PATHS=alpha/beta:gamma",
            "SHIM_PLAIN=alpha/beta:gamma",
            "SHIM_HIDDEN=(unset)",
            "SHIM_WINDOWS=(unset)",
            "SHIM_MAC=(unset)",
            "SHIM_LINUX=alpha/beta:gamma:delta",
            "SHIM_LINUX_32=(unset)",
            "SHIM_LINUX_64=sixty-four",
            "TEST_REFERENCE is WEBOTS_HOME: yes",
        ]
    );
}
