//! `tool_schema!` with `#[tool(dialect = "bfcl")]`: a BFCL function definition (or
//! its `parameters` node) translated into JSON Schema and checked, every problem
//! reported at its token in the source.

use crate::attr::ToolAttrs;
use crate::ctxt::Ctxt;
use crate::literal::Source;
use crate::schema_check::check_schema;
use crate::spans::Locate;
use proc_macro2::Span;
use serde_json::Value;
use tool_schema_engine::json::pointer;
use tool_schema_engine::suggest::closest;
use tool_schema_engine::{Dialect, Schema};

/// A schema written in another dialect, translated into JSON Schema.
pub(crate) struct Translated {
    /// The JSON Schema it means.
    pub(crate) value: Value,
    /// The BFCL function's name (the source is a whole function definition) and
    /// the span of its value.
    pub(crate) name: Option<(String, Span)>,
    /// The BFCL function's description.
    pub(crate) description: Option<String>,
}

/// The keys of a whole BFCL function definition (`response`, the return value's
/// schema, is an annotation).
const BFCL_FUNCTION_KEYS: [&str; 4] = ["name", "description", "parameters", "response"];

/// Problems of the translated schema, located in the source: `base` is the pointer
/// of the translated node in the source (`/parameters` for a whole function).
struct InDialect<'a> {
    src: &'a Source,
    dialect: Dialect,
    base: &'a str,
}

impl InDialect<'_> {
    fn source_pointer(&self, pointer: &str) -> String {
        let node = self.src.value.pointer(self.base).unwrap_or(&Value::Null);
        format!(
            "{}{}",
            self.base,
            self.dialect.source_pointer(node, pointer)
        )
    }
}

impl Locate for InDialect<'_> {
    fn span(&self, pointer: &str, on_key: bool) -> Span {
        self.src.span(&self.source_pointer(pointer), on_key)
    }

    fn place(&self, pointer: &str) -> String {
        self.src.place(&self.source_pointer(pointer))
    }
}

/// Translates a BFCL definition (a whole function `{"name", "description",
/// "parameters"}`, or its `parameters` node) into JSON Schema and checks it; every
/// problem is reported at its token in the source.
pub(crate) fn check_bfcl(
    cx: &Ctxt,
    src: &Source,
    attrs: &ToolAttrs,
) -> (Option<Schema>, Translated) {
    let mut out = Translated {
        value: Value::Null,
        name: None,
        description: None,
    };
    let mut ok = true;
    if let Some(span) = attrs.any_root {
        ok = false;
        cx.error(
            span,
            "`any_root` does not apply to the BFCL dialect: a BFCL function's parameters are always a \"dict\"",
        );
    }
    // A whole function has a name or parameters; a parameters node has a type.
    let whole = src.value.as_object().filter(|o| {
        (o.contains_key("parameters") || o.contains_key("name")) && !o.contains_key("type")
    });
    let base = if whole.is_some() { "/parameters" } else { "" };
    if let Some(function) = whole.filter(|f| !f.contains_key("parameters")) {
        let keys: Vec<&str> = function.keys().map(String::as_str).collect();
        cx.error(
            src.spans.best(""),
            format!(
                "a BFCL function definition needs \"parameters\" (it has {}){}",
                keys.iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", "),
                src.place("")
            ),
        );
        ok = false;
    }
    if let Some(function) = whole {
        ok &= function_keys(cx, src, function, &mut out);
    }
    let Some(parameters) = src.value.pointer(base) else {
        return (None, out);
    };
    match Dialect::Bfcl.to_json_schema(parameters) {
        Ok(value) => out.value = value,
        Err(e) => {
            // The translation's pointers are the source's.
            for p in &e.problems {
                let at = format!("{base}{}", p.pointer);
                cx.error(
                    src.span(&at, p.on_key),
                    format!("not in the BFCL dialect: {}{}", p.message, src.place(&at)),
                );
            }
            return (None, out);
        }
    }
    let at = InDialect {
        src,
        dialect: Dialect::Bfcl,
        base,
    };
    let schema = check_schema(cx, &out.value, attrs, &at);
    (schema.filter(|_| ok), out)
}

/// Reads the keys of a whole BFCL function definition: its name and description
/// into `out`; `false` when one is wrong (reported).
fn function_keys(
    cx: &Ctxt,
    src: &Source,
    function: &serde_json::Map<String, Value>,
    out: &mut Translated,
) -> bool {
    let mut ok = true;
    for (key, value) in function {
        let at = pointer::join("", key);
        match (key.as_str(), value) {
            ("name", Value::String(s)) => out.name = Some((s.clone(), src.spans.best(&at))),
            ("description", Value::String(s)) => out.description = Some(s.clone()),
            ("name" | "description", _) => {
                ok = false;
                cx.error(
                    src.spans.best(&at),
                    format!(
                        "the {key} of a BFCL function must be a string{}",
                        src.place(&at)
                    ),
                );
            }
            ("parameters" | "response", _) => {}
            _ => {
                ok = false;
                let hint = match closest(key, BFCL_FUNCTION_KEYS) {
                    Some(k) => format!("did you mean \"{k}\"?"),
                    None => {
                        "expected \"name\", \"description\", \"parameters\" or \"response\"".into()
                    }
                };
                cx.error(
                    src.span(&at, true),
                    format!(
                        "unknown key \"{key}\" in a BFCL function definition; {hint}{}",
                        src.place(&at)
                    ),
                );
            }
        }
    }
    ok
}
