//! The supervisor's physics calls (spec motion §8): velocities, forces and torques, physics resets,
//! joint positions, centre of mass, contact points and static balance. Each is an immediate round trip
//! (applied or answered before the next physics step), as in Webots.

use std::collections::HashMap;
use std::ffi::{c_double, c_int};
use std::ptr;

use once_cell::sync::Lazy;
use parking_lot::Mutex;

use super::nodes::{node_result, valid_node};
use super::setters::{array, numbers};
use super::{exit_if, flush, quitting, supervisor_call, NAN_VECTOR};
use crate::capi::contact_point::WbContactPoint;
use crate::capi::types::{WbBool, WbNodeRef};
use crate::controller::Controller;
use crate::protocol::node_type::node_type_from_name;
use crate::protocol::{ContactPointData, NodeRefId, Query, QueryAnswer, SupervisorCommand};

/// The node's id, or Webots' message for a bad reference (`article` as in `valid_node`).
fn node_id(c: &Controller, func: &str, node: WbNodeRef, article: &str) -> Option<(usize, NodeRefId)> {
    let addr = valid_node(c, func, node, article)?;
    Some((addr, c.supervision.node(addr)?.info.id))
}

fn warn(c: &Controller, text: &str) {
    if !quitting(c) {
        eprintln!("Warning: {text}");
    }
}

/// A Solid's velocity `[vx vy vz ωx ωy ωz]` (world frame): its body's (centre of mass) for a dynamic
/// Solid, its own velocity fields for a kinematic one. 6 NaN for anything else.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_velocity(node: WbNodeRef) -> *const c_double {
    let func = "wb_supervisor_node_get_velocity";
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        match c.query(func, Query::Velocity(id)) {
            Some(QueryAnswer::Numbers(Some(v))) if v.len() == 6 => match c.supervision.node_mut(addr) {
                Some(h) => {
                    h.velocity.copy_from_slice(&v);
                    h.velocity.as_ptr()
                }
                None => NAN_VECTOR.as_ptr(),
            },
            Some(QueryAnswer::Numbers(None)) => {
                warn(c, "wb_supervisor_node_get_velocity() can exclusively be used with a Solid");
                NAN_VECTOR.as_ptr()
            }
            _ => NAN_VECTOR.as_ptr(),
        }
    })
}

/// Sets a Solid's velocity: its body's when it is a body's main Solid, else its velocity fields (a
/// kinematic Solid then glides).
///
/// # Safety
/// `velocity` is NULL or points to 6 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_set_velocity(node: WbNodeRef, velocity: *const c_double) {
    let func = "wb_supervisor_node_set_velocity";
    // SAFETY: `velocity` is NULL or points to 6 doubles per this function's contract.
    let velocity = unsafe { array::<6>(velocity) };
    exit_if(supervisor_call(func, false, |c| {
        let Some((_, id)) = node_id(c, func, node, "") else { return false };
        let Some(velocity) = numbers(func, velocity) else { return false };
        flush(c, func, SupervisorCommand::SetVelocity { node: id, velocity })
    }));
}

fn add_force(
    func: &str,
    node: WbNodeRef,
    force: Option<[f64; 3]>,
    offset: Option<Option<[f64; 3]>>,
    relative: WbBool,
    torque: bool,
) {
    exit_if(supervisor_call(func, false, |c| {
        let Some((_, id)) = node_id(c, func, node, "a ") else { return false };
        let Some(vector) = numbers(func, force) else { return false };
        let offset = match offset {
            Some(o) => match numbers(func, o) {
                Some(o) => Some(o),
                None => return false,
            },
            None => None,
        };
        let relative = relative != 0;
        let cmd = if torque {
            SupervisorCommand::AddTorque { node: id, torque: vector, relative }
        } else {
            SupervisorCommand::AddForce { node: id, force: vector, offset, relative }
        };
        flush(c, func, cmd)
    }));
}

/// Adds a force for the next physics step at the Solid's centre of mass (in the Solid's frame when
/// `relative`).
///
/// # Safety
/// `force` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_add_force(node: WbNodeRef, force: *const c_double, relative: WbBool) {
    // SAFETY: `force` is NULL or points to 3 doubles per this function's contract.
    let force = unsafe { array::<3>(force) };
    add_force("wb_supervisor_node_add_force", node, force, None, relative, false);
}

