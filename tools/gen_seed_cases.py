#!/usr/bin/env python3
"""Generate tests/data/generated/seed_cases.jsonl: conformance cases for the seven seed
operations, with expected answers from an independent reference implementation.

The reference below is written from SEED-OPS.md (the project's shared material), not
from the Rust code, in plain Python with the standard library only. The case generator
is deterministic (fixed seed): running it twice writes the same file byte for byte.

  python3 tools/gen_seed_cases.py                 # (re)write the case file
  python3 tools/gen_seed_cases.py --check         # exit 1 if the file is stale
  python3 tools/gen_seed_cases.py --verify FILE   # run the reference over a case file
                                                  # (e.g. the public conformance cases)

Each case is one line `{"id", "op", "input", "expected"}` in the format of the public
conformance cases; `expected` is `{"output": ...}` or `{"error": "..."}`. An id is
`RULE-N`: RULE names the SEED-OPS.md rule the case exercises (RULES below), N counts
cases of that rule.

Number tokens: Python's json module reads `3.0` as a float and `3` as an int and writes
them back the same way, so the float/integer distinction of SEED-OPS.md survives the
round trip (checked for every case before the file is written). Integers stay within
[-2**63, 2**64 - 1] so that serde_json reads every one of them as an integer.
"""

import argparse
import copy
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "generated" / "seed_cases.jsonl"
SEED = 20240611

# ---------------------------------------------------------------------------
# Reference implementation (from SEED-OPS.md)
# ---------------------------------------------------------------------------


class SeedError(Exception):
    """An operation failed (only tighten_required does)."""


def is_bool(v):
    return isinstance(v, bool)


def is_int(v):
    """An integer token: no fraction, no exponent. Never a boolean."""
    return isinstance(v, int) and not isinstance(v, bool)


def is_float(v):
    return isinstance(v, float)


def is_number(v):
    """An integer is a valid number; a boolean never is."""
    return is_int(v) or is_float(v)


def received_type(v):
    """The received-type name in JSON terms."""
    if v is None:
        return "null"
    if is_bool(v):
        return "boolean"
    if is_int(v):
        return "integer"
    if is_float(v):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    raise TypeError(f"not a JSON value: {v!r}")


def json_type_matches(type_name, v):
    """JSON Schema type names (seeds 000, 002, 003). null matches none of them."""
    if type_name == "string":
        return isinstance(v, str)
    if type_name == "integer":
        return is_int(v)
    if type_name == "number":
        return is_number(v)
    if type_name == "boolean":
        return is_bool(v)
    if type_name == "array":
        return isinstance(v, list)
    if type_name == "object":
        return isinstance(v, dict)
    raise ValueError(f"unsupported type name {type_name!r}")


def flat_type_matches(type_name, v):
    """Seed 001's flat type names. `int` rejects floats and booleans; `float` accepts
    integers and floats; null matches no type."""
    if type_name == "str":
        return isinstance(v, str)
    if type_name == "int":
        return is_int(v)
    if type_name == "float":
        return is_number(v)
    if type_name == "bool":
        return is_bool(v)
    if type_name == "list":
        return isinstance(v, list)
    if type_name == "dict":
        return isinstance(v, dict)
    raise ValueError(f"unsupported flat type name {type_name!r}")


def json_equal(a, b):
    """JSON equality: numbers by (exact) value, booleans never equal numbers, strings
    exactly, arrays element-wise, objects as key -> value maps (key order ignored)."""
    if is_bool(a) or is_bool(b):
        return is_bool(a) and is_bool(b) and a == b
    if is_number(a) or is_number(b):
        # Python compares int with float exactly (no rounding of the int).
        return is_number(a) and is_number(b) and a == b
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if isinstance(a, list) or isinstance(b, list):
        return (
            isinstance(a, list)
            and isinstance(b, list)
            and len(a) == len(b)
            and all(json_equal(x, y) for x, y in zip(a, b))
        )
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return False


def validate_arguments(arguments, schema):
    """Seed 000."""
    props = schema.get("properties", {})
    errors = []
    for name in schema.get("required", []):
        if name not in arguments:
            errors.append(f"missing required argument '{name}'")
    for name, value in arguments.items():
        if name not in props:
            errors.append(f"unexpected argument '{name}'")
            continue
        spec = props[name]
        if "type" in spec and not json_type_matches(spec["type"], value):
            errors.append(
                f"argument '{name}' should be {spec['type']}, got {received_type(value)}"
            )
    return errors


def validate_call(call, schemas):
    """Seed 001."""
    name = call["name"]
    if name not in schemas:
        return [f"unknown_tool:{name}"]
    schema = schemas[name]
    required = schema.get("required", {})
    optional = schema.get("optional", {})
    args = call.get("args", {})
    errors = [f"missing:{field}" for field in required if field not in args]
    extras = [a for a in args if a not in required and a not in optional]
    errors += [f"extra:{field}" for field in sorted(extras)]  # code-point order
    for fields in (required, optional):
        for field, type_name in fields.items():
            if field in args and not flat_type_matches(type_name, args[field]):
                errors.append(f"type:{field}:{type_name}")
    return errors


def validate_args(schema, args):
    """Seed 002."""
    props = schema.get("properties", {})
    forbid = schema.get("additionalProperties") is False
    errors = [f"missing:{name}" for name in schema.get("required", []) if name not in args]
    for name, value in args.items():
        if name not in props:
            if forbid:
                errors.append(f"unexpected:{name}")
            continue
        spec = props[name]
        if "type" in spec and not json_type_matches(spec["type"], value):
            errors.append(f"type:{name}")
            continue
        if "enum" in spec and not any(json_equal(value, e) for e in spec["enum"]):
            errors.append(f"enum:{name}")
        if is_number(value) and "minimum" in spec and value < spec["minimum"]:
            errors.append(f"min:{name}")
        if is_number(value) and "maximum" in spec and value > spec["maximum"]:
            errors.append(f"max:{name}")
    return errors


def tighten_required(schema, field):
    """Seed 002: a new schema with `field` appended to `required`."""
    if field not in schema.get("properties", {}):
        raise SeedError(f"field '{field}' is not a declared property")
    new = copy.deepcopy(schema)
    if "required" not in new:
        new["required"] = [field]
    elif field not in new["required"]:
        new["required"].append(field)
    return new


def forbid_extras(schema):
    """Seed 002: a new schema with additionalProperties false."""
    new = copy.deepcopy(schema)
    new["additionalProperties"] = False
    return new


def diff_problems(schema_a, schema_b, args):
    """Seed 002: problems with schema_b that schema_a does not have, in b's order."""
    before = validate_args(schema_a, args)
    return [p for p in validate_args(schema_b, args) if p not in before]


def validate_tool_call(schemas, call):
    """Seed 003."""
    name = call["name"]
    if name not in schemas:
        return {"ok": False, "errors": [f"unknown_tool:{name}"]}
    params = schemas[name]["parameters"]
    props = params.get("properties", {})
    args = call.get("arguments", {})
    errors = [f"missing:{p}" for p in params.get("required", []) if p not in args]
    for name, value in args.items():
        if name not in props:
            errors.append(f"unexpected:{name}")
            continue
        spec = props[name]
        if "type" in spec and not json_type_matches(spec["type"], value):
            errors.append(f"type:{name}")
        elif "enum" in spec and not any(json_equal(value, e) for e in spec["enum"]):
            errors.append(f"enum:{name}")
    errors.sort()  # code-point order
    return {"ok": not errors, "errors": errors}


