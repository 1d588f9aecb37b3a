//! The robots of a scene and what the runner and the controllers need to know of each: name,
//! controller program and arguments, and the device list in tag order.

use std::path::{Path, PathBuf};

use crate::protocol::{DeviceConfig, DeviceSetup, RobotConfig};
use crate::world::scene::{NodeId, Scene};

/// What `Robot.controller` asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum ControllerSpec {
    /// `<none>`, empty, or `<generic>` (Webots' generic controller only drives a robot window).
    None,
    /// `<extern>`: a controller started by hand connects to the run.
    Extern,
    /// `controllers/NAME/NAME`.
    Program(String),
}

#[derive(Clone, Debug)]
pub struct RobotEntry {
    pub node: NodeId,
    pub name: String,
    pub controller: ControllerSpec,
    pub controller_field: String,
    pub args: Vec<String>,
    /// Device nodes; the device with tag `t` is `devices[t - 1]`.
    pub devices: Vec<NodeId>,
}

pub fn robot_entries(scene: &Scene) -> Vec<RobotEntry> {
    scene.robots().into_iter().map(|node| robot_entry(scene, node)).collect()
}

/// The entry of the Robot node `node`.
pub fn robot_entry(scene: &Scene, node: NodeId) -> RobotEntry {
    let controller_field = scene.sf_string(node, "controller").to_string();
    let controller = match controller_field.trim() {
        "" | "<none>" | "<generic>" | "void" => ControllerSpec::None,
        "<extern>" => ControllerSpec::Extern,
        name => ControllerSpec::Program(name.to_string()),
    };
    RobotEntry {
        node,
        name: scene.sf_string(node, "name").to_string(),
        controller,
        controller_field,
        args: scene.mf_string(node, "controllerArgs"),
        devices: scene.robot_devices(node),
    }
}

/// What a controller learns of one device.
pub fn device_config(scene: &Scene, node: NodeId, setup: DeviceSetup) -> DeviceConfig {
    DeviceConfig {
        node_type: scene.node_type(node),
        name: scene.sf_string(node, "name").to_string(),
        model: scene.sf_string(node, "model").to_string(),
        setup,
    }
}

/// The project folder of a world: the parent of its `worlds/` folder (Webots' convention), else the
/// world's own folder. No trailing separator.
pub fn project_path(world_path: &Path) -> PathBuf {
    let dir = world_path.parent().unwrap_or(Path::new("."));
    match dir.file_name() {
        Some(name) if name == "worlds" => dir.parent().unwrap_or(dir).to_path_buf(),
        _ => dir.to_path_buf(),
    }
}

/// The configuration a controller receives; `setup(i)` gives the device-specific part of device `i`
/// (tag `i + 1`).
pub fn robot_config(
    scene: &Scene,
    entry: &RobotEntry,
    world_path: &Path,
    time_ms: f64,
    setup: impl Fn(usize) -> DeviceSetup,
) -> RobotConfig {
    let node = entry.node;
    RobotConfig {
        name: entry.name.clone(),
        model: scene.sf_string(node, "model").to_string(),
        custom_data: scene.sf_string(node, "customData").to_string(),
        supervisor: scene.sf_bool(node, "supervisor"),
        synchronization: scene.sf_bool(node, "synchronization"),
        basic_time_step: scene.world_info().basic_time_step,
        project_path: project_path(world_path).to_string_lossy().into_owned(),
        world_path: world_path.to_string_lossy().into_owned(),
        controller_name: entry.controller_field.clone(),
        time_ms,
        devices: entry.devices.iter().enumerate().map(|(i, &d)| device_config(scene, d, setup(i))).collect(),
        node_id: 0,
        simulation_mode: 2,
    }
}
