//! The rapier world: its sets, its pipeline and the parameters WorldInfo gives it (time step, gravity,
//! contact softness, sleeping). Everything else in `physics/` goes through this to step.

use nalgebra::Vector3;
use rapier3d_f64::prelude::*;

use super::contacts::Hooks;
use crate::world::scene::{NodeId, Scene};

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
    /// ODE's soft ERP and CFM of contacts (the default ContactProperties).
    pub soft_erp: f64,
    pub soft_cfm: f64,
}

/// The world's up axis for `WorldInfo.coordinateSystem`.
pub fn up_axis(coordinate_system: &str) -> Vector3<f64> {
    match coordinate_system {
        "NUE" | "EUN" => Vector3::y(),
        _ => Vector3::z(),
    }
}

impl WorldParams {
    pub fn read(scene: &Scene) -> WorldParams {
        let info = scene.world_info();
        let node = scene.world_info_node();
        let up = up_axis(&info.coordinate_system);
        let float = |name: &str, default: f64| node.map_or(default, |n| scene.sf_float(n, name));
        let default_damping = node
            .and_then(|n| scene.sf_node(n, "defaultDamping"))
            .map(|d| (scene.sf_float(d, "linear"), scene.sf_float(d, "angular")));
        let basic = if info.basic_time_step > 0.0 { info.basic_time_step } else { 32.0 };
        let (soft_erp, soft_cfm) = default_softness(scene, node);
        WorldParams {
            dt: basic / 1000.0,
            gravity: -up * info.gravity,
            up,
            disable_time: float("physicsDisableTime", 1.0),
            disable_linear: float("physicsDisableLinearThreshold", 0.01),
            disable_angular: float("physicsDisableAngularThreshold", 0.01),
            default_damping,
            soft_erp,
            soft_cfm,
        }
    }

    /// rapier's contact spring for ODE's soft ERP and CFM (see COMPATIBILITY.md). rapier's contact
    /// regularisation is mass-normalised: ERP maps exactly (erp = dt·ω / (dt·ω + 2ζ)); ODE's CFM is an
    /// absolute compliance, matched for a projected mass of 1 kg (cfm·m/dt = rapier's CFM coefficient).
    pub fn contact_spring(&self) -> (f64, f64) {
        let erp = self.soft_erp.clamp(1e-6, 1.0 - 1e-6);
        let cfm = self.soft_cfm.max(1e-12);
        let inv_erp_minus_one = 1.0 / erp - 1.0;
        // rapier: cfm_coeff = (1/erp - 1)² / ((1/erp) · 4ζ²); ODE, per unit mass: cfm / dt
        let cfm_coeff = cfm / self.dt;
        let zeta = (inv_erp_minus_one * inv_erp_minus_one / (cfm_coeff * (1.0 / erp) * 4.0)).sqrt();
        let omega = 2.0 * zeta * erp / (self.dt * (1.0 - erp));
        (omega / std::f64::consts::TAU, zeta)
    }

    /// A Damping node's fraction lost per second as rapier's damping coefficient, so that one step
    /// scales the velocity by `(1 - d)^dt` as Webots does.
    pub fn damping_coefficient(&self, fraction_per_second: f64) -> f64 {
        let d = fraction_per_second.clamp(0.0, 1.0 - 1e-9);
        ((1.0 - d).powf(-self.dt) - 1.0) / self.dt
    }
}

/// The softness of the ContactProperties between two "default" materials, else Webots' built-in one.
fn default_softness(scene: &Scene, info: Option<NodeId>) -> (f64, f64) {
    let Some(info) = info else { return (0.2, 0.001) };
    scene
        .mf_node(info, "contactProperties")
        .into_iter()
        .find(|&c| scene.sf_string(c, "material1") == "default" && scene.sf_string(c, "material2") == "default")
        .map_or((0.2, 0.001), |c| (scene.sf_float(c, "softERP"), scene.sf_float(c, "softCFM")))
}

pub struct Engine {
    pub params: IntegrationParameters,
    pub gravity: Vector3<f64>,
    pipeline: PhysicsPipeline,
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    ccd: CCDSolver,
    /// A fixed body at the world origin: what joints to the static world attach to.
    pub ground: RigidBodyHandle,
}

impl Engine {
    pub fn new(world: &WorldParams) -> Engine {
        let mut params = IntegrationParameters { dt: world.dt, ..Default::default() };
        let (frequency, damping_ratio) = world.contact_spring();
        params.contact_natural_frequency = frequency;
        params.contact_damping_ratio = damping_ratio;
        let mut bodies = RigidBodySet::new();
        let ground = bodies.insert(RigidBodyBuilder::fixed().build());
        Engine {
            params,
            gravity: world.gravity,
            pipeline: PhysicsPipeline::new(),
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders: ColliderSet::new(),
            joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            ccd: CCDSolver::new(),
            ground,
        }
    }

    pub fn step(&mut self, hooks: &Hooks) {
        self.pipeline.step(
            &self.gravity,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.joints,
            &mut self.multibody_joints,
            &mut self.ccd,
            hooks,
            &(),
        );
    }

    /// The rapier activation (sleeping) settings of WorldInfo.
    pub fn activation(world: &WorldParams) -> RigidBodyActivation {
        let mut a = RigidBodyActivation::active();
        if world.disable_time > 0.0 {
            a.normalized_linear_threshold = world.disable_linear;
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
    fn webots_default_softness_maps_to_erp_0_2_and_a_1_kg_cfm_of_0_001() {
        let world = WorldParams {
            dt: 0.032,
            gravity: Vector3::zeros(),
            up: Vector3::z(),
            disable_time: 1.0,
            disable_linear: 0.01,
            disable_angular: 0.01,
            default_damping: None,
            soft_erp: 0.2,
            soft_cfm: 0.001,
        };
        let (f, zeta) = world.contact_spring();
        let params = IntegrationParameters {
            dt: 0.032,
            contact_natural_frequency: f,
            contact_damping_ratio: zeta,
            ..Default::default()
        };
        assert!((params.contact_erp() - 0.2).abs() < 1e-12);
        // rapier's solver scales impulses by cfm_factor = 1 / (1 + cfm_coeff), cfm_coeff = cfm·m/dt
        let cfm_coeff = 1.0 / params.contact_cfm_factor() - 1.0;
        assert!((cfm_coeff - 0.001 / 0.032).abs() < 1e-12, "{cfm_coeff}");
    }

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
