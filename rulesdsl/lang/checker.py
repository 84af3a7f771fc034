"""Stage two of an expression: the parsed tree (ast.py) -> a checked tree, typed and bound.

    parser.py  text -> ast.py plain objects
    checker.py ast -> checked tree: every node typed (exprtypes.py), every name resolved once
               to what it stands for (a slot of the context, a quantifier variable, a
               constant, a pile group, a rank, a suit, a colour), every attribute to its
               ``Attribute``, every call to its builtins ``Function``; constants folded
    compiler.py checked tree -> closures (and the query plan of an accept rule)

The tree's node classes live in checked.py (re-exported here); the validator's abstract
evaluator (validation/abstract.py) reads the same checked tree. Nothing
after this stage looks a name up.

Folding runs the operation's own closure (ops.py) on constant operands with no context,
as the compiled rule would at play time, so a folded value is the value of the rule. The
type of a conditional is the join of its two branches, typed before the test is folded:
``([] if true else tableau)`` is a list of piles whichever branch is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import RANK_NAMES, Deck
from ..core.errors import CompileError, short, suggest
from ..core.limits import MAX_DEFINE_NODES
from ..core.limits import MAX_EXPR_TREE_DEPTH as MAX_TREE_DEPTH
from ..core.state import LAST_KINDS
from . import ast, ops
from .builtins import FUNCTIONS
from .checked import (
    NOCONST,
    Attr,
    Binary,
    Binding,
    BoolOp,
    Call,
    Checked,
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
    group_of,
)
from .types import (
    ANY,
    BOOL,
    CARD,
    COLOR,
    HISTORY_NAMES,
    INT,
    MOVE_ATTRS,
    NONE,
    PILE,
    PILE_ATTRS,
    STR,
    SUIT,
    Type,
    as_type,
    attributes,
    fits,
    join,
    list_of,
    say,
)

# What each kind of rule may see, beyond the names every rule sees.
ROLE_NAMES: dict[str, dict[str, Type]] = {
    "state": {},
    "sequence": {"a": CARD, "b": CARD},
    "move": {"run": list_of(CARD), "card": CARD, "source": PILE, "dest": PILE},
    "remove": {"cards": list_of(CARD), "piles": list_of(PILE)},
    "lift": {"run": list_of(CARD), "card": CARD, "source": PILE},
    "card": {"card": CARD},
    "pile": {"pile": PILE},
    "const": {},
}

# The kinds of rule that see the history (points, last, streak): every rule judged on a
# position during play. Deal steps and constants are worked out before any move.
HISTORY_ROLES = frozenset(("state", "sequence", "move", "lift", "remove", "pile"))

MAX_SLOTS = 16  # quantifier variables alive at once (Env.v)

BASE_RANK = "base_rank"  # the rank a deal step fixes for the whole game (State.base_rank)

# Methods: obj.name(args). Only piles have one: at(drow, dcol), the grid neighbour.
METHODS = {"at": "pile.at(drow, dcol): the pile drow rows down and dcol places right in the same group's grid"}


class ExpansionLimit(CompileError):
    """A limit passed by an expression once its defines are written out: reported at the use
    in the rule, not inside a define."""


class Refused(CompileError):
    """A use of a define already reported as wrong: the loader says nothing more."""


class DefineError(CompileError):
    """An error inside the text of a define, met while checking one use of it.

    ``site`` is (the define's YAML path, column in its text); ``uses`` lists where it was
    used, innermost first: (the YAML path of the text holding the use, or None for the rule
    being checked, column in that text)."""

    site: tuple
    uses: list


class World:
    """What expressions may refer to: the deck, the piles, options and parameters."""

    def __init__(self, deck: Deck, layout: Any, constants: dict | None = None, actions: Any = ()):
        self.deck = deck
        self.layout = layout
        # name -> (value, type); a type may be given as text ('int')
        self.constants = {k: (v, as_type(t)) for k, (v, t) in (constants or {}).items()}
        self.actions = {name: i for i, name in enumerate(actions)}
        self.words: set = set()  # text values options may take, for 'write it in quotes' hints
        self.removals: tuple = ()  # the removal rules' names, in order (last.name)
        self.history_read: set = set()  # the history names the compiled rules read (compiler.py)
        self.base_rank = False  # does the deal fix a base rank (a base_rank step)?
        self.base_live: tuple = ()  # a played base rank: the piles whose first card fixes it, read live
        self.defines: dict[str, Define] = {}  # the file's define: section, by name
        self.refused: set = set()  # defines reported as wrong when the file loaded


@dataclass(frozen=True)
class Define:
    """A named predicate of the file's ``define:`` section: parsed once, checked at each use
    (with the use's kind of rule) and compiled inline, as if its text were written there."""

    name: str
    params: tuple  # parameter names; () for a parameterless define
    call: bool  # declared with parentheses: used as name(...), else as a bare name
    body: ast.Node
    path: tuple  # the YAML path of its text, for diagnostics


def _fold(make: Any, *parts: Expr) -> Any:
    """The value of an operation on constant parts, or NOCONST (a part is not a constant, or
    the operation needs the position)."""
    if parts and all(p.is_const for p in parts):
        try:
            return make(*(ops.const(p.const) for p in parts))(None)
        except Exception:  # a constant that cannot be folded stays a function
            return NOCONST
    return NOCONST


class Checker:
    """Checks the expressions of one variant; one instance per world."""

    def __init__(self, world: World):
        self.w = world
        d = world.deck
        self.suit_names = {s.name: i for i, s in enumerate(d.suits)}
        self.color_names = {c: i for i, c in enumerate(d.colors)}
        self.params: dict[str, tuple] = {}  # inside a define: parameter -> (checked argument, size, height)
        self.budget: int | None = None  # parts all define uses may add in this world (the loader sets it)
        self.scope: dict[str, tuple[int, Type]] = {}  # quantifier name -> (slot, type)

    # -- entry point ----------------------------------------------------
    def check(self, node: ast.Node, role: str, want: Type | str | None = None) -> Checked:
        """The checked tree of a parsed expression for a kind of rule, or CompileError."""
        self.role = role
        self.scope = {}  # quantifier name -> (slot, type)
        self.qdepth = 0
        self.inner: tuple = ()  # the names bound by the innermost quantifier being checked
        self.inner_slots: tuple = ()  # and their slots
        self.base = 0  # the first slot free for quantifiers (above those a define's use hides)
        self.high = 0  # one past the highest slot given out so far
        self.params = {}  # inside a define: parameter -> (checked argument, size, height, qdepth, ranges)
        self.frames: list = []  # the defines being expanded, outermost first: (Define, use column)
        self.depth = 0  # the depth of the node being checked, in the expanded tree
        self.deepest = 0  # the deepest level reached so far, in the expanded tree
        self.size = 0  # nodes of the expanded tree so far
        c = self.expr(node)
        if want is not None:
            want = as_type(want)
            if not fits(c.type, want):
                raise CompileError(
                    "E208", f"this expression gives {say(c.type)}, but {say(want)} is needed here", node.col
                )
        return Checked(c, role)

    def known_name(self, name: str) -> str | None:
        """The role (kind of rule) in which a plain name means something, or None."""
        saved = getattr(self, "role", None), getattr(self, "scope", None)
        self.scope = {}
        try:
            for role in ROLE_NAMES:
                self.role = role
                try:
                    self._resolve(ast.Name(1, name))
                    return role
                except CompileError:
                    continue
            return None
        finally:
            self.role, self.scope = saved  # type: ignore[assignment]

    # -- nodes ------------------------------------------------------------
    def expr(self, n: ast.Node) -> Expr:
        meth = getattr(self, "x_" + type(n).__name__)
        self.depth += 1
        self.size += 1
        if self.depth > self.deepest:
            self.deepest = self.depth
        if self.frames:
            self._expanded_limits(n.col, self.depth, self.size, 1)
        try:
            return meth(n)
        finally:
            self.depth -= 1

    def _expanded_limits(self, col: int, depth: int, size: int, added: int) -> None:
        """The limits of one expression hold for its tree with every define written out."""
        if self.budget is not None:
            self.budget -= added
            if self.budget < 0:
                raise ExpansionLimit(
                    "E234",
                    "the uses of defines in this file, written out, are too large for its size",
                    col,
                    "a define used many times is copied at each use: use defines less often, or simplify them",
                )
        if depth > MAX_TREE_DEPTH:
            raise ExpansionLimit(
                "E106",
                f"expression nested deeper than {MAX_TREE_DEPTH} levels once its defines are written out",
                col,
                "use fewer defines inside one another, or simplify the rule",
            )
        if size > MAX_DEFINE_NODES:
            raise ExpansionLimit(
                "E234",
                f"expression larger than {MAX_DEFINE_NODES:,} parts once its defines are written out",
                col,
                "a define used many times is copied at each use: use it less often, or simplify it",
            )

    def x_Number(self, n: ast.Number) -> Expr:
        return Number(n.col, INT, n.value, n.value)

    def x_String(self, n: ast.String) -> Expr:
        return String(n.col, STR, n.value, n.value)

    def x_Name(self, n: ast.Name) -> Expr:
        if n.id in self.params and n.id not in self.scope:
            arg, size, height, qdepth, reads = self.params[n.id]
            if reads and self.qdepth > qdepth:
                raise CompileError(
                    "E207",
                    f"the argument for '{n.id}' ranges over a collection ({reads}), and the define "
                    f"uses it inside a quantifier: it would be read once per item, so the cost would "
                    f"not stay linear",
                    n.col,
                    "compute it outside the quantifier, or pass what it ranges over",
                )
            self.size += size - 1
            self.deepest = max(self.deepest, self.depth + height - 1)
            self._expanded_limits(n.col, self.depth + height - 1, self.size, size - 1)
            return arg  # the argument, checked once where the define is used
        d = self.w.defines.get(n.id)
        if d is not None and n.id not in self.scope:
            return self.expand(d, n, ())
        if n.id in self.w.refused and n.id not in self.scope:
            raise Refused("E233", f"define '{n.id}' is wrong (reported at the define)", n.col)
        ref, typ = self._resolve(n)
        const = NOCONST if ref.kind in (Ref.SLOT, Ref.VAR, Ref.HISTORY, Ref.DEALT) else ref.value
        return Name(n.col, typ, const, n.id, ref)

    def _resolve(self, n: ast.Name) -> tuple[Binding, Type]:
        name = n.id
        if name in self.scope:
            slot, typ = self.scope[name]
            return Binding(Ref.VAR, name, slot=slot), typ
        role_names = ROLE_NAMES[self.role]
        if name in role_names:
            return Binding(Ref.SLOT, name), role_names[name]
        if name == BASE_RANK and self.w.base_rank and self.role != "const":
            return Binding(Ref.DEALT, name), INT
        if name in self.w.constants:
            value, typ = self.w.constants[name]
            return Binding(Ref.CONSTANT, name, value), typ
        if name in self.w.layout.groups:
            g = self.w.layout.groups[name]
            return Binding(Ref.GROUP, name, tuple(g.piles)), list_of(PILE)
        if name in HISTORY_NAMES:
            if self.role not in HISTORY_ROLES:
                raise CompileError(
                    "E240",
                    f"'{name}' reads the moves played so far, and this is worked out before any move "
                    f"(a deal step, a param, a deck or group size)",
                    n.col,
                    "read the history in the rules of play: accept, points, win, score, actions, auto",
                )
            return Binding(Ref.HISTORY, name), HISTORY_NAMES[name][0]
        if name in RANK_NAMES:
            return Binding(Ref.RANK, name, RANK_NAMES[name]), INT
        if name in self.suit_names:
            return Binding(Ref.SUIT, name, self.suit_names[name]), SUIT
        if name in self.color_names:
            return Binding(Ref.COLOR, name, self.color_names[name]), COLOR
        if name in ("true", "false"):
            return Binding(Ref.WORD, name, name == "true"), BOOL
        if name == "none":
            return Binding(Ref.WORD, name, None), NONE
        if name == BASE_RANK and self.w.base_rank:
            raise CompileError(
                "E251",
                "base_rank is fixed by the deal of each game, so it cannot be used here: "
                "this value is worked out from the options alone when the variant loads",
                n.col,
                "write it over the options and params only",
            )
        if name == BASE_RANK:
            raise CompileError(
                "E250",
                "base_rank is not fixed by this variant's deal: no deal step records a base rank",
                n.col,
                "add a deal step '{base_rank: PILE}' after the step that deals the base card; "
                "docs/variant-format.md, deal",
            )
        known = (
            list(self.scope)
            + list(role_names)
            + list(self.w.constants)
            + list(self.w.layout.groups)
            + list(self.suit_names)
            + list(self.color_names)
            + list(self.params)
            + [d for d, v in self.w.defines.items() if not v.call]
            + (list(HISTORY_NAMES) if self.role in HISTORY_ROLES else [])
        )
        hint = suggest(name, known)
        hint = f"did you mean '{hint}'?" if hint else None
        msg = f"unknown name '{short(name)}'"
        if self.role in ROLE_NAMES and name in {k for r in ROLE_NAMES.values() for k in r}:
            here = ", ".join(role_names) or "only piles, options and constants"
            msg += f" (it is not available in this kind of rule; here: {here})"
        elif name in self.w.words or name in self.w.actions:
            what = "an option's value" if name in self.w.words else "an action's name"
            msg += f" ('{name}' is {what}: as text it is written in quotes)"
            hint = f"write '{name}'"
        raise CompileError("E201", msg, n.col, hint)

    def x_Attr(self, n: ast.Attr) -> Expr:
        if self.qdepth and n.name == "cards":
            self._linear(n.obj, "reading a pile's cards inside a quantifier")
        obj = self.expr(n.obj)
        t = obj.type
        if t == NONE:
            return Attr(n.col, NONE, None, obj, None)
        table = attributes(t)
        if table is None or n.name not in table:
            names = sorted(table) if table else []
            hint = suggest(n.name, names)
            where = f"; {say(t)} has: {', '.join(names)}" if names else ""
            raise CompileError(
                "E202",
                f"{say(t)} has no attribute '{short(n.name)}'{where}",
                n.name_col,
                f"did you mean '{hint}'?" if hint else None,
            )
        attr = table[n.name]
        rtype = attr.result_for(t)
        assert rtype is not None
        make = ops.ATTR_MAKERS[attr]
        return Attr(n.col, rtype, _fold(lambda f: make(self.w, f), obj), obj, attr)

    def x_Index(self, n: ast.Index) -> Expr:
        obj = self.expr(n.obj)
        idx = self.expr(n.index)
        et = obj.type.elem
        if et is None:
            raise CompileError("E203", f"only a list can be indexed, not {say(obj.type)}", n.col)
        if not fits(idx.type, INT):
            raise CompileError("E203", f"an index must be a number, not {say(idx.type)}", n.index.col)
        const = NOCONST
        group = group_of(obj, self.w) if et == PILE else None
        if (
            et == PILE
            and idx.is_const
            and isinstance(idx.const, int)
            and idx.const < 0
            and not (group is not None and group.wrap)
        ):
            where = f" and group '{group.name}' does not wrap" if group is not None else ""
            raise CompileError(
                "E220",
                f"negative pile index {idx.const}: piles are numbered from 0{where}, so this is never a pile",
                n.index.col,
                "count from 0 (the last pile is len(group) - 1), or give the group wrap: true to count round it",
            )
        if obj.is_const and idx.is_const and group is not None and group.wrap:
            seq, i = obj.const, idx.const
            const = None if i is None or not seq else seq[i % len(seq)]
        elif obj.is_const and idx.is_const:
            seq = obj.const
            i = idx.const
            if seq is None:  # a constant none (like stock[0].covered_by.last.cards)
                const = None
            elif i is None or not -len(seq) <= i < len(seq):
                if isinstance(obj, Name) and obj.ref.kind is Ref.GROUP:
                    g = obj.id
                    raise CompileError(
                        "E206",
                        f"no pile {g}[{i}]: group '{g}' has {len(seq)} pile(s), {g}[0] to {g}[{len(seq) - 1}]"
                        if seq
                        else f"no pile {g}[{i}]: group '{g}' has no piles with these options (its count is 0)",
                        n.index.col,
                    )
                raise CompileError(
                    "E206",
                    f"index {i} is out of range: this has {len(seq)} item(s), numbered 0 to {len(seq) - 1}",
                    n.index.col,
                )
            else:
                const = seq[i]
        return Index(n.col, et, const, obj, idx)

    def x_Call(self, n: ast.Call) -> Expr:
        d = self.w.defines.get(n.func)
        if d is not None:
            return self.expand(d, n, n.args)
        if n.func in self.w.refused:
            raise Refused("E233", f"define '{n.func}' is wrong (reported at the define)", n.col)
        spec = FUNCTIONS.get(n.func)
        if spec is None:
            calls = [k for k, v in self.w.defines.items() if v.call]
            hint = suggest(n.func, list(FUNCTIONS) + ["all", "any", "count", "sum"] + calls)
            raise CompileError(
                "E205",
                f"unknown function '{short(n.func)}'",
                n.col,
                f"did you mean '{hint}'?" if hint else f"known: {', '.join(sorted(FUNCTIONS))}",
            )
        if spec.name == "pairs":
            raise CompileError(
                "E209",
                "pairs(...) can only be the collection of a quantifier, as in all(a, b in pairs(run): ...)",
                n.col,
            )
        if self.qdepth and spec.name in ("cards", "tops") and n.args:
            self._linear(n.args[0], f"{spec.name}() inside a quantifier", n.col)
        args = [self.expr(a) for a in n.args]
        if len(args) != len(spec.params):
            raise CompileError(
                "E204", f"{n.func}() takes {len(spec.params)} argument(s) ({spec.signature}), got {len(args)}", n.col
            )
        for a, want, text, node in zip(args, spec.param_types, spec.params, n.args, strict=True):
            if not any(fits(a.type, w) for w in want):
                raise CompileError(
                    "E203",
                    f"{n.func}() needs {say(want[0]) if len(want) == 1 else text} here, not {say(a.type)}",
                    node.col,
                )
        if spec.name == "used":
            self._action_name(args[0], n)
        const = NOCONST
        if args and all(a.is_const for a in args) and spec.pure:
            const = spec.build(self.w, [ops.const(a.const) for a in args], [a.type for a in args])(None)
        return Call(n.col, spec.result_type, const, spec, tuple(args))

    def _action_name(self, arg: Expr, n: ast.Call) -> None:
        if arg.const not in self.w.actions:
            raise CompileError(
                "E212",
                f"used() needs the name of an action in quotes "
                f"(one of: {', '.join(repr(a) for a in self.w.actions) or 'none declared'})",
                n.args[0].col,
            )

    def x_ListLit(self, n: ast.ListLit) -> Expr:
        items = [self.expr(i) for i in n.items]
        types = {i.type for i in items if i.type != NONE}
        if len(types) > 1:
            raise CompileError(
                "E203", f"a list must hold one kind of value, not {', '.join(sorted(str(t) for t in types))}", n.col
            )
        t = types.pop() if types else ANY
        nested = next(((c, node) for c, node in zip(items, n.items, strict=True) if c.type.elem), None)
        if nested is not None:  # flat lists only: a constant stays as large as its text
            raise CompileError(
                "E109",
                f"a list cannot hold lists (this item is {say(nested[0].type)})",
                nested[1].col,
                "list the items themselves, or test each list on its own",
            )
        const = tuple(i.const for i in items) if all(i.is_const for i in items) else NOCONST
        return ListLit(n.col, list_of(t), const, tuple(items))

    def x_Unary(self, n: ast.Unary) -> Expr:
        x = self.expr(n.operand)
        if n.op == "not":
            self._want(x, BOOL, n.operand, "'not' needs")
            return Unary(n.col, BOOL, _fold(ops.not_, x), n.op, x)
        self._want(x, INT, n.operand, "'-' needs")
        return Unary(n.col, INT, _fold(ops.negate, x), n.op, x)

    def x_BoolOp(self, n: ast.BoolOp) -> Expr:
        items = [self.expr(i) for i in n.items]
        for c, node in zip(items, n.items, strict=True):
            self._want(c, BOOL, node, f"'{n.op}' needs")
        const = _fold(lambda *fns: ops.bool_chain(n.op, fns), *items)
        return BoolOp(n.col, BOOL, const, n.op, tuple(items))

    def x_Cond(self, n: ast.Cond) -> Expr:
        then, test, other = self.expr(n.then), self.expr(n.test), self.expr(n.other)
        self._want(test, BOOL, n.test, "the condition after 'if' needs")
        t = join(then.type, other.type)
        if t is None:
            raise CompileError(
                "E203",
                f"both branches must give the same kind of value, not {say(then.type)} and {say(other.type)}",
                n.col,
            )
        const = (then.const if test.const else other.const) if test.is_const else NOCONST
        return Cond(n.col, t, const, then, test, other)

    def x_Binary(self, n: ast.Binary) -> Expr:
        left, right = self.expr(n.left), self.expr(n.right)
        op = n.op
        if op in ("+", "-", "*", "/", "%", "**"):
            self._want(left, INT, n.left, f"'{op}' needs")
            self._want(right, INT, n.right, f"'{op}' needs")
            const = _fold(ops.ARITH[op], left, right)  # saturated, as at play time
            return Binary(n.col, INT, const, op, left, right)
        if op in ("==", "!="):
            if join(left.type, right.type) is None:
                raise CompileError("E203", f"cannot compare {say(left.type)} with {say(right.type)}", n.right.col)
            self._history_text(left, right, n.right.col)
            self._history_text(right, left, n.left.col)
            self._group_text(left, right, n.right.col)
            self._group_text(right, left, n.left.col)
            return Binary(n.col, BOOL, _fold(lambda lf, rf: ops.equal(op, lf, rf), left, right), op, left, right)
        if op in ("<", "<=", ">", ">="):
            self._want(left, INT, n.left, f"'{op}' needs")
            self._want(right, INT, n.right, f"'{op}' needs")
            return Binary(n.col, BOOL, _fold(lambda lf, rf: ops.order(op, lf, rf), left, right), op, left, right)
        # membership
        et = right.type.elem
        if et is None:
            raise CompileError("E203", f"'in' needs a list on its right, not {say(right.type)}", n.right.col)
        if et != ANY and join(left.type, et) is None:
            raise CompileError("E203", f"cannot look for {say(left.type)} in {say(right.type)}", n.left.col)
        for item in right.items if isinstance(right, ListLit) else (right,):
            self._group_text(left, item, item.col)
        return Binary(n.col, BOOL, _fold(lambda lf, rf: ops.member(op, lf, rf), left, right), op, left, right)

    def x_Quant(self, n: ast.Quant) -> Expr:
        pairs = isinstance(n.coll, ast.Call) and n.coll.func == "pairs"
        if pairs:
            assert isinstance(n.coll, ast.Call)
            if len(n.coll.args) != 1:
                raise CompileError("E204", "pairs() takes 1 argument (a list)", n.coll.col)
            coll = self.expr(n.coll.args[0])
        else:
            coll = self.expr(n.coll)
        et = coll.type.elem
        if et is None:
            raise CompileError(
                "E203",
                f"{n.kind}(...) ranges over a list (a group of piles, a run, a pile's cards), not {say(coll.type)}",
                n.coll.col,
            )
        want_names = 2 if pairs else 1
        if len(n.names) != want_names:
            raise CompileError(
                "E210",
                "pairs(...) binds two names, as in all(a, b in pairs(xs): ...)"
                if pairs
                else f"{n.kind}(...) binds one name here, as in {n.kind}(x in xs: ...)",
                n.col,
            )
        if self.qdepth:
            self._linear(
                n.coll.args[0] if isinstance(n.coll, ast.Call) and pairs else n.coll,
                "a quantifier inside another",
                n.coll.col,
            )
        for name in n.names:
            if name in self.scope:
                raise CompileError(
                    "E211",
                    f"'{name}' is already bound by an outer quantifier",
                    n.col,
                    "give the inner one another name",
                )
        slots = []
        for name in n.names:
            slot = self.base + len(self.scope)
            if slot >= MAX_SLOTS:
                raise CompileError("E106", "too many nested quantifier names", n.col)
            self.scope[name] = (slot, et)
            slots.append(slot)
            self.high = max(self.high, slot + 1)
        self.qdepth += 1
        outer, self.inner = self.inner, tuple(n.names)
        outer_slots, self.inner_slots = self.inner_slots, tuple(slots)
        try:
            body = self.expr(n.body)
        finally:
            self.qdepth -= 1
            self.inner = outer
            self.inner_slots = outer_slots
            for name in n.names:
                del self.scope[name]
        if n.kind == "sum":
            self._want(body, INT, n.body, "sum(...) needs")
            rtype = INT
        else:
            self._want(body, BOOL, n.body, f"{n.kind}(...) needs")
            rtype = INT if n.kind == "count" else BOOL
        return Quant(n.col, rtype, NOCONST, n.kind, pairs, tuple(n.names), tuple(slots), coll, body)

    # -- helpers ------------------------------------------------------------
    def _history_text(self, side: Expr, text: Expr, col: int) -> None:
        """``last.kind == 'x'`` and ``last.name == 'x'`` with a text that can never match: a typo."""
        if not isinstance(side, Attr) or not text.is_const or not isinstance(text.const, str):
            return
        if side.attr is MOVE_ATTRS["kind"] and text.const not in LAST_KINDS:
            hint = suggest(text.const, list(LAST_KINDS))
            raise CompileError(
                "E241",
                f"a move's kind is 'move', 'remove' or 'action', never {short(text.const)!r}",
                col,
                f"did you mean '{hint}'?" if hint else None,
            )
        names = list(self.w.actions) + list(self.w.removals)
        if side.attr is MOVE_ATTRS["name"] and text.const not in names:
            hint = suggest(text.const, names)
            raise CompileError(
                "E242",
                f"no action or removal is called {short(text.const)!r} (names: {', '.join(names) or 'none declared'})",
                col,
                f"did you mean '{hint}'?" if hint else None,
            )

    def _group_text(self, side: Expr, text: Expr, col: int) -> None:
        """``source.group == 'tablaeu'``: a group name in quotes that no group has never matches."""
        if not isinstance(side, Attr) or side.attr is not PILE_ATTRS["group"]:
            return
        if not text.is_const or not isinstance(text.const, str) or text.const in self.w.layout.groups:
            return
        names = list(self.w.layout.groups)
        hint = suggest(text.const, names)
        raise CompileError(
            "E236",
            f"no pile group is called {short(text.const)!r}, so this never matches (groups: {', '.join(names)})",
            col,
            f"did you mean '{hint}'?" if hint else "write the name of a group under piles, in quotes",
        )

    def _linear(self, node: ast.Node, what: str, col: int | None = None) -> None:
        """Inside a quantifier, collections must hang off the innermost variable (p.cards,
        [p.prev, p.next]), so every card is read a bounded number of times: cost stays linear."""
        items = node.items if isinstance(node, ast.ListLit) else (node,)
        for item in items:
            root = item.obj if isinstance(item, ast.Attr) and item.name == "cards" else item
            while isinstance(root, ast.Attr):
                root = root.obj
            if not (isinstance(root, ast.Name) and self._inner_root(root)):
                names = " or ".join(self.inner) or "the quantifier's variable"
                raise CompileError(
                    "E207",
                    f"{what} must range over something of the outer variable "
                    f"{names} (like {self.inner[0] if self.inner else 'p'}.cards), so the "
                    f"cost stays linear",
                    col or item.col,
                )

    def _inner_root(self, root: ast.Name) -> bool:
        """Does this name stand for the innermost quantifier's variable (itself, or a define's
        parameter given that variable or something hanging off it)?"""
        if root.id in self.scope:
            return root.id in self.inner
        if root.id in self.params:
            arg = self.params[root.id][0]
            while isinstance(arg, Attr):
                arg = arg.obj
            return isinstance(arg, Name) and arg.ref.kind is Ref.VAR and arg.ref.slot in self.inner_slots
        return False

    # -- defines: checked at each use, as if written there ------------------------------------
    def expand(self, d: Define, n: ast.Node, args: tuple) -> Expr:
        """The checked tree of one use of a define: its arguments are checked here, where
        they are written; its body with the parameters standing for them, seeing the names
        of this kind of rule but not the quantifier variables around the use."""
        if not d.call and isinstance(n, ast.Call):
            raise CompileError("E232", f"'{d.name}' is a define without parameters: write it without '(...)'", n.col)
        if d.call and not isinstance(n, ast.Call):
            raise CompileError(
                "E232", f"'{d.name}' is a define with parameters: call it as {d.name}({', '.join(d.params)})", n.col
            )
        if len(args) != len(d.params):
            raise CompileError(
                "E232",
                f"define {d.name}({', '.join(d.params)}) takes {len(d.params)} argument(s), got {len(args)}",
                n.col,
            )
        if any(f[0].name == d.name for f in self.frames):  # refused when the file loads (E230)
            raise CompileError("E230", f"define '{d.name}' uses itself", n.col)
        outer_high = self.high
        self.high = self.base + len(self.scope)
        params = {}
        for name, a in zip(d.params, args, strict=True):
            before, deepest = self.size, self.deepest
            self.deepest = self.depth
            checked = self.expr(a)
            height = self.deepest - self.depth  # of the argument written out
            self.deepest = max(deepest, self.deepest)
            params[name] = (checked, self.size - before, height, self.qdepth, _ranges(checked))
        saved = (self.params, self.scope, self.inner, self.base, self.qdepth)
        self.base, self.high = self.high, max(outer_high, self.high)
        self.params, self.scope, self.inner = params, {}, ()
        self.frames.append((d, n.col))
        self.depth -= 1  # the body takes the place of the use: no level of its own
        try:
            return self.expr(d.body)
        except Refused:
            raise
        except ExpansionLimit as exc:  # at the outermost use: the rule that is too large
            raise ExpansionLimit(exc.code, exc.message, n.col, exc.hint) from None
        except CompileError as exc:
            if not isinstance(exc, DefineError):
                exc = DefineError(exc.code, exc.message, exc.col, exc.hint)
                exc.site, exc.uses = (d.path, exc.col), []
            holder = self.frames[-2][0].path if len(self.frames) > 1 else None
            exc.uses.append((holder, n.col))
            raise exc from None
        finally:
            self.depth += 1
            self.frames.pop()
            self.params, self.scope, self.inner, self.base, _ = saved

    def x_Method(self, n: ast.Method) -> Expr:
        obj = self.expr(n.obj)
        if n.name not in METHODS:
            raise CompileError(
                "E235",
                f"no method '{short(n.name)}': the only method is pile.at(drow, dcol)",
                n.name_col,
                f"for an attribute, write it without '(...)': .{short(n.name)}",
            )
        if obj.type not in (PILE, NONE):
            raise CompileError("E235", f"at() is a method of a pile, not of {say(obj.type)}", n.name_col)
        args = [self.expr(a) for a in n.args]
        if len(args) != 2:
            raise CompileError("E204", f"at() takes 2 arguments (drow, dcol), got {len(args)}", n.name_col)
        for a, node in zip(args, n.args, strict=True):
            self._want(a, INT, node, "at() needs")
        if obj.type == NONE:  # like an attribute of none: none
            return Method(n.col, NONE, None, obj, n.name, tuple(args))
        const = NOCONST
        if obj.is_const and all(a.is_const for a in args):
            p, dr, dc = obj.const, args[0].const, args[1].const
            const = None if p is None or dr is None or dc is None else self.w.layout.at(p, dr, dc)
        return Method(n.col, PILE, const, obj, n.name, tuple(args))

    def _want(self, c: Expr, typ: Type, node: ast.Node, what: str) -> None:
        if not fits(c.type, typ):
            raise CompileError("E203", f"{what} {say(typ)}, not {say(c.type)}", node.col)


def _ranges(tree: Expr) -> str | None:
    """What a checked tree (defines written out) reads that the linear rule watches inside a
    quantifier: a quantifier, a pile's cards, cards() or tops(); or None."""
    seen: set = set()
    stack = [tree]
    while stack:
        k = stack.pop()
        if id(k) in seen:  # an argument shared by the uses of a parameter: once
            continue
        seen.add(id(k))
        if isinstance(k, Quant):
            return f"{k.kind}(...)"
        if isinstance(k, Attr) and k.attr is not None and k.attr.name == "cards":
            return ".cards"
        if isinstance(k, Call) and k.func.name in ("cards", "tops"):
            return f"{k.func.name}()"
        for field in k.__slots__:
            v = getattr(k, field)
            if isinstance(v, Expr):
                stack.append(v)
            elif isinstance(v, tuple):
                stack.extend(x for x in v if isinstance(x, Expr))
    return None
