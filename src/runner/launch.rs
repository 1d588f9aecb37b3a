//! Starting a robot's controller as Webots does: `<project>/controllers/NAME/NAME`, run in its own
//! folder with `controllerArgs` as arguments, Webots' `WEBOTS_ROBOT_ID`, `WEBOTS_ROBOT_NAME` and
//! `WEBOTS_INSTANCE_PATH` and the run's URL in the environment, its stdout and stderr on pipes the run
//! reads (`output.rs`). Controllers the project lacks are looked for in the home's own
//! `resources/projects/controllers/` (the test-suite supervisor lives there). A folder without a
//! program but with `NAME.class` or `NAME.jar` runs it with Java (see `java.rs`), one with `NAME.py`
//! with Python (see `python.rs`); `runtime.ini` adds to the environment of each (see `runtime_ini.rs`).

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::launch_env::LaunchEnv;
use super::{java, python, runtime_ini};
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
        // Webots' order: a program, then Java, then Python
        let candidates = [
            d.join(name),
            d.join("build").join("release").join(name),
            d.join(format!("{name}.class")),
            d.join(format!("{name}.jar")),
            d.join(format!("{name}.py")),
        ];
        for program in candidates {
            if program.is_file() {
                return Ok(program);
            }
        }
    }
    Err(format!(
        "controller '{name}' not found: expected an executable {} (build it with make in {}), {name}.class, \
         {name}.jar or {name}.py",
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
    let mut env = LaunchEnv::default();
    env.set("WEBOTS_ROBOT_NAME", spec.robot_name);
    env.set("WEBOTS_CONTROLLER_URL", format!("ipc://{}/{}", spec.port, percent_encode(spec.robot_name)));
    env.set("WEBOTS_ROBOT_ID", spec.robot_id.to_string());
    env.set("WEBOTS_INSTANCE_PATH", format!("{}/", spec.instance_dir.display()));
    env.remove("WEBOTS_SHIM_WORLD");
    if let Some(lib) = spec.library_dir {
        let mut paths = vec![lib.to_path_buf(), dir.to_path_buf()];
        if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
            paths.extend(std::env::split_paths(&old));
        }
        if let Ok(joined) = std::env::join_paths(paths) {
            env.set("LD_LIBRARY_PATH", joined);
        }
    }
    let (sections, warnings) = runtime_ini::apply(dir, &mut env);
    for warning in warnings {
        eprintln!("webots-shim: warning: '{}' controller: {warning}", spec.robot_name);
    }
    let mut language_command = None;
    let mut cmd = if java::is_java(spec.program) {
        let home = std::env::var_os("WEBOTS_HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
        if home.is_none() {
            eprintln!(
                "webots-shim: warning: WEBOTS_HOME is not set: '{}' finds Controller.jar only on its own CLASSPATH",
                spec.robot_name
            );
        }
        let (command, args) =
            java::command_line(spec.program, &os_args(spec.args), &sections.java, home.as_deref(), &env)
                .map_err(|e| io::Error::new(io::ErrorKind::NotFound, e))?;
        let mut cmd = Command::new(&command);
        cmd.args(args);
        language_command = Some(("Java", command));
        cmd
    } else if python::is_python(spec.program) {
        let home = std::env::var_os("WEBOTS_HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
        if home.is_none() {
            eprintln!(
                "webots-shim: warning: WEBOTS_HOME is not set: '{}' finds the controller package only on its own PYTHONPATH",
                spec.robot_name
            );
        }
        python::set_environment(&mut env, home.as_deref());
        let (command, args) = python::command_line(spec.program, spec.args, &sections.python);
        let mut cmd = Command::new(&command);
        cmd.args(args);
        language_command = Some(("Python", command));
        cmd
    } else {
        let mut cmd = Command::new(spec.program);
        cmd.args(spec.args);
        cmd
    };
    env.apply_to(&mut cmd);
    cmd.current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // its own process group, so the controller and anything it forks can be stopped together
        .process_group(0);
    let child = cmd.spawn().map_err(|e| match &language_command {
        Some((language, c)) => {
            io::Error::new(e.kind(), format!("the {language} command '{}' cannot run: {e}", c.to_string_lossy()))
        }
        None => e,
    })?;
    Ok(Launched { child })
}

fn os_args(args: &[String]) -> Vec<std::ffi::OsString> {
    args.iter().map(std::ffi::OsString::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_s_controller_comes_first_then_the_home_s_and_a_program_before_a_python_script() {
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
        assert!(missing.ends_with(", other.class, other.jar or other.py"), "{missing}");
        // a Python controller, unless a program of the same name is there (Webots' order)
        let script = put(project.join("controllers/py/py.py"));
        assert_eq!(find_controller(&project, None, "py"), Ok(script));
        let jar = put(project.join("controllers/py/py.jar"));
        assert_eq!(find_controller(&project, None, "py"), Ok(jar));
        let class = put(project.join("controllers/py/py.class"));
        assert_eq!(find_controller(&project, None, "py"), Ok(class));
        let program = put(project.join("controllers/py/build/release/py"));
        assert_eq!(find_controller(&project, None, "py"), Ok(program));
        assert!(find_controller(&project, None, "sup").is_ok());
    }
}
