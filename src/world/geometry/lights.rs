//! The world's light sources (DirectionalLight, PointLight, SpotLight) in world coordinates, as the
//! light sensors and the cameras see them.

use nalgebra::{Point3, Vector3};

use crate::world::scene::{NodeId, Scene};

#[derive(Clone, Debug, PartialEq)]
pub enum LightKind {
    /// Light travelling along `direction` (world frame), from nowhere in particular.
    Directional,
    /// Light from `location`, attenuated with distance.
    Point,
    /// A point light restricted to a cone around `direction`.
    Spot { beam_width: f64, cut_off: f64 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Light {
    pub kind: LightKind,
    pub color: [f64; 3],
    pub intensity: f64,
    pub ambient: f64,
    /// `[a1, a2, a3]`: the attenuation is 1 / (a1 + a2·d + a3·d²).
    pub attenuation: [f64; 3],
    pub location: Point3<f64>,
    pub direction: Vector3<f64>,
}

impl Light {
    pub fn attenuation_at(&self, distance: f64) -> f64 {
        let [a, b, c] = self.attenuation;
        let d = a + b * distance + c * distance * distance;
        if d > 0.0 {
            1.0 / d
        } else {
            1.0
        }
    }
}

/// Every light that is on, in scene order.
pub fn lights(scene: &Scene) -> Vec<Light> {
    scene.preorder().into_iter().filter_map(|n| light(scene, n)).collect()
}

fn light(scene: &Scene, n: NodeId) -> Option<Light> {
    let kind = match scene.type_name(n) {
        "DirectionalLight" => LightKind::Directional,
        "PointLight" => LightKind::Point,
        "SpotLight" => {
            LightKind::Spot { beam_width: scene.sf_float(n, "beamWidth"), cut_off: scene.sf_float(n, "cutOffAngle") }
        }
        _ => return None,
    };
    let color = scene.sf_vec3(n, "color");
    // an LED's light shines while the LED is lit (its colour not black), whatever its `on` field:
    // Webots' LED switches the light's rendering
    let shines = if under_led(scene, n) { color.iter().any(|&c| c > 0.0) } else { scene.sf_bool(n, "on") };
    if !shines {
        return None;
    }
    // a light has no frame of its own: it is placed by its ancestors
    let frame = scene.global_pose(n);
    let direction = frame.rotation * Vector3::from(scene.sf_vec3(n, "direction"));
    Some(Light {
        kind,
        color,
        intensity: scene.sf_float(n, "intensity"),
        ambient: scene.sf_float(n, "ambientIntensity"),
        attenuation: scene.sf_vec3(n, "attenuation"),
        location: frame * Point3::from(scene.sf_vec3(n, "location")),
        direction: direction.try_normalize(1e-12).unwrap_or(-Vector3::z()),
    })
}

/// Whether light `n` belongs to an LED: the Solid above it is one.
fn under_led(scene: &Scene, n: NodeId) -> bool {
    let mut at = scene.node(n).and_then(|x| x.parent);
    for _ in 0..64 {
        let Some(p) = at else { return false };
        if scene.is_solid(p) {
            return scene.type_name(p) == "LED";
        }
        at = scene.node(p).and_then(|x| x.parent);
    }
    false
}
