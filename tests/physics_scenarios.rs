//! Webots' physics test scenarios (cyberbotics/webots `tests/physics/`) rebuilt from base nodes: bounding
//! objects resized by a supervisor (`runtime_geom_update`, `kinematic_geometry_update`), rolling
//! friction (`rolling_friction`), a connector pulled apart (`connector_detach`), hidden parameters
//! (`hidden_parameter_single`) and a chain moved kinematically and dynamically (`joint_controller`); and
//! from `tests/api`, a driving robot a supervisor moves again and again (`supervisor_set_position_of_dynamic_object`).
//! Every expected value comes from the geometry of the scene or from mechanics.

mod common;

use common::{Project, RunOutput};

fn ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

/// The numbers after `key` on the controller's line that starts with it.
fn numbers(out: &RunOutput, key: &str) -> Vec<f64> {
    let line = out
        .stdout
        .lines()
        .find_map(|l| {
            l.split_once("] ")
                .map(|(_, rest)| rest)
                .filter(|rest| rest.strip_prefix(key).is_some_and(|r| r.starts_with(' ')))
        })
        .unwrap_or_else(|| panic!("no line '{key}' in\n{}", out.stdout));
    line[key.len()..].split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// Each number of the `key` line within `tolerance` of the expected one, in order.
fn assert_numbers_near(out: &RunOutput, key: &str, expected: &[f64], tolerance: f64) {
    let got = numbers(out, key);
    for (g, e) in got.iter().zip(expected) {
        assert!((g - e).abs() < tolerance, "{key}: {got:?}\nexpected {expected:?}\n{}\n{}", out.stdout, out.stderr);
    }
}

/// A distance sensor at `at` looking straight down, reading 1000 at its 0.5 m range.
fn down_sensor(name: &str, at: [f64; 3]) -> String {
    format!(
        "DistanceSensor {{ translation {} {} {} rotation 0 1 0 1.5707963267948966 name \"{name}\" \
         lookupTable [ 0 0 0, 0.5 1000 0 ] }}",
        at[0], at[1], at[2]
    )
}

/// A 1 kg box of 0.1 m let go at `at`.
fn falling_box(def: &str, at: [f64; 3]) -> String {
    format!(
        "DEF {def} Solid {{ translation {} {} {} name \"{def}\" boundingObject Box {{ size 0.1 0.1 0.1 }} \
         physics Physics {{ density -1 mass 1 }} }}\n",
        at[0], at[1], at[2]
    )
}

fn resize_world() -> String {
    let mut w = String::from(
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 physicsDisableTime 0.2 }\n\
         Solid { name \"box\" children [ Shape { geometry DEF BO_BOX Box { size 0.1 0.1 0.1 } } ] boundingObject USE BO_BOX }\n\
         Solid { name \"sphere\" translation 5 0 0 boundingObject DEF BO_SPHERE Sphere { radius 0.05 } }\n\
         Solid { name \"cylinder\" translation 0 5 0 boundingObject DEF BO_CYLINDER Cylinder { radius 0.05 height 0.1 } }\n\
         Solid { name \"capsule\" translation 5 5 0 rotation 0 1 0 1.5707963267948966 \
           boundingObject DEF BO_CAPSULE Capsule { radius 0.05 height 0.2 } }\n\
         Solid { name \"mesh\" translation 0 10 0 boundingObject IndexedFaceSet { \
           coord DEF BO_MESH_COORD Coordinate { point [ -0.1 -0.1 0.1, 0.1 -0.1 0.1, 0 0.1 0.1 ] } \
           coordIndex [ 0 1 2 -1 ] } }\n\
         Solid { name \"floor\" translation 10 0 0.1 children [ Shape { geometry DEF FLOOR_BOX Box { size 0.9 0.9 0.2 } } ] \
           boundingObject USE FLOOR_BOX }\n",
    );
    w += &falling_box("ON_BOX", [-0.45, 0.0, 0.2]);
    w += &falling_box("ON_CYLINDER", [-0.3, 5.0, 0.2]);
    // resting on the floor box (top at 0.2), asleep by the time the floor grows
    w += "DEF RESTING Solid { translation 10 0 0.3 name \"resting\" boundingObject Box { size 0.2 0.2 0.2 } \
          physics Physics { density -1 mass 1 } }\n";
    w += &format!(
        "Robot {{ name \"watcher\" controller \"geometry_resize\" supervisor TRUE children [ {} {} {} {} {} ] }}\n",
        down_sensor("ds_box", [0.45, 0.0, 0.2]),
        down_sensor("ds_sphere", [5.2, 0.0, 0.5]),
        down_sensor("ds_cylinder", [0.3, 5.0, 0.2]),
        down_sensor("ds_capsule", [5.6, 5.0, 0.2]),
        down_sensor("ds_mesh", [0.5, 10.0, 0.3]),
    );
    w
}

#[test]
fn a_bounding_object_resized_by_a_supervisor_is_what_rays_and_bodies_meet_at_the_next_step() {
    let p = Project::new();
    p.controller("geometry_resize", "geometry_resize");
    p.world("w.wbt", &resize_world());
    let out = p.run("w.wbt", &[]);
    ok(&out);
    let reading = |d: f64| d / 0.5 * 1000.0;
    // before: every ray passes beside its small shape
    for name in ["ds_box", "ds_sphere", "ds_cylinder", "ds_capsule", "ds_mesh"] {
        assert_eq!(numbers(&out, &format!("before {name}")), [1000.0], "{name} before the resize");
    }
    // after: the box (1 m wide, top at 0.05), the sphere (r 0.35, 0.2 off its centre), the cylinder (r 0.5,
    // top at 0.05), the capsule (1.5 m long along x, top at 0.05) and the triangle stretched under the ray
    // (at z 0.1) are met by the rays of the next step
    let sphere_top = (0.35f64 * 0.35 - 0.2 * 0.2).sqrt();
    for (name, d) in [
        ("ds_box", 0.15),
        ("ds_sphere", 0.5 - sphere_top),
        ("ds_cylinder", 0.15),
        ("ds_capsule", 0.15),
        ("ds_mesh", 0.2),
    ] {
        let v = numbers(&out, &format!("after {name}"))[0];
        assert!((v - reading(d)).abs() < 0.01, "{name} reads {v} after the resize, geometry gives {}", reading(d));
    }
    // the falling boxes land on the grown box and cylinder tops (0.05) instead of falling past them; a
    // resting body sinks by its weight over ODE's contact spring (well under a millimetre)
    let landed = numbers(&out, "landed");
    for (what, z) in ["box", "cylinder"].iter().zip(&landed) {
        assert!((z - 0.1).abs() < 1e-3, "the box falling on the {what} rests at z = {z}, expected 0.1");
    }
    // the floor box grows from 0.2 to 0.4 m around its centre (top 0.2 → 0.3): the sleeping box on it is
    // pushed up and rests on the new top
    let resting = numbers(&out, "resting")[0];
    assert!((resting - 0.3).abs() < 1e-3, "the box resting on the floor is at z = {resting}, expected 0.3");
    let pushed = numbers(&out, "pushed")[0];
    assert!((pushed - 0.4).abs() < 1e-3, "after the floor grew the box is at z = {pushed}, expected 0.4");
}

/// Balls of 1 kg and radius 0.5 m on a floor; `surfaces` are their ContactProperties' rollingFriction
/// with the floor, the first `rolling` of them rolling along x at 3 m/s, the others spinning at 25 rad/s.
fn rolling_world(surfaces: &[[f64; 3]], rolling: usize) -> String {
    let mut w = String::from("#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 contactProperties [ ");
    for (i, rho) in surfaces.iter().enumerate() {
        w += &format!(
            "ContactProperties {{ material1 \"floor\" material2 \"ball {i}\" rollingFriction {} {} {} }} ",
            rho[0], rho[1], rho[2]
        );
    }
    w += "] }\nSolid { name \"floor\" translation 0 0 -0.1 contactMaterial \"floor\" boundingObject Box { size 100 100 0.2 } }\n";
    for i in 0..surfaces.len() {
        w += &format!(
            "DEF BALL_{i} Solid {{ name \"ball {i}\" translation 0 {} 0.5 contactMaterial \"ball {i}\" \
             boundingObject Sphere {{ radius 0.5 }} physics Physics {{ density -1 mass 1 }} }}\n",
            3 * i
        );
    }
    w += &format!(
        "Robot {{ name \"judge\" controller \"rolling_balls\" controllerArgs [ \"{rolling}\" \"{}\" \"3\" \"0.5\" ] \
         supervisor TRUE }}\n",
        surfaces.len() - rolling
    );
    w
}

#[test]
fn rolling_friction_brakes_a_rolling_ball_and_spinning_friction_a_spinning_one_as_odes_torque_rho_n() {
    // rho along ODE's first friction direction (-y on a floor: it brakes rolling along x), rhoN about the normal
    let surfaces = [[0.0, 0.0, 0.0], [0.04, 0.0, 0.0], [0.08, 0.0, 0.0], [0.0, 0.0, 0.03], [0.0, 0.0, 0.06]];
    let p = Project::new();
    p.controller("rolling_balls", "rolling_balls");
    p.world("w.wbt", &rolling_world(&surfaces, 3));
    let out = p.run("w.wbt", &[]);
    ok(&out);
    let (g, m, r, t) = (9.81, 1.0, 0.5, 2.0);
    let inertia = 0.4 * m * r * r;
    // rolling without slipping under a torque rho·N (N = m g): m a = f, I α = f r − rho N, a = α r, so the
    // ball slows by a = rho g / (r (1 + I / (m r²))) = rho g / (1.4 r)
    for (i, rho) in surfaces.iter().take(3).enumerate() {
        let v = numbers(&out, &format!("ball {i}"));
        let expected = 3.0 - rho[0] * g / (1.4 * r) * t;
        assert!(
            (v[0] - expected).abs() < 0.02 * 3.0,
            "ball {i} (rho {}) rolls at {} m/s, mechanics gives {expected}",
            rho[0],
            v[0]
        );
        assert!((v[4] - v[0] / r).abs() < 0.02 * 6.0, "ball {i} still rolls without slipping: {v:?}");
        assert!(v[1].abs() < 1e-3 && v[3].abs() < 1e-3 && v[5].abs() < 1e-3, "ball {i} keeps to its line: {v:?}");
    }
    // spinning about the normal under a torque rhoN·N: ω = 25 − rhoN m g t / I (Webots' own scenario reads
    // 6.1648 rad/s for rhoN 0.03 after 6.4 s, the same law), and a ball that stops stays stopped
    for (i, rho) in surfaces.iter().enumerate().skip(3) {
        let v = numbers(&out, &format!("ball {i}"));
        let expected = (25.0 - rho[2] * m * g * t / inertia).max(0.0);
        assert!(
            (v[5] - expected).abs() < 0.02 * 25.0,
            "ball {i} (rhoN {}) spins at {} rad/s, mechanics gives {expected}",
            rho[2],
            v[5]
        );
        assert!(v[..5].iter().all(|x| x.abs() < 1e-3), "ball {i} only spins about z: {v:?}");
    }
}

/// Webots' connector_detach scenario: a 0.1 kg robot whose active, auto-locking connector (tensile
/// strength 1 N) faces a passive one on a 0.55 kg body, the two boxes touching; the puller slides on the
/// floor without friction (so that the whole pull reaches the link), the other is held by friction 1.
fn detach_world() -> String {
    let connector = |pose: &str, kind: &str| {
        format!(
            "Connector {{ {pose} name \"connector\" model \"magnetic\" type \"{kind}\" autoLock TRUE tensileStrength 1 }}"
        )
    };
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ contactProperties [ ContactProperties {{ material1 \"floor\" \
           material2 \"puller\" coulombFriction 0 }} ] }}\n\
         Solid {{ name \"floor\" contactMaterial \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         Robot {{ name \"puller\" translation 0.04 0 0.04 controller \"connector_pull\" supervisor TRUE contactMaterial \"puller\" \
           boundingObject Box {{ size 0.08 0.08 0.08 }} physics Physics {{ density -1 mass 0.1 }} \
           children [ {} ] }}\n\
         DEF PASSIVE Robot {{ name \"held\" translation -0.04 0 0.04 controller \"<none>\" \
           boundingObject Box {{ size 0.08 0.08 0.08 }} physics Physics {{ density -1 mass 0.55 }} \
           children [ {} ] }}\n",
        connector("translation -0.04 0 0 rotation 0 0 1 3.141592653589793", "active"),
        connector("translation 0.04 0 0", "passive"),
    )
}

#[test]
fn a_connector_pulled_beyond_its_strength_lets_go_and_the_two_part() {
    let p = Project::new();
    p.controller("connector_pull", "connector_pull");
    p.world("w.wbt", &detach_world());
    let out = p.run("w.wbt", &[]);
    ok(&out);
    let apart = numbers(&out, "apart");
    let (time, force, moved) = (apart[0], apart[1], apart[2]);
    // the puller slides freely and the other is held: the link carries the whole pull, holds it up to its
    // tensile strength (1 N) and breaks beyond; auto-lock makes it again while the two are within the
    // distance tolerance (1 cm), and each new link, pulling them back by ERP of their gap, breaks again, so
    // the two part within a few steps (Webots' scenario, where the floor's friction also holds the puller,
    // has them out of presence at 2.1 N, t = 0.736 s)
    assert!(force > 1.0 + 1e-9, "the link let go under {force} N, no more than its tensile strength");
    assert!(time <= 0.736 + 1e-9 && force <= 2.1 + 1e-9, "the two were still in presence at {time} s ({force} N)");
    assert!(moved > 0.01, "presence dropped with the connectors only {moved} m apart");
    let later = numbers(&out, "later");
    assert!(later[0] > 0.05, "the two are only {} m further apart 10 steps later", later[0]);
    assert_eq!(later[1], 0.0, "no presence once apart");
}

/// A PROTO of ours (its inside cannot be written in the world file) restored by hidden lines: the robot
/// (Solid 0) placed and turned, its hinge (joint 0) at 0.3 rad, its slider (joint 1) at 0.05 m, and every
/// body moving at 1 m/s along y. Solids count as Webots counts them: 0 the robot, 1 its GPS, 2 the arm,
/// 3 the arm's GPS, 4 the slider's end.
fn hidden_world() -> String {
    let proto = "PROTO Arm [ field SFString controller \"hidden_state\" ] { Robot { controller IS controller \
         children [ GPS { name \"body_gps\" } \
           HingeJoint { jointParameters HingeJointParameters { axis 0 0 1 } device [ PositionSensor { name \"hinge_sensor\" } ] \
             endPoint Solid { translation 0.2 0 0 children [ GPS { name \"arm_gps\" } ] \
               boundingObject Box { size 0.05 0.05 0.05 } physics Physics { density -1 mass 0.1 } } } \
           SliderJoint { jointParameters JointParameters { axis 1 0 0 } device [ PositionSensor { name \"slider_sensor\" } ] \
             endPoint Solid { translation 0 0.1 0 name \"slide\" boundingObject Box { size 0.05 0.05 0.05 } \
               physics Physics { density -1 mass 0.1 } } } ] \
         boundingObject Box { size 0.1 0.1 0.1 } physics Physics { density -1 mass 1 } } }\n";
    format!(
        "#VRML_SIM R2025a utf8\n{proto}WorldInfo {{ gravity 0 }}\n\
         Arm {{\n  hidden position_0_0 0.3\n  hidden position_0_1 0.05\n  hidden translation_0 1 2 0.5\n  \
         hidden rotation_0 0 0 1 0.47\n  hidden linearVelocity_0 0 1 0\n  hidden linearVelocity_2 0 1 0\n  \
         hidden linearVelocity_4 0 1 0\n}}\n"
    )
}

#[test]
fn hidden_lines_restore_a_proto_s_joint_positions_poses_and_velocities() {
    let p = Project::new();
    p.controller("hidden_state", "hidden_state");
    p.world("w.wbt", &hidden_world());
    let out = p.run("w.wbt", &[]);
    ok(&out);
    let (first, second) = (numbers(&out, "step1"), numbers(&out, "step2"));
    assert!((first[0] - 0.3).abs() < 1e-6 && (first[1] - 0.05).abs() < 1e-6, "joint positions {first:?}");
    // the body at its saved place, moving 1 m/s along y: 32 mm further at the next step
    let dt = 0.032;
    assert!((first[2] - 1.0).abs() < 1e-6 && (first[4] - 0.5).abs() < 1e-6, "body at {first:?}");
    assert!((second[3] - first[3] - dt).abs() < 1e-6, "the body moved {} m in a step", second[3] - first[3]);
    // the arm 0.2 m out, turned by the robot's 0.47 rad and the hinge's 0.3 rad
    let (dx, dy) = (first[5] - first[2], first[6] - first[3]);
    let angle = 0.47f64 + 0.3;
    assert!(
        (dx - 0.2 * angle.cos()).abs() < 1e-6 && (dy - 0.2 * angle.sin()).abs() < 1e-6,
        "arm at ({dx}, {dy}) from the body"
    );
}

/// A planar chain of three hinges about z, each link 0.1 m along x from the previous joint; with
/// `physics`, each endPoint is a 0.2 kg body, without it the chain moves kinematically.
fn chain_robot(name: &str, y: f64, physics: bool) -> String {
    let body =
        if physics { "boundingObject Box { size 0.05 0.05 0.05 } physics Physics { density -1 mass 0.2 }" } else { "" };
    let mut inner = "GPS { name \"tip\" }".to_string();
    for i in (1..=3).rev() {
        inner = format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
             device [ RotationalMotor {{ name \"motor {i}\" }} PositionSensor {{ name \"sensor {i}\" }} ] \
             endPoint Solid {{ translation 0.1 0 0 name \"link {i}\" children [ {inner} ] {body} }} }}"
        );
    }
    format!("Robot {{ name \"{name}\" translation 0 {y} 0.5 controller \"chain_mover\" children [ {inner} ] }}\n")
}

#[test]
fn a_chain_moved_kinematically_and_the_same_chain_moved_dynamically_reach_the_same_targets() {
    let p = Project::new();
    p.controller("chain_mover", "chain_mover");
    let targets = [1.01f64, 0.6, -2.45];
    // the tip by forward kinematics: each link 0.1 m along its summed angle
    let (mut angle, mut x, mut y) = (0.0, 0.0, 0.0);
    for t in targets {
        angle += t;
        x += 0.1 * angle.cos();
        y += 0.1 * angle.sin();
    }
    // without gravity both chains end on the targets; under gravity the dynamic chain, hung from a static
    // base, still meets Webots' criterion (each joint within 0.01 rad of its target, the controller's loop)
    // but rests a few milliradians off them and its tip sags 3 mm (see COMPATIBILITY.md, Physics)
    for (gravity, tolerance, tip_tolerance) in [(0.0, 1e-3, 1e-3), (9.81, 0.01, 0.006)] {
        let world = format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity {gravity} }}\n{}{}",
            chain_robot("dynamic", 0.0, true),
            chain_robot("kinematic", 5.0, false)
        );
        p.world("w.wbt", &world);
        let out = p.run("w.wbt", &[]);
        ok(&out);
        let mut tips = Vec::new();
        for (robot, base_y) in [("dynamic", 0.0), ("kinematic", 5.0)] {
            let line = out
                .robot_lines(robot)
                .into_iter()
                .find(|l| l.starts_with("final "))
                .unwrap_or_else(|| panic!("no final line of {robot}\n{}", out.stdout));
            let v: Vec<f64> = line["final ".len()..].split_whitespace().map(|w| w.parse().unwrap()).collect();
            for (i, t) in targets.iter().enumerate() {
                assert!((v[i] - t).abs() < tolerance, "{robot}, g {gravity}: joint {} at {}, target {t}", i + 1, v[i]);
            }
            let tip = [v[3], v[4] - base_y, v[5]];
            let expected = [x, y, 0.5];
            assert!(
                tip.iter().zip(expected).all(|(a, b)| (a - b).abs() < tip_tolerance),
                "{robot}, g {gravity}: tip at {tip:?}, forward kinematics gives {expected:?}"
            );
            tips.push(tip);
        }
        assert!(tips[0].iter().zip(tips[1]).all(|(a, b)| (a - b).abs() < tip_tolerance), "{tips:?}");
    }
}

/// A Solid of the supervisor_velocity scenario: DEF, start position, velocity set (or none), dynamic.
type Glider = (&'static str, [f64; 3], Option<[f64; 6]>, bool);

#[test]
fn kinematic_and_dynamic_solids_given_a_velocity_glide_turn_and_fall_as_mechanics_says() {
    // Webots' supervisor_velocity scenario: (DEF, start position, velocity, dynamic); the kinematic child
    // of KT is only watched (it rides with its parent), KR is inside a Solid placed at (0.1, 0.2, 0.3)
    let solids: [Glider; 7] = [
        ("KR", [-0.4, 0.2, 0.8], Some([0.0, 0.0, 0.0, 0.5, 0.0, 1.0]), false),
        ("KT", [0.0, 0.0, 0.5], Some([1.0, 0.0, 0.0, 0.0, 0.0, 0.0]), false),
        ("KTR", [0.5, 0.0, 0.5], Some([0.0, 1.0, 0.0, 0.0, 0.0, 1.0]), false),
        ("DR", [-0.5, 0.0, -0.5], Some([0.0, 0.0, 0.0, 1.0, 0.0, 1.0]), true),
        ("DT", [0.0, 0.0, -0.5], Some([1.0, 0.0, 1.0, 0.0, 0.0, 1.0]), true),
        ("DTR", [0.5, 0.0, -0.5], Some([0.0, 1.0, 0.0, 0.0, 0.0, 1.0]), true),
        ("KTC", [0.0, 0.2, 0.5], None, false),
    ];
    let ball = "boundingObject Sphere { radius 0.1 }";
    let mut world = String::from("#VRML_SIM R2025a utf8\nWorldInfo { }\n");
    world +=
        &format!("Solid {{ translation 0.1 0.2 0.3 children [ DEF KR Solid {{ translation -0.5 0 0.5 {ball} }} ] }}\n");
    world += &format!(
        "DEF KT Solid {{ translation 0 0 0.5 name \"kt\" {ball} children [ DEF KTC Solid {{ translation 0 0.2 0 {ball} }} ] }}\n"
    );
    world += &format!("DEF KTR Solid {{ translation 0.5 0 0.5 name \"ktr\" {ball} }}\n");
    for (def, at) in [("DR", [-0.5, 0.0, -0.5]), ("DT", [0.0, 0.0, -0.5]), ("DTR", [0.5, 0.0, -0.5])] {
        world += &format!(
            "DEF {def} Solid {{ translation {} {} {} name \"{def}\" {ball} physics Physics {{ }} }}\n",
            at[0], at[1], at[2]
        );
    }
    let mut args = Vec::new();
    for (def, _, v, _) in &solids {
        args.push(def.to_string());
        match v {
            Some(v) => args.extend(v.iter().map(|x| x.to_string())),
            None => args.push("-".into()),
        }
    }
    let args: String = args.iter().map(|a| format!("\"{a}\" ")).collect();
    world +=
        &format!("Robot {{ name \"judge\" controller \"velocity_kinds\" supervisor TRUE controllerArgs [ {args}] }}\n");
    let p = Project::new();
    p.controller("velocity_kinds", "velocity_kinds");
    p.world("w.wbt", &world);
    let out = p.run("w.wbt", &[]);
    ok(&out);
    let (t, g) = (0.64, 9.81);
    let parent_velocity = solids[1].2.unwrap();
    for (def, start, v, dynamic) in solids {
        let got = numbers(&out, def);
        let v = v.unwrap_or(parent_velocity);
        // kinematic: glides at v and turns at ω for ever; dynamic: falls too (gravity along -z), a sphere's
        // spin unchanged
        let fall = if dynamic { 0.5 * g * t * t } else { 0.0 };
        let expected = [start[0] + v[0] * t, start[1] + v[1] * t, start[2] + v[2] * t - fall];
        // free fall over the engine's four substeps: g h² n (4n + 1) / 8 instead of ½ g t² (COMPATIBILITY.md)
        for k in 0..3 {
            assert!((got[k] - expected[k]).abs() < 0.03, "{def}: at {:?}, mechanics gives {expected:?}", &got[..3]);
        }
        let turned = [v[3] * t, v[4] * t, v[5] * t];
        let axis_angle = [got[3] * got[6], got[4] * got[6], got[5] * got[6]];
        let (a, b) = (axis_angle, turned);
        assert!((0..3).all(|k| (a[k] - b[k]).abs() < 0.02), "{def}: turned by {a:?}, ω t is {b:?}");
        let vz = v[2] - if dynamic { g * t } else { 0.0 };
        let expected_v = [v[0], v[1], vz, v[3], v[4], v[5]];
        assert!(
            (0..6).all(|k| (got[7 + k] - expected_v[k]).abs() < 0.02),
            "{def}: velocity {:?}, expected {expected_v:?}",
            &got[7..]
        );
    }
}

#[test]
fn a_vacuum_cup_lifts_a_box_only_while_on_and_lets_it_fall_back_when_off() {
    // Webots' vacuum_gripper world rebuilt: a cup (VacuumGripper) under an arm on a vertical slider, 2 mm
    // into the top of a 2 kg box resting on a floor; tests/c/vacuum_lift.c checks the positions
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 }\n\
         Solid { name \"floor\" boundingObject Plane { size 2 2 } }\n\
         Robot { controller \"vacuum_lift\" supervisor TRUE children [ SliderJoint { jointParameters JointParameters { } \
           device [ LinearMotor { name \"linear motor\" maxForce 1000 } ] \
           endPoint Solid { translation 0 0 0.185 children [ \
             VacuumGripper { name \"vacuum gripper\" translation 0 0 -0.08 boundingObject Cylinder { height 0.014 radius 0.03 } } ] \
             boundingObject Cylinder { height 0.16 radius 0.018 } physics Physics { } } } ] }\n\
         DEF OBJECT Solid { translation 0 0 0.05 boundingObject Box { size 0.1 0.2 0.1 } physics Physics { } }\n";
    let p = Project::new();
    p.controller("vacuum_lift", "vacuum_lift");
    p.world("w.wbt", world);
    let out = p.run("w.wbt", &[]);
    ok(&out);
    out.assert_stdout_has("vacuum gripper scenario passed");
}

/// Webots' differential robot of `supervisor_set_position_of_dynamic_object` in ENU: a 0.5 kg body
/// cylinder (radius 0.045, 1.5 mm above the floor) on two 0.05 kg wheels of radius 0.025 on hinges along
/// x, a GPS on the body's origin and one at each wheel's centre.
const SET_POSITION_WORLD: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\n\
    Solid { name \"floor\" boundingObject Plane { size 4 4 } }\n\
    Robot { translation 0.15 0 0 rotation 0 0 1 1 supervisor TRUE controller \"set_position_dynamic\" children [\n\
      GPS { name \"body_gps\" }\n\
      HingeJoint { jointParameters HingeJointParameters { axis -1 0 0 anchor 0 0 0.025 } \
        device [ RotationalMotor { name \"left wheel motor\" } ] \
        endPoint Solid { translation -0.045 0 0.025 name \"left wheel\" children [ GPS { name \"left_wheel_gps\" } ] \
          boundingObject DEF WHEEL Pose { rotation 0 1 0 1.5708 children [ Cylinder { height 0.01 radius 0.025 } ] } \
          physics DEF WHEEL_PHYSICS Physics { density -1 mass 0.05 } } }\n\
      HingeJoint { jointParameters HingeJointParameters { axis -1 0 0 anchor 0 0 0.025 } \
        device [ RotationalMotor { name \"right wheel motor\" } ] \
        endPoint Solid { translation 0.045 0 0.025 name \"right wheel\" children [ GPS { name \"right_wheel_gps\" } ] \
          boundingObject USE WHEEL physics USE WHEEL_PHYSICS } }\n\
    ] boundingObject Pose { translation 0 0 0.0415 children [ Cylinder { height 0.08 radius 0.045 } ] } \
      physics Physics { density -1 mass 0.5 } }\n";

#[test]
fn a_robot_moved_fifty_times_while_driving_comes_back_to_where_the_world_puts_it() {
    let p = Project::new();
    p.controller("set_position_dynamic", "set_position_dynamic");
    p.world("set_position.wbt", SET_POSITION_WORLD);
    let out = p.run("set_position.wbt", &[]);
    ok(&out);
    // Webots' tolerance: 2 mm on every coordinate
    for (gps, expected) in [
        ("body_gps", [0.0, 0.0, 0.0]),
        ("left_wheel_gps", [-0.045, 0.0, 0.025]),
        ("right_wheel_gps", [0.045, 0.0, 0.025]),
    ] {
        let got = numbers(&out, gps);
        for k in 0..3 {
            assert!((got[k] - expected[k]).abs() < 0.002, "{gps}: {got:?}, expected {expected:?}\n{}", out.stdout);
        }
    }
}

/// A sphere (radius 0.05) on `joint` inside a Transform at `at`, 0.4 m from the joint along `offset`.
fn sphere_on(at: [f64; 3], joint: &str, offset: [f64; 3]) -> String {
    let [x, y, z] = at;
    let [ox, oy, oz] = offset;
    format!(
        "Transform {{ translation {x} {y} {z} children [ {joint} endPoint Solid {{ translation {ox} {oy} {oz} \
         children [ Shape {{ geometry DEF BALL Sphere {{ radius 0.05 }} }} ] boundingObject USE BALL \
         physics Physics {{ }} }} }} ] }}\n"
    )
}

/// A one-ray distance sensor at `at`, turned by `rotation`, reading 1000 at its 0.2 m range.
fn ray_sensor(name: &str, at: [f64; 3], rotation: &str) -> String {
    let [x, y, z] = at;
    format!(
        "DistanceSensor {{ name \"{name}\" translation {x} {y} {z} rotation {rotation} lookupTable [ 0 0 0 0.2 1000 0 ] }}\n"
    )
}

#[test]
fn a_supervisor_sets_a_slider_a_hinge2_s_second_axis_and_a_ball_joint_s_second_and_third_axes() {
    // Webots' tests/api supervisor_node_set_joint_position, rebuilt: no gravity, so every endPoint stays
    // where the supervisor puts it; a turn of 0.6 rad moves a point 0.4 m off the axis by
    // (0.4 sin 0.6, 0.4 cos 0.6)
    let (s, c) = (0.4 * 0.6f64.sin(), 0.4 * 0.6f64.cos());
    let down = "0 1 0 1.5707963267948966";
    let rig = [
        sphere_on([0.0, -1.0, 0.0], "DEF SLIDER SliderJoint {", [0.0, 0.0, 0.4]),
        sphere_on([1.0, 0.0, 0.0], "DEF HINGE2 Hinge2Joint {", [0.0, 0.4, 0.0]),
        sphere_on([2.0, 0.0, 0.0], "DEF BALL3 BallJoint { jointParameters3 JointParameters { }", [0.0, 0.4, 0.0]),
        sphere_on([3.0, 0.0, 0.0], "DEF BALL2 BallJoint {", [0.0, 0.0, 0.4]),
    ]
    .concat();
    let sensors = [
        // the slider's sphere, 0.6 m up its default z axis, 0.15 m ahead of the sensor's ray start
        ray_sensor("slider sensor", [-0.2, -1.0, 1.0], "0 0 1 0"),
        // the Hinge2's second axis (z) and the ball's third (jointParameters3's z) swing the sphere from
        // +y towards -x; 0.1 m below the sensor's start looking down is the sphere's top
        ray_sensor("hinge2 sensor", [1.0 - s, c, 0.15], down),
        ray_sensor("ball3 sensor", [2.0 - s, c, 0.15], down),
        // the ball's second axis (y, across its x and z axes) swings the sphere from +z towards +x;
        // the sensor looks along +y from 0.2 m before its centre
        ray_sensor("ball2 sensor", [3.0 + s, -0.2, c], "0 0 1 1.5707963267948966"),
    ]
    .concat();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\nRobot {{ name \"rig\" children [ {rig} ] }}\n\
         Robot {{ name \"watch\" supervisor TRUE controller \"joint_axes_set\" children [ {sensors} ] }}\n"
    );
    let p = Project::new();
    p.controller("joint_axes_set", "joint_axes_set");
    p.world("joint_axes.wbt", &world);
    let out = p.run("joint_axes.wbt", &[]);
    ok(&out);
    let near = |key: &str, expected: [f64; 4]| assert_numbers_near(&out, key, &expected, 1.0);
    // nothing in range before: every sphere is elsewhere
    near("before", [1000.0; 4]);
    // 0.15 m → 750, 0.1 m → 500
    near("after", [750.0, 500.0, 500.0, 750.0]);
    near("later", [750.0, 500.0, 500.0, 750.0]);
    near("refused", [750.0, 500.0, 500.0, 750.0]);
    near("reset", [1000.0, 500.0, 500.0, 750.0]);
    out.assert_stderr_has("an invalid 'index'. SliderJoint and HingeJoint only support index 1.");
}

/// A balance (a 0.6 m plank across the hinge) on a hinge along the robot's x at `x` on its top.
fn balance(i: usize, x: f64, merged: bool) -> String {
    let plank = "Shape { geometry Box { size 0.1 0.6 0.01 } }";
    let (def, children) = if merged {
        // the pushed Solid is a ball merged into the plank, 0.25 m along it (and one opposite)
        let ball = |def: &str, y: f64| {
            format!(
                "{def} Solid {{ translation 0 {y} 0 children [ Shape {{ geometry Sphere {{ radius 0.01 }} }} ] \
                 boundingObject Sphere {{ radius 0.01 }} physics Physics {{ }} name \"ball{y}\" }}"
            )
        };
        (String::new(), format!("{plank} {} {}", ball(&format!("DEF BALANCE_{i}"), 0.25), ball("", -0.25)))
    } else {
        (format!("DEF BALANCE_{i}"), plank.to_string())
    };
    format!(
        "HingeJoint {{ jointParameters HingeJointParameters {{ anchor 0 0 0.05 }} \
         device [ PositionSensor {{ name \"ps{i}\" }} ] endPoint {def} Solid {{ translation {x} 0 0.05 \
         children [ {children} ] boundingObject Box {{ size 0.1 0.6 0.01 }} physics Physics {{ }} name \"plank{i}\" }} }}\n"
    )
}

#[test]
fn balances_pushed_by_a_supervisor_tip_as_the_torque_about_their_hinge_says() {
    // Webots' tests/api supervisor_force_torque, rebuilt: planks balanced on hinges along the robot's x
    // (the robot turned 45° about z, so global and relative vectors differ); gravity has no torque about
    // a plank's hinge, so any torque r × F about it tips the plank until its end meets the floor, h below
    // the hinge: 0.3 sin θ + 0.005 cos θ = h (h measured: the 29 kg robot rests about 11.5 mm deep in the
    // floor, ODE's soft contacts at Webots' default softCFM 0.001 carrying a quarter of it at each corner)
    let xs = [0.38, 0.25, 0.13, -0.12, -0.24, -0.37, 0.0, 0.5, -0.51];
    let planks: String = xs.iter().enumerate().map(|(i, &x)| balance(i, x, (4..=5).contains(&i) || i == 8)).collect();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\nSolid {{ boundingObject Plane {{ size 4 4 }} }}\n\
         Robot {{ translation 0 0 0.05 rotation 0 0 1 0.7853981633974483 children [ {planks} ] \
         boundingObject Box {{ size 1.2 0.2 0.1 }} physics Physics {{ }} supervisor TRUE controller \"balances_pushed\" }}\n"
    );
    let p = Project::new();
    p.controller("balances_pushed", "balances_pushed");
    p.world("balances.wbt", &world);
    let out = p.run("balances.wbt", &[]);
    ok(&out);
    let check = |key: &str, expected: [f64; 9]| assert_numbers_near(&out, key, &expected, 0.01);
    check("before", [0.0; 9]);
    let floor = |key: &str| {
        let h = numbers(&out, &format!("{key}_hinge_height"))[0];
        let mut angle = 0.3f64;
        for _ in 0..50 {
            angle = ((h - 0.005 * angle.cos()) / 0.3).asin();
        }
        angle
    };
    // with the hinge axis a = (cos 45°, sin 45°, 0): 0.1 N up 0.15 m along +y of the plank gives
    // a·(r × F) = +0.015 N·m, along −y −0.015; the same force through the hinge nothing; the global
    // torque (0.1, 0, 0) +0.071; a force on the ball merged 0.25 m along +y (or 0.15 m beyond it)
    // tips its plank as a force there; the relative torque about x +0.1; about z (across the hinge)
    // and a relative force along x (along the hinge) nothing
    let f = floor("pushed");
    check("pushed", [f, -f, 0.0, f, f, f, f, 0.0, 0.0]);
    // pushed the other way, the first, fourth and fifth tip to the floor on the other side
    let f = floor("back");
    check("back", [-f, -f, 0.0, -f, -f, f, f, 0.0, 0.0]);
}
