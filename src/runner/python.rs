//! How a Python controller (`controllers/NAME/NAME.py`) is started, as Webots starts it:
//! `<python> -u [OPTIONS] NAME.py [controllerArgs]`, where `<python>` is the file's `#!` line, else
//! `runtime.ini`'s `[python] COMMAND`, else `python3`; `$WEBOTS_HOME/lib/controller/python` (our
//! `controller` package) goes first in `PYTHONPATH` and `PYTHONIOENCODING` is `UTF-8`.

use std::ffi::OsString;
use std::path::Path;

use super::launch_env::LaunchEnv;
use super::runtime_ini::PythonSection;

pub fn is_python(program: &Path) -> bool {
    program.extension().is_some_and(|e| e == "py")
}

/// The command and its arguments for the Python controller `program`, run from its own folder.
pub fn command_line(program: &Path, args: &[String], ini: &PythonSection) -> (OsString, Vec<OsString>) {
    let (command, mut argv) = interpreter(program, ini);
    argv.push(program.file_name().unwrap_or(program.as_os_str()).to_owned());
    argv.extend(args.iter().map(OsString::from));
    (command, argv)
}

/// The interpreter that runs `program` and its own arguments, those before the script: its `#!` line's,
/// `-u` and `[python] OPTIONS`.
pub fn interpreter(program: &Path, ini: &PythonSection) -> (OsString, Vec<OsString>) {
    let mut words = shebang(program)
        .or_else(|| ini.command.clone().filter(|c| !c.trim().is_empty()))
        .unwrap_or_else(|| "python3".to_string())
        .split_whitespace()
        .map(OsString::from)
        .collect::<Vec<_>>()
        .into_iter();
    let command = words.next().unwrap_or_else(|| "python3".into());
    let mut argv: Vec<OsString> = words.collect();
    argv.push("-u".into());
    argv.extend(ini.options.iter().flat_map(|o| o.split_whitespace()).map(OsString::from));
    (command, argv)
}

/// The interpreter a `#!` first line names (`#!/usr/bin/env python3` names `python3`).
fn shebang(program: &Path) -> Option<String> {
    let text = std::fs::read(program).ok()?;
    let first = text.split(|&b| b == b'\n').next()?;
    let line = String::from_utf8_lossy(first).trim_end().to_string();
    let rest = line.strip_prefix("#!")?;
    let interpreter = rest.strip_prefix("/usr/bin/env ").unwrap_or(rest).trim();
    (!interpreter.is_empty()).then(|| interpreter.to_string())
}

/// Our package first on `PYTHONPATH` (when there is a home), and UTF-8 standard streams.
pub fn set_environment(env: &mut LaunchEnv, home: Option<&Path>) {
    if let Some(home) = home {
        env.prepend_path("PYTHONPATH", home.join("lib/controller/python").as_os_str());
    }
    env.set("PYTHONIOENCODING", "UTF-8");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[OsString]) -> Vec<String> {
        words.iter().map(|w| w.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn the_shebang_comes_before_runtime_ini_and_python3_is_the_default() {
        let tmp = tempfile::tempdir().unwrap();
        let program = tmp.path().join("ctl.py");
        std::fs::write(&program, "print('hi')\n").unwrap();
        let args = ["a b".to_string(), "c".to_string()];
        let (cmd, argv) = command_line(&program, &args, &PythonSection::default());
        assert_eq!(cmd, "python3");
        assert_eq!(strings(&argv), ["-u", "ctl.py", "a b", "c"]);

        let ini = PythonSection { command: Some("python3.11".into()), options: Some("-X  dev".into()) };
        let (cmd, argv) = command_line(&program, &[], &ini);
        assert_eq!(cmd, "python3.11");
        assert_eq!(strings(&argv), ["-u", "-X", "dev", "ctl.py"]);

        std::fs::write(&program, "#!/usr/bin/env python3.12\nprint('hi')\n").unwrap();
        assert_eq!(command_line(&program, &[], &ini).0, "python3.12");
        std::fs::write(&program, "#!/opt/py/bin/python -O\n").unwrap();
        let (cmd, argv) = command_line(&program, &[], &PythonSection::default());
        assert_eq!(cmd, "/opt/py/bin/python");
        assert_eq!(strings(&argv), ["-O", "-u", "ctl.py"]);
    }
}
