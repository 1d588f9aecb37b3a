//! A run's private folder and listening socket, and its TCP port when it serves one. Ports are taken from
//! 1234 up, as Webots does (a port whose folder or TCP port is taken is passed over); a folder left by a
//! dead run is reclaimed. The folder is removed when the instance is dropped.

use std::fs;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::PathBuf;

use crate::link::paths::{base_dir, instance_dir, SOCKET_FILE};

/// Where port numbers start unless a run asks for another (`webots --port`).
pub const FIRST_PORT: u16 = 1234;
const PID_FILE: &str = "runner.pid";

pub struct Instance {
    pub port: u16,
    pub dir: PathBuf,
    pub listener: mio::net::UnixListener,
    /// Extern controllers' TCP port (the same number), when asked for.
    pub tcp: Option<mio::net::TcpListener>,
}

impl Instance {
    /// The first free port from `first` up; with `tcp`, also listening on that port of that address.
    pub fn create(first: u16, tcp: Option<IpAddr>) -> io::Result<Instance> {
        let base = base_dir();
        fs::DirBuilder::new().recursive(true).mode(0o700).create(&base)?;
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
            fs::write(dir.join(PID_FILE), std::process::id().to_string())?;
            let listener = mio::net::UnixListener::bind(dir.join(SOCKET_FILE))?;
            return Ok(Instance { port, dir, listener, tcp });
        }
        Err(io::Error::new(io::ErrorKind::AddrInUse, "no free run port"))
    }
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
        let _ = fs::remove_dir_all(&self.dir);
    }
}
