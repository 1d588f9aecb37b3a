//! Where a joint puts its endPoint for a given position (spec motion §2.3): the endPoint's pose in the
//! file is its pose at the initial `position`, which gives the zero pose; any other position turns the
//! zero pose about the hinge's anchor, or slides it along the slider's axis. A supervisor writing a
//! joint's `position` teleports the endPoint there (physical or not); kinematic motors will move
//! endPoints the same way.

use nalgebra::{Isometry3, Translation3, Unit, UnitQuaternion, Vector3};

use super::multi_axis_poses::MultiAxisPose;
use crate::world::scene::{axis_angle_of, rotation_from_axis_angle, FieldValue, NodeId, Scene};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    Rotation,
    Translation,
}

/// A HingeJoint or SliderJoint with a Solid endPoint.
#[derive(Clone, Debug)]
pub struct JointPose {
    pub joint: NodeId,
    /// Its jointParameters node, if any.
    pub params: Option<NodeId>,
    pub end: NodeId,
    pub motion: Motion,
    /// In the frame the endPoint's fields are written in.
    axis: Vector3<f64>,
    anchor: Vector3<f64>,
    /// The endPoint's pose at position 0, in that frame.
    zero: Isometry3<f64>,
}

impl JointPose {
    pub fn of(scene: &Scene, joint: NodeId) -> Option<JointPose> {
        let motion = match scene.type_name(joint) {
            "HingeJoint" => Motion::Rotation,
            "SliderJoint" => Motion::Translation,
            _ => return None,
        };
        let end = scene.sf_node(joint, "endPoint").filter(|&e| scene.is_solid(e))?;
        let params = scene.sf_node(joint, "jointParameters");
        let default_axis = if motion == Motion::Rotation { [1.0, 0.0, 0.0] } else { [0.0, 0.0, 1.0] };
        let (axis, anchor, position) = match params {
            Some(p) => (
                match scene.field(p, "axis") {
                    Some(FieldValue::SFVec3f(a)) => *a,
                    _ => default_axis,
                },
                scene.sf_vec3(p, "anchor"),
                scene.sf_float(p, "position"),
            ),
            None => (default_axis, [0.0; 3], 0.0),
        };
        let axis = Vector3::from(axis);
        let axis =
            if axis.norm() > 0.0 && axis.iter().all(|v| v.is_finite()) { axis.normalize() } else { Vector3::z() };
        let mut pose =
            JointPose { joint, params, end, motion, axis, anchor: Vector3::from(anchor), zero: Isometry3::identity() };
        let current = local_pose(scene, end);
        pose.zero = pose.moved(&current, -position);
        Some(pose)
    }

    /// `from` moved by `position` along or about the axis.
    fn moved(&self, from: &Isometry3<f64>, position: f64) -> Isometry3<f64> {
        match self.motion {
            Motion::Translation => {
                Isometry3::from_parts((from.translation.vector + self.axis * position).into(), from.rotation)
            }
            Motion::Rotation => {
                let r = UnitQuaternion::from_axis_angle(&Unit::new_unchecked(self.axis), position);
                let t = r * (from.translation.vector - self.anchor) + self.anchor;
                Isometry3::from_parts(t.into(), r * from.rotation)
            }
        }
    }

    /// The endPoint's pose (in its parent's frame) at `position`.
    pub fn end_point_pose(&self, position: f64) -> Isometry3<f64> {
        self.moved(&self.zero, position)
    }

    /// A write moved the endPoint (its translation or rotation): its pose now is where `position` puts
    /// it, as Webots recomputes an endPoint's zero pose.
    pub fn rezero(&mut self, scene: &Scene, position: f64) {
        let current = local_pose(scene, self.end);
        self.zero = self.moved(&current, -position);
    }

    /// Puts the endPoint where `position` puts it (its translation and rotation fields).
    pub fn place_end_point(&self, scene: &mut Scene, position: f64) {
        let pose = self.end_point_pose(position);
        let t = pose.translation.vector;
        scene.set_field_synced(self.end, "translation", FieldValue::SFVec3f([t.x, t.y, t.z]));
        scene.set_field_synced(self.end, "rotation", FieldValue::SFRotation(axis_angle_of(&pose.rotation)));
    }
}

impl JointPose {
    /// The position the endPoint's pose shows now (a hinge's angle in (-π, π]): where a joint without
    /// parameters keeps its position.
    pub fn shown_position(&self, scene: &Scene) -> f64 {
        let current = local_pose(scene, self.end);
        match self.motion {
            Motion::Translation => (current.translation.vector - self.zero.translation.vector).dot(&self.axis),
            Motion::Rotation => {
                let q = current.rotation * self.zero.rotation.inverse();
                let a = 2.0 * q.imag().dot(&self.axis).atan2(q.w);
                if a > std::f64::consts::PI {
                    a - std::f64::consts::TAU
                } else if a <= -std::f64::consts::PI {
                    a + std::f64::consts::TAU
                } else {
                    a
                }
            }
        }
    }
}

