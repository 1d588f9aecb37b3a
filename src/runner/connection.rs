//! One controller's connection to the run, with bounded memory: it is read only as far as the next
//! whole message needs (at most `Limit::HELLO` before the handshake, `Limit::REQUEST` after), one
//! message is handled at a time, and nothing more is read while an answer waits to be written or a
//! step request waits for its answer. A client that sends and never reads stalls itself, not the run.

use std::io::{self, Read, Write};
use std::time::Instant;

use serde::Serialize;

use super::conn_stream::ConnStream;
use crate::protocol::codec::{complete_frame, encode_into, Limit, HEADER};

/// Bytes read from the socket at once for small messages (the size of the scratch buffer to give).
pub const CHUNK: usize = 1 << 16;

pub struct Conn {
    pub stream: ConnStream,
    inbuf: Vec<u8>,
    outbuf: Vec<u8>,
    /// The robot it drives, once its `Hello` was accepted.
    pub robot: Option<usize>,
    /// A step request of it waits for time to pass: nothing more is read until it is answered.
    pub awaiting_answer: bool,
    pub opened: Instant,
}

/// What the connection has for the run.
pub enum Incoming {
    /// A whole message: the body of a frame, in `body()`.
    Message,
    /// Nothing until the socket is readable (or writable) again.
    Wait,
    /// The peer closed the connection.
    Closed,
    /// A protocol error: the connection must be closed.
    Bad(String),
}

impl Conn {
    pub fn new(stream: ConnStream) -> Conn {
        Conn {
            stream,
            inbuf: Vec::new(),
            outbuf: Vec::new(),
            robot: None,
            awaiting_answer: false,
            opened: Instant::now(),
        }
    }

    fn limit(&self) -> Limit {
        if self.robot.is_some() {
            Limit::REQUEST
        } else {
            Limit::HELLO
        }
    }

    /// Queues a message and writes what the socket takes.
    pub fn send<T: Serialize>(&mut self, msg: &T) -> io::Result<()> {
        encode_into(msg, &mut self.outbuf)?;
        self.flush()
    }

    /// Whether output waits for the socket to take it.
    pub fn has_output(&self) -> bool {
        !self.outbuf.is_empty()
    }

    /// Writes as much of the pending output as the socket takes.
    pub fn flush(&mut self) -> io::Result<()> {
        let mut written = 0;
        while written < self.outbuf.len() {
            match self.stream.write(&self.outbuf[written..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => written += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
        self.outbuf.drain(..written);
        Ok(())
    }

    /// The next message, reading only what it needs (small reads go through `scratch`, so an idle
    /// connection holds no buffer). Call `consume` once it is handled.
    pub fn incoming(&mut self, scratch: &mut [u8]) -> Incoming {
        if !self.outbuf.is_empty() || self.awaiting_answer {
            return Incoming::Wait;
        }
        loop {
            let want = match complete_frame(&self.inbuf, self.limit()) {
                Ok(Some(_)) => return Incoming::Message,
                Ok(None) if self.inbuf.len() < HEADER => HEADER - self.inbuf.len(),
                Ok(None) => {
                    let len = crate::protocol::codec::body_len(&self.inbuf) as usize;
                    HEADER + len - self.inbuf.len()
                }
                Err(e) => return Incoming::Bad(e.to_string()),
            };
            // a whole chunk at least: small messages cost one read; what is read past the message
            // (a client sending ahead) stays below a chunk, as nothing more is read until it is handled
            let start = self.inbuf.len();
            let read = if want <= scratch.len() {
                let got = self.stream.read(scratch);
                if let Ok(n) = got {
                    self.inbuf.extend_from_slice(&scratch[..n]);
                }
                got
            } else {
                // a large message: its bytes are needed anyway, read them in place
                self.inbuf.resize(start + want.min(16 * CHUNK), 0);
                let got = self.stream.read(&mut self.inbuf[start..]);
                self.inbuf.truncate(start + *got.as_ref().unwrap_or(&0));
                got
            };
            match read {
                Ok(0) => return Incoming::Closed,
                Ok(_) => {}
                Err(e) => match e.kind() {
                    io::ErrorKind::WouldBlock => return Incoming::Wait,
                    io::ErrorKind::Interrupted => continue,
                    _ => return Incoming::Closed,
                },
            }
        }
    }

    /// The body of the message `incoming` found.
    pub fn body(&self) -> &[u8] {
        let len = crate::protocol::codec::body_len(&self.inbuf) as usize;
        &self.inbuf[HEADER..HEADER + len]
    }

    /// Forgets the message `incoming` found.
    pub fn consume(&mut self) {
        let len = crate::protocol::codec::body_len(&self.inbuf) as usize;
        self.inbuf.drain(..HEADER + len);
        if self.inbuf.capacity() > CHUNK {
            // a large message is not kept around as spare capacity
            self.inbuf.shrink_to(self.inbuf.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::codec::write_frame;
    use crate::protocol::{StepRequest, ToWorld};

    fn pair() -> (Conn, std::os::unix::net::UnixStream) {
        let (a, b) = std::os::unix::net::UnixStream::pair().unwrap();
        a.set_nonblocking(true).unwrap();
        (Conn::new(ConnStream::Unix(mio::net::UnixStream::from_std(a))), b)
    }

    #[test]
    fn messages_are_read_one_at_a_time_and_only_as_far_as_needed() {
        let (mut c, mut peer) = pair();
        c.robot = Some(0);
        let mut scratch = Vec::new();
        for d in [16, 32] {
            write_frame(&mut peer, &ToWorld::Step(StepRequest { duration_ms: d, ..Default::default() }), &mut scratch)
                .unwrap();
        }
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Message));
        let first: ToWorld = crate::protocol::codec::decode(c.body()).unwrap();
        assert!(matches!(first, ToWorld::Step(StepRequest { duration_ms: 16, .. })));
        c.consume();
        c.awaiting_answer = true;
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Wait), "nothing is read while an answer is due");
        c.awaiting_answer = false;
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Message));
        c.consume();
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Wait));
        drop(peer);
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Closed));
    }

    #[test]
    fn a_client_that_sends_ahead_is_read_no_further_than_a_chunk_past_its_message() {
        let (mut c, peer) = pair();
        c.robot = Some(0);
        let mut frames = Vec::new();
        for _ in 0..100_000 {
            crate::protocol::codec::encode_into(&ToWorld::Step(StepRequest::default()), &mut frames).unwrap();
        }
        let writer = std::thread::spawn(move || {
            let mut peer = peer;
            let _ = peer.write_all(&frames);
        });
        std::thread::sleep(std::time::Duration::from_millis(100));
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Message));
        c.consume();
        c.awaiting_answer = true;
        assert!(matches!(c.incoming(&mut [0; CHUNK]), Incoming::Wait));
        assert!(c.inbuf.len() < CHUNK);
        drop(c);
        writer.join().unwrap();
    }

    #[test]
    fn a_first_message_above_its_limit_is_refused_from_its_header() {
        let (mut c, mut peer) = pair();
        peer.write_all(&(2u64 << 20).to_le_bytes()).unwrap();
        match c.incoming(&mut [0; CHUNK]) {
            Incoming::Bad(why) => assert!(why.contains("a first message"), "{why}"),
            _ => panic!("an oversized first message was accepted"),
        }
    }
}
