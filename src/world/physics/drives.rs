//! A motor's velocity step (spec motion §3.4): within one step the joint rate reaches the commanded
//! velocity as far as the available force allows, as ODE's motor row does. rapier solves a joint's
//! motor apart from its locked axes, with the child's inertia about its own centre of mass, so a link
//! whose centre of mass is off the axis lags behind every change of commanded velocity and the
//! engine's last substep says little of the torque spent. So before each step the impulse along the
//! axis is solved here, exactly, for the joint's two sides taken as rigid bodies (the bodies each side
//! reaches through other joints and welds moving with it) and applied to their velocities; the
//! engine's motor, with the force left, then holds that rate against what the step brings (gravity,
//! contacts).

use nalgebra::{Isometry3, Matrix3, Point3, SMatrix, SVector, Vector3};
use rapier3d_f64::prelude::*;

use super::engine::Engine;
use super::plan::{Attach, Plan};

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
/// fixed (no velocity of its own to set). `handles[b]` is body `b`'s engine body.
pub fn sides(plan: &Plan, handles: &[RigidBodyHandle]) -> Vec<Option<Sides>> {
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
                if j == Some(skip) {
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

fn rigid(engine: &Engine, handles: &[RigidBodyHandle]) -> Option<Rigid> {
    let mut total = nalgebra::zero::<MassProperties>();
    for h in handles {
        let rb = engine.bodies.get(*h)?;
        if !rb.is_dynamic() {
            return None;
        }
        total += rb.mass_properties().local_mprops.transform_by(rb.position());
    }
    (total.inv_mass > 0.0).then(|| Rigid {
        inv_mass: total.inv_mass,
        com: total.local_com,
        inv_inertia: total.reconstruct_inverse_inertia_matrix(),
    })
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

/// What a motor's step gives its joint: an impulse applied at once (the rate reaches the target) and
/// a force or torque held through the step (the sides' weight on the axis), both toward increasing
/// position. The held effort is a force `push` on the lower side at its centre of mass `at` (the
/// upper side takes the opposite one at the same point): a couple would be read by the engine's motor
/// as a change of rate and undone.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Effort {
    pub impulse: f64,
    pub force: f64,
    pub push: Vector3<f64>,
    pub at: Point3<f64>,
}

/// The motor's step along row `row` (0 linear along the axis, 3 angular about it) with at most `cap`
/// of force or torque for `dt` s: the force that holds the sides' weight on the axis, then the impulse
/// that brings the joint's rate from `rate` to `target`, applied to the sides' velocities. `before` is
/// what earlier sweeps of this step gave (the drives of a robot are swept in turn until they agree):
/// the impulse adds to it, within the cap. Nothing when a side cannot be solved for.
#[allow(clippy::too_many_arguments)]
pub fn step_rate(
    engine: &mut Engine,
    sides: &Sides,
    frame: &Isometry3<f64>,
    row: usize,
    rate: f64,
    target: f64,
    cap: f64,
    dt: f64,
    before: &Effort,
) -> Effort {
    let upper = if sides.upper_fixed { None } else { rigid(engine, &sides.upper) };
    let Some(lower) = rigid(engine, &sides.lower) else { return *before };
    if !sides.upper_fixed && upper.is_none() {
        return *before;
    }
    let gravity = engine.gravity;
    // per row: the rate change per unit impulse on each row (k) and the rate the weight alone gives
    // per second (u)
    let jb = rows(frame, &lower.com, 1.0);
    let mb = mobility(&jb, &lower);
    let mut k = jb * mb;
    let fall = |j: &Jacobian| j.fixed_view::<6, 3>(0, 0) * gravity;
    let mut u = fall(&jb);
    let upper = upper.map(|side| {
        let ja = rows(frame, &side.com, -1.0);
        let ma = mobility(&ja, &side);
        k += ja * ma;
        u += fall(&ja);
        (side, ma)
    });
    // the motor row with the five locked rows held: its effective mass (a Schur complement) and the
    // rate the weight gives it
    let locked: Vec<usize> = (0..6).filter(|&r| r != row).collect();
    let k_ll = SMatrix::<f64, 5, 5>::from_fn(|a, b| k[(locked[a], locked[b])]);
    let k_lm = SVector::<f64, 5>::from_fn(|a, _| k[(locked[a], row)]);
    let u_l = SVector::<f64, 5>::from_fn(|a, _| u[locked[a]]);
    let Some(k_ll_inv) = k_ll.try_inverse() else { return *before };
    let spread = k_ll_inv * k_lm;
    let s = k[(row, row)] - k_lm.dot(&spread);
    let sag = u[row] - spread.dot(&u_l);
    if !(s > 0.0 && s.is_finite() && sag.is_finite()) {
        return *before;
    }
    let mut force = (-sag / s).clamp(-cap, cap);
    let axis: Vector3<f64> = frame.rotation * Vector3::x();
    let push = if row == 0 {
        axis * force
    } else {
        // the centre of mass moves along a × r: a force f / |a × r| there gives the torque f
        let t = axis.cross(&(lower.com - Point3::from(frame.translation.vector)));
        let d2 = t.norm_squared();
        if d2 < 1e-18 {
            force = 0.0;
            Vector3::zeros()
        } else {
            t * (force / d2)
        }
    };
    let left = (cap - force.abs()) * dt;
    let mut total = before.impulse + (target - rate) / s;
    if !total.is_finite() {
        total = before.impulse;
    }
    let total = total.clamp(-left, left);
    let impulse = total - before.impulse;
    if impulse != 0.0 {
        let mut impulses = SVector::<f64, 6>::zeros();
        impulses[row] = impulse;
        for (a, &r) in locked.iter().enumerate() {
            impulses[r] = -spread[a] * impulse;
        }
        add_velocity(engine, &sides.lower, &lower, &(mb * impulses));
        if let Some((side, ma)) = upper {
            add_velocity(engine, &sides.upper, &side, &(ma * impulses));
        }
    }
    Effort { impulse: total, force, push, at: lower.com }
}

/// Adds the rigid velocity change `delta` (linear at `side.com`, angular) to the side's bodies.
fn add_velocity(engine: &mut Engine, handles: &[RigidBodyHandle], side: &Rigid, delta: &SVector<f64, 6>) {
    let dv: Vector3<f64> = delta.fixed_rows::<3>(0).into();
    let dw: Vector3<f64> = delta.fixed_rows::<3>(3).into();
    for h in handles {
        if let Some(rb) = engine.bodies.get_mut(*h) {
            let lever = rb.center_of_mass() - side.com;
            let (v, w) = (*rb.linvel() + dv + dw.cross(&lever), *rb.angvel() + dw);
            rb.set_linvel(v, true);
            rb.set_angvel(w, true);
        }
    }
}
