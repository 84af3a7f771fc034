"""Maze: every numbered position of shared/rules/maze.md, a playout, and a hand check of
its perft fixture (tests/engine/test_perft.py).

Places 0..53 are place[0]..place[53], six rows of nine read as one ring. Hand-made
positions are sparse: every place not listed is a gap.
"""

from __future__ import annotations

import random

import pytest

import rulesdsl
from rulesdsl import MoveError
from tests.helpers import game, notations, pile

RANKS = "A23456789TJQ"


def board(cards: dict) -> str:
    """Compact text from {place: card}; unlisted places are gaps."""
    return "; ".join(f"place[{p}]: {c}" for p, c in sorted(cards.items()))


def into(g, gap: int) -> set:
    return {m for m in notations(g) if m.endswith(f">place[{gap}]")}


def mv(card: str, src: int, dst: int) -> str:
    return f"{card}@place[{src}]>place[{dst}]"


def gaps(g) -> list:
    return [p for p in range(54) if not pile(g, f"place[{p}]")]


def run(suit: str) -> list:
    return [r + suit for r in RANKS]


# -- geometry: the ring -----------------------------------------------------------------


def test_ring_neighbours_wrap():
    lay = rulesdsl.load("maze").layout
    p = lay.pile
    assert lay.next[p("place[53]")] == p("place[0]") and lay.prev[p("place[0]")] == p("place[53]")
    assert lay.next[p("place[8]")] == p("place[9]") and lay.prev[p("place[9]")] == p("place[8]")
    assert lay.next[p("place[26]")] == p("place[27]")
    assert all(not c for c in lay.covers)  # rows do not overlap


def test_variant_file_is_clean():
    assert [d for d in rulesdsl.check("variants/maze.yaml") if d.severity == "error"] == []


# -- 1. same suit one higher after the card on the left ------------------------------------


def test_1_successor_of_the_left_card():
    g = game("maze", board({7: "4H", 30: "5H", 40: "6H", 45: "5D"}))
    assert into(g, 8) == {mv("5H", 30, 8)}
    # every legal move: 5H after 4H, 6H after 5H (31), 4H before 5H (29), 5H before 6H (39)
    assert notations(g) == {mv("5H", 30, 8), mv("6H", 40, 31), mv("4H", 7, 29), mv("5H", 30, 39)}
    for bad in (mv("6H", 40, 8), mv("5D", 45, 8)):
        with pytest.raises(MoveError):
            g.play(bad)
    g.play(mv("5H", 30, 8))
    assert pile(g, "place[8]") == ["5H"] and pile(g, "place[30]") == []
    assert notations(g) == {mv("6H", 40, 9), mv("5H", 8, 39)}


# -- 2. rows are continuous ----------------------------------------------------------------------


def test_2_first_place_of_a_row_follows_the_last_of_the_row_before():
    g = game("maze", board({9: "TC", 20: "9C"}))
    assert notations(g) == {mv("9C", 20, 8), mv("TC", 9, 21)}
    g.play(mv("9C", 20, 8))
    assert pile(g, "place[8]") == ["9C"] and pile(g, "place[9]") == ["TC"]


# -- 3. the ring closes --------------------------------------------------------------------------


def test_3_place_0_follows_place_53():
    g = game("maze", board({53: "JC", 30: "QC"}))
    assert notations(g) == {mv("QC", 30, 0), mv("JC", 53, 29)}
    g.play(mv("QC", 30, 0))
    assert pile(g, "place[0]") == ["QC"]


def test_3_place_53_precedes_place_0():
    g = game("maze", board({0: "2D", 30: "AD"}))
    assert notations(g) == {mv("AD", 30, 53), mv("2D", 0, 31)}
    g.play(mv("AD", 30, 53))
    assert pile(g, "place[53]") == ["AD"] and pile(g, "place[30]") == []


# -- 4. an ace after a queen; a card before its successor ----------------------------------------


def test_4_after_a_queen_any_ace_before_5c_the_4c():
    g = game("maze", board({19: "QH", 21: "5C", 40: "AS", 44: "AD", 47: "4C", 50: "6C"}))
    assert into(g, 20) == {mv("AS", 40, 20), mv("AD", 44, 20), mv("4C", 47, 20)}
    with pytest.raises(MoveError):
        g.play(mv("6C", 50, 20))
    g.play(mv("AD", 44, 20))
    assert [pile(g, f"place[{p}]") for p in (19, 20, 21)] == [["QH"], ["AD"], ["5C"]]


# -- 5. only the queen of the left card's suit ---------------------------------------------------------


def test_5_left_jack_of_diamonds_right_ace_of_clubs():
    g = game("maze", board({19: "JD", 21: "AC", 30: "QD", 33: "QC", 36: "QS"}))
    assert into(g, 20) == {mv("QD", 30, 20)}
    for bad in (mv("QC", 33, 20), mv("QS", 36, 20)):
        with pytest.raises(MoveError):
            g.play(bad)


# -- 6. gaps give nothing ---------------------------------------------------------------------------


