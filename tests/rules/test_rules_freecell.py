"""Rules tests for variants/freecell.yaml (PySolFC's "FreeCell", Microsoft FreeCell), each rule
from a hand-made position: cells, foundations, building, the run limit, empty columns, the deal,
the win and the score; plus a hand check of seed 1's perft fixture (tests/engine/test_perft.py)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "freecell"

KINGS_IN_CELLS = "cell[0]: KS; cell[1]: KH; cell[2]: KD; cell[3]: KC"


def from_pile(g, name) -> set:
    return {m for m in notations(g) if m.split(">")[0].endswith("@" + name)}


def test_variant_file_is_clean():
    assert check_file("variants/freecell.yaml", play=2) == []


def test_pile_names_other_tools_read():
    names = rulesdsl.load(V).layout.pile_names
    assert names == (
        [f"cell[{i}]" for i in range(4)] + [f"foundation[{i}]" for i in range(4)] + [f"tableau[{i}]" for i in range(8)]
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_position(seed):
    g = rulesdsl.load(V).new_game(seed)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(c.startswith("#") for i in range(8) for c in pile(g, f"tableau[{i}]"))
    assert all(pile(g, f"cell[{i}]") == [] and pile(g, f"foundation[{i}]") == [] for i in range(4))
    assert g.state.card_count() == 52 and not g.won and g.score == 0


def test_deal_is_row_by_row_the_first_eight_cards_one_to_each_column(tmp_path):
    # the same deal without the shuffle: card k of the deck (id order, S H D C) goes to column k % 8
    (tmp_path / "unshuffled.yaml").write_text(
        "name: Unshuffled FreeCell\nextends: freecell\ndeal:\n  - {to: tableau, count: [7, 7, 7, 7, 6, 6, 6, 6]}\n",
        encoding="utf-8",
    )
    g = rulesdsl.load(str(tmp_path / "unshuffled.yaml")).new_game(1)
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    for i in range(8):
        assert pile(g, f"tableau[{i}]") == deck[i::8]


def test_a_cell_takes_one_card_from_a_column():
    g = game(V, "tableau[0]: 9C 8H; tableau[1]: 5S; cell[1]: QD")
    # the cells are interchangeable: one move to "a cell", listed to the first empty one
    cells = {"8H@tableau[0]>cell[0]", "5S@tableau[1]>cell[0]"}
    assert cells <= notations(g)
    assert not any(">cell[2]" in m or ">cell[3]" in m for m in notations(g))
    g.play("8H@tableau[0]>cell[3]")  # typed to another empty cell: the card goes there
    assert pile(g, "cell[3]") == ["8H"] and pile(g, "cell[0]") == []
    g.undo()
    for illegal in (
        "8H@tableau[0]>cell[1]",  # a cell holds one card
        "9C@tableau[0]>cell[0]",  # two cards never go to a cell
        "QD@cell[1]>cell[0]",
    ):  # cell to cell is not offered
        with pytest.raises(MoveError):
            g.play(illegal)
    g.play("8H@tableau[0]>cell[3]")
    assert pile(g, "cell[3]") == ["8H"] and pile(g, "tableau[0]") == ["9C"]


def test_a_cell_card_goes_to_a_column_or_a_foundation():
    g = game(
        V,
        "cell[0]: 7D; cell[1]: 2S; foundation[0]: AS; tableau[0]: 8C; tableau[1]: 8H; "
        "tableau[2]: 3D; tableau[3]: QS; tableau[4]: QH; tableau[5]: QD; tableau[6]: QC; "
        "tableau[7]: JH",
    )
    assert from_pile(g, "cell[0]") == {"7D@cell[0]>tableau[0]"}
    assert from_pile(g, "cell[1]") == {"2S@cell[1]>foundation[0]", "2S@cell[1]>tableau[2]"}


def test_each_foundation_takes_one_suit_from_its_ace():
    g = game(V, "tableau[0]: AS; tableau[1]: AH; tableau[2]: AD; tableau[3]: AC; tableau[4]: 2S")
    to_f = {m for m in notations(g) if ">foundation" in m}
    assert to_f == {
        "AS@tableau[0]>foundation[0]",
        "AH@tableau[1]>foundation[1]",
        "AD@tableau[2]>foundation[2]",
        "AC@tableau[3]>foundation[3]",
    }
    with pytest.raises(MoveError):
        g.play("AH@tableau[1]>foundation[0]")
    g.play("AS@tableau[0]>foundation[0]")
    assert "2S@tableau[4]>foundation[0]" in notations(g)


def test_foundations_build_up_in_suit_one_card_at_a_time():
    g = game(
        V, "foundation[0]: AS 2S; foundation[1]: AH; tableau[0]: 3H; tableau[2]: 3C; tableau[3]: 3S 2D; tableau[4]: 2H"
    )
    to_f = {m for m in notations(g) if ">foundation" in m}
    assert to_f == {"2H@tableau[4]>foundation[1]"}
    for illegal in (
        "3H@tableau[0]>foundation[1]",
        "3C@tableau[2]>foundation[0]",
        "3S@tableau[3]>foundation[0]",
    ):  # the last: a run of two never goes there
        with pytest.raises(MoveError):
            g.play(illegal)


def test_nothing_leaves_a_foundation():
    g = game(V, "foundation[0]: AS 2S 3S; tableau[0]: 4H")
    assert not any("@foundation" in m for m in notations(g))
    with pytest.raises(MoveError):
        g.play("3S@foundation[0]>tableau[0]")


def test_columns_build_down_in_alternating_colours():
    g = game(
        V,
        f"{KINGS_IN_CELLS}; tableau[0]: 8H; tableau[1]: 7S; tableau[2]: 7C; tableau[3]: 7D; "
        "tableau[4]: 9H; tableau[5]: 6S; tableau[6]: 9C; tableau[7]: 2D",
    )
    assert notations(g) == {
        "7S@tableau[1]>tableau[0]",
        "7C@tableau[2]>tableau[0]",
        "8H@tableau[0]>tableau[6]",
        "6S@tableau[5]>tableau[3]",
    }
    for illegal in ("7D@tableau[3]>tableau[0]", "6S@tableau[5]>tableau[0]", "8H@tableau[0]>tableau[4]"):
        with pytest.raises(MoveError):
            g.play(illegal)


def test_an_empty_column_takes_any_card():
    g = game(
        V,
        f"{KINGS_IN_CELLS}; tableau[0]: 8H; tableau[1]: 3S; tableau[2]: QC; tableau[3]: 6D; "
        "tableau[4]: 2H; tableau[5]: 5S; tableau[6]: TC",
    )
    to_empty = {m for m in notations(g) if m.endswith(">tableau[7]")}
    tops = {0: "8H", 1: "3S", 2: "QC", 3: "6D", 4: "2H", 5: "5S", 6: "TC"}
    cells = {0: "KS", 1: "KH", 2: "KD", 3: "KC"}
    assert to_empty == (
        {f"{c}@tableau[{i}]>tableau[7]" for i, c in tops.items()}
        | {f"{c}@cell[{i}]>tableau[7]" for i, c in cells.items()}
    )


# The run limit: tableau[0] holds the run 9C 8H 7S 6D 5C; column 1 takes it whole (5 cards),
# column 2 from 7S (3), column 3 from 6D (2), column 4 the 5C alone.
RUN = "tableau[0]: 9C 8H 7S 6D 5C; tableau[1]: TD; tableau[2]: 8D; tableau[3]: 7C; tableau[4]: 6H"
FILL = {5: "2S", 6: "2C", 7: "4S"}
FITS = {1: "9C", 2: "7S", 3: "6D", 4: "5C"}


def run_game(free_cells: int, empty_columns: int):
    cells = "; ".join(f"cell[{i}]: K{s}" for i, s in enumerate("SHDC") if i >= free_cells)
    fill = "; ".join(f"tableau[{i}]: {c}" for i, c in FILL.items() if i < 8 - empty_columns)
    return game(V, "; ".join(x for x in (RUN, cells, fill) if x))


@pytest.mark.parametrize(
    "free_cells, empty_columns, limit, limit_to_empty",
    [
        (0, 0, 1, None),
        (1, 0, 2, None),
        (2, 0, 3, None),
        (4, 0, 5, None),
        (0, 1, 2, 1),
        (1, 1, 4, 2),
        (1, 2, 8, 4),
        (0, 2, 4, 2),
        (2, 1, 6, 3),
    ],
)
def test_run_limit_is_free_cells_plus_one_doubled_per_empty_column(free_cells, empty_columns, limit, limit_to_empty):
    g = run_game(free_cells, empty_columns)
    run = "9C 8H 7S 6D 5C".split()
    expected = {f"{card}@tableau[0]>tableau[{d}]" for d, card in FITS.items() if 5 - run.index(card) <= limit}
    empties = range(8 - empty_columns, 8)
    if limit_to_empty:
        expected |= {f"{c}@tableau[0]>tableau[{d}]" for d in empties for c in run[5 - limit_to_empty :]}
    expected |= {"5C@tableau[0]>cell[0]"} if free_cells else set()  # cells are interchangeable
    assert from_pile(g, "tableau[0]") == expected
    too_long = [c for d, c in FITS.items() if 5 - run.index(c) > limit]
    for card in too_long:
        d = next(d for d, c in FITS.items() if c == card)
        with pytest.raises(MoveError):
            g.play(f"{card}@tableau[0]>tableau[{d}]")


def test_run_limit_does_not_count_the_column_the_run_leaves():
    # the whole column 8H 7S 6D 5C moves onto 9C only with room for 4 cards: one empty
    # column and no free cell give 2, even though the source column will be empty
    g = game(
        V,
        f"{KINGS_IN_CELLS}; tableau[0]: 8H 7S 6D 5C; tableau[1]: 9C; tableau[2]: 2S; "
        "tableau[3]: 2C; tableau[4]: 3S; tableau[5]: 3C; tableau[6]: 4S",
    )
    assert from_pile(g, "tableau[0]") == {"5C@tableau[0]>tableau[7]"}
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[1]")
    g = game(
        V,
        "cell[0]: KS; cell[1]: KH; cell[2]: KD; tableau[0]: 8H 7S 6D 5C; tableau[1]: 9C; "
        "tableau[2]: 2S; tableau[3]: 2C; tableau[4]: 3S; tableau[5]: 3C; tableau[6]: 4S",
    )
    g.play("8H@tableau[0]>tableau[1]")
    assert pile(g, "tableau[1]") == ["9C", "8H", "7S", "6D", "5C"] and pile(g, "tableau[0]") == []


def test_only_a_run_in_alternating_colours_moves():
    g = game(V, "tableau[0]: 9C 8H 7D; tableau[1]: 9S; tableau[2]: 8S")
    assert "8H@tableau[0]>tableau[1]" not in notations(g)
    assert "7D@tableau[0]>tableau[2]" in notations(g)
    with pytest.raises(MoveError):
        g.play("8H@tableau[0]>tableau[1]")


def test_nothing_is_played_automatically():
    g = game(V, "tableau[0]: 2S AS; tableau[1]: 5H")
    g.play("AS@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["2S"] and pile(g, "foundation[0]") == ["AS"]


def test_won_when_every_card_is_on_the_foundations_and_score_counts_them():
    suits = {i: " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC")}
    base = "; ".join(f"foundation[{i}]: {suits[i]}" for i in range(3))
    g = game(V, f"{base}; foundation[3]: {suits[3][:-3]}; cell[2]: KC")
    assert not g.won and g.score == 51
    g.play("KC@cell[2]>foundation[3]")
    assert g.won and g.over and g.score == 52
    g.undo()
    assert not g.won and g.score == 51


def test_seed_1_depth_1_checked_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(8)] == ["3D", "2C", "9D", "7C", "4S", "2D", "8S", "TS"]
    # every top to the first cell (8: the cells are interchangeable); 3D on 4S, 2C on 3D, the
    # run 3H 2C on 4S, 9D on TS, 8S on 9D
    cells = {f"{pile(g, f'tableau[{i}]')[-1]}@tableau[{i}]>cell[0]" for i in range(8)}
    assert notations(g) == cells | {
        "3D@tableau[0]>tableau[4]",
        "2C@tableau[1]>tableau[0]",
        "3H@tableau[1]>tableau[4]",
        "9D@tableau[2]>tableau[7]",
        "8S@tableau[6]>tableau[2]",
    }
