//! InertialUnit (spec motion §5.2): the device's global orientation as a quaternion (x, y, z, w).
//! With `noise`, the orientation is turned by three Gaussian angles of σ = noise·π; with an axis
//! disabled, that component of its axis-angle form is zeroed (Webots' legacy mapping: x for `xAxis`,
//! z for `yAxis`, y for `zAxis`). The quaternion's signs follow Shepperd's method, as Webots'; each
//! component then goes through the resolution. The controller turns it into roll, pitch and yaw for
//! the world's coordinate system.

use nalgebra::{Matrix3, Rotation3, Unit};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::discretize;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// `SensorSetup::kind` of a unit in a NUE world (roll, pitch and yaw about Webots' old axes).
pub const NUE: i32 = 1;

pub struct InertialUnit {
    node: NodeId,
    noise: f64,
    axes: [bool; 3],
    resolution: f64,
    nue: bool,
    rng: Box<ChaCha8Rng>,
}

impl InertialUnit {
    fn read(&mut self, scene: &mut Scene, warnings: &mut Vec<String>) {
        let n = self.node;
        self.noise = scene.sf_float(n, "noise");
        if self.noise < 0.0 {
            warnings.push(format!(
                "{}: Invalid 'noise' changed to 0. The value should be non-negative.",
                scene.describe(n)
            ));
            self.noise = 0.0;
            scene.set_field_synced(n, "noise", FieldValue::SFFloat(0.0));
        }
        self.axes = [scene.sf_bool(n, "xAxis"), scene.sf_bool(n, "yAxis"), scene.sf_bool(n, "zAxis")];
        self.resolution = scene.sf_float(n, "resolution");
        self.nue = scene.world_info().coordinate_system == "NUE";
    }
}

impl SensorModel for InertialUnit {
    const NODE_TYPE: &'static str = "InertialUnit";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> InertialUnit {
        let mut unit = InertialUnit {
            node,
            noise: 0.0,
            axes: [true; 3],
            resolution: -1.0,
            nue: false,
            rng: Box::new(device_rng(seed, node)),
        };
        unit.read(scene, warnings);
        unit
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup { kind: if self.nue { NUE } else { 0 }, numbers: vec![self.noise], ..Default::default() }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let mut r = sense.scene.global_pose(self.node).rotation.to_rotation_matrix();
        if self.noise != 0.0 {
            let sigma = self.noise * std::f64::consts::PI;
            let mut angle =
                || -> f64 { sigma * <StandardNormal as Distribution<f64>>::sample(&StandardNormal, &mut *self.rng) };
            let (a, b, c) = (angle(), angle(), angle());
            r *= Rotation3::from_euler_angles(a, b, c);
        }
        if self.axes.contains(&false) {
            r = mask_axes(&r, self.axes);
        }
        let q = shepperd(r.matrix());
        out.extend(q.iter().map(|&c| if self.resolution > 0.0 { discretize(c, self.resolution) } else { c }));
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, warnings: &mut Vec<String>) {
        self.read(scene, warnings);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}

/// The rotation with the axis components of disabled axes zeroed (Webots' mapping, see the top).
fn mask_axes(r: &Rotation3<f64>, [x, y, z]: [bool; 3]) -> Rotation3<f64> {
    let Some((axis, angle)) = r.axis_angle() else { return *r };
    let mut a = axis.into_inner();
    if !x {
        a.x = 0.0;
    }
    if !y {
        a.z = 0.0;
    }
    if !z {
        a.y = 0.0;
    }
    match Unit::try_new(a, 1e-12) {
        Some(axis) => Rotation3::from_axis_angle(&axis, angle),
        None => Rotation3::identity(),
    }
}

