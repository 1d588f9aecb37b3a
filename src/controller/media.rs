//! Controller-side state of the devices that make no samples of the world: speakers (silent: what
//! plays and for how long is kept), microphones (silent: empty samples), pens (their calls go to the
//! world) and skins (no bones without their mesh).

use std::ffi::CString;

use super::local::{LocalDevice, Period};
use crate::protocol::{Command, DeviceCommand, DeviceCommands, EventRef, ImagerCommand};

/// A sound a speaker plays: until `end_ms` (simulated time), forever when looping or of unknown length.
#[derive(Debug, Clone)]
pub struct Sound {
    pub name: String,
    pub end_ms: f64,
}

#[derive(Debug)]
pub struct SpeakerState {
    pub sounds: Vec<Sound>,
    /// The text being spoken and when it ends.
    pub speech: Option<(String, f64)>,
    pub engine: CString,
    pub language: CString,
}

impl Default for SpeakerState {
    fn default() -> SpeakerState {
        SpeakerState {
            sounds: Vec::new(),
            speech: None,
            engine: CString::new("pico").unwrap_or_default(),
            language: CString::new("en-US").unwrap_or_default(),
        }
    }
}

/// How long saying `text` takes, ms: 15 characters a second (about 150 words a minute, a text-to-speech
/// engine's usual pace), the characters of SSML tags (`<prosody ...>`) aside.
pub fn speech_ms(text: &str) -> f64 {
    let mut spoken = 0usize;
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => spoken += 1,
            _ => {}
        }
    }
    spoken as f64 * 1000.0 / 15.0
}

impl SpeakerState {
    /// Forgets what has finished by `now_ms`.
    pub fn expire(&mut self, now_ms: f64) {
        self.sounds.retain(|s| s.end_ms > now_ms);
        if self.speech.as_ref().is_some_and(|(_, end)| *end <= now_ms) {
            self.speech = None;
        }
    }

    pub fn play(&mut self, name: &str, end_ms: f64) {
        self.sounds.retain(|s| s.name != name);
        self.sounds.push(Sound { name: name.to_string(), end_ms });
    }
}

impl LocalDevice for SpeakerState {
    fn write_request(&mut self, _tag: u16, _duration_ms: u32, _out: &mut DeviceCommands) {}
    fn read_event(&mut self, _event: EventRef<'_>) {}
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[derive(Debug, Default)]
pub struct MicrophoneState {
    pub period: Period,
    /// The last sample's bytes: empty (silence), unless a remote-control library set them.
    pub sample: Vec<u8>,
}

impl LocalDevice for MicrophoneState {
    fn write_request(&mut self, _tag: u16, _duration_ms: u32, _out: &mut DeviceCommands) {}
    fn read_event(&mut self, _event: EventRef<'_>) {}
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[derive(Debug, Default)]
pub struct PenState {
    pending: Vec<ImagerCommand>,
}

impl PenState {
    pub fn push(&mut self, command: ImagerCommand) {
        // only the last call of each kind matters for the next step
        self.pending.retain(|c| std::mem::discriminant(c) != std::mem::discriminant(&command));
        self.pending.push(command);
    }
}

impl LocalDevice for PenState {
    fn write_request(&mut self, tag: u16, _duration_ms: u32, out: &mut DeviceCommands) {
        for c in self.pending.drain(..) {
            out.push(DeviceCommand { tag, command: Command::Imager(c) });
        }
    }
    fn read_event(&mut self, _event: EventRef<'_>) {}
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[derive(Debug, Default)]
pub struct SkinState;

impl LocalDevice for SkinState {
    fn write_request(&mut self, _tag: u16, _duration_ms: u32, _out: &mut DeviceCommands) {}
    fn read_event(&mut self, _event: EventRef<'_>) {}
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::speech_ms;

    #[test]
    fn speech_lasts_as_long_as_its_spoken_characters() {
        assert!((speech_ms("Hello test suite!") - 17.0 * 1000.0 / 15.0).abs() < 1e-9);
        assert_eq!(speech_ms("<prosody rate=\"fast\">hi</prosody>"), speech_ms("hi"));
        assert_eq!(speech_ms(""), 0.0);
    }
}
