//! The links between docked connectors: each keeps the peer connector's pose in the owner connector's
//! frame, baked when it formed, and the engine's weld that holds it. The owner is the connector that
//! initiated the link, as Webots' joint owner: the rupture strengths are checked on that side.
//!
//! A supervisor teleporting one side of a link moves the assembly: the other side's top-most Solid is
//! carried along (following chains, never round a cycle), then the welds are made again there.

use std::collections::VecDeque;

use nalgebra::Isometry3;

use crate::world::devices::connector::device::ConnectorNode;
use crate::world::physics::{Physics, WeldId};
use crate::world::scene::{axis_angle_of, FieldValue, NodeId, Scene};

#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// Index of the initiating connector.
    pub owner: usize,
    pub peer: usize,
    /// The peer connector's pose in the owner connector's frame.
    pub relative: Isometry3<f64>,
    /// Under physics: the engine's joint that holds the link (links are then never carried).
    pub weld: Option<WeldId>,
}

#[derive(Clone, Debug, Default)]
pub struct Links {
    list: Vec<Link>,
}

impl Links {
    /// The connector linked to `c`, if any.
    pub fn peer_of(&self, c: usize) -> Option<usize> {
        self.list.iter().find_map(|l| match (l.owner == c, l.peer == c) {
            (true, _) => Some(l.peer),
            (_, true) => Some(l.owner),
            _ => None,
        })
    }

    /// The link `c` initiated, if any.
    pub fn owned_by(&self, c: usize) -> Option<&Link> {
        self.list.iter().find(|l| l.owner == c)
    }

    pub fn add(&mut self, link: Link) {
        self.list.push(link);
    }

    /// Removes the link of `c`, if any.
    pub fn remove(&mut self, c: usize) -> Option<Link> {
        let i = self.list.iter().position(|l| l.owner == c || l.peer == c)?;
        Some(self.list.remove(i))
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The carriers in `moved` changed pose: every carrier linked to them, directly or along a chain,
    /// takes the pose that keeps its link's relative pose. Carriers in `fixed` stay where they are.
    /// Returns the carriers it moved.
    pub fn follow(
        &self,
        scene: &mut Scene,
        connectors: &[ConnectorNode],
        moved: &[NodeId],
        fixed: &[NodeId],
    ) -> Vec<NodeId> {
        let mut done: Vec<NodeId> = moved.iter().chain(fixed).copied().collect();
        let mut queue: VecDeque<NodeId> = moved.iter().copied().collect();
        let mut carried = Vec::new();
        while let Some(carrier) = queue.pop_front() {
            for link in &self.list {
                let (owner, peer) = (&connectors[link.owner], &connectors[link.peer]);
                let (from, to, relative) = if owner.carrier == carrier {
                    (owner, peer, link.relative)
                } else if peer.carrier == carrier {
                    (peer, owner, link.relative.inverse())
                } else {
                    continue;
                };
                if done.contains(&to.carrier) {
                    continue;
                }
                let target = scene.global_pose(from.node) * relative;
                if carry(scene, to, &target) {
                    carried.push(to.carrier);
                }
                done.push(to.carrier);
                queue.push_back(to.carrier);
            }
        }
        carried
    }

    /// Welds every link anew in a new engine (`None`: no engine, no welds).
    pub fn reweld_all(&mut self, scene: &Scene, mut physics: Option<&mut Physics>, connectors: &[ConnectorNode]) {
        for link in &mut self.list {
            let (owner, peer) = (&connectors[link.owner], &connectors[link.peer]);
            link.weld = physics.as_deref_mut().and_then(|p| p.weld(scene, owner.node, peer.node, &link.relative));
        }
    }

    /// Makes again the welds of the links touching the carriers in `moved`, at the bodies' current
    /// poses (a supervisor moved them).
    pub fn reweld(&mut self, scene: &Scene, physics: &mut Physics, connectors: &[ConnectorNode], moved: &[NodeId]) {
        for link in &mut self.list {
            let (owner, peer) = (&connectors[link.owner], &connectors[link.peer]);
            if !(moved.contains(&owner.carrier) || moved.contains(&peer.carrier)) {
                continue;
            }
            if let Some(w) = link.weld.take() {
                physics.unweld(w);
                link.weld = physics.weld(scene, owner.node, peer.node, &link.relative);
            }
        }
    }
}

/// Moves the connector's carrier so that the connector reaches the global pose `target`. Returns
/// whether it moved.
pub fn carry(scene: &mut Scene, connector: &ConnectorNode, target: &Isometry3<f64>) -> bool {
    let carrier = connector.carrier;
    let offset = scene.global_pose(connector.node).inverse() * scene.global_pose(carrier);
    place(scene, carrier, &(target * offset))
}

/// Writes `node`'s translation and rotation so that its global pose becomes `pose`. Returns whether
/// they changed.
fn place(scene: &mut Scene, node: NodeId, pose: &Isometry3<f64>) -> bool {
    let parent = scene.node(node).and_then(|n| n.parent).map_or_else(Isometry3::identity, |p| scene.global_pose(p));
    let local = parent.inverse() * pose;
    let current = Isometry3::from_parts(
        scene.sf_vec3(node, "translation").into(),
        crate::world::scene::rotation_from_axis_angle(scene.sf_rotation(node, "rotation")),
    );
    let same = (current.translation.vector - local.translation.vector).norm() < 1e-12
        && current.rotation.angle_to(&local.rotation) < 1e-12;
    if same {
        return false;
    }
    let t = local.translation.vector;
    scene.set_field_synced(node, "translation", FieldValue::SFVec3f([t.x, t.y, t.z]));
    scene.set_field_synced(node, "rotation", FieldValue::SFRotation(axis_angle_of(&local.rotation)));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};
    use nalgebra::Vector3;

