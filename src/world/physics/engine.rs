//! The rapier world: its sets, its pipeline and the parameters WorldInfo gives it (time step, gravity,
//! contact softness, sleeping). Everything else in `physics/` goes through this to step.

use nalgebra::{Isometry3, Vector3};
use rapier3d_f64::prelude::*;

use super::body_math::BodyMath;
use super::contacts::Hooks;
use crate::world::geometry::convert::vector;
use crate::world::scene::Scene;

/// The WorldInfo values the engine runs with.
#[derive(Clone, Debug)]
pub struct WorldParams {
    /// Seconds.
    pub dt: f64,
    pub gravity: Vector3<f64>,
    /// The world's up axis (opposite to gravity when gravity is positive).
    pub up: Vector3<f64>,
    /// `physicsDisableTime` in seconds; 0 or less: bodies never sleep.
    pub disable_time: f64,
    pub disable_linear: f64,
    pub disable_angular: f64,
    /// `WorldInfo.defaultDamping` (linear, angular), fraction of velocity lost per second.
    pub default_damping: Option<(f64, f64)>,
    /// `WorldInfo.ERP`: the share of a joint's error ODE corrects per step (connector welds follow it).
    pub erp: f64,
}

/// The world's up axis for `WorldInfo.coordinateSystem`.
pub fn up_axis(coordinate_system: &str) -> Vector3<f64> {
    match coordinate_system {
        "NUE" | "EUN" => Vector3::y(),
        _ => Vector3::z(),
    }
}

impl WorldParams {
    /// Gravity held to what the engine can represent (README, Reliability), with a warning.
    pub fn hold_to_bounds(&mut self, warnings: &mut Vec<String>) {
        let g = self.gravity.norm();
        if g > crate::world::physics::bounds::MAX_GRAVITY || !g.is_finite() {
            let held = crate::world::physics::bounds::MAX_GRAVITY;
            warnings.push(format!(
                "WorldInfo: Invalid 'gravity' changed to {}. The value should be at most {} (the physics engine's bound).",
                crate::c_format::g(held),
                crate::c_format::g(held)
            ));
            self.gravity = if g.is_finite() { self.gravity * (held / g) } else { -self.up * held };
        }
    }

    pub fn read(scene: &Scene) -> WorldParams {
        let info = scene.world_info();
        let node = scene.world_info_node();
        let up = up_axis(&info.coordinate_system);
        let float = |name: &str, default: f64| node.map_or(default, |n| scene.sf_float(n, name));
        let default_damping = node
            .and_then(|n| scene.sf_node(n, "defaultDamping"))
            .map(|d| (scene.sf_float(d, "linear"), scene.sf_float(d, "angular")));
        let basic = if info.basic_time_step > 0.0 { info.basic_time_step } else { 32.0 };
        WorldParams {
            dt: basic / 1000.0,
            gravity: -up * info.gravity,
            up,
            disable_time: float("physicsDisableTime", 1.0),
            disable_linear: float("physicsDisableLinearThreshold", 0.01),
            disable_angular: float("physicsDisableAngularThreshold", 0.01),
            default_damping,
            erp: float("ERP", 0.2).clamp(0.0, 1.0),
        }
    }

    /// A Damping node's fraction lost per second as rapier's damping coefficient, so that one step
    /// scales the velocity by `(1 - d)^dt` as Webots does.
    pub fn damping_coefficient(&self, fraction_per_second: f64) -> f64 {
        let d = fraction_per_second.clamp(0.0, 1.0 - 1e-9);
        ((1.0 - d).powf(-self.dt) - 1.0) / self.dt
    }
}

/// How many threads step the engine: `WEBOTS_SHIM_PHYSICS_THREADS`, else the machine's cores (at
/// most 4). rapier's results do not depend on it (bit-identical for any pool size).
pub fn solver_threads() -> usize {
    asked_threads().unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(4)))
}

fn asked_threads() -> Option<usize> {
    std::env::var("WEBOTS_SHIM_PHYSICS_THREADS").ok().and_then(|v| v.parse::<usize>().ok()).filter(|&n| n > 0)
}

/// Unless threads are asked for, a world with fewer bodies steps in rayon's global pool rather than a
/// dedicated one: handing each step to a dedicated pool costs about 0.04 ms (one bench robot: 0.045 ms a
/// step against 0.009), more than such a step's parallel part saves.
pub const SHARED_FROM_BODIES: usize = 512;

/// The dedicated pool engines step in (`solver_threads()` wide), shared by every engine of the process (a
/// world rebuilt by a reset keeps it); a pool of one thread steps sequentially.
fn solver_pool() -> Option<std::sync::Arc<rayon::ThreadPool>> {
    static POOL: once_cell::sync::OnceCell<Option<std::sync::Arc<rayon::ThreadPool>>> =
        once_cell::sync::OnceCell::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(solver_threads())
            .thread_name(|i| format!("physics-{i}"))
            .build()
            .ok()
            .map(std::sync::Arc::new)
    })
    .clone()
}

