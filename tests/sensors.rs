//! The sensors computed from the world (GPS, Gyro, Accelerometer, InertialUnit, DistanceSensor,
//! TouchSensor) as a Webots user meets them: Webots' own API tests reproduced in C, then
//! `sensor_probe` readings compared with what geometry and mechanics give for the world each test
//! writes.

mod common;

use std::collections::HashMap;

use common::{Project, RunOutput};
use nalgebra::{Rotation3, Unit, UnitQuaternion, Vector3};

/// What `sensor_probe` printed for each device: its info line and its samples (time ms, values).
#[derive(Debug, Default)]
struct Probe {
    info: HashMap<String, String>,
    samples: HashMap<String, Vec<(f64, Vec<f64>)>>,
}

impl Probe {
    fn of(out: &RunOutput, robot: &str) -> Probe {
        let mut probe = Probe::default();
        for line in out.robot_lines(robot) {
            if let Some(rest) = line.strip_prefix("info ") {
                let (name, info) = rest.split_once(' ').unwrap_or((rest, ""));
                probe.info.insert(name.to_string(), info.to_string());
            } else if let Some(rest) = line.strip_prefix("t=") {
                let mut words = rest.split_whitespace();
                let t: f64 = words.next().unwrap().parse().unwrap();
                let name = words.next().unwrap().to_string();
                let values = words.map(|w| if w == "nan" { f64::NAN } else { w.parse().unwrap() }).collect();
                probe.samples.entry(name).or_default().push((t, values));
            }
        }
        probe
    }

    /// Device `name`'s samples.
    fn of_device(&self, name: &str) -> &[(f64, Vec<f64>)] {
        self.samples.get(name).unwrap_or_else(|| panic!("no samples of {name}: {self:?}"))
    }

    /// Device `name`'s last sample.
    fn last(&self, name: &str) -> &[f64] {
        &self.of_device(name).last().expect("a sample").1
    }
}

/// `actual` matches `expected` within `tolerance` (NaN matches NaN).
fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64, what: &str) {
    assert_eq!(actual.len(), expected.len(), "{what}: {actual:?} vs {expected:?}");
    for (a, e) in actual.iter().zip(expected) {
        let ok = if e.is_nan() { a.is_nan() } else { (a - e).abs() <= tolerance };
        assert!(ok, "{what}: got {actual:?}, expected {expected:?} (within {tolerance})");
    }
}

fn ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

/// Runs `world` with the controllers named in `controllers` (each built from tests/c/<name>.c).
fn run(world: &str, controllers: &[&str], args: &[&str]) -> RunOutput {
    let p = Project::new();
    for c in controllers {
        p.controller(c, c);
    }
    p.world("w.wbt", world);
    p.run("w.wbt", args)
}

// ---------------------------------------------------------------------------------------------------
// Webots' scenarios

