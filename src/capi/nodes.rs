//! `nodes.h`: the node types (`WbNodeType`) and `wb_node_get_name`.

use std::ffi::c_char;

use super::guard;
use super::types::WbNodeTypeValue;
use crate::protocol::node_type::node_type_name;

/// Webots' node types; the values are part of the ABI.
#[repr(C)]
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
pub enum WbNodeType {
    WB_NODE_NO_NODE = 0,
    WB_NODE_APPEARANCE,
    WB_NODE_BACKGROUND,
    WB_NODE_BILLBOARD,
    WB_NODE_BOX,
    WB_NODE_CAD_SHAPE,
    WB_NODE_CAPSULE,
    WB_NODE_COLOR,
    WB_NODE_CONE,
    WB_NODE_COORDINATE,
    WB_NODE_CYLINDER,
    WB_NODE_DIRECTIONAL_LIGHT,
    WB_NODE_ELEVATION_GRID,
    WB_NODE_FOG,
    WB_NODE_GROUP,
    WB_NODE_IMAGE_TEXTURE,
    WB_NODE_INDEXED_FACE_SET,
    WB_NODE_INDEXED_LINE_SET,
    WB_NODE_MATERIAL,
    WB_NODE_MESH,
    WB_NODE_MUSCLE,
    WB_NODE_NORMAL,
    WB_NODE_PBR_APPEARANCE,
    WB_NODE_PLANE,
    WB_NODE_POINT_LIGHT,
    WB_NODE_POINT_SET,
    WB_NODE_POSE,
    WB_NODE_SHAPE,
    WB_NODE_SPHERE,
    WB_NODE_SPOT_LIGHT,
    WB_NODE_TEXTURE_COORDINATE,
    WB_NODE_TEXTURE_TRANSFORM,
    WB_NODE_TRANSFORM,
    WB_NODE_VIEWPOINT,
    WB_NODE_ROBOT,
    WB_NODE_ACCELEROMETER,
    WB_NODE_ALTIMETER,
    WB_NODE_BRAKE,
    WB_NODE_CAMERA,
    WB_NODE_COMPASS,
    WB_NODE_CONNECTOR,
    WB_NODE_DISPLAY,
    WB_NODE_DISTANCE_SENSOR,
    WB_NODE_EMITTER,
    WB_NODE_GPS,
    WB_NODE_GYRO,
    WB_NODE_INERTIAL_UNIT,
    WB_NODE_LED,
    WB_NODE_LIDAR,
    WB_NODE_LIGHT_SENSOR,
    WB_NODE_LINEAR_MOTOR,
    WB_NODE_PEN,
    WB_NODE_POSITION_SENSOR,
    WB_NODE_PROPELLER,
    WB_NODE_RADAR,
    WB_NODE_RANGE_FINDER,
    WB_NODE_RECEIVER,
    WB_NODE_ROTATIONAL_MOTOR,
    WB_NODE_SKIN,
    WB_NODE_SPEAKER,
    WB_NODE_TOUCH_SENSOR,
    WB_NODE_VACUUM_GRIPPER,
    WB_NODE_BALL_JOINT,
    WB_NODE_BALL_JOINT_PARAMETERS,
    WB_NODE_CHARGER,
    WB_NODE_CONTACT_PROPERTIES,
    WB_NODE_DAMPING,
    WB_NODE_FLUID,
    WB_NODE_FOCUS,
    WB_NODE_HINGE_JOINT,
    WB_NODE_HINGE_JOINT_PARAMETERS,
    WB_NODE_HINGE_2_JOINT,
    WB_NODE_IMMERSION_PROPERTIES,
    WB_NODE_JOINT_PARAMETERS,
    WB_NODE_LENS,
    WB_NODE_LENS_FLARE,
    WB_NODE_PHYSICS,
    WB_NODE_RECOGNITION,
    WB_NODE_SLIDER_JOINT,
    WB_NODE_SLOT,
    WB_NODE_SOLID,
    WB_NODE_SOLID_REFERENCE,
    WB_NODE_TRACK,
    WB_NODE_TRACK_WHEEL,
    WB_NODE_WORLD_INFO,
    WB_NODE_ZOOM,
    WB_NODE_MICROPHONE,
    WB_NODE_RADIO,
}

/// The VRML name of a node type ("Robot", "Emitter", ...), or NULL for an unknown value.
#[no_mangle]
pub extern "C" fn wb_node_get_name(t: WbNodeTypeValue) -> *const c_char {
    guard("wb_node_get_name", std::ptr::null(), || node_type_c_name(t))
}

/// NUL-terminated copies of the type names, made once.
fn node_type_c_name(t: WbNodeTypeValue) -> *const c_char {
    static NAMES: once_cell::sync::Lazy<Vec<std::ffi::CString>> = once_cell::sync::Lazy::new(|| {
        crate::protocol::node_type::NODE_TYPE_NAMES
            .iter()
            .map(|n| std::ffi::CString::new(*n).unwrap_or_default())
            .collect()
    });
    match node_type_name(t) {
        Some(_) => NAMES[t as usize].as_ptr(),
        None => std::ptr::null(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_match_the_type_table() {
        assert_eq!(WbNodeType::WB_NODE_NO_NODE as i32, 0);
        assert_eq!(WbNodeType::WB_NODE_POSE as i32, 26);
        assert_eq!(WbNodeType::WB_NODE_ROBOT as i32, 34);
        assert_eq!(WbNodeType::WB_NODE_EMITTER as i32, 43);
        assert_eq!(WbNodeType::WB_NODE_RECEIVER as i32, 56);
        assert_eq!(WbNodeType::WB_NODE_VACUUM_GRIPPER as i32, 61);
        assert_eq!(WbNodeType::WB_NODE_RADIO as i32, 87);
    }

    #[test]
    fn names_are_vrml_names() {
        let name = |t| unsafe { std::ffi::CStr::from_ptr(wb_node_get_name(t)) }.to_str().unwrap();
        assert_eq!(name(WbNodeType::WB_NODE_PBR_APPEARANCE as i32), "PBRAppearance");
        assert_eq!(name(WbNodeType::WB_NODE_HINGE_2_JOINT as i32), "Hinge2Joint");
        assert!(wb_node_get_name(0).is_null());
        assert!(wb_node_get_name(88).is_null());
        assert!(wb_node_get_name(-5).is_null());
    }
}
