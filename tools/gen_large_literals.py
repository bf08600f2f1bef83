#!/usr/bin/env python3
"""Writes tests/data/large-literals/*.json, the schemas of tests/large_literals.rs:
literals large enough that code emitted per value would crash rustc (issue #28
item 1), and shapes whose code per node once made rustc's memory or time grow
too fast (item 7: many object branches, many required names). `--check` fails
when a file differs from what this script writes."""
import json, pathlib, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIR = ROOT / "tests/data/large-literals"
sys.dont_write_bytecode = True
sys.path.insert(0, str(ROOT / "bench"))
from compile_growth import branches  # noqa: E402


def schemas():
    n = 6000
    big_const = {"rows": [[i, f"r{i}", i % 2 == 0] for i in range(500)]}
    yield "enums.json", {
        "type": "object",
        "properties": {
            "n": {"enum": list(range(n))},
            "s": {"enum": [f"value-{i}" for i in range(n)]},
            "mixed": {"enum": [None, True, 1.5, "x", [1, "x"], {"k": [2], "j": None}] + list(range(10, 20))},
            "rows": {"const": big_const},
            "tags": {"type": "array", "items": {"enum": [f"t{i}" for i in range(40)]}},
        },
        "required": ["n"] + [f"r{i}" for i in range(100)],
        "additionalProperties": True,
    }


def shapes():
    # Each branch its own required name and bound, so that no two share code:
    # the bench's shape (bench/compile_growth.py), at a size CI compiles fast.
    yield "branches.json", branches(BRANCHES)
    # Declared and undeclared required names interleaved, past the bit mask.
    required = []
    for i in range(REQUIRED):
        required.append(f"p{i}")
        if i % 100 == 50:
            required.append(f"u{i}")
    yield "required.json", {
        "type": "object",
        "properties": {f"p{i}": {"type": "string", "maxLength": 8} for i in range(REQUIRED)},
        "required": required,
        "additionalProperties": False,
    }


BRANCHES = 200
REQUIRED = 2000


def main():
    check = "--check" in sys.argv
    DIR.mkdir(parents=True, exist_ok=True)
    status = 0
    for name, schema in list(schemas()) + list(shapes()):
        text = json.dumps(schema, separators=(",", ":")) + "\n"
        path = DIR / name
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path} is out of date: run python3 tools/gen_large_literals.py")
                status = 1
        else:
            path.write_text(text)
    sys.exit(status)


if __name__ == "__main__":
    main()
