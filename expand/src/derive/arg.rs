//! `#[arg(...)]` on a field, and the derive's knowledge of JSON Schema keywords
//! in one place: each key of `#[arg]` ([`RULES`]: the keyword it writes, how its
//! value is read, whether the typed text path's seeds check it), the keyword
//! pairs a type's own schema writes ([`Limits`]: a `char`'s string lengths, an
//! integer's range, an array's item counts), and the order the derive writes
//! keywords in ([`ordered`], built from the table). Which JSON type a keyword
//! applies to is the runtime vocabulary's
//! ([`tool_schema_engine::schema::vocabulary::applies_to`]).

use super::attr::{each_key, json, number, set, At, Given};
use crate::attr::{skip_value, unknown};
use crate::codegen::EXTERNAL_TYPE;
use crate::ctxt::Ctxt;
use proc_macro2::Span;
use serde_json::{Map, Number, Value};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Lit};
use tool_schema_engine::schema::vocabulary;
use tool_schema_engine::{keywords, JsonType};

/// How the value of a constraint key is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Read {
    /// A number bound. For an exclusive one, `slack` is how far past an integer
    /// type's range it may sit and still leave a value serde reads: (below the
    /// minimum, above the maximum).
    Bound { slack: (i128, i128) },
    /// A number greater than 0.
    Positive,
    /// A non-negative integer: a string length or an item count.
    Count,
    /// A string literal.
    Text,
    /// The name of a string format the schema model checks.
    Format,
}

/// A key of `#[arg(...)]` that writes a constraint keyword.
pub(crate) struct Rule {
    /// The key, as `#[arg]` takes it.
    pub key: &'static str,
    /// The JSON Schema keyword it writes.
    pub keyword: &'static str,
    /// How its value is read.
    pub read: Read,
    /// Whether the typed text path's seeds check it as they read (a field with
    /// any other is left to the generic pass).
    pub seeded: bool,
}

const fn rule(key: &'static str, keyword: &'static str, read: Read, seeded: bool) -> Rule {
    Rule {
        key,
        keyword,
        read,
        seeded,
    }
}

const INCLUSIVE: Read = Read::Bound { slack: (0, 0) };

/// The constraint keys, in the order `#[arg]` lists its keys.
#[rustfmt::skip]
pub(crate) const RULES: [Rule; 11] = [
    rule("minimum", "minimum", INCLUSIVE, true),
    rule("maximum", "maximum", INCLUSIVE, true),
    rule("exclusive_minimum", "exclusiveMinimum", Read::Bound { slack: (1, -1) }, false),
    rule("exclusive_maximum", "exclusiveMaximum", Read::Bound { slack: (-1, 1) }, false),
    rule("multiple_of", "multipleOf", Read::Positive, false),
    rule("min_length", "minLength", Read::Count, true),
    rule("max_length", "maxLength", Read::Count, true),
    rule("pattern", "pattern", Read::Text, true),
    rule("format", "format", Read::Format, false),
    rule("min_items", "minItems", Read::Count, true),
    rule("max_items", "maxItems", Read::Count, true),
];

/// The keys that write no constraint: (key, JSON keyword).
pub(crate) const DESCRIPTION: (&str, &str) = ("description", "description");
/// Each `example` is one of the `examples`.
pub(crate) const EXAMPLE: (&str, &str) = ("example", "examples");
/// `values = [..]`: the only values allowed.
pub(crate) const VALUES: (&str, &str) = ("values", "enum");
/// `schema = ..`: the field's whole schema, written out (for a type the derive
/// does not know).
pub(crate) const SCHEMA: &str = "schema";
/// The keys whose `(...)` holds the keys of a part of the value, with the
/// keyword of that part's schema: an array's items, a map's values (`values(..)`,
/// beside `values = [..]`), a map's keys.
pub(crate) const PARTS: [(Part, &str, &str); 3] = [
    (Part::Items, "items", "items"),
    (Part::Values, "values", "additionalProperties"),
    (Part::Keys, "keys", "propertyNames"),
];

