"""The import graph: one way, as docs/architecture.md draws it.

Every module of rulesdsl/ and runners/ is read with the ``ast`` module (nothing is imported).
The test fails when a module imports one listed after it in the documented order (an upward
import, which is how a cycle starts), when the graph has a cycle, when a project module is
imported inside a function without being a measured start-up exception, or when the table in
docs/architecture.md no longer shows the real imports.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"

# Imports kept inside a function for start-up time, each measured and commented where it stands.
LAZY = {("cli", "validate")}
# Part A of issue 9 (the checker) moves these up to the top of compiler.py; delete them then.
PART_A = {("compiler", "errors")}


def module_files() -> dict[str, Path]:
    """Short module name -> file: 'game', 'runners.text'; the packages are '__init__', 'runners'."""
    out = {}
    for f in sorted((ROOT / "rulesdsl").glob("*.py")):
        out[f.stem] = f
    for f in sorted((ROOT / "runners").glob("*.py")):
        out["runners" if f.stem == "__init__" else f"runners.{f.stem}"] = f
    return out


def _short(dotted: str, known: set[str]) -> str | None:
    """A dotted module path inside the project as its short name, or None (outside it)."""
    if dotted == "rulesdsl":
        return "__init__"
    for prefix in ("rulesdsl.", ""):
        if dotted.startswith(prefix) and dotted[len(prefix):] in known:
            return dotted[len(prefix):]
    return None


def _package_of(name: str) -> str:
    """The dotted package a module's relative imports start from."""
    if name.startswith("runners") or name == "runners":
        return "rulesdsl.runners"
    return "rulesdsl"


def imports(name: str, source: str, known: set[str]) -> list[tuple[str, bool]]:
    """(imported module, inside a function or class?) for each project import of a module."""
    tree = ast.parse(source)
    nested: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            nested.update(id(n) for n in ast.walk(node) if n is not node)
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = _package_of(name).split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            subs = [f"{module}.{a.name}" for a in node.names]
            found = [s for s in subs if _short(s, known)]
            targets = found + ([module] if len(found) < len(subs) else [])
        for t in targets:
            short = _short(t, known)
            if short is not None and short != name:
                out.append((short, id(node) in nested))
    return out


def real_graph() -> tuple[dict[str, set[str]], set[tuple[str, str]]]:
    """module -> the project modules it imports; and the (module, import) pairs made inside a function."""
    files = module_files()
    known = set(files)
    graph: dict[str, set[str]] = {}
    inner = set()
    for name, f in files.items():
        graph[name] = set()
        for target, in_function in imports(name, f.read_text(encoding="utf-8"), known):
            graph[name].add(target)
            if in_function:
                inner.add((name, target))
    return graph, inner


def documented() -> list[tuple[str, set[str]]]:
    """The table under '## The import graph' in docs/architecture.md: (module, its imports), lowest first."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The import graph", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        m = re.match(r"^\| `([\w.]+)` \| ([^|]*)\|", line)
        if m:
            names = set(re.findall(r"`([\w.]+)`", m.group(2)))
            rows.append((m.group(1), names))
    return rows


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that starts and ends at the same module, or None."""
    state: dict[str, int] = {}          # 1 on the current path, 2 done
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


# -- the tests ----------------------------------------------------------------------------------

def test_the_import_graph_has_no_cycle():
    graph, _ = real_graph()
    pending = {a: {b for b in bs if (a, b) not in PART_A} for a, bs in graph.items()}
    assert find_cycle(pending) is None, " -> ".join(find_cycle(pending) or [])


def test_no_module_imports_one_documented_after_it():
    graph, _ = real_graph()
    order = [name for name, _ in documented()]
    rank = {name: i for i, name in enumerate(order)}
    upward = sorted(f"{a} imports {b}" for a, bs in graph.items() for b in bs
                    if (a, b) not in PART_A and a in rank and b in rank and rank[b] > rank[a])
    assert not upward, upward


def test_project_modules_are_imported_at_module_level():
    _, inner = real_graph()
    assert inner - LAZY - PART_A == set(), sorted(inner - LAZY - PART_A)


def test_the_documented_graph_is_the_real_one():
    graph, _ = real_graph()
    rows = documented()
    names = [name for name, _ in rows]
    assert len(names) == len(set(names)), "a module is listed twice"
    assert set(names) == set(graph), {"undocumented": sorted(set(graph) - set(names)),
                                      "gone": sorted(set(names) - set(graph))}
    wrong = {name: {"documented": sorted(shown), "real": sorted(graph[name])}
             for name, shown in rows if shown != graph[name]}
    assert not wrong, wrong


def test_the_checks_see_a_cycle_an_upward_import_and_an_inner_import():
    known = {"game", "model", "moves"}
    assert find_cycle({"model": {"game"}, "game": {"moves"}, "moves": {"model"}}) == \
        ["game", "moves", "model", "game"]
    assert find_cycle({"model": {"game"}, "game": {"moves"}, "moves": set()}) is None
    source = "from . import game\nfrom .moves import Move\n\ndef f():\n    from .model import Variant\n"
    assert sorted(imports("deal", source, known)) == [("game", False), ("model", True), ("moves", False)]
    assert imports("runners.text", "from rulesdsl import fcs, Game\nimport os\n", known | {"fcs"}) == \
        [("fcs", False), ("__init__", False)]
