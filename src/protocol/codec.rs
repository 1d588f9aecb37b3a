//! Binary framing for the socket link: a little-endian `u32` length, then the postcard encoding of
//! one message. A frame above `MAX_FRAME` or one that does not decode is an error for that connection.

use std::io::{self, Read, Write};

use serde::{de::DeserializeOwned, Serialize};

/// Largest frame accepted (64 MiB): well above any legitimate step, small enough to refuse garbage.
pub const MAX_FRAME: usize = 64 << 20;

/// Appends one frame holding `msg` to `out`.
pub fn encode_into<T: Serialize>(msg: &T, out: &mut Vec<u8>) -> io::Result<()> {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    let body = postcard::to_extend(msg, std::mem::take(out)).map_err(invalid)?;
    *out = body;
    let len = out.len() - start - 4;
    if len > MAX_FRAME {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "message too large"));
    }
    out[start..start + 4].copy_from_slice(&(len as u32).to_le_bytes());
    Ok(())
}

pub fn write_frame<T: Serialize, W: Write>(w: &mut W, msg: &T, scratch: &mut Vec<u8>) -> io::Result<()> {
    scratch.clear();
    encode_into(msg, scratch)?;
    w.write_all(scratch)
}

/// Reads one whole frame (blocking) and decodes it.
pub fn read_frame<T: DeserializeOwned, R: Read>(r: &mut R, scratch: &mut Vec<u8>) -> io::Result<T> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len)?;
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("frame of {len} bytes exceeds the {MAX_FRAME}-byte limit"),
        ));
    }
    scratch.resize(len, 0);
    r.read_exact(scratch)?;
    decode(scratch)
}

pub fn decode<T: DeserializeOwned>(body: &[u8]) -> io::Result<T> {
    postcard::from_bytes(body).map_err(invalid)
}

/// Splits a complete frame off the front of `buf`: `Ok(Some(len))` when `buf[4..4+len]` is a whole body.
pub fn complete_frame(buf: &[u8]) -> io::Result<Option<usize>> {
    if buf.len() < 4 {
        return Ok(None);
    }
    let len = u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("frame of {len} bytes exceeds the {MAX_FRAME}-byte limit"),
        ));
    }
    Ok((buf.len() >= 4 + len).then_some(len))
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
    fn oversized_and_malformed_frames_are_errors() {
        let mut huge = ((MAX_FRAME + 1) as u32).to_le_bytes().to_vec();
        huge.extend_from_slice(&[0; 16]);
        assert!(complete_frame(&huge).is_err());
        assert!(read_frame::<StepRequest, _>(&mut io::Cursor::new(huge), &mut Vec::new()).is_err());

        let mut garbage = 3u32.to_le_bytes().to_vec();
        garbage.extend_from_slice(&[0xff, 0xff, 0xff]);
        assert!(read_frame::<StepRequest, _>(&mut io::Cursor::new(garbage), &mut Vec::new()).is_err());
    }

    #[test]
    fn partial_frames_wait_for_more_bytes() {
        let mut buf = Vec::new();
        encode_into(&StepRequest::default(), &mut buf).unwrap();
        assert_eq!(complete_frame(&buf[..2]).unwrap(), None);
        assert_eq!(complete_frame(&buf[..buf.len() - 1]).unwrap(), None);
        assert_eq!(complete_frame(&buf).unwrap(), Some(buf.len() - 4));
    }
}
