//! Webots' run-time checks of Emitter and Receiver fields (the ones it makes only when a field
//! changes, not at load): corrected values are written back into the scene, with Webots' warnings.

use crate::world::scene::{FieldValue, NodeId, Scene};

fn set_float(scene: &mut Scene, node: NodeId, field: &str, value: f64) {
    if let Some(FieldValue::SFFloat(v)) = scene.field_mut(node, field) {
        *v = value;
    }
}

fn set_int(scene: &mut Scene, node: NodeId, field: &str, value: i32) {
    if let Some(FieldValue::SFInt32(v)) = scene.field_mut(node, field) {
        *v = value;
    }
}

/// A value that must be -1 or positive: anything else becomes -1, with the field checker's warning.
fn positive_or_minus_one(scene: &mut Scene, node: NodeId, field: &str, warnings: &mut Vec<String>) {
    let v = scene.sf_float(node, field);
    if v <= 0.0 && v != -1.0 {
        warnings.push(format!(
            "{}: Invalid '{field}' changed to -1. The value should be either -1 or positive.",
            scene.describe(node)
        ));
        if matches!(scene.field(node, field), Some(FieldValue::SFInt32(_))) {
            set_int(scene, node, field, -1);
        } else {
            set_float(scene, node, field, -1.0);
        }
    }
}

/// `channel` must be in a non-empty `allowedChannels`: otherwise it becomes the first allowed one.
fn check_channel(scene: &mut Scene, node: NodeId, field: &str, warnings: &mut Vec<String>) {
    let allowed = scene.mf_int(node, "allowedChannels");
    let channel = scene.sf_int(node, "channel");
    let Some(&first) = allowed.first() else { return };
    if allowed.contains(&channel) {
        return;
    }
    let msg = if field == "channel" {
        format!("'channel' is not included in 'allowedChannels'. Setting 'channel' to {first}")
    } else {
        format!("'allowedChannels' does not contain current 'channel'. Setting 'channel' to {first}.")
    };
    warnings.push(format!("{}: {msg}", scene.describe(node)));
    set_int(scene, node, "channel", first);
}

/// `range` is -1 or positive, and no more than a finite `maxRange`.
fn check_range(scene: &mut Scene, node: NodeId, warnings: &mut Vec<String>) {
    positive_or_minus_one(scene, node, "range", warnings);
    let (range, max) = (scene.sf_float(node, "range"), scene.sf_float(node, "maxRange"));
    if max != -1.0 && (range > max || range == -1.0) {
        warnings.push(format!("{}: 'range' must be less than or equal to 'maxRange'.", scene.describe(node)));
        set_float(scene, node, "range", max);
    }
}

pub fn check_emitter_field(scene: &mut Scene, node: NodeId, field: &str, warnings: &mut Vec<String>) {
    match field {
        "range" => check_range(scene, node, warnings),
        "maxRange" => {
            positive_or_minus_one(scene, node, "maxRange", warnings);
            check_range(scene, node, warnings);
        }
        "bufferSize" => positive_or_minus_one(scene, node, "bufferSize", warnings),
        "channel" | "allowedChannels" => check_channel(scene, node, field, warnings),
        _ => {}
    }
}

pub fn check_receiver_field(scene: &mut Scene, node: NodeId, field: &str, warnings: &mut Vec<String>) {
    match field {
        "bufferSize" => positive_or_minus_one(scene, node, "bufferSize", warnings),
        "channel" | "allowedChannels" => check_channel(scene, node, field, warnings),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::scene::{parse_world_str, LoadOptions};

    fn scene(emitter_fields: &str) -> (Scene, NodeId) {
        let text = format!("#VRML_SIM R2025a utf8\nRobot {{ children [ Emitter {{ {emitter_fields} }} ] }}\n");
        let s = parse_world_str(&text, "t.wbt", std::path::Path::new("."), &LoadOptions::default()).unwrap();
        let e = s.preorder().into_iter().find(|&n| s.type_name(n) == "Emitter").unwrap();
        (s, e)
    }

    #[test]
    fn range_beyond_max_range_is_clipped_with_webots_warning() {
        let (mut s, e) = scene("range 5 maxRange 2");
        let mut w = Vec::new();
        check_emitter_field(&mut s, e, "range", &mut w);
        assert_eq!(s.sf_float(e, "range"), 2.0);
        assert_eq!(w, vec!["Emitter \"emitter\": 'range' must be less than or equal to 'maxRange'.".to_string()]);
    }

    #[test]
    fn non_positive_values_become_minus_one() {
        let (mut s, e) = scene("range 0 bufferSize 0");
        let mut w = Vec::new();
        check_emitter_field(&mut s, e, "range", &mut w);
        check_emitter_field(&mut s, e, "bufferSize", &mut w);
        assert_eq!(s.sf_float(e, "range"), -1.0);
        assert_eq!(s.sf_int(e, "bufferSize"), -1);
        assert_eq!(w.len(), 2);
    }

    #[test]
    fn channel_outside_allowed_channels_takes_the_first() {
        let (mut s, e) = scene("channel 7 allowedChannels [ 3 4 ]");
        let mut w = Vec::new();
        check_emitter_field(&mut s, e, "channel", &mut w);
        assert_eq!(s.sf_int(e, "channel"), 3);
        assert!(w[0].ends_with("'channel' is not included in 'allowedChannels'. Setting 'channel' to 3"), "{w:?}");
    }
}
