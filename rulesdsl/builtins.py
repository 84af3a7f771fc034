"""The whitelisted functions of the expression language, with their signatures and docs.

This table is the only way an expression can call anything; docs/expressions.md is
checked against it by a test. Every function runs in time linear in its input.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .errors import CompileError


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple          # accepted type(s) per parameter, alternatives joined by "|"
    result: str
    doc: str
    build: Callable        # (compiler, arg_fns, arg_types, node) -> (fn, result type)
    pure: bool = True      # may be folded when every argument is a constant (False: reads the position)

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)}) -> {self.result}"


def _len(c, fns, types, node):
    f, = fns
    return (lambda e: None if (x := f(e)) is None else len(x)), "int"


def _cards(c, fns, types, node):
    f, = fns
    if types[0] == "pile":
        return (lambda e: None if (p := f(e)) is None else tuple(e.st.piles[p])), "list[card]"

    def cards(e):
        piles = e.st.piles
        out = []
        for p in f(e) or ():
            if p is not None:
                out.extend(piles[p])
        return tuple(out)
    return cards, "list[card]"


def _tops(c, fns, types, node):
    f, = fns

    def tops(e):
        piles = e.st.piles
        return tuple(piles[p][-1] for p in (f(e) or ()) if p is not None and piles[p])
    return tops, "list[card]"


def _succ(c, fns, types, node):
    f, = fns
    deck = c.w.deck
    return (lambda e: None if (r := f(e)) is None else deck.successor(r)), "int"


def _pred(c, fns, types, node):
    f, = fns
    deck = c.w.deck
    return (lambda e: None if (r := f(e)) is None else deck.predecessor(r)), "int"


def _minmax(pick):
    def build(c, fns, types, node):
        f, g = fns
        return (lambda e: None if (x := f(e)) is None or (y := g(e)) is None else pick(x, y)), "int"
    return build


def _abs(c, fns, types, node):
    f, = fns
    return (lambda e: None if (x := f(e)) is None else abs(x)), "int"


def _used(c, fns, types, node):
    f, = fns
    try:
        name = f(None)
    except Exception:
        name = None
    if name not in c.w.actions:
        raise CompileError("E212", f"used() needs the name of an action in quotes "
                           f"(one of: {', '.join(repr(a) for a in c.w.actions) or 'none declared'})",
                           node.args[0].col)
    i = c.w.actions[name]
    return (lambda e: e.st.used[i]), "int"


def _pairs(c, fns, types, node):   # only reached through a quantifier
    raise AssertionError("pairs is compiled by the quantifier")


FUNCTIONS = {f.name: f for f in (
    Function("len", ("list[any]",), "int", "number of items in a list (a run, a pile's cards, a group)", _len),
    Function("cards", ("pile|list[pile]",), "list[card]",
             "every card of a pile, or of the piles of a group in order, bottom first", _cards,
             pure=False),
    Function("tops", ("list[pile]",), "list[card]",
             "the top card of each non-empty pile of a group, in order (gaps skipped)", _tops,
             pure=False),
    Function("succ", ("int",), "int",
             "the next rank up; after the highest, the lowest if the deck wraps, else none", _succ),
    Function("pred", ("int",), "int",
             "the next rank down; before the lowest, the highest if the deck wraps, else none", _pred),
    Function("min", ("int", "int"), "int", "the smaller of two numbers", _minmax(min)),
    Function("max", ("int", "int"), "int", "the larger of two numbers", _minmax(max)),
    Function("abs", ("int",), "int", "the absolute value", _abs),
    Function("used", ("str",), "int", "how many times the named action has been used this game",
             _used, pure=False),
    Function("pairs", ("list[any]",), "pairs",
             "consecutive pairs of a list, for quantifiers only: all(a, b in pairs(run): ...)", _pairs),
)}

QUANTIFIERS = {
    "all": "all(x in xs: condition): true when the condition holds for every item (true for none)",
    "any": "any(x in xs: condition): true when it holds for at least one item",
    "count": "count(x in xs: condition): how many items it holds for",
    "sum": "sum(x in xs: number): the total of a number over the items",
}
