//! Runs template modules in an embedded QuickJS (through `rquickjs`): the helper modules a template
//! may import, `wbfile`, a deterministic `Math.random`, and a time limit that stops endless loops.
//! Failures become `WorldError`s at the PROTO file's line.
//!
//! Each template is compiled once per load, in a context of its own with the helper modules; every
//! expansion then only calls its `generateVrml` with new fields, in a context put back as a fresh one
//! would be (as in Webots, where each expansion starts over): globals a template added are removed,
//! `Math.random` and `wbrandom` restart, the output streams are emptied.

use super::super::error::{SourcePos, WorldError};
use super::input::{fields_object, Context, TField};
use super::script::{file_line, module_source, MODULE_NAME};
use super::{Language, TemplateBody};
use rquickjs::{CatchResultExt, CaughtError, Coerced, Ctx, Function, Module, Persistent, Runtime, Value};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Webots' helper modules (our own implementations), in an order where each module's imports come first.
const MODULES: &[(&str, &str)] = &[
    ("wbutility.js", include_str!("js/wbutility.js")),
    ("wbvector2.js", include_str!("js/wbvector2.js")),
    ("wbvector3.js", include_str!("js/wbvector3.js")),
    ("wbrotation.js", include_str!("js/wbrotation.js")),
    ("wbrandom.js", include_str!("js/wbrandom.js")),
    ("wbgeometry.js", include_str!("js/wbgeometry.js")),
];

/// Globals every template sees: its output streams and a `Math.random` that draws the same sequence in
/// every expansion (webots-shim's worlds load identically every time).
const GLOBALS: &str = "globalThis.stdout = []; globalThis.stderr = []; \
    Math.random = (() => { let s = 0x2545f491; return () => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; \
    return (s >>> 0) / 4294967296; }; })();";

/// Remembers the globals of a prepared context (`RESET` removes any other before an expansion).
const BASELINE: &str = "Object.defineProperty(globalThis, '___baseline', { value: \
    new Set([...Object.getOwnPropertyNames(globalThis), '___baseline']) });";

/// Puts a prepared context back as a fresh one: the globals a template added are removed.
const RESET: &str = "for (const k of Object.getOwnPropertyNames(globalThis)) \
    { if (!___baseline.has(k)) delete globalThis[k]; }";

/// Most memory one expansion may take.
const MEMORY_LIMIT: usize = 1 << 30;

/// A template's output and what it wrote to its streams.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Expansion {
    pub text: String,
    /// `console.log` and friends, `wbutility.info`.
    pub output: Vec<String>,
    /// `console.error`, `wbutility.error` and the helper modules' argument checks.
    pub errors: Vec<String>,
}

/// A template compiled in its own context: its `generateVrml`, and `wbrandom`'s `seed` to restart it.
struct Prepared {
    // fields drop in order: the values before their context
    generate: Persistent<Function<'static>>,
    seed: Persistent<Function<'static>>,
    ctx: rquickjs::Context,
}

/// One JavaScript runtime, reused for every expansion of a load.
pub(crate) struct Engine {
    /// Each template body's context, by where the body starts (dropped before the runtime).
    prepared: RefCell<HashMap<String, Prepared>>,
    rt: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
    limit: Duration,
    /// When the load's templates together have used their budget, and that budget.
    load_deadline: Instant,
    budget: Duration,
}

impl Engine {
    /// `limit` bounds each expansion, `budget` all of this engine's (one world load's) together.
    pub fn new(limit: Duration, budget: Duration) -> Result<Engine, WorldError> {
        let rt = Runtime::new().map_err(|e| WorldError::new(format!("cannot start the JavaScript engine: {}", e)))?;
        rt.set_memory_limit(MEMORY_LIMIT);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let watch = deadline.clone();
        rt.set_interrupt_handler(Some(Box::new(move || watch.get().is_some_and(|d| Instant::now() >= d))));
        let prepared = RefCell::new(HashMap::new());
        Ok(Engine { rt, prepared, deadline, limit, load_deadline: Instant::now() + budget, budget })
    }

