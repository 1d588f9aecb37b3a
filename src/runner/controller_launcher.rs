//! `webots-controller`: Webots' launcher for extern controllers, over this home. It reads Webots'
//! options (`--robot-name=`, `--protocol=`, `--ip-address=`, `--port=`, `--stdout-redirect`,
//! `--stderr-redirect`, `--matlab-path=`, `--interactive`, `--help`), sets `WEBOTS_CONTROLLER_URL` and the
//! paths the controller's language needs (the library's folder, the Python package, the controller's
//! `runtime.ini`) as Webots' launcher does, then becomes the controller: a program, `NAME.py` (run by
//! `python3`), or `NAME.jar`/`NAME.class` (run by `java`). The controller's own library waits for the
//! run, so it may be started before the world.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::launch_env::LaunchEnv;
use super::runtime_ini;
use super::{java, python};
use crate::link::paths::percent_encode;

const USAGE: &str = "Usage: webots-controller [options] [controller_file] [controller arguments]

Options:

  --help
    Display this help message and exit.

  --protocol=<ipc|tcp>
    How the controller reaches the simulation: 'ipc' (the default) on this machine, 'tcp' over the
    network (with --ip-address).

  --ip-address=<ip-address>
    The address of the remote simulation (tcp only).

  --port=<port>
    The port of the simulation to join (1234 by default).

  --robot-name=<robot-name>
    The robot to drive, when several wait for an extern controller.

  --stdout-redirect, --stderr-redirect
    Accepted; the controller's output stays on this program's own streams.

  --matlab-path=<path>, --interactive
    For MATLAB controllers, which webots-shim does not run.
";

/// What the command line asks for.
#[derive(Debug, Default, PartialEq)]
struct Request {
    protocol: Option<String>,
    ip_address: Option<String>,
    port: Option<String>,
    robot_name: Option<String>,
    controller: Option<PathBuf>,
    args: Vec<OsString>,
    help: bool,
}

fn parse(args: &[OsString]) -> Result<Request, String> {
    let mut r = Request::default();
    let mut rest = args.iter();
    for arg in rest.by_ref() {
        let text = arg.to_string_lossy();
        if !text.starts_with('-') {
            r.controller = Some(PathBuf::from(arg));
            break;
        }
        let (key, value) = match text.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (text.to_string(), None),
        };
        match (key.as_str(), value) {
            ("--protocol", Some(v)) => r.protocol = Some(v),
            ("--ip-address", Some(v)) => r.ip_address = Some(v),
            ("--port", Some(v)) => r.port = Some(v),
            ("--robot-name", Some(v)) => r.robot_name = Some(v),
            ("--matlab-path", Some(_)) | ("--stdout-redirect", None) | ("--stderr-redirect", None) => {}
            ("--interactive", None) => {}
            ("--help", None) => r.help = true,
            _ => return Err(format!("Invalid option '{text}'. Try '--help' for more information.")),
        }
    }
    r.args = rest.cloned().collect();
    Ok(r)
}

/// `WEBOTS_CONTROLLER_URL` for the request, and the line that says what it targets.
fn url(r: &Request) -> Result<(String, String), String> {
    let port = r.port.clone().unwrap_or_else(|| "1234".into());
    if port.parse::<u16>().is_err() {
        return Err(format!("Invalid port '{port}'."));
    }
    let robot = r.robot_name.as_deref().map(|n| format!("/{}", percent_encode(n))).unwrap_or_default();
    let target = match &r.robot_name {
        Some(name) => format!("Targeting robot '{name}'."),
        None => "Targeting the only robot waiting for an extern controller.".into(),
    };
    match r.protocol.as_deref().unwrap_or("ipc") {
        "ipc" => Ok((
            format!("ipc://{port}{robot}"),
            format!("The started controller targets a local instance (ipc protocol) of Webots with port number {port}. {target}"),
        )),
        "tcp" => {
            let Some(ip) = &r.ip_address else {
                return Err("Specify the IP address of the Webots machine to connect to with '--ip-address=' option.".into());
            };
            Ok((
                format!("tcp://{ip}:{port}{robot}"),
                format!(
                    "The started controller targets a remote instance (tcp protocol) of Webots with port number {port}. \
                     The IP address of the remote Webots instance is '{ip}'. {target}"
                ),
            ))
        }
        other => Err(format!("Only ipc and tcp protocols are supported, not '{other}'.")),
    }
}

