//! The supervisor API (supervisor.h) against Webots' behaviour: node lookup and information, field
//! handles, values, write timing, PROTO parameters, poses, calls from a plain Robot, quit and modes.
//! Each C controller (tests/c/sv_*.c) checks return values, pointer identity and the exact stderr of
//! each call itself; these tests run them and check what only the runner sees.

mod common;

use common::{Project, RunOutput};

const CAN_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Can [
  field SFVec3f    translation 0 0 0
  field SFRotation rotation    0 0 1 0
  field SFString   name        "can"
  field SFFloat    height      0.2
]
{
  Solid {
    translation IS translation
    rotation IS rotation
    name IS name
    children [ DEF CAN_BODY Shape { geometry Cylinder { height IS height } } ]
  }
}
"#;

/// A PROTO whose parameters cover every field type; its node parameter ends up inside a body Group.
const FIELDS_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Fields [
  field SFBool     sfBool     TRUE
  field SFInt32    sfInt32    39
  field SFFloat    sfFloat    0.84
  field SFVec2f    sfVec2f    1 2
  field SFVec3f    sfVec3f    1 2 3
  field SFRotation sfRotation 0 1 0 0.5
  field SFColor    sfColor    0.1 0.2 0.3
  field SFString   sfString   "text"
  field MFBool     mfBool     [ TRUE FALSE TRUE ]
  field MFInt32    mfInt32    [ 1 2 3 ]
  field MFFloat    mfFloat    [ 0.5 1.5 ]
  field MFVec2f    mfVec2f    [ 1 2, 3 4 ]
  field MFVec3f    mfVec3f    [ 1 2 3, 4 5 6 ]
  field MFRotation mfRotation [ 0 0 1 0.5, 1 0 0 1 ]
  field MFColor    mfColor    [ 1 0 0, 0 1 0, 0 0 1 ]
  field MFString   mfString   [ "a" "b" ]
  field MFNode     mfNode     [ Pose { } DEF SECOND Solid { name "second" } ]
  field MFFloat    empty      [ ]
]
{
  Solid { name "fields" children [ Group { children IS mfNode } ] }
}
"#;

/// The world of the node, value and pose tests; `{main}` and `{watch}` are the two supervisors'
/// controllers.
const SV_WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/Can.proto"
EXTERNPROTO "../protos/Fields.proto"
WorldInfo { basicTimeStep 32 }
Viewpoint { position 0 0 10 }
DEF BOX Solid {
  translation 1 2 3
  rotation 0 0 1 1.5707963267948966
  name "box"
  children [
    DEF ARM Pose {
      translation 1 0 0
      rotation 1 0 0 1.5707963267948966
      children [
        DEF TIP Solid { translation 0 1 0 name "tip" }
        DEF SCALED Transform {
          translation 0 0 1
          scale 2 3 4
          children [ DEF SCALED_TIP Pose { translation 1 1 1 } ]
        }
      ]
    }
    DEF SHAPE Shape {
      appearance DEF APP Appearance { material DEF MAT Material { } }
      geometry DEF GEOM Box { size 1 1 1 }
    }
  ]
  boundingObject DEF BOUNDS Box { size 0.5 0.5 0.5 }
}
DEF CAN Can { translation 0 0 1 }
DEF MF Fields { }
DEF SUPER Robot {
  name "super"
  controller "{main}"
  supervisor TRUE
  children [ DEF SV_EMITTER Emitter { name "em" } ]
}
DEF WATCH Robot {
  name "watch"
  controller "{watch}"
  supervisor TRUE
}
"#;

/// A project holding the two PROTOs and `SV_WORLD` as `sv.wbt`, with `main` (and `watch`, if any)
/// built from tests/c/<name>.c.
fn sv_project(main: &str, watch: Option<&str>) -> Project {
    let p = Project::new();
    let protos = p.path().join("protos");
    std::fs::create_dir_all(&protos).unwrap();
    std::fs::write(protos.join("Can.proto"), CAN_PROTO).unwrap();
    std::fs::write(protos.join("Fields.proto"), FIELDS_PROTO).unwrap();
    let world = SV_WORLD.replace("{main}", main).replace("{watch}", watch.unwrap_or("<none>"));
    p.world("sv.wbt", &world);
    p.controller(main, main);
    if let Some(w) = watch {
        p.controller(w, w);
    }
    p
}

fn assert_success(out: &RunOutput) {
    assert!(out.status.success(), "run failed ({:?}):\n{}\n--- stderr:\n{}", out.status, out.stdout, out.stderr);
}

/// The controllers check every message they provoke (captured around the call); nothing else may
/// reach the runner's stderr.
fn assert_no_stray_messages(out: &RunOutput) {
    out.assert_no_messages();
}

