//! Physical joints (spec motion §2): HingeJoint, SliderJoint, BallJoint and Hinge2Joint between an
//! endPoint's body and its upper Solid's body (or the world), created at the current pose so that the
//! engine's joint coordinate is `position - initial position`; stops, springs and dampers, static
//! friction; positions read back (hinge angles unwrapped) after every step.
//!
//! Each axis has a `Drive` that a motor sets (a target velocity with a force cap, or a force); the
//! spring, damper and static friction combine with it as spec §2.5 and §3.4 say.

use std::f64::consts::{PI, TAU};

use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rapier3d_f64::prelude::*;

use super::bodies::Body;
use super::body_math::BodyMath;
use super::drives::{grounded, step_axis, AxisState, Effort, EndBody, Model, Sides};
use super::engine::{Engine, JointHandle};
use super::plan::{JointKind, JointPlan};
use crate::world::geometry::convert::{na_point, pose, vector};
use crate::world::scene::{FieldValue, NodeId, Scene, SyncedField};

pub mod multibody;
mod multibody_feedback;
mod reanchor;

/// What drives an axis besides its spring, damper and friction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drive {
    Free,
    /// Reach this joint velocity with at most this force or torque (a motor in position or velocity
    /// control).
    Velocity {
        velocity: f64,
        max_force: f64,
    },
    /// Apply this force or torque (a motor in force control).
    Force(f64),
}

/// A joint parameters node's values, with Webots' checks.
#[derive(Clone, Debug, PartialEq)]
pub struct AxisParams {
    pub position: f64,
    pub axis: Vector3<f64>,
    pub anchor: Vector3<f64>,
    pub min_stop: f64,
    pub max_stop: f64,
    pub spring: f64,
    pub damping: f64,
    pub static_friction: f64,
    /// A hinge's suspension (HingeJointParameters), when it has a spring or a damper.
    pub suspension: Option<Suspension>,
    /// The joint parameters node these values were read from (a supervisor may write its constants).
    pub node: Option<NodeId>,
}

/// A linear spring and damper along `axis` (in the joint's parent frame) between a hinge's two sides
/// (spec motion §2.5): the anchor gives way along it. With both constants 0 the hinge stays rigid there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Suspension {
    pub axis: Vector3<f64>,
    pub spring: f64,
    pub damping: f64,
}

impl Suspension {
    fn read(scene: &Scene, n: NodeId) -> Option<Suspension> {
        scene.field(n, "suspensionSpringConstant")?;
        // (Webots checks neither constant; a negative one would make its spring push the wrong way)
        let (spring, damping) = (
            scene.sf_float(n, "suspensionSpringConstant").max(0.0),
            scene.sf_float(n, "suspensionDampingConstant").max(0.0),
        );
        let axis = Vector3::from(scene.sf_vec3(n, "suspensionAxis"));
        let axis = if axis.norm() > 0.0 && axis.iter().all(|v| v.is_finite()) { axis } else { Vector3::x() };
        (spring > 0.0 || damping > 0.0).then_some(Suspension { axis, spring, damping })
    }
}

impl AxisParams {
    /// Reads `node` (a JointParameters-like node, or none: the defaults of `default_axis`).
    pub fn read(
        scene: &Scene,
        node: Option<NodeId>,
        default_axis: Vector3<f64>,
        hinge: bool,
        warnings: &mut Vec<String>,
    ) -> AxisParams {
        let Some(n) = node else {
            return AxisParams {
                position: 0.0,
                axis: default_axis,
                anchor: Vector3::zeros(),
                min_stop: 0.0,
                max_stop: 0.0,
                spring: 0.0,
                damping: 0.0,
                static_friction: 0.0,
                suspension: None,
                node: None,
            };
        };
        let who = scene.type_name(n).to_string();
        let mut warn = |m: &str| warnings.push(format!("{who}: {m}"));
        let mut non_negative = |name: &str| {
            let v = scene.sf_float(n, name);
            if v < 0.0 {
                warn(&format!("'{name}' must be greater than or equal to zero."));
            }
            v.abs()
        };
        let (spring, damping, static_friction) =
            (non_negative("springConstant"), non_negative("dampingConstant"), non_negative("staticFriction"));
        let mut axis = match scene.field(n, "axis") {
            Some(FieldValue::SFVec3f(a)) => Vector3::from(*a),
            _ => default_axis,
        };
        if axis.norm() == 0.0 || !axis.iter().all(|v| v.is_finite()) {
            warn("'axis' must be non zero.");
            axis = Vector3::z();
        }
        let p = AxisParams {
            position: scene.sf_float(n, "position"),
            axis,
            anchor: Vector3::from(scene.sf_vec3(n, "anchor")),
            min_stop: scene.sf_float(n, "minStop"),
            max_stop: scene.sf_float(n, "maxStop"),
            spring,
            damping,
            static_friction,
            suspension: if hinge { Suspension::read(scene, n) } else { None },
            node: Some(n),
        };
        if p.min_stop != p.max_stop {
            if p.position < p.min_stop {
                warn("'minStop' must be less than or equal to 'position'.");
            }
            if p.position > p.max_stop {
                warn("'maxStop' must be greater than or equal to 'position'.");
            }
            if hinge && p.min_stop <= -PI {
                warn("HingeJoint 'minStop' must be greater than -pi to be effective.");
            }
            if hinge && p.max_stop >= PI {
                warn("HingeJoint 'maxStop' must be less than pi to be effective.");
            }
        }
        p
    }

