//! The lockstep loop: accepts controllers on the run's socket, collects their step requests, advances
//! the world when nobody is computing, answers those whose step elapsed, and watches over the processes
//! (exits, crashes, step timeouts).

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mio::{Events, Interest, Poll, Token};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use super::guard::Guard;
use super::instance::Instance;
use super::launch::{controller_program, launch, LaunchSpec, Launched};
use super::outcome::{ControllerReport, Outcome, RunReport};
use crate::protocol::codec::{complete_frame, decode, encode_into};
use crate::protocol::{FromWorld, Hello, StepAnswer, StepRequest, ToWorld, Welcome};
use crate::world::robot_table::{project_path, ControllerSpec};
use crate::world::scene_control::WorldChange;
use crate::world::supervision::ref_id;
use crate::world::World;

pub struct RunOptions {
    /// Simulated time (s) at which every controller is told the run is over.
    pub until: Option<f64>,
    /// Wall-clock limit for a controller to come back to `wb_robot_step` (or to connect).
    pub step_timeout: Duration,
    /// Where `libController.so` lives, put first on the controllers' `LD_LIBRARY_PATH`.
    pub library_dir: Option<PathBuf>,
    /// Set by SIGINT/SIGTERM: end the run now.
    pub interrupt: Arc<AtomicBool>,
    /// This program, to start the run's watchdog (`guard.rs`) with; `None`: no watchdog.
    pub guard_program: Option<PathBuf>,
    /// `--seed`, also for worlds a supervisor loads.
    pub seed: Option<i32>,
}

const LISTENER: Token = Token(usize::MAX);

/// Serialises a step answer as `FromWorld::Step` (same bytes) without moving it into the enum.
struct StepEnvelope<'a>(&'a StepAnswer);

impl serde::Serialize for StepEnvelope<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_variant("FromWorld", 0, "Step", self.0)
    }
}
/// How often processes are checked for exit while nothing else happens.
const REAP_EVERY: Duration = Duration::from_millis(50);
/// How often an exiting controller's status is looked for.
const EXIT_POLL: Duration = Duration::from_millis(1);
/// How long controllers get to exit after an interrupt.
const INTERRUPT_GRACE: Duration = Duration::from_secs(1);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// Launched (or waiting as extern), not connected yet.
    Pending,
    Connected,
    /// Disconnected, or never going to connect.
    Left,
}

struct Ctl {
    robot: usize,
    name: String,
    is_extern: bool,
    launched: Option<Launched>,
    conn: Option<Token>,
    phase: Phase,
    /// Since when the run waits for this controller (connection or next request).
    busy_since: Instant,
    outcome: Option<Outcome>,
    /// Set when the controller is first seen leaving (cleanup, hang-up, exit, kill): whether a
    /// supervisor had quit the simulation by then.
    ended_after_quit: Option<bool>,
}

struct Conn {
    stream: mio::net::UnixStream,
    inbuf: Vec<u8>,
    outbuf: Vec<u8>,
    robot: Option<usize>,
}

pub struct Server {
    world: World,
    instance: Instance,
    poll: Poll,
    ctls: Vec<Option<Ctl>>,
    conns: Vec<Option<Conn>>,
    opts: RunOptions,
    over_since: Option<Instant>,
    interrupted: bool,
    guard: Option<Guard>,
    /// Reused for every socket read.
    read_buf: Vec<u8>,
    /// One answer per robot, refilled every step so stepping allocates nothing.
    answers: Vec<StepAnswer>,
    /// The robots due after a world step.
    due: Vec<usize>,
    /// A supervisor asked for a world that could not be loaded.
    load_failure: Option<String>,
}

fn log(msg: impl AsRef<str>) {
    eprintln!("webots-shim: {}", msg.as_ref());
}

