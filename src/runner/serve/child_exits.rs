//! Wakes the loop when a child process ends (SIGCHLD): a controller's exit status is collected as soon
//! as there is one, rather than at the loop's next timeout (`EXIT_POLL`), which put up to a poll
//! interval plus a wake-up between each run's last step and its verdict.

use std::io::{self, Read};
use std::os::unix::net::UnixStream;

use mio::{Interest, Registry, Token};
use signal_hook::consts::SIGCHLD;
use signal_hook::SigId;

pub struct ChildExits {
    wakeup: mio::net::UnixStream,
    id: SigId,
}

impl ChildExits {
    /// From now on, each SIGCHLD makes `token` readable.
    pub fn register(registry: &Registry, token: Token) -> io::Result<ChildExits> {
        let (read, write) = UnixStream::pair()?;
        read.set_nonblocking(true)?;
        let id = signal_hook::low_level::pipe::register(SIGCHLD, write)?;
        let mut wakeup = mio::net::UnixStream::from_std(read);
        registry.register(&mut wakeup, token, Interest::READABLE)?;
        Ok(ChildExits { wakeup, id })
    }

    /// Empties the channel: the caller then looks at every child, so signals that came together count once.
    pub fn drain(&mut self) {
        let mut buf = [0u8; 64];
        while matches!(self.wakeup.read(&mut buf), Ok(n) if n > 0) {}
    }
}

impl Drop for ChildExits {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_child_ending_wakes_the_poll() {
        let mut poll = mio::Poll::new().unwrap();
        let mut exits = ChildExits::register(poll.registry(), Token(7)).unwrap();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let mut events = mio::Events::with_capacity(4);
        // the signal may also interrupt the wait itself (EINTR), as in the runner's loop: wait again;
        // the deadline is generous, only a lost signal (no wake-up at all) fails this
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        let mut woken = false;
        while !woken && std::time::Instant::now() < deadline {
            match poll.poll(&mut events, Some(Duration::from_secs(1))) {
                Ok(()) => woken = events.iter().any(|e| e.token() == Token(7)),
                Err(e) => assert_eq!(e.kind(), io::ErrorKind::Interrupted, "{e}"),
            }
        }
        assert!(woken, "no wake-up from the child's exit");
        exits.drain();
        assert!(child.wait().unwrap().success());
    }
}