def test_6_nothing_fills_a_gap_left_of_an_ace_after_a_gap():
    cards = {21: "AC", 0: "2C", 2: "QS", 4: "AS", 40: "2S", 42: "QC", 45: "AH"}
    g = game("maze", board(cards))
    assert into(g, 20) == set()
    assert into(g, 30) == set()  # 29 and 31 are both gaps
    assert all(
        into(g, gp) == set()
        for gp in gaps(g)
        if not pile(g, f"place[{(gp - 1) % 54}]") and not pile(g, f"place[{(gp + 1) % 54}]")
    )


def test_6_a_card_is_never_its_own_neighbour():
    # judged with the card lifted: 2S leaves a gap at 21, so it cannot anchor itself at 22
    g = game("maze", board({21: "2S", 23: "4S", 30: "3S"}))
    assert into(g, 22) == {mv("3S", 30, 22)}
    assert mv("2S", 21, 22) not in notations(g)


# -- 7. occupied places take nothing -------------------------------------------------------------------


def test_7_no_card_into_an_occupied_place():
    g = game("maze", board({7: "4H", 8: "9C", 30: "5H"}))
    with pytest.raises(MoveError):
        g.play(mv("5H", 30, 8))
    assert into(g, 8) == set()


# -- 8. the deal --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_8_deal(seed):
    g = rulesdsl.load("maze").new_game(seed)
    cards = [pile(g, f"place[{p}]") for p in range(54)]
    assert sum(len(c) for c in cards) == 48
    assert all(len(c) <= 1 for c in cards)
    assert len(gaps(g)) == 6 and {8, 17} <= set(gaps(g))
    assert not any(c and c[0].startswith("K") for c in cards)
    assert len({c[0] for c in cards if c}) == 48


# -- 9-12. winning and progress -------------------------------------------------------------------------


def solved(order=("S", "H", "D", "C")) -> list:
    return [c for s in order for c in run(s)]


def test_9_solved_with_the_gaps_at_the_end():
    g = game("maze", board(dict(enumerate(solved()))))
    assert g.won and g.over and g.score == 48


def test_10_gaps_anywhere():
    seq = solved()
    places = [p for p in range(54) if p != 5][:48]  # a gap at 5, the others at the end
    g = game("maze", board(dict(zip(places, seq))))
    assert gaps(g) == [5, 49, 50, 51, 52, 53]
    assert g.won and g.score == 48


def test_11_rotated_runs_do_not_win():
    seq = solved()
    seq = seq[6:] + seq[:6]  # 7S stands at place 0
    g = game("maze", board(dict(enumerate(seq))))
    assert pile(g, "place[0]") == ["7S"]
    assert not g.won
    assert g.score == 47  # only the first card is out of place


def test_12_queen_of_hearts_then_two_of_clubs():
    seq = {}
    seq.update(enumerate(run("S") + run("H")))  # 0-23
    seq.update(zip(range(26, 37), run("C")[1:]))  # 2C..QC at 26-36, gaps at 24 and 25
    seq.update(zip(range(37, 49), run("D")))  # AD..QD at 37-48
    seq[49] = "AC"
    g = game("maze", board(seq))
    assert len(seq) == 48 and not g.won
    assert g.score == 47  # QH -> 2C is the one wrong step


def test_progress_of_a_deal():
    g = rulesdsl.load("maze").new_game(1)
    # reading seed 1: starts with 7H (no point); 6S-7S and TC-JC follow correctly
    assert g.score == 2 and not g.won


# -- perft and a playout -----------------------------------------------------------------------------


def test_perft_seed_1_depth_1_checked_by_hand():
    g = rulesdsl.load("maze").new_game(1)
    assert gaps(g) == [8, 12, 17, 23, 24, 37]
    # 8: after 6H, before 9C; 12: after 5H, before 3S; 17: after 5D, before 7D;
    # 23: after 6C (24 is a gap); 24: before TD (23 is a gap); 37: after AD, before 6D
    assert notations(g) == {
        mv("7H", 0, 8),
        mv("8C", 29, 8),
        mv("6H", 7, 12),
        mv("2S", 20, 12),
        mv("6D", 38, 17),
        mv("7C", 53, 23),
        mv("9D", 52, 24),
        mv("2D", 47, 37),
        mv("5D", 16, 37),
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_keeps_48_cards_and_6_gaps(seed):
    g = rulesdsl.load("maze").new_game(seed)
    start = g.state.copy()
    rng = random.Random(seed)
    played = 0
    for _ in range(150):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
        played += 1
        assert g.state.card_count() == 48
        assert len(gaps(g)) == 6
        assert 0 <= g.score <= 48
    assert played > 10
    for _ in range(played):
        g.undo()
    assert g.state == start


# -- added by mutation testing of variants/maze.yaml ----------------------------------------------


def test_same_suit_out_of_order_does_not_win():
    seq = solved()
    seq[1], seq[2] = seq[2], seq[1]  # AS 3S 2S 4S ...: same suit, wrong ranks
    g = game("maze", board(dict(enumerate(seq))))
    assert not g.won
    assert g.score == 45
