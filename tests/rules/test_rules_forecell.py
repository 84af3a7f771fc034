"""Rules tests for variants/forecell.yaml (PySolFC's "ForeCell"): FreeCell with the cells filled
by the deal, only kings in empty columns, and runs limited by the empty cells alone."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "forecell"


def test_variant_file_is_clean():
    assert check_file("variants/forecell.yaml", play=2) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_six_cards_a_column_and_the_cells_filled(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [6] * 8
    assert all(len(pile(g, f"cell[{i}]")) == 1 for i in range(4))
    assert g.state.card_count() == 52 and g.score == 0
    # row by row: the first 48 cards as FreeCell deals them, the last four into the cells
    fc = rulesdsl.load("freecell").new_game(seed)
    assert [pile(g, f"tableau[{i}]") for i in range(8)] == [pile(fc, f"tableau[{i}]")[:6] for i in range(8)]
    assert [pile(g, f"cell[{i}]")[0] for i in range(4)] == [pile(fc, f"tableau[{i}]")[6] for i in range(4)]


def test_only_a_king_fills_an_empty_column():
    g = game(
        V,
        "cell[0]: KH; cell[1]: 5D; tableau[0]: 9C 8H; tableau[1]: KS QD; tableau[2]: JC; "
        "tableau[3]: 4S; tableau[4]: 3H; tableau[5]: 6C; tableau[6]: 2D",
    )
    to_empty = {m for m in notations(g) if m.endswith(">tableau[7]")}
    assert to_empty == {"KH@cell[0]>tableau[7]", "KS@tableau[1]>tableau[7]"}
    for illegal in ("8H@tableau[0]>tableau[7]", "5D@cell[1]>tableau[7]", "QD@tableau[1]>tableau[7]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_columns_build_down_in_alternating_colours():
    g = game(
        V,
        "cell[0]: KS; cell[1]: KH; cell[2]: KD; cell[3]: KC; tableau[0]: 8H; tableau[1]: 7S; "
        "tableau[2]: 7D; tableau[3]: 9C; tableau[4]: 2S; tableau[5]: 2C; tableau[6]: 4S; tableau[7]: 4C",
    )
    assert notations(g) == {"7S@tableau[1]>tableau[0]", "8H@tableau[0]>tableau[3]"}


# tableau[0] holds the run QH JC TH 9C; each length has a destination: QH (4 cards) onto KS,
# JC (3) onto QD, TH (2) onto JS, 9C (1) onto TD
LENGTHS = {
    4: "QH@tableau[0]>tableau[1]",
    3: "JC@tableau[0]>tableau[2]",
    2: "TH@tableau[0]>tableau[3]",
    1: "9C@tableau[0]>tableau[4]",
}


@pytest.mark.parametrize(
    "free_cells, empty_columns, allowed",
    [
        (0, 0, 1),
        (1, 0, 2),
        (2, 0, 3),
        (3, 0, 4),
        (0, 1, 1),
        (1, 1, 2),
        (1, 2, 2),
        (2, 2, 3),
    ],
)
def test_run_limit_is_empty_cells_plus_one_empty_columns_do_not_count(free_cells, empty_columns, allowed):
    cells = "; ".join(f"cell[{i}]: {c}" for i, c in enumerate(["2S", "2C", "3S", "3C"]) if i >= free_cells)
    fill = "; ".join(f"tableau[{i}]: {c}" for i, c in {5: "AH", 6: "AS", 7: "AC"}.items() if i < 8 - empty_columns)
    g = game(
        V,
        "; ".join(
            x
            for x in (
                "tableau[0]: QH JC TH 9C; tableau[1]: KS; tableau[2]: QD; tableau[3]: JS; tableau[4]: TD",
                cells,
                fill,
            )
            if x
        ),
    )
    moves = {m for m in notations(g) if m.split(">")[0].endswith("@tableau[0]") and ">tableau" in m}
    assert moves == {m for n, m in LENGTHS.items() if n <= allowed}
    for n, m in LENGTHS.items():
        if n > allowed:
            with pytest.raises(MoveError):
                g.play(m)
