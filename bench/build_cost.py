#!/usr/bin/env python3
"""Build cost of tool-schema against serde derive (issue #17).

Builds two small binary crates from clean, side by side, each in a target
directory of its own: bench/build_cost/tools-ts (the four benchmark tools with
`tool_schema!` and `include!`, tool-schema from this workspace as a path
dependency, default features) and bench/build_cost/tools-serde (the same tools as
serde derive structs). Prints wall and CPU seconds (user + sys of cargo and every
rustc it ran), the peak resident memory of the largest process, and the ratios.

    python3 bench/build_cost.py                      # release and debug, one run each
    python3 bench/build_cost.py --profile release --runs 3
    python3 bench/build_cost.py --ts-args="--no-default-features --features pattern,engines"   # tools-ts forwards tool-schema's features: here without `typed`
    python3 bench/build_cost.py --timings           # also cargo's --timings report per build
    python3 bench/build_cost.py --scaling            # schema size: 30/45/60 deep, 2,000 properties
    python3 bench/build_cost.py --timings --jobs 1 --target-root DIR   # seconds per crate
    python3 bench/build_cost.py --agent --rebuild    # also an agent's crate; rebuild times
    python3 bench/build_cost.py --agent --lean       # also both without `engines`
    python3 bench/build_cost.py --floor              # also the floor: a macro on serde_json alone
    python3 bench/build_cost.py --rival              # also schemars + jsonschema for the same tools

`--agent` adds bench/build_cost/tools-agent (the same four tools, each exported
for Anthropic and validated as a value and as text, as an agent does), compared
with serde derive like tools-ts: a change that makes tools-ts cheaper by moving
code into the crates that call it shows there. `--rebuild` also times a second
build of each crate after its `src/main.rs` is touched (a crate's own rebuild, its
dependencies kept).

`--lean` adds bench/build_cost/tools-ts-lean (and with `--agent`
tools-agent-lean): the same programs, tool-schema without its `engines` feature
(`default-features = false, features = ["pattern"]`).

`--floor` adds bench/build_cost/tools-floor: a crate whose procedural macro reads
the four schemas with serde_json (`preserve_order`) and generates a number for
each. Any design whose macros read JSON with serde_json pays that much before a
line of its own: the ratio of tool-schema's crate to the floor is the cost of
tool-schema's own crates.

`--rival` adds bench/build_cost/tools-schemars: what a user would pick instead
of tool-schema for the same job, the same serde structs deriving schemars'
`JsonSchema` (the schema) and validated at run time by the `jsonschema` crate
(default features off). A second table gives tool-schema's crate against it.

`--scaling` builds one generated crate (a `tool_schema!` of one schema, release)
per case after its dependencies, and prints the CPU seconds and peak memory of
that crate's own build: a schema nested 30, 45 and 60 objects deep (each level an
integer and the next level) and one object of 2,000 properties (strings, bounded
integers, booleans, enums in turn). Compile cost should grow linearly with both.

On a shared machine wall time depends on the others' load: quote the CPU time
beside it. With `--timings`, the seconds of each unit of the build (cargo's
`--timings` data) are printed too, the largest first: with `--jobs 1` one unit
runs at a time (rustc's own threads included), so a unit's seconds are close to
its share of the CPU time. The builds are offline (the registry cache must hold the crates: a
`cargo build` of the workspace fetches them). Not part of CI (a few minutes).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
WORKSPACE = os.path.dirname(HERE)
CRATES = {"tool-schema": "tools-ts", "serde derive": "tools-serde"}


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def units(report):
    """(name, seconds) of each unit in cargo's --timings report, largest first."""
    import json
    import re
    with open(report) as f:
        found = re.search(r"const UNIT_DATA = (\[.*?\]);", f.read(), re.S)
    if not found:
        return []
    rows = {}
    for unit in json.loads(found.group(1)):
        name = unit["name"] + (" (build script)" if "build-script" in unit.get("target", "") else "")
        rows.setdefault(name, []).append(unit["duration"])
    return sorted(((name, times) for name, times in rows.items()), key=lambda r: -sum(r[1]))


def print_units(crate, profile, report):
    rows = units(report)
    total = sum(sum(times) for _, times in rows)
    print(f"  {crate} {profile}: seconds per unit (sum {total:.1f} s; "
          f"a crate built twice, for the target and for the macros, shows both)", file=sys.stderr)
    for name, times in rows[:12]:
        each = " + ".join(f"{t:.1f}" for t in sorted(times, reverse=True))
        print(f"    {name:<26} {each:>12} s  {100 * sum(times) / total:4.1f}%", file=sys.stderr)


