//! The state a saved world keeps in `hidden` lines (on a PROTO instance, whose inside cannot be written,
//! or on any node): `translation_K`, `rotation_K`, `linearVelocity_K`, `angularVelocity_K` of the K-th
//! Solid of the node (0 the node itself, then the Solids below it, depth first, each before the Solids
//! below it, as Webots counts them) and `position_K_J`, `position2_K_J`, `position3_K_J`, the positions
//! of the J-th joint of the K-th Solid. At load they replace what the file's (or PROTO's) fields say, as
//! Webots restores them: joint positions first (a hinge or slider endPoint is placed at its position),
//! then the Solids' poses, then their velocities, the bodies' initial state. Indices that name no Solid
//! or joint are ignored.

use std::collections::BTreeMap;

use super::joint_poses::JointPose;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// Saved values of one Solid: its fields by name, and its joints' positions by joint index.
#[derive(Default)]
struct Saved {
    fields: Vec<(&'static str, FieldValue)>,
    positions: BTreeMap<usize, [Option<f64>; 3]>,
}

/// Applies and removes every node's `hidden` fields.
pub fn apply(scene: &mut Scene) {
    for node in 0..scene.nodes.len() {
        let hidden: Vec<(String, FieldValue)> = scene.nodes[node]
            .fields
            .iter()
            .filter_map(|f| Some((f.name.strip_prefix("hidden ")?.to_string(), f.value.clone())))
            .collect();
        if hidden.is_empty() {
            continue;
        }
        scene.nodes[node].fields.retain(|f| !f.name.starts_with("hidden "));
        let solids = solids_of(scene, node);
        let mut saved: BTreeMap<usize, Saved> = BTreeMap::new();
        for (name, value) in hidden {
            let Some((kind, indices)) = split(&name) else { continue };
            let Some(&solid) = indices.first() else { continue };
            let entry = saved.entry(solid).or_default();
            let vec3 = |v: &FieldValue| match v {
                FieldValue::SFVec3f(a) => Some(*a),
                FieldValue::SFRotation(a) => Some([a[0], a[1], a[2]]),
                FieldValue::MFFloat(a) if a.len() >= 3 => Some([a[0], a[1], a[2]]),
                _ => None,
            };
            match (kind, &value) {
                ("translation", v) => entry.fields.extend(vec3(v).map(|a| ("translation", FieldValue::SFVec3f(a)))),
                ("rotation", FieldValue::SFRotation(r)) => entry.fields.push(("rotation", FieldValue::SFRotation(*r))),
                ("linearVelocity", v) => {
                    entry.fields.extend(vec3(v).map(|a| ("linearVelocity", FieldValue::SFVec3f(a))))
                }
                ("angularVelocity", v) => {
                    entry.fields.extend(vec3(v).map(|a| ("angularVelocity", FieldValue::SFVec3f(a))))
                }
                ("position" | "position2" | "position3", FieldValue::SFFloat(p)) if indices.len() >= 2 => {
                    let axis = match kind {
                        "position" => 0,
                        "position2" => 1,
                        _ => 2,
                    };
                    entry.positions.entry(indices[1]).or_default()[axis] = Some(*p);
                }
                _ => {}
            }
        }
        for (&k, s) in &saved {
            let Some(&solid) = solids.get(k) else { continue };
            let joints = joints_of(scene, solid);
            for (&j, axes) in &s.positions {
                if let Some(&joint) = joints.get(j) {
                    set_positions(scene, joint, axes);
                }
            }
        }
        for (&k, s) in &saved {
            let Some(&solid) = solids.get(k) else { continue };
            for (field, value) in &s.fields {
                if let Some(slot) = scene.field_mut(solid, field) {
                    *slot = value.clone();
                }
            }
        }
    }
}

/// `position2_13_1` → ("position2", [13, 1]).
fn split(name: &str) -> Option<(&str, Vec<usize>)> {
    let mut parts = name.split('_');
    let kind = parts.next()?;
    let indices: Option<Vec<usize>> = parts.map(|p| p.parse().ok()).collect();
    Some((kind, indices?))
}

/// The Solids of `node` in Webots' order: itself, then each Solid below it followed by its own.
fn solids_of(scene: &Scene, node: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    if scene.is_solid(node) {
        out.push(node);
    }
    let mut below = Vec::new();
    nearest_below(scene, node, &mut below, &|s, n| s.is_solid(n));
    for s in below {
        out.extend(solids_of(scene, s));
    }
    out
}

/// The joints of a Solid, in the order its children hold them.
fn joints_of(scene: &Scene, solid: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    nearest_below(scene, solid, &mut out, &|s, n| s.type_name(n).ends_with("Joint"));
    out
}

/// The nearest nodes below `node` (through groups, poses and joints, not through bounding objects or
/// another Solid) that `hit` accepts.
fn nearest_below(scene: &Scene, node: NodeId, out: &mut Vec<NodeId>, hit: &dyn Fn(&Scene, NodeId) -> bool) {
    let bounding = scene.sf_node(node, "boundingObject");
    for child in scene.children(node) {
        if Some(child) == bounding {
            continue;
        }
        if hit(scene, child) {
            out.push(child);
        }
        if !hit(scene, child) && !scene.is_solid(child) {
            nearest_below(scene, child, out, hit);
        }
    }
}

/// A joint's saved positions into its parameters; a hinge's or slider's endPoint placed there.
fn set_positions(scene: &mut Scene, joint: NodeId, axes: &[Option<f64>; 3]) {
    let pose = JointPose::of(scene, joint);
    for (axis, params) in ["jointParameters", "jointParameters2", "jointParameters3"].iter().enumerate() {
        let (Some(p), Some(v)) = (scene.sf_node(joint, params), axes[axis]) else { continue };
        if let Some(slot) = scene.field_mut(p, "position") {
            *slot = FieldValue::SFFloat(v);
        }
    }
    if let (Some(pose), Some(position)) = (pose, axes[0]) {
        pose.place_end_point(scene, position);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_its_kind_and_indices() {
        assert_eq!(split("position2_13_1"), Some(("position2", vec![13, 1])));
        assert_eq!(split("translation_0"), Some(("translation", vec![0])));
        assert_eq!(split("rotation_x"), None);
    }

    #[test]
    fn solids_count_the_node_then_each_solid_before_those_below_it_and_joints_by_their_solid() {
        let scene = crate::world::scene::parse_world_str(
            "#VRML_SIM R2025a utf8\nRobot { children [ GPS { } Pose { children [ HingeJoint { endPoint DEF A Solid { \
             children [ SliderJoint { endPoint DEF B Solid { } } ] } } ] } Solid { name \"c\" } ] \
             boundingObject Solid { } }\n",
            "t.wbt",
            std::path::Path::new("."),
            &Default::default(),
        )
        .unwrap();
        let robot = scene.roots[0];
        let names: Vec<&str> = solids_of(&scene, robot).iter().map(|&n| scene.type_name(n)).collect();
        assert_eq!(names, ["Robot", "GPS", "Solid", "Solid", "Solid"]);
        let (a, b) = (scene.find_def("A").unwrap(), scene.find_def("B").unwrap());
        assert_eq!(solids_of(&scene, robot)[2..4], [a, b]);
        assert_eq!(joints_of(&scene, robot).len(), 1);
        assert_eq!(joints_of(&scene, a).iter().map(|&j| scene.type_name(j)).collect::<Vec<_>>(), ["SliderJoint"]);
    }
}
