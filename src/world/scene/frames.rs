//! A memo of the frames `pose` computes, for the devices that ask for the same poses at every step
//! (two distance sensors of a robot walk the same path from the root): each node's local frame (from
//! its translation, rotation and scale, with the fields found once) and its global frame. An entry
//! holds until a frame field of the node, or of an ancestor, is written or the node changes parent;
//! a change of the tree's shape (import, removal, regeneration) forgets everything. The memo only
//! replays the computation `pose` does, in the same order: the results are bit-identical.
//!
//! Validity is by stamps rather than by walking descendants: every change takes the next tick of a
//! clock and stamps its node; an entry is good when it was made after the newest stamp on its path.
//! The memo sits behind a read-write lock so that `&Scene` readers fill it and sensors measured on
//! several threads share it: a frame still good is read under the shared lock; a reader with one to
//! fill while another thread holds the lock computes without it.

use nalgebra::{Matrix4, UnitQuaternion};
use parking_lot::RwLock;
use smallvec::SmallVec;

use super::tree::{NodeId, Scene};

/// The fields that place a node's children.
pub(super) fn is_frame_field(name: &str) -> bool {
    matches!(name, "translation" | "rotation" | "scale")
}

/// A node's local frame as `pose` folds it: the matrix (translation · rotation · scale) and the
/// rotation; `None` for a node without frame fields (it places nothing).
pub(super) type Local = Option<(Matrix4<f64>, UnitQuaternion<f64>)>;

/// The global frame up to a node: the product of the local matrices from the root, and of the rotations.
pub(super) type Global = (Matrix4<f64>, UnitQuaternion<f64>);

#[derive(Default)]
pub(crate) struct Frames {
    /// Per node: the tick of the last change of its frame fields or its parent (0: none; nodes past
    /// the end have none).
    changed: Vec<u64>,
    /// The last tick given.
    clock: u64,
    memo: RwLock<Memo>,
}

#[derive(Clone, Default)]
struct Memo {
    /// Per node: its entry's index in `entries` (`NONE`: no entry).
    slot: Vec<u32>,
    entries: Vec<Entry>,
}

const NONE: u32 = u32::MAX;

/// What is known of one node; each part made at a tick (`*_at`, 0: not made), good while no change on
/// its path is as recent.
#[derive(Clone, Copy)]
struct Entry {
    /// Where its translation, rotation and scale fields are in its field list.
    fields: Option<FieldSlots>,
    local: Local,
    local_at: u64,
    global: Global,
    global_at: u64,
}

/// Indices of a node's frame fields in its field list (`None`: it has no such field).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct FieldSlots {
    pub translation: Option<u16>,
    pub rotation: Option<u16>,
    pub scale: Option<u16>,
}

impl Frames {
    /// A frame field of `node` was written, or it changed parent: its entries and those below it go.
    pub(super) fn touch(&mut self, node: NodeId) {
        self.clock += 1;
        if self.changed.len() <= node {
            self.changed.resize(node + 1, 0);
        }
        self.changed[node] = self.clock;
    }

    /// The tree changed shape (nodes built, removed or rebuilt, fields emptied): nothing is kept.
    pub(super) fn forget_all(&mut self) {
        let memo = self.memo.get_mut();
        memo.slot.clear();
        memo.entries.clear();
    }

    fn stamp(&self, node: NodeId) -> u64 {
        self.changed.get(node).copied().unwrap_or(0)
    }
}

impl Clone for Frames {
    fn clone(&self) -> Self {
        Frames { changed: self.changed.clone(), clock: self.clock, memo: RwLock::new(self.memo.read().clone()) }
    }
}

impl std::fmt::Debug for Frames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frames").field("clock", &self.clock).field("entries", &self.memo.read().entries.len()).finish()
    }
}

impl Memo {
    fn get(&self, node: NodeId) -> Option<&Entry> {
        self.slot.get(node).filter(|&&s| s != NONE).map(|&s| &self.entries[s as usize])
    }

