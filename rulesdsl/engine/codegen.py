"""The generated move generator: specialised Python source of ``generate(st, env)`` for one
compiled variant (one option set), built from the checked rule trees and compiled once.

The closure engine (moves.generate) is the reference: the generated function lists the same
moves in the same order, position for position (tests/test_codegen_differential.py). What
changes is the work done per position:

* loops over known piles are unrolled: one block of code per source pile, and inside it one
  test per destination pile, in pile order, with the pile numbers as literals;
* the rules are translated from their checked trees (checker.py) into Python expressions over
  local variables (the moving card, the run length ``n``, the destination's top card):
  ``source`` and ``dest`` are constants in each block, so ``source.group``, ``dest.index``,
  option values and quantifiers over a known group fold or unroll at generation time; a rule
  that folds to false leaves no code, one that folds to true leaves no test;
* rank, suit and colour are tuples indexed by card id; the moving card's values are read
  once per run length, each destination's top card once per position;
* the run grows one card at a time and its sequence rule is tested on the new pair only;
* the run is lifted from its pile only when a rule reads that pile;
* loop mode: above limits.MAX_GENERATED_PAIRS pile pairs, groups are unrolled instead of
  piles: a loop over each run of one group's source piles (``s``), and inside it over each
  run of destinations (``d``), in pile order; ``source.group`` and ``dest.group`` still fold,
  the layout's other pile attributes are read from tables by pile number (``P_index[d]``).

The source holds only this module's own identifiers and ``repr()`` of ints, booleans, None
and tuples of them; every other value (text, an action's name) sits in the table ``K`` and is
read by index, so no text of the variant file is ever copied into code. A rule the translator
does not specialise (card names, ``cards()``, a pile known only at play time, ...) is called
as its compiled closure (table ``F``) with the context filled as the reference engine fills
it (only that operand, when it is an operand of and/or reading no quantifier variable);
removals and the actions that gather or slide piles call the reference engine's own
functions.

``generator(variant)`` gives the function (cached per variant object, so per option set);
``source(variant)`` the text that ``rulesdsl explain --generated`` prints. Setting the
environment variable RULESDSL_ENGINE=closures selects the reference engine instead.
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

import dataclasses
import os
import weakref
from typing import Any

from ..core.kinds import ActionKind
from ..core.limits import MAX_GENERATED_PAIRS, MAX_INT, MAX_UNROLL
from ..lang import ops
from ..lang.checker import (
    NOCONST,
    Attr,
    Binary,
    BoolOp,
    Call,
    Cond,
    Expr,
    Index,
    ListLit,
    Name,
    Quant,
    Ref,
    Unary,
    World,
)
from ..lang.compiler import Compiler
from ..lang.types import PILE
from . import moves
from .moves import Move

ENGINE_VAR = "RULESDSL_ENGINE"  # "closures": the reference engine (moves.generate)
NOT_COMPILED = "the generated source did not compile"  # heads the source in that case (a bug)


class _Unsupported(Exception):
    """A construct the translator does not specialise: the rule (or its and/or operand) stays a closure."""


@dataclasses.dataclass
class _V:
    """A translated expression: Python code, or a constant."""

    code: str = ""
    const: Any = NOCONST
    null: bool = True  # may be None
    isbool: bool = False  # a real bool (True/False), never another truthy value
    lo: Any = None  # bounds of an int (None: not known)
    hi: Any = None
    reads: frozenset = frozenset()  # piles whose contents it reads

    @property
    def is_const(self) -> bool:
        return self.const is not NOCONST


_NO_BOUND = (None, None)


class _Ctx:
    """Where a rule is evaluated: its kind, the source and destination when known, what is
    known of the destination, the run length when it is a constant."""

    def __init__(self, role, src=None, dest=None, dest_empty=None, n=None):
        self.role = role
        self.src = src
        self.dest = dest
        self.dest_empty = dest_empty  # True: accept_empty; False: accept; None: unknown
        self.n = n  # the run length when constant (lift top)
        self.vars: dict = {}  # quantifier slot -> _V
        self.uses_run = False  # reads the run as a tuple
        self.card_atoms: dict = {}  # local name -> code, computed once per run length
        self.sg = None  # loop mode: the group whose piles the source (s) runs over
        self.dg = None  # loop mode: the group whose piles the destination (d) runs over


class _Gen:
    """Builds the source of one variant's generator."""

    def __init__(self, v):
        self.v = v
        self.world = World(v.deck, v.layout)
        self.compiler = Compiler(self.world)
        self.consts: list = []  # K
        self.const_ids: dict = {}
        self.fns: list = []  # F
        self.fn_ids: dict = {}
        self.dest_atoms: dict = {}  # pile -> {local name: code}
        self.tmp = 0
        d = v.deck
        self.n_cards = len(d.rank_of)
        self.tables = {"rank": "RANK", "suit": "SUIT", "color": "COLOR", "copy": "COPY"}
        self.table_values = {
            "RANK": tuple(d.rank_of),
            "SUIT": tuple(d.suit_of),
            "COLOR": tuple(d.color_of),
            "COPY": tuple(d.copy_of),
        }
        top = max(d.rank_of) + 2 if d.rank_of else 2
        self.table_values["SUCC"] = tuple(d.successor(r) for r in range(top))
        self.table_values["PRED"] = tuple(d.predecessor(r) for r in range(top))
        self.checked = v.exprs
        self.part_fns: dict = {}  # id(node) -> the closure of a part of a rule
        self.memo: dict = {}  # (node, circumstances) -> (translation or None, uses run, card atoms)
        self.reads: dict = {}  # id(node) -> the context slots and quantifier variables it reads

    # -- literals ------------------------------------------------------------------
    def lit(self, value) -> str:
        if _plain(value):
            return repr(value)
        # the item types are part of the key: (1,) and (True,) are equal, yet not the same
        items = tuple(map(type, value)) if type(value) is tuple else ()
        key = (type(value), items, value) if _hashable(value) else id(value)
        i = self.const_ids.get(key)
        if i is None:
            i = self.const_ids[key] = len(self.consts)
            self.consts.append(value)
        return f"K[{i}]"

    def fn(self, f) -> str:
        i = self.fn_ids.get(id(f))
        if i is None:
            i = self.fn_ids[id(f)] = len(self.fns)
            self.fns.append(f)
        return f"F[{i}]"

    def const(self, value) -> _V:
        b = _bounds_of(value)
        return _V(self.lit(value), value, value is None, type(value) is bool, *b)

    def temp(self) -> str:
        self.tmp += 1
        return f"_w{self.tmp}"

    # -- a rule: translated, or its closure --------------------------------------------
    def rule(self, path, closure, ctx) -> tuple[_V, bool]:
        """The rule at path in ctx: (translated value, True) or (a call of its closure, False)."""
        checked = self.checked.get(path)
        if checked is not None:
            try:
                val = self.expr(checked.tree, ctx)
                return val, "env" not in val.reads  # a part called as a closure reads env
            except _Unsupported:
                pass
        ctx.uses_run = False
        return _V(f"{self.fn(closure)}(env)", null=True, reads=_ALL), False

    # -- expressions ------------------------------------------------------------------
    def expr(self, n: Expr, ctx: _Ctx) -> _V:
        if n.is_const:
            return self.const(n.const)
        # the same node in the same circumstances translates the same: remembered, so a rule
        # asked for every pair of piles is translated once per pair that it can tell apart
        key = self.key(n, ctx)
        hit = self.memo.get(key)
        if hit is None:
            outer_run, outer_atoms = ctx.uses_run, ctx.card_atoms
            ctx.uses_run, ctx.card_atoms = False, {}
            try:
                meth = getattr(self, "x_" + type(n).__name__, None)
                if meth is None:
                    raise _Unsupported(type(n).__name__)
                hit = (meth(n, ctx), ctx.uses_run, ctx.card_atoms)
            except _Unsupported:
                hit = (None, False, {})
            finally:
                ctx.uses_run, ctx.card_atoms = outer_run, outer_atoms
            self.memo[key] = hit
        val, uses_run, atoms = hit
        if val is None:
            raise _Unsupported("remembered")
        ctx.uses_run = ctx.uses_run or uses_run
        ctx.card_atoms.update(atoms)
        return val

    def key(self, n: Expr, ctx: _Ctx) -> tuple:
        """What of the circumstances the node's translation depends on."""
        reads = self.reads.get(id(n))
        if reads is None:
            reads = self.reads[id(n)] = frozenset(_names(n))
        # what is known of the destination shapes every read of that pile (a group's piles
        # reach it through a quantifier, too), so it is always part of the key; the source
        # only when the node names it
        parts: list = [id(n), ctx.role, ctx.dest, ctx.dest_empty, ctx.n, ctx.sg, ctx.dg]
        for r in sorted(reads, key=str):
            if r == "source":
                parts.append(ctx.src)
            elif type(r) is int:
                var = ctx.vars.get(r)
                parts.append(None if var is None else var.const)
        return tuple(parts)

    def fold(self, n: Expr, parts: dict) -> _V:
        """The node's value when its parts are constants: the compiler's own closure run
        with no context, as the checker folds."""
        stand: dict[str, Any] = {}
        for k, p in parts.items():
            old = getattr(n, k)
            if isinstance(p, tuple):
                stand[k] = tuple(Expr(0, o.type, x.const) for o, x in zip(old, p, strict=True))
            else:
                stand[k] = Expr(0, old.type, p.const)
        try:
            value = self.compiler.build(dataclasses.replace(n, **stand))(None)
        except Exception as exc:
            raise _Unsupported("fold") from exc
        return self.const(value)

    def x_Name(self, n: Name, ctx: _Ctx) -> _V:
        if n.ref.kind is Ref.VAR:
            if n.ref.slot in ctx.vars:
                return ctx.vars[n.ref.slot]
            raise _Unsupported("variable")
        name = n.ref.name
        if n.ref.kind is Ref.DEALT:  # base_rank: fixed by the deal, read off the position
            ranks = self.v.deck.ranks
            return _V("st.base_rank", null=True, lo=min(ranks), hi=max(ranks))
        if ctx.role == "move":
            if name == "card":
                return _V("c", null=False, lo=0, hi=self.n_cards - 1)
            if name == "run":
                ctx.uses_run = True
                return _V("run", null=False)
            if name == "source" and ctx.src is not None:
                return self.const(ctx.src)
            if name == "dest" and ctx.dest is not None:
                return self.const(ctx.dest)
            # loop mode: the pile is the loop's variable, s or d
            hi = self.v.layout.size - 1
            if name == "source" and ctx.sg is not None:
                return _V("s", null=False, lo=0, hi=hi, reads=_ALL)
            if name == "dest" and ctx.dg is not None:
                return _V("d", null=False, lo=0, hi=hi)
        if ctx.role == "sequence" and name in ("a", "b"):
            return _V("a" if name == "a" else "c", null=False, lo=0, hi=self.n_cards - 1)
        raise _Unsupported(name)

    def x_Attr(self, n: Attr, ctx: _Ctx) -> _V:
        assert n.attr is not None
        owner, name = n.attr.owner, n.attr.name
        # a destination's top card, read once per position
        if owner == "card" and name in self.tables and isinstance(n.obj, Attr) and n.obj.attr is not None:
            inner = n.obj
            if inner.attr is not None and inner.attr.owner == "pile" and inner.attr.name == "top":
                pv = self.expr(inner.obj, ctx)
                if pv.is_const and pv.const == ctx.dest and ctx.dest_empty is False:
                    return self.dest_atom(ctx.dest, name)
        if owner == "list" and _is_run(n.obj, ctx) and name in ("size", "first"):
            return self.run_size(ctx) if name == "size" else _V("c", null=False, lo=0, hi=self.n_cards - 1)
        o = self.expr(n.obj, ctx)
        if owner == "card":
            if o.is_const:
                return self.fold(n, {"obj": o})
            if name not in self.tables:
                raise _Unsupported("card attribute")
            table = self.tables[name]
            values = self.table_values[table]
            lo, hi = (min(values), max(values)) if values and all(isinstance(x, int) for x in values) else _NO_BOUND
            if o.code == "c" and name in ("rank", "suit", "color"):
                atom = f"c_{name}"
                ctx.card_atoms[atom] = f"{table}[c]"
                return _V(atom, null=False, lo=lo, hi=hi, reads=o.reads)
            if not o.null:
                return _V(f"{table}[{o.code}]", null=False, lo=lo, hi=hi, reads=o.reads)
            t = self.temp()
            return _V(f"(None if ({t} := {o.code}) is None else {table}[{t}])", lo=lo, hi=hi, reads=o.reads)
        if owner == "list":
            if o.is_const:
                return self.fold(n, {"obj": o})
            if o.null:
                raise _Unsupported("list of none")
            if name == "size":
                return _V(f"len({o.code})", null=False, lo=0, hi=MAX_INT, reads=o.reads)
            idx = "0" if name == "first" else "-1"
            t = self.temp()
            return _V(f"({t}[{idx}] if ({t} := {o.code}) else None)", reads=o.reads)
        # a pile's attribute: of a pile known at generation time, or (loop mode) of a pile
        # number computed at play time
        if not o.is_const:
            if ctx.sg is None:
                raise _Unsupported("pile not known")
            return self.pile_var_attr(n, o, name, ctx)
        p = o.const
        if p is None or name in ("index", "group", "prev", "next", "covered_by"):
            return self.fold(n, {"obj": o})
        return self.pile_attr(p, name, ctx)

    def pile_table(self, n: Attr, name: str) -> tuple:
        """(table name, values): a static attribute of every pile by pile number, each value
        the compiler's own (folded as the checker folds), for loop mode."""
        table = f"P_{name}"
        if table not in self.table_values:
            values = tuple(self.fold(n, {"obj": self.const(p)}).const for p in range(self.v.layout.size))
            self.table_values[table] = values
        return table, self.table_values[table]

    def pile_var_attr(self, n: Attr, o: _V, name: str, ctx: _Ctx) -> _V:
        """Loop mode: an attribute of a pile whose number is the value of o (maybe none)."""
        if name == "group" and o.code in ("s", "d"):  # constant over the loop's group
            group = ctx.sg if o.code == "s" else ctx.dg
            return self.fold(n, {"obj": self.const(self.v.layout.groups[group].start)})
        nv = self.fold(n, {"obj": self.const(None)}) if o.null else None  # the attribute of none
        if name in ("index", "group", "prev", "next", "covered_by"):
            table, values = self.pile_table(n, name)
            ints = [x for x in values if type(x) is int]
            lo, hi = (min(ints), max(ints)) if ints and len(ints) == len(values) else _NO_BOUND
            null = None in values
            if nv is None:
                return _V(f"{table}[{o.code}]", null=null, lo=lo, hi=hi, reads=o.reads)
            if nv.const is not None:
                raise _Unsupported("attribute of none")
            t = self.temp()
            code = f"(None if ({t} := {o.code}) is None else {table}[{t}])"
            return _V(code, null=True, lo=lo, hi=hi, reads=o.reads)
        if o.code == "d":
            return self.pile_code("q", "d", ctx.dest_empty, name, frozenset())
        t = self.temp()
        inner = self.pile_code(f"piles[{t}]", t, None, name, _ALL)
        if nv is None:
            return dataclasses.replace(inner, code=f"(({t} := {o.code}), {inner.code})[1]")
        if nv.is_const and nv.const is not None and type(nv.const) not in (int, bool):
            raise _Unsupported("attribute of none")
        code = f"({nv.code} if ({t} := {o.code}) is None else {inner.code})"
        lo = None if inner.lo is None or nv.lo is None else min(inner.lo, nv.lo)
        hi = None if inner.hi is None or nv.hi is None else max(inner.hi, nv.hi)
        null = inner.null or nv.const is None
        return _V(code, null=null, isbool=inner.isbool and nv.isbool, lo=lo, hi=hi, reads=_ALL)

    def pile_code(self, pile: str, idx: str, known, name: str, reads: frozenset) -> _V:
        """A pile's contents attribute, the pile's list being the code pile, its number idx."""
        size = self.n_cards
        if name == "size":
            if known is True:
                return self.const(0)
            return _V(f"len({pile})", null=False, lo=0, hi=size, reads=reads)
        if name == "empty":
            if known is not None:
                return self.const(known)
            return _V(f"(not {pile})", null=False, isbool=True, reads=reads)
        if name in ("top", "bottom"):
            if known is True:
                return self.const(None)
            at = "-1" if name == "top" else "0"
            if known is False:
                return _V(f"{pile}[{at}]", null=False, lo=0, hi=size - 1, reads=reads)
            return _V(f"({pile}[{at}] if {pile} else None)", lo=0, hi=size - 1, reads=reads)
        if name == "cards":
            return _V(f"tuple({pile})", null=False, reads=reads)
        if name == "down":
            return _V(f"down[{idx}]", null=False, lo=0, hi=size, reads=reads)
        if name == "up":
            return _V(f"(len({pile}) - down[{idx}])", null=False, lo=-size, hi=size, reads=reads)
        if name in ("free", "covered"):
            self.table_values["P_covers"] = tuple(self.v.layout.covers)
            code = f"FREE(piles, P_covers[{idx}])"
            code = code if name == "free" else f"(not {code})"
            return _V(code, null=False, isbool=True, reads=_ALL)
        raise _Unsupported(name)

    def run_size(self, ctx: _Ctx) -> _V:
        if ctx.n is not None:
            return self.const(ctx.n)
        return _V("n", null=False, lo=1, hi=self.n_cards)

    def dest_atom(self, d: int, name: str) -> _V:
        atoms = self.dest_atoms.setdefault(d, {})
        atom = f"t{d}_{name}"
        table = self.tables[name]
        atoms[atom] = f"{table}[q{d}[-1]]"
        values = self.table_values[table]
        return _V(atom, null=False, lo=min(values), hi=max(values))

    def pile_attr(self, p: int, name: str, ctx: _Ctx) -> _V:
        """A known pile's attribute: pile_code with the number p, and free/covered unrolled over
        the piles that cover it."""
        if name in ("free", "covered"):
            covers = self.v.layout.covers[p]
            if not covers:
                return self.const(name == "free")
            test = " or ".join(f"piles[{q}]" for q in covers)
            code = f"(not ({test}))" if name == "free" else f"(not not ({test}))"
            return _V(code, null=False, isbool=True, reads=frozenset(covers))
        known = ctx.dest_empty if p == ctx.dest else None
        pile = f"q{p}" if p == ctx.dest else f"piles[{p}]"
        return self.pile_code(pile, str(p), known, name, frozenset((p,)))

    def x_Index(self, n: Index, ctx: _Ctx) -> _V:
        o, i = self.expr(n.obj, ctx), self.expr(n.index, ctx)
        if o.is_const and i.is_const:
            return self.fold(n, {"obj": o, "index": i})
        if n.obj.type.elem == PILE:
            raise _Unsupported("pile index")
        if o.null or i.null or i.lo is None or i.lo < 0:
            raise _Unsupported("index")
        t = self.temp()
        return _V(f"({t}[{i.code}] if {i.code} < len({t} := {o.code}) else None)", reads=o.reads | i.reads)

    def x_Call(self, n: Call, ctx: _Ctx) -> _V:
        name = n.func.name
        if name == "used":
            arg = self.expr(n.args[0], ctx)
            return _V(f"used[{self.v.action_index[arg.const]}]", null=False, lo=0, hi=MAX_INT)
        if name == "len" and _is_run(n.args[0], ctx):
            return self.run_size(ctx)
        args = [self.expr(a, ctx) for a in n.args]
        if n.func.pure and all(a.is_const for a in args):
            return self.fold(n, {"args": tuple(args)})
        reads = frozenset().union(*(a.reads for a in args))
        if name == "len":
            (a,) = args
            if a.null:
                raise _Unsupported("len of none")
            return _V(f"len({a.code})", null=False, lo=0, hi=MAX_INT, reads=reads)
        if name in ("succ", "pred"):
            (a,) = args
            table = "SUCC" if name == "succ" else "PRED"
            if a.null or a.lo is None or a.lo < 0 or a.hi >= len(self.table_values[table]):
                raise _Unsupported("rank out of the table")
            values = [x for x in self.table_values[table] if x is not None]
            return _V(f"{table}[{a.code}]", lo=min(values, default=0), hi=max(values, default=0), reads=reads)
        if name in ("min", "max", "abs") and not any(a.null for a in args):
            code = f"{name}({', '.join(a.code for a in args)})"
            if name == "abs":
                (a,) = args
                return _V(code, null=False, lo=0, hi=_absmax(a), reads=reads)
            lo = _pick(name, [a.lo for a in args])
            hi = _pick(name, [a.hi for a in args])
            return _V(code, null=False, lo=lo, hi=hi, reads=reads)
        raise _Unsupported(name)

    def x_ListLit(self, n: ListLit, ctx: _Ctx) -> _V:
        items = [self.expr(i, ctx) for i in n.items]
        if all(i.is_const for i in items):
            return self.const(tuple(i.const for i in items))
        inner = "".join(f"{i.code}, " for i in items)
        return _V(f"({inner})", null=False, reads=frozenset().union(*(i.reads for i in items)))

    def x_Unary(self, n: Unary, ctx: _Ctx) -> _V:
        x = self.expr(n.operand, ctx)
        if x.is_const:
            return self.fold(n, {"operand": x})
        if n.op == "not":
            return _V(f"(not {x.code})", null=False, isbool=True, reads=x.reads)
        if x.null or x.lo is None or x.hi is None:
            raise _Unsupported("negate")
        return _V(f"(-{x.code})", null=False, lo=-x.hi, hi=-x.lo, reads=x.reads)

    def x_BoolOp(self, n: BoolOp, ctx: _Ctx) -> _V:
        is_and = n.op == "and"
        parts = []
        for item in n.items:
            x = self.bool_item(item, ctx)
            if x.is_const:
                if bool(x.const) != is_and:  # false in an and, true in an or: decides it
                    return self.const(not is_and)
                continue
            parts.append(x)
        if not parts:
            return self.const(is_and)
        codes = [x.code if x.isbool else f"(not not {x.code})" for x in parts]
        code = codes[0] if len(codes) == 1 else "(" + f" {n.op} ".join(codes) + ")"
        return _V(code, null=False, isbool=True, reads=frozenset().union(*(x.reads for x in parts)))

    def bool_item(self, item: Expr, ctx: _Ctx) -> _V:
        """An operand of and/or: translated, or else (when it reads no quantifier variable)
        a call of its own compiled closure, so the rest of the rule is still specialised;
        its reads carry _ENV, so the rule's context is filled as for a closure."""
        try:
            return self.expr(item, ctx)
        except _Unsupported:
            if any(type(r) is int for r in _names(item)):
                raise
        f = self.part_fns.get(id(item))
        if f is None:
            try:
                f = self.part_fns[id(item)] = self.compiler.build(item)
            except Exception as exc:
                raise _Unsupported("part") from exc
        return _V(f"(not not {self.fn(f)}(env))", null=False, isbool=True, reads=_ENV)

    def x_Cond(self, n: Cond, ctx: _Ctx) -> _V:
        test = self.expr(n.test, ctx)
        if test.is_const:
            return self.expr(n.then if test.const else n.other, ctx)
        a, b = self.expr(n.then, ctx), self.expr(n.other, ctx)
        lo = None if a.lo is None or b.lo is None else min(a.lo, b.lo)
        hi = None if a.hi is None or b.hi is None else max(a.hi, b.hi)
        return _V(
            f"({a.code} if {test.code} else {b.code})",
            null=a.null or b.null,
            isbool=a.isbool and b.isbool,
            lo=lo,
            hi=hi,
            reads=a.reads | b.reads | test.reads,
        )

    def x_Binary(self, n: Binary, ctx: _Ctx) -> _V:
        op = n.op
        a, b = self.expr(n.left, ctx), self.expr(n.right, ctx)
        if a.is_const and b.is_const:
            return self.fold(n, {"left": a, "right": b})
        reads = a.reads | b.reads
        if op in ("==", "!="):
            return _V(f"({a.code} {op} {b.code})", null=False, isbool=True, reads=reads)
        if op in ("<", "<=", ">", ">="):
            if not a.null and not b.null:
                return _V(f"({a.code} {op} {b.code})", null=False, isbool=True, reads=reads)
            ta, tb = self.temp(), self.temp()
            code = f"(({ta} := {a.code}) is not None and ({tb} := {b.code}) is not None and {ta} {op} {tb})"
            return _V(code, null=False, isbool=True, reads=reads)
        if op in ("in", "not in"):
            if b.null:
                raise _Unsupported("in none")
            return _V(f"({a.code} {op} {b.code})", null=False, isbool=True, reads=reads)
        if a.null or b.null or None in (a.lo, a.hi, b.lo, b.hi):
            raise _Unsupported("arithmetic on a value that may be none")
        if op in ("+", "-", "*"):
            if op == "+":
                lo, hi = a.lo + b.lo, a.hi + b.hi
            elif op == "-":
                lo, hi = a.lo - b.hi, a.hi - b.lo
            else:
                corners = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
                lo, hi = min(corners), max(corners)
            return _saturated(f"({a.code} {op} {b.code})", lo, hi, reads)
        if op == "**" and b.lo >= 0:
            return self.power(a, b, reads)
        if op in ("/", "%") and b.is_const and type(b.const) is int and b.const > 0 and a.lo >= 0:
            py = "//" if op == "/" else "%"
            hi = a.hi // b.const if op == "/" else b.const - 1
            return _V(f"({a.code} {py} {b.code})", null=False, lo=0, hi=hi, reads=reads)
        raise _Unsupported(op)

    def x_Quant(self, n: Quant, ctx: _Ctx) -> _V:
        coll = self.expr(n.coll, ctx)
        if n.pairs or not coll.is_const:
            return self.quant_loop(n, coll, ctx)
        if coll.const is None or len(coll.const) > MAX_UNROLL:
            raise _Unsupported("quantifier over a long list")
        (slot,) = n.slots
        bodies = []
        try:
            for x in coll.const:
                ctx.vars[slot] = self.const(x)
                bodies.append(self.expr(n.body, ctx))
        finally:
            ctx.vars.pop(slot, None)
        reads = frozenset().union(*(b.reads for b in bodies)) if bodies else frozenset()
        if n.kind in ("all", "any"):
            is_all = n.kind == "all"
            parts = []
            for b in bodies:
                if b.is_const:
                    if bool(b.const) != is_all:
                        return self.const(not is_all)
                    continue
                parts.append(b.code if b.isbool else f"(not not {b.code})")
            if not parts:
                return self.const(is_all)
            joiner = " and " if is_all else " or "
            return _V("(" + joiner.join(parts) + ")", null=False, isbool=True, reads=reads)
        if n.kind == "count":
            total = sum(1 for b in bodies if b.is_const and b.const)
            parts = [b.code if b.isbool else f"(not not {b.code})" for b in bodies if not b.is_const]
            if not parts:
                return self.const(total)
            if len(parts) == 1:
                parts = [f"(1 if {parts[0]} else 0)"]
            if total:
                parts.append(repr(total))
            return _V("(" + " + ".join(parts) + ")", null=False, lo=total, hi=total + len(parts), reads=reads)
        # sum: every term a number known to stay in range
        if any(b.null or b.lo is None or b.hi is None for b in bodies):
            raise _Unsupported("sum of values that may be none")
        lo, hi = sum(b.lo for b in bodies), sum(b.hi for b in bodies)
        if not bodies:
            return self.const(0)
        return _saturated("(" + " + ".join(b.code for b in bodies) + ")", lo, hi, reads)  # the exact total

    def power(self, a: _V, b: _V, reads: frozenset) -> _V:
        """a ** b for an exponent that is never negative: saturated, as ops.power."""
        big = max(abs(a.lo), abs(a.hi))
        top = max(ops.power(big, b.hi) or 0, 1)
        lo = (ops.power(a.lo, b.lo) or 0) if a.lo > 0 else 0 if a.lo == 0 else -top
        if a.lo >= 0 and b.hi <= 64 and a.hi**b.hi <= MAX_INT:  # a.hi < 2 ** 31: at most 2 ** 62
            if a.is_const and a.const == 2:
                return _V(f"(1 << {b.code})", null=False, lo=lo, hi=top, reads=reads)
            return _V(f"({a.code} ** {b.code})", null=False, lo=lo, hi=top, reads=reads)
        if a.is_const and a.const == 2:
            t = self.temp()
            code = f"((1 << {t}) if ({t} := {b.code}) < 31 else {MAX_INT})"
            return _V(code, null=False, lo=lo, hi=top, reads=reads)
        return _V(f"POW({a.code}, {b.code})", null=False, lo=lo, hi=top, reads=reads)

    def quant_loop(self, n: Quant, coll: _V, ctx: _Ctx) -> _V:
        """A quantifier over a list known only at play time: a generator expression."""
        if n.kind == "sum":
            raise _Unsupported("sum over a list not known")
        if coll.is_const:
            items = self.lit(coll.const) if coll.const is not None else "()"
        else:
            items = f"({coll.code} or ())" if coll.null else coll.code
        if ":=" in items:
            raise _Unsupported("a name bound in a generator's list")  # Python refuses it there
        c = n.coll
        cards = (isinstance(c, Name) and c.ref.kind is Ref.SLOT and c.ref.name == "run") or (
            isinstance(c, Attr) and c.attr is not None and c.attr.name == "cards"
        )
        bound = (0, self.n_cards - 1) if cards else _NO_BOUND
        names = [f"_v{slot}" for slot in n.slots]
        try:
            for slot, name in zip(n.slots, names, strict=True):
                ctx.vars[slot] = _V(name, null=not cards, lo=bound[0], hi=bound[1])
            body = self.expr(n.body, ctx)
        finally:
            for slot in n.slots:
                ctx.vars.pop(slot, None)
        if n.pairs:
            loop = f"for {names[0]}, {names[1]} in PAIRS({items})"
        else:
            loop = f"for {names[0]} in {items}"
        reads = coll.reads | body.reads
        if body.is_const:
            body_code = repr(bool(body.const))
        else:
            body_code = body.code
        if n.kind == "count":
            return _V(f"sum(1 {loop} if {body_code})", null=False, lo=0, hi=MAX_INT, reads=reads)
        return _V(f"{n.kind}({body_code} {loop})", null=False, isbool=True, reads=reads)


