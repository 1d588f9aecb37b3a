//! Unit tests of the world parser and scene tree.

use super::*;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

const H: &str = "#VRML_SIM R2025a utf8\n";

fn parse(text: &str) -> Result<Scene, WorldError> {
    parse_world_str(text, "t.wbt", Path::new("/nonexistent-webots-shim-dir"), &LoadOptions::default())
}

fn ok(text: &str) -> Scene {
    match parse(text) {
        Ok(s) => s,
        Err(e) => panic!("unexpected error: {}", e),
    }
}

fn err(text: &str) -> String {
    match parse(text) {
        Ok(_) => panic!("expected an error for:\n{}", text),
        Err(e) => e.to_string(),
    }
}

/// A fresh, empty temporary directory.
pub(super) fn tmpdir(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "webots_shim_scene_{}_{}_{}",
        tag,
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub(super) fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

pub(super) fn names(s: &Scene, ids: &[NodeId]) -> Vec<String> {
    ids.iter().map(|&i| s.sf_string(i, "name")).collect()
}

pub(super) fn by_name(s: &Scene, name: &str) -> NodeId {
    (0..s.nodes.len())
        .find(|&i| s.field(i, "name") == Some(&FieldValue::SFString(name.into())))
        .unwrap_or_else(|| panic!("no node named {name}"))
}

// ----- header and lexical rules -------------------------------------------------------------

#[test]
fn header_errors() {
    for bad in [
        "",
        "Solid {}",
        "#VRML_SIM R2025a\nSolid {}",
        "#VRML V2.0 utf8\n",
        " #VRML_SIM R2025a utf8\n",
        "#VRML_SIM  utf8\n",
    ] {
        let e = parse(bad).expect_err("header error");
        assert_eq!(e.pos.as_ref().map(|p| (p.line, p.col)), Some((1, 1)), "{bad:?}");
        let msg = e.to_string();
        assert!(msg.starts_with("t.wbt:1:1: "), "{msg}");
        assert!(msg.contains("#VRML_SIM R2025a utf8"), "{msg}");
    }
    assert_eq!(ok("#VRML_SIM R2025a utf8").version, "R2025a");
    assert_eq!(ok("#VRML_SIM R2025a utf8\r\nGroup {}\r\n").roots.len(), 1);
    let old = ok("#VRML_SIM V8.6 utf8\nGroup {}\n");
    assert_eq!(old.version, "V8.6");
    assert!(old.is_pre_r2022a());
    assert!(ok("#VRML_SIM R2021b utf8\n").is_pre_r2022a());
    assert!(!ok("#VRML_SIM R2022a utf8\n").is_pre_r2022a());
    assert!(!ok(H).is_pre_r2022a());
}

#[test]
fn comments_commas_and_number_forms() {
    let s = ok(&format!(
        "{H}# a comment\nSolid {{ # another {{ [ \"\n translation 1,2,,3 # x\n rotation +0 .0 -1e0 1.5E-1, name \"a#b\" }}\n"
    ));
    let id = s.roots[0];
    assert_eq!(s.sf_vec3(id, "translation"), [1.0, 2.0, 3.0]);
    assert_eq!(s.sf_rotation(id, "rotation"), [0.0, 0.0, -1.0, 0.15]);
    assert_eq!(s.sf_string(id, "name"), "a#b");
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

#[test]
fn strings_with_escapes() {
    let s = ok(&format!("{H}WorldInfo {{ title \"a \\\"q\\\" \\\\ b \\n\" info [ \"x\" \"\" ] }}\n"));
    let w = s.roots[0];
    assert_eq!(s.sf_string(w, "title"), "a \"q\" \\ b \\n");
    assert_eq!(s.mf_string(w, "info"), vec!["x".to_string(), String::new()]);
}

// ----- values -----------------------------------------------------------------------------------

#[test]
fn every_field_type() {
    let s = ok(&format!(
        r#"{H}PROTO All [
  field SFBool b FALSE
  field SFInt32 i 0
  field SFFloat f 0
  field SFVec2f v2 0 0
  field SFVec3f v3 0 0 0
  field SFRotation r 0 0 1 0
  field SFColor c 0 0 0
  field SFString s ""
  field SFNode n NULL
  field MFBool mb []
  field MFInt32 mi []
  field MFFloat mf []
  field MFVec2f mv2 []
  field MFVec3f mv3 []
  field MFRotation mr []
  field MFColor mc []
  field MFString ms []
  field MFNode mn []
  field SFFloat untouched 2.5
] {{ Group {{ }} }}
All {{
  b TRUE i -7 f 1.5e2 v2 1 2 v3 1, 2, 3 r 0 1 0 1.57 c 0.5 0.25 1 s "x"
  n Group {{ }} mb [ TRUE FALSE ] mi [ 1 2 0x10 -3 ] mf 4 mv2 [ 1 2 3 4 ] mv3 [ 1 2 3, 4 5 6 ]
  mr [ 0 0 1 0 ] mc [ 1 0 0 ] ms [ "a" "b" ] mn [ Group {{ }} Group {{ }} ]
}}
"#
    ));
    let id = s.roots[0];
    let pf = |n: &str| s.proto_field(id, n).cloned().unwrap();
    assert_eq!(pf("b"), FieldValue::SFBool(true));
    assert_eq!(pf("i"), FieldValue::SFInt32(-7));
    assert_eq!(pf("f"), FieldValue::SFFloat(150.0));
    assert_eq!(pf("v2"), FieldValue::SFVec2f([1.0, 2.0]));
    assert_eq!(pf("v3"), FieldValue::SFVec3f([1.0, 2.0, 3.0]));
    assert_eq!(pf("r"), FieldValue::SFRotation([0.0, 1.0, 0.0, 1.57]));
    assert_eq!(pf("c"), FieldValue::SFColor([0.5, 0.25, 1.0]));
    assert_eq!(pf("s"), FieldValue::SFString("x".into()));
    assert!(matches!(pf("n"), FieldValue::SFNode(Some(_))));
    assert_eq!(pf("mb"), FieldValue::MFBool(vec![true, false]));
    assert_eq!(pf("mi"), FieldValue::MFInt32(vec![1, 2, 16, -3]));
    assert_eq!(pf("mf"), FieldValue::MFFloat(vec![4.0]));
    assert_eq!(pf("mv2"), FieldValue::MFVec2f(vec![[1.0, 2.0], [3.0, 4.0]]));
    assert_eq!(pf("mv3"), FieldValue::MFVec3f(vec![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]));
    assert_eq!(pf("mr"), FieldValue::MFRotation(vec![[0.0, 0.0, 1.0, 0.0]]));
    assert_eq!(pf("mc"), FieldValue::MFColor(vec![[1.0, 0.0, 0.0]]));
    assert_eq!(pf("ms"), FieldValue::MFString(vec!["a".into(), "b".into()]));
    match pf("mn") {
        FieldValue::MFNode(v) => assert_eq!(v.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(pf("untouched"), FieldValue::SFFloat(2.5));
    // Type codes and names follow WbFieldType.
    let codes: Vec<(i32, &str)> =
        s.nodes[id].proto_fields.iter().take(18).map(|f| (f.value.type_code(), f.value.type_name())).collect();
    assert_eq!(codes[0], (1, "SFBool"));
    assert_eq!(codes[4], (5, "SFVec3f"));
    assert_eq!(codes[8], (9, "SFNode"));
    assert_eq!(codes[9], (0x11, "MFBool"));
    assert_eq!(codes[16], (0x18, "MFString"));
    assert_eq!(codes[17], (0x19, "MFNode"));
    assert_eq!(FieldType::from_name("MFRotation").map(FieldType::code), Some(0x16));
}

#[test]
fn modelled_defaults_and_fields_in_schema_order() {
    let s = ok(&format!(
        "{H}Emitter {{ channel 3 name \"e\" }}\nReceiver {{}}\nCompass {{}}\nConnector {{}}\nRobot {{}}\nSolid {{}}\nRotationalMotor {{}}\nPositionSensor {{}}\nDistanceSensor {{}}\nShape {{ geometry Box {{}} }}\n"
    ));
    let r = &s.roots;
    assert_eq!(s.sf_int(r[0], "channel"), 3);
    assert_eq!(s.sf_int(r[0], "bufferSize"), -1);
    assert_eq!(s.sf_string(r[0], "type"), "radio");
    let field_names: Vec<&str> = s.nodes[r[0]].fields.iter().map(|f| f.name.as_str()).collect();
    // Webots' Solid order (indices are visible through wb_supervisor_node_get_field_by_index)
    assert_eq!(&field_names[..4], &["translation", "rotation", "children", "name"]);
    assert_eq!(field_names[8], "boundingObject");
    assert_eq!(&field_names[13..17], &["translationStep", "rotationStep", "linearVelocity", "angularVelocity"]);
    assert!(field_names.contains(&"allowedChannels"));
    assert!(s.nodes[r[0]].fields.iter().find(|f| f.name == "channel").unwrap().pos.is_some());
    assert!(s.nodes[r[0]].fields.iter().find(|f| f.name == "range").unwrap().pos.is_none());
    assert_eq!(
        names(&s, &r[1..9]),
        [
            "receiver",
            "compass",
            "connector",
            "robot",
            "solid",
            "rotational motor",
            "position sensor",
            "distance sensor"
        ]
    );
    assert_eq!(s.sf_string(r[4], "controller"), "<generic>");
    assert!(s.sf_bool(r[4], "synchronization"));
    assert_eq!(s.sf_float(r[3], "distanceTolerance"), 0.01);
    assert_eq!(s.sf_int(r[3], "numberOfRotations"), 4);
    assert!(s.sf_bool(r[2], "xAxis"));
    assert_eq!(s.mf_vec3(r[8], "lookupTable").len(), 2);
    let b = s.sf_node(r[9], "geometry").unwrap();
    assert_eq!(s.sf_vec3(b, "size"), [0.1, 0.1, 0.1]);
    assert_eq!(s.node_type(b), 4);
    assert_eq!(s.nodes[b].parent, Some(r[9]));
    // Wrong-typed or missing fields fall back to defaults/neutral values.
    assert_eq!(s.sf_float(r[0], "nope"), 0.0);
    assert_eq!(s.sf_string(r[0], "channel"), "");
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

#[test]
fn def_use_deep_copies_closest_preceding_def() {
    let s = ok(&format!(
        "{H}DEF A Solid {{ name \"first\" children [ Shape {{ }} ] }}\nDEF A Solid {{ name \"second\" children [ Shape {{ }} ] }}\nGroup {{ children [ USE A USE A ] }}\n"
    ));
    let g = s.roots[2];
    let kids = s.children(g);
    assert_eq!(kids.len(), 2);
    assert_ne!(kids[0], kids[1]);
    for k in &kids {
        assert_eq!(s.sf_string(*k, "name"), "second");
        assert_eq!(s.nodes[*k].def_name.as_deref(), Some("A"));
        assert_eq!(s.nodes[*k].parent, Some(g));
        let shape = s.children(*k)[0];
        assert_eq!(s.nodes[shape].parent, Some(*k));
    }
    assert_ne!(s.children(kids[0]), s.children(kids[1]));
    assert_eq!(s.find_def("A"), Some(s.roots[0]));
    assert!(err(&format!("{H}Group {{ children [ USE B ] }}")).contains("USE 'B'"));
}

#[test]
fn hidden_lines_are_skipped() {
    let s = ok(&format!(
        "{H}PROTO P [ field SFVec3f translation 0 0 0 ] {{ Robot {{ translation IS translation }} }}\nP {{\n  hidden position_0_0 0.1\n  hidden linearVelocity_0 0 0 0 0 0 0\n  hidden rotation_5 0 0 1 0.5\n  translation 1 2 3\n}}\nSolid {{ hidden translation_2 1 2 3 name \"s\" }}\n"
    ));
    assert_eq!(s.sf_vec3(s.roots[0], "translation"), [1.0, 2.0, 3.0]);
    assert_eq!(s.sf_string(s.roots[1], "name"), "s");
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

// ----- PROTOs -------------------------------------------------------------------------------

#[test]
fn inline_proto_with_is_including_nodes() {
    let s = ok(&format!(
        r#"{H}PROTO Bot [
  field SFVec3f translation 0 0 0
  field SFString name "bot"
  field MFNode extensions [ ]
  field SFNode sensor Compass {{ name "default compass" }}
  field SFInt32 channel 7
  hiddenField SFFloat unused 1
  unconnectedField SFString{{"a", "b"}} pick "a"
]
{{
  Robot {{
    translation IS translation
    name IS name
    children [
      Emitter {{ channel IS channel }}
      Pose {{ children IS extensions }}
      Solid {{ name "sensor holder" children [ Group {{ children [ ] }} ] }}
    ]
    boundingObject Box {{ }}
  }}
}}
DEF B1 Bot {{ translation 1 0 0 name "b1" extensions [ DEF X Receiver {{ name "rx" }} ] channel 5 }}
DEF B2 Bot {{ }}
"#
    ));
    let (b1, b2) = (s.roots[0], s.roots[1]);
    for b in [b1, b2] {
        assert_eq!(s.nodes[b].type_name, "Robot");
        assert_eq!(s.nodes[b].proto.as_deref(), Some("Bot"));
        assert_eq!(s.node_type(b), 34);
    }
    assert_eq!(s.nodes[b1].def_name.as_deref(), Some("B1"));
    assert_eq!(s.sf_vec3(b1, "translation"), [1.0, 0.0, 0.0]);
    assert_eq!(s.sf_string(b1, "name"), "b1");
    assert_eq!(s.sf_string(b2, "name"), "bot");
    assert_eq!(s.proto_field(b1, "channel"), Some(&FieldValue::SFInt32(5)));
    assert_eq!(s.proto_field(b2, "pick"), Some(&FieldValue::SFString("a".into())));
    let e1 = s.robot_devices(b1);
    assert_eq!(names(&s, &e1), ["emitter", "rx"]);
    assert_eq!(s.sf_int(e1[0], "channel"), 5);
    assert_eq!(s.sf_int(s.robot_devices(b2)[0], "channel"), 7);
    // The node passed through `extensions` is the same node inside the body.
    let rx = e1[1];
    assert_eq!(s.proto_field(b1, "extensions"), Some(&FieldValue::MFNode(vec![rx])));
    assert_eq!(s.robot_of(rx), Some(b1));
    assert_eq!(s.find_def("B1.X"), Some(rx));
    assert_eq!(s.find_def("X"), Some(rx));
    // The unused node-valued parameter exists but is not part of the body.
    let FieldValue::SFNode(Some(c)) = s.proto_field(b1, "sensor").cloned().unwrap() else {
        panic!("sensor");
    };
    assert_eq!(s.sf_string(c, "name"), "default compass");
    assert!(!s.children(b1).contains(&c));
    assert_eq!(s.robots(), vec![b1, b2]);
}

#[test]
fn nested_proto_instances_in_bodies() {
    let s = ok(&format!(
        r#"{H}PROTO Wheel [ field SFString name "wheel" field SFFloat r 0.05 ] {{
  Solid {{ name IS name boundingObject Sphere {{ radius IS r }} }}
}}
PROTO Car [ field SFString name "car" field SFFloat wheelRadius 0.1 field MFNode extras [ ] ] {{
  Robot {{ name IS name children [ Wheel {{ name "left" r IS wheelRadius }} Wheel {{ name "right" }} Group {{ children IS extras }} ] }}
}}
PROTO Alias [ field SFString label "alias" field MFNode ext [ ] ] {{ Car {{ name IS label wheelRadius 0.3 extras IS ext }} }}
Car {{ wheelRadius 0.2 }}
Alias {{ label "x" ext [ DEF GPS1 GPS {{ }} ] }}
"#
    ));
    let car = s.roots[0];
    let wheels = s.children(car);
    let left = wheels[0];
    assert_eq!(s.nodes[left].proto.as_deref(), Some("Wheel"));
    assert_eq!(s.sf_string(left, "name"), "left");
    let sphere = s.sf_node(left, "boundingObject").unwrap();
    assert_eq!(s.sf_float(sphere, "radius"), 0.2);
    let right_sphere = s.sf_node(wheels[1], "boundingObject").unwrap();
    assert_eq!(s.sf_float(right_sphere, "radius"), 0.05);
    let alias = s.roots[1];
    assert_eq!(s.nodes[alias].proto.as_deref(), Some("Alias"));
    assert_eq!(s.nodes[alias].type_name, "Robot");
    assert_eq!(s.sf_string(alias, "name"), "x");
    let sphere = s.sf_node(s.children(alias)[0], "boundingObject").unwrap();
    assert_eq!(s.sf_float(sphere, "radius"), 0.3);
    assert_eq!(s.robots(), vec![car, alias]);
    // A node forwarded through two PROTO levels is one node, visible from the outer instance.
    let gps = s.find_def("GPS1").unwrap();
    assert_eq!(s.proto_field(alias, "ext"), Some(&FieldValue::MFNode(vec![gps])));
    assert_eq!(s.robot_devices(alias), vec![gps]);
    assert_eq!(s.robot_of(gps), Some(alias));
}

#[test]
fn body_def_used_outside_its_proto_keeps_defaults() {
    let s = ok(&format!(
        "{H}PROTO P [ field SFString n \"inner\" ] {{ DEF INSIDE Solid {{ name IS n }} }}\nP {{ n \"x\" }}\nUSE INSIDE\n"
    ));
    assert_eq!(s.sf_string(s.roots[0], "name"), "x");
    assert_eq!(s.sf_string(s.roots[1], "name"), "solid");
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

#[test]
fn proto_errors() {
    let e = err(&format!("{H}PROTO P [ field SFFloat a 1 ] {{ Solid {{ name IS b }} }}\n"));
    assert!(e.starts_with("t.wbt:2:49:") && e.contains("'b'"), "{e}");
    let e = err(&format!("{H}Solid {{ name IS b }}\n"));
    assert!(e.starts_with("t.wbt:2:14:") && e.contains("inside a PROTO"), "{e}");
    let e = err(&format!("{H}PROTO P [ field SFVec9f a 1 ] {{ Solid {{ }} }}\n"));
    assert!(e.contains("unknown field type 'SFVec9f'"), "{e}");
    let e = err(&format!("{H}PROTO P [ ] {{ Solid {{ }} Solid {{ }} }}\n"));
    assert!(e.contains("exactly one node"), "{e}");
    // An unknown field of an instance is a warning.
    let s = ok(&format!("{H}PROTO P [ ] {{ Solid {{ }} }}\nP {{ color 1 0 0 }}\n"));
    assert_eq!(s.warnings, ["t.wbt:3:5: Skipped unknown 'color' field in P node"]);
}

#[test]
fn externproto_relative_webots_url_github_and_missing() {
    let dir = tmpdir("extern");
    let lib = dir.join("webots_home");
    write(
        &lib.join("tests/default/protos/TestSuiteEmitter.proto"),
        "#VRML_SIM R2023b utf8\n# tags: nonDeterministic\nPROTO TestSuiteEmitter [ ]\n{\n  Emitter { name \"ts_emitter\" channel 20 }\n}\n",
    );
    write(
        &lib.join("tests/default/protos/TestSuiteSupervisor.proto"),
        "#VRML_SIM R2023b utf8\nEXTERNPROTO \"TestSuiteEmitter.proto\"\nPROTO TestSuiteSupervisor [ ]\n{\n  Robot {\n    name \"test suite supervisor\" controller \"test_suite_supervisor\" supervisor TRUE\n    children [ Receiver { name \"ts_receiver\" channel 20 } ]\n  }\n}\n",
    );
    write(
        &dir.join("project/protos/Rel.proto"),
        "#VRML_SIM R2025a utf8\nPROTO Rel [ field SFString name \"rel\" ] { Solid { name IS name children [ Compass { } ] } }\n",
    );
    let world = dir.join("project/worlds/w.wbt");
    write(
        &world,
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Rel.proto\"\nEXTERNPROTO \"webots://tests/default/protos/TestSuiteSupervisor.proto\"\nIMPORTABLE EXTERNPROTO \"https://raw.githubusercontent.com/cyberbotics/webots/R2025a/tests/default/protos/TestSuiteEmitter.proto\"\nEXTERNPROTO \"webots://projects/objects/backgrounds/protos/TexturedBackground.proto\"\nTexturedBackground { texture \"noon\" luminosity 1 children [ Solid { name \"inside\" } ] }\nRobot { name \"r\" children [ TestSuiteEmitter { } Rel { } ] }\nTestSuiteSupervisor { }\n",
    );
    let opts = LoadOptions { search_path: vec![dir.join("elsewhere"), lib.clone()], ..LoadOptions::default() };
    let s = load_world(&world, &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.path.as_deref(), Some(world.as_path()));
    let r = s.roots[1];
    let sup = s.roots[2];
    assert_eq!(s.robots(), vec![r, sup]);
    assert_eq!(names(&s, &s.robot_devices(r)), ["ts_emitter", "compass"]);
    assert_eq!(s.nodes[sup].proto.as_deref(), Some("TestSuiteSupervisor"));
    assert!(s.sf_bool(sup, "supervisor"));
    assert_eq!(s.sf_string(sup, "controller"), "test_suite_supervisor");
    assert_eq!(names(&s, &s.robot_devices(sup)), ["ts_receiver"]);
    // The missing EXTERNPROTO: a warning with its position and URL, instances kept generic.
    let wname = world.display().to_string();
    assert!(
        s.warnings.iter().any(|w| w.starts_with(&format!("{wname}:5:13: ")) && w.contains("TexturedBackground.proto")),
        "{:?}",
        s.warnings
    );
    assert!(s.warnings.iter().any(|w| w.starts_with(&format!("{wname}:6:1: "))));
    let bg = s.roots[0];
    assert_eq!(s.nodes[bg].type_name, "TexturedBackground");
    assert_eq!(s.nodes[bg].proto.as_deref(), Some("TexturedBackground"));
    assert_eq!(s.node_type(bg), 0);
    assert_eq!(s.field(bg, "texture"), Some(&FieldValue::SFString("noon".into())));
    assert_eq!(s.sf_float(bg, "luminosity"), 1.0);
    let inside = s.children(bg)[0];
    assert_eq!(s.sf_string(inside, "name"), "inside");
    assert_eq!(s.nodes[inside].parent, Some(bg));
    // Without the search path, webots:// PROTOs are missing but the world still loads.
    let s = load_world(&world, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.robots().len(), 1);
    assert!(s.warnings.iter().any(|w| w.contains("TestSuiteSupervisor.proto")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn proto_file_cycles_and_bad_proto_files() {
    let dir = tmpdir("cycle");
    write(
        &dir.join("A.proto"),
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"B.proto\"\nPROTO A [ ] { Solid { name \"a\" } }\n",
    );
    write(
        &dir.join("B.proto"),
        "#VRML_SIM R2025a utf8\nEXTERNPROTO \"A.proto\"\nPROTO B [ ] { Solid { name \"b\" } }\n",
    );
    write(&dir.join("Bad.proto"), "PROTO Bad [ ] { Solid { } }\n");
    let world = dir.join("w.wbt");
    write(&world, "#VRML_SIM R2025a utf8\nEXTERNPROTO \"A.proto\"\nEXTERNPROTO \"B.proto\"\nA { }\nB { }\n");
    let s = load_world(&world, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(names(&s, &s.roots), ["a", "b"]);
    write(&world, "#VRML_SIM R2025a utf8\nEXTERNPROTO \"Bad.proto\"\n");
    let e = load_world(&world, &LoadOptions::default()).err().unwrap().to_string();
    assert!(e.contains("Bad.proto:1:1:") && e.contains("#VRML_SIM R2025a utf8"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn legacy_worlds_find_project_protos() {
    let dir = tmpdir("legacy");
    write(
        &dir.join("protos/OldBot.proto"),
        "#VRML_SIM R2021a utf8\nPROTO OldBot [ field SFString name \"old\" ] { Robot { name IS name } }\n",
    );
    let world = dir.join("worlds/w.wbt");
    write(&world, "#VRML_SIM R2021a utf8\nOldBot { }\n");
    let s = load_world(&world, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(names(&s, &s.robots()), ["old"]);
    write(&world, "#VRML_SIM R2025a utf8\nOldBot { }\n");
    let s = load_world(&world, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.robots().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- unknown and generic nodes ------------------------------------------------------------------

#[test]
fn unknown_nodes_and_fields() {
    let s = ok(&format!(
        "{H}Group {{ children [\n  Foo {{ children [ Robot {{ }} ] x 1 }}\n  Solid {{ name \"kept\" }}\n] }}\nBar {{ }}\nSolid {{ colour 1 0 0 name \"s\" }}\nCamera {{ width 320 near 0.05 recognition Recognition {{ }} }}\n"
    ));
    assert_eq!(
        s.warnings,
        [
            "t.wbt:3:3: Skipped unknown 'Foo' node or PROTO",
            "t.wbt:6:1: Skipped unknown 'Bar' node or PROTO",
            "t.wbt:7:9: Skipped unknown 'colour' field in Solid node",
        ]
    );
    assert_eq!(s.roots.len(), 3);
    assert_eq!(names(&s, &s.children(s.roots[0])), ["kept"]);
    assert!(s.robots().is_empty());
    assert_eq!(s.sf_string(s.roots[1], "name"), "s");
    assert!(s.field(s.roots[1], "colour").is_none());
    // Partly modelled devices keep extra fields without complaint.
    let cam = s.roots[2];
    assert_eq!(s.sf_int(cam, "width"), 320);
    assert_eq!(s.sf_int(cam, "height"), 64);
    assert_eq!(s.field(cam, "near"), Some(&FieldValue::SFFloat(0.05)));
    assert!(s.sf_node(cam, "recognition").is_some());
    assert_eq!(s.sf_string(cam, "name"), "camera");
}

#[test]
fn generic_nodes_keep_their_nested_children() {
    let s = ok(&format!(
        r#"{H}Viewpoint {{ orientation -0.3 0.3 0.9 1.2 position -1 -1 1 follow "robot" }}
Background {{ skyColor [ 0.4 0.7 1 ] }}
DirectionalLight {{ direction 0 0 -1 on TRUE }}
Billboard {{ children [ Shape {{ appearance PBRAppearance {{ baseColor 1 0 0 roughness 1 }} geometry Cylinder {{ radius 0.2 }} }} ] }}
Fog {{ }}
CameraZoom {{ }}
"#
    ));
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    let vp = s.roots[0];
    assert_eq!(s.field(vp, "orientation"), Some(&FieldValue::SFRotation([-0.3, 0.3, 0.9, 1.2])));
    assert_eq!(s.field(vp, "position"), Some(&FieldValue::SFVec3f([-1.0, -1.0, 1.0])));
    assert_eq!(s.node_type(vp), 33);
    // Background is modelled: its sky is an MFColor, as Webots types it
    assert_eq!(s.field(s.roots[1], "skyColor"), Some(&FieldValue::MFColor(vec![[0.4, 0.7, 1.0]])));
    assert_eq!(s.field(s.roots[2], "on"), Some(&FieldValue::SFBool(true)));
    let shape = s.children(s.roots[3])[0];
    assert_eq!(s.nodes[shape].type_name, "Shape");
    let cyl = s.sf_node(shape, "geometry").unwrap();
    assert_eq!(s.sf_float(cyl, "radius"), 0.2);
    assert_eq!(s.sf_float(cyl, "height"), 0.1);
    let app = s.sf_node(shape, "appearance").unwrap();
    assert_eq!(s.nodes[app].type_name, "PBRAppearance");
    assert_eq!(s.field(app, "baseColor"), Some(&FieldValue::SFColor([1.0, 0.0, 0.0])));
    assert_eq!(s.nodes[s.roots[5]].type_name, "Zoom");
    assert_eq!(s.node_type(s.roots[5]), 85);
}

// ----- error positions -------------------------------------------------------------------------

#[test]
fn error_positions() {
    let cases: &[(&str, &str)] = &[
        (
            "Solid {\n  translation 1 2\n}\n",
            "t.wbt:4:1: expected 3 numbers (SFVec3f) for field 'translation' of Solid, found '}'",
        ),
        (
            "Robot { supervisor 1 }",
            "t.wbt:2:20: expected TRUE or FALSE (SFBool) for field 'supervisor' of Robot, found '1'",
        ),
        (
            "Emitter { channel 1.5 }",
            "t.wbt:2:19: expected an integer (SFInt32) for field 'channel' of Emitter, found '1.5'",
        ),
        ("Solid { name 3 }", "t.wbt:2:14: expected a string (SFString) for field 'name' of Solid, found '3'"),
        (
            "Robot { controllerArgs [ \"a\" 2 ] }",
            "t.wbt:2:30: expected a string (MFString) for field 'controllerArgs' of Robot, found '2'",
        ),
        ("Group {\n  children [\n    Solid { name \"abc\n", "t.wbt:4:18: unterminated string"),
        ("Solid { translation 1.2.3 0 0 }", "t.wbt:2:21: invalid number '1.2.3'"),
        ("Solid [ ]", "t.wbt:2:7: expected '{' after node type 'Solid', found '['"),
        ("Solid {\n", "t.wbt:3:1: expected a field name or '}' in Solid node, found end of file"),
        ("Group { children [ Solid { } ", "t.wbt:2:30: missing ']' for field 'children' of Group"),
        ("12 Group { }", "t.wbt:2:1: expected a node in the world, found '12'"),
        ("Solid { physics 1 }", "t.wbt:2:17: expected a node or NULL (SFNode) for field 'physics' of Solid, found '1'"),
        ("Solid { name 'x' }", "t.wbt:2:14: unexpected character '\\''"),
    ];
    for (body, want) in cases {
        assert_eq!(err(&format!("{H}{body}")), *want, "{body}");
    }
}

// ----- adversarial input --------------------------------------------------------------------------

const SAMPLE: &str = r#"#VRML_SIM R2025a utf8
# sample
EXTERNPROTO "webots://nowhere/Missing.proto"
WorldInfo { basicTimeStep 16 coordinateSystem "ENU" }
Viewpoint { orientation 0 0 1 0 position 0 0 10 }
PROTO P [ field SFVec3f translation 0 0 0 field MFNode extra [] field SFString name "p" ] {
  Robot { translation IS translation name IS name children [ Pose { children IS extra } ] }
}
DEF FLOOR Solid { children [ Pose { rotation 1 0 0 -1.5708 children [ Shape { geometry Plane { } } ] } ] locked TRUE }
DEF R0 Robot {
  translation 0.1 -2 3e-1
  children [
    Emitter { name "e0" channel -1 bufferSize 100 }
    HingeJoint { jointParameters HingeJointParameters { axis 0 0 1 } device [ RotationalMotor { } PositionSensor { } ]
      endPoint Solid { children [ Receiver { name "r0" } ] } }
    USE FLOOR
  ]
  name "robot0" controller "c" controllerArgs [ "a" "b\"c" ]
  hidden position_0_0 0.5
}
P { translation 1 2 3 extra [ Compass { } ] }
Missing { x 1 }
"#;

#[test]
fn sample_world_loads() {
    let s = ok(SAMPLE);
    assert_eq!(s.robots().len(), 2);
    assert_eq!(s.world_info().basic_time_step, 16.0);
    let r0 = s.find_def("R0").unwrap();
    assert_eq!(names(&s, &s.robot_devices(r0)), ["e0", "rotational motor", "position sensor", "r0"]);
}

#[test]
fn truncated_input_never_panics() {
    let bytes = SAMPLE.as_bytes();
    for k in 0..=bytes.len() {
        let text = String::from_utf8_lossy(&bytes[..k]);
        let _ = parse(&text);
    }
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

#[test]
fn random_input_never_panics() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let vocab = [
        "{",
        "}",
        "[",
        "]",
        "DEF",
        "USE",
        "A",
        "B",
        "Group",
        "children",
        "Solid",
        "Robot",
        "Pose",
        "Transform",
        "scale",
        "translation",
        "rotation",
        "1",
        "-2.5e3",
        "0x1F",
        "1e999",
        ".5",
        "\"s\"",
        "\"\\\"\"",
        "TRUE",
        "FALSE",
        "NULL",
        "PROTO",
        "P",
        "IS",
        "field",
        "SFNode",
        "MFNode",
        "SFVec3f",
        "EXTERNPROTO",
        "IMPORTABLE",
        "\"x.proto\"",
        "hidden",
        "HingeJoint",
        "device",
        "endPoint",
        "Slot",
        "Propeller",
        "#c\n",
        ",",
        "%<",
        ">%",
        "%{",
        "}%",
        "name",
        "WorldInfo",
        "gravity",
        "controllerArgs",
        "\n",
        "Emitter",
        "channel",
        "'",
        "\\",
        "é",
        "SolidReference",
        "Track",
        "Viewpoint",
        "Shape",
        "geometry",
        "Box",
        "size",
    ];
    for case in 0..4000 {
        let mut text = String::new();
        if case % 4 != 3 {
            text.push_str(if case % 8 == 0 { "#VRML_SIM R2020a utf8\n" } else { H });
        }
        let len = (rng.next() % 120) as usize;
        if case % 2 == 0 {
            let raw: Vec<u8> = (0..len).map(|_| (rng.next() & 0xff) as u8).collect();
            text.push_str(&String::from_utf8_lossy(&raw));
        } else {
            for _ in 0..len {
                text.push_str(vocab[(rng.next() % vocab.len() as u64) as usize]);
                text.push(' ');
            }
        }
        if let Ok(s) = parse(&text) {
            // Exercise the queries on whatever loaded.
            for id in 0..s.nodes.len() {
                let _ = s.global_pose(id);
                let _ = s.robot_of(id);
                let _ = s.robot_devices(id);
            }
            let _ = s.robots();
            let _ = s.world_info();
            let _ = s.find_def("A.B");
        }
    }
}

#[test]
fn hostile_nesting_is_an_error() {
    let n = 100_000;
    let brackets = format!("{H}Group {{ children {} ", "[".repeat(n));
    let e = err(&brackets);
    assert!(e.starts_with("t.wbt:2:19: expected a node or NULL"), "{e}");
    // an untyped field of a node this crate does not model (Background's skyColor is typed)
    let brackets = format!("{H}Fog {{ color {} ", "[".repeat(n));
    let e = err(&brackets);
    assert!(e.starts_with("t.wbt:2:14: expected a value or ']'"), "{e}");
    // a typed MF field
    let brackets = format!("{H}Background {{ skyColor {} ", "[".repeat(n));
    let e = err(&brackets);
    assert!(e.starts_with("t.wbt:2:24: expected 3 numbers (MFColor) for field 'skyColor' of Background"), "{e}");
    let groups = format!("{H}{}", "Group { children [ ".repeat(n));
    assert!(err(&groups).contains("nesting too deep"));
    let solids = format!("{H}{}", "Solid { boundingObject ".repeat(n));
    assert!(err(&solids).contains("nesting too deep"));
    // DEF/USE chains cannot build deeper trees than the parser allows.
    let mut text = String::from(H);
    text.push_str("DEF D0 Group { }\n");
    for i in 1..12 {
        text.push_str(&format!("DEF D{i} {}USE D{}{}\n", "Group { children [ ".repeat(60), i - 1, " ] } ".repeat(60)));
    }
    assert!(err(&text).contains("nesting too deep"));
    // Recursive PROTO nesting is bounded too.
    let mut text = String::from(H);
    text.push_str("PROTO P0 [ ] { Group { } }\n");
    for i in 1..40 {
        text.push_str(&format!(
            "PROTO P{i} [ ] {{ {}P{} {{ }}{} }}\n",
            "Group { children [ ".repeat(10),
            i - 1,
            " ] } ".repeat(10)
        ));
    }
    text.push_str("P39 { }\n");
    assert!(err(&text).contains("too deep"));
}

#[test]
fn exponential_use_and_proto_growth_is_an_error() {
    let mut text = String::from(H);
    text.push_str("DEF A0 Group { }\n");
    for i in 1..40 {
        text.push_str(&format!("DEF A{i} Group {{ children [ USE A{} USE A{} ] }}\n", i - 1, i - 1));
    }
    assert!(err(&text).contains("too large"));
    let mut text = String::from(H);
    text.push_str("PROTO Q0 [ ] { Group { } }\n");
    for i in 1..40 {
        text.push_str(&format!("PROTO Q{i} [ ] {{ Group {{ children [ Q{} {{ }} Q{} {{ }} ] }} }}\n", i - 1, i - 1));
    }
    text.push_str("Q39 { }\n");
    assert!(err(&text).contains("too large"));
}

#[test]
fn huge_numbers() {
    let s = ok(&format!(
        "{H}Solid {{ translation 1e308 -1e308 123456789012345678901234567890 rotation 1e308 1e308 1e308 1e308 children [ Solid {{ translation 1 1 1 }} ] }}\n"
    ));
    let child = s.children(s.roots[0])[0];
    let _ = s.global_pose(child);
    let _ = s.global_transform(child);
    assert_eq!(s.sf_vec3(s.roots[0], "translation")[0], 1e308);
    // beyond the largest double: an error at the number, as Webots refuses it
    assert_eq!(
        err(&format!("{H}Solid {{ translation 1e999 0 0 }}")),
        "t.wbt:2:21: number '1e999' is out of range (beyond the largest double)"
    );
    assert!(err(&format!("{H}Solid {{ children [ Pose {{ translation 0 -1e999 0 }} ] }}")).contains("out of range"));
    assert!(err(&format!("{H}Emitter {{ channel 99999999999999999999 }}")).contains("integer"));
    assert!(err(&format!("{H}Emitter {{ channel 0x1FFFFFFFF }}")).contains("integer"));
    assert!(err(&format!("{H}Solid {{ translation 1e 0 0 }}")).contains("invalid number"));
}

#[test]
fn non_utf8_file_is_an_error() {
    let dir = tmpdir("utf8");
    let world = dir.join("bad.wbt");
    std::fs::write(&world, b"#VRML_SIM R2025a utf8\nSolid { name \"\xff\xfe\" }\n").unwrap();
    let e = load_world(&world, &LoadOptions::default()).expect_err("utf8 error");
    assert_eq!(e.pos.as_ref().map(|p| (p.line, p.col)), Some((2, 15)));
    assert!(e.to_string().contains("UTF-8"));
    std::fs::write(&world, [0xffu8; 64]).unwrap();
    assert!(load_world(&world, &LoadOptions::default()).is_err());
    assert!(load_world(&dir.join("absent.wbt"), &LoadOptions::default()).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- robots and devices ------------------------------------------------------------------------

#[test]
fn device_order() {
    let s = ok(&format!(
        r#"{H}Robot {{
  name "outer"
  children [
    Emitter {{ name "e0" }}
    Shape {{ geometry Box {{ }} }}
    Solid {{
      children [
        Receiver {{ name "r0" children [ Compass {{ name "c0" }} ] }}
      ]
    }}
    HingeJoint {{
      jointParameters HingeJointParameters {{ }}
      device [ RotationalMotor {{ name "m" }} PositionSensor {{ name "ps" }} ]
      endPoint Solid {{ children [ Connector {{ name "k" }} ] }}
    }}
    DEF INNER Robot {{ name "inner" children [ Emitter {{ name "inner_e" }} ] }}
    Slot {{ endPoint Slot {{ endPoint Solid {{ children [ GPS {{ }} ] }} }} }}
    Propeller {{ device RotationalMotor {{ name "prop motor" }} fastHelix Solid {{ children [ Camera {{ }} ] }} }}
    Pose {{ children [ LED {{ }} Transform {{ children [ Skin {{ }} ] }} ] }}
    Track {{ device [ LinearMotor {{ }} Brake {{ }} ] children [ DistanceSensor {{ }} ] }}
    HingeJoint {{ endPoint SolidReference {{ solidName "outer" }} }}
    Hinge2Joint {{ device [ RotationalMotor {{ name "h1" }} ] device2 [ RotationalMotor {{ name "h2" }} ] endPoint Solid {{ children [ Display {{ }} ] }} }}
  ]
  boundingObject Group {{ children [ Emitter {{ name "bo" }} ] }}
}}
"#
    ));
    let outer = s.roots[0];
    let devs = s.robot_devices(outer);
    assert_eq!(
        names(&s, &devs),
        [
            "e0",
            "r0",
            "c0",
            "m",
            "ps",
            "k",
            "gps",
            "prop motor",
            "led",
            "skin",
            "linear motor",
            "brake",
            "distance sensor",
            "h1",
            "h2",
            "display"
        ]
    );
    let inner = s.find_def("INNER").unwrap();
    assert_eq!(s.robots(), vec![outer, inner]);
    assert_eq!(names(&s, &s.robot_devices(inner)), ["inner_e"]);
    assert_eq!(s.robot_of(by_name(&s, "inner_e")), Some(inner));
    assert_eq!(s.robot_of(by_name(&s, "k")), Some(outer));
    assert_eq!(s.robot_of(outer), Some(outer));
    assert_eq!(s.robot_of(s.nodes.len() + 5), None);
    assert!(s.robot_devices(s.nodes.len()).is_empty());
    assert!(s.is_solid(outer) && s.is_solid(devs[0]) && !s.is_solid(devs[3]));
}

#[test]
fn find_def_paths_and_proto_internals() {
    let s = ok(&format!(
        r#"{H}PROTO Box2 [ field MFNode inside [ ] ] {{ Solid {{ children [ DEF HIDDEN Solid {{ }} Group {{ children IS inside }} ] }} }}
DEF A Group {{ children [ DEF B Solid {{ children [ DEF C Solid {{ name "c" }} ] }} ] }}
DEF D Box2 {{ inside [ DEF E Solid {{ name "e" }} ] }}
DEF C Solid {{ name "top c" }}
"#
    ));
    assert_eq!(s.sf_string(s.find_def("A.B.C").unwrap(), "name"), "c");
    assert_eq!(s.sf_string(s.find_def("C").unwrap(), "name"), "c");
    // each component after the first is a direct child of the previous one, as in Webots
    assert_eq!(s.find_def("A.C"), None);
    assert_eq!(s.find_def("B.A"), None);
    assert_eq!(s.sf_string(s.find_def("D.E").unwrap(), "name"), "e");
    assert_eq!(s.find_def("HIDDEN"), None);
    assert_eq!(s.find_def("D.HIDDEN"), None);
    assert_eq!(s.find_def("nothing"), None);
    assert_eq!(s.find_def(""), None);
}

#[test]
fn controller_args_forms() {
    let s = ok(&format!("{H}Robot {{ controllerArgs \"a b\" }}\nRobot {{ controllerArgs [ \"x\" \"y z\" ] }}\n"));
    assert_eq!(s.mf_string(s.roots[0], "controllerArgs"), ["a b"]);
    assert_eq!(s.mf_string(s.roots[1], "controllerArgs"), ["x", "y z"]);
    let s = ok("#VRML_SIM R2020a utf8\nRobot { controllerArgs \"a  b c\" data \"d\" controller \"void\" }\n");
    assert_eq!(s.mf_string(s.roots[0], "controllerArgs"), ["a", "b", "c"]);
    assert_eq!(s.sf_string(s.roots[0], "data"), "d");
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

// ----- poses ----------------------------------------------------------------------------------

#[test]
fn global_pose_of_a_nested_device() {
    let s = ok(&format!(
        r#"{H}Robot {{ translation 1 0 0 rotation 0 0 2 1.5707963267948966 children [
  Group {{ children [
    Pose {{ translation 0 1 0 children [
      Solid {{ translation 0 0 1 rotation 1 0 0 3.141592653589793 children [ Compass {{ translation 1 0 0 }} ] }}
    ] }}
  ] }}
] }}
"#
    ));
    let compass = by_name(&s, "compass");
    let p = s.global_pose(compass);
    let t = p.translation.vector;
    assert!((t - nalgebra::Vector3::new(0.0, 1.0, 1.0)).norm() < 1e-12, "{t}");
    let x = p.rotation * nalgebra::Vector3::x();
    let z = p.rotation * nalgebra::Vector3::z();
    assert!((x - nalgebra::Vector3::new(0.0, 1.0, 0.0)).norm() < 1e-12, "{x}");
    assert!((z - nalgebra::Vector3::new(0.0, 0.0, -1.0)).norm() < 1e-12, "{z}");
    let m = s.global_transform(compass);
    assert!((m.fixed_view::<3, 1>(0, 3) - t).norm() < 1e-12);
    // A zero axis is the identity.
    let s = ok(&format!("{H}Solid {{ rotation 0 0 0 1 children [ Solid {{ translation 1 0 0 }} ] }}"));
    let c = s.children(s.roots[0])[0];
    assert!((s.global_pose(c).translation.vector - nalgebra::Vector3::x()).norm() < 1e-12);
}

#[test]
fn transform_scale() {
    let s = ok(&format!(
        "{H}Transform {{ translation 0 0 1 scale 2 3 4 children [ Solid {{ translation 1 1 1 rotation 0 0 1 0.5 }} ] }}\nTransform {{ children [ Solid {{ translation 1 0 0 }} ] }}\n"
    ));
    let solid = s.children(s.roots[0])[0];
    let m = s.global_transform(solid);
    assert!((m[(0, 3)] - 2.0).abs() < 1e-12 && (m[(1, 3)] - 3.0).abs() < 1e-12 && (m[(2, 3)] - 5.0).abs() < 1e-12);
    let p = s.global_pose(solid);
    assert!((p.translation.vector - nalgebra::Vector3::new(2.0, 3.0, 5.0)).norm() < 1e-12);
    assert!((p.rotation.angle() - 0.5).abs() < 1e-12);
    assert_eq!(s.sf_vec3(s.roots[1], "scale"), [1.0, 1.0, 1.0]);
    assert_eq!(s.node_type(s.roots[1]), 32);
    let c2 = s.children(s.roots[1])[0];
    assert!((s.global_pose(c2).translation.vector - nalgebra::Vector3::x()).norm() < 1e-12);
}

// ----- WorldInfo ------------------------------------------------------------------------------------

#[test]
fn world_info_defaults_and_legacy() {
    let w = ok(H).world_info();
    assert_eq!(
        (w.basic_time_step, w.coordinate_system.as_str(), w.gravity, w.random_seed, w.north_direction),
        (32.0, "ENU", 9.81, 0, None)
    );
    let w = ok(&format!("{H}WorldInfo {{ basicTimeStep 8 randomSeed 42 coordinateSystem \"NUE\" gravity 3.7 }}"))
        .world_info();
    assert_eq!((w.basic_time_step, w.coordinate_system.as_str(), w.gravity, w.random_seed), (8.0, "NUE", 3.7, 42));
    let s = ok("#VRML_SIM R2020a utf8\nWorldInfo { gravity 0 -9.81 0 northDirection 0 0 1 basicTimeStep 16 }\n");
    let w = s.world_info();
    assert_eq!(w.coordinate_system, "NUE");
    assert!((w.gravity - 9.81).abs() < 1e-12);
    assert_eq!(w.north_direction, Some([0.0, 0.0, 1.0]));
    assert_eq!(w.basic_time_step, 16.0);
    assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    assert!(s.warnings[0].starts_with("t.wbt:2:21: "), "{:?}", s.warnings);
    assert_eq!(ok("#VRML_SIM R2020a utf8\n").world_info().coordinate_system, "NUE");
    assert_eq!(ok("#VRML_SIM R2020a utf8\nWorldInfo { }").world_info().coordinate_system, "NUE");
    assert_eq!(ok("#VRML_SIM R2020b utf8\nWorldInfo { }").world_info().coordinate_system, "ENU");
    assert_eq!(ok("#VRML_SIM V8.6 utf8\nWorldInfo { coordinateSystem \"ENU\" }").world_info().coordinate_system, "ENU");
}

#[test]
fn scene_is_send_sync_clone() {
    fn check<T: Send + Sync + Clone>() {}
    check::<Scene>();
    check::<WorldError>();
    check::<LoadOptions>();
    let s = ok(SAMPLE);
    let mut c = s.clone();
    *c.field_mut(c.roots[0], "basicTimeStep").unwrap() = FieldValue::SFFloat(4.0);
    assert_eq!(c.world_info().basic_time_step, 4.0);
    assert_eq!(s.world_info().basic_time_step, 16.0);
}

#[test]
fn the_step_loop_s_basic_time_step_is_world_info_s() {
    for (text, expected) in [
        ("", 32.0),
        ("WorldInfo { }", 32.0),
        ("WorldInfo { basicTimeStep 8 }", 8.0),
        ("WorldInfo { basicTimeStep 0 }", 32.0),
        ("WorldInfo { basicTimeStep -4 }", 32.0),
        ("WorldInfo { basicTimeStep 2.5 }", 2.5),
    ] {
        let mut s = ok(&format!("#VRML_SIM R2025a utf8\n{text}\n"));
        assert_eq!(s.basic_time_step(), expected, "{text}");
        assert_eq!(s.world_info().basic_time_step, expected, "{text}");
        if let Some(w) = s.world_info_node() {
            *s.field_mut(w, "basicTimeStep").unwrap() = FieldValue::SFFloat(4.0);
            assert_eq!(s.basic_time_step(), 4.0, "{text}");
        }
    }
}

#[test]
fn webots_urls_that_climb_out_of_the_home_are_refused() {
    let dir = tmpdir("climb");
    let proto = "#VRML_SIM R2025a utf8\nPROTO Secret [ ] { Solid { name \"secret\" } }\n";
    write(&dir.join("secret/Secret.proto"), proto);
    write(&dir.join("home/projects/Inside.proto"), &proto.replace("Secret", "Inside"));
    let opts = LoadOptions { search_path: vec![dir.join("home")], ..Default::default() };
    for url in [
        "webots://../secret/Secret.proto",
        "webots://projects/../../secret/Secret.proto",
        "https://raw.githubusercontent.com/cyberbotics/webots/R2025a/../secret/Secret.proto",
    ] {
        let w = dir.join("worlds/w.wbt");
        write(&w, &format!("#VRML_SIM R2025a utf8\nEXTERNPROTO \"{url}\"\nSecret {{ }}\n"));
        let s = load_world(&w, &opts).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            s.warnings.iter().any(|m| m.contains("climbs out of the Webots home") && m.contains("w.wbt:2:")),
            "{url}: {:?}",
            s.warnings
        );
        assert!(!s.preorder().into_iter().any(|n| s.sf_string(n, "name") == "secret"), "{url}");
    }
    // inside the home: found
    let w = dir.join("worlds/w.wbt");
    write(&w, "#VRML_SIM R2025a utf8\nEXTERNPROTO \"webots://projects/./Inside.proto\"\nInside { }\n");
    let s = load_world(&w, &opts).unwrap();
    assert!(s.preorder().into_iter().any(|n| s.sf_string(n, "name") == "secret"), "{:?}", s.warnings);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_proto_expansion_bomb_is_refused_before_it_is_built() {
    for shape in ["body", "default"] {
        let mut text = String::from(H);
        text.push_str("PROTO Q0 [ ] { Group { } }\n");
        for i in 1..40 {
            let j = i - 1;
            text.push_str(&match shape {
                "body" => format!("PROTO Q{i} [ ] {{ Group {{ children [ Q{j} {{ }} Q{j} {{ }} ] }} }}\n"),
                _ => {
                    format!("PROTO Q{i} [ field MFNode c [ Q{j} {{ }} Q{j} {{ }} ] ] {{ Group {{ children IS c }} }}\n")
                }
            });
        }
        text.push_str("Q39 { }\n");
        let start = std::time::Instant::now();
        let e = err(&text);
        assert!(start.elapsed() < std::time::Duration::from_secs(2), "{shape}: {:?}", start.elapsed());
        assert!(
            e.starts_with("t.wbt:")
                && e.contains("world too large (more than 1000000 nodes): PROTO 'Q39' would expand to"),
            "{shape}: {e}"
        );
    }
}
