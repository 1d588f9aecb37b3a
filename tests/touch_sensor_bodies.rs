//! Force TouchSensors carry the load on them to their robot. Webots welds a TouchSensor with physics to
//! its parent and reads the weld's force; a light sensor between a heavy robot and what it touches must
//! still hold the robot up (or push it away), as ODE's exact solver makes it.

mod common;

use common::Project;

/// A 5 kg, 12 cm box standing on four 5 g force sensors (1 cm balls 5 cm below its centre, their +x
/// down onto the floor), at 32 ms: ODE's spring at Webots' default surface is 6250 N/m.
const FEET: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
    Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
    Robot { translation 0 0 0.07 controller \"force_feet\" \
      boundingObject Box { size 0.12 0.12 0.06 } physics Physics { density -1 mass 5 } \
      children [ GPS { } FOOT1 FOOT2 FOOT3 FOOT4 ] }\n";

fn foot(i: usize, x: f64, y: f64) -> String {
    format!(
        "TouchSensor {{ name \"f{i}\" type \"force\" translation {x} {y} -0.05 rotation 0 1 0 1.5708 \
         boundingObject Sphere {{ radius 0.01 }} physics Physics {{ mass 0.005 }} }}"
    )
}

#[test]
fn a_robot_stands_on_its_force_sensors_and_they_read_its_weight() {
    let p = Project::new();
    p.controller("force_feet", "force_feet");
    let world = FEET
        .replace("FOOT1", &foot(1, 0.05, 0.05))
        .replace("FOOT2", &foot(2, -0.05, 0.05))
        .replace("FOOT3", &foot(3, 0.05, -0.05))
        .replace("FOOT4", &foot(4, -0.05, -0.05));
    p.world("feet.wbt", &world);
    let out = p.run("feet.wbt", &["--until", "3.1"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let line = out.robot_lines("robot").into_iter().find(|l| l.starts_with("z ")).expect("the report");
    let v: Vec<f64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    let (z, readings) = (v[0], &v[1..]);
    // the balls' bottoms are 6 cm under the centre: resting on them, z = 0.06 less the depth; ODE's
    // springs (6250 N/m) share the 49.2 N among the four feet and sink them 1.97 mm (ODE itself, welds and
    // all: 1.99 mm, tools/ode_reference/resting_loads.c); the body's own box would touch the floor at 0.03
    let depth = 0.06 - z;
    let springs = 5.02 * 9.81 / (4.0 * 6250.0);
    assert!((depth - springs).abs() < 0.03 * springs, "the robot stands {z} m high: its feet sank {depth} m");
    // the default lookup table reads 10 per newton; each foot carries a quarter of the 5 kg body (their
    // own 20 g hang from it): ODE reads 12.2625 N on each
    let quarter = 5.0 * 9.81 / 4.0;
    for reading in readings {
        assert!(
            (reading / 10.0 - quarter).abs() < 0.01 * quarter,
            "a foot carries {reading}/10 N of {quarter}: {line}"
        );
    }
}

/// Webots' robot_multiple_step move: a 1 kg box robot set down by a supervisor with its bumper (a 5 mm
/// force TouchSensor ball) 7 mm deep in a fixed box, only the floor's friction holding it there.
const PUSH: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
    Solid { name \"floor\" boundingObject Plane { size 1 1 } }\n\
    Solid { translation -0.05 0.01 0.05 name \"wall\" boundingObject Box { size 0.1 0.05 0.1 } }\n\
    Robot { translation -0.05 0.1 0.0295 controller \"force_feet\" controllerArgs [ \"push\" ] \
      boundingObject Pose { translation 0 0 -0.004 children [ Box { size 0.05 0.05 0.05 } ] } \
      physics Physics { density -1 mass 1 } \
      children [ GPS { } TouchSensor { translation 0.01 -0.067 0 type \"force\" \
        boundingObject Sphere { radius 0.005 } physics Physics { } } ] }\n";

#[test]
fn a_bumper_pressed_into_a_wall_pushes_its_robot_out() {
    let p = Project::new();
    p.controller("force_feet", "force_feet");
    p.world("push.wbt", PUSH);
    let out = p.run("push.wbt", &["--until", "0.6"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let ys: Vec<f64> = out
        .robot_lines("robot")
        .iter()
        .filter_map(|l| l.split_whitespace().nth(2).and_then(|y| y.parse().ok()))
        .collect();
    assert!(ys.len() > 10, "{:?}", out.robot_lines("robot"));
    // the ball's centre starts at y = 0.033, 2 mm inside the wall's face (y = 0.035): 7 mm of the ball in
    // the wall, `0.107 - y` for the robot at y; ODE's spring (6250 N/m, 44 N at that depth against the
    // floor's 9.8 N of friction) pushes the robot out 5 mm within 0.4 s, leaving under 2 mm; a sensor that
    // could not carry its contact to the robot left it in place
    let last = *ys.last().unwrap();
    let left_in = 0.107 - last;
    assert!(left_in < 2.5e-3, "the bumper is still {left_in} m into the wall: {ys:?}");
}

/// A 1 kg box robot resting 1 cm short of a wall, its bumper (a 1 cm force TouchSensor ball) inside its
/// own box; the robot, a supervisor, writes the bumper's translation so that the ball sticks out 2 cm
/// into the wall.
const MOVED_BUMPER: &str = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
    Solid { name \"floor\" boundingObject Plane { size 2 2 } }\n\
    Solid { translation 0.11 0 0.1 name \"wall\" boundingObject Box { size 0.1 0.5 0.2 } }\n\
    Robot { translation 0 0 0.05 supervisor TRUE controller \"force_feet\" controllerArgs [ \"move\" \"0.07\" \"0\" \"0\" ] \
      boundingObject Box { size 0.1 0.1 0.1 } physics Physics { density -1 mass 1 } \
      children [ GPS { } DEF BUMPER TouchSensor { type \"force\" boundingObject Sphere { radius 0.01 } \
        physics Physics { mass 0.01 } } ] }\n";

#[test]
fn a_bumper_a_supervisor_moves_collides_where_it_was_put() {
    let p = Project::new();
    p.controller("force_feet", "force_feet");
    p.world("moved.wbt", MOVED_BUMPER);
    let out = p.run("moved.wbt", &["--until", "0.6"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let xs: Vec<f64> = out
        .robot_lines("robot")
        .iter()
        .filter_map(|l| l.split_whitespace().nth(1).and_then(|x| x.parse().ok()))
        .collect();
    assert!(xs.len() > 10, "{:?}", out.robot_lines("robot"));
    // the ball, now 7 cm ahead of the robot's centre, reaches 2 cm into the wall (its face at x = 0.06):
    // the wall pushes the robot back until the ball only touches it, the robot's centre at x = -0.02;
    // left inside the robot's box, the ball touched nothing and the robot stayed at 0
    let last = *xs.last().unwrap();
    assert!((last + 0.02).abs() < 2e-3, "the robot is at x = {last}: {xs:?}");
}