    fn stops(&self) -> Option<[f64; 2]> {
        (self.min_stop != self.max_stop).then_some([self.min_stop, self.max_stop])
    }
}

/// One degree of freedom of a joint.
pub struct Axis {
    pub params: AxisParams,
    /// The node its position is written to (`jointParameters.position`), if it has one.
    pub position_field: Option<SyncedField>,
    /// Current position (hinge angles unwrapped: they grow past ±2π).
    pub position: f64,
    /// Velocity along the axis after the last step.
    pub velocity: f64,
    pub angular: bool,
    pub drive: Drive,
    /// A Brake's damping, added to the joint's `dampingConstant`.
    pub brake: f64,
    /// What the drive's step gave this step (see `drives`), toward increasing position, and the model
    /// of the joint it was solved with.
    stepped: Effort,
    /// A multibody axis: the momentum of what it carries along it before the step (`multibody_feedback`).
    momentum_before: f64,
    model: Option<Model>,
    /// Which engine joint (index into `Joint::handles`) and which of its axes.
    engine_joint: usize,
    engine_axis: JointAxis,
    /// The axis' frame in the first body's frame (x along the axis).
    frame1: Isometry3<f64>,
    frame2: Isometry3<f64>,
}

pub struct Joint {
    pub node: NodeId,
    pub kind: JointKind,
    pub upper: Option<usize>,
    pub end: usize,
    pub handles: Vec<JointHandle>,
    /// Hinge2: the massless-like body between its two hinges.
    pub middle: Option<RigidBodyHandle>,
    pub axes: Vec<Axis>,
    /// The bodies moving with each side (hinges and sliders whose sides are apart).
    pub sides: Option<Sides>,
    /// Whether its engine joints are to be multibody links where they can (`multibody::chosen`).
    multibody: bool,
}

/// The first joint body: the upper Solid's body, or the ground.
fn body1(engine: &Engine, bodies: &[Body], upper: Option<usize>) -> RigidBodyHandle {
    upper.map_or(engine.ground, |u| bodies[u].handle)
}

/// A rotation taking x to `axis` (z to the component of `z_hint` orthogonal to it, when given).
fn frame_rotation(axis: &Vector3<f64>, z_hint: Option<&Vector3<f64>>) -> UnitQuaternion<f64> {
    let x = axis.normalize();
    let hint = z_hint.copied().unwrap_or_else(|| if x.z.abs() < 0.9 { Vector3::z() } else { Vector3::y() });
    let mut z = hint - x * x.dot(&hint);
    if z.norm() < 1e-9 {
        z = if x.z.abs() < 0.9 { Vector3::z() } else { Vector3::y() };
        z -= x * x.dot(&z);
    }
    let z = z.normalize();
    let y = z.cross(&x);
    UnitQuaternion::from_rotation_matrix(&nalgebra::Rotation3::from_basis_unchecked(&[x, y, z]))
}

/// A hinge's engine frame at `anchor` (x along `axis`) and the linear axis of that frame its suspension
/// gives along: the suspension axis taken as the frame's z (its part across the hinge axis), or x when
/// it lies along the hinge axis. Without a suspension, z is the usual choice and nothing gives.
fn hinge_frame(
    anchor: Vector3<f64>,
    axis: &Vector3<f64>,
    suspension: Option<Vector3<f64>>,
) -> (Isometry3<f64>, JointAxis) {
    let along = suspension.is_some_and(|s| axis.normalize().cross(&s.normalize()).norm() < 1e-9);
    let hint = suspension.filter(|_| !along);
    let frame = Isometry3::from_parts(anchor.into(), frame_rotation(axis, hint.as_ref()));
    (frame, if along { JointAxis::LinX } else { JointAxis::LinZ })
}

