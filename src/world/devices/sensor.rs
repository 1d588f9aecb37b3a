//! The shared shape of a sampled sensor (spec motion §9, compass-connector §0): a model that reads
//! its node's fields and measures from the world, sampled at the controller's period after the physics
//! step, its sample sent to the robot's controller. A sensor type is one file implementing
//! `SensorModel`, registered as `SensorFamily::<Model>`.

use std::marker::PhantomData;
use std::sync::OnceLock;

use rayon::prelude::*;

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::{node_type_from_name, NodeTypeCode};
use crate::protocol::{Command, DeviceData, DeviceEvents, DeviceSetup, ImagerCommand, SensorSetup};
use crate::world::devices::sampling::Sampling;
use crate::world::geometry::laser_spot::LaserSpot;
use crate::world::geometry::rays::Rays;
use crate::world::geometry::render::VisualScene;
use crate::world::physics::Physics;
use crate::world::scene::{NodeId, Scene};

/// What a sensor measures from.
pub struct Sense<'a> {
    pub scene: &'a Scene,
    pub physics: Option<&'a Physics>,
    pub rays: Rays<'a>,
    /// Simulated time, ms.
    pub now: f64,
    /// The visual shapes as the cameras see them, built at the first device that renders this step.
    pub view: OnceLock<VisualScene>,
}

impl Sense<'_> {
    /// What a rendering device (range finder, lidar) sees: the visual shapes, not the bounding objects.
    pub fn view(&self) -> &VisualScene {
        self.view.get_or_init(|| VisualScene::build(self.scene))
    }
}

pub trait SensorModel: Send + 'static {
    /// The node type it models ("GPS").
    const NODE_TYPE: &'static str;

    /// Reads `node`'s fields (Webots' load-time checks write corrected values back).
    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> Self;

    fn node(&self) -> NodeId;

    fn set_node(&mut self, node: NodeId);

    /// What the controller learns of the device (kept by the model from its fields).
    fn setup(&self) -> SensorSetup;

    /// The setup of a device whose controller side is not a plain sensor (a lidar's); `None` for a
    /// plain one, described by `setup`.
    fn device_setup(&self) -> Option<DeviceSetup> {
        None
    }

    /// A command beyond the sampling period (a lidar's frequency).
    fn command(&mut self, _command: &ImagerCommand) {}

    /// A sample too big for numbers (a range image): `Some` replaces the numbers of `measure`.
    fn measure_data(&mut self, _sense: &Sense) -> Option<DeviceData> {
        None
    }

    /// The sample at `sense.now`, into `out` (cleared).
    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>);

    /// A warning the last `measure` or `after_physics` raised (Webots' run-time ones, such as a
    /// missing body).
    fn take_warning(&mut self) -> Option<String> {
        None
    }

    /// After every physics step, whether sampled or not (a bumper remembers its touches).
    fn after_physics(&mut self, _sense: &Sense) {}

    /// For a sensor that draws a laser spot (`Some`), the spot of its last measure (`None` inside when it
    /// draws none); `None` for the others.
    fn laser_spot(&self) -> Option<Option<LaserSpot>> {
        None
    }

    /// The ray a replay draws for the last sample (from, to), for sensors that cast one.
    fn replay_ray(&self) -> Option<([f64; 3], [f64; 3])> {
        None
    }

    /// The sensor was (re)enabled at `now` (a sensor differencing samples starts over).
    fn enabled(&mut self, _now: f64) {}

    /// A field of the node changed at run time: re-read it (with Webots' run-time checks).
    fn field_changed(&mut self, scene: &mut Scene, field: &str, warnings: &mut Vec<String>);

    /// A field of the world's WorldInfo changed at run time (a sensor that depends on the world's
    /// coordinate systems re-reads them).
    fn world_info_changed(&mut self, _scene: &mut Scene, _field: &str) {}

    /// Restarts the noise stream.
    fn reseed(&mut self, _seed: i32) {}
}

struct Entry<M> {
    model: M,
    sampling: Sampling,
    owner: Owner,
}

pub struct SensorFamily<M> {
    sensors: Vec<Entry<M>>,
    node_type: NodeTypeCode,
    scratch: Vec<f64>,
    /// Per sensor, whether this step samples it.
    due: Vec<bool>,
    _model: PhantomData<M>,
}

/// From this many samples due in one step, a world whose engine steps on a pool of several threads (a
/// big one, see `SHARED_FROM_BODIES`) measures them on that pool. A measure reads the world and changes
/// only its own sensor (its noise stream included), and the samples are posted in the sensors' order
/// afterwards: the answers are the same. Handing the work over costs about 0.04 ms against ~0.5 µs a
/// ray; measured, the smaller worlds lose by it even with rayon's global pool (100 bench robots, 200
/// samples: 0.135 -> 0.18 ms a step standing), so only a world with its own pool does it.
pub const PARALLEL_SAMPLES_FROM: usize = 128;

/// One sensor's sample (maybe measured on another thread, apart from the others'), to post: its data, or
/// its numbers (kept apart, in a buffer) and the warning the measure raised.
enum Measured {
    Data(DeviceData),
    Numbers(Option<String>),
}

