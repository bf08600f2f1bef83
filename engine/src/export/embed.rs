//! A tool's schema placed inside another JSON Schema document (a schemars
//! generator's, an OpenAPI document's): its local `$ref`s are relative to its own
//! root, which is no longer the document's root.
//!
//! [`embed`] moves the schema's `$defs` into the document's definitions (a name
//! already taken by a different schema gets a numbered one: `Node2`), and rewrites
//! every local `$ref` to match: `#/$defs/Name` to the definition's new place, and a
//! reference to the schema's own root (`#`, a recursive type) or to another place
//! in it (`#/properties/x`) to a copy of the schema kept among the definitions under
//! the tool's name. The schema returned is then right wherever the document puts it
//! (at its root or nested), and its root stays an object schema (MCP's
//! `inputSchema` needs `type: "object"` there).
//!
//! ```
//! use serde_json::{json, Map};
//! # use tool_schema_engine as tool_schema;
//! use tool_schema::export::embed;
//!
//! let node = json!({
//!     "type": "object",
//!     "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}
//! });
//! let mut definitions = Map::new();
//! let placed = embed(&node, "Node", &mut definitions, "#/$defs").unwrap();
//! assert_eq!(placed["properties"]["children"]["items"], json!({"$ref": "#/$defs/Node"}));
//! assert_eq!(definitions["Node"], placed);
//! ```

use crate::json::pointer;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Keywords whose values are data, not schemas: a `$ref` member inside them is
/// left alone.
const DATA_KEYWORDS: [&str; 4] = ["const", "enum", "default", "examples"];

/// `schema` made ready to sit anywhere in a document whose definitions are
/// `definitions`, each addressed as `{defs_ref}/{name}` (`defs_ref` is `#/$defs`
/// for JSON Schema 2020-12, `#/definitions` for draft 7,
/// `#/components/schemas` for OpenAPI). `name` names the copy of the whole schema
/// added when something in it refers to its root or to a place outside `$defs`.
///
/// Definitions already in `definitions` under the same name and equal to the
/// one being added are shared (a type embedded twice adds its definitions once).
///
/// `None`, and nothing added, for JSON nested deeper than
/// [`MAX_JSON_DEPTH`](super::limits::MAX_JSON_DEPTH) levels (found without
/// recursing into it): the walks here recurse, and no schema
/// [`Schema::parse`](crate::Schema::parse) accepts is that deep.
pub fn embed(
    schema: &Value,
    name: &str,
    definitions: &mut Map<String, Value>,
    defs_ref: &str,
) -> Option<Value> {
    if super::limits::too_deep(schema, super::limits::MAX_JSON_DEPTH).is_some() {
        return None;
    }
    let defs_ref = defs_ref.trim_end_matches('/');
    let mut root = schema.clone();
    let own_defs = match root.as_object_mut().and_then(|m| m.remove("$defs")) {
        Some(Value::Object(defs)) => defs,
        Some(other) => {
            // Not an object: not definitions we can move; leave it where it was.
            if let Some(m) = root.as_object_mut() {
                m.insert("$defs".into(), other);
            }
            Map::new()
        }
        None => Map::new(),
    };

    let needs_self = refers_outside_defs(&root) || own_defs.values().any(refers_outside_defs);

    // Names first (a definition may refer to one declared after it), under the
    // identity renaming: a definition equal to one already there is shared.
    let identity: HashMap<String, String> =
        own_defs.keys().map(|k| (k.clone(), k.clone())).collect();
    let probe = Relocation {
        defs_ref,
        renames: &identity,
        self_name: name,
    };
    let mut renames = HashMap::new();
    for (key, def) in &own_defs {
        let chosen = free_name(key, &probe.apply(def), definitions);
        renames.insert(key.clone(), chosen);
    }
    let self_name = if needs_self {
        let probe = Relocation {
            defs_ref,
            renames: &renames,
            self_name: name,
        };
        free_name(name, &probe.apply(&root), definitions)
    } else {
        name.to_owned()
    };

    let relocation = Relocation {
        defs_ref,
        renames: &renames,
        self_name: &self_name,
    };
    for (key, def) in &own_defs {
        let moved = relocation.apply(def);
        definitions.insert(renames[key].clone(), moved);
    }
    let placed = relocation.apply(&root);
    if needs_self {
        definitions.insert(self_name, placed.clone());
    }
    Some(placed)
}