    /// Runs the template of PROTO `name` with these field values and context.
    pub fn expand(
        &self,
        name: &str,
        body: &TemplateBody,
        fields: &[TField],
        context: &Context,
    ) -> Result<Expansion, WorldError> {
        if body.header.language == Language::Lua {
            return Err(WorldError::at(
                &body.first_block(),
                format!(
                    "PROTO '{}' is a Lua template (the template language of Webots before R2022b), which \
                     webots-shim cannot expand: rewrite its template in JavaScript (`# template language: javascript`)",
                    name
                ),
            ));
        }
        let tmp = PathBuf::from(&context.temporary_files_path);
        if Instant::now() >= self.load_deadline {
            return Err(WorldError::at(&body.first_block(), self.over_budget(name)));
        }
        self.deadline.set(Some((Instant::now() + self.limit).min(self.load_deadline)));
        let outcome = self.with_prepared(name, body, |ctx, prepared| {
            let run = run(ctx, prepared, fields, context, &tmp).catch(ctx);
            let streams = (stream(ctx, "stdout"), stream(ctx, "stderr"));
            (run.map_err(|e| self.failure(name, body, e)), streams)
        });
        self.deadline.set(None);
        let (text, (output, errors)) = outcome?;
        Ok(Expansion { text: text?, output, errors })
    }

    /// Runs `f` in the template's prepared context, compiling the template first if this load has not.
    fn with_prepared<R>(
        &self,
        name: &str,
        body: &TemplateBody,
        f: impl for<'js> FnOnce(&Ctx<'js>, &Prepared) -> R,
    ) -> Result<R, WorldError> {
        let key = format!("{}:{}:{}", body.start.file, body.start.line, body.start.col);
        if !self.prepared.borrow().contains_key(&key) {
            let ctx = rquickjs::Context::full(&self.rt)
                .map_err(|e| WorldError::new(format!("cannot start the JavaScript engine: {}", e)))?;
            let source = module_source(&body.text, &body.start);
            let compiled = ctx.with(|ctx| {
                prepare(&ctx, &source)
                    .catch(&ctx)
                    .map(|(generate, seed)| (Persistent::save(&ctx, generate), Persistent::save(&ctx, seed)))
                    .map_err(|e| self.failure(name, body, e))
            })?;
            let (generate, seed) = compiled;
            self.prepared.borrow_mut().insert(key.clone(), Prepared { generate, seed, ctx });
        }
        let prepared = self.prepared.borrow();
        let prepared = &prepared[&key];
        Ok(prepared.ctx.with(|ctx| f(&ctx, prepared)))
    }

    /// The message of a load whose templates used up their budget while PROTO `name` expanded.
    fn over_budget(&self, name: &str) -> String {
        format!(
            "the world's templates ran longer than the load's budget of {:?} (WEBOTS_SHIM_LOAD_BUDGET, in seconds): \
             stopped while PROTO '{}' was expanding",
            self.budget, name
        )
    }

    /// A failed run as a `WorldError` at the template line it names.
    fn failure(&self, name: &str, body: &TemplateBody, e: CaughtError<'_>) -> WorldError {
        let (mut message, line) = match &e {
            CaughtError::Exception(x) => {
                let kind: Option<String> = x.get("name").ok();
                let text = x.message().unwrap_or_default();
                let message = match kind {
                    Some(k) if !k.is_empty() && k != "Error" => format!("{}: {}", k, text),
                    _ => text,
                };
                let line = x.get::<_, Option<u32>>("lineNumber").ok().flatten().map(|l| (l, 1));
                (message, line.or_else(|| x.stack().and_then(|s| stack_line(&s))))
            }
            CaughtError::Value(v) => (describe(v), None),
            CaughtError::Error(e) => (e.to_string(), None),
        };
        let mut line = line;
        if message.ends_with("interrupted") && Instant::now() >= self.load_deadline {
            return WorldError::at(&body.first_block(), self.over_budget(name));
        }
        if message.ends_with("interrupted") {
            message = format!("the template ran longer than {:?} (an endless loop?) and was stopped", self.limit);
            // QuickJS knows where a loop was stopped only from its last call: column 1 is the function's start
            line = line.filter(|&(_, col)| col > 1);
        }
        let pos = line
            .and_then(|(l, c)| {
                Some(SourcePos { file: body.start.file.clone(), line: file_line(l, &body.start)?, col: c })
            })
            .unwrap_or_else(|| body.first_block());
        WorldError::at(&pos, format!("template error in PROTO '{}': {}", name, message))
    }
}

