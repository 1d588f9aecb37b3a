//! Camera image effects Webots documents and we render: `motionBlur` (the exponential average of frames
//! with the documented response time). Each reproduced by a C controller whose expected values come from
//! the Camera reference's formulas.

mod common;

use common::Project;

/// Three small cameras looking at a red sky a supervisor turns blue: one with a 256 ms response time,
/// one without blur, one with blur sampled every 64 ms.
const MOTION_BLUR_WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF SKY Background { skyColor [ 1 0 0 ] }
Robot {
  supervisor TRUE
  controller "camera_blur_webots"
  children [
    Camera { name "blurred" width 4 height 4 motionBlur 256 }
    Camera { name "sharp" width 4 height 4 }
    Camera { name "slow" width 4 height 4 motionBlur 256 }
  ]
}
"#;

#[test]
fn webots_camera_color_motion_blur_test_frames_average_with_the_documented_response_time() {
    let p = Project::new();
    p.controller("camera_blur_webots", "camera_blur_webots");
    p.world("motion_blur.wbt", MOTION_BLUR_WORLD);
    p.run_printing("motion_blur.wbt", "camera motion blur test passed");
}
