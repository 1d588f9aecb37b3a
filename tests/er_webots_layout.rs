//! Webots' `tests/api` worlds `emitter_receiver_infra-red`, `emitter_receiver_radio` and
//! `emitter_receiver_serial` as Webots lays them out (NUE). The infra-red one: four robots at the
//! corners of a 0.6 m square, emitter0 and receiver0 on robot0, emitter1 (range 1.3, maxRange 2) on
//! robot1, receiver2 on robot2 (turned a quarter about y), receiver3 (bufferSize 120) on robot3, the
//! devices' axes turned by -120° about (1, 1, 1) (receiver3's by a quarter turn about x), and a wall (a
//! Solid with a boundingObject) between robot0 and robot3. The robots run Webots' nine-case schedule
//! (tests/c/er_webots_cases.c): disabled receivers, channels, sizes and order, channels changed right
//! after sending, packets from two emitters and a full receiver buffer, broadcast with direction and
//! signal strength, a robot's own packets, buffer sizes, and a reduced range. Every expectation below is
//! worked out from the layout: the wall blocks a ray exactly when the segment between the devices crosses
//! its box, the signal is 1/d², the direction is the unit vector to the emitter in the receiver's frame.
//! The radio and serial worlds keep the robots, the wall and the schedule but leave the devices unturned
//! (receiver3 alone turned a quarter about y), and their media pass through the wall.

mod common;

use common::{Project, RunOutput};
use nalgebra::{Unit, UnitQuaternion, Vector3};

/// The -120° turn about (1, 1, 1) that Webots' world gives the devices, as the world writes it.
const TURN: [f64; 4] = [0.57735, 0.57735, 0.57735, -2.0944];
/// The same turn written the other way round (receiver0's rotation field).
const TURN_NEG: [f64; 4] = [-0.57735, -0.57735, -0.57735, 2.0944];
const ROBOT_TRANSLATIONS: [[f64; 3]; 4] = [[-0.3, 0.05, 0.3], [0.3, 0.05, 0.3], [0.3, 0.05, -0.3], [-0.3, 0.05, -0.3]];
/// robot2 is turned a quarter about y (Webots' world writes its quarter turns rounded to 1.5708)
#[allow(clippy::approx_constant)]
const ROBOT2_TURN: [f64; 4] = [0.0, 1.0, 0.0, 1.5708];
#[allow(clippy::approx_constant)]
const RECEIVER3_TURN: [f64; 4] = [1.0, 0.0, 0.0, -1.5708];
/// The wall: a box 0.4 × 0.3 × 0.05 at (-0.25, 0.15, 0).
const WALL_CENTRE: [f64; 3] = [-0.25, 0.15, 0.0];
const WALL_SIZE: [f64; 3] = [0.4, 0.3, 0.05];

fn rotation(r: [f64; 4]) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Unit::new_normalize(Vector3::new(r[0], r[1], r[2])), r[3])
}

fn robot_rotation(robot: usize) -> UnitQuaternion<f64> {
    if robot == 2 {
        rotation(ROBOT2_TURN)
    } else {
        UnitQuaternion::identity()
    }
}

/// A device 0.11 m above its robot's origin (receiver0 at the origin itself), in the world.
fn device_position(robot: usize, at_origin: bool) -> Vector3<f64> {
    let lift = if at_origin { 0.0 } else { 0.11 };
    Vector3::from(ROBOT_TRANSLATIONS[robot]) + robot_rotation(robot) * Vector3::new(0.0, lift, 0.0)
}

/// Whether the segment a–b crosses the wall's box (slab test).
fn wall_between(a: Vector3<f64>, b: Vector3<f64>) -> bool {
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for k in 0..3 {
        let (lo, hi) = (WALL_CENTRE[k] - WALL_SIZE[k] / 2.0, WALL_CENTRE[k] + WALL_SIZE[k] / 2.0);
        let d = b[k] - a[k];
        if d.abs() < 1e-12 {
            if a[k] < lo || a[k] > hi {
                return false;
            }
            continue;
        }
        let (t0, t1) = ((lo - a[k]) / d, (hi - a[k]) / d);
        enter = enter.max(t0.min(t1));
        leave = leave.min(t0.max(t1));
    }
    enter <= leave
}

fn decoration() -> &'static str {
    // the device's little drawing (shapes without bounding objects, which block nothing)
    "children [ Pose { rotation 0.57735 0.57735 0.57735 2.0944 children [ \
     Pose { rotation 1 0 0 -1.57079632679 children [ Shape { geometry Cylinder { height 0.05 radius 0.003 } } ] } \
     Pose { translation 0 -0.035 0 children [ Shape { geometry Sphere { radius 0.01 } } ] } ] } ]"
}

