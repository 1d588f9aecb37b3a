//! A write moved a hinge's or slider's endPoint (its translation or rotation, not the joint's
//! position): the joint keeps its position and takes the endPoint's new pose as where that position
//! puts it, as Webots recomputes an endPoint's zero pose when its fields change. The engine joint's
//! frame on the endPoint's body is made anew; the motor then drives from there instead of pulling the
//! endPoint back. A Hinge2Joint or BallJoint keeps its frames.

use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

use super::super::bodies::Body;
use super::super::engine::Engine;
use super::super::plan::JointKind;
use super::super::Physics;
use super::{body1, Joint};
use crate::world::geometry::convert::pose;
use crate::world::scene::{NodeId, Scene};

impl Joint {
    /// The frame on the endPoint's body from the bodies' poses now and the axis' position.
    pub fn reanchor(&mut self, engine: &mut Engine, bodies: &[Body]) {
        if !matches!(self.kind, JointKind::Hinge | JointKind::Slider) {
            return;
        }
        let p1 = engine.pose_of(body1(engine, bodies, self.upper));
        let p2 = engine.pose_of(bodies[self.end].handle);
        for axis in &mut self.axes {
            // the engine's coordinate is the position less the initial one, along or about x
            let c = axis.position - axis.params.position;
            let motion = if axis.angular {
                Isometry3::from_parts(Translation3::identity(), UnitQuaternion::from_axis_angle(&Vector3::x_axis(), c))
            } else {
                Isometry3::translation(c, 0.0, 0.0)
            };
            axis.frame2 = p2.inverse() * p1 * axis.frame1 * motion;
            if let Some(data) = engine.joint_data_mut(self.handles[axis.engine_joint], true) {
                data.local_frame2 = pose(&axis.frame2);
            }
        }
    }
}

impl Physics {
    /// `node` was moved by a write: the hinges and sliders whose endPoint moved with it while their
    /// joint did not (the endPoint itself, or a Solid between the joint and it, was moved).
    pub(in crate::world::physics) fn reanchor_moved_end_points(&mut self, scene: &Scene, node: NodeId) {
        for j in &mut self.joints {
            let end_moved = scene.path_to(self.bodies[j.end].solid).contains(&node);
            if end_moved && !scene.path_to(j.node).contains(&node) {
                j.reanchor(&mut self.engine, &self.bodies);
            }
        }
    }

    /// Axis positions were set on `joint` (its endPoint already placed there): its frames follow.
    pub(in crate::world::physics) fn reanchor_joint(&mut self, joint: NodeId) {
        if let Some(&i) = self.joint_index.get(&joint) {
            self.joints[i].reanchor(&mut self.engine, &self.bodies);
        }
    }
}
