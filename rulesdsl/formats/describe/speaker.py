"""The English of one checked tree: ``Speaker`` renders any expression of a rule as a noun
phrase or a clause, with phrasing of its own for the common patterns (a card one rank lower
than the top card, every pile of a group, a quantifier over the run)."""

from __future__ import annotations

from typing import Any

from ...lang import checker as ck
from ...lang.types import BOOL, CARD, COLOR, INT, PILE, SUIT
from .sequence import sequence_phrase
from .trees import _group, _index_ge_dest, _is_attr, _is_slot, _offset, _rank_of, simplify
from .words import (
    _COMPARE,
    _ORDINALS,
    _bare,
    _of,
    _one_of,
    _plural_of,
    _pluralise,
    _verb_phrases,
    a_rank,
    join,
    number,
    plural,
    rank_word,
)

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
                "suit_index": f"the number of the suit of {o} (from 0)",
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
                    return f"there is {'a ' if negated else 'no '}{_bare(self.np(x))}"
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
