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
    /// Robot 0 after the first quarter period: how deep it settled, how far it drove along x.
    pub depth_m: Option<f64>,
    pub drive_m: Option<f64>,
    /// Robot 0's largest displacement over the second after that.
    pub rest_m: f64,
    /// Kinematic trees (robots) asleep at the end.
    pub asleep: usize,
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

/// Steps `mjcf` (`warmup` steps one by one, then `steps` timed in chunks of `quarter`).
pub fn run(
    python: &Path,
    mjcf: &str,
    mode: &str,
    quarter: usize,
    warmup: usize,
    steps: usize,
    sleep: bool,
) -> Result<Run, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let model = dir.path().join("robots.xml");
    std::fs::write(&model, mjcf).map_err(|e| e.to_string())?;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bench/physics/mujoco_step.py");
    let mut cmd = Command::new(python);
    cmd.arg(script).arg(&model).arg(mode);
    for k in [quarter, warmup, steps] {
        cmd.arg(k.to_string());
    }
    if sleep {
        cmd.arg("sleep");
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).map_err(|e| format!("{e}: {text}"))
}
