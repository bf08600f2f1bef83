//! `#[derive(ToolArgs)]`: the type -> a JSON Schema (with the span of every part),
//! checked by the schema model like any `tool_schema!` schema, compiled by the same
//! code generator, exported with the schemas of nested types spliced in.

use super::ast::{unraw, Container, Data, Field, Variant};
use super::attr::Given;
use super::ty::{self, push_token, Builder, Shape, SpanMap, JSON_MAX, JSON_MIN};
use crate::attr;
use crate::codegen::EXTERNAL_TYPE;
use crate::ctxt::Ctxt;
use crate::tool_impl::{check_schema, check_targets, tool_impl, tool_impl_with, ToolImpl};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use serde_json::{Map, Number, Value};
use syn::spanned::Spanned;
use syn::DeriveInput;
use tool_schema_runtime::{Options, Schema, Undeclared};

pub(crate) fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let out = expand(&cx, input);
    let mut tokens = out.unwrap_or_default();
    tokens.extend(cx.into_compile_errors());
    tokens
}

fn expand(cx: &Ctxt, input: &DeriveInput) -> Option<TokenStream> {
    // With generic parameters (reported), an implementation without them would
    // only add errors.
    let generic = !input.generics.params.is_empty();
    let Some(container) = Container::from_ast(cx, input) else {
        // A shape the derive does not take (reported): the fallback implementation
        // keeps the code using the type free of follow-on errors.
        return (!generic).then(|| {
            tool_impl(ToolImpl {
                ident: &input.ident,
                name: "",
                description: "",
                schema_json: quote!(),
                schema: None,
            })
        });
    };
    let ident = container.ident;
    let mut b = Builder {
        cx,
        spans: SpanMap::new(ident.span()),
        externals: Vec::new(),
        container: ident,
    };
    let value = match &container.data {
        Data::Struct(fields) => object(&mut b, &container, fields),
        Data::Enum(variants) => string_enum(&mut b, &container, variants),
    };

    let (name, name_span) = match &container.tool.name {
        Some((n, s)) => (n.clone(), *s),
        None => (attr::snake_case(&unraw(ident)), ident.span()),
    };
    if let Err(msg) = attr::check_name(&name) {
        cx.error(name_span, msg);
    }
    let description = container
        .tool
        .description
        .clone()
        .or_else(|| container.tool.doc.clone())
        .unwrap_or_default();

    let schema = check_schema(cx, &value, &container.tool.allow, &b.spans);
    let schema = schema.filter(|_| !cx.has_errors());
    if let Some(s) = schema
        .as_ref()
        .filter(|_| !container.tool.targets.is_empty())
    {
        // Nested `ToolArgs` types are only known by name here: they are checked by
        // their own `#[tool(targets(...))]`.
        let value = s.to_value();
        let mut nested = Vec::new();
        external_pointers(&value, "", &mut nested);
        check_targets(
            cx,
            (&name, &description),
            &value,
            &container.tool,
            &nested,
            &b.spans,
        );
    }
    let schema_json = match &schema {
        Some(s) => exported_json(&s.to_value(), &b.externals),
        None => quote!(),
    };
    if generic {
        return None;
    }
    // The typed text path (`derive/text.rs`), for a schema that compiled.
    let fast = match &schema {
        Some(_) => super::text::fast_items(input, &container),
        None => TokenStream::new(),
    };
    Some(tool_impl_with(
        ToolImpl {
            ident,
            name: &name,
            description: &description,
            schema_json,
            schema: schema.as_ref(),
        },
        fast,
    ))
}

/// A struct: the arguments object.
fn object(b: &mut Builder, c: &Container, fields: &[Field]) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    // Each name serde reads, with the field it came from.
    let mut taken: Vec<(String, String)> = Vec::new();
    for field in fields {
        if field.serde.skip {
            if let Some(span) = field.arg_span {
                b.cx.error(
                    span,
                    format!(
                        "serde never reads `{}` (#[serde(skip)]), so #[arg] has no effect on it",
                        field.ident
                    ),
                );
            }
            continue;
        }
        let rust_name = unraw(field.ident);
        let (name, name_span) = match (&field.serde.rename, c.serde.rename_all) {
            (Some(lit), _) => (lit.value(), lit.span()),
            (None, Some(rule)) => (rule.apply_to_field(&rust_name), field.ident.span()),
            (None, None) => (rust_name.clone(), field.ident.span()),
        };
        if let Some((_, other)) = taken.iter().find(|(n, _)| *n == name) {
            b.cx.error(
                name_span,
                format!(
                    "fields `{other}` and `{rust_name}` are both read by serde as the argument \"{name}\"; rename one with #[serde(rename = \"...\")]"
                ),
            );
            continue;
        }
        taken.push((name.clone(), rust_name));
        let pointer = push_token("/properties", &name);
        b.spans.value(&pointer, field.ident.span());
        let Some((schema, optional)) = property(b, field, &name, &pointer) else {
            continue;
        };
        properties.insert(name.clone(), Value::Object(schema));
        if !(optional || field.serde.default || c.serde.default) {
            b.spans.value(
                &push_token("/required", &required.len().to_string()),
                field.ident.span(),
            );
            required.push(Value::String(name));
        }
    }
    let mut root = Map::new();
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        root.insert("required".into(), Value::Array(required));
    }
    if let Some(span) = c.serde.deny_unknown_fields {
        b.spans.value("/additionalProperties", span);
        root.insert("additionalProperties".into(), Value::Bool(false));
    }
    Value::Object(root)
}

