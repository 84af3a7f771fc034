"""Free Fan (variants/free_fan.yaml), after PySolFC's game: Fan with two free cells. Each rule from a
hand-made position.

Rules: eighteen fans face up (seventeen of three, one of one); two cells of one card each, from a
fan; a top card or a run down by suit moves onto the next rank up of its suit, a run at most one
card more than the empty cells; an empty fan takes only a king or a run from a king; foundations
up by suit from any ace, the top card may come back; won with 52 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import filled, foundations_but_one, moves_to

V = "free_fan"
FILL = "JH JD JC 9H 9D 9C 7H 7D 7C 5H 5D 5C 3H 3D 3C JS 4S".split()  # none builds on another


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 18, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/free_fan.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(18)] == [3] * 17 + [1]
    assert pile(g, "cell[0]") == pile(g, "cell[1]") == []


@pytest.mark.parametrize("cells, longest", [("", 3), ("cell[0]: 2H", 2), ("cell[0]: 2H; cell[1]: 2D", 1)])
def test_runs_in_suit_move_one_card_more_than_the_empty_cells(cells, longest):
    g = game(V, pos("; ".join(p for p in ("tableau[0]: 8S 7S 6S; tableau[1]: 9S; tableau[2]: 8C", cells) if p)))
    runs = {m for m in moves_to(notations(g), "tableau[1]") if "@tableau[0]" in m}
    assert runs == ({"8S@tableau[0]>tableau[1]"} if longest >= 3 else set())
    # the run 7S 6S onto the 8C? clubs: no; the two-card run goes nowhere else either
    assert not any(m.startswith("7S@") for m in notations(g))


def test_a_cell_takes_one_card_and_gives_it_back():
    g = game(V, pos("tableau[0]: 9S 8S; cell[1]: 4H"))
    assert moves_to(notations(g), "cell[0]") == {f"{c}@tableau[{i}]>cell[0]" for i, c in enumerate(["8S"] + FILL)}
    assert "4H@cell[1]>tableau[0]" not in notations(g)
    g.play("8S@tableau[0]>cell[0]")
    assert "8S@cell[0]>tableau[0]" in notations(g)


def test_an_empty_fan_takes_only_a_king_or_a_run_from_a_king():
    g = game(V, pos("tableau[0]: 2S KH QH; tableau[1]: QC", free=[17]))
    into = moves_to(notations(g), "tableau[17]")
    assert "KH@tableau[0]>tableau[17]" in into and "QH@tableau[0]>tableau[17]" not in into
    with pytest.raises(MoveError):
        g.play("QC@tableau[1]>tableau[17]")


def test_win_and_score():
    f, last = foundations_but_one("SHDC")
    g = game(V, f + f"; cell[0]: {last}")
    assert not g.won and g.score == 51
    g.play(f"{last}@cell[0]>foundation[3]")
    assert g.won and g.score == 52
