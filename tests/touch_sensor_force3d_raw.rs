//! Webots' `tests/api` world `touch_sensor_force3d` as Webots builds it: a force-3d TouchSensor with an
//! empty lookup table (raw newtons, negative components kept) under a 1 kg robot reads nothing in free
//! fall and, once on the floor, the robot's weight pressing on it, in its own frame. Its z axis points down
//! here (turned half a turn about x), so the floor's push reads along −z, as in Webots' world.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 16 }
Solid { name "floor" boundingObject Plane { size 10 10 } }
Robot {
  name "r"
  translation 0 0 0.368527
  controller "force3d_raw"
  boundingObject Box { size 0.4 0.4 0.2 }
  physics Physics { density -1 mass 1 }
  children [
    TouchSensor {
      name "touch sensor"
      type "force-3d"
      lookupTable [ ]
      rotation 1 0 0 3.141592653589793
      boundingObject Box { size 0.3 0.3 0.3 }
      physics Physics { density -1 mass 1 }
    }
  ]
}
"#;

fn values(line: &str, prefix: &str) -> Vec<f64> {
    line.strip_prefix(prefix).unwrap_or_else(|| panic!("{line}")).split(' ').map(|w| w.parse().unwrap()).collect()
}

#[test]
fn a_force_3d_sensor_with_an_empty_table_reads_the_weight_above_it_in_newtons_along_its_own_axes() {
    let p = Project::new();
    p.world("force3d.wbt", WORLD);
    p.controller("force3d_raw", "force3d_raw");
    let out = p.run("force3d.wbt", &["--until", "2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let lines = out.robot_lines("r");
    assert_eq!(lines.len(), 2, "{}\n{}", out.stdout, out.stderr);
    // 80 ms into a 0.22 m fall nothing touches
    assert_eq!(values(&lines[0], "falling: "), [0.0, 0.0, 0.0]);
    // the 1 kg robot above the sensor weighs 9.81 N; Webots' tolerance is 0.1 N
    let on_floor = values(&lines[1], "on the floor: ");
    for (got, want) in on_floor.iter().zip([0.0, 0.0, -9.81]) {
        assert!((got - want).abs() < 0.1, "{on_floor:?}");
    }
}
