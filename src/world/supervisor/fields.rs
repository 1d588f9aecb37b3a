//! What a supervisor controller can ask of and do to the world: find nodes, read and write fields,
//! read poses. Node ids are Webots-style: 0 is the scene root (a virtual Group holding the top-level
//! nodes in its `children`), scene node `n` is `n + 1`.

use nalgebra::{Isometry3, Matrix4};

use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{FieldAddr, FieldData, FieldInfo, NodeInfo, NodeRefId, Query, QueryAnswer};
use crate::world::scene::{Edit, Field, FieldList, FieldType, FieldValue, NodeId, Scene};

pub const ROOT: NodeRefId = 0;

pub fn ref_id(node: NodeId) -> NodeRefId {
    node as NodeRefId + 1
}

/// The scene node behind a ref id (`None` for the root and for ids that name nothing, removed nodes
/// included).
pub fn scene_node(scene: &Scene, id: NodeRefId) -> Option<NodeId> {
    let n = usize::try_from(id).ok()?.checked_sub(1)?;
    scene.is_live(n).then_some(n)
}

fn exists(scene: &Scene, id: NodeRefId) -> bool {
    id == ROOT || scene_node(scene, id).is_some()
}

pub(in crate::world) fn list_of(addr: &FieldAddr) -> FieldList {
    match (addr.proto_layer, addr.base) {
        (Some(layer), _) => FieldList::Proto(layer),
        (None, true) => FieldList::Base,
        (None, false) => FieldList::Visible,
    }
}

fn list(base: bool) -> FieldList {
    if base {
        FieldList::Base
    } else {
        FieldList::Visible
    }
}

pub fn node_info(scene: &Scene, id: NodeRefId) -> Option<NodeInfo> {
    if id == ROOT {
        return Some(NodeInfo {
            id: ROOT,
            node_type: node_type_from_name("Group"),
            type_name: "Group".into(),
            base_type_name: "Group".into(),
            def: String::new(),
            is_proto: false,
            parent: None,
            field_count: 1,
            base_field_count: 1,
            has_pose: false,
            proto_internal: false,
        });
    }
    let n = scene_node(scene, id)?;
    let node = scene.node(n)?;
    let is_proto = scene.is_proto_instance(n);
    Some(NodeInfo {
        id,
        node_type: scene.node_type(n),
        type_name: if is_proto { node.proto.clone().unwrap_or_default() } else { node.type_name.clone() },
        base_type_name: node.type_name.clone(),
        def: node.def_name.clone().unwrap_or_default(),
        is_proto,
        parent: Some(node.parent.map_or(ROOT, ref_id)),
        field_count: scene.field_list(n, FieldList::Visible).len() as i32,
        base_field_count: scene.field_list(n, FieldList::Base).len() as i32,
        has_pose: has_pose(scene, n),
        proto_internal: is_proto_internal(scene, n),
    })
}

/// Pose-derived nodes (Pose, Transform, every Solid) place their children.
fn has_pose(scene: &Scene, n: NodeId) -> bool {
    scene.field(n, "translation").is_some() && scene.field(n, "rotation").is_some()
}

/// The root's only field.
fn root_children(scene: &Scene) -> Field {
    Field { name: "children".into(), value: FieldValue::MFNode(scene.roots.clone()), pos: None }
}

pub(in crate::world) fn field_at(scene: &Scene, addr: &FieldAddr) -> Option<Field> {
    let index = usize::try_from(addr.index).ok()?;
    if addr.node == ROOT {
        return (index == 0 && addr.proto_layer.is_none()).then(|| root_children(scene));
    }
    let n = scene_node(scene, addr.node)?;
    scene.field_list(n, list_of(addr)).get(index).cloned()
}

/// Whether the node belongs to a PROTO body: some PROTO instance above it reaches it through none
/// of its node-valued parameters (a parameter node may sit deep in the body, e.g. `children IS p`
/// of an inner Group).
fn is_proto_internal(scene: &Scene, n: NodeId) -> bool {
    let holds = |v: &FieldValue, n: NodeId| match v {
        FieldValue::SFNode(x) => *x == Some(n),
        FieldValue::MFNode(list) => list.contains(&n),
        _ => false,
    };
    // the path from the node up to its top-level ancestor
    let mut path = vec![n];
    while let Some(p) = path.last().and_then(|&c| scene.node(c)).and_then(|node| node.parent) {
        path.push(p);
    }
    path.iter().enumerate().skip(1).any(|(i, &a)| {
        scene.is_proto_instance(a) && {
            let params = scene.field_list(a, FieldList::Visible);
            !path[..i].iter().any(|&below| params.iter().any(|f| holds(&f.value, below)))
        }
    })
}

/// Webots makes read-only every field reached through the base-node variants or a PROTO layer, and
/// every field of a PROTO body node.
pub(in crate::world) fn is_read_only(scene: &Scene, addr: &FieldAddr) -> bool {
    addr.base || addr.proto_layer.is_some() || scene_node(scene, addr.node).is_some_and(|n| is_proto_internal(scene, n))
}

