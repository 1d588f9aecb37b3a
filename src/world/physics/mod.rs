//! The rigid-body world under the scene (rapier3d-f64): built from the scene tree when it has at least
//! one Solid with `physics`, stepped once per basic time step after the controllers' commands, and read
//! back into the scene (body poses into the Solids' `translation`/`rotation`, joint positions into
//! their parameters) so that every device and the supervisor read the simulated state from the scene as
//! before. Nothing outside this folder names an engine type.
//!
//! One file per job: `plan` (which Solids are which bodies), `mass`, `bodies` (bodies and colliders),
//! `joints`, `contacts` (pair filtering, surfaces, contact points), `welds` (connector links),
//! `supervision` (the supervisor's physics calls), `engine` (the rapier world and its parameters).

mod bodies;
mod body_math;
pub mod bounds;
#[cfg(test)]
mod contact_depth_tests;
mod contact_forces;
mod contacts;
mod divergence;
#[cfg(test)]
mod drive_reaction_tests;
mod drives;
mod engine;
#[cfg(test)]
mod geometry_pair_tests;
#[cfg(test)]
mod heavy_on_light_tests;
#[cfg(test)]
mod joint_contact_tests;
mod joints;
#[cfg(test)]
mod load_sharing_tests;
mod mass;
mod member_moves;
#[cfg(test)]
mod multibody_tests;
mod plan;
mod reshape;
mod rolling_contacts;
#[cfg(test)]
mod rolling_contacts_tests;
mod rolling_friction;
#[cfg(test)]
mod rotation_rate_tests;
mod soft_contacts;
mod supervision;
#[cfg(test)]
mod surface_tests;
#[cfg(test)]
mod test_world;
#[cfg(test)]
mod tests;
mod touch_forces;
#[cfg(test)]
mod twist_friction_tests;
mod welds;

use std::collections::HashMap;

use nalgebra::{Isometry3, Point3, Vector3};
use rapier3d_f64::prelude::{Collider, ColliderHandle, QueryFilter, Ray, RigidBodyHandle};

use crate::world::geometry::convert::{na_vector, point, pose as engine_pose, vector};
use crate::world::geometry::obstacles::encloses;
use bodies::{Body, Builder, Static};
use body_math::BodyMath;
use contacts::{ColliderTag, Hooks, Materials};
use engine::{Engine, WorldParams};
use joints::Joint;
use plan::{Attach, Plan};
use welds::Weld;

pub use contacts::ContactPoint;
pub use engine::{solver_threads, up_axis, SHARED_FROM_BODIES};
pub use joints::Drive;
pub use supervision::ForceRefused;

use super::scene::{axis_angle_of, FieldValue, NodeId, Scene};

/// Where a Solid is in the physics world.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    /// Member `member` of body `body`.
    Member { body: usize, member: usize },
    /// A kinematic Solid's bounding object (`statics[i]`).
    Static(usize),
}

/// A connector link's handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeldId(usize);

pub struct Physics {
    world: WorldParams,
    engine: Engine,
    hooks: Hooks,
    bodies: Vec<Body>,
    statics: Vec<Static>,
    joints: Vec<Joint>,
    welds: Vec<Option<Weld>>,
    /// Collider tag index → Solid.
    solids: Vec<NodeId>,
    places: HashMap<NodeId, Place>,
    /// Joint node → index in `joints`.
    joint_index: HashMap<NodeId, usize>,
    /// Robot nodes, in the order collider tags number them (from 1).
    robots: Vec<NodeId>,
    /// Bodies that received forces for the coming step (cleared after it: forces last one step).
    forced: Vec<RigidBodyHandle>,
    /// The TouchSensors that are part of a body (their force feedback, `touch_forces`).
    touch_parts: Vec<touch_forces::TouchPart>,
    /// Solids welded where they are to the body above them (force sensors of a self-colliding robot) →
    /// their weld in `welds`.
    fixed_links: HashMap<NodeId, usize>,
    /// The poses `write_poses` has read from the engine and is about to write (kept between steps).
    moving: Vec<(usize, [f64; 3], [f64; 4])>,
    /// Solids whose body's state became non-finite at the last step, taken by `take_diverged`.
    diverged: Vec<NodeId>,
    /// Whether some ContactProperties has rolling friction (`rolling_friction` runs at each step).
    rolling: bool,
}

