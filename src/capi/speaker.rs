//! `speaker.h`: speakers are silent headless, but keep what they play: a sound plays for the length of
//! its WAV file (read with hound, divided by the pitch; forever when looping), text is spoken until the
//! next step, and the engine and language follow Webots' rules.

use std::ffi::{c_char, c_double, CString};

use super::types::{WbBool, WbDeviceTag};
use super::{c_str_arg, is_local, local_call, local_call_at, with_controller};
use crate::controller::global;
use crate::controller::media::{speech_ms, SpeakerState};

const PICO_LANGUAGES: [&str; 6] = ["en-US", "en-UK", "de-DE", "es-ES", "fr-FR", "it-IT"];

/// How long `sound` plays (ms), from its WAV header; `None` when it cannot be read.
fn length_ms(sound: &str, pitch: f64) -> Option<f64> {
    let reader = hound::WavReader::open(sound).ok()?;
    let rate = f64::from(reader.spec().sample_rate);
    (rate > 0.0).then(|| f64::from(reader.duration()) / rate * 1000.0 / pitch)
}

fn arg(p: *const c_char) -> Option<String> {
    // SAFETY: a NUL-terminated string from the caller, or NULL.
    unsafe { c_str_arg(p) }.map(|s| s.to_string_lossy().into_owned())
}

/// Plays `sound` on `left` and `right` (the same tag for one speaker), with Webots' checks of the
/// volume, pitch and balance.
#[no_mangle]
pub extern "C" fn wb_speaker_play_sound(
    left: WbDeviceTag,
    right: WbDeviceTag,
    sound: *const c_char,
    volume: c_double,
    pitch: c_double,
    balance: c_double,
    r#loop: WbBool,
) {
    let func = "wb_speaker_play_sound";
    let is_speaker =
        |tag: WbDeviceTag| global::with(|c| is_local::<SpeakerState>(c.device_state(tag))).unwrap_or(false);
    if global::with(|_| ()).is_none() {
        return with_controller(func, (), |_| ());
    }
    for (tag, side) in [(left, "left"), (right, "right")] {
        if tag != 0 && !is_speaker(tag) {
            eprintln!("Error: {func}(): invalid '{side}' device tag.");
            return;
        }
    }
    let Some(sound) = arg(sound) else {
        eprintln!("Error: {func}() called with a NULL 'sound' argument.");
        return;
    };
    let mut volume = volume;
    if volume < 0.0 {
        eprintln!("Warning: {func}() called with a negative volume value: {volume}. Setting volume to 0.");
        volume = 0.0;
    }
    if volume > 1.0 {
        eprintln!("Warning: {func}() called with a volume value greater than 1: {volume}. Setting volume to 1.");
        volume = 1.0;
    }
    let mut pitch = pitch;
    if pitch < 0.0 {
        eprintln!("Warning: {func}() called with a negative pitch value: {pitch}. Setting pitch to 0.");
        pitch = 0.0;
    }
    let mut balance = balance;
    if balance < -1.0 {
        eprintln!("Warning: {func}() called with a balance value less than -1: {balance}. Setting balance to -1.");
        balance = -1.0;
    }
    if balance > 1.0 {
        eprintln!("Warning: {func}() called with a balance value greater than 1: {balance}. Setting balance to 1.");
        balance = 1.0;
    }
    let (left_volume, right_volume) =
        if balance <= 0.0 { (volume, volume * (1.0 + balance)) } else { (volume * (1.0 - balance), volume) };
    // a sound of unknown length is over at the next step
    let length = if r#loop != 0 || pitch == 0.0 { Some(f64::INFINITY) } else { length_ms(&sound, pitch) };
    let play = |tag: WbDeviceTag| {
        local_call_at(func, tag, (), |s: &mut SpeakerState, now| s.play(&sound, now + length.unwrap_or(1e-6)))
    };
    if left == right && volume > 0.0 && left != 0 {
        play(left);
    } else {
        if left_volume > 0.0 && left != 0 {
            play(left);
        }
        if right_volume > 0.0 && right != 0 {
            play(right);
        }
    }
}