/// (x, y, z, w) of a rotation matrix by Shepperd's method: the identity gives (0, 0, 0, 1); with a
/// non-negative trace w is positive, otherwise the component of the largest diagonal element is.
fn shepperd(m: &Matrix3<f64>) -> [f64; 4] {
    if *m == Matrix3::identity() {
        return [0.0, 0.0, 0.0, 1.0];
    }
    let trace = m.trace();
    if trace >= 0.0 {
        let s = 2.0 * (1.0 + trace).sqrt();
        return [(m[(2, 1)] - m[(1, 2)]) / s, (m[(0, 2)] - m[(2, 0)]) / s, (m[(1, 0)] - m[(0, 1)]) / s, s / 4.0];
    }
    if m[(0, 0)] >= m[(1, 1)] && m[(0, 0)] >= m[(2, 2)] {
        let s = 2.0 * (1.0 + m[(0, 0)] - m[(1, 1)] - m[(2, 2)]).sqrt();
        [s / 4.0, (m[(0, 1)] + m[(1, 0)]) / s, (m[(0, 2)] + m[(2, 0)]) / s, (m[(2, 1)] - m[(1, 2)]) / s]
    } else if m[(1, 1)] >= m[(2, 2)] {
        let s = 2.0 * (1.0 + m[(1, 1)] - m[(0, 0)] - m[(2, 2)]).sqrt();
        [(m[(0, 1)] + m[(1, 0)]) / s, s / 4.0, (m[(1, 2)] + m[(2, 1)]) / s, (m[(0, 2)] - m[(2, 0)]) / s]
    } else {
        let s = 2.0 * (1.0 + m[(2, 2)] - m[(0, 0)] - m[(1, 1)]).sqrt();
        [(m[(0, 2)] + m[(2, 0)]) / s, (m[(1, 2)] + m[(2, 1)]) / s, s / 4.0, (m[(1, 0)] - m[(0, 1)]) / s]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{UnitQuaternion, Vector3};

    fn quaternion_of(axis: [f64; 3], angle: f64) -> [f64; 4] {
        let r = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::from(axis)), angle);
        shepperd(r.matrix())
    }

    #[test]
    fn shepperd_gives_the_rotations_quaternion_with_webots_signs() {
        assert_eq!(shepperd(&Matrix3::identity()), [0.0, 0.0, 0.0, 1.0]);
        for (axis, angle) in [([0.0, 0.0, 1.0], 0.7), ([1.0, 2.0, -0.5], 2.9), ([0.3, -1.0, 0.2], -3.1)] {
            let q = quaternion_of(axis, angle);
            let expected = UnitQuaternion::from_axis_angle(&Unit::new_normalize(Vector3::from(axis)), angle);
            let sign = if (q[3] - expected.w).abs() < 1e-9 && (q[0] - expected.i).abs() < 1e-9 { 1.0 } else { -1.0 };
            for (a, b) in q.iter().zip([expected.i, expected.j, expected.k, expected.w]) {
                assert!((a - sign * b).abs() < 1e-12, "{q:?} vs {expected:?}");
            }
        }
        // a half turn about z: trace -1, z is the largest diagonal element and positive
        let q = quaternion_of([0.0, 0.0, 1.0], std::f64::consts::PI);
        assert!((q[2] - 1.0).abs() < 1e-12 && q[3].abs() < 1e-12, "{q:?}");
        // a non-negative trace: w positive
        assert!(quaternion_of([1.0, 0.0, 0.0], -1.0)[3] > 0.0);
    }

    #[test]
    fn disabled_axes_zero_their_component() {
        let r = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(1.0, 1.0, 1.0)), 0.5);
        let masked = mask_axes(&r, [false, true, true]);
        let (axis, angle) = masked.axis_angle().expect("not the identity");
        assert!(axis.x.abs() < 1e-12 && (axis.y - axis.z).abs() < 1e-12 && (angle - 0.5).abs() < 1e-12);
        // yAxis off zeroes z (the legacy mapping)
        let (axis, _) = mask_axes(&r, [true, false, true]).axis_angle().expect("not the identity");
        assert!(axis.z.abs() < 1e-12 && axis.x > 0.1);
    }
}