impl Physics {
    /// The Solids whose body the last steps found with a non-finite state (each named once).
    pub fn take_diverged(&mut self) -> Vec<NodeId> {
        std::mem::take(&mut self.diverged)
    }

    /// The physics of `scene`, or `None` when no Solid has `physics` (then no engine is made).
    /// Corrected field values are written back to the scene; warnings are Webots' load-time ones.
    pub fn build(scene: &mut Scene, warnings: &mut Vec<String>) -> Option<Physics> {
        let plan = Plan::of(scene, warnings);
        if plan.is_empty() {
            return None;
        }
        let mut world = WorldParams::read(scene);
        world.hold_to_bounds(warnings);
        let mut materials = Materials::read(scene);
        let spring = soft_contacts::native_spring(materials.stiffest(world.dt));
        let native_omega2 = spring.angular_frequency().powi(2);
        let mut engine = Engine::new(&world, spring);
        let (mut solids, mut robots) = (Vec::new(), Vec::new());
        let mut jointed_to_world = vec![false; plan.bodies.len()];
        for j in plan.joints.iter().filter(|j| j.upper.is_none()) {
            jointed_to_world[j.end] = true;
        }
        let mut bodies: Vec<Body> = Vec::with_capacity(plan.bodies.len());
        let mut statics = Vec::with_capacity(plan.statics.len());
        {
            let mut b = Builder {
                engine: &mut engine,
                world: &world,
                materials: &mut materials,
                solids: &mut solids,
                robots: &mut robots,
                warnings,
            };
            for (i, body_plan) in plan.bodies.iter().enumerate() {
                let mut body = b.body(scene, body_plan, jointed_to_world[i]);
                if let Some(a) = body.above {
                    let above = b.engine.pose_of(bodies[a].handle);
                    body.parent_frame = above.inverse() * body.parent_frame;
                }
                bodies.push(body);
            }
            for s in &plan.statics {
                let followed = s.follows.map(|f| (f, &bodies[f]));
                statics.push(b.static_solid(scene, s, followed));
            }
        }
        // masses before the joints (a body's mass is 0 until worked out from its colliders): a
        // Hinge2Joint's middle body weighs 1 % of its endPoint, and one of 1e-8 kg let the endPoint fall free
        drives::settle_masses(&mut engine);
        let mut joints = Vec::with_capacity(plan.joints.len());
        let multibody = joints::multibody::chosen(&plan, scene);
        for (j, &multibody) in plan.joints.iter().zip(&multibody) {
            joints.push(Joint::build(scene, j, &mut engine, &bodies, multibody, warnings));
        }
        engine.share_out();
        engine.stabilize_for_mass_ratios();
        let handles: Vec<_> = bodies.iter().map(|b| b.handle).collect();
        let passive: Vec<bool> = joints.iter().map(|j| j.is_passive(scene)).collect();
        for (joint, sides) in joints.iter_mut().zip(drives::sides(&plan, &handles, &passive)) {
            joint.set_sides(&mut engine, sides);
        }
        let mut welds = Vec::new();
        let mut fixed_links = HashMap::new();
        for (i, body_plan) in plan.bodies.iter().enumerate() {
            if let Attach::Fixed(Some(to)) = body_plan.attach {
                let pose = engine.pose_of(bodies[i].handle);
                fixed_links.insert(body_plan.solid, welds.len());
                welds.push(Weld::create(&mut engine, Some(bodies[to].handle), Some(bodies[i].handle), &pose, &pose));
            }
        }
        let mut places = HashMap::new();
        for (b, body) in bodies.iter().enumerate() {
            for (m, member) in body.members.iter().enumerate() {
                places.insert(member.solid, Place::Member { body: b, member: m });
            }
        }
        for (i, s) in statics.iter().enumerate() {
            places.insert(s.solid, Place::Static(i));
        }
        let materials_rolling = materials.any_rolling();
        let self_collision = robots.iter().map(|&r| scene.sf_bool(r, "selfCollision")).collect();
        let dt = world.dt;
        let substeps = engine.params.num_solver_iterations;
        let joint_index = joints.iter().enumerate().map(|(i, j)| (j.node, i)).collect();
        let mut physics = Physics {
            world,
            engine,
            hooks: Hooks {
                materials,
                self_collision,
                dt,
                substeps,
                native_omega2,
                loads: Default::default(),
                held: Default::default(),
            },
            bodies,
            statics,
            joints,
            welds,
            solids,
            places,
            joint_index,
            robots,
            forced: Vec::new(),
            touch_parts: Vec::new(),
            fixed_links,
            moving: Vec::new(),
            diverged: Vec::new(),
            rolling: materials_rolling,
        };
        physics.touch_parts = physics.touch_parts(scene);
        Some(physics)
    }

