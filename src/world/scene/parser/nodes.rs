//! Nodes and their fields: DEF/USE, typed nodes by the base node table or a PROTO's interface,
//! legacy PROTO lookup, field values, IS and hidden fields.

use super::{Parser, KEYWORDS, MAX_AST_HEIGHT};
use crate::protocol::node_type::node_type_from_name;
use crate::world::scene::ast::{AField, AFieldVal, ANode, AValue, NodeKind, ProtoDef};
use crate::world::scene::error::WorldError;
use crate::world::scene::lexer::{Tok, Token};
use crate::world::scene::schema;
use crate::world::scene::value::{FieldType, FieldValue};
use crate::world::scene::version::{R2020B, R2022A};
use std::sync::Arc;

impl<'a, 'o> Parser<'a, 'o> {
    /// Parses a node (or USE); `None` when the node was skipped (unknown type).
    pub(super) fn parse_node(&mut self, context: &str) -> Result<Option<ANode>, WorldError> {
        let t = self.next();
        self.enter(&t)?;
        let r = self.parse_node_inner(t, context);
        self.leave();
        r
    }

    fn parse_node_inner(&mut self, t: Token, context: &str) -> Result<Option<ANode>, WorldError> {
        match &t.tok {
            Tok::Ident(w) if w == "USE" => {
                let (name, nt) = self.expect_ident("a DEF name after USE")?;
                match self.defs.get(&name) {
                    Some(n) => {
                        let size = n.size;
                        self.count_nodes(size, &nt)?;
                        Ok(self.defs.get(&name).cloned())
                    }
                    None => self.err(&nt, format!("USE '{}' refers to no preceding DEF", name)),
                }
            }
            Tok::Ident(w) if w == "DEF" => {
                let (name, _) = self.expect_ident("a name after DEF")?;
                let tt = self.next();
                match &tt.tok {
                    Tok::Ident(ty) if !KEYWORDS.contains(&ty.as_str()) => {
                        let ty = ty.clone();
                        self.parse_typed_node(Some(name), ty, tt)
                    }
                    _ => self.err(&tt, format!("expected a node type after DEF {}, found {}", name, tt.describe())),
                }
            }
            Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) => {
                let ty = w.clone();
                self.parse_typed_node(None, ty, t)
            }
            _ => self.err(&t, format!("expected a node in {}, found {}", context, t.describe())),
        }
    }

    fn parse_typed_node(
        &mut self,
        def_name: Option<String>,
        written_type: String,
        at: Token,
    ) -> Result<Option<ANode>, WorldError> {
        let type_name = schema::renamed(&written_type).to_string();
        self.expect(Tok::LBrace, &format!("'{{' after node type '{}'", written_type))?;
        let kind = if let Some(s) = schema::schema(&type_name) {
            Some(NodeKind::Base(s))
        } else if node_type_from_name(&type_name) != 0 {
            Some(NodeKind::Generic)
        } else if let Some(def) = self.protos.get(&type_name) {
            Some(NodeKind::Proto(def.clone()))
        } else if self.missing.contains(&type_name) {
            self.warn(
                &at,
                format!(
                    "PROTO '{}' is not available (its EXTERNPROTO file was not found): node kept as a generic '{}' node",
                    type_name, type_name
                ),
            );
            Some(NodeKind::Missing)
        } else {
            self.legacy_proto_lookup(&type_name, &at)?.map(NodeKind::Proto)
        };
        let Some(kind) = kind else {
            self.warn(&at, format!("Skipped unknown '{}' node or PROTO", written_type));
            self.parse_fields(&type_name, &NodeKind::Generic)?;
            return Ok(None);
        };
        let mut fields = self.parse_fields(&type_name, &kind)?;
        if type_name == "WorldInfo" && self.version < R2020B && !fields.iter().any(|f| f.name == "coordinateSystem") {
            fields.push(AField {
                name: "coordinateSystem".into(),
                value: AFieldVal::Value(AValue::Plain(FieldValue::SFString("NUE".into()))),
                pos: None,
            });
        }
        let mut height = 0u32;
        let mut size = 1usize;
        for f in &fields {
            if let AFieldVal::Value(v) = &f.value {
                for n in v.nodes() {
                    height = height.max(n.height);
                    size = size.saturating_add(n.size);
                }
            }
        }
        let height = height + 1;
        if height > MAX_AST_HEIGHT {
            return self.err(&at, format!("nesting too deep (more than {} levels)", MAX_AST_HEIGHT));
        }
        self.count_nodes(1, &at)?;
        let node = ANode { type_name, kind, def_name: def_name.clone(), fields, pos: self.pos_of(&at), height, size };
        if let Some(d) = def_name {
            self.defs.insert(d, node.clone());
        }
        Ok(Some(node))
    }

    /// Worlds older than R2022a did not declare their PROTOs: look for `Name.proto` in the
    /// project's `protos` folder and next to the file.
    fn legacy_proto_lookup(&mut self, name: &str, at: &Token) -> Result<Option<Arc<ProtoDef>>, WorldError> {
        if self.version >= R2022A || name.is_empty() {
            return Ok(None);
        }
        let file_name = format!("{}.proto", name);
        let candidates = [
            self.base_dir.join("..").join("protos").join(&file_name),
            self.base_dir.join("protos").join(&file_name),
            self.base_dir.join(&file_name),
        ];
        for c in candidates {
            if c.is_file() {
                let pos = self.pos_of(at);
                if let Some(defs) = self.ld.load_proto_file(&c, &pos)? {
                    for d in defs {
                        self.protos.insert(d.name.clone(), d);
                    }
                }
                return Ok(self.protos.get(name).cloned());
            }
        }
        Ok(None)
    }

    /// Reads `{ … }` contents after the opening brace, up to and including the closing brace.
    fn parse_fields(&mut self, type_name: &str, kind: &NodeKind) -> Result<Vec<AField>, WorldError> {
        let mut fields: Vec<AField> = Vec::new();
        loop {
            let t = self.next();
            let fname = match &t.tok {
                Tok::RBrace => return Ok(fields),
                Tok::Ident(w) if w == "hidden" => {
                    // a saved state (joint positions, poses and velocities of the Solids below): kept as
                    // a field named `hidden NAME`, applied when the world is built
                    let (name, _) = self.expect_ident("a field name after 'hidden'")?;
                    if let AValue::Plain(v) = self.parse_untyped("hidden", type_name)? {
                        let name = format!("hidden {name}");
                        fields.retain(|f| f.name != name);
                        fields.push(AField {
                            name,
                            value: AFieldVal::Value(AValue::Plain(v)),
                            pos: Some(self.pos_of(&t)),
                        });
                    }
                    continue;
                }
                Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) => w.clone(),
                _ => {
                    return self.err(
                        &t,
                        format!("expected a field name or '}}' in {} node, found {}", type_name, t.describe()),
                    )
                }
            };
            // Which type the value has, and whether the field is kept.
            let (ty, keep): (Option<FieldType>, bool) = match kind {
                NodeKind::Base(s) => match schema::field_type(s, &fname) {
                    Some(ty) => (Some(ty), true),
                    None => (None, schema::is_open(s)),
                },
                NodeKind::Proto(def) => match def.interface.iter().find(|d| d.name == fname) {
                    Some(d) => (Some(d.ty), true),
                    None => (None, false),
                },
                NodeKind::Generic | NodeKind::Missing => (None, true),
            };
            if !keep {
                self.warn(&t, format!("Skipped unknown '{}' field in {} node", fname, type_name));
            }
            let value = if self.is_ident("IS") {
                let is_tok = self.next();
                let (target, tt) = self.expect_ident("a PROTO field name after IS")?;
                match &self.interface {
                    None => return self.err(&is_tok, "IS can only be used inside a PROTO body"),
                    Some(names) if !names.contains(&target) => {
                        return self.err(&tt, format!("IS refers to '{}', which is not a field of this PROTO", target))
                    }
                    Some(_) => {}
                }
                AFieldVal::Is(target)
            } else {
                let v = match ty {
                    Some(ty) => self.parse_field_value(ty, &fname, type_name, kind)?,
                    None => self.parse_untyped(&fname, type_name)?,
                };
                AFieldVal::Value(v)
            };
            if keep {
                fields.retain(|f| f.name != fname);
                fields.push(AField { name: fname, value, pos: Some(self.pos_of(&t)) });
            }
        }
    }

    /// A typed field value, with the legacy forms Webots still reads.
    fn parse_field_value(
        &mut self,
        ty: FieldType,
        fname: &str,
        type_name: &str,
        kind: &NodeKind,
    ) -> Result<AValue, WorldError> {
        let is_base = matches!(kind, NodeKind::Base(_));
        if is_base && type_name == "WorldInfo" && fname == "gravity" {
            let vector = (0..3).all(|k| matches!(self.peek_at(k).tok, Tok::Num(_)));
            if vector {
                let t = self.peek().clone();
                let v = self.numbers(3, FieldType::SFVec3f, fname, type_name)?;
                let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
                self.warn(&t, "WorldInfo.gravity is a vector (deprecated since R2020b): its norm is used");
                return Ok(AValue::Plain(FieldValue::SFFloat(norm)));
            }
        }
        if is_base && type_name == "Robot" && fname == "controllerArgs" && self.version < R2020B {
            if let Tok::Str(s) = &self.peek().tok {
                let parts = s.split_whitespace().map(str::to_string).collect();
                self.next();
                return Ok(AValue::Plain(FieldValue::MFString(parts)));
            }
        }
        self.parse_typed(ty, fname, type_name)
    }
}
