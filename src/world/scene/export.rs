//! Scene → VRML text, as Webots writes it: a node with its DEF name and the fields that differ from
//! their defaults (a PROTO instance with its parameters), two spaces per level, a node met again under
//! a DEF name already written as `USE`; a whole world with its header and EXTERNPROTO declarations.

use std::collections::HashSet;
use std::fmt::Write;

use super::ast::AValue;
use super::lexer::CURRENT_VERSION;
use super::schema;
use super::tree::{Field, NodeId, Scene};
use super::value::FieldValue;

impl Scene {
    /// The node (and what it holds) as VRML text (`wb_supervisor_node_export_string`).
    pub fn export_node(&self, id: NodeId) -> String {
        let mut out = String::new();
        Writer { scene: self, defs: HashSet::new(), out: &mut out }.node(id, 0);
        out
    }

    /// The whole scene as a world file (`wb_supervisor_world_save`).
    pub fn export_world(&self) -> String {
        let mut out = format!("#VRML_SIM {CURRENT_VERSION} utf8\n");
        for (url, importable) in &self.library.externprotos {
            let _ = writeln!(out, "{}EXTERNPROTO \"{}\"", if *importable { "IMPORTABLE " } else { "" }, escape(url));
        }
        out.push('\n');
        let mut writer = Writer { scene: self, defs: HashSet::new(), out: &mut out };
        for &root in &self.roots {
            writer.node(root, 0);
            writer.out.push('\n');
        }
        out
    }
}

struct Writer<'a> {
    scene: &'a Scene,
    /// DEF names written so far: a node carrying one again is written as USE.
    defs: HashSet<String>,
    out: &'a mut String,
}

fn indent(level: usize) -> String {
    "  ".repeat(level)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A number as VRML text: the shortest that reads back the same.
fn number(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn numbers(v: &[f64]) -> String {
    v.iter().map(|&x| number(x)).collect::<Vec<_>>().join(" ")
}

impl Writer<'_> {
    fn node(&mut self, id: NodeId, level: usize) {
        let scene = self.scene;
        let Some(n) = scene.node(id) else { return };
        if let Some(def) = &n.def_name {
            if !self.defs.insert(def.clone()) {
                let _ = write!(self.out, "USE {def}");
                return;
            }
            let _ = write!(self.out, "DEF {def} ");
        }
        let proto = scene.is_proto_instance(id);
        let type_name = if proto { n.proto.clone().unwrap_or_default() } else { n.type_name.clone() };
        self.out.push_str(&type_name);
        self.out.push_str(" {\n");
        let fields = if proto { &n.proto_fields } else { &n.fields };
        for field in fields.iter().filter(|f| !is_default(scene, id, proto, f)) {
            let _ = write!(self.out, "{}{} ", indent(level + 1), field.name);
            self.value(&field.value, level + 1);
            self.out.push('\n');
        }
        let _ = write!(self.out, "{}}}", indent(level));
    }
}

/// Whether a field keeps its default: the base node's (when known), or the PROTO's declaration.
fn is_default(scene: &Scene, id: NodeId, proto: bool, field: &Field) -> bool {
    if proto {
        let name = scene.node(id).and_then(|n| n.proto.as_deref()).unwrap_or_default();
        let declared = scene
            .library
            .protos
            .get(name)
            .and_then(|p| p.interface.iter().find(|d| d.name == field.name).map(|d| d.default.clone()));
        return match (declared, &field.value) {
            (Some(AValue::Plain(d)), v) => d.coerce(v.field_type()).as_ref() == Some(v),
            (Some(AValue::SFNode(None)), FieldValue::SFNode(None)) => true,
            (Some(AValue::MFNode(d)), FieldValue::MFNode(v)) => d.is_empty() && v.is_empty(),
            _ => false,
        };
    }
    match schema::default_of(scene.type_name(id), &field.name) {
        Some(d) => d.coerce(field.value.field_type()).as_ref() == Some(&field.value),
        None => false,
    }
}

impl Writer<'_> {
    fn value(&mut self, v: &FieldValue, level: usize) {
        let line = match v {
            FieldValue::SFBool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
            FieldValue::SFInt32(i) => i.to_string(),
            FieldValue::SFFloat(f) => number(*f),
            FieldValue::SFVec2f(x) => numbers(x),
            FieldValue::SFVec3f(x) | FieldValue::SFColor(x) => numbers(x),
            FieldValue::SFRotation(x) => numbers(x),
            FieldValue::SFString(s) => format!("\"{}\"", escape(s)),
            FieldValue::SFNode(None) => "NULL".to_string(),
            FieldValue::SFNode(Some(n)) => return self.node(*n, level),
            FieldValue::MFNode(list) => {
                self.out.push_str("[\n");
                for &n in list {
                    self.out.push_str(&indent(level + 1));
                    self.node(n, level + 1);
                    self.out.push('\n');
                }
                let _ = write!(self.out, "{}]", indent(level));
                return;
            }
            mf => {
                let items: Vec<String> = (0..mf.count())
                    .filter_map(|i| mf.element(i))
                    .map(|e| {
                        let mut w = Writer { scene: self.scene, defs: HashSet::new(), out: &mut String::new() };
                        w.value(&e, level + 1);
                        w.out.clone()
                    })
                    .collect();
                self.out.push_str("[\n");
                for item in items {
                    let _ = writeln!(self.out, "{}{item}", indent(level + 1));
                }
                let _ = write!(self.out, "{}]", indent(level));
                return;
            }
        };
        self.out.push_str(&line);
    }
}

#[cfg(test)]
mod tests {
    use crate::world::scene::{parse_world_str, LoadOptions, Scene};

    fn scene(text: &str) -> Scene {
        parse_world_str(text, "test.wbt", std::path::Path::new("."), &LoadOptions::default()).expect("world parses")
    }

    const WORLD: &str = r#"#VRML_SIM R2025a utf8
PROTO Post [ field SFFloat height 1 field SFString label "post" ] { Solid { name IS label } }
DEF CONE Solid {
  translation 0 0 0.5
  name "cone \"1\""
  children [ DEF GEO Shape { geometry Cone { } } USE GEO ]
}
Post { height 2 }
Emitter { allowedChannels [ 1 2 ] }
"#;

    #[test]
    fn nodes_export_their_non_default_fields() {
        let s = scene(WORLD);
        let cone = s.find_def("CONE").unwrap();
        assert_eq!(
            s.export_node(cone),
            "DEF CONE Solid {\n  translation 0 0 0.5\n  children [\n    DEF GEO Shape {\n      geometry Cone {\n      }\n    }\n    USE GEO\n  ]\n  name \"cone \\\"1\\\"\"\n}"
        );
        let post = s.roots[1];
        assert_eq!(s.export_node(post), "Post {\n  height 2\n}");
        assert_eq!(s.export_node(s.roots[2]), "Emitter {\n  allowedChannels [\n    1\n    2\n  ]\n}");
    }

    #[test]
    fn an_exported_world_reads_back_the_same() {
        let s = scene(WORLD);
        let text = s.export_world();
        assert!(text.starts_with("#VRML_SIM R2025a utf8\n"), "{text}");
        // inline PROTOs are not written: give the copy the declaration back
        let copy = scene(&text.replacen(
            '\n',
            "\nPROTO Post [ field SFFloat height 1 field SFString label \"post\" ] { Solid { name IS label } }\n",
            1,
        ));
        assert_eq!(copy.roots.len(), s.roots.len());
        for (a, b) in s.roots.iter().zip(&copy.roots) {
            assert_eq!(s.export_node(*a), copy.export_node(*b));
        }
    }
}
