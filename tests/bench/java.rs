//! `make bench`: what a Java controller costs per step, next to the same controller in C, measured in
//! the same run (language_twin.rs, as for Python): an idle loop, and one reading its compass and sending
//! a packet every step, in-process (JNI and the C++ layer included) and through the runner. JVM start-up
//! is not counted; the JIT's warm-up is. Figures: steps per second and the Java/C ratio of the time per
//! step.

#[path = "../common/mod.rs"]
mod common;
#[path = "language_twin.rs"]
mod language_twin;

use std::process::Command;

use language_twin::Language;

fn main() {
    if common::java_api_dir().is_none() {
        println!("java bench skipped: the Java API was not built (no JDK when webots-shim was built)");
        return;
    }
    let p = common::Project::new();
    p.world("bench.wbt", &language_twin::world());
    // one folder holds both twins for in-process runs; the runner gets one folder each
    p.controller("bench_loop", "bench_loop");
    p.java_controller("bench_loop", "bench_loop");
    p.controller("bench_c", "bench_loop");
    p.java_controller("bench_java", "bench_loop");
    let java = Language {
        name: "Java",
        runner_folder: "bench_java",
        command: |p| {
            let lib = p.home().join("lib/controller/java");
            let mut c = Command::new(common::jdk_tool("java"));
            c.arg("-classpath")
                .arg(format!("{}:.", lib.join("Controller.jar").display()))
                .arg(format!("-Djava.library.path={}", lib.display()))
                .arg("bench_loop");
            c
        },
    };
    language_twin::compare(&p, &java);
}
