//! The world side of every simulated device, found from the robots' device lists: the radio (emitters
//! and receivers), the compasses, the connectors (with those of plain Solids), and the obstacles
//! infra-red needs. Commands from controllers come in here, samples go out to the robots' outboxes, and
//! run-time field changes reach the device they belong to.

use std::collections::HashMap;

use super::compass::CompassNode;
use super::docking::{Docking, Note};
use super::obstacles::Obstacles;
use super::radio::nodes::{EmitterNode, Packet, ReceiverNode};
use super::radio::{Radio, RadioDevice};
use super::radio_fields;
use super::robot_table::RobotEntry;
use super::scene::{FieldValue, NodeId, Scene};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{Command, DeviceCommand, DeviceEvents, DeviceSetup};

/// Where a robot's device lives on the world side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WorldDevice {
    Radio(RadioDevice),
    Compass(usize),
    /// Index into `Docking::connectors`.
    Connector(usize),
}

#[derive(Clone)]
pub struct Devices {
    pub radio: Radio,
    pub obstacles: Obstacles,
    pub compasses: Vec<CompassNode>,
    pub docking: Docking,
    /// Per robot, per device (tag - 1).
    map: DeviceMap,
    /// Device node → (robot, tag, where).
    by_node: HashMap<NodeId, (usize, u16, WorldDevice)>,
    /// Poses or shapes changed: the radio's index and the obstacles are rebuilt before the next step.
    geometry_dirty: bool,
}

