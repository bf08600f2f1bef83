//! The derived type's schema: a struct as the arguments object, an enum of unit
//! variants as a string enum, an untagged enum as `anyOf`; each field's schema is
//! `property`'s.

use super::arg::ArgAttrs;
use super::ast::{unraw, Container, Field, Variant, VariantFields};
use super::case::RenameRule;
use super::property::property;
use super::rust_type::{is_string_key, recognise, RustShape};
use super::ty::Builder;
use proc_macro2::Span;
use serde_json::{Map, Value};
use tool_schema_engine::json::pointer;

/// A struct: the arguments object.
pub(super) fn object(b: &mut Builder, c: &Container, fields: &[Field]) -> Value {
    let members = Members {
        fields,
        rename_all: c.serde.rename_all,
        all_default: c.serde.default,
        deny: c.serde.deny_unknown_fields,
    };
    Value::Object(members.object(b, "", Vec::new(), Map::new(), Vec::new()))
}

/// The fields of a struct, or of an enum's struct variant, as an object's
/// members.
pub(super) struct Members<'f, 'a> {
    pub fields: &'f [Field<'a>],
    /// The rule for the names serde reads.
    pub rename_all: Option<RenameRule>,
    /// `#[serde(default)]` on the container: no field is required.
    pub all_default: bool,
    /// `#[serde(deny_unknown_fields)]`, with its span.
    pub deny: Option<Span>,
}

impl Members<'_, '_> {
    /// The object at `at`: `{"type": "object", "properties", "required",
    /// "additionalProperties": false when denied}`, after the members already
    /// `given` (a tag), whose names `taken` lists with what reads them.
    pub(super) fn object(
        &self,
        b: &mut Builder,
        at: &str,
        mut taken: Vec<(String, String)>,
        mut properties: Map<String, Value>,
        mut required: Vec<Value>,
    ) -> Map<String, Value> {
        let props_at = format!("{at}/properties");
        let mut rest: Option<Map<String, Value>> = None;
        let mut aliases = super::alias::Aliases::default();
        for field in self.fields {
            if let Some(span) = field.serde.flatten {
                super::alias::refuse(b, field, "flattened");
                if let Some(values) = self.flattened(b, field, span, at, rest.is_some()) {
                    rest = Some(values);
                }
                continue;
            }
            if field.serde.skip {
                super::alias::refuse(b, field, "skipped");
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
            let (name, name_span) = field.serde_name(self.rename_all);
            if let Some((_, other)) = taken.iter().find(|(n, _)| *n == name) {
                b.cx.error(
                    name_span,
                    format!(
                        "{other} and `{rust_name}` are both read by serde as the argument \"{name}\"; rename one with #[serde(rename = \"...\")]"
                    ),
                );
                continue;
            }
            taken.push((name.clone(), format!("fields `{rust_name}`")));
            aliases.take(b, field, &name, &mut taken);
            let pointer = pointer::join(&props_at, &name);
            b.spans.value(&pointer, field.ident.span());
            let Some((schema, optional)) = property(b, field, &name, &pointer) else {
                continue;
            };
            properties.insert(name.clone(), Value::Object(schema));
            let defaulted = field.serde.default || self.all_default;
            if let Some(default) = field.arg.default.as_ref().filter(|_| !defaulted) {
                b.cx.error(
                    default.key,
                    format!(
                        "`default` says what serde puts in `{rust_name}` when the argument is left out, but serde has no default for it: add #[serde(default)] (or `default = \"path\"`) giving {}",
                        default.value
                    ),
                );
            }
            if !(optional || defaulted) {
                if let Some(param) = b.type_param(field.ty) {
                    let param = param.clone();
                    b.optional_if.push((at.to_string(), name.clone(), param));
                }
                b.spans.value(
                    &pointer::join(&format!("{at}/required"), &required.len().to_string()),
                    field.ident.span(),
                );
                required.push(Value::String(name));
            }
        }
        let mut object = Map::new();
        object.insert("type".into(), "object".into());
        object.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            object.insert("required".into(), Value::Array(required));
        }
        aliases.write(b, at, &mut object);
        if let Some(values) = rest {
            object.insert("additionalProperties".into(), Value::Object(values));
        } else if let Some(span) = self.deny {
            b.spans.value(&format!("{at}/additionalProperties"), span);
            object.insert("additionalProperties".into(), Value::Bool(false));
        }
        object
    }

