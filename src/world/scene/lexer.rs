//! Header check and tokenizer for VRML_SIM text (worlds and PROTOs).
//!
//! Whitespace and commas separate tokens, `#` starts a comment to the end of the line, `{ } [ ]`
//! are single-character tokens, strings are one line long with only `\"` and `\\` escapes, and
//! numbers start with a sign, a digit or a dot. Template code (`%< … >%`, `%{ … }%`) becomes one
//! opaque token so that a template PROTO body can be recognised and skipped.

use super::error::{SourcePos, WorldError};
use super::input_memory::{reserve, reserve_str};
use std::sync::Arc;

/// The release written in the hint of a bad header.
pub const CURRENT_VERSION: &str = "R2025a";

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Str(String),
    /// A number, as written (validated).
    Num(String),
    Ident(String),
    /// An embedded template block (JavaScript or Lua).
    Template,
    Eof,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: u32,
    pub col: u32,
}

impl Token {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match &self.tok {
            Tok::LBrace => "'{'".into(),
            Tok::RBrace => "'}'".into(),
            Tok::LBracket => "'['".into(),
            Tok::RBracket => "']'".into(),
            Tok::Str(s) => format!("string \"{}\"", shorten(s)),
            Tok::Num(n) => format!("'{}'", shorten(n)),
            Tok::Ident(i) => format!("'{}'", shorten(i)),
            Tok::Template => "template code".into(),
            Tok::Eof => "end of file".into(),
        }
    }
}

fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        let mut t: String = s.chars().take(40).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    }
}

/// Checks the `#VRML_SIM <version> utf8` first line and returns the version ("R2025a", "V8.6").
pub(crate) fn check_header(text: &str, file: &Arc<str>) -> Result<String, WorldError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("").trim_end();
    let version = first
        .strip_prefix("#VRML_SIM ")
        .and_then(|rest| rest.strip_suffix(" utf8"))
        .map(str::trim)
        .filter(|v| !v.is_empty() && !v.contains(char::is_whitespace));
    match version {
        Some(v) => Ok(v.to_string()),
        None => Err(WorldError::at(
            &SourcePos { file: file.clone(), line: 1, col: 1 },
            format!(
                "missing or invalid VRML_SIM header: please modify the first line of '{}' to \"#VRML_SIM {} utf8\"",
                file, CURRENT_VERSION
            ),
        )),
    }
}

/// Whether a number token is well formed: `[+-]digits[.digits][(e|E)[+-]digits]` (at least one
/// digit in the mantissa), or a hexadecimal integer `[+-]0x…`.
pub(crate) fn valid_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+') | Some(b'-')) {
        i = 1;
    }
    let rest = &b[i..];
    if rest.len() > 2 && (rest.starts_with(b"0x") || rest.starts_with(b"0X")) {
        return rest[2..].iter().all(u8::is_ascii_hexdigit);
    }
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '"' | '#' | '[' | ']' | '{' | '}')
}

fn is_forbidden(c: char) -> bool {
    (c.is_control() && !c.is_whitespace()) || c == '\'' || c == '\\'
}

