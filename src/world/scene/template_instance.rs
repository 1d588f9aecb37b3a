//! Template PROTO instances. Their interface values are built first (node values as detached
//! subtrees that the generated body's `IS` sites then take), the template runs on them (or its output
//! for the same values is reused), and the generated body is built like any PROTO body.

use super::ast::{AFieldVal, ANode, AValue, NodeKind, ProtoDef};
use super::error::WorldError;
use super::instance::{Binding, Builder, Built, Env};
use super::proto::Loader;
use super::schema;
use super::template::{Context, Engine, TField, TNode, TValue, TemplateBody, DEFAULT_TIME_LIMIT};
use super::tokenize;
use super::tree::{Field, NodeId, TemplateInstance};
use super::value::{FieldType, FieldValue};
use super::LoadOptions;
use std::cell::Cell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

/// What running templates needs beyond the PROTO: the load options and the world's part of `context`.
#[derive(Debug, Default)]
pub(crate) struct TemplateEnv {
    pub opts: LoadOptions,
    pub context: Context,
}

impl TemplateEnv {
    /// The `context` paths of a world file (absolute, folders with a trailing `/` as in Webots).
    pub fn for_world(world_file: &str, opts: &LoadOptions) -> TemplateEnv {
        let path = Path::new(world_file);
        let world = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
        };
        let folder = |p: &Path| format!("{}/", p.display().to_string().trim_end_matches('/'));
        let webots_home = std::env::var_os("WEBOTS_HOME")
            .filter(|h| !h.is_empty())
            .map(|h| folder(Path::new(&h)))
            .unwrap_or_default();
        let tmp = template_folder();
        TemplateEnv {
            opts: opts.clone(),
            context: Context {
                world: world.display().to_string(),
                project_path: folder(&crate::world::robots::table::project_path(&world)),
                webots_home,
                temporary_files_path: folder(&tmp),
                ..Context::default()
            },
        }
    }
}

/// The folder this process's templates write in (`context.temporary_files_path`).
pub fn template_folder() -> std::path::PathBuf {
    crate::link::paths::base_dir().join(format!("templates-{}", std::process::id()))
}

/// Removes what this process's templates wrote (the runner calls it as a run ends, SIGTERM included).
pub fn remove_template_folder() {
    let _ = std::fs::remove_dir_all(template_folder());
}

impl<'l, 'o> Builder<'l, 'o> {
    /// An instance of a template PROTO; `bindings` are its interface values as written.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn template_instance(
        &mut self,
        an: &ANode,
        def: &Arc<ProtoDef>,
        template: &Arc<TemplateBody>,
        mut bindings: HashMap<String, Binding>,
        env: &Rc<Env>,
        parent: Option<NodeId>,
        depth: u32,
    ) -> Result<Option<NodeId>, WorldError> {
        let reuse = self.reuse_root.take();
        let mut built: Vec<(String, Rc<Built>)> = Vec::with_capacity(def.interface.len());
        for decl in &def.interface {
            let b = match bindings.remove(&decl.name) {
                Some(Binding::Built(b)) => b,
                Some(Binding::Ast { value, env }) => {
                    let input = self.input_of(&value, &env, decl.ty);
                    // detached until an `IS` site takes them (or the instance root, at the end)
                    let v = self.value(&value, &env, parent.unwrap_or(usize::MAX), depth + 1)?;
                    let v = v.clone().coerce(decl.ty).unwrap_or(v);
                    Rc::new(Built { value: v, input, taken: Cell::new(false) })
                }
                None => {
                    Rc::new(Built { value: decl.ty.neutral(), input: neutral_input(decl.ty), taken: Cell::new(false) })
                }
            };
            built.push((decl.name.clone(), b));
        }
        let fields: Vec<TField> = def
            .interface
            .iter()
            .zip(&built)
            .filter(|(decl, _)| template.is_regenerator(&decl.name))
            .map(|(decl, (_, b))| TField {
                name: decl.name.clone(),
                value: b.input.clone(),
                default: self.input_of(&decl.default, &self.root_env.clone(), decl.ty),
            })
            .collect();
        let id_to_be = reuse.unwrap_or(self.nodes.len());
        let context = Context {
            proto: def.file.to_string(),
            id: id_to_be + 1,
            coordinate_system: self.coordinate_system(),
            ..self.world.clone()
        };
        let Some(body) = self.ld.template_output(def, template, &fields, &context)? else {
            return Ok(None);
        };
        let inner = Rc::new(Env {
            bindings: built.iter().map(|(n, b)| (n.clone(), Binding::Built(b.clone()))).collect(),
            ..Env::default()
        });
        self.reuse_root = reuse;
        let Some(id) = self.node(&body, &inner, parent, depth + 1)? else {
            return Ok(None);
        };
        let mut proto_fields = Vec::with_capacity(def.interface.len());
        let mut node_inputs = Vec::new();
        for (decl, (_, b)) in def.interface.iter().zip(&built) {
            let pos = an.fields.iter().find(|f| f.name == decl.name).and_then(|f| f.pos.clone());
            let first = inner.first_nodes.borrow().get(&decl.name).cloned();
            let value = match first {
                Some(v) => v,
                None => self.take_built(b, id),
            };
            if decl.ty.is_node() {
                node_inputs.push((decl.name.clone(), b.input.clone()));
            }
            proto_fields.push(Field { name: decl.name.clone(), value, pos });
        }
        self.finish_instance(an, def, id, &inner, env, proto_fields, parent);
        self.templates.insert(id, Arc::new(TemplateInstance { def: def.clone(), node_inputs }));
        Ok(Some(id))
    }

    /// `WorldInfo.coordinateSystem` of the world built so far ("ENU" before any WorldInfo).
    fn coordinate_system(&self) -> String {
        let info = self.nodes.iter().find(|n| n.type_name == "WorldInfo");
        match info.and_then(|n| n.fields.iter().find(|f| f.name == "coordinateSystem")) {
            Some(Field { value: FieldValue::SFString(s), .. }) => s.clone(),
            _ => "ENU".to_string(),
        }
    }

    /// What a template sees of a parsed value (`IS` resolved in `env`).
    fn input_of(&self, v: &AValue, env: &Rc<Env>, ty: FieldType) -> TValue {
        match v {
            AValue::Plain(p) => {
                let p = p.clone().coerce(ty).unwrap_or_else(|| p.clone());
                TValue::from_plain(&p).unwrap_or_else(|| neutral_input(ty))
            }
            AValue::SFNode(None) => TValue::Node(None),
            AValue::SFNode(Some(n)) => TValue::Node(Some(Arc::new(self.node_input(n, env)))),
            AValue::MFNode(l) => {
                TValue::List(l.iter().map(|n| TValue::Node(Some(Arc::new(self.node_input(n, env))))).collect())
            }
        }
    }

    /// A parsed node as `{node_name, fields}`: every field of a modelled base node or of a PROTO
    /// interface with its default, the written fields of other nodes.
    fn node_input(&self, an: &ANode, env: &Rc<Env>) -> TNode {
        let written = |name: &str, ty: FieldType| {
            an.fields.iter().find(|f| f.name == name).and_then(|f| match &f.value {
                AFieldVal::Value(v) => Some(self.input_of(v, env, ty)),
                AFieldVal::Is(p) => match env.bindings.get(p)? {
                    Binding::Ast { value, env } => Some(self.input_of(value, env, ty)),
                    Binding::Built(b) => Some(b.input.clone()),
                },
            })
        };
        let mut fields = Vec::new();
        match &an.kind {
            NodeKind::Base(s) => {
                for (spec, default) in schema::all_fields(s) {
                    let default = TValue::from_plain(&default).unwrap_or_else(|| neutral_input(spec.ty()));
                    let value = written(spec.name, spec.ty()).unwrap_or_else(|| default.clone());
                    fields.push(TField { name: spec.name.to_string(), value, default });
                }
            }
            NodeKind::Proto(def) => {
                for decl in &def.interface {
                    let default = self.input_of(&decl.default, &self.root_env, decl.ty);
                    let value = written(&decl.name, decl.ty).unwrap_or_else(|| default.clone());
                    fields.push(TField { name: decl.name.clone(), value, default });
                }
            }
            NodeKind::Generic | NodeKind::Missing => {}
        }
        for f in &an.fields {
            if fields.iter().any(|t| t.name == f.name) {
                continue;
            }
            let ty = match &f.value {
                AFieldVal::Value(v) => v.field_type(),
                AFieldVal::Is(_) => FieldType::SFNode,
            };
            if let Some(value) = written(&f.name, ty) {
                fields.push(TField { name: f.name.clone(), default: value.clone(), value });
            }
        }
        TNode { name: an.type_name.clone(), fields }
    }
}

