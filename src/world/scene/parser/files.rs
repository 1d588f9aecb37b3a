//! Files: a world's body and declarations, imported node text, PROTO files with their interface
//! and body (a template body kept as text), EXTERNPROTO declarations.

use super::{Declarations, Parser, DECL_KINDS};
use crate::world::scene::ast::{ANode, Decl, ProtoDef};
use crate::world::scene::error::{SourcePos, WorldError};
use crate::world::scene::lexer::{Tok, Token};
use crate::world::scene::proto::url_stem;
use crate::world::scene::template::{Header, Scope, TemplateBody};
use crate::world::scene::value::FieldType;
use std::collections::HashMap;
use std::sync::Arc;

impl<'a, 'o> Parser<'a, 'o> {
    /// Parses a world file body (after the header): its root nodes, with the PROTOs the world knows and
    /// its EXTERNPROTO declarations.
    pub fn parse_world_and_declarations(mut self) -> Result<(Vec<ANode>, Declarations), WorldError> {
        let mut roots = Vec::new();
        loop {
            match &self.peek().tok {
                Tok::Eof => break,
                Tok::Ident(w) if w == "EXTERNPROTO" || w == "IMPORTABLE" => self.parse_externproto()?,
                Tok::Ident(w) if w == "PROTO" => {
                    let def = self.parse_proto_def()?;
                    self.protos.insert(def.name.clone(), def);
                }
                _ => {
                    if let Some(n) = self.parse_node("the world")? {
                        roots.push(n);
                    }
                }
            }
        }
        Ok((roots, Declarations { protos: self.protos, externprotos: self.externprotos }))
    }

