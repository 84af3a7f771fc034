"""The house plan: stages as subpackages, imports one way, no giant rooms (docs/architecture.md).

Every module of rulesdsl/ and runners/ is read with the ``ast`` module (nothing is imported).
The test fails when a module imports one of a later stage (LAYERS) or one listed after it in
the documented table (an upward import, which is how a cycle starts), when the graph has a
cycle, when a project module is imported inside a function without being a measured start-up
exception, when the table in docs/architecture.md no longer shows the real imports, when a stage
after the variant's reads the variant file itself (the loader's internals or the YAML reader),
and when a module or a function is over the size limit without a comment saying why.

The PHASE_2 allow-lists hold today's exceptions; phase 2 of issue 20 (the module splits) empties
them. They only shrink: an entry that no longer applies fails too, so it is taken out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"

# The stages, lowest first: a module imports only from its own stage or an earlier one.
# "front" is the front ends: rulesdsl/cli/, rulesdsl/__init__.py (the public API), runners/.
LAYERS = ["core", "lang", "engine", "formats", "play", "variant", "solve", "stats", "validation", "front"]

# Imports kept inside a function for start-up time, each measured and commented where it stands.
LAZY = {("cli.variants", "validation.validate"), ("cli.serve", "web.server")}

# After the variant stage, a module asks the loader for a Variant (these names) and reads it;
# it does not read the variant's file again (the rest of the loader, or the YAML reader).
# load_report is the validator's: the Variant with every diagnostic and the document's marks;
# load_text a variant given as text (the workbench's), which reads no file but a shipped parent.
LOADER_ENTRIES = {"load", "load_path", "diagnose", "load_report", "load_text"}
READERS = {"variant.loader", "variant.source"}
# (module, what it imports from a reader) left for phase 2 of issue 20: none left.
PHASE_2_READS: set = set()

MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80
# A module or function over the limit carries this comment (near the top of the module, or on
# the lines just above or at the start of the function) saying why it cannot be split.
SIZE_NOTE = re.compile(r"#\s*size:", re.IGNORECASE)
PHASE_2_NOTE = "to be split in phase 2 of issue 20"
# Today's giant modules, each with the note "# size: ... to be split in phase 2 of issue 20".
PHASE_2_MODULES: set = set()
# Today's functions over the limit, by qualified name; phase 2 splits them.
PHASE_2_FUNCTIONS: set = set()


# -- reading the modules ------------------------------------------------------------------------


def module_files() -> dict[str, Path]:
    """Short module name -> file: 'play.game', 'cli', 'runners.text'; a package is named by its
    folder ('lang', 'runners'), the top package by '__init__'."""
    out = {}
    for f in sorted((ROOT / "rulesdsl").rglob("*.py")):
        parts = list(f.relative_to(ROOT / "rulesdsl").with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = f
    for f in sorted((ROOT / "runners").glob("*.py")):
        out["runners" if f.stem == "__init__" else f"runners.{f.stem}"] = f
    return out


def layer(name: str) -> str:
    """The stage a module belongs to: its subpackage, or 'front' for the top-level modules."""
    first = name.split(".")[0]
    return first if first in LAYERS else "front"


def _short(dotted: str, known: set[str]) -> str | None:
    """A dotted module path inside the project as its short name, or None (outside it)."""
    if dotted == "rulesdsl":
        return "__init__"
    for prefix in ("rulesdsl.", ""):
        if dotted.startswith(prefix) and dotted[len(prefix) :] in known:
            return dotted[len(prefix) :]
    return None


def _package_of(name: str, packages: set[str]) -> str:
    """The dotted package a module's relative imports start from."""
    if name == "__init__":
        return "rulesdsl"
    if name in packages:
        return f"rulesdsl.{name}"
    return "rulesdsl." + name.rsplit(".", 1)[0] if "." in name else "rulesdsl"


def import_names(
    name: str, source: str, known: set[str], packages: set[str] = frozenset()
) -> list[tuple[str, str | None, bool]]:
    """(imported module, the name taken from it or None for the module itself, inside a function
    or class?) for each project import of a module."""
    tree = ast.parse(source)
    nested: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            nested.update(id(n) for n in ast.walk(node) if n is not node)
    out = []
    for node in ast.walk(tree):
        found: list[tuple[str, str | None]] = []
        if isinstance(node, ast.Import):
            found = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = _package_of(name, packages).split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            for a in node.names:
                sub = f"{module}.{a.name}"
                found.append((sub, None) if _short(sub, known) else (module, a.name))
        for target, what in found:
            short = _short(target, known)
            if short is not None and short != name:
                out.append((short, what, id(node) in nested))
    return out


