"""The validator behind ``rulesdsl check``: static checks, then seeded random playouts.

Static checks (every option combination, all collected in one run):

* everything the loader reports (YAML, keys, types, expressions, references, the deal);
* the win condition read with the layout in mind: a win that can never hold (V702), one
  that could only hold if some pile took more cards than its ``capacity`` allows (V701),
  and one that holds whatever the position (V703, a warning);
* piles that take cards when none can be picked up, or the other way round (V704, a warning).

Dynamic checks (``play`` seeded playouts of up to ``MAX_MOVES`` random moves per option
combination): an expression that fails or gives the wrong kind of value at run time
(V801, V802, reported at the rule's place in the file), a listed move that does not do
what it says (V803), cards lost or duplicated (V804), undo or redo that does not restore
the position (V805), a variant in which no playout ever makes progress (V806, warning),
a deal that overfills a pile (V807, warning), a game won as soon as it is dealt (V808,
warning), and a failure of rulesdsl itself (V809).

Every diagnostic that appears only with some option values says which ones.
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from pathlib import Path

from ..core.errors import Diagnostic, RulesdslError, RulesError, short
from ..core.kinds import PROGRESS_ROLES
from ..core.limits import MAX_COMBO_VALUES, MAX_COMBOS, MAX_INT, MAX_PLAY_WORK
from ..formats import notation
from ..lang import checker
from ..lang.checker import Ref
from ..play.game import Game
from ..solve.solver import UNWINNABLE, WON
from ..solve.solver import solve as run_solver
from ..solve.stats import deal_state
from ..variant.loader import Builder, read_with_extends
from ..variant.schema import type_name
from .reach import reach_checks

MAX_MOVES = 300  # moves per playout

MAX_PLAY_COMBOS = 32  # option combinations played
SAMPLE = 6  # listed moves tried (played, checked, undone) at each step


def check_paths(
    paths,
    *,
    play: int = 3,
    strict: bool = False,
    options: dict | None = None,
    solve: int = 0,
    solve_seconds: float = 2.0,
    notes: list | None = None,
) -> list[Diagnostic]:
    """Every diagnostic (errors and warnings) for every file, in file order, then by line.

    ``play`` is the number of seeded playouts (seeds 1..play) per option combination; 0
    turns the dynamic checks off. ``options`` fixes option values (as ``--option K=V``
    does): then only that combination is checked. ``strict`` changes nothing here; the
    caller decides the exit status (warnings count as failures under --strict).
    """
    out: list[Diagnostic] = []
    for p in paths:
        out.extend(check_file(p, play=play, options=options, solve=solve, solve_seconds=solve_seconds, notes=notes))
    return out


def check_file(
    path,
    *,
    play: int = 3,
    options: dict | None = None,
    solve: int = 0,
    solve_seconds: float = 2.0,
    notes: list | None = None,
) -> list[Diagnostic]:
    path = Path(path)
    try:
        doc = read_with_extends(path)
    except RulesError as exc:
        return list(exc.diagnostics)
    except RecursionError:  # pragma: no cover - bounded by MAX_EXTENDS and the YAML reader
        return [Diagnostic("X702", "extends chain too deep", str(path))]
    report = _Report()
    base = Builder(doc, options, path.stem)
    variant = base.build()
    report.add(base.out, None)
    if variant is None and not any(d.severity == "error" for d in base.out):
        report.add(
            [
                doc.diag(
                    "S100",
                    "the file does not describe a variant",
                    (),
                    hint="a variant needs a name, at least one pile group under piles, a deal and a win",
                )
            ],
            None,
        )
    if report.has_structural_error():
        return report.sorted()
    combos = [options] if options else option_combinations(variant.option_decls if variant else _declared(doc, path))
    built = []
    # every combination builds the whole file again: a big file gets fewer (limits.py)
    for combo in combos[: max(1, min(MAX_COMBOS, MAX_COMBO_VALUES // max(1, len(doc.marks))))]:
        if combo == {} or combo == options:
            b, v = base, variant
        else:
            b = Builder(doc, combo, path.stem)
            v = b.build()
            report.add(b.out, combo)
        if v is not None:
            built.append((combo, b, v))
            report.add(win_checks(doc, b, v), combo)
            report.add(move_checks(doc, v), combo)
            report.add(reach_checks(doc, b.data, v), combo)
    if play > 0 and not any(d.severity == "error" for d in report.items):
        budget = [MAX_PLAY_WORK]  # listed moves, for all playouts of the file together
        for combo, _b, _v in built[:MAX_PLAY_COMBOS]:
            report.add(playouts(doc, path, combo or {}, play, budget), combo)
    if solve > 0 and built and not any(d.severity == "error" for d in report.items):
        combo, b, v = built[0]
        report.add(solver_check(doc, path, v, solve, solve_seconds, notes), combo)
    items = report.sorted()
    if any(d.code == "V703" for d in items):  # said already: the win always holds
        items = [d for d in items if d.code != "V808"]
    if any(d.code == "V704" for d in items):  # said already: no card can be played
        items = [d for d in items if d.code != "V806"]
    return items


def _declared(doc, path) -> tuple:
    """The options a file declares, read by a throwaway builder (its complaints are dropped)."""
    b = Builder(doc, None, Path(path).stem)
    b.structure()
    return b.options()[1]


def option_combinations(decls) -> list[dict]:
    """Every combination of the options that list their values; others keep their default.

    The defaults come first (as ``{}``), so what is reported for them needs no label.
    """
    listed = [o for o in decls if o.values is not None]
    combos: list[dict] = [{}]
    for values in itertools.product(*(o.values for o in listed)):
        if len(combos) > MAX_COMBOS:  # the product of many options is astronomical: stop
            break
        combo = {o.name: v for o, v in zip(listed, values)}
        if all(combo[o.name] == o.default for o in listed):
            continue
        combos.append(combo)
    return combos


class _Report:
    """Diagnostics of one file, each kept once; those of some option values only say which."""

    def __init__(self):
        self.items: list[Diagnostic] = []
        self.seen: set = set()

    def add(self, diags, combo):
        for d in diags:
            key = (d.code, d.file, d.line, d.column, d.message)
            if key in self.seen:
                continue
            self.seen.add(key)
            if combo:
                label = ", ".join(f"{k}={v}" for k, v in combo.items())
                d = dataclasses.replace(d, message=f"{d.message} [with options {label}]")
            self.items.append(d)

    def has_structural_error(self) -> bool:
        return any(d.severity == "error" and d.code[0] in "YXS" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        order: dict = {}
        for d in self.items:
            order.setdefault(d.file, len(order))
        return sorted(self.items, key=lambda d: (order[d.file], d.line, d.column))


# -- the win condition, read with the layout in mind ---------------------------------


def win_checks(doc, builder, variant) -> list[Diagnostic]:
    """V701-V703: a win that can never hold (with or without capacities) or always holds."""
    data = builder.data
    if "win" not in data or isinstance(data["win"], (dict, list)) or data["win"] is None:
        return []
    checked = builder.checked.get(("win",))
    if checked is None:
        return []
    tree = checked.tree  # the tree the win was compiled from: names bound, types known
    world = builder.world
    free = _Abstract(world, variant, capacities=False).truth(tree)
    capped_eval = _Abstract(world, variant, capacities=True)
    capped = capped_eval.truth(tree)
    out = []
    if free == {False}:
        out.append(
            doc.diag(
                "V702",
                "the win can never hold: whatever lies where, this condition is "
                "false (a constant, or a number of cards no pile can hold)",
                ("win",),
                hint="write the condition that ends the game, like all(f in foundation: f.size == 13)",
            )
        )
    elif capped == {False}:
        groups = sorted(capped_eval.capped_groups)
        # blame the groups whose capacity alone rules the win out, when there are such
        alone = [g for g in groups if _Abstract(world, variant, capacities={g}).truth(tree) == {False}]
        for g in alone or groups or [None]:
            spec = data["piles"].get(g) if g else None
            cap = spec.get("capacity") if isinstance(spec, dict) else None
            where = ("piles", g, "capacity") if g else ("win",)
            line = doc.mark(("win",)).line
            out.append(
                doc.diag(
                    "V701",
                    f"capacity {cap} of the '{g}' piles is too small for the win: "
                    f"the win (line {line}) needs more cards on them than that",
                    where,
                    hint="raise the capacity, or change the win",
                )
            )
    elif free == {True}:
        out.append(
            doc.diag(
                "V703",
                "the win always holds: every game is won before the first move",
                ("win",),
                hint="the win should describe the finished layout, like all(t in tableau: t.empty)",
            )
        )
    return out


def move_checks(doc, variant) -> list[Diagnostic]:
    """V704: piles that take cards but none that give them, or the other way round."""
    givers = [g for g, r in variant.groups.items() if r.lift != "none"]
    takers = [g for g, r in variant.groups.items() if r.takes]
    if takers and not givers:
        return [
            doc.diag(
                "V704",
                f"pile group{'s' if len(takers) > 1 else ''} {', '.join(takers)} "
                f"accept{'' if len(takers) > 1 else 's'} cards, but no card can ever be picked up: "
                f"every group has lift: none",
                ("piles", takers[0]),
                key=True,
                hint="give the groups cards are played from lift: top (or lift: run)",
            )
        ]
    if givers and not takers:
        return [
            doc.diag(
                "V704",
                f"cards can be picked up from {', '.join(givers)}, but no pile ever takes "
                f"one: no group has accept or accept_empty",
                ("piles", givers[0]),
                key=True,
                hint="say when the piles cards go to take them, with accept (and accept_empty for an empty pile)",
            )
        ]
    return []


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
        """capacities: True (every pile's), False (none: only the deck bounds a pile), or a set
        of group names whose capacities count."""
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

    def x_Name(self, n: checker.Name):
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

    def x_Attr(self, n: checker.Attr):
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

    def x_Call(self, n: checker.Call):
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

    def x_Quant(self, n: checker.Quant):
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

    def _body(self, n: checker.Quant, values):
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


# -- playouts ------------------------------------------------------------------------


class RuleFailed(RulesdslError):
    """An expression that raised, or gave the wrong kind of value, during a playout."""

    def __init__(self, path, want, *, exc=None, value=None, env=None):
        super().__init__(str(path))
        self.path, self.want, self.exc, self.value = path, want, exc, value
        self.context = (env.run, env.card, env.source, env.dest, env.cards) if env is not None else None


def _guard(fn, path, want):
    def guarded(e):
        try:
            r = fn(e)
        except RuleFailed:
            raise
        except Exception as exc:  # the language is meant to be total: report, with the rule
            raise RuleFailed(path, want, exc=exc, env=e) from None
        if r is not None:
            if want == "int" and (isinstance(r, bool) or not isinstance(r, int)):
                raise RuleFailed(path, want, value=r, env=e)
            if want == "bool" and not isinstance(r, bool):
                raise RuleFailed(path, want, value=r, env=e)
        return r

    return guarded


def _explain(exc: BaseException) -> str:
    text = str(exc)
    if isinstance(exc, TypeError) and "str" in text:
        return (
            "it does arithmetic or an order comparison (<, >) on text: with these options a "
            "name in it holds text, not a number"
        )
    if isinstance(exc, TypeError):
        return f"it combines values that do not go together ({text})"
    return f"it could not be computed ({type(exc).__name__}: {text})"


class _Playout:
    def __init__(self, doc, variant, combo, out):
        self.doc, self.v, self.combo, self.out = doc, variant, combo, out
        self.budget: list = [MAX_PLAY_WORK]  # moves still to list, shared by a file's playouts
        self.reported: set = set()

    def report(self, code, message, path=(), *, hint=None):
        tag = (code, tuple(path))
        if tag in self.reported:
            return
        self.reported.add(tag)
        # a whole rule (an action, a removal, a pile group) is pointed at by its name
        key = len(path) == 2 and path[0] in ("actions", "removals", "piles")
        self.out.append(self.doc.diag(code, message, path, hint=hint, key=key))

    @staticmethod
    def where(seed, step=None) -> str:
        if step is None:
            return f"in a random game (seed {seed}, at the deal)"
        return f"in a random game (seed {seed}, move {step + 1})"

    def rule_failed(self, f: RuleFailed, seed, step, doing):
        v = self.v
        judging = ""
        if (
            f.context is not None
            and f.path[0] in ("piles", "removals")
            and f.path[-1] in ("accept", "accept_empty", "max_run", "when", "points")
        ):
            run, card, source, dest, cards = f.context
            if f.path[0] == "piles" and doing == "listing" and run and source is not None and dest is not None:
                judging = f", judging {v.deck.text(run[0])}@{v.pile_name(source)}>{v.pile_name(dest)}"
            elif f.path[0] == "removals" and doing == "listing" and cards:
                judging = f", judging the removal of {' '.join(v.deck.text(c) for c in cards)}"
        if doing == "listing" and not judging:
            judging = ", while listing the legal moves"
        elif doing not in ("listing", "deal", "win"):
            judging = f", playing {doing}"
        at = self.where(seed, None if doing == "deal" else step) + judging
        if f.exc is not None:
            self.report(
                "V801",
                f"this expression failed {at}: {_explain(f.exc)}",
                f.path,
                hint="every value an expression reads must exist for all option values "
                "and positions; guard it with 'X if condition else Y'",
            )
        else:
            want = "a number" if f.want == "int" else "true or false"
            self.report(
                "V802",
                f"this expression gave {f.value!r} ({type_name(f.value)}) {at}, but {want} is needed here",
                f.path,
                hint="an option or parameter with values of another kind probably flows in here",
            )

    def bug(self, what, exc, seed, step):
        self.report(
            "V809",
            f"rulesdsl itself failed {what} {self.where(seed, step)}: {type(exc).__name__}: {exc}",
            (),
            hint="this is a bug in rulesdsl, not in your file; please report it with the file",
        )

    # -- one game ---------------------------------------------------------------------
    def run(self, seed) -> bool:
        """Play one random game; True when it made progress."""
        v = self.v
        try:
            g = Game.new(v, seed)
        except RuleFailed as f:
            self.rule_failed(f, seed, None, "deal")
            return False
        except Exception as exc:
            self.bug("while dealing", exc, seed, None)
            return False
        st = g.state
        self.deal_checks(g, seed)
        cards = sorted(c for p in st.piles for c in p)
        goal = {p for p in range(v.layout.size) if v.rules[p].role in PROGRESS_ROLES}
        progress = False
        rng = random.Random(seed * 7919 + 17)
        for step in range(MAX_MOVES):
            try:
                _ = g.score  # evaluated for the RuleFailed it may raise
                if g.won:
                    return True
                moves = g.legal_moves()
            except RuleFailed as f:
                self.rule_failed(f, seed, step, "listing")
                return progress
            except Exception as exc:
                self.bug("while listing the moves", exc, seed, step)
                return progress
            if not moves:
                return progress
            self.budget[0] -= len(moves)
            if self.budget[0] <= 0:
                return progress
            chosen = rng.choice(moves)
            tried = rng.sample(moves, min(SAMPLE, len(moves)))
            for m in tried:
                if m is not chosen and not self.try_move(g, m, moves, cards, seed, step, keep=False):
                    return progress
            if not self.try_move(g, chosen, moves, cards, seed, step, keep=True):
                return progress
            # progress: a card played (not dealt by an action) onto a foundation or discard pile
            if chosen.kind == "remove" or (chosen.kind == "move" and chosen.dest in goal):
                progress = True
        return progress

    def deal_checks(self, g, seed):
        v, st = self.v, g.state
        for p, pile in enumerate(st.piles):
            cap = v.rules[p].capacity
            if cap is not None and len(pile) > cap:
                group = v.layout.group_of[p]
                self.report(
                    "V807",
                    f"the deal puts {len(pile)} cards on {v.pile_name(p)}, whose capacity is {cap} (seed {seed})",
                    ("piles", group, "capacity"),
                    hint="deal fewer cards there, or raise the capacity",
                )
        try:
            won = g.won
        except RuleFailed as f:
            self.rule_failed(f, seed, None, "deal")
            return
        if won:
            self.report(
                "V808",
                f"the game is already won when it is dealt (seed {seed})",
                ("win",),
                hint="the win should describe the finished layout",
            )

    def try_move(self, g, m, moves, cards, seed, step, keep) -> bool:
        """Play a listed move with every check; undo it unless keep. False stops the game."""
        v, st = self.v, g.state
        text = g.move_text(m)
        rule = self.rule_path(m)
        before = st.key()
        if m.kind == "move":
            src, n = m.sources[0], len(m.cards)
            pile = st.piles[src]
            if pile[-n:] != list(m.cards) or len(pile) - st.down[src] < n:
                self.report(
                    "V803",
                    f"the move {text} is listed but its cards are not the face-up top of "
                    f"{v.pile_name(src)} {self.where(seed, step)}",
                    rule,
                )
                return False
        try:
            spec = notation.parse_spec(v, text)
        except Exception as exc:
            self.report(
                "V803",
                f"the listed move {text} cannot be read back from its own text {self.where(seed, step)}: {exc}",
                rule,
                hint="give actions and removals names that differ from each other and from card moves",
            )
            return False
        if next((x for x in moves if notation.move_spec(v, x) == spec), None) != m:
            self.report(
                "V803",
                f"the move text {text} names another move too {self.where(seed, step)}",
                rule,
                hint="give each action a name of its own (names are read without case)",
            )
            return False
        try:
            g.apply_unchecked(m)
        except RuleFailed as f:
            self.rule_failed(f, seed, step, text)
            return False
        except Exception as exc:
            self.bug(f"playing {text}", exc, seed, step)
            return False
        after = st.key()
        now = sorted(c for p in st.piles for c in p)
        if now != cards:
            was, has = Counter(cards), Counter(now)
            lost = [v.deck.text(c) for c in (was - has).elements()]
            extra = [v.deck.text(c) for c in (has - was).elements()]
            what = "; ".join(
                x
                for x in (f"lost {' '.join(lost)}" if lost else "", f"duplicated {' '.join(extra)}" if extra else "")
                if x
            )
            self.report(
                "V804",
                f"playing {text} {self.where(seed, step)} {what}",
                rule,
                hint="cards may only move between piles",
            )
            return False
        bad = [p for p in range(v.layout.size) if not 0 <= st.down[p] <= len(st.piles[p])]
        if bad:
            self.report(
                "V804",
                f"after {text} {self.where(seed, step)} {v.pile_name(bad[0])} has "
                f"{st.down[bad[0]]} face-down cards but holds {len(st.piles[bad[0]])}",
                rule,
            )
            return False
        # (automatic moves may have taken the cards on at once: then only the first check counts)
        if (
            m.kind == "move"
            and st.piles[m.dest][-len(m.cards) :] != list(m.cards)
            and not any(a.kind == "move" for a in v.autos)
        ):
            self.report(
                "V803", f"the move {text} did not put its cards on {v.pile_name(m.dest)} {self.where(seed, step)}", rule
            )
            return False
        g.undo()
        if st.key() != before:
            self.report(
                "V805",
                f"undoing {text} {self.where(seed, step)} does not restore the position",
                rule,
                hint="automatic follow-ups must be undone with the move that caused them",
            )
            return False
        try:
            g.redo()
        except RuleFailed as f:
            self.rule_failed(f, seed, step, text)
            return False
        if st.key() != after:
            self.report(
                "V805", f"redoing {text} {self.where(seed, step)} does not give the same position as playing it", rule
            )
            return False
        if not keep:
            g.undo()
            g.future.clear()
            g._legal = moves  # the position is the one they were listed for
        return True

    def rule_path(self, m) -> tuple:
        v = self.v
        if m.kind == "action":
            return ("actions", m.name)
        if m.kind == "remove":
            return ("removals", m.name)
        return ("piles", v.layout.group_of[m.dest])


def playouts(doc, path, combo, play, budget=None) -> list[Diagnostic]:
    """V8xx: ``play`` seeded random games of one option combination.

    ``budget`` (a one-item list) counts down the moves listed; at 0 the games stop, so a
    layout of a thousand piles costs no more to check than a small one (limits.py)."""
    builder = Builder(doc, combo, Path(path).stem, wrap=_guard)
    try:
        variant = builder.build()
    except Exception:  # pragma: no cover - the loader reported it already
        return []
    if variant is None:
        return []
    out: list[Diagnostic] = []
    runner = _Playout(doc, variant, combo, out)
    runner.budget = budget if budget is not None else [MAX_PLAY_WORK]
    progress = False
    for seed in range(1, play + 1):
        progress = runner.run(seed) or progress
    judged = any(r.role in PROGRESS_ROLES for r in variant.rules) or variant.removals
    if (
        not progress
        and judged
        and runner.budget[0] > 0
        and not any(d.severity == "error" for d in out)
        and not _progress_possible(variant)
    ):
        group = next((r.group for r in variant.rules if r.role in PROGRESS_ROLES), None)
        where = ("piles", group) if group else ("removals",)
        out.append(
            doc.diag(
                "V806",
                f"no random game ({play} seeded, up to {MAX_MOVES} moves each) ever moved a card onto "
                f"a foundation or discard pile, or removed one, and no position built from the deal lets "
                f"one take a card",
                where,
                key=True,
                hint="check that the accept rules of these piles can hold, and that cards can be lifted "
                "(lift) from the piles they start on",
            )
        )
    return out


def _chains(v, env, rules, start, cards) -> list:
    """Runs from `start` a player could build on a pile of this group, longest first tried.

    With a sequence rule: the longest run it allows, taking the first card that fits at
    each step (cards in id order). A group that lifts any face-up run (no sequence rule)
    holds whatever was built on it, so the usual built orders are tried: down and up in
    the card's suit, and down and up by rank alone.
    """
    if rules.lift != "run":
        return [[start]]
    if rules.sequence is not None:

        def fits(a, b):
            env.a, env.b = a, b
            return rules.sequence(env)

        tests: list = [fits]
    else:
        rank, suit = v.deck.rank_of, v.deck.suit_of
        tests = [
            lambda a, b, d=d, same=same: rank[b] == rank[a] + d and (not same or suit[b] == suit[a])
            for same in (True, False)
            for d in (-1, 1)
        ]
    out = []
    for fits in tests:
        run, left = [start], [c for c in cards if c != start]
        while True:
            nxt = next((c for c in left if fits(run[-1], c)), None)
            if nxt is None:
                break
            run.append(nxt)
            left.remove(nxt)
        out.append(run)
    return out


def _progress_possible(v) -> bool:
    """Can a foundation or discard pile ever take a card? Asked of built positions.

    Some correct games (a whole suit run to clear, say) almost never make progress in
    random play. Before warning, the validator builds positions from seed 1's deal: for each
    pile that cards leave, and each card, each run a player could build there from that card
    (`_chains`) is put face up on that pile (the cards taken from wherever they were), and the
    engine is asked whether any listed move then reaches a foundation or discard pile.
    """
    try:
        dealt = Game.new(v, 1).state
    except Exception:  # the playouts reported it
        return True
    goal = {p for p in range(v.layout.size) if v.rules[p].role in PROGRESS_ROLES}
    cards = sorted(c for p in dealt.piles for c in p)
    seen_groups = set()
    for s in v.sources:
        r = v.rules[s]
        if r.lift == "none" or r.group in seen_groups or s in goal:
            continue
        seen_groups.add(r.group)
        g = Game(v, dealt.copy())
        env = g._env
        env.st = g.state
        for run in (run for c in dict.fromkeys(cards) for run in _chains(v, env, r, c, cards)):
            for n in range(1, len(run) + 1):
                st = dealt.copy()
                take = Counter(run[:n])
                for p, pile in enumerate(st.piles):
                    kept = []
                    for c in pile:
                        if take[c]:
                            take[c] -= 1
                        else:
                            kept.append(c)
                    st.down[p] = min(st.down[p], len(kept))
                    st.piles[p] = kept
                st.down[s] = len(st.piles[s])
                st.piles[s].extend(run[:n])
                try:
                    moves = Game(v, st).legal_moves()
                except Exception:  # the playouts report failing rules
                    continue
                if any(m.kind == "remove" or (m.kind == "move" and m.dest in goal) for m in moves):
                    return True
    return False


def solver_check(doc, path, v, deals: int, seconds: float, notes: list | None = None) -> list[Diagnostic]:
    """V901, V902, V903: the solver on deals 1..N (the variant's deal numbers when it declares a
    numbering, seeds otherwise), ``seconds`` each. "The solver won k of N deals" goes to
    ``notes``. An error only when no deal is winnable and every search was exhaustive."""
    won = proven = 0
    unsound: list = []
    for deal in range(1, deals + 1):
        try:
            r = run_solver(v, deal_state(v, deal), time_limit=seconds)
        except Exception as exc:  # the playouts report failing rules; say it once here
            return [
                doc.diag(
                    "V809",
                    f"rulesdsl itself failed while solving deal {deal}: {type(exc).__name__}: {short(str(exc))}",
                    ("win",),
                )
            ]
        if r.verdict == UNWINNABLE and v.safe:
            bare = run_solver(v, deal_state(v, deal), time_limit=seconds, declared_safe=False)
            if bare.verdict == WON:
                unsound.append(deal)
                r = bare
        won += r.verdict == WON
        proven += r.verdict == UNWINNABLE
    what = "deal numbers" if v.numbering is not None else "seeds"
    lost = []
    if unsound:
        lost.append(
            doc.diag(
                "V903",
                f"solver.safe is unsound: with its moves played without branching the solver "
                f"proved {what[:-1]} {unsound[0]} unwinnable, and without them it won it",
                ("solver", "safe"),
                hint="a safe move must never turn a winnable position into a lost one: narrow the "
                "condition (or remove it); the solver trusts it without proof",
            )
        )
    if notes is not None:
        notes.append(
            f"{path}: the solver won {won} of {deals} deal(s) ({what} 1-{deals}, "
            f"{seconds:g} s each; {proven} proved unwinnable, {deals - won - proven} undecided)"
        )
    if won:
        return lost
    if proven == deals:
        return lost + [
            doc.diag(
                "V901",
                f"no deal is winnable: the solver explored every reachable position "
                f"of {what} 1-{deals} and none is won",
                ("win",),
                hint="check the win condition and that the accept rules let every card reach the piles the win counts",
            )
        ]
    return lost + [
        doc.diag(
            "V902",
            f"the solver won none of {what} 1-{deals} ({proven} proved unwinnable, "
            f"{deals - proven} undecided within {seconds:g} s each)",
            ("win",),
            hint="give the solver more time (--solve-seconds) or more deals (--solve), or check "
            "that the game can be won",
        )
    ]
