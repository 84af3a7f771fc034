"""The expression tree: plain objects, no Lark types. Columns count from 1 inside the text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    col: int


@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class String(Node):
    value: str


@dataclass(frozen=True)
class Name(Node):
    id: str


@dataclass(frozen=True)
class Attr(Node):
    obj: Node
    name: str
    name_col: int


@dataclass(frozen=True)
class Method(Node):
    """obj.name(args): a method of a value (pile.at(drow, dcol))."""

    obj: Node
    name: str
    name_col: int
    args: tuple


@dataclass(frozen=True)
class Index(Node):
    obj: Node
    index: Node


@dataclass(frozen=True)
class Call(Node):
    func: str
    args: tuple


@dataclass(frozen=True)
class ListLit(Node):
    items: tuple


@dataclass(frozen=True)
class Unary(Node):
    op: str  # "-" or "not"
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str  # + - * / % ** == != < <= > >= in notin
    left: Node
    right: Node


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # "and" / "or"
    items: tuple


@dataclass(frozen=True)
class Cond(Node):
    then: Node
    test: Node
    other: Node


@dataclass(frozen=True)
class Quant(Node):
    kind: str  # all / any / count / sum
    names: tuple  # one name, or two for pairs
    coll: Node
    body: Node


def walk(node):
    """Every node of a tree, parents first."""
    yield node
    for value in vars(node).values():
        if isinstance(value, Node):
            yield from walk(value)
        elif isinstance(value, tuple):
            for v in value:
                if isinstance(v, Node):
                    yield from walk(v)
