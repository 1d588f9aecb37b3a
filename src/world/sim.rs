//! `World`: a loaded scene plus time, the lockstep schedule and the robots' world-side state. Both links
//! drive it the same way: `request` for each controller request, `advance` while `ready_to_advance`,
//! `answer` for every robot whose step has elapsed.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::protocol::{
    DeviceEvents, Query, QueryAnswer, RobotCommand, RobotConfig, RobotEvent, SceneAnswer, SceneQuery, SharedTable,
    StepAnswer, StepRequest, SupervisorCommand,
};
use crate::world::devices::compass::north::effective_coordinate_system;
use crate::world::devices::sampling::Sampling;
use crate::world::devices::Devices;
use crate::world::geometry::joint_poses::JointPoses;
use crate::world::physics::Physics;
use crate::world::robots::battery;
use crate::world::robots::regeneration;
use crate::world::robots::table::{robot_config, robot_entries, ControllerSpec, RobotEntry};
use crate::world::scene::{load_world, Edit, FieldValue, LoadOptions, NodeId, Scene, WorldError};
use crate::world::scheduler::{Scheduler, Slot};
use crate::world::supervisor::bodies::{self, Gliders};
use crate::world::supervisor::fields::{self, ref_id, resolve_index, value_of};
use crate::world::supervisor::scene_control::SceneControl;

/// `WbSimulationMode` values.
pub const MODE_PAUSE: i32 = 0;
pub const MODE_REAL_TIME: i32 = 1;
pub const MODE_FAST: i32 = 2;

/// World-side state of one robot that is not in the scene tree.
#[derive(Clone, Debug)]
pub(super) struct RobotState {
    battery: Sampling,
    /// Where the robot's `battery` field stands among its fields (`Scene::field_hinted`).
    pub(super) battery_hint: Option<usize>,
    /// False while its battery is empty: its devices have no power.
    pub(super) powered: bool,
    /// Events waiting for the robot's next answer.
    pub(super) outbox: Vec<RobotEvent>,
}

impl Default for RobotState {
    fn default() -> RobotState {
        RobotState { battery: Sampling::default(), battery_hint: None, powered: true, outbox: Vec::new() }
    }
}

pub struct World {
    pub(super) scene: Scene,
    /// The scene as loaded: what `simulation_reset` goes back to.
    pub(super) pristine: Scene,
    pub(super) world_path: PathBuf,
    pub(super) robots: Vec<RobotEntry>,
    pub(super) states: Vec<RobotState>,
    /// The robots with something in their `battery` field.
    pub(super) battery_holders: battery::BatteryHolders,
    /// Per robot, the request received since the last step, applied in world order when time advances.
    pub(super) pending: Vec<Option<StepRequest>>,
    pub(super) scheduler: Scheduler,
    until_ms: Option<f64>,
    pub(super) devices: Devices,
    /// The rigid-body world, when some Solid has `physics`.
    pub(super) physics: Option<Physics>,
    /// Hinge and slider endPoints' poses for their positions.
    joint_poses: JointPoses,
    /// Kinematic Solids moving by their velocity fields.
    gliders: Gliders,
    /// Load-time warnings (printed once by the runner).
    warnings: Vec<String>,
    /// Warnings raised while running (field checks), drained by `take_runtime_warnings`.
    pub(super) runtime_warnings: Vec<String>,
    /// What went wrong in the world itself while running (a body whose state became non-finite):
    /// each fails the run.
    failures: Vec<String>,
    /// Per robot, device events waiting for its next answer.
    pub(super) device_outboxes: Vec<DeviceEvents>,
    /// The packet tables of answers emptied since the last step, let go together at the next.
    retired_tables: Vec<SharedTable>,
    pub(super) seed: i32,
    /// A supervisor's `wb_supervisor_simulation_quit` status (the first one wins).
    pub(super) quit_status: Option<i32>,
    reset_requested: bool,
    mode: i32,
    /// Paused with no controller left to resume it: the run is over (Webots would wait forever).
    paused_for_good: bool,
    /// Real-time mode: wall-clock instant matching simulated time `pace_origin.1`.
    pace_origin: Option<(Instant, f64)>,
    /// The rest of the supervisor API: structure, states, tracking, labels, world changes.
    pub(super) control: SceneControl,
    /// Replays being recorded (world/record).
    pub(super) recorders: Vec<super::record::Recorder>,
    /// A supervisor's movie (world/record/movie.rs).
    pub(super) movie: super::record::movie::Movie,
}

