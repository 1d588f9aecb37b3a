//! A run's private folder and listening socket, and its TCP port when it serves one. Ports are taken from
//! 1234 up, as Webots does (a port whose folder or TCP port is taken is passed over); a folder left by a
//! dead run is reclaimed. The folder is removed when the instance is dropped. The runs' base folder must
//! be ours (a folder another user made first is refused, naming its owner), and every folder above it
//! must be ours or root's and, when others may write in it, sticky (as /tmp is): no one else can take
//! the place of the run's socket.
//!
//! Under `webots-shim test` the run's folder is made by its suite (`run --socket-folder`, see
//! suite/slots.rs), which reuses it world after world: the runner checks it as it checks the base
//! (a real folder of ours, private, under safe folders) and leaves it in place, empty.

use std::fs;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::link::paths::{base_dir, instance_dir, SOCKET_FILE};

/// Where port numbers start unless a run asks for another (`webots --port`).
pub const FIRST_PORT: u16 = 1234;
const PID_FILE: &str = "runner.pid";
/// The socket's name while it is bound and not yet listening.
const BINDING_FILE: &str = ".ipc.sock.binding";

pub struct Instance {
    pub port: u16,
    pub dir: PathBuf,
    pub listener: mio::net::UnixListener,
    /// Extern controllers' TCP port (the same number), when asked for.
    pub tcp: Option<mio::net::TcpListener>,
    /// The folder was given (`given`): only what the run put in it is removed.
    given: bool,
}

impl Instance {
    /// The first free port from `first` up; with `tcp`, also listening on that port of that address.
    pub fn create(first: u16, tcp: Option<IpAddr>) -> io::Result<Instance> {
        let base = base_dir();
        fs::DirBuilder::new().recursive(true).mode(0o700).create(&base)?;
        check_path(&base, nix::unistd::getuid().as_raw())?;
        fs::set_permissions(&base, fs::Permissions::from_mode(0o700))?;
        for port in first..=u16::MAX {
            let dir = instance_dir(port);
            match fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    if !reclaim_stale(&dir) {
                        continue;
                    }
                    fs::DirBuilder::new().mode(0o700).create(&dir)?;
                }
                Err(e) => return Err(e),
            }
            let tcp = match tcp.map(|ip| mio::net::TcpListener::bind(SocketAddr::new(ip, port))).transpose() {
                Ok(tcp) => tcp,
                Err(e) if e.kind() == io::ErrorKind::AddrInUse => {
                    let _ = fs::remove_dir_all(&dir);
                    continue;
                }
                Err(e) => {
                    let _ = fs::remove_dir_all(&dir);
                    return Err(io::Error::new(e.kind(), format!("cannot serve TCP on port {port}: {e}")));
                }
            };
            let listener = listen_in(&dir)?;
            return Ok(Instance { port, dir, listener, tcp, given: false });
        }
        Err(io::Error::new(io::ErrorKind::AddrInUse, "no free run port"))
    }

    /// The run's folder made beforehand by its suite: `<base>/<port>`, private and ours.
    pub fn given(dir: &Path) -> io::Result<Instance> {
        Instance::given_in(&base_dir(), dir)
    }

    fn given_in(base: &Path, dir: &Path) -> io::Result<Instance> {
        let refuse =
            |why: &str| Err(io::Error::new(io::ErrorKind::PermissionDenied, format!("{}: {why}", dir.display())));
        let port = dir.file_name().and_then(|n| n.to_str()).and_then(|n| n.parse::<u16>().ok());
        let Some(port) = port.filter(|p| dir == base.join(p.to_string())) else {
            return refuse("not a run folder of the runs' base folder");
        };
        check_path(dir, nix::unistd::getuid().as_raw())?;
        if fs::symlink_metadata(dir)?.mode() & 0o077 != 0 {
            return refuse("others may use it: refusing it for the run's socket");
        }
        // what a killed run before this one left
        for stale in [SOCKET_FILE, PID_FILE] {
            let _ = fs::remove_file(dir.join(stale));
        }
        let listener = listen_in(dir)?;
        Ok(Instance { port, dir: dir.to_path_buf(), listener, tcp: None, given: true })
    }
}

/// Serves in the run's folder `dir`: our pid file, then the socket. The socket is bound under a
/// hidden name and renamed once it listens: a controller that sees `ipc.sock` may connect at once
/// (bound but not yet listening, it would be refused).
fn listen_in(dir: &Path) -> io::Result<mio::net::UnixListener> {
    fs::write(dir.join(PID_FILE), std::process::id().to_string())?;
    let (binding, socket) = (dir.join(BINDING_FILE), dir.join(SOCKET_FILE));
    let _ = fs::remove_file(&binding);
    let listener = mio::net::UnixListener::bind(&binding)?;
    fs::rename(&binding, &socket).inspect_err(|_| {
        let _ = fs::remove_file(&binding);
    })?;
    Ok(listener)
}

