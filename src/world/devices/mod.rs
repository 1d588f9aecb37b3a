//! The devices' world side: every robot device belongs to one family (a type of device, one file
//! each, plugged in through `family::Family`), and the step loop asks every family in turn. This file
//! only routes: commands to their device's family, field changes to every family, samples and
//! actions in family order.
//!
//! Adding a device type: a file here with a struct implementing `Family` (its node fields, its
//! commands, its samples), one line in `families` below, and its controller side (src/controller,
//! src/capi).

mod accelerometer;
mod altimeter;
mod axes;
mod brake;
mod camera;
pub mod compass;
pub mod connector;
mod depth_of_field;
mod detection;
mod display;
mod distance_sensor;
pub mod family;
mod gps;
mod gyro;
mod inertial_unit;
mod infra_red;
mod joint_device;
mod led;
mod lidar;
mod light_sensor;
pub mod lookup_table;
mod motion_blur;
mod motor;
mod motor_law;
pub mod pen;
mod position_sensor;
mod radar;
pub mod radio;
mod range_finder;
mod recognition;
pub mod sampling;
pub mod sensor;
mod touch_sensor;
mod vacuum_gripper;

use std::collections::HashMap;

use crate::world::geometry::laser_spot::LaserSpots;
use compass::CompassFamily;
use connector::ConnectorFamily;
use family::{Ctx, Family, Owner};
use radio::RadioFamily;
use sensor::SensorFamily;

use super::physics::Physics;
use super::scene::{NodeId, Scene};
use crate::protocol::{DeviceCommand, DeviceEvents, DeviceSetup};
use crate::world::geometry::obstacles::Obstacles;
use crate::world::robots::table::RobotEntry;

/// Where a robot device lives: its family and its index there.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    family: u8,
    index: u32,
}

pub struct Devices {
    families: Vec<Box<dyn Family>>,
    /// Per family, whether it ever held a device: the step's phases skip the others (a world pays
    /// only for the kinds of device it has).
    used: Vec<bool>,
    /// Per robot, per device (tag - 1).
    map: DeviceMap,
    /// Robot device node → its slot.
    by_node: HashMap<NodeId, Slot>,
    /// Poses or shapes changed: the radio's index and the obstacles are rebuilt before the next step.
    geometry_dirty: bool,
    /// Since the obstacles were last made, more than Solids' poses changed (nodes came or went, a
    /// shape or a bounding object was written): their list is made again, not only moved.
    obstacles_rebuild: bool,
    /// The bounding objects devices look at in a world without physics (the engine's colliders
    /// otherwise).
    obstacles: Obstacles,
    /// The spots laser distance sensors draw, for the cameras.
    laser_spots: LaserSpots,
}

/// The families, in the order they act within a step.
fn families(scene: &mut Scene, warnings: &mut Vec<String>) -> Vec<Box<dyn Family>> {
    vec![
        Box::new(ConnectorFamily::new(scene, warnings)),
        Box::new(RadioFamily::new(scene)),
        Box::new(CompassFamily::default()),
        Box::new(motor::MotorFamily::default()),
        Box::new(brake::BrakeFamily::default()),
        Box::new(SensorFamily::<position_sensor::PositionSensor>::default()),
        Box::new(SensorFamily::<gps::Gps>::default()),
        Box::new(SensorFamily::<gyro::Gyro>::default()),
        Box::new(SensorFamily::<accelerometer::Accelerometer>::default()),
        Box::new(SensorFamily::<inertial_unit::InertialUnit>::default()),
        Box::new(SensorFamily::<distance_sensor::DistanceSensor>::default()),
        Box::new(SensorFamily::<touch_sensor::TouchSensor>::default()),
        Box::new(led::LedFamily::default()),
        Box::new(SensorFamily::<altimeter::Altimeter>::default()),
        Box::new(SensorFamily::<light_sensor::LightSensor>::default()),
        Box::new(SensorFamily::<radar::Radar>::default()),
        Box::new(SensorFamily::<range_finder::RangeFinder>::default()),
        Box::new(SensorFamily::<lidar::Lidar>::default()),
        Box::new(camera::CameraFamily::default()),
        Box::new(pen::PenFamily::default()),
        Box::new(vacuum_gripper::VacuumGripperFamily::default()),
        Box::new(display::DisplayRadioFamily::default()),
    ]
}