impl Joint {
    pub fn build(
        scene: &Scene,
        plan: &JointPlan,
        engine: &mut Engine,
        bodies: &[Body],
        multibody: bool,
        warnings: &mut Vec<String>,
    ) -> Joint {
        let node = plan.node;
        let parent = scene.node(node).and_then(|n| n.parent);
        let frame = parent.map_or_else(Isometry3::identity, |p| scene.global_pose(p));
        let hinge_like = matches!(plan.kind, JointKind::Hinge | JointKind::Hinge2);
        let params1 = scene.sf_node(node, "jointParameters");
        let first_axis = if plan.kind == JointKind::Slider { Vector3::z() } else { Vector3::x() };
        let p1 = AxisParams::read(scene, params1, first_axis, hinge_like, warnings);
        let b1 = body1(engine, bodies, plan.upper);
        let b2 = bodies[plan.end].handle;
        let end_origin = engine.pose_of(b2).translation.vector;
        let anchor_w = match plan.kind {
            JointKind::Slider => end_origin,
            _ => (frame * Point3::from(p1.anchor)).coords,
        };
        let axis_w = |p: &AxisParams| frame.rotation * p.axis;
        let mut joint = Joint {
            node,
            kind: plan.kind,
            upper: plan.upper,
            end: plan.end,
            handles: Vec::new(),
            middle: None,
            axes: Vec::new(),
            sides: None,
            multibody,
        };
        let position_field = |n: Option<NodeId>| n.and_then(|n| scene.synced_field(n, "position"));
        match plan.kind {
            JointKind::Hinge | JointKind::Slider => {
                let angular = plan.kind == JointKind::Hinge;
                let (w, give) = hinge_frame(anchor_w, &axis_w(&p1), p1.suspension.map(|s| frame.rotation * s.axis));
                let locked =
                    if angular { JointAxesMask::LOCKED_REVOLUTE_AXES } else { JointAxesMask::LOCKED_PRISMATIC_AXES };
                let axis = if angular { JointAxis::AngX } else { JointAxis::LinX };
                let i = joint.connect(engine, b1, b2, w, locked);
                joint.suspend(engine, i, give, p1.suspension.as_ref());
                joint.axes.push(Axis::new(p1, position_field(params1), angular, i, axis, engine, b1, b2, w));
            }
            JointKind::Ball => {
                let params2 = scene.sf_node(node, "jointParameters2");
                let params3 = scene.sf_node(node, "jointParameters3");
                let p2 = AxisParams::read(scene, params2, Vector3::x(), false, warnings);
                let p3 = AxisParams::read(scene, params3, Vector3::z(), false, warnings);
                let rotation = frame_rotation(&axis_w(&p2), Some(&axis_w(&p3)));
                let w = Isometry3::from_parts(anchor_w.into(), rotation);
                let i = joint.connect(engine, b1, b2, w, JointAxesMask::LOCKED_SPHERICAL_AXES);
                let fields = [position_field(params1), position_field(params2), position_field(params3)];
                let p1 = AxisParams { axis: p2.axis, ..p1 };
                for ((p, field), axis) in
                    [p1, p2, p3].into_iter().zip(fields).zip([JointAxis::AngX, JointAxis::AngY, JointAxis::AngZ])
                {
                    joint.axes.push(Axis::new(p, field, true, i, axis, engine, b1, b2, w));
                }
            }
            JointKind::Hinge2 => {
                let params2 = scene.sf_node(node, "jointParameters2");
                let p2 = AxisParams::read(scene, params2, Vector3::z(), true, warnings);
                let (a1, mut a2) = (axis_w(&p1), axis_w(&p2));
                if a1.normalize().cross(&a2.normalize()).norm() < 1e-9 {
                    warnings
                        .push(format!("{}: Hinge axes are aligned: using x and z axes instead.", scene.describe(node)));
                    a2 = frame.rotation * if p1.axis.normalize().z.abs() > 0.9 { Vector3::x() } else { Vector3::z() };
                }
                // the second hinge turns with the first: a body between them carries it, as heavy as the
                // endPoint and with its largest inertia (a much lighter one, 1 %, made a chain the solver could
                // not carry a wheel's load through: the robot sank onto the floor), but weightless (Webots has
                // no such body: it adds no weight to the joint)
                let (end_mass, end_inertia) = engine.bodies.get(b2).map_or((1.0, 1.0), |b| {
                    let principal = b.mass_properties().local_mprops.principal_inertia();
                    (b.mass(), principal.max_element())
                });
                // (in a multibody the joint is exact whatever that body weighs: a trace of the endPoint's)
                let share = if joint.multibody && multibody::fits(engine, b1, b2) { 1e-4 } else { 1.0 };
                let (m, inertia) = ((end_mass * share).max(1e-6), (end_inertia * share).max(1e-12));
                let middle = engine.bodies.insert(
                    RigidBodyBuilder::dynamic()
                        .pose(pose(&Isometry3::from_parts(anchor_w.into(), UnitQuaternion::identity())))
                        .additional_mass_properties(MassProperties::new(Vector::ZERO, m, Vector::splat(inertia)))
                        .gravity_scale(0.0)
                        .allow_fast_rotation(true)
                        .build(),
                );
                // (its mass now, as every body's: the engine would work it out only after its first velocity step)
                if let Some(rb) = engine.bodies.get_mut(middle) {
                    rb.recompute_mass_properties_from_colliders(&engine.colliders);
                }
                joint.middle = Some(middle);
                let (w1, give) = hinge_frame(anchor_w, &a1, p1.suspension.map(|s| frame.rotation * s.axis));
                let w2 = Isometry3::from_parts(anchor_w.into(), frame_rotation(&a2, None));
                let i1 = joint.connect(engine, b1, middle, w1, JointAxesMask::LOCKED_REVOLUTE_AXES);
                joint.suspend(engine, i1, give, p1.suspension.as_ref());
                let i2 = joint.connect(engine, middle, b2, w2, JointAxesMask::LOCKED_REVOLUTE_AXES);
                joint.axes.push(Axis::new(
                    p1,
                    position_field(params1),
                    true,
                    i1,
                    JointAxis::AngX,
                    engine,
                    b1,
                    middle,
                    w1,
                ));
                joint.axes.push(Axis::new(
                    p2,
                    position_field(params2),
                    true,
                    i2,
                    JointAxis::AngX,
                    engine,
                    middle,
                    b2,
                    w2,
                ));
            }
        }
        for i in 0..joint.axes.len() {
            joint.configure(engine, i);
        }
        joint
    }

