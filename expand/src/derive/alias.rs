//! `#[serde(alias = "...")]` on a field: more names serde reads the field
//! under. The object's schema says so in `x-tool-schema-aliases` (see the
//! runtime's `keywords::alias`): the validator reads the property under any of
//! its names (a required one is given by any, two at once are refused as serde
//! refuses a duplicate field), and every export names the property alone.
//! `rename_all` does not apply to an alias (serde's rule): it is read as written.
//!
//! Refused, at the alias: one that repeats the field's own name, or that another
//! field (or alias, or the tag) is read as; an alias on a flattened or skipped
//! field (serde reads no member by its name).

use super::ast::{unraw, Field};
use super::ty::Builder;
use serde_json::{Map, Value};
use syn::LitStr;
use tool_schema_engine::json::pointer;
use tool_schema_engine::keywords::alias::KEYWORD;

/// The aliases of an object's fields: each property's name and its aliases.
#[derive(Default)]
pub(super) struct Aliases<'f>(Vec<(String, Vec<&'f LitStr>)>);

impl<'f> Aliases<'f> {
    /// The aliases of `field`, read as the property `name`, checked against the
    /// names already `taken` (with what reads each) and added to them.
    pub(super) fn take(
        &mut self,
        b: &mut Builder,
        field: &'f Field,
        name: &str,
        taken: &mut Vec<(String, String)>,
    ) {
        let rust_name = unraw(field.ident);
        let mut kept = Vec::new();
        for lit in &field.serde.aliases {
            let alias = lit.value();
            if alias == name {
                b.cx.error(
                    lit.span(),
                    format!("the alias \"{alias}\" is the name serde already reads `{rust_name}` as; remove it"),
                );
                continue;
            }
            if kept.iter().any(|k: &&LitStr| k.value() == alias) {
                b.cx.error(
                    lit.span(),
                    format!("the alias \"{alias}\" is given twice on `{rust_name}`; remove one"),
                );
                continue;
            }
            if let Some((_, other)) = taken.iter().find(|(n, _)| *n == alias) {
                // What reads the name, said of one field.
                let other = other
                    .strip_prefix("fields ")
                    .map_or(other.clone(), |f| format!("field {f}"));
                b.cx.error(
                    lit.span(),
                    format!(
                        "{other} and the alias \"{alias}\" of `{rust_name}` are both read by serde as the argument \"{alias}\"; an argument names one field: remove the alias or rename the other"
                    ),
                );
                continue;
            }
            taken.push((alias, format!("the alias of field `{rust_name}`")));
            kept.push(lit);
        }
        if !kept.is_empty() {
            self.0.push((name.to_string(), kept));
        }
    }

    /// `x-tool-schema-aliases` in the `object` at `at`, each alias at its span.
    pub(super) fn write(self, b: &mut Builder, at: &str, object: &mut Map<String, Value>) {
        if self.0.is_empty() {
            return;
        }
        let keyword_at = pointer::join(at, KEYWORD);
        let mut map = Map::new();
        for (name, lits) in self.0 {
            let list_at = pointer::join(&keyword_at, &name);
            for (i, lit) in lits.iter().enumerate() {
                b.spans.value(&pointer::join_index(&list_at, i), lit.span());
            }
            let values = lits.iter().map(|l| Value::String(l.value())).collect();
            map.insert(name, Value::Array(values));
        }
        object.insert(KEYWORD.into(), Value::Object(map));
    }
}

/// Refuses the aliases of a field serde reads no member into by its name
/// (`what`: "flattened", "skipped").
pub(super) fn refuse(b: &mut Builder, field: &Field, what: &str) {
    for lit in &field.serde.aliases {
        b.cx.error(
            lit.span(),
            format!(
                "serde reads no argument by the name of a {what} field, so the alias \"{}\" of `{}` names nothing; remove it",
                lit.value(),
                unraw(field.ident)
            ),
        );
    }
}