/// `wanted`, or `wanted2`, `wanted3`, ...: the first name free in `definitions`
/// or holding `value` already.
fn free_name(wanted: &str, value: &Value, definitions: &Map<String, Value>) -> String {
    let fits = |n: &str| definitions.get(n).is_none_or(|v| v == value);
    if fits(wanted) {
        return wanted.to_owned();
    }
    let mut i = 2usize;
    loop {
        let candidate = format!("{wanted}{i}");
        if fits(&candidate) {
            return candidate;
        }
        i += 1;
    }
}

/// Whether a `$ref` in `schema` points at its root or at a place outside `$defs`.
fn refers_outside_defs(schema: &Value) -> bool {
    let mut found = false;
    visit_refs(schema, &mut |r| {
        if pointer::local_ref_pointer(r).is_some_and(|p| !p.starts_with("/$defs/")) {
            found = true;
        }
    });
    found
}

/// Calls `f` with every `$ref` string of `schema`, data keywords skipped.
fn visit_refs(schema: &Value, f: &mut impl FnMut(&str)) {
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => f(r),
                    (k, _) if DATA_KEYWORDS.contains(&k) => {}
                    _ => visit_refs(v, f),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| visit_refs(v, f)),
        _ => {}
    }
}

/// How local references move.
struct Relocation<'a> {
    defs_ref: &'a str,
    renames: &'a HashMap<String, String>,
    self_name: &'a str,
}

