//! Webots' radar_frustum, radar_occlusion, radar_target_merging and radar_relative_speed API tests,
//! reproduced in worlds of our own (assertions in
//! tests/c/radar_webots.c). The radar is at the origin looking along +x with Webots' default fields of
//! view, 0.78 rad wide (the left plane passes at y = x·tan 0.39) and 0.1 rad tall (z = ±x·tan 0.05),
//! 5 m deep. Which Solids are in follows Webots' rule (any part of their bounding objects inside).

mod common;

use common::Project;

/// Pairs of Solids just inside and just outside the frustum, whose origins are all outside it:
/// - spheres 3 m ahead whose centres are 0.3 m (r = 0.5: partly in) and 0.4 m (r = 0.3: out) beyond the
///   left plane, measured perpendicularly (y = 3·tan 0.39 + d / cos 0.39);
/// - upright bars 0.9 m tall 2 m ahead centred 0.3 m up (from -0.15 to 0.75: across the frustum, which
///   is ±0.1 m tall there) and 0.6 m up (from 0.15: above it);
/// - capsules (height 1, radius 0.05) 4 m ahead whose centre is 0.144 m beyond the left plane: lying
///   along y (its extent across, 1.1 m, reaches in) and along x (0.1 m across: out).
const FRUSTUM: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF VISIBLE_SPHERE Solid {
  translation 3 1.5575 0
  children [ Shape { geometry DEF S1 Sphere { radius 0.5 } } ]
  boundingObject USE S1
  radarCrossSection 1
}
DEF NOT_VISIBLE_SPHERE Solid {
  translation 3 1.6656 0
  children [ Shape { geometry DEF S2 Sphere { radius 0.3 } } ]
  name "solid(1)"
  boundingObject USE S2
  radarCrossSection 1
}
DEF VISIBLE_BOX Solid {
  translation 2 0 0.3
  children [ Shape { geometry DEF BAR Box { size 0.1 0.1 0.9 } } ]
  name "solid(2)"
  boundingObject USE BAR
  radarCrossSection 1
}
DEF NOT_VISIBLE_BOX Solid {
  translation 2 0 0.6
  children [ Shape { geometry USE BAR } ]
  name "solid(3)"
  boundingObject USE BAR
  radarCrossSection 1
}
DEF VISIBLE_CAPSULE Solid {
  translation 4 1.8 0
  rotation 1 0 0 1.5708
  children [ Shape { geometry DEF CAPSULE Capsule { height 1 radius 0.05 } } ]
  name "solid(4)"
  boundingObject USE CAPSULE
  radarCrossSection 1
}
DEF NOT_VISIBLE_CAPSULE Solid {
  translation 4 1.8 0
  rotation 0 1 0 1.5708
  children [ Shape { geometry USE CAPSULE } ]
  name "solid(5)"
  boundingObject USE CAPSULE
  radarCrossSection 1
}
Robot {
  children [ Radar { maxRange 5 } ]
  controller "radar_webots"
  controllerArgs [ "frustum" ]
  supervisor TRUE
}
"#;

/// A sphere (r = 0.307) 0.888 m ahead and two small ones 4.14 m ahead, 1.05 m to the left and 0.79 m to
/// the right: the rays to both pass within 0.22 m of the big sphere's centre, so it hides them (the hit
/// is far more than half a small sphere before its centre).
const OCCLUSION: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
DEF FRONT_TARGET Solid {
  translation 0.888 0 0
  children [ Shape { geometry DEF BIG Sphere { radius 0.307 } } ]
  boundingObject USE BIG
  radarCrossSection 3
}
DEF OCCLUDED_TARGET1 Solid {
  translation 4.14 1.05 0
  children [ Shape { geometry DEF SMALL Sphere { radius 0.1 } } ]
  name "solid(1)"
  boundingObject USE SMALL
  radarCrossSection 1
}
DEF OCCLUDED_TARGET2 Solid {
  translation 4.14 -0.79 0
  children [ Shape { geometry USE SMALL } ]
  name "solid(2)"
  boundingObject USE SMALL
  radarCrossSection 1
}
Robot {
  children [
    Radar { name "radar_with_occlusion" maxRange 5 occlusion TRUE }
    Radar { name "radar_without_occlusion" maxRange 5 }
  ]
  controller "radar_webots"
  controllerArgs [ "occlusion" ]
  supervisor TRUE
}
"#;