fn robot(index: usize, rotation: [f64; 4], body: &str, devices: &str) -> String {
    let t = ROBOT_TRANSLATIONS[index];
    format!(
        "Robot {{ translation {} {} {} rotation {} {} {} {} children [ {body} {devices} ] name \"robot{index}\" \
         controller \"er_webots_cases\" }}\n",
        t[0], t[1], t[2], rotation[0], rotation[1], rotation[2], rotation[3]
    )
}

fn turn(r: [f64; 4]) -> String {
    format!("{} {} {} {}", r[0], r[1], r[2], r[3])
}

/// The layout with devices of medium `kind`, each turned by its entry of `turns` (emitter0, receiver0,
/// emitter1, receiver2, receiver3; `None`: unturned) and drawn by `deco` (receiver0 has no drawing).
fn layout_world(kind: &str, turns: [Option<[f64; 4]>; 5], deco: &str) -> String {
    let cube = "Shape { geometry Box { size 0.1 0.1 0.1 } }";
    let drum =
        "Pose { rotation 1 0 0 -1.57079632679 children [ Shape { geometry Cylinder { height 0.1 radius 0.07 } } ] }";
    let still = [0.0, 1.0, 0.0, 0.0];
    let rot = |device: usize| turns[device].map(|r| format!("rotation {} ", turn(r))).unwrap_or_default();
    let mut text = String::from(
        "#VRML_SIM R2023b utf8\nWorldInfo { coordinateSystem \"NUE\" }\n\
         Solid { children [ Pose { rotation 1 0 0 -1.57079632679 children [ Shape { geometry Plane { } } ] } ] locked TRUE }\n",
    );
    text += &format!(
        "DEF WALL Solid {{ translation {} {} {} children [ DEF WALL_SHAPE Shape {{ geometry Box {{ size {} {} {} }} }} ] \
         name \"solid(1)\" boundingObject USE WALL_SHAPE }}\n",
        WALL_CENTRE[0], WALL_CENTRE[1], WALL_CENTRE[2], WALL_SIZE[0], WALL_SIZE[1], WALL_SIZE[2]
    );
    text += "DEF LAMP Solid { translation 0 0.395 0 children [ Shape { geometry Sphere { radius 0.01 } } \
             PointLight { ambientIntensity 1 } ] name \"solid(2)\" }\n";
    text += &robot(
        0,
        still,
        cube,
        &format!(
            "Emitter {{ translation 0 0.11 0 {}{deco} name \"emitter0\" type \"{kind}\" channel -1 bufferSize 100 }} \
             Receiver {{ {}name \"receiver0\" type \"{kind}\" channel -1 }}",
            rot(0),
            rot(1)
        ),
    );
    text += &robot(
        1,
        still,
        cube,
        &format!(
            "Emitter {{ translation 0 0.11 0 {}{deco} name \"emitter1\" type \"{kind}\" range 1.3 maxRange 2 channel 24 }}",
            rot(2)
        ),
    );
    text += &robot(
        2,
        ROBOT2_TURN,
        drum,
        &format!("Receiver {{ translation 0 0.11 0 {}{deco} name \"receiver2\" type \"{kind}\" channel -1 }}", rot(3)),
    );
    text += &robot(
        3,
        still,
        drum,
        &format!(
            "Receiver {{ translation 0 0.11 0 {}{deco} name \"receiver3\" type \"{kind}\" channel 24 bufferSize 120 }}",
            rot(4)
        ),
    );
    text
}

/// Webots' infra-red world: every device turned by -120° about (1, 1, 1) but receiver3, turned a
/// quarter about x.
fn infra_red_world() -> String {
    let turns = [Some(TURN), Some(TURN_NEG), Some(TURN), Some(TURN), Some(RECEIVER3_TURN)];
    layout_world("infra-red", turns, decoration())
}

/// The controller's messages: 6, 28 and 115 letters (7, 29 and 116 bytes with their NUL).
fn letters(count: usize, base: u8, offset: usize) -> String {
    (0..count).map(|i| char::from(base + ((offset + i) % 26) as u8)).collect()
}

