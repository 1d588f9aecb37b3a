//! The supervisor's scene editing and the rest of supervisor.h: what a robot's controller writes and a
//! supervisor reads, node removal, imports and exports, the PROTO API, tracking, states, labels, world
//! files, and the calls a headless run answers with Webots' failure values. The C controllers
//! (tests/c/sv_*.c) check values and the exact stderr of each call.

mod common;

use common::{Project, RunOutput};

fn assert_success(out: &RunOutput) {
    assert!(out.status.success(), "run failed ({:?}):\n{}\n--- stderr:\n{}", out.status, out.stdout, out.stderr);
}

const CUSTOM_DATA_WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Bot [ field SFString customData "" field SFString controller "" ] {
  Robot { name "bot" customData IS customData controller IS controller }
}
WorldInfo { basicTimeStep 32 }
DEF BOT Bot { controller "custom_data_writer" }
Robot { name "boss" controller "sv_custom_data" supervisor TRUE }
"#;

#[test]
fn a_robot_s_custom_data_is_what_a_supervisor_reads_of_its_proto_parameter() {
    let p = Project::new();
    p.world("data.wbt", CUSTOM_DATA_WORLD);
    p.controller("custom_data_writer", "custom_data_writer");
    p.controller("sv_custom_data", "sv_custom_data");
    let out = p.run("data.wbt", &["--until", "5"]);
    assert_success(&out);
    out.assert_stdout_has("[boss] sv_custom_data: all checks passed");
}

/// Webots' robot_data scenario: the supervisor writes a formula into a robot's customData, the robot
/// reads it with `wb_robot_get_custom_data`, writes the answer with `wb_robot_set_custom_data`, steps
/// once and exits; ten steps later the supervisor reads the answer in the field.
#[test]
fn a_robot_answers_its_supervisor_through_custom_data() {
    let p = Project::new();
    p.world(
        "robot_data.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"formula\" controller \"robot_data_formula\" supervisor TRUE }\n\
         DEF DATA Robot { name \"data\" controller \"robot_data_answer\" }\n",
    );
    p.controller("robot_data_formula", "robot_data_formula");
    p.controller("robot_data_answer", "robot_data_answer");
    let out = p.run("robot_data.wbt", &["--until", "1"]);
    assert_success(&out);
    // the robot reads the formula at the first step after the supervisor's (which sent it at t = 32 ms)
    assert_eq!(out.robot_lines("data"), ["robot_data_answer: formula -> 82 at t=0.064"], "{}", out.stdout);
    out.assert_stdout_has("[formula] robot_data_formula: all checks passed");
}

