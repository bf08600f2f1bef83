//! Random tool schemas for the typed form's property test (`tests/props.rs`),
//! written by `build.rs` (the types are compiled, so the schemas are fixed at
//! build time; a fixed seed makes them the same on every build). Each mixes the
//! shapes of docs/typed-literals.md's mapping: bounded and unbounded numbers,
//! string, integer, number and boolean enums, constants, nullable types and
//! `anyOf` with `null`, unions tagged by a property or by a member's name and
//! untagged ones, tuples, maps (`additionalProperties` with a schema, one
//! `patternProperties` with `additionalProperties: false`, flattened beside
//! properties too), `$defs` entries referred to (recursively too)
//! and `allOf` merges, nested to depth 3.

use serde_json::{json, Map, Value};

// The project's test generator, `Rng`.
include!("../support/rng.rs");

/// The property names drawn from: identifiers, a keyword, names serde renames.
const NAMES: [&str; 10] = [
    "a", "city", "count", "type", "e-mail", "2fa", "maxItems", "x y", "kind", "self",
];

/// Builds one schema: its `$defs` gathered as the nodes are drawn.
struct Builder<'r> {
    rng: &'r mut Rng,
    defs: Map<String, Value>,
}

/// `count` schemas drawn from `seed`.
pub fn schemas(seed: u64, count: usize) -> Vec<Value> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|i| {
            let mut b = Builder {
                rng: &mut rng,
                defs: Map::new(),
            };
            let mut root = match i % 8 {
                6 => b.tagged(0),
                7 => b.merged(0),
                _ => b.object(0, 2 + i % 4),
            };
            if !b.defs.is_empty() {
                root["$defs"] = Value::Object(std::mem::take(&mut b.defs));
            }
            root
        })
        .collect()
}

