//! Joint drives, springs and dampers solved per axis (spec motion §2.5, §3.4). Within one step a motor's
//! joint rate reaches the commanded velocity as far as the available force allows, as ODE's motor row
//! does. rapier solves a joint's motor apart from its locked axes, with the child's inertia about its
//! own centre of mass, so a link whose centre of mass is off the axis lags behind every change of
//! commanded velocity, sags under its weight, and the engine's last substep says little of the torque
//! spent. So before each step, for the joint's two sides taken as rigid bodies (the bodies each side
//! reaches through other joints and welds moving with it): the weight on the axis and the spring and
//! damper's pull are held by a force through the step, and an impulse solved exactly brings the rate
//! to the target. The engine's own motor keeps the force left against what no side foresees (a
//! wheel's contacts), on the axes where it can: sliders, and hinges whose end body's centre of mass is
//! on the axis.

use nalgebra::{Isometry3, Matrix3, Point3, SMatrix, SVector, Vector3};
use rapier3d_f64::prelude::*;

use super::body_math::BodyMath;
use super::engine::Engine;
use super::plan::{Attach, Plan};
use crate::world::geometry::convert::{na_matrix, na_point};
use crate::world::physics::bounds;

type Jacobian = SMatrix<f64, 6, 6>;

/// How many times per step the drives are solved in turn (a drive's impulse moves the bodies another
/// drive acts on).
pub const SWEEPS: usize = 2;

/// The bodies moving with each side of a joint.
#[derive(Clone, Debug, PartialEq)]
pub struct Sides {
    /// The upper side's bodies; `upper_fixed` when it holds the world or a body welded to it.
    pub upper: Vec<RigidBodyHandle>,
    pub upper_fixed: bool,
    pub lower: Vec<RigidBodyHandle>,
}

/// Per joint of `plan` (same order), its sides; `None` when the joint closes a loop or both sides are
/// fixed (no velocity of its own to set). `handles[b]` is body `b`'s engine body. `passive[j]`: joint
/// `j` has no motor, spring or damper, so a motor's impulse elsewhere does not turn what hangs from it
/// (a pole on a free hinge keeps its own rotation while the body under it recoils); its far side is
/// left to the engine's joint solver, unless leaving it out would cut a side from the world.
pub fn sides(plan: &Plan, handles: &[RigidBodyHandle], passive: &[bool]) -> Vec<Option<Sides>> {
    let everything = sides_across(plan, handles, &[]);
    let rigid_only = sides_across(plan, handles, passive);
    everything
        .into_iter()
        .zip(rigid_only)
        .map(|(all, rigid)| match (all, rigid) {
            (Some(all), Some(rigid)) if all.upper_fixed == rigid.upper_fixed => Some(rigid),
            (all, _) => all,
        })
        .collect()
}

fn sides_across(plan: &Plan, handles: &[RigidBodyHandle], passive: &[bool]) -> Vec<Option<Sides>> {
    let n = plan.bodies.len();
    // edges: (a, b, which joint, if any)
    let mut edges: Vec<(Option<usize>, usize, Option<usize>)> =
        plan.joints.iter().enumerate().map(|(j, p)| (p.upper, p.end, Some(j))).collect();
    for (b, body) in plan.bodies.iter().enumerate() {
        if let Attach::Fixed(to) = body.attach {
            edges.push((to, b, None));
        }
    }
    // the world is node n
    let node = |b: Option<usize>| b.unwrap_or(n);
    let reach = |start: usize, skip: usize| -> Vec<bool> {
        let mut seen = vec![false; n + 1];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(x) = stack.pop() {
            for &(a, b, j) in &edges {
                if j == Some(skip) || j.is_some_and(|j| passive.get(j).copied().unwrap_or(false)) {
                    continue;
                }
                let (a, b) = (node(a), b);
                for (from, to) in [(a, b), (b, a)] {
                    if from == x && !seen[to] {
                        seen[to] = true;
                        stack.push(to);
                    }
                }
            }
        }
        seen
    };
    plan.joints
        .iter()
        .enumerate()
        .map(|(j, p)| {
            let lower = reach(p.end, j);
            let upper = reach(node(p.upper), j);
            if lower[node(p.upper)] || lower[n] {
                return None;
            }
            let list = |seen: &[bool]| (0..n).filter(|&b| seen[b]).map(|b| handles[b]).collect::<Vec<_>>();
            Some(Sides { upper: list(&upper), upper_fixed: upper[n], lower: list(&lower) })
        })
        .collect()
}

