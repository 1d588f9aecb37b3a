//! Webots' node types: the `WbNodeType` numbering (index = value) and each type's VRML name.
//!
//! The numbering is R2025a's (`WB_NODE_POSE` = 26, `WB_NODE_VACUUM_GRIPPER` = 61); C, C++ and Python
//! controllers compile or read these values, so they never change. Index 0 is "no node" and has no name.

/// VRML type names, indexed by `WbNodeType` value.
pub const NODE_TYPE_NAMES: [&str; 88] = [
    "", // WB_NODE_NO_NODE
    "Appearance",
    "Background",
    "Billboard",
    "Box",
    "CadShape",
    "Capsule",
    "Color",
    "Cone",
    "Coordinate",
    "Cylinder",
    "DirectionalLight",
    "ElevationGrid",
    "Fog",
    "Group",
    "ImageTexture",
    "IndexedFaceSet",
    "IndexedLineSet",
    "Material",
    "Mesh",
    "Muscle",
    "Normal",
    "PBRAppearance",
    "Plane",
    "PointLight",
    "PointSet",
    "Pose",
    "Shape",
    "Sphere",
    "SpotLight",
    "TextureCoordinate",
    "TextureTransform",
    "Transform",
    "Viewpoint",
    "Robot",
    "Accelerometer",
    "Altimeter",
    "Brake",
    "Camera",
    "Compass",
    "Connector",
    "Display",
    "DistanceSensor",
    "Emitter",
    "GPS",
    "Gyro",
    "InertialUnit",
    "LED",
    "Lidar",
    "LightSensor",
    "LinearMotor",
    "Pen",
    "PositionSensor",
    "Propeller",
    "Radar",
    "RangeFinder",
    "Receiver",
    "RotationalMotor",
    "Skin",
    "Speaker",
    "TouchSensor",
    "VacuumGripper",
    "BallJoint",
    "BallJointParameters",
    "Charger",
    "ContactProperties",
    "Damping",
    "Fluid",
    "Focus",
    "HingeJoint",
    "HingeJointParameters",
    "Hinge2Joint",
    "ImmersionProperties",
    "JointParameters",
    "Lens",
    "LensFlare",
    "Physics",
    "Recognition",
    "SliderJoint",
    "Slot",
    "Solid",
    "SolidReference",
    "Track",
    "TrackWheel",
    "WorldInfo",
    "Zoom",
    "Microphone",
    "Radio",
];

/// A `WbNodeType` value as it travels in the protocol.
pub type NodeTypeCode = u16;

pub const NO_NODE: NodeTypeCode = 0;
pub const ROBOT: NodeTypeCode = 34;

/// The `WbNodeType` value of a built-in VRML type name, or `NO_NODE` when Webots has no such base node.
pub fn node_type_from_name(name: &str) -> NodeTypeCode {
    NODE_TYPE_NAMES.iter().position(|n| !n.is_empty() && *n == name).map_or(NO_NODE, |i| i as NodeTypeCode)
}

/// The VRML name of a node type, `None` for "no node" or an unknown value.
pub fn node_type_name(code: i32) -> Option<&'static str> {
    usize::try_from(code).ok().and_then(|i| NODE_TYPE_NAMES.get(i)).copied().filter(|n| !n.is_empty())
}

/// Whether a node of this type is a robot device (gets a tag). Webots' devices are the "devices"
/// category of `nodes.h` plus Microphone and Radio, except Propeller, whose motor is the device.
pub fn is_device(code: NodeTypeCode) -> bool {
    ((35..=61).contains(&code) && code != 53) || code == 86 || code == 87
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webots_values_of_key_types() {
        assert_eq!(node_type_from_name("Pose"), 26);
        assert_eq!(node_type_from_name("Robot"), 34);
        assert_eq!(node_type_from_name("Emitter"), 43);
        assert_eq!(node_type_from_name("Receiver"), 56);
        assert_eq!(node_type_from_name("Compass"), 39);
        assert_eq!(node_type_from_name("Connector"), 40);
        assert_eq!(node_type_from_name("VacuumGripper"), 61);
        assert_eq!(node_type_from_name("Solid"), 80);
        assert_eq!(node_type_from_name("WorldInfo"), 84);
        assert_eq!(node_type_from_name("Radio"), 87);
        assert_eq!(node_type_from_name("NotANode"), NO_NODE);
        assert_eq!(node_type_from_name(""), NO_NODE);
    }

    #[test]
    fn names_round_trip_and_no_node_has_none() {
        for code in 1..NODE_TYPE_NAMES.len() {
            let name = node_type_name(code as i32).unwrap();
            assert_eq!(node_type_from_name(name) as usize, code);
        }
        assert_eq!(node_type_name(0), None);
        assert_eq!(node_type_name(-1), None);
        assert_eq!(node_type_name(88), None);
    }

    #[test]
    fn device_category() {
        assert!(is_device(node_type_from_name("Emitter")));
        assert!(is_device(node_type_from_name("Radio")));
        assert!(!is_device(node_type_from_name("Propeller")));
        assert!(!is_device(node_type_from_name("Robot")));
        assert!(!is_device(node_type_from_name("Solid")));
    }
}