impl Relocation<'_> {
    /// A copy of `schema` with every local `$ref` moved.
    fn apply(&self, schema: &Value) -> Value {
        match schema {
            Value::Object(m) => {
                let mut out = serde_json::Map::new();
                for (k, v) in m {
                    let v = match (k.as_str(), v) {
                        ("$ref", Value::String(r)) => Value::String(self.reference(r)),
                        (k, v) if DATA_KEYWORDS.contains(&k) => v.clone(),
                        (_, v) => self.apply(v),
                    };
                    out.insert(k.clone(), v);
                }
                Value::Object(out)
            }
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    out.push(self.apply(v));
                }
                Value::Array(out)
            }
            other => other.clone(),
        }
    }

    /// Where the reference `r` (relative to the schema's root) points now. The
    /// reference is read as a URI fragment holding a JSON pointer (escapes
    /// decoded), and written as one.
    fn reference(&self, r: &str) -> String {
        // An anchor (`#name`) or another document: not ours to move.
        let Some(at) = pointer::local_ref_pointer(r) else {
            return r.to_owned();
        };
        let (name, tail) = match at.strip_prefix("/$defs/") {
            Some(rest) => {
                let (token, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
                match self.renames.get(&*pointer::unescape_token(token)) {
                    Some(renamed) => (renamed.as_str(), tail),
                    None => (self.self_name, &*at),
                }
            }
            None => (self.self_name, &*at),
        };
        let moved = pointer::join("", name) + tail;
        format!("{}{}", self.defs_ref, pointer::fragment(&moved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Definition names a reference escapes (`~1` for `/`, `%25` for `%`) are
    /// found under their escapes, and written escaped where they move.
    #[test]
    fn escaped_names_are_read_and_written_escaped() {
        let s = json!({
            "type": "object",
            "properties": {
                "a": {"$ref": "#/$defs/a~1b"},
                "p": {"$ref": "#/$defs/50%25/properties/x"},
                "q": {"$ref": "#/%24defs/plain"},
                "s": {"$ref": "#/properties/a"}
            },
            "$defs": {
                "a/b": {"type": "integer"},
                "50%": {"type": "object", "properties": {"x": {"type": "string"}}},
                "plain": {"type": "boolean"}
            }
        });
        let mut defs = Map::new();
        defs.insert("a/b".into(), json!({"type": "null"}));
        let placed = embed(&s, "My tool", &mut defs, "#/components/schemas").unwrap();
        let props = &placed["properties"];
        assert_eq!(props["a"], json!({"$ref": "#/components/schemas/a~1b2"}));
        assert_eq!(
            props["p"],
            json!({"$ref": "#/components/schemas/50%25/properties/x"})
        );
        assert_eq!(props["q"], json!({"$ref": "#/components/schemas/plain"}));
        assert_eq!(
            props["s"],
            json!({"$ref": "#/components/schemas/My%20tool/properties/a"})
        );
        assert_eq!(defs["a/b2"], json!({"type": "integer"}));
        assert_eq!(defs["50%"]["properties"]["x"], json!({"type": "string"}));
        assert!(defs.contains_key("My tool"));
    }

    #[test]
    fn a_schema_without_references_is_unchanged_and_adds_nothing() {
        let s = json!({"type": "object", "properties": {"a": {"type": "string"}}});
        let mut defs = Map::new();
        assert_eq!(embed(&s, "A", &mut defs, "#/$defs"), Some(s));
        assert!(defs.is_empty());
    }

    #[test]
    fn defs_move_to_the_document_and_their_references_follow() {
        let s = json!({
            "type": "object",
            "properties": {"tree": {"$ref": "#/$defs/Tree"}},
            "$defs": {"Tree": {"type": "object", "properties": {
                "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}
            }}}
        });
        let mut defs = Map::new();
        let placed = embed(&s, "Forest", &mut defs, "#/definitions/").unwrap();
        assert_eq!(
            placed,
            json!({"type": "object", "properties": {"tree": {"$ref": "#/definitions/Tree"}}})
        );
        assert_eq!(
            defs["Tree"]["properties"]["kids"]["items"],
            json!({"$ref": "#/definitions/Tree"})
        );
        assert_eq!(defs.len(), 1);
        // Embedded again: the definition is shared, not repeated.
        assert_eq!(
            embed(&s, "Forest", &mut defs, "#/definitions"),
            Some(placed)
        );
        assert_eq!(defs.len(), 1);
    }

    #[test]
    fn a_taken_name_holding_another_schema_gets_a_number() {
        let s = json!({"type": "object", "properties": {"n": {"$ref": "#/$defs/N"}},
                       "$defs": {"N": {"type": "integer"}}});
        let mut defs = Map::new();
        defs.insert("N".into(), json!({"type": "string"}));
        let placed = embed(&s, "T", &mut defs, "#/$defs").unwrap();
        assert_eq!(placed["properties"]["n"], json!({"$ref": "#/$defs/N2"}));
        assert_eq!(defs["N"], json!({"type": "string"}));
        assert_eq!(defs["N2"], json!({"type": "integer"}));
    }

    #[test]
    fn references_to_the_root_or_elsewhere_point_into_a_copy() {
        let s = json!({
            "type": "object",
            "properties": {
                "next": {"$ref": "#"},
                "alias": {"$ref": "#/properties/name"},
                "name": {"type": "string", "const": {"$ref": "#"}},
                "ext": {"$ref": "https://example.com/s.json#/x"}
            }
        });
        let mut defs = Map::new();
        let placed = embed(&s, "Chain", &mut defs, "#/$defs").unwrap();
        assert_eq!(
            placed["properties"]["next"],
            json!({"$ref": "#/$defs/Chain"})
        );
        assert_eq!(
            placed["properties"]["alias"],
            json!({"$ref": "#/$defs/Chain/properties/name"})
        );
        // Data and other documents are left alone.
        assert_eq!(placed["properties"]["name"]["const"], json!({"$ref": "#"}));
        assert_eq!(placed["properties"]["ext"], s["properties"]["ext"]);
        assert_eq!(defs["Chain"], placed);
        assert_eq!(placed["type"], "object");
    }

    #[test]
    fn json_deeper_than_the_limit_is_left_alone() {
        let mut deep = json!({"type": "object"});
        for _ in 0..super::super::limits::MAX_JSON_DEPTH {
            deep = json!({"type": "object", "properties": {"x": deep}});
        }
        let mut defs = Map::new();
        assert_eq!(embed(&deep, "Deep", &mut defs, "#/$defs"), None);
        assert!(defs.is_empty());
    }
}
