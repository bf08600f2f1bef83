#!/usr/bin/env python3
"""Writes bench/data/bfcl/sample.jsonl (the BFCL part of the benchmark suite) from
the shared corpus (../shared/corpora/bfcl/ by default, or
$TOOL_SCHEMA_SHARED/corpora/bfcl).

    python3 tools/sample_bench_bfcl.py          # (re)write the sample
    python3 tools/sample_bench_bfcl.py --check  # exit 1 if it differs

50 python-style definitions, each with one ground-truth call of calls.jsonl that
fits it (`expected == []`), has at least two arguments and at least one required
argument. Distinct tool names (dots read as `_`); picked evenly over the corpus's order, so every
category is represented. Each line:

  {"id", "name", "parameters": <the corpus's parameters, untouched>,
   "valid": <the call's arguments>, "invalid": <the same call with three faults>}

The three faults, as in the four hand-made benchmark inputs: the first required
argument is removed (missing), the first other argument whose type is not "any"
gets a value of another type (wrong type), and an undeclared argument
"unexpected_arg": true is added at the end (undeclared).

The JSON Schema translations that the benchmarks compile (bench/data/bfcl/schemas/)
and the generated declarations (bench/src/bfcl_tools.rs) are written from this file
by `UPDATE_BENCH_DATA=1 cargo test -p tool-schema-bench`.
"""

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "data" / "bfcl" / "sample.jsonl"
COUNT = 50
SKIP = {"simple_java", "simple_javascript"}


def shared_dir():
    base = os.environ.get("TOOL_SCHEMA_SHARED")
    base = Path(base) if base else ROOT.parent / "shared"
    return base / "corpora" / "bfcl"


def python_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "dict"
    return "null"


def clean(node):
    """Whether the definition is plain: every enum value of its node's type, every
    required name declared (what the schema model would otherwise lint)."""
    if not isinstance(node, dict):
        return False
    t = node.get("type")
    if "enum" in node:
        values = node["enum"]
        if not isinstance(values, list) or not values or len(set(map(json.dumps, values))) != len(values):
            return False
        want = node.get("items", {}).get("type") if t == "array" else t
        for v in values:
            got = python_type(v)
            if not (got == want or (want == "float" and got == "integer")):
                return False
    props = node.get("properties", {})
    if t == "dict":
        if not isinstance(props, dict):
            return False
        for r in node.get("required", []):
            if r not in props:
                return False
        if len(set(node.get("required", []))) != len(node.get("required", [])):
            return False
    if "optional" in node or "format" in node or "maximum" in node or "minItems" in node:
        return False
    if t not in ("string", "integer", "float", "boolean", "array", "tuple", "dict", "any"):
        return False
    return all(clean(p) for p in props.values()) and (
        "items" not in node or clean(node["items"])
    )


def wrong(value):
    """A value of another JSON type than `value`."""
    return 42 if isinstance(value, str) else "42"


def build(src):
    eligible = []
    names = set()
    for line in open(src / "calls.jsonl", encoding="utf-8"):
        c = json.loads(line)
        if c["category"] in SKIP or c["expected"] != []:
            continue
        f = c["function"]
        params = f["parameters"]
        args = c["arguments"]
        required = [r for r in params.get("required", []) if r in args]
        tool_name = f["name"].replace(".", "_")  # as the BFCL dialect names tools
        if len(args) < 2 or not required or tool_name in names:
            continue
        if not clean(params) or params.get("type") != "dict":
            continue
        props = params["properties"]
        typed = [k for k in args if k != required[0] and props.get(k, {}).get("type") != "any"]
        if not typed or "unexpected_arg" in props:
            continue
        names.add(tool_name)
        eligible.append((c, required[0], typed[0]))
    step = len(eligible) / COUNT
    picked = [eligible[int(i * step)] for i in range(COUNT)]
    out = []
    for c, missing, mistyped in picked:
        valid = c["arguments"]
        invalid = {}
        for k, v in valid.items():
            if k == missing:
                continue
            invalid[k] = wrong(v) if k == mistyped else v
        invalid["unexpected_arg"] = True
        row = {
            "id": c["id"],
            "name": c["function"]["name"],
            "parameters": c["function"]["parameters"],
            "valid": valid,
            "invalid": invalid,
        }
        out.append(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    return "".join(out)


def main():
    text = build(shared_dir())
    if "--check" in sys.argv[1:]:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python3 tools/sample_bench_bfcl.py")
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
