//! Java controllers (`controllers/NAME/NAME.class` or `NAME.jar`) on our `com.cyberbotics.webots.controller`
//! package (Controller.jar and libJavaController.so in the home's lib/controller/java), built with javac
//! and run through the runner as Webots runs them. Where a C++ twin exists (tests/cpp/cpp_X), the Java
//! controller prints the same lines and one check (tests/common/twins.rs) serves both.

mod common;

use common::{twins, Project};

#[test]
fn emitter_and_receiver_through_the_java_api() {
    let p = Project::new();
    p.world("radio.wbt", &twins::radio_world("JavaTalker", "JavaListener"));
    p.java_controller("JavaTalker", "JavaTalker");
    p.java_controller("JavaListener", "JavaListener");
    twins::check_radio(&p.run_with_home("radio.wbt", &[]));
}

#[test]
fn compass_through_the_java_api() {
    let p = Project::new();
    p.world("compass.wbt", &twins::compass_world("JavaCompass"));
    p.java_controller("JavaCompass", "JavaCompass");
    twins::check_compass(&p.run_with_home("compass.wbt", &[]), "JavaCompass");
}

#[test]
fn motor_position_sensor_brake_and_led_through_the_java_api() {
    let p = Project::new();
    p.world("motor.wbt", &twins::motor_world("JavaMotor"));
    p.java_controller("JavaMotor", "JavaMotor");
    twins::check_motor(&p.run_with_home("motor.wbt", &[]), "JavaMotor");
}

#[test]
fn connector_through_the_java_api() {
    let p = Project::new();
    p.world("connector.wbt", &twins::connector_world("JavaConnector"));
    p.java_controller("JavaConnector", "JavaConnector");
    twins::check_connector(&p.run_with_home("connector.wbt", &[]), "JavaConnector");
}

#[test]
fn supervisor_nodes_fields_and_compass_through_the_java_api() {
    let p = Project::new();
    p.world("supervisor.wbt", &twins::supervisor_world("JavaSupervisor"));
    p.java_controller("JavaSupervisor", "JavaSupervisor");
    twins::check_supervisor(&p.run_with_home("supervisor.wbt", &[]), "JavaSupervisor");
}