impl Builder<'_> {
    /// An object of `n` properties (some required), closed or not.
    fn object(&mut self, depth: usize, n: usize) -> Value {
        let mut props = Map::new();
        let mut required = Vec::new();
        for _ in 0..n {
            let name = *self.rng.pick(&NAMES);
            if props.contains_key(name) {
                continue;
            }
            props.insert(name.to_string(), self.node(depth + 1));
            if self.rng.chance(50) {
                required.push(json!(name));
            }
        }
        let mut object = json!({"type": "object", "properties": props, "required": required});
        match self.rng.below(4) {
            0 => object["additionalProperties"] = json!(false),
            1 => object["additionalProperties"] = json!({"type": "integer"}),
            2 => {
                object["patternProperties"] = json!({"^x-": self.node(depth + 1)});
                object["additionalProperties"] = json!(false);
            }
            _ => {}
        }
        object
    }

    /// Any node; below depth 3 a leaf.
    fn node(&mut self, depth: usize) -> Value {
        let kinds = if depth >= 3 { 9 } else { 19 };
        match self.rng.below(kinds) {
            0 => self.integer(),
            1 => self.number(),
            2 => json!({"type": "string", "maxLength": self.rng.pick(&[3, 20])}),
            3 => json!({"type": "boolean"}),
            4 => self
                .rng
                .pick(&[
                    json!({"type": "string", "enum": ["celsius", "fahrenheit"]}),
                    json!({"type": "string", "enum": ["2x", "a b", "A_B", "low"]}),
                    json!({"type": "string", "enum": ["only"]}),
                    json!({"type": "integer", "enum": [1, 2, 300]}),
                    json!({"type": ["integer", "null"], "enum": [-1, 7, null]}),
                    json!({"type": "number", "enum": [0.5, 2, 9007199254740993u64]}),
                    json!({"type": "boolean", "enum": [true, false]}),
                ])
                .clone(),
            5 => json!({"const": self.rng.pick(&[
                json!(2), json!("on"), json!(null), json!(true), json!({"k": [1]}), json!(2.5),
            ])}),
            6 => {
                let inner = self.node(depth + 1);
                json!({"anyOf": [inner, {"type": "null"}]})
            }
            7 => json!({"type": ["string", "null"]}),
            8 => json!(self.rng.pick(&[
                json!({}),
                json!({"enum": [1, "one", null]}),
                json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
            ])),
            9 => json!({"type": "array", "items": self.node(depth + 1), "maxItems": 4}),
            10 => self.tuple(depth),
            11 => {
                let n = 1 + self.rng.below(3);
                self.object(depth, n)
            }
            12 => match self.rng.chance(50) {
                true => json!({"type": "object", "additionalProperties": self.node(depth + 1)}),
                false => json!({
                    "type": "object",
                    "patternProperties": {"^x-": self.node(depth + 1)},
                    "additionalProperties": false
                }),
            },
            13 => self.tagged(depth),
            14 | 15 => self.reference(depth),
            16 => self.merged(depth),
            17 => self.by_name(depth),
            _ => json!({"type": "integer", "format": self.rng.pick(&["uint8", "int32", "int64"])}),
        }
    }

    fn integer(&mut self) -> Value {
        let (min, max) = *self.rng.pick(&[
            (None, None),
            (Some(0), None),
            (Some(0), Some(255)),
            (Some(-5), Some(5)),
            (Some(1), Some(70000)),
            (None, Some(-1)),
        ]);
        let mut node = json!({"type": "integer"});
        if let Some(min) = min {
            node["minimum"] = json!(min);
        }
        if let Some(max) = max {
            node["maximum"] = json!(max);
        }
        node
    }

    fn number(&mut self) -> Value {
        match self.rng.below(3) {
            0 => json!({"type": "number"}),
            1 => json!({"type": "number", "minimum": 0, "maximum": 1}),
            _ => json!({"type": "number", "exclusiveMinimum": -1e6, "maximum": 1e6}),
        }
    }

    /// `prefixItems` of fixed length (a tuple), or now and then open (a `Value`).
    fn tuple(&mut self, depth: usize) -> Value {
        let items: Vec<Value> = (0..1 + self.rng.below(3))
            .map(|_| self.node(depth + 1))
            .collect();
        let n = items.len();
        match self.rng.below(3) {
            0 => json!({"type": "array", "prefixItems": items, "items": false, "minItems": n}),
            1 => json!({"type": "array", "prefixItems": items, "minItems": n, "maxItems": n}),
            _ => json!({"type": "array", "prefixItems": items}),
        }
    }

    /// A `oneOf` of 2 or 3 objects told apart by `op` (a `const`, or an `enum` of
    /// one string), each with a member or two of its own.
    fn tagged(&mut self, depth: usize) -> Value {
        let tags = ["add", "remove", "list-all"];
        let branches: Vec<Value> = (0..2 + self.rng.below(2))
            .map(|i| {
                let mut branch = {
                    let n = 1 + self.rng.below(2);
                    self.object(depth + 1, n)
                };
                let tag = match self.rng.chance(50) {
                    true => json!({"const": tags[i]}),
                    false => json!({"type": "string", "enum": [tags[i]]}),
                };
                branch["properties"]["op"] = tag;
                branch["required"].as_array_mut().unwrap().push(json!("op"));
                branch
            })
            .collect();
        json!({"oneOf": branches})
    }

    /// A `oneOf` of closed objects of one required member each, named apart
    /// (serde's externally tagged shape).
    fn by_name(&mut self, depth: usize) -> Value {
        let branches: Vec<Value> = ["Move", "Wait", "stop-now"][..2 + self.rng.below(2)]
            .iter()
            .map(|name| {
                let value = self.node(depth + 1);
                json!({"type": "object", "properties": {*name: value}, "required": [name], "additionalProperties": false})
            })
            .collect();
        json!({"oneOf": branches})
    }

    /// A `$ref` to a `$defs` entry: an object (now and then referring to itself
    /// through an optional member or an array), or a string enum.
    fn reference(&mut self, depth: usize) -> Value {
        let key = format!("Def{}", self.defs.len());
        let def = match self.rng.below(3) {
            0 => json!({"type": "string", "enum": ["red", "green"]}),
            _ => {
                // Reserved first: the entry may refer to itself.
                self.defs.insert(key.clone(), json!({}));
                let mut object = {
                    let n = 1 + self.rng.below(2);
                    self.object(depth + 1, n)
                };
                let own = json!({"$ref": format!("#/$defs/{key}")});
                match self.rng.below(3) {
                    0 => object["properties"]["next"] = own,
                    1 => {
                        object["properties"]["children"] =
                            json!({"type": "array", "items": own, "maxItems": 2})
                    }
                    _ => {}
                }
                object
            }
        };
        self.defs.insert(key.clone(), def);
        json!({"$ref": format!("#/$defs/{key}")})
    }

    /// An `allOf` of two objects (the first through a `$ref` now and then) that
    /// some object meets: open, their property names apart.
    fn merged(&mut self, depth: usize) -> Value {
        let key = format!("Def{}", self.defs.len());
        let by_ref = self.rng.chance(50);
        if by_ref {
            self.defs.insert(key.clone(), json!({}));
        }
        let mut first = self.object(depth + 1, 2);
        let mut second = self.object(depth + 1, 2);
        // Branches that merge: neither closed nor with patterns.
        for key in ["additionalProperties", "patternProperties"] {
            first.as_object_mut().unwrap().remove(key);
            second.as_object_mut().unwrap().remove(key);
        }
        let second_map = second.as_object_mut().unwrap();
        let taken = first["properties"].as_object().unwrap().clone();
        let props = second_map["properties"].as_object_mut().unwrap();
        props.retain(|name, _| !taken.contains_key(name));
        let kept: Vec<String> = props.keys().cloned().collect();
        let required = second_map["required"].as_array_mut().unwrap();
        required.retain(|r| kept.iter().any(|k| r == k));
        let first = match by_ref {
            true => {
                self.defs.insert(key.clone(), first);
                json!({"$ref": format!("#/$defs/{key}")})
            }
            false => first,
        };
        json!({"allOf": [first, second]})
    }
}
