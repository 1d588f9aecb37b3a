//! Shared helpers for the integration tests: compile C controllers against `include/` with the `cc`
//! crate's compiler, lay them out in a throw-away Webots project, and run them through the runner or
//! in-process.

#![allow(dead_code)]

pub mod suite;
pub mod twins;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Once;
use std::time::{Duration, Instant};

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn include_dir() -> PathBuf {
    manifest_dir().join("include")
}

/// `target/<profile>`, found from the running test binary (`target/<profile>/deps/<test>`).
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf()
}

/// A folder holding `libController.so` (a copy of the crate's cdylib), made once per test process.
pub fn lib_dir() -> PathBuf {
    static ONCE: Once = Once::new();
    let dir = profile_dir().join("shim-lib");
    ONCE.call_once(|| {
        // `cargo test` refreshes deps/ and not always the copy beside it: take the newer
        let newest = [profile_dir().join("libwebots_shim.so"), profile_dir().join("deps/libwebots_shim.so")]
            .into_iter()
            .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
            .max();
        let Some((_, built)) = newest else { panic!("libwebots_shim.so is missing: the cdylib was not built") };
        std::fs::create_dir_all(&dir).unwrap();
        // copy under a unique name, then rename: concurrent test processes never see half a file
        let tmp = dir.join(format!(".libController.so.{}", std::process::id()));
        std::fs::copy(&built, &tmp).unwrap();
        std::fs::rename(&tmp, dir.join("libController.so")).unwrap();
    });
    dir
}

pub fn runner() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_webots-shim"))
}

fn triple() -> String {
    format!("{}-unknown-linux-gnu", std::env::consts::ARCH)
}

/// The C (or C++) compiler the `cc` crate picks, with warnings as errors.
pub fn compiler(cpp: bool) -> Command {
    let tool = cc::Build::new()
        .cargo_metadata(false)
        .cpp(cpp)
        .opt_level(0)
        .host(&triple())
        .target(&triple())
        .warnings(true)
        .extra_warnings(true)
        .warnings_into_errors(true)
        .get_compiler();
    tool.to_command()
}

/// Compiles and links a C controller against `include/` and our libController.so.
pub fn compile_controller(sources: &[PathBuf], out: &Path) {
    compile_controller_with(sources, out, &[]);
}

/// `compile_controller` with extra compiler arguments.
pub fn compile_controller_with(sources: &[PathBuf], out: &Path, extra: &[&str]) {
    let lib = lib_dir();
    let mut cmd = compiler(false);
    cmd.arg("-std=c99")
        .arg("-I")
        .arg(include_dir())
        .arg("-I")
        .arg(manifest_dir().join("tests/c"))
        .args(sources)
        .arg("-o")
        .arg(out)
        .arg(format!("-L{}", lib.display()))
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-lController")
        .arg("-lpthread")
        .arg("-lm")
        .args(extra);
    let output = cmd.output().expect("compiler runs");
    assert!(output.status.success(), "compiling {:?} failed:\n{}", sources, String::from_utf8_lossy(&output.stderr));
}

/// A throw-away Webots project: `worlds/` and `controllers/NAME/NAME`. Runs use their own socket
/// folder, so tests never meet.
pub struct Project {
    pub dir: tempfile::TempDir,
}

pub struct RunOutput {
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl RunOutput {
    pub fn assert_stdout_has(&self, needle: &str) {
        assert!(
            self.stdout.contains(needle),
            "stdout lacks {needle:?}:\n{}\n--- stderr:\n{}",
            self.stdout,
            self.stderr
        );
    }

    pub fn assert_stderr_has(&self, needle: &str) {
        assert!(
            self.stderr.contains(needle),
            "stderr lacks {needle:?}:\n{}\n--- stdout:\n{}",
            self.stderr,
            self.stdout
        );
    }

    /// The run printed no `Error:` or `Warning:` line on stderr.
    pub fn assert_no_messages(&self) {
        let stray: Vec<&str> = self.stderr.lines().filter(|l| l.contains("Error:") || l.contains("Warning:")).collect();
        assert!(stray.is_empty(), "unexpected messages:\n{}", stray.join("\n"));
    }

    /// Lines a robot printed on stdout, without the runner's `[robot] ` prefix.
    pub fn robot_lines(&self, robot: &str) -> Vec<String> {
        let prefix = format!("[{robot}] ");
        self.stdout.lines().filter_map(|l| l.strip_prefix(&prefix)).map(str::to_string).collect()
    }

    /// The numbers after `prefix` on the first line the robot printed that starts with it (panics,
    /// showing the output, when there is none).
    pub fn robot_line_numbers(&self, robot: &str, prefix: &str) -> Vec<f64> {
        let line = self
            .robot_lines(robot)
            .into_iter()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} from {robot} in\n{}\n{}", self.stdout, self.stderr));
        line[prefix.len()..].split_whitespace().filter_map(|w| w.parse().ok()).collect()
    }

