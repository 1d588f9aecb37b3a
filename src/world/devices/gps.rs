//! GPS (spec motion §5.1): the device's origin in world coordinates plus `gpsReference` (or, in a
//! WGS84 world, latitude, longitude and altitude through UTM), with correlated noise of σ = `accuracy`
//! and `resolution`; the speed vector of its body at the device (or a finite difference without one),
//! the speed with relative noise and `speedResolution`. Sample: x, y, z, speed, vx, vy, vz.

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::lookup_table::discretize;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

pub const LOCAL: i32 = 0;
pub const WGS84: i32 = 1;

pub struct Gps {
    node: NodeId,
    accuracy: f64,
    correlation: f64,
    resolution: f64,
    speed_noise: f64,
    speed_resolution: f64,
    coordinates: i32,
    reference: [f64; 3],
    /// The world's axes named north, east and up (indices), for WGS84.
    neu: [usize; 3],
    /// Correlated noise state of each axis.
    noise: [f64; 3],
    /// The previous sample's position and time, for the speed without a body.
    previous: Option<(Point3<f64>, f64)>,
    rng: Box<ChaCha8Rng>,
}

impl Gps {
    fn read(&mut self, scene: &Scene) {
        let n = self.node;
        self.accuracy = scene.sf_float(n, "accuracy");
        self.correlation = scene.sf_float(n, "noiseCorrelation").clamp(0.0, 1.0);
        self.resolution = scene.sf_float(n, "resolution");
        self.speed_noise = scene.sf_float(n, "speedNoise");
        self.speed_resolution = scene.sf_float(n, "speedResolution");
        if let Some(info) = scene.world_info_node() {
            self.coordinates = if scene.sf_string(info, "gpsCoordinateSystem") == "WGS84" { WGS84 } else { LOCAL };
            self.reference = scene.sf_vec3(info, "gpsReference");
            let system = scene.world_info().coordinate_system;
            let axis = |c: char| system.find(c).unwrap_or(0);
            self.neu = [axis('N'), axis('E'), axis('U')];
        }
    }
}

impl SensorModel for Gps {
    const NODE_TYPE: &'static str = "GPS";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, warnings: &mut Vec<String>) -> Gps {
        if let Some(info) = scene.world_info_node() {
            let system = scene.sf_string(info, "gpsCoordinateSystem");
            if system != "local" && system != "WGS84" {
                warnings.push(format!("WorldInfo: unknown 'gpsCoordinateSystem' \"{system}\": using \"local\"."));
            }
        }
        let mut gps = Gps {
            node,
            accuracy: 0.0,
            correlation: 0.0,
            resolution: -1.0,
            speed_noise: 0.0,
            speed_resolution: -1.0,
            coordinates: LOCAL,
            reference: [0.0; 3],
            neu: [1, 0, 2],
            noise: [0.0; 3],
            previous: None,
            rng: Box::new(device_rng(seed, node)),
        };
        gps.read(scene);
        gps
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup { kind: self.coordinates, ..Default::default() }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let at = Point3::from(sense.scene.global_pose(self.node).translation.vector);
        // the velocity of its body at the device, or the change since the previous sample
        let velocity = match sense.physics.and_then(|p| p.velocity_at(sense.scene, self.node, &at)) {
            Some(v) => v,
            None => match self.previous {
                Some((p, t)) if sense.now > t => (at - p) * 1000.0 / (sense.now - t),
                _ => Vector3::repeat(f64::NAN),
            },
        };
        let elapsed_s = self.previous.map_or(0.0, |(_, t)| (sense.now - t) / 1000.0);
        self.previous = Some((at, sense.now));
        let mut position = [0.0; 3];
        if self.coordinates == WGS84 {
            let [n, e, u] = self.neu;
            let (north, east) = utm::forward(self.reference[0], self.reference[1]);
            let mut metres = [north + at[n], east + at[e], self.reference[2] + at[u]];
            self.add_noise(&mut metres, elapsed_s);
            let (lat, lon) = utm::inverse(metres[0], metres[1], self.reference[0], self.reference[1]);
            position = [lat, lon, metres[2]];
        } else {
            for (k, p) in position.iter_mut().enumerate() {
                *p = at[k] + self.reference[k];
            }
            self.add_noise(&mut position, elapsed_s);
        }
        let mut speed = velocity.norm();
        if self.speed_noise > 0.0 {
            let g: f64 = StandardNormal.sample(&mut *self.rng);
            speed *= 1.0 + self.speed_noise * g;
        }
        if self.speed_resolution > 0.0 {
            speed = discretize(speed, self.speed_resolution);
        }
        out.extend_from_slice(&position);
        out.push(speed);
        out.extend_from_slice(velocity.as_slice());
    }

    fn enabled(&mut self, _now: f64) {
        self.previous = None;
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, _warnings: &mut Vec<String>) {
        self.read(scene);
    }

    fn world_info_changed(&mut self, scene: &mut Scene, _field: &str) {
        self.read(scene);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
        self.noise = [0.0; 3];
    }
}

