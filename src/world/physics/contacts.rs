//! Contacts: which pairs collide (spec motion §1.6: a robot's own Solids only with `selfCollision`,
//! nothing between a body jointed to the world and the static world), the ContactProperties of each
//! pair of materials (friction, bounce and its velocity threshold), and the contact points of the last
//! step.

use rapier3d_f64::prelude::*;
use smallvec::SmallVec;

use super::rolling_contacts::rolling_offset;
use super::soft_contacts::{depth_scale, ode_stiffness, projected_mass, seen_depth, Loads};
use crate::world::scene::{NodeId, Scene};

/// What a collider carries in its `user_data`: the Solid it belongs to (index into `Physics`'s solid
/// table), its robot (0 = none, else index + 1), its material, and whether its body hangs from the world
/// by a joint, and whether it is a TouchSensor's (it then meets static and kinematic geometry too).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColliderTag {
    pub solid: u32,
    pub robot: u32,
    pub material: u16,
    pub jointed_to_world: bool,
    pub touch_sensor: bool,
}

impl ColliderTag {
    pub fn pack(self) -> u128 {
        u128::from(self.solid)
            | (u128::from(self.robot) << 32)
            | (u128::from(self.material) << 64)
            | (u128::from(self.jointed_to_world) << 80)
            | (u128::from(self.touch_sensor) << 81)
    }

    pub fn unpack(data: u128) -> ColliderTag {
        ColliderTag {
            solid: data as u32,
            robot: (data >> 32) as u32,
            material: (data >> 64) as u16,
            jointed_to_world: (data >> 80) & 1 == 1,
            touch_sensor: (data >> 81) & 1 == 1,
        }
    }
}

/// One ContactProperties node.
#[derive(Clone, Debug, PartialEq)]
pub struct Surface {
    pub friction: f64,
    pub bounce: f64,
    pub bounce_velocity: f64,
    /// `softERP` and `softCFM`: the contact's spring (see `soft_contacts`).
    pub soft_erp: f64,
    pub soft_cfm: f64,
    /// `rollingFriction` (rho, rho2, rhoN, in m; infinite for -1): see `rolling_friction`.
    pub rolling: [f64; 3],
}

/// Webots' surface between two materials no ContactProperties names.
pub const DEFAULT_SURFACE: Surface =
    Surface { friction: 1.0, bounce: 0.5, bounce_velocity: 0.01, soft_erp: 0.2, soft_cfm: 0.001, rolling: [0.0; 3] };

/// Friction used for `coulombFriction -1` (infinite in ODE).
const INFINITE_FRICTION: f64 = 1e9;

/// Materials by name, and the ContactProperties of pairs of them.
#[derive(Clone, Debug, Default)]
pub struct Materials {
    names: Vec<String>,
    /// (material a, material b, surface), a ≤ b, in WorldInfo order (the first match wins).
    pairs: Vec<(u16, u16, Surface)>,
}

impl Materials {
    pub fn read(scene: &Scene) -> Materials {
        let mut m = Materials { names: vec!["default".to_string()], pairs: Vec::new() };
        let Some(info) = scene.world_info_node() else { return m };
        for c in scene.mf_node(info, "contactProperties") {
            let a = m.index(&scene.sf_string(c, "material1"));
            let b = m.index(&scene.sf_string(c, "material2"));
            let friction = scene.mf_float(c, "coulombFriction").first().copied().unwrap_or(1.0);
            let surface = Surface {
                friction: if friction < 0.0 { INFINITE_FRICTION } else { friction },
                bounce: scene.sf_float(c, "bounce").clamp(0.0, 1.0),
                bounce_velocity: scene.sf_float(c, "bounceVelocity"),
                soft_erp: scene.sf_float(c, "softERP"),
                soft_cfm: scene.sf_float(c, "softCFM"),
                rolling: super::rolling_friction::coefficients(scene.sf_vec3(c, "rollingFriction")),
            };
            m.pairs.push((a.min(b), a.max(b), surface));
        }
        m
    }

    /// The index of a material name (new names are added).
    pub fn index(&mut self, name: &str) -> u16 {
        match self.names.iter().position(|n| n == name) {
            Some(i) => i as u16,
            None => {
                self.names.push(name.to_string());
                (self.names.len() - 1) as u16
            }
        }
    }

    /// The stiffest contact spring (N/m) of any pair, Webots' default one included, at time step `dt`.
    pub fn stiffest(&self, dt: f64) -> f64 {
        std::iter::once(&DEFAULT_SURFACE)
            .chain(self.pairs.iter().map(|(_, _, s)| s))
            .map(|s| ode_stiffness(s.soft_erp, s.soft_cfm, dt))
            .fold(0.0, f64::max)
    }

    /// Whether any pair has rolling or spinning friction (the step then applies it).
    pub fn any_rolling(&self) -> bool {
        self.pairs.iter().any(|(_, _, s)| s.rolling != [0.0; 3])
    }