    /// One basic time step: followers and joint forces, the engine, then the poses and joint positions
    /// back into the scene. Returns whether anything moved.
    pub fn step(&mut self, scene: &mut Scene) -> bool {
        for s in &self.statics {
            if let (Some((b, offset)), Some(carrier)) = (s.follows, s.carrier) {
                let pose = self.pose(b) * offset;
                if let Some(rb) = self.engine.bodies.get_mut(carrier) {
                    rb.set_next_kinematic_position(engine_pose(&pose));
                }
            }
        }
        // the drives sharing bodies are swept in turn until their rates agree
        for sweep in 0..drives::SWEEPS {
            for j in &mut self.joints {
                j.step_drives(&mut self.engine, &self.bodies, sweep == 0);
            }
        }
        for j in &self.joints {
            j.apply_forces(&mut self.engine, &self.bodies);
        }
        // before and after the engine: it silently zeroes a NaN velocity (the body would freeze unseen)
        let diverged = self.catch_divergence(scene);
        self.diverged.extend(diverged);
        for w in self.welds.iter_mut().flatten() {
            w.approach(&mut self.engine, self.world.erp);
        }
        let engine = &self.engine;
        self.hooks.held = self.welds.iter().flatten().filter_map(|w| w.bodies(engine)).flatten().collect();
        if self.rolling {
            let e = &mut self.engine;
            rolling_friction::apply(&e.narrow_phase, &e.colliders, &mut e.bodies, &self.hooks.materials, self.world.dt);
        }
        if !self.touch_parts.is_empty() {
            self.remember_touch_velocities();
        }
        self.engine.step(&self.hooks);
        self.hooks.loads.read(&self.engine.narrow_phase, self.world.dt);
        let diverged = self.catch_divergence(scene);
        self.diverged.extend(diverged);
        // forces last one step (joints re-apply theirs before each)
        for j in &self.joints {
            for h in [j.upper.map(|u| self.bodies[u].handle), Some(self.bodies[j.end].handle), j.middle]
                .into_iter()
                .flatten()
            {
                self.engine.reset_forces(h);
            }
        }
        for h in self.forced.drain(..) {
            self.engine.reset_forces(h);
        }
        let moved = self.write_poses(scene);
        for j in &mut self.joints {
            j.read_back(scene, &self.engine, &self.bodies);
        }
        moved
    }

    /// The threads the engine steps on, when it has a pool of more than one (a big world): what else
    /// the step does in parallel (sensors) runs there too.
    pub fn threads(&self) -> Option<std::sync::Arc<rayon::ThreadPool>> {
        self.engine.pool().filter(|p| p.current_num_threads() > 1)
    }

    /// Body `b`'s pose (its merger Solid's global pose).
    fn pose(&self, b: usize) -> Isometry3<f64> {
        self.engine.pose_of(self.bodies[b].handle)
    }

    /// The global frame body `b`'s Solid fields are written in.
    fn parent_frame(&self, b: usize) -> Isometry3<f64> {
        let body = &self.bodies[b];
        match body.above {
            Some(a) => self.pose(a) * body.parent_frame,
            None => body.parent_frame,
        }
    }

