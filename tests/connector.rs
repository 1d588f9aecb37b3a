//! The Connector as a Webots user sees it (C controllers in small worlds, through the runner): presence at
//! the edge of each tolerance, compatibility, rotation steps; the latch against the link in every case
//! of the spec (§6–7), autoLock, latches from the world file and from a supervisor, the Physics rule;
//! links (engine welds, in worlds without gravity here) that carry robots (and plain Solids) when a
//! supervisor moves one, along chains, and leave them behind once unlocked; snap; reset. Links under
//! gravity, rupture and Webots' own connector scenario are in tests/physics.rs.
//!
//! Every robot runs `connector_script` (tests/c/connector_script.c); a link is observed by moving one
//! side with a supervisor and watching whether the other follows.

mod common;

use common::{Project, RunOutput};

// no gravity: the robots float where they are put, and only links and supervisors move them
const HEADER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 gravity 0 }\n";
const PHYS: &str = "physics Physics { }";
const TURNED: &str = "rotation 0 0 1 3.141592653589793";

/// A robot named `def` with one connector 0.1 m ahead along its +x, named like the robot in lower case
/// (DEF of the connector: the robot's DEF + "C"). No `args`: no controller.
fn bot(def: &str, pose: &str, connector: &str, extra: &str, args: &[&str]) -> String {
    let lower = def.to_lowercase();
    let controller = if args.is_empty() { "<none>" } else { "connector_script" };
    let args: String = args.iter().map(|a| format!("\"{a}\" ")).collect();
    format!(
        "DEF {def} Robot {{ {pose} name \"{def}\" controller \"{controller}\" controllerArgs [ {args}] {extra} \
         children [ DEF {def}C Connector {{ translation 0.1 0 0 name \"{lower}\" {connector} }} ] }}\n"
    )
}

/// A supervisor without devices that runs a script (moves, latches, resets, watches).
fn director(args: &[&str]) -> String {
    let args: String = args.iter().map(|a| format!("\"{a}\" ")).collect();
    format!("Robot {{ name \"director\" supervisor TRUE controller \"connector_script\" controllerArgs [ {args}] }}\n")
}

fn run(name: &str, parts: &[String]) -> RunOutput {
    let p = Project::new();
    p.controller("connector_script", "connector_script");
    p.world(name, &format!("{HEADER}{}", parts.concat()));
    let out = p.run(name, &[]);
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
    out
}

/// What a robot printed after `key` ("t=T KEY rest"), one entry per step (index 0 = before the first).
fn series(out: &RunOutput, robot: &str, key: &str) -> Vec<String> {
    out.robot_lines(robot)
        .iter()
        .filter_map(|l| {
            let (_, rest) = l.split_once(' ')?;
            rest.strip_prefix(key)?.strip_prefix(' ').map(str::to_string)
        })
        .collect()
}

/// (presence, latched) of a connector at each step; presence "off" while disabled.
fn states(out: &RunOutput, robot: &str, name: &str) -> Vec<(String, bool)> {
    series(out, robot, name)
        .iter()
        .map(|s| {
            let (p, l) = s.split_once(" l=").expect("p=.. l=..");
            (p.trim_start_matches("p=").to_string(), l == "1")
        })
        .collect()
}

fn presences(out: &RunOutput, robot: &str, name: &str) -> Vec<String> {
    states(out, robot, name).into_iter().map(|s| s.0).collect()
}

fn latches(out: &RunOutput, robot: &str, name: &str) -> Vec<bool> {
    states(out, robot, name).into_iter().map(|s| s.1).collect()
}

