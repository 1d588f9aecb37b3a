//! The embedded table of the base nodes webots-shim models: field names, types and defaults as
//! Webots documents them. A node type derives from a base type (Solid from Pose, devices from
//! Solid...) and may override the default of `name`.
//!
//! "Closed" types are modelled completely: an unknown field there is reported and skipped. "Open"
//! types list only the fields this crate needs; other written fields are kept untyped, silently.

use super::value::{FieldType, FieldValue};

/// A field default.
#[derive(Debug)]
pub(crate) enum Dflt {
    B(bool),
    I(i32),
    F(f64),
    V2([f64; 2]),
    V3([f64; 3]),
    /// SFColor.
    C([f64; 3]),
    R([f64; 4]),
    S(&'static str),
    /// SFNode NULL.
    Null,
    /// An empty MF value of this type.
    Empty(FieldType),
    /// A non-empty MFVec3f.
    V3List(&'static [[f64; 3]]),
    /// A non-empty MFColor.
    CList(&'static [[f64; 3]]),
    /// A non-empty MFFloat.
    FList(&'static [f64]),
}

#[derive(Debug)]
pub(crate) struct FieldSpec {
    pub name: &'static str,
    pub default: Dflt,
}

impl FieldSpec {
    pub fn ty(&self) -> FieldType {
        match self.default {
            Dflt::B(_) => FieldType::SFBool,
            Dflt::I(_) => FieldType::SFInt32,
            Dflt::F(_) => FieldType::SFFloat,
            Dflt::V2(_) => FieldType::SFVec2f,
            Dflt::V3(_) => FieldType::SFVec3f,
            Dflt::C(_) => FieldType::SFColor,
            Dflt::R(_) => FieldType::SFRotation,
            Dflt::S(_) => FieldType::SFString,
            Dflt::Null => FieldType::SFNode,
            Dflt::Empty(t) => t,
            Dflt::V3List(_) => FieldType::MFVec3f,
            Dflt::CList(_) => FieldType::MFColor,
            Dflt::FList(_) => FieldType::MFFloat,
        }
    }

    fn value(&self) -> FieldValue {
        match &self.default {
            Dflt::B(b) => FieldValue::SFBool(*b),
            Dflt::I(i) => FieldValue::SFInt32(*i),
            Dflt::F(f) => FieldValue::SFFloat(*f),
            Dflt::V2(v) => FieldValue::SFVec2f(*v),
            Dflt::V3(v) => FieldValue::SFVec3f(*v),
            Dflt::C(v) => FieldValue::SFColor(*v),
            Dflt::R(v) => FieldValue::SFRotation(*v),
            Dflt::S(s) => FieldValue::SFString((*s).to_string()),
            Dflt::Null => FieldValue::SFNode(None),
            Dflt::Empty(t) => t.neutral(),
            Dflt::V3List(l) => FieldValue::MFVec3f(l.to_vec()),
            Dflt::CList(l) => FieldValue::MFColor(l.to_vec()),
            Dflt::FList(l) => FieldValue::MFFloat(l.to_vec()),
        }
    }
}

#[derive(Debug)]
pub(crate) struct NodeSchema {
    pub name: &'static str,
    pub base: Option<&'static str>,
    /// Default of the `name` field for this type (overrides the base's).
    pub default_name: Option<&'static str>,
    pub fields: &'static [FieldSpec],
    /// Only part of the type is modelled: unknown written fields are kept untyped, silently.
    pub open: bool,
    /// Deprecated fields still accepted (typed) when written, never defaulted.
    pub legacy: &'static [(&'static str, FieldType)],
}

const fn f(name: &'static str, default: Dflt) -> FieldSpec {
    FieldSpec { name, default }
}

use Dflt::*;
use FieldType as T;

const POSE_FIELDS: &[FieldSpec] = &[
    f("translation", V3([0.0, 0.0, 0.0])),
    f("rotation", R([0.0, 0.0, 1.0, 0.0])),
    f("children", Empty(T::MFNode)),
    f("translationStep", F(0.01)),
    f("rotationStep", F(0.261799387)),
];

const SOLID_FIELDS: &[FieldSpec] = &[
    f("name", S("solid")),
    f("model", S("")),
    f("description", S("")),
    f("contactMaterial", S("default")),
    f("immersionProperties", Empty(T::MFNode)),
    f("boundingObject", Null),
    f("physics", Null),
    f("locked", B(false)),
    f("radarCrossSection", F(0.0)),
    f("recognitionColors", Empty(T::MFColor)),
    f("translationStep", F(0.01)),
    f("rotationStep", F(0.261799387)),
    f("linearVelocity", V3([0.0, 0.0, 0.0])),
    f("angularVelocity", V3([0.0, 0.0, 0.0])),
];

/// Pseudo base of the devices that are not Solids (motors, sensors of joints, Skin).
const DEVICE_FIELDS: &[FieldSpec] = &[f("name", S("")), f("model", S(""))];

/// A motor's fields, with its force limit (`maxTorque` or `maxForce`).
macro_rules! motor_fields {
    ($force:literal) => {
        &[
            f("acceleration", F(-1.0)),
            f("consumptionFactor", F(10.0)),
            f("controlPID", V3([10.0, 0.0, 0.0])),
            f("minPosition", F(0.0)),
            f("maxPosition", F(0.0)),
            f("maxVelocity", F(10.0)),
            f("multiplier", F(1.0)),
            f("sound", S("")),
            f("muscles", Empty(T::MFNode)),
            f($force, F(10.0)),
        ]
    };
}

const fn closed(name: &'static str, base: Option<&'static str>, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base, default_name: None, fields, open: false, legacy: &[] }
}

/// A Solid-derived device modelled only partly: Solid's fields, its default name, a few own fields.
const fn solid_device(name: &'static str, default_name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: Some("Solid"), default_name: Some(default_name), fields, open: true, legacy: &[] }
}

/// A non-Solid node modelled only partly (appearances, lights, camera parts).
const fn open_node(name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: None, default_name: None, fields, open: true, legacy: &[] }
}

