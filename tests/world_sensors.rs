//! Radars, light sensors, pens and vacuum grippers as a Webots user sees them, in one small world with
//! physics: a radar target 10 m ahead, a point light at known distances (behind a wall for one), a pen
//! writing on the floor (its trace file), a gripper taking hold of a box below it.

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
PointLight { location 3 0 1 attenuation 0 0 1 color 1 1 1 intensity 1 }
Solid { name "floor" boundingObject Plane { size 100 100 } }
Solid { name "target" translation 10 5 1 radarCrossSection 2 }
Solid { name "wall" translation 1.5 0 1 boundingObject Box { size 0.1 1 1 } }
Solid {
  name "box"
  translation 5 0 0.1
  children [ Shape { geometry Box { size 0.2 0.2 0.2 } } ]
  boundingObject Box { size 0.2 0.2 0.2 }
  physics Physics { }
}
Robot {
  translation 0 5 1
  controller "sensors_probe"
  children [
    Radar { }
    LightSensor { name "near light sensor" translation 2 -5 0 }
    LightSensor { name "far light sensor" translation 1 -5 0 }
    LightSensor { name "hidden light sensor" translation 0 -5 0 occlusion TRUE }
    Pen { translation 0 -2 0 }
    VacuumGripper {
      name "gripper"
      translation 5 -5 -0.755
      rotation 0 1 0 1.5707963
      boundingObject Box { size 0.1 0.2 0.2 }
    }
  ]
}
"#;

#[test]
fn sensors_measure_from_the_world() {
    let p = Project::new();
    p.controller("sensors_probe", "sensors_probe");
    check_sensors(&p, p.runner_command("sensors.wbt", &["--until", "1"]));
}

#[test]
fn sensors_measure_from_the_world_from_python() {
    let p = Project::new();
    p.python_controller("sensors_probe", "sensors_probe");
    let mut cmd = p.runner_command("sensors.wbt", &["--until", "1"]);
    cmd.env("WEBOTS_HOME", p.home());
    check_sensors(&p, cmd);
}

/// Runs `WORLD` with `cmd` (its controller `sensors_probe`, C or Python): what the radar, the light
/// sensors, the gripper and the pen measure and mark.
fn check_sensors(p: &Project, mut cmd: std::process::Command) {
    p.world("sensors.wbt", WORLD);
    let trace = p.path().join("pen.csv");
    cmd.env("WEBOTS_SHIM_PEN_TRACE", &trace);
    let out = common::to_output(cmd.output().unwrap(), std::time::Duration::ZERO);
    let lines = out.robot_lines("robot");
    let find = |prefix: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(prefix))
            .cloned()
            .unwrap_or_else(|| panic!("{prefix}: {lines:?}\n{}", out.stderr))
    };

    // the target 10 m ahead, straight on: received power = 20 dBm + 2·20 dBi + 10 log10(σ λ² / (4π)³ d⁴)
    let radar: Vec<f64> =
        find("radar 1 |").split('|').nth(1).unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
    let lambda = 299_792_458.0 / 24e9;
    let expected = 20.0 + 40.0 + 10.0 * (2.0 * lambda * lambda / (4.0 * std::f64::consts::PI).powi(3) / 1e4).log10();
    assert!((radar[0] - 10.0).abs() < 1e-4, "{radar:?}");
    assert!((radar[1] - expected).abs() < 1e-3, "{radar:?}, expected power {expected}");
    assert!(radar[2].abs() < 1e-9 && radar[3].abs() < 1e-9, "{radar:?}");

    // irradiance (1 / d²) · 1000 from the lookup table: 1 m away 1000, 2 m away 250; the one behind the
    // wall with occlusion sees no direct light
    let light: Vec<f64> = find("light").split_whitespace().skip(1).map(|v| v.parse().unwrap()).collect();
    assert!((light[0] - 1000.0).abs() < 1e-3 && (light[1] - 250.0).abs() < 1e-3, "{light:?}");
    assert_eq!(light[2], 0.0, "{light:?}");

    // the gripper holds the box while on, lets it go when off
    assert_eq!(find("presence before"), "presence before 0");
    assert_eq!(find("presence on"), "presence on 1");
    assert_eq!(find("presence off"), "presence off 0");

    // the pen marked the floor below it (z = 0) in orange, 6 steps, then stopped
    let text = std::fs::read_to_string(&trace).expect("the pen trace was written");
    let marks: Vec<&str> = text.lines().collect();
    assert_eq!(marks[0], "time,robot,pen,x,y,z,red,green,blue,density,lead_size");
    assert_eq!(marks.len() - 1, 6, "{text}");
    let first: Vec<&str> = marks[1].split(',').collect();
    assert_eq!(&first[..3], ["0.032", "robot", "pen"]);
    let xyz: Vec<f64> = first[3..6].iter().map(|v| v.parse().unwrap()).collect();
    assert!(xyz[0].abs() < 1e-9 && (xyz[1] - 3.0).abs() < 1e-9 && xyz[2].abs() < 1e-9, "{xyz:?}");
    assert_eq!(first[6..].join(","), format!("1,{},0,0.75,0.002", 128.0 / 255.0));
    out.assert_stderr_has(
        "Error: wb_radar_get_number_of_targets() called for a disabled device! Please use: wb_radar_enable().",
    );
}

/// A box of 8 kg (78 N) pressed 1 cm into a gripper that faces down, nothing below it.
fn hanging_world(tensile: f64) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 16 }}
DEF BOX Solid {{
  translation 0 0 0.91
  boundingObject Box {{ size 0.2 0.2 0.2 }}
  physics Physics {{ }}
}}
Robot {{
  translation 0 0 1.05
  controller "gripper_probe"
  supervisor TRUE
  children [
    VacuumGripper {{
      name "gripper"
      rotation 0 1 0 1.5707963
      tensileStrength {tensile}
      boundingObject Box {{ size 0.1 0.2 0.2 }}
    }}
  ]
}}
"#
    )
}

/// (presence, box height) every 64 ms, read by the C or the Python `gripper_probe`.
fn hanging(tensile: f64, python: bool) -> Vec<(i32, f64)> {
    let p = Project::new();
    p.world("hanging.wbt", &hanging_world(tensile));
    let out = if python {
        p.python_controller("gripper_probe", "gripper_probe");
        p.run_with_home("hanging.wbt", &[])
    } else {
        p.controller("gripper_probe", "gripper_probe");
        p.run("hanging.wbt", &[])
    };
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.robot_lines("robot")
        .iter()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[2].parse().unwrap(), w[4].parse().unwrap())
        })
        .collect()
}

#[test]
fn a_gripper_holds_a_box_it_touches_and_lets_go_past_its_tensile_strength() {
    check_hanging(false);
}

#[test]
fn a_gripper_holds_a_box_it_touches_and_lets_go_past_its_tensile_strength_from_python() {
    check_hanging(true);
}

fn check_hanging(python: bool) {
    // strong enough: the box hangs where it was caught
    let strong = hanging(1000.0, python);
    assert_eq!(strong.len(), 5);
    assert!(strong.iter().all(|(presence, _)| *presence == 1), "{strong:?}");
    assert!(strong.iter().all(|(_, z)| (z - strong[0].1).abs() < 0.01), "{strong:?}");
    // 78 N pull the box off a gripper holding 10 N: it falls
    let weak = hanging(10.0, python);
    assert_eq!(weak.last().unwrap().0, 0, "{weak:?}");
    assert!(weak.last().unwrap().1 < strong[0].1 - 0.05, "{weak:?}");
}
