//! MuJoCo, measured by the physics bench in the same run: a virtual environment under the target
//! directory with the `mujoco` package from PyPI (made once, reused), and `mujoco_step.py` stepping
//! the MJCF of the same scene.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct Run {
    pub version: String,
    pub median_ms: f64,
    pub quartiles_ms: [f64; 2],
    /// Robot 0 after the first quarter period: how deep it settled.
    pub depth_m: f64,
    /// Robot 0's largest displacement over the second after that.
    pub rest_m: f64,
    /// Robot 0's drive along x from step `drive[0]` to step `drive[1]`.
    pub drive_m: f64,
    /// The step at which robot 0 turned back (0: not during the run).
    pub turned: usize,
    /// The largest difference of a rangefinder's reading and the distance to its robot's wall, up to
    /// step `drive[1]`.
    pub sensor_error_m: f64,
    /// Kinematic trees (robots) asleep at the end.
    pub asleep: usize,
    /// The largest torque a wheel's actuator applied (N·m).
    pub torque_nm: f64,
}

/// What to run: `mode` ("driving" or "standing"), the check's windows, `warmup` steps untimed then
/// `steps` timed one by one, MuJoCo's sleeping on or off, its rangefinders replaced by distances
/// computed outside its step (`geometric`).
pub struct Case<'a> {
    pub mode: &'a str,
    pub quarter: usize,
    pub drive: [usize; 2],
    pub warmup: usize,
    pub steps: usize,
    pub sleep: bool,
    pub geometric: bool,
}

/// The virtual environment's Python with `mujoco` importable, or why there is none.
pub fn python() -> Result<PathBuf, String> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("bench-venv");
    let python = venv.join("bin").join("python");
    let imports = |p: &Path| Command::new(p).args(["-c", "import mujoco"]).output().is_ok_and(|o| o.status.success());
    if imports(&python) {
        return Ok(python);
    }
    let run = |cmd: &mut Command, what: &str| -> Result<(), String> {
        let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            let err = String::from_utf8_lossy(&out.stderr);
            Err(format!("{what} failed: {}", err.lines().last().unwrap_or("").trim()))
        }
    };
    if !python.exists() {
        run(Command::new("python3").args(["-m", "venv"]).arg(&venv), "python3 -m venv")?;
    }
    run(
        Command::new(venv.join("bin").join("pip")).args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "mujoco",
        ]),
        "pip install mujoco",
    )?;
    if imports(&python) {
        Ok(python)
    } else {
        Err("mujoco was installed but does not import".to_string())
    }
}

/// Steps `mjcf` as `case` says.
pub fn run(python: &Path, mjcf: &str, case: &Case) -> Result<Run, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let model = dir.path().join("robots.xml");
    std::fs::write(&model, mjcf).map_err(|e| e.to_string())?;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bench/physics/mujoco_step.py");
    let mut cmd = Command::new(python);
    cmd.arg(script).arg(&model).arg(case.mode);
    for k in [case.quarter, case.drive[0], case.drive[1], case.warmup, case.steps] {
        cmd.arg(k.to_string());
    }
    if case.sleep {
        cmd.arg("sleep");
    }
    if case.geometric {
        cmd.arg("geometric");
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).map_err(|e| format!("{e}: {text}"))
}
