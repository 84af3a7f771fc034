"""The win read over every position the layout allows at once: an abstract evaluator of the
checked tree (lang/checked.py), for the validator's V701-V703.

Kept apart from the checks that use it because it is a small interpreter of its own: each
node of the checked tree gets an abstract value (a set of truth values, an interval of whole
numbers, a set of piles, a list of bounded length), and every answer errs on the side of
"could hold", so a warning it leads to is never wrong about a real position.
"""

from __future__ import annotations

from ..core.limits import MAX_INT
from ..lang import checked
from ..lang.checked import Ref


class _Int:
    """A whole number somewhere in lo..hi (None = unbounded), maybe also none."""

    __slots__ = ("lo", "hi", "none")

    def __init__(self, lo, hi, none=False):
        self.lo, self.hi, self.none = lo, hi, none


class _Piles:
    """A pile among a known set."""

    __slots__ = ("piles",)

    def __init__(self, piles):
        self.piles = frozenset(piles)


class _List:
    """A list of lo..hi items (hi None = unbounded); items known one by one when ``items``."""

    __slots__ = ("elem", "lo", "hi", "items")

    def __init__(self, elem, lo, hi, items=None):
        self.elem, self.lo, self.hi, self.items = elem, lo, hi, items


class _Const:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


TOP = object()  # anything at all
BOTH = frozenset((True, False))


