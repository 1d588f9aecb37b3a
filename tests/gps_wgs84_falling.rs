//! Webots' `tests/api` world `gps_coordinates` as Webots builds it: a NUE world whose GPS reference is New
//! York (40.67° N, 73.94° W, 10 m), a robot with physics and nothing under it, its GPS 5 cm behind its
//! centre. The GPS says WGS84, reads the reference's latitude, longitude and altitude after one step,
//! then the speed of the fall; a western longitude turns into negative degrees, minutes and seconds.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2023b utf8
WorldInfo { coordinateSystem "NUE" gpsCoordinateSystem "WGS84" gpsReference 40.67 -73.94 10 }
Robot {
  translation 0.2 0.05 -0.4
  rotation 0 1 0 1.57
  controller "gps_wgs84_falling"
  children [
    DEF BOX Shape { geometry Box { size 0.1 0.1 0.1 } }
    GPS { translation -0.05 0 0 rotation 0 0 1 3.1415 }
  ]
  boundingObject USE BOX
  physics Physics { }
}
"#;

fn numbers(line: &str, tag: &str) -> Vec<f64> {
    line.strip_prefix(tag).unwrap_or_else(|| panic!("{line}")).split(' ').map(|w| w.parse().unwrap()).collect()
}

#[test]
fn a_falling_gps_near_new_york_reads_its_reference_then_the_fall_s_speed() {
    let p = Project::new();
    p.world("gps_coordinates.wbt", WORLD);
    p.controller("gps_wgs84_falling", "gps_wgs84_falling");
    let out = p.run("gps_coordinates.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_no_messages();
    let lines = out.robot_lines("robot");
    assert_eq!(lines.len(), 4, "{}\n{}", out.stdout, out.stderr);
    // WB_GPS_WGS84_COORDINATE
    assert_eq!(lines[0], "system 1");
    // a few decimetres from the reference: latitude, longitude, altitude (0.05 m up) within Webots' 0.1
    let v = numbers(&lines[1], "values ");
    for (got, want) in v.iter().zip([40.67, -73.94, 10.05]) {
        assert!((got - want).abs() < 0.1, "{v:?}");
    }
    // 21 steps of 32 ms falling freely: g·t = 6.6 m/s (Webots asks more than 0.005)
    let speed = numbers(&lines[2], "speed ")[0];
    let free_fall = 9.81 * 21.0 * 0.032;
    assert!((speed - free_fall).abs() < 0.1 * free_fall, "{speed} vs {free_fall}");
    // each part truncated toward zero in double arithmetic: 0.94° is 56.3999…′, whose 0.3999…′ is 23.99…″
    assert_eq!(lines[3], "dms -73° -56′ -23″");
}