def _saturated(code: str, lo: int, hi: int, reads: frozenset) -> _V:
    """An exact result held to the integer range, as ops.py's closures hold it: clamped only
    on the sides its bounds may pass."""
    if hi > MAX_INT:
        code = f"SAT({code})" if lo < -MAX_INT else f"min({code}, {MAX_INT})"
    elif lo < -MAX_INT:
        code = f"max({code}, -{MAX_INT})"
    return _V(code, null=False, lo=ops.saturate(lo), hi=ops.saturate(hi), reads=reads)


_ALL = frozenset({-1})  # reads anything (a closure)
_ENV = frozenset({-1, "env"})  # a part of a rule called as its closure: reads the context
_CARD_LISTS = ("run", "cards")  # lists of cards that never hold none


def _names(n) -> set:
    """The context slots (by name) and quantifier variables (by slot number) a node reads."""
    if isinstance(n, Name):
        if n.ref.kind is Ref.SLOT:
            return {n.ref.name}
        return {n.ref.slot} if n.ref.kind is Ref.VAR else set()
    out: set = set()
    if isinstance(n, Expr):
        for f in dataclasses.fields(n):
            child = getattr(n, f.name)
            for c in child if isinstance(child, tuple) else (child,):
                if isinstance(c, Expr):
                    out |= _names(c)
    return out