    /// Frees engine joint `i`'s linear axis `give` for `suspension`'s spring and damper (the joint's zero
    /// there is the pose it was made at).
    fn suspend(&mut self, engine: &mut Engine, i: usize, give: JointAxis, suspension: Option<&Suspension>) {
        let Some(s) = suspension else { return };
        let Some(data) = engine.joint_data_mut(self.handles[i], false) else { return };
        data.locked_axes.remove(give.into());
        data.set_motor_model(give, MotorModel::ForceBased);
        data.set_motor(give, 0.0, 0.0, s.spring, s.damping);
        data.set_motor_max_force(give, f64::MAX);
    }

    /// An engine joint between `b1` and `b2` meeting at the world frame `w` now; returns its index.
    fn connect(
        &mut self,
        engine: &mut Engine,
        b1: RigidBodyHandle,
        b2: RigidBodyHandle,
        w: Isometry3<f64>,
        locked: JointAxesMask,
    ) -> usize {
        let f1 = engine.pose_of(b1).inverse() * w;
        let f2 = engine.pose_of(b2).inverse() * w;
        let data = GenericJointBuilder::new(locked)
            .local_frame1(pose(&f1))
            .local_frame2(pose(&f2))
            .contacts_enabled(false)
            .build();
        let handle = (self.multibody && multibody::fits(engine, b1, b2))
            .then(|| multibody::link(engine, b1, b2, data))
            .flatten()
            .map_or_else(|| JointHandle::Impulse(engine.joints.insert(b1, b2, data, true)), JointHandle::Multibody);
        self.handles.push(handle);
        self.handles.len() - 1
    }

    /// Sets the engine's motor, stops and limits of axis `i` from its parameters and drive (waking its
    /// bodies when `wake`).
    pub fn configure_waking(&mut self, engine: &mut Engine, i: usize, wake: bool) {
        let axis = &self.axes[i];
        let multibody = matches!(self.handles[axis.engine_joint], JointHandle::Multibody(_));
        let Some(data) = engine.joint_data_mut(self.handles[axis.engine_joint], wake) else { return };
        let p = &axis.params;
        let (engine_axis, offset) = (axis.engine_axis, p.position);
        if let Some([lo, hi]) = p.stops() {
            data.set_limits(engine_axis, [lo - offset, hi - offset]);
        }
        data.set_motor_model(engine_axis, MotorModel::ForceBased);
        let friction = p.static_friction;
        let damping = p.damping + axis.brake;
        match axis.drive {
            Drive::Velocity { velocity, max_force } => {
                data.set_motor_velocity(engine_axis, velocity, VELOCITY_GAIN);
                data.set_motor_max_force(engine_axis, max_force.max(friction));
            }
            Drive::Force(_) | Drive::Free if friction > 0.0 => {
                data.set_motor_velocity(engine_axis, 0.0, VELOCITY_GAIN);
                data.set_motor_max_force(engine_axis, friction);
            }
            // a hinge's or slider's spring and damper act through `drives`
            // (a multibody's damper is its own: `multibody::set_damping`)
            Drive::Free if self.sides.is_none() && (p.spring > 0.0 || damping > 0.0 && !multibody) => {
                // the zero pose is at joint coordinate -initial position
                data.set_motor(engine_axis, -offset, 0.0, p.spring, if multibody { 0.0 } else { damping });
                data.set_motor_max_force(engine_axis, f64::MAX);
            }
            _ => {
                data.set_motor_velocity(engine_axis, 0.0, 0.0);
                data.set_motor_max_force(engine_axis, 0.0);
            }
        }
    }

    pub fn configure(&mut self, engine: &mut Engine, i: usize) {
        self.configure_waking(engine, i, false)
    }

