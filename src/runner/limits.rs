//! The process limits a large world meets: the open-file limit is raised to its hard maximum at
//! start, and errors caused by a limit are said in plain words.

use std::io;

use nix::sys::resource::{getrlimit, setrlimit, Resource};

/// Open files the runner needs per controller it starts: its socket and two output pipes.
pub const FILES_PER_CONTROLLER: u64 = 3;
/// Open files the runner needs besides (listener, poll, watchdog, standard streams...).
const FILES_BESIDES: u64 = 32;

/// Raises the soft open-file limit to the hard one; returns the limit now in force.
pub fn raise_open_files() -> Option<u64> {
    let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
    if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
        return Some(hard);
    }
    Some(soft)
}

/// A warning when `controllers` cannot all be served under the open-file limit.
pub fn open_files_warning(controllers: usize) -> Option<String> {
    let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
    let need = controllers as u64 * FILES_PER_CONTROLLER + FILES_BESIDES;
    (need > soft).then(|| {
        format!(
            "this world starts {controllers} controllers and the runner needs about {need} open files for them, \
             but its open-file limit is {soft} (hard limit {hard}): some controllers will fail to start or to \
             connect. Raise the limit (ulimit -n, as root ulimit -Hn) before the run."
        )
    })
}

/// Why `e` happened, when a process limit is the cause.
pub fn limit_cause(e: &io::Error) -> Option<String> {
    let limit = |r: Resource| getrlimit(r).map(|(soft, _)| soft.to_string()).unwrap_or_else(|_| "?".into());
    match e.raw_os_error()? {
        libc::EMFILE => Some(format!(
            "the runner reached its open-file limit ({}): raise it with ulimit -n",
            limit(Resource::RLIMIT_NOFILE)
        )),
        libc::ENFILE => Some("the system's table of open files is full".into()),
        libc::EAGAIN => Some(format!(
            "the system refused one more process (process limit {}: ulimit -u)",
            limit(Resource::RLIMIT_NPROC)
        )),
        libc::ENOMEM => Some("the system is out of memory".into()),
        libc::E2BIG => Some("the arguments and environment are too large for a process".into()),
        _ => None,
    }
}

/// `e`, followed by its limit cause when it has one.
pub fn explain(e: &io::Error) -> String {
    match limit_cause(e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_errors_name_their_limit() {
        let e = io::Error::from_raw_os_error(libc::EMFILE);
        let text = explain(&e);
        assert!(text.starts_with("Too many open files"), "{text}");
        assert!(text.contains("open-file limit (") && text.ends_with("raise it with ulimit -n"), "{text}");
        assert!(explain(&io::Error::from_raw_os_error(libc::EAGAIN)).contains("ulimit -u"));
        assert_eq!(limit_cause(&io::Error::from_raw_os_error(libc::ENOENT)), None);
    }

    #[test]
    fn a_world_within_the_limit_gets_no_warning() {
        let soft = getrlimit(Resource::RLIMIT_NOFILE).unwrap().0;
        assert_eq!(open_files_warning(1), None);
        let too_many = (soft / FILES_PER_CONTROLLER + 1) as usize;
        assert!(open_files_warning(too_many).unwrap().contains("open-file limit is"));
    }
}
