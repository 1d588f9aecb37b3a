//! Webots' `tests/api` world `supervisor_restart_controller`: a supervisor restarts the controller of a
//! plain robot and of a robot that is a PROTO instance (its controller given through a parameter); both
//! start again and drive on from where they are. Webots' differential-drive robots rebuilt as robots
//! pushing a slider (no contact with a floor in the way of what is tested).

mod common;

use common::Project;

const SLIDER_BOT_PROTO: &str = r#"#VRML_SIM R2025a utf8
PROTO SliderBot [
  field SFString controller  ""
  field SFString name        "slider bot"
  field SFVec3f  translation 0 0 0
]
{
  Robot {
    translation IS translation
    name IS name
    controller IS controller
    children [
      SliderJoint {
        jointParameters JointParameters { axis 1 0 0 }
        device [ LinearMotor { name "slide" maxVelocity 1 } ]
        endPoint DEF CART Solid { }
      }
    ]
  }
}
"#;

const WORLD: &str = r#"#VRML_SIM R2025a utf8
EXTERNPROTO "../protos/SliderBot.proto"
WorldInfo { basicTimeStep 32 }
Robot { name "boss" supervisor TRUE controller "restart_pair" }
DEF PLAIN Robot {
  name "plain"
  controller "slide_forward"
  children [
    SliderJoint {
      jointParameters JointParameters { axis 1 0 0 }
      device [ LinearMotor { name "slide" maxVelocity 1 } ]
      endPoint DEF PLAIN_CART Solid { }
    }
  ]
}
DEF PROTO_BOT SliderBot { name "proto" translation 0 1 0 controller "slide_forward" }
"#;

#[test]
fn a_plain_robot_and_a_proto_robot_restarted_start_again_and_drive_on() {
    let p = Project::new();
    p.proto("SliderBot", SLIDER_BOT_PROTO);
    p.world("restart.wbt", WORLD);
    p.controller("restart_pair", "restart_pair");
    p.controller("slide_forward", "slide_forward");
    let out = p.run("restart.wbt", &["--until", "1.2"]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        out.robot_lines("boss"),
        [
            "before the restarts at 0.704: plain moved, proto moved",
            "after the restarts at 1.088: plain went on, proto went on"
        ]
    );
    for robot in ["plain", "proto"] {
        let starts = out.robot_lines(robot);
        assert_eq!(starts.len(), 2, "{robot}: {starts:?}\n{}", out.stderr);
        assert_eq!(starts[0], "started at 0.000");
        let again: f64 = starts[1].strip_prefix("started at ").unwrap().parse().unwrap();
        assert!((0.704..=0.8).contains(&again), "{robot} started again at {again}");
    }
    out.assert_stderr_has("webots-shim: restarting the controller of 'plain'");
    out.assert_stderr_has("webots-shim: restarting the controller of 'proto'");
}
