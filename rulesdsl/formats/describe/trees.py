"""Reading checked trees (lang/checker.py) for the rules text: a tree simplified with what
is constant, and the small shapes the phrasing looks for (an attribute of a slot, a rank and
an offset from it, the pile groups a tree names)."""

from __future__ import annotations

from typing import Any

from ...lang import checker as ck
from ...lang.types import BOOL


def _const(e: ck.Expr) -> Any:
    return e.const if e.is_const else ck.NOCONST


def simplify(e: ck.Expr) -> ck.Expr:
    """Drop what the options decided: a conditional with a constant test is its branch; an
    'and' loses its true items (false if one is false), an 'or' its false items; a 'not' of
    what is decided is decided."""
    if isinstance(e, ck.Cond) and e.test.is_const:
        return simplify(e.then if e.test.const else e.other)
    if isinstance(e, ck.Unary) and e.op == "not":
        inner = simplify(e.operand)
        if inner.is_const and inner.type == BOOL:  # not (an option's false and ...): true
            value = not inner.const
            return ck.Name(e.col, BOOL, value, "true" if value else "false", ck.Binding(ck.Ref.WORD, ""))
        return e
    if isinstance(e, ck.BoolOp):
        items: list[ck.Expr] = []
        for i in e.items:
            i = simplify(i)
            if i.is_const and i.type == BOOL:
                if bool(i.const) == (e.op == "or"):
                    return i  # true in an 'or', false in an 'and': decides the whole
                continue
            if isinstance(i, ck.BoolOp) and i.op == e.op:
                items.extend(i.items)
            else:
                items.append(i)
        if not items:
            return ck.Name(
                e.col, BOOL, e.op == "and", "true" if e.op == "and" else "false", ck.Binding(ck.Ref.WORD, "")
            )
        if len(items) == 1:
            return items[0]
        return ck.BoolOp(e.col, e.type, e.const, e.op, tuple(items))
    return e


def _is_attr(e: ck.Expr, name: str) -> bool:
    return isinstance(e, ck.Attr) and e.attr is not None and e.attr.name == name


def _is_slot(e: ck.Expr, name: str) -> bool:
    return isinstance(e, ck.Name) and e.ref.kind in (ck.Ref.SLOT, ck.Ref.VAR) and e.id == name


def _is_top_of_dest(e: ck.Expr) -> bool:
    return _is_attr(e, "top") and _is_slot(e.obj, "dest")  # type: ignore[attr-defined]


def _rank_of(e: ck.Expr) -> ck.Expr | None:
    """X for X.rank, else None."""
    return e.obj if _is_attr(e, "rank") else None  # type: ignore[attr-defined]


def _offset(e: ck.Expr) -> tuple[ck.Expr, int] | None:
    """(X, k) for X.rank + k, X.rank - k or X.rank; ('succ'/'pred' as k = +-1 with wrap)."""
    if _rank_of(e) is not None:
        return e, 0
    if isinstance(e, ck.Binary) and e.op in ("+", "-") and e.right.is_const and isinstance(e.right.const, int):
        if _rank_of(e.left) is not None:
            return e.left, e.right.const if e.op == "+" else -e.right.const
    return None


def _index_ge_dest(x: ck.Expr, var: str) -> bool:
    return (
        isinstance(x, ck.Binary)
        and x.op == ">="
        and _is_attr(x.left, "index")
        and _is_slot(x.left.obj, var)  # type: ignore[attr-defined]
        and _is_attr(x.right, "index")
        and _is_slot(x.right.obj, "dest")  # type: ignore[attr-defined]
    )


def _walk(e: Any) -> Any:
    """Every node of a checked tree, parents first."""
    yield e
    for name in getattr(type(e), "__slots__", ()):
        value = getattr(e, name, None)
        if isinstance(value, ck.Expr):
            yield from _walk(value)
        elif isinstance(value, tuple):
            for v in value:
                if isinstance(v, ck.Expr):
                    yield from _walk(v)


def _group(e: ck.Expr, v: Any) -> Any:
    """The pile group (layout.Group) an expression names (``tableau``), or None."""
    if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.GROUP:
        return v.layout.groups[e.ref.name]
    return None


def _all_of_size(e: ck.Expr, v: Any) -> bool:
    """Does the win say that every pile of some groups holds n cards, n times the piles being the deck?"""
    parts = e.items if isinstance(e, ck.BoolOp) and e.op == "and" else (e,)
    total = 0
    for p in parts:
        if not (isinstance(p, ck.Quant) and p.kind == "all" and not p.pairs):
            return False
        body = p.body
        if not (
            isinstance(body, ck.Binary) and body.op == "==" and _is_attr(body.left, "size") and body.right.is_const
        ):
            return False
        if not isinstance(p.coll.const, tuple):
            return False
        total += len(p.coll.const) * body.right.const
    return total == v.deck.size
