//! An enum with data, in serde's tagged representations, as a discriminated
//! `anyOf` (one branch per variant, its doc comment as the branch's
//! `description`); the schema model recognises the discriminator
//! (`tool_schema_engine::schema::Discriminator`) and reports a call against the
//! branch its tag chooses.
//!
//! | serde | a variant's branch |
//! |---|---|
//! | `#[serde(tag = "t")]` | `{"type": "object", "properties": {"t": {"type": "string", "const": "V"}, ..fields}, "required": ["t", ..]}`; unit: the tag alone |
//! | `#[serde(tag = "t", content = "c")]` | `{"properties": {"t": {.."const": "V"}, "c": content}, "required": ["t", "c"]}`; unit: `"c"` may be `null` or left out |
//! | neither (external) | `{"properties": {"V": content}, "required": ["V"], "additionalProperties": false}`; the unit variants together: `{"type": "string", "enum": [..]}` |
//!
//! A variant's content: a newtype variant `V(T)` is `T`'s schema, a struct variant
//! an object of its fields (as a struct's, `#[arg]` and `#[serde]` on each
//! field), a tuple variant `V(A, B)` an array of exactly those items
//! (`prefixItems`, `items: false`, `minItems`).
//!
//! Serde refuses a tuple variant in an internally tagged enum, and so does the
//! derive; a newtype variant there is refused too (serde would read the tag
//! beside the inner type's own fields, which that type's schema closes to).

use super::ast::{Container, Field, Variant, VariantFields};
use super::attr::Given;
use super::case::RenameRule;
use super::schema::{union, variant_name, Members, VariantNames};
use super::ty::Builder;
use serde_json::{json, Map, Value};
use syn::spanned::Spanned;
use tool_schema_engine::json::pointer;

/// Whether the enum takes this module's schema: serde's `tag`/`content` given,
/// or a variant serde reads that holds data (and not `untagged`).
pub(super) fn is_tagged(c: &Container, variants: &[Variant]) -> bool {
    c.serde.untagged.is_none()
        && (c.serde.tag.is_some()
            || c.serde.content.is_some()
            || variants
                .iter()
                .any(|v| !v.serde.skip && !matches!(v.fields, VariantFields::Unit)))
}

/// How serde tells the variants apart.
enum Repr<'c> {
    /// `{"V": content}`, or `"V"` for a unit variant.
    External,
    /// `{"t": "V", ..fields}`.
    Internal(&'c Given<String>),
    /// `{"t": "V", "c": content}`.
    Adjacent(&'c Given<String>, &'c Given<String>),
}

/// The enum's schema: `{"anyOf": [one branch per variant]}`.
pub(super) fn tagged_enum(b: &mut Builder, c: &Container, variants: &[Variant]) -> Value {
    let repr = match (&c.serde.tag, &c.serde.content) {
        (None, None) => Repr::External,
        (Some(tag), None) => Repr::Internal(tag),
        (Some(tag), Some(content)) if tag.value == content.value => {
            b.cx.error(
                content.span,
                "the tag and the content of an adjacently tagged enum need two names",
            );
            return Value::Object(Map::new());
        }
        (Some(tag), Some(content)) => Repr::Adjacent(tag, content),
        (None, Some(content)) => {
            b.cx.error(
                content.key,
                "#[serde(content = \"...\")] needs #[serde(tag = \"...\")] beside it (serde refuses it alone)",
            );
            return Value::Object(Map::new());
        }
    };
    let mut branches: Vec<Value> = Vec::new();
    let mut units: Vec<Value> = Vec::new();
    let mut names = VariantNames::default();
    for v in variants.iter().filter(|v| !v.serde.skip) {
        let at = pointer::join("/anyOf", &branches.len().to_string());
        let Some(name) = variant_name(b, c, v, &mut names, &at) else {
            continue;
        };
        if matches!((&repr, &v.fields), (Repr::External, VariantFields::Unit)) {
            units.push(Value::String(name));
            continue;
        }
        if let Some(branch) = branch(b, c, &repr, v, &name, &at) {
            branches.push(Value::Object(branch));
        }
    }
    if !units.is_empty() {
        let at = pointer::join("/anyOf", &branches.len().to_string());
        b.spans.value(&at, c.ident.span());
        branches.push(json!({"type": "string", "enum": units}));
    }
    union(b, branches, "the enum")
}