/// A part of a value that `#[arg(part(...))]` constrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// `items(...)`: each item of a `Vec`, set or array.
    Items,
    /// `values(...)`: each value of a map.
    Values,
    /// `keys(...)`: each key of a map (JSON Schema's `propertyNames`).
    Keys,
}

impl Part {
    /// The `#[arg]` key.
    pub(crate) fn key(self) -> &'static str {
        PARTS
            .iter()
            .find(|(p, _, _)| *p == self)
            .map_or("", |(_, k, _)| k)
    }

    /// The keyword of the part's schema.
    pub(crate) fn keyword(self) -> &'static str {
        PARTS
            .iter()
            .find(|(p, _, _)| *p == self)
            .map_or("", |(_, _, k)| k)
    }
}

/// `default = ..`: the value serde uses for a left-out argument (its
/// `#[serde(default)]`), as JSON Schema's `default` annotation.
pub(crate) const DEFAULT: (&str, &str) = ("default", "default");

/// `not_null`: an `Option<T>` field that takes absence only, not `null` (by
/// default its schema takes `null` too, which serde reads as `None`).
pub(crate) const NOT_NULL: &str = "not_null";

/// The place in [`RULES`] of `key`.
fn place(key: &str) -> Option<usize> {
    RULES.iter().position(|r| r.key == key)
}

/// Every key `#[arg(...)]` takes.
fn keys() -> Vec<&'static str> {
    let mut keys = Vec::new();
    for r in RULES.iter() {
        keys.push(r.key);
    }
    keys.extend([
        DESCRIPTION.0,
        EXAMPLE.0,
        VALUES.0,
        SCHEMA,
        DEFAULT.0,
        NOT_NULL,
    ]);
    for &(_, k, _) in PARTS.iter() {
        if k != VALUES.0 {
            keys.push(k);
        }
    }
    keys
}

impl Rule {
    /// The one JSON type the keyword constrains (from the runtime's vocabulary;
    /// a number keyword: [`JsonType::Number`], integers included).
    pub(crate) fn applies_to(&self) -> JsonType {
        vocabulary::applies_to(self.keyword)
            .expect("every constraint keyword constrains one JSON type")
    }

    /// The value written for the key, as this rule reads it; `None`, with the
    /// error reported, when it is not one.
    fn value(&self, cx: &Ctxt, span: Span, expr: &Expr) -> Option<Value> {
        let (key, keyword) = (self.key, self.keyword);
        match self.read {
            Read::Positive => match number(expr) {
                Some(n) if n.as_f64().is_some_and(|f| f > 0.0) => return Some(Value::Number(n)),
                Some(n) => cx.error(
                    span,
                    format!("`{key}` must be greater than 0 (JSON Schema's `{keyword}` is a positive number), not {n}"),
                ),
                None => cx.error(span, format!("`{key}` takes a number, like `{key} = 5`")),
            },
            Read::Bound { .. } => match number(expr) {
                Some(n) => return Some(Value::Number(n)),
                None => cx.error(span, format!("`{key}` takes a number, like `{key} = 1`")),
            },
            Read::Count => match number(expr).and_then(|n| n.as_u64()) {
                Some(n) => return Some(Value::from(n)),
                None => cx.error(
                    span,
                    format!("`{key}` takes a non-negative integer, like `{key} = 1`"),
                ),
            },
            Read::Text => match string_literal(expr) {
                Some(s) => return Some(Value::String(s)),
                None => cx.error(span, format!("`{key}` takes a string literal")),
            },
            Read::Format => match string_literal(expr) {
                Some(s) if keywords::format::is_known(&s) => return Some(Value::String(s)),
                Some(s) => {
                    let names: Vec<&str> = keywords::format::names().collect();
                    cx.error(span, crate::attr::unknown("format", &s, &names))
                }
                None => cx.error(span, format!("`{key}` takes a string literal, like `{key} = \"date-time\"`")),
            },
        }
        None
    }
}