/// Gives every body its mass properties now (the engine would at its first step, after the first
/// velocity step has needed them).
pub fn settle_masses(engine: &mut Engine) {
    for (_, rb) in engine.bodies.iter_mut() {
        rb.recompute_mass_properties_from_colliders(&engine.colliders);
    }
}

/// One side as a rigid body: its mass, centre of mass and inverse inertia (world frame); `None` when
/// it cannot move.
struct Rigid {
    inv_mass: f64,
    com: Point3<f64>,
    inv_inertia: Matrix3<f64>,
}

/// One body of a side: its mass properties in the world frame.
struct Part {
    inv_mass: f64,
    com: Point3<f64>,
    inertia: Matrix3<f64>,
    inv_inertia: Matrix3<f64>,
}

fn rigid(engine: &Engine, handles: &[RigidBodyHandle]) -> Option<Rigid> {
    let mut parts: smallvec::SmallVec<[Part; 4]> = smallvec::SmallVec::with_capacity(handles.len());
    for h in handles {
        let rb = engine.bodies.get(*h)?;
        if !rb.is_dynamic() {
            return None;
        }
        let part = rb.mass_properties().local_mprops.transform_by(rb.position());
        if part.inv_mass > 0.0 {
            parts.push(Part {
                inv_mass: part.inv_mass,
                com: na_point(part.local_com),
                inertia: na_matrix(&part.reconstruct_inertia_matrix()),
                inv_inertia: na_matrix(&part.reconstruct_inverse_inertia_matrix()),
            });
        }
    }
    if let [only] = parts.as_slice() {
        return Some(Rigid { inv_mass: only.inv_mass, com: only.com, inv_inertia: only.inv_inertia });
    }
    // summed as tensors about the common centre (parallel axes) and inverted once: adding mass
    // properties would diagonalise each partial sum
    let mass: f64 = parts.iter().map(|p| 1.0 / p.inv_mass).sum();
    if mass <= 0.0 || !mass.is_finite() {
        return None;
    }
    let com = parts.iter().fold(Vector3::zeros(), |c, p| c + p.com.coords / p.inv_mass) / mass;
    let mut inertia = Matrix3::zeros();
    for p in &parts {
        let d = p.com.coords - com;
        inertia += p.inertia + (Matrix3::identity() * d.norm_squared() - d * d.transpose()) / p.inv_mass;
    }
    Some(Rigid { inv_mass: 1.0 / mass, com: Point3::from(com), inv_inertia: inertia.try_inverse()? })
}

/// The rows of the joint at `frame` (world; x along its axis) for a side at `com`: linear along x, y,
/// z of the frame at its origin, then angular about them; `sign` -1 for the upper side.
fn rows(frame: &Isometry3<f64>, com: &Point3<f64>, sign: f64) -> Jacobian {
    let r = frame.translation.vector - com.coords;
    let basis = frame.rotation.to_rotation_matrix().into_inner();
    let mut j = Jacobian::zeros();
    for k in 0..3 {
        let n: Vector3<f64> = basis.column(k).into();
        let lin = [n, r.cross(&n)];
        for (c, v) in lin.iter().enumerate() {
            j.fixed_view_mut::<1, 3>(k, 3 * c).copy_from(&(v * sign).transpose());
        }
        j.fixed_view_mut::<1, 3>(k + 3, 3).copy_from(&(n * sign).transpose());
    }
    j
}

fn mobility(j: &Jacobian, side: &Rigid) -> Jacobian {
    let mut inv_mass = Jacobian::zeros();
    inv_mass.fixed_view_mut::<3, 3>(0, 0).copy_from(&(Matrix3::identity() * side.inv_mass));
    inv_mass.fixed_view_mut::<3, 3>(3, 3).copy_from(&side.inv_inertia);
    inv_mass * j.transpose()
}

/// What an axis' step gives its joint: an impulse applied at once (a motor's rate reaches its target)
/// and a force or torque held through the step, both toward increasing position. The held effort is
/// a force `push` on the joint's end body at its centre of mass `at` (the other body takes the opposite
/// one at the same point): a couple would be read by the engine's motor as a change of rate and undone,
/// unless that centre lies on a hinge's axis (a wheel), where the effort is the couple `couple`.
/// `force` is the motor's share of it (what feedback reports), the rest being the spring and damper.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Effort {
    pub impulse: f64,
    pub force: f64,
    pub push: Vector3<f64>,
    pub at: Point3<f64>,
    pub couple: Vector3<f64>,
}