    /// The number in column `column` (from 0, after `tag`) of each line the robot printed that starts with
    /// `tag` ("rate 3 0.52": tag "rate ", column 1 is 0.52).
    pub fn robot_numbers(&self, robot: &str, tag: &str, column: usize) -> Vec<f64> {
        self.robot_lines(robot)
            .iter()
            .filter_map(|l| l.strip_prefix(tag))
            .map(|l| l.split_whitespace().nth(column).unwrap().parse().unwrap())
            .collect()
    }
}

pub fn to_output(out: Output, elapsed: Duration) -> RunOutput {
    RunOutput {
        status: out.status,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed,
    }
}

impl Project {
    pub fn new() -> Project {
        let dir = tempfile::Builder::new().prefix("shim-test-").tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("worlds")).unwrap();
        std::fs::create_dir_all(dir.path().join("controllers")).unwrap();
        std::fs::create_dir_all(dir.path().join("run")).unwrap();
        Project { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn world(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path().join("worlds").join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Writes `protos/<name>.proto` (a world's `EXTERNPROTO "../protos/<name>.proto"`).
    pub fn proto(&self, name: &str, text: &str) -> PathBuf {
        let dir = self.path().join("protos");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.proto"));
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Builds `tests/c/<source>.c` as the controller `name`.
    pub fn controller(&self, name: &str, source: &str) -> PathBuf {
        self.controller_with(name, source, &[])
    }

    /// `controller` with extra compiler arguments.
    pub fn controller_with(&self, name: &str, source: &str, extra: &[&str]) -> PathBuf {
        let dir = self.path().join("controllers").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join(name);
        compile_controller_with(&[manifest_dir().join("tests/c").join(format!("{source}.c"))], &out, extra);
        out
    }

    /// The environment a run (or a hand-started controller) needs to stay inside this project.
    pub fn env(&self, cmd: &mut Command) {
        cmd.env("WEBOTS_SHIM_TMPDIR", self.path().join("run"))
            .env_remove("WEBOTS_CONTROLLER_URL")
            .env_remove("WEBOTS_SHIM_WORLD")
            .env_remove("WEBOTS_ROBOT_NAME")
            .env_remove("WEBOTS_SHIM_UNTIL");
    }

    pub fn runner_command(&self, world: &str, args: &[&str]) -> Command {
        let mut cmd = Command::new(runner());
        cmd.arg("run").arg(self.path().join("worlds").join(world)).args(args);
        self.env(&mut cmd);
        cmd.stdin(Stdio::null());
        cmd
    }

    /// `run` with no arguments, which must end well with `needle` in its output.
    pub fn run_printing(&self, world: &str, needle: &str) -> RunOutput {
        let out = self.run(world, &[]);
        assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
        out.assert_stdout_has(needle);
        out
    }

    /// `webots-shim run worlds/<world> <args>`.
    pub fn run(&self, world: &str, args: &[&str]) -> RunOutput {
        let start = Instant::now();
        let out = self.runner_command(world, args).output().expect("runner starts");
        to_output(out, start.elapsed())
    }

    /// Runs a controller binary directly, with `env` added (in-process mode and error paths).
    pub fn run_controller(&self, name: &str, env: &[(&str, &str)]) -> RunOutput {
        let dir = self.path().join("controllers").join(name);
        let mut cmd = Command::new(dir.join(name));
        cmd.current_dir(&dir).stdin(Stdio::null());
        self.env(&mut cmd);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let start = Instant::now();
        let out = cmd.output().expect("controller starts");
        to_output(out, start.elapsed())
    }
}

/// The world of the C++ and Python sensor tests (tests/cpp/cpp_sensors, tests/python/sensor_reader.py):
/// a robot named "sensing" without physics at (1, 2, 0.5), turned 0.5 rad about z, running `controller`;
/// its distance sensor faces a wall 5 cm away along world x, its bumper's centre sits on that wall's face
/// (6 cm ahead along world x, in the robot's turned frame), its gyro and accelerometer ride a Solid with
/// physics held still (its body is fixed where its robot is).
pub fn sensing_world(controller: &str) -> String {
    let (c, s) = (0.5f64.cos(), 0.5f64.sin());
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ translation 1 2 0.5 rotation 0 0 1 0.5 name \"sensing\" controller \"{controller}\" children [ \
           GPS {{ }} InertialUnit {{ }} DistanceSensor {{ name \"ds\" rotation 0 0 1 -0.5 }} \
           TouchSensor {{ name \"bumper\" translation {} {} 0 boundingObject Box {{ size 0.02 0.02 0.02 }} }} \
           Solid {{ physics Physics {{ }} boundingObject Sphere {{ radius 0.01 }} children [ \
             Gyro {{ lookupTable [ -10 -20 0, 10 20 0 ] }} Accelerometer {{ }} ] }} ] }}\n\
         Solid {{ translation 1.06 2 0.5 boundingObject Box {{ size 0.02 1 1 }} }}\n",
        0.06 * c,
        -0.06 * s
    )
}

/// A PNG file's size and pixels, RGBA, rows top to bottom.
pub fn read_png(path: &Path) -> (u32, u32, Vec<[u8; 4]>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let pixels = buf[..info.buffer_size()].chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]).collect();
    (info.width, info.height, pixels)
}

/// `libCppController.so` as build.rs built it for this profile.
pub fn cpp_lib() -> PathBuf {
    PathBuf::from(env!("WEBOTS_SHIM_CPP_LIB"))
}

/// `Controller.jar` and `libJavaController.so` as build.rs built them (None when it found no JDK).
pub fn java_api_dir() -> Option<PathBuf> {
    option_env!("WEBOTS_SHIM_JAVA_API").map(PathBuf::from).filter(|d| d.join("Controller.jar").is_file())
}

/// The JDK tool `name` (javac, jar, java): `$JAVA_HOME/bin/NAME`, else NAME on PATH.
pub fn jdk_tool(name: &str) -> PathBuf {
    std::env::var_os("JAVA_HOME")
        .map(|h| PathBuf::from(h).join("bin").join(name))
        .filter(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// Lays out a Webots home in `dir` as `make install` does, from this build's artefacts:
/// include/controller/{c,cpp}/webots, lib/controller/lib{,Cpp}Controller.so, resources/Makefile.include
/// and the Python package in lib/controller/python/controller.
pub fn install_home(dir: &Path) {
    let copy_all = |from: &str, ext: &str, to: &Path| {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(include_dir().join("webots").join(from)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == ext) {
                std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
            }
        }
    };
    for folder in ["", "utils", "plugins/robot_window"] {
        copy_all(folder, "h", &dir.join("include/controller/c/webots").join(folder));
    }
    for folder in ["", "utils"] {
        copy_all(folder, "hpp", &dir.join("include/controller/cpp/webots").join(folder));
    }
    let lib = dir.join("lib/controller");
    std::fs::create_dir_all(&lib).unwrap();
    // linked where the file system allows it: every Python test lays out a home, the debug library is large
    let place = |from: &Path, to: &Path| {
        // never copy onto an earlier link to `from`: that would empty `from` itself
        let _ = std::fs::remove_file(to);
        if std::fs::hard_link(from, to).is_err() {
            std::fs::copy(from, to).unwrap();
        }
    };
    place(&lib_dir().join("libController.so"), &lib.join("libController.so"));
    place(&cpp_lib(), &lib.join("libCppController.so"));
    std::fs::create_dir_all(dir.join("resources")).unwrap();
    std::fs::copy(manifest_dir().join("src/install/Makefile.include"), dir.join("resources/Makefile.include")).unwrap();
    std::fs::copy(
        manifest_dir().join("src/install/Makefile.java.include"),
        dir.join("resources/Makefile.java.include"),
    )
    .unwrap();
    if let Some(java) = java_api_dir() {
        let to = lib.join("java");
        std::fs::create_dir_all(&to).unwrap();
        for file in ["Controller.jar", "libJavaController.so"] {
            place(&java.join(file), &to.join(file));
        }
    }
    let package = lib.join("python/controller");
    std::fs::create_dir_all(&package).unwrap();
    for e in std::fs::read_dir(manifest_dir().join("src/python/controller")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "py") {
            std::fs::copy(&p, package.join(p.file_name().unwrap())).unwrap();
        }
    }
}

/// The programs of a home, as `make install` lays them out: `bin/webots-shim`, and Webots' names for it
/// (`webots`, `webots-controller`, in the home and in `bin/`).
pub fn install_programs(home: &Path) {
    let bin = home.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(runner(), bin.join("webots-shim")).unwrap();
    for name in ["webots", "webots-controller"] {
        std::os::unix::fs::symlink("bin/webots-shim", home.join(name)).unwrap();
        std::os::unix::fs::symlink("webots-shim", bin.join(name)).unwrap();
    }
}

/// Runs `make` in `dir` against the Webots home `home`, with warnings as errors.
pub fn make(dir: &Path, home: &Path, args: &[&str]) -> Output {
    Command::new("make")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("WEBOTS_HOME", home)
        .env("TREAT_WARNINGS_AS_ERRORS", "1")
        .output()
        .expect("make runs")
}

impl Project {
    /// This project's installed Webots home (made on first use).
    pub fn home(&self) -> PathBuf {
        let home = self.path().join("webots-home");
        if !home.exists() {
            install_home(&home);
        }
        home
    }

