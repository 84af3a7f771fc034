"""Will o' the Wisp (PySolFC's game): Spiderette dealt as seven columns of three.

Rules: seven columns of three (two face down), 31 in the stock; Spiderette's building and
dealing (a card on each column, only when none is empty); finished suits leave by themselves.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "will_o_the_wisp"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    for i in range(7):
        assert [c.startswith("#") for c in pile(g, f"tableau[{i}]")] == [True, True, False]
    assert len(pile(g, "stock[0]")) == 31
    # tops JS 5S 7S 4S 2C AH 6D
    assert notations(g) == {
        "5S@tableau[1]>tableau[6]",
        "4S@tableau[3]>tableau[1]",
        "AH@tableau[5]>tableau[4]",
        "6D@tableau[6]>tableau[2]",
        "deal",
    }


def test_a_face_down_card_turns_up_and_runs_of_one_suit_move():
    g = game(
        V,
        "tableau[0]: #3C 6D 5D; tableau[1]: 7S; tableau[2]: 6C 5H; tableau[3]: KC; tableau[4]: KD; "
        "tableau[5]: KH; tableau[6]: KS",
    )
    assert notations(g) == {"6D@tableau[0]>tableau[1]"}  # the 6D 5D run on the 7S; 6C 5H is no run
    g.play("6D@tableau[0]>tableau[1]")
    assert pile(g, "tableau[0]") == ["3C"]


def test_the_win():
    home = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("SHDC"))
    g = game(V, home)
    assert g.won and g.score == 0  # the score counts suits taken off during play