    /// Every awake body's pose into its Solid's fields: all read from the engine first, then all
    /// written (the writes, to fields spread over the scene, then wait on memory together).
    fn write_poses(&mut self, scene: &mut Scene) -> bool {
        let mut moving = std::mem::take(&mut self.moving);
        moving.clear();
        for b in 0..self.bodies.len() {
            let body = &self.bodies[b];
            let Some(rb) = self.engine.bodies.get(body.handle) else { continue };
            if body.fixed || rb.is_sleeping() || !rb.is_enabled() {
                continue;
            }
            let local = self.parent_frame(b).inverse() * rb.pose_na();
            let t = local.translation.vector;
            moving.push((b, [t.x, t.y, t.z], axis_angle_of(&local.rotation)));
        }
        for &(b, translation, rotation) in &moving {
            let body = &self.bodies[b];
            if let Some(f) = &body.translation {
                scene.write_synced(f, FieldValue::SFVec3f(translation));
            }
            if let Some(f) = &body.rotation {
                scene.write_synced(f, FieldValue::SFRotation(rotation));
            }
        }
        let moved = !moving.is_empty();
        self.moving = moving;
        moved
    }

    /// The body holding `node` or its nearest Solid ancestor in a body.
    fn body_above(&self, scene: &Scene, node: NodeId) -> Option<usize> {
        scene.path_to(node).into_iter().rev().find_map(|n| match self.places.get(&n) {
            Some(Place::Member { body, .. }) => Some(*body),
            _ => None,
        })
    }

    /// The velocity (world frame) at `point` of the body holding `node` or its nearest Solid ancestor.
    pub fn velocity_at(&self, scene: &Scene, node: NodeId, point: &Point3<f64>) -> Option<Vector3<f64>> {
        let b = self.body_above(scene, node)?;
        Some(self.engine.bodies.get(self.bodies[b].handle)?.velocity_at_na(point))
    }

    /// The angular velocity (world frame) of the body holding `node` or its nearest Solid ancestor.
    pub fn angular_velocity(&self, scene: &Scene, node: NodeId) -> Option<Vector3<f64>> {
        let b = self.body_above(scene, node)?;
        Some(self.engine.bodies.get(self.bodies[b].handle)?.angvel_na())
    }

    /// The colliders Solid `solid` has on engine body `body`, with their tags.
    fn colliders_of(&self, body: RigidBodyHandle, solid: NodeId) -> Vec<(ColliderHandle, ColliderTag)> {
        let Some(index) = self.solids.iter().position(|&s| s == solid) else { return Vec::new() };
        let Some(rb) = self.engine.bodies.get(body) else { return Vec::new() };
        rb.colliders()
            .iter()
            .filter_map(|&h| Some((h, ColliderTag::unpack(self.engine.colliders.get(h)?.user_data))))
            .filter(|(_, tag)| tag.solid as usize == index)
            .collect()
    }

    /// Whether `node` (or a Solid above it) belongs to a body: a connector there can hold a link.
    pub fn has_body(&self, scene: &Scene, node: NodeId) -> bool {
        self.body_above(scene, node).is_some()
    }

    /// Links connector `owner` to connector `peer`: their bodies are welded so that `peer`'s frame
    /// sits at `docked` in `owner`'s frame. `None` when neither side has a body.
    pub fn weld(&mut self, scene: &Scene, owner: NodeId, peer: NodeId, docked: &Isometry3<f64>) -> Option<WeldId> {
        let (a, b) = (self.body_above(scene, owner), self.body_above(scene, peer));
        let owner_frame = scene.global_pose(owner);
        let peer_frame = scene.global_pose(peer) * docked.inverse();
        let weld = Weld::create(
            &mut self.engine,
            a.map(|a| self.bodies[a].handle),
            b.map(|b| self.bodies[b].handle),
            &owner_frame,
            &peer_frame,
        )?;
        self.welds.push(Some(weld));
        Some(WeldId(self.welds.len() - 1))
    }

    /// Removes a link; both bodies wake up.
    pub fn unweld(&mut self, id: WeldId) {
        if let Some(w) = self.welds.get_mut(id.0).and_then(Option::take) {
            w.remove(&mut self.engine);
        }
    }

    /// The force a link applied to its owner's body in the last step (world frame), and whether its
    /// sign is inverted (owner on the world side).
    pub fn weld_force(&self, id: WeldId) -> Option<(Vector3<f64>, bool)> {
        self.welds.get(id.0).copied().flatten()?.force(&self.engine)
    }

