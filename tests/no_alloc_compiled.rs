//! A `tool_schema!` validator allocates nothing on valid arguments (and does on
//! invalid ones, which shows the counter works).

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

use serde_json::{json, Value};
use tool_schema::{tool_schema, Options, ToolArgs, Undeclared};

tool_schema! {
    pub Weather = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
        },
        "required": ["city"]
    }
    pub Order = {
        "type": "object",
        "properties": {
            "id": {"const": "ord-1"},
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "price": {"type": "number", "minimum": 0.01},
            "note": {"type": ["string", "null"]},
            "tags": {"type": "array", "items": {"enum": ["a", "b", 1, null, [1]]}},
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"sku": {"type": "string"}, "n": {"type": "integer"}},
                    "required": ["sku", "n"],
                    "additionalProperties": false
                }
            },
            "meta": {"type": "object"}
        },
        "required": ["id", "qty", "lines"],
        "additionalProperties": false
    }
    pub Widths = {
        "type": "object",
        "properties": {
            "count": {"type": "integer", "format": "uint8", "minimum": 0.0},
            "id": {"type": "integer", "format": "int64"},
            "big": {"type": "integer", "format": "uint64"},
            "ratio": {"type": "number", "format": "float"},
            "scale": {"type": "number", "format": "double"}
        }
    }
    pub Conditional = {
        "type": "object",
        "properties": {
            "kind": {"enum": ["a", "b"]},
            "card": {"type": "string"},
            "billing": {"type": "string"},
            "tags": {"type": "array", "contains": {"const": "x"}, "maxContains": 2},
            "env": {"type": "object", "patternProperties": {"^[A-Z]+$": {"type": "string"}}}
        },
        "patternProperties": {"^x-": {"type": "integer"}},
        "dependentRequired": {"card": ["billing"]},
        "dependentSchemas": {"billing": {"required": ["card"]}},
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"required": ["tags"]},
        "else": {"properties": {"tags": {"maxItems": 1}}}
    }
    pub Unevaluated = {
            "type": "object",
            "properties": {"kind": {"enum": ["a", "b"]}},
            "allOf": [{"properties": {"city": {"type": "string"}}}],
            "anyOf": [
                {"properties": {"days": {"type": "integer"}}, "required": ["days"]},
                {"properties": {"date": {"type": "string"}}, "required": ["date"]}
            ],
            "if": {"properties": {"kind": {"const": "a"}}},
            "then": {"properties": {"unit": {"enum": ["c", "f"]}}},
            "patternProperties": {"^x-": {"type": "integer"}},
            "unevaluatedProperties": false,
            "dependentSchemas": {"city": {"properties": {"tags": {
                "type": "array",
                "prefixItems": [{"type": "string"}],
                "contains": {"const": 1},
                "unevaluatedItems": {"type": "integer"}
            }}}}
    }
    pub Aliased = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"],
        "x-tool-schema-aliases": {"city": ["town", "place"], "days": ["n"]}
    }
}

const POLICIES: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

fn check<T: ToolArgs>(valid: &[Value], invalid: &Value) {
    for args in valid {
        for options in &POLICIES {
            let (report, n) = allocations(|| T::validate_with(args, options));
            assert!(report.is_valid(), "{args}: {report}");
            assert_eq!(n, 0, "{} allocated {n} times on valid {args}", T::NAME);
        }
    }
    let (report, n) = allocations(|| T::validate(invalid));
    assert!(!report.is_valid());
    assert!(n > 0, "the counter saw no allocation on an invalid call");
    // `is_valid` answers alike and never allocates, valid or not.
    for args in valid.iter().chain([invalid]) {
        let (yes, n) = allocations(|| T::is_valid(args));
        assert_eq!(yes, T::validate(args).is_valid(), "{args}");
        assert_eq!(n, 0, "{}::is_valid allocated {n} times on {args}", T::NAME);
    }
}

#[test]
fn compiled_valid_path_allocates_nothing() {
    check::<Weather>(
        &[
            json!({"city": "Paris"}),
            json!({"city": "Oslo", "unit": "celsius"}),
        ],
        &json!({"unit": "kelvin"}),
    );
    let lines: Vec<Value> = (0..20)
        .map(|i| json!({"sku": format!("s{i}"), "n": i}))
        .collect();
    check::<Order>(
        &[
            json!({"id": "ord-1", "qty": 1, "lines": []}),
            json!({"id": "ord-1", "qty": 100, "price": 0.01, "note": null,
                   "tags": ["a", 1, null, [1], 1.0], "lines": lines, "meta": {"x": [1]}}),
        ],
        &json!({"id": "ord-2", "qty": 0, "lines": [{"sku": 1}]}),
    );
    check::<Widths>(
        &[
            json!({"count": 255, "id": i64::MIN, "big": u64::MAX}),
            json!({"count": 0, "ratio": 3.4e38, "scale": 1e308}),
        ],
        &json!({"count": 256}),
    );
    let valid = [
        json!({"kind": "a", "tags": ["x", "y"]}),
        json!({"kind": "b", "card": "c", "billing": "b", "x-n": 3}),
        json!({"kind": "a", "tags": ["x"], "env": {"HOME": "/", "PATH": "/bin"}}),
    ];
    // The patterns are compiled on first use.
    for args in &valid {
        assert!(Conditional::is_valid(args));
    }
    check::<Conditional>(&valid, &json!({"kind": "a", "card": "c", "x-n": "3"}));
    let valid = [
        json!({"kind": "a", "city": "Oslo", "days": 3, "unit": "c"}),
        json!({"kind": "b", "date": "d", "x-n": 1}),
        json!({"city": "Oslo", "days": 1, "date": "d", "tags": ["t", 1, 2]}),
    ];
    for args in &valid {
        assert!(Unevaluated::is_valid(args));
    }
    check::<Unevaluated>(
        &valid,
        &json!({"kind": "a", "city": "Oslo", "days": 3, "citty": 1}),
    );
    check::<Aliased>(
        &[
            json!({"town": "Oslo", "n": 2}),
            json!({"city": "Oslo", "days": 2}),
            json!({"place": "Oslo"}),
        ],
        &json!({"city": "Oslo", "town": "Rome"}),
    );
}

/// Derived types: a generic type's instantiation (compiled, delegating to its
/// parameter) and a struct flattening another (the interpreter on the joined
/// schema, parsed on first use) allocate nothing on valid calls either.
#[derive(ToolArgs)]
#[allow(dead_code)]
struct Paging {
    #[arg(minimum = 1)]
    limit: u32,
    cursor: Option<String>,
}

#[derive(ToolArgs)]
#[allow(dead_code)]
struct Listing {
    query: String,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs)]
#[allow(dead_code)]
struct Pair<T> {
    left: T,
    right: T,
}

#[test]
fn derived_generic_and_flattened_allocate_nothing() {
    let valid = [
        json!({"query": "q", "limit": 3}),
        json!({"query": "q", "limit": 1, "cursor": "c"}),
    ];
    assert!(Listing::is_valid(&valid[0]));
    check::<Listing>(&valid, &json!({"query": 1, "limit": 0}));
    let valid = [json!({"left": {"limit": 1}, "right": {"limit": 2, "cursor": "c"}})];
    check::<Pair<Paging>>(&valid, &json!({"left": {"limit": 0}}));
}