    /// Parses nodes given at run time (a supervisor's import), with the PROTOs of the world: nodes
    /// only, no declaration.
    pub fn parse_import(mut self, protos: &HashMap<String, Arc<ProtoDef>>) -> Result<Vec<ANode>, WorldError> {
        self.protos = protos.clone();
        let mut nodes = Vec::new();
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Eof => break,
                Tok::Ident(w) if w == "EXTERNPROTO" || w == "IMPORTABLE" || w == "PROTO" => {
                    return self.err(&t, format!("'{w}' cannot be imported: declare PROTOs in the world file"))
                }
                _ => {
                    if let Some(n) = self.parse_node("the imported text")? {
                        nodes.push(n);
                    }
                }
            }
        }
        Ok(nodes)
    }

    /// Parses a PROTO file body (after the header): EXTERNPROTOs then PROTO definitions.
    pub fn parse_proto_file(mut self) -> Result<Vec<Arc<ProtoDef>>, WorldError> {
        self.in_proto_file = true;
        let mut defs = Vec::new();
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Eof => break,
                Tok::Ident(w) if w == "EXTERNPROTO" || w == "IMPORTABLE" => self.parse_externproto()?,
                Tok::Ident(w) if w == "PROTO" => {
                    let def = self.parse_proto_def()?;
                    self.protos.insert(def.name.clone(), def.clone());
                    defs.push(def);
                }
                _ => return self.err(&t, format!("expected 'PROTO' or 'EXTERNPROTO', found {}", t.describe())),
            }
        }
        if defs.is_empty() {
            let t = self.peek().clone();
            return self.err(&t, "no PROTO definition in this file");
        }
        Ok(defs)
    }

    fn parse_externproto(&mut self) -> Result<(), WorldError> {
        let first = self.next();
        let importable = matches!(&first.tok, Tok::Ident(w) if w == "IMPORTABLE");
        if importable {
            self.expect(Tok::Ident("EXTERNPROTO".into()), "'EXTERNPROTO'")?;
        }
        let t = self.next();
        let url = match &t.tok {
            Tok::Str(s) => s.clone(),
            _ => return self.err(&t, format!("expected a URL string, found {}", t.describe())),
        };
        self.externprotos.push((url.clone(), importable));
        let Some(stem) = url_stem(&url) else {
            self.warn(&t, format!("EXTERNPROTO \"{}\" does not name a .proto file", url));
            return Ok(());
        };
        let pos = self.pos_of(&t);
        let found = match self.ld.resolve(&url, &self.base_dir) {
            Ok(Some(path)) => self.ld.load_proto_file(&path, &pos)?,
            Err(why) => {
                self.warn(&t, why);
                None
            }
            Ok(None) => {
                self.warn(&t, format!("could not find the PROTO file of EXTERNPROTO \"{}\"", url));
                None
            }
        };
        match found {
            Some(defs) => {
                for d in defs {
                    self.missing.remove(&d.name);
                    self.protos.insert(d.name.clone(), d);
                }
            }
            None => {
                if !self.protos.contains_key(&stem) {
                    self.missing.insert(stem);
                }
            }
        }
        Ok(())
    }

    fn parse_proto_def(&mut self) -> Result<Arc<ProtoDef>, WorldError> {
        self.next(); // PROTO
        let (name, _) = self.expect_ident("a PROTO name")?;
        self.expect(Tok::LBracket, "'[' to open the PROTO interface")?;
        let mut interface: Vec<Decl> = Vec::new();
        loop {
            let t = self.next();
            match &t.tok {
                Tok::RBracket => break,
                Tok::Ident(k) if DECL_KINDS.contains(&k.as_str()) => {
                    let (tyname, tt) = self.expect_ident("a field type")?;
                    let Some(ty) = FieldType::from_name(&tyname) else {
                        return self.err(&tt, format!("unknown field type '{}'", tyname));
                    };
                    if self.peek().tok == Tok::LBrace {
                        self.skip_braces()?;
                    }
                    let (fname, _) = self.expect_ident("a field name")?;
                    let owner = format!("PROTO {}", name);
                    let default = self.parse_typed(ty, &fname, &owner)?;
                    interface.retain(|d| d.name != fname);
                    interface.push(Decl { name: fname, ty, default });
                }
                _ => {
                    return self.err(
                        &t,
                        format!("expected a field declaration or ']' in PROTO '{}', found {}", name, t.describe()),
                    )
                }
            }
        }
        let open = self.expect(Tok::LBrace, "'{' to open the PROTO body")?;
        if self.body_has_template() {
            let template = Some(Arc::new(self.template_body(&open)?));
            return Ok(Arc::new(ProtoDef { name, file: self.file.clone(), interface, body: None, template }));
        }
        let saved = self.interface.replace(interface.iter().map(|d| d.name.clone()).collect());
        let body = self.parse_node(&format!("the body of PROTO '{}'", name));
        self.interface = saved;
        let body = body?;
        let close = self.next();
        if close.tok != Tok::RBrace {
            return self.err(
                &close,
                format!(
                    "expected '}}' closing the body of PROTO '{}' (a PROTO body holds exactly one node), found {}",
                    name,
                    close.describe()
                ),
            );
        }
        if body.is_none() {
            self.warn(&open, format!("PROTO '{}' has no usable body node", name));
        }
        Ok(Arc::new(ProtoDef { name, file: self.file.clone(), interface, body, template: None }))
    }

    /// Keeps a template body as text: in a PROTO file up to the file's last `}` (code blocks may
    /// leave the braces of the text between them unbalanced, as Webots allows), in a world up to the
    /// matching `}`. The cursor moves past it.
    fn template_body(&mut self, open: &Token) -> Result<TemplateBody, WorldError> {
        let start_at = byte_offset(&self.source, open.line, open.col.saturating_add(1));
        let end_at = if self.in_proto_file {
            self.i = self.toks.len().saturating_sub(1);
            self.source.rfind('}')
        } else {
            self.i -= 1;
            self.skip_braces()?;
            let close = self.toks[self.i - 1].clone();
            Some(byte_offset(&self.source, close.line, close.col))
        };
        let text = match (start_at, end_at) {
            (start, Some(end)) if start <= end => self.source[start..end].to_string(),
            _ => return self.err(open, "unbalanced '{' in the template PROTO body"),
        };
        Ok(TemplateBody {
            text,
            start: SourcePos { file: self.file.clone(), line: open.line, col: open.col.saturating_add(1) },
            header: Header::read(&self.source),
            scope: Scope {
                protos: self.protos.clone(),
                missing: self.missing.clone(),
                base_dir: self.base_dir.clone(),
                version: self.version,
            },
        })
    }

    /// Whether the braces opened just before the cursor contain template code.
    fn body_has_template(&self) -> bool {
        let mut depth = 1usize;
        for t in &self.toks[self.i.min(self.toks.len())..] {
            match t.tok {
                Tok::LBrace => depth += 1,
                Tok::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                Tok::Template => return true,
                // a code block inside a string ("name%<= i >%")
                Tok::Str(ref text) if text.contains("%<") || text.contains("%{") => return true,
                Tok::Eof => return false,
                _ => {}
            }
        }
        false
    }

    /// Skips a balanced `{ … }` group starting at the cursor.
    fn skip_braces(&mut self) -> Result<(), WorldError> {
        let open = self.next();
        let mut depth = 1usize;
        loop {
            let t = self.next();
            match t.tok {
                Tok::LBrace => depth += 1,
                Tok::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Tok::Eof => return self.err(&open, "unbalanced '{'"),
                _ => {}
            }
        }
    }
}

/// The byte offset of a 1-based line and character column in `text` (clamped to its end).
fn byte_offset(text: &str, line: u32, col: u32) -> usize {
    let mut offset = 0;
    for _ in 1..line {
        match text[offset..].find('\n') {
            Some(nl) => offset += nl + 1,
            None => return text.len(),
        }
    }
    let line_text = &text[offset..];
    offset + line_text.char_indices().nth(col.saturating_sub(1) as usize).map_or(line_text.len(), |(i, _)| i)
}
