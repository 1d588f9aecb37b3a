//! RotationalMotor and LinearMotor (spec motion §3): each command as Webots' simulator takes it (targets
//! multiplied and clamped with its warnings, coupled motors relayed), then before every physics step
//! Webots' control law (`motor_law`) drives the engine's joint, or moves a joint without a physical
//! endPoint kinematically. Force or torque feedback is sampled after the step. A motor outside a joint
//! (a Propeller's or a Track's) takes its commands and moves nothing.

use super::family::{same, Ctx, Family, Owner};
use super::joint_device::JointDevice;
use super::motor_law::{LawState, Targets};
use crate::c_format::g;
use crate::protocol::{Command, DeviceSetup, MotorSetup};
use crate::world::devices::sampling::Sampling;
use crate::world::geometry::kinematic_poses::KinematicPose;
use crate::world::physics::bounds;
use crate::world::physics::{Drive, Physics};
use crate::world::scene::{FieldValue, NodeId, Scene};

/// A motor's fields, with Webots' load-time checks.
struct Fields {
    max_velocity: f64,
    max_force: f64,
    min_position: f64,
    max_position: f64,
    multiplier: f64,
    acceleration: f64,
    pid: [f64; 3],
}

impl Fields {
    /// Reads `node`'s fields, correcting (and writing back) what Webots corrects; the soft limits take
    /// in the joint's position `initial`.
    fn read(scene: &mut Scene, node: NodeId, linear: bool, initial: f64, warnings: &mut Vec<String>) -> Fields {
        let who = scene.describe(node);
        let mut warn = |m: String| warnings.push(format!("{who}: {m}"));
        // in Webots' order
        let mut max_velocity = scene.sf_float(node, "maxVelocity");
        if max_velocity < 0.0 {
            max_velocity = -max_velocity;
            warn(format!("Invalid 'maxVelocity' changed to {}. The value should be non-negative.", g(max_velocity)));
        }
        let mut acceleration = scene.sf_float(node, "acceleration");
        if acceleration < 0.0 && acceleration != -1.0 {
            acceleration = -1.0;
            warn("Invalid 'acceleration' changed to -1. The value should be either -1 or non-negative.".into());
        }
        let pid = scene.sf_vec3(node, "controlPID");
        if pid[0] <= 0.0 {
            warn(format!("'controlP' (currently {}) must be positive.", g(pid[0])));
        }
        if pid[1] < 0.0 {
            warn(format!("'controlI' (currently {}) must be non-negative.", g(pid[1])));
        }
        if pid[2] < 0.0 {
            warn(format!("'controlD' (currently {}) must be non-negative.", g(pid[2])));
        }
        let (mut min_position, mut max_position) =
            (scene.sf_float(node, "minPosition"), scene.sf_float(node, "maxPosition"));
        // the soft limits take in the joint's initial position
        if min_position != max_position {
            let p = g(initial);
            if max_position < initial {
                max_position = initial;
                warn(format!("Invalid 'maxPosition' changed to {p}. The value should be {p} or greater."));
            }
            if min_position > initial {
                min_position = initial;
                warn(format!("Invalid 'minPosition' changed to {p}. The value should be {p} or less."));
            }
        }
        let mut multiplier = scene.sf_float(node, "multiplier");
        if multiplier == 0.0 {
            multiplier = 1.0;
            warn("The value of 'multiplier' cannot be 0. Value reverted to 1.".into());
        }
        let force_field = force_field(linear);
        let mut max_force = scene.sf_float(node, force_field);
        if max_force < 0.0 {
            max_force = 10.0;
            warn(format!("Invalid '{force_field}' changed to 10. The value should be non-negative."));
        }
        // what the engine can represent (README, Reliability)
        let max_velocity = bounds::clamp_field(max_velocity, 0.0, bounds::MAX_MOTOR_VELOCITY, "maxVelocity", &mut warn);
        let max_force = bounds::clamp_field(max_force, 0.0, bounds::MAX_MOTOR_FORCE, force_field, &mut warn);
        let f = Fields { max_velocity, max_force, min_position, max_position, multiplier, acceleration, pid };
        f.write(scene, node, linear);
        f
    }

