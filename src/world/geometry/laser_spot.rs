//! The red spot a laser distance sensor draws where its ray meets a bounding object, as Webots shows it
//! to cameras (DistanceSensor reference: `type "laser"`, `aperture` = the spot's radius in metres): a
//! regular decagon of that radius, red and emissive red, lying on the surface and lifted toward the
//! sensor by `lineScale` / 200 against depth fighting; not drawn when the ray meets the surface more
//! than 80 degrees (1.3963 rad) from its normal.

use nalgebra::{Point3, Unit, UnitQuaternion, Vector3};

use super::shading::Surface;
use crate::world::scene::NodeId;

/// Beyond this angle between the surface normal and the way back to the sensor, no spot.
const MAX_INCIDENCE: f64 = 1.3963;

/// One spot, world frame.
#[derive(Clone, Debug, PartialEq)]
pub struct LaserSpot {
    center: Point3<f64>,
    /// Unit, toward the sensor's side.
    normal: Vector3<f64>,
    radius: f64,
    /// Takes the spot's frame (decagon in its x-y plane, a corner on +y) to the world's.
    rotation: UnitQuaternion<f64>,
}

impl LaserSpot {
    /// The spot of a ray from `sensor` hitting `hit` on a surface of normal `normal` (either side), for a
    /// sensor of `aperture` in a world of `line_scale`. `None` when Webots draws none.
    pub fn new(
        sensor: &Point3<f64>,
        hit: &Point3<f64>,
        normal: &Vector3<f64>,
        aperture: f64,
        line_scale: f64,
    ) -> Option<LaserSpot> {
        let back = (sensor - hit).try_normalize(1e-12)?;
        let mut normal = normal.try_normalize(1e-12)?;
        if !(aperture > 0.0 && aperture.is_finite()) {
            return None;
        }
        if normal.dot(&back) < 0.0 {
            normal = -normal;
        }
        if normal.angle(&back) >= MAX_INCIDENCE {
            return None;
        }
        let rotation = match Unit::try_new(Vector3::z().cross(&normal), 1e-12) {
            Some(axis) => UnitQuaternion::from_axis_angle(&axis, Vector3::z().angle(&normal)),
            None if normal.z < 0.0 => UnitQuaternion::from_axis_angle(&Vector3::y_axis(), std::f64::consts::PI),
            None => UnitQuaternion::identity(),
        };
        let lift = if line_scale.is_finite() { line_scale.max(0.0) / 200.0 } else { 0.0 };
        Some(LaserSpot { center: hit + back * lift, normal, radius: aperture, rotation })
    }

    /// Whether the unit `direction` from `origin` meets the spot within `max`.
    pub fn covers(&self, origin: &Point3<f64>, direction: &Vector3<f64>, max: f64) -> bool {
        self.meet(origin, direction, max).is_some()
    }

    /// Where (how far) the unit `direction` from `origin` meets the spot within `max`.
    pub fn meet(&self, origin: &Point3<f64>, direction: &Vector3<f64>, max: f64) -> Option<f64> {
        let along = self.normal.dot(direction);
        if along.abs() < 1e-12 {
            return None;
        }
        let t = self.normal.dot(&(self.center - origin)) / along;
        if !(t > 0.0 && t <= max) {
            return None;
        }
        let local = self.rotation.inverse_transform_vector(&(origin + direction * t - self.center));
        inside_decagon(local.x, local.y, self.radius).then_some(t)
    }

    /// The spot's unit normal, toward its sensor.
    pub fn normal(&self) -> Vector3<f64> {
        self.normal
    }

    /// How the spot is shaded: red, emissive red.
    pub fn surface() -> Surface {
        Surface::Lit { diffuse: [1.0, 0.0, 0.0], ambient: [0.0; 3], emissive: [1.0, 0.0, 0.0] }
    }
}

/// Whether (x, y) lies in the regular decagon of circumradius `r` with corners at 90° + k·36° (edge
/// middles at k·36°).
fn inside_decagon(x: f64, y: f64, r: f64) -> bool {
    let step = std::f64::consts::PI / 5.0;
    let (rho, theta) = (x.hypot(y), y.atan2(x));
    let off = theta - step * (theta / step).round();
    rho * off.cos() <= r * (step / 2.0).cos()
}

