//! The lockstep loop: launches the controllers (a slice at a time, accepting connections meanwhile),
//! collects their step requests, advances the world when nobody is computing (a slice at a time, so
//! that signals and timeouts are seen), answers those whose step elapsed, and watches over the
//! processes (exits, crashes, step timeouts). Their output goes through `output.rs` to the ordered
//! console.
//!
//! This file holds the server's state and its loop; `launching.rs`, `connections.rs`, `lockstep.rs` and
//! `ending.rs` hold what the loop does, and `child_exits.rs` wakes it when a controller process ends.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mio::{Events, Interest, Poll, Token};

use super::connection::Conn;
use super::console::{Console, StdSink, Style};
use super::externs::Extern;
use super::guard::Guard;
use super::instance::Instance;
use super::instance::FIRST_PORT;
use super::launch::Launched;
use super::outcome::{Outcome, RunReport};
use super::output::{Output, PIPES};
use crate::protocol::StepAnswer;
use crate::world::robots::table::ControllerSpec;
use crate::world::scene::clip_name;
use crate::world::World;

mod child_exits;
mod connections;
mod ending;
mod launching;
mod lockstep;
mod replays;
mod turns;

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
    /// Instead, write the watchdog's instructions to this file (`Guard::to_file`).
    pub guard_file: Option<PathBuf>,
    /// The run's folder, made by its suite (`Instance::given`); else the runner makes one.
    pub socket_folder: Option<PathBuf>,
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
const CHILD_EXITS: Token = Token(usize::MAX - 2);

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

    /// Not connected, and the world waits for it: a launched controller still to connect, or a
    /// synchronous extern robot's (see `externs.rs`).
    fn pending_holds_time(&self, keep_extern: bool) -> bool {
        self.phase == Phase::Pending && self.ext.as_ref().is_none_or(|e| e.holds_time(keep_extern))
    }
}

pub struct Server {
    world: World,
    instance: Instance,
    poll: Poll,
    child_exits: child_exits::ChildExits,
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
    /// Connections whose next message waits for the controllers before them (`turns.rs`).
    waiting_turns: Vec<usize>,
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
        let mut instance = match &opts.socket_folder {
            Some(dir) => Instance::given(dir)?,
            None => Instance::create(opts.port.unwrap_or(FIRST_PORT), opts.tcp)?,
        };
        let poll = Poll::new()?;
        poll.registry().register(&mut instance.listener, LISTENER, Interest::READABLE)?;
        if let Some(tcp) = instance.tcp.as_mut() {
            poll.registry().register(tcp, TCP_LISTENER, Interest::READABLE)?;
        }
        let child_exits = child_exits::ChildExits::register(poll.registry(), CHILD_EXITS)?;
        let ctls = (0..world.robots().len()).map(|_| None).collect();
        let to_file = opts.guard_file.as_deref().and_then(|path| match Guard::to_file(path) {
            Ok(g) => Some(g),
            Err(e) => {
                log(format!("cannot write the watchdog's file {} (starting a watchdog): {e}", path.display()));
                None
            }
        });
        let start = || {
            opts.guard_program.as_deref().and_then(|program| match Guard::start(program, &instance.dir) {
                Ok(g) => Some(g),
                Err(e) => {
                    log(format!("cannot start the run's watchdog (controllers may outlive a killed runner): {e}"));
                    None
                }
            })
        };
        let guard = to_file.or_else(start);
        let launched = launched_names(&world);
        let mut console = Console::new(&launched, opts.live_output, opts.style, StdSink);
        console.set_tap(world.is_recording());
        let output = Output::new(console, launched.len());
        Ok(Server {
            world,
            instance,
            poll,
            child_exits,
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
            waiting_turns: Vec::new(),
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
            self.end_a_pause_nobody_can_lift();
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
            let mut child_ended = false;
            for ev in events.iter() {
                match ev.token() {
                    LISTENER => self.accept(),
                    CHILD_EXITS => child_ended = true,
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
            self.serve_waiting_turns();
            for (robot, paused) in self.output.resume(self.poll.registry()) {
                // the time its output was not read is not the controller's
                if let Some(ctl) = self.ctls[robot].as_mut() {
                    ctl.busy_since += paused;
                }
            }
            if child_ended {
                self.child_exits.drain();
            }
            if child_ended || last_reap.elapsed() >= REAP_EVERY || events.is_empty() {
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
}

/// The name of each robot whose controller the runner launches (`None` for the others), for the console.
fn launched_names(world: &World) -> Vec<Option<&str>> {
    (0..world.robots().len()).map(|i| launched_name(world, i)).collect()
}

fn launched_name(world: &World, robot: usize) -> Option<&str> {
    let r = &world.robots()[robot];
    matches!(r.controller, ControllerSpec::Program(_)).then_some(r.name.as_str())
}
