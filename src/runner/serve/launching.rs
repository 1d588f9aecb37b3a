//! Launching controllers: what each robot needs (a program or an extern controller to wait for),
//! launches a slice at a time, restarts, and the world switched under them.

use super::{launched_name, launched_names, log, Ctl, Phase, Server, SLICE};
use crate::runner::console::Style;
use crate::runner::externs::{waiting_line, Extern};
use crate::runner::launch::{controller_program, launch, LaunchSpec};
use crate::runner::limits;
use crate::runner::outcome::Outcome;
use crate::world::robots::table::{project_path, ControllerSpec};
use crate::world::scene::clip_name;
use crate::world::supervisor::fields::ref_id;
use crate::world::supervisor::scene_control::WorldChange;
use crate::world::World;
use mio::Token;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::time::Instant;

impl Server {
    /// Decides what each robot needs; says which robots wait for an extern controller.
    pub(super) fn prepare_controllers(&mut self) {
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
    pub(super) fn launch_some(&mut self) {
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
    pub(super) fn follow_the_world(&mut self) {
        // with a reset to come at the end of this step, robots imported in it wait for the reset, which
        // may delete them before their controllers start (as in Webots); a robot gone has none to start
        let (mut new_robots, mut restarts) = if self.world.reset_pending() {
            Default::default()
        } else {
            (self.world.take_new_robots(), self.world.take_restarts())
        };
        new_robots.retain(|&r| !self.world.is_removed(r));
        restarts.retain(|&r| !self.world.is_removed(r));
        for robot in new_robots {
            self.output.add_robot(robot, launched_name(&self.world, robot));
            if self.prepare_controller(robot) {
                self.launch(robot);
            }
        }
        for robot in restarts {
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
        let mut world = match World::load(&path, &crate::runner::default_load_options()) {
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
}
