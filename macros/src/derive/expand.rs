//! `#[derive(ToolArgs)]`: the type -> a JSON Schema (with the span of every part),
//! checked by the schema model like any `tool_schema!` schema, compiled by the same
//! code generator, exported with the schemas of nested types spliced in.

use super::ast::{unraw, Container, Data, Field, Variant, VariantFields};
use super::attr::Given;
use super::rust_type::option_inner;
use super::ty::{self, Builder, DerivedSchema, Shape, JSON_MAX, JSON_MIN};
use crate::attr::{self, ToolAttrs};
use crate::codegen::EXTERNAL_TYPE;
use crate::ctxt::Ctxt;
use crate::json::at_or_under;
use crate::json::push_token;
use crate::spans::SpanMap;
use crate::tool_impl::{check_schema, check_targets, tool_impl, tool_impl_with, ToolImpl};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use serde_json::{Map, Number, Value};
use syn::spanned::Spanned;
use syn::DeriveInput;
use tool_schema_runtime::export::{self, ChangeKind, ExportOptions, Target, ToolSpec};
use tool_schema_runtime::{Options, Schema, Undeclared};

pub(crate) fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let out = expand(&cx, input);
    let mut tokens = out.unwrap_or_default();
    tokens.extend(cx.check());
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
                items: TokenStream::new(),
            })
        });
    };
    let ident = container.ident;
    let mut b = Builder {
        cx,
        spans: SpanMap::new(ident.span()),
        externals: Vec::new(),
        container: ident,
        recursive: false,
        occurrences: Vec::new(),
    };
    let value = match &container.data {
        Data::Struct(fields) => object(&mut b, &container, fields),
        Data::Enum(variants) if container.serde.untagged.is_some() => {
            untagged_enum(&mut b, variants)
        }
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

    let schema = check_schema(cx, &value, &container.tool.allow, &DerivedSchema(&b.spans));
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
            &DerivedSchema(&b.spans),
        );
    }
    let (schema_json, items, assertions) = match &schema {
        Some(s) => {
            let value = s.to_value();
            let recursive = b.recursive.then(|| unraw(ident));
            let (schema_json, mut items) =
                exported_json(ident, &value, recursive.as_deref(), &b.externals);
            items.extend(target_problems(
                &unraw(ident),
                &value,
                recursive.as_deref(),
                &b.externals,
            ));
            let mut assertions = nested_target_assertions(&container.tool, &b.occurrences);
            let (reading, untagged_checks) = super::reading::items(&container);
            items.extend(reading);
            assertions.extend(untagged_checks);
            (schema_json, items, assertions)
        }
        None => (quote!(), TokenStream::new(), TokenStream::new()),
    };
    if generic {
        return None;
    }
    // The typed text path (`derive/text.rs`), for a schema that compiled.
    let fast = match &schema {
        Some(_) => super::text::fast_items(input, &container),
        None => TokenStream::new(),
    };
    let mut out = tool_impl_with(
        ToolImpl {
            ident,
            name: &name,
            description: &description,
            schema_json,
            schema: schema.as_ref(),
            items,
        },
        fast,
    );
    out.extend(assertions);
    Some(out)
}

