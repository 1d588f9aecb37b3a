//! Where a kinematic joint's motor puts the joint's endPoint: a HingeJoint's or SliderJoint's one axis,
//! or one axis of a Hinge2Joint or BallJoint (the others staying where the endPoint shows them).

use super::joint_poses::JointPose;
use super::multi_axis_poses::MultiAxisPose;
use crate::world::scene::{NodeId, Scene};

#[derive(Clone, Debug)]
pub enum KinematicPose {
    Single(JointPose),
    /// The joint and the motor's axis (from 1).
    Axis(MultiAxisPose, usize),
}

impl KinematicPose {
    /// The pose the motor on axis `axis` (0 for `device`, 1 for `device2`, 2 for `device3`) of `joint`
    /// moves, if the joint has a Solid endPoint.
    pub fn of(scene: &Scene, joint: NodeId, axis: usize) -> Option<KinematicPose> {
        JointPose::of(scene, joint)
            .map(KinematicPose::Single)
            .or_else(|| MultiAxisPose::of(scene, joint).map(|m| KinematicPose::Axis(m, axis + 1)))
    }

    pub fn end(&self) -> NodeId {
        match self {
            KinematicPose::Single(p) => p.end,
            KinematicPose::Axis(p, _) => p.end,
        }
    }

    /// Puts the endPoint where the motor's axis at `position` puts it.
    pub fn place_end_point(&self, scene: &mut Scene, position: f64) {
        match self {
            KinematicPose::Single(p) => p.place_end_point(scene, position),
            KinematicPose::Axis(p, index) => p.place_end_point(scene, *index, position),
        }
    }

    /// A write moved the endPoint: the joint keeps its positions (the motor's axis at `position`) with
    /// the endPoint where it is now.
    pub fn rezero(&mut self, scene: &Scene, position: f64) {
        match self {
            KinematicPose::Single(p) => p.rezero(scene, position),
            KinematicPose::Axis(p, _) => p.rezero(scene),
        }
    }
}
