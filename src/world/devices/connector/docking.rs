//! Every Connector of the world (in robots or plain Solids) and their links: presence, the latch and
//! its rules (spec §6–7: lock, attach, unlock, start-up, autoLock), and links carried along when a
//! supervisor moves something.

use std::collections::HashMap;

use crate::protocol::{ConnectorSetup, DeviceSetup};
use crate::world::devices::connector::device::{ConnectorNode, Frame, Kind, SEARCH_BOUND_SQUARED};
use crate::world::devices::connector::links::{Link, Links};
use crate::world::physics::Physics;
use crate::world::scene::{FieldValue, NodeId, Scene};

/// New latch values for the controller of the robot carrying a connector node (if it has one).
pub type Note = (NodeId, DeviceSetup);

#[derive(Clone, Debug, Default)]
pub struct Docking {
    pub connectors: Vec<ConnectorNode>,
    by_node: HashMap<NodeId, usize>,
    links: Links,
    /// A snap or a link carried something since the last `take_moved`.
    moved: bool,
    /// Nodes a supervisor moved since the last step: their links carry the peers during the step,
    /// once every request of the step (an unlock, say) has been applied, as a joint would.
    moved_nodes: Vec<NodeId>,
    /// Pairs already warned about lacking Physics (autoLock would otherwise warn at every step).
    warned: Vec<(usize, usize)>,
}

impl Docking {
    pub fn build(scene: &mut Scene, warnings: &mut Vec<String>) -> Docking {
        let nodes: Vec<NodeId> = scene.preorder().into_iter().filter(|&n| scene.type_name(n) == "Connector").collect();
        let connectors: Vec<ConnectorNode> =
            nodes.iter().map(|&n| ConnectorNode::from_scene(scene, n, warnings)).collect();
        let by_node = nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        Docking {
            connectors,
            by_node,
            links: Links::default(),
            moved: false,
            moved_nodes: Vec::new(),
            warned: Vec::new(),
        }
    }

    pub fn index_of(&self, node: NodeId) -> Option<usize> {
        self.by_node.get(&node).copied()
    }

    /// Connector `c`'s node was rebuilt (a template regeneration) as `node`.
    pub fn renumber(&mut self, c: usize, node: NodeId) {
        let old = self.connectors[c].node;
        self.by_node.remove(&old);
        self.by_node.insert(node, c);
        self.connectors[c].node = node;
    }

    pub fn setup(&self, c: usize) -> ConnectorSetup {
        self.connectors[c].setup()
    }

    pub fn peer_of(&self, c: usize) -> Option<usize> {
        self.links.peer_of(c)
    }

    /// The nearest connector that `c` sees in docking position (spec §5), if any.
    pub fn detect(&self, scene: &Scene, c: usize) -> Option<usize> {
        self.detect_among(&self.frames(scene), c)
    }

    fn frames(&self, scene: &Scene) -> Vec<Frame> {
        self.connectors.iter().map(|c| c.frame(scene)).collect()
    }

    /// `detect` with every connector's frame already known.
    fn detect_among(&self, frames: &[Frame], c: usize) -> Option<usize> {
        let me = &self.connectors[c];
        let mut best = (SEARCH_BOUND_SQUARED, None);
        for (i, other) in self.connectors.iter().enumerate() {
            if i == c {
                continue;
            }
            if let Some(d2) = me.candidate(&frames[c], other, &frames[i]) {
                if d2 < best.0 {
                    best = (d2, Some(i));
                }
            }
        }
        best.1
    }

    /// What the presence sensor of `c` reads now: -1 passive, 1 linked or a peer in position, else 0.
    fn presence(&self, frames: &[Frame], c: usize) -> i32 {
        if self.connectors[c].kind == Kind::Passive {
            -1
        } else if self.links.peer_of(c).is_some() || self.detect_among(frames, c).is_some() {
            1
        } else {
            0
        }
    }

    /// A controller's `wb_connector_lock` / `wb_connector_unlock`.
    pub fn command(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        c: usize,
        lock: bool,
        notes: &mut Vec<Note>,
        warnings: &mut Vec<String>,
    ) {
        if self.connectors[c].kind == Kind::Passive {
            // the controller's copy was set at once: put it back (Webots leaves it wrong)
            notes.push((self.connectors[c].node, DeviceSetup::Connector(self.setup(c))));
        }
        if lock {
            self.lock(scene, physics, c, notes, warnings);
        } else {
            self.unlock(scene, physics, c, notes, warnings);
        }
    }