impl Effort {
    /// The held part as a push at the end body's centre of mass, or a couple when that centre is on a
    /// hinge's axis.
    fn holding(impulse: f64, force: f64, held: f64, frame: &Isometry3<f64>, row: usize, end: &EndBody) -> Effort {
        let axis: Vector3<f64> = frame.rotation * Vector3::x();
        let mut effort = Effort { impulse, force, at: end.com, ..Default::default() };
        if row == 0 {
            effort.push = axis * held;
        } else if end.off_axis {
            // the centre of mass moves along a × r: a force f / |a × r|² · (a × r) there gives the torque f
            let t = axis.cross(&(end.com - Point3::from(frame.translation.vector)));
            effort.push = t * (held / t.norm_squared());
        } else {
            effort.couple = axis * held;
        }
        effort
    }
}

/// The joint's end body: its centre of mass (world) and whether it lies off a hinge's axis.
#[derive(Clone, Copy, Debug)]
pub struct EndBody {
    pub com: Point3<f64>,
    pub off_axis: bool,
}

/// What drives an axis this step, with its spring and damper (brake included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisState {
    /// 0: linear along the axis (slider), 3: angular about it (hinge).
    pub row: usize,
    pub position: f64,
    pub rate: f64,
    pub spring: f64,
    pub damping: f64,
    /// A force or torque applied besides (force control).
    pub torque: f64,
    /// A motor's velocity and force cap, if it drives the axis in position or velocity control.
    pub motor: Option<(f64, f64)>,
}

/// The joint seen along one axis with the two sides rigid: the rate change per unit impulse along it
/// (the other five rows held) and the rate the sides' weight gives it per second. Made once per step
/// (the sweeps only change velocities).
pub struct Model {
    upper: Option<(Rigid, Jacobian)>,
    lower: Rigid,
    lower_mobility: Jacobian,
    locked: [usize; 5],
    spread: SVector<f64, 5>,
    s: f64,
    sag: f64,
}

impl Model {
    /// `held`: the upper side is taken as fixed (see `grounded`).
    fn of(engine: &Engine, sides: &Sides, frame: &Isometry3<f64>, row: usize, held: bool) -> Option<Model> {
        let upper = if sides.upper_fixed || held { None } else { Some(rigid(engine, &sides.upper)?) };
        let lower = rigid(engine, &sides.lower)?;
        let gravity = engine.gravity;
        let fall = |j: &Jacobian| j.fixed_view::<6, 3>(0, 0) * gravity;
        let jb = rows(frame, &lower.com, 1.0);
        let lower_mobility = mobility(&jb, &lower);
        let mut k = jb * lower_mobility;
        let mut u = fall(&jb);
        let upper = upper.map(|side| {
            let ja = rows(frame, &side.com, -1.0);
            let ma = mobility(&ja, &side);
            k += ja * ma;
            u += fall(&ja);
            (side, ma)
        });
        let mut locked = [0; 5];
        for (slot, r) in locked.iter_mut().zip((0..6).filter(|&r| r != row)) {
            *slot = r;
        }
        let k_ll = SMatrix::<f64, 5, 5>::from_fn(|a, b| k[(locked[a], locked[b])]);
        let k_lm = SVector::<f64, 5>::from_fn(|a, _| k[(locked[a], row)]);
        let u_l = SVector::<f64, 5>::from_fn(|a, _| u[locked[a]]);
        let spread = k_ll.try_inverse()? * k_lm;
        // a Schur complement: the axis' inverse effective mass with the other rows held
        let s = k[(row, row)] - k_lm.dot(&spread);
        let sag = u[row] - spread.dot(&u_l);
        (s > 0.0 && s.is_finite() && sag.is_finite()).then_some(Model {
            upper,
            lower,
            lower_mobility,
            locked,
            spread,
            s,
            sag,
        })
    }

    /// The sides' velocities change as an impulse `impulse` along the axis makes them.
    fn apply(&self, engine: &mut Engine, sides: &Sides, row: usize, impulse: f64) {
        let mut impulses = SVector::<f64, 6>::zeros();
        impulses[row] = impulse;
        for (a, &r) in self.locked.iter().enumerate() {
            impulses[r] = -self.spread[a] * impulse;
        }
        add_velocity(engine, &sides.lower, &self.lower, &(self.lower_mobility * impulses));
        if let Some((side, ma)) = &self.upper {
            add_velocity(engine, &sides.upper, side, &(ma * impulses));
        }
    }
}