class _Abstract:
    """Evaluates a state expression over every position the layout allows at once.

    The answer for a condition is the set of values it can take: {False} means it can
    never hold. Each pile holds 0..(its capacity, or the deck) cards; everything else that
    is not known is left open, so the answer errs on the side of "could hold".
    """

    def __init__(self, world, variant, capacities):
        """world: what it reads of the deck and the piles (``.deck``, ``.layout``): the checker's
        World, or the Variant itself. capacities: True (every pile's), False (none: only the
        deck bounds a pile), or a set of group names whose capacities count."""
        self.w = world
        self.v = variant
        self.caps = capacities
        self.capped_groups: set = set()
        self.scope: dict = {}  # a quantifier variable's slot -> its abstract value
        self.steps = 0

    def truth(self, node) -> frozenset:
        try:
            return self.as_bool(self.ev(node))
        except (RecursionError, _GiveUp):
            return BOTH

    # -- helpers -------------------------------------------------------------------
    def cap(self, p) -> int:
        n = self.w.deck.size
        group = self.v.layout.group_of[p]
        if self.caps is True or (self.caps and group in self.caps):
            c = self.v.rules[p].capacity
            if c is not None and c < n:
                self.capped_groups.add(self.v.layout.group_of[p])
                return c
        return n

    @staticmethod
    def as_bool(x) -> frozenset:
        if isinstance(x, frozenset):
            return x
        if isinstance(x, _Const):
            return frozenset((bool(x.value),))
        return BOTH

    @staticmethod
    def as_int(x):
        if isinstance(x, _Int):
            return x
        if isinstance(x, _Const) and isinstance(x.value, int) and not isinstance(x.value, bool):
            return _Int(x.value, x.value)
        if isinstance(x, _Const) and x.value is None:
            return _Int(1, 0, True)
        return _Int(None, None, True)

    def ev(self, n):
        self.steps += 1
        if self.steps > 20_000:
            raise _GiveUp
        meth = getattr(self, "x_" + type(n).__name__, None)
        return meth(n) if meth else TOP

    # -- nodes -----------------------------------------------------------------------
    def x_Number(self, n):
        return _Const(n.value)

    def x_String(self, n):
        return _Const(n.value)

    def x_Name(self, n: checked.Name):
        ref = n.ref  # bound once, by the checker
        if ref.kind is Ref.VAR:
            return self.scope.get(ref.slot, TOP)
        if ref.kind is Ref.CONSTANT:
            return _Const(ref.value) if not isinstance(ref.value, tuple) else TOP
        if ref.kind is Ref.GROUP:
            piles = list(ref.value)
            return _List(_Piles(piles), len(piles), len(piles), [_Piles([p]) for p in piles])
        if ref.kind in (Ref.RANK, Ref.SUIT, Ref.COLOR):
            return _Const(ref.value)
        if ref.kind is Ref.WORD:
            return frozenset((ref.value,)) if isinstance(ref.value, bool) else _Const(ref.value)
        if ref.kind is Ref.DEALT:  # base_rank: a rank of the deck (none if its pile was empty)
            return _Int(self.w.deck.low, self.w.deck.high, True)
        return TOP  # a slot of the move context: anything

    def x_Attr(self, n: checked.Attr):
        obj = self.ev(n.obj)
        a = n.attr.name if n.attr is not None else ""
        if isinstance(obj, _Piles):
            hi = max((self.cap(p) for p in obj.piles), default=0)
            if a in ("size", "down", "up"):
                return _Int(0, hi)
            if a == "empty":
                return BOTH
            if a in ("free", "covered"):
                if all(not self.w.layout.covers[p] for p in obj.piles):
                    return frozenset((a == "free",))
                return BOTH
            if a == "cards":
                return _List("card", 0, hi)
            if a in ("prev", "next"):
                table = self.w.layout.prev if a == "prev" else self.w.layout.next
                return _Piles(table[p] for p in obj.piles)
            if a == "index" and len(obj.piles) == 1:
                return _Const(self.w.layout.index_of[next(iter(obj.piles))])
            if a == "group" and len(obj.piles) == 1:
                return _Const(self.w.layout.group_of[next(iter(obj.piles))])
            if a in ("top", "bottom"):
                return "card"
            return TOP
        if isinstance(obj, _List):
            if a == "size":
                return _Int(obj.lo, obj.hi)
            if a in ("first", "last"):
                return obj.elem
            return TOP
        if obj == "card" and a == "rank":
            d = self.w.deck
            return _Int(d.low, d.high, True)
        return TOP

    def x_Index(self, n):
        obj, idx = self.ev(n.obj), self.ev(n.index)
        if (
            isinstance(obj, _List)
            and obj.items is not None
            and isinstance(idx, _Const)
            and isinstance(idx.value, int)
            and -len(obj.items) <= idx.value < len(obj.items)
        ):
            return obj.items[idx.value]
        if isinstance(obj, _List):
            return obj.elem
        return TOP

    def x_Call(self, n: checked.Call):
        args = [self.ev(a) for a in n.args]
        f = n.func.name
        if f == "len" and args and isinstance(args[0], _List):
            return _Int(args[0].lo, args[0].hi)
        if f == "cards" and args:
            x = args[0]
            if isinstance(x, _Piles):
                return _List("card", 0, max((self.cap(p) for p in x.piles), default=0))
            if isinstance(x, _List) and x.items is not None and all(isinstance(i, _Piles) for i in x.items):
                total = sum(max((self.cap(p) for p in i.piles), default=0) for i in x.items)
                return _List("card", 0, min(total, self.w.deck.size))
            return _List("card", 0, None)
        if f == "tops" and args and isinstance(args[0], _List):
            return _List("card", 0, args[0].hi)
        if f in ("min", "max", "abs", "succ", "pred", "used"):
            if f in ("min", "max") and len(args) == 2:
                a, b = self.as_int(args[0]), self.as_int(args[1])
                pick = min if f == "min" else max
                lo = None if a.lo is None or b.lo is None else pick(a.lo, b.lo)
                hi = None if a.hi is None or b.hi is None else pick(a.hi, b.hi)
                if f == "min":
                    lo = None if a.lo is None or b.lo is None else min(a.lo, b.lo)
                    hi = b.hi if a.hi is None else a.hi if b.hi is None else min(a.hi, b.hi)
                else:
                    lo = b.lo if a.lo is None else a.lo if b.lo is None else max(a.lo, b.lo)
                    hi = None if a.hi is None or b.hi is None else max(a.hi, b.hi)
                return _Int(lo, hi, a.none or b.none)
            if f == "used":
                return _Int(0, None)
            return _Int(None, None, True)
        return TOP

    def x_ListLit(self, n):
        items = [self.ev(i) for i in n.items]
        return _List(TOP, len(items), len(items), items)

    def x_Unary(self, n):
        x = self.ev(n.operand)
        if n.op == "not":
            return frozenset(not b for b in self.as_bool(x))
        i = self.as_int(x)
        return _Int(None if i.hi is None else -i.hi, None if i.lo is None else -i.lo, i.none)

    def x_BoolOp(self, n):
        vals = [self.as_bool(self.ev(i)) for i in n.items]
        if n.op == "and":
            can_true = all(True in v for v in vals)
            can_false = any(False in v for v in vals)
        else:
            can_true = any(True in v for v in vals)
            can_false = all(False in v for v in vals)
        return frozenset(b for b, ok in ((True, can_true), (False, can_false)) if ok)

    def x_Cond(self, n):
        test = self.as_bool(self.ev(n.test))
        if test == {True}:
            return self.ev(n.then)
        if test == {False}:
            return self.ev(n.other)
        a, b = self.ev(n.then), self.ev(n.other)
        return _join(a, b, self)

    def x_Binary(self, n):
        left, right = self.ev(n.left), self.ev(n.right)
        op = n.op
        if op in ("+", "-", "*"):
            a, b = self.as_int(left), self.as_int(right)
            return _arith(op, a, b)
        if op in ("/", "%", "**"):
            return _Int(None, None, True)
        if op in ("==", "!="):
            eq = self._equal(left, right)
            return eq if op == "==" else frozenset(not b for b in eq)
        if op in ("<", "<=", ">", ">="):
            return self._order(op, self.as_int(left), self.as_int(right))
        if op in ("in", "notin") and isinstance(right, _List) and right.hi == 0:
            return frozenset((op == "notin",))
        return BOTH

    def _equal(self, x, y) -> frozenset:
        if isinstance(x, _Const) and isinstance(y, _Const):
            return frozenset((x.value == y.value,))
        if isinstance(x, frozenset) and isinstance(y, frozenset):
            return frozenset(a == b for a in x for b in y)
        xi = x if isinstance(x, _Int) else None
        yi = y if isinstance(y, _Int) else None
        if xi is None and isinstance(x, _Const) and isinstance(x.value, int) and not isinstance(x.value, bool):
            xi = self.as_int(x)
        if yi is None and isinstance(y, _Const) and isinstance(y.value, int) and not isinstance(y.value, bool):
            yi = self.as_int(y)
        if xi is not None and yi is not None:
            meet = _meets(xi, yi)
            can_true = meet or (xi.none and yi.none)
            single = xi.lo is not None and xi.lo == xi.hi == yi.lo == yi.hi and not xi.none and not yi.none
            return frozenset(b for b, ok in ((True, can_true), (False, not single)) if ok)
        return BOTH

    @staticmethod
    def _order(op, a, b) -> frozenset:
        if _empty(a) or _empty(b):
            return frozenset((False,))
        lo_a = a.lo if a.lo is not None else float("-inf")
        hi_a = a.hi if a.hi is not None else float("inf")
        lo_b = b.lo if b.lo is not None else float("-inf")
        hi_b = b.hi if b.hi is not None else float("inf")
        strict = op in ("<", ">")
        if op in (">", ">="):
            lo_a, hi_a, lo_b, hi_b = lo_b, hi_b, lo_a, hi_a  # a > b is b < a
        can_true = lo_a < hi_b if strict else lo_a <= hi_b
        can_false = a.none or b.none or (hi_a >= lo_b if strict else hi_a > lo_b)
        return frozenset(v for v, ok in ((True, can_true), (False, can_false)) if ok)

    def x_Quant(self, n: checked.Quant):
        pairs = n.pairs
        coll = self.ev(n.coll)  # for pairs, the list inside pairs(...)
        if not isinstance(coll, _List):
            coll = _List(TOP, 0, None)
        if pairs:
            lo = max(coll.lo - 1, 0)
            hi = None if coll.hi is None else max(coll.hi - 1, 0)
            bodies = [self._body(n, [coll.elem, coll.elem])] if hi != 0 else []
        elif coll.items is not None and len(coll.items) <= 200:
            lo = hi = len(coll.items)
            bodies = [self._body(n, [it]) for it in coll.items]
        else:
            lo, hi = coll.lo, coll.hi
            bodies = [self._body(n, [coll.elem])] if hi != 0 else []
        exact = coll.items is not None and not pairs
        if n.kind in ("all", "any"):
            sets = [self.as_bool(b) for b in bodies]
            if n.kind == "all":
                if exact:
                    can_true = all(True in s for s in sets)
                    can_false = any(False in s for s in sets)
                else:
                    can_true = lo == 0 or all(True in s for s in sets)
                    can_false = hi != 0 and any(False in s for s in sets)
            else:
                if exact:
                    can_true = any(True in s for s in sets)
                    can_false = all(False in s for s in sets)
                else:
                    can_true = hi != 0 and any(True in s for s in sets)
                    can_false = lo == 0 or all(False in s for s in sets)
            return frozenset(v for v, ok in ((True, can_true), (False, can_false)) if ok)
        if n.kind == "count":
            if exact:
                sets = [self.as_bool(b) for b in bodies]
                return _Int(sum(1 for s in sets if s == {True}), sum(1 for s in sets if True in s))
            return _Int(0, hi)
        # sum
        if exact:
            total = _Int(0, 0)
            for b in bodies:
                i = self.as_int(b)
                if i.none:
                    i = _Int(None if i.lo is None else min(i.lo, 0), None if i.hi is None else max(i.hi, 0))
                total = _arith("+", total, i)
            total.none = False
            return total
        if not bodies:
            return _Int(0, 0)
        i = self.as_int(bodies[0])
        lo_i = None if i.lo is None else min(i.lo, 0)
        hi_i = None if i.hi is None else max(i.hi, 0)
        if hi is None:
            return _Int(None if lo_i is None or lo_i < 0 else 0, None if hi_i is None or hi_i > 0 else 0)
        return _Int(None if lo_i is None else lo_i * hi, None if hi_i is None else hi_i * hi)

    def _body(self, n: checked.Quant, values):
        saved = dict(self.scope)
        for slot, val in zip(n.slots, values):
            self.scope[slot] = val
        try:
            return self.ev(n.body)
        finally:
            self.scope = saved