def _is_run(n: Expr, ctx: _Ctx) -> bool:
    return ctx.role == "move" and isinstance(n, Name) and n.ref.kind is Ref.SLOT and n.ref.name == "run"


def _plain(value) -> bool:
    if value is None or type(value) in (int, bool):
        return True
    return type(value) is tuple and all(x is None or type(x) in (int, bool) for x in value)


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _bounds_of(value) -> tuple:
    if type(value) is int:
        return value, value
    if type(value) is bool:
        return int(value), int(value)
    return _NO_BOUND


def _absmax(a: _V) -> int | None:
    if a.lo is None or a.hi is None:
        return None
    return max(abs(a.lo), abs(a.hi))


def _pick(name, values):
    if any(v is None for v in values):
        return None
    return min(values) if name == "min" else max(values)


# -- the generator's source ------------------------------------------------------------


class _Out:
    """Lines of source with their indentation."""

    def __init__(self):
        self.lines: list[str] = []
        self.depth = 1

    def __call__(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def indent(self) -> None:
        self.depth += 1

    def dedent(self) -> None:
        self.depth -= 1


class _Dest:
    """What a card move from one source to one destination pile needs: the translated tests."""

    def __init__(self, d, full, full_run, empty, empty_run, fallback, reads, cap, alike):
        self.d = d
        self.full, self.full_run = full, full_run  # accept and the run bound, or None
        self.empty, self.empty_run = empty, empty_run  # accept_empty and the run bound, or None
        self.fallback = fallback  # a closure reads env.dest
        self.reads = reads
        self.cap = cap
        self.alike = alike  # the number of its interchangeable group, or None
        self.bound: int | None = None  # the longest run it may take, when its rules say
        self.n_const: int | None = None  # the run length, when known (lift top; bound 1)


def _cond(parts: list[str]) -> str:
    return " and ".join(parts) if parts else "True"


class _Build(_Gen):
    def source(self) -> str:
        v = self.v
        o = _Out()
        rules, layout = v.rules, v.layout
        takers = [d for d in range(layout.size) if rules[d].takes]
        groups = {name: i for i, name in enumerate(layout.groups)}
        body = _Out()
        body.depth = 1
        loop = not unrolled(v)
        if loop:
            for srcs in _runs(v, v.sources):
                self.source_loop(body, srcs, _runs(v, takers))
        else:
            for s in v.sources:
                self.source_block(body, s, takers, groups)
        if v.removals:
            body("# removals: the reference engine's own function")
            body("REMOVE(V, st, env, out)")
        for i, a in enumerate(v.actions):
            self.action(body, i, a)
        o("piles = st.piles")
        o("down = st.down")
        o("used = st.used")
        o("env.st = st")
        o("out = []")
        for d in [] if loop else takers:
            o(f"q{d} = piles[{d}]")
            atoms = self.dest_atoms.get(d)
            if atoms:
                o(f"if q{d}:")
                o.indent()
                for name, code in atoms.items():
                    o(f"{name} = {code}")
                o.dedent()
        head = [
            "# The move generator generated by rulesdsl/codegen.py from the checked rules.",
            "# Names it reads from its namespace: Move; K, the table of constants (text and",
            "# objects, never copied into this source); F, compiled rules it calls as closures;",
            "# RANK, SUIT, COLOR, COPY (by card id), SUCC, PRED (by rank); V, the variant;",
            "# REMOVE and ALLOWED, the reference engine's removals and action test; PAIRS;",
            "# SAT and POW, ops.py's saturating arithmetic;",
            "# FREE (no pile of a list holds a card); P_<attr>, a pile attribute by pile number;",
            "# S<i>, D<i>, the pile numbers a loop runs over (loop mode, with s, d, q = piles[d]).",
            "# Piles are numbered globally (rulesdsl explain lists them); q<d> is pile d,",
            "# t<d>_<attr> its top card's attribute, c the moving run's first card, n its length.",
        ]
        lines = head + ["def generate(st, env):"] + o.lines + body.lines + ["    return out"]
        return "\n".join(lines) + "\n"

    def source_block(self, o: _Out, s: int, takers: list, groups: dict) -> None:
        v = self.v
        r = v.rules[s]
        layout = v.layout
        n_const = 1 if r.lift == "top" else None
        card_atoms: dict = {}
        uses_run = needs_lift = fallback = False
        dests: list[_Dest] = []
        for d in takers:
            if d == s:
                continue
            rd = v.rules[d]
            path = ("piles", rd.group)
            parts: dict = {}
            fb = False
            reads: frozenset = frozenset()
            b = None if n_const is not None else self.run_bound(rd)
            dn = 1 if b == 1 else n_const  # asked only under n <= 1: the run is one card
            for key, fn, is_empty in (("accept", rd.accept, False), ("accept_empty", rd.accept_empty, True)):
                if fn is None:
                    parts[key] = (None, None)
                    continue
                ctx = _Ctx("move", s, d, dest_empty=is_empty, n=dn)
                val, ok = self.rule(path + (key,), fn, ctx)
                bound = None
                if r.max_run is not None and dn != 1:
                    ctx2 = _Ctx("move", s, d, dest_empty=is_empty, n=dn)
                    bound, ok2 = self.rule(("piles", r.group, "max_run"), r.max_run, ctx2)
                    ok = ok and ok2
                    uses_run = uses_run or ctx2.uses_run
                    card_atoms.update(ctx2.card_atoms)
                    reads |= bound.reads
                fb = fb or not ok
                uses_run = uses_run or ctx.uses_run
                card_atoms.update(ctx.card_atoms)
                reads |= val.reads
                parts[key] = (val, bound)
            covers = layout.covers[d]
            if s in covers:
                reads |= {s}
            if parts["accept"][0] is None and parts["accept_empty"][0] is None:
                continue
            full, full_run = parts["accept"]
            empty, empty_run = parts["accept_empty"]
            if full is not None and full.is_const and not full.const:
                full = None
            if empty is not None and empty.is_const and not empty.const:
                empty = None
            if full is None and empty is None:
                continue
            alike = groups[rd.group] if rd.interchangeable and empty is not None else None
            x = _Dest(d, full, full_run, empty, empty_run, fb, reads, rd.capacity, alike)
            x.bound, x.n_const = b, dn
            dests.append(x)
            fallback = fallback or fb
            needs_lift = needs_lift or s in reads or -1 in reads
        seq, seq_ok = None, True
        if r.lift == "run" and r.sequence is not None:
            sctx = _Ctx("sequence")
            seq, seq_ok = self.rule(("piles", r.group, "sequence"), r.sequence, sctx)
            card_atoms.update(sctx.card_atoms)
        if not dests:
            # nothing can take its cards: the pile gives no move
            return
        if fallback:
            needs_lift = True
        if needs_lift:
            uses_run = True
        covers = layout.covers[s]
        o(f"# pile {s}: gives cards (lift {r.lift})")
        o(f"p = piles[{s}]")
        free = "".join(f" and not piles[{q}]" for q in covers)
        if n_const == 1:
            o(f"if len(p) > down[{s}]{free}:")
            o.indent()
            o("c = p[-1]")
            o("n = 1")
        else:
            o(f"if len(p) > down[{s}]{free}:")
            o.indent()
            o("k = len(p) - 1")
            o(f"lo = down[{s}]")
            o("n = 1")
            o("while True:")
            o.indent()
            o("c = p[k]")
        for name, code in card_atoms.items():
            o(f"{name} = {code}")
        if uses_run:
            o("run = (c,)" if n_const == 1 else "run = tuple(p[k:])")
        if needs_lift:
            o("del p[-n:]" if n_const is None else "p.pop()")
        if fallback:
            o(f"env.source = {s}")
            o("env.run = run")
            o("env.card = c")
        for g in sorted({x.alike for x in dests if x.alike is not None}):
            o(f"al{g} = False")
        run_code = "run" if uses_run else ("(c,)" if n_const == 1 else "tuple(p[k:])")
        move = f'out.append(Move("move", ({s},), {{d}}, {run_code}))'
        # destinations side by side that take runs of at most B cards (their rules' plans and
        # capacities say so) are asked under one test n <= B
        group_bound = None
        for x in dests:
            b = x.bound
            if b != group_bound:
                if group_bound is not None:
                    o.dedent()
                if b is not None:
                    o(f"if n <= {b}:")
                    o.indent()
                group_bound = b
            one = move if uses_run or x.n_const != 1 else move.replace("tuple(p[k:])", "(c,)")
            self.dest_block(o, x, x.n_const, one)
        if group_bound is not None:
            o.dedent()
        if needs_lift:
            o("p.extend(run)" if n_const is None else "p.append(c)")
        if n_const is None:
            o("if k <= lo:")
            o("    break")
            if seq is not None:
                o("a = p[k - 1]")
                if not seq_ok:
                    o("env.a = a")
                    o("env.b = c")
                if not (seq.is_const and seq.const):
                    o(f"if not {seq.code}:")
                    o("    break")
            o("k -= 1")
            o("n += 1")
            o.dedent()
        o.dedent()

    def source_loop(self, o: _Out, srcs: tuple, druns: list) -> None:
        """Loop mode: the source piles srcs (one group, one set of rules) as a loop over s,
        each run of destinations as a loop over d: the same tests as source_block, in the
        same order, with the pile numbers read from the loop variables."""
        v = self.v
        layout = v.layout
        r = v.rules[srcs[0]]
        sg = r.group
        n_const = 1 if r.lift == "top" else None
        card_atoms: dict = {}
        uses_run = fallback = False
        needs_lift = False
        plans: list = []
        for dests in druns:
            rd = v.rules[dests[0]]
            path = ("piles", rd.group)
            parts: dict = {}
            fb = False
            reads: frozenset = frozenset()
            b = None if n_const is not None else self.run_bound(rd)
            dn = 1 if b == 1 else n_const
            for key, fn, is_empty in (("accept", rd.accept, False), ("accept_empty", rd.accept_empty, True)):
                if fn is None:
                    parts[key] = (None, None)
                    continue
                ctx = _Ctx("move", None, None, dest_empty=is_empty, n=dn)
                ctx.sg, ctx.dg = sg, rd.group
                val, ok = self.rule(path + (key,), fn, ctx)
                bound = None
                if r.max_run is not None and dn != 1:
                    ctx2 = _Ctx("move", None, None, dest_empty=is_empty, n=dn)
                    ctx2.sg, ctx2.dg = sg, rd.group
                    bound, ok2 = self.rule(("piles", r.group, "max_run"), r.max_run, ctx2)
                    ok = ok and ok2
                    uses_run = uses_run or ctx2.uses_run
                    card_atoms.update(ctx2.card_atoms)
                    reads |= bound.reads
                fb = fb or not ok
                uses_run = uses_run or ctx.uses_run
                card_atoms.update(ctx.card_atoms)
                reads |= val.reads
                parts[key] = (val, bound)
            full, full_run = parts["accept"]
            empty, empty_run = parts["accept_empty"]
            if full is not None and full.is_const and not full.const:
                full = None
            if empty is not None and empty.is_const and not empty.const:
                empty = None
            if full is None and empty is None:
                continue
            covered = any(layout.covers[d] for d in dests)
            if covered and set(srcs) & {q for d in dests for q in layout.covers[d]}:
                reads |= _ALL
            alike = rd.interchangeable and empty is not None
            x = _Dest(None, full, full_run, empty, empty_run, fb, reads, rd.capacity, alike)
            x.bound, x.n_const = b, dn
            plans.append((dests, covered, x))
            fallback = fallback or fb
            needs_lift = needs_lift or bool(reads)
        seq, seq_ok = None, True
        if r.lift == "run" and r.sequence is not None:
            sctx = _Ctx("sequence")
            seq, seq_ok = self.rule(("piles", r.group, "sequence"), r.sequence, sctx)
            card_atoms.update(sctx.card_atoms)
        if not plans:
            return
        if fallback:
            needs_lift = True
        if needs_lift:
            uses_run = True
        src_table = self.loop_table("S", srcs)
        o(f"# piles {srcs[0]}..{srcs[-1]} ({len(srcs)}): give cards (lift {r.lift}), s the pile")
        o(f"for s in {src_table}:")
        o.indent()
        o("p = piles[s]")
        free = ""
        if any(layout.covers[s] for s in srcs):
            self.table_values["P_covers"] = tuple(layout.covers)
            free = " and FREE(piles, P_covers[s])"
        o(f"if len(p) > down[s]{free}:")
        o.indent()
        if n_const == 1:
            o("c = p[-1]")
            o("n = 1")
        else:
            o("k = len(p) - 1")
            o("lo = down[s]")
            o("n = 1")
            o("while True:")
            o.indent()
            o("c = p[k]")
        for name, code in card_atoms.items():
            o(f"{name} = {code}")
        if uses_run:
            o("run = (c,)" if n_const == 1 else "run = tuple(p[k:])")
        if needs_lift:
            o("del p[-n:]" if n_const is None else "p.pop()")
        if fallback:
            o("env.source = s")
            o("env.run = run")
            o("env.card = c")
        for i, (_dests, _covered, x) in enumerate(plans):
            if x.alike:
                o(f"al{i} = False")
        run_code = "run" if uses_run else ("(c,)" if n_const == 1 else "tuple(p[k:])")
        move = f'out.append(Move("move", (s,), d, {run_code}))'
        for i, (dests, covered, x) in enumerate(plans):
            opened = 0
            if x.bound is not None:
                o(f"if n <= {x.bound}:")
                o.indent()
                opened += 1
            o(f"for d in {self.loop_table('D', dests)}:")
            o.indent()
            opened += 1
            if srcs[0] <= dests[-1] and dests[0] <= srcs[-1] and set(srcs) & set(dests):
                o("if d == s:")
                o("    continue")
            if covered:
                self.table_values["P_covers"] = tuple(layout.covers)
                o("if not FREE(piles, P_covers[d]):")
                o("    continue")
            o("q = piles[d]")
            x.alike = i if x.alike else None
            one = move if uses_run or x.n_const != 1 else move.replace("tuple(p[k:])", "(c,)")
            self.dest_tests(o, x, x.n_const, one, "q", "d")
            for _ in range(opened):
                o.dedent()
        if needs_lift:
            o("p.extend(run)" if n_const is None else "p.append(c)")
        if n_const is None:
            o("if k <= lo:")
            o("    break")
            if seq is not None:
                o("a = p[k - 1]")
                if not seq_ok:
                    o("env.a = a")
                    o("env.b = c")
                if not (seq.is_const and seq.const):
                    o(f"if not {seq.code}:")
                    o("    break")
            o("k -= 1")
            o("n += 1")
            o.dedent()
        o.dedent()
        o.dedent()

    def loop_table(self, prefix: str, piles: tuple) -> str:
        name = f"{prefix}{sum(1 for k in self.table_values if k.startswith(prefix) and k[1:].isdigit())}"
        self.table_values[name] = piles
        return name

    def run_bound(self, rd) -> int | None:
        """The longest run a pile of these rules may take, from the plans of its accept rules
        (compiler.Plan) and its capacity, or None when nothing bounds it."""
        bounds = []
        for rule, plan in ((rd.accept, rd.accept_plan), (rd.accept_empty, rd.empty_plan)):
            if rule is None:
                continue
            b = plan.max_run if plan is not None else None
            if rd.capacity is not None:
                b = rd.capacity if b is None else min(b, rd.capacity)
            bounds.append(b)
        if not bounds or None in bounds:
            return None
        return max(b for b in bounds if b is not None)

    def dest_block(self, o: _Out, x: _Dest, n_const, move: str) -> None:
        d = x.d
        covers = self.v.layout.covers[d]
        opened = 0
        if covers:
            o(f"if not ({' or '.join(f'piles[{q}]' for q in covers)}):")
            o.indent()
            opened += 1
        self.dest_tests(o, x, n_const, move.format(d=d), f"q{d}", repr(d))
        for _ in range(opened):
            o.dedent()

    def dest_tests(self, o: _Out, x: _Dest, n_const, add: str, q: str, d: str) -> None:
        """The tests of a move to one destination, its pile being q and its number d."""
        if x.fallback:
            o(f"env.dest = {d}")
        if x.full is not None:
            o(f"if {q}:" if x.empty is not None else f"if {q}:  # to pile {d}")
            o.indent()
            tests = []
            if x.cap is not None:
                tests.append(f"len({q}) < {x.cap}" if n_const == 1 else f"len({q}) + n <= {x.cap}")
            if not x.full.is_const:
                tests.append(x.full.code)
            tests += _run_bound(x.full_run, n_const)
            o(f"if {_cond(tests)}:")
            o(f"    {add}")
            o.dedent()
        if x.empty is not None:
            o("else:" if x.full is not None else f"if not {q}:")
            o.indent()
            tests = []
            if x.alike is not None:
                tests.append(f"not al{x.alike}")
            if x.cap is not None and (n_const != 1 or x.cap < 1):
                tests.append(f"n <= {x.cap}")
            if not x.empty.is_const:
                tests.append(x.empty.code)
            tests += _run_bound(x.empty_run, n_const)
            o(f"if {_cond(tests)}:")
            o(f"    {add}")
            if x.alike is not None:
                o(f"    al{x.alike} = True")
            o.dedent()

    def action(self, o: _Out, i: int, a) -> None:
        move = self.lit(Move("action", (a.source,), None, (), a.name))
        o(f"# action {i}")
        if a.kind not in (ActionKind.DEAL, ActionKind.RECYCLE):
            o(f"if ALLOWED({self.lit(a)}, {i}, st, env):")
            o(f"    out.append({move})")
            return
        tests = [f"piles[{a.source}]"]
        if a.kind == ActionKind.RECYCLE:
            tests.append(f"not piles[{a.targets[0]}]")
        path = ("actions", a.name)
        if a.limit is not None:
            lim, _ok = self.rule(path + ("limit",), a.limit, _Ctx("state"))
            if lim.is_const:
                if lim.const is not None:
                    tests.append(f"used[{i}] < {self.lit(lim.const)}")
            elif not lim.null:
                tests.append(f"used[{i}] < {lim.code}")
            else:
                t = self.temp()
                tests.append(f"(({t} := {lim.code}) is None or used[{i}] < {t})")
        if a.when is not None:
            when, _ok = self.rule(path + ("when",), a.when, _Ctx("state"))
            if when.is_const:
                if not when.const:
                    return
            else:
                tests.append(when.code)
        o(f"if {_cond(tests)}:")
        o(f"    out.append({move})")


def _run_bound(bound, n_const) -> list[str]:
    """The source's max_run as a test (a run of one card is never bounded)."""
    if bound is None or n_const == 1:
        return []
    if bound.is_const:
        return ["n == 1"] if bound.const is None else [f"(n == 1 or n <= {bound.code})"]
    if not bound.null:
        return [f"(n == 1 or n <= {bound.code})"]
    return [f"(n == 1 or ((_lim := {bound.code}) is not None and n <= _lim))"]


# -- compiled once per variant --------------------------------------------------------

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _pairs(xs):
    """Consecutive pairs of a list, for the generated quantifiers over pairs(...)."""
    return zip(xs, xs[1:])


def _runs(v, piles) -> list:
    """The piles in their order, cut into runs of one group and one set of rules (loop mode)."""
    out: list = []
    for p in piles:
        if out and v.rules[out[-1][-1]] is v.rules[p] and out[-1][-1] < p:
            out[-1].append(p)
        else:
            out.append([p])
    return [tuple(r) for r in out]


def _free_of(piles, covering) -> bool:
    """No pile of covering holds a card (the generated FREE)."""
    for q in covering:
        if piles[q]:
            return False
    return True


def unrolled(v) -> bool:
    """Is the variant small enough for the unrolled generator (limits.MAX_GENERATED_PAIRS)?"""
    return len(v.sources) * sum(1 for r in v.rules if r.takes) <= MAX_GENERATED_PAIRS


def _compiled(v) -> tuple:
    found = _CACHE.get(v)
    if found is None:
        b = _Build(v)
        text = b.source()
        space: dict = {
            "Move": Move,
            "K": tuple(b.consts),
            "F": tuple(b.fns),
            "V": v,
            "REMOVE": moves._removals,
            "ALLOWED": moves.action_allowed,
            "PAIRS": _pairs,
            "FREE": _free_of,
            "SAT": ops.saturate,
            "POW": ops.power,
            **b.table_values,
        }
        try:
            code = compile(text, f"<rulesdsl generated: {v.id}>", "exec")
        except (SyntaxError, RecursionError, MemoryError) as exc:  # a bug here: never a crash
            note = f"# {NOT_COMPILED} ({type(exc).__name__}): the closure engine instead\n"
            found = _CACHE[v] = (note + text, reference(v))
            return found
        exec(code, space)  # our own source, holding no text of the variant file
        found = _CACHE[v] = (text, space["generate"])
    return found


def source(v) -> str:
    """The generated source of the variant's move generator (what explain --generated prints)."""
    return _compiled(v)[0]


def generated(v):
    """The generated move generator, ``f(st, env) -> list of moves`` (compiled on first use,
    then cached; the closure engine for a variant whose rules the validator watches, which
    keeps no checked trees)."""
    if v.watched:
        return reference(v)
    return _compiled(v)[1]


def generator(v):
    """The variant's move generator for Game: the generated one, or the reference
    (moves.generate) when RULESDSL_ENGINE=closures."""
    if os.environ.get(ENGINE_VAR) == "closures":
        return reference(v)
    return generated(v)


def reference(v):
    """The closure engine, as a generator function (the differential test compares)."""
    return lambda st, env: moves.generate(v, st, env)
