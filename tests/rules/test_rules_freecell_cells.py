"""FreeCell's cells option (0 to 4, a group count of 0 from an option), from hand-made positions:
the cells there are take one card each; with none, runs move only through empty columns; the
default deal, numbering and pictures are those of four cells."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.formats import fcs, position, svg
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile


@pytest.mark.parametrize("cells", [0, 2])
def test_the_file_is_clean_with_few_cells(cells):
    assert check_file("variants/freecell.yaml", play=2, options={"cells": cells}) == []


def test_the_option_sets_the_number_of_cells():
    for n in range(5):
        assert rulesdsl.load("freecell", {"cells": n}).layout.groups["cell"].count == n
    assert rulesdsl.load("freecell").layout.groups["cell"].count == 4
    with pytest.raises(rulesdsl.RulesError):
        rulesdsl.load("freecell", {"cells": 5})


def test_with_no_cell_a_card_has_nowhere_to_wait_and_runs_move_through_empty_columns():
    text = (
        "tableau[0]: TS 9H 8C 7H; tableau[1]: TC; tableau[2]: 9D; tableau[3]: 2S; tableau[4]: 2H; "
        "tableau[5]: 3S; tableau[6]: 3H"
    )
    g = game("freecell", text, cells=0)
    assert not any("cell" in m for m in notations(g))
    assert "8C@tableau[0]>tableau[2]" in notations(g)  # two cards: (0 + 1) * 2 ** 1 (one empty column)
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[1]")  # three cards
    with pytest.raises(MoveError):
        g.play("c0>f0")


def test_two_cells_take_a_card_each_listed_once():
    g = game("freecell", "tableau[0]: 9S 8H; tableau[1]: KD; cell[0]: 2C", cells=2)
    assert {m for m in notations(g) if ">cell" in m} == {"8H@tableau[0]>cell[1]", "KD@tableau[1]>cell[1]"}
    g.play("8H@tableau[0]>cell[1]")
    assert not any(">cell" in m for m in notations(g))  # both cells full


def test_numbered_deals_and_saves_with_no_cell():
    four = rulesdsl.load("freecell").numbered_game(617)
    none = rulesdsl.load("freecell", {"cells": 0}).numbered_game(617)
    assert [pile(none, f"tableau[{i}]") for i in range(8)] == [pile(four, f"tableau[{i}]") for i in range(8)]
    v = none.variant
    again = rulesdsl.Game.from_position(v, position.to_text(v, none.state))
    assert again.state.key() == none.state.key()
    assert not any(line.startswith("Freecells:") for line in fcs.to_text(v, none.state).splitlines())
    assert fcs.to_text(four.variant, four.state).splitlines()[1] == "Freecells: - - - -"
    assert svg.position(none) != svg.position(four)
