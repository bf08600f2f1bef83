//! The attributes of a tool declaration: doc comments and `#[tool(...)]`.

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::{Attribute, LitStr};
use tool_schema_runtime::export::Target;
use tool_schema_runtime::suggest::closest;
use tool_schema_runtime::{Dialect, LintKind};

/// What the attributes say.
pub(crate) struct ToolAttrs {
    /// `#[tool(name = "...")]`, with its span.
    pub name: Option<(String, Span)>,
    /// `#[tool(description = "...")]`.
    pub description: Option<String>,
    /// The doc comment, lines joined with `\n`.
    pub doc: Option<String>,
    /// Lints turned off with `#[tool(allow(...))]`.
    pub allow: Vec<LintKind>,
    /// `#[tool(any_root)]`: the root schema may be of any type, or `true`/`false`
    /// (the value validated is then not necessarily an arguments object).
    pub any_root: Option<Span>,
    /// `#[tool(custom_deserialize)]` (derive only): the type's `Deserialize` is
    /// written by hand, so `parse_str` reads through it (the generic text pass)
    /// instead of the visitor the derive would generate.
    pub custom_deserialize: Option<Span>,
    /// `#[tool(dialect = "bfcl")]`: the language the schema is written in, with the
    /// span of its name (default: JSON Schema); `Some((None, _))` for a name that is
    /// not a dialect (reported here; the schema is then not checked, to spare
    /// follow-on errors).
    pub dialect: Option<(Option<Dialect>, Span)>,
    /// `#[tool(targets(...))]`: the providers the tool must export to unchanged in
    /// meaning, each with the name as written and its span.
    pub targets: Vec<(String, Target, Span)>,
    /// `#[tool(allow(lossy_export))]`: a declared target may move a constraint into
    /// the description (the validator still enforces it).
    pub allow_lossy: bool,
    /// Attributes passed through to the generated type (`doc`, `cfg`, ...).
    pub passthrough: Vec<Attribute>,
}

/// The name `allow(...)` takes to accept constraints a declared target moves into
/// the description.
pub(crate) const LOSSY_EXPORT: &str = "lossy_export";

/// Every target `targets(...)` takes: each `Target::id()`, and `openai` /
/// `openai_strict` for the Chat Completions forms.
pub(crate) const TARGETS: [(&str, Target); 11] = [
    ("anthropic", Target::Anthropic),
    ("anthropic_strict", Target::AnthropicStrict),
    ("openai", Target::OpenAiChat),
    ("openai_strict", Target::OpenAiChatStrict),
    ("openai_chat", Target::OpenAiChat),
    ("openai_chat_strict", Target::OpenAiChatStrict),
    ("openai_responses", Target::OpenAiResponses),
    ("openai_responses_strict", Target::OpenAiResponsesStrict),
    ("gemini", Target::Gemini),
    ("gemini_json_schema", Target::GeminiJsonSchema),
    ("mcp", Target::Mcp),
];

/// Every lint kind, by the name `allow(...)` takes.
pub(crate) const LINTS: [(&str, LintKind); 10] = [
    ("required_undeclared", LintKind::RequiredUndeclared),
    ("duplicate_required", LintKind::DuplicateRequired),
    ("minimum_above_maximum", LintKind::MinimumAboveMaximum),
    ("empty_enum", LintKind::EmptyEnum),
    ("enum_type_mismatch", LintKind::EnumTypeMismatch),
    ("duplicate_enum", LintKind::DuplicateEnum),
    ("const_type_mismatch", LintKind::ConstTypeMismatch),
    ("keyword_type_mismatch", LintKind::KeywordTypeMismatch),
    ("duplicate_type", LintKind::DuplicateType),
    ("unknown_format", LintKind::UnknownFormat),
];

