//! Webots' `tests/api` world `center_of_mass_and_contact_points` in Webots' own layout (NUE): the floor a
//! Solid at (-0.5, 0, -0.5) whose Plane is moved back under the origin, a supervisor Robot, then "robot 1"
//! (a 0.1 m cube on four cylinder legs of radius 0.015 and height 0.05, at (±0.025, ±0.025) in x and z,
//! a child Solid on a fifth leg under its centre, its Physics' centerOfMass given), standing with its legs
//! 0.112 mm into the floor, as Webots saved it. Webots' E-puck is an asset PROTO, not rebuilt: its
//! stand-in here is a Robot without physics holding, in a Slot, the 1 cm box of 20 g, laid on robot 1's
//! top face so that robot 1 has 4 points besides its legs' 16, as Webots counts 20 (where Webots' other 4
//! come from, its E-puck standing beside robot 1's +z face, is not established). The controller
//! (tests/c/com_contacts_webots.c) runs Webots' sequence after one step: the root's 9 children and the
//! seventh, the centre of mass, the contact points by the old and the tracked API, the Slot box's 4, the
//! static balance, then a tracked node removed and asked again.

mod common;

use common::{Project, RunOutput};

/// robot 1's height as Webots' world gives it
const ROBOT_Y: f64 = 0.074888;
const LEG_R: f64 = 0.015;
const LEG_H: f64 = 0.05;

fn world() -> String {
    let leg = |x: f64, z: f64| {
        format!(
            "Pose {{ translation {x} -0.05 {z} rotation 1 0 0 -1.57079632679 children [ Shape {{ geometry Cylinder {{ height {LEG_H} radius {LEG_R} }} }} ] }}"
        )
    };
    let legs: Vec<String> =
        [(0.025, 0.025), (-0.025, 0.025), (-0.025, -0.025), (0.025, -0.025)].iter().map(|&(x, z)| leg(x, z)).collect();
    format!(
        r#"#VRML_SIM R2023b utf8
WorldInfo {{ coordinateSystem "NUE" }}
Viewpoint {{ orientation 0.000858 0.685761 0.727826 3.462561 position 1.594683 0.472933 -0.34695 }}
Background {{ skyColor [ 0.4 0.7 1 ] }}
PointLight {{ location 0 0.3 0 }}
DEF FLOOR Solid {{
  translation -0.5 0 -0.5
  boundingObject Pose {{ translation 0.5 0 0.5 rotation 1 0 0 -1.57079632679 children [ Plane {{ }} ] }}
}}
DEF contact_points_and_center_of_mass Robot {{ controller "com_contacts_webots" supervisor TRUE }}
Robot {{
  translation -6.22315e-18 {ROBOT_Y} 2.41338e-17
  rotation 0.47187200579812727 0.8808960108240097 0.03686500045297869 0
  children [
    DEF GROUP Group {{ children [ {legs} Shape {{ geometry Box {{ size 0.1 0.1 0.1 }} }} ] }}
    Emitter {{ }}
    DEF SECONDARY_SOLID Solid {{
      children [ DEF SECONDARY_BODY Pose {{ translation 0 -0.05 0 rotation 1 0 0 -1.57079632679 children [ Shape {{ geometry Cylinder {{ height {LEG_H} radius {LEG_R} }} }} ] }} ]
      boundingObject USE SECONDARY_BODY
      physics Physics {{ }}
    }}
  ]
  boundingObject USE GROUP
  physics Physics {{ centerOfMass [ 0 -0.00619306 9.49912e-20 ] }}
  name "robot 1"
}}
DEF E_PUCK Robot {{
  translation 0 {box_y} 0
  name "e-puck"
  children [ Slot {{ endPoint DEF SLOT_SOLID Solid {{ boundingObject Box {{ size 0.01 0.01 0.01 }} physics Physics {{ density -1 mass 0.02 }} }} }} ]
}}
Robot {{ name "test suite supervisor" }}
"#,
        legs = legs.join(" "),
        // the box's centre 5 mm above robot 1's top face
        box_y = ROBOT_Y + 0.05 + 0.005
    )
}

