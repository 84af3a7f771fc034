"""Double FreeCell (variants/double_freecell.yaml), after PySolFC's game: each rule from a hand-made
position.

Rules: two decks; an ace of each suit starts the four foundations (S H D C); ten columns of ten
face up; six cells of one card; foundations up by suit from ace to king and round again, 26 cards,
nothing leaves them; columns down in alternating colours, runs limited by (1 + empty cells) *
2 ^ (empty columns); an empty column takes anything; won with 104 cards on the foundations.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile
from tests.rules.catalogue import RANKS, filled, moves_to

V = "double_freecell"
FILL = "KH KD KH.1 KD.1 QH QD QH.1 QD.1 JH JD".split()  # all red: none builds on another
ACES = "foundation[0]: AS; foundation[1]: AH; foundation[2]: AD; foundation[3]: AC"


def pos(text: str, free=()) -> str:
    return filled(text, "tableau", 10, FILL, free)


def test_variant_file_is_clean():
    assert check_file("variants/double_freecell.yaml", play=1) == []


def test_start_position():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"foundation[{i}]") for i in range(4)] == [["AS"], ["AH"], ["AD"], ["AC"]]
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [10] * 10
    assert all(pile(g, f"cell[{i}]") == [] for i in range(6)) and g.score == 4


def test_a_foundation_goes_round_from_king_to_ace():
    text = "foundation[0]: " + " ".join(f"{r}S" for r in RANKS) + "; foundation[1]: AH; foundation[2]: AD"
    g = game(V, pos(text + "; foundation[3]: AC; tableau[0]: AS.1; tableau[1]: 2S.1; tableau[2]: 2H"))
    to_f = {m for m in notations(g) if ">foundation" in m}
    assert to_f == {"AS.1@tableau[0]>foundation[0]", "2H@tableau[2]>foundation[1]"}  # the second AS
    g.play("AS.1@tableau[0]>foundation[0]")
    assert pile(g, "foundation[0]")[-2:] == ["KS", "AS"] and len(pile(g, "foundation[0]")) == 14
    assert {m for m in notations(g) if ">foundation[0]" in m} == {"2S.1@tableau[1]>foundation[0]"}


def test_six_cells_and_the_run_limit():
    cells = "; ".join(f"cell[{i}]: {c}" for i, c in enumerate("2H 2D 3H 3D 4H".split()))
    g = game(V, pos(ACES + f"; {cells}; tableau[0]: 9C 8D 7S; tableau[1]: TH"))
    # one empty cell and no empty column: runs of two at most
    assert moves_to(notations(g), "tableau[1]") == set()
    assert "7S@tableau[0]>cell[5]" in notations(g)
    g = game(V, pos(ACES + "; cell[0]: 2H; tableau[0]: 9C 8D 7S; tableau[1]: TH"))
    assert moves_to(notations(g), "tableau[1]") == {"9C@tableau[0]>tableau[1]"}


def test_no_empty_foundation_and_nothing_leaves_one():
    g = game(V, pos(ACES + "; tableau[0]: AS.1; tableau[1]: 2D"))
    assert not any(m.startswith("AS@") and ">foundation" in m for m in notations(g))
    with pytest.raises(MoveError):
        g.play("AD@foundation[2]>tableau[1]")


def test_win_and_score():
    parts = []
    for i, s in enumerate("SHDC"):
        cards = [f"{r}{s}" for r in RANKS] + [f"{r}{s}.1" for r in RANKS]
        parts.append(f"foundation[{i}]: " + " ".join(cards[:-1] if i == 3 else cards))
    g = game(V, "; ".join(parts) + "; cell[0]: KC.1")
    assert not g.won and g.score == 103
    g.play("KC.1@cell[0]>foundation[3]")
    assert g.won and g.score == 104