    /// A supervisor wrote the translation or rotation of `node`: every body and static geometry below it
    /// takes its new place (velocities are kept, as in Webots), a hinge or slider whose endPoint moved
    /// away from its joint keeps its position there (joints/reanchor.rs), and a Solid moved within its
    /// body stays where it was put (member_moves.rs).
    pub fn node_moved(&mut self, scene: &Scene, node: NodeId) {
        for b in 0..self.bodies.len() {
            let path = scene.path_to(self.bodies[b].solid);
            if !path.contains(&node) {
                continue;
            }
            let pose = scene.global_pose(self.bodies[b].solid);
            if let Some(rb) = self.engine.bodies.get_mut(self.bodies[b].handle) {
                rb.set_pose_na(&pose, true);
            }
            if self.bodies[b].above.is_none() {
                let parent = path.len().checked_sub(2).map(|i| path[i]);
                self.bodies[b].parent_frame = parent.map_or_else(Isometry3::identity, |p| scene.global_pose(p));
            }
        }
        for s in 0..self.statics.len() {
            if !scene.path_to(self.statics[s].solid).contains(&node) {
                continue;
            }
            let pose = scene.global_pose(self.statics[s].solid);
            match self.statics[s].follows {
                Some((b, _)) => {
                    let offset = self.pose(b).inverse() * pose;
                    self.statics[s].follows = Some((b, offset));
                }
                None => {
                    for &(h, local) in &self.statics[s].colliders {
                        if let Some(c) = self.engine.colliders.get_mut(h) {
                            c.set_position(engine_pose(&(pose * local)));
                        }
                    }
                }
            }
        }
        self.reanchor_moved_end_points(scene, node);
        self.move_members(scene, node);
    }

    /// Whether the segment `from`–`to` crosses a bounding object's surface (see `Obstacles::blocks`),
    /// ignoring the Solids of the robots in `ignored` (the engine's broad phase, as of the last step).
    pub fn blocks(&self, from: &Point3<f64>, to: &Point3<f64>, ignored: &[Option<NodeId>]) -> bool {
        let length = (to - from).norm();
        let (a, b) = (point(from), point(to));
        let crossed = |c: &Collider| !encloses(c.shape(), c.position(), a, b);
        length > 0.0 && self.cast_where(from, &((to - from) / length), length, ignored, &crossed, true).is_some()
    }