    pub fn surface(&self, a: u16, b: u16) -> &Surface {
        let (a, b) = (a.min(b), a.max(b));
        self.pairs.iter().find(|(x, y, _)| *x == a && *y == b).map_or(&DEFAULT_SURFACE, |(_, _, s)| s)
    }
}

/// The engine's callbacks: pair filtering and per-pair surfaces.
pub struct Hooks {
    pub materials: Materials,
    /// Per robot (index), whether its Solids collide with each other.
    pub self_collision: Vec<bool>,
    /// The basic time step (s) and the engine's native contact spring's angular frequency² (see
    /// `soft_contacts`).
    pub dt: f64,
    /// The engine's substeps per step (see `rolling_contacts`).
    pub substeps: usize,
    pub native_omega2: f64,
    /// What each pair's points carried at the last step.
    pub loads: Loads,
    /// Bodies a link holds (connectors, vacuum grippers, force sensors' welds): their contacts cannot
    /// relax, and the lagged share of `seen_depth` would push them harder than ODE's spring.
    pub held: std::collections::HashSet<RigidBodyHandle>,
}

impl PhysicsHooks for Hooks {
    fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
        let tag = |h: ColliderHandle| context.colliders.get(h).map(|c| ColliderTag::unpack(c.user_data));
        let (Some(a), Some(b)) = (tag(context.collider1), tag(context.collider2)) else {
            return Some(SolverFlags::COMPUTE_RIGID_IMPULSES);
        };
        if a.robot != 0
            && a.robot == b.robot
            && !self.self_collision.get(a.robot as usize - 1).copied().unwrap_or(false)
        {
            return None;
        }
        // a geometry with no body of its own in Webots: a static collider or a kinematic Solid's carrier (a
        // body welded to the world, as a Solid with physics under a static robot, is an ODE body and meets
        // bodies hung from the world like any other)
        let is_static =
            |h: Option<RigidBodyHandle>| h.and_then(|h| context.bodies.get(h)).is_none_or(|b| b.is_kinematic());
        if (a.jointed_to_world && is_static(context.rigid_body2))
            || (b.jointed_to_world && is_static(context.rigid_body1))
        {
            return None;
        }
        Some(SolverFlags::COMPUTE_RIGID_IMPULSES)
    }

    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let tag = |h: ColliderHandle| context.colliders.get(h).map(|c| ColliderTag::unpack(c.user_data));
        let (Some(a), Some(b)) = (tag(context.collider1), tag(context.collider2)) else { return };
        let surface = self.materials.surface(a.material, b.material);
        let (bodies, body1, body2) = (context.bodies, context.rigid_body1, context.rigid_body2);
        let velocity_at = |h: Option<RigidBodyHandle>, p: Vector| {
            h.and_then(|h| bodies.get(h)).map_or(Vector::ZERO, |b| b.velocity_at_point(p))
        };
        let ModifiableContacts::Rigid(m) = &mut context.contacts else { return };
        *m.friction = surface.friction;
        let k = ode_stiffness(surface.soft_erp, surface.soft_cfm, self.dt);
        let held = [body1, body2].into_iter().flatten().any(|h| self.held.contains(&h));
        let normal = *m.normal;
        let load = self.loads.per_point(body1, body2, normal);
        // each point's projected mass, worked out once for its depth and its bounce
        let masses: SmallVec<[f64; 8]> = m
            .solver_contacts
            .iter()
            .map(|c| projected_mass(bodies, (body1, c.anchor1), (body2, c.anchor2), normal))
            .collect();
        for (c, &r) in m.solver_contacts.iter_mut().zip(&masses) {
            c.dist = if !held {
                seen_depth(c.dist, k, r, self.native_omega2, self.dt, load)
            } else if c.dist < 0.0 {
                c.dist * depth_scale(k, r, self.native_omega2)
            } else {
                c.dist
            };
        }
        // ODE bounces only contacts approaching faster than bounceVelocity (rapier sets restitution per
        // manifold: the fastest-approaching point decides, with its projected mass); the anchors are world
        // points in this hook
        let (approach, r) = m
            .solver_contacts
            .iter()
            .zip(&masses)
            .map(|(c, &r)| ((velocity_at(body1, c.anchor1) - velocity_at(body2, c.anchor2)).dot(normal), r))
            .fold((f64::NEG_INFINITY, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        let e = effective_bounce(surface.bounce, surface.soft_cfm, self.dt, r);
        // a round shape turning on its contact keeps touching where it touched (see `rolling_contacts`); each
        // side's shape, pose and turn are the same for every point of the manifold
        let turning = |collider: ColliderHandle, body: Option<RigidBodyHandle>| {
            let c = context.colliders.get(collider)?;
            let b = body.and_then(|h| bodies.get(h)).filter(|b| b.is_dynamic())?;
            Some((c.shape(), c.position(), b.angvel()))
        };
        let sides = [(turning(context.collider1, body1), normal), (turning(context.collider2, body2), -normal)];
        if sides.iter().any(|(side, _)| side.is_some()) {
            for c in m.solver_contacts.iter_mut() {
                let offset: f64 = sides
                    .iter()
                    .zip([c.anchor1, c.anchor2])
                    .map(|((side, n_out), anchor)| {
                        side.map_or(0.0, |(shape, pose, angvel)| {
                            rolling_offset(shape, pose, angvel, anchor, *n_out, self.dt, self.substeps)
                        })
                    })
                    .sum();
                c.dist -= offset;
            }
        }
        *m.restitution = if approach > surface.bounce_velocity { e } else { 0.0 };
    }
}

