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
