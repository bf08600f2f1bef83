#!/usr/bin/env python3
"""Compile cost of `tool_schema!` as a schema grows (issues #17 and #28): CPU time and peak
rustc memory of a `cargo build` of a crate with one tool, nested 30, 45 and 60
objects deep, and with 2,000 properties (500, 1,000 and 2,000 when no two are
alike).

    python3 bench/compile_growth.py                  # every case, release
    python3 bench/compile_growth.py depth30 props2000 --debug
    python3 bench/compile_growth.py --cases          # list the cases

Each case is a binary crate written under `--out` (default
/tmp/tool-schema-compile-growth) that depends on this checkout of `tool-schema`
(default features) by path, with this checkout's Cargo.lock, all sharing one target
directory (`--target-dir`, default `<out>/target`). A first crate with a one-property
tool builds the dependencies; each case then builds only its own crate, under
`/usr/bin/time`: the seconds are the user + system CPU of cargo, the macros and
rustc; the peak is the largest resident set of one of those processes (rustc's).
Nothing here needs the network once the dependencies are in cargo's cache.

The schemas: `depthN` is an object whose property `next` holds the next level,
N levels, each with a required string, an optional bounded integer and
`additionalProperties: false`; `propsN` is one object with N properties cycling
through string, bounded integer, enum, boolean and number, every tenth required;
`propsNdistinct` the same with a different bound or enum in each property (and
arrays for the booleans), so that no two properties share generated code.
`anyofN` is an `anyOf` of N object branches; `requiredN` an object of N string
properties, all required; `enumN` (`enumNstrings`) a property whose `enum` lists N
integers (strings); `deriveN` a `#[derive(ToolArgs, Deserialize)]` enum of N unit
variants used as a field of a derived tool (`serdeN`: the same with serde's derive
alone, the floor). Builds run with `CARGO_INCREMENTAL=0`.
The crate's `main` validates its first argument, as a value and as text, so that
nothing is dead code.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def level(depth):
    """The schema of an object nested `depth` levels deep."""
    node = {
        "type": "object",
        "properties": {"name": {"type": "string", "maxLength": 40}},
        "required": ["name"],
    }
    for _ in range(depth - 1):
        node = {
            "type": "object",
            "properties": {
                "name": {"type": "string", "maxLength": 40},
                "count": {"type": "integer", "minimum": 0, "maximum": 1000},
                "next": node,
            },
            "required": ["name", "next"],
            "additionalProperties": False,
        }
    return node


def wide(n, distinct=False):
    """The schema of an object with `n` properties (`distinct`: no two alike)."""

    def kind(i):
        k = i if distinct else 0
        return [
            {"type": "string", "maxLength": 64 + k},
            {"type": "integer", "minimum": 0, "maximum": 100 + k},
            {"type": "string", "enum": ["a", "b", f"c{k}" if distinct else "c"]},
            {"type": "boolean"} if not distinct else {"type": "array", "maxItems": k},
            {"type": "number", "exclusiveMinimum": k},
        ][i % 5]

    props = {f"p{i}": kind(i) for i in range(n)}
    return {
        "type": "object",
        "properties": props,
        "required": [f"p{i}" for i in range(0, n, 10)],
        "additionalProperties": False,
    }


def branches(n):
    """An `anyOf` of `n` object branches, each with its own required property
    and two more, closed by `additionalProperties: false`."""
    return {
        "anyOf": [
            {
                "type": "object",
                "properties": {
                    f"b{i}": {"type": "string", "maxLength": 64},
                    "count": {"type": "integer", "minimum": 0, "maximum": 100 + i},
                    "flag": {"type": "boolean"},
                },
                "required": [f"b{i}"],
                "additionalProperties": False,
            }
            for i in range(n)
        ]
    }


def all_required(n):
    """An object of `n` properties of one kind, every one required."""
    return {
        "type": "object",
        "properties": {f"p{i}": {"type": "string", "maxLength": 64} for i in range(n)},
        "required": [f"p{i}" for i in range(n)],
        "additionalProperties": False,
    }


def enum_of(n, strings=False):
    """An object whose one property is an `enum` of `n` integers or strings."""
    values = [f"v{i}" for i in range(n)] if strings else list(range(n))
    return {
        "type": "object",
        "properties": {"pick": {"enum": values}},
        "required": ["pick"],
    }


DERIVE = """\
use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize)]
pub enum Pick {{
{variants}
}}

/// The probe tool.
#[derive(ToolArgs, Deserialize)]
pub struct Probe {{
    /// The pick.
    pub pick: Pick,
}}

fn main() {{
    let text = std::env::args().nth(1).unwrap_or_default();
    let value = tool_schema::__private::serde_json::from_str(&text).unwrap_or_default();
    println!("{{}}", Probe::validate(&value).messages().len());
    println!("{{}}", tool_schema::parse_str::<Probe>(&text).is_ok());
}}
"""

# The floor of `deriveN`: the same enum and field with serde's derive alone.
SERDE_ONLY = """\
use serde::Deserialize;

#[derive(Deserialize)]
pub enum Pick {{
{variants}
}}

#[derive(Deserialize)]
pub struct Probe {{
    pub pick: Pick,
}}

