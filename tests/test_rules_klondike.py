"""Klondike: the draw option (1 or 3) and the passes option (unlimited, 1, 2, 3)."""
from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError, PositionError
from tests.helpers import game, notations, pile

STOCK = "stock[0]: #9C #5H #4H #3H"      # top first: 3H, 4H, 5H, 9C


def test_default_options():
    v = rulesdsl.load("klondike")
    assert v.options["draw"] == 1 and v.options["passes"] == "unlimited"


def test_draw_one():
    g = game("klondike", STOCK)
    g.play("draw")
    assert pile(g, "waste[0]") == ["3H"]
    assert pile(g, "stock[0]") == ["#9C", "#5H", "#4H"]


def test_draw_three():
    g = game("klondike", STOCK, draw=3)
    g.play("draw")
    assert pile(g, "waste[0]") == ["3H", "4H", "5H"]     # the last drawn on top
    assert pile(g, "stock[0]") == ["#9C"]
    g.play("draw")                                       # fewer when fewer remain
    assert pile(g, "waste[0]") == ["3H", "4H", "5H", "9C"]
    assert pile(g, "stock[0]") == []
    g.undo()
    assert pile(g, "stock[0]") == ["#9C"]


def test_draw_option_as_text():
    v = rulesdsl.load("klondike", {"draw": "3"})
    assert v.options["draw"] == 3
    with pytest.raises(rulesdsl.RulesError, match="O402"):
        rulesdsl.load("klondike", {"draw": 2})
    with pytest.raises(rulesdsl.RulesError, match="O401"):
        rulesdsl.load("klondike", {"level": "draw3"})


@pytest.mark.parametrize("draw", [1, 3])
def test_unlimited_passes(draw):
    g = game("klondike", "waste[0]: 9C 5H; used: recycle=500", draw=draw)
    assert notations(g) == {"recycle"}
    g.play("recycle")
    assert pile(g, "stock[0]") == ["#5H", "#9C"]        # 9C drawn first again
    assert notations(g) == {"draw"}


def test_one_pass_never_recycles():
    g = game("klondike", "waste[0]: 9C 5H", passes=1)
    assert notations(g) == set()
    with pytest.raises(MoveError):
        g.play("recycle")


@pytest.mark.parametrize("passes,recycles", [(2, 1), (3, 2)])
def test_limited_passes(passes, recycles):
    g = game("klondike", "stock[0]: #5H #9C", passes=passes, draw=3)
    for _ in range(recycles):
        g.play("draw")
        assert notations(g) == {"recycle"}
        g.play("recycle")
    g.play("draw")
    assert notations(g) == set()
    assert g.over and not g.won


def test_hearts_are_red_and_there_are_no_neggs():
    g = game("klondike", "tableau[0]: 8S; tableau[1]: 7H; tableau[2]: 7D; tableau[3]: 7C")
    assert notations(g) == {"7H@tableau[1]>tableau[0]", "7D@tableau[2]>tableau[0]"}
    with pytest.raises(PositionError):
        game("klondike", "tableau[0]: 8S; tableau[1]: 7N")


def test_deal():
    g = rulesdsl.load("klondike", {"draw": 3}).new_game(5)
    for i in range(7):
        assert len(pile(g, f"tableau[{i}]")) == i + 1
        assert g.state.down[g.variant.pile_index(f"tableau[{i}]")] == i
    assert len(pile(g, "stock[0]")) == 24


def test_foundation_top_card_may_come_back_to_a_column():
    g = game("klondike", "foundation[0]: AS 2S 3S; foundation[1]: AH; tableau[0]: 4H")
    assert notations(g) == {"3S@foundation[0]>tableau[0]"}
    g.play("3S@foundation[0]>tableau[0]")
    assert pile(g, "foundation[0]") == ["AS", "2S"] and pile(g, "tableau[0]") == ["4H", "3S"]
    # only the top card, and never from one foundation to another (an ace shuttling between them)
    g = game("klondike", "foundation[0]: AS; tableau[0]: 5H")
    assert notations(g) == set()