class _GiveUp(Exception):
    pass


def _empty(i: _Int) -> bool:
    return i.lo is not None and i.hi is not None and i.lo > i.hi


def _meets(a: _Int, b: _Int) -> bool:
    if _empty(a) or _empty(b):
        return False
    lo = max(x for x in (a.lo, b.lo) if x is not None) if (a.lo is not None or b.lo is not None) else None
    hi = min(x for x in (a.hi, b.hi) if x is not None) if (a.hi is not None or b.hi is not None) else None
    return lo is None or hi is None or lo <= hi


def _arith(op, a: _Int, b: _Int) -> _Int:
    none = a.none or b.none
    if _empty(a) or _empty(b):
        return _Int(1, 0, True)
    if op == "+":
        lo = None if a.lo is None or b.lo is None else a.lo + b.lo
        hi = None if a.hi is None or b.hi is None else a.hi + b.hi
        return _in_range(lo, hi, none)
    if op == "-":
        lo = None if a.lo is None or b.hi is None else a.lo - b.hi
        hi = None if a.hi is None or b.lo is None else a.hi - b.lo
        return _in_range(lo, hi, none)
    if None in (a.lo, a.hi, b.lo, b.hi):
        return _Int(None, None, none)
    prods = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
    return _in_range(min(prods), max(prods), none)


