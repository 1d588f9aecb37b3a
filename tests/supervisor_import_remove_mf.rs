//! Webots' `supervisor_import_remove_mf` world rebuilt: a supervisor inserts items into, then removes them
//! from, the eight MF field types of a JavaScript-template PROTO, and each write regenerates it (its box
//! grows 0.1 m per field whose first item is the awaited one), as a distance sensor reads a step later.

mod common;

use common::Project;

/// A box whose side is 0.1 m, plus 0.1 m for each MF field whose first item is the awaited one.
const GROWER: &str = r#"#VRML_SIM R2025a utf8
# template language: javascript
PROTO Grower [
  field MFBool     flags     []
  field MFInt32    counts    []
  field MFFloat    ratios    []
  field MFVec2f    points    []
  field MFVec3f    positions []
  field MFRotation turns     []
  field MFColor    tints     []
  field MFString   labels    []
]
{
  %<
    const near = (a, b) => Math.abs(a - b) < 1e-9;
    const first = (field) => field.value.length > 0 ? field.value[0] : undefined;
    const awaited = [
      first(fields.flags) === true,
      first(fields.counts) === 17,
      first(fields.ratios) !== undefined && near(first(fields.ratios), 0.54),
      first(fields.points) !== undefined && near(first(fields.points).x, 0.1) && near(first(fields.points).y, 0.2),
      first(fields.positions) !== undefined && near(first(fields.positions).x, 0.1) &&
        near(first(fields.positions).y, 0.2) && near(first(fields.positions).z, 0.3),
      first(fields.turns) !== undefined && near(first(fields.turns).y, 1) && near(first(fields.turns).a, 0.57),
      first(fields.tints) !== undefined && near(first(fields.tints).r, 0.1) && near(first(fields.tints).g, 0.2) &&
        near(first(fields.tints).b, 0.3),
      first(fields.labels) === 'first label',
    ];
    const side = 0.1 * (1 + awaited.filter((x) => x).length);
  >%
  Solid {
    children [ DEF SHAPE Shape { geometry Box { size %<= side >% %<= side >% %<= side >% } } ]
    boundingObject USE SHAPE
  }
}
"#;

/// The sensor 0.5 m from the box's centre, looking at it along x; its table reads metres up to 0.5 m.
const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/Grower.proto"
WorldInfo { basicTimeStep 32 }
DEF GROWER Grower { }
Robot {
  name "writer"
  children [ DistanceSensor { translation -0.5 0 0 lookupTable [ 0 0 0 0.5 0.5 0 ] } ]
  controller "import_remove_mf"
  supervisor TRUE
}
"#;

#[test]
fn each_mf_type_inserted_then_removed_regenerates_the_template_a_step_before_the_sensor_reads_it() {
    let p = Project::new();
    p.proto("Grower", GROWER);
    p.world("grower.wbt", WORLD);
    p.controller("import_remove_mf", "import_remove_mf");
    let out = p.run("grower.wbt", &["--until", "2"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    let readings = out.robot_numbers("writer", "", 1);
    // 0.45 m with the 0.1 m box, 5 cm closer per awaited item, then back out
    let expected =
        [0.45, 0.40, 0.35, 0.30, 0.25, 0.20, 0.15, 0.10, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45];
    assert_eq!(readings.len(), expected.len(), "{}", out.stdout);
    for (got, want) in readings.iter().zip(expected) {
        assert!((got - want).abs() < 1e-4, "read {got}, expected {want}:\n{}", out.stdout);
    }
    out.assert_no_messages();
}