/// `__TARGET_PROBLEMS`: for every export target, the first problem it has with this
/// type's schema as a part of another tool's schema (the schema as the one property
/// of a wrapper object, so that what a target asks only of a tool's root does not
/// count), then the nested types' own (see `constcat::first_problems`).
fn target_problems(
    type_name: &str,
    value: &Value,
    recursive: Option<&str>,
    externals: &[(String, syn::Type)],
) -> TokenStream {
    let mut wrapper = serde_json::json!({
        "type": "object",
        "properties": {},
        "required": ["value"],
        "additionalProperties": false
    });
    let part = match recursive {
        Some(name) => {
            let def = rereferenced(value, &ty::def_pointer(name));
            wrapper["$defs"] = serde_json::json!({ name: def.clone() });
            def
        }
        None => value.clone(),
    };
    wrapper["properties"]["value"] = part;
    let mut nested = Vec::new();
    external_pointers(&wrapper, "", &mut nested);
    let under = |pointer: &str| nested.iter().any(|s| at_or_under(pointer, s));
    // A pointer as the type's own: `/properties/value/x` -> `/x`.
    let place = |pointer: &str| {
        let own = match pointer.strip_prefix("/properties/value") {
            Some(rest) => rest,
            None => pointer,
        };
        if own.is_empty() {
            format!("`{type_name}`")
        } else {
            format!("`{type_name}` at {own}")
        }
    };
    let own = Target::ALL.iter().map(|target| {
        let spec = ToolSpec {
            name: "nested",
            title: None,
            description: "",
            schema: &wrapper,
        };
        let (refusal, lossy) = match export::export(*target, &spec, &ExportOptions::default()) {
            Err(e) => {
                let first = e.problems.iter().find(|p| !under(&p.pointer));
                let refusal = first.map(|p| {
                    format!(
                        "refuses {}: {}; rule: {}",
                        place(&p.pointer),
                        p.message,
                        p.rule
                    )
                });
                (refusal.unwrap_or_default(), String::new())
            }
            Ok(exported) => {
                let first = exported.report.changes().iter().find(|c| {
                    matches!(c.kind, ChangeKind::Described | ChangeKind::NotEnforced)
                        && !under(&c.pointer)
                });
                let lossy = first.map(|c| {
                    format!(
                        "would not enforce {}: {}; rule: {}; if the validator's check is enough, add #[tool(allow({}))] to the type declaring the target",
                        place(&c.pointer),
                        c.what,
                        c.why,
                        attr::LOSSY_EXPORT
                    )
                });
                (String::new(), lossy.unwrap_or_default())
            }
        };
        quote!((#refusal, #lossy))
    });
    let rt = crate::paths::private();
    let n = Target::ALL.len();
    let nested_lists = externals.iter().map(
        |(_, ty)| quote_spanned!(ty.span()=> <#ty as ::tool_schema::ToolArgs>::__TARGET_PROBLEMS),
    );
    quote!(
        #[doc(hidden)]
        const __TARGET_PROBLEMS: #rt::TargetProblems = {
            const OWN: #rt::TargetProblems = &[#(#own),*];
            const ALL: [(&str, &str); #n] = #rt::first_problems(OWN, &[#(#nested_lists),*]);
            &ALL
        };
    )
}

/// For each declared target and each nested type: a constant that stops the build,
/// at the field's type, when the nested type's `__TARGET_PROBLEMS` has a problem for
/// the target (its lossy changes too, unless `#[tool(allow(lossy_export))]`).
fn nested_target_assertions(tool: &ToolAttrs, occurrences: &[(syn::Type, String)]) -> TokenStream {
    let rt = crate::paths::private();
    let allow_lossy = tool.allow_lossy;
    let mut out = TokenStream::new();
    for (id, target, _) in &tool.targets {
        let Some(index) = Target::ALL.iter().position(|t| t == target) else {
            continue;
        };
        for (ty, pointer) in occurrences {
            let prefix = format!(
                "declared target `{id}` ({target}), for the nested type `{}` at {pointer} in the derived schema: ",
                ty::type_text(ty)
            );
            out.extend(quote_spanned!(ty.span()=>
                const _: () = {
                    const PROBLEM: &str = #rt::target_problem(
                        <#ty as ::tool_schema::ToolArgs>::__TARGET_PROBLEMS,
                        #index,
                        #allow_lossy,
                    );
                    const PIECES: &[&str] = &[#prefix, PROBLEM];
                    const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
                    if !PROBLEM.is_empty() {
                        ::core::panic!("{}", #rt::concat_str(&BYTES));
                    }
                };
            ));
        }
    }
    out
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
    // (A variant marked #[serde(untagged)] is refused as such.)
    for v in variants.iter().filter(|v| !v.serde.untagged) {
        if let VariantFields::Newtype(_) | VariantFields::Other(_) = v.fields {
            let span = match v.fields {
                VariantFields::Newtype(ty) => ty.span(),
                VariantFields::Other(span) => span,
                VariantFields::Unit => unreachable!(),
            };
            let hint = if matches!(v.fields, VariantFields::Newtype(_)) {
                "; for one of several types, mark the enum #[serde(untagged)]"
            } else {
                ""
            };
            b.cx.error(
                span,
                format!(
                    "#[derive(ToolArgs)] supports enums of unit variants only \
                     (a string enum); `{}` has fields{hint}",
                    v.ident
                ),
            );
        }
    }
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

/// `#[serde(untagged)]`: serde tries the variants in order and keeps the first that
/// deserialises, so the value is one of the variants' schemas (`anyOf`; two
/// variants may both accept it, so not `oneOf`). A newtype variant `V(T)` is `T`'s
/// schema, a unit variant is `null` (serde reads a unit variant of an untagged enum
/// from `null` only). Struct and tuple variants are refused: serde would read them
/// from an object or an array, written out here only through a type deriving
/// `ToolArgs`.
fn untagged_enum(b: &mut Builder, variants: &[Variant]) -> Value {
    let mut branches = Vec::new();
    for v in variants.iter().filter(|v| !v.serde.skip) {
        let at = push_token("/anyOf", &branches.len().to_string());
        b.spans.value(&at, v.ident.span());
        match v.fields {
            VariantFields::Newtype(ty) => {
                let Some((m, _)) = b.schema(ty, &at) else {
                    continue;
                };
                if refers_to_itself_in_place(&m) {
                    // Serde would try this variant on the same value again, without
                    // end; so would a validator.
                    b.cx.push(syn::Error::new_spanned(
                        ty,
                        format!(
                            "`{}` would be read as itself from the same value, without end; \
                             a variant may hold the enum only inside a Vec, a map or a struct",
                            v.ident
                        ),
                    ));
                    continue;
                }
                branches.push(Value::Object(m));
            }
            VariantFields::Unit => branches.push(serde_json::json!({"type": "null"})),
            VariantFields::Other(span) => b.cx.error(
                span,
                format!(
                    "#[derive(ToolArgs)] supports newtype variants (`V(T)`) and unit variants \
                     (`null`) in an untagged enum; for `{}`, put the fields in a struct deriving \
                     ToolArgs and write `{}(ThatStruct)`",
                    v.ident, v.ident
                ),
            ),
        }
    }
    if branches.is_empty() {
        if !b.cx.has_errors() {
            b.cx.error(
                b.container.span(),
                "an untagged enum needs at least one variant serde reads: no value would be accepted",
            );
        }
        // Reported: no schema to check.
        return Value::Object(Map::new());
    }
    b.spans.value("/anyOf", b.container.span());
    serde_json::json!({ "anyOf": branches })
}

/// Whether `schema` applies the type's own root (`"$ref": "#"`) to the value itself
/// (not to a part of it): directly or as an `anyOf` branch (`Box<Self>`,
/// `Option<Box<Self>>`).
fn refers_to_itself_in_place(schema: &Map<String, Value>) -> bool {
    schema.get("$ref").and_then(Value::as_str) == Some("#")
        || schema
            .get("anyOf")
            .and_then(Value::as_array)
            .is_some_and(|branches| {
                branches
                    .iter()
                    .filter_map(Value::as_object)
                    .any(refers_to_itself_in_place)
            })
}

/// A field's schema, and whether serde reads it as optional (`Option<T>`).
fn property(
    b: &mut Builder,
    field: &Field,
    name: &str,
    pointer: &str,
) -> Option<(Map<String, Value>, bool)> {
    let (ty, optional) = match option_inner(field.ty) {
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
    // For an exclusive bound, how far past the type's range it may sit and still
    // leave a value serde reads: (below the minimum, above the maximum).
    for (key, keyword, given, slack) in [
        ("minimum", "minimum", &arg.minimum, (0, 0)),
        ("maximum", "maximum", &arg.maximum, (0, 0)),
        (
            "exclusive_minimum",
            "exclusiveMinimum",
            &arg.exclusive_minimum,
            (1, -1),
        ),
        (
            "exclusive_maximum",
            "exclusiveMaximum",
            &arg.exclusive_maximum,
            (-1, 1),
        ),
        ("multiple_of", "multipleOf", &arg.multiple_of, (0, 0)),
    ] {
        let Some(given) = given else { continue };
        match &core {
            Shape::Integer { name, min, max } if key != "multiple_of" => {
                if let Some(v) = number_i128(&given.value) {
                    let (lo, hi) = (min - slack.0, max + slack.1);
                    if v < lo || v > hi {
                        let msg = if slack == (0, 0) {
                            format!(
                                "{key} {} is outside the range of {name} ({min} to {max}): serde could never read such a value",
                                given.value
                            )
                        } else {
                            format!(
                                "{key} {} does not fit {name} ({min} to {max}): it must be from {lo} to {hi}, so that what it lets through is a value of {name} and some value is let through",
                                given.value
                            )
                        };
                        b.cx.error(given.span, msg);
                        continue;
                    }
                }
            }
            Shape::Integer { .. } => {}
            Shape::Number { name, max } if key != "multiple_of" => {
                let v = given.value.as_f64().unwrap_or(0.0);
                if v.abs() > *max {
                    b.cx.error(
                        given.span,
                        format!(
                            "{key} {} is outside the range of {name} ({:e} to {max:e}): serde would read such a value as an infinity",
                            given.value, -max
                        ),
                    );
                    continue;
                }
            }
            Shape::Number { .. } => {}
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
    let scalar = matches!(
        core,
        Shape::Integer { .. } | Shape::Number { .. } | Shape::String | Shape::Char | Shape::Bool
    );
    if let Some(given) = arg.values.as_ref().filter(|_| !scalar) {
        what(
            b,
            given.key,
            "values",
            "integer, float, string, char and bool fields (a nested type, collection or Value lists its own)",
        );
    }
    if let Some(given) = arg.values.as_ref().filter(|_| scalar) {
        // Each value must be one the field's own schema takes (and serde reads).
        let each: Vec<Given<Value>> = given
            .value
            .iter()
            .map(|v| Given {
                value: v.clone(),
                key: given.key,
                span: given.span,
            })
            .collect();
        // Left out after an error (the schema check would report it again).
        if check_examples(b, &schema, name, &each, "allowed value") {
            b.spans.given(&push_token(pointer, "enum"), given);
            schema.insert("enum".into(), Value::Array(given.value.clone()));
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
        check_examples(b, &schema, name, &arg.examples, "example");
    }
    Some((ty::ordered(ty::ref_alone(schema)), optional))
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
/// interpreter (when the argument's schema has no other type's schema in it, nor a
/// reference to the type's own root, which the wrapper below would not be).
fn check_examples(
    b: &Builder,
    schema: &Map<String, Value>,
    name: &str,
    examples: &[Given<Value>],
    what: &str,
) -> bool {
    let text = Value::Object(schema.clone()).to_string();
    if text.contains(EXTERNAL_TYPE) || text.contains("\"$ref\"") {
        return true;
    }
    let mut props = Map::new();
    props.insert(name.to_string(), Value::Object(schema.clone()));
    let wrapper = serde_json::json!({"type": "object", "properties": props});
    // A schema the model refuses is reported by the main check.
    let Ok(checked) = Schema::parse(&wrapper) else {
        return true;
    };
    let options = Options::default().undeclared(Undeclared::RejectIfForbidden);
    let mut all = true;
    for e in examples {
        let mut call = Map::new();
        call.insert(name.to_string(), e.value.clone());
        let report = checked.validate_with(&Value::Object(call), &options);
        if !report.is_valid() {
            b.cx.error(
                e.span,
                format!(
                    "{what} {} is not a valid value of this argument: {}",
                    e.value,
                    report.messages().join("; ")
                ),
            );
            all = false;
        }
    }
    all
}

/// The exported schema text as a `&'static str` expression (a literal, or, when
/// other `ToolArgs` types are nested, a constant concatenation of this schema's
/// text with theirs), and the hidden constants by which a schema nesting this type
/// splices it in.
///
/// A nested type is spliced in as its `__USE_JSON`: its schema, or, for a recursive
/// type, `{"$ref": "#/$defs/Name"}`. A recursive type refers to itself as `#` in its
/// own schema, and as `#/$defs/Name` in its definition (`__DEFS`), which every
/// schema nesting it gathers into its root's `$defs` (each name once): so every
/// `$ref` resolves wherever the type is nested, at any depth.
fn exported_json(
    ident: &syn::Ident,
    value: &Value,
    recursive: Option<&str>,
    externals: &[(String, syn::Type)],
) -> (TokenStream, TokenStream) {
    let root = text_expr(value, externals);
    if externals.is_empty() && recursive.is_none() {
        // No other type's text, no definitions: a literal.
        return (root, TokenStream::new());
    }
    let rt = crate::paths::private();
    let tool_args = quote!(::tool_schema::ToolArgs);
    let nested: Vec<TokenStream> = externals
        .iter()
        .map(|(_, ty)| quote_spanned!(ty.span()=> <#ty as #tool_args>::__DEFS))
        .collect();
    // The definitions nested types bring, each name once.
    let gathered = quote!({
        const LISTS: &[#rt::Defs] = &[#(#nested),*];
        const DEFS: [(&str, &str); #rt::defs_count(LISTS)] = #rt::defs_merge(LISTS);
        &DEFS
    });
    let (use_json, defs) = match recursive {
        Some(name) => {
            let reference = ty::def_pointer(name);
            let definition = text_expr(&rereferenced(value, &reference), externals);
            let use_json = serde_json::json!({ "$ref": reference }).to_string();
            let defs = quote!({
                const LISTS: &[#rt::Defs] = &[&[(#name, #definition)], #(#nested),*];
                const DEFS: [(&str, &str); #rt::defs_count(LISTS)] = #rt::defs_merge(LISTS);
                &DEFS
            });
            (quote!(#use_json), defs)
        }
        None => (root.clone(), gathered.clone()),
    };
    let root = match recursive {
        Some(_) => root,
        None => quote!(<#ident as #tool_args>::__USE_JSON),
    };
    // The schema: this type's own, with the nested types' definitions at its root.
    let schema_json = quote!({
        const ROOT: &str = #root;
        const DEFS: #rt::Defs = #gathered;
        const TEXT: [u8; #rt::defs_len(DEFS)] = #rt::defs_bytes(DEFS);
        const PIECES: &[&str] = &[
            #rt::without_close(ROOT),
            #rt::defs_open(ROOT, DEFS),
            #rt::concat_str(&TEXT),
            #rt::defs_close(DEFS),
        ];
        const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
        #rt::concat_str(&BYTES)
    });
    let items = quote!(
        #[doc(hidden)]
        const __USE_JSON: &'static str = #use_json;
        #[doc(hidden)]
        const __DEFS: #rt::Defs = #defs;
    );
    (schema_json, items)
}

/// `value` with each self-reference (`"$ref": "#"`) made `reference`.
fn rereferenced(value: &Value, reference: &str) -> Value {
    match value {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| match (k.as_str(), v) {
                    ("$ref", Value::String(r)) if r == "#" => {
                        (k.clone(), Value::String(reference.to_string()))
                    }
                    _ => (k.clone(), rereferenced(v, reference)),
                })
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| rereferenced(v, reference)).collect())
        }
        other => other.clone(),
    }
}

/// `value` as compact JSON text, each marker node replaced by the nested type's
/// `__USE_JSON`: a literal, or a constant concatenation.
fn text_expr(value: &Value, externals: &[(String, syn::Type)]) -> TokenStream {
    let mut pieces = Pieces::default();
    write(value, externals, &mut pieces);
    pieces.flush();
    match pieces.out.as_slice() {
        [] => quote!(""),
        [single] if externals.is_empty() => single.clone(),
        all => {
            let rt = crate::paths::private();
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
/// replaced by the nested type's `__USE_JSON`, its other members spliced in front.
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
                    let rt = crate::paths::private();
                    let nested =
                        quote_spanned!(ty.span()=> <#ty as ::tool_schema::ToolArgs>::__USE_JSON);
                    if first {
                        // Nothing to splice: the nested schema as it is.
                        p.text.pop();
                        p.push(nested);
                    } else {
                        p.push(quote!(#rt::comma_before_members(#nested)));
                        p.push(quote!(#rt::spliced_open(#nested)));
                        p.push(quote!(#rt::spliced_body(#nested)));
                        p.push(quote!(#rt::spliced_close(#nested)));
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