/// An enum of unit variants: a string enum.
fn string_enum(b: &mut Builder, c: &Container, variants: &[Variant]) -> Value {
    let mut names: Vec<(String, String)> = Vec::new();
    for v in variants.iter().filter(|v| !v.serde.skip) {
        let rust_name = unraw(v.ident);
        let (name, span) = match (&v.serde.rename, c.serde.rename_all) {
            (Some(lit), _) => (lit.value(), lit.span()),
            (None, Some(rule)) => (rule.apply_to_variant(&rust_name), v.ident.span()),
            (None, None) => (rust_name.clone(), v.ident.span()),
        };
        if let Some((_, other)) = names.iter().find(|(n, _)| *n == name) {
            b.cx.error(
                span,
                format!(
                    "variants `{other}` and `{rust_name}` are both read by serde as \"{name}\"; rename one with #[serde(rename = \"...\")]"
                ),
            );
            continue;
        }
        b.spans
            .value(&push_token("/enum", &names.len().to_string()), span);
        names.push((name, rust_name));
    }
    b.spans.value("/enum", c.ident.span());
    let values: Vec<Value> = names.into_iter().map(|(n, _)| Value::String(n)).collect();
    serde_json::json!({"type": "string", "enum": values})
}

/// A field's schema, and whether serde reads it as optional (`Option<T>`).
fn property(
    b: &mut Builder,
    field: &Field,
    name: &str,
    pointer: &str,
) -> Option<(Map<String, Value>, bool)> {
    let (ty, optional) = match ty::option_inner(field.ty) {
        Some(inner) => (inner, true),
        None => (field.ty, false),
    };
    let (mut schema, shape) = b.schema(ty, pointer)?;
    let arg = &field.arg;
    let core = shape.core().clone();
    let what = |b: &Builder, given_key: Span, key: &str, applies: &str| {
        b.cx.error(
            given_key,
            format!(
                "`{key}` applies to {applies}, not to `{}`",
                ty::type_text(ty)
            ),
        );
    };

    // Numeric bounds, within the integer type's own range.
    for (key, keyword, given) in [
        ("minimum", "minimum", &arg.minimum),
        ("maximum", "maximum", &arg.maximum),
    ] {
        let Some(given) = given else { continue };
        match &core {
            Shape::Integer { name, min, max } => {
                if let Some(v) = number_i128(&given.value) {
                    if v < *min || v > *max {
                        b.cx.error(
                            given.span,
                            format!(
                                "{key} {} is outside the range of {name} ({min} to {max}): serde could never read such a value",
                                given.value
                            ),
                        );
                        continue;
                    }
                }
            }
            Shape::Number => {}
            _ => {
                what(b, given.key, key, "numeric fields (integers, f32, f64)");
                continue;
            }
        }
        b.spans.given(&push_token(pointer, keyword), given);
        schema.insert(keyword.into(), Value::Number(given.value.clone()));
    }

    // Lengths and item counts: (key, keyword, value, whether it applies here).
    let is_string = matches!(core, Shape::String);
    let is_array = matches!(core, Shape::Array | Shape::Set);
    let counts = [
        ("min_length", "minLength", &arg.min_length, is_string),
        ("max_length", "maxLength", &arg.max_length, is_string),
        ("min_items", "minItems", &arg.min_items, is_array),
        ("max_items", "maxItems", &arg.max_items, is_array),
    ];
    for (key, keyword, given, applies) in counts {
        let Some(given) = given else { continue };
        if !applies {
            let to = match (&core, key.ends_with("length")) {
                (Shape::Char, true) => "string fields (a char is exactly one character)",
                (_, true) => "string fields",
                (Shape::Fixed, false) => {
                    "Vec and set fields (an array's length is fixed by its type)"
                }
                (_, false) => "Vec and set fields",
            };
            what(b, given.key, key, to);
            continue;
        }
        b.spans.given(&push_token(pointer, keyword), given);
        schema.insert(keyword.into(), Value::from(given.value));
    }
    if let Some(given) = &arg.pattern {
        if matches!(core, Shape::String) {
            b.spans.given(&push_token(pointer, "pattern"), given);
            schema.insert("pattern".into(), Value::String(given.value.clone()));
        } else {
            what(b, given.key, "pattern", "string fields");
        }
    }
    let description = arg.description.as_ref().or(field.doc.as_ref());
    if let Some(d) = description {
        b.spans.given(&push_token(pointer, "description"), d);
        schema.insert("description".into(), Value::String(d.value.clone()));
    }
    if !arg.examples.is_empty() {
        let at = push_token(pointer, "examples");
        for (i, e) in arg.examples.iter().enumerate() {
            b.spans.given(&push_token(&at, &i.to_string()), e);
        }
        b.spans.value(&at, arg.examples[0].key);
        let values = arg.examples.iter().map(|e| e.value.clone()).collect();
        schema.insert("examples".into(), Value::Array(values));
        check_examples(b, &schema, name, &arg.examples);
    }
    Some((ty::ordered(schema), optional))
}

