//! A suite's folders. The suite has one private folder, `<base>/t<pid>`; each of its `--jobs` workers
//! one folder in it, `<suite>/<worker>`, made once with its runs' base `webots-shim-<uid>` and the run's
//! socket folder `<port>` in that, and emptied after each of its worlds. A world's run gets its
//! worker's folder as its `WEBOTS_SHIM_TMPDIR` (its controllers' `wbu_system_tmpdir()`) and serves in
//! its socket folder (`run --socket-folder`, `WEBOTS_INSTANCE_PATH`); the runner's report and its
//! watchdog instructions (`guard.rs`) go in the worker's folder. Worlds running at once never share a
//! folder, and a world never sees what the one before it left.
//!
//! Why reused rather than made per world: removing a folder is what a world's run cost most on a disk
//! mounted with `discard` (a synchronous discard of a few ms each, when its last user closes it). The
//! folders made here are held open by the suite's watchdog (`Guard::start_holding`), so their removal
//! at the end of the suite does not wait for that either.

use std::fs;
use std::io;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

use crate::link::paths::base_dir_in;
use crate::runner::instance::FIRST_PORT;

/// The watchdog keeps at most this many folders open (three per worker): beyond, they are removed at
/// the usual cost.
const MOST_HELD: usize = 128;

/// One worker's folders.
pub struct Worker {
    /// Its worlds' `WEBOTS_SHIM_TMPDIR`.
    pub dir: PathBuf,
    /// Its worlds' runs' base, in `dir`.
    base: PathBuf,
    /// Where its worlds' runs serve, in `base`.
    pub socket_folder: PathBuf,
}

/// Makes the workers' folders in `suite`.
pub fn make(suite: &Path, workers: usize) -> io::Result<Vec<Worker>> {
    (0..workers)
        .map(|w| {
            let dir = suite.join(w.to_string());
            let base = base_dir_in(&dir);
            let socket_folder = base.join(FIRST_PORT.to_string());
            for d in [&dir, &base, &socket_folder] {
                fs::DirBuilder::new().mode(0o700).create(d)?;
            }
            Ok(Worker { dir, base, socket_folder })
        })
        .collect()
}

/// Makes the worker's folders again if something removed them (a world's controller may).
pub fn ensure(worker: &Worker) -> io::Result<()> {
    fs::DirBuilder::new().recursive(true).mode(0o700).create(&worker.socket_folder)
}

/// The folders for the watchdog to hold: the suite's, then each worker's.
pub fn to_hold(suite: &Path, workers: &[Worker]) -> Vec<PathBuf> {
    let each = workers.iter().flat_map(|w| [w.dir.clone(), w.base.clone(), w.socket_folder.clone()]);
    std::iter::once(suite.to_path_buf()).chain(each).take(MOST_HELD).collect()
}

/// Empties a worker's folders after a world: all but the three folders themselves (what a killed
/// runner, a template or a controller left).
pub fn clear(worker: &Worker) {
    let kept = [&worker.base, &worker.socket_folder];
    for dir in [&worker.dir, &worker.base, &worker.socket_folder] {
        let Ok(entries) = fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if kept.contains(&&path) {
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
    fn a_cleared_worker_folder_keeps_only_its_empty_folders() {
        let suite = tempfile::tempdir().unwrap();
        let workers = make(suite.path(), 2).unwrap();
        let w = &workers[0];
        assert_eq!(w.socket_folder, base_dir_in(&w.dir).join("1234"));
        fs::write(w.dir.join("report.json"), "{}").unwrap();
        fs::create_dir_all(w.dir.join("left/by/a/controller")).unwrap();
        fs::create_dir_all(w.base.join("1235/x")).unwrap();
        fs::write(w.socket_folder.join("runner.pid"), "1").unwrap();
        fs::create_dir_all(w.socket_folder.join("y")).unwrap();
        fs::write(workers[1].dir.join("guard"), "pg 5\n").unwrap();
        clear(w);
        let names = |d: &Path| fs::read_dir(d).unwrap().map(|e| e.unwrap().path()).collect::<Vec<_>>();
        assert_eq!(names(&w.dir), vec![w.base.clone()]);
        assert_eq!(names(&w.base), vec![w.socket_folder.clone()]);
        assert!(names(&w.socket_folder).is_empty());
        // the other worker's folder is its own
        assert_eq!(names(&workers[1].dir).len(), 2);
        assert_eq!(to_hold(suite.path(), &workers).len(), 7);
    }
}
