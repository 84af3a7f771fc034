"""Spiderette (PySolFC's game, Solvitaire's preset): one-deck Spider in seven columns.

Rules: seven columns of 1 to 7 cards, top face up, 24 in the stock; a card on one a rank higher
whatever the suit; only one-suit runs move together; any card fills a space; 'deal' puts a card
on each column, only when none is empty; a finished K..A suit leaves at once, scoring 100.
"""

from __future__ import annotations

import pytest

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

V = "spiderette"
RUN = " ".join(r + "S" for r in "KQJT98765432")  # K..2 of spades


def test_variant_file_is_clean():
    assert check_file(f"variants/{V}.yaml", play=1) == []


def test_deal_and_seed_1_by_hand():
    g = rulesdsl.load(V).new_game(1)
    assert g.state.card_count() == 52 and len(pile(g, "stock[0]")) == 24
    assert [len(pile(g, f"tableau[{i}]")) for i in range(7)] == list(range(1, 8))
    # tops 7H 6H 2H 2C KS JD 8D: 7H on 8D, 6H on 7H, and the deal
    assert notations(g) == {"7H@tableau[0]>tableau[6]", "6H@tableau[1]>tableau[0]", "deal"}


def test_any_suit_builds_one_suit_runs_move_any_card_fills_a_space():
    g = game(V, "tableau[0]: 9H 8S 7S; tableau[1]: 9D; tableau[2]: 8C; tableau[3]: KC; tableau[4]: KD; tableau[5]: KH")
    assert notations(g) == {
        "7S@tableau[0]>tableau[2]",
        "8S@tableau[0]>tableau[1]",
        "8C@tableau[2]>tableau[1]",
    } | {
        f"{c}@tableau[{i}]>tableau[6]"
        for i, c in [(0, "8S"), (0, "7S"), (1, "9D"), (2, "8C"), (3, "KC"), (4, "KD"), (5, "KH")]
    }
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[6]")  # 9H 8S is no run


def test_deal_needs_every_column_filled_and_the_last_deal_is_short():
    g = game(V, "tableau[0]: 5H; stock[0]: #KD")
    assert "deal" not in notations(g)
    cols = "; ".join(f"tableau[{i}]: {r}C" for i, r in enumerate("A23456"))
    g = game(V, cols + "; tableau[6]: 7D; stock[0]: #QD #JD #TD")
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(4)] == ["TD", "JD", "QD", "4C"]
    assert pile(g, "stock[0]") == [] and "deal" not in notations(g)


def test_a_finished_suit_leaves_scores_and_the_win():
    home = "; ".join(f"foundation[{i}]: " + " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("HDC"))
    g = game(V, f"{home}; tableau[0]: {RUN}; tableau[1]: AS")
    g.play("AS@tableau[1]>tableau[0]")
    assert pile(g, "foundation[3]")[0] == "KS" and g.won and g.score == 100
    g.undo()
    assert pile(g, "tableau[1]") == ["AS"] and g.score == 0
