//! Where a joint device (motor, position sensor, brake) sits: its joint, the axis whose `device` list
//! holds it, and the other devices of that list (what `get_brake`, `get_motor` and
//! `get_position_sensor` answer).

use crate::world::scene::{NodeId, Scene};

const LISTS: [(&str, &str); 3] =
    [("device", "jointParameters"), ("device2", "jointParameters2"), ("device3", "jointParameters3")];

#[derive(Clone, Debug, PartialEq)]
pub struct JointDevice {
    pub joint: NodeId,
    /// 0, 1 or 2: `device`, `device2` or `device3`.
    pub axis: usize,
    /// The axis' parameters node, if written.
    pub params: Option<NodeId>,
    /// 0 rotational (hinges, ball), 1 linear (slider).
    pub kind: i32,
}

impl JointDevice {
    /// The joint holding `device` in one of its device lists.
    pub fn of(scene: &Scene, device: NodeId) -> Option<JointDevice> {
        let joint = scene.node(device)?.parent?;
        let axis = LISTS.iter().position(|(list, _)| scene.mf_node(joint, list).contains(&device))?;
        Some(JointDevice {
            joint,
            axis,
            params: scene.sf_node(joint, LISTS[axis].1),
            kind: i32::from(scene.type_name(joint) == "SliderJoint"),
        })
    }

    /// The devices sharing this axis' list.
    pub fn siblings(&self, scene: &Scene) -> Vec<NodeId> {
        scene.mf_node(self.joint, LISTS[self.axis].0)
    }

    /// The tag of the first sibling of one of `types` in its robot (0 when none).
    pub fn sibling_tag(&self, scene: &Scene, types: &[&str]) -> u16 {
        let Some(node) = self.siblings(scene).into_iter().find(|&n| types.contains(&scene.type_name(n))) else {
            return 0;
        };
        tag_of(scene, node)
    }

    /// The axis' position as its parameters hold it (the hidden position, 0, without them).
    pub fn written_position(&self, scene: &Scene) -> f64 {
        self.params.map_or(0.0, |p| scene.sf_float(p, "position"))
    }
}

/// A device node's tag in its robot (0 when it is not one of a robot's devices).
pub fn tag_of(scene: &Scene, node: NodeId) -> u16 {
    scene
        .robot_of(node)
        .and_then(|r| scene.robot_devices(r).iter().position(|&d| d == node))
        .map_or(0, |i| (i + 1) as u16)
}