/// The restitution ODE's bounce amounts to on a soft contact. ODE aims the contact's normal row at
/// `bounce` times the approach speed, but its `softCFM` gives way to that target: the row ends the step
/// at `(u + κ·target) / (1 + κ)` of the approach `u < 0`, with `κ = h / (r · CFM)` for the contact's
/// projected mass `r` (ODE's manual, "Soft constraint and constraint force mixing"). So the outgoing
/// speed is `(κ·bounce − 1) / (1 + κ)` of the incoming one: a light body bounces nearly `bounce`, a heavy
/// one far less or not at all (then the contact's spring pushes it out).
pub fn effective_bounce(bounce: f64, soft_cfm: f64, dt: f64, projected_mass: f64) -> f64 {
    if projected_mass.is_nan() || projected_mass <= 0.0 {
        return bounce;
    }
    let kappa = dt / (projected_mass * soft_cfm.max(1e-12));
    ((kappa * bounce - 1.0) / (1.0 + kappa)).clamp(0.0, bounce)
}

/// A contact point of the last step, in world coordinates, with the Solid whose geometry it touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint {
    pub point: [f64; 3],
    pub solid: NodeId,
}

/// Every contact point of the last step (touching, or pushed on by the solver), once per Solid it involves (a point between two Solids is
/// listed for each of them). `solids` maps a collider tag's solid index to its node.
pub fn contact_points(narrow_phase: &NarrowPhase, colliders: &ColliderSet, solids: &[NodeId]) -> Vec<ContactPoint> {
    let mut out = Vec::new();
    for pair in narrow_phase.contact_pairs() {
        let (Some(c1), Some(c2)) = (colliders.get(pair.collider1), colliders.get(pair.collider2)) else { continue };
        let s1 = solids.get(ColliderTag::unpack(c1.user_data).solid as usize).copied();
        let s2 = solids.get(ColliderTag::unpack(c2.user_data).solid as usize).copied();
        for manifold in pair.manifolds() {
            for contact in &manifold.points {
                // a point the solver pushed on is a contact even where it kept the two apart (rapier meets a
                // fast impact before it penetrates; ODE's contact joint there is the penetrating one)
                if contact.dist > 0.0 && contact.data.impulse <= 0.0 {
                    continue;
                }
                let p1 = c1.position().transform_point(contact.local_p1);
                let p2 = c2.position().transform_point(contact.local_p2);
                let mid = (p1 + p2) / 2.0;
                for solid in [s1, s2].into_iter().flatten() {
                    out.push(ContactPoint { point: [mid.x, mid.y, mid.z], solid });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_soft_contact_bounces_less_the_heavier_its_body() {
        // Webots' default surface at 16 ms: κ = 0.016 / (m · 0.001)
        let e = |m: f64| effective_bounce(0.5, 0.001, 0.016, m);
        assert!((e(0.01) - (800.0 - 1.0) / 1601.0).abs() < 1e-12);
        assert!((e(5.0) - (1.6 - 1.0) / 4.2).abs() < 1e-12);
        assert_eq!(e(32.0), 0.0, "κ·bounce under 1: the row never reaches its target");
        assert!(e(1e-9) < 0.5 && e(1e-9) > 0.4999);
        assert_eq!(e(f64::INFINITY), 0.0);
        assert_eq!(e(f64::NAN), 0.5);
    }

    #[test]
    fn tags_round_trip() {
        let t = ColliderTag { solid: 123_456, robot: 7, material: 3, jointed_to_world: true, touch_sensor: false };
        assert_eq!(ColliderTag::unpack(t.pack()), t);
        let t = ColliderTag {
            solid: u32::MAX,
            robot: u32::MAX,
            material: u16::MAX,
            jointed_to_world: false,
            touch_sensor: true,
        };
        assert_eq!(ColliderTag::unpack(t.pack()), t);
    }

    #[test]
    fn the_first_matching_contact_properties_win_in_either_order() {
        let mut m = Materials::default();
        let (rubber, ice) = (m.index("rubber"), m.index("ice"));
        m.pairs.push((rubber.min(ice), rubber.max(ice), Surface { friction: 0.1, ..DEFAULT_SURFACE }));
        m.pairs.push((rubber.min(ice), rubber.max(ice), Surface { friction: 0.9, ..DEFAULT_SURFACE }));
        assert_eq!(m.surface(ice, rubber).friction, 0.1);
        assert_eq!(m.surface(rubber, rubber), &DEFAULT_SURFACE);
    }
}
