//! Webots' `tests/api` world `supervisor_internal_field`: a supervisor that is an instance of a PROTO
//! finds the PROTO's parameters (a field and a hiddenField) through `wb_supervisor_node_get_field`, and
//! neither a field of the PROTO's body nor a DEF inside it (the body's root even carries the instance's
//! DEF name). Webots' PROTO, rebuilt as one of our own.

mod common;

use common::Project;

const SEALED_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Sealed [
  field       SFString   controller  ""
  field       SFVec3f    translation 0 0 0
  hiddenField SFRotation rotation    0 0 1 0
]
{
  DEF BOT Robot {
    translation IS translation
    rotation IS rotation
    name "sealed"
    controller IS controller
    supervisor TRUE
    children [ DEF HIDDEN_PART Solid { translation 0.1 0 0 } ]
  }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/Sealed.proto"
WorldInfo { basicTimeStep 32 }
DEF BOT Sealed { controller "proto_hidden_fields" translation 0.5 0 0.25 rotation 0 0 1 0.5 }
"#;

#[test]
fn a_proto_supervisor_finds_its_field_and_hidden_field_parameters_but_not_its_body_s_fields_or_defs() {
    let p = Project::new();
    p.proto("Sealed", SEALED_PROTO);
    p.world("sealed.wbt", WORLD);
    p.controller("proto_hidden_fields", "proto_hidden_fields");
    let out = p.run("sealed.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("proto_hidden_fields: all checks passed at t=0.064");
    out.assert_no_messages();
}
