//! A panic anywhere in the runner still ends in a report naming the world, the step and the message:
//! on stderr and as the run's failure in `webots-shim run`, and as a JUnit failure in `webots-shim test`
//! (never a bare exit status). The panic is made on purpose with WEBOTS_SHIM_TEST_PANIC_AT.

mod common;

use common::suite::{assert_status, header, output, robot, suite_command};
use common::Project;

const SAID: &str = "the runner panicked in world panic.wbt at step 3 (t = 0.064 s): WEBOTS_SHIM_TEST_PANIC_AT: a \
                    panic on purpose in step 3 at src/world/sim.rs:";

fn project() -> Project {
    let p = Project::new();
    p.controller("talk_lines", "talk_lines");
    p.world("panic.wbt", &(header() + &robot("talker", "talk_lines", &["1", "10"])));
    p
}

#[test]
fn a_panic_in_the_world_step_is_reported_with_the_world_the_step_and_the_message() {
    let p = project();
    let mut cmd = p.runner_command("panic.wbt", &[]);
    cmd.env("WEBOTS_SHIM_TEST_PANIC_AT", "3");
    let out = output(cmd);
    assert_status(&out, 1);
    out.assert_stderr_has(&format!("webots-shim: {SAID}"));
    out.assert_stderr_has(
        "webots-shim: run ended at 0.064 s: 1 controller(s), 1 failed ('(world)' failed: the runner panicked",
    );
}

#[test]
fn a_panic_in_a_suite_run_is_a_junit_failure_with_its_message() {
    let p = project();
    let junit = p.path().join("report.xml");
    let mut cmd = suite_command(&p, &["panic.wbt"], &["--junit", junit.to_str().unwrap()]);
    cmd.env("WEBOTS_SHIM_TEST_PANIC_AT", "3");
    let out = output(cmd);
    assert_status(&out, 1);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<failure"), "{xml}");
    assert!(xml.contains("the runner panicked in world panic.wbt at step 3"), "{xml}");
}
