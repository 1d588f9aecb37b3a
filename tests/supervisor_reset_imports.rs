//! A simulation reset removes the nodes a supervisor imported, and the supervisor's count of the root's
//! children follows at once: the scenario of Webots' issue 2992, which Webots tests in its world
//! `supervisor_update_after_reset_simulation` (controller `supervisor_update_after_simulation_reset`).

mod common;

use common::Project;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot { name "importer" controller "reset_drops_imports" supervisor TRUE }
DEF LAST Solid { name "last" }
"#;

#[test]
fn a_reset_removes_an_imported_node_and_the_children_count_and_index_minus_one_follow() {
    let p = Project::new();
    p.world("imports.wbt", WORLD);
    p.controller("reset_drops_imports", "reset_drops_imports");
    let out = p.run("imports.wbt", &["--until", "1"]);
    assert!(out.status.success(), "run failed:\n{}\n{}", out.stdout, out.stderr);
    // WorldInfo, the robot and LAST
    assert_eq!(
        out.robot_lines("importer"),
        ["reset_drops_imports: 3 children, 4 with the import, 3 after the reset, 4 after a second import"]
    );
    out.assert_no_messages();
}
