//! LED (spec motion §6.3): the value a controller sets, and the colour it lights: colour `v` of its list
//! when not gradual (black for 0 or out of range), `0xRRGGBB` when gradual with no colour, the one
//! colour scaled by `v / 255` when gradual with one (in single precision, as Webots computes it). The
//! colour is written where Webots writes it, so a supervisor sees it: the `emissiveColor` of the
//! Materials and PBRAppearances of the LED's first child (a Shape, or a Group searched through), and the
//! `color` of its lights (Webots switches a light's rendering, not its `on` field).

use super::family::{Ctx, Family, Owner};
use crate::protocol::{Command, DeviceSetup};
use crate::world::scene::{FieldValue, NodeId, Scene};

struct Led {
    node: NodeId,
    colors: Vec<[f64; 3]>,
    gradual: bool,
    value: i32,
    /// Materials and PBRAppearances it colours, and lights it switches.
    surfaces: Vec<NodeId>,
    lights: Vec<NodeId>,
}

const LIGHTS: [&str; 3] = ["PointLight", "SpotLight", "DirectionalLight"];

/// The Materials, PBRAppearances and lights an LED colours: those of its first child only, searched
/// through Groups (and Poses), not into Solids.
fn lit_nodes(scene: &Scene, led: NodeId) -> (Vec<NodeId>, Vec<NodeId>) {
    let (mut surfaces, mut lights) = (Vec::new(), Vec::new());
    let mut stack: Vec<NodeId> = scene.children(led).into_iter().take(1).collect();
    while let Some(n) = stack.pop() {
        match scene.type_name(n) {
            "Shape" => {
                let appearance = scene.sf_node(n, "appearance");
                match appearance.map(|a| (a, scene.type_name(a))) {
                    Some((a, "Appearance")) => surfaces.extend(scene.sf_node(a, "material")),
                    Some((a, "PBRAppearance")) => surfaces.push(a),
                    _ => {}
                }
            }
            t if LIGHTS.contains(&t) => lights.push(n),
            _ if scene.is_solid(n) => {}
            _ => stack.extend(scene.children(n).into_iter().rev()),
        }
    }
    (surfaces, lights)
}

impl Led {
    /// The colour the LED lights for `value` (an intensity outside 0..255 is clamped: Webots would
    /// write a colour outside [0, 1]).
    fn color(&self) -> [f64; 3] {
        let v = self.value;
        let single: [f32; 3] = match (self.gradual, self.colors.as_slice()) {
            (false, colors) => match usize::try_from(v) {
                Ok(i) if i >= 1 && i <= colors.len() => colors[i - 1].map(|x| x as f32),
                _ => [0.0; 3],
            },
            (true, []) => [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff].map(|c| c as f32 / 255.0),
            (true, [c, ..]) => {
                let k = v.clamp(0, 255) as f32 / 255.0;
                c.map(|x| (f64::from(k) * x) as f32)
            }
        };
        single.map(f64::from)
    }

    fn show(&self, scene: &mut Scene) {
        let color = self.color();
        for &n in &self.surfaces {
            scene.set_field_synced(n, "emissiveColor", FieldValue::SFColor(color));
        }
        for &n in &self.lights {
            scene.set_field_synced(n, "color", FieldValue::SFColor(color));
        }
    }
}

#[derive(Default)]
pub struct LedFamily {
    leds: Vec<Led>,
}

impl Family for LedFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        _owner: Owner,
        node: NodeId,
        _seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if scene.type_name(node) != "LED" {
            return None;
        }
        let colors = scene.mf_vec3(node, "color");
        let gradual = scene.sf_bool(node, "gradual");
        if gradual && colors.len() > 1 {
            warnings.push(format!("{}: Too many colors defined for a gradual LED.", scene.describe(node)));
        }
        let (surfaces, lights) = lit_nodes(scene, node);
        if surfaces.is_empty() && lights.is_empty() {
            warnings.push(format!(
                "{}: No PBRAppearance, Material and no Light found. The first child of a LED should be either a \
                 Shape, a Light or a Group containing Shape and Light nodes.",
                scene.describe(node)
            ));
        }
        let led = Led { node, colors, gradual, value: 0, surfaces, lights };
        led.show(scene);
        self.leds.push(led);
        Some(self.leds.len() - 1)
    }

    fn setup(&self, _i: usize) -> DeviceSetup {
        DeviceSetup::Led
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        if let Command::LedSet(v) = command {
            self.leds[i].value = *v;
            self.leds[i].show(ctx.scene);
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, _node: NodeId, _field: &str) {
        let Some(i) = device else { return };
        let led = &mut self.leds[i];
        led.colors = ctx.scene.mf_vec3(led.node, "color");
        led.gradual = ctx.scene.sf_bool(led.node, "gradual");
        led.show(ctx.scene);
    }

    fn hand_over(&mut self, _fresh: &mut dyn Family) {}

    fn remove(&mut self, _i: usize) {}

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.leds[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_webots_rules() {
        let mut led = Led {
            node: 0,
            colors: vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            gradual: false,
            value: 2,
            surfaces: Vec::new(),
            lights: Vec::new(),
        };
        assert_eq!(led.color(), [0.0, 1.0, 0.0]);
        led.value = 3;
        assert_eq!(led.color(), [0.0; 3]);
        led.gradual = true;
        led.colors.clear();
        led.value = 0xff8000;
        assert_eq!(led.color(), [1.0, f64::from(128.0_f32 / 255.0), 0.0]);
        led.colors = vec![[0.0, 0.0, 1.0]];
        led.value = 51;
        assert_eq!(led.color(), [0.0, 0.0, f64::from(0.2_f32)]);
    }
}
