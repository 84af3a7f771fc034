"""Interchangeable piles by key: `interchangeable: "pile.index % 4"` splits a group into
classes of piles with equal keys, and the group's own rules are checked to tell no two piles
of one class apart, so that the solver may treat each class's piles as one unordered set.

The check reads the checked trees (defines already written out): every place where a rule
reads which pile it is judging (`dest.index`, `.name`, `.prev`, `.next`, `.at`, or the pile
itself compared) must lie inside a part of the rule that depends on that pile's identity
alone; such a part is evaluated for every pile, and must give one value per class.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CompileError
from ...lang import checked as ck
from ...lang.compiler import Compiler
from ...lang.runtime import Env
from .base import Context

# the attributes of a pile that say which pile it is, not what it holds
IDENTITY = frozenset(("index", "name", "prev", "next"))

# the rules of a group in which its own pile is a slot: dest for what it takes, source for
# what leaves it
OWN_SLOT = {"accept": "dest", "accept_empty": "dest", "points": "dest", "max_run": "source", "lift_when": "source"}


def build_classes(cx: Context, name: str, g: dict) -> tuple:
    """The classes of a group's interchangeable key (tuples of global pile indices), () when
    the key is absent, not text, or wrong (reported: E-codes of the expression, P326, P327)."""
    key = g.get("interchangeable")
    if not isinstance(key, str):
        return ()
    path = ("piles", name, "interchangeable")
    fn = cx.expr(path, "pile", None)
    tree = cx.checked.get(path)
    if fn is None or tree is None:
        return ()
    if not _identity_only(tree.tree, "pile"):
        cx.err(
            "P327",
            f"pile group '{name}': the interchangeable key must depend only on which pile it is "
            f"(pile.index, pile.name), not on what the pile holds",
            path,
            hint="write it over pile.index, like 'pile.index % 4'",
        )
        return ()
    piles = cx.world.layout.groups[name].piles
    env = Env(None)
    keys: dict = {}
    for p in piles:
        env.pile = p
        keys.setdefault(fn(env), []).append(p)
    classes = tuple(tuple(c) for c in keys.values())
    for field, slot in OWN_SLOT.items():
        c = cx.checked.get(("piles", name, field))
        if c is None:
            continue
        bad = _tells_apart(cx, c.tree, slot, classes)
        if bad is not None:
            cx.err(
                "P326",
                f"pile group '{name}': {field} tells apart piles of one interchangeable key "
                f"({cx.world.layout.pile_names[bad[0]]} and {cx.world.layout.pile_names[bad[1]]})",
                ("piles", name, field),
                offset=bad[2].col - 1,
                hint="make the key follow what the rule reads of the pile (the same suit list, indexed the same way)",
            )
    return classes


def _children(e: Any):
    for fname in getattr(type(e), "__slots__", ()):
        value = getattr(e, fname, None)
        if isinstance(value, ck.Expr):
            yield value
        elif isinstance(value, tuple):
            yield from (x for x in value if isinstance(x, ck.Expr))


def _is_slot(e: Any, slot: str) -> bool:
    return isinstance(e, ck.Name) and e.ref.kind is ck.Ref.SLOT and e.id == slot


def _identity_only(e: Any, slot: str) -> bool:
    """Does this part depend on nothing but constants and which pile the slot is?"""
    if e.is_const:
        return True
    if isinstance(e, ck.Name):
        return e.ref.kind not in (ck.Ref.SLOT, ck.Ref.VAR, ck.Ref.HISTORY, ck.Ref.DEALT) or e.id == slot
    if isinstance(e, ck.Attr):
        return e.attr is not None and e.attr.name in IDENTITY and _identity_only(e.obj, slot)
    if isinstance(e, ck.Quant):
        return False
    return all(_identity_only(x, slot) for x in _children(e))


def _reads_pile(e: Any, slot: str) -> bool:
    return _is_slot(e, slot) or any(_reads_pile(x, slot) for x in _children(e))


def _tells_apart(cx: Context, e: Any, slot: str, classes: tuple) -> tuple | None:
    """Two piles of one class this part of a rule tells apart, and the part that does (None:
    it tells none apart)."""
    if e.is_const or not _reads_pile(e, slot):
        return None
    if _identity_only(e, slot):
        fn = _compiled(cx, e)
        if fn is None:
            return next(((c[0], c[1], e) for c in classes if len(c) > 1), None)
        env = Env(None)
        for c in classes:
            values = []
            for p in c:
                setattr(env, slot, p)
                values.append(fn(env))
            for p, x in zip(c[1:], values[1:]):
                if x != values[0]:
                    return c[0], p, e
        return None
    if isinstance(e, ck.Attr) and _is_slot(e.obj, slot):
        return None  # what the pile holds (dest.top, source.size): alike for alike piles
    if _is_slot(e, slot):
        # the pile itself, in a part that reads more than its identity (dest == x)
        return next(((c[0], c[1], e) for c in classes if len(c) > 1), None)
    for x in _children(e):
        bad = _tells_apart(cx, x, slot, classes)
        if bad is not None:
            return bad
    return None


def _compiled(cx: Context, e: Any):
    try:
        return Compiler(cx.world).build(e)
    except CompileError:
        return None