#[test]
fn webots_gyro_test_a_motor_spinning_the_endpoint_at_10_rad_s() {
    // Webots' world (NUE): the robot turned a quarter about y, the hinge about y
    let nue = "#VRML_SIM R2021c utf8\nWorldInfo { coordinateSystem \"NUE\" }\n\
        Robot { rotation 0 1 0 1.5708 controller \"gyro_webots\" controllerArgs [ \"1\" ] children [ HingeJoint { \
          jointParameters HingeJointParameters { axis 0 1 0 } device [ RotationalMotor { } ] \
          endPoint Solid { children [ Gyro { lookupTable [ -100 -100 0, 100 100 0 ] } ] physics Physics { } } } ] }\n";
    let out = run(nue, &["gyro_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("gyro test passed");
    // the same in an ENU world: z is up
    let enu = "#VRML_SIM R2025a utf8\nWorldInfo { }\n\
        Robot { rotation 0 0 1 1.5708 controller \"gyro_webots\" controllerArgs [ \"2\" ] children [ HingeJoint { \
          jointParameters HingeJointParameters { axis 0 0 1 } device [ RotationalMotor { } ] \
          endPoint Solid { children [ Gyro { lookupTable [ -100 -100 0, 100 100 0 ] } ] \
          boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } } } ] }\n";
    let out = run(enu, &["gyro_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("gyro test passed");
}

#[test]
fn webots_accelerometer_test_a_robot_at_rest_reads_g_upward() {
    // Webots' world (NUE, R2020b): the accelerometer on a motor's endPoint, the robot without physics
    let solid = "endPoint Solid { children [ Accelerometer { lookupTable [ -1000 -1000 0, 1000 1000 0 ] } ] \
                 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } }";
    let nue = format!(
        "#VRML_SIM R2020b utf8\nWorldInfo {{ }}\nRobot {{ controller \"accelerometer_webots\" controllerArgs [ \"1\" ] \
         children [ HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 }} \
         device [ RotationalMotor {{ name \"motor\" }} ] {solid} }} ] }}\n"
    );
    let out = run(&nue, &["accelerometer_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("accelerometer test passed");
    let enu = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 3.5 }}\nRobot {{ controller \"accelerometer_webots\" \
         controllerArgs [ \"2\" \"3.5\" ] children [ HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 }} \
         device [ RotationalMotor {{ name \"motor\" }} ] {solid} }} ] }}\n"
    );
    let out = run(&enu, &["accelerometer_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("accelerometer test passed");
}

#[test]
fn webots_inertial_unit_test_rotations_give_roll_pitch_yaw() {
    for (version, system) in [("R2021c", "NUE"), ("R2025a", "ENU")] {
        let world = format!(
            "#VRML_SIM {version} utf8\nWorldInfo {{ coordinateSystem \"{system}\" }}\n\
             DEF AIRPLANE Robot {{ translation 0.48 0.39 -0.07 supervisor TRUE controller \"inertial_unit_webots\" \
             controllerArgs [ \"{system}\" ] children [ InertialUnit {{ noise 0.000005 }} ] }}\n"
        );
        let out = run(&world, &["inertial_unit_webots"], &[]);
        ok(&out);
        out.assert_stdout_has("inertial unit test passed");
    }
}

#[test]
fn webots_gps_test_the_device_position_at_every_step() {
    // Webots' world: the robot at (0.2, 0.05, -0.4) turned 1.57 rad about y, the GPS 5 cm behind its
    // centre: at (0.2 - 0.05 cos 1.57, 0.05, -0.4 + 0.05 sin 1.57)
    let (x, z) = (0.2 - 0.05 * 1.57f64.cos(), -0.4 + 0.05 * 1.57f64.sin());
    // Webots' test expects (0.19996, 0.05, -0.35) within 1e-6
    assert!((x - 0.19996).abs() < 1e-6 && (z + 0.35).abs() < 1e-6, "{x} {z}");
    let world = format!(
        "#VRML_SIM R2021c utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n\
         DEF ROBOT Robot {{ translation 0.2 0.05 -0.4 rotation 0 1 0 1.57 controller \"gps_webots\" \
         controllerArgs [ \"{x}\" \"0.05\" \"{z}\" ] children [ Shape {{ geometry Box {{ size 0.1 0.1 0.1 }} }} \
         GPS {{ translation -0.05 0 0 rotation 0 0 1 3.1415 }} ] }}\n"
    );
    let out = run(&world, &["gps_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("gps test passed");
    out.assert_stderr_has("Error: wb_gps_get_values() called for a disabled device! Please use: wb_gps_enable().");
}

#[test]
fn webots_distance_sensor_tests_sonar_laser_and_resolution() {
    // Webots' sonar world (NUE): four 20-ray sonars around a robot 0.1 m above the floor: a box face
    // 0.1 m ahead, nothing behind, the floor 0.05 m below, plates to the side (one tilted)
    let sonar = |name: &str, pose: &str| {
        format!(
            "DistanceSensor {{ {pose} name \"{name}\" lookupTable [ 0 0 0, 1 1 0 ] type \"sonar\" numberOfRays 20 }}"
        )
    };
    let world = format!(
        "#VRML_SIM R2021c utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n\
         Robot {{ translation 0 0.1 0 controller \"distance_webots\" controllerArgs [ \"2\" \"ds0\" \"0.1\" \"ds1\" \"1\" \
           \"ds2\" \"0.05\" \"ds3\" \"0.218207\" ] children [ {} {} {} {} ] }}\n\
         Solid {{ translation -0.101643 0.1 -0.246648 rotation 0.19897691071141957 0.19897791071097085 0.9595915693944151 1.61204 \
           boundingObject Box {{ size 0.1 0.1 0.01 }} }}\n\
         Solid {{ translation 0.2 0.1 0 rotation 0 0 1 1.5708 name \"solid(1)\" boundingObject Box {{ size 0.1 0.1 0.1 }} }}\n\
         Solid {{ translation 0.106512 0.1 -0.344285 rotation 0 0 1 1.5708 name \"solid(2)\" boundingObject Box {{ size 0.1 0.1 0.01 }} }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n",
        sonar("ds0", "translation 0.05 0 0"),
        sonar("ds1", "translation -0.05 0 0 rotation 0 1 0 3.1416"),
        sonar("ds2", "translation 0 -0.05 0 rotation 0 0 1 -1.5708"),
        sonar("ds3", "translation 0 0 -0.05 rotation 0 1 0 1.5708"),
    );
    let out = run(&world, &["distance_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("distance sensor test passed");
    // Webots' laser world: a plane 5 cm ahead of ds0 (default table: 500), nothing for ds1 (1000)
    let world = "#VRML_SIM R2020b utf8\nWorldInfo { coordinateSystem \"NUE\" }\n\
        Robot { controller \"distance_webots\" controllerArgs [ \"1\" \"ds0\" \"500\" \"ds1\" \"1000\" ] children [ \
          DistanceSensor { name \"ds0\" type \"laser\" aperture 0.01 } \
          DistanceSensor { rotation 0 1 0 1.5708 name \"ds1\" type \"laser\" aperture 0.01 } ] }\n\
        Solid { translation 0.05 0 0 rotation 0 0 1 1.5708 boundingObject Plane { } }\n";
    let out = run(world, &["distance_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("distance sensor test passed");
    // Webots' resolution world: a plane at 0.0987654; each resolution rounds the reading as Webots does
    let world = "#VRML_SIM R2021c utf8\nWorldInfo { coordinateSystem \"NUE\" }\n\
        Robot { controller \"distance_webots\" controllerArgs [ \"1\" \"ds0\" \"987.654\" \"ds1\" \"987.65\" \
          \"ds2\" \"987.7\" \"ds3\" \"987.6\" \"ds4\" \"990\" ] children [ DistanceSensor { name \"ds0\" } \
          DistanceSensor { name \"ds1\" resolution 0.01 } DistanceSensor { name \"ds2\" resolution 0.1 } \
          DistanceSensor { name \"ds3\" resolution 0.3 } DistanceSensor { name \"ds4\" resolution 15 } ] }\n\
        Solid { translation 0.0987654 0 0 rotation 0 0 1 1.5708 boundingObject Plane { } }\n";
    let out = run(world, &["distance_webots"], &[]);
    ok(&out);
    out.assert_stdout_has("distance sensor test passed");
}

// ---------------------------------------------------------------------------------------------------
// Gyro

#[test]
fn a_gyro_reads_its_bodys_spin_in_its_own_frame_through_axes_table_and_resolution() {
    // no gravity, a sphere (isotropic: its spin stays constant) spinning at w from the start; the body turns
    // about w, so every gyro keeps reading w in its initial frame
    let w = [0.3, -0.2, 1.5];
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\n\
         Robot {{ name \"spinner\" controller \"sensor_probe\" \
         controllerArgs [ \"4\" \"plain\" \"turned\" \"masked\" \"coarse\" \"scaled\" ] \
         angularVelocity {} {} {} boundingObject Sphere {{ radius 0.1 }} physics Physics {{ }} children [ \
           Gyro {{ name \"plain\" }} Gyro {{ name \"turned\" rotation 0 0 1 1.5707963267948966 }} \
           Gyro {{ name \"masked\" xAxis FALSE zAxis FALSE }} Gyro {{ name \"coarse\" resolution 0.25 }} \
           Gyro {{ name \"scaled\" lookupTable [ -10 -20 0, 10 20 0 ] }} ] }}\n",
        w[0], w[1], w[2]
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    let probe = Probe::of(&out, "spinner");
    assert_eq!(probe.info["plain"], "table=0");
    assert_eq!(probe.info["scaled"], "table=2 -10 -20 0 10 20 0");
    for (t, v) in probe.of_device("plain") {
        assert_close(v, &w, 1e-9, &format!("plain at {t}"));
    }
    // turned a quarter about z: its x is the world's y, its y the world's -x
    assert_close(probe.last("turned"), &[w[1], -w[0], w[2]], 1e-9, "turned");
    assert_close(probe.last("masked"), &[f64::NAN, w[1], f64::NAN], 1e-9, "masked");
    // Webots' rounding: (int)(x / 0.25 + 0.5) * 0.25, toward zero for negatives: -0.2 -> (int)(-0.3) = 0
    assert_close(probe.last("coarse"), &[0.25, 0.0, 1.5], 1e-12, "coarse");
    assert_close(probe.last("scaled"), &[2.0 * w[0], 2.0 * w[1], 2.0 * w[2]], 1e-9, "scaled");
    assert_eq!(probe.of_device("plain").len(), 4);
}

#[test]
fn a_gyro_without_a_body_warns_once_and_reads_zero() {
    // one world with an engine (the gyro's robot has no physics), one without any
    for physics in ["Solid { translation 5 0 0 boundingObject Sphere { radius 0.1 } physics Physics { } }", ""] {
        let world = format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n{physics}\n\
             Robot {{ name \"r\" controller \"sensor_probe\" controllerArgs [ \"3\" \"gyro\" ] children [ Gyro {{ }} ] }}\n"
        );
        let out = run(&world, &["sensor_probe"], &[]);
        ok(&out);
        for (_, v) in Probe::of(&out, "r").of_device("gyro") {
            assert_close(v, &[0.0; 3], 0.0, "no body");
        }
        let warning = "Gyro \"gyro\": this node or its parents requires a 'physics' field to be functional.";
        assert_eq!(out.stderr.matches(warning).count(), 1, "{}", out.stderr);
    }
}

// ---------------------------------------------------------------------------------------------------
// Accelerometer

#[test]
fn an_accelerometer_reads_g_at_rest_zero_in_free_fall_and_the_axes_of_its_frame() {
    let g = 9.81;
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\n\
        Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
        Robot { name \"sitter\" translation 0 0 0.05 controller \"sensor_probe\" controllerArgs [ \"60\" \"upright\" \"side\" ] \
          boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } children [ \
          Accelerometer { name \"upright\" } Accelerometer { name \"side\" rotation 1 0 0 1.5707963267948966 } ] }\n\
        Robot { name \"faller\" translation 3 0 20 controller \"sensor_probe\" controllerArgs [ \"20\" \"acc\" ] \
          boundingObject Sphere { radius 0.1 } physics Physics { } children [ Accelerometer { name \"acc\" } ] }\n";
    let out = run(world, &["sensor_probe"], &[]);
    ok(&out);
    let sitter = Probe::of(&out, "sitter");
    // the box sits on the floor from the start: +g upward, after it settles
    assert_close(sitter.last("upright"), &[0.0, 0.0, g], 0.01, "at rest");
    // turned a quarter about x: its y axis points up
    assert_close(sitter.last("side"), &[0.0, g, 0.0], 0.01, "on its side");
    // free fall from the first sample on (the body starts at rest, as the previous velocity does)
    for (t, v) in Probe::of(&out, "faller").of_device("acc") {
        assert_close(v, &[0.0; 3], 1e-9, &format!("falling at {t}"));
    }
}

#[test]
fn an_accelerometer_off_the_spin_axis_reads_the_centripetal_acceleration() {
    // no gravity; a sphere spinning at w about z from the start; the accelerometer r from its centre on x
    let (w, r, dt) = (2.0f64, 0.5f64, 0.032f64);
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\n\
         Robot {{ name \"spinner\" controller \"sensor_probe\" controllerArgs [ \"5\" \"acc\" ] angularVelocity 0 0 {w} \
           boundingObject Sphere {{ radius 0.1 }} physics Physics {{ }} children [ Accelerometer {{ name \"acc\" translation {r} 0 0 }} ] }}\n"
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    // the device at angle a moves at w r (-sin a, cos a); the reading is the change of that velocity over
    // the period, in the device's frame (turned by a); the first sample differences from rest (Webots)
    let velocity = |a: f64| [-w * r * a.sin(), w * r * a.cos()];
    for (k, (t, v)) in Probe::of(&out, "spinner").of_device("acc").iter().enumerate() {
        let a = w * dt * (k + 1) as f64;
        let before = if k == 0 { [0.0, 0.0] } else { velocity(a - w * dt) };
        let now = velocity(a);
        let world_a = [(now[0] - before[0]) / dt, (now[1] - before[1]) / dt];
        let local = [world_a[0] * a.cos() + world_a[1] * a.sin(), -world_a[0] * a.sin() + world_a[1] * a.cos()];
        // within 1e-4 of it: the engine turns bodies by linearised quarter steps (2e-5 short of w dt)
        assert_close(v, &[local[0], local[1], 0.0], 1e-4 * w * r / dt, &format!("at {t}"));
        if k > 0 {
            // about w² r toward the centre
            assert!((local[0] + w * w * r).abs() < 0.01 * w * w * r, "{local:?}");
        }
    }
}

#[test]
fn an_accelerometer_without_a_body_above_it_reads_nan_and_warns_once() {
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { }\n\
        Solid { translation 5 0 0 boundingObject Sphere { radius 0.1 } physics Physics { } }\n\
        Robot { name \"r\" controller \"sensor_probe\" controllerArgs [ \"3\" \"accelerometer\" ] children [ \
          Accelerometer { boundingObject Sphere { radius 0.01 } physics Physics { } } ] }\n";
    let out = run(world, &["sensor_probe"], &[]);
    ok(&out);
    // its own Physics does not count: only its parent's body does
    for (_, v) in Probe::of(&out, "r").of_device("accelerometer") {
        assert_close(v, &[f64::NAN; 3], 0.0, "no parent body");
    }
    let warning =
        "Accelerometer \"accelerometer\": Parent of Accelerometer node has no physics: measurements may be wrong.";
    assert_eq!(out.stderr.matches(warning).count(), 1, "{}", out.stderr);
}

// ---------------------------------------------------------------------------------------------------
// GPS

#[test]
fn a_gps_follows_a_falling_body_its_speed_and_speed_vector() {
    let (g, dt, z0) = (9.81f64, 0.016f64, 20.0f64);
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n\
         Robot {{ name \"faller\" translation 1 2 {z0} controller \"sensor_probe\" controllerArgs [ \"30\" \"gps\" ] \
           boundingObject Sphere {{ radius 0.1 }} physics Physics {{ }} children [ GPS {{ translation 0 0 0.1 }} ] }}\n"
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    let probe = Probe::of(&out, "faller");
    assert_eq!(probe.info["gps"], "coordinates=0");
    let samples = probe.of_device("gps");
    assert_eq!(samples.len(), 30);
    for (t, v) in samples {
        let t = t / 1000.0;
        // the engine integrates velocity first, then position: z0 - g t²/2 less g dt t / 2
        let z = z0 + 0.1 - g * t * t / 2.0;
        assert!((v[0] - 1.0).abs() < 1e-12 && (v[1] - 2.0).abs() < 1e-12, "{v:?}");
        assert!(v[2] <= z + 1e-9 && v[2] >= z - g * dt * t / 2.0 - 1e-9, "z at {t}: {} vs {z}", v[2]);
        // speed and velocity: g t downward
        assert_close(&v[3..], &[g * t, 0.0, 0.0, -g * t], 1e-9, &format!("speed at {t}"));
    }
}

#[test]
fn a_gps_on_a_body_without_physics_reads_the_speed_between_its_samples() {
    // a supervisor moves the robot 0.1 m along x and 0.05 m along y at every 32 ms step
    let moves: Vec<[f64; 3]> = (1..=5).map(|k| [0.1 * k as f64, 0.05 * k as f64, 0.3]).collect();
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ }}\n\
         Robot {{ name \"mover\" supervisor TRUE controller \"sensor_mover\" controllerArgs [ \"WALKER\" {} ] }}\n\
         DEF WALKER Robot {{ name \"walker\" translation 0 0 0.3 controller \"sensor_probe\" controllerArgs [ \"5\" \"gps\" ] \
           children [ GPS {{ }} ] }}\n",
        path(&moves)
    );
    let out = run(&world, &["sensor_probe", "sensor_mover"], &[]);
    ok(&out);
    let samples = Probe::of(&out, "walker").of_device("gps").to_vec();
    assert_eq!(samples.len(), 5);
    let (vx, vy) = (0.1f64 / 0.032, 0.05f64 / 0.032);
    for (k, (t, v)) in samples.iter().enumerate() {
        let k = (k + 1) as f64;
        assert_close(&v[..3], &[0.1 * k, 0.05 * k, 0.3], 1e-12, &format!("position at {t}"));
        if k == 1.0 {
            // no previous sample: no speed
            assert_close(&v[3..], &[f64::NAN; 4], 0.0, "first speed");
        } else {
            assert_close(&v[3..], &[(vx * vx + vy * vy).sqrt(), vx, vy, 0.0], 1e-9, &format!("speed at {t}"));
        }
    }
}

#[test]
fn a_gps_in_a_wgs84_world_reads_latitude_longitude_and_altitude() {
    let (lat0, lon0, alt0) = (46.5f64, 6.6f64, 372.0f64);
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ gpsCoordinateSystem \"WGS84\" gpsReference {lat0} {lon0} {alt0} }}\n\
         Robot {{ name \"r\" controller \"sensor_probe\" controllerArgs [ \"1\" \"origin\" \"north\" ] children [ \
           GPS {{ name \"origin\" }} GPS {{ name \"north\" translation 0 1000 20 }} ] }}\n"
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    let probe = Probe::of(&out, "r");
    assert_eq!(probe.info["origin"], "coordinates=1");
    // (within 1e-8°, a millimetre: the UTM series round trip)
    assert_close(&probe.last("origin")[..3], &[lat0, lon0, alt0], 1e-8, "the reference itself");
    // 1 km of UTM northing near the zone's central meridian (3° east of it here): dφ = 1000 / (k0 M),
    // M the meridian's radius of curvature on the WGS84 ellipsoid
    let (a, f, k0) = (6_378_137.0f64, 1.0 / 298.257_223_563f64, 0.9996f64);
    let e2 = f * (2.0 - f);
    let phi = lat0.to_radians();
    let m = a * (1.0 - e2) / (1.0 - e2 * phi.sin().powi(2)).powf(1.5);
    let north = probe.last("north");
    let dlat = (1000.0 / (k0 * m)).to_degrees();
    // off the central meridian, grid north turns from true north by the convergence (~2.2° here)
    assert!((north[0] - lat0 - dlat).abs() < 0.01 * dlat, "latitude {} vs {}", north[0], lat0 + dlat);
    assert!((north[1] - lon0).abs() < 0.05 * dlat, "longitude {}", north[1]);
    assert!((north[2] - alt0 - 20.0).abs() < 1e-9, "altitude {}", north[2]);
}

#[test]
fn a_gps_follows_a_coordinate_system_a_supervisor_changes() {
    // Webots' gps_coordinates_north_direction: 1 km along world x is north under NUE and east under
    // ENU; the height (y under NUE, z under ENU) stays 0
    let world =
        "#VRML_SIM R2025a utf8\nDEF INFO WorldInfo { coordinateSystem \"NUE\" gpsCoordinateSystem \"WGS84\" }\n\
        Robot { translation 1000 0 0 supervisor TRUE controller \"gps_axes_switch\" children [ GPS { } ] }\n";
    let out = run(world, &["gps_axes_switch"], &["--until", "1"]);
    assert!(out.status.success(), "{}", out.stderr);
    let lines = out.robot_lines("robot");
    assert_eq!(lines.len(), 2, "{}\n{}", out.stdout, out.stderr);
    let values = |line: &str, label: &str| -> [f64; 3] {
        let rest = line.strip_prefix(&format!("{label}: ")).unwrap_or_else(|| panic!("{line}"));
        let w: Vec<&str> = rest.split(' ').collect();
        [w[1].parse().unwrap(), w[3].parse().unwrap(), w[5].parse().unwrap()]
    };
    let (nue, enu) = (values(&lines[0], "NUE"), values(&lines[1], "ENU"));
    // a degree of latitude or longitude at the equator is about 110.6 and 111.3 km (WGS84): 1 km is
    // close to 0.009 degrees either way; the UTM grid's scale near the reference shifts it by < 1 %
    let degree_of_km = 1000.0 / 111_000.0;
    assert!((nue[0] / degree_of_km - 1.0).abs() < 0.01, "latitude under NUE: {nue:?}");
    // (1e-6 degrees is 0.1 m: the UTM round trip off its central meridian)
    assert!(nue[1].abs() < 1e-6 && nue[2].abs() < 1e-6, "{nue:?}");
    assert!((enu[1] / degree_of_km - 1.0).abs() < 0.01, "longitude under ENU: {enu:?}");
    assert!(enu[0].abs() < 1e-6 && enu[2].abs() < 1e-6, "{enu:?}");
}

#[test]
fn gps_noise_is_seeded_with_accuracy_as_its_spread_and_resolution_rounds() {
    // a static robot (position noise, resolution, the world's gpsReference added) and one gliding at
    // 1.23 m/s along x in zero gravity (speed noise, relative; speed resolution)
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 randomSeed 5 gravity 0 gpsReference 10 20 30 }\n\
        Robot { name \"r\" translation 1 2 3 controller \"sensor_probe\" controllerArgs [ \"400\" \"noisy\" \"coarse\" ] \
          children [ GPS { name \"noisy\" accuracy 0.2 } GPS { name \"coarse\" resolution 0.5 } ] }\n\
        Robot { name \"glider\" translation 0 5 0 controller \"sensor_probe\" controllerArgs [ \"400\" \"speedy\" \"rounded\" ] \
          linearVelocity 1.23 0 0 boundingObject Sphere { radius 0.1 } physics Physics { } children [ \
          GPS { name \"speedy\" speedNoise 0.1 } GPS { name \"rounded\" speedResolution 0.5 } ] }\n";
    let first = run_seeded(world, &["r", "glider"]);
    let probe = Probe::of(&first, "r");
    for (axis, truth) in [11.0, 22.0, 33.0].into_iter().enumerate() {
        let xs: Vec<f64> = probe.of_device("noisy").iter().map(|s| s.1[axis]).collect();
        assert_spread(&xs, truth, 0.2, &format!("axis {axis}"));
    }
    // (int)(x / 0.5 + 0.5) * 0.5
    assert_close(&probe.last("coarse")[..3], &[11.0, 22.0, 33.0], 0.0, "coarse");
    let glider = Probe::of(&first, "glider");
    let speeds: Vec<f64> = glider.of_device("speedy").iter().map(|s| s.1[3]).collect();
    assert_spread(&speeds, 1.23, 0.123, "speed");
    // the speed vector is never noisy
    assert!(glider.of_device("speedy").iter().all(|s| (s.1[4] - 1.23).abs() < 1e-12), "speed vector");
    assert_close(&glider.last("rounded")[3..], &[1.0, 1.23, 0.0, 0.0], 1e-12, "speed resolution");
}

/// Noisy draws (hundreds): their mean within 3 standard errors of `mean`, their spread within 15 % of
/// `sd`.
fn assert_spread(xs: &[f64], mean: f64, sd: f64, what: &str) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let s = (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    assert!((m - mean).abs() < 3.0 * sd / n.sqrt(), "{what}: mean {m}, expected {mean}");
    assert!((s - sd).abs() < 0.15 * sd, "{what}: sd {s}, expected {sd}");
}

/// Runs the noisy `world` with its seed twice and with `--seed 1234` once: the first run, after checking
/// that `robots` printed the same lines twice and other lines with the other seed.
fn run_seeded(world: &str, robots: &[&str]) -> RunOutput {
    let p = Project::new();
    p.controller("sensor_probe", "sensor_probe");
    p.world("w.wbt", world);
    let [first, again, other] = [&[][..], &[], &["--seed", "1234"]].map(|args| p.run("w.wbt", args));
    ok(&first);
    for robot in robots {
        assert_eq!(first.robot_lines(robot), again.robot_lines(robot), "same seed, same readings");
        assert_ne!(first.robot_lines(robot), other.robot_lines(robot), "another seed, other readings");
    }
    first
}

// ---------------------------------------------------------------------------------------------------
// InertialUnit

/// A rotation as a world file writes it ("x y z angle", full precision).
fn rotation_text(r: &Rotation3<f64>) -> String {
    let (axis, angle) = r.axis_angle().expect("not the identity");
    format!("{:?} {:?} {:?} {:?}", axis.x, axis.y, axis.z, angle)
}

/// (x, y, z, w) with Webots' sign: w ≥ 0 when the trace is (Shepperd's method).
fn quaternion_of(r: &Rotation3<f64>) -> [f64; 4] {
    let q = UnitQuaternion::from_rotation_matrix(r);
    let s = if r.matrix().trace() >= 0.0 && q.w < 0.0 { -1.0 } else { 1.0 };
    [s * q.i, s * q.j, s * q.k, s * q.w]
}

#[test]
fn an_inertial_unit_reads_a_known_tilt_as_roll_pitch_yaw_and_quaternion() {
    let (roll, pitch, yaw) = (0.3, -0.4, 2.0);
    // ENU: yaw about z, then pitch about y, then roll about x
    let enu = Rotation3::from_euler_angles(roll, pitch, yaw);
    // NUE (Webots' older worlds): yaw about y (up), pitch about z, roll about x
    let nue = Rotation3::from_axis_angle(&Vector3::y_axis(), yaw)
        * Rotation3::from_axis_angle(&Vector3::z_axis(), pitch)
        * Rotation3::from_axis_angle(&Vector3::x_axis(), roll);
    for (version, system, r) in [("R2025a", "ENU", enu), ("R2021b", "NUE", nue)] {
        // the unit's robot and the unit itself each carry part of the tilt
        let half = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(1.0, 2.0, 3.0)), 0.7);
        let world = format!(
            "#VRML_SIM {version} utf8\nWorldInfo {{ coordinateSystem \"{system}\" }}\n\
             Robot {{ name \"r\" rotation {} controller \"sensor_probe\" controllerArgs [ \"2\" \"imu\" ] children [ \
               InertialUnit {{ name \"imu\" rotation {} }} ] }}\n",
            rotation_text(&half),
            rotation_text(&(half.inverse() * r))
        );
        let out = run(&world, &["sensor_probe"], &[]);
        ok(&out);
        let probe = Probe::of(&out, "r");
        assert_eq!(probe.info["imu"], "noise=0");
        let v = probe.last("imu");
        assert_close(&v[..3], &[roll, pitch, yaw], 1e-9, system);
        assert_close(&v[3..], &quaternion_of(&r), 1e-9, system);
    }
}

#[test]
fn inertial_unit_axes_resolution_and_noise() {
    // tilted 0.5 rad about (1 1 1)
    let tilt = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(1.0, 1.0, 1.0)), 0.5);
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 8 randomSeed 11 }}\n\
         Robot {{ name \"tilted\" rotation {} controller \"sensor_probe\" \
           controllerArgs [ \"1\" \"nox\" \"noy\" \"noz\" \"coarse\" ] children [ \
           InertialUnit {{ name \"nox\" xAxis FALSE }} InertialUnit {{ name \"noy\" yAxis FALSE }} \
           InertialUnit {{ name \"noz\" zAxis FALSE }} InertialUnit {{ name \"coarse\" resolution 0.1 }} ] }}\n\
         Robot {{ name \"level\" controller \"sensor_probe\" controllerArgs [ \"400\" \"noisy\" ] children [ \
           InertialUnit {{ name \"noisy\" noise 0.01 }} ] }}\n",
        rotation_text(&tilt)
    );
    let out = run_seeded(&world, &["level"]);
    let tilted = Probe::of(&out, "tilted");
    let (s, c) = (0.25f64.sin(), 0.25f64.cos());
    let h = s / 2f64.sqrt();
    // a disabled axis zeroes one component of the rotation's axis (Webots' legacy mapping: yAxis the z
    // component, zAxis the y component), the angle kept
    assert_close(&tilted.last("nox")[3..], &[0.0, h, h, c], 1e-9, "xAxis FALSE");
    assert_close(&tilted.last("noy")[3..], &[h, h, 0.0, c], 1e-9, "yAxis FALSE");
    assert_close(&tilted.last("noz")[3..], &[h, 0.0, h, c], 1e-9, "zAxis FALSE");
    // each component rounded: s / √3 = 0.143 -> 0.1, cos 0.25 = 0.969 -> 1
    assert_close(&tilted.last("coarse")[3..], &[0.1, 0.1, 0.1, 1.0], 1e-12, "resolution 0.1");
    // noise: each angle spread by σ = noise·π
    let level = Probe::of(&out, "level");
    assert_eq!(level.info["noisy"], "noise=0.01");
    for k in 0..3 {
        let xs: Vec<f64> = level.of_device("noisy").iter().map(|s| s.1[k]).collect();
        assert_spread(&xs, 0.0, 0.01 * std::f64::consts::PI, &format!("angle {k}"));
    }
}

// ---------------------------------------------------------------------------------------------------
// DistanceSensor

/// A robot at (0, y, 0.5) running `sensor_probe` with its sensors (all facing +x), and a wall 2 cm thick
/// whose near face is `d` ahead (no wall when `d` is None), 1 m wide and high, with `wall` fields.
fn lane(name: &str, y: f64, sensors: &str, d: Option<f64>, wall: &str, steps: usize) -> String {
    let names: Vec<String> =
        sensors.split("name \"").skip(1).map(|s| format!("\"{}\"", s.split('"').next().unwrap())).collect();
    let wall = d.map_or(String::new(), |d| {
        format!(
            "Solid {{ name \"wall {name}\" translation {} {y} 0.5 {wall} boundingObject Box {{ size 0.02 1 1 }} }}\n",
            d + 0.01
        )
    });
    format!(
        "Robot {{ name \"{name}\" translation 0 {y} 0.5 controller \"sensor_probe\" controllerArgs [ \"{steps}\" {} ] \
         children [ {sensors} ] }}\n{wall}",
        names.join(" ")
    )
}

/// A ball with physics far away when `physics`: the world then has an engine, whose colliders and
/// contacts the sensors use instead of the obstacle list.
fn engine(physics: bool) -> &'static str {
    if physics {
        "Solid { name \"ball\" translation 0 -50 0 boundingObject Sphere { radius 0.1 } physics Physics { } }\n"
    } else {
        ""
    }
}

/// `sensor_mover`'s arguments: one translation per step.
fn path(points: &[[f64; 3]]) -> String {
    points.iter().map(|[x, y, z]| format!("\"{x}\" \"{y}\" \"{z}\"")).collect::<Vec<_>>().join(" ")
}

/// Runs a world of lanes (with an engine when `physics`) and returns each robot's probe.
fn run_lanes(lanes: &[String], physics: bool) -> (RunOutput, impl Fn(&str) -> Probe) {
    let world = format!("#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\n{}{}", engine(physics), lanes.concat());
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    let text =
        RunOutput { status: out.status, stdout: out.stdout.clone(), stderr: String::new(), elapsed: out.elapsed };
    (out, move |robot: &str| Probe::of(&text, robot))
}

#[test]
fn a_distance_sensor_reads_its_lookup_table_at_the_distance_of_a_wall_and_nothing_past_its_range() {
    let table = "lookupTable [ 0.02 1000 0, 0.2 400 0, 0.5 0 0 ]";
    let lanes = [
        lane("near", 0.0, "DistanceSensor { name \"ds\" }", Some(0.042), "", 2),
        lane("far", 10.0, "DistanceSensor { name \"ds\" }", Some(0.15), "", 2),
        lane("none", 20.0, "DistanceSensor { name \"ds\" }", None, "", 2),
        lane("mid", 30.0, &format!("DistanceSensor {{ name \"ds\" {table} }}"), Some(0.3), "", 2),
        lane("close", 40.0, &format!("DistanceSensor {{ name \"ds\" {table} }}"), Some(0.01), "", 2),
        lane("beyond", 50.0, &format!("DistanceSensor {{ name \"ds\" {table} }}"), Some(0.7), "", 2),
        lane("knot", 60.0, &format!("DistanceSensor {{ name \"ds\" {table} }}"), Some(0.2), "", 2),
    ];
    // the same readings through the obstacle list (no physics) and through the engine's colliders
    for physics in [false, true] {
        let (_, probe) = run_lanes(&lanes, physics);
        let near = probe("near");
        assert_eq!(near.info["ds"], "type=0 aperture=1.5708 min=0 max=1000 table=2 0 0 0 0.1 1000 0");
        // the default table: 1000 per 0.1 m, up to its 0.1 m range
        assert_close(near.last("ds"), &[420.0], 1e-9, "0.042 m");
        assert_close(probe("far").last("ds"), &[1000.0], 0.0, "past the range");
        assert_close(probe("none").last("ds"), &[1000.0], 0.0, "no wall");
        assert_eq!(
            probe("mid").info["ds"],
            "type=0 aperture=1.5708 min=0 max=1000 table=3 0.02 1000 0 0.2 400 0 0.5 0 0"
        );
        // interpolated between (0.2, 400) and (0.5, 0)
        assert_close(probe("mid").last("ds"), &[400.0 * (0.5 - 0.3) / 0.3], 1e-9, "0.3 m");
        assert_close(probe("knot").last("ds"), &[400.0], 1e-9, "on a knot");
        // clamped below the first input, and the table's last output past its range
        assert_close(probe("close").last("ds"), &[1000.0], 0.0, "closer than the table");
        assert_close(probe("beyond").last("ds"), &[0.0], 0.0, "beyond the range");
    }
}

/// The ray layout of spec motion §6.1 for `n` rays (2 to 10): (α, t) pairs.
fn polar_layout(n: usize) -> Vec<(f64, f64)> {
    use std::f64::consts::PI;
    let ring = |count: usize, t: f64, step: f64| (0..count).map(move |k| (k as f64 * step, t));
    match n {
        2 => vec![(PI / 2.0, 1.0), (-PI / 2.0, 1.0)],
        3 => vec![(0.0, 1.0), (2.0 * PI / 3.0, 1.0), (-2.0 * PI / 3.0, 1.0)],
        4 => vec![(0.0, 0.0), (0.0, 1.0), (2.0 * PI / 3.0, 1.0), (-2.0 * PI / 3.0, 1.0)],
        5 => vec![(0.0, 0.0), (0.0, 1.0), (PI / 2.0, 1.0), (PI, 1.0), (-PI / 2.0, 1.0)],
        6 => std::iter::once((0.0, 0.0)).chain(ring(5, 1.0, 2.0 * PI / 5.0)).collect(),
        _ => panic!("not needed"),
    }
}

#[test]
fn rays_over_a_wall_edge_weigh_their_distances_as_webots_lays_them_out() {
    use std::f64::consts::PI;
    let (aperture, width, range) = (1.0f64, 0.5f64, 1.0f64);
    // a wall whose near face is 0.1 ahead, covering only y > -0.01 (its edge just right of the axis)
    let wall = "Solid { name \"edge\" translation 0.11 0.49 0.5 boundingObject Box { size 0.02 1 1 } }\n";
    for n in [4usize, 5, 6] {
        let robot = format!(
            "Robot {{ name \"r\" translation 0 0 0.5 controller \"sensor_probe\" controllerArgs [ \"1\" \"ds\" ] children [ \
               DistanceSensor {{ name \"ds\" numberOfRays {n} aperture {aperture} gaussianWidth {width} \
               lookupTable [ 0 0 0, {range} 1000 0 ] }} ] }}\n"
        );
        let (_, probe) = run_lanes(&[robot, wall.to_string()], false);
        // each ray: θ = t·aperture/2 off the axis, turned α + π/2 about it; weight exp(-(θ/(aperture·width))²)
        let rays: Vec<(Vector3<f64>, f64)> = polar_layout(n)
            .into_iter()
            .map(|(alpha, t)| {
                let theta: f64 = t * aperture / 2.0;
                let a = alpha + PI / 2.0;
                let d = Vector3::new(theta.cos(), -theta.sin() * a.cos(), theta.sin() * a.sin());
                (d, (-(theta / (aperture * width)).powi(2)).exp())
            })
            .collect();
        let total: f64 = rays.iter().map(|r| r.1).sum();
        let distance: f64 = rays
            .iter()
            .map(|(d, w)| {
                // the ray meets the face x = 0.1 at y = 0.1 d.y / d.x
                let hit = 0.1 * d.y / d.x > -0.01;
                w / total * if hit { 0.1 / d.x } else { range }
            })
            .sum();
        let hits = rays.iter().filter(|(d, _)| 0.1 * d.y / d.x > -0.01).count();
        assert!(hits > 0 && hits < n, "{n} rays: {hits} hit; the wall must cut the cone");
        assert_close(probe("r").last("ds"), &[1000.0 * distance / range], 1e-6, &format!("{n} rays"));
    }
}

#[test]
fn a_sonar_hears_a_wall_square_to_it_and_not_one_tilted_past_pi_over_8() {
    let (d, half) = (0.3f64, 0.01f64);
    let sensors = "DistanceSensor { name \"sonar\" type \"sonar\" lookupTable [ 0 0 0, 1 1 0 ] } \
                   DistanceSensor { name \"generic\" lookupTable [ 0 0 0, 1 1 0 ] }";
    // the walls' centres d ahead, turned about z
    let lanes = [
        lane("square", 0.0, sensors, Some(d - half), "", 1),
        lane("slanted", 10.0, sensors, Some(d - half), "rotation 0 0 1 0.3", 1),
        lane("tilted", 20.0, sensors, Some(d - half), "rotation 0 0 1 0.5", 1),
    ];
    let (_, probe) = run_lanes(&lanes, false);
    assert_eq!(probe("square").info["sonar"], "type=2 aperture=1.5708 min=0 max=1 table=2 0 0 0 1 1 0");
    assert_close(probe("square").last("sonar"), &[d - half], 1e-9, "square");
    // within π/8 (0.39): heard, at the face's distance along the ray
    assert_close(probe("slanted").last("sonar"), &[d - half / 0.3f64.cos()], 1e-9, "0.3 rad");
    // beyond it: the echo goes elsewhere, the sonar reads its range; a generic sensor still sees it
    assert_close(probe("tilted").last("sonar"), &[1.0], 0.0, "0.5 rad");
    assert_close(probe("tilted").last("generic"), &[d - half / 0.5f64.cos()], 1e-9, "generic");
}

#[test]
fn a_laser_casts_one_ray_and_types_are_read_like_webots() {
    let sensors =
        "DistanceSensor { name \"laser\" type \"laser\" numberOfRays 3 aperture 0.5 lookupTable [ 0 0 0, 1 100 0 ] } \
                   DistanceSensor { name \"ir\" type \"Infrared\" } DistanceSensor { name \"odd\" type \"radar\" } \
                   DistanceSensor { name \"empty\" lookupTable [ ] }";
    let (out, probe) = run_lanes(&[lane("r", 0.0, sensors, Some(0.25), "", 1)], false);
    out.assert_stderr_has("DistanceSensor \"laser\": 'type' \"laser\" must have one single ray.");
    let r = probe("r");
    assert_eq!(r.info["laser"], "type=3 aperture=0.5 min=0 max=100 table=2 0 0 0 1 100 0");
    // one ray along the axis, whatever the aperture
    assert_close(r.last("laser"), &[25.0], 1e-9, "laser");
    // "infrared" in any case is infra-red; an unknown type is a sonar (Webots' code, not its docs)
    assert!(r.info["ir"].starts_with("type=1 "), "{}", r.info["ir"]);
    assert!(r.info["odd"].starts_with("type=2 "), "{}", r.info["odd"]);
    // no table: no value to map to, 0
    assert_eq!(r.info["empty"], "type=0 aperture=1.5708 min=0 max=0 table=0");
    assert_close(r.last("empty"), &[0.0], 0.0, "empty table");
}

#[test]
fn an_infra_red_sensor_reads_darker_surfaces_farther() {
    let d = 0.3f64;
    let ir = |sensitivity: f64| {
        format!(
            "DistanceSensor {{ name \"ir\" type \"infra-red\" redColorSensitivity {sensitivity} lookupTable [ 0 0 0, 1 1 0 ] }}"
        )
    };
    let look =
        |appearance: &str| format!("children [ Shape {{ appearance {appearance} geometry Box {{ size 0.02 1 1 }} }} ]");
    let lanes = [
        lane("red", 0.0, &ir(1.0), Some(d), &look("PBRAppearance { baseColor 1 0 0 roughness 0 }"), 1),
        lane("dark", 10.0, &ir(1.0), Some(d), &look("PBRAppearance { baseColor 0.25 1 1 roughness 0 }"), 1),
        lane("half", 20.0, &ir(0.5), Some(d), &look("PBRAppearance { baseColor 0.25 1 1 roughness 0 }"), 1),
        lane("rough", 30.0, &ir(1.0), Some(d), &look("PBRAppearance { baseColor 1 1 1 roughness 1 }"), 1),
        lane(
            "grey",
            40.0,
            &ir(1.0),
            Some(d),
            &look("Appearance { material Material { diffuseColor 0.5 0.5 0.5 shininess 1 } }"),
            1,
        ),
        lane("plain", 50.0, &ir(1.0), Some(d), "children [ Shape { geometry Box { size 0.02 1 1 } } ]", 1),
        // a bounding object with nothing drawn: infra-red rays pick Shapes, they meet nothing here
        lane("bare", 60.0, &ir(1.0), Some(d), "", 1),
    ];
    let (_, probe) = run_lanes(&lanes, false);
    // the light coming back: f = 0.2 + 0.8 red (1 - roughness / 2); the reading d + (d / f - d) sensitivity
    let read = |f: f64, s: f64| d + (d / f - d) * s;
    assert_close(probe("red").last("ir"), &[d], 1e-9, "red");
    assert_close(probe("dark").last("ir"), &[read(0.4, 1.0)], 1e-9, "dark");
    assert_close(probe("half").last("ir"), &[read(0.4, 0.5)], 1e-9, "half as sensitive");
    assert_close(probe("rough").last("ir"), &[read(0.6, 1.0)], 1e-9, "rough");
    assert_close(probe("grey").last("ir"), &[read(0.6, 1.0)], 1e-9, "grey Material");
    // no appearance: reflects everything
    assert_close(probe("plain").last("ir"), &[d], 1e-9, "plain");
    assert_close(probe("bare").last("ir"), &[1.0], 1e-9, "bounding object only: the table's end");
}

#[test]
fn a_sensor_sees_through_its_own_robot_but_not_through_another() {
    let own = "DistanceSensor { name \"ds\" lookupTable [ 0 0 0, 1 1 0 ] }";
    let body = "boundingObject Box { size 0.5 0.5 0.5 }";
    let lanes = [
        // the sensor inside its robot's box, the wall 0.4 ahead
        lane("inside", 0.0, own, Some(0.4), "", 1).replacen("children [", &format!("{body} children ["), 1),
        // another robot's box between the sensor and the wall: its near face 0.15 ahead
        lane("blocked", 10.0, own, Some(0.4), "", 1),
        "Robot { name \"blocker\" translation 0.2 10 0.5 boundingObject Box { size 0.1 0.1 0.1 } }\n".to_string(),
    ];
    for physics in [false, true] {
        let (_, probe) = run_lanes(&lanes, physics);
        assert_close(probe("inside").last("ds"), &[0.4], 1e-9, "own robot");
        assert_close(probe("blocked").last("ds"), &[0.15], 1e-9, "another robot");
    }
}

#[test]
fn readings_follow_what_a_supervisor_moves() {
    // the robot comes closer to the wall (its face at x = 0.1) by 2 cm a step; then the wall leaves
    let robot =
        "DEF BOT Robot { name \"bot\" translation 0 0 0.5 controller \"sensor_probe\" controllerArgs [ \"6\" \"ds\" ] \
                 children [ DistanceSensor { name \"ds\" } ] }\n\
                 DEF WALL Solid { translation 0.11 0 0.5 boundingObject Box { size 0.02 1 1 } }\n";
    for physics in [false, true] {
        let engine = engine(physics);
        let world = format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\n{engine}\
             Robot {{ name \"m1\" supervisor TRUE controller \"sensor_mover\" controllerArgs [ \"BOT\" {} ] }}\n\
             Robot {{ name \"m2\" supervisor TRUE controller \"sensor_mover\" controllerArgs [ \"WALL\" {} ] }}\n{robot}",
            path(&[[0.02, 0.0, 0.5], [0.04, 0.0, 0.5], [0.06, 0.0, 0.5]]),
            path(&[[0.11, 0.0, 0.5], [0.11, 0.0, 0.5], [0.11, 0.0, 0.5], [0.11, 0.0, 0.5], [0.11, 3.0, 0.5]])
        );
        let out = run(&world, &["sensor_probe", "sensor_mover"], &[]);
        ok(&out);
        let readings: Vec<f64> = Probe::of(&out, "bot").of_device("ds").iter().map(|s| s.1[0]).collect();
        let expected = [800.0, 600.0, 400.0, 400.0, 1000.0, 1000.0];
        assert_close(&readings, &expected, 1e-9, if physics { "with an engine" } else { "without" });
    }
}

// ---------------------------------------------------------------------------------------------------
// TouchSensor

#[test]
fn a_bumper_reads_1_while_touching_a_wall_and_latches_a_touch_between_samples() {
    // two robots moved by supervisors: one sampled every step, one every third step; the wall's face at
    // x = 0.3, the bumper 0.1 wide on the robot's front (x + 0.05 to x + 0.15)
    let along = |xs: &[f64], y: f64| path(&xs.iter().map(|&x| [x, y, 0.5]).collect::<Vec<_>>());
    let steps = [0.0, 0.1, 0.2, 0.1, 0.0, 0.0, 0.2, 0.2];
    let latch = [0.0, 0.0, 0.0, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0];
    let bumper = "TouchSensor { name \"bumper\" translation 0.1 0 0 boundingObject Box { size 0.1 0.1 0.1 } }";
    for physics in [false, true] {
        let engine = engine(physics);
        let world = format!(
            "#VRML_SIM R2025a utf8\nWorldInfo {{ gravity 0 }}\n{engine}\
             Robot {{ name \"m1\" supervisor TRUE controller \"sensor_mover\" controllerArgs [ \"BOT\" {} ] }}\n\
             Robot {{ name \"m2\" supervisor TRUE controller \"sensor_mover\" controllerArgs [ \"LATCH\" {} ] }}\n\
             DEF BOT Robot {{ name \"bot\" translation 0 0 0.5 controller \"sensor_probe\" controllerArgs [ \"8\" \"bumper\" ] \
               children [ {bumper} ] }}\n\
             DEF LATCH Robot {{ name \"latch\" translation 0 5 0.5 controller \"sensor_probe\" \
               controllerArgs [ \"9\" \"bumper@96\" ] children [ {bumper} ] }}\n\
             Solid {{ translation 0.35 0 0.5 boundingObject Box {{ size 0.1 10 1 }} }}\n\
             Solid {{ translation 0.35 5 0.5 boundingObject Box {{ size 0.1 1 1 }} }}\n",
            along(&steps, 0.0),
            along(&latch, 5.0)
        );
        let out = run(&world, &["sensor_probe", "sensor_mover"], &[]);
        ok(&out);
        let bot = Probe::of(&out, "bot");
        assert_eq!(bot.info["bumper"], "type=0 table=2 0 0 0 5000 50000 0");
        let read: Vec<f64> = bot.of_device("bumper").iter().map(|s| s.1[0]).collect();
        // touching when the bumper's front (x + 0.15) reaches the wall (0.3)
        let touching: Vec<f64> = steps.iter().map(|x| if x + 0.15 >= 0.3 { 1.0 } else { 0.0 }).collect();
        assert_eq!(read, touching, "bumper (physics: {physics})");
        // sampled at 96, 192, 288 ms (read every 32 ms): the touch during the 4th step (to 128 ms) shows at
        // 192 ms only
        let latched: Vec<f64> = Probe::of(&out, "latch").of_device("bumper").iter().map(|s| s.1[0]).collect();
        let nan = f64::NAN;
        let expected = [nan, nan, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0];
        assert_close(&latched, &expected, 0.0, &format!("latch (physics: {physics})"));
    }
}

#[test]
fn force_sensors_under_a_robot_read_the_weight_above_them() {
    let (g, mass) = (9.81f64, 2.0f64);
    let table = "lookupTable [ -1000 -10000 0, 1000 10000 0 ]";
    // a 2 kg box standing on a 0.1 kg foot: a flat box 2 cm thick under it, on the floor
    // (its bounding box is 2 cm thick along the sensor's axis that points down)
    let robot = |name: &str, x: f64, kind: &str, rotation: &str, size: &str, extra: &str| {
        format!(
            "Robot {{ name \"{name}\" translation {x} 0 0.12 controller \"sensor_probe\" controllerArgs [ \"150\" \"foot\" ] \
               boundingObject Box {{ size 0.2 0.2 0.2 }} physics Physics {{ density -1 mass {mass} }} children [ \
               TouchSensor {{ name \"foot\" type \"{kind}\" translation 0 0 -0.11 rotation {rotation} {extra} \
                 boundingObject Box {{ size {size} }} physics Physics {{ density -1 mass 0.1 }} }} ] }}\n"
        )
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 8 }}\nSolid {{ name \"floor\" boundingObject Plane {{ size 20 20 }} }}\n{}{}{}{}{}",
        // "force" reads what presses on its +x side: +x points down
        robot("force", 0.0, "force", "0 1 0 1.5707963267948966", "0.02 0.3 0.3", ""),
        robot("upright", 2.0, "force-3d", "0 0 1 0", "0.3 0.3 0.02", ""),
        robot("side", 4.0, "force-3d", "1 0 0 1.5707963267948966", "0.3 0.02 0.3", ""),
        robot("clamped", 6.0, "force-3d", "1 0 0 -1.5707963267948966", "0.3 0.02 0.3", ""),
        robot("signed", 8.0, "force-3d", "1 0 0 -1.5707963267948966", "0.3 0.02 0.3", table),
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    // the default table: 10 per newton
    let weight = 10.0 * mass * g;
    let tolerance = 0.02 * weight;
    let force = Probe::of(&out, "force");
    assert_eq!(force.info["foot"], "type=1 table=2 0 0 0 5000 50000 0");
    assert_close(force.last("foot"), &[weight], tolerance, "force");
    assert!(Probe::of(&out, "upright").info["foot"].starts_with("type=2 "));
    // force-3d: the force on the robot in the sensor's frame; the default table maps negatives to 0
    assert_close(Probe::of(&out, "upright").last("foot"), &[0.0, 0.0, weight], tolerance, "upright");
    assert_close(Probe::of(&out, "side").last("foot"), &[0.0, weight, 0.0], tolerance, "on its side");
    assert_close(Probe::of(&out, "clamped").last("foot"), &[0.0, 0.0, 0.0], tolerance, "negative");
    assert_close(Probe::of(&out, "signed").last("foot"), &[0.0, -weight, 0.0], tolerance, "signed table");
}

// ---------------------------------------------------------------------------------------------------
// Misuse

#[test]
fn misuse_gets_webots_messages_and_values() {
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { }\n\
        Robot { rotation 0 0 1 0.5 controller \"sensors_misuse\" children [ GPS { } Gyro { } Accelerometer { } \
          InertialUnit { } DistanceSensor { } TouchSensor { } TouchSensor { name \"force3d\" type \"force-3d\" } Emitter { } ] }\n";
    let out = run(world, &["sensors_misuse"], &[]);
    ok(&out);
    out.assert_stdout_has("misuse checks passed");
}

#[test]
fn bad_fields_get_webots_warnings_and_corrections() {
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { }\n\
        Robot { name \"r\" controller \"sensor_probe\" controllerArgs [ \"1\" \"ds\" \"odd\" \"heavy\" ] children [ \
          DistanceSensor { name \"ds\" aperture -0.5 numberOfRays 0 gaussianWidth 0 resolution -3 redColorSensitivity -2 } \
          TouchSensor { name \"odd\" type \"pressure\" } TouchSensor { name \"heavy\" type \"force\" } \
          InertialUnit { name \"imu\" noise -1 } ] }\n";
    let out = run(world, &["sensor_probe"], &[]);
    ok(&out);
    for warning in [
        "DistanceSensor \"ds\": Invalid 'aperture' changed to 0.5. The value should be non-negative.",
        "DistanceSensor \"ds\": Invalid 'numberOfRays' changed to 1. The value should be greater than or equal to 1.",
        "DistanceSensor \"ds\": Invalid 'gaussianWidth' changed to 1. The value should be positive.",
        "DistanceSensor \"ds\": Invalid 'resolution' changed to -1. The value should be either -1 or positive.",
        "DistanceSensor \"ds\": Invalid 'redColorSensitivity' changed to 2. The value should be non-negative.",
        "TouchSensor \"odd\": Unknown 'type': \"pressure\". Set to \"bumper\"",
        "TouchSensor \"heavy\": \"force\" and \"force-3d\" 'type' requires 'physics' to be functional.",
        "InertialUnit \"imu\": Invalid 'noise' changed to 0. The value should be non-negative.",
    ] {
        out.assert_stderr_has(warning);
    }
    let probe = Probe::of(&out, "r");
    assert!(probe.info["ds"].starts_with("type=0 aperture=0.5 "), "{}", probe.info["ds"]);
    assert!(probe.info["odd"].starts_with("type=0 "), "{}", probe.info["odd"]);
    // a force sensor without physics has no feedback: the table's value for 0
    assert_close(probe.last("heavy"), &[0.0], 0.0, "no physics");
}

// ---------------------------------------------------------------------------------------------------
// Noise

#[test]
fn lookup_table_noise_is_seeded_relative_to_the_output_and_spread_as_its_third_column() {
    // a distance sensor 5 cm from a wall (output 500, noise 10 %) and a gyro spinning at 1.5 rad/s about
    // z (output 1.5, noise 5 %; its other axes read 0, where no noise can appear)
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 gravity 0 randomSeed 21 }\n\
        Robot { name \"r\" translation 0 0 0.5 controller \"sensor_probe\" controllerArgs [ \"400\" \"ds\" ] children [ \
          DistanceSensor { name \"ds\" lookupTable [ 0 0 0.1, 0.1 1000 0.1 ] } ] }\n\
        Solid { translation 0.06 0 0.5 boundingObject Box { size 0.02 1 1 } }\n\
        Robot { name \"s\" translation 0 5 0.5 controller \"sensor_probe\" controllerArgs [ \"400\" \"gyro\" ] \
          angularVelocity 0 0 1.5 boundingObject Sphere { radius 0.01 } physics Physics { } children [ \
          Gyro { name \"gyro\" lookupTable [ -10 -10 0.05, 10 10 0.05 ] } ] }\n";
    let first = run_seeded(world, &["r", "s"]);
    let (probe, spinner) = (Probe::of(&first, "r"), Probe::of(&first, "s"));
    let distances: Vec<f64> = probe.of_device("ds").iter().map(|s| s.1[0]).collect();
    assert_spread(&distances, 500.0, 50.0, "distance");
    let spins: Vec<f64> = spinner.of_device("gyro").iter().map(|s| s.1[2]).collect();
    assert_spread(&spins, 1.5, 0.075, "gyro z");
    assert!(
        spinner.of_device("gyro").iter().all(|s| s.1[0].abs() < 1e-12 && s.1[1].abs() < 1e-12),
        "x, y: no noise on 0"
    );
}

#[test]
fn a_falling_robots_bumper_reads_1_once_it_lands() {
    // the bumper (no Physics of its own: like Webots, geometry that follows the robot's body without
    // pushing anything) hangs 5 cm under a box falling from 0.3 m: it meets the floor after
    // sqrt(2 · 0.2 / g) = 0.2 s, then sinks into it until the box lands
    // (no bounce: Webots' default surface, bounce 0.5, would throw the robot back up)
    let world =
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 8 contactProperties [ ContactProperties { bounce 0 } ] }\n\
        Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
        Robot { name \"r\" translation 0 0 0.3 controller \"sensor_probe\" controllerArgs [ \"60\" \"bumper\" ] \
          boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } children [ \
          TouchSensor { name \"bumper\" translation 0 0 -0.075 boundingObject Box { size 0.05 0.05 0.05 } } ] }\n";
    let out = run(world, &["sensor_probe"], &[]);
    ok(&out);
    let samples = Probe::of(&out, "r").of_device("bumper").to_vec();
    let landed = samples.iter().find(|s| s.1[0] == 1.0).map(|s| s.0).expect("the bumper never touched");
    let fall = (2.0f64 * 0.2 / 9.81).sqrt() * 1000.0;
    // within 3 steps: the geometry follows its body one step late and the engine finds contacts at the
    // start of a step
    assert!(landed >= fall && landed - fall <= 24.0, "landed at {landed} ms, the fall takes {fall} ms");
    assert!(samples.iter().filter(|s| s.0 < landed).all(|s| s.1[0] == 0.0));
    // resting on the floor: touching at every sample from then on
    assert!(samples.iter().filter(|s| s.0 > landed + 100.0).all(|s| s.1[0] == 1.0), "{samples:?}");
}

#[test]
fn a_distance_sensor_follows_a_body_the_engine_moves() {
    // no gravity: a box gliding toward the sensor at 1 m/s, its near face 0.55 m ahead at first; and a
    // sensor on a body gliding toward a wall the same way
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { gravity 0 }\n\
        Robot { name \"watcher\" translation 0 0 0.5 controller \"sensor_probe\" controllerArgs [ \"12\" \"ds\" ] children [ \
          DistanceSensor { name \"ds\" lookupTable [ 0 0 0, 1 1 0 ] } ] }\n\
        Solid { translation 0.6 0 0.5 linearVelocity -1 0 0 boundingObject Box { size 0.1 0.1 0.1 } physics Physics { } }\n\
        Robot { name \"glider\" translation 0 3 0.5 linearVelocity 1 0 0 controller \"sensor_probe\" controllerArgs [ \"12\" \"ds\" ] \
          boundingObject Sphere { radius 0.05 } physics Physics { } children [ \
          DistanceSensor { name \"ds\" lookupTable [ 0 0 0, 1 1 0 ] } ] }\n\
        Solid { translation 0.6 3 0.5 boundingObject Box { size 0.1 1 1 } }\n";
    let out = run(world, &["sensor_probe"], &[]);
    ok(&out);
    for robot in ["watcher", "glider"] {
        let samples = Probe::of(&out, robot).of_device("ds").to_vec();
        assert_eq!(samples.len(), 12);
        for (t, v) in samples {
            assert_close(&v, &[0.55 - t / 1000.0], 1e-9, &format!("{robot} at {t}"));
        }
    }
}

#[test]
fn a_force_3d_sensor_on_a_slope_reads_the_friction_holding_it_too() {
    // a floor tilted 0.2 rad about y and a robot standing square on it (friction 1 holds it), on a 2 cm
    // force-3d foot: the robot's weight, seen in the foot's tilted frame, presses along its z and pulls
    // down the slope along its -x (the foot weighs 1 kg: with a 0.1 kg foot under 2 kg, the engine's weld
    // between them jitters on a slope and the robot creeps)
    let (g, mass, tilt) = (9.81f64, 2.0f64, 0.2f64);
    let (s, c) = (tilt.sin(), tilt.cos());
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 8 }}\n\
         Solid {{ name \"slope\" rotation 0 1 0 {tilt} boundingObject Plane {{ size 20 20 }} }}\n\
         Robot {{ name \"r\" translation {} 0 {} rotation 0 1 0 {tilt} controller \"sensor_probe\" \
           controllerArgs [ \"150\" \"foot\" ] boundingObject Box {{ size 0.2 0.2 0.2 }} \
           physics Physics {{ density -1 mass {mass} }} children [ \
           TouchSensor {{ name \"foot\" type \"force-3d\" translation 0 0 -0.11 lookupTable [ -1000 -10000 0, 1000 10000 0 ] \
             boundingObject Box {{ size 0.3 0.3 0.02 }} physics Physics {{ density -1 mass 1 }} }} ] }}\n",
        0.12 * s,
        0.12 * c
    );
    let out = run(&world, &["sensor_probe"], &[]);
    ok(&out);
    let weight = 10.0 * mass * g;
    assert_close(Probe::of(&out, "r").last("foot"), &[-weight * s, 0.0, weight * c], 0.02 * weight, "on the slope");
}

// ---------------------------------------------------------------------------------------------------
// Many sensors at once

#[test]
fn many_distance_sensors_measured_on_two_threads_read_what_they_read_on_one() {
    // 160 noisy sensors in a ring inside a square of walls (inner faces 0.6 m off), a ball falling
    // through the rays of those that look along +x: from 128 samples due in a step, a world stepping on
    // two threads measures them on both
    const N: usize = 160;
    const STEPS: usize = 60;
    let sensors: String = (0..N)
        .map(|k| {
            let angle = 2.0 * std::f64::consts::PI * k as f64 / N as f64;
            format!("DistanceSensor {{ name \"ds{k}\" rotation 0 0 1 {angle} lookupTable [ 0 0 0.05, 1 1000 0.05 ] }} ")
        })
        .collect();
    let wall = |name: &str, x: f64, y: f64, size: &str| {
        format!("Solid {{ name \"{name}\" translation {x} {y} 0.5 boundingObject Box {{ size {size} }} }}\n")
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 16 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n{}{}{}{}\
         Solid {{ name \"ball\" translation 0.3 0 1 boundingObject Sphere {{ radius 0.05 }} physics Physics {{ }} }}\n\
         Robot {{ name \"ring\" translation 0 0 0.5 controller \"ds_ring\" controllerArgs [ \"{STEPS}\" ] \
           children [ {sensors}] }}\n",
        wall("east", 0.61, 0.0, "0.02 1.3 1"),
        wall("west", -0.61, 0.0, "0.02 1.3 1"),
        wall("north", 0.0, 0.61, "1.3 0.02 1"),
        wall("south", 0.0, -0.61, "1.3 0.02 1"),
    );
    let p = Project::new();
    p.controller("ds_ring", "ds_ring");
    p.world("w.wbt", &world);
    let on = |threads: &str| {
        let mut cmd = p.runner_command("w.wbt", &[]);
        cmd.env("WEBOTS_SHIM_PHYSICS_THREADS", threads);
        let start = std::time::Instant::now();
        let out = common::to_output(cmd.output().expect("runner starts"), start.elapsed());
        ok(&out);
        out.robot_lines("ring")
    };
    let (one, two) = (on("1"), on("2"));
    assert_eq!(one[0], format!("sensors {N}"));
    assert_eq!(one.len(), STEPS + 1);
    assert_eq!(one, two, "the readings depend on the thread count");

    let steps: Vec<Vec<f64>> =
        one[1..].iter().map(|l| l.split_whitespace().skip(1).map(|w| w.parse().unwrap()).collect()).collect();
    // at the end (the ball on the floor, under the rays) each sensor reads its wall: 1000 per metre
    // along its ray, within 5 noise deviations
    for (k, value) in steps[STEPS - 1].iter().enumerate() {
        let angle = 2.0 * std::f64::consts::PI * k as f64 / N as f64;
        let distance = 0.6 / angle.cos().abs().max(angle.sin().abs());
        let expected = 1000.0 * distance;
        assert!((value - expected).abs() < 5.0 * 0.05 * expected, "ds{k} read {value}, its wall is {expected}");
    }
    // on the way down (between 0.30 and 0.34 s) the ball's near side, 0.25 m off, was in front of ds0
    assert!(
        steps.iter().any(|s| (s[0] - 250.0).abs() < 5.0 * 0.05 * 250.0),
        "ds0 never saw the ball: {:?}",
        steps.iter().map(|s| s[0]).collect::<Vec<_>>()
    );
}

#[test]
fn sensors_read_nan_before_their_first_sample_and_force_sensors_zero_in_free_fall() {
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 16 }\n\
        Robot { name \"still\" translation 0 0 0.05 controller \"first_samples\" controllerArgs [ \"altimeter\" ] \
          children [ Altimeter { } ] }\n\
        Robot { name \"turned\" translation -0.4 0.2 0.05 rotation 0 0 1 1.57 controller \"first_samples\" \
          controllerArgs [ \"altimeter\" ] children [ Altimeter { translation 0 -0.05 0 rotation 1 0 0 3.1415 } ] }\n\
        Robot { name \"falling\" translation 2 0 5 controller \"first_samples\" controllerArgs [ \"falling\" ] \
          boundingObject Box { size 0.1 0.1 0.1 } physics Physics { density -1 mass 100 } children [ \
            TouchSensor { name \"force\" type \"force\" translation 0 0 -0.06 boundingObject Sphere { radius 0.01 } \
              physics Physics { } } \
            TouchSensor { name \"force3d\" type \"force-3d\" translation 0.03 0 -0.06 boundingObject Sphere { radius 0.01 } \
              physics Physics { } } ] }\n";
    let out = run(world, &["first_samples"], &["--until", "0.2"]);
    assert!(out.status.success(), "{}", out.stderr);
    assert_eq!(
        out.robot_lines("still"),
        ["before enable nan", "before a step nan", "after step 1 0.05", "after step 2 0.05", "after step 3 0.05"]
    );
    // Webots' layout: an altimeter upside down, 5 cm to the side of a turned robot, is at the same height
    assert_eq!(
        out.robot_lines("turned"),
        ["before enable nan", "before a step nan", "after step 1 0.05", "after step 2 0.05", "after step 3 0.05"]
    );
    // a force sensor's default lookup table is [0 0 0, 5000 50000 0]; 80 ms into a fall nothing touches
    assert_eq!(out.robot_lines("falling"), ["table of 2 rows: 0 0 0, 5000 50000 0", "in free fall 0, 3d 0 0 0"]);
}

#[test]
fn a_slower_sensor_samples_every_third_step_and_a_disabled_one_keeps_its_last_value() {
    // Webots' distance_sensor_enable_disable: default lookup table [0 0, 0.1 1000] (10000 per m); the wall's
    // face 0.05 m ahead, 0.08 m once the robot moved back 3 cm after step 3
    let world = "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
        Solid { translation 0.1 0 0.1 boundingObject Box { size 0.1 1 1 } }\n\
        Robot { name \"r\" translation 0 0 0.1 supervisor TRUE controller \"slow_sampling\" \
          children [ DistanceSensor { name \"slow\" } DistanceSensor { name \"fast\" } ] }\n";
    let out = run(world, &["slow_sampling"], &["--until", "0.5"]);
    assert!(out.status.success(), "{}", out.stderr);
    let lines = out.robot_lines("r");
    assert_eq!(
        lines,
        [
            "before enable: slow nan fast nan",
            "step 1: slow nan fast 500",
            "step 2: slow nan fast 500",
            "step 3: slow 500 fast 500",
            // the move is in the step after 3; the fast sensor, disabled then, keeps 500
            "step 4: slow 500 fast 500",
            "step 5: slow 500 fast 500",
            "step 6: slow 800 fast 500",
        ]
    );
}

#[test]
fn distance_sensors_see_a_joint_s_end_point_where_its_motor_moved_it() {
    // Webots' joint_end_point_collision: three sensors 5 cm from the faces of a fixed box (y = -0.1) and of a
    // slider's endPoint (y = 0, then y = 0.1); lookup table [0 0, 0.1 1000]: 10000 per m, 1000 for nothing
    let bx = |name: &str, y: f64| {
        format!("Solid {{ name \"{name}\" translation 0 {y} 0 boundingObject Box {{ size 0.06 0.06 0.06 }} }}")
    };
    let world = format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ name \"obstacle\" translation 0 0 0.05 controller \"endpoint_rays\" controllerArgs [ \"obstacle\" ] children [ \
           {} SliderJoint {{ jointParameters JointParameters {{ axis 0 1 0 }} device [ LinearMotor {{ name \"slider\" maxPosition 0.2 }} ] \
           endPoint {} }} ] }}\n\
         Robot {{ name \"sensor\" translation -0.08 0 0.05 controller \"endpoint_rays\" controllerArgs [ \"sensor\" ] children [ \
           DistanceSensor {{ name \"ds1\" translation 0 -0.1 0 }} DistanceSensor {{ name \"ds2\" }} \
           DistanceSensor {{ name \"ds3\" translation 0 0.1 0 }} ] }}\n",
        bx("fixed", -0.1),
        bx("moving", 0.0)
    );
    let out = run(&world, &["endpoint_rays"], &["--until", "1"]);
    assert!(out.status.success(), "{}", out.stderr);
    assert_eq!(out.robot_lines("sensor"), ["before: 500 500 1000", "after: 500 1000 500"]);
}