impl Server {
    pub fn new(mut world: World, opts: RunOptions) -> io::Result<Server> {
        world.set_until(opts.until.map(|s| s * 1000.0));
        let mut instance = Instance::create()?;
        let poll = Poll::new()?;
        poll.registry().register(&mut instance.listener, LISTENER, Interest::READABLE)?;
        let ctls = (0..world.robots().len()).map(|_| None).collect();
        let guard = opts.guard_program.as_deref().and_then(|program| match Guard::start(program, &instance.dir) {
            Ok(g) => Some(g),
            Err(e) => {
                log(format!("cannot start the run's watchdog (controllers may outlive a killed runner): {e}"));
                None
            }
        });
        Ok(Server {
            world,
            instance,
            poll,
            ctls,
            conns: Vec::new(),
            opts,
            over_since: None,
            interrupted: false,
            guard,
            read_buf: Vec::new(),
            answers: Vec::new(),
            due: Vec::new(),
            load_failure: None,
        })
    }

    pub fn port(&self) -> u16 {
        self.instance.port
    }

    /// Launches the controllers and runs the world until every controller is gone.
    pub fn run(mut self) -> RunReport {
        self.start_controllers();
        let mut events = Events::with_capacity(128);
        let mut last_reap = Instant::now();
        loop {
            self.advance_world();
            for warning in self.world.take_runtime_warnings() {
                log(format!("warning: {warning}"));
            }
            self.follow_the_world();
            if self.finished() {
                break;
            }
            let timeout = self.poll_timeout();
            if let Err(e) = self.poll.poll(&mut events, Some(timeout)) {
                if e.kind() != io::ErrorKind::Interrupted {
                    log(format!("poll failed: {e}"));
                    break;
                }
            }
            for ev in events.iter() {
                if ev.token() == LISTENER {
                    self.accept();
                } else {
                    self.service(ev.token().0);
                }
            }
            if last_reap.elapsed() >= REAP_EVERY || events.is_empty() {
                self.reap();
                self.enforce_timeouts();
                last_reap = Instant::now();
            }
            if self.opts.interrupt.load(Ordering::Relaxed) && !self.interrupted {
                self.interrupted = true;
                log("interrupted: ending the run");
                self.world.set_until(Some(self.world.time_ms()));
            }
        }
        self.finish()
    }

    fn start_controllers(&mut self) {
        for i in 0..self.world.robots().len() {
            self.start_controller(i);
        }
        if self.ctls.iter().all(Option::is_none) {
            log("no robot in this world has a controller to run");
        }
    }

    /// Starts robot `i`'s controller (or waits for it, extern), as Webots does.
    fn start_controller(&mut self, i: usize) {
        if self.ctls.len() <= i {
            self.ctls.resize_with(i + 1, || None);
        }
        let project = project_path(self.world.world_path());
        let robot = self.world.robots()[i].clone();
        {
            let now = Instant::now();
            let mut ctl = Ctl {
                robot: i,
                name: robot.name.clone(),
                is_extern: false,
                launched: None,
                conn: None,
                phase: Phase::Pending,
                busy_since: now,
                outcome: None,
                ended_after_quit: None,
            };
            match &robot.controller {
                ControllerSpec::None => return,
                ControllerSpec::Extern => {
                    ctl.is_extern = true;
                    log(format!(
                        "robot '{}' waits for an extern controller: WEBOTS_CONTROLLER_URL=ipc://{}/{}",
                        robot.name,
                        self.instance.port,
                        crate::link::paths::percent_encode(&robot.name)
                    ));
                }
                ControllerSpec::Program(name) => {
                    let spawned = controller_program(&project, name).and_then(|program| {
                        launch(&LaunchSpec {
                            program: &program,
                            args: &robot.args,
                            robot_name: &robot.name,
                            robot_id: ref_id(robot.node),
                            port: self.instance.port,
                            instance_dir: &self.instance.dir,
                            library_dir: self.opts.library_dir.as_deref(),
                        })
                        .map_err(|e| format!("cannot start {}: {e}", program.display()))
                    });
                    match spawned {
                        Ok(launched) => {
                            if let Some(guard) = self.guard.as_mut() {
                                guard.watch(launched.child.id());
                            }
                            ctl.launched = Some(launched);
                        }
                        Err(why) => {
                            log(format!("'{}' controller {}", robot.name, Outcome::NotStarted(why.clone())));
                            ctl.phase = Phase::Left;
                            ctl.outcome = Some(Outcome::NotStarted(why));
                            ctl.ended_after_quit = Some(false);
                        }
                    }
                }
            }
            self.ctls[i] = Some(ctl);
        }
    }

