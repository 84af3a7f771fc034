"""Rules tests for variants/eight_off.yaml (PySolFC's "Eight Off"): eight columns of six, eight
cells with four filled by the deal, build down in suit, only kings into empty columns, runs
limited to the empty cells plus one."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "eight_off"


def test_variant_file_is_clean():
    assert check_file("variants/eight_off.yaml", play=2) == []


def test_piles():
    assert rulesdsl.load(V).layout.pile_names == (
        [f"cell[{i}]" for i in range(8)] + [f"foundation[{i}]" for i in range(4)] + [f"tableau[{i}]" for i in range(8)]
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_six_a_column_and_four_alternate_cells(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [6] * 8
    assert [len(pile(g, f"cell[{i}]")) for i in range(8)] == [1, 0, 1, 0, 1, 0, 1, 0]
    fc = rulesdsl.load("freecell").new_game(seed)  # the same row-by-row deal of the same shuffle
    assert [pile(g, f"cell[{i}]")[0] for i in (0, 2, 4, 6)] == [pile(fc, f"tableau[{i}]")[6] for i in range(4)]
    assert g.state.card_count() == 52 and g.score == 0


def test_columns_build_down_in_suit():
    g = game(
        V,
        "tableau[0]: 8H; tableau[1]: 7H; tableau[2]: 7S; tableau[3]: 9H; tableau[4]: 9C; "
        "tableau[5]: 2S; tableau[6]: 2C; tableau[7]: 2D; "
        + "; ".join(f"cell[{i}]: {c}" for i, c in enumerate("KS KH KD KC QS QH QD QC".split())),
    )
    assert notations(g) == {"7H@tableau[1]>tableau[0]", "8H@tableau[0]>tableau[3]"}
    with pytest.raises(MoveError):
        g.play("7S@tableau[2]>tableau[0]")


def test_only_a_king_fills_an_empty_column():
    g = game(V, "cell[0]: KH; cell[1]: 5D; tableau[0]: 9C 8H; tableau[1]: KS QS; tableau[2]: JC")
    to_empty = {m for m in notations(g) if m.endswith(">tableau[7]")}
    assert to_empty == {"KH@cell[0]>tableau[7]", "KS@tableau[1]>tableau[7]"}
    with pytest.raises(MoveError):
        g.play("QS@tableau[1]>tableau[7]")


def test_eight_cells_each_take_one_card_not_from_another_cell():
    g = game(V, "cell[0]: 2D; tableau[0]: 9C 8H")
    # the cells are interchangeable: one move, to the first empty cell
    assert {m for m in notations(g) if ">cell" in m} == {"8H@tableau[0]>cell[1]"}


# three runs of one suit, each with a destination: QH JH TH 9H (4 cards) onto KH, 8S 7S 6S (3)
# onto 9S, 5D 4D (2) onto 6D
RUNS = (
    "tableau[0]: QH JH TH 9H; tableau[1]: KH; tableau[2]: 8S 7S 6S; tableau[3]: 9S; tableau[4]: 5D 4D; tableau[5]: 6D"
)
LENGTHS = {4: "QH@tableau[0]>tableau[1]", 3: "8S@tableau[2]>tableau[3]", 2: "5D@tableau[4]>tableau[5]"}


@pytest.mark.parametrize(
    "free_cells, empty_columns, allowed",
    [
        (0, 0, 1),
        (1, 0, 2),
        (2, 0, 3),
        (3, 0, 4),
        (8, 0, 9),
        (0, 2, 1),
        (1, 2, 2),
        (2, 2, 3),
    ],
)
def test_run_limit_is_empty_cells_plus_one(free_cells, empty_columns, allowed):
    others = "2S 2C 3S 3C 4S 4C 5S 5C".split()
    cells = "; ".join(f"cell[{i}]: {c}" for i, c in enumerate(others) if i >= free_cells)
    fill = "; ".join(f"tableau[{i}]: {c}" for i, c in {6: "AS", 7: "AC"}.items() if i < 8 - empty_columns)
    g = game(V, "; ".join(x for x in (RUNS, cells, fill) if x))
    sources = ("@tableau[0]", "@tableau[2]", "@tableau[4]")
    moves = {m for m in notations(g) if m.split(">")[0].endswith(sources) and ">tableau" in m}
    assert moves == {m for n, m in LENGTHS.items() if n <= allowed}
    for n, m in LENGTHS.items():
        if n > allowed:
            with pytest.raises(MoveError):
                g.play(m)


def test_won_with_every_card_on_the_foundations():
    suits = [" ".join(r + s for r in "A23456789TJQK") for s in "SHDC"]
    g = game(
        V,
        "; ".join(f"foundation[{i}]: {suits[i]}" for i in range(3)) + f"; foundation[3]: {suits[3][:-3]}; cell[7]: KC",
    )
    assert not g.won and g.score == 51
    g.play("KC@cell[7]>foundation[3]")
    assert g.won and g.score == 52