    /// Whether axis `i`'s spring acts through an explicit force (the engine's motor of that axis being
    /// taken by a drive or static friction, and `drives` not solving the axis), and whether its damper does
    /// (not beside a velocity motor: `damped_motor_rate` folds the damper into the motor's target).
    fn explicit_spring_and_damper(&self, i: usize) -> (bool, bool) {
        let a = &self.axes[i];
        let taken = self.sides.is_none() && (a.drive != Drive::Free || a.params.static_friction > 0.0);
        let velocity = matches!(a.drive, Drive::Velocity { .. });
        let multibody = matches!(self.handles[a.engine_joint], JointHandle::Multibody(_));
        (taken && a.params.spring > 0.0, taken && !velocity && !multibody && a.params.damping + a.brake > 0.0)
    }

    /// A supervisor wrote `field` of joint parameters node `node`: the constants it changed act from the next
    /// step. Returns whether an axis of this joint reads that node.
    pub fn params_written(&mut self, engine: &mut Engine, scene: &Scene, node: NodeId, field: &str) -> bool {
        let mut found = false;
        for i in 0..self.axes.len() {
            if self.axes[i].params.node != Some(node) {
                continue;
            }
            found = true;
            let value = scene.sf_float(node, field).abs();
            let p = &mut self.axes[i].params;
            match field {
                "springConstant" => p.spring = value,
                "dampingConstant" => p.damping = value,
                "staticFriction" => p.static_friction = value,
                _ => continue,
            }
            self.configure_waking(engine, i, true);
        }
        found
    }

    /// The bodies moving with each side (hinges and sliders: their drives, springs and dampers then act
    /// through `drives`).
    pub fn set_sides(&mut self, engine: &mut Engine, sides: Option<Sides>) {
        // (a suspended hinge is not rigid across: its motor works through the engine's alone)
        let rigid = self.axes.iter().all(|a| a.params.suspension.is_none());
        let multibody = self.handles.iter().any(|h| matches!(h, JointHandle::Multibody(_)));
        self.sides = sides.filter(|_| matches!(self.kind, JointKind::Hinge | JointKind::Slider) && rigid && !multibody);
        for i in 0..self.axes.len() {
            self.configure(engine, i);
        }
    }

    /// The force or torque the joint transmitted along axis `i` in the last step, positive toward
    /// increasing position: its motor's and its stops' (spec motion §3.5).
    pub fn feedback(&self, engine: &Engine, bodies: &[Body], i: usize) -> f64 {
        let axis = &self.axes[i];
        if let JointHandle::Multibody(h) = self.handles[axis.engine_joint] {
            return self.multibody_feedback(engine, bodies, i, h);
        }
        let Some(data) = engine.joint_data(self.handles[axis.engine_joint]) else { return 0.0 };
        let k = axis.engine_axis as usize;
        let impulse = data.motors[k].impulse + data.limits[k].impulse;
        // the solver pushes the second body by -impulse along the axis: that body moves toward
        // increasing position for a negative impulse
        axis.stepped.impulse / engine.params.dt + axis.stepped.force - impulse * super::welds::impulse_to_force(engine)
    }

    /// `feedback` on a multibody axis: the motor at its cap when it did not reach its velocity, nothing
    /// when neither a motor nor a stop acts, else what the motion of the carried links says.
    fn multibody_feedback(&self, engine: &Engine, bodies: &[Body], i: usize, h: MultibodyJointHandle) -> f64 {
        let axis = &self.axes[i];
        let p = &axis.params;
        let motor = match axis.drive {
            Drive::Velocity { velocity, max_force } => Some((velocity, max_force.max(p.static_friction))),
            _ => Some((0.0, p.static_friction)),
        }
        .filter(|&(_, cap)| cap > 0.0);
        let stopped =
            p.stops().is_some_and(|[lo, hi]| axis.position <= lo + STOP_MARGIN || axis.position >= hi - STOP_MARGIN);
        if motor.is_none() && !stopped {
            return 0.0;
        }
        if let (Some((target, cap)), false) = (motor, stopped) {
            if (axis.velocity - target).abs() > SATURATED * (1.0 + target.abs()) {
                return cap.copysign(target - axis.velocity);
            }
        }
        let (b1, _) = self.bodies_of(engine, bodies, i);
        let frame = engine.pose_of(b1) * axis.frame1;
        let carried = multibody::subtree(engine, h);
        let dt = engine.params.dt;
        let change = (multibody_feedback::momentum(engine, &carried, &frame, axis.angular) - axis.momentum_before) / dt;
        let mut own = if let Drive::Force(f) = axis.drive { f } else { 0.0 };
        if self.explicit_spring_and_damper(i).0 {
            own -= p.spring * axis.position;
        }
        let damper = (p.damping + axis.brake) * axis.velocity;
        let total = change - multibody_feedback::applied(engine, &carried, &frame, axis.angular) - own + damper;
        match motor {
            Some((_, cap)) if !stopped => total.clamp(-cap, cap),
            _ => total,
        }
    }