    /// The nearest collider along the unit `direction` from `origin` within `max`: distance, normal and
    /// Solid, ignoring the Solids of the robots in `ignored` (the broad phase as of the last step).
    pub fn cast(
        &self,
        origin: &Point3<f64>,
        direction: &Vector3<f64>,
        max: f64,
        ignored: &[Option<NodeId>],
    ) -> Option<(f64, Vector3<f64>, NodeId)> {
        // a Plane is a surface, as ODE's ray-plane test has it: only a crossing ahead counts (a sensor
        // below a floor looking down sees nothing), the other shapes are solid. A ray starting above a
        // plane meets it as a solid would; the planes a ray starts below are cast apart, as surfaces
        // (the one cast of the usual case stays one)
        let o = point(origin);
        let below = |c: &Collider| {
            c.shape().as_halfspace().is_some_and(|h| h.normal.dot(c.position().inverse_transform_point(o)) <= 0.0)
        };
        let starts_below = std::cell::Cell::new(false);
        let solids = self.cast_where(
            origin,
            direction,
            max,
            ignored,
            &|c| {
                let b = below(c);
                starts_below.set(starts_below.get() || b);
                !b
            },
            true,
        );
        if !starts_below.get() {
            return solids;
        }
        match (solids, self.cast_where(origin, direction, max, ignored, &below, false)) {
            (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
            (a, b) => a.or(b),
        }
    }

    /// `cast`, among the colliders `keep` accepts.
    fn cast_where(
        &self,
        origin: &Point3<f64>,
        direction: &Vector3<f64>,
        max: f64,
        ignored: &[Option<NodeId>],
        keep: &dyn Fn(&Collider) -> bool,
        solid: bool,
    ) -> Option<(f64, Vector3<f64>, NodeId)> {
        let ray = Ray::new(point(origin), vector(direction));
        let skip = |_: ColliderHandle, c: &Collider| {
            let robot = ColliderTag::unpack(c.user_data).robot;
            (robot == 0 || !ignored.contains(&self.robots.get(robot as usize - 1).copied())) && keep(c)
        };
        let query = self.engine.broad_phase.as_query_pipeline(
            self.engine.narrow_phase.query_dispatcher(),
            &self.engine.bodies,
            &self.engine.colliders,
            QueryFilter::default().predicate(&skip),
        );
        let (handle, hit) = query.cast_ray_and_get_normal(&ray, max, solid)?;
        let solid = self
            .engine
            .colliders
            .get(handle)
            .and_then(|c| self.solids.get(ColliderTag::unpack(c.user_data).solid as usize))?;
        Some((hit.time_of_impact, na_vector(hit.normal), *solid))
    }

    /// A supervisor set axis `index` (from 1) of joint `joint` (its endPoint was placed there): that
    /// axis starts again from that position, the bodies below the endPoint at rest.
    pub fn joint_position_set(&mut self, scene: &Scene, joint: NodeId, end: NodeId, index: usize, position: f64) {
        self.stop_bodies(scene, Some(end));
        if let Some(axis) = self.joint_mut(joint).and_then(|j| j.axes.get_mut(index.wrapping_sub(1))) {
            axis.position = position;
            axis.velocity = 0.0;
        }
        self.reanchor_joint(joint);
    }

    fn axis_of(&self, joint: NodeId, axis: usize) -> Option<(&Joint, usize)> {
        let j = &self.joints[*self.joint_index.get(&joint)?];
        (axis < j.axes.len()).then_some((j, axis))
    }

    fn joint_mut(&mut self, joint: NodeId) -> Option<&mut Joint> {
        let i = *self.joint_index.get(&joint)?;
        self.joints.get_mut(i)
    }

    /// Whether `joint` is a joint of the engine (its endPoint has a body).
    pub fn has_joint(&self, joint: NodeId) -> bool {
        self.joint_index.contains_key(&joint)
    }

    /// Position and velocity of axis `axis` (from 0) of `joint` after the last step.
    pub fn joint_axis(&self, joint: NodeId, axis: usize) -> Option<(f64, f64)> {
        let (j, i) = self.axis_of(joint, axis)?;
        Some((j.axes[i].position, j.axes[i].velocity))
    }

    /// What drives axis `axis` of `joint` from the next step; a new drive wakes the joint's bodies
    /// when `wake`.
    pub fn set_drive(&mut self, joint: NodeId, axis: usize, drive: Drive, wake: bool) {
        let Some(i) = self.joint_index.get(&joint).copied() else { return };
        let j = &mut self.joints[i];
        let Some(a) = j.axes.get_mut(axis) else { return };
        if a.drive != drive || wake {
            a.drive = drive;
            j.configure_waking(&mut self.engine, axis, wake);
        }
    }

    /// A supervisor wrote `field` (`springConstant`, `dampingConstant` or `staticFriction`) of the joint
    /// parameters node `params`: the joint reading it takes the new value from the next step.
    pub fn joint_params_written(&mut self, scene: &Scene, params: NodeId, field: &str) {
        for j in &mut self.joints {
            if j.params_written(&mut self.engine, scene, params, field) {
                return;
            }
        }
    }

    /// A Brake's damping on axis `axis` of `joint`.
    pub fn set_brake(&mut self, joint: NodeId, axis: usize, damping: f64) {
        let Some(i) = self.joint_index.get(&joint).copied() else { return };
        let j = &mut self.joints[i];
        let Some(a) = j.axes.get_mut(axis) else { return };
        if a.brake != damping {
            a.brake = damping;
            j.configure_waking(&mut self.engine, axis, true);
        }
    }

    /// The force or torque axis `axis` of `joint` transmitted in the last step (motor and stops).
    pub fn joint_feedback(&self, joint: NodeId, axis: usize) -> Option<f64> {
        let (j, i) = self.axis_of(joint, axis)?;
        Some(j.feedback(&self.engine, &self.bodies, i))
    }

    /// Seconds per step.
    pub fn dt(&self) -> f64 {
        self.world.dt
    }
}
