//! What a template sees: `fields.NAME.value` / `.defaultValue` and the `context` object, as plain Rust
//! values first (they also key the expansion cache), then as JavaScript values.
//!
//! Webots writes each field value into the script as text, numbers with six significant digits
//! (`%g`); values are rounded the same way here so that a template computes what it computes in
//! Webots. SFVec2f/SFVec3f are `{x, y[, z]}`, SFColor `{r, g, b}`, SFRotation `{x, y, z, a}`, MF
//! values arrays, a node `{node_name, fields}` and NULL `undefined`.

use super::super::value::FieldValue;
use rquickjs::{Array, Ctx, IntoJs, Object, Value};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum TValue {
    Bool(bool),
    Int(i32),
    Float(f64),
    Str(String),
    Vec2([f64; 2]),
    Vec3([f64; 3]),
    Color([f64; 3]),
    Rotation([f64; 4]),
    /// `None`: NULL.
    Node(Option<Arc<TNode>>),
    List(Vec<TValue>),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TNode {
    /// The PROTO name, or the base type for a base node.
    pub name: String,
    pub fields: Vec<TField>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TField {
    pub name: String,
    pub value: TValue,
    pub default: TValue,
}

/// The `context` object.
#[derive(Clone, Debug, Default)]
pub(crate) struct Context {
    pub world: String,
    pub proto: String,
    pub project_path: String,
    pub webots_home: String,
    pub temporary_files_path: String,
    /// The node's id as `wb_supervisor_node_get_id` returns it.
    pub id: usize,
    pub coordinate_system: String,
}

/// What Qt's `%g` keeps of a double: six significant digits.
pub(crate) fn round_like_webots(v: f64) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    format!("{:.5e}", v).parse().unwrap_or(v)
}

impl TValue {
    /// A non-node field value; node values come from the scene or the parsed file (`None` here).
    pub fn from_plain(v: &FieldValue) -> Option<TValue> {
        let r = round_like_webots;
        let v3 = |a: &[f64; 3]| [r(a[0]), r(a[1]), r(a[2])];
        let rot = |a: &[f64; 4]| TValue::Rotation([r(a[0]), r(a[1]), r(a[2]), r(a[3])]);
        Some(match v {
            FieldValue::SFBool(b) => TValue::Bool(*b),
            FieldValue::SFInt32(i) => TValue::Int(*i),
            FieldValue::SFFloat(f) => TValue::Float(r(*f)),
            FieldValue::SFVec2f(a) => TValue::Vec2([r(a[0]), r(a[1])]),
            FieldValue::SFVec3f(a) => TValue::Vec3(v3(a)),
            FieldValue::SFColor(a) => TValue::Color(v3(a)),
            FieldValue::SFRotation(a) => rot(a),
            FieldValue::SFString(s) => TValue::Str(s.clone()),
            FieldValue::MFBool(l) => TValue::List(l.iter().map(|b| TValue::Bool(*b)).collect()),
            FieldValue::MFInt32(l) => TValue::List(l.iter().map(|i| TValue::Int(*i)).collect()),
            FieldValue::MFFloat(l) => TValue::List(l.iter().map(|f| TValue::Float(r(*f))).collect()),
            FieldValue::MFVec2f(l) => TValue::List(l.iter().map(|a| TValue::Vec2([r(a[0]), r(a[1])])).collect()),
            FieldValue::MFVec3f(l) => TValue::List(l.iter().map(|a| TValue::Vec3(v3(a))).collect()),
            FieldValue::MFColor(l) => TValue::List(l.iter().map(|a| TValue::Color(v3(a))).collect()),
            FieldValue::MFRotation(l) => TValue::List(l.iter().map(rot).collect()),
            FieldValue::MFString(l) => TValue::List(l.iter().map(|s| TValue::Str(s.clone())).collect()),
            FieldValue::SFNode(_) | FieldValue::MFNode(_) => return None,
        })
    }

    pub fn to_js<'js>(&self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        let object = |keys: &[&str], values: &[f64]| -> rquickjs::Result<Value<'js>> {
            let o = Object::new(ctx.clone())?;
            for (k, v) in keys.iter().zip(values) {
                o.set(*k, *v)?;
            }
            Ok(o.into_value())
        };
        match self {
            TValue::Bool(b) => b.into_js(ctx),
            TValue::Int(i) => i.into_js(ctx),
            TValue::Float(f) => f.into_js(ctx),
            TValue::Str(s) => s.as_str().into_js(ctx),
            TValue::Vec2(v) => object(&["x", "y"], v),
            TValue::Vec3(v) => object(&["x", "y", "z"], v),
            TValue::Color(v) => object(&["r", "g", "b"], v),
            TValue::Rotation(v) => object(&["x", "y", "z", "a"], v),
            TValue::Node(None) => Ok(Value::new_undefined(ctx.clone())),
            TValue::Node(Some(n)) => {
                let o = Object::new(ctx.clone())?;
                o.set("node_name", n.name.as_str())?;
                o.set("fields", fields_object(ctx, &n.fields)?)?;
                Ok(o.into_value())
            }
            TValue::List(items) => {
                let a = Array::new(ctx.clone())?;
                for (i, item) in items.iter().enumerate() {
                    a.set(i, item.to_js(ctx)?)?;
                }
                Ok(a.into_value())
            }
        }
    }
}

/// `{NAME: {value, defaultValue}, …}`.
pub(crate) fn fields_object<'js>(ctx: &Ctx<'js>, fields: &[TField]) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    for f in fields {
        let entry = Object::new(ctx.clone())?;
        entry.set("value", f.value.to_js(ctx)?)?;
        entry.set("defaultValue", f.default.to_js(ctx)?)?;
        o.set(f.name.as_str(), entry)?;
    }
    Ok(o)
}

impl Context {
    pub fn to_js<'js>(&self, ctx: &Ctx<'js>) -> rquickjs::Result<Object<'js>> {
        let o = Object::new(ctx.clone())?;
        o.set("os", "linux")?;
        o.set("world", self.world.as_str())?;
        o.set("proto", self.proto.as_str())?;
        o.set("webots_home", self.webots_home.as_str())?;
        o.set("project_path", self.project_path.as_str())?;
        o.set("temporary_files_path", self.temporary_files_path.as_str())?;
        // Webots writes the id as a string
        o.set("id", self.id.to_string())?;
        o.set("coordinate_system", self.coordinate_system.as_str())?;
        let version = Object::new(ctx.clone())?;
        version.set("major", super::super::CURRENT_VERSION)?;
        version.set("revision", "0")?;
        o.set("webots_version", version)?;
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_significant_digits() {
        assert_eq!(round_like_webots(0.123456789), 0.123457);
        assert_eq!(round_like_webots(1234567.0), 1234570.0);
        assert_eq!(round_like_webots(0.1), 0.1);
        assert_eq!(round_like_webots(-2.5e-7), -2.5e-7);
        assert_eq!(round_like_webots(0.0), 0.0);
        assert!(round_like_webots(f64::NAN).is_nan());
    }

    #[test]
    fn plain_values() {
        assert_eq!(
            TValue::from_plain(&FieldValue::SFVec3f([1.0, 0.3333333, 2.0])),
            Some(TValue::Vec3([1.0, 0.333333, 2.0]))
        );
        assert_eq!(
            TValue::from_plain(&FieldValue::MFInt32(vec![1, 2])),
            Some(TValue::List(vec![TValue::Int(1), TValue::Int(2)]))
        );
        assert_eq!(TValue::from_plain(&FieldValue::SFNode(None)), None);
    }
}