    /// What supervisors changed beyond the scene: robots imported (their controllers start), controllers
    /// to restart, and, once every controller of this world is gone, the world to load in its place.
    fn follow_the_world(&mut self) {
        for robot in self.world.take_new_robots() {
            self.start_controller(robot);
        }
        for robot in self.world.take_restarts() {
            self.restart(robot);
        }
        let gone =
            self.ctls.iter().flatten().all(|c| c.phase == Phase::Left && (c.launched.is_none() || c.outcome.is_some()));
        if gone {
            if let Some(change) = self.world.take_world_change() {
                self.switch_world(change);
            }
        }
    }

    /// Stops robot `robot`'s controller and starts it again.
    fn restart(&mut self, robot: usize) {
        let Some(ctl) = self.ctls.get_mut(robot).and_then(Option::as_mut) else { return };
        if ctl.is_extern {
            log(format!("'{}' has an extern controller: it cannot be restarted", ctl.name));
            return;
        }
        log(format!("restarting the controller of '{}'", ctl.name));
        if let Some(launched) = ctl.launched.as_mut() {
            let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
            let _ = launched.child.wait();
            for f in launched.forwarders.drain(..) {
                let _ = f.join();
            }
        }
        if let Some(token) = ctl.conn.take() {
            self.close(token.0, None);
        }
        self.world.disconnect(robot);
        self.ctls[robot] = None;
        self.start_controller(robot);
    }

    /// `wb_supervisor_world_load` / `world_reload`: the new world, with its controllers, in place of the
    /// old one (whose controllers have all ended).
    fn switch_world(&mut self, change: WorldChange) {
        let path = match change {
            WorldChange::Reload => self.world.world_path().to_path_buf(),
            WorldChange::Load(path) => path,
        };
        log(format!("loading the world {}", path.display()));
        let mut world = match World::load(&path, &super::default_load_options()) {
            Ok(world) => world,
            Err(e) => {
                log(format!("cannot load the world: {e}"));
                self.load_failure = Some(format!("the world {} could not be loaded: {e}", path.display()));
                return;
            }
        };
        for warning in world.scene().warnings.iter().chain(world.warnings()) {
            log(format!("warning: {warning}"));
        }
        if let Some(seed) = self.opts.seed {
            world.set_seed(seed);
        }
        world.set_until(self.opts.until.map(|s| s * 1000.0));
        self.world = world;
        self.ctls = (0..self.world.robots().len()).map(|_| None).collect();
        self.answers.clear();
        self.over_since = None;
        self.start_controllers();
    }

    /// Advances while every controller has asked for time to pass; answers those whose step elapsed.
    fn advance_world(&mut self) {
        while !self.any_pending() && self.world.ready_to_advance() {
            let mut due = std::mem::take(&mut self.due);
            self.world.advance_into(&mut due);
            for &robot in &due {
                self.answer(robot);
            }
            self.due = due;
        }
        if self.ctls.iter().all(Option::is_none) {
            while self.world.time_ms() < self.opts.until.unwrap_or(0.0) * 1000.0 - 1e-9 {
                self.world.advance();
            }
        }
        for robot in self.world.release_waiting() {
            self.answer(robot);
        }
        if self.world.is_over() && self.over_since.is_none() {
            self.over_since = Some(Instant::now());
        }
    }

    fn any_pending(&self) -> bool {
        self.ctls.iter().flatten().any(|c| c.phase == Phase::Pending)
    }

    fn finished(&self) -> bool {
        self.ctls.iter().flatten().all(|c| {
            c.phase == Phase::Left && c.launched.as_ref().is_none_or(|_| c.outcome.is_some())
                || (c.is_extern && c.phase == Phase::Pending && self.world.is_over())
        })
    }

    fn poll_timeout(&self) -> Duration {
        // a controller that hung up is about to exit: look for its status soon, not in REAP_EVERY
        let exiting = self.ctls.iter().flatten().any(|c| c.phase == Phase::Left && c.outcome.is_none());
        let mut t = if exiting { EXIT_POLL } else { REAP_EVERY };
        for c in self.ctls.iter().flatten() {
            if c.phase != Phase::Left && !c.is_extern {
                let left = self.opts.step_timeout.saturating_sub(c.busy_since.elapsed());
                t = t.min(left);
            }
        }
        t
    }

