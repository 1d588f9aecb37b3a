//! Rigid bodies and colliders from the plan: each body's mass from its Solids' Physics nodes, its
//! colliders from their bounding objects, its damping and sleeping settings; kinematic Solids' bounding
//! objects as static colliders, or as kinematic bodies that follow the body above them.

use nalgebra::{Isometry3, Point3};
use rapier3d_f64::prelude::*;

use super::contacts::{ColliderTag, Materials};
use super::engine::{Engine, WorldParams};
use super::mass::PhysicsFields;
use super::plan::{Attach, BodyPlan, StaticPlan};
use crate::world::geometry::convert::{na_point, pose as engine_pose};
use crate::world::geometry::shapes::{bounding_shapes, BoundingShape};
use crate::world::scene::{NodeId, Scene, SyncedField};

/// One Solid of a body.
#[derive(Clone, Debug)]
pub struct Member {
    pub solid: NodeId,
    /// The Solid's frame in the body's frame.
    pub offset: Isometry3<f64>,
    pub mass: f64,
    /// The Solid's own centre of mass, in its frame.
    pub com: Point3<f64>,
}

pub struct Body {
    pub handle: RigidBodyHandle,
    pub solid: NodeId,
    pub members: Vec<Member>,
    pub above: Option<usize>,
    /// The frame the Solid's translation and rotation are written in: relative to the body `above`,
    /// or in world coordinates when there is none.
    pub parent_frame: Isometry3<f64>,
    pub translation: Option<SyncedField>,
    pub rotation: Option<SyncedField>,
    /// Welded to the world: a fixed body that never moves.
    pub fixed: bool,
}

/// A kinematic Solid's bounding object.
pub struct Static {
    pub solid: NodeId,
    /// The body it follows, and its frame in that body's frame.
    pub follows: Option<(usize, Isometry3<f64>)>,
    /// The kinematic body carrying the colliders of a follower.
    pub carrier: Option<RigidBodyHandle>,
    /// Colliders of a static Solid (no carrier), with their pose in the Solid's frame.
    pub colliders: Vec<(ColliderHandle, Isometry3<f64>)>,
}

/// What is shared while building: the engine, the collider tags' tables and the warnings.
pub struct Builder<'a> {
    pub engine: &'a mut Engine,
    pub world: &'a WorldParams,
    pub materials: &'a mut Materials,
    /// Collider tag index → Solid.
    pub solids: &'a mut Vec<NodeId>,
    /// Robots seen so far (collider tags number them from 1).
    pub robots: &'a mut Vec<NodeId>,
    pub warnings: &'a mut Vec<String>,
}

