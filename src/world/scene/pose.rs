//! Frames: each Pose, Transform and Solid-derived node (and any node carrying `translation` /
//! `rotation` / `scale` fields) places its children; the global frame of a node is the product of
//! its ancestors' local frames.

use super::frames::{FieldSlots, Global, Local};
use super::tree::{NodeId, Scene};
use super::value::FieldValue;
use nalgebra::{Isometry3, Matrix4, Translation3, Unit, UnitQuaternion, Vector3};
use smallvec::SmallVec;

/// A VRML rotation (axis x y z, angle in radians) as a quaternion; a zero or non-finite axis or
/// angle gives the identity.
pub fn rotation_from_axis_angle(r: [f64; 4]) -> UnitQuaternion<f64> {
    let axis = Vector3::new(r[0], r[1], r[2]);
    let norm = axis.norm();
    if !norm.is_finite() || norm < 1e-12 || !r[3].is_finite() {
        return UnitQuaternion::identity();
    }
    UnitQuaternion::from_axis_angle(&Unit::new_unchecked(axis / norm), r[3])
}

/// A rotation as a VRML axis-angle; the identity as `0 0 1 0`.
pub fn axis_angle_of(q: &UnitQuaternion<f64>) -> [f64; 4] {
    match q.axis_angle() {
        Some((axis, angle)) => [axis.x, axis.y, axis.z, angle],
        None => [0.0, 0.0, 1.0, 0.0],
    }
}

impl Scene {
    fn local_parts(&self, id: NodeId) -> Option<([f64; 3], UnitQuaternion<f64>, [f64; 3])> {
        let n = self.nodes.get(id)?;
        let mut t = None;
        let mut r = None;
        let mut s = None;
        // (the value's kind first: most fields are of neither kind, and that is cheaper than a name)
        for f in &n.fields {
            match &f.value {
                FieldValue::SFVec3f(v) if f.name == "translation" => t = Some(*v),
                FieldValue::SFVec3f(v) if f.name == "scale" => s = Some(*v),
                FieldValue::SFRotation(v) if f.name == "rotation" => r = Some(*v),
                _ => {}
            }
        }
        parts_of(t, r, s)
    }

    /// `local_parts` through the frame fields found beforehand (`slots`); a field that no longer holds
    /// its kind of value sends back to the search by name.
    fn local_parts_at(&self, id: NodeId, slots: &FieldSlots) -> Option<([f64; 3], UnitQuaternion<f64>, [f64; 3])> {
        let fields = &self.nodes.get(id)?.fields;
        let at = |slot: Option<u16>| slot.and_then(|i| fields.get(usize::from(i))).map(|f| &f.value);
        let (mut t, mut r, mut s) = (None, None, None);
        for (slot, out) in [(slots.translation, &mut t), (slots.scale, &mut s)] {
            match at(slot) {
                Some(FieldValue::SFVec3f(v)) => *out = Some(*v),
                None => {}
                Some(_) => return self.local_parts(id),
            }
        }
        match at(slots.rotation) {
            Some(FieldValue::SFRotation(v)) => r = Some(*v),
            None => {}
            Some(_) => return self.local_parts(id),
        }
        parts_of(t, r, s)
    }

    /// Node `id`'s local frame as the memo keeps it (see `frames`).
    pub(super) fn local_of(&self, id: NodeId, slots: &FieldSlots) -> Local {
        self.local_parts_at(id, slots).map(|parts| (matrix_of(parts), parts.1))
    }

    /// The node's own frame relative to its parent (translation · rotation · scale).
    pub fn local_transform(&self, id: NodeId) -> Matrix4<f64> {
        match self.local_parts(id) {
            Some(parts) => matrix_of(parts),
            None => Matrix4::identity(),
        }
    }

    /// Ancestors from the root down to `id` (inclusive), without allocating for the depths scenes have.
    pub(super) fn frame_path(&self, id: NodeId) -> SmallVec<[NodeId; 16]> {
        let mut out = SmallVec::new();
        let mut cur = Some(id);
        while let Some(c) = cur {
            if c >= self.nodes.len() || out.len() > self.nodes.len() {
                break;
            }
            out.push(c);
            cur = self.nodes[c].parent;
        }
        out.reverse();
        out
    }

    /// The node's frame in world coordinates, scale included.
    pub fn global_transform(&self, id: NodeId) -> Matrix4<f64> {
        self.frame_path(id).into_iter().fold(Matrix4::identity(), |m, n| m * self.local_transform(n))
    }

    /// The node's position and orientation in world coordinates (scales move positions but do
    /// not enter the orientation): one walk down its path, each node's fields read once, through the
    /// memo of frames when it is free.
    pub fn global_pose(&self, id: NodeId) -> Isometry3<f64> {
        let path = self.frame_path(id);
        let (m, rotation) = match self.memo_global(&path) {
            Some(global) => {
                #[cfg(debug_assertions)]
                check_memo(&global, &self.fold_global(&path), id);
                global
            }
            None => self.fold_global(&path),
        };
        Isometry3::from_parts(Translation3::new(m[(0, 3)], m[(1, 3)], m[(2, 3)]), rotation)
    }

    /// The global frame at the end of `path`, from the fields alone.
    fn fold_global(&self, path: &[NodeId]) -> Global {
        let (mut m, mut rotation) = (Matrix4::identity(), UnitQuaternion::identity());
        for &n in path {
            if let Some(parts) = self.local_parts(n) {
                rotation *= parts.1;
                m *= matrix_of(parts);
            }
        }
        (m, rotation)
    }
}

/// Debug builds compare every frame the memo gives with the one the fields give: a write that
/// escapes the memo's invalidation fails whatever test makes it.
#[cfg(debug_assertions)]
fn check_memo(memo: &Global, fields: &Global, id: NodeId) {
    let bits = |g: &Global| {
        let mut out: Vec<u64> = g.0.iter().map(|x| x.to_bits()).collect();
        out.extend(g.1.coords.iter().map(|x| x.to_bits()));
        out
    };
    assert!(bits(memo) == bits(fields), "stale frame memo for node {id}: {memo:?} != {fields:?}");
}

fn parts_of(
    t: Option<[f64; 3]>,
    r: Option<[f64; 4]>,
    s: Option<[f64; 3]>,
) -> Option<([f64; 3], UnitQuaternion<f64>, [f64; 3])> {
    if t.is_none() && r.is_none() && s.is_none() {
        return None;
    }
    Some((t.unwrap_or([0.0; 3]), rotation_from_axis_angle(r.unwrap_or([0.0, 0.0, 1.0, 0.0])), s.unwrap_or([1.0; 3])))
}

/// A node's local frame from its translation, rotation and scale.
fn matrix_of((t, r, s): ([f64; 3], UnitQuaternion<f64>, [f64; 3])) -> Matrix4<f64> {
    Matrix4::new_translation(&Vector3::from(t))
        * r.to_homogeneous()
        * Matrix4::new_nonuniform_scaling(&Vector3::from(s))
}
