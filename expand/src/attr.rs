//! The attributes of a tool declaration: doc comments and `#[tool(...)]`.

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, LitStr};
use tool_schema_engine::export::Target;
use tool_schema_engine::suggest::closest;
use tool_schema_engine::{Dialect, LintKind};

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
    /// `#[tool(annotate_unknown_keywords)]` (`tool_schema!` only): a keyword the
    /// schema's dialect does not have is an annotation instead of a compile error
    /// (`SchemaBuilder::annotate_unknown_keywords`).
    pub annotate_unknown_keywords: Option<Span>,
    /// `#[tool(custom_deserialize)]` (derive only): the type's `Deserialize` is
    /// written by hand, so `parse_str` reads through it (the generic text pass)
    /// instead of the visitor the derive would generate.
    pub custom_deserialize: Option<Span>,
    /// `#[tool(validate = path)]` (derive only): the tool's own check on its typed
    /// arguments, `fn(&Self, &mut Problems)`.
    pub validate: Option<syn::ExprPath>,
    /// `#[tool(bound = "T: Trait, ...")]` (derive only, generic types): the where
    /// clause of the `ToolArgs` implementation, in place of the inferred
    /// `T: ToolArgs` for each type parameter; with the span of the string.
    pub bound: Option<(Vec<syn::WherePredicate>, Span)>,
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
pub(crate) const LINTS: [(&str, LintKind); 12] = [
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
    ("without_if", LintKind::WithoutIf),
    ("without_contains", LintKind::WithoutContains),
];

/// The name `allow(...)` takes for `kind`.
pub(crate) fn lint_name(kind: LintKind) -> &'static str {
    LINTS
        .iter()
        .find(|(_, k)| *k == kind)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

/// Reads the doc comment and every `#[tool(...)]`; every other attribute is passed
/// through.
pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> ToolAttrs {
    let mut out = ToolAttrs {
        name: None,
        description: None,
        doc: doc_comment(attrs).map(|(text, _)| text),
        allow: Vec::new(),
        any_root: None,
        annotate_unknown_keywords: None,
        custom_deserialize: None,
        validate: None,
        bound: None,
        dialect: None,
        targets: Vec::new(),
        allow_lossy: false,
        passthrough: Vec::new(),
    };
    for attr in attrs {
        if attr.path().is_ident("tool") {
            if let Err(e) = attr.parse_nested_meta(|meta| out.read(cx, &meta)) {
                cx.push(e);
            }
        } else {
            out.passthrough.push(attr.clone());
        }
    }
    out
}

/// A doc comment: its lines joined with `\n` (one leading space of each line
/// removed, the whole trimmed), with the span of its first line; `None` when it
/// is empty.
pub(crate) fn doc_comment(attrs: &[Attribute]) -> Option<(String, Span)> {
    let mut lines = Vec::new();
    let mut span = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(nv) = &attr.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                span.get_or_insert(attr.span());
                let line = s.value();
                lines.push(line.strip_prefix(' ').unwrap_or(&line).to_string());
            }
        }
    }
    let text = lines.join("\n").trim().to_string();
    let span = span?;
    (!text.is_empty()).then_some((text, span))
}

/// The message for an unknown name: `unknown {what} `{id}`; did you mean `x`?`, or
/// the names it could be.
pub(crate) fn unknown(what: &str, id: &str, names: &[&str]) -> String {
    match closest(id, names.iter().copied()) {
        Some(s) => format!("unknown {what} `{id}`; did you mean `{s}`?"),
        None => format!(
            "unknown {what} `{id}`; expected one of: {}",
            names.join(", ")
        ),
    }
}

/// Skips the value of an attribute key that is not read (`= expr` or `(...)`), so
/// the keys after it are still read.
pub(crate) fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        // An expression, or else token trees up to the next key (syn's `Expr`
        // parser without its `full` feature knows only some expressions).
        let value = meta.value()?;
        let fork = value.fork();
        if fork.parse::<syn::Expr>().is_ok() && (fork.is_empty() || fork.peek(syn::Token![,])) {
            syn::parse::discouraged::Speculative::advance_to(value, &fork);
        }
        while !value_ends(value) {
            value.parse::<proc_macro2::TokenTree>()?;
        }
    } else if meta.input.peek(syn::token::Paren) {
        let _skipped: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}

/// Whether a value ends where `input` is: at the end, or at a `,` before the
/// next key (`key`, `key = ..`, `key(..)`), not at a comma inside the value
/// (`|a, b|`, `f::<A, B>`).
fn value_ends(input: syn::parse::ParseStream) -> bool {
    if input.is_empty() {
        return true;
    }
    let fork = input.fork();
    if fork.parse::<syn::Token![,]>().is_err() {
        return false;
    }
    fork.is_empty()
        || (syn::Path::parse_mod_style(&fork).is_ok()
            && (fork.is_empty()
                || fork.peek(syn::Token![=])
                || fork.peek(syn::token::Paren)
                || fork.peek(syn::Token![,])))
}

