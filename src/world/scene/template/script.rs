//! A template body → the JavaScript module that generates its node text.
//!
//! As in Webots, text between code blocks is appended as a JavaScript template literal (so `${…}`
//! and backslash escapes in it are JavaScript's), `%<= e >%` appends the value of `e`, `%< code >%`
//! runs `code`, and `import … from '…'` statements in code blocks move to the top of the module. The
//! body keeps its line breaks, so line `n` of the module body is a line of the PROTO file.

use super::super::error::SourcePos;

/// The module's name in messages and stack traces (relative imports resolve against it).
pub(crate) const MODULE_NAME: &str = "template.js";

/// The body's first line is the module's line `BODY_LINE`.
const BODY_LINE: u32 = 3;

/// What wraps the body: `console` and `render` as Webots' templates see them, and the generating
/// function with its `context` and `fields`. One line, so that the body starts at `BODY_LINE`.
const PRELUDE: &str = concat!(
    "const console = { log: (...a) => stdout.push(digest(a)), info: (...a) => stdout.push(digest(a)), ",
    "warn: (...a) => stdout.push(digest(a)), debug: (...a) => stdout.push(digest(a)), ",
    "error: (...a) => stderr.push(digest(a)) }; ",
    "function digest(a) { return a.map((x) => (typeof x === 'object' ? JSON.stringify(x, null, 1) : String(x))).join(''); } ",
    "function render(text) { return text; } ",
    "export function generateVrml(context, fields) { let ___vrml = ''; let ___tmp;"
);

/// The module source for a body that starts at `start` in its file.
pub(crate) fn module_source(body: &str, start: &SourcePos) -> String {
    let mut imports = String::new();
    let mut out = String::with_capacity(body.len() * 2 + PRELUDE.len());
    // columns of the first line line up with the file's
    out.extend(std::iter::repeat_n(' ', start.col.saturating_sub(1) as usize));
    for part in parts(body) {
        match part {
            Part::Text(text) => {
                out.push_str("___vrml += render(`");
                out.push_str(text);
                out.push_str("`);");
            }
            Part::Expression(e) => {
                out.push_str("___tmp = ");
                out.push_str(e);
                out.push_str("; ___vrml += ___tmp;");
            }
            Part::Code(code) => {
                out.push_str("  ");
                out.push_str(&hoist_imports(code, &mut imports));
                out.push_str("  ");
            }
        }
    }
    format!("\"use strict\"; {}\n{}\n{}\nreturn ___vrml; }}\n", imports, PRELUDE, out)
}

/// A module line → the file line it comes from (`None` for the wrapper's lines).
pub(crate) fn file_line(module_line: u32, start: &SourcePos) -> Option<u32> {
    module_line.checked_sub(BODY_LINE).map(|k| start.line + k)
}

enum Part<'a> {
    Text(&'a str),
    Expression(&'a str),
    Code(&'a str),
}

/// The body cut into text and `%< >%` blocks; an unclosed block runs to the end.
fn parts(body: &str) -> impl Iterator<Item = Part<'_>> {
    let mut rest = body;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find("%<") {
            Some(0) => {
                let inner = &rest[2..];
                let (block, after) = match inner.find(">%") {
                    Some(end) => (&inner[..end], &inner[end + 2..]),
                    None => (inner, ""),
                };
                rest = after;
                Some(match block.strip_prefix('=') {
                    Some(e) => Part::Expression(e),
                    None => Part::Code(block),
                })
            }
            Some(at) => {
                let text = &rest[..at];
                rest = &rest[at..];
                Some(Part::Text(text))
            }
            None => {
                let text = rest;
                rest = "";
                Some(Part::Text(text))
            }
        }
    })
}

/// The code of every `%< >%` block (expressions included).
pub(crate) fn code_blocks(body: &str) -> impl Iterator<Item = &str> {
    parts(body).filter_map(|p| match p {
        Part::Code(c) | Part::Expression(c) => Some(c),
        Part::Text(_) => None,
    })
}