/// The command that runs `controller` (with `args`), by its kind; the environment changes it needs go
/// into `env`.
fn command_for(controller: &Path, args: &[OsString], home: &Path, env: &mut LaunchEnv) -> Result<Command, String> {
    let dir = controller.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    env.prepend_path("LD_LIBRARY_PATH", home.join("lib/controller").as_os_str());
    let (ini, warnings) = runtime_ini::apply(dir, env);
    for warning in warnings {
        eprintln!("WARNING: {warning}");
    }
    let extension = controller.extension().and_then(|e| e.to_str()).unwrap_or("");
    let mut cmd = match extension {
        "" | "exe" => {
            // a bare name would be searched on PATH: the file given is meant
            let program =
                if controller.components().count() == 1 { Path::new(".").join(controller) } else { controller.into() };
            Command::new(program)
        }
        "py" => {
            python::set_environment(env, Some(home));
            let (command, argv) = python::interpreter(controller, &ini.python);
            let mut cmd = Command::new(command);
            // the file as given, relative to where the launcher was started
            cmd.args(argv).arg(controller);
            cmd
        }
        "jar" | "class" => {
            let (command, argv) = java::command_line(controller, args, &ini.java, Some(home), env)?;
            let mut cmd = Command::new(command);
            cmd.args(argv);
            return Ok(cmd);
        }
        "m" => return Err("MATLAB controllers are not supported by webots-shim.".into()),
        other => {
            return Err(format!(
                "The file extension '.{other}' is not supported as webots controller. Supported file types are \
                 executable files, '.py', '.jar', '.class' and '.m'."
            ))
        }
    };
    cmd.args(args);
    Ok(cmd)
}

/// Runs `webots-controller ARGS`; returns only when the controller could not be started.
pub fn main(args: &[OsString]) -> i32 {
    let request = match parse(args) {
        Ok(r) => r,
        Err(why) => {
            println!("{why}");
            return 1;
        }
    };
    if request.help {
        print!("{USAGE}");
        return 0;
    }
    let Some(home) = std::env::var_os("WEBOTS_HOME").filter(|h| !h.is_empty()).map(PathBuf::from) else {
        println!("Set the path to your webots installation folder in WEBOTS_HOME environment variable.");
        return 1;
    };
    let Some(controller) = request.controller.clone() else {
        println!("No controller file provided. Please provide an existing controller file as argument.");
        return 1;
    };
    if !controller.exists() {
        println!(
            "Controller file '{}' not found. Please specify a path to an existing controller file.",
            controller.display()
        );
        return 1;
    }
    if controller.is_dir() {
        println!(
            "Controller path '{}' is a directory. Please specify a path to an existing controller file.",
            controller.display()
        );
        return 1;
    }
    let (url, said) = match url(&request) {
        Ok(u) => u,
        Err(why) => {
            println!("{why}");
            return 1;
        }
    };
    println!("{said}\n");
    let mut env = LaunchEnv::default();
    env.set("WEBOTS_CONTROLLER_URL", url);
    let mut cmd = match command_for(&controller, &request.args, &home, &mut env) {
        Ok(cmd) => cmd,
        Err(why) => {
            println!("{why}");
            return 1;
        }
    };
    env.apply_to(&mut cmd);
    let err = cmd.exec();
    println!("Cannot start the controller '{}': {err}", controller.display());
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn options_then_the_controller_and_its_own_arguments() {
        let r = parse(&os(&["--robot-name=my bot", "--port=1240", "ctl.py", "--speed=2", "x"])).unwrap();
        assert_eq!(r.robot_name.as_deref(), Some("my bot"));
        assert_eq!(r.controller, Some(PathBuf::from("ctl.py")));
        assert_eq!(r.args, os(&["--speed=2", "x"]));
        let (address, said) = url(&r).unwrap();
        assert_eq!(address, "ipc://1240/my%20bot");
        assert_eq!(
            said,
            "The started controller targets a local instance (ipc protocol) of Webots with port number 1240. \
             Targeting robot 'my bot'."
        );
        let anyone = parse(&os(&["./ctl"])).unwrap();
        assert_eq!(url(&anyone).unwrap().0, "ipc://1234");
    }

    #[test]
    fn bad_options_and_protocols_are_refused_with_webots_words() {
        assert_eq!(
            parse(&os(&["--colour=red", "c"])).unwrap_err(),
            "Invalid option '--colour=red'. Try '--help' for more information."
        );
        assert!(url(&parse(&os(&["--protocol=udp", "c"])).unwrap()).unwrap_err().starts_with("Only ipc and tcp"));
        assert!(url(&parse(&os(&["--protocol=tcp", "c"])).unwrap()).unwrap_err().contains("--ip-address="));
        let remote = parse(&os(&["--protocol=tcp", "--ip-address=10.0.0.2", "--robot-name=r", "c"])).unwrap();
        assert_eq!(url(&remote).unwrap().0, "tcp://10.0.0.2:1234/r");
        assert!(url(&parse(&os(&["--port=x", "c"])).unwrap()).is_err());
        assert!(parse(&os(&["--help"])).unwrap().help);
    }
}
