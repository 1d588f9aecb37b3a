//! `webots-shim test`'s folders (src/runner/suite/slots.rs): a world's controllers get a private
//! temporary folder that no world running at the same time shares and that holds nothing of the world
//! before it, and the suite's folder is gone when the suite returns, whatever its worlds did.

mod common;

use std::path::Path;

use common::suite::{assert_status, header, robot, suite};
use common::Project;

fn report(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).trim().to_string()
}

/// The runs' base folder of the project (`run/webots-shim-<uid>`), where suites make theirs.
fn runs_base(p: &Project) -> std::path::PathBuf {
    p.path().join("run").join(format!("webots-shim-{}", nix::unistd::getuid()))
}

#[test]
fn a_world_never_finds_what_the_world_before_it_left_in_its_temporary_folder() {
    let p = Project::new();
    p.controller("tmp_folder", "tmp_folder");
    let (first, second) = (p.path().join("first.txt"), p.path().join("second.txt"));
    // one at a time: the second world runs in the folder of the first, emptied
    p.world("a.wbt", &(header() + &robot("a", "tmp_folder", &["marker", first.to_str().unwrap()])));
    p.world("b.wbt", &(header() + &robot("b", "tmp_folder", &["marker", second.to_str().unwrap()])));
    let out = suite(&p, &["a.wbt", "b.wbt"], &["--until", "0.1", "--jobs", "1"]);
    assert_status(&out, 0);
    out.assert_stdout_has("2 world(s), 2 passed, 0 failed");
    assert_eq!(report(&first), report(&second), "one worker, one folder");
    assert!(!Path::new(&report(&first)).exists(), "the suite's folders outlived it");
}

#[test]
fn worlds_running_at_once_have_temporary_folders_of_their_own() {
    let p = Project::new();
    p.controller("tmp_folder", "tmp_folder");
    let f = |name: &str| p.path().join(name).to_str().unwrap().to_string();
    // each world waits for the other to have started: they run at the same time
    let a = robot("a", "tmp_folder", &["marker", &f("a.txt"), &f("a.here"), &f("b.here")]);
    let b = robot("b", "tmp_folder", &["marker", &f("b.txt"), &f("b.here"), &f("a.here")]);
    p.world("a.wbt", &(header() + &a));
    p.world("b.wbt", &(header() + &b));
    let out = suite(&p, &["a.wbt", "b.wbt"], &["--until", "0.1", "--jobs", "2"]);
    assert_status(&out, 0);
    let (ta, tb) = (report(&p.path().join("a.txt")), report(&p.path().join("b.txt")));
    assert_ne!(ta, tb);
    assert!(ta.starts_with(runs_base(&p).to_str().unwrap()), "{ta}");
}

#[test]
fn the_suite_s_folder_is_gone_when_it_returns_after_crashes_and_a_killed_runner() {
    let p = Project::new();
    let pid_file = p.path().join("killer.pid");
    p.world("crash.wbt", &(header() + &robot("crasher", "crash", &[]) + &robot("survivor", "quit", &[])));
    p.world("killer.wbt", &(header() + &robot("killer", "kill_runner", &[pid_file.to_str().unwrap()])));
    p.world("fine.wbt", &(header() + &robot("fine", "quit", &[])));
    p.world("later.wbt", &(header() + &robot("later", "quit", &[])));
    p.controller("crash", "crash");
    p.controller("kill_runner", "kill_runner");
    p.controller("quit", "quit");
    let out = suite(&p, &["crash.wbt", "killer.wbt", "fine.wbt", "later.wbt"], &["--until", "0.3", "--jobs", "2"]);
    assert_status(&out, 1);
    out.assert_stdout_has("4 world(s), 2 passed, 2 failed");
    // at once, not eventually: the suite removed its folder before it returned
    let left: Vec<_> = std::fs::read_dir(runs_base(&p)).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