/// Adds a force for the next physics step at `offset` in the Solid's frame.
///
/// # Safety
/// `force` and `offset` are NULL or point to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_add_force_with_offset(
    node: WbNodeRef,
    force: *const c_double,
    offset: *const c_double,
    relative: WbBool,
) {
    // SAFETY: both are NULL or point to 3 doubles per this function's contract.
    let (force, offset) = unsafe { (array::<3>(force), array::<3>(offset)) };
    add_force("wb_supervisor_node_add_force_with_offset", node, force, Some(offset), relative, false);
}

/// Adds a torque for the next physics step.
///
/// # Safety
/// `torque` is NULL or points to 3 doubles.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_add_torque(node: WbNodeRef, torque: *const c_double, relative: WbBool) {
    // SAFETY: `torque` is NULL or points to 3 doubles per this function's contract.
    let torque = unsafe { array::<3>(torque) };
    add_force("wb_supervisor_node_add_torque", node, torque, None, relative, true);
}

/// Stops the node's bodies and those below it (velocities, forces and torques to zero).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_reset_physics(node: WbNodeRef) {
    let func = "wb_supervisor_node_reset_physics";
    exit_if(supervisor_call(func, false, |c| {
        let Some((_, id)) = node_id(c, func, node, "a ") else { return false };
        flush(c, func, SupervisorCommand::ResetPhysics(Some(id)))
    }));
}

/// Stops every body of the world (poses and time are kept).
#[no_mangle]
pub extern "C" fn wb_supervisor_simulation_reset_physics() {
    let func = "wb_supervisor_simulation_reset_physics";
    exit_if(supervisor_call(func, false, |c| flush(c, func, SupervisorCommand::ResetPhysics(None))));
}

/// Former name of `wb_supervisor_simulation_reset_physics` (Webots 8).
#[no_mangle]
#[deprecated]
pub extern "C" fn wb_supervisor_simulation_physics_reset() {
    wb_supervisor_simulation_reset_physics()
}

/// Sets the position of a joint's axis `index` (from 1): its endPoint is placed there, at rest; a
/// position beyond the joint's stops is clamped with Webots' warning.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_set_joint_position(node: WbNodeRef, position: c_double, index: c_int) {
    let func = "wb_supervisor_node_set_joint_position";
    exit_if(supervisor_call(func, false, |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return false };
        let say = |c: &Controller, what: &str| {
            if !quitting(c) {
                eprintln!("Error: {func}() called with {what}");
            }
        };
        if index < 1 {
            say(c, "an invalid 'index'. Only values greater than or equal to 1 are supported.");
            return false;
        }
        let node_type = c.supervision.node(addr).map_or(0, |h| h.info.node_type);
        let (limit, what) = match node_type {
            t if t == node_type_from_name("SliderJoint") || t == node_type_from_name("HingeJoint") => {
                (1, "an invalid 'index'. SliderJoint and HingeJoint only support index 1.")
            }
            t if t == node_type_from_name("Hinge2Joint") => {
                (2, "an invalid 'index'. Hinge2Joint only supports index 1 or 2.")
            }
            t if t == node_type_from_name("BallJoint") => {
                (3, "an invalid 'index'. BallJoint only supports index 1, 2, or 3.")
            }
            _ => {
                say(c, "a 'node' argument which is not a joint node.");
                return false;
            }
        };
        if index > limit {
            say(c, what);
            return false;
        }
        flush(c, func, SupervisorCommand::SetJointPosition { node: id, position, index })
    }));
}

/// The centre of mass of the Solid and the Solids below it (world frame); the Solid's position when
/// none has mass; 3 NaN for anything but a Solid.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_center_of_mass(node: WbNodeRef) -> *const c_double {
    let func = "wb_supervisor_node_get_center_of_mass";
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        match c.query(func, Query::CenterOfMass(id)) {
            Some(QueryAnswer::Numbers(Some(v))) if v.len() == 3 => match c.supervision.node_mut(addr) {
                Some(h) => {
                    h.center_of_mass.copy_from_slice(&v);
                    h.center_of_mass.as_ptr()
                }
                None => NAN_VECTOR.as_ptr(),
            },
            Some(QueryAnswer::Numbers(None)) => {
                warn(c, "wb_supervisor_node_get_center_of_mass() can exclusively be used with Solid");
                NAN_VECTOR.as_ptr()
            }
            _ => NAN_VECTOR.as_ptr(),
        }
    })
}

