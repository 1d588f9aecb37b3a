//! The in-process link: the world runs inside the controller's process, stepped by the controller's
//! own calls. Same requests and answers as the socket link, without encoding.

use std::io;
use std::path::Path;

use crate::protocol::{Query, QueryAnswer, RobotConfig, StepAnswer, StepRequest};
use crate::world::World;

pub struct InProcess {
    world: World,
    robot: usize,
    answer: Option<StepAnswer>,
}

impl InProcess {
    /// Loads `world_path` and binds to the robot named `robot_name` (or the only one with a controller).
    /// `until` (seconds) ends the run at that simulated time, like the runner's `--until`.
    pub fn open(world_path: &str, robot_name: &str, until: Option<&str>) -> Result<(InProcess, RobotConfig), String> {
        let mut world = World::load(Path::new(world_path), &crate::runner::default_load_options())
            .map_err(|e| format!("cannot load world: {e}"))?;
        for warning in world.scene().warnings.iter().chain(world.warnings()) {
            eprintln!("Warning: {warning}");
        }
        if let Ok(seed) = std::env::var("WEBOTS_SHIM_SEED") {
            let seed = seed.trim().parse().map_err(|_| format!("WEBOTS_SHIM_SEED must be an integer, not '{seed}'"))?;
            world.set_seed(seed);
        }
        if let Some(until) = until {
            let seconds: f64 = until
                .trim()
                .parse()
                .map_err(|_| format!("WEBOTS_SHIM_UNTIL must be a number of seconds, not '{until}'"))?;
            world.set_until(Some(seconds * 1000.0));
        }
        let robot = world.find_robot(robot_name, None)?;
        let config = world.connect(robot);
        Ok((InProcess { world, robot, answer: None }, config))
    }

    /// Builds a link over an already loaded world (benchmarks and tests).
    pub fn with_world(mut world: World, robot: usize) -> (InProcess, RobotConfig) {
        let config = world.connect(robot);
        (InProcess { world, robot, answer: None }, config)
    }

    pub fn send(&mut self, req: StepRequest) -> io::Result<()> {
        let robot = self.robot;
        let exiting = req.exiting;
        if !self.world.request(robot, req) {
            while self.world.is_waiting(robot) {
                if !self.world.ready_to_advance() {
                    break;
                }
                self.world.advance();
            }
            if self.world.is_waiting(robot) && self.world.is_paused() {
                // the only controller waits for time under a pause: nothing can lift it
                self.world.end_paused();
                self.world.release_waiting();
            }
        }
        self.answer = Some(self.world.answer(robot));
        for warning in self.world.take_runtime_warnings() {
            eprintln!("Warning: {warning}");
        }
        // the run ends with its only controller: a replay a supervisor left recording is written now
        if exiting && self.world.is_recording() {
            for written in self.world.finish_recordings("the controller exited") {
                if let Err(e) = written {
                    eprintln!("Error: {e}");
                }
            }
        }
        Ok(())
    }

    pub fn query(&mut self, q: Query) -> io::Result<QueryAnswer> {
        Ok(self.world.query(self.robot, &q))
    }

    pub fn receive(&mut self) -> io::Result<StepAnswer> {
        self.answer.take().ok_or_else(|| io::Error::other("step_end without step_begin"))
    }

    pub fn world(&self) -> &World {
        &self.world
    }
}
