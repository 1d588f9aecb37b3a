//! RotationalMotor and LinearMotor (spec motion §3): each command as Webots' simulator takes it (targets
//! multiplied and clamped with its warnings, coupled motors relayed), then before every physics step
//! Webots' control law — PID on the position error capped by the target velocity, the acceleration
//! limit, a velocity motor of the engine capped by the available force — or, for a joint without a
//! physical endPoint, the endPoint moved kinematically. Force or torque feedback is sampled after the
//! step.

use super::family::{same, Ctx, Family, Owner};
use super::joint_device::JointDevice;
use crate::c_format::g;
use crate::protocol::{Command, DeviceSetup, MotorSetup};
use crate::world::joint_poses::JointPose;
use crate::world::physics::Drive;
use crate::world::sampling::Sampling;
use crate::world::scene::{FieldValue, NodeId, Scene};

struct Motor {
    node: NodeId,
    owner: Owner,
    at: JointDevice,
    linear: bool,
    max_velocity: f64,
    max_force: f64,
    min_position: f64,
    max_position: f64,
    multiplier: f64,
    acceleration: f64,
    pid: [f64; 3],
    /// The world's targets: position (multiplied, clamped; ±∞ in velocity control), velocity (signed,
    /// multiplied), the force cap, and a force while in force control.
    target_position: f64,
    target_velocity: f64,
    available_force: f64,
    force: Option<f64>,
    integral: f64,
    previous_error: f64,
    /// The velocity commanded at the last step (the acceleration limit ramps from it).
    command: f64,
    /// A command arrived since the last step: the joint's bodies wake up.
    woken: bool,
    feedback: Sampling,
    /// For a kinematic joint: where its endPoint goes for a position, and its motion.
    pose: Option<JointPose>,
    position: f64,
    speed: f64,
    brake: u16,
    position_sensor: u16,
    /// Coupled motors of the same robot (indices here).
    siblings: Vec<usize>,
    name: String,
}

