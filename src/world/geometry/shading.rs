//! How a camera sees a surface, by Webots' rules for Appearance/Material (its Phong shader, its HDR
//! resolve): colours are taken to linear light (c^2.2); a point's light is the Material's emissive colour,
//! plus the lights' summed ambient intensities times the Material's ambient colour (ambientIntensity ·
//! diffuseColor), plus each light's Lambert term (intensity, colour, attenuation, spot cone) times the
//! diffuse colour; the camera then maps it with its exposure, 1 - e^(-c · exposure), and a 1/2.2 gamma.
//! The Background's sky colour comes out as written (Webots inverts the mapping for it). A Shape without
//! appearance or material is unlit white: linear 1, mapped like the rest (207 at exposure 1). Specular
//! highlights, shadows, textures and fog are not rendered; a PBRAppearance is shaded as a Material whose
//! diffuse and ambient colour are its base colour (Webots' image-based PBR lighting is not reproduced).

use nalgebra::{Point3, Vector3};

use super::lights::{Light, LightKind};
use crate::world::scene::{NodeId, Scene};

const GAMMA: f64 = 2.2;

/// What a visual Shape shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Surface {
    /// Lit: linear colours.
    Lit { diffuse: [f64; 3], ambient: [f64; 3], emissive: [f64; 3] },
    /// Not lit (a Shape without appearance, an Appearance without material): the linear light Webots'
    /// default shader writes whatever the lights (white, 1), mapped through the camera's exposure like
    /// the rest (207 at exposure 1).
    Flat([f64; 3]),
}

fn linear(c: [f64; 3]) -> [f64; 3] {
    c.map(|v| v.clamp(0.0, 1.0).powf(GAMMA))
}

impl Surface {
    /// The Shape's surface from its appearance.
    pub fn of(scene: &Scene, shape: NodeId) -> Surface {
        let Some(a) = scene.sf_node(shape, "appearance") else { return Surface::Flat([1.0; 3]) };
        if scene.type_name(a) == "PBRAppearance" {
            let base = linear(scene.sf_vec3(a, "baseColor"));
            let k = scene.sf_float(a, "emissiveIntensity");
            let emissive = linear(scene.sf_vec3(a, "emissiveColor")).map(|v| v * k);
            return Surface::Lit { diffuse: base, ambient: base, emissive };
        }
        let Some(m) = scene.sf_node(a, "material") else { return Surface::Flat([1.0; 3]) };
        let diffuse = scene.sf_vec3(m, "diffuseColor");
        let k = scene.sf_float(m, "ambientIntensity");
        Surface::Lit {
            diffuse: linear(diffuse),
            ambient: linear(diffuse.map(|v| v * k)),
            emissive: linear(scene.sf_vec3(m, "emissiveColor")),
        }
    }
}

/// The world's lights as a camera's image uses them.
pub struct Lighting {
    lights: Vec<Light>,
    /// The sum of the lights' ambient intensities times their (linear) colours.
    ambient: [f64; 3],
}

impl Lighting {
    pub fn of(scene: &Scene) -> Lighting {
        let lights = super::lights::lights(scene);
        let mut ambient = [0.0; 3];
        for l in &lights {
            for (a, c) in ambient.iter_mut().zip(linear(l.color)) {
                *a += l.ambient * c;
            }
        }
        Lighting { lights, ambient }
    }

    /// The linear light leaving `surface` at `point` whose outward unit normal is `normal`.
    pub fn shade(&self, surface: &Surface, point: &Point3<f64>, normal: &Vector3<f64>) -> [f64; 3] {
        let (diffuse, ambient, emissive) = match surface {
            Surface::Flat(c) => return *c,
            Surface::Lit { diffuse, ambient, emissive } => (diffuse, ambient, emissive),
        };
        let mut lit = [0.0; 3];
        for light in &self.lights {
            let k = lambert(light, point, normal) * light.intensity;
            if k > 0.0 {
                for (l, c) in lit.iter_mut().zip(linear(light.color)) {
                    *l += k * c;
                }
            }
        }
        std::array::from_fn(|i| emissive[i] + self.ambient[i] * ambient[i] + lit[i] * diffuse[i])
    }
}

/// A light's diffuse factor at a point: the cosine of the incidence (none from behind), attenuated with
/// distance for point and spot lights, faded between a spot's beam width and cut-off angle.
fn lambert(light: &Light, point: &Point3<f64>, normal: &Vector3<f64>) -> f64 {
    let (to_light, factor) = match light.kind {
        LightKind::Directional => (-light.direction, 1.0),
        LightKind::Point | LightKind::Spot { .. } => {
            let d = light.location - point;
            let distance = d.norm();
            if distance <= 0.0 {
                return 0.0;
            }
            let to_light = d / distance;
            let mut factor = light.attenuation_at(distance);
            if let LightKind::Spot { beam_width, cut_off } = light.kind {
                let angle = to_light.dot(&-light.direction).clamp(-1.0, 1.0).acos();
                if angle >= cut_off {
                    return 0.0;
                }
                if angle > beam_width && cut_off > beam_width {
                    factor *= (cut_off - angle) / (cut_off - beam_width);
                }
            }
            (to_light, factor)
        }
    };
    (to_light.dot(normal)).max(0.0) * factor
}

/// A linear colour channel as the camera writes it: Webots' exposure mapping and gamma, in [0, 1].
pub fn tone_map(c: f64, exposure: f64) -> f64 {
    (1.0 - (-c.max(0.0) * exposure.max(0.0)).exp()).powf(1.0 / GAMMA)
}

/// The linear light `tone_map` shows as the colour channel `c`, as Webots takes its sky colour back
/// through the exposure (1 - c^2.2 kept above 1e-9, so a full channel is finite).
/// A camera of exposure 0 sees nothing but black.
pub fn untone_map(c: f64, exposure: f64) -> f64 {
    if exposure <= 0.0 {
        return 0.0;
    }
    -(1.000_000_001 - c.clamp(0.0, 1.0).powf(GAMMA)).ln() / exposure
}

#[cfg(test)]
mod tests {
    use super::*;

    fn byte(c: f64, exposure: f64) -> u8 {
        (tone_map(c, exposure) * 255.0).round() as u8
    }

    #[test]
    fn webots_red_boxes_under_their_lights() {
        // one directional light straight on, no ambient: linear 1
        assert_eq!(byte(1.0, 1.0), 207);
        // two lights 45 degrees off the face (2 · cos 45°) and both ambient intensities of 1 on a
        // Material's default ambient intensity 0.2 (0.2^2.2 linear): 227 at exposure 1, 190 at 0.5
        let c = 2.0 * std::f64::consts::FRAC_1_SQRT_2 + 2.0 * 0.2f64.powf(2.2);
        assert_eq!(byte(c, 1.0), 227);
        assert_eq!(byte(c, 0.5), 190);
        assert_eq!(byte(c, 5.0), 255);
    }

    #[test]
    fn a_colour_taken_back_through_the_exposure_shows_as_written() {
        for exposure in [0.5, 1.0, 2.0] {
            for v in [0u8, 1, 102, 179, 254, 255] {
                let c = f64::from(v) / 255.0;
                assert_eq!(byte(untone_map(c, exposure), exposure), v, "{v} at {exposure}");
            }
        }
        // a full channel stays finite: -ln(1e-9)
        assert!((untone_map(1.0, 1.0) - 1e9f64.ln()).abs() < 1e-6);
        assert_eq!(untone_map(0.5, 0.0), 0.0);
    }
}