/// `wb_robot_set_custom_data` (and a supervisor's `set_sf_string`) followed at once by
/// `wb_supervisor_world_save`: the saved world has the new values.
#[test]
fn a_world_saved_right_after_a_field_write_has_the_written_value() {
    let p = Project::new();
    let saved = p.path().join("saved.wbt");
    p.world(
        "save.wbt",
        &format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
             Robot {{ name \"saver\" controller \"custom_data_save\" controllerArgs [ \"{}\" ] supervisor TRUE }}\n\
             DEF OTHER Robot {{ name \"other\" }}\n",
            saved.display()
        ),
    );
    p.controller("custom_data_save", "custom_data_save");
    let out = p.run("save.wbt", &["--until", "0.2"]);
    assert_success(&out);
    out.assert_stdout_has("[saver] custom_data_save: all checks passed");
}

/// A derived PROTO (Outer is a Wrap), one that sets its parent's parameter to a constant (Fixed), a
/// Solid with a child, and the supervisor.
const SCENE_WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Wrap [ field MFNode inside [ ] field SFFloat h 1 ] { Solid { name "wrap" children [ DEF BODY Group { children IS inside } ] } }
PROTO Outer [ field MFNode more [ ] field SFFloat height 2 ] { Wrap { inside IS more h IS height } }
PROTO Fixed [ ] { Wrap { h 5 } }
WorldInfo { basicTimeStep 32 }
Viewpoint { }
DEF BOX Solid { translation 1 0 0 name "box" children [ DEF KID Pose { translation 0 1 0 } ] }
DEF OUT Outer { height 3 more [ DEF INNER Solid { name "inner" } ] }
DEF FIX Fixed { }
DEF SUPER Robot { name "super" controller "sv_scene" supervisor TRUE }
"#;

#[test]
fn exports_protos_structure_states_tracking_and_headless_calls() {
    let p = Project::new();
    p.world("scene.wbt", SCENE_WORLD);
    p.controller("sv_scene", "sv_scene");
    check_scene(&p, &p.run("scene.wbt", &[]));
}

#[test]
fn exports_protos_structure_states_tracking_and_headless_calls_from_python() {
    let p = Project::new();
    p.world("scene.wbt", SCENE_WORLD);
    p.python_controller("sv_scene", "sv_scene");
    let out = p.run_with_home("scene.wbt", &[]);
    check_scene(&p, &out);
    assert_eq!(
        out.robot_lines("super")[..6],
        [
            "TypeError: Node.setVisibility(): fromNode must be a Node, not NoneType",
            "TypeError: Node.loadState(): stateName must be a str, not NoneType",
            "TypeError: Field.importMFNodeFromString(): position must be an int, not str",
            "TypeError: Supervisor.setLabel(): label must be a str, not int",
            "TypeError: Supervisor.worldSave(): filename must be a str, not int",
            "TypeError: Node.getPose(): fromNode must be a Node, not str",
        ]
    );
}

/// What `sv_scene` (C or Python) leaves in `SCENE_WORLD`'s run: its verdict, the world's messages and
/// labels, the world file it saved.
fn check_scene(p: &Project, out: &RunOutput) {
    assert_success(out);
    out.assert_stdout_has("[super] sv_scene: all checks passed at t=0.224");
    // the exported Viewpoint picture: 640 × 480 (no window to take a size from)
    let (w, h, _) = common::read_png(&p.path().join("controllers/sv_scene/view.png"));
    assert_eq!((w, h), (640, 480));
    // the world's own words: the text that did not parse, and the labels still shown at the end
    out.assert_stderr_has(
        "webots-shim: warning: wb_supervisor_field_import_mf_node_from_string(): imported node string:1:",
    );
    out.assert_stderr_has("webots-shim: label 0: score: 3");
    out.assert_stderr_has("webots-shim: label 1: second");
    assert!(!out.stderr.contains("label 1: first"), "{}", out.stderr);
    // the world file written where the controller runs
    let saved = std::fs::read_to_string(p.path().join("controllers/sv_scene/saved.wbt")).unwrap();
    assert!(saved.contains("DEF OUT2 Outer {\n  height 7\n}"), "{saved}");
}

#[test]
fn exports_protos_structure_states_tracking_and_headless_calls_in_process() {
    let p = Project::new();
    let world = p.world("scene.wbt", SCENE_WORLD);
    p.controller("sv_scene", "sv_scene");
    let out = p.run_controller("sv_scene", &[("WEBOTS_SHIM_WORLD", world.to_str().unwrap())]);
    assert_success(&out);
    out.assert_stdout_has("sv_scene: all checks passed at t=0.224");
    out.assert_stderr_has("Warning: wb_supervisor_field_import_mf_node_from_string(): imported node string:1:");
}

const ROBOTS_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF BOSS Robot { name "boss" controller "sv_robots" supervisor TRUE }
DEF VICTIM Robot { name "victim" controller "scene_peer" }
"#;

#[test]
fn imported_robots_run_removed_robots_end_restarts_and_reloads_start_controllers_again() {
    let p = Project::new();
    p.world("robots.wbt", ROBOTS_WORLD);
    p.controller("sv_robots", "sv_robots");
    p.controller("scene_peer", "scene_peer");
    let out = p.run("robots.wbt", &[]);
    assert_success(&out);
    // the spawned robot's controller started with the import, then again with the restart (the first
    // one was stopped); the removed robot's run ended; the reload restarted the world's controllers
    assert_eq!(
        out.robot_lines("spawned"),
        ["spawned started at 0.032", "spawned started at 0.160", "spawned ended at 0.224"]
    );
    assert_eq!(
        out.robot_lines("victim"),
        ["victim started at 0.000", "victim ended at 0.128", "victim started at 0.000", "victim ended at 0.032"]
    );
    assert_eq!(
        out.robot_lines("boss"),
        ["boss reloads at 0.224", "boss ended", "boss after the reload at 0.000, 2 robots"]
    );
    out.assert_stderr_has("webots-shim: restarting the controller of 'spawned'");
    out.assert_stderr_has("webots-shim: loading the world ");
    out.assert_stderr_has("run ended at 0.032 s, a supervisor quit with status 0: 2 controller(s), 0 failed");
}

#[test]
fn a_supervisor_loads_another_world_and_a_missing_one_fails_the_run() {
    let p = Project::new();
    p.world(
        "first.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { name \"loader\" controller \"sv_load\" controllerArgs [ \"../../worlds/second.wbt\" ] supervisor TRUE }\n",
    );
    p.world(
        "second.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { name \"quitter\" controller \"sv_quit\" controllerArgs [ \"0\" ] supervisor TRUE }\n",
    );
    p.controller("sv_load", "sv_load");
    p.controller("sv_quit", "sv_quit");
    let out = p.run("first.wbt", &[]);
    assert_success(&out);
    assert_eq!(out.robot_lines("loader"), ["sv_load: left at 0.032"]);
    assert_eq!(
        out.robot_lines("quitter"),
        ["sv_quit: quit(0) returned at t=0.064", "sv_quit: step returned -1 at t=0.064"]
    );

    p.world(
        "broken.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { name \"loader\" controller \"sv_load\" controllerArgs [ \"missing.wbt\" ] supervisor TRUE }\n",
    );
    let out = p.run("broken.wbt", &[]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has("webots-shim: cannot load the world: cannot read world file");
    out.assert_stderr_has("'(world)' could not start: the world ");
}

#[test]
fn supervisors_writing_one_field_in_one_step_apply_in_world_order_whatever_their_timing() {
    // the writes of one step are applied in the order of the robots in the world: "blue" comes after
    // "red", so blue is what every later step reads, whichever controller reached the world first
    let p = Project::new();
    p.controller("colour_writer", "colour_writer");
    let robot = |name: &str| {
        format!(
            "Robot {{ name \"{name}\" supervisor TRUE controller \"colour_writer\" controllerArgs [ \"{name}\" ] }}\n"
        )
    };
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
        Shape { appearance Appearance { material DEF MATERIAL Material { emissiveColor 1 1 1 } } geometry Box { } }\n"
        .to_string()
        + &robot("red")
        + &robot("blue")
        + &robot("reader");
    p.world("colours.wbt", &world);
    let out = p.run("colours.wbt", &["--until", "2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("reader"), ["steps reading another colour than blue: 0"]);
}

#[test]
fn a_def_node_given_as_a_proto_parameter_is_found_and_moves_with_its_instance() {
    let p = Project::new();
    p.controller("def_in_parameter", "def_in_parameter");
    std::fs::create_dir_all(p.path().join("protos")).unwrap();
    std::fs::write(
        p.path().join("protos/Carrier.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Carrier [\n  field SFVec3f translation 0 0 0\n  field MFNode children []\n  \
         field SFNode physics NULL\n]\n{\n  Solid {\n    translation IS translation\n    \
         children [ Group { children IS children } DEF INNER Group { } ]\n    \
         boundingObject Box { size 0.1 0.1 0.1 }\n    physics IS physics\n  }\n}\n",
    )
    .unwrap();
    p.world(
        "def.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Carrier.proto\"\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"boss\" supervisor TRUE controller \"def_in_parameter\" }\n\
         DEF INSTANCE Carrier { translation 1 2 3 children [ DEF GIVEN Solid { } ] physics Physics { } }\n",
    );
    let out = p.run("def.wbt", &["--until", "1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("boss");
    assert_eq!(
        lines[..3],
        [
            "instance found, parameter found, distinct yes",
            "inner by def NULL, by proto def found",
            "start: parameter at 1.0000 2.0000 3.0000, instance at 1.0000 2.0000 3.0000",
        ]
    );
    let after: Vec<f64> =
        lines[3].split_once(':').unwrap().1.split(' ').filter_map(|w| w.trim_end_matches(',').parse().ok()).collect();
    assert_eq!(after[..3], after[3..], "{}", lines[3]);
    // after t = 0.32 s of free fall from rest: g t² / 2, plus at most g t dt / 2 for a semi-implicit Euler
    // integrator stepping dt = 32 ms (less with substeps)
    let (g, t, dt) = (9.81, 0.32, 0.032);
    let drop = 3.0 - after[2];
    assert!(drop >= g * t * t / 2.0 - 1e-9 && drop <= g * t * t / 2.0 + g * t * dt / 2.0 + 1e-9, "{}", lines[3]);
}

#[test]
fn a_distance_sensor_sees_a_sphere_a_supervisor_imports_and_not_once_it_is_removed() {
    // the sensor at 0.1 m height looks along +x (range 0.5 m, lookup table [0 0, 0.5 500]: 1000 per m);
    // the sphere's near side is 0.35 - 0.05 = 0.3 m away
    let p = Project::new();
    p.controller("import_in_sight", "import_in_sight");
    p.world(
        "sight.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"boss\" translation 0 0 0.1 supervisor TRUE controller \"import_in_sight\" \
           children [ DistanceSensor { name \"ds\" lookupTable [ 0 0 0, 0.5 500 0 ] } ] }\n",
    );
    let out = p.run("sight.wbt", &["--until", "1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        ["nothing in sight: 500.000", "a sphere imported: 300.000", "the sphere removed: 500.000"]
    );
}

#[test]
fn a_field_written_in_the_reset_s_step_is_undone_by_the_reset_and_one_written_a_step_later_stays() {
    // Webots' supervisor_reset_simulation_fields. Webots carries a reset out at the end of the basic step
    // after its request, once that step's requests are applied (WbSimulationWorld::step): a write made
    // before the resetter's next wb_robot_step is undone, hence the current test's wait of one step
    let p = Project::new();
    p.controller("reset_then_write", "reset_then_write");
    p.world(
        "reset.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         DEF SOLID Solid { translation 0 0 1 }\n\
         Robot { name \"resetter\" supervisor TRUE controller \"reset_then_write\" controllerArgs [ \"resetter\" ] }\n\
         Robot { name \"watcher\" supervisor TRUE controller \"reset_then_write\" controllerArgs [ \"watcher\" ] }\n",
    );
    let out = p.run("reset.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("watcher"), ["first: 0 0 1", "after the reset: 0 0 1"]);
    // Webots' own timing, with its world's 8 ms basic step under 32 ms controller steps: the write a step
    // after the reset, read by the other supervisor two steps later
    p.world(
        "reset_late.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 }\n\
         DEF SOLID Solid { translation 0 0 1 }\n\
         Robot { name \"watcher\" supervisor TRUE controller \"reset_then_write\" controllerArgs [ \"late watcher\" ] }\n\
         Robot { name \"resetter\" supervisor TRUE controller \"reset_then_write\" controllerArgs [ \"late resetter\" ] }\n",
    );
    let out = p.run("reset_late.wbt", &["--until", "0.5"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("watcher"), ["first: 0 0 1", "after the reset: 1 0 0"]);
}

#[test]
fn the_requests_of_a_reset_s_step_are_undone_but_a_removal_and_a_restart_stay() {
    // Webots applies the step's requests, steps, then resets (WbSimulationWorld::step): the reset puts
    // fields back, deletes the nodes added since the load and stops every body (WbSimulationWorld::reset),
    // but brings no removed node back and does not undo a restart. Without gravity or contacts, a fresh
    // run leaves both balls where they were loaded, at rest; kept, the velocity would carry BALL
    // 1 m/s x 0.032 s and the 100 N push give PUSHED (1 kg) 100 x 0.032 = 3.2 m/s
    let p = Project::new();
    p.controller("reset_same_step", "reset_same_step");
    p.world(
        "same_step.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 gravity 0 }\n\
         DEF SOLID Solid { translation 0 0 1 }\n\
         DEF GONE Solid { translation 0 1 0 name \"gone\" }\n\
         DEF BALL Solid { translation 2 0 0 name \"ball\" boundingObject Sphere { radius 0.1 } physics Physics { density -1 mass 1 } }\n\
         DEF PUSHED Solid { translation 3 0 0 name \"pushed\" boundingObject Sphere { radius 0.1 } physics Physics { density -1 mass 1 } }\n\
         DEF WORKER Robot { name \"worker\" controller \"reset_same_step\" controllerArgs [ \"worker\" ] }\n\
         Robot { name \"resetter\" supervisor TRUE controller \"reset_same_step\" controllerArgs [ \"resetter\" ] }\n",
    );
    let out = p.run("same_step.wbt", &["--until", "0.3"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("resetter"),
        [
            "time 0.032",
            "solid at 0 0 1",
            "NEW gone",
            "NEWBOT gone",
            "GONE gone",
            "ball at x 2, vx 0",
            "pushed at x 3, vx 0"
        ]
    );
    assert_eq!(out.robot_lines("worker"), ["worker starts", "worker starts"]);
    // a robot imported in the reset's step is deleted with the other imports before its controller starts
    assert!(out.robot_lines("newbot").is_empty(), "{}\n{}", out.stdout, out.stderr);
}

#[test]
fn a_camera_a_supervisor_imports_into_its_own_robot_is_found_and_takes_images() {
    let p = Project::new();
    p.controller("import_own_camera", "import_own_camera");
    p.world(
        "own.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { name \"boss\" supervisor TRUE controller \"import_own_camera\" }\n",
    );
    let out = p.run("own.wbt", &["--until", "0.3"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        ["before the import: 0 devices, cam not found", "after the import: 1 devices, cam found, 4x3", "image taken"]
    );
}

#[test]
fn a_device_s_node_is_its_proto_instance_when_it_is_the_root_and_a_read_only_internal_node_inside_a_body() {
    let p = Project::new();
    p.controller("device_nodes", "device_nodes");
    std::fs::create_dir_all(p.path().join("protos")).unwrap();
    std::fs::write(
        p.path().join("protos/Scanner.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Scanner [\n  field SFVec3f translation 0 0 0\n  field SFString name \"scanner\"\n]\n\
         {\n  Lidar { translation IS translation name IS name }\n}\n",
    )
    .unwrap();
    std::fs::write(
        p.path().join("protos/Head.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Head [\n  field SFVec3f translation 0 0 0\n]\n\
         {\n  Solid { translation IS translation children [ Camera { name \"eye\" } ] }\n}\n",
    )
    .unwrap();
    p.world(
        "devices.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Scanner.proto\"\nEXTERNPROTO \"../protos/Head.proto\"\n\
         WorldInfo { basicTimeStep 32 }\n\
         Robot { name \"boss\" supervisor TRUE controller \"device_nodes\" children [ \
           Scanner { translation 0.39 0.1 0.4 } Head { translation 0 0 0.5 } Compass { translation 0 0 0.2 } ] }\n",
    );
    let out = p.run("devices.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        [
            "tag 0 is the robot itself",
            "scanner: Scanner at 0.39 0.1 0.4",
            "eye: Camera at 0 0 0",
            "compass: Compass at 0 0 0.2",
            "eye: Camera at 0 0 0"
        ]
    );
    out.assert_stderr_has("Error: wb_supervisor_field_set_sf_vec3f() called on a read-only PROTO internal field.");
}

/// Webots' tests/api world supervisor_import_remove, rebuilt: the importer's own checks (its C
/// controller), and what a second supervisor reads of the root's children at each step.
const IMPORT_REMOVE: &str = "#VRML_SIM R2025a utf8\nDEF WORLDINFO WorldInfo { basicTimeStep 32 }\nViewpoint { }\n\
    Background { skyColor [ 0.4 0.7 1 ] }\nPointLight { ambientIntensity 1 intensity 0 }\n\
    DEF SPHERE0 Solid { translation 0.15 0 0 children [ DEF SPHERE Shape { geometry Sphere { radius 0.1 } } ] \
      boundingObject USE SPHERE }\n\
    Robot { name \"importer\" supervisor TRUE controller \"import_remove_webots\" children [ \
      DistanceSensor { name \"ds0\" type \"infra-red\" } \
      DistanceSensor { name \"ds1\" rotation 0 0 1 3.14159 type \"infra-red\" } \
      DEF IMPORT_TEST Pose { translation -0.34 0 0 } Pose { translation 0.2 0 0 children [ USE IMPORT_TEST ] } ] }\n\
    DEF LISTENER Robot { translation 0.1 0 0.1 name \"listener\" supervisor TRUE controller \"import_remove_listener\" }\n\
    DEF REMOVE_SELF Robot { name \"remover\" supervisor TRUE controller \"remove_self\" }\n\
    Solid { translation 1 0 0 name \"holder\" children [ DEF SHAPE Shape { } ] boundingObject USE SHAPE }\n";

#[test]
fn webots_import_remove_test_nodes_come_and_go_for_sensors_and_other_supervisors() {
    let p = Project::new();
    for name in ["import_remove_webots", "import_remove_listener", "remove_self"] {
        p.controller(name, name);
    }
    p.world("import_remove.wbt", IMPORT_REMOVE);
    let out = p.run("import_remove.wbt", &["--until", "2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("importer"), ["import and remove checks passed"]);
    // nine root nodes; the remover goes at 32 ms, SPHERE1 comes at 128 ms; SPHERE0 goes at 192 ms,
    // SPHERE2 comes at index 5 at 224 ms and goes at 256 ms: the listener sees each at its next step
    assert_eq!(
        out.robot_lines("listener"),
        ["start: 9", "160 ms: 9", "224 ms: 8", "256 ms: 9, index 5: SPHERE2", "288 ms: 8"]
    );
    assert_eq!(out.robot_lines("remover"), ["step after removing itself: -1"]);
}

#[test]
fn two_supervisors_importing_in_one_instant_apply_in_world_order() {
    let p = Project::new();
    p.controller("import_race", "import_race");
    p.world(
        "race.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\n\
         Robot { name \"FIRST\" supervisor TRUE controller \"import_race\" }\n\
         Robot { name \"SECOND\" supervisor TRUE controller \"import_race\" }\n",
    );
    // FIRST's import comes first (world order) and FIRST reads the scene it changed; SECOND turns -1 into
    // an index with the count of its step's answer (3), as Webots' library does with the count it keeps,
    // so its Solid goes before FIRST's; it then reads the scene it changed. The OS runs the two processes
    // in any order: the same every time.
    for _ in 0..5 {
        let out = p.run("race.wbt", &["--until", "0.1"]);
        assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
        assert_eq!(out.robot_lines("FIRST"), ["after its import: 4, last FIRST", "a step later: 5, last FIRST"]);
        assert_eq!(out.robot_lines("SECOND"), ["after its import: 5, last FIRST", "a step later: 5, last FIRST"]);
    }
}
