//! `wb_supervisor_movie_*` as Webots' `supervisor_start_stop_movie` test uses them: the world films its
//! Viewpoint and the system's ffmpeg encodes an H.264 MP4 file (installed by `.ci/run`; ffprobe, from
//! the same package, reads the file back). The frame count and rate follow Webots' rule (a frame every
//! multiple of the basic step closest to 40 ms: every 32 ms step here, 31.25 frames a second).

mod common;

use std::path::Path;
use std::process::Command;

use common::{read_png, Project};

/// A Viewpoint 2 m behind a glowing green box, under a blue sky.
const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Viewpoint { position -2 0 0 }
Background { skyColor [ 0 0 1 ] }
Shape {
  appearance Appearance { material Material { emissiveColor 0 1 0 } }
  geometry Box { size 0.5 0.5 0.5 }
}
Robot { supervisor TRUE controller "movie_webots" controllerArgs [ ARGS ] }
"#;

fn world(p: &Project, args: &str) {
    p.world("movie.wbt", &WORLD.replace("ARGS", args));
    p.controller("movie_webots", "movie_webots");
}

fn tool(name: &str) -> Command {
    assert!(
        Command::new(name).arg("-version").output().is_ok_and(|o| o.status.success()),
        "{name} is needed (the ffmpeg package; .ci/run installs it)"
    );
    Command::new(name)
}

/// codec, width, height, frames counted by decoding, frame rate.
fn probe(file: &Path) -> String {
    let out = tool("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries"])
        .args(["stream=codec_name,width,height,nb_read_frames,r_frame_rate", "-of", "csv=p=0"])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn webots_movie_test_records_the_viewpoint_into_an_mp4_that_decodes_to_one_frame_a_step() {
    let p = Project::new();
    world(&p, r#""movie.mp4" "640" "480" "20""#);
    let out = p.run("movie.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("movie test passed");
    let file = p.path().join("controllers/movie_webots/movie.mp4");
    // 20 steps of 32 ms, a frame each, played at 1000 / 32 frames a second
    assert_eq!(probe(&file), "h264,640,480,125/4,20");
    assert!(!p.path().join("controllers/movie_webots/movie.mp4.partial").exists());
}

#[test]
fn movie_frames_are_the_viewpoint_as_export_image_renders_it() {
    let p = Project::new();
    // no extension: Webots adds .mp4
    world(&p, r#""small" "64" "48" "3""#);
    let out = p.run("movie.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    let dir = p.path().join("controllers/movie_webots");
    assert_eq!(probe(&dir.join("small.mp4")), "h264,64,48,125/4,3");
    let png = dir.join("first.png");
    let decoded = tool("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(dir.join("small.mp4"))
        .args(["-frames:v", "1", "-pix_fmt", "rgba"])
        .arg(&png)
        .status()
        .unwrap();
    assert!(decoded.success());
    let (w, h, pixels) = read_png(&png);
    assert_eq!((w, h), (64, 48));
    let at = |i: u32, j: u32| pixels[(j * w + i) as usize];
    // the glowing box (0, 207, 0 through the exposure mapping, as export_image) in the middle, the sky in
    // a corner; H.264 at this rate keeps colours within a few levels
    let near = |p: [u8; 4], rgb: [i32; 3]| (0..3).all(|k| (i32::from(p[k]) - rgb[k]).abs() <= 12);
    assert!(near(at(32, 24), [0, 207, 0]), "{:?}", at(32, 24));
    assert!(near(at(1, 1), [0, 0, 255]), "{:?}", at(1, 1));
}

#[test]
fn a_movie_without_an_encoder_fails_at_once_with_a_message() {
    let p = Project::new();
    world(&p, r#""movie.mp4" "64" "48" "1" "fails""#);
    let out = p.runner_command("movie.wbt", &[]).env("WEBOTS_SHIM_FFMPEG", "/nonexistent-webots-shim/ffmpeg").output();
    let out = common::to_output(out.unwrap(), std::time::Duration::ZERO);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("movie failure test passed");
    out.assert_stderr_has(
        "Error: wb_supervisor_movie_start_recording(): no movie recorded: the movie encoder \
         '/nonexistent-webots-shim/ffmpeg' was not found: install ffmpeg",
    );
}

#[test]
fn a_movie_into_a_missing_folder_fails_at_once_with_a_message() {
    let p = Project::new();
    world(&p, r#""/nonexistent-webots-shim/movie.mp4" "64" "48" "1" "fails""#);
    let out = p.run("movie.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("movie failure test passed");
    out.assert_stderr_has(
        "Error: wb_supervisor_movie_start_recording(): no movie recorded: cannot write \
         '/nonexistent-webots-shim/movie.mp4': no such folder.",
    );
}