/// The name `allow(...)` takes for `kind`.
pub(crate) fn lint_name(kind: LintKind) -> &'static str {
    LINTS
        .iter()
        .find(|(_, k)| *k == kind)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> ToolAttrs {
    let mut out = ToolAttrs {
        name: None,
        description: None,
        doc: None,
        allow: Vec::new(),
        any_root: None,
        custom_deserialize: None,
        dialect: None,
        targets: Vec::new(),
        allow_lossy: false,
        passthrough: Vec::new(),
    };
    let mut doc_lines: Vec<String> = Vec::new();
    for attr in attrs {
        if attr.path().is_ident("doc") {
            if let syn::Meta::NameValue(nv) = &attr.meta {
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                {
                    let line = s.value();
                    doc_lines.push(line.strip_prefix(' ').unwrap_or(&line).to_string());
                }
            }
            out.passthrough.push(attr.clone());
        } else if attr.path().is_ident("tool") {
            let res = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("name") {
                    let s: LitStr = meta.value()?.parse()?;
                    out.name = Some((s.value(), s.span()));
                } else if meta.path.is_ident("description") {
                    let s: LitStr = meta.value()?.parse()?;
                    out.description = Some(s.value());
                } else if meta.path.is_ident("dialect") {
                    let s: LitStr = meta.value()?.parse()?;
                    let id = s.value();
                    let dialect = Dialect::from_name(&id);
                    out.dialect = Some((dialect, s.span()));
                    if dialect.is_none() {
                        let suggestion = Dialect::from_name(&id.to_ascii_lowercase())
                            .map(Dialect::name)
                            .or_else(|| closest(&id, Dialect::NAMES));
                        let msg = match suggestion {
                            Some(n) => format!("unknown dialect \"{id}\"; did you mean \"{n}\"?"),
                            None => format!(
                                "unknown dialect \"{id}\"; expected one of: {}",
                                Dialect::NAMES.map(|n| format!("\"{n}\"")).join(", ")
                            ),
                        };
                        cx.error(s.span(), msg);
                    }
                } else if meta.path.is_ident("targets") {
                    meta.parse_nested_meta(|t| {
                        let id = t
                            .path
                            .get_ident()
                            .map(|i| i.to_string())
                            .unwrap_or_default();
                        let span = syn::spanned::Spanned::span(&t.path);
                        match TARGETS.iter().find(|(n, _)| *n == id) {
                            Some(_) if out.targets.iter().any(|(n, _, _)| *n == id) => {
                                cx.error(span, format!("target `{id}` is declared twice"));
                            }
                            Some((_, target)) => out.targets.push((id, *target, span)),
                            None => {
                                let names = TARGETS.iter().map(|(n, _)| *n);
                                let msg = match closest(&id, names.clone()) {
                                    Some(s) => {
                                        format!("unknown target `{id}`; did you mean `{s}`?")
                                    }
                                    None => format!(
                                        "unknown target `{id}`; expected one of: {}",
                                        names.collect::<Vec<_>>().join(", ")
                                    ),
                                };
                                cx.push(t.error(msg));
                            }
                        }
                        Ok(())
                    })?;
                } else if meta.path.is_ident("any_root") {
                    out.any_root = Some(syn::spanned::Spanned::span(&meta.path));
                } else if meta.path.is_ident("custom_deserialize") {
                    out.custom_deserialize = Some(syn::spanned::Spanned::span(&meta.path));
                } else if meta.path.is_ident("allow") {
                    meta.parse_nested_meta(|lint| {
                        let id = lint
                            .path
                            .get_ident()
                            .map(|i| i.to_string())
                            .unwrap_or_default();
                        match LINTS.iter().find(|(n, _)| *n == id) {
                            Some((_, k)) => out.allow.push(*k),
                            None if id == LOSSY_EXPORT => out.allow_lossy = true,
                            None => {
                                let names = LINTS.iter().map(|(n, _)| *n).chain([LOSSY_EXPORT]);
                                let msg = match closest(&id, names.clone()) {
                                    Some(s) => format!("unknown lint `{id}`; did you mean `{s}`?"),
                                    None => format!(
                                        "unknown lint `{id}`; expected one of: {}",
                                        names.collect::<Vec<_>>().join(", ")
                                    ),
                                };
                                // Reported, and the other names are still read.
                                cx.push(lint.error(msg));
                            }
                        }
                        Ok(())
                    })?;
                } else {
                    let key = meta
                        .path
                        .get_ident()
                        .map(|i| i.to_string())
                        .unwrap_or_default();
                    let hint = match closest(
                        &key,
                        [
                            "name",
                            "description",
                            "allow",
                            "any_root",
                            "custom_deserialize",
                            "dialect",
                            "targets",
                        ],
                    ) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => {
                            "expected `name = \"...\"`, `description = \"...\"` or `allow(...)`"
                                .to_string()
                        }
                    };
                    cx.push(meta.error(format!("unknown tool attribute `{key}`; {hint}")));
                    // Skip its value so the keys after it are still read.
                    if meta.input.peek(syn::Token![=]) {
                        meta.value()?.parse::<syn::Expr>()?;
                    } else if meta.input.peek(syn::token::Paren) {
                        let _skipped: proc_macro2::Group = meta.input.parse()?;
                    }
                }
                Ok(())
            });
            if let Err(e) = res {
                cx.push(e);
            }
        } else {
            out.passthrough.push(attr.clone());
        }
    }
    if !doc_lines.is_empty() {
        let text = doc_lines.join("\n").trim().to_string();
        if !text.is_empty() {
            out.doc = Some(text);
        }
    }
    out
}

/// `GetWeather` -> `get_weather`, `HTTPGet` -> `http_get`, `Search2` -> `search2`.
pub(crate) fn snake_case(ident: &str) -> String {
    let chars: Vec<char> = ident.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let boundary = match prev {
                Some('_') => false,
                Some(p) if p.is_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_uppercase() => next.is_some_and(|n| n.is_lowercase()),
                _ => false,
            };
            if boundary {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Tool names every provider accepts: `^[a-zA-Z0-9_-]{1,64}$`.
pub(crate) fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 64 {
        return Err(format!(
            "tool name \"{name}\" must be 1 to 64 characters long (it has {})",
            name.chars().count()
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "tool name \"{name}\" may hold only ASCII letters, digits, `_` and `-`, not '{c}'"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_names() {
        assert_eq!(snake_case("GetWeather"), "get_weather");
        assert_eq!(snake_case("HTTPGet"), "http_get");
        assert_eq!(snake_case("Search2"), "search2");
        assert_eq!(snake_case("Search2Docs"), "search2_docs");
        assert_eq!(snake_case("get_weather"), "get_weather");
        assert_eq!(snake_case("A"), "a");
    }

    #[test]
    fn name_rules() {
        assert!(check_name("get_weather-2").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("get weather").is_err());
        assert!(check_name(&"a".repeat(65)).is_err());
    }
}