#[test]
fn node_lookup_info_and_field_handles() {
    let p = sv_project("sv_nodes", None);
    let out = p.run("sv.wbt", &["--until", "1"]);
    assert_success(&out);
    out.assert_stdout_has("[super] sv_nodes: all checks passed at t=0.032");
    assert_no_stray_messages(&out);
}

#[test]
fn node_lookup_in_process() {
    let p = sv_project("sv_nodes", None);
    let world = p.path().join("worlds/sv.wbt");
    let out =
        p.run_controller("sv_nodes", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "super")]);
    assert_success(&out);
    out.assert_stdout_has("sv_nodes: all checks passed at t=0.032");
    assert_no_stray_messages(&out);
}

#[test]
fn field_values_writes_and_timing() {
    let p = sv_project("sv_values", Some("sv_watch"));
    let out = p.run("sv.wbt", &["--until", "1"]);
    assert_success(&out);
    out.assert_stdout_has("[super] sv_values: all checks passed at t=0.096");
    assert_no_stray_messages(&out);
    // another supervisor sees the world's values: the old ones until the writer's step, then the
    // last write of each item (PROTO parameters included)
    assert_eq!(
        out.robot_lines("watch"),
        [
            "watch t=0.000 sfFloat=0.84 sfString=text mfFloat0=0.5 can=0,0,1",
            "watch t=0.032 sfFloat=0.73 sfString=obstacle mfFloat0=1 can=0.5,0.5,0.5",
        ]
    );
}

#[test]
fn positions_orientations_and_poses() {
    let p = sv_project("sv_poses", None);
    let out = p.run("sv.wbt", &["--until", "1"]);
    assert_success(&out);
    out.assert_stdout_has("[super] sv_poses: all checks passed at t=0.064");
    assert_no_stray_messages(&out);
}

const PLAIN_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF BOX Solid { translation 1 2 3 }
DEF PLAIN Robot { name "plain" controller "sv_plain" }
"#;

#[test]
fn a_plain_robot_is_refused_everything() {
    let p = Project::new();
    p.world("plain.wbt", PLAIN_WORLD);
    p.controller("sv_plain", "sv_plain");
    let out = p.run("plain.wbt", &["--until", "0.2"]);
    assert_success(&out);
    out.assert_stdout_has("[plain] sv_plain: all checks passed at t=0.096");
    assert_no_stray_messages(&out);
    // the refused quit, reset and pause changed nothing: the run went on to --until
    out.assert_stdout_has("[plain] sv_plain: the run ended at t=0.224");
    out.assert_stderr_has("webots-shim: run ended at 0.224 s");
    assert!(!out.stderr.contains("quit"), "a refused quit was reported:\n{}", out.stderr);
}

/// A supervisor running `{controller}` with `{args}`, and a plain robot stepping beside it.
const CONTROL_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot { name "boss" controller "{controller}" controllerArgs [ {args} ] supervisor TRUE }
Robot { name "peer" controller "sv_peer" }
"#;

fn control_project(controller: &str, args: &str) -> Project {
    let p = Project::new();
    p.world("control.wbt", &CONTROL_WORLD.replace("{controller}", controller).replace("{args}", args));
    p.controller(controller, controller);
    p.controller("sv_peer", "sv_peer");
    p
}

#[test]
fn quit_with_a_failure_status_ends_every_controller() {
    let p = control_project("sv_quit", "\"3\"");
    let out = p.run("control.wbt", &["--until", "10"]);
    assert_eq!(out.status.code(), Some(3), "runner status:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        ["sv_quit: quit(3) returned at t=0.064", "sv_quit: step returned -1 at t=0.064"]
    );
    assert_eq!(
        out.robot_lines("peer"),
        ["peer t=0.032 mode=2", "peer t=0.064 mode=2", "peer: step returned -1 at t=0.064 mode=2"]
    );
    out.assert_stderr_has("a supervisor quit with status 3");
    out.assert_stderr_has("run ended at 0.064 s");
    assert_no_stray_messages(&out);
}

#[test]
fn quit_with_status_zero_is_a_successful_run() {
    let p = control_project("sv_quit", "\"0\"");
    let out = p.run("control.wbt", &["--until", "10"]);
    assert_success(&out);
    assert_eq!(
        out.robot_lines("boss"),
        ["sv_quit: quit(0) returned at t=0.064", "sv_quit: step returned -1 at t=0.064"]
    );
    out.assert_stdout_has("[peer] peer: step returned -1 at t=0.064");
    out.assert_stderr_has("a supervisor quit with status 0");
}

#[test]
fn modes_fast_real_time_and_pause() {
    let p = control_project("sv_mode", "");
    let out = p.run("control.wbt", &["--until", "10"]);
    assert_success(&out);
    out.assert_stdout_has("[boss] sv_mode: paused; step returned -1 at t=0.064");
    // the other controller sees the mode change with its next step; the pause, with both waiting for
    // time, ends the run
    assert_eq!(
        out.robot_lines("peer"),
        ["peer t=0.032 mode=2", "peer t=0.064 mode=1", "peer: step returned -1 at t=0.064 mode=0"]
    );
}