    /// No motor among its devices and no spring, damper or static friction on any axis: nothing in the
    /// joint resists its own motion.
    pub fn is_passive(&self, scene: &Scene) -> bool {
        let motor = |d: &NodeId| matches!(scene.type_name(*d), "RotationalMotor" | "LinearMotor");
        let has_motor = ["device", "device2", "device3"].iter().any(|f| scene.mf_node(self.node, f).iter().any(motor));
        !has_motor
            && self
                .axes
                .iter()
                .all(|a| a.params.spring == 0.0 && a.params.damping == 0.0 && a.params.static_friction == 0.0)
    }

    /// Before a step: each hinge or slider in velocity control reaches its velocity (see `drives`), the
    /// engine's motor keeping the force left. `first`: the first sweep of this step.
    pub fn step_drives(&mut self, engine: &mut Engine, bodies: &[Body], first: bool) {
        let dt = engine.params.dt;
        for i in 0..self.axes.len() {
            let (b1, b2) = self.bodies_of(engine, bodies, i);
            let (Some(r1), Some(r2)) = (engine.bodies.get(b1), engine.bodies.get(b2)) else { continue };
            // a joint at rest sleeps on (a command wakes it), its effort as it was when it fell asleep
            if [r1, r2].iter().all(|r| r.is_sleeping() || !r.is_dynamic()) {
                continue;
            }
            if first {
                self.axes[i].stepped = Effort::default();
                self.axes[i].model = None;
            }
            if let JointHandle::Multibody(h) = self.handles[self.axes[i].engine_joint] {
                // the multibody solves the motor and the damper with the joint (ODE's rows)
                if first {
                    let axis = &mut self.axes[i];
                    multibody::set_damping(engine, h, axis.params.damping + axis.brake);
                    let frame = engine.pose_of(b1) * axis.frame1;
                    axis.momentum_before =
                        multibody_feedback::momentum(engine, &multibody::subtree(engine, h), &frame, axis.angular);
                }
                continue;
            }
            let Some(sides) = &self.sides else {
                self.damped_motor_rate(engine, (b1, b2), i, dt);
                continue;
            };
            let axis = &self.axes[i];
            let p = &axis.params;
            let (spring, damping) = (p.spring, p.damping + axis.brake);
            let motor = match axis.drive {
                Drive::Velocity { velocity, max_force } => Some((velocity, max_force.max(p.static_friction))),
                _ => None,
            };
            if motor.is_none() && (spring == 0.0 && damping == 0.0 || !first) {
                continue;
            }
            let frame = r1.pose_na() * axis.frame1;
            let direction = frame.rotation * Vector3::x();
            let anchor = Point3::from(frame.translation.vector);
            let rate = if axis.angular {
                (r2.angvel_na() - r1.angvel_na()).dot(&direction)
            } else {
                (r2.velocity_at_na(&anchor) - r1.velocity_at_na(&anchor)).dot(&direction)
            };
            let state = AxisState {
                row: if axis.angular { 3 } else { 0 },
                // from the zero pose, where the spring rests
                position: axis.position,
                rate,
                spring,
                damping,
                torque: if let Drive::Force(f) = axis.drive { f } else { 0.0 },
                motor,
            };
            let end_com = r2.com_na();
            // (in the end body's own frame: the joint's drift under load does not count)
            let local_com = na_point(r2.mass_properties().local_mprops.local_com);
            let lever =
                (axis.frame2.rotation * Vector3::x()).cross(&(local_com - axis.frame2.translation.vector).coords);
            let off_axis = axis.angular && lever.norm() > 1e-9;
            let end = EndBody { com: end_com, off_axis };
            let before = self.axes[i].stepped;
            let mut model = self.axes[i].model.take();
            let effort = step_axis(engine, (sides, &mut model), &frame, &state, (dt, &end), &before);
            self.axes[i].model = model;
            self.axes[i].stepped = effort;
            if let Some((_, cap)) = motor {
                // the engine's motor keeps the force left for loads the step did not foresee (a wheel's
                // contacts), except on a hinge whose end body's centre of mass is off the axis: there it
                // would fight the forces holding the weights of the links (see `drives::Effort`). Unless
                // that side rests on the static world (a leg's foot on the floor): the contacts' friction
                // is then such a load, and without the motor it would hold the joint off its target
                let hanging = off_axis && !grounded(engine, &sides.lower);
                let left = if hanging { 0.0 } else { (cap - effort.force.abs() - effort.impulse.abs() / dt).max(0.0) };
                // (written only when it changes: a joint taken mutably makes the engine assemble its joints anew)
                let (handle, engine_axis) = (self.handles[self.axes[i].engine_joint], self.axes[i].engine_axis);
                let current = engine.joint_data(handle).and_then(|j| j.motor(engine_axis)).map(|m| m.max_force);
                if current != Some(left) {
                    if let Some(data) = engine.joint_data_mut(handle, false) {
                        data.set_motor_max_force(engine_axis, left);
                    }
                }
            }
        }
    }