impl Motor {
    fn read(scene: &mut Scene, node: NodeId, owner: Owner, at: JointDevice, warnings: &mut Vec<String>) -> Motor {
        let who = scene.describe(node);
        let mut warn = |m: String| warnings.push(format!("{who}: {m}"));
        let linear = scene.type_name(node) == "LinearMotor";
        let mut max_velocity = scene.sf_float(node, "maxVelocity");
        if max_velocity < 0.0 {
            max_velocity = -max_velocity;
            warn(format!("Invalid 'maxVelocity' changed to {}. The value should be non-negative.", g(max_velocity)));
        }
        let force_field = if linear { "maxForce" } else { "maxTorque" };
        let mut max_force = scene.sf_float(node, force_field);
        if max_force < 0.0 {
            max_force = 10.0;
            warn(format!("Invalid '{force_field}' changed to 10. The value should be non-negative."));
        }
        let mut acceleration = scene.sf_float(node, "acceleration");
        if acceleration < 0.0 && acceleration != -1.0 {
            acceleration = -1.0;
            warn("Invalid 'acceleration' changed to -1. The value should be either -1 or non-negative.".into());
        }
        let mut multiplier = scene.sf_float(node, "multiplier");
        if multiplier == 0.0 {
            multiplier = 1.0;
            warn("The value of 'multiplier' cannot be 0. Value reverted to 1.".into());
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
        let initial = at.written_position(scene);
        let (mut min_position, mut max_position) =
            (scene.sf_float(node, "minPosition"), scene.sf_float(node, "maxPosition"));
        // the soft limits include the joint's initial position
        if min_position != max_position {
            max_position = max_position.max(initial);
            min_position = min_position.min(initial);
        }
        for (field, v) in [("maxVelocity", max_velocity), (force_field, max_force), ("acceleration", acceleration)] {
            scene.set_field_synced(node, field, FieldValue::SFFloat(v));
        }
        scene.set_field_synced(node, "multiplier", FieldValue::SFFloat(multiplier));
        scene.set_field_synced(node, "minPosition", FieldValue::SFFloat(min_position));
        scene.set_field_synced(node, "maxPosition", FieldValue::SFFloat(max_position));
        let pose = JointPose::of(scene, at.joint);
        Motor {
            node,
            owner,
            linear,
            max_velocity,
            max_force,
            min_position,
            max_position,
            multiplier,
            acceleration,
            pid,
            target_position: initial,
            target_velocity: max_velocity,
            available_force: max_force,
            force: None,
            integral: 0.0,
            previous_error: 0.0,
            command: 0.0,
            woken: false,
            feedback: Sampling::default(),
            pose,
            position: initial,
            speed: 0.0,
            brake: at.sibling_tag(scene, &["Brake"]),
            position_sensor: at.sibling_tag(scene, &["PositionSensor"]),
            siblings: Vec::new(),
            name: scene.sf_string(node, "name"),
            at,
        }
    }

    fn setup(&self, siblings: Vec<(u16, f64)>) -> MotorSetup {
        MotorSetup {
            kind: i32::from(self.linear),
            min_position: self.min_position,
            max_position: self.max_position,
            max_velocity: self.max_velocity,
            acceleration: self.acceleration,
            max_force: self.max_force,
            pid: self.pid,
            target_position: self.target_position,
            target_velocity: self.target_velocity,
            multiplier: self.multiplier,
            brake: self.brake,
            position_sensor: self.position_sensor,
            siblings,
        }
    }

    fn force_word(&self) -> (&'static str, &'static str) {
        if self.linear {
            ("force", "maxForce")
        } else {
            ("torque", "maxTorque")
        }
    }

    fn limited(&self) -> bool {
        self.min_position != self.max_position
    }

    fn set_position(&mut self, p: f64, warnings: &mut Vec<String>) {
        let mut target = if p.is_infinite() { p } else { p * self.multiplier };
        if self.limited() && target.is_finite() {
            if target > self.max_position {
                warnings.push(format!(
                    "{}: too big requested position: {} > {}",
                    self.name,
                    g(p),
                    g(self.max_position)
                ));
                target = self.max_position;
            } else if target < self.min_position {
                warnings.push(format!(
                    "{}: too low requested position: {} < {}",
                    self.name,
                    g(p),
                    g(self.min_position)
                ));
                target = self.min_position;
            }
        }
        self.target_position = target;
        self.force = None;
        self.woken = true;
    }

    fn set_velocity(&mut self, v: f64, warnings: &mut Vec<String>) {
        let mut velocity = v * self.multiplier;
        if velocity.abs() > self.max_velocity {
            warnings.push(format!(
                "{}: The requested velocity {} exceeds 'maxVelocity' = {}.",
                self.name,
                g(velocity),
                g(self.max_velocity)
            ));
            velocity = self.max_velocity.copysign(velocity);
        }
        self.target_velocity = velocity;
        self.woken = true;
    }

    fn set_force(&mut self, f: f64, coupled: bool, warnings: &mut Vec<String>) {
        let mut force = f * self.multiplier;
        if force.abs() > self.available_force {
            if !coupled {
                let (word, field) = self.force_word();
                warnings.push(format!(
                    "{}: The requested motor {word} {} exceeds '{field}' = {}",
                    self.name,
                    g(force),
                    g(self.available_force)
                ));
            }
            force = self.available_force.copysign(force);
        }
        self.force = Some(force);
        self.woken = true;
    }

    /// Spec §3.4: the velocity the engine's motor aims at this step, from the joint's position.
    fn velocity_command(&mut self, position: f64, dt: f64) -> f64 {
        let wanted = if self.target_position == f64::INFINITY {
            self.target_velocity
        } else if self.target_position == f64::NEG_INFINITY {
            -self.target_velocity
        } else {
            let e = self.target_position - position;
            self.integral += e * dt;
            let d = (e - self.previous_error) / dt;
            self.previous_error = e;
            let u = self.pid[0] * e + self.pid[1] * self.integral + self.pid[2] * d;
            let cap = self.target_velocity.abs();
            if u.abs() < cap {
                u
            } else {
                cap.copysign(u)
            }
        };
        self.command = if self.acceleration == -1.0 {
            wanted
        } else {
            let step = self.acceleration * dt;
            self.command + (wanted - self.command).clamp(-step, step)
        };
        if self.available_force == 0.0 {
            self.command = 0.0;
        }
        self.command
    }

    /// Spec §3.6: a joint without a physical endPoint: the position moves toward the target at a speed
    /// ramping to the target velocity; returns whether it moved.
    fn kinematic_step(&mut self, dt: f64) -> bool {
        let velocity_mode = self.target_position.is_infinite();
        let direction = if velocity_mode {
            if self.target_position > 0.0 {
                1.0
            } else {
                -1.0
            }
        } else {
            (self.target_position - self.position).signum()
        };
        let reached = if velocity_mode {
            self.limited()
                && ((direction > 0.0 && self.position >= self.max_position)
                    || (direction < 0.0 && self.position <= self.min_position))
        } else {
            (self.target_position - self.position).abs() < 1e-6
        };
        if reached || self.force.is_some() {
            self.speed = 0.0;
            return false;
        }
        let acceleration = if self.acceleration == -1.0 || self.acceleration > self.available_force {
            self.available_force
        } else {
            self.acceleration
        };
        let target_speed = self.target_velocity.abs();
        self.speed = (self.speed + acceleration * dt).min(target_speed);
        let step = self.speed * dt;
        let mut next = if velocity_mode {
            self.position + direction * step
        } else if step >= (self.target_position - self.position).abs() {
            self.target_position
        } else {
            self.position + direction * step
        };
        if velocity_mode && self.limited() {
            next = next.clamp(self.min_position, self.max_position);
        }
        let moved = next != self.position;
        self.position = next;
        moved
    }
}

#[derive(Default)]
pub struct MotorFamily {
    motors: Vec<Motor>,
}

impl MotorFamily {
    fn siblings_setup(&self, i: usize) -> Vec<(u16, f64)> {
        self.motors[i].siblings.iter().map(|&s| (self.motors[s].owner.tag, self.motors[s].multiplier)).collect()
    }

