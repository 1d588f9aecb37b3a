//! The runs' base folder `<tmp>/webots-shim-<uid>` made first by another user is refused, naming its
//! owner: no one else can hold, watch or replace a run's socket.

mod common;

use std::os::unix::fs::PermissionsExt;

use common::suite::{header, robot};
use common::Project;

#[test]
fn a_base_folder_made_by_another_user_is_refused_naming_its_owner() {
    let p = Project::new();
    p.controller("talk_lines", "talk_lines");
    p.world("w.wbt", &(header() + &robot("talker", "talk_lines", &["1", "2"])));
    let me = nix::unistd::getuid().as_raw();
    let base = p.path().join("run").join(format!("webots-shim-{me}"));
    std::fs::create_dir_all(&base).unwrap();
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o777)).unwrap();
    let other = me + 4242;
    if nix::unistd::chown(&base, Some(nix::unistd::Uid::from_raw(other)), None).is_err() {
        eprintln!("skipped: only root can give a folder to another user here");
        return;
    }
    let out = p.run("w.wbt", &[]);
    assert_eq!(out.status.code(), Some(1), "{}\n{}", out.stdout, out.stderr);
    out.assert_stderr_has(&format!("belongs to user {other}"));
    out.assert_stderr_has("not to you: refusing it for the run's socket");
    assert!(out.robot_lines("talker").is_empty(), "{}", out.stdout);
    // once it is ours again, the run goes
    nix::unistd::chown(&base, Some(nix::unistd::Uid::from_raw(me)), None).unwrap();
    let out = p.run("w.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
}