/// One axis' step for `dt` s (spec motion §2.5, §3.4). A motor holds the sides' weight and the spring
/// and damper's pull (within its cap), then an impulse brings the rate to the motor's velocity with
/// the force left. Without a motor, the spring and damper's force over the step is the constant one
/// that ends the step at the rate the exact motion would (stable however stiff). `before` is what earlier sweeps of this step
/// gave (the drives of a robot are swept in turn until they agree): the motor's impulse adds to it,
/// within the cap. Nothing when a side cannot be solved for.
pub fn step_axis(
    engine: &mut Engine,
    (sides, model): (&Sides, &mut Option<Model>),
    frame: &Isometry3<f64>,
    axis: &AxisState,
    (dt, end): (f64, &EndBody),
    before: &Effort,
) -> Effort {
    if model.is_none() {
        let held = end.off_axis && !sides.upper_fixed && grounded(engine, &sides.upper);
        *model = Model::of(engine, sides, frame, axis.row, held);
    }
    let Some(model) = model.as_ref() else { return *before };
    let (s, weight) = (model.s, model.sag / model.s);
    let elastic = |rate: f64| -axis.spring * (axis.position + rate * dt) - axis.damping * rate;
    let Some((target, cap)) = axis.motor else {
        // the rate the step ends with, exactly (x'' = s·(weight + torque - K·x - B·x'), however stiff),
        // then the constant force that gives it
        let drive = s * (weight + axis.torque);
        let m = Matrix3::new(0.0, 1.0, 0.0, -s * axis.spring, -s * axis.damping, drive, 0.0, 0.0, 0.0);
        let final_rate = ((m * dt).exp() * Vector3::new(axis.position, axis.rate, 1.0)).y;
        let force = (final_rate - axis.rate) / (s * dt) - weight - axis.torque;
        return Effort::holding(0.0, 0.0, force, frame, axis.row, end);
    };
    let load = elastic(target);
    // held whatever the numbers: a NaN or infinite cap must not panic in the middle of a step
    let hold = bounds::clamp_symmetric(-(weight + load), cap);
    let left = (cap - hold.abs()) * dt;
    let mut total = before.impulse + (target - axis.rate) / s;
    if !total.is_finite() {
        total = before.impulse;
    }
    let total = bounds::clamp_symmetric(total, left);
    let impulse = total - before.impulse;
    if impulse != 0.0 {
        model.apply(engine, sides, axis.row, impulse);
    }
    Effort::holding(total, hold, hold + load, frame, axis.row, end)
}

/// Whether a side rests on something that does not move (an active contact with a fixed or static
/// collider). ODE solves a motor together with the contacts, so the friction holding such a side takes
/// the motor's reaction and the joint's rate reaches its target. Solved apart from the contacts, the
/// side would recoil and the friction would then stop it within the step, taking that share of the
/// rate from the joint: an arm on a base standing on the floor would lag its control law. Only for an
/// end body off a hinge's axis, which has no engine motor to make up the difference (unless that end
/// side is itself grounded: `Joint::step_drives` then gives it the engine's motor).
pub fn grounded(engine: &Engine, handles: &[RigidBodyHandle]) -> bool {
    let immobile = |c: ColliderHandle| {
        let parent = engine.colliders.get(c).and_then(|c| c.parent());
        parent.and_then(|b| engine.bodies.get(b)).is_none_or(|b| !b.is_dynamic())
    };
    handles.iter().filter_map(|h| engine.bodies.get(*h)).flat_map(|rb| rb.colliders().iter()).any(|&c| {
        engine.narrow_phase.contact_pairs_with(c).any(|pair| {
            let other = if pair.collider1 == c { pair.collider2 } else { pair.collider1 };
            pair.has_any_active_contact() && immobile(other)
        })
    })
}

/// Adds the rigid velocity change `delta` (linear at `side.com`, angular) to the side's bodies.
fn add_velocity(engine: &mut Engine, handles: &[RigidBodyHandle], side: &Rigid, delta: &SVector<f64, 6>) {
    let dv: Vector3<f64> = delta.fixed_rows::<3>(0).into();
    let dw: Vector3<f64> = delta.fixed_rows::<3>(3).into();
    for h in handles {
        if let Some(rb) = engine.bodies.get_mut(*h) {
            let lever = rb.com_na() - side.com;
            let (v, w) = (rb.linvel_na() + dv + dw.cross(&lever), rb.angvel_na() + dw);
            // an awake body's sleep countdown goes on (a drive holding a joint at rest must let
            // it fall asleep); a sleeping one wakes
            let wake = rb.is_sleeping();
            rb.set_linvel_na(v, wake);
            rb.set_angvel_na(w, wake);
        }
    }
}
