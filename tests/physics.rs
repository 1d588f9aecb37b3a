//! Physics as a Webots user meets it, through the runner: Webots' own connector scenario (a module falls
//! once unlocked), links that hold below their tensile strength and break above it, the supervisor's
//! physics calls (tests/c/phys_*.c check the numbers against mechanics themselves), bit-identical runs
//! and resets, and Webots' warnings for bad physics values in a world that still runs.

mod common;

use common::{to_output, Project, RunOutput};

fn run(world: &str, text: &str, controllers: &[&str], args: &[&str]) -> RunOutput {
    let p = Project::new();
    for c in controllers {
        p.controller(c, c);
    }
    p.world(world, text);
    p.run(world, args)
}

fn assert_ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

const MODULE: &str = "boundingObject Box { size 0.06 0.054 0.048 } physics Physics { density -1 mass 0.17 }";
const LATCHED: &str = "isLocked TRUE distanceTolerance 0.05 axisTolerance 0.5 rotationTolerance 0.5";

#[test]
fn webots_connector_scenario_the_unlocked_module_falls_out_of_presence() {
    // a 0.1 m pedestal 0.2 m high; module 1 lies on it, module 2 hangs beyond its edge (x = 0.05) by the
    // latched link, their centre of mass over the pedestal
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 8 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         Solid {{ name \"pedestal\" translation 0 0 0.1 boundingObject Box {{ size 0.1 0.1 0.2 }} }}\n\
         Robot {{ name \"module_1\" translation 0.01 0 0.224 controller \"connector_fall\" {MODULE} children [ \
           Connector {{ translation 0.03 0 0 name \"rear_connector\" {LATCHED} }} \
           Connector {{ translation -0.03 0 0 rotation 0 0 1 3.141592653589793 name \"front_connector\" {LATCHED} }} ] }}\n\
         DEF M2 Robot {{ name \"module_2\" translation 0.07 0 0.224 rotation 0 0 1 3.141592653589793 controller \"<none>\" \
           {MODULE} children [ Connector {{ translation 0.03 0 0 name \"front_connector\" {LATCHED} }} ] }}\n"
    );
    let out = run("connector.wbt", &world, &["connector_fall"], &[]);
    assert_ok(&out);
    out.assert_stdout_has("[module_1] the other module fell at t=1216 ms");
}

/// A weight of `mass` kg hanging under a static hook by latched connectors of tensile strength 5 N each:
/// its height after 60 steps of 16 ms.
fn hanging_weight(mass: f64) -> f64 {
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n\
         Robot {{ name \"hook\" translation 0 0 0.95 children [ \
           Connector {{ rotation 0 1 0 1.5707963267948966 isLocked TRUE tensileStrength 5 }} ] }}\n\
         DEF TARGET Solid {{ translation 0 0 0.9 boundingObject Box {{ size 0.1 0.1 0.1 }} \
           physics Physics {{ density -1 mass {mass} }} children [ \
           Connector {{ translation 0 0 0.05 rotation 0 1 0 -1.5707963267948966 isLocked TRUE tensileStrength 5 }} ] }}\n\
         Robot {{ name \"watch\" supervisor TRUE controller \"phys_trace\" controllerArgs [ \"60\" ] }}\n"
    );
    let out = run("hang.wbt", &world, &["phys_trace"], &[]);
    assert_ok(&out);
    let last = out.robot_lines("watch").last().cloned().expect("a trace");
    let z = last.split_whitespace().nth(3).expect("x y z");
    parse_hex_float(z)
}

/// Reads C's `%a` output.
fn parse_hex_float(s: &str) -> f64 {
    let (sign, s) = s.strip_prefix('-').map_or((1.0, s), |r| (-1.0, r));
    let s = s.strip_prefix("0x").expect("%a");
    let (mantissa, exponent) = s.split_once('p').expect("p");
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut m = u64::from_str_radix(int, 16).unwrap() as f64;
    for (i, c) in frac.chars().enumerate() {
        m += c.to_digit(16).unwrap() as f64 / 16f64.powi(i as i32 + 1);
    }
    sign * m * 2f64.powi(exponent.parse().unwrap())
}

#[test]
fn a_link_holds_a_weight_below_its_tensile_strength_and_breaks_above_it() {
    // both sides latched: 5 + 5 = 10 N; 0.5 kg pulls 4.9 N, 2 kg 19.6 N
    let held = hanging_weight(0.5);
    assert!((held - 0.9).abs() < 0.005, "the 0.5 kg weight should hang still, at z = {held}");
    let dropped = hanging_weight(2.0);
    // nearly a second of free fall: far below
    assert!(dropped < 0.9 - 2.0, "the 2 kg weight should have fallen, at z = {dropped}");
}

/// Runs `world` with its one controller `name` in C, or in Python (tests/python/NAME.py).
fn run_either(world_file: &str, world: &str, name: &str, python: bool) -> RunOutput {
    if !python {
        return run(world_file, world, &[name], &[]);
    }
    let p = Project::new();
    p.python_controller(name, name);
    p.world(world_file, world);
    p.run_with_home(world_file, &[])
}

const MOMENTUM: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 10 gravity 0 }\n\
    Robot { name \"director\" supervisor TRUE controller \"phys_supervisor\" }\n\
    DEF BALL Solid { translation 0 0 1 boundingObject Sphere { radius 0.1 } physics Physics { density -1 mass 2 } }\n\
    DEF BLOCK Solid { translation 3 0 0 boundingObject Box { size 0.1 0.1 0.1 } }\n\
    DEF POSE Pose { }\n";

#[test]
fn the_supervisor_physics_calls_give_the_momentum_mechanics_says() {
    check_momentum(&run_either("momentum.wbt", MOMENTUM, "phys_supervisor", false));
}

#[test]
fn the_supervisor_physics_calls_give_the_momentum_mechanics_says_from_python() {
    let out = run_either("momentum.wbt", MOMENTUM, "phys_supervisor", true);
    check_momentum(&out);
    assert_eq!(
        out.robot_lines("director")[..4],
        [
            "TypeError: Node.addForce(): force must be a list of 3 numbers, not of 2",
            "TypeError: Node.setVelocity(): velocity must be a list of 6 numbers, not of 4",
            "TypeError: Node.addTorque(): relative must be a bool, not str",
            "TypeError: Node.setJointPosition(): position must be a number, not str",
        ]
    );
}

#[test]
fn the_supervisor_physics_calls_give_the_momentum_mechanics_says_from_java() {
    let p = Project::new();
    p.java_controller("phys_supervisor", "phys_supervisor");
    p.world("momentum.wbt", MOMENTUM);
    let out = p.run_with_home("momentum.wbt", &[]);
    check_momentum(&out);
    assert_eq!(
        out.robot_lines("director")[..2],
        [
            "IndexOutOfBoundsException: the array must hold 3 values",
            "IndexOutOfBoundsException: the array must hold 6 values",
        ]
    );
    out.assert_stderr_has("[director] Error: wb_supervisor_node_add_force() called with a NaN value.");
    out.assert_stderr_has("[director] Error: wb_supervisor_node_add_torque() called with a NaN value.");
    out.assert_stderr_has("[director] Warning: wb_supervisor_node_get_velocity() can exclusively be used with a Solid");
}

fn check_momentum(out: &RunOutput) {
    assert_ok(out);
    out.assert_stdout_has("physics supervisor checks passed");
    // the world's refusals
    out.assert_stderr_has("wb_supervisor_node_add_force() can't be used with a kinematic Solid");
    out.assert_stderr_has("wb_supervisor_node_add_torque() can exclusively be used with a Solid");
    out.assert_stderr_has("wb_supervisor_node_set_velocity() can exclusively be used with a Solid");
}

const CONTACTS: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 }\n\
    Robot { name \"director\" supervisor TRUE controller \"phys_contacts\" }\n\
    DEF FLOOR Solid { name \"floor\" boundingObject Plane { size 100 100 } }\n\
    DEF BOX Solid { translation 0 0 0.1 boundingObject Box { size 0.2 0.2 0.2 } physics Physics { } }\n\
    DEF TIPPY Robot { translation 2 0 0.05 name \"tippy\" boundingObject Box { size 0.1 0.1 0.1 } \
      physics Physics { density -1 mass 0.1 } children [ DEF ARM Solid { translation 0.5 0 0.5 \
      boundingObject Box { size 0.05 0.05 0.05 } physics Physics { density -1 mass 10 } } ] }\n\
    Robot { translation 0 5 2 name \"gallows\" children [ DEF HINGE HingeJoint { jointParameters DEF PARAMS \
      HingeJointParameters { axis 0 1 0 minStop -1 maxStop 1 } endPoint DEF BOB Solid { translation 0 0 -1 \
      boundingObject Sphere { radius 0.05 } physics Physics { } } } ] }\n\
    DEF POSE Pose { }\n";

#[test]
fn contact_points_static_balance_and_joint_positions() {
    check_contacts(&run_either("contacts.wbt", CONTACTS, "phys_contacts", false));
}

#[test]
fn contact_points_static_balance_and_joint_positions_from_python() {
    check_contacts(&run_either("contacts.wbt", CONTACTS, "phys_contacts", true));
}

#[test]
fn contact_points_static_balance_and_joint_positions_from_java() {
    let p = Project::new();
    p.java_controller("phys_contacts", "phys_contacts");
    p.world("contacts.wbt", CONTACTS);
    check_contacts(&p.run_with_home("contacts.wbt", &[]));
}

#[test]
fn contact_points_static_balance_and_joint_positions_from_cpp() {
    let p = Project::new();
    p.make_controller("cpp/cpp_contacts");
    p.world("contacts.wbt", &CONTACTS.replace("\"phys_contacts\"", "\"cpp_contacts\""));
    check_contacts(&p.run("contacts.wbt", &[]));
}

fn check_contacts(out: &RunOutput) {
    assert_ok(out);
    out.assert_stdout_has("contact checks passed");
    out.assert_stderr_has(
        "wb_supervisor_node_set_joint_position() called with a 'position' argument 2 outside hard limits of the \
         joint. Applied position is 1.",
    );
}

/// Webots' center_of_mass_and_contact_points scene, rebuilt: a robot on four cylinder legs, a child Solid
/// on a fifth leg under its centre, a 1 cm box in a Slot lying on the robot's top face.
const LEGS: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
    Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
    Robot { name \"director\" supervisor TRUE controller \"contact_counts\" }\n\
    DEF LEGS Robot { name \"legs\" translation 0 0 0.075 \
      children [ DEF SECONDARY_SOLID Solid { name \"secondary\" boundingObject Pose { translation 0 0 -0.05 \
        children [ Cylinder { height 0.05 radius 0.015 } ] } physics Physics { } } ] \
      boundingObject Group { children [ \
        Pose { translation 0.025 0.025 -0.05 children [ Cylinder { height 0.05 radius 0.015 } ] } \
        Pose { translation -0.025 0.025 -0.05 children [ Cylinder { height 0.05 radius 0.015 } ] } \
        Pose { translation -0.025 -0.025 -0.05 children [ Cylinder { height 0.05 radius 0.015 } ] } \
        Pose { translation 0.025 -0.025 -0.05 children [ Cylinder { height 0.05 radius 0.015 } ] } \
        Box { size 0.1 0.1 0.1 } ] } \
      physics Physics { } }\n\
    Robot { name \"carrier\" translation 0 0 0.13 children [ Slot { endPoint DEF SLOT_SOLID Solid { name \"slot box\" \
      boundingObject Box { size 0.01 0.01 0.01 } physics Physics { density -1 mass 0.02 } } } ] }\n";

#[test]
fn webots_contact_points_test_counts_odes_points_per_standing_cylinder_and_resting_box() {
    let out = run("legs.wbt", LEGS, &["contact_counts"], &[]);
    assert_ok(&out);
    out.assert_stdout_has("contact counts checked");
}

const BOUNCY: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 }\n\
    Solid { boundingObject Plane { size 10 10 } }\n\
    DEF TARGET Solid { translation 0 0 0.5 rotation 1 1 0 0.7 boundingObject Box { size 0.1 0.2 0.05 } physics Physics { } }\n\
    Solid { translation 0.02 0.01 0.8 boundingObject Capsule { height 0.1 radius 0.04 } physics Physics { } }\n\
    Robot { name \"arm\" translation 0.5 0 0.5 children [ HingeJoint { jointParameters HingeJointParameters { axis 0 1 0 } \
      endPoint Solid { translation 0.3 0 0 boundingObject Cylinder { height 0.05 radius 0.1 } physics Physics { } } } ] }\n";

fn trace(args: &str) -> Vec<String> {
    trace_on_threads(None, args)
}

/// The trace with the engine stepped by `threads` threads (`WEBOTS_SHIM_PHYSICS_THREADS`), else the default.
fn trace_on_threads(threads: Option<&str>, args: &str) -> Vec<String> {
    let world = format!(
        "{BOUNCY}Robot {{ name \"watch\" supervisor TRUE controller \"phys_trace\" controllerArgs [ {args} ] }}\n"
    );
    let p = Project::new();
    p.controller("phys_trace", "phys_trace");
    p.world("bouncy.wbt", &world);
    let mut cmd = p.runner_command("bouncy.wbt", &[]);
    if let Some(n) = threads {
        cmd.env("WEBOTS_SHIM_PHYSICS_THREADS", n);
    }
    let start = std::time::Instant::now();
    let out = to_output(cmd.output().expect("runner starts"), start.elapsed());
    assert_ok(&out);
    out.robot_lines("watch")
}

#[test]
fn two_runs_are_bit_identical_and_a_reset_run_is_a_fresh_run() {
    let (a, b) = (trace("\"150\""), trace("\"150\""));
    assert_eq!(a.len(), 150);
    assert_eq!(a, b, "two runs differ");
    assert_ne!(a[0], a[149], "the box fell and bounced");
    // reset after 60 steps: the next 60 lines are the first 60 again, bit for bit
    let r = trace("\"121\" \"60\"");
    let strip = |l: &String| l.split_once(' ').map(|(_, rest)| rest.to_string()).unwrap();
    let first: Vec<String> = r[..60].iter().map(strip).collect();
    assert_eq!(r[60], "reset");
    let again: Vec<String> = r[61..121].iter().map(strip).collect();
    assert_eq!(first, again, "the run after the reset differs from the fresh run");
}

#[test]
fn the_engine_gives_the_same_trajectories_on_one_thread_and_on_two() {
    let (one, two) = (trace_on_threads(Some("1"), "\"150\""), trace_on_threads(Some("2"), "\"150\""));
    assert_eq!(one.len(), 150);
    assert_eq!(one, two, "the trajectories depend on the thread count");
}

#[test]
fn bad_physics_values_give_webots_warnings_and_the_world_runs() {
    // (no bounce, so that the box rests by the end: Webots' default surface bounces it)
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 contactProperties [ ContactProperties { bounce 0 } ] }\n\
                 Solid { boundingObject Plane { } }\n\
                 DEF TARGET Solid { name \"heavy\" translation 0 0 0.5 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { mass -2 } }\n\
                 Solid { name \"flat\" translation 1 0 0.5 boundingObject Box { size 0 0.1 0.1 } physics Physics { } }\n\
                 Robot { name \"loose\" children [ HingeJoint { } SliderJoint { jointParameters JointParameters { axis 0 0 0 } } ] }\n\
                 Robot { name \"watch\" supervisor TRUE controller \"phys_trace\" controllerArgs [ \"40\" ] }\n";
    let out = run("bad.wbt", world, &["phys_trace"], &[]);
    assert_ok(&out);
    out.assert_stderr_has("Invalid 'mass' changed to -1. The value should be either -1 or positive.");
    out.assert_stderr_has("All 'size' components must be positive for a Box used in a 'boundingObject'.");
    out.assert_stderr_has("Mass is invalid because 'boundingObject' is not defined");
    // the heavy box still falls and lands on the floor (mass from its density)
    let last = out.robot_lines("watch").last().cloned().unwrap();
    let z = parse_hex_float(last.split_whitespace().nth(3).unwrap());
    assert!((z - 0.05).abs() < 0.01, "landed at {z}");
}

/// The height of DEF TARGET after each step (t = k·dt) under a suspended hinge: a 1 kg ball hangs from a
/// hinge (axis x) whose suspension (along z) has spring `spring` N/m and damper `damping` N·s/m, released
/// with the spring at rest length. `joint`: a HingeJoint fixed to the world, or a Hinge2Joint (second
/// axis y), which needs a body on both sides: its upper one hangs from the world by a hinge about z,
/// which the weight does not turn.
fn suspended(joint: &str, spring: f64, damping: f64, steps: usize) -> Vec<f64> {
    let ball = "DEF TARGET Solid { boundingObject Sphere { radius 0.05 } physics Physics { density -1 mass 1 } }";
    let suspended = format!(
        "{joint} {{ jointParameters HingeJointParameters {{ axis 1 0 0 suspensionAxis 0 0 1 \
           suspensionSpringConstant {spring} suspensionDampingConstant {damping} }} \
           jointParameters2 HingeJointParameters {{ axis 0 1 0 }} endPoint {ball} }}"
    );
    let hanging = if joint == "Hinge2Joint" {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} endPoint Solid {{ name \"carrier\" \
               children [ {suspended} ] boundingObject Box {{ size 0.02 0.02 0.02 }} physics Physics {{ density -1 mass 1 }} }} }}"
        )
    } else {
        suspended
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 2 }}\n\
         Robot {{ translation 0 0 1 supervisor TRUE controller \"phys_trace\" controllerArgs [ \"{steps}\" ] \
           children [ {hanging} ] }}\n"
    );
    let out = run("suspension.wbt", &world, &["phys_trace"], &[]);
    assert_ok(&out);
    let lines = out.robot_lines("robot");
    assert_eq!(lines.len(), steps, "{}", out.stdout);
    lines.iter().map(|l| parse_hex_float(l.split_whitespace().nth(3).unwrap())).collect()
}

#[test]
fn a_hinge_suspension_is_a_spring_and_damper_along_its_axis() {
    let (g, m, k, dt): (f64, f64, f64, f64) = (9.81, 1.0, 400.0, 0.002);
    // undamped: the ball oscillates about the sag m g / k, with the period 2π √(m / k), down to twice the sag
    let sag = m * g / k;
    let period = 2.0 * std::f64::consts::PI * (m / k).sqrt();
    let z = suspended("HingeJoint", k, 0.0, 400);
    let (lowest_step, lowest) = z.iter().enumerate().fold((0, f64::MAX), |a, (i, &v)| if v < a.1 { (i, v) } else { a });
    let first_low = z.iter().position(|&v| v < 1.0 - 1.9 * sag).expect("the ball went down");
    // the first lowest point comes after half a period
    let first_bottom = (first_low..z.len() - 1).find(|&i| z[i + 1] > z[i]).expect("the ball came back up");
    let t_bottom = (first_bottom + 1) as f64 * dt;
    assert!(
        (t_bottom - period / 2.0).abs() <= 2.0 * dt,
        "lowest after {t_bottom} s, half a period is {} s",
        period / 2.0
    );
    assert!(
        ((1.0 - lowest) - 2.0 * sag).abs() < 0.03 * 2.0 * sag,
        "down {} m at step {lowest_step}, twice the sag is {} m",
        1.0 - lowest,
        2.0 * sag
    );
    let mean = z.iter().sum::<f64>() / z.len() as f64;
    assert!(((1.0 - mean) - sag).abs() < 0.03 * sag, "about {} m down, the sag is {sag} m", 1.0 - mean);

    // critically damped (c = 2 √(k m)): it settles at the sag without going past it
    let z = suspended("HingeJoint", k, 2.0 * (k * m).sqrt(), 500);
    let deepest = z.iter().fold(f64::MAX, |a, &v| a.min(v));
    assert!(1.0 - deepest < 1.01 * sag, "went {} m down past the sag {sag} m", 1.0 - deepest);
    assert!(((1.0 - z[499]) - sag).abs() < 0.01 * sag, "rests {} m down, the sag is {sag} m", 1.0 - z[499]);

    // without a spring or damper the hinge holds the ball where it is
    let z = suspended("HingeJoint", 0.0, 0.0, 100);
    assert!((1.0 - z[99]).abs() < 1e-3, "a rigid hinge let the ball down {} m", 1.0 - z[99]);

    // a Hinge2Joint's suspension is its first axis' (it rests 4 % lower: the light body between its two
    // hinges adds 1 % to the weight, and those hinges give a little under it)
    let z = suspended("Hinge2Joint", k, 2.0 * (k * m).sqrt(), 500);
    let rest = 1.0 - z[499];
    assert!((rest - sag).abs() < 0.05 * sag, "a Hinge2Joint rests {rest} m down, the sag is {sag} m");
    // and without a spring or damper it holds the ball
    let z = suspended("Hinge2Joint", 0.0, 0.0, 100);
    assert!((1.0 - z[99]).abs() < 1e-3, "a rigid Hinge2Joint let the ball down {} m", 1.0 - z[99]);
}