    /// Copies `tests/python/<source>.py` as the Python controller `name` (controllers/NAME/NAME.py), with
    /// the test controllers' helpers `tests/python/check.py` beside it.
    pub fn python_controller(&self, name: &str, source: &str) -> PathBuf {
        let dir = self.path().join("controllers").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let program = dir.join(format!("{name}.py"));
        let python = manifest_dir().join("tests/python");
        std::fs::copy(python.join(format!("{source}.py")), &program).unwrap();
        std::fs::copy(python.join("check.py"), dir.join("check.py")).unwrap();
        program
    }

    /// `webots-shim run worlds/<world> <args>` with this project's home as `WEBOTS_HOME` (where the
    /// runner finds the Python package).
    pub fn run_with_home(&self, world: &str, args: &[&str]) -> RunOutput {
        let start = Instant::now();
        let out = self.runner_command(world, args).env("WEBOTS_HOME", self.home()).output().expect("runner starts");
        to_output(out, start.elapsed())
    }

    /// Copies the controller folder `tests/<folder>` (sources and a Webots-style Makefile) into
    /// controllers/, builds it with make against the installed home and returns the binary.
    pub fn make_controller(&self, folder: &str) -> PathBuf {
        let from = manifest_dir().join("tests").join(folder);
        let name = from.file_name().unwrap().to_owned();
        let dir = self.path().join("controllers").join(&name);
        std::fs::create_dir_all(&dir).unwrap();
        for e in std::fs::read_dir(&from).unwrap() {
            let p = e.unwrap().path();
            if p.is_file() {
                std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
            }
        }
        let include = format!("INCLUDE=-I{}", manifest_dir().join("tests/c").display());
        let out = make(&dir, &self.home(), &[&include, "CXXFLAGS=-Wextra", "CFLAGS=-Wextra"]);
        assert!(
            out.status.success(),
            "make in {folder} failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        dir.join(name)
    }
}

impl Project {
    /// Builds `tests/java/<source>/*.java` (with the helpers `tests/java/Check.java`) as the Java controller
    /// `name` (controllers/NAME/NAME.class) with javac against the home's Controller.jar; its main class
    /// `<source>` is renamed `<name>` when they differ.
    pub fn java_controller(&self, name: &str, source: &str) -> PathBuf {
        let Some(_) = java_api_dir() else {
            panic!("the Java API was not built (no JDK when build.rs ran): install openjdk-17-jdk-headless and rebuild")
        };
        let dir = self.path().join("controllers").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        let java = manifest_dir().join("tests/java");
        let mut sources = vec![java.join("Check.java")];
        for e in std::fs::read_dir(java.join(source)).unwrap() {
            let p = e.unwrap().path();
            if p.file_stem().is_some_and(|s| s == source) && name != source {
                let renamed = self.path().join("java-sources").join(name);
                std::fs::create_dir_all(&renamed).unwrap();
                let text = std::fs::read_to_string(&p)
                    .unwrap()
                    .replace(&format!("class {source} "), &format!("class {name} "));
                let file = renamed.join(format!("{name}.java"));
                std::fs::write(&file, text).unwrap();
                sources.push(file);
            } else if p.extension().is_some_and(|e| e == "java") {
                sources.push(p);
            }
        }
        let jar = self.home().join("lib/controller/java/Controller.jar");
        let out = Command::new(jdk_tool("javac"))
            .args(["-Xlint:all", "-Werror", "-encoding", "UTF-8", "-classpath"])
            .arg(&jar)
            .arg("-d")
            .arg(&dir)
            .args(&sources)
            .output()
            .expect("javac runs");
        assert!(out.status.success(), "javac {source} failed:\n{}", String::from_utf8_lossy(&out.stderr));
        dir.join(format!("{name}.class"))
    }
}

/// A home with the test-suite supervisor built where `make install` puts it, for worlds in Webots'
/// test-suite style; PROTOs come from the source tree (what an uninstalled build finds).
pub fn home_with_supervisor(p: &Project) -> PathBuf {
    let home = p.path().join("home");
    let dir = home.join("resources/projects/controllers/test_suite_supervisor");
    std::fs::create_dir_all(&dir).unwrap();
    let source = manifest_dir()
        .join("src/install/home/resources/projects/controllers/test_suite_supervisor/test_suite_supervisor.c");
    compile_controller(&[source], &dir.join("test_suite_supervisor"));
    home
}

/// Reads `reader` (a child's piped stdout or stderr) line by line on a thread: returns the first line
/// that `wanted` accepts, once it comes (the child goes on meanwhile), and, later, everything read.
pub fn watch_lines<R: std::io::Read + Send + 'static>(
    reader: R,
    wanted: fn(&str) -> bool,
) -> (String, std::thread::JoinHandle<String>) {
    use std::io::BufRead;
    let (found_tx, found_rx) = std::sync::mpsc::channel();
    let all = std::thread::spawn(move || {
        let mut text = String::new();
        for line in std::io::BufReader::new(reader).lines().map_while(Result::ok) {
            if wanted(&line) {
                let _ = found_tx.send(line.clone());
            }
            text += &line;
            text.push('\n');
        }
        text
    });
    let line = found_rx.recv_timeout(Duration::from_secs(30)).expect("the line the program was to write");
    (line, all)
}

/// Resident memory (bytes) of `root` and all its descendants, from /proc.
pub fn tree_rss(root: u32, page: u64) -> u64 {
    let mut children: std::collections::HashMap<u32, Vec<u32>> = std::collections::HashMap::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let Some(after) = stat.rsplit_once(") ").map(|(_, a)| a) else { continue };
        if let Some(ppid) = after.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) {
            children.entry(ppid).or_default().push(pid);
        }
    }
    let mut total = 0;
    let mut stack = vec![root];
    while let Some(pid) = stack.pop() {
        if let Ok(statm) = std::fs::read_to_string(format!("/proc/{pid}/statm")) {
            total += statm.split_whitespace().nth(1).and_then(|r| r.parse::<u64>().ok()).unwrap_or(0) * page;
        }
        stack.extend(children.get(&pid).into_iter().flatten());
    }
    total
}