/// Seven spheres (radius 0.1) ahead of four radars at the origin: fixed ones at ranges 1, 2 and 4.5 on
/// the axis, falling ones (physics, no floor) at (2, ±0.5) and (4, ±1), ranges 2.06 and 4.12. Webots
/// merges targets whose ranges differ by less than `cellDistance` (and, with a `cellSpeed`, whose radial
/// speeds differ by less than it) into the first of them:
/// - cellDistance 1: {1}, {2, 2.06, 2.06}, {4.12, 4.5, 4.12}: 3 targets;
/// - cellDistance 0.2: {1}, {2, 2.06, 2.06}, {4.12, 4.12}, {4.5}: 4;
/// - no cellDistance: 7;
/// - cellDistance 0.8 and cellSpeed 1e-6: the falling ones move away a little (their fall has a radial
///   part once they are below the axis), the fixed ones do not: {2.06, 2.06} and {4.12, 4.12}: 5.
///
/// Symmetric pairs of equal power average to azimuth 0 exactly.
const MERGING: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Solid { translation 1 0 0 children [ Shape { geometry DEF BALL Sphere { radius 0.1 } } ] boundingObject USE BALL radarCrossSection 1 }
Solid { translation 2 0 0 name "s1" children [ Shape { geometry USE BALL } ] boundingObject USE BALL radarCrossSection 1 }
Solid { translation 2 0.5 0 name "s2" children [ Shape { geometry USE BALL } ] boundingObject USE BALL physics Physics { } radarCrossSection 1 }
Solid { translation 2 -0.5 0 name "s3" children [ Shape { geometry USE BALL } ] boundingObject USE BALL physics Physics { } radarCrossSection 1 }
Solid { translation 4 1 0 name "s4" children [ Shape { geometry USE BALL } ] boundingObject USE BALL physics Physics { } radarCrossSection 1 }
Solid { translation 4.5 0 0 name "s5" children [ Shape { geometry USE BALL } ] boundingObject USE BALL radarCrossSection 1 }
Solid { translation 4 -1 0 name "s6" children [ Shape { geometry USE BALL } ] boundingObject USE BALL physics Physics { } radarCrossSection 1 }
Robot {
  children [
    Radar { name "radar1" maxRange 5 cellDistance 1 }
    Radar { name "radar2" maxRange 5 cellDistance 0.2 }
    Radar { name "radar3" maxRange 5 }
    Radar { name "radar4" maxRange 5 cellDistance 0.8 cellSpeed 1e-06 }
  ]
  controller "radar_webots"
  controllerArgs [ "merging" ]
}
"#;

/// A target 0.6 m ahead of a radar whose robot, like the target, has no physics: the supervisor's
/// velocities move both (Webots' kinematic Solids), and the radial speed is their relative speed. As in
/// Webots' world, the radar carries a Solid of its own with a radar cross-section, at its origin (closer
/// than minRange): never a target, the radar sees one.
const SPEED: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  children [ Radar { minRange 0.2 children [ Solid { children [ Shape { geometry Sphere { radius 0.1 } } ] radarCrossSection 1 } ] } ]
  controller "radar_webots"
  controllerArgs [ "speed" ]
  supervisor TRUE
}
DEF RADAR_TARGET Solid {
  translation 0.6 0 0
  children [ Shape { geometry Sphere { radius 0.1 } } ]
  radarCrossSection 1
}
"#;

fn passes(world: &str, text: &str, needle: &str) {
    let p = Project::new();
    p.controller("radar_webots", "radar_webots");
    p.world(world, text);
    let out = p.run(world, &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has(needle);
}

#[test]
fn webots_radar_frustum_test_solids_partly_inside_are_targets() {
    passes("radar_frustum.wbt", FRUSTUM, "radar frustum test passed");
}

#[test]
fn webots_radar_occlusion_test_a_front_sphere_hides_two_targets() {
    passes("radar_occlusion.wbt", OCCLUSION, "radar occlusion test passed");
}

#[test]
fn webots_radar_target_merging_test_close_ranges_and_speeds_merge() {
    passes("radar_target_merging.wbt", MERGING, "radar merging test passed");
}

#[test]
fn webots_radar_relative_speed_test_the_speed_is_the_targets_relative_to_the_radar() {
    passes("radar_relative_speed.wbt", SPEED, "radar speed test passed");
}