/// Positions of a watched node at each step.
fn positions(out: &RunOutput, robot: &str, def: &str) -> Vec<[f64; 3]> {
    series(out, robot, def)
        .iter()
        .map(|s| {
            let v: Vec<f64> = s.trim_start_matches("at ").split_whitespace().map(|x| x.parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        })
        .collect()
}

fn assert_at(actual: [f64; 3], expected: [f64; 3], what: &str) {
    let d = (0..3).map(|k| (actual[k] - expected[k]).powi(2)).sum::<f64>().sqrt();
    assert!(d < 1e-5, "{what}: at {actual:?}, expected {expected:?}");
}

#[test]
fn presence_at_the_edge_of_each_tolerance_type_model_and_rotation_step() {
    // (probe connector fields, peer offset along x, peer yaw off opposite, peer roll, peer fields, expected)
    let q = std::f64::consts::FRAC_PI_2;
    let cases: &[(&str, &str, f64, f64, f64, &str, &str)] = &[
        ("dist_in", "distanceTolerance 0.5", 0.5, 0.0, 0.0, "", "1"),
        ("dist_out", "distanceTolerance 0.5", 0.5078125, 0.0, 0.0, "", "0"),
        ("axis_in", "axisTolerance 0.5", 0.0, 0.49, 0.0, "", "1"),
        ("axis_out", "axisTolerance 0.5", 0.0, 0.51, 0.0, "", "0"),
        ("rot4_90", "", 0.0, 0.0, q, "", "1"),
        ("rot4_45", "", 0.0, 0.0, q / 2.0, "", "0"),
        ("rot2_90", "numberOfRotations 2", 0.0, 0.0, q, "", "0"),
        ("rot2_180", "numberOfRotations 2", 0.0, 0.0, 2.0 * q, "", "1"),
        ("rot1_180", "numberOfRotations 1", 0.0, 0.0, 2.0 * q, "", "0"),
        ("rot3_120", "numberOfRotations 3", 0.0, 0.0, 4.0 * q / 3.0, "", "1"),
        ("rot3_90", "numberOfRotations 3", 0.0, 0.0, q, "", "0"),
        ("rot0_any", "numberOfRotations 0", 0.0, 0.0, 1.0, "", "1"),
        ("rtol_in", "rotationTolerance 0.3", 0.0, 0.0, 0.29, "", "1"),
        ("rtol_out", "rotationTolerance 0.3", 0.0, 0.0, 0.31, "", "0"),
        ("active_passive", "type \"active\"", 0.0, 0.0, 0.0, "type \"passive\"", "1"),
        ("active_active", "type \"active\"", 0.0, 0.0, 0.0, "type \"active\"", "0"),
        ("symmetric_passive", "", 0.0, 0.0, 0.0, "type \"passive\"", "0"),
        ("same_model", "model \"m\"", 0.0, 0.0, 0.0, "model \"m\"", "1"),
        ("other_model", "model \"m\"", 0.0, 0.0, 0.0, "model \"n\"", "0"),
        ("passive", "type \"passive\"", 0.0, 0.0, 0.0, "type \"active\"", "-1"),
        ("unknown", "type \"magnet\"", 0.0, 0.0, 0.0, "type \"magnet\"", "0"),
    ];
    let mut probe = String::new();
    let mut peers = String::new();
    let mut args = vec!["2".to_string()];
    for (i, (name, fields, d, yaw, roll, peer, _)) in cases.iter().enumerate() {
        let x = 10.0 * i as f64;
        probe.push_str(&format!("Connector {{ translation {x} 0 0 name \"{name}\" {fields} }}\n"));
        // the peers keep the default tolerances: only the probe's own count
        peers.push_str(&format!(
            "Solid {{ translation {} 0 0 rotation 0 0 1 {} children [ Connector {{ rotation 1 0 0 {roll} {peer} }} ] }}\n",
            x + d,
            std::f64::consts::PI - yaw
        ));
        let period = if i == 0 { 64 } else { 32 };
        args.push(format!("1:enable:{name}:{period}"));
    }
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let probe_robot = format!(
        "Robot {{ name \"probe\" controller \"connector_script\" controllerArgs [ {} ] children [ {probe} ] }}\n",
        arg_refs.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(" ")
    );
    let out = run("presence.wbt", &[probe_robot, peers]);
    for (i, (name, .., expected)) in cases.iter().enumerate() {
        let p = presences(&out, "probe", name);
        assert_eq!(p[0], "off", "{name} before the first step");
        let at = if i == 0 { 2 } else { 1 };
        if i == 0 {
            // 0 before the first sample: the 64 ms case after the first 32 ms step
            assert_eq!(p[1], "0", "{name} before its first 64 ms sample");
        }
        assert_eq!(p[at], *expected, "{name}");
    }
    out.assert_stderr_has("unknown 'type' \"magnet\"");
}

#[test]
fn lock_links_so_a_move_carries_the_peer_and_unlock_leaves_it_behind() {
    let out = run(
        "lock.wbt",
        &[
            bot("A", "", "", PHYS, &["9", "1:enable:a:32", "2:lock:a", "6:unlock:a"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), "", PHYS, &[]),
            director(&["9", "4:move:A:0:1:0", "8:move:A:0:2:0", "@A", "@B"]),
        ],
    );
    let (a, b) = (positions(&out, "director", "A"), positions(&out, "director", "B"));
    assert_at(a[4], [0.0, 1.0, 0.0], "A moved");
    assert_at(b[4], [0.2, 1.0, 0.0], "B carried along");
    assert_at(a[8], [0.0, 2.0, 0.0], "A moved again");
    assert_at(b[8], [0.2, 1.0, 0.0], "B left behind after the unlock");
    let latch = latches(&out, "A", "a");
    assert_eq!(latch, vec![false, false, true, true, true, true, false, false, false, false]);
    let p = presences(&out, "A", "a");
    assert_eq!(p[1..].to_vec(), vec!["1", "1", "1", "1", "1", "1", "1", "0", "0"], "docked until A moved away");
}

#[test]
fn a_robot_that_unlocks_and_moves_in_the_same_step_leaves_its_peer() {
    // the link acts during the step, after every request of the step, as Webots' joint does
    let out = run(
        "same_step.wbt",
        &[
            bot(
                "A",
                "",
                "",
                &format!("{PHYS} supervisor TRUE"),
                &["5", "2:lock:a", "4:unlock:a", "4:move:A:0:1:0", "@B"],
            ),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), "", PHYS, &[]),
        ],
    );
    assert_at(positions(&out, "A", "B")[4], [0.2, 0.0, 0.0], "B left where it was");
}