impl Measured {
    /// Measures the sensor, its numbers into `numbers` (cleared).
    fn of<M: SensorModel>(model: &mut M, sense: &Sense, numbers: &mut Vec<f64>) -> Measured {
        numbers.clear();
        if let Some(data) = model.measure_data(sense) {
            return Measured::Data(data);
        }
        model.measure(sense, numbers);
        Measured::Numbers(model.take_warning())
    }

    fn post(self, owner: Owner, numbers: &[f64], outboxes: &mut [DeviceEvents], warnings: &mut Vec<String>) {
        let outbox = &mut outboxes[owner.robot];
        match self {
            Measured::Data(data) => outbox.push_data(owner.tag, data),
            Measured::Numbers(warning) => {
                warnings.extend(warning);
                outbox.push_sample(owner.tag, numbers);
            }
        }
    }
}

impl<M: SensorModel> Default for SensorFamily<M> {
    fn default() -> Self {
        SensorFamily {
            sensors: Vec::new(),
            node_type: node_type_from_name(M::NODE_TYPE),
            scratch: Vec::new(),
            due: Vec::new(),
            _model: PhantomData,
        }
    }
}

impl<M: SensorModel> Family for SensorFamily<M> {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.node_type(node) != self.node_type {
            return None;
        }
        let model = M::new(scene, node, seed, warnings);
        self.sensors.push(Entry { model, sampling: Sampling::default(), owner });
        Some(self.sensors.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        let model = &self.sensors[i].model;
        model.device_setup().unwrap_or_else(|| DeviceSetup::Sensor(model.setup()))
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let s = &mut self.sensors[i];
        match command {
            Command::Sampling(period) => {
                s.sampling.set_period(*period, ctx.now);
                s.model.enabled(ctx.now);
            }
            Command::Imager(c) => s.model.command(c),
            _ => {}
        }
    }

    fn after_physics(&mut self, ctx: &mut Ctx) {
        let physics = ctx.physics.as_deref();
        let sense = Sense {
            scene: ctx.scene,
            physics,
            rays: Rays::of(physics, ctx.obstacles),
            now: ctx.now,
            view: OnceLock::new(),
        };
        for s in &mut self.sensors {
            s.model.after_physics(&sense);
            ctx.warnings.extend(s.model.take_warning());
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        let physics = ctx.physics.as_deref();
        let sense = Sense {
            scene: ctx.scene,
            physics,
            rays: Rays::of(physics, ctx.obstacles),
            now: ctx.now,
            view: OnceLock::new(),
        };
        self.due.clear();
        self.due.extend(self.sensors.iter_mut().map(|s| s.sampling.due(sense.now)));
        let threads = physics.and_then(Physics::threads);
        if let Some(pool) = threads.filter(|_| self.due.iter().filter(|&&d| d).count() >= PARALLEL_SAMPLES_FROM) {
            let (due, sensors) = (&self.due, &mut self.sensors);
            let measured: Vec<Option<(Measured, Vec<f64>)>> = pool.install(|| {
                sensors
                    .par_iter_mut()
                    .zip(due.par_iter())
                    .map(|(s, &due)| {
                        due.then(|| {
                            let mut numbers = Vec::new();
                            (Measured::of(&mut s.model, &sense, &mut numbers), numbers)
                        })
                    })
                    .collect()
            });
            for (s, (m, numbers)) in self.sensors.iter().zip(measured).filter_map(|(s, m)| Some((s, m?))) {
                m.post(s.owner, &numbers, ctx.outboxes, ctx.warnings);
            }
        } else {
            for (s, _) in self.sensors.iter_mut().zip(&self.due).filter(|(_, &due)| due) {
                Measured::of(&mut s.model, &sense, &mut self.scratch).post(
                    s.owner,
                    &self.scratch,
                    ctx.outboxes,
                    ctx.warnings,
                );
            }
        }
        for (s, _) in self.sensors.iter().zip(&self.due).filter(|(_, &due)| due) {
            if let Some(spot) = s.model.laser_spot() {
                ctx.laser_spots.set(s.model.node(), spot);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, field: &str) {
        let changed = match device {
            Some(i) => i..i + 1,
            None if ctx.scene.world_info_node() == Some(node) => 0..self.sensors.len(),
            None => return,
        };
        for i in changed {
            let before = self.setup(i);
            let s = &mut self.sensors[i];
            match device {
                Some(_) => s.model.field_changed(ctx.scene, field, ctx.warnings),
                None => s.model.world_info_changed(ctx.scene, field),
            }
            let (owner, after) = (s.owner, self.setup(i));
            if after != before {
                ctx.outboxes[owner.robot].push_config(owner.tag, after);
            }
        }
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<SensorFamily<M>>(fresh) else { return };
        for (old, new) in self.sensors.iter().zip(fresh.sensors.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
    }

    fn reseed(&mut self, seed: i32) {
        self.sensors.iter_mut().for_each(|s| s.model.reseed(seed));
    }

    fn silence(&mut self, robot: usize) {
        for s in &mut self.sensors {
            if s.owner.robot == robot {
                s.sampling = Sampling::default();
            }
        }
    }

    fn remove(&mut self, i: usize) {
        self.sensors[i].sampling = Sampling::default();
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.sensors[i].model.set_node(node);
    }

    fn record(&mut self, _scene: &Scene, out: &mut crate::world::record::StepEvents) {
        if out.frame && out.rays_wanted {
            out.rays.extend(self.sensors.iter().filter(|s| s.sampling.enabled()).filter_map(|s| s.model.replay_ray()));
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
