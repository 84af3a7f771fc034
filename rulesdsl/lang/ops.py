"""What each operation of the expression language does: makers of closures over ``Env``.

Every maker takes the closures of the operands (functions of the evaluation context) and
gives the closure of the operation. The compiler builds rules from them; the checker folds
constants with the same makers, called with constant operands and no context, so a value
folded at load and the same value computed at play time never differ.

Semantics: reading a missing thing gives ``none``; arithmetic on ``none`` gives ``none``;
an ordering comparison with ``none`` is false; division by zero and a negative exponent give
``none``. Arithmetic saturates: a result past -MAX_INT..MAX_INT (limits.py) is the end it
passed (``2 ** 45`` is MAX_INT), so a rule comparing a large result keeps working.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from ..core.limits import MAX_INT
from ..core.state import LAST_KINDS, last_dest, last_number, last_source
from .types import CARD_ATTRS, LIST_ATTRS, MOVE_ATTRS, PILE_ATTRS, Attribute

Fn = Callable[[Any], Any]  # a compiled expression: a function of the context (Env)


def const(value: object) -> Fn:
    return lambda e: value


# -- arithmetic and comparisons --------------------------------------------------------------


def saturate(x: int) -> int:
    """x held to -MAX_INT..MAX_INT: a result past an end is that end."""
    return MAX_INT if x > MAX_INT else -MAX_INT if x < -MAX_INT else x


def power(x: int, y: int) -> int | None:
    """x ** y, saturated; none for a negative exponent (no whole number). Bounded cost:
    a result surely past the range is the range's end, found without computing it."""
    if y < 0:
        return None
    if -1 <= x <= 1:
        return x**y
    if y >= 31 or (abs(x).bit_length() - 1) * y >= 31:  # |x| ** y >= 2 ** 31 > MAX_INT
        return -MAX_INT if x < 0 and y & 1 else MAX_INT
    return saturate(x**y)  # under 2 ** 62: cheap


def _arith_op(op: str) -> Callable[[Fn, Fn], Fn]:
    # + - * ** saturate: a result past -MAX_INT..MAX_INT is the end it passed, so no number
    # grows without bound and a comparison with a large result still holds
    M = MAX_INT

    def make(lf: Fn, rf: Fn) -> Fn:
        if op == "+":
            return lambda e: (
                None if (x := lf(e)) is None or (y := rf(e)) is None else M if (x := x + y) > M else -M if x < -M else x
            )
        if op == "-":
            return lambda e: (
                None if (x := lf(e)) is None or (y := rf(e)) is None else M if (x := x - y) > M else -M if x < -M else x
            )
        if op == "*":
            return lambda e: (
                None if (x := lf(e)) is None or (y := rf(e)) is None else M if (x := x * y) > M else -M if x < -M else x
            )
        if op == "/":  # operands in range: only -MAX_INT / -1 reaches an end, and stays in range
            return lambda e: None if (x := lf(e)) is None or not (y := rf(e)) else x // y
        if op == "%":
            return lambda e: None if (x := lf(e)) is None or not (y := rf(e)) else x % y
        return lambda e: None if (x := lf(e)) is None or (y := rf(e)) is None else power(x, y)

    return make


ARITH = {op: _arith_op(op) for op in ("+", "-", "*", "/", "%", "**")}


def add_const(lf: Fn, k: int) -> Fn:
    """x + k (or x - k, with k negated) for a constant k: one closure fewer."""
    M = MAX_INT
    return lambda e: None if (x := lf(e)) is None else M if (x := x + k) > M else -M if x < -M else x


_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def order(op: str, lf: Fn, rf: Fn) -> Fn:
    cmp = _ORDER[op]

    def order(e: Any) -> bool:
        x, y = lf(e), rf(e)
        return x is not None and y is not None and cmp(x, y)

    return order


def equal(op: str, lf: Fn, rf: Fn) -> Fn:
    return (lambda e: lf(e) == rf(e)) if op == "==" else (lambda e: lf(e) != rf(e))


def equal_const(op: str, lf: Fn, k: object) -> Fn:
    return (lambda e: lf(e) == k) if op == "==" else (lambda e: lf(e) != k)


def member(op: str, lf: Fn, rf: Fn) -> Fn:
    if op == "in":
        return lambda e: (s := rf(e)) is not None and lf(e) in s
    return lambda e: not ((s := rf(e)) is not None and lf(e) in s)


