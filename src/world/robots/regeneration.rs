//! A regenerated template PROTO instance and the robots: a robot's devices rebuilt with it keep their
//! tags when the rebuilt robot has the same devices in the same order (the usual case: a template
//! changed a size or a color). Webots restarts the controller of a regenerated Robot; webots-shim keeps
//! it running, so a changed device list is reported and the controller keeps the devices it had.

use crate::world::robots::table::RobotEntry;
use crate::world::scene::{NodeId, Scene};

/// The (old node, new node) pairs of `robot`'s devices after a regeneration, its device list updated.
pub fn device_moves(scene: &Scene, robot: &mut RobotEntry, warnings: &mut Vec<String>) -> Vec<(NodeId, NodeId)> {
    let now = scene.robot_devices(robot.node);
    if now == robot.devices {
        return Vec::new();
    }
    let kinds_match = now.len() == robot.devices.len()
        && now.iter().zip(&robot.devices).all(|(&a, &b)| scene.type_name(a) == scene.type_name(b));
    if !kinds_match {
        warnings.push(format!(
            "the regenerated template PROTO changed the devices of robot \"{}\": its controller keeps the devices it \
             had (webots-shim does not restart controllers)",
            robot.name
        ));
        return Vec::new();
    }
    let moves: Vec<(NodeId, NodeId)> =
        robot.devices.iter().copied().zip(now.iter().copied()).filter(|(a, b)| a != b).collect();
    robot.devices = now;
    moves
}