#[test]
fn without_unilateral_lock_the_peer_must_be_latched_too() {
    let off = "unilateralLock FALSE";
    let out = run(
        "bilateral.wbt",
        &[
            bot("A", "", off, PHYS, &["8", "2:lock:a"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), off, PHYS, &["8", "5:lock:b"]),
            director(&["8", "3:move:A:0:0.5:0", "4:move:A:0:0:0", "7:move:A:0:1:0", "@B"]),
        ],
    );
    let b = positions(&out, "director", "B");
    assert_at(b[3], [0.2, 0.0, 0.0], "A latched alone: no link");
    assert_at(b[7], [0.2, 1.0, 0.0], "linked once B latched too");
    assert!(latches(&out, "A", "a")[2], "latched without a link");
}

#[test]
fn passive_connectors_refuse_to_lock_and_an_active_one_needs_unilateral_lock() {
    let out = run(
        "passive.wbt",
        &[
            bot("A", "", "type \"active\"", PHYS, &["6", "3:lock:a"]),
            bot(
                "B",
                &format!("translation 0.2 0 0 {TURNED}"),
                "type \"passive\"",
                PHYS,
                &["6", "1:enable:b:32", "2:lock:b"],
            ),
            bot("C", "translation 10 0 0", "type \"active\" unilateralLock FALSE", PHYS, &["6", "3:lock:c"]),
            bot("D", &format!("translation 10.2 0 0 {TURNED}"), "type \"passive\"", PHYS, &[]),
            director(&["6", "5:move:A:0:1:0", "5:move:C:10:1:0", "@B", "@D"]),
        ],
    );
    out.assert_stderr_has("Connector \"b\": Passive connectors cannot lock.");
    assert!(states(&out, "B", "b")[1..].iter().all(|(p, _)| p == "-1"), "a passive connector reads -1");
    // the world refused: the controller's copy is put back at the next step
    assert!(!latches(&out, "B", "b")[2]);
    assert_at(positions(&out, "director", "B")[5], [0.2, 1.0, 0.0], "active to passive links");
    assert_at(positions(&out, "director", "D")[5], [10.2, 0.0, 0.0], "unilateralLock FALSE never links to passive");
}