def timed_build(cmd, cwd, env):
    """Runs one cargo build under /usr/bin/time: (wall s, cpu s, peak KiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %U %S %M"] + cmd, cwd=cwd, env=env, check=True)
        wall, user, system, peak = out.read().split()
    return float(wall), float(user) + float(system), int(peak)


def build(crate, profile, target, extra, timings, rebuild=False):
    """One clean build of `crate`: (wall s, cpu s, peak KiB), and with `rebuild` the
    same of a second build after its `src/main.rs` is touched (else None)."""
    manifest_dir = os.path.join(HERE, "build_cost", crate)
    lock = os.path.join(manifest_dir, "Cargo.lock")
    # The workspace's lock file: the same versions as the workspace, offline.
    shutil.copy(os.path.join(WORKSPACE, "Cargo.lock"), lock)
    shutil.rmtree(target, ignore_errors=True)
    cmd = ["cargo", "build", "--offline", "--quiet"]
    if profile == "release":
        cmd.append("--release")
    if timings:
        cmd.append("--timings")
    cmd += extra
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    env.pop("RUSTFLAGS", None)
    try:
        clean = timed_build(cmd, manifest_dir, env)
        again = None
        if rebuild:
            # A `-lean` crate builds its sibling's program.
            program = os.path.join(HERE, "build_cost", crate.removesuffix("-lean"), "src", "main.rs")
            os.utime(program)
            again = timed_build([c for c in cmd if c != "--timings"], manifest_dir, env)
    finally:
        os.remove(lock)
    binary = os.path.join(target, profile, crate)
    ran = subprocess.run([binary], capture_output=True, text=True, check=True).stdout
    if "false" in ran:
        sys.exit(f"{crate}: a valid call was refused: {ran}")
    if timings:
        report = os.path.join(target, "cargo-timings", "cargo-timing.html")
        kept = os.path.join(os.path.dirname(target), f"timings-{crate}-{profile}.html")
        shutil.copy(report, kept)
        print(f"  {crate} {profile}: --timings report in {kept}", file=sys.stderr)
        print_units(crate, profile, report)
    return clean, again


def deep(depth):
    """An object nested `depth` levels: each level an `id` and the next `child`."""
    node = {"type": "string", "minLength": 1}
    for level in range(depth):
        node = {
            "type": "object",
            "properties": {"id": {"type": "integer", "minimum": level}, "child": node},
            "required": ["id"],
            "additionalProperties": False,
        }
    return node


def wide(count):
    """An object of `count` properties of four kinds in turn."""
    kinds = [
        {"type": "string"},
        {"type": "integer", "minimum": 0, "maximum": 1000},
        {"type": "boolean"},
        {"type": "string", "enum": ["low", "mid", "high"]},
    ]
    properties = {f"p{i}": kinds[i % 4] for i in range(count)}
    return {"type": "object", "properties": properties, "required": ["p0", "p1"], "additionalProperties": False}


SCALING = {"depth 30": lambda: deep(30), "depth 45": lambda: deep(45), "depth 60": lambda: deep(60),
           "2,000 properties": lambda: wide(2000)}

SCALE_MAIN = """use tool_schema::ToolArgs;

tool_schema::tool_schema! {
    pub Scaled = include!("schema.json");
}

