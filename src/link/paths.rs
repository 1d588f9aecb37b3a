//! Where runs live and how `WEBOTS_CONTROLLER_URL` names them, shared by the runner and the library.
//!
//! A run with "port" P listens on `<tmp>/webots-shim-<uid>/P/ipc.sock`; both folders are private
//! (0700). URLs take Webots' forms: `ipc://P`, `ipc://P/<robot>` (percent-encoded), a bare robot name
//! meaning "the most recent run", or `tcp://HOST:P[/<robot>]` for a run that serves TCP.

use std::path::PathBuf;

pub const SOCKET_FILE: &str = "ipc.sock";

/// `$WEBOTS_SHIM_TMPDIR`, else `$TMPDIR`, else `/tmp`.
pub fn tmp_root() -> PathBuf {
    std::env::var_os("WEBOTS_SHIM_TMPDIR")
        .or_else(|| std::env::var_os("TMPDIR"))
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from("/tmp"), PathBuf::from)
}

/// `tmp_root()/webots-shim-<uid>`.
pub fn base_dir() -> PathBuf {
    base_dir_in(&tmp_root())
}

/// The runs' base folder of a run whose `tmp_root()` is `tmp`: `tmp/webots-shim-<uid>`.
pub fn base_dir_in(tmp: &std::path::Path) -> PathBuf {
    let uid = nix::unistd::getuid();
    tmp.join(format!("webots-shim-{uid}"))
}

pub fn instance_dir(port: u16) -> PathBuf {
    base_dir().join(port.to_string())
}

pub fn socket_path(port: u16) -> PathBuf {
    instance_dir(port).join(SOCKET_FILE)
}

#[derive(Clone, Debug, PartialEq)]
pub struct ControllerUrl {
    /// `None`: the most recently started run.
    pub port: Option<u16>,
    /// Empty: the only robot waiting for an extern controller.
    pub robot: String,
    /// `Some`: reach the run over TCP at this host (and `port`).
    pub host: Option<String>,
}

pub fn parse_url(url: &str) -> Result<ControllerUrl, String> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return Ok(ControllerUrl { port: None, robot: percent_decode(url), host: None });
    };
    let wrong_port = || format!("Error: invalid WEBOTS_CONTROLLER_URL: {url} (missing or wrong port value)");
    let (authority, robot) = rest.split_once('/').unwrap_or((rest, ""));
    let robot = percent_decode(robot);
    match scheme {
        "ipc" => {
            let port = authority.parse::<u16>().map_err(|_| wrong_port())?;
            Ok(ControllerUrl { port: Some(port), robot, host: None })
        }
        "tcp" => {
            let (host, port) = authority.rsplit_once(':').ok_or_else(wrong_port)?;
            let port = port.parse::<u16>().map_err(|_| wrong_port())?;
            let host = host.trim_start_matches('[').trim_end_matches(']');
            if host.is_empty() {
                return Err(format!("Error: invalid WEBOTS_CONTROLLER_URL: {url} (missing IP address)"));
            }
            Ok(ControllerUrl { port: Some(port), robot, host: Some(host.to_string()) })
        }
        _ => Err(format!(
            "Error: unsupported protocol in WEBOTS_CONTROLLER_URL: {url} (webots-shim runs accept ipc://PORT[/ROBOT] \
             and tcp://HOST:PORT[/ROBOT])"
        )),
    }
}

/// The run whose folder was modified last (Webots' rule for URLs without a port).
pub fn most_recent_instance() -> Option<u16> {
    std::fs::read_dir(base_dir())
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let port = e.file_name().to_str()?.parse::<u16>().ok()?;
            let modified = e.metadata().ok()?.modified().ok()?;
            Some((modified, port))
        })
        .max()
        .map(|(_, port)| port)
}

/// Percent-encodes everything but unreserved URL characters, as Webots does for robot names.
pub fn percent_encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webots_url_forms() {
        let ipc = |port, robot: &str| ControllerUrl { port, robot: robot.into(), host: None };
        assert_eq!(parse_url("ipc://1234").unwrap(), ipc(Some(1234), ""));
        assert_eq!(parse_url("ipc://1235/my%20robot").unwrap(), ipc(Some(1235), "my robot"));
        assert_eq!(parse_url("e-puck").unwrap(), ipc(None, "e-puck"));
        assert_eq!(
            parse_url("tcp://127.0.0.1:1240/my%20robot").unwrap(),
            ControllerUrl { port: Some(1240), robot: "my robot".into(), host: Some("127.0.0.1".into()) }
        );
        assert_eq!(parse_url("tcp://[::1]:1234").unwrap().host.as_deref(), Some("::1"));
        assert!(parse_url("udp://127.0.0.1:1234").unwrap_err().contains("unsupported protocol"));
        assert!(parse_url("tcp://127.0.0.1/robot").unwrap_err().contains("missing or wrong port"));
        assert!(parse_url("tcp://:1234/robot").unwrap_err().contains("missing IP address"));
        assert!(parse_url("ipc://x/robot").unwrap_err().contains("missing or wrong port"));
    }

    #[test]
    fn percent_coding_round_trips() {
        for name in ["robot", "my robot(1)", "é/ü%", "a%2"] {
            assert_eq!(percent_decode(&percent_encode(name)), name);
        }
        assert_eq!(percent_encode("a b"), "a%20b");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
    }
}