fn run(world: &str) -> RunOutput {
    let p = Project::new();
    p.controller("er_webots_cases", "er_webots_cases");
    p.world("er_layout.wbt", world);
    let out = p.run("er_layout.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out
}

/// "c6 from TEXT direction x y z signal s" against the geometry, within 1e-9.
#[track_caller]
fn assert_located(line: &str, text: &str, direction: Vector3<f64>, signal: f64) {
    let head = format!("c6 from {text} direction ");
    let rest = line.strip_prefix(&head).unwrap_or_else(|| panic!("{line:?} does not start with {head:?}"));
    let numbers: Vec<f64> = rest.split_whitespace().filter(|w| *w != "signal").map(|w| w.parse().unwrap()).collect();
    assert_eq!(numbers.len(), 4, "{line}");
    for k in 0..3 {
        assert!((numbers[k] - direction[k]).abs() < 1e-9, "{line}: direction {direction:?}");
    }
    assert!((numbers[3] - signal).abs() < 1e-9 * signal, "{line}: signal {signal}");
}

/// The line a controller prints for a packet received in `case`: its size counts the final NUL.
fn packet_line(case: u32, text: &str) -> String {
    format!("c{case} packet {} {text}", text.len() + 1)
}

/// robot0 and robot1 print the same in every medium's run: robot0's own broadcast never reaches its own
/// receiver while emitter1's (channel 24) does; robot1's range 2.5 is clipped to maxRange 2.
fn assert_robot0_and_robot1(out: &RunOutput, middle: &str) {
    assert_eq!(
        out.robot_lines("robot0"),
        [
            "c4 channel 1",
            "c4 channel 24",
            "c7 queue 1",
            &packet_line(7, middle),
            "c7 sampling 32",
            "c8 buffer 100",
            "c9 range -1",
            "c9 queue 1",
            &packet_line(9, middle),
            "done",
        ]
    );
    assert_eq!(out.robot_lines("robot1"), ["c8 buffer -1", "c9 range 1.3", "c9 range 2", "c9 range 0.7", "done"]);
}

#[test]
fn infra_red_nine_cases_of_webots_layout_with_the_wall_between_robot0_and_robot3() {
    let (short, middle, long) = (letters(6, b'a', 0), letters(28, b'A', 0), letters(115, b'a', 10));
    let e0 = device_position(0, false);
    let e1 = device_position(1, false);
    let r0 = device_position(0, true);
    let r2 = device_position(2, false);
    let r3 = device_position(3, false);
    // the wall stands only between robot0 and robot3: its box spans x in [-0.45, -0.05] and z in [-0.025,
    // 0.025]; e0→r3 runs along x = -0.3 through it, the diagonals cross z = 0 at x = 0, beside it
    assert!(wall_between(e0, r3));
    for (a, b) in [(e0, r2), (e1, r2), (e1, r3), (e1, r0)] {
        assert!(!wall_between(a, b), "{a:?} {b:?}");
    }
    // the ranges of case 9: emitter1 reaches 0.7 m; receiver0 is 0.61 m away, receiver2 0.6, receiver3 0.85
    assert!((e1 - r0).norm() < 0.7 && (e1 - r2).norm() < 0.7 && (e1 - r3).norm() > 0.7);
    // both diagonals are 0.6·√2 long: 1/0.72 for both located packets of case 6
    let signal = 1.0 / (e0 - r2).norm_squared();
    assert!((signal - 1.0 / 0.72).abs() < 1e-12);
    let frame = |robot: usize, device: [f64; 4]| robot_rotation(robot) * rotation(device);
    let to_e0_from_r2 = frame(2, TURN).inverse() * (e0 - r2).normalize();
    let to_e1_from_r3 = frame(3, RECEIVER3_TURN).inverse() * (e1 - r3).normalize();
    // Webots' expectations (within its 1e-4): (-0.7071, -0.7071, 0) and (0.7071, -0.7071, 0)
    let h = std::f64::consts::FRAC_1_SQRT_2;
    assert!((to_e0_from_r2 - Vector3::new(-h, -h, 0.0)).norm() < 1e-4, "{to_e0_from_r2:?}");
    assert!((to_e1_from_r3 - Vector3::new(h, -h, 0.0)).norm() < 1e-4, "{to_e1_from_r3:?}");

    let out = run(&infra_red_world());
    let pk = packet_line;
    assert_robot0_and_robot1(&out, &middle);
    let r2_lines = out.robot_lines("robot2");
    let located = r2_lines.iter().position(|l| l.starts_with("c6 from")).expect("robot2's located packet");
    assert_located(&r2_lines[located], &short, to_e0_from_r2, signal);
    let mut r2_rest = r2_lines.clone();
    r2_rest.remove(located);
    assert_eq!(
        r2_rest,
        [
            "c1 queue 0",
            "c1 queue 0",
            "c2 queue 1",
            &pk(2, &short),
            "c3 queue 2",
            &pk(3, &short),
            "c3 packet 8 2 33",
            // case 4: both packets left on channel 1 before emitter0 moved to 24
            "c4 queue 2",
            &pk(4, &short),
            "c4 packet 32 9.67 8.75 0 1.61",
            "c4 channel 1",
            "c5 queue 0",
            "c6 queue 1",
            // case 7: listening on every channel, emitter0's broadcast first (sent a step earlier)
            "c7 queue 2",
            &pk(7, &short),
            &pk(7, &middle),
            "c7 sampling 32",
            "c8 queue 1",
            &pk(8, &middle),
            "c9 queue 1",
            &pk(9, &middle),
            "done",
        ]
    );
    let r3_lines = out.robot_lines("robot3");
    let located = r3_lines.iter().position(|l| l.starts_with("c6 from")).expect("robot3's located packet");
    assert_located(&r3_lines[located], &middle, to_e1_from_r3, signal);
    let mut r3_rest = r3_lines.clone();
    r3_rest.remove(located);
    assert_eq!(
        r3_rest,
        [
            "c1 queue 0",
            "c1 queue 0",
            "c2 queue 0",
            "c3 queue 1",
            &pk(3, &long),
            // case 4: emitter0's packets on channel 1 meet the wall
            "c4 queue 0",
            "c4 channel 1",
            "c4 channel 24",
            // case 5: emitter0's packet meets the wall, 29 + 116 bytes exceed bufferSize 120
            "c5 queue 1",
            &pk(5, &middle),
            // case 6: emitter0's broadcast meets the wall
            "c6 queue 1",
            // disabled in cases 7 and 8
            "c7 queue 0",
            "c7 sampling 0",
            "c8 queue 0",
            // 0.85 m is beyond 0.7 m
            "c9 queue 0",
            "done",
        ]
    );
    // get_queue_length on a disabled receiver answers and complains: receiver2 once, receiver3 three times
    let complaint =
        "Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable().";
    for (robot, times) in [("robot0", 0), ("robot1", 0), ("robot2", 1), ("robot3", 3)] {
        let prefix = format!("[{robot}] ");
        let lines: Vec<&str> = out.stderr.lines().filter_map(|l| l.strip_prefix(prefix.as_str())).collect();
        assert_eq!(lines, vec![complaint; times], "{robot}");
    }
}

/// Webots' radio and serial worlds: the same robots, wall and lamp, the devices of the medium `kind`
/// unturned except receiver3, turned a quarter about y.
fn wireless_world(kind: &str) -> String {
    let deco = "children [ Pose { translation 0 -0.035 0 children [ Shape { geometry Sphere { radius 0.01 } } ] } ]";
    layout_world(kind, [None, None, None, None, Some(WIRELESS_RECEIVER3_TURN)], deco)
}

/// receiver3's quarter turn about y in the radio and serial worlds
#[allow(clippy::approx_constant)]
const WIRELESS_RECEIVER3_TURN: [f64; 4] = [0.0, 1.0, 0.0, 1.5708];

/// One expected line of a robot: printed as is, or a located packet checked against the geometry.
enum Expect {
    Line(String),
    From(String, Vector3<f64>, f64),
}

#[track_caller]
fn assert_lines(robot: &str, lines: &[String], expected: &[Expect]) {
    assert_eq!(lines.len(), expected.len(), "{robot}: {lines:#?}");
    for (line, want) in lines.iter().zip(expected) {
        match want {
            Expect::Line(text) => assert_eq!(line, text, "{robot}: {lines:#?}"),
            Expect::From(text, direction, signal) => assert_located(line, text, *direction, *signal),
        }
    }
}

/// Webots' nine cases in its radio or serial world. Neither medium is stopped by the wall, so receiver3
/// hears emitter0 where the infra-red one did not: both of emitter0's channel-1 packets in case 4, its
/// 7-byte packet ahead of emitter1's 29-byte one in case 5 (7 + 29 + 116 = 152 bytes exceed bufferSize
/// 120, so the 116-byte one is dropped), and its broadcast in case 6 from straight behind at 0.6 m.
fn wireless_nine_cases(kind: &str) {
    let (short, middle, long) = (letters(6, b'a', 0), letters(28, b'A', 0), letters(115, b'a', 10));
    let e0 = device_position(0, false);
    let e1 = device_position(1, false);
    let r2 = device_position(2, false);
    let r3 = device_position(3, false);
    // receiver2 turns with robot2, receiver3 by its own quarter turn; both devices are otherwise unturned
    let frame2 = robot_rotation(2);
    let frame3 = rotation(WIRELESS_RECEIVER3_TURN);
    let locate = |frame: UnitQuaternion<f64>, from: Vector3<f64>, to: Vector3<f64>| {
        (frame.inverse() * (from - to).normalize(), 1.0 / (from - to).norm_squared())
    };
    let (to_e0_from_r2, s02) = locate(frame2, e0, r2);
    let (to_e0_from_r3, s03) = locate(frame3, e0, r3);
    let (to_e1_from_r3, s13) = locate(frame3, e1, r3);
    // Webots' expectations (within its 1e-4): (-0.7071, 0, -0.7071) at 1.3889 for receiver2; (-1, 0, 0) at
    // 2.7778 (0.6 m away: 1/0.36) and (-0.7071, 0, 0.7071) at 1.3889 (the diagonal: 1/0.72) for receiver3
    let h = std::f64::consts::FRAC_1_SQRT_2;
    for (got, want) in [
        (to_e0_from_r2, Vector3::new(-h, 0.0, -h)),
        (to_e0_from_r3, Vector3::new(-1.0, 0.0, 0.0)),
        (to_e1_from_r3, Vector3::new(-h, 0.0, h)),
    ] {
        assert!((got - want).norm() < 1e-4, "{got:?} {want:?}");
    }
    for (got, want) in [(s02, 1.3889), (s03, 2.7778), (s13, 1.3889)] {
        assert!((got - want).abs() < 1e-4, "{got} {want}");
    }
    // the wall stands on the way from emitter0 to receiver3, and is no obstacle to these media
    assert!(wall_between(e0, r3));

    let out = run(&wireless_world(kind));
    let pk = packet_line;
    let line = |text: &str| Expect::Line(text.to_string());
    assert_robot0_and_robot1(&out, &middle);
    let robot2 = [
        line("c1 queue 0"),
        line("c1 queue 0"),
        line("c2 queue 1"),
        line(&pk(2, &short)),
        line("c3 queue 2"),
        line(&pk(3, &short)),
        line("c3 packet 8 2 33"),
        line("c4 queue 2"),
        line(&pk(4, &short)),
        line("c4 packet 32 9.67 8.75 0 1.61"),
        line("c4 channel 1"),
        line("c5 queue 0"),
        line("c6 queue 1"),
        Expect::From(short.clone(), to_e0_from_r2, s02),
        line("c7 queue 2"),
        line(&pk(7, &short)),
        line(&pk(7, &middle)),
        line("c7 sampling 32"),
        line("c8 queue 1"),
        line(&pk(8, &middle)),
        line("c9 queue 1"),
        line(&pk(9, &middle)),
        line("done"),
    ];
    assert_lines("robot2", &out.robot_lines("robot2"), &robot2);
    let robot3 = [
        line("c1 queue 0"),
        line("c1 queue 0"),
        line("c2 queue 0"),
        line("c3 queue 1"),
        line(&pk(3, &long)),
        line("c4 queue 2"),
        line(&pk(4, &short)),
        line("c4 packet 32 9.67 8.75 0 1.61"),
        line("c4 channel 1"),
        line("c4 channel 24"),
        line("c5 queue 2"),
        line(&pk(5, &short)),
        line(&pk(5, &middle)),
        line("c6 queue 2"),
        Expect::From(short.clone(), to_e0_from_r3, s03),
        Expect::From(middle.clone(), to_e1_from_r3, s13),
        line("c7 queue 0"),
        line("c7 sampling 0"),
        line("c8 queue 0"),
        line("c9 queue 0"),
        line("done"),
    ];
    assert_lines("robot3", &out.robot_lines("robot3"), &robot3);
    let complaint =
        "Error: wb_receiver_get_queue_length() called for a disabled device! Please use: wb_receiver_enable().";
    for (robot, times) in [("robot0", 0), ("robot1", 0), ("robot2", 1), ("robot3", 3)] {
        let prefix = format!("[{robot}] ");
        let lines: Vec<&str> = out.stderr.lines().filter_map(|l| l.strip_prefix(prefix.as_str())).collect();
        assert_eq!(lines, vec![complaint; times], "{robot}");
    }
}

#[test]
fn radio_nine_cases_of_webots_layout_through_the_wall() {
    wireless_nine_cases("radio");
}

#[test]
fn serial_nine_cases_of_webots_layout_through_the_wall() {
    wireless_nine_cases("serial");
}
