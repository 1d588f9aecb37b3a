//! The physics bench's robot and its arena, written once and rendered twice: as a Webots world for
//! webots-shim and as MJCF for MuJoCo, with the same bodies, masses, inertias, geometry, contacts,
//! motors, sensors and time step; and the controller both sides run.
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
//!   inertia of that solid cylinder, on hinges along y at their centres, each turned by a motor in
//!   velocity control (`MAX_VELOCITY`, `MAX_TORQUE`). The e-puck's wheels weigh 5 g; with a body 30
//!   times heavier than its wheels, webots-shim's engine (impulse joints, contact stiffness
//!   proportional to the wheel's own mass) lets a robot at rest sink 5 mm into the floor and creep
//!   centimetres, which the bench's self-check refuses; 3:1 holds still;
//! - two distance sensors on the body's front face at (0.02, ±0.01, 0.03), looking `SENSOR_ANGLE`
//!   left and right of ahead: one ray each, reading the distance in metres up to `RANGE` (lookup
//!   table [0 0 0, RANGE RANGE 0]; MuJoCo: a `rangefinder`, a miss counting as `RANGE`);
//! - the floor: an infinite plane; wheel–floor friction 1 (Coulomb, the default surface).
//!
//! Robots stand on a square grid `SPACING` apart, all facing x, far enough never to touch; in front of
//! each column of robots a wall (a static box across the whole column) stands `WALL_X` ahead of their
//! origins, where their sensors see it. Step 16 ms, gravity 9.81 m/s².
//!
//! The controller (`Shuttle`), the same on both sides: wheels at ±`SPEED` (reached at `RAMP`: an
//! e-puck's reversal, not a kick that would stand it on its nose), forward until the mean of
//! the two readings falls under `NEAR`, backward until it passes `FAR`, so the robot shuttles in front
//! of its wall and never stops; and Braitenberg-style steering: `GAIN` × (left − right reading), within
//! `TURN_MAX`, added to the left wheel and taken from the right, turns a robot that faces the wall
//! askew back square to it, whichever way it drives.

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
/// The motors' limits (rad/s, N·m).
pub const MAX_VELOCITY: f64 = 10.0;
pub const MAX_TORQUE: f64 = 0.1;
/// MuJoCo's velocity actuator gain (N·m per rad/s), with no force limit: MuJoCo's implicit
/// integration takes a velocity actuator's gain into account only while its force is not clamped,
/// and a clamped one (then explicit) throws this light wheel off at once; the torques it uses stay
/// under `MAX_TORQUE` (the MuJoCo run reports the largest).
pub const MUJOCO_KV: f64 = 0.01;

/// The left sensor's place in the robot's frame (the right one's is mirrored in y), its angle left
/// of ahead (the right one looks as far right), and the readings' range.
pub const SENSOR_POSITION: [f64; 3] = [0.02, 0.01, 0.03];
pub const SENSOR_ANGLE: f64 = 0.3;
pub const RANGE: f64 = 0.3;

/// The wall's face, ahead of its robots' origins; its thickness and height.
pub const WALL_X: f64 = 0.12;
pub const WALL_THICKNESS: f64 = 0.02;
pub const WALL_HEIGHT: f64 = 0.06;

/// The controller: wheel speed (rad/s), how fast it changes the wheels' velocities (rad/s²),
/// turn-around readings (m), steering gain (rad/s per m) and its limit (rad/s).
pub const SPEED: f64 = 5.0;
pub const RAMP: f64 = 20.0;
pub const NEAR: f64 = 0.04;
pub const FAR: f64 = 0.11;
pub const GAIN: f64 = 50.0;
pub const TURN_MAX: f64 = 2.0;

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

/// One robot's controller state: which way it drives, the wheels' velocities it last set.
#[derive(Clone, Copy, Debug)]
pub struct Shuttle {
    pub forward: bool,
    pub wheels: [f64; 2],
}

impl Default for Shuttle {
    fn default() -> Self {
        Shuttle { forward: true, wheels: [0.0; 2] }
    }
}

impl Shuttle {
    /// The wheel velocities (left, right) for the last readings (left, right; NaN before the first
    /// sample counts as nothing seen), moved from the last ones by at most `RAMP` over a step.
    pub fn wheels(&mut self, readings: [f64; 2]) -> [f64; 2] {
        let [l, r] = readings.map(|d| if d.is_nan() { RANGE } else { d });
        let mean = (l + r) / 2.0;
        if self.forward && mean < NEAR {
            self.forward = false;
        } else if !self.forward && mean > FAR {
            self.forward = true;
        }
        let v = if self.forward { SPEED } else { -SPEED };
        let turn = (GAIN * (l - r)).clamp(-TURN_MAX, TURN_MAX);
        let most = RAMP * f64::from(STEP_MS) / 1000.0;
        for (wheel, target) in self.wheels.iter_mut().zip([v + turn, v - turn]) {
            *wheel += (target - *wheel).clamp(-most, most);
        }
        self.wheels
    }
}

