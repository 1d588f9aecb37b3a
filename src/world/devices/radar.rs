//! Radar: every Solid with a positive `radarCrossSection` (the radar itself aside) whose bounding
//! objects are wholly or partly within the range and the detection frustum (x forward, `detection.rs`)
//! is a target: its distance (to the centre of its visible box), received power
//! (radar equation, dBm), radial speed (from the positions at the previous sample, positive when it
//! moves away) and azimuth (positive to the left), with Gaussian noises, the radial-speed filters, the
//! occlusion check against bounding objects and Webots' merging of targets closer than
//! `cellDistance`. Sample: the number of targets, then 4 numbers per target.

use std::collections::HashMap;

use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use super::detection::Frustum;
use super::sensor::{Sense, SensorModel};
use crate::protocol::SensorSetup;
use crate::world::devices::radio::medium::nodes::device_rng;
use crate::world::scene::{NodeId, Scene};

const LIGHT_SPEED: f64 = 299_792_458.0;

#[derive(Default)]
struct Fields {
    min_range: f64,
    max_range: f64,
    hfov: f64,
    vfov: f64,
    min_abs_speed: f64,
    min_speed: f64,
    max_speed: f64,
    cell_distance: f64,
    cell_speed: f64,
    range_noise: f64,
    speed_noise: f64,
    angular_noise: f64,
    /// Transmitted power (W) · gain² · λ² / (4π)³.
    power_factor: f64,
    /// The minimum detectable signal, W.
    threshold: f64,
    occlusion: bool,
}

/// Target origins and the radar's at a sample, and its time (ms).
type Positions = (HashMap<NodeId, Point3<f64>>, Point3<f64>, f64);

pub struct Radar {
    node: NodeId,
    f: Fields,
    /// The positions at the previous sample.
    previous: Option<Positions>,
    rng: Box<ChaCha8Rng>,
}

/// One target before the power is turned into dBm.
#[derive(Clone, Copy)]
struct Target {
    distance: f64,
    power: f64,
    speed: f64,
    azimuth: f64,
}

impl Radar {
    fn read(&mut self, scene: &Scene) {
        let n = self.node;
        let g = |name| scene.sf_float(n, name);
        let wavelength = LIGHT_SPEED / (g("frequency") * 1e9);
        let gain = 10f64.powf(g("antennaGain") / 10.0);
        let power = 0.001 * 10f64.powf(g("transmittedPower") / 10.0);
        self.f = Fields {
            min_range: g("minRange"),
            max_range: g("maxRange"),
            hfov: g("horizontalFieldOfView"),
            vfov: g("verticalFieldOfView"),
            min_abs_speed: g("minAbsoluteRadialSpeed"),
            min_speed: g("minRadialSpeed"),
            max_speed: g("maxRadialSpeed"),
            cell_distance: g("cellDistance"),
            cell_speed: g("cellSpeed"),
            range_noise: g("rangeNoise"),
            speed_noise: g("speedNoise"),
            angular_noise: g("angularNoise"),
            power_factor: power * gain * gain * wavelength * wavelength / (4.0 * std::f64::consts::PI).powi(3),
            threshold: 0.001 * 10f64.powf(g("minDetectableSignal") / 10.0),
            occlusion: scene.sf_bool(n, "occlusion"),
        };
    }

    fn gauss(&mut self, sigma: f64) -> f64 {
        if sigma > 0.0 {
            let g: f64 = StandardNormal.sample(&mut *self.rng);
            sigma * g
        } else {
            0.0
        }
    }

    /// Webots' merge: targets closer than `cellDistance` (and, with a `cellSpeed`, of close speeds)
    /// become one, averaged with the received power as weight.
    fn merge(&self, targets: &mut Vec<Target>) {
        let mut i = 0;
        while i + 1 < targets.len() {
            let close = |a: &Target, b: &Target| {
                (a.distance - b.distance).abs() < self.f.cell_distance
                    && (self.f.cell_speed <= 0.0 || (a.speed - b.speed).abs() < self.f.cell_speed)
            };
            let group: Vec<usize> = (i + 1..targets.len()).filter(|&j| close(&targets[i], &targets[j])).collect();
            if group.is_empty() {
                i += 1;
                continue;
            }
            let mut sum = targets[i];
            let weigh = |t: &Target| (t.power, t.azimuth * t.power, t.speed * t.power, t.distance * t.power);
            let (mut p, mut a, mut s, mut d) = weigh(&sum);
            for &j in &group {
                let (pj, aj, sj, dj) = weigh(&targets[j]);
                p += pj;
                a += aj;
                s += sj;
                d += dj;
            }
            sum = Target { power: p, azimuth: a / p, speed: s / p, distance: d / p };
            targets[i] = sum;
            for &j in group.iter().rev() {
                targets.remove(j);
            }
        }
    }
}

