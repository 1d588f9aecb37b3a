//! The small plots of a replay: what a user names (`robot/device:quantity`), or by default every
//! motor's position and every distance sensor's value (`DEFAULT_PLOTS` at most, robots in world order).
//! A motor's or position sensor's `position` is its joint's position in the scene; `value`, `x`, `y`
//! and `z` are the first numbers of the device's last sample sent to its controller.

use crate::protocol::{DeviceEvents, EventRef};
use crate::world::robots::table::RobotEntry;
use crate::world::scene::{NodeId, Scene};

/// Plots made when none is asked for.
pub const DEFAULT_PLOTS: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Quantity {
    /// The joint position, from `jointParameters` (`jointParameters2/3` for a second or third axis).
    Position { params: NodeId },
    /// Component `k` of the device's samples.
    Sample(usize),
}

#[derive(Clone, Debug)]
pub struct PlotSource {
    pub label: String,
    robot: usize,
    tag: u16,
    quantity: Quantity,
    /// The last value seen.
    pub last: Option<f32>,
}

/// The plots asked for by `specs` (`robot/device:quantity`), or the default ones when `specs` is empty.
pub fn plot_sources(scene: &Scene, robots: &[RobotEntry], specs: &[String]) -> Result<Vec<PlotSource>, String> {
    if specs.is_empty() {
        return Ok(default_sources(scene, robots));
    }
    specs.iter().map(|spec| parse(scene, robots, spec)).collect()
}

fn default_sources(scene: &Scene, robots: &[RobotEntry]) -> Vec<PlotSource> {
    let mut out = Vec::new();
    for (r, entry) in robots.iter().enumerate() {
        for (i, &node) in entry.devices.iter().enumerate() {
            let quantity = match scene.type_name(node) {
                "RotationalMotor" | "LinearMotor" => {
                    joint_params(scene, node).map(|params| Quantity::Position { params })
                }
                "DistanceSensor" => Some(Quantity::Sample(0)),
                _ => None,
            };
            if let Some(quantity) = quantity {
                let what = if matches!(quantity, Quantity::Position { .. }) { "position" } else { "value" };
                let label = format!("{}/{}:{what}", entry.name, scene.sf_string(node, "name"));
                out.push(PlotSource { label, robot: r, tag: (i + 1) as u16, quantity, last: None });
            }
            if out.len() == DEFAULT_PLOTS {
                return out;
            }
        }
    }
    out
}

fn parse(scene: &Scene, robots: &[RobotEntry], spec: &str) -> Result<PlotSource, String> {
    let bad = |why: &str| {
        format!("--record-plot \"{spec}\": {why} (expected ROBOT/DEVICE:QUANTITY, QUANTITY one of position, value, x, y, z)")
    };
    let (path, quantity) = spec.rsplit_once(':').ok_or_else(|| bad("no ':QUANTITY'"))?;
    let (robot_name, device_name) = path.split_once('/').ok_or_else(|| bad("no 'ROBOT/'"))?;
    let robot = robots
        .iter()
        .position(|r| r.name == robot_name)
        .ok_or_else(|| bad(&format!("no robot named '{robot_name}'")))?;
    let entry = &robots[robot];
    let i = entry
        .devices
        .iter()
        .position(|&d| scene.sf_string(d, "name") == device_name)
        .ok_or_else(|| bad(&format!("robot '{robot_name}' has no device named '{device_name}'")))?;
    let node = entry.devices[i];
    let quantity = match quantity {
        "position" => Quantity::Position {
            params: joint_params(scene, node).ok_or_else(|| bad(&format!("'{device_name}' is not on a joint")))?,
        },
        "value" | "x" => Quantity::Sample(0),
        "y" => Quantity::Sample(1),
        "z" => Quantity::Sample(2),
        other => return Err(bad(&format!("unknown quantity '{other}'"))),
    };
    Ok(PlotSource { label: spec.to_string(), robot, tag: (i + 1) as u16, quantity, last: None })
}

/// The joint parameters node giving the position of the joint device `node` (a motor, a position
/// sensor) is on.
fn joint_params(scene: &Scene, node: NodeId) -> Option<NodeId> {
    let path = scene.path_to(node);
    let at = path.iter().position(|&n| n == node)?;
    let joint = *path.get(at.checked_sub(1)?)?;
    let field = ["device", "device2", "device3"]
        .iter()
        .position(|f| scene.mf_node(joint, f).contains(&node))
        .map(|k| ["jointParameters", "jointParameters2", "jointParameters3"][k])?;
    scene.sf_node(joint, field)
}

impl PlotSource {
    /// Reads what changed in the step: the joint's position, or the device's sample in its robot's
    /// outbox (the events of the robot's next answer).
    pub fn update(&mut self, scene: &Scene, outboxes: &[DeviceEvents]) {
        match self.quantity {
            Quantity::Position { params } => self.last = Some(scene.sf_float(params, "position") as f32),
            Quantity::Sample(k) => {
                let Some(events) = outboxes.get(self.robot) else { return };
                for (tag, event) in events.iter() {
                    if tag != self.tag {
                        continue;
                    }
                    let value = match event {
                        EventRef::Sample(values) => values.get(k).copied(),
                        EventRef::CompassValues(values) => values.get(k).copied(),
                        _ => None,
                    };
                    if let Some(v) = value.filter(|v| v.is_finite()) {
                        self.last = Some(v as f32);
                    }
                }
            }
        }
    }
}