    fn write(&self, scene: &mut Scene, node: NodeId, linear: bool) {
        for (field, v) in [
            ("maxVelocity", self.max_velocity),
            (force_field(linear), self.max_force),
            ("acceleration", self.acceleration),
            ("multiplier", self.multiplier),
            ("minPosition", self.min_position),
            ("maxPosition", self.max_position),
        ] {
            scene.set_field_synced(node, field, FieldValue::SFFloat(v));
        }
    }
}

fn force_field(linear: bool) -> &'static str {
    if linear {
        "maxForce"
    } else {
        "maxTorque"
    }
}

struct Motor {
    node: NodeId,
    owner: Owner,
    /// How warnings name it.
    who: String,
    name: String,
    /// Its joint; `None` for a motor outside any joint.
    at: Option<JointDevice>,
    linear: bool,
    fields: Fields,
    /// The world's targets (multiplied, clamped; position ±∞ in velocity control) and the available
    /// force.
    targets: Targets,
    /// The force or torque of force control.
    force: Option<f64>,
    law: LawState,
    /// A command arrived since the last step: the joint's bodies wake up.
    woken: bool,
    feedback: Sampling,
    /// For a kinematic joint: where its endPoint goes for a position, and the position.
    pose: Option<KinematicPose>,
    position: f64,
    brake: u16,
    position_sensor: u16,
    /// Coupled motors of the same robot (indices here).
    siblings: Vec<usize>,
    /// False once its robot's battery is empty: no force or torque (Webots' `powerOn(false)`).
    powered: bool,
    /// The coupling checks of spec §3.7 were made.
    coupling_checked: bool,
}

impl Motor {
    fn read(scene: &mut Scene, node: NodeId, owner: Owner, warnings: &mut Vec<String>) -> Motor {
        let at = JointDevice::of(scene, node);
        let linear = scene.type_name(node) == "LinearMotor";
        let initial = at.as_ref().map_or(0.0, |a| a.written_position(scene));
        let fields = Fields::read(scene, node, linear, initial, warnings);
        let pose = at.as_ref().and_then(|a| KinematicPose::of(scene, a.joint, a.axis));
        let tag = |types: &[&str]| at.as_ref().map_or(0, |a| a.sibling_tag(scene, types));
        Motor {
            node,
            owner,
            who: scene.describe(node),
            name: scene.sf_string(node, "name"),
            linear,
            targets: Targets {
                position: initial,
                velocity: fields.max_velocity,
                acceleration: fields.acceleration,
                force: fields.max_force,
                pid: fields.pid,
                min_position: fields.min_position,
                max_position: fields.max_position,
            },
            fields,
            force: None,
            law: LawState::default(),
            woken: false,
            feedback: Sampling::default(),
            pose,
            position: initial,
            brake: tag(&["Brake"]),
            position_sensor: tag(&["PositionSensor"]),
            siblings: Vec::new(),
            coupling_checked: false,
            powered: true,
            at,
        }
    }

    fn setup(&self, siblings: Vec<(u16, f64)>) -> MotorSetup {
        let f = &self.fields;
        MotorSetup {
            kind: i32::from(self.linear),
            min_position: f.min_position,
            max_position: f.max_position,
            max_velocity: f.max_velocity,
            acceleration: f.acceleration,
            max_force: f.max_force,
            pid: f.pid,
            target_position: self.targets.position,
            target_velocity: self.targets.velocity,
            multiplier: f.multiplier,
            brake: self.brake,
            position_sensor: self.position_sensor,
            siblings,
        }
    }

