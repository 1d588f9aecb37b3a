//! A supervisor's changes beyond field values (the `Scene*` commands): nodes removed and imported (with
//! the robots and devices they bring or take away), node states saved and loaded, fields and poses
//! tracked, labels, world loads and reloads, controller restarts.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;

use crate::protocol::{
    DeviceEvents, FieldAddr, Label, NodeRefId, Query, QueryAnswer, RobotEvent, SceneCommand, SceneEvent,
};
use crate::world::devices::sampling::Sampling;
use crate::world::robots::table::{device_config, robot_entry};
use crate::world::scene::{Edit, FieldValue, NodeId};
use crate::world::sim::{RobotState, World};
use crate::world::supervisor::fields::{self, field_at, is_read_only, list_of, ref_id, scene_node, ROOT};
use crate::world::supervisor::instant_view::InstantView;

/// What replaces the running world once its controllers are gone.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldChange {
    /// `wb_supervisor_world_reload`: the world file again.
    Reload,
    /// `wb_supervisor_world_load`: another world file.
    Load(PathBuf),
}

/// Saved node states: per (node, state name), the state fields of the node and its descendants.
type SavedStates = HashMap<(NodeId, String), Vec<(NodeId, &'static str, FieldValue)>>;

#[derive(Clone, Debug, Default)]
pub(in crate::world) struct SceneControl {
    /// The supervisors' labels, by id.
    pub labels: BTreeMap<i32, Label>,
    saved: SavedStates,
    /// (robot, field): SF fields whose values go to the robot at each sampling period.
    tracked_fields: Vec<(usize, FieldAddr, Sampling)>,
    /// (robot, node, from): poses that go to the robot at each sampling period.
    tracked_poses: Vec<(usize, NodeRefId, Option<NodeRefId>, Sampling)>,
    /// Robots taken out of the scene: their controllers are told the run is over.
    pub removed_robots: HashSet<usize>,
    /// Nodes of the loaded world removed at run time: a simulation reset does not bring them back.
    removed_loaded: Vec<NodeId>,
    pub world_change: Option<WorldChange>,
    restarts: Vec<usize>,
    new_robots: Vec<usize>,
    /// The scene the other supervisors read while some change it at once (`instant_view.rs`).
    pub instant_view: InstantView,
}

/// The fields Webots saves and loads as a node's state (its Reset/Reload matrix): a Solid's or a Pose's
/// place, a Robot's or Charger's battery, a joint's position, the Viewpoint's view.
fn state_fields(type_name: &str, solid: bool) -> &'static [&'static str] {
    match type_name {
        "Robot" => &["translation", "rotation", "battery"],
        "Charger" => &["translation", "rotation", "battery"],
        "JointParameters" | "HingeJointParameters" | "BallJointParameters" => &["position"],
        "Viewpoint" => &["orientation", "position", "near", "far", "fieldOfView"],
        _ if solid => &["translation", "rotation"],
        // Webots' Pose (and Transform) saves and restores its own place too, a TrackWheel does not
        "Pose" | "Transform" => &["translation", "rotation"],
        _ => &[],
    }
}

impl World {
    /// A robot whose node a supervisor removed: its controller's run is over.
    pub fn is_removed(&self, robot: usize) -> bool {
        self.control.removed_robots.contains(&robot)
    }

    /// The labels supervisors set, by id.
    pub fn labels(&self) -> impl Iterator<Item = &Label> {
        self.control.labels.values()
    }

    /// A world load or reload a supervisor asked for (the run is over for the current controllers).
    pub fn take_world_change(&mut self) -> Option<WorldChange> {
        self.control.world_change.take()
    }

    pub fn world_change(&self) -> Option<&WorldChange> {
        self.control.world_change.as_ref()
    }