    fn entry(&mut self, node: NodeId) -> &mut Entry {
        if self.slot.len() <= node {
            self.slot.resize(node + 1, NONE);
        }
        if self.slot[node] == NONE {
            self.slot[node] = self.entries.len() as u32;
            self.entries.push(Entry {
                fields: None,
                local: None,
                local_at: 0,
                global: (Matrix4::identity(), UnitQuaternion::identity()),
                global_at: 0,
            });
        }
        &mut self.entries[self.slot[node] as usize]
    }
}

impl Scene {
    /// The global frame of the last node of `path` (root first) through the memo, filling it; `None`
    /// when another thread holds the memo (the caller computes without it).
    pub(super) fn memo_global(&self, path: &[NodeId]) -> Option<Global> {
        // the newest change on the path down to each node
        let mut newest: SmallVec<[u64; 16]> = SmallVec::with_capacity(path.len());
        let mut latest = 0;
        for &n in path {
            latest = latest.max(self.frames.stamp(n));
            newest.push(latest);
        }
        let (&last, &last_change) = (path.last()?, newest.last()?);
        if let Some(good) = self.frames.memo.try_read()?.get(last).filter(|e| e.global_at > last_change) {
            return Some(good.global);
        }
        let mut memo = self.frames.memo.try_write()?;
        let now = self.frames.clock + 1;
        // from the deepest node whose global frame still holds
        let mut start = 0;
        let mut acc: Global = (Matrix4::identity(), UnitQuaternion::identity());
        for k in (0..path.len()).rev() {
            if let Some(e) = memo.get(path[k]).filter(|e| e.global_at > newest[k]) {
                acc = e.global;
                start = k + 1;
                break;
            }
        }
        for &n in &path[start..] {
            let stamp = self.frames.stamp(n);
            let e = memo.entry(n);
            if e.local_at <= stamp {
                let slots = *e.fields.get_or_insert_with(|| self.frame_slots(n));
                e.local = self.local_of(n, &slots);
                e.local_at = now;
            }
            if let Some((m, r)) = e.local {
                acc.1 *= r;
                acc.0 *= m;
            }
            e.global = acc;
            e.global_at = now;
        }
        Some(acc)
    }

    /// Where node `n`'s frame fields are: the last field of each name (names do not change until the
    /// tree changes shape).
    fn frame_slots(&self, n: NodeId) -> FieldSlots {
        let mut slots = FieldSlots { translation: None, rotation: None, scale: None };
        let Some(node) = self.nodes.get(n) else { return slots };
        for (i, f) in node.fields.iter().enumerate().take(usize::from(u16::MAX)) {
            let i = Some(i as u16);
            match f.name.as_str() {
                "translation" => slots.translation = i,
                "rotation" => slots.rotation = i,
                "scale" => slots.scale = i,
                _ => {}
            }
        }
        slots
    }
}

#[cfg(test)]
mod tests {
    use crate::world::scene::{parse_world_str, Edit, FieldList, FieldValue, LoadOptions, NodeId, Scene};
    use nalgebra::Vector3;

    fn scene(body: &str) -> Scene {
        let text = format!("#VRML_SIM R2025a utf8\n{body}");
        parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap()
    }

    fn node(s: &Scene, def: &str) -> NodeId {
        s.find_def(def).unwrap()
    }

    fn position(s: &Scene, def: &str) -> [f64; 3] {
        let t = s.global_pose(node(s, def)).translation.vector;
        [t.x, t.y, t.z].map(|x| (x * 1e9).round() / 1e9)
    }

    const NESTED: &str = "DEF A Transform { translation 1 0 0 children [ \
                            DEF B Solid { translation 0 1 0 children [ DEF C Solid { translation 0 0 1 } ] } ] }\n\
                          DEF D Transform { translation 5 0 0 }\n";

