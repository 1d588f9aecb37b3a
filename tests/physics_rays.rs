//! Rays against static and falling objects, in Webots' `static_distance_sensor_rays` scenario rebuilt
//! here: a static robot with sensors 4 cm from a static box on one side and from the path of a falling box
//! on the other (lookup table 0 → 500, 0.1 → 0, so 4 cm reads 300), checked at the steps where the falling
//! box crosses the rays. (Webots also reads it after 3 steps: ODE moves a falling body by g h² n (n + 1) / 2
//! in n steps, the engine's substeps by g h² n (4n + 1) / 8, 1.2 mm less then: see COMPATIBILITY.md.)

mod common;

use common::{Project, RunOutput};

fn ok(out: &RunOutput) {
    assert!(out.status.success(), "run failed\n--- stdout:\n{}\n--- stderr:\n{}", out.stdout, out.stderr);
}

fn run(world: &str) -> RunOutput {
    let p = Project::new();
    p.controller("distance_webots", "distance_webots");
    p.world("w.wbt", world);
    p.run("w.wbt", &[])
}

/// The scene at `steps` steps, each sensor expected to read `values` (generic static, infra-red static,
/// generic dynamic, infra-red dynamic).
fn scene(steps: usize, values: [f64; 4]) -> String {
    let sensor = |name: &str, pose: &str, extra: &str| {
        format!("DistanceSensor {{ {pose} name \"{name}\" lookupTable [ 0 500 0, 0.1 0 0 ] {extra} }}")
    };
    let names = ["ds_generic_static", "ds_infra_red_static", "ds_generic_dynamic", "ds_infra_red_dynamic"];
    let args: Vec<String> =
        names.iter().zip(values).flat_map(|(n, v)| [format!("\"{n}\""), format!("\"{v}\"")]).collect();
    format!(
        "#VRML_SIM R2022a utf8\nWorldInfo {{ coordinateSystem \"NUE\" }}\n\
         Solid {{ rotation 1 0 0 -1.5708 children [ Shape {{ geometry DEF PLANE Plane {{ }} }} ] boundingObject USE PLANE }}\n\
         DEF DYNAMIC_BOX Solid {{ translation 0 0.14 -0.1 children [ Shape {{ geometry DEF BOX0 Box {{ size 0.09 0.06 0.02 }} }} ] \
           name \"green box\" boundingObject USE BOX0 physics Physics {{ density 500 }} }}\n\
         DEF STATIC_BOX Solid {{ translation 0 0.05 0.1 children [ Shape {{ geometry DEF BOX1 Box {{ size 0.04 0.04 0.02 }} }} ] \
           name \"red box\" boundingObject USE BOX1 }}\n\
         Robot {{ translation 0 0.06 0 rotation 0 1 0 1.5707963267948966 name \"static\" controller \"distance_webots\" \
           controllerArgs [ \"{steps}\" {} ] children [ {} {} {} {} ] }}\n",
        args.join(" "),
        sensor(names[0], "translation -0.05 0 0.001 rotation 0 1 0 3.141592653589793", ""),
        sensor(names[1], "translation -0.05 0 0 rotation 0 1 0 3.141592653589793", "type \"infra-red\" aperture 1"),
        sensor(names[2], "translation 0.05 0 0.001", "aperture 1"),
        sensor(names[3], "translation 0.05 0 0", "type \"infra-red\" aperture 1"),
    )
}

#[test]
fn distance_sensors_read_a_static_box_and_a_falling_one_as_webots_does() {
    // 32 ms steps: after 4 steps the falling box (6 cm high, its centre let go at 0.14) spans the rays'
    // height 0.06 (fallen 8.5 cm); after 5 (13.2 cm) it is below them
    for (steps, dynamic) in [(2, 0.0), (4, 300.0), (5, 0.0)] {
        let out = run(&scene(steps, [300.0, 300.0, dynamic, dynamic]));
        ok(&out);
        out.assert_stdout_has("distance sensor test passed");
    }
}
