//! Binary framing for the socket link: a little-endian `u64` length, then the postcard encoding of
//! one message. Frames carry messages of any size; each reader says how large a frame it accepts
//! (`Limit`), so a peer cannot make it hold more than that, and a frame above it or one that does not
//! decode is an error for that connection.

use std::io::{self, Read, Write};

use serde::{de::DeserializeOwned, Serialize};

/// Bytes of the length that starts every frame.
pub const HEADER: usize = 8;

/// The largest first message (`Hello`) a run accepts: a robot name from the environment is far
/// smaller (the kernel caps one variable at 128 KiB).
pub const MAX_HELLO: u64 = 1 << 20;

/// The largest message a run accepts from a connected controller (a step's commands, a query).
pub const MAX_REQUEST: u64 = 1 << 30;

/// The largest packet an emitter takes: a step's request has room for one such packet and its other
/// commands.
pub const MAX_PACKET: u64 = MAX_REQUEST - (1 << 20);

/// What a reader accepts: frames up to `max` bytes; `what` names them in the error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    pub max: u64,
    pub what: &'static str,
}

impl Limit {
    /// The first message of a connection.
    pub const HELLO: Limit = Limit { max: MAX_HELLO, what: "a first message" };
    /// A message from a connected controller.
    pub const REQUEST: Limit = Limit { max: MAX_REQUEST, what: "a controller's message" };
    /// What a controller takes from its run (configuration, answers): whatever the run sends.
    pub const FROM_RUN: Limit = Limit { max: u64::MAX, what: "a message of the run" };

    fn check(&self, len: u64) -> io::Result<usize> {
        match usize::try_from(len) {
            Ok(n) if len <= self.max => Ok(n),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("a frame of {len} bytes is more than the {} bytes {} may take", self.max, self.what),
            )),
        }
    }
}

/// Appends one frame holding `msg` to `out`.
pub fn encode_into<T: Serialize>(msg: &T, out: &mut Vec<u8>) -> io::Result<()> {
    let start = out.len();
    out.extend_from_slice(&[0; HEADER]);
    let body = postcard::to_extend(msg, std::mem::take(out)).map_err(invalid)?;
    *out = body;
    let len = (out.len() - start - HEADER) as u64;
    out[start..start + HEADER].copy_from_slice(&len.to_le_bytes());
    Ok(())
}

/// The body length of the frame at the start of `frame` (a whole frame, as `encode_into` makes it).
pub fn body_len(frame: &[u8]) -> u64 {
    let mut len = [0u8; HEADER];
    len.copy_from_slice(&frame[..HEADER]);
    u64::from_le_bytes(len)
}

pub fn write_frame<T: Serialize, W: Write>(w: &mut W, msg: &T, scratch: &mut Vec<u8>) -> io::Result<()> {
    scratch.clear();
    encode_into(msg, scratch)?;
    w.write_all(scratch)
}

/// Reads one whole frame (blocking) of at most `limit` and decodes it. The body is read as it comes,
/// never allocated ahead from the announced length.
pub fn read_frame_within<T: DeserializeOwned, R: Read>(
    r: &mut R,
    scratch: &mut Vec<u8>,
    limit: Limit,
) -> io::Result<T> {
    let mut len = [0u8; HEADER];
    r.read_exact(&mut len)?;
    let len = limit.check(u64::from_le_bytes(len))?;
    scratch.clear();
    let got = r.take(len as u64).read_to_end(scratch)?;
    if got < len {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    decode(scratch)
}

/// `read_frame_within` for what a controller reads from its run.
pub fn read_frame<T: DeserializeOwned, R: Read>(r: &mut R, scratch: &mut Vec<u8>) -> io::Result<T> {
    read_frame_within(r, scratch, Limit::FROM_RUN)
}

pub fn decode<T: DeserializeOwned>(body: &[u8]) -> io::Result<T> {
    postcard::from_bytes(body).map_err(invalid)
}

/// Splits a complete frame off the front of `buf`: `Ok(Some(len))` when `buf[HEADER..HEADER + len]` is a
/// whole body, `Ok(None)` while more bytes are needed, an error as soon as the announced length is
/// above `limit`.
pub fn complete_frame(buf: &[u8], limit: Limit) -> io::Result<Option<usize>> {
    if buf.len() < HEADER {
        return Ok(None);
    }
    let len = limit.check(body_len(buf))?;
    Ok((buf.len() - HEADER >= len).then_some(len))
}

fn invalid(e: postcard::Error) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("malformed message: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{RobotCommand, StepAnswer, StepRequest};

    #[test]
    fn round_trip_through_a_byte_stream() {
        let req = StepRequest {
            duration_ms: 32,
            robot: vec![RobotCommand::SetCustomData("hello".into())],
            devices: Default::default(),
            exiting: false,
        };
        let mut buf = Vec::new();
        let mut scratch = Vec::new();
        write_frame(&mut buf, &req, &mut scratch).unwrap();
        write_frame(&mut buf, &StepAnswer { time_ms: 64.0, ..Default::default() }, &mut scratch).unwrap();
        let mut cursor = io::Cursor::new(buf);
        let back: StepRequest = read_frame(&mut cursor, &mut scratch).unwrap();
        assert_eq!(back, req);
        let ans: StepAnswer = read_frame(&mut cursor, &mut scratch).unwrap();
        assert_eq!(ans.time_ms, 64.0);
    }

    #[test]
    fn frames_above_the_reader_s_limit_and_malformed_frames_are_errors() {
        let mut huge = (MAX_HELLO + 1).to_le_bytes().to_vec();
        huge.extend_from_slice(&[0; 16]);
        let err = complete_frame(&huge, Limit::HELLO).unwrap_err();
        assert_eq!(err.to_string(), "a frame of 1048577 bytes is more than the 1048576 bytes a first message may take");
        // the same frame is fine once connected: it just needs its bytes
        assert_eq!(complete_frame(&huge, Limit::REQUEST).unwrap(), None);
        assert!(
            read_frame_within::<StepRequest, _>(&mut io::Cursor::new(&huge), &mut Vec::new(), Limit::HELLO).is_err()
        );

        let mut garbage = 3u64.to_le_bytes().to_vec();
        garbage.extend_from_slice(&[0xff, 0xff, 0xff]);
        assert!(read_frame::<StepRequest, _>(&mut io::Cursor::new(garbage), &mut Vec::new()).is_err());
    }

    #[test]
    fn an_announced_length_is_never_allocated_ahead_of_its_bytes() {
        // a frame claiming 2^62 bytes, of which 10 arrive: an end-of-file error, not an allocation
        let mut lie = (1u64 << 62).to_le_bytes().to_vec();
        lie.extend_from_slice(&[0; 10]);
        let mut scratch = Vec::new();
        let err = read_frame::<StepRequest, _>(&mut io::Cursor::new(lie), &mut scratch).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
        assert!(scratch.capacity() < 1 << 20);
    }

    #[test]
    fn partial_frames_wait_for_more_bytes() {
        let mut buf = Vec::new();
        encode_into(&StepRequest::default(), &mut buf).unwrap();
        assert_eq!(complete_frame(&buf[..2], Limit::REQUEST).unwrap(), None);
        assert_eq!(complete_frame(&buf[..buf.len() - 1], Limit::REQUEST).unwrap(), None);
        assert_eq!(complete_frame(&buf, Limit::REQUEST).unwrap(), Some(buf.len() - HEADER));
        assert_eq!(body_len(&buf), (buf.len() - HEADER) as u64);
    }
}