impl SensorModel for Radar {
    const NODE_TYPE: &'static str = "Radar";

    fn new(scene: &mut Scene, node: NodeId, seed: i32, _warnings: &mut Vec<String>) -> Radar {
        let mut r = Radar { node, f: Fields::default(), previous: None, rng: Box::new(device_rng(seed, node)) };
        r.read(scene);
        r
    }

    fn node(&self) -> NodeId {
        self.node
    }

    fn set_node(&mut self, node: NodeId) {
        self.node = node;
    }

    fn setup(&self) -> SensorSetup {
        SensorSetup {
            numbers: vec![self.f.min_range, self.f.max_range, self.f.hfov, self.f.vfov],
            ..Default::default()
        }
    }

    fn measure(&mut self, sense: &Sense, out: &mut Vec<f64>) {
        let scene = sense.scene;
        let pose = scene.global_pose(self.node);
        let origin = Point3::from(pose.translation.vector);
        let candidates: Vec<(NodeId, Point3<f64>, f64)> = scene
            .preorder()
            .into_iter()
            .filter(|&n| n != self.node && scene.is_solid(n) && scene.sf_float(n, "radarCrossSection") > 0.0)
            .map(|n| (n, Point3::from(scene.global_pose(n).translation.vector), scene.sf_float(n, "radarCrossSection")))
            .collect();
        let elapsed_s = self.previous.as_ref().map_or(0.0, |(_, _, t)| (sense.now - t) / 1000.0);
        let radar_velocity = match &self.previous {
            Some((_, p, _)) if elapsed_s > 0.0 => (origin - p) / elapsed_s,
            _ => Vector3::zeros(),
        };
        let frustum = Frustum::new(pose, self.f.hfov, self.f.vfov, self.f.max_range, false);
        let mut targets = Vec::new();
        for &(solid, at, rcs) in &candidates {
            let Some(seen) = frustum.detect(scene, sense.view(), solid) else { continue };
            let local = pose.inverse_transform_point(&at);
            let range = local.coords.norm();
            if self.f.occlusion && range > 0.0 {
                let ignored = [scene.robot_of(self.node)];
                if let Some(hit) = sense.rays.cast(&origin, &((at - origin) / range), range, &ignored) {
                    // another Solid's bounding object more than half the target's depth before its origin
                    if !scene.path_to(hit.solid).contains(&solid) && range - hit.distance > 0.5 * seen.size.x {
                        continue;
                    }
                }
            }
            let mut distance = seen.distance() + self.gauss(self.f.range_noise);
            if distance < self.f.min_range - seen.size.x / 2.0 {
                continue;
            }
            distance = distance.clamp(self.f.min_range, self.f.max_range);
            let power = self.f.power_factor * rcs / distance.powi(4);
            if power < self.f.threshold {
                continue;
            }
            let azimuth = local.y.atan2(local.x);
            let target_velocity = match &self.previous {
                Some((before, _, _)) if elapsed_s > 0.0 => {
                    before.get(&solid).map_or(Vector3::zeros(), |p| (at - p) / elapsed_s)
                }
                _ => Vector3::zeros(),
            };
            let speed =
                ((at - origin) / range).dot(&(target_velocity - radar_velocity)) + self.gauss(self.f.speed_noise);
            if (self.f.min_speed != 0.0 || self.f.max_speed != 0.0)
                && (speed < self.f.min_speed || speed > self.f.max_speed)
            {
                continue;
            }
            if self.f.min_abs_speed > 0.0 && speed.abs() < self.f.min_abs_speed {
                continue;
            }
            let azimuth = azimuth.clamp(-self.f.hfov / 2.0, self.f.hfov / 2.0) + self.gauss(self.f.angular_noise);
            targets.push(Target { distance, power, speed, azimuth });
        }
        if self.f.cell_distance > 0.0 {
            self.merge(&mut targets);
        }
        self.previous = Some((candidates.iter().map(|&(n, p, _)| (n, p)).collect(), origin, sense.now));
        out.push(targets.len() as f64);
        for t in targets {
            out.extend_from_slice(&[t.distance, 10.0 * (t.power / 0.001).log10(), t.speed, t.azimuth]);
        }
    }

    fn enabled(&mut self, _now: f64) {
        self.previous = None;
    }

    fn field_changed(&mut self, scene: &mut Scene, _field: &str, _warnings: &mut Vec<String>) {
        self.read(scene);
    }

    fn reseed(&mut self, seed: i32) {
        *self.rng = device_rng(seed, self.node);
    }
}