#[test]
fn a_pause_holds_time_until_the_supervisor_resumes_and_ends_the_run_only_when_nobody_can() {
    let p = control_project("sv_pause_resume", "");
    let out = p.run("control.wbt", &["--until", "10"]);
    assert_success(&out);
    assert_eq!(
        out.robot_lines("boss"),
        [
            "sv_pause_resume: paused over a wait: 0.032 -> 0.032",
            "sv_pause_resume: paused across step(0): 0.032 -> 0.032",
            "sv_pause_resume: resumed to t=0.096",
            "sv_pause_resume: paused with everyone waiting; step returned -1 at t=0.096",
        ]
    );
    // the peer's steps wait out both pauses: it sees every basic step once, then the end
    assert_eq!(
        out.robot_lines("peer"),
        [
            "peer t=0.032 mode=2",
            "peer t=0.064 mode=2",
            "peer t=0.096 mode=2",
            "peer: step returned -1 at t=0.096 mode=0"
        ]
    );
    out.assert_stderr_has(
        "the simulation is paused and every controller waits for time to pass: nothing can resume it, the run ends \
         at t = 0.096 s",
    );
    // in-process, the supervisor alone: the same
    let world = p.path().join("worlds/control.wbt");
    let alone = p.run_controller(
        "sv_pause_resume",
        &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "boss")],
    );
    assert_success(&alone);
    alone.assert_stdout_has("sv_pause_resume: paused across step(0): 0.032 -> 0.032");
    alone.assert_stdout_has("sv_pause_resume: paused with everyone waiting; step returned -1 at t=0.096");
}

#[test]
fn field_values_in_process() {
    let p = sv_project("sv_values", None);
    let world = p.path().join("worlds/sv.wbt");
    let out = p
        .run_controller("sv_values", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap()), ("WEBOTS_ROBOT_NAME", "super")]);
    assert_success(&out);
    out.assert_stdout_has("sv_values: all checks passed at t=0.096");
    assert_no_stray_messages(&out);
}

const FLAG_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF BOSS Robot { name "boss" controller "sv_flag" supervisor TRUE }
DEF HELPER Robot { name "helper" controller "sv_promoted" }
"#;

#[test]
fn the_supervisor_field_grants_and_withdraws_the_api_at_the_next_step() {
    let p = Project::new();
    p.world("flag.wbt", FLAG_WORLD);
    p.controller("sv_flag", "sv_flag");
    p.controller("sv_promoted", "sv_promoted");
    let out = p.run("flag.wbt", &["--until", "1"]);
    assert_success(&out);
    out.assert_stdout_has("[boss] sv_flag: a plain robot from t=0.032");
    out.assert_stdout_has("[helper] sv_promoted: a supervisor from t=0.032");
    assert_no_stray_messages(&out);
}