fn local_pose(scene: &Scene, node: NodeId) -> Isometry3<f64> {
    let t = scene.sf_vec3(node, "translation");
    Isometry3::from_parts(
        Translation3::new(t[0], t[1], t[2]),
        rotation_from_axis_angle(scene.sf_rotation(node, "rotation")),
    )
}

/// Every HingeJoint and SliderJoint of the scene with a Solid endPoint, by jointParameters node.
#[derive(Clone, Debug, Default)]
pub struct JointPoses {
    list: Vec<JointPose>,
    /// Hinge2Joints and BallJoints.
    multi: Vec<MultiAxisPose>,
}

impl JointPoses {
    pub fn of(scene: &Scene) -> JointPoses {
        let nodes = scene.preorder();
        JointPoses {
            list: nodes.iter().filter_map(|&n| JointPose::of(scene, n)).collect(),
            multi: nodes.iter().filter_map(|&n| MultiAxisPose::of(scene, n)).collect(),
        }
    }

    /// The joint and axis (from 1) whose parameters node is `params`.
    pub fn axis_of_params(&self, params: NodeId) -> Option<(NodeId, usize)> {
        self.list.iter().find(|j| j.params == Some(params)).map(|j| (j.joint, 1)).or_else(|| {
            self.multi.iter().find_map(|j| j.params.iter().position(|&p| p == Some(params)).map(|i| (j.joint, i + 1)))
        })
    }

    /// Puts the endPoint of `joint` where axis `index` (from 1) at `position` puts it; returns the
    /// endPoint, or `None` for an axis the joint does not have.
    pub fn place(&self, scene: &mut Scene, joint: NodeId, index: usize, position: f64) -> Option<NodeId> {
        if let Some(j) = self.list.iter().find(|j| j.joint == joint).filter(|_| index == 1) {
            j.place_end_point(scene, position);
            return Some(j.end);
        }
        let j = self.multi.iter().find(|j| j.joint == joint).filter(|j| (1..=j.axes()).contains(&index))?;
        j.place_end_point(scene, index, position);
        Some(j.end)
    }

    /// A write moved `node`: the joints it is the endPoint of keep their position (read from their
    /// parameters; a joint without them keeps its old zero pose) with the endPoint where it is now.
    pub fn end_point_written(&mut self, scene: &Scene, node: NodeId) {
        for j in self.list.iter_mut().filter(|j| j.end == node) {
            if let Some(p) = j.params {
                j.rezero(scene, scene.sf_float(p, "position"));
            }
        }
    }

    /// The joint whose parameters node is `params`.
    pub fn by_params(&self, params: NodeId) -> Option<&JointPose> {
        self.list.iter().find(|j| j.params == Some(params))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    #[test]
    fn a_hinge_written_position_turns_the_end_point_about_its_anchor() {
        let text = "#VRML_SIM R2025a utf8\nRobot { children [ HingeJoint { jointParameters DEF P HingeJointParameters { \
                    axis 0 0 1 anchor 1 0 0 position 0.5 } endPoint DEF E Solid { translation 1.8775825618903728 0.479425538604203 0 \
                    rotation 0 0 1 0.5 } } ] }";
        let mut s = parse_world_str(text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let (p, e) = (s.find_def("P").unwrap(), s.find_def("E").unwrap());
        let joints = JointPoses::of(&s);
        let j = joints.by_params(p).unwrap();
        // the zero pose: 1 m from the anchor along x, unrotated
        let zero = j.end_point_pose(0.0);
        assert!((zero.translation.vector - Vector3::new(2.0, 0.0, 0.0)).norm() < 1e-12);
        assert!(zero.rotation.angle() < 1e-12);
        assert!((j.shown_position(&s) - 0.5).abs() < 1e-12);
        j.clone().place_end_point(&mut s, std::f64::consts::FRAC_PI_2);
        let t = s.sf_vec3(e, "translation");
        assert!((Vector3::from(t) - Vector3::new(1.0, 1.0, 0.0)).norm() < 1e-12, "{t:?}");
        assert!((j.shown_position(&s) - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
        j.clone().place_end_point(&mut s, -3.0);
        assert!((j.shown_position(&s) + 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_slider_position_slides_along_its_normalised_axis() {
        let text = "#VRML_SIM R2025a utf8\nRobot { children [ SliderJoint { jointParameters DEF P JointParameters { \
                    axis 0 2 0 } endPoint DEF E Solid { translation 1 0 0 } } ] }";
        let mut s = parse_world_str(text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let (p, e) = (s.find_def("P").unwrap(), s.find_def("E").unwrap());
        JointPoses::of(&s).by_params(p).unwrap().place_end_point(&mut s, 0.25);
        assert_eq!(s.sf_vec3(e, "translation"), [1.0, 0.25, 0.0]);
    }
}