impl Devices {
    pub fn build(
        scene: &mut Scene,
        robots: &[RobotEntry],
        physics: Option<&Physics>,
        seed: i32,
        warnings: &mut Vec<String>,
    ) -> Devices {
        let mut families = families(scene, warnings);
        let mut by_node = HashMap::new();
        let map = robots
            .iter()
            .enumerate()
            .map(|(robot, entry)| {
                entry
                    .devices
                    .iter()
                    .enumerate()
                    .map(|(i, &node)| {
                        if !scene.is_live(node) {
                            return None;
                        }
                        let owner = Owner { robot, tag: (i + 1) as u16 };
                        let slot = families.iter_mut().enumerate().find_map(|(f, family)| {
                            let index = family.add(scene, owner, node, seed, warnings)?;
                            Some(Slot { family: f as u8, index: index as u32 })
                        })?;
                        by_node.insert(node, slot);
                        Some(slot)
                    })
                    .collect()
            })
            .collect();
        for family in &mut families {
            family.finish(scene, warnings);
        }
        let obstacles = if physics.is_none() { Obstacles::from_scene(scene) } else { Obstacles::default() };
        let mut used = vec![false; families.len()];
        for slot in by_node.values() {
            used[slot.family as usize] = true;
        }
        Devices {
            families,
            used,
            map: DeviceMap::new(map),
            by_node,
            geometry_dirty: false,
            // with an engine there are none to keep up to date (should it go, they are made again)
            obstacles_rebuild: physics.is_some(),
            obstacles,
            laser_spots: LaserSpots::default(),
        }
    }

    /// The device-specific configuration of a robot's device `i` (tag `i + 1`).
    pub fn setup(&self, robot: usize, i: usize) -> DeviceSetup {
        match self.map.of(robot)[i] {
            Some(slot) => self.families[slot.family as usize].setup(slot.index as usize),
            None => DeviceSetup::Plain,
        }
    }

    /// A controller's device command. Commands for a tag of another device type are ignored (the
    /// controller library never sends them).
    #[allow(clippy::too_many_arguments)]
    pub fn apply(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        robot: usize,
        cmd: &DeviceCommand,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        let Some(slot) = (cmd.tag as usize).checked_sub(1).and_then(|i| self.map.of(robot).get(i).copied().flatten())
        else {
            return;
        };
        let mut ctx = Ctx {
            scene,
            physics,
            outboxes,
            warnings,
            now,
            geometry_dirty: self.geometry_dirty,
            obstacles: &self.obstacles,
            laser_spots: &mut self.laser_spots,
        };
        self.families[slot.family as usize].apply(&mut ctx, slot.index as usize, &cmd.command);
        self.geometry_dirty = ctx.geometry_dirty;
    }

    /// Before the physics step, once every request is applied (links carry what a supervisor moved,
    /// connectors lock, motors set their drives...).
    pub fn before_physics(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        self.each_family(scene, physics, now, outboxes, warnings, |f, ctx| f.before_physics(ctx));
    }

    /// After the physics step, for a step ending at `now` (the radio transmits, with what moved
    /// rebuilt first).
    pub fn after_physics(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        if self.geometry_dirty && physics.is_none() {
            if std::mem::take(&mut self.obstacles_rebuild) {
                self.obstacles = Obstacles::from_scene(scene);
            } else {
                self.obstacles.refresh_poses(scene);
            }
        }
        self.each_family(scene, physics, now, outboxes, warnings, |f, ctx| f.after_physics(ctx));
        self.geometry_dirty = false;
    }

    /// After time advanced to `now`: the samples that are due, into each robot's outbox.
    pub fn sample(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        self.each_family(scene, physics, now, outboxes, warnings, |f, ctx| f.sample(ctx));
    }

    /// Per robot (`robots` of them), the watts its devices draw from its battery in the last step.
    pub fn power_draw(&self, scene: &Scene, physics: Option<&Physics>, robots: usize) -> Vec<f64> {
        let mut watts = vec![0.0; robots];
        for (family, _) in self.families.iter().zip(&self.used).filter(|(_, &used)| used) {
            family.power_draw(scene, physics, &mut watts);
        }
        watts
    }

    /// A replay is recorded from now on (`on`), or no more.
    pub fn set_recording(&mut self, on: bool) {
        for family in &mut self.families {
            family.set_recording(on);
        }
    }