    fn answer(&mut self, robot: usize) {
        if self.answers.len() <= robot {
            self.answers.resize_with(robot + 1, StepAnswer::default);
        }
        let mut answer = std::mem::take(&mut self.answers[robot]);
        self.world.answer_into(robot, &mut answer);
        self.send_answer(robot, &answer);
        self.answers[robot] = answer;
    }

    fn send_answer(&mut self, robot: usize, answer: &StepAnswer) {
        let Some(ctl) = self.ctls[robot].as_mut() else { return };
        ctl.busy_since = Instant::now();
        if let Some(token) = ctl.conn {
            // answers are encoded as the envelope's Step variant without copying them into it
            self.send(token.0, &StepEnvelope(answer));
        }
    }

    fn send<T: serde::Serialize>(&mut self, conn: usize, msg: &T) {
        let Some(c) = self.conns.get_mut(conn).and_then(Option::as_mut) else { return };
        if encode_into(msg, &mut c.outbuf).is_err() {
            return;
        }
        if flush(c).is_err() {
            self.close(conn, None);
        }
    }

    fn accept(&mut self) {
        loop {
            match self.instance.listener.accept() {
                Ok((mut stream, _)) => {
                    let idx = self.conns.iter().position(Option::is_none).unwrap_or(self.conns.len());
                    if idx == self.conns.len() {
                        self.conns.push(None);
                    }
                    let interest = Interest::READABLE | Interest::WRITABLE;
                    if self.poll.registry().register(&mut stream, Token(idx), interest).is_ok() {
                        self.conns[idx] = Some(Conn { stream, inbuf: Vec::new(), outbuf: Vec::new(), robot: None });
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => {
                    log(format!("accept failed: {e}"));
                    break;
                }
            }
        }
    }

    /// Reads what a connection sent and handles every whole message in it.
    fn service(&mut self, idx: usize) {
        let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) else { return };
        if flush(c).is_err() {
            self.close(idx, None);
            return;
        }
        let mut eof = false;
        let mut chunk = std::mem::take(&mut self.read_buf);
        chunk.resize(1 << 16, 0);
        loop {
            match c.stream.read(&mut chunk) {
                Ok(0) => {
                    eof = true;
                    break;
                }
                Ok(n) => c.inbuf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    eof = true;
                    break;
                }
            }
        }
        self.read_buf = chunk;
        let mut consumed = 0;
        loop {
            let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) else { return };
            let frame = match complete_frame(&c.inbuf[consumed..]) {
                Ok(Some(len)) => c.inbuf[consumed + 4..consumed + 4 + len].to_vec(),
                Ok(None) => break,
                Err(e) => {
                    self.close(idx, Some(e.to_string()));
                    return;
                }
            };
            consumed += 4 + frame.len();
            let robot = c.robot;
            let handled = match robot {
                None => decode::<Hello>(&frame).map(|hello| self.hello(idx, hello)),
                Some(robot) => decode::<ToWorld>(&frame).map(|msg| match msg {
                    ToWorld::Step(req) => self.request(robot, req),
                    ToWorld::Query(q) => {
                        let answer = FromWorld::Query(self.world.query(robot, &q));
                        self.send(idx, &answer);
                    }
                }),
            };
            if let Err(e) = handled {
                self.close(idx, Some(e.to_string()));
                return;
            }
        }
        if let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) {
            c.inbuf.drain(..consumed);
        }
        if eof {
            self.close(idx, None);
        }
    }

    fn hello(&mut self, conn: usize, hello: Hello) {
        let found = self.bind_target(&hello);
        match found {
            Ok(robot) => {
                let config = self.world.connect(robot);
                if let Some(ctl) = self.ctls[robot].as_mut() {
                    ctl.phase = Phase::Connected;
                    ctl.conn = Some(Token(conn));
                    ctl.busy_since = Instant::now();
                }
                if let Some(c) = self.conns[conn].as_mut() {
                    c.robot = Some(robot);
                }
                self.send(conn, &Welcome::Config(Box::new(config)));
            }
            Err(why) => {
                log(format!("refused a controller (pid {}): {why}", hello.pid));
                self.send(conn, &Welcome::Refused(why));
            }
        }
    }

    /// Which robot a connecting controller drives.
    fn bind_target(&self, hello: &Hello) -> Result<usize, String> {
        let waiting = |c: &&Ctl| c.phase == Phase::Pending;
        if let Some(id) = hello.robot_id {
            let robot = self.world.robots().iter().position(|r| ref_id(r.node) == id);
            return match robot.and_then(|i| self.ctls.get(i)).and_then(Option::as_ref) {
                Some(c) if !c.is_extern && waiting(&c) => Ok(c.robot),
                _ => Err(format!("robot {id} ('{}') is not waiting for a controller", hello.robot_name)),
            };
        }
        let externs: Vec<&Ctl> = self.ctls.iter().flatten().filter(|c| c.is_extern).collect();
        if hello.robot_name.is_empty() {
            let free: Vec<&&Ctl> = externs.iter().filter(|c| waiting(c)).collect();
            return match free.as_slice() {
                [only] => Ok(only.robot),
                [] => Err("no robot of this run waits for an extern controller".into()),
                many => Err(format!(
                    "several robots wait for an extern controller ({}); add the robot name to WEBOTS_CONTROLLER_URL",
                    many.iter().map(|c| format!("'{}'", c.name)).collect::<Vec<_>>().join(", ")
                )),
            };
        }
        match externs.iter().find(|c| c.name == hello.robot_name) {
            Some(c) if waiting(c) => Ok(c.robot),
            Some(_) => Err(format!("robot '{}' already has an extern controller", hello.robot_name)),
            None => Err(format!(
                "robot '{}' is not an <extern> robot of this run (its controller field must be \"<extern>\")",
                hello.robot_name
            )),
        }
    }

    fn request(&mut self, robot: usize, req: StepRequest) {
        let exiting = req.exiting;
        if self.world.request(robot, req) {
            let answer = self.world.answer(robot);
            self.send_answer(robot, &answer);
        }
        if exiting {
            let quit = self.world.quit_status().is_some();
            if let Some(ctl) = self.ctls[robot].as_mut() {
                ctl.phase = Phase::Left;
                ctl.ended_after_quit.get_or_insert(quit);
            }
        }
    }

    /// Drops a connection; `why` is reported when it was a protocol error.
    fn close(&mut self, idx: usize, why: Option<String>) {
        let Some(mut c) = self.conns.get_mut(idx).and_then(Option::take) else { return };
        let _ = self.poll.registry().deregister(&mut c.stream);
        let Some(robot) = c.robot else {
            if let Some(why) = why {
                log(format!("closed a connection that sent a bad first message: {why}"));
            }
            return;
        };
        self.world.disconnect(robot);
        let quit = self.world.quit_status().is_some();
        if let Some(ctl) = self.ctls[robot].as_mut() {
            ctl.ended_after_quit.get_or_insert(quit);
            if let Some(why) = why {
                log(format!("closed the connection of robot '{}': {why}", ctl.name));
                if ctl.is_extern {
                    ctl.outcome = Some(Outcome::ProtocolError(why));
                }
            }
            ctl.phase = Phase::Left;
            ctl.conn = None;
            if ctl.is_extern && ctl.outcome.is_none() {
                ctl.outcome = Some(Outcome::Disconnected);
                log(format!("'{}' extern controller disconnected", ctl.name));
            }
        }
    }

    /// Collects the exit status of controllers that ended.
    fn reap(&mut self) {
        let quit = self.world.quit_status().is_some();
        let mut closed = Vec::new();
        for ctl in self.ctls.iter_mut().flatten() {
            let Some(launched) = ctl.launched.as_mut() else { continue };
            if ctl.outcome.is_some() {
                continue;
            }
            if let Ok(Some(status)) = launched.child.try_wait() {
                let outcome = Outcome::from_status(status);
                log(format!("'{}' controller {outcome}", ctl.name));
                ctl.outcome = Some(outcome);
                ctl.ended_after_quit.get_or_insert(quit);
                if let Some(token) = ctl.conn {
                    closed.push(token.0);
                }
                ctl.phase = Phase::Left;
            }
        }
        for idx in closed {
            self.close(idx, None);
        }
        for robot in 0..self.ctls.len() {
            if self.ctls[robot].as_ref().is_some_and(|c| c.phase == Phase::Left) {
                self.world.disconnect(robot);
            }
        }
    }

    /// Kills controllers that keep the run waiting too long, or outstay its end.
    fn enforce_timeouts(&mut self) {
        let limit = self.opts.step_timeout;
        let over_for = self.over_since.map(|t| t.elapsed());
        let quit = self.world.quit_status().is_some();
        // like Webots, a supervisor's quit or world change gives controllers about a second to leave
        let changing = self.world.world_change().is_some();
        let grace = if self.interrupted || quit || changing { INTERRUPT_GRACE } else { limit };
        let mut to_close = Vec::new();
        for ctl in self.ctls.iter_mut().flatten() {
            if ctl.outcome.is_some() || ctl.is_extern {
                continue;
            }
            let Some(launched) = ctl.launched.as_mut() else { continue };
            let waiting_on_it =
                ctl.phase != Phase::Left && (ctl.phase == Phase::Pending || !self.world.is_waiting(ctl.robot));
            let why = if over_for.is_some_and(|t| t >= grace) {
                Some(format!("still running {:.0} s after the run ended", grace.as_secs_f64()))
            } else if waiting_on_it && ctl.busy_since.elapsed() >= limit {
                Some(if ctl.phase == Phase::Pending {
                    format!("did not connect (call wb_robot_init) within {} s", limit.as_secs_f64())
                } else {
                    format!("did not come back to wb_robot_step within {} s", limit.as_secs_f64())
                })
            } else {
                None
            };
            if let Some(why) = why {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                let _ = launched.child.wait();
                log(format!("'{}' controller {}", ctl.name, Outcome::Killed(why.clone())));
                ctl.outcome = Some(Outcome::Killed(why));
                ctl.ended_after_quit.get_or_insert(quit);
                ctl.phase = Phase::Left;
                if let Some(token) = ctl.conn.take() {
                    to_close.push(token.0);
                }
            }
        }
        for idx in to_close {
            self.close(idx, None);
        }
        if self.world.is_over() {
            for ctl in self.ctls.iter_mut().flatten() {
                if ctl.is_extern && ctl.phase == Phase::Pending {
                    ctl.phase = Phase::Left;
                    ctl.outcome = Some(Outcome::NeverConnected);
                }
            }
        }
    }

    /// Stops whatever is left (process groups included), drains the output and reports.
    fn finish(mut self) -> RunReport {
        let quit = self.world.quit_status().is_some();
        let mut controllers = Vec::new();
        for ctl in self.ctls.iter_mut().flatten() {
            if let Some(launched) = ctl.launched.as_mut() {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                if ctl.outcome.is_none() {
                    let status = launched.child.wait();
                    ctl.outcome = Some(status.map_or(Outcome::Exited(-1), Outcome::from_status));
                }
                for f in launched.forwarders.drain(..) {
                    let _ = f.join();
                }
            }
            controllers.push(ControllerReport {
                robot: ctl.name.clone(),
                outcome: ctl.outcome.clone().unwrap_or(Outcome::NeverConnected),
                after_quit: *ctl.ended_after_quit.get_or_insert(quit),
            });
        }
        if let Some(guard) = self.guard.take() {
            guard.release();
        }
        if let Some(why) = self.load_failure.take() {
            controllers.push(ControllerReport {
                robot: "(world)".into(),
                outcome: Outcome::NotStarted(why),
                after_quit: false,
            });
        }
        // labels are not shown headless: the last ones are told with the run's end
        for label in self.world.labels().filter(|l| !l.text.is_empty()) {
            log(format!("label {}: {}", label.id, label.text));
        }
        RunReport {
            controllers,
            time_s: self.world.time_ms() / 1000.0,
            interrupted: self.interrupted,
            supervisor_quit: self.world.quit_status(),
        }
    }
}

/// Writes as much of the pending output as the socket takes.
fn flush(c: &mut Conn) -> io::Result<()> {
    while !c.outbuf.is_empty() {
        match c.stream.write(&c.outbuf) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => {
                c.outbuf.drain(..n);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
