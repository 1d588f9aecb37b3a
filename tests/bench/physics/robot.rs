//! The physics bench's robot, written once and rendered twice: as a Webots world for webots-shim and
//! as MJCF for MuJoCo, with the same bodies, masses, inertias, geometry, contacts and time step.
//!
//! An e-puck-sized differential-drive robot (the e-puck has a 0.15 kg body, wheels of radius 0.02 m
//! and 5 mm width, axles at ±0.026 m):
//! - body: a 0.06 × 0.04 × 0.04 m box, 0.15 kg at its centre, 1 cm above the floor; inertia of that
//!   solid box; in the robot's frame (origin on the floor below the axle, x forward, z up) its centre
//!   is at (-0.01, 0, 0.03);
//! - a ball caster: a sphere of radius 5 mm merged into the body (part of its bounding object) at
//!   (-0.035, 0, 0.005), frictionless against the floor as a rolling ball would be (a sliding caster
//!   with friction 1 would carry 29 % of the weight and stop the robot);
//! - two wheels: cylinders of radius 0.02 m and width 0.005 m at (0, ±0.026, 0.02), 0.05 kg each,
//!   inertia of that solid cylinder, on hinges along y at their centres. The e-puck's wheels weigh
//!   5 g; with a body 30 times heavier than its wheels, webots-shim's engine (impulse joints, contact
//!   stiffness proportional to the wheel's own mass) lets a robot at rest sink 5 mm into the floor and
//!   creep centimetres, which the bench's self-check refuses; 3:1 holds still;
//! - the floor: an infinite plane; wheel–floor friction 1 (Coulomb, the default surface).
//!
//! The robot rests on three points: both wheels and the caster. Robots stand on a square grid
//! `SPACING` apart, far enough never to touch. Step 16 ms, gravity 9.81 m/s².
//!
//! Pushed mode: each wheel gets a torque of `TORQUE` about the world's y axis every step (the axle of
//! a robot facing x, as they all do and keep doing: they drive straight): a supervisor's `add_torque`
//! in world coordinates in webots-shim, `xfrc_applied` on the wheel body in MuJoCo; both are a torque
//! from the world with no reaction on the body. Its sign is a square wave of period 4 Q steps (`+` for
//! Q, `-` for 2 Q, `+` for Q): the robot's speed is a triangle of mean zero, so it drives back and
//! forth over a centimetre and never falls asleep.

pub const STEP_MS: u32 = 16;
pub const GRAVITY: f64 = 9.81;
pub const SPACING: f64 = 0.5;

pub const BODY_MASS: f64 = 0.15;
pub const BODY_SIZE: [f64; 3] = [0.06, 0.04, 0.04];
pub const BODY_CENTRE: [f64; 3] = [-0.01, 0.0, 0.03];
pub const CASTER_RADIUS: f64 = 0.005;
pub const CASTER_CENTRE: [f64; 3] = [-0.035, 0.0, 0.005];
pub const WHEEL_MASS: f64 = 0.05;
pub const WHEEL_RADIUS: f64 = 0.02;
pub const WHEEL_WIDTH: f64 = 0.005;
/// Distance from the robot's centre line to each wheel's mid-plane.
pub const HALF_TRACK: f64 = 0.026;
/// N·m on each wheel about its axle.
pub const TORQUE: f64 = 0.0002;
/// Steps of a quarter of the torque's period.
pub const QUARTER: usize = 32;

/// The solid box's principal moments.
pub fn body_inertia() -> [f64; 3] {
    let [x, y, z] = BODY_SIZE.map(|s| s * s);
    [BODY_MASS * (y + z) / 12.0, BODY_MASS * (x + z) / 12.0, BODY_MASS * (x + y) / 12.0]
}

/// The solid cylinder's principal moments, its axle along y.
pub fn wheel_inertia() -> [f64; 3] {
    let (r2, h2) = (WHEEL_RADIUS * WHEEL_RADIUS, WHEEL_WIDTH * WHEEL_WIDTH);
    let across = WHEEL_MASS * (3.0 * r2 + h2) / 12.0;
    [across, WHEEL_MASS * r2 / 2.0, across]
}

/// The torque's sign at step `k` (counted from the first step of the run).
pub fn torque_sign(k: usize) -> f64 {
    if (QUARTER..3 * QUARTER).contains(&(k % (4 * QUARTER))) {
        -1.0
    } else {
        1.0
    }
}

/// How far a pushed robot drives forward in the first quarter period, from Newton's laws: the wheels'
/// torques give a forward force 2τ/r to the robot's mass plus the wheels' rolling inertia 2I/r².
pub fn first_quarter_distance() -> f64 {
    let mass = BODY_MASS + 2.0 * WHEEL_MASS + 2.0 * wheel_inertia()[1] / (WHEEL_RADIUS * WHEEL_RADIUS);
    let a = 2.0 * TORQUE / WHEEL_RADIUS / mass;
    let t = QUARTER as f64 * f64::from(STEP_MS) / 1000.0;
    0.5 * a * t * t
}

/// Robot `i`'s place on the grid of `n`.
pub fn place(i: usize, n: usize) -> [f64; 2] {
    let side = (n as f64).sqrt().ceil() as usize;
    [(i % side) as f64 * SPACING, (i / side) as f64 * SPACING]
}

