//! Emitters and Receivers: one medium shared by every robot (medium/), the obstacles that block
//! infra-red (the engine's colliders under physics), and the run-time checks of their fields.

pub mod fields;
pub mod medium;

use super::family::{same, Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::node_type::NodeTypeCode;
use crate::protocol::{Command, DeviceSetup};
use crate::world::devices::radio::medium::nodes::{EmitterNode, Medium, Packet, ReceiverNode};
use crate::world::devices::radio::medium::{Radio, RadioDevice};
use crate::world::geometry::rays::Rays;
use crate::world::record::{HeardPacket, StepEvents};
use crate::world::scene::{FieldValue, NodeId, Scene};

pub struct RadioFamily {
    radio: Radio,
    devices: Vec<(RadioDevice, Owner)>,
    types: (NodeTypeCode, NodeTypeCode),
}

impl RadioFamily {
    pub fn new(scene: &Scene) -> RadioFamily {
        RadioFamily {
            radio: Radio::new(scene),
            devices: Vec::new(),
            types: (node_type_from_name("Emitter"), node_type_from_name("Receiver")),
        }
    }
}

impl Family for RadioFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize> {
        let t = scene.node_type(node);
        let device = if t == self.types.0 {
            self.radio.add_emitter(EmitterNode::from_scene(scene, node, warnings))
        } else if t == self.types.1 {
            self.radio.add_receiver(ReceiverNode::from_scene(scene, node, seed, warnings), owner.robot, owner.tag)
        } else {
            return None;
        };
        self.devices.push((device, owner));
        Some(self.devices.len() - 1)
    }

    fn finish(&mut self, scene: &mut Scene, _warnings: &mut Vec<String>) {
        self.radio.refresh(scene);
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        match self.devices[i].0 {
            RadioDevice::Emitter(e) => DeviceSetup::Emitter(self.radio.emitters[e].setup.clone()),
            RadioDevice::Receiver(r) => DeviceSetup::Receiver(self.radio.receivers[r].setup.clone()),
        }
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        match (command, self.devices[i].0) {
            (Command::EmitterSend { channel, range, data }, RadioDevice::Emitter(e)) => {
                self.radio.send(e, Packet { channel: *channel, range: *range, data: data.clone() })
            }
            (Command::ReceiverSampling(period), RadioDevice::Receiver(r)) => {
                self.radio.receivers[r].sampling.set_period(*period, ctx.now)
            }
            (Command::ReceiverChannel(channel), RadioDevice::Receiver(r)) => {
                let r = &mut self.radio.receivers[r];
                r.channel = *channel;
                r.setup.channel = *channel;
                r.channel_changed = !r.waiting.is_empty();
                // Webots writes the controller's channel into the node's field
                if let Some(FieldValue::SFInt32(c)) = ctx.scene.field_mut(r.node, "channel") {
                    *c = *channel;
                }
            }
            _ => {}
        }
    }

    /// The radio's part of a step ending at `ctx.now` (rebuilding what moved first): the packets sent
    /// go out, and due receivers hand theirs to the robots' outboxes; bounding objects block
    /// infra-red.
    fn after_physics(&mut self, ctx: &mut Ctx) {
        if ctx.geometry_dirty {
            self.radio.refresh(ctx.scene);
        }
        self.radio.pool = ctx.physics.as_deref().and_then(|p| p.threads());
        let rays = Rays::of(ctx.physics.as_deref(), ctx.obstacles);
        let scene = &*ctx.scene;
        self.radio.step(
            &|from, to, emitting, receiving| {
                // the emitting robot's body never blocks; the receiving robot's only with selfCollision
                let self_collision = receiving.is_some_and(|r| scene.sf_bool(r, "selfCollision"));
                let ignored = [emitting, if self_collision { None } else { receiving }];
                rays.blocks(from, to, &ignored)
            },
            ctx.now,
            ctx.outboxes,
        );
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, field: &str) {
        let Some(i) = device else { return };
        let (device, owner) = self.devices[i];
        let (scene, warnings) = (&mut *ctx.scene, &mut *ctx.warnings);
        let setup = match device {
            RadioDevice::Emitter(e) => {
                fields::check_emitter_field(scene, node, field, warnings);
                let old = self.radio.emitters[e].setup.clone();
                self.radio.emitters[e] = EmitterNode::from_scene(scene, node, warnings);
                let new = &self.radio.emitters[e].setup;
                (*new != old).then(|| DeviceSetup::Emitter(new.clone()))
            }
            RadioDevice::Receiver(r) => {
                fields::check_receiver_field(scene, node, field, warnings);
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
        };
        if let Some(setup) = setup {
            ctx.outboxes[owner.robot].push_config(owner.tag, setup);
        }
    }

    fn set_recording(&mut self, on: bool) {
        self.radio.recording = on;
    }

    fn record(&mut self, _scene: &Scene, out: &mut StepEvents) {
        self.radio.take_heard(|emitter, from, receiver, to| {
            out.packets.push(HeardPacket {
                from: *from,
                to: *to,
                emitting_robot: emitter.robot_node,
                receiving_robot: receiver.robot_node,
                infra_red: emitter.medium == Medium::InfraRed,
            })
        });
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<RadioFamily>(fresh) else { return };
        fresh.radio.recording = self.radio.recording;
        for (old, new) in self.radio.receivers.iter().zip(fresh.radio.receivers.iter_mut()) {
            new.sampling = old.sampling.clone();
            new.sampling.reset();
        }
    }

    fn reseed(&mut self, seed: i32) {
        self.radio.reseed(seed);
    }

    fn silence(&mut self, robot: usize) {
        self.radio.silence_robot(robot);
    }

    fn remove(&mut self, i: usize) {
        if let RadioDevice::Receiver(r) = self.devices[i].0 {
            self.radio.receivers[r].sampling = Default::default();
            self.radio.receivers[r].clear_waiting();
        }
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        match self.devices[i].0 {
            RadioDevice::Emitter(e) => self.radio.emitters[e].node = node,
            RadioDevice::Receiver(r) => self.radio.receivers[r].node = node,
        }
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
