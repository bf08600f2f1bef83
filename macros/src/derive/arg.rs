//! `#[arg(...)]` on a field: its keys, read into [`ArgAttrs`].

use super::attr::{each_key, json, number, set, At, Given};
use crate::attr::{skip_value, unknown};
use crate::ctxt::Ctxt;
use serde_json::{Number, Value};
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit};

/// `#[arg(...)]` on a field.
#[derive(Default)]
pub(crate) struct ArgAttrs {
    pub minimum: Option<Given<Number>>,
    pub maximum: Option<Given<Number>>,
    pub exclusive_minimum: Option<Given<Number>>,
    pub exclusive_maximum: Option<Given<Number>>,
    /// Checked positive when read.
    pub multiple_of: Option<Given<Number>>,
    pub min_length: Option<Given<u64>>,
    pub max_length: Option<Given<u64>>,
    pub pattern: Option<Given<String>>,
    pub min_items: Option<Given<u64>>,
    pub max_items: Option<Given<u64>>,
    pub description: Option<Given<String>>,
    pub examples: Vec<Given<Value>>,
    /// `values = [..]`: the only values allowed (JSON Schema's `enum`), each
    /// checked against the field's own schema.
    pub values: Option<Given<Vec<Value>>>,
}

/// The keys `#[arg(...)]` takes.
pub(crate) const ARG_KEYS: [&str; 13] = [
    "minimum",
    "maximum",
    "exclusive_minimum",
    "exclusive_maximum",
    "multiple_of",
    "min_length",
    "max_length",
    "pattern",
    "min_items",
    "max_items",
    "description",
    "example",
    "values",
];

impl ArgAttrs {
    /// Reads every `#[arg(...)]` of a field.
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> ArgAttrs {
        let mut out = ArgAttrs::default();
        each_key(cx, attrs, "arg", |meta, key| {
            if !ARG_KEYS.contains(&key) {
                let names = ARG_KEYS.iter().copied();
                cx.push(meta.error(unknown("argument attribute", key, names)));
                return skip_value(meta);
            }
            let expr: Expr = meta.value()?.parse()?;
            let at = At {
                key: meta.path.span(),
                span: expr.span(),
            };
            out.read(cx, key, at, &expr);
            Ok(())
        });
        out
    }

    /// Reads the value of the known key `key`.
    fn read(&mut self, cx: &Ctxt, key: &str, at: At, expr: &Expr) {
        let span = at.span;
        match key {
            "multiple_of" => match number(expr) {
                Some(n) if n.as_f64().is_some_and(|f| f > 0.0) => {
                    set(cx, &mut self.multiple_of, at.given(n), key)
                }
                Some(n) => cx.error(
                    span,
                    format!("`multiple_of` must be greater than 0 (JSON Schema's `multipleOf` is a positive number), not {n}"),
                ),
                None => cx.error(span, "`multiple_of` takes a number, like `multiple_of = 5`"),
            },
            "minimum" | "maximum" | "exclusive_minimum" | "exclusive_maximum" => {
                match number(expr) {
                    Some(n) => set(cx, self.bound(key), at.given(n), key),
                    None => cx.error(span, format!("`{key}` takes a number, like `{key} = 1`")),
                }
            }
            "min_length" | "max_length" | "min_items" | "max_items" => {
                match number(expr).and_then(|n| n.as_u64()) {
                    Some(n) => set(cx, self.count(key), at.given(n), key),
                    None => cx.error(
                        span,
                        format!("`{key}` takes a non-negative integer, like `{key} = 1`"),
                    ),
                }
            }
            "pattern" | "description" => match expr {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }) => {
                    let slot = if key == "pattern" {
                        &mut self.pattern
                    } else {
                        &mut self.description
                    };
                    set(cx, slot, at.given(s.value()), key);
                }
                _ => cx.error(span, format!("`{key}` takes a string literal")),
            },
            "values" => match json(expr) {
                Some(Value::Array(values)) if !values.is_empty() => {
                    set(cx, &mut self.values, at.given(values), key)
                }
                _ => cx.error(
                    span,
                    "`values` takes a non-empty array of literals, like `values = [1, 2]` (the only values allowed: JSON Schema's `enum`)",
                ),
            },
            _ => match json(expr) {
                Some(v) => self.examples.push(at.given(v)),
                None => cx.error(
                    span,
                    "`example` takes a literal (string, number, `true`, `false`) or an array of literals",
                ),
            },
        }
    }

    /// The slot of a numeric bound key.
    fn bound(&mut self, key: &str) -> &mut Option<Given<Number>> {
        match key {
            "minimum" => &mut self.minimum,
            "maximum" => &mut self.maximum,
            "exclusive_minimum" => &mut self.exclusive_minimum,
            _ => &mut self.exclusive_maximum,
        }
    }

    /// The slot of a length or item-count key.
    fn count(&mut self, key: &str) -> &mut Option<Given<u64>> {
        match key {
            "min_length" => &mut self.min_length,
            "max_length" => &mut self.max_length,
            "min_items" => &mut self.min_items,
            _ => &mut self.max_items,
        }
    }
}
