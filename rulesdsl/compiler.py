"""AST -> Python closures, with names resolved and types checked once, at load time.

Each node becomes a function of one argument, the evaluation context ``Env``, whose
slots hold what a rule may see (the moving run, the destination pile, ...). Names are
bound to slots, tables or constants here, so playing never looks a name up by string.

The language is total: reading a missing thing gives ``none`` (the top of an empty
pile, an index past the end), arithmetic on ``none`` gives ``none`` and an ordering
comparison with ``none`` is false. Division by zero gives ``none``, and so does a
result outside the integer range -MAX_INT..MAX_INT (limits.py); the same result folded
from constants at load is an error (E108) instead. Quantifiers range
over finite collections; a quantifier nested in another must range over something
reached from the outer variable (a pile's cards), which keeps the cost linear.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass

from . import ast
from .errors import short
from .builtins import FUNCTIONS
from .cards import Deck
from .cards import RANK_NAMES
from .errors import CompileError, say_number
from .limits import MAX_INT

NOCONST = object()

INT, BOOL, STR, SUIT, COLOR, CARD, PILE, NONE, ANY = (
    "int", "bool", "str", "suit", "color", "card", "pile", "none", "any")


def list_of(t: str) -> str:
    return f"list[{t}]"


def elem(t: str) -> str | None:
    return t[5:-1] if t.startswith("list[") else None


# What each kind of rule may see, beyond the names every rule sees.
ROLE_NAMES = {
    "state": {},
    "sequence": {"a": CARD, "b": CARD},
    "move": {"run": list_of(CARD), "card": CARD, "source": PILE, "dest": PILE},
    "remove": {"cards": list_of(CARD), "piles": list_of(PILE)},
    "card": {"card": CARD},
    "pile": {"pile": PILE},
    "const": {},
}

@dataclass
class Compiled:
    fn: object
    type: str
    const: object = NOCONST
    binders: frozenset = frozenset()   # quantifier variables this expression reads
    plan: object = None                # for accept rules: a Plan (see Compiler.plan)

    @property
    def is_const(self):
        return self.const is not NOCONST


class World:
    """What expressions may refer to: the deck, the piles, options and parameters."""

    def __init__(self, deck: Deck, layout, constants=None, actions=()):
        self.deck = deck
        self.layout = layout
        self.constants = dict(constants or {})   # name -> (value, type)
        self.actions = {name: i for i, name in enumerate(actions)}
        self.words: set = set()    # text values options may take, for 'write it in quotes' hints



def _const(value, typ):
    return Compiled(lambda e, v=value: v, typ, value)


@dataclass(frozen=True)
class Plan:
    """What the generator may learn from an accept rule without running it.

    ``max_run``: a conjunct ``run.size == k`` (or ``<= k``, ``< k``) bounds the run length.
    ``join``: a conjunct ``L == R`` where L reads only the moving cards and R only the
    destination's top card: R is computed once per pile and position, L once per run, and
    a pile whose R differs from L is passed over without running the rule.
    """
    max_run: int | None = None
    run_key: object = None       # L, a closure over the move context
    top_key: object = None       # R, likewise


class Compiler:
    """Compiles the expressions of one variant; one instance per world."""

    def __init__(self, world: World):
        self.w = world
        d = world.deck
        self.suit_names = {s.name: i for i, s in enumerate(d.suits)}
        self.color_names = {c: i for i, c in enumerate(d.colors)}

    # -- entry point ----------------------------------------------------
    def compile(self, node, role: str, want: str | None = None, plan: bool = False) -> Compiled:
        self.role = role
        self.scope: dict[str, tuple[int, str]] = {}   # quantifier name -> (slot, type)
        self.qdepth = 0
        self.inner: tuple = ()   # the names bound by the innermost quantifier being compiled
        c = self.expr(node)
        if want and not _fits(c.type, want):
            raise CompileError("E208", f"this expression gives {_say(c.type)}, but {_say(want)} is "
                               f"needed here", node.col)
        if plan and role == "move" and c.type == BOOL and not c.is_const:
            c.plan = self.plan(node)
        elif plan and role == "sequence" and not c.is_const:
            reads = self._reads(node)
            if reads is not None and reads <= {"a", "b"}:
                c.fn = _pair_memo(c.fn)     # a function of the two cards alone: remember it
        return c

    # -- what the generator can use without running a rule ----------------------------
    def plan(self, node) -> Plan:
        conjuncts = node.items if isinstance(node, ast.BoolOp) and node.op == "and" else (node,)
        max_run, keys = None, (None, None)
        for c in conjuncts:
            if not isinstance(c, ast.Binary):
                continue
            bound = _size_bound(c)
            if bound is not None:
                max_run = bound if max_run is None else min(max_run, bound)
            if c.op == "==" and keys[0] is None:
                for run_side, top_side in ((c.left, c.right), (c.right, c.left)):
                    rl, rr = self._reads(run_side), self._reads(top_side)
                    if rl is not None and rl <= {"card", "run"} and rr == {"dest.top"}:
                        keys = (self.compile(run_side, "move").fn, self.compile(top_side, "move").fn)
                        break
        self.role = "move"
        return Plan(max_run, *keys)

    def _reads(self, n):
        """Which parts of the move context an expression reads, or None when it cannot say."""
        if isinstance(n, (ast.Number, ast.String)):
            return set()
        if isinstance(n, ast.Name):
            if n.id in ROLE_NAMES[self.role]:
                return {n.id}
            if n.id in self.w.layout.groups:
                return {"state"}
            return set()          # options, params, ranks, suits, colours, true/false/none
        if isinstance(n, ast.Attr):
            if n.name == "top" and isinstance(n.obj, ast.Name) and n.obj.id == "dest":
                return {"dest.top"}
            return self._reads(n.obj)
        if isinstance(n, ast.Call):
            if n.func in ("cards", "tops", "used"):
                return {"state"}
            parts = [self._reads(a) for a in n.args]
        elif isinstance(n, ast.Index):
            parts = [self._reads(n.obj), self._reads(n.index)]
        elif isinstance(n, ast.ListLit):
            parts = [self._reads(i) for i in n.items]
        elif isinstance(n, ast.Unary):
            parts = [self._reads(n.operand)]
        elif isinstance(n, ast.Binary):
            parts = [self._reads(n.left), self._reads(n.right)]
        elif isinstance(n, ast.BoolOp):
            parts = [self._reads(i) for i in n.items]
        elif isinstance(n, ast.Cond):
            parts = [self._reads(n.then), self._reads(n.test), self._reads(n.other)]
        else:
            return None           # quantifiers and anything new: no claim
        if any(p is None for p in parts):
            return None
        return set().union(*parts)

    # -- nodes ------------------------------------------------------------
    def expr(self, n) -> Compiled:
        meth = getattr(self, "x_" + type(n).__name__)
        return meth(n)

    def x_Number(self, n):
        return _const(n.value, INT)

    def x_String(self, n):
        return _const(n.value, STR)

    def x_Name(self, n):
        name = n.id
        if name in self.scope:
            slot, typ = self.scope[name]
            return Compiled(lambda e, i=slot: e.v[i], typ, binders=frozenset([name]))
        role_names = ROLE_NAMES[self.role]
        if name in role_names:
            return Compiled(operator.attrgetter(name), role_names[name])
        if name in self.w.constants:
            value, typ = self.w.constants[name]
            return _const(value, typ)
        if name in self.w.layout.groups:
            g = self.w.layout.groups[name]
            return _const(tuple(g.piles), list_of(PILE))
        if name in RANK_NAMES:
            return _const(RANK_NAMES[name], INT)
        if name in self.suit_names:
            return _const(self.suit_names[name], SUIT)
        if name in self.color_names:
            return _const(self.color_names[name], COLOR)
        if name in ("true", "false"):
            return _const(name == "true", BOOL)
        if name == "none":
            return _const(None, NONE)
        known = (list(self.scope) + list(role_names) + list(self.w.constants)
                 + list(self.w.layout.groups) + list(self.suit_names) + list(self.color_names))
        from .errors import suggest
        hint = suggest(name, known)
        hint = f"did you mean '{hint}'?" if hint else None
        msg = f"unknown name '{short(name)}'"
        if self.role in ROLE_NAMES and name in {k for r in ROLE_NAMES.values() for k in r}:
            msg += f" (it is not available in this kind of rule; here: {', '.join(role_names) or 'only piles, options and constants'})"
        elif name in self.w.words or name in self.w.actions:
            what = "an option's value" if name in self.w.words else "an action's name"
            msg += f" ('{name}' is {what}: as text it is written in quotes)"
            hint = f"write '{name}'"
        raise CompileError("E201", msg, n.col, hint)

    def x_Attr(self, n):
        if self.qdepth and n.name == "cards":
            self._linear(n.obj, "reading a pile's cards inside a quantifier")
        obj = self.expr(n.obj)
        t = obj.type
        if t == NONE:
            return _const(None, NONE)
        table = ATTRS.get(t) or (LIST_ATTRS if elem(t) else None)
        if table is None or n.name not in table:
            names = sorted(table) if table else []
            from .errors import suggest
            hint = suggest(n.name, names)
            where = f"; {_say(t)} has: {', '.join(names)}" if names else ""
            raise CompileError("E202", f"{_say(t)} has no attribute '{short(n.name)}'{where}", n.name_col,
                               f"did you mean '{hint}'?" if hint else None)
        make, rtype = table[n.name]
        if rtype == "elem":
            rtype = elem(t)
        fn = self._fused(n, t) or make(self, obj.fn)
        return self._fold(Compiled(fn, rtype, binders=obj.binders), obj)

    def x_Index(self, n):
        obj = self.expr(n.obj)
        idx = self.expr(n.index)
        et = elem(obj.type)
        if et is None:
            raise CompileError("E203", f"only a list can be indexed, not {_say(obj.type)}", n.col)
        if not _fits(idx.type, INT):
            raise CompileError("E203", f"an index must be a number, not {_say(idx.type)}", n.index.col)
        if obj.is_const and idx.is_const:
            seq = obj.const
            i = idx.const
            if seq is None:          # a constant none (like stock[0].covered_by.last.cards)
                return _const(None, et)
            if i is None or not -len(seq) <= i < len(seq):
                if isinstance(n.obj, ast.Name) and n.obj.id in self.w.layout.groups:
                    g = n.obj.id
                    raise CompileError("E206", f"no pile {g}[{i}]: group '{g}' has {len(seq)} pile(s), "
                                       f"{g}[0] to {g}[{len(seq) - 1}]", n.index.col)
                raise CompileError("E206", f"index {i} is out of range: this has {len(seq)} item(s), "
                                   f"numbered 0 to {len(seq) - 1}", n.index.col)
            return _const(seq[i], et)
        of, xf = obj.fn, idx.fn

        def index(e):
            seq = of(e)
            i = xf(e)
            if seq is None or i is None or not -len(seq) <= i < len(seq):
                return None
            return seq[i]
        return Compiled(index, et, binders=obj.binders | idx.binders)

    def x_Call(self, n):
        spec = FUNCTIONS.get(n.func)
        if spec is None:
            from .errors import suggest
            hint = suggest(n.func, list(FUNCTIONS) + ["all", "any", "count", "sum"])
            raise CompileError("E205", f"unknown function '{short(n.func)}'", n.col,
                               f"did you mean '{hint}'?" if hint else f"known: {', '.join(sorted(FUNCTIONS))}")
        if spec.name == "pairs":
            raise CompileError("E209", "pairs(...) can only be the collection of a quantifier, "
                               "as in all(a, b in pairs(run): ...)", n.col)
        if self.qdepth and spec.name in ("cards", "tops") and n.args:
            self._linear(n.args[0], f"{spec.name}() inside a quantifier", n.col)
        args = [self.expr(a) for a in n.args]
        if len(args) != len(spec.params):
            raise CompileError("E204", f"{n.func}() takes {len(spec.params)} argument(s) "
                               f"({spec.signature}), got {len(args)}", n.col)
        for a, want, node in zip(args, spec.params, n.args):
            if not any(_fits(a.type, w) for w in want.split("|")):
                raise CompileError("E203", f"{n.func}() needs {_say(want)} here, not {_say(a.type)}",
                                   node.col)
        fn, rtype = spec.build(self, [a.fn for a in args], [a.type for a in args], n)
        binders = frozenset().union(*(a.binders for a in args)) if args else frozenset()
        c = Compiled(fn, rtype, binders=binders)
        if args and all(a.is_const for a in args) and spec.pure:
            return _const(fn(None), rtype)
        return c

    def x_ListLit(self, n):
        items = [self.expr(i) for i in n.items]
        types = {i.type for i in items if i.type != NONE}
        if len(types) > 1:
            raise CompileError("E203", f"a list must hold one kind of value, not {', '.join(sorted(types))}",
                               n.col)
        t = types.pop() if types else ANY
        nested = next(((c, node) for c, node in zip(items, n.items) if elem(c.type)), None)
        if nested is not None:     # flat lists only: a constant stays as large as its text
            raise CompileError("E109", f"a list cannot hold lists (this item is {_say(nested[0].type)})",
                               nested[1].col, "list the items themselves, or test each list on its own")
        if all(i.is_const for i in items):
            return _const(tuple(i.const for i in items), list_of(t))
        fns = tuple(i.fn for i in items)
        return Compiled(lambda e: tuple(f(e) for f in fns), list_of(t),
                        binders=frozenset().union(*(i.binders for i in items)))

    def x_Unary(self, n):
        x = self.expr(n.operand)
        f = x.fn
        if n.op == "not":
            self._want(x, BOOL, n.operand, "'not' needs")
            c = Compiled(lambda e: not f(e), BOOL, binders=x.binders)
        else:
            self._want(x, INT, n.operand, "'-' needs")
            c = Compiled(lambda e: None if (v := f(e)) is None else -v, INT, binders=x.binders)
        return self._fold(c, x)

    def x_BoolOp(self, n):
        items = [self.expr(i) for i in n.items]
        for c, node in zip(items, n.items):
            self._want(c, BOOL, node, f"'{n.op}' needs")
        binders = frozenset().union(*(c.binders for c in items))
        # a right fold of two-way closures: each test is one Python call, short-circuiting;
        # a long chain is one loop instead, so evaluation never nests deeper than the tree
        if len(items) > 8:
            fn = _all_of(tuple(c.fn for c in items)) if n.op == "and" else _any_of(tuple(c.fn for c in items))
        else:
            fn = items[-1].fn
            for c in reversed(items[:-1]):
                fn = _and2(c.fn, fn) if n.op == "and" else _or2(c.fn, fn)
        return self._fold(Compiled(fn, BOOL, binders=binders), *items)

    def x_Cond(self, n):
        then, test, other = self.expr(n.then), self.expr(n.test), self.expr(n.other)
        self._want(test, BOOL, n.test, "the condition after 'if' needs")
        t = _unify(then.type, other.type)
        if t is None:
            raise CompileError("E203", f"both branches must give the same kind of value, not "
                               f"{_say(then.type)} and {_say(other.type)}", n.col)
        if test.is_const:
            return then if test.const else other
        a, c, b = then.fn, test.fn, other.fn
        return Compiled(lambda e: a(e) if c(e) else b(e), t,
                        binders=then.binders | test.binders | other.binders)

    def x_Binary(self, n):
        left, right = self.expr(n.left), self.expr(n.right)
        op = n.op
        lf, rf = left.fn, right.fn
        binders = left.binders | right.binders
        if op in ("+", "-", "*", "/", "%", "**"):
            self._want(left, INT, n.left, f"'{op}' needs")
            self._want(right, INT, n.right, f"'{op}' needs")
            if op in ("+", "-") and right.is_const and type(right.const) is int and not left.is_const:
                k = right.const if op == "+" else -right.const
                fn = lambda e: None if (x := lf(e)) is None or not -MAX_INT <= (x := x + k) <= MAX_INT else x
            else:
                fn = _ARITH[op](lf, rf)
            c = self._fold(Compiled(fn, INT, binders=binders), left, right)
            if c.is_const and c.const is None and _overflows(op, left.const, right.const):
                raise CompileError("E108", f"{say_number(left.const)} {op} {say_number(right.const)} is "
                                   f"outside the integer range -{MAX_INT:,}..{MAX_INT:,}", n.right.col,
                                   "use smaller numbers: a result out of range is none at play time")
            return c
        if op in ("==", "!="):
            if _unify(left.type, right.type) is None:
                raise CompileError("E203", f"cannot compare {_say(left.type)} with {_say(right.type)}",
                                   n.right.col)
            if right.is_const and not left.is_const:
                k = right.const
                fn = (lambda e: lf(e) == k) if op == "==" else (lambda e: lf(e) != k)
            else:
                fn = (lambda e: lf(e) == rf(e)) if op == "==" else (lambda e: lf(e) != rf(e))
            return self._fold(Compiled(fn, BOOL, binders=binders), left, right)
        if op in ("<", "<=", ">", ">="):
            self._want(left, INT, n.left, f"'{op}' needs")
            self._want(right, INT, n.right, f"'{op}' needs")
            cmp = _ORDER[op]

            def order(e):
                x, y = lf(e), rf(e)
                return x is not None and y is not None and cmp(x, y)
            return self._fold(Compiled(order, BOOL, binders=binders), left, right)
        # membership
        et = elem(right.type)
        if et is None:
            raise CompileError("E203", f"'in' needs a list on its right, not {_say(right.type)}", n.right.col)
        if et != ANY and _unify(left.type, et) is None:
            raise CompileError("E203", f"cannot look for {_say(left.type)} in {_say(right.type)}", n.left.col)
        if op == "in":
            fn = lambda e: (s := rf(e)) is not None and lf(e) in s
        else:
            fn = lambda e: not ((s := rf(e)) is not None and lf(e) in s)
        return self._fold(Compiled(fn, BOOL, binders=binders), left, right)

    def x_Quant(self, n):
        pairs = isinstance(n.coll, ast.Call) and n.coll.func == "pairs"
        if pairs:
            if len(n.coll.args) != 1:
                raise CompileError("E204", "pairs() takes 1 argument (a list)", n.coll.col)
            coll = self.expr(n.coll.args[0])
        else:
            coll = self.expr(n.coll)
        et = elem(coll.type)
        if et is None:
            raise CompileError("E203", f"{n.kind}(...) ranges over a list (a group of piles, a run, "
                               f"a pile's cards), not {_say(coll.type)}", n.coll.col)
        want_names = 2 if pairs else 1
        if len(n.names) != want_names:
            raise CompileError("E210", "pairs(...) binds two names, as in all(a, b in pairs(xs): ...)"
                               if pairs else f"{n.kind}(...) binds one name here, as in "
                               f"{n.kind}(x in xs: ...)", n.col)
        if self.qdepth:
            self._linear(n.coll.args[0] if pairs else n.coll, "a quantifier inside another", n.coll.col)
        for name in n.names:
            if name in self.scope:
                raise CompileError("E211", f"'{name}' is already bound by an outer quantifier", n.col,
                                   "give the inner one another name")
        slots = []
        for name in n.names:
            slot = len(self.scope)
            if slot >= 16:
                raise CompileError("E106", "too many nested quantifier names", n.col)
            self.scope[name] = (slot, et)
            slots.append(slot)
        self.qdepth += 1
        outer, self.inner = self.inner, tuple(n.names)
        try:
            body = self.expr(n.body)
        finally:
            self.qdepth -= 1
            self.inner = outer
            for name in n.names:
                del self.scope[name]
        if n.kind == "sum":
            self._want(body, INT, n.body, "sum(...) needs")
            rtype = INT
        else:
            self._want(body, BOOL, n.body, f"{n.kind}(...) needs")
            rtype = INT if n.kind == "count" else BOOL
        cf, bf = coll.fn, body.fn
        fn = _QUANT[(n.kind, pairs)](cf, bf, slots)
        binders = (coll.binders | body.binders) - set(n.names)
        return Compiled(fn, rtype, binders=binders)

    # -- fused accessors: the hot paths of move generation in one closure each ----------
    def _slot(self, node):
        """The context slot a plain name reads, if it is one (not a quantifier variable)."""
        if isinstance(node, ast.Name) and node.id not in self.scope and node.id in ROLE_NAMES[self.role]:
            return node.id
        return None

    def _fused(self, n, t):
        table_name = {"rank": "rank_of", "suit": "suit_of", "color": "color_of"}.get(n.name)
        slot = self._slot(n.obj)
        if t == CARD and table_name and slot:
            return _slot_card(slot, getattr(self.w.deck, table_name))
        if (t == CARD and table_name and isinstance(n.obj, ast.Attr) and n.obj.name == "top"
                and self._slot(n.obj.obj)):
            return _slot_top_card(self._slot(n.obj.obj), getattr(self.w.deck, table_name))
        if elem(t) and n.name == "size" and slot:
            return _slot_len(slot)
        # slot.prev.top.rank and the like: a neighbour's top card in one closure
        obj = n.obj
        if (t == CARD and table_name and isinstance(obj, ast.Attr) and obj.name == "top"
                and isinstance(obj.obj, ast.Attr) and obj.obj.name in ("prev", "next")
                and self._slot(obj.obj.obj)):
            hop = getattr(self.w.layout, obj.obj.name)
            get = operator.attrgetter(self._slot(obj.obj.obj))
            table = getattr(self.w.deck, table_name)
            return lambda e: None if (p := get(e)) is None else (
                table[s[-1]] if (s := e.st.piles[hop[p]]) else None)
        return None

    def _linear(self, node, what, col=None):
        """Inside a quantifier, collections must hang off the innermost variable (p.cards,
        [p.prev, p.next]), so every card is read a bounded number of times: cost stays linear."""
        items = node.items if isinstance(node, ast.ListLit) else (node,)
        for item in items:
            root = item.obj if isinstance(item, ast.Attr) and item.name == "cards" else item
            while isinstance(root, ast.Attr):
                root = root.obj
            if not (isinstance(root, ast.Name) and root.id in self.inner):
                names = " or ".join(self.inner) or "the quantifier's variable"
                raise CompileError("E207", f"{what} must range over something of the outer variable "
                                   f"{names} (like {self.inner[0] if self.inner else 'p'}.cards), so the "
                                   f"cost stays linear", col or item.col)

    # -- helpers ------------------------------------------------------------
    def _want(self, c, typ, node, what):
        if not _fits(c.type, typ):
            raise CompileError("E203", f"{what} {_say(typ)}, not {_say(c.type)}", node.col)

    @staticmethod
    def _fold(c: Compiled, *parts) -> Compiled:
        if parts and all(p.is_const for p in parts):
            try:
                return _const(c.fn(None), c.type)
            except Exception:   # a constant that cannot be folded stays a function
                return c
        return c


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


def _size_bound(c) -> int | None:
    """k from a conjunct run.size == k, run.size <= k, run.size < k (or len(run))."""
    left, right = c.left, c.right
    is_size = (isinstance(left, ast.Attr) and left.name == "size" and isinstance(left.obj, ast.Name)
               and left.obj.id == "run") or (isinstance(left, ast.Call) and left.func == "len"
                                             and len(left.args) == 1 and isinstance(left.args[0], ast.Name)
                                             and left.args[0].id == "run")
    if not is_size or not isinstance(right, ast.Number):
        return None
    return {"==": right.value, "<=": right.value, "<": right.value - 1}.get(c.op)


def _and2(f1, f2):
    return lambda e: True if f1(e) and f2(e) else False


def _or2(f1, f2):
    return lambda e: True if f1(e) or f2(e) else False


def _all_of(fns):
    def all_of(e):
        for f in fns:
            if not f(e):
                return False
        return True
    return all_of


def _any_of(fns):
    def any_of(e):
        for f in fns:
            if f(e):
                return True
        return False
    return any_of


def _fits(have: str, want: str) -> bool:
    if have == want or have == ANY or want == ANY or have == NONE:
        return True
    if elem(have) and elem(want):
        return _fits(elem(have), elem(want))
    return False


def _unify(a: str, b: str) -> str | None:
    if a == b or b == NONE or b == ANY:
        return a
    if a == NONE or a == ANY:
        return b
    if elem(a) and elem(b):
        u = _unify(elem(a), elem(b))
        return list_of(u) if u else None
    return None


def _say(t: str) -> str:
    words = {INT: "a number", BOOL: "a true/false condition", STR: "a text", SUIT: "a suit",
             COLOR: "a colour", CARD: "a card", PILE: "a pile", NONE: "none", ANY: "a value"}
    if t in words:
        return words[t]
    e = elem(t)
    if e:
        return {CARD: "a list of cards", PILE: "a list of piles"}.get(e, f"a list of {e}s")
    return t


def _overflows(op, x, y) -> bool:
    """Whether op on two constants gives none only because the result is out of range."""
    if type(x) is not int or type(y) is not int:
        return False
    if op == "**":
        return 0 <= y <= 64 and x not in (-1, 0, 1)
    return op in ("+", "-", "*")


def _arith_op(op):
    # every result outside -MAX_INT..MAX_INT is none, so no number grows without bound
    M = MAX_INT
    def make(lf, rf):
        if op == "+":
            return lambda e: None if (x := lf(e)) is None or (y := rf(e)) is None or not -M <= (
                x := x + y) <= M else x
        if op == "-":
            return lambda e: None if (x := lf(e)) is None or (y := rf(e)) is None or not -M <= (
                x := x - y) <= M else x
        if op == "*":
            return lambda e: None if (x := lf(e)) is None or (y := rf(e)) is None or not -M <= (
                x := x * y) <= M else x
        if op == "/":
            return lambda e: None if (x := lf(e)) is None or not (y := rf(e)) else x // y
        if op == "%":
            return lambda e: None if (x := lf(e)) is None or not (y := rf(e)) else x % y

        def power(e):
            x, y = lf(e), rf(e)
            if x is None or y is None or not 0 <= y <= 64:
                return None
            if (x.bit_length() - 1) * y > 64:       # surely out of range: none, without computing it
                return None
            r = x ** y
            return r if -M <= r <= M else None
        return power
    return make


_ARITH = {op: _arith_op(op) for op in ("+", "-", "*", "/", "%", "**")}
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _quant(kind, pairs):
    def make(cf, bf, slots):
        s0 = slots[0]
        s1 = slots[1] if pairs else None

        def items(e):
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
        def total(e):
            r = sum((bf(e) or 0) for _ in items(e))
            return r if -MAX_INT <= r <= MAX_INT else None
        return total
    return make


_QUANT = {(k, p): _quant(k, p) for k in ("all", "any", "count", "sum") for p in (False, True)}


# -- attributes ---------------------------------------------------------------
# Each entry: name -> (maker(compiler, obj_fn) -> fn, result type). Makers close over
# the tables of the deck and layout so an access is a list index, not a lookup.

def _card_attr(table_name):
    def make(c, f):
        table = getattr(c.w.deck, table_name)
        return lambda e: None if (x := f(e)) is None else table[x]
    return make


def _card_text(c, f):
    d = c.w.deck
    return lambda e: None if (x := f(e)) is None else d.text(x)


CARD_ATTRS = {
    "rank": (_card_attr("rank_of"), INT),
    "suit": (_card_attr("suit_of"), SUIT),
    "color": (_card_attr("color_of"), COLOR),
    "copy": (_card_attr("copy_of"), INT),
    "name": (_card_text, STR),
}


def _p_size(c, f):
    return lambda e: None if (p := f(e)) is None else len(e.st.piles[p])


def _p_empty(c, f):
    return lambda e: None if (p := f(e)) is None else not e.st.piles[p]


def _p_top(c, f):
    return lambda e: None if (p := f(e)) is None or not (s := e.st.piles[p]) else s[-1]


def _p_bottom(c, f):
    return lambda e: None if (p := f(e)) is None or not (s := e.st.piles[p]) else s[0]


def _p_cards(c, f):
    return lambda e: None if (p := f(e)) is None else tuple(e.st.piles[p])


def _p_down(c, f):
    return lambda e: None if (p := f(e)) is None else e.st.down[p]


def _p_up(c, f):
    return lambda e: None if (p := f(e)) is None else len(e.st.piles[p]) - e.st.down[p]


def _p_free(c, f):
    covers = c.w.layout.covers

    def free(e):
        p = f(e)
        if p is None:
            return None
        piles = e.st.piles
        for q in covers[p]:
            if piles[q]:
                return False
        return True
    return free


def _p_covered(c, f):
    fr = _p_free(c, f)
    return lambda e: None if (x := fr(e)) is None else not x


def _p_table(attr):
    def make(c, f):
        table = getattr(c.w.layout, attr)
        return lambda e: None if (p := f(e)) is None else table[p]
    return make


PILE_ATTRS = {
    "size": (_p_size, INT),
    "empty": (_p_empty, BOOL),
    "top": (_p_top, CARD),
    "bottom": (_p_bottom, CARD),
    "cards": (_p_cards, list_of(CARD)),
    "down": (_p_down, INT),
    "up": (_p_up, INT),
    "free": (_p_free, BOOL),
    "covered": (_p_covered, BOOL),
    "index": (_p_table("index_of"), INT),
    "group": (_p_table("group_of"), STR),
    "prev": (_p_table("prev"), PILE),
    "covered_by": (_p_table("covers"), list_of(PILE)),
    "next": (_p_table("next"), PILE),
}


def _l_size(c, f):
    return lambda e: None if (x := f(e)) is None else len(x)


def _l_first(c, f):
    return lambda e: None if not (x := f(e)) else x[0]


def _l_last(c, f):
    return lambda e: None if not (x := f(e)) else x[-1]


LIST_ATTRS = {
    "size": (_l_size, INT),
    "first": (_l_first, "elem"),
    "last": (_l_last, "elem"),
}

ATTRS = {CARD: CARD_ATTRS, PILE: PILE_ATTRS}

# What docs/expressions.md documents for each attribute (checked by a test).
ATTR_DOCS = {
    "card.rank": "1 (ace) to 13 (king)",
    "card.suit": "the suit, compared with suit names (hearts, neggs, ...)",
    "card.color": "the colour, compared with colour names (red, black)",
    "card.copy": "which deck the card comes from, 0 for the first",
    "card.name": "the card as text, like 'TD'",
    "pile.size": "number of cards",
    "pile.empty": "true when the pile holds no card",
    "pile.top": "the top card, or none",
    "pile.bottom": "the bottom card, or none",
    "pile.cards": "the cards, bottom first",
    "pile.down": "how many cards lie face down at the bottom",
    "pile.up": "how many cards lie face up",
    "pile.free": "true when no pile covering it holds a card",
    "pile.covered": "not free",
    "pile.index": "its number in its group, from 0",
    "pile.group": "its group's name, as text",
    "pile.prev": "the pile before it in its group, wrapping from the first to the last",
    "pile.covered_by": "the piles that cover it (from the geometry), whether or not they hold cards",
    "pile.next": "the pile after it in its group, wrapping from the last to the first",
    "list.size": "number of items",
    "list.first": "the first item (a run's bottom card), or none",
    "list.last": "the last item (a run's top card), or none",
}