/// Robot `i`'s place on the grid of `n`.
pub fn place(i: usize, n: usize) -> [f64; 2] {
    let side = grid_side(n);
    [(i % side) as f64 * SPACING, (i / side) as f64 * SPACING]
}

fn grid_side(n: usize) -> usize {
    (n as f64).sqrt().ceil() as usize
}

/// The walls of `n` robots: centre and size of each.
fn walls(n: usize) -> Vec<([f64; 3], [f64; 3])> {
    let side = grid_side(n);
    let (columns, rows) = (side.min(n), n.div_ceil(side));
    let length = rows as f64 * SPACING;
    (0..columns)
        .map(|c| {
            let centre = [
                c as f64 * SPACING + WALL_X + WALL_THICKNESS / 2.0,
                (rows - 1) as f64 * SPACING / 2.0,
                WALL_HEIGHT / 2.0,
            ];
            (centre, [WALL_THICKNESS, length, WALL_HEIGHT])
        })
        .collect()
}

/// The distance a sensor at `origin` (world) looking along the unit `direction` reads to its robot's
/// wall (robot `i` of `n`), within the range.
pub fn expected_reading(i: usize, n: usize, origin: [f64; 3], direction: [f64; 3]) -> f64 {
    let face = place(i, n)[0] + WALL_X;
    let along = (face - origin[0]) / direction[0];
    if along > 0.0 && along <= RANGE {
        along
    } else {
        RANGE
    }
}

fn v3(v: [f64; 3]) -> String {
    format!("{} {} {}", v[0], v[1], v[2])
}

/// DEF names of robot `i` and its wheels in the Webots world.
pub fn defs(i: usize) -> [String; 3] {
    [format!("R{i}"), format!("L{i}"), format!("W{i}")]
}

/// Names of the robot's devices.
pub const MOTORS: [&str; 2] = ["left wheel motor", "right wheel motor"];
pub const SENSORS: [&str; 2] = ["left sensor", "right sensor"];

/// `n` robots and their walls as a Webots world. The controllers are `<extern>`: the bench drives them.
pub fn webots_world(n: usize) -> String {
    let mut w = format!(
        "#VRML_SIM R2025a utf8\n\
         WorldInfo {{ basicTimeStep {STEP_MS} gravity {GRAVITY} contactProperties [ \
           ContactProperties {{ material1 \"default\" material2 \"caster\" coulombFriction 0 bounce 0 }} ] }}\n\
         Solid {{ name \"floor\" boundingObject Plane {{ size 1000 1000 }} }}\n"
    );
    for (k, (centre, size)) in walls(n).into_iter().enumerate() {
        w += &format!(
            "Solid {{ translation {} name \"wall {k}\" boundingObject Box {{ size {} }} }}\n",
            v3(centre),
            v3(size)
        );
    }
    let [wi, wa, _] = wheel_inertia();
    let wheel = |def: &str, name: &str, motor: &str, side: f64| {
        format!(
            "HingeJoint {{ jointParameters HingeJointParameters {{ axis 0 1 0 anchor 0 {y} {r} }} \
               device [ RotationalMotor {{ name \"{motor}\" maxVelocity {MAX_VELOCITY} maxTorque {MAX_TORQUE} }} ] \
               endPoint DEF {def} Solid {{ translation 0 {y} {r} name \"{name}\" \
                 boundingObject Pose {{ rotation 1 0 0 1.5707963267948966 children [ Cylinder {{ height {WHEEL_WIDTH} radius {r} }} ] }} \
                 physics Physics {{ density -1 mass {WHEEL_MASS} centerOfMass [ 0 0 0 ] inertiaMatrix [ {wi} {wa} {wi} 0 0 0 ] }} }} }}",
            y = side * HALF_TRACK,
            r = WHEEL_RADIUS,
        )
    };
    let sensor = |name: &str, side: f64| {
        let [x, y, z] = SENSOR_POSITION;
        format!(
            "DistanceSensor {{ translation {x} {} {z} rotation 0 0 1 {} name \"{name}\" lookupTable [ 0 0 0, {RANGE} {RANGE} 0 ] }}",
            side * y,
            side * SENSOR_ANGLE
        )
    };
    let [bx, by, bz] = body_inertia();
    for i in 0..n {
        let [x, y] = place(i, n);
        let [robot, left, right] = defs(i);
        w += &format!(
            "DEF {robot} Robot {{ translation {x} {y} 0 name \"r{i}\" controller \"<extern>\" \
               contactMaterial \"caster\" children [ {} {} {} {} ] \
               boundingObject Group {{ children [ \
                 Pose {{ translation {} children [ Box {{ size {} }} ] }} \
                 Pose {{ translation {} children [ Sphere {{ radius {CASTER_RADIUS} }} ] }} ] }} \
               physics Physics {{ density -1 mass {BODY_MASS} centerOfMass [ {} ] inertiaMatrix [ {bx} {by} {bz} 0 0 0 ] }} }}\n",
            wheel(&left, "left wheel", MOTORS[0], 1.0),
            wheel(&right, "right wheel", MOTORS[1], -1.0),
            sensor(SENSORS[0], 1.0),
            sensor(SENSORS[1], -1.0),
            v3(BODY_CENTRE),
            v3(BODY_SIZE),
            v3(CASTER_CENTRE),
            v3(BODY_CENTRE),
        );
    }
    w
}

