"""The sequence rule of a run as one phrase ('down by one rank in alternating colours'), when
every part of it relates the two cards in a known way."""

from __future__ import annotations

from ...lang import checker as ck
from .trees import _is_attr, _offset, _rank_of, simplify
from .words import plural


def sequence_phrase(e: ck.Expr, a: str = "a", b: str = "b") -> str | None:
    """'down by one rank in alternating colours' for a rule relating b to the card a under
    it, when every part of it is a known relation; else None."""
    items = simplify(e)
    parts = items.items if isinstance(items, ck.BoolOp) and items.op == "and" else (items,)
    rank = colour = suit = None
    for p in parts:
        if not isinstance(p, ck.Binary) or p.op not in ("==", "!="):
            return None
        sides = (p.left, p.right)
        if all(_is_attr(s, "color") for s in sides) and {s.obj.id for s in sides} == {a, b}:  # type: ignore[attr-defined]
            colour = "in alternating colours" if p.op == "!=" else "in one colour"
            continue
        if all(_is_attr(s, "suit") for s in sides) and {s.obj.id for s in sides} == {a, b}:  # type: ignore[attr-defined]
            suit = "in one suit" if p.op == "==" else "changing suit at every card"
            continue
        if p.op != "==":
            return None
        k = _b_minus_a(p.left, p.right, a, b)
        if k is None:
            k = _b_minus_a(p.right, p.left, a, b)
        if k is None:
            return None
        rank = "of one rank" if k == 0 else f"{'up' if k > 0 else 'down'} by {plural(abs(k), 'rank')}"
    if rank is None and colour is None and suit is None:
        return None
    core = " ".join(x for x in (rank or "in any order of ranks", suit, colour) if x)
    return core if core.startswith(("up", "down")) else "all " + core


def _b_minus_a(x: ck.Expr, y: ck.Expr, a: str, b: str) -> int | None:
    """The rank of b less the rank of a, when x is one of their ranks and y the other plus k."""
    rx = _rank_of(x)
    if rx is None or not isinstance(rx, ck.Name) or rx.id not in (a, b):
        return None
    if isinstance(y, ck.Call) and y.func.name in ("succ", "pred") and _rank_of(y.args[0]) is not None:
        k, other = (1 if y.func.name == "succ" else -1), _rank_of(y.args[0])
    else:
        off = _offset(y)
        if off is None:
            return None
        other, k = _rank_of(off[0]), off[1]
    if not isinstance(other, ck.Name) or {rx.id, other.id} != {a, b}:
        return None
    return k if rx.id == b else -k