/// `base` is a real folder (not a link) owned by `uid`; each folder above it is owned by `uid` or root,
/// and sticky when others may write in it.
fn check_path(base: &Path, uid: u32) -> io::Result<()> {
    let refuse = |why: String| Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    let meta = fs::symlink_metadata(base)?;
    if !meta.is_dir() {
        return refuse(format!("{} is not a folder (a link?): refusing it for the run's socket", base.display()));
    }
    if meta.uid() != uid {
        return refuse(format!(
            "{} belongs to user {} ({}), not to you: refusing it for the run's socket (set WEBOTS_SHIM_TMPDIR to a \
             folder of yours)",
            base.display(),
            meta.uid(),
            user_name(meta.uid())
        ));
    }
    for dir in base.ancestors().skip(1).filter(|d| !d.as_os_str().is_empty()) {
        let meta = fs::metadata(dir)?;
        if meta.uid() != uid && meta.uid() != 0 {
            return refuse(format!(
                "{} belongs to user {} ({}): refusing to keep the run's socket under it",
                dir.display(),
                meta.uid(),
                user_name(meta.uid())
            ));
        }
        let others_write = meta.mode() & 0o022 != 0;
        if others_write && meta.mode() & 0o1000 == 0 {
            return refuse(format!(
                "{} may be written by other users and is not sticky: refusing to keep the run's socket under it",
                dir.display()
            ));
        }
    }
    Ok(())
}

fn user_name(uid: u32) -> String {
    nix::unistd::User::from_uid(nix::unistd::Uid::from_raw(uid))
        .ok()
        .flatten()
        .map_or_else(|| "unknown user".into(), |u| u.name)
}

/// Removes `dir` when the run that made it is gone. A folder being created right now (no pid file
/// yet) is left alone.
fn reclaim_stale(dir: &PathBuf) -> bool {
    let Ok(pid) = fs::read_to_string(dir.join(PID_FILE)) else {
        return false;
    };
    let Ok(pid) = pid.trim().parse::<i32>() else {
        return false;
    };
    let alive = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_ok();
    !alive && fs::remove_dir_all(dir).is_ok()
}

impl Drop for Instance {
    fn drop(&mut self) {
        if self.given {
            for file in [SOCKET_FILE, PID_FILE] {
                let _ = fs::remove_file(self.dir.join(file));
            }
        } else {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_folder_must_be_ours_and_the_folders_above_it_safe() {
        let top = tempfile::tempdir().unwrap();
        let me = nix::unistd::getuid().as_raw();
        let base = top.path().join("webots-shim-x");
        fs::DirBuilder::new().mode(0o700).create(&base).unwrap();
        check_path(&base, me).unwrap();
        // a base folder someone else made first
        let e = check_path(&base, me + 1).unwrap_err().to_string();
        assert!(e.contains(&format!("belongs to user {me}")) && e.contains("not to you"), "{e}");
        // a link in its place
        let link = top.path().join("link");
        std::os::unix::fs::symlink(&base, &link).unwrap();
        assert!(check_path(&link, me).unwrap_err().to_string().contains("not a folder"));
        // a folder above it that others may write in, not sticky
        fs::set_permissions(top.path(), fs::Permissions::from_mode(0o777)).unwrap();
        assert!(check_path(&base, me).unwrap_err().to_string().contains("not sticky"));
        fs::set_permissions(top.path(), fs::Permissions::from_mode(0o1777)).unwrap();
        check_path(&base, me).unwrap();
        fs::set_permissions(top.path(), fs::Permissions::from_mode(0o700)).unwrap();
    }

    #[test]
    fn a_given_run_folder_must_be_a_private_port_folder_of_the_base() {
        let top = tempfile::tempdir().unwrap();
        let base = top.path().join("webots-shim-x");
        fs::DirBuilder::new().mode(0o700).create(&base).unwrap();
        let named = |name: &str| {
            let dir = base.join(name);
            fs::DirBuilder::new().mode(0o700).create(&dir).unwrap();
            dir
        };
        assert!(Instance::given_in(&base, &named("sockets")).err().unwrap().to_string().contains("not a run folder"));
        let shared = named("1300");
        fs::set_permissions(&shared, fs::Permissions::from_mode(0o755)).unwrap();
        assert!(Instance::given_in(&base, &shared).err().unwrap().to_string().contains("others may use it"));
        // a folder of a run killed at any point: its socket (listening or still being bound) and pid
        // file are replaced; the folder stays after the run
        let dir = named("1301");
        fs::write(dir.join(SOCKET_FILE), "").unwrap();
        fs::write(dir.join(BINDING_FILE), "").unwrap();
        let run = Instance::given_in(&base, &dir).unwrap();
        assert_eq!(run.port, 1301);
        assert_eq!(fs::read_to_string(dir.join(PID_FILE)).unwrap(), std::process::id().to_string());
        assert!(!dir.join(BINDING_FILE).exists());
        std::os::unix::net::UnixStream::connect(dir.join(SOCKET_FILE)).unwrap();
        drop(run);
        assert!(dir.is_dir() && fs::read_dir(&dir).unwrap().next().is_none());
    }
}