    fn word(&self) -> &'static str {
        if self.linear {
            "force"
        } else {
            "torque"
        }
    }

    fn limited(&self) -> bool {
        self.fields.min_position != self.fields.max_position
    }

    fn warn(&self, warnings: &mut Vec<String>, message: String) {
        warnings.push(format!("{}: {message}", self.who));
    }

    /// The fields changed: the targets follow the new limits.
    fn follow_fields(&mut self) {
        let f = &self.fields;
        self.targets.acceleration = f.acceleration;
        self.targets.pid = f.pid;
        self.targets.min_position = f.min_position;
        self.targets.max_position = f.max_position;
    }

    fn set_position(&mut self, p: f64, warnings: &mut Vec<String>) {
        let target = if p.is_infinite() { p } else { p * self.fields.multiplier };
        self.aim(p, target, warnings);
    }

    /// A supervisor set the joint's position: the motor aims there (its own position, so no multiplier),
    /// within its limits, and leaves force control, as Webots' joint sets its motor's target.
    fn hold_joint_position(&mut self, position: f64, warnings: &mut Vec<String>) {
        self.aim(position, position, warnings);
    }

    /// Position control towards `target` (`requested` is what the warnings quote), clamped to the limits.
    fn aim(&mut self, requested: f64, mut target: f64, warnings: &mut Vec<String>) {
        let (min, max) = (self.fields.min_position, self.fields.max_position);
        if self.limited() && target.is_finite() {
            if target > max {
                self.warn(warnings, format!("too big requested position: {} > {}", g(requested), g(max)));
                target = max;
            } else if target < min {
                self.warn(warnings, format!("too low requested position: {} < {}", g(requested), g(min)));
                target = min;
            }
        }
        self.targets.position = target;
        self.force = None;
        self.woken = true;
    }

    fn set_velocity(&mut self, v: f64, warnings: &mut Vec<String>) {
        let mut velocity = v * self.fields.multiplier;
        let max = self.fields.max_velocity;
        if velocity.abs() > max {
            self.warn(warnings, format!("The requested velocity {} exceeds 'maxVelocity' = {}.", g(velocity), g(max)));
            velocity = max.copysign(velocity);
        }
        self.targets.velocity = velocity;
        self.woken = true;
    }

    fn set_force(&mut self, f: f64, warnings: &mut Vec<String>) {
        let mut force = f * self.fields.multiplier;
        let available = self.targets.force;
        if force.abs() > available {
            // silenced for coupled motors
            if self.siblings.is_empty() {
                let (word, field) = (self.word(), force_field(self.linear));
                self.warn(
                    warnings,
                    format!("The requested motor {word} {} exceeds '{field}' = {}", g(force), g(available)),
                );
            }
            force = available.copysign(force);
        }
        self.force = Some(force);
        self.woken = true;
    }

    fn set_available_force(&mut self, f: f64, warnings: &mut Vec<String>) {
        let max = self.fields.max_force;
        self.targets.force = if f > max {
            if self.siblings.is_empty() {
                let (word, field) = (self.word(), force_field(self.linear));
                self.warn(
                    warnings,
                    format!("The requested available motor {word} {} exceeds '{field}' = {}", g(f), g(max)),
                );
            }
            max
        } else {
            f
        };
        self.woken = true;
    }

    /// Why feedback cannot be sampled, if it cannot (Webots' warnings).
    fn feedback_problem(&self, scene: &Scene) -> Option<String> {
        let Some(at) = &self.at else { return Some("Feedback is available for motorized joints only".into()) };
        let function = if self.linear { "wb_motor_enable_force_feedback" } else { "wb_motor_enable_torque_feedback" };
        let end = scene.sf_node(at.joint, "endPoint").filter(|&e| scene.is_solid(e));
        let upper = scene.path_to(at.joint).into_iter().rev().skip(1).find(|&n| scene.is_solid(n));
        let problem = match end {
            None => "cannot be invoked for a Joint with no end point.",
            Some(e) if scene.sf_node(e, "physics").is_none() => {
                "cannot be invoked for a Joint whose end point has no Physics node."
            }
            _ if upper.is_none_or(|u| scene.sf_node(u, "physics").is_none()) => {
                "cannot be invoked because the parent Solid has no Physics node."
            }
            _ => return None,
        };
        Some(format!("{function}(): {problem}"))
    }
}