fn main() {{
    let text = std::env::args().nth(1).unwrap_or_default();
    let probe: Result<Probe, _> = tool_schema::__private::serde_json::from_str(&text);
    println!("{{}}", probe.is_ok());
}}
"""


def derived_enum(n, source=DERIVE):
    """`#[derive(ToolArgs)]` over an enum of `n` unit variants, used as a field
    (`source`: `SERDE_ONLY` for the same with serde's derive alone)."""
    return source.format(variants="\n".join(f"    V{i}," for i in range(n)))


CASES = {
    "depth30": lambda: level(30),
    "depth45": lambda: level(45),
    "depth60": lambda: level(60),
    "props2000": lambda: wide(2000),
    "props500distinct": lambda: wide(500, distinct=True),
    "props1000distinct": lambda: wide(1000, distinct=True),
    "props2000distinct": lambda: wide(2000, distinct=True),
    "props2500": lambda: wide(2500),
    "props5000": lambda: wide(5000),
    "props10000": lambda: wide(10000),
    "anyof250": lambda: branches(250),
    "anyof500": lambda: branches(500),
    "anyof1000": lambda: branches(1000),
    "anyof2000": lambda: branches(2000),
    "required2500": lambda: all_required(2500),
    "required5000": lambda: all_required(5000),
    "required10000": lambda: all_required(10000),
    "enum6000": lambda: enum_of(6000),
    "enum60000": lambda: enum_of(60000),
    "enum60000strings": lambda: enum_of(60000, strings=True),
    "derive1500": lambda: derived_enum(1500),
    "derive3000": lambda: derived_enum(3000),
    "derive6000": lambda: derived_enum(6000),
    "serde3000": lambda: derived_enum(3000, SERDE_ONLY),
    "serde6000": lambda: derived_enum(6000, SERDE_ONLY),
}

MAIN = """\
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    /// The probe tool.
    pub Probe = include!("schema.json");
}

fn main() {
    let text = std::env::args().nth(1).unwrap_or_default();
    let value = tool_schema::__private::serde_json::from_str(&text).unwrap_or_default();
    println!("{}", Probe::validate(&value).messages().len());
    println!("{:?}", Probe::validate_str(&text).map(|r| r.is_valid()));
}
"""


def write_crate(path, name, schema):
    os.makedirs(os.path.join(path, "src"), exist_ok=True)
    with open(os.path.join(path, "Cargo.toml"), "w") as f:
        f.write(
            f"""[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
tool-schema = {{ path = {json.dumps(ROOT)} }}
serde = {{ version = "1", features = ["derive"] }}

[workspace]
"""
        )
    # A case is a schema for `tool_schema!`, or the source of a derived tool.
    main = schema if isinstance(schema, str) else MAIN
    if not isinstance(schema, str):
        with open(os.path.join(path, "schema.json"), "w") as f:
            json.dump(schema, f, indent=1)
    with open(os.path.join(path, "src", "main.rs"), "w") as f:
        f.write(main)
    shutil.copy(os.path.join(ROOT, "Cargo.lock"), os.path.join(path, "Cargo.lock"))


def build(path, target, release, name=None):
    env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0")
    if name:
        # From clean: a crate built before with the same macros would not rebuild.
        clean = ["cargo", "clean", "--quiet", "-p", name] + (["--release"] if release else [])
        subprocess.run(clean, cwd=path, env=env, check=True)
    cmd = ["cargo", "build", "--quiet"] + (["--release"] if release else [])
    timed = ["/usr/bin/time", "-f", "%e %U %S %M"] + cmd
    r = subprocess.run(timed, cwd=path, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        sys.exit(f"build of {path} failed")
    wall, user, sys_, peak_kb = r.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(sys_), int(peak_kb) / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("case", nargs="*", help="cases to build (default: all)")
    ap.add_argument("--cases", action="store_true", help="list the cases")
    ap.add_argument("--debug", action="store_true", help="a debug build")
    ap.add_argument("--out", default="/tmp/tool-schema-compile-growth")
    ap.add_argument("--target-dir")
    args = ap.parse_args()
    if args.cases:
        print("\n".join(CASES))
        return
    cases = args.case or list(CASES)
    for c in cases:
        if c not in CASES:
            sys.exit(f"no case {c} (see --cases)")
    target = args.target_dir or os.path.join(args.out, "target")
    release = not args.debug
    warm = os.path.join(args.out, "warm")
    write_crate(warm, "growth_warm", wide(1))
    build(warm, target, release)
    profile = "release" if release else "debug"
    print(f"| case ({profile}) | schema nodes | wall s | CPU s | peak rustc MiB |")
    print("|---|---:|---:|---:|---:|")
    for c in cases:
        schema = CASES[c]()
        path = os.path.join(args.out, c)
        write_crate(path, f"growth_{c}", schema)
        nodes = "-" if isinstance(schema, str) else json.dumps(schema).count('"type"')
        wall, cpu, peak = build(path, target, release, f"growth_{c}")
        print(f"| {c} | {nodes} | {wall:.1f} | {cpu:.1f} | {peak:.0f} |", flush=True)


if __name__ == "__main__":
    main()
