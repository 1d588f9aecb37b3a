//! Runs template modules in an embedded QuickJS (through `rquickjs`): a fresh context per expansion
//! (module state such as `wbrandom`'s seed starts over, as in Webots), the helper modules a template
//! may import, `wbfile`, a deterministic `Math.random`, and a time limit that stops endless loops.
//! Failures become `WorldError`s at the PROTO file's line.

use super::super::error::{SourcePos, WorldError};
use super::input::{fields_object, Context, TField};
use super::script::{file_line, module_source, MODULE_NAME};
use super::{Language, TemplateBody};
use rquickjs::{CatchResultExt, CaughtError, Coerced, Ctx, Function, Module, Runtime, Value};
use std::cell::Cell;
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

/// One JavaScript runtime, reused for every expansion of a load.
pub(crate) struct Engine {
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
        Ok(Engine { rt, deadline, limit, load_deadline: Instant::now() + budget, budget })
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
        let ctx = rquickjs::Context::full(&self.rt)
            .map_err(|e| WorldError::new(format!("cannot start the JavaScript engine: {}", e)))?;
        let source = module_source(&body.text, &body.start);
        let tmp = PathBuf::from(&context.temporary_files_path);
        if Instant::now() >= self.load_deadline {
            return Err(WorldError::at(&body.first_block(), self.over_budget(name)));
        }
        self.deadline.set(Some((Instant::now() + self.limit).min(self.load_deadline)));
        let outcome = ctx.with(|ctx| {
            let run = run(&ctx, &source, fields, context, &tmp).catch(&ctx);
            let streams = (stream(&ctx, "stdout"), stream(&ctx, "stderr"));
            (run.map_err(|e| self.failure(name, body, e)), streams)
        });
        self.deadline.set(None);
        let (text, (output, errors)) = outcome;
        Ok(Expansion { text: text?, output, errors })
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

fn run<'js>(
    ctx: &Ctx<'js>,
    source: &str,
    fields: &[TField],
    context: &Context,
    tmp: &Path,
) -> rquickjs::Result<String> {
    ctx.eval::<(), _>(GLOBALS)?;
    ctx.globals().set("wbfile", super::wbfile::object(ctx, tmp)?)?;
    for (module, text) in MODULES {
        Module::declare(ctx.clone(), *module, *text)?;
    }
    let (module, done) = Module::declare(ctx.clone(), MODULE_NAME, source)?.eval()?;
    done.finish::<()>()?;
    let generate: Function = module.get("generateVrml")?;
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
