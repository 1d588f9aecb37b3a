//! DistanceSensor (spec motion §6.1): rays from the device's origin around its +x axis (Webots' layout
//! and Gaussian weights), cast against the bounding objects of every Solid but its robot's, as far as
//! the lookup table's largest input. Generic: the weighted mean distance (a miss counts as the range);
//! sonar: the nearest hit seen within π/8 of its normal; laser: its one ray; infra-red: the weighted
//! mean stretched by how little red the hit surfaces reflect. Then the lookup table and the resolution.

use std::f64::consts::PI;

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;

use super::infra_red;
use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::{discretize, LookupTable};
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::geometry::laser_spot::LaserSpot;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// `WbDistanceSensorType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Generic = 0,
    InfraRed = 1,
    Sonar = 2,
    Laser = 3,
}

impl Kind {
    /// Webots' reading of `type`: unknown names are sonars.
    fn parse(name: &str) -> Kind {
        match name.to_ascii_lowercase().as_str() {
            "generic" => Kind::Generic,
            "infra-red" | "infrared" => Kind::InfraRed,
            "laser" => Kind::Laser,
            _ => Kind::Sonar,
        }
    }
}

/// Polar (α, t) of the layouts of 1 to 10 rays: α around the axis, t the fraction of the half aperture.
const LAYOUTS: [&[(f64, f64)]; 10] = [
    &[(0.0, 0.0)],
    &[(PI / 2.0, 1.0), (-PI / 2.0, 1.0)],
    &[(0.0, 1.0), (2.0 * PI / 3.0, 1.0), (-2.0 * PI / 3.0, 1.0)],
    &[(0.0, 0.0), (0.0, 1.0), (2.0 * PI / 3.0, 1.0), (-2.0 * PI / 3.0, 1.0)],
    &[(0.0, 0.0), (0.0, 1.0), (PI / 2.0, 1.0), (PI, 1.0), (-PI / 2.0, 1.0)],
    &[
        (0.0, 0.0),
        (0.0, 1.0),
        (2.0 * PI / 5.0, 1.0),
        (4.0 * PI / 5.0, 1.0),
        (6.0 * PI / 5.0, 1.0),
        (8.0 * PI / 5.0, 1.0),
    ],
    &[
        (0.0, 0.0),
        (0.0, 1.0),
        (PI / 3.0, 1.0),
        (2.0 * PI / 3.0, 1.0),
        (PI, 1.0),
        (4.0 * PI / 3.0, 1.0),
        (5.0 * PI / 3.0, 1.0),
    ],
    &[
        (0.0, 0.0),
        (0.0, 1.0),
        (2.0 * PI / 7.0, 1.0),
        (4.0 * PI / 7.0, 1.0),
        (6.0 * PI / 7.0, 1.0),
        (8.0 * PI / 7.0, 1.0),
        (10.0 * PI / 7.0, 1.0),
        (12.0 * PI / 7.0, 1.0),
    ],
    &[
        (0.0, 0.3),
        (2.0 * PI / 3.0, 0.3),
        (-2.0 * PI / 3.0, 0.3),
        (0.0, 1.0),
        (PI / 3.0, 1.0),
        (2.0 * PI / 3.0, 1.0),
        (PI, 1.0),
        (4.0 * PI / 3.0, 1.0),
        (5.0 * PI / 3.0, 1.0),
    ],
    &[
        (0.0, 0.0),
        (0.0, 0.5),
        (2.0 * PI / 3.0, 0.5),
        (-2.0 * PI / 3.0, 0.5),
        (0.0, 1.0),
        (PI / 3.0, 1.0),
        (2.0 * PI / 3.0, 1.0),
        (PI, 1.0),
        (4.0 * PI / 3.0, 1.0),
        (5.0 * PI / 3.0, 1.0),
    ],
];

/// The polar layout of `n` rays: the table up to 10, then concentric cones of 1, 4, 7... rays (the
/// last one holding what is left), each ray's α counted with its index among all rays, as Webots does.
fn polar_layout(n: usize) -> Vec<(f64, f64)> {
    if n <= LAYOUTS.len() {
        return LAYOUTS[n - 1].to_vec();
    }
    let mut rings = Vec::new();
    let (mut left, mut cone) = (n, 0);
    while left > 0 {
        let on_ring = left.min(3 * cone + 1);
        rings.push((cone, on_ring));
        left -= on_ring;
        cone += 1;
    }
    let last = (rings.len() - 1) as f64;
    let mut out = Vec::with_capacity(n);
    for (cone, on_ring) in rings {
        for _ in 0..on_ring {
            let s = out.len() as f64;
            out.push((s * 2.0 * PI / on_ring as f64, cone as f64 / last));
        }
    }
    out
}