#[test]
fn the_nearest_candidate_wins_and_a_peer_linked_elsewhere_is_not_taken() {
    // B's connector is 4 mm from A's, C's 2 mm: A links to C. D, 30 mm away, is beyond A's tolerance
    // but within its own: it finds A, already taken
    let out = run(
        "nearest.wbt",
        &[
            bot("A", "", "", PHYS, &["6", "2:lock:a"]),
            bot("B", &format!("translation 0.204 0 0 {TURNED}"), "", PHYS, &[]),
            bot("C", &format!("translation 0.202 0 0 {TURNED}"), "", PHYS, &[]),
            bot(
                "D",
                &format!("translation 0.23 0 0 {TURNED}"),
                "distanceTolerance 0.05",
                PHYS,
                &["6", "1:enable:d:32", "3:lock:d"],
            ),
            director(&["6", "5:move:A:0:1:0", "@B", "@C", "@D"]),
        ],
    );
    assert_eq!(presences(&out, "D", "d")[1], "1", "D sees A with its own tolerance");
    let d = director_positions(&out, &["B", "C", "D"], 5);
    assert_at(d[0], [0.204, 0.0, 0.0], "B, farther, stays");
    assert_at(d[1], [0.2, 1.0, 0.0], "C, nearest, snapped and carried");
    assert_at(d[2], [0.23, 0.0, 0.0], "D found A taken");
    assert!(latches(&out, "D", "d")[3], "D latched without a link");
}

fn director_positions(out: &RunOutput, defs: &[&str], step: usize) -> Vec<[f64; 3]> {
    defs.iter().map(|d| positions(out, "director", d)[step]).collect()
}

#[test]
fn bilateral_unlock_keeps_the_link_until_both_sides_unlatch() {
    let off = "unilateralUnlock FALSE";
    let out = run(
        "unlock.wbt",
        &[
            bot("A", "", off, PHYS, &["8", "2:lock:a", "4:unlock:a"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), off, PHYS, &["8", "2:lock:b", "6:unlock:b"]),
            // unilateralUnlock FALSE, but the peer never latched: the unlock detaches
            bot("C", "translation 10 0 0", off, PHYS, &["8", "2:lock:c", "4:unlock:c"]),
            bot("D", &format!("translation 10.2 0 0 {TURNED}"), "", PHYS, &[]),
            director(&["8", "5:move:A:0:1:0", "5:move:C:10:1:0", "7:move:A:0:2:0", "@B", "@D"]),
        ],
    );
    let (b, d) = (positions(&out, "director", "B"), positions(&out, "director", "D"));
    assert_at(b[5], [0.2, 1.0, 0.0], "A unlatched alone: still linked");
    assert_at(b[7], [0.2, 1.0, 0.0], "both unlatched: detached");
    assert_at(d[5], [10.2, 0.0, 0.0], "the peer was not latched: detached");
    assert!(!latches(&out, "A", "a")[4]);
    assert!(latches(&out, "B", "b")[4]);
}