const fn device(name: &'static str, default_name: &'static str, fields: &'static [FieldSpec]) -> NodeSchema {
    NodeSchema { name, base: Some("Device"), default_name: Some(default_name), fields, open: true, legacy: &[] }
}

const AXES_FIELDS: &[FieldSpec] = &[
    f("lookupTable", Empty(T::MFVec3f)),
    f("xAxis", B(true)),
    f("yAxis", B(true)),
    f("zAxis", B(true)),
    f("resolution", F(-1.0)),
];

mod device_nodes;
mod look_nodes;
mod scene_nodes;

/// Every modelled node type.
fn tables() -> impl Iterator<Item = &'static NodeSchema> {
    scene_nodes::NODES.iter().chain(device_nodes::NODES).chain(look_nodes::NODES)
}

/// The modelled base type of this name ("Device", an internal pseudo base, is not a node type).
pub(crate) fn schema(name: &str) -> Option<&'static NodeSchema> {
    if name == "Device" {
        return None;
    }
    lookup(name)
}

fn lookup(name: &str) -> Option<&'static NodeSchema> {
    tables().find(|s| s.name == name)
}

/// The chain from the root base type down to `s` (at most a few levels).
fn chain(s: &'static NodeSchema) -> Vec<&'static NodeSchema> {
    let mut out = vec![s];
    let mut cur = s;
    while let Some(b) = cur.base.and_then(lookup) {
        if out.len() > 8 {
            break;
        }
        out.push(b);
        cur = b;
    }
    out.reverse();
    out
}

/// Every field of a type, base fields first, with its default for this type.
pub(crate) fn all_fields(s: &'static NodeSchema) -> Vec<(&'static FieldSpec, FieldValue)> {
    let chain = chain(s);
    let name_default = chain.iter().rev().find_map(|c| c.default_name);
    let mut out: Vec<(&'static FieldSpec, FieldValue)> = Vec::new();
    for c in chain {
        for spec in c.fields {
            let value = match (spec.name, name_default) {
                ("name", Some(n)) => FieldValue::SFString(n.to_string()),
                _ => spec.value(),
            };
            // A derived type restates a base field to give it its own default or to place it where
            // Webots lists it (field indices are visible through the supervisor API).
            out.retain(|(s, _)| s.name != spec.name);
            out.push((spec, value));
        }
    }
    out
}

/// The type of a field of this schema (legacy fields included).
pub(crate) fn field_type(s: &'static NodeSchema, name: &str) -> Option<FieldType> {
    for c in chain(s).into_iter().rev() {
        if let Some(spec) = c.fields.iter().find(|f| f.name == name) {
            return Some(spec.ty());
        }
        if let Some((_, t)) = c.legacy.iter().find(|(n, _)| *n == name) {
            return Some(*t);
        }
    }
    None
}

/// Whether unknown fields are kept (partly modelled type).
pub(crate) fn is_open(s: &'static NodeSchema) -> bool {
    s.open
}

/// The default of one field of a type, if the type is modelled and has that field.
pub(crate) fn default_of(type_name: &str, field: &str) -> Option<FieldValue> {
    let s = schema(type_name)?;
    all_fields(s).into_iter().find(|(spec, _)| spec.name == field).map(|(_, v)| v)
}

/// Whether a modelled type derives from Solid (Solid itself included).
pub(crate) fn is_solid_derived(type_name: &str) -> bool {
    schema(type_name).is_some_and(|s| chain(s).iter().any(|c| c.name == "Solid"))
}

/// Node types renamed by Webots over the years: old name → current name.
pub(crate) fn renamed(name: &str) -> &str {
    match name {
        "CameraFocus" => "Focus",
        "CameraLensDistortion" => "Lens",
        "CameraZoom" => "Zoom",
        other => other,
    }
}