/// Unit ray directions in the sensor's frame and their weights.
fn rays(n: usize, aperture: f64, gaussian_width: f64) -> (Vec<Vector3<f64>>, Vec<f64>) {
    if n == 1 {
        return (vec![Vector3::x()], vec![1.0]);
    }
    let directions: Vec<Vector3<f64>> = polar_layout(n)
        .into_iter()
        .map(|(alpha, t)| {
            let theta = t * aperture / 2.0;
            let alpha = alpha + PI / 2.0;
            Vector3::new(theta.cos(), -theta.sin() * alpha.cos(), theta.sin() * alpha.sin())
        })
        .collect();
    let weights: Vec<f64> = directions
        .iter()
        .map(|d| {
            let theta = d.x.clamp(-1.0, 1.0).acos();
            (-(theta / (aperture * gaussian_width)).powi(2)).exp()
        })
        .collect();
    let sum: f64 = weights.iter().sum();
    (directions, weights.into_iter().map(|w| w / sum).collect())
}

pub struct DistanceSensor {
    node: NodeId,
    kind: Kind,
    table: LookupTable,
    aperture: f64,
    resolution: f64,
    red_sensitivity: f64,
    directions: Vec<Vector3<f64>>,
    weights: Vec<f64>,
    rng: Box<ChaCha8Rng>,
    /// The last sample's axis, from the sensor to the distance it measured (for a replay).
    last_ray: Option<([f64; 3], [f64; 3])>,
    /// A laser's spot at its last sample.
    spot: Option<LaserSpot>,
}

impl DistanceSensor {
    /// Reads the fields with Webots' corrections, written back.
    fn read(&mut self, scene: &mut Scene, warnings: &mut Vec<String>) {
        let n = self.node;
        let who = scene.describe(n);
        let mut fix = |scene: &mut Scene, field: &str, value: FieldValue, why: &str| {
            warnings.push(format!("{who}: Invalid '{field}' changed to {}. {why}", value_text(&value)));
            scene.set_field_synced(n, field, value);
        };
        self.kind = Kind::parse(&scene.sf_string(n, "type"));
        let mut aperture = scene.sf_float(n, "aperture");
        if aperture < 0.0 {
            aperture = -aperture;
            fix(scene, "aperture", FieldValue::SFFloat(aperture), "The value should be non-negative.");
        }
        let mut count = scene.sf_int(n, "numberOfRays");
        if count < 1 {
            count = 1;
            fix(scene, "numberOfRays", FieldValue::SFInt32(1), "The value should be greater than or equal to 1.");
        }
        let mut width = scene.sf_float(n, "gaussianWidth");
        if width <= 0.0 {
            width = 1.0;
            fix(scene, "gaussianWidth", FieldValue::SFFloat(1.0), "The value should be positive.");
        }
        let mut resolution = scene.sf_float(n, "resolution");
        if resolution <= 0.0 && resolution != -1.0 {
            resolution = -1.0;
            fix(scene, "resolution", FieldValue::SFFloat(-1.0), "The value should be either -1 or positive.");
        }
        let mut red = scene.sf_float(n, "redColorSensitivity");
        if red < 0.0 {
            red = -red;
            fix(scene, "redColorSensitivity", FieldValue::SFFloat(red), "The value should be non-negative.");
        }
        if self.kind == Kind::Laser && count > 1 {
            warnings.push(format!("{who}: 'type' \"laser\" must have one single ray."));
            count = 1;
            scene.set_field_synced(n, "numberOfRays", FieldValue::SFInt32(1));
        }
        self.table = LookupTable::new(scene.mf_vec3(n, "lookupTable"), &who, warnings);
        self.aperture = aperture;
        self.resolution = resolution;
        self.red_sensitivity = red;
        // several rays with no aperture: one is enough
        let count = if count > 1 && aperture == 0.0 { 1 } else { count as usize };
        (self.directions, self.weights) = rays(count, aperture, width);
    }
}

fn value_text(v: &FieldValue) -> String {
    match v {
        FieldValue::SFFloat(f) => crate::c_format::g(*f),
        FieldValue::SFInt32(i) => i.to_string(),
        _ => String::new(),
    }
}