/// The value of `schema = ..`: a JSON object written in braces (`schema = {"type":
/// "string"}`), in `json!(..)`, or as a string literal holding JSON text; with
/// the spans of its parts. `None` (reported) for anything else: a function's
/// schema is not known when the crate compiles, which is when the validator and
/// the exported schema are built.
fn written_schema(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<(Given<Value>, crate::spans::SpanMap)>> {
    let key = meta.path.span();
    let input = meta.value()?;
    let (parsed, span) = if input.peek(syn::token::Brace) {
        let group: proc_macro2::Group = input.parse()?;
        let span = group.span();
        let tokens = proc_macro2::TokenStream::from(proc_macro2::TokenTree::Group(group));
        (crate::literal::parse_value(tokens, span), span)
    } else {
        let expr = super::attr::value(input)?;
        let span = expr.span();
        match &expr {
            Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) => (crate::literal::parse_text(&s.value(), s.span()), span),
            Expr::Macro(m)
                if m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "json") =>
            {
                (
                    crate::literal::parse_value(m.mac.tokens.clone(), span),
                    span,
                )
            }
            _ => {
                cx.error(
                    span,
                    "`schema` takes the field's JSON Schema written out, as `{...}`, `json!({...})` or a string literal of JSON text: \
                     the schema is checked and compiled when the crate compiles, so a function's cannot be used; \
                     for a type of your own, implement ToolArgs with impl_tool_args!",
                );
                return Ok(None);
            }
        }
    };
    match parsed {
        Ok((value @ Value::Object(_), spans)) => Ok(Some((Given { value, key, span }, spans))),
        Ok(_) => {
            cx.error(
                span,
                "`schema` takes a JSON object (a schema), like `{\"type\": \"string\"}`",
            );
            Ok(None)
        }
        Err(e) => {
            cx.push(e);
            Ok(None)
        }
    }
}

/// The value of a string literal.
fn string_literal(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(s.value()),
        _ => None,
    }
}

/// A pair of keywords bounding a value from below and from above, as a type's
/// own schema writes them: the keywords of the `#[arg]` keys of the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limits {
    /// A number's range.
    Range,
    /// A string's lengths.
    StringLengths,
    /// An array's item counts.
    ItemCounts,
}

impl Limits {
    /// The `#[arg]` keys of the lower and the upper limit.
    fn keys(self) -> [&'static str; 2] {
        match self {
            Limits::Range => ["minimum", "maximum"],
            Limits::StringLengths => ["min_length", "max_length"],
            Limits::ItemCounts => ["min_items", "max_items"],
        }
    }

    /// The places in [`RULES`] of the lower and the upper limit.
    fn places(self) -> [usize; 2] {
        self.keys().map(|k| place(k).expect("a key of RULES"))
    }

    /// The keywords of the lower and the upper limit.
    pub(crate) fn keywords(self) -> [&'static str; 2] {
        self.places().map(|i| RULES[i].keyword)
    }

    /// Writes the limits given (`None`: left out) into `schema`, in order.
    pub(crate) fn write(self, schema: &mut Map<String, Value>, [lo, hi]: [Option<Value>; 2]) {
        let [lo_kw, hi_kw] = self.keywords();
        for (keyword, value) in [(lo_kw, lo), (hi_kw, hi)] {
            if let Some(value) = value {
                schema.insert(keyword.into(), value);
            }
        }
    }
}

/// The keywords of a schema in the order the derive writes them: the type, the
/// description, the branches, the allowed values, then the constraints in the
/// order of [`RULES`] (an array's `items` before its item counts), the array's
/// uniqueness, an object's values, the examples, a nested type's marker.
fn order() -> Vec<&'static str> {
    let items_at = place("min_items").expect("a key of RULES");
    let mut order = vec!["type", DESCRIPTION.1, "anyOf", VALUES.1];
    for (i, r) in RULES.iter().enumerate() {
        if i == items_at {
            order.push("items");
        }
        order.push(r.keyword);
    }
    order.extend([
        "uniqueItems",
        "propertyNames",
        "additionalProperties",
        DEFAULT.1,
        EXAMPLE.1,
        EXTERNAL_TYPE,
    ]);
    order
}