/// Solver passes per substep (rapier's default is 1). Measured on the two-wheeler test (tests/motors.rs):
/// at 1 the encoders of a robot spinning in place are up to 5 % off the commanded rate, at 4–6 about 2 %,
/// at 8 within 1.2 %, where Webots' are exact.
const PGS_ITERATIONS: usize = 8;

/// Substeps per step in a world with a multibody (rapier's default, used elsewhere, is 4). A legged
/// robot's stance feet slip less as its motors change rate: Webots' hexapod gait (tests/api
/// motions_regular, 40 ms) walked 0.2554 m at 4 substeps, 0.2649 at 8 (12 passes), 0.2656 and 0.2650 at
/// 16 and 32, where ODE walks 0.2761 in one step and 0.2790 in 8 of its own (the rest is the friction
/// cone against ODE's pyramid, see COMPATIBILITY.md, legged robots). It costs such a world about twice
/// the time of a step at 4.
const MULTIBODY_SUBSTEPS: usize = 8;

/// Solver passes per substep in a world with a multibody: rapier starts a multibody's motor rows from
/// nothing at each substep (no warm start), and two motors of a chain holding its weight (tests.rs,
/// two_motors_in_a_chain...) settled 2.2 µrad off their targets after 8 passes of 4 substeps, within
/// 1e-8 after 16; at 8 substeps, 1.1 µrad after 8 and within 1e-6 after 12.
const MULTIBODY_PGS_ITERATIONS: usize = 12;

/// A joint whose two bodies' masses are further apart than this is solved with `HEAVY_ON_LIGHT_PASSES`
/// stabilisation passes per substep instead of rapier's one.
const HEAVY_ON_LIGHT_RATIO: f64 = 10.0;

/// With one stabilisation pass a heavy body on light wheels hops: Webots' balancing robot (a 5 kg body
/// and a 1 kg pole on 50 g wheels), at rest with its motors at 0, bounced between 1.6 and 8.7 mm over the
/// floor (58 mm with the pole rigid) where it rests at 1.7 mm; with 4 it rests there. They cost about a
/// quarter of a step, so only worlds with such a joint pay for them.
const HEAVY_ON_LIGHT_PASSES: usize = 4;

/// An engine joint: solved by impulses between two bodies, or a link of a multibody (reduced
/// coordinates: the joint is exact, see `multibody`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointHandle {
    Impulse(ImpulseJointHandle),
    Multibody(MultibodyJointHandle),
}

pub struct Engine {
    pub params: IntegrationParameters,
    pub gravity: Vector3<f64>,
    pipeline: PhysicsPipeline,
    pub islands: IslandManager,
    pub broad_phase: BroadPhaseBvh,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
    /// A fixed body at the world origin: what joints to the static world attach to.
    pub ground: RigidBodyHandle,
}

