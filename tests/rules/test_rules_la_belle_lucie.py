"""La Belle Lucie (variants/la_belle_lucie.yaml), after PySolFC's game: each rule from a hand-made position.

Rules: Fan's deal and moves, but an empty fan is never filled; two redeals, each gathering every
card left in the fans, shuffling them (seeded) and dealing them again three to a fan, the last
fan used taking the one or two left over.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "la_belle_lucie"
FANS = [f"tableau[{i}]" for i in range(18)]


def test_variant_file_is_clean():
    assert check_file("variants/la_belle_lucie.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f)) for f in FANS] == [3] * 17 + [1]
    assert "redeal" in notations(g) and g.score == 0 and not g.won


def test_moves_are_fans_rules_but_an_empty_fan_takes_nothing():
    g = game(V, "tableau[0]: 4S KD; tableau[1]: QH; tableau[2]: 2C 3D")
    assert notations(g) == {"redeal"}
    with pytest.raises(MoveError):
        g.play("KD@tableau[0]>tableau[3]")
    g = game(V, "tableau[0]: 9H 7S; tableau[1]: 8D; tableau[2]: 9C 8S")
    assert notations(g) == {"7S@tableau[0]>tableau[2]", "redeal"}


def test_redeal_gathers_every_fan_and_deals_threes():
    g = game(V, "foundation[0]: AS 2S; tableau[0]: 9H 7S 3S; tableau[4]: 8D; tableau[9]: 9C 8S 4H 5H; tableau[17]: KC")
    g.play("redeal")
    sizes = [len(pile(g, f)) for f in FANS]
    assert sizes == [3, 3, 3] + [0] * 15  # nine cards: three fans of three
    assert sorted(sum((pile(g, f) for f in FANS), [])) == sorted(["9H", "7S", "3S", "8D", "9C", "8S", "4H", "5H", "KC"])
    assert pile(g, "foundation[0]") == ["AS", "2S"]


def test_the_last_fan_takes_what_is_left():
    g = game(V, "tableau[5]: 9H 7S 3S 8D; tableau[6]: 9C")
    g.play("redeal")
    assert [len(pile(g, f)) for f in FANS[:3]] == [3, 2, 0]


def test_two_redeals_only_and_undo_restores_the_fans():
    g = game(V, "tableau[0]: 9H 7S 3S; tableau[1]: 8D 2C")
    before = [pile(g, f) for f in FANS]
    g.play("redeal")
    g.play("redeal")
    assert "redeal" not in notations(g)
    g.undo()
    g.undo()
    assert [pile(g, f) for f in FANS] == before and g.state.used == [0]


def test_the_shuffle_follows_the_seed():
    v = rulesdsl.load(V)
    a, b = v.new_game(9), v.new_game(9)
    a.play("redeal")
    b.play("redeal")
    assert a.state.piles == b.state.piles
    c = v.new_game(10)
    c.play("redeal")
    assert sorted(map(tuple, c.state.piles)) != sorted(map(tuple, a.state.piles))


def test_win_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full)
    assert g.won and g.score == 52
    assert not game(V, "foundation[0]: AS; tableau[0]: 2S").won
