"""Spider (PySolFC's "Spider", "Spider (2 Suits)", "Spider (1 Suit)") and Black Widow, each rule
from a hand-made position; and the automatic move that takes a finished suit off the tableau.

Rules: ten columns (6, 5, 5, 6, 5, 5, 6, 5, 5, 6 cards, top face up), 50 in the stock; a card
goes on one a rank higher whatever the suit; runs move only in one suit (Black Widow: any
suits) going down; any card fills an empty column; 'deal' puts a card on every column, only
when none is empty; a face-down top card turns up; a K..A run of one suit leaves for the
first empty foundation at once, scoring 100, and undoes with the move that made it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulesdsl
from rulesdsl import MoveError
from rulesdsl.validation.validate import check_file
from tests.helpers import game, notations, pile

SUIT_RUN = " ".join(r + "S" for r in "KQJT98765432")  # K..2 of spades
FILLERS = ["AD", "AD", "AH", "AH", "AC", "AC", "2D", "2D"]  # aces take nothing; two copies each


def fill(columns) -> str:
    """Columns with a card each, so that no column is empty (the deck has two of each card)."""
    return "; ".join(f"tableau[{i}]: {c}" for i, c in zip(columns, FILLERS))


@pytest.mark.parametrize("name", ["spider", "black_widow"])
def test_variant_file_is_clean(name):
    assert check_file(f"variants/{name}.yaml", play=2) == []


@pytest.mark.parametrize("suits, letters, decks", [(1, {"C"}, 8), (2, {"C", "H"}, 4), (4, set("CHSD"), 2)])
def test_the_suits_option_makes_the_104_cards(suits, letters, decks):
    v = rulesdsl.load("spider", {"suits": suits})
    assert v.deck.size == 104 and v.deck.decks == decks
    assert {s.letter for s in v.deck.suits} == letters


def test_start_position():
    g = rulesdsl.load("spider").new_game(1)
    sizes = [len(pile(g, f"tableau[{i}]")) for i in range(10)]
    assert sizes == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]
    for i in range(10):
        col = pile(g, f"tableau[{i}]")
        assert all(c.startswith("#") for c in col[:-1]) and not col[-1].startswith("#")
    assert len(pile(g, "stock[0]")) == 50
    assert all(pile(g, f"foundation[{i}]") == [] for i in range(8))


def test_builds_down_whatever_the_suit_but_runs_move_in_one_suit():
    g = game("spider", "tableau[0]: 9H 8S 7S; tableau[1]: 9D; tableau[2]: 8C; tableau[3]: TC; " + fill(range(4, 10)))
    moves = notations(g)
    assert "7S@tableau[0]>tableau[2]" in moves  # 7S on 8C: suits do not matter
    assert "8S@tableau[0]>tableau[1]" in moves  # the spade run 8S 7S on 9D
    assert "9H@tableau[0]>tableau[3]" not in moves  # 9H 8S is not one suit: no run
    with pytest.raises(MoveError):
        g.play("9H@tableau[0]>tableau[3]")


def test_black_widow_moves_runs_of_any_suits():
    g = game("black_widow", "tableau[0]: 9H 8S 7D; tableau[3]: TC; " + fill((1, 2, 4, 5, 6, 7, 8, 9)))
    assert "9H@tableau[0]>tableau[3]" in notations(g)


def test_any_card_fills_an_empty_column_and_the_deal_needs_every_column_filled():
    g = game("spider", "tableau[0]: 5H 4H; stock[0]: #KD")
    assert {"4H@tableau[0]>tableau[1]", "5H@tableau[0]>tableau[1]"} <= notations(g)  # any card, any run
    assert "deal" not in notations(g)  # nine columns are empty
    full = "; ".join(f"tableau[{i}]: {r}S" for i, r in enumerate("A23456789T"))
    g = game("spider", full + "; stock[0]: " + " ".join("#" + c for c in "JD QD KD JH QH KH JC QC KC JS".split()))
    assert "deal" in notations(g)
    g.play("deal")
    assert [pile(g, f"tableau[{i}]")[-1] for i in range(10)] == "JS KC QC JC KH QH JH KD QD JD".split()
    assert pile(g, "stock[0]") == []


def test_a_finished_suit_leaves_by_itself_scores_and_undoes_with_its_move():
    g = game(
        "spider",
        f"tableau[0]: #4H {SUIT_RUN}; tableau[1]: #5C AS; foundation[0]: "
        + " ".join(r + "S" for r in "KQJT98765432A")
        + "; "
        + fill(range(2, 10)),
    )
    before = g.state.copy()
    assert g.score == 0
    g.play("AS@tableau[1]>tableau[0]")
    # the K..A of spades went to the first empty foundation at once; both 4H and 5C turned up
    assert pile(g, "foundation[1]") == [r + "S" for r in "KQJT98765432A"]
    assert pile(g, "tableau[0]") == ["4H"] and pile(g, "tableau[1]") == ["5C"]
    assert g.score == 100
    assert not any(">foundation" in m for m in notations(g))
    g.undo()
    assert g.state == before and g.score == 0
    assert pile(g, "tableau[0]")[-1] == "2S" and pile(g, "tableau[1]") == ["#5C", "AS"]
    g.redo()
    assert pile(g, "foundation[1]")[-1] == "AS" and g.score == 100


def test_a_run_of_mixed_suits_does_not_leave():
    run = " ".join(r + ("H" if r == "7" else "S") for r in "KQJT98765432")
    g = game("black_widow", f"tableau[0]: {run}; tableau[1]: AS; " + fill(range(2, 10)))
    g.play("AS@tableau[1]>tableau[0]")
    assert len(pile(g, "tableau[0]")) == 13 and all(pile(g, f"foundation[{i}]") == [] for i in range(8))


def test_black_widow_takes_a_finished_suit_off_a_longer_mixed_run():
    g = game("black_widow", f"tableau[0]: QC JH {SUIT_RUN}; tableau[1]: AS; " + fill(range(2, 10)))
    g.play("AS@tableau[1]>tableau[0]")
    assert pile(g, "tableau[0]") == ["QC", "JH"]
    assert pile(g, "foundation[0]")[0] == "KS" and g.score == 100


def test_won_when_eight_suits_are_home():
    suit = " ".join(r + "S" for r in "KQJT98765432A")  # written in spades, played in clubs
    homes = "; ".join(f"foundation[{i}]: {suit}" for i in range(7))
    g = game(
        "spider", homes.replace("S", "C") + "; tableau[0]: " + SUIT_RUN.replace("S", "C") + "; tableau[1]: AC", suits=1
    )
    assert not g.won
    g.play("AC@tableau[1]>tableau[0]")
    assert g.won and g.score == 100


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(1, 10**6), steps=st.integers(1, 60))
def test_random_games_undo_to_the_start(seed, steps):
    g = rulesdsl.load("spider", {"suits": 1}).new_game(seed)
    start = g.state.copy()
    rng = __import__("random").Random(seed)
    played = 0
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
        played += 1
        assert sum(len(p) for p in g.state.piles) == 104
    for _ in range(played):
        g.undo()
    assert g.state == start