    /// What the replay shows of the devices after a step (see `Family::record`).
    pub fn record(&mut self, scene: &Scene, out: &mut crate::world::record::StepEvents) {
        for (family, _) in self.families.iter_mut().zip(&self.used).filter(|(_, &used)| used) {
            family.record(scene, out);
        }
    }

    /// `robot`'s devices lose their power (`on` false: an empty battery) or get it back.
    pub fn power(&mut self, robot: usize, on: bool) {
        for family in &mut self.families {
            family.power(robot, on);
        }
    }

    /// Runs `act` on every family in turn with one context.
    fn each_family(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
        act: impl Fn(&mut dyn Family, &mut Ctx),
    ) {
        let mut ctx = Ctx {
            scene,
            physics,
            outboxes,
            warnings,
            now,
            geometry_dirty: self.geometry_dirty,
            obstacles: &self.obstacles,
            laser_spots: &mut self.laser_spots,
        };
        for (family, _) in self.families.iter_mut().zip(&self.used).filter(|(_, &used)| used) {
            act(family.as_mut(), &mut ctx);
        }
        self.geometry_dirty = ctx.geometry_dirty;
    }

    /// A field of `node` changed at run time: the device it belongs to takes the new value (with
    /// Webots' run-time checks) and its controller hears of it when Webots' would.
    #[allow(clippy::too_many_arguments)]
    pub fn field_changed(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        node: NodeId,
        field: &str,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        let slot = self.by_node.get(&node).copied();
        let mut ctx = Ctx {
            scene,
            physics,
            outboxes,
            warnings,
            now,
            geometry_dirty: self.geometry_dirty,
            obstacles: &self.obstacles,
            laser_spots: &mut self.laser_spots,
        };
        for (f, family) in self.families.iter_mut().enumerate() {
            let device = slot.filter(|s| s.family as usize == f).map(|s| s.index as usize);
            family.field_changed(&mut ctx, device, node, field);
        }
        let moved = matches!(field, "translation" | "rotation");
        let changed = slot.is_none() || moved || matches!(field, "scale" | "type" | "range" | "maxRange");
        self.geometry_dirty = ctx.geometry_dirty || changed;
        // a Solid moved keeps its bounding objects; anything else may change which there are (but a
        // move leaves a world without any as it is)
        if changed && !self.obstacles_rebuild {
            self.obstacles_rebuild = !(moved && (self.obstacles.is_empty() || ctx.scene.is_solid(node)));
        }
    }

    /// Device nodes rebuilt by a template regeneration, as (old node, new node): each device follows
    /// its node and takes the new node's fields as on any field change.
    pub fn renumber(
        &mut self,
        scene: &mut Scene,
        moves: &[(NodeId, NodeId)],
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        for &(old, new) in moves {
            let Some(slot) = self.by_node.remove(&old) else { continue };
            self.families[slot.family as usize].renumber(slot.index as usize, new);
            self.by_node.insert(new, slot);
            self.field_changed(scene, None, new, "", 0.0, outboxes, warnings);
        }
        self.geometry_changed();
    }

    /// The physics was built again (a template regenerated): what refers to the engine is made again.
    pub fn physics_rebuilt(&mut self, scene: &Scene, mut physics: Option<&mut Physics>) {
        for family in &mut self.families {
            family.physics_rebuilt(scene, physics.as_deref_mut());
        }
    }

    /// Devices a supervisor's import gave robot `robot` (a new robot has none before), with tags from
    /// `first_tag` on: they take part from the next step. Connectors the world did not load do not
    /// dock.
    pub fn add_devices(
        &mut self,
        scene: &mut Scene,
        robot: usize,
        first_tag: u16,
        nodes: &[NodeId],
        seed: i32,
        warnings: &mut Vec<String>,
    ) {
        let mut added = Vec::with_capacity(nodes.len());
        for (i, &node) in nodes.iter().enumerate() {
            let owner = Owner { robot, tag: first_tag + i as u16 };
            let slot = self.families.iter_mut().enumerate().find_map(|(f, family)| {
                let index = family.add(scene, owner, node, seed, warnings)?;
                Some(Slot { family: f as u8, index: index as u32 })
            });
            if let Some(slot) = slot {
                self.by_node.insert(node, slot);
                self.used[slot.family as usize] = true;
            }
            added.push(slot);
        }
        for family in &mut self.families {
            family.finish(scene, warnings);
        }
        self.map.extend(robot, added);
        self.geometry_changed();
    }

