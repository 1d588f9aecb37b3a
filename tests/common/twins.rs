//! Worlds and checks shared by a test controller and its twins in other languages (tests/cpp/cpp_X and
//! tests/java/JavaX print the same lines, the controller's name first where it names itself): one
//! check serves both, so the languages cannot drift apart.

use super::RunOutput;

/// Emitter and receiver between two robots 1 m apart on x.
pub fn radio_world(talker: &str, listener: &str) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Robot {{
  name "talker"
  controller "{talker}"
  children [ Emitter {{ name "em" channel 3 range 5 bufferSize 100 }} ]
}}
Robot {{
  translation 1 0 0
  name "listener"
  controller "{listener}"
  children [ Receiver {{ name "rx" channel 3 }} ]
}}
"#
    )
}

pub fn check_radio(out: &RunOutput) {
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("talker"),
        [
            "t=0 send \"hello 0\" on channel 3 range 5 -> 1",
            "t=32 send \"on channel 4\" on channel 4 range 5 -> 1",
            "t=64 send \"too far\" on channel 3 range 0.5 -> 1",
            "t=96 send \"bye\" on channel 4 range 5 -> 1",
            "leaving at t=0.096",
        ],
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    // one step of latency; the channel-4 and out-of-range packets never arrive; "bye" arrives although
    // the talker left right after sending it (its Robot's cleanup delivered it)
    assert_eq!(
        out.robot_lines("listener"),
        [
            "t=32 got 8 bytes \"hello 0\" signal 1.000 from (-1.000, 0.000, 0.000)",
            "t=32 got 92 bytes \"aaaaaaaaaaaa...\" signal 1.000 from (-1.000, 0.000, 0.000)",
            "t=128 got 4 bytes \"bye\" signal 1.000 from (-1.000, 0.000, 0.000)",
            "heard bye at t=0.128",
        ],
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    out.assert_stderr_has("[talker] Error: wb_emitter_send(): invalid argument: data = NULL.");
    out.assert_stderr_has("[talker] Error: wb_emitter_send(): invalid size=0 argument.");
    out.assert_stderr_has("'talker' controller exited successfully");
    out.assert_stderr_has("'listener' controller exited successfully");
}

/// A supervisor (with a compass) that moves a robot and edits fields, and quits with status 7.
pub fn supervisor_world(controller: &str) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
DEF BOSS Robot {{
  name "boss"
  controller "{controller}"
  controllerArgs [ "one" "two" ]
  supervisor TRUE
  children [ Compass {{ name "compass" }} ]
}}
DEF MOVER Robot {{
  translation 1 2 0
  rotation 0 0 1 1.5707963267948966
  name "mover"
  controller "<none>"
}}
DEF BOX Solid {{
  translation 0 0 0.5
  children [ DEF INSIDE Shape {{ geometry Box {{ size 1 1 1 }} }} ]
  name "box"
}}
"#
    )
}

pub fn check_supervisor(out: &RunOutput, controller: &str) {
    out.assert_stdout_has(&format!("[boss] {controller}: all checks passed at t=0.096"));
    out.assert_stdout_has("[boss] the run is over");
    // simulationQuit(7): the runner exits with the supervisor's status, as Webots does
    assert_eq!(out.status.code(), Some(7), "{}\n{}", out.stdout, out.stderr);
}

/// Two robots whose "plug" connectors face each other 5 mm apart, and two more connectors.
pub fn connector_world(controller: &str) -> String {
    format!(
        r#"#VRML_SIM R2025a utf8
WorldInfo {{ basicTimeStep 32 }}
Robot {{
  name "dock a"
  controller "{controller}"
  children [
    Connector {{ name "plug" }}
    Connector {{ name "far" translation 0 5 0 }}
    Connector {{ name "socket" type "passive" translation 0 -5 0 }}
  ]
}}
Robot {{
  translation 0.005 0 0
  rotation 0 0 1 3.141592653589793
  name "dock b"
  controller "<none>"
  children [ Connector {{ name "plug" }} ]
}}
"#
    )
}

pub fn check_connector(out: &RunOutput, controller: &str) {
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has(&format!("[dock a] {controller}: all checks passed at t=0.096"));
}

/// A robot turned 0.5 rad about z with a compass scaled by 100 and an emitter.
pub fn compass_world(controller: &str) -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ rotation 0 0 1 0.5 name \"turned\" controller \"{controller}\" children [\n\
         Compass {{ name \"heading\" lookupTable [ -1 -100 0, 1 100 0 ] }} Emitter {{ name \"radio\" }} ] }}\n"
    )
}

pub fn check_compass(out: &RunOutput, controller: &str) {
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    // north (+y) seen from a robot turned 0.5 rad: 100 (sin 0.5, cos 0.5, 0)
    out.assert_stdout_has(&format!("[turned] {controller}: north at (47.943, 87.758, 0.000)"));
    out.assert_stderr_has(
        "[turned] Error: wb_compass_get_values() called for a disabled device! Please use: wb_compass_enable().",
    );
}

/// A hinge (motor 2 rad/s, position sensor, brake), a slider and an LED.
pub fn motor_world(controller: &str) -> String {
    format!(
        "#VRML_SIM R2025a utf8\nWorldInfo {{ basicTimeStep 32 }}\n\
         Robot {{ name \"arm\" controller \"{controller}\" children [\n\
           HingeJoint {{ jointParameters HingeJointParameters {{ }} device [ RotationalMotor {{ name \"hinge motor\" maxVelocity 2 }} \
             PositionSensor {{ name \"hinge sensor\" }} Brake {{ name \"hinge brake\" }} ] endPoint Solid {{ }} }}\n\
           SliderJoint {{ device [ LinearMotor {{ name \"slider motor\" }} ] endPoint Solid {{ }} }}\n\
           LED {{ name \"lamp\" children [ Shape {{ appearance Appearance {{ material Material {{ }} }} }} ] }} ] }}\n"
    )
}

pub fn check_motor(out: &RunOutput, controller: &str) {
    assert!(out.status.success(), "runner failed:\n{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has(&format!("[arm] {controller}: hinge at 0.300"));
    out.assert_stderr_has(
        "[arm] Error: wb_motor_set_velocity() called with negative 'velocity' argument in position control mode (0.3).",
    );
}
