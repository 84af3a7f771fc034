"""The rules in English, written from the compiled variant: ``describe(variant) -> str``.

Everything here is read off the Variant the loader built, with its option values bound: the
deck, the pile groups, the deal program's steps, the actions, removals and follow-ups, and
the checked expression trees (``Variant.exprs``, checker.py) of every rule. An expression is
never quoted: it is rendered from its tree, with phrasing of its own for the common patterns
(a card one rank lower than the top card and of the other colour) and a general rendering
of any tree otherwise. Constants are already folded by the checker, and branches decided by
the options are dropped here, so the text follows the options chosen.

Names the author gave (pile groups, actions, options) appear as they are: a player meets
them in the runner and in move text.
"""

# size: over 800 lines; to be split in phase 2 of issue 20
from __future__ import annotations

from typing import Any

from ..core.cards import rank_text
from ..core.kinds import ActionKind, AutoKind
from ..engine.deal import BaseRank, DealTo, Place, RemoveCards, Rest, Shuffle, Take, ToBottom
from ..lang import checker as ck
from ..lang.types import BOOL, CARD, COLOR, INT, PILE, SUIT

SECTIONS = (
    "The deck",
    "The layout and the deal",
    "Moving cards",
    "Actions",
    "Automatic moves",
    "Winning and score",
)

_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("first", "second", "third", "fourth")
_UNLIMITED = 100_000  # a limit this high is "no limit" in effect (klondike's passes=unlimited)
_COMPARE = {"<": "less than", "<=": "at most", ">": "more than", ">=": "at least"}


# -- words -------------------------------------------------------------------------------------
def number(n: Any) -> str:
    if isinstance(n, bool) or not isinstance(n, int):
        return str(n)
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else f"{n:,}"


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{number(n)} times")


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{number(n)} {word if n == 1 else (many or word + 's')}"


def rank_word(r: Any) -> str:
    """'ace', '7', 'king'."""
    return _RANK_WORDS.get(r, str(r)) if isinstance(r, int) else str(r)


def a_rank(r: Any) -> str:
    """'an ace', 'a 7', 'an 8', 'a king'."""
    w = rank_word(r)
    return ("an " if w[0] in "aeiou8" or w in ("11", "18") else "a ") + w


def ranks_word(r: Any) -> str:
    w = rank_word(r)
    return w + "s"