impl Gps {
    /// Correlated noise of σ = `accuracy` on each value (in metres), then the resolution.
    fn add_noise(&mut self, values: &mut [f64; 3], elapsed_s: f64) {
        if self.accuracy != 0.0 {
            let r = if self.correlation == 0.0 { 0.0 } else { self.correlation.powf(elapsed_s) };
            for (v, n) in values.iter_mut().zip(self.noise.iter_mut()) {
                let g: f64 = StandardNormal.sample(&mut *self.rng);
                *n = r * *n + (1.0 - r * r).sqrt() * g;
                *v += self.accuracy * *n;
            }
        }
        if self.resolution > 0.0 {
            values.iter_mut().for_each(|v| *v = discretize(*v, self.resolution));
        }
    }
}

/// Universal Transverse Mercator on the WGS84 ellipsoid (Snyder's series), in the zone of a reference
/// longitude: what a WGS84 world adds metres to.
mod utm {
    const A: f64 = 6_378_137.0;
    const F: f64 = 1.0 / 298.257_223_6;
    const K0: f64 = 0.9996;
    const FALSE_EASTING: f64 = 500_000.0;
    const FALSE_NORTHING_SOUTH: f64 = 10_000_000.0;

    fn central_meridian(reference_longitude: f64) -> f64 {
        let zone = ((reference_longitude + 180.0) / 6.0).floor().clamp(0.0, 59.0) + 1.0;
        (zone - 1.0) * 6.0 - 180.0 + 3.0
    }

    fn e2() -> f64 {
        F * (2.0 - F)
    }

    fn meridian_arc(phi: f64) -> f64 {
        let e2 = e2();
        let (e4, e6) = (e2 * e2, e2 * e2 * e2);
        A * ((1.0 - e2 / 4.0 - 3.0 * e4 / 64.0 - 5.0 * e6 / 256.0) * phi
            - (3.0 * e2 / 8.0 + 3.0 * e4 / 32.0 + 45.0 * e6 / 1024.0) * (2.0 * phi).sin()
            + (15.0 * e4 / 256.0 + 45.0 * e6 / 1024.0) * (4.0 * phi).sin()
            - (35.0 * e6 / 3072.0) * (6.0 * phi).sin())
    }

    /// (northing, easting) in metres of latitude/longitude in degrees.
    pub fn forward(latitude: f64, longitude: f64) -> (f64, f64) {
        let e2 = e2();
        let ep2 = e2 / (1.0 - e2);
        let phi = latitude.to_radians();
        let lambda0 = central_meridian(longitude).to_radians();
        let n = A / (1.0 - e2 * phi.sin().powi(2)).sqrt();
        let t = phi.tan().powi(2);
        let c = ep2 * phi.cos().powi(2);
        let a = phi.cos() * (longitude.to_radians() - lambda0);
        let m = meridian_arc(phi);
        let easting = K0
            * n
            * (a + (1.0 - t + c) * a.powi(3) / 6.0
                + (5.0 - 18.0 * t + t * t + 72.0 * c - 58.0 * ep2) * a.powi(5) / 120.0)
            + FALSE_EASTING;
        let mut northing = K0
            * (m + n
                * phi.tan()
                * (a * a / 2.0
                    + (5.0 - t + 9.0 * c + 4.0 * c * c) * a.powi(4) / 24.0
                    + (61.0 - 58.0 * t + t * t + 600.0 * c - 330.0 * ep2) * a.powi(6) / 720.0));
        if latitude < 0.0 {
            northing += FALSE_NORTHING_SOUTH;
        }
        (northing, easting)
    }

