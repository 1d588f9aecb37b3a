//! Webots' `tests/api` world `supervisor_proto`'s second robot (`supervisor_proto_fields`): along a PROTO
//! built on a PROTO, with an internal instance of that PROTO in its body, every field names the instance's
//! parameter its IS chain leads to (or none), refuses writes as an internal field, and takes the
//! parameter's new value once the parameter is written; an unconnectedField is a writable parameter of its
//! own. Webots' PROTO hierarchy rebuilt as PROTOs of our own (R2025a names: `get_actual_field`,
//! `proto_get_field`, `get_base_node_field`).

mod common;

use common::Project;

const LAYER_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO Layer [
  field SFFloat translationStep 0.01
  field SFFloat rotationStep    0.01
  field SFFloat spin            0.01
  field MFNode  children        []
]
{
  Solid {
    translationStep IS translationStep
    rotationStep IS rotationStep
    radarCrossSection 0.25
    children IS children
  }
}
"#;

const STACK_PROTO: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "Layer.proto"
PROTO Stack [
  field SFFloat step      0.01
  field SFFloat innerStep 0.01
  field SFFloat innerSpin 0.01
  unconnectedField SFFloat spare 0.01
]
{
  Layer {
    translationStep IS step
    children [
      DEF INNER Layer {
        translationStep IS innerStep
        spin IS innerSpin
      }
    ]
  }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/Stack.proto"
WorldInfo { basicTimeStep 32 }
DEF STACK Stack { }
Robot { name "fields" supervisor TRUE controller "proto_field_chain" }
"#;

#[test]
fn fields_along_a_proto_hierarchy_and_its_internal_instance_lead_to_the_parameters_that_set_them() {
    let p = Project::new();
    p.proto("Layer", LAYER_PROTO);
    p.proto("Stack", STACK_PROTO);
    p.world("stack.wbt", WORLD);
    p.controller("proto_field_chain", "proto_field_chain");
    let out = p.run("stack.wbt", &["--until", "0.2"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("proto_field_chain: all checks passed at t=0.064");
    out.assert_no_messages();
}