impl Builder<'_> {
    pub fn body(&mut self, scene: &mut Scene, plan: &BodyPlan, jointed_to_world: bool) -> Body {
        let pose = scene.global_pose(plan.solid);
        let mut members = Vec::new();
        let mut mass = nalgebra::zero::<MassProperties>();
        let mut colliders = Vec::new();
        // volume-weighted damping of the members that have a Damping node
        let (mut volume, mut damped_volume, mut linear, mut angular) = (0.0, 0.0, 0.0, 0.0);
        for &solid in &plan.members {
            let offset = pose.inverse() * scene.global_pose(solid);
            let who = scene.describe(solid);
            let shapes = self.shapes(scene, solid, true);
            let fields = match scene.sf_node(solid, "physics") {
                Some(p) => PhysicsFields::read(scene, p, &format!("{who} > Physics"), self.warnings),
                None => continue,
            };
            let own = fields.mass_properties(&shapes, &who, self.warnings);
            let member_volume: f64 = shapes.iter().map(|s| s.shape.mass_properties(1.0).mass()).sum();
            volume += member_volume;
            if let Some(d) = fields.damping {
                damped_volume += member_volume;
                linear += member_volume * scene.sf_float(d, "linear");
                angular += member_volume * scene.sf_float(d, "angular");
            }
            mass += own.transform_by(&engine_pose(&offset));
            members.push(Member { solid, offset, mass: own.mass(), com: na_point(own.local_com) });
            let tag = self.tag(scene, solid, plan.robot, jointed_to_world);
            colliders.extend(shapes.into_iter().map(|s| (offset * s.pose, s.shape, tag)));
        }
        let damping = if damped_volume > 0.0 && volume > 0.0 {
            Some((linear / volume, angular / volume))
        } else if damped_volume > 0.0 {
            Some((linear, angular))
        } else {
            self.world.default_damping
        };
        let builder =
            if plan.attach == Attach::Fixed(None) { RigidBodyBuilder::fixed() } else { RigidBodyBuilder::dynamic() };
        let (lin, ang) = (scene.sf_vec3(plan.solid, "linearVelocity"), scene.sf_vec3(plan.solid, "angularVelocity"));
        let (lin_damping, ang_damping) = damping.unwrap_or((0.0, 0.0));
        let body = builder
            .pose(engine_pose(&pose))
            .additional_mass_properties(mass)
            .linvel(Vector::from_array(lin))
            .angvel(Vector::from_array(ang))
            .linear_damping(self.world.damping_coefficient(lin_damping))
            .angular_damping(self.world.damping_coefficient(ang_damping))
            // ODE puts no cap on a body's rotation rate (rapier holds it to 45° a step unless allowed):
            // a wheel at 100 rad/s turns at 100 rad/s, not at π/4 per basic time step
            .allow_fast_rotation(true)
            .build();
        let com = mass.local_com;
        let extent = colliders
            .iter()
            .map(|(pose, shape, _)| {
                let sphere = shape.compute_local_bounding_sphere().transform_by(&engine_pose(pose));
                (sphere.center - com).length() + sphere.radius
            })
            .fold(0.0, f64::max);
        let handle = self.engine.bodies.insert(body);
        if let Some(rb) = self.engine.bodies.get_mut(handle) {
            *rb.activation_mut() = Engine::activation(self.world, extent);
        }
        for (pose, shape, tag) in colliders {
            self.insert_collider(shape, pose, tag, Some(handle));
        }
        let parent = scene.node(plan.solid).and_then(|n| n.parent);
        let parent_global = parent.map_or_else(Isometry3::identity, |p| scene.global_pose(p));
        Body {
            handle,
            solid: plan.solid,
            members,
            above: plan.above,
            parent_frame: parent_global,
            translation: scene.synced_field(plan.solid, "translation"),
            rotation: scene.synced_field(plan.solid, "rotation"),
            fixed: plan.attach == Attach::Fixed(None),
        }
    }

    pub fn static_solid(&mut self, scene: &Scene, plan: &StaticPlan, followed: Option<(usize, &Body)>) -> Static {
        let pose = scene.global_pose(plan.solid);
        let shapes = self.shapes(scene, plan.solid, false);
        let tag = self.tag(scene, plan.solid, plan.robot, false);
        match followed {
            Some((b, body)) => {
                let body_pose = self.engine.pose_of(body.handle);
                let carrier = self
                    .engine
                    .bodies
                    .insert(RigidBodyBuilder::kinematic_position_based().pose(engine_pose(&pose)).build());
                for s in shapes {
                    self.insert_collider(s.shape, s.pose, tag, Some(carrier));
                }
                Static {
                    solid: plan.solid,
                    follows: Some((b, body_pose.inverse() * pose)),
                    carrier: Some(carrier),
                    colliders: Vec::new(),
                }
            }
            None => {
                let colliders = shapes
                    .into_iter()
                    .map(|s| (self.insert_collider(s.shape, pose * s.pose, tag, None), s.pose))
                    .collect();
                Static { solid: plan.solid, follows: None, carrier: None, colliders }
            }
        }
    }

    /// The Solid's bounding shapes, with a warning for each unusable one (Webots' for degenerate ones) and (in a dynamic Solid)
    /// planes, which are left out.
    pub(super) fn shapes(&mut self, scene: &Scene, solid: NodeId, dynamic: bool) -> Vec<BoundingShape> {
        let mut unusable = Vec::new();
        let mut shapes = bounding_shapes(scene, solid, &mut unusable);
        for u in unusable {
            self.warnings.push(format!("{}: {}", scene.describe(solid), u.why));
        }
        // what the engine can represent (README, Reliability): parry's contact solvers fail on larger shapes
        shapes.retain(|s| {
            let aabb = s.shape.compute_aabb(&engine_pose(&s.pose));
            let extent = aabb.mins.abs().max(aabb.maxs.abs()).max_element();
            let fits = s.is_plane() || extent <= crate::world::physics::bounds::MAX_LENGTH;
            if !fits {
                self.warnings.push(format!(
                    "{}: The {} in 'boundingObject' reaches {} m from the Solid, beyond the physics engine's bound \
                     of {} m: it is left out.",
                    scene.describe(solid),
                    scene.type_name(s.node),
                    crate::c_format::g(extent),
                    crate::c_format::g(crate::world::physics::bounds::MAX_LENGTH)
                ));
            }
            fits
        });
        // an ElevationGrid collides as its triangles: the engine has no contacts between a height field and a
        // triangle mesh (a dynamic IndexedFaceSet or Mesh), which ODE makes
        for s in &mut shapes {
            if let Some((vertices, indices)) = s.shape.as_heightfield().map(|f| f.to_trimesh()) {
                if let Ok(mesh) = SharedShape::trimesh(vertices, indices) {
                    s.shape = mesh;
                }
            }
        }
        if dynamic && shapes.iter().any(BoundingShape::is_plane) {
            self.warnings.push(format!(
                "{}: A Plane defined in 'boundingObject' cannot be used with a Physics node.",
                scene.describe(solid)
            ));
            shapes.retain(|s| !s.is_plane());
        }
        shapes
    }

    fn tag(&mut self, scene: &Scene, solid: NodeId, robot: Option<NodeId>, jointed_to_world: bool) -> ColliderTag {
        self.solids.push(solid);
        let robot = robot.map_or(0, |r| match self.robots.iter().position(|&x| x == r) {
            Some(i) => i as u32 + 1,
            None => {
                self.robots.push(r);
                self.robots.len() as u32
            }
        });
        let material = self.materials.index(&scene.sf_string(solid, "contactMaterial"));
        let touch_sensor = scene.type_name(solid) == "TouchSensor";
        ColliderTag { solid: (self.solids.len() - 1) as u32, robot, material, jointed_to_world, touch_sensor }
    }

    pub(super) fn insert_collider(
        &mut self,
        shape: SharedShape,
        pose: Isometry3<f64>,
        tag: ColliderTag,
        parent: Option<RigidBodyHandle>,
    ) -> ColliderHandle {
        let mut hooks = ActiveHooks::empty();
        if tag.robot != 0 || tag.jointed_to_world {
            hooks |= ActiveHooks::FILTER_CONTACT_PAIRS;
        }
        // every contact's depth is shown to the solver through ODE's spring (soft_contacts), and its
        // surface is its materials' ContactProperties
        hooks |= ActiveHooks::MODIFY_SOLVER_CONTACTS;
        let types = if tag.touch_sensor { ActiveCollisionTypes::all() } else { ActiveCollisionTypes::default() };
        let collider = ColliderBuilder::new(shape)
            .active_collision_types(types)
            .position(engine_pose(&pose))
            .density(0.0)
            .friction(super::contacts::DEFAULT_SURFACE.friction)
            .restitution(super::contacts::DEFAULT_SURFACE.bounce)
            .user_data(tag.pack())
            .active_hooks(hooks)
            .build();
        match parent {
            Some(p) => self.engine.colliders.insert_with_parent(collider, p, &mut self.engine.bodies),
            None => self.engine.colliders.insert(collider),
        }
    }
}
