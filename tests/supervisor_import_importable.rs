//! Webots' `tests/api` world `supervisor_field_import_mf_node`: a supervisor imports, at the top of the
//! scene, a Solid written out in full and then an instance of a PROTO that the world only declares as
//! `IMPORTABLE EXTERNPROTO` (no node of it in the world), and finds the instance's parameter. Webots'
//! Chair asset rebuilt as a PROTO of our own.

mod common;

use common::Project;

const CHAIR_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Chair [
  field SFVec3f translation 0 0 0
  field SFColor color       0.2 0.4 0.6
]
{
  Solid {
    translation IS translation
    name "chair"
    children [ Shape { appearance Appearance { material Material { diffuseColor IS color } } geometry Box { size 0.4 0.4 0.9 } } ]
  }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
IMPORTABLE EXTERNPROTO "../protos/Chair.proto"
WorldInfo { basicTimeStep 32 }
Robot { name "importer" supervisor TRUE controller "import_importable" }
"#;

#[test]
fn a_proto_declared_importable_is_imported_by_a_supervisor_with_its_parameters() {
    let p = Project::new();
    p.proto("Chair", CHAIR_PROTO);
    p.world("import.wbt", WORLD);
    p.controller("import_importable", "import_importable");
    let out = p.run("import.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("importer"), ["import_importable: all checks passed"], "{}", out.stderr);
}
