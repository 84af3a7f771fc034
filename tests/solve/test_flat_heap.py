"""The waiting positions' heap with flat entries (search.Search.FLAT_HEAP: the order's fields,
-tick and the node in one tuple) pops the same nodes in the same order as with nested ones
((order, -tick, node)), so the search is the same: same verdicts, positions and lines, on
fixed deals of several families, random small games and hand-made positions searched to
the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from rulesdsl.solve.deals import compiled_variant, deal_state
from rulesdsl.solve.search import Search
from rulesdsl.solve.solver import solve, solve_game
from tests.helpers import game
from tests.solve.test_jumps import SMALL_GAMES
from tests.solve.test_prunings import small_deal


def _same(a, b):
    assert (a.verdict, a.states, a.moves) == (b.verdict, b.states, b.moves)


def _both(monkeypatch, run):
    on = run()
    monkeypatch.setattr(Search, "FLAT_HEAP", False)
    off = run()
    monkeypatch.setattr(Search, "FLAT_HEAP", True)
    return on, off


@pytest.mark.parametrize(
    "name,options,deals",
    [
        ("freecell", {}, (1, 617, 11982)),
        ("beleaguered_castle", {}, (7, 26)),
        ("klondike", {"draw": 1}, (1, 2)),
        ("fortress", {}, (1,)),
        ("black_hole", {}, (3,)),
    ],
)
def test_flat_and_nested_entries_give_the_same_search(monkeypatch, name, options, deals):
    v, an = compiled_variant(name, options)
    for d in deals:
        on, off = _both(monkeypatch, lambda d=d: solve(v, deal_state(v, d), max_states=5000, analysis=an))
        _same(on, off)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(*SMALL_GAMES)
def test_random_small_games_give_the_same_search_with_either_heap(seed, name, loose, columns):
    text = small_deal(random.Random(seed), "SHDC", loose, columns)
    on = solve_game(game(name, text), max_states=3000)
    Search.FLAT_HEAP = False
    try:
        off = solve_game(game(name, text), max_states=3000)
    finally:
        Search.FLAT_HEAP = True
    _same(on, off)


@pytest.mark.parametrize(
    "name,text",
    [
        ("freecell", "cell[0]: 9S; tableau[0]: AS KH QS; tableau[1]: AH KS 5D"),
        ("beleaguered_castle", "tableau[0]: AS 3S 5S; tableau[1]: 2S 4S; tableau[2]: 6S"),
    ],
)
def test_hand_made_positions_searched_to_the_end_agree(monkeypatch, name, text):
    on, off = _both(monkeypatch, lambda: solve_game(game(name, text), max_states=200_000))
    assert on.verdict == "unwinnable" and on.states > 20  # searched to the end
    _same(on, off)