    /// Device nodes a supervisor removed: they sample, receive and obey no more.
    pub fn remove_device_nodes(&mut self, nodes: &[NodeId]) {
        for node in nodes {
            let Some(slot) = self.by_node.remove(node) else { continue };
            self.families[slot.family as usize].remove(slot.index as usize);
            self.map.clear(slot);
        }
        self.geometry_changed();
    }

    /// Something moved or changed shape, or nodes came or went: rebuild before the next transmission.
    pub fn geometry_changed(&mut self) {
        self.geometry_dirty = true;
        self.obstacles_rebuild = true;
    }

    /// The world went back to its loaded state (`fresh`, built from the reloaded scene): devices take
    /// their loaded fields, world-side queues are emptied, enabled sensors sample at the next step, and
    /// controllers hear of every setup that differs from what they had.
    pub fn reset_to(&mut self, mut fresh: Devices, outboxes: &mut [DeviceEvents]) {
        for (old, new) in self.families.iter_mut().zip(fresh.families.iter_mut()) {
            old.hand_over(new.as_mut());
        }
        for (used, fresh) in self.used.iter_mut().zip(&fresh.used) {
            *used |= fresh;
        }
        for (robot, devices) in self.map.robots().enumerate() {
            for i in 0..devices.len() {
                let (before, after) = (self.setup(robot, i), fresh.setup(robot, i));
                if before != after && after != DeviceSetup::Plain {
                    outboxes[robot].push_config((i + 1) as u16, after);
                }
            }
        }
        *self = fresh;
    }

    /// Restarts every noisy device's stream from `seed`.
    pub fn reseed(&mut self, seed: i32) {
        self.families.iter_mut().for_each(|f| f.reseed(seed));
    }

    /// A supervisor reset the physics of `top` (of the whole world for `None`).
    pub fn physics_reset(&mut self, scene: &Scene, top: Option<NodeId>) {
        self.families.iter_mut().for_each(|f| f.physics_reset(scene, top));
    }

    /// A supervisor set axis `axis` (from 0) of `joint` to `position`.
    pub fn joint_position_set(&mut self, joint: NodeId, axis: usize, position: f64, warnings: &mut Vec<String>) {
        self.families.iter_mut().for_each(|f| f.joint_position_set(joint, axis, position, warnings));
    }

    /// A robot's controller left: its sensors stop and forget what they had not handed over.
    pub fn silence_robot(&mut self, robot: usize) {
        self.families.iter_mut().for_each(|f| f.silence(robot));
    }
}

/// Every robot's devices in one list (a step looks them up for thousands of robots).
#[derive(Clone, Debug)]
struct DeviceMap {
    /// Robot `r`'s devices are `slots[first[r]..first[r + 1]]`.
    first: Vec<usize>,
    slots: Vec<Option<Slot>>,
}

impl DeviceMap {
    fn new(per_robot: Vec<Vec<Option<Slot>>>) -> DeviceMap {
        let mut first = vec![0];
        first.extend(per_robot.iter().scan(0, |end, devices| {
            *end += devices.len();
            Some(*end)
        }));
        DeviceMap { first, slots: per_robot.into_iter().flatten().collect() }
    }

    fn of(&self, robot: usize) -> &[Option<Slot>] {
        &self.slots[self.first[robot]..self.first[robot + 1]]
    }

    fn robots(&self) -> impl Iterator<Item = &[Option<Slot>]> {
        self.first.windows(2).map(|w| &self.slots[w[0]..w[1]])
    }

    /// Appends devices to robot `robot`'s list (adding the robot when it is new).
    fn extend(&mut self, robot: usize, added: Vec<Option<Slot>>) {
        let mut per_robot: Vec<Vec<Option<Slot>>> = self.robots().map(<[_]>::to_vec).collect();
        if per_robot.len() <= robot {
            per_robot.resize_with(robot + 1, Vec::new);
        }
        per_robot[robot].extend(added);
        *self = DeviceMap::new(per_robot);
    }

    /// Forgets a removed device.
    fn clear(&mut self, slot: Slot) {
        self.slots.iter_mut().filter(|s| **s == Some(slot)).for_each(|s| *s = None);
    }
}
