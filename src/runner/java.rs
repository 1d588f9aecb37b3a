//! How a Java controller (`controllers/NAME/NAME.class` or `NAME.jar`) is started, as Webots starts it:
//! `<java> -classpath <home>/lib/controller/java/Controller.jar:<the folder or the jar>[:$CLASSPATH]
//! -Djava.library.path=<home>/lib/controller/java[:$JAVA_LIBRARY_PATH] [OPTIONS] NAME [controllerArgs]`,
//! where `<java>` is `runtime.ini`'s `[java] COMMAND`, else `$JAVA_HOME/bin/java`, else `java` on PATH,
//! and `OPTIONS` comes from `[java] OPTIONS`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::launch_env::LaunchEnv;
use super::runtime_ini::CommandSection;

pub fn is_java(program: &Path) -> bool {
    program.extension().is_some_and(|e| e == "class" || e == "jar")
}

/// The command and its arguments for the Java controller `program` (a path as the process will see
/// it from its working folder), with the controller's environment so far (`JAVA_HOME`, `PATH`,
/// `CLASSPATH` and `JAVA_LIBRARY_PATH` as `runtime.ini` left them).
pub fn command_line(
    program: &Path,
    args: &[OsString],
    ini: &CommandSection,
    home: Option<&Path>,
    env: &LaunchEnv,
) -> Result<(OsString, Vec<OsString>), String> {
    let java = java_command(ini, env)?;
    let library_dir = home.map(|h| h.join("lib/controller/java"));
    let jar = program.extension().is_some_and(|e| e == "jar");
    let own = if jar {
        program.to_path_buf()
    } else {
        match program.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(dir) => dir.to_path_buf(),
            None => PathBuf::from("."),
        }
    };
    let mut classpath: Vec<PathBuf> = library_dir.iter().map(|d| d.join("Controller.jar")).collect();
    classpath.push(own);
    let mut library_path: Vec<PathBuf> = library_dir.into_iter().collect();
    for (key, list) in [("CLASSPATH", &mut classpath), ("JAVA_LIBRARY_PATH", &mut library_path)] {
        if let Some(value) = env.get(key).filter(|v| !v.is_empty()) {
            list.extend(std::env::split_paths(&value));
        }
    }
    let join =
        |list: &[PathBuf]| std::env::join_paths(list).map_err(|e| format!("cannot build the Java class path: {e}"));
    let mut argv: Vec<OsString> = vec!["-classpath".into(), join(&classpath)?];
    let mut library = OsString::from("-Djava.library.path=");
    library.push(join(&library_path)?);
    argv.push(library);
    argv.extend(ini.options.iter().flat_map(|o| o.split_whitespace()).map(OsString::from));
    argv.push(program.file_stem().unwrap_or_default().to_owned());
    argv.extend(args.iter().cloned());
    Ok((java, argv))
}

/// `[java] COMMAND`, else `$JAVA_HOME/bin/java`, else `java` found on PATH.
fn java_command(ini: &CommandSection, env: &LaunchEnv) -> Result<OsString, String> {
    if let Some(command) = ini.command.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        return Ok(command.into());
    }
    if let Some(home) = env.get("JAVA_HOME").filter(|h| !h.is_empty()) {
        let java = Path::new(&home).join("bin/java");
        if java.is_file() {
            return Ok(java.into_os_string());
        }
        return Err(format!("JAVA_HOME is {} but {} does not exist", Path::new(&home).display(), java.display()));
    }
    let found =
        env.get("PATH").and_then(|path| std::env::split_paths(&path).map(|d| d.join("java")).find(|j| j.is_file()));
    match found {
        Some(_) => Ok("java".into()),
        None => Err("no java on PATH: install a Java runtime (Debian: openjdk-17-jdk-headless), set JAVA_HOME, \
                     or name one in runtime.ini's [java] COMMAND"
            .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[OsString]) -> Vec<String> {
        words.iter().map(|w| w.to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn a_class_runs_from_its_folder_and_a_jar_from_itself_with_the_home_s_library_first() {
        let tmp = tempfile::tempdir().unwrap();
        let bin = tmp.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::write(bin.join("java"), "").unwrap();
        let mut env = LaunchEnv::default();
        env.set("PATH", &bin);
        env.remove("JAVA_HOME");
        env.remove("CLASSPATH");
        env.set("JAVA_LIBRARY_PATH", "/opt/native");
        let home = Path::new("/home/w");
        let args = ["a b".into()];
        let (java, argv) =
            command_line(Path::new("/p/controllers/c/c.class"), &args, &CommandSection::default(), Some(home), &env)
                .unwrap();
        assert_eq!(java, "java");
        assert_eq!(
            strings(&argv),
            [
                "-classpath",
                "/home/w/lib/controller/java/Controller.jar:/p/controllers/c",
                "-Djava.library.path=/home/w/lib/controller/java:/opt/native",
                "c",
                "a b"
            ]
        );
        env.set("CLASSPATH", "/lib/x.jar");
        let ini = CommandSection { command: Some("/opt/jdk/bin/java".into()), options: Some("-Xmx64m  -ea".into()) };
        let (java, argv) = command_line(Path::new("j.jar"), &[], &ini, Some(home), &env).unwrap();
        assert_eq!(java, "/opt/jdk/bin/java");
        assert_eq!(
            strings(&argv),
            [
                "-classpath",
                "/home/w/lib/controller/java/Controller.jar:j.jar:/lib/x.jar",
                "-Djava.library.path=/home/w/lib/controller/java:/opt/native",
                "-Xmx64m",
                "-ea",
                "j"
            ]
        );
    }

    #[test]
    fn java_home_comes_before_path_and_a_missing_java_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let mut env = LaunchEnv::default();
        env.set("PATH", tmp.path());
        env.remove("JAVA_HOME");
        let err = java_command(&CommandSection::default(), &env).unwrap_err();
        assert!(err.starts_with("no java on PATH"), "{err}");
        env.set("JAVA_HOME", tmp.path());
        let err = java_command(&CommandSection::default(), &env).unwrap_err();
        assert!(err.contains("bin/java does not exist"), "{err}");
        std::fs::create_dir_all(tmp.path().join("bin")).unwrap();
        std::fs::write(tmp.path().join("bin/java"), "").unwrap();
        assert_eq!(
            java_command(&CommandSection::default(), &env).unwrap(),
            tmp.path().join("bin/java").into_os_string()
        );
    }
}