pub(in crate::world) fn field_info(scene: &Scene, addr: FieldAddr, field: &Field) -> FieldInfo {
    let ty = field.value.field_type();
    let read_only = is_read_only(scene, &addr);
    FieldInfo {
        addr,
        name: field.name.clone(),
        type_code: ty.code(),
        count: if ty.is_multiple() { field.value.count() as i32 } else { -1 },
        read_only,
    }
}

fn field_by_name(scene: &Scene, node: NodeRefId, name: &str, base: bool) -> Option<FieldInfo> {
    if node == ROOT {
        let f = root_children(scene);
        return (f.name == name).then(|| field_info(scene, FieldAddr { node, index: 0, base, proto_layer: None }, &f));
    }
    let n = scene_node(scene, node)?;
    let fields = scene.field_list(n, list(base));
    let index = fields.iter().position(|f| f.name == name)?;
    Some(field_info(scene, FieldAddr { node, index: index as i32, base, proto_layer: None }, &fields[index]))
}

/// An MF index as Webots reads it: negative indices count from the end.
pub fn resolve_index(index: i32, count: usize) -> Option<usize> {
    let i = if index < 0 { count as i64 + i64::from(index) } else { i64::from(index) };
    usize::try_from(i).ok().filter(|&i| i < count)
}

fn data_of(scene: &Scene, v: &FieldValue) -> Option<FieldData> {
    Some(match v {
        FieldValue::SFBool(b) => FieldData::Bool(*b),
        FieldValue::SFInt32(i) => FieldData::Int32(*i),
        FieldValue::SFFloat(f) => FieldData::Float(*f),
        FieldValue::SFVec2f(v) => FieldData::Vec2f(*v),
        FieldValue::SFVec3f(v) => FieldData::Vec3f(*v),
        FieldValue::SFRotation(v) => FieldData::Rotation(*v),
        FieldValue::SFColor(v) => FieldData::Color(*v),
        FieldValue::SFString(s) => FieldData::String(s.clone()),
        FieldValue::SFNode(n) => FieldData::Node(n.and_then(|n| node_info(scene, ref_id(n)))),
        _ => return None,
    })
}

/// A value sent by a supervisor, as a value of the field's single type.
pub fn value_of(data: &FieldData, ty: FieldType) -> Option<FieldValue> {
    let v = match data {
        FieldData::Bool(b) => FieldValue::SFBool(*b),
        FieldData::Int32(i) => FieldValue::SFInt32(*i),
        FieldData::Float(f) => FieldValue::SFFloat(*f),
        FieldData::Vec2f(v) => FieldValue::SFVec2f(*v),
        FieldData::Vec3f(v) => FieldValue::SFVec3f(*v),
        FieldData::Rotation(v) => FieldValue::SFRotation(unit_axis(*v)),
        FieldData::Color(v) => FieldValue::SFColor(*v),
        FieldData::String(s) => FieldValue::SFString(s.clone()),
        FieldData::Node(_) => return None,
    };
    (v.field_type() == ty.single()).then_some(v)
}

/// A rotation as Webots stores a written one: the axis normalised (the library refuses a zero axis).
fn unit_axis([x, y, z, angle]: [f64; 4]) -> [f64; 4] {
    let norm = (x * x + y * y + z * z).sqrt();
    if norm > 0.0 && norm.is_finite() {
        [x / norm, y / norm, z / norm, angle]
    } else {
        [x, y, z, angle]
    }
}

/// The node's frame in world coordinates, without scale.
fn world_pose(scene: &Scene, id: NodeRefId) -> Option<Isometry3<f64>> {
    let n = scene_node(scene, id)?;
    has_pose(scene, n).then(|| scene.global_pose(n))
}

fn row_major(m: &Matrix4<f64>) -> [f64; 16] {
    let mut out = [0.0; 16];
    for r in 0..4 {
        for c in 0..4 {
            out[r * 4 + c] = m[(r, c)];
        }
    }
    out
}

/// A DEF name among the nodes of a PROTO instance's body (`get_from_proto_def`).
fn find_proto_def(scene: &Scene, instance: NodeId, def: &str) -> Option<NodeId> {
    let mut stack = scene.children(instance);
    stack.reverse();
    while let Some(n) = stack.pop() {
        if scene.node(n)?.def_name.as_deref() == Some(def) {
            return Some(n);
        }
        let mut kids = scene.children(n);
        kids.reverse();
        stack.extend(kids);
    }
    None
}