    fn setup(text: &str) -> (Scene, Vec<ConnectorNode>) {
        let text = format!("#VRML_SIM R2025a utf8\n{text}");
        let mut s = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let ids: Vec<NodeId> = s.preorder().into_iter().filter(|&n| s.type_name(n) == "Connector").collect();
        let mut w = Vec::new();
        let c = ids.iter().map(|&n| ConnectorNode::from_scene(&mut s, n, &mut w)).collect();
        (s, c)
    }

    fn link(s: &Scene, c: &[ConnectorNode], owner: usize, peer: usize) -> Link {
        Link { owner, peer, relative: s.global_pose(c[owner].node).inverse() * s.global_pose(c[peer].node), weld: None }
    }

    #[test]
    fn a_chain_follows_its_first_robot_and_a_cycle_ends() {
        let (mut s, c) = setup(
            "DEF A Robot { children [ Connector { translation 0.1 0 0 } ] }\n\
             DEF B Robot { translation 0.2 0 0 rotation 0 0 1 3.141592653589793 children [ \
               Connector { translation 0.1 0 0 } Connector { translation -0.1 0 0 rotation 0 0 1 3.141592653589793 } ] }\n\
             DEF C Pose { children [ Robot { translation 0.4 0 0 children [ Connector { translation -0.1 0 0 rotation 0 0 1 3.141592653589793 } ] } ] }\n",
        );
        let mut links = Links::default();
        links.add(link(&s, &c, 0, 1));
        links.add(link(&s, &c, 2, 3));
        // a loop back to A must not move A again
        links.add(link(&s, &c, 3, 0));
        let a = c[0].carrier;
        if let Some(FieldValue::SFVec3f(t)) = s.field_mut(a, "translation") {
            *t = [1.0, 2.0, 0.0];
        }
        assert_eq!(links.follow(&mut s, &c, &[a], &[]).len(), 2);
        assert_eq!(s.sf_vec3(a, "translation"), [1.0, 2.0, 0.0]);
        let third = s.global_pose(c[3].node).translation.vector;
        assert!((third - Vector3::new(1.3, 2.0, 0.0)).norm() < 1e-12, "{third}");
        // the third robot sits in a Pose: its own field is written in the Pose's frame
        assert!((Vector3::from(s.sf_vec3(c[3].carrier, "translation")) - Vector3::new(1.4, 2.0, 0.0)).norm() < 1e-12);
        assert!(links.follow(&mut s, &c, &[a], &[]).is_empty(), "nothing left to move");
    }

    #[test]
    fn peers_and_removal() {
        let (s, c) = setup("Connector { }\nConnector { }\nConnector { }\n");
        let mut links = Links::default();
        links.add(link(&s, &c, 2, 0));
        assert_eq!(links.peer_of(0), Some(2));
        assert_eq!(links.peer_of(2), Some(0));
        assert_eq!(links.peer_of(1), None);
        assert_eq!(links.remove(0).map(|l| l.owner), Some(2));
        assert!(links.is_empty());
    }
}