#[test]
fn auto_lock_links_as_soon_as_a_latched_connector_finds_a_peer() {
    let out = run(
        "autolock.wbt",
        &[
            bot("A", "", "autoLock TRUE isLocked TRUE", PHYS, &["6"]),
            bot("B", &format!("translation 0.2 1 0 {TURNED}"), "", PHYS, &[]),
            // latched without autoLock: the start-up lock found nothing and never retries
            bot("C", "translation 10 0 0", "isLocked TRUE", PHYS, &["6"]),
            bot("D", &format!("translation 10.2 1 0 {TURNED}"), "", PHYS, &[]),
            director(&["6", "2:move:B:0.2:0:0", "2:move:D:10.2:0:0", "4:move:A:0:2:0", "4:move:C:10:2:0", "@B", "@D"]),
        ],
    );
    assert!(latches(&out, "A", "a")[0], "isLocked from the world file");
    assert_at(positions(&out, "director", "B")[4], [0.2, 2.0, 0.0], "autoLock linked");
    assert_at(positions(&out, "director", "D")[4], [10.2, 0.0, 0.0], "no autoLock: no link");
}

#[test]
fn world_file_latches_link_at_start_and_reset_restores_them() {
    let out = run(
        "reset.wbt",
        &[
            bot("A", "", "isLocked TRUE", PHYS, &["8"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), "", PHYS, &[]),
            // linked by lock() at run time: gone after the reset
            bot("C", "translation 10 0 0", "", PHYS, &["8", "1:lock:c"]),
            bot("D", &format!("translation 10.2 0 0 {TURNED}"), "", PHYS, &[]),
            director(&[
                "8",
                "2:move:A:0:1:0",
                "2:move:C:10:1:0",
                "4:reset",
                "6:move:A:0:3:0",
                "6:move:C:10:3:0",
                "@B",
                "@D",
            ]),
        ],
    );
    let (b, d) = (positions(&out, "director", "B"), positions(&out, "director", "D"));
    assert_at(b[2], [0.2, 1.0, 0.0], "linked from the start");
    assert_at(d[2], [10.2, 1.0, 0.0], "linked by lock()");
    assert_at(b[4], [0.2, 0.0, 0.0], "reset: back to the world file");
    assert_at(b[6], [0.2, 3.0, 0.0], "the world file's latch links again");
    assert_at(d[6], [10.2, 0.0, 0.0], "lock() was undone by the reset");
    let c = latches(&out, "C", "c");
    assert!(c[1] && c[3] && !c[5], "the controller hears the reset latch: {c:?}");
}

#[test]
fn a_supervisor_setting_is_locked_locks_and_unlocks() {
    let out = run(
        "latch.wbt",
        &[
            bot("A", "", "", PHYS, &["8"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), "", PHYS, &[]),
            director(&["8", "2:latch:AC:1", "4:move:A:0:1:0", "5:latch:AC:0", "7:move:A:0:2:0", "@B"]),
        ],
    );
    let b = positions(&out, "director", "B");
    assert_at(b[4], [0.2, 1.0, 0.0], "latched by the supervisor: linked");
    assert_at(b[7], [0.2, 1.0, 0.0], "unlatched by the supervisor: detached");
    assert_eq!(latches(&out, "A", "a"), vec![false, false, true, true, true, false, false, false, false]);
}

#[test]
fn a_link_needs_physics_on_at_least_one_side() {
    let out = run(
        "physics.wbt",
        &[
            // autoLock retries at every step: the warning comes once
            bot("A", "", "autoLock TRUE", "", &["4", "1:lock:a"]),
            bot("B", &format!("translation 0.2 0 0 {TURNED}"), "", "", &[]),
            bot("C", "translation 10 0 0", "", "", &["4", "1:lock:c"]),
            bot("D", &format!("translation 10.2 0 0 {TURNED}"), "", PHYS, &[]),
            director(&["4", "3:move:A:0:1:0", "3:move:C:10:1:0", "@B", "@D"]),
        ],
    );
    assert_eq!(out.stderr.matches("Connectors \"a\" and \"b\" could not be attached").count(), 1, "{}", out.stderr);
    assert_at(positions(&out, "director", "B")[3], [0.2, 0.0, 0.0], "no Physics on either side");
    assert_at(positions(&out, "director", "D")[3], [10.2, 1.0, 0.0], "Physics on the peer only");
}