/// The branch of variant `v`, read by serde as `name`, at `at`; `None` when
/// refused (reported).
fn branch(
    b: &mut Builder,
    c: &Container,
    repr: &Repr,
    v: &Variant,
    name: &str,
    at: &str,
) -> Option<Map<String, Value>> {
    let rule = v.serde.rename_all.or(c.serde.rename_all_fields);
    let deny = c.serde.deny_unknown_fields;
    let props_at = format!("{at}/properties");
    let mut branch = match repr {
        Repr::Internal(tag) => {
            let fields: &[Field] = match &v.fields {
                VariantFields::Unit => &[],
                VariantFields::Struct(fields, _) => fields,
                VariantFields::Newtype(ty) => {
                    b.cx.error(
                        ty.span(),
                        format!(
                            "#[derive(ToolArgs)] does not support a newtype variant in an internally tagged enum: serde reads the tag \"{}\" beside the inner type's fields, which its schema does not declare; write the fields in the variant (`{} {{ .. }}`), or use #[serde(tag = \"{}\", content = \"...\")]",
                            tag.value, v.ident, tag.value
                        ),
                    );
                    return None;
                }
                VariantFields::Tuple(_, span) => {
                    b.cx.error(
                        *span,
                        format!(
                            "serde refuses a tuple variant in an internally tagged enum (#[serde(tag = \"{}\")]): there is no object to put the tag in; name the fields (`{} {{ .. }}`), or add #[serde(content = \"...\")]",
                            tag.value, v.ident
                        ),
                    );
                    return None;
                }
            };
            let (props, required) = tag_member(b, tag, name, at);
            let members = Members {
                fields,
                rename_all: rule,
                all_default: false,
                deny,
            };
            let taken = vec![(
                tag.value.clone(),
                format!("the tag (#[serde(tag = \"{}\")])", tag.value),
            )];
            members.object(b, at, taken, props, required)
        }
        Repr::Adjacent(tag, content) => {
            let (mut props, mut required) = tag_member(b, tag, name, at);
            let content_at = pointer::join(&props_at, &content.value);
            match content_schema(b, v, rule, deny, &content_at)? {
                Some(schema) => {
                    b.spans
                        .value(&pointer::join(&format!("{at}/required"), "1"), content.span);
                    props.insert(content.value.clone(), Value::Object(schema));
                    required.push(Value::String(content.value.clone()));
                }
                // serde reads a unit variant's content as `()`: `null`, or left out.
                None => {
                    b.spans.value(&content_at, content.span);
                    props.insert(content.value.clone(), json!({"type": "null"}));
                }
            }
            let members = Members {
                fields: &[],
                rename_all: None,
                all_default: false,
                deny,
            };
            members.object(b, at, Vec::new(), props, required)
        }
        Repr::External => {
            let content_at = pointer::join(&props_at, name);
            let schema = content_schema(b, v, rule, deny, &content_at)??;
            let mut props = Map::new();
            props.insert(name.to_string(), Value::Object(schema));
            b.spans.value(&format!("{at}/required/0"), v.ident.span());
            b.spans
                .value(&format!("{at}/additionalProperties"), v.ident.span());
            // serde reads exactly one member, the variant's name.
            json!({
                "type": "object",
                "properties": props,
                "required": [name],
                "additionalProperties": false,
            })
            .as_object()
            .cloned()
            .unwrap_or_default()
        }
    };
    if let Some(doc) = &v.doc {
        b.spans.given(&format!("{at}/description"), doc);
        branch.insert("description".into(), Value::String(doc.value.clone()));
    }
    Some(branch)
}

/// The tag of variant `name`: `{"t": {"type": "string", "const": "name"}}`,
/// required.
fn tag_member(
    b: &mut Builder,
    tag: &Given<String>,
    name: &str,
    at: &str,
) -> (Map<String, Value>, Vec<Value>) {
    let p = pointer::join(&format!("{at}/properties"), &tag.value);
    b.spans.given(&p, tag);
    b.spans.value(&format!("{at}/required/0"), tag.span);
    let mut props = Map::new();
    props.insert(tag.value.clone(), json!({"type": "string", "const": name}));
    (props, vec![Value::String(tag.value.clone())])
}

/// A variant's content at `at`: `None` for a unit variant; `Err`-like `None`
/// outside when a type is refused (reported).
fn content_schema(
    b: &mut Builder,
    v: &Variant,
    rule: Option<RenameRule>,
    deny: Option<proc_macro2::Span>,
    at: &str,
) -> Option<Option<Map<String, Value>>> {
    Some(Some(match &v.fields {
        VariantFields::Unit => return Some(None),
        VariantFields::Newtype(ty) => b.schema(ty, at)?.0,
        VariantFields::Struct(fields, _) => {
            let members = Members {
                fields,
                rename_all: rule,
                all_default: false,
                deny,
            };
            members.object(b, at, Vec::new(), Map::new(), Vec::new())
        }
        VariantFields::Tuple(types, span) => b.tuple(types, *span, at)?,
    }))
}