/// The contact points of `addr` (alone or with its descendants) at the current time: asked once per
/// step, then kept. `None`: not a Solid.
fn contact_points(
    c: &mut Controller,
    func: &str,
    addr: usize,
    id: NodeRefId,
    descendants: bool,
) -> Option<Vec<ContactPointData>> {
    let now = c.time_ms;
    let slot = usize::from(descendants);
    if let Some(h) = c.supervision.node(addr) {
        let cache = &h.contact_points[slot];
        if cache.time_ms == now {
            return cache.points.clone();
        }
    }
    let points = match c.query(func, Query::ContactPoints { node: id, descendants }) {
        Some(QueryAnswer::ContactPoints(p)) => p,
        _ => return None,
    };
    if points.is_none() {
        warn(
            c,
            "wb_supervisor_node_get_number_of_contact_points() and wb_supervisor_node_get_contact_point() can \
             exclusively be used with a Solid",
        );
    }
    if let Some(h) = c.supervision.node_mut(addr) {
        h.contact_points[slot].time_ms = now;
        h.contact_points[slot].points = points.clone();
    }
    points
}

/// What `wb_supervisor_node_get_contact_points` hands to C: one array per node and flag, valid until
/// the next call for them.
static CONTACT_ARRAYS: Lazy<Mutex<ContactArrays>> = Lazy::new(Default::default);

/// By node handle and `include_descendants`.
type ContactArrays = HashMap<(usize, bool), Vec<WbContactPoint>>;

/// The contact points of the last physics step on the node's geometry (and with `include_descendants`
/// on the Solids below it), in world coordinates; NULL and a size of -1 for anything but a Solid. An
/// invalid node (NULL, removed) or a robot that is no supervisor gets NULL and `size` is left as it was
/// (Webots returns before writing it).
///
/// # Safety
/// `size` is NULL or points to a writable int.
#[no_mangle]
pub unsafe extern "C" fn wb_supervisor_node_get_contact_points(
    node: WbNodeRef,
    include_descendants: WbBool,
    size: *mut c_int,
) -> *mut WbContactPoint {
    let func = "wb_supervisor_node_get_contact_points";
    let descendants = include_descendants != 0;
    let answer = supervisor_call(func, None, |c| {
        let (addr, id) = node_id(c, func, node, "a ")?;
        let Some(points) = contact_points(c, func, addr, id, descendants) else { return Some((-1, ptr::null_mut())) };
        let mut arrays = CONTACT_ARRAYS.lock();
        let array = arrays.entry((addr, descendants)).or_default();
        array.clear();
        array.extend(points.iter().map(|p| WbContactPoint { point: p.point, node_id: p.node }));
        Some((array.len() as c_int, array.as_mut_ptr()))
    });
    let Some((count, array)) = answer else { return ptr::null_mut() };
    if !size.is_null() {
        // SAFETY: non-NULL, and the caller guarantees a writable int.
        unsafe { *size = count };
    }
    array
}

fn deprecated_once(func: &str, said: &std::sync::atomic::AtomicBool) {
    if !said.swap(true, std::sync::atomic::Ordering::Relaxed) {
        eprintln!("Warning: {func}() is deprecated, use wb_supervisor_node_get_contact_points() instead.");
    }
}

/// Deprecated: the number of contact points (-1 for anything but a Solid).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_number_of_contact_points(
    node: WbNodeRef,
    include_descendants: WbBool,
) -> c_int {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let func = "wb_supervisor_node_get_number_of_contact_points";
    deprecated_once(func, &SAID);
    supervisor_call(func, -1, |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return -1 };
        let descendants = include_descendants != 0;
        if let Some(h) = c.supervision.node_mut(addr) {
            h.contact_points_descendants = descendants;
        }
        contact_points(c, func, addr, id, descendants).map_or(-1, |p| p.len() as c_int)
    })
}

