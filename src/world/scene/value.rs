//! Field types and values, numbered like Webots' `WbFieldType` (SF types 1..9, MF = SF | 0x10).

use super::tree::NodeId;

/// The 18 VRML field types Webots uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldType {
    SFBool,
    SFInt32,
    SFFloat,
    SFVec2f,
    SFVec3f,
    SFRotation,
    SFColor,
    SFString,
    SFNode,
    MFBool,
    MFInt32,
    MFFloat,
    MFVec2f,
    MFVec3f,
    MFRotation,
    MFColor,
    MFString,
    MFNode,
}

const ALL_TYPES: [FieldType; 18] = [
    FieldType::SFBool,
    FieldType::SFInt32,
    FieldType::SFFloat,
    FieldType::SFVec2f,
    FieldType::SFVec3f,
    FieldType::SFRotation,
    FieldType::SFColor,
    FieldType::SFString,
    FieldType::SFNode,
    FieldType::MFBool,
    FieldType::MFInt32,
    FieldType::MFFloat,
    FieldType::MFVec2f,
    FieldType::MFVec3f,
    FieldType::MFRotation,
    FieldType::MFColor,
    FieldType::MFString,
    FieldType::MFNode,
];

impl FieldType {
    /// The VRML spelling, e.g. "SFVec3f".
    pub fn name(self) -> &'static str {
        match self {
            FieldType::SFBool => "SFBool",
            FieldType::SFInt32 => "SFInt32",
            FieldType::SFFloat => "SFFloat",
            FieldType::SFVec2f => "SFVec2f",
            FieldType::SFVec3f => "SFVec3f",
            FieldType::SFRotation => "SFRotation",
            FieldType::SFColor => "SFColor",
            FieldType::SFString => "SFString",
            FieldType::SFNode => "SFNode",
            FieldType::MFBool => "MFBool",
            FieldType::MFInt32 => "MFInt32",
            FieldType::MFFloat => "MFFloat",
            FieldType::MFVec2f => "MFVec2f",
            FieldType::MFVec3f => "MFVec3f",
            FieldType::MFRotation => "MFRotation",
            FieldType::MFColor => "MFColor",
            FieldType::MFString => "MFString",
            FieldType::MFNode => "MFNode",
        }
    }

    /// Parses a VRML type name ("SFVec3f"); `None` for anything else.
    pub fn from_name(name: &str) -> Option<FieldType> {
        ALL_TYPES.iter().copied().find(|t| t.name() == name)
    }

    /// Webots' `WbFieldType` value.
    pub fn code(self) -> i32 {
        let sf = match self.single() {
            FieldType::SFBool => 1,
            FieldType::SFInt32 => 2,
            FieldType::SFFloat => 3,
            FieldType::SFVec2f => 4,
            FieldType::SFVec3f => 5,
            FieldType::SFRotation => 6,
            FieldType::SFColor => 7,
            FieldType::SFString => 8,
            _ => 9,
        };
        if self.is_multiple() {
            sf | 0x10
        } else {
            sf
        }
    }

    pub fn is_multiple(self) -> bool {
        matches!(
            self,
            FieldType::MFBool
                | FieldType::MFInt32
                | FieldType::MFFloat
                | FieldType::MFVec2f
                | FieldType::MFVec3f
                | FieldType::MFRotation
                | FieldType::MFColor
                | FieldType::MFString
                | FieldType::MFNode
        )
    }

    /// The single-value type of an MF type (itself for SF types).
    pub fn single(self) -> FieldType {
        match self {
            FieldType::MFBool => FieldType::SFBool,
            FieldType::MFInt32 => FieldType::SFInt32,
            FieldType::MFFloat => FieldType::SFFloat,
            FieldType::MFVec2f => FieldType::SFVec2f,
            FieldType::MFVec3f => FieldType::SFVec3f,
            FieldType::MFRotation => FieldType::SFRotation,
            FieldType::MFColor => FieldType::SFColor,
            FieldType::MFString => FieldType::SFString,
            FieldType::MFNode => FieldType::SFNode,
            sf => sf,
        }
    }

    pub fn is_node(self) -> bool {
        matches!(self, FieldType::SFNode | FieldType::MFNode)
    }

    /// How many numbers one value of this (single) type takes; 0 for non-numeric types.
    pub(crate) fn number_count(self) -> usize {
        match self.single() {
            FieldType::SFInt32 | FieldType::SFFloat => 1,
            FieldType::SFVec2f => 2,
            FieldType::SFVec3f | FieldType::SFColor => 3,
            FieldType::SFRotation => 4,
            _ => 0,
        }
    }

    /// The neutral value of this type: false, 0, 0.0, zero vectors, rotation 0 0 1 0, "", NULL, [].
    pub fn neutral(self) -> FieldValue {
        match self {
            FieldType::SFBool => FieldValue::SFBool(false),
            FieldType::SFInt32 => FieldValue::SFInt32(0),
            FieldType::SFFloat => FieldValue::SFFloat(0.0),
            FieldType::SFVec2f => FieldValue::SFVec2f([0.0; 2]),
            FieldType::SFVec3f => FieldValue::SFVec3f([0.0; 3]),
            FieldType::SFRotation => FieldValue::SFRotation([0.0, 0.0, 1.0, 0.0]),
            FieldType::SFColor => FieldValue::SFColor([0.0; 3]),
            FieldType::SFString => FieldValue::SFString(String::new()),
            FieldType::SFNode => FieldValue::SFNode(None),
            FieldType::MFBool => FieldValue::MFBool(Vec::new()),
            FieldType::MFInt32 => FieldValue::MFInt32(Vec::new()),
            FieldType::MFFloat => FieldValue::MFFloat(Vec::new()),
            FieldType::MFVec2f => FieldValue::MFVec2f(Vec::new()),
            FieldType::MFVec3f => FieldValue::MFVec3f(Vec::new()),
            FieldType::MFRotation => FieldValue::MFRotation(Vec::new()),
            FieldType::MFColor => FieldValue::MFColor(Vec::new()),
            FieldType::MFString => FieldValue::MFString(Vec::new()),
            FieldType::MFNode => FieldValue::MFNode(Vec::new()),
        }
    }
}