    #[test]
    fn a_parent_moved_by_the_world_s_write_moves_its_children() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
        let slot = s.synced_field(node(&s, "B"), "translation").unwrap();
        s.write_synced(&slot, FieldValue::SFVec3f([0.0, 3.0, 0.0]));
        assert_eq!(position(&s, "C"), [1.0, 3.0, 1.0]);
        assert_eq!(position(&s, "B"), [1.0, 3.0, 0.0]);
        let rotation = s.synced_field(node(&s, "B"), "rotation").unwrap();
        s.write_synced(&rotation, FieldValue::SFRotation([1.0, 0.0, 0.0, std::f64::consts::FRAC_PI_2]));
        assert_eq!(position(&s, "C"), [1.0, 2.0, 0.0]);
        let turned = s.global_pose(node(&s, "C")).rotation * Vector3::y();
        assert!((turned - Vector3::z()).norm() < 1e-12, "{turned}");
    }

    #[test]
    fn a_field_written_in_place_moves_the_nodes_below_it() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
        let a = node(&s, "A");
        *s.field_mut(a, "rotation").unwrap() = FieldValue::SFRotation([0.0, 0.0, 1.0, std::f64::consts::PI]);
        assert_eq!(position(&s, "C"), [1.0, -1.0, 1.0]);
        *s.field_mut(a, "scale").unwrap() = FieldValue::SFVec3f([2.0, 2.0, 2.0]);
        assert_eq!(position(&s, "C"), [1.0, -2.0, 2.0]);
        // the sibling tree keeps its frame
        assert_eq!(position(&s, "D"), [5.0, 0.0, 0.0]);
    }

    #[test]
    fn a_supervisor_s_edit_moves_the_nodes_below_it_through_a_proto_interface() {
        let mut s = scene(
            "PROTO Base [ field SFVec3f at 0 0 0 ] { Transform { translation IS at children [ DEF C Solid { } ] } }\n\
             DEF P Base { at 1 0 0 }\n",
        );
        let p = node(&s, "P");
        let c = s.preorder().into_iter().find(|&n| s.type_name(n) == "Solid").unwrap();
        let at = |s: &Scene| s.global_pose(c).translation.vector;
        assert_eq!(at(&s), Vector3::new(1.0, 0.0, 0.0));
        let edit = Edit::Set { index: None, value: FieldValue::SFVec3f([0.0, 4.0, 0.0]) };
        s.edit_field(p, FieldList::Visible, 0, &edit).unwrap();
        assert_eq!(at(&s), Vector3::new(0.0, 4.0, 0.0));
    }

    #[test]
    fn a_node_given_another_parent_takes_its_frame() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
        let (b, d) = (node(&s, "B"), node(&s, "D"));
        s.set_parent(b, Some(d));
        assert_eq!(position(&s, "B"), [5.0, 1.0, 0.0]);
        assert_eq!(position(&s, "C"), [5.0, 1.0, 1.0]);
    }

    #[test]
    fn a_node_imported_under_a_known_frame_gets_it_and_a_copy_keeps_its_own() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "B"), [1.0, 1.0, 0.0]);
        let b = node(&s, "B");
        let (ids, _) = s.import_nodes("DEF E Solid { translation 0 0 2 }", Some(b)).unwrap();
        assert_eq!(s.global_pose(ids[0]).translation.vector, Vector3::new(1.0, 1.0, 2.0));
        let mut copy = s.clone();
        *copy.field_mut(b, "translation").unwrap() = FieldValue::SFVec3f([0.0, 0.0, 0.0]);
        assert_eq!(copy.global_pose(ids[0]).translation.vector, Vector3::new(1.0, 0.0, 2.0));
        assert_eq!(s.global_pose(ids[0]).translation.vector, Vector3::new(1.0, 1.0, 2.0));
    }

    #[test]
    fn a_frame_field_holding_another_kind_of_value_places_nothing() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
        s.set_field_synced(node(&s, "B"), "translation", FieldValue::SFFloat(3.0));
        assert_eq!(position(&s, "C"), [1.0, 0.0, 1.0]);
    }

    #[test]
    fn writing_a_node_that_does_not_exist_changes_nothing() {
        let mut s = scene(NESTED);
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
        assert!(s.field_mut(usize::MAX, "translation").is_none());
        assert!(s.field_mut(s.nodes.len(), "rotation").is_none());
        assert_eq!(position(&s, "C"), [1.0, 1.0, 1.0]);
    }
}
