//! Tokens → parsed nodes (`ast`), one file at a time.
//!
//! World: `{EXTERNPROTO "url" | IMPORTABLE EXTERNPROTO "url" | PROTO …} node*`.
//! PROTO file: header, `EXTERNPROTO`s, then `PROTO Name [ decl* ] { node }`.
//! node: `USE id` | `[DEF id] Type { (field value | field IS name | hidden name value)* }`.
//! Field values are typed by the base node table, by the PROTO interface, or read untyped for
//! built-in nodes this crate does not model.

use super::ast::{AField, AFieldVal, ANode, AValue, Decl, NodeKind, ProtoDef};
use super::error::{warning_at, SourcePos, WorldError};
use super::lexer::{number_f64, number_i32, Tok, Token};
use super::proto::{url_stem, Loader};
use super::schema;
use super::value::{FieldType, FieldValue};
use super::version::{R2020B, R2022A};
use crate::protocol::node_type::node_type_from_name;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// Deepest nesting of nodes and brackets the parser follows.
pub(crate) const MAX_PARSE_DEPTH: u32 = 200;
/// Deepest parsed subtree, USE copies included.
pub(crate) const MAX_AST_HEIGHT: u32 = 256;
/// Most parsed nodes (USE copies included) in one load.
pub(crate) const MAX_AST_NODES: usize = 1_000_000;

const KEYWORDS: &[&str] = &[
    "DEF",
    "USE",
    "PROTO",
    "EXTERNPROTO",
    "IMPORTABLE",
    "IS",
    "TRUE",
    "FALSE",
    "NULL",
    "field",
    "vrmlField",
    "hiddenField",
    "deprecatedField",
    "unconnectedField",
    "exposedField",
    "eventIn",
    "eventOut",
    "ROUTE",
    "TO",
];

const DECL_KINDS: &[&str] =
    &["field", "vrmlField", "hiddenField", "deprecatedField", "unconnectedField", "exposedField"];

/// One value of a single-valued type while reading.
enum One {
    B(bool),
    I(i32),
    N(Vec<f64>),
    S(String),
    Node(Option<ANode>),
}

pub(crate) struct Parser<'a, 'o> {
    toks: Vec<Token>,
    i: usize,
    file: Arc<str>,
    base_dir: PathBuf,
    version: u32,
    ld: &'a mut Loader<'o>,
    protos: HashMap<String, Arc<ProtoDef>>,
    missing: HashSet<String>,
    defs: HashMap<String, ANode>,
    depth: u32,
    /// Interface field names while parsing a PROTO body (the names IS may use).
    interface: Option<Vec<String>>,
    /// The EXTERNPROTO declarations read, as written (`IMPORTABLE` flagged).
    externprotos: Vec<(String, bool)>,
}

/// What a world file declares besides its nodes.
pub(crate) struct Declarations {
    pub protos: HashMap<String, Arc<ProtoDef>>,
    pub externprotos: Vec<(String, bool)>,
}

impl<'a, 'o> Parser<'a, 'o> {
    pub fn new(toks: Vec<Token>, file: Arc<str>, base_dir: PathBuf, version: u32, ld: &'a mut Loader<'o>) -> Self {
        Parser {
            toks,
            i: 0,
            file,
            base_dir,
            version,
            ld,
            protos: HashMap::new(),
            missing: HashSet::new(),
            defs: HashMap::new(),
            depth: 0,
            interface: None,
            externprotos: Vec::new(),
        }
    }

    // ----- token access -------------------------------------------------------------------

    fn peek(&self) -> &Token {
        self.peek_at(0)
    }