/// Answers a supervisor's query; `devices` are the asking robot's device nodes (tag - 1), `robot`
/// its own node.
pub fn answer(scene: &Scene, robot: NodeId, devices: &[NodeId], q: &Query) -> QueryAnswer {
    match q {
        Query::NodeFromDef { def, within: None } => {
            QueryAnswer::Node(scene.find_def(def).and_then(|n| node_info(scene, ref_id(n))))
        }
        Query::NodeFromDef { def, within: Some(p) } => QueryAnswer::Node(
            scene_node(scene, *p)
                .filter(|&n| scene.is_proto_instance(n))
                .and_then(|n| find_proto_def(scene, n, def))
                .and_then(|n| node_info(scene, ref_id(n))),
        ),
        Query::NodeFromId(id) => QueryAnswer::Node(node_info(scene, *id)),
        Query::NodeFromDevice(tag) => {
            let node = if *tag == 0 { Some(robot) } else { devices.get(*tag as usize - 1).copied() };
            // a device inside a PROTO body is given too, as an internal node (read-only fields), as
            // Webots' libController searches PROTO bodies for a device's node
            QueryAnswer::Node(node.and_then(|n| node_info(scene, ref_id(n))))
        }
        Query::FieldByName { node, name, base } => QueryAnswer::Field(field_by_name(scene, *node, name, *base)),
        Query::FieldByIndex { node, index, base } => {
            let addr = FieldAddr { node: *node, index: *index, base: *base, proto_layer: None };
            QueryAnswer::Field(field_at(scene, &addr).map(|f| field_info(scene, addr, &f)))
        }
        Query::FieldValue { field, index } => QueryAnswer::Value(field_at(scene, field).and_then(|f| {
            let v = match index {
                None if !f.value.field_type().is_multiple() => f.value.clone(),
                Some(i) => f.value.element(resolve_index(*i, f.value.count())?)?,
                None => return None,
            };
            data_of(scene, &v)
        })),
        Query::FieldCount(addr) => QueryAnswer::Count(field_at(scene, addr).map_or(-1, |f| {
            if f.value.field_type().is_multiple() {
                f.value.count() as i32
            } else {
                -1
            }
        })),
        Query::Pose { node, from } => {
            let pose = world_pose(scene, *node).and_then(|p| match from {
                None => Some(p),
                Some(f) if !exists(scene, *f) => None,
                Some(f) => Some(world_pose(scene, *f).unwrap_or_else(Isometry3::identity).inverse() * p),
            });
            QueryAnswer::Pose(pose.map(|p| row_major(&p.to_homogeneous())))
        }
        // the world answers these from its physics (supervisor/bodies.rs) before asking here
        Query::Velocity(_) | Query::CenterOfMass(_) => QueryAnswer::Numbers(None),
        Query::ContactPoints { .. } => QueryAnswer::ContactPoints(None),
        Query::StaticBalance(_) => QueryAnswer::Balance(None),
        Query::Scene(q) => QueryAnswer::Scene(crate::world::supervisor::scene_queries::answer(scene, q)),
    }
}

/// The edit a supervisor asked for, checked against the field; `None` when it does not apply (stale
/// field, wrong type, index out of range).
pub fn edit_of(
    scene: &Scene,
    field: &FieldAddr,
    make: impl FnOnce(&FieldValue) -> Option<Edit>,
) -> Option<(NodeId, FieldList, usize, Edit)> {
    let n = scene_node(scene, field.node)?;
    if is_read_only(scene, field) {
        return None;
    }
    let index = usize::try_from(field.index).ok()?;
    let f = scene.field_list(n, list_of(field)).get(index)?;
    Some((n, list_of(field), index, make(&f.value)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn scene(text: &str) -> Scene {
        parse_world_str(text, "test.wbt", std::path::Path::new("."), &LoadOptions::default()).expect("world parses")
    }

    #[test]
    fn proto_internals_and_parameter_nodes() {
        let s = scene(
            r#"#VRML_SIM R2025a utf8
PROTO Wrap [ field MFNode inside [ ] field SFFloat h 1 ] { Solid { children [ DEF BODY Group { children IS inside } ] } }
PROTO Outer [ field MFNode more [ ] ] { Wrap { inside IS more } }
DEF W Wrap { inside [ DEF PARAM Solid { children [ DEF DEEP Pose { } ] } ] }
DEF O Outer { more [ DEF FORWARDED Solid { } ] }
DEF PLAIN Solid { children [ DEF KID Pose { } ] }
"#,
        );
        let id = |def: &str| s.nodes.iter().position(|n| n.def_name.as_deref() == Some(def)).unwrap();
        assert!(is_proto_internal(&s, id("BODY")));
        for visible in ["W", "PARAM", "DEEP", "O", "FORWARDED", "PLAIN", "KID"] {
            assert!(!is_proto_internal(&s, id(visible)), "{visible} is internal");
        }
        let field = |def: &str, base: bool| FieldAddr { node: ref_id(id(def)), index: 0, base, proto_layer: None };
        assert!(is_read_only(&s, &field("BODY", false)));
        assert!(is_read_only(&s, &field("PLAIN", true)));
        assert!(!is_read_only(&s, &field("PARAM", false)));
        assert!(!is_read_only(&s, &field("W", false)));
    }

    #[test]
    fn written_rotations_get_a_unit_axis() {
        let v = value_of(&FieldData::Rotation([0.0, 0.0, 2.0, 1.5]), FieldType::SFRotation);
        assert_eq!(v, Some(FieldValue::SFRotation([0.0, 0.0, 1.0, 1.5])));
    }
}
