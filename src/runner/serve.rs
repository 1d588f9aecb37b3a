//! The lockstep loop: launches the controllers (a slice at a time, accepting connections meanwhile),
//! collects their step requests, advances the world when nobody is computing (a slice at a time, so
//! that signals and timeouts are seen), answers those whose step elapsed, and watches over the
//! processes (exits, crashes, step timeouts). Their output goes through `output.rs` to the ordered
//! console.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mio::{Events, Interest, Poll, Token};
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

use super::conn_stream::ConnStream;
use super::connection::{Conn, Incoming};
use super::console::{Console, StdSink, Style};
use super::externs::{waiting_line, Extern};
use super::guard::Guard;
use super::instance::Instance;
use super::instance::FIRST_PORT;
use super::launch::{controller_program, launch, LaunchSpec, Launched};
use super::limits;
use super::outcome::{ControllerReport, Outcome, RunReport};
use super::output::{Output, PIPES};
use crate::protocol::codec::decode;
use crate::protocol::{FromWorld, Hello, StepAnswer, StepRequest, ToWorld, Welcome};
use crate::world::robot_table::{project_path, ControllerSpec};
use crate::world::scene::clip_name;
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
    /// Write the controllers' lines as they come rather than in step order.
    pub live_output: bool,
    /// `--seed`, also for worlds a supervisor loads.
    pub seed: Option<i32>,
    /// `--keep-extern`: an `<extern>` robot whose controller left waits for the next one as Webots does
    /// (holding time if it is synchronous), and the run does not end for lack of controllers.
    pub keep_extern: bool,
    /// How lines look (`webots` writes Webots' console).
    pub style: Style,
    /// `webots --extern-urls`: each extern robot's URL alone on a line of stdout when it starts waiting.
    pub extern_urls: bool,
    /// The first port to try (`webots --port`).
    pub port: Option<u16>,
    /// Serve extern controllers over TCP too, on this address (same port number).
    pub tcp: Option<std::net::IpAddr>,
}

const LISTENER: Token = Token(usize::MAX);
const TCP_LISTENER: Token = Token(usize::MAX - 1);

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
/// The longest the loop advances the world, or launches controllers, before it looks at its sockets
/// and signals again.
const SLICE: Duration = Duration::from_millis(20);
/// How long a controller that left may take to exit before its last output is no longer waited for
/// (written as it comes).
const CLOSE_GRACE: Duration = Duration::from_secs(1);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// To launch, launched, or (extern) waiting for a controller, the first or the next: not connected.
    Pending,
    Connected,
    /// Disconnected, or never going to connect.
    Left,
}

struct Ctl {
    robot: usize,
    name: String,
    /// Set for an `<extern>` robot.
    ext: Option<Extern>,
    /// The controller program's name, while it is still to be launched.
    program: Option<String>,
    launched: Option<Launched>,
    conn: Option<Token>,
    phase: Phase,
    /// Since when the run waits for this controller (connection or next request).
    busy_since: Instant,
    outcome: Option<Outcome>,
    /// Set when the controller is first seen leaving (cleanup, hang-up, exit, kill): whether a
    /// supervisor had quit the simulation by then.
    ended_after_quit: Option<bool>,
    /// When it left the run (its process may still be ending).
    left_at: Option<Instant>,
    /// Its output is finished for the console (`Console::gone`).
    quiet: bool,
}

impl Ctl {
    fn shown(&self) -> std::borrow::Cow<'_, str> {
        clip_name(&self.name)
    }

    fn is_extern(&self) -> bool {
        self.ext.is_some()
    }
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
    /// One answer per robot, refilled every step so stepping allocates nothing.
    answers: Vec<StepAnswer>,
    /// The robots due after a world step.
    due: Vec<usize>,
    output: Output<StdSink>,
    /// Rounds of answers so far (see `console.rs`).
    epoch: u64,
    /// The round of the answers that tell controllers the run is over, once it is: whether a controller
    /// was waiting when a supervisor quit or computing and asked afterwards, its last lines land there.
    final_epoch: Option<u64>,
    /// The next robot to launch.
    to_launch: usize,
    /// Connections waiting could not be accepted: why (a limit), until one is.
    accept_blocked: Option<String>,
    /// That was said once.
    accept_warned: bool,
    /// Closing connections that never introduced themselves was said once.
    strangers_warned: bool,
    /// Connections to read again (their answer was just written).
    resume: Vec<usize>,
    /// Where small messages are read.
    read_buf: Vec<u8>,
    /// A supervisor asked for a world that could not be loaded.
    load_failure: Option<String>,
}