def _in_range(lo, hi, none) -> _Int:
    """An interval of exact results as the language gives them: arithmetic saturates, so the
    part outside -MAX_INT..MAX_INT is the range's end it passed (ops.py)."""
    lo = None if lo is None else max(-MAX_INT, min(lo, MAX_INT))
    hi = None if hi is None else max(-MAX_INT, min(hi, MAX_INT))
    return _Int(lo, hi, none)


def _join(a, b, ev):
    if isinstance(a, frozenset) or isinstance(b, frozenset):
        return ev.as_bool(a) | ev.as_bool(b)
    if isinstance(a, (_Int, _Const)) and isinstance(b, (_Int, _Const)):
        x, y = ev.as_int(a), ev.as_int(b)
        if (
            isinstance(a, _Const)
            and not isinstance(a.value, int)
            or isinstance(b, _Const)
            and not isinstance(b.value, int)
        ):
            return TOP
        lo = None if x.lo is None or y.lo is None else min(x.lo, y.lo)
        hi = None if x.hi is None or y.hi is None else max(x.hi, y.hi)
        if _empty(x):
            lo, hi = y.lo, y.hi
        elif _empty(y):
            lo, hi = x.lo, x.hi
        return _Int(lo, hi, x.none or y.none)
    if isinstance(a, _Piles) and isinstance(b, _Piles):
        return _Piles(a.piles | b.piles)
    return TOP