/// The same `n` robots and walls as MJCF. The controller's numbers are custom numerics for the stepping
/// script. MuJoCo's default options (Newton solver, pyramidal cone, soft contacts with the default
/// solref/solimp) except the time step, gravity and the integrator: `implicitfast`, which MuJoCo
/// recommends for velocity actuators (with Euler their gain is explicit and this light wheel's
/// would diverge).
pub fn mjcf(n: usize) -> String {
    let [bx, by, bz] = body_inertia();
    let [wi, wa, _] = wheel_inertia();
    let half = BODY_SIZE.map(|s| s / 2.0);
    let mut bodies = String::new();
    let (mut actuators, mut sensors) = (String::new(), String::new());
    for (centre, size) in walls(n) {
        bodies += &format!("<geom type=\"box\" pos=\"{}\" size=\"{}\"/>\n", v3(centre), v3(size.map(|s| s / 2.0)));
    }
    for i in 0..n {
        let [x, y] = place(i, n);
        let mut parts = String::new();
        for (k, side) in [1.0, -1.0].into_iter().enumerate() {
            parts += &format!(
                "<body pos=\"0 {} {WHEEL_RADIUS}\"><joint name=\"j{i}_{k}\" type=\"hinge\" axis=\"0 1 0\"/>\
                   <inertial pos=\"0 0 0\" mass=\"{WHEEL_MASS}\" diaginertia=\"{wi} {wa} {wi}\"/>\
                   <geom type=\"cylinder\" size=\"{WHEEL_RADIUS} {}\" quat=\"0.7071067811865476 0.7071067811865476 0 0\"/>\
                 </body>",
                side * HALF_TRACK,
                WHEEL_WIDTH / 2.0
            );
            let [sx, sy, sz] = SENSOR_POSITION;
            let angle = side * SENSOR_ANGLE;
            parts += &format!(
                "<site name=\"s{i}_{k}\" pos=\"{sx} {} {sz}\" zaxis=\"{} {} 0\"/>",
                side * sy,
                angle.cos(),
                angle.sin()
            );
            actuators += &format!("<velocity joint=\"j{i}_{k}\" kv=\"{MUJOCO_KV}\"/>\n");
            sensors += &format!("<rangefinder site=\"s{i}_{k}\"/>\n");
        }
        bodies += &format!(
            "<body name=\"r{i}\" pos=\"{x} {y} 0\"><freejoint/>\
               <inertial pos=\"{}\" mass=\"{BODY_MASS}\" diaginertia=\"{bx} {by} {bz}\"/>\
               <geom type=\"box\" pos=\"{}\" size=\"{}\"/>\
               <geom type=\"sphere\" pos=\"{}\" size=\"{CASTER_RADIUS}\" condim=\"1\" priority=\"1\" friction=\"0 0 0\"/>\
               {parts}</body>\n",
            v3(BODY_CENTRE),
            v3(BODY_CENTRE),
            v3(half),
            v3(CASTER_CENTRE),
        );
    }
    let numeric = |name: &str, v: f64| format!("<numeric name=\"{name}\" data=\"{v}\"/>");
    let custom: String = [
        ("speed", SPEED),
        ("ramp", RAMP * f64::from(STEP_MS) / 1000.0),
        ("near", NEAR),
        ("far", FAR),
        ("gain", GAIN),
        ("turn_max", TURN_MAX),
        ("range", RANGE),
        ("wall_x", WALL_X),
        ("spacing", SPACING),
    ]
    .iter()
    .map(|&(name, v)| numeric(name, v))
    .collect();
    format!(
        "<mujoco model=\"webots-shim physics bench\">\n\
         <option timestep=\"{}\" gravity=\"0 0 -{GRAVITY}\" integrator=\"implicitfast\"/>\n\
         <default><geom friction=\"1 0.005 0.0001\"/></default>\n\
         <worldbody>\n<geom name=\"floor\" type=\"plane\" size=\"0 0 1\"/>\n{bodies}</worldbody>\n\
         <actuator>\n{actuators}</actuator>\n<sensor>\n{sensors}</sensor>\n\
         <custom>{custom}</custom>\n</mujoco>\n",
        f64::from(STEP_MS) / 1000.0
    )
}
