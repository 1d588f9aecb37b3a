//! Helpers for `webots-shim test` and its kin: world texts and suite commands kept inside a project.

use std::process::{Command, Stdio};
use std::time::Instant;

use super::{runner, Project, RunOutput};

pub fn header() -> String {
    "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n".to_string()
}

pub fn robot(name: &str, controller: &str, args: &[&str]) -> String {
    let args: Vec<String> = args.iter().map(|a| format!("\"{a}\"")).collect();
    format!("Robot {{ name \"{name}\" controller \"{controller}\" controllerArgs [ {} ] }}\n", args.join(" "))
}

/// `webots-shim <args>` in the project's folder and environment, outside any scheduler's shard.
pub fn shim_command(p: &Project, args: &[&str]) -> Command {
    let mut cmd = Command::new(runner());
    cmd.args(args).current_dir(p.path()).stdin(Stdio::null());
    p.env(&mut cmd);
    // a CI job running these tests in parallel must not shard them
    for var in webots_shim::runner::suite::shard::ENV_VARS {
        cmd.env_remove(var);
    }
    cmd
}

/// `webots-shim test <worlds> <args>`, the worlds named inside the project's `worlds/`.
pub fn suite_command(p: &Project, worlds: &[&str], args: &[&str]) -> Command {
    let mut cmd = shim_command(p, &["test"]);
    for w in worlds {
        cmd.arg(p.path().join("worlds").join(w));
    }
    cmd.args(args);
    cmd
}

pub fn output(mut cmd: Command) -> RunOutput {
    let start = Instant::now();
    let out = cmd.output().expect("webots-shim starts");
    RunOutput {
        status: out.status,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed: start.elapsed(),
    }
}

pub fn suite(p: &Project, worlds: &[&str], args: &[&str]) -> RunOutput {
    output(suite_command(p, worlds, args))
}

pub fn assert_status(out: &RunOutput, code: i32) {
    assert_eq!(out.status.code(), Some(code), "stdout:\n{}\nstderr:\n{}", out.stdout, out.stderr);
}
