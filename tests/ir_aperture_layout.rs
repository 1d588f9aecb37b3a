//! Webots' `tests/api` world `emitter_receiver_infra-red_aperture` as Webots builds it (NUE): two
//! infra-red emitters and two receivers on top of four robots at the corners of a 0.6 m square, their
//! axes turned by the -120° rotation about (1, 1, 1) that makes a device's x axis the robot's z (one
//! receiver's only by a quarter turn about x, one robot turned -45° about y). Each message is received
//! exactly when the channels match and each end lies inside the other's cone (half the aperture about
//! its x axis; aperture -1: everywhere), which the test works out from the layout. Radio and serial
//! (Webots' radio and serial aperture worlds, the same schedule) ignore the cones.

mod common;

use common::Project;
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4};

use nalgebra::{Unit, UnitQuaternion, Vector3};

/// (robot name, translation, robot rotation, device node, device rotation, fields)
type Layout = (&'static str, [f64; 3], [f64; 4], &'static str, [f64; 4], &'static str);

const ROBOTS: [Layout; 4] = [
    (
        "robot0",
        [-0.3, 0.05, 0.3],
        [0.0, 1.0, 0.0, -FRAC_PI_4],
        "Emitter",
        [0.57735, 0.57735, 0.57735, -2.0944],
        "name \"emitter0\" aperture 1.5707963267948966 channel 1 bufferSize 100",
    ),
    (
        "robot1",
        [0.3, 0.05, 0.3],
        [0.0, 1.0, 0.0, 0.0],
        "Emitter",
        [0.57735, 0.57735, 0.57735, -2.0944],
        "name \"emitter1\" range 1.3 maxRange 2 channel 1",
    ),
    (
        "robot2",
        [0.3, 0.05, -0.3],
        [0.0, 1.0, 0.0, 0.0],
        "Receiver",
        [0.57735, 0.57735, 0.57735, -2.0944],
        "name \"receiver2\" aperture 0.5 channel 1",
    ),
    (
        "robot3",
        [-0.3, 0.05, -0.3],
        [0.0, 1.0, 0.0, 0.0],
        "Receiver",
        [1.0, 0.0, 0.0, -FRAC_PI_2],
        "name \"receiver3\" aperture 0.5 channel 1 bufferSize 120",
    ),
];

fn rotation(r: [f64; 4]) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Unit::new_normalize(Vector3::new(r[0], r[1], r[2])), r[3])
}

/// A device's position and x axis in the world.
fn pose(i: usize) -> (Vector3<f64>, Vector3<f64>) {
    let (_, t, robot, _, device, _) = ROBOTS[i];
    let robot = rotation(robot);
    (Vector3::from(t) + robot * Vector3::new(0.0, 0.11, 0.0), robot * rotation(device) * Vector3::x())
}

fn inside(axis: Vector3<f64>, towards: Vector3<f64>, aperture: f64) -> bool {
    aperture < 0.0 || axis.angle(&towards) <= aperture / 2.0
}

fn run_layout(kind: &str) -> common::RunOutput {
    let robots: Vec<String> = ROBOTS
        .iter()
        .map(|(name, t, r, node, d, fields)| {
            format!(
                "Robot {{ name \"{name}\" translation {} {} {} rotation {} {} {} {} controller \"ir_aperture_layout\" children [ \
                 Shape {{ geometry Box {{ size 0.1 0.1 0.1 }} }} \
                 {node} {{ translation 0 0.11 0 rotation {} {} {} {} type \"{kind}\" {fields} }} ] }}",
                t[0], t[1], t[2], r[0], r[1], r[2], r[3], d[0], d[1], d[2], d[3]
            )
        })
        .collect();
    let world = format!(
        "#VRML_SIM R2023b utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n\
         Solid {{ children [ Pose {{ rotation 1 0 0 -1.57079632679 children [ Shape {{ geometry Plane {{ }} }} ] }} ] locked TRUE }}\n{}\n",
        robots.join("\n")
    );
    let p = Project::new();
    p.controller("ir_aperture_layout", "ir_aperture_layout");
    p.world("ir_aperture.wbt", &world);
    let out = p.run("ir_aperture.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_no_messages();
    out
}

/// (sender, its channel) per phase, as the controller sends; receiver2 listens on 1, receiver3 on 2
const PHASES: [(usize, i32); 4] = [(1, 1), (0, 2), (1, 2), (0, 1)];

fn channel(receiver: usize) -> i32 {
    if receiver == 2 {
        1
    } else {
        2
    }
}

#[test]
fn infra_red_messages_reach_a_receiver_only_inside_both_cones_of_webots_layout() {
    let out = run_layout("infra-red");
    // (sender, its channel) per phase, as the controller sends; receiver2 listens on 1, receiver3 on 2
    let apertures = [FRAC_PI_2, -1.0, 0.5, 0.5];
    for receiver in [2, 3] {
        let (rp, raxis) = pose(receiver);
        let want: Vec<String> = PHASES
            .iter()
            .enumerate()
            .map(|(k, &(sender, ch))| {
                let (ep, eaxis) = pose(sender);
                let heard = ch == channel(receiver)
                    && inside(eaxis, rp - ep, apertures[sender])
                    && inside(raxis, ep - rp, apertures[receiver]);
                format!("phase {}: {}", k + 1, heard as i32)
            })
            .collect();
        assert_eq!(out.robot_lines(&format!("robot{receiver}")), want, "robot{receiver}");
    }
    // Webots' expectations: robot2 hears robot1 in phase 1 and nothing else reaches a receiver (phase 2:
    // robot3 is outside robot0's cone, phase 3: robot1 outside robot3's, phase 4: each outside the other's)
    assert_eq!(out.robot_lines("robot2"), ["phase 1: 1", "phase 2: 0", "phase 3: 0", "phase 4: 0"]);
    assert_eq!(out.robot_lines("robot3"), ["phase 1: 0", "phase 2: 0", "phase 3: 0", "phase 4: 0"]);
}

/// Webots' emitter_receiver_radio_aperture and _serial_aperture: the same schedule, and apertures mean
/// nothing to radio and serial: every message reaches the receiver on its channel.
#[test]
fn radio_and_serial_messages_ignore_the_cones_of_webots_layout() {
    for kind in ["radio", "serial"] {
        let out = run_layout(kind);
        for receiver in [2, 3] {
            let want: Vec<String> = PHASES
                .iter()
                .enumerate()
                .map(|(k, &(_, ch))| format!("phase {}: {}", k + 1, (ch == channel(receiver)) as i32))
                .collect();
            assert_eq!(out.robot_lines(&format!("robot{receiver}")), want, "{kind} robot{receiver}");
        }
    }
}