/// A field's value. Node-valued fields hold ids into `Scene::nodes`.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    SFBool(bool),
    SFInt32(i32),
    SFFloat(f64),
    SFVec2f([f64; 2]),
    SFVec3f([f64; 3]),
    SFRotation([f64; 4]),
    SFColor([f64; 3]),
    SFString(String),
    SFNode(Option<NodeId>),
    MFBool(Vec<bool>),
    MFInt32(Vec<i32>),
    MFFloat(Vec<f64>),
    MFVec2f(Vec<[f64; 2]>),
    MFVec3f(Vec<[f64; 3]>),
    MFRotation(Vec<[f64; 4]>),
    MFColor(Vec<[f64; 3]>),
    MFString(Vec<String>),
    MFNode(Vec<NodeId>),
}

impl FieldValue {
    pub fn field_type(&self) -> FieldType {
        match self {
            FieldValue::SFBool(_) => FieldType::SFBool,
            FieldValue::SFInt32(_) => FieldType::SFInt32,
            FieldValue::SFFloat(_) => FieldType::SFFloat,
            FieldValue::SFVec2f(_) => FieldType::SFVec2f,
            FieldValue::SFVec3f(_) => FieldType::SFVec3f,
            FieldValue::SFRotation(_) => FieldType::SFRotation,
            FieldValue::SFColor(_) => FieldType::SFColor,
            FieldValue::SFString(_) => FieldType::SFString,
            FieldValue::SFNode(_) => FieldType::SFNode,
            FieldValue::MFBool(_) => FieldType::MFBool,
            FieldValue::MFInt32(_) => FieldType::MFInt32,
            FieldValue::MFFloat(_) => FieldType::MFFloat,
            FieldValue::MFVec2f(_) => FieldType::MFVec2f,
            FieldValue::MFVec3f(_) => FieldType::MFVec3f,
            FieldValue::MFRotation(_) => FieldType::MFRotation,
            FieldValue::MFColor(_) => FieldType::MFColor,
            FieldValue::MFString(_) => FieldType::MFString,
            FieldValue::MFNode(_) => FieldType::MFNode,
        }
    }

    /// Webots' `WbFieldType` value of this value's type.
    pub fn type_code(&self) -> i32 {
        self.field_type().code()
    }

