//! The one interface every device type plugs into the step loop through. A family owns the world side
//! of its devices (fields, commands, samples) and is asked, in turn, to take the robots' device nodes,
//! to apply commands, to act before and after the physics step, to sample, and to follow field changes.

use std::any::Any;

use crate::protocol::{Command, DeviceEvents, DeviceSetup};
use crate::world::geometry::laser_spot::LaserSpots;
use crate::world::geometry::obstacles::Obstacles;
use crate::world::geometry::rays::Rays;
use crate::world::physics::Physics;
use crate::world::scene::{NodeId, Scene};

/// What a family works with during a step.
pub struct Ctx<'a> {
    pub scene: &'a mut Scene,
    pub physics: Option<&'a mut Physics>,
    /// Per robot, the device events of its next answer.
    pub outboxes: &'a mut [DeviceEvents],
    /// Webots' run-time warnings.
    pub warnings: &'a mut Vec<String>,
    /// Simulated time in ms: the step's start for commands and actions, its end for samples.
    pub now: f64,
    /// Poses or shapes changed since the last radio transmission.
    pub geometry_dirty: bool,
    /// The bounding objects as of the last change, in a world without physics.
    pub obstacles: &'a Obstacles,
    /// The spots laser distance sensors draw this step (cameras see them).
    pub laser_spots: &'a mut LaserSpots,
}

impl Ctx<'_> {
    /// Ray queries against the bounding objects: the engine's, or the obstacle list's.
    pub fn rays(&self) -> Rays<'_> {
        Rays::of(self.physics.as_deref(), self.obstacles)
    }
}

/// A robot device's address: where its events go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Owner {
    pub robot: usize,
    pub tag: u16,
}

pub trait Family: Any + Send {
    /// Takes robot device `node` (addressed `owner`) when it is of this family: its index here.
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize>;

    /// Every device is added: build what depends on all of them (with Webots' load-time warnings).
    fn finish(&mut self, _scene: &mut Scene, _warnings: &mut Vec<String>) {}

    /// The configuration the controller of device `i` starts with.
    fn setup(&self, i: usize) -> DeviceSetup;

    /// A controller's command for device `i` (commands of another family never reach it).
    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command);

    /// Before the physics step, once every request is applied.
    fn before_physics(&mut self, _ctx: &mut Ctx) {}

    /// After the physics step, before time advances.
    fn after_physics(&mut self, _ctx: &mut Ctx) {}

    /// After time advanced to `ctx.now`: the samples that are due, into the outboxes.
    fn sample(&mut self, _ctx: &mut Ctx) {}

    /// A field of `node` changed at run time; `device` is its index here when it is one of this
    /// family's robot devices. Every family hears of every change (a connector follows moves of the
    /// nodes above it). New setups go to the controllers through `ctx.outboxes`.
    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, field: &str);

    /// The world was reset: `fresh` (this family built again from the loaded scene, same type) takes
    /// over what survives a reset (sampling periods, which then sample at once).
    fn hand_over(&mut self, fresh: &mut dyn Family);

    /// Restarts every noise stream from `seed`.
    fn reseed(&mut self, _seed: i32) {}

    /// A robot's controller left: its devices stop sampling and forget what they had not handed over.
    fn silence(&mut self, _robot: usize) {}

    /// Device `i`'s node was removed by a supervisor: it samples, receives and obeys no more.
    fn remove(&mut self, i: usize);

    /// Device `i`'s node was rebuilt (template regeneration).
    fn renumber(&mut self, i: usize, node: NodeId);

    /// The engine was built again: what refers to its objects is made again.
    fn physics_rebuilt(&mut self, _scene: &Scene, _physics: Option<&mut Physics>) {}

    /// A supervisor reset the physics of `top` and what is below it (of the whole world for `None`).
    fn physics_reset(&mut self, _scene: &Scene, _top: Option<NodeId>) {}

    /// A supervisor set axis `axis` (0 for `device`, 1 for `device2`, 2 for `device3`) of `joint` to
    /// `position` (`wb_supervisor_node_set_joint_position`).
    fn joint_position_set(&mut self, _joint: NodeId, _axis: usize, _position: f64, _warnings: &mut Vec<String>) {}

    /// Adds each device's power draw in watts to its robot's entry (Webots' `energyConsumption`).
    fn power_draw(&self, _scene: &Scene, _physics: Option<&Physics>, _watts: &mut [f64]) {}

    /// `robot`'s battery ran out (`on` false) or holds energy again (`on` true).
    fn power(&mut self, _robot: usize, _on: bool) {}

    /// A replay is recorded from now on (`on`) or no more: note what `record` hands over.
    fn set_recording(&mut self, _on: bool) {}

    /// While a replay is recorded, after each step: what the replay shows of this family (packets
    /// heard, links locked at a frame).
    fn record(&mut self, _scene: &Scene, _out: &mut crate::world::record::StepEvents) {}

    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// `fresh` as the concrete family `F` (a reset builds every family of the same types, in order).
pub fn same<F: Family>(fresh: &mut dyn Family) -> Option<&mut F> {
    fresh.as_any_mut().downcast_mut::<F>()
}
