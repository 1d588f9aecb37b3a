//! Webots' own programs over an installed home: `webots` (Webots' command line: options, console lines
//! that tools parse, the quit status as exit status) and `webots-controller` (the extern launcher), and
//! pytest-webots, unchanged from PyPI, driving worlds through them.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{install_programs, manifest_dir, watch_lines, Project};

/// This project's home with the programs in it.
fn home(p: &Project) -> PathBuf {
    let home = p.home();
    if !home.join("webots").exists() {
        install_programs(&home);
    }
    home
}

fn webots(p: &Project, args: &[&str]) -> Command {
    let mut cmd = Command::new(home(p).join("webots"));
    cmd.args(args).current_dir(p.path()).stdin(Stdio::null());
    p.env(&mut cmd);
    cmd
}

fn text(out: &Output) -> (String, String) {
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n";

#[test]
fn version_help_and_options_headless_cannot_honour() {
    let p = Project::new();
    let out = webots(&p, &["--version"]).output().unwrap();
    assert!(out.status.success());
    assert!(text(&out).0.starts_with("Webots version: R2025a (webots-shim "), "{:?}", text(&out));
    let out = webots(&p, &["--help"]).output().unwrap();
    assert!(out.status.success());
    assert!(text(&out).0.contains("--extern-urls"), "{:?}", text(&out));
    let out = webots(&p, &["--mode=slow", "w.wbt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out).1.contains("ERROR: invalid mode 'slow': it must be pause, realtime or fast"),
        "{:?}",
        text(&out)
    );
    let out = webots(&p, &["convert", "x.proto"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).1.contains("'webots convert' is not supported"));
    let out = webots(&p, &["--batch"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).1.contains("ERROR: no world file given"));
    let out = webots(&p, &["--sysinfo"]).output().unwrap();
    assert!(out.status.success() && text(&out).0.contains("Processor cores: "));
}

#[test]
fn a_ci_command_line_runs_the_world_and_exits_with_the_quit_status() {
    let p = Project::new();
    p.world(
        "ci.wbt",
        &(HEADER.to_string()
            + "Robot { name \"sup\" supervisor TRUE controller \"sup_quit\" controllerArgs [ \"3\" \"5\" ] }\n\
           Robot { name \"talker\" controller \"chatty\" }\n"),
    );
    p.controller("sup_quit", "sup_quit");
    p.controller("chatty", "talk_lines");
    let run = |args: &[&str]| {
        let mut all = vec!["--batch", "--mode=fast", "--no-rendering", "--minimize"];
        all.extend_from_slice(args);
        all.push("worlds/ci.wbt");
        webots(&p, &all).output().unwrap()
    };
    let out = run(&["--stdout", "--stderr"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(3), "{stdout}\n{stderr}");
    // controllers' lines as they are, with Webots' INFO lines
    assert!(stdout.lines().any(|l| l == "quitting with status 3 at t=0.160"), "{stdout}");
    assert!(!stdout.contains("[sup]") && !stdout.contains("webots-shim:"), "{stdout}");
    assert!(!stderr.contains("run ended at"), "{stderr}");
    // without --stdout, the controllers' stdout is not shown (it goes to Webots' console window)
    let quiet = run(&["--stderr"]);
    assert_eq!(quiet.status.code(), Some(3));
    assert!(!text(&quiet).0.contains("quitting with status"), "{:?}", text(&quiet));
}

#[test]
fn extern_urls_port_and_webots_console_lines_for_extern_controllers_over_ipc_and_tcp() {
    let p = Project::new();
    p.world(
        "ext.wbt",
        &(HEADER.to_string()
            + "Robot { name \"ext bot\" controller \"<extern>\" }\n\
           Robot { name \"far\" controller \"<extern>\" }\n\
           Robot { name \"sup\" supervisor TRUE controller \"sup_quit\" controllerArgs [ \"0\" \"10\" ] }\n"),
    );
    p.controller("sup_quit", "sup_quit");
    p.controller("quit", "quit");
    let perf = p.path().join("perf.txt");
    let perf_arg = format!("--log-performance={},50", perf.display());
    let mut child =
        webots(&p, &["--batch", "--stdout", "--stderr", "--port=24731", "--extern-urls", &perf_arg, "worlds/ext.wbt"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    // the port the run took (24731, or the next free one) is in the line tools wait for
    let (line, rest) =
        watch_lines(child.stdout.take().unwrap(), |l| l.starts_with("INFO: 'far' extern controller: waiting"));
    let port = line.rsplit(':').next().and_then(|p| p.split('/').next()).unwrap().to_string();
    assert_eq!(
        line,
        format!("INFO: 'far' extern controller: waiting for connection on ipc://{port}/far or on tcp://127.0.0.1:{port}/far")
    );
    // the launcher, as a tool would start it, from the controller's folder: over ipc, and over tcp
    let dir = p.path().join("controllers/quit");
    let launch = |args: &[&str]| {
        let port_arg = format!("--port={port}");
        let mut cmd = Command::new(home(&p).join("webots-controller"));
        cmd.args(args)
            .arg(&port_arg)
            .arg("./quit")
            .current_dir(&dir)
            .env("WEBOTS_HOME", home(&p))
            .env_remove("LD_LIBRARY_PATH");
        p.env(&mut cmd);
        cmd.stdout(Stdio::piped()).spawn().unwrap()
    };
    let near = launch(&["--robot-name=ext bot"]);
    let far = launch(&["--robot-name=far", "--protocol=tcp", "--ip-address=127.0.0.1"]);
    let (near, far) = (near.wait_with_output().unwrap(), far.wait_with_output().unwrap());
    let out = child.wait_with_output().unwrap();
    let stdout = rest.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&format!("ipc://{port}/ext%20bot").as_str()), "{stdout}");
    assert!(lines.contains(&format!("ipc://{port}/far").as_str()), "{stdout}");
    for robot in ["ext bot", "far"] {
        assert!(lines.contains(&format!("INFO: '{robot}' extern controller: connected.").as_str()), "{stdout}");
        let left = format!("INFO: '{robot}' extern controller: disconnected, waiting for new connection.");
        assert!(lines.contains(&left.as_str()), "{stdout}");
    }
    let (near, far) = (text(&near).0, text(&far).0);
    assert!(near.starts_with(&format!(
        "The started controller targets a local instance (ipc protocol) of Webots with port number {port}. Targeting robot 'ext bot'."
    )), "{near}");
    assert!(
        far.starts_with(&format!(
            "The started controller targets a remote instance (tcp protocol) of Webots with port number {port}. \
         The IP address of the remote Webots instance is '127.0.0.1'. Targeting robot 'far'."
        )),
        "{far}"
    );
    // both extern robots held time until their controllers joined: they saw the whole run
    assert!(near.contains("ext bot: -1 at t=0.320 after 10 steps"), "{near}");
    assert!(far.contains("far: -1 at t=0.320 after 10 steps"), "{far}");
    let log = std::fs::read_to_string(&perf).unwrap();
    assert!(log.contains("simulated time: 0.320 s") && log.contains("real-time factor: "), "{log}");
}

#[test]
fn the_launcher_refuses_what_it_cannot_start_with_webots_words() {
    let p = Project::new();
    let launcher = home(&p).join("webots-controller");
    let run = |args: &[&str], with_home: bool| {
        let mut cmd = Command::new(&launcher);
        cmd.args(args).current_dir(p.path());
        if with_home {
            cmd.env("WEBOTS_HOME", home(&p));
        } else {
            cmd.env_remove("WEBOTS_HOME");
        }
        let out = cmd.output().unwrap();
        (out.status.code(), text(&out).0)
    };
    let (code, said) = run(&["./nothing"], false);
    assert_eq!(code, Some(1));
    assert!(said.contains("Set the path to your webots installation folder in WEBOTS_HOME"), "{said}");
    let (code, said) = run(&["./nothing"], true);
    assert_eq!(code, Some(1));
    assert!(said.contains("Controller file './nothing' not found."), "{said}");
    let (code, said) = run(&["--protocol=tcp", "--ip-address=127.0.0.1", "worlds"], true);
    assert_eq!(code, Some(1));
    assert!(said.contains("is a directory") || said.contains("tcp protocol"), "{said}");
    std::fs::write(p.path().join("c.txt"), "x").unwrap();
    let (code, said) = run(&["c.txt"], true);
    assert_eq!(code, Some(1));
    assert!(said.contains("The file extension '.txt' is not supported as webots controller."), "{said}");
    let (code, said) = run(&["--help"], true);
    assert_eq!(code, Some(0));
    assert!(said.starts_with("Usage: webots-controller"), "{said}");
}

/// The Python >= 3.12 environment with pytest-webots (made by `tests/pytest_webots/venv.sh`).
fn pytest_python() -> PathBuf {
    let dir = common::profile_dir().join("pytest-webots-venv");
    let out = Command::new("bash")
        .arg(manifest_dir().join("tests/pytest_webots/venv.sh"))
        .arg(&dir)
        .output()
        .expect("bash runs");
    assert!(out.status.success(), "cannot make the pytest-webots environment:\n{}", text(&out).1);
    PathBuf::from(text(&out).0.trim())
}

/// Copies the suite (`tests/pytest_webots`) into the project, so that nothing it writes lands in the
/// source tree.
fn suite_in(p: &Project) -> PathBuf {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let path = e.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy(&path, &target);
            } else if path.extension().is_some_and(|e| e == "py" || e == "wbt" || e == "ini") {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    let dir = p.path().join("suite");
    copy(&manifest_dir().join("tests/pytest_webots"), &dir);
    dir
}

#[test]
fn pytest_webots_from_pypi_runs_its_suite_unchanged_alone_and_under_xdist() {
    let python = pytest_python();
    let p = Project::new();
    let home = home(&p);
    let suite = suite_in(&p);
    for extra in [&[][..], &["-n", "2", "--dist", "loadgroup"][..]] {
        let mut cmd = Command::new(&python);
        cmd.args(["-m", "pytest", "-q", "-p", "no:cacheprovider"]).args(extra).current_dir(&suite).stdin(Stdio::null());
        p.env(&mut cmd);
        let out = cmd.env("WEBOTS_HOME", &home).env("TMPDIR", p.path().join("run")).output().unwrap();
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "pytest {extra:?}:\n{stdout}\n{stderr}");
        assert!(stdout.contains("6 passed"), "pytest {extra:?}:\n{stdout}");
    }
}

#[test]
fn mode_pause_holds_time_until_a_supervisor_sets_another_mode() {
    let p = Project::new();
    p.world(
        "pause.wbt",
        &(HEADER.to_string()
            + "Robot { name \"walker\" controller \"extern_visit\" controllerArgs [ \"5\" ] }\n\
           Robot { name \"sup\" supervisor TRUE controller \"sv_resume\" }\n"),
    );
    p.controller("extern_visit", "extern_visit");
    p.controller("sv_resume", "sv_resume");
    let out = webots(&p, &["--batch", "--mode=pause", "--stdout", "--stderr", "worlds/pause.wbt"]).output().unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&"paused at 0.000") && lines.contains(&"running at 0.096"), "{stdout}");
    // the other controller waited at time 0 too, then ran with the supervisor
    assert!(lines.contains(&"walker joined at 0.000") && lines.contains(&"walker left at 0.096"), "{stdout}");
}

