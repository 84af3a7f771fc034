"""Stage three of an expression: the checked tree (checker.py) -> Python closures.

Each node becomes a function of one argument, the evaluation context ``Env``, whose
slots hold what a rule may see (the moving run, the destination pile, ...). The checker
has bound every name to a slot, a quantifier variable or a constant, typed every node and
folded the constants; this stage only builds closures (ops.py says what each operation
does) and fuses the hot accessors (``card.rank``, ``dest.top.rank``, ``run.size``,
comparisons with constants) into single closures. It never looks a name up.

The language is total: reading a missing thing gives ``none`` (the top of an empty
pile, an index past the end), arithmetic on ``none`` gives ``none`` and an ordering
comparison with ``none`` is false. Division by zero and a negative exponent give
``none``. Arithmetic saturates: a result past the integer range -MAX_INT..MAX_INT
(limits.py) is the end it passed, folded from constants at load (checker.py) and at play
time alike (ops.py). Quantifiers range
over finite collections; a quantifier nested in another must range over something
reached from the outer variable (a pile's cards), which keeps the cost linear.

For an accept rule the compiler also makes a ``Plan`` (what the move generator may learn
without running the rule), from the same checked tree.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from ..core.errors import CompileError as CompileError  # re-exported: the old import path
from . import ops
from .builtins import FUNCTIONS
from .checker import (
    NOCONST,
    Attr,
    Binary,
    BoolOp,
    Call,
    Checked,
    Checker,
    Cond,
    Expr,
    Index,
    ListLit,
    Method,
    Name,
    Number,
    Quant,
    Ref,
    String,
    Unary,
    World,
    group_of,
)
from .ops import Fn
from .types import BOOL, CARD, LIST_ATTRS, PILE, PILE_ATTRS, Type


@dataclass
class Compiled:
    fn: Fn
    type: Type
    const: Any = NOCONST
    plan: Any = None  # for accept rules: a Plan (see Compiler.plan)

    @property
    def is_const(self) -> bool:
        return self.const is not NOCONST


@dataclass(frozen=True)
class Plan:
    """What the generator may learn from an accept rule without running it.

    ``max_run``: a conjunct ``run.size == k`` (or ``<= k``, ``< k``) bounds the run length.
    ``join``: a conjunct ``L == R`` where L reads only the moving cards and R only the
    destination's top card: R is computed once per pile and position, L once per run, and
    a pile whose R differs from L is passed over without running the rule.
    """

    max_run: int | None = None
    run_key: object = None  # L, a closure over the move context
    top_key: object = None  # R, likewise
    min_run: int | None = None  # a conjunct run.size == k: no shorter run is taken
    reads: frozenset | None = None  # the parts of the move context the rule reads (None: cannot say)


_CARD_TABLES = {"rank": "rank_of", "suit": "suit_of", "color": "color_of"}


def compile_expression(
    world: World, node: Any, role: str, want: Type | str | None = None, *, plan: bool = False
) -> Compiled:
    """A parsed expression checked (checker.py) and compiled: the last two stages in one call.
    Raises CompileError."""
    return Compiler(world).compile(Checker(world).check(node, role, want), plan=plan)


class Compiler:
    """Compiles the checked expressions of one variant; one instance per world."""

    def __init__(self, world: World):
        self.w = world

    # -- entry point ----------------------------------------------------
    def compile(self, checked: Checked, plan: bool = False) -> Compiled:
        tree, role = checked.tree, checked.role
        c = Compiled(self.build(tree), tree.type, tree.const)
        if plan and role == "move" and tree.type == BOOL and not tree.is_const:
            c.plan = self.plan(tree)
        elif plan and role == "sequence" and not tree.is_const:
            reads = _reads(tree)
            if reads is not None and reads <= {"a", "b"}:
                c.fn = _pair_memo(c.fn)  # a function of the two cards alone: remember it
        return c

    # -- what the generator can use without running a rule ----------------------------
    def plan(self, tree: Expr) -> Plan:
        conjuncts = _conjuncts(tree)  # (a and b) and c, as a define's use gives: a, b, c
        max_run: int | None = None
        min_run: int | None = None
        keys: tuple[Fn | None, Fn | None] = (None, None)
        for c in conjuncts:
            if not isinstance(c, Binary):
                continue
            bound = _size_bound(c)
            if bound is not None:
                max_run = bound if max_run is None else min(max_run, bound)
                if c.op == "==":
                    min_run = bound if min_run is None else max(min_run, bound)
            if c.op == "==" and keys[0] is None:
                for run_side, top_side in ((c.left, c.right), (c.right, c.left)):
                    rl, rr = _reads(run_side), _reads(top_side)
                    if rl is not None and rl <= {"card", "run"} and rr == {"dest.top"}:
                        keys = (self.build(run_side), self.build(top_side))
                        break
        reads = _reads(tree)
        return Plan(max_run, *keys, min_run=min_run, reads=None if reads is None else frozenset(reads))

    # -- nodes ------------------------------------------------------------
    def build(self, n: Expr) -> Fn:
        """The closure of a checked node."""
        if n.is_const:
            return ops.const(n.const)
        meth = getattr(self, "x_" + type(n).__name__)
        return meth(n)

    def x_Name(self, n: Name) -> Fn:
        if n.ref.kind is Ref.VAR:
            slot = n.ref.slot
            return lambda e: e.v[slot]
        if n.ref.kind is Ref.DEALT:
            return live_base(self.w.base_live, self.w.deck.rank_of) if self.w.base_live else _dealt_value
        if n.ref.kind is Ref.HISTORY:
            # what the rules really read, after folding: a branch an option rules out is not
            # compiled, so it makes the variant record nothing
            self.w.history_read.add(n.ref.name)
            if n.ref.name == "points":
                # the game's points may pass MAX_INT (many events): a rule sees them saturated
                return lambda e: ops.saturate(e.st.points)
            if n.ref.name == "streak":
                return lambda e: e.st.streak
            return lambda e: e.st.last or None  # last: none before the first move
        return operator.attrgetter(n.ref.name)  # Ref.SLOT: every other name is a constant

    def x_Attr(self, n: Attr) -> Fn:
        assert n.attr is not None  # an attribute of none is a constant, never built
        return self._fused(n) or ops.ATTR_MAKERS[n.attr](self.w, self.build(n.obj))

    def x_Index(self, n: Index) -> Fn:
        if n.obj.type.elem == PILE:
            group = group_of(n.obj, self.w)
            make = ops.index_ring if group is not None and group.wrap else ops.index_piles
            return make(self.build(n.obj), self.build(n.index))
        return ops.index(self.build(n.obj), self.build(n.index))

    def x_Method(self, n: Method) -> Fn:  # pile.at(drow, dcol), the only method
        pf = self.build(n.obj)
        drow, dcol = n.args
        if drow.is_const and dcol.is_const:
            if drow.const is None or dcol.const is None:
                return ops.const(None)
            table = self.w.layout.at_table(drow.const, dcol.const)  # one lookup at play time
            return lambda e: None if (p := pf(e)) is None else table[p]
        rf, cf = self.build(drow), self.build(dcol)
        at = self.w.layout.at
        return lambda e: None if (p := pf(e)) is None or (r := rf(e)) is None or (c := cf(e)) is None else at(p, r, c)

    def x_Call(self, n: Call) -> Fn:
        return n.func.build(self.w, [self.build(a) for a in n.args], [a.type for a in n.args])

    def x_ListLit(self, n: ListLit) -> Fn:
        return ops.list_of(tuple(self.build(i) for i in n.items))

    def x_Unary(self, n: Unary) -> Fn:
        f = self.build(n.operand)
        return ops.not_(f) if n.op == "not" else ops.negate(f)

    def x_BoolOp(self, n: BoolOp) -> Fn:
        return ops.bool_chain(n.op, tuple(self.build(i) for i in n.items))

    def x_Cond(self, n: Cond) -> Fn:
        if n.test.is_const:
            return self.build(n.then if n.test.const else n.other)
        return ops.conditional(self.build(n.then), self.build(n.test), self.build(n.other))

    def x_Binary(self, n: Binary) -> Fn:
        op, left, right = n.op, n.left, n.right
        lf, rf = self.build(left), self.build(right)
        if op in ("+", "-", "*", "/", "%", "**"):
            if op in ("+", "-") and right.is_const and type(right.const) is int and not left.is_const:
                return ops.add_const(lf, right.const if op == "+" else -right.const)
            return ops.ARITH[op](lf, rf)
        if op in ("==", "!="):
            if right.is_const and not left.is_const:
                return ops.equal_const(op, lf, right.const)
            return ops.equal(op, lf, rf)
        if op in ("<", "<=", ">", ">="):
            return ops.order(op, lf, rf)
        return ops.member(op, lf, rf)

    def x_Quant(self, n: Quant) -> Fn:
        return ops.QUANT[(n.kind, n.pairs)](self.build(n.coll), self.build(n.body), list(n.slots))

    # -- fused accessors: the hot paths of move generation in one closure each ----------
    def _fused(self, n: Attr) -> Fn | None:
        assert n.attr is not None
        t = n.obj.type
        name = n.attr.name
        table_name = _CARD_TABLES.get(name)
        slot = _slot(n.obj)
        if t == CARD and table_name and slot:
            return _slot_card(slot, getattr(self.w.deck, table_name))
        obj = n.obj
        if (
            t == CARD
            and table_name
            and isinstance(obj, Attr)
            and obj.attr is PILE_ATTRS["top"]
            and (pile := _slot(obj.obj))
        ):
            return _slot_top_card(pile, getattr(self.w.deck, table_name))
        if t.elem and name == "size" and slot:
            return _slot_len(slot)
        # slot.prev.top.rank and the like: a neighbour's top card in one closure
        if (
            t == CARD
            and table_name
            and isinstance(obj, Attr)
            and obj.attr is PILE_ATTRS["top"]
            and isinstance(obj.obj, Attr)
            and obj.obj.attr in (PILE_ATTRS["prev"], PILE_ATTRS["next"])
            and (start := _slot(obj.obj.obj))
        ):
            hop = getattr(self.w.layout, obj.obj.attr.name)
            get = operator.attrgetter(start)
            table = getattr(self.w.deck, table_name)
            return lambda e: None if (p := get(e)) is None else (table[s[-1]] if (s := e.st.piles[hop[p]]) else None)
        return None


def _conjuncts(tree: Expr) -> list:
    """The conjuncts of a condition, nested 'and's flattened."""
    if isinstance(tree, BoolOp) and tree.op == "and":
        return [c for item in tree.items for c in _conjuncts(item)]
    return [tree]


def _slot_card(slot, table):
    get = operator.attrgetter(slot)
    if slot == "card":
        return lambda e: None if (x := e.card) is None else table[x]
    if slot == "a":
        return lambda e: None if (x := e.a) is None else table[x]
    if slot == "b":
        return lambda e: None if (x := e.b) is None else table[x]
    return lambda e: None if (x := get(e)) is None else table[x]


def _slot_top_card(slot, table):
    if slot == "dest":
        return lambda e: table[s[-1]] if (s := e.st.piles[e.dest]) else None
    get = operator.attrgetter(slot)
    return lambda e: None if (p := get(e)) is None else (table[s[-1]] if (s := e.st.piles[p]) else None)


def _slot_len(slot):
    if slot == "run":
        return lambda e: None if (x := e.run) is None else len(x)
    get = operator.attrgetter(slot)
    return lambda e: None if (x := get(e)) is None else len(x)


def _pair_memo(fn):
    """A sequence rule that reads only its two cards, remembered per pair of card ids."""
    memo = {}

    def seq(e):
        key = e.a << 12 | e.b
        r = memo.get(key)
        if r is None:
            r = memo[key] = bool(fn(e))
        return r

    return seq


def live_base(piles: tuple, rank_of) -> Fn:
    """base_rank fixed by play (a base_rank step with played: true): the rank of the bottom
    card of the first of these piles that holds a card, none while they are all empty; read
    off the position itself, so undo, positions and saves need nothing more."""

    def fn(e):
        at = e.st.piles
        for p in piles:
            pile = at[p]
            if pile:
                return rank_of[pile[0]]
        return None

    return fn


def _dealt_value(e):
    """base_rank: the rank the deal fixed for this game (State.base_rank)."""
    return e.st.base_rank


def _slot(n: Expr) -> str | None:
    """The context slot a plain name reads, if it is one (not a quantifier variable)."""
    return n.ref.name if isinstance(n, Name) and n.ref.kind is Ref.SLOT else None


def _reads(n: Expr) -> set | None:
    """Which parts of the move context an expression reads, or None when it cannot say."""
    if isinstance(n, (Number, String)):
        return set()
    if isinstance(n, Name):
        if n.ref.kind is Ref.SLOT:
            return {n.ref.name}
        if n.ref.kind in (Ref.GROUP, Ref.HISTORY, Ref.DEALT):
            return {"state"}  # a dealt value differs from game to game: never remembered
        return set()  # options, params, ranks, suits, colours, true/false/none
    if isinstance(n, Attr):
        if n.attr is PILE_ATTRS["top"] and _slot(n.obj) == "dest":
            return {"dest.top"}
        return _reads(n.obj)
    parts: list
    if isinstance(n, Call):
        if n.func.name in ("cards", "tops", "used"):
            return {"state"}
        parts = [_reads(a) for a in n.args]
    elif isinstance(n, Index):
        parts = [_reads(n.obj), _reads(n.index)]
    elif isinstance(n, ListLit):
        parts = [_reads(i) for i in n.items]
    elif isinstance(n, Unary):
        parts = [_reads(n.operand)]
    elif isinstance(n, Binary):
        parts = [_reads(n.left), _reads(n.right)]
    elif isinstance(n, BoolOp):
        parts = [_reads(i) for i in n.items]
    elif isinstance(n, Cond):
        parts = [_reads(n.then), _reads(n.test), _reads(n.other)]
    else:
        return None  # quantifiers and anything new: no claim
    if any(p is None for p in parts):
        return None
    return set().union(*parts)


def _size_bound(c: Binary) -> int | None:
    """k from a conjunct run.size == k, run.size <= k, run.size < k (or len(run))."""
    left, right = c.left, c.right
    is_size = (isinstance(left, Attr) and left.attr is LIST_ATTRS["size"] and _slot(left.obj) == "run") or (
        isinstance(left, Call)
        and left.func is FUNCTIONS["len"]
        and len(left.args) == 1
        and _slot(left.args[0]) == "run"
    )
    if not isinstance(right, Number) or not is_size:
        return None
    return {"==": right.value, "<=": right.value, "<": right.value - 1}.get(c.op)
