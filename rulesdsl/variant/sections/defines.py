"""The define: section: named predicates, each parsed once, its names checked against every
name some rule sees, none using itself; each use is checked where it is written
(lang/checker.py's expand).
"""

from __future__ import annotations

import re

from ...core.errors import short
from ...core.limits import (
    DEFINE_FILE_FACTOR,
    MAX_DEFINE_NODES,
)
from ...lang import ast as ast_mod
from ...lang.builtins import FUNCTIONS, QUANTIFIERS
from ...lang.checker import METHODS, Define
from ...lang.parser import ExprSyntaxError, parse
from .. import shapes
from .base import Context, expr_text, value_at


def build_defines(cx: Context) -> None:
    """The define: section into world.defines: each head read, its text parsed, its names
    checked against every name some rule sees, and no define using itself. Each use is
    checked later, where it is written (Checker.expand)."""
    raw = cx.data.get("define")
    if not isinstance(raw, dict):
        return
    files = {id(d): len(d.text) for d in cx.doc.origin.values()} | {id(cx.doc): len(cx.doc.text)}
    cx.checker.budget = DEFINE_FILE_FACTOR * (MAX_DEFINE_NODES + sum(files.values()))
    found: dict[str, tuple] = {}  # name -> (key, Define)
    for key, value in raw.items():
        head = shapes.define_head(key)
        if head is None or isinstance(value, (dict, list)) or value is None:
            continue  # reported by the schema (S110, S103)
        name, params, call = head
        path = ("define", key)
        if name in found:
            other = found[name][0]
            if cx.doc.locate(("define", other))[1].path == cx.doc.locate(path)[1].path:
                cx.err("S110", f"define '{name}' is given twice ('{other}' and '{key}')", path, key=True)
                continue
            del found[name]  # a child's define replaces the one it inherits
        role = cx.checker.known_name(name)
        if role is not None or name in FUNCTIONS or name in QUANTIFIERS or name in METHODS:
            what = (
                "a function"
                if name in FUNCTIONS
                else "a quantifier"
                if name in QUANTIFIERS
                else "a method"
                if name in METHODS
                else "something the rules already see (a pile group, option, rank, suit, ...)"
            )
            cx.err(
                "E231",
                f"define '{name}' has the name of {what}: the define would hide it",
                path,
                key=True,
                hint="choose another name",
            )
            continue
        try:
            body = parse(expr_text(value))
        except ExprSyntaxError as exc:
            cx.err(exc.code, exc.message, path, offset=exc.col - 1, hint=exc.hint)
            cx.world.refused.add(name)
            continue
        found[name] = (key, Define(name, params, call, body, path))
    defines = {name: d for name, (_, d) in found.items()}
    cx.world.defines = defines
    refs = {name: define_refs(cx, d) for name, d in defines.items()}
    for name in [n for n in defines if refs[n] is None]:
        del defines[name]  # an unknown name inside: reported (E233)
        cx.world.refused.add(name)
    for name, cycle, col in _define_cycles({n: r for n, r in refs.items() if r is not None}):
        cx.err(
            "E230",
            f"define '{name}' uses itself ({' -> '.join(cycle)}): a define cannot be recursive",
            defines[name].path,
            offset=col - 1,
            hint="a rule over a whole pile is written with a quantifier, like all(a, b in pairs(run): ...)",
        )
        defines.pop(name, None)
        cx.world.refused.add(name)


def define_refs(cx: Context, d: Define) -> dict | None:
    """The defines a define's text uses (name -> column of the first use); None, with an
    error E233, when it uses a name or a function no rule knows."""
    out: dict[str, int] = {}
    stack: list = [(d.body, frozenset(d.params))]
    while stack:
        node, bound = stack.pop()
        name = func = None
        if isinstance(node, ast_mod.Name):
            name = node.id
        elif isinstance(node, ast_mod.Call):
            func = node.func
        if name is not None and name not in bound:
            if name in cx.world.defines:
                out.setdefault(name, node.col)
            elif cx.checker.known_name(name) is None:
                cx.err(
                    "E233",
                    f"define '{d.name}' uses the unknown name '{short(name)}'",
                    d.path,
                    offset=node.col - 1,
                    hint=f"its parameters are: {', '.join(d.params)}" if d.params else None,
                )
                return None
        if func is not None:
            if func in cx.world.defines:
                out.setdefault(func, node.col)
            elif func not in FUNCTIONS:
                message = f"define '{d.name}' calls the unknown function '{short(func)}'"
                cx.err("E233", message, d.path, offset=node.col - 1)
                return None
        inner = bound | frozenset(node.names) if isinstance(node, ast_mod.Quant) else bound
        for v in vars(node).values():
            kids = v if isinstance(v, tuple) else (v,)
            for k in kids:
                if isinstance(k, ast_mod.Node):
                    stack.append((k, inner if k is getattr(node, "body", None) else bound))
    return out


def define_reading(cx: Context, text: str, pattern) -> tuple | None:
    """(a define the text uses, directly or through others, and what of the pattern its
    text holds), or None. A textual test, like the one it extends (P321)."""
    todo = [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text) if w in cx.world.defines]
    seen: set = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        d = cx.world.defines[name]
        body = expr_text(value_at(cx.data, d.path))
        m = pattern.search(body)
        if m:
            return d, m.group(0)
        todo += [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", body) if w in cx.world.defines]
    return None


def _define_cycles(refs: dict) -> list:
    """(name, the cycle through it, column of its first step) for every define on a cycle of
    uses (a define using itself, directly or through others)."""
    out = []
    for start in refs:
        # depth-first from start, looking for a path back to it
        stack: list[tuple[str, tuple]] = [(start, (start,))]
        seen = set()
        while stack:
            name, trail = stack.pop()
            for nxt in refs.get(name, {}):
                if nxt == start:
                    out.append((start, trail + (start,), refs[start][trail[1] if len(trail) > 1 else start]))
                    stack.clear()
                    break
                if nxt not in seen and nxt in refs:
                    seen.add(nxt)
                    stack.append((nxt, trail + (nxt,)))
    return out