    fn set_latch(&mut self, scene: &mut Scene, c: usize, locked: bool, notes: &mut Vec<Note>) {
        let con = &mut self.connectors[c];
        if con.is_locked != locked {
            con.is_locked = locked;
            scene.set_field_synced(con.node, "isLocked", FieldValue::SFBool(locked));
            notes.push((con.node, DeviceSetup::Connector(con.setup())));
        }
    }

    /// Spec §7.1: latch, then try once to link to the peer in position.
    fn lock(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        c: usize,
        notes: &mut Vec<Note>,
        warnings: &mut Vec<String>,
    ) {
        if self.refuses_passive(scene, c, warnings) {
            return;
        }
        self.set_latch(scene, c, true, notes);
        if self.links.peer_of(c).is_none() {
            if let Some(peer) = self.detect(scene, c) {
                self.attach(scene, physics, c, peer, warnings);
            }
        }
    }

    /// Spec §7.6: unlatch, and detach when this side may unlock alone or the peer is not latched.
    fn unlock(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        c: usize,
        notes: &mut Vec<Note>,
        warnings: &mut Vec<String>,
    ) {
        if self.refuses_passive(scene, c, warnings) {
            return;
        }
        self.set_latch(scene, c, false, notes);
        if let Some(peer) = self.links.peer_of(c) {
            if self.connectors[c].unilateral_unlock || !self.connectors[peer].is_locked {
                self.detach(physics, c);
            }
        }
    }

    /// Removes `c`'s link; a physical one releases both bodies.
    fn detach(&mut self, physics: Option<&mut Physics>, c: usize) {
        if let Some(Link { weld: Some(weld), .. }) = self.links.remove(c) {
            if let Some(p) = physics {
                p.unweld(weld);
            }
        }
    }

    fn refuses_passive(&self, scene: &Scene, c: usize, warnings: &mut Vec<String>) -> bool {
        let con = &self.connectors[c];
        let passive = con.kind == Kind::Passive;
        if passive {
            warnings
                .push(format!("Connector \"{}\": Passive connectors cannot lock.", scene.sf_string(con.node, "name")));
        }
        passive
    }

    /// `attachTo`: links `c` (the owner) to `peer` unless the peer is taken or the latch rules say no:
    /// the two bodies (or one body and the world) are welded in the docked pose, which with `snap` is
    /// the aligned one (the weld then pulls the bodies into it over the next steps).
    fn attach(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        c: usize,
        peer: usize,
        warnings: &mut Vec<String>,
    ) {
        let (me, them) = (&self.connectors[c], &self.connectors[peer]);
        if self.links.peer_of(peer).is_some() || !(me.unilateral_lock || them.is_locked) {
            return;
        }
        // a side with a Physics node means the world has an engine
        let Some(physics) = physics.filter(|_| me.has_body || them.has_body) else {
            if self.warned.contains(&(c, peer)) {
                return;
            }
            self.warned.push((c, peer));
            warnings.push(format!(
                "Connectors \"{}\" and \"{}\" could not be attached: neither of them (nor their parent nodes) has a \
                 Physics node.",
                scene.sf_string(me.node, "name"),
                scene.sf_string(them.node, "name")
            ));
            return;
        };
        let relative = scene.global_pose(me.node).inverse() * scene.global_pose(them.node);
        let docked = if me.snap { me.snapped(&relative) } else { relative };
        let weld = physics.weld(scene, me.node, them.node, &docked);
        self.links.add(Link { owner: c, peer, relative: docked, weld });
    }