def negate(f: Fn) -> Fn:
    # the range is symmetric: -x of a number in range is in range
    return lambda e: None if (v := f(e)) is None else -v


def not_(f: Fn) -> Fn:
    return lambda e: not f(e)


def conditional(a: Fn, c: Fn, b: Fn) -> Fn:
    return lambda e: a(e) if c(e) else b(e)


def index(of: Fn, xf: Fn) -> Fn:
    def index(e: Any) -> Any:
        seq = of(e)
        i = xf(e)
        if seq is None or i is None or not -len(seq) <= i < len(seq):
            return None
        return seq[i]

    return index


def index_piles(of: Fn, xf: Fn) -> Fn:
    """An index into a list of piles: from 0 only; a negative index is none (never from the end)."""

    def index_piles(e: Any) -> Any:
        seq = of(e)
        i = xf(e)
        if seq is None or i is None or not 0 <= i < len(seq):
            return None
        return seq[i]

    return index_piles


def index_ring(of: Fn, xf: Fn) -> Fn:
    """An index into a group that wraps: any number, taken modulo the group's size."""

    def index_ring(e: Any) -> Any:
        seq = of(e)
        i = xf(e)
        if seq is None or i is None or not seq:
            return None
        return seq[i % len(seq)]

    return index_ring


def list_of(fns: tuple) -> Fn:
    return lambda e: tuple(f(e) for f in fns)


# -- and / or ---------------------------------------------------------------------------------


def _and2(f1: Fn, f2: Fn) -> Fn:
    return lambda e: True if f1(e) and f2(e) else False


def _or2(f1: Fn, f2: Fn) -> Fn:
    return lambda e: True if f1(e) or f2(e) else False


def _all_of(fns: tuple) -> Fn:
    def all_of(e: Any) -> bool:
        for f in fns:
            if not f(e):
                return False
        return True

    return all_of


def _any_of(fns: tuple) -> Fn:
    def any_of(e: Any) -> bool:
        for f in fns:
            if f(e):
                return True
        return False

    return any_of


def bool_chain(op: str, fns: tuple) -> Fn:
    """and / or over the items: a right fold of two-way closures, each test one Python call,
    short-circuiting; a long chain is one loop instead, so evaluation never nests deeper
    than the tree."""
    if len(fns) > 8:
        return _all_of(fns) if op == "and" else _any_of(fns)
    fn = fns[-1]
    for f in reversed(fns[:-1]):
        fn = _and2(f, fn) if op == "and" else _or2(f, fn)
    return fn


# -- quantifiers ------------------------------------------------------------------------------


def _quant(kind: str, pairs: bool) -> Callable[[Fn, Fn, list], Fn]:
    def make(cf: Fn, bf: Fn, slots: list) -> Fn:
        s0 = slots[0]
        s1 = slots[1] if pairs else None

        def items(e: Any) -> Any:
            xs = cf(e) or ()
            if pairs:
                v = e.v
                for i in range(1, len(xs)):
                    v[s0] = xs[i - 1]
                    v[s1] = xs[i]
                    yield
            else:
                v = e.v
                for x in xs:
                    v[s0] = x
                    yield

        if kind == "all":
            return lambda e: all(bf(e) for _ in items(e))
        if kind == "any":
            return lambda e: any(bf(e) for _ in items(e))
        if kind == "count":
            return lambda e: sum(1 for _ in items(e) if bf(e))

        def total(e: Any) -> int | None:
            return saturate(sum((bf(e) or 0) for _ in items(e)))  # the exact total, saturated

        return total

    return make


QUANT = {(k, p): _quant(k, p) for k in ("all", "any", "count", "sum") for p in (False, True)}


# -- attributes -------------------------------------------------------------------------------
# Each maker: (world, obj_fn) -> fn. Makers close over the tables of the deck and layout
# so an access is a list index, not a lookup.


def _card_attr(table_name: str) -> Callable[[Any, Fn], Fn]:
    def make(w: Any, f: Fn) -> Fn:
        table = getattr(w.deck, table_name)
        return lambda e: None if (x := f(e)) is None else table[x]

    return make


def _card_text(w: Any, f: Fn) -> Fn:
    d = w.deck
    return lambda e: None if (x := f(e)) is None else d.text(x)


def _p_size(w: Any, f: Fn) -> Fn:
    return lambda e: None if (p := f(e)) is None else len(e.st.piles[p])


