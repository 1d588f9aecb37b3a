//! What a supervisor tracks (a field, a pose) follows a simulation reset: the values after it are those
//! of the restored world, not the last ones sampled before it.

mod common;

use common::Project;

#[test]
fn tracked_fields_and_poses_give_the_restored_values_right_after_a_reset() {
    // The ball falls freely from 1 m (no floor): 30 steps of 32 ms take it 0.5 g 0.96² ≈ 4.5 m down.
    // After the reset it starts again from 1 m: one step later it is at most g dt² = 1 cm lower (the
    // engine's step), two steps later 3 cm; a value sampled before the reset would be 3.5 m below.
    let p = Project::new();
    p.controller("reset_tracked_field", "reset_tracked_field");
    p.world(
        "track.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         DEF BALL Solid { translation 0 0 1 boundingObject Sphere { radius 0.1 } physics Physics { density -1 mass 1 } }\n\
         Robot { name \"tracker\" supervisor TRUE controller \"reset_tracked_field\" }\n",
    );
    let out = p.run("track.wbt", &["--until", "2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let before = out.robot_numbers("tracker", "before the reset: z ", 0)[0];
    assert!(before < -3.0, "{}", out.stdout);
    for (step, most) in [(1, 0.011), (2, 0.031)] {
        let field = out.robot_numbers("tracker", &format!("step {step} field z "), 0)[0];
        assert!(field <= 1.0 && 1.0 - field < most, "step {step}: {}", out.stdout);
        let pose = out.robot_numbers("tracker", &format!("step {step} pose z "), 0)[0];
        assert!(pose <= 1.0 && 1.0 - pose < most, "step {step}: {}", out.stdout);
    }
}