OPS = {
    "validate_arguments": lambda i: validate_arguments(i["arguments"], i["schema"]),
    "validate_call": lambda i: validate_call(i["call"], i["schemas"]),
    "validate_args": lambda i: validate_args(i["schema"], i["args"]),
    "tighten_required": lambda i: tighten_required(i["schema"], i["field"]),
    "forbid_extras": lambda i: forbid_extras(i["schema"]),
    "diff_problems": lambda i: diff_problems(i["schema_a"], i["schema_b"], i["args"]),
    "validate_tool_call": lambda i: validate_tool_call(i["schemas"], i["call"]),
}


def answer(op, inp):
    try:
        return {"output": OPS[op](inp)}
    except SeedError as e:
        return {"error": str(e)}


# ---------------------------------------------------------------------------
# Self-checks of the reference on hand-computed answers (the seed texts' examples
# and the SEED-OPS.md rules), run before anything is written.
# ---------------------------------------------------------------------------


def self_test():
    s = {
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"],
    }
    assert validate_arguments({"a": "2", "b": 3}, s) == [
        "argument 'a' should be number, got string"
    ]
    assert validate_arguments({"a": 3.0, "b": True}, s) == [
        "argument 'b' should be number, got boolean"
    ]
    i = {"properties": {"n": {"type": "integer"}}}
    assert validate_arguments({"n": 3.0}, i) == ["argument 'n' should be integer, got number"]
    assert validate_arguments({"n": None}, i) == ["argument 'n' should be integer, got null"]
    assert validate_call(
        {"name": "search", "args": {"limit": True, "debug": 1}},
        {"search": {"required": {"query": "str", "limit": "int"}}},
    ) == ["missing:query", "extra:debug", "type:limit:int"]
    assert validate_call({"name": "delete_all", "args": {}}, {}) == ["unknown_tool:delete_all"]
    assert validate_call({"name": "t"}, {"t": {"required": {"x": "float"}}}) == ["missing:x"]
    assert validate_call(
        {"name": "t", "args": {"ｚ": 1, "😀": 1, "z": 1}}, {"t": {}}
    ) == ["extra:z", "extra:ｚ", "extra:😀"]
    q = {
        "properties": {
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "note": {"type": "string"},
        },
        "required": ["qty"],
        "additionalProperties": False,
    }
    assert validate_args(q, {"note": 5}) == ["missing:qty", "type:note"]
    assert validate_args(q, {"qty": 0}) == ["min:qty"]
    assert validate_args(q, {"qty": 1}) == [] and validate_args(q, {"qty": 100}) == []
    assert validate_args(q, {"qty": 3, "extra": 1}) == ["unexpected:extra"]
    assert validate_args({**q, "additionalProperties": True}, {"qty": 3, "extra": 1}) == []
    assert validate_args({"properties": {"e": {"enum": [1]}}}, {"e": 1.0}) == []
    assert validate_args({"properties": {"e": {"enum": [1]}}}, {"e": True}) == ["enum:e"]
    assert validate_args(
        {"properties": {"e": {"enum": [{"a": 1, "b": [2]}]}}}, {"e": {"b": [2.0], "a": 1}}
    ) == []
    assert validate_args(
        {"properties": {"n": {"minimum": 10, "maximum": 5}}}, {"n": 7}
    ) == ["min:n", "max:n"]
    assert validate_args({"properties": {"n": {"maximum": 2**53}}}, {"n": 2**53 + 1}) == [
        "max:n"
    ]
    w = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    t = tighten_required(w, "city")
    assert t == w and t is not w
    t = tighten_required({"properties": {"u": {}}}, "u")
    assert t == {"properties": {"u": {}}, "required": ["u"]}
    try:
        tighten_required(w, "units")
        raise AssertionError("tighten_required accepted an undeclared field")
    except SeedError:
        pass
    assert forbid_extras({"additionalProperties": True}) == {"additionalProperties": False}
    assert diff_problems(
        {"properties": {"qty": {"type": "integer"}}, "required": []},
        {"properties": {"qty": {"type": "integer"}}, "required": ["qty"],
         "additionalProperties": False},
        {"note": 5},
    ) == ["missing:qty", "unexpected:note"]
    gw = {
        "get_weather": {
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                "required": ["city"],
            }
        }
    }
    call = {"name": "get_weather", "arguments": {"days": True, "tz": "UTC"}}
    assert validate_tool_call(gw, call) == {
        "ok": False,
        "errors": ["missing:city", "type:days", "unexpected:tz"],
    }
    assert validate_tool_call(gw, {"name": "get_weather"}) == {
        "ok": False,
        "errors": ["missing:city"],
    }
    assert validate_tool_call(gw, {"name": "Get_weather", "arguments": {"x": 1}}) == {
        "ok": False,
        "errors": ["unknown_tool:Get_weather"],
    }


# ---------------------------------------------------------------------------
# Case generation
# ---------------------------------------------------------------------------

# Every rule the file promises to cover (tests/seed_generated.rs checks each one has
# at least one case). Keep the two lists in step.
RULES = [
    # numbers, booleans, null, received types
    "float-token-not-integer",
    "integer-token-is-integer",
    "integer-is-number",
    "float-is-number",
    "bool-not-number",
    "number-not-boolean",
    "string-not-coerced",
    "containers-top-level",
    "null-type-error",
    "untyped-accepts-any",
    "received-type-names",
    "type-matrix",
    # enum
    "enum-int-float-equal",
    "enum-bool-not-number",
    "enum-strings",
    "enum-null",
    "enum-arrays",
    "enum-objects",
    "enum-mixed",
    "enum-type-error-suppresses",
    "keywords-ignored-000",
    "bounds-ignored-003",
    # bounds (002)
    "bounds-inclusive-int",
    "bounds-inclusive-float",
    "bounds-int-float-mixed",
    "bounds-non-number-ignored",
    "bounds-type-error-suppresses",
    "min-max-both",
    "enum-then-bounds-order",
    "precision-big-int",
    # order
    "required-order",
    "argument-order",
    "required-undeclared",
    "required-present-not-missing",
    # additionalProperties
    "additional-properties-000",
    "additional-properties-002",
    "additional-properties-003",
    # names
    "nonascii-names",
    "empty-name",
    "punct-names",
    # seed 001
    "unknown-tool-001",
    "args-absent-001",
    "missing-map-order-001",
    "extras-sorted-001",
    "type-order-001",
    "category-order-001",
    "optional-absent-001",
    "maps-absent-001",
    # seed 003
    "unknown-tool-003",
    "arguments-absent-003",
    "sorted-output-003",
    "one-error-per-arg-003",
    "ok-true-003",
    # seed 002 schema operations
    "tighten-undeclared",
    "tighten-already-required",
    "tighten-required-absent",
    "tighten-appended",
    "tighten-preserves",
    "forbid-extras-absent",
    "forbid-extras-true",
    "forbid-extras-false",
    "diff-problems-tighten",
    "diff-problems-forbid",
    "diff-problems-order",
    "diff-problems-removed",
    "diff-problems-keywords",
    # random mixtures, one rule per op
    "random-validate_arguments",
    "random-validate_call",
    "random-validate_args",
    "random-tighten_required",
    "random-forbid_extras",
    "random-diff_problems",
    "random-validate_tool_call",
]

JSON_TYPES = ["string", "integer", "number", "boolean", "array", "object"]
FLAT_TYPES = ["str", "int", "float", "bool", "list", "dict"]
FLAT_OF = dict(zip(JSON_TYPES, ["str", "int", "float", "bool", "list", "dict"]))