#[test]
fn a_plain_solid_is_a_peer_and_a_static_robot_pulls_it_into_place() {
    // Webots' connector_static_autolock scenario: a robot without Physics and a Solid sphere 3 mm off
    let solid = "DEF S Solid { translation 0.103 0 0 rotation 0 0 1 3.141592653589793 physics Physics { } \
                 children [ Connector { autoLock TRUE distanceTolerance 0.1 } ] }\n";
    let out = run(
        "solid.wbt",
        &[
            bot("A", "", "autoLock TRUE distanceTolerance 0.1", "", &["40", "1:enable:a:32", "2:lock:a"]),
            solid.to_string(),
            director(&["40", "38:move:A:0:1:0", "@S"]),
        ],
    );
    assert_eq!(presences(&out, "A", "a")[1], "1");
    let s = positions(&out, "director", "S");
    assert_at(s[0], [0.103, 0.0, 0.0], "before the lock");
    // the weld corrects WorldInfo.ERP (0.2) of the remaining 3 mm per step, as ODE's fixed joint: 2.4 mm
    // left after the locking step, under 1e-5 m after 26
    assert!((s[2][0] - 0.1024).abs() < 2e-4, "a fifth of the way after the locking step: {:?}", s[2]);
    assert_at(s[37], [0.1, 0.0, 0.0], "snapped onto the static side");
    assert_at(s[39], [0.1, 1.0, 0.0], "carried by the robot");
}

#[test]
fn a_chain_of_three_robots_turns_and_moves_together_until_one_link_opens() {
    let lock = "isLocked TRUE";
    let middle = format!(
        "DEF B Robot {{ translation 0.2 0 0 name \"B\" controller \"connector_script\" \
         controllerArgs [ \"7\" \"4:unlock:b_front\" ] {PHYS} children [ \
         Connector {{ translation -0.1 0 0 {TURNED} name \"b_back\" }} \
         Connector {{ translation 0.1 0 0 name \"b_front\" {lock} }} ] }}\n"
    );
    let out = run(
        "chain.wbt",
        &[
            bot("A", "", lock, PHYS, &["7"]),
            middle,
            bot("C", &format!("translation 0.4 0 0 {TURNED}"), "", PHYS, &[]),
            director(&["7", "2:turn:A:0:0:1:1.5707963267948966", "3:move:A:1:0:0", "5:move:A:2:0:0", "@B", "@C"]),
        ],
    );
    let (b, c) = (positions(&out, "director", "B"), positions(&out, "director", "C"));
    assert_at(b[2], [0.0, 0.2, 0.0], "B turned with A");
    assert_at(c[2], [0.0, 0.4, 0.0], "C turned with A through B");
    assert_at(b[3], [1.0, 0.2, 0.0], "B moved with A");
    assert_at(c[3], [1.0, 0.4, 0.0], "C moved with A through B");
    assert_at(b[5], [2.0, 0.2, 0.0], "B still linked to A");
    assert_at(c[5], [1.0, 0.4, 0.0], "C left behind once B unlocked its front");
}

