"""Rules tests for variants/seahaven_towers.yaml (PySolFC's "Seahaven Towers"): ten columns of
five, four cells with the second and third filled by the deal, build down in suit, only kings
into empty columns, runs limited to the empty cells plus one."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "seahaven_towers"


def test_variant_file_is_clean():
    assert check_file("variants/seahaven_towers.yaml", play=2) == []


def test_piles():
    assert rulesdsl.load(V).layout.pile_names == (
        [f"cell[{i}]" for i in range(4)] + [f"foundation[{i}]" for i in range(4)] + [f"tableau[{i}]" for i in range(10)]
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_start_position_ten_columns_of_five_and_two_cells(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(10)] == [5] * 10
    assert [len(pile(g, f"cell[{i}]")) for i in range(4)] == [0, 1, 1, 0]
    assert g.state.card_count() == 52 and g.score == 0 and not g.won


def test_deal_is_row_by_row_then_the_two_middle_cells(tmp_path):
    (tmp_path / "unshuffled.yaml").write_text(
        "name: Unshuffled Seahaven\nextends: seahaven_towers\n"
        "deal:\n  - {to: tableau, count: 5}\n  - {to: cell, count: 1, skip: [0, 3]}\n",
        encoding="utf-8",
    )
    g = rulesdsl.load(str(tmp_path / "unshuffled.yaml")).new_game(1)
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    assert [pile(g, f"tableau[{i}]") for i in range(10)] == [deck[i:50:10] for i in range(10)]
    assert pile(g, "cell[1]") == ["QC"] and pile(g, "cell[2]") == ["KC"]


def test_columns_build_down_in_suit_and_only_kings_fill_an_empty_column():
    g = game(
        V,
        "cell[0]: KD; cell[1]: 5D; cell[2]: 4H; cell[3]: 7C; tableau[0]: 9C 8H; tableau[1]: KS QS; "
        "tableau[2]: 9H; tableau[3]: 9S; tableau[4]: 6D; tableau[5]: 2C; tableau[6]: 4S; "
        "tableau[7]: JD; tableau[8]: TC",
    )
    # KS QS is a run of two: with every cell full it cannot move to the empty column
    assert {m for m in notations(g) if ">tableau" in m} == {
        "KD@cell[0]>tableau[9]",
        "8H@tableau[0]>tableau[2]",
        "5D@cell[1]>tableau[4]",
    }
    for illegal in ("8H@tableau[0]>tableau[3]", "QS@tableau[1]>tableau[9]", "5D@cell[1]>tableau[9]"):
        with pytest.raises(MoveError):
            g.play(illegal)


@pytest.mark.parametrize("free_cells, allowed", [(0, 1), (1, 2), (2, 3), (3, 4)])
def test_run_limit_is_empty_cells_plus_one(free_cells, allowed):
    cells = "; ".join(f"cell[{i}]: {c}" for i, c in enumerate("2S 2C 3S 3C".split()) if i >= free_cells)
    g = game(
        V,
        "tableau[0]: QH JH TH 9H; tableau[1]: KH; tableau[2]: 8S 7S 6S; tableau[3]: 9S; "
        "tableau[4]: 5D 4D; tableau[5]: 6D; " + cells,
    )  # columns 6..9 empty
    lengths = {4: "QH@tableau[0]>tableau[1]", 3: "8S@tableau[2]>tableau[3]", 2: "5D@tableau[4]>tableau[5]"}
    sources = ("@tableau[0]", "@tableau[2]", "@tableau[4]")
    moves = {m for m in notations(g) if m.split(">")[0].endswith(sources) and ">tableau" in m}
    assert moves == {m for n, m in lengths.items() if n <= allowed}


def test_won_with_every_card_on_the_foundations():
    suits = [" ".join(r + s for r in "A23456789TJQK") for s in "SHDC"]
    g = game(
        V,
        "; ".join(f"foundation[{i}]: {suits[i]}" for i in range(3)) + f"; foundation[3]: {suits[3][:-3]}; "
        "tableau[9]: KC",
    )
    assert not g.won and g.score == 51
    g.play("KC@tableau[9]>foundation[3]")
    assert g.won and g.score == 52
