//! A controller folder's `runtime.ini`, read and applied as Webots does: `[environment variables]`,
//! `[environment variables with paths]` and `[environment variables for linux]` / `[... linux 64]` set
//! variables (values may use `$(NAME)`), `[python]` and `[java]` give each language's `COMMAND` and
//! `OPTIONS`. A file with
//! an illegal line (a `;` before the `=`) is ignored whole, with Webots' warning.

use std::path::Path;

use super::launch_env::LaunchEnv;

#[derive(Debug, PartialEq)]
struct Entry {
    section: String,
    key: String,
    value: String,
}

/// What `[python]` or `[java]` asks for.
#[derive(Debug, Default, PartialEq)]
pub struct CommandSection {
    pub command: Option<String>,
    pub options: Option<String>,
}

pub type PythonSection = CommandSection;

/// The language sections of a `runtime.ini`.
#[derive(Debug, Default, PartialEq)]
pub struct Sections {
    pub python: CommandSection,
    pub java: CommandSection,
}

/// Reads `dir/runtime.ini` (when there is one) into `env`; returns its `[python]` and `[java]`
/// settings and the warnings to print.
pub fn apply(dir: &Path, env: &mut LaunchEnv) -> (Sections, Vec<String>) {
    let mut sections = Sections::default();
    let mut warnings = Vec::new();
    let Ok(text) = std::fs::read(dir.join("runtime.ini")) else { return (sections, warnings) };
    let Some(entries) = parse(&String::from_utf8_lossy(&text)) else {
        warnings.push(
            "Environment variables from runtime.ini could not be loaded: the file contains illegal definitions."
                .to_string(),
        );
        return (sections, warnings);
    };
    for e in entries {
        let paths = matches!(
            e.section.as_str(),
            "environment variables with paths" | "environment variables with relative paths"
        );
        let value = resolve(&e.value, env, paths);
        match e.section.as_str() {
            "environment variables with relative paths" => {
                warnings.push("[environment variables with relative path] is deprecated, please use [environment variables with path] instead".to_string());
                env.set(&e.key, &value);
            }
            "environment variables"
            | "environment variables with paths"
            | "environment variables for linux"
            | "environment variables for linux 64" => env.set(&e.key, &value),
            language @ ("python" | "java") => {
                let section = if language == "python" { &mut sections.python } else { &mut sections.java };
                match e.key.as_str() {
                    "COMMAND" => section.command = Some(value),
                    "OPTIONS" => section.options = Some(value),
                    other => warnings.push(format!("Unknown key: {other} in {language} section")),
                }
            }
            _ => {}
        }
    }
    (sections, warnings)
}

/// The entries in file order, sections in lower case; `None` for a file with an illegal definition.
fn parse(text: &str) -> Option<Vec<Entry>> {
    let mut entries = Vec::new();
    let mut section = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') {
            let head = line.split(';').next().unwrap_or_default();
            section = head.replace(['[', ']'], "").trim().to_string();
        } else if let Some(eq) = line.find('=') {
            if line.find(';').is_some_and(|semi| semi < eq) {
                return None;
            }
            entries.push(Entry {
                section: section.to_lowercase(),
                key: line[..eq].trim().to_string(),
                value: unquote(line[eq + 1..].trim()).trim().to_string(),
            });
        }
    }
    Some(entries)
}

/// A value without its comment: `;` starts one, except inside double quotes (which are removed).
fn unquote(value: &str) -> &str {
    if !value.starts_with('"') {
        return value.split(';').next().unwrap_or_default();
    }
    match (value.rfind(';'), value.rfind('"')) {
        (_, Some(0)) | (_, None) => value, // no closing quote: kept as written
        (Some(semi), Some(quote)) if semi > quote => {
            // the text before the comment, less its last character (the closing quote)
            let kept = value[1..semi].trim();
            kept.char_indices().last().map_or(kept, |(last, _)| &kept[..last])
        }
        (_, Some(quote)) => &value[1..quote],
    }
}

/// `$(NAME)` replaced by the variable's value so far ("" when unset); path lists lose empty items.
fn resolve(value: &str, env: &LaunchEnv, paths: bool) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("$(") {
        let Some(len) = rest[start..].find(')') else { break };
        out.push_str(&rest[..start]);
        let name = &rest[start + 2..start + len];
        out.push_str(&env.get(name).map(|v| v.to_string_lossy().into_owned()).unwrap_or_default());
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    if paths {
        while out.contains("::") {
            out = out.replace("::", ":");
        }
        out = out.trim_matches(':').to_string();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(section: &str, key: &str, value: &str) -> Entry {
        Entry { section: section.into(), key: key.into(), value: value.into() }
    }

    #[test]
    fn sections_keys_values_and_comments_read_as_webots_reads_them() {
        let text = "; a comment\n[Environment Variables] ; trailing\nA = 1 ; one\nB=\"x;y\"\nC = \"q\" ; c\n\
                    nothing here\n[python]\nCOMMAND = python3.11\n";
        assert_eq!(
            parse(text).unwrap(),
            vec![
                entry("environment variables", "A", "1"),
                entry("environment variables", "B", "x;y"),
                entry("environment variables", "C", "q"),
                entry("python", "COMMAND", "python3.11"),
            ]
        );
        assert_eq!(parse("[python]\nbad ; key = 1\n"), None);
    }

    #[test]
    fn values_refer_to_earlier_variables_and_path_lists_lose_empty_items() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(
            tmp.path().join("runtime.ini"),
            "[environment variables]\nWEBOTS_SHIM_INI_A = a\n\
             [environment variables with paths]\nWEBOTS_SHIM_INI_P = $(WEBOTS_SHIM_INI_A)/lib:$(WEBOTS_SHIM_INI_UNSET):\n\
             [python]\nCOMMAND = python3.11\nOPTIONS = -X dev\nFLAVOUR = x\n\
             [java]\nCOMMAND = /opt/jdk/bin/java\nOPTIONS = -Xmx64m -ea\nFLAVOUR = y\n",
        )
        .unwrap();
        let mut env = LaunchEnv::default();
        let (sections, warnings) = apply(tmp.path(), &mut env);
        assert_eq!(env.get("WEBOTS_SHIM_INI_P").unwrap(), "a/lib");
        assert_eq!(
            sections.python,
            CommandSection { command: Some("python3.11".into()), options: Some("-X dev".into()) }
        );
        assert_eq!(
            sections.java,
            CommandSection { command: Some("/opt/jdk/bin/java".into()), options: Some("-Xmx64m -ea".into()) }
        );
        assert_eq!(warnings, vec!["Unknown key: FLAVOUR in python section", "Unknown key: FLAVOUR in java section"]);

        std::fs::write(tmp.path().join("runtime.ini"), "[environment variables]\nX ; = 1\n").unwrap();
        let (sections, warnings) = apply(tmp.path(), &mut LaunchEnv::default());
        assert_eq!(sections, Sections::default());
        assert!(warnings[0].contains("illegal definitions"), "{warnings:?}");
    }
}