/// The name of a key that is one identifier; empty for any other path.
fn ident_name(path: &syn::Path) -> String {
    path.get_ident().map(|i| i.to_string()).unwrap_or_default()
}

/// The keys `#[tool(...)]` takes.
const TOOL_KEYS: [&str; 10] = [
    "name",
    "description",
    "allow",
    "any_root",
    "annotate_unknown_keywords",
    "custom_deserialize",
    "validate",
    "bound",
    "dialect",
    "targets",
];

impl ToolAttrs {
    /// Reads one key of `#[tool(...)]`.
    fn read(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let key = ident_name(&meta.path);
        match key.as_str() {
            "name" => {
                let s: LitStr = meta.value()?.parse()?;
                self.name = Some((s.value(), s.span()));
            }
            "description" => {
                let s: LitStr = meta.value()?.parse()?;
                self.description = Some(s.value());
            }
            "dialect" => {
                let s: LitStr = meta.value()?.parse()?;
                self.dialect(cx, &s);
            }
            "targets" => meta.parse_nested_meta(|t| {
                self.target(cx, &t);
                Ok(())
            })?,
            "any_root" => self.any_root = Some(meta.path.span()),
            "annotate_unknown_keywords" => self.annotate_unknown_keywords = Some(meta.path.span()),
            "custom_deserialize" => self.custom_deserialize = Some(meta.path.span()),
            "validate" => {
                let expr: syn::Expr = meta.value()?.parse()?;
                match expr {
                    syn::Expr::Path(p) => self.validate = Some(p),
                    other => cx.push(syn::Error::new_spanned(
                        other,
                        "`validate` takes the path of a function `fn(&Self, &mut tool_schema::custom::Problems)`, like `validate = check_dates`",
                    )),
                }
            }
            "bound" => {
                let s: LitStr = meta.value()?.parse()?;
                let parsed = s.parse_with(
                    syn::punctuated::Punctuated::<syn::WherePredicate, syn::Token![,]>::parse_terminated,
                );
                match parsed {
                    Ok(list) => self.bound = Some((list.into_iter().collect(), s.span())),
                    Err(e) => cx.error(
                        s.span(),
                        format!("`bound` takes where-clause predicates, like `bound = \"T: ToolArgs + Clone\"`: {e}"),
                    ),
                }
            }
            "allow" => meta.parse_nested_meta(|lint| {
                self.allow(cx, &lint);
                Ok(())
            })?,
            _ => {
                let hint = match closest(&key, TOOL_KEYS) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => "expected `name = \"...\"`, `description = \"...\"` or `allow(...)`"
                        .to_string(),
                };
                cx.push(meta.error(format!("unknown tool attribute `{key}`; {hint}")));
                skip_value(meta)?;
            }
        }
        Ok(())
    }

    /// `dialect = "..."`.
    fn dialect(&mut self, cx: &Ctxt, s: &LitStr) {
        let id = s.value();
        let dialect = Dialect::from_name(&id);
        self.dialect = Some((dialect, s.span()));
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
    }

    /// One name in `targets(...)`.
    fn target(&mut self, cx: &Ctxt, t: &ParseNestedMeta) {
        let id = ident_name(&t.path);
        let span = t.path.span();
        match TARGETS.iter().find(|(n, _)| *n == id) {
            Some(_) if self.targets.iter().any(|(n, _, _)| *n == id) => {
                cx.error(span, format!("target `{id}` is declared twice"));
            }
            Some((_, target)) => self.targets.push((id, *target, span)),
            None => {
                let mut names: Vec<&str> = Vec::new();
                for &(n, _) in TARGETS.iter() {
                    names.push(n);
                }
                cx.push(t.error(unknown("target", &id, &names)));
            }
        }
    }

    /// One name in `allow(...)`; an unknown one is reported, and the other names
    /// are still read.
    fn allow(&mut self, cx: &Ctxt, lint: &ParseNestedMeta) {
        let id = ident_name(&lint.path);
        match LINTS.iter().find(|(n, _)| *n == id) {
            Some((_, k)) => self.allow.push(*k),
            None if id == LOSSY_EXPORT => self.allow_lossy = true,
            None => {
                let mut names: Vec<&str> = Vec::new();
                for &(n, _) in LINTS.iter() {
                    names.push(n);
                }
                names.push(LOSSY_EXPORT);
                cx.push(lint.error(unknown("lint", &id, &names)));
            }
        }
    }
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
