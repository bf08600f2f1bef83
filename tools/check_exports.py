#!/usr/bin/env python3
"""Checks every provider export the Rust tests wrote, with an independent validator.

The `export_*` tests of `runtime/` write one JSON line per exported tool to
`target/tmp/exports/<test>.jsonl` (`$CARGO_TARGET_TMPDIR/exports`):
`{"test", "target", "tool", "dialect", "schema", "definition"}`. This script checks

- each JSON Schema export (`dialect: "json-schema"`: Anthropic, OpenAI, Gemini
  `parametersJsonSchema`, MCP) with the `jsonschema` package's
  `Draft202012Validator.check_schema` (the schema is a valid JSON Schema 2020-12
  document), plus the shape every export promises (object root with `properties`, no
  bare root `$ref`);
- each Gemini `parameters` export (`dialect: "gemini-openapi"`, not JSON Schema) against
  the fields and type names of Gemini's Schema object
  (https://ai.google.dev/api/caching#Schema).

Usage: cargo test -p tool-schema-engine --test 'export_*' && python3 tools/check_exports.py [DIR|FILE...]
Needs: pip install jsonschema
"""

import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

GEMINI_FIELDS = {
    "type", "format", "title", "description", "nullable", "enum", "items", "minItems",
    "maxItems", "properties", "required", "minProperties", "maxProperties", "minLength",
    "maxLength", "pattern", "example", "anyOf", "propertyOrdering", "default", "minimum",
    "maximum",
}
GEMINI_TYPES = {"STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"}


def gemini_problems(schema, path="", root=True):
    out = []
    if not isinstance(schema, dict):
        return [f"{path}: not an object"]
    for key in schema:
        if key not in GEMINI_FIELDS:
            out.append(f"{path}: unknown field {key!r}")
    t = schema.get("type")
    if t is None and "anyOf" not in schema:
        out.append(f"{path}: no type")
    if t is not None and t not in GEMINI_TYPES:
        out.append(f"{path}: type {t!r}")
    if root and t != "OBJECT":
        out.append("root is not OBJECT")
    if "enum" in schema and not all(isinstance(v, str) for v in schema["enum"]):
        out.append(f"{path}: enum of non-strings")
    if t == "ARRAY" and "items" not in schema:
        out.append(f"{path}: ARRAY without items")
    if t == "OBJECT" and not schema.get("properties"):
        out.append(f"{path}: OBJECT without properties")
    for name, sub in (schema.get("properties") or {}).items():
        out += gemini_problems(sub, f"{path}/properties/{name}", False)
    if "items" in schema:
        out += gemini_problems(schema["items"], f"{path}/items", False)
    for i, sub in enumerate(schema.get("anyOf") or []):
        out += gemini_problems(sub, f"{path}/anyOf/{i}", False)
    return out


def json_schema_problems(schema):
    out = []
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as e:
        out.append(f"check_schema: {e.message} at {'/'.join(map(str, e.absolute_path))}")
    if schema.get("type") != "object":
        out.append("root type is not \"object\"")
    if not isinstance(schema.get("properties"), dict):
        out.append("root has no properties")
    if "$ref" in schema:
        out.append("bare $ref at the root")
    return out


def files(args):
    if not args:
        args = [pathlib.Path(__file__).resolve().parent.parent / "target" / "tmp" / "exports"]
    for a in map(pathlib.Path, args):
        if a.is_dir():
            yield from sorted(a.glob("*.jsonl"))
        else:
            yield a


def main(args):
    checked = failed = 0
    for f in files(args):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            schema = row["schema"]
            if schema is None:  # Gemini `parameters` left unset: no arguments
                continue
            if row["dialect"] == "gemini-openapi":
                problems = gemini_problems(schema)
            else:
                problems = json_schema_problems(schema)
            checked += 1
            if problems:
                failed += 1
                print(f"{f.name}:{n} {row['target']} {row['tool']}:")
                for p in problems:
                    print(f"  {p}")
    if checked == 0:
        print("no exports found: run `cargo test -p tool-schema-engine --test 'export_*'` first")
        return 1
    print(f"{checked} exported schemas checked, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
