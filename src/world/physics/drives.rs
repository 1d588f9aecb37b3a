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

/// The impulse along row `row` (0 linear along the axis, 3 angular about it) that brings the joint's
/// rate from `rate` to `target`, at most `max_impulse`, applied to the sides' velocities. Returns it
/// (0 when a side cannot be solved for).
pub fn step_rate(
    engine: &mut Engine,
    sides: &Sides,
    frame: &Isometry3<f64>,
    row: usize,
    rate: f64,
    target: f64,
    max_impulse: f64,
) -> f64 {
    let upper = if sides.upper_fixed { None } else { rigid(engine, &sides.upper) };
    let Some(lower) = rigid(engine, &sides.lower) else { return 0.0 };
    if !sides.upper_fixed && upper.is_none() {
        return 0.0;
    }
    let jb = rows(frame, &lower.com, 1.0);
    let mb = mobility(&jb, &lower);
    let mut k = jb * mb;
    let upper = upper.map(|u| {
        let ja = rows(frame, &u.com, -1.0);
        let ma = mobility(&ja, &u);
        k += ja * ma;
        (u, ma)
    });
    // the motor row's effective mass with the five locked rows held (a Schur complement)
    let locked: Vec<usize> = (0..6).filter(|&r| r != row).collect();
    let k_ll = SMatrix::<f64, 5, 5>::from_fn(|a, b| k[(locked[a], locked[b])]);
    let k_lm = SVector::<f64, 5>::from_fn(|a, _| k[(locked[a], row)]);
    let Some(k_ll_inv) = k_ll.try_inverse() else { return 0.0 };
    let s = k[(row, row)] - (k_lm.transpose() * k_ll_inv * k_lm)[(0, 0)];
    if !(s > 0.0 && s.is_finite()) {
        return 0.0;
    }
    let lambda = ((target - rate) / s).clamp(-max_impulse, max_impulse);
    if lambda == 0.0 || !lambda.is_finite() {
        return 0.0;
    }
    let mu = -(k_ll_inv * k_lm) * lambda;
    let mut impulses = SVector::<f64, 6>::zeros();
    impulses[row] = lambda;
    for (a, &r) in locked.iter().enumerate() {
        impulses[r] = mu[a];
    }
    push(engine, &sides.lower, &lower, &(mb * impulses));
    if let Some((u, ma)) = upper {
        push(engine, &sides.upper, &u, &(ma * impulses));
    }
    lambda
}

/// Adds the rigid velocity change `delta` (linear at `side.com`, angular) to the side's bodies.
fn push(engine: &mut Engine, handles: &[RigidBodyHandle], side: &Rigid, delta: &SVector<f64, 6>) {
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