# One representative value of every received type (float: a float token).
SAMPLES = {
    "string": "Paris",
    "integer": 3,
    "number": 3.0,
    "boolean": True,
    "array": [1, "a"],
    "object": {"a": 1},
    "null": None,
}

NONASCII = ["città", "温度", "😀", "größe", "名前", "ｚ"]
PUNCT = ["a.b", "k-1", "first name", " ", "x.y-z", "."]
PLAIN = ["city", "units", "days", "qty", "note", "limit", "query", "url", "mode",
         "tags", "opts", "debug", "tz", "Zeta", "zeta", "_id", "a", "b", "B"]
NAME_POOL = PLAIN + NONASCII + PUNCT + [""]

STRINGS = ["Paris", "", "3", "true", "null", "温度", "a b", "Celsius"]
INTS = [0, 1, -1, 3, -7, 100, 2**53 + 1, 2**63 - 1, -(2**63), 2**64 - 1]
FLOATS = [3.0, 0.0, -0.0, 2.5, -0.5, 100.5, 1e3, 1e20, 0.25, 1.0]
ARRAYS = [[], [1, "a"], [None], [3.0], [[1], {"k": 2}]]
OBJECTS = [{}, {"a": 1}, {"k": None, "j": [1]}, {"b": 2.0, "a": True}]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cases = []
        self.counts = {}

    # -- bookkeeping -------------------------------------------------------

    def add(self, rule, op, inp):
        if rule not in RULES:
            raise ValueError(f"rule {rule!r} is not in RULES")
        n = self.counts.get(rule, 0)
        self.counts[rule] = n + 1
        inp = copy.deepcopy(inp)
        expected = answer(op, inp)
        self.cases.append(
            {"id": f"{rule}-{n}", "op": op, "input": inp, "expected": expected}
        )

    # The four argument validators as one call each, so that a rule can be run
    # through every op it applies to. `props` is a JSON-Schema properties map.
    def v000(self, rule, props, args, required=None, extra=None):
        schema = {"type": "object", "properties": props}
        if required is not None:
            schema["required"] = required
        schema.update(extra or {})
        self.add(rule, "validate_arguments", {"arguments": args, "schema": schema})

    def v002(self, rule, props, args, required=None, extra=None):
        schema = {"properties": props}
        if required is not None:
            schema["required"] = required
        schema.update(extra or {})
        self.add(rule, "validate_args", {"schema": schema, "args": args})

    def v003(self, rule, props, args, required=None, extra=None, tool="tool"):
        params = {"type": "object", "properties": props}
        if required is not None:
            params["required"] = required
        params.update(extra or {})
        call = {"name": tool}
        if args is not None:
            call["arguments"] = args
        self.add(rule, "validate_tool_call",
                 {"schemas": {tool: {"parameters": params}}, "call": call})

    def v001(self, rule, required, optional, args, tool="tool"):
        schema = {}
        if required is not None:
            schema["required"] = required
        if optional is not None:
            schema["optional"] = optional
        call = {"name": tool}
        if args is not None:
            call["args"] = args
        self.add(rule, "validate_call", {"call": call, "schemas": {tool: schema}})

    def json_ops(self, rule, props, args, required=None, extra=None):
        """The same schema through seeds 000, 002 and 003."""
        self.v000(rule, props, args, required, extra)
        self.v002(rule, props, args, required, extra)
        self.v003(rule, props, args, required, extra)

    # -- random values -------------------------------------------------------

    def value_of(self, kind):
        r = self.rng
        return {
            "string": lambda: r.choice(STRINGS),
            "integer": lambda: r.choice(INTS),
            "number": lambda: r.choice(FLOATS),
            "boolean": lambda: r.choice([True, False]),
            "array": lambda: copy.deepcopy(r.choice(ARRAYS)),
            "object": lambda: copy.deepcopy(r.choice(OBJECTS)),
            "null": lambda: None,
        }[kind]()

    def any_value(self):
        return self.value_of(self.rng.choice(list(SAMPLES)))

    def value_for_type(self, t):
        """A value that matches JSON type t."""
        if t == "number":
            return self.value_of(self.rng.choice(["integer", "number"]))
        return self.value_of(t)

    def names(self, k):
        return self.rng.sample(NAME_POOL, k)

    def random_enum(self):
        r = self.rng
        return copy.deepcopy(r.choice([
            ["celsius", "fahrenheit"],
            ["c", "f", ""],
            [1, 2.5, 3.0],
            [0],
            [1],
            [True],
            [None, "x"],
            [[1, 2], [3]],
            [{"a": 1, "b": 2}],
            [1, "1", None, True],
            ["温度", "😀"],
        ]))

    def random_prop(self, with_bounds=True):
        r = self.rng
        spec = {}
        if r.random() < 0.85:
            spec["type"] = r.choice(JSON_TYPES)
        if r.random() < 0.3:
            spec["enum"] = self.random_enum()
        if with_bounds and r.random() < 0.35:
            spec["minimum"] = r.choice([0, 1, -5, 0.5, 2.5, 3.0])
        if with_bounds and r.random() < 0.35:
            spec["maximum"] = r.choice([3, 100, 2.5, 3.0, 1e3])
        if r.random() < 0.2:
            spec["description"] = "some text"
        return spec

    def random_value_for_prop(self, spec):
        """Mostly values near the spec (enum members and their twins, bounds +-)."""
        r = self.rng
        x = r.random()
        if "enum" in spec and x < 0.35:
            v = copy.deepcopy(r.choice(spec["enum"]))
            if is_int(v) and r.random() < 0.5:
                v = float(v)
            elif is_float(v) and v.is_integer() and r.random() < 0.5:
                v = int(v)
            return v
        if ("minimum" in spec or "maximum" in spec) and x < 0.7:
            b = spec.get("minimum", spec.get("maximum"))
            if r.random() < 0.5 and "maximum" in spec:
                b = spec["maximum"]
            delta = r.choice([0, 0, 1, -1, 0.5, -0.5])
            v = b + delta
            if r.random() < 0.5:
                v = float(v)
            elif is_float(v) and v.is_integer():
                v = int(v)
            return v
        if "type" in spec and x < 0.75:
            return self.value_for_type(spec["type"])
        return self.any_value()

    def random_schema_props(self, k, with_bounds=True):
        return {n: self.random_prop(with_bounds) for n in self.names(k)}

    def random_args(self, props, extra_names=2):
        r = self.rng
        names = [n for n in props if r.random() < 0.6]
        pool = [n for n in NAME_POOL if n not in props]
        names += r.sample(pool, r.randint(0, extra_names))
        r.shuffle(names)
        return {
            n: (self.random_value_for_prop(props[n]) if n in props else self.any_value())
            for n in names
        }

    def random_required(self, props, allow_absent=True):
        r = self.rng
        if allow_absent and r.random() < 0.2:
            return None
        req = [n for n in props if r.random() < 0.5]
        r.shuffle(req)
        return req

    def random_json_schema(self, k=None, with_bounds=True, top_type=None):
        r = self.rng
        k = r.randint(0, 5) if k is None else k
        props = self.random_schema_props(k, with_bounds)
        schema = {}
        if top_type is None:
            top_type = r.random() < 0.6
        if top_type:
            schema["type"] = "object"
        schema["properties"] = props
        req = self.random_required(props)
        if req is not None:
            schema["required"] = req
        ap = r.choice([None, None, True, False])
        if ap is not None:
            schema["additionalProperties"] = ap
        return schema

    # -- targeted rules --------------------------------------------------------

    def numbers_and_types(self):
        # float tokens are never integers, whatever their value
        for v in [3.0, -0.0, 1e3, 2.5]:
            ops = self.json_ops if v in (3.0, 1e3) else self.v000
            ops("float-token-not-integer", {"n": {"type": "integer"}}, {"n": v})
            self.v001("float-token-not-integer", {"n": "int"}, None, {"n": v})
        self.v002("float-token-not-integer",
                  {"n": {"type": "integer", "minimum": 5, "enum": [3]}}, {"n": 3.0})
        # integer tokens, including the extremes serde_json reads as integers
        for v in [3, 0, -(2**63), 2**64 - 1]:
            ops = self.json_ops if v in (3, 2**64 - 1) else self.v002
            ops("integer-token-is-integer", {"n": {"type": "integer"}}, {"n": v})
            self.v001("integer-token-is-integer", {"n": "int"}, None, {"n": v})
        # an integer is a valid number (and a valid 001 float)
        for v in [3, 2**64 - 1]:
            self.json_ops("integer-is-number", {"x": {"type": "number"}}, {"x": v})
            self.v001("integer-is-number", None, {"x": "float"}, {"x": v})
        for v in [3.0, -0.0]:
            self.json_ops("float-is-number", {"x": {"type": "number"}}, {"x": v})
            self.v001("float-is-number", {"x": "float"}, None, {"x": v})
        # booleans are never numbers or integers
        for t in ["integer", "number"]:
            self.json_ops("bool-not-number", {"b": {"type": t}}, {"b": True}, ["b"])
        self.v002("bool-not-number", {"b": {"type": "integer"}}, {"b": False})
        self.v003("bool-not-number", {"b": {"type": "number"}}, {"b": False})
        self.v001("bool-not-number", {"b": "int"}, None, {"b": True})
        self.v001("bool-not-number", {"b": "float"}, None, {"b": False})
        self.json_ops("bool-not-number", {"b": {"type": "boolean"}}, {"b": False})
        self.v001("bool-not-number", {"b": "bool"}, None, {"b": True})
        for v in [1, 0, 1.0]:
            self.json_ops("number-not-boolean", {"b": {"type": "boolean"}}, {"b": v})
            self.v001("number-not-boolean", {"b": "bool"}, None, {"b": v})
        # no coercion from strings
        for t, v in [("integer", "3"), ("number", "3.0"), ("boolean", "true")]:
            self.json_ops("string-not-coerced", {"s": {"type": t}}, {"s": v})
            self.v001("string-not-coerced", {"s": FLAT_OF[t]}, None, {"s": v})
        # containers are checked at the top level only
        for t, v in [("array", [None, True, {"x": []}]), ("object", {"k": [1, {}]}),
                     ("array", {}), ("object", [])]:
            self.json_ops("containers-top-level", {"c": {"type": t}}, {"c": v})
            self.v001("containers-top-level", None, {"c": FLAT_OF[t]}, {"c": v})
        # null is a type error, not a missing argument
        for t in JSON_TYPES:
            ops = self.json_ops if t in ("string", "integer", "object") else self.v000
            ops("null-type-error", {"v": {"type": t}, "w": {"type": t}},
                {"v": None, "w": None}, ["v"])
        for t in FLAT_TYPES:
            self.v001("null-type-error", {"v": t}, {"w": t}, {"w": None, "v": None})
        # a spec without "type" accepts anything, null included
        for kind, v in SAMPLES.items():
            ops = self.json_ops if kind in ("null", "object") else self.v000
            ops("untyped-accepts-any", {"u": {}, "d": {"description": "any"}},
                {"u": v, "d": v}, ["u", "d"])
        self.json_ops("untyped-accepts-any", {"u": {}}, {"u": None, "x": None}, ["u"])
        # received-type names, every kind against a type it does not match
        for i, (kind, v) in enumerate(SAMPLES.items()):
            wrong = [t for t in JSON_TYPES if not json_type_matches(t, v)]
            for t in [wrong[i % len(wrong)]]:
                self.v000("received-type-names", {"p": {"type": t}}, {"p": copy.deepcopy(v)})
        # the full type x value matrix, one case per type with every kind of value
        for t in JSON_TYPES:
            props = {f"v_{k}": {"type": t} for k in SAMPLES}
            args = {f"v_{k}": copy.deepcopy(v) for k, v in SAMPLES.items()}
            ops = self.json_ops if t in ("integer", "number", "boolean") else self.v000
            ops("type-matrix", props, args)
        for t in FLAT_TYPES:
            opt = {f"v_{k}": t for k in SAMPLES}
            args = {f"v_{k}": copy.deepcopy(v) for k, v in reversed(list(SAMPLES.items()))}
            self.v001("type-matrix", None, opt, args)

    def enums(self):
        def both(rule, props, args, required=None):
            self.v002(rule, props, args, required)
            self.v003(rule, props, args, required)

        def some(i, rule, props, args):
            """Both ops for every other value, else one of them."""
            if i % 2 == 0:
                both(rule, props, args)
            elif i % 4 == 1:
                self.v002(rule, props, args)
            else:
                self.v003(rule, props, args)

        for i, (enum, v) in enumerate([
                ([1], 1.0), ([1.0], 1), ([2.5], 2.5), ([0], -0.0), ([-0.0], 0),
                ([3.0, 100], 100.0), ([100], 100), ([1], 1.5), ([2**53], float(2**53)),
                ([[1]], [1.0]), ([{"a": 1}], {"a": 1.0})]):
            some(i, "enum-int-float-equal", {"e": {"enum": enum}}, {"e": v})
            if is_number(v) and is_float(v) != is_float(enum[0]) and i % 2 == 1:
                both("enum-int-float-equal", {"e": {"type": "number", "enum": enum}}, {"e": v})
        self.v002("enum-int-float-equal",
                  {"e": {"type": "integer", "enum": [1.0, 2.0]}}, {"e": 2})
        for i, (enum, v) in enumerate([
                ([1], True), ([0], False), ([True], 1), ([False], 0), ([1.0], True),
                ([[1]], [True]), ([{"a": 0}], {"a": False}), ([True, 1], True),
                ([True, 1], 1.0)]):
            some(i, "enum-bool-not-number", {"e": {"enum": enum}}, {"e": v})
        both("enum-bool-not-number", {"e": {"type": "boolean", "enum": [1]}}, {"e": True})
        for i, (enum, v) in enumerate([
                        (["celsius", "fahrenheit"], "celsius"),
                        (["celsius", "fahrenheit"], "Celsius"),
                        (["celsius", "fahrenheit"], "celsius "),
                        (["", "a"], ""), (["a"], ""), (["é"], "e\u0301"), (["é"], "é"),
                        (["温度"], "温度"), (["1"], 1), ([1], "1"), (["😀"], "😀")]):
            some(i, "enum-strings", {"e": {"enum": enum}}, {"e": v})
            if isinstance(v, str) and v in ("Celsius", "", "e\u0301"):
                both("enum-strings", {"e": {"type": "string", "enum": enum}}, {"e": v})
        for enum, v in [([None], None), (["a"], None), ([None, "a"], "a"), ([None], "null"),
                        ([None], 0), ([None], False)]:
            both("enum-null", {"e": {"enum": enum}}, {"e": v})
        both("enum-null", {"e": {"type": "string", "enum": [None]}}, {"e": None})
        for i, (enum, v) in enumerate([
                ([[1, 2]], [1, 2]), ([[1, 2]], [2, 1]), ([[1, 2]], [1]),
                ([[]], []), ([[]], {}), ([["a", [None]]], ["a", [None]]),
                ([[1, 2], [3]], [3.0]), ([[1, 2]], [1, 2, 2])]):
            some(i, "enum-arrays", {"e": {"enum": enum}}, {"e": v})
            if i % 2 == 1:
                self.v002("enum-arrays", {"e": {"type": "array", "enum": enum}}, {"e": v})
        for i, (enum, v) in enumerate([
                        ([{"a": 1, "b": 2}], {"b": 2, "a": 1}),
                        ([{"a": 1, "b": 2}], {"a": 1}),
                        ([{"a": 1}], {"a": 1, "b": 2}),
                        ([{"a": 1}], {"a": "1"}),
                        ([{}], {}), ([{}], []),
                        ([{"x": {"y": [1, {"z": None}]}}], {"x": {"y": [1.0, {"z": None}]}}),
                        ([{"x": {"y": [1]}}], {"x": {"y": [2]}})]):
            some(i, "enum-objects", {"e": {"enum": enum}}, {"e": v})
            if i % 2 == 1:
                self.v003("enum-objects", {"e": {"type": "object", "enum": enum}}, {"e": v})
        for i, v in enumerate([1, 1.0, "1", None, True, False, 0, "true", [1], {}]):
            op = self.v002 if i % 2 == 0 else self.v003
            op("enum-mixed", {"e": {"enum": [1, "1", None, True]}}, {"e": v})
        for t, enum, v in [("string", ["a"], 1), ("integer", [1, 2], 1.0),
                           ("number", [1], True), ("boolean", [True], None),
                           ("array", [[1]], {"0": 1}), ("object", [{}], [])]:
            both("enum-type-error-suppresses", {"e": {"type": t, "enum": enum}}, {"e": v})
        # seed 000 reports no enum or bound problems
        props = {"e": {"type": "string", "enum": ["a"]},
                 "n": {"type": "integer", "minimum": 1, "maximum": 3},
                 "u": {"enum": [None]}}
        for args in [{"e": "b", "n": 0, "u": 1}, {"n": 4}, {"u": "x", "e": ""}, {"n": 4.0}]:
            self.v000("keywords-ignored-000", props, args, ["e"])
        # seed 003 has no bounds
        for args in [{"n": 0}, {"n": 4}, {"n": 2.5}, {"n": 0.5}]:
            self.v003("bounds-ignored-003",
                      {"n": {"type": "number", "minimum": 1, "maximum": 3}}, args)

    def bounds(self):
        spec = {"type": "integer", "minimum": 1, "maximum": 100}
        for v in [1, 100, 0, 101, 50, -1, -5]:
            self.v002("bounds-inclusive-int", {"q": spec}, {"q": v})
        neg = {"type": "integer", "minimum": -5, "maximum": -1}
        for v in [-5, -1, -6, 0]:
            self.v002("bounds-inclusive-int", {"q": neg}, {"q": v})
        fspec = {"type": "number", "minimum": 0.5, "maximum": 2.5}
        for v in [0.5, 2.5, 0.49, 2.51, 1, 0, 3, -0.0]:
            self.v002("bounds-inclusive-float", {"x": fspec}, {"x": v})
        for spec, v in [({"minimum": 1.0}, 1), ({"minimum": 1}, 1.0), ({"maximum": 3}, 3.0),
                        ({"maximum": 3.0}, 3), ({"minimum": 1}, 0.5), ({"maximum": 3}, 3.5),
                        ({"minimum": 0.0}, -0.0), ({"maximum": -0.0}, 0),
                        ({"minimum": 2.5}, 2), ({"maximum": 2.5}, 3),
                        ({"minimum": 0}, -(2**63)), ({"maximum": 1e20}, 2**64 - 1)]:
            self.v002("bounds-int-float-mixed", {"x": {"type": "number", **spec}}, {"x": v})
        for v in ["a", True, None, {"a": 1}]:
            self.v002("bounds-non-number-ignored", {"x": {"minimum": 10, "maximum": 20}}, {"x": v})
        for t, v in [("string", "abc"), ("boolean", False), ("array", [0]), ("object", {})]:
            self.v002("bounds-non-number-ignored",
                      {"x": {"type": t, "minimum": 10, "maximum": 20}}, {"x": v})
        for spec, v in [({"type": "integer", "minimum": 1}, 0.5),
                        ({"type": "integer", "maximum": 3}, 4.0),
                        ({"type": "string", "minimum": 1}, 0),
                        ({"type": "number", "minimum": 1, "enum": [5]}, False)]:
            self.v002("bounds-type-error-suppresses", {"x": spec}, {"x": v})
        for v in [7, 7.5, 10, 5, 11, 4]:
            self.v002("min-max-both", {"x": {"minimum": 10, "maximum": 5}}, {"x": v})
        for spec, v in [({"enum": [200], "minimum": 1, "maximum": 100}, 150),
                        ({"enum": [5], "minimum": 1, "maximum": 100}, 0),
                        ({"type": "integer", "enum": [5], "minimum": 10, "maximum": 1}, 7),
                        ({"type": "number", "enum": [2.5], "maximum": 2}, 2.5),
                        ({"enum": [0], "minimum": 1}, 0.0)]:
            self.v002("enum-then-bounds-order", {"x": spec}, {"x": v})
        # exact values: a big integer is not rounded to a double
        big = 2**53
        for spec, v in [({"type": "integer", "maximum": big}, big + 1),
                        ({"maximum": float(big)}, big + 1),
                        ({"minimum": big + 1}, float(big)),
                        ({"minimum": 2**63 - 1}, 2**63 - 2),
                        ({"maximum": 2**64 - 2}, 2**64 - 1),
                        ({"enum": [float(big)]}, big + 1),
                        ({"enum": [2**64 - 1]}, 2**64 - 1),
                        ({"enum": [2**64 - 1]}, 2**64 - 2),
                        ({"enum": [-(2**63)]}, -(2**63))]:
            self.v002("precision-big-int", {"x": spec}, {"x": v})
        self.v003("precision-big-int", {"x": {"enum": [float(big)]}}, {"x": big + 1})
        self.v003("precision-big-int", {"x": {"enum": [2**64 - 1]}}, {"x": 2**64 - 1})

    def order(self):
        props = {"a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": "boolean"},
                 "d": {}}
        for req in [["c", "a", "b"], ["b", "c", "a", "d"]]:
            self.json_ops("required-order", props, {}, req)
        self.json_ops("required-order", props, {"a": "x"}, ["c", "a", "b"])
        self.json_ops("required-order", props, {"b": 2}, ["d", "c", "b", "a"])
        self.v001("missing-map-order-001", {"c": "bool", "a": "str", "b": "int"}, None, {})
        self.v001("missing-map-order-001", {"zz": "str", "aa": "str", "": "int", "é": "str"},
                  {"b": "int"}, {"aa": "x", "b": 1})
        self.v001("missing-map-order-001", {"温度": "float", "city": "str"}, None, {})
        # argument order (not schema order) decides the order of argument errors
        for args in [{"c": 1, "x": 1, "a": 2, "b": "s"},
                     {"x": 1, "y": 2, "c": None, "w": 3},
                     {"d": None, "b": 2.0, "zz": 0, "a": None}]:
            self.json_ops("argument-order", props, args, ["a", "b", "c"])
            self.v002("argument-order", props, args, None, {"additionalProperties": False})
        # required names that are not declared properties
        for args in [{}, {"ghost": None, "a": "x"}]:
            self.json_ops("required-undeclared", {"a": {"type": "string"}}, args,
                          ["ghost", "a"])
            self.v002("required-undeclared", {"a": {"type": "string"}}, args, ["ghost", "a"],
                      {"additionalProperties": False})
        # a present required argument is never missing, whatever its value
        for v in [None, "", 0]:
            self.json_ops("required-present-not-missing", {"r": {"type": "string"}}, {"r": v},
                          ["r"])
            self.v002("required-present-not-missing", {"r": {}}, {"r": v}, ["r"])
            self.v001("required-present-not-missing", {"r": "str"}, None, {"r": v})

    def additional_properties(self):
        props = {"city": {"type": "string"}, "days": {"type": "integer"}}
        for ap in [None, True, False]:
            extra = {} if ap is None else {"additionalProperties": ap}
            for args in [{"city": "Lima", "country": "PE"},
                         {"extra": 1, "city": 2, "more": None},
                         {"city": "x", "days": 1}]:
                self.v000("additional-properties-000", props, args, ["city"], extra)
                self.v002("additional-properties-002", props, args, ["city"], extra)
                self.v003("additional-properties-003", props, args, ["city"], extra)
        # example schema of seed 002
        q = {"qty": {"type": "integer", "minimum": 1, "maximum": 100}, "note": {"type": "string"}}
        for args in [{"note": 5}, {"qty": 3, "extra": 1}, {"qty": 101.0}]:
            self.v002("additional-properties-002", q, args, ["qty"],
                      {"additionalProperties": False})

    def property_names(self):
        groups = [("nonascii-names", NONASCII), ("punct-names", PUNCT)]
        for rule, names in groups:
            for i in range(0, len(names), 2):
                n1, n2 = names[i], names[(i + 1) % len(names)]
                props = {n1: {"type": "string"}, n2: {"type": "integer", "enum": [1, 2],
                                                      "minimum": 2}}
                extra = {"additionalProperties": False}
                self.json_ops(rule, props, {n1: 1, n2: 1, n1 + "!": 0}, [n2, n1], extra)
                if i % 4 == 0:
                    self.v002(rule, props, {n2: 2, n1: "ok"}, [n2, n1], extra)
                self.v001(rule, {n1: "str"}, {n2: "int"}, {n2: 1.0, "z" + n1: 1})
                self.v001(rule, {n2: "int"}, {n1: "str"}, None, tool=n1)
                self.add(rule, "validate_call",
                         {"call": {"name": n2, "args": {n1: 1}}, "schemas": {n1: {}}})
                self.add(rule, "tighten_required", {"schema": {"properties": props}, "field": n1})
                if i % 4 == 0:
                    self.add(rule, "tighten_required",
                             {"schema": {"properties": props, "required": [n2]},
                              "field": n2 + " "})
                self.add(rule, "forbid_extras",
                         {"schema": {"properties": props, "required": [n1]}})
                self.add(rule, "diff_problems",
                         {"schema_a": {"properties": props},
                          "schema_b": {"properties": props, "required": [n1, n2],
                                       "additionalProperties": False},
                          "args": {n2: 5, "x" + n2: 1}})
        # the empty name
        props = {"": {"type": "string"}, "a": {"type": "integer"}}
        for args in [{}, {"": 1}, {"a": 1.0, "": None}, {" ": 1}]:
            self.json_ops("empty-name", props, args, [""], {"additionalProperties": False})
        self.json_ops("empty-name", {"a": {}}, {"": 0}, ["a"])
        self.v001("empty-name", {"": "str"}, None, {})
        self.v001("empty-name", {"": "str"}, {"a": "int"}, {"": 1, "a": "x"})
        self.v001("empty-name", {"a": "int"}, None, {"": 1, "a": 1})
        self.v001("empty-name", {"a": "int"}, None, {"a": 1}, tool="")
        self.add("empty-name", "validate_call", {"call": {"name": ""}, "schemas": {"t": {}}})
        self.add("empty-name", "validate_tool_call",
                 {"schemas": {"t": {"parameters": {"properties": {}}}}, "call": {"name": ""}})
        self.add("empty-name", "tighten_required", {"schema": {"properties": props}, "field": ""})
        self.add("empty-name", "tighten_required", {"schema": {"properties": {"a": {}}},
                                                    "field": ""})
        self.add("empty-name", "forbid_extras", {"schema": {"properties": props,
                                                            "required": [""]}})
        self.add("empty-name", "diff_problems",
                 {"schema_a": {"properties": props},
                  "schema_b": {"properties": props, "required": [""]}, "args": {}})

    def seed001(self):
        schemas = {"search": {"required": {"query": "str"}, "optional": {"limit": "int"}}}
        for name in ["Search", "search ", "fetch", "delete_all", "SEARCH"]:
            self.add("unknown-tool-001", "validate_call",
                     {"call": {"name": name, "args": {"limit": True, "x": 1}},
                      "schemas": schemas})
        self.add("unknown-tool-001", "validate_call",
                 {"call": {"name": "delete_all", "args": {}}, "schemas": {}})
        self.add("unknown-tool-001", "validate_call",
                 {"call": {"name": "delete_all"}, "schemas": {}})
        self.add("unknown-tool-001", "validate_call",
                 {"call": {"name": "search", "args": {"query": "q"}}, "schemas": schemas})
        for req, opt in [({"query": "str"}, None), ({"query": "str"}, {"limit": "int"}),
                         (None, {"limit": "int"}), (None, None), ({}, {})]:
            self.v001("args-absent-001", req, opt, None)
        self.v001("args-absent-001", {"url": "str", "timeout": "float"}, None,
                  {"url": "https://x"})
        # extras are sorted by code point (not UTF-16 units, not case-folded)
        keys = ["b", "a", "B", "_", "ｚ", "😀", "é", "z", "", "Z", "1", "a.b", "a-b", "aa",
                "温度", "e\u0301", "\u007f", " "]
        for k in range(4):
            ks = list(keys)
            self.rng.shuffle(ks)
            self.v001("extras-sorted-001", {"query": "str"}, None, {n: 1 for n in ks})
        self.v001("extras-sorted-001", None, None, {"ｚ": 1, "😀": 2})
        self.v001("extras-sorted-001", None, None, {"😀": 2, "ｚ": 1, "\uffff": 0})
        self.v001("extras-sorted-001", None, {"b": "int"}, {"c": 1, "b": "x", "a": 1})
        # type errors: required map first, then optional, each in map order
        req = {"r2": "int", "r1": "str"}
        opt = {"o2": "bool", "o1": "list"}
        for args in [{"o1": 1, "o2": 1, "r1": 1, "r2": "x"},
                     {"r1": 1, "o1": {}, "r2": 1.0, "o2": None},
                     {"o2": 0, "r2": True}]:
            self.v001("type-order-001", req, opt, args)
        self.v001("type-order-001", {"b": "dict", "a": "float"}, {"d": "str", "c": "int"},
                  {"a": "1", "c": 3.0, "b": [], "d": None})
        # categories: missing, then extra, then type
        for args in [{"limit": True, "debug": 1}, {"zz": 1, "limit": "5", "aa": None},
                     {"query": 1, "limit": 2.0, "x": 0}]:
            self.v001("category-order-001", {"query": "str", "limit": "int"},
                      {"fmt": "str"}, args)
        for args in [{}, {"q": "x"}, {"q": "x", "o": 1}, {"o": None, "q": "x"}]:
            self.v001("optional-absent-001", {"q": "str"}, {"o": "int", "p": "float"}, args)
        for req, opt, args in [(None, None, {}), (None, None, {"x": 1}),
                               ({"a": "int"}, None, {"a": 1}), (None, {"a": "int"}, {}),
                               ({}, None, {"a": 1})]:
            self.v001("maps-absent-001", req, opt, args)

    def seed003(self):
        gw = {"type": "object",
              "properties": {"city": {"type": "string"}, "days": {"type": "integer"},
                             "units": {"type": "string", "enum": ["c", "f"]}},
              "required": ["city"]}
        schemas = {"get_weather": {"parameters": gw}}
        for name in ["Get_weather", "get-weather", "weather", "get_weather "]:
            self.add("unknown-tool-003", "validate_tool_call",
                     {"schemas": schemas,
                      "call": {"name": name, "arguments": {"days": True, "tz": "UTC"}}})
        self.add("unknown-tool-003", "validate_tool_call",
                 {"schemas": {}, "call": {"name": "get_weather"}})
        self.add("unknown-tool-003", "validate_tool_call",
                 {"schemas": {}, "call": {"name": "x", "arguments": {}}})
        self.add("arguments-absent-003", "validate_tool_call",
                 {"schemas": schemas, "call": {"name": "get_weather"}})
        self.v003("arguments-absent-003", {"a": {}}, None, None)
        self.v003("arguments-absent-003", {"a": {}, "b": {}}, None, ["b", "a"])
        for args in [{"units": "k", "days": "2", "tz": 1, "aa": 0},
                     {"zz": 1, "Zz": 1, "": 1, "city": None, "units": None},
                     {"😀": 1, "ｚ": 1, "é": 1, "e": 1, "units": "C"},
                     {"days": 1.0, "units": "f", "b": 0, "a": 0}]:
            self.add("sorted-output-003", "validate_tool_call",
                     {"schemas": schemas, "call": {"name": "get_weather", "arguments": args}})
        self.v003("sorted-output-003",
                  {"b": {"type": "string"}, "a": {"type": "string", "enum": ["x"]}},
                  {"b": 1, "a": "y", "c": 1}, ["z", "y", "b"])
        for t, enum, v in [("string", ["c", "f"], 1), ("integer", [1], 2.0),
                           ("string", ["c"], None), ("integer", [1], 2)]:
            self.v003("one-error-per-arg-003", {"u": {"type": t, "enum": enum}}, {"u": v})
        self.v003("one-error-per-arg-003", {"u": {"enum": ["x"]}}, {"u": None, "v": None},
                  ["u"])
        for args in [{"city": "Paris"}, {"city": "", "days": 0, "units": "c"},
                     {"units": "f", "city": "温度"}]:
            self.add("ok-true-003", "validate_tool_call",
                     {"schemas": schemas, "call": {"name": "get_weather", "arguments": args}})
        self.v003("ok-true-003", {}, {})

    def schema_ops(self):
        w = {"type": "object",
             "properties": {"city": {"type": "string", "description": "City name"},
                            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                            "n": {"type": "number", "minimum": 0.5, "maximum": 3.0}},
             "required": ["city"]}
        for field in ["units", "City", "", "city ", "properties", "type"]:
            self.add("tighten-undeclared", "tighten_required", {"schema": w, "field": field})
        self.add("tighten-undeclared", "tighten_required",
                 {"schema": {"properties": {}, "required": []}, "field": "tags"})
        self.add("tighten-undeclared", "tighten_required",
                 {"schema": {"properties": {"a": {}}, "required": ["ghost"]}, "field": "ghost"})
        self.add("tighten-undeclared", "tighten_required",
                 {"schema": {"properties": {"a": {}}}, "field": "b"})
        self.add("tighten-already-required", "tighten_required", {"schema": w, "field": "city"})
        self.add("tighten-already-required", "tighten_required",
                 {"schema": {**w, "required": ["unit", "city", "n"]}, "field": "city"})
        self.add("tighten-already-required", "tighten_required",
                 {"schema": {**w, "required": ["n"], "additionalProperties": True},
                  "field": "n"})
        base = {k: v for k, v in w.items() if k != "required"}
        for field in ["unit", "city", "n"]:
            self.add("tighten-required-absent", "tighten_required",
                     {"schema": base, "field": field})
        self.add("tighten-required-absent", "tighten_required",
                 {"schema": {"properties": {"温度": {}}, "additionalProperties": False},
                  "field": "温度"})
        for req, field in [(["city"], "unit"), (["n", "city"], "unit"), ([], "city"),
                           (["unit"], "n"), (["ghost"], "city")]:
            self.add("tighten-appended", "tighten_required",
                     {"schema": {**w, "required": req}, "field": field})
        for extra in [{"additionalProperties": False}, {"additionalProperties": True},
                      {"description": "weather", "title": "w"}]:
            self.add("tighten-preserves", "tighten_required",
                     {"schema": {**w, **extra}, "field": "unit"})
        self.add("tighten-preserves", "tighten_required",
                 {"schema": {"properties": {"x": {"enum": [3.0, 3, -0.0, None, [1.0], {"a": 1}]},
                                            "y": {"minimum": 1.0, "maximum": 2**64 - 1}}},
                  "field": "x"})
        for schema in [w, base, {"properties": {}}, {"properties": {"x": {"enum": [3.0]}}}]:
            self.add("forbid-extras-absent", "forbid_extras", {"schema": schema})
        for schema in [{**w, "additionalProperties": True},
                       {"additionalProperties": True, "properties": {"a": {"minimum": 1.5}}}]:
            self.add("forbid-extras-true", "forbid_extras", {"schema": schema})
        for schema in [{**w, "additionalProperties": False},
                       {"additionalProperties": False, "properties": {}}]:
            self.add("forbid-extras-false", "forbid_extras", {"schema": schema})

        q = {"properties": {"qty": {"type": "integer", "minimum": 1, "maximum": 100},
                            "note": {"type": "string"}}}
        for field in ["qty", "note"]:
            for args in [{}, {"note": "x"}, {"qty": 3}]:
                self.add("diff-problems-tighten", "diff_problems",
                         {"schema_a": q, "schema_b": tighten_required(q, field), "args": args})
        for args in [{"b": 1, "qty": 0, "a": 2}, {"qty": 3}, {"zz": None, "note": 1, "aa": 1}]:
            self.add("diff-problems-forbid", "diff_problems",
                     {"schema_a": q, "schema_b": forbid_extras(q), "args": args})
            self.add("diff-problems-forbid", "diff_problems",
                     {"schema_a": {**q, "additionalProperties": True},
                      "schema_b": forbid_extras(q), "args": args})
        b = {"properties": {"qty": {"type": "integer", "minimum": 1, "maximum": 100},
                            "note": {"type": "string", "enum": ["a"]}, "m": {"type": "string"}},
             "required": ["m", "qty"], "additionalProperties": False}
        for args in [{"note": "b", "x": 1, "qty": 0}, {"x": 1, "qty": 101, "note": "b"},
                     {"m": 1, "y": 2, "x": 1}]:
            self.add("diff-problems-order", "diff_problems",
                     {"schema_a": q, "schema_b": b, "args": args})
        for args in [{"note": 5, "qty": 0}, {"x": 1}, {}]:
            self.add("diff-problems-removed", "diff_problems",
                     {"schema_a": b, "schema_b": q, "args": args})
            self.add("diff-problems-removed", "diff_problems",
                     {"schema_a": b, "schema_b": b, "args": args})
        kw = {"properties": {"x": {"type": "number", "enum": [1, 2.5], "minimum": 2,
                                   "maximum": 2}}}
        for args in [{"x": 1.0}, {"x": 2.5}, {"x": 2}, {"x": "2"}, {"x": True}]:
            self.add("diff-problems-keywords", "diff_problems",
                     {"schema_a": {"properties": {"x": {}}}, "schema_b": kw, "args": args})
            self.add("diff-problems-keywords", "diff_problems",
                     {"schema_a": kw, "schema_b": {"properties": {"x": {"type": "integer"}}},
                      "args": args})

    # -- random mixtures -------------------------------------------------------

    def random_cases(self, per_op):
        r = self.rng
        for _ in range(per_op):
            schema = self.random_json_schema()
            args = self.random_args(schema["properties"])
            self.add("random-validate_arguments", "validate_arguments",
                     {"arguments": args, "schema": schema})
        for _ in range(per_op):
            schemas = {}
            for tool in r.sample(["search", "fetch", "get_weather", "温度", "t-1"],
                                 r.randint(0, 3)):
                names = self.names(r.randint(0, 5))
                cut = r.randint(0, len(names))
                s = {}
                if r.random() < 0.85:
                    s["required"] = {n: r.choice(FLAT_TYPES) for n in names[:cut]}
                if r.random() < 0.85:
                    s["optional"] = {n: r.choice(FLAT_TYPES) for n in names[cut:]}
                schemas[tool] = s
            if schemas and r.random() < 0.85:
                name = r.choice(list(schemas))
            else:
                name = r.choice(["Search", "delete_all", "fetch"])
            s = schemas.get(name, {})
            declared = {**s.get("required", {}), **s.get("optional", {})}
            fake = {n: {"type": {v: k for k, v in FLAT_OF.items()}[t]}
                    for n, t in declared.items()}
            call = {"name": name}
            if r.random() < 0.85:
                call["args"] = self.random_args(fake)
            self.add("random-validate_call", "validate_call", {"call": call, "schemas": schemas})
        for _ in range(per_op):
            schema = self.random_json_schema(top_type=False)
            args = self.random_args(schema["properties"])
            self.add("random-validate_args", "validate_args", {"schema": schema, "args": args})
        for _ in range(per_op):
            schema = self.random_json_schema(k=r.randint(0, 4))
            props = list(schema["properties"])
            if props and r.random() < 0.7:
                field = r.choice(props)
            else:
                field = r.choice(NAME_POOL)
            self.add("random-tighten_required", "tighten_required",
                     {"schema": schema, "field": field})
        for _ in range(per_op):
            self.add("random-forbid_extras", "forbid_extras",
                     {"schema": self.random_json_schema()})
        for _ in range(per_op):
            a = self.random_json_schema(top_type=False)
            choice = r.randrange(4)
            if choice == 0 and a["properties"]:
                b = tighten_required(a, r.choice(list(a["properties"])))
            elif choice == 1:
                b = forbid_extras(a)
            elif choice == 2:
                b = copy.deepcopy(a)
                for n in b["properties"]:
                    if r.random() < 0.5:
                        b["properties"][n] = self.random_prop()
            else:
                b = self.random_json_schema(top_type=False)
            if r.random() < 0.5:
                a, b = b, a
            args = self.random_args({**a["properties"], **b["properties"]})
            self.add("random-diff_problems", "diff_problems",
                     {"schema_a": a, "schema_b": b, "args": args})
        for _ in range(per_op):
            schemas = {}
            for tool in r.sample(["search", "get_weather", "fetch", "名前"], r.randint(0, 3)):
                p = self.random_json_schema(with_bounds=r.random() < 0.3)
                p.pop("additionalProperties", None)
                if r.random() < 0.4:
                    p["additionalProperties"] = r.choice([True, False])
                schemas[tool] = {"parameters": p}
            if schemas and r.random() < 0.85:
                name = r.choice(list(schemas))
            else:
                name = r.choice(["Search", "get_weather", "unknown"])
            props = schemas[name]["parameters"]["properties"] if name in schemas else {}
            call = {"name": name}
            if r.random() < 0.85:
                call["arguments"] = self.random_args(props)
            self.add("random-validate_tool_call", "validate_tool_call",
                     {"schemas": schemas, "call": call})

    def generate(self):
        self.numbers_and_types()
        self.enums()
        self.bounds()
        self.order()
        self.additional_properties()
        self.property_names()
        self.seed001()
        self.seed003()
        self.schema_ops()
        self.random_cases(per_op=10)
        return self.cases


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def strict_same(a, b):
    """Equal with the same JSON kinds all the way down (3 and 3.0 differ)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(strict_same(a[k], b[k]) for k in a)
    if isinstance(a, float) and a == 0.0:
        return str(a) == str(b)  # keep -0.0 distinct from 0.0
    return a == b


def render(cases):
    lines = []
    seen = set()
    for case in cases:
        if case["id"] in seen:
            raise ValueError(f"duplicate id {case['id']}")
        seen.add(case["id"])
        line = json.dumps(case, ensure_ascii=False)
        back = json.loads(line)
        if not strict_same(back, case):
            raise ValueError(f"case {case['id']} does not survive a JSON round trip")
        for v in iter_numbers(case["input"]):
            if is_int(v) and not -(2**63) <= v <= 2**64 - 1:
                raise ValueError(f"case {case['id']}: integer {v} is out of range")
        lines.append(line + "\n")
    missing = [r for r in RULES if not any(c["id"].rsplit("-", 1)[0] == r for c in cases)]
    if missing:
        raise ValueError(f"rules without a case: {missing}")
    return "".join(lines)


def iter_numbers(v):
    if isinstance(v, dict):
        for x in v.values():
            yield from iter_numbers(x)
    elif isinstance(v, list):
        for x in v:
            yield from iter_numbers(x)
    elif is_number(v):
        yield v


def verify(path):
    """Run the reference over an existing case file; report disagreements."""
    bad = 0
    total = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            total += 1
            case = json.loads(line)
            got = answer(case["op"], case["input"])
            exp = case["expected"]
            ok = ("error" in got) if "error" in exp else ("output" in got and json_equal(
                got["output"], exp["output"]))
            if not ok:
                bad += 1
                print(f"DISAGREE {case.get('id')}: expected {json.dumps(exp, ensure_ascii=False)}"
                      f" reference {json.dumps(got, ensure_ascii=False)}")
    print(f"{path}: {total - bad} agree, {bad} disagree")
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the file differs from what would be written")
    ap.add_argument("--verify", metavar="CASES", nargs="+",
                    help="run the reference over existing case files and report disagreements")
    ap.add_argument("--out", default=str(OUT), help=f"output file (default {OUT})")
    opts = ap.parse_args()
    self_test()
    if opts.verify:
        sys.exit(0 if all([verify(p) for p in opts.verify]) else 1)
    cases = Gen(SEED).generate()
    text = render(cases)
    out = Path(opts.out)
    if opts.check:
        current = out.read_text(encoding="utf-8") if out.exists() else None
        if current != text:
            print(f"{out} is stale: run python3 tools/gen_seed_cases.py", file=sys.stderr)
            sys.exit(1)
        print(f"{out} is up to date ({len(cases)} cases)")
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    per_op = {}
    for c in cases:
        per_op[c["op"]] = per_op.get(c["op"], 0) + 1
    print(f"wrote {len(cases)} cases to {out}")
    for op in OPS:
        print(f"  {op}: {per_op.get(op, 0)}")


if __name__ == "__main__":
    main()
