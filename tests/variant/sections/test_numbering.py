"""The numbering: builder (variant/sections/numbering.py): numbered deals mapped onto the
piles, and what it says of a mapping that cannot hold; deal 1 checked against the variant's
own deal once the Variant stands."""

from __future__ import annotations

from rulesdsl.variant.sections.numbering import build_numbering
from tests.variant.sections.snippets import codes, file, prepared, section

# a FreeCell: eight columns, four cells, four foundations, all 52 cards dealt face up
FREECELL = """
piles:
  cell: {role: cell, count: 4, lift: top, accept_empty: "true", capacity: 1}
  foundation: {role: foundation, count: 4, accept_empty: "card.rank == A"}
  tableau: {role: tableau, count: 8, lift: top, accept_empty: "true"}
deal:
  - shuffle
  - {to: tableau, count: [7, 7, 7, 7, 6, 6, 6, 6]}
win: "count(f in foundation: f.size == 13) == 4"
"""


def numbering_of(body: str, deck: str = ""):
    b = prepared(file(FREECELL, section("numbering", body), deck))
    return build_numbering(b), b


def test_microsoft_deals_onto_the_piles():
    num, b = numbering_of("{scheme: ms, columns: tableau, cells: cell, foundations: foundation}")
    assert codes(b) == []
    assert (num.scheme, num.game, num.face_up) == ("ms", "freecell", False)
    assert num.columns == tuple(range(8, 16)) and num.cells == (0, 1, 2, 3) and num.foundations == (4, 5, 6, 7)
    assert num.talon == ()


def test_the_numbered_variant_loads_and_deal_1_fits():
    b = prepared(file(FREECELL, section("numbering", "{scheme: ms, columns: tableau, cells: cell}")))
    variant = b.build()
    assert variant is not None and codes(b) == [] and variant.numbering.columns == tuple(range(8, 16))


def test_scheme_and_game_that_do_not_go_together():
    assert codes(numbering_of("{scheme: pysol, columns: tableau}")[1]) == ["I901"]
    assert codes(numbering_of("{scheme: ms, game: golf, columns: tableau}")[1]) == ["I901"]
    num, b = numbering_of("{scheme: pysol, game: freecel, columns: tableau}")
    assert num is None and codes(b) == ["I902"] and "did you mean 'freecell'" in b.out[0].hint


def test_a_deck_that_is_not_standard_and_a_pile_named_twice():
    num, b = numbering_of("{scheme: ms, columns: tableau}", "deck: {decks: 2}\n")
    assert num is None and codes(b) == ["I903"]
    num, b = numbering_of('{scheme: ms, columns: tableau, cells: ["tableau[0]"]}')
    assert num is None and codes(b) == ["I904"] and "tableau[0]" in b.out[0].message


def test_deal_1_that_does_not_lie_as_the_own_deal():
    b = prepared(
        file(
            FREECELL.replace("[7, 7, 7, 7, 6, 6, 6, 6]", "[6, 6, 6, 6, 7, 7, 7, 7]"),
            section("numbering", "{scheme: ms, columns: tableau, cells: cell}"),
        )
    )
    assert b.build() is None and codes(b) == ["I906"]
