//! A suite's folders. The suite has one private folder, `<base>/t<pid>`; each of its `--jobs` workers
//! one folder in it, `<suite>/<worker>`, made once and emptied after each of its worlds. A world's run
//! gets its worker's folder as its `WEBOTS_SHIM_TMPDIR` (its controllers' `wbu_system_tmpdir()`): its
//! runs' base `<worker>/webots-shim-<uid>` (where the runner makes its socket folder), the runner's
//! report and its watchdog instructions (`guard.rs`) live there. Worlds running at once never share a
//! folder, and a world never sees what the one before it left.
//!
//! Why reused rather than made per world: removing a folder is what a world's run cost most on a disk
//! mounted with `discard` (a synchronous discard of a few ms each). The folders made here are held open
//! by the suite's watchdog (`Guard::start_holding`), so their removal at the end of the suite does not
//! wait for that either.

use std::fs;
use std::io;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

use crate::link::paths::base_dir_in;

/// The watchdog keeps at most this many folders open (two per worker): beyond, they are removed at
/// the usual cost.
const MOST_HELD: usize = 128;

/// Makes the workers' folders and their runs' bases in `suite`; returns the workers' folders.
pub fn make(suite: &Path, workers: usize) -> io::Result<Vec<PathBuf>> {
    (0..workers)
        .map(|w| {
            let dir = suite.join(w.to_string());
            fs::DirBuilder::new().mode(0o700).create(&dir)?;
            fs::DirBuilder::new().mode(0o700).create(base_dir_in(&dir))?;
            Ok(dir)
        })
        .collect()
}

/// The folders for the watchdog to hold: the suite's, then each worker's and its runs' base.
pub fn to_hold(suite: &Path, workers: &[PathBuf]) -> Vec<PathBuf> {
    let each = workers.iter().flat_map(|w| [w.clone(), base_dir_in(w)]);
    std::iter::once(suite.to_path_buf()).chain(each).take(MOST_HELD).collect()
}

/// Empties a worker's folder after a world: everything but its runs' base, and everything in that
/// base (a killed runner's socket folder, a template's files).
pub fn clear(worker: &Path) {
    let base = base_dir_in(worker);
    for dir in [worker, base.as_path()] {
        let Ok(entries) = fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path == base {
                continue;
            }
            let _ = match entry.file_type() {
                Ok(t) if t.is_dir() => fs::remove_dir_all(&path),
                _ => fs::remove_file(&path),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cleared_worker_folder_keeps_only_its_empty_runs_base() {
        let suite = tempfile::tempdir().unwrap();
        let workers = make(suite.path(), 2).unwrap();
        let base = base_dir_in(&workers[0]);
        fs::write(workers[0].join("report.json"), "{}").unwrap();
        fs::create_dir_all(workers[0].join("left/by/a/controller")).unwrap();
        fs::create_dir_all(base.join("1234")).unwrap();
        fs::write(base.join("1234/runner.pid"), "1").unwrap();
        fs::write(workers[1].join("guard"), "pg 5\n").unwrap();
        clear(&workers[0]);
        let names = |d: &Path| fs::read_dir(d).unwrap().map(|e| e.unwrap().path()).collect::<Vec<_>>();
        assert_eq!(names(&workers[0]), vec![base.clone()]);
        assert!(names(&base).is_empty());
        // the other worker's folder is its own
        assert_eq!(names(&workers[1]).len(), 2);
        assert_eq!(to_hold(suite.path(), &workers).len(), 5);
    }
}
