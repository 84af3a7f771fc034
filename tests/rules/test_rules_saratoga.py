"""Saratoga (PySolFC's game): Klondike with the columns dealt face up, drawing three.

Rules: seven columns of 1 to 7 cards all face up, 24 in the stock face down; Klondike's building
(down in alternating colours, runs, kings into spaces); draw three, unlimited redeals.
"""

from __future__ import annotations

import rulesdsl
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "saratoga"


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_every_column_card_is_face_up_and_the_stock_face_down():
    g = rulesdsl.load(V).new_game(1)
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == list(range(1, 8))
    assert not any(c.startswith("#") for i in range(7) for c in pile(g, f"tableau[{i}]"))
    assert all(c.startswith("#") for c in pile(g, "stock[0]")) and len(pile(g, "stock[0]")) == 24
    assert notations(g) == {"7H@tableau[0]>tableau[6]", "draw"}  # tops 7H 6H 2H 2S KD JC 8C


def test_a_face_up_run_moves_from_the_middle_of_a_column():
    g = game(V, "tableau[0]: 4C 9D 8S 7H; tableau[1]: TC; tableau[2]: 9S; tableau[3]: QH")
    assert notations(g) == {"9D@tableau[0]>tableau[1]"}  # 9D 8S 7H onto the TC


def test_draw_three_and_redeal():
    g = game(V, "stock[0]: #9C #5H #4H #3H; used: recycle=99")
    g.play("draw")
    assert pile(g, "waste[0]") == ["3H", "4H", "5H"]
    g.play("draw")
    assert notations(g) == {"recycle"}


def test_won_and_score():
    full = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("SHDC"))
    g = game(V, full.replace(" KH", "") + "; tableau[3]: KH")
    assert g.score == 51
    g.play("KH@tableau[3]>foundation[1]")
    assert g.won and g.score == 52