    /// A `#[serde(flatten)]` map: serde reads into it every member no other field
    /// names, so its values' schema is the object's `additionalProperties`.
    /// Refused (`None`, reported): a second map, an `Option`, a struct in an
    /// enum's variant, beside `deny_unknown_fields` (serde refuses the pair), or
    /// with `#[arg]`. A struct deriving `ToolArgs` on a struct's field: `None`,
    /// its members joined by `derive/flatten`.
    fn flattened(
        &self,
        b: &mut Builder,
        field: &Field,
        span: Span,
        at: &str,
        again: bool,
    ) -> Option<Map<String, Value>> {
        let value = match recognise(field.ty, None) {
            RustShape::Map { key, value } if is_string_key(key) => Some(value),
            // A struct: its members joined with these (`derive/flatten`).
            RustShape::External if at.is_empty() => None,
            RustShape::External => {
                b.cx.error(
                    span,
                    "#[derive(ToolArgs)] supports #[serde(flatten)] of a struct on a struct's fields, not in an enum's variants; write the fields out, or nest the type as a field of its own",
                );
                return None;
            }
            RustShape::Option(_) => {
                b.cx.error(
                    span,
                    "#[derive(ToolArgs)] does not take #[serde(flatten)] on an `Option`: serde reads `None` whenever the inner struct fails to read, which a schema cannot say; flatten the struct itself and make its fields optional",
                );
                return None;
            }
            _ => {
                b.cx.error(
                    span,
                    format!(
                        "#[derive(ToolArgs)] supports #[serde(flatten)] on a map (HashMap or BTreeMap with String keys: the other members) or a struct deriving ToolArgs (its fields), not on `{}`; write the fields out, or nest the type as a field of its own",
                        super::ty::type_text(field.ty)
                    ),
                );
                return None;
            }
        };
        let problem = if again && value.is_some() {
            Some("a second flattened map would get no member: serde gives every other member to the first")
        } else if self.deny.is_some() {
            Some("serde refuses #[serde(flatten)] beside #[serde(deny_unknown_fields)]")
        } else if field.arg_span.is_some() {
            Some("#[arg] on a flattened field has no argument to apply to")
        } else {
            None
        };
        if let Some(problem) = problem {
            b.cx.error(span, problem);
            return None;
        }
        let value = value?;
        let values_at = format!("{at}/additionalProperties");
        b.spans.value(&values_at, span);
        Some(b.schema(value, &values_at)?.0)
    }
}

/// An enum of unit variants: a string enum. With a doc comment on a variant, each
/// value is a branch of its own, `{"type": "string", "const": "name",
/// "description": "..."}`, as schemars writes a documented enum (the schema model
/// reports a miss of them as of one enum).
pub(super) fn string_enum(b: &mut Builder, c: &Container, variants: &[Variant]) -> Value {
    let read: Vec<&Variant> = variants.iter().filter(|v| !v.serde.skip).collect();
    let documented = read.iter().any(|v| v.doc.is_some());
    let mut names = VariantNames::default();
    let mut branches = Vec::new();
    for v in read {
        let at = match documented {
            true => pointer::join(&pointer::join("/anyOf", &names.len().to_string()), "const"),
            false => pointer::join("/enum", &names.len().to_string()),
        };
        let Some(name) = variant_name(b, c, v, &mut names, &at) else {
            continue;
        };
        let mut branch = serde_json::json!({"type": "string", "const": name});
        if let Some(doc) = &v.doc {
            b.spans.given(&at.replace("/const", "/description"), doc);
            branch["description"] = Value::String(doc.value.clone());
        }
        branches.push(branch);
    }
    if documented {
        return union(b, branches, "the enum");
    }
    b.spans.value("/enum", c.ident.span());
    let values: Vec<Value> = names.read.into_iter().map(Value::String).collect();
    serde_json::json!({"type": "string", "enum": values})
}