#[test]
fn field_handles_follow_webots_rules_for_protos_internal_nodes_wrong_types_and_indices() {
    // Webots' supervisor_field, its rules rebuilt with PROTOs of our own (Webots' world uses the E-puck)
    let p = Project::new();
    p.controller("field_rules", "field_rules");
    std::fs::create_dir_all(p.path().join("protos")).unwrap();
    std::fs::write(
        p.path().join("protos/Rover.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Rover [\n  field SFFloat fov 0.84\n  field SFInt32 height 39\n  \
         field SFString controller \"field_rules\"\n]\n{\n  Robot {\n    supervisor TRUE controller IS controller cpuConsumption 1.11\n    \
         children [ Shape { appearance DEF LOOK PBRAppearance { transparency 0.4 } geometry Box { } } ]\n    \
         physics Physics { density -1 mass 0.2 }\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        p.path().join("protos/Lists.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Lists [\n  field MFBool flags [ TRUE ]\n  \
         field MFString names [ \"textures/white256.png\" ]\n  field MFFloat floats [ 0 0 ]\n]\n{\n  Solid { }\n}\n",
    )
    .unwrap();
    p.world(
        "fields.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Rover.proto\"\nEXTERNPROTO \"../protos/Lists.proto\"\n\
         WorldInfo { basicTimeStep 32 }\nDEF SKY Background { skyColor [ 0.4 0.7 1, 0.5 0.4 0.74, 0.666667 1 0 ] }\n\
         DEF ROVER Rover { }\nDEF LISTS Lists { }\nDEF BOX Solid { name \"solid(1)\" }\n",
    );
    let out = p.run("fields.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("robot"),
        [
            "NULL field: name '' type 0 type name '' count -1",
            "fov: SFFloat 0.84",
            "fov after set: 0.73",
            "proto field of a plain node: NULL",
            "proto field named as a parameter only: NULL",
            "internal physics density: -1",
            "internal field by get_field: NULL",
            "internal field by get_proto_field: 1.11",
            "internal node's field after a write: 0.4",
            "SFInt32 read as a float: 0",
            "SFInt32 after a float write: 39",
            "skyColor: count 3, item -1 0.666667 1 0, item 3 NULL, item -4 NULL",
            "skyColor after writes: count 3, item 0 0 0 0.5; NULL field NULL",
            "MFString as a colour: NULL; still 'textures/white256.png'",
            "box name: solid(1)",
            "box name after two writes: obstacle",
            "floats[0] at once: 1",
            "floats[1] a step later: 2",
            "fields: 3, first flags (same handle yes), last floats, -1 NULL, 3 NULL",
            // a Solid's fields in Webots' order: translation, rotation, children, name, ... boundingObject (8th)
            "internal fields: 17, 0 translation, 2 children, 8 boundingObject, -5 NULL, 17 NULL",
        ]
    );
}

#[test]
fn a_supervisor_reads_the_viewpoint_s_fields_written_or_not_and_moves_it() {
    // Webots' Viewpoint defaults (its reference): fieldOfView 0.785398, followType "Tracking Shot", near 0.05
    let p = Project::new();
    p.controller("viewpoint_fields", "viewpoint_fields");
    p.world(
        "view.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nDEF VIEW Viewpoint { position 1 2 3 }\n\
         Robot { name \"boss\" supervisor TRUE controller \"viewpoint_fields\" }\n",
    );
    let out = p.run("view.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        ["position 1 2 3, fieldOfView 0.785398, followType Tracking Shot, near 0.05", "moved to 4 5 6"]
    );
}

#[test]
fn a_moving_robot_whose_translation_is_written_back_drives_on_from_there() {
    // Webots' supervisor_field, its moving-robot part: note a driving robot's translation (start), let it
    // drive 20 steps (end), write start back and let it drive 20 steps more: a supervisor's write keeps the
    // robot's velocities (only moves by hand reset them), so it is back within 1 cm of end (Webots' bound)
    let p = Project::new();
    p.controller("moving_reset", "moving_reset");
    p.controller("diff_drive", "diff_drive");
    let wheel = |side: &str, at: f64| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {at} 0 }} \
               device [ RotationalMotor {{ name \"{side} wheel motor\" maxVelocity 20 }} PositionSensor {{ }} ] \
               endPoint Solid {{ name \"{side} tyre\" translation 0 {at} 0 rotation 1 0 0 1.5707963267948966 \
                 boundingObject Cylinder {{ height 0.02 radius 0.05 }} physics Physics {{ density 7800 }} }} }}"
        )
    };
    p.world(
        "moving.wbt",
        &format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 contactProperties [ \
               ContactProperties {{ material1 \"caster\" coulombFriction 0 }} ] }}\n\
             Solid {{ name \"floor\" boundingObject Plane {{ size 100 100 }} }}\n\
             DEF ROVER Robot {{ name \"rover\" translation 0 0 0.05 supervisor TRUE controller \"diff_drive\" \
               controllerArgs [ \"10\" \"10\" \"100\" ] \
               boundingObject Pose {{ translation 0.02 0 0 children [ Box {{ size 0.16 0.12 0.04 }} ] }} \
               physics Physics {{ density -1 mass 0.5 }} children [ {} {} \
               Solid {{ name \"caster\" translation 0.08 0 -0.03 contactMaterial \"caster\" \
                 boundingObject Sphere {{ radius 0.02 }} physics Physics {{ density -1 mass 0.01 }} }} ] }}\n\
             Robot {{ name \"watch\" supervisor TRUE controller \"moving_reset\" controllerArgs [ \"ROVER\" \"20\" ] }}\n",
            wheel("left", 0.1),
            wheel("right", -0.1)
        ),
    );
    let out = p.run("moving.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let point = |tag: &str| -> [f64; 3] {
        let v: Vec<f64> = (0..3).map(|c| out.robot_numbers("watch", tag, c)[0]).collect();
        [v[0], v[1], v[2]]
    };
    let (start, end, again) = (point("start "), point("end "), point("again "));
    let dist = |a: [f64; 3], b: [f64; 3]| (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt();
    // 20 steps of 32 ms at 10 rad/s on 5 cm wheels: 0.32 m
    let driven = dist(start, end);
    assert!((driven - 0.32).abs() < 0.02, "the rover drove {driven} m in 0.64 s at 0.5 m/s: {start:?} -> {end:?}");
    assert!(dist(end, again) < 0.01, "written back to {start:?} at {end:?}, the rover is at {again:?}");
}
