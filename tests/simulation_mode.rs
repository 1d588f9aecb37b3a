//! Simulation modes a supervisor sets: the runner starts fast; real-time mode paces simulated time to
//! the wall clock (checked as a lower bound only: a slow machine can only take longer).

mod common;

use common::Project;

#[test]
fn real_time_mode_paces_the_world_to_the_wall_clock() {
    let p = Project::new();
    p.controller("realtime", "realtime");
    p.world(
        "paced.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { }\nRobot { controller \"realtime\" controllerArgs [ \"real-time\" ] supervisor TRUE }\n",
    );
    let out = p.run("paced.wbt", &[]);
    assert!(out.status.success(), "{}", out.stderr);
    out.assert_stdout_has("mode 1 at t=0.512");
    // 16 steps of 32 ms cannot take much less than 0.512 s in real time (fast mode takes milliseconds)
    let wall: f64 = out.robot_lines("robot")[1].strip_prefix("wall ").unwrap().parse().unwrap();
    assert!(wall >= 0.45, "real-time steps took {wall} s");
}

#[test]
fn the_runner_starts_in_fast_mode() {
    let p = Project::new();
    p.controller("realtime", "realtime");
    p.world("fast.wbt", "#VRML_SIM R2025a utf8\nWorldInfo { }\nRobot { controller \"realtime\" supervisor TRUE }\n");
    let out = p.run("fast.wbt", &[]);
    assert!(out.status.success(), "{}", out.stderr);
    out.assert_stdout_has("mode 2 at t=0.512");
}