#[test]
fn the_launcher_runs_a_python_controller_with_its_arguments() {
    let p = Project::new();
    p.world(
        "py.wbt",
        &(HEADER.to_string()
            + "Robot { name \"py\" controller \"<extern>\" }\n\
           Robot { name \"sup\" supervisor TRUE controller \"sup_quit\" controllerArgs [ \"0\" \"5\" ] }\n"),
    );
    p.controller("sup_quit", "sup_quit");
    p.python_controller("steps", "steps");
    let mut child = webots(&p, &["--batch", "--stdout", "--port=24761", "worlds/py.wbt"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (line, rest) =
        watch_lines(child.stdout.take().unwrap(), |l| l.starts_with("INFO: 'py' extern controller: waiting"));
    let port = line.rsplit(':').next().and_then(|p| p.split('/').next()).unwrap().to_string();
    // started from the project, the script named by its path, as Webots' launcher takes it
    let launched = Command::new(home(&p).join("webots-controller"))
        .args(["--robot-name=py", &format!("--port={port}"), "controllers/steps/steps.py", "fast", "--flag"])
        .current_dir(p.path())
        .env("WEBOTS_HOME", home(&p))
        .env("WEBOTS_SHIM_TMPDIR", p.path().join("run"))
        .env_remove("PYTHONPATH")
        .output()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = rest.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let (l_out, l_err) = text(&launched);
    assert!(launched.status.success(), "{l_out}\n{l_err}");
    // the package came from the home, the arguments after the script reached it
    assert!(l_out.contains("py: -1 at t=0.160 after 5 steps, args ['fast', '--flag']"), "{l_out}\n{l_err}");
}