def join(items: list[str], last: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", ":", "?", "!")) else text + "."


# -- expressions -------------------------------------------------------------------------------
def _const(e: ck.Expr) -> Any:
    return e.const if e.is_const else ck.NOCONST


def simplify(e: ck.Expr) -> ck.Expr:
    """Drop what the options decided: a conditional with a constant test is its branch; an
    'and' loses its true items (false if one is false), an 'or' its false items."""
    if isinstance(e, ck.Cond) and e.test.is_const:
        return simplify(e.then if e.test.const else e.other)
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


# how the history names of the expressions read in English
HISTORY_WORDS = {
    "points": "the points scored so far",
    "last": "the last move",
    "streak": "the number of moves in a row of the last move's kind",
}


class Speaker:
    """Renders checked trees of one kind of rule as English.

    ``names`` gives the noun phrase of each slot of the context (``dest`` is 'this pile' in
    a group's own accept rule, 'the destination' elsewhere)."""

    def __init__(self, variant: Any, names: dict[str, str]):
        self.v = variant
        self.names = dict(names)
        self.vars: dict[str, str] = {}

    # -- noun phrases ----------------------------------------------------------------------
    def np(self, e: ck.Expr) -> str:
        e = simplify(e)
        if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.GROUP:
            return self.group(e.id)
        if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.VAR:
            return self.vars.get(e.id, e.id)
        if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.SLOT:
            return self.names.get(e.id, e.id)
        if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.HISTORY:
            return HISTORY_WORDS.get(e.id, e.id)
        if isinstance(e, ck.Name) and e.ref.kind is ck.Ref.DEALT:
            return "the base rank"
        if e.is_const:
            return self.value(e.const, e)
        if isinstance(e, ck.Attr):
            return self.attr_np(e)
        if isinstance(e, ck.Index):
            return self.index_np(e)
        if isinstance(e, ck.Call):
            return self.call_np(e)
        if isinstance(e, ck.ListLit):
            return "the list of " + join([self.np(i) for i in e.items])
        if isinstance(e, ck.Unary):
            return f"minus {self.np(e.operand)}"
        if isinstance(e, ck.Binary) and e.type == INT:
            return self.arith(e)
        if isinstance(e, ck.Cond):
            return f"({self.np(e.then)} if {self.cl(e.test)}, otherwise {self.np(e.other)})"
        if isinstance(e, ck.Quant) and e.kind in ("count", "sum"):
            return self.quant(e)
        if isinstance(e, ck.Method):  # pile.at(drow, dcol)
            return self.at_np(e)
        return self.cl(e)

    def at_np(self, e: ck.Method) -> str:
        """pile.at(drow, dcol): the place at an offset in the pile's grid."""
        drow, dcol = e.args
        if not (drow.is_const and dcol.is_const and isinstance(drow.const, int) and isinstance(dcol.const, int)):
            return f"the place {self.np(drow)} rows down and {self.np(dcol)} places right of {self.np(e.obj)}"
        r, c = drow.const, dcol.const
        steps = []
        if r:
            steps.append(f"{abs(r)} row{'s' if abs(r) != 1 else ''} {'down' if r > 0 else 'up'}")
        if c:
            steps.append(f"{abs(c)} place{'s' if abs(c) != 1 else ''} {'right' if c > 0 else 'left'}")
        if not steps:
            return self.np(e.obj)
        return f"the place {' and '.join(steps)} of {self.np(e.obj)} in its grid"

    def value(self, c: Any, e: ck.Expr | None = None) -> str:
        if c is None:
            return "nothing"
        if isinstance(c, bool):
            return "true" if c else "false"
        if e is not None and e.type == PILE and isinstance(c, int):
            return self.pile(c)
        if e is not None and e.type.elem == PILE and isinstance(c, tuple):
            return join([self.pile(p) for p in c])
        if e is not None and e.type.elem in (SUIT, COLOR) and isinstance(c, tuple):
            return "(" + ", ".join(self.word(x, e.type.elem) for x in c) + ")"
        if e is not None and e.type in (SUIT, COLOR) and isinstance(c, int):
            return self.word(c, e.type)
        if isinstance(c, tuple):
            return "(" + ", ".join(self.value(x) for x in c) + ")"
        if isinstance(e, ck.Name) and e.ref.kind in (ck.Ref.SUIT, ck.Ref.COLOR, ck.Ref.RANK):
            return rank_word(c) if e.ref.kind is ck.Ref.RANK else e.id
        if isinstance(c, int):
            return f"{c:,}"
        return f"'{c}'"

    def word(self, c: Any, t: Any) -> str:
        """A suit's or a colour's name from its number."""
        d = self.v.deck
        names = [x.name for x in d.suits] if t == SUIT else list(d.colors)
        return names[c] if isinstance(c, int) and 0 <= c < len(names) else str(c)

    def group(self, name: str) -> str:
        g = self.v.layout.groups[name]
        return f"the {name} pile" if g.count == 1 else f"the {name} piles"

    def pile(self, p: int) -> str:
        lay = self.v.layout
        g = lay.groups[lay.group_of[p]]
        return f"the {g.name} pile" if g.count == 1 else lay.name(p)

    def attr_np(self, e: ck.Attr) -> str:
        name = e.attr.name if e.attr else ""
        obj = e.obj
        if e.attr is not None and e.attr.owner == "list":
            if _is_slot(obj, "run") and name == "size":
                return "the number of cards moved"
            if _is_slot(obj, "run") and name == "first":
                return self.names.get("card", "the bottom card moved")
            what = self.np(obj)
            return {"size": f"the number of {_bare(what)}", "first": f"the first of {what}"}.get(
                name, f"the last of {what}"
            )
        o = self.np(obj)
        if e.attr is not None and e.attr.owner == "card":
            return {
                "rank": f"the rank of {o}",
                "suit": f"the suit of {o}",
                "color": f"the colour of {o}",
                "copy": f"the deck {o} comes from",
                "name": f"the name of {o}",
            }.get(name, f"{o}'s {name}")
        return {
            "size": f"the number of cards on {o}",
            "top": f"the top card of {o}",
            "bottom": f"the bottom card of {o}",
            "cards": f"the cards of {o}",
            "down": f"the number of face-down cards on {o}",
            "up": f"the number of face-up cards on {o}",
            "index": f"the index of {o} (from 0)",
            "group": f"the group of {o}",
            "prev": f"the pile before {o}",
            "next": f"the pile after {o}",
            "covered_by": f"the piles covering {o}",
            "empty": f"whether {o} is empty",
            "free": f"whether {o} is free",
            "covered": f"whether {o} is covered",
        }.get(name, f"{o}'s {name}")

    def index_np(self, e: ck.Index) -> str:
        if _is_slot(e.obj, "cards") and e.index.is_const and isinstance(e.index.const, int):
            i = e.index.const
            if getattr(self, "cards_count", 0) == 1 and i == 0:
                return "the card"
            return f"the {_ORDINALS[i]} card" if 0 <= i < len(_ORDINALS) else f"card {i}"
        if _is_slot(e.obj, "piles") and e.index.is_const and isinstance(e.index.const, int):
            i = e.index.const
            return f"the pile of the {_ORDINALS[i]} card" if 0 <= i < len(_ORDINALS) else f"the pile of card {i}"
        g = _group(e.obj, self.v)
        if g is not None:
            return f"{g.name} pile number {self.np(e.index)} (from 0)"
        if e.obj.is_const and isinstance(e.obj.const, tuple):
            items = self.value(e.obj.const, e.obj)
            if _is_attr(e.index, "index"):
                what = self.np(e.index.obj)  # type: ignore[attr-defined]
                return f"the one of {items} in the place of {what} in its group"
            return f"item {self.np(e.index)} of {items}, counting from 0"
        g = _group(e.obj, self.v)
        if g is not None:
            return f"{g.name} pile number {self.np(e.index)} (from 0)"
        return f"item {self.np(e.index)} of {self.np(e.obj)} (from 0)"

    def call_np(self, e: ck.Call) -> str:
        f, args = e.func.name, e.args
        a = [self.np(x) for x in args]
        if f == "len" and isinstance(args[0], ck.Call) and args[0].func.name == "tops":
            return f"the number of {_bare(self.np(args[0].args[0]))} that hold cards"
        if f == "len":
            return f"the number of {_bare(a[0])}"
        if f == "cards":
            return f"the cards on {a[0]}"
        if f == "tops":
            return f"the top cards of {a[0]} in reading order (empty piles skipped)"
        if f == "succ":
            return f"the rank after {a[0]}"
        if f == "pred":
            return f"the rank before {a[0]}"
        if f == "abs":
            d = args[0]
            if isinstance(d, ck.Binary) and d.op == "-":
                return f"the difference between {self.np(d.left)} and {self.np(d.right)}"
            return f"the absolute value of {a[0]}"
        if f == "used":
            return f"the number of times '{args[0].const}' has been used"
        return f"the {'smaller' if f == 'min' else 'larger'} of {a[0]} and {a[1]}"

    def arith(self, e: ck.Binary) -> str:
        left, right = self.np(e.left), self.np(e.right)
        if e.op == "**":
            return f"{right if e.left.is_const else 'the power ' + right} of {left}".replace(
                f"{right} of {left}", f"{left} to the power {right}"
            )
        word = {"+": "plus", "-": "minus", "*": "times", "/": "divided by (rounded down)", "%": "modulo"}[e.op]
        if isinstance(e.left, ck.Binary) and e.op in ("*", "/", "%") and e.left.op in ("+", "-"):
            left = f"({left})"
        if isinstance(e.right, ck.Binary) and e.right.op in ("+", "-"):
            right = f"({right})"
        return f"{left} {word} {right}"

    # -- clauses ---------------------------------------------------------------------------
    def cl(self, e: ck.Expr) -> str:
        e = simplify(e)
        if e.is_const and e.type == BOOL:
            return "always" if e.const else "never"
        if isinstance(e, ck.BoolOp):
            parts: list[str] = []
            subject = None
            for i in e.items:
                t = self.cl(i)
                if isinstance(simplify(i), ck.BoolOp):
                    t = f"({t})" if e.op == "and" else f"({t})"
                    subject = None
                elif e.op == "and" and " is " in t:
                    head, _, tail = t.partition(" is ")
                    if head == subject and "\x00" not in head:
                        parts[-1] += f" and {tail}"
                        continue
                    subject = head
                parts.append(t)
            if e.op == "or" and len(parts) > 1:
                return "either " + join(parts, "or")
            return join(parts, e.op)
        if isinstance(e, ck.Unary) and e.op == "not":
            return self.negate(e.operand)
        if isinstance(e, ck.Binary):
            return self.compare(e)
        if isinstance(e, ck.Attr) and e.attr is not None:
            o = self.np(e.obj)
            if e.attr.name == "empty":
                return f"{o} is empty"
            if e.attr.name == "free":
                return f"{o} is free (no pile covering it holds a card)"
            if e.attr.name == "covered":
                return f"{o} is covered"
        if isinstance(e, ck.Quant):
            return self.quant(e)
        if isinstance(e, ck.Cond):
            return f"{self.cl(e.then)} if {self.cl(e.test)}, otherwise {self.cl(e.other)}"
        return f"{self.np(e)} holds"

    def negate(self, e: ck.Expr) -> str:
        e = simplify(e)
        if isinstance(e, ck.Attr) and e.attr is not None and e.attr.name in ("empty", "free", "covered"):
            o = self.np(e.obj)
            return {"empty": f"{o} is not empty", "free": f"{o} is covered", "covered": f"{o} is free"}[e.attr.name]
        if isinstance(e, ck.Binary) and e.op in ("==", "!=", "in", "notin"):
            flip = {"==": "!=", "!=": "==", "in": "notin", "notin": "in"}[e.op]
            return self.compare(ck.Binary(e.col, e.type, e.const, flip, e.left, e.right))
        return f"it is not so that {self.cl(e)}"

    def compare(self, e: ck.Binary) -> str:
        op, left, right = e.op, simplify(e.left), simplify(e.right)
        if op in ("in", "notin"):
            ranks = self.rank_gap(left)
            if ranks is not None and right.is_const and isinstance(right.const, tuple):
                gaps = join([number(x) for x in right.const], "or")
                return f"{ranks} are {gaps} rank{'s' if right.const != (1,) else ''} apart" + (
                    "" if op == "in" else " (not)"
                )
            nots = "" if op == "in" else "not "
            return f"{self.np(left)} is {nots}one of {self.np(right)}"
        # rank relations between two cards
        rel = self.rank_relation(left, right, op)
        if rel is not None:
            return rel
        if (
            op == "=="
            and isinstance(left, ck.Binary)
            and left.op == "+"
            and _rank_of(left.left) is not None
            and _rank_of(left.right) is not None
            and right.is_const
        ):
            a, b = self.np(left.left.obj), self.np(left.right.obj)  # type: ignore[attr-defined]
            return f"the ranks of {a} and {b} add up to {right.const} (ace 1, jack 11, queen 12, king 13)"
        ranks = self.rank_gap(left)
        if ranks is not None and right.is_const and op in ("==", "!="):
            return f"{ranks} are {'' if op == '==' else 'not '}{plural(right.const, 'rank')} apart"
        if op in ("==", "!="):
            negated = op == "!="
            for x, y in ((left, right), (right, left)):
                if _rank_of(x) is not None and y.is_const and isinstance(y.const, int):
                    return f"{self.np(x.obj)} is {'not ' if negated else ''}{a_rank(y.const)}"  # type: ignore[attr-defined]
                if _is_attr(x, "suit") and _is_attr(y, "suit"):
                    return f"{self.np(x.obj)} is {'not ' if negated else ''}the same suit as {self.np(y.obj)}"  # type: ignore[attr-defined]
                if _is_attr(x, "color") and _is_attr(y, "color"):
                    other = "the other colour from" if len(self.v.deck.colors) == 2 else "a different colour from"
                    return f"{self.np(x.obj)} is {other if negated else 'the same colour as'} {self.np(y.obj)}"  # type: ignore[attr-defined]
                if _is_attr(x, "suit") and y.is_const:
                    return f"{self.np(x.obj)} is {'not ' if negated else ''}of {self.np(y)}"  # type: ignore[attr-defined]
                if _is_attr(x, "color") and y.is_const:
                    return f"{self.np(x.obj)} is {'not ' if negated else ''}{self.np(y)}"  # type: ignore[attr-defined]
                if _is_attr(x, "group") and y.is_const:
                    return f"{self.np(x.obj)} is {'not ' if negated else ''}{_one_of(self.group(y.const))}"  # type: ignore[attr-defined]
                if _is_attr(x, "down") and y.is_const and y.const == 0 and not negated:
                    return f"no card of {self.np(x.obj)} is face down"  # type: ignore[attr-defined]
                if _is_attr(x, "size") and y.is_const and x.type == INT:
                    return self.size_clause(x, y.const, "==" if not negated else "!=")
                if y.is_const and y.const is None:
                    return f"there is {'' if negated else 'no '}{_bare(self.np(x))}"
            return f"{self.np(left)} is {'not ' if negated else ''}{self.np(right)}"
        if _rank_of(left) is not None and right.is_const and isinstance(right.const, int):
            r = right.const
            word = {"<": "below", "<=": "or lower", ">": "above", ">=": "or higher"}[op]
            thing = self.np(left.obj)  # type: ignore[attr-defined]
            return f"{thing} is {a_rank(r)} {word}" if op in ("<=", ">=") else f"{thing} ranks {word} {a_rank(r)}"
        if _is_attr(left, "size") and right.is_const:
            return self.size_clause(left, right.const, op)
        return f"{self.np(left)} is {_COMPARE[op]} {self.np(right)}"

    def size_clause(self, x: Any, n: Any, op: str) -> str:
        obj = x.obj
        if _is_slot(obj, "run"):
            how = {"==": "exactly", "!=": "other than", "<": "fewer than", "<=": "at most", ">": "more than"}
            if op == "==" and n == 1:
                return "a single card moves"
            return f"{how.get(op, 'at least')} {plural(n, 'card')} move"
        how = {"==": "", "!=": "not ", "<": "fewer than ", "<=": "at most ", ">": "more than ", ">=": "at least "}
        if x.attr is not None and x.attr.owner == "list":
            return f"{self.np(obj)} number {how[op]}{number(n)}"
        return f"{self.np(obj)} holds {how[op]}{plural(n, 'card')}"

    def rank_gap(self, e: ck.Expr) -> str | None:
        """'X and Y' for abs(X.rank - Y.rank)."""
        if isinstance(e, ck.Call) and e.func.name == "abs":
            d = e.args[0]
            if (
                isinstance(d, ck.Binary)
                and d.op == "-"
                and _rank_of(d.left) is not None
                and _rank_of(d.right) is not None
            ):
                return f"the ranks of {self.np(d.left.obj)} and {self.np(d.right.obj)}"  # type: ignore[attr-defined]
        return None

    def rank_relation(self, left: ck.Expr, right: ck.Expr, op: str) -> str | None:
        """'X is one rank lower than Y' for X.rank == Y.rank - 1 and its forms; the moving
        card, when it is one of the two, is X."""
        if op not in ("==", "!="):
            return None
        found = None
        for x, y in ((left, right), (right, left)):
            if _rank_of(x) is None:
                continue
            wrap = False
            if isinstance(y, ck.Call) and y.func.name in ("succ", "pred") and _rank_of(y.args[0]) is not None:
                k, other, wrap = (1 if y.func.name == "succ" else -1), y.args[0], self.v.deck.wrap
            else:
                off = _offset(y)
                if off is None or (off[1] == 0 and x is right):
                    continue
                other, k = off
            found = (x.obj, other.obj, k, wrap)  # type: ignore[attr-defined]
            break
        if found is None:
            return None
        a, b, k, wrap = found
        a_var = isinstance(a, ck.Name) and a.ref.kind is ck.Ref.VAR
        if _is_slot(b, "card") and not _is_slot(a, "card") and not a_var:
            a, b, k = b, a, -k
        neg = "not " if op == "!=" else ""
        an, bn = self.np(a), self.np(b)
        if k == 0:
            return f"{an} is {neg}the same rank as {bn}"
        tail = " (the ace follows the king)" if wrap else ""
        return f"{an} is {neg}{plural(abs(k), 'rank')} {'higher' if k > 0 else 'lower'} than {bn}{tail}"

    def filled_in_order(self, e: ck.Quant) -> str | None:
        """'every tableau pile before it holds a card' for all(p in G: p.index >= dest.index or not p.empty)."""
        b = simplify(e.body)
        if e.kind != "all" or e.pairs or not (isinstance(b, ck.BoolOp) and b.op == "or" and len(b.items) == 2):
            return None
        (var,) = e.names
        x, y = b.items
        if _index_ge_dest(y, var):
            x, y = y, x
        if not _index_ge_dest(x, var):
            return None
        if not (isinstance(y, ck.Unary) and y.op == "not" and _is_attr(y.operand, "empty")):
            return None
        if not _is_slot(y.operand.obj, var):  # type: ignore[attr-defined]
            return None
        g = _group(e.coll, self.v)
        what = f"{g.name} pile" if g is not None else "pile of " + self.np(e.coll)
        return f"every {what} before {self.names.get('dest', 'it')} holds a card (they fill in order)"

    def quant(self, e: ck.Quant) -> str:
        outer = dict(self.vars)
        try:
            return self._quant(e)
        finally:
            self.vars = outer  # a quantifier's names end with it

    def _quant(self, e: ck.Quant) -> str:
        coll = self.np(e.coll)
        if e.pairs:
            first, second = e.names
            self.vars[first], self.vars[second] = "a card", "the card after it"
            seq = sequence_phrase(e.body, first, second)
            if seq is not None and e.kind == "all":
                return f"{coll} {'go ' if seq.startswith(('up', 'down')) else 'are '}{seq}"
            self.vars[first], self.vars[second] = "the card", "the card after it"
            body = self.cl(e.body) if e.kind != "sum" else self.np(e.body)
            lead = {"all": "for every card of", "any": "for some card of"}.get(e.kind)
            if lead:
                return f"{lead} {coll} and the card after it, {body}"
            if e.kind == "count":
                return f"the number of cards of {coll} for which, with the card after it, {body}"
            return f"the total over the cards of {coll} (each with the card after it) of {body}"
        (name,) = e.names
        elem = e.coll.type.elem
        noun = "pile" if elem == PILE else "card" if elem == CARD else "item"
        token = f"\x00{name}\x00"
        self.vars[name] = token
        own = f"the {noun}"
        taken = set(self.names.values()) | set(self.vars.values())
        if own in taken:
            own = f"that {noun}" if f"that {noun}" not in taken else f"that other {noun}"
        special = self.filled_in_order(e)
        if special is not None:
            return special
        body = self.cl(e.body) if e.kind != "sum" else self.np(e.body)
        b = simplify(e.body)
        items = b.items if isinstance(b, ck.BoolOp) and b.op == "and" else (b,)
        vps = _verb_phrases([self.cl(i) for i in items], token) if e.kind != "sum" else None
        g = _group(e.coll, self.v)
        single = g is not None and g.count == 1
        of = _of(coll, noun)
        if e.kind == "sum":
            m = body.replace(token, own)
            if m == f"the number of cards on {own}":
                return f"the number of cards on {coll}"
            return f"the total of {m} over {of}"
        self.vars[name] = own
        if vps is not None and token not in " ".join(vps):
            if single and e.kind != "count":
                return f"{coll} {join(vps)}"
            if e.kind == "count" and vps == ["is empty"]:
                return f"the number of empty {_plural_of(of)}"
            if e.kind == "all" and len(vps) == 1 and vps[0].startswith("is not "):
                return f"no {_bare(of)} is {vps[0][7:]}"
            if e.kind == "all":
                return f"every {of[4:] if of.startswith('the ') else of} {join(vps)}"
            if e.kind == "any":
                return f"some {of[4:] if of.startswith('the ') else of} {join(vps)}"
            return f"the number of {_plural_of(of)} that {join([_pluralise(v) for v in vps])}"
        body = body.replace(token, own)
        lead = {"all": "for every", "any": "for some", "count": "the number of"}[e.kind]
        if e.kind == "count":
            return f"the number of {_plural_of(of)} for which {body}"
        return f"{lead} {of[4:] if of.startswith('the ') else of}, {body}"


def _index_ge_dest(x: ck.Expr, var: str) -> bool:
    return (
        isinstance(x, ck.Binary)
        and x.op == ">="
        and _is_attr(x.left, "index")
        and _is_slot(x.left.obj, var)  # type: ignore[attr-defined]
        and _is_attr(x.right, "index")
        and _is_slot(x.right.obj, "dest")  # type: ignore[attr-defined]
    )


def _of(coll: str, noun: str) -> str:
    """'the pile of the foundation piles' -> 'the foundation pile'."""
    if coll.startswith("the ") and coll.endswith(f" {noun}s"):
        return coll[:-1]
    return f"the {noun} of {coll}"


def _plural_of(of: str) -> str:
    of = of[4:] if of.startswith("the ") else of
    first, sep, rest = of.partition(" of ")
    if sep:
        return first + "s of " + rest
    return of + "s"


def _one_of(group_np: str) -> str:
    """'the tableau piles' -> 'a tableau pile'."""
    g = group_np[4:] if group_np.startswith("the ") else group_np
    return "a " + (g[:-1] if g.endswith("piles") else g)


def _bare(np: str) -> str:
    return np[4:] if np.startswith("the ") else np


def _verb_phrases(parts: list[str], token: str) -> list[str] | None:
    """The verb phrases of a clause whose every part starts with the quantifier's variable."""
    if all(p.startswith(token + " ") for p in parts):
        return [p[len(token) + 1 :] for p in parts]
    return None


def _pluralise(vp: str) -> str:
    first, _, rest = vp.partition(" ")
    first = {"is": "are", "holds": "hold", "has": "have", "runs": "run"}.get(first, first)
    return f"{first} {rest}".strip()


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


# -- the sequence of a run, and what a pile takes ------------------------------------------------
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


def what_it_takes(sp: Speaker, e: ck.Expr, empty: bool, runs: bool) -> str:
    """'a card one rank lower than the top card and of the other colour' for an accept rule."""
    e = simplify(e)
    if e.is_const:
        return ("any card or run" if runs else "any card") if e.const else "nothing"
    parts = list(e.items) if isinstance(e, ck.BoolOp) and e.op == "and" else [e]
    size = rank = None
    rel: list[str] = []
    adj: list[str] = []
    rest: list[str] = []
    for p in parts:
        p = simplify(p)
        said = _take_part(sp, p)
        if said is None:
            rest.append(sp.cl(p))
            continue
        kind, text = said
        if kind == "size":
            size = text
        elif kind == "rank" and rank is None:
            rank = text
        elif kind == "rel":
            rel.append(text)
        else:
            adj.append(text)
    noun = rank or "card"
    if size is not None and "CARD" in size and rank is None and "whose" in size:
        size = size.split(" whose")[0]
    if size is not None:
        head = size.replace("CARD", noun)
    else:
        head = f"{'an' if noun[0] in 'aeiou8' else 'a'} {noun}"
        if runs and rank is not None:
            head += " (alone or with the cards on it)"
    words = " and ".join(x for x in (rel + adj) if x)
    text = f"{head} {words}".strip()
    if rest:
        text += ", when " + join(rest)
    return text


def _take_part(sp: Speaker, p: ck.Expr) -> tuple[str, str] | None:
    """One part of an accept rule in a known shape: (kind, words), or None."""
    if isinstance(p, ck.Binary) and _is_attr(p.left, "size") and _is_slot(p.left.obj, "run") and p.right.is_const:  # type: ignore[attr-defined]
        n = p.right.const
        if p.op == "==":
            return "size", "a single CARD" if n == 1 else f"a run of {number(n)} cards whose bottom card is a CARD"
        if p.op == ">=":
            return "size", f"a run of at least {number(n)} cards whose bottom card is a CARD"
        if p.op == "<=":
            return "size", f"at most {number(n)} cards, the bottom one a CARD"
    if isinstance(p, ck.Binary) and p.op == "==":
        for x, y in ((p.left, p.right), (p.right, p.left)):
            if _rank_of(x) is not None and _is_slot(x.obj, "card") and y.is_const and isinstance(y.const, int):  # type: ignore[attr-defined]
                return "rank", rank_word(y.const)
    if isinstance(p, ck.Binary) and p.op == "==":
        for x, y in ((p.left, p.right), (p.right, p.left)):
            if (
                _is_attr(x, "suit")
                and isinstance(y, ck.Index)
                and y.obj.is_const
                and y.obj.type.elem == SUIT
                and _is_attr(y.index, "index")
                and _is_slot(y.index.obj, "dest")  # type: ignore[attr-defined]
            ):
                suits = sp.value(y.obj.const, y.obj)
                return "adj", f"of this pile's own suit (the piles in order: {suits[1:-1]})"
    if (
        isinstance(p, ck.Binary)
        and p.op in ("==", "!=")
        and _is_attr(p.left, "group")
        and _is_slot(p.left.obj, "source")  # type: ignore[attr-defined]
        and p.right.is_const
    ):
        where = _one_of(sp.group(p.right.const)) if p.right.const in sp.v.layout.groups else f"group {p.right.const}"
        return "adj", f"that comes from {where}" if p.op == "==" else f"that does not come from {where}"
    if isinstance(p, ck.Binary) and p.op in ("==", "!="):
        sides = (p.left, p.right)
        if all(_is_attr(s, "suit") for s in sides) and any(_is_top_of_dest(s.obj) for s in sides):  # type: ignore[attr-defined]
            return "adj", "of the same suit" if p.op == "==" else "of another suit"
        if all(_is_attr(s, "color") for s in sides) and any(_is_top_of_dest(s.obj) for s in sides):  # type: ignore[attr-defined]
            if p.op == "==":
                return "adj", "of the same colour"
            return "adj", "of the other colour" if len(sp.v.deck.colors) == 2 else "of another colour"
        rel = sp.rank_relation(p.left, p.right, p.op)
        if rel is not None and rel.startswith(sp.names["card"] + " is ") and p.op == "==":
            what = rel[len(sp.names["card"]) + 4 :]
            return "rel", what.replace("the top card of " + sp.names["dest"], "the top card")
    if isinstance(p, ck.BoolOp) and p.op == "or":
        rels = []
        for i in p.items:
            r = _take_part(sp, simplify(i))
            if r is None or r[0] != "rel":
                break
            rels.append(r[1])
        else:
            return "rel", _merge_rels(rels)
    gap = sp.rank_gap(p.left) if isinstance(p, ck.Binary) else None
    if gap is not None and isinstance(p, ck.Binary) and p.right.is_const and p.op in ("==", "in"):
        vals = p.right.const if isinstance(p.right.const, tuple) else (p.right.const,)
        return (
            "rel",
            f"{join([number(v) for v in vals], 'or')} rank{'s' if vals != (1,) else ''} above or below the top card",
        )
    return None


def _merge_rels(rels: list[str]) -> str:
    """'one rank higher than the top card' or 'one rank lower than the top card' ->
    'one rank higher or lower than the top card'."""
    tails = {r.split(" than ", 1)[1] if " than " in r else r for r in rels}
    heads = [r.split(" than ", 1)[0] for r in rels]
    if len(tails) == 1 and all(" than " in r for r in rels):
        words = [h.split(" ")[-1] for h in heads]
        if len({" ".join(h.split(" ")[:-1]) for h in heads}) == 1:
            return f"{' '.join(heads[0].split(' ')[:-1])} {' or '.join(words)} than {tails.pop()}"
    return " or ".join(rels)


# -- the text --------------------------------------------------------------------------------
def describe(variant: Any) -> str:
    """The rules of a compiled variant in English, section by section (SECTIONS)."""
    return "\n\n".join(f"{title}\n{'-' * len(title)}\n{body}" for title, body in sections(variant))


def rules_text(variant: Any) -> str:
    """What `rulesdsl rules` and the runner's `rules` print: the author's own text (the file's
    `rules:`, else its description) under one heading, the generated rules under another."""
    own = (variant.text or "").strip() or (variant.description or "").strip() or "(the file has no rules text)"
    title = f"{variant.name}: the author's summary"
    gen = "Rules generated from the file"
    return f"{title}\n{'=' * len(title)}\n{own}\n\n{gen}\n{'=' * len(gen)}\n{describe(variant)}"


def sections(variant: Any) -> list[tuple[str, str]]:
    w = _Writer(variant)
    return [
        (SECTIONS[0], w.deck()),
        (SECTIONS[1], w.layout_and_deal()),
        (SECTIONS[2], w.moving()),
        (SECTIONS[3], w.actions()),
        (SECTIONS[4], w.autos()),
        (SECTIONS[5], w.win_and_score()),
    ]


_MOVE_NAMES = {
    "card": "the card moved",
    "run": "the cards moved",
    "source": "the pile it comes from",
    "dest": "this pile",
}


class _Writer:
    def __init__(self, v: Any):
        self.v = v
        self.lay = v.layout
        self.runs = any(r.lift == "run" for r in v.groups.values())

    def tree(self, *path: Any) -> ck.Expr | None:
        c = self.v.exprs.get(tuple(path))
        return None if c is None else c.tree

    def speaker(self, role: str, **names: str) -> Speaker:
        base = {
            "move": _MOVE_NAMES,
            "sequence": {"a": "the card below", "b": "the card on it"},
            "remove": {"cards": "the cards", "piles": "their piles"},
            "card": {"card": "the card"},
            "pile": {"pile": "the pile"},
        }.get(role, {})
        return Speaker(self.v, {**base, **names})

    def piles_text(self, piles: tuple) -> str:
        """'the tableau piles', 'tableau[0], tableau[1] and tableau[2]', 'the waste pile'."""
        piles = tuple(piles)
        for name, g in self.lay.groups.items():
            if piles == tuple(g.piles):
                return f"the {name} pile" if g.count == 1 else f"the {number(g.count)} {name} piles"
        sp = self.speaker("state")
        return join([sp.pile(p) for p in piles])

    # -- sections ---------------------------------------------------------------------------
    def deck(self) -> str:
        d = self.v.deck
        lines = []
        if self.v.options:
            helps = {o.name: o.help for o in self.v.option_decls}
            lines.append("Options chosen:")
            for k, val in self.v.options.items():
                lines.append(f"- {k}={val}" + (f": {helps[k]}" if helps.get(k) else ""))
        suits = join([f"{s.name} ({s.symbol}, {s.color})" if s.symbol else f"{s.name} ({s.color})" for s in d.suits])
        ranks = d.ranks
        if ranks == tuple(range(ranks[0], ranks[-1] + 1)):
            rtext = f"{rank_text(ranks[0])} to {rank_text(ranks[-1])}"
        else:
            rtext = " ".join(rank_text(r) for r in ranks)
        decks = "One deck" if d.decks == 1 else f"{number(d.decks).capitalize()} decks shuffled together"
        lines.append(
            f"{decks}: {d.size} cards, of {plural(len(d.suits), 'suit')}: {suits}; ranks {rtext}"
            f"{' (ace low)' if ranks[0] == 1 and not d.wrap else ''}."
        )
        if d.wrap:
            lines.append("The ranks wrap round: the ace follows the king, and the king comes before the ace.")
        removed = self.removed_count()
        rules = [s for s in self.v.deal if isinstance(s, RemoveCards)]
        if rules:
            what = join([self.card_kind(t, plural=True) for t in self.step_trees("remove")])
            lines.append(f"Cards removed: after the deal {what} are taken out of the game ({removed} cards).")
        else:
            lines.append("No card is removed: every card is in play.")
        return "\n".join(lines)

    def removed_count(self) -> int:
        g = self.v.new_game(1)
        return self.v.deck.size - sum(len(p) for p in g.state.piles)

    def step_trees(self, key: str) -> list:
        """The checked trees of the deal steps' `key` expressions, in step order."""
        found = sorted(
            (p[1], c.tree) for p, c in self.v.exprs.items() if len(p) == 3 and p[0] == "deal" and p[2] == key
        )
        return [t for _, t in found]

    def card_kind(self, e: ck.Expr, plural: bool = False) -> str:
        """'every king' / 'the kings' for a card test; a clause otherwise."""
        e = simplify(e)
        if isinstance(e, ck.Binary) and e.op == "==" and _rank_of(e.left) is not None and e.right.is_const:
            return f"the {ranks_word(e.right.const)}" if plural else f"every {rank_word(e.right.const)}"
        sp = self.speaker("card")
        return f"the cards for which {sp.cl(e)}"

    def layout_and_deal(self) -> str:
        lines = []
        for name, g in self.lay.groups.items():
            r = self.v.groups[name]
            bits = [plural(g.count, "pile")]
            if r.label and r.label != name:
                bits.append(f"shown as \u201c{r.label}\u201d")
            bits.append(f"role {r.role}")
            if g.rows and len(set(g.rows)) == 1 and len(g.rows) > 1:
                bits.append(f"laid out in {number(len(g.rows))} rows of {number(g.rows[0])}")
            elif g.rows:
                bits.append(f"laid out in rows of {join([str(n) for n in g.rows])}")
                if g.overlap:
                    bits.append("each row lying partly over the row before it")
            if r.capacity is not None:
                bits.append(f"{'each ' if g.count > 1 else ''}holding at most {plural(r.capacity, 'card')}")
            if name in self.ringed():
                bits.append(
                    "its piles following one another in reading order as a ring (after the last comes the first)"
                )
            lines.append(f"- {name}: {', '.join(bits)}.")
        if any(g.overlap for g in self.lay.groups.values()):
            lines.append(
                "A pile is covered while a pile of the next row overlapping it holds a card; a covered pile "
                "neither gives nor takes cards."
            )
        lines.append("")
        lines.append("The deal:")
        lines.extend(self.deal_steps())
        return "\n".join(lines)

    def ringed(self) -> set:
        """The groups whose rules read a pile's neighbours (``prev``, ``next``)."""
        out = set()
        for path, c in self.v.exprs.items():
            if path[0] == "piles" and any(
                isinstance(n, ck.Attr) and n.attr is not None and n.attr.name in ("prev", "next") for n in _walk(c.tree)
            ):
                out.add(path[1])
        return out

    def deal_steps(self) -> list[str]:
        out: list[str] = []
        d = self.v.deck
        shuffled = False
        left = d.size
        new_piles = iter(self.step_trees("new_pile"))
        to_bottom = iter(self.step_trees("to_bottom"))
        takes = iter(self.step_trees("take"))
        for step in self.v.deal:
            if isinstance(step, Shuffle):
                out.append("- The cards are shuffled." if not shuffled else "- The cards left are shuffled.")
                shuffled = True
            elif isinstance(step, Place):
                placed = [
                    f"{rank_text(r)}{d.suits[s].symbol or d.suits[s].letter} on {self.piles_text((p,))}"
                    for p, r, s in step.cards
                ]
                when = "Before the shuffle, these" if not shuffled else "These"
                out.append(f"- {when} cards are set out face up: {join(placed)}.")
                left -= len(step.cards)
            elif isinstance(step, DealTo):
                out.append("- " + self.deal_to(step, next(new_piles, None) if step.new_pile else None))
                left = 0 if step.new_pile else left - sum(step.counts)
            elif isinstance(step, ToBottom):
                t = next(to_bottom, None)
                what = self.card_kind(t, plural=True) if t is not None else "some cards"
                out.append(
                    f"- Then, in each of {self.piles_text(step.piles)}, {what} go down to the bottom of the pile."
                )
            elif isinstance(step, Rest):
                face = "face up" if step.face_up else "face down"
                out.append(f"- The {plural(left, 'card')} left go {face} to {self.piles_text((step.pile,))}.")
                left = 0
            elif isinstance(step, RemoveCards):
                out.append("- Then the cards named under \u201cThe deck\u201d are taken out, leaving gaps.")
            elif isinstance(step, BaseRank):
                out.append(
                    f"- The rank of the bottom card of {self.piles_text((step.pile,))} is the base rank "
                    "of the game, fixed until its end."
                )
            elif isinstance(step, Take):
                t = next(takes, None)
                test = f" for which {self.speaker('card').cl(t)}" if t is not None else ""
                most = f" (at most {plural(step.count, 'card')})" if step.count is not None else ""
                out.append(
                    f"- Then each card still in the deck{test} goes face up, in deck order, to the first "
                    f"of {self.piles_text(step.onto)} that takes it{most}."
                )
                left -= step.count or 0
        return out

    def deal_to(self, step: DealTo, new_pile: ck.Expr | None) -> str:
        where = self.piles_text(step.piles)
        group = self.lay.groups[self.lay.group_of[step.piles[0]]]
        skipped = [p for p in group.piles if p not in step.piles]
        if skipped and len(step.piles) > 1 and all(self.lay.group_of[p] == group.name for p in step.piles):
            gaps = join([self.lay.name(p) for p in skipped])
            where = f"the {group.name} piles but {gaps} ({'it stays' if len(skipped) == 1 else 'they stay'} empty)"
        if new_pile is not None:
            test = self.card_kind(new_pile)
            return (
                f"Every card left is dealt face up onto the first of {where}; before {test} the deal moves on "
                f"to the next pile (unless the current one is still empty)."
            )
        counts, downs = step.counts, step.downs
        if len(set(counts)) == 1:
            many = (
                f"{plural(counts[0], 'card')} to each of {where}"
                if len(counts) > 1
                else f"{plural(counts[0], 'card')} to {where}"
            )
        else:
            many = f"{join([str(c) for c in counts])} cards to {where} in turn"
        if not any(downs):
            face = "face up"
        elif all(dn == c - 1 for c, dn in zip(counts, downs)):
            face = "only the top card of each pile face up" if len(counts) > 1 else "only the top card face up"
        elif all(dn == c for c, dn in zip(counts, downs)):
            face = "face down"
        else:
            face = f"the first {join([str(x) for x in downs])} cards of each pile in turn face down, the rest face up"
        order = "round after round, one card to each pile in turn" if step.by_row else "pile by pile"
        text = f"Deal {many}, {face}" + (f" ({order})" if max(counts) > 1 and len(counts) > 1 else "")
        if step.play:
            text += (
                f". Each card about to be dealt face up first goes to {self.piles_text(step.play)} if one of them "
                f"takes it (by the rules below), and then takes its place in the deal"
            )
        return text + "."

    def moving(self) -> str:
        lines = []
        for name, g in self.lay.groups.items():
            r = self.v.groups[name]
            title = f"{name} ({'1 pile' if g.count == 1 else f'{g.count} piles'})"
            bits = []
            sp = self.speaker("move")
            removable = [rm.name for rm in self.v.removals if set(g.piles) & set(rm.sources)]
            if r.lift == "none" and removable:
                bits.append(f"Its cards leave it only by removal ({join(removable, 'or')}, below).")
            elif r.lift == "none" and self.leaves(g):
                bits.append(f"No card may be picked up from it; cards leave it only by {join(self.leaves(g), 'or')}.")
            elif r.lift == "none":
                bits.append("Its cards never leave it.")
            elif r.lift == "top":
                bits.append("Its top card may be moved.")
            else:
                seq = self.tree("piles", name, "sequence")
                if seq is None:
                    bits.append("Any face-up card may be moved together with all the cards on it, in whatever order.")
                else:
                    phrase = sequence_phrase(seq)
                    if phrase is None:
                        phrase = "where each card meets this: " + self.speaker("sequence").cl(seq)
                    going = "going " if phrase.startswith(("up", "down")) else ""
                    bits.append(
                        f"Its top card may be moved, or a run of face-up cards from the top {going}{phrase}, as a unit."
                    )
            mr = self.tree("piles", name, "max_run")
            if mr is not None:
                msp = self.speaker("move", dest="the destination")
                bits.append(f"The most cards that may move from it at once: {msp.np(mr)}.")
            accept, empty = self.tree("piles", name, "accept"), self.tree("piles", name, "accept_empty")
            if r.accept is None and r.accept_empty is None and self.arrives(g):
                bits.append(
                    f"No card may be put on it by hand; cards come to it only by {join(self.arrives(g), 'or')}."
                )
            elif r.accept is None and r.accept_empty is None:
                bits.append("It takes no cards.")
            else:
                on_card = on_empty = None
                if r.accept is not None and accept is not None:
                    on_card = what_it_takes(sp, accept, False, self.runs)
                if r.accept_empty is not None and empty is not None:
                    on_empty = what_it_takes(self.speaker("move", dest="the empty pile"), empty, True, self.runs)
                if on_card is not None and on_card == on_empty:
                    bits.append(f"Whether empty or not, it takes {on_card}.")
                else:
                    bits.append(f"On its top card it takes {on_card}." if on_card else "It takes nothing on a card.")
                    bits.append(f"When empty it takes {on_empty}." if on_empty else "An empty pile takes nothing.")
            if r.capacity is not None:
                bits.append(f"It holds at most {plural(r.capacity, 'card')}.")
            lines.append(f"- {title}: " + " ".join(bits))
        if self.runs:
            lines.append(
                "Where a rule speaks of \u201cthe card moved\u201d, a run is judged by its bottom card; "
                "every move is judged with the moving cards already lifted."
            )
        for rm in self.v.removals:
            lines.append("- " + self.removal(rm))
        return "\n".join(lines)

    def leaves(self, g: Any) -> list[str]:
        """How cards leave a group's piles other than by hand: its actions and refills."""
        piles = set(g.piles)
        out = [
            f"the action {a.name}"
            for a in self.v.actions
            if a.source in piles or piles & set(a.gather) or (a.kind is ActionKind.COMPACT and piles & set(a.targets))
        ]
        if any(au.kind is AutoKind.REFILL and piles & set(au.sources) for au in self.v.autos):
            out.append("the automatic refill")
        return out

    def arrives(self, g: Any) -> list[str]:
        """How cards come to a group's piles other than by hand: actions, refills, automatic moves."""
        piles = set(g.piles)
        out = [f"the action {a.name}" for a in self.v.actions if piles & set(a.targets)]
        out += [f"removal {rm.name}" for rm in self.v.removals if rm.dest in piles]
        if any(au.kind is AutoKind.REFILL and piles & set(au.piles) for au in self.v.autos):
            out.append("the automatic refill")
        return out

    def removal(self, rm: Any) -> str:
        sp = self.speaker("remove")
        sp.cards_count = rm.cards  # type: ignore[attr-defined]
        when = self.tree("removals", rm.name, "when")
        cond = sp.cl(when) if when is not None else "always"
        srcs = join(
            [self.piles_text(self.lay.groups[n].piles) for n in dict.fromkeys(self.lay.group_of[p] for p in rm.sources)]
        )
        what = "a free face-up top card" if rm.cards == 1 else f"{number(rm.cards)} free face-up top cards"
        go = "goes" if rm.cards == 1 else "go together"
        text = f"Removal \u201c{rm.name}\u201d: {what} of {srcs} {go} to {self.piles_text((rm.dest,))} when {cond}."
        pts = self.tree("removals", rm.name, "points")
        if pts is not None:
            text += f" It scores {sp.np(pts)}."
        return text

    def actions(self) -> str:
        lines = []
        for a in self.v.actions:
            lines.append(
                f"- {a.name}"
                + (f" (\u201c{a.label}\u201d)" if a.label and a.label != a.name else "")
                + ": "
                + self.action(a)
            )
        if not lines:
            return "No actions: every move is a card move."
        return "\n".join(lines)

    def action(self, a: Any) -> str:
        sp = self.speaker("state")
        count = self.tree("actions", a.name, "count")
        n = count.const if count is not None and count.is_const else (1 if count is None else None)
        nwords = number(n) if n is not None else sp.np(count)  # type: ignore[arg-type]
        src = self.piles_text((a.source,))
        if a.kind is ActionKind.DEAL:
            if len(a.targets) == 1:
                body = f"deal {nwords} card{'s' if n != 1 else ''} from {src} face up onto {self.piles_text(a.targets)}"
            else:
                per = "one card" if n == 1 else f"{nwords} cards"
                body = f"deal {per} from {src} face up onto each of {self.piles_text(a.targets)}, in order"
            body += " (fewer when fewer are left)" if n != 1 else ""
        elif a.kind is ActionKind.RECYCLE:
            face = "face up" if a.face_up else "face down"
            body = (
                f"when {self.piles_text(a.targets)} is empty, turn {src} over onto it, {face}, so that its cards "
                f"come again in the same order"
            )
        elif a.kind is ActionKind.REDEAL:
            body = f"gather the cards of {self.piles_text(a.gather)}"
            keep = self.tree("actions", a.name, "keep")
            if keep is not None:
                body += f" (a pile's cards stay where they are when {self.speaker('pile').cl(keep)})"
            body += ", shuffle them" if a.shuffle else " in order"
            body += f" and deal them back face up onto {self.piles_text(a.targets)}, {nwords} to a pile"
            skip = self.tree("actions", a.name, "skip")
            if skip is not None:
                body += f", passing over a pile when {self.speaker('pile').cl(skip)}"
        elif a.kind is ActionKind.COMPACT:
            body = (
                f"the piles of {self.piles_text(a.targets)} that hold cards slide up to close the gaps, and each "
                f"empty pile at the end gets the top card of {src}, face up"
            )
        else:
            body = str(a.kind)
        limit = self.tree("actions", a.name, "limit")
        if limit is not None:
            if limit.is_const and isinstance(limit.const, int):
                lim = limit.const
                if lim >= _UNLIMITED:
                    body += f"; any number of times (the limit is {lim:,})"
                elif lim <= 0:
                    body += "; never (its limit is 0)"
                else:
                    body += f"; at most {times(lim)} in a game"
                    if a.kind is ActionKind.RECYCLE:
                        draws = [b for b in self.v.actions if b.kind is ActionKind.DEAL and b.source == a.targets[0]]
                        if draws:
                            passes = plural(lim + 1, "pass", "passes")
                            body += f" (so at most {passes} through {self.piles_text(a.targets)})"
            else:
                body += f"; at most {sp.np(limit)} times in a game"
        else:
            body += "; any number of times"
        when = self.tree("actions", a.name, "when")
        if when is not None and simplify(when).is_const:
            if not simplify(when).const:
                return body.split("; ")[0] + "; never possible (its condition is always false)."
        elif when is not None:
            body += f"; only when {sp.cl(when)}"
        pts = self.tree("actions", a.name, "points")
        if pts is not None:
            body += f"; it scores {sp.np(pts)}"
        return body + "."

    def autos(self) -> str:
        lines = []
        for i, au in enumerate(self.v.autos):
            if au.kind is AutoKind.FLIP:
                where = self.piles_text(au.piles)
                where = where if len(au.piles) == 1 else "one of " + where
                when = self.tree("auto", i, "when")
                cond = f", and only when {self.speaker('pile', pile='the pile').cl(when)}" if when is not None else ""
                lines.append(f"- A face-down card on top of {where} turns face up as soon as the pile is free{cond}.")
            elif au.kind is AutoKind.REFILL:
                srcs = join([self.piles_text((p,)) for p in au.sources], "or else of")
                lines.append(
                    f"- An empty pile of {self.piles_text(au.piles)} is refilled at once, face up, with the top card "
                    f"of {srcs}."
                )
            elif au.kind is AutoKind.MOVE:
                when = self.tree("auto", i, "when")
                cond = f" and {self.speaker('move', dest='the destination').cl(when)}" if when is not None else ""
                lines.append(
                    f"- Whenever a legal move from {self.piles_text(au.piles)} to {self.piles_text(au.targets)} "
                    f"exists{cond}, it is played at once, by itself."
                )
        if not lines:
            return "None: every card moves by the player's hand."
        lines.append("Automatic moves belong to the move that caused them and are undone with it.")
        return "\n".join(lines)

    def win_and_score(self) -> str:
        lines = []
        sp = self.speaker("state")
        win = self.tree("win")
        if win is not None and simplify(win).is_const:
            always = bool(simplify(win).const)
            lines.append(
                "The game is won at once: the win rule always holds." if always else "The game can never be won."
            )
        elif win is not None:
            text = sp.cl(win)
            whole = _all_of_size(simplify(win), self.v)
            if whole:
                text += f" (all {self.v.deck.size} cards)"
            lines.append(sentence(f"The game is won when {text}"))
        lines.append("It is lost when it is not won and no move is left.")
        score = self.tree("score")
        events = []
        for name in self.v.groups:
            pts = self.tree("piles", name, "points")
            if pts is not None:
                psp = self.speaker("move", dest="the pile")
                events.append(f"each move onto {self.piles_text(self.lay.groups[name].piles)} scores {psp.np(pts)}")
        for a in self.v.actions:
            pts = self.tree("actions", a.name, "points")
            if pts is not None:
                events.append(f"each use of {a.name} scores {sp.np(pts)}")
        for rm in self.v.removals:
            pts = self.tree("removals", rm.name, "points")
            if pts is not None:
                rsp = self.speaker("remove")
                rsp.cards_count = rm.cards  # type: ignore[attr-defined]
                events.append(f"each removal \u201c{rm.name}\u201d scores {rsp.np(pts)}")
        s = simplify(score) if score is not None else None
        if s is not None and not (s.is_const and s.const == 0):
            lines.append(sentence(f"Score: {sp.np(s)}"))
        if events:
            lines.append(sentence("Points: " + "; ".join(events)))
        if (s is None or (s.is_const and s.const == 0)) and not events:
            lines.append("No score is kept.")
        return "\n".join(lines)


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
