"""The deck: builder (variant/sections/deck.py): suits, ranks and copies, sizes worked out
from the options, and what it says of a deck that cannot be."""

from __future__ import annotations

from rulesdsl.variant.loader import Builder
from rulesdsl.variant.sections.deck import build_deck
from rulesdsl.variant.sections.options import build_options
from rulesdsl.variant.source import read_text
from tests.variant.sections.snippets import PILES, REST, codes, file, section


def deck_of(body: str, options: str = "", given=None):
    parts = [PILES, REST, section("deck", body)] + ([section("options", options)] if options else [])
    b = Builder(read_text(file(*parts), "t.yaml"), given, "t")
    b.structure()
    b.option_values, b.decls = build_options(b)
    return build_deck(b), b


def test_the_standard_deck_and_a_short_one():
    deck, b = deck_of("{}")
    assert codes(b) == [] and deck.size == 52 and deck.decks == 1 and not deck.wrap
    deck, b = deck_of("{ranks: [A, 7, 8, 9, 10, J, Q, K], decks: 2, wrap: true}")
    assert codes(b) == [] and deck.size == 64 and deck.decks == 2 and deck.wrap
    assert tuple(deck.ranks) == (1, 7, 8, 9, 10, 11, 12, 13)


def test_suits_of_its_own():
    deck, b = deck_of("""
      suits:
        - {name: stars, letter: S, color: gold}
        - {name: moons, letter: M, symbol: "m", color: silver}
    """)
    assert codes(b) == [] and [s.name for s in deck.suits] == ["stars", "moons"] and deck.size == 26
    assert deck.suits[1].symbol == "m" and deck.suits[0].symbol == "S"


def test_suits_and_ranks_that_clash():
    _, b = deck_of("suits: [{name: a, letter: X, color: red}, {name: b, letter: X, color: red}]")
    assert codes(b) == ["K201"]
    _, b = deck_of("suits: [{name: a, letter: K, color: red}]")
    assert codes(b) == ["K202"]
    deck, b = deck_of("ranks: [A, 2, A, Z]")
    assert codes(b) == ["K203", "K203"] and deck.size == 8


def test_copies_and_suits_from_the_options():
    options = "n: {values: [1, 2, 4], default: 2}"
    deck, b = deck_of('{decks: "n", suit_count: "5 - n"}', options)
    assert codes(b) == [] and deck.decks == 2 and len(deck.suits) == 3
    deck, b = deck_of('{decks: "n", suit_count: "n"}', options, {"n": 4})
    assert codes(b) == [] and deck.decks == 4 and len(deck.suits) == 4


def test_sizes_that_cannot_be():
    _, b = deck_of("{suit_count: 5}")
    assert codes(b) == ["P322"]
    deck, b = deck_of('{decks: "n - 3"}', "n: {values: [1, 2], default: 1}")
    assert deck is None and codes(b) == ["P323"]
    deck, b = deck_of('{decks: "count(t in tableau: t.empty)"}')
    assert deck is None and codes(b) and codes(b)[0].startswith("E")