fn run() -> RunOutput {
    let p = Project::new();
    p.controller("com_contacts_webots", "com_contacts_webots");
    p.world("com.wbt", &world());
    let out = p.run("com.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out
}

/// The numbers of a line after its `key`, words that are not numbers skipped.
fn numbers(line: &str) -> Vec<f64> {
    line.split_whitespace().filter_map(|w| w.parse().ok()).collect()
}

#[test]
fn webots_sequence_in_its_layout_centre_of_mass_twenty_and_twenty_four_points_and_a_removed_tracked_node() {
    let out = run();
    let lines = out.robot_lines("robot");
    let line = |start: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no {start:?} in {lines:#?}\n{}", out.stderr))
            .clone()
    };
    // WorldInfo, Viewpoint, Background, PointLight, FLOOR, the supervisor, robot 1, the E-puck, the test
    // suite's supervisor: Webots counts 9 and looks at the seventh; DEF names inside robot 1 and inside
    // the Slot are found from the root, as Webots' test finds SECONDARY_SOLID and SLOT_SOLID
    assert_eq!(line("children"), "children type MF_NODE count 9");
    assert_eq!(line("node 6"), "node 6 robot 1 secondary found slot box found");

    // centre of mass with the child: the cube (1 kg at density 1000) at the origin, four legs of
    // 1000·π·0.015²·0.05 kg each 0.05 below (the given centerOfMass, -0.00619306, is theirs: 4m·0.05/(1 + 4m)),
    // and the child's leg of the same mass 0.05 below: (5m·0.05)/(1 + 5m) below the robot's origin
    let leg = 1000.0 * std::f64::consts::PI * LEG_R * LEG_R * LEG_H;
    assert!((4.0 * leg * 0.05 / (1.0 + 4.0 * leg) - 0.00619306).abs() < 1e-8);
    let below = 5.0 * leg * 0.05 / (1.0 + 5.0 * leg);
    let com = numbers(&line("com"));
    let (c, at) = (&com[0..3], &com[3..6]);
    // (straight below the origin but for the tilt robot 1 takes in its first step on our contacts, a
    // fraction of a milliradian: a micrometre sideways at 7.5 mm)
    for k in [0, 2] {
        assert!((c[k] - at[k]).abs() < 5e-6, "{com:?}");
    }
    assert!((c[1] - (at[1] - below)).abs() < 1e-6, "{com:?}: {below} below the robot");
    // Webots' reference (0, 0.067383, 0), the summed deviation within 1e-5: robot 1 stays where Webots
    // saved it (its legs resting on the floor) to within a few micrometres
    let webots = [0.0, 0.067383, 0.0];
    let deviation: f64 = c.iter().zip(webots).map(|(a, b)| (a - b).abs()).sum();
    assert!(deviation <= 1e-5, "{com:?} is {deviation} from Webots' {webots:?}");

    // 20 points of robot 1's own by both APIs: 4 on each leg's cap, on its rim along x and z (Webots'
    // reference list, which its test builds but never compares: (cx ± 0.015, cz) and (cx, cz ± 0.015)),
    // at the floor, and the stand-in box's 4 corners on the top face
    assert_eq!(line("own old"), "own old 20");
    assert_eq!(line("own tracked"), "own tracked 20");
    let points: Vec<Vec<f64>> = lines.iter().filter(|l| l.starts_with("point ")).map(|l| numbers(l)).collect();
    assert!(lines.iter().filter(|l| l.starts_with("point ")).all(|l| l.ends_with(" node")));
    assert_eq!(points.len(), 20);
    let near = |x: f64, y: f64, z: f64| {
        points.iter().any(|p| (p[0] - x).abs() < 1e-3 && (p[1] - y).abs() < 2e-4 && (p[2] - z).abs() < 1e-3)
    };
    for (cx, cz) in [(0.025, 0.025), (-0.025, 0.025), (-0.025, -0.025), (0.025, -0.025)] {
        for (dx, dz) in [(LEG_R, 0.0), (-LEG_R, 0.0), (0.0, LEG_R), (0.0, -LEG_R)] {
            assert!(near(cx + dx, 0.0, cz + dz), "no rim point at ({}, {}): {points:?}", cx + dx, cz + dz);
        }
    }
    for (x, z) in [(0.005, 0.005), (-0.005, 0.005), (-0.005, -0.005), (0.005, -0.005)] {
        assert!(near(x, ROBOT_Y + 0.05, z), "no box corner at ({x}, {z}): {points:?}");
    }
    // with the descendants, the child's leg adds 4: robot 1's point first, SECONDARY_SOLID's last
    assert_eq!(line("all old"), "all old 24 first node last secondary");
    assert_eq!(line("all tracked"), "all tracked 24 first node last secondary");
    // a box resting on a face: 4 corners, also asked through the Slot's endPoint
    assert_eq!(line("slot box"), "slot box 4");
    // the centre of mass above the square the legs' rims span
    assert_eq!(line("static balance"), "static balance stable");

    // the tracked node removed two steps later: asked again, no crash, NULL, the size left as it was (-1
    // before the call: Webots returns before writing it), Webots' complaint
    assert_eq!(line("removed"), "removed -1 null");
    assert_eq!(line("count after removal"), "count after removal 8");
    assert_eq!(lines.last().map(String::as_str), Some("done"));
    for function in ["wb_supervisor_node_get_contact_points", "wb_supervisor_node_disable_pose_tracking"] {
        out.assert_stderr_has(&format!("Error: {function}() called with a NULL or invalid 'node' argument."));
    }
}
