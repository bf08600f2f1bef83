#!/usr/bin/env python3
"""Writes tests/data/bfcl/ (the compact BFCL sample the tests read) from the
shared corpus (../shared/corpora/bfcl/ by default, or $TOOL_SCHEMA_SHARED/corpora/bfcl,
or $SHARED/corpora/bfcl).

    python3 tools/sample_bfcl.py          # (re)write tests/data/bfcl/*.jsonl
    python3 tools/sample_bfcl.py --check  # exit 1 if they differ from what it would write

definitions.jsonl: every definition of functions.jsonl (all 3420: 3270 python-style,
100 java, 50 javascript), in the corpus's order, as
  {"n": <line number, 0-based>, "style": "python" | "java" | "javascript", "name", "parameters"}
where `parameters` is the corpus's, untouched except that the `description`
annotation of every schema node (the node itself, its `properties` members and its
`items`, recursively) is removed to keep the sample small. Nothing else is changed:
`default`, `optional`, `enum`, `format`, `maximum`, ... stay.

calls.jsonl: every ground-truth call of calls.jsonl (all 3152), in order, as
  {"id", "call_index", "def": <n of its definition>, "arguments", "expected"}
(`def` is the definition whose whole `function` object equals the call's).
"""

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "bfcl"


STYLES = {"simple_java": "java", "simple_javascript": "javascript"}


def shared_dir():
    base = os.environ.get("TOOL_SCHEMA_SHARED") or os.environ.get("SHARED")
    base = Path(base) if base else ROOT.parent / "shared"
    return base / "corpora" / "bfcl"


def strip(node):
    """`node` without the `description` of any schema node."""
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "description" and isinstance(value, str):
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: strip(sub) for name, sub in value.items()}
        elif key == "items":
            out[key] = strip(value)
        else:
            out[key] = value
    return out


def line(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def build(src):
    functions = [json.loads(l) for l in open(src / "functions.jsonl", encoding="utf-8")]
    calls = [json.loads(l) for l in open(src / "calls.jsonl", encoding="utf-8")]
    index = {}
    defs = []
    for n, f in enumerate(functions):
        index[json.dumps(f["function"], sort_keys=True)] = n
        defs.append(
            line(
                {
                    "n": n,
                    "style": STYLES.get(f["category"], "python"),
                    "name": f["function"]["name"],
                    "parameters": strip(f["function"]["parameters"]),
                }
            )
        )
    out_calls = []
    for c in calls:
        out_calls.append(
            line(
                {
                    "id": c["id"],
                    "call_index": c["call_index"],
                    "def": index[json.dumps(c["function"], sort_keys=True)],
                    "arguments": c["arguments"],
                    "expected": c["expected"],
                }
            )
        )
    return {"definitions.jsonl": "".join(defs), "calls.jsonl": "".join(out_calls)}


def main():
    check = "--check" in sys.argv[1:]
    files = build(shared_dir())
    stale = []
    for name, text in files.items():
        path = OUT / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(text.encode())} bytes)")
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python3 tools/sample_bfcl.py)")
        sys.exit(1)


if __name__ == "__main__":
    main()
