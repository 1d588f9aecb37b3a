//! The devices that make no samples of the world, as a Webots user sees them: a speaker keeps what it
//! plays (for the length of the WAV file) and speaks, a microphone hears silence, a skin has no bones
//! without its mesh, a Radio node keeps its settings (its fields follow) and sends nowhere, and the
//! remote-control calls with no library loaded.

mod common;

use common::{Project, RunOutput};

const WORLD: &str = r#"#VRML_SIM R2025a utf8
WorldInfo { basicTimeStep 32 }
Robot {
  controller "media_probe"
  supervisor TRUE
  children [
    Speaker { }
    Microphone { }
    Skin { }
    DEF RADIO Radio { address "robot-1" channel 3 frequency 2.4e9 }
  ]
}
"#;

/// A 100 ms mono WAV file at 8 kHz.
fn beep(path: &std::path::Path) {
    let spec =
        hound::WavSpec { channels: 1, sample_rate: 8000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut w = hound::WavWriter::create(path, spec).unwrap();
    for i in 0..800 {
        w.write_sample(((i as f64 * 0.3).sin() * 8000.0) as i16).unwrap();
    }
    w.finalize().unwrap();
}

/// Runs `WORLD` with the C or the Python `media_probe`; checks what its speaker plays and says.
fn run_media(python: bool) -> RunOutput {
    let p = Project::new();
    p.world("media.wbt", WORLD);
    if python {
        p.python_controller("media_probe", "media_probe");
    } else {
        p.controller("media_probe", "media_probe");
    }
    let dir = p.path().join("controllers/media_probe");
    beep(&dir.join("beep.wav"));
    beep(&dir.join("hum.wav"));
    let out = if python { p.run_with_home("media.wbt", &[]) } else { p.run("media.wbt", &[]) };
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    // beep.wav plays 100 ms, hum.wav loops until stopped, an unreadable file is over at the next step
    assert_eq!(
        out.robot_lines("robot"),
        [
            "t=0 beep 1 hum 1 nowhere 1",
            "t=32 beep 1 hum 1 nowhere 0",
            "t=64 beep 1 hum 1 nowhere 0",
            "t=96 beep 1 hum 1 nowhere 0",
            "after stop any 0",
            "speaking 1",
            "speaking after a step 1",
            "speaking after 11 steps 0",
            "media done",
        ],
        "{}",
        out.stderr
    );
    for message in [
        "Warning: wb_speaker_play_sound() called with a volume value greater than 1: 2. Setting volume to 1.",
        "Error: wb_speaker_set_language() called with an invalid 'language' argument: \"french\".",
        " - \"it-IT\"",
        "Error: The index of wb_skin_get_bone_name() is out of the bounds.",
        "Error: The index of wb_skin_set_bone_position() is out of the bounds.",
    ] {
        out.assert_stderr_has(message);
    }
    out
}

#[test]
fn speakers_microphones_skins_radios_and_remote_control() {
    let out = run_media(false);
    out.assert_stderr_has("Error: wb_radio_set_tx_power(): invalid negative or zero dBm argument: -1.000000.");
    out.assert_stderr_has("Error: wbr_display_save_image(): invalid device tag.");
    assert!(!out.stdout.contains("radio event"), "nothing is received");
}

#[test]
fn speakers_microphones_and_skins_from_python() {
    // (Webots' Python package has no Radio class; the probe checks the rest itself)
    run_media(true);
}

#[test]
fn remote_control_setters_give_the_getters_their_values() {
    let p = Project::new();
    p.world(
        "remote.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\n\
         Robot { controller \"remote_values\" children [ \
           HingeJoint { device [ RotationalMotor { name \"motor\" } PositionSensor { } ] endPoint Solid { } } \
           GPS { } TouchSensor { name \"bumper\" } ] }\n",
    );
    p.controller("remote_values", "remote_values");
    let out = p.run("remote.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("remote values passed");
    out.assert_stderr_has("Error: wbr_motor_set_torque_feedback(): invalid device tag.");
}

#[test]
fn webots_speaker_test_speech_and_a_looping_file_play_when_and_as_long_as_webots_says() {
    let p = Project::new();
    p.world(
        "speaker.wbt",
        "#VRML_SIM R2025a utf8\nWorldInfo { basicTimeStep 32 }\nRobot { controller \"speaker_webots\" children [ Speaker { } ] }\n",
    );
    p.controller("speaker_webots", "speaker_webots");
    // a 100 ms file: the loop, not its length, keeps it playing
    beep(&p.path().join("controllers/speaker_webots/sound.wav"));
    let out = p.run("speaker.wbt", &[]);
    assert!(out.status.success(), "{}\n{}", out.stdout, out.stderr);
    out.assert_stdout_has("speaker sequence passed");
}