/// The pointers of the nodes validated by another `ToolArgs` type.
fn external_pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if m.contains_key(EXTERNAL_TYPE) {
                out.push(at.to_string());
            }
            for (k, item) in m {
                external_pointers(item, &push_token(at, k), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                external_pointers(item, &push_token(at, &i.to_string()), out);
            }
        }
        _ => {}
    }
}

/// An integer bound as `i128`, `None` for a fraction.
fn number_i128(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
        .filter(|v| (JSON_MIN..=JSON_MAX).contains(v))
}

/// Every `example` must be a valid value of the argument: checked with the
/// interpreter (when the argument's schema has no other type's schema in it).
fn check_examples(b: &Builder, schema: &Map<String, Value>, name: &str, examples: &[Given<Value>]) {
    if Value::Object(schema.clone())
        .to_string()
        .contains(EXTERNAL_TYPE)
    {
        return;
    }
    let mut props = Map::new();
    props.insert(name.to_string(), Value::Object(schema.clone()));
    let wrapper = serde_json::json!({"type": "object", "properties": props});
    // A schema the model refuses is reported by the main check.
    let Ok(checked) = Schema::parse(&wrapper) else {
        return;
    };
    let options = Options::default().undeclared(Undeclared::RejectIfForbidden);
    for e in examples {
        let mut call = Map::new();
        call.insert(name.to_string(), e.value.clone());
        let report = checked.validate_with(&Value::Object(call), &options);
        if !report.is_valid() {
            b.cx.error(
                e.span,
                format!(
                    "example {} is not a valid value of this argument: {}",
                    e.value,
                    report.messages().join("; ")
                ),
            );
        }
    }
}

/// The exported schema text as a `&'static str` expression: a literal, or, when
/// other `ToolArgs` types are nested, a constant concatenation of this schema's
/// text with their `SCHEMA_JSON`.
fn exported_json(value: &Value, externals: &[(String, syn::Type)]) -> TokenStream {
    let mut pieces = Pieces::default();
    write(value, externals, &mut pieces);
    pieces.flush();
    match pieces.out.as_slice() {
        [] => quote!(""),
        [single] if externals.is_empty() => single.clone(),
        all => {
            let rt = quote!(::tool_schema::__private);
            quote!({
                const PIECES: &[&str] = &[#(#all),*];
                const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
                #rt::concat_str(&BYTES)
            })
        }
    }
}

#[derive(Default)]
struct Pieces {
    text: String,
    out: Vec<TokenStream>,
}

impl Pieces {
    fn flush(&mut self) {
        if !self.text.is_empty() {
            let t = std::mem::take(&mut self.text);
            self.out.push(quote!(#t));
        }
    }

    fn push(&mut self, expr: TokenStream) {
        self.flush();
        self.out.push(expr);
    }
}

/// Writes `v` as compact JSON (as `serde_json::to_string` does), each marker node
/// replaced by the nested type's `SCHEMA_JSON`, its other members spliced in front.
fn write(v: &Value, externals: &[(String, syn::Type)], p: &mut Pieces) {
    match v {
        Value::Object(m) => {
            let marker = m.get(EXTERNAL_TYPE).and_then(Value::as_str);
            let ty = marker.and_then(|t| externals.iter().find(|(text, _)| text == t));
            p.text.push('{');
            let mut first = true;
            for (k, item) in m
                .iter()
                .filter(|(k, _)| ty.is_none() || *k != EXTERNAL_TYPE)
            {
                if !first {
                    p.text.push(',');
                }
                first = false;
                p.text.push_str(&Value::String(k.clone()).to_string());
                p.text.push(':');
                write(item, externals, p);
            }
            match ty {
                None => p.text.push('}'),
                Some((_, ty)) => {
                    let rt = quote!(::tool_schema::__private);
                    let nested =
                        quote_spanned!(ty.span()=> <#ty as ::tool_schema::ToolArgs>::SCHEMA_JSON);
                    if first {
                        // Nothing to splice: the nested schema as it is.
                        p.text.pop();
                        p.push(nested);
                    } else {
                        p.push(quote!(#rt::comma_before_members(#nested)));
                        p.push(quote!(#rt::object_members(#nested)));
                    }
                }
            }
        }
        Value::Array(items) => {
            p.text.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    p.text.push(',');
                }
                write(item, externals, p);
            }
            p.text.push(']');
        }
        leaf => p.text.push_str(&leaf.to_string()),
    }
}
