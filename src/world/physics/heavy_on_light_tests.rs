//! A heavy robot on light wheels at rest: Webots' balancing robot (a 5 kg body whose centre of mass is
//! 2.5 cm under its axle, 50 g wheels) with its 1 kg pole held rigid on top and its wheels' motors at 0
//! stands still on its wheels, as in ODE; the engine's default solver passes made it hop (with its wheels
//! turned about their axles as Webots' sample has them: the contacts rapier makes for a lying cylinder
//! depend on that turn).

use super::test_world::{def, world};
use super::Drive;

const ROBOT: &str = "WorldInfo { basicTimeStep 16 }\n\
    Solid { name \"floor\" boundingObject Plane { size 10 10 } }\n\
    DEF ROBOT Robot { translation 0 0 0.003 rotation 0 0 1 1 children [ \
      DEF LEFT HingeJoint { jointParameters HingeJointParameters { axis 0 1 0 anchor 0 0 0.025 } \
        device [ RotationalMotor { name \"left\" } ] \
        endPoint Solid { translation 0 0.045 0.025 rotation 0.1344869543855967 -0.1344869543855967 -0.9817466670176034 1.589218 \
          boundingObject DEF WHEEL Pose { rotation 0.577656895078166 0.5771968951617173 -0.5771968951617173 -2.093935 \
            children [ Cylinder { height 0.01 radius 0.028 } ] } \
          name \"left wheel\" physics Physics { density -1 mass 0.05 } } } \
      DEF RIGHT HingeJoint { jointParameters HingeJointParameters { axis 0 1 0 anchor 0 0 0.025 } \
        device [ RotationalMotor { name \"right\" } ] \
        endPoint Solid { translation 0 -0.045 0.025 rotation -0.06235700094427208 0.06235700094427208 -0.9961040150840033 1.5747 \
          boundingObject USE WHEEL name \"right wheel\" physics Physics { density -1 mass 0.05 } } } \
      Solid { translation 0 0 0.1625 boundingObject Capsule { height 0.15 radius 0.005 } name \"pole\" \
        physics Physics { density -1 mass 1 } } ] \
    boundingObject Pose { translation 0 0 0.0415 children [ Cylinder { height 0.08 radius 0.045 } ] } \
    physics Physics { density -1 mass 5 centerOfMass [ 0 0 0 ] } }";

#[test]
fn a_heavy_body_on_light_wheels_stands_still_at_rest() {
    let (mut scene, mut physics) = world(ROBOT);
    let (robot, left, right) = (def(&scene, "ROBOT"), def(&scene, "LEFT"), def(&scene, "RIGHT"));
    let mut heights = Vec::new();
    for step in 0..125 {
        for wheel in [left, right] {
            physics.set_drive(wheel, 0, Drive::Velocity { velocity: 0.0, max_force: 10.0 }, false);
        }
        physics.step(&mut scene);
        if step >= 60 {
            heights.push(scene.global_pose(robot).translation.vector.z);
        }
    }
    let (low, high) = heights.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), z| (l.min(*z), h.max(*z)));
    // resting on its wheels' soft contacts: a few tenths of a millimetre to 3 mm deep, and still
    assert!(high - low < 2e-5, "the robot moved between {low} and {high} m over 1 s at rest");
    assert!(low > 0.0 && high < 0.003, "rests at {low}..{high} m, on its wheels");
}