impl World {
    pub fn load(path: &Path, opts: &LoadOptions) -> Result<World, WorldError> {
        let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let scene = load_world(&abs, opts)?;
        Ok(World::from_scene(scene, abs))
    }

    pub fn from_scene(mut scene: Scene, world_path: PathBuf) -> World {
        let mut warnings = Vec::new();
        // the coordinate system the world runs in, made explicit so later reads and writes agree
        let system = effective_coordinate_system(&scene, &mut warnings);
        scene.check_basic_time_step(&mut warnings);
        scene.check_physics_plugin(&mut warnings);
        if let Some(info) = scene.world_info_node() {
            if let Some(FieldValue::SFString(s)) = scene.field_mut(info, "coordinateSystem") {
                *s = system;
            }
        }
        crate::world::geometry::hidden_parameters::apply(&mut scene);
        let robots = robot_entries(&scene);
        let info = scene.world_info();
        let physics = Physics::build(&mut scene, &mut warnings);
        if physics.is_none() {
            warnings.extend(crate::world::geometry::surfaces::unusable_mesh_warnings(&scene));
        }
        let joint_poses = JointPoses::of(&scene);
        let gliders = Gliders::of(&scene, physics.as_ref());
        let devices = Devices::build(&mut scene, &robots, physics.as_ref(), info.random_seed, &mut warnings);
        World {
            states: vec![RobotState::default(); robots.len()],
            battery_holders: Default::default(),
            pending: vec![None; robots.len()],
            scheduler: Scheduler::new(robots.len(), info.basic_time_step),
            device_outboxes: vec![DeviceEvents::default(); robots.len()],
            retired_tables: Vec::new(),
            robots,
            pristine: scene.clone(),
            scene,
            world_path,
            until_ms: None,
            devices,
            physics,
            joint_poses,
            gliders,
            warnings,
            runtime_warnings: Vec::new(),
            failures: Vec::new(),
            seed: info.random_seed,
            quit_status: None,
            reset_requested: false,
            mode: MODE_FAST,
            paused_for_good: false,
            pace_origin: None,
            control: SceneControl::default(),
            recorders: Vec::new(),
            movie: Default::default(),
        }
    }

    /// Replaces `WorldInfo.randomSeed` for every noisy device (the runner's `--seed`).
    pub fn set_seed(&mut self, seed: i32) {
        self.seed = seed;
        self.devices.reseed(seed);
    }

