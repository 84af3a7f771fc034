"""Rules to Python expressions: the translator of the generated move generator.

A rule's checked tree (lang/checker.py) becomes the text of a Python expression over the
generated function's local variables (``c`` the moving card, ``n`` the run length, ``q<d>``
a destination pile, ``t<d>_rank`` its top card's rank), with what is known where it is asked
(the source, the destination, the options) folded, and the bounds and none-ness of each
value tracked so that a translation is emitted only where it gives the closure's value. What
it does not specialise raises ``_Unsupported`` and is called as the compiled closure instead.
blocks.py lays these expressions out into ``generate(st, env)``; the package's ``__init__``
compiles the text.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.limits import MAX_INT, MAX_UNROLL
from ...lang import ops
from ...lang.checker import (
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
from ...lang.compiler import Compiler, live_base
from ...lang.types import PILE


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
        self.tables = {"rank": "RANK", "suit": "SUIT", "color": "COLOR", "copy": "COPY", "suit_index": "SUIT"}
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
            if self.v.base_live:  # fixed by play: read live from its piles (compiler.live_base)
                fn = self.fn(live_base(self.v.base_live, self.v.deck.rank_of))
                return _V(f"{fn}(env)", null=True, lo=min(ranks), hi=max(ranks))
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
        # face-up cards under face-down ones (State.shown) count as up: only a variant whose
        # deal lays some reads them
        downs = f"st.down_count({idx})" if self.v.mixed_facing else f"down[{idx}]"
        if name == "down":
            return _V(downs, null=False, lo=0, hi=size, reads=reads)
        if name == "up":
            return _V(f"(len({pile}) - {downs})", null=False, lo=-size, hi=size, reads=reads)
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

    def dest_shifted(self, d: int, atom: str, op: str, b: _V, val: _V) -> _V:
        """The destination's top card's attribute plus or minus a constant (``dest.top.rank
        - 1``), a destination atom of its own: computed once per position with the atom it
        reads (after it: the atoms are assigned in the order they were made), not once per
        moving card tested against that pile."""
        k = b.const
        if type(k) is not int or k < 0:
            return val
        atoms = self.dest_atoms[d]
        name = f"{atom}_{'p' if op == '+' else 'm'}{k}"
        atoms[name] = val.code
        return _V(name, null=False, lo=val.lo, hi=val.hi, reads=val.reads)

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
        if op in ("in", "notin"):  # the parser spells the negation "notin" (parser.py)
            if b.null:
                raise _Unsupported("in none")
            py = "in" if op == "in" else "not in"
            return _V(f"({a.code} {py} {b.code})", null=False, isbool=True, reads=reads)
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
            val = _saturated(f"({a.code} {op} {b.code})", lo, hi, reads)
            if op != "*" and b.is_const and ctx.dest is not None and a.code in self.dest_atoms.get(ctx.dest, {}):
                return self.dest_shifted(ctx.dest, a.code, op, b, val)
            return val
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
