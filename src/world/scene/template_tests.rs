//! Unit tests of template PROTOs: expansion, the values and modules templates see, errors, caching.

use super::tests::{by_name, names, tmpdir, write};
use super::*;

/// Loads `world` (written as worlds/w.wbt) with `files` (paths relative to a fresh project folder).
fn load(files: &[(&str, &str)], world: &str) -> (PathBuf, Result<Scene, WorldError>) {
    let dir = tmpdir("tpl");
    for (path, text) in files {
        write(&dir.join(path), text);
    }
    let w = dir.join("worlds/w.wbt");
    write(&w, world);
    let opts = LoadOptions { template_time_limit: Some(std::time::Duration::from_millis(300)), ..Default::default() };
    let r = load_world(&w, &opts);
    (dir, r)
}

#[test]
fn scratch() {
    let tpl = std::fs::read_to_string("/tmp/t1/protos/Tpl.proto").unwrap();
    let w = std::fs::read_to_string("/tmp/t1/worlds/w.wbt").unwrap();
    let (_d, s) = load(&[("protos/Tpl.proto", &tpl)], &w);
    let s = s.unwrap_or_else(|e| panic!("{e}"));
    for (i, n) in s.nodes.iter().enumerate() {
        eprintln!(
            "{i} {} {:?} parent={:?} {:?}",
            n.type_name,
            n.proto,
            n.parent,
            n.fields.iter().filter(|f| f.pos.is_some()).map(|f| (&f.name, &f.value)).collect::<Vec<_>>()
        );
    }
    eprintln!("{:?}", s.warnings);
    let _ = (by_name, names);
    panic!();
}