def imports(name: str, source: str, known: set[str], packages: set[str] = frozenset()) -> list[tuple[str, bool]]:
    """(imported module, inside a function or class?) for each project import of a module."""
    return sorted({(m, inner) for m, _, inner in import_names(name, source, known, packages)})


def _read_all() -> dict[str, list[tuple[str, str | None, bool]]]:
    files = module_files()
    known = set(files)
    packages = {n for n, f in files.items() if f.name == "__init__.py"}
    return {n: import_names(n, f.read_text(encoding="utf-8"), known, packages) for n, f in files.items()}


def real_graph() -> tuple[dict[str, set[str]], set[tuple[str, str]]]:
    """module -> the project modules it imports; and the (module, import) pairs made inside a function."""
    graph: dict[str, set[str]] = {}
    inner = set()
    for name, found in _read_all().items():
        graph[name] = {m for m, _, _ in found}
        inner |= {(name, m) for m, _, in_function in found if in_function}
    return graph, inner


def documented() -> list[tuple[str, set[str]]]:
    """The tables under '## The import graph' in docs/architecture.md: (module, its imports), lowest first."""
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
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m) :] + [m]
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


def upward_layers(graph: dict[str, set[str]]) -> list[str]:
    """'a imports b' for each import of a module of a later stage."""
    rank = {s: i for i, s in enumerate(LAYERS)}
    return sorted(
        f"{a} ({layer(a)}) imports {b} ({layer(b)})"
        for a, bs in graph.items()
        for b in bs
        if rank[layer(b)] > rank[layer(a)]
    )


def file_reads(found: dict[str, list[tuple[str, str | None, bool]]]) -> set[tuple[str, str]]:
    """(module, what) for each import of the loader's internals or the YAML reader after the variant stage."""
    after = LAYERS[LAYERS.index("variant") + 1 :]
    out = set()
    for name, imported in found.items():
        if layer(name) not in after:
            continue
        for module, what, _ in imported:
            if module in READERS and not (module == "variant.loader" and what in LOADER_ENTRIES):
                out.add((name, module if what is None else f"{module}.{what}"))
    return out


def long_module(source: str) -> tuple[int, str | None]:
    """(line count, the size note near the top or None)."""
    lines = source.splitlines()
    note = next((line for line in lines[:60] if SIZE_NOTE.search(line)), None)
    return len(lines), note