#[derive(Default)]
pub struct MotorFamily {
    motors: Vec<Motor>,
}

impl MotorFamily {
    fn siblings_setup(&self, i: usize) -> Vec<(u16, f64)> {
        self.motors[i].siblings.iter().map(|&s| (self.motors[s].owner.tag, self.motors[s].fields.multiplier)).collect()
    }

    fn configure(&self, i: usize, ctx: &mut Ctx) {
        let m = &self.motors[i];
        ctx.outboxes[m.owner.robot].push_config(m.owner.tag, DeviceSetup::Motor(m.setup(self.siblings_setup(i))));
    }

    /// `i` and the motors coupled with it.
    fn coupled(&self, i: usize) -> Vec<usize> {
        std::iter::once(i).chain(self.motors[i].siblings.iter().copied()).collect()
    }

    /// Spec §3.7: motor `i` makes its siblings' limits and maximum velocity consistent with its own,
    /// with Webots' warnings (which name motor `i`).
    fn align_siblings(&mut self, scene: &mut Scene, i: usize, warnings: &mut Vec<String>) {
        let (own, siblings) = (&self.motors[i], self.motors[i].siblings.clone());
        let (who, name, m_own) = (own.who.clone(), own.name.clone(), own.fields.multiplier);
        let (own_min, own_max, own_velocity, limited) =
            (own.fields.min_position, own.fields.max_position, own.fields.max_velocity, own.limited());
        let mut warn = |m: String| warnings.push(format!("{who}: {m}"));
        for j in siblings {
            let s = &mut self.motors[j];
            let m = s.fields.multiplier;
            if !limited && s.limited() {
                warn(format!(
                    "For coupled motors, if one has unlimited position, its siblings must have unlimited position as \
                     well. Adjusting 'minPosition' and 'maxPosition' to 0 for motor '{name}'."
                ));
                s.fields.min_position = 0.0;
                s.fields.max_position = 0.0;
            } else if limited {
                let (mut lo, mut hi) = (own_min * m / m_own, own_max * m / m_own);
                if hi < lo {
                    std::mem::swap(&mut lo, &mut hi);
                }
                for (field, current, wanted) in
                    [("minPosition", &mut s.fields.min_position, lo), ("maxPosition", &mut s.fields.max_position, hi)]
                {
                    if *current != wanted {
                        warn(format!(
                            "When using coupled motors, '{field}' must be consistent across devices. Adjusting \
                             '{field}' from {} to {} for motor '{name}'.",
                            g(*current),
                            g(wanted)
                        ));
                        *current = wanted;
                    }
                }
            }
            let velocity = own_velocity * m.abs() / m_own.abs();
            if s.fields.max_velocity != velocity {
                warn(format!(
                    "When using coupled motors, velocity limits must be consistent across devices. Adjusted \
                     'maxVelocity' from {} to {} for motor '{name}'.",
                    g(s.fields.max_velocity),
                    g(velocity)
                ));
                s.fields.max_velocity = velocity;
                s.targets.velocity = velocity;
            }
            s.follow_fields();
            s.fields.write(scene, s.node, s.linear);
        }
    }
}

impl Family for MotorFamily {
    fn add(
        &mut self,
        scene: &mut Scene,
        owner: Owner,
        node: NodeId,
        _seed: i32,
        warnings: &mut Vec<String>,
    ) -> Option<usize> {
        if !matches!(scene.type_name(node), "RotationalMotor" | "LinearMotor") {
            return None;
        }
        self.motors.push(Motor::read(scene, node, owner, warnings));
        Some(self.motors.len() - 1)
    }

