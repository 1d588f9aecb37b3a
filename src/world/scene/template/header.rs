//! The comment lines at the top of a PROTO file that concern templates: `# template language: …`
//! and `# tags: …` (`nonDeterministic`, `indirectFieldAccess`).

/// The language of a template's code blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    /// `%< code >%`, `%<= expression >%` (R2022b and later).
    JavaScript,
    /// `%{ code }%`, `%{= expression }%` (before R2022b).
    Lua,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub language: Language,
    /// Same field values, same output: expansions are cached (no `nonDeterministic` tag).
    pub deterministic: bool,
    pub indirect_field_access: bool,
}

impl Header {
    /// Reads the header comments of a file whose body holds template code. Webots takes a file
    /// without `# template language: javascript` for Lua; one that uses only `%<` blocks is read as
    /// JavaScript here, since Lua cannot run it either.
    pub fn read(text: &str) -> Header {
        let mut language = None;
        let mut tags: Vec<String> = Vec::new();
        for line in text.lines().skip_while(|l| l.trim().is_empty()) {
            let Some(comment) = line.trim_start().strip_prefix('#') else { break };
            let comment = comment.trim();
            if let Some(v) = comment.strip_prefix("template language:") {
                language = Some(if v.trim().eq_ignore_ascii_case("javascript") {
                    Language::JavaScript
                } else {
                    Language::Lua
                });
            } else if let Some(v) = comment.strip_prefix("tags:") {
                tags.extend(v.split(',').map(|t| t.trim().to_string()));
            }
        }
        let language = language.unwrap_or_else(|| {
            if text.contains("%<") && !text.contains("%{") {
                Language::JavaScript
            } else {
                Language::Lua
            }
        });
        let has = |tag: &str| tags.iter().any(|t| t == tag);
        Header { language, deterministic: !has("nonDeterministic"), indirect_field_access: has("indirectFieldAccess") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_language_and_tags() {
        let h = Header::read(
            "#VRML_SIM R2025a utf8\n# license: x\n# tags: nonDeterministic, indirectFieldAccess\n# template language: javascript\nPROTO A [] { %< >% Solid {} }",
        );
        assert_eq!(h, Header { language: Language::JavaScript, deterministic: false, indirect_field_access: true });
        let lua = Header::read("#VRML_SIM R2021b utf8\n# template language: lua\nPROTO A [] { %{ }% Solid {} }");
        assert_eq!(lua.language, Language::Lua);
        assert!(lua.deterministic);
        assert_eq!(Header::read("#VRML_SIM R2021b utf8\nPROTO A [] { %{ }% Solid {} }").language, Language::Lua);
        assert_eq!(Header::read("#VRML_SIM R2025a utf8\nPROTO A [] { %< >% Solid {} }").language, Language::JavaScript);
        // a later comment (after the first non-comment line) is not part of the header
        assert!(Header::read("#VRML_SIM R2025a utf8\nPROTO A [\n# tags: nonDeterministic\n] { %< >% }").deterministic);
    }
}