def _p_empty(w: Any, f: Fn) -> Fn:
    return lambda e: None if (p := f(e)) is None else not e.st.piles[p]


def _p_top(w: Any, f: Fn) -> Fn:
    return lambda e: None if (p := f(e)) is None or not (s := e.st.piles[p]) else s[-1]


def _p_bottom(w: Any, f: Fn) -> Fn:
    return lambda e: None if (p := f(e)) is None or not (s := e.st.piles[p]) else s[0]


def _p_cards(w: Any, f: Fn) -> Fn:
    return lambda e: None if (p := f(e)) is None else tuple(e.st.piles[p])


def _p_down(w: Any, f: Fn) -> Fn:
    # face-up cards under face-down ones (State.shown) are not down
    return lambda e: None if (p := f(e)) is None else e.st.down_count(p) if e.st.shown else e.st.down[p]


def _p_up(w: Any, f: Fn) -> Fn:
    def up(e):
        p = f(e)
        return None if p is None else len(e.st.piles[p]) - (e.st.down_count(p) if e.st.shown else e.st.down[p])

    return up


def _p_free(w: Any, f: Fn) -> Fn:
    covers = w.layout.covers

    def free(e: Any) -> bool | None:
        p = f(e)
        if p is None:
            return None
        piles = e.st.piles
        for q in covers[p]:
            if piles[q]:
                return False
        return True

    return free


def _p_covered(w: Any, f: Fn) -> Fn:
    fr = _p_free(w, f)
    return lambda e: None if (x := fr(e)) is None else not x


def _p_table(attr: str) -> Callable[[Any, Fn], Fn]:
    def make(w: Any, f: Fn) -> Fn:
        table = getattr(w.layout, attr)
        return lambda e: None if (p := f(e)) is None else table[p]

    return make


def _l_size(w: Any, f: Fn) -> Fn:
    return lambda e: None if (x := f(e)) is None else len(x)


def _l_first(w: Any, f: Fn) -> Fn:
    return lambda e: None if not (x := f(e)) else x[0]


def _l_last(w: Any, f: Fn) -> Fn:
    return lambda e: None if not (x := f(e)) else x[-1]


def _m_kind(w: Any, f: Fn) -> Fn:
    return lambda e: None if not (x := f(e)) else LAST_KINDS[(x & 3) - 1]


def _m_name(w: Any, f: Fn) -> Fn:
    actions = tuple(w.actions)  # the names in declaration order
    removals = tuple(w.removals)

    def name(e: Any) -> str | None:
        x = f(e)
        if not x or x & 3 == 1:
            return None
        names = removals if x & 3 == 2 else actions
        i = last_number(x)
        return names[i] if i < len(names) else None

    return name


def _m_source(w: Any, f: Fn) -> Fn:
    return lambda e: None if not (x := f(e)) else last_source(x)


def _m_dest(w: Any, f: Fn) -> Fn:
    return lambda e: None if not (x := f(e)) else last_dest(x)


_MAKERS: dict[str, dict[str, Callable[[Any, Fn], Fn]]] = {
    "card": {
        "rank": _card_attr("rank_of"),
        "suit": _card_attr("suit_of"),
        "color": _card_attr("color_of"),
        "copy": _card_attr("copy_of"),
        "suit_index": _card_attr("suit_of"),
        "name": _card_text,
    },
    "pile": {
        "size": _p_size,
        "empty": _p_empty,
        "top": _p_top,
        "bottom": _p_bottom,
        "cards": _p_cards,
        "down": _p_down,
        "up": _p_up,
        "free": _p_free,
        "covered": _p_covered,
        "index": _p_table("index_of"),
        "group": _p_table("group_of"),
        "prev": _p_table("prev"),
        "covered_by": _p_table("covers"),
        "next": _p_table("next"),
    },
    "list": {"size": _l_size, "first": _l_first, "last": _l_last},
    "move": {"kind": _m_kind, "name": _m_name, "source": _m_source, "dest": _m_dest},
}

# the maker of every attribute of types.py, keyed by the Attribute the checker resolved
ATTR_MAKERS: dict[Attribute, Callable[[Any, Fn], Fn]] = {
    a: _MAKERS[a.owner][a.name] for table in (CARD_ATTRS, PILE_ATTRS, LIST_ATTRS, MOVE_ATTRS) for a in table.values()
}