    /// Coupled motors (spec §3.7): a name "x::y" shares "x" with its robot's other "x::z" motors.
    fn finish(&mut self, scene: &mut Scene, warnings: &mut Vec<String>) {
        let prefix = |m: &Motor| match m.name.split("::").collect::<Vec<_>>().as_slice() {
            [first, _] => Some(first.to_string()),
            _ => None,
        };
        for i in 0..self.motors.len() {
            let Some(p) = prefix(&self.motors[i]) else { continue };
            let robot = self.motors[i].owner.robot;
            self.motors[i].siblings = (0..self.motors.len())
                .filter(|&j| {
                    j != i && self.motors[j].owner.robot == robot && prefix(&self.motors[j]).as_ref() == Some(&p)
                })
                .collect();
        }
        for i in 0..self.motors.len() {
            if std::mem::replace(&mut self.motors[i].coupling_checked, true) {
                continue;
            }
            let m = &self.motors[i];
            if m.siblings.is_empty() {
                if m.name.contains("::") {
                    m.warn(
                        warnings,
                        format!(
                            "Motor '{}' uses the coupled motor name structure but does not have any siblings.",
                            m.name
                        ),
                    );
                }
                continue;
            }
            self.align_siblings(scene, i, warnings);
        }
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Motor(self.motors[i].setup(self.siblings_setup(i)))
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        match *command {
            // relayed with the raw value: each motor multiplies by its own multiplier
            Command::MotorPosition(p) => {
                for j in self.coupled(i) {
                    self.motors[j].set_position(p, ctx.warnings);
                }
            }
            Command::MotorVelocity(v) => {
                for j in self.coupled(i) {
                    self.motors[j].set_velocity(v, ctx.warnings);
                }
            }
            Command::MotorForce(f) => {
                for j in self.coupled(i) {
                    self.motors[j].set_force(f, ctx.warnings);
                }
            }
            Command::MotorAvailableForce(f) => self.motors[i].set_available_force(f, ctx.warnings),
            // these write the motor's fields: the world configures the controller again
            Command::MotorAcceleration(a) => {
                let m = &mut self.motors[i];
                m.fields.acceleration = a;
                m.follow_fields();
                m.woken = true;
                ctx.scene.set_field_synced(m.node, "acceleration", FieldValue::SFFloat(a));
                self.configure(i, ctx);
            }
            Command::MotorPid(pid) => {
                let m = &mut self.motors[i];
                m.fields.pid = pid;
                m.follow_fields();
                m.law.restart_pid();
                m.woken = true;
                ctx.scene.set_field_synced(m.node, "controlPID", FieldValue::SFVec3f(pid));
                self.configure(i, ctx);
            }
            Command::MotorFeedback(period) => {
                let m = &mut self.motors[i];
                match m.feedback_problem(ctx.scene) {
                    // Webots warns and leaves the sensor as it was
                    Some(problem) => m.warn(ctx.warnings, problem),
                    None => m.feedback.set_period(period, ctx.now),
                }
            }
            _ => {}
        }
    }

