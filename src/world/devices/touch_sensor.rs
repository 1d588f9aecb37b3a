//! TouchSensor (spec motion §6.2). A bumper reads 1 when its bounding object touched anything since
//! the previous sample, else 0 (in a world without physics, what its bounding object meets after each
//! step). The force types read the force the sensor passed to the rest of its body in the last step
//! (`physics::touch_forces`): "force" the part pressing against its +x side through the lookup table,
//! "force-3d" the three components in its frame.

use nalgebra::Vector3;
use rand_chacha::ChaCha8Rng;

use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::{discretize, LookupTable};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// `WbTouchSensorType`.
pub const BUMPER: i32 = 0;
pub const FORCE: i32 = 1;
pub const FORCE_3D: i32 = 2;

pub struct TouchSensor {
    node: NodeId,
    kind: i32,
    table: LookupTable,
    resolution: f64,
    /// A bumper touched something since its last sample.
    touched: bool,
    rng: Box<ChaCha8Rng>,
}

impl TouchSensor {
    fn read(&mut self, scene: &mut Scene, warnings: &mut Vec<String>) {
        let n = self.node;
        let who = scene.describe(n);
        let name = scene.sf_string(n, "type");
        self.kind = match name.as_str() {
            "bumper" => BUMPER,
            "force" => FORCE,
            "force-3d" => FORCE_3D,
            other => {
                warnings.push(format!("{who}: Unknown 'type': \"{other}\". Set to \"bumper\""));
                scene.set_field_synced(n, "type", FieldValue::SFString("bumper".into()));
                BUMPER
            }
        };
        if self.kind != BUMPER && scene.sf_node(n, "physics").is_none() {
            warnings.push(format!("{who}: \"force\" and \"force-3d\" 'type' requires 'physics' to be functional."));
        }
        self.table = LookupTable::new(scene.mf_vec3(n, "lookupTable"), &who, warnings);
        self.resolution = scene.sf_float(n, "resolution");
    }

    fn output(&mut self, v: f64) -> f64 {
        let v = self.table.lookup(v, &mut self.rng);
        if self.resolution != -1.0 {
            discretize(v, self.resolution)
        } else {
            v
        }
    }
}

impl SensorModel for TouchSensor {
    const NODE_TYPE: &'static str = "TouchSensor";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> TouchSensor {
        let mut sensor = TouchSensor {
            node,
            kind: BUMPER,
            table: LookupTable::new(Vec::new(), "", warnings),
            resolution: -1.0,
            touched: false,
            rng: Box::new(device_rng(seed, node)),
        };
        sensor.read(scene, warnings);
        sensor
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup { lookup_table: self.table.rows().to_vec(), kind: self.kind, numbers: Vec::new() }
    }

    fn after_physics(&mut self, sense: &Sense) {
        if self.kind == BUMPER && sense.rays.touching(sense.scene, self.node) {
            self.touched = true;
        }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        if self.kind == BUMPER {
            out.push(if std::mem::take(&mut self.touched) { 1.0 } else { 0.0 });
            return;
        }
        // no link (no Physics): no feedback
        let force = sense.physics.and_then(|p| p.touch_force(self.node)).unwrap_or_else(Vector3::zeros);
        let rotation = sense.scene.global_pose(self.node).rotation;
        if self.kind == FORCE {
            let along_x = (rotation * Vector3::x()).dot(&force);
            let value = self.output((-along_x).max(0.0));
            out.push(value);
        } else {
            let local = rotation.inverse_transform_vector(&force);
            for k in 0..3 {
                let value = self.output(local[k]);
                out.push(value);
            }
        }
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, warnings: &mut Vec<String>) {
        self.read(scene, warnings);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