/// Moves one-line `import … from '…'` statements out of `code` into `imports`, leaving spaces.
fn hoist_imports(code: &str, imports: &mut String) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("import") {
        let starts_word = !rest[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
        let len = if starts_word { import_length(&rest[at..]) } else { None };
        let end = at + len.unwrap_or("import".len());
        out.push_str(&rest[..at]);
        match len {
            Some(_) => {
                imports.push_str(rest[at..end].trim_end_matches(';'));
                imports.push_str("; ");
                out.extend(std::iter::repeat_n(' ', rest[at..end].chars().count()));
            }
            None => out.push_str(&rest[at..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the import statement at the start of `s` (through its quoted module name and an
/// optional `;`), if `s` starts one on a single line.
fn import_length(s: &str) -> Option<usize> {
    let line = &s[..s.find('\n').unwrap_or(s.len())];
    let from = line.find(" from")? + " from".len();
    let after_from = &line[from..];
    let open = after_from.find(['\'', '"'])?;
    if !after_from[..open].trim().is_empty() {
        return None;
    }
    let quote = after_from[open..].chars().next()?;
    let close = after_from[open + 1..].find(quote)? + open + 1;
    let mut end = from + close + 1;
    if line[end..].starts_with(';') {
        end += 1;
    }
    Some(end)
}

/// The file position of byte `offset` of a text that starts at `start`.
pub(crate) fn position_at(text: &str, offset: usize, start: &SourcePos) -> SourcePos {
    let before = &text[..offset.min(text.len())];
    let lines = before.matches('\n').count() as u32;
    let last = before.rsplit('\n').next().unwrap_or("").chars().count() as u32;
    let col = if lines == 0 { start.col + last } else { last + 1 };
    SourcePos { file: start.file.clone(), line: start.line + lines, col }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn start(line: u32, col: u32) -> SourcePos {
        SourcePos { file: Arc::from("T.proto"), line, col }
    }

    #[test]
    fn body_lines_keep_their_file_lines() {
        let body = "\n  %< const a = 1;\n  const b = 2; >%\n  Solid { name \"%<= a >%\" }\n";
        let src = module_source(body, &start(10, 5));
        let lines: Vec<&str> = src.lines().collect();
        let third = lines.iter().position(|l| l.contains("const b = 2")).unwrap() as u32 + 1;
        assert_eq!(file_line(third, &start(10, 5)), Some(12));
        let name = lines.iter().position(|l| l.contains("Solid")).unwrap() as u32 + 1;
        assert_eq!(file_line(name, &start(10, 5)), Some(13));
        assert_eq!(file_line(2, &start(10, 5)), None);
    }

    #[test]
    fn imports_move_to_the_top() {
        let src = module_source(
            "%< import * as wbgeometry from 'wbgeometry.js';\n import {integer} from \"wbrandom.js\"\n const x = 1; >%",
            &start(1, 1),
        );
        let first = src.lines().next().unwrap();
        assert!(first.contains("import * as wbgeometry from 'wbgeometry.js';"), "{first}");
        assert!(first.contains("import {integer} from \"wbrandom.js\";"), "{first}");
        assert_eq!(src.matches("import").count(), 2, "{src}");
        // an identifier that merely contains the word stays
        let kept = module_source("%< const reimport = 1; import_it(); >%", &start(1, 1));
        assert!(kept.contains("const reimport = 1; import_it();"), "{kept}");
    }

    #[test]
    fn parts_and_regenerator_blocks() {
        let blocks: Vec<&str> = code_blocks("a %< x >% b %<= fields.y.value >% c %< unclosed").collect();
        assert_eq!(blocks, vec![" x ", " fields.y.value ", " unclosed"]);
    }

    #[test]
    fn positions_in_the_body() {
        let p = position_at("ab\ncd %< x", 6, &start(4, 7));
        assert_eq!((p.line, p.col), (5, 4));
        let q = position_at("ab %<", 3, &start(4, 7));
        assert_eq!((q.line, q.col), (4, 10));
    }
}
