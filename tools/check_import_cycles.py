#!/usr/bin/env python3
"""No import circles in any crate of the workspace, at any folder depth.

For every crate (each `Cargo.toml` with a `src/` beside it, the facade's included),
reads the paths its files name (`use crate::..`, `use super::..`, `crate::a::b`
in code), resolves each to the file that defines the module or the item
(following `pub use` re-exports), and fails when the parts of a folder (its
files, and its sub-folders each taken whole) import each other in a circle. A
module file and its own parts are one unit (the module declares and re-exports
them, they use what it holds for all of them). Comments, doc comments and
`#[cfg(test)]` modules are left out (a test may use anything). Circles known and
not yet undone are listed in `KNOWN` with their reason.

    python3 tools/check_import_cycles.py          # every crate
    python3 tools/check_import_cycles.py runtime  # one crate's directory
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {"target", "fuzz", ".git", "tests", "examples", "benches", "bench"}


def strip(text):
    """The code of `text` without comments, string literals' contents and test modules."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            continue
        if c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            out.append('""')
            i = n if j < 0 else j + len(end)
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
            continue
        if c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]):
            m = re.match(r"'(\\.|[^\\'])'", text[i:])
            out.append("' '")
            i += len(m.group(0))
            continue
        out.append(c)
        i += 1
    code = "".join(out)
    # `#[cfg(test)] mod name { ... }` and `#[cfg(test)] mod name;`
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*([;{])", code)
        if not m:
            return code
        if m.group(3) == ";":
            code = code[:m.start()] + code[m.end():]
            continue
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        code = code[:m.start()] + code[j:]


class Crate:
    def __init__(self, src):
        self.files = {}  # file -> code
        self.children = {}  # file -> {name: file}
        root = os.path.join(src, "lib.rs")
        if not os.path.exists(root):
            root = os.path.join(src, "main.rs")
        self.root = root
        self.load(root, is_mod_rs=True)

    def load(self, path, is_mod_rs):
        if path in self.files or not os.path.exists(path):
            return
        raw = open(path, encoding="utf-8").read()
        code = strip(raw)
        self.files[path] = code
        self.children[path] = {}
        base = os.path.dirname(path) if is_mod_rs else os.path.splitext(path)[0]
        for m in re.finditer(r"(?:pub(?:\([^)]*\))?\s+)?\bmod\s+(\w+)\s*;", code):
            name = m.group(1)
            # `#[path = "..."]` is a string, which `strip` empties: read it raw.
            explicit = re.search(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+' + name + r"\s*;", raw)
            if explicit:
                child, child_mod_rs = os.path.join(os.path.dirname(path), explicit.group(1)), False
            elif os.path.exists(os.path.join(base, name + ".rs")):
                child, child_mod_rs = os.path.join(base, name + ".rs"), False
            else:
                child, child_mod_rs = os.path.join(base, name, "mod.rs"), True
            self.children[path][name] = child
            self.load(child, child_mod_rs)

    def is_ancestor(self, a, b):
        """Whether module file `a` declares `b`, directly or through its parts."""
        p = self.parent(b)
        while p:
            if p == a:
                return True
            p = self.parent(p)
        return False

    def parent(self, path):
        for f, kids in self.children.items():
            if path in kids.values():
                return f
        return None

    def uses(self, path):
        """The segments of every path the file names (`use` trees expanded)."""
        code = self.files[path]
        found = []
        for m in re.finditer(r"\buse\s+([^;]+);", code):
            found.extend(expand_use(m.group(1)))
        for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)(?!\w|::[{*])", code):
            found.append(m.group(1).split("::"))
        return found

    def resolve(self, path, segs, depth=0):
        """The file that defines what `segs` (from file `path`) names."""
        if depth > 20:
            return None
        if segs[0] == "crate":
            cur, rest = self.root, segs[1:]
        elif segs[0] in ("super", "self"):
            cur, rest = path, segs
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    cur = self.parent(cur) or cur
                rest = rest[1:]
        elif segs[0] in self.children.get(path, {}):
            cur, rest = path, segs
        else:
            return None
        for i, s in enumerate(rest):
            if s in self.children.get(cur, {}):
                cur = self.children[cur][s]
                continue
            target = self.reexport(cur, s, depth)
            return target or cur
        return cur

    def reexport(self, file, name, depth):
        for segs in self.pub_uses(file):
            if segs[-1] == name:
                t = self.resolve(file, segs, depth + 1)
                if t:
                    return t
            elif segs[-1] == "*":
                # a glob: the file it names, when that file defines `name`
                t = self.resolve(file, segs[:-1], depth + 1)
                if t and t in self.files and self.defines(t, name):
                    return t
        return None

    def defines(self, file, name):
        pattern = r"\b(?:struct|enum|fn|const|static|trait|type|union|macro_rules!)\s+" + re.escape(name) + r"\b"
        return re.search(pattern, self.files[file]) is not None

    def pub_uses(self, file):
        code = self.files[file]
        out = []
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", code):
            for p in expand_use(m.group(1).strip()):
                if p and (p[0] in ("crate", "super", "self") or p[0] in self.children.get(file, {})):
                    out.append(p)
        return out


def expand_use(tree):
    """`a::{b, c::d}` -> [[a, b], [a, c, d]]; `x as y` keeps x."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)

    def go(prefix, t):
        if "{" not in t:
            return [prefix + [s for s in t.split("::") if s]]
        i = t.index("{")
        head = [s for s in t[:i].split("::") if s]
        body = t[i + 1:t.rindex("}")]
        parts, depth, cur = [], 0, ""
        for ch in body:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += {"{": 1, "}": -1}.get(ch, 0)
            cur += ch
        if cur:
            parts.append(cur)
        out = []
        for p in parts:
            if p == "self":
                out.append(prefix + head)
            else:
                out.extend(go(prefix + head, p))
        return out
    return go([], tree)


def cycles(graph):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def crate_dirs(only):
    if only:
        return [os.path.join(ROOT, d) for d in only]
    dirs = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        if "Cargo.toml" in filenames and os.path.isdir(os.path.join(dirpath, "src")):
            dirs.append(dirpath)
    return sorted(dirs)


# Circles known and not yet undone, each with the reason and the way out. Any
# other circle fails the check; a known one that is gone is reported, to be
# taken off this list.
KNOWN = set()


def unit(src, f, depth):
    """The part of the crate `f` belongs to, `depth` folders below `src`: a
    file or a module folder (its `mod.rs` and every file under it)."""
    rel = os.path.relpath(f, src).split(os.sep)
    if len(rel) - 1 > depth:
        return os.sep.join(rel[:depth + 1])
    name = rel[-1]
    if name == "mod.rs":
        return os.sep.join(rel[:-1])
    return os.sep.join(rel[:-1] + [name[:-3]])


def main():
    failed = False
    seen_known = set()
    checked = set()
    for d in crate_dirs(sys.argv[1:]):
        src = os.path.join(d, "src")
        crate = Crate(src)
        edges = set()
        for f in crate.files:
            for segs in crate.uses(f):
                t = crate.resolve(f, segs)
                # A module and its own parts are one unit: the module file
                # declares and re-exports its parts, the parts use what it
                # holds for all of them. Only other modules' files count.
                if t and t != f and t != crate.root and not crate.is_ancestor(t, f) and not crate.is_ancestor(f, t):
                    edges.add((f, t))
        # Each folder's parts (its files and sub-folders, a sub-folder taken
        # whole) must import each other without a circle, at every depth.
        graphs = {}
        for f, t in edges:
            depth = 0
            while True:
                a, b = unit(src, f, depth), unit(src, t, depth)
                if a != b:
                    folder = os.path.dirname(a) if depth else ""
                    graphs.setdefault(folder, {}).setdefault(a, set()).add(b)
                    break
                depth += 1
        rel = os.path.relpath(d, ROOT)
        checked.add(rel)
        found = False
        for folder in sorted(graphs):
            for comp in cycles(graphs[folder]):
                if (rel, folder, tuple(comp)) in KNOWN:
                    print(f"known circle in {rel}/src/{folder}: " + ", ".join(comp) + " (see KNOWN)")
                    seen_known.add((rel, folder, tuple(comp)))
                    continue
                found = failed = True
                print(f"circle in {rel}/src/{folder}: " + ", ".join(comp))
                for a in comp:
                    for b in sorted(graphs[folder][a]):
                        if b in comp:
                            why = sorted(
                                (os.path.relpath(f, src), os.path.relpath(t, src))
                                for f, t in edges
                                if unit(src, f, a.count(os.sep)) == a and unit(src, t, a.count(os.sep)) == b
                            )
                            print(f"    {a} -> {b}: " + "; ".join(f"{x} uses {y}" for x, y in why[:4]))
        if not found:
            other = " other" if any(k[0] == rel for k in seen_known) else ""
            print(f"{rel}: {len(crate.files)} files, no{other} import circle at any depth")
    for rel, folder, comp in sorted(KNOWN - seen_known):
        if rel in checked:
            print(f"the known circle {', '.join(comp)} in {rel}/src/{folder} is gone: take it off KNOWN")
    sys.exit(1 if failed else 0)


def self_test():
    """The check finds a circle between two modules, through a `pub use`
    and a `super::` path, and none once one side is gone."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "src", "b"))
        open(os.path.join(d, "Cargo.toml"), "w").write("[package]\n")
        files = {
            "src/lib.rs": "mod a;\nmod b;\n",
            "src/a.rs": "use crate::b::Thing;\npub struct Other;\n// crate::b::never\n",
            "src/b/mod.rs": "mod inner;\npub use inner::Thing;\n",
            "src/b/inner.rs": "pub struct Thing(super::super::a::Other);\n",
        }
        for name, text in files.items():
            open(os.path.join(d, name), "w").write(text)
        crate = Crate(os.path.join(d, "src"))
        graph = {f: {crate.resolve(f, segs) for segs in crate.uses(f)} for f in crate.files}
        a, inner = os.path.join(d, "src", "a.rs"), os.path.join(d, "src", "b", "inner.rs")
        assert inner in graph[a], graph[a]
        assert a in graph[inner], graph[inner]
        assert [sorted(c) for c in cycles({"a": {"b"}, "b": {"a"}})] == [["a", "b"]]
        assert cycles({"a": {"b"}, "b": set()}) == []
    print("self-test passed")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        self_test()
    else:
        main()
