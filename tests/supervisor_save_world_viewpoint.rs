//! Webots' `tests/api` world `supervisor_save_world`: a supervisor writes a Sphere's radius (the Sphere a
//! DEF geometry of a Shape), steps, and saves the world under a relative name; the file, beside the
//! controller, has the new radius and the Viewpoint's orientation and position as they were read.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF VIEWPOINT Viewpoint {
  orientation -0.15446004944406294 -0.9863303157332812 -0.05739861837381841 1.19999
  position -1.85353 0.412186 0.697235
}
Shape { geometry DEF SPHERE Sphere { radius 0.1 } }
Robot { name "saver" supervisor TRUE controller "save_sphere" }
"#;

/// The numbers after `key` on the first line of `text` that starts with it (after indentation).
fn numbers(text: &str, key: &str) -> Vec<f64> {
    let line = text
        .lines()
        .map(str::trim_start)
        .find(|l| l.split_whitespace().next() == Some(key))
        .unwrap_or_else(|| panic!("no '{key}' line in\n{text}"));
    line.split_whitespace().skip(1).map(|w| w.parse().unwrap()).collect()
}

#[test]
fn a_saved_world_has_the_written_radius_and_the_viewpoint_it_had() {
    let p = Project::new();
    p.world("save.wbt", WORLD);
    p.controller("save_sphere", "save_sphere");
    let out = p.run("save.wbt", &["--until", "0.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("saver");
    assert_eq!(lines.len(), 3, "{}\n{}", out.stdout, out.stderr);
    assert_eq!(lines[2], "saved");
    let read = |i: usize| -> Vec<f64> { lines[i].split(' ').skip(1).map(|w| w.parse().unwrap()).collect() };
    let saved = std::fs::read_to_string(p.path().join("controllers/save_sphere/test.wbt")).unwrap();
    assert_eq!(numbers(&saved, "radius"), [0.2]);
    // the file's numbers are the values read, to the digits a world file keeps
    for (got, want) in
        numbers(&saved, "orientation").iter().zip(read(0)).chain(numbers(&saved, "position").iter().zip(read(1)))
    {
        assert!((got - want).abs() < 1e-9, "saved {got}, read {want}\n{saved}");
    }
    assert_eq!(numbers(&saved, "orientation").len(), 4);
    assert_eq!(numbers(&saved, "position").len(), 3);
}