/// The names serde reads an enum's variants as, in order, each with the Rust
/// name of its variant (hashed: an enum may have tens of thousands of variants).
#[derive(Default)]
pub(super) struct VariantNames {
    /// The names, in the variants' order.
    pub read: Vec<String>,
    /// Each name's variant, by its Rust name.
    rust: std::collections::HashMap<String, String>,
}

impl VariantNames {
    /// How many names there are.
    pub fn len(&self) -> usize {
        self.read.len()
    }
}

/// The name serde reads variant `v` as, its value's place at `at`, added to
/// `names`; `None` (reported) when another variant in `names` is read by the
/// same name.
pub(super) fn variant_name(
    b: &mut Builder,
    c: &Container,
    v: &Variant,
    names: &mut VariantNames,
    at: &str,
) -> Option<String> {
    let rust_name = unraw(v.ident);
    let (name, span) = v.serde_name(c.serde.rename_all);
    if let Some(other) = names.rust.get(&name) {
        b.cx.error(
            span,
            format!(
                "variants `{other}` and `{rust_name}` are both read by serde as \"{name}\"; rename one with #[serde(rename = \"...\")]"
            ),
        );
        return None;
    }
    b.spans.value(at, span);
    names.rust.insert(name.clone(), rust_name);
    names.read.push(name.clone());
    Some(name)
}

/// `{"anyOf": branches}` at the root; with no branch (reported, unless another
/// error was: `what` names the enum), an empty schema, not checked.
pub(super) fn union(b: &mut Builder, branches: Vec<Value>, what: &str) -> Value {
    if branches.is_empty() {
        if !b.cx.has_errors() {
            b.cx.error(
                b.container.span(),
                format!(
                    "{what} needs at least one variant serde reads: no value would be accepted"
                ),
            );
        }
        return Value::Object(Map::new());
    }
    b.spans.value("/anyOf", b.container.span());
    serde_json::json!({ "anyOf": branches })
}

/// `struct S(T)`: `T`'s schema (serde reads the struct as its field).
pub(super) fn newtype(b: &mut Builder, ty: &syn::Type, arg: &ArgAttrs) -> Value {
    let Some(schema) = super::property::constrained(b, arg, ty) else {
        return Value::Object(Map::new());
    };
    if refers_to_itself_in_place(&schema) {
        b.cx.push(syn::Error::new_spanned(
            ty,
            "a newtype struct holding itself would be read from the same value without end; \
             hold it inside a Vec, a map or a struct",
        ));
        return Value::Object(Map::new());
    }
    Value::Object(schema)
}

/// `#[serde(untagged)]`: serde tries the variants in order and keeps the first that
/// deserialises, so the value is one of the variants' schemas (`anyOf`; two
/// variants may both accept it, so not `oneOf`). A newtype variant `V(T)` is `T`'s
/// schema, a unit variant is `null` (serde reads a unit variant of an untagged enum
/// from `null` only). Struct and tuple variants are refused: serde would read them
/// from an object or an array, written out here only through a type deriving
/// `ToolArgs`.
pub(super) fn untagged_enum(b: &mut Builder, variants: &[Variant]) -> Value {
    let mut branches = Vec::new();
    for v in variants.iter().filter(|v| !v.serde.skip) {
        let at = pointer::join("/anyOf", &branches.len().to_string());
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
            VariantFields::Struct(_, span) | VariantFields::Tuple(_, span) => b.cx.error(
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
    union(b, branches, "an untagged enum")
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
