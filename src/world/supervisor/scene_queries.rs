//! The supervisor's questions about the scene beyond fields and poses: a node's VRML text, the PROTO
//! layers of an instance and their fields, the scene-tree field behind a read-only one, and saving the
//! world to a file.

use crate::protocol::{FieldAddr, FieldKey, ProtoInfo, SceneAnswer, SceneQuery};
use crate::world::geometry::viewpoint_image;
use crate::world::scene::{FieldList, NodeId, Scene};
use crate::world::supervisor::fields::{field_at, field_info, is_read_only, ref_id, scene_node};

/// The largest side of a Viewpoint picture.
const MAX_VIEW_SIDE: u32 = 4096;

pub fn answer(scene: &Scene, q: &SceneQuery) -> SceneAnswer {
    match q {
        SceneQuery::ExportString(node) => SceneAnswer::Text(scene_node(scene, *node).map(|n| scene.export_node(n))),
        SceneQuery::Proto { node, layer } => SceneAnswer::Proto(proto(scene, *node, usize::from(*layer))),
        SceneQuery::ProtoField { node, layer, field } => SceneAnswer::Field(proto_field(scene, *node, *layer, field)),
        SceneQuery::ActualField(addr) => SceneAnswer::Field(
            actual_field(scene, addr).and_then(|a| field_at(scene, &a).map(|f| field_info(scene, a, &f))),
        ),
        SceneQuery::SaveWorld(path) => SceneAnswer::Done(save_world(scene, path.as_deref())),
        SceneQuery::ViewImage { width, height } => {
            let (width, height) = ((*width).min(MAX_VIEW_SIDE), (*height).min(MAX_VIEW_SIDE));
            SceneAnswer::Image { width, height, rgb: viewpoint_image::render(scene, width, height) }
        }
        // `World::query` answers it from the movie it holds; a scene alone has none
        SceneQuery::MovieStatus => SceneAnswer::Movie { status: crate::world::record::movie::READY, error: None },
    }
}

fn proto(scene: &Scene, node: i32, layer: usize) -> Option<ProtoInfo> {
    let n = scene_node(scene, node)?;
    let depth = scene.proto_depth(n);
    (layer < depth).then(|| ProtoInfo {
        type_name: scene.proto_layer_name(n, layer).unwrap_or_default().to_string(),
        is_derived: layer + 1 < depth,
        field_count: scene.field_list(n, FieldList::Proto(layer as u8)).len() as i32,
    })
}

fn proto_field(scene: &Scene, node: i32, layer: u8, key: &FieldKey) -> Option<crate::protocol::FieldInfo> {
    let n = scene_node(scene, node)?;
    let fields = scene.field_list(n, FieldList::Proto(layer));
    let index = match key {
        FieldKey::Name(name) => fields.iter().position(|f| f.name == *name)?,
        FieldKey::Index(i) => usize::try_from(*i).ok().filter(|&i| i < fields.len())?,
    };
    let addr = FieldAddr { node, index: index as i32, base: false, proto_layer: Some(layer) };
    Some(field_info(scene, addr, &fields[index]))
}

/// Where a read-only field's value comes from.
#[derive(Clone, Debug, PartialEq)]
enum Site {
    /// A base field of a node.
    Base { node: NodeId, field: String },
    /// A parameter of PROTO layer `layer` of an instance.
    Layer { node: NodeId, layer: usize, field: String },
}

/// The field of the scene tree (a writable one) that a field takes its value from: itself when
/// writable, else the PROTO parameter that feeds it through `IS` links, followed outwards; `None` when
/// nothing in the scene tree feeds it.
pub(in crate::world) fn actual_field(scene: &Scene, addr: &FieldAddr) -> Option<FieldAddr> {
    if !is_read_only(scene, addr) {
        return Some(*addr);
    }
    let n = scene_node(scene, addr.node)?;
    let name = field_at(scene, addr)?.name;
    let mut site = match addr.proto_layer {
        Some(layer) => Site::Layer { node: n, layer: usize::from(layer), field: name },
        None if scene.is_proto_instance(n) && !addr.base => Site::Layer { node: n, layer: 0, field: name },
        None => Site::Base { node: n, field: name },
    };
    for _ in 0..=scene.nodes.len() {
        if let Site::Layer { node, layer: 0, field } = &site {
            let visible = FieldAddr { node: ref_id(*node), index: 0, base: false, proto_layer: None };
            if !is_read_only(scene, &visible) {
                let index = scene.field_list(*node, FieldList::Visible).iter().position(|f| f.name == *field)?;
                return Some(FieldAddr { index: index as i32, ..visible });
            }
        }
        site = feeding_parameter(scene, &site)?;
    }
    None
}

/// The PROTO parameter whose `IS` link writes `site`.
fn feeding_parameter(scene: &Scene, site: &Site) -> Option<Site> {
    let (target, field, nested, inner_layer) = match site {
        Site::Base { node, field } => (*node, field.as_str(), false, None),
        Site::Layer { node, layer, field } => (*node, field.as_str(), true, Some(*layer)),
    };
    // a derived PROTO's layer is fed by the next layer out of the same node
    if let Some(layer) = inner_layer.filter(|&l| l > 0) {
        let links =
            scene.node(target).map(|n| if layer == 1 { &n.is_links } else { &n.proto_layers[layer - 2].is_links });
        let link = links?.iter().find(|l| l.nested && l.target == target && l.field == field)?;
        return Some(Site::Layer { node: target, layer: layer - 1, field: link.param.clone() });
    }
    for owner in 0..scene.nodes.len() {
        if owner == target && nested {
            continue;
        }
        let Some(n) = scene.node(owner).filter(|_| scene.is_live(owner)) else { continue };
        let layers = std::iter::once(&n.is_links).chain(n.proto_layers.iter().map(|l| &l.is_links));
        for (layer, links) in layers.enumerate() {
            if let Some(link) = links.iter().find(|l| l.nested == nested && l.target == target && l.field == field) {
                return Some(Site::Layer { node: owner, layer, field: link.param.clone() });
            }
        }
    }
    None
}

/// Writes the scene as a world file; false (with the reason on stderr of the world) when it cannot.
fn save_world(scene: &Scene, path: Option<&str>) -> bool {
    let target = match path {
        Some(p) => std::path::PathBuf::from(p),
        None => match &scene.path {
            Some(p) => p.clone(),
            None => return false,
        },
    };
    std::fs::write(&target, scene.export_world()).is_ok()
}
