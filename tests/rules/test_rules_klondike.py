"""Klondike: the draw option (1 or 3) and the passes option (unlimited, 1, 2, 3)."""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError, PositionError
from tests.helpers import game, notations, pile

STOCK = "stock[0]: #9C #5H #4H #3H"  # top first: 3H, 4H, 5H, 9C


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
    assert pile(g, "waste[0]") == ["3H", "4H", "5H"]  # the last drawn on top
    assert pile(g, "stock[0]") == ["#9C"]
    g.play("draw")  # fewer when fewer remain
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
    assert pile(g, "stock[0]") == ["#5H", "#9C"]  # 9C drawn first again
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


# --- rules of the YAML's own rules text, each pinned by exact legal moves (mutation-tested) ----
RANKS = "A 2 3 4 5 6 7 8 9 T J Q K".split()


def test_piles():
    assert rulesdsl.load("klondike").layout.pile_names == (
        ["stock[0]", "waste[0]"] + [f"foundation[{i}]" for i in range(4)] + [f"tableau[{i}]" for i in range(7)]
    )


def test_deal_is_shuffled():
    v = rulesdsl.load("klondike")
    deals = {tuple(tuple(p) for p in v.new_game(s).state.piles) for s in (1, 2, 3)}
    assert len(deals) == 3


def test_columns_build_down_in_alternating_colours_runs_move_whole():
    g = game(
        "klondike",
        "tableau[0]: #KC 9D 8S 7H; tableau[1]: TC; tableau[2]: 6S 4D 3C; "
        "tableau[3]: 5S; tableau[4]: 8C 7C; tableau[5]: 9H; tableau[6]: 5H 6C",
    )
    # 6S-4D is not a run (rank gap), 8C-7C is not (same colour), 5H-6C is not (going up)
    assert notations(g) == {
        "4D@tableau[2]>tableau[3]",
        "6C@tableau[6]>tableau[0]",
        "8S@tableau[0]>tableau[5]",
        "9D@tableau[0]>tableau[1]",
        "9H@tableau[5]>tableau[1]",
    }
    g.play("9D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["KC"]  # turned up
    assert pile(g, "tableau[1]") == ["TC", "9D", "8S", "7H"]


def test_waste_top_aces_and_kings():
    g = game(
        "klondike",
        "foundation[0]: AH; tableau[0]: 5C 2H AS; waste[0]: 8D 9H; "
        "stock[0]: #4C; tableau[1]: KD; tableau[2]: 9D 8S 7H; tableau[3]: TC; "
        "tableau[4]: 9S; tableau[5]: 8H 7S 6C",
    )
    # only the waste's top card plays; an ace alone to "the foundations" (interchangeable:
    # one move, to the first empty one; the 2H-AS run never goes up onto AH); only a king
    # fills the empty column
    assert notations(g) == {
        "6C@tableau[5]>tableau[2]",
        "9D@tableau[2]>tableau[3]",
        "9H@waste[0]>tableau[3]",
        "AS@tableau[0]>foundation[1]",
        "KD@tableau[1]>tableau[6]",
        "draw",
    }
    g.play("AS@tableau[0]>foundation[2]")
    assert pile(g, "foundation[2]") == ["AS"] and pile(g, "tableau[0]") == ["5C", "2H"]
    g = game("klondike", "tableau[0]: QD")
    assert notations(g) == set()


def test_foundation_builds_up_in_suit():
    g = game("klondike", "foundation[0]: AH 2H; tableau[0]: 4S 3H; tableau[1]: 3D; tableau[2]: 4H")
    assert notations(g) == {"3H@tableau[0]>foundation[0]"}
    g.play("3H@tableau[0]>foundation[0]")
    assert pile(g, "foundation[0]") == ["AH", "2H", "3H"] and pile(g, "tableau[0]") == ["4S"]


def test_won_only_when_all_four_foundations_are_full():
    full = {s: " ".join(r + s for r in RANKS) for s in "SHDC"}
    g = game("klondike", "; ".join(f"foundation[{i}]: {full[s]}" for i, s in enumerate("SHDC")))
    assert g.won
    g = game("klondike", f"foundation[0]: {full['S']}; tableau[0]: KH")
    assert not g.won
    no_kings = "; ".join(f"foundation[{i}]: {full[s][:-3]}" for i, s in enumerate("SHDC"))
    g = game("klondike", no_kings + "; tableau[0]: KS; tableau[1]: KH; tableau[2]: KD; tableau[3]: KC")
    assert not g.won


def test_only_the_foundation_top_card_comes_back():
    # 2S-3S would fit on the 3H were a foundation's cards liftable as a run
    g = game("klondike", "foundation[0]: AS 2S 3S; tableau[0]: 4H; tableau[1]: 3H")
    assert notations(g) == {"3S@foundation[0]>tableau[0]"}
    with pytest.raises(MoveError):
        g.play("2S@foundation[0]>tableau[1]")


# Vegas scoring (PySolFC's "Vegas Klondike" scoring, an option) --------------------------------------
def test_vegas_scoring_is_five_per_foundation_card_less_52():
    g = game("klondike", "foundation[0]: AS 2S; tableau[0]: 3S; tableau[1]: 4H", scoring="vegas")
    assert g.score == 5 * 2 - 52
    g.play("3S@tableau[0]>foundation[0]")
    assert g.score == 5 * 3 - 52
    g.play("3S@foundation[0]>tableau[1]")  # a card taken back down no longer counts
    assert g.score == 5 * 2 - 52
    g.undo()
    g.undo()
    assert g.score == -42


def test_vegas_start_and_won_scores():
    assert rulesdsl.load("klondike", {"scoring": "vegas"}).new_game(1).score == -52
    full = "; ".join(f"foundation[{i}]: " + " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game("klondike", full, scoring="vegas")
    assert g.won and g.score == 5 * 52 - 52


def test_standard_scoring_stays_zero():
    g = game("klondike", "foundation[0]: AS 2S; tableau[0]: 3S")
    g.play("3S@tableau[0]>foundation[0]")
    assert g.score == 0
    assert rulesdsl.load("klondike").options["scoring"] == "none"
