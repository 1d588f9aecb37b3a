//! Template PROTOs in a running world: a robot written as a JavaScript template loads, and its
//! supervisor's writes to a field the template reads regenerate it (tests/c/sv_template.c).

mod common;

use common::Project;

const BLINKER: &str = r#"#VRML_SIM R2025a utf8
# template language: javascript
PROTO Blinker [
  field SFInt32  count      1
  field SFString controller "<none>"
]
{
  %<
    if (fields.count.value < 0)
      throw new Error('count must not be negative');
  >%
  Robot {
    name "bot"
    controller IS controller
    supervisor TRUE
    customData "n=%<= fields.count.value >%"
    children [
      Emitter { name "emitter" channel %<= fields.count.value >% }
      %< for (let i = 0; i < fields.count.value; ++i) { >%
        Solid { name "part%<= i >%" }
      %< } >%
    ]
  }
}
"#;

#[test]
fn a_supervisor_write_regenerates_the_template_robot() {
    let p = Project::new();
    p.proto("Blinker", BLINKER);
    p.world(
        "t.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Blinker.proto\"\nWorldInfo { basicTimeStep 32 }\nDEF BOT Blinker { controller \"sv_template\" }\n",
    );
    p.controller("sv_template", "sv_template");
    let out = p.run("t.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("bot"),
        [
            "loaded: n=1, 2 children, emitter channel 1, id 2",
            "count 3: n=3, 4 children, emitter channel 3, id 2",
            "count -1: n=3, 4 children, emitter channel 3, id 2",
            "count field reads -1",
        ]
    );
    out.assert_stderr_has("the template PROTO was not regenerated");
    out.assert_stderr_has("template error in PROTO 'Blinker': count must not be negative");
}

/// One hinge with its motor and sensor, its endPoint stacked 0.1 m above, `inner` inside that endPoint.
const LAYER: &str = r#"#VRML_SIM R2025a utf8
PROTO Layer [
  field SFString motorName "motor"
  field SFString sensorName "sensor"
  field SFString name "layer"
  field MFNode inner []
]
{
  HingeJoint {
    jointParameters HingeJointParameters { axis 0 0 1 }
    device [ RotationalMotor { name IS motorName } PositionSensor { name IS sensorName } ]
    endPoint Solid {
      translation 0 0 0.1
      name IS name
      children [ Shape { geometry DEF B Box { size 0.1 0.1 0.1 } } Group { children IS inner } ]
      boundingObject USE B
      physics Physics { density -1 mass 0.01 }
    }
  }
}
"#;

/// A robot whose children come from its `chain` parameter: the joints are visible parameter nodes.
const VISIBLE: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "Layer.proto"
PROTO VisibleChain [
  field SFVec3f translation 0 0 0
  field SFString name "visible"
  field SFString controller "chain_reporter"
  field MFNode chain []
]
{
  Robot { translation IS translation name IS name controller IS controller children IS chain }
}
"#;

/// The five layers written inside the PROTO body, through nested Layer instances: the joints are
/// invisible from the world file.
fn invisible() -> String {
    let mut chain = String::new();
    for i in (0..5).rev() {
        chain =
            format!("Layer {{ motorName \"motor{i}\" sensorName \"sensor{i}\" name \"layer {i}\" inner [ {chain} ] }}");
    }
    format!(
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"Layer.proto\"\nPROTO InvisibleChain [\n  field SFVec3f translation 0 0 0\n  \
         field SFString name \"invisible\"\n]\n{{\n  Robot {{ translation IS translation name IS name controller \"chain_reporter\" \
         children [ {chain} ] }}\n}}\n"
    )
}

/// The same five layers written out as plain nodes.
fn plain_chain() -> String {
    let mut chain = String::new();
    for i in (0..5).rev() {
        chain = format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
             device [ RotationalMotor {{ name \"motor{i}\" }} PositionSensor {{ name \"sensor{i}\" }} ] \
             endPoint Solid {{ translation 0 0 0.1 name \"layer {i}\" children [ Shape {{ geometry DEF B{i} Box {{ size 0.1 0.1 0.1 }} }} \
             Group {{ children [ {chain} ] }} ] boundingObject USE B{i} physics Physics {{ density -1 mass 0.01 }} }} }}"
        );
    }
    chain
}

#[test]
fn joints_reach_a_robot_as_plain_nodes_visible_or_invisible_proto_parameters_alike() {
    // Webots' collapsible_proto_parameter_nodes: one chain of five motors, three ways to write it
    let p = Project::new();
    p.controller("chain_reporter", "chain_reporter");
    p.proto("Layer", LAYER);
    p.proto("VisibleChain", VISIBLE);
    p.proto("InvisibleChain", &invisible());
    let mut layers = String::new();
    for i in (0..5).rev() {
        layers = format!(
            "Layer {{ motorName \"motor{i}\" sensorName \"sensor{i}\" name \"layer {i}\" inner [ {layers} ] }}"
        );
    }
    let world = format!(
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Layer.proto\"\nEXTERNPROTO \"../protos/VisibleChain.proto\"\n\
         EXTERNPROTO \"../protos/InvisibleChain.proto\"\nWorldInfo {{ basicTimeStep 16 gravity 0 }}\n\
         Robot {{ name \"plain\" controller \"chain_reporter\" children [ {} ] }}\n\
         VisibleChain {{ translation 1 0 0 chain [ {layers} ] }}\n\
         InvisibleChain {{ translation 2 0 0 }}\n",
        plain_chain()
    );
    p.world("chains.wbt", &world);
    let out = p.run("chains.wbt", &["--until", "1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let line = |robot: &str| {
        let lines = out.robot_lines(robot);
        assert_eq!(lines.len(), 1, "{robot}: {}\n{}", out.stdout, out.stderr);
        lines[0].strip_suffix(&format!(" {robot}")).unwrap_or_else(|| panic!("{}", lines[0])).to_string()
    };
    let plain = line("plain");
    assert_eq!(line("visible"), plain);
    assert_eq!(line("invisible"), plain);
    // each hinge turns at its motor's velocity: position = v t (t = 0.8 s, the rate reached within a step)
    let words: Vec<f64> = plain.split(' ').skip(1).map(|w| w.parse().unwrap()).collect();
    for (i, position) in words.iter().enumerate() {
        let expected = 0.1 * (i + 1) as f64 * 0.8;
        assert!((position - expected).abs() < 0.02 * expected, "motor{i}: {position} vs {expected}");
    }
}

/// A template Robot whose Box follows `size`; `label` goes to its name, which the template does not read.
const CRATE: &str = r#"#VRML_SIM R2025a utf8
# template language: javascript
PROTO Crate [
  field SFFloat size 0.1
  field SFString label "crate"
]
{
  Robot {
    name IS label
    cpuConsumption 1.11
    children [ DEF PART Shape { geometry Box { size %<= fields.size.value >% 0.1 0.1 } } ]
  }
}
"#;

#[test]
fn references_into_a_regenerated_instance_die_and_new_lookups_find_its_new_body() {
    // Webots' supervisor_field: an internal field's reference has type 0 after its PROTO regenerated
    let p = Project::new();
    p.proto("Crate", CRATE);
    p.world(
        "t.wbt",
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Crate.proto\"\nWorldInfo { basicTimeStep 32 }\nDEF CRATE Crate { }\n\
         Robot { name \"boss\" supervisor TRUE controller \"regen_handles\" }\n",
    );
    p.controller("regen_handles", "regen_handles");
    let out = p.run("t.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.robot_lines("boss"), ["references follow the regeneration"]);
}