    /// Problems found in the world's device fields (Webots' load-time warnings).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    pub fn world_path(&self) -> &Path {
        &self.world_path
    }

    pub fn robots(&self) -> &[RobotEntry] {
        &self.robots
    }

    pub fn basic_time_step_ms(&self) -> f64 {
        self.scene.basic_time_step()
    }

    pub fn time_ms(&self) -> f64 {
        self.scheduler.time_ms()
    }

    /// The run ends at this simulated time: every controller is then answered with `quit`.
    /// The simulated time the run ends at (`--until`), if any.
    pub fn until_ms(&self) -> Option<f64> {
        self.until_ms
    }

    pub fn set_until(&mut self, until_ms: Option<f64>) {
        self.until_ms = until_ms;
    }

    /// The run is over: the `--until` time is reached, a supervisor quit, or the simulation is paused
    /// with nobody left to resume it.
    pub fn is_over(&self) -> bool {
        self.until_ms.is_some_and(|u| self.time_ms() + 1e-9 >= u)
            || self.quit_status.is_some()
            || self.paused_for_good
            || self.control.world_change.is_some()
    }

    /// Time is held: a supervisor (or `--mode=pause`) paused the simulation. Steps of no duration are
    /// still answered, and a supervisor's mode change resumes it.
    pub fn is_paused(&self) -> bool {
        self.mode == MODE_PAUSE && !self.is_over()
    }

    /// The simulation is paused and no controller is left that could resume it (every one waits for time
    /// or is gone): the run ends here, where Webots would wait for its user.
    pub fn end_paused(&mut self) {
        if self.is_paused() {
            self.paused_for_good = true;
            self.runtime_warnings.push(format!(
                "the simulation is paused and every controller waits for time to pass: nothing can resume it, the \
                 run ends at t = {} s",
                crate::c_format::g(self.time_ms() / 1000.0)
            ));
        }
    }

    /// The status a supervisor passed to `wb_supervisor_simulation_quit`, if one did.
    /// What went wrong in the world itself while running; any fails the run.
    pub fn failures(&self) -> &[String] {
        &self.failures
    }

    pub fn quit_status(&self) -> Option<i32> {
        self.quit_status
    }

    /// `WbSimulationMode` in force.
    pub fn mode(&self) -> i32 {
        self.mode
    }

    /// Starts the run in `mode` (`webots --mode`): real time, fast, or paused until a supervisor sets
    /// another mode.
    pub fn set_mode(&mut self, mode: i32) {
        if matches!(mode, MODE_PAUSE | MODE_REAL_TIME | MODE_FAST) {
            self.mode = mode;
        }
    }

    /// Warnings raised since the last call (run-time field checks).
    pub fn take_runtime_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.runtime_warnings)
    }

    /// The robot a controller asks for: by index (launched by the runner), else by name, else the
    /// only robot with a controller.
    pub fn find_robot(&self, name: &str, index: Option<usize>) -> Result<usize, String> {
        if let Some(i) = index {
            return if i < self.robots.len() { Ok(i) } else { Err(format!("no robot with index {i}")) };
        }
        if !name.is_empty() {
            return self
                .robots
                .iter()
                .position(|r| r.name == name)
                .ok_or_else(|| format!("the world has no robot named '{name}'"));
        }
        let with_controller: Vec<usize> =
            (0..self.robots.len()).filter(|&i| self.robots[i].controller != ControllerSpec::None).collect();
        match with_controller.as_slice() {
            [only] => Ok(*only),
            [] if self.robots.len() == 1 => Ok(0),
            _ => Err(format!(
                "the world has several robots ({}); set WEBOTS_ROBOT_NAME to choose one",
                self.robots.iter().map(|r| format!("'{}'", r.name)).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// A controller connected to robot `robot`: its configuration. The world now waits for its first
    /// request.
    pub fn connect(&mut self, robot: usize) -> RobotConfig {
        self.scheduler.set_running(robot);
        self.scheduler.set_synchronous(robot, self.is_synchronous(robot));
        let devices = &self.devices;
        let mut config = robot_config(&self.scene, &self.robots[robot], &self.world_path, self.time_ms(), |i| {
            devices.setup(robot, i)
        });
        config.node_id = ref_id(self.robots[robot].node);
        config.simulation_mode = self.mode;
        config
    }

    /// A supervisor's mode change in a request made while the run waits paused takes effect at once: the
    /// request itself waits for time to pass, which only that change can start.
    fn resume_if_asked(&mut self, robot: usize, req: &StepRequest) {
        if !self.scene.sf_bool(self.robots[robot].node, "supervisor") {
            return;
        }
        for cmd in &req.robot {
            if let RobotCommand::Supervisor(cmd @ SupervisorCommand::SetMode(MODE_REAL_TIME | MODE_FAST)) = cmd {
                self.supervise(cmd);
            }
        }
    }

    /// Whether a robot other than `robot` is a supervisor (one that could read the scene `robot` changes).
    fn another_supervisor(&self, robot: usize) -> bool {
        (self.robots.iter().enumerate())
            .any(|(r, e)| r != robot && !self.is_removed(r) && self.scene.sf_bool(e.node, "supervisor"))
    }

    /// The robot's `synchronization` field as it is now (a supervisor may have changed it).
    pub fn is_synchronous(&self, robot: usize) -> bool {
        self.scene.sf_bool(self.robots[robot].node, "synchronization")
    }

    /// The controller of `robot` is gone; the world stops waiting for it.
    pub fn disconnect(&mut self, robot: usize) {
        if let Some(req) = self.pending[robot].take() {
            self.apply(robot, &req);
        }
        self.scheduler.set_idle(robot);
        self.devices.silence_robot(robot);
        self.device_outboxes[robot].clear();
    }

    /// A step request. Returns true when it is answered at once (duration 0, or the run is over):
    /// call `answer` right away. Otherwise it waits for time to pass.
    pub fn request(&mut self, robot: usize, req: StepRequest) -> bool {
        if req.exiting {
            self.apply(robot, &req);
            self.scheduler.set_idle(robot);
            return true;
        }
        if self.mode == MODE_PAUSE {
            self.resume_if_asked(robot, &req);
        }
        // a removed robot hears it at the end of its step, whether its request came before the removal
        // or after it (they race when a supervisor removes it)
        let immediate = self.scheduler.request(robot, req.duration_ms) || self.is_over();
        if immediate {
            self.scheduler.set_running(robot);
            if req.robot.iter().any(|c| matches!(c, RobotCommand::Supervisor(_))) && self.another_supervisor(robot) {
                self.control.instant_view.before_change(&self.scene, robot);
            }
            self.apply(robot, &req);
        } else {
            self.pending[robot] = Some(req);
        }
        immediate
    }

    /// A supervisor asked for a simulation reset, carried out with the next step once its requests are applied.
    pub fn reset_pending(&self) -> bool {
        self.reset_requested
    }

    pub fn ready_to_advance(&self) -> bool {
        self.scheduler.ready_to_advance() && !self.is_over() && self.mode != MODE_PAUSE
    }

    /// One basic step: pending requests in world order, a reset they or earlier calls asked for, then the
    /// devices, then time. Returns the robots to answer now (their duration elapsed, or the run just
    /// ended), in world order.
    pub fn advance(&mut self) -> Vec<usize> {
        let mut due = Vec::new();
        self.advance_into(&mut due);
        due
    }

    /// `advance`, with the robots to answer written into `due` (cleared first), so a caller stepping
    /// many robots reuses one list.
    pub fn advance_into(&mut self, due: &mut Vec<usize>) {
        due.clear();
        self.retired_tables.clear();
        // taken out whole and applied in place: a request is not moved again
        let mut pending = std::mem::take(&mut self.pending);
        for (robot, req) in pending.iter_mut().enumerate() {
            if let Some(req) = req {
                self.apply(robot, req);
            }
        }
        pending.fill(None);
        self.pending = pending;
        // after the step's requests, as Webots does it (WbSimulationWorld::step resets once they are
        // applied): what they changed is undone with the rest, except what no reset brings back (a
        // removed node, a controller restart, the quit, the mode)
        if std::mem::take(&mut self.reset_requested) {
            self.reset();
        }
        let now = self.time_ms();
        let dt = self.basic_time_step_ms() / 1000.0;
        let step = (now / self.basic_time_step_ms()).round() as u64 + 1;
        crate::world::progress::record(step, now);
        if test_panic_at().is_some_and(|at| at == step) {
            panic!("WEBOTS_SHIM_TEST_PANIC_AT: a panic on purpose in step {step}");
        }
        for node in self.gliders.step(&mut self.scene, dt) {
            self.moved(node);
        }
        self.devices.before_physics(
            &mut self.scene,
            self.physics.as_mut(),
            now,
            &mut self.device_outboxes,
            &mut self.runtime_warnings,
        );
        if let Some(physics) = &mut self.physics {
            if test_nan_at().is_some_and(|at| at == step) {
                physics.poison_for_tests();
            }
            if physics.step(&mut self.scene) {
                self.devices.geometry_changed();
            }
            for solid in physics.take_diverged() {
                let steps = (now / self.scene.basic_time_step()).round() + 1.0;
                let why = format!(
                    "{}: its position or velocity became non-finite (NaN or infinite) in step {steps} (t = {} s): \
                     it is stopped where it was",
                    self.scene.describe(solid),
                    crate::c_format::g((now + self.scene.basic_time_step()) / 1000.0)
                );
                self.runtime_warnings.push(why.clone());
                self.failures.push(why);
            }
        }
        self.drain_batteries();
        let end = self.scheduler.next_time_ms();
        self.devices.after_physics(
            &mut self.scene,
            self.physics.as_mut(),
            end,
            &mut self.device_outboxes,
            &mut self.runtime_warnings,
        );
        self.pace();
        self.scheduler.advance_into(due);
        // time passed: this instant's immediate changes are everybody's
        self.control.instant_view.clear();
        let now = self.time_ms();
        self.devices.sample(
            &mut self.scene,
            self.physics.as_mut(),
            now,
            &mut self.device_outboxes,
            &mut self.runtime_warnings,
        );
        self.sample_tracking(now);
        if !self.recorders.is_empty() {
            self.record_step();
        }
        if self.movie.is_recording() {
            self.movie.after_step(&self.scene, now);
        }
        for (robot, state) in self.states.iter_mut().enumerate() {
            if state.battery.due(now) {
                let value = battery::energy(&self.scene, self.robots[robot].node);
                state.outbox.push(RobotEvent::BatteryValue(value));
            }
        }
        if self.is_over() {
            due.extend(self.release_waiting());
            due.sort_unstable();
            due.dedup();
        }
    }

    /// Once the run is over, every robot still waiting for time is to be answered (with `quit`).
    pub fn release_waiting(&mut self) -> Vec<usize> {
        if !self.is_over() {
            return Vec::new();
        }
        let waiting: Vec<usize> = self.scheduler.waiting().collect();
        for &robot in &waiting {
            self.scheduler.set_running(robot);
        }
        waiting
    }

    /// The answer for a robot whose step elapsed (or an immediate request).
    pub fn answer(&mut self, robot: usize) -> StepAnswer {
        // the next step likely delivers as much: the list left to the robot starts at that size
        let capacity = self.device_outboxes[robot].len();
        let mut out = StepAnswer { devices: DeviceEvents::with_capacity(capacity), ..Default::default() };
        self.answer_into(robot, &mut out);
        out
    }

    /// `answer`, written into `out` (cleared first): the robot's event lists and `out`'s trade places, so a
    /// caller that keeps one answer per robot allocates nothing from step to step.
    pub fn answer_into(&mut self, robot: usize, out: &mut StepAnswer) {
        out.time_ms = self.time_ms();
        out.quit = self.is_over() || self.is_removed(robot);
        out.robot.clear();
        std::mem::swap(&mut out.robot, &mut self.states[robot].outbox);
        out.devices.clear_retiring(&mut self.retired_tables);
        std::mem::swap(&mut out.devices, &mut self.device_outboxes[robot]);
    }

    /// Whether the world waits for this robot's controller now: it computes and is synchronous.
    pub fn computes_synchronously(&self, robot: usize) -> bool {
        self.scheduler.slot(robot) == Slot::Running && self.scheduler.is_synchronous(robot)
    }

    pub fn is_waiting(&self, robot: usize) -> bool {
        matches!(self.scheduler.slot(robot), Slot::Waiting { .. })
    }

    fn apply(&mut self, robot: usize, req: &StepRequest) {
        let now = self.time_ms();
        // the robot's rights as the request starts: a write to its own `supervisor` field does
        // not cut the rest of the request short
        let supervisor = req.robot.iter().any(|c| matches!(c, RobotCommand::Supervisor(_)))
            && self.scene.sf_bool(self.robots[robot].node, "supervisor");
        for cmd in &req.robot {
            match cmd {
                // the PROTO parameter feeding the field too: that is what a supervisor reads
                RobotCommand::SetCustomData(data) => self.scene.set_field_synced(
                    self.robots[robot].node,
                    "customData",
                    FieldValue::SFString(data.clone()),
                ),
                RobotCommand::BatterySampling(period) => self.states[robot].battery.set_period(*period, now),
                // the library refuses these in a plain Robot; a forged request changes nothing either
                RobotCommand::Supervisor(SupervisorCommand::Scene(cmd)) if supervisor => self.scene_command(robot, cmd),
                RobotCommand::Supervisor(cmd) => {
                    if supervisor {
                        self.supervise(cmd);
                    }
                }
            }
        }
        for cmd in &req.devices {
            self.devices.apply(
                &mut self.scene,
                self.physics.as_mut(),
                robot,
                cmd,
                now,
                &mut self.device_outboxes,
                &mut self.runtime_warnings,
            );
        }
    }

    /// A supervisor's immediate question about the scene.
    pub fn query(&self, robot: usize, q: &Query) -> QueryAnswer {
        if let Query::Scene(SceneQuery::MovieStatus) = q {
            let (status, error) = self.movie.status();
            return QueryAnswer::Scene(SceneAnswer::Movie { status, error });
        }
        let scene = self.control.instant_view.scene_for(&self.scene, robot);
        if let Some(answer) = bodies::answer(scene, self.physics.as_ref(), q) {
            return answer;
        }
        let entry = &self.robots[robot];
        fields::answer(scene, entry.node, &entry.devices, q)
    }

    fn supervise(&mut self, cmd: &SupervisorCommand) {
        let physics = self.physics.as_mut();
        if let Some(outcome) = bodies::command(&mut self.scene, physics, cmd, &mut self.runtime_warnings) {
            if let Some(node) = outcome.gliding {
                self.gliders.add(&self.scene, node);
            }
            if let Some((joint, index, position)) = outcome.joint_position {
                self.joint_axis_set(joint, index, position);
                // Webots' joint also aims its motor there (writing the `position` field does not)
                self.devices.joint_position_set(joint, index - 1, position, &mut self.runtime_warnings);
            }
            if let Some(top) = outcome.physics_reset {
                self.devices.physics_reset(&self.scene, top);
            }
            return;
        }
        let edit = match cmd {
            SupervisorCommand::Quit(status) => {
                self.quit_status.get_or_insert(*status);
                return;
            }
            SupervisorCommand::Reset => {
                self.reset_requested = true;
                return;
            }
            SupervisorCommand::Scene(_) => return,
            SupervisorCommand::SetMode(mode) => {
                // the library refuses other values; a forged request changes nothing either
                let mode = *mode;
                if !matches!(mode, MODE_PAUSE | MODE_REAL_TIME | MODE_FAST) {
                    return;
                }
                if mode != self.mode {
                    for state in &mut self.states {
                        state.outbox.push(RobotEvent::SimulationMode(mode));
                    }
                }
                self.mode = mode;
                self.pace_origin = None;
                return;
            }
            SupervisorCommand::SetField { field, index, value } => fields::edit_of(&self.scene, field, |v| {
                let value = value_of(value, v.field_type())?;
                let index = match index {
                    Some(i) => Some(resolve_index(*i, v.count())?),
                    None => None,
                };
                Some(Edit::Set { index, value })
            }),
            SupervisorCommand::InsertField { field, index, value } => fields::edit_of(&self.scene, field, |v| {
                let count = v.count();
                // -1 appends; other negative indices count from the end
                let at = if *index < 0 { count as i64 + i64::from(*index) + 1 } else { i64::from(*index) };
                let at = usize::try_from(at).ok().filter(|&i| i <= count)?;
                Some(Edit::Insert { index: at, value: value_of(value, v.field_type())? })
            }),
            SupervisorCommand::RemoveField { field, index } => {
                fields::edit_of(&self.scene, field, |v| Some(Edit::Remove { index: resolve_index(*index, v.count())? }))
            }
            // handled by supervisor/bodies.rs above
            SupervisorCommand::SetVelocity { .. }
            | SupervisorCommand::AddForce { .. }
            | SupervisorCommand::AddTorque { .. }
            | SupervisorCommand::ResetPhysics(_)
            | SupervisorCommand::SetJointPosition { .. } => return,
        };
        let Some((node, list, index, edit)) = edit else { return };
        let Ok(changed) = self.scene.edit_field(node, list, index, &edit) else { return };
        match self.scene.regenerate_after_edit(node, list, index) {
            Some(Ok(regenerated)) => self.template_regenerated(regenerated),
            Some(Err(e)) => self.runtime_warnings.push(format!("the template PROTO was not regenerated: {}", e)),
            None => {}
        }
        for (node, field) in changed {
            if field == "supervisor" {
                self.tell_supervisor_flag(node);
            }
            if field == "customData" {
                self.tell_custom_data(node);
            }
            if field == "position" {
                self.joint_position_written(node);
            }
            self.field_written(node, &field);
        }
    }

    /// Something other than the engine moved `node` (a translation or rotation field changed): the
    /// engine, the links and the devices take it into account.
    fn moved(&mut self, node: NodeId) {
        self.field_written(node, "translation");
    }

    /// A supervisor wrote a joint's `position` (`params` is its jointParameters node): the endPoint is
    /// teleported to the pose of that position and stops there (spec motion §2.4).
    fn joint_position_written(&mut self, params: NodeId) {
        let Some((joint, index)) = self.joint_poses.axis_of_params(params) else { return };
        self.joint_axis_set(joint, index, self.scene.sf_float(params, "position"));
    }

    /// Axis `index` (from 1) of `joint` was set to `position`: the endPoint is teleported there and stops.
    fn joint_axis_set(&mut self, joint: NodeId, index: usize, position: f64) {
        let Some(end) = self.joint_poses.place(&mut self.scene, joint, index, position) else { return };
        self.moved(end);
        if let Some(physics) = &mut self.physics {
            physics.joint_position_set(&self.scene, joint, end, index, position);
        }
    }

    /// A template instance was rebuilt: the robots' devices follow their rebuilt nodes.
    fn template_regenerated(&mut self, regenerated: crate::world::scene::Regenerated) {
        self.runtime_warnings.extend(regenerated.warnings);
        for robot in 0..self.robots.len() {
            let moves = regeneration::device_moves(&self.scene, &mut self.robots[robot], &mut self.runtime_warnings);
            self.devices.renumber(&mut self.scene, &moves, &mut self.device_outboxes, &mut self.runtime_warnings);
        }
        self.devices.geometry_changed();
        self.announce_regeneration(regenerated.root, &regenerated.removed);
        // the rebuilt Solids are new nodes
        self.rebuild_physics();
    }

    /// Nodes came into or left the scene (template regeneration, imports, removals): the engine starts
    /// again from the scene as it is now, and the links are welded anew.
    pub(super) fn rebuild_physics(&mut self) {
        self.battery_holders.invalidate();
        self.physics = Physics::build(&mut self.scene, &mut Vec::new());
        self.devices.physics_rebuilt(&self.scene, self.physics.as_mut());
        self.joint_poses = JointPoses::of(&self.scene);
        self.gliders = Gliders::of(&self.scene, self.physics.as_ref());
    }

    /// A field of `node` was written by the world itself (not by the engine): the engine, the links
    /// and the devices take it into account.
    pub(super) fn field_written(&mut self, node: NodeId, field: &str) {
        if field == "battery" {
            self.battery_holders.invalidate();
        }
        if matches!(field, "translation" | "rotation") {
            self.joint_poses.end_point_written(&self.scene, node);
        }
        match (&mut self.physics, field) {
            (Some(physics), "translation" | "rotation") => physics.node_moved(&self.scene, node),
            (Some(physics), "springConstant" | "dampingConstant" | "staticFriction") => {
                physics.joint_params_written(&self.scene, node, field)
            }
            (Some(physics), _) => {
                physics.geometry_written(&self.scene, node, &mut self.runtime_warnings);
            }
            (None, _) => {}
        }
        let now = self.time_ms();
        self.devices.field_changed(
            &mut self.scene,
            self.physics.as_mut(),
            node,
            field,
            now,
            &mut self.device_outboxes,
            &mut self.runtime_warnings,
        );
    }

    /// A robot's `supervisor` field changed: its controller gains or loses the supervisor API with
    /// its next step, as in Webots.
    fn tell_supervisor_flag(&mut self, node: usize) {
        if let Some(robot) = self.robots.iter().position(|r| r.node == node) {
            let flag = self.scene.sf_bool(node, "supervisor");
            self.states[robot].outbox.push(RobotEvent::Supervisor(flag));
        }
    }

    /// A robot's `customData` was written by a supervisor (or restored by a reset): its controller reads
    /// the new value from its next answer on, as in Webots.
    fn tell_custom_data(&mut self, node: usize) {
        if let Some(robot) = self.robots.iter().position(|r| r.node == node) {
            let data = self.scene.sf_string(node, "customData");
            self.states[robot].outbox.push(RobotEvent::CustomData(data));
        }
    }

    /// `wb_supervisor_simulation_reset`: the scene as loaded, time back to 0, devices reset as Webots
    /// does (queues emptied, enabled sensors sample at the next step); controllers keep running.
    fn reset(&mut self) {
        let flags: Vec<bool> = self.robots.iter().map(|r| self.scene.sf_bool(r.node, "supervisor")).collect();
        let data: Vec<String> = self.robots.iter().map(|r| self.scene.sf_string(r.node, "customData")).collect();
        self.restore_loaded_scene();
        self.battery_holders.invalidate();
        for (robot, (was, had)) in flags.into_iter().zip(data).enumerate() {
            let node = self.robots[robot].node;
            if self.scene.sf_bool(node, "supervisor") != was {
                self.tell_supervisor_flag(node);
            }
            if self.scene.sf_string(node, "customData") != had {
                self.tell_custom_data(node);
            }
        }
        let mut ignored = Vec::new();
        // the engine starts again from the loaded scene, built in the same order: a reset run is a fresh run
        self.physics = Physics::build(&mut self.scene, &mut ignored);
        self.joint_poses = JointPoses::of(&self.scene);
        self.gliders = Gliders::of(&self.scene, self.physics.as_ref());
        let mut fresh = Devices::build(&mut self.scene, &self.robots, self.physics.as_ref(), self.seed, &mut ignored);
        fresh.reseed(self.seed);
        self.devices.reset_to(fresh, &mut self.device_outboxes);
        for state in &mut self.states {
            state.battery.reset();
            state.powered = true;
        }
        self.scheduler.rebase();
        self.pace_origin = None;
    }

    /// In real-time mode, waits until the wall clock catches up with simulated time.
    fn pace(&mut self) {
        if self.mode != MODE_REAL_TIME {
            return;
        }
        let now = self.time_ms();
        let (start, t0) = *self.pace_origin.get_or_insert((Instant::now(), now));
        let target = start + Duration::from_secs_f64((now - t0).max(0.0) / 1000.0);
        if let Some(wait) = target.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
    }
}

/// `WEBOTS_SHIM_TEST_PANIC_AT=N`: the world panics in its step N (the tests' way to check that a panic
/// still ends in a report).
fn test_panic_at() -> Option<u64> {
    static AT: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *AT.get_or_init(|| std::env::var("WEBOTS_SHIM_TEST_PANIC_AT").ok()?.parse().ok())
}

/// `WEBOTS_SHIM_TEST_NAN_AT=N`: the first moving body is given a NaN velocity before step N, for the
/// tests of what a run does with a diverged body (no valid world makes one: the bounds see to that).
fn test_nan_at() -> Option<u64> {
    static AT: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *AT.get_or_init(|| std::env::var("WEBOTS_SHIM_TEST_NAN_AT").ok()?.parse().ok())
}
