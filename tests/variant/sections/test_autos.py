"""The auto: builder (variant/sections/autos.py): moves, flips and refills, and what it says
of one that could never happen."""

from __future__ import annotations

from rulesdsl.core.kinds import AutoKind
from rulesdsl.variant.sections.autos import build_autos
from rulesdsl.variant.sections.piles import build_pile_rules
from tests.variant.sections.snippets import PILES, REST, codes, file, prepared, section

MORE = """
  sealed: {role: other}
  reserve: {role: reserve, count: 2, lift: top}
"""


def autos_of(body: str):
    b = prepared(file(PILES + MORE, REST, section("auto", body)))
    build_pile_rules(b)
    return build_autos(b), b


def test_a_move_a_flip_and_a_refill():
    autos, b = autos_of("""
      - {move: tableau, to: foundation, when: "card.rank == A"}
      - {flip: tableau}
      - {refill: reserve, from: ["waste[0]", "stock[0]"]}
    """)
    assert codes(b) == []
    move, flip, refill = autos
    assert (move.kind, move.piles, move.targets) == (AutoKind.MOVE, (4, 5, 6), (2, 3))
    assert move.when is not None
    assert (flip.kind, flip.piles, flip.when) == (AutoKind.FLIP, (4, 5, 6), None)
    assert (refill.kind, refill.piles, refill.sources) == (AutoKind.REFILL, (8, 9), (1, 0))


def test_a_move_without_to_or_with_from():
    autos, b = autos_of("- {move: tableau}\n")
    assert autos == () and codes(b) == ["A610"]
    _, b = autos_of("- {move: tableau, from: [waste], to: foundation}\n")
    assert codes(b) == ["A611"]
    _, b = autos_of("- {flip: tableau, to: foundation}\n")
    assert codes(b) == ["A611"] and "a flip" in b.out[0].message


def test_a_move_from_a_pile_that_gives_nothing_or_to_one_that_takes_nothing():
    _, b = autos_of("- {move: stock, to: foundation}\n")
    assert codes(b) == ["A612"] and "'stock'" in b.out[0].message
    _, b = autos_of("- {move: tableau, to: sealed}\n")
    assert codes(b) == ["A613"] and "'sealed'" in b.out[0].message


def test_a_refill_without_from():
    autos, b = autos_of("- {refill: reserve}\n")
    assert autos == () and codes(b) == ["S102"]