/// `map` with its keywords in the derive's order ([`order`]; others last).
pub(crate) fn ordered(mut map: Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    for keyword in order() {
        if let Some(v) = map.shift_remove(keyword) {
            out.insert(keyword.to_string(), v);
        }
    }
    // The others, in their order.
    out.extend(map);
    out
}

/// `#[arg(...)]` on a field.
#[derive(Default)]
pub(crate) struct ArgAttrs {
    /// The constraint keys given, at their places in [`RULES`].
    rules: [Option<Given<Value>>; RULES.len()],
    pub description: Option<Given<String>>,
    pub examples: Vec<Given<Value>>,
    /// `values = [..]`: the only values allowed (JSON Schema's `enum`), each
    /// checked against the field's own schema.
    pub values: Option<Given<Vec<Value>>>,
    /// `items(..)`, `values(..)`, `keys(..)`: the keys of a part of the value,
    /// with the span of the part's key.
    pub parts: Vec<(Part, proc_macro2::Span, ArgAttrs)>,
    /// `schema = ..`: the field's schema as written, with the spans of its parts.
    pub schema: Option<(Given<Value>, crate::spans::SpanMap)>,
    /// `default = ..`: checked against the field's schema; only where serde
    /// has a default for the field.
    pub default: Option<Given<Value>>,
    /// `not_null`, with its span: the `Option<T>` field's schema takes absence
    /// only, not `null`.
    pub not_null: Option<Span>,
}

impl ArgAttrs {
    /// Reads every `#[arg(...)]` of a field.
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> ArgAttrs {
        let mut out = ArgAttrs::default();
        each_key(cx, attrs, "arg", &mut |meta, key| {
            out.read_meta(cx, meta, key)
        });
        out
    }