    /// A velocity motor beside a damper on an axis `drives` does not solve (Hinge2 and ball joints): the
    /// rate the axis ends the step at, solved implicitly about the axis as Webots' ODE does (its damper is a
    /// motor row solved with the joint's): the motor holds its velocity `v` when its torque cap covers the
    /// damping `B·v` and the change of rate; otherwise it pushes at its cap against the damper, and the rate
    /// ends at `(I·ω₀/h ± F) / (I/h + B)` for the axis' inertia `I` (at a light wheel's step, `F / B`). The
    /// engine's motor aims at that rate.
    fn damped_motor_rate(&self, engine: &mut Engine, (b1, b2): (RigidBodyHandle, RigidBodyHandle), i: usize, h: f64) {
        let axis = &self.axes[i];
        let damping = axis.params.damping + axis.brake;
        let Drive::Velocity { velocity, max_force } = axis.drive else { return };
        if damping <= 0.0 || !axis.angular {
            return;
        }
        let direction = vector(&(engine.pose_of(b1).rotation * (axis.frame1.rotation * Vector3::x())));
        let inverse = |h: RigidBodyHandle| {
            engine
                .bodies
                .get(h)
                .filter(|b| b.is_dynamic())
                .map_or(0.0, |b| direction.dot(b.mass_properties().effective_world_inv_inertia.mul_vec(direction)))
        };
        let inv = inverse(b1) + inverse(b2);
        let inertia = if inv > 0.0 { 1.0 / inv } else { 0.0 };
        let (w0, cap) = (axis.velocity, max_force.max(axis.params.static_friction));
        let needed = damping * velocity + inertia * (velocity - w0) / h;
        let rate = if needed.abs() <= cap {
            velocity
        } else {
            (inertia * w0 / h + cap.copysign(needed)) / (inertia / h + damping)
        };
        if let Some(data) = engine.joint_data_mut(self.handles[axis.engine_joint], false) {
            data.set_motor_velocity(axis.engine_axis, rate, VELOCITY_GAIN);
        }
    }

    /// Before a step: forces the engine's motors do not produce (drives in force control, springs beside
    /// a motor), equal and opposite on the two bodies.
    pub fn apply_forces(&self, engine: &mut Engine, bodies: &[Body]) {
        for (i, axis) in self.axes.iter().enumerate() {
            let (b1, b2) = self.bodies_of(engine, bodies, i);
            let held = &axis.stepped;
            if held.push != Vector3::zeros() || held.couple != Vector3::zeros() {
                for (h, sign) in [(b2, 1.0), (b1, -1.0)] {
                    if let Some(rb) = engine.bodies.get_mut(h) {
                        rb.add_force_at_na(held.push * sign, held.at, false);
                        rb.add_torque_na(held.couple * sign, false);
                    }
                }
            }
            let mut force = if let Drive::Force(f) = axis.drive { f } else { 0.0 };
            let (spring, damper) = self.explicit_spring_and_damper(i);
            if spring {
                force -= axis.params.spring * axis.position;
            }
            if damper {
                force -= (axis.params.damping + axis.brake) * axis.velocity;
            }
            if force == 0.0 {
                continue;
            }
            let w = engine.pose_of(b1) * axis.frame1;
            let direction = w.rotation * Vector3::x();
            for (h, sign) in [(b2, 1.0), (b1, -1.0)] {
                if let Some(rb) = engine.bodies.get_mut(h) {
                    if axis.angular {
                        rb.add_torque_na(direction * force * sign, true);
                    } else {
                        rb.add_force_at_na(direction * force * sign, Point3::from(w.translation.vector), true);
                    }
                }
            }
        }
    }

    fn bodies_of(&self, engine: &Engine, bodies: &[Body], i: usize) -> (RigidBodyHandle, RigidBodyHandle) {
        let j = self.axes[i].engine_joint;
        match (self.middle, j) {
            (Some(m), 0) => (body1(engine, bodies, self.upper), m),
            (Some(m), _) => (m, bodies[self.end].handle),
            (None, _) => (body1(engine, bodies, self.upper), bodies[self.end].handle),
        }
    }

