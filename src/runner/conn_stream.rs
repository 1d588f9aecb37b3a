//! A controller's connection to the run: the run's Unix socket, or its TCP port (extern controllers on
//! another machine or in a container). Both are read and written the same way; only the Unix one
//! tells which process is at the other end.

use std::io::{self, Read, Write};

use mio::event::Source;
use mio::{Interest, Registry, Token};

pub enum ConnStream {
    Unix(mio::net::UnixStream),
    Tcp(mio::net::TcpStream),
}

impl ConnStream {
    /// The Unix socket, for questions only it can answer (the peer's process).
    pub fn unix(&self) -> Option<&mio::net::UnixStream> {
        match self {
            ConnStream::Unix(s) => Some(s),
            ConnStream::Tcp(_) => None,
        }
    }

    pub fn is_tcp(&self) -> bool {
        matches!(self, ConnStream::Tcp(_))
    }
}

impl Read for ConnStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            ConnStream::Unix(s) => s.read(buf),
            ConnStream::Tcp(s) => s.read(buf),
        }
    }
}

impl Write for ConnStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            ConnStream::Unix(s) => s.write(buf),
            ConnStream::Tcp(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            ConnStream::Unix(s) => s.flush(),
            ConnStream::Tcp(s) => s.flush(),
        }
    }
}

impl Source for ConnStream {
    fn register(&mut self, registry: &Registry, token: Token, interests: Interest) -> io::Result<()> {
        match self {
            ConnStream::Unix(s) => s.register(registry, token, interests),
            ConnStream::Tcp(s) => s.register(registry, token, interests),
        }
    }

    fn reregister(&mut self, registry: &Registry, token: Token, interests: Interest) -> io::Result<()> {
        match self {
            ConnStream::Unix(s) => s.reregister(registry, token, interests),
            ConnStream::Tcp(s) => s.reregister(registry, token, interests),
        }
    }

    fn deregister(&mut self, registry: &Registry) -> io::Result<()> {
        match self {
            ConnStream::Unix(s) => s.deregister(registry),
            ConnStream::Tcp(s) => s.deregister(registry),
        }
    }
}
