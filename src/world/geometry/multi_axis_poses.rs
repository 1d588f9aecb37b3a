//! Where a Hinge2Joint or a BallJoint puts its endPoint when a supervisor sets one of its axes (spec
//! motion §2.3, extended to several axes): the endPoint's pose turns about the joint's anchor by the
//! rotation its axis positions compose, the other axes keeping their current positions.
//!
//! A Hinge2Joint turns by `R(axis1, q1) · R(axis2, q2)` (its second axis turns with the first); a
//! BallJoint by `F · Rx(q1) · Ry(q2) · Rz(q3) · F⁻¹`, `F` the frame whose x is jointParameters2's axis
//! and whose z is jointParameters3's (the engine reads its three positions in that frame, see
//! `physics::joints`).

use nalgebra::{Isometry3, Rotation3, Translation3, UnitQuaternion, Vector3};

use crate::world::scene::{axis_angle_of, rotation_from_axis_angle, FieldValue, NodeId, Scene};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Hinge2,
    Ball,
}

/// A Hinge2Joint or BallJoint with a Solid endPoint.
#[derive(Clone, Debug)]
pub struct MultiAxisPose {
    pub joint: NodeId,
    pub end: NodeId,
    /// jointParameters, jointParameters2, jointParameters3 (those present).
    pub params: [Option<NodeId>; 3],
    kind: Kind,
    anchor: Vector3<f64>,
    /// The frame the positions are angles in (its columns are the axes, in the endPoint's parent frame).
    frame: UnitQuaternion<f64>,
    /// The endPoint's pose with every position at 0.
    zero: Isometry3<f64>,
}

fn axis_of(scene: &Scene, params: Option<NodeId>, default: Vector3<f64>) -> Vector3<f64> {
    let a = match params.and_then(|p| scene.field(p, "axis")) {
        Some(FieldValue::SFVec3f(a)) => Vector3::from(*a),
        _ => default,
    };
    if a.norm() > 1e-12 && a.iter().all(|v| v.is_finite()) {
        a.normalize()
    } else {
        default
    }
}

/// The rotation whose x is `x` and whose z is `z_hint`'s part across `x`.
fn frame_from(x: Vector3<f64>, z_hint: Vector3<f64>) -> UnitQuaternion<f64> {
    let mut z = z_hint - x * x.dot(&z_hint);
    if z.norm() < 1e-9 {
        z = if x.z.abs() < 0.9 { Vector3::z() } else { Vector3::y() };
        z -= x * x.dot(&z);
    }
    let z = z.normalize();
    let y = z.cross(&x);
    UnitQuaternion::from_rotation_matrix(&Rotation3::from_basis_unchecked(&[x, y, z]))
}

/// Angles `[a, b, c]` with `q = Rx(a) · Ry(b) · Rz(c)`.
fn xyz_angles(q: &UnitQuaternion<f64>) -> [f64; 3] {
    let m = q.to_rotation_matrix();
    let m = m.matrix();
    let b = m[(0, 2)].clamp(-1.0, 1.0).asin();
    [(-m[(1, 2)]).atan2(m[(2, 2)]), b, (-m[(0, 1)]).atan2(m[(0, 0)])]
}

fn xyz_rotation(q: [f64; 3]) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Vector3::x_axis(), q[0])
        * UnitQuaternion::from_axis_angle(&Vector3::y_axis(), q[1])
        * UnitQuaternion::from_axis_angle(&Vector3::z_axis(), q[2])
}

impl MultiAxisPose {
    pub fn of(scene: &Scene, joint: NodeId) -> Option<MultiAxisPose> {
        let kind = match scene.type_name(joint) {
            "Hinge2Joint" => Kind::Hinge2,
            "BallJoint" => Kind::Ball,
            _ => return None,
        };
        let end = scene.sf_node(joint, "endPoint").filter(|&e| scene.is_solid(e))?;
        let params = ["jointParameters", "jointParameters2", "jointParameters3"].map(|f| scene.sf_node(joint, f));
        let anchor = params[0].map_or([0.0; 3], |p| scene.sf_vec3(p, "anchor"));
        let frame = match kind {
            Kind::Hinge2 => {
                let (a1, a2) = (axis_of(scene, params[0], Vector3::x()), axis_of(scene, params[1], Vector3::z()));
                // x along the first axis, y along the second: the positions are the first two xyz angles
                frame_from(a1, a1.cross(&a2))
            }
            Kind::Ball => frame_from(axis_of(scene, params[1], Vector3::x()), axis_of(scene, params[2], Vector3::z())),
        };
        let position = |i: usize| params[i].map_or(0.0, |p| scene.sf_float(p, "position"));
        let initial = match kind {
            Kind::Hinge2 => [position(0), position(1), 0.0],
            Kind::Ball => [position(0), position(1), position(2)],
        };
        let mut pose = MultiAxisPose {
            joint,
            end,
            params,
            kind,
            anchor: Vector3::from(anchor),
            frame,
            zero: Isometry3::identity(),
        };
        let current = local_pose(scene, end);
        pose.zero = pose.turned(&current, &pose.relative(initial).inverse());
        Some(pose)
    }

    /// How many axes the joint has.
    pub fn axes(&self) -> usize {
        match self.kind {
            Kind::Hinge2 => 2,
            Kind::Ball => 3,
        }
    }