/// Splits a whole file into tokens; the last token is always `Eof`.
pub(crate) fn tokenize(text: &str, file: &Arc<str>) -> Result<Vec<Token>, WorldError> {
    let mut chars: Vec<char> = Vec::new();
    reserve(&mut chars, text.chars().count(), file)?;
    chars.extend(text.chars());
    let mut toks: Vec<Token> = Vec::new();
    // every allocation sized by the text is fallible: a file too big for the memory is a load error
    macro_rules! push {
        ($token:expr) => {{
            if toks.len() == toks.capacity() {
                let more = toks.len().max(64);
                reserve(&mut toks, more, file)?;
            }
            toks.push($token);
        }};
    }
    let (mut line, mut col) = (1u32, 1u32);
    let mut i = 0usize;
    let pos = |line: u32, col: u32| SourcePos { file: file.clone(), line, col };
    // Advances over chars[i], keeping line/column right.
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line = line.saturating_add(1);
                col = 1;
            } else {
                col = col.saturating_add(1);
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        if c == '\u{feff}' && i == 0 {
            i += 1;
            continue;
        }
        if c.is_whitespace() || c == ',' {
            bump!();
            continue;
        }
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            continue;
        }
        let (tl, tc) = (line, col);
        let single = match c {
            '{' => Some(Tok::LBrace),
            '}' => Some(Tok::RBrace),
            '[' => Some(Tok::LBracket),
            ']' => Some(Tok::RBracket),
            _ => None,
        };
        if let Some(t) = single {
            bump!();
            push!(Token { tok: t, line: tl, col: tc });
            continue;
        }
        if c == '%' && matches!(chars.get(i + 1), Some('{') | Some('<')) {
            let close = if chars[i + 1] == '{' { '}' } else { '>' };
            bump!();
            bump!();
            loop {
                if i >= chars.len() {
                    return Err(WorldError::at(&pos(tl, tc), "unterminated template block"));
                }
                if chars[i] == close && chars.get(i + 1) == Some(&'%') {
                    bump!();
                    bump!();
                    break;
                }
                bump!();
            }
            push!(Token { tok: Tok::Template, line: tl, col: tc });
            continue;
        }
        if c == '"' {
            bump!();
            let mut s = String::new();
            loop {
                match chars.get(i) {
                    None | Some('\n') | Some('\r') => {
                        return Err(WorldError::at(&pos(tl, tc), "unterminated string"));
                    }
                    Some('"') => {
                        bump!();
                        break;
                    }
                    Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                        bump!();
                        if s.len() + 1 > s.capacity() {
                            let more = s.len().max(16);
                            reserve_str(&mut s, more, file)?;
                        }
                        s.push(chars[i]);
                        bump!();
                    }
                    Some(&ch) => {
                        if s.len() + ch.len_utf8() > s.capacity() {
                            let more = s.len().max(16);
                            reserve_str(&mut s, more, file)?;
                        }
                        s.push(ch);
                        bump!();
                    }
                }
            }
            push!(Token { tok: Tok::Str(s), line: tl, col: tc });
            continue;
        }
        if is_forbidden(c) {
            return Err(WorldError::at(&pos(tl, tc), format!("unexpected character {:?}", c)));
        }
        let start = i;
        while i < chars.len() && !is_separator(chars[i]) && !is_forbidden(chars[i]) {
            bump!();
        }
        let mut word = String::new();
        reserve_str(&mut word, chars[start..i].iter().map(|c| c.len_utf8()).sum(), file)?;
        word.extend(&chars[start..i]);
        let tok = if matches!(c, '+' | '-' | '.' | '0'..='9') {
            if !valid_number(&word) {
                return Err(WorldError::at(&pos(tl, tc), format!("invalid number '{}'", shorten(&word))));
            }
            if number_f64(&word).is_some_and(|v| !v.is_finite()) {
                return Err(WorldError::at(
                    &pos(tl, tc),
                    format!("number '{}' is out of range (beyond the largest double)", shorten(&word)),
                ));
            }
            Tok::Num(word)
        } else {
            Tok::Ident(word)
        };
        push!(Token { tok, line: tl, col: tc });
    }
    push!(Token { tok: Tok::Eof, line, col });
    Ok(toks)
}

/// Parses a number token as a float (hexadecimal integers allowed).
pub(crate) fn number_f64(s: &str) -> Option<f64> {
    if let Some(i) = parse_hex(s) {
        return Some(i as f64);
    }
    s.parse::<f64>().ok()
}

/// Parses a number token as a 32-bit integer; `None` for fractions or out-of-range values.
pub(crate) fn number_i32(s: &str) -> Option<i32> {
    if let Some(i) = parse_hex(s) {
        return i32::try_from(i).ok();
    }
    s.parse::<i32>().ok()
}

fn parse_hex(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let hex = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X"))?;
    let v = i64::from_str_radix(hex, 16).ok()?;
    Some(if neg { -v } else { v })
}