/// The spots the cameras see this step, by the laser sensor that draws each.
#[derive(Default)]
pub struct LaserSpots {
    spots: Vec<(NodeId, LaserSpot)>,
}

impl LaserSpots {
    /// Sensor `key`'s spot is now `spot` (none: it draws none).
    pub fn set(&mut self, key: NodeId, spot: Option<LaserSpot>) {
        self.spots.retain(|(k, _)| *k != key);
        self.spots.extend(spot.map(|s| (key, s)));
    }

    pub fn is_empty(&self) -> bool {
        self.spots.is_empty()
    }

    pub fn clear(&mut self) {
        self.spots.clear();
    }

    /// The nearest spot on the unit `direction` from `origin` within `max`: its distance and normal.
    pub fn meet(&self, origin: &Point3<f64>, direction: &Vector3<f64>, max: f64) -> Option<(f64, Vector3<f64>)> {
        self.spots
            .iter()
            .filter_map(|(_, s)| Some((s.meet(origin, direction, max)?, s.normal)))
            .min_by(|a, b| a.0.total_cmp(&b.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor_spot(aperture: f64) -> LaserSpot {
        // a sensor 1 m above the floor looking down; the floor's normal given upside down
        LaserSpot::new(&Point3::new(0.0, 0.0, 1.0), &Point3::origin(), &-Vector3::z(), aperture, 0.1).unwrap()
    }

    #[test]
    fn the_spot_is_a_decagon_of_the_aperture_lifted_toward_the_sensor() {
        let s = floor_spot(0.01);
        assert!((s.center.z - 0.0005).abs() < 1e-12, "lineScale 0.1 / 200");
        let down = -Vector3::z();
        let from = |x: f64, y: f64| Point3::new(x, y, 2.0);
        assert!(s.covers(&from(0.0, 0.0), &down, 10.0));
        // a corner on +y at the full radius; an edge's middle on +x at r · cos 18°
        assert!(s.covers(&from(0.0, 0.00999), &down, 10.0));
        let apothem = 0.01 * (std::f64::consts::PI / 10.0).cos();
        assert!(s.covers(&from(apothem - 1e-6, 0.0), &down, 10.0));
        assert!(!s.covers(&from(apothem + 1e-6, 0.0), &down, 10.0));
        assert!(!s.covers(&from(0.0, 0.0101), &down, 10.0));
        // hidden by whatever the camera meets first
        assert!(!s.covers(&from(0.0, 0.0), &down, 1.0));
    }

    #[test]
    fn no_spot_at_grazing_incidence_or_without_aperture() {
        let up = Vector3::z();
        // the ray meets the floor 81 degrees from its normal
        let a = 81f64.to_radians();
        let sensor = Point3::new(a.sin(), 0.0, a.cos());
        assert!(LaserSpot::new(&sensor, &Point3::origin(), &up, 0.01, 0.1).is_none());
        let a = 79f64.to_radians();
        let sensor = Point3::new(a.sin(), 0.0, a.cos());
        assert!(LaserSpot::new(&sensor, &Point3::origin(), &up, 0.01, 0.1).is_some());
        assert!(LaserSpot::new(&Point3::new(0.0, 0.0, 1.0), &Point3::origin(), &up, 0.0, 0.1).is_none());
    }

    #[test]
    fn a_spot_on_a_wall_turns_with_it() {
        // a wall facing -x, the sensor at x = -1
        let s = LaserSpot::new(&Point3::new(-1.0, 0.0, 0.0), &Point3::origin(), &-Vector3::x(), 0.02, 0.1).unwrap();
        let east = Vector3::x();
        assert!(s.covers(&Point3::new(-2.0, 0.0, 0.0), &east, 10.0));
        assert!(s.covers(&Point3::new(-2.0, 0.015, 0.0), &east, 10.0));
        assert!(s.covers(&Point3::new(-2.0, 0.0, -0.015), &east, 10.0));
        assert!(!s.covers(&Point3::new(-2.0, 0.0, 0.025), &east, 10.0));
    }
}