#[test]
fn snap_pulls_both_bodies_into_the_docked_pose_and_without_snap_the_offset_is_kept() {
    // B turned 0.1 rad off opposite and a few mm away, within A's tolerances; both have bodies, so the
    // weld pulls each half-way (Webots' snap), and no one is teleported
    let off = format!("translation 0.205 0.003 0 rotation 0 0 1 {}", std::f64::consts::PI - 0.1);
    let off_d = format!("translation 10.205 0.003 0 rotation 0 0 1 {}", std::f64::consts::PI - 0.1);
    let tol = "distanceTolerance 0.05";
    let out = run(
        "snap.wbt",
        &[
            bot("A", "", tol, PHYS, &["40", "1:lock:a"]),
            bot("B", &off, "", PHYS, &[]),
            bot("C", "translation 10 0 0", &format!("{tol} snap FALSE"), PHYS, &["40", "1:lock:c"]),
            bot("D", &off_d, "", PHYS, &[]),
            director(&["40", "38:move:C:10:1:0", "@A", "@B", "@AC", "@BC", "@CC", "@DC", "@D"]),
        ],
    );
    let at = |def: &str, step: usize| positions(&out, "director", def)[step];
    assert_at(at("BC", 0), [0.1055, 0.012983, 0.0], "B's connector before the lock");
    // the weld corrects WorldInfo.ERP (0.2) of the remaining offset per step, as ODE's fixed joint
    let gap_ab = |k: usize| (at("BC", k)[0] - at("AC", k)[0]).hypot(at("BC", k)[1] - at("AC", k)[1]);
    assert!((gap_ab(1) / gap_ab(0) - 0.8).abs() < 0.02, "a fifth of the way in the locking step");
    assert_at(at("BC", 36), at("AC", 36), "the connectors met");
    let (a, b) = (at("A", 36), at("B", 36));
    assert!(
        (a[0] + b[0] - 0.205).abs() < 1e-5 && (a[1] + b[1] - 0.003).abs() < 1e-5,
        "each moved half-way: {a:?} {b:?}"
    );
    assert!(((b[0] - a[0]).hypot(b[1] - a[1]) - 0.2).abs() < 1e-5, "docked 0.2 m apart: {a:?} {b:?}");
    assert_at(at("D", 36), [10.205, 0.003, 0.0], "D not snapped");
    let gap = |k: usize| (0..3).map(|i| at("DC", k)[i] - at("CC", k)[i]).collect::<Vec<_>>();
    assert_eq!(
        gap(0).iter().map(|g| (g * 1e6).round()).collect::<Vec<_>>(),
        gap(39).iter().map(|g| (g * 1e6).round()).collect::<Vec<_>>()
    );
    assert_at(at("D", 39), [10.205, 1.003, 0.0], "D carried with its offset");
}

#[test]
fn misuse_prints_webots_errors_and_returns_defaults() {
    let p = Project::new();
    p.controller("connector_misuse", "connector_misuse");
    p.world(
        "misuse.wbt",
        &format!(
            "{HEADER}Robot {{ controller \"connector_misuse\" children [ Connector {{ name \"c\" }} Compass {{ }} ] }}\n"
        ),
    );
    let out = p.run("misuse.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("misuse checks passed");
    out.assert_stderr_has("Error: wb_connector_enable_presence() called with negative sampling period.");
    out.assert_stderr_has(
        "Error: wb_connector_get_presence() called for a disabled device! Please use: wb_connector_enable_presence().",
    );
    out.assert_stderr_has("Error: wb_connector_get_presence(): invalid device tag.");
    out.assert_stderr_has("Error: wb_connector_lock(): invalid device tag.");
}

#[test]
fn worlds_older_than_r2022a_dock_along_z() {
    // the same two robots, facing each other along z: docked in an R2021b world, not in an R2025a one
    let robots = "Robot { name \"probe\" controller \"connector_script\" controllerArgs [ \"1\" \"1:enable:a:32\" ] \
                  physics Physics { } children [ Connector { translation 0 0 0.1 name \"a\" } ] }\n\
                  Robot { translation 0 0 0.2 rotation 1 0 0 3.141592653589793 \
                  children [ Connector { translation 0 0 0.1 } ] }\n";
    for (version, expected) in [("R2021b", "1"), ("R2025a", "0")] {
        let p = Project::new();
        p.controller("connector_script", "connector_script");
        p.world("axes.wbt", &format!("#VRML_SIM {version} utf8\nWorldInfo {{ basicTimeStep 32 }}\n{robots}"));
        let out = p.run("axes.wbt", &[]);
        assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
        assert_eq!(presences(&out, "probe", "a")[1], expected, "{version}");
    }
}
