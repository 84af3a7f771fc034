"""Small hand-made variant files for the section builders' tests (variant/sections/): a
Builder prepared on one (structure, options, deck, piles, the world), so a test runs one
builder and reads what it built and what it reported."""

from __future__ import annotations

import textwrap

from rulesdsl.variant.loader import Builder
from rulesdsl.variant.sections.defines import build_defines
from rulesdsl.variant.sections.options import build_params
from rulesdsl.variant.source import read_text

# A small game: a stock, a waste, two foundations, three columns; every section is short.
PILES = """
piles:
  stock: {role: stock}
  waste: {role: waste, lift: top}
  foundation:
    count: 2
    role: foundation
    accept_empty: "card.rank == A"
    accept: "card.suit == dest.top.suit and card.rank == dest.top.rank + 1"
  tableau:
    count: 3
    role: tableau
    lift: run
    sequence: "b.rank == a.rank - 1"
    accept: "card.rank == dest.top.rank - 1"
"""
WIN = """
win: "count(f in foundation: f.size == 13) == 2"
"""
REST = (
    """
deal:
  - shuffle
  - {to: tableau, count: 1}
  - rest: stock[0]
"""
    + WIN
)


def file(*parts: str) -> str:
    """A variant file of a name and the parts given (each a YAML snippet of whole sections)."""
    return "name: T\n" + "".join(textwrap.dedent(p).strip("\n") + "\n" for p in parts)


def prepared(text: str, options: dict | None = None) -> Builder:
    """A Builder on the text, prepared (and its params and defines built, as the loader does
    before the other sections); it asserts there was something to build on."""
    b = Builder(read_text(text, "t.yaml"), options, "t")
    assert b.prepare(), [str(d) for d in b.out]
    build_params(b)
    build_defines(b)
    return b


def codes(b: Builder) -> list[str]:
    """The codes reported so far, in order."""
    return [d.code for d in b.out]


def where(b: Builder, code: str) -> tuple[int, int]:
    """(line, column) of the first diagnostic with that code."""
    d = next(d for d in b.out if d.code == code)
    return d.line, d.column


def section(name: str, body: str) -> str:
    """A section of the file: its key, and the body (any indentation) under it."""
    return f"{name}:\n" + textwrap.indent(textwrap.dedent(body).strip("\n"), "  ") + "\n"
