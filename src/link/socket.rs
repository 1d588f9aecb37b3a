//! The controller side of the runner's Unix socket: blocking, one frame out and one frame in per step.

use std::io::{self, BufReader, BufWriter, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

use super::paths::{most_recent_instance, parse_url, socket_path};
use crate::protocol::codec::{read_frame, write_frame};
use crate::protocol::{FromWorld, Hello, Query, QueryAnswer, RobotConfig, StepAnswer, StepRequest, ToWorld, Welcome};

pub struct SocketLink {
    reader: BufReader<UnixStream>,
    writer: BufWriter<UnixStream>,
    scratch: Vec<u8>,
}

/// How long a controller keeps trying to reach a run that is not there (Webots gives up after ~50 s).
const CONNECT_ATTEMPTS: u32 = 50;

impl SocketLink {
    /// An extern controller: the run and robot `url` names (`env_robot_name` when it names none).
    pub fn connect(url: &str, env_robot_name: &str) -> Result<(SocketLink, RobotConfig), String> {
        let parsed = parse_url(url)?;
        let robot_name = if parsed.robot.is_empty() { env_robot_name.to_string() } else { parsed.robot };
        let stream = connect_with_retries(parsed.port)?;
        Self::handshake(stream, Hello { robot_name, robot_id: None, pid: std::process::id() })
    }

    /// A controller the runner launched: its run's socket, its robot by node id (or name).
    pub fn connect_intern(
        socket: &Path,
        robot_id: Option<i32>,
        robot_name: &str,
    ) -> Result<(SocketLink, RobotConfig), String> {
        let stream = UnixStream::connect(socket)
            .map_err(|e| format!("cannot reach the webots-shim run at {}: {e}", socket.display()))?;
        Self::handshake(stream, Hello { robot_name: robot_name.to_string(), robot_id, pid: std::process::id() })
    }

    fn handshake(stream: UnixStream, hello: Hello) -> Result<(SocketLink, RobotConfig), String> {
        let mut link = SocketLink {
            reader: BufReader::with_capacity(1 << 16, stream.try_clone().map_err(|e| e.to_string())?),
            writer: BufWriter::with_capacity(1 << 16, stream),
            scratch: Vec::new(),
        };
        write_frame(&mut link.writer, &hello, &mut link.scratch)
            .and_then(|_| link.writer.flush())
            .map_err(|e| format!("cannot talk to the webots-shim run: {e}"))?;
        match read_frame::<Welcome, _>(&mut link.reader, &mut link.scratch) {
            Ok(Welcome::Config(config)) => Ok((link, *config)),
            Ok(Welcome::Refused(why)) => Err(format!("the webots-shim run refused this controller: {why}")),
            Err(e) => Err(format!("the webots-shim run closed the connection: {e}")),
        }
    }

    pub fn send(&mut self, req: StepRequest) -> io::Result<()> {
        write_frame(&mut self.writer, &ToWorld::Step(req), &mut self.scratch)?;
        self.writer.flush()
    }

    pub fn receive(&mut self) -> io::Result<StepAnswer> {
        match read_frame(&mut self.reader, &mut self.scratch)? {
            FromWorld::Step(answer) => Ok(answer),
            FromWorld::Query(_) => Err(io::Error::other("the run answered a query where a step answer was due")),
        }
    }

    pub fn query(&mut self, q: Query) -> io::Result<QueryAnswer> {
        write_frame(&mut self.writer, &ToWorld::Query(q), &mut self.scratch)?;
        self.writer.flush()?;
        match read_frame(&mut self.reader, &mut self.scratch)? {
            FromWorld::Query(answer) => Ok(answer),
            FromWorld::Step(_) => Err(io::Error::other("the run answered a step where a query answer was due")),
        }
    }
}

fn connect_with_retries(port: Option<u16>) -> Result<UnixStream, String> {
    for attempt in 1..=CONNECT_ATTEMPTS {
        let port = port.or_else(most_recent_instance);
        if let Some(port) = port {
            if let Ok(stream) = UnixStream::connect(socket_path(port)) {
                return Ok(stream);
            }
        }
        if attempt % 5 == 1 {
            let left = CONNECT_ATTEMPTS - attempt + 1;
            match port {
                None => eprintln!("Cannot find any webots-shim run, retrying for another {left} seconds..."),
                Some(p) => eprintln!("Cannot connect to webots-shim run {p}, retrying for another {left} seconds..."),
            }
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    Err("Giving up...".to_string())
}
