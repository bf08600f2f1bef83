#!/usr/bin/env python3
"""Writes tests/data/large-literals/*.json, the schemas of tests/large_literals.rs:
literals large enough that code emitted per value would crash rustc (issue #28
item 1). `--check` fails when a file differs from what this script writes."""
import json, pathlib, sys

DIR = pathlib.Path(__file__).resolve().parent.parent / "tests/data/large-literals"


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


def main():
    check = "--check" in sys.argv
    DIR.mkdir(parents=True, exist_ok=True)
    status = 0
    for name, schema in schemas():
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