/// Stops `sound`, or every sound and the speech for NULL or "".
#[no_mangle]
pub extern "C" fn wb_speaker_stop(tag: WbDeviceTag, sound: *const c_char) {
    let sound = arg(sound).filter(|s| !s.is_empty());
    local_call("wb_speaker_stop", tag, (), |s: &mut SpeakerState| match sound {
        Some(name) => s.sounds.retain(|x| x.name != name),
        None => {
            s.sounds.clear();
            s.speech = None;
        }
    })
}

/// Whether `sound` plays (any sound or speech for NULL or "").
#[no_mangle]
pub extern "C" fn wb_speaker_is_sound_playing(tag: WbDeviceTag, sound: *const c_char) -> WbBool {
    let sound = arg(sound).filter(|s| !s.is_empty());
    local_call_at("wb_speaker_is_sound_playing", tag, 0, |s: &mut SpeakerState, now| {
        s.expire(now);
        WbBool::from(match sound {
            Some(name) => s.sounds.iter().any(|x| x.name == name),
            None => s.speech.is_some() || !s.sounds.is_empty(),
        })
    })
}

/// "pico" (the only text-to-speech engine on Linux): true; anything else: false.
#[no_mangle]
pub extern "C" fn wb_speaker_set_engine(tag: WbDeviceTag, engine: *const c_char) -> WbBool {
    let engine = arg(engine);
    local_call("wb_speaker_set_engine", tag, 0, |s: &mut SpeakerState| {
        if engine.as_deref() == Some("pico") {
            s.engine = CString::new("pico").unwrap_or_default();
            1
        } else {
            0
        }
    })
}

/// A language of the engine ("ll-CC"): true when available; false, with Webots' help text for a
/// malformed one.
#[no_mangle]
pub extern "C" fn wb_speaker_set_language(tag: WbDeviceTag, language: *const c_char) -> WbBool {
    let func = "wb_speaker_set_language";
    let language = arg(language).unwrap_or_default();
    local_call(func, tag, 0, |s: &mut SpeakerState| {
        let b = language.as_bytes();
        let well_formed = b.len() == 5
            && b[2] == b'-'
            && b[..2].iter().all(u8::is_ascii_lowercase)
            && b[3..].iter().all(u8::is_ascii_uppercase);
        if !well_formed {
            eprintln!("Error: {func}() called with an invalid 'language' argument: \"{language}\".");
            eprintln!("'language' should follow the \"ll-CC\" format where ll is the ISO 639-1 language code and CC is the ISO 3166 country code, for example, \"en-US\" or \"fr-FR\".");
            eprintln!("Available languages for \"{}\" engine include:", s.engine.to_string_lossy());
            for l in PICO_LANGUAGES {
                eprintln!(" - \"{l}\"");
            }
            return 0;
        }
        if !PICO_LANGUAGES.contains(&language.as_str()) {
            return 0;
        }
        s.language = CString::new(language.clone()).unwrap_or_default();
        1
    })
}

#[no_mangle]
pub extern "C" fn wb_speaker_get_engine(tag: WbDeviceTag) -> *const c_char {
    local_call("wb_speaker_get_engine", tag, std::ptr::null(), |s: &mut SpeakerState| s.engine.as_ptr())
}

#[no_mangle]
pub extern "C" fn wb_speaker_get_language(tag: WbDeviceTag) -> *const c_char {
    local_call("wb_speaker_get_language", tag, std::ptr::null(), |s: &mut SpeakerState| s.language.as_ptr())
}

/// Speaks `text` (silently): it is spoken for the time its characters take (`speech_ms`).
#[no_mangle]
pub extern "C" fn wb_speaker_speak(tag: WbDeviceTag, text: *const c_char, volume: c_double) {
    let func = "wb_speaker_speak";
    if volume < 0.0 {
        eprintln!("Warning: {func}() called with negative volume value: {volume}. Setting volume to 0.");
    }
    if volume > 1.0 {
        eprintln!("Warning: {func}() called with volume value greater than 1: {volume}. Setting volume to 1.");
    }
    let text = arg(text).unwrap_or_default();
    local_call_at(func, tag, (), |s: &mut SpeakerState, now| {
        let end = now + speech_ms(&text);
        s.speech = Some((text, end))
    })
}

#[no_mangle]
pub extern "C" fn wb_speaker_is_speaking(tag: WbDeviceTag) -> WbBool {
    local_call_at("wb_speaker_is_speaking", tag, 0, |s: &mut SpeakerState, now| {
        s.expire(now);
        WbBool::from(s.speech.is_some())
    })
}
