#!/usr/bin/env python3
"""Checks the layering of src/ (issue 13): run `python3 scripts/check_layers.py`.

Reads every `use crate::...`, `use super::...` and inline `crate::a::b` path in src/
(`#[cfg(test)]` modules left out: tests may reach anywhere), resolves each to the file of the
module it names, and fails if

  * `crate::http` is used outside src/http/ and src/main.rs;
  * `crate::api` is used by src/adjudication/, src/xiangqi/ or src/diagram/;
  * src/xiangqi/ or src/diagram/ uses `crate::adjudication`, or src/xiangqi/ `crate::diagram`
    (src/diagram/ draws on the rules core alone);
  * the rules core, the law, the diagrams or the records use `crate::engine`, or the engine
    bridge uses `crate::api` or `crate::adjudication` (issue 34: it stands on the rules core
    alone);
  * any file-level module cycle exists (a file naming another file that names it back,
    however far round), except the ones listed, exactly, in KNOWN_CYCLES.

It prints the graph of top-level layers (`cli -> api`, ...) and any violation. Python 3
standard library only; exit status 1 on a violation. Paths named through `self::`, or through
a `pub use` re-export, count as uses of the module they name.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

# Cycles known and not yet broken, each exactly (a cycle that grows or changes fails). None
# today: the notation facade's cycle was broken by moving `Notation` to `notation/name.rs`.
KNOWN_CYCLES: list[set[str]] = []

# (layer using, layer used, why it is forbidden). `main` is src/main.rs, the binary.
FORBIDDEN = [
    (lambda a: a not in ("http", "main"), "http", "only src/http and main.rs use crate::http"),
    (lambda a: a in ("adjudication", "xiangqi", "diagram"), "api", "the domain knows nothing of the API"),
    (lambda a: a in ("xiangqi", "diagram"), "adjudication",
     "the rules core, and the diagrams drawn on it, know nothing of the law"),
    (lambda a: a == "xiangqi", "diagram", "the rules core knows nothing of the diagrams"),
    (lambda a: a in ("xiangqi", "adjudication", "diagram", "records"), "engine",
     "the rules core and the law know nothing of the engine"),
    (lambda a: a == "engine", "api", "the engine bridge knows nothing of the API"),
    (lambda a: a == "engine", "adjudication",
     "the engine bridge holds no law: the API chooses the moves it may play"),
]


def module_path(file: Path) -> list[str]:
    """The module path of a source file: src/http/v1.rs -> ["http", "v1"]."""
    rel = file.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def strip_test_modules(text: str) -> str:
    """The text without `#[cfg(test)]` items (a module or a single item), comments and strings."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        j = m.end()
        # Skip the item: up to its first `;` or its balanced `{...}`.
        depth = 0
        while j < len(text):
            c = text[j]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    j += 1
                    break
            elif c == ";" and depth == 0:
                j += 1
                break
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def use_paths(text: str) -> list[str]:
    """Every path a file names: each leaf of its `use` trees, and every inline `a::b` path."""
    paths: list[str] = []
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        paths.extend(expand(re.sub(r"\s+", " ", m.group(1))))
    for m in re.finditer(r"(?<![\w:])(\w+(?:::\w+)+)", text):
        paths.append(m.group(1))
    return paths


def expand(tree: str) -> list[str]:
    """`a::{b, c::{d as e}}` -> ["a::b", "a::c::d"]."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        # A rename (`d as e`) names `d`; the spaces around `as` are kept until here so that
        # a name containing "as" (`assets`) is not cut.
        return [re.split(r"\s+as\s+", tree)[0].replace(" ", "")]
    prefix, inner = tree[:brace].replace(" ", ""), tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, c in enumerate(inner):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:k])
            start = k + 1
    parts.append(inner[start:])
    out = []
    for p in parts:
        p = p.strip()
        if not p:
            continue
        if p == "self":
            out.append(prefix.rstrip(":"))
        else:
            out.extend(expand(prefix + p))
    return out


def resolve(path: str, here: list[str], files: dict) -> tuple | None:
    """The longest module (a key of `files`) a path names, or None for a path outside the crate.

    `here` is the module of the file the path is written in. A path starts at the crate root
    (`crate::`), at `here` (`self::`, or the name of one of its child modules) or above it
    (`super::`); any other path names another crate.
    """
    segs = path.split("::")
    if segs[0] == "crate":
        full = segs[1:]
    elif segs[0] in ("super", "self"):
        cur = list(here)
        rest = segs
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                cur = cur[:-1]
            rest = rest[1:]
        full = cur + rest
    elif tuple(here + segs[:1]) in files:
        full = here + segs
    else:
        return None
    for n in range(len(full), -1, -1):
        if tuple(full[:n]) in files:
            return tuple(full[:n])
    return None


def layer(module: tuple) -> str:
    return module[0] if module else "lib"


def main() -> int:
    files: dict[tuple, Path] = {}
    for f in sorted(SRC.rglob("*.rs")):
        key = tuple(module_path(f))
        if f.name == "main.rs" and f.parent == SRC:
            key = ("main",)
        files[key] = f

    edges: dict[tuple, set] = {k: set() for k in files}
    for key, f in files.items():
        here = [] if key == ("main",) else list(key)
        text = strip_test_modules(f.read_text(encoding="utf-8"))
        if key == ("main",):
            # The binary names the library as `xiangqi_arbiter::...`.
            text = text.replace("xiangqi_arbiter::", "crate::")
        for p in use_paths(text):
            target = resolve(p, here, files)
            if target is not None and target != key and target != ():
                edges[key].add(target)

    problems = []
    layers: dict[str, set] = {}
    for a, targets in edges.items():
        for b in targets:
            la, lb = layer(a), layer(b)
            if la != lb:
                layers.setdefault(la, set()).add(lb)
            for user_ok, used, why in FORBIDDEN:
                if lb == used and la != used and user_ok(la):
                    problems.append(f"{files[a].relative_to(ROOT)} uses crate::{'::'.join(b)}: {why}")

    # Cycles between files: Tarjan's strongly connected components.
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
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
                sccs.append(comp)

    sys.setrecursionlimit(10_000)
    for v in edges:
        if v not in index:
            visit(v)
    known = []
    for comp in sccs:
        names = sorted(str(files[m].relative_to(ROOT)) for m in comp)
        if set(names) in KNOWN_CYCLES:
            known.append(", ".join(names))
        else:
            problems.append(f"module cycle: {', '.join(names)}")

    print("Layers (top-level modules of src/, and what each uses):")
    for la in sorted(layers):
        print(f"  {la} -> {', '.join(sorted(layers[la]))}")
    print(f"{len(files)} files, {sum(len(t) for t in edges.values())} file-to-file uses, "
          f"{len(sccs) - len(known)} new cycles, {len(known)} known")
    for k in known:
        print(f"  known cycle (KNOWN_CYCLES, not failed): {k}")
    if problems:
        print("\nLayering violations:")
        for p in problems:
            print(f"  {p}")
        return 1
    print("Layering OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
