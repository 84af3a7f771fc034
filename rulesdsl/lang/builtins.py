"""The whitelisted functions of the expression language, with their signatures and docs.

This table is the only way an expression can call anything; docs/expressions.md is
checked against it by a test. Every function runs in time linear in its input. The
checker reads the signatures (and resolves a call to its Function once); the compiler
calls ``build`` to make the closure. Nothing here imports the checker or the compiler.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

from .types import PILE, Type, parse_type

Fn = Callable[[Any], Any]


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple  # accepted type(s) per parameter, alternatives joined by "|"
    result: str
    doc: str
    build: Callable  # (world, arg_fns, arg_types) -> fn; the arguments are checked already
    pure: bool = True  # may be folded when every argument is a constant (False: reads the position)

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.params)}) -> {self.result}"

    @cached_property
    def param_types(self) -> tuple[tuple[Type, ...], ...]:
        """The accepted types of each parameter, as type objects."""
        return tuple(tuple(parse_type(t) for t in p.split("|")) for p in self.params)

    @cached_property
    def result_type(self) -> Type:
        return parse_type(self.result)


def _len(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    return lambda e: None if (x := f(e)) is None else len(x)


def _cards(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    if types[0] == PILE:
        return lambda e: None if (p := f(e)) is None else tuple(e.st.piles[p])

    def cards(e: Any) -> tuple:
        piles = e.st.piles
        out = []
        for p in f(e) or ():
            if p is not None:
                out.extend(piles[p])
        return tuple(out)

    return cards


def _tops(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns

    def tops(e: Any) -> tuple:
        piles = e.st.piles
        return tuple(piles[p][-1] for p in (f(e) or ()) if p is not None and piles[p])

    return tops


def _succ(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    deck = w.deck
    return lambda e: None if (r := f(e)) is None else deck.successor(r)


def _pred(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    deck = w.deck
    return lambda e: None if (r := f(e)) is None else deck.predecessor(r)


def _minmax(pick: Callable) -> Callable:
    def build(w: Any, fns: list, types: list) -> Fn:
        f, g = fns
        return lambda e: None if (x := f(e)) is None or (y := g(e)) is None else pick(x, y)

    return build


def _abs(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    return lambda e: None if (x := f(e)) is None else abs(x)


def _used(w: Any, fns: list, types: list) -> Fn:
    (f,) = fns
    i = w.actions[f(None)]  # a constant action name: the checker made sure (E212)
    return lambda e: e.st.used[i]


def _pairs(w: Any, fns: list, types: list) -> Fn:  # only reached through a quantifier
    raise AssertionError("pairs is compiled by the quantifier")


FUNCTIONS = {
    f.name: f
    for f in (
        Function("len", ("list[any]",), "int", "number of items in a list (a run, a pile's cards, a group)", _len),
        Function(
            "cards",
            ("pile|list[pile]",),
            "list[card]",
            "every card of a pile, or of the piles of a group in order, bottom first",
            _cards,
            pure=False,
        ),
        Function(
            "tops",
            ("list[pile]",),
            "list[card]",
            "the top card of each non-empty pile of a group, in order (gaps skipped)",
            _tops,
            pure=False,
        ),
        Function(
            "succ",
            ("int",),
            "int",
            "the next rank up; after the highest, the lowest if the deck wraps, else none",
            _succ,
        ),
        Function(
            "pred",
            ("int",),
            "int",
            "the next rank down; before the lowest, the highest if the deck wraps, else none",
            _pred,
        ),
        Function("min", ("int", "int"), "int", "the smaller of two numbers", _minmax(min)),
        Function("max", ("int", "int"), "int", "the larger of two numbers", _minmax(max)),
        Function("abs", ("int",), "int", "the absolute value", _abs),
        Function("used", ("str",), "int", "how many times the named action has been used this game", _used, pure=False),
        Function(
            "pairs",
            ("list[any]",),
            "pairs",
            "consecutive pairs of a list, for quantifiers only: all(a, b in pairs(run): ...)",
            _pairs,
        ),
    )
}

QUANTIFIERS = {
    "all": "all(x in xs: condition): true when the condition holds for every item (true for none)",
    "any": "any(x in xs: condition): true when it holds for at least one item",
    "count": "count(x in xs: condition): how many items it holds for",
    "sum": "sum(x in xs: number): the total of a number over the items",
}
