//! The run-time back end: walks a [`Schema`] over a value and records every
//! violation. Walking a valid value allocates nothing.

use crate::json::{cmp_numbers, json_eq, JsonType, TypeSet};
use crate::options::Options;
use crate::schema::{Node, NodeId, Schema};
use crate::violation::{Kind, Position, Report, Trail, Violation};
use serde_json::{Map, Value};
use std::cmp::Ordering;

impl Schema {
    /// Validates `args` in tool-call mode ([`Options::default`]).
    pub fn validate(&self, args: &Value) -> Report {
        self.validate_with(args, &Options::default())
    }

    /// Validates `args` with `options`.
    pub fn validate_with(&self, args: &Value, options: &Options) -> Report {
        let mut run = Run {
            schema: self,
            options: *options,
            out: Vec::new(),
        };
        if !root_not_object(self.root().types.is_some(), args, options, &mut run.out) {
            run.check(self.root_id(), args, &Trail::ROOT, Position::default());
        }
        Report {
            violations: run.out,
        }
    }

    /// Whether `args` is valid in tool-call mode, without building a report.
    pub fn is_valid(&self, args: &Value) -> bool {
        self.validate(args).is_valid()
    }
}

/// With [`Options::object_root`], records the violation of arguments that are not
/// an object under a root schema that declares no `type` (a declared `type` is
/// checked as usual). Returns whether it did. Shared with generated code.
#[doc(hidden)]
pub fn root_not_object(
    root_has_type: bool,
    args: &Value,
    options: &Options,
    out: &mut Vec<Violation>,
) -> bool {
    if root_has_type || !options.object_root || args.is_object() {
        return false;
    }
    out.push(Violation {
        kind: Kind::Type {
            expected: TypeSet::single(JsonType::Object),
            received: JsonType::of(args),
        },
        path: Trail::ROOT.to_path(),
        position: Position::default(),
    });
    true
}

struct Run<'s> {
    schema: &'s Schema,
    options: Options,
    out: Vec<Violation>,
}

impl Run<'_> {
    fn push(&mut self, kind: Kind, trail: &Trail<'_>, position: Position) {
        self.out.push(Violation {
            kind,
            path: trail.to_path(),
            position,
        });
    }

    fn check(&mut self, id: NodeId, value: &Value, trail: &Trail<'_>, pos: Position) {
        let node = self.schema.node(id);
        if let Some(types) = node.types {
            let received = JsonType::of(value);
            if !types.accepts(received) {
                let kind = Kind::Type {
                    expected: types,
                    received,
                };
                self.push(kind, trail, pos);
                return;
            }
        }
        if let Some(allowed) = &node.enum_values {
            if !allowed.iter().any(|a| json_eq(a, value)) {
                let kind = Kind::Enum {
                    allowed: allowed.clone(),
                    received: value.clone(),
                };
                self.push(kind, trail, pos);
            }
        }
        if let Some(expected) = &node.const_value {
            if !json_eq(expected, value) {
                let kind = Kind::Const {
                    expected: expected.clone(),
                    received: value.clone(),
                };
                self.push(kind, trail, pos);
            }
        }
        if let Value::Number(n) = value {
            if let Some(limit) = &node.minimum {
                if cmp_numbers(n, limit) == Some(Ordering::Less) {
                    let kind = Kind::BelowMinimum {
                        limit: limit.clone(),
                        received: n.clone(),
                    };
                    self.push(kind, trail, pos);
                }
            }
            if let Some(limit) = &node.maximum {
                if cmp_numbers(n, limit) == Some(Ordering::Greater) {
                    let kind = Kind::AboveMaximum {
                        limit: limit.clone(),
                        received: n.clone(),
                    };
                    self.push(kind, trail, pos);
                }
            }
        }
        match value {
            Value::Object(map) => self.object(node, map, trail, pos),
            Value::Array(items) => {
                if let Some(item) = node.items {
                    for (i, v) in items.iter().enumerate() {
                        self.check(item, v, &trail.index(i), pos);
                    }
                }
            }
            _ => {}
        }
    }

    fn object(&mut self, node: &Node, map: &Map<String, Value>, trail: &Trail<'_>, pos: Position) {
        let root = trail.is_root();
        for name in &node.required {
            if !map.contains_key(name) {
                let at = if root {
                    Position {
                        argument: None,
                        declared: node.property(name).map(|(i, _)| i),
                    }
                } else {
                    pos
                };
                self.push(Kind::Missing, &trail.key(name), at);
            }
        }
        let closed = root || node.properties.is_some();
        let reject = self.options.rejects_undeclared(closed, node.additional);
        for (i, (key, v)) in map.iter().enumerate() {
            let declared = node.property(key);
            let at = if root {
                Position {
                    argument: Some(i),
                    declared: declared.map(|(d, _)| d),
                }
            } else {
                pos
            };
            match declared {
                Some((_, p)) => self.check(p.node, v, &trail.key(key), at),
                None if reject => self.push(Kind::Unexpected, &trail.key(key), at),
                None => {}
            }
        }
    }
}