impl SensorModel for DistanceSensor {
    const NODE_TYPE: &'static str = "DistanceSensor";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> DistanceSensor {
        let mut sensor = DistanceSensor {
            node,
            kind: Kind::Generic,
            table: LookupTable::new(Vec::new(), "", warnings),
            aperture: 0.0,
            resolution: -1.0,
            red_sensitivity: 1.0,
            directions: Vec::new(),
            weights: Vec::new(),
            rng: Box::new(device_rng(seed, node)),
            last_ray: None,
            spot: None,
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
        SensorSetup { lookup_table: self.table.rows().to_vec(), kind: self.kind as i32, numbers: vec![self.aperture] }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let rows = self.table.rows();
        if rows.is_empty() {
            out.push(0.0);
            return;
        }
        let range = rows.iter().map(|r| r[0]).fold(f64::NEG_INFINITY, f64::max);
        let scene = sense.scene;
        let pose = scene.global_pose(self.node);
        let origin = Point3::from(pose.translation.vector);
        let ignored = [scene.robot_of(self.node)];
        let hits = self.directions.iter().map(|d| {
            let direction = pose.rotation * d;
            (direction, sense.rays.cast(&origin, &direction, range, &ignored))
        });
        let distance = match self.kind {
            Kind::Laser => {
                let (direction, hit) = hits.take(1).next().unwrap_or((pose.rotation * Vector3::x(), None));
                let line_scale = scene.world_info_node().map_or(0.1, |w| scene.sf_float(w, "lineScale"));
                self.spot = hit.and_then(|h| {
                    LaserSpot::new(&origin, &(origin + direction * h.distance), &h.normal, self.aperture, line_scale)
                });
                hit.map_or(range, |h| h.distance)
            }
            Kind::Generic => hits.zip(&self.weights).map(|((_, hit), w)| w * hit.map_or(range, |h| h.distance)).sum(),
            Kind::Sonar => hits
                .filter_map(|(direction, hit)| {
                    let hit = hit?;
                    // the echo comes back only from a surface facing the ray within π/8
                    (direction.angle(&-hit.normal) < std::f64::consts::FRAC_PI_8).then_some(hit.distance)
                })
                .fold(range, f64::min),
            Kind::InfraRed => {
                // Webots' ray picking against the visual Shapes, the robot's own included
                let view = sense.view();
                let (mut distance, mut factor) = (0.0, 0.0);
                for (d, w) in self.directions.iter().zip(&self.weights) {
                    match view.pick(&origin, &(pose.rotation * d), range) {
                        Some((item, toi)) => {
                            distance += w * toi;
                            factor += w * infra_red::factor(scene, view.items()[item].node);
                        }
                        None => {
                            distance += w * range;
                            factor += w;
                        }
                    }
                }
                distance + (distance / factor - distance) * self.red_sensitivity
            }
        };
        let end = origin + pose.rotation * Vector3::x() * distance;
        self.last_ray = Some((origin.coords.into(), end.coords.into()));
        let value = self.table.lookup(distance, &mut self.rng);
        out.push(if self.resolution != -1.0 { discretize(value, self.resolution) } else { value });
    }

    fn replay_ray(&self) -> Option<([f64; 3], [f64; 3])> {
        self.last_ray
    }

    fn laser_spot(&self) -> Option<Option<LaserSpot>> {
        (self.kind == Kind::Laser).then(|| self.spot.clone())
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, warnings: &mut Vec<String>) {
        self.read(scene, warnings);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_ray_looks_along_x() {
        let (d, w) = rays(1, 1.0, 1.0);
        assert_eq!((d, w), (vec![Vector3::x()], vec![1.0]));
    }

    #[test]
    fn two_rays_spread_sideways_at_half_the_aperture() {
        let (d, w) = rays(2, 0.6, 1.0);
        for v in &d {
            assert!((v.norm() - 1.0).abs() < 1e-12);
            assert!((v.x.acos() - 0.3).abs() < 1e-12, "{v:?}");
            // horizontal in the sensor's frame (y), not up (z)
            assert!(v.z.abs() < 1e-12 && v.y.abs() > 0.29, "{v:?}");
        }
        assert!(d[0].y * d[1].y < 0.0);
        assert_eq!(w, vec![0.5, 0.5]);
    }

    #[test]
    fn weights_fall_off_from_the_axis_and_sum_to_one() {
        let (d, w) = rays(5, 1.0, 0.5);
        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // the central ray outweighs the rim: exp(0) against exp(-(0.5 / 0.5)²)
        assert!((w[0] / w[1] - 1f64.exp()).abs() < 1e-9);
        assert!((d[0] - Vector3::x()).norm() < 1e-12);
    }

    #[test]
    fn many_rays_fill_cones_of_one_four_seven() {
        let p = polar_layout(12);
        assert_eq!(p.len(), 12);
        // cone 0: 1 ray, cone 1: 4 rays, cone 2 (last, t = 1): the 7 left
        assert_eq!(p[0].1, 0.0);
        assert!(p[1..5].iter().all(|&(_, t)| (t - 0.5).abs() < 1e-12));
        assert!(p[5..].iter().all(|&(_, t)| t == 1.0));
        // α counts the ray's index among all rays (Webots' quirk)
        assert!((p[5].0 - 5.0 * 2.0 * PI / 7.0).abs() < 1e-12);
    }

    #[test]
    fn unknown_types_are_sonars() {
        assert_eq!(Kind::parse("Infrared"), Kind::InfraRed);
        assert_eq!(Kind::parse("LASER"), Kind::Laser);
        assert_eq!(Kind::parse("radar"), Kind::Sonar);
    }
}