    fn before_physics(&mut self, ctx: &mut Ctx) {
        let dt = ctx.scene.basic_time_step().max(1e-3) / 1000.0;
        for m in &mut self.motors {
            let wake = std::mem::take(&mut m.woken);
            let Some(at) = &m.at else { continue };
            let physical = ctx.physics.as_deref().is_some_and(|p| p.has_joint(at.joint));
            if physical {
                let physics = ctx.physics.as_deref_mut().expect("checked");
                let (position, _) = physics.joint_axis(at.joint, at.axis).unwrap_or((m.position, 0.0));
                m.position = position;
                // without power the motor gives no force or torque at all
                let available = if m.powered { m.targets.force } else { 0.0 };
                let drive = match m.force {
                    Some(f) => Drive::Force(if m.powered { f } else { 0.0 }),
                    None => Drive::Velocity {
                        velocity: m.law.dynamic_velocity(&m.targets, position, dt),
                        max_force: available,
                    },
                };
                physics.set_drive(at.joint, at.axis, drive, wake);
                continue;
            }
            let Some(pose) = &m.pose else { continue };
            // a supervisor may have moved the joint
            if let Some(p) = at.params {
                m.position = ctx.scene.sf_float(p, "position");
            }
            let Some(next) = m.law.kinematic_step(&m.targets, m.position, dt) else { continue };
            m.position = next;
            pose.place_end_point(ctx.scene, next);
            if let Some(p) = at.params {
                ctx.scene.set_field_synced(p, "position", FieldValue::SFFloat(next));
            }
            if let Some(physics) = ctx.physics.as_deref_mut() {
                physics.node_moved(ctx.scene, pose.end());
            }
            ctx.geometry_dirty = true;
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        for m in &mut self.motors {
            if m.feedback.due(ctx.now) {
                let feedback = m.at.as_ref().and_then(|at| ctx.physics.as_deref()?.joint_feedback(at.joint, at.axis));
                ctx.outboxes[m.owner.robot].push_sample(m.owner.tag, &[feedback.unwrap_or(0.0)]);
            }
        }
    }

    /// Webots' motor draws `consumptionFactor` × |its force or torque feedback| watts; a motor
    /// outside a physical joint (a Track's, a kinematic one) draws nothing.
    fn power_draw(&self, scene: &Scene, physics: Option<&Physics>, watts: &mut [f64]) {
        let Some(physics) = physics else { return };
        for m in &self.motors {
            let Some(at) = &m.at else { continue };
            let Some(feedback) = physics.joint_feedback(at.joint, at.axis) else { continue };
            watts[m.owner.robot] += feedback.abs() * scene.sf_float(m.node, "consumptionFactor");
        }
    }

    fn joint_position_set(&mut self, joint: NodeId, axis: usize, position: f64, warnings: &mut Vec<String>) {
        for m in &mut self.motors {
            if m.at.as_ref().is_some_and(|a| a.joint == joint && a.axis == axis) {
                m.hold_joint_position(position, warnings);
            }
        }
    }

    /// As Webots' motors: a physics reset takes the ramp's velocity back to rest (the targets stay).
    fn physics_reset(&mut self, scene: &Scene, top: Option<NodeId>) {
        for m in &mut self.motors {
            if top.is_none_or(|top| scene.path_to(m.node).contains(&top)) {
                m.law.velocity = 0.0;
            }
        }
    }

    fn power(&mut self, robot: usize, on: bool) {
        for m in self.motors.iter_mut().filter(|m| m.owner.robot == robot) {
            m.powered = on;
            m.woken = true;
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, field: &str) {
        if matches!(field, "translation" | "rotation") {
            // an endPoint moved by a write: a kinematic joint keeps its position with the endPoint there
            for m in &mut self.motors {
                let (Some(pose), Some(at)) = (&mut m.pose, &m.at) else { continue };
                if pose.end() == node {
                    let position = at.params.map_or(m.position, |p| ctx.scene.sf_float(p, "position"));
                    pose.rezero(ctx.scene, position);
                }
            }
        }
        let Some(i) = device else { return };
        let m = &self.motors[i];
        let initial = m.at.as_ref().map_or(0.0, |a| a.written_position(ctx.scene));
        let fields = Fields::read(ctx.scene, node, m.linear, initial, ctx.warnings);
        let m = &mut self.motors[i];
        // the fields change; the targets and the control state stay (the available force within the
        // new maximum)
        m.fields = fields;
        m.follow_fields();
        m.targets.force = m.targets.force.min(m.fields.max_force);
        self.configure(i, ctx);
    }

    fn hand_over(&mut self, fresh: &mut dyn Family) {
        let Some(fresh) = same::<MotorFamily>(fresh) else { return };
        for (old, new) in self.motors.iter().zip(fresh.motors.iter_mut()) {
            new.feedback = old.feedback.clone();
            new.feedback.reset();
        }
    }

    fn silence(&mut self, robot: usize) {
        for m in self.motors.iter_mut().filter(|m| m.owner.robot == robot) {
            m.feedback = Sampling::default();
        }
    }

    fn remove(&mut self, i: usize) {
        self.motors[i].feedback = Sampling::default();
        self.motors[i].at = None;
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.motors[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