/// The empty value of a type as a template sees it.
fn neutral_input(ty: FieldType) -> TValue {
    match ty {
        FieldType::SFNode => TValue::Node(None),
        ty if ty.is_multiple() => TValue::List(Vec::new()),
        ty => TValue::from_plain(&ty.neutral()).unwrap_or(TValue::Node(None)),
    }
}

/// The key of an expansion in the cache: the template and what it sees of the fields.
type ExpansionKey = (usize, String);

/// Template runs of one load: the engine (started on first use) and the generated bodies.
#[derive(Default)]
pub(crate) struct Expansions {
    engine: Option<Engine>,
    bodies: HashMap<ExpansionKey, Option<Arc<ANode>>>,
}

impl Loader<'_> {
    /// The body node PROTO `def`'s template generates for these field values (`None` when the
    /// generated node is skipped, with a warning). Deterministic templates run once per set of values.
    pub(crate) fn template_output(
        &mut self,
        def: &ProtoDef,
        template: &Arc<TemplateBody>,
        fields: &[TField],
        context: &Context,
    ) -> Result<Option<Arc<ANode>>, WorldError> {
        let key = (Arc::as_ptr(template) as usize, format!("{:?}", fields));
        if template.header.deterministic {
            if let Some(hit) = self.expansions.bodies.get(&key) {
                return Ok(hit.clone());
            }
        }
        let engine = match self.expansions.engine.take() {
            Some(e) => e,
            None => Engine::new(
                self.opts.template_time_limit.unwrap_or(DEFAULT_TIME_LIMIT),
                self.opts.template_load_budget.unwrap_or_else(super::template::load_budget),
            )?,
        };
        let run = engine.expand(&def.name, template, fields, context);
        self.expansions.engine = Some(engine);
        let expansion = run?;
        let log = format!("'{}.proto'", def.name);
        self.warnings.extend(expansion.output.iter().map(|o| format!("{}: JavaScript output: {}", log, o)));
        self.warnings.extend(expansion.errors.iter().map(|e| format!("{}: JavaScript error: {}", log, e)));
        let label: Arc<str> = Arc::from(format!("{} [generated by its template]", def.file));
        let toks = tokenize(&expansion.text, &label)?;
        let names = def.interface.iter().map(|d| d.name.clone()).collect();
        let body = super::parser::Parser::for_template_output(toks, label, &template.scope, names, self)
            .parse_template_output(&def.name)?
            .map(Arc::new);
        if template.header.deterministic {
            self.expansions.bodies.insert(key, body.clone());
        }
        Ok(body)
    }
}
