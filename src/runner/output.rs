//! The controllers' output pipes, read without blocking in the run's poll loop and handed to the
//! `Console` that orders them. A robot whose held output is at the console's bound is not read until
//! the console has written some of it (the controller then blocks on its own writes); the time it
//! spends so is reported, so that it is not counted against the controller's step timeout.

use std::io::{self, Read};
use std::process::{ChildStderr, ChildStdout};
use std::time::{Duration, Instant};

use mio::unix::pipe::Receiver;
use mio::{Interest, Registry, Token};

use super::console::{Console, Sink, Stream};

/// Tokens from here on are pipes: `PIPES + 2 * robot + stream`.
pub const PIPES: usize = 1 << 40;
const CHUNK: usize = 1 << 16;
/// One read of a pipe takes at most this much: more than a pipe holds (all a controller wrote before
/// its request is in it), and a bound against a thread that writes without end.
const DRAIN: usize = 4 << 20;

pub struct Output<S: Sink> {
    pub console: Console<S>,
    pipes: Vec<[Option<Receiver>; 2]>,
    /// Robots not read since then because the console holds enough of their output.
    paused: Vec<(usize, Instant)>,
    buf: Vec<u8>,
}

impl<S: Sink> Output<S> {
    pub fn new(console: Console<S>, robots: usize) -> Output<S> {
        Output { console, pipes: (0..robots).map(|_| [None, None]).collect(), paused: Vec::new(), buf: vec![0; CHUNK] }
    }

    /// Robot `robot` gets a new controller (imported or restarted; see `Console::add_robot`).
    pub fn add_robot(&mut self, robot: usize, name: Option<&str>) {
        if self.pipes.len() <= robot {
            self.pipes.resize_with(robot + 1, || [None, None]);
        }
        self.paused.retain(|(r, _)| *r != robot);
        self.console.add_robot(robot, name);
    }

    /// A new world's robots in place of the old ones (see `Console::new_world`).
    pub fn new_world(&mut self, robots: &[Option<&str>]) {
        self.pipes = (0..robots.len()).map(|_| [None, None]).collect();
        self.paused.clear();
        self.console.new_world(robots);
    }

    /// Starts reading a launched controller's stdout and stderr.
    pub fn attach(
        &mut self,
        registry: &Registry,
        robot: usize,
        stdout: Option<ChildStdout>,
        stderr: Option<ChildStderr>,
    ) -> io::Result<()> {
        let ends = [stdout.map(Receiver::from), stderr.map(Receiver::from)];
        for (k, end) in ends.into_iter().enumerate() {
            let Some(mut end) = end else { continue };
            end.set_nonblocking(true)?;
            registry.register(&mut end, Token(PIPES + 2 * robot + k), Interest::READABLE)?;
            self.pipes[robot][k] = Some(end);
        }
        Ok(())
    }

    /// A pipe became readable: reads it while the console takes more of that robot.
    pub fn readable(&mut self, registry: &Registry, token: Token) {
        let Some(k) = token.0.checked_sub(PIPES) else { return };
        let (robot, stream) = (k / 2, k % 2);
        if robot >= self.pipes.len() {
            return;
        }
        if !self.console.wants_more(robot) {
            self.pause(robot);
            return;
        }
        self.read(registry, robot, stream, false);
    }

    /// Reads both of a robot's pipes to what is in them now, whatever the console holds: done before
    /// the robot's request is handled, so that all it printed before is placed before it.
    pub fn drain(&mut self, registry: &Registry, robot: usize) {
        for stream in 0..2 {
            self.read(registry, robot, stream, true);
        }
    }

    /// Reads what paused robots wrote, for those the console takes again; returns each one resumed
    /// and how long it was not read.
    pub fn resume(&mut self, registry: &Registry) -> Vec<(usize, Duration)> {
        let mut resumed = Vec::new();
        let paused = std::mem::take(&mut self.paused);
        for (robot, since) in paused {
            if self.console.wants_more(robot) {
                resumed.push((robot, since.elapsed()));
                for stream in 0..2 {
                    self.read(registry, robot, stream, false);
                }
            } else {
                self.paused.push((robot, since));
            }
        }
        resumed
    }

    /// Whether a robot not read for a while can be read again now.
    pub fn has_work(&self) -> bool {
        self.paused.iter().any(|(robot, _)| self.console.wants_more(*robot))
    }

    /// Whether both of the robot's pipes reached their end.
    pub fn closed(&self, robot: usize) -> bool {
        self.pipes[robot].iter().all(Option::is_none)
    }

    fn pause(&mut self, robot: usize) {
        if !self.paused.iter().any(|(r, _)| *r == robot) {
            self.paused.push((robot, Instant::now()));
        }
    }

    fn read(&mut self, registry: &Registry, robot: usize, stream: usize, whole: bool) {
        let which = if stream == 0 { Stream::Out } else { Stream::Err };
        let mut budget = DRAIN;
        loop {
            if !whole && !self.console.wants_more(robot) {
                self.pause(robot);
                return;
            }
            if budget == 0 {
                // a pipe that never runs dry: the rest waits for the next turn of the loop
                if !whole {
                    self.pause(robot);
                }
                return;
            }
            let Some(end) = self.pipes[robot][stream].as_mut() else { return };
            match end.read(&mut self.buf) {
                Ok(0) => {
                    let _ = registry.deregister(end);
                    self.pipes[robot][stream] = None;
                    return;
                }
                Ok(n) => {
                    budget = budget.saturating_sub(n);
                    self.console.read(robot, which, &self.buf[..n]);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    let _ = registry.deregister(end);
                    self.pipes[robot][stream] = None;
                    return;
                }
            }
        }
    }
}