def long_functions(prefix: str, source: str) -> dict[str, tuple[int, bool]]:
    """Qualified name -> (lines, has a size note) for each function over the limit."""
    lines = source.splitlines()
    out: dict[str, tuple[int, bool]] = {}

    def walk(node: ast.AST, qual: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = child.end_lineno - child.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    top = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    near = lines[max(0, top - 4) : child.lineno + 5]
                    out[f"{qual}{child.name}"] = (size, any(SIZE_NOTE.search(x) for x in near))
                walk(child, f"{qual}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{qual}{child.name}.")
            else:
                walk(child, qual)

    walk(ast.parse(source), f"{prefix}.")
    return out


# -- the tests ----------------------------------------------------------------------------------


def test_every_module_belongs_to_a_stage_and_each_stage_says_what_it_may_import():
    files = module_files()
    top = sorted(n for n in files if "." not in n and n not in LAYERS and n not in ("runners", "web"))
    assert top == ["__init__", "__main__", "_old_paths", "cli"], top
    for stage in LAYERS[:-1]:
        init = ROOT / "rulesdsl" / stage / "__init__.py"
        assert init.is_file(), f"rulesdsl/{stage}/ is not a package"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, f"rulesdsl/{stage}/__init__.py does not say what it may import"


def test_the_import_graph_has_no_cycle():
    graph, _ = real_graph()
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_no_module_imports_a_later_stage():
    graph, _ = real_graph()
    assert not upward_layers(graph), upward_layers(graph)


def test_no_module_imports_one_documented_after_it():
    graph, _ = real_graph()
    order = [name for name, _ in documented()]
    rank = {name: i for i, name in enumerate(order)}
    upward = sorted(
        f"{a} imports {b}" for a, bs in graph.items() for b in bs if a in rank and b in rank and rank[b] > rank[a]
    )
    assert not upward, upward


def test_project_modules_are_imported_at_module_level():
    _, inner = real_graph()
    assert inner - LAZY == set(), sorted(inner - LAZY)


def test_the_documented_graph_is_the_real_one():
    graph, _ = real_graph()
    rows = documented()
    names = [name for name, _ in rows]
    assert len(names) == len(set(names)), "a module is listed twice"
    assert set(names) == set(graph), {
        "undocumented": sorted(set(graph) - set(names)),
        "gone": sorted(set(names) - set(graph)),
    }
    wrong = {
        name: {"documented": sorted(shown), "real": sorted(graph[name])} for name, shown in rows if shown != graph[name]
    }
    assert not wrong, wrong


def test_nothing_after_the_variant_stage_reads_the_variant_file():
    reads = file_reads(_read_all())
    assert reads - PHASE_2_READS == set(), sorted(reads - PHASE_2_READS)
    assert PHASE_2_READS - reads == set(), f"gone, take them off PHASE_2_READS: {sorted(PHASE_2_READS - reads)}"


def test_no_module_over_the_limit_without_a_note():
    over, notes = set(), {}
    for name, f in module_files().items():
        size, note = long_module(f.read_text(encoding="utf-8"))
        if size > MAX_MODULE_LINES:
            over.add(name)
            notes[name] = note
    bare = sorted(n for n in over if notes[n] is None)
    assert not bare, f"over {MAX_MODULE_LINES} lines without a '# size:' note near the top: {bare}"
    phase_2 = {n for n in over if PHASE_2_NOTE in (notes[n] or "")}
    assert phase_2 == PHASE_2_MODULES, {
        "noted for phase 2, not listed": sorted(phase_2 - PHASE_2_MODULES),
        "listed, not over or not noted": sorted(PHASE_2_MODULES - phase_2),
    }


def test_no_function_over_the_limit_without_a_note():
    found: dict[str, tuple[int, bool]] = {}
    for name, f in module_files().items():
        found |= long_functions(name, f.read_text(encoding="utf-8"))
    bare = sorted(
        f"{q} ({size} lines)" for q, (size, noted) in found.items() if not noted and q not in PHASE_2_FUNCTIONS
    )
    assert not bare, f"over {MAX_FUNCTION_LINES} lines without a '# size:' note: {bare}"
    gone = PHASE_2_FUNCTIONS - set(found)
    assert not gone, f"split or renamed, take them off PHASE_2_FUNCTIONS: {sorted(gone)}"


def test_the_checks_see_a_cycle_an_upward_import_and_an_inner_import():
    known = {"play.game", "variant.model", "engine.moves"}
    assert find_cycle({"model": {"game"}, "game": {"moves"}, "moves": {"model"}}) == ["game", "moves", "model", "game"]
    assert find_cycle({"model": {"game"}, "game": {"moves"}, "moves": set()}) is None
    source = "from ..play import game\nfrom ..engine.moves import Move\n\ndef f():\n    from .model import Variant\n"
    assert imports("variant.deal", source, known) == [
        ("engine.moves", False),
        ("play.game", False),
        ("variant.model", True),
    ]
    assert imports(
        "runners.text",
        "from rulesdsl.formats import fcs, Game\nimport os\n",
        known | {"formats.fcs", "formats"},
        {"formats"},
    ) == [("formats", False), ("formats.fcs", False)]
    assert upward_layers({"engine.moves": {"play.game"}, "play.game": {"engine.moves"}}) == [
        "engine.moves (engine) imports play.game (play)"
    ]


def test_the_checks_see_a_file_read_and_a_long_module_or_function():
    known = {"variant.loader", "variant.source"}
    src = "from ..variant.loader import load, read_with_extends\nfrom ..variant import source\n"
    found = {"solve.x": import_names("solve.x", src, known), "variant.y": import_names("variant.y", src, known)}
    assert file_reads(found) == {("solve.x", "variant.loader.read_with_extends"), ("solve.x", "variant.source")}
    assert long_module("x = 1\n" * 900) == (900, None)
    assert long_module('"""Doc."""\n# size: one table\n' + "x = 1\n" * 900)[1] == "# size: one table"
    assert long_functions("m", "def f():\n    x = 1\n") == {}
    assert long_functions("m", "class C:\n    def f(self):\n" + "        x = 1\n" * 85) == {"m.C.f": (86, False)}
    assert long_functions("m", "# size: a table\ndef g():\n" + "    x = 1\n" * 85) == {"m.g": (86, True)}
