"""The checked tree: what the checker (checker.py) makes of a parsed expression, every node
typed and every name bound once.

It is its own module because four readers share it and none of them checks anything: the
compiler (closures), the generated engine (codegen.py's source), the rules in English
(describe.py) and the validator's abstract reading of the win. The checker re-exports
these names, so ``checker.Name`` and ``checked.Name`` are one class.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from .builtins import Function
from .types import Attribute, Type


class _NoConst:
    def __repr__(self) -> str:
        return "NOCONST"


NOCONST: Any = _NoConst()  # the const of a node that is not a constant


# -- what a name stands for ------------------------------------------------------------------


class Ref(Enum):
    SLOT = "slot"  # a slot of the evaluation context: run, card, source, dest, a, b, cards
    VAR = "var"  # a quantifier's variable, in Env.v[slot]
    CONSTANT = "constant"  # an option or a parameter
    GROUP = "group"  # a pile group: its piles
    RANK = "rank"  # A, J, Q, K, T
    SUIT = "suit"
    COLOR = "color"
    WORD = "word"  # true, false, none
    HISTORY = "history"  # points, last, streak: read off the position's history
    DEALT = "dealt"  # a value the deal fixed for the whole game: base_rank, in Env.st


class Binding(NamedTuple):
    kind: Ref
    name: str
    value: Any = None  # a constant's value (every kind but SLOT and VAR)
    slot: int = -1  # VAR: the index in Env.v


# -- the checked tree -------------------------------------------------------------------------
# One class per parsed node kind, with the same name; each node carries its type, its
# folded value (NOCONST when it is not a constant) and the checked children.


@dataclass(eq=False, slots=True)
class Expr:
    col: int
    type: Type
    const: Any

    @property
    def is_const(self) -> bool:
        return self.const is not NOCONST


@dataclass(eq=False, slots=True)
class Number(Expr):
    value: int


@dataclass(eq=False, slots=True)
class String(Expr):
    value: str


@dataclass(eq=False, slots=True)
class Name(Expr):
    id: str
    ref: Binding


@dataclass(eq=False, slots=True)
class Attr(Expr):
    obj: Expr
    attr: Attribute | None  # None when the object is none (then so is this, a constant)


@dataclass(eq=False, slots=True)
class Method(Expr):
    obj: Expr
    name: str  # "at"
    args: tuple


@dataclass(eq=False, slots=True)
class Index(Expr):
    obj: Expr
    index: Expr


@dataclass(eq=False, slots=True)
class Call(Expr):
    func: Function
    args: tuple


@dataclass(eq=False, slots=True)
class ListLit(Expr):
    items: tuple


@dataclass(eq=False, slots=True)
class Unary(Expr):
    op: str
    operand: Expr


@dataclass(eq=False, slots=True)
class Binary(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(eq=False, slots=True)
class BoolOp(Expr):
    op: str
    items: tuple


@dataclass(eq=False, slots=True)
class Cond(Expr):
    then: Expr
    test: Expr
    other: Expr


@dataclass(eq=False, slots=True)
class Quant(Expr):
    kind: str  # all / any / count / sum
    pairs: bool  # over consecutive pairs of coll: two variables
    names: tuple
    slots: tuple  # each variable's index in Env.v
    coll: Expr  # for pairs, the list inside pairs(...)
    body: Expr


@dataclass(frozen=True)
class Checked:
    """A checked expression: the tree and the kind of rule it was checked for."""

    tree: Expr
    role: str

    @property
    def type(self) -> Type:
        return self.tree.type

    @property
    def const(self) -> Any:
        return self.tree.const

    @property
    def is_const(self) -> bool:
        return self.tree.is_const


def group_of(e: Expr, w: Any) -> Any:
    """The pile group that the expression names (``tableau``), or None when it is no group name."""
    if isinstance(e, Name) and e.ref.kind is Ref.GROUP:
        return w.layout.groups[e.ref.name]
    return None