    /// Latitude/longitude in degrees of a northing/easting in the zone and hemisphere of the reference.
    pub fn inverse(northing: f64, easting: f64, reference_latitude: f64, reference_longitude: f64) -> (f64, f64) {
        let e2 = e2();
        let ep2 = e2 / (1.0 - e2);
        let south = reference_latitude < 0.0;
        let m = (if south { northing - FALSE_NORTHING_SOUTH } else { northing }) / K0;
        let mu = m / (A * (1.0 - e2 / 4.0 - 3.0 * e2 * e2 / 64.0 - 5.0 * e2.powi(3) / 256.0));
        let e1 = (1.0 - (1.0 - e2).sqrt()) / (1.0 + (1.0 - e2).sqrt());
        let phi1 = mu
            + (3.0 * e1 / 2.0 - 27.0 * e1.powi(3) / 32.0) * (2.0 * mu).sin()
            + (21.0 * e1 * e1 / 16.0 - 55.0 * e1.powi(4) / 32.0) * (4.0 * mu).sin()
            + (151.0 * e1.powi(3) / 96.0) * (6.0 * mu).sin()
            + (1097.0 * e1.powi(4) / 512.0) * (8.0 * mu).sin();
        let n1 = A / (1.0 - e2 * phi1.sin().powi(2)).sqrt();
        let t1 = phi1.tan().powi(2);
        let c1 = ep2 * phi1.cos().powi(2);
        let r1 = A * (1.0 - e2) / (1.0 - e2 * phi1.sin().powi(2)).powf(1.5);
        let d = (easting - FALSE_EASTING) / (n1 * K0);
        let phi = phi1
            - (n1 * phi1.tan() / r1)
                * (d * d / 2.0 - (5.0 + 3.0 * t1 + 10.0 * c1 - 4.0 * c1 * c1 - 9.0 * ep2) * d.powi(4) / 24.0
                    + (61.0 + 90.0 * t1 + 298.0 * c1 + 45.0 * t1 * t1 - 252.0 * ep2 - 3.0 * c1 * c1) * d.powi(6)
                        / 720.0);
        let lambda = (d - (1.0 + 2.0 * t1 + c1) * d.powi(3) / 6.0
            + (5.0 - 2.0 * c1 + 28.0 * t1 - 3.0 * c1 * c1 + 8.0 * ep2 + 24.0 * t1 * t1) * d.powi(5) / 120.0)
            / phi1.cos();
        (phi.to_degrees(), central_meridian(reference_longitude) + lambda.to_degrees())
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn round_trips_and_known_points() {
            // the zone 31 central meridian at the equator: 500 km east, 0 north
            let (n, e) = forward(0.0, 3.0);
            assert!(n.abs() < 1e-6 && (e - 500_000.0).abs() < 1e-6);
            // one degree of latitude along a central meridian: about 110.6 km near the equator
            let (n, _) = forward(1.0, 3.0);
            assert!((n - 0.9996 * 110_574.0).abs() < 5.0, "{n}");
            for (lat, lon) in [(46.5, 6.6), (-33.9, 151.2), (0.1, -0.1), (60.0, 25.0)] {
                let (n, e) = forward(lat, lon);
                let (lat2, lon2) = inverse(n, e, lat, lon);
                assert!((lat - lat2).abs() < 1e-8 && (lon - lon2).abs() < 1e-8, "{lat} {lon}: {lat2} {lon2}");
            }
        }
    }
}
