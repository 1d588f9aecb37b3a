//! Which robot joint trees are multibodies (`joints::multibody::chosen`), and what that gives: a light
//! foot between a heavy body and the floor holds its load, as ODE's exact joints hold it.

use super::engine::JointHandle;
use super::test_world::{def, world};
use super::{Drive, Physics};

/// Whether joint `name`'s engine joints are multibody links.
fn in_multibody(scene: &crate::world::scene::Scene, physics: &Physics, name: &str) -> bool {
    let joint = &physics.joints[physics.joint_index[&def(scene, name)]];
    joint.handles.iter().all(|h| matches!(h, JointHandle::Multibody(_)))
}

fn hinge(name: &str, x: f64, end: &str) -> String {
    format!(
        "DEF {name} HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor {x} 0 0 }} \
         endPoint Solid {{ translation {x} 0 0 name \"{name}\" children [ {end} ] \
           boundingObject Sphere {{ radius 0.01 }} physics Physics {{ density -1 mass 0.05 }} }} }}"
    )
}

#[test]
fn chains_and_held_hinge2_joints_are_multibodies_wheels_and_ball_joints_are_not() {
    let ball = "DEF BALL BallJoint { endPoint Solid { name \"b\" boundingObject Sphere { radius 0.01 } \
                physics Physics { } } }";
    let hinge2 = "DEF H2 Hinge2Joint { endPoint Solid { name \"h2\" boundingObject Sphere { radius 0.01 } \
                  physics Physics { } } }";
    let robot = |name: &str, z: f64, children: String, base: &str| {
        format!(
            "Robot {{ translation 0 0 {z} name \"{name}\" children [ {children} ] \
             boundingObject Box {{ size 0.1 0.1 0.1 }} {base} }}\n"
        )
    };
    let free = "physics Physics { }";
    let scene_text = [
        robot("wheels", 0.0, hinge("W1", 0.1, "") + &hinge("W2", -0.1, ""), free),
        robot("leg", 1.0, hinge("HIP", 0.1, &hinge("KNEE", 0.1, "")), free),
        robot("arm with a ball", 2.0, hinge("SHOULDER", 0.1, &hinge("ELBOW", 0.1, ball)), free),
        robot("free hinge2", 3.0, hinge2.to_string(), free),
        format!(
            "Solid {{ translation 0 0 4 name \"base\" children [ {} ] }}\n",
            robot("held hinge2", 0.0, hinge2.replace("H2", "HELD").replace("\"h2\"", "\"held\""), free)
        ),
    ]
    .concat();
    let (scene, physics) = world(&format!("WorldInfo {{ gravity 0 }}\n{scene_text}"));
    for (name, expected) in [
        ("W1", false),
        ("W2", false),
        ("HIP", true),
        ("KNEE", true),
        ("SHOULDER", false),
        ("ELBOW", false),
        ("BALL", false),
        ("H2", false),
        ("HELD", true),
    ] {
        assert_eq!(in_multibody(&scene, &physics, name), expected, "{name}");
    }
}

#[test]
fn a_light_foot_under_a_heavy_body_holds_its_knee_at_rest() {
    // four legs of Webots' hexapod under a 2.4 kg body: a hip hinge (75 g), a knee slider (its motor: 25 N,
    // in Webots' position control toward 0) and a 19 g foot on the floor. Each knee carries about 6 N and
    // its motor holds it: ours within 0.35 mm (ODE: within its CFM, microns; with impulse joints the
    // hexapod's knees gave 3 to 8 mm). At velocity 0 without the position law a knee creeps (1.7 mm/s):
    // rapier solves a multibody's motor rows from nothing at each substep, and beside a light foot's
    // contact they converge slowly (COMPATIBILITY.md, robot joint trees)
    let leg = |name: &str, x: f64, z: f64| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 0 1 anchor {x} {z} 0 }} \
             device [ RotationalMotor {{ name \"hip {name}\" }} ] \
             endPoint Solid {{ translation {x} {z} 0 name \"hip {name}\" \
               children [ DEF {name} SliderJoint {{ jointParameters DEF {name}P JointParameters {{ axis 0 0 -1 }} \
                 device [ LinearMotor {{ name \"knee {name}\" maxForce 25 }} ] \
                 endPoint Solid {{ translation 0 0 -0.03 name \"foot {name}\" \
                   boundingObject Cylinder {{ height 0.06 radius 0.01 }} physics Physics {{ density -1 mass 0.019 }} }} }} ] \
               boundingObject Sphere {{ radius 0.02 }} physics Physics {{ density -1 mass 0.075 }} }} }}"
        )
    };
    let legs: String = [("A", 0.2, 0.1), ("B", 0.2, -0.1), ("C", -0.2, 0.1), ("D", -0.2, -0.1)]
        .iter()
        .map(|&(n, x, z)| leg(n, x, z))
        .collect();
    let (mut scene, mut physics) = world(&format!(
        "WorldInfo {{ basicTimeStep 40 }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 10 10 }} }}\n\
         Robot {{ translation 0 0 0.06 children [ {legs} ] \
           boundingObject Box {{ size 0.48 0.1 0.05 }} physics Physics {{ density -1 mass 2.4 }} }}"
    ));
    let knees = ["A", "B", "C", "D"].map(|n| def(&scene, n));
    for _ in 0..50 {
        for &k in &knees {
            let (x, _) = physics.joint_axis(k, 0).unwrap();
            // Webots' position control toward 0 (P 10, the motor's default maxVelocity 10 m/s)
            physics.set_drive(
                k,
                0,
                Drive::Velocity { velocity: (-10.0 * x).clamp(-10.0, 10.0), max_force: 25.0 },
                false,
            );
        }
        physics.step(&mut scene);
    }
    for n in ["A", "B", "C", "D"] {
        let given = scene.sf_float(def(&scene, &format!("{n}P")), "position");
        assert!(given.abs() < 5e-4, "knee {n} gave {given} m");
    }
}