    /// Robots whose controller a supervisor asked to restart.
    pub fn take_restarts(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.control.restarts)
    }

    /// Robots a supervisor's import added (their controllers are to be started).
    pub fn take_new_robots(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.control.new_robots)
    }

    pub(in crate::world) fn scene_command(&mut self, robot: usize, cmd: &SceneCommand) {
        let now = self.time_ms();
        match cmd {
            SceneCommand::RemoveNode(id) => {
                if let Some(n) = scene_node(&self.scene, *id) {
                    self.remove_subtree(n);
                }
            }
            SceneCommand::RemoveFieldNode { field, index } => {
                if let Some(n) = self.held_node(field, *index) {
                    self.remove_subtree(n);
                }
            }
            SceneCommand::Import { field, index, text } => self.import(field, *index, text),
            SceneCommand::SaveState { node, name } => {
                if let Some(n) = scene_node(&self.scene, *node) {
                    let values = self.state_of(n, false);
                    self.control.saved.insert((n, name.clone()), values);
                }
            }
            SceneCommand::LoadState { node, name } => self.load_state(*node, name),
            SceneCommand::TrackField { field, period_ms } => {
                let tracked = &mut self.control.tracked_fields;
                tracked.retain(|(r, f, _)| !(*r == robot && f == field));
                if *period_ms > 0 {
                    let mut sampling = Sampling::default();
                    sampling.set_period(*period_ms, now);
                    tracked.push((robot, *field, sampling));
                }
            }
            SceneCommand::TrackPose { node, from, period_ms } => {
                let tracked = &mut self.control.tracked_poses;
                tracked.retain(|(r, n, f, _)| !(*r == robot && n == node && f == from));
                if *period_ms > 0 {
                    let mut sampling = Sampling::default();
                    sampling.set_period(*period_ms, now);
                    tracked.push((robot, *node, *from, sampling));
                }
            }
            SceneCommand::SetLabel(label) => {
                self.control.labels.insert(label.id, label.clone());
            }
            SceneCommand::AnimationRecording(path) => self.supervisor_recording(path.as_deref()),
            SceneCommand::MovieStart(req) => {
                let basic = self.basic_time_step_ms();
                self.movie.start(req, basic, &crate::world::record::movie::encoder());
            }
            SceneCommand::MovieStop => self.movie.stop(),
            SceneCommand::LoadWorld(path) => {
                let change = match path {
                    Some(p) => WorldChange::Load(PathBuf::from(p)),
                    None => WorldChange::Reload,
                };
                self.control.world_change.get_or_insert(change);
            }
            SceneCommand::RestartController(node) => {
                let robot = scene_node(&self.scene, *node)
                    .and_then(|n| self.robots.iter().position(|r| r.node == n))
                    .filter(|&r| !self.is_removed(r));
                match robot {
                    Some(r) => self.control.restarts.push(r),
                    None => self.runtime_warnings.push(
                        "wb_supervisor_node_restart_controller(): the node is not a robot: nothing restarted".into(),
                    ),
                }
            }
        }
    }

    /// The node an SFNode field holds, or item `index` of an MFNode field.
    fn held_node(&self, field: &FieldAddr, index: Option<i32>) -> Option<NodeId> {
        let value = field_at(&self.scene, field)?.value;
        match (value, index) {
            (FieldValue::SFNode(n), None) => n,
            (FieldValue::MFNode(list), Some(i)) => list.get(fields::resolve_index(i, list.len())?).copied(),
            _ => None,
        }
    }

    /// Takes a node and its subtree out of the scene: robots among them end their runs, devices among
    /// them stop, and every controller hears which node references died.
    fn remove_subtree(&mut self, n: NodeId) {
        let removed = self.scene.remove_node(n);
        if removed.is_empty() {
            return;
        }
        let pristine = self.pristine.nodes.len();
        self.control.removed_loaded.extend(removed.iter().filter(|&&r| r < pristine));
        self.forget(&removed);
    }

    /// Robots, devices, tracking and controllers learn that `removed` left the scene.
    fn forget(&mut self, removed: &[NodeId]) {
        let gone: HashSet<NodeId> = removed.iter().copied().collect();
        for r in 0..self.robots.len() {
            if gone.contains(&self.robots[r].node) && self.control.removed_robots.insert(r) {
                self.devices.silence_robot(r);
            }
        }
        self.devices.remove_device_nodes(removed);
        self.tell_nodes_removed(removed);
        self.rebuild_physics();
    }

    /// The tracking of `removed` stops, and every controller hears that references into them died.
    fn tell_nodes_removed(&mut self, removed: &[NodeId]) {
        if removed.is_empty() {
            return;
        }
        let ids: Vec<NodeRefId> = removed.iter().map(|&n| ref_id(n)).collect();
        let dead = |id: &NodeRefId| ids.contains(id);
        self.control.tracked_fields.retain(|(_, f, _)| !dead(&f.node));
        self.control.tracked_poses.retain(|(_, n, from, _)| !dead(n) && !from.is_some_and(|f| dead(&f)));
        for state in &mut self.states {
            state.outbox.push(RobotEvent::Scene(SceneEvent::NodesRemoved(ids.clone())));
        }
    }

    /// Template instance `root` was rebuilt, `removed` the nodes of its old body: references into them
    /// and to the instance's internal fields died (Webots: a reference to an internal field is invalid
    /// after a regeneration), and what tracked them stops.
    pub(in crate::world) fn announce_regeneration(&mut self, root: NodeId, removed: &[NodeId]) {
        self.tell_nodes_removed(removed);
        let root = ref_id(root);
        self.control.tracked_fields.retain(|(_, f, _)| !f.is_internal_of(root));
        for state in &mut self.states {
            state.outbox.push(RobotEvent::Scene(SceneEvent::Regenerated(root)));
        }
    }

    /// Nodes parsed from `text` put into a node field; robots and devices among them join the world.
    fn import(&mut self, field: &FieldAddr, index: Option<i32>, text: &str) {
        let func = if index.is_some() {
            "wb_supervisor_field_import_mf_node_from_string"
        } else {
            "wb_supervisor_field_import_sf_node_from_string"
        };
        let holder = scene_node(&self.scene, field.node);
        let Some(value) = field_at(&self.scene, field).map(|f| f.value) else { return };
        if is_read_only(&self.scene, field) || (holder.is_none() && field.node != ROOT) {
            return;
        }
        let (single, at) = match (&value, index) {
            (FieldValue::SFNode(None), None) => (true, 0),
            (FieldValue::MFNode(list), Some(i)) => match usize::try_from(i).ok().filter(|&i| i <= list.len()) {
                Some(at) => (false, at),
                None => return,
            },
            _ => return,
        };
        let before = self.scene.nodes.len();
        let (ids, warnings) = match self.scene.import_nodes(text, holder) {
            Ok(imported) => imported,
            Err(e) => {
                self.runtime_warnings.push(format!("{func}(): {e}"));
                return;
            }
        };
        self.runtime_warnings.extend(warnings.into_iter().map(|w| format!("{func}(): {w}")));
        if ids.is_empty() || (single && ids.len() > 1) {
            self.runtime_warnings
                .push(format!("{func}(): the string must hold {} node", if single { "one" } else { "a" }));
            ids.iter().for_each(|&id| drop(self.scene.remove_node(id)));
            return;
        }
        match holder {
            None => {
                for (k, &id) in ids.iter().enumerate() {
                    self.scene.roots.insert(at + k, id);
                }
            }
            Some(n) => {
                let list = list_of(field);
                for (k, &id) in ids.iter().enumerate() {
                    let node = FieldValue::SFNode(Some(id));
                    let edit = if single {
                        Edit::Set { index: None, value: node }
                    } else {
                        Edit::Insert { index: at + k, value: node }
                    };
                    if let Err(e) = self.scene.edit_field(n, list, field.index as usize, &edit) {
                        self.runtime_warnings.push(format!("{func}(): {e}"));
                    }
                }
            }
        }
        // the parent is the base node whose field ended up holding each node (a PROTO parameter's
        // node lands in the PROTO's body)
        for &id in &ids {
            self.scene.set_parent(id, self.holder_of(id));
        }
        self.adopt_new_robots_and_devices(before);
        self.devices.geometry_changed();
        self.rebuild_physics();
    }

    /// The node whose own fields hold `id` (`None` at the top level).
    fn holder_of(&self, id: NodeId) -> Option<NodeId> {
        (0..self.scene.nodes.len()).find(|&n| self.scene.is_live(n) && n != id && self.scene.children(n).contains(&id))
    }

    /// After an import: robots' new devices are appended to their lists (and announced to their
    /// controllers), and new robots get world-side state, waiting for their controllers.
    fn adopt_new_robots_and_devices(&mut self, first_new_node: NodeId) {
        for r in 0..self.robots.len() {
            if self.is_removed(r) {
                continue;
            }
            let known: HashSet<NodeId> = self.robots[r].devices.iter().copied().collect();
            let added: Vec<NodeId> =
                self.scene.robot_devices(self.robots[r].node).into_iter().filter(|d| !known.contains(d)).collect();
            if added.is_empty() {
                continue;
            }
            let first_tag = self.robots[r].devices.len() + 1;
            self.devices.add_devices(
                &mut self.scene,
                r,
                first_tag as u16,
                &added,
                self.seed,
                &mut self.runtime_warnings,
            );
            self.robots[r].devices.extend(&added);
            let configs = (0..added.len())
                .map(|i| device_config(&self.scene, added[i], self.devices.setup(r, first_tag - 1 + i)))
                .collect();
            self.states[r].outbox.push(RobotEvent::Scene(SceneEvent::NewDevices(configs)));
        }
        for node in self.scene.robots().into_iter().filter(|&n| n >= first_new_node) {
            let entry = robot_entry(&self.scene, node);
            let r = self.robots.len();
            self.devices.add_devices(&mut self.scene, r, 1, &entry.devices, self.seed, &mut self.runtime_warnings);
            self.robots.push(entry);
            self.states.push(RobotState::default());
            self.pending.push(None);
            self.device_outboxes.push(DeviceEvents::default());
            self.scheduler.add_robot();
            self.control.new_robots.push(r);
        }
    }

    /// The state fields of `n` and its descendants, from the loaded world (`pristine`) or now.
    fn state_of(&self, n: NodeId, pristine: bool) -> Vec<(NodeId, &'static str, FieldValue)> {
        let scene = if pristine { &self.pristine } else { &self.scene };
        let mut out = Vec::new();
        let mut stack = vec![n];
        let mut seen = HashSet::new();
        while let Some(node) = stack.pop() {
            if node >= scene.nodes.len() || !seen.insert(node) {
                continue;
            }
            for &field in state_fields(scene.type_name(node), scene.is_solid(node)) {
                if let Some(v) = scene.field(node, field) {
                    out.push((node, field, v.clone()));
                }
            }
            stack.extend(scene.children(node));
        }
        out
    }

    /// `wb_supervisor_node_load_state`: the state saved under `name` (`__init__`: the loaded world's)
    /// back in the node and its descendants, devices told; a Robot among them clears the labels.
    fn load_state(&mut self, node: NodeRefId, name: &str) {
        let Some(n) = scene_node(&self.scene, node) else { return };
        let values = if name == "__init__" {
            self.state_of(n, true)
        } else {
            match self.control.saved.get(&(n, name.to_string())) {
                Some(v) => v.clone(),
                None => {
                    self.runtime_warnings
                        .push(format!("wb_supervisor_node_load_state(): no state '{name}' was saved for this node"));
                    return;
                }
            }
        };
        for (node, field, value) in values {
            if !self.scene.is_live(node) || self.scene.field(node, field) == Some(&value) {
                continue;
            }
            self.scene.set_field_synced(node, field, value);
            self.field_written(node, field);
        }
        if self.state_of(n, false).iter().any(|(node, _, _)| self.scene.type_name(*node) == "Robot") {
            self.control.labels.clear();
        }
        self.devices.geometry_changed();
    }

    /// After each step: the tracked fields and poses that are due, to their robots.
    pub(in crate::world) fn sample_tracking(&mut self, now: f64) {
        let mut events = Vec::new();
        for (robot, field, sampling) in &mut self.control.tracked_fields {
            if sampling.due(now) {
                let q = Query::FieldValue { field: *field, index: None };
                if let QueryAnswer::Value(Some(value)) = fields::answer(&self.scene, 0, &[], &q) {
                    events.push((*robot, SceneEvent::FieldValue { field: *field, value }));
                }
            }
        }
        for (robot, node, from, sampling) in &mut self.control.tracked_poses {
            if sampling.due(now) {
                if let QueryAnswer::Pose(Some(pose)) =
                    fields::answer(&self.scene, 0, &[], &Query::Pose { node: *node, from: *from })
                {
                    events.push((*robot, SceneEvent::Pose { node: *node, from: *from, pose }));
                }
            }
        }
        for (robot, event) in events {
            self.states[robot].outbox.push(RobotEvent::Scene(event));
        }
    }

    /// `simulation_reset`'s scene: the loaded world's, except that nodes removed since stay removed and
    /// nodes imported since are gone (their ids are not reused); labels are cleared.
    pub(in crate::world) fn restore_loaded_scene(&mut self) {
        let old = std::mem::replace(&mut self.scene, self.pristine.clone());
        let loaded = self.scene.nodes.len();
        let mut imported = Vec::new();
        for (i, mut node) in old.nodes.into_iter().enumerate().skip(loaded) {
            if !node.removed {
                imported.push(i);
            }
            node.removed = true;
            self.scene.nodes.push(node);
        }
        for n in self.control.removed_loaded.clone() {
            self.scene.remove_node(n);
        }
        if !imported.is_empty() {
            self.forget(&imported);
        }
        self.control.labels.clear();
    }
}