/// Compiles a template module with the helper modules in `ctx`: its `generateVrml` and `wbrandom.seed`.
fn prepare<'js>(ctx: &Ctx<'js>, source: &str) -> rquickjs::Result<(Function<'js>, Function<'js>)> {
    ctx.eval::<(), _>(GLOBALS)?;
    ctx.globals().set("wbfile", rquickjs::Undefined)?;
    let mut seed = None;
    for (module, text) in MODULES {
        let declared = Module::declare(ctx.clone(), *module, *text)?;
        if *module == "wbrandom.js" {
            let (random, done) = declared.eval()?;
            done.finish::<()>()?;
            let f: Function = random.get("seed")?;
            seed = Some(f);
        }
    }
    let (module, done) = Module::declare(ctx.clone(), MODULE_NAME, source)?.eval()?;
    done.finish::<()>()?;
    let generate: Function = module.get("generateVrml")?;
    ctx.eval::<(), _>(BASELINE)?;
    let seed = seed.ok_or(rquickjs::Error::new_from_js("undefined", "wbrandom.seed"))?;
    Ok((generate, seed))
}

/// One expansion in a prepared context, put back as a fresh one first.
fn run<'js>(
    ctx: &Ctx<'js>,
    prepared: &Prepared,
    fields: &[TField],
    context: &Context,
    tmp: &Path,
) -> rquickjs::Result<String> {
    ctx.eval::<(), _>(RESET)?;
    ctx.eval::<(), _>(GLOBALS)?;
    prepared.seed.clone().restore(ctx)?.call::<_, ()>((0,))?;
    ctx.globals().set("wbfile", super::wbfile::object(ctx, tmp)?)?;
    let generate = prepared.generate.clone().restore(ctx)?;
    let out: Coerced<String> = generate.call((context.to_js(ctx)?, fields_object(ctx, fields)?))?;
    Ok(out.0)
}

/// The strings pushed on a global stream array.
fn stream(ctx: &Ctx<'_>, name: &str) -> Vec<String> {
    let list: Option<Vec<Coerced<String>>> = ctx.globals().get(name).ok();
    list.unwrap_or_default().into_iter().map(|s| s.0).collect()
}

/// A thrown non-error value, as text.
fn describe(v: &Value<'_>) -> String {
    let text = v.get::<Coerced<String>>().map(|s| s.0).unwrap_or_default();
    format!("uncaught exception: {}", text)
}

/// The first `template.js:LINE:COL` of a stack trace.
fn stack_line(stack: &str) -> Option<(u32, u32)> {
    let key = format!("{}:", MODULE_NAME);
    let at = stack.find(&key)? + key.len();
    let mut nums = stack[at..].split(|c: char| !c.is_ascii_digit());
    let line = nums.next()?.parse().ok()?;
    let col = nums.next().and_then(|c| c.parse().ok()).unwrap_or(1);
    Some((line, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_lines() {
        assert_eq!(stack_line("    at f (wbgeometry.js:3:1)\n    at generateVrml (template.js:12:5)\n"), Some((12, 5)));
        assert_eq!(stack_line("    at template.js:7:2\n"), Some((7, 2)));
        assert_eq!(stack_line("    at f (wbgeometry.js:3:1)\n"), None);
    }
}