impl Devices {
    pub fn build(scene: &mut Scene, robots: &[RobotEntry], seed: i32, warnings: &mut Vec<String>) -> Devices {
        let docking = Docking::build(scene, warnings);
        let scene = &*scene;
        let mut radio = Radio::new(scene);
        let mut compasses = Vec::new();
        let (emitter, receiver, compass, connector) = (
            node_type_from_name("Emitter"),
            node_type_from_name("Receiver"),
            node_type_from_name("Compass"),
            node_type_from_name("Connector"),
        );
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
                        let tag = (i + 1) as u16;
                        let device = match scene.node_type(node) {
                            t if t == emitter => {
                                WorldDevice::Radio(radio.add_emitter(EmitterNode::from_scene(scene, node, warnings)))
                            }
                            t if t == receiver => WorldDevice::Radio(radio.add_receiver(
                                ReceiverNode::from_scene(scene, node, seed, warnings),
                                robot,
                                tag,
                            )),
                            t if t == compass => {
                                compasses.push(CompassNode::from_scene(scene, node, seed, warnings));
                                WorldDevice::Compass(compasses.len() - 1)
                            }
                            t if t == connector => WorldDevice::Connector(docking.index_of(node)?),
                            _ => return None,
                        };
                        by_node.insert(node, (robot, tag, device));
                        Some(device)
                    })
                    .collect()
            })
            .collect();
        radio.refresh(scene);
        Devices {
            radio,
            obstacles: Obstacles::from_scene(scene),
            compasses,
            docking,
            map: DeviceMap::new(map),
            by_node,
            geometry_dirty: false,
        }
    }

    /// The device-specific configuration of a robot's device `i` (tag `i + 1`).
    pub fn setup(&self, robot: usize, i: usize) -> DeviceSetup {
        match self.map.of(robot)[i] {
            Some(WorldDevice::Radio(RadioDevice::Emitter(e))) => {
                DeviceSetup::Emitter(self.radio.emitters[e].setup.clone())
            }
            Some(WorldDevice::Radio(RadioDevice::Receiver(r))) => {
                DeviceSetup::Receiver(self.radio.receivers[r].setup.clone())
            }
            Some(WorldDevice::Compass(c)) => DeviceSetup::Compass(self.compasses[c].setup()),
            Some(WorldDevice::Connector(c)) => DeviceSetup::Connector(self.docking.setup(c)),
            None => DeviceSetup::Plain,
        }
    }

    /// A controller's device command. Commands for a tag of another device type are ignored (the
    /// controller library never sends them).
    pub fn apply(
        &mut self,
        scene: &mut Scene,
        robot: usize,
        cmd: &DeviceCommand,
        now: f64,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        let (tag, command) = (cmd.tag, &cmd.command);
        let device = (tag as usize).checked_sub(1).and_then(|i| self.map.of(robot).get(i).copied().flatten());
        match (command, device) {
            (Command::EmitterSend { channel, range, data }, Some(WorldDevice::Radio(RadioDevice::Emitter(e)))) => {
                self.radio.send(e, Packet { channel: *channel, range: *range, data: data.clone() })
            }
            (Command::ReceiverSampling(period), Some(WorldDevice::Radio(RadioDevice::Receiver(r)))) => {
                self.radio.receivers[r].sampling.set_period(*period, now)
            }
            (Command::ReceiverChannel(channel), Some(WorldDevice::Radio(RadioDevice::Receiver(r)))) => {
                let r = &mut self.radio.receivers[r];
                r.channel = *channel;
                r.setup.channel = *channel;
                r.channel_changed = !r.waiting.is_empty();
                // Webots writes the controller's channel into the node's field
                if let Some(FieldValue::SFInt32(c)) = scene.field_mut(r.node, "channel") {
                    *c = *channel;
                }
            }
            (Command::CompassSampling(period), Some(WorldDevice::Compass(c))) => {
                self.compasses[c].sampling.set_period(*period, now)
            }
            (Command::ConnectorSampling(period), Some(WorldDevice::Connector(c))) => {
                self.docking.connectors[c].sampling.set_period(*period, now)
            }
            (Command::ConnectorLock(lock), Some(WorldDevice::Connector(c))) => {
                let mut notes = Vec::new();
                self.docking.command(scene, c, *lock, &mut notes, warnings);
                self.deliver(notes, outboxes);
                self.geometry_dirty |= self.docking.take_moved();
            }
            _ => {}
        }
    }

    /// The physics part of a step, once every request is applied: links carry what a supervisor moved,
    /// connectors latched in the world file lock, autoLock links form.
    pub fn step(&mut self, scene: &mut Scene, outboxes: &mut [DeviceEvents], warnings: &mut Vec<String>) {
        let mut notes = Vec::new();
        self.docking.step(scene, &mut notes, warnings);
        self.deliver(notes, outboxes);
        self.geometry_dirty |= self.docking.take_moved();
    }

    /// Connector events, to the controllers of the robots carrying them.
    fn deliver(&mut self, notes: Vec<Note>, outboxes: &mut [DeviceEvents]) {
        for (node, setup) in notes {
            if let Some(&(robot, tag, _)) = self.by_node.get(&node) {
                outboxes[robot].push_config(tag, setup);
            }
        }
    }

    /// The radio's part of a step ending at `now` (rebuilding what moved first): the packets sent go
    /// out, and due receivers hand theirs to the robots' outboxes.
    pub fn transmit(&mut self, scene: &Scene, now: f64, outboxes: &mut [DeviceEvents]) {
        if std::mem::take(&mut self.geometry_dirty) {
            self.radio.refresh(scene);
            self.obstacles = Obstacles::from_scene(scene);
        }
        let obstacles = &self.obstacles;
        self.radio.step(
            &|from, to, emitting, receiving| {
                // the emitting robot's body never blocks; the receiving robot's only with selfCollision
                let self_collision = receiving.is_some_and(|r| scene.sf_bool(r, "selfCollision"));
                let ignored = [emitting, if self_collision { None } else { receiving }];
                obstacles.blocks(from, to, &ignored)
            },
            now,
            outboxes,
        );
    }

    /// After time advanced to `now`: the other sensors' samples that are due, into each robot's outbox.
    pub fn sample(&mut self, scene: &Scene, now: f64, outboxes: &mut [DeviceEvents]) {
        for c in &mut self.compasses {
            if c.sampling.due(now) {
                let values = c.measure(scene);
                if let Some(&(robot, tag, _)) = self.by_node.get(&c.node) {
                    outboxes[robot].push_compass_values(tag, values);
                }
            }
        }
        for (node, presence) in self.docking.sample(scene, now) {
            if let Some(&(robot, tag, _)) = self.by_node.get(&node) {
                outboxes[robot].push_connector_presence(tag, presence);
            }
        }
    }

    /// A field of `node` changed at run time: the device it belongs to takes the new value (with
    /// Webots' run-time checks) and its controller hears of it when Webots' would.
    pub fn field_changed(
        &mut self,
        scene: &mut Scene,
        node: NodeId,
        field: &str,
        outboxes: &mut [DeviceEvents],
        warnings: &mut Vec<String>,
    ) {
        let mut notes = Vec::new();
        self.docking.field_changed(scene, node, field, &mut notes, warnings);
        self.geometry_dirty |= self.docking.take_moved();
        self.deliver(notes, outboxes);
        let Some(&(robot, tag, device)) = self.by_node.get(&node) else {
            self.geometry_dirty = true;
            return;
        };
        let setup = match device {
            WorldDevice::Radio(RadioDevice::Emitter(e)) => {
                radio_fields::check_emitter_field(scene, node, field, warnings);
                let old = self.radio.emitters[e].setup.clone();
                self.radio.emitters[e] = EmitterNode::from_scene(scene, node, warnings);
                let new = &self.radio.emitters[e].setup;
                (*new != old).then(|| DeviceSetup::Emitter(new.clone()))
            }
            WorldDevice::Radio(RadioDevice::Receiver(r)) => {
                radio_fields::check_receiver_field(scene, node, field, warnings);
                // a throw-away reading of the fields: the receiver keeps its noise stream and queue
                let fresh = ReceiverNode::from_scene(scene, node, 0, warnings);
                let old = &mut self.radio.receivers[r];
                let changed = fresh.setup != old.setup;
                old.channel_changed |= fresh.channel != old.channel && !old.waiting.is_empty();
                old.medium = fresh.medium;
                old.aperture = fresh.aperture;
                old.channel = fresh.channel;
                old.signal_noise = fresh.signal_noise;
                old.direction_noise = fresh.direction_noise;
                old.setup = fresh.setup;
                changed.then(|| DeviceSetup::Receiver(old.setup.clone()))
            }
            WorldDevice::Compass(c) => {
                self.compasses[c].field_changed(scene, field, warnings).map(DeviceSetup::Compass)
            }
            // the latch is reported by the docking itself
            WorldDevice::Connector(_) => None,
        };
        if matches!(field, "translation" | "rotation" | "scale" | "type" | "range" | "maxRange") {
            self.geometry_dirty = true;
        }
        if let Some(setup) = setup {
            outboxes[robot].push_config(tag, setup);
        }
    }

    /// Devices a supervisor's import gave robot `robot` (a new robot has none before), with tags from
    /// `first_tag` on: they take part from the next step. Connectors the world did not load do not
    /// dock.
    pub fn add_devices(
        &mut self,
        scene: &Scene,
        robot: usize,
        first_tag: u16,
        nodes: &[NodeId],
        seed: i32,
        warnings: &mut Vec<String>,
    ) {
        let mut added = Vec::with_capacity(nodes.len());
        for (i, &node) in nodes.iter().enumerate() {
            let tag = first_tag + i as u16;
            let device = match scene.type_name(node) {
                "Emitter" => {
                    Some(WorldDevice::Radio(self.radio.add_emitter(EmitterNode::from_scene(scene, node, warnings))))
                }
                "Receiver" => Some(WorldDevice::Radio(self.radio.add_receiver(
                    ReceiverNode::from_scene(scene, node, seed, warnings),
                    robot,
                    tag,
                ))),
                "Compass" => {
                    self.compasses.push(CompassNode::from_scene(scene, node, seed, warnings));
                    Some(WorldDevice::Compass(self.compasses.len() - 1))
                }
                "Connector" => self.docking.index_of(node).map(WorldDevice::Connector),
                _ => None,
            };
            if let Some(device) = device {
                self.by_node.insert(node, (robot, tag, device));
            }
            added.push(device);
        }
        self.map.extend(robot, added);
        self.geometry_dirty = true;
    }

    /// Device nodes a supervisor removed: they sample, receive and obey no more.
    pub fn remove_device_nodes(&mut self, nodes: &[NodeId]) {
        for node in nodes {
            let Some((robot, tag, device)) = self.by_node.remove(node) else { continue };
            match device {
                WorldDevice::Radio(RadioDevice::Receiver(r)) => {
                    self.radio.receivers[r].sampling = Default::default();
                    self.radio.receivers[r].clear_waiting();
                }
                WorldDevice::Radio(RadioDevice::Emitter(_)) => {}
                WorldDevice::Compass(c) => self.compasses[c].sampling = Default::default(),
                WorldDevice::Connector(c) => self.docking.connectors[c].sampling = Default::default(),
            }
            self.map.clear(robot, tag);
        }
        self.geometry_dirty = true;
    }

    /// Something moved or changed shape: rebuild before the next transmission.
    pub fn geometry_changed(&mut self) {
        self.geometry_dirty = true;
    }

    /// The world went back to its loaded state (`fresh`, built from the reloaded scene): devices take
    /// their loaded fields, world-side queues are emptied, enabled sensors sample at the next step, and
    /// controllers hear of every setup that differs from what they had.
    pub fn reset_to(&mut self, mut fresh: Devices, outboxes: &mut [DeviceEvents]) {
        for (old, new) in self.radio.receivers.iter().zip(fresh.radio.receivers.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
        for (old, new) in self.compasses.iter().zip(fresh.compasses.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
        for (old, new) in self.docking.connectors.iter().zip(fresh.docking.connectors.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
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
        self.radio.reseed(seed);
        self.compasses.iter_mut().for_each(|c| c.reseed(seed));
    }

    /// A robot's controller left: its sensors stop and forget what they had not handed over.
    pub fn silence_robot(&mut self, robot: usize) {
        self.radio.silence_robot(robot);
        for (robot_of, devices) in self.map.robots().enumerate() {
            if robot_of != robot {
                continue;
            }
            for d in devices.iter().flatten() {
                match d {
                    WorldDevice::Compass(c) => self.compasses[*c].sampling = Default::default(),
                    WorldDevice::Connector(c) => self.docking.connectors[*c].sampling = Default::default(),
                    WorldDevice::Radio(_) => {}
                }
            }
        }
    }
}

/// Every robot's devices in one list (a step looks them up for thousands of robots).
#[derive(Clone, Debug)]
struct DeviceMap {
    /// Robot `r`'s devices are `slots[first[r]..first[r + 1]]`.
    first: Vec<usize>,
    slots: Vec<Option<WorldDevice>>,
}

impl DeviceMap {
    fn new(per_robot: Vec<Vec<Option<WorldDevice>>>) -> DeviceMap {
        let mut first = vec![0];
        first.extend(per_robot.iter().scan(0, |end, devices| {
            *end += devices.len();
            Some(*end)
        }));
        DeviceMap { first, slots: per_robot.into_iter().flatten().collect() }
    }

    fn of(&self, robot: usize) -> &[Option<WorldDevice>] {
        &self.slots[self.first[robot]..self.first[robot + 1]]
    }

    fn robots(&self) -> impl Iterator<Item = &[Option<WorldDevice>]> {
        self.first.windows(2).map(|w| &self.slots[w[0]..w[1]])
    }

    /// Appends devices to robot `robot`'s list (adding the robot when it is new).
    fn extend(&mut self, robot: usize, added: Vec<Option<WorldDevice>>) {
        let mut per_robot: Vec<Vec<Option<WorldDevice>>> = self.robots().map(<[_]>::to_vec).collect();
        if per_robot.len() <= robot {
            per_robot.resize_with(robot + 1, Vec::new);
        }
        per_robot[robot].extend(added);
        *self = DeviceMap::new(per_robot);
    }

    /// Forgets the device with tag `tag` of robot `robot`.
    fn clear(&mut self, robot: usize, tag: u16) {
        if let Some(slot) = (tag as usize).checked_sub(1).and_then(|i| self.slots.get_mut(self.first[robot] + i)) {
            *slot = None;
        }
    }
}
