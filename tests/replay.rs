//! A run recorded as one self-contained HTML replay, checked through the page itself in a real headless
//! browser: no JavaScript error; the robot drawn where its GPS said at the first and the last step; the
//! slider moves it (on the screen too); the packet line at the step it was sent; the console line at
//! its time; a plot of a device value. Recorded by `webots-shim run --record`, by a supervisor through
//! `wb_supervisor_animation_start_recording` (under `webots` too), by `webots-shim test
//! --record-failures` (the failing world's replay kept and named in the summary and JUnit), and when a
//! run is interrupted. Bad input gets a clear error. And the size rule: 100 robots for 60 s.

#[path = "replay/browser.rs"]
mod browser;
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::suite::{assert_status, suite};
use common::{install_programs, watch_lines, Project, RunOutput};
use serde_json::Value;

const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n";
const STEP_S: f64 = 0.032;
/// The walker sends its packet after the step that returned at this time (ms).
const SEND_MS: u32 = 320;

/// A floor, a magenta walker moving 1 cm per step along x from (-0.5, 0.2) for `steps` steps with a GPS
/// and an emitter, and a blue listener with a receiver at (0.5, -0.3). `extra` goes after the walker's
/// arguments.
fn walk_world(steps: u32, extra: &str) -> String {
    format!(
        "{HEADER}Solid {{ translation 0 0 -0.01 children [ Shape {{ appearance PBRAppearance {{ baseColor 0.8 0.8 0.8 }} \
           geometry Box {{ size 3 3 0.02 }} }} ] name \"floor\" }}\n\
         Robot {{ translation -0.5 0.2 0.05 name \"walker\" supervisor TRUE controller \"walker\" \
           controllerArgs [ \"walk\" \"0.01\" \"{SEND_MS}\" \"{steps}\" {extra} ] \
           children [ Shape {{ appearance PBRAppearance {{ baseColor 0.9 0.1 0.9 }} geometry Box {{ size 0.1 0.1 0.1 }} }} \
             GPS {{ }} Emitter {{ channel 1 }} ] }}\n\
         Robot {{ translation 0.5 -0.3 0.05 name \"listener\" controller \"walker\" controllerArgs [ \"listen\" \"{}\" ] \
           children [ Shape {{ appearance PBRAppearance {{ baseColor 0.1 0.2 0.9 }} geometry Cylinder {{ height 0.1 radius 0.05 }} }} \
             Receiver {{ channel 1 }} ] }}\n",
        steps + 5
    )
}

fn walker_project() -> Project {
    let p = Project::new();
    p.controller("walker", "replay_walker");
    p
}

/// A GPS reading the walker printed: its step, time and position.
#[derive(Debug)]
struct Fix {
    step: u64,
    t: f64,
    at: [f64; 3],
}

fn fixes(out: &RunOutput) -> Vec<Fix> {
    out.robot_lines("walker")
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.strip_prefix("gps step ")?.split_whitespace().collect();
            let num = |i: usize| w[i].parse::<f64>().unwrap();
            Some(Fix { step: w[0].parse().unwrap(), t: num(2), at: [num(4), num(5), num(6)] })
        })
        .collect()
}

/// The walker's place as the page drew it: world position and pixel on the top view.
fn walker(state: &Value) -> ([f64; 3], [f64; 2]) {
    let r = state["robots"].as_array().unwrap().iter().find(|r| r["name"] == "walker").expect("the walker is drawn");
    let f = |k: &str| r[k].as_f64().unwrap();
    ([f("x"), f("y"), f("z")], [f("px"), f("py")])
}

fn assert_near(a: [f64; 3], b: [f64; 3], tolerance: f64, what: &str) {
    let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
    assert!(d <= tolerance, "{what}: {a:?} is {d} m from {b:?}");
}

