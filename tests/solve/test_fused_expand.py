"""The open games' expansion in one loop (solve/expand.py, Search.FUSED) is the same search
as children()'s calls per move and per new child: the same verdicts, positions and lines on
fixed deals of five families (with and without suit symmetry, whose key takes Keyer.child's
other path), random small games and hand-made positions searched to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from rulesdsl.solve import search as search_module
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
    monkeypatch.setattr(Search, "FUSED", False)
    off = run()
    monkeypatch.setattr(Search, "FUSED", True)
    return on, off


def test_the_open_games_take_the_fused_loop(monkeypatch):
    """Not a vacuous comparison: FreeCell's search runs the fused loop, Klondike's does not."""
    made = []
    real = search_module.fused_children
    monkeypatch.setattr(search_module, "fused_children", lambda s: made.append(s.variant.name) or real(s))
    for name, options in (("freecell", {}), ("klondike", {"draw": 1})):
        v, an = compiled_variant(name, options)
        solve(v, deal_state(v, 1), max_states=200, analysis=an)
    assert made and {"klondike"}.isdisjoint(made)


@pytest.mark.parametrize(
    "name,options,deals,symmetry",
    [
        ("freecell", {}, (1, 78, 617, 11982), False),
        ("beleaguered_castle", {}, (7, 26), False),
        ("alpha_star", {}, (1, 3, 5, 8), False),
        ("bakers_game", {}, (1, 2), False),
        ("bakers_game", {}, (1, 2), True),
        ("fan", {}, (1, 2), False),
    ],
)
def test_fused_and_called_expansions_give_the_same_search(monkeypatch, name, options, deals, symmetry):
    v, an = compiled_variant(name, options)
    for d in deals:
        on, off = _both(
            monkeypatch,
            lambda d=d: solve(v, deal_state(v, d), max_states=4000, analysis=an, symmetry=symmetry),
        )
        _same(on, off)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(*SMALL_GAMES)
def test_random_small_games_give_the_same_search_either_way(seed, name, loose, columns):
    text = small_deal(random.Random(seed), "SHDC", loose, columns)
    on = solve_game(game(name, text), max_states=3000)
    Search.FUSED = False
    try:
        off = solve_game(game(name, text), max_states=3000)
    finally:
        Search.FUSED = True
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