fn log(msg: impl AsRef<str>) {
    eprintln!("webots-shim: {}", msg.as_ref());
}

impl Server {
    pub fn new(mut world: World, opts: RunOptions) -> io::Result<Server> {
        world.set_until(opts.until.map(|s| s * 1000.0));
        let mut instance = Instance::create(opts.port.unwrap_or(FIRST_PORT), opts.tcp)?;
        let poll = Poll::new()?;
        poll.registry().register(&mut instance.listener, LISTENER, Interest::READABLE)?;
        if let Some(tcp) = instance.tcp.as_mut() {
            poll.registry().register(tcp, TCP_LISTENER, Interest::READABLE)?;
        }
        let ctls = (0..world.robots().len()).map(|_| None).collect();
        let guard = opts.guard_program.as_deref().and_then(|program| match Guard::start(program, &instance.dir) {
            Ok(g) => Some(g),
            Err(e) => {
                log(format!("cannot start the run's watchdog (controllers may outlive a killed runner): {e}"));
                None
            }
        });
        let launched = launched_names(&world);
        let mut console = Console::new(&launched, opts.live_output, opts.style, StdSink);
        console.set_tap(world.is_recording());
        let output = Output::new(console, launched.len());
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
            answers: Vec::new(),
            due: Vec::new(),
            output,
            epoch: 0,
            final_epoch: None,
            to_launch: 0,
            accept_blocked: None,
            accept_warned: false,
            strangers_warned: false,
            resume: Vec::new(),
            read_buf: vec![0; super::connection::CHUNK],
            load_failure: None,
        })
    }

    pub fn port(&self) -> u16 {
        self.instance.port
    }

    /// Launches the controllers and runs the world until every controller is gone.
    pub fn run(mut self) -> RunReport {
        self.prepare_controllers();
        let mut events = Events::with_capacity(1024);
        let mut last_reap = Instant::now();
        loop {
            self.launch_some();
            let more = self.advance_world();
            self.world_warnings();
            self.follow_the_world();
            if self.finished() {
                break;
            }
            let busy = more || self.to_launch < self.ctls.len() || !self.resume.is_empty() || self.output.has_work();
            let timeout = if busy { Duration::ZERO } else { self.poll_timeout() };
            if let Err(e) = self.poll.poll(&mut events, Some(timeout)) {
                if e.kind() != io::ErrorKind::Interrupted {
                    log(format!("poll failed: {e}"));
                    break;
                }
            }
            for ev in events.iter() {
                match ev.token() {
                    LISTENER => self.accept(),
                    TCP_LISTENER => self.accept_tcp(),
                    Token(t) if t >= PIPES => self.output.readable(self.poll.registry(), ev.token()),
                    Token(t) => self.service(t),
                }
            }
            if self.accept_blocked.is_some() {
                self.accept();
            }
            for idx in std::mem::take(&mut self.resume) {
                self.service(idx);
            }
            for (robot, paused) in self.output.resume(self.poll.registry()) {
                // the time its output was not read is not the controller's
                if let Some(ctl) = self.ctls[robot].as_mut() {
                    ctl.busy_since += paused;
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

    /// Decides what each robot needs; says which robots wait for an extern controller.
    fn prepare_controllers(&mut self) {
        let programs = (0..self.world.robots().len()).filter(|&i| self.prepare_controller(i)).count();
        if self.ctls.iter().all(Option::is_none) {
            log("no robot in this world has a controller to run");
        }
        if let Some(warning) = limits::open_files_warning(programs) {
            log(format!("warning: {warning}"));
        }
    }

    /// Robot `i`'s controller, to launch or to wait for (extern), as Webots does. True when there is a
    /// program to launch.
    fn prepare_controller(&mut self, i: usize) -> bool {
        if self.ctls.len() <= i {
            self.ctls.resize_with(i + 1, || None);
        }
        let robot = &self.world.robots()[i];
        let mut ctl = Ctl {
            robot: i,
            name: robot.name.clone(),
            ext: None,
            program: None,
            launched: None,
            conn: None,
            phase: Phase::Pending,
            busy_since: Instant::now(),
            outcome: None,
            ended_after_quit: None,
            left_at: None,
            quiet: false,
        };
        match &robot.controller {
            ControllerSpec::None => return false,
            ControllerSpec::Extern => {
                ctl.ext = Some(Extern::new(self.world.is_synchronous(i)));
                let name = crate::link::paths::percent_encode(&robot.name);
                let url = format!("ipc://{}/{name}", self.instance.port);
                let tcp =
                    self.instance.tcp.as_ref().and_then(|l| l.local_addr().ok()).map(|a| format!("tcp://{a}/{name}"));
                // said at once, not in step order: tools wait for these lines before they start anything
                match self.opts.style {
                    Style::Shim => log(format!(
                        "robot '{}' waits for an extern controller: WEBOTS_CONTROLLER_URL={}{}",
                        ctl.shown(),
                        clip_name(&url),
                        tcp.map(|t| format!(" (or {})", clip_name(&t))).unwrap_or_default()
                    )),
                    Style::Webots { stdout, .. } => {
                        if stdout {
                            let mut at = clip_name(&url).into_owned();
                            if let Some(tcp) = tcp {
                                at = format!("{at} or on {}", clip_name(&tcp));
                            }
                            println!("INFO: {}", waiting_line(&ctl.shown(), &at));
                        }
                        if self.opts.extern_urls {
                            println!("{url}");
                        }
                    }
                }
            }
            ControllerSpec::Program(name) => ctl.program = Some(name.clone()),
        }
        let launches = ctl.program.is_some();
        self.ctls[i] = Some(ctl);
        launches
    }

    /// Launches controllers for a slice of time; connections are accepted between slices.
    fn launch_some(&mut self) {
        let start = Instant::now();
        while self.to_launch < self.ctls.len() && start.elapsed() < SLICE {
            let i = self.to_launch;
            self.to_launch += 1;
            self.launch(i);
        }
    }

    fn launch(&mut self, i: usize) {
        let Some(name) = self.ctls[i].as_mut().and_then(|c| c.program.take()) else { return };
        let project = project_path(self.world.world_path());
        let robot = self.world.robots()[i].clone();
        let spawned = controller_program(&project, &name).and_then(|program| {
            launch(&LaunchSpec {
                program: &program,
                args: &robot.args,
                robot_name: &robot.name,
                robot_id: ref_id(robot.node),
                port: self.instance.port,
                instance_dir: &self.instance.dir,
                library_dir: self.opts.library_dir.as_deref(),
            })
            .map_err(|e| format!("cannot start {}: {}", program.display(), limits::explain(&e)))
        });
        let Some(ctl) = self.ctls[i].as_mut() else { return };
        match spawned {
            Ok(mut launched) => {
                if let Some(guard) = self.guard.as_mut() {
                    guard.watch(launched.child.id());
                }
                let (stdout, stderr) = (launched.child.stdout.take(), launched.child.stderr.take());
                if let Err(e) = self.output.attach(self.poll.registry(), i, stdout, stderr) {
                    log(format!("cannot read the output of '{}': {}", ctl.shown(), limits::explain(&e)));
                }
                // the time to connect counts from the controller's own start
                ctl.busy_since = Instant::now();
                ctl.launched = Some(launched);
            }
            Err(why) => {
                let outcome = Outcome::NotStarted(why);
                let note = format!("'{}' controller {outcome}", ctl.shown());
                ctl.phase = Phase::Left;
                ctl.outcome = Some(outcome);
                ctl.ended_after_quit = Some(false);
                ctl.quiet = true;
                self.output.console.note(i, &note);
                self.output.console.gone(i);
            }
        }
    }

    /// What supervisors changed beyond the scene: robots imported (their controllers start), controllers
    /// to restart, and, once every controller of this world is gone, the world to load in its place.
    fn follow_the_world(&mut self) {
        for robot in self.world.take_new_robots() {
            self.output.add_robot(robot, launched_name(&self.world, robot));
            if self.prepare_controller(robot) {
                self.launch(robot);
            }
        }
        for robot in self.world.take_restarts() {
            self.restart(robot);
        }
        let gone = self.ctls.iter().flatten().all(|c| match &c.ext {
            Some(_) => c.phase != Phase::Connected,
            None => c.phase == Phase::Left && (c.launched.is_none() || c.outcome.is_some()),
        });
        if gone {
            if let Some(change) = self.world.take_world_change() {
                self.switch_world(change);
            }
        }
    }

    /// Stops robot `robot`'s controller and starts it again.
    fn restart(&mut self, robot: usize) {
        let Some(ctl) = self.ctls.get_mut(robot).and_then(Option::as_mut) else { return };
        if ctl.is_extern() {
            // as Webots does: the extern controller is let go, and the robot waits for the next one
            if let Some(Token(idx)) = ctl.conn {
                let note = format!("restarting the controller of '{}': its extern controller is let go", ctl.shown());
                self.output.console.note(robot, &note);
                self.close(idx, None);
            }
            return;
        }
        self.output.console.note(robot, &format!("restarting the controller of '{}'", ctl.shown()));
        if let Some(launched) = ctl.launched.as_mut() {
            let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
            let _ = launched.child.wait();
        }
        if let Some(token) = ctl.conn.take() {
            self.close(token.0, None);
        }
        // what the old process wrote goes first
        self.output.drain(self.poll.registry(), robot);
        self.world.disconnect(robot);
        self.ctls[robot] = None;
        self.output.add_robot(robot, launched_name(&self.world, robot));
        if self.prepare_controller(robot) {
            self.launch(robot);
        }
    }

    /// `wb_supervisor_world_load` / `world_reload`: the new world, with its controllers, in place of the
    /// old one (whose controllers have all ended).
    fn switch_world(&mut self, change: WorldChange) {
        let path = match change {
            WorldChange::Reload => self.world.world_path().to_path_buf(),
            WorldChange::Load(path) => path,
        };
        self.output.console.world_note(&format!("loading the world {}", path.display()));
        let mut world = match World::load(&path, &super::default_load_options()) {
            Ok(world) => world,
            Err(e) => {
                self.output.console.world_note(&format!("cannot load the world: {e}"));
                self.load_failure = Some(format!("the world {} could not be loaded: {e}", path.display()));
                return;
            }
        };
        for warning in world.scene().warnings.iter().chain(world.warnings()) {
            self.output.console.world_note(&format!("warning: {warning}"));
        }
        if let Some(seed) = self.opts.seed {
            world.set_seed(seed);
        }
        world.set_until(self.opts.until.map(|s| s * 1000.0));
        self.world = world;
        self.output.new_world(&launched_names(&self.world));
        self.ctls = (0..self.world.robots().len()).map(|_| None).collect();
        self.answers.clear();
        self.over_since = None;
        self.final_epoch = None;
        self.to_launch = 0;
        self.prepare_controllers();
    }

    /// Advances while every controller has asked for time to pass, for a slice of time at most;
    /// answers those whose step elapsed. True when it stopped with more to do.
    fn advance_world(&mut self) -> bool {
        let start = Instant::now();
        loop {
            // what supervisors asked of the runner (restarts, imports) happens before time passes
            self.follow_the_world();
            if self.any_pending() || !self.world.ready_to_advance() {
                break;
            }
            if start.elapsed() >= SLICE {
                return true;
            }
            let mut due = std::mem::take(&mut self.due);
            self.world.advance_into(&mut due);
            self.world_warnings();
            self.epoch += 1;
            self.replay_round(self.epoch);
            self.output.console.round(self.epoch, &due);
            for &robot in &due {
                self.answer(robot);
            }
            self.due = due;
        }
        if self.ctls.iter().all(Option::is_none) {
            while self.world.time_ms() < self.opts.until.unwrap_or(0.0) * 1000.0 - 1e-9 {
                if start.elapsed() >= SLICE {
                    return true;
                }
                self.world.advance();
                self.world_warnings();
            }
        }
        self.final_round(None);
        if self.world.is_over() && self.over_since.is_none() {
            self.over_since = Some(Instant::now());
        }
        false
    }

    /// Once the run is over, every controller waiting for time, and `asking` (answered at once), hear it in
    /// the final round, together: a controller computing when a supervisor quit and one already waiting
    /// end up in the same place, whichever the OS let ask first.
    fn final_round(&mut self, asking: Option<usize>) {
        let released = self.world.release_waiting();
        if released.is_empty() && asking.is_none() {
            return;
        }
        let mut robots = released.clone();
        robots.extend(asking);
        let epoch = self.final_epoch();
        self.replay_round(epoch);
        self.output.console.round(epoch, &robots);
        for robot in released {
            self.answer(robot);
        }
    }

    /// The round in which controllers hear that the run is over (made at the first such answer).
    fn final_epoch(&mut self) -> u64 {
        *self.final_epoch.get_or_insert_with(|| {
            self.epoch += 1;
            self.epoch
        })
    }

    /// The world's run-time warnings, placed after the robots' lines of the current step.
    fn world_warnings(&mut self) {
        for warning in self.world.take_runtime_warnings() {
            self.output.console.world_note(&format!("warning: {warning}"));
        }
    }

    /// A controller the world waits for before time may pass: one launched and not yet connected, or a
    /// synchronous extern robot's (see `externs.rs`).
    fn any_pending(&self) -> bool {
        let keep = self.opts.keep_extern;
        self.ctls
            .iter()
            .flatten()
            .any(|c| c.phase == Phase::Pending && c.ext.as_ref().is_none_or(|e| e.holds_time(keep)))
    }

    fn finished(&self) -> bool {
        if self.world.world_change().is_some() {
            // the next world comes once everything of this one is gone
            return false;
        }
        let (keep, over) = (self.opts.keep_extern, self.world.is_over());
        self.ctls.iter().flatten().all(|c| match &c.ext {
            Some(e) => e.lets_the_run_end(keep, over),
            None => c.phase == Phase::Left && c.launched.as_ref().is_none_or(|_| c.outcome.is_some()),
        })
    }

    fn poll_timeout(&self) -> Duration {
        // a controller that just hung up is about to exit: look for its status soon, not in REAP_EVERY
        let exiting = self.ctls.iter().flatten().any(|c| {
            c.phase == Phase::Left && c.outcome.is_none() && c.left_at.is_none_or(|t| t.elapsed() < CLOSE_GRACE)
        });
        let mut t = if exiting { EXIT_POLL } else { REAP_EVERY };
        for c in self.ctls.iter().flatten() {
            if c.phase != Phase::Left && !c.is_extern() {
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
        let Some(Token(idx)) = ctl.conn else { return };
        if let Some(c) = self.conns.get_mut(idx).and_then(Option::as_mut) {
            c.awaiting_answer = false;
            self.resume.push(idx);
        }
        // answers are encoded as the envelope's Step variant without copying them into it
        self.send(idx, &StepEnvelope(answer));
    }

    fn send<T: serde::Serialize>(&mut self, conn: usize, msg: &T) {
        let Some(c) = self.conns.get_mut(conn).and_then(Option::as_mut) else { return };
        if let Err(e) = c.send(msg) {
            let why = (e.kind() == io::ErrorKind::InvalidData).then(|| format!("cannot encode its answer: {e}"));
            self.close(conn, why);
        }
    }

    fn accept(&mut self) {
        self.accept_from(false);
    }

    fn accept_tcp(&mut self) {
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
    fn service(&mut self, idx: usize) {
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
    fn close(&mut self, idx: usize, why: Option<String>) {
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

    /// Collects the exit status of controllers that ended; stops waiting for the last output of
    /// those that left a while ago.
    fn reap(&mut self) {
        let mut closed = Vec::new();
        for robot in 0..self.ctls.len() {
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            let Some(launched) = ctl.launched.as_mut() else { continue };
            if ctl.outcome.is_some() {
                continue;
            }
            if let Ok(Some(status)) = launched.child.try_wait() {
                closed.extend(self.ended(robot, Outcome::from_status(status)));
            } else if ctl.left_at.is_some_and(|t| t.elapsed() >= CLOSE_GRACE) && !ctl.quiet {
                ctl.quiet = true;
                self.output.console.gone(robot);
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
        // nothing else runs: a controller that left and lives on is all the run waits for
        let only_leavers = self.ctls.iter().flatten().all(|c| c.phase == Phase::Left || c.is_extern());
        let mut to_close = Vec::new();
        for robot in 0..self.ctls.len() {
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            if ctl.is_extern() {
                // like Webots when it quits: an extern controller still there is let go
                if let (Some(Token(idx)), true) = (ctl.conn, over_for.is_some_and(|t| t >= grace)) {
                    let note = format!(
                        "closed the connection of extern controller '{}': still connected {:.0} s after the run ended",
                        ctl.shown(),
                        grace.as_secs_f64()
                    );
                    self.output.console.note(robot, &note);
                    to_close.push(idx);
                }
                continue;
            }
            if ctl.outcome.is_some() {
                continue;
            }
            let Some(launched) = ctl.launched.as_mut() else { continue };
            let waiting_on_it =
                ctl.phase != Phase::Left && (ctl.phase == Phase::Pending || !self.world.is_waiting(ctl.robot));
            let why = if over_for.is_some_and(|t| t >= grace) {
                Some(format!("still running {:.0} s after the run ended", grace.as_secs_f64()))
            } else if waiting_on_it && ctl.busy_since.elapsed() >= limit {
                Some(if ctl.phase == Phase::Pending {
                    let cause = self
                        .accept_blocked
                        .as_ref()
                        .map(|c| format!(" (the runner could not accept connections: {c})"))
                        .unwrap_or_default();
                    format!("did not connect (call wb_robot_init) within {} s{cause}", limit.as_secs_f64())
                } else {
                    format!("did not come back to wb_robot_step within {} s", limit.as_secs_f64())
                })
            } else if only_leavers && ctl.left_at.is_some_and(|t| t.elapsed() >= limit) {
                Some(format!("still running {} s after it left the run", limit.as_secs_f64()))
            } else {
                None
            };
            if let Some(why) = why {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                let _ = launched.child.wait();
                to_close.extend(self.ended(robot, Outcome::Killed(why)));
            }
        }
        for idx in to_close {
            self.close(idx, None);
        }
        // a connection that does not say which robot it drives in time is dropped
        for idx in 0..self.conns.len() {
            if self.conns[idx].as_ref().is_some_and(|c| c.robot.is_none() && c.opened.elapsed() >= limit) {
                log(format!("closed a connection that did not introduce itself within {} s", limit.as_secs_f64()));
                self.close(idx, None);
            }
        }
        if self.world.is_over() {
            // no controller joins a world that is over
            for ctl in self.ctls.iter_mut().flatten() {
                if ctl.is_extern() && ctl.phase == Phase::Pending {
                    ctl.phase = Phase::Left;
                }
            }
        }
    }

    /// A launched controller ended (it exited or died, or was killed): records how, and writes its
    /// last output and how it ended where they belong. Returns its connection, to close.
    fn ended(&mut self, robot: usize, outcome: Outcome) -> Option<usize> {
        let quit = self.world.quit_status().is_some();
        let ctl = self.ctls[robot].as_mut()?;
        let note = format!("'{}' controller {outcome}", ctl.shown());
        let success = outcome.is_success();
        ctl.outcome = Some(outcome);
        ctl.ended_after_quit.get_or_insert(quit);
        ctl.phase = Phase::Left;
        ctl.left_at.get_or_insert_with(Instant::now);
        let conn = ctl.conn.take().map(|t| t.0);
        let quiet = std::mem::replace(&mut ctl.quiet, true);
        // its process is gone: what it wrote is in its pipes
        self.output.drain(self.poll.registry(), robot);
        self.output.console.leaving(robot);
        if success {
            self.output.console.info(robot, &note);
        } else {
            self.output.console.note(robot, &note);
        }
        if !quiet {
            self.output.console.gone(robot);
        }
        conn
    }

    /// Stops whatever is left (process groups included), writes the last output and reports.
    fn finish(mut self) -> RunReport {
        let quit = self.world.quit_status().is_some();
        let mut controllers = Vec::new();
        for robot in 0..self.ctls.len() {
            if let Some(Token(idx)) = self.ctls[robot].as_ref().filter(|c| c.is_extern()).and_then(|c| c.conn) {
                self.close(idx, None);
            }
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            if let Some(launched) = ctl.launched.as_mut() {
                let _ = killpg(Pid::from_raw(launched.child.id() as i32), Signal::SIGKILL);
                if ctl.outcome.is_none() {
                    let status = launched.child.wait();
                    self.ended(robot, status.map_or(Outcome::Exited(-1), Outcome::from_status));
                }
            }
            let Some(ctl) = self.ctls[robot].as_mut() else { continue };
            controllers.push(ControllerReport {
                robot: ctl.name.clone(),
                outcome: match &ctl.ext {
                    Some(ext) => ext.outcome(),
                    None => ctl.outcome.clone().unwrap_or(Outcome::NeverConnected),
                },
                after_quit: *ctl.ended_after_quit.get_or_insert(quit),
            });
        }
        if let Some(why) = self.load_failure.take() {
            controllers.push(ControllerReport {
                robot: "(world)".into(),
                outcome: Outcome::NotStarted(why),
                after_quit: false,
            });
        }
        for why in self.world.failures() {
            controllers.push(ControllerReport {
                robot: "(world)".into(),
                outcome: Outcome::WorldFailed(why.clone()),
                after_quit: false,
            });
        }
        self.world_warnings();
        // labels are not shown headless: the last ones are told with the run's end
        let labels: Vec<String> =
            self.world.labels().filter(|l| !l.text.is_empty()).map(|l| format!("label {}: {}", l.id, l.text)).collect();
        for label in labels {
            self.output.console.world_note(&label);
        }
        self.output.console.finish();
        if let Some(guard) = self.guard.take() {
            guard.release();
        }
        let report = RunReport {
            controllers,
            time_s: self.world.time_ms() / 1000.0,
            interrupted: self.interrupted,
            supervisor_quit: self.world.quit_status(),
        };
        self.finish_replays(&report);
        report
    }

    /// A console round begins (a replay stamps its lines with the time now); the lines kept so far go to
    /// the replays.
    fn replay_round(&mut self, epoch: u64) {
        self.pass_console_lines();
        self.world.record_epoch(epoch);
    }

    fn pass_console_lines(&mut self) {
        for line in self.output.console.take_tapped() {
            self.world.record_console_line(line.robot, line.epoch, line.err, &line.text);
        }
        self.output.console.set_tap(self.world.is_recording());
    }

    /// The run is over: the replays get the last lines and how the run ended, and are written.
    fn finish_replays(&mut self, report: &RunReport) {
        self.pass_console_lines();
        if !self.world.is_recording() {
            return;
        }
        let failures = report.failures();
        let end = if report.interrupted {
            "the run was interrupted".to_string()
        } else if failures.is_empty() {
            format!("the run ended at {:.3} s, no failure", report.time_s)
        } else {
            let list: Vec<String> = failures.iter().map(|f| f.to_string()).collect();
            format!("the run failed at {:.3} s: {}", report.time_s, list.join("; "))
        };
        for done in self.world.finish_recordings(&end) {
            match done {
                Ok(path) => log(format!("replay written to {}", path.display())),
                Err(e) => log(e),
            }
        }
    }
}

/// The name of each robot whose controller the runner launches (`None` for the others), for the console.
fn launched_names(world: &World) -> Vec<Option<&str>> {
    (0..world.robots().len()).map(|i| launched_name(world, i)).collect()
}

fn launched_name(world: &World, robot: usize) -> Option<&str> {
    let r = &world.robots()[robot];
    matches!(r.controller, ControllerSpec::Program(_)).then_some(r.name.as_str())
}

/// The process group of the process at the other end of a connection.
fn peer_group(stream: &mio::net::UnixStream) -> Option<i32> {
    use nix::sys::socket::{getsockopt, sockopt::PeerCredentials};
    let peer = getsockopt(stream, PeerCredentials).ok()?;
    nix::unistd::getpgid(Some(Pid::from_raw(peer.pid()))).ok().map(Pid::as_raw)
}
