"""Eagle Wing: a face-down trunk refills the wings, its last card turns up; a dealt base card on
its own suit's foundation; each rule from a hand-made position.

Rules: a trunk of 13 face down; eight wings of one; one card to its suit's foundation fixes
the base rank; foundations up by suit from it, turning the corner; a wing's top card onto the
same suit one rank higher (K on A), at most three cards a wing; an empty wing is filled from
the trunk at once, and takes any card once the trunk is empty; the trunk's last card turns
up; draw one, two redeals.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

WINGS = "tableau[1]: 2C; tableau[2]: 3C; tableau[3]: 4C; tableau[4]: 5C; tableau[5]: 6C; tableau[6]: 7C; tableau[7]: 8C"


def test_variant_file_is_clean():
    assert check_file("variants/eagle_wing.yaml", play=3) == []


def test_start_position():
    g = rulesdsl.load("eagle_wing").new_game(2)
    assert [c.startswith("#") for c in pile(g, "reserve[0]")] == [True] * 13
    assert [len(pile(g, f"tableau[{i}]")) for i in range(8)] == [1] * 8
    assert sum(len(pile(g, f"foundation[{i}]")) for i in range(4)) == 1
    assert len(pile(g, "stock[0]")) == 30 and g.score == 1


def test_wings_build_down_in_suit_turning_the_corner_at_most_three():
    g = game(
        "eagle_wing",
        "foundation[0]: 5S; tableau[0]: KH; tableau[1]: AH; tableau[2]: 9D 8D 7D; "
        "tableau[3]: 6D; tableau[4]: QH; tableau[5]: 8H; tableau[6]: 2S; tableau[7]: 3S; base_rank: 5",
    )
    moves = notations(g)
    assert "KH@tableau[0]>tableau[1]" in moves  # a king on an ace of its suit
    assert "6D@tableau[3]>tableau[2]" not in moves  # that wing holds three already
    with pytest.raises(MoveError):
        g.play("QH@tableau[4]>tableau[1]")


def test_an_empty_wing_is_filled_from_the_trunk_and_its_last_card_turns_up():
    g = game("eagle_wing", f"foundation[0]: 5S; reserve[0]: #9D #JH; tableau[0]: 6S; {WINGS}; base_rank: 5")
    g.play("6S@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == ["JH"] and pile(g, "reserve[0]") == ["9D"]  # the last one turned up
    assert "9D@reserve[0]>tableau[7]" not in notations(g)
    g.undo()
    assert pile(g, "reserve[0]") == ["#9D", "#JH"] and pile(g, "tableau[0]") == ["6S"]


def test_once_the_trunk_is_empty_an_empty_wing_takes_any_card():
    g = game("eagle_wing", f"foundation[0]: 5S; tableau[0]: 6S; waste[0]: QD; {WINGS}; stock[0]: #2H; base_rank: 5")
    g.play("6S@tableau[0]>foundation[0]")
    assert pile(g, "tableau[0]") == [] and "QD@waste[0]>tableau[0]" in notations(g)


def test_two_redeals_and_the_win():
    g = game("eagle_wing", f"foundation[0]: 5S; waste[0]: QD; {WINGS}; base_rank: 5")
    g.play("recycle")
    g.play("draw")
    g.play("recycle")
    g.play("draw")
    assert "recycle" not in notations(g)
    full = [
        f"foundation[{i}]: " + " ".join(r + s for r in "5 6 7 8 9 T J Q K A 2 3 4".split())
        for i, s in enumerate("SHDC")
    ]
    g2 = game("eagle_wing", "; ".join(full[:3] + [full[3].rsplit(" ", 1)[0], "reserve[0]: 4C"]))
    g2.play("4C@reserve[0]>foundation[3]")
    assert g2.won and g2.score == 52