    /// A physics step: links carry what was moved, then (spec §7.5) each link owner's rupture test,
    /// start-up locks and autoLock, in scene order.
    pub fn step(
        &mut self,
        scene: &mut Scene,
        mut physics: Option<&mut Physics>,
        notes: &mut Vec<Note>,
        warnings: &mut Vec<String>,
    ) {
        let mut edited = std::mem::take(&mut self.moved_nodes);
        if !edited.is_empty() && !self.links.is_empty() {
            edited.sort_unstable();
            edited.dedup();
            let paths: Vec<Vec<NodeId>> = edited.iter().map(|&n| scene.path_to(n)).collect();
            let mut moved: Vec<NodeId> = Vec::new();
            for c in &self.connectors {
                let carrier_path = scene.path_to(c.carrier);
                let hit =
                    edited.iter().zip(&paths).any(|(n, path)| path.contains(&c.carrier) || carrier_path.contains(n));
                if hit && !moved.contains(&c.carrier) {
                    moved.push(c.carrier);
                }
            }
            // a supervisor moving one side of a link moves the assembly, and the welds are made again
            // where the bodies now are
            let carried = self.links.follow(scene, &self.connectors, &moved, &[]);
            self.moved |= !carried.is_empty();
            if let Some(p) = physics.as_deref_mut() {
                for &carrier in &carried {
                    p.node_moved(scene, carrier);
                }
                moved.extend(carried);
                self.links.reweld(scene, p, &self.connectors, &moved);
            }
        }
        for c in 0..self.connectors.len() {
            let had_peer = self.links.peer_of(c).is_some();
            if let Some(p) = physics.as_deref_mut() {
                if self.breaks(scene, p, c) {
                    self.detach(Some(p), c);
                }
            }
            if std::mem::take(&mut self.connectors[c].startup) && self.connectors[c].is_locked {
                self.lock(scene, physics.as_deref_mut(), c, notes, warnings);
            }
            let con = &self.connectors[c];
            if !had_peer && self.links.peer_of(c).is_none() && con.auto_lock && con.is_locked {
                if let Some(peer) = self.detect(scene, c) {
                    self.attach(scene, physics.as_deref_mut(), c, peer, warnings);
                }
            }
        }
    }

    /// Compass-connector §7.4: whether the link `c` owns transmitted more than the latched sides'
    /// strengths can hold in the last step (along the owner's docking normal, or across it).
    fn breaks(&self, scene: &Scene, physics: &Physics, c: usize) -> bool {
        let Some(link) = self.links.owned_by(c) else { return false };
        let (me, them) = (&self.connectors[c], &self.connectors[link.peer]);
        let strengths = [me.tensile_strength, me.shear_strength, them.tensile_strength, them.shear_strength];
        if strengths.iter().all(|&s| s == -1.0) {
            return false;
        }
        let Some((force, inverted)) = link.weld.and_then(|w| physics.weld_force(w)) else { return false };
        let unbreakable = f64::MAX / 2.0;
        let effective = |con: &ConnectorNode, s: f64| match (con.is_locked, s == -1.0) {
            (false, _) => 0.0,
            (true, true) => unbreakable,
            (true, false) => s,
        };
        let axial = me.frame(scene).normal.normalize().dot(&force) * if inverted { -1.0 } else { 1.0 };
        let tensile = effective(me, me.tensile_strength) + effective(them, them.tensile_strength);
        if axial.max(0.0) > tensile {
            return true;
        }
        let shear = effective(me, me.shear_strength) + effective(them, them.shear_strength);
        shear < unbreakable && (force.norm_squared() - axial * axial).max(0.0).sqrt() > shear
    }

    /// The engine was built again: every link is welded anew where its bodies are.
    pub fn reweld_all(&mut self, scene: &Scene, physics: Option<&mut Physics>) {
        self.links.reweld_all(scene, physics, &self.connectors);
    }

    /// Whether anything moved since the last call.
    pub fn take_moved(&mut self) -> bool {
        std::mem::take(&mut self.moved)
    }

    /// A field of `node` changed at run time. Pose changes are remembered for the step (links carry
    /// the peers then); connector fields are re-read, and `isLocked` locks or unlocks.
    pub fn field_changed(
        &mut self,
        scene: &mut Scene,
        physics: Option<&mut Physics>,
        node: NodeId,
        field: &str,
        notes: &mut Vec<Note>,
        warnings: &mut Vec<String>,
    ) {
        if matches!(field, "translation" | "rotation") {
            // duplicates go at the step: searching here made a swarm moving itself quadratic
            self.moved_nodes.push(node);
            return;
        }
        let Some(c) = self.index_of(node) else { return };
        if !self.connectors[c].read_field(scene, field, warnings)
            || field != "isLocked"
            || self.connectors[c].kind == Kind::Passive
        {
            return;
        }
        if scene.sf_bool(node, "isLocked") {
            self.lock(scene, physics, c, notes, warnings);
        } else {
            self.unlock(scene, physics, c, notes, warnings);
        }
    }

    /// Presence samples that are due at `now`: (connector node, value).
    pub fn sample(&mut self, scene: &Scene, now: f64) -> Vec<(NodeId, i32)> {
        let due: Vec<usize> = (0..self.connectors.len()).filter(|&c| self.connectors[c].sampling.due(now)).collect();
        if due.is_empty() {
            return Vec::new();
        }
        let frames = self.frames(scene);
        due.into_iter().map(|c| (self.connectors[c].node, self.presence(&frames, c))).collect()
    }
}