impl Engine {
    /// `contact_spring`: the native contact spring ODE's softness is shown through (`soft_contacts`).
    pub fn new(world: &WorldParams, contact_spring: SpringCoefficients<f64>) -> Engine {
        let mut params = IntegrationParameters { dt: world.dt, ..Default::default() };
        // Webots' contacts are as soft against the static world as between two bodies
        params.contact_softness = contact_spring;
        params.static_contact_softness = params.contact_softness;
        // a wheel's motor holds its rate against the floor's contacts only when the solver converges within
        // each substep: with one pass the rate is a few per cent off and a robot held at rest creeps
        params.num_internal_pgs_iterations = PGS_ITERATIONS;
        // friction per contact patch with a twist row, as rapier 0.30 solved it: friction per point slides a
        // block 5 % too far down a slope (physics_demo) and turns a robot spinning in place 8 % too fast
        params.friction_model = FrictionModel::Simplified;
        let mut bodies = RigidBodySet::new();
        let ground = bodies.insert(RigidBodyBuilder::fixed().build());
        Engine {
            params,
            gravity: world.gravity,
            pipeline: PhysicsPipeline::new(),
            islands: IslandManager::new(),
            broad_phase: BroadPhaseBvh::new(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders: ColliderSet::new(),
            joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
            ground,
        }
    }

    /// Once the joints are in: more stabilisation passes when a joint links bodies of very different
    /// masses (see `HEAVY_ON_LIGHT_PASSES`), more solver passes when there is a multibody.
    pub fn stabilize_for_mass_ratios(&mut self) {
        let mass = |h: RigidBodyHandle| self.bodies.get(h).filter(|b| b.is_dynamic()).map(|b| b.mass());
        let heavy_on_light = self.joints.iter().any(|(_, j)| match (mass(j.body1()), mass(j.body2())) {
            (Some(a), Some(b)) if a > 0.0 && b > 0.0 => a.max(b) > HEAVY_ON_LIGHT_RATIO * a.min(b),
            _ => false,
        });
        if heavy_on_light {
            self.params.num_internal_stabilization_iterations = HEAVY_ON_LIGHT_PASSES;
        }
        if self.multibody_joints.multibodies().next().is_some() {
            self.params.num_solver_iterations = MULTIBODY_SUBSTEPS;
            self.params.num_internal_pgs_iterations = MULTIBODY_PGS_ITERATIONS;
        }
    }

    /// The data of engine joint `h` (an impulse joint or a multibody link's joint).
    pub fn joint_data(&self, h: JointHandle) -> Option<&GenericJoint> {
        match h {
            JointHandle::Impulse(h) => self.joints.get(h).map(|j| &j.data),
            JointHandle::Multibody(h) => {
                let (mb, link) = self.multibody_joints.get(h)?;
                mb.link(link).map(|l| &l.joint.data)
            }
        }
    }

    /// The data of engine joint `h` to change (its bodies woken when `wake`).
    pub fn joint_data_mut(&mut self, h: JointHandle, wake: bool) -> Option<&mut GenericJoint> {
        match h {
            JointHandle::Impulse(h) => self.joints.get_mut(h, wake).map(|j| &mut j.data),
            JointHandle::Multibody(h) => {
                if wake {
                    let body =
                        self.multibody_joints.get(h).and_then(|(mb, l)| mb.link(l)).map(|l| l.rigid_body_handle());
                    if let Some(b) = body {
                        self.islands.wake_up(&mut self.bodies, b, true);
                    }
                }
                let (mb, link) = self.multibody_joints.get_mut(h)?;
                mb.link_mut(link).map(|l| &mut l.joint.data)
            }
        }
    }

    /// Zeroes the forces and torques applied to body `h` for the last step. A body with none is left
    /// alone: one taken mutably counts as changed by the user, which the next step goes over again.
    pub fn reset_forces(&mut self, h: RigidBodyHandle) {
        let unforced =
            |b: &RigidBody| b.is_dynamic() && b.user_force() == Vector::ZERO && b.user_torque() == AngVector::ZERO;
        if self.bodies.get(h).is_some_and(unforced) {
            return;
        }
        if let Some(rb) = self.bodies.get_mut(h) {
            rb.reset_forces(false);
            rb.reset_torques(false);
        }
    }

    /// Body `h`'s pose in world coordinates (the origin for a body that is gone).
    pub fn pose_of(&self, h: RigidBodyHandle) -> Isometry3<f64> {
        self.bodies.get(h).map_or_else(Isometry3::identity, |b| b.pose_na())
    }

    /// Once the world's bodies are in: the threads that step it (see `SHARED_FROM_BODIES`).
    pub fn share_out(&mut self) {
        if asked_threads().is_some() || self.bodies.len() >= SHARED_FROM_BODIES {
            self.pipeline.set_thread_pool(solver_pool());
        }
    }

    /// The dedicated pool this engine steps in, if any (see `share_out`).
    pub fn pool(&self) -> Option<std::sync::Arc<rayon::ThreadPool>> {
        self.pipeline.thread_pool()
    }

    pub fn step(&mut self, hooks: &Hooks) {
        self.pipeline.step(
            vector(&self.gravity),
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            &mut self.ccd,
            hooks,
            &(),
        );
    }

    /// The rapier activation (sleeping) settings of WorldInfo for a body whose geometry reaches
    /// `extent` from its centre of mass. ODE lets a body sleep when its speed is under the linear
    /// threshold and its rotation rate under the angular one; rapier when its farthest point moves
    /// under twice its one threshold (`|v| + |ω|·extent`): the threshold below makes rapier's test
    /// imply both of Webots' (such a body may sleep a little later than in Webots, never sooner).
    /// Takes a collider out of the engine (its body woken).
    pub fn remove_collider(&mut self, handle: ColliderHandle) {
        self.colliders.remove(handle, &mut self.islands, &mut self.bodies, &mut self.soft_bodies, true);
    }

    pub fn activation(world: &WorldParams, extent: f64) -> RigidBodyActivation {
        let mut a = RigidBodyActivation::active();
        if world.disable_time > 0.0 {
            let angular_at_edge = if extent > 0.0 { world.disable_angular * extent } else { f64::INFINITY };
            a.normalized_linear_threshold = world.disable_linear.min(angular_at_edge) / 2.0;
            a.angular_threshold = world.disable_angular;
            a.time_until_sleep = world.disable_time;
        } else {
            a.normalized_linear_threshold = -1.0;
            a.angular_threshold = -1.0;
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damping_loses_the_given_fraction_per_second() {
        let scene = crate::world::scene::parse_world_str(
            "#VRML_SIM R2025a utf8\n",
            "t.wbt",
            std::path::Path::new("."),
            &Default::default(),
        )
        .unwrap();
        let mut world = WorldParams::read(&scene);
        world.dt = 0.016;
        let c = world.damping_coefficient(0.2);
        let steps = 125;
        let kept = (1.0 / (1.0 + world.dt * c)).powi(steps);
        assert!((kept - 0.8f64.powf(steps as f64 * world.dt)).abs() < 1e-12, "{kept}");
    }
}
