//! Connections: accepting (Unix and TCP), the hello that binds one to its robot, requests, and
//! closing (an extern controller that leaves).

use super::{log, Ctl, Phase, Server};
use crate::protocol::codec::decode;
use crate::protocol::{FromWorld, Hello, StepRequest, ToWorld, Welcome};
use crate::runner::conn_stream::ConnStream;
use crate::runner::connection::{Conn, Incoming};
use crate::runner::console::Style;
use crate::runner::limits;
use crate::world::scene::clip_name;
use crate::world::supervisor::fields::ref_id;
use mio::{Interest, Token};
use nix::unistd::Pid;
use std::io;
use std::time::Instant;

impl Server {
    pub(super) fn accept(&mut self) {
        self.accept_from(false);
    }

    pub(super) fn accept_tcp(&mut self) {
        self.accept_from(true);
    }

    /// Takes the connections waiting on the Unix socket, or on the TCP port.
    fn accept_from(&mut self, tcp: bool) {
        loop {
            let accepted = match (tcp, self.instance.tcp.as_ref()) {
                (false, _) => self.instance.listener.accept().map(|(s, _)| ConnStream::Unix(s)),
                (true, Some(listener)) => listener.accept().map(|(s, _)| {
                    // one small frame each way per step: do not wait to fill packets
                    let _ = s.set_nodelay(true);
                    ConnStream::Tcp(s)
                }),
                (true, None) => return,
            };
            match accepted {
                Ok(mut stream) => {
                    self.accept_blocked = None;
                    let idx = self.conns.iter().position(Option::is_none).unwrap_or(self.conns.len());
                    if idx == self.conns.len() {
                        self.conns.push(None);
                    }
                    let interest = Interest::READABLE | Interest::WRITABLE;
                    if self.poll.registry().register(&mut stream, Token(idx), interest).is_ok() {
                        self.conns[idx] = Some(Conn::new(stream));
                        self.bound_strangers();
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let why = limits::explain(&e);
                    if !self.accept_warned {
                        self.accept_warned = true;
                        log(format!("cannot accept a controller's connection: {why}"));
                    }
                    self.accept_blocked = Some(why);
                    break;
                }
            }
        }
    }

    /// Connections that have not said which robot they drive may each hold up to a first message's worth
    /// of memory: at most twice as many as the world has robots (8 at least) are kept, the oldest dropped.
    fn bound_strangers(&mut self) {
        let limit = (2 * self.world.robots().len()).max(8);
        let mut strangers: Vec<(Instant, usize)> = (self.conns.iter().enumerate())
            .filter_map(|(i, c)| c.as_ref().filter(|c| c.robot.is_none()).map(|c| (c.opened, i)))
            .collect();
        if strangers.len() <= limit {
            return;
        }
        strangers.sort();
        let excess = strangers.len() - limit;
        if !self.strangers_warned {
            self.strangers_warned = true;
            log(format!("more than {limit} connections have not said which robot they drive: the oldest are closed"));
        }
        for &(_, idx) in &strangers[..excess] {
            self.close(idx, None);
        }
    }

    /// Handles what a connection sent, one message at a time.
    pub(super) fn service(&mut self, idx: usize) {
        loop {
            let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) else { return };
            if c.flush().is_err() {
                self.close(idx, None);
                return;
            }
            match c.incoming(&mut self.read_buf) {
                Incoming::Wait => return,
                Incoming::Closed => {
                    self.close(idx, None);
                    return;
                }
                Incoming::Bad(why) => {
                    self.close(idx, Some(why));
                    return;
                }
                Incoming::Message => {}
            }
            let robot = c.robot;
            let handled = match robot {
                None => decode::<Hello>(c.body()).map(Err),
                Some(_) => decode::<ToWorld>(c.body()).map(Ok),
            };
            if let (Some(r), Ok(Ok(msg))) = (robot, &handled) {
                if self.waits_its_turn(r, msg) {
                    // left unread until the controllers before it have asked for time (turns.rs)
                    if !self.waiting_turns.contains(&idx) {
                        self.waiting_turns.push(idx);
                    }
                    return;
                }
            }
            let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) else { return };
            c.consume();
            match handled {
                Ok(Err(hello)) => self.hello(idx, hello),
                Ok(Ok(msg)) => self.message(idx, robot.unwrap_or_default(), msg),
                Err(e) => {
                    self.close(idx, Some(e.to_string()));
                    return;
                }
            }
        }
    }

    fn message(&mut self, idx: usize, robot: usize, msg: ToWorld) {
        match msg {
            ToWorld::Step(req) => self.request(idx, robot, req),
            ToWorld::Query(q) => {
                let answer = FromWorld::Query(self.world.query(robot, &q));
                self.send(idx, &answer);
            }
        }
    }

    fn hello(&mut self, conn: usize, hello: Hello) {
        match self.bind_target(conn, &hello) {
            Ok(robot) => {
                let config = self.world.connect(robot);
                let mut joined = None;
                if let Some(ctl) = self.ctls[robot].as_mut() {
                    ctl.phase = Phase::Connected;
                    ctl.conn = Some(Token(conn));
                    ctl.busy_since = Instant::now();
                    if let Some(ext) = ctl.ext.as_mut() {
                        joined = Some(ext.joined().line(&clip_name(&ctl.name), self.opts.style != Style::Shim));
                        ctl.ended_after_quit = None;
                    }
                }
                if let Some(c) = self.conns[conn].as_mut() {
                    c.robot = Some(robot);
                }
                self.send(conn, &Welcome::Config(Box::new(config)));
                if let Some(line) = joined {
                    self.output.console.info(robot, &line);
                }
            }
            Err(why) => {
                log(format!("refused a controller (pid {}): {why}", hello.pid));
                self.send(conn, &Welcome::Refused(why));
                // said once: a refused connection is not heard again
                if self.conns[conn].as_ref().is_some_and(|c| !c.has_output()) {
                    self.close(conn, None);
                }
            }
        }
    }

    /// Which robot a connecting controller drives. A robot whose controller the runner started is
    /// only given to a process of that controller (its process group).
    fn bind_target(&self, conn: usize, hello: &Hello) -> Result<usize, String> {
        let waiting = |c: &&Ctl| c.phase == Phase::Pending;
        let name = clip_name(&hello.robot_name);
        if hello.robot_id.is_some() && self.conns[conn].as_ref().is_some_and(|c| c.stream.is_tcp()) {
            return Err("a connection over TCP can only drive an <extern> robot".into());
        }
        if let Some(id) = hello.robot_id {
            let Some(i) = self.world.robots().iter().position(|r| ref_id(r.node) == id) else {
                return Err(format!("robot {id} ('{name}') is not a robot of this world"));
            };
            return match self.ctls.get(i).and_then(Option::as_ref) {
                Some(c) if !c.is_extern() && waiting(&c) => {
                    let started = c.launched.as_ref().map(|l| l.child.id() as i32);
                    let peer = self.conns[conn].as_ref().and_then(|c| peer_group(c.stream.unix()?));
                    match (started, peer) {
                        (Some(group), Some(peer)) if group == peer => Ok(i),
                        _ => Err(format!(
                            "robot #{i} '{name}' waits for the controller the runner started{}; this connection \
                             does not come from it",
                            started.map(|p| format!(" (pid {p})")).unwrap_or_default()
                        )),
                    }
                }
                Some(c) if c.outcome.is_some() => Err(format!(
                    "robot #{i} '{name}' no longer waits for a controller: its controller {}",
                    c.outcome.as_ref().map(ToString::to_string).unwrap_or_default()
                )),
                _ => Err(format!("robot #{i} '{name}' is not waiting for a controller")),
            };
        }
        let externs: Vec<&Ctl> = self.ctls.iter().flatten().filter(|c| c.is_extern()).collect();
        if hello.robot_name.is_empty() {
            let free: Vec<&&Ctl> = externs.iter().filter(|c| waiting(c)).collect();
            return match free.as_slice() {
                [only] => Ok(only.robot),
                [] => Err("no robot of this run waits for an extern controller".into()),
                many => Err(format!(
                    "several robots wait for an extern controller ({}); add the robot name to WEBOTS_CONTROLLER_URL",
                    many.iter().map(|c| format!("'{}'", c.shown())).collect::<Vec<_>>().join(", ")
                )),
            };
        }
        match externs.iter().find(|c| c.name == hello.robot_name) {
            Some(c) if waiting(c) => Ok(c.robot),
            Some(_) => Err(format!("robot '{name}' already has an extern controller")),
            None => Err(format!(
                "robot '{name}' is not an <extern> robot of this run (its controller field must be \"<extern>\")"
            )),
        }
    }

    fn request(&mut self, idx: usize, robot: usize, req: StepRequest) {
        // everything the controller printed before this request is in its pipes: it goes first
        self.output.drain(self.poll.registry(), robot);
        let exiting = req.exiting;
        if self.world.request(robot, req) {
            if self.world.is_over() && !exiting {
                self.final_round(Some(robot));
            }
            let answer = self.world.answer(robot);
            self.send_answer(robot, &answer);
        } else {
            if let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) {
                c.awaiting_answer = true;
            }
            self.output.console.requested(robot);
        }
        self.world_warnings();
        if exiting && self.ctls[robot].as_ref().is_some_and(Ctl::is_extern) {
            // it said goodbye: the robot is free for the next controller at once
            self.close(idx, None);
        } else if exiting {
            let quit = self.world.quit_status().is_some();
            if let Some(ctl) = self.ctls[robot].as_mut() {
                ctl.phase = Phase::Left;
                ctl.ended_after_quit.get_or_insert(quit);
                ctl.left_at.get_or_insert_with(Instant::now);
            }
            self.output.console.leaving(robot);
        }
    }

    /// Drops a connection; `why` is reported when it was a protocol error.
    pub(super) fn close(&mut self, idx: usize, why: Option<String>) {
        let Some(mut c) = self.conns.get_mut(idx).and_then(Option::take) else { return };
        let _ = self.poll.registry().deregister(&mut c.stream);
        let Some(robot) = c.robot else {
            if let Some(why) = why {
                log(format!("closed a connection that sent a bad first message: {why}"));
            }
            return;
        };
        if self.ctls[robot].as_ref().is_some_and(Ctl::is_extern) {
            self.extern_left(robot, idx, why);
            return;
        }
        self.world.disconnect(robot);
        self.output.drain(self.poll.registry(), robot);
        let quit = self.world.quit_status().is_some();
        let Some(ctl) = self.ctls[robot].as_mut() else { return };
        ctl.ended_after_quit.get_or_insert(quit);
        ctl.left_at.get_or_insert_with(Instant::now);
        if let Some(why) = why {
            let note = format!("closed the connection of robot '{}': {why}", ctl.shown());
            self.output.console.note(robot, &note);
        }
        ctl.phase = Phase::Left;
        ctl.conn = None;
        self.output.console.leaving(robot);
    }

    /// The connection `idx` of extern robot `robot` is gone: the robot waits for its next controller
    /// (or for none, once the world is over).
    fn extern_left(&mut self, robot: usize, idx: usize, why: Option<String>) {
        let synchronous = self.world.is_synchronous(robot);
        let quit = self.world.quit_status().is_some();
        let over = self.world.is_over();
        let Some(ctl) = self.ctls[robot].as_mut() else { return };
        if ctl.conn != Some(Token(idx)) {
            return;
        }
        self.world.disconnect(robot);
        if let Some(why) = &why {
            let note = format!("closed the connection of robot '{}': {why}", ctl.shown());
            self.output.console.note(robot, &note);
        }
        let Some(ext) = ctl.ext.as_mut() else { return };
        let line = ext.left(synchronous, why).line(&clip_name(&ctl.name), self.opts.style != Style::Shim);
        ctl.conn = None;
        ctl.phase = if over { Phase::Left } else { Phase::Pending };
        ctl.ended_after_quit = Some(quit);
        self.output.console.info(robot, &line);
    }
}

/// The process group of the process at the other end of a connection.
fn peer_group(stream: &mio::net::UnixStream) -> Option<i32> {
    use nix::sys::socket::{getsockopt, sockopt::PeerCredentials};
    let peer = getsockopt(stream, PeerCredentials).ok()?;
    nix::unistd::getpgid(Some(Pid::from_raw(peer.pid()))).ok().map(Pid::as_raw)
}
