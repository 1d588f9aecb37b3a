//! Contacts between bodies that hang from the static world by joints (Webots' `hinge_joint_slot`
//! scenario, rebuilt here): ODE creates contacts between any two bodies that no joint links directly, so
//! an arm on a hinge meets a TouchSensor welded to the same static robot; only a body hung from the world
//! and a Solid with no body at all never meet.

use super::test_world::{def, world_with_warnings};
use super::Physics;
use crate::world::scene::Scene;

/// The engine's build warnings are not what these tests look at.
fn world(body: &str) -> (Scene, Physics) {
    let (scene, physics, _) = world_with_warnings(body);
    (scene, physics)
}

/// A static robot (a 1 m post) with a pad 5 cm in front of its foot, and a 1 kg arm hinged at its top,
/// lying horizontally, that swings down under gravity onto the pad: the first step at which `target`
/// touches something, within three seconds.
fn first_touch(pad: &str, slots: bool) -> Option<usize> {
    let arm = "Solid { translation 0 -0.6 0.55 children [ DEF ARM Shape { geometry Box { size 0.2 1 0.1 } } ] \
               boundingObject USE ARM physics Physics { density -1 mass 1 } }";
    let end = if slots { format!("Slot {{ endPoint Slot {{ endPoint {arm} }} }}") } else { arm.to_string() };
    let (mut scene, mut physics) = world(&format!(
        "WorldInfo {{ basicTimeStep 16 }}\n\
         Robot {{ selfCollision TRUE children [ \
           Shape {{ geometry DEF POST Box {{ size 0.2 0.2 1 }} }} \
           DEF PAD {pad} {{ translation 0 -0.106 -0.45 children [ DEF PAD_SHAPE Shape {{ geometry Box {{ size 0.1 0.01 0.1 }} }} ] \
             boundingObject USE PAD_SHAPE physics Physics {{ }} }} \
           HingeJoint {{ jointParameters HingeJointParameters {{ axis 1 0 0 anchor 0 -0.1 0.5 }} endPoint {end} }} ] \
           boundingObject USE POST }}"
    ));
    let pad = def(&scene, "PAD");
    (1..=(3.0 / physics.dt()) as usize).find(|_| {
        physics.step(&mut scene);
        physics.touching(&scene, pad)
    })
}

#[test]
fn an_arm_hinged_to_a_static_robot_swings_onto_its_touch_sensor() {
    // a bar of length L pivoting at its end from horizontal turns a quarter in sqrt(L / 3g) ∫ dθ / sqrt(sin θ)
    // over [0, π/2] (2.622): 0.48 s for this one (its far end at 1.0 m, its top at 0.1 m), 30 steps
    let step = first_touch("TouchSensor", false).expect("the arm touches the pad");
    assert!((28..=32).contains(&step), "touched at step {step}");
    // through two Slots, the same
    assert_eq!(first_touch("TouchSensor", true), Some(step));
    // a Solid with physics welded to the robot is a body too
    assert_eq!(first_touch("Solid", false), Some(step));
}