fn v3(v: [f64; 3]) -> String {
    format!("{} {} {}", v[0], v[1], v[2])
}

/// DEF names of robot `i` and its wheels in the Webots world.
pub fn defs(i: usize) -> [String; 3] {
    [format!("R{i}"), format!("L{i}"), format!("W{i}")]
}

/// `n` robots as a Webots world. Every robot is a supervisor (it pushes its own wheels).
pub fn webots_world(n: usize) -> String {
    let mut w = format!(
        "#VRML_SIM R2025a utf8\n\
         WorldInfo {{ basicTimeStep {STEP_MS} gravity {GRAVITY} contactProperties [ \
           ContactProperties {{ material1 \"default\" material2 \"caster\" coulombFriction 0 bounce 0 }} ] }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 1000 1000 }} }}\n"
    );
    let [wi, wa, _] = wheel_inertia();
    let wheel = |def: &str, name: &str, side: f64| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {y} {r} }} \
               endPoint DEF {def} Solid {{ translation 0 {y} {r} name \"{name}\" \
                 boundingObject Pose {{ rotation 1 0 0 1.5707963267948966 children [ Cylinder {{ height {WHEEL_WIDTH} radius {r} }} ] }} \
                 physics Physics {{ density -1 mass {WHEEL_MASS} centerOfMass [ 0 0 0 ] inertiaMatrix [ {wi} {wa} {wi} 0 0 0 ] }} }} }}",
            y = side * HALF_TRACK,
            r = WHEEL_RADIUS,
        )
    };
    let [bx, by, bz] = body_inertia();
    for i in 0..n {
        let [x, y] = place(i, n);
        let [robot, left, right] = defs(i);
        w += &format!(
            "DEF {robot} Robot {{ translation {x} {y} 0 name \"r{i}\" controller \"<extern>\" supervisor TRUE \
               contactMaterial \"caster\" children [ {} {} ] \
               boundingObject Group {{ children [ \
                 Pose {{ translation {} children [ Box {{ size {} }} ] }} \
                 Pose {{ translation {} children [ Sphere {{ radius {CASTER_RADIUS} }} ] }} ] }} \
               physics Physics {{ density -1 mass {BODY_MASS} centerOfMass [ {} ] inertiaMatrix [ {bx} {by} {bz} 0 0 0 ] }} }}\n",
            wheel(&left, "left wheel", 1.0),
            wheel(&right, "right wheel", -1.0),
            v3(BODY_CENTRE),
            v3(BODY_SIZE),
            v3(CASTER_CENTRE),
            v3(BODY_CENTRE),
        );
    }
    w
}

/// The same `n` robots as MJCF; the torque is the custom numeric `torque`, for the stepping script to
/// apply. MuJoCo's default options (Euler integrator, Newton solver, pyramidal cone, soft contacts with
/// the default solref/solimp) except the time step and gravity.
pub fn mjcf(n: usize) -> String {
    let [bx, by, bz] = body_inertia();
    let [wi, wa, _] = wheel_inertia();
    let half = BODY_SIZE.map(|s| s / 2.0);
    let mut bodies = String::new();
    for i in 0..n {
        let [x, y] = place(i, n);
        let mut wheels = String::new();
        for side in [1.0, -1.0] {
            wheels += &format!(
                "<body pos=\"0 {} {WHEEL_RADIUS}\"><joint type=\"hinge\" axis=\"0 1 0\"/>\
                   <inertial pos=\"0 0 0\" mass=\"{WHEEL_MASS}\" diaginertia=\"{wi} {wa} {wi}\"/>\
                   <geom type=\"cylinder\" size=\"{WHEEL_RADIUS} {}\" quat=\"0.7071067811865476 0.7071067811865476 0 0\"/>\
                 </body>",
                side * HALF_TRACK,
                WHEEL_WIDTH / 2.0
            );
        }
        bodies += &format!(
            "<body name=\"r{i}\" pos=\"{x} {y} 0\"><freejoint/>\
               <inertial pos=\"{}\" mass=\"{BODY_MASS}\" diaginertia=\"{bx} {by} {bz}\"/>\
               <geom type=\"box\" pos=\"{}\" size=\"{}\"/>\
               <geom type=\"sphere\" pos=\"{}\" size=\"{CASTER_RADIUS}\" condim=\"1\" priority=\"1\" friction=\"0 0 0\"/>\
               {wheels}</body>\n",
            v3(BODY_CENTRE),
            v3(BODY_CENTRE),
            v3(half),
            v3(CASTER_CENTRE),
        );
    }
    format!(
        "<mujoco model=\"webots-shim physics bench\">\n\
         <option timestep=\"{}\" gravity=\"0 0 -{GRAVITY}\"/>\n\
         <default><geom friction=\"1 0.005 0.0001\"/></default>\n\
         <worldbody>\n<geom name=\"floor\" type=\"plane\" size=\"0 0 1\"/>\n{bodies}</worldbody>\n\
         <custom><numeric name=\"torque\" data=\"{TORQUE}\"/></custom>\n</mujoco>\n",
        f64::from(STEP_MS) / 1000.0
    )
}
