//! Template PROTOs stay inside their box in a real run: what they write goes with the run, SIGTERM
//! included (no `templates-<pid>` folder is left in the temporary folder).

mod common;

use std::time::{Duration, Instant};

use common::suite::{header, robot};
use common::Project;
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

const WRITER: &str = "#VRML_SIM R2025a utf8\n# template language: javascript\nPROTO Writer [ ]\n{\n  %<\n    \
    wbfile.writeTextFile('notes/a.txt', 'hello');\n  >%\n  Solid { name \"%<= wbfile.readTextFile('notes/a.txt') >%\" }\n}\n";

fn project() -> Project {
    let p = Project::new();
    p.proto("Writer", WRITER);
    p.controller("talk_lines", "talk_lines");
    p
}

/// The `templates-*` folders under the run's temporary folder.
fn template_folders(p: &Project) -> Vec<String> {
    let mut found = Vec::new();
    for base in std::fs::read_dir(p.path().join("run")).unwrap().flatten() {
        for e in std::fs::read_dir(base.path()).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with("templates-") {
                found.push(name);
            }
        }
    }
    found
}

#[test]
fn what_templates_write_is_removed_at_the_end_of_the_run_and_on_sigterm() {
    let p = project();
    let world = |steps: &str| {
        format!(
            "#VRML_SIM R2025a utf8\nEXTERNPROTO \"../protos/Writer.proto\"\n{}Writer {{ }}\n",
            header().lines().nth(1).unwrap().to_owned() + "\n"
        ) + &robot("talker", "talk_lines", &["1", steps])
    };
    p.world("w.wbt", &world("3"));
    let out = p.run("w.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(template_folders(&p), Vec::<String>::new());

    // a run ended by SIGTERM
    p.world("long.wbt", &world("100000"));
    let mut child = p.runner_command("long.wbt", &[]).stdout(std::process::Stdio::null()).spawn().unwrap();
    let start = Instant::now();
    while template_folders(&p).is_empty() {
        assert!(start.elapsed() < Duration::from_secs(20), "the template never wrote");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(template_folders(&p), Vec::<String>::new());
}
