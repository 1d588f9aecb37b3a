//! Starting a robot's controller as Webots does: `<project>/controllers/NAME/NAME`, run in its own
//! folder with `controllerArgs` as arguments, `WEBOTS_ROBOT_NAME` and the run's URL in the environment,
//! its stdout and stderr on pipes the run reads (`output.rs`). Controllers the project lacks are looked
//! for in the home's own `resources/projects/controllers/` (the test-suite supervisor lives there).

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::link::paths::percent_encode;

pub struct Launched {
    /// The controller, its stdout and stderr still to be taken.
    pub child: Child,
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
    pub robot_index: usize,
    pub port: u16,
    pub library_dir: Option<&'a Path>,
}

pub fn launch(spec: &LaunchSpec) -> io::Result<Launched> {
    let dir = spec.program.parent().unwrap_or(Path::new("."));
    let mut cmd = Command::new(spec.program);
    cmd.args(spec.args)
        .current_dir(dir)
        .env("WEBOTS_ROBOT_NAME", spec.robot_name)
        .env("WEBOTS_CONTROLLER_URL", format!("ipc://{}/{}", spec.port, percent_encode(spec.robot_name)))
        .env("WEBOTS_SHIM_ROBOT_INDEX", spec.robot_index.to_string())
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
    Ok(Launched { child: cmd.spawn()? })
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