    fn peek_at(&self, k: usize) -> &Token {
        // The token list always ends with Eof; never index past it.
        let last = self.toks.len().saturating_sub(1);
        &self.toks[(self.i + k).min(last)]
    }

    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        if self.i < self.toks.len() {
            self.i += 1;
        }
        t
    }

    fn pos_of(&self, t: &Token) -> SourcePos {
        SourcePos { file: self.file.clone(), line: t.line, col: t.col }
    }

    fn err<T>(&self, t: &Token, msg: impl Into<String>) -> Result<T, WorldError> {
        Err(WorldError::at(&self.pos_of(t), msg))
    }

    fn warn(&mut self, t: &Token, msg: impl std::fmt::Display) {
        let w = warning_at(&self.pos_of(t), msg);
        self.ld.warnings.push(w);
    }

    fn is_ident(&self, word: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(w) if w == word)
    }

    fn expect_ident(&mut self, what: &str) -> Result<(String, Token), WorldError> {
        let t = self.next();
        match &t.tok {
            Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) => Ok((w.clone(), t)),
            _ => self.err(&t, format!("expected {}, found {}", what, t.describe())),
        }
    }

    fn expect(&mut self, tok: Tok, what: &str) -> Result<Token, WorldError> {
        let t = self.next();
        if t.tok == tok {
            Ok(t)
        } else {
            self.err(&t, format!("expected {}, found {}", what, t.describe()))
        }
    }

    fn enter(&mut self, at: &Token) -> Result<(), WorldError> {
        self.depth += 1;
        if self.depth > MAX_PARSE_DEPTH {
            return self.err(at, format!("nesting too deep (more than {} levels)", MAX_PARSE_DEPTH));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn count_nodes(&mut self, n: usize, at: &Token) -> Result<(), WorldError> {
        self.ld.budget = self.ld.budget.saturating_add(n);
        if self.ld.budget > MAX_AST_NODES {
            return self.err(at, format!("world too large (more than {} nodes)", MAX_AST_NODES));
        }
        Ok(())
    }

    // ----- files ------------------------------------------------------------------------------

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
            Some(path) => self.ld.load_proto_file(&path, &pos)?,
            None => {
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
            self.i -= 1;
            self.skip_braces()?;
            return Ok(Arc::new(ProtoDef { name, file: self.file.clone(), interface, body: None, template: true }));
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
        Ok(Arc::new(ProtoDef { name, file: self.file.clone(), interface, body, template: false }))
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

    // ----- nodes ------------------------------------------------------------------------------

    /// Parses a node (or USE); `None` when the node was skipped (unknown type).
    fn parse_node(&mut self, context: &str) -> Result<Option<ANode>, WorldError> {
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
                    self.expect_ident("a field name after 'hidden'")?;
                    self.parse_untyped("hidden", type_name)?;
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
                    None => (None, def.template),
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

    // ----- values -----------------------------------------------------------------------------

    fn expected(ty: FieldType) -> &'static str {
        match ty.single() {
            FieldType::SFBool => "TRUE or FALSE",
            FieldType::SFInt32 => "an integer",
            FieldType::SFFloat => "a number",
            FieldType::SFVec2f => "2 numbers",
            FieldType::SFVec3f | FieldType::SFColor => "3 numbers",
            FieldType::SFRotation => "4 numbers",
            FieldType::SFString => "a string",
            _ => "a node or NULL",
        }
    }

    fn wrong<T>(&self, t: &Token, ty: FieldType, fname: &str, owner: &str) -> Result<T, WorldError> {
        self.err(
            t,
            format!(
                "expected {} ({}) for field '{}' of {}, found {}",
                Self::expected(ty),
                ty.name(),
                fname,
                owner,
                t.describe()
            ),
        )
    }

    fn numbers(&mut self, n: usize, ty: FieldType, fname: &str, owner: &str) -> Result<Vec<f64>, WorldError> {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let t = self.next();
            match &t.tok {
                Tok::Num(s) => match number_f64(s) {
                    Some(v) => out.push(v),
                    None => return self.wrong(&t, ty, fname, owner),
                },
                _ => return self.wrong(&t, ty, fname, owner),
            }
        }
        Ok(out)
    }

    /// One value of a single-valued type; `ty` is the declared (SF or MF) type, for messages.
    fn parse_one(&mut self, ty: FieldType, fname: &str, owner: &str) -> Result<One, WorldError> {
        let sty = ty.single();
        match sty {
            FieldType::SFBool => {
                let t = self.next();
                match &t.tok {
                    Tok::Ident(w) if w == "TRUE" => Ok(One::B(true)),
                    Tok::Ident(w) if w == "FALSE" => Ok(One::B(false)),
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFInt32 => {
                let t = self.next();
                match &t.tok {
                    Tok::Num(s) => match number_i32(s) {
                        Some(i) => Ok(One::I(i)),
                        None => self.wrong(&t, ty, fname, owner),
                    },
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFString => {
                let t = self.next();
                match &t.tok {
                    Tok::Str(s) => Ok(One::S(s.clone())),
                    _ => self.wrong(&t, ty, fname, owner),
                }
            }
            FieldType::SFNode => {
                if self.is_ident("NULL") {
                    self.next();
                    return Ok(One::Node(None));
                }
                match &self.peek().tok {
                    Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                        let ctx = format!("field '{}' of {}", fname, owner);
                        Ok(One::Node(self.parse_node(&ctx)?))
                    }
                    _ => {
                        let t = self.next();
                        self.wrong(&t, ty, fname, owner)
                    }
                }
            }
            _ => Ok(One::N(self.numbers(sty.number_count(), ty, fname, owner)?)),
        }
    }

    /// A value of a known type; MF values are `[ … ]` or a single value.
    fn parse_typed(&mut self, ty: FieldType, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        if !ty.is_multiple() {
            let one = self.parse_one(ty, fname, owner)?;
            return Ok(sf_value(ty, one));
        }
        let mut items = Vec::new();
        if self.peek().tok == Tok::LBracket {
            let open = self.next();
            self.enter(&open)?;
            loop {
                if self.peek().tok == Tok::RBracket {
                    self.next();
                    break;
                }
                if self.peek().tok == Tok::Eof {
                    let t = self.peek().clone();
                    return self.err(&t, format!("missing ']' for field '{}' of {}", fname, owner));
                }
                items.push(self.parse_one(ty, fname, owner)?);
            }
            self.leave();
        } else {
            items.push(self.parse_one(ty, fname, owner)?);
        }
        Ok(mf_value(ty, items))
    }

    /// A value of an unmodelled field: its shape decides its type.
    fn parse_untyped(&mut self, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::LBracket => {
                self.next();
                self.enter(&t)?;
                let v = self.parse_untyped_list(fname, owner)?;
                self.leave();
                Ok(v)
            }
            Tok::Num(_) => {
                let mut nums = Vec::new();
                while let Tok::Num(s) = &self.peek().tok {
                    nums.push(number_f64(s).unwrap_or(0.0));
                    self.next();
                }
                Ok(AValue::Plain(match nums.len() {
                    1 => FieldValue::SFFloat(nums[0]),
                    2 => FieldValue::SFVec2f([nums[0], nums[1]]),
                    3 => FieldValue::SFVec3f([nums[0], nums[1], nums[2]]),
                    4 => FieldValue::SFRotation([nums[0], nums[1], nums[2], nums[3]]),
                    _ => FieldValue::MFFloat(nums),
                }))
            }
            Tok::Str(s) => {
                let s = s.clone();
                self.next();
                Ok(AValue::Plain(FieldValue::SFString(s)))
            }
            Tok::Ident(w) if w == "TRUE" || w == "FALSE" => {
                let b = w == "TRUE";
                self.next();
                Ok(AValue::Plain(FieldValue::SFBool(b)))
            }
            Tok::Ident(w) if w == "NULL" => {
                self.next();
                Ok(AValue::SFNode(None))
            }
            Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                let ctx = format!("field '{}' of {}", fname, owner);
                Ok(AValue::SFNode(self.parse_node(&ctx)?.map(Box::new)))
            }
            _ => self.err(&t, format!("expected a value for field '{}' of {}, found {}", fname, owner, t.describe())),
        }
    }

    fn parse_untyped_list(&mut self, fname: &str, owner: &str) -> Result<AValue, WorldError> {
        let mut nums = Vec::new();
        let mut strs = Vec::new();
        let mut bools = Vec::new();
        let mut nodes = Vec::new();
        let mut kind: Option<u8> = None;
        loop {
            let t = self.peek().clone();
            let k = match &t.tok {
                Tok::RBracket => {
                    self.next();
                    break;
                }
                Tok::Num(s) => {
                    nums.push(number_f64(s).unwrap_or(0.0));
                    self.next();
                    0
                }
                Tok::Str(s) => {
                    strs.push(s.clone());
                    self.next();
                    1
                }
                Tok::Ident(w) if w == "TRUE" || w == "FALSE" => {
                    bools.push(w == "TRUE");
                    self.next();
                    2
                }
                Tok::Ident(w) if !KEYWORDS.contains(&w.as_str()) || w == "DEF" || w == "USE" => {
                    let ctx = format!("field '{}' of {}", fname, owner);
                    if let Some(n) = self.parse_node(&ctx)? {
                        nodes.push(n);
                    }
                    3
                }
                _ => {
                    return self.err(
                        &t,
                        format!("expected a value or ']' for field '{}' of {}, found {}", fname, owner, t.describe()),
                    )
                }
            };
            if kind.is_some_and(|old| old != k) {
                return self.err(&t, format!("values of different types in field '{}' of {}", fname, owner));
            }
            kind = Some(k);
        }
        Ok(match kind {
            Some(0) => AValue::Plain(FieldValue::MFFloat(nums)),
            Some(1) => AValue::Plain(FieldValue::MFString(strs)),
            Some(2) => AValue::Plain(FieldValue::MFBool(bools)),
            _ => AValue::MFNode(nodes),
        })
    }
}

fn sf_value(ty: FieldType, one: One) -> AValue {
    let v = match one {
        One::B(b) => FieldValue::SFBool(b),
        One::I(i) => FieldValue::SFInt32(i),
        One::S(s) => FieldValue::SFString(s),
        One::Node(n) => return AValue::SFNode(n.map(Box::new)),
        One::N(n) => {
            let g = |k: usize| n.get(k).copied().unwrap_or(0.0);
            match ty {
                FieldType::SFVec2f => FieldValue::SFVec2f([g(0), g(1)]),
                FieldType::SFVec3f => FieldValue::SFVec3f([g(0), g(1), g(2)]),
                FieldType::SFColor => FieldValue::SFColor([g(0), g(1), g(2)]),
                FieldType::SFRotation => FieldValue::SFRotation([g(0), g(1), g(2), g(3)]),
                _ => FieldValue::SFFloat(g(0)),
            }
        }
    };
    AValue::Plain(v)
}

fn mf_value(ty: FieldType, items: Vec<One>) -> AValue {
    if ty == FieldType::MFNode {
        return AValue::MFNode(
            items
                .into_iter()
                .filter_map(|o| match o {
                    One::Node(n) => n,
                    _ => None,
                })
                .collect(),
        );
    }
    let mut out = ty.neutral();
    for one in items {
        let AValue::Plain(v) = sf_value(ty.single(), one) else {
            continue;
        };
        match (&mut out, v) {
            (FieldValue::MFBool(l), FieldValue::SFBool(x)) => l.push(x),
            (FieldValue::MFInt32(l), FieldValue::SFInt32(x)) => l.push(x),
            (FieldValue::MFFloat(l), FieldValue::SFFloat(x)) => l.push(x),
            (FieldValue::MFVec2f(l), FieldValue::SFVec2f(x)) => l.push(x),
            (FieldValue::MFVec3f(l), FieldValue::SFVec3f(x)) => l.push(x),
            (FieldValue::MFRotation(l), FieldValue::SFRotation(x)) => l.push(x),
            (FieldValue::MFColor(l), FieldValue::SFColor(x)) => l.push(x),
            (FieldValue::MFString(l), FieldValue::SFString(x)) => l.push(x),
            _ => {}
        }
    }
    AValue::Plain(out)
}