fn main() {
    println!("{}", Scaled::validate(&serde_json::json!({})).is_valid());
}
"""


def scaling(root):
    """Each case of SCALING: (name, cpu s, peak KiB) of the generated crate's build."""
    import json
    crate = os.path.join(root, "tools-scale")
    os.makedirs(os.path.join(crate, "src"), exist_ok=True)
    with open(os.path.join(crate, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "tools-scale"\nversion = "0.0.0"\nedition = "2021"\n\n[workspace]\n\n'
                f'[dependencies]\ntool-schema = {{ path = {json.dumps(WORKSPACE)} }}\nserde_json = "1"\n')
    main_rs = os.path.join(crate, "src", "main.rs")
    with open(main_rs, "w") as f:
        f.write(SCALE_MAIN)
    shutil.copy(os.path.join(WORKSPACE, "Cargo.lock"), os.path.join(crate, "Cargo.lock"))
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(root, "scale-target"))
    env.pop("RUSTFLAGS", None)
    cmd = ["cargo", "build", "--offline", "--quiet", "--release"]
    rows = []
    for name, schema in [("dependencies", lambda: {"type": "object"})] + list(SCALING.items()):
        with open(os.path.join(crate, "schema.json"), "w") as f:
            json.dump(schema(), f, indent=1)
        os.utime(main_rs)
        wall, cpu, peak = timed_build(cmd, crate, env)
        print(f"  {name}: wall {wall:.1f} s, cpu {cpu:.1f} s, peak {peak / 1024:.0f} MiB (load {load()})",
              file=sys.stderr)
        if name != "dependencies":
            rows.append((name, cpu, peak))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", choices=["release", "debug", "both"], default="both")
    parser.add_argument("--runs", type=int, default=1, help="builds of each crate per profile (the minimum is kept)")
    parser.add_argument("--target-root", help="where the target directories go (default: a temporary directory, removed after)")
    parser.add_argument("--ts-args", default="", help="more cargo arguments for tools-ts, e.g. --no-default-features")
    parser.add_argument("--scaling", action="store_true", help="the schema-size cases instead of the side-by-side build")
    parser.add_argument("--timings", action="store_true", help="keep cargo's --timings report of each build (needs --target-root) "
                        "and print the seconds of each unit")
    parser.add_argument("--jobs", type=int, help="cargo's -j for the side-by-side builds (1: one unit at a time)")
    parser.add_argument("--agent", action="store_true", help="also build tools-agent (exports and the text path called)")
    parser.add_argument("--lean", action="store_true", help="also build tools-ts-lean (and with --agent tools-agent-lean): "
                        "the same programs without tool-schema's `engines` feature")
    parser.add_argument("--floor", action="store_true", help="also build tools-floor (a macro on serde_json, nothing generated)")
    parser.add_argument("--rival", action="store_true", help="also build tools-schemars (schemars derive + jsonschema)")
    parser.add_argument("--rebuild", action="store_true", help="also time each crate's rebuild after touching its main.rs")
    args = parser.parse_args()
    if args.timings and not args.target_root:
        parser.error("--timings needs --target-root (the reports are kept there)")

    root = args.target_root or tempfile.mkdtemp(prefix="build-cost-")
    os.makedirs(root, exist_ok=True)
    profiles = ["release", "debug"] if args.profile == "both" else [args.profile]
    print(f"load average (1 min) before: {load()}; nproc {os.cpu_count()}", file=sys.stderr)
    if args.scaling:
        try:
            rows = scaling(root)
        finally:
            if not args.target_root:
                shutil.rmtree(root, ignore_errors=True)
        print("| schema (release, the crate's own build) | CPU | peak rustc memory |")
        print("|---|---:|---:|")
        for name, cpu, peak in rows:
            print(f"| {name} | {cpu:.1f} s | {peak / 1024:.0f} MiB |")
        return
    crates = dict(CRATES)
    if args.agent:
        crates["tool-schema, agent"] = "tools-agent"
    if args.lean:
        crates["tool-schema, lean"] = "tools-ts-lean"
        if args.agent:
            crates["tool-schema, agent, lean"] = "tools-agent-lean"
    if args.rival:
        crates["rival"] = "tools-schemars"
    if args.floor:
        crates["tool-schema, floor (a macro on serde_json alone, not tool-schema)"] = "tools-floor"
    rows = []
    rivals = []
    rebuilt = []
    try:
        for profile in profiles:
            best = {}
            best_again = {}
            for run in range(args.runs):
                for name, crate in crates.items():
                    extra = args.ts_args.split() if crate in ("tools-ts", "tools-agent") else []
                    if args.jobs:
                        extra = extra + [f"-j{args.jobs}"]
                    target = os.path.join(root, f"{crate}-{profile}")
                    got, again = build(crate, profile, target, extra, args.timings, args.rebuild)
                    print(f"  {name} {profile} run {run + 1}: wall {got[0]:.1f} s, cpu {got[1]:.1f} s, "
                          f"peak {got[2] / 1024:.0f} MiB (load {load()})", file=sys.stderr)
                    if name not in best or got[1] < best[name][1]:
                        best[name] = got
                    if again:
                        print(f"  {name} {profile} run {run + 1}, rebuilt: wall {again[0]:.1f} s, "
                              f"cpu {again[1]:.1f} s", file=sys.stderr)
                        if name not in best_again or again[1] < best_again[name][1]:
                            best_again[name] = again
                    shutil.rmtree(target, ignore_errors=True)
            serde = best["serde derive"]
            # A row per tool-schema crate: "release", "release, agent".
            rows += [(", ".join([profile] + name.split(", ")[1:]), best[name], serde)
                     for name in crates if name not in ("serde derive", "rival")]
            if "rival" in best:
                rivals.append((profile, best["tool-schema"], best["rival"]))
            rebuilt += [(f"{profile}, {crates[name]}", again) for name, again in best_again.items()]
    finally:
        if not args.target_root:
            shutil.rmtree(root, ignore_errors=True)
    print(f"load average (1 min) after: {load()}", file=sys.stderr)

    features = f" `{args.ts_args}`" if args.ts_args else ""
    print(f"| clean build{features} | tool-schema wall | CPU | peak | serde derive wall | CPU | peak | ratio wall | ratio CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for profile, ts, serde in rows:
        print(f"| {profile} | {ts[0]:.1f} s | {ts[1]:.1f} s | {ts[2] / 1024:.0f} MiB "
              f"| {serde[0]:.1f} s | {serde[1]:.1f} s | {serde[2] / 1024:.0f} MiB "
              f"| {ts[0] / serde[0]:.2f}x | {ts[1] / serde[1]:.2f}x |")
    if rivals:
        print()
        print("| clean build | tool-schema wall | CPU | schemars + jsonschema wall | CPU | ratio wall | ratio CPU |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for profile, ts, rival in rivals:
            print(f"| {profile} | {ts[0]:.1f} s | {ts[1]:.1f} s | {rival[0]:.1f} s | {rival[1]:.1f} s "
                  f"| {ts[0] / rival[0]:.2f}x | {ts[1] / rival[1]:.2f}x |")
    if rebuilt:
        print()
        print("| rebuild after touching main.rs | wall | CPU |")
        print("|---|---:|---:|")
        for label, again in rebuilt:
            print(f"| {label} | {again[0]:.1f} s | {again[1]:.1f} s |")


if __name__ == "__main__":
    main()