/// Deprecated: contact point `index` of the last `get_number_of_contact_points` kind (3 NaN past the
/// end or for anything but a Solid).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_contact_point(node: WbNodeRef, index: c_int) -> *const c_double {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let func = "wb_supervisor_node_get_contact_point";
    deprecated_once(func, &SAID);
    supervisor_call(func, NAN_VECTOR.as_ptr(), |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return NAN_VECTOR.as_ptr() };
        let descendants = c.supervision.node(addr).is_some_and(|h| h.contact_points_descendants);
        let points = contact_points(c, func, addr, id, descendants);
        let Some(point) = usize::try_from(index).ok().and_then(|i| points?.get(i).copied()) else {
            return NAN_VECTOR.as_ptr();
        };
        match c.supervision.node_mut(addr) {
            Some(h) => {
                h.contact_point = point.point;
                h.contact_point.as_ptr()
            }
            None => NAN_VECTOR.as_ptr(),
        }
    })
}

/// Deprecated: the Solid of contact point `index` (NULL past the end).
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_contact_point_node(node: WbNodeRef, index: c_int) -> WbNodeRef {
    static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let func = "wb_supervisor_node_get_contact_point_node";
    deprecated_once(func, &SAID);
    supervisor_call(func, ptr::null_mut(), |c| {
        let Some((addr, id)) = node_id(c, func, node, "a ") else { return ptr::null_mut() };
        let descendants = c.supervision.node(addr).is_some_and(|h| h.contact_points_descendants);
        let points = contact_points(c, func, addr, id, descendants);
        let Some(point) = usize::try_from(index).ok().and_then(|i| points?.get(i).copied()) else {
            return ptr::null_mut();
        };
        match c.supervision.known_node(point.node) {
            Some(a) => a as WbNodeRef,
            None => {
                let answer = c.query(func, Query::NodeFromId(point.node));
                node_result(c, answer)
            }
        }
    })
}

/// Contact points are computed when asked, whatever the period: tracking only checks its arguments.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_enable_contact_points_tracking(
    node: WbNodeRef,
    sampling_period: c_int,
    _include_descendants: WbBool,
) {
    let func = "wb_supervisor_node_enable_contact_points_tracking";
    if sampling_period < 0 {
        eprintln!("Error: {func}() called with negative sampling period.");
        return;
    }
    supervisor_call(func, (), |c| {
        node_id(c, func, node, "a ");
    })
}

#[no_mangle]
pub extern "C" fn wb_supervisor_node_disable_contact_points_tracking(node: WbNodeRef) {
    let func = "wb_supervisor_node_disable_contact_points_tracking";
    supervisor_call(func, (), |c| {
        node_id(c, func, node, "a ");
    })
}

/// R2023a's name of `wb_supervisor_node_enable_contact_points_tracking`.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_enable_contact_point_tracking(
    node: WbNodeRef,
    sampling_period: c_int,
    include_descendants: WbBool,
) {
    wb_supervisor_node_enable_contact_points_tracking(node, sampling_period, include_descendants)
}

/// R2023a's name of `wb_supervisor_node_disable_contact_points_tracking`.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_disable_contact_point_tracking(node: WbNodeRef, _include_descendants: WbBool) {
    wb_supervisor_node_disable_contact_points_tracking(node)
}

/// Whether a top Solid stands: its centre of mass (with the Solids below it) above the convex hull of
/// their contact points, on the ground plane.
#[no_mangle]
pub extern "C" fn wb_supervisor_node_get_static_balance(node: WbNodeRef) -> WbBool {
    let func = "wb_supervisor_node_get_static_balance";
    supervisor_call(func, 0, |c| {
        let Some((_, id)) = node_id(c, func, node, "a ") else { return 0 };
        match c.query(func, Query::StaticBalance(id)) {
            Some(QueryAnswer::Balance(Some(b))) => WbBool::from(b),
            Some(QueryAnswer::Balance(None)) => {
                warn(c, "wb_supervisor_node_get_static_balance() can exclusively be used with a top Solid");
                0
            }
            _ => 0,
        }
    })
}