    fn configure(&self, i: usize, ctx: &mut Ctx) {
        let m = &self.motors[i];
        ctx.outboxes[m.owner.robot].push_config(m.owner.tag, DeviceSetup::Motor(m.setup(self.siblings_setup(i))));
    }

    /// `i` and the motors coupled with it.
    fn coupled(&self, i: usize) -> Vec<usize> {
        std::iter::once(i).chain(self.motors[i].siblings.iter().copied()).collect()
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
        let at = JointDevice::of(scene, node)?;
        self.motors.push(Motor::read(scene, node, owner, at, warnings));
        Some(self.motors.len() - 1)
    }

    /// Coupled motors (spec §3.7): a name "x::y" shares "x" with its robot's other "x::z" motors.
    fn finish(&mut self, _scene: &Scene) {
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
    }

    fn setup(&self, i: usize) -> DeviceSetup {
        DeviceSetup::Motor(self.motors[i].setup(self.siblings_setup(i)))
    }

    fn apply(&mut self, ctx: &mut Ctx, i: usize, command: &Command) {
        match *command {
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
                    self.motors[j].set_force(f, j != i, ctx.warnings);
                }
            }
            Command::MotorAvailableForce(f) => {
                let m = &mut self.motors[i];
                if f > m.max_force {
                    if m.siblings.is_empty() {
                        let (word, field) = m.force_word();
                        ctx.warnings.push(format!(
                            "{}: The requested available motor {word} {} exceeds '{field}' = {}",
                            m.name,
                            g(f),
                            g(m.max_force)
                        ));
                    }
                    m.available_force = m.max_force;
                } else {
                    m.available_force = f;
                }
                m.woken = true;
            }
            Command::MotorAcceleration(a) => {
                let m = &mut self.motors[i];
                m.acceleration = a;
                ctx.scene.set_field_synced(m.node, "acceleration", FieldValue::SFFloat(a));
                self.configure(i, ctx);
            }
            Command::MotorPid(pid) => {
                let m = &mut self.motors[i];
                m.pid = pid;
                m.integral = 0.0;
                m.previous_error = 0.0;
                ctx.scene.set_field_synced(m.node, "controlPID", FieldValue::SFVec3f(pid));
                self.configure(i, ctx);
            }
            Command::MotorFeedback(period) => {
                let m = &mut self.motors[i];
                if period > 0 {
                    let end = ctx.scene.sf_node(m.at.joint, "endPoint");
                    let function =
                        if m.linear { "wb_motor_enable_force_feedback" } else { "wb_motor_enable_torque_feedback" };
                    let problem = match end {
                        None => Some("cannot be invoked for a Joint with no end point."),
                        Some(e) if ctx.scene.sf_node(e, "physics").is_none() => {
                            Some("cannot be invoked for a Joint whose end point has no Physics node.")
                        }
                        _ => None,
                    };
                    if let Some(p) = problem {
                        ctx.warnings.push(format!("{}: {function}(): {p}", m.name));
                    }
                }
                m.feedback.set_period(period, ctx.now);
            }
            _ => {}
        }
    }

    fn before_physics(&mut self, ctx: &mut Ctx) {
        let dt = ctx.scene.world_info().basic_time_step.max(1e-3) / 1000.0;
        for m in &mut self.motors {
            let wake = std::mem::take(&mut m.woken);
            let physical = ctx.physics.as_deref().is_some_and(|p| p.has_joint(m.at.joint));
            if physical {
                let physics = ctx.physics.as_deref_mut().expect("checked");
                let (position, _) = physics.joint_axis(m.at.joint, m.at.axis).unwrap_or((m.position, 0.0));
                m.position = position;
                let drive = match m.force {
                    Some(f) => Drive::Force(f),
                    None => {
                        Drive::Velocity { velocity: m.velocity_command(position, dt), max_force: m.available_force }
                    }
                };
                physics.set_drive(m.at.joint, m.at.axis, drive, wake);
            } else if m.pose.is_some() && m.kinematic_step(dt) {
                if let Some(pose) = &m.pose {
                    pose.place_end_point(ctx.scene, m.position);
                    if let Some(p) = m.at.params {
                        ctx.scene.set_field_synced(p, "position", FieldValue::SFFloat(m.position));
                    }
                    if let Some(physics) = ctx.physics.as_deref_mut() {
                        physics.node_moved(ctx.scene, pose.end);
                    }
                    ctx.geometry_dirty = true;
                }
            }
        }
    }

    fn sample(&mut self, ctx: &mut Ctx) {
        for m in &mut self.motors {
            if m.feedback.due(ctx.now) {
                let value = ctx.physics.as_deref().and_then(|p| p.joint_feedback(m.at.joint, m.at.axis)).unwrap_or(0.0);
                ctx.outboxes[m.owner.robot].push_sample(m.owner.tag, &[value]);
            }
        }
    }

    fn field_changed(&mut self, ctx: &mut Ctx, device: Option<usize>, node: NodeId, _field: &str) {
        let Some(i) = device else { return };
        let m = &self.motors[i];
        let fresh = Motor::read(ctx.scene, node, m.owner, m.at.clone(), ctx.warnings);
        let m = &mut self.motors[i];
        // the fields; targets and the control state stay
        m.max_velocity = fresh.max_velocity;
        m.max_force = fresh.max_force;
        m.min_position = fresh.min_position;
        m.max_position = fresh.max_position;
        m.multiplier = fresh.multiplier;
        m.acceleration = fresh.acceleration;
        m.pid = fresh.pid;
        m.available_force = m.available_force.min(m.max_force);
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
    }

    fn renumber(&mut self, i: usize, node: NodeId) {
        self.motors[i].node = node;
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
