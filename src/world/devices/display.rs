//! Display and Radio nodes: what their controllers start with (a display's size; a radio's address,
//! frequency, channel, bit rate, sensitivity and power). A display draws in its controller; a radio's
//! setters write the node's fields (no radio plugin exists headless, so nothing is transmitted).

use super::family::{Ctx, Family, Owner};
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{Command, DeviceSetup, ImagerCommand, ImagerSetup, RadioSetting, RadioSetup};
use crate::world::scene::{FieldValue, NodeId, Scene};

struct Entry {
    node: NodeId,
    owner: Owner,
    setup: DeviceSetup,
}

#[derive(Default)]
pub struct DisplayRadioFamily {
    devices: Vec<Entry>,
}

fn read(scene: &Scene, node: NodeId) -> Option<DeviceSetup> {
    let setup = match scene.type_name(node) {
        "Display" => ImagerSetup::Display {
            width: scene.sf_int(node, "width").max(0),
            height: scene.sf_int(node, "height").max(0),
        },
        "Radio" => ImagerSetup::Radio(RadioSetup {
            address: scene.sf_string(node, "address"),
            frequency: scene.sf_float(node, "frequency"),
            channel: scene.sf_int(node, "channel"),
            bitrate: scene.sf_int(node, "bitrate"),
            rx_sensitivity: scene.sf_float(node, "rxSensitivity"),
            tx_power: scene.sf_float(node, "txPower"),
        }),
        _ => return None,
    };
    Some(DeviceSetup::Imager(setup))
}

impl Family for DisplayRadioFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        _seed: i32,
        _w: &mut Vec<String>,
    ) -> Option<usize> {
        let t = scene.node_type(node);
        if t != node_type_from_name("Display") && t != node_type_from_name("Radio") {
            return None;
        }
        let setup = read(scene, node)?;
        self.devices.push(Entry { node, owner, setup });
        Some(self.devices.len() - 1)
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        self.devices[i].setup.clone()
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        let Command::Imager(ImagerCommand::Radio(setting)) = command else { return };
        let node = self.devices[i].node;
        let (field, value) = match setting.clone() {
            RadioSetting::Address(a) => ("address", FieldValue::SFString(a)),
            RadioSetting::Frequency(f) => ("frequency", FieldValue::SFFloat(f)),
            RadioSetting::Channel(c) => ("channel", FieldValue::SFInt32(c)),
            RadioSetting::Bitrate(b) => ("bitrate", FieldValue::SFInt32(b)),
            RadioSetting::RxSensitivity(s) => ("rxSensitivity", FieldValue::SFFloat(s)),
            RadioSetting::TxPower(p) => ("txPower", FieldValue::SFFloat(p)),
        };
        ctx.scene.set_field_synced(node, field, value);
        if let Some(setup) = read(ctx.scene, node) {
            self.devices[i].setup = setup;
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, _node: NodeId, _field: &str) {
        let Some(d) = device.map(|i| &mut self.devices[i]) else { return };
        if let Some(setup) = read(ctx.scene, d.node).filter(|s| *s != d.setup) {
            d.setup = setup.clone();
            ctx.outboxes[d.owner.robot].push_config(d.owner.tag, setup);
        }
    }

    fn hand_over(&mut self, _fresh: &mut dyn Family) {}

    fn remove(&mut self, _i: usize) {}

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.devices[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
