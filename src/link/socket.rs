//! The controller side of the runner's socket (Unix, or TCP for a `tcp://` URL): blocking, one frame out
//! and one frame in per step.
//!
//! Before each request the controller's C stdio buffers are flushed: everything it printed since its
//! last request is then in its output pipes when the run reads the request, so the run knows which
//! step every line belongs to.

use std::io::{self, BufReader, BufWriter, Read, Write};
use std::net::TcpStream;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

use super::paths::{most_recent_instance, parse_url, socket_path};
use crate::protocol::codec::{body_len, encode_into, read_frame, write_frame, MAX_REQUEST};
use crate::protocol::{FromWorld, Hello, Query, QueryAnswer, RobotConfig, StepAnswer, StepRequest, ToWorld, Welcome};

/// The connection to the run.
enum Stream {
    Unix(UnixStream),
    Tcp(TcpStream),
}

impl Stream {
    fn try_clone(&self) -> io::Result<Stream> {
        Ok(match self {
            Stream::Unix(s) => Stream::Unix(s.try_clone()?),
            Stream::Tcp(s) => Stream::Tcp(s.try_clone()?),
        })
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Unix(s) => s.read(buf),
            Stream::Tcp(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Unix(s) => s.write(buf),
            Stream::Tcp(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Unix(s) => s.flush(),
            Stream::Tcp(s) => s.flush(),
        }
    }
}

pub struct SocketLink {
    reader: BufReader<Stream>,
    writer: BufWriter<Stream>,
    scratch: Vec<u8>,
}

/// How long a controller keeps trying to reach a run that is not there (Webots gives up after ~50 s).
const CONNECT_ATTEMPTS: u32 = 50;

impl SocketLink {
    /// An extern controller: the run and robot `url` names (`env_robot_name` when it names none).
    pub fn connect(url: &str, env_robot_name: &str) -> Result<(SocketLink, RobotConfig), String> {
        let parsed = parse_url(url)?;
        let robot_name = if parsed.robot.is_empty() { env_robot_name.to_string() } else { parsed.robot };
        let stream = match &parsed.host {
            Some(host) => connect_tcp_with_retries(host, parsed.port.unwrap_or(1234))?,
            None => Stream::Unix(connect_with_retries(parsed.port)?),
        };
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
        Self::handshake(
            Stream::Unix(stream),
            Hello { robot_name: robot_name.to_string(), robot_id, pid: std::process::id() },
        )
    }

    fn handshake(stream: Stream, hello: Hello) -> Result<(SocketLink, RobotConfig), String> {
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
        flush_output();
        self.write(&ToWorld::Step(req))
    }

    /// Writes a message whole, or refuses it (before sending anything) when it is larger than a run
    /// takes from a controller.
    fn write(&mut self, msg: &ToWorld) -> io::Result<()> {
        self.scratch.clear();
        encode_into(msg, &mut self.scratch)?;
        let len = body_len(&self.scratch);
        if len > MAX_REQUEST {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a request of {len} bytes is more than the {MAX_REQUEST} bytes a webots-shim run takes from a controller at once"),
            ));
        }
        self.writer.write_all(&self.scratch)?;
        self.writer.flush()
    }

    pub fn receive(&mut self) -> io::Result<StepAnswer> {
        match read_frame(&mut self.reader, &mut self.scratch)? {
            FromWorld::Step(answer) => Ok(answer),
            FromWorld::Query(_) => Err(io::Error::other("the run answered a query where a step answer was due")),
        }
    }

    pub fn query(&mut self, q: Query) -> io::Result<QueryAnswer> {
        self.write(&ToWorld::Query(q))?;
        match read_frame(&mut self.reader, &mut self.scratch)? {
            FromWorld::Query(answer) => Ok(answer),
            FromWorld::Step(_) => Err(io::Error::other("the run answered a step where a query answer was due")),
        }
    }
}

/// Pushes what the controller printed (C stdio buffers, Rust's stdout) into its output pipes.
fn flush_output() {
    // SAFETY: fflush(NULL) flushes every open C output stream; it takes no pointer of ours.
    unsafe {
        libc::fflush(std::ptr::null_mut());
    }
    let _ = io::stdout().flush();
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

/// `connect_with_retries` for a run served over TCP at `host:port`.
fn connect_tcp_with_retries(host: &str, port: u16) -> Result<Stream, String> {
    for attempt in 1..=CONNECT_ATTEMPTS {
        if let Ok(stream) = TcpStream::connect((host, port)) {
            // one small frame each way per step: do not wait to fill packets
            let _ = stream.set_nodelay(true);
            return Ok(Stream::Tcp(stream));
        }
        if attempt % 5 == 1 {
            let left = CONNECT_ATTEMPTS - attempt + 1;
            eprintln!("Cannot connect to webots-shim run at {host}:{port}, retrying for another {left} seconds...");
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    Err("Giving up...".to_string())
}