    /// After a step: the positions and velocities of every axis, written to the joint parameters.
    pub fn read_back(&mut self, scene: &mut Scene, engine: &Engine, bodies: &[Body]) {
        let dt = engine.params.dt;
        let ball = self.kind == JointKind::Ball;
        let mut ball_angles = None;
        for i in 0..self.axes.len() {
            let (b1, b2) = self.bodies_of(engine, bodies, i);
            let (Some(r1), Some(r2)) = (engine.bodies.get(b1), engine.bodies.get(b2)) else { continue };
            let axis = &self.axes[i];
            let w1 = r1.pose_na() * axis.frame1;
            let w2 = r2.pose_na() * axis.frame2;
            let relative = w1.inverse() * w2;
            let direction = w1.rotation * Vector3::x();
            let (position, velocity) = if ball {
                let angles = *ball_angles.get_or_insert_with(|| xyz_angles(&relative.rotation));
                let index = i.min(2);
                let velocity = (r2.angvel_na() - r1.angvel_na()).dot(&(w1.rotation * unit(index)));
                let raw = axis.params.position + angles[index];
                // the first and third angles turn without bound, as Webots integrates them; the second
                // stays within ±π/2 (its motor is limited there)
                let position = if index == 1 { raw } else { nearest_turn(raw, axis.position + velocity * dt) };
                (position, velocity)
            } else if axis.angular {
                let raw = axis.params.position + angle_about_x(&relative.rotation);
                let velocity = (r2.angvel_na() - r1.angvel_na()).dot(&direction);
                (nearest_turn(raw, axis.position + velocity * dt), velocity)
            } else {
                let velocity = (r2.linvel_na() - r1.linvel_na()).dot(&direction);
                (axis.params.position + relative.translation.x, velocity)
            };
            let axis = &mut self.axes[i];
            axis.velocity = velocity;
            if position != axis.position {
                axis.position = position;
                if let Some(field) = &axis.position_field {
                    scene.write_synced(field, FieldValue::SFFloat(position));
                }
            }
        }
    }
}

/// How close to a stop (m or rad) a multibody axis counts as held by it.
const STOP_MARGIN: f64 = 1e-6;

/// How far from its velocity (per unit of it, rad/s or m/s) a multibody axis' motor counts as pushing at
/// its cap.
const SATURATED: f64 = 1e-6;

/// Gain of the engine's velocity motor: stiff enough that the force cap, not the gain, limits it.
const VELOCITY_GAIN: f64 = 1e8;

fn unit(i: usize) -> Vector3<f64> {
    [Vector3::x(), Vector3::y(), Vector3::z()][i]
}

impl Axis {
    #[allow(clippy::too_many_arguments)]
    fn new(
        params: AxisParams,
        position_field: Option<SyncedField>,
        angular: bool,
        engine_joint: usize,
        engine_axis: JointAxis,
        engine: &Engine,
        b1: RigidBodyHandle,
        b2: RigidBodyHandle,
        w: Isometry3<f64>,
    ) -> Axis {
        Axis {
            position: params.position,
            params,
            position_field,
            velocity: 0.0,
            angular,
            drive: Drive::Free,
            brake: 0.0,
            stepped: Effort::default(),
            momentum_before: 0.0,
            model: None,
            engine_joint,
            engine_axis,
            frame1: engine.pose_of(b1).inverse() * w,
            frame2: engine.pose_of(b2).inverse() * w,
        }
    }
}

/// The signed angle of a rotation about x, in (-π, π] (the rotation is assumed to be about x).
fn angle_about_x(q: &UnitQuaternion<f64>) -> f64 {
    let a = 2.0 * q.i.atan2(q.w);
    if a > PI {
        a - TAU
    } else if a <= -PI {
        a + TAU
    } else {
        a
    }
}

/// `angle` plus the number of whole turns that brings it nearest to `predicted`.
fn nearest_turn(angle: f64, predicted: f64) -> f64 {
    angle + ((predicted - angle) / TAU).round() * TAU
}

/// Angles (a, b, c) with `q = Rx(a)·Ry(b)·Rz(c)`.
fn xyz_angles(q: &UnitQuaternion<f64>) -> [f64; 3] {
    let m = q.to_rotation_matrix();
    let m = m.matrix();
    let b = m[(0, 2)].clamp(-1.0, 1.0).asin();
    [(-m[(1, 2)]).atan2(m[(2, 2)]), b, (-m[(0, 1)]).atan2(m[(0, 0)])]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_unwrap_past_a_turn() {
        assert!((nearest_turn(-3.0, 3.3) - (TAU - 3.0)).abs() < 1e-12);
        assert!((nearest_turn(0.1, 12.6) - (0.1 + 2.0 * TAU)).abs() < 1e-12);
        assert!((angle_about_x(&UnitQuaternion::from_axis_angle(&Vector3::x_axis(), 3.0)) - 3.0).abs() < 1e-12);
        assert!((angle_about_x(&UnitQuaternion::from_axis_angle(&Vector3::x_axis(), -3.0)) + 3.0).abs() < 1e-12);
    }

    #[test]
    fn xyz_angles_rebuild_the_rotation() {
        let (a, b, c) = (0.3, -0.4, 1.2);
        let q = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), a)
            * UnitQuaternion::from_axis_angle(&Vector3::y_axis(), b)
            * UnitQuaternion::from_axis_angle(&Vector3::z_axis(), c);
        let [x, y, z] = xyz_angles(&q);
        assert!((x - a).abs() < 1e-12 && (y - b).abs() < 1e-12 && (z - c).abs() < 1e-12);
    }
}
