"""The end of a game as one value (Game.outcome), won / over derived from it, Game.generate(),
and the frozen Variant."""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

import rulesdsl
from rulesdsl import Game, Outcome
from tests.helpers import game

PLAYOUTS = int(os.environ.get("RULESDSL_OUTCOME_PLAYOUTS", "1"))

# A little game whose win rule holds as soon as one card is on the foundation.
EARLY_WIN = """\
name: Early win
deck: {ranks: [A, 2, 3]}
piles:
  foundation: {accept_empty: "card.rank == A"}
  tableau: {count: 3, lift: top, accept_empty: "true"}
deal:
  - shuffle
  - {to: tableau, count: 4, up: 1}
win: "foundation[0].size >= 1"
"""


def test_a_won_game_is_over_even_when_moves_remain(tmp_path):
    path = tmp_path / "early.yaml"
    path.write_text(EARLY_WIN)
    g = Game.from_position(rulesdsl.load_path(path), "foundation[0]: AS; tableau[0]: 2H; tableau[1]: 3C")
    assert g.legal_moves()  # the 2H and 3C can still move to the empty column
    assert g.outcome is Outcome.WON and g.won and g.over


def test_a_game_with_no_legal_move_is_lost():
    g = game("klondike", "tableau[0]: 5H")
    assert not g.legal_moves()
    assert g.outcome is Outcome.LOST and g.over and not g.won


def test_a_stalled_game_is_not_over():
    g = game("klondike", "tableau[0]: KS; tableau[1]: 5H")  # a king shuttled between empty columns
    assert g.outcome is Outcome.STALLED and g.stalled()
    assert not g.over and not g.won
    assert g.outcome.value == "stalled"


def test_a_fresh_deal_is_ongoing():
    g = rulesdsl.load("klondike").new_game(1)
    assert g.outcome is Outcome.ONGOING and not g.over and not g.won
    assert [o.over for o in Outcome] == [False, True, True, False]


@pytest.mark.parametrize("name", rulesdsl.variant_names())
def test_won_and_over_agree_with_the_outcome_along_playouts(name):
    v = rulesdsl.load(name)
    rng = random.Random(name)
    for seed in range(1, PLAYOUTS + 1):
        g = v.new_game(seed)
        for _ in range(60):
            outcome = g.outcome
            assert g.won == (outcome is Outcome.WON)
            assert g.over == outcome.over
            assert (outcome is Outcome.LOST) == (not g.won and not g.legal_moves())
            assert (outcome is Outcome.STALLED) == (not g.won and bool(g.legal_moves()) and g.stalled())
            if outcome.over:
                break
            g.play(rng.choice(g.legal_moves()))


def test_generate_computes_the_moves_afresh():
    g = rulesdsl.load("klondike").new_game(3)
    cached = g.legal_moves()
    fresh = g.generate()
    assert fresh == cached and fresh is not cached and g.generate() is not fresh
    assert g.legal_moves() is cached  # generate() leaves the cache alone
    g.play(cached[0])
    assert g.generate() == g.legal_moves() != cached


def test_the_variant_is_frozen():
    v = rulesdsl.load("klondike")
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.name = "other"  # type: ignore[misc]
    for index in (v.options, v.groups, v.action_index, v.removal_index, v.removal_number):
        with pytest.raises(TypeError):
            index["x"] = 1  # type: ignore[index]
    assert v.action_index["draw"] == 0 and v.sources and v.dest_blocks
    assert rulesdsl.load("klondike") != v  # two loads are two variants (identity)