    /// The VRML type name, e.g. "SFVec3f".
    pub fn type_name(&self) -> &'static str {
        self.field_type().name()
    }

    /// Number of items of an MF value (1 for SF values).
    pub fn count(&self) -> usize {
        match self {
            FieldValue::MFBool(v) => v.len(),
            FieldValue::MFInt32(v) => v.len(),
            FieldValue::MFFloat(v) => v.len(),
            FieldValue::MFVec2f(v) => v.len(),
            FieldValue::MFVec3f(v) => v.len(),
            FieldValue::MFRotation(v) => v.len(),
            FieldValue::MFColor(v) => v.len(),
            FieldValue::MFString(v) => v.len(),
            FieldValue::MFNode(v) => v.len(),
            _ => 1,
        }
    }

    /// Converts between compatible shapes (int/float, a single value into a list, a flat number
    /// list into vectors). `None` when the value cannot be read as `ty`.
    pub(crate) fn coerce(self, ty: FieldType) -> Option<FieldValue> {
        if self.field_type() == ty {
            return Some(self);
        }
        let nums = self.numbers();
        match (self, ty) {
            (FieldValue::SFString(s), FieldType::MFString) => Some(FieldValue::MFString(vec![s])),
            (FieldValue::SFBool(b), FieldType::MFBool) => Some(FieldValue::MFBool(vec![b])),
            (FieldValue::SFNode(n), FieldType::MFNode) => Some(FieldValue::MFNode(n.into_iter().collect())),
            (FieldValue::MFNode(v), FieldType::SFNode) if v.len() <= 1 => Some(FieldValue::SFNode(v.first().copied())),
            (FieldValue::MFString(v), FieldType::SFString) if v.len() == 1 => {
                v.into_iter().next().map(FieldValue::SFString)
            }
            (_, ty) => {
                let nums = nums?;
                let n = ty.number_count();
                if n == 0 {
                    return None;
                }
                if ty.is_multiple() {
                    if nums.len() % n != 0 {
                        return None;
                    }
                    Some(from_numbers_mf(ty, &nums))
                } else if nums.len() == n {
                    from_numbers_sf(ty, &nums)
                } else {
                    None
                }
            }
        }
    }

    /// All numbers of a numeric value, flattened.
    fn numbers(&self) -> Option<Vec<f64>> {
        Some(match self {
            FieldValue::SFInt32(i) => vec![f64::from(*i)],
            FieldValue::SFFloat(f) => vec![*f],
            FieldValue::SFVec2f(v) => v.to_vec(),
            FieldValue::SFVec3f(v) | FieldValue::SFColor(v) => v.to_vec(),
            FieldValue::SFRotation(v) => v.to_vec(),
            FieldValue::MFInt32(v) => v.iter().map(|i| f64::from(*i)).collect(),
            FieldValue::MFFloat(v) => v.clone(),
            FieldValue::MFVec2f(v) => v.iter().flatten().copied().collect(),
            FieldValue::MFVec3f(v) | FieldValue::MFColor(v) => v.iter().flatten().copied().collect(),
            FieldValue::MFRotation(v) => v.iter().flatten().copied().collect(),
            _ => return None,
        })
    }
}

fn int_of(f: f64) -> Option<i32> {
    if f.fract() == 0.0 && f >= f64::from(i32::MIN) && f <= f64::from(i32::MAX) {
        Some(f as i32)
    } else {
        None
    }
}

fn from_numbers_sf(ty: FieldType, n: &[f64]) -> Option<FieldValue> {
    Some(match ty {
        FieldType::SFInt32 => FieldValue::SFInt32(int_of(*n.first()?)?),
        FieldType::SFFloat => FieldValue::SFFloat(*n.first()?),
        FieldType::SFVec2f => FieldValue::SFVec2f(n.try_into().ok()?),
        FieldType::SFVec3f => FieldValue::SFVec3f(n.try_into().ok()?),
        FieldType::SFColor => FieldValue::SFColor(n.try_into().ok()?),
        FieldType::SFRotation => FieldValue::SFRotation(n.try_into().ok()?),
        _ => return None,
    })
}

fn from_numbers_mf(ty: FieldType, n: &[f64]) -> FieldValue {
    match ty {
        FieldType::MFInt32 => FieldValue::MFInt32(n.iter().filter_map(|f| int_of(*f)).collect()),
        FieldType::MFVec2f => FieldValue::MFVec2f(n.chunks_exact(2).filter_map(|c| c.try_into().ok()).collect()),
        FieldType::MFVec3f => FieldValue::MFVec3f(n.chunks_exact(3).filter_map(|c| c.try_into().ok()).collect()),
        FieldType::MFColor => FieldValue::MFColor(n.chunks_exact(3).filter_map(|c| c.try_into().ok()).collect()),
        FieldType::MFRotation => FieldValue::MFRotation(n.chunks_exact(4).filter_map(|c| c.try_into().ok()).collect()),
        _ => FieldValue::MFFloat(n.to_vec()),
    }
}