/// The centre of the pixels of the walker's magenta, (230, 26, 230): its box, on both views.
fn magenta_centre(pixels: &[[u8; 4]], width: u32) -> [f64; 2] {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for (i, p) in pixels.iter().enumerate() {
        if p[0] >= 220 && p[1] <= 40 && p[2] >= 220 {
            sx += (i as u32 % width) as f64;
            sy += (i as u32 / width) as f64;
            n += 1.0;
        }
    }
    assert!(n > 50.0, "the walker's magenta box is not on the screen");
    [sx / n, sy / n]
}

fn packets(state: &Value) -> Vec<(String, String)> {
    state["packets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["from"].as_str().unwrap_or("").to_string(), p["to"].as_str().unwrap_or("").to_string()))
        .collect()
}

#[test]
fn the_page_shows_the_run_as_its_controllers_saw_it() {
    let p = walker_project();
    p.world("walk.wbt", &walk_world(40, ""));
    let replay = p.path().join("walk.html");
    let out = p.run("walk.wbt", &["--record", replay.to_str().unwrap(), "--record-plot", "walker/gps:x"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has(&format!("replay written to {}", replay.display()));
    let fixes = fixes(&out);
    assert_eq!(fixes.len(), 2, "{}", out.stdout);

    // the robot is drawn where its GPS said, at the first and the last step (positions are kept to
    // 0.1 mm), and the slider took it from one to the other
    let mut drawn = Vec::new();
    for fix in &fixes {
        let shown = browser::show(&replay, &format!("step={}", fix.step));
        assert_eq!(shown.state["step"], fix.step, "the slider is at the step asked for");
        assert!((shown.state["t"].as_f64().unwrap() - fix.t).abs() < 1e-9, "{}", shown.state);
        let (at, px) = walker(&shown.state);
        assert_near(at, fix.at, 2e-4, &format!("the walker at step {}", fix.step));
        assert!(shown.state["plots"][0]["label"] == "walker/gps:x", "{}", shown.state);
        drawn.push(px);
    }
    // the plot's value at the last frame is the GPS's last reading
    let last = browser::show(&replay, &format!("step={}", fixes[1].step));
    let plotted = last.state["plots"][0]["value"].as_f64().expect("a plotted value");
    assert!((plotted - fixes[1].at[0]).abs() < 1e-6, "the plot shows {plotted}, the GPS said {}", fixes[1].at[0]);
    // on the screen: the magenta box moved right by as many pixels as the page says it drew it
    let size = (1280, 1000);
    let centres: Vec<[f64; 2]> = fixes
        .iter()
        .map(|fix| {
            let (w, _, pixels) = browser::screenshot(&replay, &format!("step={}", fix.step), size);
            magenta_centre(&pixels, w)
        })
        .collect();
    let (moved, shown_moved) = (drawn[1][0] - drawn[0][0], centres[1][0] - centres[0][0]);
    assert!(moved > 50.0, "the walker moved {moved} px on the top view");
    assert!((shown_moved - moved).abs() < 3.0, "magenta moved {shown_moved} px, the page drew a move of {moved} px");
    assert!((centres[1][1] - centres[0][1]).abs() < 2.0, "the walker moved along x only");

    // the packet line appears at the step it was sent, and only for a short while
    let sent = out.robot_lines("walker").iter().position(|l| l == "sent at 0.320");
    assert!(sent.is_some(), "{}", out.stdout);
    let step = u64::from(SEND_MS) / 32;
    let at_send = browser::show(&replay, &format!("step={step}"));
    assert_eq!(packets(&at_send.state), vec![("walker".to_string(), "listener".to_string())], "{}", at_send.state);
    assert!(packets(&browser::show(&replay, &format!("step={}", step - 1)).state).is_empty());
    assert!(packets(&browser::show(&replay, &format!("step={}", step + 20)).state).is_empty());

    // the console panel shows the controller's line at its time, not before
    let console = &at_send.state["console"];
    assert_eq!((console["robot"].as_str(), console["text"].as_str()), (Some("walker"), Some("sent at 0.320")));
    assert!((console["t"].as_f64().unwrap() - f64::from(SEND_MS) / 1000.0).abs() < 1e-9);
    let before = browser::show(&replay, &format!("t={}", (step - 1) as f64 * STEP_S));
    assert_eq!(before.state["console"]["text"].as_str(), Some(out.robot_lines("walker")[0].as_str()));

    // play at 1x: the run goes on by one step per basic time step of the page's time (the page says how long it
    // played: its clock is the browser's, not this test's)
    let played = browser::show_after(&replay, "step=0&play", 1000);
    let reached = played.state["step"].as_u64().unwrap() as f64;
    let step_ms = STEP_S * 1000.0;
    let played_ms = played.state["played_ms"].as_f64().unwrap();
    assert!(played_ms > 100.0, "the page played for {played_ms} ms");
    assert!(
        (reached - (played_ms / step_ms).floor()).abs() <= 1.0,
        "playing for {played_ms} ms reached step {reached}"
    );
}

/// A world that panics in its step: the replay holds what was recorded until then.
#[test]
fn a_world_that_panics_still_leaves_its_replay() {
    let p = walker_project();
    p.world("walk.wbt", &walk_world(40, ""));
    let replay = p.path().join("panic.html");
    let mut cmd = p.runner_command("walk.wbt", &["--record", replay.to_str().unwrap()]);
    let out = cmd.env("WEBOTS_SHIM_TEST_PANIC_AT", "6").output().unwrap();
    assert!(!out.status.success());
    let page = std::fs::read_to_string(&replay).unwrap();
    assert!(
        page.contains("the run stopped before the recording was finished"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = browser::show(&replay, "step=4");
    assert_near(walker(&shown.state).0, [-0.46, 0.2, 0.05], 2e-4, "the walker at step 4");
}

#[test]
fn a_supervisor_records_through_webots_own_calls_under_the_webots_command() {
    let p = walker_project();
    p.world("walk.wbt", &walk_world(20, "\"record\" \"sv.html\""));
    let home = p.home();
    if !home.join("webots").exists() {
        install_programs(&home);
    }
    let out = Command::new(home.join("webots"))
        .args(["--batch", "--mode=fast", "--stdout", "--stderr"])
        .arg(p.path().join("worlds/walk.wbt"))
        .current_dir(p.path())
        .stdin(Stdio::null())
        .env("WEBOTS_SHIM_TMPDIR", p.path().join("run"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    // relative to the controller's folder; stop_recording answers success and writes the page
    assert!(stdout.contains("stop_recording 1"), "{stdout}");
    let replay = p.path().join("controllers/walker/sv.html");
    let last = stdout.lines().find_map(|l| l.strip_prefix("gps step 20 ")).expect("the last fix").to_string();
    let at: Vec<f64> = last.split_whitespace().skip(3).map(|v| v.parse().unwrap()).collect();
    let shown = browser::show(&replay, "step=20");
    assert_near(walker(&shown.state).0, [at[0], at[1], at[2]], 2e-4, "the walker at its last step");
}

/// A controller running its world in its own process (no runner): the recording it never stopped is
/// written when it exits.
#[test]
fn an_in_process_run_writes_the_recording_its_supervisor_left_open() {
    let p = walker_project();
    let world = p.world("walk.wbt", &walk_world(10, ""));
    let dir = p.path().join("controllers/walker");
    let out = Command::new(dir.join("walker"))
        .args(["walk", "0.01", "320", "10", "record", "inproc.html", "keep"])
        .current_dir(&dir)
        .env("WEBOTS_SHIM_WORLD", &world)
        .env("WEBOTS_ROBOT_NAME", "walker")
        .env_remove("WEBOTS_CONTROLLER_URL")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(!stdout.contains("stop_recording"), "{stdout}");
    let last = stdout.lines().find_map(|l| l.strip_prefix("gps step 10 ")).expect("the last fix").to_string();
    let at: Vec<f64> = last.split_whitespace().skip(3).map(|v| v.parse().unwrap()).collect();
    let page = dir.join("inproc.html");
    assert!(std::fs::read_to_string(&page).unwrap().contains("the controller exited"));
    let shown = browser::show(&page, "step=10");
    assert_near(walker(&shown.state).0, [at[0], at[1], at[2]], 2e-4, "the walker at its last step");
}

#[test]
fn a_failing_world_leaves_its_replay_named_in_the_summary_and_junit() {
    let p = walker_project();
    p.controller("crash", "crash");
    p.world("walk.wbt", &walk_world(10, ""));
    p.world("crash.wbt", &format!("{HEADER}Robot {{ name \"crasher\" controller \"crash\" }}\n"));
    let junit = p.path().join("report.xml");
    let out = suite(
        &p,
        &["walk.wbt", "crash.wbt"],
        &["--record-failures", "replays", "--junit", junit.to_str().unwrap(), "--jobs", "2"],
    );
    assert_status(&out, 1);
    let kept: Vec<PathBuf> = std::fs::read_dir(p.path().join("replays")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(kept.len(), 1, "only the failing world's replay is kept: {kept:?}");
    let name = kept[0].file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.contains("crash.wbt") && name.ends_with(".html"), "{name}");
    let shown_path = format!("replays/{name}");
    out.assert_stdout_has(&format!("replay: {shown_path}"));
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains(&format!("[[ATTACHMENT|{shown_path}]]")), "{xml}");
    // the replay ends where the controller did, with what it printed last and how the run failed
    let page = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(page.contains("the run failed at"), "the page says how the run ended");
    let shown = browser::show(&kept[0], "step=100");
    assert_eq!(shown.state["console"]["robot"].as_str(), Some("crasher"));
    assert!(page.contains("crashing now"), "the controller's last line is in the replay: {}", shown.state["console"]);

    // --record-all keeps every world's
    let out = suite(&p, &["walk.wbt", "crash.wbt"], &["--record-failures", "all", "--record-all"]);
    assert_status(&out, 1);
    assert_eq!(std::fs::read_dir(p.path().join("all")).unwrap().count(), 2);
}

#[test]
fn an_interrupted_run_still_writes_what_it_recorded() {
    let p = walker_project();
    p.world("walk.wbt", &walk_world(1_000_000, ""));
    let replay = p.path().join("cut.html");
    let mut child = p
        .runner_command("walk.wbt", &["--record", replay.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (started, _rest) = watch_lines(child.stdout.take().unwrap(), |l| l.contains("gps step 1 "));
    assert!(started.contains("walker"), "{started}");
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), nix::sys::signal::Signal::SIGTERM).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let page = std::fs::read_to_string(&replay).unwrap();
    assert!(page.contains("the run was interrupted"), "{}", String::from_utf8_lossy(&out.stderr));
    let shown = browser::show(&replay, "step=0");
    assert_near(walker(&shown.state).0, [-0.5, 0.2, 0.05], 2e-4, "the walker where it started");
}

#[test]
fn bad_recording_options_are_refused_with_a_clear_error() {
    let p = walker_project();
    p.world("walk.wbt", &walk_world(5, ""));
    let cases: [(&[&str], &str); 5] = [
        (&["--record", "out.txt"], "out.txt: a replay is an .html file"),
        (&["--record", "/nonexistent-folder/x.html"], "cannot write the replay /nonexistent-folder/x.html"),
        (&["--record", "r.html", "--record-plot", "walker/nope:x"], "robot 'walker' has no device named 'nope'"),
        (&["--record", "r.html", "--record-plot", "walker"], "--record-plot \"walker\": no ':QUANTITY'"),
        (&["--record", "r.html", "--record-plot", "ghost/gps:x"], "no robot named 'ghost'"),
    ];
    for (args, message) in cases {
        let out = p.run("walk.wbt", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", out.stderr);
        out.assert_stderr_has(message);
        assert!(out.stdout.is_empty(), "no controller ran: {}", out.stdout);
    }
    let out = p.run("walk.wbt", &["--record-plot", "walker/gps:x"]);
    assert_eq!(out.status.code(), Some(2), "--record-plot needs --record: {}", out.stderr);
}

/// The size rule: 100 wheeled robots (300 Solids) all moving and turning for 60 s, every one
/// broadcasting every step to its 12 neighbours, recorded under the stated limit.
#[test]
fn a_minute_of_a_hundred_robots_stays_within_the_stated_size() {
    use webots_shim::protocol::{Command as Cmd, DeviceCommand, DeviceCommands, Payload, StepAnswer, StepRequest};
    use webots_shim::world::record::RecordOptions;
    use webots_shim::world::scene::{parse_world_str, LoadOptions};
    use webots_shim::world::World;

    let n = 100;
    // 64 ms steps: the same frames as at 32 ms (frames are every 320 ms either way), half the steps
    let mut text = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 64 }\n".to_string();
    for i in 0..n {
        let (x, y) = ((i % 10) as f64, (i / 10) as f64);
        text += &format!(
            "Robot {{ translation {x} {y} 0.05 name \"r{i}\" linearVelocity 0.05 0 0 angularVelocity 0 0 0.5 children [ \
               Shape {{ geometry Box {{ size 0.1 0.08 0.05 }} }} \
               Solid {{ translation 0 0.05 0 rotation 1 0 0 1.5708 children [ Shape {{ geometry Cylinder {{ height 0.01 radius 0.03 }} }} ] name \"left\" }} \
               Solid {{ translation 0 -0.05 0 rotation 1 0 0 1.5708 children [ Shape {{ geometry Cylinder {{ height 0.01 radius 0.03 }} }} ] name \"right\" }} \
               Emitter {{ range 2 channel 1 }} Receiver {{ channel 1 }} ] }}\n"
        );
    }
    let scene = parse_world_str(&text, "crowd.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let mut world = World::from_scene(scene, PathBuf::from("crowd.wbt"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crowd.html");
    world.start_recording(RecordOptions { path: path.clone(), ..Default::default() }).unwrap();
    for r in 0..n {
        world.connect(r);
    }
    let payload = Payload::from(&[7u8; 16][..]);
    let mut answers: Vec<StepAnswer> = (0..n).map(|_| StepAnswer::default()).collect();
    let mut due = Vec::new();
    let steps = 60_000 / 64;
    for s in 0..steps {
        for r in 0..n {
            let mut devices = DeviceCommands::new();
            devices.push(DeviceCommand {
                tag: 1,
                command: Cmd::EmitterSend { channel: 1, range: 2.0, data: payload.clone() },
            });
            if s == 0 {
                devices.push(DeviceCommand { tag: 2, command: Cmd::ReceiverSampling(64) });
            }
            world.request(r, StepRequest { duration_ms: 64, devices, ..Default::default() });
        }
        world.advance_into(&mut due);
        for &r in &due {
            world.answer_into(r, &mut answers[r]);
        }
    }
    let written: Vec<_> = world.finish_recordings("done");
    assert_eq!(written.len(), 1);
    assert_eq!(written[0].as_deref().unwrap(), path.as_path());
    let size = std::fs::metadata(&path).unwrap().len();
    eprintln!("a minute of {n} robots: {size} bytes");
    let page = std::fs::read_to_string(&path).unwrap();
    // 301 recorded Solids: a frame every ceil(301 ms / 64 ms) = 5 steps
    assert!(page.contains("a frame every 5 basic step(s)"), "the stated rule");
    assert!(size < 4_000_000, "a minute of 100 robots takes {size} bytes");
    assert!(size > 1_000_000, "every Solid moved in every frame: {size} bytes is too little to hold them");
    // and the page reads it
    let shown = browser::show(&path, &format!("step={steps}"));
    assert_eq!(shown.state["robots"].as_array().unwrap().len(), n);
    assert!(
        !packets(&shown.state).is_empty()
            || packets(&browser::show(&path, &format!("step={}", steps - 5)).state).len() > 1
    );
}

/// Connector links while locked and contact points where bodies touch, as the page draws them: two
/// robots latched at start (their connectors 0.1 m ahead of each, facing), falling together, and a
/// box resting on the floor.
#[test]
fn locked_links_and_contact_points_are_drawn_where_they_are() {
    use webots_shim::world::record::RecordOptions;
    use webots_shim::world::scene::{parse_world_str, LoadOptions};
    use webots_shim::world::World;

    let text = format!(
        "{HEADER}Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         Solid {{ translation 2 0 0.05 name \"box\" children [ Shape {{ geometry Box {{ size 0.1 0.1 0.1 }} }} ] \
           boundingObject Box {{ size 0.1 0.1 0.1 }} physics Physics {{ }} }}\n\
         Robot {{ translation 0 0 5 name \"A\" physics Physics {{ }} children [ Connector {{ translation 0.1 0 0 name \"a\" isLocked TRUE }} ] }}\n\
         Robot {{ translation 0.2 0 5 rotation 0 0 1 3.141592653589793 name \"B\" physics Physics {{ }} \
           children [ Connector {{ translation 0.1 0 0 name \"b\" }} ] }}\n"
    );
    let scene = parse_world_str(&text, "links.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let mut world = World::from_scene(scene, PathBuf::from("links.wbt"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("links.html");
    world.start_recording(RecordOptions { path: path.clone(), ..Default::default() }).unwrap();
    for _ in 0..10 {
        world.advance();
    }
    for written in world.finish_recordings("done") {
        written.unwrap();
    }
    let state = browser::show(&path, "step=10").state;
    // the link's ends: both connectors, where they met (A's 0.1 m ahead of it), fallen as far as A
    let ends = state["linkEnds"].as_array().unwrap();
    assert_eq!(ends.len(), 1, "{state}");
    let e: Vec<f64> = ends[0].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    let a = state["robots"][0]["z"].as_f64().unwrap();
    assert!(a < 5.0, "the linked robots fall");
    assert_near([e[0], e[1], e[2]], [0.1, 0.0, a], 1e-3, "connector a");
    assert_near([e[3], e[4], e[5]], [0.1, 0.0, a], 1e-3, "connector b");
    // the box touches the floor under its bottom face (contacts are soft: within a millimetre)
    let points = state["contactPoints"].as_array().unwrap();
    assert!(!points.is_empty(), "{state}");
    for p in points {
        let p: Vec<f64> = p.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
        assert!((p[0] - 2.0).abs() <= 0.051 && p[1].abs() <= 0.051 && p[2].abs() < 2e-3, "a contact at {p:?}");
    }
    // before the first step nothing has touched yet
    assert_eq!(browser::show(&path, "step=0").state["contacts"], 0);
}

/// `rays`: a distance sensor's ray from the sensor to the wall it measured (its default lookup table,
/// 0 to 0.1 m onto 0 to 1000, plotted by default).
#[test]
fn a_distance_sensor_s_ray_ends_on_the_wall_it_measured() {
    use webots_shim::protocol::{Command as Cmd, DeviceCommand, DeviceCommands, StepRequest};
    use webots_shim::world::record::RecordOptions;
    use webots_shim::world::scene::{parse_world_str, LoadOptions};
    use webots_shim::world::World;

    let text = format!(
        "{HEADER}Robot {{ translation 0 0 0.05 name \"eye\" controller \"<extern>\" children [ DistanceSensor {{ name \"ds\" }} ] }}\n\
         Solid {{ translation 0.07 0 0.05 name \"wall\" children [ Shape {{ geometry Box {{ size 0.02 1 1 }} }} ] \
           boundingObject Box {{ size 0.02 1 1 }} }}\n"
    );
    let scene = parse_world_str(&text, "eye.wbt", Path::new("."), &LoadOptions::default()).unwrap();
    let mut world = World::from_scene(scene, PathBuf::from("eye.wbt"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("eye.html");
    world.start_recording(RecordOptions { path: path.clone(), rays: true, ..Default::default() }).unwrap();
    world.connect(0);
    for s in 0..4 {
        let mut devices = DeviceCommands::new();
        if s == 0 {
            devices.push(DeviceCommand { tag: 1, command: Cmd::Sampling(32) });
        }
        world.request(0, StepRequest { duration_ms: 32, devices, ..Default::default() });
        for r in world.advance() {
            world.answer(r);
        }
    }
    for written in world.finish_recordings("done") {
        written.unwrap();
    }
    let state = browser::show(&path, "step=4").state;
    let rays = state["rays"].as_array().unwrap();
    assert_eq!(rays.len(), 1, "{state}");
    let r: Vec<f64> = rays[0].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_near([r[0], r[1], r[2]], [0.0, 0.0, 0.05], 2e-4, "the ray starts at the sensor");
    assert_near([r[3], r[4], r[5]], [0.06, 0.0, 0.05], 2e-4, "the ray ends on the wall's face");
    assert_eq!(state["plots"][0]["label"], "eye/ds:value");
    assert!((state["plots"][0]["value"].as_f64().unwrap() - 600.0).abs() < 1e-3, "{state}");
}

/// Webots' supervisor_animation world: NUE, its default 32 ms step, a floor (a Plane turned to face +y, as
/// Webots' Floor is there) and a tilted can 0.176396 m up, which physics drops; our own can (a 0.35 kg
/// cylinder 0.1222 m long and 0.032 m in radius) stands in for Webots' Can PROTO.
const FALLING_CAN_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { coordinateSystem "NUE" }
Solid { name "floor" rotation 1 0 0 -1.5708 boundingObject Plane { size 10 10 } }
Robot { supervisor TRUE controller "animation_falling" }
DEF CAN Solid {
  name "can"
  translation 0 0.176396 0
  rotation 0.4681489767119297 0.2425549879341024 -0.8497079577312787 0.768349
  children [ DEF CAN_SHAPE Shape { geometry Cylinder { height 0.1222 radius 0.032 } } ]
  boundingObject USE CAN_SHAPE
  physics Physics { density -1 mass 0.35 }
}
"#;

#[test]
fn webots_animation_test_records_a_can_physics_drops_in_its_nue_world() {
    let p = Project::new();
    p.controller("animation_falling", "animation_falling");
    p.world("can.wbt", FALLING_CAN_WORLD);
    let out = p.run("can.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("animation files written");
    let dir = p.path().join("controllers/animation_falling");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("animation.json")).unwrap()).unwrap();
    let frames = json["frames"].as_array().unwrap();
    let at = |frame: &serde_json::Value| -> Option<Vec<f64>> {
        let t = frame["updates"].as_array()?.first()?["translation"].as_str()?;
        Some(t.split(' ').map(|v| v.parse().unwrap()).collect())
    };
    assert_eq!(frames[0]["time"], 0.0);
    let start = at(&frames[0]).expect("the can where the recording found it");
    assert!(start[0].abs() < 1e-4 && (start[1] - 0.176396).abs() < 1e-4 && start[2].abs() < 1e-4, "{start:?}");
    // falling freely until its lowest rim point (0.0611 |u_y| + 0.032 sqrt(1 - u_y²) = 0.053 m below its
    // centre, its axis u turned by the world's rotation having u_y = -0.383) meets the floor, 0.159 s in:
    // by t, it fell g t²/2, and at most g t dt/2 more from the engine's stepping (dt = 32 ms)
    let (g, dt) = (9.81, 0.032);
    for frame in frames.iter().filter(|f| f["time"].as_f64().is_some_and(|t| t > 0.0 && t < 150.0)) {
        let t = frame["time"].as_f64().unwrap() / 1000.0;
        let p = at(frame).unwrap();
        let fell = 0.176396 - p[1];
        assert!(fell > g * t * t / 2.0 - 1e-4 && fell < g * t * (t + dt) / 2.0, "{frame}: fell {fell} m");
        assert!(p[0].abs() < 1e-4 && p[2].abs() < 1e-4, "{frame}: it fell straight down");
    }
    // tipped by its landing on the rim (its centre of mass far outside that point), it rests on its side:
    // its centre the 0.032 m radius above the floor, and the last frames have nothing left to update
    let last = frames.iter().rev().find_map(at).unwrap();
    assert!((last[1] - 0.032).abs() < 1e-3, "{last:?}");
    assert_eq!(frames.last().unwrap()["updates"], serde_json::json!([]));
    // the scene holds the can's cylinder
    let x3d = std::fs::read_to_string(dir.join("animation.x3d")).unwrap();
    assert!(x3d.contains("<Cylinder") && x3d.contains("0.032") && x3d.contains("0.1222"), "{x3d}");
}

#[test]
fn webots_animation_test_the_page_comes_with_its_json_x3d_and_css_files() {
    let p = Project::new();
    p.controller("animation_webots", "animation_webots");
    p.world(
        "anim.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { supervisor TRUE controller \"animation_webots\" }\n\
         DEF BOX Solid { translation 0 0 0.05 children [ Shape { appearance PBRAppearance { baseColor 1 0 0 } \
           geometry Box { size 0.1 0.2 0.3 } } ] }\n",
    );
    let out = p.run("anim.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("animation files written");
    let dir = p.path().join("controllers/animation_webots");
    // the animation in Webots' format: the box (the one Solid that moved) ends where it was put
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("animation.json")).unwrap()).unwrap();
    assert_eq!(json["basicTimeStep"].as_f64().map(|s| s % 32.0), Some(0.0), "{json}");
    let frames = json["frames"].as_array().unwrap();
    assert_eq!(frames[0]["time"], 0.0);
    let last = frames.last().unwrap();
    assert!((last["time"].as_f64().unwrap() - 640.0).abs() < 1e-9, "{last}");
    let update = &last["updates"].as_array().unwrap()[0];
    let moved: Vec<f64> = update["translation"].as_str().unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    assert!((moved[0] - 0.2).abs() < 1e-4 && moved[1].abs() < 1e-4 && (moved[2] - 0.05).abs() < 1e-4, "{update}");
    assert_eq!(json["ids"], update["id"].to_string());
    // the scene: the box's Transform, where it was when the recording started, holding its red Box
    let x3d = std::fs::read_to_string(dir.join("animation.x3d")).unwrap();
    let mut reader = quick_xml::Reader::from_str(&x3d);
    let (mut boxes, mut transform) = (Vec::new(), None);
    loop {
        match reader.read_event().expect("well-formed X3D") {
            quick_xml::events::Event::Eof => break,
            quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e) => {
                let attr = |name: &str| {
                    e.try_get_attribute(name)
                        .unwrap()
                        .map(|a| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).unwrap().into_owned())
                };
                match e.name().0 {
                    "Transform" if attr("id").is_some() => transform = Some((attr("id"), attr("translation"))),
                    "Box" => boxes.push(attr("size").unwrap()),
                    "Material" => assert_eq!(attr("diffuseColor").as_deref(), Some("1 0 0")),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    assert_eq!(boxes, ["0.1 0.2 0.3"]);
    let (id, at) = transform.expect("the box's Transform");
    assert_eq!(id, Some(format!("n{}", update["id"])));
    let at: Vec<f64> = at.unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    assert!(at[0].abs() < 1e-4 && (at[2] - 0.05).abs() < 1e-4, "{at:?}: where the recording found it");
    let css = std::fs::read_to_string(dir.join("animation.css")).unwrap();
    assert!(css.contains("body {") && !css.contains("<style>"), "{css}");
}