    /// Reads one key (and its value) of `#[arg(...)]` or of a part's `(...)`.
    fn read_meta(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
        let keys = keys();
        if !keys.contains(&key) {
            cx.push(meta.error(unknown("argument attribute", key, &keys)));
            return skip_value(meta);
        }
        let part = PARTS.iter().find(|(_, k, _)| *k == key).map(|(p, _, _)| *p);
        if let Some(part) = part.filter(|_| meta.input.peek(syn::token::Paren)) {
            let span = meta.path.span();
            if self.parts.iter().any(|(p, _, _)| *p == part) {
                cx.error(span, format!("`{key}(...)` is given twice"));
            }
            let mut inner = ArgAttrs::default();
            meta.parse_nested_meta(|m| {
                let key = super::attr::key_name(&m);
                inner.read_meta(cx, &m, &key)
            })?;
            self.parts.push((part, span, inner));
            return Ok(());
        }
        if key == SCHEMA {
            let span = meta.path.span();
            if let Some((given, spans)) = written_schema(cx, meta)? {
                if self.schema.is_some() {
                    cx.error(span, "`schema` is given twice");
                }
                self.schema = Some((given, spans));
            }
            return Ok(());
        }
        if key == NOT_NULL {
            let span = meta.path.span();
            if self.not_null.is_some() {
                cx.error(span, format!("`{key}` is given twice"));
            }
            if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
                cx.push(meta.error(format!(
                    "`{key}` takes no value: write `#[arg({key})]` on an `Option` field"
                )));
                skip_value(meta)?;
            }
            self.not_null = Some(span);
            return Ok(());
        }
        if part.is_some_and(|p| p != Part::Values) {
            cx.push(meta.error(format!(
                "`{key}` takes the keys that apply to each of them, like `{key}(min_length = 1)`"
            )));
            return skip_value(meta);
        }
        let expr = super::attr::value(meta.value()?)?;
        let at = At {
            key: meta.path.span(),
            span: expr.span(),
        };
        self.read(cx, key, at, &expr);
        Ok(())
    }

    /// Reads the value of the known key `key`.
    fn read(&mut self, cx: &Ctxt, key: &str, at: At, expr: &Expr) {
        let span = at.span;
        if let Some(i) = place(key) {
            if let Some(value) = RULES[i].value(cx, span, expr) {
                set(cx, &mut self.rules[i], at.given(value), key);
            }
        } else if key == DESCRIPTION.0 {
            match string_literal(expr) {
                Some(s) => set(cx, &mut self.description, at.given(s), key),
                None => cx.error(span, format!("`{key}` takes a string literal")),
            }
        } else if key == VALUES.0 {
            match json(expr) {
                Some(Value::Array(values)) if !values.is_empty() => {
                    set(cx, &mut self.values, at.given(values), key)
                }
                _ => cx.error(
                    span,
                    "`values` takes a non-empty array of literals, like `values = [1, 2]` (the only values allowed: JSON Schema's `enum`)",
                ),
            }
        } else if key == DEFAULT.0 {
            match json(expr) {
                Some(v) => set(cx, &mut self.default, at.given(v), key),
                None => cx.error(
                    span,
                    "`default` takes a literal (string, number, `true`, `false`) or an array of literals",
                ),
            }
        } else {
            match json(expr) {
                Some(v) => self.examples.push(at.given(v)),
                None => cx.error(
                    span,
                    "`example` takes a literal (string, number, `true`, `false`) or an array of literals",
                ),
            }
        }
    }

    /// The constraint keys given, in the order of [`RULES`], with their values.
    pub(crate) fn rules(&self) -> impl Iterator<Item = (&'static Rule, &Given<Value>)> + '_ {
        RULES
            .iter()
            .zip(&self.rules)
            .filter_map(|(r, g)| Some((r, g.as_ref()?)))
    }

    /// Whether the field carries a constraint (a rule or `values`): its schema
    /// then accepts less than serde reads.
    pub(crate) fn has_rules(&self) -> bool {
        self.rules().next().is_some()
            || self.values.is_some()
            || !self.parts.is_empty()
            || self.schema.is_some()
    }

    /// Whether the field carries a constraint the typed text path's seeds do not
    /// check as they read.
    pub(crate) fn has_unseeded_rules(&self) -> bool {
        self.rules().any(|(r, _)| !r.seeded)
            || self.values.is_some()
            || !self.parts.is_empty()
            || self.schema.is_some()
    }

    /// The lower and upper limits given of a pair of [`Limits`].
    fn limits(&self, limits: Limits) -> [Option<&Value>; 2] {
        limits
            .places()
            .map(|i| self.rules[i].as_ref().map(|g| &g.value))
    }

    /// The inclusive bounds given.
    pub(crate) fn bounds(&self) -> (Option<&Number>, Option<&Number>) {
        let [lo, hi] = self
            .limits(Limits::Range)
            .map(|v| v.and_then(Value::as_number));
        (lo, hi)
    }

    /// The string lengths given.
    pub(crate) fn string_lengths(&self) -> (Option<u64>, Option<u64>) {
        let [lo, hi] = self
            .limits(Limits::StringLengths)
            .map(|v| v.and_then(Value::as_u64));
        (lo, hi)
    }

    /// The item counts given.
    pub(crate) fn item_counts(&self) -> (Option<u64>, Option<u64>) {
        let [lo, hi] = self
            .limits(Limits::ItemCounts)
            .map(|v| v.and_then(Value::as_u64));
        (lo, hi)
    }

    /// The pattern given.
    pub(crate) fn pattern(&self) -> Option<&str> {
        let i = place("pattern")?;
        self.rules[i].as_ref().and_then(|g| g.value.as_str())
    }
}
