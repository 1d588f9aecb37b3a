//! Starting a robot's controller as Webots does: `<project>/controllers/NAME/NAME`, run in its own
//! folder with `controllerArgs` as arguments, Webots' `WEBOTS_ROBOT_ID`, `WEBOTS_ROBOT_NAME` and
//! `WEBOTS_INSTANCE_PATH` and the run's URL in the environment,
//! its output forwarded line by line with the robot's name in front. Controllers the project lacks are
//! looked for in the home's own `resources/projects/controllers/` (the test-suite supervisor lives there).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;

use crate::link::paths::percent_encode;

pub struct Launched {
    pub child: Child,
    pub forwarders: Vec<JoinHandle<()>>,
}

/// The controller program for `name`: in the world's project, else (as Webots searches its own
/// resources) in `$WEBOTS_HOME/resources/projects/controllers/`.
pub fn controller_program(project: &Path, name: &str) -> Result<PathBuf, String> {
    let home = std::env::var_os("WEBOTS_HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    find_controller(project, home.as_deref(), name)
}

fn find_controller(project: &Path, home: Option<&Path>, name: &str) -> Result<PathBuf, String> {
    let dir = project.join("controllers").join(name);
    let home_dir = home.map(|h| h.join("resources/projects/controllers").join(name));
    for d in std::iter::once(&dir).chain(home_dir.as_ref()) {
        for program in [d.join(name), d.join("build").join("release").join(name)] {
            if program.is_file() {
                return Ok(program);
            }
        }
    }
    Err(format!(
        "controller '{name}' not found: expected an executable {} (build it with make in {})",
        dir.join(name).display(),
        dir.display()
    ))
}

pub struct LaunchSpec<'a> {
    pub program: &'a Path,
    pub args: &'a [String],
    pub robot_name: &'a str,
    /// The robot's node id (`WEBOTS_ROBOT_ID`, how a launched controller names its robot).
    pub robot_id: i32,
    pub port: u16,
    /// The run's folder (`WEBOTS_INSTANCE_PATH`, with a trailing `/`).
    pub instance_dir: &'a Path,
    pub library_dir: Option<&'a Path>,
}

pub fn launch(spec: &LaunchSpec) -> io::Result<Launched> {
    let dir = spec.program.parent().unwrap_or(Path::new("."));
    let mut cmd = Command::new(spec.program);
    cmd.args(spec.args)
        .current_dir(dir)
        .env("WEBOTS_ROBOT_NAME", spec.robot_name)
        .env("WEBOTS_CONTROLLER_URL", format!("ipc://{}/{}", spec.port, percent_encode(spec.robot_name)))
        .env("WEBOTS_ROBOT_ID", spec.robot_id.to_string())
        .env("WEBOTS_INSTANCE_PATH", format!("{}/", spec.instance_dir.display()))
        .env_remove("WEBOTS_SHIM_WORLD")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // its own process group, so the controller and anything it forks can be stopped together
        .process_group(0);
    if let Some(lib) = spec.library_dir {
        let mut paths = vec![lib.to_path_buf(), dir.to_path_buf()];
        if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
            paths.extend(std::env::split_paths(&old));
        }
        if let Ok(joined) = std::env::join_paths(paths) {
            cmd.env("LD_LIBRARY_PATH", joined);
        }
    }
    let mut child = cmd.spawn()?;
    let prefix = format!("[{}] ", spec.robot_name);
    let mut forwarders = Vec::new();
    if let Some(out) = child.stdout.take() {
        forwarders.push(forward_lines(out, prefix.clone(), false));
    }
    if let Some(err) = child.stderr.take() {
        forwarders.push(forward_lines(err, prefix, true));
    }
    Ok(Launched { child, forwarders })
}

/// Copies a controller's output to ours, one whole line at a time, each behind `prefix`.
fn forward_lines<R: Read + Send + 'static>(from: R, prefix: String, to_stderr: bool) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(1 << 16, from);
        let mut line = Vec::new();
        loop {
            line.clear();
            // a line longer than 64 KiB is forwarded in pieces rather than held in memory
            match reader.by_ref().take(1 << 16).read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if line.last() != Some(&b'\n') {
                        line.push(b'\n');
                    }
                    let mut text = Vec::with_capacity(prefix.len() + line.len());
                    text.extend_from_slice(prefix.as_bytes());
                    text.extend_from_slice(&line);
                    let _ = if to_stderr {
                        io::stderr().lock().write_all(&text)
                    } else {
                        io::stdout().lock().write_all(&text)
                    };
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_s_controller_comes_first_then_the_home_s() {
        let tmp = tempfile::tempdir().unwrap();
        let (project, home) = (tmp.path().join("project"), tmp.path().join("home"));
        let put = |path: PathBuf| {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
            path
        };
        let in_home = put(home.join("resources/projects/controllers/sup/build/release/sup"));
        assert_eq!(find_controller(&project, Some(&home), "sup"), Ok(in_home));
        let in_project = put(project.join("controllers/sup/sup"));
        assert_eq!(find_controller(&project, Some(&home), "sup"), Ok(in_project));
        let missing = find_controller(&project, None, "other").unwrap_err();
        assert!(missing.starts_with("controller 'other' not found: expected an executable "), "{missing}");
        assert!(find_controller(&project, None, "sup").is_ok());
    }
}
