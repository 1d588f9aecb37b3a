//! The world side of the Compass: north from `WorldInfo`, turned into the device's frame, normalised,
//! then the lookup table, axis masking and resolution, in Webots' order.

use nalgebra::{Matrix3, Vector3};
use rand_chacha::ChaCha8Rng;

use crate::protocol::CompassSetup;
use crate::world::devices::lookup_table::{discretize, LookupTable};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::devices::sampling::Sampling;
use crate::world::scene::{FieldValue, NodeId, Scene};

#[derive(Clone, Debug)]
pub struct CompassNode {
    pub node: NodeId,
    pub sampling: Sampling,
    table: LookupTable,
    axes: [bool; 3],
    resolution: f64,
    rng: Box<ChaCha8Rng>,
}

impl CompassNode {
    pub fn from_scene(scene: &Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> CompassNode {
        CompassNode {
            node,
            sampling: Sampling::default(),
            table: LookupTable::new(scene.mf_vec3(node, "lookupTable"), &scene.describe(node), warnings),
            axes: [scene.sf_bool(node, "xAxis"), scene.sf_bool(node, "yAxis"), scene.sf_bool(node, "zAxis")],
            // Webots checks the resolution only when it changes, not at load
            resolution: scene.sf_float(node, "resolution"),
            rng: Box::new(device_rng(seed, node)),
        }
    }

    pub fn setup(&self) -> CompassSetup {
        CompassSetup { lookup_table: self.table.rows().to_vec() }
    }

    /// A field of the node changed at run time. Returns the new setup when the controller must hear
    /// of it (the lookup table changed).
    pub fn field_changed(
        &mut self,
        scene: &mut Scene,
        field: &str,
        warnings: &mut Vec<String>,
    ) -> Option<CompassSetup> {
        match field {
            "lookupTable" => {
                self.table =
                    LookupTable::new(scene.mf_vec3(self.node, "lookupTable"), &scene.describe(self.node), warnings);
                Some(self.setup())
            }
            "xAxis" | "yAxis" | "zAxis" => {
                let n = self.node;
                self.axes = [scene.sf_bool(n, "xAxis"), scene.sf_bool(n, "yAxis"), scene.sf_bool(n, "zAxis")];
                None
            }
            "resolution" => {
                let r = scene.sf_float(self.node, "resolution");
                self.resolution = if r <= 0.0 && r != -1.0 {
                    warnings.push(format!(
                        "{}: Invalid 'resolution' changed to -1. The value should be either -1 or positive.",
                        scene.describe(self.node)
                    ));
                    if let Some(FieldValue::SFFloat(v)) = scene.field_mut(self.node, "resolution") {
                        *v = -1.0;
                    }
                    -1.0
                } else {
                    r
                };
                None
            }
            _ => None,
        }
    }

    /// Restarts the noise stream (a new seed, or the world's reset).
    pub fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }

    /// What the compass reads now.
    pub fn measure(&mut self, scene: &Scene) -> [f64; 3] {
        let m = scene.global_transform(self.node);
        let frame: Matrix3<f64> = m.fixed_view::<3, 3>(0, 0).into();
        let local = frame.transpose() * north(scene);
        let local = local / local.norm();
        let mut out = [f64::NAN; 3];
        for (k, value) in out.iter_mut().enumerate() {
            if !self.axes[k] {
                continue;
            }
            let v = self.table.lookup(local[k], &mut self.rng);
            *value = if self.resolution != -1.0 { discretize(v, self.resolution) } else { v };
        }
        out
    }
}

/// The world's north: the axis named 'N' in `WorldInfo.coordinateSystem`.
pub fn north(scene: &Scene) -> Vector3<f64> {
    let system = scene.world_info().coordinate_system;
    match system.find('N') {
        Some(k) if system.len() == 3 => {
            let mut v = Vector3::zeros();
            v[k] = 1.0;
            v
        }
        _ => Vector3::y(),
    }
}

/// The coordinate system a world runs in, as Webots reads it: written `coordinateSystem`, else NUE for
/// worlds older than R2022a and ENU for newer ones; before R2020b, `northDirection 0 0 1` meant EUN.
pub fn effective_coordinate_system(scene: &Scene, warnings: &mut Vec<String>) -> String {
    let Some(info) = scene.world_info_node() else {
        return if scene.is_pre_r2022a() { "NUE" } else { "ENU" }.to_string();
    };
    let written = scene.node(info).and_then(|n| n.fields.iter().find(|f| f.name == "coordinateSystem"));
    if let Some(f) = written.filter(|f| f.pos.is_some()) {
        if let FieldValue::SFString(s) = &f.value {
            if ["ENU", "NUE", "EUN"].contains(&s.as_str()) {
                return s.clone();
            }
            warnings.push(format!("WorldInfo: unknown 'coordinateSystem' \"{s}\": using \"ENU\"."));
            return "ENU".to_string();
        }
    }
    if !scene.is_pre_r2022a() {
        return "ENU".to_string();
    }
    match scene.world_info().north_direction {
        Some([0.0, 0.0, 1.0]) => "EUN".to_string(),
        Some(d) if d != [1.0, 0.0, 0.0] => {
            warnings.push(
                "WorldInfo: 'northDirection' is deprecated and only 1 0 0 or 0 0 1 are converted: ignored.".into(),
            );
            "NUE".to_string()
        }
        _ => "NUE".to_string(),
    }
}