    /// The rotation (in the endPoint's parent frame) the positions `q` make.
    fn relative(&self, q: [f64; 3]) -> UnitQuaternion<f64> {
        self.frame * xyz_rotation(q) * self.frame.inverse()
    }

    /// `from` turned by `r` about the anchor.
    fn turned(&self, from: &Isometry3<f64>, r: &UnitQuaternion<f64>) -> Isometry3<f64> {
        let t = r * (from.translation.vector - self.anchor) + self.anchor;
        Isometry3::from_parts(t.into(), r * from.rotation)
    }

    /// The positions the endPoint's pose shows now.
    pub fn shown_positions(&self, scene: &Scene) -> [f64; 3] {
        let current = local_pose(scene, self.end);
        let r = current.rotation * self.zero.rotation.inverse();
        xyz_angles(&(self.frame.inverse() * r * self.frame))
    }

    /// A write moved the endPoint: its pose now is where its parameters' positions put it.
    pub fn rezero(&mut self, scene: &Scene) {
        let mut q = self.params.map(|p| p.map_or(0.0, |p| scene.sf_float(p, "position")));
        if self.kind == Kind::Hinge2 {
            q[2] = 0.0;
        }
        let current = local_pose(scene, self.end);
        self.zero = self.turned(&current, &self.relative(q).inverse());
    }

    /// Puts the endPoint where axis `index` (from 1) at `position` puts it, the other axes where they are.
    pub fn place_end_point(&self, scene: &mut Scene, index: usize, position: f64) {
        let mut q = self.shown_positions(scene);
        if self.kind == Kind::Hinge2 {
            q[2] = 0.0;
        }
        let Some(slot) = q.get_mut(index.wrapping_sub(1)).filter(|_| index <= self.axes()) else { return };
        *slot = position;
        let pose = self.turned(&self.zero, &self.relative(q));
        let t = pose.translation.vector;
        scene.set_field_synced(self.end, "translation", FieldValue::SFVec3f([t.x, t.y, t.z]));
        scene.set_field_synced(self.end, "rotation", FieldValue::SFRotation(axis_angle_of(&pose.rotation)));
    }
}

fn local_pose(scene: &Scene, node: NodeId) -> Isometry3<f64> {
    let t = scene.sf_vec3(node, "translation");
    Isometry3::from_parts(
        Translation3::new(t[0], t[1], t[2]),
        rotation_from_axis_angle(scene.sf_rotation(node, "rotation")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn scene(joint: &str) -> Scene {
        let text = format!(
            "#VRML_SIM R2025a utf8\nRobot {{ children [ DEF J {joint} endPoint DEF E Solid {{ translation 0 0.4 0 }} }} ] }}"
        );
        parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap()
    }

    fn close(a: [f64; 3], b: [f64; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn a_hinge2_s_second_axis_turns_with_its_first() {
        // first axis x, second z: a quarter turn about x takes the endPoint 0.3 m from the anchor along
        // y to 0.3 m along z, and the second axis to -y; 0.3 rad about -y then swings it towards -x (about
        // an unturned z it would not move)
        let mut s = scene("Hinge2Joint { jointParameters HingeJointParameters { anchor 0 0.1 0 }");
        let (j, e) = (s.find_def("J").unwrap(), s.find_def("E").unwrap());
        let pose = MultiAxisPose::of(&s, j).unwrap();
        pose.place_end_point(&mut s, 1, std::f64::consts::FRAC_PI_2);
        // about the anchor (0, 0.1, 0): 0.3 m along y becomes 0.3 m along z
        assert!(close(s.sf_vec3(e, "translation"), [0.0, 0.1, 0.3]), "{:?}", s.sf_vec3(e, "translation"));
        pose.place_end_point(&mut s, 2, 0.3);
        let q = pose.shown_positions(&s);
        assert!(close(q, [std::f64::consts::FRAC_PI_2, 0.3, 0.0]), "{q:?}");
        let t = s.sf_vec3(e, "translation");
        assert!(close(t, [-0.3 * 0.3f64.sin(), 0.1, 0.3 * 0.3f64.cos()]), "{t:?}");
    }

    #[test]
    fn a_ball_joint_s_axes_are_its_x_y_and_z_in_turn_and_others_stay() {
        let mut s = scene("BallJoint {");
        let (j, e) = (s.find_def("J").unwrap(), s.find_def("E").unwrap());
        let pose = MultiAxisPose::of(&s, j).unwrap();
        pose.place_end_point(&mut s, 3, 0.6);
        let t = s.sf_vec3(e, "translation");
        assert!(close(t, [-0.4 * 0.6f64.sin(), 0.4 * 0.6f64.cos(), 0.0]), "{t:?}");
        pose.place_end_point(&mut s, 2, -0.2);
        assert!(close(pose.shown_positions(&s), [0.0, -0.2, 0.6]), "{:?}", pose.shown_positions(&s));
        pose.place_end_point(&mut s, 1, 0.1);
        assert!(close(pose.shown_positions(&s), [0.1, -0.2, 0.6]), "{:?}", pose.shown_positions(&s));
        // an axis the joint has not: nothing moves
        pose.place_end_point(&mut s, 4, 1.0);
        assert!(close(pose.shown_positions(&s), [0.1, -0.2, 0.6]));
    }
}
